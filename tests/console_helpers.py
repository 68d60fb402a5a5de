"""Driving the console front end from tests: scripted input streams and a ready session."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from functools import cache

from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.plugins.manager import Plugins, get_plugin_manager
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.terminal import Terminal


@cache
def plugins() -> Plugins:
    """The built-in plugins, loaded once for the console tests."""
    return get_plugin_manager(load_entry_points=False)


class ScriptedInput(io.TextIOBase):
    """A stdin whose next line comes from ``answer(output_so_far)``; None means end of input."""

    def __init__(self, output: io.StringIO, answer: Callable[[str], str | None]) -> None:
        self.output = output
        self.answer = answer
        self.lines_read = 0

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:
        line = self.answer(self.output.getvalue())
        if line is None:
            return ""
        self.lines_read += 1
        return line + "\n"


def script(lines: Iterable[str]) -> Callable[[str], str | None]:
    """An answer function giving ``lines`` in order, then end of input."""
    pending = iter(lines)
    return lambda _output: next(pending, None)


def last_line(output: str) -> str:
    """The last (unfinished) line of the output: the prompt being answered."""
    return output.rsplit("\n", 1)[-1]


def autoplay(output: str) -> str | None:
    """Always the first move, confirmed; Enter at pauses; no new match at the end."""
    prompt = last_line(output)
    if "Play a new match?" in prompt:
        return "n"
    if prompt.endswith("[Y/n] "):
        return "y"
    if "Press Enter" in prompt:
        return ""
    return "1"


def tile_pattern(tile: object) -> re.Pattern[str]:
    """A tile's text either way round as a whole token ("1-2" or "2-1", not inside "11-2" or "1-12")."""
    a, b = str(tile).split("-")
    return re.compile(rf"(?<![\d-])({a}-{b}|{b}-{a})(?![\d-])")


def new_session(
    variant: str = "mexican-train", humans: int = 1, players: int = 4, bot: str = "random", seed: int = 7
) -> Session:
    """A seeded session: ``humans`` people first, then ``bot`` seats."""
    seats = [Seat(f"Human {n}") if n <= humans else Seat(f"Bot {n}", bot) for n in range(1, players + 1)]
    return make_session(plugins().registry, variant, seats, seed)


def console_game(
    session: Session, answer: Callable[[str], str | None], lang: str = "en"
) -> tuple[ConsoleGame, io.StringIO]:
    """A console game in ``lang`` on ``session`` reading from ``answer`` and writing to a StringIO."""
    output = io.StringIO()
    term = Terminal(ScriptedInput(output, answer), output, lang)
    return ConsoleGame(term, session), output


def app(
    answer: Callable[[str], str | None], options: PlayOptions, store: object = None
) -> tuple[AppContext, io.StringIO]:
    """An AppContext for the console front end with scripted input."""
    output = io.StringIO()
    return AppContext(plugins(), options, ScriptedInput(output, answer), output, store=store), output


def run_console_once(session: Session, lines: Iterable[str]) -> str:
    """Run the console loop on ``session`` with ``lines`` as input until the input ends; the output."""
    game, output = console_game(session, script(lines))
    try:
        game.run()
    except EOFError:
        pass
    return output.getvalue()
