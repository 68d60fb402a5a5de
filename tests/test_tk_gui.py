"""The real Tk window under Xvfb: clicks, keys, hot-seat secrecy, panels pausing the computer.

Every test opens a real window on the virtual display from ``xvfb_display``
and drives it with generated events, then checks the session.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from gui_helpers import ask_hint, centre_of, click, key, pump, seats, start
from tk_scenes import play_until

from roundhouse.core.game.actions import Draw, OpenDouble, Pass, PlaceEngine, Play, without_clauses
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.core.text.notices import Notice
from roundhouse.frontends.common.reasons import sentence_start
from roundhouse.frontends.tk import settings as tk_settings

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()


def hand_faces(app) -> set[str]:
    return {t[5:] for item in app.hand.find_withtag("hand") for t in app.hand.gettags(item) if t.startswith("face:")}


def descendants(widget) -> list:
    """Every widget inside ``widget``, at any depth."""
    found = []
    for child in widget.winfo_children():
        found += [child, *descendants(child)]
    return found


def all_faces(canvas) -> set[str]:
    return {t[5:] for item in canvas.find_all() for t in canvas.gettags(item) if t.startswith("face:")}


def first_play(session):
    return next(a for a in session.legal_actions() if isinstance(a, (Play, PlaceEngine)))


def play_by_clicks(app, action):
    """Preview the action by clicks: its tile in the hand, then (when the tile has several places) its lit place."""
    click(app, app.hand, f"hand:{action.tile}")
    pending = app.session.preview_pending
    if pending is not None and pending.action == action:
        return  # its only place: the click on the tile previewed it there (issue 24)
    key_name = "@centre" if isinstance(action, (PlaceEngine, OpenDouble)) else str(action.line)
    target = [i for i in app.table.find_withtag(f"target:{key_name}") if "lit" in app.table.gettags(i)]
    assert target, f"{key_name} is not lit for {action.tile}"
    click(app, app.table, target[0])


def test_DX_10_DX_2_click_tile_then_place_previews_then_confirm_applies(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random", "random"), 11)

    def two_places(s):
        plays = [a for a in s.legal_actions() if isinstance(a, Play)] if s.human_to_move else []
        return any(len([b for b in plays if b.tile == a.tile]) >= 2 for a in plays)

    assert advance(session, two_places, 400)
    start(app, session)
    plays = [a for a in session.legal_actions() if isinstance(a, Play)]
    action = next(a for a in plays if len([b for b in plays if b.tile == a.tile]) >= 2)
    before = len(session.log)
    play_by_clicks(app, action)
    assert session.preview_pending is not None and session.preview_pending.action == action
    assert app.table.find_withtag("ghost"), "the previewed tile is ghosted on the table"
    assert len(session.log) == before, "a preview changes nothing"
    elsewhere = [i for i in app.table.find_withtag("lit") if f"target:{action.line}" not in app.table.gettags(i)]
    click(app, app.table, elsewhere[0])
    changed = session.preview_pending.action
    assert changed != action and changed.tile == action.tile, "the preview moves to the other place"
    key(app, "<Escape>")
    assert session.preview_pending is None and app.presenter.selected == action.tile, "Esc drops the preview only"
    click(
        app, app.table, [i for i in app.table.find_withtag(f"target:{action.line}") if "lit" in app.table.gettags(i)][0]
    )
    key(app, "<Return>")
    assert session.log[before].action == action
    assert pump(app.root, lambda: session.human_to_move or session.is_over, 20)


def test_DX_2_draw_preview_hides_the_face_and_only_the_drawer_sees_it(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 5)
    for _ in range(400):
        if session.human_to_move and session.legal_actions() == [Draw()]:
            break
        if session.bot_to_move:
            session.step()
        else:
            session.decide(session.legal_actions()[0])
    assert session.legal_actions() == [Draw()], "the seed should reach a draw for the human"
    start(app, session)
    hand_before = hand_faces(app)
    click(app, app.table, "target:@stock")
    assert isinstance(session.preview_pending.action, Draw)
    assert app.table.find_withtag("stock-ghost")
    assert hand_faces(app) == hand_before, "a draw preview never shows the tile"
    assert not all_faces(app.table) & set(map(str, session.state.boneyard)), "the boneyard is never shown"
    app.buttons["confirm"].invoke()
    pump(app.root)
    assert session.record.events[-1].type == "draw"
    hand_now = {str(t) for t in session.view(1).hand}
    assert hand_faces(app) == hand_now and len(hand_now) == len(hand_before) + 1


def test_DX_3_hot_seat_never_draws_another_hand(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, None, "random"), 21))
    handoffs, last = 0, None
    for _ in range(16):
        assert pump(app.root, lambda: session.human_to_move, 20)
        seat = session.pending_seat
        if seat != last:
            assert app.handoff_visible(), "a hand-off screen comes before every human's turn"
        if app.handoff_visible():
            assert not app.hand.find_withtag("hand"), "no hand is drawn behind the hand-off screen"
            assert app.model.hand == ()
            assert session.seats[seat - 1].name in app.handoff.label.cget("text")
            key(app, "<Return>")
            handoffs += 1
        assert not app.handoff_visible()
        own = {str(t) for t in session.view(seat).hand}
        assert hand_faces(app) == own
        others = {str(t) for s in (1, 2) if s != seat for t in session.view(s).hand}
        assert not (all_faces(app.hand) | all_faces(app.table)) & others
        legal = session.legal_actions()
        app.preview_action(next((a for a in legal if isinstance(a, (Play, PlaceEngine))), legal[0]))
        key(app, "<Return>")
        last = seat
        if app._screen is not None:
            app._screen.close()
            pump(app.root)
            last = None
    assert handoffs >= 6


def test_DX_5_rules_and_log_panels_make_the_computer_wait(window):
    app = window
    seed = next(
        s for s in range(100) if make_session(REGISTRY.registry, "mexican-train", seats("random", None), s).bot_to_move
    )
    session = make_session(REGISTRY.registry, "mexican-train", seats("random", None), seed)
    app.settings.speed = "slow"  # F1 lands well before the computer's first move, even on a busy machine
    app.set_session(session)
    key(app, "<F1>")
    assert app.rules_panel is not None and app.rules_panel.open
    assert app.rules_panel.text.get("1.0", "end").strip()
    pump(app.root, lambda: False, 0.8)
    assert session.log == [] and session.paused
    app.rules_panel.close()
    assert pump(app.root, lambda: session.human_to_move, 20)
    moved = len(session.log)
    assert moved > 0
    app.preview_action(first_play(session))
    key(app, "<Control-l>")
    assert app.log_panel is not None and app.log_panel.open
    app.confirm()
    pump(app.root, lambda: False, 0.4)
    assert len(session.log) == moved + 1 and session.bot_to_move or session.human_to_move
    text = app.log_panel.text.get("1.0", "end")
    assert "Round 1: tiles dealt" in text
    app.log_panel.close()
    assert pump(app.root, lambda: session.human_to_move or session.is_over, 20)


def test_DX_6_DX_7_accelerators_undo_redo_hint_restart(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "random", "random"), 31))
    app.preview_action(first_play(session))
    app.confirm()
    assert pump(app.root, lambda: session.human_to_move, 20)
    done = list(session.log)
    key(app, "<Control-z>")
    assert len(session.log) < len(done) and session.human_to_move
    key(app, "<Control-y>")
    assert session.log == done
    ask_hint(app)
    assert session.preview_pending.hint
    assert "Hint" in app.detail.cget("text")
    key(app, "<Escape>")
    assert session.preview_pending is None
    key(app, "<Control-r>")
    assert [e for e in session.log if e.action is None], "the restart is in the log"
    assert session.view(None).round == 1
    assert pump(app.root, lambda: session.human_to_move, 20)


def test_DX_10_keyboard_alone_plays_a_tile(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 41))
    before = len(session.log)
    key(app, "<Right>")
    assert app.presenter.selected is not None
    assert app.table.find_withtag("lit")
    key(app, "<Down>")
    key(app, "<Return>")
    assert session.preview_pending is not None
    chosen = session.preview_pending.action
    assert getattr(chosen, "tile", None) == app.presenter.selected
    key(app, "<Return>")
    assert session.log[before].action == chosen


def test_DX_2_forced_pass_is_shown_with_its_reason(window):
    app = window
    for seed in range(200):
        session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), seed)
        for _ in range(300):
            if session.is_over or (session.human_to_move and session.legal_actions() == [Pass()]):
                break
            if session.bot_to_move:
                session.step()
            else:
                legal = session.legal_actions()
                session.decide(next((a for a in legal if isinstance(a, Draw)), legal[-1]))
        if session.human_to_move and session.legal_actions() == [Pass()]:
            break
    start(app, session)
    reason = session.pass_reason()
    assert reason and session.preview_pending is not None and session.preview_pending.action == Pass()
    assert app.detail.cget("text") == sentence_start(without_clauses(reason)), "told to the player as a sentence"
    assert not re.search(r"\((MT|DB|DX)\.\d", app.detail.cget("text")), "no rule clause id reaches the player"
    assert app.buttons["confirm"].cget("text") == "OK, pass"
    app.buttons["confirm"].invoke()
    pump(app.root)
    assert session.log[-1].action == Pass() or any(e.action == Pass() and e.seat == 1 for e in session.log)


def test_DX_3_round_end_reveals_every_hand_then_match_end_names_winners(window):
    app = window
    variant = REGISTRY.registry.variant("mexican-train")
    params = {**variant.default_params(), "rounds": 1}
    session = make_session(REGISTRY.registry, "mexican-train", seats("random", "random"), 7, params)
    start(app, session, lambda: app._screen is not None)
    from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog

    screen = app._screen
    assert isinstance(screen, RoundEndDialog)
    event = next(e for e in session.record.events if e.type == "round_end")
    shown = set()
    for widget in descendants(screen.window):
        if widget.winfo_class() == "Canvas":
            shown |= all_faces(widget)
    assert shown == {t for hand in event["hands"].values() for t in hand}
    assert session.paused
    screen.close()
    pump(app.root)
    assert isinstance(app._screen, MatchEndDialog)
    winners = [session.seats[w - 1].name for w in session.state.winners()]
    labels = [w.cget("text") for w in descendants(app._screen.window) if w.winfo_class() == "TLabel"]
    assert any(all(name in text for name in winners) for text in labels)
    app._screen.close("again")
    pump(app.root)
    assert session.match_number == 2


def test_DX_8_setup_dialog_starts_the_chosen_match_and_theme_is_remembered(window):
    app = window
    start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 3))
    key(app, "<Control-n>")
    dialog = app.setup_dialog
    assert dialog is not None and app.session.paused
    dialog.players.set(3)
    dialog._rebuild_seats()
    names = ["Eve", "Fay", "Gus"]
    kinds = [dialog.kinds[0], dialog.kinds[0], next(k for k in dialog.kinds if "easy" in k)]
    for (name_var, kind_var), name, kind in zip(dialog.seat_rows, names, kinds, strict=True):
        name_var.set(name)
        kind_var.set(kind)
    dialog.seed.set("not a number")
    dialog.submit()
    assert "whole number" in dialog.error.cget("text") and dialog.window.winfo_exists()
    dialog.seed.set("1234")
    dialog.theme.set("Dark")
    dialog.lang.set("Português")
    dialog.submit()
    pump(app.root)
    assert not dialog.window.winfo_exists()
    session = app.session
    assert [s.name for s in session.seats] == names and [s.bot for s in session.seats] == [None, None, "random"]
    assert session.seed == 1234
    assert tk_settings.load().theme == "dark"
    assert app.lang == "pt"
    assert app.menubar.entrycget(0, "label") == ui_catalog("pt").t("tk.menu.game") != ui_catalog("en").t("tk.menu.game")
    assert pump(app.root, lambda: app.handoff_visible(), 10)
    assert Tile(12, 12) == session.view(None).extra["engine"]


def test_DB_open_double_by_clicking_it_then_branches_show_their_open_order(window):
    app = window
    registry = REGISTRY.registry
    session = next(
        s
        for s in (make_session(registry, "double-nine-branch", seats(None, "random", "random"), n) for n in range(200))
        if s.human_to_move
    )
    start(app, session)
    opening = next(a for a in session.legal_actions() if isinstance(a, OpenDouble))
    click(app, app.hand, f"hand:{opening.tile}")  # its only place is the centre: previewed there at once
    assert session.preview_pending is not None and session.preview_pending.action == opening
    assert app.table.find_withtag("ghost")
    app.buttons["confirm"].invoke()
    assert pump(app.root, lambda: session.human_to_move or app._screen is not None or session.is_over, 20)
    assert session.view(None).centre == opening.tile
    assert f"face:{opening.tile}" in {t for i in app.table.find_withtag("centre") for t in app.table.gettags(i)}

    def ranked(s):
        return s.human_to_move and len([ln for ln in s.view(None).lines if ln.open_rank]) >= 2

    later = next(
        s
        for s in (make_session(registry, "double-nine-branch", seats(None, "random", "random"), n) for n in range(200))
        if advance(s, ranked)
    )
    start(app, later)
    badges = {app.table.itemcget(i, "text") for i in app.table.find_withtag("marker") if app.table.type(i) == "text"}
    assert {"open #1", "open #2"} <= badges


def advance(session, stop, limit: int = 300) -> bool:
    """Play on (humans take their last legal action) until ``stop(session)``; False at a round end."""
    return play_until(session, stop, limit, choose=lambda legal: legal[-1])


class FakeStore:
    """Records the persistence calls the window makes (the real store is tested elsewhere)."""

    def __init__(self, saved, session):
        self.saved, self.session, self.attached, self.resumed, self.paused = saved, session, [], [], []

    def saved_match(self, match_id=None):
        return self.saved

    def pause(self, match_id):
        self.paused.append(match_id)

    def resume(self, saved, registry):
        self.resumed.append(saved)
        return self.session

    def attach(self, session):
        self.attached.append(session)


def test_store_hooks_resume_and_attach_every_session(window, monkeypatch):
    app = window
    saved_session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 77)
    saved = SimpleNamespace(id=1, variant="mexican-train", seats=tuple(saved_session.seats), updated=None)
    app.store = FakeStore(saved, saved_session)
    monkeypatch.setattr(app.startup, "ask_resume", lambda summary, match_id: "#1: Mexican Train; Ana, Bo" in summary)
    app.start()
    assert app.store.resumed == [saved] and app.session is saved_session and app.store.paused == []
    assert app.store.attached == [saved_session]
    app.new_match()
    app.apply_setup(app.current_choice())
    assert len(app.store.attached) == 2 and app.store.attached[1] is app.session is not saved_session
    app.store = FakeStore(None, None)
    app.options = PlayOptions(variant="mexican-train", players=3, humans=1, bot="random", seed=5)
    app.start()
    assert app.store.resumed == [] and app.store.attached == [app.session]
    assert [s.bot for s in app.session.seats] == [None, "random", "random"] and app.session.seed == 5
    assert [s.name for s in app.session.seats] == ["Player 1", "Computer 2", "Computer 3"], "the window's words"


def test_store_warnings_are_shown_once_each_in_the_window(window, monkeypatch):
    app = window
    shown = []
    monkeypatch.setattr(
        "roundhouse.frontends.tk.startup.messagebox.showwarning", lambda title, text, parent: shown.append(text)
    )
    app.store = FakeStore(None, None)
    app.store.warnings = ["The save file was damaged; it was moved aside."]
    app.options = PlayOptions(variant="mexican-train", players=2, humans=1, bot="random", seed=3)
    app.start()
    assert shown == ["The save file was damaged; it was moved aside."]
    app.store.warnings.append("Saving is off for this match.")
    app.after_change()
    app.after_change()
    assert shown[1:] == ["Saving is off for this match."]


def test_store_warnings_are_shown_in_the_windows_language(window, monkeypatch):
    app = window
    shown = []
    monkeypatch.setattr(
        "roundhouse.frontends.tk.startup.messagebox.showwarning", lambda title, text, parent: shown.append(text)
    )
    app.store = FakeStore(None, None)
    app.store.warnings = [Notice("store.save_failed", error="database or disk is full")]
    app.catalog = ui_catalog("pl")
    app.options = PlayOptions(variant="mexican-train", players=2, humans=1, bot="random", seed=3)
    app.start()
    assert shown == [
        "Zapis się nie powiódł (database or disk is full); partia trwa dalej, ale ostatnie ruchy mogą nie być zapisane."
    ]


def test_computer_moves_are_paced_with_after_and_never_run_inside_the_call(window):
    app = window
    app.settings.speed = "fast"
    seed = next(
        s for s in range(100) if make_session(REGISTRY.registry, "mexican-train", seats("random", None), s).bot_to_move
    )
    session = make_session(REGISTRY.registry, "mexican-train", seats("random", None), seed)
    app.set_session(session)
    assert session.log == [], "set_session returns at once; the computer moves later, from the event loop"
    assert pump(app.root, lambda: len(session.log) >= 1, 10)
    assert {entry.seat for entry in session.log} == {1}, "one computer turn per paced step (issue 24)"
    feed = " ".join(app.table.itemcget(i, "text") for i in app.table.find_withtag("feed-line"))
    assert "Ana" in feed, "the moves are told in words"
    assert app.table.find_withtag("last") or app.model.centre_last, "and highlighted"
    assert pump(app.root, lambda: session.human_to_move, 20)


def play_with_the_mouse_only(app, session, limit=600):
    """Play the human's decisions by clicking hand tiles, places, the boneyard and buttons, to the match end."""
    from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog

    for _ in range(limit):
        assert pump(app.root, lambda: session.human_to_move or app._screen is not None or session.is_over, 30)
        if isinstance(app._screen, RoundEndDialog):
            app._screen.button.invoke()
            continue
        if isinstance(app._screen, MatchEndDialog):
            return
        if session.is_over:
            return
        legal = session.legal_actions()
        if session.preview_pending is not None:  # a forced pass, previewed with its reason
            assert legal == [Pass()]
        elif any(hasattr(a, "tile") for a in legal):
            play_by_clicks(app, next(a for a in legal if hasattr(a, "tile")))
        elif Draw() in legal:
            click(app, app.table, "target:@stock")
        else:
            app.buttons["end_turn"].invoke()
        assert session.preview_pending is not None
        app.buttons["confirm"].invoke()
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    "variant, params",
    [("mexican-train", {"rounds": 1}), ("double-nine-branch", {"target": 15})],
)
def test_a_whole_match_is_playable_with_the_mouse_alone(window, variant, params):
    app = window
    registry = REGISTRY.registry
    chosen = {**registry.variant(variant).default_params(), **params}
    session = make_session(registry, variant, seats(None, "random"), 12, chosen)
    start(app, session)
    play_with_the_mouse_only(app, session)
    assert session.is_over and session.state.winners()
    assert any(e.seat == 1 for e in session.log), "the human took part"


