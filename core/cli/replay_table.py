"""What a replay shows of one record line: a sentence, and the table as it stands after it.

Every text that comes from the file (a name, a reason, a line's name, a
value of an unknown event) is made safe to show and cut to a bounded
length by :func:`shown`, so a hostile record can neither drive the terminal
nor make a frame large.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from roundhouse.core.play.record import printable

NAME_CHARS = 40
"""The longest name or value shown; a longer one is cut and ends with an ellipsis."""

LINE_CHARS = 2000
"""The longest line of a frame (a sentence, a row of the table); a longer one is cut."""

MAX_VALUES = 20
"""The most values of an event of an unknown type that its sentence names."""


def shown(value: Any, limit: int = NAME_CHARS) -> str:
    """``value`` as text safe for a terminal, at most ``limit`` characters (an ellipsis marks a cut)."""
    text = value if isinstance(value, str) else repr(value)
    text = printable(text[: 4 * limit])
    return text if len(text) <= limit else text[: limit - 1] + "…"


def seat_names(header: Mapping[str, Any]) -> dict[int, str]:
    """Each seat's name from a ``match`` line, cut for display."""
    return {s["seat"]: shown(s.get("name", f"seat {s['seat']}")) for s in header["seats"]}


def line_label(line: Any, names: Mapping[int, str], seat: Any = None) -> str:
    """A line of play in words: only a number is a seat's line; a text id is that line's name."""
    if line == "mexican":
        return "the Mexican train"
    if type(line) is int:
        return "their own line" if line == seat else f"{names.get(line, f'seat {line}')}'s line"
    return f"the {shown(line)} line"


def by_seat(values: Mapping[Any, Any], names: Mapping[int, str]) -> str:
    """``"Ana 12, Bo 0"`` in seat order."""
    ordered = sorted(values.items(), key=lambda item: int(item[0]))
    return ", ".join(f"{names.get(int(seat), shown(seat))} {shown(value)}" for seat, value in ordered)


def describe(line: Mapping[str, Any], names: Mapping[int, str]) -> str:
    """One (shape-checked) record line as an English sentence, safe to show and of bounded length."""
    return shown(_sentence(line, names), LINE_CHARS)


def _sentence(line: Mapping[str, Any], names: Mapping[int, str]) -> str:
    kind = line["type"]
    who = names.get(line.get("seat"), f"seat {shown(line.get('seat'))}")
    if kind == "match":
        seats = ", ".join(
            f"{s['seat']} {shown(s.get('name', ''))} ({shown(s.get('player', ''))})" for s in line["seats"]
        )
        return f"Match of {shown(line['variant'])}, {line['players']} players, seed {line.get('seed')}; seats: {seats}."
    if kind == "deal":
        each = " or ".join(str(n) for n in sorted({len(h) for h in line["hands"].values()}))
        return f"Round {line['round']} is dealt: {each} tiles to each hand, {len(line['stock'])} in the stock."
    if kind == "redeal":
        return f"Round {line['round']} is dealt again ({shown(line.get('reason', 'no reason given'))})."
    if kind == "draw":
        why = " during the engine search" if line.get("why") == "search" else ""
        return f"{who} draws {line['tile']}{why}."
    if kind == "engine":
        return f"{who} places the engine {line['tile']}."
    if kind == "open":
        return f"{who} opens with {line['tile']}."
    if kind == "play":
        where = line_label(line["line"], names, line.get("seat"))
        return f"{who} plays {line['tile']} on {where}; its end is now {line['end']}."
    if kind == "end_first_turn":
        return f"{who} ends the first turn."
    if kind == "pass":
        return f"{who} passes."
    if kind == "round_end":
        how = "a player went out" if line["reason"] == "out" else "the game is blocked"
        return (
            f"Round {line['round']} ends ({how}); points: {by_seat(line['points'], names)}; "
            f"totals: {by_seat(line['totals'], names)}."
        )
    if kind == "restart":
        return f"Round {line['round']} is restarted with the same deal."
    if kind == "match_end":
        winners = ", ".join(names.get(s, str(s)) for s in line["winners"])
        return f"The match is over; winner: {winners}; totals: {by_seat(line['totals'], names)}."
    values = islice(((k, v) for k, v in line.items() if k != "type"), MAX_VALUES)
    return f"{shown(kind)}: " + ", ".join(f"{shown(k)} {shown(v)}" for k, v in values) + "."


@dataclass
class Table:
    """The full-information table as record lines build it, one line at a time."""

    names: dict[int, str]
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
            self.names,
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

    def _line_order(self) -> list[Any]:
        return sorted(self.lines, key=lambda k: (type(k) is not int, k if type(k) is int else 0, str(k)))

    def render(self) -> str:
        """The table as indented lines of text; empty before the first deal."""
        if not self.round:
            return ""
        out = [f"  round {self.round} · stock {self.stock} · centre {self.centre or '-'}"]
        for key in self._line_order():
            out.append(f"  {line_label(key, self.names)}: {' '.join(self.lines[key])} (end {self.ends[key]})")
        for seat in sorted(self.hands):
            tiles = " ".join(self.hands[seat]) or "(empty)"
            out.append(f"  {self.names.get(seat, f'seat {seat}')} holds {len(self.hands[seat])}: {tiles}")
        if self.totals:
            out.append("  totals: " + by_seat(self.totals, self.names))
        return "\n".join(shown(row, LINE_CHARS) for row in out)

    def as_json(self) -> dict[str, Any]:
        """The table as plain JSON values (the shape ``replay --json`` documents)."""
        return {
            "round": self.round,
            "stock": self.stock,
            "centre": self.centre,
            "lines": [
                {
                    "line": key if type(key) is int else shown(key),
                    "label": line_label(key, self.names),
                    "tiles": list(self.lines[key]),
                    "end": self.ends[key],
                }
                for key in self._line_order()
            ],  # fmt: skip
            "hands": {str(seat): list(tiles) for seat, tiles in sorted(self.hands.items())},
            "totals": {str(seat): total for seat, total in sorted(self.totals.items())},
        }
