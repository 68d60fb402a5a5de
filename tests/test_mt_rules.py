"""Scenario tests of the Mexican Train rules engine, one or more per clause MT.1-MT.16.

Every scenario runs on a rigged deal (tests/mt_helpers.py); the events are
compared with what RULES.md §1 prescribes, refusals name their clause and
leave the state unchanged, and the independent referee (tests/referee.py)
re-checks the record each scenario produced.
"""

from __future__ import annotations

import pytest
from mt_helpers import (
    FULL_SET,
    MEXICAN,
    VARIANT,
    act,
    conserved,
    deal_two_chains,
    finish_round,
    first_turns,
    params,
    quick_round,
    record_of,
    rigged,
    search_deal,
    started,
    t,
    ts,
    types,
)
from referee import check_record

from roundhouse.core.game.actions import Draw, EndTurn, IllegalAction, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.params import ParamError
from roundhouse.core.game.tiles import double_set


def refused(state, action, clause: str) -> IllegalAction:
    """``action`` is refused naming ``clause`` by check() and apply(); the state is unchanged."""
    before = state.snapshot()
    legal = state.legal_actions()
    assert action not in legal
    with pytest.raises(IllegalAction) as checked:
        state.check(action)
    with pytest.raises(IllegalAction) as applied:
        state.apply(action)
    assert checked.value.clause == clause, str(checked.value)
    assert applied.value.clause == clause
    assert clause in str(applied.value)
    assert state.snapshot() == before
    assert state.legal_actions() == legal
    return applied.value


def refereed(state) -> None:
    """The independent referee accepts the record so far (rigged hand sizes allowed)."""
    check_record(record_of(state), book_hand_sizes=False, finished=False)


def plays(state) -> set[tuple[str, object]]:
    """The legal plays as (tile text, line) pairs."""
    return {(str(a.tile), a.line) for a in state.legal_actions() if isinstance(a, Play)}


# ------------------------------------------------------------------ MT.1-3
@pytest.mark.parametrize("players", [1, 11])
def test_MT_1_two_to_ten_players_only(players):
    with pytest.raises(ValueError, match="2 to 10"):
        VARIANT.new_match(players, 1)


def test_MT_1_one_double_twelve_set():
    state = VARIANT.new_match(5, 3)
    state.start()
    assert sorted(state.tiles) == double_set(12) and len(set(state.tiles)) == 91
    assert conserved(state)


@pytest.mark.parametrize(
    "players, size", [(2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10), (9, 8), (10, 8)]
)
def test_MT_3_deal_sizes(players, size):
    state = VARIANT.new_match(players, 11)
    deal = state.start()[0]
    assert deal.type == "deal" and deal["round"] == 1
    assert all(len(hand) == size for hand in deal["hands"].values())
    assert len(deal["stock"]) == 91 - players * size
    dealt = [x for hand in deal["hands"].values() for x in hand] + deal["stock"]
    assert sorted(dealt) == sorted(str(x) for x in FULL_SET)


def test_MT_2_thirteen_rounds_engines_twelve_down_to_zero():
    deals = [quick_round(2, 13 - r, holder=1 + r % 2) for r in range(1, 14)]
    state = started(deals)
    while not state.is_over():
        finish_round(state)
    engines = [e["tile"] for e in state.test_events if e.type == "engine"]
    assert engines == [f"{v}-{v}" for v in range(12, -1, -1)]
    assert types(state.test_events).count("round_end") == 13
    assert state.test_events[-1].type == "match_end"
    refused(state, Pass(), "MT.2")
    assert state.legal_actions() == [] and state.to_move() is None
    check_record(record_of(state), book_hand_sizes=False)


# ------------------------------------------------------------------- MT.4
def test_example_1_engine_search():
    """Worked example 1: 4 players, round 2, nobody holds 11-11, 31 tiles in the boneyard."""
    round_2 = search_deal(4, 15, "11-11", index=1, seed=5)
    state = started([quick_round(4, 12), round_2])
    finish_round(state)
    assert state.round == 2
    events = state.test_events[-5:]
    assert types(events) == ["deal", "draw", "draw", "draw", "draw"]
    assert len(events[0]["stock"]) == 31
    assert [e["seat"] for e in events[1:]] == [2, 3, 4, 1]
    assert events[2]["tile"] == "11-11" and all(e["why"] == "search" for e in events[1:])
    assert state.holder == 3 and state.to_move() == 3
    assert state.legal_actions() == [PlaceEngine(t("11-11"))]
    act(state, "engine 11-11")
    assert state.phase == "first_turn" and state.to_move() == 3
    refereed(state)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_MT_4a_batches_start_at_the_rounds_seat(players):
    deals = []
    for number in range(1, 2 * players + 1):
        deals.append(search_deal(players, 8, f"{13 - number}-{13 - number}", index=players, seed=number))
    state = started(deals)
    for number in range(1, 2 * players + 1):
        assert state.round == number
        draws = [e for e in state.test_events if e.type == "draw" and e["why"] == "search"][-2 * players :]
        first = (number - 1) % players + 1
        assert [e["seat"] for e in draws] == [(first - 1 + k) % players + 1 for k in range(2 * players)]
        assert state.holder == first  # the engine was the first tile of the second batch
        finish_round(state)
    refereed(state)


