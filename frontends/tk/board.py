"""Canvas drawing: domino faces with pips, the table rows and the hand.

Everything here draws a :class:`frontends.tk.presenter.BoardModel` and
decides nothing. Items carry tags the window and the tests rely on:

- ``face:a-b`` on every face-up tile (table and hand), ``hand`` and
  ``hand:a-b`` on the shown hand's tiles, ``back`` on face-down tiles;
- ``target:<key>`` on a clickable place (a line's end, ``@centre``,
  ``@stock``) and ``row:<line>`` on a whole row;
- ``lit`` on places that light up for the selected tile, ``ghost`` on a
  previewed tile, ``last`` on the last move, ``owed`` on owed doubles.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageTk

from core.tiles import Tile
from frontends.tk import branches
from frontends.tk.presenter import CENTRE, STOCK, BoardModel, HandTileModel, LineModel, PlacedTile

FELT = "#24613a"
ROW = "#2d7345"
ROW_TURN = "#3a8a56"
ROW_TEXT = "#f4f1e6"
MUTED_TEXT = "#cfe3d3"
FACE = "#fbf8ef"
FACE_DIM = "#c9c4b5"
EDGE = "#2b2b2b"
BACK = "#7a2e2e"
LIT = "#ffd54a"
FOCUS = "#3fa9f5"
LAST = "#8fd3ff"
OWED = "#ff8a3d"
MARKER = "#e8463c"
HAND_BG = "#3b2a1e"


def use_palette(colours: dict[str, str]) -> None:
    """Draw from now on with ``colours`` (names as the constants above), a table theme's palette."""
    globals().update({name: colour for name, colour in colours.items() if name in _COLOUR_NAMES})


_COLOUR_NAMES = frozenset(name for name, value in dict(globals()).items() if name.isupper() and isinstance(value, str))

PIP_COLOURS = {
    1: "#1f5fbf",
    2: "#2e8b57",
    3: "#c0392b",
    4: "#6b3fa0",
    5: "#1a1a1a",
    6: "#d17a00",
    7: "#b5179e",
    8: "#00838f",
    9: "#5d4037",
    10: "#283593",
    11: "#558b2f",
    12: "#ad1457",
}

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


def render_tile(
    first: int, second: int, side: int, vertical: bool, look: str, outline: str, width: int, bg: str
) -> Image.Image:
    """A domino face (or back) as an opaque RGB image on ``bg``, drawn large and scaled down for smooth pips.

    ``look`` is "face", "dim", "ghost" (a see-through preview) or "back".
    Opaque images keep Tk from blending every pixel at each redraw.
    """
    k = SUPERSAMPLE
    s = side * k
    w, h = (s, 2 * s) if vertical else (2 * s, s)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    fill = {"back": BACK, "dim": FACE_DIM}.get(look, FACE)
    radius = max(2, s // 7)
    pen.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=_rgb(fill), outline=_rgb(outline), width=width * k)
    if look == "back":
        inset = 3 * k
        pen.rounded_rectangle(
            (inset, inset, w - 1 - inset, h - 1 - inset), radius=radius, outline=_rgb("#b35a4f"), width=k
        )
    else:
        inset = 4 * k
        if vertical:
            pen.line((inset, s, w - inset, s), fill=_rgb(EDGE), width=max(1, k))
            halves = ((0, 0, first), (0, s, second))
        else:
            pen.line((s, inset, s, h - inset), fill=_rgb(EDGE), width=max(1, k))
            halves = ((0, 0, first), (s, 0, second))
        for x, y, value in halves:
            r = s * (0.075 if value > 9 else 0.09)
            colour = _rgb("#9a9486" if look == "dim" else PIP_COLOURS.get(value, "#1a1a1a"))
            for px, py in pip_positions(value):
                cx, cy = x + px * s, y + py * s
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
    key = (first, second, int(round(side)), vertical, look, outline, width, bg, FACE, FACE_DIM, BACK, EDGE)
    image = cache.get(key)
    if image is None:
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        image = ImageTk.PhotoImage(render_tile(*key[:8]), master=root)
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
    outline: str = EDGE,
    width: float = 1,
    bg: str = FELT,
) -> tuple[float, float, float, float]:
    """One domino: ``first`` on the left (top when vertical), ``second`` on the right (bottom).

    A face-down tile shows only its back (and carries no ``face:`` tag).
    ``ghost`` draws a translucent preview. Returns the box.
    """
    side = int(round(side))
    w, h = (side, 2 * side) if vertical else (2 * side, side)
    if face_up:
        tags = tags + (f"face:{Tile(first, second)}",)
    look = "back" if not face_up else ("ghost" if ghost else ("dim" if dim else "face"))
    image = tile_image(canvas, first, second, side, vertical, look, outline, int(width), bg)
    canvas.create_image(x, y, image=image, anchor="nw", tags=tags)
    return (x, y, x + w, y + h)


