"""``roundhouse history | export ID FILE | replay FILE`` and the store of ``play`` (DX.8, DX.11, RECORD.md)."""

from __future__ import annotations

import io
import json

import pytest

from roundhouse.core.cli.main import main
from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_pager import page
from roundhouse.core.cli.replay_source import open_record
from roundhouse.core.cli.replay_words import describe
from roundhouse.core.cli.store_commands import open_play_store
from roundhouse.core.play.record import read_record, replay, write_record
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.core.text.i18n import ui_catalog


@pytest.fixture(scope="module")
def registry():
    return get_plugin_manager().registry


@pytest.fixture(scope="module")
def played(tmp_path_factory, registry):
    """A data directory with one finished match, one abandoned match (with a restart) and one in progress."""
    data_dir = tmp_path_factory.mktemp("played") / "data"
    with Store.open(data_dir) as store:
        seats = [Seat("Ana", "random"), *default_seats(0, 3, "random")[1:]]
        session = make_session(registry, "mexican-train", seats, seed=8)
        store.attach(session)
        session.run_bots()
        session.new_match()
        for _ in range(30):
            session.step()
        session.restart_round()
        for _ in range(10):
            session.step()
        session.new_match()
        for _ in range(12):
            session.step()
    return data_dir, session


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_DX_11_history_lists_id_date_variant_seats_totals_winners(capsys, played):
    data_dir, session = played
    status, out, err = run(capsys, "history", "--data-dir", str(data_dir))
    assert status == 0, err
    lines = out.splitlines()
    finished, abandoned = session.archive
    totals = finished.lines()[-1]["totals"]
    winners = finished.lines()[-1]["winners"]
    row = next(line for line in lines if line.split()[0] == "1")
    assert "mexican-train" in row and "Ana" in row
    assert " ".join(str(totals[str(seat)]) for seat in (1, 2, 3)) in row
    assert all(session.seats[w - 1].name in row.split("  ")[-1] for w in winners)
    assert any(line.split()[0] == "2" and "(abandoned)" in line for line in lines)
    assert "In progress: match 3" in out


