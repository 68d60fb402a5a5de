"""The expert bot (DX.4, DX.1): blind, deterministic, bounded search over guessed deals.

Positions come from random legal play of both games. The expert must give
the same choice whatever the hidden tiles are (permuted among the other
hands and the boneyard or set-aside pile), the same choice for the same
generator, a bounded number of rollouts, and a legal action; the game's
``determinize`` must rebuild exactly the position the view shows, one that
plays on as the real one to the round's end; and
what the public history proves about hidden hands must be true.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mt_helpers import MEXICAN, act, rigged, started, t

import roundhouse.bots.expert as expert_module
from roundhouse.bots.expert import MIN_SAMPLES, ExpertBot
from roundhouse.bots.expert.evidence import lacking
from roundhouse.bots.expert.sampling import Sampler
from roundhouse.core.game.actions import Draw, EndTurn, Pass, Play
from roundhouse.core.game.decision_random import decision_rng
from roundhouse.core.game.state import MatchState
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.view_codec import decode, encode
from roundhouse.variants.mexican_train.rules import FIRST_TURN

REGISTRY = get_plugin_manager().registry
GAMES = ("mexican-train", "double-nine-branch")
PILE = {"mexican-train": "boneyard", "double-nine-branch": "set_aside"}
SMALL = 24
"""A small budget keeps these tests quick; the search is the same at any budget."""


def _positions(variant_id: str, players: int, seed: int, count: int) -> list[MatchState]:
    """Clones of a randomly played match at decisions with a choice, up to ``count`` of them."""
    state = REGISTRY.variant(variant_id).new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    found = []
    while not state.is_over() and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply(legal[rng.randrange(len(legal))])
    return found


def _permuted(state: MatchState, rng: random.Random) -> MatchState:
    """A clone whose tiles hidden from the seat to move are shuffled among the other hands and the pile."""
    seat = state.to_move()
    other = state.clone()
    hands = other.hands  # type: ignore[attr-defined]
    pile = getattr(other, PILE[other.variant_id])
    owners = [s for s in hands if s != seat]
    hidden = [t for s in owners for t in hands[s]] + list(pile)
    rng.shuffle(hidden)
    for s in owners:
        size = len(hands[s])
        hands[s][:], hidden = hidden[:size], hidden[size:]
    pile[:] = hidden
    other._legal = None  # type: ignore[attr-defined]
    return other


def _truth(state: MatchState) -> tuple[dict, tuple]:
    """The real other hands and pile of ``state`` (the pile in draw order)."""
    seat = state.to_move()
    hands = {s: tuple(h) for s, h in state.hands.items() if s != seat}  # type: ignore[attr-defined]
    pile = getattr(state, PILE[state.variant_id])
    return hands, tuple(reversed(pile)) if state.variant_id == "mexican-train" else tuple(pile)


@pytest.mark.parametrize("variant_id", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_DX_4_expert_choice_depends_only_on_the_view(variant_id, players):
    """Permuting the hidden tiles keeps the view, the legal actions and the expert's choice."""
    expert = ExpertBot(REGISTRY.variants, rollouts=SMALL)
    checked = 0
    for seed in range(3):
        for state in _positions(variant_id, players, seed, 4):
            seat = state.to_move()
            view, legal = state.view(seat), state.legal_actions()
            choice = expert.choose(view, legal, decision_rng(seed, 1, seat, 7))
            assert choice in legal
            for shuffle_seed in range(2):
                other = _permuted(state, random.Random(shuffle_seed))
                assert other.view(seat) == view and other.legal_actions() == legal
                assert expert.choose(other.view(seat), legal, decision_rng(seed, 1, seat, 7)) == choice
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("variant_id", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_determinize_with_the_true_hidden_tiles_rebuilds_the_position(variant_id, players):
    """``Variant.determinize`` from the view and the real hidden tiles: same legal actions, same view, same rollout."""
    for seed in range(4):
        for state in _positions(variant_id, players, seed, 8):
            seat = state.to_move()
            built = _rebuilt(state)
            assert built.legal_actions() == state.legal_actions()
            assert _public(built.view(seat)) == _public(state.view(seat))
            real, copy = state.clone(), built.clone()
            real.rollout(random.Random(seed))
            copy.rollout(random.Random(seed))
            assert real.totals() == copy.totals()


def _public(view: PlayerView) -> tuple[object, ...]:
    """What a view shows of its position, its history left out (a rebuilt position has none)."""
    return view.hand, view.lines, view.owed, view.phase, view.to_move, dict(view.extra), dict(view.totals)


def _rebuilt(state: MatchState) -> MatchState:
    """``state`` rebuilt by its game's ``determinize`` from the view of the seat to move and the true hidden tiles."""
    hands, pile = _truth(state)
    return REGISTRY.variant(state.variant_id).determinize(state.view(state.to_move()), hands, pile)


def test_MT_11a_MT_12a_rebuilt_position_keeps_a_double_whose_extra_play_is_pending():
    """4-4 becomes owed when its player's turn ends, also in a position rebuilt before the end of that turn."""
    state = started(rigged({1: ["12-12", "4-12", "4-4", "0-1"], 2: ["7-12", "9-12", "5-6"]}, stock=["2-3", "1-2"]))
    act(state, "engine 12-12", Play(t("4-12"), 1), EndTurn(), Play(t("7-12"), 2), Play(t("4-4"), 1))
    assert state.extra_owed and not state.owed  # MT.11a: seat 1 owes an extra play; 4-4 is not owed yet
    built = _rebuilt(state)
    for game in (state, built):
        act(game, Draw(), Pass())  # seat 1 draws 2-3, which fits nowhere (MT.11c)
        assert game.owed == [(t("4-4"), 1)]
        # MT.12b, MT.12c: seat 2 cannot cover 4-4, so it draws; 9-12 may not go on the Mexican train
        assert game.legal_actions() == [Draw()]


def test_MT_11b_MT_12a_rebuilt_position_owes_the_doubles_of_a_turn_in_the_order_played():
    """5-5 laid on the Mexican train before 4-4 on seat 1's own train is owed first, also in a rebuilt position."""
    hands = {1: ["12-12", "4-12", "5-12", "5-5", "4-4", "0-1"], 2: ["7-12", "7-8", "5-6", "4-9"]}
    state = started(rigged(hands, stock=["2-3"]))
    act(state, "engine 12-12", Play(t("4-12"), 1), EndTurn(), Play(t("7-12"), 2), EndTurn())
    act(state, Play(t("5-12"), MEXICAN), Play(t("7-8"), 2), Play(t("5-5"), MEXICAN), Play(t("4-4"), 1))
    built = _rebuilt(state)
    for game in (state, built):
        act(game, Draw(), Pass())  # seat 1 draws 2-3, which fits nowhere (MT.11c)
        assert game.owed == [(t("5-5"), MEXICAN), (t("4-4"), 1)]
        assert game.legal_actions() == [Play(t("5-6"), MEXICAN)]  # MT.12b: the oldest first, not 4-9 on 4-4


def test_MT_5_MT_6_rebuilt_position_at_the_engine_placement_has_every_first_turn_to_come():
    """Rebuilt before the engine is placed, the holder's first turn is followed by the next seat's (MT.6, MT.7)."""
    state = started(rigged({1: ["12-12", "3-12", "0-1"], 2: ["5-12", "2-2"]}))
    built = _rebuilt(state)
    assert built.first_turns_done == state.first_turns_done == 0
    for game in (state, built):
        act(game, "engine 12-12", Play(t("3-12"), 1))  # nothing else fits 3: seat 1's first turn ends
        assert (game.phase, game.current, game.legal_actions()) == (FIRST_TURN, 2, [Play(t("5-12"), 2)])


@pytest.mark.parametrize("variant_id", GAMES)
@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), prefix=st.integers(0, 120), data=st.data())
def test_determinize_with_the_true_hidden_tiles_plays_on_as_the_real_game(variant_id, seed, prefix, data):
    """After a random match prefix, the rebuilt position and the real one agree at every step to the round's end.

    The same random actions are applied to both: after each, the legal
    actions and the public position are the same, and so are the round's
    points at its end.
    """
    variant = REGISTRY.variant(variant_id)
    players = data.draw(st.integers(variant.min_players, variant.max_players), label="players")
    state = variant.new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(prefix):
        before = state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if state.is_over():  # the match's last decision then
            state = before
            break
    built, real = _rebuilt(state), state.clone()
    built.listening = real.listening = False  # both stop at the round's end (the rebuilt one deals no more)
    while real.to_move() is not None:
        seat, legal = real.to_move(), real.legal_actions()
        assert built.to_move() == seat and built.legal_actions() == legal
        assert _public(built.view(seat)) == _public(real.view(seat))
        action = legal[rng.randrange(len(legal))]
        real.apply(action)
        built.apply(action)
    assert built.to_move() is None and built.totals() == real.totals()


