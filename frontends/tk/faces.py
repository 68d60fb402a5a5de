"""Domino faces: pips laid out in a unit square, drawn large with PIL and scaled down, cached per Tk interpreter.

:func:`draw_tile` puts one face (or back) on a canvas with a ``face:a-b`` tag
on face-up tiles; :func:`tile_image` is the cached image itself (a dragged tile).
"""

from __future__ import annotations

import tkinter as tk

from PIL import Image, ImageDraw, ImageTk

from roundhouse.core.game.tiles import Tile
from roundhouse.frontends.tk.palette import Palette, current

DIM_PIP_MIX = 0.4
"""How far a dimmed tile's pips fade towards its face: still coloured and readable."""

_GRID3 = (0.22, 0.5, 0.78)
_GRID4 = (0.17, 0.39, 0.61, 0.83)


def pip_positions(value: int) -> list[tuple[float, float]]:
    """Pip centres of ``value`` (0-12, and higher as a grid) in a unit square."""
    lo, mid, hi = _GRID3
    table: dict[int, list[tuple[float, float]]] = {
        0: [],
        1: [(mid, mid)],
        2: [(lo, lo), (hi, hi)],
        3: [(lo, lo), (mid, mid), (hi, hi)],
        4: [(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
        5: [(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
        6: [(lo, lo), (lo, mid), (lo, hi), (hi, lo), (hi, mid), (hi, hi)],
    }
    if value in table:
        return table[value]
    if value <= 9:
        grid = [(x, y) for y in _GRID3 for x in _GRID3]
        drop = {7: [1, 7], 8: [4], 9: []}[value]
        return [p for i, p in enumerate(grid) if i not in drop]
    sides = [(x, y) for x in (lo, hi) for y in _GRID4]
    middle = {10: (0.39, 0.61), 11: (0.22, 0.5, 0.78), 12: _GRID4}.get(value)
    if middle is None:
        return [((i % 4 + 0.5) / 4, (i // 4 + 0.5) / 4) for i in range(min(value, 16))]
    return sides + [(mid, y) for y in middle]


SUPERSAMPLE = 3
_CACHE_LIMIT = 3000


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _mix(colour: tuple[int, int, int], towards: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """``colour`` moved ``share`` of the way towards ``towards``."""
    return tuple(round(c + (t - c) * share) for c, t in zip(colour, towards, strict=True))  # type: ignore[return-value]


def render_tile(
    first: int, second: int, side: int, vertical: bool, look: str, outline: str, width: int, bg: str, colours: Palette
) -> Image.Image:
    """A domino face (or back) in ``colours`` as an opaque RGB image on ``bg``, drawn large and scaled down.

    ``look`` is "face", "dim", "ghost" (a see-through preview) or "back".
    Opaque images keep Tk from blending every pixel at each redraw.
    """
    k = SUPERSAMPLE
    s = side * k
    w, h = (s, 2 * s) if vertical else (2 * s, s)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    fill = {"back": colours.back, "dim": colours.face_dim}.get(look, colours.face)
    radius = max(2, s // 7)
    pen.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=_rgb(fill), outline=_rgb(outline), width=width * k)
    if look == "back":
        inset = 3 * k
        pen.rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset), radius=radius, outline=_rgb(colours.back_inset), width=k
        )
    else:
        inset = 4 * k
        if vertical:
            pen.line((inset, s, w - inset, s), fill=_rgb(colours.edge), width=max(1, k))
            halves = ((0, 0, first), (0, s, second))
        else:
            pen.line((s, inset, s, h - inset), fill=_rgb(colours.edge), width=max(1, k))
            halves = ((0, 0, first), (s, 0, second))
        for x, y, value in halves:
            r = s * (0.075 if value > 9 else 0.09)
            colour = _rgb(colours.pip(value))
            if look == "dim":
                colour = _mix(colour, _rgb(colours.face_dim), DIM_PIP_MIX)
            for dx, dy in pip_positions(value):
                cx, cy = x + dx * s, y + dy * s
                pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    image = image.resize((w // k, h // k), Image.LANCZOS)
    if look == "ghost":
        image.putalpha(image.getchannel("A").point(lambda a: a * 60 // 100))
    flat = Image.new("RGB", image.size, _rgb(bg))
    flat.paste(image, (0, 0), image)
    return flat


def tile_image(
    canvas: tk.Canvas,
    first: int,
    second: int,
    side: float,
    vertical: bool,
    look: str,
    outline: str,
    width: int,
    bg: str,
) -> ImageTk.PhotoImage:
    """The cached Tk image of a tile (one cache per Tk interpreter)."""
    root = canvas._root()
    cache: dict = root.__dict__.setdefault("_roundhouse_tiles", {})
    key = (first, second, int(round(side)), vertical, look, outline, width, bg, current())
    image = cache.get(key)
    if image is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        image = ImageTk.PhotoImage(render_tile(*key), master=root)
        cache[key] = image
    return image


def draw_tile(
    canvas: tk.Canvas,
    x: float,
    y: float,
    first: int,
    second: int,
    side: float,
    vertical: bool,
    tags: tuple = (),
    *,
    face_up: bool = True,
    ghost: bool = False,
    dim: bool = False,
    outline: str | None = None,
    width: float = 1,
    bg: str | None = None,
) -> tuple[float, float, float, float]:
    """One domino: ``first`` on the left (top when vertical), ``second`` on the right (bottom).

    A face-down tile shows only its back (and carries no ``face:`` tag).
    ``ghost`` draws a translucent preview. ``outline`` and ``bg`` default to
    the palette's edge and felt. Returns the box.
    """
    colours = current()
    outline, bg = outline or colours.edge, bg or colours.felt
    side = int(round(side))
    w, h = (side, 2 * side) if vertical else (2 * side, side)
    if face_up:
        tags = tags + (f"face:{Tile(first, second)}",)
    look = "back" if not face_up else ("ghost" if ghost else ("dim" if dim else "face"))
    image = tile_image(canvas, first, second, side, vertical, look, outline, int(width), bg)
    canvas.create_image(x, y, image=image, anchor="nw", tags=tags)
    return (x, y, x + w, y + h)
