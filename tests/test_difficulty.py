"""Difficulty levels (DX.8 setup): one mapping of easy / medium / hard / expert onto bots, offered by both front ends.

Also hints from the expert on request (DX.2): the console's ``hint expert``
and ``Session.hint(bot)``; the quick hint bot stays the default.
"""

from __future__ import annotations

import io

import pytest
from console_helpers import ScriptedInput, app, new_session, plugins, script

from roundhouse.core.play.difficulty import (
    DEFAULT_LEVEL,
    LEVEL_BOTS,
    QUICK_HINT_BOT,
    STRONG_HINT_BOT,
    bot_about,
    level_about,
    level_name,
    level_of,
)
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.console import ConsoleFrontend
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.tk.setup_screen import ordered_bots, seat_choice_words, seat_kind_words

LANGUAGES = ("en", "pt", "pl", "fr", "id")


def test_levels_are_installed_bots_easiest_first_with_planner_as_default_and_quick_hints():
    """Each level is measured at least as strong as the one before (docs/bots.md); the expert is the top one."""
    registry = plugins().registry
    assert list(LEVEL_BOTS) == ["easy", "medium", "hard", "expert"]
    assert all(bot in registry.bots for bot in LEVEL_BOTS.values())
    assert LEVEL_BOTS == {"easy": "random", "medium": "greedy", "hard": "planner", "expert": "expert"}
    assert [level_of(bot) for bot in LEVEL_BOTS.values()] == list(LEVEL_BOTS)
    assert level_of("cautious") is None and level_of(None) is None
    assert LEVEL_BOTS[DEFAULT_LEVEL] == QUICK_HINT_BOT == "planner" and STRONG_HINT_BOT == "expert"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_names_and_describes_every_level(lang):
    catalog = ui_catalog(lang)
    names = [level_name(catalog, level) for level in LEVEL_BOTS]
    abouts = [level_about(catalog, level) for level in LEVEL_BOTS]
    assert len(set(names)) == len(set(abouts)) == len(LEVEL_BOTS) == 4
    assert all(text and "difficulty." not in text for text in names + abouts)
    if lang != "en":
        english = ui_catalog("en")
        assert abouts != [level_about(english, level) for level in LEVEL_BOTS], "translated, not copied"


def test_the_tk_setup_words_come_from_the_shared_levels():
    catalog = ui_catalog("en")
    assert seat_kind_words(catalog, "planner") == "Computer (hard)"
    assert seat_kind_words(catalog, "greedy") == "Computer (medium)"
    assert seat_kind_words(catalog, "random") == "Computer (easy)"
    assert seat_kind_words(catalog, "expert") == "Computer (expert)"
    offered = seat_choice_words(catalog, "planner")
    assert "hard" in offered and level_about(catalog, "hard") in offered and "planner" not in offered.split(":")[0]
    assert ordered_bots(["random", "expert", "planner", "greedy"]) == ["random", "greedy", "planner", "expert"]


def _console_setup(monkeypatch, lang: str, kind: str) -> tuple[list, str]:
    """A two-player Mexican Train table set up in the console, seat 2 answered with ``kind``: its seats and output."""
    monkeypatch.setenv("LANGUAGE", lang)
    answers = [lang, "2", "2", "", "Ana", kind, "", "", "quit"]
    context, output = app(script(answers), PlayOptions())
    sessions = []
    context.store = _Store(sessions)
    assert ConsoleFrontend().run(context) == 0
    return list(sessions[0].seats), output.getvalue()


def test_console_setup_offers_levels_and_takes_a_level_word(monkeypatch):
    seats, text = _console_setup(monkeypatch, "en", "hard")
    assert [s.bot for s in seats] == [None, "planner"]
    prompt = next(line for line in text.splitlines() if "Seat 2" in line or "seat 2" in line)
    assert "easy, medium, hard, expert" in prompt and "planner" not in prompt and "greedy" not in prompt
    for level in LEVEL_BOTS:
        assert f"  {level}: {level_about(ui_catalog('en'), level)}" in text


def test_console_setup_in_another_language_takes_its_level_words(monkeypatch):
    seats, _ = _console_setup(monkeypatch, "fr", "facile")
    assert [s.bot for s in seats] == [None, "random"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_expert_level_is_offered_in_the_players_language_in_both_setups(monkeypatch, lang):
    """Expert, the fourth level, is named and described in the player's language and taken by its word there."""
    catalog = ui_catalog(lang)
    word, about = level_name(catalog, "expert"), level_about(catalog, "expert")
    offered = seat_choice_words(catalog, "expert", "the plugin's own description")
    assert offered == catalog.t("tk.welcome.kind.computer_about", level=word, about=about)
    seats, text = _console_setup(monkeypatch, lang, word)
    assert [s.bot for s in seats] == [None, "expert"]
    assert catalog.t("difficulty.choice_line", level=word, about=about) in text.splitlines()
    if lang in ("pt", "pl", "id"):
        assert word != "expert" and about != level_about(ui_catalog("en"), "expert"), "translated, not copied"


def test_a_plugin_bot_outside_the_levels_is_described_by_its_own_words():
    catalog = ui_catalog("pl")
    assert bot_about("cautious", "keeps its doubles") == "keeps its doubles"
    assert bot_about("cautious") == "cautious"
    assert seat_kind_words(catalog, "cautious", "keeps its doubles") == catalog.t(
        "tk.welcome.kind.plugin_bot", bot="keeps its doubles"
    )
    short = seat_kind_words(catalog, "cautious", "keeps its doubles", short=True)
    assert short == catalog.t("tk.welcome.kind.computer", level="cautious"), "the players table names it by its id"


def test_DX_2_console_hint_expert_previews_the_experts_choice_and_plain_hint_the_planners():
    registry = plugins().registry
    session = new_session(seed=6)
    session.run_bots()
    expected = session.hint(registry.bot("expert")).action
    planned = session.hint().action
    session.cancel()
    assert planned == registry.bot("planner").choose(
        session.view(1), session.legal_actions(), session.decision_rng(1)
    )  # the quick default
    output = io.StringIO()
    answers = iter(["hint expert", "y"])
    term = Terminal(ScriptedInput(output, lambda _: next(answers, None)), output, "en")
    game = ConsoleGame(term, session, None, registry)
    log_length = len(session.log)
    try:
        game.run()
    except EOFError:
        pass
    assert session.log[log_length].seat == 1 and session.log[log_length].action == expected
    assert "Hint:" in output.getvalue()


def test_console_hint_with_an_unknown_word_changes_nothing_and_help_names_hint_expert():
    session = new_session(seed=6)
    session.run_bots()
    output = io.StringIO()
    answers = iter(["hint wizard", "help"])
    term = Terminal(ScriptedInput(output, lambda _: next(answers, None)), output, "en")
    log_length = len(session.log)
    try:
        ConsoleGame(term, session, None, plugins().registry).run()
    except EOFError:
        pass
    assert "Unknown command: hint wizard" in output.getvalue() and len(session.log) == log_length
    assert ui_catalog("en").t("expert.help_hint") in output.getvalue(), "help names 'hint expert'"


class _Store:
    """No saved match; records the sessions attached."""

    def __init__(self, sessions):
        self.sessions = sessions

    def unseen_warnings(self):
        return []

    def saved_match(self, match_id=None):
        return None

    def attach(self, session):
        self.sessions.append(session)

    def unsaved(self, session):
        return 0
