"""The table's pinned header: the centre, the boneyard, the round heading and the feed of moves.

Drawn at the top of the table canvas with the ``pinned`` tag; :func:`pin_header`
keeps it at the top of the visible part while the rows scroll under it. The
feed folds to its newest moves (with a ``feed-toggle``) so that the header
stays within :func:`header_limit` of the table's height.
"""

from __future__ import annotations

import tkinter as tk

from roundhouse.frontends.tk.board_model import CENTRE, STOCK, BoardModel
from roundhouse.frontends.tk.density import px
from roundhouse.frontends.tk.faces import draw_tile
from roundhouse.frontends.tk.fonts import font
from roundhouse.frontends.tk.palette import current

HEADER_MIN = 86
FEED_X = 500
FEED_LINES = 5
FEED_COLUMN_MIN = 320
FEED_ROOM_MIN = 160
"""The narrowest the feed is beside the round heading; with less room it goes under the heading."""
FEED_COLUMN_MAX = 560
CENTRE_SIDE = 34
HEADING_MIN = 170
"""The round heading wraps within this width, or wider when the feed keeps FEED_COLUMN_MIN beside it."""


FEED_SHARE = 0.25
"""A folded feed keeps the header within this share of the table's visible height (or HEADER_MIN)."""


def header_limit(height: float) -> float:
    """The tallest the header may grow with a folded feed, in a table ``height`` pixels tall."""
    return max(float(px(HEADER_MIN)), height * FEED_SHARE)


def pin_header(canvas: tk.Canvas) -> None:
    """Move the pinned header to the top of the visible part of the canvas, above every row's item."""
    boxes = canvas.find_withtag("pinned-bg")
    if boxes:
        dy = canvas.canvasy(0) - canvas.coords(boxes[0])[1]
        if dy:
            canvas.move("pinned", 0, dy)
        canvas.tag_raise("pinned")


def draw_header(canvas: tk.Canvas, model: BoardModel, width: int, limit: float, feed_open: bool) -> float:
    """Draw the header ``width`` wide (the feed folded within ``limit`` unless ``feed_open``); its height."""
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
        right, top = canvas.bbox(heading)[0] - 16, 8
        if right - px(FEED_X) < px(FEED_ROOM_MIN):  # no room beside the heading: the feed goes under it
            right, top = width - 16, canvas.bbox(heading)[3] + 4
        bottom = max(bottom, _draw_feed(canvas, model, right, top, limit - 8, feed_open) + 8)
    canvas.coords(background, 0, 0, width, bottom)
    return bottom


def _draw_feed(canvas: tk.Canvas, model: BoardModel, right: float, top: float, limit: float, feed_open: bool) -> float:
    """The other players' moves since the viewer's turn, newest last, in one or two columns; the bottom edge.

    At most FEED_LINES sentences per column are shown (the newest); the title says how many older
    ones the log keeps. Title and sentences wrap within ``right``, clear of the round heading, from ``top`` down.
    A feed that would end below ``limit`` folds: its oldest sentences go until it ends above it,
    and a ``feed-toggle`` after the title opens it (``feed_open``), or folds it again.
    """
    sentences = model.feed
    room = max(px(FEED_ROOM_MIN), right - px(FEED_X))
    columns = 2 if room >= 2 * px(FEED_COLUMN_MIN) else 1
    most = len(sentences[-FEED_LINES * columns :])
    bottom = _feed_items(canvas, model, room, top, columns, most, "")
    if bottom <= limit:
        return bottom
    if feed_open:
        return _feed_items(canvas, model, room, top, columns, most, model.feed_less)
    shown = most
    while bottom > limit and shown > 0:
        shown -= 1
        bottom = _feed_items(canvas, model, room, top, columns, shown, model.feed_more)
    return bottom


def _feed_items(
    canvas: tk.Canvas, model: BoardModel, room: float, top: float, columns: int, count: int, toggle: str
) -> float:
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
        top,
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
    first = y2 + 2
    bottom = first
    for column in range(columns):
        y = first
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
