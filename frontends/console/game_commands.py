"""The console's own commands at the move prompt: help, hint, undo, redo, restart, new, rules, log, history, scores.

:class:`GameCommands` is mixed into :class:`roundhouse.frontends.console.game.ConsoleGame`;
each ``_cmd_<verb>`` method carries out one verb of
:data:`roundhouse.frontends.console.commands.VERBS` and says what the turn
does next (an :class:`Outcome`).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.difficulty import STRONG_HINT_BOT
from roundhouse.core.play.session import Session
from roundhouse.core.play.setup import house_options_line, strong_hint_bot
from roundhouse.core.store import HistoryEntry, StoreError
from roundhouse.core.text.i18n import CatalogError, rules_text, variant_title
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.common.past_matches import find_entry
from roundhouse.frontends.console.describe import describe_event
from roundhouse.frontends.console.history_view import history_rows, past_match_lines, recent_lines
from roundhouse.frontends.console.table import scores_lines
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.console.wrap import two_columns

HELP_KEYS = (
    "hint", "undo", "redo", "restart", "new", "rules", "log", "history", "scores", "table", "help", "quit",
)  # fmt: skip
"""The help lines shown by ``help`` after the game's own actions, in order (keys ``console.help.<name>``)."""

HELP_GAP = "   "
"""What separates a help line's command from its description in the catalog."""


class Outcome(Enum):
    """What a command did to the turn in progress."""

    STAY = "stay"  # nothing changed: prompt again
    REDRAW = "redraw"  # nothing changed: show the table again, then prompt
    DONE = "done"  # the session changed: back to the main loop
    QUIT = "quit"  # the player leaves


def help_lines(term: Terminal, verbs: list[str], lines: str) -> list[str]:
    """The help: on a terminal each command in a column, its description wrapped with a hanging indent
    beside it; elsewhere (a pipe, a screen reader) each line as the catalog has it."""
    keys = [f"console.help.{key}" for key in ("number", *verbs, *HELP_KEYS)]
    keys.insert(keys.index("console.help.hint") + 1, "expert.help_hint")
    texts = [_help_text(term, key, lines) for key in keys]
    if term.width is None:
        return [term.t("console.help_title"), *("  " + text for text in texts)]
    entries = []
    for text in texts:
        command, _, about = text.partition(HELP_GAP)
        entries.append((command, about.strip()))
    return [term.t("console.help_title"), *two_columns(entries, term.width)]


def _help_text(term: Terminal, key: str, lines: str) -> str:
    """One help line: the game's own words for its move where it has them (a lead that is not a double)."""
    own = key.removeprefix("console.help.") + ".help"
    if key.startswith("console.help.") and term.game_words.has(own):
        return term.game_words.text(own)
    return term.t(key, lines=lines)


