"""Worker processes that play jobs in order, with bounded memory, and die with their parent.

:func:`ordered_map` hands jobs to ``processes`` worker processes and yields
their results in job order. Only a few jobs per worker are ever in flight or
waiting to be yielded, so an endless job iterator is fine. Workers ignore
Ctrl-C (the parent decides what an interrupt means); a worker stopped by a
signal that asks a process to end (SIGTERM, SIGHUP) stops the whole
iteration as Ctrl-C would, since someone is stopping the run (``pkill``).
Workers end when the parent ends, even by SIGKILL: on Linux the kernel sends them SIGKILL
(``PR_SET_PDEATHSIG``); elsewhere, and in a forkserver's children, a thread
in each worker waits on the parent's sentinel. :func:`start_method` says how
to start them.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import multiprocessing
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

IN_FLIGHT_PER_WORKER = 2
"""Jobs sent to one worker before its first result is back (keeps it busy between jobs)."""

_PR_SET_PDEATHSIG = 1

_STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Signals by which someone outside asks a worker to end: they stop the run, they are not a job's failure."""


def start_method() -> str:
    """How to start worker processes: the program's or the platform's start method, but never fork with threads.

    Fork copies only the calling thread, and a lock another thread held
    stays locked in the child, so fork is used only where it is the default
    (Linux before Python 3.14) and this process runs no other thread;
    otherwise forkserver, or spawn where processes cannot fork.
    """
    if not hasattr(os, "fork"):
        return "spawn"
    available = multiprocessing.get_all_start_methods()  # the platform's default first
    method = multiprocessing.get_start_method(allow_none=True) or available[0]
    if method == "fork" and _threads() > 1:
        return "forkserver" if "forkserver" in available else "spawn"
    return method


def _threads() -> int:
    """The threads this process runs: the kernel's count where ``/proc`` has it (C code's too), else Python's."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


class WorkerError(RuntimeError):
    """A job raised in a worker, or a worker died; the message holds the worker's traceback."""


def ordered_map(
    function: Callable[[J], R],
    jobs: Iterable[J],
    processes: int,
    context: BaseContext,
    initializer: Callable[[], None] | None = None,
    lost: Callable[[J], R] | None = None,
) -> Iterator[R]:
    """``function(job)`` for every job, computed in worker processes, yielded in job order.

    ``function`` and ``initializer`` must be picklable under a ``spawn``
    context. Raises WorkerError when a job raises, or when a worker dies and
    there is no ``lost``: with it, each job the dead worker held yields
    ``lost(job)`` and a fresh worker takes its place. Raises
    KeyboardInterrupt when a worker was ended by SIGTERM or SIGHUP. Leaving
    the iteration early (break, an exception, Ctrl-C) kills the workers.
    """
    pool = _Pool(function, processes, context, initializer, lost)
    try:
        yield from pool.run(iter(jobs))
    finally:
        pool.close()


