"""Engine speed in one process: decisions per second, clone and rollout costs.

Run: ``python benchmarks/bench_engine.py [--matches N] [--positions N]``.

For both games at 2, 4 and 10 players (Double-Nine Branch: 6, its most):

- whole matches between random bots through a :class:`roundhouse.core.play.session.Session`:
  recording in memory (as ``roundhouse simulate --record`` plays them), and
  silent (as ``roundhouse simulate`` plays them: no events, the random bot
  reads no view): matches and decisions per second;
- ``clone()`` of a typical mid-round position (half of the round's moves
  played), and one rollout from it (``clone()`` then ``rollout()`` to the
  round's end with random legal moves), in microseconds.

Every figure is CPU time of this process (``time.process_time``), so other
load on the machine disturbs it less than wall time would.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from roundhouse.core.game.state import TableState
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import get_plugin_manager

TABLES = [("mexican-train", 2), ("mexican-train", 4), ("mexican-train", 10)]
TABLES += [("double-nine-branch", 2), ("double-nine-branch", 4), ("double-nine-branch", 6)]
"""2, 4 and 10 players; Double-Nine Branch seats at most 6 (DB.1), so 6 stands in for 10."""


def match_speed(registry, variant_id: str, players: int, matches: int, silent: bool) -> tuple[float, float]:
    """(matches per second, decisions per second) of random bots, CPU time of this process."""
    variant, bot = registry.variant(variant_id), registry.bot("random")
    seats = [Seat(f"Bot {s}", "random") for s in range(1, players + 1)]
    decisions = 0
    started = time.process_time()
    for k in range(matches):
        session = Session(variant, seats, {"random": bot}, seed=k, unwatched=silent)
        session.run_bots()
        decisions += len(session.log)
    elapsed = time.process_time() - started
    return matches / elapsed, decisions / elapsed


def mid_round(registry, variant_id: str, players: int, seed: int) -> TableState:
    """A round-1 position with half of that round's moves played at random."""
    state = registry.variant(variant_id).new_match(players, seed)
    state.start()
    moves = state.clone().rollout(random.Random(seed))
    rng = random.Random(seed)
    for _ in range(moves // 2):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def search_costs(registry, variant_id: str, players: int, positions: int) -> tuple[float, float, float]:
    """Median µs of clone() and of clone() + rollout(), and the mean rollout length in moves."""
    clones, rollouts, lengths = [], [], []
    for seed in range(positions):
        state = mid_round(registry, variant_id, players, seed)
        rng = random.Random(seed)
        started = time.process_time()
        for _ in range(100):
            state.clone()
        clones.append((time.process_time() - started) / 100)
        started = time.process_time()
        for _ in range(20):
            lengths.append(state.clone().rollout(rng))
        rollouts.append((time.process_time() - started) / 20)
    return statistics.median(clones) * 1e6, statistics.median(rollouts) * 1e6, statistics.fmean(lengths)


def main() -> None:
    """Measure and print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=30, help="matches per table (default 30)")
    parser.add_argument("--positions", type=int, default=20, help="mid-round positions per table (default 20)")
    args = parser.parse_args()
    registry = get_plugin_manager().registry
    print(f"{'':<28} {'recording':>23}  {'silent':>23}")
    print(
        f"{'game':<20} {'players':>7} {'matches/s':>10} {'decisions/s':>12}  {'matches/s':>10} {'decisions/s':>12}"
        f" {'clone µs':>9} {'rollout µs':>11}"
    )
    for variant_id, players in TABLES:
        recording = match_speed(registry, variant_id, players, args.matches, silent=False)
        silent = match_speed(registry, variant_id, players, args.matches, silent=True)
        clone, rollout, length = search_costs(registry, variant_id, players, args.positions)
        print(
            f"{variant_id:<20} {players:>7} {recording[0]:>10.1f} {recording[1]:>12,.0f}  {silent[0]:>10.1f}"
            f" {silent[1]:>12,.0f} {clone:>9.1f} {rollout:>11.0f}  (rollout: clone + {length:.0f} moves)"
        )


if __name__ == "__main__":
    main()
