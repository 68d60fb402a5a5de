"""Greedy and planner bots: decisions on hand-built views, full games, hints (DX.4)."""

from __future__ import annotations

import random

import pytest
from bot_views import db_view, mt_view, ts

from roundhouse.bots.greedy import GreedyBot
from roundhouse.bots.planner import PlannerBot
from roundhouse.core.game.actions import Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.chains import longest_trail
from roundhouse.core.game.decision_random import decision_rng
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.bot import Bot
from roundhouse.core.plugins.manager import get_plugin_manager

T = Tile.parse
RNG = random.Random(0)


@pytest.fixture(scope="module")
def registry():
    return get_plugin_manager().registry


def test_bots_registered_and_follow_the_protocol(registry):
    for bot_id in ("greedy", "planner"):
        bot = registry.bot(bot_id)
        assert isinstance(bot, Bot)
        assert bot.id == bot_id and bot.description


# ------------------------------------------------------------------ trails
def test_longest_trail_finds_the_longest_chain_not_the_heaviest_start():
    hand = tuple(sorted(ts("12-3 3-5 5-7 7-1 12-11 0-0")))
    assert longest_trail(hand, 12) == ts("12-3 3-5 5-7 7-1")


def test_longest_trail_lays_a_double_when_passing_its_value():
    hand = tuple(sorted(ts("4-9 9-9 9-2 6-6")))
    assert longest_trail(hand, 4) == ts("4-9 9-9 9-2")


def test_longest_trail_prefers_more_pips_among_equally_long_chains():
    hand = tuple(sorted(ts("1-2 1-11")))
    assert longest_trail(hand, 1) == ts("1-11")


def test_longest_trail_is_bounded_and_still_a_valid_chain_for_a_huge_hand():
    hand = tuple(sorted(Tile(a, b) for a in range(13) for b in range(a, 13) if (a + b) % 3))
    trail = longest_trail(hand, 5, budget=50)
    end = 5
    for tile in trail:
        assert tile in hand and tile.has(end)
        end = tile.other(end)
    assert len(set(trail)) == len(trail) >= 10


# ------------------------------------------------------------------ greedy
def test_greedy_lays_the_heaviest_legal_tile():
    view = mt_view("1-2 10-12 5-6", {1: 1, 2: 3, "mexican": 12})
    legal = [Play(T("1-2"), 1), Play(T("10-12"), "mexican")]
    assert GreedyBot().choose(view, legal, RNG) == Play(T("10-12"), "mexican")


def test_greedy_draws_or_passes_when_it_cannot_play():
    view = mt_view("1-2", {1: 5, 2: 3, "mexican": 12})
    assert GreedyBot().choose(view, [Draw()], RNG) == Draw()
    assert GreedyBot().choose(view, [Pass()], RNG) == Pass()


def test_MT_6c_greedy_keeps_laying_in_the_first_turn():
    view = mt_view("12-3 3-4", {1: 12, 2: 12, "mexican": 12}, phase="first_turn")
    assert GreedyBot().choose(view, [Play(T("3-4"), 1), EndTurn()], RNG) == Play(T("3-4"), 1)


def test_DB_5_greedy_opens_with_its_heaviest_double():
    legal = [OpenDouble(T("2-2")), OpenDouble(T("7-7"))]
    assert GreedyBot().choose(db_view("2-2 7-7", {1: 0, 2: 0}), legal, RNG) == OpenDouble(T("7-7"))


# ------------------------------------------------------- planner: Mexican Train
def test_MT_6_planner_starts_the_longest_chain_in_the_first_turn():
    view = mt_view("12-3 3-5 5-7 7-1 12-11 0-0", {1: 12, 2: 12, "mexican": 12}, phase="first_turn")
    legal = [Play(T("12-3"), 1), Play(T("12-11"), 1)]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("12-3"), 1)
    assert GreedyBot().choose(view, legal, RNG) == Play(T("12-11"), 1)


