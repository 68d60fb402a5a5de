"""Installing plugins for tests without a network: fake dist-infos and ``roundhouse`` subprocesses.

A temporary directory on ``PYTHONPATH`` holds a hand-written
``<name>.dist-info`` (METADATA and entry_points.txt), which
``importlib.metadata`` reads like a real installation; the plugin's source
directory is put on the path next to it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
BOT_DIR = EXAMPLES / "heaviest_double_bot"
BLOCK_DIR = EXAMPLES / "double_six_block"
CHICKEN_DIR = EXAMPLES / "chicken_foot"
EXAMPLE_DIRS = (BOT_DIR, BLOCK_DIR, CHICKEN_DIR)


def project_of(example: Path) -> dict:
    """The ``[project]`` table of an example's pyproject.toml."""
    return tomllib.loads((example / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def write_dist_info(site: Path, name: str, version: str, entry_points: dict[str, str]) -> None:
    """A minimal installed-distribution record that importlib.metadata reads."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8")
    lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[roundhouse]\n{lines}", encoding="utf-8")


def install_example(site: Path, example: Path) -> dict:
    """Make ``example`` look installed in ``site`` (dist-info only; its source stays on the path)."""
    project = project_of(example)
    write_dist_info(site, project["name"], project["version"], project["entry-points"]["roundhouse"])
    return project


def python_path(*folders: Path) -> str:
    """A ``PYTHONPATH`` of ``folders`` followed by what it already holds (``tests/without_fork`` stays in effect)."""
    return os.pathsep.join([*(str(folder) for folder in folders), *filter(None, [os.environ.get("PYTHONPATH")])])


def environment(site: Path, data_dir: Path, sources: Sequence[Path] = EXAMPLE_DIRS) -> dict[str, str]:
    """Subprocess environment: the fake site, then the plugin sources (``roundhouse`` itself is installed)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = python_path(site, *sources)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["ROUNDHOUSE_DATA_DIR"] = str(data_dir)
    env.pop("DISPLAY", None)
    return env


def roundhouse(env: dict[str, str], *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m roundhouse ARGS`` with ``env``."""
    return subprocess.run(
        [sys.executable, "-m", "roundhouse", *args],
        env=env,
        cwd=env["ROUNDHOUSE_DATA_DIR"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def add_plugin(site: Path, module: str, source: str) -> None:
    """A one-module plugin distribution ``module`` in ``site``."""
    site.mkdir(parents=True, exist_ok=True)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    write_dist_info(site, module.replace("_", "-"), "9.9", {module.replace("_", "-"): module})


def bot_plugin_source(bot_id: str, description: str) -> str:
    """The source of a one-module plugin registering a bot ``bot_id`` that takes the first legal action."""
    return f"""from roundhouse import hookimpl


class FirstLegal:
    id = {bot_id!r}
    description = {description!r}

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


@hookimpl
def roundhouse_register_bots(registry):
    registry.add_bot(FirstLegal())
"""


def plugin_rows(output: str) -> dict[tuple[str, str], list[str]]:
    """``roundhouse plugins`` rows keyed by (kind, id)."""
    rows = {}
    for line in output.splitlines()[1:]:
        words = line.split()
        if words and words[0] in ("variant", "bot", "frontend"):
            rows[(words[0], words[1])] = words
    return rows