def close_with_return(app, dialog) -> None:
    """Press Return in a round's end screen once it has the keyboard (on a busy machine focus comes late)."""
    assert pump(app.root, lambda: app.root.focus_get() is dialog.button, 10), "the screen takes the keyboard"
    dialog.window.event_generate("<Return>")
    assert pump(app.root, lambda: app._screen is not dialog, 10), "Return closes the round's end"


def play_with_the_keyboard_only(app, session, limit=600):
    """Play the human's decisions with the selector keys and Enter, to the match end."""
    from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog

    for _ in range(limit):
        assert pump(app.root, lambda: session.human_to_move or app._screen is not None or session.is_over, 30)
        if isinstance(app._screen, RoundEndDialog):
            close_with_return(app, app._screen)
            continue
        if isinstance(app._screen, MatchEndDialog) or session.is_over:
            return
        legal = session.legal_actions()
        before = len(session.log)
        if session.preview_pending is None:
            if any(hasattr(a, "tile") for a in legal):
                key(app, "<Right>")
                key(app, "<Down>")
            else:
                key(app, "d" if Draw() in legal else "e")
            if session.preview_pending is None:
                key(app, "<Return>")
        assert session.preview_pending is not None and session.preview_pending.action in legal
        key(app, "<Return>")
        assert len(session.log) > before
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    "variant, params",
    [("mexican-train", {"rounds": 1}), ("double-nine-branch", {"target": 15})],
)
def test_DX_10_a_whole_match_is_playable_with_the_keyboard_alone(window, variant, params):
    app = window
    registry = REGISTRY.registry
    chosen = {**registry.variant(variant).default_params(), **params}
    session = make_session(registry, variant, seats(None, "random"), 13, chosen)
    start(app, session)
    play_with_the_keyboard_only(app, session)
    assert session.is_over and any(e.seat == 1 for e in session.log)


