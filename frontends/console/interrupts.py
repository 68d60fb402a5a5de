"""Waiting for a typed line so that Ctrl-C is acted on at once (POSIX terminals).

Python runs a signal's handler between bytecodes. A Ctrl-C that lands after
the last such check and before the blocking ``read()`` of the next line is
noted but not acted on: the read blocks until a line is typed, and the
player's interrupt seems lost. Waiting first in ``select()`` on the terminal
and on the pipe that :func:`signal.set_wakeup_fd` writes to closes the gap:
a signal noted before ``select()`` starts has already written to the pipe,
so ``select()`` returns at once and the interrupt is raised right after.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from typing import IO

_NOT_TRIED = -2
_wakeup_read_end = _NOT_TRIED
"""The read end of the wakeup pipe; -1 when another one was already in place."""


def _wakeup_pipe() -> int | None:
    global _wakeup_read_end
    if _wakeup_read_end == _NOT_TRIED:
        read_end, write_end = os.pipe()
        os.set_blocking(read_end, False)
        os.set_blocking(write_end, False)
        previous = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
        if previous != -1:  # another part of the program listens for signals: leave it in place
            signal.set_wakeup_fd(previous)
            os.close(read_end)
            os.close(write_end)
            read_end = -1
        _wakeup_read_end = read_end
    return _wakeup_read_end if _wakeup_read_end >= 0 else None


def wait_for_line(stream: IO[str]) -> None:
    """Return once the terminal ``stream`` has a line (or end of input) to read, raising on Ctrl-C.

    Returns at once where the gap cannot occur or cannot be closed: a stream
    that is not a terminal (pipes and files never wait on a person), another
    thread than the main one, or a platform without ``select()`` on terminals.
    """
    if os.name != "posix" or threading.current_thread() is not threading.main_thread():
        return
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    if not os.isatty(fd):
        return
    wakeup = _wakeup_pipe()
    if wakeup is None:
        return
    while True:
        try:
            os.read(wakeup, 512)  # forget signals already acted on
        except BlockingIOError:
            pass
        readable, _, _ = select.select([fd, wakeup], [], [])
        if fd in readable:
            return
