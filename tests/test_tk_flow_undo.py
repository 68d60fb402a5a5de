"""DX.6 with hidden information: undo never goes back past a round end whose hands were shown (issue 24, point 9).

The rule lives in the session, so the console and the window obey it alike;
each says why nothing was taken back, the window's rules text (F1) states
it, and a redo that brings a round end back shows its round summary.
"""

from __future__ import annotations

import pytest
from console_helpers import run_console_once
from gui_helpers import key, pump, start, window  # noqa: F401 - the window fixture
from mt_helpers import quick_round, session

from roundhouse.core.game.actions import IllegalAction
from roundhouse.core.play.session import Session
from roundhouse.frontends.tk.dialogs import RoundEndDialog


def past_round_one() -> Session:
    """Two players (seat 1 human); round 1 ends after the first turns, round 2 waits for seat 1's engine."""
    s = session(2, [quick_round(2, 12), quick_round(2, 11), quick_round(2, 10)])
    while not any(e.type == "round_end" for e in s.record.events):
        if s.bot_to_move:
            s.step()
        else:
            s.decide(s.legal_actions()[0])
    assert s.human_to_move and s.view(1).round == 2
    return s


def test_DX_6_session_undo_stops_at_a_revealed_round_end():
    s = past_round_one()
    log = list(s.log)
    assert not s.can_undo and s.undo_sealed_by == 1 and s.undo_owner() is None
    with pytest.raises(IllegalAction) as refused:
        s.undo()
    assert "end of round 1" in refused.value.reason
    assert s.log == log
    s.decide(s.legal_actions()[0])  # a decision of round 2 is undone as before
    assert s.can_undo and s.undo_sealed_by is None
    s.undo()
    assert s.log == log and s.undo_sealed_by == 1


def test_DX_6_console_undo_after_the_reveal_says_why():
    s = past_round_one()
    log = list(s.log)
    output = run_console_once(s, ["undo"])
    assert "Not allowed: undo cannot go back past the end of round 1" in output
    assert s.log == log


def test_DX_6_window_undo_after_the_reveal_says_why(window):  # noqa: F811
    s = start(window, past_round_one())
    log = list(s.log)
    assert not window.buttons["undo"].instate(["disabled"]), "Undo answers, to say why"
    window.buttons["undo"].invoke()
    pump(window.root)
    assert s.log == log, "nothing was taken back"
    assert "Undo cannot go back past the end of round 1" in window.status.cget("text") + window.detail.cget("text")
    key(window, "<Control-z>")
    assert s.log == log


def test_DX_6_rules_text_states_undo_stops_at_a_round_end(window):  # noqa: F811
    start(window, past_round_one())
    key(window, "<F1>")
    assert pump(window.root, lambda: window.rules_panel is not None and window.rules_panel.open)
    text = " ".join(window.rules_panel.text.get("1.0", "end").split())
    assert "Undo never goes back past the end of a round" in text
    assert "Redo never skips a round's summary" in text


def test_DX_6_redo_that_brings_a_round_end_back_shows_its_summary(window):  # noqa: F811
    """A save from before this rule may hold a redo across a round end: redoing it shows the round screen."""
    played = past_round_one()
    last_human = max(i for i, entry in enumerate(played.log) if entry.seat == 1)
    s = session(2, [quick_round(2, 12), quick_round(2, 11), quick_round(2, 10)])
    s.replay(played.log[:last_human], redo=[played.log[last_human:]])
    start(window, s)
    assert window.screen is None and s.can_redo
    key(window, "<Control-y>")
    assert pump(window.root, lambda: isinstance(window.screen, RoundEndDialog), 5), "the round summary is shown"
    assert s.log == played.log
