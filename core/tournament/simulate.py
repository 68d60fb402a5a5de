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

With a ledger (:mod:`roundhouse.core.tournament.ledger`) the standings
start from the matches it holds, only the others are played, and each is
added to it as it finishes. With a cluster
(:mod:`roundhouse.core.tournament.cluster`) the matches are played by Ray
tasks instead of local worker processes, with the same results.
"""

from __future__ import annotations

import functools
import gc
import math
import multiprocessing
import os
import pickle
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

from roundhouse.core.play.bot_guard import DEFAULT_TIME_LIMIT, BotFailure, BotFault
from roundhouse.core.play.record import record_text
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import match_watchers, watch_matches
from roundhouse.core.plugins.registry import OUTSIDE_PLUGINS, Registry
from roundhouse.core.tournament.bot_process import BotProcesses, protections
from roundhouse.core.tournament.ledger import Ledger
from roundhouse.core.tournament.records import RecordWriter
from roundhouse.core.tournament.standings import (
    FAILURES_LISTED,
    BotStats,
    MatchOutcome,
    SimulationResult,
    format_result,
    format_standings,
    wilson_interval,
)
from roundhouse.core.tournament.workers import ordered_map, start_method

__all__ = [
    "FAILURES_LISTED",
    "BotStats",
    "MatchOutcome",
    "MatchPlan",
    "SimulationResult",
    "default_jobs",
    "format_result",
    "format_standings",
    "play_match",
    "seating",
    "simulate",
    "wilson_interval",
]


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
"""The registry a worker process plays with (inherited, or built by :func:`init_worker`)."""

_WORKER_PROCESSES: BotProcesses | None = None
"""A worker's own isolated bots (started on first use; they end with the worker)."""


def init_worker(outside: tuple[tuple[str, Any], ...] = ()) -> None:
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


Job = tuple[MatchPlan, tuple[int, ...]]
"""A batch of matches for a worker: the plan and the match numbers to play."""


def play_chunk(job: Job) -> list[MatchOutcome]:
    """The job's matches, in a worker whose registry :func:`init_worker` set."""
    global _WORKER_PROCESSES
    plan, numbers = job
    assert _WORKER_REGISTRY is not None
    if plan.isolate and (_WORKER_PROCESSES is None or _WORKER_PROCESSES.time_limit != plan.time_limit):
        if _WORKER_PROCESSES is not None:  # a worker of a cluster, serving a run with another time limit
            _WORKER_PROCESSES.close()
        _WORKER_PROCESSES = BotProcesses(plan.time_limit)
    return [play_match(_WORKER_REGISTRY, plan, k, _WORKER_PROCESSES) for k in numbers]


def play_chunk_anywhere(job: Job, outside: tuple[tuple[str, Any], ...]) -> list[MatchOutcome]:
    """:func:`play_chunk` in a long-lived process of a cluster, which may serve several runs.

    The first job sets it up as a worker; each adds its run's ``outside`` items.
    """
    if _WORKER_REGISTRY is None:
        init_worker(outside)
    assert _WORKER_REGISTRY is not None
    for kind, item in outside:
        _WORKER_REGISTRY.table(kind)[item.id] = item
    return play_chunk(job)


def lost_chunk(job: Job) -> list[MatchOutcome]:
    """The failed outcomes of a job whose worker process died (a bot ended it, or it was killed)."""
    plan, numbers = job
    return [
        MatchOutcome(
            k, seating(plan.bot_ids, k), failure=f"match {k + 1} (seed {plan.seed + k}): its worker process died"
        )
        for k in numbers
    ]


def chunks(plan: MatchPlan, numbers: Sequence[int], size: int) -> Iterator[Job]:
    """The jobs playing ``numbers`` in order, ``size`` matches each (the last may have fewer)."""
    for start in range(0, len(numbers), size):
        yield plan, tuple(numbers[start : start + size])


@dataclass(frozen=True)
class _Workers:
    """How a run's worker processes start (``context``) and are set up (``initializer``)."""

    context: BaseContext
    initializer: Callable[[], None]


def _workers(registry: Registry, plan: MatchPlan) -> _Workers:
    """The workers of a run, started as :func:`roundhouse.core.tournament.workers.start_method` says.

    A forked worker inherits this process's registry; any other loads the
    plugins and is sent :func:`outside_plugins`.
    """
    method = start_method()
    if method == "fork":
        return _Workers(multiprocessing.get_context("fork"), init_worker)
    outside = outside_plugins(registry, plan)
    return _Workers(multiprocessing.get_context(method), functools.partial(init_worker, outside))


def outside_plugins(registry: Registry, plan: MatchPlan) -> tuple[tuple[str, Any], ...]:
    """The run's variant and bots registered outside the plugins, as ``(kind, object)`` pairs for a worker.

    A worker that loads the plugins itself lacks these. ValueError names one
    that cannot be pickled.
    """
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
    return outside


