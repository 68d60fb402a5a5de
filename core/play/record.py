"""RECORD.md format 1: write, read and replay match records (JSON Lines).

Reading is defensive: every line's shape (the keys of its event type and
their kinds) is checked before anything uses it, a malformed line raises
RecordError naming the line and what was expected, and a file is read
line by line, one match at a time, so a large record needs little memory.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from roundhouse.core.game.actions import Action, Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.events import Event, event_from_record, is_shared
from roundhouse.core.game.state import Deal, MatchState, RiggedDealer
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.variant import Variant

FORMAT = 1
MAX_LINE_CHARS = 1 << 20
"""A longer line is refused (the longest real line, a deal, is a few kilobytes)."""
MAX_MATCH_LINES = 200_000
"""A match with more lines is refused (a real match has a few thousand)."""


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` without control characters (terminal escapes, bidirectional overrides): safe to show."""
    return _UNSAFE.sub("", text)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where."""


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
"""One encoder for every line (``json.dumps`` with options builds a new one per call)."""


class IncompleteRecord(RecordError):
    """A record that agrees with the rules as far as it goes, but is cut inside a group of events."""


def dumps_line(line: Mapping[str, Any]) -> str:
    """One record line as compact, key-ordered JSON."""
    return _ENCODER.encode(line)


_SHARED_LINES: dict[int, str] = {}
"""The JSON line of each shared event (:func:`roundhouse.core.game.events.is_shared`) once it was written."""


def record_text(header: Mapping[str, Any], events: Iterable[Event]) -> str:
    """A match's RECORD.md text: the header line, then a line per event, each ending in a newline.

    The line of a shared event is encoded once per process and reused (a
    play, a draw, a pass recur from match to match).
    """
    parts = [dumps_line(header)]
    for event in events:
        text = _SHARED_LINES.get(id(event))
        if text is None:
            text = dumps_line(event.to_record())
            if is_shared(event):
                _SHARED_LINES[id(event)] = text
        parts.append(text)
    parts.append("")
    return "\n".join(parts)


STANDARD_OUTPUT = "-"
"""The output path that means standard output."""

_WRITTEN_THROUGH = ("/dev/", "/proc/")
"""Paths under these are written in place (``/dev/stdout``, ``/proc/self/fd/1``), never renamed over."""


class OutputRefused(ValueError):
    """An output path that no writer will use (a directory, a socket, a dangling link): one line why."""


class OutputFile:
    """One output written by the rule every writer follows (``export``, ``simulate --record``).

    - ``-`` is standard output; a FIFO, a character device and any path under
      ``/dev/`` or ``/proc/`` are written through, in place: never renamed over.
    - A symbolic link is followed to its target, which the rule then applies
      to; a link to nothing is refused. The link itself is never replaced.
    - A regular file is built under a hidden temporary name in the same
      directory and renamed into place only by :meth:`commit`, so readers only
      ever see whole records. An existing file is replaced only with
      ``overwrite``; otherwise FileExistsError, also when a file appears there
      meanwhile (:func:`_move_to_new_name`).
    - Anything else (a directory, a socket, a block device) raises OutputRefused.

    :meth:`discard` (or leaving the ``with`` block by an exception) removes
    the temporary file and leaves the target as it was.
    """

    def __init__(self, target: str | Path, *, overwrite: bool, stdout: IO[str] | None = None) -> None:
        self.name = str(target)
        self.path, through = _output_path(self.name, overwrite)
        self._temporary: str | None = None
        self._overwrite = overwrite
        self._own = True
        if self.path is None:
            self.handle: IO[str] = stdout if stdout is not None else sys.stdout
            self._own = False
        elif through:
            self.handle = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 - closed by commit or discard
        else:
            self.handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed by commit or discard
                "w", encoding="utf-8", dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".part", delete=False
            )
            self._temporary = self.handle.name

    def commit(self) -> None:
        """Finish the output: flush it, and put a regular file in place (FileExistsError: kept aside, removed)."""
        try:
            self.handle.flush()
            if self._temporary is not None:
                os.fsync(self.handle.fileno())
                self.handle.close()
                os.chmod(self._temporary, _new_file_mode())  # as an ordinary new file, not a private temporary
                assert self.path is not None
                if self._overwrite:
                    os.replace(self._temporary, self.path)
                else:
                    _move_to_new_name(self._temporary, self.path)
                self._temporary = None
            elif self._own:
                self.handle.close()
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Give up the output: the temporary file is removed, the target left as it was."""
        if self._own:
            with contextlib.suppress(OSError):
                self.handle.close()
        if self._temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._temporary)
            self._temporary = None

    def __enter__(self) -> IO[str]:
        return self.handle

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def _output_path(name: str, overwrite: bool) -> tuple[Path | None, bool]:
    """Where output named ``name`` goes and whether it is written through (see :class:`OutputFile`).

    (None, True) is standard output. Raises OutputRefused or FileExistsError.
    """
    if name == STANDARD_OUTPUT:
        return None, True
    if name.startswith(_WRITTEN_THROUGH):
        return Path(name), True
    path = Path(name)
    if path.is_symlink():
        try:
            path = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise OutputRefused(f"{name} is a link to nothing; give the file itself") from None
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return path, False
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return path, True
    if stat.S_ISDIR(mode):
        raise OutputRefused(f"{name} is a directory; give a file name")
    if not stat.S_ISREG(mode):
        raise OutputRefused(f"{name} is not a regular file")
    if not overwrite:
        raise FileExistsError(errno.EEXIST, "File exists", name)
    return path, False


