"""The store's errors.

StoreError and its kinds mean saving, resuming or reading the history
cannot go on as asked; each message is one sentence a player understands.
DamagedRow is narrower: one stored value that cannot be read, which the
store sets aside or leaves out while every other row still loads.
"""

from __future__ import annotations


class StoreError(Exception):
    """Saving cannot work here; the message is one sentence a player understands."""


class NoSuchMatch(StoreError):
    """The store holds no match with the id asked for (a bad argument, not a broken store)."""


class StoreBusy(StoreError):
    """Another Roundhouse is playing with the same data directory, or another program holds the database locked."""


class ResumeError(StoreError, ValueError):
    """A save that no longer replays; it was set aside (kept, not deleted).

    Also a ValueError, so callers that catch replay errors catch it too.
    """


class DamagedRow(ValueError):
    """A stored value that cannot be read or has the wrong kind; the message names the column."""
