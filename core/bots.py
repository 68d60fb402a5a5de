"""The bot API: a strategy sees one seat's view and picks a legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from core.actions import Action
from core.views import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer strategy (DX.4).

    ``choose`` gets only the seat's view, the legal actions and an RNG
    derived from the match seed, the seat and the decision's position. It
    returns one of ``legal_actions``, is deterministic given ``rng`` and
    decides at bounded cost, with no search over hidden tiles.
    """

    id: str
    description: str

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions``."""
        ...


def decision_rng(seed: int, match_number: int, seat: int, ply: int) -> random.Random:
    """The RNG for one bot decision: a pure function of its position (DX.1, DX.6)."""
    return random.Random(hash((seed, match_number, seat, ply)) & 0xFFFFFFFFFFFF)
