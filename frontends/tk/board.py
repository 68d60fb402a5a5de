"""Canvas drawing: domino faces with pips, the table rows and the hand.

Everything here draws a :class:`roundhouse.frontends.tk.presenter.BoardModel` and
decides nothing. Items carry tags the window and the tests rely on:

- ``face:a-b`` on every face-up tile (table and hand), ``hand`` and
  ``hand:a-b`` on the shown hand's tiles, ``back`` on face-down tiles;
- ``target:<key>`` on a clickable place (a line's end, ``@centre``,
  ``@stock``) and ``row:<line>`` on a whole row;
- ``lit`` on places that light up for the selected tile, ``ghost`` on a
  previewed tile, ``last`` on the last move, ``owed`` on owed doubles,
  ``placed`` on every laid tile, ``latest:<line>`` on the name tag under a
  line's latest tile, ``dim`` on hand tiles that cannot be played now;
- ``pinned`` on the header (centre, boneyard, heading, ``feed``), which
  stays in view while the rows scroll;
- ``label`` on a row's name and ``counts`` on its owner's counts under it;
- ``elbow`` on the joint from a line's row down to its sub-lines' band,
  ``closed`` on a closed line's end bar (it has no open end).
"""

from __future__ import annotations

import tkinter as tk

from PIL import Image, ImageDraw, ImageTk

from roundhouse.core.game.tiles import Tile
from roundhouse.frontends.tk.density import px
from roundhouse.frontends.tk.fonts import font, pixel_font
from roundhouse.frontends.tk.layout import (
    HAND_LIFT,
    HAND_TITLE,
    HandPlan,
    RowPlan,
    TablePlan,
    plan_table,
    tile_bottom,
)
from roundhouse.frontends.tk.palette import DEFAULT, Palette, current
from roundhouse.frontends.tk.presenter import CENTRE, STOCK, BoardModel, HandTileModel, LineModel, PlacedTile
from roundhouse.frontends.tk.row_labels import (
    COUNT_GAP,
    NAME_TOP,
    WRAP_MARGIN,
    LabelMeasure,
    count_font,
    name_font,
    row_name,
)
from roundhouse.frontends.tk.spinner import draw_cross

DIM_PIP_MIX = 0.4
"""How far a dimmed tile's pips fade towards its face: still coloured and readable."""
FELT, ROW_TEXT = DEFAULT.felt, DEFAULT.row_text
"""The default felt and text colours, for screens drawn outside the table."""

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


HEADER_MIN = 86
FEED_X = 500
FEED_LINES = 5
FEED_COLUMN_MIN = 320
FEED_COLUMN_MAX = 560
CENTRE_SIDE = 34
HEADING_MIN = 170
"""The round heading wraps within this width, or wider when the feed keeps FEED_COLUMN_MIN beside it."""


FEED_SHARE = 0.25
"""A folded feed keeps the header within this share of the table's visible height (or HEADER_MIN)."""


def header_limit(height: float) -> float:
    """The tallest the header may grow with a folded feed, in a table ``height`` pixels tall."""
    return max(float(px(HEADER_MIN)), height * FEED_SHARE)


def draw_table(canvas: tk.Canvas, model: BoardModel, width: int, height: int, feed_open: bool = False) -> TablePlan:
    """Draw the pinned header (centre, boneyard, feed) and one row per line; the layout used.

    The header items carry the ``pinned`` tag and are drawn at the top of
    the canvas; :func:`pin_header` keeps them in view while the rows scroll.
    Unless ``feed_open``, the feed folds to its newest moves so that the
    header stays within :func:`header_limit`; a ``feed-toggle`` item opens
    (or folds) it.
    """
    canvas.delete("all")
    top = _draw_top(canvas, model, width, header_limit(height), feed_open)
    if model.spinner_arms:  # a spinner: its arms as a cross, not as rows
        plan = draw_cross(canvas, model, width, height, top, draw_tile)
        canvas.tag_raise("pinned")
        return plan
    plan = plan_table(model.lines, width, height, top, LabelMeasure(canvas))
    for row in plan.rows:
        _draw_row(canvas, row, plan.side)
    canvas.tag_raise("pinned")
    return plan


