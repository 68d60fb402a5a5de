"""The store trusts only its own files and tells the truth about saves (issue 25).

Each test reproduces one finding: a healthy save another program holds
locked was moved aside as damaged; a foreign or unknown file at the save
path was changed or overwritten; a dropped ``schema_version`` table was
reported as "table matches already exists"; on a full disk the goodbye said
"saved" when it was not, and the write-ahead log filled a small disk by
itself (DX.6 autosave, DX.8 and DX.11 history).
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest
from test_store_faults import python_child, run_cli, store_with_history

from roundhouse.core.store import DB_NAME, Store, StoreBusy, StoreError, database


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
