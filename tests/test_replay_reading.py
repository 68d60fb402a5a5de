"""How ``roundhouse replay`` reads a record: by offsets, from a file or a pipe (RECORD.md, issue 25 finding 7)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from roundhouse.core.cli.replay_bytes import CHUNK, LineReader, RecordBytes
from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_source import open_record
from roundhouse.core.play.record import MAX_LINE_CHARS, dumps_line
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog

ROOT = Path(__file__).resolve().parent.parent
REGISTRY = get_plugin_manager(load_entry_points=False).registry
TEXT = b"a\n\nbb\n" + b"c" * (3 * CHUNK + 5) + b"\n" + b"d" * (CHUNK - 1) + b"\ne\nlast without newline"


@pytest.fixture(scope="module")
def record_text() -> bytes:
    params = {**REGISTRY.variant("mexican-train").default_params(), "rounds": 1}
    session = make_session(REGISTRY, "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], 3, params)
    session.run_bots()
    return "".join(dumps_line(line) + "\n" for line in session.record.lines()).encode()


def lines_of(reader, size: int = -1) -> list[tuple[int, bytes]]:
    found = []
    while True:
        at = reader.tell() if hasattr(reader, "tell") else reader.position
        text = reader.readline(size)
        if not text:
            return found
        found.append((at if hasattr(reader, "tell") else reader.start, text))


@pytest.mark.parametrize("size", [-1, 7, CHUNK, CHUNK + 3])
def test_lines_and_their_offsets_are_a_files_own(tmp_path, size):
    """Lines longer than a chunk, an empty line, a last line without newline, a size limit: as a binary file."""
    path = tmp_path / "text"
    path.write_bytes(TEXT)
    data = RecordBytes(open(path, "rb"))
    try:
        assert lines_of(LineReader(data), size) == lines_of(io.BytesIO(TEXT), size)
        offset = TEXT.index(b"e\n")
        assert LineReader(data, offset).readline() == b"e\n"
    finally:
        data.close()


def test_a_pipe_is_read_again_from_its_temporary_copy():
    read, write = os.pipe()

    def feed() -> None:
        with open(write, "wb") as sink:
            sink.write(TEXT)

    writer = threading.Thread(target=feed)
    writer.start()
    data = RecordBytes(open(read, "rb"))
    try:
        assert lines_of(LineReader(data)) == lines_of(io.BytesIO(TEXT))
        assert data.read_at(2, 4) == TEXT[2:6] and data.read_at(len(TEXT) - 4, 100) == TEXT[-4:]
    finally:
        data.close()
        writer.join()


def test_a_record_from_a_pipe_replays_as_from_a_file(tmp_path, record_text):
    path = tmp_path / "match.jsonl"
    path.write_bytes(record_text * 2)
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    command = [sys.executable, "-m", "roundhouse", "replay"]
    from_file = subprocess.run([*command, str(path)], capture_output=True, env=env, stdin=subprocess.DEVNULL)
    from_pipe = subprocess.run([*command, "/dev/stdin"], capture_output=True, env=env, input=record_text * 2)
    assert from_file.returncode == from_pipe.returncode == 0 and from_pipe.stderr == b""
    assert from_pipe.stdout == from_file.stdout and from_file.stdout.count(b"Match of mexican-train") == 2


def test_a_match_keeps_offsets_not_lines(tmp_path, record_text):
    """Each line is read from the file when asked for, and an earlier match is found again from its start."""
    path = tmp_path / "many.jsonl"
    path.write_bytes(record_text * 12)
    count = record_text.count(b"\n")
    with open_record(path, REGISTRY) as matches:
        assert matches.has(12) and not matches.has(13)
        first = matches.match(1)  # long dropped from the kept offsets: found again
        assert first.complete and len(first.lines) == count and matches.count() == 12
        assert [dumps_line(line) + "\n" for line in first.lines] == record_text.decode().splitlines(keepends=True)
        assert first.lines[1:3][1] == first.lines[2] and len(first.lines[5:2]) == 0


def test_a_line_without_end_is_refused_after_its_limit(tmp_path):
    path = tmp_path / "endless.jsonl"
    path.write_bytes(b"x" * (MAX_LINE_CHARS + 10))
    result = subprocess.run(
        [sys.executable, "-m", "roundhouse", "replay", str(path)], capture_output=True, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().strip().endswith(f"line 1: longer than {MAX_LINE_CHARS} characters")


def test_a_jump_to_the_end_checks_only_the_matches_it_shows(tmp_path, record_text):
    path = tmp_path / "many.jsonl"
    path.write_bytes(record_text * 12)
    checked = []
    with open_record(path, REGISTRY, lambda match: checked.append(match.number)) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        navigator.end()
        navigator.step(-record_text.count(b"\n"))
    assert checked == [1, 12, 11]
