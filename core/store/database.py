"""The save database file: where it lives, opening it, damage, transactions.

:func:`open_database` creates the data directory, takes the session lock
(playing) and returns a connection in WAL mode whose integrity was checked
and whose schema was migrated. Before anything is written, the file at the
database path must be a Roundhouse database (its application id is
:data:`APPLICATION_ID`, or, for a save from before the id, its tables are
ours), absent, or empty: another program's SQLite file, any other non-empty
file, or a symbolic link leading out of the data directory to anything but
a Roundhouse database is refused with StoreError and left untouched (no
WAL files, no lock file beside it). A database another program holds locked
raises StoreBusy naming it when /proc/locks tells, and is never moved aside.
Only a database the integrity or schema check rejects while Roundhouse
holds it (or one emptied to 0 bytes) is damaged: it is renamed
``roundhouse.sqlite3.damaged-<time>`` (never overwritten) and a fresh one is
created, with one warning saying so. A directory or database that cannot be
written (a full disk included), a database from a newer release or a
damaged one that cannot be moved aside raises StoreError, and the lock is
given back. In a directory nobody can write, reading opens the database
unchanged, without the lock. :class:`Transaction` commits or rolls back
without ever hiding the error that stopped it.
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
from roundhouse.core.store.schema import (
    SCHEMA_VERSION,
    TABLES,
    SchemaTooNew,
    check_tables,
    migrate,
    schema_version,
)
from roundhouse.core.text.notices import Notice

DB_NAME = "roundhouse.sqlite3"
LOCK_NAME = "roundhouse.lock"
ENV_DATA_DIR = "ROUNDHOUSE_DATA_DIR"
BUSY_TIMEOUT_S = 10.0
"""How long a save waits for another connection's transaction to end."""
OPEN_TIMEOUT_S = 2.0
"""How long opening waits for the database: a lock held longer is another program's, reported as busy."""
WAL_CHECKPOINT_PAGES = 100
"""Copy the write-ahead log into the database every this many pages (SQLite's default is 1000)."""
WAL_SIZE_LIMIT = 64 * 1024
"""Bytes past which a save folds the write-ahead log into the database and empties it (also its size cap)."""
APPLICATION_ID = 0x524E4448
"""``PRAGMA application_id`` of every Roundhouse save database ("RNDH"): another program's file is told apart."""
SQLITE_HEADER = b"SQLite format 3\x00"
_DAMAGE_CODES = (None, sqlite3.SQLITE_ERROR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
"""SQLite result codes (None: our own checks) that mean a damaged file; any other failure leaves it in place."""


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
    lock = SessionLock(lock_path(path))
    read_only = False
    try:
        make_data_directory(directory)
        refuse_foreign(path, directory)
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
    except sqlite3.Error as error:
        code = getattr(error, "sqlite_errorcode", None)
        if code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise busy(path) from None
        if code not in _DAMAGE_CODES:
            raise StoreError(f"cannot use the save database {path}: {error}") from None
        damage = str(error)
    if lock_holder(path) is not None:  # never move aside a file another program has open and locked
        raise busy(path)
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
        target, timeout=OPEN_TIMEOUT_S, isolation_level=None, check_same_thread=False, uri=read_only
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
        if not read_only and connection.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a save from before the id
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
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


def refuse_foreign(path: Path, directory: Path) -> None:
    """StoreError, touching nothing, unless ``path`` is a Roundhouse database, absent or empty.

    A symbolic link may lead out of the data directory only to an existing
    Roundhouse database (two data directories sharing one save).
    """
    target = Path(os.path.realpath(path))
    if path.is_symlink() and target.parent != Path(os.path.realpath(directory)):
        why = _not_ours(target) if target.is_file() else "nothing Roundhouse saved"
        if why is not None:
            raise StoreError(
                f"{path} is a symbolic link out of the data directory to {target}, which is {why}; "
                "it was left untouched"
            )
    elif target.exists():
        why = _not_ours(target) if target.is_file() else "not a file"
        if why is not None:
            raise StoreError(f"{path} is {why}; it was left untouched: move it away or choose another --data-dir")


def _not_ours(path: Path) -> str | None:
    """What the file at ``path`` is when it is not a Roundhouse database; None for ours, empty or unreadable.

    Read without SQLite's locks or journal (immutable), so the file is never
    changed. A damaged file whose tables cannot be listed is left to the
    integrity check.
    """
    with path.open("rb") as handle:
        header = handle.read(100)
    if not header:
        return None
    if len(header) < 100 or not header.startswith(SQLITE_HEADER):
        return "not a Roundhouse save database (not SQLite)"
    application = int.from_bytes(header[68:72], "big")
    if application == APPLICATION_ID:
        return None
    if application != 0:
        return f"another program's SQLite database (application id {application:#010x})"
    try:
        reader = sqlite3.connect(path.resolve().as_uri() + "?mode=ro&immutable=1", uri=True)
        try:
            rows = reader.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        finally:
            reader.close()
    except (sqlite3.Error, ValueError):
        return None
    tables = {str(row[0]) for row in rows if not str(row[0]).startswith("sqlite_")}
    strangers = sorted(tables - TABLES)
    if strangers:
        return f"another program's SQLite database (tables {', '.join(strangers[:3])})"
    if tables and "schema_version" not in tables and not {"matches", "decisions"} <= tables:
        return f"another program's SQLite database (tables {', '.join(sorted(tables))})"
    return None


def busy(path: Path) -> StoreBusy:
    """The error for a database another program holds locked, naming it when /proc/locks tells."""
    holder = lock_holder(path) or "another program"
    return StoreBusy(f"the save database {path} is locked by {holder}; close it, then try again")


def lock_holder(path: Path) -> str | None:
    """``name (process N)`` of another process holding a lock on ``path`` (Linux /proc/locks), else None."""
    try:
        info = path.stat()
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    device = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    for line in lines:
        fields = line.split()  # "1: POSIX  ADVISORY  WRITE 665 fe:00:2170915 0 EOF"; waiters add "->"
        if len(fields) < 6 or fields[1] == "->" or fields[5] != device or not fields[4].isdigit():
            continue
        if int(fields[4]) == os.getpid():
            continue
        try:
            name = Path(f"/proc/{fields[4]}/comm").read_text().strip()
        except OSError:
            name = "a program"
        return f"{name} (process {fields[4]})"
    return None


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
