"""Whole-process simulation speed: this tree against a baseline revision, side by side.

Run from the repository root:
``python benchmarks/bench_simulate.py --baseline 66c6e9f [--matches 300] [--repeats 3]``.

The baseline is checked out into a temporary git worktree (removed at the
end) and run with its own code first on ``PYTHONPATH`` (see
:func:`launcher`); this tree runs the same way. Runs alternate (baseline, current, current,
baseline, ...) so that load from other processes hits both sides alike.
Each run is the whole process: start-up, plugin loading, every match and
the output. Prints each side's median wall time and CPU time (the process
and its workers) and the ratios baseline / current.

``--jobs`` is passed to this tree only (the baseline keeps its default);
``--record`` makes both sides write one record file per run.

Both sides run as an installed program does, from cached bytecode:
``PYTHONDONTWRITEBYTECODE`` is dropped from the children's environment and
each side has one untimed warm-up run first (``--cold`` keeps the variable,
so every run compiles every module it imports).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child_cpu_seconds() -> float:
    """User + system time of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def launcher(tree: Path, scratch: Path) -> tuple[str, str]:
    """How to run ``tree``'s command line: (the module for ``python -m``, the ``PYTHONPATH`` that finds it).

    A tree from before the one import name is ``core`` at its root. A later
    tree's root is the package ``roundhouse`` itself, reached through a link
    of that name made in ``scratch``.
    """
    if not (tree / "__init__.py").is_file():
        return "core", str(tree)
    folder = scratch / f"path-{tree.name}"
    folder.mkdir(exist_ok=True)
    link = folder / "roundhouse"
    if not link.exists():
        link.symlink_to(tree, target_is_directory=True)
    return "roundhouse", str(folder)


def run_simulate(tree: Path, arguments: list[str], cold: bool, scratch: Path) -> tuple[float, float]:
    """Run ``tree``'s ``simulate`` with ``arguments``; (wall seconds, CPU seconds). Exits on failure."""
    module, path = launcher(tree, scratch)
    environment = dict(os.environ, PYTHONPATH=path)
    if not cold:
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
    cpu_before, started = child_cpu_seconds(), time.perf_counter()
    finished = subprocess.run(
        [sys.executable, "-m", module, "simulate", *arguments],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
    )
    wall, cpu = time.perf_counter() - started, child_cpu_seconds() - cpu_before
    if finished.returncode != 0:
        sys.exit(f"simulate failed in {tree}:\n{finished.stderr}")
    return wall, cpu


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", required=True, help="git revision to compare with, e.g. 66c6e9f")
    parser.add_argument("--variant", default="mexican-train")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs per side (default 3)")
    parser.add_argument("--jobs", type=int, default=None, help="--jobs for this tree only")
    parser.add_argument("--record", action="store_true", help="both sides write a record file")
    parser.add_argument("--cold", action="store_true", help="no cached bytecode: every run compiles its modules")
    args = parser.parse_args()

    common = ["--variant", args.variant, "--players", str(args.players), "--bots", args.bots]
    common += ["--matches", str(args.matches), "--seed", str(args.seed)]
    with tempfile.TemporaryDirectory(prefix="roundhouse-bench-") as scratch:
        baseline = Path(scratch) / "baseline"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(baseline), args.baseline], cwd=ROOT, check=True
        )
        try:
            sides = {"baseline": (baseline, list(common)), "current": (ROOT, list(common))}
            if args.jobs is not None:
                sides["current"][1].extend(["--jobs", str(args.jobs)])
            times: dict[str, list[tuple[float, float]]] = {"baseline": [], "current": []}
            if not args.cold:
                for tree, arguments in sides.values():  # writes the bytecode caches
                    run_simulate(
                        tree, [*arguments, "--matches", "2"], cold=False, scratch=Path(scratch)
                    )  # the last --matches counts
            for repeat in range(args.repeats):
                order = ("baseline", "current") if repeat % 2 == 0 else ("current", "baseline")
                for side in order:
                    tree, arguments = sides[side]
                    if args.record:
                        arguments = [*arguments, "--record", str(Path(scratch) / f"{side}-{repeat}.jsonl")]
                    times[side].append(run_simulate(tree, arguments, args.cold, Path(scratch)))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(baseline)], cwd=ROOT, check=False)
    jobs = f", --jobs {args.jobs} here" if args.jobs is not None else ""
    record = ", recording" if args.record else ""
    record += ", no cached bytecode" if args.cold else ""
    print(f"{args.variant}, {args.players} players, {args.bots} bots, {args.matches} matches{jobs}{record}")
    medians = {}
    for side, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        medians[side] = (wall, cpu)
        label = args.baseline if side == "baseline" else "this tree"
        print(f"  {label:<12} wall {wall:7.2f} s ({args.matches / wall:6.1f} matches/s)   cpu {cpu:7.2f} s")
    wall_ratio = medians["baseline"][0] / medians["current"][0]
    cpu_ratio = medians["baseline"][1] / medians["current"][1]
    print(f"  ratio baseline/current: wall {wall_ratio:.2f}x, cpu {cpu_ratio:.2f}x")


if __name__ == "__main__":
    main()
