"""The one rule every writer of records follows (issues 26.1 and 25.5): what is at the path is never
silently replaced. ``-`` and FIFOs are written through, links followed, directories and sockets refused,
an existing file or a directory of records replaced only with ``--force``, a failed write leaves
only whole records and no hidden ``.part`` file."""

from __future__ import annotations

import errno
import os
import socket
import stat
import threading

import pytest
from test_cli_export_faults import data_dir  # noqa: F401 - the fixture: a store with a finished match 1

from roundhouse.core.cli.main import main
from roundhouse.core.play.record import read_record, split_matches

SIM = ["simulate", "--variant", "double-nine-branch", "--players", "2", "--bots", "random", "--seed", "3"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def read_fifo(path, into: list[bytes]) -> threading.Thread:
    """A reader of the FIFO ``path`` in a thread, appending what it read to ``into``."""

    def read() -> None:
        with open(path, "rb") as handle:
            into.append(handle.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


def test_export_writes_through_a_fifo_and_leaves_it_a_fifo(capsys, data_dir, tmp_path):  # noqa: F811
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = read_fifo(fifo, got)
    status, _, err = run(capsys, "export", "1", str(fifo), "--force", "--data-dir", str(data_dir))
    reader.join(30)
    assert status == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and b'"match_end"' in got[0]
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_export_to_a_dash_writes_standard_output(capsys, data_dir, tmp_path, monkeypatch):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "export", "1", "-", "--data-dir", str(data_dir))
    assert status == 0, err
    assert out.startswith('{"type": "match"') and out.rstrip().endswith("}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", ["directory", "dangling link", "socket"])
def test_export_refuses_what_is_not_a_file_in_one_line(capsys, data_dir, tmp_path, kind):  # noqa: F811
    target = tmp_path / "target"
    if kind == "directory":
        target.mkdir()
    elif kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
    else:
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(target))
        server.close()
    before = os.lstat(target)
    status, out, err = run(capsys, "export", "1", str(target), "--force", "--data-dir", str(data_dir))
    assert status == 2 and out == ""
    [line] = err.strip().splitlines()
    assert "already exists" not in line and str(target) in line
    assert os.lstat(target).st_mode == before.st_mode and os.lstat(target).st_ino == before.st_ino


def test_simulate_refuses_to_overwrite_an_unrelated_file_unless_forced(capsys, tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("my notes\n")
    status, out, err = run(capsys, *SIM, "--record", str(target))
    assert status == 1 and out == "" and target.read_text() == "my notes\n"
    [line] = err.strip().splitlines()
    assert "already exists" in line and "--force" in line
    status, _, err = run(capsys, *SIM, "--record", str(target), "--force")
    assert status == 0, err
    assert read_record(target)[-1]["type"] == "match_end"


def test_simulate_follows_a_link_and_keeps_it(capsys, tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    status, _, err = run(capsys, *SIM, "--record", str(link), "--force")
    assert status == 0, err
    assert link.is_symlink() and read_record(real)[0]["type"] == "match"


def test_simulate_writes_through_a_fifo(capsys, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = read_fifo(fifo, got)
    status, _, err = run(capsys, *SIM, "--matches", "2", "--record", str(fifo))
    reader.join(30)
    assert status == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and got[0].count(b'"type": "match_end"') == 2
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]


def test_a_second_run_into_a_directory_of_records_is_refused_unless_forced(capsys, tmp_path):
    folder = tmp_path / "out"
    status, _, err = run(capsys, *SIM, "--matches", "3", "--record", f"{folder}/")
    assert status == 0, err
    first = {p.name: p.read_bytes() for p in folder.iterdir()}
    status, out, err = run(capsys, *SIM, "--matches", "2", "--seed", "9", "--record", str(folder))
    assert status == 1 and out == ""
    [line] = err.strip().splitlines()
    assert "holds records" in line and "--force" in line
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == first
    status, _, err = run(capsys, *SIM, "--matches", "2", "--seed", "9", "--record", str(folder), "--force")
    assert status == 0, err
    assert sorted(p.name for p in folder.iterdir()) == ["match-00001.jsonl", "match-00002.jsonl"]
    assert all(read_record(p)[0]["seed"] in (9, 10) for p in folder.iterdir())  # no file of the first run left


def failing_fsync(after: int):
    """``os.fsync`` of a disk that fills up after ``after`` files."""
    calls = []

    def fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) > after:
            raise OSError(errno.ENOSPC, "No space left on device")

    return fsync


def test_a_full_disk_keeps_the_whole_files_prints_the_standings_and_exits_1(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("roundhouse.core.play.record.os.fsync", failing_fsync(after=1))
    folder = tmp_path / "out"
    status, out, err = run(capsys, *SIM, "--matches", "4", "--jobs", "1", "--record", f"{folder}/")
    assert status == 1
    [line] = err.strip().splitlines()
    assert "No space left on device" in line
    assert "1 matches in" in out  # the standings of the match played and recorded
    assert [p.name for p in folder.iterdir()] == ["match-00001.jsonl"]
    assert read_record(folder / "match-00001.jsonl")[-1]["type"] == "match_end"


def test_a_full_disk_leaves_an_existing_one_file_record_as_it_was(capsys, tmp_path, monkeypatch):
    target = tmp_path / "all.jsonl"
    target.write_text("earlier run\n")
    monkeypatch.setattr("roundhouse.core.play.record.os.fsync", failing_fsync(after=0))
    status, out, err = run(capsys, *SIM, "--matches", "2", "--jobs", "1", "--record", str(target), "--force")
    assert status == 1 and "2 matches in" in out
    [line] = err.strip().splitlines()
    assert "No space left on device" in line
    assert target.read_text() == "earlier run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["all.jsonl"]  # no hidden .part file


def test_a_one_file_record_of_several_matches_reads_back(capsys, tmp_path):
    target = tmp_path / "all.jsonl"
    status, _, err = run(capsys, *SIM, "--matches", "3", "--record", str(target))
    assert status == 0, err
    assert len(split_matches(read_record(target))) == 3
