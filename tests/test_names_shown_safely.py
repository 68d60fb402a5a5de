"""Issue 25.8 (names): a stored name reaches the terminal without its control characters, and the
console setup refuses a typed name that holds any."""

from __future__ import annotations

from console_helpers import app, script
from test_console import RecordingStore

from roundhouse.core.cli.main import main
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.frontends.console import ConsoleFrontend

HOSTILE = "Eve\x1b[2J\x1b]0;owned\x07\u202e"


def test_history_shows_a_stored_name_without_its_control_characters(capsys, tmp_path):
    registry = get_plugin_manager(load_entry_points=False).registry
    with Store.open(tmp_path) as store:
        params = {**registry.variant("mexican-train").default_params(), "rounds": 1}
        session = make_session(registry, "mexican-train", [Seat(HOSTILE, "random"), Seat("Bo", "random")], 2, params)
        store.attach(session)
        session.run_bots()
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Eve[2J]0;owned" in out and "\x1b" not in out and "\x07" not in out and "\u202e" not in out


def test_setup_refuses_a_name_with_control_characters(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    answers = ["en", "2", "2", "", HOSTILE, "Ana", "random", "", "42", "quit"]
    context, output = app(script(answers), PlayOptions())
    sessions = []
    context.store = RecordingStore(None, sessions)
    assert ConsoleFrontend().run(context) == 0
    assert [s.name for s in sessions[0].seats][0] == "Ana"
    assert "A name cannot hold control characters" in output.getvalue()
