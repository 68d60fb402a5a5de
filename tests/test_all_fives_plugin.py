"""The All Fives example as an installed plugin: ``plugins``, ``rules``, ``simulate``, ``replay`` and the console.

The package is made to look installed (``plugin_helpers``) and ``roundhouse``
runs in a subprocess, as a stranger would run it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from plugin_helpers import environment, install_example, plugin_rows, project_of, roundhouse

from roundhouse.core.play.record import read_record, replay

FIVES_DIR = Path(__file__).resolve().parent.parent / "docs" / "examples" / "all_fives"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The example installed in a temporary site; the subprocess environment."""
    site = tmp_path_factory.mktemp("site")
    install_example(site, FIVES_DIR)
    return environment(site, tmp_path_factory.mktemp("data"), (FIVES_DIR,))


@pytest.fixture
def variant(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(FIVES_DIR))
    from roundhouse_all_fives.variant import AllFives

    return AllFives()


def test_all_fives_pyproject_declares_its_entry_point_and_ships_its_yaml() -> None:
    project = project_of(FIVES_DIR)
    assert project["entry-points"]["roundhouse"] == {"all-fives": "roundhouse_all_fives"}
    package = FIVES_DIR / "roundhouse_all_fives"
    assert (package / "params.yaml").is_file()
    assert {p.name for p in (package / "rules_text").glob("*.yaml")} == {"en.yaml", "fr.yaml"}


def test_plugins_lists_the_game_and_its_bot_and_rules_prints_it(installed: dict[str, str]) -> None:
    listed = roundhouse(installed, "plugins")
    assert listed.returncode == 0, listed.stderr
    rows = plugin_rows(listed.stdout)
    assert rows[("variant", "all-fives")][2:] == ["all-fives", "roundhouse-all-fives", "0.1.0"]
    assert rows[("bot", "fives-scorer")][2] == "all-fives" and "broken" not in listed.stdout
    rules = roundhouse(installed, "rules", "--variant", "all-fives", "--lang", "fr")
    assert rules.returncode == 0 and rules.stdout.startswith("Tout-cinq") and "AF.9" in rules.stdout


def test_simulate_records_every_point_as_a_score_event_and_the_records_replay(
    installed: dict[str, str], tmp_path: Path, variant
) -> None:
    out = tmp_path / "records"
    out.mkdir()
    args = ("--variant", "all-fives", "--players", "2", "--bots", "fives-scorer,random", "--matches", "30")
    result = roundhouse(installed, "simulate", *args, "--seed", "3", "--record", str(out))
    assert result.returncode == 0, result.stderr
    assert re.search(r"fives-scorer\s+30\s", result.stdout), result.stdout
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 30
    reasons, scored_reasons = set(), set()
    for path in files:
        lines = read_record(path)
        state = replay(lines, variant)
        assert state.is_over() and lines[-1]["winners"] == state.winners()
        running = {"1": 0, "2": 0}
        for line in lines:
            if line["type"] == "score":
                running[str(line["seat"])] += line["points"]
                scored_reasons.add(line["reason"])
            if line["type"] in ("round_end", "match_end"):
                assert line["totals"] == running, "the totals are the sum of the score events"
            if line["type"] == "round_end":
                reasons.add(line["reason"])
        assert max(running.values()) >= 61
    assert "target" in reasons and "out" in reasons
    assert {"score.ends", "score.domino"} <= scored_reasons


def test_replay_tells_every_scoring_play_with_its_points_in_the_games_words(
    installed: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "records"
    out.mkdir()
    args = ("--variant", "all-fives", "--players", "2", "--bots", "fives-scorer,random", "--matches", "1")
    assert roundhouse(installed, "simulate", *args, "--seed", "5", "--record", str(out)).returncode == 0
    [path] = out.glob("*.jsonl")
    scores = [line for line in read_record(path) if line["type"] == "score"]
    shown = roundhouse(installed, "replay", str(path), stdin="n\n" * 400)
    assert shown.returncode == 0, shown.stderr
    told = re.findall(r"scores (\d+): (the ends add up to \d+|domino, \d+ pips|lowest hand)", shown.stdout)
    assert [int(points) for points, _ in told] == [line["points"] for line in scores] and scores


def test_the_console_shows_the_goal_the_spinner_the_count_and_every_score(installed: dict[str, str], tmp_path: Path):
    env = dict(installed, ROUNDHOUSE_DATA_DIR=str(tmp_path))
    args = ("--ui", "console", "--variant", "all-fives", "--players", "2", "--humans", "1", "--bot", "fives-scorer")
    moves = "help\n" + "scores\n1\ny\n\n" * 300
    result = roundhouse(env, "play", *args, "--seed", "3", "--lang", "en", stdin=moves)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "== Round 1 · first to 61 points ==" in out and "== Round 1 ==" not in out
    assert "Spinner: 6-6, the centre of a cross" in out and "Open ends: 15" in out
    assert "lead any tile of your hand" in out and "a double in the centre" not in out
    assert re.search(r"Computer 2 scores 15: the ends add up to 15\.", out)
    assert re.search(r"scores \d+: domino, \d+ pips left in the other hands\.", out)
    assert "End of round 1: every hand, face up, and the points scored this round" in out
    assert re.search(r"Player 1: .* left · scored \d+ this round", out)
    for table in re.findall(r"Scores by round:\n(.*?)\nTotal +(\d+) +(\d+)", out, re.S):
        rows = [row.split() for row in table[0].splitlines()[1:]]
        for column, total in ((-2, table[1]), (-1, table[2])):
            assert sum(int(row[column]) for row in rows) == int(total), table
    assert "so far" in out, "a round's points show before the round ends"
