"""The save database file: where it lives, opening it, damage, transactions.

:func:`open_database` creates the data directory, takes the session lock
(playing) and returns a connection in WAL mode whose integrity was checked
and whose schema was migrated. A damaged database (rejected by the
integrity check, tables missing, emptied to 0 bytes) is renamed
``roundhouse.sqlite3.damaged-<time>`` (never overwritten) and a fresh one is
created, with one warning saying so. A directory that cannot be created or
written, a database from a newer release or a damaged one that cannot be
moved aside raises StoreError (StoreBusy when another process holds the
lock), and the lock is given back. In a directory nobody can write, reading
opens the database unchanged, without the lock. :class:`Transaction`
commits or rolls back without ever hiding the error that stopped it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from roundhouse.core.store.errors import StoreBusy, StoreError
from roundhouse.core.store.lock import LockFileError, SessionLock
from roundhouse.core.store.rows import decode_text
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


def default_data_dir() -> Path:
    """The data directory without ``--data-dir``: the environment, else platformdirs."""
    if os.environ.get(ENV_DATA_DIR):
        return Path(os.environ[ENV_DATA_DIR])
    import platformdirs

    return Path(platformdirs.user_data_dir("roundhouse"))


def open_database(directory: Path, exclusive: bool) -> tuple[sqlite3.Connection, SessionLock, list[str]]:
    """The database of ``directory`` (created if needed), its session lock and the warnings met opening it.

    ``exclusive`` (playing) takes the session lock: StoreBusy when another
    process holds it. Raises StoreError for a directory that cannot be
    created or written, or a database from a newer release.
    """
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
            connection = _read_only_connection(path)
        else:
            connection = _connect(path, lock, exclusive, warnings)
    except BaseException:
        lock.release()
        raise
    return connection, lock, warnings


def _read_only_connection(path: Path) -> sqlite3.Connection:
    """The database of a data directory nobody can write, for reading (an empty store when there is none)."""
    if not path.exists():
        return checked_connection(Path(":memory:"))
    try:
        return checked_connection(path, read_only=True)
    except (sqlite3.DatabaseError, SchemaTooNew) as error:
        raise StoreError(f"the save database {path} cannot be read ({error}); its directory is read-only") from None


def _connect(path: Path, lock: SessionLock, exclusive: bool, warnings: list[str]) -> sqlite3.Connection:
    try:
        return checked_connection(path)
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
        return checked_connection(path)
    except sqlite3.DatabaseError as error:
        raise StoreError(f"cannot create a new save database {path}: {error}") from None


def checked_connection(path: Path, read_only: bool = False) -> sqlite3.Connection:
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
    connection.text_factory = decode_text
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


class Transaction:
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
def read_failure(what: str) -> Iterator[None]:
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
