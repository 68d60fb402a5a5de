"""The console front end: plain line-based text over any stream (SSH, pipes, screen readers).

Registered as the front end ``console``; ``roundhouse play --ui console``
runs :meth:`ConsoleFrontend.run` with the app's streams. The work lives in
:mod:`roundhouse.frontends.console.app`, imported on first use.
"""

from __future__ import annotations

from typing import IO, Any

from roundhouse import hookimpl
from roundhouse.core.plugins.frontend import AppContext


class ConsoleFrontend:
    """Plays in a text console; always available."""

    id = "console"
    description = "plain text console: numbered moves and typed commands"

    def available(self) -> bool:
        """A console needs nothing but text streams."""
        return True

    def run(self, app: AppContext) -> int:
        """Play until the user quits: 0 on quit or end of input, 130 on Ctrl-C, 2 for a bad setup."""
        from roundhouse.frontends.console.app import ConsoleApp

        return ConsoleApp().run(app)

    def print_past(self, store: Any, text: str, registry: Any, stdout: IO[str], lang: str | None = None) -> None:
        """``roundhouse history ID``: print an earlier match's public log, or the match in progress so far,
        paged on a terminal.

        LookupError when the store has no match ``text``, ended or not;
        StoreError when its record cannot be read.
        """
        from roundhouse.frontends.console.app import ConsoleApp

        ConsoleApp().print_past(store, text, registry, stdout, lang)


@hookimpl
def roundhouse_register_frontends(registry) -> None:
    """Register the console front end."""
    registry.add_frontend(ConsoleFrontend())
