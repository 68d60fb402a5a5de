"""``tournament.workers.ordered_map``: results in job order, jobs drawn only as needed, failures reported."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
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


def pid_then_wait(n: int) -> int:
    """Jobs 0 and 1 answer their worker's pid; later jobs wait long enough to be stopped in the middle."""
    if n < 2:
        return os.getpid()
    time.sleep(60)
    return n


def lost_job(n: int) -> str:
    return f"lost {n}"


def raise_interrupt(signum, frame):
    raise KeyboardInterrupt


@pytest.fixture
def terminate_raises():
    """SIGTERM raises KeyboardInterrupt here, as in ``roundhouse simulate`` (a forked worker inherits the handler)."""
    previous = signal.signal(signal.SIGTERM, raise_interrupt)
    yield
    signal.signal(signal.SIGTERM, previous)


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


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGHUP])
def test_a_worker_asked_to_end_stops_the_run_as_ctrl_c_does_not_as_a_lost_job(context, terminate_raises, stop):
    """``pkill`` reaching a worker: the iteration raises KeyboardInterrupt, and no job is reported lost."""
    results = ordered_map(pid_then_wait, range(10), 2, context, lost=lost_job)
    pids = [next(results), next(results)]
    time.sleep(0.2)  # both workers are in the middle of a waiting job
    os.kill(pids[0], stop)
    with pytest.raises(KeyboardInterrupt):
        next(results)
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_worker_killed_otherwise_loses_its_jobs_and_a_fresh_worker_goes_on(context):
    """SIGKILL (the kernel out of memory, a bot ending its process) is a worker lost, not a stop."""
    results = ordered_map(pid_then_wait, [0, 1, 2, 3], 2, context, lost=lost_job)
    holder_of_job_2 = next(results)  # jobs are dealt in turn: the first worker holds jobs 0 and 2
    next(results)
    time.sleep(0.2)
    os.kill(holder_of_job_2, signal.SIGKILL)
    assert next(results) == "lost 2"
    results.close()


def test_a_job_sent_to_a_worker_that_died_idle_is_lost_and_the_run_goes_on(context):
    """The worker dies between jobs, so the next job meets a broken pipe: it is that worker's lost job, not a crash."""
    first: list[int] = []

    def jobs():
        yield from (0, 1)
        os.kill(first[0], signal.SIGKILL)
        assert wait_until_ended(first[0]), "the worker did not die"
        yield from range(2, 6)

    results = ordered_map(worker_pid, jobs(), 1, context, lost=lost_job)
    first.append(next(results))
    rest = list(results)
    assert len(rest) == 5 and rest[0] in (first[0], "lost 1") and rest[1] == "lost 2"
    later = rest[2:]  # a job may still meet the dead worker's pipe before its end is read (start methods differ)
    assert all(r == f"lost {k}" or (isinstance(r, int) and r != first[0]) for k, r in enumerate(later, 3))
    assert isinstance(later[-1], int), "a fresh worker plays the jobs after"


def wait_until_ended(pid: int) -> bool:
    """True once ``pid`` has ended (a zombie its parent has not reaped yet counts)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] in "ZX":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.01)
    return False
