"""Trust model, issue #25: probe bots (``tests/probe_bots.py``) attack the seed and the referee, and find nothing.

Route 1: a bot inverts its decision generator to recover the match seed and
re-deal every hand (DX.1). Route 2: an isolated bot opens the referee's
descriptors and memory through ``/proc`` (DX.4).
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from probe_bots import RefereeProbe, SandboxProbe, SeedProbe, install_probes, probe_looks, probe_report

from roundhouse.core.play.record import read_record, record_text
from roundhouse.core.play.record import replay as replay_record
from roundhouse.core.play.session import FRESH_SEED_BITS, Seat, Session, fresh_seed
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.core.tournament.bot_process import SANDBOX_WORDS, protections
from roundhouse.core.tournament.sandbox import landlock_version
from roundhouse.core.tournament.simulate import simulate

BIG_SEED = 2**127 + 12345


@pytest.fixture
def probes(tmp_path, monkeypatch):
    """The probe plugin installed for this and child processes; its report file."""
    SeedProbe.looks = RefereeProbe.looks = SandboxProbe.looks = 0
    return install_probes(tmp_path / "site", tmp_path / "probes.jsonl", monkeypatch)


def seed_probe_session(registry) -> Session:
    seats = [Seat("probe", "seed-probe"), Seat("random", "random")]
    return Session(registry.variant("mexican-train"), seats, registry.bots, seed=5)


def test_DX_1_the_seed_probe_recovers_the_seed_from_the_old_reversible_generator(probes):
    """The probe works: against generator version 2 (old saves only) it re-deals the match."""
    session = seed_probe_session(get_plugin_manager().registry)
    session.use_rng_version(2)
    session.run_bots()
    assert any(look["recovered"] for look in probe_report(probes))


def test_DX_1_an_in_process_bot_cannot_recover_the_seed_from_its_generator(probes):
    session = seed_probe_session(get_plugin_manager().registry)
    session.run_bots()
    looks = probe_report(probes)
    assert looks and not any(look["recovered"] for look in looks)


def test_DX_1_an_isolated_bot_cannot_recover_the_seed_from_its_generator(probes):
    registry = get_plugin_manager().registry
    result = simulate(registry, "mexican-train", ["seed-probe", "random"], 2, seed=5, isolate=True)
    assert result.failed == 0, result.failures
    looks = probe_report(probes)
    assert looks and not any(look["recovered"] for look in looks)


def test_DX_1_fresh_seeds_are_too_many_to_guess():
    seeds = [fresh_seed() for _ in range(32)]
    assert FRESH_SEED_BITS >= 128
    assert all(0 <= seed < 2**FRESH_SEED_BITS for seed in seeds)
    assert max(seeds).bit_length() > 100  # fails for 63-bit seeds; chance of a false failure 2**-800


def test_DX_1_a_big_seed_goes_through_the_record_and_the_store_unchanged(tmp_path):
    registry = get_plugin_manager().registry
    seats = [Seat("Ana"), Seat("Bot", "random")]
    with Store.open(tmp_path) as store:
        session = Session(registry.variant("mexican-train"), seats, registry.bots, seed=BIG_SEED)
        store.attach(session)
        session.run_bots()
        session.decide(session.legal_actions()[0])
        session.run_bots()
        [header, *_] = read_record(io.StringIO(record_text(session.record.header, session.record.events)))
        assert header["seed"] == BIG_SEED
        assert json.loads(json.dumps(header))["seed"] == BIG_SEED
        assert replay_record(session.record.lines(), session.variant).totals() == session.state.totals()
    with Store.open(tmp_path) as store:
        saved = store.saved_match()
        assert saved.seed == BIG_SEED
        resumed = store.resume(saved, registry)
    assert resumed.seed == BIG_SEED and resumed.state.totals() == session.state.totals()
    assert resumed.log == session.log


REFEREE_PROBE = ["simulate", "--variant", "mexican-train", "--players", "2", "--matches", "1"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the probe reads Linux's /proc")
def test_DX_4_an_isolated_bot_cannot_open_the_referee_s_descriptors_memory_or_other_bots(probes):
    registry = get_plugin_manager().registry
    result = simulate(registry, "mexican-train", ["referee-probe", "random", "referee-probe"], 1, seed=5, isolate=True)
    assert result.failed == 0, result.failures
    looks = probe_report(probes)
    assert looks and not any(look["fd"] or look["mem"] or look["sibling_mem"] for look in looks), looks


def protections_line(stderr: str) -> str:
    """The run's one line on the protections of isolated bots."""
    [line] = [line for line in stderr.splitlines() if line.startswith("bot isolation:")]
    return line


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the probe reads Linux's /proc")
@pytest.mark.parametrize("seed, visible", [([], False), (["--seed", "5"], True)], ids=["default-seed", "explicit-seed"])
def test_DX_1_a_deciding_bot_cannot_read_the_command_line_only_a_plugin_being_imported_can(probes, seed, visible):
    """Landlock hides /proc from a deciding bot; an explicit seed is readable while its plugin is imported."""
    command = [sys.executable, "-m", "roundhouse", *REFEREE_PROBE, "--bots", "referee-probe,random", *seed]
    result = subprocess.run([*command, "--isolate-bots", "--jobs", "1"], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    line = protections_line(result.stderr)
    sandboxed = "(Landlock)" in line.partition("; missing:")[0]
    assert sandboxed == (landlock_version() > 0)
    assert "not confined while it is imported" in line.partition("; missing:")[2]
    deciding, importing = probe_report(probes), [look for look in probe_looks(probes) if "at_import" in look]
    assert deciding and all(look["seed_on_command_line"] is (visible and not sandboxed) for look in deciding), deciding
    assert importing and all(look["seed_on_command_line"] is visible for look in importing), importing
    assert not any(look["mem"] for look in deciding)


@pytest.fixture
def listener():
    """A TCP port listening on this host."""
    with socket.create_server(("127.0.0.1", 0)) as server:
        yield server.getsockname()[1]


@pytest.mark.skipif(landlock_version() < 6, reason="the sandbox needs Linux with Landlock ABI 6 (kernel 6.12)")
def test_DX_4_an_isolated_bot_writes_no_file_reaches_no_network_and_signals_no_one(
    probes, listener, tmp_path, monkeypatch, capsys
):
    folder = tmp_path / "open-folder"
    folder.mkdir()
    monkeypatch.setenv("PROBE_FOLDER", str(folder))
    monkeypatch.setenv("PROBE_PORT", str(listener))
    registry = get_plugin_manager().registry
    simulate(registry, "double-nine-branch", ["sandbox-probe", "random"], 1, seed=4, isolate=False)
    in_process = probe_report(probes)
    assert in_process and all(look["wrote"] and look["connected"] and look["signalled"] for look in in_process)
    capsys.readouterr()
    SandboxProbe.looks = 0
    probes.write_text("", encoding="utf-8")
    result = simulate(registry, "double-nine-branch", ["sandbox-probe", "random"], 1, seed=4, isolate=True)
    assert result.failed == 0, result.failures
    isolated = probe_report(probes)
    assert isolated and not any(look["wrote"] or look["connected"] or look["signalled"] for look in isolated), isolated
    assert sorted(path.name for path in folder.iterdir()) == sorted(f"written-{os.getpid()}-{n}" for n in (1, 2))
    line = protections_line(capsys.readouterr().err)
    assert line == protections(frozenset(SANDBOX_WORDS)) and "not had" not in line


def test_DX_4_the_protections_line_names_each_part_of_the_sandbox_not_had():
    line = protections(frozenset())
    if sys.platform.startswith("linux"):
        assert all(f"not had: {words}" in line for words in SANDBOX_WORDS.values())
    else:
        assert "no sandbox" in line


def test_every_test_the_trust_model_names_exists():
    """docs/architecture.md backs each claim of its trust model with a test by name: each must be there."""
    docs = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
    model = docs.read_text(encoding="utf-8").partition("## Trust model")[2].partition("\n## ")[0]
    named = re.findall(r"`(test_\w+\.py)::(\w+)`", model)
    assert len(named) >= 8
    for module, test in named:
        source = (Path(__file__).parent / module).read_text(encoding="utf-8")
        assert f"def {test}(" in source, f"{module}::{test} is named in the trust model but does not exist"
