"""Named fonts derived from the player's TkDefaultFont, so their family, size and ``tk scaling`` apply.

A font given as ``("TkDefaultFont", 11)`` is read by Tk as a family that does
not exist: the player's font and size are lost. :func:`font` instead names a
font of TkDefaultFont's family whose size is relative to TkDefaultFont's
(``points`` as if the default were :data:`BASE_POINTS`), created once per Tk
interpreter. Sizes in points grow with the screen's DPI through ``tk scaling``.
:func:`pixel_font` is for text that must fit a drawn box (a line's open end).
:func:`linespace` is the height of a line of default text: the unit the
window's pixel sizes scale with (:mod:`roundhouse.frontends.tk.density`).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont

BASE_POINTS = 10
"""The default size the relative sizes are written for: ``font(w, 12)`` is 20% larger than the default."""
STYLES = ("bold", "italic", "underline")


def _registry(widget: tk.Misc) -> dict[str, tkfont.Font]:
    root = widget._root()
    return root.__dict__.setdefault("_roundhouse_fonts", {})


def _default(widget: tk.Misc) -> dict:
    return tkfont.nametofont("TkDefaultFont", root=widget._root()).actual()


def _make(widget: tk.Misc, name: str, size: int, style: tuple[str, ...]) -> str:
    unknown = set(style) - set(STYLES)
    if unknown:
        raise ValueError(f"unknown font style {sorted(unknown)}")
    fonts = _registry(widget)
    if name not in fonts:
        fonts[name] = tkfont.Font(
            widget._root(),
            name=name,
            family=_default(widget)["family"],
            size=size,
            weight="bold" if "bold" in style else "normal",
            slant="italic" if "italic" in style else "roman",
            underline="underline" in style,
        )
    return name


def font(widget: tk.Misc, points: float, *style: str) -> str:
    """The name of a font ``points``/BASE_POINTS times TkDefaultFont's size, in its family, with ``style``."""
    name = f"Roundhouse{points:g}{''.join(style)}"
    if name in _registry(widget):  # made once per interpreter: asking Tk for the default again costs a call
        return name
    default = int(_default(widget)["size"])
    size = round(default * points / BASE_POINTS) or (1 if default > 0 else -1)
    return _make(widget, name, size, style)


def pixel_font(widget: tk.Misc, pixels: int, *style: str) -> str:
    """The name of a font of TkDefaultFont's family ``pixels`` high, with ``style``."""
    pixels = max(6, int(pixels))
    return _make(widget, f"RoundhousePx{pixels}{''.join(style)}", -pixels, style)


def linespace(widget: tk.Misc) -> int:
    """The height of a line of TkDefaultFont text, in pixels."""
    return int(tkfont.nametofont("TkDefaultFont", root=widget._root()).metrics("linespace"))
