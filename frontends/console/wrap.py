"""Text fitted to the terminal's width: broken between words, never inside a tile or a name.

A tile ("12-12") is one word: lines break only at blanks, never at a hyphen.
A row never starts with a punctuation mark set off by a blank (French
" ;"). A player's name is kept whole by gluing its words (:func:`keep_together`)
with a private character that :func:`fit` turns back into a blank; the glue
never reaches the screen. Wrapped lines hang under the first one, so a long
table row reads as one row.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence

MIN_WIDTH = 40
"""The narrowest width text is fitted to: a tinier terminal wraps what does not fit itself."""

GLUE = "\ue000"
"""Stands for a blank that must not break a line (inside a name); never written out."""

BEFORE_MARK = re.compile(r"(?<=\S) (?=[;:!?»](?:\s|$))|(?<=«) ")
"""A blank a row never breaks at: before a mark set off by a blank (French "partie ;") or inside « »."""

HANG = 2
"""How much further than its first line a wrapped line is indented."""


def keep_together(text: str) -> str:
    """``text`` as one unbreakable unit (its blanks glued)."""
    return text.replace(" ", GLUE)


def glue_names(text: str, names: Iterable[str]) -> str:
    """``text`` with each of ``names`` that occurs in it kept whole, with the number that follows it, if any
    ("Computer 5 8" in a list of counts; a tile after a name is left free)."""
    wanted = sorted({name for name in names if name}, key=len, reverse=True)
    if not wanted:
        return text
    pattern = re.compile("(?:" + "|".join(re.escape(name) for name in wanted) + r")(?: \d+(?![\d-]))?")
    return pattern.sub(lambda match: keep_together(match.group(0)), text)


def unglue(text: str) -> str:
    """``text`` as it is shown: every glue back to a blank."""
    return text.replace(GLUE, " ")


def fit(text: str, width: int | None, names: Iterable[str] = (), hang: str | None = None) -> list[str]:
    """``text`` (one line) as the rows it takes at ``width`` columns (None: one row, unwrapped).

    Rows break only at blanks, never inside a tile or one of ``names``; a
    row after the first is indented by ``hang`` (default: the text's own
    indent and :data:`HANG` more, at most half the width). Trailing blanks
    of the text (a prompt's) are kept on its last row.
    """
    glued = BEFORE_MARK.sub(GLUE, glue_names(text, names))
    if width is None or len(glued) <= width:
        return [unglue(glued)]
    width = max(width, MIN_WIDTH)
    body = glued.rstrip(" ")
    trailing = glued[len(body) :]
    indent = body[: len(body) - len(body.lstrip(" "))][: width // 2]
    if hang is None:
        hang = (indent + " " * HANG)[: width // 2]
    rows = textwrap.wrap(
        body.lstrip(" "),
        width=width,
        initial_indent=indent,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent]
    if trailing and len(rows[-1]) + len(trailing) > width:
        rows.append(hang)
    rows[-1] += trailing
    return [unglue(row) for row in rows]


def two_columns(rows: Iterable[tuple[str, str]], width: int, indent: str = "  ", gap: int = 2) -> list[str]:
    """Rows of a term and its description: the terms in one column, each description wrapped under its own start.

    The term column is as wide as the longest term, at most a third of the
    width; a longer term stands on a row of its own, its description below.
    """
    rows = list(rows)
    room = max(width, MIN_WIDTH)
    column = min(max((len(term) for term, _ in rows), default=0), room // 3)
    hang = indent + " " * (column + gap)
    out: list[str] = []
    for term, text in rows:
        if len(term) > column:
            out.append(indent + term)
            out.extend(fit(hang + text, room, hang=hang))
        else:
            out.extend(fit(indent + term.ljust(column) + " " * gap + text, room, hang=hang))
    return out


def shorten(text: str, room: int) -> str:
    """``text`` cut to ``room`` characters, an ellipsis marking the cut (whole when it fits)."""
    if len(text) <= room:
        return text
    return text[: max(room - 1, 0)].rstrip() + "…"


def names_within(names: Sequence[str], room: int, separator: str = ", ") -> str:
    """As many whole ``names`` as fit in ``room`` columns, then "…" for the rest (a first name too long is cut)."""
    joined = separator.join(names)
    if len(joined) <= room:
        return joined
    kept: list[str] = []
    for name in names:
        if len(separator.join([*kept, name, "…"])) > room:
            break
        kept.append(name)
    if not kept:
        return shorten(joined, room)
    return separator.join([*kept, "…"])
