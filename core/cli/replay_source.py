"""The matches of a record file, found and checked one at a time, held as offsets (``roundhouse replay``).

Each line is parsed and shape-checked as it is first read
(:func:`roundhouse.core.play.record.iter_record`); each match is checked
against its variant's rules (:func:`roundhouse.core.play.record.replay`)
before any of it is shown (a match only jumped over is not). A match keeps only where each of its lines
begins: a line is read again from the file when it is needed, so memory
does not grow with the size of the lines or of the file.
"""

from __future__ import annotations

import json
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

from roundhouse.core.cli.replay_bytes import LineReader, RecordBytes
from roundhouse.core.game.variant import Variant
from roundhouse.core.play.record import (
    MAX_LINE_CHARS,
    MAX_MATCH_LINES,
    IncompleteRecord,
    RecordError,
    check_line,
    iter_record,
    parse_line,
    replay,
)
from roundhouse.core.plugins.registry import Registry

KEPT_INDEXES = 8
"""How many matches keep their line offsets at once; an earlier one is found again from its start."""


class MatchLines(Sequence[dict[str, Any]]):
    """The lines of one match, each read and parsed from the file when asked for."""

    def __init__(self, data: RecordBytes, first_line: int, starts: array) -> None:
        self._data = data
        self.first_line = first_line
        """The file line number of the match's first line (its ``match`` line)."""
        self._starts = starts
        """Where each line begins, then where the last one ends."""

    def __len__(self) -> int:
        return len(self._starts) - 1

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> MatchLines: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | MatchLines:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                raise ValueError("match lines are sliced in order only")
            stop = max(start, stop)
            return MatchLines(self._data, self.first_line + start, self._starts[start : stop + 1])
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        begin, end = self._starts[index], self._starts[index + 1]
        number = self.first_line + index
        try:  # read and checked once already: only its shape is checked again
            return check_line(json.loads(self._data.read_at(begin, end - begin)), number)
        except ValueError:  # the file changed meanwhile, or it is not UTF-8: say so as a first reading does
            return parse_line(self._data.read_at(begin, end - begin), number)


@dataclass(frozen=True)
class Match:
    """One checked match of the file."""

    number: int
    """1 for the file's first match."""
    lines: MatchLines
    complete: bool
    """False when the record stops before the match ends."""
    variant: Variant | None = None
    """The installed game the match was checked against (None for one only passed over)."""


UNCHECKED, INCOMPLETE, COMPLETE = -1, 0, 1
"""What is known of a match found in the file."""


