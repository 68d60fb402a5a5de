"""The window's log is complete (DX.11, MT.11a, MT.12): owed doubles and a human's extra play, in place.

The sentences are the ones the console uses (``roundhouse.frontends.common.event_sentences``),
filed by ``roundhouse.frontends.common.log_notes.LogNotes`` as the match goes on and shown in
the real log panel after the event they follow.
"""

from __future__ import annotations

import re

import pytest
from gui_helpers import REGISTRY, pump, seats
from tk_scenes import first_play, play_until

from roundhouse.core.game.actions import Play
from roundhouse.core.play.setup import make_session

pytestmark = pytest.mark.gui


def doubles_first(legal):
    """The human lays a double when one fits (so an extra play comes), else plays as usual."""
    return next((a for a in legal if isinstance(a, Play) and a.tile.a == a.tile.b), None) or first_play(legal)


def test_DX_11_MT_12_MT_11a_window_log_tells_owed_doubles_and_a_humans_extra_play(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random", "random"), 11)
    app.set_session(session)

    def told_all(_session) -> bool:
        notes = app.log_notes.filed()
        return all(any(words in note for note in notes) for words in ("is now owed", "is covered.", "plays again"))

    assert play_until(session, told_all, choose=doubles_first, across_rounds=True), "seed 11 shows all three"
    app.after_change()
    pump(app.root)
    app.open_log()
    pump(app.root)
    lines = app.log_panel.text.get("1.0", "end").splitlines()
    notes = app.log_notes.filed()
    for note in notes:
        assert note in lines, f"{note!r} is not in the log"
    extra = next(note for note in notes if "plays again" in note)
    assert extra.startswith("Ana played a double")
    event_before = [line for line in lines[: lines.index(extra)] if line not in notes][-1]
    assert re.match(r"Ana plays (\d+)-\1 on ", event_before), event_before
    owed = next(note for note in notes if "is now owed" in note)
    tile = owed.split()[0]
    played = [i for i, line in enumerate(lines) if f"plays {tile} on " in line]
    assert played and played[0] < lines.index(owed), "an owed double is told after it is laid"
    app.log_panel.close()
