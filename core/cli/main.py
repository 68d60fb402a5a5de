"""The ``roundhouse`` command line (DESIGN.md, fixed).

Every bad argument is one line on standard error and exit status 2, before
any prompt: the parser's own complaints (no usage block; usage only with
``--help``) and every value checked up front (languages, ids, the player and
human counts against the variant, an explicit ``--data-dir``). ``--data-dir``
may come before or after the subcommand. A reader that closes the pipe
early (``roundhouse rules | head -2``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from roundhouse.core.cli.replay import add_arguments as add_replay_arguments
from roundhouse.core.cli.replay import command_replay
from roundhouse.core.cli.simulate_command import (
    add_standings_arguments,
    add_tournament_arguments,
    command_simulate,
    command_standings,
)
from roundhouse.core.cli.store_commands import (
    command_export,
    command_history,
    fail,
    open_play_store,
    warn,
)
from roundhouse.core.cli.usage import UsageError
from roundhouse.core.game.params import ParamError
from roundhouse.core.play.bot_guard import DEFAULT_TIME_LIMIT
from roundhouse.core.play.setup import SetupError, check_table, house_options_line
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.plugins.manager import Plugins, get_plugin_manager
from roundhouse.core.store import ENV_DATA_DIR, Store, StoreBusy, StoreError, make_data_directory
from roundhouse.core.text.i18n import LANGUAGES, CatalogError, language_code


class ArgumentError(Exception):
    """The parser refused the command line; ``prog`` names the (sub)command."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, without the usage block."""

    def error(self, message: str) -> NoReturn:
        raise ArgumentError(self.prog, message)


