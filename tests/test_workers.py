"""``tournament.workers.ordered_map``: results in job order, jobs drawn only as needed, failures reported."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import time

import pytest

from roundhouse.core.tournament.workers import IN_FLIGHT_PER_WORKER, WorkerError, ordered_map, start_method


@pytest.fixture
def context():
    """Workers started as ``simulate`` would start them now (fork, forkserver or spawn)."""
    return multiprocessing.get_context(start_method())


def slow_square(n: int) -> int:
    """``n * n``, later for small odd numbers (so results come back out of order)."""
    if n % 2 and n < 10:
        time.sleep(0.05)
    return n * n


def fails_on_three(n: int) -> int:
    """``n``, but three fails at once, long before the jobs before it finish."""
    if n == 3:
        raise ValueError("three is not allowed")
    time.sleep(0.3)
    return n


def worker_pid(_n: int) -> int:
    return os.getpid()


def test_results_come_in_job_order_whatever_order_they_finish_in(context):
    assert list(ordered_map(slow_square, range(30), 3, context)) == [n * n for n in range(30)]


def test_jobs_are_drawn_from_an_endless_iterator_only_as_workers_need_them(context):
    drawn: list[int] = []

    def endless():
        for n in itertools.count():
            drawn.append(n)
            yield n

    results = ordered_map(slow_square, endless(), 2, context)
    assert [next(results) for _ in range(20)] == [n * n for n in range(20)]
    assert len(drawn) <= 20 + 2 * IN_FLIGHT_PER_WORKER
    results.close()


def test_a_failing_job_raises_in_its_turn_with_the_workers_traceback(context):
    results = ordered_map(fails_on_three, range(10), 2, context)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(WorkerError, match="ValueError: three is not allowed"):
        next(results)


def test_leaving_early_ends_every_worker(context):
    results = ordered_map(worker_pid, range(100), 2, context)
    pids = {next(results) for _ in range(6)}
    results.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # reaped: the pid is gone
