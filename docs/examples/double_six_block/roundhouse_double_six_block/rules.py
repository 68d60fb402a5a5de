"""Double-six block, the rules engine (rule text clauses BLK.1-BLK.7).

Built on :class:`roundhouse.core.game.state.TableState`, the core's bookkeeping for seat-based
tile games: the session, bots, records and front ends drive it without
knowing anything else.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import Action, Draw, OpenDouble, Pass, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Deal, Dealer, TableState
from roundhouse.core.game.tiles import Tile, double_set, pip_total
from roundhouse.core.game.views import LineView, PlayerView

LEFT, RIGHT = "left", "right"
LINES = (LEFT, RIGHT)
"""The two lines of play, growing each way from the lead tile (BLK.4)."""

OPEN, PLAY, OVER = "open", "normal", "match_over"
"""Phases: the leader must lay the lead double, then turns, then the match is over."""


def lightest(pips: dict[int, int]) -> int | None:
    """BLK.6b: the single seat with the fewest pips, or ``None`` when several tie."""
    low = min(pips.values())
    seats = [seat for seat, value in pips.items() if value == low]
    return seats[0] if len(seats) == 1 else None


class BlockState(TableState):
    """One match of double-six block, round after round up to the target (BLK.7).

    Seats are 1..n and play goes clockwise (seat ``s`` then ``s + 1``).
    The tiles left after the deal are set aside and never used (BLK.2).
    """

    variant_id = "double-six-block"

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        super().__init__(players, params, names, dealer)
        self.hand_size = params["hand_size"]
        self.target = params["target"]
        self.tiles = double_set(6)
        self.phase = OPEN

    # ----------------------------------------------------------- helpers
    def next_seat(self, seat: int) -> int:
        """Clockwise next (BLK.4)."""
        return seat % self.players + 1

    # ------------------------------------------------------------ rounds
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        """Deal (again while no hand holds a double, BLK.3) and find the leader."""
        self._open_round(round_number)
        self.lead, self.leader = self._deal_until_a_double(
            deal, out, self.tiles, self.hand_size, "no double in any hand"
        )
        self.centre: Tile | None = None
        self.lines: dict[str, list[Tile]] = {line: [] for line in LINES}
        self.ends: dict[str, int] = {}
        self.phase = OPEN
        self.current = self.leader

    def _end_round(self, reason: str, out: list[Event]) -> None:
        """BLK.6 scoring, then BLK.7: the match ends once someone reaches the target."""
        pips = {s: pip_total(self.hands[s]) for s in self.seats}
        points = {s: 0 for s in self.seats}
        winner = self.current if reason == "out" else lightest(pips)
        if winner is not None:  # the others' pips minus the winner's own (none left when out)
            points[winner] = sum(value for seat, value in pips.items() if seat != winner) - pips[winner]
        for seat, value in points.items():
            self.scores[seat] += value
        self._emit(
            out, "round_end", round=self.round, reason=reason, hands=self.hands, points=points, totals=self.scores
        )
        if winner is not None and self.scores[winner] >= self.target:
            self.winning_seats = [winner]
            self.over = True
            self.phase = OVER
            self._emit(out, "match_end", winners=self.winning_seats, totals=self.scores)
        else:
            self._next_round(out)

    # ------------------------------------------------------ legal moves
    def _plays(self, seat: int) -> list[Action]:
        return [Play(t, line) for t in sorted(self.hands[seat]) for line in LINES if t.has(self.ends[line])]

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == OPEN:
            return [OpenDouble(self.lead)]
        return self._plays(self.current) or [Pass()]

    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause)."""
        if self.phase == OVER:
            return "the match is over", "BLK.7"
        name = self.names[self.current - 1]
        if self.phase == OPEN:
            return f"{name} must first lead the highest double {self.lead}", "BLK.3"
        if isinstance(action, OpenDouble):
            return "the round is already open", "BLK.3"
        if isinstance(action, Draw):
            return "nobody draws in block: the other tiles are set aside", "BLK.2"
        if isinstance(action, Pass):
            return "you have a legal play, so you must play", "BLK.5"
        if isinstance(action, Play):
            if action.line not in LINES:
                return f"there is no line {action.line!r}; the lines are 'left' and 'right'", "BLK.4"
            if action.tile not in self.hands[self.current]:
                return f"you do not hold {action.tile}", "BLK.5"
            return f"{action.tile} does not match the {action.line} end {self.ends[action.line]}", "BLK.5"
        return f"{action} is not an action of this game", "BLK.5"

    def pass_reason(self) -> str | None:
        if self.phase != PLAY or self.legal_actions() != [Pass()]:
            return None
        left, right = self.ends[LEFT], self.ends[RIGHT]
        return f"{self.names[self.current - 1]} has no tile matching {left} or {right} and passes (BLK.5)"

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        self.check(action)
        self._legal = None
        out: list[Event] = []
        seat = self.current
        if isinstance(action, OpenDouble):
            self.hands[seat].remove(action.tile)
            self.centre = action.tile
            self.ends = {line: action.tile.a for line in LINES}
            self.phase = PLAY
            self._emit(out, "open", seat=seat, tile=action.tile)
        elif isinstance(action, Play):
            self.hands[seat].remove(action.tile)
            self.lines[action.line].append(action.tile)
            self.ends[action.line] = action.tile.other(self.ends[action.line])
            self._emit(out, "play", seat=seat, tile=action.tile, line=action.line, end=self.ends[action.line])
        else:
            self._emit(out, "pass", seat=seat)
        if not self.hands[seat]:
            self._end_round("out", out)
        elif self._blocked():
            self._end_round("blocked", out)
        else:
            self.current = self.next_seat(seat)
        return out

    def _blocked(self) -> bool:
        """BLK.6: no tile in any hand matches either end."""
        ends = set(self.ends.values())
        return not any(t.a in ends or t.b in ends for s in self.seats for t in self.hands[s])

    # ------------------------------------------------------------ reading
    def view(self, seat: int | None) -> PlayerView:
        """DX.4: own hand, the two lines, hand counts and scores; never other hands or set-aside tiles."""
        lines = (
            tuple(LineView(line, None, tuple(self.lines[line]), self.ends[line], True) for line in LINES)
            if self.centre is not None
            else ()
        )
        return self._view(
            seat,
            rounds=None,
            phase=self.phase,
            stock_count=0,
            centre=self.centre,
            lines=lines,
            owed=(),
            extra=MappingProxyType({"target": self.target, "leader": self.leader, "set_aside": len(self.deal.stock)}),
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "leader": self.leader,
            "hands": {s: sorted(h) for s, h in self.hands.items()},
            "set_aside": sorted(self.deal.stock),
            "lines": {k: list(v) for k, v in self.lines.items()},
            "ends": dict(self.ends),
            "centre": self.centre,
            "totals": dict(self.scores),
            "winners": list(self.winning_seats),
        }
