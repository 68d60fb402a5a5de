"""Console text from views and events: lines, owed doubles, opening order, events, commands."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import MappingProxyType

from console_helpers import new_session, run_console_once

import roundhouse.frontends.console
from roundhouse.core.game.actions import Draw, EndTurn, Pass, PlaceEngine, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, OwedDouble, PlayerView
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import CatalogError
from roundhouse.frontends.console.commands import VERBS, parse_command
from roundhouse.frontends.console.describe import describe_event
from roundhouse.frontends.console.setup_prompts import default_bot
from roundhouse.frontends.console.table import table_lines
from roundhouse.frontends.console.terminal import Terminal

NAMES = ("Ana", "Bo", "Cy")


def term() -> Terminal:
    return Terminal(io.StringIO(), io.StringIO(), "en")


def view(variant: str = "mexican-train", **changes) -> PlayerView:
    base = dict(
        variant=variant,
        seat=1,
        players=3,
        names=NAMES,
        round=2,
        rounds=13,
        phase="normal",
        to_move=1,
        hand=(Tile(1, 2), Tile(3, 11)),
        hand_counts=MappingProxyType({1: 2, 2: 5, 3: 7}),
        stock_count=40,
        centre=Tile(11, 11),
        lines=(
            LineView(1, 1, (Tile(11, 4), Tile(4, 4)), 4, False),
            LineView(2, 2, (), 11, True),
            LineView(3, 3, (Tile(11, 7),), 7, False),
            LineView("mexican", None, (Tile(11, 3), Tile(3, 3)), 3, True),
        ),
        owed=(OwedDouble(Tile(4, 4), 1), OwedDouble(Tile(3, 3), "mexican")),
        totals=MappingProxyType({1: 10, 2: 0, 3: 31}),
    )
    base.update(changes)
    return PlayerView(**base)


def test_table_shows_every_line_owner_end_and_marker_and_owed_doubles_in_order():
    text = "\n".join(table_lines(term(), view()))
    assert "Round 2 of 13" in text and "Engine: 11-11" in text
    assert "Ana's train: 11-4 4-4, end 4 (no marker)" in text
    assert "Bo's train: (none), end 11 (marker: open to everyone)" in text
    assert "the Mexican train: 11-3 3-3, end 3" in text
    assert "Owed doubles, oldest first: 4-4 on Ana's train, 3-3 on the Mexican train" in text
    assert "Tiles in hand: Ana 2, Bo 5, Cy 7" in text
    assert "Boneyard: 40 tiles" in text and "Totals: Ana 10, Bo 0, Cy 31" in text


def test_DB_8b_table_shows_the_opening_order_of_open_branches():
    lines = (
        LineView(1, 1, (), 9, True, 2),
        LineView(2, 2, (Tile(9, 5),), 5, True, 1),
        LineView(3, 3, (), 9, False),
    )
    text = "\n".join(
        table_lines(term(), view("double-nine-branch", lines=lines, owed=(), rounds=None, centre=Tile(9, 9)))
    )
    assert "Round 2 ==" in text and "Opening double: 9-9" in text
    assert "Ana's branch: (none), end 9 (open, number 2 in the opening order)" in text
    assert "Bo's branch: 9-5, end 5 (open, number 1 in the opening order)" in text
    assert "Cy's branch: (none), end 9 (closed)" in text
    assert "Boneyard" not in text


def test_events_are_sentences_and_hidden_draws_stay_hidden():
    t = term()
    draw = Event.make("draw", seat=2, tile=Tile(5, 6), why="play")
    assert describe_event(t, "mexican-train", NAMES, draw.visible_to(2)) == "Bo draws 5-6."
    assert describe_event(t, "mexican-train", NAMES, draw.visible_to(1)) == "Bo draws a tile."
    play = Event.make("play", seat=2, tile=Tile(5, 12), line="mexican", end=5)
    assert describe_event(t, "mexican-train", NAMES, play.public().to_record()) == (
        "Bo plays 5-12 on the Mexican train; its end is now 5."
    )
    passed = Event.make("pass", seat=3)
    assert describe_event(t, "mexican-train", NAMES, passed.to_record()) == "Cy passes; their train is marked."
    assert describe_event(t, "double-nine-branch", NAMES, passed.to_record()) == "Cy passes; their branch is open."
    end = Event.make("match_end", winners=[1, 3], totals={1: 5, 2: 9, 3: 5})
    assert "Ana, Cy" in describe_event(t, "mexican-train", NAMES, end.to_record())


def test_commands_and_aliases():
    v = view()
    legal = [Play(Tile(1, 2), "mexican"), Play(Tile(1, 2), 2), Play(Tile(3, 11), 2)]
    assert parse_command("3", v, legal).action == legal[2]
    assert parse_command("p 1-2 m", v, legal).action == legal[0]
    assert parse_command("play 3-11", v, legal).action == legal[2]
    assert parse_command("play 1-2", v, legal).kind == "error"  # two lines fit: say which
    assert parse_command("d", v, [Draw()]).action == Draw()
    assert parse_command("e", v, [EndTurn()]).action == EndTurn()
    assert parse_command("pass", v, [Pass()]).action == Pass()
    assert parse_command("engine", v, [PlaceEngine(Tile(12, 12))]).action == PlaceEngine(Tile(12, 12))
    for kind, aliases in VERBS.items():
        for alias in aliases:
            assert parse_command(alias.upper(), v, legal).kind == kind
    assert parse_command("", v, legal).kind == "empty"
    assert parse_command("0", v, legal).kind == "error"
    assert parse_command("²", v, legal).kind == "error"
    assert parse_command("play 1-x 2", v, legal).kind == "error"


def test_help_lists_every_command():
    session = new_session(seed=1)
    session.run_bots()
    output = run_console_once(session, ["help"])
    for word in (
        "play",
        "draw",
        "pass",
        "end",
        "hint",
        "undo",
        "redo",
        "restart",
        "new",
        "rules",
        "log",
        "scores",
        "quit",
    ):
        assert f"\n  {word}" in output


def test_missing_rule_text_is_reported_clearly(monkeypatch):
    def missing(*args, **kwargs):
        raise CatalogError("no rule text for 'mexican-train'")

    monkeypatch.setattr("roundhouse.frontends.console.game_commands.rules_text", missing)
    session = new_session(seed=1)
    session.run_bots()
    output = run_console_once(session, ["rules", ""])
    assert "The rules of Mexican Train are not available: no rule text" in output
    assert not session.paused


def test_every_console_string_exists_in_english():
    """Each key the console code names is in rules_text/ui/en.yaml (variant-suffixed keys have a default)."""
    catalog = term().catalog
    source = "".join(path.read_text() for path in Path(roundhouse.frontends.console.__file__).parent.glob("*.py"))
    keys = set(re.findall(r'"((?:console|common)\.[a-z_.]*[a-z_])"', source))
    missing = sorted(k for k in keys if not catalog.has(k) and not catalog.has(k + ".default"))
    assert len(keys) > 50 and not missing
    for base in ("console.centre", "console.line_owned", "log.pass"):
        for variant in ("mexican-train", "double-nine-branch"):
            assert catalog.has(f"{base}.{variant}")


class TtyOutput(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_DX_3_hiding_clears_a_terminal_and_its_scrollback_and_separates_a_pipe():
    tty = TtyOutput()
    Terminal(io.StringIO(), tty, "en").clear()
    assert tty.getvalue() == "\x1b[2J\x1b[3J\x1b[H"  # ESC[3J: scrolling up shows no earlier hand
    pipe = io.StringIO()
    Terminal(io.StringIO(), pipe, "en").clear()
    assert "\x1b" not in pipe.getvalue() and "(hands hidden)" in pipe.getvalue()


def test_default_bot_is_planner_else_the_first_installed():
    registry = Registry()
    assert default_bot(registry) is None
    registry.bots.update(random=object(), greedy=object())
    assert default_bot(registry) == "greedy"
    registry.bots["planner"] = object()
    assert default_bot(registry) == "planner"
