"""A short recap of the other seats' moves since a human's last decision.

When those moves have scrolled above the screen, the console shows, just
above the prompt, what each other seat did this round since then: the tiles
it played, how many it drew, whether it passed, the doubles it left open.
It is built from public event lines only (``Event.visible_to(None)``), so it
never names a drawn tile or anything else hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import OwedDouble
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.console.wrap import HANG, MIN_WIDTH, keep_together

WHOLE_ITEM = MIN_WIDTH - 2 * HANG
"""A seat's part of the recap, or one of its moves, this short is never broken across rows (it fits any width)."""

PLACING = ("play", "engine", "open")
"""Event types that put one of the seat's tiles on the table."""


@dataclass
class SeatMoves:
    """What one seat did since the human's last decision."""

    seat: int
    played: list[str] = field(default_factory=list)
    drew: int = 0
    passed: bool = False
    left_open: list[str] = field(default_factory=list)


def moves_since(events: Sequence[Event], start: int, viewer: int | None, owed: Sequence[OwedDouble]) -> list[SeatMoves]:
    """Per seat other than ``viewer``, in the order they first moved: their moves in ``events[start:]``.

    Only the current round counts (moves before its deal are left out); a
    double a seat played is "left open" while it is in ``owed``.
    """
    start = max(start, max((i for i, e in enumerate(events) if e.type == "deal"), default=0))
    seats: dict[int, SeatMoves] = {}
    placed_by: dict[Tile, int] = {}
    for event in events[start:]:
        line = event.visible_to(None)
        seat = line.get("seat")
        if not isinstance(seat, int) or seat == viewer:
            continue
        moves = seats.setdefault(seat, SeatMoves(seat))
        if event.type in PLACING and line.get("tile") is not None:
            moves.played.append(str(line["tile"]))
            placed_by[Tile.parse(str(line["tile"]))] = seat
        elif event.type == "draw":
            moves.drew += 1
        elif event.type == "pass":
            moves.passed = True
    for double in owed:
        seat = placed_by.get(double.tile)
        if seat is not None:
            seats[seat].left_open.append(str(double.tile))
    return [moves for moves in seats.values() if moves.played or moves.drew or moves.passed]


def recap_text(catalog: Catalog, names: Sequence[str], moves: Sequence[SeatMoves]) -> str:
    """The recap as one paragraph ("" when no other seat moved); a short seat's part is glued whole
    (:func:`roundhouse.frontends.console.wrap.keep_together`), for the terminal to wrap between seats."""
    if not moves:
        return ""
    t = catalog.t
    items = []
    for seat in moves:
        parts = []
        if seat.played:
            parts.append(t("console_recap.played", tiles=" ".join(seat.played)))
        if seat.drew:
            parts.append(t("console_recap.drew", count=seat.drew))
        if seat.passed:
            parts.append(t("console_recap.passed"))
        if seat.left_open:
            parts.append(t("console_recap.left_open", tiles=" ".join(seat.left_open)))
        player = names[seat.seat - 1] if 1 <= seat.seat <= len(names) else str(seat.seat)
        parts = [keep_together(part) if len(part) <= WHOLE_ITEM else part for part in parts]
        item = t("console_recap.seat", player=player, moves=t("console_recap.and").join(parts))
        items.append(keep_together(item) if len(item) <= WHOLE_ITEM else item)
    return t("console_recap.title", recap=t("console_recap.between_seats").join(items))
