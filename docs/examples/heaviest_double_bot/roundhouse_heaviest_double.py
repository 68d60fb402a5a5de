"""The heaviest-double bot for Roundhouse: an example bot plugin.

It lays its heaviest double first, else its heaviest tile, else takes the
only other choice (draw, pass, end a turn). Equal choices, such as one tile
that fits two lines, are broken with the RNG the session hands it, so the
bot stays reproducible (DX.1). It reads nothing but its arguments: the
decision costs one pass over the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from roundhouse import hookimpl
from roundhouse.core.game.actions import Action
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView


def tile_of(action: Action) -> Tile | None:
    """The tile an action lays (engine, opening double or play), or ``None``."""
    return getattr(action, "tile", None)


def weight(tile: Tile) -> tuple[bool, int]:
    """Doubles before any other tile, then more pips first."""
    return (tile.is_double, tile.pips)


class HeaviestDoubleBot:
    """Heaviest double first, else heaviest tile, else the first other legal action."""

    id = "heaviest-double"
    description = "lays its heaviest double first, then its heaviest tile"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions``: see the class docstring."""
        laying = [a for a in legal_actions if tile_of(a) is not None]
        if not laying:
            return legal_actions[0]
        best = max(weight(tile_of(a)) for a in laying)
        ties = [a for a in laying if weight(tile_of(a)) == best]
        return ties[rng.randrange(len(ties))]


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the heaviest-double bot."""
    registry.add_bot(HeaviestDoubleBot())