def test_MT_4b_batch_completed_after_engine_found():
    state = started(search_deal(4, 15, "12-12", index=0, seed=2))
    draws = [e for e in state.test_events if e.type == "draw"]
    assert [e["seat"] for e in draws] == [1, 2, 3, 4]
    assert draws[0]["tile"] == "12-12"
    assert state.holder == 1 and all(len(h) == 16 for h in state.hands.values())
    assert len(state.boneyard) == 27


def test_MT_4c_search_stops_after_the_batch_holding_the_engine():
    state = started(search_deal(3, 15, "12-12", index=7, seed=3))
    draws = [e for e in state.test_events if e.type == "draw"]
    assert len(draws) == 9 and [e["seat"] for e in draws] == [1, 2, 3] * 3
    assert draws[7]["tile"] == "12-12" and state.holder == 2
    assert state.phase == "engine" and len(state.boneyard) == 46 - 9


def test_MT_4d_last_batch_goes_on_until_the_boneyard_is_empty():
    state = started(search_deal(10, 8, "12-12", index=10, seed=4))
    draws = [e for e in state.test_events if e.type == "draw"]
    assert [e["seat"] for e in draws] == list(range(1, 11)) + [1]
    assert draws[-1]["tile"] == "12-12" and state.holder == 1 and state.boneyard == []
    refereed(state)


def test_MT_4e_search_draws_are_private():
    state = started(search_deal(3, 15, "12-12", index=4, seed=6))
    draw = next(e for e in state.test_events if e.type == "draw")
    drawer = draw["seat"]
    assert draw.visible_to(drawer)["tile"] == draw["tile"]
    for seat in (s for s in range(1, 4) if s != drawer):
        assert "tile" not in draw.visible_to(seat)
        view = state.view(seat)
        assert draw["tile"] not in [str(x) for x in view.hand]
        assert all("tile" not in e.data for e in view.history if e.type == "draw")
        assert view.hand_counts[drawer] == len(state.hands[drawer])


# ------------------------------------------------------------------- MT.5
def test_MT_5_holder_places_the_engine_then_plays_first_clockwise():
    state = started(rigged({1: ["0-12", "1-1"], 2: ["12-12", "3-12"], 3: ["5-12", "2-2"]}))
    assert state.to_move() == 2 and state.phase == "engine"
    assert state.legal_actions() == [PlaceEngine(t("12-12"))]
    refused(state, Play(t("3-12"), 2), "MT.5")
    refused(state, Draw(), "MT.5")
    refused(state, PlaceEngine(t("11-11")), "MT.5")
    refused(state, OpenDouble(t("12-12")), "MT.5")
    events = act(state, "engine 12-12")
    assert [e.to_record() for e in events] == [{"type": "engine", "seat": 2, "tile": "12-12"}]
    assert state.centre == t("12-12") and state.to_move() == 2
    refused(state, PlaceEngine(t("12-12")), "MT.5")
    order = []
    while state.round == 1:
        order.append(state.to_move())
        act(state, state.legal_actions()[0])
    assert order == [2, 3, 1]
    refereed(state)


# ------------------------------------------------------------------- MT.6
def chain_state():
    """Seat 1 holds the engine and a chain with a double inside; seat 3 cannot start."""
    return started(
        rigged(
            {
                1: ["12-12", "5-12", "3-5", "3-3", "3-8", "9-10"],
                2: ["7-12", "1-7", "6-6"],
                3: ["0-1", "0-2"],
            }
        )
    )


def test_MT_6a_first_turn_only_on_own_train():
    state = chain_state()
    act(state, "engine 12-12")
    refused(state, Play(t("5-12"), MEXICAN), "MT.6a")
    refused(state, Play(t("5-12"), 2), "MT.6a")
    assert plays(state) == {("5-12", 1)}


