"""The Tk window's View menu setting for hints from the expert (DX.2), driven under Xvfb."""

from __future__ import annotations

from gui_helpers import ask_hint, close_window, key, seats, start

from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.tk import settings as tk_settings

REGISTRY = get_plugin_manager()

ENGLISH = ui_catalog("en")


def _view_menu(app):
    """The View menu of the window's menu bar."""
    bar = app.menubar
    index = next(i for i in range(bar.index("end") + 1) if bar.entrycget(i, "label") == ENGLISH.t("tk.menu.view"))
    return bar.nametowidget(bar.entrycget(index, "menu"))


def test_DX_2_view_menu_turns_expert_hints_on_and_off(window):  # noqa: F811 - pytest fixture injection
    app = window
    expert = REGISTRY.registry.bot("expert")
    for seed in range(40, 60):  # a position where the two hint strategies are told apart
        session = start(
            app, make_session(REGISTRY.registry, "double-nine-branch", seats(None, "random", "random"), seed)
        )
        if len(session.legal_actions()) > 1 and session.hint().action != session.hint(expert).action:
            break
    else:
        raise AssertionError("no seed gave a position where the planner and the expert hint differently")
    view = session.view(session.pending_seat)
    menu = _view_menu(app)
    entry = next(
        i
        for i in range(menu.index("end") + 1)
        if menu.type(i) == "checkbutton" and menu.entrycget(i, "label") == ENGLISH.t("expert.hint_setting")
    )
    assert not app.expert_hints_var.get(), "the quick planner is the default"
    ask_hint(app)
    planned = session.preview_pending.action
    key(app, "<Escape>")
    menu.invoke(entry)
    assert app.expert_hints_var.get()
    ask_hint(app)
    assert session.preview_pending.hint
    expert_choice = session.preview_pending.action
    key(app, "<Escape>")
    assert expert_choice == session.hint(expert).action
    assert planned == session.hint().action != expert_choice
    assert session.view(session.pending_seat) == view
    assert tk_settings.load().hints == "expert", "the choice is remembered for the next run"
    session.cancel()
    menu.invoke(entry)
    assert not app.expert_hints_var.get() and tk_settings.load().hints == "quick"


def test_DX_2_the_window_starts_with_the_remembered_hint_strategy(xvfb_display, tmp_path, monkeypatch):
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    tk_settings.save(tk_settings.Settings(speed="instant", hints="expert"))
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    root = make_root("felt")
    try:
        app = TkApp(root, REGISTRY, PlayOptions(), None, tk_settings.load())
        root.update()
        assert app.expert_hints_var.get() and app.settings.hints == "expert"
    finally:
        close_window(root)
