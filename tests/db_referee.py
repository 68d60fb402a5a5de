"""An independent, strict referee of Double-Nine Branch match records.

It reads RECORD.md lines (dicts) and checks them against RULES.md §2
(DB.1-DB.11) and DX.7, recomputing everything from the events alone: whose
turn it is, the open branches and their order, every play's legality under
the priority of DB.7, forced passes, blocked rounds, scores and the match end.

It deliberately imports nothing from ``variants/`` (nor the core's rule
helpers): a bug in the rules engine cannot hide in a shared helper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Tile = tuple[int, int]

DEFAULT_DIRECTION = "counterclockwise"


class RefereeError(ValueError):
    """A record that breaks the rules; the message names the line and the clause."""

    def __init__(self, number: int, clause: str, message: str) -> None:
        self.number = number
        self.clause = clause
        super().__init__(f"line {number}: {message} ({clause})")


@dataclass
class Verdict:
    """What a record holds once accepted."""

    finished: bool = False
    rounds: int = 0
    redeals: int = 0
    restarts: int = 0
    blocked_rounds: int = 0
    plays: int = 0
    passes: int = 0
    winners: list[int] = field(default_factory=list)
    totals: dict[int, int] = field(default_factory=dict)


def _tile(text: Any, number: int) -> Tile:
    if not isinstance(text, str):
        raise RefereeError(number, "RECORD", f"a tile must be a string 'a-b', got {text!r}")
    parts = text.split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise RefereeError(number, "RECORD", f"not a tile: {text!r}")
    a, b = int(parts[0]), int(parts[1])
    if a > b:
        raise RefereeError(number, "RECORD", f"tile {text!r} is not written low-high")
    return (a, b)


def _pips(tiles: Sequence[Tile]) -> int:
    return sum(a + b for a, b in tiles)


class Referee:
    """The record walker: one method per event type, a phase telling what may come next.

    ``feed`` checks one line; ``legal(seat)`` gives the (tile, branch) pairs
    DB.7 allows ``seat`` in the position reached (tests compare it with the
    rules engine).
    """

    def __init__(self, header: dict[str, Any]) -> None:
        if header.get("type") != "match" or header.get("format") != 1:
            raise RefereeError(1, "RECORD", "a record starts with a 'match' line of format 1")
        if header.get("variant") != "double-nine-branch":
            raise RefereeError(1, "RECORD", f"not a Double-Nine Branch record: {header.get('variant')!r}")
        params = header.get("params") or {}
        self.set_size = params.get("set_size", 9)
        self.hand_size = params.get("hand_size", 8)
        self.target = params.get("target", 100)
        direction = params.get("direction", DEFAULT_DIRECTION)
        self.step = -1 if direction == "counterclockwise" else 1
        self.n = header.get("players")
        low, high = params.get("min_players", 2), params.get("max_players", 6)
        if not isinstance(self.n, int) or not 2 <= low <= self.n <= high <= 6:
            raise RefereeError(1, "DB.1", f"{self.n!r} players; the game takes 2 to 6")
        seats = header.get("seats")
        if not isinstance(seats, list) or [s.get("seat") for s in seats] != list(range(1, self.n + 1)):
            raise RefereeError(1, "RECORD", "seats must list seats 1..n in order")
        self.full_set = sorted((a, b) for a in range(self.set_size + 1) for b in range(a, self.set_size + 1))
        self.totals = {s: 0 for s in self.seats}
        self.round = 1
        self.search_start: int | None = None  # None: round 1, the highest double opens (DB.4)
        self.phase = "deal"
        self.repeat_deal: dict[str, Any] | None = None
        self.verdict = Verdict()

    @property
    def seats(self) -> range:
        return range(1, self.n + 1)

    def next_seat(self, seat: int) -> int:
        """DB.3: counterclockwise next is seat - 1 (before 1 comes n)."""
        return (seat - 1 + self.step) % self.n + 1

    # ------------------------------------------------------------ events
    def feed(self, number: int, line: dict[str, Any]) -> None:
        kind = line.get("type")
        expected = {
            "deal": ("deal",),
            "redeal": ("redeal",),
            "open": ("open", "restart"),
            "turn": ("play", "pass", "restart"),
            "round_end": ("round_end",),
            "match_end": ("match_end",),
            "over": (),
        }[self.phase]
        if kind not in expected:
            wanted = " or ".join(expected) or "nothing (the match is over)"
            raise RefereeError(number, self._clause_for(kind), f"{kind!r} event where {wanted} was due")
        getattr(self, f"_on_{kind}")(number, line)

    def _clause_for(self, kind: Any) -> str:
        """The clause a misplaced event most likely breaks."""
        if self.phase == "round_end":
            return "DB.10"
        if self.phase == "match_end" or self.phase == "over":
            return "DB.11"
        if self.phase == "redeal":
            return "DB.4" if self.search_start is None else "DB.5d"
        if self.phase == "open":
            return "DB.6"
        if kind in ("draw", "engine", "end_first_turn"):
            return "DB.2"
        return "RECORD"

    def _on_deal(self, number: int, line: dict[str, Any]) -> None:
        if line.get("round") != self.round:
            raise RefereeError(number, "DB.11", f"deal for round {line.get('round')}, expected round {self.round}")
        hands_raw = line.get("hands")
        if not isinstance(hands_raw, dict) or sorted(hands_raw) != sorted(str(s) for s in self.seats):
            raise RefereeError(number, "DB.2", "a deal must give one hand to every seat")
        hands = {s: [_tile(t, number) for t in hands_raw[str(s)]] for s in self.seats}
        stock = [_tile(t, number) for t in line.get("stock", [])]
        for seat, hand in hands.items():
            if len(hand) != self.hand_size:
                raise RefereeError(number, "DB.2", f"seat {seat} was dealt {len(hand)} tiles, not {self.hand_size}")
        if sorted([t for h in hands.values() for t in h] + stock) != self.full_set:
            raise RefereeError(number, "DB.2", "the hands and set-aside tiles are not the double-nine set exactly once")
        if self.repeat_deal is not None:
            same = all(sorted(hands[s]) == sorted(self.repeat_deal["hands"][s]) for s in self.seats)
            if not same or sorted(stock) != sorted(self.repeat_deal["stock"]):
                raise RefereeError(number, "DX.7", "a restarted round must repeat the same deal")
            self.repeat_deal = None
        self.hands = hands
        self.stock = stock
        self.deal_copy = {"hands": {s: list(h) for s, h in hands.items()}, "stock": list(stock)}
        self.round_start_totals = dict(self.totals)
        if not any(a == b for h in hands.values() for a, b in h):
            self.phase = "redeal"
            return
        self.opener = self._opener()
        self.phase = "open"

    def _on_redeal(self, number: int, line: dict[str, Any]) -> None:
        if line.get("round") != self.round or not line.get("reason"):
            raise RefereeError(number, "RECORD", "a redeal names its round and a reason")
        self.verdict.redeals += 1
        self.phase = "deal"

    def _opener(self) -> int:
        """DB.4 / DB.5: who must open this deal."""
        if self.search_start is None:
            highest = max(t for h in self.hands.values() for t in h if t[0] == t[1])
            return next(s for s in self.seats if highest in self.hands[s])
        seat = self.search_start
        while not any(a == b for a, b in self.hands[seat]):
            seat = self.next_seat(seat)
        return seat

    def _on_open(self, number: int, line: dict[str, Any]) -> None:
        clause = "DB.4" if self.search_start is None else "DB.5"
        if line.get("seat") != self.opener:
            raise RefereeError(number, clause, f"seat {line.get('seat')} opened; seat {self.opener} must open")
        tile = _tile(line.get("tile"), number)
        hand = self.hands[self.opener]
        if tile not in hand or tile[0] != tile[1]:
            raise RefereeError(number, clause, f"the opening {tile} is not a double in the opener's hand")
        if self.search_start is None and tile != max(t for t in hand if t[0] == t[1]):
            raise RefereeError(number, "DB.4", "round 1 opens with the highest double")
        hand.remove(tile)
        self.centre = tile
        self.ends = {s: tile[0] for s in self.seats}
        self.branches: dict[int, list[Tile]] = {s: [] for s in self.seats}
        self.open_order: list[int] = []
        self.turn = self.next_seat(self.opener)
        self._after_turn(self.opener, played=False)

    def legal(self, seat: int) -> set[tuple[Tile, int]]:
        """DB.7: every (tile, branch) the seat may play, the priority applied."""
        legal = set()
        for tile in self.hands[seat]:
            for branch in self.seats:
                end = self.ends[branch]
                if end not in tile:
                    continue
                if branch == seat:
                    legal.add((tile, branch))
                    continue
                if branch in self.open_order:
                    earliest = [b for b in self.open_order if b != seat and self.ends[b] == end][0]
                    if earliest == branch:
                        legal.add((tile, branch))
                elif tile[0] == tile[1]:
                    legal.add((tile, branch))
        return legal

    def _on_play(self, number: int, line: dict[str, Any]) -> None:
        seat = self._turn_seat(number, line)
        tile = _tile(line.get("tile"), number)
        branch = line.get("line")
        if not isinstance(branch, int) or isinstance(branch, bool) or branch not in self.seats:
            raise RefereeError(number, "DB.6", f"{branch!r} is not a branch (branches are named by seat)")
        if tile not in self.hands[seat]:
            raise RefereeError(number, "DB.7", f"seat {seat} does not hold {tile}")
        if (tile, branch) not in self.legal(seat):
            raise RefereeError(number, "DB.7", f"{tile} on branch {branch} is not a legal play for seat {seat}")
        end = self.ends[branch]
        new_end = tile[1] if tile[0] == end else tile[0]
        if line.get("end") != new_end:
            raise RefereeError(number, "DB.9", f"the branch's new end is {new_end}, the record says {line.get('end')}")
        self.hands[seat].remove(tile)
        self.branches[branch].append(tile)
        self.ends[branch] = new_end
        if seat in self.open_order:
            self.open_order.remove(seat)  # DB.8c: the owner played, anywhere
        self.verdict.plays += 1
        self._after_turn(seat, played=True)

    def _on_pass(self, number: int, line: dict[str, Any]) -> None:
        seat = self._turn_seat(number, line)
        if self.legal(seat):
            raise RefereeError(number, "DB.8a", f"seat {seat} passed while holding a legal play")
        if seat not in self.open_order:
            self.open_order.append(seat)  # DB.8b: opened last; a repeated pass keeps the place
        self.verdict.passes += 1
        self._after_turn(seat, played=False)

    def _turn_seat(self, number: int, line: dict[str, Any]) -> int:
        if line.get("seat") != self.turn:
            raise RefereeError(number, "DB.3", f"seat {line.get('seat')} acted, but seat {self.turn} was to play")
        return self.turn

    def _after_turn(self, seat: int, played: bool) -> None:
        """DB.10a going out, DB.10b blocked (checked after every turn), else the next seat."""
        if played and not self.hands[seat]:
            self.expected_end = ("out", seat)
            self.phase = "round_end"
            return
        ends = set(self.ends.values())
        if not any(a in ends or b in ends for h in self.hands.values() for a, b in h):
            self.expected_end = ("blocked", None)
            self.phase = "round_end"
            return
        self.turn = self.next_seat(seat)
        self.phase = "turn"

    def _on_round_end(self, number: int, line: dict[str, Any]) -> None:
        reason, out_seat = self.expected_end
        if line.get("round") != self.round or line.get("reason") != reason:
            raise RefereeError(number, "DB.10", f"round {self.round} ends {reason!r}, the record says {line}")
        shown = line.get("hands") or {}
        if {str(s): sorted(self.hands[s]) for s in self.seats} != {
            k: sorted(_tile(t, number) for t in v) for k, v in shown.items()
        }:
            raise RefereeError(number, "DB.10", "the hands shown at the round end are not the hands held")
        pips = {s: _pips(self.hands[s]) for s in self.seats}
        winner: int | None
        if reason == "out":
            winner, gained, clause = out_seat, sum(p for s, p in pips.items() if s != out_seat), "DB.10a"
        else:
            self.verdict.blocked_rounds += 1
            low = min(pips.values())
            lowest = [s for s in self.seats if pips[s] == low]
            winner = lowest[0] if len(lowest) == 1 else None
            gained, clause = sum(pips.values()), "DB.10c"
        points = {str(s): (gained if s == winner else 0) for s in self.seats}
        if line.get("points") != points:
            raise RefereeError(number, clause, f"points should be {points}, the record says {line.get('points')}")
        if winner is not None:
            self.totals[winner] += gained
        if line.get("totals") != {str(s): t for s, t in self.totals.items()}:
            raise RefereeError(number, "DB.11", f"totals should be {self.totals}, the record says {line.get('totals')}")
        self.verdict.rounds += 1
        if any(t >= self.target for t in self.totals.values()):
            self.phase = "match_end"
            return
        self.search_start = winner if winner is not None else self.next_seat(self.opener)  # DB.5a-c
        self.round += 1
        self.phase = "deal"

    def _on_match_end(self, number: int, line: dict[str, Any]) -> None:
        winners = [s for s in self.seats if self.totals[s] >= self.target]
        if line.get("winners") != winners or len(winners) != 1:
            raise RefereeError(number, "DB.11", f"the winner is {winners}, the record says {line.get('winners')}")
        if line.get("totals") != {str(s): t for s, t in self.totals.items()}:
            raise RefereeError(number, "DB.11", "match_end totals differ from the round totals")
        self.verdict.finished = True
        self.verdict.winners = winners
        self.phase = "over"

    def _on_restart(self, number: int, line: dict[str, Any]) -> None:
        if line.get("round") != self.round:
            raise RefereeError(number, "DX.7", f"restart of round {line.get('round')} during round {self.round}")
        self.totals = dict(self.round_start_totals)
        self.repeat_deal = self.deal_copy
        self.verdict.restarts += 1
        self.phase = "deal"


def referee(lines: Sequence[dict[str, Any]]) -> Verdict:
    """Check one match record; raise RefereeError at the first line that breaks a rule.

    A record that simply stops (a match still going) is accepted with
    ``finished`` False; a finished one must end with ``match_end``.
    """
    if not lines:
        raise RefereeError(1, "RECORD", "an empty record")
    ref = Referee(lines[0])
    for number, line in enumerate(lines[1:], 2):
        if not isinstance(line, dict):
            raise RefereeError(number, "RECORD", "every line is a JSON object")
        ref.feed(number, line)
    ref.verdict.totals = dict(ref.totals)
    return ref.verdict
