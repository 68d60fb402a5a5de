"""What the public history of a round proves about hidden hands: values a seat cannot hold.

Only the view is read (DX.4). A seat that drew or passed had no tile for
the ends open to it at that moment:

- Double-Nine Branch: the planner's reading (:func:`roundhouse.bots.planner.branch.read_layout`);
  nobody draws, so a pass is proof for the whole round.
- Mexican Train: a pass in a first turn proves the hand lacks the engine's
  value (MT.6d); a draw or a pass in a normal turn proves it lacks the
  oldest owed double's value (MT.12) or else every end it may use: its own
  train, the Mexican train and the marked trains (MT.8, MT.9). A drawn
  tile is unknown, so a draw followed by a pass keeps only what that draw
  proved, and a draw followed by playing the drawn tile adds to what was
  known (the hand is the one from before the draw).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from roundhouse.bots.planner.branch import read_layout
from roundhouse.core.game.actions import LineId
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

MEXICAN = "mexican"
"""The public train's id in Mexican Train views (RECORD.md)."""


def lacking(view: PlayerView) -> dict[int, frozenset[int]]:
    """Seat to the values its hand is proven not to hold, for the games this module reads (else none)."""
    if view.variant == "double-nine-branch":
        return read_layout(view).lacking
    if view.variant == "mexican-train":
        return _MexicanReader(view.players).read(view.history)
    return {}


@dataclass
class _MexicanReader:
    """Replays a Mexican Train round's public events, keeping the proven voids."""

    players: int
    ends: dict[LineId, int] = field(default_factory=dict)
    last: dict[LineId, Tile] = field(default_factory=dict)
    markers: set[int] = field(default_factory=set)
    doubles: list[tuple[Tile, LineId]] = field(default_factory=list)
    owed: list[tuple[Tile, LineId]] = field(default_factory=list)
    first_turns: int = 0
    extra_play: bool = False
    voids: dict[int, frozenset[int]] = field(default_factory=dict)
    after_draw: frozenset[int] | None = None
    drawer: int = 0

    def read(self, history: tuple[Event, ...]) -> dict[int, frozenset[int]]:
        """Seat to proven voids after the events of the round's latest deal (an earlier attempt proves nothing)."""
        starts = [index for index, event in enumerate(history) if event.type in ("deal", "restart")]
        for event in history[starts[-1] if starts else 0 :]:
            kind = event.type
            if kind == "engine":
                value = Tile.parse(event["tile"]).a
                self.ends = {line: value for line in [*range(1, self.players + 1), MEXICAN]}
            elif kind == "play":
                self._play(int(event["seat"]), Tile.parse(event["tile"]), event["line"], int(event["end"]))
            elif kind == "draw" and event["why"] == "play":
                self.drawer = int(event["seat"])
                self.after_draw = self._open_to(self.drawer)
            elif kind == "pass":
                self._pass(int(event["seat"]))
            elif kind == "end_first_turn":
                self._first_turn_over()
        if self.after_draw is not None:  # the drawer holds a tile nothing is known about
            self.voids.pop(self.drawer, None)
        return {seat: values for seat, values in self.voids.items() if values}

    def _open_to(self, seat: int) -> frozenset[int]:
        """The values that would have let ``seat`` play now."""
        if self.first_turns < self.players:
            return frozenset({self.ends[seat]})
        if self.owed and not self.extra_play:
            return frozenset({self.owed[0][0].a})
        lines = [seat, MEXICAN, *(s for s in self.markers if s != seat)]
        return frozenset(self.ends[line] for line in lines)

    def _play(self, seat: int, tile: Tile, line: LineId, end: int) -> None:
        covering = bool(self.owed) and not self.extra_play
        self.ends[line] = end
        self.last[line] = tile
        if line == seat:
            self.markers.discard(seat)
        if self.after_draw is not None:  # the drawn tile went down: the hand is the one that drew
            self.voids[seat] = self.voids.get(seat, frozenset()) | self.after_draw
            self.after_draw = None
        if tile.is_double:
            self.doubles.append((tile, line))
        if self.first_turns < self.players:
            return
        if tile.is_double and not covering:
            self.extra_play = True
        else:
            self._turn_over()

    def _pass(self, seat: int) -> None:
        proven = self._open_to(seat)
        if self.after_draw is not None:  # the drawn tile fits none of these ends either
            self.voids[seat] = proven
            self.after_draw = None
        else:
            self.voids[seat] = self.voids.get(seat, frozenset()) | proven
        self.markers.add(seat)
        if self.first_turns < self.players:
            self._first_turn_over()
        else:
            self._turn_over()

    def _first_turn_over(self) -> None:
        self.first_turns += 1
        if self.first_turns == self.players:
            self._turn_over()

    def _turn_over(self) -> None:
        """MT.12a: the doubles still last on their train are owed, in the order laid."""
        self.extra_play = False
        self.owed = [(tile, line) for tile, line in self.doubles if self.last.get(line) == tile]
