"""What users install: one import name, a version, entry points, and a neighbour's generic names break nothing.

The wheel is the one named by ``ROUNDHOUSE_WHEEL`` (CI builds it once and
installs it) or, without it, one built here from the source tree.
"""

from __future__ import annotations

import email
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from importlib.metadata import distribution, entry_points, version
from pathlib import Path

import pytest

import roundhouse
from roundhouse.core.plugins.manager import BUILTIN_PLUGINS

SOURCE = Path(__file__).resolve().parent.parent
SUBPACKAGE_FOLDERS = ("core", "variants", "frontends", "bots", "rules_text")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    named = os.environ.get("ROUNDHOUSE_WHEEL")
    if named:
        path = Path(named)
    else:
        out = tmp_path_factory.mktemp("wheel")
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(SOURCE)]
        subprocess.run(command, check=True, capture_output=True, timeout=300)
        [path] = out.glob("roundhouse-*.whl")
    with zipfile.ZipFile(path) as archive:
        yield archive


def run_roundhouse(*args: str, cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(pythonpath), env.get("PYTHONPATH"))))
    env.update(LANG="C.UTF-8", LANGUAGE="en", ROUNDHOUSE_DATA_DIR=str(cwd / "data"))
    return subprocess.run(
        [sys.executable, "-m", "roundhouse", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def plugin_modules(listing: str) -> set[str]:
    """The plugin column of ``roundhouse plugins``."""
    return {line.split()[2] for line in listing.splitlines()[1:] if line.strip()}


def test_the_wheel_installs_the_one_top_level_name_roundhouse(wheel: zipfile.ZipFile) -> None:
    tops = {name.split("/")[0] for name in wheel.namelist()}
    [dist_info] = [top for top in tops if top.endswith(".dist-info")]
    assert tops == {"roundhouse", dist_info}
    top_level = wheel.read(f"{dist_info}/top_level.txt").decode().split()
    assert top_level == ["roundhouse"]


def test_the_wheel_holds_every_package_folder_of_the_source_tree(wheel: zipfile.ZipFile) -> None:
    """A subpackage forgotten in pyproject.toml's ``packages`` list would be missing from the wheel."""
    folders = {
        "roundhouse/" + init.parent.relative_to(SOURCE).as_posix()
        for top in SUBPACKAGE_FOLDERS
        for init in (SOURCE / top).rglob("__init__.py")
    }
    packaged = {name.rpartition("/")[0] for name in wheel.namelist() if name.endswith("/__init__.py")}
    assert folders - packaged == set()
    assert {"roundhouse/__init__.py", "roundhouse/__main__.py", "roundhouse/py.typed"} <= set(wheel.namelist())


def test_the_wheel_carries_the_rule_texts_and_parameters(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for lang in ("en", "pt", "pl", "fr", "id"):
        assert f"roundhouse/rules_text/ui/{lang}.yaml" in names
        assert f"roundhouse/rules_text/mexican-train/{lang}.yaml" in names
    assert "roundhouse/variants/mexican_train/params.yaml" in names


def test_the_wheel_holds_a_license_matching_its_spdx_expression(wheel: zipfile.ZipFile) -> None:
    [metadata_name] = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    metadata = email.message_from_bytes(wheel.read(metadata_name))
    expression = metadata["License-Expression"]
    [license_file] = metadata.get_all("License-File")
    text = wheel.read(metadata_name.replace("METADATA", f"licenses/{license_file}")).decode()
    assert expression == "MIT" and text.startswith("MIT License")
    assert expression == distribution("roundhouse").metadata["License-Expression"]


def test_version_prints_the_installed_version(tmp_path: Path) -> None:
    result = run_roundhouse("--version", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"roundhouse {version('roundhouse')} (Python ")
    assert roundhouse.__version__ == version("roundhouse")


def test_plugins_from_an_empty_directory_lists_every_built_in_plugin(tmp_path: Path) -> None:
    result = run_roundhouse("plugins", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert plugin_modules(result.stdout) >= set(BUILTIN_PLUGINS)


def test_a_distribution_shipping_generic_names_beside_it_breaks_nothing(tmp_path: Path) -> None:
    """Another package's ``core``, ``variants`` and ``bots`` (first on the path) are not ours to import."""
    site = tmp_path / "site"
    for name in ("core", "variants", "bots", "frontends", "rules_text"):
        (site / name).mkdir(parents=True)
        (site / name / "__init__.py").write_text(f"raise ImportError('the other {name} package')\n")
    dist_info = site / "generic_names-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: generic-names\nVersion: 1.0\n")
    result = run_roundhouse("plugins", cwd=tmp_path, pythonpath=site)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert plugin_modules(result.stdout) >= set(BUILTIN_PLUGINS)
    played = run_roundhouse("simulate", "--variant", "mexican-train", "--players", "2", "--bots", "random",
                            "--matches", "2", "--seed", "1", "--jobs", "1", cwd=tmp_path, pythonpath=site)  # fmt: skip
    assert played.returncode == 0, played.stderr


def test_the_entry_points_name_the_command_line_and_the_window() -> None:
    [console] = [e for e in entry_points(group="console_scripts") if e.name == "roundhouse"]
    [window] = [e for e in entry_points(group="gui_scripts") if e.name == "roundhouse-window"]
    assert console.load().__name__ == "main" and window.load().__name__ == "main_window"


def test_the_window_entry_point_asks_for_the_window(tmp_path: Path) -> None:
    """Without a display the window cannot open: the GUI script says so, as ``play --ui tk`` would."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(LANG="C.UTF-8", LANGUAGE="en", ROUNDHOUSE_DATA_DIR=str(tmp_path))
    code = "import sys; from roundhouse.core.cli.main import main_window; sys.exit(main_window())"
    result = subprocess.run([sys.executable, "-c", code, "--players", "2"], env=env, capture_output=True, text=True)
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == "roundhouse play: error: front end 'tk' cannot run here (for the window, a display is needed)"
    )


def test_against_a_wheel_the_suite_imports_the_installed_copy_not_the_source_tree() -> None:
    """CI sets ROUNDHOUSE_WHEEL when it runs the suite against the wheel installed in a clean environment."""
    if not os.environ.get("ROUNDHOUSE_WHEEL"):
        pytest.skip("runs only against an installed wheel (ROUNDHOUSE_WHEEL set), as CI does")
    installed = Path(roundhouse.__file__).resolve()
    assert installed == Path(str(distribution("roundhouse").locate_file("roundhouse/__init__.py"))).resolve()
    assert not installed.is_relative_to(SOURCE)
