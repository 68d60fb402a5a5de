"""The frames of one match, built as they are asked for (``roundhouse replay``).

Frame ``i`` is line ``i`` of the match: its sentence and the table after
it; a match that stops before its end has one more frame saying so. The
table is rebuilt line by line from the file; a copy of it is kept every
:data:`CHECKPOINT_EVERY` lines, so going back costs at most that many
lines and memory stays bounded by the match's length, not its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from roundhouse.core.cli.replay_layout import game_lines
from roundhouse.core.cli.replay_source import Match, incomplete_note, stopped_after
from roundhouse.core.cli.replay_table import Table, seat_names
from roundhouse.core.cli.replay_words import Words
from roundhouse.core.text.i18n import Catalog

CHECKPOINT_EVERY = 64
"""Lines between two kept copies of the table."""


@dataclass(frozen=True)
class Frame:
    """One event of a record: its sentence and the table after it."""

    sentence: str
    table: Table | None
    """None on the frame that says a match is incomplete."""
    line: dict[str, Any] | None = None
    """The record line shown; None on the incomplete-match frame."""
    note: str | None = None
    """Set on the frame after the last line of a match that stops before its end: what is missing."""


class MatchFrames:
    """Random access to the frames of one checked match, told in ``catalog``'s language."""

    def __init__(self, match: Match, catalog: Catalog) -> None:
        self.match = match
        self.words = Words(seat_names(match.lines[0]), catalog, game_lines(match, catalog.lang))
        self._checkpoints: dict[int, Table] = {}
        self._table = Table()
        self._at = -1  # the last line applied to ``_table``
        self._note: str | None = None

    def __len__(self) -> int:
        return len(self.match.lines) + (0 if self.match.complete else 1)

    def line(self, index: int) -> dict[str, Any]:
        """Record line ``index`` of the match, read from the file."""
        return self.match.lines[index]

    def frame(self, index: int) -> Frame:
        """Frame ``index`` (0-based); IndexError outside the match."""
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index == len(self.match.lines):
            note = self.note()
            sentence = self.words.catalog.t("replay_incomplete", round=stopped_after(self.match))
            return Frame(sentence, None, None, note)
        line = self._advance_to(index)
        return Frame(self.words.describe(line), self._table.copy(), line)

    def note(self) -> str:
        """What an incomplete match lacks (:func:`incomplete_note`), found once."""
        if self._note is None:
            self._note = incomplete_note(self.match)
        return self._note

    def _advance_to(self, index: int) -> dict[str, Any]:
        """Bring the table to just after line ``index``; that line."""
        if index < self._at:
            start = max((at for at in self._checkpoints if at <= index), default=-1)
            self._table = self._checkpoints[start].copy() if start >= 0 else Table()
            self._at = start
        line = self.match.lines[self._at] if self._at == index else {}
        while self._at < index:
            self._at += 1
            line = self.match.lines[self._at]
            self._table.apply(line)
            if self._at % CHECKPOINT_EVERY == 0 and self._at not in self._checkpoints:
                self._checkpoints[self._at] = self._table.copy()
        return line
