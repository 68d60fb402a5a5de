"""The confirm and cancel controls drawn beside a preview on the table (DX.2), where the eye already is.

:func:`draw_preview_marks` puts a Confirm (or Acknowledge) control and,
when the preview may be cancelled, a Cancel control beside what the
preview shows: a tick and a cross with their words under the previewed
tile on a row; on the crowded pinned header (the centre, the boneyard's
ghost or, for a forced pass, the boneyard) the tick and the cross alone,
to its right, or under it when they would cover words there (the feed
beside the boneyard). They carry ``preview-mark`` and ``preview:confirm``
or ``preview:cancel`` (the window's clicks act on them), and ``pinned`` on
the header, so they stay with what they mark when the rows scroll.
"""

from __future__ import annotations

import tkinter as tk

from roundhouse.frontends.tk.palette import current

GAP = 6
PAD = 6
COMPACT = {"preview:confirm": "\u2713", "preview:cancel": "\u2717"}
"""The signs of the small controls on the header: a tick confirms, a cross cancels."""


def draw_preview_marks(canvas: tk.Canvas, confirm: str, cancel: str | None) -> None:
    """Draw the controls for the preview now shown (``cancel`` None: it may only be confirmed); old ones go first."""
    canvas.delete("preview-mark")
    anchor = _anchor(canvas)
    if anchor is None:
        return
    x1, y1, x2, y2, pinned = anchor
    colours = current()
    controls = [(confirm, "preview:confirm", colours.lit)]
    if cancel is not None:
        controls.append((cancel, "preview:cancel", colours.felt))
    if pinned:  # the crowded header: small marks to its right, else under it
        x = x2 + GAP
        for text, tag, fill in controls:
            x = _control(canvas, x, y1, COMPACT[tag], fill, ("preview-mark", tag, "pinned"), text)[0] + 2
        _mx1, my1, _mx2, my2 = canvas.bbox("preview-mark")
        canvas.move("preview-mark", 0, (y1 + y2) / 2 - (my1 + my2) / 2)
        if _covers_words(canvas):
            canvas.delete("preview-mark")
            x = x1
            for text, tag, fill in controls:
                x = _control(canvas, x, y2 + GAP, COMPACT[tag], fill, ("preview-mark", tag, "pinned"), text)[0] + 2
    else:  # on a row: labelled controls under the previewed tile
        x = x1
        for text, tag, fill in controls:
            x = _control(canvas, x, y2 + GAP, f"{COMPACT[tag]} {text}", fill, ("preview-mark", tag))[0] + GAP
    right = canvas.bbox("preview-mark")[2]
    width = canvas.winfo_width()
    if right > width > 1:
        canvas.move("preview-mark", width - right - GAP, 0)
    canvas.tag_raise("preview-mark")


def _covers_words(canvas: tk.Canvas) -> bool:
    """True when the controls drawn lie over some text or tile of the table (the feed beside the boneyard)."""
    marks = set(canvas.find_withtag("preview-mark"))
    x1, y1, x2, y2 = canvas.bbox("preview-mark")
    under = set(canvas.find_overlapping(x1, y1, x2, y2)) - marks
    return any(canvas.type(item) in ("text", "image") for item in under)


def _anchor(canvas: tk.Canvas) -> tuple[float, float, float, float, bool] | None:
    """The box the controls stand under, and whether it is part of the pinned header."""
    for tag in ("ghost", "stock", "centre"):
        items = canvas.find_withtag(tag)
        if items:
            x1, y1, x2, y2 = canvas.bbox(*items)
            return x1, y1, x2, y2, "pinned" in canvas.gettags(items[0])
    return None


def _control(canvas: tk.Canvas, x: float, y: float, text: str, fill: str, tags: tuple, name: str = "") -> tuple:
    """One control (a framed label) with its top-left at (x, y); its right and bottom edges.

    ``name`` (the control's words, when ``text`` is a sign) is kept as a ``name:<words>`` tag.
    """
    colours = current()
    tags = tags + ((f"name:{name}",) if name else ())
    ink = colours.edge if fill == colours.lit else colours.row_text
    label = canvas.create_text(
        x + PAD, y + PAD, text=text, anchor="nw", fill=ink, font=("TkDefaultFont", 10, "bold"), tags=tags
    )
    lx1, ly1, lx2, ly2 = canvas.bbox(label)
    box = canvas.create_rectangle(
        lx1 - PAD, ly1 - PAD + 2, lx2 + PAD, ly2 + PAD - 2, fill=fill, outline=colours.edge, width=2, tags=tags
    )
    canvas.tag_lower(box, label)
    return lx2 + PAD, ly2 + PAD - 2
