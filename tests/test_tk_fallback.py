"""A Python without tkinter, Pillow's ImageTk or sv-ttk: one clear line, never a traceback.

``roundhouse`` on a display then plays in the console after one line saying
why; ``play --ui tk`` asked for explicitly stops with one line and status 2.
The missing module is simulated by setting it to None in ``sys.modules``
before the command line starts, in a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from gui_helpers import xvfb_display  # noqa: F401 - pytest fixture

from roundhouse.frontends.tk import TkFrontend

MISSING = [
    ("_tkinter", "tkinter"),  # a Python built without Tk
    ("tkinter", "tkinter"),  # a system Python without its tkinter package
    ("PIL.ImageTk", "Pillow"),
    ("PIL._imagingtk", "Pillow"),  # Pillow's Tk hook, packaged apart by some systems
    ("PIL", "Pillow"),
    ("sv_ttk", "sv-ttk"),
]
"""(module made missing, the name the line tells)."""

WITHOUT = """import runpy, sys
sys.modules[sys.argv.pop(1)] = None
sys.argv[0] = "roundhouse"
runpy.run_module("roundhouse", run_name="__main__")
"""
"""A child's program: ``python -c WITHOUT MODULE ARGS...`` runs ``roundhouse ARGS`` without MODULE."""


def roundhouse_without(module: str, *argv: str, display: str, data: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISPLAY": display, "ROUNDHOUSE_DATA_DIR": data, "LANGUAGE": "en", "LANG": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-c", WITHOUT, module, *argv],
        env=env,
        cwd=data,
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(("module", "name"), MISSING)
def test_the_window_tells_which_module_it_lacks(module, name, monkeypatch):
    assert TkFrontend().lacking() is None
    monkeypatch.setitem(sys.modules, module, None)
    assert TkFrontend().lacking() == f"the window needs {name}, which this Python lacks"
    assert not TkFrontend().available()


def test_the_window_names_everything_it_lacks(monkeypatch):
    for module in ("_tkinter", "sv_ttk"):
        monkeypatch.setitem(sys.modules, module, None)
    assert TkFrontend().lacking() == "the window needs tkinter and sv-ttk, which this Python lacks"


@pytest.mark.gui
@pytest.mark.parametrize(("module", "name"), MISSING)
def test_without_a_module_the_window_needs_one_line_says_why_on_a_live_display(
    module,
    name,
    xvfb_display,  # noqa: F811 - pytest fixture injection
    tmp_path,
):
    """``roundhouse`` plays in the console after the line; ``play --ui tk`` is the line alone and status 2."""
    lacks = f"the window needs {name}, which this Python lacks"
    fallback = roundhouse_without(module, "--seed", "1", display=xvfb_display, data=str(tmp_path))
    assert fallback.returncode == 0, fallback.stderr
    assert fallback.stderr.splitlines() == [f"roundhouse: {lacks}; using the console."]
    assert "your move" in fallback.stdout and "Goodbye" in fallback.stdout, "the console played"
    asked = roundhouse_without(module, "play", "--ui", "tk", display=xvfb_display, data=str(tmp_path))
    assert asked.returncode == 2
    assert asked.stderr.splitlines() == [f"roundhouse play: error: {lacks}"]
    assert asked.stdout == ""
