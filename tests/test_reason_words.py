"""Reasons the rules give players (refusals, forced passes) come from the text catalogs, in every language."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from db_helpers import VARIANT as DB_VARIANT
from db_helpers import arrange, deal_of
from db_helpers import new_state as db_state
from mt_helpers import VARIANT as MT_VARIANT
from mt_helpers import act, params, rigged, started, t

from roundhouse.core.game.actions import IllegalAction, Pass, Play
from roundhouse.core.game.state import MatchState
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog
from roundhouse.core.text.notices import Notice
from roundhouse.frontends.common.reasons import reason_words

RULES = sorted((Path(__file__).parent.parent / "variants").glob("*/rules.py"))
CLAUSE = re.compile(r"^[A-Z]{2,5}\.\d+[a-z]?$")
INTERNAL_ERRORS = {"RuntimeError"}
"""Exceptions that only say a program is wrong; players never read them."""
NOT_WORDS = {", "}
"""Literals with a space that are not English: the separator of a list of tiles."""
OTHER_LANGUAGES = [lang for lang in LANGUAGES if lang != "en"]
PASS_KEYS = {
    "mexican-train": {
        "rule.mt.pass.first_turn",
        "rule.mt.pass.owed",
        "rule.mt.pass.drawn",
        "rule.mt.pass.boneyard_empty",
    },
    "double-nine-branch": {"rule.db.pass.opens", "rule.db.pass.stays_open"},
}


def english_literals(path: Path) -> list[str]:
    """Literals in ``path`` with words a player could read: texts holding a space, outside docstrings,
    catalog keys (``Notice``'s first argument) and the messages of internal errors."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    quiet: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            quiet.add(id(node.value))  # docstrings
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "Notice" and node.args:
                quiet.add(id(node.args[0]))
            if node.func.id in INTERNAL_ERRORS:
                quiet.update(id(inner) for arg in node.args for inner in ast.walk(arg))
    found = []
    for node in ast.walk(tree):
        if id(node) in quiet:
            continue
        if isinstance(node, ast.JoinedStr):
            quiet.update(id(part) for part in node.values)
            found.append(f"{path.parent.name}/rules.py:{node.lineno} {ast.unparse(node)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value:
            if node.value not in NOT_WORDS:
                found.append(f"{path.parent.name}/rules.py:{node.lineno} {node.value!r}")
    return found


def notice_keys(path: Path) -> set[str]:
    """The catalog keys ``path`` gives to ``Notice``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        inner.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Notice"
        for arg in node.args[:1]
        for inner in ast.walk(arg)
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str)
    }


def test_DX_11_the_rules_hold_no_english_sentence_for_players():
    assert RULES, "no rules found"
    assert [literal for path in RULES for literal in english_literals(path)] == []


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_DX_11_every_reason_key_of_the_rules_is_written_in_each_language(lang):
    catalog = ui_catalog(lang)
    english = ui_catalog("en")
    keys = set().union(*(notice_keys(path) for path in RULES))
    assert PASS_KEYS["mexican-train"] | PASS_KEYS["double-nine-branch"] <= keys
    assert [key for key in sorted(keys) if key not in catalog.strings] == []
    same = [key for key in sorted(keys) if catalog.strings[key] == english.strings[key]]
    assert same in ([], ["rule.with_clause"])


def forced_pass_reasons(state: MatchState, seed: int, wanted: set[str]) -> dict[str, Notice]:
    """Forced-pass reasons met playing random legal moves from ``state``, by key, until all ``wanted`` are met."""
    rng = random.Random(seed)
    met: dict[str, Notice] = {}
    while not state.is_over() and not wanted <= met.keys():
        reason = state.pass_reason()
        if reason is not None:
            assert isinstance(reason, Notice) and reason.key == "rule.with_clause"
            met[reason.values["reason"].key] = reason
        state.apply(rng.choice(state.legal_actions()))
    return met


@pytest.mark.parametrize(
    "variant, players", [(MT_VARIANT, 4), (DB_VARIANT, 4)], ids=["mexican-train", "double-nine-branch"]
)
def test_MT_6d_MT_9b_MT_12c_DB_8a_every_forced_pass_reads_in_every_language(variant, players):
    wanted = PASS_KEYS[variant.id]
    met: dict[str, Notice] = {}
    for seed in range(20):
        state = variant.new_match(players, seed, params() if variant is MT_VARIANT else None)
        state.start()
        met.update(forced_pass_reasons(state, seed, wanted - met.keys()))
        if wanted <= met.keys():
            break
    assert met.keys() == wanted
    for key, reason in met.items():
        assert CLAUSE.match(reason.values["clause"]) and reason.endswith(f"({reason.values['clause']})")
        english = reason_words(reason, ui_catalog("en"))
        for lang in OTHER_LANGUAGES:
            shown = reason_words(reason, ui_catalog(lang))
            assert shown != english and "{" not in shown and "(" not in shown, (key, lang, shown)


FRENCH_FIRST_TURN = (
    "vous n'avez aucun domino qui correspond à la locomotive, vous passez donc sans piocher ; "
    "votre train reçoit un marqueur"
)


def test_MT_6d_a_first_turn_without_a_tile_for_the_engine_is_told_to_the_player():
    state = started(rigged({1: ["12-12", "1-12", "3-4"], 2: ["0-1", "2-3"]}))
    act(state, "engine 12-12", Play(t("1-12"), 1))
    assert state.legal_actions() == [Pass()]
    reason = state.pass_reason()
    assert reason == (
        "you have no tile matching the engine, so you pass without drawing; your train gets a marker (MT.6d)"
    )
    assert reason_words(reason, ui_catalog("fr")) == FRENCH_FIRST_TURN


def test_DB_8a_a_forced_pass_says_the_branch_opens_or_stays_open_in_polish():
    state, _ = db_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "4-9 0-1", 2: "0-2 4-5"}, current=1)
    state.apply(Play(t("4-9"), 1))
    polish = ui_catalog("pl")
    assert reason_words(state.pass_reason(), polish) == (
        "nie masz dozwolonego ruchu, więc pasujesz; twoja gałąź otwiera się dla innych"
    )


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_MT_8c_a_refusal_names_its_train_in_the_players_language(lang):
    state = started(rigged({1: ["12-12", "1-12", "5-12", "3-4"], 2: ["2-12", "2-3", "5-6"]}))
    act(state, "engine 12-12", Play(t("1-12"), 1), Play(t("2-12"), 2), "end")
    with pytest.raises(IllegalAction) as refused:
        state.check(Play(t("5-12"), 2))
    assert refused.value.clause == "MT.8c"
    catalog = ui_catalog(lang)
    train = catalog.t("log.line.owned.mexican-train", owner="Player 2")
    assert reason_words(refused.value.reason, catalog) == catalog.t("rule.mt.no_marker", line=train)


def test_DB_7_refusals_keep_their_english_words_and_clause():
    state, _ = db_state(2, deal_of({1: "9-9"}, 2))
    arrange(state, "9-9", {1: "4-9 0-1", 2: "0-2 4-5"}, current=1)
    with pytest.raises(IllegalAction) as refused:
        state.check(Play(t("0-1"), 1))
    assert str(refused.value) == "0-1 does not match the end 9 of Player 1's branch (DB.7)"
