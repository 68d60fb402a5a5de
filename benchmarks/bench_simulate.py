"""Simulation speed: full matches per second and legal-move query time.

Run: ``python benchmarks/bench_simulate.py [--matches N] [--players N]``.
Plays full 13-round Mexican Train matches with random bots (recording off)
on one core and prints matches per second, decisions per second, and the
mean time of one legal-move query on positions taken from real games.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.plugins import get_plugin_manager  # noqa: E402
from core.session import Seat, Session  # noqa: E402


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="mexican-train")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=100)
    args = parser.parse_args()
    registry = get_plugin_manager().registry
    variant, bot = registry.variant(args.variant), registry.bot("random")
    seats = [Seat(f"Bot {i}", "random") for i in range(1, args.players + 1)]

    decisions = 0
    started = time.perf_counter()
    for k in range(args.matches):
        session = Session(variant, seats, {"random": bot}, seed=k)
        session.run_bots()
        decisions += len(session.log)
    elapsed = time.perf_counter() - started
    print(f"{args.variant}, {args.players} players, random bots, {args.matches} full matches")
    print(f"  {args.matches / elapsed:.1f} matches per second, {decisions / elapsed:,.0f} decisions per second")

    states = []
    session = Session(variant, seats, {"random": bot}, seed=12345)
    while not session.is_over:
        states.append(session.state.clone())
        session.step()
    samples = []
    for state in states[::5]:
        begin = time.perf_counter()
        for _ in range(20):
            state._legal = None
            state.legal_actions()
        samples.append((time.perf_counter() - begin) / 20)
    print(
        f"  legal-move query: median {statistics.median(samples) * 1e6:.1f} us, "
        f"max {max(samples) * 1e6:.1f} us over {len(samples)} positions"
    )


if __name__ == "__main__":
    main()
