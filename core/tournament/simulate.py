"""Headless matches between bots: ``roundhouse simulate``.

Seats rotate across matches so every bot plays every seat: in match ``k``
(from 0) seat ``s`` is played by ``bot_ids[(s - 1 - k) mod n]``, and the match
uses seed ``seed + k``. A match is a pure function of ``(seed + k, seating)``,
so spreading matches over worker processes (``jobs``) gives exactly the same
results as playing them in one process.

Results stream: each match is counted as it finishes and then forgotten,
so memory stays bounded however many matches are asked for. A match whose
bot fails (see :mod:`roundhouse.core.play.bot_guard`), or whose worker process dies, is
counted as failed, listed, and left out of the standings and the records;
the other matches go on.
Ctrl-C stops the run: the result holds the matches finished so far.
"""

from __future__ import annotations

import errno
import functools
import gc
import math
import multiprocessing
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import IO, Any

from roundhouse.core.play.bot_guard import DEFAULT_TIME_LIMIT, BotFailure, BotFault
from roundhouse.core.play.record import OutputFile, record_text
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import match_watchers, watch_matches
from roundhouse.core.plugins.registry import OUTSIDE_PLUGINS, Registry
from roundhouse.core.tournament.bot_process import BotProcesses, protections
from roundhouse.core.tournament.workers import ordered_map, start_method

FAILURES_LISTED = 20
"""How many failed matches a result keeps (and prints) one line for; the rest are only counted."""


def seating(bot_ids: Sequence[str], k: int) -> tuple[str, ...]:
    """The bot of each seat in match ``k``: the list shifted right by ``k`` places."""
    n = len(bot_ids)
    return tuple(bot_ids[(s - k) % n] for s in range(n))


def default_jobs() -> int:
    """The number of cores this process may run on (the default of ``--jobs``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has affinity masks
        return os.cpu_count() or 1


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
    ``record_error`` says why writing the record stopped the run.
    """

    players: int
    bots: list[str]
    requested: int = 0
    matches: int = 0
    failed: int = 0
    failures: list[str] = field(default_factory=list)
    interrupted: bool = False
    record_error: str | None = None
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


@dataclass(frozen=True)
class MatchPlan:
    """Everything a process needs to play any match of a run (crosses process boundaries)."""

    variant_id: str
    bot_ids: tuple[str, ...]
    seed: int
    keep_record: bool
    time_limit: float | None = DEFAULT_TIME_LIMIT
    isolate: bool = False


def play_match(registry: Registry, plan: MatchPlan, k: int, processes: BotProcesses | None = None) -> MatchOutcome:
    """Match ``k``: seed ``plan.seed + k``, the seating :func:`seating` gives.

    With ``plan.isolate`` the bots decide in their own processes, taken from
    ``processes`` (which then enforce the time limit). A failing bot makes a
    failed outcome naming the bot, the seed, the match number (``k + 1``)
    and the decision.
    """
    seats_bots = seating(plan.bot_ids, k)
    variant = registry.variant(plan.variant_id)
    if plan.isolate:
        assert processes is not None
        bots = {bot_id: processes.bot(bot_id) for bot_id in seats_bots}
    else:
        bots = {bot_id: registry.bot(bot_id) for bot_id in seats_bots}
    seats = [Seat(f"{bot_id} {i}", bot_id) for i, bot_id in enumerate(seats_bots, 1)]
    watched = bool(match_watchers(registry))
    session = Session(variant, seats, bots, seed=plan.seed + k, unwatched=not (plan.keep_record or watched))
    session.bot_time_limit = None if plan.isolate else plan.time_limit
    if watched:
        watch_matches(session, registry)
    try:
        session.run_bots()
    except BotFault as fault:
        return MatchOutcome(k, seats_bots, failure=str(replace(fault, match=k + 1)))
    state = session.state
    record = record_text(session.record.header, session.record.events) if plan.keep_record else None
    return MatchOutcome(k, seats_bots, state.totals(), tuple(state.winners()), record)


_WORKER_REGISTRY: Registry | None = None
"""The registry a worker process plays with (inherited, or built by :func:`_init_worker`)."""

_WORKER_PROCESSES: BotProcesses | None = None
"""A worker's own isolated bots (started on first use; they end with the worker)."""


def _init_worker(outside: tuple[tuple[str, Any], ...] = ()) -> None:
    """Set up a worker: its registry, and the collector as :func:`_collector_for_matches` sets it.

    A forked worker inherited the registry; any other loads the plugins and
    adds ``outside``, the run's ``(kind, object)`` pairs registered outside them.
    """
    global _WORKER_REGISTRY
    if _WORKER_REGISTRY is None:
        from roundhouse.core.plugins.manager import get_plugin_manager

        _WORKER_REGISTRY = get_plugin_manager().registry
        for kind, item in outside:
            _WORKER_REGISTRY.table(kind)[item.id] = item
    gc.freeze()
    gc.set_threshold(MATCH_COLLECTOR_THRESHOLD, *gc.get_threshold()[1:])


