"""The save store (DESIGN.md §Persistence; RULES.md DX.6-DX.8, DX.11): autosave, resume, history, damage."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from roundhouse.core.game.actions import IllegalAction
from roundhouse.core.play.record import replay as replay_record
from roundhouse.core.play.session import RESTART, Session
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import (
    DB_NAME,
    ResumeError,
    Store,
    StoreBusy,
    StoreError,
    default_data_dir,
    pack_record,
)
from roundhouse.core.store.schema import SCHEMA_VERSION


@pytest.fixture(scope="module")
def registry():
    return get_plugin_manager().registry


def new_session(registry, humans: int = 1, players: int = 3, seed: int = 11, variant: str = "mexican-train") -> Session:
    return make_session(registry, variant, default_seats(humans, players, "random"), seed=seed)


def play(session: Session, decisions: int) -> None:
    """Let bots move and take ``decisions`` human decisions (a pseudo-random legal one each)."""
    for _ in range(decisions):
        session.run_bots()
        if session.is_over:
            return
        session.decide(random.Random(len(session.log)).choice(session.legal_actions()))
    session.run_bots()


def play_out(session: Session) -> None:
    while not session.is_over:
        play(session, 50)


def same(a: Session, b: Session) -> bool:
    return (
        a.log == b.log
        and a.state.snapshot() == b.state.snapshot()
        and a.record.lines() == b.record.lines()
        and a.redo_entries == b.redo_entries
        and (a.seed, a.match_number, a.seed_explicit) == (b.seed, b.match_number, b.seed_explicit)
    )


# ------------------------------------------------------------------ opening
def test_open_creates_wal_database_with_schema_version(tmp_path):
    with Store.open(tmp_path / "data") as store:
        assert store.path == tmp_path / "data" / DB_NAME
        assert store.warnings == []
    connection = sqlite3.connect(tmp_path / "data" / DB_NAME)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("SELECT version FROM schema_version").fetchall() == [(SCHEMA_VERSION,)]


def test_data_dir_from_environment_then_platformdirs(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.setenv("ROUNDHOUSE_DATA_DIR", str(tmp_path / "env"))
    assert default_data_dir() == tmp_path / "env"
    with Store.open() as store:
        assert store.directory == tmp_path / "env"
    monkeypatch.delenv("ROUNDHOUSE_DATA_DIR")
    assert default_data_dir() == Path(platformdirs.user_data_dir("roundhouse"))


def test_reopening_keeps_data_and_does_not_migrate_twice(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = new_session(registry)
        store.attach(session)
        play(session, 3)
    with Store.open(tmp_path) as store:
        assert store.saved_match().log == tuple(e.to_text() for e in session.log)
    connection = sqlite3.connect(tmp_path / DB_NAME)
    assert connection.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


def test_newer_schema_is_refused_and_left_untouched(tmp_path):
    Store.open(tmp_path).close()
    connection = sqlite3.connect(tmp_path / DB_NAME)
    connection.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    connection.commit()
    connection.close()
    before = (tmp_path / DB_NAME).read_bytes()
    with pytest.raises(StoreError, match="newer|reads up to"):
        Store.open(tmp_path)
    assert (tmp_path / DB_NAME).read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_file_that_is_not_a_database_is_refused_and_left_untouched(tmp_path):
    garbage = b"this is not a database, just some bytes " * 100
    (tmp_path / DB_NAME).write_bytes(garbage)
    with pytest.raises(StoreError, match="not a Roundhouse save database") as refused:
        Store.open(tmp_path)
    assert len(str(refused.value).splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]  # no lock, WAL or copy beside it
    assert (tmp_path / DB_NAME).read_bytes() == garbage


def test_damaged_pages_inside_a_real_database_are_detected(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = new_session(registry)
        store.attach(session)
        play(session, 30)
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    assert len(data) > 8192
    data[4096:8192] = b"\xff" * 4096  # smash the second page
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    with Store.open(tmp_path) as store:
        assert len(store.warnings) == 1 and "damaged" in store.warnings[0]
        assert store.saved_match() is None
    assert len(list(tmp_path.glob(f"{DB_NAME}.damaged-*"))) == 1


def test_unwritable_data_directory_is_a_clear_error(tmp_path):
    """Tests run as root, where chmod does not stop writes: a directory "inside" a regular file can never exist."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    for data_dir in (blocker / "sub", blocker):
        with pytest.raises(StoreError) as caught:
            Store.open(data_dir)
        message = str(caught.value)
        assert "cannot use the data directory" in message and str(data_dir) in message
        assert "\n" not in message


def test_second_playing_store_on_same_directory_is_refused(tmp_path):
    with Store.open(tmp_path):
        with pytest.raises(StoreBusy, match="already running"):
            Store.open(tmp_path)
        with Store.open(tmp_path, exclusive=False) as reader:  # reading commands still work
            assert reader.history() == []
    Store.open(tmp_path).close()  # the lock is given back on close


