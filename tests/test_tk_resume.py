"""The window's resume question (DX.11, issue 16): it names the saved match, No keeps it paused.

A real save store in a temporary folder holds one unfinished match; the real
window asks about it in Tk's own message box, which the tests answer by
pressing its buttons once it is on the screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import REGISTRY, answer_message_box, pump, seats

from roundhouse.core.game.actions import PlaceEngine, Play
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.store import PAUSED, Store

pytestmark = pytest.mark.gui


def store_with_unfinished_match(directory: Path) -> list[str]:
    """Save a Mexican Train match (Ana, a human, against Bo, a computer) after Ana's first decision; its log."""
    with Store.open(directory) as store:
        session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 41)
        store.attach(session)
        session.run_bots()
        legal = session.legal_actions()
        session.decide(next((a for a in legal if isinstance(a, (Play, PlaceEngine))), legal[0]))
        session.run_bots()
        return [entry.to_text() for entry in session.log]


def statuses(directory: Path) -> dict[int, str]:
    with Store.open(directory, exclusive=False) as store:
        return {entry.id: entry.status for entry in store.history()}


def test_DX_11_resume_question_names_the_match_and_no_keeps_it_paused(window, tmp_path):
    app = window
    store_with_unfinished_match(tmp_path / "data")
    app.store = Store.open(tmp_path / "data")
    asked: list[str] = []
    answer_message_box(app.root, "no", asked)
    app.start()
    assert len(asked) == 1
    question = asked[0]
    for part in ("#1", "Mexican Train", "Ana, Bo", "Round 1 of 13", "roundhouse play --resume 1"):
        assert part in question, f"{part!r} missing from {question!r}"
    assert app.session is None and app.setup_dialog is not None, "declining opens the new-match screen"
    assert app.store.history()[0].status == PAUSED, "declining keeps the match, paused, never abandoned"
    app.store.close()


def test_DX_11_yes_resumes_the_same_match_in_the_window(window, tmp_path):
    app = window
    log = store_with_unfinished_match(tmp_path / "data")
    app.store = Store.open(tmp_path / "data")
    answer_message_box(app.root, "yes", [])
    app.start()
    assert [entry.to_text() for entry in app.session.log] == log
    assert pump(app.root, lambda: app.session.human_to_move, 10)
    assert app.store.saved_match().id == 1, "the match is in play again"
    app.store.close()


def test_DX_11_play_resume_id_takes_up_a_paused_match_without_asking(window, tmp_path):
    app = window
    log = store_with_unfinished_match(tmp_path / "data")
    with Store.open(tmp_path / "data") as store:
        store.pause(1)
    app.store = Store.open(tmp_path / "data")
    app.options = PlayOptions(resume=1)
    app.start()
    assert [entry.to_text() for entry in app.session.log] == log, "no question: --resume names the match"
    assert app.store.saved_match().id == 1, "the match is in play again"
    app.store.close()


def test_DX_11_other_table_on_the_command_line_keeps_the_saved_match_and_the_log_calls_it_paused(window, tmp_path):
    app = window
    store_with_unfinished_match(tmp_path / "data")
    app.store = Store.open(tmp_path / "data")
    app.options = PlayOptions(variant="double-nine-branch", players=3, humans=1, bot="random", seed=5)
    told: list[str] = []
    answer_message_box(app.root, "ok", told)
    app.start()
    assert len(told) == 1 and "#1: Mexican Train" in told[0] and "--resume 1" in told[0]
    assert app.session.variant.id == "double-nine-branch" and len(app.session.seats) == 3
    app.open_log()
    labels = app.log_panel.selector.cget("values")
    paused = [label for label in labels if label.startswith("#1 ")]
    assert paused and "paused" in paused[0] and "abandoned" not in paused[0]
    app.log_panel.close()
    app.store.close()
