"""What follows each change to the match: the screens between rounds, the redraw and the computer's pace.

:class:`Pacing` keeps the events the session reports. After each change
(:meth:`Pacing.after_change`) it queues a screen for each round or match
end and shows them one at a time (the session is paused while one is up),
has the host redraw, and schedules the next computer turn with ``after()``
at the chosen speed: a computer never moves inside the call that changed
the match, nor while the session is paused or a screen is up.

A computer turn is every decision one seat takes in a row (a first-turn
train, a double and its follow-up): it is worked out as one step and shown
as one sequence, its tiles sliding in from the owner's row label one after
another (:class:`~roundhouse.frontends.tk.motion.TileSequence`); the next
turn waits for the speed's delay, or for the sequence when that is longer.
A forced decision is taken at once; any other is worked out on the host's
:class:`~roundhouse.frontends.tk.thinking.Thinker`, off the main thread,
while the thinking mark shows, and applied when its answer comes (held
while the session is paused). At "instant" speed, and after
:meth:`Pacing.skip` until a person or a screen is due, the computers'
decisions follow one another and the table is drawn once. Every change
discards an answer still awaited.
"""

from __future__ import annotations

import tkinter as tk
from typing import Protocol

from roundhouse.core.game.actions import Action
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.session import Session
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog
from roundhouse.frontends.tk.motion import TileSequence, sequence_timing
from roundhouse.frontends.tk.settings import Settings
from roundhouse.frontends.tk.thinking import Question, Thinker, apply_answer, bot_question


class PacingHost(Protocol):
    """What the pacing needs from the window."""

    root: tk.Tk
    session: Session | None
    catalog: Catalog
    settings: Settings
    table: tk.Canvas
    thinker: Thinker

    def refresh(self) -> None: ...

    def show_thinking(self) -> None: ...

    def forget_handoff(self) -> None: ...

    def reset_handoff(self) -> None: ...

    def report_store_warnings(self) -> None: ...

    def refresh_log(self) -> None: ...

    def new_match(self) -> None: ...

    def open_setup(self) -> None: ...


