"""The ``roundhouse`` command line (DESIGN.md, fixed).

Bad arguments exit with status 2 and a one-line reason.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from core.frontend import AppContext, PlayOptions
from core.i18n import CatalogError
from core.plugins import Plugins, get_plugin_manager
from core.registry import DuplicateIdError
from core.simulate import format_result, simulate
from core.store import StoreBusy
from core.store_cli import command_export, command_history, command_replay, open_play_store


class UsageError(Exception):
    """A command-line argument that is well-formed but not acceptable (exit 2)."""


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", type=Path, help="where saves and history live (or ROUNDHOUSE_DATA_DIR)")
    parser = argparse.ArgumentParser(
        prog="roundhouse", description="Domino train games: Mexican Train and Double-Nine Branch.", parents=[common]
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", parents=[common], help="play a match (the default command)")
    _add_play_arguments(play)

    sim = sub.add_parser("simulate", parents=[common], help="bots play each other headlessly")
    sim.add_argument("--variant", required=True, help="variant id, e.g. mexican-train")
    sim.add_argument("--players", type=_positive, required=True, help="number of seats")
    sim.add_argument("--bots", required=True, help="one bot id for every seat, or one per seat, comma-separated")
    sim.add_argument("--matches", type=_positive, default=1, help="how many matches (default 1)")
    sim.add_argument("--seed", type=_seed, default=None, help="seed of the first match (default: fresh)")
    sim.add_argument("--record", type=str, help="write RECORD.md files: a directory (one per match) or one file")
    sim.add_argument("--jobs", type=_positive, default=1, help="worker processes")

    sub.add_parser("plugins", parents=[common], help="list variants, bots and front ends, and where they come from")

    rules = sub.add_parser("rules", parents=[common], help="print the rules of a game")
    rules.add_argument("--variant", default="mexican-train")
    rules.add_argument("--lang", default=None)

    sub.add_parser("history", parents=[common], help="list finished matches")
    export = sub.add_parser("export", parents=[common], help="write a saved match as a RECORD.md file")
    export.add_argument("id", help="match id from 'roundhouse history'")
    export.add_argument("file", type=Path)
    export.add_argument("--force", action="store_true", help="replace the file if it exists")
    replay = sub.add_parser("replay", parents=[common], help="step through a RECORD.md file in the console")
    replay.add_argument("file", type=Path)
    return parser


def _add_play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument("--ui", default=None, help="front end: tk, console or a plugin's id (default: tk with a display)")
    play.add_argument("--variant", default=None)
    play.add_argument("--players", type=_positive, default=None)
    play.add_argument("--humans", type=int, default=None)
    play.add_argument("--bot", default=None, help="bot id for the computer seats (default planner)")
    play.add_argument("--seed", type=_seed, default=None)
    play.add_argument("--lang", default=None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    _replace_unencodable_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.data_dir is None and os.environ.get("ROUNDHOUSE_DATA_DIR"):
        args.data_dir = Path(os.environ["ROUNDHOUSE_DATA_DIR"])
    command = args.command or "play"
    if args.command is None:
        args = parser.parse_args(["play", *(argv if argv is not None else sys.argv[1:])])
    try:
        plugins = get_plugin_manager()
    except DuplicateIdError as error:
        print(f"roundhouse: error: {error}; uninstall one of them", file=sys.stderr)
        return 1
    for line in plugins.errors():
        print(f"warning: {line}", file=sys.stderr)
    try:
        return COMMANDS[command](args, plugins)
    except UsageError as error:
        print(f"roundhouse {command}: error: {error}", file=sys.stderr)
        return 2
    except CatalogError as error:  # a damaged installation: say which file
        print(f"roundhouse {command}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _replace_unencodable_output() -> None:
    """Print what the terminal's encoding cannot show as ``?`` rather than fail (``PYTHONIOENCODING=ascii``)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


