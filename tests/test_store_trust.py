"""The store trusts only its own files and tells the truth about saves (issue 25).

Each test reproduces one finding: a healthy save another program holds
locked was moved aside as damaged; a foreign or unknown file at the save
path was changed or overwritten; a dropped ``schema_version`` table was
reported as "table matches already exists"; on a full disk the goodbye said
"saved" when it was not, and the write-ahead log filled a small disk by
itself (DX.6 autosave, DX.8 and DX.11 history).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from console_helpers import ScriptedInput, last_line
from test_store import play
from test_store_faults import fill_disk, free_disk, new_session, python_child, registry, run_cli, store_with_history

from roundhouse.core.play.session import Session
from roundhouse.core.store import DB_NAME, Store, StoreBusy, StoreError, database
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.terminal import Terminal


def snapshot(*directories: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in ``directories``: its bytes and mode (links by their target, unresolved)."""
    found = {}
    for directory in directories:
        for item in sorted(directory.iterdir()):
            if item.is_symlink():
                found[str(item)] = (os.readlink(item).encode(), 0)
            else:
                found[str(item)] = (item.read_bytes(), item.stat().st_mode)
    return found


# --------------------------------------------------- another program's lock
EXCLUSIVE_HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("PRAGMA locking_mode = EXCLUSIVE")
connection.execute("UPDATE matches SET note = note")  # a write: the lock is now held until the connection closes
print("holding", flush=True)
sys.stdin.readline()
"""


def test_DX_8_history_and_open_report_a_database_another_program_locks_and_leave_it_alone(tmp_path, capsys):
    store_with_history(tmp_path).close()
    holder = python_child(EXCLUSIVE_HOLDER, str(tmp_path / DB_NAME))
    try:
        assert holder.stdout.readline().strip() == "holding"
        before = snapshot(tmp_path)
        status, out, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
        assert status == 1 and out == ""
        [line] = err.strip().splitlines()
        assert "is locked by" in line and "damaged" not in line
        if Path("/proc/locks").exists():
            assert f"(process {holder.pid})" in line, "the holder is named"
        with pytest.raises(StoreBusy, match="is locked by"):
            Store.open(tmp_path)
        assert snapshot(tmp_path) == before, "nothing renamed, nothing written"
    finally:
        holder.communicate("\n", timeout=30)
    status, out, _ = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and "In progress: match 4" in out  # the history and the match in progress are still there


# ------------------------------------------------------------ foreign files
def foreign_database(path: Path, application_id: int = 0) -> None:
    """Another program's SQLite database (rollback journal, its own tables)."""
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA application_id = {application_id}")
    connection.execute("CREATE TABLE contacts (name TEXT, phone TEXT)")
    connection.execute("CREATE TABLE matches (id INTEGER)")
    connection.execute("INSERT INTO contacts VALUES ('Ana', '555')")
    connection.commit()
    connection.close()
    path.chmod(0o640)


@pytest.mark.parametrize("application_id", [0, 0x0F055112])
@pytest.mark.parametrize("reached", ["directly", "through a link out of the data directory"])
def test_DX_8_another_programs_sqlite_database_is_refused_byte_identical(tmp_path, capsys, reached, application_id):
    data, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    data.mkdir()
    elsewhere.mkdir()
    if reached == "directly":
        foreign_database(data / DB_NAME, application_id)
    else:
        foreign_database(elsewhere / "contacts.db", application_id)
        (data / DB_NAME).symlink_to(elsewhere / "contacts.db")
    before = snapshot(data, elsewhere)
    status, out, err = run_cli(capsys, "history", "--data-dir", str(data))
    assert status == 1 and out == ""
    [line] = err.strip().splitlines()
    assert "another program's SQLite database" in line and "left untouched" in line
    for exclusive in (True, False):
        with pytest.raises(StoreError, match="another program's SQLite database"):
            Store.open(data, exclusive=exclusive)
    assert snapshot(data, elsewhere) == before, "same bytes and mode; no WAL, shared memory or lock file beside it"


@pytest.mark.parametrize("content", [b"x", b"my notes\n", b"SQLite format 3\x00 but cut short"])
def test_a_non_empty_file_that_is_no_database_is_refused_untouched(tmp_path, capsys, content):
    (tmp_path / DB_NAME).write_bytes(content)
    before = snapshot(tmp_path)
    status, _, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 1 and "not a Roundhouse save database" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(StoreError, match="not a Roundhouse save database"):
        Store.open(tmp_path)
    assert snapshot(tmp_path) == before


def test_a_dangling_link_out_of_the_data_directory_is_refused_and_nothing_is_created(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).symlink_to(tmp_path / "elsewhere.sqlite3")
    with pytest.raises(StoreError, match="link out of the data directory"):
        Store.open(data)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
    assert sorted(p.name for p in data.iterdir()) == [DB_NAME]


def test_DX_8_a_save_from_before_the_application_id_is_still_ours_and_gets_the_id(tmp_path, capsys):
    store_with_history(tmp_path).close()
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute("PRAGMA application_id = 0")
    status, out, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and err == "" and "In progress: match 4" in out
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == database.APPLICATION_ID


