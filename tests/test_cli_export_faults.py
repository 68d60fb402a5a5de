"""``roundhouse export`` under hostile conditions (issues 16, 17): no clobbering, no half-written file,
no hands of a match still being played (RECORD.md: a record is for after the match)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from roundhouse.core.cli.main import main
from roundhouse.core.play.record import read_record
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.store import Store


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    """A store with one finished match (1) and one in progress (2)."""
    from roundhouse.core.plugins.manager import get_plugin_manager

    registry = get_plugin_manager(load_entry_points=False).registry
    directory = tmp_path_factory.mktemp("export") / "data"
    params = {**registry.variant("mexican-train").default_params(), "rounds": 1}
    with Store.open(directory) as store:
        session = make_session(registry, "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], 2, params)
        store.attach(session)
        session.run_bots()
        session.new_match()
        for _ in range(4):
            session.step()
    return directory


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_export_refuses_to_replace_an_existing_file_unless_forced(capsys, data_dir, tmp_path):
    target = tmp_path / "kept.jsonl"
    target.write_text("my notes\n")
    status, out, err = run(capsys, "export", "1", str(target), "--data-dir", str(data_dir))
    assert status == 1 and out == "" and target.read_text() == "my notes\n"
    [line] = err.strip().splitlines()
    assert "already exists" in line and "--force" in line
    status, _, err = run(capsys, "export", "1", str(target), "--force", "--data-dir", str(data_dir))
    assert status == 0, err
    assert read_record(target)[-1]["type"] == "match_end"
    ordinary = tmp_path / "ordinary"
    ordinary.write_text("")
    assert target.stat().st_mode == ordinary.stat().st_mode  # permissions of any new file, not a private temp


def test_export_follows_a_link_to_its_file_and_replaces_it_only_when_forced(capsys, data_dir, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(victim)
    status, _, _ = run(capsys, "export", "1", str(link), "--data-dir", str(data_dir))
    assert status == 1 and victim.read_text() == "precious\n"
    status, _, err = run(capsys, "export", "1", str(link), "--force", "--data-dir", str(data_dir))
    assert status == 0, err
    assert link.is_symlink() and read_record(victim)[-1]["type"] == "match_end"  # followed, never replaced


def test_export_on_a_full_disk_leaves_the_old_file_whole(capsys, data_dir, tmp_path, monkeypatch):
    target = tmp_path / "old.jsonl"
    target.write_text("old content\n")

    def disk_full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("roundhouse.core.play.record.os.fsync", disk_full)
    status, out, err = run(capsys, "export", "1", str(target), "--force", "--data-dir", str(data_dir))
    assert status == 1 and out == ""
    [line] = err.strip().splitlines()
    assert "No space left on device" in line
    assert target.read_text() == "old content\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.jsonl"]  # no partial file left behind


def test_export_of_a_match_in_progress_is_refused_without_revealing_hands(capsys, data_dir, tmp_path):
    target = tmp_path / "live.jsonl"
    status, out, err = run(capsys, "export", "2", str(target), "--data-dir", str(data_dir))
    assert status == 1 and out == "" and not target.exists()
    [line] = err.strip().splitlines()
    assert "match 2 is still being played" in line and "once it is over" in line


def no_hard_links(code: int):
    """``os.link`` as on a file system without hard links (FAT, exFAT, some network shares)."""

    def link(source, destination) -> None:
        raise OSError(code, os.strerror(code))

    return link


@pytest.mark.parametrize(
    "code", [errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV], ids=["EPERM", "EOPNOTSUPP", "ENOTSUP", "EXDEV"]
)
def test_export_without_hard_links_writes_the_new_file_whole_or_not_at_all(
    capsys, data_dir, tmp_path, monkeypatch, code
):
    monkeypatch.setattr(os, "link", no_hard_links(code))
    target = tmp_path / "new.jsonl"
    real_replace = os.replace

    def disk_full(source, destination) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    status, out, err = run(capsys, "export", "1", str(target), "--data-dir", str(data_dir))
    assert status == 1 and out == "" and "No space left on device" in err
    assert list(tmp_path.iterdir()) == []  # neither the record nor an empty claim on its name
    monkeypatch.setattr(os, "replace", real_replace)
    status, _, err = run(capsys, "export", "1", str(target), "--data-dir", str(data_dir))
    assert status == 0, err
    assert read_record(target)[-1]["type"] == "match_end"
    assert [p.name for p in tmp_path.iterdir()] == ["new.jsonl"]
    ordinary = tmp_path / "ordinary"
    ordinary.write_text("")
    assert target.stat().st_mode == ordinary.stat().st_mode


def test_export_where_the_platform_has_no_hard_links_at_all(capsys, data_dir, tmp_path, monkeypatch):
    monkeypatch.delattr(os, "link")
    target = tmp_path / "new.jsonl"
    status, _, err = run(capsys, "export", "1", str(target), "--data-dir", str(data_dir))
    assert status == 0, err
    assert read_record(target)[-1]["type"] == "match_end"
    assert [p.name for p in tmp_path.iterdir()] == ["new.jsonl"]


def test_export_without_hard_links_never_replaces_a_file_that_appeared_meanwhile(
    capsys, data_dir, tmp_path, monkeypatch
):
    target = tmp_path / "late.jsonl"

    def someone_else_first(source, destination) -> None:
        Path(destination).write_text("theirs\n")  # written after the check for an existing file
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", someone_else_first)
    status, out, err = run(capsys, "export", "1", str(target), "--data-dir", str(data_dir))
    assert status == 1 and out == ""
    [line] = err.strip().splitlines()
    assert "already exists" in line and "--force" in line
    assert target.read_text() == "theirs\n"
    assert [p.name for p in tmp_path.iterdir()] == ["late.jsonl"]
