"""The console front end at work: setting up or resuming a match, then playing it in a terminal.

:mod:`roundhouse.frontends.console` registers it and imports this module only when
the console is used, so other commands start without it.
"""

from __future__ import annotations

import sys
from typing import IO, Any

from roundhouse.core.play.session import Session
from roundhouse.core.play.setup import SetupError, make_session
from roundhouse.core.plugins.frontend import AppContext
from roundhouse.core.store import SavedMatch
from roundhouse.frontends.common.past_matches import find_entry, load_in_progress
from roundhouse.frontends.console.game import ConsoleGame, farewell
from roundhouse.frontends.console.history_view import match_so_far_lines, past_match_lines
from roundhouse.frontends.console.resume import offer_saved
from roundhouse.frontends.console.setup_prompts import ask_language, ask_table, is_interactive, table_from_flags
from roundhouse.frontends.console.terminal import Terminal


class ConsoleApp:
    """Plays in a text console."""

    def run(self, app: AppContext) -> int:
        """As :meth:`roundhouse.frontends.console.ConsoleFrontend.run`."""
        term = Terminal(app.stdin or sys.stdin, app.stdout or sys.stdout, app.options.lang)
        session: Session | None = None
        try:
            session = self._session(app, term)
            if session is None:
                return 2
            if app.store is not None:
                app.store.attach(session)
            return ConsoleGame(term, session, app.store, app.plugins.registry).run()
        except EOFError:
            term.say(farewell(term, "console.bye", session, app.store))
            return 0
        except KeyboardInterrupt:
            term.say()
            term.say(farewell(term, "console.interrupted", session, app.store))
            return 130

    def _session(self, app: AppContext, term: Terminal) -> Session | None:
        """Resume the saved match if the user wants it, else set up a new one (None: bad setup, reported)."""
        registry = app.plugins.registry
        term.set_language(ask_language(term, app.options))
        if app.store is not None:
            resumed = offer_saved(term, app.store, app.options, registry)
            if resumed is not None:
                return resumed
        try:
            choice = (
                ask_table(term, registry)
                if is_interactive(app.options)
                else table_from_flags(term, app.options, registry)
            )
            return make_session(registry, choice.variant, choice.seats, choice.seed)
        except SetupError as error:
            term.say(term.t(error.key, **error.values))
        except (KeyError, ValueError) as error:
            term.say(term.t("console.setup_failed", reason=str(error)))
        return None

    def print_past(self, store: Any, text: str, registry: Any, stdout: IO[str], lang: str | None = None) -> None:
        """As :meth:`roundhouse.frontends.console.ConsoleFrontend.print_past`."""
        term = Terminal(sys.stdin, stdout, lang)
        entry = find_entry(store.history(), text)
        if entry is not None:
            lines = past_match_lines(term, store, registry, entry)
        elif (saved := _in_progress(store, text)) is not None:
            lines = match_so_far_lines(term, load_in_progress(saved, registry, term.catalog), registry)
        else:
            raise LookupError(f"there is no match {text!r} in the history (see 'roundhouse history')")
        try:
            term.page(lines)
        except EOFError:  # the reader left at a "more" prompt
            term.say()


def _in_progress(store: Any, text: str) -> SavedMatch | None:
    """The unfinished match whose id is ``text`` ("12" or "#12"), or None."""
    text = text.strip().removeprefix("#")
    if not (text.isascii() and text.isdigit() and 0 < int(text) < 2**63):
        return None
    return store.saved_match(int(text))
