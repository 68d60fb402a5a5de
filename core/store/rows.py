"""Reading rows defensively, and the record column's format.

Every value read from the database is checked before use: one that cannot
be decoded or has the wrong kind raises :class:`DamagedRow` naming its
column (a damaged record can also raise zlib.error; :data:`DAMAGE` lists
all that reading a damaged row raises), never a half-built entry. Text
that is not UTF-8 reaches the checks as :class:`Undecodable` (the
connection's text factory, :func:`decode_text`) instead of failing the
whole query. Records are stored as RECORD.md JSON Lines, zlib-compressed
(:func:`pack_record`, :func:`unpack_record`).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from roundhouse.core.play.record import RecordError, dumps_line, kind_description, matches_kind, parse_line
from roundhouse.core.play.session import Seat
from roundhouse.core.store.entries import HistoryEntry, SavedMatch
from roundhouse.core.store.errors import DamagedRow

DAMAGE = (ValueError, KeyError, TypeError, AttributeError, RecursionError, zlib.error)
"""What reading a damaged row can raise (DamagedRow for every value checked below)."""


class Undecodable(bytes):
    """Stored text that is not UTF-8 (what the database hands back instead of failing the whole query)."""


def decode_text(raw: bytes) -> str | Undecodable:
    """The connection's text factory: ``raw`` as text, or Undecodable when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw)


def _text(value: Any, column: str) -> str:
    if type(value) is not str:
        raise DamagedRow(f"{column} is not UTF-8 text" if isinstance(value, Undecodable) else f"{column} is not text")
    return value


def _json(value: Any, column: str, kind: str) -> Any:
    """A JSON column's value, checked to be of ``kind`` (see :func:`roundhouse.core.play.record.matches_kind`)."""
    try:
        decoded = json.loads(_text(value, column))
    except (ValueError, RecursionError):
        raise DamagedRow(f"{column} is not JSON") from None
    if not matches_kind(decoded, kind):
        raise DamagedRow(f"{column} is not {kind_description(kind)}")
    return decoded


def _time(value: Any, column: str, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    try:
        datetime.fromisoformat(_text(value, column))
    except ValueError:
        raise DamagedRow(f"{column} is not a time") from None
    return value


def _int(value: Any, column: str) -> int:
    if type(value) is not int:
        raise DamagedRow(f"{column} is not a whole number")
    return value


def _header(value: Any) -> dict[str, Any]:
    """The header column: a RECORD.md ``match`` line."""
    try:
        return parse_line(_text(value, "the header"), 1)
    except RecordError as error:
        raise DamagedRow(f"the header is not a match line ({str(error).removeprefix('line 1: ')})") from None


def _params_from_json(params: Mapping[str, Any]) -> dict[str, Any]:
    """Rule parameters from their JSON form: digit keys of nested maps become ints again."""
    return {
        key: ({int(k) if k.isdigit() else k: v for k, v in value.items()} if isinstance(value, dict) else value)
        for key, value in params.items()
    }


def _seat_of(entry: Mapping[str, Any]) -> Seat:
    player = entry.get("player", "human")
    return Seat(entry["name"], None if player == "human" else player.removeprefix("bot:"))


def _seat_keys(mapping: Mapping[Any, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in mapping.items()}


def summarize(lines: Sequence[Mapping[str, Any]]) -> tuple[list[dict[int, int]], dict[int, int], list[int]]:
    """Round-by-round points, totals and winners read from record lines."""
    rounds: list[dict[int, int]] = []
    totals: dict[int, int] = {}
    winners: list[int] = []
    for line in lines:
        if line["type"] == "round_end":
            rounds.append(_seat_keys(line["points"]))
            totals = _seat_keys(line["totals"])
        elif line["type"] == "match_end":
            totals = _seat_keys(line["totals"])
            winners = list(line["winners"])
    return rounds, totals, winners


def pack_record(lines: Sequence[Mapping[str, Any]]) -> bytes:
    """Record lines as stored: RECORD.md JSON Lines text, zlib-compressed (about ten times smaller)."""
    return zlib.compress("".join(dumps_line(line) + "\n" for line in lines).encode("utf-8"))


def unpack_record(blob: bytes) -> list[dict[str, Any]]:
    """The record lines of :func:`pack_record`, each shape-checked; DamagedRow (or zlib.error) when damaged."""
    if not isinstance(blob, bytes) or isinstance(blob, Undecodable):
        raise DamagedRow("the record is not packed data")
    try:
        text = zlib.decompress(blob).decode("utf-8")
        return [parse_line(line, number) for number, line in enumerate(text.splitlines(), 1)]
    except UnicodeDecodeError:
        raise DamagedRow("the record is not UTF-8 text") from None
    except RecordError as error:
        raise DamagedRow(f"the record is damaged ({error})") from None


def decode_saved_match(match_id: int, row: tuple, decisions: Iterable[tuple[int, Any]]) -> SavedMatch:
    """The saved match ``match_id`` from its ``matches`` row and its ``(idx, entry)`` decision rows.

    ``row`` holds header, match_number, seed_explicit, redo, started, updated
    and totals, in that order.
    """
    header_text, match_number, seed_explicit, redo_text, started, updated, totals = row
    log = tuple(_text(e, f"decision {i}") for i, e in decisions)
    header = _header(header_text)
    return SavedMatch(
        id=match_id,
        variant=header["variant"],
        seats=tuple(_seat_of(s) for s in header["seats"]),
        params=_params_from_json(header.get("params") or {}),
        seed=header["seed"],
        seed_explicit=bool(_int(seed_explicit, "seed_explicit")),
        match_number=_int(match_number, "match_number"),
        log=log,
        redo=tuple(tuple(r) for r in _json(redo_text, "redo", "redo")),
        started=_time(started, "started"),
        updated=_time(updated, "updated"),
        totals=_seat_keys(_json(totals, "totals", "scores")),
        rng=_int(header.get("rng", 1), "rng"),
    )


def decode_history_entry(row: tuple) -> HistoryEntry:
    """A match of the history from its ``matches`` row.

    ``row`` holds id, status, started, ended, header, totals, winners and
    record, in that order.
    """
    match_id, status, started, ended, header_text, totals, winners, record = row
    header = _header(header_text)
    rounds: list[dict[int, int]] = []
    if record:
        rounds, _, _ = summarize(unpack_record(record))
    return HistoryEntry(
        id=match_id,
        status=_text(status, "status"),
        started=_time(started, "started"),
        ended=_time(ended, "ended", optional=True),
        variant=header["variant"],
        seats=tuple(_seat_of(s) for s in header["seats"]),
        seed=header["seed"],
        totals=_seat_keys(_json(totals, "totals", "scores")),
        winners=list(_json(winners, "winners", "ints")),
        rounds=rounds,
        has_record=bool(record),
    )
