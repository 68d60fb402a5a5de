"""An advisory lock file: one playing Roundhouse per save database.

The operating system drops the lock when its holder exits, however it exits
(a SIGKILL included), so a crash never leaves a stale lock behind.

The lock file is opened without following a symbolic link and only ever
written when it is a regular file with one name holding nothing but a
process id (or nothing): a lock path planted as a link to another file, or
any file Roundhouse did not write, is refused, never truncated.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
_FLAGS |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
MAX_LOCK_BYTES = 32
"""A lock file holds a process id; anything longer was not written by Roundhouse."""


class LockFileError(OSError):
    """The lock path holds something that is not a Roundhouse lock file; the message says what."""


class SessionLock:
    """Holds ``path`` locked while open; :meth:`acquire` never waits."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False when another process holds it.

        OSError when the file cannot be opened; LockFileError when the path is
        a symbolic link or a file that is not a lock file (left untouched).
        """
        if self._fd is not None:
            return True
        if self.path.is_symlink():
            raise LockFileError(f"{self.path} is a symbolic link, not a lock file; remove it")
        fd = os.open(self.path, _FLAGS, 0o644)
        try:
            self._check_is_lock_file(fd)
            os.lseek(fd, 0, os.SEEK_SET)
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except LockFileError:
            os.close(fd)
            raise
        except OSError:
            os.close(fd)
            return False
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd
        return True

    def _check_is_lock_file(self, fd: int) -> None:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
            raise LockFileError(f"{self.path} is not a plain file; it cannot be the lock file")
        if info.st_size > MAX_LOCK_BYTES:
            raise LockFileError(f"{self.path} holds other data; move it away, it cannot be the lock file")
        content = os.read(fd, MAX_LOCK_BYTES).strip()
        if content and not content.isdigit():
            raise LockFileError(f"{self.path} holds other data; move it away, it cannot be the lock file")

    def release(self) -> None:
        """Give the lock back (closing the file releases it)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
