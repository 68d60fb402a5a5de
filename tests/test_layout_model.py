"""What a game tells the front ends beyond trains (issue 15): trees of lines, labels, duties, its bots and moves.

The layout fields of ``LineView`` and ``Obligation`` are optional: flat
games keep drawing as before. These tests build views by hand (a game of
their own) and run them through both front ends' pure drawing code.
"""

from __future__ import annotations

import io
from types import MappingProxyType

import pytest
from console_helpers import new_session, plugins, run_console_once

from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, Obligation, PlayerView
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session, variant_bot
from roundhouse.core.text.i18n import Catalog, ui_catalog
from roundhouse.frontends.common.game_words import GameWords, display_order
from roundhouse.frontends.console.describe import describe_event, line_name
from roundhouse.frontends.console.table import table_lines
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.tk.layout import table_rows
from roundhouse.frontends.tk.logtext import event_text
from roundhouse.frontends.tk.presenter import Presenter

GAME_TEXT = Catalog(
    "en",
    {"line.spoke": "Spoke {n}", "line.twig": "Twig of {tile}", "duty.hub": "The hub wants {count} more"},
    {},
)


def tree_view() -> PlayerView:
    """A hub with two spokes; spoke "1" (an id of digits) ends in 4-4, which carries two twigs."""
    spoke = MappingProxyType({"n": 1})
    lines = (
        LineView("t1", None, (Tile(4, 2),), 2, True, parent="1", anchor=Tile(4, 4), label="line.twig",
                 label_values=MappingProxyType({"tile": "4-4"})),
        LineView("1", None, (Tile(6, 4), Tile(4, 4)), 4, False, closed=True, label="line.spoke", label_values=spoke),
        LineView("2", None, (), 6, True, label="line.spoke", label_values=MappingProxyType({"n": 2})),
        LineView("t2", None, (), 4, True, parent="1", anchor=Tile(4, 4), label="line.twig",
                 label_values=MappingProxyType({"tile": "4-4"})),
    )  # fmt: skip
    return PlayerView(
        variant="hub-game",
        seat=1,
        players=2,
        names=("Ana", "Bo"),
        round=1,
        rounds=None,
        phase="normal",
        to_move=1,
        hand=(Tile(2, 3),),
        hand_counts=MappingProxyType({1: 1, 2: 3}),
        stock_count=0,
        centre=Tile(6, 6),
        lines=lines,
        owed=(),
        totals=MappingProxyType({1: 0, 2: 0}),
        obligations=(Obligation("duty.hub", ("2",), MappingProxyType({"count": 1})),),
    )


def test_display_order_puts_every_branch_under_its_line_with_its_depth() -> None:
    order = [(line.id, depth) for line, depth in display_order(tree_view().lines)]
    assert order == [("1", 0), ("t1", 1), ("t2", 1), ("2", 0)]


def test_display_order_keeps_lines_whose_parent_is_missing_or_cyclic_as_roots() -> None:
    lines = (
        LineView("a", None, (), 1, True, parent="b"),
        LineView("b", None, (), 1, True, parent="a"),
        LineView("c", None, (), 1, True, parent="gone"),
    )
    assert sorted(line.id for line, _ in display_order(lines)) == ["a", "b", "c"]


def test_flat_views_keep_their_order_and_have_no_layout_fields() -> None:
    session = new_session("mexican-train", players=3)
    view = session.view(1)
    assert [line for line, _ in display_order(view.lines)] == list(view.lines)
    assert all(line.parent is None and not line.closed and line.label is None for line in view.lines)
    assert view.obligations == ()
    model = Presenter(ui_catalog("en")).build(view, session.legal_actions())
    assert table_rows(model.lines) == [(line,) for line in model.lines], "one row per line, as before"
    assert all(line.depth == 0 and not line.closed for line in model.lines)


def terminal(words: GameWords, view: PlayerView) -> Terminal:
    term = Terminal(io.StringIO(), io.StringIO(), "en")
    term.game_words = words
    term.line_labels = words.labels(view)
    return term


