"""What containing a bot costs: a guarded decision, and a match with isolated bots.

Run: ``python benchmarks/bench_bot_guard.py [--calls N] [--matches M]``.
Part 1 times one ``choose`` of the random bot on a real mid-round view:
called directly, through ``roundhouse.core.play.bot_guard.ask_bot`` without a time limit,
and with the default limit (the watchdog armed). Part 2 plays the same
matches with the bots in-process and with ``isolate=True`` (each bot in
its own process) and prints matches per second; the start of the bot
processes is timed apart.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

from roundhouse.core.play.bot_guard import DEFAULT_TIME_LIMIT, ask_bot
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.bot_process import BotProcesses
from roundhouse.core.tournament.simulate import simulate


def guard_costs(registry, calls: int) -> None:
    """Microseconds per decision: direct, guarded, guarded with a deadline."""
    state = registry.variant("mexican-train").new_match(4, 3)
    state.start()
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    view, legal, bot = state.view(state.to_move()), tuple(state.legal_actions()), registry.bot("random")
    rng = random.Random(1)
    rows = {
        "direct choose": lambda: bot.choose(view, legal, rng),
        "ask_bot, no limit": lambda: ask_bot(bot, view, legal, rng, None),
        f"ask_bot, {DEFAULT_TIME_LIMIT:g} s limit": lambda: ask_bot(bot, view, legal, rng, DEFAULT_TIME_LIMIT),
    }
    for name, call in rows.items():
        best = min(timeit.repeat(call, number=calls, repeat=5)) / calls
        print(f"{name:<24} {best * 1e6:6.2f} us per decision")


def isolation_costs(registry, matches: int) -> None:
    """Matches per second with the bots in-process and each in its own process."""
    bots = ["planner", "random", "greedy"]
    started = time.perf_counter()
    with BotProcesses(None) as processes:
        for bot_id in bots:
            processes.bot(bot_id).start()
    print(f"starting {len(bots)} bot processes: {time.perf_counter() - started:.2f} s")
    for isolate in (False, True):
        result = simulate(registry, "mexican-train", bots, matches, seed=1, isolate=isolate)
        label = "isolated bots" if isolate else "in-process bots"
        print(f"{label:<16} {result.matches / result.seconds:8.2f} matches per second (Mexican Train, 3 players)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200_000)
    parser.add_argument("--matches", type=int, default=6)
    args = parser.parse_args()
    registry = get_plugin_manager(load_entry_points=False).registry
    guard_costs(registry, args.calls)
    isolation_costs(registry, args.matches)


if __name__ == "__main__":
    main()
