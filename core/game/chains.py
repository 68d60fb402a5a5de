"""Longest trail of a hand's tiles from a line's end (the "personal train" plan).

A trail lays tiles one after another, each matching the free value left by
the previous one, every tile at most once. The best trail has the most
tiles, then the most pips. The search is an exact depth-first search with a
transposition set (the same tiles used and the same end give the same
future) that stops as soon as a trail lays every tile it could reach,
capped at :data:`NODE_BUDGET` expanded nodes. The first descent follows a
greedy order (doubles at once, then the tile whose far end has most tiles in
hand, then the heaviest), so when the cap is hit the answer is still that
greedy extension or something better.
"""

from __future__ import annotations

from functools import lru_cache

from roundhouse.core.game.tiles import Tile

NODE_BUDGET = 800
"""Expanded nodes per search: bounds the cost of one trail computation."""


class _Search:
    """One bounded trail search over ``tiles`` (indices into the tuple)."""

    def __init__(self, tiles: tuple[Tile, ...], budget: int) -> None:
        self.tiles = tiles
        self.budget = budget
        self.by_value: dict[int, list[int]] = {}
        for index, tile in enumerate(tiles):
            self.by_value.setdefault(tile[0], []).append(index)
            if tile[1] != tile[0]:
                self.by_value.setdefault(tile[1], []).append(index)
        degree = {value: len(indices) for value, indices in self.by_value.items()}
        self.order = {
            value: sorted(indices, key=lambda i, v=value: self._rank(i, v, degree), reverse=True)
            for value, indices in self.by_value.items()
        }
        self.best: tuple[int, ...] = ()
        self.best_key = (0, 0)
        self.seen: set[tuple[int, int]] = set()
        self.nodes = 0

    def _rank(self, index: int, end: int, degree: dict[int, int]) -> tuple[bool, int, int]:
        """Try first: the double, then the tile whose far end has most tiles, then the heaviest."""
        tile = self.tiles[index]
        other = tile[1] if tile[0] == end else tile[0]
        return (tile[0] == tile[1], degree.get(other, 0), tile[0] + tile[1])

    def run(self, start: int) -> tuple[Tile, ...]:
        reached = self._component(start)
        self.whole = (bin(reached).count("1"), sum(t[0] + t[1] for i, t in enumerate(self.tiles) if reached >> i & 1))
        self._grow(start, 0, [], 0)
        return tuple(self.tiles[i] for i in self.best)

    def _component(self, start: int) -> int:
        """The tiles connected to ``start`` (a bit set): no trail from ``start`` uses any other."""
        seen_values = {start}
        stack = [start]
        reached = 0
        while stack:
            value = stack.pop()
            for index in self.by_value.get(value, ()):
                if reached >> index & 1:
                    continue
                reached |= 1 << index
                tile = self.tiles[index]
                other = tile[1] if tile[0] == value else tile[0]
                if other not in seen_values:
                    seen_values.add(other)
                    stack.append(other)
        return reached

    def _grow(self, end: int, used: int, path: list[int], pips: int) -> None:
        key = (len(path), pips)
        if key > self.best_key:
            self.best_key, self.best = key, tuple(path)
        if self.nodes >= self.budget or self.best_key >= self.whole or (end, used) in self.seen:
            return
        self.nodes += 1
        self.seen.add((end, used))
        options = [i for i in self.order.get(end, ()) if not used >> i & 1]
        tiles = self.tiles
        if options and tiles[options[0]][0] == tiles[options[0]][1]:
            options = options[:1]  # a double loops back to the same end: laying it first never shortens a trail
        for index in options:
            tile = tiles[index]
            path.append(index)
            self._grow(tile[1] if tile[0] == end else tile[0], used | 1 << index, path, pips + tile[0] + tile[1])
            path.pop()
            if self.nodes >= self.budget:
                return


@lru_cache(maxsize=16384)
def longest_trail(tiles: tuple[Tile, ...], start: int, budget: int = NODE_BUDGET) -> tuple[Tile, ...]:
    """The best trail of ``tiles`` starting at value ``start`` (most tiles, then most pips).

    ``tiles`` should be sorted so equal hands share the cache. Pure function
    of its arguments; at most ``budget`` nodes are expanded.
    """
    return _Search(tiles, budget).run(start)
