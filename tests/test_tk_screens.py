"""The window's own screens under Xvfb: welcome/setup, round and match ends, themes, keys, rules (issue 14).

Screen-size tests run the real window on virtual screens of 1024x600 and
1920x1080 and check that every button of a screen lies inside the screen.
"""

from __future__ import annotations

import re

import pytest
from gui_helpers import close_window, pump, start_xvfb, xvfb_display  # noqa: F401 - the fixture is used by name

from roundhouse.core.game.actions import IllegalAction, Play
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import rules_text, ui_catalog
from roundhouse.frontends.common.reasons import sentence_start
from roundhouse.frontends.tk import settings as tk_settings
from roundhouse.frontends.tk.dialogs import KEYS, MatchEndDialog, RoundEndDialog, ranking, reflow, round_story
from roundhouse.frontends.tk.themes import THEMES

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()
ENGLISH = ui_catalog("en")
TEN = ["Ana", "Bruno", "Chloé", "Dawid", "Eko", "Fatima", "Gustavo", "Hana", "Ines", "Jules"]
CLAUSE_ID = re.compile(r"\b(MT|DB|DX)\.\d")


def new_app(tmp_path, monkeypatch, theme: str = "felt"):
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANGUAGE", "en")
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    root = make_root(theme)
    app = TkApp(root, REGISTRY, PlayOptions(), None, tk_settings.Settings(theme=theme, speed="instant"))
    root.update()
    return app


@pytest.fixture
def window(xvfb_display, tmp_path, monkeypatch):  # noqa: F811 - pytest fixture injection
    app = new_app(tmp_path, monkeypatch)
    yield app
    close_window(app.root)


@pytest.fixture(scope="session")
def virtual_screens():
    """Start virtual screens by size on demand; all stop at the end of the session.

    Tk keeps every display it has opened until the process ends, and Xlib
    ends the process when such a display goes away, so none stops earlier.
    """
    started: dict[str, tuple] = {}

    def screen_of(size: str) -> str:
        if size not in started:
            started[size] = start_xvfb(f"{size}x24")
        return started[size][1]

    yield screen_of
    for process, _ in started.values():
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(params=["1024x600", "1920x1080"])
def screen(request, virtual_screens):
    """A virtual screen of the given size: (display, width, height)."""
    width, height = map(int, request.param.split("x"))
    return virtual_screens(request.param), width, height


@pytest.fixture
def sized_window(screen, tmp_path, monkeypatch):
    """A window on ``screen``, placed at its top left corner as a window manager would."""
    display, width, height = screen
    monkeypatch.setenv("DISPLAY", display)
    app = new_app(tmp_path, monkeypatch)
    app.root.geometry("+0+0")
    pump(app.root)
    yield app, width, height
    close_window(app.root)


def descendants(widget) -> list:
    found = []
    for child in widget.winfo_children():
        found += [child, *descendants(child)]
    return found


def inside_screen(widget, width: int, height: int) -> bool:
    """True when the whole widget is mapped and lies on the screen."""
    widget.update_idletasks()
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    w, h = widget.winfo_width(), widget.winfo_height()
    return bool(widget.winfo_viewable()) and x >= 0 and y >= 0 and x + w <= width and y + h <= height and w > 1


def buttons_of(widget) -> list:
    return [w for w in descendants(widget) if w.winfo_class() == "TButton"]


# ------------------------------------------------------------------ welcome
def test_first_launch_opens_the_welcome_screen_and_nothing_is_played(window):
    app = window
    app.start()
    pump(app.root, lambda: False, 0.5)
    screen = app.setup_dialog
    assert screen is not None and screen.open and app.session is None, "no match is dealt before Start"
    assert ENGLISH.t("tk.welcome.title") in [
        w.cget("text") for w in descendants(screen.window) if "Label" in w.winfo_class()
    ]
    for sequence in ("<Control-z>", "<Control-r>", "d", "h", "<Left>", "<F1>", "<Control-l>"):
        app.root.event_generate(sequence)
    pump(app.root, lambda: False, 0.3)
    assert app.session is None and screen.open, "keys do nothing behind the welcome screen"
    assert screen.cancel_button is None, "there is nothing to go back to"
    assert "easy" in " ".join(screen.kinds) and not any(b in k for k in screen.kinds for b in ("greedy", "planner"))
    screen.start_button.focus_force()  # keys go where the focus is: here, not another window on the display
    pump(app.root)
    screen.start_button.event_generate("<Return>")
    assert pump(app.root, lambda: app.session is not None, 30), "Enter starts the match"
    assert not screen.open


