"""Match events: exactly the event lines of RECORD.md.

An :class:`Event` holds the full-information form written to records. Its
:meth:`Event.visible_to` form is what one seat may know (DX.4, DX.11): a
deal shows hand counts and only the seat's own hand, a draw shows the tile
only to the drawer, and the stock is never shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.tiles import Tile, format_tiles


class _TileTexts(dict):
    """Record form of each tile, made on first use."""

    def __missing__(self, tile: Tile) -> str:
        text = self[tile] = f"{tile[0]}-{tile[1]}"
        return text


_TILE_TEXT = _TileTexts()


def _plain(value: Any) -> Any:
    """JSON-ready copy of an event value: tiles become ``"a-b"`` strings."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is Tile:
        return _TILE_TEXT[value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if _ONLY_TILES >= {*map(type, value)}:
            return list(map(_TILE_TEXT.__getitem__, value))
        return [_plain(v) for v in value]
    return value


_ONLY_TILES = frozenset({Tile})
_ONLY_STRINGS = frozenset({str})


_SCALARS = (int, str, bool, float, type(None))


def _flat(data: Mapping[str, Any]) -> bool:
    """True when every value is a scalar (nothing nested to copy or freeze)."""
    return all(type(v) in _SCALARS for v in data.values())


def _frozen(value: Any) -> Any:
    """A deeply immutable copy: lists become tuples, mappings read-only."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        if _ONLY_STRINGS >= {*map(type, value)}:
            return tuple(value)
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    """A fresh plain copy: tuples become lists, mappings dicts (JSON-ready)."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        if _ONLY_STRINGS >= {*map(type, value)}:
            return list(value)
        return [_thawed(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as a RECORD.md line (``type`` plus keys)."""

    type: str
    data: Mapping[str, Any]

    @classmethod
    def make(cls, type_: str, **data: Any) -> Event:
        """An event whose values are frozen in their record (JSON) form."""
        return cls(type_, MappingProxyType({k: _plain(v) for k, v in data.items()}))

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        return self.data.get(key, default)

    def __deepcopy__(self, memo: dict) -> Event:
        return self  # immutable

    def __reduce__(self) -> tuple:
        return (event_from_record, ({"type": self.type, **self.data},))

    def public(self) -> Event:
        """The form every seat may see (see :meth:`visible_to`), deeply immutable."""
        if self.type not in ("deal", "draw"):
            return self if _flat(self.data) else Event(self.type, _frozen(self.data))
        return Event(self.type, _frozen(self._visible_data(None)))

    def frozen(self) -> Event:
        """This event with its nested values immutable too (lists as tuples), for code outside the game."""
        return self if _flat(self.data) else Event(self.type, _frozen(self.data))

    def to_record(self) -> dict[str, Any]:
        """The full RECORD.md line as a fresh dict, ``type`` first."""
        if _flat(self.data):
            return {"type": self.type, **self.data}
        return {"type": self.type, **_thawed(self.data)}

    def visible_to(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see of this event (``None``: an onlooker).

        deal: hands become ``hand_counts``, the seat's own hand stays as
        ``hand``, and the stock becomes ``stock_count``. draw: the tile is
        kept only for the drawer. Every other event is public.
        """
        return {"type": self.type, **_thawed(self._visible_data(seat))}

    def _visible_data(self, seat: int | None) -> dict[str, Any]:
        """The keys ``seat`` may see (see :meth:`visible_to`), values not copied."""
        data = dict(self.data)
        if self.type == "deal":
            hands = data.pop("hands")
            data["hand_counts"] = {k: len(v) for k, v in hands.items()}
            if seat is not None and str(seat) in hands:
                data["hand"] = hands[str(seat)]
            data["stock_count"] = len(data.pop("stock"))
        elif self.type == "draw" and seat != data.get("seat"):
            data.pop("tile", None)
        return data


class Shape:
    """One kind of simple event line: its type and keys in record order, as in :data:`PLAY_LINE`.

    :meth:`event` gives the event of given values (ints, strings, tiles),
    made once and then shared: ``PLAY_LINE.event(2, tile, "mexican", 5)``.
    """

    __slots__ = ("type", "keys", "_made")

    def __init__(self, type_: str, *keys: str) -> None:
        self.type = type_
        self.keys = keys
        self._made: dict[tuple[Any, ...], tuple[Event, Event]] = {}

    def event(self, *values: Any) -> tuple[Event, Event]:
        """The (full, public) pair of events with these values (the same objects every time)."""
        pair = self._made.get(values)
        if pair is None:
            event = Event.make(self.type, **dict(zip(self.keys, values, strict=True)))
            pair = self._made[values] = (event, event.public())
            _SHARED.add(id(event))
        return pair


_SHARED: set[int] = set()
"""The ids of the full events a :class:`Shape` made: they live as long as the process, and recur."""


def is_shared(event: Event) -> bool:
    """True for an event a :class:`Shape` made: the same object stands for every occurrence of its line."""
    return id(event) in _SHARED


PLAY_LINE = Shape("play", "seat", "tile", "line", "end")
DRAW_LINE = Shape("draw", "seat", "tile", "why")
PASS_LINE = Shape("pass", "seat")
ENGINE_LINE = Shape("engine", "seat", "tile")
OPEN_LINE = Shape("open", "seat", "tile")
END_FIRST_TURN_LINE = Shape("end_first_turn", "seat")


def deep_frozen(value: Any) -> Any:
    """A deeply immutable copy of a record value: lists become tuples, mappings read-only."""
    return _frozen(value)


def event_from_record(line: Mapping[str, Any]) -> Event:
    """An Event from a parsed RECORD.md line (the inverse of to_record)."""
    data = dict(line)
    type_ = data.pop("type")
    return Event(type_, MappingProxyType(data))


def tiles_of(value: list[str]) -> list[Tile]:
    """Tiles from the string list of a record line."""
    return [Tile.parse(t) for t in value]


__all__ = ["Event", "deep_frozen", "event_from_record", "is_shared", "tiles_of", "format_tiles"]
