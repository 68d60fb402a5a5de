"""The scoring-game contract pieces All Fives needs, tested on their own (issue 27).

A ``score`` event in records and sentences, ``round_end`` ended by a target,
the ``scores`` table adding up mid-round, the game's own words for the goal
and the lead, and rule texts whose section keys are checked.
"""

from __future__ import annotations

import io
import sys
from types import MappingProxyType

import pytest

from roundhouse.core.game.views import Phrase
from roundhouse.core.play.record import RecordError, check_line
from roundhouse.core.text.i18n import Catalog, rule_text_problems, ui_catalog
from roundhouse.frontends.common.event_sentences import event_sentence
from roundhouse.frontends.common.game_words import GameWords

NAMES = ["Ana", "Bo"]


def words(strings: dict[str, str]) -> GameWords:
    """A game's words from ``strings`` (English)."""
    return GameWords(Catalog("en", strings, strings))


WORDS = words({"score.ends": "the ends add up to {count}", "goal.target": "first to {target}"})


def test_a_score_line_needs_a_seat_whole_points_and_a_reason() -> None:
    good = {"type": "score", "seat": 1, "points": 10, "reason": "score.ends", "values": {"count": 10}, "total": 10}
    assert check_line(good, 3) == good
    with pytest.raises(RecordError, match="line 3: a 'score' line needs 'points'"):
        check_line({"type": "score", "seat": 1, "reason": "x"}, 3)
    with pytest.raises(RecordError, match="'values' of a 'score' line must be an object"):
        check_line(dict(good, values=[10]), 3)


def test_a_score_event_reads_in_the_games_own_words_in_every_front_end_log() -> None:
    line = {"type": "score", "seat": 2, "points": 15, "reason": "score.ends", "values": {"count": 15}, "total": 20}
    assert event_sentence(ui_catalog("en"), "all-fives", NAMES, line, game=WORDS) == (
        "Bo scores 15: the ends add up to 15."
    )
    assert event_sentence(ui_catalog("fr"), "all-fives", NAMES, line, game=WORDS).startswith("Bo marque 15 : ")
    assert "score.ends" in event_sentence(ui_catalog("en"), "all-fives", NAMES, line), "no words: the key itself"


def test_a_round_ended_by_the_target_says_who_reached_it() -> None:
    end = {
        "type": "round_end",
        "round": 3,
        "reason": "target",
        "hands": {"1": ["2-3"], "2": ["4-4"]},
        "points": {"1": 25, "2": 0},
        "totals": {"1": 65, "2": 40},
    }
    sentence = event_sentence(ui_catalog("en"), "all-fives", NAMES, end, game=WORDS)
    assert sentence.startswith("Round 3 is over: Ana reached the target.") and "it ended" not in sentence


def test_the_scores_table_adds_up_mid_round_and_is_unchanged_for_games_scoring_at_round_ends() -> None:
    from roundhouse.frontends.console.table import scores_lines
    from roundhouse.frontends.console.terminal import Terminal

    term = Terminal(io.StringIO(), io.StringIO(), "en")
    ends = [{"round": 1, "points": {"1": 35, "2": 0}, "totals": {"1": 35, "2": 0}}]
    rows = scores_lines(term, NAMES, ends, {1: 40, 2: 10}, 2)
    assert rows[-2].split() == ["2", "so", "far", "5", "10"] and rows[-1].split() == ["Total", "40", "10"]
    assert scores_lines(term, NAMES, ends, {1: 35, 2: 0}, 2) == scores_lines(term, NAMES, ends, {1: 35, 2: 0})
    assert len(scores_lines(term, NAMES, ends, {1: 35, 2: 0}, 2)) == 4, "no points yet: no extra row"


def test_the_window_heading_and_lead_prompt_come_from_the_games_words() -> None:
    from roundhouse.core.game.actions import OpenDouble
    from roundhouse.core.game.tiles import Tile
    from roundhouse.core.game.views import PlayerView
    from roundhouse.frontends.tk.presenter import Presenter

    presenter = Presenter(ui_catalog("en"))
    presenter.game = words(
        {"goal.target": "first to {target} points", "open.prompt": "Lead any tile.", "c": "Ends: {n}"}
    )
    view = PlayerView(
        "all-fives", 1, 2, ("Ana", "Bo"), 1, None, "open", 1, (Tile(2, 3),), MappingProxyType({1: 1, 2: 1}), 0,
        None, (), (), MappingProxyType({1: 0, 2: 0}), goal=Phrase("goal.target", MappingProxyType({"target": 61})),
        count=Phrase("c", MappingProxyType({"n": 5})),
    )  # fmt: skip
    model = presenter.build(view, [OpenDouble(Tile(2, 3))])
    assert model.heading == "Round 1 · first to 61 points" and model.count == "Ends: 5" and "Ends: 5" in model.facts
    assert (
        model.detail == "Lead any tile." and model.centre_label == ui_catalog("en").t("tk.centre.empty") + " · Ends: 5"
    )
    lead = [OpenDouble(Tile(2, 3))]
    assert presenter.why_unplayable(view, lead, Tile(0, 1)) == ui_catalog("en").t("tk.hand.why.double")
    presenter.game = words({"open.why": "Lead {tiles}."})
    assert presenter.why_unplayable(view, lead, Tile(1, 1)) == "Lead 2-3.", "the game's own lead rule"


@pytest.mark.parametrize(
    ("section", "problem"),
    [
        ("{headng: X.1 Play, body: Play.}", "section 'play' has the unknown key 'headng'"),
        ("{body: Play.}", "section 'play' has no text 'heading'"),
    ],
)
def test_a_misspelled_section_key_in_a_rule_text_is_reported(tmp_path, monkeypatch, section, problem) -> None:
    package = tmp_path / "misspelled_rules"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "en.yaml").write_text(f"title: T\nsections:\n  play: {section}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("misspelled_rules", None)
    [found] = rule_text_problems("x", "misspelled_rules")
    assert found.startswith("misspelled_rules/en.yaml: ") and problem in found
