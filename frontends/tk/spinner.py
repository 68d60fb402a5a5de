"""A spinner drawn as a cross: the spinner crosswise in the middle, its arms growing outwards.

Used by :func:`roundhouse.frontends.tk.board.draw_table` when the view says the centre
is a spinner (``BoardModel.spinner_arms``): the arms are the lines named
there, in the order right, left, up, down. A long side arm turns down at the
edge of the table (it wraps); the up and down arms make the table as tall as
they need (it scrolls). Items carry the table's usual tags (``face:a-b``,
``placed``, ``last``, ``ghost``, ``lit``, ``target:<line>``, ``line:<line>``)
plus ``spinner`` on the spinner, ``cross`` on everything, ``arm:<line>`` on an
arm's tiles and ``count`` on the running count.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from roundhouse.frontends.tk.board_model import BoardModel, LineModel, PlacedTile
from roundhouse.frontends.tk.layout import TablePlan
from roundhouse.frontends.tk.palette import current

SIDES = (34, 30, 26, 22, 18, 14)
"""Tile sizes tried, largest first, until the cross fits the visible table."""
GAP = 3
MARGIN = 16
COUNT_ROOM = 30
"""Room above the cross for the running count."""

DIRECTIONS = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""Where each arm grows, in the order of ``Spinner.arms``: right, left, up, down."""

DrawTile = Callable[..., tuple[float, float, float, float]]


def _along(placed: PlacedTile, side: int) -> int:
    """How far a tile reaches along its arm: a double lies crosswise."""
    return side if placed.tile.is_double else 2 * side


def arm_length(line: LineModel, side: int) -> int:
    """An arm's reach from the spinner: its tiles, gaps and the open end."""
    return sum(_along(p, side) + GAP for p in line.tiles) + 2 * side + GAP


def _fitting_side(arms: list[tuple[LineModel, tuple[int, int]]], width: int, height: float) -> int:
    """The largest tile size at which the arms fit the visible table without wrapping, else the smallest."""
    for side in SIDES:
        tall = sum(arm_length(line, side) for line, (_, dy) in arms if dy) + 2 * side + 2 * MARGIN + COUNT_ROOM
        wide = max([arm_length(line, side) for line, (dx, _) in arms if dx] or [0])
        if tall <= height and 2 * wide + side + 2 * MARGIN <= width:
            return side
    return SIDES[-1]


def draw_cross(
    canvas: tk.Canvas, model: BoardModel, width: int, height: int, top: float, draw_tile: DrawTile
) -> TablePlan:
    """Draw the spinner and its arms below ``top``; the plan (no rows, the height the cross needs)."""
    colours = current()
    by_id = {line.id: line for line in model.lines}
    arms = [(by_id[a], DIRECTIONS[i]) for i, a in enumerate(model.spinner_arms[:4]) if a in by_id]
    side = _fitting_side(arms, width, height - top)
    up = next((arm_length(line, side) for line, d in arms if d == (0, -1)), 0)
    cx, cy = width / 2, top + MARGIN + COUNT_ROOM + up + side
    if model.count:
        canvas.create_text(
            MARGIN,
            top + 8,
            text=model.count,
            anchor="nw",
            fill=colours.row_text,
            font=("TkDefaultFont", 13, "bold"),
            tags=("cross", "count"),
        )
    spinner = model.centre
    if spinner is not None:
        draw_tile(canvas, cx - side / 2, cy - side, spinner.a, spinner.b, side, True, ("cross", "spinner", "placed"))
    bottom = cy + side
    for line, direction in arms:
        bottom = max(bottom, _draw_arm(canvas, line, direction, cx, cy, side, width, draw_tile))
    return TablePlan(side, 1, (), bottom + MARGIN)


