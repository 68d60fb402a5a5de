"""``roundhouse simulate`` and ``roundhouse plugins`` through ``roundhouse.core.cli.main.main``."""

from __future__ import annotations

import pytest
from mt_helpers import VARIANT
from referee import check_record, check_records

from roundhouse.core.cli.main import main
from roundhouse.core.play.record import read_record, replay, split_matches

SIM = ["simulate", "--variant", "mexican-train", "--bots", "random"]


def run(argv, capsys) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``roundhouse argv`` (argparse exits become statuses)."""
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def without_timing(text: str) -> list[str]:
    """Output lines except the elapsed-time line."""
    return [line for line in text.splitlines() if "matches in" not in line]


def test_simulate_prints_a_summary(capsys):
    status, out, _ = run([*SIM, "--players", "3", "--matches", "2", "--seed", "5"], capsys)
    assert status == 0
    assert "variant mexican-train, 3 players, seed 5" in out and "2 matches in" in out
    assert "random" in out


def test_simulate_record_file_holds_every_match(tmp_path, capsys):
    target = tmp_path / "out" / "all.jsonl"
    status, _, _ = run([*SIM, "--players", "4", "--matches", "2", "--seed", "9", "--record", str(target)], capsys)
    assert status == 0
    matches = split_matches(read_record(target))
    assert len(matches) == 2 and [m[0]["seed"] for m in matches] == [9, 10]
    summaries = check_records(read_record(target))
    assert all(s.finished and s.rounds == 13 for s in summaries)
    assert replay(matches[1], VARIANT).is_over()


def test_simulate_record_directory_gets_one_file_per_match(tmp_path, capsys):
    target = f"{tmp_path}/records/"
    status, _, _ = run([*SIM, "--players", "2", "--matches", "3", "--seed", "1", "--record", target], capsys)
    assert status == 0
    files = sorted((tmp_path / "records").iterdir())
    assert [f.name for f in files] == ["match-00001.jsonl", "match-00002.jsonl", "match-00003.jsonl"]
    for path in files:
        lines = read_record(path)
        assert lines[0]["type"] == "match" and lines[-1]["type"] == "match_end"
        check_record(lines)


def test_existing_directory_is_a_directory_target(tmp_path, capsys):
    status, _, _ = run([*SIM, "--players", "2", "--matches", "1", "--seed", "2", "--record", str(tmp_path)], capsys)
    assert status == 0 and (tmp_path / "match-00001.jsonl").is_file()


def test_same_seed_same_output(tmp_path, capsys):
    outputs, records = [], []
    for name in ("a.jsonl", "b.jsonl"):
        argv = [*SIM, "--players", "5", "--matches", "2", "--seed", "42", "--record", str(tmp_path / name)]
        status, out, _ = run(argv, capsys)
        assert status == 0
        outputs.append(without_timing(out))
        records.append((tmp_path / name).read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1] and records[0] == records[1]


def test_no_seed_uses_fresh_randomness(capsys):
    seeds = []
    for _ in range(2):
        status, out, _ = run([*SIM, "--players", "2", "--matches", "1"], capsys)
        assert status == 0
        seeds.append(out.splitlines()[0].split("seed ")[1].split(",")[0])
    assert seeds[0] != seeds[1]


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*SIM, "--players", "1"], "2 to 10"),
        ([*SIM, "--players", "11"], "2 to 10"),
        ([*SIM, "--players", "0"], "at least 1"),
        ([*SIM, "--players", "three"], "invalid"),
        ([*SIM, "--players", "3", "--matches", "0"], "at least 1"),
        ([*SIM, "--players", "3", "--seed", "abc"], "seed"),
        ([*SIM, "--players", "3", "--bots", "random,random"], "--bots"),
        (["simulate", "--variant", "mexican-train", "--players", "3", "--bots", "nobody"], "unknown bot"),
        (["simulate", "--variant", "dominoes", "--players", "3", "--bots", "random"], "unknown variant"),
        (["simulate", "--players", "3", "--bots", "random"], "--variant"),
        (["simulate", "--variant", "mexican-train", "--players", "3", "--bots", "random", "--what"], "unrecognized"),
    ],
)
def test_bad_arguments_exit_with_status_2(argv, words, capsys):
    status, out, err = run(argv, capsys)
    assert status == 2
    assert words in err
    assert "matches in" not in out


def test_plugins_lists_what_is_registered(capsys):
    status, out, _ = run(["plugins"], capsys)
    assert status == 0
    rows = [line.split() for line in out.splitlines()]
    assert ["variant", "mexican-train", "roundhouse.variants.mexican_train"] in [row[:3] for row in rows]
    assert ["bot", "random", "roundhouse.bots.random"] in [row[:3] for row in rows]
    assert rows[0][:3] == ["kind", "id", "plugin"]


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--matches", "1e3"], "argument --matches: invalid number '1e3': give a whole number, at least 1"),
        (["--matches", "2.5"], "argument --matches: invalid number '2.5'"),
        (["--jobs", "0"], "argument --jobs: must be at least 1, got 0"),
        (["--jobs", "two"], "argument --jobs: invalid number 'two'"),
        (["--players", "three"], "argument --players: invalid number 'three'"),
        (["--bot-time-limit", "0"], "argument --bot-time-limit: must be a number of seconds above 0, got '0'"),
        (["--bot-time-limit", "-1"], "argument --bot-time-limit: must be a number of seconds above 0"),
        (["--bot-time-limit", "nan"], "argument --bot-time-limit: must be a number of seconds above 0, got 'nan'"),
        (["--bot-time-limit", "inf"], "argument --bot-time-limit: must be a number of seconds above 0, got 'inf'"),
        (["--bot-time-limit", "soon"], "argument --bot-time-limit: invalid number of seconds 'soon'"),
        (["--isolate-bots=yes"], "argument --isolate-bots: ignored explicit argument 'yes'"),
    ],
)
def test_every_simulate_argument_error_is_one_line_with_status_2(extra, words, capsys):
    status, out, err = run([*SIM, "--players", "3", *extra], capsys)
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"roundhouse simulate: error: {words}")


def test_unknown_and_missing_simulate_arguments_are_one_line_too(capsys):
    status, _, err = run([*SIM, "--players", "3", "--what"], capsys)
    assert status == 2 and err == "roundhouse: error: unrecognized arguments: --what\n"
    status, _, err = run(["simulate", "--players", "3", "--bots", "random"], capsys)
    assert status == 2 and err == "roundhouse simulate: error: the following arguments are required: --variant\n"
