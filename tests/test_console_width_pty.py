"""The real console in pseudo-terminals of 60, 80 and 120 columns (console issue #26, finding 3).

Ten players, one human: every row the program writes fits the terminal,
so the terminal never breaks a tile or a name; at 80x24 the moves that
scrolled away are summed up just above the prompt.
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys

import pytest
from test_console_pty import ROOT, PtyProcess, _own_terminal, environment

fcntl = pytest.importorskip("fcntl", reason="pseudo-terminals are POSIX only")
termios = pytest.importorskip("termios", reason="pseudo-terminals are POSIX only")

ARGS = [sys.executable, "-m", "roundhouse", "play", "--ui", "console", "--players", "10", "--bot", "random"]
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NAME = re.compile(r"\b(?:Player|Computer)\s*$")


class SizedPty(PtyProcess):
    """A :class:`PtyProcess` whose terminal is ``columns`` x ``lines`` before the program starts."""

    def __init__(self, args: list[str], env: dict[str, str], columns: int, lines: int) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True, preexec_fn=_own_terminal
        )
        os.close(slave)
        self.seen = ""


def sized_environment(tmp_path) -> dict[str, str]:
    """The pty tests' environment, without COLUMNS or LINES: the terminal's own size counts."""
    return {k: v for k, v in environment(tmp_path).items() if k not in ("COLUMNS", "LINES")}


def screen_rows(output: str, columns: int) -> list[tuple[str, bool]]:
    """The rows a terminal of ``columns`` shows for ``output``: (row, True when it continues the row above
    because the terminal itself broke an over-long line)."""
    rows: list[tuple[str, bool]] = []
    for line in ESCAPE.sub("", output).replace("\r\n", "\n").replace("\r", "").split("\n"):
        pieces = [line[i : i + columns] for i in range(0, len(line), columns)] or [""]
        rows += [(piece, index > 0) for index, piece in enumerate(pieces)]
    return rows


def play_a_while(child: PtyProcess, turns: int) -> None:
    """Play ``turns`` human turns (the first move, confirmed; Enter at pauses), asking for help and scores once."""
    child.expect("your move")
    child.send("help")
    child.expect("your move")
    child.send("scores")
    for _ in range(turns):
        child.expect("your move")
        child.send("1")
        child.expect("Confirm?")
        child.send("")


def assert_fits(output: str, columns: int) -> None:
    """No tile split across rows, no name cut, no row the terminal has to break."""
    rows = screen_rows(output, columns)
    for (above, _), (row, continued) in zip(rows, rows[1:], strict=False):
        split_tile = continued and re.search(r"[\d-]$", above) and re.match(r"[\d-]", row)
        assert not split_tile, f"a tile split across rows: {above!r} / {row!r}"
        cut_name = (continued and re.search(r"[A-Za-z]$", above) and re.match(r"[a-z]", row)) or (
            NAME.search(above) and re.match(r"\s*\d", row)
        )
        assert not cut_name, f"a word or name cut: {above!r} / {row!r}"
    long = [row for row, continued in rows if continued]
    assert not long, f"the terminal had to break {len(long)} rows, e.g. {long[:3]}"


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_every_row_of_a_ten_player_game_fits_the_terminal(tmp_path, columns):
    child = SizedPty([*ARGS, "--seed", "5", "--lang", "en"], sized_environment(tmp_path), columns, 24)
    play_a_while(child, 4)
    child.expect("your move")
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0
    assert "Traceback" not in child.seen
    assert "Commands" in child.seen and "Scores by round" in child.seen
    assert_fits(child.seen, columns)


def test_at_80x24_the_moves_that_scrolled_away_are_recapped_just_above_the_prompt(tmp_path):
    child = SizedPty([*ARGS, "--seed", "5", "--lang", "en"], sized_environment(tmp_path), 80, 24)
    child.expect("your move")
    child.send("")  # the forced pass of seed 5; then nine computers move
    child.expect("your move")
    rows = [row for row, _ in screen_rows(child.seen, 80)]
    screen = rows[-24:]
    prompt = max(i for i, row in enumerate(screen) if "your move" in row)
    starts = [i for i, row in enumerate(screen) if row.startswith("Since your last turn:")]
    assert starts, "no recap on the screen:\n" + "\n".join(screen)
    recap = starts[-1]
    assert all(row.startswith("  ") for row in screen[recap + 1 : prompt])  # the recap runs up to the prompt
    text = " ".join(row.strip() for row in screen[recap:prompt])
    assert all(f"Computer {n}:" in text for n in range(2, 11))
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0