def test_MT_6c_planner_lays_the_whole_chain_then_ends_the_first_turn():
    hand, end, laid = list(ts("12-3 3-5 5-7 7-1 12-11 0-0")), 12, []
    while True:
        plays = [Play(t, 1) for t in hand if t.has(end)]
        legal = plays + ([EndTurn()] if laid else [])
        if not plays:
            break
        view = mt_view(" ".join(map(str, hand)), {1: end, 2: 12, "mexican": 12}, phase="first_turn")
        action = PlannerBot().choose(view, legal, RNG)
        if action == EndTurn():
            break
        hand.remove(action.tile)
        end = action.tile.other(end)
        laid.append(action.tile)
    assert laid == list(ts("12-3 3-5 5-7 7-1"))


def test_MT_8_planner_unloads_an_off_chain_tile_on_the_mexican_train():
    view = mt_view("5-6 6-8 10-11", {1: 5, 2: 3, "mexican": 10})
    legal = [Play(T("5-6"), 1), Play(T("10-11"), "mexican")]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("10-11"), "mexican")


def test_MT_10_planner_plays_on_its_own_train_to_lift_its_marker():
    view = mt_view("5-6 6-8 10-11", {1: 5, 2: 3, "mexican": 10}, markers=[1])
    legal = [Play(T("5-6"), 1), Play(T("10-11"), "mexican")]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("5-6"), 1)


def test_MT_11_planner_plays_a_double_it_can_follow():
    view = mt_view("4-4 4-9 1-2", {1: 4, 2: 3, "mexican": 7})
    legal = [Play(T("4-4"), 1), Play(T("4-9"), 1)]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("4-4"), 1)


def test_MT_11_planner_keeps_a_double_and_its_follower_for_a_later_turn():
    """Unload the off-chain tile now; 6-6 then 6-1 on its own train is two tiles in one later turn."""
    view = mt_view("6-6 6-1 9-10", {1: 6, 2: 3, "mexican": 9})
    legal = [Play(T("6-6"), 1), Play(T("6-1"), 1), Play(T("9-10"), "mexican")]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("9-10"), "mexican")
    assert PlannerBot().choose(mt_view("6-6 6-1", {1: 6, 2: 3, "mexican": 9}), legal[:2], RNG) == Play(T("6-6"), 1)


def test_MT_11_planner_covers_its_own_double_rather_than_leave_it_exposed():
    after = mt_view("6-1 9-10", {1: 6, 2: 3, "mexican": 9}, extra_play_owed=True, own_tiles="12-6 6-6")
    follow = [Play(T("6-1"), 1), Play(T("9-10"), "mexican")]
    assert PlannerBot().choose(after, follow, RNG) == Play(T("6-1"), 1)


def test_MT_12_planner_covers_an_owed_double_with_the_least_useful_tile():
    view = mt_view("2-8 8-10 10-4 8-1", {1: 2, 2: 3, "mexican": 8}, owed=[("8-8", "mexican")])
    legal = [Play(T("2-8"), "mexican"), Play(T("8-10"), "mexican"), Play(T("8-1"), "mexican")]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("8-1"), "mexican")
    assert GreedyBot().choose(view, legal, RNG) == Play(T("8-10"), "mexican")


def test_MT_planner_sheds_pips_when_an_opponent_is_about_to_go_out():
    calm = mt_view("3-4 11-12 1-2", {1: 3, 2: 5, "mexican": 12}, counts={1: 3, 2: 8})
    late = mt_view("3-4 11-12 1-2", {1: 3, 2: 5, "mexican": 12}, counts={1: 3, 2: 1})
    legal = [Play(T("3-4"), 1), Play(T("11-12"), "mexican")]
    assert PlannerBot().choose(late, legal, RNG) == Play(T("11-12"), "mexican")
    assert PlannerBot().choose(calm, legal, RNG) == Play(T("11-12"), "mexican")


def test_MT_5_planner_takes_the_only_action():
    view = mt_view("12-12 1-2", {1: 12, 2: 12, "mexican": 12}, phase="engine")
    assert PlannerBot().choose(view, [PlaceEngine(T("12-12"))], RNG) == PlaceEngine(T("12-12"))


