"""The table a replay shows, as record lines build it, and the rule for showing any text of a record.

Every text that comes from the file (a name, a reason, a line's name, a
value of an unknown event) is made safe to show and cut to a bounded
length by :func:`shown`, so a hostile record can neither drive the terminal
nor make a frame large.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roundhouse.core.play.record import printable

NAME_CHARS = 40
"""The longest name or value shown; a longer one is cut and ends with an ellipsis."""

LINE_CHARS = 2000
"""The longest line of a frame (a sentence, a row of the table); a longer one is cut."""


def shown(value: Any, limit: int = NAME_CHARS) -> str:
    """``value`` as text safe for a terminal, at most ``limit`` characters (an ellipsis marks a cut)."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit and text.isprintable():  # nothing to remove: every character printable removes is not
        return text
    text = printable(text[: 4 * limit])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_names(header: Mapping[str, Any]) -> dict[int, str]:
    """Each named seat's name from a ``match`` line, cut for display."""
    return {s["seat"]: shown(s["name"]) for s in header["seats"] if s.get("name")}


@dataclass
class Table:
    """The full-information table as record lines build it, one line at a time."""

    round: int = 0
    hands: dict[int, list[str]] = field(default_factory=dict)
    stock: int = 0
    centre: str | None = None
    lines: dict[Any, list[str]] = field(default_factory=dict)
    """Tiles on each line of play, by line id (a seat number or a line's name)."""
    ends: dict[Any, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)

    def copy(self) -> Table:
        """An independent copy (a checkpoint)."""
        return Table(
            self.round,
            {seat: list(tiles) for seat, tiles in self.hands.items()},
            self.stock,
            self.centre,
            {key: list(tiles) for key, tiles in self.lines.items()},
            dict(self.ends),
            dict(self.totals),
        )

    def apply(self, line: Mapping[str, Any]) -> None:
        """The table after ``line`` (a line of a match that replays)."""
        kind = line["type"]
        if kind == "deal":
            self.round = line["round"]
            self.hands = {int(k): list(v) for k, v in line["hands"].items()}
            self.stock = len(line["stock"])
            self.centre, self.lines, self.ends = None, {}, {}
        elif kind == "draw":
            self.hands.setdefault(line["seat"], []).append(line["tile"])
            self.stock -= 1
        elif kind in ("engine", "open"):
            self._take(line["seat"], line["tile"])
            self.centre = line["tile"]
        elif kind == "play":
            self._take(line["seat"], line["tile"])
            self.lines.setdefault(line["line"], []).append(line["tile"])
            self.ends[line["line"]] = line["end"]
        elif kind in ("round_end", "match_end"):
            self.totals = {int(k): v for k, v in line["totals"].items()}

    def _take(self, seat: int, tile: str) -> None:
        if tile in self.hands.get(seat, []):
            self.hands[seat].remove(tile)

    def line_order(self) -> list[Any]:
        """The line ids in the order they are shown: seats' lines in seat order, then named lines."""
        return sorted(self.lines, key=lambda k: (type(k) is not int, k if type(k) is int else 0, str(k)))
