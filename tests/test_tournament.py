"""``roundhouse simulate``: rotating seats, per-bot results, worker processes, records."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from roundhouse.core.cli.main import main
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.simulate import (
    MatchOutcome,
    SimulationResult,
    format_result,
    seating,
    simulate,
    wilson_interval,
)

SIM = "simulate --variant double-nine-branch"


@pytest.fixture(scope="module")
def registry():
    return get_plugin_manager().registry


def test_seating_rotates_so_every_bot_plays_every_seat():
    bots = ["planner", "random", "greedy", "random"]
    assert seating(bots, 0) == tuple(bots)
    assert seating(bots, 1) == ("random", "planner", "random", "greedy")
    assert seating(bots, 4) == tuple(bots)
    assert [seating(bots, k).index("planner") for k in range(4)] == [0, 1, 2, 3]


def test_wilson_interval_known_values():
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def played(registry, *args, **kwargs) -> tuple[SimulationResult, list[MatchOutcome]]:
    """The result of ``simulate(registry, *args, **kwargs)`` and every match outcome it reported."""
    outcomes: list[MatchOutcome] = []
    result = simulate(registry, *args, on_match=outcomes.append, **kwargs)
    return result, outcomes


def test_results_per_bot_add_up_over_rotated_seats(registry):
    result, outcomes = played(registry, "double-nine-branch", ["greedy", "random", "random"], 6, seed=3)
    stats = result.bot_stats()
    assert list(stats) == ["greedy", "random"]
    assert stats["greedy"].seats_played == 6 and stats["random"].seats_played == 12
    assert [o.seats for o in outcomes] == [seating(["greedy", "random", "random"], k) for k in range(6)]
    assert [o.k for o in outcomes] == list(range(6)) and result.matches == 6 and result.failed == 0
    total = sum(o.totals[s] for o in outcomes for s, b in enumerate(o.seats, 1) if b == "greedy")
    assert stats["greedy"].mean_total == pytest.approx(total / 6)
    wins = sum(1 for o in outcomes for s in o.winners if o.seats[s - 1] == "greedy")
    assert stats["greedy"].wins == wins


def test_worker_processes_give_identical_results(registry):
    bots = ["planner", "random", "greedy"]
    alone, alone_outcomes = played(registry, "double-nine-branch", bots, 5, seed=40)
    spread, spread_outcomes = played(registry, "double-nine-branch", bots, 5, seed=40, jobs=2)
    assert spread_outcomes == alone_outcomes
    assert spread.bot_stats() == alone.bot_stats() and spread.seat_total_sums == alone.seat_total_sums


class FirstBot:
    """A bot registered outside the plugins; a worker that does not fork gets it pickled."""

    id = "first"
    description = "always the first legal action"

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


def test_worker_processes_use_bots_registered_outside_the_plugins(registry):
    local = get_plugin_manager().registry
    local.add_bot(FirstBot())
    result = simulate(local, "double-nine-branch", ["first", "random"], 3, seed=2, jobs=2)
    assert result.bot_stats()["first"].seats_played == 3


def test_match_k_uses_seed_plus_k_and_records_in_match_order(registry, tmp_path):
    folder = tmp_path / "records"
    simulate(registry, "double-nine-branch", ["greedy", "random"], 3, seed=100, record=f"{folder}/", jobs=2)
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["match-00001.jsonl", "match-00002.jsonl", "match-00003.jsonl"]
    headers = [json.loads(f.read_text().splitlines()[0]) for f in files]
    assert [h["seed"] for h in headers] == [100, 101, 102]
    assert [h["seats"][0]["player"] for h in headers] == ["bot:greedy", "bot:random", "bot:greedy"]
    single = tmp_path / "all.jsonl"
    simulate(registry, "double-nine-branch", ["greedy", "random"], 3, seed=100, record=single)
    lines = [json.loads(line) for line in single.read_text().splitlines()]
    assert [line["seed"] for line in lines if line["type"] == "match"] == [100, 101, 102]


def test_format_result_prints_a_table_per_bot_or_per_seat():
    mixed = SimulationResult(2, ["planner", "random"], requested=2, seconds=2.0)
    mixed.add(MatchOutcome(0, ("planner", "random"), {1: 10, 2: 30}, (1,)))
    mixed.add(MatchOutcome(1, ("random", "planner"), {1: 40, 2: 20}, (2,)))
    lines = _formatted(mixed)
    assert lines[0] == "2 matches in 2.00 s (1.0 matches per second)"
    planner = next(line for line in lines if line.startswith("planner"))
    assert planner.split()[:5] == ["planner", "2", "15.0", "2", "100.0"]
    single = SimulationResult(2, ["random", "random"], requested=1, seconds=1.0)
    single.add(MatchOutcome(0, ("random", "random"), {1: 10, 2: 30}, (1,)))
    assert _formatted(single)[-2].split() == ["1", "random", "10.0", "1"]
    slow = SimulationResult(2, ["expert", "planner"], requested=99, seconds=3216.37)
    for k in range(99):
        slow.add(MatchOutcome(k, ("expert", "planner"), {1: 10, 2: 30}, (1,)))
    assert _formatted(slow)[0] == "99 matches in 3216.37 s (32.5 s per match)", "not '0.0 matches per second'"


def _formatted(result: SimulationResult) -> list[str]:
    out = io.StringIO()
    format_result(result, out)
    return out.getvalue().splitlines()


def test_cli_simulate_with_a_bot_per_seat_and_jobs(capsys):
    code = main(SIM.split() + "--players 3 --bots planner,random,random --matches 3 --seed 1 --jobs 2".split())
    out = capsys.readouterr().out
    assert code == 0
    assert "matches per second" in out and "95% interval" in out
    assert any(line.startswith("planner") and line.split()[1] == "3" for line in out.splitlines())


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--bots", "planner,random"], "--bots needs one id or 3 ids"),
        (["--bots", "planner,nobody,random"], "unknown bot 'nobody'"),
    ],
)
def test_cli_simulate_bad_bots_exit_2(capsys, arguments, message):
    code = main(SIM.split() + ["--players", "3", "--matches", "1", *arguments])
    assert code == 2 and message in capsys.readouterr().err


def test_cli_simulate_unwritable_record_exits_2(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    target = str(blocker / "sub" / "x.jsonl")
    code = main(SIM.split() + "--players 2 --bots random --matches 1 --seed 1 --record".split() + [target])
    assert code == 2 and "cannot write the record" in capsys.readouterr().err


def test_cli_simulate_one_bot_keeps_the_per_seat_summary(capsys):
    code = main(SIM.split() + "--players 2 --bots random --matches 2 --seed 4".split())
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and lines[2].split() == ["seat", "bot", "mean", "total", "wins"]
    assert [line.split()[:2] for line in lines[3:]] == [["1", "random"], ["2", "random"]]


START_METHODS = ("fork", "forkserver", "spawn")

RUN = f"{SIM} --players 3 --bots planner,random,greedy --matches 6 --seed 21".split()
"""A small tournament with records, played alike whatever starts its worker processes."""

PLAY_WITH = """\
import multiprocessing, sys
method, arguments = sys.argv[1], sys.argv[2:]
if method != "alone":
    multiprocessing.set_start_method(method)
