"""The expert bot: decision time at its default budget, and tournaments against the planner.

Run: ``python benchmarks/bench_expert.py [--matches N] [--seed S]`` for
decision times. Positions come from real games (planner-only matches,
:func:`bench_bots.positions`): of the decisions with a choice (two or more
legal actions), about ``--positions`` evenly spread ones are timed, one
``choose`` call each. One line per game and player count: count, p50 and p99 in ms.

``python benchmarks/bench_expert.py --tournament --matches N [--jobs J]``
plays the issue's tables with ``roundhouse.core.tournament.simulate`` (seats rotate; the same as
``roundhouse simulate``): one row per bot with mean total, wins, win rate
and its 95% Wilson interval, and the expert's mean total as a share of the
planner's. Ctrl-C (or ``kill -INT``) stops a table early and prints what
was played; each finished match is also listed on standard error.
"""

from __future__ import annotations

import argparse
import random
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bots import percentile, positions  # noqa: E402

from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402
from roundhouse.core.tournament.simulate import simulate  # noqa: E402

TIMED_TABLES = (("mexican-train", 2), ("mexican-train", 4), ("double-nine-branch", 2), ("double-nine-branch", 4))
TOURNAMENT_TABLES = (
    ("mexican-train", ("expert", "planner")),
    ("mexican-train", ("expert", "planner", "planner", "planner")),
    ("double-nine-branch", ("expert", "planner", "planner", "planner")),
)


def decision_times(matches: int, seed: int, limit: int) -> None:
    """Print p50 and p99 of the expert's decisions with a choice, per table (about ``limit`` spread over the games)."""
    registry = get_plugin_manager().registry
    expert = registry.bot("expert")
    print(f"expert budget: {expert.rollouts} rollouts per decision")
    print(f"{'variant':<20} {'players':>7} {'count':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for variant_id, players in TIMED_TABLES:
        every = positions(registry, variant_id, players, matches, seed)
        choices = [(view, legal) for view, legal in every if len(legal) > 1]
        found = choices[:: max(1, len(choices) // limit)]
        rng = random.Random(seed)
        spent = []
        for view, legal in found:
            started = time.perf_counter()
            expert.choose(view, legal, rng)
            spent.append(1000 * (time.perf_counter() - started))
        print(
            f"{variant_id:<20} {players:>7} {len(spent):>6} {statistics.median(spent):>8.1f} "
            f"{percentile(spent, 0.99):>8.1f} {max(spent):>8.1f}"
        )


def tournaments(matches: int, seed: int, jobs: int, tables: list[int]) -> None:
    """Play each chosen table of :data:`TOURNAMENT_TABLES` and print its standings."""
    registry = get_plugin_manager().registry
    signal.signal(
        signal.SIGINT, signal.default_int_handler
    )  # Ctrl-C (or kill -INT) even when started in the background
    for index in tables:
        variant_id, bots = TOURNAMENT_TABLES[index]
        result = simulate(registry, variant_id, bots, matches, seed, jobs=jobs, on_match=_progress)
        stats = result.bot_stats()
        stopped = " (stopped early)" if result.interrupted else ""
        print(
            f"{variant_id}, {len(bots)} players, {','.join(bots)}: {result.matches} matches{stopped}, "
            f"{result.seconds:.0f} s"
        )
        for bot_id, row in stats.items():
            low, high = row.win_interval()
            print(
                f"  {bot_id:<8} seat-matches {row.seats_played:>5}  mean total {row.mean_total:>7.1f}  "
                f"wins {row.wins:>5}  {100 * row.win_rate:5.1f}% (95%: {100 * low:.1f}-{100 * high:.1f}%)"
            )
        share = stats["expert"].mean_total / stats["planner"].mean_total if stats["planner"].mean_total else 0.0
        print(f"  expert's mean total is {100 * share:.1f}% of the planner's")
        sys.stdout.flush()


def _progress(outcome) -> None:
    """One line on standard error per finished match: its number and totals."""
    print(f"match {outcome.k}: {outcome.seats} totals {outcome.totals}", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=3, help="matches per table (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=400, help="decisions timed per table (default 400)")
    parser.add_argument("--tournament", action="store_true", help="play expert against planner instead of timing")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for --tournament (default 1)")
    parser.add_argument(
        "--table",
        type=int,
        action="append",
        choices=range(len(TOURNAMENT_TABLES)),
        help="with --tournament: only this table (0: MT 2 players, 1: MT 4, 2: DB 4); repeatable",
    )
    args = parser.parse_args()
    if args.tournament:
        tournaments(args.matches, args.seed, args.jobs, args.table or list(range(len(TOURNAMENT_TABLES))))
    else:
        decision_times(args.matches, args.seed, args.positions)


if __name__ == "__main__":
    main()
