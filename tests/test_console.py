"""The console front end driven through text streams (DX.2, DX.3, DX.5-DX.8, DX.10)."""

from __future__ import annotations

import re

import pytest
from console_helpers import (
    app,
    autoplay,
    console_game,
    last_line,
    new_session,
    plugins,
    script,
    tile_pattern,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.game.actions import Draw, Pass, Play, without_clauses
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.record import replay
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.console import ConsoleFrontend
from roundhouse.frontends.console.commands import command_words, parse_command


def run_console(session, answer, lang="en"):
    """Run the console loop on ``session`` in ``lang``; end of input stops it (EOFError)."""
    game, output = console_game(session, answer, lang)
    try:
        status = game.run()
    except EOFError:
        status = None
    return status, output.getvalue()


def human_prompt(output: str) -> bool:
    return last_line(output).endswith("your move (number, command or help): ")


# ------------------------------------------------------------ full matches
@pytest.mark.parametrize("variant", ["mexican-train", "double-nine-branch"])
def test_DX_10_full_seeded_match_against_bots_by_move_numbers(variant):
    """A whole match where the human always takes move 1 and confirms; the record replays."""
    if variant not in plugins().registry.variants:
        pytest.fail(f"variant {variant} is not installed")
    session = new_session(variant, humans=1, players=4, bot="random", seed=11)
    status, output = run_console(session, autoplay)
    assert status == 0
    assert session.is_over
    round_ends = [e for e in session.record.events if e.type == "round_end"]
    assert output.count("every hand, face up") == len(round_ends) >= 1
    assert "The match is over." in output
    totals = session.view(1).totals
    final = output.rsplit("Final totals: ", 1)[1].splitlines()[0]
    assert final == ", ".join(f"{session.seats[s - 1].name} {totals[s]}" for s in sorted(totals))
    replay(session.record.lines(), session.variant)


def test_MT_2_console_match_has_thirteen_rounds():
    session = new_session("mexican-train", seed=5)
    run_console(session, autoplay)
    assert [e["round"] for e in session.record.events if e.type == "round_end"] == list(range(1, 14))


# ------------------------------------------------------- preview / confirm
def test_DX_2_preview_then_cancel_changes_nothing_then_confirm_applies():
    session = new_session(seed=3)
    session.run_bots()
    first = session.legal_actions()[0]
    log_before = list(session.log)
    status, output = run_console(session, script(["1", "maybe", "n"]))
    assert status is None
    assert "Press Enter or y to confirm, n to cancel, or type another move instead." in output
    assert session.log == log_before
    assert "Preview:" in output and "Cancelled. Nothing has changed." in output
    assert session.preview_pending is None

    status, output = run_console(session, script(["1", ""]))
    assert session.log[len(log_before)].action == first
    assert "Confirm? [Y/n]" in output


def test_DX_2_a_preview_can_be_changed_for_another_move_before_confirming():
    session = new_session(seed=3)
    play_until(session, lambda s: len(s.legal_actions()) >= 2)
    second = session.legal_actions()[1]
    log_length = len(session.log)
    run_console(session, script(["1", "2", "y"]))
    assert session.log[log_length].action == second


def test_DX_2_preview_shows_the_tile_highlighted_at_its_target():
    session = new_session(seed=3)
    session.run_bots()
    action = next(a for a in session.legal_actions() if isinstance(a, Play))
    _, output = run_console(session, script([f"play {action.tile} {action.line}", "n"]))
    preview = output.split("Preview:", 1)[1].split("Confirm?", 1)[0]
    end = session.view(1).line(action.line).end
    assert f"[{end}-{action.tile.other(end)}], end {action.tile.other(end)}" in preview


def test_DX_10_spelled_move_with_short_line_name():
    session = new_session(seed=3)
    session.run_bots()
    view = session.view(session.pending_seat)
    legal = session.legal_actions()
    command = parse_command("p 5-12 m", view, legal)
    assert command.kind == "action" and command.action == Play(command.action.tile, "mexican")
    assert parse_command("play 5-12 mexican", view, legal).action == command.action


def play_until(session, condition, limit=400):
    """Apply the first legal action (bots step) until ``condition(session)`` holds at a human decision."""
    for _ in range(limit):
        session.run_bots()
        if session.is_over:
            break
        if condition(session):
            return
        session.decide(session.legal_actions()[0])
    pytest.fail("condition never reached")


def test_DX_2_draw_preview_hides_the_face_and_only_the_drawer_sees_the_tile():
    session = new_session(seed=21)
    play_until(session, lambda s: s.legal_actions() == [Draw()])
    events_before = len(session.record.events)
    _, output = run_console(session, script(["draw", "y"]))
    drawn = next(e for e in session.record.events[events_before:] if e.type == "draw")
    assert drawn["seat"] == 1
    preview = output.split("Preview:", 1)[1].split("Confirm?", 1)[0]
    assert "its face stays hidden" in preview
    assert not tile_pattern(drawn["tile"]).search(preview)
    assert f"Human 1 draws {drawn['tile']}." in output
    # other seats' draws are told without the tile
    bot_draws = [e for e in session.record.events if e.type == "draw" and e["seat"] != 1 and e["why"] == "play"]
    for event in bot_draws:
        assert f"Bot {event['seat']} draws {event['tile']}" not in output


def test_DX_2_forced_pass_shows_its_reason_and_enter_acknowledges():
    session = new_session(seed=21)
    play_until(session, lambda s: s.legal_actions() == [Pass()])
    reason = without_clauses(session.pass_reason())
    log_length = len(session.log)
    _, output = run_console(session, script([""]))
    assert f"You cannot play: {reason}" in output
    assert "(MT." not in output, "players read the reason without rule clause ids"
    assert session.log[log_length].action == Pass()


def test_MT_9b_DX_11_forced_pass_reason_is_told_in_french_at_the_console():
    session = new_session(seed=21)
    play_until(session, lambda s: s.legal_actions() == [Pass()])
    french = ui_catalog("fr")
    reason = without_clauses(in_language(session.pass_reason(), french))
    _, output = run_console(session, script([""]), "fr")
    assert french.t("console.forced_pass", reason=reason) in output
    assert reason.startswith("vous ") and "(MT." not in output


def test_DX_2_hint_is_a_preview_to_confirm_or_discard():
    session = new_session(seed=4)
    session.run_bots()
    expected = session.hint().action
    session.cancel()
    log_length = len(session.log)
    _, output = run_console(session, script(["hint", "n"]))
    assert "Hint:" in output and len(session.log) == log_length
    _, output = run_console(session, script(["hint", "y"]))
    assert session.log[log_length].seat == 1 and session.log[log_length].action == expected
    hint_line = re.search(r"Hint: ([^\n]*)", output).group(1)
    assert str(expected.tile) in hint_line


# ------------------------------------------------------------ undo / redo
def test_DX_6_undo_and_redo_across_the_computer_response():
    session = new_session(seed=8)
    play_until(session, lambda s: s.view(1).phase == "normal" and not s.legal_actions()[0].tile.is_double)
    before = session.state.snapshot()
    log_before = list(session.log)
    _, output = run_console(session, script(["1", "y"]))
    after = session.state.snapshot()
    log_after = list(session.log)
    assert len(log_after) > len(log_before) + 1, "the bots answered the human decision"
    _, output = run_console(session, script(["undo"]))
    assert session.state.snapshot() == before and session.log == log_before
    assert "taken back" in output
    _, output = run_console(session, script(["redo"]))
    assert session.state.snapshot() == after and session.log == log_after
    _, output = run_console(session, script(["redo"]))
    assert "There is nothing to redo." in output


def test_DX_7_restart_returns_to_the_same_deal():
    session = new_session(seed=8)
    session.run_bots()
    start = session.view(1)
    play_until(session, lambda s: len(s.view(1).hand) < len(start.hand) - 1)
    round_number = session.view(1).round
    _, output = run_console(session, script(["restart", "n", "restart", "y"]))
    assert [e.type for e in session.record.events].count("restart") == 1
    assert "restarted with the same deal" in output
    session.run_bots()
    assert session.view(1).round == round_number
    deals = [e for e in session.record.events if e.type == "deal"]
    assert deals[-1]["hands"] == deals[-2]["hands"]


def test_DX_8_new_match_resets_totals_and_keeps_the_old_log():
    session = new_session(seed=8)
    run_console(session, script(["1", "y", "new", "n", "new", "y"]))
    assert session.match_number == 2 and len(session.archive) == 1
    assert all(v == 0 for v in session.view(1).totals.values())
    _, output = run_console(session, script(["log", ""]))
    log = output.split("Match log:", 1)[1]
    assert "Match 1:" in log and "Match 2:" in log
    assert log.count("Round 1: tiles dealt") == 2


# ------------------------------------------------------ pauses and log
def test_DX_5_rules_and_log_pause_the_computer():
    session = new_session(seed=8)
    session.run_bots()
    commands = iter(["rules", "log"])
    paused_while_open = []

    def answer(output):
        if "Press Enter to return" in last_line(output):
            paused_while_open.append(session.paused)
            return ""
        return next(commands, None)

    _, output = run_console(session, answer)
    assert paused_while_open == [True, True]
    assert not session.paused
    assert "Match log:" in output and ("Mexican Train" in output or "rules of Mexican Train" in output)


def test_DX_11_log_shows_public_events_without_hidden_tiles():
    session = new_session(seed=21)
    play_until(
        session, lambda s: any(e.type == "draw" and e["seat"] != 1 and e["why"] == "play" for e in s.record.events)
    )
    _, output = run_console(session, script(["log", ""]))
    log = output.split("Match log:", 1)[1].split("Press Enter", 1)[0]
    for event in session.record.events:
        if event.type == "draw" and event["seat"] != 1:
            assert f"Bot {event['seat']} draws {event['tile']}" not in log
    assert log.count("draws a tile") >= 1
    assert "Round 1: tiles dealt" in log


def test_scores_table_lists_finished_rounds():
    session = new_session(seed=2)
    play_until(session, lambda s: s.view(1).round == 2)
    _, output = run_console(session, script(["scores"]))
    ends = [e for e in session.record.events if e.type == "round_end"]
    row = next(line for line in output.splitlines() if line.startswith("1 "))
    assert row.split()[1:] == [str(ends[0]["points"][str(s)]) for s in range(1, 5)]


# ------------------------------------------------------------- hot seat
def tiles_laid_in_earlier_rounds(session) -> set:
    """Tiles laid face up in rounds before the current one: public then, dealt again since."""
    laid, round_number = set(), None
    for event in session.record.events:
        if event.type == "deal":
            round_number = event["round"]
        elif event.type in ("play", "engine", "open") and round_number != session.state.view(None).round:
            laid.add(Tile.parse(event["tile"]))
    return laid


def test_DX_3_hot_seat_never_shows_another_humans_hand():
    session = new_session(humans=2, players=4, seed=13)
    handoffs = []
    checked = []

    def answer(output):
        prompt = last_line(output)
        if "Pass the device to" in prompt:
            handoffs.append((len(output), session.pending_seat))
            assert f"Pass the device to {session.seats[session.pending_seat - 1].name}." in prompt
            return ""
        if human_prompt(output):
            seat = session.pending_seat
            assert handoffs and handoffs[-1][1] == seat
            since = output[handoffs[-1][0] :]
            other = 2 if seat == 1 else 1
            laid_before = tiles_laid_in_earlier_rounds(session)  # a summary may reach back into the last round
            for tile in set(session.state.view(other).hand) - laid_before:
                assert not tile_pattern(tile).search(since), f"{tile} of seat {other} shown to seat {seat}"
            checked.append(seat)
            if len({e["round"] for e in session.record.events if e.type == "round_end"}) >= 2:
                return "quit"
        return autoplay(output)

    status, output = run_console(session, answer)
    assert status == 0
    assert {1, 2} <= set(checked) and len(handoffs) >= 4
    assert "(hands hidden)" in output


# --------------------------------------------------------------- bad input
GARBAGE = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=0, max_size=30).filter(
    lambda line: line.strip() != "" and line.split()[0].lower() not in command_words() and not line.split()[0].isdigit()
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(GARBAGE, min_size=1, max_size=15))
def test_garbage_input_never_crashes_or_changes_the_state(lines):
    session = new_session(seed=6)
    session.run_bots()
    before = session.state.snapshot()
    log = list(session.log)
    status, output = run_console(session, script(lines))
    assert status is None
    assert session.state.snapshot() == before and session.log == log
    assert "Traceback" not in output
    assert output.count("your move (number, command or help): ") == len(lines) + 1


