"""Asking a bot for a decision without letting it break the game (DX.4).

A bot is plugin code and may misbehave: raise, exit, return None or an
action that is not legal, or take too long. :func:`ask_bot` turns each of
these into a :class:`BotFailure` with a one-line reason. Its answer is
never trusted: it is found among the legal actions by identity, or by
comparing plain values with the game's own code (never the answer's own
``__eq__``), and the whole exchange runs under the guard and its time
limit. ``KeyboardInterrupt`` passes through where it can mean Ctrl-C (the
process does not ignore SIGINT), and :class:`StopRequested` (``kill``)
always, because they stop the program cleanly.
The session decides what a failure means (:class:`BotFault`): a fallback
bot plays that decision in a game, and the match counts as failed in
``roundhouse simulate``.

The time limit is enforced by one watchdog thread per process, which
raises an exception inside a bot that runs past its deadline. That stops
Python code (a loop that never ends), not a bot blocked inside a C call
(a long ``time.sleep``): such a bot is reported when it returns, and only
a bot in its own process (``simulate --isolate-bots``) can be stopped at
once.
"""

from __future__ import annotations

import ctypes
import os
import random
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from roundhouse.core.game.actions import Action
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.plugins.bot import Bot
from roundhouse.core.text.notices import Notice

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a bot may think about one decision before it counts as failed."""


class StopRequested(KeyboardInterrupt):
    """Raised by a handler of a signal that asks the program to stop (SIGTERM): never counted as a bot's failure.

    A program started in the background ignores SIGINT, so there a plain
    KeyboardInterrupt can only be the bot's own; this one is the signal's.
    """


class BotFailure(Exception):
    """A bot's decision that cannot be used; ``reason`` says why in a few words (a :class:`Notice` when known)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class BotFault(Exception):
    """A failed bot decision with its place in the match, reported in one line."""

    bot: str
    seed: int
    match: int
    decision: int
    seat: int
    round: int
    reason: str
    fallback: str | None = None
    """What was done instead, as a clause (``"bot 'planner' played that decision instead"``), if anything."""

    def notice(self) -> Notice:
        """The line for the player: English as a string, any language through ``notices.in_language``."""
        place = {"bot": repr(self.bot), "match": self.match, "seed": self.seed, "decision": self.decision}
        line = Notice("bot.failed", **place, seat=self.seat, round=self.round, reason=self.reason)
        return line if self.fallback is None else Notice("bot.failed_and_covered", failure=line, instead=self.fallback)

    def __str__(self) -> str:
        return str(self.notice())


def ask_bot(
    bot: Bot, view: PlayerView, legal: tuple[Action, ...], rng: random.Random, time_limit: float | None
) -> Action:
    """The bot's choice among ``legal``: always one of the ``legal`` objects themselves.

    Raises BotFailure when the bot raises (SystemExit included, and
    KeyboardInterrupt where SIGINT is ignored, so that only the bot can have
    raised it, unless it is a :class:`StopRequested`), returns something that is not one of ``legal``, or runs
    longer than ``time_limit`` seconds (None: no limit), finding its answer
    among ``legal`` included. With a limit, the process's watchdog
    interrupts a bot still running at the deadline; a bot blocked in a C
    call is reported when it returns.
    """
    try:
        if time_limit is None:
            return legal_choice(bot.choose(view, legal, rng), legal)
        started = time.perf_counter()
        choice = _with_deadline(started, time_limit, bot, view, legal, rng)
        if (elapsed := time.perf_counter() - started) > time_limit:
            raise BotFailure(Notice("bot.reason.slow", seconds=f"{elapsed:.1f}", limit=f"{time_limit:g}"))
        return choice
    except _TimeUp:
        raise BotFailure(Notice("bot.reason.timed_out", limit=f"{time_limit:g}")) from None
    except BotFailure:
        raise
    except KeyboardInterrupt as error:
        if isinstance(error, StopRequested) or signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            raise  # Ctrl-C or kill, which stop the program
        raise BotFailure(Notice("bot.reason.raised", error=_error_line(error))) from None
    except (Exception, SystemExit) as error:  # noqa: BLE001 - any error of a plugin's bot is contained
        raise BotFailure(Notice("bot.reason.raised", error=_error_line(error))) from None


def with_fallback(fault: BotFault, fallback_bot: str | None) -> BotFault:
    """``fault`` noting what was done instead: ``fallback_bot`` played, or (None) the first legal action was taken."""
    instead = Notice("bot.instead.first") if fallback_bot is None else Notice("bot.instead.bot", bot=repr(fallback_bot))
    return replace(fault, fallback=instead)


