"""Helpers for the Double-Nine Branch tests: rigged deals, arranged positions, fast bot matches."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from roundhouse.core.game.actions import Action
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import Deal, RiggedDealer
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.variants.double_nine_branch.rules import DoubleNineBranchState
from roundhouse.variants.double_nine_branch.variant import DoubleNineBranch

VARIANT = DoubleNineBranch()
FULL_SET = double_set(9)


def tiles(text: str) -> list[Tile]:
    """``"5-8 3-3"`` -> [Tile(5, 8), Tile(3, 3)]."""
    return [Tile.parse(t) for t in text.split()]


def deal_of(hands: Mapping[int, str], players: int | None = None, hand_size: int = 8) -> Deal:
    """A rigged deal: each seat's given tiles (text), topped up to ``hand_size``.

    Hands are topped up, in seat order, with the lowest remaining tiles that
    are not doubles (doubles only once those run out, with 6 players), so a
    hand holds a double only when the test gives it one. The rest of the set
    is set aside, in set order.
    """
    players = players or len(hands)
    given = {s: tiles(hands.get(s, "")) for s in range(1, players + 1)}
    used = [t for h in given.values() for t in h]
    if len(used) != len(set(used)):
        raise ValueError("a tile is dealt twice")
    rest = [t for t in FULL_SET if t not in used]
    for seat in range(1, players + 1):
        spare = [t for t in rest if not t.is_double] + [t for t in rest if t.is_double]
        fill = spare[: hand_size - len(given[seat])]
        given[seat] += fill
        rest = [t for t in rest if t not in fill]
        if len(given[seat]) != hand_size:
            raise ValueError(f"seat {seat} has {len(given[seat])} tiles, not {hand_size}")
    return Deal({s: tuple(given[s]) for s in range(1, players + 1)}, tuple(rest))


def new_state(players: int, *deals: Deal, **params: Any) -> tuple[DoubleNineBranchState, list[Event]]:
    """A started match dealt from ``deals`` in order; ``params`` override the defaults."""
    chosen = {**VARIANT.default_params(), **params}
    state = VARIANT.new_match(players, 0, chosen, None, RiggedDealer(deals))
    assert isinstance(state, DoubleNineBranchState)
    return state, state.start()


def arrange(
    state: DoubleNineBranchState,
    centre: str,
    hands: Mapping[int, str],
    branches: Mapping[int, str] | None = None,
    open_order: Iterable[int] = (),
    current: int = 1,
    opener: int | None = None,
) -> None:
    """Put a started match in a mid-round position (play phase); the rest of the set is set aside.

    Branch tiles are listed from the centre outwards and must chain; the
    position must use each tile at most once. The centre is counted as played.
    """
    centre_tile = Tile.parse(centre)
    layout = {s: tiles(b) for s, b in (branches or {}).items()}
    held = {s: tiles(hands.get(s, "")) for s in state.seats}
    used = [centre_tile] + [t for b in layout.values() for t in b] + [t for h in held.values() for t in h]
    if len(used) != len(set(used)):
        raise ValueError("a tile is used twice in the arranged position")
    state.hands = held
    state.set_aside = [t for t in state.tiles if t not in used]
    state.centre = centre_tile
    state.branches = {s: list(layout.get(s, [])) for s in state.seats}
    state.ends = {}
    for seat in state.seats:
        end = centre_tile.a
        for tile in state.branches[seat]:
            end = tile.other(end)
        state.ends[seat] = end
    state.open_order = list(open_order)
    state.current = current
    state.opener = opener if opener is not None else current
    state.phase = "play"
    state._legal = None


def all_tiles_in_play(state: DoubleNineBranchState) -> list[Tile]:
    """Hands + branches + centre + set-aside tiles (DB.2: must be the 55 tiles exactly once)."""
    out = [t for h in state.hands.values() for t in h]
    out += [t for b in state.branches.values() for t in b]
    out += list(state.set_aside)
    if state.centre is not None:
        out.append(state.centre)
    return out


def play_match(
    players: int, seed: int, choose_seed: int | None = None, **params: Any
) -> tuple[DoubleNineBranchState, list[dict[str, Any]]]:
    """A full match with uniformly random legal choices, and its RECORD.md lines."""
    chosen = {**VARIANT.default_params(), **params}
    state = VARIANT.new_match(players, seed, chosen)
    assert isinstance(state, DoubleNineBranchState)
    rng = random.Random(seed if choose_seed is None else choose_seed)
    events = state.start()
    while not state.is_over():
        events += state.apply(random_choice(state, rng))
    return state, [record_header(state, seed)] + [e.to_record() for e in events]


def record_header(state: DoubleNineBranchState, seed: int) -> dict[str, Any]:
    """The RECORD.md ``match`` line of a match played by random bots."""
    return {
        "type": "match",
        "format": 1,
        "variant": VARIANT.id,
        "players": state.players,
        "seed": seed,
        "seats": [{"seat": s, "name": state.names[s - 1], "player": "bot:random"} for s in state.seats],
        "params": dict(state.params),
    }


def random_choice(state: DoubleNineBranchState, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]
