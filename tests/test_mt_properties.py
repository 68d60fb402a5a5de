"""Hypothesis properties of Mexican Train over random games, for every player count 2..10.

Random players pick uniformly among the legal actions. Full 13-round
matches run for every player count; single or shortened rounds carry the
costlier per-step checks. Every record is re-checked by the independent
referee (tests/referee.py), which re-derives the legal plays from RULES.md:
an engine that offered an illegal play, or hid a legal one before a draw or
pass, would be caught there.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mt_helpers import FULL_SET, MEXICAN, VARIANT, conserved, header, params, session
from referee import check_record

from roundhouse.core.game.actions import Action, Draw, EndTurn, IllegalAction, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.record import replay

PLAYERS = range(2, 11)
SEEDS = st.integers(min_value=0, max_value=2**32)
CLAUSE = re.compile(r"MT\.([1-9]|1[0-6])[a-g]?")
FAST = settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_match(players: int, seed: int, step_check=None, **overrides):
    """A match between random players; returns (state, record lines).

    ``step_check(state, rng)`` runs before each action.
    """
    state = VARIANT.new_match(players, seed, params(**overrides))
    events = list(state.start())
    rng = random.Random(seed)
    while not state.is_over():
        assert len(events) < 50_000, "a match that never ends"
        if step_check is not None:
            step_check(state, rng)
        events += state.apply(rng.choice(state.legal_actions()))
    return state, [header(state, seed)] + [e.to_record() for e in events]


def random_action(state, rng: random.Random) -> Action:
    """Any action at all: a random verb, tile (sometimes outside the set) and line."""
    tile = rng.choice(FULL_SET) if rng.random() < 0.9 else Tile(rng.randrange(13, 20), rng.randrange(0, 20))
    line = rng.choice([MEXICAN, "Mexican", "train", 0, state.players + 1, *range(1, state.players + 1)])
    verb = rng.randrange(6)
    return [PlaceEngine(tile), OpenDouble(tile), Play(tile, line), Draw(), Pass(), EndTurn()][verb]


def expected_legal(view) -> set[Action]:
    """The legal actions RULES.md gives for the seat to move, from its own view alone (MT.5-MT.12)."""
    seat, hand, extra = view.seat, view.hand, view.extra
    if view.phase == "engine":
        return {PlaceEngine(extra["engine"])}
    own = view.line(seat)
    if view.phase == "first_turn":
        chain = {Play(x, seat) for x in hand if own.end in x}
        if own.tiles:  # MT.6c: after the first tile the player may stop
            return chain | {EndTurn()}
        return chain or {Pass()}
    tiles = [extra["drawn_tile"]] if extra["drew"] else hand
    if view.owed and not extra["extra_play_owed"]:
        oldest = view.owed[0]
        lines = [view.line(oldest.line)]
    else:
        lines = [own, view.line(MEXICAN)] + [x for x in view.lines if x.available and x.owner not in (None, seat)]
    plays = {Play(x, line.id) for x in tiles for line in lines if line.end in x}
    if plays:
        return plays
    return {Draw()} if view.stock_count and not extra["drew"] else {Pass()}


def check_step(state, rng: random.Random) -> None:
    """Tiles conserved; legal actions distinct, as the rules give them and accepted; illegal ones refused."""
    assert conserved(state)
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)
    assert set(legal) == expected_legal(state.view(state.to_move()))
    for action in legal:
        state.check(action)
    before = state.snapshot()
    for _ in range(3):
        action = random_action(state, rng)
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(action)
        assert refused.value.clause and CLAUSE.fullmatch(refused.value.clause), str(refused.value)
        assert state.snapshot() == before
    assert state.legal_actions() == legal


def check_finished(state, lines, book: bool) -> None:
    """13 (or the chosen number of) rounds, totals add up, the record replays and the referee accepts it."""
    ends = [line for line in lines if line["type"] == "round_end"]
    assert len(ends) == state.rounds and [e["round"] for e in ends] == list(range(1, state.rounds + 1))
    sums = {str(s): sum(e["points"][str(s)] for e in ends) for s in range(1, state.players + 1)}
    assert ends[-1]["totals"] == sums == {str(s): v for s, v in state.totals().items()}
    assert lines[-1] == {"type": "match_end", "winners": state.winners(), "totals": sums}
    assert replay(lines, VARIANT).snapshot() == state.snapshot()
    summary = check_record(lines, book_params=book)
    assert summary.finished and summary.winners == state.winners()


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_full_match_of_13_rounds(players, seed):
    """MT.2, MT.15: a full rule-book match, tiles conserved at every step (MT.1)."""
    state, lines = play_match(players, seed, lambda s, _rng: _conserved_and_legal(s))
    assert state.rounds == 13
    check_finished(state, lines, book=True)


def _conserved_and_legal(state) -> None:
    assert conserved(state)
    legal = state.legal_actions()
    assert legal and len(set(legal)) == len(legal)


@pytest.mark.parametrize("players", PLAYERS)
@FAST
@given(seed=SEEDS, rounds=st.integers(1, 2), ascending=st.booleans())
def test_short_matches_refuse_random_illegal_actions(players, seed, rounds, ascending):
    """Every step: random illegal actions are refused naming an MT clause, the snapshot unchanged."""
    order = "ascending" if ascending else "descending"
    state, lines = play_match(players, seed, check_step, rounds=rounds, engine_order=order)
    check_finished(state, lines, book=False)


def permuted(state, seat, rng: random.Random):
    """A copy where the tiles hidden from ``seat`` (other hands, boneyard) are shuffled, counts kept.

    The engine double before it is placed and a just-drawn tile stay where they
    are: their places are public (the holder, the drawer's pending play).
    """
    copy = state.clone()
    fixed = {state.drawn_tile} | ({state.engine} if state.phase == "engine" else set())
    others = [s for s in copy.hands if s != seat]
    pool = [x for s in others for x in copy.hands[s] if x not in fixed] + list(copy.boneyard)
    rng.shuffle(pool)
    for s in others:
        keep = [x for x in copy.hands[s] if x in fixed]
        take = len(copy.hands[s]) - len(keep)
        copy.hands[s], pool = keep + pool[:take], pool[take:]
    copy.boneyard = pool
    return copy


@pytest.mark.parametrize("players", PLAYERS)
@FAST
@given(seed=SEEDS, rate=st.floats(0.02, 0.08))
def test_view_ignores_the_tiles_hidden_from_it(players, seed, rate):
    """DX.4: permuting the other hands and the boneyard does not change a seat's view."""
    probes = random.Random(seed + 1)
    done, moved = [], []

    def probe(state, rng):
        if done and probes.random() > rate:
            return
        done.append(state.phase)
        for seat in [*range(1, players + 1), None]:
            shuffled = permuted(state, seat, probes)
            assert conserved(shuffled)
            assert shuffled.view(seat) == state.view(seat)
            moved.append(shuffled.snapshot()["hands"] != state.snapshot()["hands"])

    play_match(players, seed, probe, rounds=1)
    assert done and any(moved)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, choice_seed=SEEDS)