def write_record(target: str | Path | IO[str], lines: Iterable[Mapping[str, Any]], *, overwrite: bool = True) -> None:
    """Write ``lines`` (header first) as JSON Lines to an open text file, or a path by :class:`OutputFile`'s rule."""
    if not isinstance(target, (str, Path)):
        for line in lines:
            target.write(dumps_line(line) + "\n")
        return
    with OutputFile(target, overwrite=overwrite) as handle:
        write_record(handle, lines)


def _move_to_new_name(complete: str, path: Path) -> None:
    """Rename the complete file ``complete`` to ``path``, which must not exist: FileExistsError if it does.

    A hard link never replaces a file that appeared meanwhile. Where there
    are none (FAT and exFAT, some network shares, a platform without
    ``os.link``), ``path`` is claimed by creating it empty and exclusively,
    then the complete file is renamed over that claim: never a file of
    someone else's replaced, never part of the record under ``path``.
    """
    try:
        os.link(complete, path)
    except FileExistsError:
        raise
    except (AttributeError, OSError):  # no hard links here (EPERM, ENOTSUP, EXDEV, ...): claim the name
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            os.replace(complete, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise
    else:
        os.unlink(complete)


def _new_file_mode() -> int:
    """The permissions ``open(path, "w")`` would give a new file (0o666 less the umask)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


# ------------------------------------------------------------------ shapes
_TILE = re.compile(r"\d{1,3}-\d{1,3}")


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_tile(value: Any) -> bool:
    return type(value) is str and _TILE.fullmatch(value) is not None


def _is_seat_map(value: Any, check: Any) -> bool:
    return isinstance(value, dict) and all(
        type(k) is str and k.isdigit() and k.isascii() and check(v) for k, v in value.items()
    )


def _is_seat(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and _is_int(value.get("seat"))
        and type(value.get("name", "")) is str
        and type(value.get("player", "")) is str
    )


_KINDS: dict[str, tuple[Any, str]] = {
    "int": (_is_int, "a whole number"),
    "text": (lambda v: type(v) is str, "a text"),
    "tile": (_is_tile, 'a tile like "5-12"'),
    "tiles": (lambda v: isinstance(v, list) and all(_is_tile(t) for t in v), "a list of tiles"),
    "ints": (lambda v: isinstance(v, list) and all(_is_int(s) for s in v), "a list of seat numbers"),
    "hands": (lambda v: _is_seat_map(v, _KINDS["tiles"][0]), "an object of tile lists by seat"),
    "scores": (lambda v: _is_seat_map(v, _is_int), "an object of whole numbers by seat"),
    "line": (lambda v: _is_int(v) or type(v) is str, "a seat number or a line name"),
    "seats": (lambda v: isinstance(v, list) and all(_is_seat(s) for s in v), 'a list of {"seat", "name", "player"}'),
    "object": (lambda v: isinstance(v, dict), "an object"),
    "redo": (
        lambda v: isinstance(v, list) and all(isinstance(r, list) and all(type(e) is str for e in r) for r in v),
        "a list of lists of texts",
    ),
}


def matches_kind(value: Any, kind: str) -> bool:
    """True when ``value`` is of the record value ``kind`` (``"int"``, ``"tiles"``, ``"scores"``...)."""
    return bool(_KINDS[kind][0](value))


def kind_description(kind: str) -> str:
    """What a value of ``kind`` is, in words: ``"an object of whole numbers by seat"``."""
    return _KINDS[kind][1]


_SHAPES: dict[str, dict[str, str]] = {
    "match": {"format": "int", "variant": "text", "players": "int", "seed": "int", "seats": "seats"},
    "deal": {"round": "int", "hands": "hands", "stock": "tiles"},
    "redeal": {"round": "int"},
    "draw": {"seat": "int", "tile": "tile"},
    "engine": {"seat": "int", "tile": "tile"},
    "open": {"seat": "int", "tile": "tile"},
    "play": {"seat": "int", "tile": "tile", "line": "line", "end": "int"},
    "end_first_turn": {"seat": "int"},
    "pass": {"seat": "int"},
    "round_end": {"round": "int", "reason": "text", "hands": "hands", "points": "scores", "totals": "scores"},
    "restart": {"round": "int"},
    "score": {"seat": "int", "points": "int", "reason": "text"},
    "match_end": {"winners": "ints", "totals": "scores"},
}
"""The keys every line of a known type must carry, and their kinds (RECORD.md §Events)."""

_OPTIONAL: dict[str, dict[str, str]] = {
    "match": {"params": "object"},
    "redeal": {"reason": "text"},
    "draw": {"why": "text"},
    "score": {"values": "object", "total": "int"},
}
"""Keys a line may leave out, but whose kind is checked when present."""


def _shown(value: Any) -> str:
    text = "NaN" if isinstance(value, float) and math.isnan(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_line(line: Any, number: int) -> dict[str, Any]:
    """``line`` when it has the shape of its event type; RecordError naming ``number`` and what was expected.

    Lines of a type RECORD.md does not list (a plugin variant's) only need a
    text ``type``.
    """
    if not isinstance(line, dict) or type(line.get("type")) is not str:
        raise RecordError(f"line {number}: expected an object with a text 'type'")
    kind = line["type"]
    required = _SHAPES.get(kind, {})
    optional = _OPTIONAL.get(kind, {})
    for key, kind_name in (*required.items(), *optional.items()):
        if key not in line:
            if key in required:
                raise RecordError(f"line {number}: a {kind!r} line needs {key!r}")
            continue
        if not matches_kind(line[key], kind_name):
            expected = kind_description(kind_name)
            raise RecordError(f"line {number}: {key!r} of a {kind!r} line must be {expected}, got {_shown(line[key])}")
    if kind == "match" and line["players"] != len(line["seats"]):
        raise RecordError(f"line {number}: 'players' is {line['players']} but {len(line['seats'])} seats are listed")
    return line


def parse_line(text: str | bytes, number: int) -> dict[str, Any]:
    """One record line parsed and shape-checked (:func:`check_line`)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"line {number}: not UTF-8 text") from None
    if not text.strip():
        raise RecordError(f"line {number}: blank lines are not allowed")
    try:
        line = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"line {number}: not JSON: {error}") from None
    except RecursionError:
        raise RecordError(f"line {number}: nested too deeply to be a record line") from None
    return check_line(line, number)


