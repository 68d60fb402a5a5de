"""The real window under Xvfb: the computer's turn made visible, and the hand as the player's tool.

Each test drives the window with generated events (or its click handlers)
and checks canvas items, labels and the session.
"""

from __future__ import annotations

import pytest
from gui_helpers import centre_of, click, pump, seats, start
from tk_scenes import late_round, play_until

from roundhouse.core.game.actions import Draw, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk import palette
from roundhouse.frontends.tk.feed import feed_sentences, turns_since_last_decision
from roundhouse.frontends.tk.hand_order import own_end

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()


def hand_order(app) -> list[Tile]:
    """The hand tiles left to right, top to bottom, as drawn."""
    found = {}
    for item in app.hand.find_withtag("hand"):
        for tag in app.hand.gettags(item):
            if tag.startswith("face:"):
                x1, y1, _x2, _y2 = app.hand.bbox(item)
                found[Tile.parse(tag[5:])] = (round(y1 / 40), x1)
    return sorted(found, key=found.get)


def lit_item(app, key_name: str) -> int:
    return next(i for i in app.table.find_withtag(f"target:{key_name}") if "lit" in app.table.gettags(i))


# ------------------------------------------------------------- computer's turn
def test_a_computer_tile_slides_from_its_owner_row_to_its_place_at_normal_speed(window):
    app = window
    app.settings.speed = "normal"
    app.set_session(make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy", "greedy", "greedy"), 4))
    assert pump(app.root, lambda: app.slide is not None and app.slide.running, 20), "a computer play slides in"
    moving = app.table.bbox("sliding")
    home = app.slide.home
    assert (moving[0], moving[1]) != home, "the tile starts away from its place"
    mover = next(e["seat"] for e in reversed(app.session.record.events) if e.type == "play")
    label = [i for i in app.table.find_withtag("label") if f"row:{mover}" in app.table.gettags(i)]
    lx1, ly1, _lx2, _ly2 = app.table.bbox(label[0])
    assert abs(moving[0] - lx1) < abs(home[0] - lx1) or abs(moving[1] - ly1) < abs(home[1] - ly1), "from its owner"
    assert pump(app.root, lambda: not app.slide.running, 5)
    home = app.slide.home  # the turn's tiles slide in one after another: the last one ends on the last move
    x1, y1, _x2, _y2 = app.table.bbox("last")
    assert (x1, y1) == home and not app.table.find_withtag("sliding"), "it comes to rest on its place"


def test_at_instant_speed_nothing_slides(window):
    app = window
    start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy", "greedy"), 4))
    assert app.slide is None and not app.table.find_withtag("sliding")


def test_each_line_marks_its_latest_tile_and_who_laid_it(window):
    app = window
    session = start(app, late_round(REGISTRY.registry, 4, 40))
    view = session.view(1)
    latest = {}
    for event in view.history:
        if event.type == "play":
            latest[str(event["line"])] = (event["tile"], view.name(event["seat"]))
    assert len(latest) >= 3
    for line, (tile, name) in latest.items():
        chip = [i for i in app.table.find_withtag(f"latest:{line}") if app.table.type(i) == "text"]
        assert [app.table.itemcget(i, "text") for i in chip] == [name]
        tiles = [i for i in app.table.find_withtag(f"face:{tile}") if f"line:{line}" in app.table.gettags(i)]
        tx1, _ty1, tx2, ty2 = app.table.bbox(tiles[0])
        cx, cy = centre_of(app.table, chip[0])
        assert tx1 <= cx <= tx2 and cy > ty2 - 12, "the name sits under that tile"


def test_the_feed_lists_the_computers_moves_and_keeps_them_until_the_human_decides(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy", "greedy", "greedy"), 9))
    assert play_until(session, lambda s: s.human_to_move and len(turns_since_last_decision(s.view(1))) >= 3)
    app.after_change()
    if app.table.find_withtag("feed-toggle"):  # the first turn's long summaries fold (issue 24): open them
        app.window.toggle_feed()
        pump(app.root, lambda: False, 0.2)
    shown = [app.table.itemcget(i, "text") for i in app.table.find_withtag("feed-line")]
    expected = feed_sentences(
        app.catalog, session.view(1), lambda line: app.presenter.line_words(session.view(1), line)
    )
    assert shown == list(expected[-len(shown) :]) and len(shown) >= 3
    assert all(s.split(":")[0] in ("Bo", "Cy", "Di") for s in shown), "only the computers' moves"
    assert any("played" in s or "drew" in s for s in shown)
    playable = app.presenter.playable_tiles(session.legal_actions())
    app.click_hand(str(playable[0]))
    app.cancel()
    assert [app.table.itemcget(i, "text") for i in app.table.find_withtag("feed-line")] == shown, "kept while choosing"
    action = session.legal_actions()[0]
    app.preview_action(action)
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move or session.is_over, 20)
    after = [app.table.itemcget(i, "text") for i in app.table.find_withtag("feed-line")]
    assert after != shown, "a decision starts the feed afresh"


def test_the_feed_title_counts_the_moves_left_out_for_lack_of_room(window):
    app = window
    app.root.geometry("1000x640")
    session = late_round(REGISTRY.registry, 10, 30)
    start(app, session)
    app.after_change()
    pump(app.root, lambda: False, 0.3)
    turns = feed_sentences(app.catalog, session.view(1), lambda line: app.presenter.line_words(session.view(1), line))
    shown = app.table.find_withtag("feed-line")
    (title,) = [i for i in app.table.find_withtag("feed") if i not in shown]
    left_out = len(turns) - len(shown)
    assert left_out > 1, "nine computers' turns do not fit one column"
    assert app.table.itemcget(title, "text") == f"Since your last turn ({left_out} earlier moves in the log)"
    hx1, hy1, hx2, hy2 = app.table.bbox("heading")
    for item in app.table.find_withtag("feed"):
        x1, y1, x2, y2 = app.table.bbox(item)
        assert x2 <= hx1 or x1 >= hx2 or y2 <= hy1 or y1 >= hy2, "the feed keeps clear of the round heading"


def test_every_row_is_as_tall_as_its_wrapped_name_and_counts(window):
    """Polish names and counts wrap onto four lines in a narrow column at 1024x600; no row cuts them off."""
    app = window
    app.root.geometry("1024x600")
    app.set_language("pl")
    start(app, late_round(REGISTRY.registry, 10, 55))
    app.after_change()
    pump(app.root, lambda: False, 0.3)
    canvas = app.table
    row_tags = {tag for item in canvas.find_withtag("label") for tag in canvas.gettags(item) if tag.startswith("row:")}
    assert len(row_tags) == 11
    wrapped = 0
    for tag in row_tags:
        bottom = canvas.bbox(min(canvas.find_withtag(tag)))[3]  # the row's background, drawn first
        texts = [i for i in canvas.find_withtag(tag) if {"label", "counts"} & set(canvas.gettags(i))]
        assert texts and "label" in canvas.gettags(texts[0]), tag  # the name, then counts (no owner: none)
        for item in texts:
            assert canvas.bbox(item)[3] <= bottom + 1, f"{canvas.itemcget(item, 'text')!r} runs out of {tag}"
        wrapped += canvas.bbox(texts[-1])[3] - canvas.bbox(texts[0])[1] > 60  # more than two lines of text
    assert wrapped >= 5, "the narrow Polish labels do wrap"


# ------------------------------------------------------------------- the hand
def test_clicking_an_unplayable_tile_says_why(window):
    app = window
    session = start(app, late_round(REGISTRY.registry, 2, 24))
    legal = session.legal_actions()
    stuck = next(t for t in session.view(1).hand if t not in app.presenter.playable_tiles(legal))
    click(app, app.hand, f"hand:{stuck}")
    text = app.detail.cget("text")
    assert str(stuck) in text or "drawn" in text, text
    assert "MT." not in text and app.presenter.selected is None
    dimmed = [i for i in app.hand.find_withtag(f"hand:{stuck}") if "dim" in app.hand.gettags(i)]
    assert dimmed, "the unplayable tile is drawn dimmed"


def test_the_new_mark_sits_only_on_a_tile_drawn_this_turn_and_clicking_the_draw_preview_confirms(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 5)
    assert play_until(session, lambda s: s.human_to_move and s.legal_actions() == [Draw()])
    start(app, session)
    assert not app.hand.find_withtag("fresh"), "nothing is new before drawing"
    click(app, app.table, "target:@stock")
    assert isinstance(session.preview_pending.action, Draw)
    before = set(session.view(1).hand)
    click(app, app.table, "stock-ghost")
    drawn = set(session.view(1).hand) - before
    assert len(drawn) == 1 and session.log[-1].action == Draw(), "clicking the draw preview confirms it"
    assert session.human_to_move and session.view(1).extra.get("drawn_tile") is not None
    fresh = {t[5:] for i in app.hand.find_withtag("fresh") for t in app.hand.gettags(i) if t.startswith("hand:")}
    assert fresh == {str(t) for t in drawn}
    app.undo()
    pump(app.root)
    assert not app.hand.find_withtag("fresh"), "tiles returned by undo are not new"


def test_a_double_is_previewed_crosswise_as_it_will_lie(window):
    app = window

    def double_to_play(s):
        return s.human_to_move and any(isinstance(a, Play) and a.tile.is_double for a in s.legal_actions())

    for seed in range(1, 60):
        session = make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy"), seed)
        if play_until(session, double_to_play):
            break
    start(app, session)
    action = next(a for a in session.legal_actions() if isinstance(a, Play) and a.tile.is_double)
    click(app, app.hand, f"hand:{action.tile}")
    if session.preview_pending is None or session.preview_pending.action != action:  # several places: choose one
        click(app, app.table, lit_item(app, str(action.line)))
    x1, y1, x2, y2 = app.table.bbox([i for i in app.table.find_withtag("ghost") if app.table.type(i) == "image"][0])
    assert y2 - y1 > x2 - x1, "the double's preview stands crosswise"
    app.confirm()
    laid = [i for i in app.table.find_withtag(f"face:{action.tile}") if app.table.type(i) == "image"]
    lx1, ly1, lx2, ly2 = app.table.bbox(laid[0])
    assert (lx2 - lx1, ly2 - ly1) == (x2 - x1, y2 - y1), "laid exactly as previewed"


def drag(app, source, target_widget, tx, ty):
    """Press on ``source`` in the hand, move past the threshold, release over (tx, ty) of ``target_widget``."""
    app.hand.update_idletasks()
    x, y = centre_of(app.hand, source)
    rx, ry = app.hand.winfo_rootx(), app.hand.winfo_rooty()
    app.hand.event_generate("<ButtonPress-1>", x=x, y=y, rootx=rx + x, rooty=ry + y)
    pump(app.root)
    gx, gy = target_widget.winfo_rootx() + tx, target_widget.winfo_rooty() + ty
    for fraction in (0.3, 0.7, 1.0):
        px, py = int(rx + x + (gx - rx - x) * fraction), int(ry + y + (gy - ry - y) * fraction)
        app.hand.event_generate("<B1-Motion>", x=px - rx, y=py - ry, rootx=px, rooty=py, state=0x100)
        pump(app.root)
    assert app.drag.dragging, "the tile follows the pointer"
    app.hand.event_generate("<ButtonRelease-1>", x=gx - rx, y=gy - ry, rootx=gx, rooty=gy)
    pump(app.root)


def test_dragging_a_tile_to_a_lit_place_previews_it_there(window):
    app = window
    session = start(app, late_round(REGISTRY.registry, 4, 40))
    action = next(a for a in session.legal_actions() if isinstance(a, Play))
    target = next(i for i in app.table.find_withtag(f"target:{action.line}") if "slot" in app.table.gettags(i))
    x, y = centre_of(app.table, target)
    drag(app, f"hand:{action.tile}", app.table, x - int(app.table.canvasx(0)), y - int(app.table.canvasy(0)))
    assert session.preview_pending is not None and session.preview_pending.action == action
    assert not app.drag.dragging


def test_dragging_along_the_hand_sets_an_own_order_kept_across_turns(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy"), 3))
    order = hand_order(app)
    assert order == sorted(order), "by value at first"
    last = order[-1]
    x, y = centre_of(app.hand, f"hand:{order[0]}")
    drag(app, f"hand:{last}", app.hand, x - 20, y)
    assert hand_order(app)[0] == last and app.presenter.order == "own"
    mine = hand_order(app)
    action = session.legal_actions()[0]
    app.preview_action(action)
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move or session.is_over, 20)
    now = hand_order(app)
    assert [t for t in mine if t in now] == now[: len([t for t in mine if t in now])], "kept after the turn"


def test_order_menu_and_arrange_line_the_hand_up(window):
    app = window
    session = start(app, late_round(REGISTRY.registry, 2, 10))
    legal = session.legal_actions()
    app.set_hand_order("playable")
    playable = set(app.presenter.playable_tiles(legal))
    shown = hand_order(app)
    flags = [t in playable for t in shown]
    assert flags == sorted(flags, reverse=True), "playable tiles first"
    decisions = len(session.log)
    app.arrange_hand()
    view = session.view(1)
    chain, end = [], own_end(view)
    for tile in hand_order(app):
        if not tile.has(end):
            break
        chain.append(tile)
        end = tile.other(end)
    assert chain and str(len(chain)) in app.detail.cget("text"), "the arranged chain is announced"
    assert len(session.log) == decisions and session.preview_pending is None, "nothing is played"


def test_restart_says_undo_brings_the_round_back_and_a_new_match_asks_first(window, monkeypatch):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy"), 6))
    app.preview_action(session.legal_actions()[0])
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move, 20)
    app.restart_round()
    pump(app.root)
    assert "Undo" in app.detail.cget("text")
    asked = []
    monkeypatch.setattr(app.startup, "ask_new_match", lambda: asked.append(True) or False)
    from roundhouse.frontends.tk.setup_screen import SetupChoice

    choice = SetupChoice("mexican-train", tuple(session.seats), None, "en", app.settings.theme)
    assert app.apply_setup(choice) == app.t("tk.table.kept")
    assert asked and app.session is session, "declining keeps the match"