def _draw_arm(
    canvas: tk.Canvas,
    line: LineModel,
    direction: tuple[int, int],
    cx: float,
    cy: float,
    side: int,
    width: int,
    draw_tile: DrawTile,
) -> float:
    """One arm from the spinner outwards, turning down at the table's edge; the lowest point drawn."""
    colours = current()
    tags = ("cross", f"arm:{line.id}", f"line:{line.id}", f"row:{line.id}")
    dx, dy = direction
    # The leading edge of the arm: x (or y) where the next tile starts, on the arm's middle line.
    pos = cx + dx * (side / 2 + GAP) if dx else cy + dy * (side + GAP)
    column = cx  # the middle line of a vertical run: the spinner's, or the edge where a side arm turned
    lowest = cy + side
    for placed in line.tiles:
        along = _along(placed, side)
        if dx and not MARGIN <= pos + dx * along <= width - MARGIN:
            dx, dy, column = 0, 1, pos - dx * side / 2  # the edge: turn down beside the arm's last tile
            pos = cy + side + GAP
        box = _box(dx, dy, pos, along, side, column, cy)
        if placed.last:
            canvas.create_rectangle(*_grown(box, 3), fill=colours.last, outline="", tags=tags + ("last",))
        first, second = (placed.right, placed.left) if dx < 0 or dy < 0 else (placed.left, placed.right)
        vertical = (dy != 0) != placed.tile.is_double
        draw_tile(
            canvas,
            box[0],
            box[1],
            first,
            second,
            side,
            vertical,
            tags + ("placed",) + (("last",) if placed.last else ()),
        )
        lowest = max(lowest, box[3])
        pos += (dx or dy) * (along + GAP)
    if dx and not MARGIN <= pos + dx * 2 * side <= width - MARGIN:
        dx, dy, column = 0, 1, pos - dx * side / 2
        pos = cy + side + GAP
    box = _box(dx, dy, pos, 2 * side, side, column, cy)
    lowest = max(lowest, _draw_end(canvas, line, box, dy != 0, side, tags, draw_tile))
    return lowest


def _box(dx: int, dy: int, pos: float, along: float, side: int, column: float, cy: float) -> tuple[float, ...]:
    """The box of a tile reaching ``along`` from ``pos`` in direction (dx, dy), centred on the arm's middle line."""
    across = 2 * side if along == side else side
    if dx:
        x0 = pos if dx > 0 else pos - along
        return (x0, cy - across / 2, x0 + along, cy + across / 2)
    y0 = pos if dy > 0 else pos - along
    return (column - across / 2, y0, column + across / 2, y0 + along)


def _grown(box: tuple[float, ...], by: float) -> tuple[float, ...]:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _draw_end(
    canvas: tk.Canvas,
    line: LineModel,
    box: tuple[float, ...],
    vertical: bool,
    side: int,
    tags: tuple,
    draw_tile: DrawTile,
) -> float:
    """The arm's open end (lit, focused or with the previewed tile) and its label; the lowest point drawn."""
    colours = current()
    tags = tags + (f"target:{line.id}", "slot")
    if line.ghost is not None:
        ghost = line.ghost
        canvas.create_rectangle(*_grown(box, 4), fill=colours.lit, outline="", tags=tags)
        turned = vertical != ghost.tile.is_double
        draw_tile(canvas, box[0], box[1], ghost.left, ghost.right, side, turned, tags + ("ghost",), ghost=True)
    elif line.target or line.focused:
        outline = colours.focus if line.focused else colours.edge
        canvas.create_rectangle(*box, fill=colours.lit, outline=outline, width=3, tags=tags + ("lit",))
    else:
        canvas.create_rectangle(*box, outline=colours.muted_text, dash=(3, 3), tags=tags)
    if line.ghost is None:
        canvas.create_text(
            (box[0] + box[2]) / 2,
            (box[1] + box[3]) / 2,
            text=str(line.end),
            fill=colours.edge if line.target else colours.muted_text,
            font=("TkDefaultFont", max(8, int(side * 0.55)), "bold"),
            tags=tags,
        )
    x, y, anchor = (box[2] + 6, (box[1] + box[3]) / 2, "w") if vertical else ((box[0] + box[2]) / 2, box[3] + 4, "n")
    label = canvas.create_text(
        x,
        y,
        text=line.label,
        anchor=anchor,
        fill=colours.row_text,
        font=("TkDefaultFont", 9, "bold"),
        tags=tags + ("arm-label",),
    )
    return max(box[3], canvas.bbox(label)[3])