def iter_record(source: IO[str] | IO[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each line of a record with its number, parsed and checked, read as needed (bounded memory)."""
    number = 0
    while True:
        text = source.readline(MAX_LINE_CHARS + 1)
        if not text:
            break
        number += 1
        if len(text) > MAX_LINE_CHARS:
            raise RecordError(f"line {number}: longer than {MAX_LINE_CHARS} characters")
        line = parse_line(text, number)
        if number == 1 and line["type"] != "match":
            raise RecordError("line 1: a record starts with a 'match' line")
        yield number, line
    if number == 0:
        raise RecordError("line 1: the file is empty; a record starts with a 'match' line")


def read_record(source: str | Path | IO[str]) -> list[dict[str, Any]]:
    """Parse a whole record; RecordError names the line that is wrong.

    A file may hold several matches one after another: each starts with its
    own ``match`` line (see :func:`split_matches`).
    """
    if isinstance(source, (str, Path)):
        with open(source, "rb") as handle:
            return read_record(handle)
    return [line for _, line in iter_record(source)]


def stream_matches(numbered: Iterable[tuple[int, dict[str, Any]]]) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """Group numbered record lines into matches: (number of the ``match`` line, the match's lines)."""
    first, match = 0, []
    for number, line in numbered:
        if line["type"] == "match":
            if match:
                yield first, match
            first, match = number, []
        elif not match:
            raise RecordError(f"line {number}: a record starts with a 'match' line")
        elif len(match) >= MAX_MATCH_LINES:
            raise RecordError(f"line {number}: a match longer than {MAX_MATCH_LINES} lines")
        match.append(line)
    if match:
        yield first, match


def split_matches(lines: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Cut a multi-match record into one list per match (each led by ``match``)."""
    return [match for _, match in stream_matches(enumerate(lines, 1))]


def _deals(lines: Sequence[dict[str, Any]]) -> list[Deal]:
    """The deals a dealer handed out: every ``deal`` not repeating a restart."""
    deals = []
    previous = None
    for line in lines:
        if line["type"] == "deal" and previous != "restart":
            hands = {int(k): tuple(Tile.parse(t) for t in v) for k, v in line["hands"].items()}
            deals.append(Deal(hands, tuple(Tile.parse(t) for t in line["stock"])))
        previous = line["type"]
    return deals


def action_of(line: Mapping[str, Any]) -> Action | None:
    """The decision behind an event line, or None for an automatic event."""
    kind = line["type"]
    if kind == "engine":
        return PlaceEngine(Tile.parse(line["tile"]))
    if kind == "open":
        return OpenDouble(Tile.parse(line["tile"]))
    if kind == "play":
        return Play(Tile.parse(line["tile"]), line["line"])
    if kind == "draw" and line.get("why") == "play":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "end_first_turn":
        return EndTurn()
    return None


def replay(lines: Sequence[dict[str, Any]], variant: Variant, first_line: int = 1) -> MatchState:
    """Rebuild a match from its (shape-checked) record, checking every event on the way.

    The deals come from the record; every decision is re-applied through the
    rules, and the events the rules produce must equal the record's. Raises
    RecordError naming the first line that disagrees (``first_line`` is the
    number of the ``match`` line in its file). A record of a match still
    going may stop after any decision; one cut inside the events a decision
    causes raises IncompleteRecord.
    """
    header = lines[0]
    if header.get("format") != FORMAT:
        raise RecordError(f"line {first_line}: format {header.get('format')!r} is not supported (expected {FORMAT})")
    if header.get("variant") != variant.id:
        raise RecordError(f"line {first_line}: record is for {header.get('variant')!r}, not {variant.id!r}")
    names = [s.get("name", f"Player {s['seat']}") for s in header["seats"]]
    params = header.get("params") or None
    if params is not None:
        params = {k: ({int(a): b for a, b in v.items()} if isinstance(v, dict) else v) for k, v in params.items()}
    try:
        state = variant.new_match(header["players"], header["seed"], params, names, RiggedDealer(_deals(lines)))
        produced: list[Event] = list(state.start())
    except LookupError:
        if len(lines) == 1:
            raise IncompleteRecord(f"line {first_line}: the record stops before the first deal") from None
        raise RecordError(f"line {first_line + 1}: expected the first deal") from None
    except ValueError as error:
        raise RecordError(f"line {first_line}: {error}") from None
    for number, line in enumerate(lines[1:], first_line + 1):
        expected = event_from_record(line)
        if produced:
            got = produced.pop(0)
            if _strip(got.to_record()) != _strip(expected.to_record()):
                raise RecordError(f"line {number}: record says {line}, the rules give {got.to_record()}")
            continue
        if line["type"] == "restart":
            produced = list(state.restart_round())[1:]
            continue
        action = action_of(line)
        if action is None:
            raise RecordError(f"line {number}: {line['type']!r} event where a decision was expected")
        if state.to_move() is None:
            raise RecordError(f"line {number}: {line['type']!r} event after the end of the match")
        if line.get("seat") != state.to_move():
            raise RecordError(f"line {number}: seat {line.get('seat')} acted, but seat {state.to_move()} was to move")
        try:
            produced = list(state.apply(action))
        except LookupError:
            if number - first_line + 1 == len(lines):
                raise IncompleteRecord(f"line {number}: the record stops before the next deal") from None
            raise RecordError(f"line {number + 1}: the record has no deal for the next round") from None
        except ValueError as error:
            raise RecordError(f"line {number}: {error}") from error
        got = produced.pop(0)
        if _strip(got.to_record()) != _strip(expected.to_record()):
            raise RecordError(f"line {number}: record says {line}, the rules give {got.to_record()}")
    if produced:
        raise IncompleteRecord(f"record ends early: the rules still give {produced[0].to_record()}")
    return state


def _strip(line: dict[str, Any]) -> dict[str, Any]:
    """A line without unknown extra keys' influence: hands compared as sorted lists."""
    out = dict(line)
    for key in ("hands",):
        if key in out:
            out[key] = {k: sorted(v) for k, v in out[key].items()}
    out.pop("thinking_ms", None)
    out.pop("time", None)
    return out
