"""The console front end: plain line-based text over any stream (SSH, pipes, screen readers).

Registered as the front end ``console``; ``roundhouse play --ui console``
runs :meth:`ConsoleFrontend.run` with the app's streams.
"""

from __future__ import annotations

import sys

from core import hookimpl
from core.frontend import AppContext
from core.session import Session
from core.setup import make_session
from core.store import StoreError
from frontends.console.game import ConsoleGame, say_store_warnings
from frontends.console.setup_prompts import SetupError, ask_language, ask_table, is_interactive, table_from_flags
from frontends.console.terminal import Terminal


class ConsoleFrontend:
    """Plays in a text console; always available."""

    id = "console"
    description = "plain text console: numbered moves and typed commands"

    def available(self) -> bool:
        """A console needs nothing but text streams."""
        return True

    def run(self, app: AppContext) -> int:
        """Play until the user quits: 0 on quit or end of input, 130 on Ctrl-C, 2 for a bad setup."""
        term = Terminal(app.stdin or sys.stdin, app.stdout or sys.stdout, app.options.lang)
        try:
            session = self._session(app, term)
            if session is None:
                return 2
            if app.store is not None:
                app.store.attach(session)
            return ConsoleGame(term, session, app.store, app.plugins.registry).run()
        except EOFError:
            term.say(term.t("console.bye"))
            return 0
        except KeyboardInterrupt:
            term.say()
            term.say(term.t("console.interrupted"))
            return 130

    def _session(self, app: AppContext, term: Terminal) -> Session | None:
        """Resume the saved match if the user wants it, else set up a new one (None: bad setup, reported)."""
        registry = app.plugins.registry
        term.set_language(ask_language(term, app.options))
        if app.store is not None:
            saved = app.store.saved_match()
            say_store_warnings(term, app.store)
            if saved is not None and term.confirm(term.t("console.resume_question")):
                try:
                    return app.store.resume(saved, registry)
                except (StoreError, KeyError, ValueError) as error:
                    term.say(term.t("console.resume_failed", reason=str(error)))
        try:
            choice = (
                ask_table(term, registry)
                if is_interactive(app.options)
                else table_from_flags(term, app.options, registry)
            )
            return make_session(registry, choice.variant, choice.seats, choice.seed)
        except SetupError as error:
            term.say(str(error))
        except (KeyError, ValueError) as error:
            term.say(term.t("console.setup_failed", reason=str(error)))
        return None


@hookimpl
def roundhouse_register_frontends(registry) -> None:
    """Register the console front end."""
    registry.add_frontend(ConsoleFrontend())
