"""Hot-seat privacy (issue 16, item 1; DX.3, DX.6): the scrollback is cleared at each hand-off,
undo takes back only the undoing human's own decisions unless the other human agrees, the
incoming human is told what happened since their last turn, and names are unique per table."""

from __future__ import annotations

import sys

from console_helpers import app, autoplay, console_game, last_line, new_session, script
from test_console_pty import PtyProcess, environment

from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.frontends.console import ConsoleFrontend


def is_move_prompt(output: str) -> bool:
    return last_line(output).endswith("your move (number, command or help): ")


def run(session, answer) -> str:
    game, output = console_game(session, answer)
    try:
        game.run()
    except EOFError:
        pass
    return output.getvalue()


def test_DX_6_hot_seat_undo_of_the_other_humans_decision_asks_them_first():
    """At human B's prompt, when the last decision is human A's, undo asks A; "no" changes nothing."""
    session = new_session("double-nine-branch", humans=2, players=2, seed=14)
    seen = {}

    def answer(output):
        prompt = last_line(output)
        if "do you agree?" in prompt:
            seen.setdefault("asked", (session.pending_seat, len(session.log)))
            return "n" if "refused" not in seen else "y"
        if is_move_prompt(output) and "asker" not in seen:
            owner = session.undo_owner()
            if owner is not None and owner != session.pending_seat:
                seen["asker"], seen["owner"] = session.pending_seat, owner
                return "undo"
        if is_move_prompt(output) and "asker" in seen and "refused" not in seen:
            seen["refused"] = (session.pending_seat, len(session.log))
            return "undo"
        if is_move_prompt(output) and "refused" in seen:
            seen["after"] = session.pending_seat
            return None
        return autoplay(output)

    output = run(session, answer)
    asker, owner = seen["asker"], seen["owner"]
    other = session.seats[owner - 1].name
    assert f"Undo would take back {other}'s decision, not yours. {other}, do you agree? [y/N]" in output
    assert f"Nothing was taken back: {other} did not agree." in output
    assert seen["refused"] == (asker, seen["asked"][1])  # still the asker's turn, the log unchanged
    taken_back = f"{other}'s last decision and the computer moves after it were taken back."
    assert seen["after"] == owner  # back to the other human's decision, after a hand-off
    handed = output.rsplit(f"Pass the device to {other}.", 1)[1]
    assert taken_back in handed, "the other human reads it after the hand-off too"


def test_DX_6_hot_seat_undo_of_ones_own_decision_needs_no_consent():
    """Mexican Train first turn: a human's second tile of the chain is undone without asking anyone."""
    session = new_session("mexican-train", humans=2, players=2, seed=5)
    seen = {}

    def answer(output):
        if is_move_prompt(output) and "undone" not in seen and session.undo_owner() == session.pending_seat:
            seen["undone"] = session.pending_seat
            return "undo"
        if "undone" in seen and is_move_prompt(output):
            return None
        return autoplay(output)

    output = run(session, answer)
    assert "undone" in seen
    assert "do you agree?" not in output
    assert "Your last decision and the computer moves after it were taken back." in output


def test_DX_3_incoming_human_sees_what_happened_since_their_last_turn():
    session = new_session("double-nine-branch", humans=2, players=3, bot="random", seed=21)
    marks = []

    def answer(output):
        if "Pass the device to" in last_line(output):
            marks.append(len(output))
            return ""
        if is_move_prompt(output) and len(marks) >= 3:
            return None
        return autoplay(output)

    output = run(session, answer)
    after_third = output[marks[2] :]
    incoming = session.seats[session.pending_seat - 1].name
    assert f"{incoming}, since your last turn:" in after_third
    summary = after_third.split("since your last turn:", 1)[1].split("Round", 1)[0]
    others = [s.name for s in session.seats if s.name != incoming]
    assert any(
        f"{name} plays" in summary or f"{name} opens" in summary or f"{name} passes" in summary for name in others
    )


def test_names_are_unique_per_table(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    answers = ["en", "", "2", "human", "Ana", "human", "ana", "Bo", "", "quit"]
    sessions = []
    context, output = app(script(answers), PlayOptions())

    class Store:
        def saved_match(self, match_id=None):
            return None

        def unseen_warnings(self):
            return []

        def attach(self, session):
            sessions.append(session)

        def unsaved(self, session):
            return 0

    context.store = Store()
    assert ConsoleFrontend().run(context) == 0
    assert "ana already sits at this table; choose another name." in output.getvalue()
    assert [s.name for s in sessions[0].seats] == ["Ana", "Bo"]


def test_DX_3_hand_off_in_a_real_terminal_clears_the_scrollback(tmp_path):
    args = [sys.executable, "-m", "roundhouse", "play", "--ui", "console", "--humans", "2", "--players", "2"]
    child = PtyProcess([*args, "--seed", "4", "--lang", "en", "--variant", "double-nine-branch"], environment(tmp_path))
    child.expect("Pass the device to")
    child.send("")
    child.expect("your move")
    child.send("1")
    child.expect("Confirm?")
    child.send("y")
    handed = child.expect("Pass the device to")
    assert "\x1b[2J\x1b[3J\x1b[H" in handed
    child.send("")
    after = child.expect("your move")
    assert "this round so far:" in after  # the second human's first turn
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0
    assert "Traceback" not in child.seen
