"""Chicken Foot (the example plugin) in the real Tk window under Xvfb: branches drawn as branches.

The example's source is put on the path and its variant registered like an
installed plugin; the window then plays a whole match with the mouse alone
and its canvas shows sub-lines under their double and closed lines.
"""

from __future__ import annotations

import pytest
from gui_helpers import pump, seats, start
from plugin_helpers import CHICKEN_DIR
from test_tk_gui import advance, play_with_the_mouse_only

from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager

pytestmark = pytest.mark.gui


@pytest.fixture
def chicken_registry(monkeypatch: pytest.MonkeyPatch):
    """A registry with the built-ins and Chicken Foot."""
    monkeypatch.syspath_prepend(str(CHICKEN_DIR))
    from roundhouse_chicken_foot.variant import ChickenFoot

    registry = get_plugin_manager(load_entry_points=False).registry
    registry.current = "chicken-foot"
    registry.add_variant(ChickenFoot())
    return registry


def feet_on_the_table(registry):
    """A seeded three-player round with at least one chicken foot laid and the human to move."""

    def feet_and_human_to_move(s) -> bool:
        return s.human_to_move and any(line.parent for line in s.view(None).lines)

    return next(
        s
        for seed in range(1, 40)
        if advance(
            s := make_session(registry, "chicken-foot", seats(None, "greedy", "greedy"), seed),
            feet_and_human_to_move,
        )
    )


def test_chicken_foot_feet_are_drawn_under_their_double_and_closed_lines_end_in_a_bar(window, chicken_registry):
    app = window
    session = feet_on_the_table(chicken_registry)
    start(app, session)
    pump(app.root)
    view = session.view(None)
    canvas = app.table
    closed = [line for line in view.lines if line.closed]
    assert closed and canvas.find_withtag("closed"), "a closed line ends in a bar"
    for line in closed:
        assert not canvas.find_withtag(f"target:{line.id}"), "no open end on a closed line"
    assert canvas.find_withtag("elbow"), "sub-lines are joined to their line"
    parent = closed[0]
    toes = [line for line in view.lines if line.parent == parent.id]
    parent_box = canvas.bbox(f"row:{parent.id}")
    boxes = [canvas.bbox(f"row:{toe.id}") for toe in toes]
    side_by_side = len({box[1] for box in boxes}) == 1
    stacked = len({box[0] for box in boxes}) == 1 and sorted(box[1] for box in boxes) == [box[1] for box in boxes]
    assert side_by_side or stacked, "the three toes share one band, or stack one under the other when it is narrow"
    assert all(box[1] > parent_box[3] and box[0] > parent_box[0] for box in boxes), "below and indented"
    labels = {canvas.itemcget(i, "text") for i in canvas.find_withtag(f"row:{toes[0].id}") if canvas.type(i) == "text"}
    assert f"{parent.tiles[-1]} toe 1" in labels


def test_a_whole_chicken_foot_match_is_playable_with_the_mouse_alone(window, chicken_registry):
    app = window
    params = {**chicken_registry.variant("chicken-foot").default_params(), "rounds": 1}
    session = make_session(chicken_registry, "chicken-foot", seats(None, "random"), 12, params)
    start(app, session)
    play_with_the_mouse_only(app, session)
    assert session.is_over and session.state.winners()
    assert any(e.seat == 1 for e in session.log), "the human took part"


def test_chicken_foot_joints_and_closed_ends_take_the_table_theme(window, chicken_registry):
    """The elbows and closed bars are drawn from the active palette, so a theme switch recolours them."""
    from roundhouse.frontends.tk.themes import THEMES

    app = window
    session = feet_on_the_table(chicken_registry)
    start(app, session)
    for theme_id in ("light", "high_contrast"):
        assert app.apply_theme(theme_id, save=False)
        pump(app.root)
        colours = THEMES[theme_id].palette
        canvas = app.table
        assert {canvas.itemcget(i, "fill") for i in canvas.find_withtag("elbow")} == {colours.row_text}
        bars = [i for i in canvas.find_withtag("closed") if canvas.type(i) == "rectangle"]
        assert bars and {canvas.itemcget(i, "fill") for i in bars} == {colours.row_text}