def test_MT_6b_first_turn_tiles_form_a_chain():
    state = chain_state()
    act(state, "engine 12-12")
    refused(state, Play(t("3-5"), 1), "MT.6b")
    act(state, "play 5-12 1")
    assert plays(state) == {("3-5", 1)}
    refused(state, Play(t("3-8"), 1), "MT.6b")
    events = act(state, "play 3-5 1", "play 3-3 1", "play 3-8 1")
    assert [e["end"] for e in events if e.type == "play"] == [3, 3, 8]
    assert types(events)[-1] == "end_first_turn"  # MT.6c: no tile matches any more
    assert state.trains[1] == ts(["5-12", "3-5", "3-3", "3-8"])


def test_MT_6c_first_turn_needs_one_tile_then_ends_by_choice():
    state = chain_state()
    act(state, "engine 12-12")
    refused(state, EndTurn(), "MT.6c")
    refused(state, Pass(), "MT.6c")
    act(state, "play 5-12 1")
    assert EndTurn() in state.legal_actions()
    events = act(state, "end")
    assert [e.to_record() for e in events] == [{"type": "end_first_turn", "seat": 1}]
    assert state.to_move() == 2 and state.phase == "first_turn"
    assert state.hands[1] == ts(["3-5", "3-3", "3-8", "9-10"])


def test_MT_6d_cannot_start_passes_without_drawing_and_gets_a_marker():
    state = chain_state()
    first_turns_until(state, 3, {1: ["5-12"], 2: ["7-12"]})
    assert state.legal_actions() == [Pass()]
    refused(state, Draw(), "MT.6d")
    stock = len(state.boneyard)
    events = act(state, "pass")
    assert types(events) == ["pass"] and 3 in state.markers and len(state.boneyard) == stock
    assert state.phase == "normal" and state.to_move() == 1
    refereed(state)


def first_turns_until(state, seat, chains):
    """Engine, then the chains of the seats before ``seat`` (each ended by choice if needed)."""
    act(state, f"engine {state.engine}")
    while state.to_move() != seat:
        mover = state.to_move()
        for tile in chains[mover]:
            act(state, Play(t(tile), mover))
        if state.to_move() == mover:
            act(state, "end")


def test_MT_6d_pass_reason_is_shown():
    state = chain_state()
    first_turns_until(state, 3, {1: ["5-12"], 2: ["7-12"]})
    assert "MT.6d" in state.pass_reason()


def test_MT_6e_doubles_create_no_obligation_in_the_first_turn():
    state = chain_state()
    act(state, "engine 12-12", "play 5-12 1", "play 3-5 1", "play 3-3 1")
    assert plays(state) == {("3-8", 1)} and EndTurn() in state.legal_actions()
    act(state, "end")  # the chain ends on the exposed 3-3
    assert state.to_move() == 2 and plays(state) == {("7-12", 2)}
    assert state.owed == []
    act(state, "play 7-12 2", "end", "pass")
    assert state.owed == [(t("3-3"), 1)]


def test_MT_6e_double_inside_the_chain_is_covered():
    state = chain_state()
    first_turns(state, {1: ["5-12", "3-5", "3-3", "3-8"], 2: ["7-12"]})
    assert state.phase == "normal" and state.owed == []


def test_MT_6f_empty_hand_in_first_turn_does_not_end_the_round():
    state = started(rigged({1: ["0-12", "1-1"], 2: ["12-12", "3-12"], 3: ["5-12", "2-2"]}))
    events = act(state, "engine 12-12", "play 3-12 2")
    assert types(events) == ["engine", "play", "end_first_turn"]
    assert state.round == 1 and state.to_move() == 3 and state.hands[2] == []
    act(state, "play 5-12 3")
    assert state.round == 1 and state.to_move() == 1


def test_MT_7_round_ends_after_first_turns_when_hands_are_empty():
    """MT.7, MT.13: several hands may be empty; the round then ends 'out'."""
    state = started(rigged({1: ["0-12"], 2: ["12-12", "3-12"], 3: ["5-12", "2-2"]}))
    events = act(state, "engine 12-12", "play 3-12 2", "play 5-12 3", "play 0-12 1")
    end = next(e for e in events if e.type == "round_end")
    assert end["reason"] == "out" and end["points"] == {"1": 0, "2": 0, "3": 4}
    after = types(events).index("round_end") + 1
    assert events[after].type == "deal" and events[after]["round"] == 2 and state.round == 2
    refereed(state)


