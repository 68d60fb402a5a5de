"""Double-Nine Branch scenarios on rigged deals and arranged positions, one or more per clause (RULES.md §2)."""

from __future__ import annotations

import random

import pytest
from db_helpers import VARIANT, all_tiles_in_play, arrange, deal_of, new_state, tiles

from roundhouse.core.game.actions import Draw, EndTurn, IllegalAction, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile

T = Tile.parse


def types(events) -> list[str]:
    return [e.type for e in events]


def refusal(state, action) -> str:
    """The clause of the refusal; the state must be unchanged."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert state.snapshot() == before
    return caught.value.clause


def win_round(state, winner: int, opener: int | None = None):
    """Arrange a position where ``winner`` lays its last tile; return the events."""
    others = [s for s in state.seats if s != winner]
    hands = {winner: "0-1", **dict(zip(others, ["2-3", "2-4", "3-4", "4-5", "2-5"], strict=False))}
    arrange(state, "0-0", hands, current=winner, opener=opener or winner)
    return state.apply(Play(T("0-1"), winner))


def tied_block(state, mover: int, opener: int):
    """Arrange a position where ``mover``'s play blocks the round with two lowest hands tied (4 pips)."""
    others = [s for s in state.seats if s != mover]
    hands = {mover: "8-9 1-3", **dict(zip(others, ["0-4", "2-7", "3-7", "5-7", "6-7"], strict=False))}
    arrange(state, "9-9", hands, current=mover, opener=opener)
    return state.apply(Play(T("8-9"), mover))


# --------------------------------------------------------------- DB.1
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_DB_1_two_to_six_players_with_the_double_nine_set(players):
    state, _ = new_state(players, deal_of({1: "9-9"}, players))
    assert len(state.tiles) == 55 and len(set(state.tiles)) == 55
    assert max(state.tiles) == T("9-9")
    assert sorted(all_tiles_in_play(state)) == sorted(state.tiles)


@pytest.mark.parametrize("players", [1, 7, 10])
def test_DB_1_other_player_counts_refused(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        VARIANT.new_match(players, 1)


# --------------------------------------------------------------- DB.2
def test_DB_2_eight_tiles_each_rest_set_aside_unseen():
    state, events = new_state(4, deal_of({2: "9-9"}, 4))
    assert types(events) == ["deal"]
    deal = events[0]
    assert all(len(h) == 8 for h in deal["hands"].values())
    assert sorted(deal["stock"]) == sorted(str(t) for t in state.set_aside) and len(deal["stock"]) == 23
    view = state.view(1)
    assert view.stock_count == 0 and view.extra["set_aside_count"] == 23
    public = view.history[0].to_record()
    assert "stock" not in public and "hands" not in public and public["stock_count"] == 23


def test_DB_2_there_is_no_drawing():
    state, _ = new_state(2, deal_of({1: "9-9"}, 2))
    assert refusal(state, Draw()) == "DB.2"
    state.apply(OpenDouble(T("9-9")))
    assert all(not isinstance(a, Draw) for a in state.legal_actions())
    assert refusal(state, Draw()) == "DB.2"


# --------------------------------------------------------------- DB.3
def test_DB_3_play_goes_counterclockwise():
    state, _ = new_state(4, deal_of({2: "9-9"}, 4), deal_of({1: "9-9"}, 4))
    state.apply(OpenDouble(T("9-9")))
    rng = random.Random(5)
    expected = [1, 4, 3, 2]
    turn = 0
    while state.round == 1 and not state.is_over():
        assert state.to_move() == expected[turn % 4]
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        turn += 1
    assert turn >= 4


# --------------------------------------------------------------- DB.4
def test_DB_4_highest_double_opens_one_legal_action():
    state, _ = new_state(4, deal_of({1: "5-5 6-6", 3: "7-7 2-2"}, 4))
    assert state.to_move() == 3
    assert state.legal_actions() == [OpenDouble(T("7-7"))]
    assert refusal(state, OpenDouble(T("2-2"))) == "DB.4"
    assert refusal(state, OpenDouble(T("6-6"))) == "DB.4"
    assert refusal(state, Play(T("2-7"), 3)) == "DB.4"
    assert refusal(state, Pass()) == "DB.4"


def test_DB_4_redeal_when_no_hand_holds_a_double():
    no_double = deal_of({}, 2)
    assert not any(t.is_double for h in no_double.hands.values() for t in h)
    state, events = new_state(2, no_double, deal_of({2: "4-4 8-8"}, 2))
    assert types(events) == ["deal", "redeal", "deal"]
    assert events[1]["round"] == 1 and events[1]["reason"]
    assert state.to_move() == 2 and state.legal_actions() == [OpenDouble(T("8-8"))]


# --------------------------------------------------------------- DB.5
def test_DB_5a_winner_opens_with_a_double_of_their_choice():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({2: "2-2 6-6", 3: "9-9"}, 3))
    events = win_round(state, 2)
    assert types(events) == ["play", "round_end", "deal"]
    assert state.to_move() == 2
    assert set(state.legal_actions()) == {OpenDouble(T("2-2")), OpenDouble(T("6-6"))}
    assert refusal(state, OpenDouble(T("9-9"))) == "DB.5"
    state.apply(OpenDouble(T("2-2")))
    assert state.centre == T("2-2") and state.to_move() == 1


