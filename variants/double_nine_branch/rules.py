"""Double-Nine Branch rules engine, Pagat version: RULES.md DB.1-DB.11."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import PASS, PLAYS, Action, Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.events import OPEN_LINE, PASS_LINE, PLAY_LINE, Event
from roundhouse.core.game.state import Deal, Dealer, TableState
from roundhouse.core.game.tiles import Tile, double_set, pip_total
from roundhouse.core.game.views import LineView, PlayerView
from roundhouse.core.text.notices import Notice, with_clause

OPEN, PLAY, OVER = "open", "play", "match_over"
"""Phases: the opener lays the centre double, normal turns, the match has ended."""

DIRECTIONS = ("counterclockwise", "clockwise")
"""Allowed directions of play; DB.3 is counterclockwise, clockwise is a house option."""

REDEAL_REASON = "no_double"
"""The ``reason`` of a ``redeal`` event: no hand holds a double (DB.4, DB.5d)."""


class DoubleNineBranchState(TableState):
    """One Double-Nine Branch match: rounds until a total reaches the target (DB.11).

    Seats are 1..n clockwise; play goes counterclockwise (DB.3). Every seat
    owns one branch keyed by its seat number. ``open_order`` lists the open
    branches, opened earliest first (DB.8). The set-aside tiles of a deal are
    kept but never shown (DB.2, DX.3).
    """

    variant_id = "double-nine-branch"

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        super().__init__(players, params, names, dealer)
        self.tiles = double_set(params["set_size"])
        self.hand_size = params["hand_size"]
        self.target = params["target"]
        self.step = -1 if params["direction"] == "counterclockwise" else 1
        self.search_start: int | None = None

    @classmethod
    def from_view(
        cls, view: PlayerView, params: dict[str, Any], hands: Mapping[int, Sequence[Tile]], stock: Sequence[Tile]
    ) -> DoubleNineBranchState:
        """The position of ``view`` with the other hands and the set-aside tiles as given.

        Every public fact comes from the view: branches, their opening order,
        the opener, totals. After round 1 the opener may choose among its
        doubles (DB.5). The result deals no further round (a search plays it
        to the round's end).
        """
        state = cls._from_view_table(view, params)
        seat = view.seat
        state._set_up(Deal({s: tuple(view.hand) if s == seat else tuple(hands[s]) for s in state.seats}, tuple(stock)))
        for line in view.lines:
            state.branches[int(line.id)] = list(line.tiles)
            state.ends[int(line.id)] = line.end
        state.open_order = list(view.extra["open_order"])
        state.centre = view.centre
        state.opener = view.extra["opener"]
        state.search_start = None if view.round == 1 else state.opener
        state.phase = view.phase
        state.current = view.to_move
        return state

    # ----------------------------------------------------------- helpers
    def next_seat(self, seat: int) -> int:
        """The next player in the direction of play (DB.3: counterclockwise, ``seat - 1``)."""
        return (seat - 1 + self.step) % self.players + 1

    def doubles_of(self, seat: int) -> list[Tile]:
        """The doubles in ``seat``'s hand, highest first."""
        return sorted((t for t in self.hands[seat] if t.is_double), reverse=True)

    # ------------------------------------------------------------ rounds
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        """Deal (again while no hand holds a double, DB.4/DB.5d) and find the opener."""
        self.round = round_number
        self.round_start_totals = dict(self.scores)
        self.public_log = []
        while True:
            if deal is None:
                deal = self.dealer.deal(round_number, self.tiles, self.players, self.hand_size)
            self._set_up(deal)
            self._emit(out, "deal", round=round_number, hands=self.hands, stock=list(deal.stock))
            if any(self.doubles_of(s) for s in self.seats):
                break
            self._emit(out, "redeal", round=round_number, reason=REDEAL_REASON)
            deal = None
        self.opener = self._find_opener()
        self.current = self.opener
        self.phase = OPEN

    def _set_up(self, deal: Deal) -> None:
        self.deal = deal
        self.hands = {s: list(deal.hands[s]) for s in self.seats}
        self.set_aside = list(deal.stock)
        self.branches: dict[int, list[Tile]] = {s: [] for s in self.seats}
        self.ends: dict[int, int] = {}
        self.open_order: list[int] = []
        self.centre: Tile | None = None
        self._legal = None

    def _find_opener(self) -> int:
        """DB.4: holder of the highest double; DB.5: first holder of a double from the search start."""
        if self.search_start is None:
            highest = max(t for s in self.seats for t in self.hands[s] if t.is_double)
            return next(s for s in self.seats if highest in self.hands[s])
        seat = self.search_start
        while not self.doubles_of(seat):
            seat = self.next_seat(seat)
        return seat

    def opening_choices(self) -> list[Tile]:
        """The doubles the opener may lay: only the highest in round 1 (DB.4), any own double later (DB.5)."""
        doubles = self.doubles_of(self.opener)
        return doubles[:1] if self.search_start is None else doubles

    def _end_round(self, reason: str, out: list[Event]) -> None:
        """DB.10 scoring, then DB.11 match end or the next round."""
        pips = {s: pip_total(self.hands[s]) for s in self.seats}
        winner: int | None
        if reason == "out":
            winner = self.current
            gained = sum(pips[s] for s in self.seats if s != winner)
        else:
            low = min(pips.values())
            lowest = [s for s in self.seats if pips[s] == low]
            winner = lowest[0] if len(lowest) == 1 else None
            gained = sum(pips.values())
        points = {s: gained if s == winner else 0 for s in self.seats}
        if winner is not None:
            self.scores[winner] += gained
        self._emit(
            out, "round_end", round=self.round, reason=reason, hands=self.hands, points=points, totals=self.scores
        )
        reached = [s for s in self.seats if self.scores[s] >= self.target]
        if reached:
            self.winning_seats = reached
            self.over = True
            self.phase = OVER
            self._legal = None
            self._emit(out, "match_end", winners=self.winning_seats, totals=self.scores)
            return
        self.search_start = winner if winner is not None else self.next_seat(self.opener)
        self._next_round(out)

    # ------------------------------------------------------ legal moves
    def plays_for(self, seat: int) -> list[Play]:
        """DB.7: every legal play of ``seat``, tiles in order, then branches in seat order."""
        ends = self.ends
        priority: dict[int, int] = {}
        for owner in self.open_order:
            if owner != seat:
                priority.setdefault(ends[owner], owner)
        targets = []  # (line, its end, doubles only), in seat order
        for line in self.seats:
            end = ends[line]
            if line == seat:
                targets.append((line, end, False))  # DB.7a, outside the priority
            elif line in self.open_order:
                if priority[end] == line:  # DB.7c and the priority, doubles included
                    targets.append((line, end, False))
            else:
                targets.append((line, end, True))  # DB.7b on a closed branch, outside the priority
        wanted = {end for _, end, _ in targets}
        return [
            PLAYS[line][tile]
            for tile in sorted(t for t in self.hands[seat] if t[0] in wanted or t[1] in wanted)
            for line, end, doubles_only in targets
            if end in tile and (tile[0] == tile[1] or not doubles_only)
        ]

    def _compute_legal(self) -> list[Action]:
        if self.over:
            return []
        if self.phase == OPEN:
            return [OpenDouble(t) for t in self.opening_choices()]
        plays: list[Action] = list(self.plays_for(self.current))
        return plays or [PASS]

    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause)."""
        if self.over:
            return Notice("rule.over"), "DB.11"
        name = self.names[self.current - 1]
        if isinstance(action, Draw):
            return Notice("rule.db.no_draw"), "DB.2"
        if isinstance(action, PlaceEngine):
            return Notice("rule.db.no_engine"), "DB.6"
        if isinstance(action, EndTurn):
            return Notice("rule.db.one_tile"), "DB.7"
        if self.phase == OPEN:
            return self._opening_refusal(action, name)
        if isinstance(action, OpenDouble):
            return Notice("rule.db.already_open", tile=self.centre), "DB.6"
        if isinstance(action, Pass):
            return Notice("rule.must_play"), "DB.8a"
        if isinstance(action, Play):
            return self._play_refusal(action)
        return Notice("rule.unknown_action", action=action), "DB.7"

    def _opening_refusal(self, action: Action, name: str) -> tuple[str, str]:
        choices = self.opening_choices()
        if self.search_start is None:
            return Notice("rule.db.open_highest", player=name, tile=choices[0]), "DB.4"
        listed = ", ".join(str(t) for t in choices)
        return Notice("rule.db.open_own", player=name, tiles=listed), "DB.5"

    def _play_refusal(self, action: Play) -> tuple[str, str]:
        seat, tile, line = self.current, action.tile, action.line
        if not isinstance(line, int) or line not in self.branches:
            return Notice("rule.db.no_branch", line=repr(line)), "DB.6"
        if tile not in self.hands[seat]:
            return Notice("rule.not_held", tile=tile), "DB.7"
        end = self.ends[line]
        if not tile.has(end):
            return Notice("rule.mismatch", tile=tile, end=end, line=self.branch_name(line)), "DB.7"
        if line not in self.open_order:
            return Notice("rule.db.closed", line=self.branch_name(line)), "DB.7c"
        first = next(s for s in self.open_order if s != seat and self.ends[s] == end)
        return Notice("rule.db.priority", end=end, line=self.branch_name(first)), "DB.7"

    def branch_name(self, line: int) -> Notice:
        """Words for a branch: "Ana's branch"."""
        return Notice("log.line.owned.double-nine-branch", owner=self.names[line - 1])

    def pass_reason(self) -> str | None:
        if self.over or self.phase != PLAY or self.legal_actions() != [PASS]:
            return None
        stays = self.current in self.open_order
        return with_clause(Notice("rule.db.pass.stays_open" if stays else "rule.db.pass.opens"), "DB.8a")

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        self.check(action)
        return self.apply_choice(action)

    def apply_choice(self, action: Action) -> list[Event]:
        """Apply one of this position's legal action objects (not checked again)."""
        out: list[Event] = []
        self._legal = None
        seat = self.current
        if isinstance(action, OpenDouble):
            self.hands[seat].remove(action.tile)
            self.centre = action.tile
            self.ends = {s: action.tile.a for s in self.seats}
            self.phase = PLAY
            self._emit_simple(out, OPEN_LINE, seat, action.tile)
        elif isinstance(action, Pass):
            if seat not in self.open_order:
                self.open_order.append(seat)
            self._emit_simple(out, PASS_LINE, seat)
        else:
            assert isinstance(action, Play)
            self._lay(seat, action, out)
            if not self.hands[seat]:
                self._end_round("out", out)
                return out
        following = self.next_seat(seat)
        plays = self.plays_for(following)
        if plays:  # someone can play: not blocked (DB.10b), and the next position's actions are known
            self.current, self._legal = following, tuple(plays)
        elif self._blocked():
            self._end_round("blocked", out)
        else:
            self.current, self._legal = following, (PASS,)
        return out

    def _lay(self, seat: int, action: Play, out: list[Event]) -> None:
        """DB.7, DB.9: the tile extends the branch; a play by the owner closes their branch (DB.8c)."""
        tile, line = action.tile, action.line
        self.hands[seat].remove(tile)
        self.branches[line].append(tile)
        low, high = tile
        end = high if low == self.ends[line] else low
        self.ends[line] = end
        if seat in self.open_order:
            self.open_order.remove(seat)
        self._emit_simple(out, PLAY_LINE, seat, tile, line, end)

    def _blocked(self) -> bool:
        """DB.10b: no tile in any hand matches the end of any branch."""
        ends = set(self.ends.values())
        return not any(t[0] in ends or t[1] in ends for s in self.seats for t in self.hands[s])

    # ------------------------------------------------------------ reading
    def view(self, seat: int | None) -> PlayerView:
        """DX.4: own hand, branches with their opening order, counts, scores; never set-aside tiles.

        Branches exist once the opening double lies in the centre; before that ``lines`` is empty.
        """
        lines = tuple(
            LineView(
                s,
                s,
                tuple(self.branches[s]),
                self.ends[s],
                s in self.open_order,
                self.open_order.index(s) + 1 if s in self.open_order else None,
            )
            for s in self.seats
            if s in self.ends
        )
        return self._view(
            seat,
            rounds=None,
            phase=self.phase,
            stock_count=0,
            centre=self.centre,
            lines=lines,
            owed=(),
            extra=MappingProxyType(
                {
                    "set_aside_count": len(self.set_aside),
                    "open_order": tuple(self.open_order),
                    "opener": self.opener,
                    "target": self.target,
                    "direction": self.params["direction"],
                }
            ),
        )

    def clone(self) -> DoubleNineBranchState:
        """An independent copy: containers copied one level deep (tiles and events are immutable)."""
        if not self.round:
            return super().clone()
        other = self._clone_table()
        other.hands = {seat: list(hand) for seat, hand in self.hands.items()}
        other.set_aside = list(self.set_aside)
        other.branches = {seat: list(tiles) for seat, tiles in self.branches.items()}
        other.ends = dict(self.ends)
        other.open_order = list(self.open_order)
        return other

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "opener": self.opener,
            "search_start": self.search_start,
            "hands": {s: sorted(h) for s, h in self.hands.items()},
            "set_aside": sorted(self.set_aside),
            "branches": {s: list(b) for s, b in self.branches.items()},
            "ends": dict(self.ends),
            "open_order": list(self.open_order),
            "centre": self.centre,
            "totals": dict(self.scores),
            "round_start_totals": dict(self.round_start_totals),
            "over": self.over,
            "winners": list(self.winning_seats),
        }
