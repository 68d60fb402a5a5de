"""Bots in their own processes (``roundhouse simulate --isolate-bots``).

An isolated bot runs in a fresh Python process, started with
:mod:`multiprocessing`'s ``spawn`` method on every platform, that loads the
plugins, asks the bot and nothing else: it never holds a match state or a
full event, and gets each decision as JSON text (the seat's view, the
legal actions as words, the decision's random generator; the round's
public history only as the events added since the last decision), so no
object of the referee's process is within its reach. Its answer is one
action in words, which the referee parses and checks against the legal
actions; nothing it sends is unpickled or evaluated.

The referee side is :class:`IsolatedBot`, a bot whose ``choose`` asks the
process and enforces the time limit by killing it (a fresh process serves
the next decision). :class:`BotProcesses` keeps one per bot id.

Where the platform allows (Linux), the referee process makes itself
non-dumpable before it starts a bot, so that no process of another user,
nor one without ``CAP_SYS_PTRACE``, opens its descriptors
(``/proc/<pid>/fd``) or its memory (``/proc/<pid>/mem``); each bot's
process does the same for itself, leaves the network (a namespace of its
own), then gives up every capability and the right to gain new
privileges, so that even as root it reaches neither the referee nor
another bot. Once the plugins are loaded it enters a Landlock sandbox
(:mod:`roundhouse.core.tournament.sandbox`): it reads only where Python
and the plugins live, writes nothing, and signals no one outside it. A
spawned process inherits no descriptor but its own end of its pipe (and
:mod:`multiprocessing`'s resource tracker's). Each bot's process reports
the parts of the sandbox it entered;
:func:`protections` says what is in force.

Protocol: one JSON object per message (``send_bytes``/``recv_bytes``) over
a :func:`multiprocessing.Pipe`, which waits with a time limit alike on
POSIX and Windows. The host first sends ``{"ready": true}`` or
``{"failure": reason}`` (``ready`` comes with ``"sandbox": [parts]``); each request ``{"view": ..., "history": {"keep":
n, "add": [...]}, "previous": ..., "legal": [...], "rng": ...}`` gets
``{"action": words}`` or ``{"failure": reason}``.
"""

from __future__ import annotations

import base64
import ctypes
import json
import multiprocessing
import os
import pickle
import random
import signal
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from roundhouse.core.game.actions import Action, parse_action
from roundhouse.core.game.events import Event
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.bot_guard import BotFailure, ask_bot, legal_choice
from roundhouse.core.tournament.sandbox import FILES, NETWORK, SIGNALS, confine, leave_network, readable_places
from roundhouse.core.tournament.view_codec import decode, encode
from roundhouse.core.tournament.workers import die_with_parent

STARTUP_SECONDS = 60.0
"""How long a bot's process may take to start and load the plugins."""

REPLY_LIMIT = 1 << 16
"""The longest reply read from a bot's process (bytes)."""


_PR_SET_DUMPABLE = 4
_PR_SET_NO_NEW_PRIVS = 38
_LINUX_CAPABILITY_VERSION_3 = 0x20080522


def _libc() -> ctypes.CDLL | None:
    """The C library where ``prctl`` keeps a process's secrets (Linux); None elsewhere."""
    return ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def hide_memory() -> bool:
    """Make this process non-dumpable: others cannot open its ``/proc/<pid>/fd`` entries or its memory. True if done."""
    libc = _libc()
    return libc is not None and libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0


