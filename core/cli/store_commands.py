"""The ``history`` and ``export`` commands, and the store ``play`` uses.

Exit status: 0 done, 1 the store cannot be used or a file cannot be written,
2 a bad argument (an id that is not a number, or of no saved match). Every
error is one line on standard error.

``play`` and the store: a data directory that cannot be created or written
prints a warning and the game is played without saving (a player would
rather play than be stopped), and so does a file at the save path that is
not a Roundhouse database (it is left untouched); a data directory in use
by another running Roundhouse, or a database another program holds locked,
stops ``play`` with status 1 and a clear message, since two programs
writing the same file would confuse anyone. ``history`` and ``export`` stop
with status 1 and one line in every such case.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path
from typing import IO

from roundhouse.core.play.record import STANDARD_OUTPUT, OutputRefused, printable, write_record
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.store import PAUSED, HistoryEntry, NoSuchMatch, Store, StoreBusy, StoreError, local_time


def open_play_store(data_dir: Path | None, stderr: IO[str] | None = None) -> Store | None:
    """The store for ``play``; None (after a warning) when saving cannot work here.

    Raises StoreBusy when another Roundhouse plays with the same directory.
    """
    stderr = stderr or sys.stderr
    try:
        store = Store.open(data_dir)
    except StoreBusy:
        raise
    except StoreError as error:
        warn(f"saving is off: {error}", stderr)
        return None
    for warning in store.unseen_warnings():
        warn(warning, stderr)
    return store


def match_number(text: str) -> int | None:
    """``text`` as a match id the store can hold (1 to 2**63 - 1), or None."""
    try:
        number = int(text) if len(text) <= 20 else 0
    except ValueError:
        return None
    return number if 0 < number < 2**63 else None


def fail(command: str, message: str, status: int) -> int:
    """Say ``message`` as the one error line of ``roundhouse command`` (control characters removed,
    undecodable bytes shown by :func:`echoed`); ``status``."""
    prefix = f"roundhouse {command}".rstrip()
    print(printable(echoed(f"{prefix}: error: {message}")), file=sys.stderr)
    return status


def warn(message: str, stderr: IO[str] | None = None) -> None:
    """Say ``message`` as one warning line on standard error, shown as :func:`fail` shows an error."""
    print(printable(echoed(f"warning: {message}")), file=stderr or sys.stderr)


_UNDECODABLE = re.compile("[\udc80-\udcff]")
"""A byte of an argument or path that is not UTF-8, as ``os.fsdecode`` keeps it (a lone surrogate)."""
_UNDECODABLE_REPR = re.compile(r"\\udc([89a-f][0-9a-f])")
"""The same byte inside a quoted value (``repr`` writes it ``\\udcff``)."""


def echoed(text: str) -> str:
    """``text`` with every byte that is not UTF-8 shown one way, as ``\\xff``, whether it came as a path or quoted.

    An argument ``$'\\xff.jsonl'`` reads ``\\xff.jsonl`` in every message, not ``?.jsonl`` in one and
    ``'\\udcff.jsonl'`` in another.
    """
    text = _UNDECODABLE_REPR.sub(r"\\x\1", text)
    return _UNDECODABLE.sub(lambda byte: f"\\x{ord(byte.group()) - 0xDC00:02x}", text)


def _seats(entry: HistoryEntry) -> str:
    return ", ".join(printable(seat.name) for seat in entry.seats)


def _totals(entry: HistoryEntry) -> str:
    return " ".join(str(entry.totals.get(seat, "-")) for seat in range(1, len(entry.seats) + 1))


def _winners(entry: HistoryEntry) -> str:
    if entry.status == PAUSED:
        return "(paused)"
    if entry.status != "finished":
        return "(abandoned)"
    return ", ".join(printable(entry.seats[seat - 1].name) for seat in entry.winners)


TABLE_GAP = "  "
NARROWEST = 12
"""The fewest characters a cut column keeps."""
SEATS_ROOM = 16
"""The fewest characters the seats keep beside a totals column; with less, each total goes beside its name."""


def _cut(text: str, room: int) -> str:
    """``text`` in ``room`` characters: cut after its last whole item (", ") that fits, then "…"."""
    if len(text) <= room:
        return text
    cut = text[: room - 1]
    if ", " in cut:
        return cut[: cut.rindex(", ") + 2] + "…"
    return cut.rstrip() + "…"


def _aligned(rows: list[tuple[str, ...]], widths: list[int]) -> list[str]:
    """``rows`` in columns of ``widths`` (the first right-aligned), each cell cut to fit."""
    lines = []
    for row in rows:
        cells = [_cut(cell, width) for cell, width in zip(row, widths, strict=True)]
        cells = [cells[0].rjust(widths[0]), *(c.ljust(w) for c, w in zip(cells[1:], widths[1:], strict=True))]
        lines.append(TABLE_GAP.join(cells).rstrip())
    return lines


def history_table(entries: list[HistoryEntry], width: int) -> list[str]:
    """The history as a table of at most ``width`` characters a line where it can: all columns if they fit,
    else the seats cut after a whole name ("…"), else each seat's total beside its name in one cut column
    (the winners cut too if need be)."""
    rows = [("id", "date", "variant", "seats", "totals", "winners")]
    rows += [
        (str(e.id), local_time(e.ended or e.started), e.variant, _seats(e), _totals(e), _winners(e)) for e in entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    room = width - (sum(widths) - widths[3]) - len(TABLE_GAP) * (len(widths) - 1)
    if room >= min(widths[3], SEATS_ROOM):
        widths[3] = min(widths[3], room)
        return _aligned(rows, widths)
    merged = [("id", "date", "variant", "seats and totals", "winners")]
    merged += [(row[0], row[1], row[2], _seats_totals(e), row[5]) for row, e in zip(rows[1:], entries, strict=True)]
    widths = [max(len(row[i]) for row in merged) for i in range(len(merged[0]))]
    widths[4] = min(widths[4], max(NARROWEST, width // 4))
    widths[3] = max(NARROWEST, width - (sum(widths) - widths[3]) - len(TABLE_GAP) * (len(widths) - 1))
    return _aligned(merged, widths)


def _seats_totals(entry: HistoryEntry) -> str:
    return ", ".join(
        f"{printable(seat.name)} {entry.totals.get(number, '-')}" for number, seat in enumerate(entry.seats, 1)
    )


def command_history(args: argparse.Namespace, plugins: Plugins) -> int:
    """List finished and abandoned matches, then the match in progress if any."""
    try:
        store = Store.open(args.data_dir, exclusive=False)
    except StoreError as error:
        return fail("history", str(error), 1)
    with store:
        entries = store.history()
        saved = store.saved_match()
    for warning in store.warnings:
        warn(warning)
    if not entries:
        print(f"No finished matches yet (data directory {store.directory}).")
    else:
        for line in history_table(entries, shutil.get_terminal_size().columns):
            print(line)
        if any(e.status == PAUSED for e in entries):
            print("A paused match is taken up again with 'roundhouse play --resume ID'.")
    if saved is not None:
        print(
            f"In progress: match {saved.id} ({saved.variant}, {len(saved.log)} decisions, "
            f"saved {local_time(saved.updated)}); 'roundhouse play' resumes it."
        )
    return 0


def command_export(args: argparse.Namespace, plugins: Plugins) -> int:
    """Write ended match ``args.id`` of the store as a RECORD.md file, by the rule of every writer.

    That rule (:class:`roundhouse.core.play.record.OutputFile`): ``-`` is
    standard output, a FIFO or device is written through, a link is followed,
    an existing file is replaced only with ``--force``, a regular file is
    written whole or not at all; a directory or socket is refused (status 2).
    """
    match_id = match_number(args.id)
    if match_id is None:
        return fail("export", f"a match id is a number from 'roundhouse history', got {printable(repr(args.id))}", 2)
    try:
        store = Store.open(args.data_dir, exclusive=False)
    except StoreError as error:
        return fail("export", str(error), 1)
    with store:
        try:
            lines = store.match_record(match_id, plugins.registry, ended_only=True)
        except NoSuchMatch as error:
            return fail("export", str(error), 2)
        except StoreError as error:
            return fail("export", str(error), 1)
    try:
        write_record(str(args.file), lines, overwrite=args.force)
    except OutputRefused as error:
        return fail("export", str(error), 2)
    except FileExistsError:
        return fail("export", f"{args.file} already exists; add --force to replace it", 1)
    except OSError as error:
        return fail("export", f"cannot write {args.file}: {error.strerror or error}", 1)
    if str(args.file) not in (STANDARD_OUTPUT, "/dev/stdout"):
        print(f"Wrote match {match_id} ({len(lines)} lines) to {args.file}.")
    return 0