@pytest.mark.parametrize("variant_id", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_MT_9_DB_8_proven_voids_hold_and_guesses_respect_them(variant_id, players):
    """What a draw or a pass proves is true of the real hands; every guess deals exactly the unseen tiles."""
    proofs = 0
    for seed in range(6):
        for state in _positions(variant_id, players, seed, 30):
            seat = state.to_move()
            view = state.view(seat)
            voids = lacking(view)
            for other, values in voids.items():
                assert not any(t.a in values or t.b in values for t in state.hands[other]), (other, values)  # type: ignore[attr-defined]
                proofs += other != seat
            sampler = Sampler.of(view)
            assert sampler is not None
            hands, pile = _truth(state)
            guess = sampler.guess(random.Random(seed))
            assert {s: len(h) for s, h in guess.hands.items()} == {s: len(h) for s, h in hands.items()}
            dealt = sorted([t for h in guess.hands.values() for t in h] + list(guess.stock))
            assert dealt == sorted([t for h in hands.values() for t in h] + list(pile))
    assert proofs > 0


def test_DX_1_same_view_and_generator_give_the_same_choice_and_the_budget_bounds_the_rollouts(monkeypatch):
    state = _positions("mexican-train", 4, 5, 3)[-1]
    seat = state.to_move()
    view, legal = state.view(seat), state.legal_actions()
    expert = ExpertBot(REGISTRY.variants, rollouts=40)
    calls = []
    real_playout = expert_module.playout
    monkeypatch.setattr(expert_module, "playout", lambda *args: calls.append(1) or real_playout(*args))
    first = expert.choose(view, legal, decision_rng(3, 1, seat, 9))
    assert len(calls) == max(MIN_SAMPLES, 40 // len(legal)) * len(legal)
    assert expert.choose(view, legal, decision_rng(3, 1, seat, 9)) == first


def test_a_game_without_determinize_gets_the_planners_choice():
    state = _positions("double-nine-branch", 4, 2, 3)[-1]
    seat = state.to_move()
    view, legal = state.view(seat), state.legal_actions()
    without = ExpertBot({}, rollouts=SMALL)
    planner = REGISTRY.bot("planner")
    assert without.choose(view, legal, random.Random(1)) == planner.choose(view, legal, random.Random(1))


@pytest.mark.parametrize("variant_id", GAMES)
def test_expert_plays_whole_rounds_legally(variant_id):
    """The session checks every action: an illegal choice or an error would raise (no fallback bot is set)."""
    expert = ExpertBot(REGISTRY.variants, rollouts=8)
    seats = [Seat("E", "expert"), Seat("P", "planner"), Seat("G", "greedy")]
    bots = {"expert": expert, "planner": REGISTRY.bot("planner"), "greedy": REGISTRY.bot("greedy")}
    session = Session(REGISTRY.variant(variant_id), seats, bots, seed=4)
    while session.state.round < 2 and not session.is_over:
        session.step()
    assert session.bot_faults == ()


@pytest.mark.parametrize("variant_id", GAMES)
def test_an_isolated_expert_decides_as_in_process(variant_id):
    """A view sent to a bot process (encoded, decoded) gives the same choice: ``--isolate-bots`` plays the same."""
    expert = ExpertBot(REGISTRY.variants, rollouts=SMALL)
    for state in _positions(variant_id, 3, 8, 5):
        seat = state.to_move()
        view, legal = state.view(seat), state.legal_actions()
        sent = decode(json.loads(json.dumps(encode(view))))
        assert expert.choose(sent, legal, decision_rng(8, 1, seat, 3)) == expert.choose(
            view, legal, decision_rng(8, 1, seat, 3)
        )
