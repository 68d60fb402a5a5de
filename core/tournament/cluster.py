"""Playing a tournament's matches on Ray (``roundhouse simulate --cluster``).

Ray is an optional extra (``pip install 'roundhouse[cluster]'``), imported
only here and only when a cluster is asked for. :func:`outcomes` sends the
matches as Ray tasks of a batch of matches each, keeps a bounded number of
batches in flight or waiting, and yields the outcomes in match order, so
that the driver (the process calling it) holds little however many
matches there are, and writes every record and ledger row itself. A match
is a pure function of its number, so the results equal those of local
worker processes.

A batch whose worker or node was lost is submitted again by the driver, up
to :data:`RETRIES` times; each new submission is counted once (the
``on_retry`` callback), and only the one answer that arrives is used, so no
match is ever counted twice. A batch lost every time (a bot that ends its
worker process, say) yields failed matches, as local workers do.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from roundhouse.core.tournament.simulate import Job, MatchOutcome, MatchPlan, chunks, lost_chunk, play_chunk_anywhere

INSTALL_HINT = "--cluster needs Ray, an optional extra: pip install 'roundhouse[cluster]'"
"""The one line said when Ray is not installed."""

RETRIES = 3
"""How many times a batch whose worker or node was lost is submitted again."""

IN_FLIGHT_PER_CPU = 2
"""Batches submitted or waiting to be yielded, per CPU of the cluster."""

LARGEST_BATCH = 32
"""The most matches one task plays (fewer for short runs, so that every CPU gets work)."""


class ClusterUnavailable(Exception):
    """Ray is not installed, or the cluster cannot be reached (one line)."""


def available() -> bool:
    """True when Ray can be imported."""
    return importlib.util.find_spec("ray") is not None


def outcomes(
    plan: MatchPlan,
    numbers: Sequence[int],
    outside: tuple[tuple[str, Any], ...],
    address: str,
    cpus: int,
    on_retry: Callable[[], None],
) -> Iterator[MatchOutcome]:
    """The outcome of each match of ``numbers``, in that order, played by Ray tasks.

    Uses the Ray this process already joined; else joins ``address`` (a
    cluster's address), or ``RAY_ADDRESS``'s cluster when ``address`` is
    empty, or else starts a local Ray of ``cpus`` CPUs for the run.
    ``outside`` is sent to every worker (:func:`simulate.outside_plugins
    <roundhouse.core.tournament.simulate.outside_plugins>`). Leaving the
    iteration early (Ctrl-C included) stops the local Ray started for the run, or cancels the batches in
    flight on a cluster joined.
    """
    ray = _ray()
    lost = _lost_errors()
    started_here = _join(ray, address, cpus)
    in_flight: dict[Any, tuple[int, Job, int]] = {}  # a task's result: its batch number, job, submissions so far
    try:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = 1 if plan.isolate else max(1, min(LARGEST_BATCH, len(numbers) // (workers * 8)))
        play = ray.remote(num_cpus=1, max_retries=0)(play_chunk_anywhere)
        shared = ray.put(outside)
        jobs = enumerate(chunks(plan, numbers, size))
        done: dict[int, list[MatchOutcome]] = {}
        limit = IN_FLIGHT_PER_CPU * workers
        next_out = 0
        exhausted = False
        while True:
            while not exhausted and len(in_flight) + len(done) < limit:
                number, job = next(jobs, (-1, None))
                if job is None:
                    exhausted = True
                    break
                in_flight[play.remote(job, shared)] = (number, job, 1)
            if not in_flight and not done:
                return
            if in_flight:
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    number, job, submitted = in_flight.pop(ref)
                    try:
                        done[number] = ray.get(ref)
                    except lost:
                        if submitted > RETRIES:
                            done[number] = lost_chunk(job)
                        else:
                            on_retry()
                            in_flight[play.remote(job, shared)] = (number, job, submitted + 1)
            while next_out in done:
                yield from done.pop(next_out)
                next_out += 1
    finally:
        if started_here:
            ray.shutdown()  # the Ray of this run ends with its tasks; cancelling them first races its own replies
        else:
            for ref in in_flight:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001 - a task that ended meanwhile, or a cluster already gone
                    pass


def _ray() -> Any:
    """The ``ray`` module; ClusterUnavailable when it is not installed."""
    try:
        import ray
    except ImportError:
        raise ClusterUnavailable(INSTALL_HINT) from None
    return ray


def _lost_errors() -> tuple[type[BaseException], ...]:
    """Ray's exceptions for a task whose worker process or node was lost (not one the task raised)."""
    from ray import exceptions

    return (
        exceptions.WorkerCrashedError,
        exceptions.NodeDiedError,
        exceptions.ObjectLostError,
        exceptions.LocalRayletDiedError,
    )


def _join(ray: Any, address: str, cpus: int) -> bool:
    """Join or start a Ray as :func:`outcomes` says; True when a local Ray was started here (to stop after)."""
    if ray.is_initialized():
        return False
    quiet = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address or os.environ.get("RAY_ADDRESS"):
            init_keeping_handlers(ray, address=address or None, **quiet)
            return False
        setup = {"worker_process_setup_hook": f"{__name__}.{ignore_interrupts.__name__}"}
        init_keeping_handlers(ray, address="local", num_cpus=cpus, include_dashboard=False, runtime_env=setup, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as error:
        where = address or os.environ.get("RAY_ADDRESS") or "local"
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ClusterUnavailable(f"cannot start or reach the Ray cluster {where}: {reason}") from None
    return True


def ignore_interrupts() -> None:
    """In each worker of a local Ray: ignore Ctrl-C, which the terminal sends the whole group; the driver decides."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def init_keeping_handlers(ray: Any, **options: Any) -> None:
    """``ray.init(**options)``, keeping this process's SIGTERM handler and exception hook.

    Ray installs its own, which would end a run on SIGTERM without its
    clean-up (``simulate`` treats SIGTERM as Ctrl-C) and outlive Ray.
    """
    sigterm, hook = signal.getsignal(signal.SIGTERM), sys.excepthook
    try:
        ray.init(**options)
    finally:
        sys.excepthook = hook
        if sigterm is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, sigterm)
