"""The standings of a tournament: per bot and per seat, with 95% Wilson intervals.

A :class:`SimulationResult` counts :class:`MatchOutcome` values one at a
time, whether they come from matches just played or from a ledger
(:mod:`roundhouse.core.tournament.ledger`), and :func:`format_standings`
prints them: both ways give the same figures by the same code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import IO

FAILURES_LISTED = 20
"""How many failed matches a result keeps (and prints) one line for; the rest are only counted."""


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


@dataclass(frozen=True)
class MatchOutcome:
    """What match ``k`` produced: totals and winners, or the one-line ``failure`` of a bot.

    ``record`` is the match's RECORD.md text when records were asked for
    and the match finished.
    """

    k: int
    seats: tuple[str, ...]
    totals: dict[int, int] = field(default_factory=dict)
    winners: tuple[int, ...] = ()
    record: str | None = None
    failure: str | None = None


@dataclass
class SimulationResult:
    """Running standings of a simulation: per seat, per bot, and the failed matches.

    ``bots`` is the seating of the first match. ``matches`` counts the
    finished matches in the standings, ``failed`` those a bot broke (the
    first :data:`FAILURES_LISTED` listed in ``failures``). ``interrupted``
    is True when Ctrl-C stopped the run before ``requested`` matches;
    ``record_error`` says why writing the record (or the ledger) stopped the
    run. ``earlier`` counts the matches (finished or failed) taken from a
    ledger rather than played, ``retried`` the batches of matches a cluster
    played again after losing the worker or node that held them.
    """

    players: int
    bots: list[str]
    requested: int = 0
    matches: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    interrupted: bool = False
    record_error: str | None = None
    earlier: int = 0
    retried: int = 0
    seconds: float = 0.0
    seat_total_sums: dict[int, int] = field(default_factory=dict)
    seat_wins: dict[int, int] = field(default_factory=dict)
    per_bot: dict[str, BotStats] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat in range(1, self.players + 1):
            self.seat_total_sums.setdefault(seat, 0)
            self.seat_wins.setdefault(seat, 0)
        for bot_id in self.bots:
            self.per_bot.setdefault(bot_id, BotStats(bot_id))

    def add(self, outcome: MatchOutcome) -> None:
        """Count one match: into the standings, or as failed."""
        if outcome.failure is not None:
            self.failed += 1
            if len(self.failures) < FAILURES_LISTED:
                self.failures.append(outcome.failure)
            return
        self.matches += 1
        for seat, bot_id in enumerate(outcome.seats, 1):
            won = seat in outcome.winners
            self.seat_total_sums[seat] += outcome.totals[seat]
            self.seat_wins[seat] += won
            stats = self.per_bot.setdefault(bot_id, BotStats(bot_id))
            stats.seats_played += 1
            stats.total_sum += outcome.totals[seat]
            stats.wins += won

    def mean_totals(self) -> dict[int, float]:
        """Mean match total per seat."""
        count = max(self.matches, 1)
        return {seat: total / count for seat, total in self.seat_total_sums.items()}

    def win_counts(self) -> dict[int, int]:
        """Matches won per seat (shared wins count for each winner)."""
        return dict(self.seat_wins)

    def bot_stats(self) -> dict[str, BotStats]:
        """Results per bot id over all the seats it played, in order of first appearance."""
        return self.per_bot


def format_result(result: SimulationResult, out: IO[str]) -> None:
    """Print the matches played and their rate (seconds per match when under one a second), then the standings."""
    played = result.matches + result.failed - result.earlier
    rate = played / result.seconds if result.seconds else float("inf")
    if result.interrupted:
        out.write(f"interrupted: standings of the {played + result.earlier} of {result.requested} matches played\n")
    pace = f"{rate:.1f} matches per second" if rate >= 1 or not played else f"{1 / rate:.1f} s per match"
    out.write(f"{played} matches in {result.seconds:.2f} s ({pace})\n")
    if result.earlier:
        out.write(f"{result.earlier} earlier match(es) from the ledger\n")
    if result.retried:
        out.write(f"{result.retried} batch(es) of matches played again after losing a worker or a node\n")
    format_standings(result, out)


def format_standings(result: SimulationResult, out: IO[str]) -> None:
    """Print a table per bot (several bots) or per seat (one bot), then the failed matches."""
    if len(set(result.bots)) > 1:
        out.write("seats rotate: each bot plays every seat in turn\n")
        out.write(f"{'bot':<12} {'seats':>6} {'mean total':>10} {'wins':>6} {'win %':>6}  95% interval\n")
        for stats in result.bot_stats().values():
            low, high = stats.win_interval()
            out.write(
                f"{stats.bot:<12} {stats.seats_played:>6} {stats.mean_total:>10.1f} {stats.wins:>6} "
                f"{100 * stats.win_rate:>6.1f}  {100 * low:.1f}-{100 * high:.1f}\n"
            )
    else:
        means, wins = result.mean_totals(), result.win_counts()
        out.write(f"{'seat':>4}  {'bot':<12} {'mean total':>10} {'wins':>6}\n")
        for seat in range(1, result.players + 1):
            out.write(f"{seat:>4}  {result.bots[seat - 1]:<12} {means[seat]:>10.1f} {wins[seat]:>6}\n")
    if result.failed:
        out.write(f"{result.failed} failed match(es), not in the standings:\n")
        for line in result.failures:
            out.write(f"  {line}\n")
        if result.failed > len(result.failures):
            out.write(f"  ... and {result.failed - len(result.failures)} more\n")