def test_MT_6g_exposed_doubles_owed_in_the_order_played():
    """Holder seat 3 plays its double first, then seat 1: owed in that real order, after all first turns."""
    state = started(
        rigged(
            {
                3: ["12-12", "4-12", "4-4", "4-9"],
                1: ["2-12", "2-2", "2-8"],
                2: ["0-1", "5-6"],
            }
        )
    )
    act(state, "engine 12-12", "play 4-12 3", "play 4-4 3", "end", "play 2-12 1", "play 2-2 1", "end")
    assert state.owed == []  # seat 2 has not had its first turn yet
    act(state, "pass")
    assert state.owed == [(t("4-4"), 3), (t("2-2"), 1)]
    assert [(o.tile, o.line) for o in state.view(2).owed] == [(t("4-4"), 3), (t("2-2"), 1)]
    assert state.to_move() == 3 and plays(state) == {("4-9", 3)}
    refereed(state)


def test_MT_7_normal_turns_begin_with_the_holder():
    state = chain_state()
    first_turns(state, {1: ["5-12"], 2: ["7-12"]})
    assert state.phase == "normal" and state.to_move() == 1


# ------------------------------------------------------------------ MT.8-10
def mt8_state():
    """After first turns: seat 1 ends 1, seat 2 ends 2 (no marker), seat 3 passed (marker, empty)."""
    state = started(
        rigged(
            {
                1: ["12-12", "1-12", "4-12", "1-5", "2-6", "3-7"],
                2: ["2-12", "8-9", "9-10"],
                3: ["0-0", "0-3", "5-6"],
            },
            stock=["0-2", "4-6", "9-11"],
        )
    )
    first_turns(state, {1: ["1-12"], 2: ["2-12"]})
    assert state.markers == {3} and state.to_move() == 1
    return state


def test_MT_8_where_a_tile_may_go():
    state = mt8_state()
    assert plays(state) == {("4-12", MEXICAN), ("4-12", 3), ("1-5", 1)}
    refused(state, Play(t("2-6"), 2), "MT.8c")
    refused(state, Play(t("3-7"), MEXICAN), "MT.8")
    refused(state, Play(t("11-11"), 1), "MT.8")
    refused(state, Play(t("4-12"), 7), "MT.8")
    refused(state, Play(t("4-12"), "Mexican"), "MT.8")
    refused(state, EndTurn(), "MT.8")
    refused(state, PlaceEngine(t("12-12")), "MT.5")


def test_MT_8b_mexican_train_starts_from_the_engine():
    state = mt8_state()
    events = act(state, "play 4-12 mexican")
    assert events[0].to_record() == {"type": "play", "seat": 1, "tile": "4-12", "line": "mexican", "end": 4}
    assert state.ends[MEXICAN] == 4


def test_MT_8c_empty_marked_train_is_started_from_the_engine_and_keeps_its_marker():
    state = mt8_state()
    act(state, "play 4-12 3")
    assert state.ends[3] == 4 and state.markers == {3}  # MT.10: a play by another keeps the marker
    refereed(state)


def test_MT_9a_must_play_when_able():
    state = mt8_state()
    refused(state, Draw(), "MT.9a")
    refused(state, Pass(), "MT.9a")


def test_MT_9b_drawn_playable_tile_must_be_played():
    state = mt8_state()
    act(state, "play 4-12 3")
    assert state.to_move() == 2 and state.legal_actions() == [Draw()]
    refused(state, Pass(), "MT.9b")
    events = act(state, "draw")
    assert events[0].to_record() == {"type": "draw", "seat": 2, "tile": "0-2", "why": "play"}
    assert "tile" not in events[0].visible_to(1) and events[0].visible_to(2)["tile"] == "0-2"
    assert state.legal_actions() == [Play(t("0-2"), 2)]
    refused(state, Pass(), "MT.9b")
    refused(state, Draw(), "MT.9a")
    act(state, "play 0-2 2")
    assert state.to_move() == 3
    refereed(state)


def test_MT_9b_unplayable_draw_means_pass_and_marker():
    state = mt8_state()
    act(state, "play 4-12 3", "draw", "play 0-2 2")
    # seat 3 (marked) holds 0-0 0-3 5-6: nothing fits ends 1, 0, 4, 12
    act(state, "draw")
    assert state.hands[3][-1] == t("4-6") and state.legal_actions() == [Play(t("4-6"), 3)]
    act(state, "play 4-6 3")
    assert state.markers == set()  # MT.10: the owner's own play removes the marker
    act(state, "play 1-5 1")
    assert state.legal_actions() == [Draw()]
    act(state, "draw")
    assert state.legal_actions() == [Pass()]
    refused(state, Draw(), "MT.9c")
    assert "MT.9b" in state.pass_reason()
    events = act(state, "pass")
    assert types(events) == ["pass"] and state.markers == {2} and state.to_move() == 3
    refereed(state)