def drop_privileges() -> bool:
    """Give up every capability for good (even as root) and the right to gain any by ``exec``. True if done."""
    libc = _libc()
    if libc is None or libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    header = (ctypes.c_uint32 * 2)(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted and inheritable sets, two words each: all empty
    return libc.capset(header, data) == 0


SANDBOX_WORDS = {
    NETWORK: "no network (a namespace of its own)",
    FILES: "files read only where Python and the plugins live, none written (Landlock)",
    SIGNALS: "no signal or abstract socket beyond the bot's sandbox",
}
"""What each part of a bot's sandbox (:mod:`roundhouse.core.tournament.sandbox`) means, for the protections line."""


def protections(sandbox: frozenset[str] = frozenset()) -> str:
    """One line: which protections of isolated bots are in force, ``sandbox`` being the parts every bot entered."""
    if _libc() is None:
        return (
            "bot isolation: in force: a process per bot, views as JSON; "
            "missing: the referee's memory is not hidden from processes of the same user, no sandbox"
        )
    held = [words for part, words in SANDBOX_WORDS.items() if part in sandbox]
    lacking = [words for part, words in SANDBOX_WORDS.items() if part not in sandbox]
    in_force = ", ".join(
        [
            "a process per bot, views as JSON, the referee's and each bot's descriptors and memory hidden "
            "(not dumpable), bots without capabilities or new privileges",
            *held,
        ]
    )
    missing = "; ".join(
        [
            *(f"not had: {words}" for words in lacking),
            "a plugin is not confined while it is imported (the referee's command line, an explicit --seed, "
            "is readable then)",
        ]
    )
    return f"bot isolation: in force: {in_force}; missing: {missing}"


class IsolatedBot:
    """A bot that decides in its own process; ``choose`` raises BotFailure for anything it does wrong.

    ``reaper`` kills the process when a reply has begun but is not whole by its deadline.
    """

    def __init__(self, bot_id: str, time_limit: float | None, reaper: _Reaper) -> None:
        self.id = bot_id
        self.description = f"{bot_id} in its own process"
        self.time_limit = time_limit
        self.reaper = reaper
        self.process: BaseProcess | None = None
        self.connection: Connection | None = None
        self.history_sent: tuple[Event, ...] = ()
        self.previous_sent: PlayerView | None = None
        self.sandbox: frozenset[str] = frozenset()

    def start(self) -> None:
        """Start the process (if it is not running) and wait until the bot is loaded."""
        if self.process is not None and self.process.is_alive():
            return
        self.stop()
        hide_memory()  # the referee holds every hand and the other bots' pipes
        spawn = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this process is copied
        self.connection, theirs = spawn.Pipe()
        self.process = spawn.Process(target=serve, args=(self.id, theirs), name=f"bot {self.id}", daemon=True)
        try:
            self.process.start()
        finally:
            theirs.close()
        reply = self._reply(STARTUP_SECONDS, "to start")
        if reply.get("ready") is not True:
            raise BotFailure(f"could not start in its own process: {reply.get('failure', 'no answer')}")
        parts = reply.get("sandbox")
        parts = parts if isinstance(parts, list) else []
        self.sandbox = frozenset(part for part in parts if isinstance(part, str) and part in SANDBOX_WORDS)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Ask the bot's process; the legal action it names."""
        self.start()
        request = {
            **self._view_request(view),
            "legal": [str(action) for action in legal_actions],
            "rng": base64.b64encode(pickle.dumps(rng)).decode("ascii"),
        }
        assert self.connection is not None
        try:
            self.connection.send_bytes(json.dumps(request).encode())
        except OSError:
            self.stop()
            raise BotFailure("its process ended") from None
        reply = self._reply(self.time_limit, "to decide")
        if "failure" in reply:
            raise BotFailure(str(reply["failure"]))
        words = reply.get("action")
        try:
            return legal_choice(parse_action(words) if isinstance(words, str) else None, legal_actions)
        except ValueError:
            raise BotFailure(f"answered {words!r}, which is not an action") from None

    def _view_request(self, view: PlayerView) -> dict[str, Any]:
        """The view without what the process already has: history it was sent, the same previous round."""
        sent = self.history_sent
        kept = len(sent) if view.history[: len(sent)] == sent else 0
        previous = "same" if view.previous_round is self.previous_sent else encode(view.previous_round)
        self.history_sent, self.previous_sent = view.history, view.previous_round
        return {
            "view": encode(replace(view, history=(), previous_round=None)),
            "history": {"keep": kept, "add": [encode(event) for event in view.history[kept:]]},
            "previous": previous,
        }

    def _reply(self, seconds: float | None, purpose: str) -> dict[str, Any]:
        """The next message from the process as a JSON object; BotFailure (and the process stopped) otherwise."""
        assert self.process is not None and self.connection is not None
        try:
            message = self._receive(seconds)
        except TimeoutError:
            self.stop()
            raise BotFailure(f"took longer than {seconds:g} s {purpose}") from None
        except EOFError:
            status = self.stop(grace=5.0)
            raise BotFailure(f"its process ended (exit status {status})") from None
        except OSError:  # longer than REPLY_LIMIT, or cut short by the process's end
            self.stop(grace=5.0)
            raise BotFailure("sent a reply too long") from None
        except BaseException:  # Ctrl-C while waiting: the process may be mid-decision
            self.stop()
            raise
        try:
            reply = json.loads(message)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFailure("sent a reply that is not a JSON object")
        return reply

    def _receive(self, seconds: float | None) -> bytes:
        """The next message (at most REPLY_LIMIT bytes) from the process; TimeoutError after ``seconds``.

        ``seconds`` None waits as long as it takes. A message only begun by
        the deadline is late too: the reaper kills the process then, so one
        that stops halfway through a message cannot hold the referee.
        EOFError when the process ended; OSError for a message too long or
        cut short.
        """
        assert self.process is not None and self.connection is not None
        if seconds is None:
            return self.connection.recv_bytes(REPLY_LIMIT)
        deadline = time.monotonic() + seconds
        if not self.connection.poll(seconds):
            raise TimeoutError
        self.reaper.arm(deadline, self.process)
        try:
            return self.connection.recv_bytes(REPLY_LIMIT)
        except (EOFError, OSError):
            if time.monotonic() >= deadline:
                raise TimeoutError from None
            raise
        finally:
            self.reaper.disarm()

    def stop(self, grace: float = 0.0) -> int | None:
        """End the process (if any), killing it unless it exits within ``grace`` seconds; its exit status."""
        process, connection = self.process, self.connection
        self.process, self.connection = None, None
        self.history_sent, self.previous_sent = (), None  # a new process starts from nothing
        if connection is not None:
            connection.close()  # the end of its requests: a process that still runs returns
        if process is None:
            return None
        process.join(grace)
        if process.exitcode is None:
            process.kill()
            process.join()
        status = process.exitcode
        process.close()
        return status


class _Reaper:
    """A daemon thread that kills a bot's process whose reply is not whole by its deadline.

    Arming and disarming take an uncontended lock, cheap enough for every
    decision; the thread looks every ``poll`` seconds, and holds the lock
    while it kills, so it never kills a process after :meth:`disarm`.
    """

    def __init__(self, poll: float) -> None:
        self.lock = threading.Lock()
        self.armed: tuple[float, BaseProcess] | None = None
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._watch, args=(poll,), daemon=True, name="bot-reaper")
        self.thread.start()

    def arm(self, deadline: float, process: BaseProcess) -> None:
        """Kill ``process`` if it is still armed at ``deadline`` (a ``time.monotonic`` time)."""
        with self.lock:
            self.armed = (deadline, process)

    def disarm(self) -> None:
        """Stop watching the armed process."""
        with self.lock:
            self.armed = None

    def stop(self) -> None:
        """End the thread (it is gone when this returns)."""
        self.stopped.set()
        self.thread.join()

    def _watch(self, poll: float) -> None:
        while not self.stopped.wait(poll):
            with self.lock:
                if self.armed is not None and time.monotonic() >= self.armed[0]:
                    self.armed[1].kill()
                    self.armed = None


