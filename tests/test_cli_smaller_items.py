"""The command line's smaller findings (issue 26, point 6): each one line of the user's view, each tested once."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_arguments import NoInput, saved_dir  # noqa: F401 - the fixture is used by name

from roundhouse.core.cli.main import main
from roundhouse.core.store import Store

ROOT = Path(__file__).resolve().parent.parent


def test_resume_with_a_table_option_is_refused_in_one_line_naming_it(saved_dir, capsys, monkeypatch):  # noqa: F811
    """``play --resume ID --variant X`` used to resume ID and drop --variant without a word."""
    monkeypatch.setattr(sys, "stdin", NoInput())
    argv = ["play", "--ui", "console", "--resume", "1", "--variant", "double-nine-branch", "--seed", "3"]
    status = main([*argv, "--data-dir", str(saved_dir)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    [line] = err.strip().splitlines()
    assert line.startswith("roundhouse play: error: --resume 1 plays the saved match at its own table")
    assert line.endswith("leave out --variant, --seed")
    with Store.open(saved_dir) as store:
        assert store.saved_match(1) is not None, "the saved match is untouched"


def test_help_names_the_match_record_file_not_the_format_document(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    [export_line] = [line for line in capsys.readouterr().out.splitlines() if line.strip().startswith("export ")]
    assert "match record (.jsonl)" in export_line and "RECORD.md" not in export_line
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    out = capsys.readouterr().out
    assert "match record (.jsonl)" in out and "RECORD.md" not in out


def test_where_preferences_live_is_told_by_the_help_and_the_readme(capsys):
    """The remembered language stays in the config directory whatever --data-dir says: both say so."""
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "$ROUNDHOUSE_CONFIG_DIR" in help_text and "--data-dir does not move them" in help_text
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`ROUNDHOUSE_CONFIG_DIR`" in readme and "`--data-dir` does not move them" in readme


def test_an_argument_that_is_not_utf8_is_echoed_one_way_in_every_message(tmp_path):
    """A byte that is not UTF-8 reads ``\\xff`` whether the message shows a path or a quoted value."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8"}
    cases = (
        [b"replay", bytes(tmp_path) + b"/\xffmatch.jsonl"],
        [b"history", b"--data-dir", bytes(tmp_path) + b"/\xffdir"],
        [b"rules", b"--variant", b"\xff"],
        [b"play", b"--ui", b"\xff"],
        [b"\xff"],
    )
    for argv in cases:
        done = subprocess.run(
            [sys.executable, "-m", "roundhouse", *argv], capture_output=True, env=env, timeout=60, check=False
        )
        err = done.stderr.decode("utf-8", errors="backslashreplace")
        assert done.returncode == 2 and len(err.strip().splitlines()) == 1, err
        assert "\\xff" in err and "?" not in err and "udcff" not in err, err
