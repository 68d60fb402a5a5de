"""Hot seat in the real window (DX.3, DX.6): undo asks the other human, the hand-off tells what happened.

Two humans (Ana, Bo) and a computer (Cy) share the window; the tests press
the window's own keys and buttons and answer Tk's message box as a player would.
"""

from __future__ import annotations

import pytest
from gui_helpers import REGISTRY, answer_message_box, key, pump, seats, start

from roundhouse.core.game.actions import EndTurn, PlaceEngine, Play
from roundhouse.core.play.setup import make_session

pytestmark = pytest.mark.gui


def hot_seat(app):
    """A Mexican Train table of Ana and Bo (humans) and Cy (computer), at Ana's hand-off."""
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, None, "random"), 23))
    assert pump(app.root, app.handoff_visible, 10) and "Ana" in app.handoff.label.cget("text")
    return session


def finish_turn(app, session) -> None:
    """The human to move ends their turn: a tile if one fits, then End turn when offered, else draw or pass."""
    seat = session.pending_seat
    while session.pending_seat == seat and not session.is_over:
        legal = session.legal_actions()
        chosen = next((a for a in legal if isinstance(a, EndTurn)), None)
        chosen = chosen or next((a for a in legal if isinstance(a, (Play, PlaceEngine))), legal[0])
        session.decide(chosen)
    app.after_change()


def at_bos_hand_off(app):
    """Ana takes the device and ends her first turn; the window then covers the table for Bo."""
    session = hot_seat(app)
    key(app, "<Return>")
    finish_turn(app, session)
    assert pump(app.root, lambda: app.handoff_visible() and session.pending_seat == 2, 10)
    return session


def test_DX_3_hand_off_tells_the_incoming_human_the_other_humans_moves(window):
    app = window
    session = at_bos_hand_off(app)
    cover = app.handoff.summary.cget("text")
    assert "Since your last turn" in cover and "\n  Ana: " in cover, cover
    words = set(cover.replace(",", " ").split())
    for seat in (1, 2):
        assert not words & {str(tile) for tile in session.view(seat).hand}, "no tile in a hand is named"
    key(app, "<Return>")
    feed = [app.table.itemcget(i, "text") for i in app.table.find_withtag("feed-line")]
    assert any(line.startswith("Ana: ") for line in feed), "the table's feed names the other human's moves too"
    finish_turn(app, session)
    assert pump(app.root, lambda: app.handoff_visible() and session.pending_seat == 1, 20)
    cover = app.handoff.summary.cget("text")
    assert "\n  Bo: " in cover and "\n  Cy: " in cover, "back at Ana: Bo's and the computer's moves"


def test_DX_6_DX_3_undo_of_the_other_humans_decision_asks_them_first(window):
    app = window
    session = at_bos_hand_off(app)
    key(app, "<Return>")
    assert session.undo_owner() == 1
    decisions = len(session.log)
    asked: list[str] = []
    answer_message_box(app.root, "no", asked)
    key(app, "<Control-z>")
    assert asked == ["Undo would take back Ana's decision, not yours. Ana, do you agree?"]
    assert len(session.log) == decisions and session.pending_seat == 2, "refused: nothing is taken back"
    assert app.detail.cget("text") == "Nothing was taken back: Ana did not agree."
    answer_message_box(app.root, "yes", asked)
    key(app, "<Control-z>")
    assert len(asked) == 2 and len(session.log) < decisions
    assert session.pending_seat == 1 and app.handoff_visible(), "Ana's turn again, behind the cover"
    told = "Ana's last decision and the computer moves after it were taken back."
    assert app.handoff.summary.cget("text").startswith(told)
    key(app, "<Return>")
    assert app.detail.cget("text") == told


def test_DX_6_undo_of_ones_own_decision_is_not_asked(window):
    app = window
    session = hot_seat(app)
    key(app, "<Return>")
    before = list(session.log)
    session.decide(next(a for a in session.legal_actions() if isinstance(a, (Play, PlaceEngine))))
    app.after_change()
    assert session.pending_seat == 1 and session.undo_owner() == 1
    asked: list[str] = []
    answer_message_box(app.root, "yes", asked)
    key(app, "<Control-z>")
    pump(app.root, limit=0.3)
    assert asked == [] and session.log == before, "one's own decision goes back without a question"
    assert not app.handoff_visible(), "Ana still holds the device"
