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
- Only Roundhouse's own files are changed. Every database we create or
  open gets ``PRAGMA application_id`` :data:`APPLICATION_ID`; a save from
  before the id is ours when its tables are ours. Another program's SQLite
  file, any other non-empty file, a non-file, or a symbolic link leading
  out of the data directory to anything but a Roundhouse database is
  refused with a one-line StoreError and left untouched: same bytes and
  mode, no WAL, shared-memory or lock file beside it.
- Locked is not damaged: a database another program holds locked (in
  exclusive locking mode, say) raises StoreBusy naming the holder when
  ``/proc/locks`` tells, after at most :data:`OPEN_TIMEOUT_S`, and is never
  moved aside; a full disk or an I/O error while opening raises StoreError.
- A damaged database (one the integrity check rejects while we hold it,
  whose tables or ``schema_version`` are missing, said as such, or that was
  emptied to 0 bytes) is moved aside as
  ``roundhouse.sqlite3.damaged-<time>`` (never overwritten), reported in
  :attr:`Store.warnings` in one line, and a fresh one is used. A directory
  that cannot be created or written raises StoreError.
- Rows are read defensively: a row that cannot be decoded or holds a value
  of the wrong kind is set aside (a save) or left out (history) with a
  one-line warning naming the match; every other row still loads.
- A failed save is reported once per cause with SQLite's own reason (never
  a rollback error in its place); the match goes on, and the next save
  writes everything. :meth:`Store.unsaved` says how many decisions of a
  session are not on disk (after one more try): a front end says "saved"
  only when it is 0. The write-ahead log is folded in and emptied once it
  passes :data:`WAL_SIZE_LIMIT` and after a failed save, so it never fills
  a small disk by itself.
- One playing instance per database: a second :meth:`Store.open` raises
  StoreBusy while the first holds the session lock, taken next to the
  database's real file (symbolic links resolved), so two data directories
  sharing one database through a link exclude each other too. The lock dies
  with its process. Reading commands open with ``exclusive=False`` and never
  wait; in a data directory they cannot write, they read without locking.
"""

__all__ = [
    "ABANDONED",
    "APPLICATION_ID",
    "BUSY_TIMEOUT_S",
    "DB_NAME",
    "ENV_DATA_DIR",
    "FINISHED",
    "HISTORY_STATUSES",
    "LOCK_NAME",
    "OPEN_TIMEOUT_S",
    "PAUSED",
    "PLAYING",
    "UNREADABLE",
    "WAL_CHECKPOINT_PAGES",
    "WAL_SIZE_LIMIT",
    "DamagedRow",
    "HistoryEntry",
    "NoSuchMatch",
    "ResumeError",
    "SavedMatch",
    "Store",
    "StoreBusy",
    "StoreError",
    "Undecodable",
    "default_data_dir",
    "local_time",
    "lock_path",
    "make_data_directory",
    "now_text",
    "pack_record",
    "rebuild",
    "summarize",
    "unpack_record",
]

from roundhouse.core.store.database import (
    APPLICATION_ID,
    BUSY_TIMEOUT_S,
    DB_NAME,
    ENV_DATA_DIR,
    LOCK_NAME,
    OPEN_TIMEOUT_S,
    WAL_CHECKPOINT_PAGES,
    WAL_SIZE_LIMIT,
    default_data_dir,
    lock_path,
    make_data_directory,
)
from roundhouse.core.store.entries import (
    ABANDONED,
    FINISHED,
    HISTORY_STATUSES,
    PAUSED,
    PLAYING,
    UNREADABLE,
    HistoryEntry,
    SavedMatch,
    local_time,
    now_text,
)
from roundhouse.core.store.errors import DamagedRow, NoSuchMatch, ResumeError, StoreBusy, StoreError
from roundhouse.core.store.rows import Undecodable, pack_record, summarize, unpack_record
from roundhouse.core.store.store import Store, rebuild
