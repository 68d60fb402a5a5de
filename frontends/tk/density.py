"""The window's pixel sizes at the current text size: tiles, rows, boxes and tags scale with the text.

Sizes in the layout and the drawing are written for a line of default text
:data:`BASE_LINESPACE` pixels high (DejaVu Sans at 10 points on a 96 dpi
screen); :func:`px` gives one at the scale :func:`measure` took from the
window's TkDefaultFont, which follows the screen's DPI through ``tk scaling``
and the player's font size. Like the palette, the scale in use is the one
last measured (one window draws at a time).
"""

from __future__ import annotations

import tkinter as tk

from roundhouse.frontends.tk.fonts import linespace

BASE_LINESPACE = 17
"""The height of a line of default text the pixel sizes are written for."""

_scale = 1.0


def measure(widget: tk.Misc) -> float:
    """Take the scale of ``widget``'s default text (never below 1: sizes never shrink under the written ones)."""
    global _scale
    _scale = max(1.0, linespace(widget) / BASE_LINESPACE)
    return _scale


def current() -> float:
    """The scale last measured (1.0 before any)."""
    return _scale


def px(value: float) -> int:
    """``value`` pixels (written for BASE_LINESPACE) at the current scale."""
    return round(value * _scale)
