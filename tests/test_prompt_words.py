"""Prompts speak to the player and agree with each other; blocked rounds say who scored and why (issue 24.8)."""

from __future__ import annotations

import pytest
from test_tk_presenter import make_view

from roundhouse.core.game.actions import Pass, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog
from roundhouse.core.text.notices import Notice, with_clause
from roundhouse.frontends.common.event_sentences import event_sentence
from roundhouse.frontends.common.reasons import reason_words
from roundhouse.frontends.tk.presenter import Presenter

FIRST_TURN_PASS = with_clause(Notice("rule.mt.pass.first_turn"), "MT.6d")
NAMES = ("Ana", "Bo", "Cy")


def first_turn_forced_pass(lang: str):
    """The Tk model of Ana's first turn when no tile of hers matches the engine, the pass previewed."""
    catalog = ui_catalog(lang)
    view = make_view(phase="first_turn", lines=())
    return Presenter(catalog).build(view, [Pass()], Pass(), pass_reason=reason_words(FIRST_TURN_PASS, catalog))


def test_MT_6d_a_forced_first_turn_pass_is_told_to_the_player_and_the_title_agrees():
    model = first_turn_forced_pass("en")
    assert model.status == "Your turn, Ana · first turn: no tile of yours matches the engine"
    assert model.detail == (
        "You have no tile matching the engine, so you pass without drawing; your train gets a marker"
    )


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_MT_6d_the_forced_first_turn_pass_reads_in_the_players_language(lang):
    catalog = ui_catalog(lang)
    model = first_turn_forced_pass(lang)
    assert catalog.t("tk.status.first_turn_pass") in model.status
    assert catalog.t("tk.status.first_turn") not in model.status
    assert model.detail.lower() == catalog.t("rule.mt.pass.first_turn").lower()


def test_MT_6_a_first_turn_that_can_play_asks_to_build_and_others_see_the_phase():
    presenter = Presenter(ui_catalog("en"))
    own = presenter.build(make_view(phase="first_turn"), [Play(Tile(3, 7), 1)])
    assert own.status == "Your turn, Ana · first turn: build your own train, then End first turn"
    other = presenter.build(make_view(phase="first_turn", to_move=2), [], bots=[False, True, False])
    assert other.status == "Bo is playing · first turn: each player starts their own train"


def test_DX_3_a_computer_seat_is_not_called_a_computer_twice():
    names = ("Ana", "Bo", "Computer 3")
    model = Presenter(ui_catalog("en")).build(make_view(names=names, to_move=3), [], bots=[False, False, True])
    assert model.status == "Computer 3 is playing"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_MT_15_DB_10_blocked_round_in_the_log_says_who_scored_and_why(lang):
    catalog = ui_catalog(lang)
    hands = {"1": ["3-4"], "2": ["1-1"], "3": ["5-6"]}
    blocked = {"type": "round_end", "round": 2, "reason": "blocked", "hands": hands, "totals": {}}
    mexican = event_sentence(catalog, "mexican-train", NAMES, {**blocked, "points": {"1": 7, "2": 2, "3": 11}})
    assert catalog.t("log.points.blocked.mexican-train", points="Ana 7, Bo 2, Cy 11") in mexican
    branch = event_sentence(catalog, "double-nine-branch", NAMES, {**blocked, "points": {"1": 0, "2": 20, "3": 0}})
    assert catalog.t("log.scores.blocked.double-nine-branch", player="Bo", points=20) in branch
