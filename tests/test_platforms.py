"""Roundhouse where processes cannot fork, on macOS and on Windows, played out on this machine.

Each test takes away or fakes what another platform lacks or has
(``os.fork``, ``sys.platform``) and checks the path Roundhouse takes there.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

WITHOUT_FORK = (
    "import os, sys\n"
    "for name in ('fork', 'register_at_fork'):\n"
    "    vars(os).pop(name, None)\n"
    "from roundhouse.core.cli.main import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
"""``roundhouse ARGS`` in a Python without ``os.fork`` and ``os.register_at_fork``, as on Windows."""


@pytest.mark.parametrize("argv", [["--help"], ["plugins"]], ids=["help", "plugins"])
def test_the_command_line_works_where_processes_cannot_fork(argv):
    result = subprocess.run([sys.executable, "-c", WITHOUT_FORK, *argv], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
