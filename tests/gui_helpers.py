"""Helpers for the real-window tests: a virtual display and event pumping.

``xvfb_display`` is a session-scoped fixture: it uses the DISPLAY already
set when a window can be opened there, otherwise it starts
``Xvfb :N -screen 0 1280x800x24`` and sets DISPLAY. ``sized_display`` gives
a display of an exact screen size (one Xvfb per size, started on first
use). Without Xvfb the GUI tests fail with a clear message: they are never
skipped.
"""

from __future__ import annotations

import gc
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from roundhouse.core.play.session import Seat
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.frontends.tk import settings as tk_settings

REGISTRY = get_plugin_manager()

SCREEN = "1280x800x24"


def display_works(display: str) -> bool:
    """True when a Tk window can be opened on ``display``."""
    probe = "import tkinter; r = tkinter.Tk(); r.destroy()"
    env = {**os.environ, "DISPLAY": display}
    try:
        done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def start_xvfb(screen: str = SCREEN, dpi: int | None = None) -> tuple[subprocess.Popen, str]:
    """Start Xvfb with ``screen`` ("WxHxDEPTH", at ``dpi`` when given) on a free display number; (process, ":N").

    RuntimeError when it cannot.
    """
    binary = shutil.which("Xvfb")
    if binary is None:
        raise RuntimeError("Xvfb is not installed: the GUI tests need it (apt-get install xvfb)")
    for number in range(90, 140):
        if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
            continue
        display = f":{number}"
        process = subprocess.Popen(
            [binary, display, "-screen", "0", screen, "-nolisten", "tcp", *(["-dpi", str(dpi)] if dpi else [])],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if process.poll() is not None:
                break
            if Path(f"/tmp/.X11-unix/X{number}").exists() and display_works(display):
                return process, display
            time.sleep(0.1)
        process.kill()
        process.wait()
    raise RuntimeError("could not start Xvfb on any display :90-:139")


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """A usable X display for the session (an existing one, or a fresh Xvfb)."""
    existing = os.environ.get("DISPLAY")
    if existing and display_works(existing):
        yield existing
        return
    try:
        process, display = start_xvfb()
    except RuntimeError as error:
        pytest.fail(str(error))
    os.environ["DISPLAY"] = display
    try:
        yield display
    finally:
        process.terminate()
        process.wait(timeout=10)
        if existing is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = existing


def close_window(root) -> None:
    """Destroy ``root`` (if still open), then collect garbage at once, in the main thread.

    Tk variables and images left by a window unset themselves in Tcl when
    collected; collected later from another thread (a worker pool's), each
    waits for a main loop that is gone. Collecting here keeps that in the
    thread that owns Tk.
    """
    if root.winfo_exists():
        root.destroy()
    gc.collect()


@pytest.fixture(scope="session")
def sized_display() -> Iterator[Callable[[str], str]]:
    """``get("1024x600")``: a display whose screen is exactly that size (started once per size)."""
    started: dict[str, tuple[subprocess.Popen, str]] = {}

    def get(size: str) -> str:
        if size not in started:
            try:
                started[size] = start_xvfb(f"{size}x24")
            except RuntimeError as error:
                pytest.fail(str(error))
        return started[size][1]

    try:
        yield get
    finally:
        for process, _display in started.values():
            process.terminate()
            process.wait(timeout=10)


def pump(root, until: Callable[[], bool] | None = None, limit: float = 10.0) -> bool:
    """Process Tk events until ``until()`` is true (or just once); False on reaching ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while True:
        root.update()
        if until is None or until():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)


def fresh_window(tmp_path, monkeypatch):
    """A fresh window (instant computer, English, settings under ``tmp_path``) on the current display."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANGUAGE", "en")
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    root = make_root("arc")
    app = TkApp(root, REGISTRY, PlayOptions(), None, tk_settings.Settings(theme="arc", speed="instant"))
    root.update()
    return app


@pytest.fixture
def window(xvfb_display, tmp_path, monkeypatch):
    """A fresh window (instant computer) and a way to start sessions in it."""
    app = fresh_window(tmp_path, monkeypatch)
    yield app
    close_window(app.root)


def seats(*kinds: str | None) -> list[Seat]:
    names = ["Ana", "Bo", "Cy", "Di"]
    return [Seat(names[i], kind) for i, kind in enumerate(kinds)]


def start(app, session, until=None):
    app.set_session(session)
    assert pump(app.root, until or (lambda: app.session.human_to_move or app._screen is not None), 20)
    return session


def centre_of(canvas, item):
    x1, y1, x2, y2 = canvas.bbox(item)
    return (x1 + x2) // 2, (y1 + y2) // 2


def click(app, canvas, item):
    """Click the middle of a canvas item (an id or a tag), as the mouse would."""
    canvas.update_idletasks()
    x, y = centre_of(canvas, item)
    x -= int(canvas.canvasx(0))
    y -= int(canvas.canvasy(0))
    canvas.event_generate("<Button-1>", x=x, y=y)
    pump(app.root)


def key(app, sequence):
    app.root.focus_force()
    app.root.event_generate(sequence)
    pump(app.root)


def ask_hint(app) -> None:
    """Press H and wait for the hint, which is worked out off the main thread."""
    key(app, "h")
    assert pump(app.root, lambda: app.thinker.pending is None and app.session.preview_pending is not None)


MESSAGE_BOX = ".__tk__messagebox"
"""The path of Tk's own message box (``tkinter.messagebox``) over the root window."""


def answer_message_box(root, button: str, seen: list[str]) -> None:
    """Once Tk's message box is on the screen, note its text (message, then detail) and press ``button``."""

    def poll() -> None:
        if root.tk.call("winfo", "exists", MESSAGE_BOX) and root.tk.call("winfo", "ismapped", MESSAGE_BOX):
            parts = [f"{MESSAGE_BOX}.{part}" for part in ("msg", "dtl")]
            texts = [str(root.tk.call(p, "cget", "-text")) for p in parts if root.tk.call("winfo", "exists", p)]
            seen.append("\n".join(texts))
            root.tk.call(f"{MESSAGE_BOX}.{button}", "invoke")
        else:
            root.after(50, poll)

    root.after(50, poll)


def size_settled(root):
    """A check that is true once the window's size stayed the same over three looks 50 ms apart.

    On a busy machine a new window is mapped before it reaches the size it asked for.
    """
    looks: list[tuple[float, tuple[int, int]]] = []

    def settled() -> bool:
        now = time.monotonic()
        if not looks or now - looks[-1][0] >= 0.05:
            looks.append((now, (root.winfo_width(), root.winfo_height())))
        return len(looks) >= 3 and len({size for _, size in looks[-3:]}) == 1

    return settled


@pytest.fixture
def open_window(sized_display, tmp_path, monkeypatch):
    """``open_window(size)``: a fresh window on a screen of ``size`` (slow computer, so nothing moves)."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LANGUAGE", "en")
    roots = []

    def make(size: str):
        monkeypatch.setenv("DISPLAY", sized_display(size))
        from roundhouse.frontends.tk.app import TkApp
        from roundhouse.frontends.tk.themes import make_root

        root = make_root("felt")
        roots.append(root)
        app = TkApp(root, REGISTRY, None, None, tk_settings.Settings(theme="felt", speed="slow"))
        pump(root, lambda: root.winfo_ismapped(), 10)
        assert pump(root, size_settled(root), 10), "the window reaches its size"
        return app

    yield make
    for root in roots:
        close_window(root)
