"""Probe bots: a plugin whose bots attack the referee as issue #25 did, and report what they reached.

Each probe plays the first legal action and appends one JSON line per look
to the file named by ``PROBE_REPORT``, so a test can read what it found in
process or isolated alike. The file is opened when the plugin registers its
bots, before an isolated bot's sandbox closes (a bot in its sandbox opens
no file for writing). Installed for child processes by
:func:`install_probes` (a ``roundhouse`` entry point naming this module).

``seed-probe`` inverts its decision generator as if it were the reversible
scramble of generator version 2 and re-deals each seed that gives: it
reports ``recovered`` when one of them deals its own hand. ``referee-probe``
opens the referee's descriptors (``/proc/<ppid>/fd/*``) and memory
(``/proc/<ppid>/mem``), the memory of the referee's other children (the
other bots), and reads the referee's command line; in a bot's process it also reads that
command line once while the plugin is imported. ``sandbox-probe`` tries to
write a file in the folder ``PROBE_FOLDER``, connect to the TCP port
``PROBE_PORT`` on this host, and signal the referee.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from plugin_helpers import python_path, write_dist_info

from roundhouse import hookimpl
from roundhouse.core.game.actions import Action
from roundhouse.core.game.views import PlayerView

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
PLIES_TRIED = 64
"""Decision positions the seed probe tries (its first decisions of a match come early)."""
LOOKS = 2
"""Decisions a probe looks at per process (each look is slow)."""


def _unmix(value: int) -> int:
    """The inverse of the SplitMix64 finalizer."""
    value ^= value >> 31 ^ value >> 62
    value = (value * 0x319642B2D24D8EC3) & _MASK
    value ^= value >> 27 ^ value >> 54
    value = (value * 0x96DE1B173F119089) & _MASK
    return value ^ value >> 30 ^ value >> 60


_REPORTS: dict[str, IO[str]] = {}


def _report_file() -> IO[str]:
    """The report file named by ``PROBE_REPORT``, opened once per process."""
    path = os.environ["PROBE_REPORT"]
    if path not in _REPORTS:
        _REPORTS[path] = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - kept open for the sandbox
    return _REPORTS[path]


def _report(found: dict[str, object]) -> None:
    _report_file().write(json.dumps(found) + "\n")


def seeds_behind(rng: random.Random, seat: int, match_number: int = 1) -> list[int]:
    """The seeds that would give ``rng`` as seat ``seat``'s generator at an early decision, were it version 2."""
    state = rng.getstate()
    if not (isinstance(state, tuple) and len(state) == 3 and isinstance(state[1], int)):
        return []
    mixed = _unmix(state[1])
    return [_unmix((mixed - (seat << 32) - ply - (match_number << 40)) & _MASK) ^ _GOLDEN for ply in range(PLIES_TRIED)]


def deals_hand(seed: int, view: PlayerView, variant_id: str) -> bool:
    """True when dealing round 1 from ``seed`` gives (nearly all of) the tiles now in the seat's hand."""
    from roundhouse.core.plugins.manager import get_plugin_manager

    variant = get_plugin_manager().registry.variant(variant_id)
    names = [str(n) for n in range(1, view.players + 1)]
    state = variant.new_match(view.players, seed, variant.default_params(), names)
    state.start()
    dealt = set(state.view(view.seat).hand)
    return len(set(view.hand) - dealt) <= 2


class SeedProbe:
    """Tries to recover the match seed from its generator and re-deal the match (route 1 of #25)."""

    id = "seed-probe"
    description = "inverts its generator to find the seed"
    looks = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if SeedProbe.looks < LOOKS and view.round == 1:
            SeedProbe.looks += 1
            candidates = seeds_behind(rng, view.seat)
            _report({"recovered": any(deals_hand(seed, view, "mexican-train") for seed in candidates)})
        return legal_actions[0]


def _readable(path: str) -> bool:
    """True when ``path`` opens for reading (and, for ``mem``, that opening is all it takes)."""
    try:
        with open(path, "rb", buffering=0):
            return True
    except OSError:
        return False


def _siblings() -> list[int]:
    """The other children of this process's parent: the referee's other bots."""
    found = []
    try:
        entries = list(Path("/proc").iterdir())
    except OSError:  # a sandbox that hides /proc
        return found
    for entry in entries:
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                parent = (entry / "stat").read_text().rpartition(")")[2].split()[1]
            except OSError:
                continue
            if int(parent) == os.getppid():
                found.append(int(entry.name))
    return found


class RefereeProbe:
    """Tries to reach the referee through ``/proc`` (route 2 of #25)."""

    id = "referee-probe"
    description = "opens the referee's descriptors and memory"
    looks = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if RefereeProbe.looks < LOOKS:
            RefereeProbe.looks += 1
            parent = Path(f"/proc/{os.getppid()}")
            try:
                descriptors = [str(entry) for entry in (parent / "fd").iterdir()]
            except OSError:
                descriptors = []
            command = _command_line_of_parent()
            _report(
                {
                    "fd": any(_readable(path) for path in descriptors),
                    "mem": _readable(str(parent / "mem")),
                    "sibling_mem": any(_readable(f"/proc/{pid}/mem") for pid in _siblings()),
                    "seed_on_command_line": b"--seed" in command,
                }
            )
        return legal_actions[0]


def _command_line_of_parent() -> list[bytes]:
    try:
        return Path(f"/proc/{os.getppid()}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def _tried(attempt) -> bool:
    """True when ``attempt()`` succeeds."""
    try:
        attempt()
    except OSError:
        return False
    return True


class SandboxProbe:
    """Tries to write a file, reach the network and signal the referee."""

    id = "sandbox-probe"
    description = "writes a file, connects to a port and signals the referee"
    looks = 0

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if SandboxProbe.looks < LOOKS:
            SandboxProbe.looks += 1
            target = Path(os.environ["PROBE_FOLDER"]) / f"written-{os.getpid()}-{SandboxProbe.looks}"
            address = ("127.0.0.1", int(os.environ["PROBE_PORT"]))
            _report(
                {
                    "wrote": _tried(lambda: target.write_text("seen")),
                    "connected": _tried(lambda: socket.create_connection(address, timeout=2).close()),
                    "signalled": _tried(lambda: os.kill(os.getppid(), 0)),
                }
            )
        return legal_actions[0]


@hookimpl
def roundhouse_register_bots(registry) -> None:
    registry.add_bot(SeedProbe())
    registry.add_bot(RefereeProbe())
    registry.add_bot(SandboxProbe())
    if "PROBE_REPORT" in os.environ and multiprocessing.parent_process() is not None:
        _report({"at_import": True, "seed_on_command_line": b"--seed" in _command_line_of_parent()})


def install_probes(site: Path, report: Path, monkeypatch) -> Path:
    """Install this module as a plugin for this and child processes; probes report to ``report``."""
    write_dist_info(site, "roundhouse-probes", "1.0", {"probes": "probe_bots"})
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", python_path(site, Path(__file__).parent))
    monkeypatch.setenv("PROBE_REPORT", str(report))
    return report


def probe_report(report: Path) -> list[dict[str, object]]:
    """Every look the probes reported while deciding, oldest first."""
    return [look for look in probe_looks(report) if "at_import" not in look]


def probe_looks(report: Path) -> list[dict[str, object]]:
    """Every look the probes reported, those made while the plugin was imported too."""
    if not report.exists():
        return []
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
