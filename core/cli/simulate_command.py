"""``roundhouse simulate``: its run, its ledger and cluster options; and ``roundhouse standings``.

A run checks its arguments (UsageError, status 2), plays with a progress
bar on a terminal, and treats SIGTERM as Ctrl-C: the standings of the
finished matches, status 130. A ledger (``--ledger FILE``) keeps every finished match of a tournament
across runs; ``roundhouse standings FILE``, or ``simulate --ledger FILE
--report``, prints its standings without playing, by the code that prints
a run's. ``--cluster [ADDRESS]`` plays on Ray
(:mod:`roundhouse.core.tournament.cluster`).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import IO, Any

from roundhouse.core.cli.store_commands import fail
from roundhouse.core.cli.usage import UsageError
from roundhouse.core.play.bot_guard import StopRequested
from roundhouse.core.play.record import OutputRefused
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.tournament import cluster
from roundhouse.core.tournament.ledger import Ledger, LedgerError, definition
from roundhouse.core.tournament.simulate import (
    MatchOutcome,
    default_jobs,
    format_result,
    format_standings,
    simulate,
)

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


def command_simulate(args: argparse.Namespace, plugins: Plugins) -> int:
    """``roundhouse simulate``: bots play a tournament; its standings, status 130 when interrupted."""
    missing = missing_arguments(args)
    if missing is not None:
        return fail("simulate", missing, 2)
    if args.report:
        return report(args.ledger, "simulate")
    if args.cluster is not None and not cluster.available():
        raise UsageError(cluster.INSTALL_HINT)
    registry = plugins.registry
    if args.variant not in registry.variants:
        raise UsageError(registry.missing("variant", args.variant))
    variant = registry.variants[args.variant]
    if not variant.min_players <= args.players <= variant.max_players:
        raise UsageError(
            f"{variant.name} takes {variant.min_players} to {variant.max_players} players, not {args.players}"
        )
    bot_ids = [b.strip() for b in args.bots.split(",")]
    if len(bot_ids) == 1:
        bot_ids *= args.players
    if len(bot_ids) != args.players:
        raise UsageError(f"--bots needs one id or {args.players} ids, got {len(bot_ids)}")
    for bot_id in bot_ids:
        if bot_id not in registry.bots:
            raise UsageError(registry.missing("bot", bot_id))
    try:
        seed, ledger = seed_and_ledger(args, registry, bot_ids)
    except LedgerError as error:
        return _simulate_failed(str(error))
    jobs, capped = _jobs(args.jobs, args.matches)
    to_play = args.matches if ledger is None else len(ledger.missing())
    with _progress_bar(to_play) as progress, _terminated_as_interrupted(), ledger or nullcontext():

        def on_match(outcome: MatchOutcome) -> None:
            if outcome.failure is not None:
                progress.write(f"failed: {outcome.failure}", file=sys.stderr)
            progress.update()

        try:
            result = simulate(
                registry,
                args.variant,
                bot_ids,
                args.matches,
                seed,
                args.record,
                jobs,
                args.bot_time_limit,
                on_match,
                isolate=args.isolate_bots,
                overwrite=args.force,
                ledger=ledger,
                cluster=args.cluster,
            )
        except cluster.ClusterUnavailable as error:
            return _simulate_failed(str(error))
        except OutputRefused as error:
            raise UsageError(f"--record {error}") from None
        except FileExistsError:
            return _simulate_failed(f"--record {args.record} already {_holds(args.record)}; add --force to replace it")
        except OSError as error:  # the record cannot even be started: the path is the problem
            raise UsageError(f"cannot write the record {args.record}: {error.strerror or error}") from None
        except ValueError as error:
            raise UsageError(str(error)) from None
    where = f"{jobs} job(s){capped}" if args.cluster is None else runs_where(args.cluster)
    print(f"variant {args.variant}, {args.players} players, seed {seed}, {where}")
    format_result(result, sys.stdout)
    if result.record_error is not None:
        return _simulate_failed(result.record_error)
    if result.interrupted:
        return 130
    if result.failed:
        return _simulate_failed(f"{result.failed} of {result.requested} match(es) failed (listed above)")
    return 0


def _jobs(asked: int | None, matches: int) -> tuple[int, str]:
    """The worker processes to start, at most the cores and the matches, and a note when ``asked`` was cut."""
    cores = default_jobs()
    jobs = min(asked if asked is not None else cores, cores, matches)
    if asked is None or asked == jobs:
        return jobs, ""
    return jobs, f" (--jobs {asked} capped at {cores} core(s) and {matches} match(es))"


@contextmanager
def _terminated_as_interrupted() -> Iterator[None]:
    """SIGTERM (``kill``) stops the run as Ctrl-C does, so its clean-up runs: no hidden ``.part`` file is left.

    A forked worker inherits the handler; there the signal keeps its default
    meaning (its parent stops it so).
    """
    parent = os.getpid()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise StopRequested  # a bot playing in this process when it arrives has not failed

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave the signal alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _simulate_failed(message: str) -> int:
    """A run failure of ``simulate``: one line on standard error, status 1."""
    return fail("simulate", message, 1)


def _holds(record: str) -> str:
    return "holds records" if Path(record).is_dir() else "exists"


def _progress_bar(total: int) -> Any:
    """A progress bar of ``total`` matches on a terminal's stderr; elsewhere one that only prints failures.

    tqdm is imported only when a bar is shown (it is a noticeable share of a
    short run's start-up).
    """
    if not sys.stderr.isatty():
        return _Lines()
    from tqdm import tqdm

    return tqdm(total=total, unit="match", file=sys.stderr, dynamic_ncols=True)


class _Lines:
    """The progress of a run whose stderr is not a terminal: no bar, messages as lines."""

    def __enter__(self) -> _Lines:
        return self

    def __exit__(self, *exc_info: object) -> None:
        return None

    def write(self, text: str, file: Any) -> None:
        print(text, file=file)

    def update(self) -> None:
        """Nothing to show."""
