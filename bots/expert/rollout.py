"""Rollouts: play a guessed position to the round's end with a cheap policy for every seat.

A policy sees only what a rollout may use: the seat to move, the legal
actions the state offers, and the tiles of the guess it keeps up to date
itself from the actions played (:meth:`RolloutPolicy.observe`). It never
builds a view, so a move costs a few microseconds. Each game may offer a
policy close to the planner's judgement (:data:`POLICIES`); any other game
gets :class:`Heaviest`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from roundhouse.bots.expert.sampling import Guess
from roundhouse.bots.greedy import heaviest
from roundhouse.core.game.actions import Action
from roundhouse.core.game.views import PlayerView


class RolloutPolicy(Protocol):
    """How every seat moves in a rollout; it follows the game through :meth:`observe`."""

    def choose(self, seat: int, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (two or more) for ``seat``."""

    def observe(self, seat: int, action: Action) -> None:
        """``seat`` has taken ``action`` (called for every move, forced ones too)."""

    def copy(self) -> RolloutPolicy:
        """An independent copy (one per action compared)."""


class Heaviest:
    """Every seat lays its heaviest tile; nothing to follow."""

    def choose(self, seat: int, legal: Sequence[Action]) -> Action:
        return heaviest(legal)

    def observe(self, seat: int, action: Action) -> None:
        return None

    def copy(self) -> Heaviest:
        return self


def playout(state: Any, policy: RolloutPolicy, rng: random.Random, wander: float) -> None:
    """Play ``state`` (events off) to the round's end: ``policy`` moves, a ``wander`` share at random."""
    while (seat := state.to_move()) is not None:
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif wander and rng.random() < wander:
            action = legal[rng.randrange(len(legal))]
        else:
            action = policy.choose(seat, legal)
        policy.observe(seat, action)
        state.apply(action)


PolicyMaker = Callable[[PlayerView, Guess], RolloutPolicy]
