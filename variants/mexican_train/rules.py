"""Mexican Train rules engine, Pagat version: RULES.md MT.1-MT.16."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import (
    DRAW,
    END_TURN,
    PASS,
    PLAYS,
    Action,
    Draw,
    EndTurn,
    LineId,
    Pass,
    PlaceEngine,
    Play,
)
from roundhouse.core.game.events import DRAW_LINE, END_FIRST_TURN_LINE, ENGINE_LINE, PASS_LINE, PLAY_LINE, Event
from roundhouse.core.game.state import Deal, Dealer, TableState
from roundhouse.core.game.tiles import Tile, double_set, pip_total
from roundhouse.core.game.views import LineView, OwedDouble, PlayerView
from roundhouse.core.text.notices import Notice, with_clause

MEXICAN = "mexican"
"""The id of the public train (RECORD.md)."""

ENGINE, FIRST_TURN, NORMAL, OVER = "engine", "first_turn", "normal", "match_over"


class MexicanTrainState(TableState):
    """One Mexican Train match: 13 rounds of penalties (MT.2, MT.15).

    Seats are 1..n clockwise. Trains are keyed by the owner's seat and
    ``"mexican"``. The boneyard is kept reversed so that ``pop()`` draws
    the next tile.
    """

    variant_id = "mexican-train"

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        super().__init__(players, params, names, dealer)
        self.tiles = double_set(params["set_size"])
        self.hand_size = params["hand_sizes"][players]
        self.rounds = params["rounds"]

    @classmethod
    def from_view(
        cls, view: PlayerView, params: dict[str, Any], hands: Mapping[int, Sequence[Tile]], stock: Sequence[Tile]
    ) -> MexicanTrainState:
        """The position of ``view`` with the other hands and the boneyard (draw order) as given.

        Every public fact comes from the view: trains, markers, owed doubles,
        the doubles laid in the order played (its history), the first-turn
        progress, a pending extra play or drawn tile, totals. The result deals
        no further round (a search plays it to the round's end).
        """
        state = cls._from_view_table(view, params)
        seat = view.seat
        state.hands = {s: list(view.hand) if s == seat else list(hands[s]) for s in state.seats}
        state.holding = {s: by_value(hand, state.params["set_size"]) for s, hand in state.hands.items()}
        state.deal = Deal({s: tuple(h) for s, h in state.hands.items()}, tuple(stock))
        state.boneyard = list(reversed(stock))
        extra = view.extra
        state.engine = extra["engine"]
        state.holder = extra["holder"]
        state.centre = view.centre
        state._place_engine = PlaceEngine(state.engine)
        state.trains = {line.id: list(line.tiles) for line in view.lines}
        state.ends = {line.id: line.end for line in view.lines}
        state.markers = set(extra["markers"])
        state._targets = {}
        state.owed = [(owed.tile, owed.line) for owed in view.owed]
        state.doubles_played = _doubles_laid(view)
        state.phase = view.phase
        state.first_turns_done = extra["first_turns_done"]
        state.first_played = _laid_this_first_turn(view) if view.phase == FIRST_TURN else 0
        state.extra_owed = extra["extra_play_owed"]
        state._owed_stale = state.extra_owed  # MT.11a, MT.12a: a double laid this turn is owed from its end
        state.drew = extra["drew"]
        state.drawn_tile = extra["drawn_tile"]
        state.current = view.to_move
        state._line_cache = {}
        state._legal = None
        return state

    # ----------------------------------------------------------- helpers
    def next_seat(self, seat: int) -> int:
        """Clockwise next (RULES.md §0)."""
        return seat % self.players + 1

    def engine_value(self, round_number: int) -> int:
        """The engine double's value in ``round_number`` (MT.2)."""
        if self.params["engine_order"] == "ascending":
            return round_number - 1
        return self.params["set_size"] - (round_number - 1)

    # ------------------------------------------------------------ rounds
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        self.round = round_number
        if deal is None:
            deal = self.dealer.deal(round_number, self.tiles, self.players, self.hand_size)
        self.deal = deal
        self.round_start_totals = dict(self.scores)
        self.public_log = []
        self.hands = {s: list(deal.hands[s]) for s in self.seats}
        self.holding = {s: by_value(hand, self.params["set_size"]) for s, hand in self.hands.items()}
        self.boneyard = list(reversed(deal.stock))
        self.engine = Tile(self.engine_value(round_number), self.engine_value(round_number))
        self.trains: dict[LineId, list[Tile]] = {s: [] for s in self.seats}
        self.trains[MEXICAN] = []
        self.ends: dict[LineId, int] = {line: self.engine.a for line in self.trains}
        self.markers: set[int] = set()
        self._targets: dict[int, list[LineId]] = {}
        self.doubles_played: list[tuple[Tile, LineId]] = []
        self.owed: list[tuple[Tile, LineId]] = []
        self._owed_stale = False
        self.first_turns_done = 0
        self.first_played = 0
        self.extra_owed = False
        self.drew = False
        self.drawn_tile: Tile | None = None
        self.centre: Tile | None = None
        self._legal = None
        self._line_cache: dict[LineId, LineView] = {}
        self._place_engine = PlaceEngine(self.engine)
        self._emit(out, "deal", round=round_number, hands=self.hands, stock=list(deal.stock))
        self._engine_search(out)
        self.phase = ENGINE
        self.current = self.holder

    def _holder_of(self, tile: Tile) -> int | None:
        for seat in self.seats:
            if tile in self.hands[seat]:
                return seat
        return None

    def _engine_search(self, out: list[Event]) -> None:
        """MT.4: batches of one tile per player, clockwise from the round's seat."""
        holder = self._holder_of(self.engine)
        first = (self.round - 1) % self.players + 1
        while holder is None and self.boneyard:
            seat = first
            for _ in self.seats:
                if not self.boneyard:
                    break
                tile = self.boneyard.pop()
                self._give(seat, tile)
                if tile == self.engine:
                    holder = seat
                self._emit_simple(out, DRAW_LINE, seat, tile, "search")
                seat = self.next_seat(seat)
        if holder is None:
            raise RuntimeError(f"engine {self.engine} is not in play")
        self.holder = holder

    def _end_round(self, reason: str, out: list[Event]) -> None:
        """MT.15: each hand's pips are added as a penalty."""
        points = {s: pip_total(self.hands[s]) for s in self.seats}
        if self._end_round_with_penalties(reason, points, out, self.rounds):
            self.phase = OVER

    # ------------------------------------------------------ legal moves
    def targets(self, seat: int) -> list[LineId]:
        """Trains ``seat`` may use in a normal turn (MT.8): a list kept until a marker changes (do not change it)."""
        lines = self._targets.get(seat)
        if lines is None:
            lines = self._targets[seat] = [seat, MEXICAN, *sorted(s for s in self.markers if s != seat)]
        return lines

    def _mark(self, seat: int) -> None:
        """MT.10: a pass puts a marker on the passer's train (one already there stays)."""
        self.markers.add(seat)
        self._targets.clear()

    def _unmark(self, seat: int) -> None:
        """MT.10: a tile its owner plays on their own train takes the marker off."""
        if seat in self.markers:
            self.markers.discard(seat)
            self._targets.clear()

    def _plays(self, seat: int, lines: list[LineId]) -> list[Action]:
        """Every play of ``seat`` on the lines ``lines``, line by line (the drawn tile alone after a draw, MT.9b).

        The seat's tiles are indexed by value, so only tiles carrying a line's
        open end are looked at.
        """
        ends = self.ends
        drawn = self.drawn_tile
        if drawn is not None:
            return [PLAYS[line][drawn] for line in lines if ends[line] in drawn]
        holding = self.holding[seat]
        return [PLAYS[line][tile] for line in lines for tile in holding[ends[line]]]

    def _compute_legal(self) -> list[Action]:
        if self.over:
            return []
        seat = self.current
        if self.phase == ENGINE:
            return [self._place_engine]
        if self.phase == FIRST_TURN:
            plays = self._plays(seat, [seat])
            if self.first_played:
                return plays + [END_TURN]
            return plays or [PASS]
        lines = [self.owed[0][1]] if self.owed and not self.extra_owed else self.targets(seat)  # MT.12b, MT.8
        plays = self._plays(seat, lines)
        if plays:
            return plays
        if self.boneyard and not self.drew:
            return [DRAW]
        return [PASS]

    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause)."""
        if self.over:
            return Notice("rule.over"), "MT.2"
        seat = self.current
        legal = self._legal or []
        if self.phase == ENGINE:
            return Notice("rule.mt.engine_first", player=self.names[seat - 1], tile=self.engine), "MT.5"
        if isinstance(action, PlaceEngine):
            return Notice("rule.mt.engine_placed"), "MT.5"
        if isinstance(action, EndTurn):
            if self.phase == FIRST_TURN:
                return Notice("rule.mt.end_before_laying"), "MT.6c"
            return Notice("rule.mt.end_normal_turn"), "MT.8"
        if isinstance(action, Draw):
            if self.phase == FIRST_TURN:
                return Notice("rule.mt.draw_first_turn"), "MT.6d"
            if any(isinstance(a, Play) for a in legal):
                return Notice("rule.mt.draw_can_play"), "MT.9a"
            if self.drew:
                return Notice("rule.mt.drew_already"), "MT.9c"
            return Notice("rule.mt.boneyard_empty"), "MT.9b"
        if isinstance(action, Pass):
            if self.phase == FIRST_TURN:
                if self.first_played:
                    return Notice("rule.mt.pass_end_first_turn"), "MT.6c"
                return Notice("rule.mt.pass_must_lay"), "MT.6c"
            if any(isinstance(a, Play) for a in legal):
                if self.drew:
                    return Notice("rule.mt.pass_drawn_playable", tile=self.drawn_tile), "MT.9b"
                return Notice("rule.must_play"), "MT.9a"
            return Notice("rule.mt.draw_before_pass"), "MT.9b"
        if isinstance(action, Play):
            return self._play_refusal(action)
        return Notice("rule.unknown_action", action=action), "MT.8"

    def _play_refusal(self, action: Play) -> tuple[str, str]:
        seat, tile, line = self.current, action.tile, action.line
        if line not in self.trains:
            return Notice("rule.mt.no_train", line=repr(line)), "MT.8"
        if tile not in self.hands[seat]:
            return Notice("rule.not_held", tile=tile), "MT.8"
        if self.phase == FIRST_TURN:
            if line != seat:
                return Notice("rule.mt.first_turn_own_train"), "MT.6a"
            return Notice("rule.mt.first_turn_mismatch", tile=tile, end=self.ends[line]), "MT.6b"
        if self.drawn_tile is not None and tile != self.drawn_tile:
            return Notice("rule.mt.drawn_only", tile=self.drawn_tile), "MT.9b"
        if self.owed and not self.extra_owed:
            owed_tile, owed_line = self.owed[0]
            return Notice("rule.mt.owed_first", tile=owed_tile, line=self.line_name(owed_line)), "MT.12b"
        if line not in self.targets(seat):
            return Notice("rule.mt.no_marker", line=self.line_name(line)), "MT.8c"
        return Notice("rule.mismatch", tile=tile, end=self.ends[line], line=self.line_name(line)), "MT.8"

    def line_name(self, line: LineId) -> Notice:
        """Words for a train: "the Mexican train" or "Ana's train"."""
        if line == MEXICAN:
            return Notice("log.line.mexican")
        return Notice("log.line.owned.mexican-train", owner=self.names[int(line) - 1])

    def pass_reason(self) -> str | None:
        if self.over or self.legal_actions() != [PASS]:
            return None
        if self.phase == FIRST_TURN:
            return with_clause(Notice("rule.mt.pass.first_turn"), "MT.6d")
        if self.owed and not self.extra_owed:
            tile, line = self.owed[0]
            return with_clause(Notice("rule.mt.pass.owed", tile=tile, line=self.line_name(line)), "MT.12c")
        if self.drew:
            return with_clause(Notice("rule.mt.pass.drawn"), "MT.9b")
        return with_clause(Notice("rule.mt.pass.boneyard_empty"), "MT.9b")

    # ------------------------------------------------------------- apply
    def apply(self, action: Action) -> list[Event]:
        self.check(action)
        return self.apply_choice(action)

    def apply_choice(self, action: Action) -> list[Event]:
        """Apply one of this position's legal action objects (not checked again)."""
        out: list[Event] = []
        self._legal = None
        seat = self.current
        if isinstance(action, PlaceEngine):
            self._take(seat, action.tile)
            self.centre = action.tile
            self._emit_simple(out, ENGINE_LINE, seat, action.tile)
            self.phase = FIRST_TURN
            self.first_played = 0
        elif self.phase == FIRST_TURN:
            self._apply_first_turn(action, out)
        else:
            self._apply_normal(action, out)
        return out

    def _give(self, seat: int, tile: Tile) -> None:
        """``tile`` joins ``seat``'s hand (and its index by value)."""
        self.hands[seat].append(tile)
        holding = self.holding[seat]
        low, high = tile
        holding[low].append(tile)
        if low != high:
            holding[high].append(tile)

    def _take(self, seat: int, tile: Tile) -> None:
        """``tile`` leaves ``seat``'s hand (and its index by value)."""
        self.hands[seat].remove(tile)
        holding = self.holding[seat]
        low, high = tile
        holding[low].remove(tile)
        if low != high:
            holding[high].remove(tile)

    def _lay(self, seat: int, tile: Tile, line: LineId, out: list[Event]) -> None:
        """Lay ``tile`` from ``seat``'s hand on ``line``; laying or covering a double makes the owed doubles stale."""
        self._take(seat, tile)
        train = self.trains[line]
        low, high = tile
        if low == high or (train and train[-1][0] == train[-1][1]):
            self._owed_stale = True
        train.append(tile)
        end = high if low == self.ends[line] else low
        self.ends[line] = end
        if low == high:
            self.doubles_played.append((tile, line))
        self._emit_simple(out, PLAY_LINE, seat, tile, line, end)

    def _apply_first_turn(self, action: Action, out: list[Event]) -> None:
        seat = self.current
        if isinstance(action, Play):
            self._lay(seat, action.tile, seat, out)
            self.first_played += 1
            if self.holding[seat][self.ends[seat]]:
                return
            self._emit_simple(out, END_FIRST_TURN_LINE, seat)
        elif isinstance(action, EndTurn):
            self._emit_simple(out, END_FIRST_TURN_LINE, seat)
        else:
            self._mark(seat)
            self._emit_simple(out, PASS_LINE, seat)
        self._next_first_turn(out)

    def _next_first_turn(self, out: list[Event]) -> None:
        """MT.6f, MT.6g, MT.7: after the last first turn, normal play begins."""
        self.first_turns_done += 1
        self.first_played = 0
        if self.first_turns_done < self.players:
            self.current = self.next_seat(self.current)
            return
        self._update_owed()
        if any(not self.hands[s] for s in self.seats):
            self._end_round("out", out)
        elif self._blocked():
            self._end_round("blocked", out)
        else:
            self.phase = NORMAL
            self.current = self.holder

    def _apply_normal(self, action: Action, out: list[Event]) -> None:
        seat = self.current
        if isinstance(action, Play):
            self._play_normal(seat, action, out)
        elif isinstance(action, Draw):
            tile = self.boneyard.pop()
            self._give(seat, tile)
            self.drew = True
            self.drawn_tile = tile
            self._emit_simple(out, DRAW_LINE, seat, tile, "play")
        elif isinstance(action, Pass):
            self._mark(seat)
            self._emit_simple(out, PASS_LINE, seat)
            self._end_turn(out)

    def _play_normal(self, seat: int, action: Play, out: list[Event]) -> None:
        covering = bool(self.owed) and not self.extra_owed
        self._lay(seat, action.tile, action.line, out)
        if action.line == seat:
            self._unmark(seat)
        if not self.hands[seat]:
            self._end_round("out", out)
        elif action.tile[0] == action.tile[1] and not covering:
            self.extra_owed = True
            self.drew = False
            self.drawn_tile = None
        else:
            self._end_turn(out)

    def _end_turn(self, out: list[Event]) -> None:
        """MT.12a owed doubles, MT.14 block check, then the next seat."""
        if self._owed_stale:
            self._update_owed()
        self.extra_owed = False
        self.drew = False
        self.drawn_tile = None
        self.current = self.next_seat(self.current)
        if self._blocked():
            self._end_round("blocked", out)

    def _update_owed(self) -> None:
        """MT.12a: doubles still last on their train, in the order played."""
        self.owed = [(t, line) for t, line in self.doubles_played if self.trains[line][-1] == t]
        self._owed_stale = False

    def _blocked(self) -> bool:
        """MT.14: boneyard empty and nobody could play even with every train marked."""
        if self.boneyard:
            return False
        ends = (self.owed[0][0][0],) if self.owed else set(self.ends.values())
        return not any(holding[end] for holding in self.holding.values() for end in ends)

    # ------------------------------------------------------------ reading
    def view(self, seat: int | None) -> PlayerView:
        """DX.4: own hand, public trains, markers, owed doubles, counts, scores."""
        own_turn = seat is not None and seat == self.to_move()
        return self._view(
            seat,
            rounds=self.rounds,
            phase=self.phase,
            stock_count=len(self.boneyard),
            centre=self.centre,
            lines=self._line_views(),
            owed=tuple(OwedDouble(t, line) for t, line in self.owed),
            extra=MappingProxyType(
                {
                    "engine": self.engine,
                    "holder": self.holder,
                    "markers": frozenset(self.markers),
                    "extra_play_owed": self.extra_owed,
                    "drew": self.drew,
                    "first_turns_done": self.first_turns_done if self.phase != NORMAL else self.players,
                    "drawn_tile": self.drawn_tile if own_turn else None,
                }
            ),
        )

    def clone(self) -> MexicanTrainState:
        """An independent copy: containers copied one level deep (tiles and events are immutable)."""
        if not self.round:
            return super().clone()
        other = self._clone_table()
        other.hands = {seat: list(hand) for seat, hand in self.hands.items()}
        other.holding = {seat: [list(tiles) for tiles in holding] for seat, holding in self.holding.items()}
        other.boneyard = list(self.boneyard)
        other.trains = {line: list(tiles) for line, tiles in self.trains.items()}
        other.ends = dict(self.ends)
        other.markers = set(self.markers)
        other._targets = {}
        other.doubles_played = list(self.doubles_played)
        other.owed = list(self.owed)
        other._line_cache = dict(self._line_cache)
        return other

    def _line_views(self) -> tuple[LineView, ...]:
        """The trains as LineViews, rebuilt only for trains changed since last time."""
        cache = self._line_cache
        for line, tiles in self.trains.items():
            available = line == MEXICAN or line in self.markers
            cached = cache.get(line)
            if cached is None or len(cached.tiles) != len(tiles) or cached.available != available:
                owner = None if line == MEXICAN else line
                cache[line] = LineView(line, owner, tuple(tiles), self.ends[line], available)
        return tuple(cache.values())

    def snapshot(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "holder": self.holder,
            "hands": {s: sorted(h) for s, h in self.hands.items()},
            "boneyard": list(self.boneyard),
            "trains": {k: list(v) for k, v in self.trains.items()},
            "ends": dict(self.ends),
            "markers": sorted(self.markers),
            "owed": list(self.owed),
            "doubles_played": list(self.doubles_played),
            "first_turns_done": self.first_turns_done,
            "first_played": self.first_played,
            "extra_owed": self.extra_owed,
            "drew": self.drew,
            "drawn_tile": self.drawn_tile,
            "centre": self.centre,
            "totals": dict(self.scores),
            "over": self.over,
            "winners": list(self.winning_seats),
        }


def _laid_this_first_turn(view: PlayerView) -> int:
    """How many tiles the seat to move laid so far in its first turn (MT.6): its plays at the history's end."""
    count = 0
    for event in reversed(view.history):
        if event.type != "play" or event["seat"] != view.to_move:
            break
        count += 1
    return count


def _doubles_laid(view: PlayerView) -> list[tuple[Tile, LineId]]:
    """The doubles laid in the view's round with their trains, in the order played (MT.6g, MT.12a): its history."""
    laid = [(Tile.parse(event["tile"]), event["line"]) for event in view.history if event.type == "play"]
    return [(tile, line) for tile, line in laid if tile.is_double]


def by_value(hand: Sequence[Tile], highest: int) -> list[list[Tile]]:
    """``hand`` indexed by pip value: entry ``v`` lists the tiles carrying ``v`` (a double once), in hand order."""
    index: list[list[Tile]] = [[] for _ in range(highest + 1)]
    for tile in hand:
        low, high = tile
        index[low].append(tile)
        if low != high:
            index[high].append(tile)
    return index
