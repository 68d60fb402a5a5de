"""The console's remembered language, in a small JSON file beside the window's settings.

The file is ``console_prefs.json`` in ``platformdirs.user_config_dir("roundhouse")``
or in ``ROUNDHOUSE_CONFIG_DIR``. A missing, unreadable or unwritable file
only means the language is asked again; nothing is ever raised into the game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from roundhouse.core.text.i18n import LANGUAGES

FILE_NAME = "console_prefs.json"


def _path() -> Path:
    override = os.environ.get("ROUNDHOUSE_CONFIG_DIR")
    return Path(override or platformdirs.user_config_dir("roundhouse")) / FILE_NAME


def remembered_language() -> str | None:
    """The language chosen last time, or None."""
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lang = data.get("lang") if isinstance(data, dict) else None
    return lang if lang in LANGUAGES else None


def remember_language(lang: str) -> bool:
    """Keep ``lang`` for the next start; False (nothing raised) when it cannot be written."""
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"lang": lang}), encoding="utf-8")
    except OSError:
        return False
    return True
