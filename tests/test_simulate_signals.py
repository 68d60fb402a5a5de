"""``roundhouse simulate`` as a real process: SIGKILL, Ctrl-C and the progress bar.

A killed run leaves no worker process behind and no cut record file; Ctrl-C
stops cleanly with the standings of the finished matches (exit 130), each of
them recorded in full; the progress bar appears only on a terminal.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from referee import check_record

from roundhouse.core.play.record import read_record, split_matches

ROOT = Path(__file__).resolve().parent.parent
LONG_RUN = ["--variant", "mexican-train", "--players", "4", "--bots", "random", "--matches", "100000", "--seed", "1"]


def start(arguments: list[str], **options) -> subprocess.Popen:
    """``roundhouse simulate arguments`` in a new process."""
    command = [sys.executable, "-m", "roundhouse", "simulate", *arguments]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)


def wait_for(condition: Callable[[], bool], limit: float = 60.0) -> bool:
    """Poll ``condition`` until it holds or ``limit`` seconds pass."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[1] == str(pid) and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped has ended)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _stat(pid: int) -> tuple[str, str] | None:
    """State letter and parent id of ``pid`` from /proc, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, parent = text.rsplit(")", 1)[1].split()[:2]
    return state, parent


def assert_complete(path: Path) -> int:
    """Every match in the record file is whole and passes the referee; how many there are."""
    matches = split_matches(read_record(path))
    for lines in matches:
        assert lines[-1]["type"] == "match_end", f"{path.name} holds a cut match"
        check_record(lines)
    return len(matches)


def descendants(pid: int) -> list[int]:
    """The live processes below ``pid``: its children, theirs, and so on."""
    found = children(pid)
    return found + [d for child in found for d in descendants(child)]


def command_line(pid: int) -> bytes:
    """The command line of ``pid`` (empty once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def helper(pid: int) -> bool:
    """True for a process of multiprocessing's own: its resource tracker or its fork server.

    The workers a fork server forks keep its command line: they are told
    apart by their parent, the fork server itself.
    """
    command = command_line(pid)
    if b"multiprocessing.resource_tracker" in command:
        return True
    fields = _stat(pid)
    return b"multiprocessing.forkserver" in command and (
        fields is None or b"multiprocessing.forkserver" not in command_line(int(fields[1]))
    )


@pytest.mark.parametrize(
    "one_file, isolate", [(False, False), (True, False), (False, True)], ids=["directory", "one-file", "isolated-bots"]
)
def test_sigkill_of_simulate_leaves_no_worker_and_no_cut_record(tmp_path, one_file, isolate):
    """Workers (and their bot processes) die with the killed parent; record files are whole or absent."""
    folder = tmp_path / "records"
    target = folder / "all.jsonl" if one_file else folder
    options = ["--isolate-bots"] if isolate else []
    process = start([*LONG_RUN, "--jobs", "2", *options, "--record", f"{target}" if one_file else f"{folder}/"])
    try:

        def written() -> bool:
            parts = list(folder.glob(".all.jsonl.*.part"))
            return bool(parts) and parts[0].stat().st_size > 50_000

        written = written if one_file else None
        finished = 1 if isolate else 3
        assert wait_for(written or (lambda: len(list(folder.glob("*.jsonl"))) >= finished), 120), "no match finished"
        below = descendants(process.pid)
        workers = [pid for pid in below if not helper(pid)]
        assert len(workers) == (4 if isolate else 2)  # two workers, and a bot process for each one
    finally:
        process.kill()
        process.communicate()
    assert wait_for(lambda: not any(alive(pid) for pid in below), 10), "a process outlived its parent"
    if one_file:
        assert not target.exists(), "a killed run must not leave a cut record in place"
    else:
        files = sorted(folder.glob("*.jsonl"))
        assert len(files) >= finished and all(assert_complete(f) == 1 for f in files)


@pytest.mark.parametrize(
    "jobs, stop",
    [("1", signal.SIGINT), ("2", signal.SIGINT), ("2", signal.SIGTERM)],
    ids=["ctrl-c-1-job", "ctrl-c-2-jobs", "pkill-2-jobs"],
)
def test_ctrl_c_prints_the_standings_of_the_finished_matches_each_recorded_in_full(tmp_path, jobs, stop):
    """Ctrl-C, or SIGTERM to every process of the run (``pkill``): the finished matches, none counted as failed."""
    folder = tmp_path / "records"
    ledger = tmp_path / "t.ledger"
    arguments = [*LONG_RUN, "--jobs", jobs, "--record", f"{folder}/", "--ledger", str(ledger)]
    process = start(arguments, start_new_session=True)
    try:
        assert wait_for(lambda: len(list(folder.glob("*.jsonl"))) >= 2), "no match finished"
        workers = [pid for pid in descendants(process.pid) if not helper(pid)]
        os.killpg(process.pid, stop)  # as a terminal's Ctrl-C does (or pkill): the whole process group
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    found = re.search(r"interrupted: standings of the (\d+) of 100000 matches played", out)
    assert found, out
    finished = int(found.group(1))
    files = sorted(folder.glob("*.jsonl"))
    assert len(files) == finished >= 2 and all(assert_complete(f) == 1 for f in files)
    assert [f.name for f in files] == [f"match-{k:05d}.jsonl" for k in range(1, finished + 1)]
    assert re.search(rf"^{finished} matches in ", out, re.MULTILINE)
    seat_rows = [line.split() for line in out.splitlines() if re.match(r"\s+\d\s+random\s", line)]
    assert [row[0] for row in seat_rows] == ["1", "2", "3", "4"]
    assert sum(int(row[3]) for row in seat_rows) >= finished, "every finished match has a winner"
    assert "Traceback" not in err and not any(alive(w) for w in workers)
    assert ledger_rows(ledger) == (finished, 0), "the ledger keeps the finished matches, and no failed one"


def test_kill_of_a_run_started_in_the_background_counts_no_match_as_failed(tmp_path):
    """``simulate ... &`` ignores SIGINT; with one job the bots play in the process that SIGTERM reaches.

    The signal lands in the middle of the expert's decision (most of a
    match's time): the run stops with the standings, and that bot has not failed.
    """
    ledger = tmp_path / "t.ledger"
    table = ["--variant", "double-nine-branch", "--players", "2", "--bots", "expert,planner", "--seed", "1"]
    arguments = [*table, "--matches", "1000", "--jobs", "1", "--ledger", str(ledger)]
    process = start(arguments, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        assert wait_for(lambda: ledger.exists() and ledger_rows(ledger)[0] >= 2, 120), "no match finished"
        time.sleep(0.1)
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130 and "Traceback" not in err, err
    finished = int(re.search(r"interrupted: standings of the (\d+) of 1000 matches played", out).group(1))
    assert ledger_rows(ledger) == (finished, 0), "no match is counted failed for the signal"


def test_progress_bar_shows_on_a_terminal_only():
    arguments = ["--variant", "double-nine-branch", "--players", "3", "--bots", "random", "--matches", "12"]
    quiet = start([*arguments, "--jobs", "1"])
    _, err = quiet.communicate(timeout=120)
    assert quiet.returncode == 0 and err == ""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal of 100 columns
    command = [sys.executable, "-m", "roundhouse", "simulate", *arguments, "--jobs", "2"]
    shown = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    screen = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        screen += chunk
    os.close(controller)
    assert shown.wait(timeout=120) == 0
    assert re.search(rb"12/12 \[", screen), screen


def ledger_rows(path: Path) -> tuple[int, int]:
    """The matches a ledger holds, and how many of them failed ((0, 0) before it has its table)."""
    connection = sqlite3.connect(path, timeout=5)
    try:
        return connection.execute("SELECT count(*), count(failure) FROM matches").fetchone()
    except sqlite3.OperationalError:
        return 0, 0
    finally:
        connection.close()


def resident_megabytes(pid: int) -> float:
    """The resident memory of ``pid`` (VmRSS from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS line")


def test_ten_million_matches_start_at_once_in_bounded_memory(tmp_path):
    """Jobs are made as workers ask for them: the first results come soon, the parent stays small."""
    folder = tmp_path / "records"
    huge = ["--variant", "double-nine-branch", "--players", "2", "--bots", "random", "--matches", "10000000"]
    process = start([*huge, "--seed", "1", "--jobs", "2", "--record", f"{folder}/"])
    try:
        assert wait_for(lambda: len(list(folder.glob("*.jsonl"))) >= 40, 120), "no results streamed"
        assert resident_megabytes(process.pid) < 150
    finally:
        process.kill()
        process.communicate()
