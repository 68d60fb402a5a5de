"""Crash safety of the save store with real processes: SIGKILL mid-match, two instances at once."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from roundhouse.core.play.session import LogEntry
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import DB_NAME, Store, StoreBusy

PLAYER = textwrap.dedent(
    """
    import random, sys
    from pathlib import Path
    from roundhouse.core.plugins.manager import get_plugin_manager
    from roundhouse.core.play.setup import default_seats, make_session
    from roundhouse.core.store import Store

    registry = get_plugin_manager().registry
    store = Store.open(Path(sys.argv[1]))
    session = make_session(registry, "mexican-train", default_seats(1, 3, "random"), seed=int(sys.argv[2]))
    store.attach(session)
    print("ready", flush=True)
    while True:  # plays until killed
        if session.is_over:
            session.new_match()
        elif session.bot_to_move:
            session.step()
        else:
            session.decide(random.Random(len(session.log)).choice(session.legal_actions()))
        print(session.match_number, len(session.log), flush=True)
    """
)


def start_player(tmp_path: Path, data_dir: Path, seed: int) -> subprocess.Popen:
    script = tmp_path / "player.py"
    script.write_text(PLAYER)
    process = subprocess.Popen(
        [sys.executable, str(script), str(data_dir), str(seed)], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout.readline().strip() == "ready"
    return process


def reference(registry, seed: int, match_number: int, length: int):
    """The same deterministic play as the child, in this process, up to the saved position."""
    session = make_session(registry, "mexican-train", default_seats(1, 3, "random"), seed=seed)
    while (session.match_number, len(session.log)) != (match_number, length):
        if session.is_over:
            session.new_match()
        elif session.bot_to_move:
            session.step()
        else:
            session.decide(random.Random(len(session.log)).choice(session.legal_actions()))
    return session


@pytest.mark.parametrize("decisions", [7, 240])
def test_sigkill_mid_match_loses_at_most_the_decision_in_progress(tmp_path, decisions):
    registry = get_plugin_manager().registry
    data_dir = tmp_path / "data"
    process = start_player(tmp_path, data_dir, seed=17)
    reported = (1, 0)
    for _ in range(decisions):
        match_number, length = map(int, process.stdout.readline().split())
        reported = (match_number, length)
    os.kill(process.pid, signal.SIGKILL)  # the child keeps playing until this lands, at any point of a save
    process.wait()
    process.stdout.close()
    with Store.open(data_dir) as store:
        assert store.warnings == []
        saved = store.saved_match()
        assert (saved.match_number, len(saved.log)) >= reported  # nothing confirmed and reported was lost
        resumed = store.resume(saved, registry)
    expected = reference(registry, 17, saved.match_number, len(saved.log))
    assert resumed.log == expected.log
    assert resumed.state.snapshot() == expected.state.snapshot()
    assert resumed.record.lines() == expected.record.lines()
    check = sqlite3.connect(data_dir / DB_NAME)
    assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def test_two_processes_at_once_never_corrupt_the_store(tmp_path):
    registry = get_plugin_manager().registry
    data_dir = tmp_path / "data"
    process = start_player(tmp_path, data_dir, seed=23)
    try:
        process.stdout.readline()
        with pytest.raises(StoreBusy, match="already running with the data directory"):
            Store.open(data_dir)  # a second player is refused clearly
        for _ in range(10):  # a reader (``roundhouse history``) works while the player writes
            for _ in range(5):
                process.stdout.readline()
            with Store.open(data_dir, exclusive=False) as reader:
                saved = reader.saved_match()
                assert saved is not None and reader.warnings == []
                assert [LogEntry.from_text(text).to_text() for text in saved.log] == list(saved.log)
                assert reader.history() == [] or all(h.status == "finished" for h in reader.history())
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        process.stdout.close()
    with Store.open(data_dir) as store:  # the dead process's lock is gone; its last save replays
        assert store.warnings == []
        saved = store.saved_match()
        resumed = store.resume(saved, registry)
        assert [e.to_text() for e in resumed.log] == list(saved.log)
    check = sqlite3.connect(data_dir / DB_NAME)
    assert check.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
