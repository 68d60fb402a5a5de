"""``simulate --cluster``: the same tournament on a local Ray of two workers as on ``--jobs 2``.

Ray is an optional extra (``roundhouse[cluster]``): where it is not
installed (the wheel's test runs) this module is skipped; the README's test
command installs it, and there every test here runs.
"""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is the optional extra roundhouse[cluster]")

from test_ledger import ledger_rows  # noqa: E402

from roundhouse.core.cli.main import main  # noqa: E402
from roundhouse.core.game.actions import Action  # noqa: E402
from roundhouse.core.game.views import PlayerView  # noqa: E402
from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402
from roundhouse.core.tournament.cluster import init_keeping_handlers  # noqa: E402
from roundhouse.core.tournament.ledger import Ledger, definition  # noqa: E402
from roundhouse.core.tournament.simulate import format_standings, simulate  # noqa: E402

VARIANT = "mexican-train"
BOTS = ["greedy", "random", "random", "planner"]


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    """One local Ray of two CPUs for the module; its workers can import this folder's modules."""
    tests = str(Path(__file__).parent)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [tests, before]))
    try:
        init_keeping_handlers(ray, num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
    yield
    ray.shutdown()


@pytest.fixture
def registry():
    return get_plugin_manager(load_entry_points=False).registry


def standings_text(result) -> str:
    out = io.StringIO()
    format_standings(result, out)
    return out.getvalue()


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def test_ray_gives_the_standings_and_records_of_two_local_jobs(registry, tmp_path):
    local = simulate(registry, VARIANT, BOTS, 24, 5, record=f"{tmp_path}/local/", jobs=2)
    clustered = simulate(registry, VARIANT, BOTS, 24, 5, record=f"{tmp_path}/ray/", jobs=2, cluster="")
    assert clustered.matches == local.matches == 24 and clustered.retried == 0
    assert standings_text(clustered) == standings_text(local)
    assert files(tmp_path / "ray") == files(tmp_path / "local") and len(files(tmp_path / "ray")) == 24
    one = simulate(registry, VARIANT, BOTS, 24, 5, record=tmp_path / "ray.jsonl", cluster="")
    simulate(registry, VARIANT, BOTS, 24, 5, record=tmp_path / "local.jsonl", jobs=2)
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert standings_text(one) == standings_text(local)


class CrashOnce:
    """Plays random legal moves, but the first decision any process asks of it ends that process."""

    description = "ends its worker process once"
    reads_view = False

    def __init__(self, marker: Path) -> None:
        self.id = "crash-once"
        self.marker = str(marker)

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return legal_actions[rng.randrange(len(legal_actions))]
        os._exit(1)


def test_a_lost_worker_s_batch_is_played_again_and_counted_once(registry, tmp_path):
    marker = tmp_path / "crashed"
    registry.add_bot(CrashOnce(marker))
    bots = ["crash-once", "random", "greedy"]
    clustered = simulate(registry, VARIANT, bots, 12, 9, record=f"{tmp_path}/ray/", cluster="")
    assert marker.exists(), "a worker process was lost"
    assert clustered.retried == 1 and clustered.failed == 0
    assert clustered.matches == 12, "each match counted once"
    local = simulate(registry, VARIANT, bots, 12, 9, record=f"{tmp_path}/local/", jobs=2)
    assert standings_text(clustered) == standings_text(local)
    assert files(tmp_path / "ray") == files(tmp_path / "local")
    out = io.StringIO()
    from roundhouse.core.tournament.simulate import format_result

    format_result(clustered, out)
    assert "1 batch(es) of matches played again after losing a worker or a node" in out.getvalue()


def test_ctrl_c_on_the_cluster_keeps_the_standings_of_the_matches_finished(registry):
    seen: list[int] = []

    def stop_after_five(outcome) -> None:
        seen.append(outcome.k)
        if len(seen) == 5:
            raise KeyboardInterrupt

    stopped = simulate(registry, VARIANT, BOTS, 200, 3, cluster="", on_match=stop_after_five)
    assert stopped.interrupted and seen == [0, 1, 2, 3, 4]
    assert stopped.matches == 5
    assert standings_text(stopped) == standings_text(simulate(registry, VARIANT, BOTS, 5, 3))


def test_a_ledger_grows_on_the_cluster_as_it_does_locally(registry, tmp_path):
    params = registry.variant(VARIANT).default_params()
    path = tmp_path / "t.ledger"
    for matches, cluster in ((6, None), (14, "")):
        with Ledger(path, definition(VARIANT, params, BOTS, 2), matches) as ledger:
            grown = simulate(registry, VARIANT, BOTS, matches, 2, jobs=2, ledger=ledger, cluster=cluster)
    assert grown.earlier == 6
    assert standings_text(grown) == standings_text(simulate(registry, VARIANT, BOTS, 14, 2, jobs=2))


def test_isolated_bots_hold_on_the_cluster(registry):
    isolated = simulate(registry, VARIANT, ["random", "greedy"], 2, 4, cluster="", isolate=True)
    assert isolated.matches == 2 and isolated.failed == 0
    assert standings_text(isolated) == standings_text(simulate(registry, VARIANT, ["random", "greedy"], 2, 4))


def test_the_command_line_prints_the_standings_of_two_jobs(capsys):
    table = ["simulate", "--variant", VARIANT, "--players", "4", "--bots", ",".join(BOTS), "--matches", "8"]
    assert main([*table, "--seed", "6", "--cluster"]) == 0
    clustered = capsys.readouterr().out
    assert main([*table, "--seed", "6", "--jobs", "2"]) == 0
    local = capsys.readouterr().out
    assert "seed 6, on Ray (local)" in clustered.splitlines()[0]
    assert clustered.splitlines()[2:] == local.splitlines()[2:]


def test_ctrl_c_at_the_terminal_prints_the_partial_standings_and_stops_ray(tmp_path):
    """SIGINT to the whole process group, as a terminal sends it, Ray's processes included: exit 130, none left."""
    path = tmp_path / "t.ledger"
    argv = ["simulate", "--variant", VARIANT, "--players", "4", "--bots", "random", "--matches", "20000"]
    argv += ["--seed", "1", "--cluster", "--jobs", "2", "--ledger", str(path)]
    child = subprocess.Popen(
        [sys.executable, "-m", "roundhouse", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and child.poll() is None and ledger_rows(path) < 5:
            time.sleep(0.1)
    finally:
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=120)
    assert child.returncode == 130, err
    lines = out.splitlines()
    assert lines[0].endswith("on Ray (local)")
    played = int(lines[1].split()[4])
    assert lines[1] == f"interrupted: standings of the {played} of 20000 matches played" and played >= 5
    with Ledger(path) as ledger:
        assert ledger.numbers == set(range(played))
        expected = io.StringIO()
        format_standings(ledger.standings(), expected)
    assert "\n".join(lines[3:]) + "\n" == expected.getvalue()
    deadline = time.monotonic() + 60
    while _session(child.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _session(child.pid) == [], "the local Ray the run started is stopped"


def _session(session: int) -> list[int]:
    """The processes still running in the session ``session``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getsid(int(entry)) == session and not _zombie(entry):
                    found.append(int(entry))
            except OSError:
                pass
    return found


def _zombie(pid: str) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True
