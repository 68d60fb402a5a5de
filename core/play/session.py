"""The neutral game loop: seats, seeds, preview/confirm, undo/redo, restart.

A :class:`Session` owns the match state and is the only thing that changes
it. Front ends drive a session; bots are called by it with a view only.

The log is the truth: a match is its seed, seats, parameters and the list of
decisions (every action of every seat, plus round restarts). Undo/redo move
along that list; snapshots taken when a human decision is pending make them
instant.
"""

from __future__ import annotations

import random
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NamedTuple

from roundhouse.core.game.actions import Action, IllegalAction, parse_action
from roundhouse.core.game.decision_random import RNG_VERSION, decision_rngs
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.variant import Variant
from roundhouse.core.game.views import DeferredView, PlayerView
from roundhouse.core.play.bot_guard import DEFAULT_TIME_LIMIT, BotFailure, BotFault, ask_bot, with_fallback
from roundhouse.core.plugins.bot import Bot, reads_view
from roundhouse.core.text.notices import Notice

RESTART = "restart"
"""The log entry of a round restart (DX.7)."""


@dataclass(frozen=True)
class Seat:
    """A place at the table: a name and, for a computer player, its bot id."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """True for a person (no bot)."""
        return self.bot is None

    @property
    def player(self) -> str:
        """RECORD.md form: ``"human"`` or ``"bot:<id>"``."""
        return "human" if self.bot is None else f"bot:{self.bot}"


class LogEntry(NamedTuple):
    """One decision: ``seat`` took ``action``; or a round restart (``action`` None)."""

    seat: int | None
    action: Action | None

    def to_text(self) -> str:
        """``"3 play 5-12 mexican"`` or ``"restart"``."""
        return RESTART if self.action is None else f"{self.seat} {self.action}"

    @classmethod
    def from_text(cls, text: str) -> LogEntry:
        """Inverse of :meth:`to_text`; ValueError for anything else."""
        if text.strip() == RESTART:
            return cls(None, None)
        seat, _, rest = text.strip().partition(" ")
        if not seat.isdigit():
            raise ValueError(f"not a log entry: {text!r}")
        return cls(int(seat), parse_action(rest))


@dataclass(frozen=True)
class Preview:
    """A decision shown but not applied (DX.2).

    ``action`` is what confirming applies. A draw preview carries no tile:
    the ``Draw`` action has none, and nothing is drawn until confirmed.
    ``hint`` is True when the session suggested it.
    """

    seat: int
    action: Action
    hint: bool = False


class NoHint(RuntimeError):
    """No hint can be given; ``reason`` says why (a :class:`Notice`: the adviser failed, or there is none)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _UndoPoint:
    """A human decision point: the state before it and the log length."""

    log_length: int
    events_length: int
    state: MatchState


FRESH_SEED_BITS = 128
"""The size of a fresh seed: too many values to guess one from what a bot sees."""


def fresh_seed() -> int:
    """New randomness for a match without an explicit seed (DX.1): the operating system's, FRESH_SEED_BITS bits."""
    return secrets.randbits(FRESH_SEED_BITS)


def next_match_seed(seed: int) -> int:
    """The seed of the next match after one played with ``seed`` (DX.8)."""
    return (seed * 6364136223846793005 + 1442695040888963407) % (1 << 63)


@dataclass
class MatchRecord:
    """A finished or abandoned match: its header and every event (RECORD.md)."""

    header: dict[str, Any]
    events: list[Event] = field(default_factory=list)

    def lines(self) -> list[dict[str, Any]]:
        """The RECORD.md lines, header first."""
        return [self.header] + [e.to_record() for e in self.events]


