"""Issue 24, point 5: a hand that grows, on real 1366x768 and 1920x1080 screens.

Two players after the engine search hold 31 to 44 tiles: the hand wraps
onto more rows before its tiles shrink below a comfortable size, and takes
the room the table's few rows leave.
"""

from __future__ import annotations

import pytest
from gui_helpers import pump
from test_tk_room import settle
from tk_scenes import play_until

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk.layout import plan_hand

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()
COMFORTABLE = 34
"""A comfortable hand tile at 96 dpi: 34 x 68 pixels."""


def big_hand(registry, tiles: int):
    """Two players, the human to place the engine with ``tiles`` tiles after the engine search."""
    for seed in range(1, 100):
        session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "greedy")], seed)
        if play_until(session, lambda s: s.human_to_move) and len(session.view(1).hand) == tiles:
            return session
    raise AssertionError("no hand that big")


@pytest.mark.parametrize("tiles", (31, 34, 39, 44))
@pytest.mark.parametrize("size", ("1366x768", "1920x1080"))
def test_a_big_hand_wraps_at_a_comfortable_size_into_the_room_the_table_leaves(open_window, size, tiles):  # noqa: F811
    app = open_window(size)
    app.set_session(big_hand(REGISTRY.registry, tiles))
    settle(app)
    pump(app.root, lambda: False, 0.3)
    hand, table = app.hand, app.table
    tiles = [hand.bbox(i) for i in hand.find_withtag("hand") if hand.type(i) == "image"]
    assert len(tiles) == len(app.model.hand) >= 31
    narrowest = min(x2 - x1 for x1, _y1, x2, _y2 in tiles)
    assert narrowest >= COMFORTABLE, f"hand tiles {narrowest} px wide"
    assert len({y1 for _x1, y1, _x2, _y2 in tiles}) >= 2, "the hand wraps onto a second row"
    for x1, y1, x2, y2 in tiles:
        assert 0 <= x1 and x2 <= hand.winfo_width() and 0 <= y1 and y2 <= hand.winfo_height(), "a hand tile is cut"
    empty = table.winfo_height() - app.table_plan.height
    assert empty <= 0.4 * table.winfo_height(), f"{empty} of the table's {table.winfo_height()} px stay empty"
    assert 2 * app.table_plan.side <= 3 * narrowest, "table tiles are not much larger than the hand's"


def test_an_empty_hand_leaves_the_room_to_the_table():
    """The room the table leaves goes to hand tiles, not to an empty strip (at a round's end every hand is out)."""
    assert plan_hand(0, 1000, 700, room=400) == plan_hand(0, 1000, 700)