def test_reading_a_missing_data_directory_on_a_read_only_disk_gives_an_empty_history(tmp_path, monkeypatch):
    def read_only_disk(directory: Path) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(directory))

    monkeypatch.setattr(database, "make_data_directory", read_only_disk)
    with Store.open(tmp_path / "missing", exclusive=False) as store:
        assert store.history() == [] and store.saved_match() is None
    with pytest.raises(StoreError, match="Read-only file system"):
        Store.open(tmp_path / "missing")


# ------------------------------------------------------ saves tell the truth
def quit_console(store: Store, session: Session, on_question: Callable[[], str]) -> str:
    """Quit the console game at the first prompt; ``on_question`` answers the unsaved-decisions question."""

    def answer(output: str) -> str | None:
        return on_question() if last_line(output).endswith("[y/N] ") else "quit"

    output = io.StringIO()
    game = ConsoleGame(Terminal(ScriptedInput(output, answer), output, "en"), session, store, registry())
    assert game.run() == 0
    return output.getvalue()


def saved_length(directory: Path) -> int:
    """How many decisions the match in progress has on disk, read by another connection."""
    with Store.open(directory, exclusive=False) as reader:
        saved = reader.saved_match()
        return len(saved.log) if saved is not None else 0


def store_failing_to_save(directory: Path) -> tuple[Store, Session]:
    """A store whose disk filled after three decisions (SQLite's own SQLITE_FULL), once a save failed."""
    store = Store.open(directory)
    session = new_session()
    store.attach(session)
    play(session, 3)
    fill_disk(store)
    while not store.warnings:
        play(session, 1)
    return store, session


def test_DX_6_full_disk_goodbye_counts_unsaved_decisions_and_a_save_succeeds_once_space_is_back(tmp_path):
    store, session = store_failing_to_save(tmp_path)
    play(session, 3)
    lost = len(session.log) - saved_length(tmp_path)
    assert lost > 1
    assert store.unsaved(session) == lost
    text = quit_console(store, session, lambda: "y")
    assert f"{lost} decisions are not saved (saving failed)" in text and "Quit anyway and lose them?" in text
    assert text.rstrip().endswith(
        f"Goodbye. {lost} decisions of this match are not saved; "
        "'roundhouse play' resumes it from the last saved position."
    )
    assert "This match is saved" not in text
    free_disk(store)
    assert store.unsaved(session) == 0, "one more try saves everything once there is room"
    assert saved_length(tmp_path) == len(session.log)
    store.close()


def test_DX_6_a_player_who_stays_after_freeing_space_keeps_every_decision(tmp_path):
    store, session = store_failing_to_save(tmp_path)

    def free_space_and_stay() -> str:
        free_disk(store)
        return "n"

    text = quit_console(store, session, free_space_and_stay)
    assert text.count("Quit anyway and lose it?") + text.count("Quit anyway and lose them?") == 1
    assert text.rstrip().endswith("Goodbye. This match is saved; 'roundhouse play' resumes it.")
    assert saved_length(tmp_path) == len(session.log)
    store.close()


# ----------------------------------------------------------- tiny disks
@pytest.fixture
def tiny_disk(tmp_path):
    """Mounts a tmpfs of the size asked for (root on Linux); skips where mounting is not permitted."""
    mounted: list[Path] = []

    def mount(size: str) -> Path:
        if shutil.which("mount") is None:
            pytest.skip("no mount command: a small filesystem cannot be made here")
        directory = tmp_path / f"disk-{size}"
        directory.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(directory)], capture_output=True, text=True
        )
        if done.returncode != 0:
            pytest.skip(f"mounting a {size} tmpfs is not permitted here: {done.stderr.strip()}")
        mounted.append(directory)
        return directory

    yield mount
    for directory in mounted:
        subprocess.run(["umount", "--lazy", str(directory)], check=True)  # even with a failed test's files open


def fill_to_the_last_byte(filler: Path) -> None:
    """Take every free byte of the filesystem of ``filler``."""
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)


def test_DX_6_on_a_200k_disk_the_write_ahead_log_never_fills_it(tiny_disk):
    disk = tiny_disk("200k")
    store = Store.open(disk)
    session = new_session(humans=0)
    store.attach(session)
    while not session.is_over:
        session.step()
    assert not [w for w in store.warnings if w.startswith("Saving failed")]
    assert store.unsaved(session) == 0
    store.close()
    with Store.open(disk) as reopened:
        [entry] = reopened.history()
        assert entry.status == "finished"


def test_DX_6_on_a_full_2m_disk_the_goodbye_counts_what_is_lost_and_freeing_space_saves_it(tiny_disk):
    disk = tiny_disk("2m")
    store = Store.open(disk)
    session = new_session()
    store.attach(session)
    play(session, 3)
    filler = disk / "filler"
    fill_to_the_last_byte(filler)
    while not store.warnings and not session.is_over:
        play(session, 1)
    assert store.warnings, "the full disk made a save fail"
    play(session, 3)
    lost = store.unsaved(session)
    assert lost == len(session.log) - saved_length(disk) > 0
    text = quit_console(store, session, lambda: "y")
    assert f"Goodbye. {lost} decisions of this match are not saved" in text and lost > 1
    filler.unlink()
    assert store.unsaved(session) == 0
    store.close()
    with Store.open(disk) as reopened:
        saved = reopened.saved_match()
        assert saved is not None and saved.log == tuple(e.to_text() for e in session.log)
