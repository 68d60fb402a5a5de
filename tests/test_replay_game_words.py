"""``roundhouse replay`` in a game's own words (issue 27, point 5): lines by their labels, each with the
line it hangs from, and points scored during a round with the game's reason."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from plugin_helpers import CHICKEN_DIR, environment, install_example, roundhouse

from roundhouse.core.cli.replay_layout import GameLines
from roundhouse.core.cli.replay_table import Table
from roundhouse.core.cli.replay_words import Words
from roundhouse.core.play.record import read_record
from roundhouse.core.text.i18n import ui_catalog

FIVES_DIR = Path(__file__).resolve().parent.parent / "docs" / "examples" / "all_fives"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Chicken Foot and All Fives installed in a temporary site; the subprocess environment."""
    site = tmp_path_factory.mktemp("site")
    install_example(site, CHICKEN_DIR)
    install_example(site, FIVES_DIR)
    return environment(site, tmp_path_factory.mktemp("data"), (CHICKEN_DIR, FIVES_DIR))


def record_of(installed: dict[str, str], folder: Path, *table: str) -> Path:
    folder.mkdir()
    args = ("simulate", *table, "--matches", "1", "--seed", "3", "--record", str(folder))
    assert roundhouse(installed, *args).returncode == 0
    [path] = folder.glob("*.jsonl")
    return path


def test_chicken_foot_toes_are_named_by_their_labels_with_the_arm_they_hang_from(installed, tmp_path):
    path = record_of(installed, tmp_path / "cf", "--variant", "chicken-foot", "--players", "2", "--bots", "greedy")
    toes = {line["line"] for line in read_record(path) if line["type"] == "play" and line["line"].startswith("foot")}
    shown = roundhouse(installed, "replay", str(path))
    assert shown.returncode == 0 and toes
    assert re.search(r"^  \d+-\d+ toe \d, from Arm \d: ", shown.stdout, re.MULTILINE), "a toe's row names its arm"
    last_round = shown.stdout.rsplit("Round ", 1)[-1]
    assert not any(f"the {toe} line" in last_round for toe in toes), "no toe is told by its bare id"


def test_all_fives_arms_by_their_labels_and_every_score_with_the_game_s_reason(installed, tmp_path):
    table = ("--variant", "all-fives", "--players", "2", "--bots", "fives-scorer,random")
    path = record_of(installed, tmp_path / "fives", *table)
    lines = read_record(path)
    shown = roundhouse(installed, "replay", str(path)).stdout
    assert re.search(r"plays \d-\d on (Top|Bottom) arm;", shown), "an arm is named as the game names it"
    assert "the up line" not in shown and "the down line" not in shown
    told = re.findall(r"scores (\d+): ([^(]+) \(total (\d+)\)\.", shown)
    scores = [line for line in lines if line["type"] == "score"]
    assert [(int(points), int(total)) for points, _, total in told] == [(s["points"], s["total"]) for s in scores]
    assert all(not why.startswith("score.") for _, why, _ in told), "the reason in words, not its key"
    if any(line["type"] == "round_end" and line["reason"] == "target" for line in lines):
        assert "(the target is reached)" in shown


def test_a_line_follows_the_line_it_hangs_from_in_the_table():
    table = Table()
    table.round, table.lines, table.ends = 1, {"a": ["1-2"], "b": ["3-4"], "c": ["2-5"]}, {"a": 2, "b": 4, "c": 5}
    game = GameLines(labels={"a": "Arm A", "b": "Arm B", "c": "Toe C"}, parents={"c": "a"})
    words = Words({1: "Ana"}, ui_catalog("en"), game)
    assert words.line_order(table) == ["a", "c", "b"]
    rows = words.render(table).splitlines()
    assert [row.split(":")[0].strip() for row in rows[1:4]] == ["Arm A", "Toe C, from Arm A", "Arm B"]
