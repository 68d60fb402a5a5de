"""A turn at the table: whose hand is shown, what may be done now, and each decision (DX.2, DX.3, DX.6, DX.7, DX.8).

:class:`Turns` shows the table from the seat whose hand may be seen (the only
human, or in hot seat the human who has taken the device, DX.3), previews
a decision without applying it (DX.2) with its confirm and cancel
controls beside it, confirms or cancels it, takes a
decision back and brings it again (DX.6), restarts the round (DX.7) and
starts the same table again (DX.8). Nothing may be done while a round or
match screen or the setup screen is up. An action the session refuses is
said in the detail line and changes nothing; every applied change goes to
the host's ``after_change`` (screens, redraw, the computer's pace).
"""

from __future__ import annotations

import dataclasses
import tkinter as tk
from collections.abc import Mapping
from tkinter import messagebox
from typing import Any, Protocol

from roundhouse.core.game.actions import Action, EndTurn, IllegalAction, Pass
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import NoHint, Session
from roundhouse.core.play.setup import strong_hint_bot
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import Catalog
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.common.reasons import reason_words, sentence_start
from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog
from roundhouse.frontends.tk.pacing import played_rounds
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.preview_marks import draw_preview_marks
from roundhouse.frontends.tk.settings import Settings
from roundhouse.frontends.tk.setup_screen import seat_kind_words
from roundhouse.frontends.tk.thinking import Answer, Question, Thinker, hint_question
from roundhouse.frontends.tk.window import TableWindow


class TurnHost(Protocol):
    """What a turn needs from the window."""

    root: tk.Tk
    session: Session | None
    presenter: Presenter
    registry: Registry
    catalog: Catalog
    settings: Settings
    window: TableWindow
    game_name: str
    thinker: Thinker

    @property
    def screen(self) -> RoundEndDialog | MatchEndDialog | None: ...

    def t(self, key: str, **values: Any) -> str: ...

    def setup_open(self) -> bool: ...

    def after_change(self) -> None: ...

    def catch_up(self, rounds: list[dict] | None = None) -> None: ...

    def schedule_bot(self) -> None: ...

    def refresh_log(self) -> None: ...

    def shortcuts(self) -> Mapping[str, str]: ...


