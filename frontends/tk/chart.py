"""A line chart of the match totals after each round, drawn on a Tk canvas.

One line per player from 0 before round 1 to their total after each
round played, a legend with each name and total, and round numbers along
the bottom. Items carry tags the tests read: ``line:<seat>`` on each
player's line, ``point:<seat>:<round>`` on each data point and
``legend:<seat>`` on each legend entry.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Mapping, Sequence
from typing import Any

SERIES_COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#7f7f7f",
    "#bcbd22",
)
"""One colour per seat (ten seats at most), told apart also by the legend's order."""

CARD = "#fbfaf6"
INK = "#2a2622"
GRID = "#d9d4c8"


def totals_by_round(names: Sequence[str], history: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """Per seat, the match total after each round of ``history`` (``round_end`` records), starting at 0."""
    series = [[0] for _ in names]
    for record in history:
        totals = record.get("totals", {})
        for seat, points in enumerate(series, 1):
            points.append(int(totals.get(str(seat), points[-1])))
    return series


def _nice_step(span: int, lines: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20, 50, ...) that cuts ``span`` into about ``lines`` parts."""
    raw = max(1, span / lines)
    magnitude = 1
    while magnitude * 10 <= raw:
        magnitude *= 10
    return next(step * magnitude for step in (1, 2, 5, 10) if step * magnitude >= raw)


class TotalsChart:
    """The totals chart in a canvas of ``width`` x ``height`` pixels (redrawn by :meth:`draw`)."""

    def __init__(
        self,
        parent: tk.Misc,
        names: Sequence[str],
        history: Sequence[Mapping[str, Any]],
        title: str,
        width: int = 640,
        height: int = 220,
    ) -> None:
        self.names = list(names)
        self.series = totals_by_round(names, history)
        self.rounds = [0] + [int(record.get("round", i + 1)) for i, record in enumerate(history)]
        self.title = title
        self.canvas = tk.Canvas(parent, width=width, height=height, background=CARD, highlightthickness=0)
        self.canvas.bind("<Configure>", lambda e: self.draw(e.width, e.height))
        self.draw(width, height)

    def draw(self, width: int, height: int) -> None:
        """Draw the whole chart to fit ``width`` x ``height``."""
        c = self.canvas
        c.delete("all")
        legend_width = min(220, max(120, width // 4))
        left, top, right, bottom = 48, 30, width - legend_width - 16, height - 28
        c.create_text(12, 14, text=self.title, anchor="w", fill=INK, font=("TkDefaultFont", 11, "bold"))
        if right - left < 60 or bottom - top < 40:
            return
        high = max(1, max(max(points) for points in self.series))
        step = _nice_step(high)
        ceiling = -(-high // step) * step
        steps = max(1, len(self.rounds) - 1)

        def x_of(index: int) -> float:
            return left + (right - left) * index / steps

        def y_of(value: int) -> float:
            return bottom - (bottom - top) * value / ceiling

        for value in range(0, ceiling + 1, step):
            y = y_of(value)
            c.create_line(left, y, right, y, fill=GRID)
            c.create_text(left - 6, y, text=str(value), anchor="e", fill=INK, font=("TkDefaultFont", 8))
        label_every = max(1, len(self.rounds) // 14 + 1)
        for index, number in enumerate(self.rounds):
            if index % label_every == 0 or index == len(self.rounds) - 1:
                c.create_text(x_of(index), bottom + 12, text=str(number), fill=INK, font=("TkDefaultFont", 8))
        for seat, points in enumerate(self.series, 1):
            colour = SERIES_COLOURS[(seat - 1) % len(SERIES_COLOURS)]
            coords = [v for index, value in enumerate(points) for v in (x_of(index), y_of(value))]
            if len(coords) >= 4:
                c.create_line(*coords, fill=colour, width=2, tags=(f"line:{seat}",))
            for index, value in enumerate(points[1:], 1):
                x, y = x_of(index), y_of(value)
                c.create_oval(x - 3, y - 3, x + 3, y + 3, fill=colour, outline=colour, tags=(f"point:{seat}:{index}",))
        row = max(12, min(20, (bottom - top) // max(1, len(self.names))))
        ordered = sorted(range(1, len(self.names) + 1), key=lambda s: -self.series[s - 1][-1])
        for place, seat in enumerate(ordered):
            colour = SERIES_COLOURS[(seat - 1) % len(SERIES_COLOURS)]
            y = top + place * row
            x = right + 16
            c.create_line(x, y, x + 18, y, fill=colour, width=3, tags=(f"legend:{seat}",))
            c.create_text(
                x + 24,
                y,
                text=f"{self.names[seat - 1]}  {self.series[seat - 1][-1]}",
                anchor="w",
                fill=INK,
                font=("TkDefaultFont", 9),
                tags=(f"legend:{seat}",),
            )
