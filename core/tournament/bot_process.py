"""Bots in their own processes (``roundhouse simulate --isolate-bots``).

An isolated bot runs in a fresh Python process (``python -m
roundhouse.core.tournament.bot_process BOT_ID``) that loads the plugins, asks the bot and
nothing else: it never holds a match state or a full event, and gets
each decision as JSON text (the seat's view, the legal actions as words,
the decision's random generator; the round's public history only as the
events added since the last decision), so no object of the referee's process is
within its reach. Its answer is one action in words, which the referee
parses and checks against the legal actions; nothing it sends is
unpickled or evaluated.

The referee side is :class:`IsolatedBot`, a bot whose ``choose`` asks the
process and enforces the time limit by killing it (a fresh process serves
the next decision). :class:`BotProcesses` keeps one per bot id.

Protocol: JSON Lines on the process's standard input and output. The host
first sends ``{"ready": true}`` or ``{"failure": reason}``; each request
``{"view": ..., "history": {"keep": n, "add": [...]}, "previous": ...,
"legal": [...], "rng": ...}`` gets ``{"action": words}`` or ``{"failure":
reason}``.
"""

from __future__ import annotations

import base64
import json
import os
import pickle
import random
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from roundhouse.core.game.actions import Action, parse_action
from roundhouse.core.game.events import Event
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.bot_guard import BotFailure, ask_bot, legal_choice
from roundhouse.core.tournament.view_codec import decode, encode
from roundhouse.core.tournament.workers import die_with_parent

STARTUP_SECONDS = 60.0
"""How long a bot's process may take to start and load the plugins."""

REPLY_LIMIT = 1 << 16
"""The longest reply line read from a bot's process (bytes)."""

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class IsolatedBot:
    """A bot that decides in its own process; ``choose`` raises BotFailure for anything it does wrong."""

    def __init__(self, bot_id: str, time_limit: float | None) -> None:
        self.id = bot_id
        self.description = f"{bot_id} in its own process"
        self.time_limit = time_limit
        self.process: subprocess.Popen[bytes] | None = None
        self.history_sent: tuple[Event, ...] = ()
        self.previous_sent: PlayerView | None = None

    def start(self) -> None:
        """Start the process (if it is not running) and wait until the bot is loaded."""
        if self.process is not None and self.process.poll() is None:
            return
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")]))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "roundhouse.core.tournament.bot_process", self.id],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
        )
        reply = self._reply(STARTUP_SECONDS, "to start")
        if reply.get("ready") is not True:
            raise BotFailure(f"could not start in its own process: {reply.get('failure', 'no answer')}")

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """Ask the bot's process; the legal action it names."""
        self.start()
        request = {
            **self._view_request(view),
            "legal": [str(action) for action in legal_actions],
            "rng": base64.b64encode(pickle.dumps(rng)).decode("ascii"),
        }
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(request).encode() + b"\n")
            self.process.stdin.flush()
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
        """The next line from the process as a JSON object; BotFailure (and the process stopped) otherwise."""
        assert self.process is not None and self.process.stdout is not None
        try:
            line = _read_line(self.process.stdout, seconds)
        except TimeoutError:
            self.stop()
            raise BotFailure(f"took longer than {seconds:g} s {purpose}") from None
        except BaseException:  # Ctrl-C while waiting: the process may be mid-decision
            self.stop()
            raise
        if not line.endswith(b"\n"):
            status = self.stop(grace=5.0)
            raise BotFailure(f"its process ended (exit status {status})" if not line else "sent a reply too long")
        try:
            reply = json.loads(line)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            self.stop()
            raise BotFailure("sent a reply that is not a JSON object")
        return reply

    def stop(self, grace: float = 0.0) -> int | None:
        """End the process (if any), killing it unless it exits within ``grace`` seconds; its exit status."""
        process, self.process = self.process, None
        self.history_sent, self.previous_sent = (), None  # a new process starts from nothing
        if process is None:
            return None
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
        status = process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()
        return status


def _read_line(stream: IO[bytes], seconds: float | None) -> bytes:
    """One line (at most REPLY_LIMIT bytes) from a pipe; TimeoutError after ``seconds``."""
    deadline = None if seconds is None else time.monotonic() + seconds
    line = b""
    with selectors.DefaultSelector() as selector:
        selector.register(stream, selectors.EVENT_READ)
        while not line.endswith(b"\n") and len(line) < REPLY_LIMIT:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0 or not selector.select(left):
                raise TimeoutError
            chunk = os.read(stream.fileno(), REPLY_LIMIT - len(line))
            if not chunk:
                break
            line += chunk
    return line


class BotProcesses:
    """One :class:`IsolatedBot` per bot id, started on first use; :meth:`close` ends them all."""

    def __init__(self, time_limit: float | None) -> None:
        self.time_limit = time_limit
        self.bots: dict[str, IsolatedBot] = {}

    def bot(self, bot_id: str) -> IsolatedBot:
        """The isolated bot ``bot_id``."""
        if bot_id not in self.bots:
            self.bots[bot_id] = IsolatedBot(bot_id, self.time_limit)
        return self.bots[bot_id]

    def close(self) -> None:
        """Stop every process."""
        for bot in self.bots.values():
            bot.stop()

    def __enter__(self) -> BotProcesses:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------- the host
def serve(bot_id: str) -> int:
    """The bot process: answer requests on the original standard input and output until end of input."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the referee decides what Ctrl-C means
    die_with_parent(os.getppid())
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)  # whatever the bot prints goes to standard error, never into the protocol

    def send(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message).encode() + b"\n")
        replies.flush()

    from roundhouse.core.plugins.manager import get_plugin_manager

    registry = get_plugin_manager().registry
    if bot_id not in registry.bots:
        send({"failure": f"no bot {bot_id!r} is installed as a plugin"})
        return 1
    bot = registry.bots[bot_id]
    send({"ready": True})
    history: list[Any] = []
    previous = None
    for line in requests:
        request = json.loads(line)
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
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1]))
