"""Double-Nine Branch properties over random matches of 2 to 6 players (hypothesis).

Conservation (DB.2), one scorer or none per round (DB.10), totals never
decrease and the match ends exactly at the target (DB.11), records replay to
the same state (RECORD.md, DX.7), views hide what they must (DX.3, DX.4), and
illegal actions are refused naming a clause, the state unchanged.
"""

from __future__ import annotations

import random
import re

from db_helpers import VARIANT, all_tiles_in_play, random_choice, record_header
from db_referee import Referee, referee
from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.core.game.actions import Draw, EndTurn, IllegalAction, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.record import replay

PLAYERS = st.integers(min_value=2, max_value=6)
SEEDS = st.integers(min_value=0, max_value=2**32)
CLAUSE = re.compile(r"^(DB\.\d+[a-z]?|DX\.\d+)$")


def checked_match(players: int, seed: int, restart_chance: float = 0.0):
    """Play a random match, checking the step invariants; return the state and its record lines."""
    state = VARIANT.new_match(players, seed)
    rng = random.Random(seed)
    events = state.start()
    totals = state.totals()
    while not state.is_over():
        assert sorted(all_tiles_in_play(state)) == sorted(state.tiles)  # DB.2: 55 tiles, each once
        if rng.random() < restart_chance:
            new = state.restart_round()
            assert [e.type for e in new[:2]] == ["restart", "deal"]
            events += new
            totals = state.totals()
            continue
        step = state.apply(random_choice(state, rng))
        events += step
        for event in step:
            if event.type == "round_end":
                points = {int(k): v for k, v in event["points"].items()}
                assert sum(1 for v in points.values() if v) <= 1  # DB.10: one scorer or none
                after = {int(k): v for k, v in event["totals"].items()}
                assert all(after[s] == totals[s] + points[s] >= totals[s] for s in state.seats)
                reached = max(after.values()) >= state.target
                assert reached == state.is_over() == (step[-1].type == "match_end")
                totals = after
    assert max(state.totals().values()) >= 100 and state.winners() == [
        s for s in state.seats if state.totals()[s] >= 100
    ]
    return state, [record_header(state, seed)] + [e.to_record() for e in events]


@settings(max_examples=60, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_DB_match_invariants_replay_and_referee(players, seed):
    """DB.2, DB.10, DB.11 invariants; the record replays to the same snapshot and the referee accepts it."""
    state, lines = checked_match(players, seed)
    assert replay(lines, VARIANT).snapshot() == state.snapshot()
    verdict = referee(lines)
    assert verdict.finished and verdict.totals == state.totals() and verdict.winners == state.winners()


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_DX_7_restarts_keep_totals_and_replay(players, seed):
    """Random round restarts (DX.7): the record still replays and passes the referee."""
    state, lines = checked_match(players, seed, restart_chance=0.01)
    assert replay(lines, VARIANT).snapshot() == state.snapshot()
    assert referee(lines).finished


def _hidden_permuted(state, seat: int, rng: random.Random):
    """A copy where every tile ``seat`` cannot see is shuffled among the other hands and the set-aside.

    Once the match is over the last round's hands are shown to all (DX.3): only the set-aside stays hidden.
    """
    other = state.clone()
    secret = [] if state.is_over() else [s for s in other.seats if s != seat]
    hidden = [t for s in secret for t in other.hands[s]] + list(other.set_aside)
    rng.shuffle(hidden)
    for s in other.seats:
        if s in secret:
            count = len(other.hands[s])
            other.hands[s], hidden = hidden[:count], hidden[count:]
    other.set_aside = hidden
    other._legal = None
    return other


def _tiles_shown(view) -> set[Tile]:
    shown = set(view.hand) | {t for line in view.lines for t in line.tiles}
    if view.centre is not None:
        shown.add(view.centre)
    for event in view.history:
        assert "stock" not in event.data
        if "tile" in event.data:
            shown.add(Tile.parse(event["tile"]))
        if "hand" in event.data:
            shown |= {Tile.parse(t) for t in event["hand"]}
    return shown


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(min_value=0, max_value=400))
def test_DX_4_views_unchanged_when_hidden_tiles_are_permuted(players, seed, steps):
    """DX.3, DX.4: a seat's view depends on nothing it may not see; set-aside tiles never appear."""
    state = VARIANT.new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(random_choice(state, rng))
    for seat in state.seats:
        view = state.view(seat)
        assert view.stock_count == 0
        assert _hidden_permuted(state, seat, rng).view(seat) == view
        others = set() if state.is_over() else {t for s in state.seats if s != seat for t in state.hands[s]}
        assert not _tiles_shown(view) & (set(state.set_aside) | others)
    assert state.view(None).hand == ()


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(min_value=0, max_value=400))
def test_DB_illegal_actions_refused_with_clause_state_unchanged(players, seed, steps):
    """Every action outside ``legal_actions`` is refused, naming a DB/DX clause, and changes nothing."""
    state = VARIANT.new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(random_choice(state, rng))
    legal = state.legal_actions()
    before = state.snapshot()
    candidates = [Pass(), Draw(), EndTurn()]
    candidates += [OpenDouble(Tile(v, v)) for v in range(10)] + [PlaceEngine(Tile(9, 9))]
    candidates += [Play(t, line) for t in state.tiles for line in [*state.seats, 0, 7, "mexican"]]
    refused = 0
    for action in candidates:
        if action in legal:
            state.check(action)
            continue
        try:
            state.apply(action)
        except IllegalAction as error:
            assert CLAUSE.match(error.clause or ""), (action, error)
            refused += 1
        else:
            raise AssertionError(f"{action} was applied though not legal")
        assert state.snapshot() == before and state.legal_actions() == legal
    assert refused == len(candidates) - len(legal)


@settings(max_examples=25, deadline=None)
@given(players=PLAYERS, seed=SEEDS)
def test_DB_7_engine_and_referee_agree_on_every_legal_play(players, seed):
    """At every turn the engine's legal plays equal the independent referee's (DB.7, DB.8a)."""
    state = VARIANT.new_match(players, seed)
    ref = Referee(record_header(state, seed))
    number = 1
    rng = random.Random(seed)

    def feed(events) -> None:
        nonlocal number
        for event in events:
            number += 1
            ref.feed(number, event.to_record())

    feed(state.start())
    while not state.is_over():
        legal = state.legal_actions()
        if ref.phase == "turn":
            plays = {(tuple(a.tile), a.line) for a in legal if isinstance(a, Play)}
            assert plays == ref.legal(state.to_move())
            assert (legal == [Pass()]) == (not plays)
        feed(state.apply(legal[rng.randrange(len(legal))]))
    assert ref.phase == "over"
