"""All Fives in the real Tk window under Xvfb, played with the mouse: the spinner as a cross, points as they come.

The example variant and its bot are handed to a session directly (no
installation needed); the window draws what the view says: a spinner
(``PlayerView.spinner``) as a cross with arms growing outwards, the running
count (``PlayerView.count``) beside it, the goal in the heading, and each
``score`` event in the feed and the log in the game's own words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gui_helpers import click, pump, start

from roundhouse.core.game.actions import Draw, OpenDouble, Pass, Play
from roundhouse.core.play.session import Seat, Session

pytestmark = pytest.mark.gui

FIVES_DIR = Path(__file__).resolve().parent.parent / "docs" / "examples" / "all_fives"


@pytest.fixture
def fives(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(FIVES_DIR))
    import roundhouse_all_fives.variant

    return roundhouse_all_fives


def lit(app, key: str) -> list[int]:
    return [i for i in app.table.find_withtag(f"target:{key}") if "lit" in app.table.gettags(i)]


def box(app, tag: str) -> tuple[float, ...]:
    return app.table.bbox(tag)


def take_with_the_mouse(app, session, action) -> None:
    """Select the tile, click its lit place unless that click previewed its only place (or the boneyard), confirm."""
    if isinstance(action, (OpenDouble, Play)):
        click(app, app.hand, f"hand:{action.tile}")
        pending = session.preview_pending
        if pending is not None and pending.action == action:  # the tile's only place: previewed by the click
            app.buttons["confirm"].invoke()
            assert pump(app.root, lambda: session.human_to_move or app._screen is not None or session.is_over, 20)
            return
        place = "@centre" if isinstance(action, OpenDouble) else str(action.line)
        assert lit(app, place), f"{place} is not lit for {action.tile}"
        click(app, app.table, lit(app, place)[0])
    elif isinstance(action, Draw):
        click(app, app.table, "target:@stock")
    assert pump(app.root, lambda: session.preview_pending is not None, 5)
    assert session.preview_pending.action == action
    app.buttons["confirm"].invoke()
    assert pump(app.root, lambda: session.human_to_move or app._screen is not None or session.is_over, 20)


def choose(legal):
    """Grow the short arms first (to see the whole cross), else the first move."""
    sides = [a for a in legal if isinstance(a, Play) and a.line in ("up", "down")]
    return (sides or list(legal))[0]


def four_arms(session) -> bool:
    view = session.view(None)
    return (
        view.spinner is not None and len(view.spinner.arms) == 4 and all(view.line(a).tiles for a in view.spinner.arms)
    )


def test_all_fives_in_the_window_a_spinner_cross_a_running_count_and_score_lines(window, fives) -> None:
    app = window
    bots = {"fives-scorer": fives.bot.FivesScorer()}
    session = Session(fives.variant.AllFives(), [Seat("Ana", None), Seat("Bo", "fives-scorer")], bots, seed=2)
    start(app, session)
    seen: list[str] = []
    for _ in range(40):
        seen += app.window.model.feed
        if four_arms(session) or not session.human_to_move:
            break
        legal = session.legal_actions()
        action = choose(legal)
        if legal == [Pass()]:
            app.buttons["confirm"].invoke()
            pump(app.root, lambda: session.human_to_move or app._screen is not None, 20)
            continue
        take_with_the_mouse(app, session, action)
    assert four_arms(session) and session.human_to_move, "seed 2 reaches a full cross in round 1"
    view = session.view(1)
    model = app.window.model
    assert model.heading.startswith("Round 1 · first to 61 points")
    count = app.table.find_withtag("count")
    assert count and app.table.itemcget(count[0], "text") == f"Open ends: {view.count.values['count']}"
    spinner = box(app, "spinner")
    assert f"face:{view.spinner.tile}" in app.table.gettags(app.table.find_withtag("spinner")[0])
    assert spinner[3] - spinner[1] > spinner[2] - spinner[0], "the spinner lies crosswise"
    assert not app.table.find_withtag("row"), "no stacked rows: the arms are drawn as a cross"
    x1, y1, x2, y2 = spinner
    for arm, inside in (
        ("right", lambda b: b[0] >= x2),
        ("left", lambda b: b[2] <= x1),
        ("up", lambda b: b[3] <= y1),
        ("down", lambda b: b[1] >= y2),
    ):
        tiles = [i for i in app.table.find_withtag(f"arm:{arm}") if "placed" in app.table.gettags(i)]
        assert len(tiles) >= len(view.line(arm).tiles), arm
        assert all(inside(app.table.bbox(i)) for i in tiles), f"the {arm} arm grows outwards"
    scored = [line for line in session.record.lines() if line["type"] == "score"]
    assert scored, "somebody scored on the way"
    sentences = [s for s in seen if re.fullmatch(r"(Ana|Bo) scores \d+: the ends add up to \d+\.", s)]
    bo = [line for line in scored if line["seat"] == 2]
    assert len(sentences) >= len(bo) and bo, "every point of the computer's was in the feed"
    app.panels.open_log()
    pump(app.root)
    log = app.panels.log_panel.text.get("1.0", "end")
    for line in scored:
        who = "Ana" if line["seat"] == 1 else "Bo"
        assert f"{who} scores {line['points']}: the ends add up to {line['values']['count']}." in log
    assert [s.total for s in model.seats] == [view.totals[1], view.totals[2]]
    assert not app.buttons["end_turn"].winfo_ismapped(), "no End first turn button in a game without EndTurn"


def test_a_long_side_arm_turns_down_at_the_edge_of_a_narrow_table_clear_of_the_other_arms(xvfb_display, fives) -> None:
    import tkinter as tk

    from roundhouse.core.game.tiles import Tile
    from roundhouse.core.text.i18n import ui_catalog
    from roundhouse.frontends.common.game_words import game_words
    from roundhouse.frontends.tk.faces import draw_tile
    from roundhouse.frontends.tk.presenter import Presenter
    from roundhouse.frontends.tk.spinner import draw_cross

    variant = fives.variant.AllFives()
    state = variant.new_match(2, 1)
    state.start()
    right = tuple(Tile.parse(t) for t in "5-6 5-5 4-5 4-4 3-4 3-3 2-3 2-2 1-2 1-1 0-1 0-0".split())
    state.layout = fives.layout.Layout(
        Tile(6, 6),
        {"right": right, "left": (Tile(1, 6),), "up": (Tile(2, 6),), "down": (Tile(3, 6),)},
        {"right": 0, "left": 1, "up": 2, "down": 3},
    )
    state.phase = "normal"
    presenter = Presenter(ui_catalog("en"))
    presenter.game = game_words(variant, "en")
    model = presenter.build(state.view(None), [])
    root = tk.Tk()
    try:
        canvas = tk.Canvas(root, width=420, height=600)
        plan = draw_cross(canvas, model, 420, 600, 0, draw_tile)
        spinner = canvas.bbox("spinner")
        arm = [canvas.bbox(i) for i in canvas.find_withtag("arm:right") if "placed" in canvas.gettags(i)]
        assert len(arm) == len(right) and all(b[2] <= 420 for b in arm), "nothing past the edge"
        turned = [b for b in arm if b[1] > spinner[3] - 1]
        assert turned and all(b[0] > spinner[2] for b in turned), "the rest goes down, right of the spinner"
        down = [canvas.bbox(i) for i in canvas.find_withtag("arm:down")]
        assert all(d[2] < t[0] for d in down for t in turned), "clear of the down arm"
        assert canvas.find_withtag("target:right") and plan.height >= max(b[3] for b in arm)
    finally:
        root.destroy()


def test_the_round_summary_of_a_scoring_game_shows_points_won_apart_from_tiles_left(xvfb_display) -> None:
    import tkinter as tk

    from roundhouse.core.text.i18n import ui_catalog
    from roundhouse.frontends.tk.dialogs import RoundEndDialog

    catalog = ui_catalog("en")
    end = {
        "type": "round_end",
        "round": 1,
        "reason": "target",
        "hands": {"1": ["2-3"], "2": ["4-4", "0-1"]},
        "points": {"1": 65, "2": 10},
        "totals": {"1": 65, "2": 10},
    }
    root = tk.Tk()
    try:
        penalty = catalog.t("tk.round_end.points")
        for gains, shown, hidden in ((True, "Scored this round", penalty), (False, penalty, "Scored this round")):
            dialog = RoundEndDialog(root, catalog, ["Ana", "Bo"], end, [end], lambda: None, "all-fives", gains=gains)
            texts = [w.cget("text") for w in _widgets(dialog.window) if w.winfo_class() == "TLabel"]
            assert shown in texts and hidden not in texts
            assert "Ana reached the target." in [label.cget("text") for label in dialog.story]
            dialog.window.destroy()
    finally:
        root.destroy()


def _widgets(widget) -> list:
    found = []
    for child in widget.winfo_children():
        found += [child, *_widgets(child)]
    return found


def test_the_heading_keeps_clear_of_the_feed_and_the_players_table_names_the_bot_by_its_id(window, fives) -> None:
    """A long goal heading ("Round 1 · first to 61 points") on a narrow table puts the feed under it (#27, #24.8)."""
    app = window
    bots = {"fives-scorer": fives.bot.FivesScorer()}
    session = Session(fives.variant.AllFives(), [Seat("Ana", None), Seat("Bo", "fives-scorer")], bots, seed=2)
    start(app, session)
    for _ in range(6):
        if not session.human_to_move:
            break
        take_with_the_mouse(app, session, choose(session.legal_actions()))
    assert app.window.model.feed, "the computer's moves are in the feed"
    for width in (520, 700, 900):
        app.table.configure(width=width)
        app.root.geometry(f"{width + 500}x760")
        pump(app.root, lambda: False, 0.3)
        app.refresh()
        pump(app.root)
        heading = box(app, "heading")
        for item in app.table.find_withtag("feed"):
            x1, y1, x2, y2 = app.table.bbox(item)
            overlaps = x1 < heading[2] and heading[0] < x2 and y1 < heading[3] and heading[1] < y2
            assert not overlaps, f"the feed runs into the heading at a {app.table.winfo_width()} px table"
    kinds = [app.window.players.tree.set(row, "kind") for row in app.window.players.tree.get_children()]
    assert kinds == ["You", "Computer (fives-scorer)"]