def test_MT_10_markers_added_by_passes_removed_only_by_own_play():
    state = mt8_state()
    act(state, "play 4-12 3", "draw", "play 0-2 2", "draw", "play 4-6 3")
    assert state.markers == set()
    act(state, "play 1-5 1", "draw", "pass")  # seat 2 draws 9-11: pass, marker
    assert state.markers == {2}
    assert state.view(1).line(2).available and not state.view(1).line(1).available
    assert state.view(3).extra["markers"] == frozenset({2})


# ------------------------------------------------------------------ MT.11
def example_3_state():
    state = started(
        rigged(
            {
                1: ["12-12", "6-12", "6-6", "3-12", "3-3", "2-6", "0-11"],
                2: ["9-12", "4-9", "3-5", "1-1"],
                3: ["10-12", "8-10", "0-0"],
            }
        )
    )
    first_turns(state, {1: ["6-12"], 2: ["9-12"], 3: ["10-12"]})
    act(state, "play 3-12 mexican", "play 4-9 2", "play 8-10 3")
    return state


def test_example_3_two_doubles_in_one_turn():
    """Worked example 3 (MT.11): 6-6 on own train, 3-3 on the Mexican train, 6-2 on the 6-6."""
    state = example_3_state()
    assert state.to_move() == 1
    act(state, "play 6-6 1")
    assert state.to_move() == 1 and state.extra_owed
    assert plays(state) == {("3-3", MEXICAN), ("2-6", 1)}  # MT.11a: anywhere available
    act(state, "play 3-3 mexican")
    assert state.to_move() == 1 and plays(state) == {("2-6", 1)}
    refused(state, EndTurn(), "MT.8")
    act(state, "play 2-6 1")
    assert state.to_move() == 2
    assert state.owed == [(t("3-3"), MEXICAN)]
    assert state.legal_actions() == [Play(t("3-5"), MEXICAN)]
    refereed(state)


def test_MT_11a_extra_play_may_leave_the_double_uncovered():
    state = example_3_state()
    act(state, "play 6-6 1", "play 3-3 mexican")
    assert state.owed == []  # not owed until the turn ends (MT.12a)
    act(state, "play 2-6 1")
    assert state.owed == [(t("3-3"), MEXICAN)]


def test_MT_11b_double_after_double_owes_another_extra_play():
    state = example_3_state()
    act(state, "play 6-6 1", "play 3-3 mexican")
    assert state.to_move() == 1 and state.extra_owed


def doubles_state():
    """Two players; seat 1 will play 5-5 and draw 3-3 (a double), then 9-10 (no place)."""
    state = started(
        rigged(
            {1: ["12-12", "5-12", "5-5", "3-12", "0-1"], 2: ["7-12", "7-8", "1-2", "4-4"]},
            stock=["3-3", "9-10", "6-11"],
        )
    )
    first_turns(state, {1: ["5-12"], 2: ["7-12"]})
    act(state, "play 3-12 mexican", "play 7-8 2")
    return state


def test_MT_11c_cannot_make_the_extra_play_draws_once_per_obligation():
    state = doubles_state()
    act(state, "play 5-5 1")
    assert state.to_move() == 1 and state.legal_actions() == [Draw()]
    refused(state, Pass(), "MT.9b")
    act(state, "draw")
    assert state.legal_actions() == [Play(t("3-3"), MEXICAN)]  # a playable drawn tile must be played
    act(state, "play 3-3 mexican")
    assert state.to_move() == 1 and state.legal_actions() == [Draw()]  # MT.9c: a new obligation, a new draw
    act(state, "draw")
    assert state.legal_actions() == [Pass()]
    refused(state, Draw(), "MT.9c")
    act(state, "pass")
    assert state.markers == {1} and state.to_move() == 2
    assert state.owed == [(t("5-5"), 1), (t("3-3"), MEXICAN)]
    assert state.legal_actions() == [Draw()]  # seat 2 holds 1-2 and 4-4: cannot cover 5-5
    refereed(state)


def test_MT_9c_one_draw_per_obligation_to_play():
    state = doubles_state()
    act(state, "play 5-5 1", "draw", "play 3-3 mexican")  # the double owes a new obligation: a new draw
    assert state.legal_actions() == [Draw()]
    act(state, "draw")
    refused(state, Draw(), "MT.9c")
    act(state, "pass")
    assert state.to_move() == 2 and state.legal_actions() == [Draw()]  # the next turn is a new obligation