def test_DX_3_open_log_shows_private_lines_only_to_the_acknowledged_human(window):
    app = window
    session = start(app, make_session(REGISTRY.registry, "mexican-train", seats(None, None), 23))
    key(app, "<Control-l>")
    panel = app.log_panel
    for _ in range(6):
        assert pump(app.root, lambda: session.human_to_move, 20)
        if app.handoff_visible():
            assert panel.text.tag_ranges("private") == (), "no private line behind the hand-off screen"
            assert "Your hand:" not in panel.text.get("1.0", "end")
            key(app, "<Return>")
        seat = session.pending_seat
        own = " ".join(str(t) for t in session.record.events[0]["hands"][str(seat)])
        assert panel.text.tag_ranges("private") and own in panel.text.get("1.0", "end")
        legal = session.legal_actions()
        session.decide(next((a for a in legal if isinstance(a, (Play, PlaceEngine))), legal[0]))
        app.after_change()
    panel.close()


def test_DX_10_double_click_previews_a_tile_with_one_place_and_right_click_cancels(window):
    app = window
    session = make_session(REGISTRY.registry, "mexican-train", seats(None, "random"), 17)

    def one_place(s):
        if not s.human_to_move:
            return False
        plays = [a for a in s.legal_actions() if isinstance(a, Play)]
        return s.view(1).phase == "normal" and any([b.tile for b in plays].count(a.tile) == 1 for a in plays)

    assert advance(session, one_place, 400)
    start(app, session)
    plays = [a for a in session.legal_actions() if isinstance(a, Play)]
    action = next(a for a in plays if [b.tile for b in plays].count(a.tile) == 1)
    app.hand.update_idletasks()
    x, y = centre_of(app.hand, f"hand:{action.tile}")
    for step, kind in enumerate(("ButtonPress", "ButtonRelease", "ButtonPress", "ButtonRelease")):
        app.hand.event_generate(f"<{kind}-1>", x=x, y=y, time=1000 + 20 * step)
    pump(app.root)
    assert session.preview_pending is not None and session.preview_pending.action == action
    x, y = centre_of(app.table, "ghost")
    app.table.event_generate("<Button-3>", x=x, y=y)
    pump(app.root)
    assert session.preview_pending is None, "a right click cancels the preview"