def test_DB_5b_winner_without_double_first_holder_counterclockwise():
    state, _ = new_state(4, deal_of({1: "9-9"}, 4), deal_of({3: "9-9", 4: "3-3"}, 4))
    win_round(state, 2)
    # counterclockwise from seat 2: seat 2 (none), seat 1 (none), seat 4 (3-3)
    assert state.to_move() == 4 and state.legal_actions() == [OpenDouble(T("3-3"))]


def test_DB_5c_no_winner_search_starts_right_of_previous_opener():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({1: "1-1", 2: "9-9", 3: "8-8"}, 3))
    events = tied_block(state, mover=3, opener=2)
    assert types(events) == ["play", "round_end", "deal"]
    assert state.to_move() == 1 and state.legal_actions() == [OpenDouble(T("1-1"))]


def test_DB_5d_redeal_in_a_later_round_search_restarts_from_same_player():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({}, 3), deal_of({1: "8-8", 2: "1-1", 3: "9-9"}, 3))
    events = win_round(state, 2)
    assert types(events) == ["play", "round_end", "deal", "redeal", "deal"]
    assert events[3]["round"] == 2 and state.round == 2
    assert state.to_move() == 2 and state.legal_actions() == [OpenDouble(T("1-1"))]


# --------------------------------------------------------------- DB.6
def test_DB_6_opening_double_in_centre_then_player_to_the_right():
    state, _ = new_state(4, deal_of({3: "9-9"}, 4))
    assert state.view(1).lines == () and state.view(1).centre is None
    events = state.apply(OpenDouble(T("9-9")))
    assert [e.to_record() for e in events] == [{"type": "open", "seat": 3, "tile": "9-9"}]
    view = state.view(3)
    assert view.centre == T("9-9") and T("9-9") not in view.hand
    assert [(line.id, line.owner, line.tiles, line.end, line.available) for line in view.lines] == [
        (s, s, (), 9, False) for s in (1, 2, 3, 4)
    ]
    assert state.to_move() == 2
    assert refusal(state, OpenDouble(T("9-9"))) == "DB.6"
    assert refusal(state, PlaceEngine(T("9-9"))) == "DB.6"
    assert refusal(state, Play(T("0-9"), "mexican")) == "DB.6"


# --------------------------------------------------------------- DB.7
EXAMPLE_5 = {
    "centre": "9-9",
    "branches": {1: "1-9 1-5", 2: "8-9", 3: "5-9", 4: "2-9 2-5"},
    "hands": {1: "3-4", 2: "5-8 5-5 0-1", 3: "0-3", 4: "0-4"},
}


