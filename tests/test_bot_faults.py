"""DX.4: a bot that raises, returns no legal action or takes too long cannot break a game.

In play the fallback bot (the planner) takes that seat for that decision and
the front ends warn; a resume replays the logged decision without asking the
bot; in ``simulate`` the match counts as failed, is listed in one line naming
the bot, the seed, the match number and the decision, and the run goes on.
"""

from __future__ import annotations

import re
import signal

import pytest
from console_helpers import console_game, script
from gui_helpers import pump
from misbehaving_bots import ANSWERS, FAULTS, SLOW_LIMIT, MisbehavingBot, NeverAskMe, registry_with

from roundhouse.core.cli.main import main
from roundhouse.core.game.actions import Play
from roundhouse.core.game.decision_random import decision_rng
from roundhouse.core.game.tiles import Tile
from roundhouse.core.play.bot_guard import BotFailure, StopRequested, legal_choice
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.manager import Plugins, get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.core.tournament.simulate import simulate

FAULT_LINE = re.compile(
    r"bot 'bad' failed in match (\d+) \(seed (\d+)\) at decision (\d+) \(seat (\d), round (\d+)\): (.+)$"
)


def table(bad_seat: int = 1, players: int = 3, humans: int = 0) -> list[Seat]:
    """``humans`` people first, the misbehaving bot at ``bad_seat``, random bots elsewhere."""
    seats = []
    for seat in range(1, players + 1):
        if seat <= humans:
            seats.append(Seat(f"Human {seat}"))
        else:
            seats.append(Seat(f"Bot {seat}", "bad" if seat == bad_seat else "random"))
    return seats


@pytest.mark.parametrize("kind", sorted(FAULTS))
def test_DX_4_the_planner_plays_the_decision_a_failing_bot_could_not(kind):
    registry = registry_with(MisbehavingBot(kind))
    session = make_session(registry, "mexican-train", table(), seed=5)
    session.bot_time_limit = SLOW_LIMIT
    session.run_bots()
    assert session.is_over, "the match went on after the failure"
    faults = session.take_bot_faults()
    assert len(faults) == 1 and session.take_bot_faults() == ()
    fault = faults[0]
    text = str(fault)
    match = FAULT_LINE.match(text.split("; ")[0])
    assert match and match.groups()[:2] == ("1", "5") and FAULTS[kind] in text, text
    assert text.endswith("; bot 'planner' played that decision instead") and "\n" not in text
    entry = session.log[fault.decision - 1]
    assert entry.seat == fault.seat == 1
    before = make_session(registry, "mexican-train", table(), seed=5)
    before.replay(session.log[: fault.decision - 1])
    planner = registry.bot("planner")
    rng = decision_rng(5, 1, 1, fault.decision - 1)
    assert entry.action == planner.choose(before.view(1), before.legal_actions(), rng)


def test_when_the_fallback_fails_too_the_first_legal_action_is_taken_and_said_so():
    registry = registry_with(MisbehavingBot("raises", at=1))
    session = make_session(registry, "mexican-train", table(), seed=5)
    session.fallback_bot = MisbehavingBot("none", at=1, bot_id="broken-planner")
    while not session.bot_faults:
        legal = session.legal_actions()
        session.step()
    (fault,) = session.take_bot_faults()
    assert str(fault).endswith("raised ValueError: boom; the first legal action was taken instead")
    assert session.log[-1].action == legal[0]


def test_a_bot_raising_KeyboardInterrupt_stops_the_program_where_it_can_mean_ctrl_c():
    session = make_session(registry_with(MisbehavingBot("interrupts")), "mexican-train", table(), seed=5)
    with pytest.raises(KeyboardInterrupt):
        session.run_bots()
    assert session.take_bot_faults() == ()


