"""The console's smaller findings (issue 26, point 6): each tested once, through the console as a player uses it."""

from __future__ import annotations

import sys
from pathlib import Path

from console_helpers import app, plugins, script
from test_console_pty import PtyProcess, environment

from roundhouse.core.play.difficulty import LEVEL_BOTS, level_about
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.store import Store
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.console import ConsoleFrontend


def test_each_computer_level_is_described_once_for_the_whole_table(monkeypatch):
    """Setting up four seats used to print the list of levels and their descriptions before every seat."""
    monkeypatch.setenv("LANGUAGE", "en")
    answers = ["en", "2", "4", "", "Ana", "hard", "", "easy", "", "medium", "", "", "quit"]
    context, output = app(script(answers), PlayOptions())
    assert ConsoleFrontend().run(context) == 0
    text = output.getvalue()
    for level in LEVEL_BOTS:
        assert text.count(f"  {level}: {level_about(ui_catalog('en'), level)}") == 1, level
    assert all(f"Seat {seat}: " in text for seat in range(1, 5)), "every seat was asked for"


def test_a_match_set_up_in_portuguese_and_resumed_in_english_names_its_default_seats_in_english(tmp_path):
    """Default names follow the language ("Player 1, Computer 2"); a name a player chose stays as it is."""
    registry = plugins().registry
    seats = [Seat("Jogador 1"), Seat("Computador 2", "random"), Seat("Zé", "random")]
    with Store.open(tmp_path) as store:
        session = make_session(registry, "mexican-train", seats, 4)
        store.attach(session)
        session.run_bots()
        session.decide(session.legal_actions()[0])
    with Store.open(tmp_path) as store:
        context, output = app(script(["quit"]), PlayOptions(lang="en", resume=1), store)
        assert ConsoleFrontend().run(context) == 0
    text = output.getvalue()
    assert "Player 1, your move" in text and "Computer 2" in text and "Zé" in text
    assert "Jogador" not in text and "Computador" not in text
    with Store.open(tmp_path) as store:
        assert [seat.name for seat in store.saved_match().seats] == ["Player 1", "Computer 2", "Zé"]


def _match_in_progress_with_an_owed_double(directory: Path) -> None:
    """A data directory whose match in progress has had a double left owed (MT.12)."""
    registry = plugins().registry
    with Store.open(directory) as store:
        session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random"), Seat("Cy", "random")], 2)
        store.attach(session)
        session.run_bots()
        while not (session.view(None).owed and len(session.log) > 30):
            session.decide(session.legal_actions()[0])
            session.run_bots()


def test_MT_12_history_of_the_match_in_progress_is_shown_paged_with_its_owed_doubles(tmp_path):
    """``roundhouse history ID`` of the match in progress used to say there is no such match."""
    _match_in_progress_with_an_owed_double(tmp_path)
    env = {**environment(tmp_path), "LINES": "12", "COLUMNS": "200"}
    child = PtyProcess([sys.executable, "-m", "roundhouse", "history", "1"], env)
    pages = 0
    try:
        while True:
            try:
                child.expect("-- more (")
            except AssertionError:  # the last page was shown and the command ended
                break
            pages += 1
            child.send("")
        assert child.process.wait(30) == 0
    finally:
        child.wait()
    text = child.seen
    title = text.splitlines()[0]
    assert title.startswith("Match #1: Mexican Train,") and "(in progress: 'roundhouse play' resumes it)" in title
    assert pages >= 2 and "Ana plays" in text
    assert "2-2 on Cy's train is now owed: it must be covered before other plays." in text
