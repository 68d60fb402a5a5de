"""All Fives (Muggins), the rules engine (rule text clauses AF.1-AF.9).

Built on :class:`roundhouse.core.game.state.TableState`. Points come during
the hand as ``score`` events (``TableState._score``): whenever the open ends
add up to a multiple of five, for a domino and for a blocked hand. The
first player to reach the target wins at once, mid-hand if need be
(``round_end`` with the reason ``"target"``). The layout is a line of play
with a spinner (:mod:`.layout`), shown as a cross
(:class:`roundhouse.core.game.views.Spinner`) with the running count beside it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import Action, Draw, OpenDouble, Pass, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Deal, Dealer, TableState
from roundhouse.core.game.tiles import Tile, double_set, pip_total
from roundhouse.core.game.views import LineView, Phrase, PlayerView, Spinner

from .layout import ARMS, Layout, rounded_to_five

LEAD, PLAY, OVER = "open", "normal", "match_over"
"""Phases: the lead, the hand, the end of the match."""


class AllFivesState(TableState):
    """One match of All Fives: hands until a player reaches the target (AF.9).

    Seats are 1..n and play goes clockwise. The boneyard is the deal's
    stock, drawn from the front; its last ``boneyard_keep`` tiles are never drawn.
    """

    variant_id = "all-fives"

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        super().__init__(players, params, names, dealer)
        self.hand_size = params["hand_sizes"][players]
        self.keep = params["boneyard_keep"]
        self.target = params["target"]
        self.tiles = double_set(6)
        self.next_leader: int | None = None
        self.phase = LEAD

    def next_seat(self, seat: int) -> int:
        """Clockwise next."""
        return seat % self.players + 1

    # ------------------------------------------------------------ rounds
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        """AF.2-AF.3: deal; the first hand is led by the highest double, later ones by the last hand's winner."""
        self._open_round(round_number)
        if deal is None:
            deal = self.dealer.deal(round_number, self.tiles, self.players, self.hand_size)
        self.deal = deal
        self.hands = {s: list(deal.hands[s]) for s in self.seats}
        self._emit(out, "deal", round=round_number, hands=self.hands, stock=list(deal.stock))
        self.stock = list(deal.stock)
        self.layout: Layout | None = None
        self.round_points = {s: 0 for s in self.seats}
        self.phase = LEAD
        if self.next_leader is None or round_number == 1:
            self.leader, self.leads = self._first_lead()
        else:
            self.leader, self.leads = self.next_leader, sorted(self.hands[self.next_leader])
        self.current = self.leader

    def _first_lead(self) -> tuple[int, list[Tile]]:
        """AF.3: the holder of the highest double (else of the heaviest tile) leads it, or any tile."""
        held = [(t.is_double, t.pips, t, s) for s in self.seats for t in self.hands[s]]
        _, _, tile, seat = max(held)
        if self.params["first_lead"] == "any":
            return seat, sorted(self.hands[seat])
        return seat, [tile]

    # ------------------------------------------------------ legal moves
    def _plays(self, seat: int) -> list[Action]:
        if self.layout is None:
            return []
        return [Play(t, line) for t in sorted(self.hands[seat]) for line in self.layout.fits(t)]

    def _can_draw(self) -> bool:
        """AF.6: tiles may be drawn while more than ``boneyard_keep`` are left."""
        return len(self.stock) > self.keep

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == LEAD:
            return [OpenDouble(t) for t in self.leads]
        plays = self._plays(self.current)
        if plays:
            return plays
        return [Draw()] if self._can_draw() else [Pass()]

    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause)."""
        if self.phase == OVER:
            return "the match is over", "AF.9"
        if self.phase == LEAD:
            if len(self.leads) == 1:
                return f"{self.names[self.current - 1]} must lead {self.leads[0]}", "AF.3"
            return "lead a tile from your hand", "AF.3"
        legal = self.legal_actions()
        if isinstance(action, OpenDouble):
            return "the hand has already been led", "AF.3"
        if isinstance(action, Draw):
            if any(isinstance(a, Play) for a in legal):
                return "you can play, so you may not draw", "AF.6"
            return f"the last {self.keep} tiles of the boneyard are never drawn", "AF.6"
        if isinstance(action, Pass):
            return "you can still play or draw, so you may not pass", "AF.6"
        if isinstance(action, Play):
            if action.tile not in self.hands[self.current]:
                return f"you do not hold {action.tile}", "AF.6"
            if action.line not in self.layout.places():
                if action.line in ARMS:
                    return "the spinner's sides open once both its long sides are covered", "AF.4"
                return f"there is no line {action.line!r}", "AF.4"
            return f"{action.tile} does not match the end {self.layout.end(action.line)}", "AF.6"
        return f"{action} is not an action of this game", "AF.6"

    def pass_reason(self) -> str | None:
        if self.phase != PLAY or self.legal_actions() != [Pass()]:
            return None
        return f"{self.names[self.current - 1]} cannot play and may not draw, so passes (AF.6)"

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        self.check(action)
        self._legal = None
        out: list[Event] = []
        seat = self.current
        if isinstance(action, Draw):
            tile = self.stock.pop(0)
            self.hands[seat].append(tile)
            self._emit(out, "draw", seat=seat, tile=tile, why="play")
            return out
        if isinstance(action, OpenDouble):
            self.hands[seat].remove(action.tile)
            self.layout = Layout.lead(action.tile)
            self.phase = PLAY
            self._emit(out, "open", seat=seat, tile=action.tile)
        elif isinstance(action, Play):
            self.hands[seat].remove(action.tile)
            self.layout = self.layout.play(action.tile, action.line)
            self._emit(out, "play", seat=seat, tile=action.tile, line=action.line, end=self.layout.end(action.line))
        else:
            self._emit(out, "pass", seat=seat)
        if not isinstance(action, Pass) and self._score_ends(seat, out):
            return out
        if not self.hands[seat]:
            self._domino(seat, out)
        elif self._blocked():
            self._block(out)
        else:
            self.current = self.next_seat(seat)
        return out

    def _gain(self, seat: int, points: int, reason: str, out: list[Event], **values: Any) -> bool:
        """Score ``points`` for ``seat``; True when that wins the match (AF.9)."""
        self._score(out, seat, points, reason, **values)
        self.round_points[seat] += points
        return self.scores[seat] >= self.target

    def _score_ends(self, seat: int, out: list[Event]) -> bool:
        """AF.5: a multiple of five on the open ends scores it; True when the match is won, mid-hand (AF.9)."""
        count = self.layout.count()
        if count and count % 5 == 0 and self._gain(seat, count, "score.ends", out, count=count):
            self._end_round("target", out)
            return True
        return False

    def _domino(self, seat: int, out: list[Event]) -> None:
        """AF.7: the player out scores the others' pips, rounded to five, and leads the next hand."""
        pips = sum(pip_total(self.hands[s]) for s in self.seats if s != seat)
        points = rounded_to_five(pips)
        if points:
            self._gain(seat, points, "score.domino", out, pips=pips)
        self.next_leader = seat
        self._end_round("out", out)

    def _blocked(self) -> bool:
        """AF.8: nobody can play and nobody may draw."""
        if self._can_draw():
            return False
        return not any(self.layout.fits(t) for s in self.seats for t in self.hands[s])

    def _block(self, out: list[Event]) -> None:
        """AF.8: the lowest hand scores the others' pips less its own, rounded to five; a tie scores nothing."""
        pips = {s: pip_total(self.hands[s]) for s in self.seats}
        low = min(pips.values())
        lowest = [s for s in self.seats if pips[s] == low]
        if len(lowest) == 1:
            seat = lowest[0]
            points = rounded_to_five(sum(pips.values()) - low - low)
            if points:
                self._gain(seat, points, "score.blocked", out, pips=sum(pips.values()) - low, own=low)
            self.next_leader = seat
        else:
            self.next_leader = self.leader
        self._end_round("blocked", out)

    def _end_round(self, reason: str, out: list[Event]) -> None:
        """``round_end`` with this hand's gains; the match ends once someone reached the target (AF.9)."""
        self._emit(
            out,
            "round_end",
            round=self.round,
            reason=reason,
            hands=self.hands,
            points=self.round_points,
            totals=self.scores,
        )
        best = max(self.scores.values())
        if best >= self.target:
            self.winning_seats = [s for s in self.seats if self.scores[s] == best]
            self.over = True
            self.phase = OVER
            self._emit(out, "match_end", winners=self.winning_seats, totals=self.scores)
        else:
            self._next_round(out)

    # ------------------------------------------------------------ reading
    def _line_views(self) -> tuple[LineView, ...]:
        if self.layout is None:
            return ()
        places = set(self.layout.places()) if self.phase == PLAY else set()
        shown = [line for line in ARMS if line in self.layout.lines or line in places]
        return tuple(
            LineView(
                line,
                None,
                self.layout.tiles(line),
                self.layout.end(line),
                line in places,
                label=f"line.{line}",
            )
            for line in shown
        )

    def view(self, seat: int | None) -> PlayerView:
        """DX.4: own hand, the layout, hand counts, stock size and totals; never other hands or the stock."""
        lines = self._line_views()
        layout = self.layout
        spinner = None
        if layout is not None and layout.spinner:
            spinner = Spinner(layout.centre, tuple(line.id for line in lines))
        count = None if layout is None else Phrase("count.ends", MappingProxyType({"count": layout.count()}))
        return self._view(
            seat,
            rounds=None,
            phase=self.phase,
            stock_count=len(self.stock),
            centre=None if layout is None else layout.centre,
            lines=lines,
            owed=(),
            extra=MappingProxyType({"leader": self.leader}),
            goal=Phrase("goal.target", MappingProxyType({"target": self.target})),
            count=count,
            spinner=spinner,
        )

    def snapshot(self) -> dict[str, Any]:
        layout = self.layout
        return {
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "leader": self.leader,
            "hands": {s: sorted(h) for s, h in self.hands.items()},
            "stock": list(self.stock),
            "centre": None if layout is None else layout.centre,
            "lines": {} if layout is None else {k: (list(v), layout.end(k)) for k, v in layout.lines.items()},
            "round_points": dict(self.round_points),
            "totals": dict(self.scores),
            "winners": list(self.winning_seats),
        }
