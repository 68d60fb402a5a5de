"""Drag-and-drop of a hand tile: onto a lit place on the table (a preview there), or along the hand (own order).

A press on a hand tile only selects it (a click); once the pointer has
moved :data:`THRESHOLD` pixels the tile follows it in a small borderless
window, and the release decides: over the table, the place under the
pointer; over the hand, the new position in the player's own order.
"""

from __future__ import annotations

import tkinter as tk
from typing import Protocol

from roundhouse.core.game.tiles import Tile
from roundhouse.frontends.tk.faces import tile_image
from roundhouse.frontends.tk.palette import current

THRESHOLD = 8


class DropHost(Protocol):
    """What a drag needs from the window."""

    table: tk.Canvas
    hand: tk.Canvas

    def drop_on_table(self, tile: Tile, x: float, y: float) -> None: ...

    def drop_on_hand(self, tile: Tile, index: int) -> None: ...

    def hand_index_at(self, x: float, y: float) -> int: ...


class HandDrag:
    """Binds the drag gestures on the hand canvas of ``host``."""

    def __init__(self, host: DropHost) -> None:
        self.host = host
        self.tile: Tile | None = None
        self.start = (0, 0)
        self.ghost: tk.Toplevel | None = None
        hand = host.hand
        hand.bind("<ButtonPress-1>", self.press, add="+")
        hand.bind("<B1-Motion>", self.motion, add="+")
        hand.bind("<ButtonRelease-1>", self.release, add="+")

    @property
    def dragging(self) -> bool:
        """True while a tile follows the pointer."""
        return self.ghost is not None

    def press(self, event: tk.Event) -> None:
        """Remember the tile under the pointer (a drag may follow)."""
        hand = self.host.hand
        x, y = hand.canvasx(event.x), hand.canvasy(event.y)
        self.tile = None
        for item in reversed(hand.find_overlapping(x - 1, y - 1, x + 1, y + 1)):
            for tag in hand.gettags(item):
                if tag.startswith("hand:"):
                    self.tile = Tile.parse(tag.split(":", 1)[1])
                    self.start = (event.x_root, event.y_root)
                    return

    def motion(self, event: tk.Event) -> None:
        """Past the threshold, the tile follows the pointer."""
        if self.tile is None:
            return
        if self.ghost is None:
            if abs(event.x_root - self.start[0]) + abs(event.y_root - self.start[1]) < THRESHOLD:
                return
            self.ghost = self._make_ghost(self.tile)
        self.ghost.geometry(f"+{event.x_root + 6}+{event.y_root + 6}")

    def _make_ghost(self, tile: Tile) -> tk.Toplevel:
        hand = self.host.hand
        window = tk.Toplevel(hand)
        window.overrideredirect(True)
        colours = current()
        image = tile_image(hand, tile.a, tile.b, 30, True, "face", colours.focus, 2, colours.hand_bg)
        tk.Label(window, image=image, borderwidth=0, background=colours.hand_bg).pack()
        return window

    def release(self, event: tk.Event) -> None:
        """Drop the dragged tile where the pointer is."""
        tile, self.tile = self.tile, None
        if self.ghost is None or tile is None:
            return
        self.ghost.destroy()
        self.ghost = None
        table, hand = self.host.table, self.host.hand
        under = hand.winfo_containing(event.x_root, event.y_root)
        if under is table:
            self.host.drop_on_table(tile, event.x_root - table.winfo_rootx(), event.y_root - table.winfo_rooty())
        elif under is hand:
            x, y = event.x_root - hand.winfo_rootx(), event.y_root - hand.winfo_rooty()
            self.host.drop_on_hand(tile, self.host.hand_index_at(x, y))
