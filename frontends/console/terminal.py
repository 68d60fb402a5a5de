"""Line-based input and output over the app's streams, with localized text.

Every visible string goes through the UI catalog. Reading returns one line
without its newline; the end of input raises EOFError so the game loop can
stop cleanly.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import sys
from collections.abc import Sequence
from typing import IO, Any

from roundhouse.core.game.actions import LineId
from roundhouse.core.text.i18n import Catalog, ui_catalog
from roundhouse.frontends.common.game_words import GameWords
from roundhouse.frontends.console.interrupts import wait_for_line
from roundhouse.frontends.console.wrap import fit

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
"""ANSI: clear the screen, clear the scrollback (where the terminal allows) and move the cursor home."""

ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004
"""The Windows console mode flag under which the console acts on ANSI escape codes."""

SEPARATOR = "-" * 60

UNREADABLE = "\ufffd"
"""What a line that cannot be decoded reads as: never a command, never a yes or no."""


class Terminal:
    """The console's streams and catalog: ``say`` writes, ``ask`` reads a line.

    On a terminal every line is fitted to its width (never broken inside a
    tile or one of :attr:`names`); other output (a pipe, a file) is written
    unwrapped. ``size`` fixes the screen's size instead of asking the terminal.
    """

    def __init__(
        self, stdin: IO[str], stdout: IO[str], lang: str | None = None, size: os.terminal_size | None = None
    ) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.fixed_size = size
        self._size: os.terminal_size | None = None
        """The size measured for the screen being written (measured again after each answer)."""
        self.names: Sequence[str] = ()
        """The players' names, never broken across rows (the game loop sets them)."""
        self.rows = 0
        """How many rows were written so far: where on the way the output is, for the game loop."""
        self.set_language(lang)
        self.game_words = GameWords(None)
        """The game's own words (line labels, obligations); the game loop sets them."""
        self.line_labels: dict[LineId, str] = {}
        """Display labels of the lines on the table now, by id (the game loop keeps them current)."""
        self.ansi: bool | None = None
        """Whether the terminal acts on ANSI escape codes (None: not asked yet)."""

    def set_language(self, lang: str | None) -> None:
        """Use the catalog of ``lang`` (None: the system language)."""
        self.catalog: Catalog = ui_catalog(lang)

    @property
    def lang(self) -> str:
        """The language code in use."""
        return self.catalog.lang

    def t(self, key: str, **values: Any) -> str:
        """The localized string ``key`` with its placeholders filled."""
        return self.catalog.t(key, **values)

    def screen(self) -> os.terminal_size | None:
        """The terminal's columns and lines (``shutil.get_terminal_size``, so COLUMNS and LINES count),
        read once per screen; None when the output is no terminal."""
        if self.fixed_size is not None:
            return self.fixed_size
        if not self.is_terminal:
            return None
        if self._size is None:
            self._size = shutil.get_terminal_size()
        return self._size

    @property
    def width(self) -> int | None:
        """The columns text is fitted to (None: unwrapped)."""
        size = self.screen()
        return size.columns if size is not None else None

    def fit(self, text: str) -> list[str]:
        """The rows ``text`` takes on this screen, each line wrapped to the width."""
        return [row for line in text.split("\n") for row in fit(line, self.width, self.names)]

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline, fitted to the width."""
        rows = self.fit(text)
        self.rows += len(rows)
        self.stdout.write("\n".join(rows) + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` (fitted to the width), read one line (stripped); EOFError at the end of input."""
        rows = self.fit(prompt)
        self.rows += len(rows)
        self.stdout.write("\n".join(rows))
        self.stdout.flush()
        self._size = None  # the answer ends this screen: the next one measures the terminal again
        try:
            wait_for_line(self.stdin)
            line = self.stdin.readline()
        except UnicodeDecodeError:
            return UNREADABLE
        if not line:
            self.stdout.write("\n")
            raise EOFError
        return line.strip()

    def confirm(self, question: str, default: bool = True) -> bool:
        """A yes/no question; Enter takes ``default``; anything else asks again."""
        while True:
            verdict = self.verdict(self.ask(f"{question} {self.yes_no_hint(default)} "), default)
            if verdict is not None:
                return verdict
            self.say(self.t("common.answer_yes_no"))

    def yes_no_hint(self, default: bool) -> str:
        """ "[Y/n]" or "[y/N]": the answers, the default in capitals."""
        return self.t("common.yes_no_default_yes") if default else self.t("common.yes_no_default_no")

    def verdict(self, answer: str, default: bool) -> bool | None:
        """True for yes, False for no, ``default`` for a blank answer, None for anything else."""
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in self.words("common.yes_words") | self.words("common.confirm_words"):
            return True
        if answer in self.words("common.no_words") | self.words("common.cancel_words"):
            return False
        return None

    def words(self, key: str) -> set[str]:
        """A catalog entry holding comma-separated words, as a set (English ones always included)."""
        own = {w.strip().lower() for w in self.t(key).split(",") if w.strip()}
        english = {w.strip().lower() for w in self.catalog.fallback.get(key, "").split(",") if w.strip()}
        return own | english

    def page(self, lines: list[str]) -> None:
        """Show long text: a screenful at a time on a terminal (Enter: next page, q: stop), all at once otherwise."""
        size = self.screen()
        height = size.lines - 1 if size is not None else 0
        if height < 2:
            for line in lines:
                self.say(line)
            return
        rows = [row for line in lines for row in self.fit(line)]
        for start in range(0, len(rows), height):
            for row in rows[start : start + height]:
                self.say(row)
            if start + height < len(rows):
                answer = self.ask(self.t("console.more", shown=start + height, total=len(rows)) + " ")
                if answer.strip().lower() in self.words("console.more_stop_words"):
                    return

    def pause_for_enter(self, text: str) -> None:
        """Show ``text`` and wait for Enter."""
        self.ask(text + " ")

    @property
    def is_terminal(self) -> bool:
        """True when the output is an interactive terminal."""
        isatty = getattr(self.stdout, "isatty", None)
        try:
            return bool(isatty and isatty())
        except ValueError:
            return False

    def clear(self) -> None:
        """Hide what is on screen: clear a terminal, otherwise print separator lines.

        A terminal that cannot act on ANSI codes (an old Windows console) has
        what is on screen scrolled out of view instead, and is told so once.
        """
        if not self.is_terminal:
            self.say(SEPARATOR)
            self.say(self.t("console.screen_cleared"))
            self.say(SEPARATOR)
            return
        first = self.ansi is None
        if first:
            self.ansi = ansi_enabled(self.stdout)
        size = self.screen()
        self.stdout.write(CLEAR if self.ansi else "\n" * (size.lines if size is not None else 24))
        if first and not self.ansi:
            self.stdout.write(self.t("console.cannot_clear") + "\n")
        self.stdout.flush()


def ansi_enabled(stream: IO[str]) -> bool:
    """Whether the terminal ``stream`` acts on ANSI escape codes, turning them on in a Windows console.

    A Windows console does once its virtual-terminal processing is on
    (Windows 10 and later allow it); an older one, or a handle that is no
    console, cannot. Every other terminal does.
    """
    if sys.platform != "win32":
        return True
    try:
        import msvcrt

        handle = ctypes.c_void_p(msvcrt.get_osfhandle(stream.fileno()))
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    except (AttributeError, ImportError, OSError, ValueError):
        return False
    mode = ctypes.c_uint32()
    if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
        return False
    wanted = mode.value | ENABLE_VIRTUAL_TERMINAL_PROCESSING
    return wanted == mode.value or bool(kernel32.SetConsoleMode(handle, ctypes.c_uint32(wanted)))
