"""Stepping through a match record in the console (``roundhouse replay FILE``).

A record (RECORD.md) is read one match at a time: each match is checked with
:func:`roundhouse.core.play.record.replay`, then each of its events becomes a :class:`Frame`:
one sentence saying what happened and the table as it stands after it (every
hand, the stock, the lines of play, the totals). The viewer moves forward and
back through the frames. Every displayed string has its control characters
removed, so a record cannot drive the terminal.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from roundhouse.core.play.record import IncompleteRecord, RecordError, printable, replay, stream_matches
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import Catalog, CatalogError, game_text

HELP = "Enter or n: next event · b: back · q: quit"
KEPT_MATCHES = 2
"""How many matches the viewer keeps for going back (the memory of a replay stays bounded)."""


@dataclass(frozen=True)
class Frame:
    """One event of a record: its sentence and the table after it."""

    sentence: str
    table: str
    note: str | None = None
    """Set on the last frame of a match that stops before its end: what is missing."""


@dataclass
class _Table:
    """The full-information table as record events build it."""

    names: dict[int, str]
    round: int = 0
    hands: dict[int, list[str]] = field(default_factory=dict)
    stock: int = 0
    centre: str | None = None
    lines: dict[str, list[str]] = field(default_factory=dict)
    ends: dict[str, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)

    def apply(self, line: Mapping[str, Any]) -> None:
        kind = line["type"]
        if kind == "deal":
            self.round = line["round"]
            self.hands = {int(k): list(v) for k, v in line["hands"].items()}
            self.stock = len(line["stock"])
            self.centre, self.lines, self.ends = None, {}, {}
        elif kind == "draw":
            self.hands[line["seat"]].append(line["tile"])
            self.stock -= 1
        elif kind in ("engine", "open"):
            self._take(line["seat"], line["tile"])
            self.centre = line["tile"]
        elif kind == "play":
            self._take(line["seat"], line["tile"])
            key = str(line["line"])
            self.lines.setdefault(key, []).append(line["tile"])
            self.ends[key] = line["end"]
        elif kind in ("round_end", "match_end"):
            self.totals = {int(k): v for k, v in line["totals"].items()}

    def _take(self, seat: int, tile: str) -> None:
        if tile in self.hands.get(seat, []):
            self.hands[seat].remove(tile)

    def render(self) -> str:
        if not self.round:
            return ""
        out = [f"  round {self.round} · stock {self.stock} · centre {self.centre or '-'}"]
        for key in sorted(self.lines, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k)):
            label = f"{self.names.get(int(key), key)}'s line" if key.isdigit() else f"{key} line"
            out.append(f"  {label}: {' '.join(self.lines[key])} (end {self.ends[key]})")
        for seat in sorted(self.hands):
            tiles = " ".join(self.hands[seat]) or "(empty)"
            out.append(f"  {self.names.get(seat, seat)} holds {len(self.hands[seat])}: {tiles}")
        if self.totals:
            out.append("  totals: " + _by_seat(self.totals, self.names))
        return "\n".join(out)


def _by_seat(values: Mapping[Any, Any], names: Mapping[int, str]) -> str:
    return ", ".join(
        f"{names.get(int(seat), seat)} {value}" for seat, value in sorted(values.items(), key=lambda i: int(i[0]))
    )


def describe(line: Mapping[str, Any], names: Mapping[int, str], game: Catalog | None = None) -> str:
    """One record line as an English sentence; ``game`` is the game's own text catalog (score reasons)."""
    kind = line["type"]
    who = names.get(line.get("seat"), f"seat {line.get('seat')}")
    if kind == "match":
        seats = ", ".join(f"{s['seat']} {s['name']} ({s['player']})" for s in line["seats"])
        return f"Match of {line['variant']}, {line['players']} players, seed {line.get('seed')}; seats: {seats}."
    if kind == "deal":
        sizes = sorted({len(h) for h in line["hands"].values()})
        each = " or ".join(str(n) for n in sizes)
        return f"Round {line['round']} is dealt: {each} tiles to each hand, {len(line['stock'])} in the stock."
    if kind == "redeal":
        return f"Round {line['round']} is dealt again ({line.get('reason', 'no reason given')})."
    if kind == "draw":
        why = " during the engine search" if line.get("why") == "search" else ""
        return f"{who} draws {line['tile']}{why}."
    if kind == "engine":
        return f"{who} places the engine {line['tile']}."
    if kind == "open":
        return f"{who} opens with {line['tile']}."
    if kind == "play":
        target = line["line"]
        where = (
            "the Mexican train"
            if target == "mexican"
            else ("their own line" if target == line.get("seat") else f"{names.get(target, target)}'s line")
        )
        return f"{who} plays {line['tile']} on {where}; its end is now {line['end']}."
    if kind == "end_first_turn":
        return f"{who} ends the first turn."
    if kind == "pass":
        return f"{who} passes."
    if kind == "score":
        reason, values = str(line["reason"]), line.get("values") or {}
        why = game.t(reason, **values) if game is not None and game.has(reason) else reason
        return f"{who} scores {line['points']}: {why} (total {line.get('total', '?')})."
    if kind == "round_end":
        how = "a player went out" if line["reason"] == "out" else "the game is blocked"
        return (
            f"Round {line['round']} ends ({how}); points: {_by_seat(line['points'], names)}; "
            f"totals: {_by_seat(line['totals'], names)}."
        )
    if kind == "restart":
        return f"Round {line['round']} is restarted with the same deal."
    if kind == "match_end":
        winners = ", ".join(names.get(s, str(s)) for s in line["winners"])
        return f"The match is over; winner: {winners}; totals: {_by_seat(line['totals'], names)}."
    return f"{kind}: " + ", ".join(f"{k} {v}" for k, v in line.items() if k != "type") + "."


