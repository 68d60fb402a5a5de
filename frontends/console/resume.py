"""Offering the saved match (never dropping it silently).

The question names the match: its number, game, players, round and when it
was saved. Declining, or asking with flags for a different table, keeps the
saved match as *paused*: ``history`` lists it and ``roundhouse play --resume
ID`` takes it up again.
"""

from __future__ import annotations

from typing import Any

from roundhouse.core.play.session import Session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import SavedMatch, StoreError
from roundhouse.frontends.common.saved_matches import describe_saved, differs, named_in_language
from roundhouse.frontends.console.game import say_store_warnings
from roundhouse.frontends.console.terminal import Terminal


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
    summary = describe_saved(term.catalog, registry, saved, session)
    if differs(options, saved):
        term.say(term.t("console.resume.other_table", summary=summary))
    elif term.confirm(term.t("console.resume.question", summary=summary)):
        return session
    store.pause(saved.id)
    term.say(term.t("console.resume.kept", id=saved.id))
    return None


def _rebuild(term: Terminal, store: Any, saved: SavedMatch, registry: Registry) -> Session | None:
    try:
        return store.resume(named_in_language(saved, term.catalog), registry)
    except (StoreError, KeyError, ValueError) as error:
        term.say(term.t("console.resume_failed", reason=str(error)))
        return None
