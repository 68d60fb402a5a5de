"""A record file's bytes read at any offset, whatever the file is (``roundhouse replay``).

A regular file is read in place. Anything that cannot seek (a pipe, a
terminal, ``/dev/stdin`` fed by a program) is copied to an unnamed temporary
file as far as it has been read, so earlier lines can be read again without
being kept in memory. Either way the replay holds only offsets, never the
record's text.
"""

from __future__ import annotations

import os
import sys
import tempfile
from typing import IO

CHUNK = 1 << 16
"""Bytes read from the file at a time."""


class RecordBytes:
    """The bytes of one opened record, read by offset; :meth:`close` when done."""

    def __init__(self, handle: IO[bytes]) -> None:
        self._handle = handle
        self._spool: IO[bytes] | None = None
        self._spooled = 0
        self._ended = False
        if not handle.seekable():
            self._spool = tempfile.TemporaryFile()  # noqa: SIM115 - closed by close()

    def read_at(self, offset: int, size: int) -> bytes:
        """Up to ``size`` bytes from ``offset`` (fewer only at the end of the file)."""
        if self._spool is None:
            return os.pread(self._handle.fileno(), size, offset)
        while self._spooled < offset + size and not self._ended:
            chunk = self._handle.read(CHUNK)
            if not chunk:
                self._ended = True
                break
            self._spool.seek(self._spooled)
            self._spool.write(chunk)
            self._spooled += len(chunk)
        self._spool.flush()
        return os.pread(self._spool.fileno(), size, offset)

    def close(self) -> None:
        """Close the file and any temporary copy."""
        if self._spool is not None:
            self._spool.close()
        self._handle.close()


class LineReader:
    """Lines of a :class:`RecordBytes` from an offset, with the offset where each begins.

    ``readline(size)`` behaves as a binary file's (at most ``size`` bytes, the
    newline included), so it can feed :func:`roundhouse.core.play.record.iter_record`.
    """

    def __init__(self, data: RecordBytes, offset: int = 0) -> None:
        self._data = data
        self.position = offset
        """Where the next line begins."""
        self.start = offset
        """Where the line last returned began."""
        self._buffer = bytearray()
        self._used = 0  # bytes of the buffer already returned; the buffer begins at ``position - _used``

    def readline(self, size: int = -1) -> bytes:
        """The next line, at most ``size`` bytes of it; empty at the end."""
        limit = size if size >= 0 else sys.maxsize
        scan = self._used
        while True:
            newline = self._buffer.find(b"\n", scan, min(len(self._buffer), self._used + limit))
            if newline >= 0:
                end = newline + 1
                break
            if len(self._buffer) - self._used >= limit:
                end = self._used + limit
                break
            chunk = self._data.read_at(self.position + len(self._buffer) - self._used, CHUNK)
            if not chunk:
                end = len(self._buffer)
                break
            del self._buffer[: self._used]  # what was returned is not needed again
            scan, self._used = len(self._buffer), 0
            self._buffer += chunk
        text = bytes(self._buffer[self._used : end])
        self._used = end
        self.start = self.position
        self.position += len(text)
        return text
