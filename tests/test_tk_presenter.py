"""The Tk window's logic without a display: views + legal actions → drawing model, clicks → actions."""

from __future__ import annotations

from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.core.game.actions import Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, OwedDouble, PlayerView
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.tk import TkFrontend
from roundhouse.frontends.tk import settings as tk_settings
from roundhouse.frontends.tk.board_model import CENTRE, STOCK, lay
from roundhouse.frontends.tk.logtext import event_text
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.row_labels import wrapped_lines

T = Tile


def make_view(**changes) -> PlayerView:
    """A Mexican Train view for seat 1 (Ana) with a few trains."""
    base = dict(
        variant="mexican-train",
        seat=1,
        players=3,
        names=("Ana", "Bo", "Cy"),
        round=1,
        rounds=13,
        phase="normal",
        to_move=1,
        hand=(T(5, 12), T(3, 7), T(7, 7), T(0, 1)),
        hand_counts=MappingProxyType({1: 4, 2: 6, 3: 2}),
        stock_count=40,
        centre=T(12, 12),
        lines=(
            LineView(1, 1, (T(12, 3),), 3, False),
            LineView(2, 2, (T(12, 7), T(7, 7)), 7, True),
            LineView(3, 3, (), 12, False),
            LineView("mexican", None, (T(12, 5),), 5, True),
        ),
        owed=(),
        totals=MappingProxyType({1: 10, 2: 0, 3: 25}),
        history=(),
        extra=MappingProxyType({"engine": T(12, 12)}),
    )
    base.update(changes)
    return PlayerView(**base)


@pytest.fixture
def presenter() -> Presenter:
    return Presenter(ui_catalog("en"))


LEGAL = [Play(T(5, 12), 3), Play(T(5, 12), "mexican"), Play(T(3, 7), 1), Play(T(3, 7), 2), Play(T(7, 7), 2)]


def lit(model) -> set:
    return {line.id for line in model.lines if line.target}


def test_DX_10_clicking_a_tile_lights_its_legal_places(presenter):
    assert presenter.click_hand(T(5, 12), LEGAL)
    model = presenter.build(make_view(), LEGAL)
    assert lit(model) == {3, "mexican"}
    assert [h.tile for h in model.hand if h.selected] == [T(5, 12)]
    assert presenter.click_target("mexican", LEGAL) == Play(T(5, 12), "mexican")
    assert presenter.click_target(1, LEGAL) is None


def test_DX_10_unplayable_tile_cannot_be_selected(presenter):
    assert not presenter.click_hand(T(0, 1), LEGAL)
    assert presenter.selected is None
    model = presenter.build(make_view(), LEGAL)
    assert {h.tile: h.playable for h in model.hand} == {T(5, 12): True, T(3, 7): True, T(7, 7): True, T(0, 1): False}
    assert lit(model) == set()


def test_DX_10_clicking_the_selected_tile_again_unselects_it(presenter):
    presenter.click_hand(T(3, 7), LEGAL)
    presenter.click_hand(T(3, 7), LEGAL)
    assert presenter.selected is None


def test_DX_2_preview_ghosts_the_tile_at_its_place_and_lights_nothing(presenter):
    presenter.click_hand(T(3, 7), LEGAL)
    model = presenter.build(make_view(), LEGAL, Play(T(3, 7), 1))
    ghost = next(line.ghost for line in model.lines if line.id == 1)
    assert (ghost.tile, ghost.left, ghost.right) == (T(3, 7), 3, 7)
    assert all(line.ghost is None for line in model.lines if line.id != 1)
    assert lit(model) == {2}, "the tile's other place stays lit: the preview can be changed there"
    assert presenter.click_target(2, LEGAL) == Play(T(3, 7), 2)
    assert model.can_confirm and model.can_cancel
    assert "play 3-7 on Ana's train" in model.detail


