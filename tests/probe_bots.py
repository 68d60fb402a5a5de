"""Probe bots: a plugin whose bots attack the referee as issue #25 did, and report what they reached.

Each probe plays the first legal action and appends one JSON line per look
to the file named by ``PROBE_REPORT``, so a test can read what it found in
process or isolated alike. Installed for child processes by
:func:`install_probes` (a ``roundhouse`` entry point naming this module).

``seed-probe`` inverts its decision generator as if it were the reversible
scramble of generator version 2 and re-deals each seed that gives: it
reports ``recovered`` when one of them deals its own hand. ``referee-probe``
opens the referee's descriptors (``/proc/<ppid>/fd/*``) and memory
(``/proc/<ppid>/mem``), the memory of the referee's other children (the
other bots), and reads the referee's command line.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from pathlib import Path

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


def _report(found: dict[str, object]) -> None:
    with open(os.environ["PROBE_REPORT"], "a", encoding="utf-8") as report:
        report.write(json.dumps(found) + "\n")


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
    for entry in Path("/proc").iterdir():
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
            try:
                command = (parent / "cmdline").read_bytes().split(b"\0")
            except OSError:
                command = []
            _report(
                {
                    "fd": any(_readable(path) for path in descriptors),
                    "mem": _readable(str(parent / "mem")),
                    "sibling_mem": any(_readable(f"/proc/{pid}/mem") for pid in _siblings()),
                    "seed_on_command_line": b"--seed" in command,
                }
            )
        return legal_actions[0]


@hookimpl
def roundhouse_register_bots(registry) -> None:
    registry.add_bot(SeedProbe())
    registry.add_bot(RefereeProbe())


def install_probes(site: Path, report: Path, monkeypatch) -> Path:
    """Install this module as a plugin for this and child processes; probes report to ``report``."""
    write_dist_info(site, "roundhouse-probes", "1.0", {"probes": "probe_bots"})
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", python_path(site, Path(__file__).parent))
    monkeypatch.setenv("PROBE_REPORT", str(report))
    return report


def probe_report(report: Path) -> list[dict[str, object]]:
    """Every look the probes reported, oldest first."""
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
