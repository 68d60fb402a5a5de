"""The saved (unfinished) match as every front end offers it: one description, one test for "another table".

The question to resume names the match (DX.11, issue 16): its number, game,
players, round and when it was saved. Either front end asks it in its own
way; the words and the comparison with the command line live here once.
"""

from __future__ import annotations

from roundhouse.core.play.session import Session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import SavedMatch, local_time
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.past_matches import game_name


def describe_saved(catalog: Catalog, registry: Registry, saved: SavedMatch, session: Session) -> str:
    """ "#3: Mexican Train; Ana, Computer 2; round 2 of 13; saved 2026-12-01 10:20" for the rebuilt ``session``."""
    view = session.view(None)
    if view.rounds:
        round_text = catalog.t("console.round_of", round=view.round, rounds=view.rounds)
    else:
        round_text = catalog.t("console.round", round=view.round)
    return catalog.t(
        "console.resume.summary",
        id=saved.id,
        game=game_name(registry, saved.variant, catalog.lang),
        players=", ".join(seat.name for seat in saved.seats),
        round=round_text,
        when=local_time(saved.updated),
    )


def differs(options: PlayOptions, saved: SavedMatch) -> bool:
    """True when a table flag asks for something other than the saved match."""
    humans = sum(1 for seat in saved.seats if seat.bot is None)
    bots = {seat.bot for seat in saved.seats if seat.bot is not None}
    return (
        (options.variant is not None and options.variant != saved.variant)
        or (options.players is not None and options.players != len(saved.seats))
        or (options.humans is not None and options.humans != humans)
        or (options.bot is not None and bots != {options.bot})
        or (options.seed is not None and (not saved.seed_explicit or options.seed != saved.seed))
    )