def test_DX_2_draw_preview_is_face_down(presenter):
    legal = [Draw()]
    assert presenter.targets(legal) == {STOCK: Draw()}
    assert presenter.click_target(STOCK, legal) == Draw()
    idle = presenter.build(make_view(), legal)
    assert idle.stock_target and "boneyard" in idle.detail
    model = presenter.build(make_view(), legal, Draw())
    assert model.stock_ghost and not model.stock_target
    assert all(line.ghost is None for line in model.lines)
    assert model.centre_ghost is None


def test_DX_2_forced_pass_shows_reason_and_is_acknowledged(presenter):
    reason = "Ana cannot play the drawn tile and passes; the train gets a marker (MT.9b)"
    model = presenter.build(make_view(), [Pass()], Pass(), pass_reason=reason)
    assert model.detail == reason
    assert model.confirm_label == "OK, pass"
    assert model.can_confirm and not model.can_cancel


def test_MT_6c_end_first_turn_is_offered(presenter):
    legal = [Play(T(3, 7), 1), EndTurn()]
    model = presenter.build(make_view(phase="first_turn"), legal)
    assert model.can_end_turn
    assert "first turn" in model.status
    assert not presenter.build(make_view(), LEGAL).can_end_turn


def test_MT_5_engine_goes_to_the_centre(presenter):
    view = make_view(
        centre=None,
        lines=tuple(LineView(ln.id, ln.owner, (), 12, ln.id == "mexican") for ln in make_view().lines),
        hand=(T(12, 12), T(1, 2)),
        phase="engine",
    )
    legal = [PlaceEngine(T(12, 12))]
    model = presenter.build(view, legal)
    assert model.centre_target
    assert "12-12" in model.status
    assert presenter.click_target(CENTRE, legal) == PlaceEngine(T(12, 12))
    preview = presenter.build(view, legal, PlaceEngine(T(12, 12)))
    assert preview.centre_ghost == T(12, 12)


def test_DB_open_double_needs_the_chosen_double(presenter):
    view = make_view(variant="double-nine-branch", centre=None, hand=(T(9, 9), T(4, 4), T(1, 2)), rounds=None)
    legal = [OpenDouble(T(9, 9)), OpenDouble(T(4, 4))]
    assert presenter.click_target(CENTRE, legal) is None
    assert "double" in presenter.build(view, legal).detail
    presenter.click_hand(T(4, 4), legal)
    assert presenter.build(view, legal).centre_target
    assert presenter.click_target(CENTRE, legal) == OpenDouble(T(4, 4))


def test_MT_12_owed_doubles_are_numbered_oldest_first_and_named_in_the_status(presenter):
    lines = (
        LineView(1, 1, (T(12, 3), T(3, 3)), 3, False),
        LineView(2, 2, (T(12, 7), T(7, 7)), 7, True),
        LineView(3, 3, (), 12, False),
        LineView("mexican", None, (T(12, 5),), 5, True),
    )
    view = make_view(lines=lines, owed=(OwedDouble(T(7, 7), 2), OwedDouble(T(3, 3), 1)), to_move=3, seat=1)
    model = presenter.build(view, [])
    orders = {line.id: [p.owed_order for p in line.tiles] for line in model.lines}
    assert orders[2] == [None, 1] and orders[1] == [None, 2]
    assert "Cover 7-7 on Bo's train" in model.status
    assert "Cy's turn" in model.status


def test_MT_10_markers_and_DB_8_open_order_are_badges(presenter):
    model = presenter.build(make_view(), [])
    badges = {line.id: line.badge for line in model.lines}
    assert badges == {1: "", 2: "marker", 3: "", "mexican": ""}
    lines = (
        LineView(1, 1, (), 9, True, open_rank=2),
        LineView(2, 2, (), 9, True, open_rank=1),
        LineView(3, 3, (), 9, False),
    )
    db = presenter.build(make_view(variant="double-nine-branch", lines=lines, centre=T(9, 9)), [])
    assert [line.badge for line in db.lines] == ["open #2", "open #1", ""]
    assert [line.label for line in db.lines] == ["Ana's branch", "Bo's branch", "Cy's branch"]


