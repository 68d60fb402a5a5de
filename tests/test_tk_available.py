"""The window is offered only when its display answers (``roundhouse`` falls back to the console)."""

import pytest
from gui_helpers import xvfb_display  # noqa: F401 - pytest fixture

from roundhouse.frontends.tk import TkFrontend, display_reachable


@pytest.mark.parametrize("display", ["", "nonsense", ":987", "unix:987", "127.0.0.1:987.0"])
def test_no_window_without_a_display_that_answers(display, monkeypatch):
    monkeypatch.setenv("DISPLAY", display)
    assert not display_reachable(display)
    assert not TkFrontend().available()


@pytest.mark.gui
def test_window_offered_on_a_live_display(xvfb_display, monkeypatch):  # noqa: F811 - pytest fixture injection
    monkeypatch.setenv("DISPLAY", xvfb_display)
    assert display_reachable(xvfb_display)
    assert TkFrontend().available()