# --------------------------------------------------------- autosave, resume
@pytest.mark.parametrize("variant", ["mexican-train", "double-nine-branch"])
def test_DX_6_resume_is_identical_including_undo_and_redo(tmp_path, registry, variant):
    with Store.open(tmp_path) as store:
        original = new_session(registry, humans=2, players=4, seed=6, variant=variant)
        store.attach(original)
        play(original, 25)
        original.undo()
        original.undo()
        original.redo()
        assert original.can_undo and original.can_redo
    with Store.open(tmp_path) as store:
        saved = store.saved_match()
        assert saved.variant == variant and saved.seed == 6 and saved.match_number == 1
        resumed = store.resume(saved, registry)
        store.attach(resumed)
        assert same(resumed, original)
        for step in ("redo", "undo", "undo", "undo", "redo"):
            getattr(original, step)()
            getattr(resumed, step)()
            assert same(resumed, original), step
        play(original, 10)
        play(resumed, 10)
        assert same(resumed, original)
    with Store.open(tmp_path) as store:  # the continuation was saved into the same row
        again = store.resume(store.saved_match(), registry)
        assert same(again, resumed)
        assert len(store.history()) == 0


def test_resume_later_match_keeps_match_number_and_bot_choices(tmp_path, registry):
    with Store.open(tmp_path) as store:
        original = new_session(registry, humans=1, players=3, seed=9)
        store.attach(original)
        play(original, 5)
        original.new_match()
        original.new_match()
        play(original, 5)
        assert original.match_number == 3
    with Store.open(tmp_path) as store:
        resumed = store.resume(store.saved_match(), registry)
    assert resumed.match_number == 3 and same(resumed, original)
    assert resumed.archive == []
    play(original, 8)
    play(resumed, 8)
    assert same(resumed, original)  # bot RNGs depend on the match number: same continuation


def test_DX_7_restart_is_saved_and_kept_in_the_record(tmp_path, registry):
    with Store.open(tmp_path) as store:
        original = new_session(registry)
        store.attach(original)
        play(original, 4)
        original.restart_round()
        play(original, 2)
        saved = store.saved_match()
        assert RESTART in saved.log
        resumed = store.resume(saved, registry)
    assert same(resumed, original)
    assert any(line["type"] == "restart" for line in resumed.record.lines())


