"""Drawing branching layouts on the table canvas: sub-lines under their double, closed ends.

A line that grows from the centre gets a row of its own. The sub-lines of
one double (``LineModel.depth`` > 0, the toes of a chicken foot) share one
row, side by side, indented under the row of the line they hang off with an
elbow joining them to it; their own sub-lines follow in the next row. A
closed line (``LineModel.closed``) ends in a bar instead of an open end box.
Flat games (every line at depth 0 and open) draw exactly as before: one row
per line.
"""

from __future__ import annotations

import dataclasses
import tkinter as tk
from collections.abc import Callable, Sequence
from typing import Any

from core.actions import LineId
from frontends.tk.presenter import LineModel

BRANCH_INDENT = 28
"""Pixels a row of sub-lines is shifted right per level."""

SEGMENT_LABEL_WIDTH = 96
"""Label room of a sub-line that shares its row with its siblings."""

CLOSED_END_WIDTH = 70
"""Room a closed line's end (its bar and word) takes after the last tile."""

ELBOW = "#f4f1e6"
CLOSED_BAR = "#1b1b1b"

Row = tuple[LineModel, ...]
DrawRow = Callable[[tk.Canvas, LineModel, int, float, Any], float]
RowHeight = Callable[[LineModel, int, Any], float]


def indent(line: LineModel) -> int:
    """How far right ``line``'s row starts."""
    return BRANCH_INDENT * line.depth


def table_rows(lines: Sequence[LineModel]) -> list[Row]:
    """The table's rows, top to bottom: each root line alone, then its sub-lines side by side, and so on.

    ``lines`` come in display order (every line after its parent, with its
    depth), as :meth:`frontends.tk.presenter.Presenter.build` gives them.
    """
    children: dict[LineId | None, list[LineModel]] = {}
    stack: list[LineModel] = []
    for line in lines:
        while stack and stack[-1].depth >= line.depth:
            stack.pop()
        parent = stack[-1].id if stack and line.depth > 0 else None
        children.setdefault(parent, []).append(line)
        stack.append(line)
    rows: list[Row] = []

    def emit(row: Row) -> None:
        rows.append(row)
        for line in row:
            if children.get(line.id):
                emit(tuple(children[line.id]))

    for root in children.get(None, ()):
        emit((root,))
    return rows


def _segments(row: Row, width: int, metrics: Any) -> tuple[list[LineModel], int, Any]:
    """Each line of a shared row drawn flat in a segment: (flat lines, segment width, segment metrics)."""
    segment = int((width - 6 - indent(row[0])) / len(row))
    flat = [dataclasses.replace(line, depth=0) for line in row]
    return flat, segment, dataclasses.replace(metrics, label_width=SEGMENT_LABEL_WIDTH)


def row_height(row: Row, width: int, metrics: Any, line_height: RowHeight) -> float:
    """Pixels ``row`` needs: one line's own height, or the tallest of lines sharing the row."""
    if len(row) == 1:
        return line_height(row[0], width, metrics)
    flat, segment, small = _segments(row, width, metrics)
    return max(line_height(line, segment, small) for line in flat)


def draw_row(canvas: tk.Canvas, row: Row, width: int, top: float, metrics: Any, draw_line: DrawRow) -> float:
    """Draw ``row`` with ``draw_line`` (one line across the width, or shared segments); its height."""
    _draw_elbow(canvas, row[0], top)
    if len(row) == 1:
        return draw_line(canvas, row[0], width, top, metrics)
    flat, segment, small = _segments(row, width, metrics)
    height = 0.0
    for number, line in enumerate(flat):
        height = max(height, draw_line(canvas, line, segment, top, small))
        canvas.move(f"row:{line.id}", indent(row[0]) + number * segment, 0)
    return height


def _draw_elbow(canvas: tk.Canvas, line: LineModel, top: float) -> None:
    """An elbow from the row above down into a row of sub-lines (nothing for a root line)."""
    if line.depth == 0:
        return
    x = 6 + indent(line) - BRANCH_INDENT / 2
    canvas.create_line(x, top - 8, x, top + 14, x + BRANCH_INDENT / 2 - 2, top + 14, fill=ELBOW, width=3, tags="elbow")


def draw_closed_end(canvas: tk.Canvas, x: float, y: float, side: int, text: str, tags: tuple) -> None:
    """A closed line's end: a bar where the open end would be, then ``text`` ("closed")."""
    canvas.create_rectangle(x, y + 2, x + 6, y + 2 * side - 2, fill=CLOSED_BAR, outline="", tags=tags + ("closed",))
    canvas.create_text(
        x + 12,
        y + side,
        text=text,
        anchor="w",
        fill=ELBOW,
        font=("TkDefaultFont", 10, "italic"),
        tags=tags + ("closed",),
    )
