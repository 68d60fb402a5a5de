"""The installed package's layers (docs/architecture.md, "Layers"): imports go one way, with no cycles.

Read from the installed ``roundhouse`` package's own source files, so a
wheel and an editable install are checked alike.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest

PACKAGE = Path(str(files("roundhouse")))

KERNEL = {"core.text", "core.game"}
PLUGIN_SIDE = KERNEL | {"core.plugins", "roundhouse"}
"""What any plugin (a variant, a bot, a front end) may import: the kernel, the plugin contracts and ``hookimpl``."""

ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "frontends": set(),
    "core.text": set(),
    "core.game": {"core.text"},
    "core.plugins": {"core.text", "core.game"},
    "core.play": {"core.text", "core.game", "core.plugins"},
    "core.tournament": {"core.text", "core.game", "core.plugins", "core.play"},
    "core.store": {"core.text", "core.game", "core.plugins", "core.play"},
    "core.cli": {"core.text", "core.game", "core.plugins", "core.play", "core.tournament", "core.store"},
    "variants": PLUGIN_SIDE,
    "bots": PLUGIN_SIDE,
    "frontends.common": PLUGIN_SIDE | {"core.play", "core.store"},
    "frontends.console": PLUGIN_SIDE | {"core.play", "core.store", "frontends.common"},
    "frontends.tk": PLUGIN_SIDE | {"core.play", "core.store", "frontends.common"},
}
"""Each layer and the layers it may import (its own modules always)."""


def layer_of(module: str) -> str:
    """``roundhouse.core.play.session`` is in ``core.play``; ``roundhouse.variants.x.rules`` in ``variants``."""
    parts = module.split(".")[1:]
    if not parts:
        return "roundhouse"
    if parts[0] in ("core", "frontends") and len(parts) > 1:
        return f"{parts[0]}.{parts[1]}"
    return parts[0]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("roundhouse", *parts))


def sources() -> Iterator[tuple[str, ast.Module]]:
    """Every module of the installed package below its subpackages, parsed."""
    for top in ("core", "variants", "frontends", "bots"):
        for path in sorted((PACKAGE / top).rglob("*.py")):
            yield module_name(path), ast.parse(path.read_text(encoding="utf-8"))


def imported(tree: ast.AST, module: str, top_level_only: bool) -> Iterator[str]:
    """The ``roundhouse`` modules ``tree`` imports; ``top_level_only`` skips function bodies and TYPE_CHECKING."""
    nodes = tree.body if top_level_only else ast.walk(tree)
    for node in nodes:
        if top_level_only and isinstance(node, ast.If):
            continue  # ``if TYPE_CHECKING:`` blocks
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{module}: the package imports by absolute names only"
            if node.module and node.module.startswith("roundhouse"):
                yield node.module
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name.startswith("roundhouse"))


PARSED = dict(sources())


@pytest.mark.parametrize("module", sorted(PARSED))
def test_each_module_imports_only_its_own_layer_and_the_layers_before_it(module: str) -> None:
    layer = layer_of(module)
    assert layer in ALLOWED, f"{module} is in no known layer: add its folder to docs/architecture.md and ALLOWED"
    upward = {
        name for name in imported(PARSED[module], module, top_level_only=False) if layer_of(name) not in ALLOWED[layer]
    }
    assert not {name for name in upward if layer_of(name) != layer}, f"{module} imports upward: {sorted(upward)}"


def test_the_core_imports_no_variant_front_end_or_bot() -> None:
    for module, tree in PARSED.items():
        if layer_of(module).startswith("core."):
            names = {layer_of(name) for name in imported(tree, module, top_level_only=False)}
            assert not names & {"variants", "bots", "frontends.common", "frontends.console", "frontends.tk"}, module


def test_module_level_imports_have_no_cycle() -> None:
    graph = {m: {n for n in imported(t, m, top_level_only=True) if n in PARSED} for m, t in PARSED.items()}
    finished: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(module) :], module]))
        if module in finished:
            return
        for name in sorted(graph[module]):
            visit(name, [*path, module])
        finished.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_the_layer_check_sees_an_upward_import() -> None:
    tree = ast.parse("from roundhouse.core.play.session import Session\n")
    [name] = imported(tree, "roundhouse.core.game.state", top_level_only=False)
    assert layer_of(name) == "core.play" and layer_of(name) not in ALLOWED["core.game"]