def test_MT_12a_uncovered_doubles_owed_at_turn_end_in_play_order():
    state = doubles_state()
    act(state, "play 5-5 1", "draw", "play 3-3 mexican")
    assert state.owed == []  # the turn is not over
    act(state, "draw", "pass")
    assert state.owed == [(t("5-5"), 1), (t("3-3"), MEXICAN)]
    assert [(o.tile, o.line) for o in state.view(None).owed] == state.owed


def test_MT_11d_turn_ends_with_a_non_double():
    state = example_3_state()
    act(state, "play 6-6 1", "play 2-6 1")
    assert state.to_move() == 2 and not state.extra_owed and state.owed == []


def test_MT_11e_double_as_last_tile_ends_the_round_at_once():
    state = started(rigged({1: ["12-12", "5-12", "5-5"], 2: ["7-12", "0-1"]}))
    first_turns(state, {1: ["5-12"], 2: ["7-12"]})
    events = act(state, "play 5-5 1")
    assert types(events)[:2] == ["play", "round_end"]
    assert events[1]["reason"] == "out" and events[1]["points"] == {"1": 0, "2": 1}
    assert state.round == 2
    refereed(state)


# ------------------------------------------------------------------ MT.12
def example_2_state(seat_2_tiles=("7-12", "7-7", "0-7", "1-5")):
    state = started(
        rigged(
            {
                2: ["12-12", *seat_2_tiles],
                3: ["4-12", "4-4", "4-9", "2-6", "7-9"],
                1: ["0-1", "3-5", "6-8"],
            },
            stock=["2-3", "5-9", "7-10", "6-11", "4-11"],
        )
    )
    act(state, "engine 12-12", "play 7-12 2", "play 7-7 2")
    if state.to_move() == 2:
        act(state, "end")
    act(state, "play 4-12 3", "play 4-4 3")
    if state.to_move() == 3:
        act(state, "end")
    act(state, "pass")
    return state


def test_example_2_exposed_doubles():
    """Worked example 2 (MT.6g, MT.12): seat 2 owes its own 7-7 first, then seat 3 owes 4-4."""
    state = example_2_state()
    assert state.markers == {1} and state.to_move() == 2
    assert state.owed == [(t("7-7"), 2), (t("4-4"), 3)]
    assert state.legal_actions() == [Play(t("0-7"), 2)]
    refused(state, Play(t("0-7"), MEXICAN), "MT.12b")
    act(state, "play 0-7 2")
    assert state.owed == [(t("4-4"), 3)] and state.to_move() == 3
    assert state.legal_actions() == [Play(t("4-9"), 3)]
    refused(state, Play(t("7-9"), 2), "MT.12b")
    act(state, "play 4-9 3")
    assert state.owed == []
    refereed(state)


def test_MT_12b_cover_oldest_even_on_unmarked_train():
    state = started(
        rigged(
            {
                1: ["12-12", "6-12", "6-6", "5-12", "1-9"],
                2: ["3-12", "2-6", "10-12", "3-4"],
                3: ["8-12", "0-0"],
            }
        )
    )
    first_turns(state, {1: ["6-12"], 2: ["3-12"], 3: ["8-12"]})
    act(state, "play 6-6 1", "play 5-12 mexican")
    assert state.owed == [(t("6-6"), 1)] and 1 not in state.markers
    assert state.to_move() == 2 and state.legal_actions() == [Play(t("2-6"), 1)]
    refused(state, Play(t("3-4"), 2), "MT.12b")
    act(state, "play 2-6 1")
    assert state.markers == set() and state.owed == []
    refereed(state)


def owed_state():
    """Seat 2's 7-7 and seat 3's 4-4 exposed; nobody can cover at first; draws come from a rigged boneyard."""
    state = started(
        rigged(
            {2: ["12-12", "7-12", "7-7", "1-5"], 3: ["4-12", "4-4", "0-9", "2-8"], 1: ["0-1", "3-5", "6-8"]},
            stock=["2-3", "5-9", "7-10", "6-11", "4-11"],
        )
    )
    act(state, "engine 12-12", "play 7-12 2", "play 7-7 2", "play 4-12 3", "play 4-4 3", "pass")
    assert state.owed == [(t("7-7"), 2), (t("4-4"), 3)] and state.markers == {1} and state.to_move() == 2
    return state


