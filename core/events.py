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

from core.tiles import Tile, format_tiles


def _plain(value: Any) -> Any:
    """JSON-ready copy of an event value: tiles become ``"a-b"`` strings."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is Tile:
        return f"{value[0]}-{value[1]}"
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


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
        return tuple(_frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    """A fresh plain copy: tuples become lists, mappings dicts (JSON-ready)."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
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
        if self.type not in ("deal", "draw") and _flat(self.data):
            return self
        line = self.visible_to(None)
        del line["type"]
        return Event(self.type, _frozen(line))

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
        line = self.to_record()
        if self.type == "deal":
            hands = line.pop("hands")
            line["hand_counts"] = {k: len(v) for k, v in hands.items()}
            if seat is not None and str(seat) in hands:
                line["hand"] = list(hands[str(seat)])
            line["stock_count"] = len(line.pop("stock"))
        elif self.type == "draw" and seat != self.data.get("seat"):
            line.pop("tile", None)
        return line


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


__all__ = ["Event", "deep_frozen", "event_from_record", "tiles_of", "format_tiles"]
