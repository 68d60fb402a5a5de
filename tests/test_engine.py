"""The fast engine's contracts: forced decisions, deferred views, the decision generator, clone and rollout."""

from __future__ import annotations

import gc
import json
import random
import sqlite3
from collections.abc import Sequence

import pytest
from db_referee import referee
from hypothesis import given, settings
from hypothesis import strategies as st
from referee import check_record

from roundhouse.core.game.actions import Action
from roundhouse.core.game.decision_random import RNG_VERSION, DecisionRandom, decision_rng, decision_rngs
from roundhouse.core.game.events import is_shared
from roundhouse.core.game.views import DeferredView, PlayerView
from roundhouse.core.play.bot_guard import BotFault
from roundhouse.core.play.record import dumps_line, read_record, record_text, split_matches
from roundhouse.core.play.record import replay as replay_record
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import DB_NAME, Store
from roundhouse.core.tournament.simulate import simulate
from roundhouse.variants.mexican_train.rules import by_value

VARIANTS = ["mexican-train", "double-nine-branch"]
REGISTRY = get_plugin_manager().registry


class CountingBot:
    """Picks at random, and notes how many actions it was offered each time."""

    id = "counting"
    description = "random, counting its calls"

    def __init__(self) -> None:
        self.offered: list[int] = []

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        self.offered.append(len(legal_actions))
        return rng.choice(list(legal_actions))


class KeepingBot:
    """Keeps every view it gets without reading it, and notes the view it should have seen."""

    id = "keeping"
    description = "keeps its views"

    def __init__(self, session_of: list[Session]) -> None:
        self.session_of = session_of
        self.kept: list[tuple[PlayerView, PlayerView]] = []

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        session = self.session_of[0]
        self.kept.append((view, session.state.view(session.pending_seat)))
        return legal_actions[-1]


