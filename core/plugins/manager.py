"""The plugin manager: built-ins, then the ``roundhouse`` entry points.

Nothing happens at import time; :func:`get_plugin_manager` does the work.
A plugin that fails to import or whose registration hook raises (even
``SystemExit`` or ``KeyboardInterrupt``), or whose
variant's ``params.yaml`` or rule texts are bad is reported in
``registry.plugins[name].error`` and skipped; the others work. A second
registration of a taken id is skipped with a line in ``registry.warnings``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any

import pluggy

from roundhouse.core.game.events import deep_frozen
from roundhouse.core.plugins import hookspecs
from roundhouse.core.plugins.registry import BUILTIN_PACKAGE, OUTSIDE_PLUGINS, PluginInfo, Registry

ENTRY_POINT_GROUP = "roundhouse"

BUILTIN_PLUGINS = (
    "roundhouse.variants.mexican_train",
    "roundhouse.variants.double_nine_branch",
    "roundhouse.bots.random",
    "roundhouse.bots.greedy",
    "roundhouse.bots.planner",
    "roundhouse.bots.expert",
    "roundhouse.frontends.console",
    "roundhouse.frontends.tk",
)
"""Modules of this distribution loaded as plugins, by name (the core imports none of them)."""

REGISTRATION_HOOKS = (
    "roundhouse_register_variants",
    "roundhouse_register_bots",
    "roundhouse_register_frontends",
)


@dataclass
class Plugins:
    """A started plugin manager and what its plugins registered."""

    manager: pluggy.PluginManager
    registry: Registry

    def errors(self) -> list[str]:
        """One line per plugin that failed and was skipped."""
        return [
            f"plugin {p.name!r} ({p.package}) skipped: {p.error}" for p in self.registry.plugins.values() if p.error
        ]

    def warnings(self) -> list[str]:
        """One line per registration skipped because another plugin had taken its id."""
        return list(self.registry.warnings)


def _own_version() -> str:
    try:
        from importlib.metadata import version

        return version("roundhouse")
    except Exception:  # noqa: BLE001 - running from a source tree
        return "source"


def get_plugin_manager(builtins: tuple[str, ...] = BUILTIN_PLUGINS, load_entry_points: bool = True) -> Plugins:
    """Register built-ins, load the entry-point group, check, run registration, then check the variants' files.

    Never raises for a plugin's fault: see the module docstring.
    """
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    registry = Registry()
    own = _own_version()
    for module_name in builtins:
        _register(
            manager, registry, module_name, PluginInfo(module_name, BUILTIN_PACKAGE, own), importlib.import_module
        )
    if load_entry_points:
        for entry in entry_points(group=ENTRY_POINT_GROUP):
            dist = entry.dist
            info = PluginInfo(entry.name, dist.name if dist else "?", dist.version if dist else "?")
            _register(manager, registry, entry.name, info, lambda _name, e=entry: e.load())
    _drop_unknown_hooks(manager, registry)
    manager.check_pending()
    for hook_name in REGISTRATION_HOOKS:
        hook = getattr(manager.hook, hook_name)
        for impl in hook.get_hookimpls():
            registry.current = impl.plugin_name
            try:
                impl.function(registry=registry)
            except (Exception, SystemExit, KeyboardInterrupt) as error:  # noqa: BLE001 - reported and skipped
                _fail(manager, registry, impl.plugin_name, f"{hook_name} raised {_error_text(error)}")
    registry.current = OUTSIDE_PLUGINS
    _check_variant_files(manager, registry)
    registry.match_observers.append(_match_event_observer(manager))
    return Plugins(manager, registry)


def _check_variant_files(manager: pluggy.PluginManager, registry: Registry) -> None:
    """Mark broken every plugin whose variant has a bad ``params.yaml`` or rule text (file, key, reason)."""
    for variant_id, variant in list(registry.variants.items()):
        try:
            problems = variant.file_problems()
        except Exception as error:  # noqa: BLE001 - a variant object that cannot even be checked is broken too
            problems = [f"checking its files raised {type(error).__name__}: {error}"]
        owner = registry.owners.get(("variant", variant_id))
        if problems and owner is not None:
            _fail(manager, registry, owner, f"variant {variant_id!r}: {'; '.join(problems)}")


def _drop_unknown_hooks(manager: pluggy.PluginManager, registry: Registry) -> None:
    """Skip every plugin implementing a hook that has no spec (a misspelled name), so ``check_pending`` passes."""
    known = ", ".join(name for name in vars(hookspecs) if name.startswith(f"{hookspecs.PROJECT}_"))
    for name, caller in list(vars(manager.hook).items()):
        if isinstance(caller, pluggy.HookCaller) and not caller.has_spec():
            for impl in caller.get_hookimpls():
                if not impl.optionalhook:
                    _fail(manager, registry, impl.plugin_name, f"unknown hook {name!r} (the hooks are: {known})")


def _match_event_observer(manager: pluggy.PluginManager) -> Callable[[Any, list[Any]], None]:
    """A session observer calling every ``roundhouse_match_event`` implementation for each event.

    Implementations get immutable data only: the event with its deal lists
    frozen, and a read-only copy of the header, so nothing they do can reach
    the session, its saves or its record. One that raises anything is
    reported on stderr in one line (once per plugin) and never stops the
    game; the other implementations still see the event. SystemExit and
    KeyboardInterrupt stop the program as they would anywhere (the store
    has saved the change before any plugin sees it).
    """
    hook = manager.hook.roundhouse_match_event
    reported: set[str] = set()
    last_header: list[Any] = [None, None]  # the header last seen, and its read-only copy

    def observe(session: Any, events: list[Any]) -> None:
        impls = hook.get_hookimpls()
        if not impls:
            return
        if last_header[0] is not session.record.header:
            last_header[:] = [session.record.header, deep_frozen(session.record.header)]
        header = last_header[1]
        for event in events:
            arguments = {"event": event.frozen(), "match": header}
            for impl in impls:
                try:
                    impl.function(**{name: arguments[name] for name in impl.argnames})
                except (SystemExit, KeyboardInterrupt):
                    raise
                except BaseException as error:  # noqa: BLE001 - an observer never breaks the game
                    if impl.plugin_name not in reported:
                        reported.add(impl.plugin_name)
                        reason = " ".join(f"{type(error).__name__}: {error}".split())
                        print(
                            f"warning: plugin {impl.plugin_name!r} roundhouse_match_event raised {reason}",
                            file=sys.stderr,
                        )

    observe.listening = lambda: bool(hook.get_hookimpls())  # type: ignore[attr-defined]
    return observe


def match_watchers(registry: Registry) -> list[Callable[[Any, list[Any]], None]]:
    """The ``registry.match_observers`` that listen now.

    An observer with a ``listening()`` that says False (no plugin implements
    its hook now) is left out. ``simulate`` attaches observers only when
    some listen: otherwise they would be called for nothing at every
    decision.
    """
    return [
        observer
        for observer in registry.match_observers
        if getattr(observer, "listening", None) is None or observer.listening()
    ]


def watch_matches(session: Any, registry: Registry) -> None:
    """Attach ``registry.match_observers`` to ``session`` and show them the events so far.

    They stay attached for the session's life: a plugin registered later is
    still shown what follows.
    """
    for observer in registry.match_observers:
        session.observers.append(observer)
        observer(session, list(session.record.events))


def _register(manager: pluggy.PluginManager, registry: Registry, name: str, info: PluginInfo, load: Any) -> None:
    registry.plugins[name] = info
    try:
        plugin = load(name)
        if manager.is_registered(plugin) or manager.has_plugin(name):
            return
        manager.register(plugin, name=name)
    except (Exception, SystemExit, KeyboardInterrupt) as error:  # noqa: BLE001 - reported and skipped, even an exit
        info.error = _error_text(error)


def _error_text(error: BaseException) -> str:
    """``"ValueError: boom"``, or the class alone for an error without a message (``KeyboardInterrupt``)."""
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _fail(manager: pluggy.PluginManager, registry: Registry, name: str, reason: str) -> None:
    """Drop everything ``name`` registered and mark it skipped."""
    registry.plugins.setdefault(name, PluginInfo(name, "?", "?")).error = reason
    for (kind, item_id), owner in list(registry.owners.items()):
        if owner == name:
            registry.table(kind).pop(item_id, None)
            del registry.owners[(kind, item_id)]
            registry.dropped[(kind, item_id)] = name
    if manager.has_plugin(name):
        manager.unregister(name=name)
