"""A computer's tiles sliding from their owner's seat to their places on the table.

The table is drawn with the tiles already in place; :func:`slide` moves a
tile's items back to the start point and brings them home in frames
scheduled with ``after()``, so the window stays responsive. The tiles of
one computer turn (a first-turn train, a double and its follow-up) slide
in as one :class:`TileSequence`: each waits hidden, then starts a little
after the one before it, the whole turn lasting at most
:data:`SEQUENCE_MS`. A redraw in the middle simply ends the slides (their
items are gone, and the new drawing shows every tile in place).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence

SLIDE_MS = {"slow": 700, "normal": 400, "fast": 180}
"""How long one tile's slide takes at each computer speed; other speeds (instant) do not slide."""
STAGGER_MS = {"slow": 240, "normal": 120, "fast": 60}
"""The time between the starts of two tiles of one turn (shortened so a long turn keeps to SEQUENCE_MS)."""
SEQUENCE_MS = {"slow": 2400, "normal": 1200, "fast": 600}
"""The longest a turn's tiles take to come home, however many they are (a single tile takes its SLIDE_MS)."""
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
        canvas.tag_raise("pinned")  # the rows' items pass under the table's header
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


def sequence_timing(speed: str, tiles: int) -> tuple[int, int, int]:
    """(each slide, the stagger between starts, the whole sequence) in ms for ``tiles`` tiles at ``speed``."""
    each = SLIDE_MS.get(speed, 0)
    if each <= 0 or tiles <= 0:
        return 0, 0, 0
    stagger = STAGGER_MS[speed]
    if tiles > 1:
        stagger = min(stagger, max(0, SEQUENCE_MS[speed] - each) // (tiles - 1))
    return each, stagger, each + stagger * (tiles - 1)


class TileSequence:
    """One computer turn's tiles (``groups`` of canvas items, in play order) sliding home from ``start`` in turn.

    Tile ``i`` waits hidden until ``i`` staggers have passed, then slides
    home like a :class:`Slide`; one ``after()`` chain drives them all.
    ``running`` until the last tile is home; ``home`` and ``frame`` are
    those of the tile that started last; ``tiles`` counts the tiles.
    """

    def __init__(
        self, canvas: tk.Canvas, groups: Sequence[tuple[int, ...]], start: tuple[float, float], speed: str
    ) -> None:
        self.canvas = canvas
        self.start = start
        self.each, self.stagger, self.duration = sequence_timing(speed, len(groups))
        self.groups = [tuple(items) for items in groups]
        self.homes: list[tuple[float, float]] = []
        self.elapsed = 0
        self.job: str | None = None
        for items in self.groups[1:]:
            for item in items:
                canvas.itemconfigure(item, state="hidden")
        self._advance()
        if self.running:
            self.job = canvas.after(FRAME_MS, self._step)

    @property
    def tiles(self) -> int:
        """How many tiles the sequence brings in."""
        return len(self.groups)

    @property
    def running(self) -> bool:
        """True until every tile of the turn is home (or gone)."""
        return self.elapsed < self.duration and self._alive()

    @property
    def home(self) -> tuple[float, float] | None:
        """Where the tile that started last comes to rest."""
        return self.homes[-1] if self.homes else None

    @property
    def frame(self) -> int:
        """The frames the tile that started last has moved."""
        return max(0, self.elapsed - (len(self.homes) - 1) * self.stagger) // FRAME_MS

    def _alive(self) -> bool:
        return all(self.canvas.type(item) for items in self.groups for item in items)

    def _advance(self) -> None:
        """Show the tiles whose start has come and put each moving one where it is now."""
        canvas = self.canvas
        for index, items in enumerate(self.groups):
            begun = self.elapsed - index * self.stagger
            if begun < 0:
                break
            if index == len(self.homes):
                for item in items:
                    canvas.itemconfigure(item, state="normal")
                    canvas.addtag_withtag("sliding", item)
                    canvas.tag_raise(item)
                x1, y1, _x2, _y2 = canvas.bbox(*items)
                self.homes.append((x1, y1))
            elif begun - FRAME_MS >= self.each:
                continue  # home already
            progress = min(1.0, begun / self.each)
            self._place(index, (1 - progress) ** 3)
            if progress >= 1:
                for item in items:
                    canvas.dtag(item, "sliding")

    def _place(self, index: int, remaining: float) -> None:
        """Put tile ``index`` ``remaining`` (1 = at the start, 0 = home) of the way from home."""
        items, home = self.groups[index], self.homes[index]
        x1, y1, _x2, _y2 = self.canvas.bbox(*items)
        target = (home[0] + (self.start[0] - home[0]) * remaining, home[1] + (self.start[1] - home[1]) * remaining)
        for item in items:
            self.canvas.move(item, target[0] - x1, target[1] - y1)

    def _step(self) -> None:
        self.job = None
        if not self._alive():
            return
        self.elapsed += FRAME_MS
        self._advance()
        if self.running:
            self.job = self.canvas.after(FRAME_MS, self._step)

    def stop(self) -> None:
        """End the sequence now: every tile shown, home."""
        if self.job is not None:
            self.canvas.after_cancel(self.job)
            self.job = None
        if self._alive():
            self.elapsed = self.duration + FRAME_MS * 2
            self._advance()
