"""Canvas drawing: the table (its header, from :mod:`~roundhouse.frontends.tk.header`, and rows) and the hand.

Everything here draws a :class:`roundhouse.frontends.tk.board_model.BoardModel` and
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

from roundhouse.frontends.tk.board_model import BoardModel, HandTileModel, LineModel, PlacedTile
from roundhouse.frontends.tk.density import px
from roundhouse.frontends.tk.faces import draw_tile
from roundhouse.frontends.tk.fonts import font, pixel_font
from roundhouse.frontends.tk.header import draw_header, header_limit
from roundhouse.frontends.tk.layout import (
    HandPlan,
    RowPlan,
    TablePlan,
    plan_table,
    tile_bottom,
)
from roundhouse.frontends.tk.palette import current
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


def draw_table(canvas: tk.Canvas, model: BoardModel, width: int, height: int, feed_open: bool = False) -> TablePlan:
    """Draw the pinned header (centre, boneyard, feed) and one row per line; the layout used.

    The header items carry the ``pinned`` tag and are drawn at the top of
    the canvas; :func:`~roundhouse.frontends.tk.header.pin_header` keeps them in view while the rows scroll.
    Unless ``feed_open``, the feed folds to its newest moves so that the
    header stays within :func:`~roundhouse.frontends.tk.header.header_limit`; a ``feed-toggle`` item opens
    (or folds) it.
    """
    canvas.delete("all")
    top = draw_header(canvas, model, width, header_limit(height), feed_open)
    if model.spinner_arms:  # a spinner: its arms as a cross, not as rows
        plan = draw_cross(canvas, model, width, height, top, draw_tile)
        canvas.tag_raise("pinned")
        return plan
    plan = plan_table(model.lines, width, height, top, LabelMeasure(canvas))
    for row in plan.rows:
        _draw_row(canvas, row, plan.side)
    canvas.tag_raise("pinned")
    return plan


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
        plan.title // 2,
        text=model.hand_title,
        anchor="w",
        fill=colours.row_text,
        font=font(canvas, 11, "bold"),
    )
    for index, item in enumerate(model.hand):
        x, y = plan.origin(index)
        _draw_hand_tile(canvas, item, x, y - (plan.lift if item.selected else 0), plan.side)


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
