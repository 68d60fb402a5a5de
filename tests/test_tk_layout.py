"""The window's arithmetic and words without a display: layout, hand order, feed, reasons, window size."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest
from test_tk_presenter import make_view

from roundhouse.core.game.actions import Draw, OpenDouble, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, OwedDouble
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.tk import hand_order, window_size
from roundhouse.frontends.tk.board_model import LineModel, PlacedTile
from roundhouse.frontends.tk.feed import feed_sentences, turns_since_last_decision
from roundhouse.frontends.tk.layout import BRANCH_INDENT, MAX_SIDE, MIN_SIDE, plan_hand, plan_table, row_height
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.row_labels import wrapped_lines

T = Tile


def line_model(line_id, count: int, badge: str = "") -> LineModel:
    tiles = tuple(PlacedTile(T(i % 12, (i + 1) % 12), i % 12, (i + 1) % 12) for i in range(count))
    return LineModel(line_id, f"Line {line_id}", tiles, 0, badge, "", False, False, False, None)


def chicken_table(feet: int) -> list[LineModel]:
    """Six arms in display order; each of the first ``feet`` arms is closed by a double with three toes under it."""
    lines = []
    for arm in range(1, 7):
        closed = arm <= feet
        lines.append(dataclasses.replace(line_model(f"arm{arm}", 4, "closed" if closed else ""), closed=closed))
        if closed:
            lines += [dataclasses.replace(line_model(f"foot{arm}-{toe}", 2), depth=1) for toe in (1, 2, 3)]
    return lines


@pytest.fixture
def presenter() -> Presenter:
    return Presenter(ui_catalog("en"))


# ------------------------------------------------------------------- table layout
def test_ten_players_late_round_fit_two_columns_at_the_readable_minimum_or_more():
    lines = [line_model(seat, 8) for seat in range(1, 11)] + [line_model("mexican", 9)]
    plan = plan_table(lines, 1270, 514, 86)
    assert plan.columns == 2 and plan.side >= MIN_SIDE and plan.height <= 514
    for row in plan.rows:
        assert row.x >= 0 and row.x + row.width <= 1270
        for x, _y, placed in row.tiles:
            assert x + (1 if placed.tile.is_double else 2) * plan.side <= row.x + row.width


def test_tiles_grow_with_the_room_and_few_lines_keep_one_column():
    lines = [line_model(seat, 5) for seat in (1, 2)] + [line_model("mexican", 3)]
    small, big = plan_table(lines, 1000, 400, 86), plan_table(lines, 1900, 900, 86)
    assert small.columns == big.columns == 1 and big.side > small.side >= MIN_SIDE
    assert plan_table(lines, 3400, 1600, 86).side > MAX_SIDE, "tiles keep growing on a 4K screen"


def test_a_long_train_wraps_onto_more_sub_rows():
    short, long = line_model(1, 3), line_model(1, 30)
    assert row_height(long, 800, 24) > row_height(short, 800, 24)
    plan = plan_table([long], 800, 2000, 86)
    assert len({y for _x, y, _p in plan.rows[0].tiles}) >= 2


def test_past_the_minimum_the_rows_scroll_instead_of_shrinking():
    lines = [line_model(seat, 12) for seat in range(1, 11)] + [line_model("mexican", 12)]
    plan = plan_table(lines, 1000, 200, 86)
    assert plan.side == MIN_SIDE and plan.height > 200


def test_toes_hang_indented_right_under_their_closed_line_in_any_room():
    """A chicken foot reads as a tree: its toes right under and indented from their line, joined to it."""
    for width, height in ((1010, 420), (1260, 620), (1900, 900)):
        plan = plan_table(chicken_table(2), width, height, 86)
        rows = {row.line.id: row for row in plan.rows}
        for arm in ("arm1", "arm2"):
            parent, toes = rows[arm], [rows[f"foot{arm[-1]}-{toe}"] for toe in (1, 2, 3)]
            assert toes[0].y == parent.y + parent.height + 6 and toes[0].x == parent.x + BRANCH_INDENT
            assert toes[0].joint is not None and toes[0].joint[1] < toes[0].y and parent.joint is None
            side_by_side = len({toe.y for toe in toes}) == 1
            if side_by_side:
                assert toes[0].x < toes[1].x < toes[2].x and toes[1].joint is None
            else:
                assert toes[0].y < toes[1].y < toes[2].y and {toe.x for toe in toes} == {toes[0].x}
                assert all(toe.joint is not None for toe in toes), "each stacked toe is joined"
            assert toes[2].x + toes[2].width <= parent.x + parent.width
            assert all(toe.width >= 300 for toe in toes), "a toe always has room for a name and tiles"
        assert all(row.slot[0] + 70 <= row.x + row.width for row in plan.rows if row.line.closed)
    wide = plan_table(chicken_table(2), 1900, 900, 86)
    assert len({row.y for row in wide.rows if row.line.id.startswith("foot1")}) == 1, "side by side on a wide screen"


def test_two_columns_never_part_a_line_from_its_toes():
    for feet, width in ((3, 1260), (6, 1900)):
        plan = plan_table(chicken_table(feet), width, 700, 86)
        assert plan.columns == 2
        rows = {row.line.id: row for row in plan.rows}
        for arm in range(1, feet + 1):
            parent = rows[f"arm{arm}"]
            for toe in (rows[f"foot{arm}-{n}"] for n in (1, 2, 3)):
                assert parent.x < toe.x and toe.x + toe.width <= parent.x + parent.width, "in the parent's column"
                assert toe.y > parent.y


def test_a_flat_table_has_one_full_width_row_per_line_and_no_joints():
    lines = [line_model(seat, 6) for seat in range(1, 5)] + [line_model("mexican", 4)]
    plan = plan_table(lines, 1260, 620, 86)
    assert [row.line.id for row in plan.rows] == [1, 2, 3, 4, "mexican"]
    assert len({row.x for row in plan.rows}) == 1 and all(row.joint is None for row in plan.rows)


def test_the_hand_takes_one_row_when_it_fits_and_finds_its_drop_positions():
    plan = plan_hand(15, 1000, 560)
    assert plan.rows == 1 and plan.side >= 24
    crowded = plan_hand(30, 700, 560)
    assert crowded.rows >= 2 and crowded.side >= 24
    for index in (0, 3, 14):
        x, y = plan.origin(index)
        assert plan.index_at(x + 1, y + plan.side) == index, "a drop just left of a tile goes before it"


# ---------------------------------------------------------------------- hand order
def test_hand_orders_by_value_playable_first_and_own_kept_across_turns():
    hand = [T(5, 6), T(0, 1), T(3, 3)]
    assert hand_order.by_value(hand) == [T(0, 1), T(3, 3), T(5, 6)]
    assert hand_order.playable_first(hand, [T(5, 6)]) == [T(5, 6), T(0, 1), T(3, 3)]
    own = hand_order.moved([T(0, 1), T(3, 3), T(5, 6)], T(5, 6), 0)
    assert own == [T(5, 6), T(0, 1), T(3, 3)]
    assert hand_order.moved(own, T(5, 6), 3) == [T(0, 1), T(3, 3), T(5, 6)], "dropped after the last tile"
    assert hand_order.kept([T(0, 1), T(9, 9), T(5, 6)], own) == [T(5, 6), T(0, 1), T(9, 9)], "new tiles at the end"


def test_arrange_lines_up_the_longest_chain_from_the_own_train_end(presenter):
    view = make_view(hand=(T(0, 1), T(3, 9), T(9, 4), T(4, 4), T(6, 6)))
    order, chain, end = hand_order.arranged(view)
    assert end == 3 and chain == (T(3, 9), T(4, 9), T(4, 4)) and order[:3] == list(chain)
    assert set(order) == set(view.hand)
    assert presenter.arrange(view) == "Arranged: 3 of your tiles chain from your train's end 3, in order."
    model = presenter.build(view, [])
    assert [h.tile for h in model.hand][:3] == list(chain)
    assert [h.flipped for h in model.hand][:3] == [False, True, False], "9-4 shows 9 on top, after 3-9"
    stuck = make_view(hand=(T(0, 1), T(6, 6)))
    assert presenter.arrange(stuck) == "No tile in your hand matches your train's end 3: nothing to arrange."


# ----------------------------------------------------------------------------- feed
def test_the_feed_holds_other_seats_turns_since_the_viewers_latest_decision():
    history = (
        Event.make("draw", seat=2, why="search"),
        Event.make("play", seat=1, tile=T(12, 3), line=1, end=3),
        Event.make("play", seat=2, tile=T(12, 7), line=2, end=7),
        Event.make("play", seat=2, tile=T(7, 7), line=2, end=7),
        Event.make("draw", seat=3, why="play"),
        Event.make("play", seat=3, tile=T(12, 5), line="mexican", end=5),
    )
    view = make_view(history=history)
    turns = turns_since_last_decision(view)
    assert [t.seat for t in turns] == [2, 3]
    catalog = ui_catalog("en")
    sentences = feed_sentences(catalog, view, lambda line: Presenter(catalog).line_words(view, line))
    assert sentences == (
        "Bo: played 7-12, 7-7 on Bo's train",
        "Cy: drew a tile, then played 5-12 on Mexican train",
    )
    assert turns_since_last_decision(make_view(history=history + (Event.make("pass", seat=1),))) == ()


@pytest.mark.parametrize("lang", ["en", "pt", "pl", "fr", "id"])
def test_feed_and_hand_words_exist_in_every_language(lang):
    catalog = ui_catalog(lang)
    view = make_view(history=(Event.make("play", seat=2, tile=T(12, 7), line=2, end=7),))
    (sentence,) = feed_sentences(catalog, view, lambda line: str(line))
    assert sentence.startswith("Bo") and "7-12" in sentence
    for key in ("tk.hand.arrange", "tk.hand.order", "tk.table.restarted", "tk.feed.title"):
        assert catalog.has(key)


def test_each_line_names_who_laid_its_latest_tile(presenter):
    history = (
        Event.make("play", seat=3, tile=T(12, 7), line=2, end=7),
        Event.make("play", seat=2, tile=T(7, 7), line=2, end=7),
    )
    model = presenter.build(make_view(history=history), [])
    bo = next(line for line in model.lines if line.id == 2)
    assert bo.latest_by == "Bo" and [p.tile for p in bo.tiles if p.latest] == [T(7, 7)]
    assert all(not line.latest_by for line in model.lines if line.id != 2)


# -------------------------------------------------------------------------- reasons
def test_unplayable_tiles_say_why_in_words(presenter):
    view = make_view()
    legal = [Play(T(3, 7), 1)]
    assert presenter.why_unplayable(view, [], T(0, 1)) == "It is not your turn yet."
    assert presenter.why_unplayable(view, legal, T(0, 1)) == "0-1 matches none of the ends you may play on now (3)."
    drawn = make_view(extra=MappingProxyType({"drawn_tile": T(3, 7)}))
    assert "only the drawn tile 3-7" in presenter.why_unplayable(drawn, legal, T(0, 1))
    owed = make_view(owed=(OwedDouble(T(7, 7), 2),))
    text = presenter.why_unplayable(owed, [Play(T(3, 7), 2)], T(0, 1))
    assert text == "0-1 cannot cover 7-7 on Bo's train, which must be covered first."
    assert presenter.why_unplayable(view, [OpenDouble(T(7, 7))], T(0, 1)) == "Only a double can open the round."
    assert "MT." not in presenter.why_unplayable(view, [Draw()], T(0, 1))


def test_only_the_tile_drawn_this_turn_is_marked_new(presenter):
    view = make_view(extra=MappingProxyType({"drawn_tile": T(0, 1)}))
    model = presenter.build(view, [Play(T(0, 1), 3)])
    assert [h.tile for h in model.hand if h.fresh] == [T(0, 1)]
    assert not any(h.fresh for h in presenter.build(make_view(hand=(T(0, 1), T(9, 9))), []).hand)


def test_double_nine_lines_report_their_own_end():
    view = make_view(lines=(LineView(2, 2, (), 9, False), LineView(1, 1, (T(9, 4),), 4, False)))
    assert hand_order.own_end(view) == 4


# ----------------------------------------------------------------------- window size
def test_the_window_fits_the_screen_and_a_remembered_size_only_when_it_fits(tmp_path, monkeypatch):
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path))
    for screen in ((1024, 600), (1366, 768), (1920, 1080), (3840, 2160)):
        width, height = window_size.fitted_size(*screen)
        assert width <= screen[0] and height <= screen[1] - window_size.SCREEN_MARGIN[1]
        assert width >= min(screen[0], 1024) * 0.85
    assert window_size.opening_size(1280, 800) == window_size.fitted_size(1280, 800)
    assert window_size.save(1100, 700)
    assert window_size.opening_size(1280, 800) == (1100, 700)
    assert window_size.opening_size(1024, 600) == window_size.fitted_size(1024, 600), "too big for this screen"
    (tmp_path / window_size.FILE_NAME).write_text("not json", encoding="utf-8")
    assert window_size.load() is None


def test_a_row_is_as_tall_as_its_label_needs():
    line = line_model(1, 3)
    tiles_only = row_height(line, 800, 24)
    assert row_height(line, 800, 24, label_height=lambda _line, _width: tiles_only + 40) == tiles_only + 40
    plan = plan_table([line, line_model(2, 3)], 800, 600, 86, lambda model, _width: 150 if model.id == 2 else 10)
    first, second = plan.rows
    assert second.height == 150 and first.height == row_height(line, 788, plan.side) < 150


def test_wrapped_lines_break_at_spaces_and_cut_up_a_word_wider_than_the_label():
    def measure(text: str) -> int:
        return 10 * len(text)

    assert wrapped_lines("aa bb cc", measure, 50) == 2  # "aa bb" fills 50 pixels
    assert wrapped_lines("aa bb cc", measure, 80) == 1
    assert wrapped_lines("abcdefghij", measure, 30) == 4
    assert wrapped_lines("one\ntwo", measure, 100) == 2
