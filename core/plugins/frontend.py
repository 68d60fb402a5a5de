"""The front-end API: what a user interface plugin gets and provides."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol, runtime_checkable

from roundhouse.core.plugins.manager import Plugins


@dataclass
class PlayOptions:
    """What ``roundhouse play`` was asked for; ``None`` means "ask or default".

    ``humans`` seats come first; the other seats get ``bot``.
    """

    variant: str | None = None
    players: int | None = None
    humans: int | None = None
    bot: str | None = None
    seed: int | None = None
    lang: str | None = None
    data_dir: Path | None = None
    names: list[str] = field(default_factory=list)
    resume: int | None = None
    """The id of a saved (playing or paused) match to resume without asking."""


@dataclass
class AppContext:
    """Everything a front end needs to run: plugins, options, streams."""

    plugins: Plugins
    options: PlayOptions
    stdin: IO[str] | None = None
    stdout: IO[str] | None = None
    store: Any = None
    """The save store (``roundhouse.core.store.Store``) or None when saving is off."""
    extras: dict[str, Any] = field(default_factory=dict)


@runtime_checkable
class Frontend(Protocol):
    """A user interface plugin.

    ``available()`` says whether it can run here (a display for a window);
    ``run(app)`` plays until the user quits and returns an exit status.

    Optional: ``lacking() -> str | None`` names what this Python lacks for
    the front end (``"the window needs Pillow, which this Python lacks"``),
    or None. The command line shows it as the reason when the front end is
    asked for and cannot run, and when ``play`` falls back to the console.
    """

    id: str
    description: str

    def available(self) -> bool:
        """True when this front end can run in the current environment."""
        ...

    def run(self, app: AppContext) -> int:
        """Play; return the process exit status."""
        ...