class RecordMatches:
    """The matches of one record file, in order, found and checked as far as asked.

    Finding a match reads its lines once (each shape-checked, a malformed one
    raising RecordError); :meth:`match` also checks it against its variant's
    rules, once, before anything of it is shown, raising RecordError (naming
    the line) for a match that does not replay or whose variant is not
    installed. A match only passed over (by a jump to the end) is found but
    not checked. IndexError past the last match. ``on_new_match`` is called
    once for each match, when it has been checked.
    """

    def __init__(
        self, data: RecordBytes, registry: Registry, on_new_match: Callable[[Match], None] = lambda _: None
    ) -> None:
        self._data = data
        self._registry = registry
        self._on_new_match = on_new_match
        self._reader = LineReader(data)
        self._lines: Iterator[tuple[int, dict[str, Any]]] = iter_record(self._reader)
        self._found = array("q")  # per match found: where it starts, its first line number, what is known of it
        self._kept: OrderedDict[int, MatchLines] = OrderedDict()
        number, _ = next(self._lines)  # iter_record: a record starts with a match line
        self._pending: tuple[int, int] | None = (number, self._reader.start)
        """The match line that starts the next match to find: its number and where it starts."""

    def found(self) -> int:
        """How many matches have been found so far."""
        return len(self._found) // 3

    def has(self, number: int) -> bool:
        """True when the file holds a match ``number`` (finding matches as needed)."""
        try:
            self.lines(number)
        except IndexError:
            return False
        return True

    def count(self) -> int:
        """How many matches the file holds (finding them all, without checking them)."""
        while self._pending is not None:
            self._keep(self.found() + 1, self._find_next())
        return self.found()

    def lines(self, number: int) -> MatchLines:
        """The lines of match ``number`` (1-based), found but perhaps not checked."""
        if number < 1:
            raise IndexError(number)
        if number in self._kept:
            self._kept.move_to_end(number)
            return self._kept[number]
        while self.found() < number:
            if self._pending is None:
                raise IndexError(number)
            self._keep(self.found() + 1, self._find_next())
        if number not in self._kept:
            self._keep(number, self._find_again(number))
        return self._kept[number]

    def match(self, number: int) -> Match:
        """Match ``number`` (1-based), checked against its variant's rules on first use."""
        lines = self.lines(number)
        state = self._found[3 * number - 1]
        if state == UNCHECKED:
            state = COMPLETE if self._check(lines) else INCOMPLETE
            self._found[3 * number - 1] = state
            self._on_new_match(Match(number, lines, state == COMPLETE, self._registry.variants[lines[0]["variant"]]))
        return Match(number, lines, state == COMPLETE, self._registry.variants[lines[0]["variant"]])

    def _keep(self, number: int, lines: MatchLines) -> None:
        self._kept[number] = lines
        while len(self._kept) > KEPT_INDEXES:
            self._kept.popitem(last=False)

    def _find_next(self) -> MatchLines:
        """Read the next match's lines (each shape-checked), keeping where each begins."""
        assert self._pending is not None
        first_line, start = self._pending
        self._pending = None
        starts = array("q", [start])
        for number, line in self._lines:
            if line["type"] == "match":
                self._pending = (number, self._reader.start)
                break
            if len(starts) >= MAX_MATCH_LINES:
                raise RecordError(f"line {number}: a match longer than {MAX_MATCH_LINES} lines")
            starts.append(self._reader.start)
        starts.append(self._reader.start if self._pending else self._reader.position)
        self._found.extend((start, first_line, UNCHECKED))
        return MatchLines(self._data, first_line, starts)

    def _find_again(self, number: int) -> MatchLines:
        """An earlier match's lines found again from where it starts (read once already)."""
        start, first_line, _ = self._found[3 * (number - 1) : 3 * number]
        reader = LineReader(self._data, start)
        starts = array("q")
        while True:
            starts.append(reader.position)
            text = reader.readline(MAX_LINE_CHARS + 1)
            if not text or (len(starts) > 1 and parse_line(text, first_line).get("type") == "match"):
                break
        return MatchLines(self._data, first_line, starts)

    def _check(self, lines: MatchLines) -> bool:
        """Check a match against its variant's rules; True when it is complete."""
        variant_id = lines[0]["variant"]
        if variant_id not in self._registry.variants:
            raise RecordError(
                f"line {lines.first_line}: cannot replay it: {self._registry.missing('variant', str(variant_id))}"
            )
        try:
            return replay(lines, self._registry.variants[variant_id], lines.first_line).is_over()
        except IncompleteRecord:
            return False


def stopped_after(match: Match) -> int:
    """The last round an incomplete match finished (0 for none)."""
    for index in range(len(match.lines) - 1, 0, -1):
        line = match.lines[index]
        if line["type"] == "round_end":
            return int(line["round"])
    return 0


def incomplete_note(match: Match) -> str:
    """What an incomplete match lacks, in words (the warning and the JSON ``note``)."""
    return f"incomplete record: stops after round {stopped_after(match)}"


@contextmanager
def open_record(
    path: str | Path, registry: Registry, on_new_match: Callable[[Match], None] = lambda _: None
) -> Iterator[RecordMatches]:
    """The matches of the record file at ``path``, closed on leaving; OSError when it cannot be opened."""
    data = RecordBytes(open(path, "rb"))  # noqa: SIM115 - closed below
    try:
        yield RecordMatches(data, registry, on_new_match)
    finally:
        data.close()
