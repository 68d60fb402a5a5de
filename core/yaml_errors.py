"""YAML syntax errors as one line: where, then what."""

from __future__ import annotations

import yaml


def yaml_error_line(error: yaml.YAMLError) -> str:
    """``"line 2, column 9: expected ',' or ']', but got ':'"`` from a PyYAML error (its usual text spans lines)."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return where + " ".join(str(problem).split())
