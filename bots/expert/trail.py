"""A quick trail of a hand from a line's end, for rollout policies (a few microseconds, no search)."""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.game.tiles import Tile


def greedy_trail(hand: Sequence[Tile], end: int) -> list[Tile]:
    """A trail of ``hand`` from ``end``: a double at once, else the tile the hand follows most, then the heaviest.

    "Follows most": the most other tiles of the hand carry the value the tile
    leaves open. Each step looks only at the tiles carrying the end, so a long
    hand costs little more than a short one.
    """
    carrying: dict[int, list[Tile]] = {}
    for tile in hand:
        carrying.setdefault(tile[0], []).append(tile)
        if tile[1] != tile[0]:
            carrying.setdefault(tile[1], []).append(tile)
    trail: list[Tile] = []
    while carrying.get(end):
        best = carrying[end][0]
        best_key = (-1, -1)
        for tile in carrying[end]:
            low, high = tile
            if low == high:
                best = tile
                break
            key = (len(carrying.get(high if low == end else low, ())), low + high)
            if key > best_key:
                best, best_key = tile, key
        trail.append(best)
        low, high = best
        carrying[low].remove(best)
        if high != low:
            carrying[high].remove(best)
        end = high if low == end else low
    return trail


class Trails:
    """Each seat's trail from its own line's end, kept up to date cheaply while the round goes on.

    A trail is found once (:func:`greedy_trail`) and then follows the
    seat's plays: laying its first tile on the own line leaves the rest, a
    tile of it laid elsewhere cuts it there, any other tile leaves it. A
    draw, another own-line tile, or another seat changing the line's end
    makes it found again. Lists are never changed in place, so copies share them.
    """

    def __init__(self, known: dict[int, list[Tile]] | None = None) -> None:
        self.known = dict(known or {})

    def copy(self) -> Trails:
        return Trails(self.known)

    def of(self, seat: int, hand: Sequence[Tile], end: int) -> list[Tile]:
        """The trail of ``seat``'s ``hand`` from its own line's ``end``."""
        trail = self.known.get(seat)
        if trail is None:
            trail = self.known[seat] = greedy_trail(hand, end)
        return trail

    def played(self, seat: int, tile: Tile, line: object) -> None:
        """``seat`` laid ``tile`` on ``line`` (a seat number for a seat's own line)."""
        if line != seat and line in self.known:
            del self.known[line]  # its owner's end moved
        trail = self.known.get(seat)
        if trail is None:
            return
        if line == seat:
            if trail and trail[0] == tile:
                self.known[seat] = trail[1:]
            else:
                del self.known[seat]
        elif tile in trail:
            self.known[seat] = trail[: trail.index(tile)]

    def drew(self, seat: int) -> None:
        """``seat`` drew a tile: a trail it had stays (a longer one is not looked for), an empty one is found again."""
        if not self.known.get(seat, True):
            del self.known[seat]
