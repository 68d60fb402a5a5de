"""The bot contract: a strategy sees one seat's view and picks a legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from roundhouse.core.game.actions import Action
from roundhouse.core.game.views import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A computer strategy (DX.4).

    ``choose`` gets only the seat's view, the legal actions and an RNG
    derived from the match seed, the seat and the decision's position. It
    returns one of ``legal_actions``, is deterministic given ``rng`` and
    decides at bounded cost. It never searches the real hidden tiles; a
    search over guesses made from the view alone (the expert) is allowed.

    A forced decision (exactly one legal action) is taken by the session
    without calling ``choose``: a bot is only asked when it has a choice.
    The view may be filled in on first read: a bot that never looks at it
    costs nothing to build. A bot may also say so with an attribute
    ``reads_view = False`` (optional; see :func:`reads_view`): a match in
    which every seat is such a bot, whose record is not kept and that no
    observer watches, makes no events at all. Such a bot that reads its view
    anyway fails that decision.
    """

    id: str
    description: str

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions``."""
        ...


def reads_view(bot: object) -> bool:
    """False only for a bot that declares ``reads_view = False``: it decides without looking at its view."""
    return getattr(bot, "reads_view", True) is not False