def test_with_ctrl_c_ignored_a_bots_interrupt_is_its_failure_but_kill_still_stops_the_program():
    """Started in the background, SIGINT is ignored: KeyboardInterrupt is then the bot's own, but not StopRequested."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        interrupted = make_session(registry_with(MisbehavingBot("interrupts")), "mexican-train", table(), seed=5)
        interrupted.run_bots()
        (fault,) = interrupted.take_bot_faults()
        assert "raised KeyboardInterrupt" in str(fault)
        killed = make_session(registry_with(MisbehavingBot("killed")), "mexican-train", table(), seed=5)
        with pytest.raises(StopRequested):
            killed.run_bots()
        assert killed.take_bot_faults() == ()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_DX_4_a_bot_s_answer_is_found_among_the_legal_actions_without_running_its_code():
    legal = (Play(Tile(1, 2), 1), Play(Tile(0, 0), 1))
    assert legal_choice(Play(Tile(0, 0), 1), legal) is legal[1]  # an equal action of plain values
    with pytest.raises(BotFailure, match="illegal action 'play 0-0 1'"):
        legal_choice(ANSWERS["bad_eq"](), legal)
    with pytest.raises(RuntimeError, match="no words"):  # under the guard, as ask_bot calls it
        legal_choice(ANSWERS["bad_str"](), legal)


@pytest.mark.parametrize(
    "kind, reason",
    [("exits", "raised SystemExit: 3"), ("interrupts", "raised KeyboardInterrupt"), ("dies", "worker process died")],
)
def test_simulate_counts_a_bot_that_ends_its_worker_as_a_failed_match_and_keeps_the_standings(kind, reason):
    registry = registry_with(MisbehavingBot(kind, at=40))
    result = simulate(registry, "mexican-train", ["bad", "random"], 4, seed=30, jobs=2)
    assert result.failed >= 1 and result.matches + result.failed == 4 and not result.interrupted
    assert all(reason in line for line in result.failures), result.failures


def test_a_resumed_match_never_asks_the_failed_bot_again(tmp_path):
    bot = MisbehavingBot("raises", at=2)
    store = Store.open(tmp_path)
    session = make_session(registry_with(bot), "mexican-train", table(bad_seat=2, humans=1), seed=8)
    store.attach(session)
    while not session.bot_faults:
        session.run_bots()
        session.decide(session.legal_actions()[0])
    session.run_bots()
    log = [entry.to_text() for entry in session.log]
    store.close()
    never = NeverAskMe()
    with Store.open(tmp_path) as reopened:
        resumed = reopened.resume(reopened.saved_match(), registry_with(never))
    assert [entry.to_text() for entry in resumed.log] == log
    assert never.calls == 0 and resumed.state.snapshot() == session.state.snapshot()


def test_console_warns_when_the_planner_takes_over():
    session = make_session(registry_with(MisbehavingBot("none", at=1)), "mexican-train", table(), seed=5)
    game, output = console_game(session, script([]))
    with pytest.raises(EOFError):
        game.run()
    warnings = [line for line in output.getvalue().splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1
    assert "bot 'bad' failed in match 1 (seed 5)" in warnings[0] and "returned None" in warnings[0]


def test_console_warns_in_the_players_language():
    session = make_session(registry_with(MisbehavingBot("raises", at=1)), "mexican-train", table(), seed=5)
    game, output = console_game(session, script([]), "pl")
    with pytest.raises(EOFError):
        game.run()
    prefix = ui_catalog("pl").t("console.warning", text="")
    warnings = [line for line in output.getvalue().splitlines() if line.startswith(prefix)]
    assert len(warnings) == 1, output.getvalue()
    assert "bot 'bad' zawiódł w partii 1 (ziarno 5)" in warnings[0]
    assert "zgłosił wyjątek ValueError: boom; tę decyzję podjął za niego bot 'planner'" in warnings[0]


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_counts_and_lists_failed_matches_and_goes_on(tmp_path, jobs):
    registry = registry_with(MisbehavingBot("raises", at=40))
    folder = tmp_path / "records"
    result = simulate(registry, "mexican-train", ["bad", "random"], 4, seed=30, record=f"{folder}/", jobs=jobs)
    # each worker process has its own copy of the bot, so count the failures the reports name
    failed = sorted(int(FAULT_LINE.match(line).group(1)) for line in result.failures)
    assert result.failed == len(failed) >= 1 and result.matches + result.failed == 4
    for line in result.failures:
        number, seed = (int(g) for g in FAULT_LINE.match(line).groups()[:2])
        assert seed == 30 + number - 1 and "raised ValueError: boom" in line
    files = sorted(p.name for p in folder.iterdir())
    assert files == [f"match-{k:05d}.jsonl" for k in range(1, 5) if k not in failed]


def test_cli_simulate_prints_each_failure_in_one_line_and_the_failed_count(monkeypatch, capsys):
    def plugins_with_bad_bot(*args, **kwargs) -> Plugins:
        plugins = get_plugin_manager(load_entry_points=False)
        plugins.registry.add_bot(MisbehavingBot("illegal", at=1))
        return plugins

    monkeypatch.setattr("roundhouse.core.cli.main.get_plugin_manager", plugins_with_bad_bot)
    argv = "simulate --variant mexican-train --players 2 --bots bad,random --matches 3 --seed 4 --jobs 1".split()
    assert main(argv) == 1  # a run with a failed match is a failed run
    out, err = capsys.readouterr()
    reports = [line for line in err.splitlines() if line.startswith("failed: ")]
    assert err.splitlines()[-1] == f"roundhouse simulate: error: {len(reports)} of 3 match(es) failed (listed above)"
    assert reports and all(FAULT_LINE.match(line.removeprefix("failed: ")) for line in reports)
    assert f"{len(reports)} failed match(es), not in the standings:" in out
    assert "3 matches in" in out


@pytest.mark.gui
def test_tk_window_warns_when_the_planner_takes_over(window, monkeypatch):  # noqa: F811 - fixture
    shown: list[str] = []
    monkeypatch.setattr(
        "roundhouse.frontends.tk.startup.messagebox.showwarning", lambda title, text, parent: shown.append(text)
    )
    registry = registry_with(MisbehavingBot("raises", at=1))
    session = make_session(registry, "mexican-train", table(), seed=5)
    window.set_session(session)
    assert pump(window.root, lambda: bool(shown), 20)
    assert len(shown) == 1 and FAULT_LINE.match(shown[0].split("; ")[0]) and "raised ValueError: boom" in shown[0]
    assert pump(window.root, lambda: window._screen is not None, 20), "the round went on to its end"
    assert any(entry.seat == 1 for entry in session.log), "the bad bot's seat was played"


@pytest.mark.gui
def test_tk_window_warns_in_the_players_language(window, monkeypatch):  # noqa: F811 - fixture
    shown: list[str] = []
    monkeypatch.setattr(
        "roundhouse.frontends.tk.startup.messagebox.showwarning", lambda title, text, parent: shown.append(text)
    )
    window.set_language("fr")
    session = make_session(registry_with(MisbehavingBot("none", at=1)), "mexican-train", table(), seed=5)
    window.set_session(session)
    assert pump(window.root, lambda: bool(shown), 20)
    assert len(shown) == 1 and shown[0].startswith("le bot 'bad' a échoué dans la partie 1 (graine 5)")
    assert shown[0].endswith("il a renvoyé None ; le bot 'planner' a pris cette décision à sa place")
