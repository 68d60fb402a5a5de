"""Difficulty levels: the words people choose opponents by, mapped onto bots in this one place.

Both front ends offer these levels instead of bot ids (``--bot`` still takes
ids). Measured strength (docs/bots.md): the planner beats greedy in about
98% of two-player Mexican Train matches; the expert, which searches guessed
deals, is at least the planner's match at every table measured and stronger
at some, so it is the top level. New tables default to the planner, which
answers at once; the expert takes up to a second a move.
"""

from __future__ import annotations

from roundhouse.core.text.i18n import Catalog

LEVEL_BOTS = {"easy": "random", "medium": "greedy", "hard": "planner", "expert": "expert"}
"""Level to bot id, easiest first."""

DEFAULT_LEVEL = "hard"
"""The level of the computers a new table gets: the planner, as ``play`` seats by default."""

QUICK_HINT_BOT = LEVEL_BOTS["hard"]
"""Hints come from this bot unless the player asks for the expert's (:data:`STRONG_HINT_BOT`)."""

STRONG_HINT_BOT = LEVEL_BOTS["expert"]
"""The bot behind hints when the player turns on expert hints (slower: up to a second)."""


def level_of(bot_id: str | None) -> str | None:
    """The level ``bot_id`` plays at, or None for a human or a bot outside the levels (a plugin's own)."""
    return next((level for level, bot in LEVEL_BOTS.items() if bot == bot_id), None)


def level_name(catalog: Catalog, level: str) -> str:
    """The level's word: "easy", "medium", "hard", "expert" in the catalog's language."""
    return catalog.t(f"difficulty.{level}")


def level_about(catalog: Catalog, level: str) -> str:
    """A plain sentence on how a computer at ``level`` plays."""
    return catalog.t(f"difficulty.about.{level}")


def bot_about(bot_id: str, description: str = "") -> str:
    """How a bot outside the levels (a plugin's own) plays: its own description, else its id."""
    return description or bot_id
