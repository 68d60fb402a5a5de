"""Regenerate the window screenshots in this folder under a virtual display.

Run from the repository root: ``python docs/screenshots/make_screenshots.py``.
It starts ``Xvfb`` (unless DISPLAY already works), plays seeded matches to
interesting positions, and captures the screen with ImageMagick's
``import -window root``. Needs xvfb and imagemagick.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from gui_helpers import display_works, pump, start_xvfb  # noqa: E402

from core.actions import Play  # noqa: E402
from core.frontend import PlayOptions  # noqa: E402
from core.plugins import get_plugin_manager  # noqa: E402
from core.session import Seat, Session  # noqa: E402
from core.setup import make_session  # noqa: E402

WIDTH, HEIGHT = 1280, 770
"""The window's size inside the 1280x800 screen (the menu bar takes the rest)."""


def capture(name: str, root) -> None:
    """Let the window settle, then save the whole screen as ``name``."""
    pump(root, lambda: False, 0.4)
    subprocess.run(["import", "-window", "root", str(HERE / name)], check=True)
    print("wrote", HERE / name)


def advance(session: Session, stop, limit: int = 2000) -> bool:
    """Play the session (the humans take their first legal action) until ``stop(session)``."""
    for _ in range(limit):
        if stop(session):
            return True
        if session.is_over:
            return False
        if session.bot_to_move:
            session.step()
        else:
            legal = session.legal_actions()
            session.decide(next((a for a in legal if isinstance(a, Play)), legal[0]))
    return stop(session)


def busy_mexican_table(session: Session) -> bool:
    """Mid-round, the human to move with a marker, the Mexican train and several trains in play."""
    if not session.human_to_move:
        return False
    view = session.view(1)
    lines = {line.id: line for line in view.lines}
    return (
        view.phase == "normal"
        and len(lines["mexican"].tiles) >= 3
        and any(line.available and line.owner for line in view.lines)
        and sum(len(line.tiles) for line in view.lines) >= 22
        and any(isinstance(a, Play) for a in session.legal_actions())
    )


def open_branches(session: Session) -> bool:
    """Double-Nine Branch with two open branches and the human to move."""
    if not session.human_to_move:
        return False
    view = session.view(session.pending_seat)
    ranked = [line for line in view.lines if line.open_rank]
    return len(ranked) >= 2 and sum(len(line.tiles) for line in view.lines) >= 10


def main() -> int:
    """Write every screenshot; a non-zero status when a scene cannot be reached."""
    return on_a_display(lambda: shoot() or shoot_story_screens())


def on_a_display(scenes: Callable[[], int]) -> int:
    """Run ``scenes`` on a working display (a fresh Xvfb when needed) with a scratch config; its status."""
    if shutil.which("import") is None:
        print("imagemagick's 'import' is needed", file=sys.stderr)
        return 1
    xvfb = None
    if not (os.environ.get("DISPLAY") and display_works(os.environ["DISPLAY"])):
        xvfb, display = start_xvfb()
        os.environ["DISPLAY"] = display
    os.environ["ROUNDHOUSE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="roundhouse-shots-")
    try:
        return scenes()
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)