@dataclass(frozen=True)
class TableMetrics:
    """Sizes of one table layout."""

    side: float
    label_width: float
    top_height: float
    row_gap: float


LABEL_WIDTH = 200
BADGE_ROOM = 90
"""Room after a line's open end for its marker or open-order badge."""
MIN_SIDE, MAX_SIDE = 13, 30


def table_metrics(model: BoardModel, width: int, height: int) -> TableMetrics:
    """Tile size so every row fits the visible height when possible (it scrolls otherwise)."""
    rows = max(1, len(branches.table_rows(model.lines)))
    top = 86
    side = (height - top - 8) / rows / 2.35
    side = max(MIN_SIDE, min(MAX_SIDE, side))
    if width < 700:
        side = min(side, 18)
    return TableMetrics(side=side, label_width=LABEL_WIDTH if width >= 700 else 160, top_height=top, row_gap=6)


def draw_table(canvas: tk.Canvas, model: BoardModel, width: int, height: int) -> float:
    """Draw the centre, the boneyard and one row per line; the total height used.

    Tiles shrink (down to a readable minimum) until every row fits the
    visible height; past that the table scrolls.
    """
    canvas.delete("all")
    m = table_metrics(model, width, height)
    used = _table_height(model, width, m)
    while m.side > MIN_SIDE and used > height:
        smaller = TableMetrics(m.side - 1, m.label_width, m.top_height, m.row_gap)
        less = _table_height(model, width, smaller)
        if less >= used:
            break  # rows are as short as their labels: smaller tiles would only be harder to read
        m, used = smaller, less
    _draw_top(canvas, model, width, m)
    y = m.top_height
    for row in branches.table_rows(model.lines):
        y += branches.draw_row(canvas, row, width, y, m, _draw_row) + m.row_gap
    return y


def _table_height(model: BoardModel, width: int, m: TableMetrics) -> float:
    rows = branches.table_rows(model.lines)
    line_height = lambda line, w, metrics: row_layout(line, w, metrics)[3]  # noqa: E731
    return m.top_height + sum(branches.row_height(row, width, m, line_height) + m.row_gap for row in rows)


def row_layout(
    line: LineModel, width: int, m: TableMetrics
) -> tuple[list[tuple[float, int, PlacedTile]], float, int, float]:
    """Where a row's tiles go: ``(positions (x, sub-row, tile), end-slot x, its sub-row, row height)``.

    Long rows wrap onto further sub-rows.
    """
    side = int(m.side)
    x0 = m.label_width + 12
    right = width - 12
    positions: list[tuple[float, int, PlacedTile]] = []
    x, sub = x0, 0
    for placed in line.tiles:
        w = side if placed.tile.is_double else 2 * side
        if x + w > right - 2 * side - 8 and x > x0:
            x, sub = x0, sub + 1
        positions.append((x, sub, placed))
        x += w + 3
    end_room = branches.CLOSED_END_WIDTH if line.closed else 2 * side + 8 + (BADGE_ROOM if line.badge else 0)
    if x + end_room > right and x > x0:
        x, sub = x0, sub + 1
    return positions, x, sub, max((sub + 1) * (2 * side + 6) + 6, 42)


