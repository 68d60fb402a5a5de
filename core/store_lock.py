"""An advisory lock file: one playing Roundhouse per data directory.

The operating system drops the lock when its holder exits, however it exits
(a SIGKILL included), so a crash never leaves a stale lock behind.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


class SessionLock:
    """Holds ``path`` locked while open; :meth:`acquire` never waits."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock; False when another process holds it. OSError when the file cannot be opened."""
        if self._handle is not None:
            return True
        handle = open(self.path, "a+b")
        try:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                handle.seek(0)
                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()).encode())
        handle.flush()
        self._handle = handle
        return True

    def release(self) -> None:
        """Give the lock back (closing the file releases it)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
