"""The players panel: a row per seat with its name, who plays it, the tiles in hand and the match total.

:class:`PlayersPanel` labels every column in the window's language and, when
filled, widens each column to its heading and cells so that no name or
heading is cut, and the panel with them. A name is measured with the turn
arrow and the marker dot it may carry, so its column keeps its width as the
turn goes round.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import font as tkfont
from tkinter import ttk

from roundhouse.frontends.tk.board_model import SeatModel

COLUMNS = ("#0", "kind", "hand", "total")
"""The columns: name (the tree column), who plays the seat, tiles in hand, match total."""
COLUMN_MINS = {"#0": 100, "kind": 60, "hand": 40, "total": 46}
"""Least width of each column; each grows to what it shows."""
TREE_INDENT = 12
"""Room before a name in the first column (the tree's indent)."""
CELL_PAD = 12
"""Room around a cell's or heading's text."""

Row = tuple[str, str, int, int]
"""A seat's row: name (with its arrow and dot), who plays it, tiles in hand, match total."""


class PlayersPanel:
    """The panel in ``parent``: ``frame`` (titled) holding the ``tree`` of seats."""

    def __init__(self, parent: tk.Misc, t: Callable[..., str]) -> None:
        self.frame = ttk.LabelFrame(parent, padding=6)
        self.frame.pack(fill="x")
        self.tree = ttk.Treeview(self.frame, columns=COLUMNS[1:], height=10, selectmode="none", takefocus=0)
        self.label(t)
        for column, width in COLUMN_MINS.items():
            self.tree.column(column, width=width, stretch=False, anchor="w" if column in ("#0", "kind") else "e")
        self.tree.pack(fill="x")

    def label(self, t: Callable[..., str]) -> None:
        """The title and headings in the language of ``t``."""
        self.frame.configure(text=t("tk.panel.players"))
        self.tree.heading("#0", text=t("tk.panel.name"))
        self.tree.heading("kind", text=t("tk.panel.kind"))
        self.tree.heading("hand", text=t("tk.panel.hand"))
        self.tree.heading("total", text=t("tk.panel.total"))

    @staticmethod
    def rows(seats: Sequence[SeatModel], kinds: Sequence[str]) -> list[Row]:
        """What the panel shows for ``seats``, ``kinds`` saying who plays each."""
        return [
            (
                ("▶ " if seat.to_move else "") + seat.name + (" ●" if seat.marker else ""),
                kind,
                seat.hand_count,
                seat.total,
            )
            for seat, kind in zip(seats, kinds, strict=True)
        ]

    def fill(self, seats: Sequence[SeatModel], rows: Sequence[Row]) -> None:
        """Show ``rows`` (made by :meth:`rows` from ``seats``) and fit the columns to them."""
        self.tree.delete(*self.tree.get_children())
        for text, *values in rows:
            self.tree.insert("", "end", text=text, values=values)
        self._fit_columns(seats, rows)
        # A column's new width alone leaves the tree asking for its old width; configuring it after
        # the columns makes it ask again, so the panel widens with its columns.
        self.tree.configure(height=max(2, len(rows)))

    def _fit_columns(self, seats: Sequence[SeatModel], rows: Sequence[Row]) -> None:
        """Widen each column to its heading and cells."""
        cell = tkfont.nametofont("TkDefaultFont").measure
        heading = tkfont.nametofont("TkHeadingFont").measure
        widths = {"#0": [cell(f"▶ {seat.name} ●") + TREE_INDENT for seat in seats]}
        for index, column in enumerate(COLUMNS[1:], start=1):
            widths[column] = [cell(str(row[index])) for row in rows]
        for column, cells in widths.items():
            title = self.tree.heading(column, "text")
            least = max(COLUMN_MINS[column], heading(title) + CELL_PAD)
            self.tree.column(column, width=max(least, *(width + CELL_PAD for width in cells)))
