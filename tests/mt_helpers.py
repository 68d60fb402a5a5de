"""Test helpers for Mexican Train: rigged deals, started states and sessions.

``rigged(...)`` builds a :class:`roundhouse.core.game.state.Deal` from the hands a test names;
every tile not named goes to the boneyard after the named stock tiles. The
rule engine does not check hand sizes against MT.3 (only the dealer does),
so scenario tests may use short hands.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import Action, EndTurn, Pass, Play, parse_action
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Deal, Dealer, RiggedDealer, ShuffleDealer
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.play.session import Seat, Session
from roundhouse.variants.mexican_train.rules import FIRST_TURN, MexicanTrainState
from roundhouse.variants.mexican_train.rules import MEXICAN as MEXICAN  # re-exported for the tests
from roundhouse.variants.mexican_train.variant import MexicanTrain

VARIANT = MexicanTrain()
FULL_SET = double_set(12)

TileLike = Tile | str


def t(text: TileLike) -> Tile:
    """A tile from ``"a-b"`` (or a tile)."""
    return text if isinstance(text, Tile) else Tile.parse(text)


def ts(texts: Iterable[TileLike]) -> list[Tile]:
    """Tiles from ``"a-b"`` texts."""
    return [t(x) for x in texts]


_DEFAULTS = VARIANT.default_params()


def params(**overrides: Any) -> dict[str, Any]:
    """The rule book's parameters (params.yaml, read once) with ``overrides``."""
    chosen = copy.deepcopy(_DEFAULTS)
    chosen.update(overrides)
    return chosen


def rigged(
    hands: Mapping[int, Iterable[TileLike]],
    stock: Iterable[TileLike] = (),
    players: int | None = None,
    tiles: Sequence[Tile] = FULL_SET,
) -> Deal:
    """A deal with exactly ``hands``; the stock is ``stock`` then every other tile in set order.

    ``players`` defaults to the highest seat named. Raises ValueError when a
    tile is named twice.
    """
    players = players or max(hands)
    chosen = {s: ts(hands.get(s, ())) for s in range(1, players + 1)}
    head = ts(stock)
    named = [x for hand in chosen.values() for x in hand] + head
    if len(set(named)) != len(named):
        raise ValueError(f"a tile is named twice in the rigged deal: {sorted(map(str, named))}")
    rest = [x for x in tiles if x not in set(named)]
    return Deal({s: tuple(h) for s, h in chosen.items()}, tuple(head + rest))


class ScriptDealer(Dealer):
    """The given deals in order, one per round dealt (a restart reuses its deal), then shuffled deals."""

    def __init__(self, deals: Iterable[Deal], seed: int = 0) -> None:
        self.rigged = RiggedDealer(deals)
        self.shuffled = ShuffleDealer(random.Random(seed))

    def deal(self, round_number: int, tiles: Sequence[Tile], players: int, hand_size: int) -> Deal:
        if self.rigged.used < len(self.rigged.deals):
            return self.rigged.deal(round_number, tiles, players, hand_size)
        return self.shuffled.deal(round_number, tiles, players, hand_size)


def new_state(deals: Deal | Sequence[Deal], players: int | None = None, **param_overrides: Any) -> MexicanTrainState:
    """A not yet started state dealing ``deals`` first (then shuffled deals)."""
    deals = [deals] if isinstance(deals, Deal) else list(deals)
    players = players or len(deals[0].hands)
    state = VARIANT.new_match(players, 0, params(**param_overrides), None, ScriptDealer(deals))
    assert isinstance(state, MexicanTrainState)
    return state


def started(deals: Deal | Sequence[Deal], players: int | None = None, **param_overrides: Any) -> MexicanTrainState:
    """A started state (round 1 dealt, engine search done); events in ``state.test_events``."""
    state = new_state(deals, players, **param_overrides)
    state.test_events = list(state.start())  # type: ignore[attr-defined]
    return state