def pin_header(canvas: tk.Canvas) -> None:
    """Move the pinned header to the top of the visible part of the canvas, above every row's item."""
    boxes = canvas.find_withtag("pinned-bg")
    if boxes:
        dy = canvas.canvasy(0) - canvas.coords(boxes[0])[1]
        if dy:
            canvas.move("pinned", 0, dy)
        canvas.tag_raise("pinned")


def _draw_top(canvas: tk.Canvas, model: BoardModel, width: int, limit: float, feed_open: bool) -> float:
    """The header: centre, boneyard, round heading and the feed of the other players' moves; its height."""
    colours = current()
    pinned = ("pinned",)
    background = canvas.create_rectangle(
        0, 0, width, px(HEADER_MIN), fill=colours.felt, outline="", tags=("pinned", "pinned-bg")
    )
    side = px(CENTRE_SIDE)
    x, y = px(16), px(10)
    tags = pinned + ("centre", f"target:{CENTRE}")
    canvas.create_rectangle(4, 2, px(290), px(HEADER_MIN) - 6, fill=colours.felt, outline="", tags=tags)
    centre_bg = colours.felt
    if model.centre_target or model.centre_focused or model.centre_last:
        centre_bg = colours.focus if model.centre_focused else (colours.lit if model.centre_target else colours.last)
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
        canvas.create_rectangle(x, y, x + 2 * side, y + side, outline=colours.row_text, dash=(4, 3), tags=tags)
    canvas.create_text(
        x,
        y + side + 8,
        text=model.centre_label,
        anchor="nw",
        fill=colours.row_text,
        font=font(canvas, 11, "bold"),
        tags=tags,
        width=px(270),
    )
    _draw_stock(canvas, model, px(300), y, side)
    heading = canvas.create_text(
        width - 16,
        8,
        text=model.heading,
        anchor="ne",
        justify="right",
        width=max(px(HEADING_MIN), width - 32 - px(FEED_X) - px(FEED_COLUMN_MIN)),
        fill=colours.row_text,
        font=font(canvas, 12, "bold"),
        tags=pinned + ("heading",),
    )
    bottom = max(float(px(HEADER_MIN)), canvas.bbox("stock-label")[3] + 6)
    if model.feed:
        right = canvas.bbox(heading)[0] - 16
        bottom = max(bottom, _draw_feed(canvas, model, right, limit - 8, feed_open) + 8)
    canvas.coords(background, 0, 0, width, bottom)
    return bottom


def _draw_feed(canvas: tk.Canvas, model: BoardModel, right: float, limit: float, feed_open: bool) -> float:
    """The other players' moves since the viewer's turn, newest last, in one or two columns; the bottom edge.

    At most FEED_LINES sentences per column are shown (the newest); the title says how many older
    ones the log keeps. Title and sentences wrap within ``right``, clear of the round heading.
    A feed that would end below ``limit`` folds: its oldest sentences go until it ends above it,
    and a ``feed-toggle`` after the title opens it (``feed_open``), or folds it again.
    """
    sentences = model.feed
    room = max(px(160), right - px(FEED_X))
    columns = 2 if room >= 2 * px(FEED_COLUMN_MIN) else 1
    most = len(sentences[-FEED_LINES * columns :])
    bottom = _feed_items(canvas, model, room, columns, most, "")
    if bottom <= limit:
        return bottom
    if feed_open:
        return _feed_items(canvas, model, room, columns, most, model.feed_less)
    shown = most
    while bottom > limit and shown > 0:
        shown -= 1
        bottom = _feed_items(canvas, model, room, columns, shown, model.feed_more)
    return bottom


