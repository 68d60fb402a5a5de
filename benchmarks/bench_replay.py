"""Replay of a large record: peak memory and time to the first frame.

Run: ``python benchmarks/bench_replay.py [--megabytes N]``.
Writes a record of about N megabytes (one finished four-player Mexican Train
match repeated), then runs ``roundhouse replay`` on it in a child process,
stepping into the third match and quitting, and prints the child's peak
resident memory and the time until the first frame was shown. Reading one
match at a time, the peak should not depend on the file's size.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from roundhouse.core.play.record import dumps_line
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager

ROOT = Path(__file__).resolve().parent.parent


def one_match() -> tuple[str, int]:
    """The record text of one finished bot match, and its number of lines."""
    registry = get_plugin_manager(load_entry_points=False).registry
    session = make_session(registry, "mexican-train", default_seats(0, 4, "random"), seed=1)
    session.run_bots()
    lines = session.record.lines()
    return "".join(dumps_line(line) + "\n" for line in lines), len(lines)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=200)
    args = parser.parse_args()
    text, count = one_match()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "large.jsonl"
        copies = max(1, args.megabytes * 1_000_000 // len(text.encode()))
        with open(path, "w", encoding="utf-8") as handle:
            for _ in range(copies):
                handle.write(text)
        size = path.stat().st_size
        env = dict(os.environ)
        env.pop("DISPLAY", None)
        start = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-m", "roundhouse", "replay", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        first = ""
        while not first.startswith("[1/"):
            first = child.stdout.readline()
        shown = time.perf_counter() - start
        child.communicate("n\n" * (2 * count + 3) + "q\n")
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"record: {size / 1e6:.0f} MB, {copies} matches of {count} lines")
    print(f"first frame after {shown:.2f} s; peak memory of the replay {peak_kb / 1024:.0f} MB")


if __name__ == "__main__":
    main()