from roundhouse.core.tournament.workers import start_method
print(start_method(), file=sys.stderr)
from roundhouse.core.cli.main import main
sys.exit(main(arguments))
"""
"""``roundhouse ARGS`` in a fresh interpreter (no other thread), its workers started by ``method``."""


def tournament(method: str, folder: Path, *options: str) -> tuple[str, list[str], dict[str, str]]:
    """The start method the workers got, the standings and every record of :data:`RUN` with ``options``."""
    jobs = ["--jobs", "1" if method == "alone" else "2"]
    command = [sys.executable, "-c", PLAY_WITH, method, *RUN, *jobs, *options, "--record", f"{folder}/"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    used = result.stderr.splitlines()[0]
    standings = result.stdout.splitlines()[2:]  # after the settings and the speed
    return used, standings, {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def alone(tmp_path_factory) -> tuple[list[str], dict[str, str]]:
    """The standings and records of :data:`RUN` played in one process."""
    _, standings, records = tournament("alone", tmp_path_factory.mktemp("alone"))
    assert len(records) == 6 and len(standings) == 5
    return standings, records


@pytest.mark.parametrize("isolate", [False, True], ids=["in-process-bots", "isolated-bots"])
@pytest.mark.parametrize("method", START_METHODS)
def test_every_start_method_gives_the_same_standings_and_records(alone, method, isolate, tmp_path):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"this platform has no {method} start method")
    if method != "spawn" and not hasattr(os, "fork"):
        pytest.skip(f"the {method} start method forks, and os.fork is absent here")
    used, standings, records = tournament(method, tmp_path, *(["--isolate-bots"] if isolate else []))
    assert used == method
    assert (standings, records) == alone
