"""All Fives (Muggins) for Roundhouse: an example scoring game with a spinner, and its bot.

Installing this package is all it takes: its ``pyproject.toml`` declares the
entry point ``all-fives = "roundhouse_all_fives"`` in the ``roundhouse``
group, and Roundhouse calls the hooks below at start-up.
"""

from roundhouse import hookimpl

from .bot import FivesScorer
from .variant import AllFives


@hookimpl
def roundhouse_register_variants(registry) -> None:
    """Register All Fives."""
    registry.add_variant(AllFives())


@hookimpl
def roundhouse_register_bots(registry) -> None:
    """Register the bot that scores the most now."""
    registry.add_bot(FivesScorer())
