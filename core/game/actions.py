"""Decisions a player can make, with a text round-trip.

``str(action)`` gives the words the console, the log and the tests use;
:func:`parse_action` reads them back. An action carries no seat: the state
knows whose decision is pending.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from roundhouse.core.game.tiles import Tile

LineId = Union[int, str]
"""A line of play: the owner's seat, or a name such as ``"mexican"``."""


class IllegalAction(ValueError):
    """An action refused by the rules; the message names the rule clause.

    The state that refused it is unchanged. ``reason`` is the message in
    the player's words, without the clause. A message that names no clause
    is kept as given, so a translatable
    :class:`~roundhouse.core.text.notices.Notice` stays one.
    """

    def __init__(self, message: str, clause: str | None = None) -> None:
        self.clause = clause
        self.reason = message if _CLAUSE_NOTE.search(message) is None else without_clauses(message)
        super().__init__(f"{message} ({clause})" if clause else message)


_CLAUSE = r"[A-Z]{2,5}\.\d+[a-z]?"
_CLAUSE_NOTE = re.compile(rf"\s*\((?:{_CLAUSE})(?:(?:,\s*|/|\s+and\s+|-){_CLAUSE})*\)")


def without_clauses(text: str) -> str:
    """``text`` without its rule clause notes ("... gets a marker (MT.12c)"): the words a player reads.

    Rule engines append clause ids for referees and tests; front ends show
    players the sentence alone.
    """
    return _CLAUSE_NOTE.sub("", text).strip()


class Action:
    """Base class of every decision; subclasses are frozen dataclasses."""

    verb: str = ""


@dataclass(frozen=True, slots=True)
class PlaceEngine(Action):
    """Mexican Train: the holder puts the round's engine double in the centre."""

    tile: Tile
    verb = "engine"

    def __str__(self) -> str:
        return f"engine {self.tile}"


@dataclass(frozen=True, slots=True)
class OpenDouble(Action):
    """Open the round by laying its first tile in the centre: the lead.

    Double-Nine Branch and Chicken Foot open with a double; a game may let
    any tile lead (All Fives). The game's catalog keys ``open.help``,
    ``open.prompt`` and ``open.waiting`` give the front ends its own words
    for it; the record's event is ``open``.
    """

    tile: Tile
    verb = "open"

    def __str__(self) -> str:
        return f"open {self.tile}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lay ``tile`` on the end of ``line``."""

    tile: Tile
    line: LineId
    verb = "play"

    def __str__(self) -> str:
        return f"play {self.tile} {self.line}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw one tile from the boneyard."""

    verb = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass the turn (only when the rules force it)."""

    verb = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End a turn that may go on (Mexican Train: end the first-turn chain)."""

    verb = "end"

    def __str__(self) -> str:
        return "end"


class _PlaysOn(dict):
    """The shared plays on one line, keyed by tile, made on first use."""

    def __init__(self, line: LineId) -> None:
        super().__init__()
        self.line = line

    def __missing__(self, tile: Tile) -> Play:
        play = self[tile] = Play(tile, self.line)
        return play


class _PlayTable(dict):
    def __missing__(self, line: LineId) -> _PlaysOn:
        table = self[line] = _PlaysOn(line)
        return table


PLAYS: dict[LineId, dict[Tile, Play]] = _PlayTable()
"""``PLAYS[line][tile]`` is ``Play(tile, line)``, made once and then shared (actions are immutable)."""


DRAW, PASS, END_TURN = Draw(), Pass(), EndTurn()
"""The shared instances of the actions without arguments."""


def parse_line(text: str) -> LineId:
    """A line id from text: digits give a seat number, anything else a name."""
    text = text.strip().lower()
    return int(text) if text.isdigit() else text


def parse_action(text: str) -> Action:
    """Read an action from its text form (the inverse of ``str(action)``).

    Raises ValueError naming the problem when the text is not an action.
    """
    words = text.split()
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    simple = {"draw": Draw, "pass": Pass, "end": EndTurn}
    if verb in simple:
        if args:
            raise ValueError(f"'{verb}' takes no arguments: {text!r}")
        return simple[verb]()
    if verb in ("engine", "open"):
        if len(args) != 1:
            raise ValueError(f"'{verb}' takes one tile, as in '{verb} 12-12': {text!r}")
        tile = Tile.parse(args[0])
        return PlaceEngine(tile) if verb == "engine" else OpenDouble(tile)
    if verb == "play":
        if len(args) != 2:
            raise ValueError(f"'play' takes a tile and a line, as in 'play 5-12 mexican': {text!r}")
        return Play(Tile.parse(args[0]), parse_line(args[1]))
    raise ValueError(f"unknown action {verb!r}: {text!r}")
