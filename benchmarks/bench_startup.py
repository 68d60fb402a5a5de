"""Plugin start-up cost: what checking every variant's params.yaml and rule texts adds.

Run: ``python benchmarks/bench_startup.py [--runs N]``. Starts the plugin
manager (built-ins only) ``N`` times with and without the file checks of
registration and prints the median of each.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import roundhouse.core.plugins.manager as plugins


def median_ms(runs: int) -> float:
    """Median milliseconds of ``get_plugin_manager(load_entry_points=False)``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        plugins.get_plugin_manager(load_entry_points=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=25)
    args = parser.parse_args()
    checked = median_ms(args.runs)
    original = plugins._check_variant_files
    plugins._check_variant_files = lambda manager, registry: None
    try:
        unchecked = median_ms(args.runs)
    finally:
        plugins._check_variant_files = original
    print(f"plugin manager start-up, median of {args.runs} runs:")
    print(f"  {checked:.1f} ms with the file checks, {unchecked:.1f} ms without")
    print(f"  the checks: {checked - unchecked:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
