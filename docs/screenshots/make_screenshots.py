"""Regenerate the window screenshots in this folder under a virtual display.

Run from the repository root: ``python docs/screenshots/make_screenshots.py``.
It starts one ``Xvfb`` screen per size (1280x800, then 1024x600 and
1920x1080), plays seeded matches to interesting positions, and captures the
window (with its menu bar) with ImageMagick's ``import``. Needs xvfb and
imagemagick.
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
sys.path.insert(0, str(ROOT / "tests"))

from gui_helpers import pump, start_xvfb  # noqa: E402
from tk_scenes import late_round, play_until  # noqa: E402

from roundhouse.core.game.actions import Play  # noqa: E402
from roundhouse.core.play.session import Seat, Session  # noqa: E402
from roundhouse.core.play.setup import make_session  # noqa: E402
from roundhouse.core.plugins.frontend import PlayOptions  # noqa: E402
from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402

SIZES = ("1024x600", "1920x1080")
"""Screens shot besides the main 1280x800 one."""


def capture(name: str, root, settle: float = 0.4, screen: bool = False) -> None:
    """Let the window settle, then save it (menu bar included), or the whole screen with its dialogs, as ``name``."""
    pump(root, lambda: False, settle)
    subprocess.run(["import", "-window", "root" if screen else root.wm_frame(), str(HERE / name)], check=True)
    print("wrote", HERE / name)


def advance(session: Session, stop, limit: int = 2000) -> bool:
    """Play the session (humans lay a tile when they can) until ``stop(session)``, across rounds."""
    return play_until(session, stop, limit, across_rounds=True)


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


def last_computer_sliding(app) -> bool:
    """The last computer before the human has played and its tile is halfway home."""
    slide, events = app.slide, app.session.record.events
    plays = [e for e in events if e.type == "play"]
    last_seat = len(app.session.seats)
    return bool(slide and slide.running and slide.frame >= 5 and plays and plays[-1]["seat"] == last_seat)


def main(argv: list[str]) -> int:
    """Write every screenshot; a non-zero status when a scene cannot be reached.

    Each screen size is shot by its own process (a Tk process keeps its display to the end).
    """
    if shutil.which("import") is None:
        print("imagemagick's 'import' is needed", file=sys.stderr)
        return 1
    if argv:
        size = argv[0]
        return on_a_display(lambda: shoot(size) if size == "1280x800" else shoot_size(size), size)
    status = 0
    for size in ("1280x800", *SIZES):
        status |= subprocess.run([sys.executable, __file__, size], check=False).returncode
    return status


def on_a_display(scenes: Callable[[], int], size: str = "1280x800") -> int:
    """Run ``scenes`` on a fresh Xvfb screen of ``size`` with a scratch config; its status."""
    os.environ["ROUNDHOUSE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="roundhouse-shots-")
    xvfb, os.environ["DISPLAY"] = start_xvfb(f"{size}x24")
    try:
        return scenes()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def open_window(speed: str = "slow"):
    """A fresh window on the current display."""
    from roundhouse.frontends.tk import settings as tk_settings
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    root = make_root("felt")
    app = TkApp(root, get_plugin_manager(), PlayOptions(), None, tk_settings.Settings(theme="felt", speed=speed))
    return root, app


def shoot_tables(root, app, size: str) -> None:
    """Late-round tables of two, four and ten players at this ``size``."""
    for players, placed, name in ((2, 25, "two_players"), (4, 40, "mexican_train"), (10, 55, "ten_players")):
        app.set_session(late_round(app.registry, players, placed))
        capture(f"{name}_{size}.png", root)


def shoot_size(size: str) -> int:
    """The window at another screen size: tables of 2, 4 and 10 players, then the welcome and end screens."""
    root, app = open_window()
    shoot_tables(root, app, size)
    root.destroy()
    shoot_story(size)
    return 0


def shoot(size: str) -> int:
    """The main pictures on a 1280x800 screen."""
    root, app = open_window()
    registry = app.registry
    bot = "planner" if "planner" in registry.bots else "random"
    names = ["Ana", "Bruno", "Chloé", "Dawid"]
    os.environ.setdefault("ROUNDHOUSE_CONFIG_DIR", tempfile.mkdtemp(prefix="roundhouse-shots-"))

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

    opening = make_session(registry, "mexican-train", [Seat(names[0]), Seat(names[1], bot)], 2)
    app.set_session(opening)
    app.arrange_hand()
    capture("hand_arranged.png", root)

    shoot_tables(root, app, size)
    app.apply_theme("dark", save=False)
    capture("theme_dark.png", root)
    app.apply_theme("felt", save=False)

    turn = late_round(registry, 4, 30, bot)
    app.set_session(turn)
    app.settings.speed = "normal"
    legal = turn.legal_actions()
    app.preview_action(next(a for a in legal if isinstance(a, Play)))
    app.confirm()
    if pump(root, lambda: last_computer_sliding(app), 30):
        capture("computer_turn.png", root, settle=0.0)
    else:
        print("the computer's turn scene was not reached", file=sys.stderr)

    app.settings.speed = "instant"
    app.set_session(make_session(registry, "mexican-train", [Seat(n, bot) for n in names], 3))
    pump(root, lambda: app._screen is not None, 30)
    capture("round_end.png", root, screen=True)
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
    capture("setup_dialog.png", root, screen=True)
    app.setup_dialog.cancel()
    root.destroy()
    return 0 if db is not None else 1


TEN = ["Ana", "Bruno", "Chloé", "Dawid", "Eko", "Fatima", "Gustavo", "Hana", "Ines", "Jules"]


def shoot_story(size: str) -> None:
    """The welcome screen, a ten-player round end with its chart and the match end on this ``size`` screen."""
    from roundhouse.frontends.tk.dialogs import MatchEndDialog, RoundEndDialog

    root, app = open_window("instant")
    app.start()
    capture(f"welcome_{size}.png", root)
    app.setup_dialog.cancel()
    session = make_session(app.registry, "mexican-train", [Seat(name, "greedy") for name in TEN], 5)
    while session.state.round < 9:
        session.step()
    app.set_session(session)
    pump(root, lambda: isinstance(app._screen, RoundEndDialog), 60)
    capture(f"round_end_chart_{size}.png", root, screen=True)
    while not isinstance(app._screen, MatchEndDialog):
        app._screen.close()
        pump(root, lambda: app._screen is not None, 60)
    capture(f"match_end_{size}.png", root, screen=True)
    app._screen.close("close")
    root.destroy()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
