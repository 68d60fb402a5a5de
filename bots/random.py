"""The random bot: a uniform choice among the legal actions."""

from __future__ import annotations

import random as _random
from collections.abc import Sequence

from roundhouse import hookimpl
from roundhouse.core.game.actions import Action
from roundhouse.core.game.views import PlayerView


class RandomBot:
    """Picks uniformly among the legal actions; ignores the view."""

    id = "random"
    description = "uniform random choice among legal moves"
    reads_view = False

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: _random.Random) -> Action:
        """A uniformly random legal action."""
        return legal_actions[rng.randrange(len(legal_actions))]


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the random bot."""
    registry.add_bot(RandomBot())