def _command_simulate(args: argparse.Namespace, plugins: Plugins) -> int:
    registry = plugins.registry
    if args.variant not in registry.variants:
        raise UsageError(f"unknown variant {args.variant!r} (known: {', '.join(sorted(registry.variants))})")
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
            raise UsageError(f"unknown bot {bot_id!r} (known: {', '.join(sorted(registry.bots))})")
    from core.session import fresh_seed

    seed = args.seed if args.seed is not None else fresh_seed()
    try:
        result = simulate(registry, args.variant, bot_ids, args.matches, seed, args.record, args.jobs)
    except OSError as error:
        raise UsageError(f"cannot write the record {args.record}: {error}") from None
    print(f"variant {args.variant}, {args.players} players, seed {seed}, {args.jobs} job(s)")
    format_result(result, sys.stdout)
    return 0


def _command_plugins(args: argparse.Namespace, plugins: Plugins) -> int:
    registry = plugins.registry
    rows = [("kind", "id", "plugin", "package", "version")]
    for kind, table in (("variant", registry.variants), ("bot", registry.bots), ("frontend", registry.frontends)):
        for item_id in sorted(table):
            owner = registry.owners[(kind, item_id)]
            info = registry.plugins.get(owner)
            package, version = (info.package, info.version) if info else ("?", "?")
            rows.append((kind, item_id, owner, package, version))
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  " + row[4])
    for line in plugins.errors():
        print(f"broken    {line}")
    return 0


def _command_play(args: argparse.Namespace, plugins: Plugins) -> int:
    registry = plugins.registry
    options = PlayOptions(
        variant=args.variant,
        players=args.players,
        humans=args.humans,
        bot=args.bot,
        seed=args.seed,
        lang=args.lang,
        data_dir=args.data_dir,
    )
    if options.variant is not None and options.variant not in registry.variants:
        raise UsageError(f"unknown variant {options.variant!r} (known: {', '.join(sorted(registry.variants))})")
    if options.bot is not None and options.bot not in registry.bots:
        raise UsageError(f"unknown bot {options.bot!r} (known: {', '.join(sorted(registry.bots))})")
    ui = args.ui
    if ui is None:
        tk = registry.frontends.get("tk")
        ui = "tk" if tk is not None and tk.available() else "console"
    if ui not in registry.frontends:
        raise UsageError(
            f"front end {ui!r} is not available (found: {', '.join(sorted(registry.frontends)) or 'none'})"
        )
    frontend = registry.frontends[ui]
    if not frontend.available():
        raise UsageError(f"front end {ui!r} cannot run here (for the window, a display is needed)")
    try:
        store = open_play_store(args.data_dir)
    except StoreBusy as error:
        print(f"roundhouse play: error: {error}", file=sys.stderr)
        return 1
    try:
        return frontend.run(AppContext(plugins, options, sys.stdin, sys.stdout, store=store))
    finally:
        if store is not None:
            store.close()


def _command_rules(args: argparse.Namespace, plugins: Plugins) -> int:
    """Print a game's rule text (a third-party variant's comes from its ``rules_text_package``)."""
    from core.i18n import CatalogError, has_rules_text, language_code, rules_text

    try:
        lang = language_code(args.lang) if args.lang is not None else None
    except ValueError as error:
        raise UsageError(str(error)) from None
    variant = plugins.registry.variants.get(args.variant)
    package = variant.rules_text_package if variant is not None else None
    if not has_rules_text(args.variant, package):
        known = sorted(plugins.registry.variants)
        raise UsageError(f"no rules for variant {args.variant!r} (known: {', '.join(known) or 'none'})")
    try:
        text = rules_text(args.variant, lang, package).as_text()
    except CatalogError as error:
        print(f"roundhouse rules: error: {error}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0


COMMANDS = {
    "play": _command_play,
    "simulate": _command_simulate,
    "plugins": _command_plugins,
    "rules": _command_rules,
    "history": command_history,
    "export": command_export,
    "replay": command_replay,
}
