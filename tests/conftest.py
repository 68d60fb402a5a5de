"""Shared pytest setup.

The tests import the installed ``roundhouse`` (editable or a built wheel),
never the source folders directly; this folder's helper modules import by
their own names (``from referee import ...``).
"""

import pytest

pytest_plugins = ["gui_helpers"]
"""The window fixtures (``window``, ``xvfb_display``, ``sized_display``) for every test module."""


@pytest.fixture(autouse=True)
def _own_config_dir(monkeypatch, tmp_path_factory):
    """Remembered settings (language, theme) go to a fresh directory, never the user's."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
