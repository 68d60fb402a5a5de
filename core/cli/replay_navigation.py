"""Moving through a record's frames: by events, by rounds, to either end, to a player's next move.

A position is a match (1-based) and a frame of it. Matches are read as far
as a move needs and checked when the position reaches them
(:class:`RecordMatches`); the frames of the match shown and of its
neighbours are kept. Every move
returns whether it went anywhere, so the viewer can say why not.
"""

from __future__ import annotations

from roundhouse.core.cli.replay_frames import Frame, MatchFrames
from roundhouse.core.cli.replay_source import RecordMatches
from roundhouse.core.cli.replay_table import seat_names
from roundhouse.core.play.record import action_of
from roundhouse.core.text.i18n import Catalog


class Navigator:
    """A position in a record and the moves from it; reading a further match may raise RecordError."""

    def __init__(self, matches: RecordMatches, catalog: Catalog) -> None:
        self._matches = matches
        self._catalog = catalog
        self._frames: dict[int, MatchFrames] = {}
        self.match = 1
        self.index = 0
        self.frames(1)

    # ------------------------------------------------------------- access
    def frames(self, number: int) -> MatchFrames:
        """The frames of match ``number`` (IndexError past the last match)."""
        if number not in self._frames:
            match = self._matches.match(number)
            self._frames = {n: f for n, f in self._frames.items() if abs(n - number) <= 1}
            self._frames[number] = MatchFrames(match, self._catalog)
        return self._frames[number]

    def frame(self) -> Frame:
        """The frame at the position."""
        return self.frames(self.match).frame(self.index)

    def _has(self, number: int) -> bool:
        return self._matches.has(number)

    def _go(self, match: int, index: int) -> bool:
        moved = (match, index) != (self.match, self.index)
        self.match, self.index = match, index
        self.frames(match)
        return moved

    # -------------------------------------------------------------- moves
    def step(self, count: int) -> bool:
        """``count`` frames on (back when negative), stopping at either end of the record."""
        match, index = self.match, self.index + count
        while index >= len(self.frames(match)):
            if not self._has(match + 1):
                index = len(self.frames(match)) - 1
                break
            index -= len(self.frames(match))
            match += 1
        while index < 0:
            if not self._has(match - 1):
                index = 0
                break
            match -= 1
            index += len(self.frames(match))
        return self._go(match, index)

    def start(self) -> bool:
        """To the first frame of the record."""
        return self._go(1, 0)

    def end(self) -> bool:
        """To the last frame of the record (the matches on the way are read, only the last one checked)."""
        match = self._matches.count()
        return self._go(match, len(self.frames(match)) - 1)

    def next_round(self) -> bool:
        """To the next deal of a later round, else the next match's first deal, else the end."""
        frames = self.frames(self.match)
        current = self.frame().table
        round_now = current.round if current is not None else 0
        for index in range(self.index + 1, len(frames.match.lines)):
            line = frames.line(index)
            if line["type"] == "deal" and line["round"] != round_now:
                return self._go(self.match, index)
        if self._has(self.match + 1):
            following = self.frames(self.match + 1)
            first_deal = next((i for i in range(len(following.match.lines)) if following.line(i)["type"] == "deal"), 0)
            return self._go(self.match + 1, first_deal)
        return self.end()

    def previous_round(self) -> bool:
        """To the deal that began this round, or the one before when already there; else the match's start."""
        match, index = self.match, self.index
        while True:
            frames = self.frames(match)
            for earlier in range(min(index, len(frames.match.lines)) - 1, -1, -1):
                if frames.line(earlier)["type"] == "deal":
                    return self._go(match, earlier)
            if index > 0 or not self._has(match - 1):
                return self._go(match, 0)
            match -= 1
            index = len(self.frames(match))

    def find_move(self, name: str) -> bool:
        """To the next decision (a play, a draw, a pass...) of a seat whose shown name contains ``name``."""
        wanted = name.casefold()
        match, index = self.match, self.index + 1
        while True:
            lines = self._matches.lines(match)
            seats = {seat for seat, shown_name in seat_names(lines[0]).items() if wanted in shown_name.casefold()}
            if seats:
                for at in range(index, len(lines)):
                    line = lines[at]
                    if line.get("seat") in seats and action_of(line) is not None:
                        return self._go(match, at)
            if not self._has(match + 1):
                return False
            match, index = match + 1, 0

    def at_end(self) -> bool:
        """True on the last frame of the record."""
        return self.index == len(self.frames(self.match)) - 1 and not self._has(self.match + 1)
