"""Every hook is documented in docs/plugins.md and tested (issue 9).

A hook added to ``core/hookspecs.py`` without a section in the plugin guide
quoting its docstring, or without a test that exercises it, fails here.
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from core import hookspecs

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "plugins.md"
TESTS = Path(__file__).resolve().parent


def hook_names() -> list[str]:
    """The names of the hookspecs pluggy sees in core/hookspecs.py."""
    marker = f"{hookspecs.PROJECT}_spec"
    return [name for name, value in vars(hookspecs).items() if inspect.isfunction(value) and hasattr(value, marker)]


def as_markdown(text: str) -> str:
    """A docstring fragment as the guide writes it: reST ``code`` becomes Markdown `code`."""
    return re.sub(r":\w+:`([^`]+)`", r"`\1`", text).replace("``", "`")


def guide_text() -> str:
    return " ".join(GUIDE.read_text(encoding="utf-8").split())


def other_test_sources() -> str:
    """Every test module (subfolders too) except this one."""
    this = Path(__file__).resolve()
    return "\n".join(path.read_text(encoding="utf-8") for path in TESTS.rglob("*.py") if path.resolve() != this)


def test_hookspecs_are_found() -> None:
    assert {"roundhouse_register_variants", "roundhouse_register_bots", "roundhouse_register_frontends"} <= set(
        hook_names()
    )


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_has_a_section_quoting_its_docstring(name: str) -> None:
    guide = guide_text()
    assert f"### `{name}(" in guide, f"docs/plugins.md has no section for {name}"
    first_line = inspect.getdoc(getattr(hookspecs, name)).splitlines()[0]
    assert as_markdown(first_line) in guide, f"docs/plugins.md does not quote the first line of {name}: {first_line!r}"


@pytest.mark.parametrize("name", hook_names())
def test_every_hook_is_exercised_by_a_test(name: str) -> None:
    assert name in other_test_sources(), f"no test outside {Path(__file__).name} mentions {name}"


def test_the_guide_documents_no_hook_that_does_not_exist() -> None:
    documented = set(re.findall(r"^### `(roundhouse_\w+)\(", GUIDE.read_text(encoding="utf-8"), re.MULTILINE))
    assert documented == set(hook_names())


def test_the_guide_section_signatures_match_the_hookspecs() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for name in hook_names():
        arguments = ", ".join(inspect.signature(getattr(hookspecs, name)).parameters)
        assert f"### `{name}({arguments})`" in text


def test_every_python_block_in_the_guide_parses() -> None:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 5
    for block in blocks:
        ast.parse(block)


def test_the_guide_points_at_both_examples_and_the_entry_point_group() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for example in ("examples/heaviest_double_bot/", "examples/double_six_block/"):
        assert example in text and (ROOT / "docs" / example / "pyproject.toml").is_file()
    assert "[project.entry-points.roundhouse]" in text


def test_the_as_markdown_conversion_would_catch_a_changed_docstring() -> None:
    assert as_markdown("Add ``x`` with :class:`core.bots.Bot`.") == "Add `x` with `core.bots.Bot`."
    assert as_markdown("Add something else entirely.") not in guide_text()
