"""A tournament's ledger (``simulate --ledger FILE``, ``roundhouse standings FILE``): it outlives a run."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from misbehaving_bots import MisbehavingBot, registry_with
from test_cli_simulate import run

from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.tournament.ledger import APPLICATION_ID, Ledger, definition
from roundhouse.core.tournament.simulate import format_standings, simulate

VARIANT = "double-nine-branch"
BOTS = ["greedy", "random", "random"]
TABLE = ["--variant", VARIANT, "--players", "3", "--bots", ",".join(BOTS)]


@pytest.fixture(scope="module")
def registry():
    return get_plugin_manager().registry


def opened(registry, path, matches, seed=7, bots=BOTS) -> Ledger:
    """The ledger at ``path`` for the test tournament of ``matches`` matches."""
    params = registry.variant(VARIANT).default_params()
    return Ledger(path, definition(VARIANT, params, bots, seed), matches)


def standings_text(result) -> str:
    out = io.StringIO()
    format_standings(result, out)
    return out.getvalue()


def standings_block(output: str) -> list[str]:
    """The lines of printed standings: from the table's heading on."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("seats rotate"))
    return lines[start:]


def test_a_ledger_grown_over_two_runs_equals_one_run_of_the_sum(registry, tmp_path):
    path = tmp_path / "t.ledger"
    with opened(registry, path, 5) as ledger:
        first = simulate(registry, VARIANT, BOTS, 5, 7, ledger=ledger)
    assert first.matches + first.failed == 5 and first.earlier == 0
    with opened(registry, path, 12) as ledger:
        assert ledger.missing() == list(range(5, 12))
        played: list[int] = []
        grown = simulate(registry, VARIANT, BOTS, 12, 7, jobs=2, ledger=ledger, on_match=lambda o: played.append(o.k))
        assert played == list(range(5, 12)), "only the matches the ledger lacked are played"
        from_ledger = ledger.standings()
    whole = simulate(registry, VARIANT, BOTS, 12, 7)
    assert grown.earlier == 5 and grown.matches + grown.failed == 12
    assert standings_text(grown) == standings_text(whole) == standings_text(from_ledger)
    assert from_ledger.bot_stats() == whole.bot_stats()


def test_standings_from_the_ledger_alone_are_those_simulate_printed(tmp_path, capsys):
    path = str(tmp_path / "t.ledger")
    status, out, _ = run(["simulate", *TABLE, "--matches", "6", "--seed", "3", "--ledger", path], capsys)
    assert status == 0
    status, report, err = run(["standings", path], capsys)
    assert status == 0 and err == ""
    assert standings_block(report) == standings_block(out)
    assert "6 of 6 matches in the ledger" in report
    status, again, _ = run(["simulate", "--ledger", path, "--report"], capsys)
    assert status == 0 and again == report


def test_running_the_same_command_again_plays_nothing_and_grows_with_more_matches(tmp_path, capsys):
    path = str(tmp_path / "t.ledger")
    command = ["simulate", *TABLE, "--seed", "11", "--ledger", path, "--jobs", "1"]
    run([*command, "--matches", "4"], capsys)
    status, out, _ = run([*command, "--matches", "4"], capsys)
    assert status == 0 and "0 matches in" in out and "4 earlier match(es) from the ledger" in out
    status, out, _ = run([*command, "--matches", "7"], capsys)
    assert status == 0 and "3 matches in" in out and "4 earlier match(es) from the ledger" in out
    status, whole, _ = run(["simulate", *TABLE, "--seed", "11", "--matches", "7", "--jobs", "1"], capsys)
    assert standings_block(out) == standings_block(whole)


