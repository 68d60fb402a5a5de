"""The drawing model of the window: what the canvas and the controls show, as frozen data.

:class:`roundhouse.frontends.tk.presenter.Presenter` builds a
:class:`BoardModel` from a view; the board, the side panel and the layout
draw it. Targets are keys: a line id (a seat number or a public line's
name), :data:`CENTRE` for the engine or opening double, :data:`STOCK` for
the boneyard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from roundhouse.core.game.actions import LineId
from roundhouse.core.game.tiles import Tile

CENTRE = "@centre"
STOCK = "@stock"
TargetKey = LineId
"""A line id, CENTRE or STOCK."""


@dataclass(frozen=True)
class PlacedTile:
    """A tile as laid on a line: ``left`` touches the previous tile, ``right`` is free."""

    tile: Tile
    left: int
    right: int
    last: bool = False
    owed_order: int | None = None
    latest: bool = False
    """The line's most recently laid tile."""


@dataclass(frozen=True)
class LineModel:
    """One row of the table: a train or branch and its state."""

    id: LineId
    label: str
    tiles: tuple[PlacedTile, ...]
    end: int
    badge: str
    count_text: str
    owners_turn: bool
    target: bool
    focused: bool
    ghost: PlacedTile | None
    latest_by: str = ""
    """Who laid the line's latest tile ("" when nobody has played on it this round)."""
    depth: int = 0
    """How many branches deep the line hangs (0: it grows from the centre)."""
    closed: bool = False
    """The line takes no more tiles: no open end is drawn."""


@dataclass(frozen=True)
class HandTileModel:
    """A tile of the shown hand."""

    tile: Tile
    playable: bool
    selected: bool
    fresh: bool
    flipped: bool = False
    """Shown with ``tile.b`` on top (as the player's arranged chain lays it)."""


@dataclass(frozen=True)
class SeatModel:
    """One player's public facts for the side panel."""

    seat: int
    name: str
    kind: str
    hand_count: int
    total: int
    to_move: bool
    marker: bool


@dataclass(frozen=True)
class BoardModel:
    """Everything the canvas and the controls show; built by :meth:`Presenter.build`."""

    variant: str
    heading: str
    centre: Tile | None
    centre_label: str
    centre_target: bool
    centre_focused: bool
    centre_ghost: Tile | None
    centre_last: bool
    lines: tuple[LineModel, ...]
    hand: tuple[HandTileModel, ...]
    hand_title: str
    stock_count: int
    pile_count: int
    stock_label: str
    stock_target: bool
    stock_focused: bool
    stock_ghost: bool
    seats: tuple[SeatModel, ...]
    status: str
    detail: str
    can_confirm: bool
    confirm_label: str
    can_cancel: bool
    can_end_turn: bool
    can_hint: bool
    facts: tuple[str, ...] = ()
    feed_title: str = ""
    feed: tuple[str, ...] = ()
    """The other players' moves since the viewer's last decision, in words."""
    feed_earlier: Callable[[int], str] | None = None
    """Words for ``count`` older feed lines left out for lack of room ("3 earlier moves in the log")."""
    spinner_arms: tuple[LineId, ...] = ()
    """The centre is a spinner: the ids of its arms (right, left, up, down), drawn as a cross."""
    count: str = ""
    """The game's running count in its words ("Open ends: 15"), drawn beside the layout."""
    feed_more: str = ""
    """The toggle that opens a folded feed."""
    feed_less: str = ""
    """The toggle that folds an opened feed again."""


def lay(tiles: Sequence[Tile], start: int) -> tuple[PlacedTile, ...]:
    """Orient a line's tiles from the centre value ``start`` outwards."""
    placed, end = [], start
    for tile in tiles:
        other = tile.other(end) if tile.has(end) else tile.b
        placed.append(PlacedTile(tile, end if tile.has(end) else tile.a, other))
        end = other
    return tuple(placed)
