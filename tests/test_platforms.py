"""Roundhouse where processes cannot fork, on macOS and on Windows, played out on this machine.

Each test takes away or fakes what another platform lacks or has
(``os.fork``, ``sys.platform``, the Windows console) and checks the path
Roundhouse takes there. Exports without hard links are in
``test_cli_export_faults.py``, isolated bots where ``select()`` takes
sockets only in ``test_bot_isolation.py``; CI also runs the whole suite
without ``os.fork`` (``tests/without_fork``).
"""

from __future__ import annotations

import ctypes
import io
import multiprocessing
import os
import pydoc
import subprocess
import sys
import threading
import types

import pytest

import roundhouse.core.tournament.simulate as simulate_module
from roundhouse.core.cli.main import main
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.core.tournament.simulate import MatchOutcome, simulate
from roundhouse.frontends.console.terminal import CLEAR, Terminal

WITHOUT_FORK = (
    "import os, sys\n"
    "for name in ('fork', 'register_at_fork'):\n"
    "    vars(os).pop(name, None)\n"
    "from roundhouse.core.cli.main import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
"""``roundhouse ARGS`` in a Python without ``os.fork`` and ``os.register_at_fork``, as on Windows."""

SIMULATE = "simulate --variant mexican-train --players 2 --bots random,greedy --matches 4 --seed 3 --jobs 2".split()


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["plugins"], SIMULATE, [*SIMULATE, "--isolate-bots"]],
    ids=["help", "plugins", "simulate", "simulate-isolated"],
)
def test_the_command_line_works_where_processes_cannot_fork(argv):
    result = subprocess.run([sys.executable, "-c", WITHOUT_FORK, *argv], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    if argv[0] == "simulate":
        assert "4 matches in " in result.stdout and "failed" not in result.stdout


# ------------------------------------------------------------------ start methods
@pytest.fixture
def start_methods(monkeypatch):
    """The start method of each run's worker processes, as ``simulate`` hands them out; no method set by the program."""
    chosen = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method(None, force=True)
    used: list[str] = []
    real = simulate_module.ordered_map

    def spy(function, jobs, processes, context, *more):
        used.append(context.get_start_method())
        return real(function, jobs, processes, context, *more)

    monkeypatch.setattr(simulate_module, "ordered_map", spy)
    yield used
    multiprocessing.set_start_method(chosen, force=True)


def outcomes(registry, jobs: int) -> list[MatchOutcome]:
    """Every outcome of a small Double-Nine Branch run (records kept) in ``jobs`` processes."""
    seen: list[MatchOutcome] = []
    bots = ["planner", "random", "greedy"]
    result = simulate(registry, "double-nine-branch", bots, 3, seed=8, record=None, jobs=jobs, on_match=seen.append)
    assert result.matches == 3
    return seen


@pytest.fixture(scope="module")
def alone():
    """The outcomes of that run in this process."""
    return outcomes(get_plugin_manager().registry, 1)


def test_simulate_never_forks_a_process_that_runs_threads(start_methods, alone):
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, name="another thread")
    other.start()
    try:
        spread = outcomes(get_plugin_manager().registry, 2)
    finally:
        stop.set()
        other.join()
    assert start_methods and start_methods[0] != "fork"
    assert spread == alone


def test_simulate_spawns_workers_where_spawn_is_the_default(start_methods, alone, monkeypatch):
    monkeypatch.setattr(sys, "platform", "darwin")  # macOS: Python's default start method is spawn
    assert outcomes(get_plugin_manager().registry, 2) == alone
    assert start_methods == ["spawn"]


def test_simulate_spawns_workers_where_processes_cannot_fork(start_methods, alone, monkeypatch):
    monkeypatch.delattr(os, "fork", raising=False)
    monkeypatch.delattr(os, "register_at_fork", raising=False)
    assert outcomes(get_plugin_manager().registry, 2) == alone
    assert start_methods == ["spawn"]


def test_a_bot_from_outside_the_plugins_that_cannot_be_pickled_is_refused_before_any_worker_starts(
    start_methods, monkeypatch
):
    class LocalBot:
        id = "local"
        description = "defined inside a function, so it cannot be pickled"

        def choose(self, view, legal_actions, rng):
            return legal_actions[0]

    monkeypatch.setattr(sys, "platform", "darwin")
    registry = get_plugin_manager().registry
    registry.add_bot(LocalBot())
    with pytest.raises(ValueError, match=r"^bot 'local' was registered outside the plugins and cannot be pickled"):
        simulate(registry, "double-nine-branch", ["local", "random"], 2, seed=1, jobs=2)
    assert start_methods == []