def test_console_indents_sub_lines_marks_closed_lines_and_shows_obligations() -> None:
    view = tree_view()
    rows = table_lines(terminal(GameWords(GAME_TEXT), view), view)
    assert rows[2:6] == [
        "  Spoke 1: 6-4 4-4, closed",
        "    Twig of 4-4: 4-2, end 2",
        "    Twig of 4-4: (none), end 4",
        "  Spoke 2: (none), end 6",
    ]
    assert rows[6] == "Required: The hub wants 1 more"


def test_a_line_id_made_of_digits_is_never_read_as_a_seat() -> None:
    view = tree_view()
    unlabelled = terminal(GameWords(None), view)
    assert line_name(unlabelled, "hub-game", view.names, "1") == "the 1 line"
    assert line_name(unlabelled, "hub-game", view.names, 1) != "the 1 line"
    event = {"type": "play", "seat": 2, "tile": "6-4", "line": "1", "end": 4}
    assert "Ana" not in describe_event(unlabelled, "hub-game", view.names, event)
    labelled = terminal(GameWords(GAME_TEXT), view)
    assert describe_event(labelled, "hub-game", view.names, event) == "Bo plays 6-4 on Spoke 1; its end is now 4."
    catalog = ui_catalog("en")
    assert "Ana" not in event_text(catalog, event, view.names, "hub-game")
    assert "Spoke 1" in event_text(catalog, event, view.names, "hub-game", GameWords(GAME_TEXT).labels(view))


def test_tk_presenter_orders_labels_and_closes_lines_and_the_board_groups_sibling_branches() -> None:
    presenter = Presenter(ui_catalog("en"))
    presenter.game = GameWords(GAME_TEXT)
    model = presenter.build(tree_view(), [])
    assert [(line.label, line.depth, line.closed) for line in model.lines] == [
        ("Spoke 1", 0, True),
        ("Twig of 4-4", 1, False),
        ("Twig of 4-4", 1, False),
        ("Spoke 2", 0, False),
    ]
    assert model.lines[0].badge == "closed"
    assert model.lines[1].tiles[0].left == 4, "a twig's tiles are laid from its anchor double"
    assert [[line.id for line in row] for row in table_rows(model.lines)] == [["1"], ["t1", "t2"], ["2"]]
    assert "Required: The hub wants 1 more" in model.status


def test_a_game_names_its_default_and_hint_bots_and_a_missing_one_falls_back(monkeypatch) -> None:
    registry = plugins().registry
    variant = registry.variant("mexican-train")
    assert variant_bot(registry, variant, "hint_bot") is None
    session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 1)
    assert session.hint_bot is registry.bot("planner"), "the planner hints by default"
    monkeypatch.setattr(type(variant), "hint_bot", "greedy")
    monkeypatch.setattr(type(variant), "default_bot", "greedy")
    session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 1)
    assert session.hint_bot is registry.bot("greedy")
    from roundhouse.frontends.console.setup_prompts import default_bot

    assert default_bot(registry, variant) == "greedy" and default_bot(registry) == "planner"
    monkeypatch.setattr(type(variant), "hint_bot", "no-such-bot")
    assert variant_bot(registry, variant, "hint_bot") is None
    session = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 1)
    assert session.hint_bot is registry.bot("planner")


@pytest.mark.parametrize(
    ("variant", "shown", "hidden"),
    [
        ("mexican-train", ("engine TILE", "draw (d)", "pass (pa)", "end (e)"), ("open TILE",)),
        ("double-nine-branch", ("open TILE", "pass (pa)"), ("engine TILE", "draw (d)", "end (e)")),
    ],
)
def test_console_help_lists_the_games_own_moves_and_its_lines(variant, shown, hidden) -> None:
    session = new_session(variant, players=3, bot="random")
    output = run_console_once(session, ["help"])
    help_text = output[output.index("Commands (short forms in brackets):") :]
    assert all(words in help_text for words in shown), help_text
    assert not any(words in help_text for words in hidden), help_text
    lines = ", ".join(str(line.id) for line in session.view(1).lines) or "-"
    assert f"the lines now: {lines}" in help_text and "undo (u)" in help_text