def test_autosave_after_every_bot_step_and_undo(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = make_session(registry, "mexican-train", default_seats(0, 3, "random"), seed=2)
        store.attach(session)
        for _ in range(20):
            session.step()
            assert store.saved_match().log == tuple(e.to_text() for e in session.log)


def test_save_that_no_longer_replays_is_set_aside_with_its_data(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = new_session(registry)
        store.attach(session)
        play(session, 6)
    connection = sqlite3.connect(tmp_path / DB_NAME)
    connection.execute("UPDATE decisions SET entry = '1 play 0-0 mexican' WHERE idx = 3")
    connection.commit()
    connection.close()
    with Store.open(tmp_path) as store:
        saved = store.saved_match()
        with pytest.raises(ResumeError, match="set aside"):
            store.resume(saved, registry)
        assert store.saved_match() is None
    connection = sqlite3.connect(tmp_path / DB_NAME)
    status, kept = connection.execute(
        "SELECT status, (SELECT count(*) FROM decisions WHERE match_id = matches.id) FROM matches"
    ).fetchone()
    assert status == "unreadable" and kept == len(session.log)


def test_save_of_a_missing_variant_is_set_aside(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = new_session(registry)
        store.attach(session)
        play(session, 2)
        header = json.dumps({**session.record.header, "variant": "gone-game"})
        store._db.execute("UPDATE matches SET header = ?", (header,))
        with pytest.raises(ResumeError, match="gone-game"):
            store.resume(store.saved_match(), registry)


def test_store_stays_bounded_over_1000_autosaved_decisions(tmp_path, registry):
    """Rows are replaced, never duplicated: the file holds what the final log needs, give or take free pages."""
    churn = tmp_path / "churn"
    with Store.open(churn) as store:
        session = make_session(registry, "mexican-train", default_seats(2, 2, "random"), seed=3)
        store.attach(session)
        decisions = largest = 0
        while decisions < 1000:
            if session.is_over:
                session.new_match()
            session.decide(random.Random(len(session.log)).choice(session.legal_actions()))
            decisions += 1
            if decisions % 10 == 0 and session.can_undo:  # DX.6: never past a round end
                session.undo()
                if session.can_undo:
                    session.undo()
                session.redo()
            if decisions % 50 == 0:
                largest = max(largest, sum(f.stat().st_size for f in churn.iterdir()))
        rows = store._db.execute("SELECT count(*) FROM decisions").fetchone()[0]
        assert rows == len(session.log)
    # the same final content written once, as a reference
    once = tmp_path / "once"
    with Store.open(once) as store:
        for record in session.archive:
            store._db.execute(
                "INSERT INTO matches (status, started, updated, variant, header, match_number, seed_explicit, record)"
                " VALUES ('abandoned', '', '', '', '{}', 1, 1, ?)",
                (pack_record(record.lines()),),
            )
        copy = make_session(registry, "mexican-train", default_seats(2, 2, "random"), seed=session.seed)
        copy.match_number = session.match_number - 1
        copy.new_match(session.seed)
        copy.replay(session.log)
        store.attach(copy)
    final, reference = (churn / DB_NAME).stat().st_size, (once / DB_NAME).stat().st_size
    assert final <= 2 * reference + 16 * 1024, (final, reference)
    assert largest <= 2 * 1024 * 1024, largest  # database + write-ahead log while playing


# ------------------------------------------------------------------ history
def test_DX_8_finished_match_joins_history_with_rounds_totals_winners(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = make_session(registry, "mexican-train", default_seats(0, 2, "random"), seed=4)
        store.attach(session)
        session.run_bots()
        assert session.is_over
        assert store.saved_match() is None
        [entry] = store.history()
        assert entry.status == "finished" and entry.variant == "mexican-train"
        assert entry.totals == session.state.totals() and entry.winners == session.state.winners()
        assert len(entry.rounds) == session.params["rounds"]
        assert {s: sum(r[s] for r in entry.rounds) for s in (1, 2)} == entry.totals
        assert [s.name for s in entry.seats] == [s.name for s in session.seats]
        lines = store.match_record(entry.id)
        assert lines == session.record.lines()
        replay_record(lines, registry.variant("mexican-train"))


def test_DX_8_new_match_keeps_history_and_marks_abandoned(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = new_session(registry)
        store.attach(session)
        play(session, 5)
        session.new_match()
        play_out(session)
        session.new_match()
        first, second = store.history()
        assert first.status == "abandoned" and second.status == "finished"
        assert store.match_record(first.id) == session.archive[0].lines()
        assert store.match_record(second.id) == session.archive[1].lines()
        assert store.saved_match().match_number == 3
        left = store._db.execute("SELECT count(*) FROM decisions WHERE match_id IN (?, ?)", (first.id, second.id))
        assert left.fetchone() == (0,)  # an ended match keeps its record, not its log


def test_DX_6_no_undo_after_match_end_so_the_match_stays_in_history(tmp_path, registry):
    """The last round end showed every hand: undo may not go back past it, and the finished match stays finished."""
    with Store.open(tmp_path) as store:
        session = new_session(registry, humans=1, players=2, seed=21)
        store.attach(session)
        play_out(session)
        assert store.saved_match() is None and len(store.history()) == 1
        assert not session.can_undo and session.undo_sealed_by is not None
        with pytest.raises(IllegalAction):
            session.undo()
        assert session.is_over and store.saved_match() is None and len(store.history()) == 1


def test_starting_a_fresh_match_moves_an_old_save_to_history(tmp_path, registry):
    with Store.open(tmp_path) as store:
        old = new_session(registry, seed=1)
        store.attach(old)
        play(old, 4)
    with Store.open(tmp_path) as store:
        fresh = new_session(registry, seed=2)
        store.attach(fresh)
        [entry] = store.history()
        assert entry.status == "paused" and entry.seed == 1  # never dropped (issue 16)
        assert store.match_record(entry.id, registry) == old.record.lines()  # rebuilt from its log
        assert store.saved_match().seed == 2


def test_a_match_with_no_decision_is_not_kept_in_history(tmp_path, registry):
    with Store.open(tmp_path) as store:
        first = new_session(registry, seed=1)
        store.attach(first)
        first.new_match()  # nothing was played in match 1
        assert store.history() == []
        second = new_session(registry, seed=2)
        store.attach(second)  # nor in match 2 of the first session, left for a new one
        assert store._observe not in first.observers
        assert store.history() == [] and store.saved_match().seed == 2
        assert store._db.execute("SELECT count(*) FROM matches").fetchone() == (1,)


def test_attaching_a_new_session_leaves_the_old_one_in_history(tmp_path, registry):
    with Store.open(tmp_path) as store:
        first = new_session(registry, seed=1)
        store.attach(first)
        play(first, 3)
        second = new_session(registry, seed=2)
        store.attach(second)
        play(first, 3)  # no longer saved
        [entry] = store.history()
        assert entry.status == "paused" and entry.seed == 1  # never dropped (issue 16)
        assert store.saved_match().seed == 2


def test_unreadable_history_row_is_reported_not_fatal(tmp_path, registry):
    with Store.open(tmp_path) as store:
        session = make_session(registry, "mexican-train", default_seats(0, 2, "random"), seed=6)
        store.attach(session)
        session.run_bots()
        session.new_match()
        play(session, 2)
        session.new_match()
        assert len(store.history()) == 2
        store._db.execute("UPDATE matches SET record = ? WHERE id = 1", (b"broken",))
        [entry] = store.history()
        assert entry.id == 2 and any("Match 1 of the history could not be read" in w for w in store.warnings)
        with pytest.raises(StoreError, match="record of match 1 could not be read"):
            store.match_record(1)


def test_a_failed_save_is_reported_and_the_match_goes_on(tmp_path, registry):
    store = Store.open(tmp_path)
    session = new_session(registry)
    store.attach(session)
    play(session, 2)
    store._db.close()  # the database goes away under the game
    play(session, 2)
    session.undo()
    assert len([w for w in store.warnings if w.startswith("Saving failed")]) == 1
    store._lock.release()
