"""Shortcuts and the right click follow the windowing system (DX.2, DX.6, DX.10), on the real window under Xvfb.

On macOS (Tk's ``aqua``) the shortcuts use Command and show ``Cmd+``, the
right button reports ``<Button-2>`` and Control-click acts as it. The Aqua
tests open the real window with Tk's windowing system read as ``aqua``,
then check the bindings Tk holds, the menus' accelerators, and that events
generated on those bindings run their commands; the last test checks that
on X11 every binding is as it always was.
"""

from __future__ import annotations

import pytest
from gui_helpers import REGISTRY, centre_of, close_window, fresh_window, key, pump, seats, start
from tk_scenes import late_round

from roundhouse.core.game.actions import Play
from roundhouse.core.play.setup import make_session
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.tk import commands

pytestmark = pytest.mark.gui

ENGLISH = ui_catalog("en")

MODIFIED = {"new": "n", "restart": "r", "undo": "z", "redo": "y", "quit": "q", "log": "l"}
"""The commands whose shortcut carries the platform's modifier, and their keys."""


@pytest.fixture
def aqua_window(xvfb_display, tmp_path, monkeypatch):
    """A fresh window that reads Tk's windowing system as ``aqua`` (macOS)."""
    monkeypatch.setattr(commands, "windowing_system", lambda widget: "aqua")
    app = fresh_window(tmp_path, monkeypatch)
    yield app
    close_window(app.root)


def accelerators(app) -> dict[tuple[str, str], str]:
    """Each command entry's accelerator, by (menu label, entry label)."""
    bar = app.menubar
    found = {}
    for index in range(bar.index("end") + 1):
        menu = bar.nametowidget(bar.entrycget(index, "menu"))
        for entry in range(menu.index("end") + 1):
            if menu.type(entry) == "command":
                label = (bar.entrycget(index, "label"), menu.entrycget(entry, "label"))
                found[label] = menu.entrycget(entry, "accelerator")
    return found


def expected_accelerators(modifier: str) -> dict[tuple[str, str], str]:
    t = ENGLISH.t
    game, view, help_menu = t("tk.menu.game"), t("tk.menu.view"), t("tk.menu.help")
    return {
        (game, t("tk.menu.new")): f"{modifier}+N",
        (game, t("tk.menu.restart")): f"{modifier}+R",
        (game, t("tk.menu.undo")): f"{modifier}+Z",
        (game, t("tk.menu.redo")): f"{modifier}+Y",
        (game, t("tk.menu.hint")): "H",
        (game, t("tk_flow_menu_skip")): "S",
        (game, t("tk.menu.quit")): f"{modifier}+Q",
        (view, t("tk.menu.rules")): "F1",
        (view, t("tk.menu.log")): f"{modifier}+L",
        (help_menu, t("tk.menu.rules")): "F1",
        (help_menu, t("tk.menu.keys")): "",
    }


def selected_preview(app):
    """A late-round table with a tile selected and previewed on one of its places; (session, action)."""
    session = start(app, late_round(REGISTRY.registry, 4, 40))
    action = next(a for a in session.legal_actions() if isinstance(a, Play))
    app.click_hand(str(action.tile))  # a tile with a single place is previewed there at once (issue 24)
    if session.preview_pending is None:
        app.click_target(action.line)
    assert session.preview_pending is not None and session.preview_pending.action == action
    return session, action


def test_DX_10_on_aqua_shortcuts_are_bound_with_command_and_not_control(aqua_window):
    root = aqua_window.root
    for name, letter in MODIFIED.items():
        assert root.bind(f"<Command-{letter}>"), f"Command-{letter} runs {name}"
        assert not root.bind(f"<Control-{letter}>"), f"Control-{letter} is left to the system"
    assert all(root.bind(sequence) for sequence in ("h", "H", "<F1>")), "keys without a modifier stay"


def test_DX_10_on_aqua_the_menus_and_the_keyboard_help_show_cmd(aqua_window):
    app = aqua_window
    assert accelerators(app) == expected_accelerators("Cmd")
    app.show_keys()
    rows = dict((does, keys) for keys, does in app.keys_panel.rows)
    assert rows[ENGLISH.t("tk.keys.do.undo")] == "Cmd+Z" and rows[ENGLISH.t("tk.keys.do.quit")] == "Cmd+Q"
    assert rows[ENGLISH.t("tk.keys.do.hand")] == "← →" and rows[ENGLISH.t("tk.keys.do.rules")] == "F1"
    app.keys_panel.close()


