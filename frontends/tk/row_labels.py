"""A table row's label (the line's name and its owner's counts): its words, fonts and height when wrapped.

The layout asks how tall a label is at a given width, so that a row is never
shorter than its label: names and counts wrap onto more lines in narrow
columns and in longer languages.
"""

from __future__ import annotations

import math
import tkinter as tk
from collections.abc import Callable

from roundhouse.frontends.tk.presenter import LineModel

NAME_TOP = 5
"""Pixels from a row's top to its name."""
COUNT_GAP = 1
"""Pixels between the name and the counts below it."""
BOTTOM_ROOM = 5
"""Pixels kept under the label."""
COUNT_FONT = ("TkDefaultFont", 10)
WRAP_MARGIN = 6
"""A label's text wraps this many pixels short of the label's width."""


def row_name(line: LineModel) -> str:
    """The name shown for ``line``, marked when it is its owner's turn."""
    return ("▶ " if line.owners_turn else "") + line.label


def name_font(label_width: float) -> tuple[str, int, str]:
    """The name's font: a size smaller in a narrow label."""
    return ("TkDefaultFont", 11 if label_width > 150 else 10, "bold")


class LabelMeasure:
    """Measures labels as the canvas wraps them (the layout's ``label_height``), each text once per drawing."""

    def __init__(self, widget: tk.Misc) -> None:
        self.tk = widget.tk
        self.known: dict[tuple[str, tuple, float], float] = {}

    def __call__(self, line: LineModel, label_width: float) -> float:
        """The height ``line``'s label needs in a label ``label_width`` wide."""
        wrap = label_width - WRAP_MARGIN
        height = NAME_TOP + self.text_height(row_name(line), name_font(label_width), wrap)
        if line.count_text:
            height += COUNT_GAP + self.text_height(line.count_text, COUNT_FONT, wrap)
        return height + BOTTOM_ROOM

    def text_height(self, text: str, font: tuple, width: float) -> float:
        """The height of ``text`` in ``font`` wrapped within ``width`` pixels."""
        key = (text, font, width)
        if key not in self.known:
            lines = wrapped_lines(text, lambda part: int(self.tk.call("font", "measure", font, part)), width)
            self.known[key] = lines * int(self.tk.call("font", "metrics", font, "-linespace"))
        return self.known[key]


def wrapped_lines(text: str, measure: Callable[[str], int], width: float) -> int:
    """How many lines ``text`` takes when wrapped at spaces within ``width`` (a longer word is cut up)."""
    count = 0
    for paragraph in text.split("\n"):
        count += 1
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            size = measure(candidate)
            if line and size > width:
                count += 1
                line, size = word, measure(word)
            else:
                line = candidate
            if size > width:  # a word wider than the label is cut up
                count += math.ceil(size / width) - 1
                line = ""
    return count