def _draw_top(canvas: tk.Canvas, model: BoardModel, width: int, m: TableMetrics) -> None:
    side = 34
    x, y = 16, 10
    tags = ("centre", f"target:{CENTRE}")
    canvas.create_rectangle(4, 2, 290, m.top_height - 6, fill=FELT, outline="", tags=tags)
    centre_bg = FELT
    if model.centre_target or model.centre_focused or model.centre_last:
        centre_bg = FOCUS if model.centre_focused else (LIT if model.centre_target else LAST)
        canvas.create_rectangle(
            x - 6,
            y - 6,
            x + 2 * side + 6,
            y + side + 6,
            fill=centre_bg,
            outline="",
            tags=tags + (("lit",) if model.centre_target else ()),
        )
    if model.centre is not None:
        centre = model.centre
        draw_tile(canvas, x, y, centre.a, centre.b, side, False, tags + ("placed",), width=2, bg=centre_bg)
    elif model.centre_ghost is not None:
        ghost = model.centre_ghost
        draw_tile(canvas, x, y, ghost.a, ghost.b, side, False, tags + ("ghost",), ghost=True, bg=centre_bg)
    else:
        canvas.create_rectangle(x, y, x + 2 * side, y + side, outline=ROW_TEXT, dash=(4, 3), tags=tags)
    canvas.create_text(
        x,
        y + side + 8,
        text=model.centre_label,
        anchor="nw",
        fill=ROW_TEXT,
        font=("TkDefaultFont", 11, "bold"),
        tags=tags,
        width=270,
    )
    canvas.create_text(
        width - 16, 20, text=model.heading, anchor="e", fill=ROW_TEXT, font=("TkDefaultFont", 13, "bold")
    )
    sx = 300
    stags = ("stock", f"target:{STOCK}")
    canvas.create_rectangle(sx - 8, 2, sx + 2 * side + 30, m.top_height - 6, fill=FELT, outline="", tags=stags)
    stock_bg = FELT
    if model.stock_target or model.stock_focused:
        stock_bg = FOCUS if model.stock_focused else LIT
        canvas.create_rectangle(
            sx - 6, y - 6, sx + 2 * side + 18, y + side + 14, fill=stock_bg, outline="", tags=stags + ("lit",)
        )
    if model.pile_count:
        for i in range(min(3, model.pile_count)):
            draw_tile(canvas, sx + 4 * (2 - i), y + 4 * (2 - i), 0, 0, side, False, stags, face_up=False, bg=stock_bg)
    else:
        canvas.create_rectangle(sx, y, sx + 2 * side, y + side, outline=MUTED_TEXT, dash=(2, 3), tags=stags)
    if model.stock_ghost:
        gx = sx + 2 * side + 40
        draw_tile(canvas, gx, y, 0, 0, side, False, ("ghost", "stock-ghost"), face_up=False, outline=LIT, width=3)
        canvas.create_text(
            gx + side, y + side / 2, text="?", fill=LIT, font=("TkDefaultFont", 16, "bold"), tags=("ghost",)
        )
    canvas.create_text(
        sx, y + side + 18, text=model.stock_label, anchor="w", fill=ROW_TEXT, font=("TkDefaultFont", 11), tags=stags
    )


def _draw_row(canvas: tk.Canvas, line: LineModel, width: int, top: float, m: TableMetrics) -> float:
    side = int(m.side)
    pitch = 2 * side + 6
    positions, x, sub, height = row_layout(line, width, m)
    row_tags = (f"row:{line.id}", "row")
    bg = ROW_TURN if line.owners_turn else ROW
    canvas.create_rectangle(6, top, width - 6, top + height, fill=bg, outline="", tags=row_tags)
    name = ("▶ " if line.owners_turn else "") + line.label
    canvas.create_text(
        16,
        top + 12,
        text=name,
        anchor="w",
        fill=ROW_TEXT,
        font=("TkDefaultFont", 11, "bold"),
        tags=row_tags,
        width=m.label_width - 10,
    )
    if line.count_text:
        canvas.create_text(
            16, top + 30, text=line.count_text, anchor="w", fill=MUTED_TEXT, font=("TkDefaultFont", 10), tags=row_tags
        )
    if line.badge and not line.closed:
        bx, cy = x + 2 * side + 10, top + 3 + sub * pitch + side
        canvas.create_oval(bx, cy - 7, bx + 14, cy + 7, fill=MARKER, outline=ROW_TEXT, tags=row_tags + ("marker",))
        canvas.create_text(
            bx + 19,
            cy,
            text=line.badge,
            anchor="w",
            fill=ROW_TEXT,
            font=("TkDefaultFont", 10, "bold"),
            tags=row_tags + ("marker",),
        )
    for px, psub, placed in positions:
        _draw_placed(canvas, placed, px, top + 3 + psub * pitch, side, row_tags + (f"line:{line.id}",), bg)
    if line.closed:
        branches.draw_closed_end(canvas, x, top + 3 + sub * pitch, side, line.badge, row_tags)
    else:
        _draw_slot(canvas, line, x, top + 3 + sub * pitch, side, row_tags, bg)
    return height


