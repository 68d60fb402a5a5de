"""Issue 24, point 4: room for the table on real screens (1024x600, 1366x768, 1920x1080; 4 and 10 players).

The moves feed folds to keep the header within about a quarter of the table,
the table scrolls to the row whose turn it is unless the player just
scrolled, rows keep their column as trains grow, the rows' items pass under
the header, owner tags sit clear of every tile, and the window leaves room
for its menu bar, a title bar and a desktop panel.
"""

from __future__ import annotations

import dataclasses

import pytest
from gui_helpers import pump
from tk_scenes import late_round, play_until

from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk.board import draw_table
from roundhouse.frontends.tk.board_model import PlacedTile
from roundhouse.frontends.tk.feed import turns_since_last_decision
from roundhouse.frontends.tk.header import HEADER_MIN, pin_header
from roundhouse.frontends.tk.motion import slide

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()
QUARTER = 0.25
DECORATIONS = 64
"""A title bar and a desktop's top panel (32 pixels each at 96 dpi), besides the menu bar."""


def settle(app) -> None:
    pump(app.root, lambda: False, 0.3)
    app.root.update_idletasks()


def header_height(canvas) -> float:
    x1, y1, x2, y2 = canvas.coords("pinned-bg")
    return y2 - y1


def rows_area(canvas) -> tuple[float, float]:
    """The part of the canvas (top, bottom, canvas coordinates) where rows show, under the pinned header."""
    top = canvas.canvasy(0)
    return top + header_height(canvas), top + canvas.winfo_height()


def first_turn_with_a_long_feed(registry):
    """Four players, the human to make a first decision after three computers' turns (all in the feed)."""
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "greedy") for i in (2, 3, 4)]
    for seed in range(1, 60):
        session = make_session(registry, "mexican-train", seats, seed)
        if play_until(session, lambda s: s.human_to_move) and len(turns_since_last_decision(session.view(1))) >= 3:
            return session
    raise AssertionError("no first turn after three computers")


@pytest.mark.parametrize("size", ("1024x600", "1366x768", "1920x1080"))
def test_the_feed_keeps_the_header_within_a_quarter_of_the_table(open_window, size):
    app = open_window(size)
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas = app.table
    assert len(app.model.feed) >= 9 and canvas.find_withtag("feed-line"), "nine computers' turns, the newest shown"
    limit = max(HEADER_MIN, QUARTER * canvas.winfo_height())
    assert header_height(canvas) <= limit + 1, f"header {header_height(canvas)} of a {canvas.winfo_height()} table"


