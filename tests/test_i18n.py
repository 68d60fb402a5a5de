"""Rule texts and interface strings in five languages (issue 8; RULES.md §1-§3 as player text)."""

from __future__ import annotations

import io
import re
import string
import textwrap
from functools import cache
from importlib.resources import files
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import roundhouse.core.cli.main as cli
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    CatalogError,
    check_catalogs,
    has_rules_text,
    language_code,
    load_catalog,
    normalize_language,
    placeholders,
    rules_text,
    ui_catalog,
)

VARIANTS = ("mexican-train", "double-nine-branch")
SECTIONS = [
    "overview",
    "equipment_and_deal",
    "the_start",
    "turns",
    "doubles",
    "end_and_scoring",
    "digital_conventions",
    "controls",
]
TRANSLATIONS = LANGUAGES[1:]


@cache
def _ui(lang: str) -> dict[str, str]:
    """A shipped interface catalog exactly as written in its file."""
    text = files("roundhouse.rules_text").joinpath("ui", f"{lang}.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, texts: dict[str, str]) -> str:
    """A throwaway importable text package ``name`` holding ``texts`` (relative path -> YAML)."""
    root = tmp_path / name
    root.mkdir()
    (root / "__init__.py").write_text("")
    for relative, text in texts.items():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name


# --- the shipped interface catalogs -------------------------------------------------------


def test_languages_are_the_five_shipped_ones():
    assert LANGUAGES == ("en", "pt", "pl", "fr", "id")
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_english_key_is_translated(lang):
    """Every key of ui/en.yaml (front ends keep adding some) exists in every shipped language."""
    missing = sorted(set(_ui("en")) - set(_ui(lang)))
    assert missing == [], f"ui/{lang}.yaml lacks {missing}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_translation_has_keys_english_lacks(lang):
    extra = sorted(set(_ui(lang)) - set(_ui("en")))
    assert extra == [], f"ui/{lang}.yaml has keys English does not: {extra}"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_placeholders_identical_across_languages(lang):
    english, own = _ui("en"), _ui(lang)
    wrong = {key: (placeholders(own[key]), placeholders(text)) for key, text in english.items() if key in own}
    wrong = {key: pair for key, pair in wrong.items() if pair[0] != pair[1]}
    assert wrong == {}


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translations_are_really_translated(lang):
    """Most strings differ from English (names, numbers and symbols may stay the same)."""
    english, own = _ui("en"), _ui(lang)
    same = [key for key in english if own.get(key) == english[key]]
    assert len(same) <= len(english) // 10, same


def test_shipped_catalogs_pass_the_full_check():
    """Parse, no key written twice, keys and placeholders match, rule texts complete."""
    assert check_catalogs() == []


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_string_fills_its_placeholders_in_every_language(data):
    english = _ui("en")
    key = data.draw(st.sampled_from(sorted(english)))
    lang = data.draw(st.sampled_from(LANGUAGES))
    names = placeholders(english[key])
    values = {name: data.draw(st.text(alphabet=string.ascii_letters, min_size=3, max_size=8)) for name in names}
    text = ui_catalog(lang).t(key, **values)
    for name, value in values.items():
        assert value in text and "{" + name + "}" not in text


# --- loading, errors and fallback -------------------------------------------------------


def test_missing_string_falls_back_to_english_key_by_key(tmp_path, monkeypatch):
    package = _package(
        tmp_path,
        monkeypatch,
        "rt_fallback",
        {
            "ui/en.yaml": """\
                greet: "Hello {player}"
                bye: "Goodbye"
                count: "{count} tiles"
            """,
            "ui/pl.yaml": """\
                greet: "Cześć {player}"
                count: "kamienie: {wrong}"
            """,
        },
    )
    polish = load_catalog("pl", package=package)
    assert polish.t("greet", player="Ala") == "Cześć Ala"
    assert polish.t("bye") == "Goodbye"
    assert polish.t("count", count=3) == "3 tiles", "a translation with a broken placeholder falls back"
    assert polish.t("never.written") == "never.written"
    assert load_catalog("fr", package=package).t("bye") == "Goodbye", "a language without a file is English"


def test_malformed_catalog_error_names_the_file(tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch, "rt_broken", {"ui/en.yaml": 'a: "A"\n', "ui/pl.yaml": 'a: "unclosed\n'})
    with pytest.raises(CatalogError, match=r"rt_broken/ui/pl\.yaml: not valid YAML"):
        load_catalog("pl", package=package)


@pytest.mark.parametrize(
    "text, reason",
    [("- a\n- b\n", "expected a mapping"), ("a:\n  nested: x\n", "must map to a text"), ("a:\n", "must map to a text")],
)
def test_catalog_of_the_wrong_shape_is_refused(tmp_path, monkeypatch, text, reason):
    name = f"rt_shape_{abs(hash(text))}"
    package = _package(tmp_path, monkeypatch, name, {"ui/en.yaml": text})
    with pytest.raises(CatalogError, match=rf"{name}/ui/en\.yaml: .*{reason}"):
        load_catalog("en", package=package)


def test_catalogs_are_read_with_safe_load(tmp_path, monkeypatch):
    """A YAML tag that would build a Python object is refused, not executed."""
    marker = tmp_path / "ran"
    evil = f'a: !!python/object/apply:pathlib.Path.touch [!!python/object/apply:pathlib.Path ["{marker}"]]\n'
    package = _package(tmp_path, monkeypatch, "rt_unsafe", {"ui/en.yaml": evil})
    with pytest.raises(CatalogError, match=r"rt_unsafe/ui/en\.yaml"):
        load_catalog("en", package=package)
    assert not marker.exists()


def test_malformed_rule_text_error_names_the_file(tmp_path, monkeypatch):
    package = _package(
        tmp_path,
        monkeypatch,
        "rt_bad_rules",
        {
            "en.yaml": """\
                title: Game
                sections:
                  overview: {heading: Overview, body: "Play well."}
            """,
            "fr.yaml": """\
                title: Jeu
                sections:
                  overview: [not, a, section]
            """,
        },
    )
    assert rules_text("x", "en", package=package).sections == (("overview", "Overview", "Play well."),)
    with pytest.raises(CatalogError, match=r"rt_bad_rules/fr\.yaml: section 'overview'"):
        rules_text("x", "fr", package=package)


def test_check_catalogs_reports_duplicates_missing_keys_and_placeholders(tmp_path, monkeypatch):
    english = 'a: "A {x}"\nb: "B"\n'
    texts = {f"ui/{lang}.yaml": english for lang in LANGUAGES}
    texts["ui/pl.yaml"] = 'a: "A {y}"\na: "again {x}"\n'
    texts["ui/fr.yaml"] = 'a: "A {x}"\nb: "B"\nc: "extra"\n'
    package = _package(tmp_path, monkeypatch, "rt_check", texts)
    problems = check_catalogs(package)
    assert any("ui/pl.yaml" in p and "'a' appears twice" in p for p in problems)
    assert any("ui/pl.yaml" in p and "missing key 'b'" in p for p in problems)
    assert any("ui/fr.yaml" in p and "'c' is not in English" in p for p in problems)
    assert not any("ui/pt.yaml" in p or "ui/id.yaml" in p for p in problems)


def test_check_catalogs_reports_rule_texts_with_other_sections(tmp_path, monkeypatch):
    texts = {f"ui/{lang}.yaml": 'a: "A"\n' for lang in LANGUAGES}
    section = "{heading: H, body: B}"
    for lang in LANGUAGES:
        order = "second, first" if lang == "id" else "first, second"
        body = "\n".join(f"  {key}: {section}" for key in order.split(", "))
        texts[f"game/{lang}.yaml"] = f"title: T\nsections:\n{body}\n"
    del texts["game/pt.yaml"]
    package = _package(tmp_path, monkeypatch, "rt_sections", texts)
    problems = check_catalogs(package)
    assert any("game/pt.yaml: missing file" in p for p in problems)
    assert any("game/id.yaml: sections ['second', 'first']" in p for p in problems)
    assert len(problems) == 2


def test_language_codes():
    assert language_code("pl") == "pl"
    assert language_code("pt_BR") == "pt"
    assert language_code("fr-FR") == "fr"
    assert language_code("ID") == "id"
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        language_code("xx")


def test_system_locale_chooses_the_language(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert normalize_language(None) == "pl"
    monkeypatch.setenv("LANGUAGE", "id_ID:en")
    assert normalize_language(None) == "id"
    monkeypatch.setenv("LANGUAGE", "de_DE")
    assert normalize_language(None) == "en", "an unshipped language falls back to English"


# --- rule texts ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_text_has_every_section_in_its_own_language(variant, lang):
    text = rules_text(variant, lang)
    assert [key for key, _, _ in text.sections] == SECTIONS
    assert text.title and all(heading and len(body) > 200 for _, heading, body in text.sections)
    if lang != "en":
        english = dict((key, body) for key, _, body in rules_text(variant, "en").sections)
        assert all(body != english[key] for key, _, body in text.sections), "no section falls back to English"
        assert text.title != rules_text(variant, "en").title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_MT_1_3_15_numbers_of_the_game_in_every_language(lang):
    """MT.1 2-10 players; MT.2 13 rounds 12-12..0-0; MT.3 91 tiles, 15/12/10/8 each; MT.15 0-0 counts 0."""
    text = rules_text("mexican-train", lang).as_text()
    for fact in ("91", "13", "12-12", "11-11", "0-0", "15", "12", "10", "8", "2", "9"):
        assert re.search(rf"(?<![\d-]){fact}(?![\d-])", text), fact


@pytest.mark.parametrize("lang", LANGUAGES)
def test_DB_1_2_11_numbers_of_the_game_in_every_language(lang):
    """DB.1 2-6 players, double-nine; DB.2 55 tiles, 8 each; DB.11 first to 100."""
    text = rules_text("double-nine-branch", lang).as_text()
    for fact in ("55", "8", "100", "2", "6", "9-9"):
        assert re.search(rf"(?<![\d-]){fact}(?![\d-])", text), fact


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_DX_10_controls_name_the_console_commands(variant, lang):
    controls = dict((key, body) for key, _, body in rules_text(variant, lang).sections)["controls"]
    for command in ("play ", "hint", "confirm", "cancel", "undo", "redo", "restart", "rules", "log", "quit"):
        assert command in controls, command
    assert ("engine 12-12" in controls) == (variant == "mexican-train")
    assert ("open 9-9" in controls) == (variant == "double-nine-branch")


# --- roundhouse rules ------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_command_prints_complete_rules(variant, lang, capsys):
    assert cli.main(["rules", "--variant", variant, "--lang", lang]) == 0
    out = capsys.readouterr().out
    expected = rules_text(variant, lang)
    assert out == expected.as_text()
    for _, heading, body in expected.sections:
        assert heading in out and body.strip() in out


def test_rules_command_accepts_a_regional_code(capsys):
    assert cli.main(["rules", "--variant", "double-nine-branch", "--lang", "pt_BR"]) == 0
    assert capsys.readouterr().out == rules_text("double-nine-branch", "pt").as_text()


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["rules", "--variant", "no-such-game", "--lang", "en"], "no rules for variant 'no-such-game'"),
        (["rules", "--variant", "../core", "--lang", "en"], "no rules for variant '../core'"),
        (["rules", "--variant", "mexican-train", "--lang", "xx"], "unknown language 'xx'"),
    ],
)
def test_rules_command_refuses_unknown_variant_or_language(argv, reason, capsys):
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    errors = [line for line in captured.err.splitlines() if not line.startswith("warning:")]
    assert len(errors) == 1 and reason in errors[0]


