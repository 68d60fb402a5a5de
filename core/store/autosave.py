"""Autosave: following one session and saving it after every change it publishes.

:meth:`Autosave.attach` saves the session's current position, then every
change it publishes (each decision, bot step, undo, redo, restart, new
match), one transaction per save, before any plugin observer hears of it.
Only the changed part of the decision log is written; rows are replaced,
never duplicated. A failed save never raises: it becomes a warning, once
per cause, with SQLite's own reason, and the match goes on; the next change
saves everything again, and :meth:`Autosave.unsaved` tells (after one more
try) how many decisions are not on disk. Once the write-ahead log passes
:data:`WAL_SIZE_LIMIT`, and after a failed save, it is folded into the
database and emptied, so a nearly full disk keeps room for the next save.

This is the saving half of :class:`roundhouse.core.store.Store`, which adds
opening, resuming and the history.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from roundhouse.core.play.session import LogEntry, MatchRecord, Session
from roundhouse.core.store.database import (
    BUSY_TIMEOUT_S,
    DB_NAME,
    WAL_SIZE_LIMIT,
    Transaction,
    checked_connection,
)
from roundhouse.core.store.entries import ABANDONED, FINISHED, PAUSED, PLAYING, now_text
from roundhouse.core.store.rows import pack_record
from roundhouse.core.text.notices import Notice


@dataclass
class _Tracking:
    """What the store last saved of one attached session."""

    match_id: int
    record: MatchRecord
    entries: list[LogEntry]
    redo: str
    status: str
    failed: bool = False
    """The last save of this session failed: what is on disk is older than the session."""


class Autosave:
    """Saves the attached session into an open database; the warnings of the whole store."""

    def __init__(self, directory: Path, connection: sqlite3.Connection, warnings: list[str]) -> None:
        self.directory = directory
        self.warnings = warnings
        """One sentence per problem met (a database set aside, a failed save), each cause once."""
        self._warnings_taken = 0
        self._wal_path = Path(os.path.realpath(directory / DB_NAME) + "-wal")
        self._db = connection
        self._mutex = threading.RLock()
        self._tracked: weakref.WeakKeyDictionary[Session, _Tracking] = weakref.WeakKeyDictionary()
        self._resumed: weakref.WeakKeyDictionary[Session, int] = weakref.WeakKeyDictionary()
        """Sessions made by a resume, each with the saved row it continues once attached."""

    def _warn(self, message: str) -> None:
        """Add a warning unless the same one (same cause) is already there."""
        if message not in self.warnings:
            self.warnings.append(message)

    def unseen_warnings(self) -> list[str]:
        """The warnings added since the last call (for a front end that shows each once)."""
        fresh = self.warnings[self._warnings_taken :]
        self._warnings_taken = len(self.warnings)
        return fresh

    @property
    def path(self) -> Path:
        """The database file."""
        return self.directory / DB_NAME

    def _transaction(self) -> Transaction:
        return Transaction(self._db)

    def attach(self, session: Session) -> None:
        """Autosave ``session`` from now on, starting with a save of its current position.

        Never raises for a database problem: it is added to :attr:`warnings`.

        The store follows one session: attaching another detaches the
        previous one. A session made by :meth:`Store.resume` continues its saved
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
                self._tracked[session].failed = True
                self._empty_wal()  # what it frees may let the next save in
                return
            tracking.entries = written
            tracking.redo = redo
            tracking.status = status
            tracking.failed = False
            self._tracked[session] = tracking
            self._recover_lost_wal()
            with contextlib.suppress(OSError):  # a missing log was just dealt with
                if self._wal_path.stat().st_size > WAL_SIZE_LIMIT:
                    self._empty_wal()

    def unsaved(self, session: Session) -> int:
        """How many decisions of ``session`` are not on disk (0: resuming brings back this very position).

        When the last save failed, saving is tried once more first. A
        session the store does not follow (attaching it failed) is unsaved
        in full. Changes other than decisions (an undo) count as one.
        """
        with self._mutex:
            tracking = self._tracked.get(session)
            if tracking is None:
                return len(session.log)
            if tracking.failed:
                self._save(session)
                tracking = self._tracked[session]
            if not tracking.failed:
                return 0
            if session.record is not tracking.record:
                return max(1, len(session.log))
            return max(1, len(session.log) - _shared_start(tracking.entries, session.log))

    def _empty_wal(self) -> None:
        """Fold the write-ahead log into the database and cut it to 0 bytes, without waiting for readers."""
        with contextlib.suppress(sqlite3.Error):  # busy or full: the next save tries again
            self._db.execute("PRAGMA busy_timeout = 0")
            try:
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

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
            self._db = checked_connection(self.path)
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
            keep = _shared_start(saved, log)
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


def _shared_start(saved: list[LogEntry], log: list[LogEntry]) -> int:
    """How many first entries the two logs have in common."""
    same = 0
    while same < min(len(saved), len(log)) and saved[same] == log[same]:
        same += 1
    return same
