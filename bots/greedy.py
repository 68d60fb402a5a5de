"""The greedy bot: lays the heaviest legal tile, otherwise the forced action."""

from __future__ import annotations

import random as _random
from collections.abc import Sequence

from roundhouse import hookimpl
from roundhouse.core.game.actions import Action, OpenDouble, PlaceEngine, Play
from roundhouse.core.game.views import PlayerView

TILE_ACTIONS = (Play, PlaceEngine, OpenDouble)


def heaviest(actions: Sequence[Action]) -> Action:
    """The first action laying a tile with the most pips, else the first action.

    Ties keep the order of ``actions`` (the state's stable order), so the
    choice is deterministic. Draw, pass and end are only chosen when no tile
    can be laid: a tile-laying bot never ends a first turn by choice.
    """
    best: Action | None = None
    best_pips = -1
    for action in actions:
        if isinstance(action, TILE_ACTIONS) and action.tile.pips > best_pips:
            best, best_pips = action, action.tile.pips
    return best if best is not None else actions[0]


class GreedyBot:
    """Plays the heaviest legal tile; every rule obligation is kept by choosing among legal actions."""

    id = "greedy"
    description = "lays the heaviest legal tile"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: _random.Random) -> Action:
        """The heaviest tile-laying action, or the only other legal action."""
        return heaviest(legal_actions)


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the greedy bot."""
    registry.add_bot(GreedyBot())
