"""The confirm and cancel controls drawn beside a preview on the table (DX.2), where the eye already is.

:func:`draw_preview_marks` puts a small Confirm (or Acknowledge) control
and, when the preview may be cancelled, a Cancel control just under the
previewed tile, the boneyard's ghost or, for a forced pass, the boneyard
(else the centre). They carry ``preview-mark`` and ``preview:confirm`` or
``preview:cancel`` (the window's clicks act on them), and ``pinned`` when
they stand by the pinned header, so they scroll with what they mark.
"""

from __future__ import annotations

import tkinter as tk

from roundhouse.frontends.tk.palette import current

GAP = 6
PAD = 6


def draw_preview_marks(canvas: tk.Canvas, confirm: str, cancel: str | None) -> None:
    """Draw the controls for the preview now shown (``cancel`` None: it may only be confirmed); old ones go first."""
    canvas.delete("preview-mark")
    anchor = _anchor(canvas)
    if anchor is None:
        return
    x1, _y1, _x2, y2, pinned = anchor
    extra = ("pinned",) if pinned else ()
    x = x1
    for text, tag, fill in ((confirm, "preview:confirm", current().lit), (cancel, "preview:cancel", current().felt)):
        if text is None:
            continue
        x = _control(canvas, x, y2 + GAP, text, fill, ("preview-mark", tag, *extra)) + GAP
    right = canvas.bbox("preview-mark")[2]
    width = canvas.winfo_width()
    if right > width > 1:
        canvas.move("preview-mark", width - right - GAP, 0)
    canvas.tag_raise("preview-mark")


def _anchor(canvas: tk.Canvas) -> tuple[float, float, float, float, bool] | None:
    """The box the controls stand under, and whether it is part of the pinned header."""
    for tag in ("ghost", "stock", "centre"):
        items = canvas.find_withtag(tag)
        if items:
            x1, y1, x2, y2 = canvas.bbox(*items)
            return x1, y1, x2, y2, "pinned" in canvas.gettags(items[0])
    return None


def _control(canvas: tk.Canvas, x: float, y: float, text: str, fill: str, tags: tuple) -> float:
    """One control (a framed label) with its top-left at (x, y); its right edge."""
    colours = current()
    label = canvas.create_text(
        x + PAD, y + PAD, text=text, anchor="nw", fill=colours.row_text, font=("TkDefaultFont", 10, "bold"), tags=tags
    )
    lx1, ly1, lx2, ly2 = canvas.bbox(label)
    box = canvas.create_rectangle(
        lx1 - PAD, ly1 - PAD + 2, lx2 + PAD, ly2 + PAD - 2, fill=fill, outline=colours.edge, width=2, tags=tags
    )
    canvas.tag_lower(box, label)
    return lx2 + PAD