# ------------------------------------------------- planner: Double-Nine Branch
def test_DB_5_planner_opens_with_the_double_that_leaves_the_longest_branch():
    view = db_view("9-9 2-2 2-5 5-6 6-1 8-3", {1: 0, 2: 0})
    legal = [OpenDouble(T("9-9")), OpenDouble(T("2-2"))]
    assert PlannerBot().choose(view, legal, RNG) == OpenDouble(T("2-2"))
    assert GreedyBot().choose(view, legal, RNG) == OpenDouble(T("9-9"))


def test_DB_7_planner_lays_off_its_trail_on_an_open_branch_first():
    view = db_view("3-4 4-5 7-8", {1: 3, 2: 7}, open_order=[2])
    legal = [Play(T("3-4"), 1), Play(T("7-8"), 2)]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("7-8"), 2)


def test_DB_8_planner_keeps_a_stuck_leader_stuck():
    """Seat 2 passed with its branch ending in 6 (so it holds no 6) and has one tile left, near 100."""
    history = [
        Event.make("open", seat=2, tile=T("6-6")),
        Event.make("play", seat=1, tile=T("6-8"), line=1, end=8),
        Event.make("play", seat=3, tile=T("6-2"), line=3, end=2),
        Event.make("pass", seat=2),
    ]
    view = db_view(
        "6-3 2-2",
        {1: 8, 2: 6, 3: 2},
        open_order=[2],
        counts={1: 2, 2: 1, 3: 5},
        totals={1: 0, 2: 90, 3: 0},
        history=history,
        centre="6-6",
    )
    legal = [Play(T("6-3"), 2), Play(T("2-2"), 3)]
    assert PlannerBot().choose(view, legal, RNG) == Play(T("2-2"), 3)
    assert GreedyBot().choose(view, legal, RNG) == Play(T("6-3"), 2)


# ------------------------------------------------------- full games and hints
@pytest.mark.parametrize("variant_id, players", [("mexican-train", 3), ("double-nine-branch", 4)])
@pytest.mark.parametrize("bot_id", ["greedy", "planner"])
def test_bot_plays_a_whole_match_legally(registry, variant_id, players, bot_id):
    """No decision of the bot fails (a failure would be in ``bot_faults``, covered by the fallback)."""
    seats = [Seat(f"{bot_id} {s}", bot_id if s == 1 else "random") for s in range(1, players + 1)]
    session = make_session(registry, variant_id, seats, seed=11)
    session.run_bots()
    assert session.is_over and session.state.winners()
    assert session.take_bot_faults() == ()


@pytest.mark.parametrize("variant_id", ["mexican-train", "double-nine-branch"])
def test_DX_2_hint_is_a_preview_of_the_planner_choice_from_the_human_view(registry, variant_id):
    seats = [Seat("Ana"), Seat("Bot 2", "planner"), Seat("Bot 3", "random")]
    session = make_session(registry, variant_id, seats, seed=2)
    planner = PlannerBot()
    checked = 0
    while not session.is_over and checked < 40:
        session.run_bots()
        if session.is_over:
            break
        seat = session.pending_seat
        rng = decision_rng(session.seed, session.match_number, seat, len(session.log))
        expected = planner.choose(session.view(seat), session.legal_actions(), rng)
        preview = session.hint()
        assert preview.hint and preview.seat == seat and preview.action == expected
        before = session.state.snapshot()
        session.cancel()
        assert session.state.snapshot() == before
        session.decide(preview.action)
        checked += 1
    assert checked == 40


def test_planner_is_deterministic_given_the_same_view_and_rng(registry):
    session = make_session(registry, "mexican-train", [Seat("a", "planner"), Seat("b", "planner")], seed=3)
    for _ in range(60):
        seat = session.pending_seat
        view, legal = session.view(seat), session.legal_actions()
        first = PlannerBot().choose(view, legal, random.Random(7))
        assert all(PlannerBot().choose(view, legal, random.Random(7)) == first for _ in range(3))
        session.step()