def test_DX_10_on_aqua_command_keys_open_the_log_and_a_new_match(aqua_window):
    app = aqua_window
    start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 31))
    key(app, "<Control-l>")
    assert app.log_panel is None, "Control-L is not the log's key on macOS"
    key(app, "<Command-l>")
    assert app.log_panel is not None and app.log_panel.open
    app.log_panel.close()
    key(app, "<Command-n>")
    assert app.setup_dialog is not None and app.setup_dialog.open
    app.setup_dialog.cancel()


def test_DX_6_on_aqua_command_z_undoes_and_command_y_redoes(aqua_window):
    app = aqua_window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "random", "random"), 31))
    app.preview_action(session.legal_actions()[0])
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move, 20)
    done = list(session.log)
    key(app, "<Control-z>")
    assert session.log == done, "Control-Z does not undo on macOS"
    key(app, "<Command-z>")
    assert len(session.log) < len(done) and session.human_to_move
    key(app, "<Command-y>")
    assert session.log == done


def restart_notice(app, sequence: str) -> str:
    """The status detail once ``sequence`` has restarted the round after one decision."""
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy"), 6))
    app.preview_action(session.legal_actions()[0])
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move, 20)
    key(app, sequence)
    return app.detail.cget("text")


def test_DX_6_on_aqua_the_restart_notice_names_cmd_z(aqua_window):
    assert "Undo (Cmd+Z)" in restart_notice(aqua_window, "<Command-r>")


def test_DX_2_on_aqua_the_right_button_is_button_2_and_control_click_acts_as_it(aqua_window):
    app = aqua_window
    for canvas in (app.table, app.hand):
        assert all(canvas.bind(s) for s in ("<Button-2>", "<Control-Button-1>", "<Control-Double-Button-1>"))
        assert not canvas.bind("<Button-3>"), "Button-3 is the middle button on macOS"
    session, action = selected_preview(app)
    x, y = centre_of(app.table, "ghost")
    app.table.event_generate("<Button-2>", x=x, y=y)
    pump(app.root)
    assert session.preview_pending is None, "the right button cancels the preview"
    assert app.presenter.selected == action.tile, "the tile stays chosen"
    app.click_target(action.line)
    assert session.preview_pending is not None
    app.hand.update_idletasks()
    x, y = centre_of(app.hand, f"hand:{action.tile}")
    app.hand.event_generate("<Control-Button-1>", x=x, y=y)
    pump(app.root)
    assert session.preview_pending is None, "Control-click cancels the preview like the right button"
    assert app.presenter.selected == action.tile
    app.hand.event_generate("<Control-Button-1>", x=x, y=y)
    pump(app.root)
    assert app.presenter.selected is None, (
        "a second Control-click drops the choice: neither it nor the pair is a left click"
    )
    assert session.preview_pending is None


def test_DX_10_on_x11_shortcuts_menus_and_right_click_are_unchanged(window):
    app = window
    assert commands.windowing_system(app.root) == "x11", "Xvfb is an X11 display"
    modified = {f"<Control-Key-{letter}>" for letter in MODIFIED.values()}
    selectors = {"<Key-Down>", "<Key-Escape>", "<Key-KP_Enter>", "<Key-Left>", "<Key-Return>", "<Key-Right>"}
    selectors |= {"<Key-Up>", "<Key-space>", "d", "e"}
    assert set(app.root.bind()) == {"<Configure>", "<Key-F1>", "h", "H", "s", "S", *modified, *selectors}
    assert set(app.table.bind()) == {
        "<Button-1>",
        "<Button-3>",
        "<Button-4>",
        "<Button-5>",
        "<Configure>",
        "<MouseWheel>",
    }
    assert set(app.hand.bind()) == {
        "<Button-1>",
        "<Double-Button-1>",
        "<B1-Motion>",
        "<ButtonRelease-1>",
        "<Button-3>",
        "<Configure>",
    }
    assert accelerators(app) == expected_accelerators("Ctrl")
    session, _action = selected_preview(app)
    x, y = centre_of(app.table, "ghost")
    app.table.event_generate("<Button-2>", x=x, y=y)
    pump(app.root)
    assert session.preview_pending is not None, "the middle button does nothing on X11"
    app.table.event_generate("<Button-3>", x=x, y=y)
    pump(app.root)
    assert session.preview_pending is None
    assert "Undo (Ctrl+Z)" in restart_notice(app, "<Control-r>")