def test_the_table_draws_with_the_active_palette(window):
    app = window
    start(app, late_round(REGISTRY.registry, 4, 40))
    dark = palette.Palette(felt="#101820", row="#202830", row_turn="#303840", hand_bg="#181818")
    palette.use(dark)
    try:
        app.refresh()
        assert app.table.cget("background") == "#101820" and app.hand.cget("background") == "#181818"
        rows = [i for i in app.table.find_withtag("row") if app.table.type(i) == "rectangle"]
        fills = {app.table.itemcget(i, "fill") for i in rows}
        assert {"#202830", "#303840"} <= fills and palette.DEFAULT.row not in fills
    finally:
        palette.use(palette.DEFAULT)
    app.refresh()
    assert app.table.cget("background") == palette.DEFAULT.felt


def test_the_side_panel_shows_who_plays_each_seat_in_full(window):
    """The "who plays" column widens to its longest words (French levels are long), so none is cut off."""
    from tkinter import font as tkfont

    app = window
    app.set_language("fr")
    start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "greedy", "planner"), 3))
    pump(app.root)
    kinds = [app.players.item(i, "values")[0] for i in app.players.get_children()]
    assert "Ordinateur (difficile)" in kinds
    widest = max(tkfont.nametofont("TkDefaultFont").measure(kind) for kind in kinds)
    assert int(app.players.column("kind", "width")) >= widest


def test_the_side_panel_shows_every_name_and_heading_in_full(window):
    """Names and column headings are not cut either: "Ordinateur 3" and "Dominos" are wider than the old columns."""
    from tkinter import font as tkfont

    from roundhouse.core.play.session import Seat

    app = window
    app.set_language("fr")
    table = [Seat("Ana")] + [Seat(f"Ordinateur {n}", "planner") for n in (2, 3, 4)]
    start(app, make_session(REGISTRY.registry, "double-nine-branch", table, 11))
    pump(app.root)
    cell = tkfont.nametofont("TkDefaultFont").measure
    heading = tkfont.nametofont("TkHeadingFont").measure
    names = [app.players.item(i, "text").strip("▶● ") for i in app.players.get_children()]
    assert names == ["Ana", "Ordinateur 2", "Ordinateur 3", "Ordinateur 4"]
    assert int(app.players.column("#0", "width")) >= max(cell(f"▶ {name} ●") for name in names)
    for column in ("#0", "kind", "hand", "total"):
        title = app.players.heading(column, "text")
        assert int(app.players.column(column, "width")) > heading(title), (column, title)
    assert app.players.heading("hand", "text") == "Dominos"
