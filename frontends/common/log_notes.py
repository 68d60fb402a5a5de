"""The log's sentences that are not events (DX.11): owed doubles and a human's extra play, for every front end.

Owed doubles (MT.12) and the extra play after a double (MT.11a) are read
from the public view, not from the record, so a front end tells them as
they change and files each sentence under the place in the match's record
where it arose; the log then shows it after that event. An undo drops the
sentences of what it took back; doubles that come back or go with an
undo, a restarted round or a new deal are not told as owed or covered.
"""

from __future__ import annotations

from roundhouse.core.game.views import OwedDouble
from roundhouse.core.play.session import MatchRecord, Session
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.event_sentences import extra_play_sentence, owed_sentences


class LogNotes:
    """Sentences between a session's events, by (id of the match record, number of events before them)."""

    def __init__(self, session: Session) -> None:
        view = session.view(None)
        self._owed: tuple[OwedDouble, ...] = view.owed
        self._round = view.round
        self._at: tuple[int, int] = (id(session.record), len(session.record.events))
        self._notes: dict[tuple[int, int], list[str]] = {}

    def owed(self, catalog: Catalog, session: Session) -> list[str]:
        """Doubles covered or newly owed since the last call (told once, kept for the log), oldest first."""
        record, length = session.record, len(session.record.events)
        view = session.view(None)
        owed = view.owed
        same_record = self._at[0] == id(record)
        went_back = same_record and length < self._at[1]
        restarted = same_record and any(event.type == "restart" for event in record.events[self._at[1] : length])
        new_round = view.round != self._round
        self._at, self._round = (id(record), length), view.round
        for key in [k for k in self._notes if k[0] == id(record) and k[1] > length]:
            del self._notes[key]  # undone
        before, self._owed = self._owed, owed
        if went_back or restarted or new_round or owed == before:
            return []
        names = [seat.name for seat in session.seats]
        return self._file(session, owed_sentences(catalog, session.variant.id, names, before, owed))

    def extra_play(self, catalog: Catalog, session: Session) -> list[str]:
        """MT.11a: when the human to move owes an extra play after their double, its sentence (filed once)."""
        seat = session.pending_seat
        if seat is None or not session.is_human(seat) or not session.view(None).extra.get("extra_play_owed"):
            return []
        return self._file(session, [extra_play_sentence(catalog, session.seats[seat - 1].name)])

    def _file(self, session: Session, sentences: list[str]) -> list[str]:
        """Keep ``sentences`` after the record's current events; the ones not kept there yet."""
        filed = self._notes.setdefault((id(session.record), len(session.record.events)), [])
        fresh = [sentence for sentence in sentences if sentence not in filed]
        filed.extend(fresh)
        return fresh

    def after(self, record: MatchRecord, count: int) -> list[str]:
        """The sentences filed after the first ``count`` events of ``record``."""
        return self._notes.get((id(record), count), [])

    def filed(self) -> list[str]:
        """Every sentence kept for the log, in the order they were filed."""
        return [sentence for sentences in self._notes.values() for sentence in sentences]
