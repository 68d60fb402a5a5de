"""End to end: the real ``python -m roundhouse replay FILE`` at a terminal (issue 26, finding 5).

Paged at a pseudo-terminal: one-line key help, then each key moves as the
help says; a bad key re-prompts with one clear line.
"""

from __future__ import annotations

import sys

import pytest
from test_console_pty import PtyProcess, environment

from roundhouse.core.play.record import dumps_line
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.text.i18n import ui_catalog

pytest.importorskip("termios", reason="pseudo-terminals are POSIX only")


@pytest.fixture(scope="module")
def lines():
    """The record of a finished two-round, three-player Mexican Train match between bots."""
    registry = get_plugin_manager(load_entry_points=False).registry
    params = {**registry.variant("mexican-train").default_params(), "rounds": 2}
    seats = [Seat("Ana", "random"), Seat("Bo", "random"), Seat("Cy", "random")]
    session = make_session(registry, "mexican-train", seats, 5, params)
    session.run_bots()
    return session.record.lines()


def start(tmp_path, lines, *options: str) -> PtyProcess:
    path = tmp_path / "match.jsonl"
    path.write_text("".join(dumps_line(line) + "\n" for line in lines), encoding="utf-8")
    return PtyProcess([sys.executable, "-m", "roundhouse", "replay", str(path), *options], environment(tmp_path))


def test_the_keys_at_a_terminal(tmp_path, lines):
    english = ui_catalog("en")
    prompt = english.t("replay_prompt")
    count = len(lines)
    second_deal = [i for i, line in enumerate(lines) if line["type"] == "deal"][1]
    child = start(tmp_path, lines)
    assert english.t("replay_keys") in child.expect(prompt)
    steps = [
        ("", f"[2/{count}] Round 1 is dealt"),
        ("10", f"[12/{count}]"),
        ("-5", f"[7/{count}]"),
        ("r", f"[{second_deal + 1}/{count}] Round 2 is dealt"),
        ("p", f"[2/{count}] Round 1 is dealt"),
        ("/cy", "] Cy "),
        ("e", f"[{count}/{count}] The match is over"),
        ("n", english.t("replay_at_end")),
        ("g", f"[1/{count}] Match of mexican-train"),
        ("b", english.t("replay_at_start")),
        ("jump", english.t("replay_unknown_key", answer="jump")),
        ("?", "next move by a player whose name contains Ana"),
    ]
    for key, seen in steps:
        child.send(key)
        assert seen in child.expect(prompt), key
    child.send("q")
    assert child.wait() == 0


def test_the_pager_in_french(tmp_path, lines):
    french = ui_catalog("fr")
    child = start(tmp_path, lines, "--lang", "fr")
    assert french.t("replay_keys") in child.expect(french.t("replay_prompt"))
    child.send("/personne")
    assert french.t("replay_search_none", name="personne") in child.expect(french.t("replay_prompt"))
    child.send("q")
    assert child.wait() == 0
