"""The window at the screen sizes people have: 1024x600, 1280x800 and 1920x1080, with 2, 4 and 10 players.

Each test starts an Xvfb screen of that exact size, opens the real window on
it and checks what a player must always see: the window inside the screen,
the whole hand, the action bar, the boneyard (also with the table scrolled
to its end), and table tiles no smaller than the readable minimum.
"""

from __future__ import annotations

import pytest
from gui_helpers import pump
from tk_scenes import late_round

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk import window_size
from roundhouse.frontends.tk.layout import MIN_SIDE

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()
SIZES = ("1024x600", "1280x800", "1920x1080")
PLACED = {2: 24, 4: 40, 10: 55}


def box(widget) -> tuple[int, int, int, int]:
    """A widget's box in screen coordinates."""
    x, y = widget.winfo_rootx(), widget.winfo_rooty()
    return x, y, x + widget.winfo_width(), y + widget.winfo_height()


def inside(inner, outer) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def visible_part(canvas) -> tuple[float, float, float, float]:
    """The canvas area in view, in canvas coordinates."""
    x, y = canvas.canvasx(0), canvas.canvasy(0)
    return x, y, x + canvas.winfo_width(), y + canvas.winfo_height()


def settle(app) -> None:
    pump(app.root, lambda: False, 0.3)
    app.root.update_idletasks()


def check_everything_needed_is_visible(app, size: str) -> None:
    root = app.root
    width, height = (int(v) for v in size.split("x"))
    window = box(root)
    assert inside(window, (0, 0, width, height)), f"window {window} leaves the {size} screen"
    hand = box(app.hand)
    assert inside(hand, window), "the hand strip is inside the window"
    faces = app.hand.find_withtag("hand")
    assert len({t for i in faces for t in app.hand.gettags(i) if t.startswith("hand:")}) == len(app.model.hand)
    for item in faces:
        assert inside(app.hand.bbox(item), (0, 0, app.hand.winfo_width(), app.hand.winfo_height())), (
            "a hand tile is cut"
        )
    for button in (*app.buttons.values(), app.order_button, app.arrange_button):
        if button.winfo_manager():
            assert button.winfo_ismapped() and inside(box(button), window), f"{button.cget('text')} is off-screen"
    for scroll in (0.0, 1.0):
        app.table.yview_moveto(scroll)
        root.update_idletasks()
        stock = app.table.bbox("target:@stock")
        assert stock is not None and inside(stock, visible_part(app.table)), f"boneyard hidden at scroll {scroll}"
    app.table.yview_moveto(0.0)
    placed = app.table.find_withtag("placed")
    assert len(placed) >= sum(len(line.tiles) for line in app.model.lines), "every laid tile is drawn"
    for item in placed:
        if "centre" in app.table.gettags(item):
            continue
        x1, y1, x2, y2 = app.table.bbox(item)
        assert min(x2 - x1, y2 - y1) >= MIN_SIDE and max(x2 - x1, y2 - y1) >= 2 * MIN_SIDE, "a tile below the minimum"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 4, 10))
def test_hand_action_bar_and_boneyard_stay_in_view_and_tiles_stay_readable(open_window, size, players):
    app = open_window(size)
    app.set_session(late_round(REGISTRY.registry, players, PLACED[players]))
    settle(app)
    check_everything_needed_is_visible(app, size)


@pytest.mark.parametrize("size", SIZES)
def test_a_full_opening_hand_is_shown_whole(open_window, size):
    app = open_window(size)
    app.set_session(make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "greedy")], 2))
    settle(app)
    assert len(app.model.hand) >= 15
    check_everything_needed_is_visible(app, size)


def test_ten_players_at_1280x800_use_two_columns_with_tiles_above_the_minimum(open_window):
    app = open_window("1280x800")
    app.set_session(late_round(REGISTRY.registry, 10, PLACED[10]))
    settle(app)
    plan = app.table_plan
    assert plan.columns == 2 and plan.side >= MIN_SIDE
    assert len(plan.rows) == 11, "ten trains and the Mexican train"


def test_the_window_opens_fitting_the_screen_and_remembers_a_resize(open_window):
    app = open_window("1024x600")
    first = (app.root.winfo_width(), app.root.winfo_height())
    assert first[0] <= 1024 and first[1] <= 600 - window_size.SCREEN_MARGIN[1] + 1
    app.root.geometry("900x520")
    assert pump(app.root, lambda: window_size.load() == (900, 520), 5), "the player's size is remembered"
    again = open_window("1280x800")
    assert (again.root.winfo_width(), again.root.winfo_height()) == (900, 520)
    small = open_window("1024x600")
    assert (small.root.winfo_width(), small.root.winfo_height()) == (900, 520)


@pytest.mark.parametrize("size", ("1024x600", "1366x768", "1920x1080"))
@pytest.mark.parametrize("players", [2, 10])
def test_the_players_panel_shows_every_column_whole_under_its_heading(open_window, size, players):
    """Issue 24: every column of the players panel has a heading and lies within the panel's visible width.

    The window gives the panel's room to the table on a narrow screen or a crowded table; two players on
    the larger screens keep it.
    """
    app = open_window(size)
    app.set_session(late_round(REGISTRY.registry, players, PLACED[players]))
    pump(app.root, lambda: False, 0.3)
    side, tree = app.window.side, app.window.players.tree
    columns = ["#0", *tree["columns"]]
    assert all(tree.heading(column, "text").strip() for column in columns)
    if players == 2 and size != "1024x600":
        assert side.winfo_ismapped()
    if side.winfo_ismapped():
        visible = min(box(side)[2], box(tree)[2], box(app.root)[2])
        right = tree.winfo_rootx()
        for column in columns:
            right += int(tree.column(column, "width"))
            assert right <= visible, f"column {column} ends at {right}, past the panel's visible edge {visible}"
