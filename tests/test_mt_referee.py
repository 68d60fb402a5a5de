"""The independent referee itself: it accepts true records and rejects every kind of broken one."""

from __future__ import annotations

import copy

import pytest
from mt_helpers import act, deal_two_chains, first_turns, record_of, rigged, session, started
from referee import Violation, check_record

from roundhouse.core.play.session import Seat


@pytest.fixture(scope="module")
def match_lines():
    """A full 4-player match between random bots."""
    game = session([Seat(f"Bot {s}", "random") for s in range(1, 5)], seed=31)
    game.run_bots()
    lines = game.record.lines()
    check_record(lines)
    return lines


def first_index(lines, predicate):
    return next(i for i, line in enumerate(lines) if predicate(line))


def rejected(lines, clause=None) -> Violation:
    with pytest.raises(Violation) as error:
        check_record(lines)
    if clause is not None:
        assert error.value.clause == clause, str(error.value)
    return error.value


def test_accepts_a_true_record(match_lines):
    summary = check_record(match_lines)
    assert summary.finished and summary.rounds == 13 and summary.plays > 0


def test_rejects_house_parameters_in_book_mode(match_lines):
    lines = copy.deepcopy(match_lines)
    lines[0]["params"]["rounds"] = 12
    rejected(lines, "MT.16")
    lines = copy.deepcopy(match_lines)
    lines[0]["players"] = 11
    rejected(lines, "MT.1")


def test_rejects_wrong_hand_sizes(match_lines):
    lines = copy.deepcopy(match_lines)
    deal = lines[1]
    deal["stock"].append(deal["hands"]["1"].pop())
    rejected(lines, "MT.3")


def test_rejects_a_changed_draw(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "draw" and line["why"] == "play")
    lines[index]["tile"] = "0-0" if lines[index]["tile"] != "0-0" else "1-1"
    rejected(lines, "MT.9b")


def test_rejects_a_play_on_the_wrong_train(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "play" and line["line"] == "mexican")
    lines[index]["line"] = lines[index]["seat"] % 4 + 1
    rejected(lines)


def test_rejects_a_dropped_pass(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "pass")
    del lines[index]
    rejected(lines)


def test_rejects_wrong_points_and_winners(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "round_end")
    lines[index]["points"]["2"] += 1
    rejected(lines, "MT.15")
    lines = copy.deepcopy(match_lines)
    lines[-1]["winners"] = [s for s in (1, 2, 3, 4) if s not in lines[-1]["winners"]][:1]
    rejected(lines, "MT.15")


def test_rejects_an_unfinished_match_unless_allowed(match_lines):
    lines = match_lines[: len(match_lines) // 2]
    rejected(lines, "MT.2")
    assert not check_record(lines, finished=False).finished


def test_rejects_engine_by_the_wrong_seat(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "engine")
    lines[index]["seat"] = lines[index]["seat"] % 4 + 1
    rejected(lines, "MT.5")


def test_rejects_a_search_draw_by_the_wrong_seat(match_lines):
    lines = copy.deepcopy(match_lines)
    index = first_index(lines, lambda line: line["type"] == "draw" and line["why"] == "search")
    lines[index]["seat"] = lines[index]["seat"] % 4 + 1
    rejected(lines, "MT.4b")


def scenario_record():
    """Seat 2 exposes 7-7, seat 3 exposes 4-4 and seat 1 cannot start (RULES.md example 2)."""
    state = started(
        rigged(
            {2: ["12-12", "7-12", "7-7", "0-7", "1-5"], 3: ["4-12", "4-4", "4-9", "7-9"], 1: ["0-1", "3-5"]},
            stock=["2-3", "5-9"],
        )
    )
    act(state, "engine 12-12", "play 7-12 2", "play 7-7 2", "end", "play 4-12 3", "play 4-4 3", "end", "pass")
    act(state, "play 0-7 2", "play 4-9 3")
    lines = record_of(state)
    check_record(lines, book_hand_sizes=False, finished=False)
    return lines


def check_scenario(lines):
    return check_record(lines, book_hand_sizes=False, finished=False)


def test_rejects_a_first_turn_play_on_the_mexican_train():
    lines = scenario_record()
    index = first_index(lines, lambda line: line.get("tile") == "7-12")
    lines[index]["line"] = "mexican"
    with pytest.raises(Violation) as error:
        check_scenario(lines)
    assert error.value.clause == "MT.6a"


def test_rejects_a_draw_in_the_first_turn():
    lines = scenario_record()
    index = first_index(lines, lambda line: line["type"] == "pass")
    lines[index] = {"type": "draw", "seat": 1, "tile": "2-3", "why": "play"}
    with pytest.raises(Violation) as error:
        check_scenario(lines)
    assert error.value.clause == "MT.6d"


def test_rejects_ignoring_the_oldest_owed_double():
    lines = scenario_record()
    index = first_index(lines, lambda line: line.get("tile") == "0-7")
    lines[index:] = [{"type": "play", "seat": 2, "tile": "1-5", "line": "mexican", "end": 1}]
    with pytest.raises(Violation) as error:
        check_scenario(lines)
    assert error.value.clause in ("MT.8", "MT.12b")


def test_rejects_a_pass_while_able_to_cover():
    lines = scenario_record()
    index = first_index(lines, lambda line: line.get("tile") == "0-7")
    lines[index:] = [{"type": "pass", "seat": 2}]
    with pytest.raises(Violation) as error:
        check_scenario(lines)
    assert error.value.clause == "MT.12b"


def test_rejects_a_missing_block():
    """After the first turns the round below is blocked; a record going on is wrong (MT.14)."""
    deal, chain_1, chain_2 = deal_two_chains(["0-1", "1-2"], ["0-2"], (5, 5))
    state = started(deal)
    first_turns(state, {1: chain_1, 2: chain_2})
    lines = record_of(state)
    index = first_index(lines, lambda line: line["type"] == "round_end")
    lines[index:] = [{"type": "pass", "seat": 1}]
    with pytest.raises(Violation) as error:
        check_scenario(lines)
    assert error.value.clause == "RECORD" and "round_end" in str(error.value)