def test_a_row_label_never_leaves_the_number_of_a_name_alone_on_a_line():
    """ "ramo de Computador 2" wraps before "Computador 2", not before "2"; a long name still wraps between words."""
    presenter = Presenter(ui_catalog("pt"))
    names = ("Ana", "Computador 2", "Maria Fernanda Souza")
    view = make_view(variant="double-nine-branch", names=names, centre=T(9, 9))
    labels = [line.label for line in presenter.build(view, []).lines if line.id != "mexican"]
    assert labels == ["ramo de Ana", "ramo de Computador\u00a02", "ramo de Maria Fernanda Souza"]
    assert wrapped_lines(labels[1], len, len("ramo de Computador")) == 2
    assert "Computador\u00a02" in labels[1].split(" ")


def test_table_shows_counts_totals_and_whose_turn(presenter):
    model = presenter.build(make_view(), LEGAL)
    assert [(s.name, s.hand_count, s.total, s.to_move) for s in model.seats] == [
        ("Ana", 4, 10, True),
        ("Bo", 6, 0, False),
        ("Cy", 2, 25, False),
    ]
    assert model.stock_count == 40 and "40" in model.stock_label
    assert "Your turn, Ana" in model.status
    assert [line.label for line in model.lines] == ["Ana's train", "Bo's train", "Cy's train", "Mexican train"]
    assert model.heading == "Round 1 of 13"


def test_DX_3_hidden_and_onlooker_views_show_no_hand(presenter):
    assert presenter.build(make_view(), LEGAL, hidden=True).hand == ()
    onlooker = make_view(seat=None, hand=())
    model = presenter.build(onlooker, LEGAL)
    assert model.hand == () and lit(model) == set()
    assert not model.can_hint


def test_legal_actions_count_only_on_the_viewers_turn(presenter):
    presenter.click_hand(T(5, 12), LEGAL)
    model = presenter.build(make_view(to_move=2), LEGAL)
    assert lit(model) == set() and presenter.selected is None
    assert all(h.playable for h in model.hand)


def test_last_move_is_highlighted_from_public_history(presenter):
    history = (Event.make("play", seat=2, tile=T(7, 7), line=2, end=7),)
    model = presenter.build(make_view(history=history), [])
    assert [(line.id, p.tile) for line in model.lines for p in line.tiles if p.last] == [(2, T(7, 7))]
    engine = presenter.build(make_view(history=(Event.make("engine", seat=1, tile=T(12, 12)),)), [])
    assert engine.centre_last


def test_lay_orients_each_tile_from_the_centre():
    placed = lay([T(3, 12), T(3, 3), T(3, 9)], 12)
    assert [(p.left, p.right) for p in placed] == [(12, 3), (3, 3), (3, 9)]


def test_DX_10_keyboard_selectors_cycle_tiles_and_targets(presenter):
    assert presenter.step_hand(LEGAL, +1) == T(5, 12)
    assert presenter.step_hand(LEGAL, +1) == T(3, 7)
    assert presenter.step_hand(LEGAL, -1) == T(5, 12)
    assert presenter.focus == 3
    assert presenter.step_target(LEGAL, +1) == "mexican"
    assert presenter.step_target(LEGAL, +1) == 3
    assert presenter.focused_action(LEGAL) == Play(T(5, 12), 3)
    assert next(line for line in presenter.build(make_view(), LEGAL).lines if line.id == 3).focused


def test_DX_10_keyboard_reaches_the_boneyard_without_a_tile(presenter):
    assert presenter.step_target([Draw()], +1) == STOCK
    assert presenter.focused_action([Draw()]) == Draw()


