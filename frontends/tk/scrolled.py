"""A vertically scrolling frame: content taller than the screen stays reachable."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

WHEEL = ("<MouseWheel>", "<Button-4>", "<Button-5>")
"""The mouse wheel on Windows and macOS, and its two buttons on X11."""


def _unbind(widget: tk.Misc, bound: dict[str, str]) -> None:
    """Take out only the given scripts (sequence -> function id) from ``widget``'s bindings."""
    if not widget.winfo_exists():
        return
    for sequence, funcid in bound.items():
        script = widget.tk.call("bind", widget._w, sequence)
        kept = "\n".join(line for line in str(script).split("\n") if funcid not in line)
        widget.tk.call("bind", widget._w, sequence, kept)
        widget.deletecommand(funcid)


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
        top = self.winfo_toplevel()
        wheel = {sequence: top.bind(sequence, self._wheel, add="+") for sequence in WHEEL}
        self.bind("<Destroy>", lambda e: e.widget is self and _unbind(top, wheel), add="+")

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
