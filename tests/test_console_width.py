"""Console text fitted to the terminal's width (console issue #26, finding 3), below the terminal.

Wrapping never breaks a tile or a name, help lines hang under their
command column, tables fit 80 columns, and the recap of moves that scrolled
away names public facts only.
"""

from __future__ import annotations

import io
import os
import re

import pytest
from console_helpers import ScriptedInput, new_session, plugins, script

from roundhouse.core.cli.main import main
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.store import Store
from roundhouse.frontends.console.game import ConsoleGame
from roundhouse.frontends.console.game_commands import help_lines
from roundhouse.frontends.console.history_view import history_rows
from roundhouse.frontends.console.recap import moves_since, recap_text
from roundhouse.frontends.console.table import scores_lines
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.console.wrap import MIN_WIDTH, fit, names_within, unglue

TEN = ["Player 1", *(f"Computer {n}" for n in range(2, 11))]
TILE = re.compile(r"\d+-\d+")


def screen_term(columns: int, lines: int = 24, lang: str = "en") -> Terminal:
    return Terminal(io.StringIO(), io.StringIO(), lang, os.terminal_size((columns, lines)))


def tiles_of(rows: list[str]) -> list[str]:
    return [tile for row in rows for tile in TILE.findall(row)]


def test_fit_breaks_between_words_never_inside_a_tile_or_a_name():
    text = "Tiles in hand: " + ", ".join(f"{name} 8" for name in TEN) + "; on the table 12-12 10-10 11-11 12-1."
    for width in (40, 50, 61, 80):
        rows = fit(text, width, TEN)
        assert all(len(row) <= width for row in rows)
        assert " ".join(row.strip() for row in rows) == text  # nothing lost, only blanks became breaks
        assert tiles_of(rows) == TILE.findall(text)
        for name in TEN:  # each name with its count stands whole on one row
            assert sum(f"{name} 8" in row for row in rows) == 1


def test_fit_hangs_wrapped_rows_under_the_first_and_keeps_a_prompts_trailing_blank():
    rows = fit("  Computer 10's train: " + " ".join(["12-10"] * 20) + ", end 10", 60, TEN)
    assert rows[0].startswith("  Computer 10's") and all(row.startswith("    ") for row in rows[1:])
    prompt = fit("Computer 10, your move (number, command or help): ", 40, TEN)
    assert prompt[-1].endswith(": ") and all(len(row) <= 40 for row in prompt)


def test_fit_without_a_width_or_below_the_minimum():
    text = "x " * 100
    assert fit(text, None) == [text]
    assert all(len(row) <= MIN_WIDTH for row in fit(text, 10))


def test_help_puts_commands_in_a_column_and_hangs_descriptions_beside_it():
    for width in (60, 80):
        rows = help_lines(screen_term(width), ["play", "draw", "pass"], ", ".join(map(str, range(1, 11))))
        assert all(len(row) <= width for row in rows)
        start = rows[1].index("take the move")
        for row, below in zip(rows[1:], rows[2:], strict=False):
            assert len(row) > start and row[start - 1] == " "
            if below.startswith(" " * start):  # a description's own next row starts under it
                assert below[start] != " "


@pytest.mark.parametrize("lang", ["en", "pt", "pl", "fr", "id"])
def test_help_fits_60_columns_in_every_language_and_no_row_starts_with_a_mark(lang):
    rows = help_lines(screen_term(60, lang=lang), ["play", "draw", "pass", "end"], "1, 2, 3, mexican")
    assert all(len(row) <= 60 for row in rows)
    assert not [row for row in rows if re.match(r"\s*[;:!?»]", row)]


@pytest.mark.parametrize("width", [40, 60, 80])
def test_scores_of_ten_players_over_thirteen_rounds_fit_the_width(width):
    ends = [{"round": r, "points": {str(s): (s * 37 * r) % 140 for s in range(1, 11)}} for r in range(1, 14)]
    totals = {s: sum(e["points"][str(s)] for e in ends) for s in range(1, 11)}
    rows = scores_lines(screen_term(width), TEN, ends, totals)
    assert all(len(row) <= width for row in rows)
    for seat, name in enumerate(TEN, 1):  # a row per player, its name whole, its total last
        assert any(row.startswith(name + " ") and row.endswith(f" {totals[seat]}") for row in rows)


def test_names_within_keeps_whole_names_then_an_ellipsis():
    assert names_within(TEN, 200) == ", ".join(TEN)
    assert names_within(TEN, 30) == "Player 1, Computer 2, …"
    assert names_within(["A very long name indeed"], 10) == "A very lo…"


@pytest.fixture
def ten_player_history(tmp_path):
    """A store whose history holds a finished ten-player match (one round) and a paused one."""
    registry = plugins().registry
    store = Store.open(tmp_path)
    seats = [Seat(name, "random") for name in TEN]
    params = {**registry.variant("mexican-train").default_params(), "rounds": 1}
    finished = make_session(registry, "mexican-train", seats, 3, params)
    store.attach(finished)
    finished.run_bots()
    paused = make_session(registry, "mexican-train", seats, 4, params)
    store.attach(paused)
    paused.step()
    store.pause(store.saved_match().id)
    yield store
    store.close()


def test_DX_11_console_history_rows_of_ten_players_fit_80_columns(ten_player_history):
    term = screen_term(80)
    rows = history_rows(term, plugins().registry, ten_player_history.history())
    assert all(len(row) <= 80 for row in rows)
    firsts = [row for row in rows if row.startswith("  #")]
    assert len(firsts) == 2 and all("Player 1, " in row and "…" in row for row in firsts)


def test_DX_11_history_command_table_of_ten_players_fits_80_columns(ten_player_history, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["history", "--data-dir", str(ten_player_history.directory)]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["1"], ["2"])]
    assert len(rows) == 2 and "(paused)" in " ".join(rows[1]) and "--resume ID" in out


def test_the_recap_names_only_public_tiles_and_every_seat_that_moved():
    """Drawn tiles stay hidden: every tile in the recap was laid on the table in a public event."""
    session = new_session(players=10, bot="random", seed=11)
    session.run_bots()
    for _ in range(3):  # a few human turns, then the computers' replies
        session.preview(session.legal_actions()[0])
        session.confirm()
        session.run_bots()
    events = session.record.events
    moves = moves_since(events, 0, 1, session.view(1).owed)
    text = unglue(recap_text(screen_term(80).catalog, [s.name for s in session.seats], moves))
    laid = {str(e.visible_to(None)["tile"]) for e in events if e.type in ("play", "engine", "open")}
    assert set(TILE.findall(text.split(":", 1)[1])) <= laid
    assert any(e.type == "draw" for e in events)  # there were hidden tiles to keep hidden
    lines = [e.visible_to(None) for e in events if e.type in ("play", "draw", "pass")]
    movers = {line["seat"] for line in lines if line["seat"] != 1}
    assert all(f"Bot {seat}:" in text for seat in movers)


def test_the_recap_shows_above_the_prompt_only_when_the_moves_do_not_fit():
    for lines, shown in ((24, True), (200, False)):
        session = new_session(players=10, bot="random", seed=5)
        output = io.StringIO()
        term = Terminal(ScriptedInput(output, script(["", "quit"])), output, "en", os.terminal_size((80, lines)))
        try:
            ConsoleGame(term, session).run()
        except EOFError:
            pass
        before_prompts = [part.rsplit("\n", 1)[0] for part in output.getvalue().split("your move")[:-1]]
        assert ("Since your last turn:" in before_prompts[-1].split("Your moves:")[-1]) is shown