def test_DX_11_log_lines_hide_other_players_draws():
    names = ["Ana", "Bo"]
    catalog = ui_catalog("en")
    draw = Event.make("draw", seat=2, tile=T(4, 5), why="play")
    assert event_text(catalog, draw.visible_to(1), names) == "Bo draws a tile."
    assert event_text(catalog, draw.visible_to(2), names) == "Bo draws 4-5."
    play = Event.make("play", seat=1, tile=T(4, 5), line="mexican", end=5)
    assert event_text(catalog, play.visible_to(2), names) == "Ana plays 4-5 on the Mexican train; its end is now 5."


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 60))
def test_DX_10_every_legal_action_is_reachable_by_clicks(seed, moves):
    """Play ``moves`` random decisions of a real match, then click every legal action of the human."""
    registry = get_plugin_manager().registry
    session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], seed)
    presenter = Presenter(ui_catalog("en"))
    for _ in range(moves):
        if session.is_over:
            break
        if session.bot_to_move:
            session.step()
        else:
            session.decide(session.legal_actions()[seed % len(session.legal_actions())])
    if not session.human_to_move:
        return
    legal = session.legal_actions()
    for action in legal:
        presenter.reset()
        tile = getattr(action, "tile", None)
        if tile is not None:
            assert presenter.click_hand(tile, legal)
            key = CENTRE if isinstance(action, PlaceEngine) else action.line
            assert presenter.click_target(key, legal) == action
        elif isinstance(action, Draw):
            assert presenter.click_target(STOCK, legal) == action
        else:
            assert isinstance(action, (Pass, EndTurn))
            model = presenter.build(session.view(1), legal)
            assert model.can_end_turn or action == Pass()


def test_settings_are_remembered_in_the_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path))
    assert tk_settings.load() == tk_settings.Settings()
    assert tk_settings.save(tk_settings.Settings(theme="breeze", speed="fast"))
    loaded = tk_settings.load()
    assert (loaded.theme, loaded.speed, loaded.delay_ms) == ("breeze", "fast", tk_settings.SPEEDS["fast"])
    (tmp_path / tk_settings.FILE_NAME).write_text("{not json", encoding="utf-8")
    assert tk_settings.load() == tk_settings.Settings()


def test_frontend_needs_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert not TkFrontend().available()
    monkeypatch.setenv("DISPLAY", ":9871")  # named, but no X server answers there
    assert not TkFrontend().available()
    assert "tk" in get_plugin_manager().registry.frontends


def test_MT_11a_extra_play_after_a_double_is_not_told_to_cover(presenter):
    view = make_view(owed=(OwedDouble(T(7, 7), 2),))
    free = presenter.build(view, [Play(T(5, 12), "mexican"), Play(T(3, 7), 2)])
    assert "Cover" not in free.status and "may go anywhere" in free.status
    bound = presenter.build(view, [Play(T(3, 7), 2)])
    assert "Cover 7-7 on Bo's train" in bound.status


def test_bots_moves_are_told_in_words_and_the_hand_is_sorted(presenter):
    history = (Event.make("play", seat=2, tile=T(7, 7), line=2, end=7), Event.make("draw", seat=3, tile=T(0, 0)))
    model = presenter.build(make_view(history=history, to_move=3), [], bots=[False, True, True])
    assert model.status == "Cy is playing"
    assert model.detail == "Last move: Cy draws a tile."
    assert [h.tile for h in model.hand] == sorted(make_view().hand)


def test_MT_4_engine_search_draws_are_named_in_the_log():
    catalog = ui_catalog("en")
    draw = Event.make("draw", seat=1, tile=T(4, 5), why="search")
    assert event_text(catalog, draw.visible_to(2), ["Ana", "Bo"]) == "Ana draws a tile in the search for the engine."
    assert event_text(catalog, draw.visible_to(1), ["Ana", "Bo"]) == "Ana draws 4-5 in the search for the engine."


def test_DB_3_direction_and_set_aside_tiles_are_stated(presenter):
    extra = MappingProxyType({"direction": "counterclockwise", "set_aside_count": 31, "target": 100})
    view = make_view(variant="double-nine-branch", rounds=None, stock_count=0, extra=extra)
    model = presenter.build(view, [])
    assert model.heading == "Round 1 · first to 100 points wins"
    assert model.stock_label == "Set aside: 31 (never drawn)" and model.pile_count == 31 and not model.stock_target
    assert "counterclockwise" in " ".join(model.facts)