def test_illegal_move_says_why_in_plain_words_and_changes_nothing():
    session = new_session(seed=3)
    session.run_bots()
    before = session.state.snapshot()
    hand = session.view(1).hand
    _, output = run_console(session, script([f"play {hand[0]} 3", "draw", "99", "quit now"]))
    refusal = re.search(r"Not allowed: (.*)", output)
    assert refusal and len(refusal.group(1)) > 10
    assert not re.search(r"\((MT|DB|DX)\.\d", output), "players never read rule clause ids"
    assert "There is no move 99" in output and "'quit' takes no arguments." in output
    assert session.state.snapshot() == before


# ------------------------------------------------------ front end entry
def test_front_end_eof_and_quit_exit_zero_and_interrupt_exits_130():
    frontend = ConsoleFrontend()
    context, output = app(script([]), PlayOptions(seed=1, bot="random", lang="en"))
    assert frontend.run(context) == 0 and "Traceback" not in output.getvalue()
    context, output = app(script(["quit"]), PlayOptions(seed=1, bot="random", lang="en"))
    assert frontend.run(context) == 0 and "Goodbye" in output.getvalue()

    def interrupt(_output):
        raise KeyboardInterrupt

    context, output = app(interrupt, PlayOptions(seed=1, bot="random", lang="en"))
    assert frontend.run(context) == 130 and "Interrupted" in output.getvalue()


