"""The console game loop: table, prompt, preview/confirm, bots one move at a time.

The loop only drives the :class:`roundhouse.core.play.session.Session`: it shows views,
previews decisions and confirms them, steps the computer seats one decision
at a time and describes each event as the watching human may see it.
Reading stops with EOFError or KeyboardInterrupt, which the front end
turns into a clean exit. The console's own commands are in
:mod:`~roundhouse.frontends.console.game_commands`; when the other seats'
moves scrolled off the screen, :mod:`~roundhouse.frontends.console.recap`
sums them up above the prompt.
"""

from __future__ import annotations

from typing import Any

from roundhouse.core.game.actions import Action, Draw, EndTurn, IllegalAction, Pass
from roundhouse.core.game.events import Event
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Preview, Session
from roundhouse.core.play.setup import house_options_line
from roundhouse.core.text.i18n import variant_title
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.common.event_sentences import extra_play_sentence
from roundhouse.frontends.common.game_words import game_words
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.common.reasons import reason_words
from roundhouse.frontends.console.commands import Command, parse_command
from roundhouse.frontends.console.describe import describe_action, describe_event
from roundhouse.frontends.console.game_commands import GameCommands, Outcome
from roundhouse.frontends.console.recap import moves_since, recap_text
from roundhouse.frontends.console.scoring import gain_reveal_lines
from roundhouse.frontends.console.table import (
    hand_line,
    moves_lines,
    preview_rows,
    reveal_lines,
    table_lines,
    totals_text,
)
from roundhouse.frontends.console.terminal import Terminal


def farewell(term: Terminal, key: str, session: Session | None, store: Any) -> str:
    """The goodbye line ``key``, saying truthfully whether the match is kept: "saved" only when its last
    decision is on disk, else how many decisions are lost (``store.unsaved`` tries once more first)."""
    if session is None:
        return term.t(key)
    unsaved = store.unsaved(session) if store is not None else 0
    if unsaved:
        return f"{term.t(key)} {term.t('console.unsaved_lost_note', count=unsaved)}"
    if session.is_over:
        return term.t(key)
    note = "console.saved_note" if store is not None else "console.unsaved_note"
    return f"{term.t(key)} {term.t(note)}"


def say_store_warnings(term: Terminal, store: Any) -> None:
    """Say the warnings ``store`` (or None) added since they were last shown, one line each."""
    for warning in store.unseen_warnings() if store is not None else ():
        term.say(term.t("console.warning", text=in_language(warning, term.catalog)))