def _play_chunk(job: tuple[MatchPlan, int, int]) -> list[MatchOutcome]:
    """Matches ``start`` to ``stop - 1`` of the plan, in a worker."""
    global _WORKER_PROCESSES
    plan, start, stop = job
    assert _WORKER_REGISTRY is not None
    if plan.isolate and _WORKER_PROCESSES is None:
        _WORKER_PROCESSES = BotProcesses(plan.time_limit)
    return [play_match(_WORKER_REGISTRY, plan, k, _WORKER_PROCESSES) for k in range(start, stop)]


def _lost_chunk(job: tuple[MatchPlan, int, int]) -> list[MatchOutcome]:
    """The failed outcomes of a job whose worker process died (a bot ended it, or it was killed)."""
    plan, start, stop = job
    return [
        MatchOutcome(
            k, seating(plan.bot_ids, k), failure=f"match {k + 1} (seed {plan.seed + k}): its worker process died"
        )
        for k in range(start, stop)
    ]


@dataclass(frozen=True)
class _Workers:
    """How a run's worker processes start (``context``) and are set up (``initializer``)."""

    context: BaseContext
    initializer: Callable[[], None]


def _workers(registry: Registry, plan: MatchPlan) -> _Workers:
    """The workers of a run, started as :func:`roundhouse.core.tournament.workers.start_method` says.

    A forked worker inherits this process's registry; any other loads the
    plugins and is sent, pickled, the run's variant and bots registered
    outside them. ValueError names one that cannot be pickled.
    """
    method = start_method()
    if method == "fork":
        return _Workers(multiprocessing.get_context("fork"), _init_worker)
    used = [("variant", plan.variant_id), *(("bot", bot_id) for bot_id in dict.fromkeys(plan.bot_ids))]
    outside = tuple(
        (kind, registry.table(kind)[item_id])
        for kind, item_id in used
        if registry.owners.get((kind, item_id)) == OUTSIDE_PLUGINS  # a plugin manager of its own lacks these
    )
    for kind, item in outside:
        try:
            pickle.dumps(item)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise ValueError(
                f"{kind} {item.id!r} was registered outside the plugins and cannot be pickled for a worker "
                f"process ({error}): define its class at the top level of a module, or play with one job"
            ) from None
    return _Workers(multiprocessing.get_context(method), functools.partial(_init_worker, outside))