def test_language_comes_from_the_system_locale_when_not_chosen(window, monkeypatch):
    from roundhouse.frontends.tk.app import TkApp

    monkeypatch.setenv("LANGUAGE", "pl_PL.UTF-8")
    other = TkApp(window.root, REGISTRY, PlayOptions(), None, tk_settings.Settings(theme="arc", speed="instant"))
    assert other.lang == "pl" and other.catalog.lang == "pl"


def _visible_texts(app) -> list[str]:
    """Every string the window shows: menus, status lines, buttons, panel, canvas texts."""
    texts = [app.root.title(), app.status.cget("text"), app.detail.cget("text"), app.side_info.cget("text")]
    texts += [button.cget("text") for button in app.buttons.values()]
    texts += [app.players_frame.cget("text")]
    last = app.menubar.index("end")
    for index in range(last + 1):
        texts.append(app.menubar.entrycget(index, "label"))
    for canvas in (app.table, app.hand):
        texts += [canvas.itemcget(item, "text") for item in canvas.find_all() if canvas.type(item) == "text"]
    return [text for text in texts if text]


@pytest.mark.parametrize("variant", ["mexican-train", "double-nine-branch"])
@pytest.mark.parametrize("lang", ["pl", "id"])
def test_window_smoke_in_polish_and_indonesian(window, variant, lang):
    """Issue 8: the whole window speaks the chosen language; no English interface sentence shows."""
    from roundhouse.frontends.tk.app import TkApp

    app = TkApp(window.root, REGISTRY, PlayOptions(lang=lang), None, tk_settings.Settings(theme="arc", speed="instant"))
    start(app, make_session(REGISTRY.registry, variant, seats(None, "random", "random"), 4))
    shown = _visible_texts(app)
    own, english = ui_catalog(lang), ui_catalog("en")
    assert own.t("tk.menu.game") in shown and own.t("tk.button.hint") in shown
    sentences = {key: text for key, text in english.strings.items() if len(text) >= 12 and "{" not in text}
    leaks = sorted(key for key, text in sentences.items() if any(text in line for line in shown))
    assert leaks == []


@pytest.mark.parametrize("variant", ["mexican-train", "double-nine-branch"])
def test_round_end_screen_stands_over_the_final_layout_of_its_round(window, variant):
    app = window
    defaults = REGISTRY.registry.variant(variant).default_params()
    params = {**defaults, "rounds": 2} if variant == "mexican-train" else {**defaults, "target": 500}
    session = make_session(REGISTRY.registry, variant, seats("random", "random", "random"), 11, params)
    start(app, session, lambda: app._screen is not None)
    events = session.record.events
    end = next(i for i, e in enumerate(events) if e.type == "round_end")
    laid = {e["tile"] for e in events[:end] if e.type in ("engine", "open", "play")}
    assert session.state.round == 2, "the next round is already dealt behind the screen"
    assert all_faces(app.table) == laid
    assert app.status.cget("text") == ui_catalog("en").t("tk.round_end.title", round=1)
    app._screen.close()
    assert all_faces(app.table) != laid  # closed: the table shows the new round again
