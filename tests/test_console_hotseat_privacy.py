"""Issue 26.2: a hot-seat match in a real terminal leaks no hand. Every stretch of output between two
screen-and-scrollback clears shows at most one player's hand, and never beside a question or a goodbye
addressed to another player; undo and restart ask the other human on a cleared screen; the hand-off takes
only Enter (or q); quitting, Ctrl-C and Ctrl-D clear the hand before the goodbye; a resumed match clears
before its first hand-off, and the resumed match is played to its end with every screen checked."""

from __future__ import annotations

import os
import re
import sys

from test_console_pty import PtyProcess, environment

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
NAMES = ("Player 1", "Player 2")
HAND = re.compile(r"Your hand, (Player \d):")
ADDRESSED = re.compile(r"(Player \d), do you agree\?|Pass the device to (Player \d)|Press Enter to see (Player \d)")
ARGS = [sys.executable, "-m", "roundhouse", "play", "--ui", "console", "--humans", "2", "--players", "2"]
ARGS += ["--seed", "4", "--lang", "en", "--variant", "double-nine-branch"]
PROMPTS = ("your move (number, command or help): ", "Confirm? [Y/n] ", "[y/N] ", "[Y/n] ", "to quit. ", "your hand. ")
PROMPTS += ("continue. ",)


def check_privacy(seen: str) -> None:
    """Every stretch between clears shows one hand at most, and says nothing to anyone else beside it."""
    for stretch in seen.split(CLEAR):
        shown = set(HAND.findall(stretch))
        assert len(shown) <= 1, f"two hands on one screen: {shown}"
        if shown:
            [owner] = shown
            for match in ADDRESSED.finditer(stretch[stretch.index(f"Your hand, {owner}") :]):
                addressed = next(name for name in match.groups() if name)
                assert addressed == owner, f"{addressed} is asked with {owner}'s hand on screen"
            assert "Goodbye" not in stretch and "Interrupted" not in stretch, "a goodbye under a hand"


def next_prompt(child: PtyProcess) -> str:
    """The output up to the next question."""
    text = ""
    while not text.endswith(PROMPTS):
        text += child.expect(" ")
    return text


def test_a_hot_seat_match_never_shows_one_players_tiles_to_the_other(tmp_path):
    env = environment(tmp_path)
    child = PtyProcess(ARGS, env)
    steps = {"undo": 0, "restart": 0, "moves": 0}
    text = next_prompt(child)
    assert text.rstrip().endswith("press Enter when ready to see your hand.")
    child.send("ready")  # not an explicit answer: asked again, no hand shown
    text = next_prompt(child)
    assert re.search(r"Press Enter to see Player \d's hand, or type q to quit\. $", text) and not HAND.search(text)
    child.send("")
    while True:
        text = next_prompt(child)
        prompt = text.rsplit("\n", 1)[-1]
        if "do you agree?" in prompt:
            child.send("n" if steps["undo"] == 1 else "y")
        elif "Restart this round" in prompt:
            child.send("y")
        elif prompt.endswith(("your hand. ", "to quit. ")):
            child.send("")
        elif prompt.endswith("Confirm? [Y/n] "):
            child.send("y")
        elif "your move" in prompt and steps["moves"] and steps["undo"] < 2:
            steps["undo"] += 1  # the first is refused, the second agreed
            child.send("undo")
        elif "your move" in prompt and steps["restart"] < 1:
            steps["restart"] += 1
            child.send("restart")
        elif "your move" in prompt and steps["moves"] < 12:
            steps["moves"] += 1
            child.send("1")
        elif "your move" in prompt:
            child.send("q")
            break
        else:
            child.send("")
    child.expect("Goodbye")
    assert child.wait() == 0
    first = child.seen
    check_privacy(first)
    assert "Restart would deal this round again for everyone. Player" in first
    assert re.search(r"Nothing was taken back: Player \d did not agree\.", first)
    assert not HAND.search(first.rsplit(CLEAR, 1)[1]), "the hand stays on screen after quitting"

    child = PtyProcess(ARGS, env)
    child.expect("Resume the saved match")
    child.send("")
    child.expect("Pass the device to")
    child.send("q")  # quit at the hand-off: no hand is shown
    child.expect("Goodbye")
    assert child.wait() == 0
    check_privacy(child.seen)
    assert CLEAR in child.seen and not HAND.search(child.seen)

    child = PtyProcess(ARGS, env)
    child.expect("Resume the saved match")
    child.send("")
    child.expect("Pass the device to")
    child.send("")
    child.expect("your move")
    os.write(child.master, b"\x04")  # Ctrl-D
    child.expect("Goodbye")
    child.wait()
    check_privacy(child.seen)
    assert not HAND.search(child.seen.rsplit(CLEAR, 1)[1])


def play_to_the_end(child: PtyProcess) -> int:
    """Answer every question (the first move each turn, yes to confirm) until the match is over; the moves made."""
    moves = 0
    while True:
        prompt = next_prompt(child).rsplit("\n", 1)[-1]
        if prompt.endswith("Play a new match? [Y/n] "):
            child.send("n")
            return moves
        if "your move" in prompt:
            moves += 1
            child.send("1")
        else:
            child.send("y" if prompt.endswith("Confirm? [Y/n] ") else "")


def test_a_resumed_hot_seat_match_played_to_its_end_never_shows_one_players_tiles_to_the_other(tmp_path):
    env = environment(tmp_path)
    child = PtyProcess(ARGS, env)
    child.expect("Pass the device to")
    child.send("")
    for _ in range(5):  # a few moves, then quit
        child.expect("your move")
        child.send("1")
        child.expect("Confirm? [Y/n] ")
        child.send("y")
        child.expect("Pass the device to")
        child.send("")
    child.expect("your move")
    child.send("q")
    child.expect("Goodbye")
    assert child.wait() == 0
    check_privacy(child.seen)

    child = PtyProcess(ARGS, env)
    child.expect("Resume the saved match")
    child.send("")
    assert play_to_the_end(child) > 20
    child.expect("Goodbye")
    assert child.wait() == 0
    check_privacy(child.seen)
    assert "The match is over." in child.seen and child.seen.count("End of round") >= 2
    assert not HAND.search(child.seen.rsplit(CLEAR, 1)[1]), "a hand stays on screen after the match"
