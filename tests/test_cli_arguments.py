"""One clear line on stderr for every bad argument (issue 16, item 3).

Exit status 2, no usage block, no traceback, nothing read from stdin and
nothing printed before the error, whether or not a saved match exists.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from console_helpers import new_session

from roundhouse.core.cli.main import build_parser, main
from roundhouse.core.store import Store

ROOT = Path(__file__).resolve().parent.parent


class NoInput(io.TextIOBase):
    """A stdin that fails the test if anything tries to read it (a prompt before the error)."""

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        raise AssertionError("the command line read input before reporting a bad argument")


@pytest.fixture
def saved_dir(tmp_path):
    """A data directory holding a match in progress."""
    with Store.open(tmp_path / "data") as store:
        session = new_session(seed=5)
        store.attach(session)
        session.run_bots()
        session.decide(session.legal_actions()[0])
    return tmp_path / "data"


BAD = [
    (["play", "--lang", "xx"], "unknown language 'xx'"),
    (["--lang", "xx"], "unknown language 'xx'"),
    (["play", "--players", "11"], "takes 2 to 10 players, not 11"),
    (["play", "--variant", "double-nine-branch", "--players", "7"], "takes 2 to 6 players, not 7"),
    (["play", "--humans", "5"], "0 to 4 human players, not 5"),
    (["play", "--humans", "-1"], "must be at least 0"),
    (["play", "--players", "x"], "invalid number 'x': give a whole number, at least 1"),
    (["play", "--seed", "x"], "a seed is a whole number"),
    (["play", "--variant", "nope"], "Unknown game nope"),
    (["play", "--bot", "nope"], "No computer player nope"),
    (["play", "--ui", "nope"], "unknown front end 'nope' (known: console, tk)"),
    (["play", "--resume", "99"], "no unfinished match 99"),
    (["--lang", "en", "--players", "11"], "takes 2 to 10 players"),
    (["rules", "--lang", "xx"], "unknown language 'xx'"),
    (["rules", "--variant", "nope"], "no rules for variant 'nope'"),
    (["history", "99"], "no match '99'"),
    (["export", "999", "out.jsonl"], "no match 999"),
    (["export", "one", "out.jsonl"], "a match id is a number"),
    (["simulate"], "the following arguments are required"),
    (["bogus"], "unknown command 'bogus'"),
    (["play", "--frobnicate"], "unrecognized arguments: --frobnicate"),
]


@pytest.mark.parametrize(("argv", "reason"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_argument_is_one_line_exit_2_before_any_prompt(argv, reason, saved_dir, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", NoInput())
    monkeypatch.chdir(saved_dir.parent)
    status = main([*argv, "--data-dir", str(saved_dir)] if argv[0] != "bogus" else argv)
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and reason in err, err
    assert "usage:" not in err and "Traceback" not in err


@pytest.mark.parametrize("where", ["before", "after"])
def test_unusable_data_dir_is_a_bad_argument_for_every_command(where, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", NoInput())
    blocker = tmp_path / "file"
    blocker.write_text("x")
    option = ["--data-dir", str(blocker / "sub")]
    for command in (["history"], ["play", "--ui", "console"], ["export", "1", str(tmp_path / "x")]):
        status = main([*option, *command] if where == "before" else [*command, *option])
        _, err = capsys.readouterr()
        assert status == 2 and "--data-dir" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("where", ["before", "after"])
def test_data_dir_works_before_or_after_the_subcommand(where, saved_dir, capsys):
    option = ["--data-dir", str(saved_dir)]
    assert main([*option, "history"] if where == "before" else ["history", *option]) == 0
    assert "In progress: match 1" in capsys.readouterr().out


def test_usage_only_with_help_and_every_option_described(capsys):
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, child in subparsers.choices.items():
        for action in child._actions:
            assert action.help, f"{name} {action.dest} has no description"
    with pytest.raises(SystemExit) as stop:
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and out.startswith("usage: roundhouse play")
    assert "--humans K      human seats" in out and "--lang CODE" in out and "en, pt, pl, fr, id" in out


def test_history_id_on_the_command_line_prints_that_matchs_public_log(saved_dir, capsys):
    with Store.open(saved_dir) as store:
        store.attach(new_session(seed=6))  # a new match: #1 goes to the history
    assert main(["history", "1", "--lang", "en", "--data-dir", str(saved_dir)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Match #1: Mexican Train") and "Round 1: tiles dealt" in out
    assert "Human 1 10" not in out  # no hand in the public log: counts only


def test_closed_pipe_ends_quietly(monkeypatch, capsys):
    """``roundhouse rules | head -2``: the reader is gone before the text is written."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    stdout = open(write_end, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    monkeypatch.setattr(sys, "stdout", stdout)
    try:
        assert main(["rules", "--lang", "en"]) == 0
    finally:
        monkeypatch.undo()
        stdout.close()
    assert "Traceback" not in capsys.readouterr().err


def test_closed_pipe_in_a_shell_pipeline_prints_no_traceback():
    command = f"{sys.executable} -m roundhouse rules --lang en | head -2"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.stdout.splitlines() == ["Mexican Train", "============="]
    assert "Traceback" not in result.stderr and "BrokenPipe" not in result.stderr


def test_bad_argument_in_a_real_terminal_with_a_saved_match_asks_nothing(saved_dir):
    """The process itself: one line, exit 2, and no resume question although a match is saved."""
    from test_console_pty import PtyProcess, environment

    env = environment(saved_dir.parent)
    env["ROUNDHOUSE_DATA_DIR"] = str(saved_dir)
    for argv in (["play", "--players", "11"], ["--humans", "5"], ["play", "--lang", "xx"]):
        child = PtyProcess([sys.executable, "-m", "roundhouse", *argv, "--ui", "console"], env)
        child.expect("roundhouse play: error: ")
        assert child.wait() == 2
        assert child.seen.startswith("roundhouse play: error: ")  # nothing asked or shown before it
        assert "Resume" not in child.seen and "usage" not in child.seen
