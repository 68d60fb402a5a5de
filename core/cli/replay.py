"""``roundhouse replay FILE``: a RECORD.md file's matches, checked and shown event by event.

At a terminal (standard input and output both) the frames are paged
(:mod:`roundhouse.core.cli.replay_pager`); otherwise the whole record is
printed as text, or with ``--json`` as JSON Lines
(:mod:`roundhouse.core.cli.replay_print`). The file is read one line at a
time and each match is checked against its variant's rules before any of it
is shown (:mod:`roundhouse.core.cli.replay_source`); frames are built as they
are shown (:mod:`roundhouse.core.cli.replay_frames`), so memory and the time
to the first frame do not depend on the record's size.

Exit status: 0 shown (also when the reader closes the pipe early), 2 a file
that cannot be read, or a malformed or disagreeing line: one line on
standard error names it. A match that stops before its end is shown as far
as it goes, with a warning on standard error.
"""

from __future__ import annotations

import argparse
import sys

from roundhouse.core.cli.replay_navigation import Navigator
from roundhouse.core.cli.replay_pager import page
from roundhouse.core.cli.replay_print import print_json, print_text
from roundhouse.core.cli.replay_source import Match, incomplete_note, open_record
from roundhouse.core.cli.store_commands import fail
from roundhouse.core.play.record import RecordError, printable
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.text.i18n import ui_catalog

JSON_HELP = (
    "print every frame as one JSON object per line: match, frame, frames, line, type, sentence, "
    "event (the record line), table (round, stock, centre, lines, hands, totals) and note "
    "(what an incomplete match lacks); long texts are cut"
)


def add_arguments(parser: argparse.ArgumentParser, lang_type: object, lang_help: str) -> None:
    """The ``replay`` command's arguments."""
    parser.add_argument("file", help="the record file to read (a pipe or /dev/stdin works too)")
    parser.add_argument("--json", action="store_true", help=JSON_HELP)
    parser.add_argument("--lang", type=lang_type, default=None, metavar="CODE", help=lang_help)


def command_replay(args: argparse.Namespace, plugins: Plugins) -> int:
    """Check and show the record ``args.file``: paged at a terminal, else printed whole."""
    catalog = ui_catalog(args.lang)

    def warn(match: Match) -> None:
        if not match.complete:
            print(printable(f"roundhouse replay: warning: {args.file}: {incomplete_note(match)}"), file=sys.stderr)

    try:
        with open_record(args.file, plugins.registry, warn) as matches:
            if args.json:
                print_json(matches, catalog, sys.stdout)
            elif sys.stdin.isatty() and sys.stdout.isatty():
                page(Navigator(matches, catalog), catalog, sys.stdin, sys.stdout)
            else:
                print_text(matches, catalog, sys.stdout)
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            raise  # the reader stopped early: the command line ends quietly
        return fail("replay", f"cannot read {args.file}: {error.strerror or error}", 2)
    except (RecordError, LookupError, TypeError, ValueError) as error:
        return fail("replay", f"{args.file}: {error}", 2)
    return 0
