"""Earlier matches of the save store, and the match in progress, as every front end shows them (DX.11).

Only the public form of a match is ever handed out: each event goes through
``Event.visible_to(None)``, so hidden hands, the boneyard and drawn tiles
stay hidden exactly as they would for an onlooker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from roundhouse.core.game.events import Event, event_from_record
from roundhouse.core.play.session import Session
from roundhouse.core.store import FINISHED, HistoryEntry, SavedMatch, StoreError, local_time, rebuild
from roundhouse.core.text.i18n import Catalog, variant_title
from roundhouse.frontends.common.log_notes import LogNotes


@dataclass(frozen=True)
class PastMatch:
    """One past match ready to show: its public event lines and the names they refer to."""

    entry: HistoryEntry
    names: list[str]
    lines: list[dict[str, Any]]
    """Public event lines (``Event.visible_to(None)``), the record's header left out."""


def game_name(registry: Any, variant_id: str, lang: str | None = None) -> str:
    """The display name of a variant in ``lang``, or its id when it is not installed."""
    try:
        return variant_title(registry.variant(variant_id), lang)
    except (AttributeError, KeyError, ValueError):
        return variant_id


def when(entry: HistoryEntry) -> str:
    """When the match ended (or started, if it never ended), local time."""
    return local_time(entry.ended or entry.started)


def winner_names(entry: HistoryEntry) -> list[str]:
    """The winners' names; empty for a match that was not finished."""
    if entry.status != FINISHED:
        return []
    return [entry.seats[seat - 1].name for seat in entry.winners if 0 < seat <= len(entry.seats)]


def find_entry(entries: Sequence[HistoryEntry], text: str) -> HistoryEntry | None:
    """The history entry whose id is ``text`` ("12" or "#12"), or None."""
    text = text.strip().removeprefix("#")
    if not (text.isascii() and text.isdigit()):
        return None
    return next((e for e in entries if e.id == int(text)), None)


def load_past(store: Any, entry: HistoryEntry, registry: Any = None) -> PastMatch:
    """The public story of ``entry``; StoreError when its record cannot be read or rebuilt."""
    lines: list[dict[str, Any]] = []
    for line in store.match_record(entry.id, registry):
        if not isinstance(line, dict) or "type" not in line:
            raise StoreError(f"the record of match {entry.id} has a line without a type")
        if line["type"] == "match":
            continue
        lines.append(event_from_record(line).visible_to(None))
    return PastMatch(entry, [seat.name for seat in entry.seats], lines)


@dataclass(frozen=True)
class MatchSoFar:
    """The match in progress ready to show: its public events, each with the log's notes told after it."""

    saved: SavedMatch
    names: list[str]
    lines: list[tuple[Event, list[str]]]
    """Public events (``Event.visible_to(None)``) in order, each with the owed-double sentences that followed it."""


def load_in_progress(saved: SavedMatch, registry: Any, catalog: Catalog) -> MatchSoFar:
    """The public story of the unfinished match ``saved`` so far, with the owed-double notes (MT.12) a player saw.

    Its log is replayed on a fresh match, as a resume does, and the notes
    are taken as each decision lands, as the live log takes them. Nothing
    is written to the store. StoreError when the log no longer replays.
    """
    notes: list[LogNotes] = []

    def take_notes(session: Session) -> None:
        notes.append(LogNotes(session))
        session.observers.append(lambda played, _events: notes[0].owed(catalog, played))

    try:
        session = rebuild(saved, registry, take_notes)
    except (KeyError, ValueError, TypeError, RuntimeError, IndexError) as error:
        raise StoreError(f"match {saved.id} no longer replays: {error}") from None
    record = session.record
    lines = [(event.visible_to(None), notes[0].after(record, index)) for index, event in enumerate(record.events, 1)]
    return MatchSoFar(saved, [seat.name for seat in session.seats], lines)
