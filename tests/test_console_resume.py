"""Saved matches are never dropped silently (issue 16, item 2): the resume prompt names the
match, declining or asking for another table keeps it paused and resumable by id, and the
language is remembered."""

from __future__ import annotations

import pytest
from console_helpers import app, new_session, script

from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.store import PAUSED, PLAYING, Store
from roundhouse.frontends.console import ConsoleFrontend
from roundhouse.frontends.console.setup_prompts import ask_language
from roundhouse.frontends.console.terminal import Terminal


@pytest.fixture
def data_dir(tmp_path):
    """A data directory whose store holds one match in progress (#1, seed 9, one human decision)."""
    with Store.open(tmp_path) as store:
        session = new_session(seed=9)
        store.attach(session)
        session.run_bots()
        session.decide(session.legal_actions()[0])
        session.run_bots()
    return tmp_path


def play(data_dir, lines, **options):
    """Run the console front end on ``data_dir``'s store; (status, output, attached sessions)."""
    with Store.open(data_dir) as store:
        attached = []
        original = store.attach

        def attach(session):
            attached.append(session)
            original(session)

        store.attach = attach
        context, output = app(script(lines), PlayOptions(lang="en", **options), store)
        status = ConsoleFrontend().run(context)
    return status, output.getvalue(), attached


def statuses(data_dir):
    with Store.open(data_dir, exclusive=False) as store:
        rows = store._db.execute("SELECT id, status FROM matches ORDER BY id").fetchall()
    return dict(rows)


def test_resume_prompt_names_game_players_round_and_when(data_dir):
    status, out, attached = play(data_dir, ["", "quit"])
    assert status == 0
    assert "Resume the saved match #1: Mexican Train; Human 1, Bot 2, Bot 3, Bot 4; Round 1 of 13; saved " in out
    assert len(attached) == 1 and attached[0].log and attached[0].seed == 9
    assert statuses(data_dir) == {1: PLAYING}


def test_declining_resume_keeps_the_match_paused_and_play_resume_id_takes_it_up(data_dir):
    status, out, attached = play(data_dir, ["n", "quit"], seed=2)
    assert status == 0
    assert "Saved match #1 stays available: 'roundhouse play --resume 1'" in out
    assert attached[0].seed == 2
    assert statuses(data_dir) == {1: PAUSED, 2: PLAYING}
    with Store.open(data_dir, exclusive=False) as store:
        assert [(e.id, e.status) for e in store.history()] == [(1, PAUSED)]

    status, out, attached = play(data_dir, ["quit"], resume=1)
    assert status == 0 and "Resume the saved match" not in out
    assert attached[0].seed == 9 and attached[0].log
    assert "Saved match #2 stays available" in out  # the other unfinished match is kept too
    assert statuses(data_dir) == {1: PLAYING, 2: PAUSED}


def test_flags_for_another_table_start_a_new_match_and_say_the_saved_one_stays(data_dir):
    status, out, attached = play(data_dir, ["quit"], variant="double-nine-branch", players=3)
    assert status == 0 and "Resume the saved match" not in out
    assert "The options ask for another table than the saved match #1: Mexican Train" in out
    assert "Saved match #1 stays available" in out
    assert attached[0].variant.id == "double-nine-branch" and len(attached[0].seats) == 3
    assert statuses(data_dir)[1] == PAUSED


def test_flags_matching_the_saved_table_still_offer_it(data_dir):
    _, out, attached = play(data_dir, ["y", "quit"], variant="mexican-train", players=4)
    assert "Resume the saved match #1" in out and attached[0].seed == 9


def test_quit_says_honestly_whether_the_match_is_kept(data_dir):
    _, out, _ = play(data_dir, ["", "quit"])
    assert "Goodbye. This match is saved; 'roundhouse play' resumes it." in out
    context, output = app(script(["quit"]), PlayOptions(lang="en", seed=3), store=None)
    assert ConsoleFrontend().run(context) == 0
    assert "Goodbye. Saving is off, so this match is not kept." in output.getvalue()
    assert "is saved" not in output.getvalue()


def test_the_language_is_asked_once_then_remembered():
    import io

    out = io.StringIO()
    assert ask_language(Terminal(io.StringIO("pl\n"), out, "en"), PlayOptions()) == "pl"
    assert "Language" in out.getvalue()
    out = io.StringIO()
    assert ask_language(Terminal(io.StringIO(""), out, "en"), PlayOptions()) == "pl"  # no question: no input read
    assert out.getvalue() == ""
    assert ask_language(Terminal(io.StringIO(""), out, "en"), PlayOptions(lang="fr")) == "fr"  # a flag wins
