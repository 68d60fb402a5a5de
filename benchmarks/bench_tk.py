"""Tk window timings: a click to the preview drawn, and a full redraw of a crowded table.

Run from the repository root: ``python benchmarks/bench_tk.py`` (starts Xvfb
when DISPLAY is not usable). Targets (issue 6): at most 50 ms each. The
figures are printed (median and 90th percentile), never asserted.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from gui_helpers import display_works, pump, start_xvfb  # noqa: E402

from core.actions import Play  # noqa: E402
from core.frontend import PlayOptions  # noqa: E402
from core.plugins import get_plugin_manager  # noqa: E402
from core.session import Seat, Session  # noqa: E402
from core.setup import make_session  # noqa: E402

REPEATS = 40


def crowded(registry, players: int = 4, placed_at_least: int = 65) -> Session:
    """A Mexican Train round deep into play: long trains that wrap, the human to move with a play."""
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "random") for i in range(2, players + 1)]
    for seed in range(1, 200):
        session = make_session(registry, "mexican-train", seats, seed)
        for _ in range(3000):
            if session.is_over or any(e.type == "round_end" for e in session.record.events):
                break
            if session.human_to_move:
                legal = session.legal_actions()
                placed = sum(len(line.tiles) for line in session.view(1).lines)
                if any(isinstance(a, Play) for a in legal) and placed >= placed_at_least:
                    return session
                session.decide(legal[0])
            else:
                session.step()
    raise SystemExit("no crowded position reached")


def summary(label: str, samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p90 = ms[int(len(ms) * 0.9) - 1]
    return f"{label:<34} median {statistics.median(ms):6.1f} ms   p90 {p90:6.1f} ms   (n={len(ms)})"


def main() -> int:
    xvfb = None
    if not (os.environ.get("DISPLAY") and display_works(os.environ["DISPLAY"])):
        xvfb, os.environ["DISPLAY"] = start_xvfb()
    os.environ["ROUNDHOUSE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="roundhouse-bench-")
    try:
        run()
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    return 0


def run() -> None:
    from frontends.tk import settings as tk_settings
    from frontends.tk.app import TkApp, make_root

    plugins = get_plugin_manager()
    root = make_root("arc")
    app = TkApp(root, plugins, PlayOptions(), None, tk_settings.Settings(theme="arc", speed="slow"))
    root.geometry("1280x770+0+0")
    session = crowded(plugins.registry)
    app.set_session(session)
    pump(root, lambda: False, 0.5)
    view = session.view(1)
    print(
        f"table: {len(view.lines)} lines, {sum(len(line.tiles) for line in view.lines)} tiles placed, "
        f"{len(view.hand)} in hand, {len(app.table.find_all())} canvas items"
    )
    action = next(a for a in session.legal_actions() if isinstance(a, Play))

    redraw = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        app.refresh()
        root.update_idletasks()
        redraw.append(time.perf_counter() - start)

    click_preview = []
    for _ in range(REPEATS):
        app.cancel()
        app.presenter.reset()
        app.click_hand(str(action.tile))
        root.update_idletasks()
        start = time.perf_counter()
        app.click_target(action.line)
        root.update_idletasks()
        click_preview.append(time.perf_counter() - start)
        assert session.preview_pending is not None

    select = []
    for _ in range(REPEATS):
        app.cancel()
        app.presenter.reset()
        app.refresh()
        root.update_idletasks()
        start = time.perf_counter()
        app.click_hand(str(action.tile))
        root.update_idletasks()
        select.append(time.perf_counter() - start)

    print(summary("full redraw, crowded table", redraw))
    print(summary("click on a place -> preview drawn", click_preview))
    print(summary("click on a hand tile -> places lit", select))
    root.destroy()


if __name__ == "__main__":
    sys.exit(main())