def _outcomes(
    registry: Registry,
    plan: MatchPlan,
    numbers: Sequence[int],
    jobs: int,
    workers: _Workers | None,
    processes: BotProcesses,
) -> Iterator[MatchOutcome]:
    """The outcome of each match of ``numbers``, in that order, played here or in ``jobs`` ``workers``.

    Jobs are made as workers ask for them, a chunk of matches at a time.
    Isolated bots come from ``processes`` here; workers start their own.
    """
    if workers is None:
        for k in numbers:
            yield play_match(registry, plan, k, processes)
        return
    global _WORKER_REGISTRY
    if workers.context.get_start_method() == "fork":
        _WORKER_REGISTRY = registry  # forked workers inherit it, bots registered outside the plugins included
    matches = len(numbers)
    chunk = 1 if plan.isolate else max(1, min(4, matches // (jobs * 8)))  # small: progress and Ctrl-C stay prompt
    try:
        count = min(jobs, math.ceil(matches / chunk))
        work = chunks(plan, numbers, chunk)
        for outcomes in ordered_map(play_chunk, work, count, workers.context, workers.initializer, lost_chunk):
            yield from outcomes
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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    on_match: Callable[[MatchOutcome], None] | None = None,
    isolate: bool = False,
    overwrite: bool = False,
    ledger: Ledger | None = None,
    cluster: str | None = None,
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

    ``ledger``, opened for this tournament and ``matches``, gives the
    standings their start and the matches it lacks to play, and gets each
    match as it finishes; a match it cannot take ends the run with
    ``record_error`` set. ``cluster`` plays on Ray
    (:func:`roundhouse.core.tournament.cluster.outcomes`): ``""`` for a local
    Ray (or ``RAY_ADDRESS``'s), else a cluster's address; ``jobs`` is then
    the CPUs of a local Ray started here.
    """
    registry.variant(variant_id)
    for bot_id in bot_ids:
        registry.bot(bot_id)
    plan = MatchPlan(variant_id, tuple(bot_ids), seed, record is not None, time_limit, isolate)
    writer = RecordWriter(record, overwrite) if record is not None else None
    numbers: Sequence[int] = range(matches) if ledger is None else ledger.missing()
    result = SimulationResult(len(bot_ids), list(bot_ids), requested=matches) if ledger is None else ledger.standings()
    whole = False  # True once the run ended in a way that leaves whole matches in the record
    started = time.perf_counter()
    try:
        processes = BotProcesses(time_limit)
        if isolate:
            _start_isolated(processes, bot_ids)
        workers = None
        if cluster is not None and numbers:
            processes.close()  # the cluster's workers start their own bots' processes
            played = _on_cluster(registry, plan, numbers, cluster, jobs, result)
        else:
            if jobs > 1 and len(numbers) > 1:
                processes.close()  # workers start their own bots' processes; these (and their thread) are not forked
                workers = _workers(registry, plan)
            played = _outcomes(registry, plan, numbers, jobs, workers, processes)
        with processes, _collector_for_matches(), closing(played) as outcomes:
            for outcome in outcomes:
                with _signals_held():  # the record, the ledger and the standings take the match, or none does
                    result.record_error = _keep(outcome, writer, record, ledger, result)
                if result.record_error is not None:
                    break
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


def _keep(
    outcome: MatchOutcome,
    writer: RecordWriter | None,
    record: str | Path | None,
    ledger: Ledger | None,
    result: SimulationResult,
) -> str | None:
    """Write the match's record and ledger row, then count it; None, or why a write failed (then it is not counted)."""
    if writer is not None and outcome.record is not None:
        try:
            writer.write(outcome.k, outcome.record)
        except OSError as error:
            return f"cannot write the record {record}: {error.strerror or error}"
    if ledger is not None:
        try:
            ledger.add(outcome)
        except sqlite3.Error as error:
            return f"cannot write the ledger {ledger.path}: {error}"
    result.add(outcome)
    return None


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is over, then arrive as they would have (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    held = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    held = {number: handler for number, handler in held.items() if handler is not None}
    for number in held:
        signal.signal(number, lambda signum, frame: arrived.append(signum))
    try:
        yield
    finally:
        for number, handler in held.items():
            signal.signal(number, handler)
        for number in arrived:
            os.kill(os.getpid(), number)


def _on_cluster(
    registry: Registry, plan: MatchPlan, numbers: Sequence[int], address: str, cpus: int, result: SimulationResult
) -> Iterator[MatchOutcome]:
    """The outcomes of ``numbers`` played on Ray, counting into ``result.retried`` each batch played again."""
    from roundhouse.core.tournament import cluster

    def retried() -> None:
        result.retried += 1

    return cluster.outcomes(plan, numbers, outside_plugins(registry, plan), address, cpus, retried)


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