def _draw_placed(canvas: tk.Canvas, placed: PlacedTile, x: float, y: float, side: int, tags: tuple, bg: str) -> None:
    vertical = placed.tile.is_double
    ty = y if vertical else y + side // 2
    w, h = (side, 2 * side) if vertical else (2 * side, side)
    extra: tuple = ()
    if placed.last:
        canvas.create_rectangle(x - 3, ty - 3, x + w + 3, ty + h + 3, fill=LAST, outline="", tags=tags + ("last",))
        extra += ("last",)
        bg = LAST
    owed = placed.owed_order is not None
    if owed:
        extra += ("owed", f"owed:{placed.owed_order}")
    draw_tile(
        canvas,
        x,
        ty,
        placed.left,
        placed.right,
        side,
        vertical,
        tags + extra,
        outline=OWED if owed else EDGE,
        width=3 if owed else 1,
        bg=bg,
    )
    if owed:
        r = 8
        canvas.create_oval(x + w - r, ty - r, x + w + r, ty + r, fill=OWED, outline=EDGE, tags=tags + ("owed",))
        canvas.create_text(
            x + w,
            ty,
            text=str(placed.owed_order),
            fill="black",
            font=("TkDefaultFont", 9, "bold"),
            tags=tags + ("owed",),
        )


def _draw_slot(canvas: tk.Canvas, line: LineModel, x: float, y: float, side: int, row_tags: tuple, bg: str) -> None:
    tags = row_tags + (f"target:{line.id}", "slot")
    ty = y + side // 2
    box = (x, ty, x + 2 * side, ty + side)
    if line.ghost is not None:
        ghost = line.ghost
        canvas.create_rectangle(x - 4, ty - 4, x + 2 * side + 4, ty + side + 4, fill=LIT, outline="", tags=tags)
        bg = LIT
        draw_tile(
            canvas,
            x,
            ty,
            ghost.left,
            ghost.right,
            side,
            False,
            tags + ("ghost",),
            ghost=True,
            outline=LIT,
            width=3,
            bg=bg,
        )
        return
    lit = line.target or line.focused
    if lit:
        canvas.create_rectangle(
            *box,
            fill=LIT,
            outline=FOCUS if line.focused else EDGE,
            width=4 if line.focused else 2,
            tags=tags + ("lit",),
        )
    else:
        canvas.create_rectangle(*box, outline=MUTED_TEXT, dash=(3, 3), tags=tags)
    canvas.create_text(
        x + side,
        ty + side / 2,
        text=str(line.end),
        fill=EDGE if lit else MUTED_TEXT,
        font=("TkDefaultFont", max(8, int(side * 0.55)), "bold"),
        tags=tags,
    )


HAND_SIDE = 32


def hand_height(model: BoardModel, width: int) -> int:
    """Pixels the hand needs at ``width`` (it wraps to more rows when long)."""
    per_row = max(1, int((width - 24) // (HAND_SIDE + 8)))
    rows = max(1, -(-len(model.hand) // per_row))
    return 34 + rows * (2 * HAND_SIDE + 18)


def draw_hand(canvas: tk.Canvas, model: BoardModel, width: int) -> None:
    """The shown hand along the bottom (faces only for its owner, DX.3)."""
    canvas.delete("all")
    canvas.create_text(12, 14, text=model.hand_title, anchor="w", fill=ROW_TEXT, font=("TkDefaultFont", 11, "bold"))
    if not model.hand:
        return
    side = HAND_SIDE
    per_row = max(1, int((width - 24) // (side + 8)))
    for index, item in enumerate(model.hand):
        row, col = divmod(index, per_row)
        x = 12 + col * (side + 8)
        y = 34 + row * (2 * side + 18) + (0 if item.selected else 8)
        _draw_hand_tile(canvas, item, x, y, side)


def _draw_hand_tile(canvas: tk.Canvas, item: HandTileModel, x: float, y: float, side: float) -> None:
    tags = ("hand", f"hand:{item.tile}")
    bg = HAND_BG
    if item.selected:
        bg = LIT
        canvas.create_rectangle(
            x - 4, y - 4, x + side + 4, y + 2 * side + 4, fill=LIT, outline="", tags=tags + ("selected",)
        )
    draw_tile(
        canvas,
        x,
        y,
        item.tile.a,
        item.tile.b,
        side,
        True,
        tags,
        dim=not item.playable and not item.selected,
        outline=FOCUS if item.selected else EDGE,
        width=2 if item.selected else 1,
        bg=bg,
    )
    if item.fresh:
        canvas.create_oval(x + side - 5, y - 5, x + side + 5, y + 5, fill=LAST, outline=EDGE, tags=tags + ("fresh",))
