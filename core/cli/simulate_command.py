"""``roundhouse simulate``'s ledger and cluster options, and ``roundhouse standings``.

A ledger (``--ledger FILE``) keeps every finished match of a tournament
across runs; ``roundhouse standings FILE``, or ``simulate --ledger FILE
--report``, prints its standings without playing, by the code that prints
a run's. ``--cluster [ADDRESS]`` plays on Ray
(:mod:`roundhouse.core.tournament.cluster`).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import IO

from roundhouse.core.cli.store_commands import fail
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.tournament.ledger import Ledger, LedgerError, definition
from roundhouse.core.tournament.simulate import format_standings

DEFINITION_ARGUMENTS = (("variant", "--variant"), ("players", "--players"), ("bots", "--bots"))
"""The arguments a run needs, and their option strings; ``--report`` needs none of them."""


def add_tournament_arguments(sim: argparse.ArgumentParser) -> None:
    """``--ledger``, ``--report`` and ``--cluster``, for ``simulate``."""
    sim.add_argument(
        "--ledger",
        type=str,
        default=None,
        metavar="FILE",
        help="keep every finished match in this SQLite file; a run again plays only the matches it lacks",
    )
    sim.add_argument(
        "--report", action="store_true", help="with --ledger: print the ledger's standings without playing"
    )
    sim.add_argument(
        "--cluster",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play on Ray: a cluster's address (ray://HOST:PORT), else $RAY_ADDRESS, else a local Ray of --jobs CPUs",
    )


def add_standings_arguments(standings: argparse.ArgumentParser) -> None:
    """The one argument of ``standings``: the ledger file."""
    standings.add_argument("file", type=str, help="a ledger written by 'roundhouse simulate --ledger FILE'")


def missing_arguments(args: argparse.Namespace) -> str | None:
    """The argument parser's complaint about the run's required arguments left out, None when all are given.

    ``simulate --ledger FILE --report`` needs none; any other run all of them.
    """
    if args.report and args.ledger is not None:
        return None
    if args.report:
        return "--report needs --ledger FILE"
    missing = [option for name, option in DEFINITION_ARGUMENTS if getattr(args, name) is None]
    return f"the following arguments are required: {', '.join(missing)}" if missing else None


def seed_and_ledger(args: argparse.Namespace, registry: Registry, bot_ids: list[str]) -> tuple[int, Ledger | None]:
    """The run's first seed and, with ``--ledger``, its ledger, created or continued; LedgerError in one line.

    The seed is ``--seed``, else the ledger's own, else a fresh one.
    """
    seed = args.seed if args.seed is not None else _ledger_seed(args.ledger) if args.ledger else None
    if seed is None:
        from roundhouse.core.play.session import fresh_seed

        seed = fresh_seed()
    if args.ledger is None:
        return seed, None
    tournament = definition(args.variant, registry.variant(args.variant).default_params(), bot_ids, seed)
    return seed, Ledger(args.ledger, tournament, args.matches)


def _ledger_seed(path: str) -> int | None:
    """The first seed of the ledger at ``path``; None when there is none yet. LedgerError for a foreign file."""
    if not Path(path).is_file() or Path(path).stat().st_size == 0:
        return None
    with Ledger(path) as ledger:
        return int(ledger.definition["seed"])


def runs_where(address: str) -> str:
    """Where ``--cluster address`` plays, for the run's summary line."""
    return f"on Ray {address or os.environ.get('RAY_ADDRESS') or '(local)'}"


def print_standings(ledger: Ledger, out: IO[str]) -> None:
    """The ledger's tournament in one line, how many of its matches it holds, then its standings."""
    tournament = ledger.definition
    out.write(f"variant {tournament['variant']}, {tournament['players']} players, seed {tournament['seed']}\n")
    out.write(f"{len(ledger.numbers)} of {ledger.matches} matches in the ledger {ledger.path}\n")
    format_standings(ledger.standings(), out)


def command_standings(args: argparse.Namespace, plugins: Plugins) -> int:
    """``roundhouse standings FILE``: the ledger's standings, from the ledger alone."""
    return report(args.file, "standings")


def report(path: str, command: str) -> int:
    """Print the standings of the ledger at ``path``; a ledger that cannot be read is one line and status 1."""
    try:
        with Ledger(path) as ledger:
            print_standings(ledger, sys.stdout)
    except LedgerError as error:
        return fail(command, str(error), 1)
    return 0
