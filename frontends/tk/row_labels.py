"""A table row's label (the line's name and its owner's counts): its words, fonts and height when wrapped.

The layout asks how tall a label is at a given width, so that a row is never
shorter than its label: names and counts wrap onto more lines in narrow
columns and in longer languages.
"""

from __future__ import annotations

import math
import tkinter as tk
from collections.abc import Callable

from roundhouse.frontends.tk.board_model import LineModel
from roundhouse.frontends.tk.density import px
from roundhouse.frontends.tk.fonts import font

NAME_TOP = 5
"""Pixels from a row's top to its name."""
COUNT_GAP = 1
"""Pixels between the name and the counts below it."""
BOTTOM_ROOM = 5
"""Pixels kept under the label."""
WRAP_MARGIN = 6
"""A label's text wraps this many pixels short of the label's width."""


def row_name(line: LineModel) -> str:
    """The name shown for ``line``, marked when it is its owner's turn."""
    return ("▶ " if line.owners_turn else "") + line.label


def name_font(widget: tk.Misc, label_width: float) -> str:
    """The name's font: a size smaller in a narrow label (``label_width`` against the text's size)."""
    return font(widget, 11 if label_width > px(150) else 10, "bold")


def count_font(widget: tk.Misc) -> str:
    """The font of the owner's counts under a row's name."""
    return font(widget, 10)


MEASURED_LIMIT = 4096
"""The most label heights kept between drawings (the table's labels change rarely)."""
_measured: dict[tuple[str, str, float], float] = {}


class LabelMeasure:
    """Measures labels as the canvas wraps them (the layout's ``label_height``).

    Heights are kept across drawings, keyed by the text, the font as Tk
    resolves it (family, size, weight, and ``tk scaling``) and the width, so
    a redraw measures only labels whose words, font or width changed.
    """

    def __init__(self, widget: tk.Misc) -> None:
        self.widget = widget
        self.tk = widget.tk
        self.scaling = str(self.tk.call("tk", "scaling"))
        self.resolved: dict[str, str] = {}

    def __call__(self, line: LineModel, label_width: float) -> float:
        """The height ``line``'s label needs in a label ``label_width`` wide."""
        wrap = label_width - px(WRAP_MARGIN)
        height = px(NAME_TOP) + self.text_height(row_name(line), name_font(self.widget, label_width), wrap)
        if line.count_text:
            height += px(COUNT_GAP) + self.text_height(line.count_text, count_font(self.widget), wrap)
        return height + px(BOTTOM_ROOM)

    def text_height(self, text: str, face: str, width: float) -> float:
        """The height of ``text`` in ``font`` wrapped within ``width`` pixels."""
        if face not in self.resolved:
            self.resolved[face] = f"{self.tk.call('font', 'actual', face)} {self.scaling}"
        key = (text, self.resolved[face], width)
        if key not in _measured:
            if len(_measured) >= MEASURED_LIMIT:
                _measured.clear()
            lines = wrapped_lines(text, lambda part: int(self.tk.call("font", "measure", face, part)), width)
            _measured[key] = lines * int(self.tk.call("font", "metrics", face, "-linespace"))
        return _measured[key]


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
