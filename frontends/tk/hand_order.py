"""The order of the shown hand: by value, playable first, or the player's own (dragged or arranged).

A player's own order is kept across turns: tiles that leave the hand drop
out of it, new tiles join at the end. :func:`arranged` lines the hand up as
the longest chain from the player's own line end (the planner's trail),
the rest after it by value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from roundhouse.core.game.chains import longest_trail
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

ORDERS = ("value", "playable", "own")


def by_value(hand: Iterable[Tile]) -> list[Tile]:
    """The hand sorted by its tiles' values (the default order)."""
    return sorted(hand)


def playable_first(hand: Iterable[Tile], playable: Iterable[Tile]) -> list[Tile]:
    """Playable tiles first, each group by value."""
    can = set(playable)
    return sorted(hand, key=lambda tile: (tile not in can, tile))


def kept(hand: Iterable[Tile], own: Sequence[Tile]) -> list[Tile]:
    """``own`` order restricted to the tiles still held, then any new tiles by value."""
    held = set(hand)
    ordered = [tile for tile in own if tile in held]
    return ordered + sorted(held - set(ordered))


def moved(order: Sequence[Tile], tile: Tile, gap: int) -> list[Tile]:
    """``order`` with ``tile`` dropped into gap ``gap`` (0 = before the first tile, len = after the last)."""
    rest = [t for t in order if t != tile]
    index = gap - 1 if tile in order and order.index(tile) < gap else gap
    index = max(0, min(index, len(rest)))
    return rest[:index] + [tile] + rest[index:]


def own_end(view: PlayerView) -> int:
    """The free value at the end of the viewer's own line (the centre's value before anything is laid)."""
    own = next((line for line in view.lines if line.owner == view.seat), None)
    if own is not None:
        return own.end
    if view.centre is not None:
        return view.centre.a
    engine = view.extra.get("engine") if view.extra else None
    return engine.a if isinstance(engine, Tile) else 0


def arranged(view: PlayerView) -> tuple[list[Tile], tuple[Tile, ...], int]:
    """The hand as the longest chain from the viewer's own end, then the rest by value.

    Returns ``(order, chain, end)``.
    """
    end = own_end(view)
    chain = longest_trail(tuple(sorted(view.hand)), end)
    return list(chain) + sorted(set(view.hand) - set(chain)), chain, end
