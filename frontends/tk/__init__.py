"""The Tk desktop window, a front-end plugin (id ``tk``).

Nothing here imports tkinter at import time: :meth:`TkFrontend.available`
only checks that tkinter is installed and that a display is named.
"""

from __future__ import annotations

import importlib.util
import os
import sys

from core import hookimpl
from core.frontend import AppContext


class TkFrontend:
    """The themed window: a canvas table, direct play, panels and menus."""

    id = "tk"
    description = "desktop window (Tk, themed with ttkthemes)"

    def available(self) -> bool:
        """tkinter is importable and, on X11 systems, DISPLAY names a display."""
        if importlib.util.find_spec("tkinter") is None:
            return False
        if sys.platform in ("win32", "darwin"):
            return True
        return bool(os.environ.get("DISPLAY"))

    def run(self, app: AppContext) -> int:
        """Open the window and play until it is closed."""
        from frontends.tk.app import run_app

        return run_app(app)


@hookimpl
def roundhouse_register_frontends(registry) -> None:
    """Register the Tk window."""
    registry.add_frontend(TkFrontend())