class _Pool:
    """The workers, their pipes, and the bookkeeping of jobs in flight.

    Workers are not daemon processes, because a worker may start processes
    of its own (isolated bots); a pool still open when the program exits is
    closed first, so that :mod:`multiprocessing` never waits for its workers.
    """

    def __init__(
        self,
        function: Callable[[Any], Any],
        processes: int,
        context: BaseContext,
        initializer: Callable[[], None] | None,
        lost: Callable[[Any], Any] | None = None,
    ) -> None:
        self.connections: list[Connection] = []
        self.workers: list[BaseProcess] = []
        self.finished = False
        self.owner: dict[Connection, list[int]] = {}  # the job numbers each worker holds, oldest first
        self.held: dict[int, Any] = {}  # the jobs in flight, by number
        self.done: dict[int, tuple[bool, Any]] = {}  # replies not yet yielded, by job number
        self.start = functools.partial(_start_worker, context, function, initializer)
        self.lost = lost
        atexit.register(self.close)  # runs before multiprocessing's own exit handler, registered earlier
        try:
            for _ in range(processes):
                connection, worker = self.start()
                self.connections.append(connection)
                self.workers.append(worker)
        except BaseException:  # a worker that could not start: stop those that did
            self.close()
            raise

    def run(self, jobs: Iterator[Any]) -> Iterator[Any]:
        limit = IN_FLIGHT_PER_WORKER * len(self.workers)
        self.owner = {c: [] for c in self.connections}
        sent = next_out = 0
        exhausted = False
        while True:
            while not exhausted and sent - next_out < limit:
                connection = min(self.connections, key=lambda c: len(self.owner[c]))
                if len(self.owner[connection]) >= IN_FLIGHT_PER_WORKER:
                    break
                job = next(jobs, _END)
                if job is _END:
                    exhausted = True
                    break
                self.owner[connection].append(sent)
                self.held[sent] = job
                sent += 1
                try:
                    connection.send(job)
                except OSError:  # the worker died between jobs
                    self._gone(connection)
            if next_out == sent:
                self.finished = True
                return
            if next_out not in self.done:  # a worker lost while sending may have settled the next job already
                for connection in wait([c for c in self.connections if self.owner[c]]):
                    if not self._take_reply(connection):
                        self._gone(connection)
            while next_out in self.done:
                ok, value = self.done.pop(next_out)
                if not ok:  # raised in its turn, after the results of the jobs before it
                    raise WorkerError(value)
                yield value
                next_out += 1

    def _take_reply(self, connection: Connection) -> bool:
        """Note the reply waiting at ``connection`` for its oldest job; False when the worker is gone instead."""
        try:
            reply = connection.recv()
        except (EOFError, OSError):
            return False
        number = self.owner[connection].pop(0)
        del self.held[number]
        self.done[number] = reply
        return True

    def _gone(self, connection: Connection) -> None:
        """The worker at ``connection`` died: keep the replies it sent, lose its other jobs, start a fresh one.

        Raises KeyboardInterrupt when it was stopped by a signal asking it to
        end, and WorkerError when there is no ``lost``.
        """
        while self.owner[connection] and self._take_reply(connection):
            pass
        worker = self.workers[self.connections.index(connection)]
        worker.join(5)
        if worker.exitcode is not None and -worker.exitcode in _STOP_SIGNALS:
            raise KeyboardInterrupt
        if self.lost is None:
            raise WorkerError("a worker process died")
        for number in self.owner.pop(connection):
            self.done[number] = (True, self.lost(self.held.pop(number)))
        self.owner[self._replace(connection)] = []

    def _replace(self, connection: Connection) -> Connection:
        """Start a fresh worker in place of the dead one at ``connection``; its connection."""
        index = self.connections.index(connection)
        connection.close()
        self.workers[index].kill()  # a worker whose pipe broke may still run
        self.workers[index].join()
        self.connections[index], self.workers[index] = self.start()
        return self.connections[index]

    def close(self) -> None:
        """Stop every worker: politely after a complete run, by force otherwise."""
        atexit.unregister(self.close)
        for connection, worker in zip(self.connections, self.workers, strict=True):
            if self.finished:
                try:
                    connection.send(None)
                except OSError:
                    pass
            else:
                worker.kill()
        for connection, worker in zip(self.connections, self.workers, strict=True):
            worker.join(5)
            if worker.is_alive():
                worker.kill()
                worker.join()
            connection.close()


_END = object()


def _start_worker(
    context: BaseContext, function: Callable[[Any], Any], initializer: Callable[[], None] | None
) -> tuple[Connection, BaseProcess]:
    """A started worker and the parent's end of its pipe."""
    mine, theirs = context.Pipe()
    worker = context.Process(target=_serve, args=(theirs, function, initializer))
    try:
        worker.start()
    except BaseException:
        mine.close()
        raise
    finally:
        theirs.close()
    return mine, worker


def _serve(connection: Connection, function: Callable[[Any], Any], initializer: Callable[[], None] | None) -> None:
    """A worker's life: answer jobs until told to stop (``None``) or the parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in _STOP_SIGNALS:  # a forked worker would inherit the parent's handler, which raises in a bot
        signal.signal(number, signal.SIG_DFL)
    die_with_parent()
    if initializer is not None:
        initializer()
    while True:
        try:
            job = connection.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            reply = (True, function(job))
        except Exception:  # noqa: BLE001 - reported to the parent, which raises it as WorkerError
            reply = (False, traceback.format_exc())
        connection.send(reply)


def die_with_parent() -> None:
    """Make this process, a :mod:`multiprocessing` child, end when the process that started it ends.

    Call it first thing in the child. Linux: the kernel's parent-death signal
    (SIGKILL), when that process is the child's parent (not so for a
    forkserver's child). Otherwise: a daemon thread that exits the process
    once that process's sentinel says it ended.
    """
    parent = multiprocessing.parent_process()
    assert parent is not None, "only a multiprocessing child has a parent to die with"
    if sys.platform.startswith("linux") and os.getppid() == parent.pid:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            if os.getppid() != parent.pid:  # the parent died before the signal was armed
                os._exit(1)
            return
    threading.Thread(target=_watch_parent, args=(parent.sentinel,), daemon=True, name="parent-watch").start()


def _watch_parent(sentinel: int) -> None:
    wait([sentinel])
    os._exit(1)