def test_start_from_the_welcome_screen_plays_the_chosen_table(window):
    app = window
    app.start()
    screen = app.setup_dialog
    screen.variant_id.set("double-nine-branch")
    screen._variant_changed()
    screen.players.set(3)
    screen._rebuild_seats()
    hard = next(k for k in screen.kinds if "hard" in k)
    (name1, _), (_, kind2), (_, kind3) = screen.seat_rows
    name1.set("Zoe")
    kind2.set(hard)
    kind3.set(hard)
    screen.start_button.invoke()
    assert pump(app.root, lambda: app.session is not None and app.session.human_to_move, 20)
    assert not screen.open
    assert app.session.variant.id == "double-nine-branch"
    assert [s.name for s in app.session.seats] == ["Zoe", "Computer 2", "Computer 3"]
    assert [s.bot for s in app.session.seats] == [None, "planner", "planner"]
    kinds = [app.players.item(i, "values")[0] for i in app.players.get_children()]
    assert kinds == ["You", "Computer (hard)", "Computer (hard)"]


def test_a_made_up_name_follows_its_seat_and_names_are_unique(window):
    app = window
    app.start()
    screen = app.setup_dialog
    name2, kind2 = screen.seat_rows[1]
    assert name2.get() == "Computer 2"
    kind2.set(screen.kinds[0])
    screen._kind_changed(1)
    assert name2.get() == "Player 2", "a human never keeps a computer's name"
    name2.set("ana")
    screen.seat_rows[0][0].set("Ana")
    screen.submit()
    assert app.session is None and screen.open
    assert "Seats 1 and 2" in screen.error.cget("text") and "own name" in screen.error.cget("text")


def test_new_match_uses_the_same_screen_and_cancel_changes_nothing(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 5)
    app.set_session(session)
    pump(app.root, lambda: session.human_to_move, 20)
    app.open_setup()
    screen = app.setup_dialog
    assert screen.open and session.paused and screen.cancel_button is not None
    assert [n.get() for n, _ in screen.seat_rows] == ["Ana", "Bo"]
    screen.cancel_button.invoke()
    pump(app.root)
    assert app.session is session and not session.paused


def test_welcome_screen_buttons_are_on_the_screen(sized_window):
    app, width, height = sized_window
    app.start()
    pump(app.root, lambda: False, 0.3)
    app.setup_dialog.players.set(10)
    app.setup_dialog._rebuild_seats()
    pump(app.root, lambda: False, 0.3)
    assert inside_screen(app.setup_dialog.start_button, width, height)


# ------------------------------------------------------------- round/match end
def late_ten_player_session(rounds_done: int) -> Session:
    """Ten computers in Mexican Train, played (without a window) to just before ``rounds_done`` rounds end."""
    seats = [Seat(name, "greedy") for name in TEN]
    session = make_session(REGISTRY.registry, "mexican-train", seats, 5)
    while session.state.round < rounds_done:
        session.step()
    return session


def test_round_end_of_round_13_with_ten_players_fits_the_screen(sized_window):
    app, width, height = sized_window
    session = late_ten_player_session(13)
    app.set_session(session)
    assert pump(app.root, lambda: isinstance(app._screen, RoundEndDialog), 60)
    screen = app._screen
    assert screen.round == 13
    pump(app.root, lambda: False, 0.3)
    assert inside_screen(screen.button, width, height), "Continue is always reachable"
    assert screen.window.winfo_height() <= height and screen.window.winfo_width() <= width
    points = [
        item
        for item in screen.chart.canvas.find_all()
        if any(t.startswith("point:1:") for t in screen.chart.canvas.gettags(item))
    ]
    assert len(points) == 13, "the chart has a point per round played"
    screen.close()
    assert pump(app.root, lambda: isinstance(app._screen, MatchEndDialog), 20)
    match_screen = app._screen
    pump(app.root, lambda: False, 0.3)
    for button in buttons_of(match_screen.bar):
        assert inside_screen(button, width, height), button.cget("text")
    assert match_screen.again.cget("text") == "Play again"


