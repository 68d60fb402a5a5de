"""DX.4, the security boundary: bots and hints see only the seat's view.

For random positions of both games, the tiles hidden from the seat to move
(the other hands, the boneyard and its order, set-aside tiles) are shuffled
among themselves, hand sizes kept. The seat's view must not change, nor any
bot's decision, nor the hint. And a bot holds no reference to the state.
"""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.bots.expert import ExpertBot
from roundhouse.core.game.decision_random import decision_rng
from roundhouse.core.game.events import Event
from roundhouse.core.game.state import MatchState
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, OwedDouble, PlayerView
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager

REGISTRY = get_plugin_manager().registry
BOTS = {
    **{bot_id: REGISTRY.bot(bot_id) for bot_id in ("planner", "greedy", "random")},
    "expert": ExpertBot(REGISTRY.variants, rollouts=16),  # the registered search, on a small budget
}
BOT_IDS = tuple(BOTS)
HIDDEN_PILE = {"mexican-train": "boneyard", "double-nine-branch": "set_aside"}
PLAYERS = {"mexican-train": 4, "double-nine-branch": 4}


def _position(variant_id: str, seed: int, steps: int) -> MatchState:
    """A match after ``steps`` uniformly random legal decisions."""
    state = REGISTRY.variant(variant_id).new_match(PLAYERS[variant_id], seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _hint(variant_id: str, state: MatchState, seed: int) -> Any:
    """What ``Session.hint`` suggests to a human at the seat to move in ``state``."""
    seat = state.to_move()
    seats = [Seat("Human") if s == seat else Seat(f"R{s}", "random") for s in range(1, state.players + 1)]
    session = make_session(REGISTRY, variant_id, seats, seed=seed)
    session.state = state
    return session.hint().action


def _shuffle_hidden(state: MatchState, seat: int, pile: str, rng: random.Random) -> MatchState:
    """A clone whose tiles hidden from ``seat`` are shuffled among the other hands and the pile."""
    other = state.clone()
    hands: dict[int, list[Tile]] = other.hands  # type: ignore[attr-defined]
    stock: list[Tile] = getattr(other, pile)
    owners = [s for s in hands if s != seat]
    hidden = [t for s in owners for t in hands[s]] + list(stock)
    rng.shuffle(hidden)
    for s in owners:
        size = len(hands[s])
        hands[s][:] = hidden[:size]
        del hidden[:size]
    stock[:] = hidden
    other._legal = None  # type: ignore[attr-defined]
    return other


def _decisions(view: PlayerView, legal: list, rng_args: tuple[int, int, int, int]) -> dict[str, Any]:
    return {bot_id: bot.choose(view, legal, decision_rng(*rng_args)) for bot_id, bot in BOTS.items()}


@pytest.mark.parametrize("variant_id", ["mexican-train", "double-nine-branch"])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), shuffle_seed=st.integers(0, 2**32))
def test_DX_4_hidden_tiles_never_change_a_decision_or_the_hint(variant_id, seed, steps, shuffle_seed):
    original = _position(variant_id, seed, steps)
    if original.is_over():
        return
    seat = original.to_move()
    rng_args = (seed, 1, seat, steps)
    shuffled = _shuffle_hidden(original, seat, HIDDEN_PILE[variant_id], random.Random(shuffle_seed))
    assert shuffled.snapshot()["hands"][seat] == original.snapshot()["hands"][seat]
    view = original.view(seat)
    assert shuffled.view(seat) == view
    legal = original.legal_actions()
    assert shuffled.legal_actions() == legal
    decisions = _decisions(view, legal, rng_args)
    assert all(action in legal for action in decisions.values())
    assert _decisions(shuffled.view(seat), legal, rng_args) == decisions
    assert _hint(variant_id, shuffled, seed) == _hint(variant_id, original, seed)


def test_DX_4_shuffling_really_moves_hidden_tiles():
    """The permutation above is not a no-op: other hands do change."""
    state = _position("mexican-train", 1, 3)
    seat = state.to_move()
    shuffled = _shuffle_hidden(state, seat, "boneyard", random.Random(2))
    before, after = state.snapshot()["hands"], shuffled.snapshot()["hands"]
    assert any(before[s] != after[s] for s in before if s != seat)
    assert all(len(before[s]) == len(after[s]) for s in before)


_IMMUTABLE_LEAVES = (int, str, bool, float, type(None), Tile)


def _assert_plain_public(value: Any) -> None:
    """An event's record form: plain JSON values (its nested lists and dicts are copies of public facts)."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str)
            _assert_plain_public(item)
    elif isinstance(value, list):
        for item in value:
            _assert_plain_public(item)
    else:
        assert isinstance(value, (int, str, bool, type(None))), f"not plain data: {value!r}"


def _assert_immutable_public(value: Any) -> None:
    """Everything reachable in a view is an immutable value, never a state."""
    assert not isinstance(value, MatchState)
    if isinstance(value, _IMMUTABLE_LEAVES):
        return
    if isinstance(value, (tuple, frozenset)):
        for item in value:
            _assert_immutable_public(item)
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            _assert_immutable_public(key)
            _assert_immutable_public(item)
    elif isinstance(value, (PlayerView, LineView, OwedDouble)):
        for name in value.__dataclass_fields__:
            _assert_immutable_public(getattr(value, name))
    elif isinstance(value, Event):
        assert isinstance(value.data, types.MappingProxyType)
        _assert_plain_public(value.to_record())
    else:
        pytest.fail(f"a view holds a mutable or unexpected {type(value).__name__}: {value!r}")


@pytest.mark.parametrize("variant_id", ["mexican-train", "double-nine-branch"])
def test_DX_4_views_hold_only_immutable_public_data(variant_id):
    state = _position(variant_id, 4, 30)
    for seat in range(1, PLAYERS[variant_id] + 1):
        _assert_immutable_public(state.view(seat))


def _reachable_instances(root: Any, limit: int = 2000) -> list[Any]:
    """Objects reachable from ``root`` through data (classes, modules and functions are not followed)."""
    seen: set[int] = set()
    stack, found = [root], []
    while stack and len(found) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


@pytest.mark.parametrize("variant_id", ["mexican-train", "double-nine-branch"])
@pytest.mark.parametrize("bot_id", BOT_IDS)
def test_DX_4_a_bot_keeps_no_reference_to_the_state(variant_id, bot_id):
    bot = BOTS[bot_id]
    seats = [Seat(f"B{s}", bot_id) for s in range(1, PLAYERS[variant_id] + 1)]
    session = Session(REGISTRY.variant(variant_id), seats, {bot_id: bot}, seed=9)
    for _ in range(80):
        session.step()
    reachable = _reachable_instances(bot)
    assert not any(isinstance(obj, (MatchState, Session)) for obj in reachable)
    assert not [r for r in gc.get_referrers(session.state) if r is bot or r is getattr(bot, "__dict__", None)]
