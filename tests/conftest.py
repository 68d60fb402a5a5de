"""Shared pytest setup: the project root is importable (``import core``)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

pytest_plugins = ["gui_helpers"]
"""The window fixtures (``window``, ``xvfb_display``, ``sized_display``) for every test module."""


@pytest.fixture(autouse=True)
def _own_config_dir(monkeypatch, tmp_path_factory):
    """Remembered settings (language, theme) go to a fresh directory, never the user's."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
