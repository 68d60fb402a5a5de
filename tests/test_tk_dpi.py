"""Issue 24, point 6: the window at every screen density, on real Xvfb screens.

1024x600, 1920x1080 and 3840x2160 at 96 dpi, and 1920x1080 and 3840x2160 at 192 dpi, with
2 and 10 players: text is drawn in named fonts derived from TkDefaultFont
(so the player's font and ``tk scaling`` apply), nothing overlaps, no text
spills out of its box, and a line of text stays within a fixed ratio of the
tiles' size.
"""

from __future__ import annotations

import subprocess
import tempfile

import pytest
from gui_helpers import close_window, pump, size_settled, start_xvfb
from tk_scenes import late_round

from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk import settings as tk_settings

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()
SCREENS = (("1024x600", 96), ("1920x1080", 96), ("1920x1080", 192), ("3840x2160", 96), ("3840x2160", 192))
PLACED = {2: 25, 10: 55}
TEXT_TO_TILE = (0.25, 1.0)
"""A line of default text is between a quarter of a table tile's side and the whole of it."""


@pytest.fixture(scope="session")
def dense_display():
    """``get(size, dpi)``: a display of that size and density (one Xvfb each, started on first use).

    Session-wide, like ``sized_display``: a Tk interpreter of a closed window may still hold its
    display, and Xlib ends the process when a display it holds goes away.
    """
    started: dict[tuple[str, int], tuple[subprocess.Popen, str]] = {}

    def get(size: str, dpi: int) -> str:
        if (size, dpi) not in started:
            try:
                started[size, dpi] = start_xvfb(f"{size}x24", dpi)
            except RuntimeError as error:
                pytest.fail(str(error))
        return started[size, dpi][1]

    yield get
    for process, _display in started.values():
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def table_at(dense_display, monkeypatch):
    """``table_at(size, dpi, players)``: a fresh window on such a screen showing a late round."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", tempfile.mkdtemp(prefix="roundhouse-dpi-"))
    monkeypatch.setenv("LANGUAGE", "en")
    roots = []

    def make(size: str, dpi: int, players: int):
        monkeypatch.setenv("DISPLAY", dense_display(size, dpi))
        from roundhouse.frontends.tk.app import TkApp
        from roundhouse.frontends.tk.themes import make_root

        root = make_root("felt")
        roots.append(root)
        app = TkApp(root, REGISTRY, None, None, tk_settings.Settings(theme="felt", speed="slow"))
        pump(root, lambda: root.winfo_ismapped(), 10)
        assert pump(root, size_settled(root), 10), "the window reaches its size"
        app.set_session(late_round(REGISTRY.registry, players, PLACED[players]))
        pump(root, lambda: False, 0.4)
        root.update_idletasks()
        return app

    yield make
    for root in roots:
        close_window(root)


def linespace(widget, font: str = "TkDefaultFont") -> int:
    return int(widget.tk.call("font", "metrics", font, "-linespace"))


def overlap(a, b, tolerance: float = 1) -> bool:
    return a[0] < b[2] - tolerance and b[0] < a[2] - tolerance and a[1] < b[3] - tolerance and b[1] < a[3] - tolerance


def inside(inner, outer, tolerance: float = 1) -> bool:
    return (
        inner[0] >= outer[0] - tolerance
        and inner[1] >= outer[1] - tolerance
        and inner[2] <= outer[2] + tolerance
        and inner[3] <= outer[3] + tolerance
    )


def last_line_end(canvas, item) -> float:
    """Where the last line of a wrapped text item ends (its box is a rectangle round every line)."""
    x1, _y1, _x2, y2 = canvas.bbox(item)
    start = canvas.index(item, f"@{x1},{y2 - 3}")
    last = canvas.itemcget(item, "text")[start:].strip()
    return x1 + int(canvas.tk.call("font", "measure", canvas.itemcget(item, "font"), last))


SCREEN_IDS = [f"{size}-{dpi}dpi" for size, dpi in SCREENS]


@pytest.mark.parametrize("players", (2, 10))
@pytest.mark.parametrize(("size", "dpi"), SCREENS, ids=SCREEN_IDS)
def test_table_text_is_in_named_fonts_that_follow_the_default_font(table_at, size, dpi, players):
    app = table_at(size, dpi, players)
    names = set(app.root.tk.splitlist(app.root.tk.call("font", "names")))
    for canvas in (app.table, app.hand):
        for item in canvas.find_all():
            if canvas.type(item) == "text":
                font = canvas.itemcget(item, "font")
                assert font in names, f"{canvas.itemcget(item, 'text')!r} is drawn in {font!r}, not a named font"
    for label in (app.status, app.window.thinking):
        assert str(label.cget("font")) in names


@pytest.mark.parametrize("players", (2, 10))
@pytest.mark.parametrize(("size", "dpi"), SCREENS, ids=SCREEN_IDS)
def test_text_stays_in_proportion_to_the_tiles(table_at, size, dpi, players):
    app = table_at(size, dpi, players)
    text = linespace(app.root)
    table_side = app.table_plan.side
    low, high = TEXT_TO_TILE
    assert low <= text / table_side <= high, f"text {text} px beside table tiles {table_side} px"
    hand_side = app.window.hand_plan.side
    assert low <= text / hand_side <= high, f"text {text} px beside hand tiles {hand_side} px"


@pytest.mark.parametrize("players", (2, 10))
@pytest.mark.parametrize(("size", "dpi"), SCREENS, ids=SCREEN_IDS)
def test_no_text_spills_from_its_box_and_nothing_overlaps(table_at, size, dpi, players):
    app = table_at(size, dpi, players)
    canvas = app.table
    tiles = [canvas.bbox(i) for i in canvas.find_withtag("placed") if "pinned" not in canvas.gettags(i)]
    for row in app.table_plan.rows:
        box = (row.x, row.y, row.x + row.width, row.y + row.height)
        label_box = (row.x, row.y, row.x + row.label_width, row.y + row.height)
        row_items = canvas.find_withtag(f"row:{row.line.id}")
        for item in row_items:
            tags = canvas.gettags(item)
            if canvas.type(item) == "text" and ("label" in tags or "counts" in tags):
                assert inside(canvas.bbox(item), label_box), f"{canvas.itemcget(item, 'text')!r} leaves its label"
                assert not any(overlap(canvas.bbox(item), tile) for tile in tiles), "a label runs into a tile"
            if "slot" in tags and canvas.type(item) == "text":
                frame = [i for i in canvas.find_withtag(f"target:{row.line.id}") if canvas.type(i) == "rectangle"]
                assert frame and inside(canvas.bbox(item), canvas.coords(frame[-1])), (
                    f"the open end {canvas.itemcget(item, 'text')} spills from its box"
                )
            if "marker" in tags or "closed" in tags:
                assert inside(canvas.bbox(item), box), "a badge leaves its row"
    rows = [(r.x, r.y, r.x + r.width, r.y + r.height) for r in app.table_plan.rows]
    for i, a in enumerate(rows):
        assert not any(overlap(a, b) for b in rows[i + 1 :]), "two rows overlap"
    header = [i for i in canvas.find_withtag("pinned") if canvas.type(i) == "text"]
    for i, a in enumerate(header):
        for b in header[i + 1 :]:
            words = canvas.itemcget(a, "text"), canvas.itemcget(b, "text")
            if "feed-toggle" in canvas.gettags(b) and overlap(canvas.bbox(a), canvas.bbox(b)):
                assert canvas.bbox(b)[0] >= last_line_end(canvas, a), f"{words} overlap in the header"
            else:
                assert not overlap(canvas.bbox(a), canvas.bbox(b)), f"{words} overlap in the header"
    tree = app.window.players.tree
    style = tree.winfo_toplevel().tk.call("ttk::style", "lookup", "Treeview", "-rowheight")
    assert int(style) >= linespace(tree), "a players-table row is shorter than its text"
    hand = app.hand
    title = [hand.bbox(i) for i in hand.find_all() if hand.type(i) == "text"]
    hand_tiles = [hand.bbox(i) for i in hand.find_withtag("hand") if hand.type(i) == "image"]
    assert not any(overlap(t, tile) for t in title for tile in hand_tiles), "the hand's title runs into a tile"


@pytest.mark.parametrize(("size", "dpi"), SCREENS, ids=SCREEN_IDS)
def test_widget_text_grows_with_the_screens_density_like_the_default_font(table_at, size, dpi):
    """The themed widgets' own fonts (fixed pixel sizes in Sun Valley) follow TkDefaultFont and ``tk scaling``."""
    app = table_at(size, dpi, 2)
    text = linespace(app.root)
    assert text >= 30 if dpi == 192 else text >= 15, f"default text {text} px at {dpi} dpi"
    style = app.root.tk
    for widget, style_name in ((app.detail, "TLabel"), (app.buttons["undo"], "TButton")):
        own = str(widget.cget("font")) if "font" in widget.keys() else ""
        font = own or str(style.call("ttk::style", "lookup", style_name, "-font"))
        assert linespace(widget, font) >= 0.8 * text, f"{style_name} text is {linespace(widget, font)} px"