def test_undo_then_redo_is_exact(players, seed, choice_seed):
    """DX.6: undo returns to the pending decision; redo restores the same snapshot and record."""
    choices = random.Random(choice_seed)
    game = session(players, seed=seed, rounds=1)
    game.run_bots()
    pending = []
    while not game.is_over:
        if pending and choices.random() < 0.25:
            before = (game.state.snapshot(), game.record.lines(), [e.to_text() for e in game.log])
            game.undo()
            assert (game.state.snapshot(), game.record.lines()) == pending[-1]
            game.redo()
            assert (game.state.snapshot(), game.record.lines(), [e.to_text() for e in game.log]) == before
            if choices.random() < 0.5:
                game.undo()
                pending.pop()
                continue
        pending.append((game.state.snapshot(), game.record.lines()))
        game.decide(choices.choice(game.legal_actions()))
        game.run_bots()
    check_record(game.record.lines(), book_params=False)


def test_referee_accepts_a_thousand_random_records():
    """The referee over 1,008 random single- and two-round matches, 112 for each player count."""
    checked = blocked = 0
    for players in PLAYERS:
        for k in range(112):
            seed = players * 1000 + k
            order = "ascending" if k % 4 == 3 else "descending"
            _, lines = play_match(players, seed, rounds=1 + (k % 5 == 0), engine_order=order)
            summary = check_record(lines, book_params=False)
            checked += summary.finished
            blocked += summary.blocked_rounds
    assert checked == 1008
    assert blocked > 0  # blocked rounds were among them