@pytest.mark.parametrize(("lang", "human", "computer"), [("en", "Player", "Computer"), ("fr", "Joueur", "Ordinateur")])
def test_a_command_line_table_names_its_seats_in_the_players_language(lang, human, computer):
    """Flags choose the table; the seats get the language's "Player N" and "Computer N", not the bot's id."""
    context, output = app(script(["quit"]), PlayOptions(seed=1, players=3, bot="random", lang=lang))
    sessions = []
    context.store = RecordingStore(None, sessions)
    assert ConsoleFrontend().run(context) == 0
    names = [(s.name, s.bot) for s in sessions[0].seats]
    assert names == [(f"{human} 1", None), (f"{computer} 2", "random"), (f"{computer} 3", "random")]
    assert "Random 2" not in output.getvalue()


def test_interactive_setup_defaults_to_mexican_train_against_three_planners(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    context, output = app(script([""] * 12 + ["quit"]), PlayOptions())
    sessions = []
    context.store = RecordingStore(None, sessions)
    assert ConsoleFrontend().run(context) == 0
    session = sessions[0]
    assert session.variant.id == "mexican-train"
    assert [s.bot for s in session.seats] == [None, "planner", "planner", "planner"]
    assert not session.seed_explicit


def test_interactive_setup_asks_again_after_a_bad_answer(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    answers = ["xx", "en", "9", "2", "11", "2", "", "Ana", "random", "", "42", "quit"]
    context, output = app(script(answers), PlayOptions())
    sessions = []
    context.store = RecordingStore(None, sessions)
    assert ConsoleFrontend().run(context) == 0
    session = sessions[0]
    assert session.variant.id == "mexican-train" and session.seed == 42
    assert [(s.name, s.bot) for s in session.seats] == [("Ana", None), ("Computer 2", "random")]
    text = output.getvalue()
    assert "Unknown language xx" in text and "Unknown choice 9" in text and "takes 2 to 10 players, not 11" in text


def test_setup_flags_out_of_range_report_and_exit_2():
    context, output = app(script([]), PlayOptions(players=11, lang="en"))
    assert ConsoleFrontend().run(context) == 2
    assert "takes 2 to 10 players, not 11" in output.getvalue()


class RecordingStore:
    """A store with no saved match that records the sessions attached to it (no warnings to show)."""

    def __init__(self, saved, sessions):
        self.saved = saved
        self.sessions = sessions

    def unseen_warnings(self):
        return []

    def saved_match(self, match_id=None):
        return self.saved

    def attach(self, session):
        self.sessions.append(session)

    def unsaved(self, session):
        return 0