def test_MT_12c_cannot_cover_draws_once_then_passes_and_next_player_owes_it():
    state = owed_state()
    assert state.legal_actions() == [Draw()]
    refused(state, Pass(), "MT.9b")
    act(state, "draw")  # 2-3 does not cover
    assert state.legal_actions() == [Pass()] and "MT.12c" in state.pass_reason()
    refused(state, Draw(), "MT.9c")
    act(state, "pass")
    assert state.markers == {1, 2} and state.owed[0] == (t("7-7"), 2)
    assert state.to_move() == 3 and state.legal_actions() == [Draw()]  # seat 3 now owes the same 7-7
    act(state, "draw", "pass")  # 5-9 does not cover
    assert state.markers == {1, 2, 3} and state.to_move() == 1
    refereed(state)


def test_MT_12c_drawn_covering_tile_must_be_played_there():
    state = owed_state()
    act(state, "draw", "pass", "draw", "pass")
    act(state, "draw")  # seat 1 draws 7-10
    assert state.legal_actions() == [Play(t("7-10"), 2)]
    refused(state, Pass(), "MT.9b")
    refused(state, Play(t("7-10"), MEXICAN), "MT.12b")
    refereed(state)


def test_MT_12d_covering_elsewhere_keeps_the_marker_and_ends_the_turn():
    state = owed_state()
    act(state, "draw", "pass", "draw", "pass", "draw")
    events = act(state, "play 7-10 2")
    assert types(events) == ["play"] and events[0]["end"] == 10
    assert state.to_move() == 2 and state.markers == {1, 2, 3}
    assert state.owed == [(t("4-4"), 3)]
    refereed(state)


def test_MT_12d_covering_own_train_removes_own_marker():
    state = owed_state()
    act(state, "draw", "pass", "draw", "pass", "draw", "play 7-10 2")
    act(state, "draw", "pass")  # seat 2: 6-11 does not cover 4-4
    assert state.to_move() == 3 and 3 in state.markers
    act(state, "draw")
    assert state.legal_actions() == [Play(t("4-11"), 3)]
    events = act(state, "play 4-11 3")
    assert types(events) == ["play"] and state.to_move() == 1
    assert state.markers == {1, 2} and state.owed == []
    refereed(state)


# ------------------------------------------------------------------ MT.13-14
def test_MT_13_going_out_in_a_normal_turn_ends_the_round_at_once():
    state = started(rigged({1: ["12-12", "5-12", "5-8"], 2: ["7-12", "0-1", "2-3"], 3: ["9-12", "4-4"]}))
    first_turns(state, {1: ["5-12"], 2: ["7-12"], 3: ["9-12"]})
    events = act(state, "play 5-8 1")
    assert types(events)[:2] == ["play", "round_end"]
    assert events[1].to_record()["points"] == {"1": 0, "2": 6, "3": 8}
    assert {k: sorted(v) for k, v in events[1]["hands"].items()} == {"1": [], "2": ["0-1", "2-3"], "3": ["4-4"]}
    refereed(state)


def test_MT_14_blocked_right_after_the_first_turns():
    """MT.7, MT.14: boneyard empty, ends 5, 5 and 12; the hands hold none of them."""
    deal, chain_1, chain_2 = deal_two_chains(["0-1", "1-2"], ["0-2"], (5, 5))
    assert deal.stock == ()
    state = started(deal)
    events = first_turns(state, {1: chain_1, 2: chain_2})
    end = next(e for e in events if e.type == "round_end")
    assert end["reason"] == "blocked" and end["points"] == {"1": 4, "2": 2} and end["totals"] == {"1": 4, "2": 2}
    assert state.round == 2
    refereed(state)


def test_MT_14_blocked_with_an_owed_double_counts_only_covering_tiles():
    """5-12 would fit the Mexican train, but 7-7 is owed and nobody holds a 7: blocked."""
    deal, chain_1, chain_2 = deal_two_chains(["5-12", "3-5"], ["3-12"], (7, 7), first_double=True)
    assert chain_1[-1] == t("7-7")
    state = started(deal)
    events = first_turns(state, {1: chain_1, 2: chain_2})
    end = next(e for e in events if e.type == "round_end")
    assert end["reason"] == "blocked" and end["points"] == {"1": 25, "2": 15}
    refereed(state)


def test_MT_14_block_checked_at_the_end_of_a_normal_turn():
    deal, chain_1, chain_2 = deal_two_chains(["0-1"], ["0-2"], (5, 5), stock=["1-2"])
    state = started(deal)
    first_turns(state, {1: chain_1, 2: chain_2})
    assert state.phase == "normal" and state.legal_actions() == [Draw()]
    act(state, "draw")
    events = act(state, "pass")
    assert types(events)[:2] == ["pass", "round_end"] and events[1]["reason"] == "blocked"
    assert events[1]["points"] == {"1": 4, "2": 2}
    refereed(state)


