"""``roundhouse replay`` on hostile records (issue 17; RECORD.md): every malformed line is one line of error
naming it, an incomplete record says where it stops, control characters never reach the terminal, and a
large record is read one match at a time."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.cli.main import main
from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_pager import page
from roundhouse.core.cli.replay_source import open_record
from roundhouse.core.play.record import dumps_line
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog

REGISTRY = get_plugin_manager(load_entry_points=False).registry


@pytest.fixture(scope="module")
def lines():
    """The record of a finished two-round Mexican Train match between bots."""
    params = {**REGISTRY.variant("mexican-train").default_params(), "rounds": 2}
    session = make_session(REGISTRY, "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], 9, params)
    session.run_bots()
    assert session.is_over
    return session.record.lines()


def write(path, rows) -> str:
    path.write_text("".join((row if isinstance(row, str) else dumps_line(row)) + "\n" for row in rows))
    return str(path)


def replay(capsys, monkeypatch, path: str, keys: str = "q\n") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    status = main(["replay", path])
    out, err = capsys.readouterr()
    return status, out, err


# -------------------------------------------------------------- incomplete
def test_a_record_cut_before_a_round_end_replays_as_far_as_it_goes(capsys, monkeypatch, tmp_path, lines):
    end = next(i for i, line in enumerate(lines) if line["type"] == "round_end")
    status, out, err = replay(capsys, monkeypatch, write(tmp_path / "cut.jsonl", lines[:end]), "n\n" * 1000)
    assert status == 0
    assert (
        err.strip() == f"roundhouse replay: warning: {tmp_path / 'cut.jsonl'}: incomplete record: stops after round 0"
    )
    assert "Incomplete record: stops after round 0." in out


def test_a_record_cut_in_round_two_says_it_stops_after_round_one(capsys, monkeypatch, tmp_path, lines):
    second_deal = [i for i, line in enumerate(lines) if line["type"] == "deal"][1]
    status, _, err = replay(capsys, monkeypatch, write(tmp_path / "cut.jsonl", lines[: second_deal + 4]))
    assert status == 0 and "incomplete record: stops after round 1" in err


def test_a_header_only_record_is_incomplete_not_a_crash(capsys, monkeypatch, tmp_path, lines):
    status, out, err = replay(capsys, monkeypatch, write(tmp_path / "head.jsonl", lines[:1]), "n\n")
    assert status == 0 and "incomplete record: stops after round 0" in err and "Match of mexican-train" in out


def test_a_record_cut_at_a_decision_says_it_is_incomplete(capsys, monkeypatch, tmp_path, lines):
    cut = next(i for i, line in enumerate(lines) if i > 10 and line["type"] == "play") + 1
    status, _, err = replay(capsys, monkeypatch, write(tmp_path / "cut.jsonl", lines[:cut]))
    assert status == 0 and "incomplete record: stops after round 0" in err


def test_a_complete_record_has_no_warning(capsys, monkeypatch, tmp_path, lines):
    status, _, err = replay(capsys, monkeypatch, write(tmp_path / "whole.jsonl", lines))
    assert status == 0 and err == ""


# --------------------------------------------------------------- malformed
def malformed(lines):
    """(name, record lines, line number at fault, words the error must hold)."""
    header, deal = lines[0], lines[1]
    play = next(i for i, line in enumerate(lines) if line["type"] == "play")
    return {
        "hands a list": ([header, {**deal, "hands": [["1-2"]]}], 2, "'hands' of a 'deal' line must be"),
        "params a list": ([{**header, "params": [1, 2]}, deal], 1, "'params' of a 'match' line must be an object"),
        "seats ints": ([{**header, "seats": [1, 2]}, deal], 1, "'seats' of a 'match' line must be"),
        "tile a number": (
            [*lines[:play], {**lines[play], "tile": 7}],
            play + 1,
            "'tile' of a 'play' line must be a tile",
        ),
        "seat text": ([*lines[:play], {**lines[play], "seat": "1"}], play + 1, "'seat' of a 'play' line"),
        "seed text": ([{**header, "seed": "abc"}, deal], 1, "'seed' of a 'match' line must be a whole number"),
        "seed fraction": ([{**header, "seed": 1.5}, deal], 1, "'seed' of a 'match' line must be a whole number"),
        "seed NaN": ([json.dumps(header).replace(f'"seed": {header["seed"]}', '"seed": NaN')], 1, "got NaN"),
        "seed true": ([{**header, "seed": True}, deal], 1, "'seed' of a 'match' line must be a whole number"),
        "deep nesting": ([header, '{"type": "deal", "round": ' + "[" * 100000], 2, "nested too deeply"),
        "players mismatch": ([{**header, "players": 3}, deal], 1, "'players' is 3 but 2 seats"),
        "missing key": ([header, {k: v for k, v in deal.items() if k != "stock"}], 2, "needs 'stock'"),
        "not an object": ([header, "[1, 2]"], 2, "expected an object with a text 'type'"),
        "invalid UTF-8": ([header], 2, "not UTF-8"),
        "no header": ([deal], 1, "starts with a 'match' line"),
        "empty": ([], 1, "empty"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "hands a list",
        "params a list",
        "seats ints",
        "tile a number",
        "seat text",
        "seed text",
        "seed fraction",
        "seed NaN",
        "seed true",
        "deep nesting",
        "players mismatch",
        "missing key",
        "not an object",
        "invalid UTF-8",
        "no header",
        "empty",
    ],
)
def test_a_malformed_record_is_one_line_naming_the_line_and_what_was_expected(
    capsys, monkeypatch, tmp_path, lines, case
):
    rows, number, words = malformed(lines)[case]
    path = tmp_path / "bad.jsonl"
    write(path, rows)
    if case == "invalid UTF-8":
        path.write_bytes(path.read_bytes() + b'{"type": "deal", "x": "\xff"}\n')
    status, out, err = replay(capsys, monkeypatch, str(path))
    assert status == 2 and out == ""
    [line] = err.strip().splitlines()
    assert f"line {number}:" in line and words in line


def test_a_bad_line_in_a_later_match_stops_there_in_one_line(capsys, monkeypatch, tmp_path, lines):
    play = next(i for i, line in enumerate(lines) if line["type"] == "play")
    rows = [*lines, *lines[:play], {**lines[play], "tile": "x"}]
    status, out, err = replay(capsys, monkeypatch, write(tmp_path / "two.jsonl", rows), "n\n" * (len(lines) + 5))
    assert status == 2 and "Match of mexican-train" in out
    [line] = err.strip().splitlines()
    assert f"line {len(lines) + play + 1}:" in line and "'tile' of a 'play' line must be a tile" in line


# ---------------------------------------------------------------- escapes
def test_control_characters_in_a_record_never_reach_the_terminal(capsys, monkeypatch, tmp_path, lines):
    hostile = "\x1b[2J\x1b]0;owned\x07Eve\u202e\r\nfake line\x9b31m"
    header = {**lines[0], "seats": [{**lines[0]["seats"][0], "name": hostile}, lines[0]["seats"][1]]}
    status, out, err = replay(capsys, monkeypatch, write(tmp_path / "esc.jsonl", [header, *lines[1:]]), "n\n" * 30)
    assert status == 0, err
    assert "Eve" in out and "fake line" in out
    for character in ("\x1b", "\x07", "\u202e", "\r", "\x9b"):
        assert character not in out + err
    assert all(not line.startswith("fake line") for line in out.splitlines())


def test_control_characters_in_an_error_never_reach_the_terminal(capsys, monkeypatch, tmp_path, lines):
    header = {**lines[0], "variant": "\x1b]0;owned\x07evil"}
    status, _, err = replay(capsys, monkeypatch, write(tmp_path / "esc.jsonl", [header, lines[1]]))
    assert status == 2 and "\x1b" not in err and "\x07" not in err and "cannot replay it: unknown variant" in err


# -------------------------------------------------------------- streaming
def viewer_peak(path, lines, copies: int) -> int:
    """Peak memory (bytes) of paging through ``copies`` matches, stepping into the third one."""
    text = "".join(dumps_line(line) + "\n" for line in lines)
    with open(path, "w") as handle:
        for _ in range(copies):
            handle.write(text)
    out = io.StringIO()
    tracemalloc.start()
    try:
        with open_record(path, REGISTRY) as matches:
            page(Navigator(matches, ui_catalog("en")), ui_catalog("en"), io.StringIO("n\n" * (2 * len(lines) + 3)), out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.getvalue().count("Match of mexican-train") == 3
    return peak


def test_a_large_record_is_read_one_match_at_a_time(tmp_path, lines):
    small = viewer_peak(tmp_path / "few.jsonl", lines, 4)
    large = viewer_peak(tmp_path / "many.jsonl", lines, 400)
    assert large < 1.5 * small, f"memory grows with the file: {small} bytes for 4 matches, {large} for 400"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_value_anywhere_gives_a_replay_or_one_line_of_error(capsys, monkeypatch, tmp_path, lines, data):
    """Fuzz: one value of one line replaced by arbitrary JSON never gives a traceback."""
    rows = [dict(line) for line in lines[:12]]  # the header, the deal and the first plays: every shape
    index = data.draw(st.integers(0, len(rows) - 1))
    key = data.draw(st.sampled_from(sorted(rows[index])))
    rows[index][key] = data.draw(JSON_VALUES)
    status, _, err = replay(capsys, monkeypatch, write(tmp_path / "fuzz.jsonl", rows))
    assert status in (0, 2)
    assert status == 0 or len(err.strip().splitlines()) == 1


def test_the_viewer_moves_across_matches_and_back_one_match(tmp_path, lines):
    path = write(tmp_path / "three.jsonl", lines * 3)
    count = len(lines)
    with open_record(path, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        navigator.step(count - 2)
        out = io.StringIO()
        page(navigator, ui_catalog("en"), io.StringIO("n\nn\nb\nn\n" + "n\n" * count + "b\nb\n"), out)
    shown = [line.split("]")[0] for line in out.getvalue().splitlines() if line.startswith("[")]
    first = [f"[{count - 1}/{count}", f"[{count}/{count}", f"[1/{count}", f"[{count}/{count}", f"[1/{count}"]
    assert shown[:5] == first
    assert shown[-3:] == [f"[1/{count}", f"[{count}/{count}", f"[{count - 1}/{count}"]
    assert out.getvalue().count("— Match 2 of the record —") == 3  # entered twice from match 1, once from 3
    assert "— Match 3 of the record —" in out.getvalue()
