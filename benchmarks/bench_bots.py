"""Bot decision time: median and 99th percentile per bot and variant.

Run: ``python benchmarks/bench_bots.py [--matches N] [--seed S]``.
Positions come from real games: matches played by planner bots (every seat),
recording each seat-to-move's view and legal actions. Then the trail cache
is cleared and every bot decides every position in game order, one
``choose`` call timed per position (the planner's cache helps only as it
would in a real game, across consecutive decisions). Each bot gets two
rows: every decision (as in play, where many have a single legal action)
and only the decisions with a real choice (two or more legal actions).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from roundhouse.core.game.actions import Action
from roundhouse.core.game.chains import longest_trail
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import get_plugin_manager

TABLES = (("mexican-train", 2), ("mexican-train", 4), ("double-nine-branch", 4))
BOTS = ("random", "greedy", "planner")
Position = tuple[PlayerView, list[Action]]


def positions(registry, variant_id: str, players: int, matches: int, seed: int) -> list[Position]:
    """Every decision of ``matches`` planner-only matches: the mover's view and legal actions."""
    variant, planner = registry.variant(variant_id), registry.bot("planner")
    seats = [Seat(f"P{s}", "planner") for s in range(1, players + 1)]
    found = []
    for k in range(matches):
        session = Session(variant, seats, {"planner": planner}, seed=seed + k)
        while not session.is_over:
            seat = session.pending_seat
            found.append((session.view(seat), session.legal_actions()))
            session.step()
    return found


def timings(bot, found: list[Position]) -> list[float]:
    """Seconds per decision, in game order, from a cold trail cache."""
    longest_trail.cache_clear()
    rng = random.Random(0)
    spent = []
    for view, legal in found:
        started = time.perf_counter()
        bot.choose(view, legal, rng)
        spent.append(time.perf_counter() - started)
    return spent


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` in 0..1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Measure and print one line per bot and table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3, help="planner matches per table (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry = get_plugin_manager().registry
    print(f"{'variant':<20} {'players':>7} {'bot':<8} {'decisions':<9} {'count':>6} {'median ms':>9} {'p99 ms':>8}")
    for variant_id, players in TABLES:
        found = positions(registry, variant_id, players, args.matches, args.seed)
        for bot_id in BOTS:
            spent = timings(registry.bot(bot_id), found)
            chosen = [t for t, (_, legal) in zip(spent, found, strict=True) if len(legal) > 1]
            for label, values in (("all", spent), ("choices", chosen)):
                print(
                    f"{variant_id:<20} {players:>7} {bot_id:<8} {label:<9} {len(values):>6} "
                    f"{1000 * statistics.median(values):>9.3f} {1000 * percentile(values, 0.99):>8.3f}"
                )


if __name__ == "__main__":
    main()
