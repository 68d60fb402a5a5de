"""``roundhouse replay`` in bounded memory whatever the record (issue 25, finding 7; RECORD.md).

Each record is replayed by a child ``python -m roundhouse replay`` under a
generous address-space limit, and the child's own peak resident memory
(``os.wait4``) must stay under :data:`MEMORY_MB`: a replay that built every
frame up front took gigabytes on these records. Timing is left to
``benchmarks/bench_replay.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from roundhouse.core.cli.replay_table import LINE_CHARS, NAME_CHARS, shown
from roundhouse.core.play.record import MAX_LINE_CHARS, dumps_line, printable
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager

ROOT = Path(__file__).resolve().parent.parent
MEMORY_MB = 100
"""What the issue allows a replay of these records."""
ADDRESS_SPACE = 512 << 20
"""A generous bound on the child's address space, so a runaway replay fails fast instead of swapping."""


@pytest.fixture(scope="module")
def lines():
    """The record of a finished two-round, three-player Mexican Train match between bots."""
    registry = get_plugin_manager(load_entry_points=False).registry
    params = {**registry.variant("mexican-train").default_params(), "rounds": 2}
    seats = [Seat("Ana", "random"), Seat("Bo", "random"), Seat("Cy", "random")]
    session = make_session(registry, "mexican-train", seats, 5, params)
    session.run_bots()
    assert session.is_over
    return session.record.lines()


def named(lines, *names: str) -> list[dict]:
    """The record with its first seats renamed."""
    seats = [{**seat, "name": name} for seat, name in zip(lines[0]["seats"], names, strict=False)]
    return [{**lines[0], "seats": seats + lines[0]["seats"][len(names) :]}, *lines[1:]]


def write(path: Path, rows, copies: int = 1) -> Path:
    text = "".join(dumps_line(row) + "\n" for row in rows)
    with open(path, "w", encoding="utf-8") as handle:
        for _ in range(copies):
            handle.write(text)
    return path


LAUNCHER = """
import resource, subprocess, sys
limit, report = int(sys.argv[1]), sys.argv[2]
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
status = subprocess.call(sys.argv[3:])
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
with open(report, "w") as handle:
    handle.write(f"{status} {peak}")
"""
"""Runs the replay and reports its status and peak memory (kB). A small process of its own starts it:
a child forked straight from the test process would count the test's own memory as its peak."""


def run_replay(path: Path, *options: str, first_line_only: bool = False) -> tuple[int, str, str, float]:
    """Replay ``path`` in a child without a terminal: (status, output, errors, peak memory in MB).

    With ``first_line_only`` the output is closed after its first line, as ``| head -1`` does.
    """
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    report = path.with_suffix(".peak")
    replay = [sys.executable, "-m", "roundhouse", "replay", str(path), *options]
    child = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, str(ADDRESS_SPACE), str(report), *replay],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    if first_line_only:
        out = child.stdout.readline()
        child.stdout.close()
    else:
        out = child.stdout.read()
    err = child.stderr.read()
    assert child.wait() == 0, err
    status, peak = report.read_text().split()
    return int(status), out.decode(), err.decode(), int(peak) / 1024


def test_a_105_mb_record_of_1_mb_lines_answers_its_first_frame_in_bounded_memory(tmp_path, lines):
    """Every match's header is a line of about 1 MB (two names of 480,000 characters): 105 MB in all."""
    rows = named(lines, "A" * 480_000, "B" * 480_000)
    assert MAX_LINE_CHARS - 100_000 < len(dumps_line(rows[0])) < MAX_LINE_CHARS
    path = write(tmp_path / "big.jsonl", rows, copies=105)
    assert path.stat().st_size > 100_000_000
    status, out, err, peak = run_replay(path, first_line_only=True)
    assert status == 0 and err == "", err
    assert out.startswith("[1/") and "A" * (NAME_CHARS - 1) + "…" in out and len(out) < LINE_CHARS + 100
    assert peak < MEMORY_MB, f"replay took {peak:.0f} MB"


@pytest.mark.parametrize("long_names", [1, 3], ids=["one-300k-name", "three-300k-names"])
def test_a_record_with_300k_character_names_is_shown_whole_in_bounded_memory(tmp_path, lines, long_names):
    """The 0.3 MB and 0.9 MB records of the issue: every frame printed, every name cut with an ellipsis."""
    path = write(tmp_path / "names.jsonl", named(lines, *["N" * 300_000] * long_names))
    status, out, err, peak = run_replay(path)
    assert status == 0 and err == "", err
    frames = [line for line in out.splitlines() if line.startswith("[")]
    assert len(frames) == len(lines) and frames[-1].startswith(f"[{len(lines)}/{len(lines)}] The match is over")
    assert "N" * (NAME_CHARS - 1) + "…" in out and "N" * NAME_CHARS not in out
    assert max(len(line) for line in out.splitlines()) <= LINE_CHARS
    assert peak < MEMORY_MB, f"replay took {peak:.0f} MB"


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_lines_padded_to_1_mb_are_not_held_in_memory(tmp_path, lines, as_json):
    """About 100 lines carry a 1 MB ``time`` (RECORD.md lets a line carry it; the check ignores it): 100 MB."""
    padded = [
        {**line, "time": "t" * 1_000_000} if line["type"] == "play" and index < 260 else line
        for index, line in enumerate(lines)
    ]
    path = write(tmp_path / "padded.jsonl", padded)
    assert path.stat().st_size > 80_000_000
    status, out, err, peak = run_replay(path, *(["--json"] if as_json else []))
    assert status == 0 and err == "", err
    if as_json:
        rows = [json.loads(row) for row in out.splitlines()]
        assert len(rows) == len(lines) and rows[-1]["type"] == "match_end"
        assert all(len(row["event"].get("time", "")) <= NAME_CHARS for row in rows)
    else:
        assert sum(line.startswith("[") for line in out.splitlines()) == len(lines) and "tttt" not in out
    assert peak < MEMORY_MB, f"replay took {peak:.0f} MB"


@given(st.text() | st.integers() | st.lists(st.text(max_size=80), max_size=5))
def test_any_text_is_shown_safe_and_short(value):
    """Names, reasons and unknown values: never a control or direction character, never past the limit."""
    text = shown(value)
    original = value if isinstance(value, str) else repr(value)
    full = printable(original)
    assert len(text) <= NAME_CHARS and printable(text) == text
    if len(full) <= NAME_CHARS and len(original) <= 4 * NAME_CHARS:
        assert text == full
    else:
        assert full.startswith(text.removesuffix("…"))
