"""Plural forms through CLDR plural rules in all five languages (issue 14, item 5)."""

from __future__ import annotations

import pytest
from test_i18n import _package

from roundhouse.core.text.i18n import (
    LANGUAGES,
    PLURAL_CATEGORIES,
    check_catalogs,
    load_catalog,
    plural_category,
    ui_catalog,
)


@pytest.mark.parametrize(
    "count, category",
    [(0, "many"), (1, "one"), (2, "few"), (4, "few"), (5, "many"), (12, "many"), (14, "many"), (21, "many")]
    + [(22, "few"), (24, "few"), (25, "many"), (102, "few"), (112, "many")],
)
def test_polish_has_three_forms_for_whole_numbers(count, category):
    assert plural_category("pl", count) == category


@pytest.mark.parametrize(
    "lang, counts",
    [
        ("en", {0: "other", 1: "one", 2: "other", 21: "other"}),
        ("pt", {0: "one", 1: "one", 2: "other", 1_000_000: "many"}),
        ("fr", {0: "one", 1: "one", 2: "other", 2_000_000: "many"}),
        ("id", {0: "other", 1: "other", 5: "other"}),
    ],
)
def test_each_language_has_its_own_rule(lang, counts):
    assert {n: plural_category(lang, n) for n in counts} == counts


@pytest.mark.parametrize(
    "count, text",
    [(1, "1 kamień"), (2, "2 kamienie"), (5, "5 kamieni"), (22, "22 kamienie"), (25, "25 kamieni"), (12, "12 kamieni")],
)
def test_polish_tile_counts_in_the_window(count, text):
    assert ui_catalog("pl").t("tk.row.tiles", count=count) == text


@pytest.mark.parametrize(
    "lang, one, many",
    [
        ("en", "1 tile", "5 tiles"),
        ("pt", "1 peça", "5 peças"),
        ("fr", "1 domino", "5 dominos"),
        ("id", "1 ubin", "5 ubin"),
    ],
)
def test_one_and_many_tiles_in_every_language(lang, one, many):
    catalog = ui_catalog(lang)
    assert catalog.t("tk.row.tiles", count=1) == one
    assert catalog.t("tk.row.tiles", count=5) == many
    assert catalog.t("tk.hand.title", name="Ana", count=1).count("1") == 1


def test_plural_entry_may_be_chosen_by_another_placeholder():
    english = ui_catalog("en")
    assert english.t("log.deal", round=2, counts="Ana 7", stock=1).endswith("1 tile left over.")
    assert english.t("log.deal", round=2, counts="Ana 7", stock=3).endswith("3 tiles left over.")
    assert ui_catalog("pl").t("console.reveal_hand", player="Ala", tiles="-", points=23).endswith("(23 punkty)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_one_tiles_sentence_in_any_language(lang):
    """A count of 1 never reads with the plural noun ("1 tiles")."""
    english_one = {"tk.row.tiles": "1 tiles", "tk.hand.title": "(1 tiles)", "console.stock_count": "1 tiles"}
    catalog = ui_catalog(lang)
    for key, wrong in english_one.items():
        text = catalog.t(key, count=1, name="Ana")
        assert wrong not in text
        assert text != catalog.t(key, count=5, name="Ana").replace("5", "1") or lang == "id"


def test_plural_entries_fall_back_to_english_and_a_missing_form_to_other(tmp_path, monkeypatch):
    package = _package(
        tmp_path,
        monkeypatch,
        "rt_plural",
        {
            "ui/en.yaml": 'n:\n  one: "{count} cat"\n  other: "{count} cats"\n'
            + 'only_en:\n  one: "a"\n  other: "b {count}"\n',
            "ui/pl.yaml": 'n:\n  one: "{count} kot"\n  other: "{count} kota"\n',
        },
    )
    polish = load_catalog("pl", package=package)
    assert polish.t("n", count=1) == "1 kot"
    assert polish.t("n", count=5) == "5 kota", "a form the file lacks falls back to 'other'"
    assert polish.t("only_en", count=2) == "b 2"
    assert polish.t("n", count="x") == "x kota", "a count that is not a number takes 'other'"


def test_check_catalogs_wants_exactly_the_forms_of_each_language(tmp_path, monkeypatch):
    entry = 'n:\n  one: "{count} a"\n  other: "{count} b"\n'
    texts = {f"ui/{lang}.yaml": entry for lang in LANGUAGES}
    package = _package(tmp_path, monkeypatch, "rt_plural_check", texts)
    problems = check_catalogs(package)
    for lang in LANGUAGES:
        wanted = set(PLURAL_CATEGORIES[lang])
        flagged = any(f"ui/{lang}.yaml: key 'n' has plural forms" in p for p in problems)
        assert flagged == (wanted != {"one", "other"}), lang
