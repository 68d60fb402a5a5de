"""Small faults of the command line (issue 17, finding 10): each gives one clear line, never a traceback."""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import tempfile
from importlib.resources import files
from pathlib import Path

import pytest
from test_store_faults import store_with_history

from roundhouse.core.cli.main import main
from roundhouse.core.store import DB_NAME, Store

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def roundhouse(*argv: str, env: dict[str, str] | None = None, **popen) -> subprocess.CompletedProcess:
    environment = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": "en", **(env or {})}
    environment.pop("DISPLAY", None)
    popen.setdefault("cwd", ROOT)
    return subprocess.run(
        [sys.executable, "-m", "roundhouse", *argv], env=environment, capture_output=True, text=True, **popen
    )


def test_a_data_directory_that_is_a_file_says_so_in_one_line(capsys, tmp_path):
    (tmp_path / "data").write_text("not a directory")
    status, _, err = run(capsys, "history", "--data-dir", str(tmp_path / "data"))
    assert status == 2
    [line] = err.strip().splitlines()
    assert line.endswith("it is a file, not a directory")


def test_a_data_directory_that_is_a_dangling_link_says_where_it_points(capsys, tmp_path):
    (tmp_path / "data").symlink_to(tmp_path / "gone")
    status, _, err = run(capsys, "history", "--data-dir", str(tmp_path / "data"))
    assert status == 2
    [line] = err.strip().splitlines()
    assert f"it is a symbolic link to {tmp_path / 'gone'}, which does not exist" in line


def without_root_override() -> dict:
    """Popen arguments making file permissions bind a child even when the tests run as root.

    Root passes permission checks through two capabilities; dropped from
    the bounding set before exec, the child is an ordinary owner.
    """
    if os.geteuid() != 0:
        return {}

    def drop() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
            if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "cannot drop a capability")

    return {"preexec_fn": drop}


PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def test_history_reads_a_data_directory_nobody_may_write():
    top = Path(tempfile.mkdtemp(prefix="roundhouse-ro-"))
    try:
        top.chmod(0o755)
        data = top / "data"
        store_with_history(data).close()
        before = sorted(p.name for p in data.iterdir())
        for path in data.iterdir():
            path.chmod(0o444)
        data.chmod(0o555)
        result = roundhouse("history", "--data-dir", str(data), env={"HOME": str(top)}, **without_root_override())
        assert result.returncode == 0, result.stderr
        assert [line.split()[0] for line in result.stdout.splitlines()[1:4]] == ["1", "2", "3"]
        assert "In progress: match 4" in result.stdout and result.stderr == ""
        assert sorted(p.name for p in data.iterdir()) == before
    finally:
        for path in (top, *top.rglob("*")):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(top)


def test_history_of_a_read_only_directory_without_a_store_is_empty():
    top = Path(tempfile.mkdtemp(prefix="roundhouse-ro-"))
    try:
        top.chmod(0o555)
        result = roundhouse("history", "--data-dir", str(top), **without_root_override())
        assert result.returncode == 0, result.stderr
        assert "No finished matches yet" in result.stdout and list(top.iterdir()) == []
    finally:
        top.chmod(0o755)
        shutil.rmtree(top)


def test_a_damaged_database_is_reported_in_one_short_line(tmp_path):
    with store_with_history(tmp_path, matches=6):
        pass
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    for page in range(1, len(data) // 4096):
        data[page * 4096 + 1 : page * 4096 + 3] = b"\x0f\xf0"  # each page's first free block: a bad offset
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    with Store.open(tmp_path) as store:
        [warning] = store.warnings
    assert "\n" not in warning and len(warning) < 300
    assert warning.startswith("The save database was damaged (integrity check: ")


@pytest.fixture
def broken_catalogs(tmp_path) -> Path:
    """A copy of the shipped text package whose Polish interface catalog is cut mid-file."""
    shutil.copytree(files("roundhouse.rules_text"), tmp_path / "rules_text")
    with open(tmp_path / "rules_text" / "ui" / "pl.yaml", "a", encoding="utf-8") as handle:
        handle.write('console.broken: "never closed\n  more: [\n')
    return tmp_path


def with_text_package(folder: Path) -> list[str]:
    """``python -c`` arguments that run the command line with ``folder`` standing in for ``roundhouse.rules_text``."""
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('roundhouse.rules_text', {str(folder / '__init__.py')!r})\n"
        "sys.modules['roundhouse.rules_text'] = importlib.util.module_from_spec(spec)\n"
        "from roundhouse.core.cli.main import main\n"
        "sys.exit(main())\n"
    )
    return [sys.executable, "-c", code]


def test_a_malformed_shipped_catalog_is_one_line_naming_the_file(broken_catalogs, tmp_path):
    env = {**os.environ, "LANG": "C.UTF-8", "LANGUAGE": "en", "ROUNDHOUSE_DATA_DIR": str(tmp_path / "data")}
    env.pop("DISPLAY", None)
    args = ("play", "--ui", "console", "--lang", "pl", "--players", "2", "--bot", "random", "--seed", "1")
    command = [*with_text_package(broken_catalogs / "rules_text"), *args]
    result = subprocess.run(command, env=env, input="quit\n", timeout=60, capture_output=True, text=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    [line] = [line for line in result.stderr.splitlines() if line.strip()]
    assert "rules_text/ui/pl.yaml: not valid YAML: line " in line


def test_rules_in_polish_on_an_ascii_terminal_replaces_what_it_cannot_show():
    result = roundhouse("rules", "--lang", "pl", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0, result.stderr
    assert "?" in result.stdout and result.stdout.isascii() and len(result.stdout.splitlines()) > 20
