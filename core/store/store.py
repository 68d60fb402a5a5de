"""The Store: one data directory's save database, opened, resumed from and read as history.

:meth:`Store.open` opens the database (see :mod:`roundhouse.core.store.database`);
saving comes from :class:`~roundhouse.core.store.autosave.Autosave`.
:meth:`Store.saved_match` and :meth:`Store.resume` take up an unfinished
match exactly as it was; a save that no longer reads or replays is set aside
(kept, never offered again) and reported. :meth:`Store.history` leaves out,
with a warning, an entry it cannot read; the methods that read one match
raise StoreError (NoSuchMatch for an id the store does not hold).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roundhouse.core.play.session import LogEntry, Session
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store.autosave import Autosave
from roundhouse.core.store.database import default_data_dir, open_database, read_failure
from roundhouse.core.store.entries import (
    ABANDONED,
    FINISHED,
    HISTORY_STATUSES,
    PAUSED,
    PLAYING,
    UNREADABLE,
    HistoryEntry,
    SavedMatch,
    now_text,
)
from roundhouse.core.store.errors import NoSuchMatch, ResumeError, StoreError
from roundhouse.core.store.lock import SessionLock
from roundhouse.core.store.rows import DAMAGE, decode_history_entry, decode_saved_match, unpack_record
from roundhouse.core.text.notices import Notice


class Store(Autosave):
    """The save database of one data directory (see the contract of :mod:`roundhouse.core.store`)."""

    def __init__(self, directory: Path, connection: sqlite3.Connection, lock: SessionLock, warnings: list[str]):
        super().__init__(directory, connection, warnings)
        self._lock = lock

    # ------------------------------------------------------------- opening
    @classmethod
    def open(cls, data_dir: Path | None = None, *, exclusive: bool = True) -> Store:
        """Open (creating if needed) the store of ``data_dir`` (default: :func:`default_data_dir`).

        ``exclusive`` (playing) takes the session lock: StoreBusy when another
        process holds it, or when another program holds the database locked.
        Raises StoreError for a directory that cannot be created or written,
        a database from a newer release, or a file that is not a Roundhouse
        database (left untouched).
        """
        directory = Path(data_dir) if data_dir is not None else default_data_dir()
        directory = directory.expanduser()
        connection, lock, warnings = open_database(directory, exclusive)
        return cls(directory, connection, lock, warnings)

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
            except DAMAGE as error:
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
        decisions = self._db.execute("SELECT idx, entry FROM decisions WHERE match_id = ? ORDER BY idx", (match_id,))
        return decode_saved_match(match_id, row, decisions)

    def resume(self, saved: SavedMatch, registry: Registry) -> Session:
        """Rebuild the saved match exactly (same seats, seed, match number, log, undo and redo).

        Attach the returned session to keep saving into the same row. Raises
        ResumeError when the save does not replay (a plugin changed or is
        missing); the save is then set aside, its data kept.
        """
        try:
            session = rebuild(saved, registry)
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
                    self._db.execute(  # the seats' names as resumed (default names in the player's language)
                        "UPDATE matches SET header = ? WHERE id = ?", (json.dumps(session.record.header), saved.id)
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
                entries.append(decode_history_entry(row))
            except DAMAGE as error:
                self._warn(Notice("store.history_entry_unreadable", id=row[0], error=error))
        return entries

    def history_entry(self, match_id: int) -> HistoryEntry:
        """One match of the history; StoreError when there is none with that id."""
        with self._mutex, read_failure(f"match {match_id} of the history could not be read"):
            row = self._db.execute(
                "SELECT id, status, started, ended, header, totals, winners, record FROM matches WHERE id = ?",
                (match_id,),
            ).fetchone()
        if row is None:
            raise NoSuchMatch(f"there is no match {match_id} in the history (see 'roundhouse history')")
        try:
            return decode_history_entry(row)
        except DAMAGE as error:
            raise StoreError(f"match {match_id} of the history could not be read ({error})") from None

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
        with self._mutex, read_failure(f"the record of match {match_id} could not be read"):
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
            except DAMAGE as error:
                raise StoreError(f"the record of match {match_id} could not be read: {error}") from None
        if registry is None:
            raise StoreError(f"match {match_id} has no record")
        try:
            with self._mutex:
                saved = self._load(match_id)
            session = rebuild(saved, registry)
        except (*DAMAGE, sqlite3.Error, RuntimeError, IndexError) as error:
            raise StoreError(f"match {match_id} no longer replays: {error}") from None
        return session.record.lines()


def rebuild(saved: SavedMatch, registry: Registry, watch_replay: Callable[[Session], None] | None = None) -> Session:
    """The saved match rebuilt exactly: same seats, seed, generator, match number, log, undo and redo.

    Plugins watching matches are not told of the replayed decisions (they
    watch again from the next one); ``watch_replay``, when given, is called
    with the session just before its log replays, to add observers of the
    replay itself. A log that no longer replays raises KeyError,
    ValueError, TypeError, RuntimeError or IndexError.
    """
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
    if watch_replay is not None:
        watch_replay(session)
    session.replay(entries, redo)
    session.observers.extend(watchers)
    return session