def legal_choice(choice: object, legal: Sequence[Action]) -> Action:
    """The member of ``legal`` that is ``choice``, or has its very class and equal plain field values; else BotFailure.

    Nothing of ``choice``'s own runs to find it: values are compared only
    when they are of the game's own types (ints, strings, tiles of ints).
    Describing a choice that is not legal may run its ``__str__``: call this
    under the guard.
    """
    for action in legal:
        if action is choice:
            return action
    if choice is None:
        raise BotFailure(Notice("bot.reason.none"))
    kind = type(choice)
    alike = [action for action in legal if type(action) is kind]  # so ``kind`` is the game's own class
    if alike:
        names = getattr(kind, "__dataclass_fields__", ())
        values = [getattr(choice, name) for name in names]
        if all(map(_plain, values)):
            for action in alike:
                if [getattr(action, name) for name in names] == values:
                    return action
    if issubclass(kind, Action):
        raise BotFailure(Notice("bot.reason.illegal", action=repr(_one_line(str(choice)))))
    raise BotFailure(Notice("bot.reason.not_an_action", kind=kind.__name__))


def _plain(value: object) -> bool:
    """True for a value whose comparison runs only the game's code: an int, a string, a tile of ints."""
    kind = type(value)
    return kind is int or kind is str or (kind is Tile and all(type(v) is int for v in tuple.__iter__(value)))


def _error_line(error: BaseException) -> str:
    """``"ValueError: boom"``: the error's class and message (if any) on one line."""
    message = _one_line(str(error))
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _one_line(text: str, limit: int = 120) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


# ------------------------------------------------------------------ deadline
class _TimeUp(BaseException):
    """Raised inside a bot past its deadline (a BaseException, so ``except Exception`` cannot swallow it)."""


def _with_deadline(
    started: float, time_limit: float, bot: Bot, view: PlayerView, legal: tuple[Action, ...], rng: random.Random
) -> object:
    """The bot's answer found among ``legal`` (see :func:`ask_bot`); _TimeUp ``time_limit`` seconds past ``started``."""
    watchdog = _Watchdog.instance or _Watchdog.start()
    watchdog.arm(started + time_limit, time_limit)
    timed_out = False
    try:
        return legal_choice(bot.choose(view, legal, rng), legal)
    except _TimeUp:
        timed_out = True
        raise
    finally:
        if watchdog.disarm() and not timed_out:
            raise _TimeUp


_set_async_exc = ctypes.pythonapi.PyThreadState_SetAsyncExc
_set_async_exc.argtypes = (ctypes.c_ulong, ctypes.c_void_p)
_set_async_exc.restype = ctypes.c_int


def _raise_in(thread_id: int, exception: type[BaseException] | None) -> None:
    """Make ``exception`` raise in thread ``thread_id`` at its next Python step (None: cancel one pending)."""
    _set_async_exc(thread_id, id(exception) if exception is not None else None)


class _Watchdog:
    """A daemon thread that interrupts the armed thread once, when its deadline has passed.

    Arming and disarming are a few attribute stores, cheap enough for every
    bot decision. The thread sets ``busy`` before it looks at ``armed`` and
    holds ``lock`` until it has interrupted (``fired``) or not; a disarm that
    sees ``busy`` or ``fired`` takes the lock and cancels an interruption
    still pending, so none ever lands after :meth:`disarm` returns. One
    thread at a time is watched (a process asks its bots one after another).
    """

    instance: _Watchdog | None = None

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.armed: tuple[int, float] | None = None
        self.busy = False
        self.fired = False
        self.limit = 0.0
        self.poll = 0.5

    @classmethod
    def start(cls) -> _Watchdog:
        """This process's watchdog and its thread."""
        cls.instance = cls()
        threading.Thread(target=cls.instance._watch, daemon=True, name="bot-deadline").start()
        return cls.instance

    @classmethod
    def forget(cls) -> None:
        """After a fork the thread is gone: the child starts its own when needed."""
        cls.instance = None

    def arm(self, deadline: float, time_limit: float) -> None:
        """Watch the calling thread until ``deadline`` (a ``time.perf_counter`` time), ``time_limit`` seconds away."""
        if time_limit != self.limit:
            self.limit, self.poll = time_limit, min(0.5, max(0.01, time_limit / 20))
        self.armed = (threading.get_ident(), deadline)

    def disarm(self) -> bool:
        """Stop watching; True when an interruption was sent (one still pending is cancelled)."""
        self.armed = None
        if not (self.busy or self.fired):
            return False
        fired, thread_id = False, threading.get_ident()
        while True:
            try:
                with self.lock:
                    fired = fired or self.fired
                    self.fired = False
                if fired:
                    _raise_in(thread_id, None)
                return fired
            except _TimeUp:  # the interruption landed while disarming: it fired; disarm again
                fired = True

    def _watch(self) -> None:
        while True:
            time.sleep(self.poll)
            with self.lock:
                self.busy = True
                armed = self.armed
                if armed is not None and not self.fired and time.perf_counter() > armed[1]:
                    _raise_in(armed[0], _TimeUp)
                    self.fired = True
                self.busy = False


if hasattr(os, "register_at_fork"):  # absent where processes cannot fork (Windows)
    os.register_at_fork(after_in_child=_Watchdog.forget)
