"""How long the Tk event loop is blocked while expert computers play (issue 24).

One person (seat 1) and three "expert" computers play Mexican Train at
"instant" speed with expert hints; the person asks for a hint on every
turn and confirms it. An ``after(10)`` ticker timestamps the running event
loop: each gap between two ticks past the 10 ms asked is time the window
could not answer. Printed: the gaps' median, 90th and 99th percentiles,
the longest, how many were over 100 ms, and the hints' and the computers'
wall time. Run from the repository root: ``python benchmarks/bench_tk_blocking.py
[turns] [seed]`` (starts Xvfb when DISPLAY is not usable). Target: no gap
over 100 ms, p99 at most 50 ms. Printed, never asserted.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from gui_helpers import display_works, start_xvfb  # noqa: E402

import roundhouse  # noqa: E402
from roundhouse.core.play.session import Seat  # noqa: E402
from roundhouse.core.play.setup import make_session  # noqa: E402
from roundhouse.core.plugins.frontend import PlayOptions  # noqa: E402
from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402

TICK_MS = 10
DRIVE_MS = 20


def percentile(sorted_ms: list[float], fraction: float) -> float:
    return sorted_ms[min(len(sorted_ms) - 1, int(len(sorted_ms) * fraction))]


def main() -> int:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    xvfb = None
    if not (os.environ.get("DISPLAY") and display_works(os.environ["DISPLAY"])):
        xvfb, os.environ["DISPLAY"] = start_xvfb("1366x768x24")
    os.environ["ROUNDHOUSE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="roundhouse-bench-")
    try:
        run(turns, seed)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
    return 0


def run(turns: int, seed: int) -> None:
    from roundhouse.frontends.tk import settings as tk_settings
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    plugins = get_plugin_manager()
    root = make_root("arc")
    settings = tk_settings.Settings(theme="arc", speed="instant", hints="expert")
    app = TkApp(root, plugins, PlayOptions(), None, settings)
    seats = [Seat("Ana"), Seat("Bo", "expert"), Seat("Cy", "expert"), Seat("Di", "expert")]
    session = make_session(plugins.registry, "mexican-train", seats, seed)
    app.set_session(session)

    ticks: list[float] = []
    hints: list[float] = []
    computers: list[float] = []
    state = {"turns": 0, "asked": None, "computers_from": None}

    def tick() -> None:
        ticks.append(time.perf_counter())
        root.after(TICK_MS, tick)

    def drive() -> None:
        now = time.perf_counter()
        if session.is_over or state["turns"] >= turns:
            root.quit()
            return
        if app.screen is not None:
            app.screen.close()
        elif session.human_to_move:
            if state["computers_from"] is not None:
                computers.append(now - state["computers_from"])
                state["computers_from"] = None
            if state["asked"] is None:
                state["asked"] = now
                app.hint()
            elif session.preview_pending is not None:
                hints.append(now - state["asked"])
                state["asked"] = None
                state["turns"] += 1
                state["computers_from"] = time.perf_counter()
                app.confirm()
        root.after(DRIVE_MS, drive)

    root.after(200, tick)
    root.after(200, drive)
    started = time.perf_counter()
    root.mainloop()
    wall = time.perf_counter() - started
    root.destroy()

    gaps = sorted((b - a) * 1000 for a, b in zip(ticks, ticks[1:], strict=False))
    print(f"package: {Path(roundhouse.__file__).parent}")
    print(f"{state['turns']} human turns with expert hints, 3 expert computers, instant speed, {wall:.1f} s")
    print(
        f"event loop gaps (asked {TICK_MS} ms, n={len(gaps)}): median {statistics.median(gaps):.1f} ms, "
        f"p90 {percentile(gaps, 0.9):.1f} ms, p99 {percentile(gaps, 0.99):.1f} ms, max {gaps[-1]:.1f} ms, "
        f"over 100 ms: {sum(g > 100 for g in gaps)}"
    )
    for label, samples in (("hint asked -> shown", hints), ("confirm -> person's turn again", computers)):
        ms = sorted(s * 1000 for s in samples)
        if ms:
            print(f"{label}: median {statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms (n={len(ms)})")


if __name__ == "__main__":
    sys.exit(main())