class BotProcesses:
    """One :class:`IsolatedBot` per bot id, started on first use; :meth:`close` ends them all.

    Their reaper's thread runs from the first bot to :meth:`close`.
    """

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit
        self.bots: dict[str, IsolatedBot] = {}
        self.reaper: _Reaper | None = None

    def bot(self, bot_id: str) -> IsolatedBot:
        """The isolated bot ``bot_id``."""
        if bot_id not in self.bots:
            if self.reaper is None:
                limit = STARTUP_SECONDS if self.time_limit is None else min(self.time_limit, STARTUP_SECONDS)
                self.reaper = _Reaper(poll=min(0.5, max(0.01, limit / 20)))
            self.bots[bot_id] = IsolatedBot(bot_id, self.time_limit, self.reaper)
        return self.bots[bot_id]

    def close(self) -> None:
        """Stop every process, and the reaper's thread."""
        for bot in self.bots.values():
            bot.stop()
        self.bots.clear()
        if self.reaper is not None:
            self.reaper.stop()
            self.reaper = None

    def __enter__(self) -> BotProcesses:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------- the host
def serve(bot_id: str, connection: Connection) -> None:
    """The bot process: answer the requests on ``connection`` until the referee closes it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the referee decides what Ctrl-C means
    die_with_parent()
    hide_memory()
    apart = leave_network()  # before any plugin code: the kernel allows it only with one thread
    drop_privileges()
    os.dup2(2, 1)  # whatever the bot prints goes to standard error, never to the referee's output

    def send(message: dict[str, Any]) -> None:
        connection.send_bytes(json.dumps(message).encode())

    from roundhouse.core.plugins.manager import get_plugin_manager

    registry = get_plugin_manager().registry
    if bot_id not in registry.bots:
        send({"failure": f"no bot {bot_id!r} is installed as a plugin"})
        return
    bot = registry.bots[bot_id]
    sandbox = confine(readable_places()) | ({NETWORK} if apart else set())
    send({"ready": True, "sandbox": sorted(sandbox)})
    history: list[Any] = []
    previous = None
    while True:
        try:
            request = json.loads(connection.recv_bytes())
        except EOFError:
            return
        del history[request["history"]["keep"] :]
        history.extend(decode(event) for event in request["history"]["add"])
        if request["previous"] != "same":
            previous = decode(request["previous"])
        view = replace(decode(request["view"]), history=tuple(history), previous_round=previous)
        legal = tuple(parse_action(words) for words in request["legal"])
        rng = pickle.loads(base64.b64decode(request["rng"]))  # from the referee, which this process trusts
        try:
            send({"action": str(ask_bot(bot, view, legal, rng, None))})
        except BotFailure as failure:
            send({"failure": failure.reason})
