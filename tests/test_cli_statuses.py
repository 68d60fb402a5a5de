"""Issue 26.4: every bad argument or failed run is one line on standard error and status 2 (bad argument)
or 1 (run failure), never a traceback; a closed pipe ends quietly; and a fuzz of the whole command line."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.cli import simulate_command
from roundhouse.core.cli.main import COMMAND_NAMES, build_parser, main
from roundhouse.core.tournament.simulate import SimulationResult


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:  # --help and --version
        status = stop.code if isinstance(stop.code, int) else 0
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(err: str) -> str:
    [line] = err.strip().splitlines()
    assert "Traceback" not in line and "error" in line
    return line


def test_a_command_name_as_an_option_value_is_that_value(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = run(capsys, "--data-dir", "plugins", "--ui", "no-such-ui")
    assert status == 2 and "no-such-ui" in one_error_line(err)
    status, _, err = run(capsys, "--variant", "rules", "--ui", "no-such-ui", "--data-dir", str(tmp_path))
    assert status == 2 and "unrecognized" not in one_error_line(err) and "rules" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--resume", "9" * 26],
        ["export", "9" * 26, "out.jsonl"],
        ["simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random", "--seed", "9" * 30],
        ["--data-dir", ""],
        ["history", "--data-dir", "mistyped"],
    ],
    ids=["resume", "export", "seed", "empty-data-dir", "mistyped-data-dir"],
)
def test_hostile_values_are_one_line_and_status_2(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    one_error_line(err)
    assert list(tmp_path.iterdir()) == []  # no directory made for a mistyped name, no file written


def test_jobs_are_capped_at_the_cores_and_the_matches_and_it_says_so(capsys, monkeypatch):
    asked = []

    def fake_simulate(registry, variant, bots, matches, seed, record, jobs, *rest, **options) -> SimulationResult:
        asked.append(jobs)
        return SimulationResult(len(bots), list(bots), requested=matches)

    monkeypatch.setattr(simulate_command, "simulate", fake_simulate)
    monkeypatch.setattr(simulate_command, "default_jobs", lambda: 2)
    argv = ["simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random", "--matches", "5"]
    status, out, _ = run(capsys, *argv, "--jobs", "100000")
    assert status == 0 and asked == [2]
    assert "2 job(s) (--jobs 100000 capped at 2 core(s) and 5 match(es))" in out
    status, out, _ = run(capsys, *argv[:-1], "1", "--jobs", "2")
    assert asked[-1] == 1 and "1 job(s) (--jobs 2 capped" in out


def test_a_closed_pipe_ends_quietly_with_status_0(tmp_path):
    record = tmp_path / "r.jsonl"
    subprocess.run(
        [sys.executable, "-m", "roundhouse", "simulate", "--variant", "double-nine-branch", "--players", "2",
         "--bots", "random", "--seed", "1", "--record", str(record)],
        check=True, capture_output=True,
    )  # fmt: skip
    command = [sys.executable, "-m", "roundhouse", "replay", str(record)]
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()
    try:
        _, err = process.communicate(b"n\n" * 5000, timeout=120)
    except BrokenPipeError:
        _, err = process.communicate(timeout=120)
    assert process.returncode == 0 and err == b"", err


# ------------------------------------------------------------------ fuzz
HOSTILE = st.sampled_from(
    ["", " ", "0", "-1", "9" * 30, "1e400", "nan", "inf", "--", "-", "\x1b[2J", "a\x00b", "\udcff\udcfe", "é", "."]
    + list(COMMAND_NAMES)
)


def _options(parser: argparse.ArgumentParser) -> dict[str, dict[str, bool]]:
    """Each command's options, and whether each takes a value."""
    found: dict[str, dict[str, bool]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found[name] = {
                    option: act.nargs != 0
                    for act in child._actions
                    for option in act.option_strings
                    if option not in ("-h", "--help")
                }
    return found


OPTIONS = _options(build_parser())
FUZZED = [name for name in COMMAND_NAMES if name != "play"]  # play would start a game


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command, then options of its own with hostile or plain values, and hostile positional words."""
    command = draw(st.sampled_from(FUZZED))
    argv = [command]
    for option in draw(st.lists(st.sampled_from(sorted(OPTIONS[command])), max_size=5)):
        argv.append(option)
        if OPTIONS[command][option]:
            argv.append(draw(st.one_of(HOSTILE, st.text(max_size=8), st.integers().map(str))))
    argv += draw(st.lists(st.one_of(HOSTILE, st.text(max_size=6)), max_size=3))
    return argv


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=command_lines())
def test_fuzzed_command_lines_end_in_0_1_or_2_with_errors_in_one_line(argv, capsys, tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("fuzz")
    monkeypatch.chdir(home)
    monkeypatch.setenv("ROUNDHOUSE_DATA_DIR", str(home / "data"))

    def played(registry, variant, bots, matches, *rest, **options) -> SimulationResult:
        return SimulationResult(len(bots), list(bots), matches)

    monkeypatch.setattr(simulate_command, "simulate", played)
    status, _, err = run(capsys, *argv)
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status:
        assert len(err.strip().splitlines()) == 1, (argv, err)
