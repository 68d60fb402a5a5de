"""A vertically scrolling frame: content taller than the screen stays reachable."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk


class ScrolledFrame(ttk.Frame):
    """A frame whose :attr:`body` scrolls vertically when it is taller than the space given.

    Put widgets in ``body``; the scroll bar shows only while needed, and
    the mouse wheel scrolls while the pointer is over the frame.
    """

    def __init__(self, parent: tk.Misc, background: str | None = None) -> None:
        super().__init__(parent)
        self.rowconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)
        colour = background or ttk.Style(self).lookup("TFrame", "background") or None
        self.canvas = tk.Canvas(self, highlightthickness=0, borderwidth=0, background=colour)
        self.canvas.grid(row=0, column=0, sticky="nsew")
        self.scrollbar = ttk.Scrollbar(self, orient="vertical", command=self.canvas.yview)
        self.canvas.configure(yscrollcommand=self._scrolled)
        self.body = ttk.Frame(self.canvas)
        self._window = self.canvas.create_window(0, 0, window=self.body, anchor="nw")
        self.body.bind("<Configure>", lambda _e: self._fit())
        self.canvas.bind("<Configure>", lambda _e: self._fit())
        for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
            self.bind_all_within(sequence)

    def bind_all_within(self, sequence: str) -> None:
        """Scroll on ``sequence`` when it happens over this frame or its content."""
        self.winfo_toplevel().bind(sequence, self._wheel, add="+")

    def _wheel(self, event: tk.Event) -> None:
        if not self.winfo_exists() or not self.winfo_ismapped():
            return
        widget = self.winfo_containing(event.x_root, event.y_root)
        while widget is not None and widget is not self:
            widget = widget.master
        if widget is None:
            return
        step = -1 if getattr(event, "num", 0) == 4 or getattr(event, "delta", 0) > 0 else 1
        self.canvas.yview_scroll(step, "units")

    def _fit(self) -> None:
        """Body as wide as the canvas; scroll region as tall as the body."""
        self.canvas.itemconfigure(self._window, width=self.canvas.winfo_width())
        self.canvas.configure(scrollregion=(0, 0, self.body.winfo_reqwidth(), self.body.winfo_reqheight()))

    def _scrolled(self, first: str, last: str) -> None:
        self.scrollbar.set(first, last)
        needed = float(first) > 0.0 or float(last) < 1.0
        if needed and not self.scrollbar.winfo_manager():
            self.scrollbar.grid(row=0, column=1, sticky="ns")
        elif not needed and self.scrollbar.winfo_manager():
            self.scrollbar.grid_remove()
