"""Typed commands: move numbers, spelled moves and the console's own verbs.

:func:`parse_command` turns one line into a :class:`Command`; it never
touches the session. Unknown input becomes an ``error`` command carrying a
catalog key and its placeholders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from roundhouse.core.game.actions import Action, LineId, parse_action
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

VERBS: dict[str, tuple[str, ...]] = {
    "help": ("help", "h", "?"),
    "hint": ("hint", "hi"),
    "undo": ("undo", "u"),
    "redo": ("redo", "re"),
    "restart": ("restart",),
    "new": ("new",),
    "rules": ("rules", "ru"),
    "log": ("log", "l"),
    "history": ("history", "hist"),
    "scores": ("scores", "s"),
    "table": ("table", "t"),
    "quit": ("quit", "q", "exit"),
}
"""Console commands and their aliases; the first word is the command's name."""

ARGUMENT_VERBS = ("log", "history", "hint")
"""Commands that take one optional word: a match id of the history (``history 12``, ``log 12``), or
``expert`` for a hint from the strongest bot (``hint expert``)."""

ACTION_ALIASES = {"p": "play", "d": "draw", "e": "end", "pa": "pass", "o": "open", "en": "engine"}
"""Short forms of the action verbs of :func:`roundhouse.core.game.actions.parse_action`."""

ACTION_VERBS = ("play", "draw", "pass", "end", "engine", "open")


@dataclass(frozen=True)
class Command:
    """One parsed line: ``kind`` is a verb of VERBS, ``"action"``, ``"empty"`` or ``"error"``."""

    kind: str
    action: Action | None = None
    error: str | None = None
    values: dict[str, Any] = field(default_factory=dict)
    argument: str | None = None
    """The optional word after a command of ARGUMENT_VERBS."""


def command_words() -> set[str]:
    """Every word that starts a command or a move (for tests and help)."""
    words = {alias for aliases in VERBS.values() for alias in aliases}
    return words | set(ACTION_ALIASES) | set(ACTION_VERBS)


def _line(word: str, view: PlayerView) -> LineId | None:
    """A line from a seat number, a line name or a prefix of one ("m" for "mexican")."""
    word = word.lower()
    named = [line.id for line in view.lines if isinstance(line.id, str)]
    if word in named:
        return word
    if word.isascii() and word.isdigit():
        return int(word)
    matches = [name for name in named if name.startswith(word)]
    return matches[0] if len(matches) == 1 else word


def _complete(words: list[str], legal: Sequence[Action]) -> Action | None:
    """Fill a move typed without its line or tile ("play 5-12", "engine") when one legal move fits."""
    verb = words[0]
    fits = [a for a in legal if getattr(a, "verb", None) == verb]
    if len(words) == 2:
        tile = Tile.parse(words[1])
        fits = [a for a in fits if getattr(a, "tile", None) == tile]
    return fits[0] if len(fits) == 1 else None


def parse_command(text: str, view: PlayerView, legal: Sequence[Action]) -> Command:
    """Read one line typed at the move prompt."""
    words = text.split()
    if not words:
        return Command("empty")
    first = words[0].lower()
    if first.isascii() and first.isdigit() and len(words) == 1:
        number = int(first)
        if 1 <= number <= len(legal):
            return Command("action", legal[number - 1])
        return Command("error", error="console.error_number", values={"number": number, "count": len(legal)})
    for kind, aliases in VERBS.items():
        if first in aliases:
            if kind in ARGUMENT_VERBS and len(words) == 2:
                return Command(kind, argument=words[1])
            if len(words) > 1:
                return Command("error", error="console.error_no_arguments", values={"command": first})
            return Command(kind)
    verb = ACTION_ALIASES.get(first, first)
    if verb not in ACTION_VERBS:
        return Command("error", error="console.error_unknown", values={"text": text.strip()})
    words = [verb, *words[1:]]
    try:
        if verb == "play" and len(words) == 3:
            words[2] = str(_line(words[2], view))
        if (verb == "play" and len(words) == 2) or (verb in ("engine", "open") and len(words) == 1):
            action = _complete(words, legal)
            if action is None:
                return Command("error", error="console.error_ambiguous", values={"text": text.strip()})
            return Command("action", action)
        return Command("action", parse_action(" ".join(words)))
    except ValueError as error:
        return Command("error", error="console.error_bad_move", values={"reason": str(error)})