def test_round_end_tells_who_went_out_and_the_hand_strip_does_not_say_hidden(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", [Seat(n, "random") for n in TEN[:3]], 11)
    app.set_session(session)
    assert pump(app.root, lambda: app._screen is not None, 30)
    event = next(e for e in session.record.events if e.type == "round_end")
    story = " ".join(label.cget("text") for label in app._screen.story)
    if event["reason"] == "out":
        out = next(int(seat) for seat, tiles in event["hands"].items() if not tiles)
        assert f"{TEN[out - 1]} went out." in story
    else:
        assert "blocked" in story
    assert app.model.hand_title != ENGLISH.t("tk.hand.hidden")
    assert app.model.hand_title == ENGLISH.t("tk.round_end.hands_shown")


def test_MT_15_DB_10_round_story_names_the_blocked_reason_and_who_scored_why():
    names = ["Ana", "Bo"]
    blocked = {"reason": "blocked", "hands": {"1": ["1-2"], "2": ["3-4"]}, "points": {"1": 3, "2": 7}}
    assert round_story(ENGLISH, names, blocked, "mexican-train") == [
        "The round is blocked: nobody can play and the boneyard is empty.",
        "Each player takes the pips left in their hand as penalty points: Ana 3, Bo 7.",
    ]
    branch = round_story(ENGLISH, names, {**blocked, "points": {"1": 10, "2": 0}}, "double-nine-branch")
    assert "branch" in branch[0]
    assert branch[1] == "Ana holds the lowest hand and scores 10, the pips left in every hand."
    assert round_story(ENGLISH, names, blocked, "some-plugin") == [
        ENGLISH.t("tk.round_end.story.blocked"),
        "Points this round: Ana 3, Bo 7.",
    ]
    out = {"reason": "out", "hands": {"1": ["1-2"], "2": []}}
    assert round_story(ENGLISH, names, out, "mexican-train") == ["Bo went out."]


def test_match_ranking_shares_places_and_follows_the_winners_direction():
    names = ["A", "B", "C", "D"]
    lowest_wins = {"1": 40, "2": 10, "3": 40, "4": 70}
    assert ranking(names, lowest_wins, [2]) == [(1, 2), (2, 1), (2, 3), (4, 4)]
    highest_wins = {"1": 5, "2": 152, "3": 90, "4": 90}
    assert ranking(names, highest_wins, ["2"]) == [(1, 2), (2, 3), (2, 4), (4, 1)]


# ------------------------------------------------------------------ themes
def canvas_colours(canvas) -> set[str]:
    colours = {canvas.cget("background")}
    for item in canvas.find_all():
        if canvas.type(item) in ("rectangle", "text", "oval", "polygon"):
            colours.add(canvas.itemcget(item, "fill"))
    return colours


def test_view_theme_offers_the_named_themes_only(window):
    app = window
    view = app.menubar.nametowidget(app.menubar.entrycget(1, "menu"))
    theme_menu = app.root.nametowidget(view.entrycget(view.index(ENGLISH.t("tk.menu.theme")), "menu"))
    labels = [theme_menu.entrycget(i, "label") for i in range(theme_menu.index("end") + 1)]
    assert labels == ["Felt", "Light", "Dark", "High contrast"]


@pytest.mark.parametrize("theme_id", ["light", "dark", "high_contrast"])
def test_a_theme_switch_recolours_the_table_and_is_remembered(window, theme_id):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 5)
    app.set_session(session)
    pump(app.root, lambda: session.human_to_move, 20)
    felt = THEMES["felt"].palette
    assert felt.felt in canvas_colours(app.table) and felt.row in canvas_colours(app.table)
    assert app.apply_theme(theme_id)
    pump(app.root, lambda: False, 0.2)
    palette = THEMES[theme_id].palette
    table, hand = canvas_colours(app.table), canvas_colours(app.hand)
    assert app.table.cget("background") == palette.felt and app.hand.cget("background") == palette.hand_bg
    assert palette.row in table and palette.row_text in table and felt.row not in table
    assert palette.row_text in hand
    assert tk_settings.load().theme == theme_id
    assert not app.apply_theme("breeze"), "raw ttk names are not table themes"


# -------------------------------------------------------- words and panels
def test_keyboard_help_is_a_two_column_table(window):
    app = window
    app.set_session(make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 5))
    app.show_keys()
    panel = app.keys_panel
    assert panel.open and len(panel.rows) == len(KEYS)
    grid = {
        (int(w.grid_info()["row"]), int(w.grid_info()["column"])): w.cget("text")
        for w in descendants(panel.window)
        if w.winfo_class() == "TLabel" and w.grid_info()
    }
    assert grid[(3, 0)] == "← →" and grid[(3, 1)] == ENGLISH.t("tk.keys.do.hand")
    assert ("S", ENGLISH.t("tk.keys.do.skip")) in {(grid[row, 0], grid.get((row, 1))) for row, _ in grid}
    assert all("\n" not in text for text in grid.values())
    panel.close()


def test_rule_text_reflows_paragraphs_and_keeps_list_items():
    body = dict((key, body) for key, _, body in rules_text("mexican-train", "en").sections)["equipment_and_deal"]
    text = reflow(body)
    lines = text.split("\n")
    assert "The set has 91 tiles: every pair of values from 0 to 12 exactly once. A tile's pips" in text
    assert "- 2 to 4 players: 15 tiles each;" in lines and "- 9 or 10 players: 8 tiles each." in lines
    assert any(line.startswith("The remaining tiles form the boneyard") for line in lines)
    assert all(line == "" or line[-1] in ".:;" for line in lines), "no line is cut in the middle of a sentence"


