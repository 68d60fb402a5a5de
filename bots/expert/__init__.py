"""The expert bot: determinized Monte Carlo search over guesses of the hidden tiles.

At a decision with a choice it makes ``samples`` guesses of the hidden
tiles from its own view only (:mod:`roundhouse.bots.expert.sampling`), builds each
guessed position with the game's :meth:`roundhouse.core.game.variant.Variant.determinize`,
and plays every legal action forward in it with one rollout to the round's
end (:func:`roundhouse.bots.expert.rollout.playout`): every seat moves by the game's
planner-like rollout policy (:data:`POLICIES`), a share of moves at random.
All actions share the guess and the rollout generator of a sample (common
random numbers), so they are compared on the same luck. The planner's own
choice gets a small head start (:data:`TRUST`). The action with the best
summed match outcome (:mod:`roundhouse.bots.expert.outcome`) is chosen, ties to the
first.

The budget is a number of rollouts, not time: the same view, legal actions
and generator give the same choice on any machine. A game without
``determinize`` or an outcome measure, or a view whose hidden tiles cannot
be counted, gets the planner's choice.
"""

from __future__ import annotations

import random as _random
from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse import hookimpl
from roundhouse.bots.expert.branch_policy import BranchPolicy
from roundhouse.bots.expert.mexican_policy import MexicanPolicy
from roundhouse.bots.expert.outcome import OUTCOMES
from roundhouse.bots.expert.rollout import Heaviest, PolicyMaker, RolloutPolicy, playout
from roundhouse.bots.expert.sampling import Guess, Sampler
from roundhouse.bots.planner import PlannerBot
from roundhouse.core.game.actions import Action
from roundhouse.core.game.decision_random import DecisionRandom
from roundhouse.core.game.views import PlayerView

ROLLOUTS = 240
"""Default budget: rollouts per decision, shared among the legal actions (see benchmarks/bench_expert.py)."""

WANDER = 0.2
"""Share of rollout decisions taken at random instead of the rollout policy's."""

TRUST = 3.0
"""Head start of the planner's choice, in outcome points per sample: the search must show a real gain to overrule it."""

MIN_SAMPLES = 8
"""Guesses made however many actions there are, so a wide choice is still compared on several deals."""


class ExpertBot:
    """Searches sampled deals of the hidden tiles; sees only its own view (DX.4)."""

    id = "expert"
    description = "searches guessed deals of the hidden tiles with rollouts to the round's end"

    def __init__(self, variants: Mapping[str, Any], rollouts: int = ROLLOUTS) -> None:
        """``variants``: variant id to variant (the registry's live table); ``rollouts``: the budget."""
        self.variants = variants
        self.rollouts = rollouts
        self.fallback = PlannerBot()

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: _random.Random) -> Action:
        """One of ``legal_actions``: a pure function of the view, the legal actions, the budget and ``rng``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        variant = self.variants.get(view.variant)
        outcome = OUTCOMES.get(view.variant)
        searchable = variant is not None and outcome is not None and view.seat is not None
        sampler = Sampler.of(view) if searchable else None
        if sampler is None:
            return self.fallback.choose(view, legal_actions, rng)
        samples = max(MIN_SAMPLES, self.rollouts // len(legal_actions))
        scores = [0.0] * len(legal_actions)
        for _ in range(samples):
            guess = sampler.guess(rng)
            root = variant.determinize(view, guess.hands, guess.stock)
            if root is None:
                return self.fallback.choose(view, legal_actions, rng)
            root.listening = False
            luck = rng.getrandbits(64)
            policy = POLICIES.get(view.variant, _heaviest)(view, guess)  # one per guess, copied per action
            for index, action in enumerate(legal_actions):
                state = root.clone()
                follower = policy.copy()
                follower.observe(view.seat, action)
                state.apply(action)
                playout(state, follower, DecisionRandom(luck), WANDER)
                scores[index] += outcome(view, state)
        planned = legal_actions.index(self.fallback.choose(view, legal_actions, rng))
        scores[planned] += TRUST * samples
        best = max(range(len(legal_actions)), key=lambda index: (scores[index], -index))
        return legal_actions[best]


def _heaviest(view: PlayerView, guess: Guess) -> RolloutPolicy:
    """The rollout policy of a game without its own: every seat lays its heaviest tile."""
    return Heaviest()


POLICIES: dict[str, PolicyMaker] = {"double-nine-branch": BranchPolicy.of, "mexican-train": MexicanPolicy.of}
"""Variant id to its rollout policy, made from the view and a guess (see :mod:`roundhouse.bots.expert.rollout`)."""


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the expert bot; it finds each game's ``determinize`` in the registry's variants."""
    registry.add_bot(ExpertBot(registry.variants))
