"""The planner bot: the default computer opponent and the hint strategy.

It follows published strategy for each game (see ``mexican`` and
``branch``) using only the seat's :class:`roundhouse.core.game.views.PlayerView`, the legal
actions and the decision RNG. Its cost is bounded (capped trail searches,
one turn of look-ahead over the seat's own choices); it never searches over
hidden tiles (DX.4). Another variant gets the greedy choice.
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence

from roundhouse import hookimpl
from roundhouse.bots.greedy import heaviest
from roundhouse.bots.planner.branch import choose_branch
from roundhouse.bots.planner.mexican import choose_mexican
from roundhouse.core.game.actions import Action
from roundhouse.core.game.views import PlayerView


class PlannerBot:
    """Plans a personal chain (Mexican Train) or keeps its branch playable (Double-Nine Branch)."""

    id = "planner"
    description = "plans its own train or branch, unloads heavy tiles, uses doubles"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: _random.Random) -> Action:
        """One of ``legal_actions``: a pure function of the view, the legal actions and ``rng``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if view.variant == "mexican-train":
            return choose_mexican(view, legal_actions)
        if view.variant == "double-nine-branch":
            return choose_branch(view, legal_actions)
        return heaviest(legal_actions)


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the planner bot."""
    registry.add_bot(PlannerBot())
