"""The contract between the neutral core and a variant's match state.

A state is owned by the session and never handed to a bot or a front end.
It knows whose decision is pending, which actions are legal, and applies an
action returning the RECORD.md events it caused. It knows nothing about
humans, screens or time; all randomness comes through its :class:`Dealer`.

For search, :meth:`MatchState.clone` gives an independent copy and
:meth:`TableState.rollout` plays a copy forward to the round's end.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Self

from roundhouse.core.game.actions import Action, IllegalAction
from roundhouse.core.game.events import Event, Shape
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView


@dataclass(frozen=True)
class Deal:
    """The tiles of one deal: each seat's hand and the stock in order.

    ``stock`` is the boneyard in draw order (next tile first), or the
    set-aside tiles of a game without drawing.
    """

    hands: Mapping[int, tuple[Tile, ...]]
    stock: tuple[Tile, ...]


class Dealer(ABC):
    """Where a state's deals come from: shuffled, rigged or recorded."""

    @abstractmethod
    def deal(self, round_number: int, tiles: Sequence[Tile], players: int, hand_size: int) -> Deal:
        """The next deal of ``tiles`` into ``players`` hands of ``hand_size``."""

    def copy(self) -> Dealer:
        """An independent dealer that hands out the same deals from here on."""
        return copy.deepcopy(self)