def test_example_4_block():
    """Worked example 4: a full circle of passes is not a block when a pass opens a train."""
    deal, chain_1, chain_2 = deal_two_chains(["11-12"], ["9-11"], (9, 5), mexican=["5-12"])
    state = started(deal)
    first_turns(state, {1: chain_1, 2: chain_2})
    assert state.boneyard == [] and state.phase == "normal" and state.to_move() == 1
    act(state, "play 5-12 mexican")
    assert state.to_move() == 2 and state.legal_actions() == [Pass()]
    refused(state, Draw(), "MT.9b")
    act(state, "pass")
    # the example's position: seat 1 to move, its train unmarked and ending in 9, seat 2 holds only 9-11
    assert state.ends[1] == 9 and 1 not in state.markers and state.hands[2] == [t("9-11")]
    assert state.legal_actions() == [Pass()] and state.phase == "normal"
    events = act(state, "pass")
    assert types(events) == ["pass"] and state.markers == {1, 2}
    assert state.legal_actions() == [Play(t("9-11"), 1)]
    events = act(state, "play 9-11 1")
    assert events[1]["reason"] == "out" and events[1]["points"] == {"1": 23, "2": 0}
    refereed(state)


# ------------------------------------------------------------------ MT.15-16
def scoring_deals():
    """13 quick rounds: odd rounds seat 1 goes out, even rounds seat 2; round 13 both go out."""
    deals = []
    for number in range(1, 14):
        e = 13 - number
        a, b = (e + 1) % 13, (e + 2) % 13
        pair_low = e if number % 2 else e + 1
        avoid = {(pair_low + k) % 13 for k in (-1, 0, 1, 2)}
        left = max((x for x in FULL_SET if not ({x.a, x.b} & avoid)), key=lambda x: x.pips)
        out_hand = [f"{e}-{e}", f"{min(a, e)}-{max(a, e)}"]
        other = [f"{min(b, e)}-{max(b, e)}"] + ([] if number == 13 else [str(left)])
        deals.append(rigged({1: out_hand, 2: other} if number % 2 else {2: out_hand, 1: other}))
    return deals


def test_MT_15_penalties_totals_and_shared_win():
    state = started(scoring_deals())
    while not state.is_over():
        finish_round(state)
    ends = [e for e in state.test_events if e.type == "round_end"]
    assert len(ends) == 13
    running = {"1": 0, "2": 0}
    for end in ends:
        for seat, hand in end["hands"].items():
            assert end["points"][seat] == sum(x.pips for x in ts(hand))
            running[seat] += end["points"][seat]
        assert end["totals"] == running
    assert ends[-1]["points"] == {"1": 0, "2": 0}
    assert running["1"] == running["2"] > 0
    final = state.test_events[-1].to_record()
    assert final == {"type": "match_end", "winners": [1, 2], "totals": {"1": running["1"], "2": running["2"]}}
    assert state.winners() == [1, 2]
    check_record(record_of(state), book_hand_sizes=False)


def test_MT_15_double_blank_counts_zero_and_empty_hand_scores_zero():
    state = started(rigged({1: ["12-12", "0-12"], 2: ["0-0", "5-5"], 3: ["0-1"]}))
    events = first_turns(state, {1: ["0-12"]})
    end = next(e for e in events if e.type == "round_end")
    assert end["points"] == {"1": 0, "2": 10, "3": 1}


def test_MT_15_match_never_ends_early_and_lowest_total_wins():
    state = VARIANT.new_match(3, 21)
    state.start()
    while not state.is_over():
        state.apply(state.legal_actions()[-1])
    totals = state.totals()
    assert state.round == 13 and state.winners() == [s for s in totals if totals[s] == min(totals.values())]


def test_MT_16_rule_book_defaults():
    chosen = VARIANT.default_params()
    assert chosen == {
        "set_size": 12,
        "hand_sizes": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8},
        "rounds": 13,
        "engine_order": "descending",
    }


def test_MT_16_ascending_engines_only_as_a_named_house_rule():
    state = started([quick_round(2, 0), quick_round(2, 1)], engine_order="ascending")
    assert state.engine == t("0-0")
    finish_round(state)
    assert state.engine == t("1-1")
    with pytest.raises(ParamError, match="engine_order"):
        VARIANT.validate_params(params(engine_order="upward"), "house.yaml")


def test_MT_16_first_turn_is_a_chain_not_one_tile():
    state = chain_state()
    act(state, "engine 12-12", "play 5-12 1")
    assert state.to_move() == 1 and Play(t("3-5"), 1) in state.legal_actions()
