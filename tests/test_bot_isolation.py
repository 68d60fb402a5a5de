"""Trust model: ``simulate --isolate-bots`` runs each bot in its own process on serialized views.

A spy plugin registers a bot and the match-event observer and looks for
another seat's tiles by every route known to work in-process: what its
observer saw, the callers' frames (``sys._getframe``, the session and its
state), and every object the garbage collector knows. In-process each route
finds hidden tiles (so the spy works); isolated, none does. Isolated bots
give the same results as in-process ones, their failures are contained like
any bot's, and a bot that is not an installed plugin cannot be isolated.
"""

from __future__ import annotations

import errno
import json
import selectors
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plugin_helpers import python_path
from test_bots_blindness import _position as random_position

from roundhouse.core.cli.main import main
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.simulate import MatchOutcome, simulate
from roundhouse.core.tournament.view_codec import ViewCodecError, decode, encode

SPY = '''
"""A bot plugin that tries to see hidden tiles, and prints to standard output."""
import gc
import json
import os
import struct
import sys
import time

from roundhouse import hookimpl

SEEN = {}
REPORTS = {}


def report_file():
    """The file named by SPY_REPORT, opened once per process (before an isolated bot's sandbox closes)."""
    path = os.environ["SPY_REPORT"]
    if path not in REPORTS:
        REPORTS[path] = open(path, "a", encoding="utf-8", buffering=1)
    return REPORTS[path]


def attribute(value, name):
    """An instance attribute read from ``__dict__`` (never running the object's own ``__getattr__``)."""
    try:
        fields = object.__getattribute__(value, "__dict__")
    except AttributeError:
        return None
    return fields.get(name) if isinstance(fields, dict) else None


def hands_of(value):
    hands = attribute(value, "hands")
    if isinstance(hands, dict) and hands and all(isinstance(seat, int) for seat in hands):
        return hands
    return None


class Spy:
    id = "spy"
    description = "looks for other seats' tiles"

    looks = 0

    def choose(self, view, legal_actions, rng):
        Spy.looks += 1
        if Spy.looks > 5:  # a few looks are enough (a garbage-collector sweep is slow in a big process)
            return legal_actions[0]

        def reveals(hands):
            return hands is not None and any(tiles for seat, tiles in hands.items() if int(seat) != view.seat)

        found = {"observer": reveals(SEEN), "frames": False, "gc": False}
        frame = sys._getframe(1)
        while frame is not None:
            for value in list(frame.f_locals.values()):
                if reveals(hands_of(value)) or reveals(hands_of(attribute(value, "state"))):
                    found["frames"] = True
            frame = frame.f_back
        found["gc"] = any(reveals(hands_of(value)) for value in gc.get_objects())
        report_file().write(json.dumps(found) + "\\n")
        print("peeking")  # must not disturb an isolated bot's answers
        return legal_actions[0]


class SeatOneTrouble:
    """Misbehaves (``act``) whenever it plays seat 1, else plays the first legal action."""

    def __init__(self, bot_id, act):
        self.id = bot_id
        self.description = "misbehaves at seat 1"
        self.act = act

    def choose(self, view, legal_actions, rng):
        if view.seat == 1:
            self.act()
        return legal_actions[0]


def interrupt():
    raise KeyboardInterrupt


def stutter():
    """Send the referee the start of a message (a length, no content), then hang."""
    for value in gc.get_objects():
        if type(value).__name__ == "Connection" and not value.closed:
            os.write(value.fileno(), struct.pack("!i", 1000))
    time.sleep(1000)


@hookimpl
def roundhouse_register_bots(registry):
    if "SPY_REPORT" in os.environ:
        report_file()
    registry.add_bot(Spy())
    registry.add_bot(SeatOneTrouble("sleeper", lambda: time.sleep(1000)))  # blocked in a C call
    registry.add_bot(SeatOneTrouble("quitter", lambda: os._exit(0)))
    registry.add_bot(SeatOneTrouble("exiter", sys.exit))
    registry.add_bot(SeatOneTrouble("interrupter", interrupt))
    registry.add_bot(SeatOneTrouble("stutterer", stutter))


@hookimpl
def roundhouse_match_event(event, match):
    if event.type == "deal":
        SEEN.clear()
        SEEN.update(event["hands"])
'''


@pytest.fixture
def spy_plugin(tmp_path, monkeypatch):
    """The spy plugin installed (a distribution with a ``roundhouse`` entry point) for this and child processes."""
    site = tmp_path / "site"
    info = site / "roundhouse_spy-1.0.dist-info"
    info.mkdir(parents=True)
    (site / "roundhouse_spy.py").write_text(textwrap.dedent(SPY), encoding="utf-8")
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: roundhouse-spy\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[roundhouse]\nspy = roundhouse_spy\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", python_path(site))
    report = tmp_path / "spy.jsonl"
    monkeypatch.setenv("SPY_REPORT", str(report))
    return report


def routes_seen(report: Path) -> dict[str, bool]:
    """For each route, whether any decision of the spy found another seat's tile through it."""
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert lines, "the spy was never asked"
    return {route: any(line[route] for line in lines) for route in lines[0]}