class ShuffleDealer(Dealer):
    """Shuffles with a seeded RNG (DX.1): same seed, same deals."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def deal(self, round_number: int, tiles: Sequence[Tile], players: int, hand_size: int) -> Deal:
        order = list(tiles)
        self.rng.shuffle(order)
        return split_deal(order, players, hand_size)

    def copy(self) -> ShuffleDealer:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return ShuffleDealer(rng)


class RiggedDealer(Dealer):
    """Hands out given deals in order (tests, record replay).

    Raises LookupError when asked for more deals than it was given.
    """

    def __init__(self, deals: Iterable[Deal]) -> None:
        self.deals = list(deals)
        self.used = 0

    def deal(self, round_number: int, tiles: Sequence[Tile], players: int, hand_size: int) -> Deal:
        if self.used >= len(self.deals):
            raise LookupError(f"no rigged deal left for round {round_number}")
        deal = self.deals[self.used]
        self.used += 1
        dealt = [t for hand in deal.hands.values() for t in hand] + list(deal.stock)
        if sorted(dealt) != sorted(tiles) or len(deal.hands) != players:
            raise ValueError(f"rigged deal for round {round_number} is not a deal of the set to {players} players")
        return deal


def split_deal(order: Sequence[Tile], players: int, hand_size: int) -> Deal:
    """Seat ``s`` takes the ``s``-th run of ``hand_size`` tiles; the rest is the stock."""
    hands = {s: tuple(order[(s - 1) * hand_size : s * hand_size]) for s in range(1, players + 1)}
    return Deal(hands, tuple(order[players * hand_size :]))


class MatchState(ABC):
    """One match of one variant, from the first deal to the match end.

    Contract: ``apply`` either raises :class:`roundhouse.core.game.actions.IllegalAction`
    (a ValueError naming the rule clause) leaving the state unchanged, or
    applies the action and returns the events it caused, including any
    automatic consequences (auto-ended turns, round end, the next deal).
    """

    variant_id: str
    players: int

    @abstractmethod
    def start(self) -> list[Event]:
        """Deal the first round; the events of the deal (and any search)."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision is pending; ``None`` once the match is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the pending seat, in a stable order."""

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise IllegalAction (naming the clause) unless ``action`` is legal now."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events (see class contract)."""

    def choices(self) -> Sequence[Action]:
        """:meth:`legal_actions` as an immutable sequence, which may be shared: the same objects, in the same order.

        For callers that only read it (the session asks a bot with it). A
        game may keep it from one call to the next while the position stays.
        """
        return tuple(self.legal_actions())

    def apply_choice(self, action: Action) -> list[Event]:
        """:meth:`apply` for an ``action`` that is one of the objects :meth:`choices` gave for this position.

        The caller vouches for legality, so a game may skip checking it
        again; by default this is ``apply``.
        """
        return self.apply(action)

    @abstractmethod
    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may know now (``None``: an onlooker)."""

    @abstractmethod
    def restart_round(self) -> list[Event]:
        """DX.7: back to the start of this round with the same deal.

        Earlier rounds' totals stay. Returns ``restart`` then the repeated
        ``deal`` (and search) events.
        """

    @abstractmethod
    def is_over(self) -> bool:
        """True once the match has ended."""

    @abstractmethod
    def totals(self) -> dict[int, int]:
        """Match totals per seat so far."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the match is over, else an empty list."""

    @abstractmethod
    def pass_reason(self) -> str | None:
        """Why the pending seat must pass (naming the clause), if it must: told to that player, a Notice translated."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """Every fact of the state as plain data, for equality in tests."""

    def clone(self) -> MatchState:
        """An independent copy (undo points, hidden-tile experiments, search)."""
        return copy.deepcopy(self)


class TableState(MatchState):
    """Bookkeeping shared by seat-based tile games, for variants to build on.

    It holds the seats, names, dealer, rule parameters, match totals, the
    public log of the current round and the legal actions of the pending
    decision (computed once per position). A subclass implements
    ``_begin_round(round_number, deal, out)`` (deal ``None``: ask the
    dealer), ``_compute_legal()``, ``_refusal(action) -> (message,
    clause)``, sets ``current`` to the seat whose decision is pending, deals
    later rounds through ``_next_round(out)``, passes ``previous_round`` into
    its views, and resets ``_legal`` to None whenever the position changes. ``_begin_round``
    keeps the round's ``deal`` and the ``round_start_totals`` for restarts.

    Speed, for engines that want it (a subclass may ignore all of it):
    :meth:`_emit_simple` reuses one Event per distinct line of ints,
    strings and tiles; :meth:`_clone_table` copies this bookkeeping cheaply
    (the dealer is copied only when a copy deals); ``listening`` False
    (set by :meth:`rollout`) skips events altogether, and ``silent`` True
    does so for a whole match that nobody watches.
    """

    listening = True
    """False: no events are made, returned or logged (a rollout; the history stops)."""

    silent = False
    """True: no events are made, returned or logged, and rounds go on as usual (nobody listens).

    Views then show no history and no previous round. The session sets it
    only for a match whose record is not kept, that no observer watches and
    whose seats are all bots that read no view (see ``Bot.reads_view``).
    """

    def __init__(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> None:
        self.players = players
        self.params = params
        self.names = list(names)
        self.dealer = dealer
        self.halted = False
        self.round = 0
        self.current = 0
        self.scores = {s: 0 for s in self.seats}
        self.round_start_totals = dict(self.scores)
        self.deal: Deal | None = None
        self.over = False
        self.winning_seats: list[int] = []
        self.public_log: list[Event] = []
        self.previous_round: PlayerView | None = None
        self._legal: Sequence[Action] | None = None

    @property
    def seats(self) -> range:
        """Seat numbers 1..n."""
        return range(1, self.players + 1)

    @property
    def dealer(self) -> Dealer:
        """Where the deals come from (a clone gets its own copy when it first deals)."""
        if self._dealer_shared:
            self._dealer = self._dealer.copy()
            self._dealer_shared = False
        return self._dealer

    @dealer.setter
    def dealer(self, dealer: Dealer) -> None:
        self._dealer = dealer
        self._dealer_shared = False

    def _emit(self, out: list[Event], type_: str, **data: Any) -> None:
        """Record an event in ``out`` and its public form in the round's log."""
        if not self.listening or self.silent:
            return
        event = Event.make(type_, **data)
        out.append(event)
        self.public_log.append(event.public())

    def _emit_simple(self, out: list[Event], shape: Shape, *values: Any) -> None:
        """:meth:`_emit` for a simple event (ints, strings and tiles): ``shape`` and its values.

        ``_emit_simple(out, PLAY_LINE, 2, tile, "mexican", 5)`` is
        ``_emit(out, "play", seat=2, tile=tile, line="mexican", end=5)``, but
        each distinct line is made once and then reused (events are immutable).
        """
        if self.listening and not self.silent:
            full, public = shape.event(*values)
            out.append(full)
            self.public_log.append(public)

    def _next_round(self, out: list[Event]) -> None:
        """Keep the finished round's final layout (``previous_round``), then deal the next round.

        A state in a :meth:`rollout` halts here instead.
        """
        if not self.listening:
            self.halted = True
            return
        if not self.silent:
            self.previous_round = self.view(None)
        self._begin_round(self.round + 1, None, out)

    def _clone_table(self) -> Self:
        """A shallow copy with this class's bookkeeping copied; a subclass copies its own containers.

        Tiles, actions, events, views and deals are immutable and shared.
        The dealer is shared until one of the two deals (then it copies it).
        """
        other = copy.copy(self)
        self._dealer_shared = other._dealer_shared = True
        other.scores = dict(self.scores)
        other.round_start_totals = dict(self.round_start_totals)
        other.winning_seats = list(self.winning_seats)
        other.public_log = list(self.public_log)
        return other

    @classmethod
    def _from_view_table(cls, view: PlayerView, params: dict[str, Any]) -> Self:
        """A state of ``view``'s table in its round, with its totals, that deals no further round.

        The start of a game's ``from_view``: the game then fills in the hands
        and the layout.
        """
        if view.seat is None or not view.round:
            raise ValueError("a position is rebuilt from a seated view of a dealt round")
        state = cls(view.players, params, list(view.names), RiggedDealer(()))
        state.round = view.round
        state.scores = dict(view.totals)
        state.round_start_totals = dict(view.totals)
        return state

    def rollout(self, rng: random.Random) -> int:
        """Play the current round to its end with uniformly random legal moves; the moves made.

        The primitive of a search: call it on a :meth:`clone`. Events are
        off from here on (the history stops), and the state halts at the
        round's end before the next deal: ``to_move()`` is then None and
        ``totals()`` include the round's points (or the match is over).
        """
        self.listening = False
        moves = 0
        while not self.over and not self.halted:
            legal = self.choices()
            self.apply_choice(legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))])
            moves += 1
        return moves

    def start(self) -> list[Event]:
        """Deal round 1; the events of the deal and whatever follows it automatically."""
        if self.round:
            raise RuntimeError("match already started")
        out: list[Event] = []
        self._begin_round(1, None, out)
        return out

    @abstractmethod
    def _begin_round(self, round_number: int, deal: Deal | None, out: list[Event]) -> None:
        """Deal (or reuse ``deal``) and set up round ``round_number``, adding its events to ``out``."""

    @abstractmethod
    def _compute_legal(self) -> list[Action]:
        """The legal actions of the pending seat (cached by :meth:`legal_actions`)."""

    @abstractmethod
    def _refusal(self, action: Action) -> tuple[str, str]:
        """Why ``action`` is illegal now: (message, clause); a Notice message is translated for the player."""

    def to_move(self) -> int | None:
        return None if self.over or self.halted else self.current

    def restart_round(self) -> list[Event]:
        """DX.7: the same deal again (so the same search or opening); earlier totals kept."""
        if self.over:
            raise IllegalAction("the match is over; start a new match instead", "DX.7")
        out = [Event.make("restart", round=self.round)]
        self.scores = dict(self.round_start_totals)
        self._begin_round(self.round, self.deal, out)
        self.public_log.insert(0, out[0].public())
        return out

    def legal_actions(self) -> list[Action]:
        return list(self.choices())

    def choices(self) -> Sequence[Action]:
        """The legal actions, worked out once per position and shared until it changes."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._compute_legal())
        return legal

    def check(self, action: Action) -> None:
        legal = self.choices()
        for candidate in legal:  # the legal objects themselves come back almost always: no comparisons
            if candidate is action:
                return
        if action not in legal:
            raise IllegalAction(*self._refusal(action))

    def is_over(self) -> bool:
        return self.over

    def totals(self) -> dict[int, int]:
        return dict(self.scores)

    def winners(self) -> list[int]:
        return list(self.winning_seats)

    # ------------------------------------------------- helpers for subclasses
    def _open_round(self, round_number: int) -> None:
        """Begin round ``round_number``'s bookkeeping: totals to restart from, an empty log, no cached actions."""
        self.round = round_number
        self.round_start_totals = dict(self.scores)
        self.public_log = []
        self._legal = None

    def _deal_until_a_double(
        self, deal: Deal | None, out: list[Event], tiles: Sequence[Tile], hand_size: int, reason: str
    ) -> tuple[Tile, int]:
        """Deal the round (``deal`` first, when given), again while no hand holds a double.

        Emits ``deal``, and ``redeal`` with ``reason`` before each new deal;
        keeps ``self.deal`` and ``self.hands`` (seat to list of tiles).
        Returns the highest double dealt and the seat holding it.
        """
        while True:
            if deal is None:
                deal = self.dealer.deal(self.round, tiles, self.players, hand_size)
            self.hands = {s: list(deal.hands[s]) for s in self.seats}
            self._emit(out, "deal", round=self.round, hands=self.hands, stock=list(deal.stock))
            doubles = [(t, s) for s in self.seats for t in self.hands[s] if t.is_double]
            if doubles:
                self.deal = deal
                return max(doubles)
            self._emit(out, "redeal", round=self.round, reason=reason)
            deal = None

    def _score(self, out: list[Event], seat: int, points: int, reason: str, **values: Any) -> None:
        """Award ``points`` to ``seat`` now: add them to its total and emit a ``score`` event.

        ``reason`` is a key of the game's text catalog ("score.ends") filled
        with ``values`` ("{count}"): front ends show "Ana scores 10: the ends
        add up to 10" as it happens, in the log, the feed and the totals.
        The event carries ``seat``, ``points``, ``reason``, ``values`` (when
        given) and the seat's match ``total`` after it.
        """
        self.scores[seat] += points
        if values:
            self._emit(out, "score", seat=seat, points=points, reason=reason, values=values, total=self.scores[seat])
        else:
            self._emit(out, "score", seat=seat, points=points, reason=reason, total=self.scores[seat])

    def _end_round_with_penalties(self, reason: str, points: Mapping[int, int], out: list[Event], rounds: int) -> bool:
        """Add each seat's ``points`` to its total and emit ``round_end``; then end the match or deal on.

        After round ``rounds`` the lowest totals win (``match_end``, shared
        on a tie) and True is returned; before it the next round is dealt
        (``_next_round``) and False is returned.
        """
        for seat, value in points.items():
            self.scores[seat] += value
        self._emit(
            out, "round_end", round=self.round, reason=reason, hands=self.hands, points=points, totals=self.scores
        )
        if self.round < rounds:
            self._next_round(out)
            return False
        low = min(self.scores.values())
        self.winning_seats = [s for s in self.seats if self.scores[s] == low]
        self.over = True
        self._emit(out, "match_end", winners=self.winning_seats, totals=self.scores)
        return True

    def _view(self, seat: int | None, **fields: Any) -> PlayerView:
        """The ``PlayerView`` of ``seat`` with what this class keeps filled in; ``fields`` give the rest.

        Fills ``variant``, ``seat``, ``players``, ``names``, ``round``,
        ``to_move``, the seat's own ``hand`` and every ``hand_counts`` (from
        ``self.hands``, seat to tiles), ``totals``, ``history`` and
        ``previous_round``. The game passes ``rounds``, ``phase``,
        ``stock_count``, ``centre``, ``lines``, ``owed`` and any of
        ``extra`` and ``obligations``.
        """
        hands = self.hands  # kept by every seat-based game (see _deal_until_a_double)
        return PlayerView(
            variant=self.variant_id,
            seat=seat,
            players=self.players,
            names=tuple(self.names),
            round=self.round,
            to_move=self.to_move(),
            hand=tuple(hands[seat]) if seat is not None else (),
            hand_counts=MappingProxyType({s: len(hands[s]) for s in self.seats}),
            totals=MappingProxyType(dict(self.scores)),
            history=tuple(self.public_log),
            previous_round=self.previous_round,
            **fields,
        )
