"""Save store cost: time per autosave, resume time and database size.

Run: ``python benchmarks/bench_store.py [--matches N] [--players N]``.
Plays full Mexican Train matches with random bots twice, without and with an
attached store (a temporary data directory), and prints the extra time per
save, the time to resume the longest saved position, and the file sizes.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store


def play(registry, players: int, matches: int, store: Store | None) -> tuple[float, int]:
    """Seconds and decisions for ``matches`` bot matches, autosaved when ``store`` is given."""
    session = make_session(registry, "mexican-train", default_seats(0, players, "random"), seed=1)
    if store is not None:
        store.attach(session)
    decisions = 0
    start = time.perf_counter()
    for number in range(matches):
        if number:
            session.new_match()
        session.run_bots()
        decisions += len(session.log)
    return time.perf_counter() - start, decisions


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    registry = get_plugin_manager().registry
    bare, decisions = play(registry, args.players, args.matches, None)
    with tempfile.TemporaryDirectory() as directory:
        with Store.open(Path(directory)) as store:
            saved, _ = play(registry, args.players, args.matches, store)
            session = make_session(registry, "mexican-train", default_seats(1, args.players, "random"), seed=2)
            store.attach(session)
            while not session.is_over and len(session.log) < 600:
                session.run_bots()
                if session.human_to_move:
                    session.decide(session.legal_actions()[0])
            position = store.saved_match()
        with Store.open(Path(directory)) as store:
            start = time.perf_counter()
            store.resume(position, registry)
            resume = time.perf_counter() - start
        size = sum(f.stat().st_size for f in Path(directory).iterdir())
    print(f"{decisions} decisions in {args.matches} matches of {args.players} players")
    print(f"play without store: {bare:.3f} s; with autosave: {saved:.3f} s")
    print(f"extra time per autosave: {(saved - bare) / decisions * 1e6:.0f} µs")
    print(f"resume of {len(position.log)} logged decisions: {resume * 1000:.0f} ms")
    print(f"data directory after closing: {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
