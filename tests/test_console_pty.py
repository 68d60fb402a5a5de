"""End to end: the real ``python -m roundhouse play --ui console`` in a pseudo-terminal."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

fcntl = pytest.importorskip("fcntl", reason="pseudo-terminals are POSIX only")
termios = pytest.importorskip("termios", reason="pseudo-terminals are POSIX only")


def _own_terminal() -> None:
    """In the child: a new session whose controlling terminal is the pty (so Ctrl-C sends SIGINT)."""
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyProcess:
    """A child process whose stdin/stdout/stderr are one pseudo-terminal."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True, preexec_fn=_own_terminal
        )
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 20.0) -> str:
        """Read until ``text`` has appeared after what was already consumed; the new output."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while text not in self.seen[start:]:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"never saw {text!r}; got:\n{self.seen[start:]}")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"process ended before {text!r}; got:\n{self.seen[start:]}")
                self.seen += chunk.decode("utf-8", "replace")
        return self.seen[start:]

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def wait(self, timeout: float = 20.0) -> int:
        try:
            return self.process.wait(timeout)
        finally:
            os.close(self.master)


def environment(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(ROUNDHOUSE_DATA_DIR=str(tmp_path), LANG="C.UTF-8", LANGUAGE="en")
    return env


def read_paged(child: PtyProcess) -> str:
    """Page through long text (Enter at each "-- more" prompt) until "Press Enter"; all of it."""
    text = ""
    while "Press Enter" not in text:
        text += child.expect("Enter")
        if "Press Enter" not in text:
            child.send("")
    return text


def test_DX_10_console_process_plays_a_few_commands_and_quits(tmp_path):
    args = [sys.executable, "-m", "roundhouse", "play", "--ui", "console", "--players", "2", "--bot", "random"]
    child = PtyProcess([*args, "--seed", "5", "--lang", "en"], environment(tmp_path))
    child.expect("your move")
    child.send("help")
    child.expect("Commands")
    child.send("1")
    child.expect("Confirm?")
    child.send("n")
    child.expect("Cancelled")
    child.send("1")
    child.expect("Confirm?")
    child.send("")
    child.expect("your move")
    os.write(child.master, b"\xff\xfe garbage\n")
    child.expect("Unknown command")
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0
    assert "Traceback" not in child.seen


def test_roundhouse_without_a_display_falls_back_to_the_console(tmp_path):
    child = PtyProcess([sys.executable, "-m", "roundhouse"], environment(tmp_path))
    child.expect("Language")
    os.write(child.master, b"\x04")  # Ctrl-D: end of input
    child.expect("Goodbye")
    assert child.wait() == 0
    assert "Traceback" not in child.seen


def test_ctrl_c_ends_cleanly_with_status_130(tmp_path):
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
    os.write(child.master, b"\x03")  # Ctrl-C
    child.expect("Interrupted")
    assert child.wait() == 130
    assert "Traceback" not in child.seen


def test_quit_keeps_the_match_and_the_next_start_offers_to_resume_it(tmp_path):
    args = [
        sys.executable,
        "-m",
        "roundhouse",
        "play",
        "--ui",
        "console",
        "--seed",
        "9",
        "--bot",
        "random",
        "--lang",
        "en",
    ]
    child = PtyProcess(args, environment(tmp_path))
    child.expect("your move")
    child.send("1")
    move = child.expect("Confirm?").split("Preview: ", 1)[1].split(".", 1)[0]
    child.send("y")
    child.expect("your move")
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0

    child = PtyProcess(args, environment(tmp_path))
    assert "Resume the saved match #1: Mexican Train; Player 1, Computer 2" in child.expect("[Y/n]")
    child.send("")
    child.expect("your move")
    child.send("log")
    log = read_paged(child)
    child.send("")
    child.send("quit")
    child.expect("Goodbye")
    assert child.wait() == 0
    tile = re.search(r"\d+-\d+", move).group()
    assert f"plays {tile}" in log or f"engine {tile}" in log


NOTED_INTERRUPT = """
import _thread, sys, threading, time
from roundhouse.frontends.console.terminal import Terminal

def interrupt_later():
    time.sleep(0.2)
    _thread.interrupt_main()  # Python notes SIGINT, but no system call is interrupted

threading.Thread(target=interrupt_later, daemon=True).start()
term = Terminal(sys.stdin, sys.stdout, "en")
try:
    term.ask("prompt> ")
except KeyboardInterrupt:
    term.say("Interrupted")
    sys.exit(130)
"""


def test_an_interrupt_noted_just_before_the_read_is_acted_on_without_a_keypress(tmp_path):
    """The race behind a lost Ctrl-C: the signal is noted after Python's last check, before read() blocks.

    Here the interrupt is noted while the read is already waiting, which no
    system call notices: only a wait that also watches the signal wakeup pipe
    can act on it.
    """
    child = PtyProcess([sys.executable, "-c", NOTED_INTERRUPT], environment(tmp_path))
    child.expect("prompt> ")
    child.expect("Interrupted")
    assert child.wait() == 130