def test_DB_7_worked_example_5_priority():
    """Seats 3 and 4 open ending 5, seat 4 first: 5-8 on own or seat 4, 5-5 on seat 4 or closed branches."""
    state, _ = new_state(4, deal_of({1: "9-9"}, 4))
    arrange(state, EXAMPLE_5["centre"], EXAMPLE_5["hands"], EXAMPLE_5["branches"], open_order=[4, 3], current=2)
    assert set(state.legal_actions()) == {
        Play(T("5-8"), 2),
        Play(T("5-8"), 4),
        Play(T("5-5"), 4),
        Play(T("5-5"), 1),
    }
    assert refusal(state, Play(T("5-8"), 3)) == "DB.7"
    assert refusal(state, Play(T("5-5"), 3)) == "DB.7"
    assert "priority" in str(pytest.raises(IllegalAction, state.check, Play(T("5-8"), 3)).value)


def test_DB_7a_own_branch_any_matching_tile():
    state, _ = new_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "3-9 0-1", 2: "0-2"}, open_order=[], current=1)
    assert state.legal_actions() == [Play(T("3-9"), 1)]
    assert refusal(state, Play(T("0-1"), 1)) == "DB.7"
    assert refusal(state, Play(T("7-9"), 1)) == "DB.7"


def test_DB_7b_double_on_any_closed_branch_7c_single_only_on_open():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3))
    branches = {1: "8-9", 2: "3-9", 3: "5-9 3-5"}
    hands = {1: "3-3 3-4", 2: "0-2", 3: "0-5"}
    arrange(state, "9-9", hands, branches, current=1)
    # seats 2 and 3 are closed (nobody passed): only the double may go there
    assert refusal(state, Play(T("3-4"), 2)) == "DB.7c"
    assert set(state.legal_actions()) == {Play(T("3-3"), 2), Play(T("3-3"), 3)}
    arrange(state, "9-9", hands, branches, open_order=[2], current=1)
    assert set(state.legal_actions()) == {Play(T("3-3"), 2), Play(T("3-3"), 3), Play(T("3-4"), 2)}


def test_DB_7_own_branch_takes_no_part_in_the_priority():
    state, _ = new_state(4, deal_of({1: "9-9"}, 4))
    branches = {**EXAMPLE_5["branches"], 2: "3-9 3-5"}
    arrange(state, "9-9", {1: "3-4", 2: "5-8 0-1", 3: "5-6 0-3", 4: "0-4"}, branches, open_order=[2, 4, 3], current=2)
    # seat 2's own open branch opened first, yet seat 2 is bound to seat 4 among the others' branches
    assert set(state.legal_actions()) == {Play(T("5-8"), 2), Play(T("5-8"), 4)}
    state.apply(Play(T("5-8"), 4))
    assert state.open_order == [4, 3]
    # for seat 3 (next), seat 4 opened first of the others' open branches; own branch 3 is free
    assert state.to_move() == 1
    arrange(state, "9-9", {1: "3-4", 2: "0-1", 3: "5-6 0-3", 4: "0-4"}, branches, open_order=[2, 4, 3], current=3)
    assert set(state.legal_actions()) == {Play(T("5-6"), 2), Play(T("5-6"), 3)}


def test_DB_7_priority_is_per_end_value():
    state, _ = new_state(4, deal_of({1: "9-9"}, 4))
    branches = {1: "9-1", 2: "9-7", 3: "5-9", 4: "8-9"}
    arrange(state, "9-9", {1: "0-1", 2: "5-8 0-2", 3: "0-3", 4: "0-4"}, branches, open_order=[4, 3], current=2)
    assert set(state.legal_actions()) == {Play(T("5-8"), 3), Play(T("5-8"), 4)}


