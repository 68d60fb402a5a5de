"""Computer decisions and hints worked out off the Tk main thread, so the window never freezes (issue 24).

A :class:`Question` is everything a bot is asked, built on the main thread
exactly as the session builds it (the seat's view, the legal actions, the
decision's own generator) and never changed afterwards: the worker thread
that answers it reads nothing else, never touches the session and never
calls Tk. A :class:`Thinker` hands questions to that thread and polls for
the answer with ``after()``; the answer is given to the session on the main
thread (:func:`apply_answer`, or ``Session.hint`` with an :class:`Answer`),
so the session keeps one owner and the same seed gives the same game.

Each question is asked in the thinker's current generation;
:meth:`Thinker.discard` starts a new one, so an answer that arrives after
the position changed (undo, a new match, a restart, the window closing) is
dropped. The process has at most one worker thread, which asks one question
at a time (a bot object is never asked twice at once, and the bot guard's
watchdog watches one thread) and ends when none is waiting.
"""

from __future__ import annotations

import collections
import queue
import random
import sys
import threading
import tkinter as tk
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from roundhouse.core.game.actions import Action
from roundhouse.core.game.events import Event
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.bot_guard import ask_bot
from roundhouse.core.play.session import Session
from roundhouse.core.plugins.bot import Bot

POLL_MS = 15
"""How often the main thread looks for an answer while one is awaited."""

SWITCH_INTERVAL = 0.0002
"""Seconds the worker may keep the interpreter while the main thread waits for it (Python's default is 0.005).

Each Tk call hands the interpreter over and takes it back: with the
default, every Tk call the window makes while a bot thinks waits up to
5 ms more, and a redraw makes a few hundred. At 0.2 ms, with three expert
computers at instant speed, no event-loop gap passed 64 ms
(``benchmarks/bench_tk_blocking.py``); at 1 ms some passed 150 ms.
"""


@dataclass(frozen=True, eq=False)
class Question:
    """A decision for ``seat``'s ``bot`` (a hint when ``hint``), with everything the bot may read."""

    seat: int
    bot: Bot
    view: PlayerView
    legal: Sequence[Action]
    rng: random.Random
    hint: bool
    time_limit: float | None

    def answer(self) -> Action | Exception:
        """The bot's choice, or what went wrong (run on the worker thread).

        The bot (a computer seat's, or the hint bot) is asked through the bot
        guard, as ``Session.step`` and ``Session.hint`` ask it; a failure
        (a ``BotFailure``) is the answer.
        """
        try:
            return ask_bot(self.bot, self.view, tuple(self.legal), self.rng, self.time_limit)
        except Exception as error:  # noqa: BLE001 - raised again on the main thread, where the session would raise it
            return error


def bot_question(session: Session) -> Question:
    """The pending computer seat's question, as ``Session.step`` would ask its bot."""
    seat = session.pending_seat
    bot = session.bots[session.seats[seat - 1].bot]
    legal = tuple(session.legal_actions())
    return Question(seat, bot, session.view(seat), legal, session.decision_rng(seat), False, session.bot_time_limit)


def hint_question(session: Session, adviser: Bot) -> Question:
    """The pending human's hint question for ``adviser``, as ``Session.hint`` would ask it."""
    seat = session.pending_seat
    legal = tuple(session.legal_actions())
    return Question(seat, adviser, session.view(seat), legal, session.decision_rng(seat), True, session.bot_time_limit)


class Answer:
    """A bot whose choice is already known: it returns it, or raises the error the real bot's decision ended in."""

    def __init__(self, answer: Action | Exception, bot_id: str = "answer") -> None:
        self.answer = answer
        self.id = bot_id
        """The id of the bot that worked the answer out (a failed hint names it)."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """The known answer (the arguments are the same the real bot was given)."""
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def apply_answer(session: Session, answer: Action | Exception) -> list[Event] | None:
    """Let the session take the pending computer decision with ``answer`` (what its bot chose off the main thread).

    The session asks an :class:`Answer` in the seat's bot's place, so its
    guard, log and a failure's fallback work as for any decision. Returns
    what ``Session.step`` returns.
    """
    return session.step(Answer(answer))


class Thinker:
    """Asks one question at a time off the main thread of ``root``; ``pending`` is the question awaited, if any."""

    def __init__(self, root: tk.Misc) -> None:
        self.root = root
        self.pending: Question | None = None
        self._mailbox = _Mailbox()
        self._on_answer: Callable[[Question, Action | Exception], None] | None = None
        self._job: str | None = None
        """The pending start or poll (``after`` id)."""

    def ask(self, question: Question, on_answer: Callable[[Question, Action | Exception], None]) -> None:
        """Work ``question`` out on the worker thread; ``on_answer(question, answer)`` runs later on the main thread.

        A question still pending is discarded first. ``on_answer`` is not
        called if :meth:`discard` comes before the answer.
        """
        self.discard()
        self.pending, self._on_answer = question, on_answer
        self._job = self.root.after_idle(self._start)

    def _start(self) -> None:
        """Hand the pending question to the worker once the window has been drawn.

        Drawing first matters: every Tk call lets the worker run, and a
        drawing that waited on a working thread at each of its calls would
        freeze the window for longer than the decision itself.
        """
        _WORKER.submit(self._mailbox, self._mailbox.generation, self.pending)
        self._job = self.root.after(POLL_MS, self._poll)

    def discard(self) -> None:
        """Forget the pending question: its answer, when it comes, is dropped."""
        self._mailbox.generation += 1
        self.pending = self._on_answer = None
        if self._job is not None:
            self.root.after_cancel(self._job)
            self._job = None

    def _poll(self) -> None:
        self._job = None
        mailbox = self._mailbox
        while True:
            try:
                generation, question, answer = mailbox.answers.get_nowait()
            except queue.Empty:
                break
            if generation == mailbox.generation and question is self.pending:
                on_answer = self._on_answer
                self.pending = self._on_answer = None
                on_answer(question, answer)
                return
        if self.pending is not None:
            self._job = self.root.after(POLL_MS, self._poll)


class _Mailbox:
    """What a thinker shares with the worker thread (nothing of Tk): the current generation and the answers."""

    def __init__(self) -> None:
        self.generation = 0
        self.answers: queue.SimpleQueue[tuple[int, Question, Action | Exception]] = queue.SimpleQueue()


class _Worker:
    """The process's one worker thread: answers the submitted questions in order, and ends when none is waiting."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: collections.deque[tuple[_Mailbox, int, Question]] = collections.deque()
        self._running = False

    def submit(self, mailbox: _Mailbox, generation: int, question: Question) -> None:
        """Answer ``question`` into ``mailbox`` after the questions before it, unless its generation has passed."""
        with self._lock:
            self._jobs.append((mailbox, generation, question))
            if not self._running:
                self._running = True
                threading.Thread(target=self._run, daemon=True, name="roundhouse-thinking").start()

    def _run(self) -> None:
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, SWITCH_INTERVAL))
        try:
            while True:
                with self._lock:
                    if not self._jobs:
                        self._running = False
                        return
                    mailbox, generation, question = self._jobs.popleft()
                if generation == mailbox.generation:
                    mailbox.answers.put((generation, question, question.answer()))
        finally:
            sys.setswitchinterval(interval)


_WORKER = _Worker()
