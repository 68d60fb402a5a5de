"""The console shows earlier matches of the save store (DX.11), the computer waiting (DX.5)."""

from __future__ import annotations

import io

import pytest
from console_helpers import ScriptedInput, last_line, new_session, plugins, script
from history_helpers import hidden_draws, store_with_finished_match

from roundhouse.frontends.console.commands import Command, parse_command
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.terminal import Terminal


@pytest.fixture
def saved(tmp_path):
    """A store with one finished match, and a new session (human first) playing into it."""
    store, entry = store_with_finished_match(plugins().registry, tmp_path)
    session = new_session(players=2, seed=4)
    store.attach(session)
    session.run_bots()
    assert session.human_to_move
    yield store, entry, session
    store.close()


def play(session, store, answer) -> str:
    """Run the console on ``session`` with the store until the input ends; the output."""
    output = io.StringIO()
    game = ConsoleGame(Terminal(ScriptedInput(output, answer), output, "en"), session, store, plugins().registry)
    try:
        game.run()
    except EOFError:
        pass
    return output.getvalue()


def test_DX_11_history_lists_the_saved_match(saved):
    store, entry, session = saved
    output = play(session, store, script(["history"]))
    listing = output.split("Saved matches:", 1)[1]
    winner = entry.seats[entry.winners[0] - 1].name
    row = next(line for line in listing.splitlines() if f"#{entry.id} " in line)
    assert "Mexican Train" in row and "Ana, Bo" in row and f"won by {winner}" in row
    assert f"history {entry.id}" in listing


def test_DX_11_DX_5_history_id_prints_the_public_log_while_the_computer_waits(saved):
    store, entry, session = saved
    commands = iter([f"history {entry.id}"])
    paused_while_shown = []

    def answer(output):
        if "Press Enter to return" in last_line(output):
            paused_while_shown.append(session.paused)
            return ""
        return next(commands, None)

    output = play(session, store, answer)
    assert paused_while_shown == [True]
    assert not session.paused
    shown = output.split(f"Match #{entry.id}: Mexican Train", 1)[1].split("Press Enter", 1)[0]
    assert "Round 1: tiles dealt (Ana 15, Bo 15)" in shown
    assert "Round 1 is over" in shown
    winner = entry.seats[entry.winners[0] - 1].name
    assert f"The winner is {winner}." in shown
    draws = hidden_draws(store, entry)
    assert draws, "the saved match has draws to hide"
    assert shown.count(" draws a tile") == len(draws)
    for line in draws:
        name = entry.seats[line["seat"] - 1].name
        assert f"{name} draws {line['tile']}" not in shown


def test_DX_11_log_id_is_the_same_as_history_id(saved):
    store, entry, session = saved
    by_history = play(session, store, script([f"history {entry.id}", ""]))
    by_log = play(session, store, script([f"log {entry.id}", ""]))
    marker = f"Match #{entry.id}:"
    assert by_history.split(marker, 1)[1].split("Press Enter")[0] == by_log.split(marker, 1)[1].split("Press Enter")[0]


def test_DX_11_log_lists_earlier_saved_matches_after_the_current_log(saved):
    store, entry, session = saved
    output = play(session, store, script(["log", ""]))
    log = output.split("Match log:", 1)[1].split("Press Enter", 1)[0]
    current, earlier = log.split("Earlier saved matches (1)", 1)
    assert "Round 1: tiles dealt (Human 1 15, Bot 2 15)" in current
    assert f"#{entry.id} " in earlier and "Mexican Train" in earlier and "history ID" in earlier


@pytest.mark.parametrize("command", ["history 999", "history abc", "log #x", "hist -1"])
def test_DX_11_a_bad_match_id_is_refused_and_changes_nothing(saved, command):
    store, entry, session = saved
    before = (list(session.log), len(session.record.events), session.view(1), store.history())
    output = play(session, store, script([command]))
    word = command.split()[1]
    assert f"'{word}' is not the number of a saved match" in output
    assert output.rstrip().endswith("your move (number, command or help):")
    assert (list(session.log), len(session.record.events), session.view(1), store.history()) == before
    assert not session.paused


def test_DX_11_without_saving_history_says_so_and_log_is_as_before():
    session = new_session(players=2, seed=4)
    output = play(session, None, script(["history", "log", ""]))
    assert "Saving is off, so there is no history of earlier matches." in output
    assert "Earlier saved matches" not in output
    assert "Match log:" in output


def test_history_and_log_take_one_match_id_other_commands_none():
    view = new_session(players=2, seed=4).view(1)
    assert parse_command("history 12", view, []) == Command("history", argument="12")
    assert parse_command("hist", view, []) == Command("history")
    assert parse_command("log 3", view, []) == Command("log", argument="3")
    assert parse_command("hi", view, []) == Command("hint")
    assert parse_command("history 1 2", view, []).kind == "error"
    assert parse_command("undo 2", view, []).kind == "error"


def test_help_lists_the_history_command():
    output = play(new_session(players=2, seed=4), None, script(["help"]))
    assert "history (hist)" in output
