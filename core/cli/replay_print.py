"""A whole record printed at once: as text, or as JSON Lines with ``--json`` (``roundhouse replay``).

Used when standard input or output is not a terminal, and always with
``--json``. Frames are built and written one by one, so the output starts
at once and memory stays bounded whatever the record's size.

JSON shape, one object per line and per frame::

    {"match": 1, "frame": 1, "frames": 97, "line": 1, "type": "match",
     "sentence": "...", "event": {...}, "table": {...} or null, "note": null}

``match`` and ``frame`` count from 1 (``frames`` is the match's count);
``line`` is the record line shown (null on the frame that ends an
incomplete match, whose ``note`` says what is missing); ``event`` is that
record line; ``table`` is the table after it: ``round``, ``stock``,
``centre``, ``lines`` (each ``line`` id, ``label``, ``tiles``, ``end``),
``hands`` and ``totals`` by seat. Texts from the record longer than
:data:`~roundhouse.core.cli.replay_table.NAME_CHARS` characters are cut
and end with an ellipsis.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from typing import IO, Any

from roundhouse.core.cli.replay_frames import Frame, MatchFrames
from roundhouse.core.cli.replay_pager import frame_text, match_heading
from roundhouse.core.cli.replay_source import RecordMatches
from roundhouse.core.cli.replay_table import NAME_CHARS, shown
from roundhouse.core.text.i18n import Catalog


def _matches(matches: RecordMatches, catalog: Catalog) -> Iterator[MatchFrames]:
    number = 1
    while matches.has(number):
        yield MatchFrames(matches.match(number), catalog)
        number += 1


def print_text(matches: RecordMatches, catalog: Catalog, stdout: IO[str]) -> None:
    """Every frame of every match as the viewer shows them, one after another."""
    for frames in _matches(matches, catalog):
        number = frames.match.number
        if number > 1:
            stdout.write(match_heading(catalog, number))
        for index in range(len(frames)):
            stdout.write(("\n" if index or number > 1 else "") + frame_text(frames, index))


def print_json(matches: RecordMatches, catalog: Catalog, stdout: IO[str]) -> None:
    """Every frame of every match as one JSON object per line (the module's shape)."""
    for frames in _matches(matches, catalog):
        for index in range(len(frames)):
            stdout.write(json.dumps(frame_json(frames, index), ensure_ascii=False) + "\n")


def frame_json(frames: MatchFrames, index: int) -> dict[str, Any]:
    """Frame ``index`` of a match in the JSON shape the module documents."""
    frame: Frame = frames.frame(index)
    line = frame.line
    return {
        "match": frames.match.number,
        "frame": index + 1,
        "frames": len(frames),
        "line": frames.match.lines.first_line + index if line is not None else None,
        "type": shown(line["type"]) if line is not None else None,
        "sentence": frame.sentence,
        "event": _cut(line) if line is not None else None,
        "table": frames.words.table_json(frame.table) if frame.table is not None else None,
        "note": frame.note,
    }


MAX_ITEMS = 200
"""The most items of one list or object of an event that are shown (a stock has fewer)."""
MAX_DEPTH = 8
"""Values nested deeper than this in an event are shown as an ellipsis."""


def _cut(value: Any, depth: int = 0) -> Any:
    """``value`` with every text in it (keys too) cut as the viewer cuts names, and its size bounded."""
    if isinstance(value, str):
        return value if len(value) <= NAME_CHARS and value.isprintable() else shown(value)
    if isinstance(value, (dict, list)) and depth >= MAX_DEPTH:
        return "…"
    if isinstance(value, dict):
        return {_cut(key): _cut(item, depth + 1) for key, item in islice(value.items(), MAX_ITEMS)}
    if isinstance(value, list):
        return [_cut(item, depth + 1) for item in value[:MAX_ITEMS]]
    return value
