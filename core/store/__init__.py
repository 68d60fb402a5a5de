"""Saving, resuming and history: an embedded SQLite store (DESIGN.md §Persistence).

One database, ``roundhouse.sqlite3``, lives in the data directory: the
``--data-dir`` argument, else ``ROUNDHOUSE_DATA_DIR``, else the user's data
directory (platformdirs). It holds the match in progress and the history of
earlier matches (DX.8, DX.11).

Contracts:

- :meth:`Store.attach` autosaves a session after every change it publishes
  (each decision, bot step, undo, redo, restart, new match), one transaction
  per save, in WAL mode: a process killed at any moment loses at most the
  decision in progress. Only the changed part of the decision log is written;
  rows are replaced, never duplicated.
- A damaged database (one the integrity check rejects, whose tables are
  missing, or that was emptied to 0 bytes) is moved aside as
  ``roundhouse.sqlite3.damaged-<time>`` (never overwritten), reported in
  :attr:`Store.warnings` in one line, and a fresh one is used. A directory
  that cannot be created or written raises StoreError.
- Rows are read defensively: a row that cannot be decoded or holds a value
  of the wrong kind is set aside (a save) or left out (history) with a
  one-line warning naming the match; every other row still loads.
- A failed save is reported once per cause with SQLite's own reason (never
  a rollback error in its place); the match goes on.
- One playing instance per database: a second :meth:`Store.open` raises
  StoreBusy while the first holds the session lock, taken next to the
  database's real file (symbolic links resolved), so two data directories
  sharing one database through a link exclude each other too. The lock dies
  with its process. Reading commands open with ``exclusive=False`` and never
  wait; in a data directory they cannot write, they read without locking.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import threading
import weakref
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from roundhouse.core.play.record import RecordError, dumps_line, kind_description, matches_kind, parse_line
from roundhouse.core.play.session import LogEntry, MatchRecord, Seat, Session
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store.lock import LockFileError, SessionLock
from roundhouse.core.store.schema import SCHEMA_VERSION, SchemaTooNew, check_tables, migrate, schema_version
from roundhouse.core.text.notices import Notice

DB_NAME = "roundhouse.sqlite3"
LOCK_NAME = "roundhouse.lock"
ENV_DATA_DIR = "ROUNDHOUSE_DATA_DIR"
BUSY_TIMEOUT_S = 10.0
WAL_CHECKPOINT_PAGES = 100
"""Copy the write-ahead log into the database every this many pages (SQLite's default is 1000)."""
WAL_SIZE_LIMIT = 512 * 1024
"""Bytes the write-ahead log file is cut back to after a checkpoint."""

PLAYING, FINISHED, ABANDONED, UNREADABLE = "playing", "finished", "abandoned", "unreadable"
PAUSED = "paused"
"""An unfinished match set aside for another one; ``roundhouse play --resume ID`` takes it up again."""
HISTORY_STATUSES = (FINISHED, ABANDONED, PAUSED)

_DAMAGE = (ValueError, KeyError, TypeError, AttributeError, RecursionError, zlib.error)
"""What reading a damaged row can raise (DamagedRow for every value checked below)."""


class StoreError(Exception):
    """Saving cannot work here; the message is one sentence a player understands."""


class NoSuchMatch(StoreError):
    """The store holds no match with the id asked for (a bad argument, not a broken store)."""


class StoreBusy(StoreError):
    """Another Roundhouse is playing with the same data directory."""


class DamagedRow(ValueError):
    """A stored value that cannot be read or has the wrong kind; the message names the column."""


class Undecodable(bytes):
    """Stored text that is not UTF-8 (what the database hands back instead of failing the whole query)."""


def _decode_text(raw: bytes) -> str | Undecodable:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw)


class ResumeError(StoreError, ValueError):
    """A save that no longer replays; it was set aside (kept, not deleted).

    Also a ValueError, so callers that catch replay errors catch it too.
    """


def default_data_dir() -> Path:
    """The data directory without ``--data-dir``: the environment, else platformdirs."""
    if os.environ.get(ENV_DATA_DIR):
        return Path(os.environ[ENV_DATA_DIR])
    import platformdirs

    return Path(platformdirs.user_data_dir("roundhouse"))