def test_fork_is_chosen_only_by_a_process_without_threads():
    """In a fresh interpreter: the platform's method first, never fork once another thread runs."""
    script = (
        "import threading\n"
        "from roundhouse.core.tournament.workers import start_method\n"
        "print(start_method())\n"
        "threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
        "print(start_method())\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    default = multiprocessing.get_all_start_methods()[0] if hasattr(os, "fork") else "spawn"
    threaded = "forkserver" if default == "fork" else default
    assert result.stdout.split() == [default, threaded]


# ------------------------------------------------------------------ the Windows console
ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004
"""The console mode flag that makes a Windows console act on ANSI codes (Windows' own value)."""


class ConsoleOutput(io.StringIO):
    """What a program writes to a Windows console (the handle is a stand-in)."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1


class Kernel32:
    """The console functions of Windows' kernel32, for one console whose mode is ``mode``."""

    def __init__(self, mode: int | None, settable: bool) -> None:
        self.mode = mode
        self.settable = settable

    def GetConsoleMode(self, handle, mode) -> int:  # noqa: N802 - the Windows name
        if self.mode is None:  # the handle is no console
            return 0
        mode._obj.value = self.mode
        return 1

    def SetConsoleMode(self, handle, mode) -> int:  # noqa: N802 - the Windows name
        if not self.settable:
            return 0
        self.mode = mode.value
        return 1


@pytest.fixture
def windows_console(monkeypatch):
    """Make this look like Windows for the console front end; returns a function giving its kernel32."""

    def console(mode: int | None, settable: bool = True) -> Kernel32:
        kernel32 = Kernel32(mode, settable)
        monkeypatch.setattr(sys, "platform", "win32")
        monkeypatch.setitem(sys.modules, "msvcrt", types.SimpleNamespace(get_osfhandle=lambda fd: 1000 + fd))
        monkeypatch.setattr(ctypes, "WinDLL", lambda name, use_last_error=False: kernel32, raising=False)
        return kernel32

    return console


def test_a_windows_console_gets_virtual_terminal_processing_to_clear_the_screen(windows_console):
    kernel32 = windows_console(mode=0x3)
    output = ConsoleOutput()
    terminal = Terminal(io.StringIO(), output, "en")
    terminal.clear()
    terminal.clear()
    assert output.getvalue() == CLEAR * 2
    assert kernel32.mode == 0x3 | ENABLE_VIRTUAL_TERMINAL_PROCESSING


@pytest.mark.parametrize(
    "mode, settable", [(0x3, False), (None, True)], ids=["console-without-ansi", "not-a-console-handle"]
)
def test_a_console_that_cannot_clear_scrolls_the_hands_away_and_says_so_once(windows_console, mode, settable):
    windows_console(mode, settable)
    output = ConsoleOutput()
    terminal = Terminal(io.StringIO(), output, "pl")
    terminal.clear()
    terminal.clear()
    text = output.getvalue()
    assert "\x1b" not in text
    notice = ui_catalog("pl").t("console.cannot_clear")
    assert text.count(notice) == 1 and "ekranu" in notice
    before, after = text.split(notice + "\n")
    assert before.strip("\n") == "" and after.strip("\n") == "" and after.count("\n") >= 20  # a screenful each time


class TypedInput(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_rules_on_windows_are_paged_through_pythons_own_output_not_the_console_code_page(monkeypatch):
    def more(command: str) -> int:
        raise AssertionError(f"Windows' more shows text in the console's code page: {command}")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "system", more)
    monkeypatch.setattr(pydoc, "pager", pydoc.pager)  # pydoc.pager replaces itself once it has chosen
    monkeypatch.setenv("LINES", "30")
    output = ConsoleOutput()
    monkeypatch.setattr(sys, "stdout", output)
    monkeypatch.setattr(sys, "stdin", TypedInput("\n" * 200))
    assert main(["rules", "--variant", "mexican-train", "--lang", "pl"]) == 0
    text = output.getvalue()
    assert "-- more --" in text  # a screenful at a time
    assert "Pociąg Meksykański" in text and "ł" in text and "\\u" not in text