def test_an_isolated_bot_sees_no_hidden_tile_by_any_route(spy_plugin):
    registry = get_plugin_manager().registry
    assert "spy" in registry.bots
    in_process = simulate(registry, "mexican-train", ["spy", "random"], 1, seed=3)
    assert in_process.matches == 1
    assert routes_seen(spy_plugin) == {"observer": True, "frames": True, "gc": True}, "the spy must work in-process"
    spy_plugin.unlink()
    isolated = simulate(registry, "mexican-train", ["spy", "random"], 2, seed=3, isolate=True)
    assert isolated.matches == 2 and isolated.failed == 0, isolated.failures
    assert routes_seen(spy_plugin) == {"observer": False, "frames": False, "gc": False}


def test_isolated_bots_give_the_same_results_as_in_process(spy_plugin):
    registry = get_plugin_manager().registry
    bots = ["planner", "random", "greedy"]
    runs = []
    for isolate in (False, True):
        outcomes: list[MatchOutcome] = []
        simulate(registry, "double-nine-branch", bots, 3, seed=12, isolate=isolate, on_match=outcomes.append)
        runs.append(outcomes)
    assert runs[0] == runs[1] and len(runs[0]) == 3


@pytest.mark.parametrize(
    "bot_id, reason",
    [
        ("sleeper", "took longer than 3 s to decide"),
        ("quitter", "its process ended (exit status 0)"),
        ("exiter", "raised SystemExit"),
        ("interrupter", "raised KeyboardInterrupt"),
    ],
)
def test_an_isolated_bot_that_hangs_or_exits_fails_its_match_and_the_run_goes_on(spy_plugin, bot_id, reason):
    registry = get_plugin_manager().registry
    outcomes: list[MatchOutcome] = []
    result = simulate(
        registry, "mexican-train", [bot_id, "random"], 2, seed=7, time_limit=3.0, isolate=True, on_match=outcomes.append
    )
    assert [o.failure is None for o in outcomes] == [False, True]  # it plays seat 1 in match 1 only
    assert result.failed == 1 and result.matches == 1
    assert result.failures[0].startswith(f"bot '{bot_id}' failed in match 1 (seed 7) at decision ")
    assert result.failures[0].endswith(reason)


def test_an_isolated_bot_that_stops_halfway_through_a_reply_is_killed_at_the_time_limit(spy_plugin):
    """The referee waits for a whole reply no longer than the limit (in a subprocess, so a hang fails the test)."""
    argv = "simulate --variant mexican-train --players 2 --bots stutterer,random --matches 2 --seed 7"
    command = [sys.executable, "-m", "roundhouse", *argv.split(), "--bot-time-limit", "3", "--isolate-bots"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stderr  # a run with a failed match is a failed run
    [failure] = [line for line in result.stderr.splitlines() if line.startswith("failed: ")]
    assert failure.startswith("failed: bot 'stutterer' failed in match 1 (seed 7) at decision ")
    assert failure.endswith("took longer than 3 s to decide")


class WindowsSelector(selectors.SelectSelector):
    """``select()`` as on Windows, where it waits on sockets only, never on pipes."""

    def register(self, fileobj, events, data=None):
        if not isinstance(fileobj, socket.socket):
            raise OSError(errno.ENOTSOCK, "An operation was attempted on something that is not a socket")
        return super().register(fileobj, events, data)


def test_isolated_bots_play_alike_where_select_takes_sockets_only(monkeypatch):
    registry = get_plugin_manager().registry
    bots = ["greedy", "random"]
    in_process: list[MatchOutcome] = []
    simulate(registry, "double-nine-branch", bots, 2, seed=5, on_match=in_process.append)
    monkeypatch.setattr(selectors, "DefaultSelector", WindowsSelector)
    isolated: list[MatchOutcome] = []
    simulate(registry, "double-nine-branch", bots, 2, seed=5, isolate=True, on_match=isolated.append)
    assert isolated == in_process and all(outcome.failure is None for outcome in isolated)


def test_cli_refuses_to_isolate_a_bot_that_is_not_an_installed_plugin(monkeypatch, capsys):
    class First:
        id = "first"
        description = "the first legal action"

        def choose(self, view, legal_actions, rng):
            return legal_actions[0]

    def plugins_with_local_bot(*args, **kwargs):
        plugins = get_plugin_manager(load_entry_points=False)
        plugins.registry.add_bot(First())
        return plugins

    monkeypatch.setattr("roundhouse.core.cli.main.get_plugin_manager", plugins_with_local_bot)
    argv = "simulate --variant mexican-train --players 2 --bots first,random --matches 1 --isolate-bots".split()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        "roundhouse simulate: error: bot 'first' could not start in its own process: "
        "no bot 'first' is installed as a plugin\n"
    )


@settings(max_examples=25, deadline=None)
@given(
    variant_id=st.sampled_from(["mexican-train", "double-nine-branch"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
)
def test_a_view_survives_the_trip_to_a_bot_process_unchanged(variant_id, seed, steps):
    state = random_position(variant_id, seed, steps)
    for seat in (None, *range(1, state.players + 1)):
        view = state.view(seat)
        assert decode(json.loads(json.dumps(encode(view)))) == view


@pytest.mark.parametrize(
    "data", [{"class": "Session", "fields": {}}, {"what": 1}, {"tile": "x"}], ids=["class", "tag", "tile"]
)
def test_decoding_accepts_only_the_view_vocabulary(data):
    with pytest.raises((ViewCodecError, ValueError)):
        decode(data)


def test_encoding_refuses_values_outside_the_view_vocabulary():
    with pytest.raises(ViewCodecError, match="a value of type object cannot be sent"):
        encode(object())
