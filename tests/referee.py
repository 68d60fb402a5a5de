"""An independent, strict referee of Mexican Train records (RULES.md §1, RECORD.md).

Written from the rule book alone: it imports nothing from the project. It
reads the JSON lines of one match and re-derives the trains, markers, owed
doubles, legal plays, engine search, first-turn chains, blocks and scores,
raising :class:`Violation` (naming the line, the clause and what was
expected) at the first line that breaks a rule or the record format.

Use :func:`check_record` on one match (header first) or
:func:`check_records` on a file holding several.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MEXICAN = "mexican"
BOOK_HAND_SIZES = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}
BOOK_PARAMS = {"set_size": 12, "rounds": 13, "engine_order": "descending"}

TilePair = tuple[int, int]


class Violation(AssertionError):
    """A record line that breaks the rules or the record format."""

    def __init__(self, number: int, clause: str, message: str) -> None:
        self.number = number
        self.clause = clause
        super().__init__(f"line {number}: {clause}: {message}")


class _Restart(Exception):
    """A ``restart`` line was met where a decision was due (DX.7)."""


def parse_tile(text: Any) -> TilePair:
    """``"a-b"`` as a normalized pair; ValueError otherwise."""
    if not isinstance(text, str):
        raise ValueError(f"a tile is a string 'a-b', got {text!r}")
    left, sep, right = text.partition("-")
    if not sep or not left.isdigit() or not right.isdigit():
        raise ValueError(f"not a tile: {text!r}")
    a, b = int(left), int(right)
    if a > b:
        raise ValueError(f"tile {text!r} is not written low-high")
    return (a, b)


def show(tile: TilePair) -> str:
    """The record form of a tile."""
    return f"{tile[0]}-{tile[1]}"


def other_value(tile: TilePair, value: int) -> int:
    """The free value when ``tile`` is laid with ``value`` touching."""
    return tile[1] if tile[0] == value else tile[0]


@dataclass
class Summary:
    """What a checked record contained."""

    rounds: int = 0
    plays: int = 0
    draws: int = 0
    passes: int = 0
    restarts: int = 0
    blocked_rounds: int = 0
    totals: dict[int, int] = field(default_factory=dict)
    winners: list[int] = field(default_factory=list)
    finished: bool = False


class _Lines:
    """A cursor over the numbered lines of one match."""

    def __init__(self, lines: Sequence[Mapping[str, Any]]) -> None:
        self.lines = list(lines)
        self.index = 1  # line 1 is the header

    def peek(self) -> Mapping[str, Any] | None:
        return self.lines[self.index] if self.index < len(self.lines) else None

    @property
    def number(self) -> int:
        return self.index + 1

    def take(self) -> Mapping[str, Any]:
        line = self.lines[self.index]
        self.index += 1
        return line


class _End(Exception):
    """The record ended (an unfinished match)."""


class Referee:
    """Checks one Mexican Train match record; see the module docstring.

    ``book_params`` demands the rule book's parameters (MT.1-MT.3); with
    False the record's own parameters are used (house or shortened matches).
    ``book_hand_sizes`` demands MT.3 hand sizes in every deal (rigged test
    deals use other sizes). ``finished`` demands a ``match_end``.
    """

    def __init__(self, book_params: bool = True, book_hand_sizes: bool = True, finished: bool = True) -> None:
        self.book_params = book_params
        self.book_hand_sizes = book_hand_sizes
        self.require_finished = finished

    # ------------------------------------------------------------ entry
    def check(self, lines: Sequence[Mapping[str, Any]]) -> Summary:
        """Check the whole match; return what it held. Raises Violation."""
        if not lines:
            raise Violation(1, "RECORD", "an empty record")
        self.cursor = _Lines(lines)
        self.summary = Summary()
        self._header(lines[0])
        try:
            self._match()
        except _End:
            if self.require_finished:
                raise Violation(self.cursor.number, "MT.2", "the record ends before the match is over") from None
            return self.summary
        if self.cursor.peek() is not None:
            raise Violation(self.cursor.number, "RECORD", f"a line after match_end: {self.cursor.peek()}")
        return self.summary

    def fail(self, clause: str, message: str, number: int | None = None) -> None:
        raise Violation(self.cursor.number - 1 if number is None else number, clause, message)

    # ----------------------------------------------------------- header
    def _header(self, head: Mapping[str, Any]) -> None:
        if head.get("type") != "match" or head.get("format") != 1:
            raise Violation(1, "RECORD", "the first line must be a 'match' line of format 1")
        if head.get("variant") != "mexican-train":
            raise Violation(1, "RECORD", f"not a Mexican Train record: {head.get('variant')!r}")
        players = head.get("players")
        if not isinstance(players, int) or not 2 <= players <= 10:
            raise Violation(1, "MT.1", f"2 to 10 players, not {players!r}")
        seats = head.get("seats")
        if not isinstance(seats, list) or [s.get("seat") for s in seats] != list(range(1, players + 1)):
            raise Violation(1, "RECORD", "seats must list seats 1..n in order")
        if not isinstance(head.get("seed"), int):
            raise Violation(1, "DX.1", "the seed in use must be recorded")
        params = dict(head.get("params") or {})
        sizes = {int(k): v for k, v in (params.get("hand_sizes") or BOOK_HAND_SIZES).items()}
        self.players = players
        self.set_size = params.get("set_size", 12)
        self.rounds = params.get("rounds", 13)
        self.order = params.get("engine_order", "descending")
        if self.book_params:
            if sizes != BOOK_HAND_SIZES:
                raise Violation(1, "MT.3", f"hand sizes {sizes} are not the rule book's")
            for key, value in BOOK_PARAMS.items():
                if params.get(key, value) != value:
                    raise Violation(1, "MT.16", f"parameter {key}={params.get(key)!r} is not the rule book's {value!r}")
        self.hand_size = sizes[players]
        self.all_tiles = {(a, b) for a in range(self.set_size + 1) for b in range(a, self.set_size + 1)}
        self.totals = {s: 0 for s in range(1, players + 1)}

    # ------------------------------------------------------------ match
    def _match(self) -> None:
        for number in range(1, self.rounds + 1):
            start_totals = dict(self.totals)
            deal = None
            while True:
                try:
                    deal = self._round(number, deal)
                    break
                except _Restart:
                    self.totals = dict(start_totals)
                    self.summary.restarts += 1
            self.summary.rounds = number
        self._match_end()

    def _match_end(self) -> None:
        line = self._next("match_end")
        low = min(self.totals.values())
        winners = [s for s in sorted(self.totals) if self.totals[s] == low]
        if line.get("winners") != winners:
            self.fail("MT.15", f"winners {line.get('winners')} but the lowest totals belong to {winners}")
        if self._seat_map(line.get("totals"), "totals") != self.totals:
            self.fail("MT.15", f"match totals {line.get('totals')} but the rounds add up to {self.totals}")
        self.summary.totals = dict(self.totals)
        self.summary.winners = winners
        self.summary.finished = True

    def _next(self, *types: str) -> Mapping[str, Any]:
        """The next line, which must have one of ``types``."""
        line = self.cursor.peek()
        if line is None:
            raise _End
        self.cursor.take()
        if line.get("type") not in types:
            self.fail("RECORD", f"expected {' or '.join(types)}, got {dict(line)}")
        return line

    def _decision(self, seat: int) -> Mapping[str, Any]:
        """The next line where ``seat`` must decide (a restart may come first)."""
        line = self.cursor.peek()
        if line is None:
            raise _End
        if line.get("type") == "restart":
            self.cursor.take()
            if line.get("round") != self.round:
                self.fail("DX.7", f"restart of round {line.get('round')} during round {self.round}")
            raise _Restart
        self.cursor.take()
        if line.get("seat") != seat:
            self.fail("MT.5", f"seat {seat} is to move, but the line is for seat {line.get('seat')}: {dict(line)}")
        return line

    def _seat_map(self, value: Any, what: str) -> dict[int, Any]:
        if not isinstance(value, Mapping) or sorted(value) != sorted(str(s) for s in range(1, self.players + 1)):
            self.fail("RECORD", f"{what} must be keyed by every seat as a string, got {value!r}")
        return {int(k): v for k, v in value.items()}

    # ------------------------------------------------------------ round
    def _round(self, number: int, previous_deal: Mapping[str, Any] | None) -> Mapping[str, Any]:
        """Check one round (or one attempt at it); return its deal line."""
        self.round = number
        deal = self._next("deal")
        if deal.get("round") != number:
            self.fail("MT.2", f"deal of round {deal.get('round')}, expected round {number}")
        if previous_deal is not None and (
            {k: sorted(v) for k, v in deal["hands"].items()}
            != {k: sorted(v) for k, v in previous_deal["hands"].items()}
            or list(deal["stock"]) != list(previous_deal["stock"])
        ):
            self.fail("DX.7", "a restarted round must repeat the same deal")
        self._deal(deal)
        self._engine_search()
        self._engine()
        self._first_turns()
        if any(not hand for hand in self.hands.values()):
            self._round_end("out")
        elif self._blocked():
            self._round_end("blocked")
        else:
            self._normal_turns()
        return deal

    def _deal(self, deal: Mapping[str, Any]) -> None:
        hands = self._seat_map(deal.get("hands"), "hands")
        try:
            self.hands = {s: {parse_tile(x) for x in hands[s]} for s in hands}
            self.boneyard = [parse_tile(x) for x in deal.get("stock", [])]
        except ValueError as error:
            self.fail("RECORD", str(error))
        dealt = [x for s in hands for x in hands[s]] + list(deal["stock"])
        if len(dealt) != len(self.all_tiles) or {parse_tile(x) for x in dealt} != self.all_tiles:
            self.fail("MT.1", "the deal is not the whole double set, each tile once (MT.3)")
        if self.book_hand_sizes:
            for seat, hand in hands.items():
                if len(hand) != self.hand_size:
                    self.fail("MT.3", f"seat {seat} was dealt {len(hand)} tiles, not {self.hand_size}")
        value = self.round - 1 if self.order == "ascending" else self.set_size - (self.round - 1)
        self.engine_value = value
        self.engine = (value, value)
        self.trains: dict[Any, list[TilePair]] = {s: [] for s in self.hands}
        self.trains[MEXICAN] = []
        self.ends: dict[Any, int] = {line: value for line in self.trains}
        self.markers: set[int] = set()
        self.doubles: list[tuple[TilePair, Any]] = []
        self.owed: list[tuple[TilePair, Any]] = []

    def _holder(self) -> int | None:
        return next((s for s in sorted(self.hands) if self.engine in self.hands[s]), None)

    def _engine_search(self) -> None:
        """MT.4: batches clockwise from seat ((r - 1) mod n) + 1, always completed."""
        first = (self.round - 1) % self.players + 1
        while self._holder() is None:
            if not self.boneyard:
                self.fail("MT.4d", "the engine double is nowhere", self.cursor.number)
            for k in range(self.players):
                if not self.boneyard:
                    break
                seat = (first - 1 + k) % self.players + 1
                line = self._next("draw")
                tile = self.boneyard.pop(0)
                if line.get("seat") != seat or line.get("why") != "search":
                    self.fail("MT.4b", f"search draw by seat {seat} expected, got {dict(line)}")
                if line.get("tile") != show(tile):
                    self.fail("MT.4", f"seat {seat} must draw {show(tile)}, the boneyard's next tile")
                self.hands[seat].add(tile)
                self.summary.draws += 1
        self.holder = self._holder()

    def _engine(self) -> None:
        line = self._decision(self.holder)
        if line.get("type") != "engine" or line.get("tile") != show(self.engine):
            self.fail("MT.5", f"seat {self.holder} must place the engine {show(self.engine)}, got {dict(line)}")
        self.hands[self.holder].discard(self.engine)

    # ------------------------------------------------------- first turns
    def _seats_from(self, seat: int) -> Iterator[int]:
        for k in range(self.players):
            yield (seat - 1 + k) % self.players + 1

    def _lay(self, line: Mapping[str, Any], seat: int) -> TilePair:
        """Check the laid tile's ownership, match and ``end``; update the train."""
        try:
            tile = parse_tile(line.get("tile"))
        except ValueError as error:
            self.fail("RECORD", str(error))
        target = line.get("line")
        if target not in self.trains or isinstance(target, bool):
            self.fail("MT.8", f"no train {target!r}")
        if tile not in self.hands[seat]:
            self.fail("MT.8", f"seat {seat} does not hold {show(tile)}")
        end = self.ends[target]
        if end not in tile:
            self.fail("MT.8", f"{show(tile)} does not match the end {end} of train {target!r}")
        new_end = other_value(tile, end)
        if line.get("end") != new_end:
            self.fail("RECORD", f"the new end of train {target!r} is {new_end}, not {line.get('end')!r}")
        self.hands[seat].discard(tile)
        self.trains[target].append(tile)
        self.ends[target] = new_end
        if tile[0] == tile[1]:
            self.doubles.append((tile, target))
        self.summary.plays += 1
        return tile

    def _first_turns(self) -> None:
        """MT.6: a personal chain on one's own train, nobody draws; MT.6g owed after all."""
        for seat in self._seats_from(self.holder):
            played = 0
            while True:
                can_play = any(self.ends[seat] in x for x in self.hands[seat])
                if played and not can_play:
                    line = self._next("end_first_turn")
                    if line.get("seat") != seat:
                        self.fail("MT.6c", f"seat {seat}'s first turn ends here, got {dict(line)}")
                    break
                line = self._decision(seat)
                kind = line.get("type")
                if kind == "play":
                    if line.get("line") != seat:
                        self.fail("MT.6a", f"first turns use only one's own train, got {dict(line)}")
                    self._lay(line, seat)
                    played += 1
                elif kind == "end_first_turn" and played:
                    break
                elif kind == "pass" and not can_play:
                    self.markers.add(seat)
                    self.summary.passes += 1
                    break
                elif kind == "draw":
                    self.fail("MT.6d", "nobody draws during first turns")
                elif kind == "pass":
                    self.fail("MT.6c", f"seat {seat} can play and must lay at least one tile")
                else:
                    self.fail("MT.6c", f"unexpected {dict(line)} in seat {seat}'s first turn")
        self._update_owed()

    # ------------------------------------------------------- normal turns
    def _update_owed(self) -> None:
        """MT.12a: doubles still last on their train, oldest first."""
        self.owed = [(d, train) for d, train in self.doubles if self.trains[train][-1] == d]

    def _places(self, seat: int, tiles: Any, cover: bool) -> set[tuple[TilePair, Any]]:
        """Legal (tile, train) pairs: MT.12b covering the oldest owed double, else MT.8."""
        if cover:
            trains = [self.owed[0][1]]
        else:
            trains = [seat, MEXICAN] + [s for s in sorted(self.markers) if s != seat]
        return {(x, train) for x in tiles for train in trains if self.ends[train] in x}

    def _blocked(self) -> bool:
        """MT.14: boneyard empty and nobody could play with every personal train marked."""
        if self.boneyard:
            return False
        if self.owed:
            value = self.owed[0][0][0]
            return not any(value in x for hand in self.hands.values() for x in hand)
        ends = set(self.ends.values())
        return not any(x[0] in ends or x[1] in ends for hand in self.hands.values() for x in hand)

    def _normal_turns(self) -> None:
        seat = self.holder
        while True:
            if self._turn(seat):
                return
            self._update_owed()
            if self._blocked():
                self._round_end("blocked")
                return
            seat = seat % self.players + 1

    def _turn(self, seat: int) -> bool:
        """One normal turn of ``seat``; True when it ended the round (MT.13)."""
        cover = bool(self.owed)
        while True:  # one obligation to play per pass of this loop (MT.9c)
            legal = self._places(seat, self.hands[seat], cover)
            drew = None
            line = self._decision(seat)
            if not legal and line.get("type") == "draw":
                if not self.boneyard:
                    self.fail("MT.9b", "a draw from an empty boneyard")
                drew = self.boneyard.pop(0)
                if line.get("tile") != show(drew) or line.get("why") != "play":
                    self.fail("MT.9b", f"seat {seat} draws the boneyard's next tile {show(drew)}, got {dict(line)}")
                self.hands[seat].add(drew)
                self.summary.draws += 1
                legal = self._places(seat, [drew], cover)
                line = self._decision(seat)
            kind = line.get("type")
            if kind == "pass":
                if legal:
                    clause = "MT.9b" if drew else ("MT.12b" if cover else "MT.9a")
                    self.fail(clause, f"seat {seat} passed holding a legal play {self._show(legal)}")
                if drew is None and self.boneyard:
                    self.fail("MT.9b", f"seat {seat} must draw before passing")
                self.markers.add(seat)
                self.summary.passes += 1
                return False
            if kind == "draw":
                self.fail("MT.9a" if drew is None else "MT.9c", f"seat {seat} may not draw here: {dict(line)}")
            if kind != "play":
                self.fail("MT.8", f"unexpected {dict(line)} in seat {seat}'s normal turn")
            try:
                tile = parse_tile(line.get("tile"))
            except ValueError as error:
                self.fail("RECORD", str(error))
            if (tile, line.get("line")) not in legal:
                clause = "MT.9b" if drew else ("MT.12b" if cover else "MT.8")
                self.fail(clause, f"{show(tile)} on {line.get('line')!r} is not legal; legal: {self._show(legal)}")
            self._lay(line, seat)
            if line.get("line") == seat:
                self.markers.discard(seat)
            if not self.hands[seat]:
                self._round_end("out")
                return True
            if cover or tile[0] != tile[1]:
                return False
            cover = False  # MT.11a: an extra play after a double, anywhere available

    @staticmethod
    def _show(legal: set[tuple[TilePair, Any]]) -> str:
        return ", ".join(sorted(f"{show(x)} on {train}" for x, train in legal))

    # --------------------------------------------------------- round end
    def _round_end(self, reason: str) -> None:
        line = self._next("round_end")
        if line.get("round") != self.round:
            self.fail("MT.2", f"round_end of round {line.get('round')} in round {self.round}")
        if line.get("reason") != reason:
            self.fail("MT.13" if reason == "out" else "MT.14", f"the round ends {reason!r}, not {line.get('reason')!r}")
        hands = self._seat_map(line.get("hands"), "hands")
        for seat, hand in hands.items():
            if sorted(parse_tile(x) for x in hand) != sorted(self.hands[seat]):
                self.fail("MT.15", f"seat {seat} still holds {sorted(map(show, self.hands[seat]))}, not {hand}")
        points = self._seat_map(line.get("points"), "points")
        for seat, hand in self.hands.items():
            pips = sum(a + b for a, b in hand)
            if points[seat] != pips:
                self.fail("MT.15", f"seat {seat} scores the {pips} pips left in hand, not {points[seat]}")
            self.totals[seat] += pips
        if self._seat_map(line.get("totals"), "totals") != self.totals:
            self.fail("MT.15", f"totals {line.get('totals')} but the rounds add up to {self.totals}")
        if reason == "blocked":
            self.summary.blocked_rounds += 1


def check_record(lines: Sequence[Mapping[str, Any]], **options: Any) -> Summary:
    """Check one match record (header first); Violation at the first bad line."""
    return Referee(**options).check(lines)


def check_records(lines: Sequence[Mapping[str, Any]], **options: Any) -> list[Summary]:
    """Check every match of a file that may hold several (each led by its ``match`` line)."""
    matches: list[list[Mapping[str, Any]]] = []
    for line in lines:
        if line.get("type") == "match" or not matches:
            matches.append([])
        matches[-1].append(line)
    return [check_record(match, **options) for match in matches]
