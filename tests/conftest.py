"""Shared pytest setup: the project root is importable (``import core``)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

pytest_plugins = ["gui_helpers"]
"""The window fixtures (``window``, ``xvfb_display``, ``sized_display``) for every test module."""
