"""``roundhouse replay`` people can use (issue 26, finding 5): jumps by events and rounds, to either end, to a
player's next move; the whole match as text or JSON without a terminal; a closed pipe ends quietly."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from roundhouse.core.cli.replay_frames import CHECKPOINT_EVERY
from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_pager import page
from roundhouse.core.cli.replay_source import open_record
from roundhouse.core.cli.replay_table import Table
from roundhouse.core.cli.replay_words import Words, describe
from roundhouse.core.play.record import action_of, dumps_line
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = get_plugin_manager(load_entry_points=False).registry


@pytest.fixture(scope="module")
def lines():
    """The record of a finished two-round, three-player Mexican Train match between bots."""
    params = {**REGISTRY.variant("mexican-train").default_params(), "rounds": 2}
    seats = [Seat("Ana", "random"), Seat("Bo", "random"), Seat("Cy", "random")]
    session = make_session(REGISTRY, "mexican-train", seats, 5, params)
    session.run_bots()
    assert session.is_over
    return session.record.lines()


@pytest.fixture
def record(tmp_path, lines) -> Path:
    return write(tmp_path / "match.jsonl", lines)


def write(path: Path, rows) -> Path:
    path.write_text("".join(dumps_line(row) + "\n" for row in rows), encoding="utf-8")
    return path


def child(path: Path, *options: str) -> subprocess.Popen:
    """``python -m roundhouse replay`` with no terminal: standard input empty, output a pipe."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    command = [sys.executable, "-m", "roundhouse", "replay", str(path), *options]
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


def deal_indexes(lines) -> list[int]:
    return [i for i, line in enumerate(lines) if line["type"] == "deal"]


# ------------------------------------------------------------ no terminal
def test_without_a_terminal_the_whole_match_is_printed_as_text(record, lines):
    process = child(record)
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0 and err == b""
    text = out.decode()
    numbered = [line for line in text.splitlines() if line.startswith("[")]
    assert [line.split("]")[0] for line in numbered] == [f"[{n}/{len(lines)}" for n in range(1, len(lines) + 1)]
    assert numbered[-1].endswith(describe(lines[-1], {1: "Ana", 2: "Bo", 3: "Cy"}))
    assert "Keys" not in text and "replay (? for keys)" not in text  # no prompt without a terminal


@pytest.mark.parametrize("options", [(), ("--json",)], ids=["text", "json"])
def test_a_closed_pipe_ends_quietly_with_status_0(record, options):
    """``roundhouse replay x | head -1``."""
    process = child(record, *options)
    assert process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=120) == 0 and process.stderr.read() == b""


def test_json_describes_every_frame_and_reproduces_the_table(record, lines):
    process = child(record, "--json")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0 and err == b""
    rows = [json.loads(row) for row in out.decode().splitlines()]
    assert len(rows) == len(lines)
    assert [row["frame"] for row in rows] == list(range(1, len(lines) + 1))
    assert {row["frames"] for row in rows} == {len(lines)} and {row["match"] for row in rows} == {1}
    assert [row["event"] for row in rows] == lines and [row["line"] for row in rows] == list(range(1, len(lines) + 1))
    assert all(row["type"] == line["type"] and row["sentence"] for row, line in zip(rows, lines, strict=True))
    for row, line in zip(rows, lines, strict=True):
        if line["type"] == "round_end":  # the table rebuilt event by event holds exactly the hands the record ends with
            assert {seat: sorted(hand) for seat, hand in row["table"]["hands"].items()} == {
                seat: sorted(hand) for seat, hand in line["hands"].items()
            }
            assert row["table"]["totals"] == line["totals"]
    assert rows[-1]["table"]["totals"] == lines[-1]["totals"] and rows[-1]["note"] is None
    mexican = [entry for entry in rows[-1]["table"]["lines"] if entry["line"] == "mexican"]
    assert mexican and mexican[0]["label"] == "the Mexican train"


def test_json_of_an_incomplete_record_of_two_matches(tmp_path, lines):
    cut = deal_indexes(lines)[1] + 3
    process = child(write(tmp_path / "two.jsonl", lines + lines[:cut]), "--json")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0 and b"incomplete record: stops after round 1" in err
    rows = [json.loads(row) for row in out.decode().splitlines()]
    assert len(rows) == len(lines) + cut + 1
    assert [row["match"] for row in rows] == [1] * len(lines) + [2] * (cut + 1)
    assert rows[-1]["note"] == "incomplete record: stops after round 1" and rows[-1]["table"] is None
    assert rows[-2]["line"] == len(lines) + cut