def test_without_a_seed_a_ledger_goes_on_with_its_own(tmp_path, capsys):
    path = str(tmp_path / "t.ledger")
    run(["simulate", *TABLE, "--matches", "2", "--seed", "21", "--ledger", path], capsys)
    status, out, err = run(["simulate", *TABLE, "--matches", "3", "--ledger", path], capsys)
    assert status == 0, err
    assert "seed 21" in out and "2 earlier match(es)" in out


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (["--seed", "8"], "seed 7 there, 8 here"),
        (["--bots", "random,random,greedy"], 'bots ["greedy", "random", "random"] there'),
        (["--variant", "mexican-train"], "variant double-nine-branch there, mexican-train here"),
    ],
)
def test_a_ledger_of_another_tournament_is_refused_in_one_line_and_left_alone(tmp_path, capsys, change, words):
    path = tmp_path / "t.ledger"
    run(["simulate", *TABLE, "--matches", "2", "--seed", "7", "--ledger", str(path)], capsys)
    before = path.read_bytes()
    argv = ["simulate", *TABLE, "--matches", "2", "--seed", "7", "--ledger", str(path)]
    for option, value in zip(change[::2], change[1::2], strict=True):
        argv[argv.index(option) + 1] = value
    status, out, err = run(argv, capsys)
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"roundhouse simulate: error: the ledger {path} holds another")
    assert words in err
    assert path.read_bytes() == before


def test_fewer_matches_than_the_ledger_holds_are_refused(tmp_path, capsys):
    path = str(tmp_path / "t.ledger")
    run(["simulate", *TABLE, "--matches", "3", "--seed", "7", "--ledger", path], capsys)
    status, _, err = run(["simulate", *TABLE, "--matches", "2", "--seed", "7", "--ledger", path], capsys)
    assert status == 1 and err.count("\n") == 1 and "may grow it, not shrink it" in err


def foreign_sqlite(path, application_id: int) -> None:
    connection = sqlite3.connect(path)
    connection.execute(f"PRAGMA application_id = {application_id}")
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_text("my thesis, chapter one\n" * 10), "is not a ledger (not SQLite)"),
        (lambda p: foreign_sqlite(p, 0x12345678), "another program's SQLite database (application id 0x12345678)"),
        (lambda p: foreign_sqlite(p, 0), "another program's SQLite database (application id 0x00000000)"),
        (lambda p: foreign_sqlite(p, 0x524E4448), "is a Roundhouse save database, not a ledger"),
    ],
)
def test_a_file_that_is_not_a_ledger_is_refused_in_one_line_and_left_untouched(tmp_path, capsys, make, words):
    path = tmp_path / "precious.db"
    make(path)
    before = path.read_bytes()
    for argv, command in (
        (["simulate", *TABLE, "--matches", "1", "--seed", "1", "--ledger", str(path)], "simulate"),
        (["standings", str(path)], "standings"),
    ):
        status, _, err = run(argv, capsys)
        assert status == 1 and err.count("\n") == 1, err
        assert err.startswith(f"roundhouse {command}: error: {path} ") and words in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.db"], "no journal or WAL file beside it"


def test_a_ledger_says_it_is_one_and_standings_of_no_ledger_is_one_line(tmp_path, capsys):
    path = tmp_path / "t.ledger"
    run(["simulate", *TABLE, "--matches", "1", "--seed", "1", "--ledger", str(path)], capsys)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()
    status, _, err = run(["standings", str(tmp_path / "nothing.ledger")], capsys)
    assert status == 1 and err.count("\n") == 1 and "no ledger" in err
    status, _, err = run(["simulate", "--report"], capsys)
    assert status == 2 and err == "roundhouse simulate: error: --report needs --ledger FILE\n"


def test_failed_matches_are_kept_and_reported_as_simulate_reported_them(tmp_path):
    registry = registry_with(MisbehavingBot("raises", at=30))
    path = tmp_path / "t.ledger"
    params = registry.variant("mexican-train").default_params()
    with Ledger(path, definition("mexican-train", params, ["bad", "random"], 30), 4) as ledger:
        played = simulate(registry, "mexican-train", ["bad", "random"], 4, 30, ledger=ledger)
    assert played.failed >= 1
    with Ledger(path) as ledger:
        again = ledger.standings()
    assert again.failures == played.failures and again.failed == played.failed
    assert standings_text(again) == standings_text(played)


