"""Actions in words, shared by the front ends (each passes its own catalog prefix)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from roundhouse.core.game.actions import Action, Draw, EndTurn, LineId, OpenDouble, Pass, PlaceEngine, Play

_KEYS = {PlaceEngine: "engine", OpenDouble: "open", Draw: "draw", Pass: "pass", EndTurn: "end"}


def action_phrase(t: Callable[..., str], prefix: str, action: Action, line_words: Callable[[LineId], str]) -> str:
    """The catalog phrase ``<prefix><verb>`` for ``action`` ("play 5-6 on Ana's train").

    ``t`` looks up a catalog key with placeholders; ``line_words`` names a
    line. An action of a kind the catalog does not know reads as its text form.
    """
    if isinstance(action, Play):
        return t(f"{prefix}play", tile=action.tile, line=line_words(action.line))
    key = _KEYS.get(type(action))
    if key is None:
        return str(action)
    values: dict[str, Any] = {"tile": action.tile} if hasattr(action, "tile") else {}
    return t(f"{prefix}{key}", **values)