def click_toggle(app) -> None:
    canvas = app.table
    x1, y1, x2, y2 = canvas.bbox("feed-toggle")
    canvas.event_generate("<Button-1>", x=(x1 + x2) // 2, y=(y1 + y2) // 2 - int(canvas.canvasy(0)))
    settle(app)


def test_a_folded_feed_opens_and_folds_again_on_its_toggle(open_window):
    app = open_window("1024x600")
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas = app.table
    folded = len(canvas.find_withtag("feed-line"))
    assert canvas.find_withtag("feed-toggle"), "nine turns do not fit a quarter of this table: the feed folds"
    click_toggle(app)
    assert len(canvas.find_withtag("feed-line")) > folded, "the toggle shows more of the feed"
    assert canvas.itemcget("feed-toggle", "text") == app.t("tk_room_feed_less")
    click_toggle(app)
    assert len(canvas.find_withtag("feed-line")) == folded, "and folds it again"


def test_first_turn_summaries_leave_your_train_and_the_mexican_train_in_view_at_1366x768(open_window):
    app = open_window("1366x768")
    app.set_session(first_turn_with_a_long_feed(REGISTRY.registry))
    settle(app)
    canvas = app.table
    assert header_height(canvas) <= max(HEADER_MIN, QUARTER * canvas.winfo_height()) + 1
    top, bottom = rows_area(canvas)
    for line in ("1", "mexican"):
        x1, y1, x2, y2 = canvas.bbox(f"row:{line}")
        assert top <= y1 and y2 <= bottom + 1, f"row {line} ({y1}-{y2}) is out of the rows' view {top}-{bottom}"


def test_the_table_scrolls_to_the_turns_row_unless_the_player_just_scrolled(open_window):
    app = open_window("1024x600")
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas = app.table
    assert app.model.lines[0].owners_turn, "Ana's train is the turn's row"
    canvas.yview_moveto(1.0)
    app.refresh()
    settle(app)
    top, bottom = rows_area(canvas)
    x1, y1, x2, y2 = canvas.bbox("row:1")
    assert top <= y1 and y2 <= bottom + 1, "a redraw brings the turn's row back into view"
    for _ in range(20):
        canvas.event_generate("<Button-5>", x=20, y=canvas.winfo_height() - 20)
    pump(app.root)
    scrolled = canvas.canvasy(0)
    assert scrolled > 0
    app.refresh()
    settle(app)
    assert canvas.canvasy(0) == scrolled, "the player's own scrolling is left alone"


@pytest.mark.parametrize("size", ("1024x600", "1920x1080"))
def test_rows_keep_their_column_as_a_train_grows(open_window, size):
    app = open_window(size)
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas, model = app.table, app.model
    width, height = canvas.winfo_width(), canvas.winfo_height()

    def columns(lines) -> dict:
        draw_table(canvas, dataclasses.replace(model, lines=lines), width, height)
        return {line.id: canvas.coords(canvas.find_withtag(f"row:{line.id}")[0])[0] for line in lines}

    before = columns(model.lines)
    assert len(set(before.values())) == 2, "ten players' rows lie in two columns"
    for grown in range(len(model.lines)):
        lines = list(model.lines)
        lines[grown] = dataclasses.replace(lines[grown], tiles=lines[grown].tiles * 4)
        assert columns(tuple(lines)) == before, f"a row changed column when line {grown} grew"


def test_rows_items_pass_under_the_header_and_its_feed(open_window):
    app = open_window("1024x600")
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas = app.table
    canvas.yview_moveto(0.5)
    pin_header(canvas)
    top = canvas.canvasy(0)
    moving = slide(canvas, "row", (0, top), 700)
    assert moving is not None
    order = canvas.find_all()
    header = order.index(canvas.find_withtag("pinned-bg")[0])
    x1, y1, x2, y2 = canvas.coords("pinned-bg")
    for item in canvas.find_overlapping(x1, y1, x2, y2):
        if "pinned" not in canvas.gettags(item):
            assert order.index(item) < header, f"{canvas.gettags(item)} draws over the header"
    moving.stop()


def overlap(a, b, tolerance: float = 1) -> bool:
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


@pytest.mark.parametrize("size", ("1024x600", "1920x1080"))
def test_owner_tags_sit_clear_of_every_tile_also_under_a_double(open_window, size):
    app = open_window(size)
    app.set_session(late_round(REGISTRY.registry, 10, 55))
    settle(app)
    canvas, model = app.table, app.model
    lines = []
    for line in model.lines:
        if line.latest_by and line.tiles:
            end = line.tiles[-1].right
            double = PlacedTile(Tile(end, end), end, end, latest=True)
            line = dataclasses.replace(line, tiles=(*line.tiles[:-1], double))
        lines.append(line)
    draw_table(canvas, dataclasses.replace(model, lines=tuple(lines)), canvas.winfo_width(), canvas.winfo_height())
    tiles = [canvas.bbox(i) for i in canvas.find_withtag("placed") if "pinned" not in canvas.gettags(i)]
    order = canvas.find_all()
    chips = [line.id for line in lines if line.latest_by and line.tiles]
    assert len(chips) >= 5
    for line in chips:
        items = canvas.find_withtag(f"latest:{line}")
        chip = canvas.bbox(*items)
        assert not any(overlap(chip, tile) for tile in tiles), f"line {line}'s owner tag overlaps a tile"
        above = [i for i in canvas.find_overlapping(*chip) if order.index(i) > max(map(order.index, items))]
        covering = [canvas.gettags(i) for i in above if "pinned" not in canvas.gettags(i)]
        assert not covering, f"line {line}'s owner tag is covered by {covering}"


def menu_bar_drawn(root) -> int:
    """The menu bar's height as drawn: the menu's clone that Tk shows over the window."""
    clones = [c for c in root.tk.splitlist(root.tk.call("winfo", "children", ".")) if "#" in str(c)]
    return max(int(root.tk.call("winfo", "height", c)) for c in clones)


@pytest.mark.parametrize("size", ("1024x600", "1366x768", "1920x1080"))
def test_the_window_leaves_room_for_its_menu_bar_a_title_bar_and_a_panel(open_window, size):
    app = open_window(size)
    root = app.root
    screen_height = int(size.split("x")[1])
    menu = menu_bar_drawn(root)
    assert menu >= 20
    outer = root.winfo_height() + menu
    assert outer + DECORATIONS <= screen_height, f"{outer} px of window and menu leave no room for decorations"
    x, y = app.buttons["undo"].winfo_rootx(), app.buttons["undo"].winfo_rooty()
    assert y + app.buttons["undo"].winfo_height() + DECORATIONS <= screen_height
    assert x >= 0