class Pacing:
    """The screens and computer steps of the host's session.

    ``screen`` is the round or match screen now up, ``slide`` the last
    computer turn's tiles sliding in, ``round_history`` the round ends the
    screens chart and ``skipping`` True from :meth:`skip` until a person or
    a screen is due.
    """

    def __init__(self, host: PacingHost) -> None:
        self.host = host
        self.screen: RoundEndDialog | MatchEndDialog | None = None
        self.slide: TileSequence | None = None
        self.skipping = False
        self._turn_seat: int | None = None
        self._settle_ms = 0
        """How long the turn just shown takes to slide in: the next computer turn waits for it."""
        self.round_history: list[dict] = []
        self._incoming: list[Event] = []
        self._screens: list[tuple[str, dict]] = []
        self.bot_job: str | None = None
        self._held: tuple[Question, Action | Exception] | None = None

    def observe(self, events: list[Event]) -> None:
        """Keep the session's new events until the next :meth:`after_change`."""
        self._incoming.extend(events)

    def begin(self, session: Session) -> None:
        """A session was set: no screen is owed any more, the rounds it has played are charted."""
        self._screens.clear()
        self.catch_up(played_rounds(session))

    def catch_up(self, rounds: list[dict] | None = None) -> None:
        """The match went back or began again: drop the events not yet shown (``rounds`` replaces the charted ones)."""
        if rounds is not None:
            self.round_history = rounds
        self._incoming.clear()
        self.after_change()

    def after_change(self) -> None:
        """Queue round/match screens for new events, redraw, and pace the computer."""
        host = self.host
        self.discard_thinking()
        host.forget_handoff()
        for event in self._incoming:
            if event.type == "round_end":
                self.round_history.append(event.to_record())
                self._screens.append(("round", event.to_record()))
            elif event.type == "match_end":
                self._screens.append(("match", event.to_record()))
        self._incoming.clear()
        host.report_store_warnings()
        host.refresh_log()
        self._show_next_screen()
        if not self._may_move():
            self.skipping = False
        host.refresh()
        self.schedule_bot()

    def _show_next_screen(self) -> None:
        if self.screen is not None or not self._screens:
            return
        kind, event = self._screens.pop(0)
        host, session = self.host, self.host.session
        names = [seat.name for seat in session.seats]
        session.pause("screen")
        if kind == "round":
            history = [h for h in self.round_history if h.get("round", 0) <= event.get("round", 0)]
            self.screen = RoundEndDialog(
                host.root,
                host.catalog,
                names,
                event,
                history,
                self._screen_closed,
                session.variant.id,
                gains=session.variant.points_are == "gains",
            )
        else:
            self.screen = MatchEndDialog(
                host.root, host.catalog, names, event, self._match_screen_closed, self.round_history
            )

    def _screen_closed(self) -> None:
        self.screen = None
        self.host.session.resume("screen")
        self.host.reset_handoff()
        self.after_change()

    def _match_screen_closed(self, choice: str) -> None:
        self._screen_closed()
        if choice == "again":
            self.host.new_match()
        elif choice == "setup":
            self.host.open_setup()

    def schedule_bot(self) -> None:
        """Let the computer take its turn after the speed's delay, when it is to move and nothing holds it.

        The delay is at least the time the turn just shown takes to slide
        in. An answer that came while the session was paused is applied now.
        """
        settle, self._settle_ms = self._settle_ms, 0
        if not self._may_move():
            return
        if self._held is not None:
            question, answer = self._held
            self._held = None
            self._decided(question, answer)
        elif self.bot_job is None and self.host.thinker.pending is None:
            delay = 0 if self.skipping else max(self.host.settings.delay_ms, settle)
            self.bot_job = self.host.root.after(delay, self.bot_step)

    def skip(self) -> None:
        """Skip to the person's next decision: the computers' turns follow at once, the table drawn when one is due."""
        if not self._may_move():
            return
        self.skipping = True
        if self.slide is not None:
            self.slide.stop()
        if self.bot_job is not None:
            self.host.root.after_cancel(self.bot_job)
            self.bot_step()

    def cancel_bot(self) -> None:
        """Drop the computer decision scheduled or being worked out, if any."""
        if self.bot_job is not None:
            self.host.root.after_cancel(self.bot_job)
        self.bot_job = None
        self.discard_thinking()

    def discard_thinking(self) -> None:
        """The position changed: an answer awaited or held is for another position, and is dropped."""
        self.host.thinker.discard()
        self._held = None

    def _may_move(self) -> bool:
        s = self.host.session
        return s.bot_to_move and not s.paused and self.screen is None

    def bot_step(self) -> None:
        """Start the computer's turn: its decisions are taken one after another, then shown together."""
        self.bot_job = None
        self._turn_seat = self.host.session.pending_seat
        self._go_on()

    def _go_on(self) -> None:
        """Take the turn's next decision: a forced one at once, any other asked off the main thread.

        The turn ends when another seat is to move (at "instant" speed or
        while skipping, only when a person or a screen is due); then it is shown.
        """
        session = self.host.session
        while self._turn_goes_on():
            if len(session.legal_actions()) != 1:
                self.host.thinker.ask(bot_question(session), self._decided)
                self.host.show_thinking()
                return
            session.step()
        self._turn_shown()

    def _turn_goes_on(self) -> bool:
        if not self._may_move() or self._incoming_screen():
            return False
        fast = self.host.settings.speed == "instant" or self.skipping
        return fast or self.host.session.pending_seat == self._turn_seat

    def _decided(self, question: Question, answer: Action | Exception) -> None:
        """The computer's answer came: the session takes it (held while the session is paused), and the turn goes on."""
        if not self._may_move():
            self._held = (question, answer)
            return
        apply_answer(self.host.session, answer)
        self._go_on()

    def _turn_shown(self) -> None:
        """Show the computer's turn just taken, its tiles sliding in as one sequence, and pace the next turn."""
        self._turn_seat = None
        plays = [e for e in self._incoming if e.type == "play"]
        skipped = self.skipping
        if plays and not skipped:
            self._settle_ms = sequence_timing(self.host.settings.speed, len(plays))[2]
        self.after_change()
        if plays and self.screen is None and not skipped:
            seat = plays[-1]["seat"]
            self._slide_in(seat, [Tile.parse(str(e["tile"])) for e in plays if e["seat"] == seat])

    def _slide_in(self, seat: int, tiles: list) -> None:
        """Show ``seat``'s tiles of this turn sliding one after another from its row label to their places."""
        if self.slide is not None:
            self.slide.stop()
            self.slide = None
        table, speed = self.host.table, self.host.settings.speed
        label = [i for i in table.find_withtag(f"row:{seat}") if "label" in table.gettags(i)]
        if not label or sequence_timing(speed, len(tiles))[0] <= 0:
            return
        placed = set(table.find_withtag("placed")) - set(table.find_withtag("pinned"))
        groups = []
        for tile in tiles:
            items = [i for i in table.find_withtag(f"face:{tile}") if i in placed]
            if items:
                groups.append(tuple(items))
        last = table.find_withtag("last")
        if groups and last:
            groups[-1] = tuple(dict.fromkeys(last + groups[-1]))  # the last move's mark comes with its tile
        if groups:
            x1, y1, _x2, _y2 = table.bbox(label[0])
            self.slide = TileSequence(table, groups, (x1, y1), speed)

    def _incoming_screen(self) -> bool:
        return any(e.type in ("round_end", "match_end") for e in self._incoming)


def played_rounds(session: Session) -> list[dict]:
    """The round-end records of the match so far (what the round screens chart)."""
    return [event.to_record() for event in session.record.events if event.type == "round_end"]
