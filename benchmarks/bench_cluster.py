"""The same random-bot tournament on ``--jobs 2`` and on a local Ray of 2 CPUs, side by side.

Run from the repository root, with the cluster extra installed
(``pip install -e '.[cluster]'``):
``python benchmarks/bench_cluster.py [--matches 2000] [--repeats 3]``.

Two comparisons, runs alternating so that load from other processes hits
both sides alike, each side's median wall time reported with the ratio
Ray / local:

- whole processes: ``roundhouse simulate ... --jobs 2`` against
  ``roundhouse simulate ... --cluster --jobs 2``, which starts a local Ray
  of 2 CPUs and stops it (start-up included: what a user waits for);
- in one process, with a local Ray of 2 CPUs already running (as a
  cluster started by ``ray start --head`` is): :func:`simulate` with
  ``jobs=2`` against ``cluster=""``, the cost of the Ray path itself.

Both sides must print the same standings: the benchmark stops otherwise.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import time

from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.simulate import format_standings, simulate

VARIANT = "mexican-train"
PLAYERS = 4
SEED = 1


def whole_process(matches: int, cluster: bool) -> tuple[float, str]:
    """Wall seconds of one ``roundhouse simulate`` process, and its standings (the lines after the timing)."""
    arguments = ["--variant", VARIANT, "--players", str(PLAYERS), "--bots", "random", "--matches", str(matches)]
    arguments += ["--seed", str(SEED), "--jobs", "2", *(["--cluster"] if cluster else [])]
    started = time.perf_counter()
    finished = subprocess.run(
        [sys.executable, "-m", "roundhouse", "simulate", *arguments], capture_output=True, text=True
    )
    wall = time.perf_counter() - started
    if finished.returncode != 0:
        sys.exit(f"simulate failed:\n{finished.stderr}")
    return wall, "\n".join(finished.stdout.splitlines()[2:])


def in_process(matches: int, cluster: bool) -> tuple[float, str]:
    """Wall seconds of :func:`simulate` in this process, and its standings."""
    registry = get_plugin_manager().registry
    started = time.perf_counter()
    result = simulate(registry, VARIANT, ["random"] * PLAYERS, matches, SEED, jobs=2, cluster="" if cluster else None)
    wall = time.perf_counter() - started
    out = io.StringIO()
    format_standings(result, out)
    return wall, out.getvalue()


def compare(name: str, run, matches: int, repeats: int) -> None:
    """Alternate ``run(matches, cluster)`` on both sides; print the medians and the ratio Ray / local."""
    times: dict[bool, list[float]] = {False: [], True: []}
    standings: dict[bool, str] = {}
    for repeat in range(repeats):
        for cluster in (False, True) if repeat % 2 == 0 else (True, False):
            wall, standings[cluster] = run(matches, cluster)
            times[cluster].append(wall)
    if standings[False] != standings[True]:
        sys.exit(f"{name}: Ray's standings differ from the local ones:\n{standings[True]}\n{standings[False]}")
    local, ray = statistics.median(times[False]), statistics.median(times[True])
    print(f"{name}: --jobs 2 {local:.2f} s, Ray (2 CPUs) {ray:.2f} s, ratio Ray / local {ray / local:.2f}x")
    shown = {cluster: ", ".join(f"{wall:.2f}" for wall in walls) for cluster, walls in times.items()}
    print(f"  runs (s): --jobs 2 {shown[False]}; Ray {shown[True]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    import ray

    print(f"{args.matches} matches of {VARIANT}, {PLAYERS} random bots, seed {SEED}; median of {args.repeats} runs")
    compare("whole process, Ray started on demand", whole_process, args.matches, args.repeats)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        compare("in one process, Ray already running", in_process, args.matches, args.repeats)
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
