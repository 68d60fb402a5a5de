"""Replay of large and hostile records: time to the first frame, whole run, peak memory.

Run: ``python benchmarks/bench_replay.py [--megabytes N] [--package DIR]``.
Writes three records and runs ``roundhouse replay`` on each in a child
process, printing the child's peak resident memory, the time until its
first frame and the time to print everything (without a terminal the whole
match is printed; the first-frame run closes the pipe after one line, as
``| head -1`` does):

- ``large``: one finished four-player Mexican Train match repeated to about
  N megabytes;
- ``1 MB lines``: the same, each header naming its seats with names of
  about 250,000 characters (every header is a line of about 1 MB);
- ``long name``: one match whose first seat has a 300,000-character name.

``--package DIR`` runs the children with ``PYTHONPATH=DIR`` (a directory
holding another ``roundhouse`` checkout), to compare with an earlier version.
A child is stopped after ``--timeout`` seconds, and its memory is capped at
``--memory`` megabytes, so an old version that runs away is reported, not
waited for.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from roundhouse.core.play.record import dumps_line
from roundhouse.core.play.setup import default_seats, make_session
from roundhouse.core.plugins.manager import get_plugin_manager

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER = """
import resource, subprocess, sys, time
limit, timeout = int(sys.argv[1]), float(sys.argv[2])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
child = subprocess.Popen(sys.argv[4:], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
start = time.perf_counter()
first = None
if sys.argv[3] == "first":
    child.stdout.readline()
    first = time.perf_counter() - start
    child.stdout.close()
    try:
        child.wait(timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
else:
    try:
        while child.stdout.read(1 << 16):
            if time.perf_counter() - start > timeout:
                child.kill()
                break
    finally:
        child.wait()
elapsed = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(child.returncode, first if first is not None else elapsed, peak)
"""
"""Runs one replay and prints its status, its time and its peak memory in kB; a small process of its
own starts it, so that the peak is the replay's alone."""


def one_match(names: list[str] | None = None) -> str:
    """The record text of one finished four-player bot match, seats renamed when ``names`` are given."""
    registry = get_plugin_manager(load_entry_points=False).registry
    session = make_session(registry, "mexican-train", default_seats(0, 4, "random"), seed=1)
    session.run_bots()
    lines = session.record.lines()
    if names:
        seats = [{**seat, "name": name} for seat, name in zip(lines[0]["seats"], names, strict=False)]
        lines[0] = {**lines[0], "seats": seats + lines[0]["seats"][len(names) :]}
    return "".join(dumps_line(line) + "\n" for line in lines)


def measure(path: Path, mode: str, args: argparse.Namespace) -> str:
    """One child run: ``"1.23 s, 45 MB"``, or what went wrong."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    if args.package:
        env["PYTHONPATH"] = args.package
    replay = [sys.executable, "-m", "roundhouse", "replay", str(path)]
    launcher = [sys.executable, "-c", LAUNCHER, str(args.memory << 20), str(args.timeout), mode]
    result = subprocess.run(launcher + replay, capture_output=True, text=True, cwd=ROOT, env=env, check=True)
    status, seconds, peak_kb = result.stdout.split()
    figure = f"{float(seconds):6.2f} s, {int(peak_kb) / 1024:5.0f} MB"
    if float(seconds) >= args.timeout:
        return figure + " (stopped: too slow)"
    return figure if status in ("0", "-13") else figure + f" (status {status}: out of memory?)"


def main() -> None:
    """Write the records, measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=105)
    parser.add_argument("--package", default=None, help="run the replay from this PYTHONPATH")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--memory", type=int, default=4096, help="address-space cap of a replay, in MB")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        records = {
            "large": one_match(),
            "1 MB lines": one_match(["A" * 250_000, "B" * 250_000, "C" * 250_000, "D" * 250_000]),
            "long name": one_match(["N" * 300_000]),
        }
        print(f"{'record':<12} {'size':>7}  {'first frame':<22} {'whole text':<22}")
        for name, text in records.items():
            path = Path(directory) / "record.jsonl"
            copies = 1 if name == "long name" else max(1, args.megabytes * 1_000_000 // len(text.encode()))
            with open(path, "w", encoding="utf-8") as handle:
                for _ in range(copies):
                    handle.write(text)
            size = f"{path.stat().st_size / 1e6:.1f} MB"
            print(f"{name:<12} {size:>7}  {measure(path, 'first', args):<22} {measure(path, 'all', args):<22}")


if __name__ == "__main__":
    main()