def _feed_items(canvas: tk.Canvas, model: BoardModel, room: float, columns: int, count: int, toggle: str) -> float:
    """Draw the feed's title (and ``toggle``, when not empty) and its ``count`` newest sentences; the bottom edge."""
    colours = current()
    canvas.delete("feed", "feed-toggle")
    sentences = model.feed
    shown = sentences[len(sentences) - count :] if count else ()
    title = model.feed_title
    if len(shown) < len(sentences) and model.feed_earlier is not None:
        title = f"{title} ({model.feed_earlier(len(sentences) - len(shown))})"
    column_width = min(px(FEED_COLUMN_MAX), (room - 16 * (columns - 1)) / columns)
    per_column = max(1, -(-len(shown) // columns))
    tags = ("pinned", "feed")
    item = canvas.create_text(
        px(FEED_X),
        8,
        text=title,
        anchor="nw",
        fill=colours.muted_text,
        font=font(canvas, 10, "bold"),
        width=room,
        tags=tags,
    )
    y2 = canvas.bbox(item)[3]
    if toggle:
        end = px(FEED_X) + _last_line_width(canvas, item)
        toggle_item = canvas.create_text(
            end + 10,
            y2,
            text=toggle,
            anchor="sw",
            fill=colours.row_text,
            font=font(canvas, 10, "underline"),
            tags=("pinned", "feed-toggle"),
        )
        if canvas.bbox(toggle_item)[2] > px(FEED_X) + room:
            canvas.coords(toggle_item, px(FEED_X), y2 + 1)
            canvas.itemconfigure(toggle_item, anchor="nw")
            y2 = canvas.bbox(toggle_item)[3]
    top = y2 + 2
    bottom = top
    for column in range(columns):
        y = top
        for sentence in shown[column * per_column : (column + 1) * per_column]:
            item = canvas.create_text(
                px(FEED_X) + column * (column_width + 16),
                y,
                text=sentence,
                anchor="nw",
                fill=colours.row_text,
                font=font(canvas, 10),
                width=column_width,
                tags=tags + ("feed-line",),
            )
            y = canvas.bbox(item)[3] + 1
        bottom = max(bottom, y)
    return bottom


def _last_line_width(canvas: tk.Canvas, item: int) -> int:
    """How wide the last wrapped line of text ``item`` is."""
    x1, _y1, _x2, y2 = canvas.bbox(item)
    start = canvas.index(item, f"@{x1},{y2 - 3}")
    text = canvas.itemcget(item, "text")[start:]
    return int(canvas.tk.call("font", "measure", canvas.itemcget(item, "font"), text.strip()))


def _draw_stock(canvas: tk.Canvas, model: BoardModel, sx: float, y: float, side: int) -> None:
    colours = current()
    stags = ("pinned", "stock", f"target:{STOCK}")
    canvas.create_rectangle(
        sx - 8, 2, sx + 2 * side + 30, px(HEADER_MIN) - 6, fill=colours.felt, outline="", tags=stags
    )
    stock_bg = colours.felt
    if model.stock_target or model.stock_focused:
        stock_bg = colours.focus if model.stock_focused else colours.lit
        canvas.create_rectangle(
            sx - 6, y - 6, sx + 2 * side + 18, y + side + 14, fill=stock_bg, outline="", tags=stags + ("lit",)
        )
    if model.pile_count:
        for i in range(min(3, model.pile_count)):
            draw_tile(canvas, sx + 4 * (2 - i), y + 4 * (2 - i), 0, 0, side, False, stags, face_up=False, bg=stock_bg)
    else:
        canvas.create_rectangle(sx, y, sx + 2 * side, y + side, outline=colours.muted_text, dash=(2, 3), tags=stags)
    if model.stock_ghost:
        gx = sx + 2 * side + 40
        gtags = ("pinned", "ghost", "stock-ghost", f"target:{STOCK}")
        draw_tile(canvas, gx, y, 0, 0, side, False, gtags, face_up=False, outline=colours.lit, width=3)
        canvas.create_text(
            gx + side, y + side / 2, text="?", fill=colours.row_text, font=font(canvas, 16, "bold"), tags=gtags
        )
    canvas.create_text(
        sx,
        y + side + 10,
        text=model.stock_label,
        anchor="nw",
        width=px(FEED_X) - sx - 12,
        fill=colours.row_text,
        font=font(canvas, 11),
        tags=stags + ("stock-label",),
    )


def _draw_row(canvas: tk.Canvas, row: RowPlan, side: int) -> None:
    colours = current()
    line = row.line
    row_tags = (f"row:{line.id}", "row")
    bg = colours.row_turn if line.owners_turn else colours.row
    canvas.create_rectangle(row.x, row.y, row.x + row.width, row.y + row.height, fill=bg, outline="", tags=row_tags)
    label = canvas.create_text(
        row.x + 10,
        row.y + px(NAME_TOP),
        text=row_name(line),
        anchor="nw",
        fill=colours.row_text,
        font=name_font(canvas, row.label_width),
        tags=row_tags + ("label",),
        width=row.label_width - px(WRAP_MARGIN),
    )
    if line.count_text:
        canvas.create_text(
            row.x + 10,
            canvas.bbox(label)[3] + px(COUNT_GAP),
            text=line.count_text,
            anchor="nw",
            fill=colours.muted_text,
            font=count_font(canvas),
            tags=row_tags + ("counts",),
            width=row.label_width - px(WRAP_MARGIN),
        )
    if row.joint is not None:
        canvas.create_line(*row.joint, fill=colours.row_text, width=3, tags=("elbow",))
    slot_x, slot_y = row.slot
    if line.badge and not line.closed:
        bx, cy = slot_x + 2 * side + px(10), slot_y + side
        canvas.create_oval(
            bx,
            cy - px(7),
            bx + px(14),
            cy + px(7),
            fill=colours.marker,
            outline=colours.row_text,
            tags=row_tags + ("marker",),
        )
        canvas.create_text(
            bx + px(19),
            cy,
            text=line.badge,
            anchor="w",
            fill=colours.row_text,
            font=font(canvas, 10, "bold"),
            tags=row_tags + ("marker",),
        )
    for tx, ty, placed in row.tiles:
        _draw_placed(canvas, placed, tx, ty, side, row_tags + (f"line:{line.id}",), bg)
        if placed.latest and line.latest_by:
            _draw_latest_chip(canvas, line, tx, ty, side, placed, row_tags)
    if line.closed:
        _draw_closed_end(canvas, slot_x + 4, slot_y, side, line.badge, row_tags)
    else:
        _draw_slot(canvas, line, slot_x, slot_y, side, row_tags, bg)
    canvas.tag_raise(f"latest:{line.id}")


def _draw_closed_end(canvas: tk.Canvas, x: float, y: float, side: int, text: str, tags: tuple) -> None:
    """A closed line's end: a bar where the open end would be, then ``text`` ("closed")."""
    colours = current()
    tags = tags + ("closed",)
    canvas.create_rectangle(x, y + 2, x + 6, y + 2 * side - 2, fill=colours.row_text, outline="", tags=tags)
    canvas.create_text(
        x + 12,
        y + side,
        text=text,
        anchor="w",
        fill=colours.muted_text,
        font=font(canvas, 10, "italic"),
        tags=tags,
    )


def _draw_latest_chip(
    canvas: tk.Canvas, line: LineModel, x: float, y: float, side: int, placed: PlacedTile, row_tags: tuple
) -> None:
    """A small name tag right under a line's latest tile (clear of it): who laid it."""
    colours = current()
    w = side if placed.tile.is_double else 2 * side
    top = y + tile_bottom(placed, side) + 1
    tags = row_tags + ("latest", f"latest:{line.id}")
    text = canvas.create_text(
        x + w / 2,
        top,
        text=line.latest_by,
        anchor="n",
        fill=colours.edge,
        font=font(canvas, 8, "bold"),
        tags=tags,
    )
    x1, y1, x2, y2 = canvas.bbox(text)
    box = canvas.create_rectangle(x1 - 2, y1, x2 + 2, y2, fill=colours.last, outline=colours.edge, tags=tags)
    canvas.tag_lower(box, text)


def _draw_placed(canvas: tk.Canvas, placed: PlacedTile, x: float, y: float, side: int, tags: tuple, bg: str) -> None:
    colours = current()
    vertical = placed.tile.is_double
    ty = y if vertical else y + side // 2
    w, h = (side, 2 * side) if vertical else (2 * side, side)
    extra: tuple = ()
    if placed.last:
        canvas.create_rectangle(
            x - 3, ty - 3, x + w + 3, ty + h + 3, fill=colours.last, outline="", tags=tags + ("last",)
        )
        extra += ("last",)
        bg = colours.last
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
        tags + extra + ("placed",),
        outline=colours.owed if owed else colours.edge,
        width=3 if owed else 1,
        bg=bg,
    )
    if owed:
        r = px(8)
        canvas.create_oval(
            x + w - r, ty - r, x + w + r, ty + r, fill=colours.owed, outline=colours.edge, tags=tags + ("owed",)
        )
        canvas.create_text(
            x + w,
            ty,
            text=str(placed.owed_order),
            fill=colours.edge,
            font=font(canvas, 9, "bold"),
            tags=tags + ("owed",),
        )


def _draw_slot(canvas: tk.Canvas, line: LineModel, x: float, y: float, side: int, row_tags: tuple, bg: str) -> None:
    """A line's open end: lit when the selected tile may go there, or the previewed tile exactly as it will lie."""
    colours = current()
    tags = row_tags + (f"target:{line.id}", "slot")
    ty = y + side // 2
    box = (x, ty, x + 2 * side, ty + side)
    if line.ghost is not None:
        ghost = line.ghost
        vertical = ghost.tile.is_double
        gy = y if vertical else ty
        w, h = (side, 2 * side) if vertical else (2 * side, side)
        canvas.create_rectangle(x - 4, gy - 4, x + w + 4, gy + h + 4, fill=colours.lit, outline="", tags=tags)
        draw_tile(
            canvas,
            x,
            gy,
            ghost.left,
            ghost.right,
            side,
            vertical,
            tags + ("ghost",),
            ghost=True,
            outline=colours.lit,
            width=3,
            bg=colours.lit,
        )
        return
    lit = line.target or line.focused
    if lit:
        canvas.create_rectangle(
            *box,
            fill=colours.lit,
            outline=colours.focus if line.focused else colours.edge,
            width=4 if line.focused else 2,
            tags=tags + ("lit",),
        )
    else:
        canvas.create_rectangle(*box, outline=colours.muted_text, dash=(3, 3), tags=tags)
    canvas.create_text(
        x + side,
        ty + side / 2,
        text=str(line.end),
        fill=colours.edge if lit else colours.muted_text,
        font=pixel_font(canvas, int(side * 0.62), "bold"),
        tags=tags,
    )


def draw_hand(canvas: tk.Canvas, model: BoardModel, plan: HandPlan) -> None:
    """The shown hand along the bottom in the model's order (faces only for its owner, DX.3)."""
    colours = current()
    canvas.delete("all")
    canvas.create_text(
        12,
        px(HAND_TITLE) // 2,
        text=model.hand_title,
        anchor="w",
        fill=colours.row_text,
        font=font(canvas, 11, "bold"),
    )
    for index, item in enumerate(model.hand):
        x, y = plan.origin(index)
        _draw_hand_tile(canvas, item, x, y - (px(HAND_LIFT) if item.selected else 0), plan.side)


def _draw_hand_tile(canvas: tk.Canvas, item: HandTileModel, x: float, y: float, side: float) -> None:
    colours = current()
    tags = ("hand", f"hand:{item.tile}")
    bg = colours.hand_bg
    if item.selected:
        bg = colours.lit
        canvas.create_rectangle(
            x - 4, y - 4, x + side + 4, y + 2 * side + 4, fill=colours.lit, outline="", tags=tags + ("selected",)
        )
    draw_tile(
        canvas,
        x,
        y,
        *((item.tile.b, item.tile.a) if item.flipped else (item.tile.a, item.tile.b)),
        side,
        True,
        tags + (() if item.playable or item.selected else ("dim",)),
        dim=not item.playable and not item.selected,
        outline=colours.focus if item.selected else colours.edge,
        width=2 if item.selected else 1,
        bg=bg,
    )
    if item.fresh:
        r = max(5, side // 6)
        canvas.create_oval(
            x + side - r, y - r, x + side + r, y + r, fill=colours.last, outline=colours.edge, tags=tags + ("fresh",)
        )
