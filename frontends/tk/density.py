"""The window's pixel sizes at its text size: tiles, rows, boxes and tags scale with the text.

Sizes in the layout and the drawing are written for a line of default text
:data:`BASE_LINESPACE` pixels high (DejaVu Sans at 10 points on a 96 dpi
screen). :func:`measure` takes a window's scale from its TkDefaultFont, which
follows the screen's DPI through ``tk scaling`` and the player's font size;
the window lays out and draws inside :func:`scaled`, where :func:`px` gives a
size at that scale. Outside it (arithmetic without a window) sizes are as written.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator
from contextlib import contextmanager

from roundhouse.frontends.tk.fonts import linespace

BASE_LINESPACE = 17
"""The height of a line of default text the pixel sizes are written for."""

_scale = 1.0


def measure(widget: tk.Misc) -> float:
    """The scale of ``widget``'s default text (never below 1: sizes never shrink under the written ones)."""
    return max(1.0, linespace(widget) / BASE_LINESPACE)


@contextmanager
def scaled(scale: float) -> Iterator[None]:
    """Lay out and draw at ``scale`` within the block (the previous scale after it)."""
    global _scale
    before, _scale = _scale, scale
    try:
        yield
    finally:
        _scale = before


def px(value: float) -> int:
    """``value`` pixels (written for BASE_LINESPACE) at the scale in use."""
    return round(value * _scale)