def test_F1_reads_a_plugin_variants_own_rule_text(window, monkeypatch):
    """Issue 15: the rules panel finds the rule text a third-party variant ships in its own package."""
    from test_examples import BLOCK_DIR

    monkeypatch.syspath_prepend(str(BLOCK_DIR))
    from roundhouse_double_six_block.variant import DoubleSixBlock

    variant = DoubleSixBlock()
    session = Session(variant, [Seat("Ana"), Seat("Bo", "random")], {"random": REGISTRY.registry.bot("random")}, 3)
    app = window
    app.set_session(session)
    app.root.focus_force()
    app.root.event_generate("<F1>")
    pump(app.root)
    text = app.rules_panel.text.get("1.0", "end")
    expected = rules_text(variant.id, "en", variant.rules_text_package)
    assert expected.title in text and expected.sections[0][1] in text
    assert ENGLISH.t("tk.rules.missing", variant=variant.name) not in text


def test_refused_moves_and_forced_passes_show_no_clause_id(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 11)
    app.set_session(session)
    assert pump(app.root, lambda: session.human_to_move, 20)
    mine = session.view(1).hand
    wrong = next(Play(tile, "mexican") for tile in mine if Play(tile, "mexican") not in session.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        session.state.check(wrong)
    assert CLAUSE_ID.search(str(refused.value)), "the rule engine names its clause for referees"
    app.preview_action(wrong)
    shown = app.detail.cget("text")
    assert shown == sentence_start(refused.value.reason) and shown and not CLAUSE_ID.search(shown)


def test_choosing_a_language_on_the_welcome_screen_relabels_it_at_once(window):
    app = window
    app.start()
    screen = app.setup_dialog
    screen.seat_rows[0][0].set("Zoe")
    screen.lang.set("Polski")
    screen.on_language(screen.draft())
    relabelled = app.setup_dialog
    polish = ui_catalog("pl")
    assert relabelled is not screen and not screen.open and relabelled.open and relabelled.welcome
    assert app.lang == "pl" and app.menubar.entrycget(0, "label") == polish.t("tk.menu.game")
    assert relabelled.start_button.cget("text") == polish.t("tk.setup.start")
    names = [name.get() for name, _ in relabelled.seat_rows]
    assert names[0] == "Zoe" and names[1] == polish.t("tk.welcome.computer_name", seat=2), "made-up names follow"
    assert app.session is None
    relabelled.start_button.invoke()
    assert pump(app.root, lambda: app.session is not None, 10)


def test_an_old_raw_ttk_theme_in_the_settings_means_felt_and_a_saved_theme_returns(window, tmp_path, monkeypatch):
    from roundhouse.frontends.tk.app import TkApp

    old = TkApp(window.root, REGISTRY, PlayOptions(), None, tk_settings.Settings(theme="breeze", speed="instant"))
    assert old.settings.theme == "felt" and old.table.cget("background") == THEMES["felt"].palette.felt
    old.apply_theme("dark")
    again = TkApp(window.root, REGISTRY, PlayOptions(), None, tk_settings.load())
    assert again.theme_var.get() == "dark" and again.table.cget("background") == THEMES["dark"].palette.felt


def test_a_scrolled_frame_scrolls_with_the_wheel_and_lets_go_of_it_when_gone(window):
    import tkinter as tk
    from tkinter import ttk

    from roundhouse.frontends.tk.scrolled import ScrolledFrame

    top = tk.Toplevel(window.root)
    top.geometry("300x200+0+0")
    frame = ScrolledFrame(top)
    frame.pack(fill="both", expand=True)
    for row in range(40):
        ttk.Label(frame.body, text=f"line {row}").pack(anchor="w")
    inner = frame.body.winfo_children()[3]

    def placed() -> bool:  # on a busy machine the window takes a while to reach its place on the screen
        return (
            inner.winfo_ismapped() and top.winfo_containing(inner.winfo_rootx() + 5, inner.winfo_rooty() + 5) is inner
        )

    assert pump(window.root, placed, 5)
    assert frame.scrollbar.winfo_ismapped(), "the scroll bar shows when the content is taller"
    x, y = inner.winfo_rootx() + 5, inner.winfo_rooty() + 5
    inner.event_generate("<Button-5>", x=5, y=5, rootx=x, rooty=y)
    pump(window.root)
    assert frame.canvas.yview()[0] > 0
    assert top.bind("<Button-5>").strip()
    frame.destroy()
    pump(window.root)
    assert not top.bind("<Button-5>").strip(), "no wheel binding is left behind"
    top.destroy()