def test_history_of_an_empty_store(capsys, tmp_path):
    status, out, _ = run(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and "No finished matches yet" in out


def test_export_then_replay_reproduces_the_record_exactly(capsys, played, tmp_path, registry):
    data_dir, session = played
    for match_id, original in ((1, session.archive[0]), (2, session.archive[1])):
        target = tmp_path / f"match{match_id}.jsonl"
        status, out, err = run(capsys, "export", str(match_id), str(target), "--data-dir", str(data_dir))
        assert status == 0, err
        lines = read_record(target)
        assert lines == original.lines()
        state = replay(lines, registry.variant("mexican-train"))
        if match_id == 1:
            assert state.is_over() and lines[-1]["type"] == "match_end"
        if match_id == 2:
            assert any(line["type"] == "restart" for line in lines)  # DX.7 kept in the record


def test_replay_without_a_terminal_prints_every_frame_in_order(capsys, played, tmp_path, monkeypatch):
    data_dir, session = played
    target = tmp_path / "m.jsonl"
    write_record(target, session.archive[1].lines())
    monkeypatch.setattr("sys.stdin", io.StringIO("\nn\nb\nq\n"))
    status, out, err = run(capsys, "replay", str(target))
    assert status == 0, err
    count = len(session.archive[1].lines()) + 1  # the abandoned match ends with a frame saying so
    assert "incomplete record: stops after round" in err
    shown = [line for line in out.splitlines() if line.startswith("[")]
    assert [s.split("]")[0] for s in shown] == [f"[{n}/{count}" for n in range(1, count + 1)]
    assert "Match of mexican-train" in shown[0] and "is dealt" in shown[1]
    assert "holds" in out and "stock" in out  # the table state is shown


def test_the_viewer_stops_at_the_end_and_on_end_of_input(registry, played, tmp_path):
    _, session = played
    target = tmp_path / "m.jsonl"
    write_record(target, session.archive[0].lines())
    with open_record(target, registry) as matches:
        navigator = Navigator(matches, ui_catalog("en"))
        count = len(navigator.frames(1))
        assert count == len(session.archive[0].lines())
        navigator.end()
        assert navigator.frame().sentence.startswith("The match is over; winner:")
        navigator.step(-1)
        out = io.StringIO()
        page(navigator, ui_catalog("en"), io.StringIO("n\nn\nb\n"), out)
    text = out.getvalue()
    assert "end of the record" in text and text.count(f"[{count - 1}/{count}]") == 2


def test_every_event_type_reads_as_a_sentence(played):
    _, session = played
    names = {1: "Ana", 2: "Bo", 3: "Cy"}
    seen = set()
    for line in session.archive[0].lines() + session.archive[1].lines():
        sentence = describe(line, names)
        assert sentence.endswith(".") and "{" not in sentence
        seen.add(line["type"])
    assert {"match", "deal", "draw", "engine", "play", "round_end", "match_end", "restart"} <= seen
    assert describe({"type": "play", "seat": 2, "tile": "5-12", "line": "mexican", "end": 5}, names) == (
        "Bo plays 5-12 on the Mexican train; its end is now 5."
    )


def test_replay_refuses_a_tampered_record_naming_the_line(capsys, played, tmp_path):
    _, session = played
    lines = session.archive[0].lines()
    index = next(i for i, line in enumerate(lines) if line["type"] == "play" and i > 5)
    lines[index] = {**lines[index], "end": lines[index]["end"] + 1}
    target = tmp_path / "bad.jsonl"
    write_record(target, lines)
    status, out, err = run(capsys, "replay", str(target))
    assert status == 2 and out == ""
    assert f"line {index + 1}" in err and len(err.strip().splitlines()) == 1


def test_replay_of_missing_or_garbage_file_is_one_line_error(capsys, tmp_path):
    status, _, err = run(capsys, "replay", str(tmp_path / "none.jsonl"))
    assert status == 2 and "cannot read" in err and len(err.strip().splitlines()) == 1
    (tmp_path / "junk.jsonl").write_text("hello\n")
    status, _, err = run(capsys, "replay", str(tmp_path / "junk.jsonl"))
    assert status == 2 and "line 1" in err and len(err.strip().splitlines()) == 1


def test_export_bad_id_unknown_id_and_unwritable_target(capsys, played, tmp_path):
    data_dir, _ = played
    status, _, err = run(capsys, "export", "one", str(tmp_path / "x"), "--data-dir", str(data_dir))
    assert status == 2 and "a match id is a number" in err
    status, _, err = run(capsys, "export", "99", str(tmp_path / "x"), "--data-dir", str(data_dir))
    assert status == 2 and "no match 99" in err  # a bad argument (issue 16)
    status, _, err = run(capsys, "export", "1", str(tmp_path / "no" / "dir" / "x"), "--data-dir", str(data_dir))
    assert status == 1 and "cannot write" in err and not (tmp_path / "no").exists()


def test_history_with_unusable_data_dir_is_a_clear_error(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, _, err = run(capsys, "history", "--data-dir", str(blocker / "sub"))
    assert status == 2 and "--data-dir" in err and "Traceback" not in err  # a bad argument (issue 16)
    assert len(err.strip().splitlines()) == 1


def test_data_dir_from_environment_for_history(capsys, played, monkeypatch):
    data_dir, _ = played
    monkeypatch.setenv("ROUNDHOUSE_DATA_DIR", str(data_dir))
    status, out, _ = run(capsys, "history")
    assert status == 0 and "In progress: match 3" in out


def test_play_store_off_with_warning_when_directory_unusable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    err = io.StringIO()
    assert open_play_store(blocker / "sub", err) is None
    assert err.getvalue().startswith("warning: saving is off: cannot use the data directory")


def test_play_store_refuses_a_file_that_is_not_a_database_and_plays_without_saving(tmp_path):
    (tmp_path / "roundhouse.sqlite3").write_bytes(b"\x00garbage" * 64)
    err = io.StringIO()
    assert open_play_store(tmp_path, err) is None
    assert err.getvalue().startswith("warning: saving is off: ") and "left untouched" in err.getvalue()
    assert (tmp_path / "roundhouse.sqlite3").read_bytes() == b"\x00garbage" * 64


def test_second_play_is_refused_while_another_holds_the_data_dir(capsys, tmp_path):
    with Store.open(tmp_path):
        status, _, err = run(capsys, "play", "--ui", "console", "--data-dir", str(tmp_path))
    assert status == 1
    assert "already running with the data directory" in err and len(err.strip().splitlines()) == 1


def test_exported_in_progress_match_is_rebuilt_from_its_log(played, registry):
    data_dir, session = played
    with Store.open(data_dir, exclusive=False) as store:
        lines = store.match_record(3, registry)
    assert lines == session.record.lines()
    assert json.dumps(lines)  # plain JSON data
    assert isinstance(session, Session)
