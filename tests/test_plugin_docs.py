"""Every hook is documented in docs/plugins.md and tested (issue 9); its reference is fresh (issue 15).

A hook added to ``core/plugins/hookspecs.py`` without a section in the plugin guide
quoting its docstring, or without a test that exercises it, fails here, and
so does a reference part of the guide that ``docs/make_reference.py`` would
now write differently.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from pathlib import Path

import pytest

from roundhouse.core.plugins import hookspecs

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "plugins.md"
TESTS = Path(__file__).resolve().parent


def hook_names() -> list[str]:
    """The names of the hookspecs pluggy sees in core/plugins/hookspecs.py."""
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
    assert (
        as_markdown("Add ``x`` with :class:`roundhouse.core.plugins.bot.Bot`.")
        == "Add `x` with `roundhouse.core.plugins.bot.Bot`."
    )
    assert as_markdown("Add something else entirely.") not in guide_text()


def reference_script():
    """docs/make_reference.py, imported."""
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        return importlib.import_module("make_reference")
    finally:
        sys.path.remove(str(ROOT / "docs"))


def test_the_generated_reference_is_fresh() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert reference_script().with_reference(text) == text, "stale reference: run python docs/make_reference.py"


def test_the_freshness_check_would_catch_a_changed_docstring(monkeypatch: pytest.MonkeyPatch) -> None:
    from roundhouse.core.game.views import Obligation

    text = GUIDE.read_text(encoding="utf-8")
    monkeypatch.setattr(Obligation, "__doc__", "A changed docstring.")
    assert reference_script().with_reference(text) != text


def test_the_reference_covers_the_contract_a_game_meets() -> None:
    reference = GUIDE.read_text(encoding="utf-8").split("<!-- reference:start")[1]
    for name in (
        "roundhouse.core.game.state.TableState",
        "roundhouse.core.game.views.PlayerView",
        "roundhouse.core.game.views.LineView",
        "roundhouse.core.game.views.OwedDouble",
        "roundhouse.core.game.views.Obligation",
        "roundhouse.core.game.events.Event",
        "roundhouse.core.game.actions.Play",
        "roundhouse.core.game.variant.Variant",
        "roundhouse.core.plugins.registry.Registry",
    ):
        assert f"#### `{name}`" in reference
    for name in hook_names():
        assert f"#### `roundhouse.core.plugins.hookspecs.{name}(" in reference
    for attribute in ("`public_log`", "`current`", "`_legal`", "`parent`", "`anchor`", "`closed`", "`hint_bot`"):
        assert attribute in reference


def test_the_guide_points_at_the_branching_example_and_the_record_format() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert (
        "examples/chicken_foot/" in text and (ROOT / "docs" / "examples" / "chicken_foot" / "pyproject.toml").is_file()
    )
    assert "(record-format.md)" in text and (ROOT / "docs" / "record-format.md").is_file()
    assert "plays exactly like `greedy`" in text, "the planner's fallback for other games is documented"


def test_the_record_format_page_lists_every_event_the_games_write_with_its_keys() -> None:
    from roundhouse.core.play.session import Seat, Session
    from roundhouse.core.plugins.manager import get_plugin_manager

    page = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    registry = get_plugin_manager(load_entry_points=False).registry
    seen: dict[str, set[str]] = {}
    for variant_id in registry.variants:
        variant = registry.variant(variant_id)
        seats = [Seat(f"P{n}", "random") for n in range(1, variant.min_players + 2)]
        session = Session(variant, seats, {"random": registry.bot("random")}, seed=3)
        session.run_bots()
        for line in session.record.lines():
            seen.setdefault(line["type"], set()).update(k for k in line if k != "type")
    for event, keys in seen.items():
        section = page.split(f"### `{event}`", 1)
        assert len(section) == 2, f"record-format.md has no section for {event!r}"
        body = section[1].split("\n### ", 1)[0]
        assert all(f"| `{key}` |" in body for key in keys), (event, keys)
