"""What the store hands out: match statuses, saved and past matches, stored times.

Every match row has one status: PLAYING (the match in progress), FINISHED,
ABANDONED (left for a new match), PAUSED (kept to resume) or UNREADABLE (a
save that no longer replays, kept).
:class:`SavedMatch` is all a resume needs; :class:`HistoryEntry` is one
match of the history. Both are frozen. Times are stored in UTC as ISO 8601
to the second (:func:`now_text`) and shown in the local zone
(:func:`local_time`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from roundhouse.core.play.session import Seat

PLAYING, FINISHED, ABANDONED, UNREADABLE = "playing", "finished", "abandoned", "unreadable"
PAUSED = "paused"
"""An unfinished match set aside for another one; ``roundhouse play --resume ID`` takes it up again."""
HISTORY_STATUSES = (FINISHED, ABANDONED, PAUSED)


def now_text() -> str:
    """The current UTC time as stored: ISO 8601, seconds."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def local_time(text: str | None) -> str:
    """A stored time shown in the local zone: ``2026-11-29 17:04``."""
    if not text:
        return "-"
    return datetime.fromisoformat(text).astimezone().strftime("%Y-%m-%d %H:%M")


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
