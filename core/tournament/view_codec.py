"""A player's view as plain JSON data and back, for a bot in another process.

:func:`encode` turns a :class:`roundhouse.core.game.views.PlayerView` (and everything in it:
tiles, lines, owed doubles, public events, variant extras) into data that
``json`` can write; :func:`decode` rebuilds an equal view. Only the types
listed here are written or read, so decoding never runs code chosen by the
data. A value of any other type is a ViewCodecError.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, Obligation, OwedDouble, Phrase, PlayerView, Spinner

_CLASSES = {cls.__name__: cls for cls in (PlayerView, LineView, OwedDouble, Obligation, Phrase, Spinner)}


class ViewCodecError(ValueError):
    """A value that is not part of the view vocabulary, or data that is not an encoded view."""


def encode(value: Any) -> Any:
    """``value`` as JSON-ready data (tagged objects for everything JSON cannot tell apart)."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, Tile):
        return {"tile": str(value)}
    if isinstance(value, Event):
        return {"event": value.type, "data": encode(value.data)}
    name = next((name for name, cls in _CLASSES.items() if isinstance(value, cls)), None)
    if name is not None:  # a view built on demand is sent as the plain view it stands for
        fields = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"class": name, "fields": fields}
    if isinstance(value, Mapping):
        return {"map": [[encode(k), encode(v)] for k, v in value.items()], "proxy": isinstance(value, MappingProxyType)}
    if isinstance(value, (set, frozenset)):
        return {"frozenset": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, Sequence):
        return {"tuple": [encode(v) for v in value]}
    raise ViewCodecError(f"a value of type {type(value).__name__} cannot be sent to a bot's process")


def decode(data: Any) -> Any:
    """The value :func:`encode` turned into ``data``."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        raise ViewCodecError(f"not encoded view data: {type(data).__name__}")
    if "tile" in data:
        return Tile.parse(data["tile"])
    if "event" in data:
        return Event(data["event"], decode(data["data"]))
    if "class" in data:
        cls = _CLASSES.get(data["class"])
        if cls is None:
            raise ViewCodecError(f"unknown class {data['class']!r}")
        return cls(**{name: decode(v) for name, v in data["fields"].items()})
    if "map" in data:
        mapping = {decode(k): decode(v) for k, v in data["map"]}
        return MappingProxyType(mapping) if data.get("proxy") else mapping
    if "frozenset" in data:
        return frozenset(decode(v) for v in data["frozenset"])
    if "tuple" in data:
        return tuple(decode(v) for v in data["tuple"])
    raise ViewCodecError(f"unknown encoded value with keys {sorted(data)}")