def _incomplete_note(match: Sequence[Mapping[str, Any]]) -> str:
    ended = [line["round"] for line in match if line["type"] == "round_end"]
    return f"incomplete record: stops after round {ended[-1] if ended else 0}"


def match_frames(match: Sequence[dict[str, Any]], registry: Registry, first_line: int = 1) -> list[Frame]:
    """Check one match against its variant's rules, then one frame per line.

    A match that stops before its end gets a last frame saying so
    (its ``note`` says so). Raises RecordError (naming the line) for a match
    that does not replay or whose variant is not installed.
    """
    variant_id = match[0]["variant"]
    if variant_id not in registry.variants:
        raise RecordError(f"line {first_line}: cannot replay it: {registry.missing('variant', str(variant_id))}")
    try:
        complete = replay(match, registry.variants[variant_id], first_line).is_over()
    except IncompleteRecord:
        complete = False
    names = {s["seat"]: printable(s.get("name", f"seat {s['seat']}")) for s in match[0]["seats"]}
    table = _Table(names)
    words = _game_words(registry.variants[variant_id])
    out: list[Frame] = []
    for line in match:
        table.apply(line)
        out.append(
            Frame(printable(describe(line, names, words)), "\n".join(printable(r) for r in table.render().split("\n")))
        )
    if not complete:
        note = _incomplete_note(match)
        out.append(Frame(note[0].upper() + note[1:] + ".", "", note))
    return out


def _game_words(variant: Any) -> Catalog | None:
    """The game's own English words (score reasons), or None when it has none readable."""
    try:
        return game_text(variant.id, "en", getattr(variant, "rules_text_package", None))
    except CatalogError:
        return None


def stream_frames(numbered: Iterable[tuple[int, dict[str, Any]]], registry: Registry) -> Iterator[list[Frame]]:
    """The frames of each match of a numbered record stream, one match at a time."""
    for first_line, match in stream_matches(numbered):
        yield match_frames(match, registry, first_line)


def frames(lines: Sequence[dict[str, Any]], registry: Registry) -> list[Frame]:
    """Every frame of a whole (already read) record; RecordError as :func:`match_frames`."""
    return [frame for shown in stream_frames(enumerate(lines, 1), registry) for frame in shown]


def step_through(matches: Iterable[Sequence[Frame]], stdin: IO[str], stdout: IO[str]) -> None:
    """Show each match's frames one at a time: Enter/``n`` forward, ``b`` back, ``q`` (or end of input) quits.

    ``matches`` is consumed as the viewer moves on; only the last
    :data:`KEPT_MATCHES` matches are kept for going back. Errors raised while
    reading the next match (RecordError) propagate.
    """
    source = iter(matches)
    kept: deque[Sequence[Frame]] = deque(maxlen=KEPT_MATCHES)
    current = next(source, None)
    if not current:
        return
    kept.append(current)
    index, position, show = 0, 0, True  # index: of the shown match within ``kept``
    stdout.write(HELP + "\n")
    while True:
        shown = kept[index]
        if show:
            frame = shown[position]
            stdout.write(f"\n[{position + 1}/{len(shown)}] {frame.sentence}\n")
            if frame.table:
                stdout.write(frame.table + "\n")
        stdout.write("> ")
        stdout.flush()
        answer = stdin.readline()
        if not answer:
            stdout.write("\n")
            return
        command = answer.strip().lower()
        show = True
        if command in ("", "n") and position < len(shown) - 1:
            position += 1
        elif command in ("", "n") and index < len(kept) - 1:
            index, position = index + 1, 0
        elif command in ("", "n"):
            following = next(source, None)
            if following:
                kept.append(following)
                index, position = len(kept) - 1, 0
            else:
                stdout.write("End of the record (b: back, q: quit).\n")
                show = False
        elif command == "b" and position > 0:
            position -= 1
        elif command == "b" and index > 0:
            index -= 1
            position = len(kept[index]) - 1
        elif command == "b":
            pass
        elif command == "q":
            return
        else:
            stdout.write(HELP + "\n")
            show = False