class GameCommands:
    """The ``_cmd_*`` handlers of the console game (a mixin of ConsoleGame).

    Relies on the game's ``settle``, ``others_agree``, ``name`` and
    ``report_store_warnings`` and on the attributes below.
    """

    term: Terminal
    session: Session
    store: Any
    registry: Any
    notes: LogNotes
    hot_seat: bool
    told_after_hand_off: list[str]

    def _cmd_help(self, view: PlayerView) -> Outcome:
        """The moves of this game (its ``Variant.actions``, with the lines on the table now), then the commands."""
        verbs = [action.verb for action in self.session.variant.actions]
        lines = ", ".join(str(line.id) for line in view.lines) or "-"
        for row in help_lines(self.term, verbs, lines):
            self.term.say(row)
        return Outcome.STAY

    def _cmd_hint(self, view: PlayerView, argument: str | None = None) -> Outcome:
        """A hint from the quick hint bot, or with ``expert`` from the expert (slower, stronger)."""
        adviser = None
        if argument is not None:
            if argument.lower() != STRONG_HINT_BOT:
                self.term.say(self.term.t("console.error_unknown", text=f"hint {argument}"))
                return Outcome.STAY
            adviser = strong_hint_bot(self.registry) if self.registry is not None else None
            if adviser is None:
                self.term.say(self.term.t("console.no_hint", reason=f"bot {STRONG_HINT_BOT!r} is not installed"))
                return Outcome.STAY
        try:
            preview = self.session.hint(adviser)
        except RuntimeError as error:
            reason = in_language(getattr(error, "reason", str(error)), self.term.catalog)
            self.term.say(self.term.t("console.no_hint", reason=reason))
            return Outcome.STAY
        return self.settle(view, preview)

    def _cmd_undo(self, view: PlayerView) -> Outcome:
        sealed = self.session.undo_sealed_by
        if sealed is not None:  # DX.6: the round's hands were shown
            self.term.say(self.term.t("console.illegal", reason=self.term.t("tk_flow_undo_sealed", round=sealed)))
            return Outcome.STAY
        if not self.session.can_undo:
            self.term.say(self.term.t("console.nothing_to_undo"))
            return Outcome.STAY
        owner = self.session.undo_owner()
        if self.hot_seat and owner is not None and owner != view.seat and self.session.is_human(owner):
            if not self.others_agree(view.seat, [owner], "console.undo_other_question", "console.undo_other_refused"):
                return Outcome.REDRAW
            self.session.undo()
            self.told_after_hand_off.append(self.term.t("console.undone_other", player=self.name(owner)))
            return Outcome.DONE
        self.session.undo()
        self.term.say(self.term.t("console.undone"))
        return Outcome.DONE

    def _cmd_redo(self, view: PlayerView) -> Outcome:
        if not self.session.can_redo:
            self.term.say(self.term.t("console.nothing_to_redo"))
            return Outcome.STAY
        self.term.say(self.term.t("console.redone"))
        self.session.redo()
        return Outcome.DONE

    def _cmd_restart(self, view: PlayerView) -> Outcome:
        if not self.term.confirm(self.term.t("console.restart_question"), default=False):
            return Outcome.STAY
        others = [seat for seat in self.session.humans if seat != view.seat] if self.hot_seat else []
        if not self.others_agree(view.seat, others, "console.restart_other_question", "console.restart_other_refused"):
            return Outcome.REDRAW
        self.session.restart_round()
        return Outcome.DONE

    def _cmd_new(self, view: PlayerView) -> Outcome:
        if not self.term.confirm(self.term.t("console.new_question"), default=False):
            return Outcome.STAY
        self.session.new_match()
        return Outcome.DONE

    def _cmd_rules(self, view: PlayerView) -> Outcome:
        variant = self.session.variant
        self.session.pause("rules")
        try:
            try:
                text = rules_text(variant.id, self.term.lang, getattr(variant, "rules_text_package", None)).as_text()
            except CatalogError as error:
                text = self.term.t("console.no_rules", game=variant_title(variant, self.term.lang), reason=str(error))
            house = house_options_line(self.term.catalog, variant, self.session.params)
            self.term.page(text.splitlines() + ([house] if house else []))
            self.term.pause_for_enter(self.term.t("console.press_enter_back"))
        finally:
            self.session.resume("rules")
        return Outcome.REDRAW

    def _cmd_log(self, view: PlayerView, argument: str | None = None) -> Outcome:
        if argument is not None:
            return self._cmd_history(view, argument)
        names = [s.name for s in self.session.seats]
        self.session.pause("log")
        try:
            matches = [*self.session.archive, self.session.record]
            lines = [self.term.t("console.log_title")]
            for number, record in enumerate(matches, 1):
                if len(matches) > 1:
                    lines.append(self.term.t("console.log_match", number=number))
                for index, event in enumerate(record.events, 1):
                    lines.append(
                        "  " + describe_event(self.term, self.session.variant.id, names, event.visible_to(view.seat))
                    )
                    lines += ["  " + note for note in self.notes.after(record, index)]
            if self.store is not None:
                lines += recent_lines(self.term, self.registry, self._history())
            self.term.page(lines)
            self.term.pause_for_enter(self.term.t("console.press_enter_back"))
        finally:
            self.session.resume("log")
        return Outcome.REDRAW

    # ---------------------------------------------------------- history
    def _history(self) -> list[HistoryEntry]:
        """The store's earlier matches (none without a store); a damaged one is left out and reported."""
        entries = self.store.history() if self.store is not None else []
        self.report_store_warnings()
        return entries

    def _cmd_history(self, view: PlayerView, argument: str | None = None) -> Outcome:
        """DX.11: list the saved matches, or show one of them (``history ID``); the computer waits."""
        if self.store is None:
            self.term.say(self.term.t("console.history_off"))
            return Outcome.STAY
        self.session.pause("log")
        try:
            if argument is None:
                return self._list_history()
            return self._show_past(argument)
        finally:
            self.session.resume("log")

    def _list_history(self) -> Outcome:
        entries = self._history()
        if not entries:
            self.term.say(self.term.t("console.history_empty"))
            return Outcome.STAY
        self.term.say(self.term.t("console.history_title"))
        for row in history_rows(self.term, self.registry, entries):
            self.term.say(row)
        self.term.say(self.term.t("console.history_read_hint", id=entries[-1].id))
        return Outcome.STAY

    def _show_past(self, argument: str) -> Outcome:
        """One earlier match's public log, with the same sentences as the current log."""
        entry = find_entry(self._history(), argument)
        if entry is None:
            self.term.say(self.term.t("console.history_bad_id", text=argument))
            return Outcome.STAY
        try:
            lines = past_match_lines(self.term, self.store, self.registry, entry)
        except StoreError as error:
            self.term.say(self.term.t("console.history_unreadable", id=entry.id, reason=str(error)))
            return Outcome.STAY
        self.term.page(lines)
        self.term.pause_for_enter(self.term.t("console.press_enter_back"))
        return Outcome.REDRAW

    def _cmd_scores(self, view: PlayerView) -> Outcome:
        names = [s.name for s in self.session.seats]
        round_ends = [e.visible_to(view.seat) for e in self.session.record.events if e.type == "round_end"]
        for row in scores_lines(self.term, names, round_ends, view.totals, view.round):
            self.term.say(row)
        return Outcome.STAY

    def _cmd_table(self, view: PlayerView) -> Outcome:
        return Outcome.REDRAW

    def _cmd_quit(self, view: PlayerView) -> Outcome:
        return Outcome.QUIT
