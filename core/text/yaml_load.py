"""Reading YAML safely and fast, with syntax errors as one line."""

from __future__ import annotations

from typing import Any

import yaml

_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML was built with it (same results, many times faster), else PyYAML's."""


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` of ``text`` (only plain data: no tags, no objects); raises ``yaml.YAMLError``."""
    return yaml.load(text, Loader=_SAFE_LOADER)


def yaml_error_line(error: yaml.YAMLError) -> str:
    """``"line 2, column 9: expected ',' or ']', but got ':'"`` from a PyYAML error (its usual text spans lines)."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return where + " ".join(str(problem).split())