class Turns:
    """The decisions of the seat on the table; ``acknowledged`` is the hot-seat human who has the device."""

    def __init__(self, host: TurnHost) -> None:
        self.host = host
        self.acknowledged: int | None = None

    # ------------------------------------------------------------ hand-off
    def viewer(self) -> int | None:
        """Whose hand is shown: the only human, or the acknowledged hot-seat human (DX.3)."""
        session = self.host.session
        humans = session.humans
        if len(humans) == 1:
            return humans[0]
        if self.acknowledged is not None and self.acknowledged == session.pending_seat:
            return self.acknowledged
        return None

    def handoff_needed(self) -> bool:
        """Two or more humans, one of them to move, who has not yet taken the device."""
        s = self.host.session
        return len(s.humans) >= 2 and s.human_to_move and self.acknowledged != s.pending_seat and not s.is_over

    def handoff_visible(self) -> bool:
        """True while the hand-off cover is up."""
        return self.host.window.handoff.visible

    def acknowledge_handoff(self) -> None:
        """The named human has the device: show their hand."""
        if self.host.session is None:
            return
        if self.handoff_needed():
            self.acknowledged = self.host.session.pending_seat
        self.host.refresh_log()
        self.refresh()

    def reset_handoff(self) -> None:
        """The next human to move takes the device again before their hand shows (DX.3)."""
        self.acknowledged = None

    def forget_handoff(self) -> None:
        """DX.3: once the turn leaves the acknowledged human, their hand is private again."""
        session = self.host.session
        if len(session.humans) >= 2 and session.pending_seat != self.acknowledged:
            self.acknowledged = None

    def legal_for_viewer(self) -> list[Action]:
        """The legal actions when the shown seat is to move, else none (none while the setup screen is up)."""
        s = self.host.session
        if s is None or self.host.setup_open():
            return []
        viewer = self.viewer()
        if viewer is None or viewer != s.pending_seat or self.handoff_needed() or self.host.screen is not None:
            return []
        return s.legal_actions()

    def hand_view(self) -> PlayerView | None:
        """The view of the seat whose hand is shown, or None while no hand is (onlooker, hand-off)."""
        viewer = self.viewer()
        if viewer is None or self.handoff_needed():
            return None
        return self.host.session.view(viewer)

    # ------------------------------------------------------------- showing
    def refresh(self) -> None:
        """Rebuild the drawing model from the shown seat's view and draw it."""
        host = self.host
        s = host.session
        if s is None:
            return
        self.forget_handoff()
        hidden = self.handoff_needed()
        legal = self.legal_for_viewer()
        if legal == [Pass()] and s.preview_pending is None:
            s.preview(Pass())
        preview = s.preview_pending
        view = s.view(self.viewer())
        screen = host.screen
        finished = isinstance(screen, RoundEndDialog)
        if finished and view.round != screen.round and view.previous_round is not None:
            view = view.previous_round  # the round-end screen stands over the final layout of its round
        model = host.presenter.build(
            view,
            legal,
            preview.action if preview is not None and legal else None,
            hint=bool(preview and preview.hint),
            pass_reason=reason_words(s.pass_reason() or "", host.catalog) or None,
            bots=[not seat.is_human for seat in s.seats],
            hidden=hidden,
        )
        if finished:
            model = dataclasses.replace(
                model,
                status=host.t("tk.round_end.title", round=view.round),
                detail="",
                hand_title=host.t("tk.round_end.hands_shown") if not model.hand else model.hand_title,
            )
        undo = s.can_undo or s.undo_sealed_by is not None  # a sealed undo still answers, saying why (DX.6)
        enabled = {
            "hint": model.can_hint and s.hint_bot is not None,
            "undo": undo,
            "redo": s.can_redo,
            "skip": s.bot_to_move and screen is None,
        }
        notes = [
            host.t("tk.panel.variant", name=host.game_name),
            host.t("tk.panel.seed", seed=s.seed),
            host.t("tk.panel.speed", speed=host.t(f"tk.speed.{host.settings.speed}")),
        ]
        host.window.show(model, enabled, [self._seat_kind(seat.seat) for seat in model.seats], notes)
        if model.can_confirm:  # DX.2: confirm or cancel beside the preview itself
            cancel = host.t("tk.button.cancel") if model.can_cancel else None
            draw_preview_marks(host.window.table, model.confirm_label, cancel)
        self.show_thinking()
        handoff = host.window.handoff
        if hidden:
            incoming = s.pending_seat
            since = host.presenter.feed(s.view(incoming))
            handoff.show(s.seats[incoming - 1].name, since, host.presenter.notice)
        elif handoff.visible:
            handoff.hide()

    def show_thinking(self) -> None:
        """The thinking mark: whose decision (or the hint) is being worked out; hidden when none is."""
        host = self.host
        question = host.thinker.pending
        if question is None:
            words = ""
        elif question.hint:
            words = host.t("tk.thinking.hint")
        else:
            words = host.t("tk.thinking.bot", name=host.session.seats[question.seat - 1].name)
        host.window.show_thinking(words)

    def _seat_kind(self, seat: int) -> str:
        """Who plays ``seat``, in words: "You", "Human", "Computer (easy)", a bot outside the levels by its id."""
        bot = self.host.session.seats[seat - 1].bot
        return seat_kind_words(self.host.catalog, bot, you=seat == self.viewer(), short=True)

    # ------------------------------------------------------------ deciding
    def has_preview(self) -> bool:
        """True while a decision is previewed."""
        return bool(self.legal_for_viewer()) and self.host.session.preview_pending is not None

    def preview_action(self, action: Action) -> None:
        """DX.2: show ``action`` without applying it."""
        try:
            self.host.session.preview(action)
        except IllegalAction as error:
            self.host.window.detail.configure(text=sentence_start(reason_words(error.reason, self.host.catalog)))
            return
        except RuntimeError as error:
            self.host.window.detail.configure(text=str(error))
            return
        self.refresh()

    def confirm(self) -> None:
        """Apply the preview."""
        if not self.has_preview():
            return
        self.host.session.confirm()
        self.host.presenter.reset()
        self.host.after_change()

    def cancel(self) -> None:
        """Drop the preview; the selection stays so another place can be chosen."""
        if self.host.session is None:
            return
        self.host.session.cancel()
        self.refresh()

    def end_turn(self) -> None:
        """Preview ending the first turn (Mexican Train)."""
        if EndTurn() in self.legal_for_viewer():
            self.preview_action(EndTurn())

    def hint(self) -> None:
        """A hint is a preview of the suggested decision, worked out off the main thread (the thinking mark shows)."""
        host = self.host
        session = host.session
        if not self.legal_for_viewer() or session.hint_bot is None or host.thinker.pending is not None:
            return
        adviser = strong_hint_bot(host.registry) if host.settings.hints == "expert" else session.hint_bot
        host.thinker.ask(hint_question(session, adviser), self._hinted)
        self.show_thinking()

    def _hinted(self, question: Question, answer: Action | Exception) -> None:
        """The hint came: the session previews it as its hint (or the notice says why there is none)."""
        try:
            preview = self.host.session.hint(Answer(answer, question.bot.id))
        except NoHint as error:
            self.host.presenter.notice = self.host.t(
                "console.no_hint", reason=in_language(error.reason, self.host.catalog)
            )
            self.refresh()
            return
        self.host.presenter.selected = getattr(preview.action, "tile", None)
        self.host.presenter.focus = None
        self.refresh()

    # ----------------------------------------------------- going back again
    def undo(self) -> None:
        """DX.6: take back the last human decision and the computer's response.

        Hot seat (DX.3): another human's decision (``Session.undo_owner``) is
        taken back only once that human agrees; they are told when they take the device.
        """
        host = self.host
        s = host.session
        if host.screen is not None:
            return
        sealed = s.undo_sealed_by
        if sealed is not None:  # DX.6: the round's hands were shown; the player is told why nothing changed
            host.presenter.notice = sentence_start(host.t("tk_flow_undo_sealed", round=sealed)) + "."
            self.refresh()
            return
        if not s.can_undo:
            return
        owner = s.undo_owner()
        other = None
        if len(s.humans) >= 2 and owner is not None and owner != s.pending_seat and s.is_human(owner):
            other = s.seats[owner - 1].name
            if not self.ask_undo_other(other):
                host.presenter.notice = host.t("console.undo_other_refused", player=other)
                self.refresh()
                host.schedule_bot()
                return
        s.undo()
        host.presenter.reset()
        if other is not None:
            host.presenter.notice = host.t("console.undone_other", player=other)
        host.catch_up(played_rounds(s))  # the cover comes back only if the turn goes to another human

    def ask_undo_other(self, player: str) -> bool:
        """Hot seat: ask ``player`` whether Undo may take back their decision (No is the default)."""
        host = self.host
        question = host.t("console.undo_other_question", player=player)
        host.session.pause("undo")  # the computer waits: the decision to take back stays the same
        try:
            return messagebox.askyesno(host.t("tk.title"), question, default="no", parent=host.root)
        finally:
            host.session.resume("undo")

    def redo(self) -> None:
        """DX.6: re-apply the undone decision with the same response; a round end it brings back shows its screen."""
        session = self.host.session
        if session.can_redo and self.host.screen is None:
            session.redo()
            self.host.presenter.reset()
            self.host.after_change()  # a round end it brings back shows its summary (DX.6)

    def restart_round(self) -> None:
        """DX.7: back to the start of this round."""
        host = self.host
        if host.session.is_over or host.screen is not None:
            return
        if host.session.restart_round() is not None:
            host.presenter.reset()
            host.presenter.notice = host.t("tk.table.restarted", shortcut=host.shortcuts()["undo"])
            self.reset_handoff()
            host.catch_up()

    def new_match(self) -> None:
        """DX.8: the same table again from round 1."""
        self.host.session.new_match()
        self.host.presenter.reset()
        self.reset_handoff()
        self.host.catch_up([])
