"""Headless matches between bots: ``roundhouse simulate``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Sequence

from core.record import write_record
from core.registry import Registry
from core.session import Seat, Session


@dataclass
class SimulationResult:
    """Totals and winners of every match, per seat, plus the elapsed time."""

    players: int
    bots: list[str]
    totals: list[dict[int, int]] = field(default_factory=list)
    winners: list[list[int]] = field(default_factory=list)
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


def simulate(
    registry: Registry,
    variant_id: str,
    bot_ids: Sequence[str],
    matches: int,
    seed: int,
    record: Path | None = None,
) -> SimulationResult:
    """Play ``matches`` matches; seat ``s`` is played by ``bot_ids[s-1]``.

    Match ``k`` (from 0) uses seed ``seed + k``. With ``record`` a directory
    (existing, or a path ending in ``/``) gets one RECORD.md file per match;
    any other path gets every match in one file.
    """
    variant = registry.variant(variant_id)
    bots = {bot_id: registry.bot(bot_id) for bot_id in bot_ids}
    seats = [Seat(f"{bot_id} {i}", bot_id) for i, bot_id in enumerate(bot_ids, 1)]
    result = SimulationResult(len(seats), list(bot_ids))
    one_file: IO[str] | None = None
    if record is not None and not _is_directory_target(record):
        record.parent.mkdir(parents=True, exist_ok=True)
        one_file = open(record, "w", encoding="utf-8")
    elif record is not None:
        record.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    try:
        for k in range(matches):
            session = Session(variant, seats, bots, seed=seed + k)
            session.run_bots()
            result.totals.append(session.state.totals())
            result.winners.append(session.state.winners())
            if one_file is not None:
                write_record(one_file, session.record.lines())
            elif record is not None:
                write_record(record / f"match-{k + 1:05d}.jsonl", session.record.lines())
    finally:
        if one_file is not None:
            one_file.close()
    result.seconds = time.perf_counter() - started
    return result


def _is_directory_target(path: Path) -> bool:
    return path.is_dir() or str(path).endswith(("/", "\\"))


def format_result(result: SimulationResult, out: IO[str]) -> None:
    """Print matches per second and per-seat mean totals and wins."""
    count = len(result.totals)
    rate = count / result.seconds if result.seconds else float("inf")
    out.write(f"{count} matches in {result.seconds:.2f} s ({rate:.1f} matches per second)\n")
    means, wins = result.mean_totals(), result.win_counts()
    out.write(f"{'seat':>4}  {'bot':<12} {'mean total':>10} {'wins':>6}\n")
    for seat in range(1, result.players + 1):
        out.write(f"{seat:>4}  {result.bots[seat - 1]:<12} {means[seat]:>10.1f} {wins[seat]:>6}\n")