def act(state: MexicanTrainState, *actions: Action | str) -> list[Event]:
    """Apply each action (or its text) in turn; all the events, also kept in ``state.test_events``."""
    out: list[Event] = []
    for action in actions:
        chosen = parse_action(action) if isinstance(action, str) else action
        out.extend(state.apply(chosen))
    if hasattr(state, "test_events"):
        state.test_events.extend(out)
    return out


def first_turns(state: MexicanTrainState, chains: Mapping[int, Sequence[TileLike]]) -> list[Event]:
    """Place the engine and play each seat's first-turn chain on its own train.

    A seat missing from ``chains`` (or with an empty chain) passes. When a
    chain leaves the seat able to go on, its first turn is ended by choice.
    """
    out = act(state, f"engine {state.engine}")
    for _ in range(state.players):
        seat = state.current
        for tile in chains.get(seat, ()):
            out += act(state, Play(t(tile), seat))
        if state.phase == FIRST_TURN and state.current == seat and not state.is_over():
            out += act(state, EndTurn() if chains.get(seat) else Pass())
    return out


def types(events: Iterable[Event]) -> list[str]:
    """The event types, in order."""
    return [e.type for e in events]


def records(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The RECORD.md lines of ``events``."""
    return [e.to_record() for e in events]


def header(state: MexicanTrainState, seed: int = 0) -> dict[str, Any]:
    """A RECORD.md ``match`` line for a state built by these helpers."""
    return {
        "type": "match",
        "format": 1,
        "variant": "mexican-train",
        "players": state.players,
        "seed": seed,
        "seats": [{"seat": s, "name": f"Player {s}", "player": "human"} for s in range(1, state.players + 1)],
        "params": {
            k: ({str(a): b for a, b in v.items()} if isinstance(v, dict) else v) for k, v in state.params.items()
        },
    }


def record_of(state: MexicanTrainState) -> list[dict[str, Any]]:
    """The full record of a state built with :func:`started` and driven with :func:`act`."""
    return [header(state)] + records(state.test_events)  # type: ignore[attr-defined]


def conserved(state: MexicanTrainState) -> bool:
    """True when hands, boneyard, trains and centre hold every tile of the set exactly once."""
    snap = state.snapshot()
    tiles = [x for hand in snap["hands"].values() for x in hand] + list(snap["boneyard"])
    tiles += [x for train in snap["trains"].values() for x in train]
    if snap["centre"] is not None:
        tiles.append(snap["centre"])
    return len(tiles) == len(state.tiles) and set(tiles) == set(state.tiles)


def split_trail(
    tiles: Iterable[TileLike], first: int, last: int, via: int, first_double: bool = False, seed: int = 0
) -> tuple[list[Tile], list[Tile]]:
    """Two chains from ``via`` using every tile once: one ending at ``first``, one at ``last``.

    Finds an Euler trail ``first`` -> ``last`` through ``tiles`` and cuts it
    where it passes ``via``. Each chain's last tile is a non-double, except
    that with ``first_double`` the first chain ends on the double
    ``first-first``. Tries several random orders; ValueError when none fits.
    """
    pool = ts(tiles)
    for attempt in range(300):
        found = _euler(pool, first, random.Random(seed * 1000 + attempt))
        if found is None:
            raise ValueError(f"these tiles form no single chain from {first}")
        if (found[0].is_double != first_double) or found[-1].is_double:
            continue
        value = first
        for cut, tile in enumerate(found[:-1], 1):
            value = tile.other(value)
            if value == via:
                head, tail = list(reversed(found[:cut])), found[cut:]
                end = via
                for x in tail:
                    end = x.other(end)
                if end == last:
                    return head, tail
    raise ValueError(f"no cut at {via} gives chains ending at {first} and {last}")


def _euler(pool: list[Tile], start: int, rng: random.Random) -> list[Tile] | None:
    """Hierholzer's walk over ``pool`` as a multigraph; None when no trail from ``start`` uses all."""
    unused = {tile: True for tile in pool}
    adjacency: dict[int, list[Tile]] = {}
    for tile in pool:
        adjacency.setdefault(tile.a, []).append(tile)
        if not tile.is_double:
            adjacency.setdefault(tile.b, []).append(tile)
    for edges in adjacency.values():
        rng.shuffle(edges)
    stack: list[tuple[int, Tile | None]] = [(start, None)]
    path: list[Tile] = []
    while stack:
        value, via = stack[-1]
        edges = adjacency.get(value, [])
        while edges and not unused[edges[-1]]:
            edges.pop()
        if edges:
            tile = edges.pop()
            unused[tile] = False
            stack.append((tile.other(value), tile))
        else:
            stack.pop()
            if via is not None:
                path.append(via)
    path.reverse()
    return path if len(path) == len(pool) else None


def session(
    seats: Sequence[Seat] | int,
    deals: Sequence[Deal] = (),
    seed: int | None = 1,
    **param_overrides: Any,
) -> Session:
    """A Mexican Train session; ``seats`` an int means seat 1 human, the rest random bots."""
    from roundhouse.bots.random import RandomBot

    if isinstance(seats, int):
        seats = [Seat("Human")] + [Seat(f"Bot {s}", "random") for s in range(2, seats + 1)]
    factory = (lambda _match: ScriptDealer(deals, 99)) if deals else None
    return Session(
        VARIANT,
        seats,
        {"random": RandomBot()},
        seed=seed,
        params=params(**param_overrides),
        hint_bot=RandomBot(),
        dealer_factory=factory,
    )


def without(*excluded: TileLike) -> list[Tile]:
    """The full set minus ``excluded``."""
    gone = set(ts(excluded))
    return [x for x in FULL_SET if x not in gone]


def deal_two_chains(
    hand_1: Sequence[TileLike],
    hand_2: Sequence[TileLike],
    ends: tuple[int, int],
    first_double: bool = False,
    stock: Sequence[TileLike] = (),
    mexican: Sequence[TileLike] = (),
) -> tuple[Deal, list[Tile], list[Tile]]:
    """Round 1 for 2 players where the first turns lay every other tile of the set.

    Seat 1 holds the engine, a chain from 12 to ``ends[0]``, ``hand_1`` and
    the ``mexican`` tiles; seat 2 a chain from 12 to ``ends[1]`` and
    ``hand_2``; the boneyard is exactly ``stock``. The tile counts must allow
    the two chains (Euler trails); ValueError otherwise.
    """
    keep = ts(["12-12", *hand_1, *hand_2, *stock, *mexican])
    chain_1, chain_2 = split_trail(without(*keep), ends[0], ends[1], 12, first_double=first_double)
    deal = rigged({1: ["12-12", *chain_1, *hand_1, *mexican], 2: [*chain_2, *hand_2]}, stock=stock)
    return deal, chain_1, chain_2


def search_deal(players: int, hand_size: int, engine: TileLike, index: int, seed: int = 0) -> Deal:
    """A shuffled deal where no hand holds ``engine``; it lies at ``index`` of the boneyard."""
    engine = t(engine)
    others = [x for x in FULL_SET if x != engine]
    random.Random(seed).shuffle(others)
    hands = {s: tuple(others[(s - 1) * hand_size : s * hand_size]) for s in range(1, players + 1)}
    stock = others[players * hand_size :]
    stock.insert(index, engine)
    return Deal(hands, tuple(stock))


def quick_round(players: int, engine_value: int, holder: int = 1) -> Deal:
    """A deal whose round ends after the first turns: the holder holds only the engine and one tile."""
    other = 0 if engine_value else 1
    spare = [v for v in range(13) if v not in (engine_value, other)]
    hands: dict[int, list[str]] = {holder: [f"{engine_value}-{engine_value}", f"{other}-{engine_value}"]}
    for k, seat in enumerate(s for s in range(1, players + 1) if s != holder):
        hands[seat] = [f"{spare[k]}-{spare[k]}"]
    return rigged(hands, players=players)


def finish_round(state: MexicanTrainState) -> list[Event]:
    """Play the first legal action until the current round is over."""
    number = state.round
    out: list[Event] = []
    while state.round == number and not state.is_over():
        out += act(state, state.legal_actions()[0])
    return out