def bot_session(variant: str, bot, players: int = 3, seed: int = 4) -> Session:
    seats = [Seat(f"Bot {s}", bot.id) for s in range(1, players + 1)]
    return Session(REGISTRY.variant(variant), seats, {bot.id: bot}, seed=seed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_4_a_forced_decision_is_taken_without_asking_the_bot(variant):
    bot = CountingBot()
    session = bot_session(variant, bot)
    session.run_bots()
    assert session.is_over
    assert bot.offered and min(bot.offered) >= 2
    # Replaying the log counts the positions with a choice: exactly the bot's calls.
    state = REGISTRY.variant(variant).new_match(3, session.seed, names=[s.name for s in session.seats])
    state.start()
    choices = 0
    for entry in session.log:
        choices += len(state.legal_actions()) > 1
        state.apply(entry.action)
    assert choices == len(bot.offered) and len(session.log) > choices


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_6_forced_decisions_keep_their_place_in_the_decision_positions(variant):
    """Each bot decision's generator is fixed by its index in the log, forced decisions included."""
    session = bot_session(variant, CountingBot(), seed=8)
    session.run_bots()
    again = bot_session(variant, CountingBot(), seed=8)
    again.replay(session.log)
    assert again.state.snapshot() == session.state.snapshot()
    assert again.record.lines() == session.record.lines()


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_4_a_view_kept_by_a_bot_is_the_view_of_its_decision(variant):
    holder: list[Session] = []
    bot = KeepingBot(holder)
    session = bot_session(variant, bot, seed=2)
    holder.append(session)
    for _ in range(40):
        session.step()
    assert len(bot.kept) >= 5
    for kept, expected in bot.kept:
        assert isinstance(kept, PlayerView)
        assert kept == expected and kept.history == expected.history and kept.hand == expected.hand


def test_DX_4_a_deferred_view_equals_its_full_view_and_builds_once():
    session = bot_session("mexican-train", CountingBot())
    calls: list[int] = []

    def build() -> PlayerView:
        calls.append(1)
        return session.state.view(1)

    view = DeferredView.of(build)
    assert not calls
    assert view.seat == 1 and view.hand == session.state.view(1).hand
    assert view == session.state.view(1) and session.state.view(1) == view
    assert view != session.state.view(2)
    assert len(calls) == 1
    with pytest.raises(AttributeError):
        view.no_such_field  # noqa: B018


def test_DX_4_a_deferred_view_whose_build_fails_fails_at_every_read():
    calls: list[int] = []

    def refuse() -> PlayerView:
        calls.append(1)
        raise LookupError("not now")

    view = DeferredView.of(refuse)
    for field in ("hand", "hand", "round"):
        with pytest.raises(LookupError, match="not now"):
            getattr(view, field)
    assert len(calls) == 3


def test_DX_1_the_decision_generator_is_a_pure_function_of_its_position():
    first = [decision_rng(7, 1, 2, 30).random() for _ in range(3)]
    assert first == [decision_rng(7, 1, 2, 30).random() for _ in range(3)]
    neighbours = [(8, 1, 2, 30), (7, 2, 2, 30), (7, 1, 3, 30), (7, 1, 2, 31)]
    assert all(decision_rng(*position).random() != first[0] for position in neighbours)
    assert isinstance(decision_rng(7, 1, 2, 30), DecisionRandom) and RNG_VERSION == 3


def test_DX_1_generator_version_1_is_the_mersenne_twister_of_older_matches():
    old = random.Random(hash((7, 1, 2, 30)) & 0xFFFFFFFFFFFF)
    assert decision_rng(7, 1, 2, 30, version=1).random() == old.random()
    with pytest.raises(ValueError, match="version"):
        decision_rng(7, 1, 2, 30, version=4)


@settings(max_examples=200, deadline=None)
@given(key=st.integers(0, 2**64 - 1), n=st.integers(1, 10**30), bits=st.integers(0, 200))
def test_decision_random_keeps_every_random_method_in_range(key, n, bits):
    rng = DecisionRandom(key)
    assert 0 <= rng.randrange(n) < n
    assert 0.0 <= rng.random() < 1.0
    assert 0 <= rng.getrandbits(bits) < 2**bits
    items = list(range(10))
    rng.shuffle(items)
    assert sorted(items) == list(range(10))
    assert rng.choice("abc") in "abc" and len(set(rng.sample(range(50), 5))) == 5
    state = rng.getstate()
    following = [rng.random() for _ in range(3)]
    rng.setstate(state)
    assert [rng.random() for _ in range(3)] == following


def test_decision_random_spreads_small_choices_evenly():
    counts = [0] * 6
    for ply in range(6000):
        counts[decision_rng(1, 1, 1, ply).randrange(6)] += 1
    assert all(900 < count < 1100 for count in counts)


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_1_the_match_header_names_the_generator_and_a_record_without_it_replays(variant):
    session = make_session(REGISTRY, variant, default_seats(0, 3, "random"), seed=12)
    session.run_bots()
    lines = session.record.lines()
    assert lines[0]["rng"] == RNG_VERSION
    older = [{k: v for k, v in lines[0].items() if k != "rng"}] + lines[1:]
    state = replay_record(older, REGISTRY.variant(variant))
    assert state.totals() == session.state.totals()


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_6_a_match_saved_before_the_generator_changed_resumes_with_the_old_one(tmp_path, variant):
    """A save without ``rng`` in its header replays its log and lets the bots go on with version 1."""
    seats = default_seats(1, 3, "random")
    with Store.open(tmp_path) as store:
        original = make_session(REGISTRY, variant, seats, seed=21)
        original.use_rng_version(1)
        store.attach(original)
        original.run_bots()
        original.decide(original.legal_actions()[0])
        original.run_bots()
    connection = sqlite3.connect(tmp_path / DB_NAME)
    (header_text,) = connection.execute("SELECT header FROM matches").fetchone()
    header = json.loads(header_text)
    assert header.pop("rng") == 1
    connection.execute("UPDATE matches SET header = ?", (json.dumps(header),))
    connection.commit()
    connection.close()
    with Store.open(tmp_path) as store:
        saved = store.saved_match()
        assert saved.rng == 1
        resumed = store.resume(saved, REGISTRY)
        assert resumed.rng_version == 1 and resumed.log == original.log
        assert resumed.state.snapshot() == original.state.snapshot()
        for session in (original, resumed):
            for _ in range(5):
                if session.is_over:
                    break
                session.decide(session.legal_actions()[-1])
                session.run_bots()
        assert resumed.log == original.log and resumed.state.snapshot() == original.state.snapshot()


def _position(variant: str, seed: int, moves: int):
    state = REGISTRY.variant(variant).new_match(4, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply(rng.choice(legal))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_clone_is_independent_down_to_its_future_deals(variant):
    state = _position(variant, 3, 10)
    copy = state.clone()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(400):  # well into later rounds: each deals from its own copy of the dealer
        if state.is_over():
            break
        state.apply(rng_a.choice(state.legal_actions()))
        copy.apply(rng_b.choice(copy.legal_actions()))
        assert copy.snapshot() == state.snapshot()
    assert state.round > 1
    third = _position(variant, 3, 10)
    assert third.clone().snapshot() == third.snapshot()


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_rollout_plays_a_clone_to_the_round_end_and_leaves_the_original_alone(variant):
    state = _position(variant, 9, 12)
    before = state.snapshot()
    history = len(state.view(None).history)
    copy = state.clone()
    moves = copy.rollout(random.Random(1))
    assert moves > 0 and state.snapshot() == before
    assert copy.to_move() is None and copy.round == state.round
    assert copy.totals() != state.totals() or copy.is_over()
    assert len(copy.view(None).history) == history  # events are off in a rollout
    assert any(not hand for hand in copy.hands.values()) or copy._blocked()  # the round really ended
    again = state.clone()
    assert again.rollout(random.Random(1)) == moves and again.snapshot() == copy.snapshot()


@pytest.mark.parametrize(
    "variant, players",
    [("mexican-train", n) for n in range(2, 11)] + [("double-nine-branch", n) for n in range(2, 7)],
)
def test_simulated_records_pass_the_referees_at_every_player_count(tmp_path, variant, players):
    """Records written by ``simulate --record`` (interned events, forced decisions skipped) stay complete."""
    path = tmp_path / "matches.jsonl"
    simulate(REGISTRY, variant, ["random"] * players, matches=2, seed=players, record=path)
    for lines in split_matches(read_record(path)):
        assert lines[0]["rng"] == RNG_VERSION
        if variant == "mexican-train":
            assert check_record(lines).finished
        else:
            assert referee(lines).finished
        assert replay_record(lines, REGISTRY.variant(variant)).is_over()


class ViewReadingBot:
    """Declares that it reads no view, then reads it."""

    id = "liar"
    description = "reads the view it said it would not"
    reads_view = False

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[len(view.hand) % len(legal_actions)]


def _random_session(variant: str, players: int, seed: int, unwatched: bool) -> Session:
    seats = [Seat(f"Bot {s}", "random") for s in range(1, players + 1)]
    return Session(REGISTRY.variant(variant), seats, {"random": REGISTRY.bot("random")}, seed=seed, unwatched=unwatched)


@pytest.mark.parametrize(
    "variant, players, seed", [("mexican-train", 2, 1), ("mexican-train", 7, 2), ("double-nine-branch", 4, 3)]
)
def test_DX_1_a_silent_match_makes_no_events_and_plays_exactly_as_a_watched_one(variant, players, seed):
    silent = _random_session(variant, players, seed, unwatched=True)
    watched = _random_session(variant, players, seed, unwatched=False)
    silent.run_bots()
    watched.run_bots()
    assert silent.silent and not watched.silent
    assert silent.record.events == [] and silent.state.view(None).history == ()
    assert len(watched.record.events) > len(watched.log) > 0
    assert silent.log == watched.log
    assert silent.state.snapshot() == watched.state.snapshot()
    assert silent.state.winners() == watched.state.winners()


def test_a_session_is_silent_only_when_nobody_watches_and_no_bot_reads_its_view():
    variant = REGISTRY.variant("mexican-train")
    bots = {"random": REGISTRY.bot("random"), "planner": REGISTRY.bot("planner")}
    tables = {
        "random bots, unwatched": ([Seat("A", "random"), Seat("B", "random")], True, True),
        "random bots, watched": ([Seat("A", "random"), Seat("B", "random")], False, False),
        "a planner reads its view": ([Seat("A", "random"), Seat("B", "planner")], True, False),
        "a human at the table": ([Seat("A"), Seat("B", "random")], True, False),
    }
    for name, (seats, unwatched, silent) in tables.items():
        session = Session(variant, seats, bots, seed=5, unwatched=unwatched)
        assert session.silent == silent, name
        assert (session.record.events == []) == silent, name


@pytest.mark.parametrize("variant", VARIANTS)
def test_DX_4_a_bot_that_reads_the_view_it_declared_it_would_not_read_fails_its_decision(variant):
    bot = ViewReadingBot()
    seats = [Seat(f"Bot {s}", bot.id) for s in range(1, 4)]
    session = Session(REGISTRY.variant(variant), seats, {bot.id: bot}, seed=6, unwatched=True)
    assert session.silent
    with pytest.raises(BotFault, match="read its view after declaring reads_view = False"):
        session.run_bots()
    watched = Session(REGISTRY.variant(variant), seats, {bot.id: bot}, seed=6)
    watched.run_bots()  # watched, the view is there and the bot plays the match
    assert watched.is_over


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulate_gives_the_same_matches_with_and_without_a_record(tmp_path, variant):
    def outcomes(record):
        seen = []
        simulate(REGISTRY, variant, ["random"] * 3, matches=4, seed=17, record=record, on_match=seen.append)
        return [(o.k, o.totals, o.winners) for o in seen]

    assert outcomes(None) == outcomes(tmp_path / "matches.jsonl")


def test_simulate_puts_the_garbage_collector_back_as_it_found_it():
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    simulate(REGISTRY, "double-nine-branch", ["random"] * 2, matches=2, seed=1)
    assert gc.get_threshold() == thresholds and gc.get_freeze_count() == frozen
    gc.freeze()  # a caller that freezes objects of its own keeps them frozen
    try:
        frozen = gc.get_freeze_count()
        simulate(REGISTRY, "double-nine-branch", ["random"] * 2, matches=2, seed=1)
        assert gc.get_threshold() == thresholds and gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("version", [1, 2, 3])
def test_DX_1_a_match_s_generators_are_the_decision_generators(version):
    rngs = decision_rngs(99, 3, version)
    for seat, ply in [(1, 0), (2, 17), (4, 1234)]:
        assert rngs(seat, ply).random() == decision_rng(99, 3, seat, ply, version).random()
    with pytest.raises(ValueError, match="version"):
        decision_rngs(99, 3, 7)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 400))