def test_an_interrupted_run_keeps_every_finished_match_and_the_next_run_completes_it(registry, tmp_path):
    path = tmp_path / "t.ledger"
    seen: list[int] = []

    def stop_after_three(outcome) -> None:
        seen.append(outcome.k)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with opened(registry, path, 8) as ledger:
        stopped = simulate(registry, VARIANT, BOTS, 8, 7, ledger=ledger, on_match=stop_after_three)
    assert stopped.interrupted
    with Ledger(path) as ledger:
        assert ledger.numbers == {0, 1, 2}
    with opened(registry, path, 8) as ledger:
        simulate(registry, VARIANT, BOTS, 8, 7, ledger=ledger)
        grown = ledger.standings()
    assert standings_text(grown) == standings_text(simulate(registry, VARIANT, BOTS, 8, 7))


def test_a_killed_run_keeps_every_match_it_finished(registry, tmp_path):
    """SIGKILL while matches are being added: each finished match is in the ledger, whole, and a run again goes on."""
    path = tmp_path / "t.ledger"
    argv = ["simulate", *TABLE, "--matches", "5000", "--seed", "7", "--ledger", str(path), "--jobs", "1"]
    child = subprocess.Popen(
        [sys.executable, "-m", "roundhouse", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None and ledger_rows(path) < 5:
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    with Ledger(path):  # known as a ledger before any other connection checkpoints its write-ahead log
        pass
    kept = ledger_rows(path)
    assert 5 <= kept < 5000, "killed in the middle of the run"
    with Ledger(path) as ledger:
        assert ledger.numbers == set(range(kept)) and ledger.missing()[0] == kept
        assert standings_text(ledger.standings()) == standings_text(simulate(registry, VARIANT, BOTS, kept, 7))
    with opened(registry, path, 5000) as ledger:
        assert ledger.missing() == list(range(kept, 5000)), "a run again plays only the rest"


def ledger_rows(path) -> int:
    """The matches a ledger holds, read by another connection (0 before it has its table)."""
    if not os.path.exists(path):
        return 0
    try:
        connection = sqlite3.connect(path, timeout=5)
        try:
            return connection.execute("SELECT count(*) FROM matches").fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error:
        return 0


def test_ctrl_c_while_a_match_is_being_kept_leaves_the_ledger_and_the_standings_alike(registry, tmp_path, monkeypatch):
    """The signal arrives just after the ledger took match 2: the printed standings count it too, and no more."""
    real_add = Ledger.add

    def add_then_ctrl_c(self, outcome) -> None:
        real_add(self, outcome)
        if outcome.k == 2:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(Ledger, "add", add_then_ctrl_c)
    with opened(registry, tmp_path / "t.ledger", 6) as ledger:
        stopped = simulate(registry, VARIANT, BOTS, 6, 7, ledger=ledger)
        assert stopped.interrupted and ledger.numbers == {0, 1, 2}
        assert stopped.matches + stopped.failed == 3
        assert standings_text(stopped) == standings_text(ledger.standings())


def test_the_expert_tables_in_the_bots_guide_are_what_their_ledgers_say():
    """docs/bots.md quotes each ledger in benchmarks/results/: its expert's win rate and interval (issue 28)."""
    root = Path(__file__).resolve().parent.parent
    guide = (root / "docs" / "bots.md").read_text(encoding="utf-8").splitlines()
    ledgers = sorted((root / "benchmarks" / "results").glob("*.ledger"))
    assert len(ledgers) == 4
    for path in ledgers:
        with Ledger(path) as ledger:
            expert = ledger.standings().bot_stats()["expert"]
            done = f"{len(ledger.numbers)} of {ledger.matches}"
        low, high = expert.win_interval()
        [row] = [line.replace("**", "") for line in guide if f"`{path.name}`" in line]
        assert done in row and f"{100 * expert.win_rate:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)" in row, path.name
