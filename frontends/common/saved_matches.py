"""The saved (unfinished) match as every front end offers it: one description, one test for "another table",
and the default seat names in the player's language.

The question to resume names the match (DX.11, issue 16): its number, game,
players, round and when it was saved. Either front end asks it in its own
way; the words and the comparison with the command line live here once.
"""

from __future__ import annotations

from dataclasses import replace

from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import SavedMatch, local_time
from roundhouse.core.text.i18n import LANGUAGES, Catalog, ui_catalog
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
        players=", ".join(seat.name for seat in session.seats),
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


DEFAULT_NAME_KEYS = {True: "console.setup_human_name", False: "console.setup_computer_name"}
"""The default name of a seat nobody named, by "is a person" ("Player 2", "Computer 3"); both front ends give it."""


def named_in_language(saved: SavedMatch, catalog: Catalog) -> SavedMatch:
    """``saved`` with every seat still called by its default name, in any language, called so in ``catalog``'s.

    A match set up in Portuguese and resumed in English reads "Player 1,
    Computer 2", never "Jogador 1" in English sentences. A name a player
    chose is kept as it is: it is a name, not a word of the interface.
    """
    seats = tuple(_in_language(number, seat, catalog) for number, seat in enumerate(saved.seats, 1))
    return saved if seats == saved.seats else replace(saved, seats=seats)


def _in_language(number: int, seat: Seat, catalog: Catalog) -> Seat:
    key = DEFAULT_NAME_KEYS[seat.is_human]
    if any(seat.name == ui_catalog(lang).t(key, seat=number) for lang in LANGUAGES):
        return replace(seat, name=catalog.t(key, seat=number))
    return seat
