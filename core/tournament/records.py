"""Writing a run's match records (``simulate --record``): one file per match, or all in one file."""

from __future__ import annotations

import errno
from pathlib import Path

from roundhouse.core.play.record import OutputFile

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
