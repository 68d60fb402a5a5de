"""The real Tk window when saving fails (issue 17): the failure is shown as it happens, once, and play goes on."""

from __future__ import annotations

import pytest
from gui_helpers import close_window, pump, xvfb_display  # noqa: F401 - the fixture is used by name
from test_store_faults import fill_disk

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.frontends.tk import settings as tk_settings

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()


def test_DX_6_window_shows_a_full_disk_once_with_its_cause_and_the_computer_plays_on(
    xvfb_display,  # noqa: F811 - pytest fixture injection
    tmp_path,
    monkeypatch,
):
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANGUAGE", "en")
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    shown: list[str] = []
    monkeypatch.setattr(
        "roundhouse.frontends.tk.startup.messagebox.showwarning", lambda title, text, parent: shown.append(text)
    )
    store = Store.open(tmp_path / "data")
    root = make_root("arc")
    app = TkApp(root, REGISTRY, PlayOptions(), store, tk_settings.Settings(theme="arc", speed="instant"))
    try:
        session = make_session(REGISTRY.registry, "mexican-train", [Seat("Cy", "random"), Seat("Di", "random")], 4)
        app.set_session(session)
        fill_disk(store)

        def played_until(done) -> bool:
            if app._screen is not None:  # the end-of-round screen: close it, as a player would
                app._screen.close()
            return done()

        assert pump(root, lambda: played_until(lambda: bool(shown)), 60), "no warning on a full disk"
        decisions = len(session.log)
        assert pump(root, lambda: played_until(lambda: len(session.log) > decisions + 30 or session.is_over), 60)
        assert len(shown) == 1 and "Saving failed (database or disk is full)" in shown[0]
    finally:
        close_window(root)
        store.close()
