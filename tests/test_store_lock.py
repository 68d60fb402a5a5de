"""The session lock under hostile paths (issue 17): never follows a link, never truncates a stranger's file,
one playing Roundhouse per database however it is reached."""

from __future__ import annotations

import os

import pytest
from test_store_faults import python_child

from roundhouse.core.store import DB_NAME, LOCK_NAME, Store, StoreBusy, StoreError


def test_a_lock_path_linked_to_another_file_is_refused_and_the_file_left_intact(tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("precious data\n")
    data = tmp_path / "data"
    data.mkdir()
    (data / LOCK_NAME).symlink_to(victim)
    with pytest.raises(StoreError, match="symbolic link"):
        Store.open(data)
    with pytest.raises(StoreError, match="symbolic link"):
        Store.open(data, exclusive=False)
    assert victim.read_text() == "precious data\n"


def test_a_lock_path_holding_someone_elses_file_is_never_truncated(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / LOCK_NAME).write_text("notes I keep here\n")
    with pytest.raises(StoreError, match="holds other data") as refused:
        Store.open(data)
    assert len(str(refused.value).splitlines()) == 1
    assert (data / LOCK_NAME).read_text() == "notes I keep here\n"


def test_a_lock_path_hard_linked_or_not_a_file_is_refused(tmp_path):
    linked = tmp_path / "linked"
    linked.mkdir()
    (tmp_path / "elsewhere").write_text("")
    os.link(tmp_path / "elsewhere", linked / LOCK_NAME)
    with pytest.raises(StoreError, match="not a plain file"):
        Store.open(linked)
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / LOCK_NAME)
    with pytest.raises(StoreError, match="not a plain file"):
        Store.open(fifo)


def test_a_lock_file_left_by_an_earlier_run_is_reused(tmp_path):
    (tmp_path / LOCK_NAME).write_text("12345")
    with Store.open(tmp_path):
        assert (tmp_path / LOCK_NAME).read_text() == str(os.getpid())


def test_two_data_directories_sharing_one_database_through_a_link_exclude_each_other(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    with Store.open(first):
        second.mkdir()
        (second / DB_NAME).symlink_to(first / DB_NAME)
        with pytest.raises(StoreBusy):
            Store.open(second)
    with Store.open(second) as store:  # free again once the first closed
        assert store.history() == []


HOLDER = """
import sys
from roundhouse.core.store import Store
store = Store.open(sys.argv[1])
print("holding", flush=True)
sys.stdin.readline()
"""


def test_two_processes_never_hold_the_same_database(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    Store.open(first).close()
    second.mkdir()
    (second / DB_NAME).symlink_to(first / DB_NAME)
    holder = python_child(HOLDER, str(second))
    try:
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(StoreBusy):
            Store.open(first)
    finally:
        holder.communicate("\n", timeout=30)
    with Store.open(first):
        pass