# ------------------------------------------------------------- navigation
def test_jumps_by_events_stop_at_either_end(record, lines):
    with open_record(record, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        assert navigator.step(10) and navigator.index == 10
        assert navigator.step(-3) and navigator.index == 7
        assert navigator.step(-100) and navigator.index == 0
        assert not navigator.step(-1)
        assert navigator.step(10**9) and navigator.index == len(lines) - 1 and navigator.at_end()
        assert not navigator.step(1)
        assert navigator.frame().sentence.startswith("The match is over")
        assert navigator.start() and navigator.index == 0 and not navigator.start()
        assert navigator.end() and navigator.index == len(lines) - 1


def test_rounds_forward_and_back(record, lines):
    first, second = deal_indexes(lines)[0], deal_indexes(lines)[-1]
    with open_record(record, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        assert navigator.next_round() and navigator.index == first
        assert navigator.next_round() and navigator.index == second
        assert navigator.frame().sentence.startswith("Round 2 is dealt")
        assert navigator.next_round() and navigator.at_end()  # no later round: the end
        assert navigator.previous_round() and navigator.index == second  # back to this round's deal
        assert navigator.previous_round() and navigator.index == first
        navigator.step(5)
        assert navigator.previous_round() and navigator.index == first
        assert navigator.previous_round() and navigator.index == 0
        assert not navigator.previous_round()


def test_rounds_and_jumps_cross_into_the_next_match(tmp_path, lines):
    with open_record(write(tmp_path / "two.jsonl", lines * 2), REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        navigator.end()
        assert navigator.match == 2 and navigator.index == len(lines) - 1
        navigator.start()
        navigator.step(len(lines) - 1)
        assert navigator.next_round() and (navigator.match, navigator.index) == (2, deal_indexes(lines)[0])
        assert navigator.previous_round() and (navigator.match, navigator.index) == (2, 0)
        assert navigator.previous_round() and (navigator.match, navigator.index) == (1, deal_indexes(lines)[-1])
        assert navigator.step(len(lines)) and navigator.match == 2


@pytest.mark.parametrize("name, seat", [("bo", 2), ("CY", 3), ("a", 1)])
def test_search_finds_each_next_move_of_that_player(record, lines, name, seat):
    expected = [i for i, line in enumerate(lines) if line.get("seat") == seat and action_of(line) is not None]
    found = []
    with open_record(record, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        while navigator.find_move(name):
            found.append(navigator.index)
        assert navigator.index == expected[-1]  # a failed search stays where it was
    assert found == expected


def test_a_search_for_nobody_stays_put(record):
    with open_record(record, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        navigator.step(4)
        assert not navigator.find_move("Zed") and navigator.index == 4


def test_frames_are_the_same_however_they_are_reached(record, lines):
    """Going back restores a kept copy of the table and replays from it: the same table as stepping forward."""
    with open_record(record, REGISTRY) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        forward = []
        for _ in range(len(lines)):
            forward.append(navigator.frame())
            navigator.step(1)
        assert len(lines) > 3 * CHECKPOINT_EVERY
        order = list(range(len(lines)))
        random.Random(4).shuffle(order)
        for index in order:
            navigator.start()
            navigator.step(index)
            frame = navigator.frame()
            assert (frame.sentence, frame.table) == (forward[index].sentence, forward[index].table), index


# ------------------------------------------------------------------ pager
def paged(record, keys: list[str], lang: str = "en") -> str:
    out = io.StringIO()
    with open_record(record, REGISTRY) as matches:
        page(
            Navigator(matches, ui_catalog(lang)),
            ui_catalog(lang),
            io.StringIO("".join(key + "\n" for key in keys)),
            out,
        )
    return out.getvalue()


def shown_frames(text: str) -> list[int]:
    return [int(line[1:].split("/")[0]) for line in text.splitlines() if line.startswith("[")]


def test_the_pager_keys(record, lines):
    text = paged(record, ["", "n", "10", "-4", "r", "p", "g", "/bo", "e", "b", "q", "n"])
    second = deal_indexes(lines)[-1]
    bo = next(i for i, line in enumerate(lines) if line.get("seat") == 2 and action_of(line) is not None)
    assert shown_frames(text) == [1, 2, 3, 13, 9, second + 1, 2, 1, bo + 1, len(lines), len(lines) - 1]


def test_bad_input_re_prompts_with_a_clear_line(record):
    text = paged(record, ["xyz", "/", "/Zed", "0", "9" * 12, "-", "?", "g", "b", "e", "n"])
    english = ui_catalog("en")
    assert shown_frames(text) == [1, max(shown_frames(text))]  # nothing moved but ``e``
    assert text.count(english.t("replay_prompt")) == 12
    for message in (
        english.t("replay_unknown_key", answer="xyz"),
        english.t("replay_search_empty"),
        english.t("replay_search_none", name="Zed"),
        english.t("replay_bad_jump"),
        english.t("replay_unknown_key", answer="-"),
        english.t("replay_help"),
        english.t("replay_at_start"),
        english.t("replay_at_end"),
    ):
        assert message in text
    assert text.count(english.t("replay_bad_jump")) == 2 and text.count(english.t("replay_at_start")) == 2


def test_typed_input_is_shown_back_cut_and_clean(record):
    text = paged(record, ["\x1b" + "x" * 5000, "/" + "y" * 5000])
    assert "\x1b" not in text and "x" * 40 not in text and "x" * 39 + "…" in text and "y" * 39 + "…" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pager_speaks_every_language(record, lines, lang):
    catalog = ui_catalog(lang)
    text = paged(record, ["e", "n", "huh"], lang)
    assert Words({1: "Ana", 2: "Bo", 3: "Cy"}, catalog).describe(lines[-1]) in text  # the frames too
    for key in ("replay_keys", "replay_prompt", "replay_at_end"):
        assert catalog.t(key) in text
    assert catalog.t("replay_unknown_key", answer="huh") in text
    if lang != "en":
        assert ui_catalog("en").t("replay_prompt") not in text


# ------------------------------------------------------------ line labels
def test_a_line_named_by_digits_is_a_line_name_not_a_seat():
    """Only a number is a seat's line (RECORD.md): a text id made of digits is a line's own name."""
    names = {1: "Ana", 2: "Bo", 3: "Cy"}
    play = {"type": "play", "seat": 1, "tile": "3-4", "line": "3", "end": 4}
    assert describe(play, names) == "Ana plays 3-4 on the 3 line; its end is now 4."
    assert describe({**play, "line": 3}, names) == "Ana plays 3-4 on Cy's line; its end is now 4."
    table = Table(round=1, hands={1: ["3-4"]})
    table.apply(play)
    shown = Words(names, ui_catalog("en")).render(table)
    assert "the 3 line: 3-4 (end 4)" in shown and "Cy's line" not in shown