# --------------------------------------------------------------- DB.8
def test_DB_8a_must_play_when_possible_must_pass_otherwise():
    state, _ = new_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "4-9 0-1", 2: "0-2 4-5"}, current=1)
    assert refusal(state, Pass()) == "DB.8a"
    assert refusal(state, EndTurn()) == "DB.7"
    assert state.pass_reason() is None
    state.apply(Play(T("4-9"), 1))
    assert state.legal_actions() == [Pass()]
    assert "DB.8a" in state.pass_reason()
    assert refusal(state, Play(T("0-2"), 2)) == "DB.7"


def test_DB_8b_pass_opens_branch_and_fixes_its_place():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3))
    arrange(state, "9-9", {1: "4-9 1-4 5-6", 2: "0-2 0-3", 3: "0-1 1-2"}, current=3)
    assert [e.type for e in state.apply(Pass())] == ["pass"]
    state.apply(Pass())
    assert state.open_order == [3, 2]
    assert set(state.legal_actions()) == {Play(T("4-9"), 1), Play(T("4-9"), 3)}
    state.apply(Play(T("4-9"), 1))
    state.apply(Pass())  # seat 3 passes again: keeps its place
    assert state.open_order == [3, 2]
    ranks = {line.id: (line.available, line.open_rank) for line in state.view(1).lines}
    assert ranks == {1: (False, None), 2: (True, 2), 3: (True, 1)}


def test_DB_8c_playing_anywhere_closes_own_branch_later_pass_reopens_last():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3))
    hands = {1: "7-9 7-8", 2: "0-2 2-3", 3: "5-9 0-1"}
    arrange(state, "9-9", hands, {3: "6-9"}, open_order=[3, 2], current=3)
    assert state.legal_actions() == [Play(T("5-9"), 2)]
    state.apply(Play(T("5-9"), 2))  # seat 3 plays on seat 2's branch: its own closes
    assert state.open_order == [2]
    state.apply(Pass())  # seat 2
    assert state.open_order == [2]
    state.apply(Play(T("7-9"), 1))
    state.apply(Pass())  # seat 3 reopens, last
    assert state.open_order == [2, 3]


# --------------------------------------------------------------- DB.9
def test_DB_9_double_crosswise_no_extra_turn():
    state, _ = new_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "3-3 0-1", 2: "3-4"}, {1: "3-9"}, current=1)
    events = state.apply(Play(T("3-3"), 1))
    assert events[0].to_record() == {"type": "play", "seat": 1, "tile": "3-3", "line": 1, "end": 3}
    assert state.ends[1] == 3 and state.branches[1] == tiles("3-9 3-3")
    assert state.to_move() == 2


# -------------------------------------------------------------- DB.10
def test_DB_10a_last_tile_wins_opponents_pips():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({2: "9-9"}, 3))
    arrange(state, "9-9", {1: "2-9", 2: "3-4 5-6", 3: "0-1 7-8"}, current=1)
    events = state.apply(Play(T("2-9"), 1))
    assert types(events) == ["play", "round_end", "deal"]
    end = events[1].to_record()
    assert end["reason"] == "out"
    assert end["points"] == {"1": 34, "2": 0, "3": 0} and end["totals"] == {"1": 34, "2": 0, "3": 0}
    assert end["hands"] == {"1": [], "2": ["3-4", "5-6"], "3": ["0-1", "7-8"]}
    assert events[2]["round"] == 2 and state.round == 2


def test_DB_10b_blocked_checked_after_every_turn():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({1: "9-9"}, 3))
    arrange(state, "9-9", {1: "0-9 1-2", 2: "3-4", 3: "5-7"}, {2: "9-8", 3: "9-6"}, current=1)
    events = state.apply(Play(T("0-9"), 1))
    assert types(events)[:2] == ["play", "round_end"] and events[1]["reason"] == "blocked"


