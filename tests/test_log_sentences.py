"""A complete log from one shared set of sentences (issue 16, item 4; DX.11).

Both front ends take each event's sentence from ``roundhouse.frontends.common.event_sentences``:
round results name who went out with points and totals, blocked rounds say
why, redeals and engine searches are told, owed doubles are told as they
arise and are covered, each game has its own words, in all five languages.
"""

from __future__ import annotations

import io
import sys

import pytest
import yaml
from console_helpers import autoplay, console_game, new_session, run_console_once, script
from test_console_pty import PtyProcess, environment, read_paged
from tk_scenes import play_until

from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import OwedDouble
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog
from roundhouse.frontends.common.event_sentences import event_sentence, owed_sentences
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.console.describe import describe_event
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.tk.logtext import event_text

NAMES = ["Ana", "Bo", "Cy"]
MT, DB = "mexican-train", "double-nine-branch"


def T(text: str) -> Tile:
    return Tile.parse(text)


def round_end(reason: str, hands: dict, points: dict, totals: dict) -> dict:
    return {"type": "round_end", "round": 4, "reason": reason, "hands": hands, "points": points, "totals": totals}


def test_DX_11_MT_15_round_result_names_who_went_out_with_points_and_totals():
    line = round_end("out", {"1": ["3-4"], "2": [], "3": ["0-0", "5-6"]}, {"1": 7, "2": 0, "3": 11},
                     {"1": 30, "2": 12, "3": 41})  # fmt: skip
    sentence = event_sentence(ui_catalog("en"), MT, NAMES, line)
    assert sentence == (
        "Round 4 is over: Bo went out. Penalty points this round: Ana 7, Bo 0, Cy 11. Totals: Ana 30, Bo 12, Cy 41."
    )


def test_DX_11_MT_14_DB_10_blocked_rounds_say_why_in_each_games_words():
    line = round_end("blocked", {"1": ["3-4"], "2": ["1-1"], "3": ["5-6"]}, {"1": 7, "2": 2, "3": 11}, {})
    mexican = event_sentence(ui_catalog("en"), MT, NAMES, line)
    assert "blocked, the boneyard is empty and nobody can play" in mexican
    assert "Each player takes the pips left in their hand as penalty points: Ana 7, Bo 2, Cy 11." in mexican
    branch_line = round_end("blocked", line["hands"], {"1": 0, "2": 20, "3": 0}, {"1": 0, "2": 20, "3": 0})
    branch = event_sentence(ui_catalog("en"), DB, NAMES, branch_line)
    assert "no tile in any hand matches the end of any branch" in branch
    assert "Bo holds the lowest hand and scores 20, the pips left in every hand." in branch
    tied = round_end("blocked", line["hands"], {"1": 0, "2": 0, "3": 0}, {"1": 0, "2": 0, "3": 0})
    assert "Nobody scores: the lowest hands are tied." in event_sentence(ui_catalog("en"), DB, NAMES, tied)


def test_DB_10a_a_player_going_out_scores_the_others_pips():
    line = round_end("out", {"1": [], "2": ["1-1"], "3": ["5-6"]}, {"1": 13, "2": 0, "3": 0}, {"1": 13, "2": 0, "3": 0})
    assert event_sentence(ui_catalog("en"), DB, NAMES, line).startswith("Round 4 is over: Ana went out. Ana scores 13.")


