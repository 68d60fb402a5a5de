"""The window's remembered choices (table theme id, computer speed, hint strategy) in a small JSON file.

The file lives in ``platformdirs.user_config_dir("roundhouse")``, or in the
directory named by ``ROUNDHOUSE_CONFIG_DIR`` (tests point it elsewhere).
A missing or unreadable file gives the defaults; nothing is ever raised
into the game for a settings problem.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

FILE_NAME = "tk.json"
SPEEDS = {"slow": 1200, "normal": 600, "fast": 250, "instant": 1}
"""Computer move pacing: milliseconds between two computer decisions."""


@dataclass
class Settings:
    """What the window remembers between runs."""

    theme: str = "felt"
    speed: str = "normal"
    hints: str = "quick"
    """``"quick"``: hints from the game's quick hint bot; ``"expert"``: from the expert (slower, stronger)."""

    @property
    def delay_ms(self) -> int:
        """The pause before each computer decision."""
        return SPEEDS.get(self.speed, SPEEDS["normal"])


def config_dir() -> Path:
    """Where the settings file lives (``ROUNDHOUSE_CONFIG_DIR`` wins)."""
    override = os.environ.get("ROUNDHOUSE_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir("roundhouse"))


def load() -> Settings:
    """The saved settings, or the defaults when there are none or they are unreadable."""
    path = config_dir() / FILE_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: str(v) for k, v in data.items() if k in known})


def save(settings: Settings) -> bool:
    """Write the settings; False (and nothing raised) when the directory is not writable."""
    directory = config_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / FILE_NAME).write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
    except OSError:
        return False
    return True