def test_choices_and_apply_choice_agree_with_legal_actions_and_apply(variant, seed, moves):
    """``choices()`` are the legal actions; ``apply_choice`` changes the state exactly as ``apply``."""
    state = _position(variant, seed, 0)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        legal = state.legal_actions()
        assert state.choices() == tuple(legal) and all(a is b for a, b in zip(state.choices(), legal, strict=True))
        action = rng.choice(legal)
        checked = state.clone()
        assert state.apply_choice(action) == checked.apply(action)
        assert state.snapshot() == checked.snapshot()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10))
def test_MT_8_the_hand_index_by_value_always_matches_the_hands(seed, players):
    """The index that finds plays by open end holds exactly each hand's tiles, after every move and deal."""
    state = REGISTRY.variant("mexican-train").new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(600):
        if state.is_over():
            break
        for seat, hand in state.hands.items():
            assert state.holding[seat] == by_value(hand, 12)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_record_text_is_its_lines_in_json_even_when_shared_lines_are_reused(variant):
    for seed in (31, 32):  # the second match reuses lines the first one encoded
        session = _random_session(variant, 3, seed, unwatched=False)
        session.run_bots()
        expected = "".join(dumps_line(line) + "\n" for line in session.record.lines())
        assert record_text(session.record.header, session.record.events) == expected
    assert any(is_shared(event) for event in session.record.events)