MARKER_WORDS = {"en": "mark", "fr": "marqueur", "pt": "marcador", "pl": "znacznik", "id": "penanda"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_DB_8_a_branch_pass_is_never_called_a_marker_and_every_event_is_translated(lang):
    catalog = ui_catalog(lang)
    passed = {"type": "pass", "seat": 2}
    assert MARKER_WORDS[lang] not in event_sentence(catalog, DB, NAMES, passed).lower()
    assert MARKER_WORDS[lang] in event_sentence(catalog, MT, NAMES, passed).lower()
    redeal = event_sentence(catalog, DB, NAMES, {"type": "redeal", "round": 2, "reason": "no_double"})
    blocked = event_sentence(catalog, DB, NAMES, round_end("blocked", {}, {}, {}))
    assert "no_double" not in redeal and "reason" not in redeal and "=" not in redeal
    assert "blocked" not in blocked or lang == "en"
    if lang != "en":
        english = ui_catalog("en")
        assert redeal != event_sentence(english, DB, NAMES, {"type": "redeal", "round": 2, "reason": "no_double"})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_sentence_is_in_every_language(lang):
    from importlib.resources import files

    english = yaml.safe_load(files("roundhouse.rules_text").joinpath("ui", "en.yaml").read_text(encoding="utf-8"))
    own = yaml.safe_load(files("roundhouse.rules_text").joinpath("ui", f"{lang}.yaml").read_text(encoding="utf-8"))
    keys = [k for k in english if k.startswith("log.")]
    assert len(keys) > 30 and all(k in own for k in keys)
    if lang != "en":
        same = [k for k in keys if own[k] == english[k] and k != "log.other"]
        assert not same, f"not translated: {same}"


EVENTS = [
    Event.make("deal", round=1, hands={"1": [T("1-2")], "2": [T("3-4")], "3": [T("5-5")]}, stock=[T("6-6")]),
    Event.make("draw", seat=2, tile=T("4-5"), why="search"),
    Event.make("engine", seat=3, tile=T("12-12")),
    Event.make("play", seat=1, tile=T("5-12"), line="mexican", end=5),
    Event.make("play", seat=1, tile=T("5-6"), line=2, end=6),
    Event.make("pass", seat=3),
    Event.make("restart", round=1),
    Event.make("match_end", winners=[1, 3], totals={"1": 3, "2": 9, "3": 3}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", [MT, DB])
def test_DX_11_both_front_ends_say_the_same_sentence(lang, variant):
    term = Terminal(io.StringIO(), io.StringIO(), lang)
    for event in EVENTS:
        for seat in (None, 1, 2):
            line = event.visible_to(seat)
            assert describe_event(term, variant, NAMES, line) == event_text(ui_catalog(lang), line, NAMES, variant)


def test_MT_12_owed_doubles_are_told_as_they_arise_and_when_covered():
    catalog = ui_catalog("en")
    before = (OwedDouble(T("7-7"), 2),)
    after = (OwedDouble(T("4-4"), "mexican"),)
    assert owed_sentences(catalog, MT, NAMES, before, after) == [
        "7-7 on Bo's train is covered.",
        "4-4 on the Mexican train is now owed: it must be covered before other plays.",
    ]
    assert owed_sentences(catalog, MT, NAMES, after, after) == []


def test_MT_4_round_one_engine_search_is_shown_as_it_happens_in_the_console():
    session = new_session(seed=9)
    searches = [e for e in session.record.events if e.type == "draw" and e["why"] == "search"]
    assert searches, "seed 9 needs an engine search in round 1"
    output = run_console_once(session, [])
    before_prompt = output.split("your move", 1)[0]
    assert before_prompt.count("in the search for the engine.") == len(searches)
    assert "Round 1: tiles dealt" in before_prompt


def test_MT_11_MT_12_console_tells_owed_doubles_and_a_humans_extra_play_in_a_full_match():
    session = new_session(seed=11, bot="random")
    game, output = console_game(session, autoplay)
    assert game.run() == 0
    text = output.getvalue()
    assert "is now owed: it must be covered before other plays." in text and "is covered." in text
    assert "Human 1 played a double and plays again" in text
    owed_notes = [sentence for sentence in game.notes.filed() if "plays again" not in sentence]
    assert len(owed_notes) == text.count("is now owed:") + text.count("is covered.")
    assert any("Human 1 played a double and plays again" in sentence for sentence in game.notes.filed())


def test_console_log_keeps_the_owed_double_sentences_in_place():
    session = new_session(seed=11, bot="random")
    answers = iter(range(400))

    def answer(output):
        if next(answers) < 300:
            return autoplay(output)
        return None

    game, output = console_game(session, answer)
    try:
        game.run()
    except EOFError:
        pass
    if not game.notes.filed():
        pytest.fail("seed 11 should have owed doubles within 300 answers")
    log_game, log_output = console_game(session, script(["log", ""]))
    log_game.notes = game.notes
    try:
        log_game.run()
    except EOFError:
        pass
    log = log_output.getvalue().split("Match log:", 1)[1]
    assert "is now owed" in log


def test_long_text_is_paged_on_a_terminal(monkeypatch):
    class Tty(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("LINES", "5")
    out = Tty()
    Terminal(io.StringIO("\nq\n"), out, "en").page([f"line {n}" for n in range(1, 15)])
    text = out.getvalue()
    assert "line 4\n-- more (4 of 14 lines)" in text and "line 8\n-- more (8 of 14 lines)" in text
    assert "line 9" not in text  # q stopped it
    pipe = io.StringIO()
    Terminal(io.StringIO(), pipe, "en").page([f"line {n}" for n in range(1, 15)])
    assert "-- more" not in pipe.getvalue() and "line 14" in pipe.getvalue()


def test_console_rules_are_paged_in_a_real_terminal(tmp_path):
    args = [
        sys.executable,
        "-m",
        "roundhouse",
        "play",
        "--ui",
        "console",
        "--seed",
        "3",
        "--bot",
        "random",
        "--lang",
        "en",
    ]
    child = PtyProcess(args, environment(tmp_path))
    child.expect("your move")
    child.send("rules")
    text = read_paged(child)
    assert "-- more (" in text and "Mexican Train" in text
    child.send("")
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0 and "Traceback" not in child.seen


def test_roundhouse_rules_uses_a_pager_on_a_terminal(tmp_path):
    env = environment(tmp_path)
    env["PAGER"] = "sed -n 1,2p"
    child = PtyProcess([sys.executable, "-m", "roundhouse", "rules", "--lang", "en"], env)
    child.expect("=============")
    assert child.wait() == 0
    lines = [line for line in child.seen.splitlines() if line.strip()]
    assert lines == ["Mexican Train", "============="], "only what the pager let through"


def test_DX_6_MT_12_undo_drops_the_owed_notes_it_takes_back_and_tells_no_covered_double():
    session = new_session(seed=11, bot="random")
    catalog = ui_catalog("en")
    notes = LogNotes(session)
    said: list[str] = []
    session.observers.append(lambda s, _events: said.extend(notes.owed(catalog, s)))

    def owed_by_a_human(s) -> bool:
        return bool(s.view(None).owed) and s.undo_owner() == 1 and any("is now owed" in x for x in said)

    assert play_until(session, owed_by_a_human, across_rounds=True), "seed 11 has a double owed after a human move"
    kept = notes.filed()
    said.clear()
    while session.view(None).owed and session.can_undo:
        session.undo()
    assert said == [], "an undo tells no double as covered or owed"
    assert len(notes.filed()) < len(kept), "the owed notes of what was taken back are gone"