def _outcomes(
    registry: Registry, plan: MatchPlan, matches: int, jobs: int, workers: _Workers | None, processes: BotProcesses
) -> Iterator[MatchOutcome]:
    """Every match's outcome, in match order, played here or in ``jobs`` ``workers``.

    Jobs are made as workers ask for them, a chunk of matches at a time.
    Isolated bots come from ``processes`` here; workers start their own.
    """
    if workers is None:
        for k in range(matches):
            yield play_match(registry, plan, k, processes)
        return
    global _WORKER_REGISTRY
    if workers.context.get_start_method() == "fork":
        _WORKER_REGISTRY = registry  # forked workers inherit it, bots registered outside the plugins included
    chunk = 1 if plan.isolate else max(1, min(4, matches // (jobs * 8)))  # small: progress and Ctrl-C stay prompt
    work = ((plan, start, min(start + chunk, matches)) for start in range(0, matches, chunk))
    try:
        count = min(jobs, math.ceil(matches / chunk))
        for outcomes in ordered_map(_play_chunk, work, count, workers.context, workers.initializer, _lost_chunk):
            yield from outcomes
    finally:
        _WORKER_REGISTRY = None


RECORD_FILES = "match-*.jsonl"
"""The names a directory target's records have (``match-00001.jsonl``...)."""


class RecordWriter:
    """Writes each finished match's RECORD.md text by :class:`roundhouse.core.play.record.OutputFile`'s rule.

    A directory target (an existing directory, or a path ending in a
    separator) gets ``match-NNNNN.jsonl`` per match, each complete before it
    gets its name. A directory already holding records is refused
    (FileExistsError) unless ``overwrite``, which first removes them: a
    folder never mixes two runs. Any other target gets every match, in match
    order, in one output that :meth:`close` puts in place: ``complete`` False
    (a failed write) discards it, so only whole records ever carry the name.
    """

    def __init__(self, target: str | Path, overwrite: bool = False) -> None:
        self.directory = Path(target) if _is_directory_target(target) else None
        self.output: OutputFile | None = None
        if self.directory is None:
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            self.output = OutputFile(target, overwrite=overwrite)
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        earlier = sorted(self.directory.glob(RECORD_FILES))
        if earlier and not overwrite:
            raise FileExistsError(errno.EEXIST, f"already holds {len(earlier)} record(s)", str(self.directory))
        for path in earlier:
            path.unlink()

    def write(self, k: int, text: str) -> None:
        """Add match ``k``'s record."""
        if self.output is not None:
            self.output.handle.write(text)
            return
        assert self.directory is not None
        with OutputFile(self.directory / f"match-{k + 1:05d}.jsonl", overwrite=False) as handle:
            handle.write(text)

    def close(self, complete: bool = True) -> None:
        """Put the one-file record in place (whole matches only), or discard it when not ``complete``."""
        if self.output is not None:
            output, self.output = self.output, None
            if complete:
                output.commit()
            else:
                output.discard()


def _is_directory_target(path: str | Path) -> bool:
    """An existing directory, or a path written with a trailing separator."""
    return Path(path).is_dir() or str(path).endswith(("/", "\\"))


def simulate(
    registry: Registry,
    variant_id: str,
    bot_ids: Sequence[str],
    matches: int,
    seed: int,
    record: str | Path | None = None,
    jobs: int = 1,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    on_match: Callable[[MatchOutcome], None] | None = None,
    isolate: bool = False,
    overwrite: bool = False,
) -> SimulationResult:
    """Play ``matches`` matches with rotating seats (see the module docstring).

    With ``record`` a directory (existing, or a path ending in ``/``) gets one
    RECORD.md file per match; any other path gets every match in one file, in
    match order (pass a string to keep a trailing ``/``: a ``Path`` drops it).
    ``jobs`` > 1 plays in that many worker processes with the same results,
    whatever their start method (:func:`roundhouse.core.tournament.workers.start_method`).
    ``time_limit`` bounds each bot decision; ``on_match`` sees every outcome
    in match order once it is counted. ``isolate`` runs each bot in its own
    process (:mod:`roundhouse.core.tournament.bot_process`). Ctrl-C ends the run early with
    ``interrupted`` set; a record that cannot be written on the way ends it
    with ``record_error`` set, keeping only whole records (:class:`RecordWriter`,
    ``overwrite`` as there). Raises KeyError for an unknown variant or bot id,
    ValueError for a bot that cannot run in its own process or (registered
    outside the plugins) in a worker process or an output path no writer uses
    (OutputRefused), OSError (FileExistsError) when the record cannot be started.
    """
    registry.variant(variant_id)
    for bot_id in bot_ids:
        registry.bot(bot_id)
    plan = MatchPlan(variant_id, tuple(bot_ids), seed, record is not None, time_limit, isolate)
    writer = RecordWriter(record, overwrite) if record is not None else None
    result = SimulationResult(len(bot_ids), list(bot_ids), requested=matches)
    whole = False  # True once the run ended in a way that leaves whole matches in the record
    started = time.perf_counter()
    try:
        processes = BotProcesses(time_limit)
        if isolate:
            _start_isolated(processes, bot_ids)
        workers = None
        if jobs > 1 and matches > 1:
            processes.close()  # workers start their own bots' processes; these (and their thread) are not forked
            workers = _workers(registry, plan)
        with (
            processes,
            _collector_for_matches(),
            closing(_outcomes(registry, plan, matches, jobs, workers, processes)) as outcomes,
        ):
            for outcome in outcomes:
                if writer is not None and outcome.record is not None:
                    try:
                        writer.write(outcome.k, outcome.record)
                    except OSError as error:
                        result.record_error = f"cannot write the record {record}: {error.strerror or error}"
                        break
                result.add(outcome)
                if on_match is not None:
                    on_match(outcome)
        whole = result.record_error is None
    except KeyboardInterrupt:
        result.interrupted = whole = True
    finally:
        if writer is not None:
            try:
                writer.close(complete=whole)
            except OSError as error:
                result.record_error = f"cannot write the record {record}: {error.strerror or error}"
        result.seconds = time.perf_counter() - started
    return result


MATCH_COLLECTOR_THRESHOLD = 50_000
"""Allocations between young-generation collections while matches play (Python's default is 700)."""


@contextmanager
def _collector_for_matches() -> Iterator[None]:
    """The garbage collector set for playing matches, restored afterwards.

    Everything loaded so far (plugins, parameters, rule text) lives as long
    as the run: it is frozen out of every collection (unless the caller
    froze objects of its own: then freezing is left to it). A match makes
    many short-lived objects that reference counting frees; cycles are
    rare, so the young generation is collected less often. Forked workers
    inherit both settings.
    """
    thresholds, freezing = gc.get_threshold(), gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    gc.set_threshold(MATCH_COLLECTOR_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if freezing:
            gc.unfreeze()


def _start_isolated(processes: BotProcesses, bot_ids: Sequence[str]) -> None:
    """Start each bot's process, then say on standard error which protections are in force.

    ValueError (all stopped) names the first bot that cannot run in its own process.
    """
    sandboxes = []
    for bot_id in dict.fromkeys(bot_ids):
        bot = processes.bot(bot_id)
        try:
            bot.start()
        except BotFailure as failure:
            processes.close()
            raise ValueError(f"bot {bot_id!r} {failure.reason}") from None
        sandboxes.append(bot.sandbox)
    print(protections(frozenset.intersection(*sandboxes)), file=sys.stderr)


def format_result(result: SimulationResult, out: IO[str]) -> None:
    """Print matches per second, then a table per bot (several bots) or per seat (one bot), then failures."""
    count = result.matches + result.failed
    rate = count / result.seconds if result.seconds else float("inf")
    if result.interrupted:
        out.write(f"interrupted: standings of the {count} of {result.requested} matches played\n")
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