class _VersionAction(argparse.Action):
    """``--version``: the installed distribution's version, read only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> NoReturn:
        from importlib.metadata import version

        print(f"roundhouse {version('roundhouse')} (Python {sys.version.split()[0]})")
        parser.exit()


LANG_HELP = f"language of the text: {', '.join(LANGUAGES)} (default: the system language)"


LARGEST = 2**63 - 1
"""The largest number an argument may be (the store's integers, and far beyond any real count)."""


def _whole_number(low: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to :data:`LARGEST`."""

    def parse(text: str) -> int:
        value = _integer(text, f"invalid number {text!r}: give a whole number, at least {low}")
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    return parse


def _integer(text: str, complaint: str) -> int:
    """``text`` as a whole number of at most :data:`LARGEST` in size; ArgumentTypeError ``complaint`` otherwise."""
    try:
        value = int(text) if len(text) <= 40 else None
    except ValueError:
        value = None
    if value is None:
        raise argparse.ArgumentTypeError(complaint)
    if abs(value) > LARGEST:
        raise argparse.ArgumentTypeError(f"{text} is too large (at most {LARGEST})")
    return value


_positive = _whole_number(1)
_count = _whole_number(0)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, got {text!r}")
    return value


def _seed(text: str) -> int:
    return _integer(text, f"a seed is a whole number, got {text!r}")


def _directory(text: str) -> Path:
    """An argument type: a directory path, never the empty string (which would mean the current directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a directory, not an empty name")
    return Path(text)


def _language(text: str) -> str:
    try:
        return language_code(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _data_dir_argument(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--data-dir",
        type=_directory,
        default=default,
        metavar="DIR",
        help=f"where saves and history live (default: ${ENV_DATA_DIR}, else the user data directory); "
        f"preferences stay in ${ENV_CONFIG_DIR}, else the user config directory",
    )


ENV_CONFIG_DIR = "ROUNDHOUSE_CONFIG_DIR"
"""The variable that moves the preferences (the console's language, the window's settings)."""

CONFIG_EPILOG = (
    f"Saves and history live in --data-dir, else ${ENV_DATA_DIR}, else the user data directory. "
    f"Preferences (the remembered language, the window's settings) live apart, in ${ENV_CONFIG_DIR}, "
    "else the user config directory (~/.config/roundhouse on Linux): --data-dir does not move them."
)

COMMAND_NAMES = ("play", "simulate", "standings", "plugins", "rules", "history", "export", "replay")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(
        prog="roundhouse",
        description="Domino train games: Mexican Train and Double-Nine Branch. Without a command: play.",
        epilog=CONFIG_EPILOG,
    )
    _data_dir_argument(parser, None)
    parser.add_argument("--version", action=_VersionAction, help="print the installed version and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        child = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        _data_dir_argument(child, argparse.SUPPRESS)  # given before the command, it stays
        return child

    _add_play_arguments(command("play", "play a match (the default command)"))

    sim = command("simulate", "bots play each other headlessly")
    sim.add_argument("--variant", help="variant id, e.g. mexican-train (required unless --report)")
    sim.add_argument("--players", type=_positive, help="number of seats (required unless --report)")
    sim.add_argument(
        "--bots", help="one bot id for every seat, or one per seat, comma-separated (required unless --report)"
    )
    sim.add_argument("--matches", type=_positive, default=1, help="how many matches (default 1)")
    sim.add_argument("--seed", type=_seed, default=None, help="seed of the first match (default: fresh)")
    sim.add_argument(
        "--record", type=str, help="write match records: a directory (one .jsonl per match) or one file (- for output)"
    )
    sim.add_argument("--force", action="store_true", help="replace the record file, or a directory's earlier records")
    sim.add_argument("--jobs", type=_positive, default=None, help="worker processes (default: one per core)")
    sim.add_argument(
        "--bot-time-limit",
        type=_seconds,
        default=DEFAULT_TIME_LIMIT,
        help=f"seconds a bot may take per decision before its match counts as failed (default {DEFAULT_TIME_LIMIT:g})",
    )
    sim.add_argument(
        "--isolate-bots",
        action="store_true",
        help="run each bot in its own process that sees only its views (a result that can be trusted)",
    )
    add_tournament_arguments(sim)
    add_standings_arguments(command("standings", "print the standings of a tournament's ledger"))

    command("plugins", "list variants, bots and front ends, and where they come from")

    rules = command("rules", "print the rules of a game")
    rules.add_argument("--variant", default="mexican-train", metavar="ID", help="game id (default mexican-train)")
    rules.add_argument("--lang", type=_language, default=None, metavar="CODE", help=LANG_HELP)

    history = command("history", "list saved matches, or show one match's public log")
    history.add_argument(
        "id", nargs="?", default=None, help="match id: show that match's log (the match in progress too, so far)"
    )
    history.add_argument("--lang", type=_language, default=None, metavar="CODE", help=LANG_HELP)
    export = command("export", "write an ended match as a match record (.jsonl)")
    export.add_argument("id", help="match id from 'roundhouse history'")
    export.add_argument("file", type=str, help="the match record file (.jsonl) to write; - for standard output")
    export.add_argument("--force", action="store_true", help="replace the file if it exists")
    replay = command("replay", "step through a match record (.jsonl): paged at a terminal, else printed whole")
    add_replay_arguments(replay, _language, LANG_HELP)
    return parser


def _add_play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument(
        "--ui", default=None, metavar="ID", help="front end: tk, console or a plugin's id (default: tk with a display)"
    )
    play.add_argument("--variant", default=None, metavar="ID", help="game id, e.g. double-nine-branch")
    play.add_argument("--players", type=_positive, default=None, metavar="N", help="number of seats (default 4)")
    play.add_argument("--humans", type=_count, default=None, metavar="K", help="human seats, seated first (default 1)")
    play.add_argument("--bot", default=None, metavar="ID", help="bot id for the computer seats (default planner)")
    play.add_argument("--seed", type=_seed, default=None, metavar="N", help="seed for a reproducible match")
    play.add_argument("--lang", type=_language, default=None, metavar="CODE", help=LANG_HELP)
    play.add_argument(
        "--resume",
        type=_positive,
        default=None,
        metavar="ID",
        help="resume the saved match ID (see 'history') at its own table: not with --variant, --players, "
        "--humans, --bot or --seed",
    )


def _with_command(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """``argv`` with ``play`` put first when no command is named (``roundhouse --lang en``).

    The command is the first word that is neither an option nor an option's
    value (``roundhouse --data-dir plugins`` names no command). ArgumentError
    for a first such word that is not a command.
    """
    if any(arg in ("-h", "--help", "--version") for arg in argv):
        return argv
    taking_values = _options_with_values(parser)
    words = iter(argv)
    for word in words:
        if word == "--":
            break
        if word.startswith("-"):
            if word in taking_values:
                next(words, None)
            continue
        if word not in COMMAND_NAMES:
            raise ArgumentError("roundhouse", f"unknown command {word!r} (commands: {', '.join(COMMAND_NAMES)})")
        return argv
    return ["play", *argv]


def _options_with_values(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string of ``parser`` and its commands that takes a value."""
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                found |= _options_with_values(child)
        elif action.option_strings and action.nargs != 0:
            found.update(action.option_strings)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    _replace_unencodable_output()
    try:
        status = _main(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader stopped early (``| head``): nothing more to say to it.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def main_window() -> int:
    """The window's own entry point (a GUI script: no console window opens beside it on Windows).

    The same as ``roundhouse play --ui tk`` with any further arguments.
    """
    return main(["play", "--ui", "tk", *sys.argv[1:]])


def _main(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(_with_command(parser, argv))
    except ArgumentError as error:
        return fail(error.prog.removeprefix("roundhouse").strip(), str(error), 2)
    explicit_dir = args.data_dir is not None
    if args.data_dir is None and os.environ.get(ENV_DATA_DIR):
        args.data_dir = Path(os.environ[ENV_DATA_DIR])
    command = args.command
    plugins = get_plugin_manager()
    for line in plugins.errors() + plugins.warnings():
        warn(line)
    try:
        if explicit_dir:
            _check_data_dir(args.data_dir, writable=command in WRITING_COMMANDS)
        return COMMANDS[command](args, plugins)
    except UsageError as error:
        return fail(command, str(error), 2)
    except CatalogError as error:  # a damaged installation: say which file
        return fail(command, str(error), 1)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


WRITING_COMMANDS = ("play",)
"""The command that saves into the data directory; the others only read it (a read-only one will do)."""


def _check_data_dir(path: Path, writable: bool) -> None:
    """An explicit ``--data-dir`` must be a directory Roundhouse can create, and write when ``writable``.

    A command that only reads never creates one: a mistyped name is an error, not a new empty directory.
    """
    if not writable and path.is_dir():
        return
    if not writable and not (path.exists() or path.is_symlink()):
        raise UsageError(f"--data-dir {path}: no such directory")
    try:
        make_data_directory(path)
    except OSError as error:
        raise UsageError(f"--data-dir {path}: cannot use it: {error.strerror or error}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"--data-dir {path}: the directory is not writable")


def _replace_unencodable_output() -> None:
    """Print what the terminal's encoding cannot show as ``?`` rather than fail (``PYTHONIOENCODING=ascii``)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")


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
    for line in plugins.warnings():
        print(f"duplicate {line}")
    return 0


TABLE_OPTIONS = ("variant", "players", "humans", "bot", "seed")
"""The ``play`` options that choose the table: a resumed match keeps the table it was saved with."""


def _command_play(args: argparse.Namespace, plugins: Plugins) -> int:
    registry = plugins.registry
    if args.resume is not None and (
        given := [f"--{name}" for name in TABLE_OPTIONS if getattr(args, name) is not None]
    ):
        raise UsageError(f"--resume {args.resume} plays the saved match at its own table; leave out {', '.join(given)}")
    for kind, item_id in (("variant", args.variant), ("bot", args.bot)):
        if (kind, item_id) in registry.dropped:
            raise UsageError(registry.missing(kind, item_id))
    try:
        check_table(registry, args.variant, args.players, args.humans, args.bot)
    except SetupError as error:
        raise UsageError(str(error)) from None
    options = PlayOptions(
        variant=args.variant,
        players=args.players,
        humans=args.humans,
        bot=args.bot,
        seed=args.seed,
        lang=args.lang,
        data_dir=args.data_dir,
        resume=args.resume,
    )
    ui = args.ui
    if ui is None:
        tk = registry.frontends.get("tk")
        ui = "tk" if tk is not None and tk.available() else "console"
        if lacking := _lacking(tk):
            print(f"roundhouse: {lacking}; using the console.", file=sys.stderr)
    if ui not in registry.frontends:
        raise UsageError(registry.missing("frontend", ui))
    frontend = registry.frontends[ui]
    if not frontend.available():
        unavailable = f"front end {ui!r} cannot run here (for the window, a display is needed)"
        raise UsageError(_lacking(frontend) or unavailable)
    try:
        store = open_play_store(args.data_dir)
    except StoreBusy as error:
        return fail("play", str(error), 1)
    if options.resume is not None:
        _check_resumable(store, options.resume)
    try:
        return frontend.run(AppContext(plugins, options, sys.stdin, sys.stdout, store=store))
    finally:
        if store is not None:
            store.close()


def _lacking(frontend: object) -> str | None:
    """What this Python lacks for ``frontend`` (its optional ``lacking()``, as the window has), or None."""
    lacking = getattr(frontend, "lacking", None)
    return lacking() if lacking is not None else None


def _check_resumable(store: object, match_id: int) -> None:
    """``--resume ID`` needs saving on and an unfinished match ID in the store (UsageError)."""
    if store is None:
        raise UsageError(f"--resume {match_id}: saving is off, so there is no saved match to resume")
    if store.saved_match(match_id) is None:  # type: ignore[attr-defined]
        store.close()  # type: ignore[attr-defined]
        raise UsageError(f"--resume {match_id}: no unfinished match {match_id} (see 'roundhouse history')")


def _command_rules(args: argparse.Namespace, plugins: Plugins) -> int:
    """Print a game's rule text, paged on a terminal (a plugin's text comes from its ``rules_text_package``)."""
    from roundhouse.core.text.i18n import CatalogError, has_rules_text, rules_text, ui_catalog

    lang = args.lang
    variant = plugins.registry.variants.get(args.variant)
    if variant is None and ("variant", args.variant) in plugins.registry.dropped:
        raise UsageError(plugins.registry.missing("variant", args.variant))
    package = variant.rules_text_package if variant is not None else None
    if not has_rules_text(args.variant, package):
        known = sorted(plugins.registry.variants)
        raise UsageError(f"no rules for variant {args.variant!r} (known: {', '.join(known) or 'none'})")
    try:
        text = rules_text(args.variant, lang, package).as_text()
        house = house_options_line(ui_catalog(lang), variant, _default_params(variant))
        text += f"\n{house}\n" if house else ""
    except CatalogError as error:
        return fail("rules", str(error), 1)
    if sys.stdout.isatty():
        _page(text)
    else:
        sys.stdout.write(text)
    return 0


def _page(text: str) -> None:
    """Show ``text`` a screenful at a time: through $PAGER or less, like man pages; on Windows, Python's own pager.

    Windows' ``more`` shows text in the console's code page, which garbles
    letters such as Polish ones; Python's pager writes through the console's
    own Unicode output instead.
    """
    import pydoc  # only when paging: a noticeable share of the start-up

    if sys.platform == "win32":
        pydoc.ttypager(text)
    else:
        pydoc.pager(text)


def _default_params(variant: object) -> dict:
    """A variant's own parameters; empty when it has none or they cannot be read (reported elsewhere)."""
    try:
        return getattr(variant, "default_params", dict)()
    except ParamError:
        return {}


def _command_history(args: argparse.Namespace, plugins: Plugins) -> int:
    """The saved matches, or with an id the public log of one of them (the console's sentences)."""
    if args.id is None:
        return command_history(args, plugins)
    show = getattr(plugins.registry.frontends.get("console"), "print_past", None)
    if show is None:
        raise UsageError("showing one match needs the console front end, which is not installed")
    try:
        store = Store.open(args.data_dir, exclusive=False)
    except StoreError as error:
        return fail("history", str(error), 1)
    with store:
        try:
            show(store, args.id, plugins.registry, sys.stdout, args.lang)
        except LookupError as error:
            raise UsageError(str(error)) from None
        except StoreError as error:
            return fail("history", str(error), 1)
    return 0


COMMANDS = {
    "play": _command_play,
    "simulate": command_simulate,
    "standings": command_standings,
    "plugins": _command_plugins,
    "rules": _command_rules,
    "history": _command_history,
    "export": command_export,
    "replay": command_replay,
}
