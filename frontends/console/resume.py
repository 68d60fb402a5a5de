"""Offering the saved match (never dropping it silently).

The question names the match: its number, game, players, round and when it
was saved. Declining, or asking with flags for a different table, keeps the
saved match as *paused*: ``history`` lists it and ``roundhouse play --resume
ID`` takes it up again.
"""

from __future__ import annotations

from typing import Any

from core.frontend import PlayOptions
from core.registry import Registry
from core.session import Session
from core.store import SavedMatch, StoreError, local_time
from frontends.console.game import say_store_warnings
from frontends.console.terminal import Terminal
from frontends.past_matches import game_name


def describe_saved(term: Terminal, registry: Registry, saved: SavedMatch, session: Session) -> str:
    """ "#3: Mexican Train; Ana, Planner 2; round 2 of 13; saved 2026-12-01 10:20"."""
    view = session.view(None)
    if view.rounds:
        round_text = term.t("console.round_of", round=view.round, rounds=view.rounds)
    else:
        round_text = term.t("console.round", round=view.round)
    return term.t(
        "console.resume.summary",
        id=saved.id,
        game=game_name(registry, saved.variant, term.lang),
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


def offer_saved(term: Terminal, store: Any, options: PlayOptions, registry: Registry) -> Session | None:
    """The session to resume, or None for a new match (the saved one, if any, stays paused)."""
    if options.resume is not None:
        latest = store.saved_match()
        target = store.saved_match(options.resume)
        say_store_warnings(term, store)
        if target is None:
            term.say(term.t("console.resume.missing", id=options.resume))
            return None
        if latest is not None and latest.id != target.id:
            store.pause(latest.id)
            term.say(term.t("console.resume.kept", id=latest.id))
        return _rebuild(term, store, target, registry)
    saved = store.saved_match()
    say_store_warnings(term, store)
    if saved is None:
        return None
    session = _rebuild(term, store, saved, registry)
    if session is None:
        return None
    summary = describe_saved(term, registry, saved, session)
    if differs(options, saved):
        term.say(term.t("console.resume.other_table", summary=summary))
    elif term.confirm(term.t("console.resume.question", summary=summary)):
        return session
    store.pause(saved.id)
    term.say(term.t("console.resume.kept", id=saved.id))
    return None


def _rebuild(term: Terminal, store: Any, saved: SavedMatch, registry: Registry) -> Session | None:
    try:
        return store.resume(saved, registry)
    except (StoreError, KeyError, ValueError) as error:
        term.say(term.t("console.resume_failed", reason=str(error)))
        return None
