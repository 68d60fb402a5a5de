"""Bots that break the bot contract in each way a plugin's bot can, for the containment tests."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from roundhouse.core.game.actions import Action, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.bot_guard import StopRequested
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.plugins.registry import Registry

FAULTS = {
    "raises": "raised ValueError: boom",
    "none": "returned None",
    "illegal": "returned the illegal action 'play 0-0 nowhere', which is not a legal action",
    "junk": "returned a str, which is not a legal action",
    "slow": "took longer than 1 s",
    "mutates": "raised AttributeError",
    "bad_eq": "returned the illegal action 'play 0-0 1', which is not a legal action",
    "bad_str": "raised RuntimeError: no words for this",
    "str_loops": "took longer than 1 s",
    "exits": "raised SystemExit: 3",
}
"""Each way to misbehave, and the words its one-line report gives as the reason."""

SLOW_LIMIT = 1.0
"""The time limit the tests use with the ``slow`` bot (which never returns by itself)."""


class MisbehavingBot:
    """Plays random legal moves, but misbehaves (``kind``, see FAULTS) on its ``at``-th call."""

    description = "breaks the bot contract once"

    def __init__(self, kind: str, at: int = 3, bot_id: str = "bad") -> None:
        self.id = bot_id
        self.kind = kind
        self.at = at
        self.calls = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        self.calls += 1
        if self.calls != self.at:
            return legal_actions[rng.randrange(len(legal_actions))]
        if self.kind == "raises":
            raise ValueError("boom")
        if self.kind == "none":
            return None  # type: ignore[return-value]
        if self.kind == "illegal":
            return Play(Tile(0, 0), "nowhere")
        if self.kind == "junk":
            return "play 1-2"  # type: ignore[return-value]
        if self.kind == "slow":
            while True:
                pass
        if self.kind == "mutates":
            legal_actions.append(Play(Tile(0, 0), "nowhere"))  # type: ignore[attr-defined]
        if self.kind in ANSWERS:
            return ANSWERS[self.kind]()
        if self.kind == "exits":
            raise SystemExit(3)
        if self.kind == "interrupts":
            raise KeyboardInterrupt
        if self.kind == "killed":  # as the program's SIGTERM handler raises it in whatever code runs
            raise StopRequested
        if self.kind == "dies":
            os._exit(3)
        raise AssertionError(f"unknown kind {self.kind}")


class TouchyTile(Tile):
    """A tile whose comparisons raise: comparing it with a legal action's tile breaks a careless referee."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("do not compare me")

    __hash__ = Tile.__hash__


class Wordless(Play):
    """A play whose words raise: describing it breaks a careless referee."""

    __slots__ = ()

    def __str__(self) -> str:
        raise RuntimeError("no words for this")


class Endless(Play):
    """A play whose words never come."""

    __slots__ = ()

    def __str__(self) -> str:
        while True:
            pass


ANSWERS = {
    "bad_eq": lambda: Play(TouchyTile(0, 0), 1),
    "bad_str": lambda: Wordless(Tile(0, 0), 1),
    "str_loops": lambda: Endless(Tile(0, 0), 1),
}
"""The answers that break a careless referee: they run their own code when compared or described."""


class NeverAskMe:
    """A bot that must not be called: it counts and raises."""

    description = "fails the test when asked"

    def __init__(self, bot_id: str = "bad") -> None:
        self.id = bot_id
        self.calls = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        self.calls += 1
        raise AssertionError("a resume asked the bot again")


def registry_with(*bots: object) -> Registry:
    """The built-in plugins plus ``bots``."""
    registry = get_plugin_manager(load_entry_points=False).registry
    for bot in bots:
        registry.add_bot(bot)
    return registry
