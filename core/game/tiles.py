"""Domino tiles and double-N sets (RULES.md §0)."""

from __future__ import annotations

from collections.abc import Iterable


class Tile(tuple):
    """An immutable, normalized domino tile ``a-b`` with ``a <= b``.

    Tiles compare, sort and hash as ``(a, b)`` tuples. ``str(tile)`` is the
    record form ``"a-b"`` and :meth:`parse` reads it back.
    """

    __slots__ = ()

    def __new__(cls, first: int, second: int) -> Tile:
        if first > second:
            first, second = second, first
        if first < 0:
            raise ValueError(f"tile values must be >= 0, got {first}-{second}")
        return tuple.__new__(cls, (first, second))

    @property
    def a(self) -> int:
        """The lower value."""
        return self[0]

    @property
    def b(self) -> int:
        """The higher value."""
        return self[1]

    @property
    def pips(self) -> int:
        """Sum of both values (``0-0`` counts 0)."""
        return self[0] + self[1]

    @property
    def is_double(self) -> bool:
        """True when both values are equal."""
        return self[0] == self[1]

    def has(self, value: int) -> bool:
        """True when one of the tile's values is ``value``."""
        return self[0] == value or self[1] == value

    def other(self, value: int) -> int:
        """The value left free when the tile is laid with ``value`` touching.

        Raises ValueError when the tile does not carry ``value``.
        """
        if self[0] == value:
            return self[1]
        if self[1] == value:
            return self[0]
        raise ValueError(f"tile {self} does not carry {value}")

    def __str__(self) -> str:
        return f"{self[0]}-{self[1]}"

    def __repr__(self) -> str:
        return f"Tile({self[0]}, {self[1]})"

    def __getnewargs__(self) -> tuple[int, int]:
        return (self[0], self[1])

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"a-b"`` (either order, surrounding blanks allowed).

        Raises ValueError with the offending text when it is not a tile.
        """
        parts = text.strip().split("-")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"not a tile: {text!r} (expected a form like 5-12)")
        return cls(int(parts[0]), int(parts[1]))


def double_set(highest: int) -> list[Tile]:
    """Every tile ``a-b`` with ``0 <= a <= b <= highest``, each exactly once."""
    return [Tile(a, b) for a in range(highest + 1) for b in range(a, highest + 1)]


def pip_total(tiles: Iterable[Tile]) -> int:
    """Sum of the pips of ``tiles``."""
    return sum(t[0] + t[1] for t in tiles)


def format_tiles(tiles: Iterable[Tile]) -> list[str]:
    """The record form of each tile, in order."""
    return [str(t) for t in tiles]


def parse_tiles(texts: Iterable[str]) -> list[Tile]:
    """Parse each record-form tile, in order."""
    return [Tile.parse(t) for t in texts]
