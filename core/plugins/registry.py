"""What the plugins registered: variants, bots and front ends by id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BUILTIN_PACKAGE = "roundhouse"
"""The ``package`` of every built-in plugin's :class:`PluginInfo`."""

OUTSIDE_PLUGINS = "?"
"""The owner of what was registered outside any plugin's registration hook (by a caller of ``add_*``)."""


@dataclass
class PluginInfo:
    """Where a plugin came from, for ``roundhouse plugins``."""

    name: str
    """The plugin's name: a built-in module's name, or the entry point's name."""
    package: str
    """The distribution it comes from (``roundhouse`` for built-ins)."""
    version: str
    """The distribution's version."""
    error: str | None = None
    """Why the plugin was skipped (file, key and reason for a bad file), or None when it works."""


@dataclass
class Registry:
    """Ids to plugin objects, plus who registered each one.

    ``current`` is the name of the plugin whose registration hook is
    running; the plugin manager sets it.
    """

    variants: dict[str, Any] = field(default_factory=dict)
    """Variant id to :class:`roundhouse.core.game.variant.Variant`."""
    bots: dict[str, Any] = field(default_factory=dict)
    """Bot id to bot (:class:`roundhouse.core.plugins.bot.Bot`)."""
    frontends: dict[str, Any] = field(default_factory=dict)
    """Front-end id to front end (:class:`roundhouse.core.plugins.frontend.Frontend`)."""
    owners: dict[tuple[str, str], str] = field(default_factory=dict)
    """(kind, id) to the name of the plugin that registered it."""
    plugins: dict[str, PluginInfo] = field(default_factory=dict)
    """Plugin name to where it came from (and why it is broken, if it is)."""
    current: str = OUTSIDE_PLUGINS
    """The plugin whose registration hook is running."""
    warnings: list[str] = field(default_factory=list)
    """One line per registration skipped because its id was taken (the later plugin's)."""
    dropped: dict[tuple[str, str], str] = field(default_factory=dict)
    """(kind, id) of everything a broken plugin had registered, to the plugin's name."""
    match_observers: list[Callable[[Any, list[Any]], None]] = field(default_factory=list)
    """Session observers ``(session, events)`` every session built from this registry gets."""

    def _add(self, kind: str, table: dict[str, Any], item: Any) -> None:
        item_id = getattr(item, "id", None)
        if not isinstance(item_id, str) or not item_id:
            raise ValueError(f"plugin {self.current!r} registered a {kind} without a string id")
        if item_id in table:
            self.warnings.append(self._duplicate(kind, item_id))
            return
        table[item_id] = item
        self.owners[(kind, item_id)] = self.current

    def _duplicate(self, kind: str, item_id: str) -> str:
        """The warning for a second registration of ``item_id``: both plugins, and what to rename."""
        first = self.owners[(kind, item_id)]
        later = self.current
        first_info = self.plugins.get(first)
        builtin = first_info is not None and first_info.package == BUILTIN_PACKAGE
        first_words = f"built-in plugin {first!r}" if builtin else f"plugin {first!r}"
        advice = (
            f"rename the {kind} in plugin {later!r}"
            if builtin
            else f"rename the {kind} in plugin {later!r} or in plugin {first!r}"
        )
        return f"{kind} id {item_id!r} of plugin {later!r} skipped: {first_words} registered it first; {advice}"

    def add_variant(self, variant: Any) -> None:
        """Register a :class:`roundhouse.core.game.variant.Variant`."""
        self._add("variant", self.variants, variant)

    def add_bot(self, bot: Any) -> None:
        """Register a bot (see :class:`roundhouse.core.plugins.bot.Bot`)."""
        self._add("bot", self.bots, bot)

    def add_frontend(self, frontend: Any) -> None:
        """Register a front end (see :class:`roundhouse.core.plugins.frontend.Frontend`)."""
        self._add("frontend", self.frontends, frontend)

    def variant(self, variant_id: str) -> Any:
        """The variant ``variant_id``; KeyError lists the known ids."""
        return self._get("variant", variant_id)

    def bot(self, bot_id: str) -> Any:
        """The bot ``bot_id``; KeyError lists the known ids."""
        return self._get("bot", bot_id)

    def frontend(self, frontend_id: str) -> Any:
        """The front end ``frontend_id``; KeyError lists the known ids."""
        return self._get("frontend", frontend_id)

    def missing(self, kind: str, item_id: str) -> str:
        """Why ``item_id`` is not available, in one line: its plugin is broken, or the id is unknown.

        ``kind`` is ``"variant"``, ``"bot"`` or ``"frontend"``.
        """
        owner = self.dropped.get((kind, item_id))
        words = "front end" if kind == "frontend" else kind
        if owner is not None:
            info = self.plugins.get(owner)
            reason = info.error if info is not None and info.error else "it failed"
            return f"{words} {item_id!r} is unavailable: plugin {owner!r} is broken: {reason}"
        return f"unknown {words} {item_id!r} (known: {', '.join(sorted(self.table(kind))) or 'none'})"

    def table(self, kind: str) -> dict[str, Any]:
        """The ids and objects of one ``kind``: ``"variant"``, ``"bot"`` or ``"frontend"``."""
        return {"variant": self.variants, "bot": self.bots, "frontend": self.frontends}[kind]

    def _get(self, kind: str, item_id: str) -> Any:
        table = self.table(kind)
        if item_id not in table:
            raise KeyError(self.missing(kind, item_id))
        return table[item_id]
