"""Shared pytest setup.

The tests import the installed ``roundhouse`` (editable or a built wheel),
never the source folders directly; this folder's helper modules import by
their own names (``from referee import ...``).
"""

import signal

import pytest

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # A run started in the background by a shell inherits Ctrl-C ignored, and so would every
    # program the tests start. The Ctrl-C tests need it as a player's terminal delivers it.
    signal.signal(signal.SIGINT, signal.default_int_handler)

pytest_plugins = ["gui_helpers"]
"""The window fixtures (``window``, ``xvfb_display``, ``sized_display``) for every test module."""


@pytest.fixture(autouse=True)
def _own_config_dir(monkeypatch, tmp_path_factory):
    """Remembered settings (language, theme) go to a fresh directory, never the user's."""
    monkeypatch.setenv("ROUNDHOUSE_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