def test_DB_10b_a_closed_matching_branch_is_not_a_block():
    """Like worked example 4: seat 2 can only play on seat 1's branch once seat 1 passes."""
    state, _ = new_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "0-1", 2: "4-6"}, {1: "9-4"}, current=1)
    assert state.plays_for(2) == []
    assert types(state.apply(Pass())) == ["pass"]
    assert state.legal_actions() == [Play(T("4-6"), 1)]


def test_DB_10b_blocked_right_after_the_opening():
    deal = deal_of({1: "9-9 0-1 0-2 0-3 0-4 0-5 0-6 0-7", 2: "8-8 1-2 1-3 1-4 1-5 1-6 1-7 1-8"}, 2)
    blocked_value = [t for t in deal.stock if t.has(9)]
    assert len(blocked_value) == 9  # no other 9 in any hand: nobody can ever play
    state, _ = new_state(2, deal, deal_of({1: "9-9"}, 2))
    events = state.apply(OpenDouble(T("9-9")))
    assert types(events) == ["open", "round_end", "deal"] and events[1]["reason"] == "blocked"


def test_DB_10c_worked_example_6_unique_lowest_scores_all_hands():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({1: "9-9"}, 3))
    arrange(state, "9-9", {1: "0-9 1-2", 2: "3-4", 3: "5-7"}, {2: "9-8", 3: "9-6"}, current=1)
    assert sum(t.pips for t in state.set_aside) > 0
    end = state.apply(Play(T("0-9"), 1))[1].to_record()
    assert end["points"] == {"1": 22, "2": 0, "3": 0} and end["totals"] == {"1": 22, "2": 0, "3": 0}


def test_DB_10c_worked_example_6_tied_lowest_nobody_scores():
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({1: "1-1", 2: "9-9", 3: "8-8"}, 3))
    state.scores = {1: 10, 2: 20, 3: 30}
    end = tied_block(state, mover=3, opener=2)[1].to_record()
    assert end["reason"] == "blocked" and end["points"] == {"1": 0, "2": 0, "3": 0}
    assert end["totals"] == {"1": 10, "2": 20, "3": 30}
    assert state.to_move() == 1  # to the right of the opener, seat 2


# -------------------------------------------------------------- DB.11
@pytest.mark.parametrize(("before", "over"), [(65, False), (66, True), (90, True)])
def test_DB_11_match_ends_when_a_total_reaches_100(before, over):
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({1: "9-9"}, 3))
    state.scores = {1: before, 2: 99, 3: 0}
    arrange(state, "9-9", {1: "2-9", 2: "3-4 5-6", 3: "0-1 7-8"}, current=1)
    events = state.apply(Play(T("2-9"), 1))
    assert state.is_over() is over
    if over:
        assert types(events) == ["play", "round_end", "match_end"]
        assert events[2].to_record() == {
            "type": "match_end",
            "winners": [1],
            "totals": {"1": before + 34, "2": 99, "3": 0},
        }
        assert state.winners() == [1] and state.to_move() is None and state.legal_actions() == []
        assert refusal(state, Pass()) == "DB.11"
    else:
        assert types(events) == ["play", "round_end", "deal"] and state.totals()[1] == 99


# ---------------------------------------------------------------- DX.7
def test_DX_7_restart_same_deal_same_opener_earlier_totals_kept():
    second = deal_of({2: "5-5 7-7", 3: "9-9"}, 3)
    state, _ = new_state(3, deal_of({1: "9-9"}, 3), deal_of({}, 3), second)
    win_round(state, 2)
    totals = state.totals()
    assert totals[2] > 0
    state.apply(OpenDouble(T("5-5")))
    before = state.snapshot()
    events = state.restart_round()
    assert types(events) == ["restart", "deal"]
    assert events[1]["hands"] == {str(s): [str(t) for t in second.hands[s]] for s in (1, 2, 3)}
    assert state.totals() == totals and state.to_move() == 2 and state.round == 2
    assert state.snapshot() != before and state.centre is None
    assert [e.type for e in state.view(1).history] == ["restart", "deal"]
