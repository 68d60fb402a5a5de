"""Misbehaving ``roundhouse_match_event`` observers (issue 17): immutable data, every failure contained.

An observer that tries to change what it is shown cannot reach the match,
its save or its record (DX.6 resume, RECORD.md replay stay exact); one that
raises anything is reported in one line and play goes on; SystemExit stops
the program only after the store saved the change.
"""

from __future__ import annotations

import pytest

from roundhouse import hookimpl
from roundhouse.core.play.record import replay
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store


class Tamperer:
    """Tries every way to change what it is shown; counts the refusals."""

    def __init__(self) -> None:
        self.refused = 0
        self.seen = 0

    @hookimpl
    def roundhouse_match_event(self, event, match):
        self.seen += 1
        attempts = [
            lambda: match.__setitem__("seed", 0),
            lambda: match["seats"][0].__setitem__("name", "Mallory"),
            lambda: match["params"].clear(),
            lambda: event.data.__setitem__("extra", 1),
        ]
        if event.type == "deal":
            attempts += [lambda: event["hands"]["1"].append("0-0"), lambda: event["stock"].reverse()]
        if event.type == "round_end":
            attempts += [lambda: event["totals"].update({"1": -500})]
        for attempt in attempts:
            try:
                attempt()
            except (TypeError, AttributeError):
                self.refused += 1


class Raiser:
    def __init__(self, error: BaseException) -> None:
        self.error = error

    @hookimpl
    def roundhouse_match_event(self, event):
        raise self.error


class OddFailure(BaseException):
    """Not an Exception: still an observer's failure."""


def plugins_with(**observers):
    plugins = get_plugin_manager(load_entry_points=False)
    for name, observer in observers.items():
        plugins.manager.register(observer, name=name)
    return plugins


def bots_session(plugins, seed: int = 5):
    params = {**plugins.registry.variant("mexican-train").default_params(), "rounds": 2}
    seats = [Seat("Ana", "random"), Seat("Bo", "random")]
    return make_session(plugins.registry, "mexican-train", seats, seed, params)


def test_an_observer_cannot_change_the_header_events_save_or_record(tmp_path, capsys):
    tamperer = Tamperer()
    plugins = plugins_with(tamperer=tamperer)
    untouched = bots_session(get_plugin_manager(load_entry_points=False))
    untouched.run_bots()
    with Store.open(tmp_path) as store:
        session = bots_session(plugins)
        store.attach(session)
        session.run_bots()
        assert session.is_over and tamperer.seen == len(session.record.events)
        assert session.record.lines() == untouched.record.lines()
        assert replay(session.record.lines(), plugins.registry.variant("mexican-train")).is_over()
        assert store.match_record(1) == untouched.record.lines()
    assert tamperer.refused >= 4 * tamperer.seen
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("error", [OddFailure("odd"), GeneratorExit(), ValueError("bad\nsecond line")])
def test_an_observer_raising_anything_is_reported_in_one_line_and_play_goes_on(capsys, error):
    plugins = plugins_with(raiser=Raiser(error))
    session = bots_session(plugins)
    session.run_bots()
    assert session.is_over
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("warning: plugin 'raiser' roundhouse_match_event raised ")
    assert type(error).__name__ in line


def test_an_observer_raising_system_exit_stops_after_the_change_is_saved(tmp_path):
    raiser = Raiser(SystemExit(3))
    plugins = plugins_with()
    session = bots_session(plugins)
    with Store.open(tmp_path) as store:
        store.attach(session)
        plugins.manager.register(raiser, name="raiser")
        with pytest.raises(SystemExit):
            session.step()
        assert store.saved_match().log == tuple(entry.to_text() for entry in session.log)
        assert len(session.log) == 1
