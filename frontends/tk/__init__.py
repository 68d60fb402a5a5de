"""The Tk desktop window, a front-end plugin (id ``tk``).

Nothing here imports tkinter at import time: :meth:`TkFrontend.available`
only checks that tkinter is installed and that the named X display answers,
without opening a window.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from roundhouse import hookimpl
from roundhouse.core.plugins.frontend import AppContext


class TkFrontend:
    """The themed window: a canvas table, direct play, panels and menus."""

    id = "tk"
    description = "desktop window (Tk, themed with sv-ttk)"

    def available(self) -> bool:
        """tkinter is importable and, on X11 systems, DISPLAY names a display that answers."""
        if importlib.util.find_spec("tkinter") is None:
            return False
        if sys.platform in ("win32", "darwin"):
            return True
        return display_reachable(os.environ.get("DISPLAY", ""))

    def run(self, app: AppContext) -> int:
        """Open the window and play until it is closed."""
        from roundhouse.frontends.tk.app import run_app

        return run_app(app)


def display_reachable(display: str) -> bool:
    """True when the X server of ``display`` (``[host]:N[.S]``) accepts connections.

    A local display is its socket in /tmp/.X11-unix; a remote one (SSH
    forwarding, ``localhost:10.0``) is tried over TCP with a short timeout.
    """
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if not number.isdigit():
        return False
    if host in ("", "unix"):
        return Path(f"/tmp/.X11-unix/X{number}").exists()
    try:
        import socket  # only for a remote display: keeps the start-up of other commands short

        socket.create_connection((host, 6000 + int(number)), timeout=0.5).close()
    except OSError:
        return False
    return True


@hookimpl
def roundhouse_register_frontends(registry) -> None:
    """Register the Tk window."""
    registry.add_frontend(TkFrontend())