class Session:
    """Plays matches of one variant for a table of seats.

    ``bots`` maps bot ids to bot objects for the computer seats; ``hint_bot``
    answers :meth:`hint`. With ``seed`` None, each match gets fresh
    randomness; with an integer seed, everything is reproducible (DX.1).
    ``dealer_factory`` (tests) makes the dealer of each match.

    ``unwatched`` True promises that nobody reads this session's events:
    no record is kept, no observer is attached, no front end shows them
    (``roundhouse simulate`` without ``--record``). If moreover every seat
    is a bot that reads no view (:func:`roundhouse.core.plugins.bot.reads_view`), the session
    is ``silent``: its states make no events at all, and ``record.events``
    stays empty.
    """

    def __init__(
        self,
        variant: Variant,
        seats: Sequence[Seat],
        bots: Mapping[str, Bot] | None = None,
        seed: int | None = None,
        params: Mapping[str, Any] | None = None,
        hint_bot: Bot | None = None,
        dealer_factory: Callable[[int], Dealer] | None = None,
        unwatched: bool = False,
    ) -> None:
        self.variant = variant
        self.seats = list(seats)
        self.bots = dict(bots or {})
        for seat in self.seats:
            if seat.bot is not None and seat.bot not in self.bots:
                raise ValueError(f"no bot {seat.bot!r} for seat {seat.name!r}")
        self.params = variant.default_params() if params is None else variant.validate_params(params, "rule parameters")
        self.hint_bot = hint_bot
        self.dealer_factory = dealer_factory
        self.seed_explicit = seed is not None
        self.observers: list[Callable[[Session, list[Event]], None]] = []
        self.archive: list[MatchRecord] = []
        self.match_number = 0
        self._pauses: set[str] = set()
        self.rng_version = RNG_VERSION
        self.silent = unwatched and all(
            seat.bot is not None and not reads_view(self.bots[seat.bot]) for seat in self.seats
        )
        self._start_match(seed if seed is not None else fresh_seed())

    # ----------------------------------------------------------- matches
    def _start_match(self, seed: int) -> None:
        self.match_number += 1
        self.seed = seed
        dealer = self.dealer_factory(self.match_number) if self.dealer_factory else None
        self._rngs = decision_rngs(seed, self.match_number, self.rng_version)
        self.state = self.variant.new_match(len(self.seats), seed, self.params, [s.name for s in self.seats], dealer)
        if self.silent:
            self.state.silent = True  # a state that does not know the flag still makes its events
        self.log: list[LogEntry] = []
        self.record = MatchRecord(self._header())
        self._undo: list[_UndoPoint] = []
        self._redo: list[list[LogEntry]] = []
        self._revealed: tuple[int, int] = (0, 0)
        """DX.6: (events before this index, the round) of the latest round end, whose hands every player saw."""
        self.preview_pending: Preview | None = None
        self._publish(self.state.start())

    def _header(self) -> dict[str, Any]:
        return {
            "type": "match",
            "format": 1,
            "variant": self.variant.id,
            "players": len(self.seats),
            "seed": self.seed,
            "rng": self.rng_version,
            "seats": [{"seat": i, "name": s.name, "player": s.player} for i, s in enumerate(self.seats, 1)],
            "params": {
                k: ({str(a): b for a, b in v.items()} if isinstance(v, dict) else v) for k, v in self.params.items()
            },
        }

    def use_rng_version(self, version: int) -> None:
        """Decide with generator ``version`` (see :data:`roundhouse.core.game.decision_random.RNG_VERSION`) from now on.

        For resuming a match saved under an older generator: call it before
        replaying the log. The match header records the version (a header
        without ``"rng"`` means version 1).
        """
        self._rngs = decision_rngs(self.seed, self.match_number, version)  # ValueError for an unknown version
        self.rng_version = version
        self.record.header["rng"] = version

    def new_match(self, seed: int | None = None) -> None:
        """DX.8: round 1 again, totals zero; earlier matches stay in ``archive``.

        Without ``seed``, a session started with an explicit seed derives the
        next one from it (reproducible); otherwise fresh randomness is used.
        """
        self.archive.append(self.record)
        if seed is None:
            seed = next_match_seed(self.seed) if self.seed_explicit else fresh_seed()
        self._start_match(seed)

    def _publish(self, events: list[Event]) -> None:
        self.record.events.extend(events)
        for index, event in enumerate(events):
            if event.type == "round_end":  # every hand is shown now (DX.3): undo stops here (DX.6)
                self._revealed = (len(self.record.events) - len(events) + index + 1, event.get("round", 0))
        if self.observers:
            for observer in list(self.observers):
                observer(self, events)

    # ----------------------------------------------------------- reading
    @property
    def pending_seat(self) -> int | None:
        """The seat whose decision is pending (``None``: match over)."""
        return self.state.to_move()

    @property
    def is_over(self) -> bool:
        """True when the current match has ended."""
        return self.state.is_over()

    def is_human(self, seat: int | None) -> bool:
        """True when ``seat`` is played by a person."""
        return seat is not None and self.seats[seat - 1].is_human

    @property
    def human_to_move(self) -> bool:
        """True when a person's decision is pending."""
        return self.is_human(self.pending_seat)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats, 1) if s.is_human]

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see now (``None``: an onlooker)."""
        return self.state.view(seat)

    def legal_actions(self) -> list[Action]:
        """The pending seat's legal actions."""
        return self.state.legal_actions()

    def pass_reason(self) -> str | None:
        """Why the pending seat is forced to pass, if it is (DX.2)."""
        return self.state.pass_reason()

    # ---------------------------------------------------------- deciding
    def preview(self, action: Action) -> Preview:
        """DX.2: show ``action`` for the pending human without applying it.

        Raises IllegalAction (the state unchanged) when it is not legal, and
        RuntimeError when no human decision is pending.
        """
        seat = self._human_seat()
        self.state.check(action)
        self.preview_pending = Preview(seat, action)
        return self.preview_pending

    def hint(self, bot: Bot | None = None) -> Preview:
        """DX.2, DX.4: the hint bot's choice (or ``bot``'s, when given) from the human's own view, as a preview.

        The adviser is plugin code, asked as a computer seat is: under the
        bot guard and its time limit, its answer found among the legal
        actions without running any of the answer's own code. Raises NoHint
        (a RuntimeError) when there is no adviser or it fails, and
        RuntimeError when no human decision is pending.
        """
        seat = self._human_seat()
        adviser = bot or self.hint_bot
        if adviser is None:
            raise NoHint(Notice("hint_failure.no_strategy"))
        legal = tuple(self.state.legal_actions())
        try:
            action = ask_bot(adviser, self.state.view(seat), legal, self.decision_rng(seat), self.bot_time_limit)
        except BotFailure as failure:
            name = getattr(adviser, "id", None)
            name = repr(name) if type(name) is str else "?"
            raise NoHint(Notice("hint_failure.bot", bot=name, reason=failure.reason)) from None
        self.preview_pending = Preview(seat, action, hint=True)
        return self.preview_pending

    def cancel(self) -> None:
        """Drop the preview; nothing changes."""
        self.preview_pending = None

    def confirm(self) -> list[Event]:
        """Apply the previewed decision; the events it caused.

        Raises RuntimeError when there is no preview. Taking a new decision
        discards what could be redone (DX.6).
        """
        if self.preview_pending is None:
            raise RuntimeError("nothing to confirm: preview a decision first")
        preview, self.preview_pending = self.preview_pending, None
        self._undo.append(_UndoPoint(len(self.log), len(self.record.events), self.state.clone()))
        self._redo.clear()
        return self._apply(preview.seat, preview.action)

    def decide(self, action: Action) -> list[Event]:
        """Preview then confirm ``action`` in one call (tests, scripted play)."""
        self.preview(action)
        return self.confirm()

    def _human_seat(self) -> int:
        seat = self.pending_seat
        if not self.is_human(seat):
            raise RuntimeError("no human decision is pending")
        return seat

    def _apply(self, seat: int, action: Action, chosen: bool = False) -> list[Event]:
        """Apply ``action`` for ``seat``, log it and publish its events.

        ``chosen``: the action is one of the objects ``state.choices()`` gave
        for this position (a forced decision, or a bot's contained choice),
        so the state need not check it again.
        """
        events = self.state.apply_choice(action) if chosen else self.state.apply(action)
        self.log.append(LogEntry(seat, action))
        if events:  # a silent session's states make none
            self._publish(events)
        return events

    def decision_rng(self, seat: int) -> random.Random:
        """The generator of the decision now pending for ``seat`` (its index in the log fixes it): what its bot gets."""
        return self._rngs(seat, len(self.log))

    # -------------------------------------------------------------- bots
    @property
    def paused(self) -> bool:
        """True while something (rules text, log, a dialog) holds the computer (DX.5)."""
        return bool(self._pauses)

    def pause(self, reason: str) -> None:
        """DX.5: computer players wait until every reason is resumed."""
        self._pauses.add(reason)

    def resume(self, reason: str) -> None:
        """Lift one pause reason."""
        self._pauses.discard(reason)

    @property
    def bot_to_move(self) -> bool:
        """True when a computer's decision is pending."""
        seat = self.pending_seat
        return seat is not None and not self.seats[seat - 1].is_human

    def step(self, bot: Bot | None = None) -> list[Event] | None:
        """Let the computer seat to move take one decision.

        A forced decision (one legal action) is taken without asking the
        bot; it still takes its place in the log, so every later decision's
        generator is the same whether or not a bot was asked. Returns the
        events, or None when paused, over, or a human is to move. A failing
        bot is contained (see :meth:`_bot_choice`). ``bot`` is asked instead
        of the seat's own, under the seat's name: a front end that worked out
        the seat's choice elsewhere (off its main thread, with the same view,
        legal actions and :meth:`decision_rng`) passes a bot that returns it.
        """
        events: list[Event] = []
        return events if self._advance(events, 1, bot) else None

    def _advance(self, events: list[Event], limit: int | None, bot: Bot | None = None) -> int:
        """Take computer decisions until a human is to move, the match ends, a pause, or ``limit`` (None: no limit).

        ``bot``, when given, decides the first of them. Adds their events to
        ``events``; returns how many decisions were taken.
        """
        seats, taken = self.seats, 0
        while taken != limit and not self._pauses:
            state = self.state
            seat = state.to_move()
            if seat is None or seats[seat - 1].bot is None:
                break
            legal = state.choices()
            action = legal[0] if len(legal) == 1 else self._bot_choice(seat, legal, bot if taken == 0 else None)
            events.extend(self._apply(seat, action, chosen=True))
            taken += 1
        return taken

    fallback_bot: Bot | None = None
    """Plays a decision its own bot failed (in play); None: the failure raises BotFault (simulate)."""
    bot_time_limit: float | None = DEFAULT_TIME_LIMIT
    """Seconds a bot may take for one decision (None: no limit)."""
    bot_faults: tuple[BotFault, ...] = ()
    """Failures the fallback bot covered, oldest first, until :meth:`take_bot_faults`."""

    def _bot_choice(self, seat: int, legal: Sequence[Action], bot: Bot | None = None) -> Action:
        """The seat's bot's (or ``bot``'s) choice, contained: it sees only the view and a tuple of the legal actions.

        The view is built only if the bot reads it. A bot that raises,
        returns no legal action or runs past the time limit is a
        :class:`BotFault`: raised without a ``fallback_bot``, otherwise
        recorded in ``bot_faults`` while the fallback (or, if that fails
        too, the first legal action) decides.
        """
        bot_id = self.seats[seat - 1].bot
        view = _REFUSED_VIEW if self.silent else DeferredView.of(partial(self.state.view, seat))
        choices = legal if type(legal) is tuple else tuple(legal)
        try:
            action = ask_bot(bot or self.bots[bot_id], view, choices, self.decision_rng(seat), self.bot_time_limit)
        except BotFailure as failure:
            round_number = self.state.view(seat).round  # the state's own view: the bot's may be a refused one
            fault = BotFault(
                bot_id, self.seed, self.match_number, len(self.log) + 1, seat, round_number, failure.reason
            )
        else:
            if not self.silent and sys.getrefcount(view) > 2:  # the bot kept the view: fill it in now
                view.settle()
            return action
        if self.fallback_bot is None:
            raise fault
        try:
            action = ask_bot(self.fallback_bot, view, choices, self.decision_rng(seat), self.bot_time_limit)
            self.bot_faults += (with_fallback(fault, self.fallback_bot.id),)
        except BotFailure:
            action = choices[0]
            self.bot_faults += (with_fallback(fault, None),)
        if not self.silent:
            view.settle()  # a failing bot may have kept it
        return action

    def take_bot_faults(self) -> tuple[BotFault, ...]:
        """The bot failures not yet shown to the player; forgets them."""
        faults, self.bot_faults = self.bot_faults, ()
        return faults

    def run_bots(self) -> list[Event]:
        """Step computer players until a human decides, the match ends or a pause."""
        events: list[Event] = []
        self._advance(events, None)
        return events

    # --------------------------------------------------------- undo/redo
    @property
    def can_undo(self) -> bool:
        """True when a human decision can be taken back (DX.6: not past a round end, see :attr:`undo_sealed_by`)."""
        return bool(self._undo) and self.undo_sealed_by is None

    @property
    def undo_sealed_by(self) -> int | None:
        """DX.6: the round whose end stops undo now, or None when it does not.

        Undo never goes back past a round end: every hand was shown there
        (DX.3), so going back would let a player replay the round knowing
        them. Redo cannot skip a round summary either, since only what undo
        took back can be redone.
        """
        revealed_at, round_number = self._revealed
        if self._undo and self._undo[-1].events_length < revealed_at:
            return round_number
        return None

    @property
    def can_redo(self) -> bool:
        """True when an undone decision can be re-applied."""
        return bool(self._redo)

    def undo_owner(self) -> int | None:
        """The seat whose decision :meth:`undo` would take back (None: nothing to undo, or a restart).

        The hot-seat rule (DX.3, DX.6): a human may take back only their own
        decision and the computer replies after it; when this is another
        human's seat, the front end asks that human first.
        """
        if not self.can_undo:
            return None
        return self.log[self._undo[-1].log_length].seat

    def undo(self) -> None:
        """DX.6: take back the last human decision and every computer action after it.

        Raises RuntimeError when there is nothing to undo, and IllegalAction
        when the last human decision lies behind a round end (:attr:`undo_sealed_by`).
        """
        if not self._undo:
            raise RuntimeError("nothing to undo")
        sealed = self.undo_sealed_by
        if sealed is not None:
            raise IllegalAction(Notice("tk_flow_undo_sealed", round=sealed), "DX.6")
        point = self._undo.pop()
        self._redo.append(self.log[point.log_length :])
        self.log = self.log[: point.log_length]
        del self.record.events[point.events_length :]
        self.state = point.state.clone()
        self.preview_pending = None
        self._publish([])

    def redo(self) -> None:
        """DX.6: re-apply the undone decision and exactly the same response."""
        if not self._redo:
            raise RuntimeError("nothing to redo")
        entries = self._redo.pop()
        self._undo.append(_UndoPoint(len(self.log), len(self.record.events), self.state.clone()))
        self.preview_pending = None
        for entry in entries:
            self._replay_entry(entry)

    def _replay_entry(self, entry: LogEntry) -> None:
        if entry.action is None:
            self.log.append(entry)
            self._publish(self.state.restart_round())
            return
        if entry.seat != self.pending_seat:
            raise ValueError(f"log entry {entry.to_text()!r} is not for the seat to move ({self.pending_seat})")
        self._apply(entry.seat, entry.action)

    # ----------------------------------------------------------- restart
    def restart_round(self) -> list[Event]:
        """DX.7: back to the start of this round, same deal; an undoable decision."""
        if self.is_over:
            raise IllegalAction(Notice("rule.restart_over"), "DX.7")
        self._undo.append(_UndoPoint(len(self.log), len(self.record.events), self.state.clone()))
        self._redo.clear()
        self.preview_pending = None
        self.log.append(LogEntry(None, None))
        events = self.state.restart_round()
        self._publish(events)
        return events

    # ------------------------------------------------------------ replay
    def replay(self, entries: Sequence[LogEntry], redo: Sequence[Sequence[LogEntry]] = ()) -> None:
        """Re-apply a saved decision list on the fresh match (resume a save).

        Human decisions become undo points again; ``redo`` restores what
        could be redone. Raises IllegalAction/ValueError for a log that does
        not fit the match.
        """
        if self.log:
            raise RuntimeError("replay needs a fresh match")
        for entry in entries:
            if entry.action is None or self.is_human(entry.seat):
                self._undo.append(_UndoPoint(len(self.log), len(self.record.events), self.state.clone()))
            self._replay_entry(entry)
        self._redo = [list(r) for r in redo]

    @property
    def redo_entries(self) -> list[list[LogEntry]]:
        """What redo would re-apply, oldest undo last (for saving)."""
        return [list(r) for r in self._redo]


def _refuse_view() -> PlayerView:
    """Fail the decision of a bot that reads the view it declared it would not read."""
    raise BotFailure(Notice("bot.reason.read_view"))


_REFUSED_VIEW = DeferredView.of(_refuse_view)
"""The view every bot of a silent session gets (see ``plugins.bot.reads_view``): reading it always fails."""
