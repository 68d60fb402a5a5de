"""The Tk desktop window, a front-end plugin (id ``tk``).

Nothing here imports tkinter at import time: :meth:`TkFrontend.available`
only checks that the modules the window needs can be found (:data:`NEEDS`)
and that the named X display answers, without opening a window.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from roundhouse import hookimpl
from roundhouse.core.plugins.frontend import AppContext

NEEDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tkinter", ("tkinter", "_tkinter")),
    ("Pillow", ("PIL", "PIL.ImageTk", "PIL._imagingtk")),
    ("sv-ttk", ("sv_ttk",)),
)
"""What the window needs besides a display: (name to tell, its modules).

A Python built without Tk has the ``tkinter`` package but no ``_tkinter``;
Pillow's ``ImageTk`` also needs tkinter, and its ``_imagingtk`` hook is packaged
apart by some systems.
"""


class TkFrontend:
    """The themed window: a canvas table, direct play, panels and menus."""

    id = "tk"
    description = "desktop window (Tk, themed with sv-ttk)"

    def available(self) -> bool:
        """The modules of :data:`NEEDS` are there and, on X11 systems, DISPLAY names a display that answers."""
        if self.lacking() is not None:
            return False
        if sys.platform in ("win32", "darwin"):
            return True
        return display_reachable(os.environ.get("DISPLAY", ""))

    def lacking(self) -> str | None:
        """Why this Python cannot open the window whatever the display, in a few words; None when it can."""
        missing = [name for name, modules in NEEDS if not all(map(findable, modules))]
        if not missing:
            return None
        return f"the window needs {' and '.join(missing)}, which this Python lacks"

    def run(self, app: AppContext) -> int:
        """Open the window and play until it is closed."""
        from roundhouse.frontends.tk.app import run_app

        return run_app(app)


def findable(module: str) -> bool:
    """True when ``module`` can be imported as far as the import system can tell without running it.

    Only a submodule's parent packages are imported (``PIL`` for ``PIL.ImageTk``);
    a module set to None in ``sys.modules`` counts as missing.
    """
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


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