def now_text() -> str:
    """The current UTC time as stored: ISO 8601, seconds."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def local_time(text: str | None) -> str:
    """A stored time shown in the local zone: ``2026-11-29 17:04``."""
    if not text:
        return "-"
    return datetime.fromisoformat(text).astimezone().strftime("%Y-%m-%d %H:%M")


def _text(value: Any, column: str) -> str:
    if type(value) is not str:
        raise DamagedRow(f"{column} is not UTF-8 text" if isinstance(value, Undecodable) else f"{column} is not text")
    return value


def _json(value: Any, column: str, kind: str) -> Any:
    """A JSON column's value, checked to be of ``kind`` (see :func:`roundhouse.core.play.record.matches_kind`)."""
    try:
        decoded = json.loads(_text(value, column))
    except (ValueError, RecursionError):
        raise DamagedRow(f"{column} is not JSON") from None
    if not matches_kind(decoded, kind):
        raise DamagedRow(f"{column} is not {kind_description(kind)}")
    return decoded


def _time(value: Any, column: str, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    try:
        datetime.fromisoformat(_text(value, column))
    except ValueError:
        raise DamagedRow(f"{column} is not a time") from None
    return value


def _int(value: Any, column: str) -> int:
    if type(value) is not int:
        raise DamagedRow(f"{column} is not a whole number")
    return value


def _header(value: Any) -> dict[str, Any]:
    """The header column: a RECORD.md ``match`` line."""
    try:
        return parse_line(_text(value, "the header"), 1)
    except RecordError as error:
        raise DamagedRow(f"the header is not a match line ({str(error).removeprefix('line 1: ')})") from None


def _params_from_json(params: Mapping[str, Any]) -> dict[str, Any]:
    """Rule parameters from their JSON form: digit keys of nested maps become ints again."""
    return {
        key: ({int(k) if k.isdigit() else k: v for k, v in value.items()} if isinstance(value, dict) else value)
        for key, value in params.items()
    }


def _seat_of(entry: Mapping[str, Any]) -> Seat:
    player = entry.get("player", "human")
    return Seat(entry["name"], None if player == "human" else player.removeprefix("bot:"))


def _seat_keys(mapping: Mapping[Any, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in mapping.items()}


@dataclass(frozen=True)
class SavedMatch:
    """The match in progress as saved: everything :meth:`Store.resume` needs."""

    id: int
    variant: str
    seats: tuple[Seat, ...]
    params: dict[str, Any]
    seed: int
    seed_explicit: bool
    match_number: int
    log: tuple[str, ...]
    """Decision log, ``LogEntry.to_text()`` form."""
    redo: tuple[tuple[str, ...], ...]
    """What redo would re-apply (``Session.redo_entries``), same text form."""
    started: str
    updated: str
    totals: dict[int, int]
    rng: int = 1
    """The decision generator version of the match header (``"rng"``; absent in older saves: 1)."""


@dataclass(frozen=True)
class HistoryEntry:
    """A finished, abandoned or paused match (DX.8, DX.11)."""

    id: int
    status: str
    """``"finished"``, ``"abandoned"`` (left by the in-game 'new') or ``"paused"`` (resumable)."""
    started: str
    ended: str | None
    variant: str
    seats: tuple[Seat, ...]
    seed: int
    totals: dict[int, int]
    winners: list[int]
    rounds: list[dict[int, int]]
    """Each round's points by seat, in order (empty when no record was kept)."""
    has_record: bool


def summarize(lines: Sequence[Mapping[str, Any]]) -> tuple[list[dict[int, int]], dict[int, int], list[int]]:
    """Round-by-round points, totals and winners read from record lines."""
    rounds: list[dict[int, int]] = []
    totals: dict[int, int] = {}
    winners: list[int] = []
    for line in lines:
        if line["type"] == "round_end":
            rounds.append(_seat_keys(line["points"]))
            totals = _seat_keys(line["totals"])
        elif line["type"] == "match_end":
            totals = _seat_keys(line["totals"])
            winners = list(line["winners"])
    return rounds, totals, winners


def pack_record(lines: Sequence[Mapping[str, Any]]) -> bytes:
    """Record lines as stored: RECORD.md JSON Lines text, zlib-compressed (about ten times smaller)."""
    return zlib.compress("".join(dumps_line(line) + "\n" for line in lines).encode("utf-8"))


def unpack_record(blob: bytes) -> list[dict[str, Any]]:
    """The record lines of :func:`pack_record`, each shape-checked; DamagedRow (or zlib.error) when damaged."""
    if not isinstance(blob, bytes) or isinstance(blob, Undecodable):
        raise DamagedRow("the record is not packed data")
    try:
        text = zlib.decompress(blob).decode("utf-8")
        return [parse_line(line, number) for number, line in enumerate(text.splitlines(), 1)]
    except UnicodeDecodeError:
        raise DamagedRow("the record is not UTF-8 text") from None
    except RecordError as error:
        raise DamagedRow(f"the record is damaged ({error})") from None


@dataclass
class _Tracking:
    """What the store last saved of one attached session."""

    match_id: int
    record: MatchRecord
    entries: list[LogEntry]
    redo: str
    status: str


class Store:
    """The save database of one data directory (see the module contract)."""

    def __init__(self, directory: Path, connection: sqlite3.Connection, lock: SessionLock, warnings: list[str]):
        self.directory = directory
        self.warnings = warnings
        """One sentence per problem met (a database set aside, a failed save), each cause once."""
        self._warnings_taken = 0
        self._wal_path = Path(os.path.realpath(directory / DB_NAME) + "-wal")
        self._db = connection
        self._lock = lock
        self._mutex = threading.RLock()
        self._tracked: weakref.WeakKeyDictionary[Session, _Tracking] = weakref.WeakKeyDictionary()
        self._resumed: weakref.WeakKeyDictionary[Session, int] = weakref.WeakKeyDictionary()

    def _warn(self, message: str) -> None:
        """Add a warning unless the same one (same cause) is already there."""
        if message not in self.warnings:
            self.warnings.append(message)

    def unseen_warnings(self) -> list[str]:
        """The warnings added since the last call (for a front end that shows each once)."""
        fresh = self.warnings[self._warnings_taken :]
        self._warnings_taken = len(self.warnings)
        return fresh

    # ------------------------------------------------------------- opening
    @classmethod
    def open(cls, data_dir: Path | None = None, *, exclusive: bool = True) -> Store:
        """Open (creating if needed) the store of ``data_dir`` (default: :func:`default_data_dir`).

        ``exclusive`` (playing) takes the session lock: StoreBusy when another
        process holds it. Raises StoreError for a directory that cannot be
        created or written, or a database from a newer release.
        """
        directory = Path(data_dir) if data_dir is not None else default_data_dir()
        directory = directory.expanduser()
        path = directory / DB_NAME
        read_only = False
        try:
            make_data_directory(directory)
            lock = SessionLock(lock_path(path))
            locked = lock.acquire()
        except LockFileError as error:
            raise StoreError(f"cannot use the data directory {directory}: {error}") from None
        except OSError as error:
            if exclusive or not _read_only(lock_path(path).parent, error):
                reason = error.strerror or str(error)
                raise StoreError(f"cannot use the data directory {directory}: {reason}") from None
            read_only, locked = True, False
        if exclusive and not locked:
            raise StoreBusy(
                f"Roundhouse is already running with the data directory {directory} (or its save database); "
                "close it first or choose another --data-dir"
            )
        if not exclusive:
            lock.release()
        warnings: list[str] = []
        try:
            if read_only:
                connection = cls._read_only_connection(path)
            else:
                connection = cls._connect(path, lock, exclusive, warnings)
        except BaseException:
            lock.release()
            raise
        return cls(directory, connection, lock, warnings)

    @classmethod
    def _read_only_connection(cls, path: Path) -> sqlite3.Connection:
        """The database of a data directory nobody can write, for reading (an empty store when there is none)."""
        if not path.exists():
            return cls._checked_connection(Path(":memory:"))
        try:
            return cls._checked_connection(path, read_only=True)
        except (sqlite3.DatabaseError, SchemaTooNew) as error:
            raise StoreError(f"the save database {path} cannot be read ({error}); its directory is read-only") from None

    @classmethod
    def _connect(cls, path: Path, lock: SessionLock, exclusive: bool, warnings: list[str]) -> sqlite3.Connection:
        try:
            return cls._checked_connection(path)
        except SchemaTooNew as error:
            raise StoreError(f"{error}; update Roundhouse to use {path}") from None
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and _unwritable(error):
                raise StoreError(f"cannot write the save database {path}: {error}") from None
            damage = str(error)
        if not exclusive and not lock.acquire():
            raise StoreError(f"the save database {path} is damaged ({damage}); it is in use by another Roundhouse")
        try:
            aside = _move_aside(path)
        except OSError as error:
            raise StoreError(f"the save database {path} is damaged and cannot be moved aside: {error}") from None
        finally:
            if not exclusive:
                lock.release()
        warnings.append(Notice("store.damaged", damage=damage, file=aside.name))
        try:
            return cls._checked_connection(path)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"cannot create a new save database {path}: {error}") from None

    @staticmethod
    def _checked_connection(path: Path, read_only: bool = False) -> sqlite3.Connection:
        """Connect, switch to WAL, verify integrity and migrate; sqlite3.DatabaseError when damaged.

        ``read_only``: open a database in a directory nobody can write
        without changing it (no WAL switch, no migration).
        """
        if path.is_file() and path.stat().st_size == 0 and not _has_content(path.with_name(path.name + "-wal")):
            raise sqlite3.DatabaseError("it was emptied to 0 bytes")
        target = path.resolve().as_uri() + "?mode=ro&immutable=1" if read_only else str(path)
        connection = sqlite3.connect(
            target, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False, uri=read_only
        )
        connection.text_factory = _decode_text
        try:
            if not read_only:
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("PRAGMA synchronous = NORMAL")
                connection.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
                connection.execute(f"PRAGMA journal_size_limit = {WAL_SIZE_LIMIT}")
                connection.execute("PRAGMA foreign_keys = ON")
            _check_integrity(connection)
            if read_only and schema_version(connection) != SCHEMA_VERSION:
                raise SchemaTooNew(f"the save database has schema version {schema_version(connection)}")
            if not read_only:
                migrate(connection)
            check_tables(connection)
        except UnicodeDecodeError:  # SQLite's message quoting a damaged schema
            connection.close()
            raise sqlite3.DatabaseError("the database schema is damaged") from None
        except BaseException:
            connection.close()
            raise
        return connection

    @property
    def path(self) -> Path:
        """The database file."""
        return self.directory / DB_NAME

    def close(self) -> None:
        """Stop autosaving, close the database and give the session lock back."""
        with self._mutex:
            for session in list(self._tracked):
                self.detach(session)
            self._db.close()
            self._lock.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------- saving
    def attach(self, session: Session) -> None:
        """Autosave ``session`` from now on, starting with a save of its current position.

        Never raises for a database problem: it is added to :attr:`warnings`.

        The store follows one session: attaching another detaches the
        previous one. A session made by :meth:`resume` continues its saved
        row; any other session starts a new row, and an earlier unfinished
        save is moved to the history as paused (``play --resume ID`` takes it up again).
        """
        with self._mutex:
            if session in self._tracked:
                return
            for other in list(self._tracked):
                self.detach(other)
            match_id = self._resumed.pop(session, None)
            try:
                with self._transaction():
                    if match_id is None:
                        self._pause_playing()
                        match_id = self._insert_match(session)
                        entries: list[LogEntry] = []
                    else:
                        entries = list(session.log)
            except (sqlite3.Error, OSError) as error:
                self._warn(Notice("store.saving_off", error=error))
                return
            self._tracked[session] = _Tracking(match_id, session.record, entries, "", PLAYING)
            session.observers.insert(0, self._observe)  # saved before any plugin sees the change
            self._save(session)

    def detach(self, session: Session) -> None:
        """Stop autosaving ``session`` (the save stays)."""
        with self._mutex:
            self._tracked.pop(session, None)
            if self._observe in session.observers:
                session.observers.remove(self._observe)

    def _observe(self, session: Session, events: list[Any]) -> None:
        self._save(session)

    def _save(self, session: Session) -> None:
        """One transaction bringing the saved row up to ``session``; a failure is reported, not raised."""
        with self._mutex:
            tracking = self._tracked.get(session)
            if tracking is None:
                return
            try:
                with self._transaction():
                    if session.record is not tracking.record:
                        self._close_match(tracking)
                        tracking = _Tracking(self._insert_match(session), session.record, [], "", PLAYING)
                    written = self._write_log(tracking, session)
                    redo = json.dumps([[e.to_text() for e in r] for r in session.redo_entries])
                    status = FINISHED if session.is_over else PLAYING
                    self._update_match(tracking, session, redo, status)
            except (sqlite3.Error, OSError) as error:
                self._warn(Notice("store.save_failed", error=error))
                return
            tracking.entries = written
            tracking.redo = redo
            tracking.status = status
            self._tracked[session] = tracking
            self._recover_lost_wal()

    def _recover_lost_wal(self) -> None:
        """If the write-ahead log was deleted under the open database, fold it in and start a new one.

        The saves it holds would otherwise vanish with the process: SQLite
        keeps writing to the deleted file. A checkpoint copies them into the
        database; reconnecting creates a new log on disk.
        """
        if self._wal_path.exists():
            return
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()
            self._db = self._checked_connection(self.path)
        except sqlite3.Error as error:
            self._warn(Notice("store.save_failed", error=error))
            return
        self._warn(Notice("store.log_deleted"))

    def _write_log(self, tracking: _Tracking, session: Session) -> list[LogEntry]:
        """Replace the saved decisions that changed; returns the log now saved."""
        saved, log = tracking.entries, session.log
        if len(log) >= len(saved) and (not saved or log[len(saved) - 1] is saved[-1]):
            keep = len(saved)
        else:
            keep = 0
            limit = min(len(saved), len(log))
            while keep < limit and saved[keep] == log[keep]:
                keep += 1
        if keep < len(saved):
            self._db.execute("DELETE FROM decisions WHERE match_id = ? AND idx >= ?", (tracking.match_id, keep))
        if keep < len(log):
            self._db.executemany(
                "INSERT INTO decisions (match_id, idx, entry) VALUES (?, ?, ?)",
                [(tracking.match_id, i, log[i].to_text()) for i in range(keep, len(log))],
            )
        return list(log)

    def _update_match(self, tracking: _Tracking, session: Session, redo: str, status: str) -> None:
        totals = json.dumps({str(k): v for k, v in session.state.totals().items()})
        if status == FINISHED:
            lines = session.record.lines()
            self._db.execute(
                "UPDATE matches SET status = ?, updated = ?, ended = ?, redo = ?, totals = ?, winners = ?, record = ?"
                " WHERE id = ?",
                (
                    FINISHED,
                    now_text(),
                    now_text(),
                    redo,
                    totals,
                    json.dumps(session.state.winners()),
                    pack_record(lines),
                    tracking.match_id,
                ),
            )
        elif tracking.status != PLAYING:
            self._db.execute(
                "UPDATE matches SET status = ?, updated = ?, ended = NULL, redo = ?, totals = ?, winners = '[]',"
                " record = NULL WHERE id = ?",
                (PLAYING, now_text(), redo, totals, tracking.match_id),
            )
        elif redo != tracking.redo:
            self._db.execute(
                "UPDATE matches SET updated = ?, redo = ?, totals = ? WHERE id = ?",
                (now_text(), redo, totals, tracking.match_id),
            )
        else:
            self._db.execute(
                "UPDATE matches SET updated = ?, totals = ? WHERE id = ?", (now_text(), totals, tracking.match_id)
            )

    def _insert_match(self, session: Session) -> int:
        header = session.record.header
        cursor = self._db.execute(
            "INSERT INTO matches (status, started, updated, variant, header, match_number, seed_explicit)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                PLAYING,
                now_text(),
                now_text(),
                header["variant"],
                json.dumps(header),
                session.match_number,
                int(session.seed_explicit),
            ),
        )
        return int(cursor.lastrowid)

    def _close_match(self, tracking: _Tracking) -> None:
        """The session moved on to a new match: the old one goes to the history with its record."""
        if not tracking.entries:  # nothing was played: nothing to remember
            self._db.execute("DELETE FROM matches WHERE id = ?", (tracking.match_id,))
            return
        if tracking.status == PLAYING:  # its totals are those of its last save
            self._db.execute(
                "UPDATE matches SET status = ?, ended = ?, record = ? WHERE id = ?",
                (ABANDONED, now_text(), pack_record(tracking.record.lines()), tracking.match_id),
            )
        self._db.execute("DELETE FROM decisions WHERE match_id = ?", (tracking.match_id,))

    def _pause_playing(self) -> None:
        """Before a new match: an unfinished save joins the history as paused, never dropped (its log
        kept to resume or export it); a finished match no longer needs its log (its record is kept)."""
        tracked = {t.match_id for t in self._tracked.values()}
        rows = self._db.execute("SELECT id, status FROM matches WHERE status IN (?, ?)", (PLAYING, FINISHED))
        for match_id, status in rows.fetchall():
            if match_id in tracked:
                continue
            played = self._db.execute("SELECT 1 FROM decisions WHERE match_id = ? LIMIT 1", (match_id,)).fetchone()
            if status == PLAYING and played is None:  # nothing was played: nothing to remember
                self._db.execute("DELETE FROM matches WHERE id = ?", (match_id,))
            elif status == PLAYING:
                self._db.execute(
                    "UPDATE matches SET status = ?, ended = ? WHERE id = ?", (PAUSED, now_text(), match_id)
                )
            else:
                self._db.execute("DELETE FROM decisions WHERE match_id = ?", (match_id,))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)

    # ------------------------------------------------------------ resuming
    def saved_match(self, match_id: int | None = None) -> SavedMatch | None:
        """The latest match in progress, or the unfinished (playing or paused) match ``match_id``.

        None when there is none; an unreadable one is set aside and reported.
        """
        with self._mutex:
            if match_id is None:
                query, values = "SELECT id FROM matches WHERE status = ? ORDER BY id DESC LIMIT 1", (PLAYING,)
            else:
                query, values = "SELECT id FROM matches WHERE id = ? AND status IN (?, ?)", (match_id, PLAYING, PAUSED)
            try:
                row = self._db.execute(query, values).fetchone()
                if row is None:
                    return None
                return self._load(row[0])
            except sqlite3.Error as error:  # the database itself, not the row: nothing is set aside
                self._warn(Notice("store.saved_unreadable", error=error))
                return None
            except _DAMAGE as error:
                self._set_aside(row[0], f"unreadable save: {error}")
                self._warn(Notice("store.saved_set_aside", id=row[0], error=error))
                return None

    def _load(self, match_id: int) -> SavedMatch:
        """The saved row ``match_id``; KeyError when absent, ValueError/KeyError/TypeError when unreadable."""
        row = self._db.execute(
            "SELECT header, match_number, seed_explicit, redo, started, updated, totals FROM matches WHERE id = ?",
            (match_id,),
        ).fetchone()
        if row is None:
            raise KeyError(match_id)
        header_text, match_number, seed_explicit, redo_text, started, updated, totals = row
        log = tuple(
            _text(e, f"decision {i}")
            for i, e in self._db.execute(
                "SELECT idx, entry FROM decisions WHERE match_id = ? ORDER BY idx", (match_id,)
            )
        )
        header = _header(header_text)
        return SavedMatch(
            id=match_id,
            variant=header["variant"],
            seats=tuple(_seat_of(s) for s in header["seats"]),
            params=_params_from_json(header.get("params") or {}),
            seed=header["seed"],
            seed_explicit=bool(_int(seed_explicit, "seed_explicit")),
            match_number=_int(match_number, "match_number"),
            log=log,
            redo=tuple(tuple(r) for r in _json(redo_text, "redo", "redo")),
            started=_time(started, "started"),
            updated=_time(updated, "updated"),
            totals=_seat_keys(_json(totals, "totals", "scores")),
            rng=_int(header.get("rng", 1), "rng"),
        )

    def resume(self, saved: SavedMatch, registry: Registry) -> Session:
        """Rebuild the saved match exactly (same seats, seed, match number, log, undo and redo).

        Attach the returned session to keep saving into the same row. Raises
        ResumeError when the save does not replay (a plugin changed or is
        missing); the save is then set aside, its data kept.
        """
        try:
            session = self._rebuild(saved, registry)
        except (KeyError, ValueError, TypeError, RuntimeError, IndexError) as error:
            reason = str(error.args[0]) if isinstance(error, KeyError) and error.args else str(error)
            with self._mutex:
                self._set_aside(saved.id, reason)
            raise ResumeError(f"The saved match could not be resumed ({reason}); it was set aside.") from None
        with self._mutex:
            self._resumed[session] = saved.id
            try:
                with self._transaction():
                    self._db.execute(
                        "UPDATE matches SET status = ?, ended = NULL WHERE id = ? AND status = ?",
                        (PLAYING, saved.id, PAUSED),
                    )
            except sqlite3.Error as error:
                self._warn(Notice("store.resumed_unsaved", error=error))
        return session

    def pause(self, match_id: int) -> None:
        """Keep the unfinished match ``match_id`` for later (PAUSED): a new match never abandons it."""
        with self._mutex:
            try:
                with self._transaction():
                    self._db.execute(
                        "UPDATE matches SET status = ?, ended = ? WHERE id = ? AND status = ?",
                        (PAUSED, now_text(), match_id, PLAYING),
                    )
            except sqlite3.Error as error:
                self._warn(Notice("store.keep_failed", id=match_id, error=error))

    @staticmethod
    def _rebuild(saved: SavedMatch, registry: Registry) -> Session:
        entries = [LogEntry.from_text(t) for t in saved.log]
        redo = [[LogEntry.from_text(t) for t in r] for r in saved.redo]
        session = make_session(registry, saved.variant, list(saved.seats), saved.seed, saved.params)
        session.use_rng_version(saved.rng)
        watchers = list(session.observers)
        session.observers.clear()  # re-applying a saved log is not news for plugins watching matches
        if saved.match_number > 1:
            session.match_number = saved.match_number - 1
            session.new_match(saved.seed)
            session.archive.clear()
        session.seed_explicit = saved.seed_explicit
        session.replay(entries, redo)
        session.observers.extend(watchers)
        return session

    def _set_aside(self, match_id: int, reason: str) -> None:
        """Mark a save unreadable (it is kept, never offered again); a failure here is only reported."""
        try:
            with self._transaction():
                self._db.execute(
                    "UPDATE matches SET status = ?, note = ?, ended = ? WHERE id = ?",
                    (UNREADABLE, reason, now_text(), match_id),
                )
        except sqlite3.Error as error:
            self._warn(Notice("store.set_aside_failed", id=match_id, error=error))

    # ------------------------------------------------------------- history
    def history(self) -> list[HistoryEntry]:
        """Finished, abandoned and paused matches, oldest first."""
        with self._mutex:
            try:
                rows = self._db.execute(
                    "SELECT id, status, started, ended, header, totals, winners, record FROM matches"
                    f" WHERE status IN ({', '.join('?' * len(HISTORY_STATUSES))}) ORDER BY id",
                    HISTORY_STATUSES,
                ).fetchall()
            except sqlite3.Error as error:
                self._warn(Notice("store.history_unreadable", error=error))
                return []
        entries = []
        for row in rows:
            try:
                entries.append(self._history_entry(row))
            except _DAMAGE as error:
                self._warn(Notice("store.history_entry_unreadable", id=row[0], error=error))
        return entries

    def history_entry(self, match_id: int) -> HistoryEntry:
        """One match of the history; StoreError when there is none with that id."""
        with self._mutex, _read_failure(f"match {match_id} of the history could not be read"):
            row = self._db.execute(
                "SELECT id, status, started, ended, header, totals, winners, record FROM matches WHERE id = ?",
                (match_id,),
            ).fetchone()
        if row is None:
            raise NoSuchMatch(f"there is no match {match_id} in the history (see 'roundhouse history')")
        try:
            return self._history_entry(row)
        except _DAMAGE as error:
            raise StoreError(f"match {match_id} of the history could not be read ({error})") from None

    @staticmethod
    def _history_entry(row: tuple) -> HistoryEntry:
        match_id, status, started, ended, header_text, totals, winners, record = row
        header = _header(header_text)
        rounds: list[dict[int, int]] = []
        if record:
            rounds, _, _ = summarize(unpack_record(record))
        return HistoryEntry(
            id=match_id,
            status=_text(status, "status"),
            started=_time(started, "started"),
            ended=_time(ended, "ended", optional=True),
            variant=header["variant"],
            seats=tuple(_seat_of(s) for s in header["seats"]),
            seed=header["seed"],
            totals=_seat_keys(_json(totals, "totals", "scores")),
            winners=list(_json(winners, "winners", "ints")),
            rounds=rounds,
            has_record=bool(record),
        )

    def match_record(
        self, match_id: int, registry: Registry | None = None, *, ended_only: bool = False
    ) -> list[dict[str, Any]]:
        """The RECORD.md lines of a match in the store.

        Ended matches keep their record; for a match whose log alone was kept
        (in progress, or left unfinished), the record is rebuilt by replaying
        it, which needs ``registry``. Raises StoreError when neither works,
        and with ``ended_only`` for a match still being played (its record
        shows every hand: it is for after the match, RECORD.md).
        """
        with self._mutex, _read_failure(f"the record of match {match_id} could not be read"):
            row = self._db.execute("SELECT record, status FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise NoSuchMatch(f"there is no match {match_id} in the store (see 'roundhouse history')")
        if ended_only and row[1] not in (FINISHED, ABANDONED, UNREADABLE):
            raise StoreError(
                f"match {match_id} is still being played and its record would show every hand; "
                "export it once it is over"
            )
        if row[0]:
            try:
                return unpack_record(row[0])
            except _DAMAGE as error:
                raise StoreError(f"the record of match {match_id} could not be read: {error}") from None
        if registry is None:
            raise StoreError(f"match {match_id} has no record")
        try:
            with self._mutex:
                saved = self._load(match_id)
            session = self._rebuild(saved, registry)
        except (*_DAMAGE, sqlite3.Error, RuntimeError, IndexError) as error:
            raise StoreError(f"match {match_id} no longer replays: {error}") from None
        return session.record.lines()


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, or ``ROLLBACK`` on any error."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: type | None, *rest: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error:
                self._rollback()
                raise
        self._rollback()

    def _rollback(self) -> None:
        """Undo what is left of the transaction; never replaces the error being raised.

        SQLite may already have rolled back (a full disk does): a ROLLBACK then
        fails with "no transaction is active", which would hide the real cause.
        """
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")


@contextlib.contextmanager
def _read_failure(what: str) -> Iterator[None]:
    """Turn a database that fails under a read into StoreError: ``what`` and SQLite's reason."""
    try:
        yield
    except sqlite3.Error as error:
        raise StoreError(f"{what} ({error})") from None


def lock_path(database: Path) -> Path:
    """The lock file of a database: next to its real file, so every path to one database shares one lock."""
    return Path(os.path.realpath(database)).parent / LOCK_NAME


def make_data_directory(directory: Path) -> None:
    """Create the data directory; OSError with a clear reason for a file or a dangling link in its place."""
    if directory.is_symlink() and not directory.exists():
        raise OSError(errno.ENOENT, f"it is a symbolic link to {os.readlink(directory)}, which does not exist")
    if directory.exists() and not directory.is_dir():
        raise OSError(errno.ENOTDIR, "it is a file, not a directory")
    directory.mkdir(parents=True, exist_ok=True)


def _read_only(directory: Path, error: OSError) -> bool:
    """True when ``error`` came from a directory nobody may write (reading can still work)."""
    return error.errno == errno.EROFS or (
        error.errno in (errno.EACCES, errno.EPERM) and directory.is_dir() and not os.access(directory, os.W_OK)
    )


def _has_content(path: Path) -> bool:
    return path.is_file() and path.stat().st_size > 0


def _check_integrity(connection: sqlite3.Connection) -> None:
    """sqlite3.DatabaseError, in one line, when SQLite's quick check finds damage."""
    problems = [str(row[0]) for row in connection.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        first = " ".join(problems[0].split())
        first = first if len(first) <= 80 else first[:77] + "..."
        more = f" and {len(problems) - 1} more" if len(problems) > 1 else ""
        raise sqlite3.DatabaseError(f"integrity check: {first}{more}")


def _unwritable(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "readonly" in text or "read-only" in text or "unable to open" in text or "disk i/o" in text


def _move_aside(path: Path) -> Path:
    """Rename a damaged database (and its WAL files) with a time stamp; the new name of the database."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(aside.with_name(aside.name + suffix))
    path.rename(aside)
    return aside
