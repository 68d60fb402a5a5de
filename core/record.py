"""RECORD.md format 1: write, read and replay match records (JSON Lines)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from core.actions import Action, Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from core.events import Event, event_from_record
from core.state import Deal, MatchState, RiggedDealer
from core.tiles import Tile
from core.variant import Variant

FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay; the message says where."""


def dumps_line(line: Mapping[str, Any]) -> str:
    """One record line as compact, key-ordered JSON."""
    return json.dumps(line, ensure_ascii=False, separators=(", ", ": "))


def write_record(target: str | Path | IO[str], lines: Iterable[Mapping[str, Any]]) -> None:
    """Write ``lines`` (header first) as JSON Lines to a path or open text file."""
    if isinstance(target, (str, Path)):
        with open(target, "w", encoding="utf-8") as handle:
            write_record(handle, lines)
        return
    for line in lines:
        target.write(dumps_line(line) + "\n")


def read_record(source: str | Path | IO[str]) -> list[dict[str, Any]]:
    """Parse a record; RecordError names the line that is wrong.

    A file may hold several matches one after another: each starts with its
    own ``match`` line (see :func:`split_matches`).
    """
    if isinstance(source, (str, Path)):
        with open(source, encoding="utf-8") as handle:
            return read_record(handle)
    lines = []
    for number, text in enumerate(source, 1):
        if not text.strip():
            raise RecordError(f"line {number}: blank lines are not allowed")
        try:
            line = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"line {number}: not JSON: {error}") from error
        if not isinstance(line, dict) or "type" not in line:
            raise RecordError(f"line {number}: every line must be an object with a 'type'")
        lines.append(line)
    if not lines or lines[0]["type"] != "match":
        raise RecordError("line 1: a record starts with a 'match' line")
    return lines


def split_matches(lines: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Cut a multi-match record into one list per match (each led by ``match``)."""
    matches: list[list[dict[str, Any]]] = []
    for line in lines:
        if line["type"] == "match":
            matches.append([])
        matches[-1].append(line)
    return matches


def _deals(lines: Sequence[dict[str, Any]]) -> list[Deal]:
    """The deals a dealer handed out: every ``deal`` not repeating a restart."""
    deals = []
    previous = None
    for line in lines:
        if line["type"] == "deal" and previous != "restart":
            hands = {int(k): tuple(Tile.parse(t) for t in v) for k, v in line["hands"].items()}
            deals.append(Deal(hands, tuple(Tile.parse(t) for t in line["stock"])))
        previous = line["type"]
    return deals


def action_of(line: Mapping[str, Any]) -> Action | None:
    """The decision behind an event line, or None for an automatic event."""
    kind = line["type"]
    if kind == "engine":
        return PlaceEngine(Tile.parse(line["tile"]))
    if kind == "open":
        return OpenDouble(Tile.parse(line["tile"]))
    if kind == "play":
        return Play(Tile.parse(line["tile"]), line["line"])
    if kind == "draw" and line.get("why") == "play":
        return Draw()
    if kind == "pass":
        return Pass()
    if kind == "end_first_turn":
        return EndTurn()
    return None


def replay(lines: Sequence[dict[str, Any]], variant: Variant) -> MatchState:
    """Rebuild a match from its record, checking every event on the way.

    The deals come from the record; every decision is re-applied through the
    rules, and the events the rules produce must equal the record's. Raises
    RecordError naming the first line that disagrees.
    """
    header = lines[0]
    if header.get("format") != FORMAT:
        raise RecordError(f"line 1: format {header.get('format')!r} is not supported (expected {FORMAT})")
    if header.get("variant") != variant.id:
        raise RecordError(f"line 1: record is for {header.get('variant')!r}, not {variant.id!r}")
    names = [s.get("name", f"Player {s['seat']}") for s in header["seats"]]
    params = header.get("params") or None
    if params is not None:
        params = {k: ({int(a): b for a, b in v.items()} if isinstance(v, dict) else v) for k, v in params.items()}
    state = variant.new_match(header["players"], header.get("seed", 0), params, names, RiggedDealer(_deals(lines)))
    produced: list[Event] = list(state.start())
    for number, line in enumerate(lines[1:], 2):
        expected = event_from_record(line)
        if produced:
            got = produced.pop(0)
            if _strip(got.to_record()) != _strip(expected.to_record()):
                raise RecordError(f"line {number}: record says {line}, the rules give {got.to_record()}")
            continue
        if line["type"] == "restart":
            produced = list(state.restart_round())[1:]
            continue
        action = action_of(line)
        if action is None:
            raise RecordError(f"line {number}: {line['type']!r} event where a decision was expected")
        if line.get("seat") != state.to_move():
            raise RecordError(f"line {number}: seat {line.get('seat')} acted, but seat {state.to_move()} was to move")
        try:
            produced = list(state.apply(action))
        except ValueError as error:
            raise RecordError(f"line {number}: {error}") from error
        got = produced.pop(0)
        if _strip(got.to_record()) != _strip(expected.to_record()):
            raise RecordError(f"line {number}: record says {line}, the rules give {got.to_record()}")
    if produced:
        raise RecordError(f"record ends early: the rules still give {produced[0].to_record()}")
    return state


def _strip(line: dict[str, Any]) -> dict[str, Any]:
    """A line without unknown extra keys' influence: hands compared as sorted lists."""
    out = dict(line)
    for key in ("hands",):
        if key in out:
            out[key] = {k: sorted(v) for k, v in out[key].items()}
    out.pop("thinking_ms", None)
    out.pop("time", None)
    return out