class ConsoleGame(GameCommands):
    """Plays a session on a :class:`Terminal` until the player quits.

    ``store`` (a ``roundhouse.core.store.Store`` or None) gives the history of earlier
    matches (DX.11); ``registry`` names their games and rebuilds an
    abandoned match kept only as a log.
    """

    def __init__(self, term: Terminal, session: Session, store: Any = None, registry: Any = None) -> None:
        self.term = term
        self.session = session
        self.store = store
        self.registry = registry
        self.pending: list[Event] = [] if session.log else list(session.record.events)
        """Events still to describe: a fresh match's deal and engine search are told as they happen."""
        self.notes = LogNotes(session)
        """Sentences that are not events (owed doubles, extra plays), kept for ``log``."""
        self.hand_on_screen: int | None = None
        self.cleared = False
        """True once the screen was cleared (hot seat): from then on no hand is shown without a hand-off."""
        self.told_after_hand_off: list[str] = []
        """Hot seat: what the next human must read once their hand is shown."""
        self.seen_upto: dict[tuple[int, int], int] = {}
        """Hot seat: how many events of a match each human has been told about."""
        self.mark = 0
        """``term.rows`` at the last human decision or clearing: the rows written since are the ones a
        prompt can push off the screen."""
        self.recap_from = 0
        """How many events of the match the human at the prompt had been told of at their last decision."""
        term.names = [seat.name for seat in session.seats]
        term.game_words = game_words(session.variant, term.lang)
        term.line_labels = term.game_words.labels(session.view(None))
        session.observers.append(self._observe)

    def _observe(self, session: Session, events: list[Event]) -> None:
        self.pending.extend(events)
        self.term.line_labels = self.term.game_words.labels(session.view(None))

    # ------------------------------------------------------------ seats
    @property
    def hot_seat(self) -> bool:
        """True with two or more humans at this device (DX.3)."""
        return len(self.session.humans) >= 2

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the screen: the only human, or the human whose hand is shown."""
        if self.hot_seat:
            return self.hand_on_screen
        humans = self.session.humans
        return humans[0] if humans else None

    def name(self, seat: int) -> str:
        """The display name of ``seat``."""
        return self.session.seats[seat - 1].name

    # ------------------------------------------------------------- loop
    def run(self) -> int:
        """Play until the player quits or declines a new match; the exit status."""
        t = self.term.t
        self.term.say(
            t("console.welcome", game=variant_title(self.session.variant, self.term.lang), seed=self.session.seed)
        )
        self.say_house_options()
        self.term.say(t("console.help_hint"))
        try:
            return self._play()
        except (EOFError, KeyboardInterrupt):
            self.leave()  # the goodbye is said by the caller, on a screen without a hand
            raise

    def _play(self) -> int:
        """The loop of :meth:`run`."""
        t = self.term.t
        while True:
            self.flush()
            self.report_store_warnings()
            seat = self.session.pending_seat
            if self.hot_seat and self.hand_on_screen is not None and seat != self.hand_on_screen:
                self.hide()
            if self.session.is_over:
                if not self.term.confirm(t("console.new_match_question")):
                    self.term.say(farewell(self.term, "console.bye", self.session, self.store))
                    return 0
                self.session.new_match()
                continue
            if self.session.bot_to_move:
                self.session.step()
                for fault in self.session.take_bot_faults():
                    self.term.say(self.term.t("console.warning", text=in_language(fault.notice(), self.term.catalog)))
                continue
            self.recap_from = self.seen_upto.get((self.session.match_number, seat), 0)
            outcome = self.turn(seat) if self.hand_off(seat) else Outcome.QUIT
            self.seen_upto[(self.session.match_number, seat)] = len(self.session.record.events)
            self.mark = self.term.rows
            if outcome is Outcome.QUIT and not self.stays_to_save():
                self.leave()
                self.term.say(farewell(self.term, "console.bye", self.session, self.store))
                return 0

    def say_house_options(self) -> None:
        """MT.16: the house options in force, if any, named in the match header."""
        line = house_options_line(self.term.catalog, self.session.variant, self.session.params)
        if line:
            self.term.say(line)

    def stays_to_save(self) -> bool:
        """DX.6: with decisions not on disk, ask whether to stay (free space; the next move saves them all)
        or quit and lose them; True to stay. Nothing is asked when everything is saved."""
        unsaved = self.store.unsaved(self.session) if self.store is not None else 0
        if not unsaved:
            return False
        return not self.term.confirm(self.term.t("console.unsaved_quit_question", count=unsaved), default=False)

    def report_store_warnings(self) -> None:
        """Say each new store warning (a failed save, a save set aside) once, as it happens."""
        say_store_warnings(self.term, self.store)

    def flush(self) -> None:
        """Describe the events that happened since the last flush, as the viewer may see them."""
        names = [s.name for s in self.session.seats]
        variant = self.session.variant.id
        while self.pending:
            event = self.pending.pop(0)
            if event.type == "round_end" and self.hot_seat and self.hand_on_screen is not None:
                self.hide()  # the round's end is said to everyone: no hand of the last player left above it
            line = event.visible_to(self.viewer)
            sentence = describe_event(self.term, variant, names, line)
            if sentence:
                self.term.say(sentence)
            if event.type == "round_end":
                reveal = gain_reveal_lines if self.session.variant.points_are == "gains" else reveal_lines
                for row in reveal(self.term, names, line):
                    self.term.say(row)
                if self.session.humans and not self.pending_match_end():
                    self.term.pause_for_enter(self.term.t("console.press_enter_next_round"))
                    self.mark = self.term.rows
                    if self.hot_seat:
                        self.hide()
            elif event.type == "match_end":
                self.term.say(self.term.t("console.final_totals", totals=totals_text(self.term, names, line["totals"])))
        self.tell_owed()

    def tell_owed(self) -> None:
        """Say which doubles became owed or were covered since the last time (MT.12), and keep it for ``log``."""
        for sentence in self.notes.owed(self.term.catalog, self.session):
            self.term.say(sentence)

    def pending_match_end(self) -> bool:
        """True when the match-end event is still waiting to be described."""
        return any(e.type == "match_end" for e in self.pending)

    def hide(self) -> None:
        """Hot seat: take the hand off the screen and out of the scrollback."""
        self.term.clear()
        self.mark = self.term.rows
        self.hand_on_screen = None
        self.cleared = True

    def leave(self) -> None:
        """Before the goodbye (quit, end of input, Ctrl-C): hot seat, no hand is left on screen."""
        if self.hot_seat:
            self.hide()

    def hand_off(self, seat: int) -> bool:
        """Hot seat (DX.3): clear the screen, name the next human, wait, then tell them what happened since.

        Only Enter shows the hand; ``q`` (False) quits; anything else asks again.
        """
        if not self.hot_seat or self.hand_on_screen == seat:
            return True
        if not self.cleared:
            self.hide()  # the first hand-off: whatever was on the terminal before (a resumed match's last hand)
        prompt = self.term.t("console.hand_off", player=self.name(seat)) + " "
        while answer := self.term.ask(prompt).strip().lower():
            if answer in ("q", "quit"):
                return False
            prompt = self.term.t("console.hand_off_answer", player=self.name(seat)) + " "
        self.hand_on_screen = seat
        self.summarize_for(seat)
        while self.told_after_hand_off:
            self.term.say(self.told_after_hand_off.pop(0))
        return True

    def others_agree(self, seat: int, others: list[int], question: str, refused: str) -> bool:
        """Hot seat: ask each human in ``others`` the ``question`` on a cleared screen; all must agree.

        The device then goes back to ``seat`` (hand-off). A refusal is said
        (``refused``) to everyone once ``seat`` has the device again.
        """
        agreed = True
        for other in others:
            self.hide()
            if not self.term.confirm(self.term.t(question, player=self.name(other)), default=False):
                self.told_after_hand_off.append(self.term.t(refused, player=self.name(other)))
                agreed = False
                break
        if others:
            self.hide()  # the answers are not left above the next hand-off
        if not agreed and not self.hand_off(seat):
            raise EOFError  # the player at the device quit at the hand-off
        return agreed

    def summarize_for(self, seat: int) -> None:
        """The events since ``seat`` last decided, as that seat may see them (hot seat)."""
        events = self.session.record.events
        told = self.seen_upto.get((self.session.match_number, seat))
        title = "console.since_last_turn"
        if told is None:  # their first turn here: this round so far
            told = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
            title = "console.round_so_far"
        start = min(told, len(events))
        names = [s.name for s in self.session.seats]
        variant = self.session.variant.id
        said = [describe_event(self.term, variant, names, event.visible_to(seat)) for event in events[start:]]
        if said:
            self.term.say(self.term.t(title, player=self.name(seat)))
            for sentence in said:
                self.term.say("  " + sentence)
        self.seen_upto[(self.session.match_number, seat)] = len(events)

    # ------------------------------------------------------------- turn
    def turn(self, seat: int) -> Outcome:
        """One human decision: show the table and read commands until something changes."""
        view = self.session.view(seat)
        legal = self.session.legal_actions()
        self.show(view, legal)
        self.recap(view)
        while True:
            text = self.term.ask(self.term.t("console.prompt", player=self.name(seat)))
            outcome = self.handle(parse_command(text, view, legal), view, legal)
            if outcome is Outcome.REDRAW:
                self.show(view, legal)
            elif outcome is not Outcome.STAY:
                return outcome

    def show(self, view: PlayerView, legal: list[Action]) -> None:
        """The table, the human's own hand and the numbered moves (and a forced pass's reason)."""
        for row in table_lines(self.term, view):
            self.term.say(row)
        self.term.say(hand_line(self.term, view))
        if view.extra and view.extra.get("extra_play_owed") and view.seat is not None:
            self.notes.extra_play(self.term.catalog, self.session)
            self.term.say(extra_play_sentence(self.term.catalog, self.name(view.seat)))
        drawn = view.extra.get("drawn_tile") if view.extra else None
        if drawn is not None:
            self.term.say(self.term.t("console.drawn_tile", tile=drawn))
        for row in moves_lines(self.term, view, legal):
            self.term.say(row)
        reason = self.session.pass_reason()
        if reason:
            self.term.say(self.term.t("console.forced_pass", reason=reason_words(reason, self.term.catalog)))

    def recap(self, view: PlayerView) -> None:
        """When the other seats' moves since the viewer's last decision scrolled off the screen: a short recap
        of them, just above the prompt (public facts only: tiles played, draws, passes, doubles left open)."""
        size = self.term.screen()
        if size is None or self.term.rows - self.mark + 1 <= size.lines:
            return
        moves = moves_since(self.session.record.events, self.recap_from, view.seat, view.owed)
        text = recap_text(self.term.catalog, [s.name for s in self.session.seats], moves)
        if text:
            self.term.say(text)

    def handle(self, command: Command, view: PlayerView, legal: list[Action]) -> Outcome:
        """Carry out one parsed command."""
        t = self.term.t
        kind = command.kind
        if kind == "error":
            self.term.say(t(command.error or "console.error_unknown", **command.values))
            return Outcome.STAY
        if kind == "empty":
            if legal == [Pass()] and self.session.pass_reason():
                self.session.preview(Pass())
                self.session.confirm()
                return Outcome.DONE
            self.term.say(t("console.empty_input"))
            return Outcome.STAY
        if kind == "action" and command.action is not None:
            return self.decide(view, command.action)
        handler = getattr(self, f"_cmd_{kind}")
        if command.argument is not None:
            return handler(view, command.argument)
        return handler(view)

    # -------------------------------------------------------- decisions
    def decide(self, view: PlayerView, action: Action) -> Outcome:
        """DX.2: preview ``action``, then confirm or cancel it."""
        try:
            preview = self.session.preview(action)
        except IllegalAction as error:
            self.term.say(self.term.t("console.illegal", reason=reason_words(error.reason, self.term.catalog)))
            return Outcome.STAY
        return self.settle(view, preview)

    def settle(self, view: PlayerView, preview: Preview) -> Outcome:
        """Show a preview and ask: Enter or y confirms, n cancels, another move replaces it."""
        self.show_preview(view, preview)
        question = f"{self.term.t('console.confirm_question')} {self.term.yes_no_hint(True)} "
        while True:
            answer = self.term.ask(question)
            verdict = self.term.verdict(answer, default=True)
            if verdict:
                self.session.confirm()
                return Outcome.DONE
            if verdict is False:
                self.session.cancel()
                self.term.say(self.term.t("console.cancelled"))
                return Outcome.STAY
            command = parse_command(answer, view, self.session.legal_actions())
            if command.kind == "action" and command.action is not None:
                self.session.cancel()
                return self.decide(view, command.action)
            self.term.say(self.term.t("console.answer_confirm"))

    def show_preview(self, view: PlayerView, preview: Preview) -> None:
        """The previewed decision in words and, for a tile, drawn at its target (highlighted)."""
        action = preview.action
        what = describe_action(self.term, view.variant, view.names, action)
        self.term.say(self.term.t("console.hint_preview" if preview.hint else "console.preview", move=what))
        if isinstance(action, Draw):
            self.term.say(self.term.t("console.draw_preview"))
        elif isinstance(action, Pass) and self.session.pass_reason():
            reason = reason_words(self.session.pass_reason(), self.term.catalog)
            self.term.say(self.term.t("console.forced_pass_preview", reason=reason))
        elif isinstance(action, EndTurn):
            self.term.say(self.term.t("console.end_preview"))
        for row in preview_rows(self.term, view, action):
            self.term.say(row)
