"""A computer's tile sliding from its owner's seat to its place on the table.

The table is drawn with the tile already in place; :func:`slide` moves the
tile's items back to the start point and brings them home in frames
scheduled with ``after()``, so the window stays responsive. A redraw in the
middle simply ends the slide (its items are gone).
"""

from __future__ import annotations

import tkinter as tk

SLIDE_MS = {"slow": 700, "normal": 400, "fast": 180}
"""How long a slide takes at each computer speed; other speeds (instant) do not slide."""
FRAME_MS = 15


class Slide:
    """One running slide of canvas ``items`` by ``(dx, dy)`` back to where they were drawn."""

    def __init__(self, canvas: tk.Canvas, items: tuple[int, ...], start: tuple[float, float], duration_ms: int) -> None:
        self.canvas = canvas
        self.items = items
        x1, y1, _x2, _y2 = canvas.bbox(*items)
        self.home = (x1, y1)
        self.offset = (start[0] - x1, start[1] - y1)
        self.frames = max(1, duration_ms // FRAME_MS)
        self.frame = 0
        self.job: str | None = None
        for item in items:
            canvas.addtag_withtag("sliding", item)
            canvas.tag_raise(item)
        self._place(1.0)
        self.job = canvas.after(FRAME_MS, self._step)

    @property
    def running(self) -> bool:
        """True until the items are home (or gone)."""
        return self.job is not None

    def _alive(self) -> bool:
        return all(self.canvas.type(item) for item in self.items)

    def _place(self, remaining: float) -> None:
        """Put the items ``remaining`` (1 = at the start, 0 = home) of the way from home."""
        x1, y1, _x2, _y2 = self.canvas.bbox(*self.items)
        target = (self.home[0] + self.offset[0] * remaining, self.home[1] + self.offset[1] * remaining)
        for item in self.items:
            self.canvas.move(item, target[0] - x1, target[1] - y1)

    def _step(self) -> None:
        self.job = None
        if not self._alive():
            return
        self.frame += 1
        progress = self.frame / self.frames
        eased = 1 - (1 - progress) ** 3
        self._place(1 - eased)
        if self.frame < self.frames:
            self.job = self.canvas.after(FRAME_MS, self._step)
        else:
            for item in self.items:
                self.canvas.dtag(item, "sliding")

    def stop(self) -> None:
        """End the slide now, the items home."""
        if self.job is not None:
            self.canvas.after_cancel(self.job)
            self.job = None
        if self._alive():
            self._place(0.0)
            for item in self.items:
                self.canvas.dtag(item, "sliding")


def slide(canvas: tk.Canvas, tag: str, start: tuple[float, float], duration_ms: int) -> Slide | None:
    """Slide the items tagged ``tag`` from ``start`` (canvas coordinates) to where they are; None if none."""
    items = canvas.find_withtag(tag)
    if not items or duration_ms <= 0:
        return None
    return Slide(canvas, items, start, duration_ms)