def test_rules_command_reads_a_third_party_variant_from_its_package(tmp_path, monkeypatch, capsys):
    package = _package(
        tmp_path,
        monkeypatch,
        "rt_third_party",
        {
            "en.yaml": """\
                title: Chickenfoot
                sections:
                  overview: {heading: Overview, body: "Cover every double three times."}
            """,
            "pl.yaml": """\
                title: Kurza łapka
                sections:
                  overview: {heading: Opis, body: "Każdy dubel zakryj trzy razy."}
            """,
        },
    )
    real = cli.get_plugin_manager

    def with_third_party():
        plugins = real()
        plugins.registry.variants["chickenfoot"] = SimpleNamespace(rules_text_package=package)
        return plugins

    monkeypatch.setattr(cli, "get_plugin_manager", with_third_party)
    assert has_rules_text("chickenfoot", package)
    assert cli.main(["rules", "--variant", "chickenfoot", "--lang", "pl"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kurza łapka\n") and "Każdy dubel zakryj trzy razy." in out
    assert cli.main(["rules", "--variant", "chickenfoot", "--lang", "fr"]) == 0
    assert "Cover every double three times." in capsys.readouterr().out


# --- the console front end speaks the chosen language ------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", ["pl", "id"])
def test_console_smoke_in_polish_and_indonesian(variant, lang):
    """Table, help, scores, log, rules, a hint and quit show no English interface sentence."""
    plugins = get_plugin_manager(load_entry_points=False)
    lines = ["table", "help", "scores", "log", "", "rules", "", "hint", "cancel", "quit"]
    stdin, stdout = io.StringIO("\n".join(lines) + "\n"), io.StringIO()
    options = PlayOptions(variant=variant, players=3, humans=1, bot="random", seed=1, lang=lang)
    assert plugins.registry.frontends["console"].run(AppContext(plugins, options, stdin, stdout)) == 0
    out = stdout.getvalue()
    own = ui_catalog(lang)
    for key in ("console.help_title", "console.scores_title", "console.log_title", "console.bye"):
        assert own.t(key) in out, key
    assert rules_text(variant, lang).sections[0][1] in out
    english = {key: text for key, text in _ui("en").items() if len(text) >= 12 and not placeholders(text)}
    leaks = sorted(key for key, text in english.items() if text in out)
    assert leaks == []


def test_game_names_follow_the_language_and_fall_back_to_the_variant_name():
    from roundhouse.core.text.i18n import variant_title

    registry = get_plugin_manager(load_entry_points=False).registry
    mexican = registry.variant("mexican-train")
    assert variant_title(mexican, "en") == "Mexican Train"
    assert variant_title(mexican, "pl") == rules_text("mexican-train", "pl").title != "Mexican Train"

    class Unwritten:
        id, name, rules_text_package = "no-such-game", "No Such Game", None

    assert variant_title(Unwritten(), "fr") == "No Such Game"


def test_console_welcome_names_the_game_in_the_chosen_language():
    plugins = get_plugin_manager(load_entry_points=False)
    stdin, stdout = io.StringIO("quit\n"), io.StringIO()
    options = PlayOptions(variant="double-nine-branch", players=2, humans=1, bot="random", seed=1, lang="id")
    plugins.registry.frontends["console"].run(AppContext(plugins, options, stdin, stdout))
    assert rules_text("double-nine-branch", "id").title in stdout.getvalue()
