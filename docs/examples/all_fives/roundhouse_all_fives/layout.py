"""The All Fives layout as plain data: where a tile may go and what the open ends count (AF.4, AF.5, AF.7).

One implementation, used by the rules and by the bot (which rebuilds a
:class:`Layout` from its view). The layout is kept rooted at its centre
tile: the lead, until the first double is played; from then on that double,
the spinner, with the rest of the line of play turned into its arms. Every
line lists its tiles outwards from the centre.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from roundhouse.core.game.tiles import Tile

LONG = ("right", "left")
"""The two lines along the line of play."""

SIDES = ("up", "down")
"""The spinner's two short sides, open once both long sides are covered (AF.4)."""

ARMS = LONG + SIDES
"""Every line, in the order of :class:`roundhouse.core.game.views.Spinner` arms."""


@dataclass(frozen=True)
class Layout:
    """The tiles on the table: the ``centre`` tile and each line's tiles (outwards) and open end."""

    centre: Tile
    lines: Mapping[str, tuple[Tile, ...]] = field(default_factory=dict)
    ends: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def lead(cls, tile: Tile) -> Layout:
        """AF.3: the lead alone; its two halves are the two long ends."""
        return cls(tile, {"right": (), "left": ()}, {"right": tile.b, "left": tile.a})

    @property
    def spinner(self) -> bool:
        """AF.4: the centre is the spinner once it is a double."""
        return self.centre.is_double

    def places(self) -> list[str]:
        """The lines open now: both long ends, and the short sides once the spinner's long sides are covered."""
        if self.spinner and all(self.lines[line] for line in LONG):
            return list(ARMS)
        return list(LONG)

    def end(self, line: str) -> int:
        """The open value of ``line`` (a short side not yet started: the spinner's)."""
        return self.ends.get(line, self.centre.a)

    def tiles(self, line: str) -> tuple[Tile, ...]:
        """The tiles of ``line``, outwards."""
        return tuple(self.lines.get(line, ()))

    def fits(self, tile: Tile) -> list[str]:
        """The lines ``tile`` may be laid on now."""
        return [line for line in self.places() if tile.has(self.end(line))]

    def play(self, tile: Tile, line: str) -> Layout:
        """The layout after ``tile`` is laid on ``line`` (which must fit).

        AF.4: the first double played becomes the spinner: the layout is then
        rooted at it, the rest of the line of play becoming its other long arm.
        """
        lines, ends = {k: tuple(v) for k, v in self.lines.items()}, dict(self.ends)
        if line in SIDES and line not in lines:
            lines[line], ends[line] = (), self.centre.a
        if tile.is_double and not self.spinner:
            other = LONG[1 - LONG.index(line)]
            lines[other] = tuple(reversed(lines[line])) + (self.centre,) + lines[other]
            lines[line] = ()
            ends[line] = tile.a
            return Layout(tile, lines, ends)
        lines[line] = lines[line] + (tile,)
        ends[line] = tile.other(ends[line])
        return Layout(self.centre, lines, ends)

    def count(self) -> int:
        """AF.5: the pips of every open end; a double at an end counts both halves.

        Before the first tile on one of its long sides the spinner (or a
        double lead) is itself an end and counts both halves, once. The short
        sides count only once they hold a tile.
        """
        total = 0
        for line, tiles in self.lines.items():
            if tiles:
                total += self.ends[line] * (2 if tiles[-1].is_double else 1)
        empty_long = [line for line in LONG if not self.lines[line]]
        if self.spinner:
            total += 2 * self.centre.a if empty_long else 0
        else:
            total += sum(self.ends[line] for line in empty_long)
        return total

    @classmethod
    def of_lines(cls, centre: Tile, lines: Iterable[tuple[str, tuple[Tile, ...], int]]) -> Layout:
        """A layout from (id, tiles outwards, open end) triples, as a view shows them."""
        triples = list(lines)
        return cls(centre, {k: tuple(t) for k, t, _ in triples}, {k: e for k, _, e in triples})


def rounded_to_five(pips: int) -> int:
    """AF.7: the nearest multiple of five (2 rounds down, 3 up)."""
    return (pips + 2) // 5 * 5
