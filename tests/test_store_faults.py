"""The save store under faults (issue 17): a full disk, damaged rows, an emptied file, a hostile lock path.

Each test reproduces one finding: a save failure shown with its real cause
(DX.6 autosave), a damaged row set aside with one line naming its match
while the rest loads (DX.8, DX.11), an emptied store reported, never silently
replaced.
"""

from __future__ import annotations

import io
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from console_helpers import ScriptedInput, autoplay, plugins
from test_store import play

from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.store import DB_NAME, Store, StoreError
from roundhouse.frontends.console import ConsoleFrontend
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.terminal import Terminal


def registry():
    return plugins().registry


def new_session(seed: int = 11, humans: int = 1) -> Session:
    return make_session(registry(), "mexican-train", default_seats(humans, 3, "random"), seed=seed)


def python_child(source: str, *arguments: str) -> subprocess.Popen:
    """A Python process running ``source`` from the project root, its stdin and stdout piped as text."""
    root = Path(__file__).resolve().parent.parent
    return subprocess.Popen(
        [sys.executable, "-c", source, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=root
    )


def fill_disk(store: Store) -> None:
    """Inject a full disk: the database may not grow by one more page (SQLite's own SQLITE_FULL)."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def free_disk(store: Store) -> None:
    store._db.execute("PRAGMA max_page_count = 1073741823")


def store_with_history(directory: Path, matches: int = 3) -> Store:
    """A store whose history holds ``matches`` finished bot matches and one match in progress."""
    store = Store.open(directory)
    params = {**registry().variant("mexican-train").default_params(), "rounds": 1}
    session = make_session(registry(), "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], 3, params)
    store.attach(session)
    for _ in range(matches):
        session.run_bots()
        session.new_match()
    for _ in range(5):
        session.step()
    return store


# ------------------------------------------------------------- disk full
def test_DX_6_disk_full_is_reported_once_with_its_real_cause_and_play_goes_on(tmp_path):
    store = Store.open(tmp_path)
    session = new_session()
    store.attach(session)
    play(session, 2)
    fill_disk(store)
    while not store.warnings and len(session.log) < 1000:
        play(session, 1)
    play(session, 20)
    failures = [w for w in store.warnings if w.startswith("Saving failed")]
    assert failures and all("database or disk is full" in w for w in failures)
    assert len(failures) == 1 and not any("rollback" in w for w in store.warnings)
    free_disk(store)
    session.undo()  # the next save after space comes back writes everything
    saved = store.saved_match()
    assert saved is not None and saved.log == tuple(e.to_text() for e in session.log)
    store.close()


def test_DX_6_console_shows_a_save_failure_as_it_happens(tmp_path):
    store = Store.open(tmp_path)
    session = new_session()
    store.attach(session)
    fill_disk(store)

    def answer(output: str) -> str | None:
        failed = output.find("warning: Saving failed")
        return None if failed >= 0 and output.count("\n", failed) > 40 else autoplay(output)

    output = io.StringIO()
    game = ConsoleGame(Terminal(ScriptedInput(output, answer), output, "en"), session, store, registry())
    with pytest.raises(EOFError):
        game.run()
    text = output.getvalue()
    assert text.count("warning: Saving failed (database or disk is full)") == 1
    assert len(text.split("warning: Saving failed")[1].splitlines()) > 40  # the player kept playing
    store.close()


def test_DX_6_console_says_the_save_failure_in_the_players_language(tmp_path):
    store = Store.open(tmp_path)
    session = new_session()
    store.attach(session)
    fill_disk(store)
    said = "avertissement : La sauvegarde a échoué (database or disk is full) ; la partie continue"

    answers = iter(range(300))  # enough for the first save and more; a regression ends in a failed assertion

    def answer(output: str) -> str | None:
        if said in output or next(answers, None) is None:
            return None
        return "o" if output.endswith("[O/n] ") else autoplay(output)  # French "oui" confirms

    output = io.StringIO()
    game = ConsoleGame(Terminal(ScriptedInput(output, answer), output, "fr"), session, store, registry())
    with pytest.raises(EOFError):
        game.run()
    assert output.getvalue().count(said) == 1 and "Saving failed" not in output.getvalue()
    assert store.warnings[0].startswith("Saving failed (database or disk is full)"), "the store keeps English"
    store.close()


def test_console_reports_an_unreadable_saved_match_before_a_new_one_starts(tmp_path):
    with Store.open(tmp_path) as store:
        session = new_session()
        store.attach(session)
        play(session, 3)
        store._db.execute("UPDATE matches SET header = '{\"variant\": 5}' WHERE status = 'playing'")
    store = Store.open(tmp_path)
    output = io.StringIO()
    options = PlayOptions(variant="mexican-train", players=2, humans=1, seed=4, lang="en")
    context = AppContext(plugins(), options, ScriptedInput(output, lambda _o: None), output, store=store)
    ConsoleFrontend().run(context)
    store.close()
    warning = next(line for line in output.getvalue().splitlines() if line.startswith("warning:"))
    assert "saved match 1 could not be read" in warning and "set aside" in warning


def test_an_emptied_store_is_reported_and_kept_aside_not_silently_replaced(tmp_path):
    with store_with_history(tmp_path):
        pass
    (tmp_path / DB_NAME).write_bytes(b"")
    with Store.open(tmp_path) as store:
        [warning] = store.warnings
        assert "emptied to 0 bytes" in warning and "moved to" in warning
        assert store.history() == []
    [aside] = [p for p in tmp_path.iterdir() if ".damaged-" in p.name and not p.name.endswith(("-wal", "-shm"))]
    assert aside.stat().st_size == 0


def test_a_failed_commit_reports_its_own_error_not_a_rollback_error(tmp_path):
    store = Store.open(tmp_path)
    session = new_session()
    store.attach(session)
    other = sqlite3.connect(tmp_path / DB_NAME, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the database
    store._db.execute("PRAGMA busy_timeout = 0")
    play(session, 1)
    other.rollback()
    other.close()
    [failure] = [w for w in store.warnings if w.startswith("Saving failed")]
    assert "database is locked" in failure
    store.close()


# ------------------------------------------------------------ damaged rows
HISTORY_DAMAGE = {
    "header not UTF-8": ("header", "CAST(x'7b2280ff' AS TEXT)"),
    "totals null": ("totals", "'null'"),
    "ended soon": ("ended", "'soon'"),
    "started a number": ("started", "7"),
    "seed abc": ("header", "json_set(header, '$.seed', 'abc')"),
    "seats an int": ("header", "json_set(header, '$.seats', 3)"),
    "winners an object": ("winners", "'{}'"),
    "record not packed": ("record", "CAST('text' AS TEXT)"),
    "header nested deep": ("header", "'" + "[" * 100000 + "'"),
}


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    from roundhouse.core.cli.main import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("damage", sorted(HISTORY_DAMAGE))
def test_DX_8_a_damaged_history_row_is_left_out_with_one_line_and_the_rest_loads(tmp_path, capsys, damage):
    column, value = HISTORY_DAMAGE[damage]
    with store_with_history(tmp_path) as store:
        store._db.execute(f"UPDATE matches SET {column} = {value} WHERE id = 2")
    status, out, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0
    listed = [line.split()[0] for line in out.splitlines()[1:] if line[:1] == " " or line[:1].isdigit()]
    assert listed[:2] == ["1", "3"] and "In progress: match 4" in out
    [warning] = err.strip().splitlines()
    assert warning.startswith("warning: Match 2 of the history could not be read")
    status, _, err = run_cli(capsys, "export", "2", str(tmp_path / "two.jsonl"), "--data-dir", str(tmp_path))
    assert status == 0 or (status == 1 and len(err.strip().splitlines()) == 1 and "match 2" in err)


@pytest.mark.parametrize("damage", sorted(HISTORY_DAMAGE))
def test_DX_11_in_game_log_survives_a_damaged_history_row(tmp_path, damage):
    column, value = HISTORY_DAMAGE[damage]
    store = store_with_history(tmp_path)
    store._db.execute(f"UPDATE matches SET {column} = {value} WHERE id = 2")
    output = io.StringIO()
    session = new_session(seed=5)
    store.attach(session)
    answers = iter(["history", "log 2", "history 3", ""])
    game = ConsoleGame(
        Terminal(ScriptedInput(output, lambda _o: next(answers, None)), output, "en"), session, store, registry()
    )
    with pytest.raises(EOFError):
        game.run()
    text = output.getvalue()
    assert text.count("Match 2 of the history could not be read") == 1
    assert "Match #3:" in text  # the other matches still read
    store.close()


PLAYING_DAMAGE = {
    "decision not UTF-8": "UPDATE decisions SET entry = CAST(x'80ff' AS TEXT) WHERE idx = 1",
    "decision a blob": "UPDATE decisions SET entry = x'00' WHERE idx = 0",
    "totals null": "UPDATE matches SET totals = 'null' WHERE status = 'playing'",
    "updated soon": "UPDATE matches SET updated = 'soon' WHERE status = 'playing'",
    "redo not lists": "UPDATE matches SET redo = '[1]' WHERE status = 'playing'",
    "header not UTF-8": "UPDATE matches SET header = CAST(x'ff' AS TEXT) WHERE status = 'playing'",
    "match number text": "UPDATE matches SET match_number = 'two' WHERE status = 'playing'",
}


@pytest.mark.parametrize("damage", sorted(PLAYING_DAMAGE))
def test_DX_6_a_damaged_save_is_set_aside_with_one_line_naming_it(tmp_path, capsys, damage):
    with store_with_history(tmp_path) as store:
        store._db.execute(PLAYING_DAMAGE[damage])
    status, out, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and "In progress" not in out
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["1", "2", "3"]
    [warning] = err.strip().splitlines()
    assert "The saved match 4 could not be read" in warning and "set aside" in warning
    with Store.open(tmp_path) as store:  # set aside: never offered again, kept
        assert store.saved_match() is None and store.warnings == []
        status = store._db.execute("SELECT status FROM matches WHERE id = 4").fetchone()[0]
        assert status == "unreadable"


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ("UPDATE schema_version SET version = 'abc'", "schema version 'abc' is not a whole number"),
        ("DROP TABLE decisions", "the table 'decisions' is missing"),
        ("ALTER TABLE matches DROP COLUMN note", "the column matches.note is missing"),
        ("DROP TABLE schema_version", "the table 'schema_version' is missing"),  # not "table matches already exists"
    ],
)
def test_DX_8_a_damaged_schema_is_named_and_moved_aside_in_one_line(tmp_path, capsys, damage, reason):
    with store_with_history(tmp_path) as store:
        store._db.execute(damage)
    status, out, err = run_cli(capsys, "history", "--data-dir", str(tmp_path))
    assert status == 0 and "No finished matches yet" in out
    [warning] = err.strip().splitlines()
    assert reason in warning and "moved to roundhouse.sqlite3.damaged-" in warning


# --------------------------------------------------------- byte-flip sweep
@pytest.fixture(scope="module")
def pristine_store(tmp_path_factory) -> bytes:
    """The bytes of a closed store (WAL folded in) with a history and a match in progress."""
    directory = tmp_path_factory.mktemp("pristine")
    store_with_history(directory, matches=2).close()
    return (directory / DB_NAME).read_bytes()


def read_everything(directory: Path) -> None:
    """What ``play``, ``history`` and the in-game log read; only StoreError may come out."""
    try:
        store = Store.open(directory)
    except StoreError:
        return
    with store:
        for entry in store.history():
            try:
                store.match_record(entry.id, registry())
            except StoreError:
                pass
        saved = store.saved_match()
        if saved is not None:
            try:
                store.attach(store.resume(saved, registry()))
            except StoreError:
                pass


def flip_positions(size: int) -> list[int]:
    """Every byte of the database header, then a seeded sample spread over every page."""
    rng = random.Random(17)
    return list(range(100)) + sorted(rng.sample(range(100, size), min(size - 100, 300)))


def check_damaged_copies(tmp_path: Path, copies: dict[str, bytes]) -> None:
    for name, data in copies.items():
        directory = tmp_path / name
        directory.mkdir()
        (directory / DB_NAME).write_bytes(data)
        try:
            read_everything(directory)
        except Exception as error:  # noqa: BLE001 - the failure message names the damage
            pytest.fail(f"{name}: {type(error).__name__}: {error}")


def test_byte_flips_anywhere_in_a_store_never_crash_play_history_or_the_log(tmp_path, pristine_store):
    copies = {}
    for position in flip_positions(len(pristine_store)):
        damaged = bytearray(pristine_store)
        damaged[position] ^= 0xFF if position % 2 else 0x01
        copies[f"flip-{position}"] = bytes(damaged)
    check_damaged_copies(tmp_path, copies)


def test_a_store_cut_short_anywhere_never_crashes_play_history_or_the_log(tmp_path, pristine_store):
    cuts = range(0, len(pristine_store), 1021)
    check_damaged_copies(tmp_path, {f"cut-{size}": pristine_store[:size] for size in cuts})


# ------------------------------------------------------- WAL files deleted
WAL_VICTIM = """
import sys
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.store import Store

registry = get_plugin_manager(load_entry_points=False).registry
store = Store.open(sys.argv[1])
session = make_session(registry, "mexican-train", [Seat("Ana", "random"), Seat("Bo", "random")], 7)
store.attach(session)
for _ in range(5):
    session.step()
print("ready", flush=True)
sys.stdin.readline()
for _ in range(5):
    session.step()
print("moved", len(session.log), flush=True)
sys.stdin.readline()
"""


def test_deleting_the_wal_files_mid_game_then_a_kill_keeps_the_match(tmp_path):
    child = python_child(WAL_VICTIM, str(tmp_path))
    try:
        assert child.stdout.readline().strip() == "ready"
        for suffix in ("-wal", "-shm"):
            (tmp_path / (DB_NAME + suffix)).unlink()
        child.stdin.write("\n")
        child.stdin.flush()
        moved = child.stdout.readline().split()
        assert moved[0] == "moved"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
    with Store.open(tmp_path) as store:
        saved = store.saved_match()
        assert saved is not None and len(saved.log) == int(moved[1])
