"""The independent referee accepts simulated Double-Nine Branch records and rejects broken ones."""

from __future__ import annotations

import copy
import json
import random
from itertools import product

import pytest
from db_helpers import VARIANT, play_match, random_choice, record_header
from db_referee import RefereeError, referee

from roundhouse.core.game.actions import IllegalAction, Play
from roundhouse.core.game.tiles import Tile

RECORDS = 1000


@pytest.fixture(scope="module")
def records() -> list[list[dict]]:
    """1,000 random-choice matches, 2 to 6 players."""
    return [play_match(2 + k % 5, seed=k)[1] for k in range(RECORDS)]


def test_DB_referee_accepts_1000_simulated_records(records):
    verdicts = [referee(lines) for lines in records]
    assert len(verdicts) == RECORDS and all(v.finished for v in verdicts)
    assert sum(v.blocked_rounds for v in verdicts) > 0 and sum(v.redeals for v in verdicts) > 0
    for lines, verdict in zip(records, verdicts, strict=True):
        assert verdict.winners == lines[-1]["winners"]


def _first(lines: list[dict], kind: str, where=lambda line: True) -> int:
    return next(i for i, line in enumerate(lines) if line["type"] == kind and where(line))


def _rejects(lines: list[dict], clause: str | None = None) -> RefereeError:
    with pytest.raises(RefereeError) as caught:
        referee(lines)
    if clause is not None:
        assert caught.value.clause == clause, str(caught.value)
    return caught.value


def test_DB_8a_referee_rejects_a_pass_instead_of_a_legal_play(records):
    lines = copy.deepcopy(records[3])
    i = _first(lines, "play")
    lines[i] = {"type": "pass", "seat": lines[i]["seat"]}
    assert _rejects(lines, "DB.8a").number == i + 1


def test_DB_3_referee_rejects_play_out_of_turn(records):
    lines = copy.deepcopy(records[4])
    i = _first(lines, "pass")
    del lines[i]
    assert _rejects(lines, "DB.3").number == i + 1


def test_DB_10_referee_rejects_wrong_points_and_a_missing_round_end(records):
    lines = copy.deepcopy(records[5])
    i = _first(lines, "round_end", lambda line: any(line["points"].values()))
    winner = next(k for k, v in lines[i]["points"].items() if v)
    lines[i]["points"][winner] += 1
    assert _rejects(lines).clause.startswith("DB.10")
    lines = copy.deepcopy(records[5])
    del lines[i]
    _rejects(lines, "DB.10")


def test_DB_11_referee_rejects_a_match_going_on_past_100(records):
    lines = copy.deepcopy(records[6])
    assert lines[-1]["type"] == "match_end"
    _rejects(lines[:-1] + [lines[1]], "DB.11")


def test_DB_2_referee_rejects_a_deal_that_is_not_the_set(records):
    lines = copy.deepcopy(records[7])
    lines[1]["stock"][0] = lines[1]["hands"]["1"][0]
    _rejects(lines, "DB.2")


def test_DB_4_referee_rejects_the_wrong_opener(records):
    lines = copy.deepcopy(records[8])
    i = _first(lines, "open")
    lines[i]["seat"] = lines[i]["seat"] % lines[0]["players"] + 1
    _rejects(lines, "DB.4")


def test_DB_9_referee_rejects_a_wrong_end(records):
    lines = copy.deepcopy(records[9])
    i = _first(lines, "play")
    lines[i]["end"] = (lines[i]["end"] + 1) % 10
    _rejects(lines, "DB.9")


def test_DB_7_referee_rejects_every_play_the_engine_refuses():
    """Cross-check: each matching play the rules engine refuses (priority, closed branch) the referee refuses."""
    checked = 0
    for seed in range(40):
        state = VARIANT.new_match(4, seed)
        lines = [record_header(state, seed)] + [e.to_record() for e in state.start()]
        rng = random.Random(seed)
        while not state.is_over() and checked < 400:
            seat = state.to_move()
            for tile, line in product(state.hands[seat], state.seats) if state.phase == "play" else ():
                if not tile.has(state.ends[line]) or Play(tile, line) in state.legal_actions():
                    continue
                with pytest.raises(IllegalAction, match="DB.7"):
                    state.check(Play(tile, line))
                end = tile.other(state.ends[line])
                forged = {"type": "play", "seat": seat, "tile": str(tile), "line": line, "end": end}
                assert _rejects(lines + [forged]).clause == "DB.7"
                checked += 1
            lines += [e.to_record() for e in state.apply(random_choice(state, rng))]
    assert checked >= 400


def test_DX_7_referee_rejects_a_restart_with_another_deal(records):
    lines = copy.deepcopy(records[10])
    i = _first(lines, "play")
    deal = copy.deepcopy(lines[_first(lines, "deal")])
    deal["hands"]["1"][0], deal["stock"][0] = deal["stock"][0], deal["hands"]["1"][0]
    _rejects(lines[: i + 1] + [{"type": "restart", "round": 1}, deal], "DX.7")


def test_referee_records_are_json_lines(records):
    """The simulated records are plain JSON (RECORD.md encoding)."""
    text = "\n".join(json.dumps(line) for line in records[0])
    assert [json.loads(t) for t in text.splitlines()] == records[0]
    assert all(isinstance(Tile.parse(t), Tile) for t in records[0][1]["stock"])
