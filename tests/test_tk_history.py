"""The Tk log panel shows earlier matches of the save store (DX.11), the computer waiting (DX.5)."""

from __future__ import annotations

import pytest
from gui_helpers import close_window, pump, xvfb_display  # noqa: F401 - the fixture is used by name
from history_helpers import hidden_draws, store_with_finished_match

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk import settings as tk_settings

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()


@pytest.fixture
def window(xvfb_display, tmp_path, monkeypatch):  # noqa: F811 - pytest fixture injection
    """A window saving into a store that already holds one finished match."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANGUAGE", "en")
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    store, entry = store_with_finished_match(REGISTRY.registry, tmp_path / "data")
    root = make_root("arc")
    app = TkApp(root, REGISTRY, PlayOptions(), store, tk_settings.Settings(theme="arc", speed="fast"))
    root.update()
    yield app, store, entry
    close_window(root)
    store.close()


def bot_first_session():
    """A seeded match whose computer seat moves first (so a waiting computer shows)."""
    table = [Seat("Cy", "random"), Seat("Di")]
    seed = next(s for s in range(100) if make_session(REGISTRY.registry, "mexican-train", table, s).bot_to_move)
    return make_session(REGISTRY.registry, "mexican-train", table, seed)


def test_DX_11_DX_5_log_panel_lists_and_shows_a_saved_match_while_the_computer_waits(window):
    app, store, entry = window
    session = bot_first_session()
    app.set_session(session)
    app.open_log()
    panel = app.log_panel
    assert panel is not None and panel.open
    choices = list(panel.selector.cget("values"))
    winner = entry.seats[entry.winners[0] - 1].name
    assert choices[0] == "This match"
    past = [c for c in choices if c.startswith(f"#{entry.id} · ")]
    assert len(past) == 1 and "Mexican Train" in past[0] and past[0].endswith(f"won by {winner}")
    assert str(panel.selector.cget("state")) == "readonly"

    panel.choose(choices.index(past[0]))
    pump(app.root, lambda: False, 0.6)
    text = panel.text.get("1.0", "end")
    assert f"Match #{entry.id}: Mexican Train" in text
    assert "Round 1: tiles dealt (Ana 15, Bo 15)" in text and "Your hand:" not in text
    assert f"The match is over. The winner is {winner}." in text
    draws = hidden_draws(store, entry)
    assert draws and text.count(" draws a tile") == len(draws)
    for line in draws:
        assert f"draws {line['tile']}" not in text
    assert session.log == [] and session.paused, "the computer waits while the log is open"

    panel.choose(0)
    assert "Match 1 (seed" in panel.text.get("1.0", "end")
    panel.close()
    assert pump(app.root, lambda: len(session.log) > 0, 20), "the computer plays once the log is closed"
    assert not session.paused
