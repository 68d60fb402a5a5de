"""Headless matches between bots: ``roundhouse simulate``.

Seats rotate across matches so every bot plays every seat: in match ``k``
(from 0) seat ``s`` is played by ``bot_ids[(s - 1 - k) mod n]``, and the match
uses seed ``seed + k``. A match is a pure function of ``(seed + k, seating)``,
so spreading matches over worker processes (``jobs``) gives exactly the same
results as playing them in one process.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from core.plugins import watch_matches
from core.record import write_record
from core.registry import Registry
from core.session import Seat, Session


def seating(bot_ids: Sequence[str], k: int) -> tuple[str, ...]:
    """The bot of each seat in match ``k``: the list shifted right by ``k`` places."""
    n = len(bot_ids)
    return tuple(bot_ids[(s - k) % n] for s in range(n))


@dataclass
class BotStats:
    """One bot's results over every seat it played: seat-matches, totals, wins."""

    bot: str
    seats_played: int = 0
    total_sum: int = 0
    wins: int = 0

    @property
    def mean_total(self) -> float:
        """Mean match total per seat-match."""
        return self.total_sum / self.seats_played if self.seats_played else 0.0

    @property
    def win_rate(self) -> float:
        """Share of its seat-matches the bot won (shared wins count)."""
        return self.wins / self.seats_played if self.seats_played else 0.0

    def win_interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson score interval of the win rate (95% by default)."""
        return wilson_interval(self.wins, self.seats_played, z)


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` ((0, 1) for no trials)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimulationResult:
    """Totals, winners and seating of every match, plus the elapsed time.

    ``bots`` is the seating of the first match; ``seatings[k]`` that of match ``k``.
    """

    players: int
    bots: list[str]
    totals: list[dict[int, int]] = field(default_factory=list)
    winners: list[list[int]] = field(default_factory=list)
    seatings: list[tuple[str, ...]] = field(default_factory=list)
    seconds: float = 0.0

    def mean_totals(self) -> dict[int, float]:
        """Mean match total per seat."""
        count = max(len(self.totals), 1)
        return {s: sum(t[s] for t in self.totals) / count for s in range(1, self.players + 1)}

    def win_counts(self) -> dict[int, int]:
        """Matches won per seat (shared wins count for each winner)."""
        wins = {s: 0 for s in range(1, self.players + 1)}
        for match_winners in self.winners:
            for seat in match_winners:
                wins[seat] += 1
        return wins

    def bot_stats(self) -> dict[str, BotStats]:
        """Results per bot id over all the seats it played, in order of first appearance."""
        stats: dict[str, BotStats] = {}
        for bot_id in self.bots:
            stats.setdefault(bot_id, BotStats(bot_id))
        for totals, winners, seats in zip(self.totals, self.winners, self.seatings, strict=True):
            for seat, bot_id in enumerate(seats, 1):
                entry = stats.setdefault(bot_id, BotStats(bot_id))
                entry.seats_played += 1
                entry.total_sum += totals[seat]
                entry.wins += seat in winners
        return stats


@dataclass(frozen=True)
class _Outcome:
    """What one match produced (crosses process boundaries)."""

    k: int
    totals: dict[int, int]
    winners: list[int]
    record: list[dict[str, Any]] | None


def play_match(
    registry: Registry, variant_id: str, bot_ids: Sequence[str], seed: int, k: int, keep_record: bool
) -> _Outcome:
    """Match ``k``: seed ``seed + k``, the seating :func:`seating` gives."""
    seats_bots = seating(bot_ids, k)
    variant = registry.variant(variant_id)
    bots = {bot_id: registry.bot(bot_id) for bot_id in seats_bots}
    seats = [Seat(f"{bot_id} {i}", bot_id) for i, bot_id in enumerate(seats_bots, 1)]
    session = Session(variant, seats, bots, seed=seed + k)
    watch_matches(session, registry)
    session.run_bots()
    record = session.record.lines() if keep_record else None
    return _Outcome(k, session.state.totals(), session.state.winners(), record)


_WORKER_REGISTRY: Registry | None = None
"""The registry a worker process plays with (inherited, or built by :func:`_init_worker`)."""


def _init_worker() -> None:
    global _WORKER_REGISTRY
    if _WORKER_REGISTRY is None:
        from core.plugins import get_plugin_manager

        _WORKER_REGISTRY = get_plugin_manager().registry


def _play_in_worker(job: tuple[str, tuple[str, ...], int, int, bool]) -> _Outcome:
    assert _WORKER_REGISTRY is not None
    return play_match(_WORKER_REGISTRY, *job)


def _outcomes(
    registry: Registry, variant_id: str, bot_ids: Sequence[str], matches: int, seed: int, keep: bool, jobs: int
) -> Iterator[_Outcome]:
    """Every match's outcome, in match order, played here or in ``jobs`` worker processes."""
    if jobs <= 1 or matches <= 1:
        for k in range(matches):
            yield play_match(registry, variant_id, bot_ids, seed, k, keep)
        return
    global _WORKER_REGISTRY
    if "fork" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("fork")
        _WORKER_REGISTRY = registry  # forked workers inherit it, bots registered outside the manager included
    else:
        context = multiprocessing.get_context("spawn")  # workers load the plugins themselves
    work = [(variant_id, tuple(bot_ids), seed, k, keep) for k in range(matches)]
    chunk = max(1, min(16, matches // (jobs * 8)))
    try:
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker) as pool:
            yield from pool.map(_play_in_worker, work, chunksize=chunk)
    finally:
        _WORKER_REGISTRY = None


def simulate(
    registry: Registry,
    variant_id: str,
    bot_ids: Sequence[str],
    matches: int,
    seed: int,
    record: str | Path | None = None,
    jobs: int = 1,
) -> SimulationResult:
    """Play ``matches`` matches with rotating seats (see the module docstring).

    With ``record`` a directory (existing, or a path ending in ``/``) gets one
    RECORD.md file per match; any other path gets every match in one file, in
    match order (pass a string to keep a trailing ``/``: a ``Path`` drops it).
    ``jobs`` > 1 plays in that many worker processes with the same results.
    Raises KeyError for an unknown variant or bot id.
    """
    registry.variant(variant_id)
    for bot_id in bot_ids:
        registry.bot(bot_id)
    result = SimulationResult(len(bot_ids), list(bot_ids))
    one_file: IO[str] | None = None
    directory = record is not None and _is_directory_target(record)
    record = Path(record) if record is not None else None
    if record is not None and not directory:
        record.parent.mkdir(parents=True, exist_ok=True)
        one_file = open(record, "w", encoding="utf-8")
    elif record is not None:
        record.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    try:
        for outcome in _outcomes(registry, variant_id, bot_ids, matches, seed, record is not None, jobs):
            result.totals.append(outcome.totals)
            result.winners.append(outcome.winners)
            result.seatings.append(seating(bot_ids, outcome.k))
            if one_file is not None:
                write_record(one_file, outcome.record)
            elif record is not None:
                write_record(record / f"match-{outcome.k + 1:05d}.jsonl", outcome.record)
    finally:
        if one_file is not None:
            one_file.close()
    result.seconds = time.perf_counter() - started
    return result


def _is_directory_target(path: str | Path) -> bool:
    """An existing directory, or a path written with a trailing separator."""
    return Path(path).is_dir() or str(path).endswith(("/", "\\"))


def format_result(result: SimulationResult, out: IO[str]) -> None:
    """Print matches per second, then a table per bot (several bots) or per seat (one bot)."""
    count = len(result.totals)
    rate = count / result.seconds if result.seconds else float("inf")
    out.write(f"{count} matches in {result.seconds:.2f} s ({rate:.1f} matches per second)\n")
    if len(set(result.bots)) > 1:
        out.write("seats rotate: each bot plays every seat in turn\n")
        out.write(f"{'bot':<12} {'seats':>6} {'mean total':>10} {'wins':>6} {'win %':>6}  95% interval\n")
        for stats in result.bot_stats().values():
            low, high = stats.win_interval()
            out.write(
                f"{stats.bot:<12} {stats.seats_played:>6} {stats.mean_total:>10.1f} {stats.wins:>6} "
                f"{100 * stats.win_rate:>6.1f}  {100 * low:.1f}-{100 * high:.1f}\n"
            )
        return
    means, wins = result.mean_totals(), result.win_counts()
    out.write(f"{'seat':>4}  {'bot':<12} {'mean total':>10} {'wins':>6}\n")
    for seat in range(1, result.players + 1):
        out.write(f"{seat:>4}  {result.bots[seat - 1]:<12} {means[seat]:>10.1f} {wins[seat]:>6}\n")
