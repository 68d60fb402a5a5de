"""What the plugins registered: variants, bots and front ends by id."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class DuplicateIdError(ValueError):
    """Two plugins registered the same id; the message names both."""


@dataclass
class PluginInfo:
    """Where a plugin came from, for ``roundhouse plugins``."""

    name: str
    package: str
    version: str
    error: str | None = None


@dataclass
class Registry:
    """Ids to plugin objects, plus who registered each one.

    ``current`` is the name of the plugin whose registration hook is
    running; the plugin manager sets it.
    """

    variants: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    frontends: dict[str, Any] = field(default_factory=dict)
    owners: dict[tuple[str, str], str] = field(default_factory=dict)
    plugins: dict[str, PluginInfo] = field(default_factory=dict)
    current: str = "?"
    match_observers: list[Callable[[Any, list[Any]], None]] = field(default_factory=list)
    """Session observers ``(session, events)`` every session built from this registry gets."""

    def _add(self, kind: str, table: dict[str, Any], item: Any) -> None:
        item_id = getattr(item, "id", None)
        if not isinstance(item_id, str) or not item_id:
            raise ValueError(f"plugin {self.current!r} registered a {kind} without a string id")
        if item_id in table:
            first = self.owners[(kind, item_id)]
            raise DuplicateIdError(
                f"{kind} id {item_id!r} is registered by both plugin {first!r} and plugin {self.current!r}"
            )
        table[item_id] = item
        self.owners[(kind, item_id)] = self.current

    def add_variant(self, variant: Any) -> None:
        """Register a :class:`core.variant.Variant`."""
        self._add("variant", self.variants, variant)

    def add_bot(self, bot: Any) -> None:
        """Register a bot (see :class:`core.bots.Bot`)."""
        self._add("bot", self.bots, bot)

    def add_frontend(self, frontend: Any) -> None:
        """Register a front end (see :class:`core.frontend.Frontend`)."""
        self._add("frontend", self.frontends, frontend)

    def variant(self, variant_id: str) -> Any:
        """The variant ``variant_id``; KeyError lists the known ids."""
        return self._get("variant", self.variants, variant_id)

    def bot(self, bot_id: str) -> Any:
        """The bot ``bot_id``; KeyError lists the known ids."""
        return self._get("bot", self.bots, bot_id)

    def frontend(self, frontend_id: str) -> Any:
        """The front end ``frontend_id``; KeyError lists the known ids."""
        return self._get("front end", self.frontends, frontend_id)

    @staticmethod
    def _get(kind: str, table: dict[str, Any], item_id: str) -> Any:
        if item_id not in table:
            known = ", ".join(sorted(table)) or "none"
            raise KeyError(f"unknown {kind} {item_id!r} (known: {known})")
        return table[item_id]
