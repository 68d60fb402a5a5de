"""Test helpers: hand-built player views for bot tests (no engine needed)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import LineId
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, OwedDouble, PlayerView


def ts(text: str) -> tuple[Tile, ...]:
    """Tiles from ``"1-2 3-4"``."""
    return tuple(Tile.parse(x) for x in text.split())


def mt_view(
    hand: str,
    ends: Mapping[LineId, int],
    *,
    seat: int = 1,
    phase: str = "normal",
    markers: Iterable[int] = (),
    owed: Iterable[tuple[str, LineId]] = (),
    counts: Mapping[int, int] | None = None,
    extra_play_owed: bool = False,
    engine: int = 12,
    own_tiles: str = "",
) -> PlayerView:
    """A Mexican Train view: trains keyed by seat plus ``"mexican"``, each given by its end.

    ``own_tiles`` lists the tiles already on the seat's own train.
    """
    markers = frozenset(markers)
    players = sum(1 for line in ends if line != "mexican")
    lines = tuple(
        LineView(
            line,
            None if line == "mexican" else line,
            ts(own_tiles) if line == seat and own_tiles else (),
            end,
            line == "mexican" or line in markers,
        )
        for line, end in ends.items()
    )
    own = ts(hand)
    counts = counts or {s: (len(own) if s == seat else 8) for s in range(1, players + 1)}
    extra: dict[str, Any] = {
        "engine": Tile(engine, engine),
        "holder": 1,
        "markers": markers,
        "extra_play_owed": extra_play_owed,
        "drew": False,
        "drawn_tile": None,
    }
    return PlayerView(
        variant="mexican-train",
        seat=seat,
        players=players,
        names=tuple(f"P{s}" for s in range(1, players + 1)),
        round=1,
        rounds=13,
        phase=phase,
        to_move=seat,
        hand=own,
        hand_counts=MappingProxyType(dict(counts)),
        stock_count=30,
        centre=Tile(engine, engine),
        lines=lines,
        owed=tuple(OwedDouble(Tile.parse(t), line) for t, line in owed),
        totals=MappingProxyType({s: 0 for s in range(1, players + 1)}),
        extra=MappingProxyType(extra),
    )


def db_view(
    hand: str,
    ends: Mapping[int, int],
    *,
    seat: int = 1,
    open_order: Iterable[int] = (),
    counts: Mapping[int, int] | None = None,
    totals: Mapping[int, int] | None = None,
    history: Iterable[Event] = (),
    centre: str = "9-9",
    set_aside: int | None = None,
) -> PlayerView:
    """A Double-Nine Branch view: one branch per seat, given by its end; ``open_order`` earliest first."""
    order = tuple(open_order)
    players = len(ends)
    lines = tuple(
        LineView(s, s, (), end, s in order, order.index(s) + 1 if s in order else None) for s, end in ends.items()
    )
    own = ts(hand)
    counts = dict(counts or {s: (len(own) if s == seat else 5) for s in ends})
    if set_aside is None:
        set_aside = 55 - sum(counts.values()) - 1
    return PlayerView(
        variant="double-nine-branch",
        seat=seat,
        players=players,
        names=tuple(f"P{s}" for s in ends),
        round=2,
        rounds=None,
        phase="play",
        to_move=seat,
        hand=own,
        hand_counts=MappingProxyType(counts),
        stock_count=0,
        centre=Tile.parse(centre),
        lines=lines,
        owed=(),
        totals=MappingProxyType(dict(totals or {s: 0 for s in ends})),
        history=tuple(history),
        extra=MappingProxyType({"set_aside_count": set_aside, "open_order": order, "target": 100}),
    )
