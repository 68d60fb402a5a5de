"""The window's size: fitted to the screen it opens on, remembered once the player resizes it.

The remembered size lives in ``window.json`` next to the other settings
(:func:`roundhouse.frontends.tk.settings.config_dir`). A remembered size larger than
the current screen is ignored, so a window moved to a smaller screen still
fits.
"""

from __future__ import annotations

import json

from roundhouse.frontends.tk.settings import config_dir

FILE_NAME = "window.json"
MIN_WIDTH, MIN_HEIGHT = 800, 500
SCREEN_MARGIN = (0, 92)
"""Room left for a desktop's panel, the title bar and the menu bar: (width, height), when nothing is measured."""
DECORATION_INCHES = 0.33
"""A title bar's height, and a desktop panel's, in inches (32 pixels each at 96 dpi)."""
PREFERRED_SHARE = 0.9


def chrome_height(menu_height: int, pixels_per_inch: float, screen_height: int, max_height: int) -> int:
    """The height the window's surroundings take: its menu bar (measured), a title bar and a desktop panel.

    ``max_height`` is the tallest window the window manager allows (Tk's ``wm maxsize``); what it
    keeps off the screen counts as the title bar when that is more than :data:`DECORATION_INCHES`.
    """
    bar = round(DECORATION_INCHES * pixels_per_inch)
    title = max(bar, screen_height - max_height)
    return menu_height + title + bar


def fitted_size(screen_width: int, screen_height: int, chrome: int = SCREEN_MARGIN[1]) -> tuple[int, int]:
    """A size that fits the screen: most of it, leaving ``chrome`` pixels for a menu bar, title bar and panel."""
    room_w = max(MIN_WIDTH, screen_width - SCREEN_MARGIN[0])
    room_h = max(MIN_HEIGHT, screen_height - chrome)
    width = room_w if screen_width <= 1366 else int(screen_width * PREFERRED_SHARE)
    height = room_h if screen_height <= 900 else int(screen_height * PREFERRED_SHARE)
    return min(width, room_w), min(height, room_h)


def opening_size(screen_width: int, screen_height: int, chrome: int = SCREEN_MARGIN[1]) -> tuple[int, int]:
    """The remembered size when it fits this screen, else :func:`fitted_size`."""
    remembered = load()
    fits = remembered is not None and remembered[0] <= screen_width and remembered[1] <= screen_height
    return remembered if fits else fitted_size(screen_width, screen_height, chrome)


def load() -> tuple[int, int] | None:
    """The remembered ``(width, height)``, or None (none saved, or unreadable)."""
    try:
        data = json.loads((config_dir() / FILE_NAME).read_text(encoding="utf-8"))
        width, height = int(data["width"]), int(data["height"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (width, height) if width >= MIN_WIDTH and height >= MIN_HEIGHT else None


def save(width: int, height: int) -> bool:
    """Remember the player's size; False (nothing raised) when the directory is not writable."""
    directory = config_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / FILE_NAME).write_text(json.dumps({"width": width, "height": height}), encoding="utf-8")
    except OSError:
        return False
    return True