def shoot() -> int:
    from frontends.tk import settings as tk_settings
    from frontends.tk.app import TkApp, make_root

    plugins = get_plugin_manager()
    registry = plugins.registry
    bot = "planner" if "planner" in registry.bots else "random"
    root = make_root("arc")
    app = TkApp(root, plugins, PlayOptions(), None, tk_settings.Settings(theme="arc", speed="slow"))
    root.geometry(f"{WIDTH}x{HEIGHT}+0+0")
    names = ["Ana", "Bruno", "Chloé", "Dawid"]

    mt = None

    def busy_and_owed(session: Session) -> bool:
        return busy_mexican_table(session) and bool(session.view(1).owed)

    for wanted, tries in ((busy_and_owed, 40), (busy_mexican_table, 60)):
        for seed in range(1, tries):
            mt_seats = [Seat(names[0])] + [Seat(n, bot) for n in names[1:]]
            candidate = make_session(registry, "mexican-train", mt_seats, seed)
            if advance(candidate, wanted):
                mt = candidate
                break
        if mt is not None:
            break
    if mt is None:
        print("no busy Mexican Train table found", file=sys.stderr)
        return 1
    app.set_session(mt)
    capture("mexican_train_table.png", root)

    action = next(a for a in mt.legal_actions() if isinstance(a, Play))
    app.presenter.click_hand(action.tile, mt.legal_actions())
    app.refresh()
    capture("mexican_train_selected.png", root)
    app.click_target(action.line)
    capture("mexican_train_preview.png", root)
    app.cancel()

    def near_round_end(session: Session) -> bool:
        return any(e.type == "round_end" for e in session.record.events)

    app.settings.speed = "instant"
    app.set_session(make_session(registry, "mexican-train", [Seat(n, bot) for n in names], 3))
    pump(root, lambda: app._screen is not None, 30)
    capture("round_end.png", root)
    app._screen.close()

    db = None
    for seed in range(1, 80):
        seats = [Seat(names[0])] + [Seat(n, bot) for n in names[1:]]
        candidate = (
            make_session(registry, "double-nine-branch", seats, seed)
            if "double-nine-branch" in (registry.variants)
            else None
        )
        if candidate is not None and advance(candidate, open_branches, 400):
            db = candidate
            break
    if db is not None:
        app.settings.speed = "slow"
        app.set_session(db)
        capture("double_nine_branch_table.png", root)
    else:
        print("no Double-Nine Branch table with open branches (variant missing?)", file=sys.stderr)

    hot = make_session(registry, "mexican-train", [Seat("Ana"), Seat("Bruno"), Seat("Chloé", bot)], 8)
    app.settings.speed = "fast"
    app.set_session(hot)
    pump(root, app.handoff_visible, 30)
    capture("hot_seat_handoff.png", root)

    app.open_setup()
    capture("setup_dialog.png", root)
    app.setup_dialog.cancel()
    root.destroy()
    return 0 if db is not None else 1


STORY_SIZES = ((1024, 600), (1920, 1080))
"""Screens on which the welcome screen and the round and match ends are shown."""

TEN = ["Ana", "Bruno", "Chloé", "Dawid", "Eko", "Fatima", "Gustavo", "Hana", "Ines", "Jules"]


def shoot_story_screens() -> int:
    """The welcome screen, a ten-player round end with its chart and the match end, on a small and a large screen.

    Each size gets its own Xvfb; all stop only when every window is gone
    (Tk keeps each display it opened until the process ends).
    """
    servers = []
    try:
        for width, height in STORY_SIZES:
            server, display = start_xvfb(f"{width}x{height}x24")
            servers.append(server)
            os.environ["DISPLAY"] = display
            shoot_story_at(width, height)
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)
    return 0


def shoot_story_at(width: int, height: int) -> None:
    """The story screens on the current display, a screen of ``width`` x ``height``."""
    from frontends.tk import settings as tk_settings
    from frontends.tk.app import TkApp, make_root
    from frontends.tk.dialogs import MatchEndDialog, RoundEndDialog

    plugins = get_plugin_manager()
    suffix = f"{width}x{height}"
    root = make_root("felt")
    app = TkApp(root, plugins, PlayOptions(), None, tk_settings.Settings(theme="felt", speed="instant"))
    root.geometry(f"{width}x{height - 30}+0+0")
    app.start()
    capture(f"welcome_{suffix}.png", root)
    app.setup_dialog.cancel()
    session = make_session(plugins.registry, "mexican-train", [Seat(name, "greedy") for name in TEN], 5)
    while session.state.round < 9:
        session.step()
    app.set_session(session)
    pump(root, lambda: isinstance(app._screen, RoundEndDialog), 60)
    capture(f"round_end_chart_{suffix}.png", root)
    while not isinstance(app._screen, MatchEndDialog):
        app._screen.close()
        pump(root, lambda: app._screen is not None, 60)
    capture(f"match_end_{suffix}.png", root)
    app._screen.close("close")
    root.destroy()


if __name__ == "__main__":
    sys.exit(main())
