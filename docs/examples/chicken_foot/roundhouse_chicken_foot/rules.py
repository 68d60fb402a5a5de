"""Chicken Foot, the rules engine (rule text clauses CF.1-CF.8).

Built on :class:`roundhouse.core.game.state.TableState`. The layout is a tree: six arms
grow from the centre double, and every later double closes its line and
sprouts three toes (a "chicken foot"). The view describes it with the
branching fields of :class:`roundhouse.core.game.views.LineView` (``parent``, ``anchor``,
``closed``, ``label``) and the duties with :class:`roundhouse.core.game.views.Obligation`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import Action, Draw, OpenDouble, Pass, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Deal, Dealer, TableState
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.game.views import LineView, Obligation, PlayerView

ARMS = tuple(f"arm{n}" for n in range(1, 7))
"""The six lines around the centre double (CF.4)."""

TOES = 3
"""Tiles a later double takes, one per toe, before play goes elsewhere (CF.5)."""

OPEN, CENTRE, PLAY, OVER = "open", "centre", "normal", "match_over"
"""Phases: the opening double, filling the six arms, free play, the end of the match."""

REDEAL_REASON = "no double in any hand"
"""The ``reason`` of a ``redeal`` event (CF.3)."""

DOUBLE_ZERO_PENALTY = 50
"""CF.8: the 0-0 left in a hand counts 50, not 0."""


def penalty(hand: list[Tile]) -> int:
    """CF.8: the pips of a hand, with 0-0 worth 50."""
    return sum(DOUBLE_ZERO_PENALTY if tile == Tile(0, 0) else tile.pips for tile in hand)


def toe_id(double: Tile, number: int) -> str:
    """The id of toe ``number`` (1-3) of ``double``: ``"foot5-2"`` (each double exists once)."""
    return f"foot{double.a}-{number}"


@dataclass
class Branch:
    """One line of the layout: its tiles, open end and where it hangs."""

    tiles: list[Tile]
    end: int
    parent: str | None = None
    anchor: Tile | None = None
    closed: bool = False


class ChickenFootState(TableState):
    """One match of Chicken Foot: a fixed number of rounds, lowest total wins (CF.8).

    Seats are 1..n and play goes clockwise. The boneyard is the deal's
    stock, drawn from the front.
    """

    variant_id = "chicken-foot"

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        super().__init__(players, params, names, dealer)
        self.hand_size = params["hand_sizes"][players]
        self.rounds = params["rounds"]
        self.tiles = double_set(9)
        self.phase = OPEN

    def next_seat(self, seat: int) -> int:
        """Clockwise next."""
        return seat % self.players + 1

    # ------------------------------------------------------------ rounds
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        """CF.2-CF.3: deal (again while no hand holds a double); the highest double opens."""
        self._open_round(round_number)
        self.lead, self.leader = self._deal_until_a_double(deal, out, self.tiles, self.hand_size, REDEAL_REASON)
        self.stock = list(self.deal.stock)
        self.centre: Tile | None = None
        self.branches: dict[str, Branch] = {}
        self.feet: list[Tile] = []
        self.drawn: Tile | None = None
        self.phase = OPEN
        self.current = self.leader

    def _end_round(self, reason: str, out: list[Event]) -> None:
        """CF.8: every hand's penalty is added to its own total; after the last round the lowest wins."""
        points = {s: penalty(self.hands[s]) for s in self.seats}
        if self._end_round_with_penalties(reason, points, out, self.rounds):
            self.phase = OVER

    # ------------------------------------------------------ legal moves
    def _open_feet(self) -> list[Tile]:
        """CF.5: doubles whose three toes are not all covered yet, oldest first."""
        return [d for d in self.feet if any(not self.branches[toe_id(d, n)].tiles for n in range(1, TOES + 1))]

    def places(self) -> list[str]:
        """Where a tile may go now: CF.4 the empty arms first, CF.5 then the empty toes, else every open end."""
        if self.phase == CENTRE:
            return [arm for arm in ARMS if not self.branches[arm].tiles]
        feet = self._open_feet()
        if feet:
            return [toe_id(d, n) for d in feet for n in range(1, TOES + 1) if not self.branches[toe_id(d, n)].tiles]
        return [line for line, branch in self.branches.items() if not branch.closed]

    def _plays(self, seat: int) -> list[Action]:
        places = self.places()
        return [Play(t, line) for t in sorted(self.hands[seat]) for line in places if t.has(self.branches[line].end)]

    def _compute_legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == OPEN:
            return [OpenDouble(self.lead)]
        plays = self._plays(self.current)
        if plays:
            return plays
        return [Draw()] if self.stock and self.drawn is None else [Pass()]

    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause)."""
        if self.phase == OVER:
            return "the match is over", "CF.8"
        name = self.names[self.current - 1]
        if self.phase == OPEN:
            return f"{name} must first lay the highest double {self.lead} in the centre", "CF.3"
        legal = self.legal_actions()
        if isinstance(action, OpenDouble):
            return "the centre double is already down", "CF.3"
        if isinstance(action, Draw):
            if any(isinstance(a, Play) for a in legal):
                return "you can play, so you may not draw", "CF.6"
            return "you have drawn your one tile this turn (or the boneyard is empty)", "CF.6"
        if isinstance(action, Pass):
            return "you can still play or draw, so you may not pass", "CF.6"
        if isinstance(action, Play):
            if action.tile not in self.hands[self.current]:
                return f"you do not hold {action.tile}", "CF.6"
            if action.line not in self.branches:
                return f"there is no line {action.line!r}", "CF.4"
            if action.line not in self.places():
                if self.phase == CENTRE:
                    return "the centre double takes a tile on each of its six arms first", "CF.4"
                if self._open_feet():
                    return "the newest doubles take three tiles on their toes first", "CF.5"
                return "that line is closed by a double", "CF.5"
            return f"{action.tile} does not match the end {self.branches[action.line].end}", "CF.6"
        return f"{action} is not an action of this game", "CF.6"

    def pass_reason(self) -> str | None:
        if self.phase not in (CENTRE, PLAY) or self.legal_actions() != [Pass()]:
            return None
        name = self.names[self.current - 1]
        if self.drawn is not None:
            return f"{name} drew {self.drawn}, which does not fit, and passes (CF.6)"
        return f"{name} cannot play and the boneyard is empty, so passes (CF.6)"

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        self.check(action)
        self._legal = None
        out: list[Event] = []
        seat = self.current
        if isinstance(action, OpenDouble):
            self._open(seat, action.tile, out)
        elif isinstance(action, Draw):
            self.drawn = self.stock.pop(0)
            self.hands[seat].append(self.drawn)
            self._emit(out, "draw", seat=seat, tile=self.drawn, why="play")
            return out
        elif isinstance(action, Play):
            self._lay(seat, action.tile, action.line, out)
        else:
            self._emit(out, "pass", seat=seat)
        self.drawn = None
        if not self.hands[seat]:
            self._end_round("out", out)
        elif self._blocked():
            self._end_round("blocked", out)
        else:
            self.current = self.next_seat(seat)
        return out

    def _open(self, seat: int, tile: Tile, out: list[Event]) -> None:
        """CF.3-CF.4: the double goes to the centre and six empty arms start from it."""
        self.hands[seat].remove(tile)
        self.centre = tile
        self.branches = {arm: Branch([], tile.a) for arm in ARMS}
        self.phase = CENTRE
        self._emit(out, "open", seat=seat, tile=tile)

    def _lay(self, seat: int, tile: Tile, line: str, out: list[Event]) -> None:
        """Lay ``tile`` on ``line``; a double closes the line and sprouts three toes (CF.5)."""
        self.hands[seat].remove(tile)
        branch = self.branches[line]
        branch.tiles.append(tile)
        branch.end = tile.other(branch.end)
        self._emit(out, "play", seat=seat, tile=tile, line=line, end=branch.end)
        if tile.is_double:
            branch.closed = True
            self.feet.append(tile)
            for number in range(1, TOES + 1):
                self.branches[toe_id(tile, number)] = Branch([], tile.a, parent=line, anchor=tile)
        if self.phase == CENTRE and all(self.branches[arm].tiles for arm in ARMS):
            self.phase = PLAY

    def _blocked(self) -> bool:
        """CF.7: the boneyard is empty and no hand has a tile for any place open now."""
        if self.stock:
            return False
        ends = {self.branches[line].end for line in self.places()}
        return not any(t.a in ends or t.b in ends for s in self.seats for t in self.hands[s])

    # ------------------------------------------------------------ reading
    def _line_views(self) -> tuple[LineView, ...]:
        places = set(self.places()) if self.phase in (CENTRE, PLAY) else set()
        views = []
        for line, branch in self.branches.items():
            if branch.parent is None:
                label, values = "line.arm", {"number": ARMS.index(line) + 1}
            else:
                label, values = "line.toe", {"double": str(branch.anchor), "number": int(line.rsplit("-", 1)[1])}
            views.append(
                LineView(
                    line,
                    None,
                    tuple(branch.tiles),
                    branch.end,
                    line in places,
                    parent=branch.parent,
                    anchor=branch.anchor,
                    closed=branch.closed,
                    label=label,
                    label_values=MappingProxyType(values),
                )
            )
        return tuple(views)

    def _obligations(self) -> tuple[Obligation, ...]:
        """CF.4 and CF.5 as public sentences with the places that satisfy them."""
        if self.phase == CENTRE:
            empty = tuple(self.places())
            return (Obligation("duty.centre", empty, MappingProxyType({"count": len(empty)})),)
        duties = []
        for double in self._open_feet() if self.phase == PLAY else ():
            empty = tuple(toe_id(double, n) for n in range(1, TOES + 1) if not self.branches[toe_id(double, n)].tiles)
            values = MappingProxyType({"double": str(double), "count": len(empty)})
            duties.append(Obligation("duty.foot", empty, values))
        return tuple(duties)

    def view(self, seat: int | None) -> PlayerView:
        """DX.4: own hand, the layout tree, hand counts, stock size and totals; never other hands or the stock."""
        return self._view(
            seat,
            rounds=self.rounds,
            phase=self.phase,
            stock_count=len(self.stock),
            centre=self.centre,
            lines=self._line_views(),
            owed=(),
            extra=MappingProxyType({"leader": self.leader}),
            obligations=self._obligations(),
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "leader": self.leader,
            "hands": {s: sorted(h) for s, h in self.hands.items()},
            "stock": list(self.stock),
            "centre": self.centre,
            "lines": {k: (list(b.tiles), b.end, b.parent, b.anchor, b.closed) for k, b in self.branches.items()},
            "feet": list(self.feet),
            "drawn": self.drawn,
            "totals": dict(self.scores),
            "winners": list(self.winning_seats),
        }
