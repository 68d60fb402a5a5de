"""What follows each change to the match: the screens between rounds, the redraw and the computer's pace.

:class:`Pacing` keeps the events the session reports. After each change
(:meth:`Pacing.after_change`) it queues a screen for each round or match
end and shows them one at a time (the session is paused while one is up),
has the host redraw, and schedules the next computer decision with
``after()`` at the chosen speed: a computer never moves inside the call
that changed the match, nor while the session is paused or a screen is
up. A forced decision is taken at once (at "instant" speed, every forced
one in a row); any other is worked out on the host's
:class:`~roundhouse.frontends.tk.thinking.Thinker`, off the main thread,
while the thinking mark shows, and applied when its answer comes (held
while the session is paused). At "instant" speed the computers' decisions
follow one another and the table is drawn once a person or a screen is
due. Every change discards an answer still awaited. The computer's latest
tile slides in from its owner's row label.
"""

from __future__ import annotations

import tkinter as tk
from typing import Protocol

from roundhouse.core.game.actions import Action
from roundhouse.core.game.events import Event
from roundhouse.core.play.session import Session
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog
from roundhouse.frontends.tk.motion import SLIDE_MS, Slide, slide
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
    computer tile's slide and ``round_history`` the round ends the screens chart.
    """

    def __init__(self, host: PacingHost) -> None:
        self.host = host
        self.screen: RoundEndDialog | MatchEndDialog | None = None
        self.slide: Slide | None = None
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
        """Let the computer decide after the speed's delay, when it is to move and nothing holds it.

        An answer that came while the session was paused is applied now.
        """
        if not self._may_move():
            return
        if self._held is not None:
            question, answer = self._held
            self._held = None
            self._decided(question, answer)
        elif self.bot_job is None and self.host.thinker.pending is None:
            self.bot_job = self.host.root.after(self.host.settings.delay_ms, self.bot_step)

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
        """The computer's next decision, or the start of it.

        A forced decision is taken at once (at "instant" speed, every forced
        one in a row); any other is asked off the main thread while the
        thinking mark shows.
        """
        self.bot_job = None
        session = self.host.session
        moved = False
        while self._may_move() and len(session.legal_actions()) == 1:
            moved = session.step() is not None
            if self.host.settings.speed != "instant" or self._incoming_screen():
                break
        if moved:
            self._moves_shown()
        elif self._may_move():
            self.host.thinker.ask(bot_question(session), self._decided)
            self.host.show_thinking()

    def _decided(self, question: Question, answer: Action | Exception) -> None:
        """The computer's answer came: the session takes it (held while the session is paused)."""
        if not self._may_move():
            self._held = (question, answer)
            return
        apply_answer(self.host.session, answer)
        if self.host.settings.speed == "instant" and not self._incoming_screen() and self._may_move():
            self.bot_step()  # the table is drawn once a person or a screen is due, as at "instant" speed before
        else:
            self._moves_shown()

    def _moves_shown(self) -> None:
        """Show the computer's decisions just taken, and pace the next one."""
        plays = [e for e in self._incoming if e.type == "play"]
        self.after_change()
        if plays and self.screen is None:
            self._slide_in(plays[-1]["seat"])

    def _slide_in(self, seat: int) -> None:
        """Show the computer's latest tile sliding from its owner's row label to its place."""
        if self.slide is not None:
            self.slide.stop()
        table = self.host.table
        label = [i for i in table.find_withtag(f"row:{seat}") if "label" in table.gettags(i)]
        if not label:
            return
        x1, y1, _x2, _y2 = table.bbox(label[0])
        self.slide = slide(table, "last", (x1, y1), SLIDE_MS.get(self.host.settings.speed, 0))

    def _incoming_screen(self) -> bool:
        return any(e.type in ("round_end", "match_end") for e in self._incoming)


def played_rounds(session: Session) -> list[dict]:
    """The round-end records of the match so far (what the round screens chart)."""
    return [event.to_record() for event in session.record.events if event.type == "round_end"]
