"""The hooks of Roundhouse: the whole plugin contract (project ``roundhouse``).

A plugin is a module or object with functions marked ``@hookimpl`` (from
``core``) whose names match the specs below. Built-in plugins and packages
declaring an entry point in the ``roundhouse`` group are loaded the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from roundhouse.core.game.events import Event
    from roundhouse.core.plugins.registry import Registry

PROJECT = "roundhouse"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def roundhouse_register_variants(registry: Registry) -> None:
    """Add game variants with ``registry.add_variant(variant)``.

    ``variant`` is a :class:`roundhouse.core.game.variant.Variant` with a unique ``id``.
    Called once when the plugin manager starts; an id another plugin took
    first is skipped with a warning naming both. Then the variant's
    ``params.yaml`` and rule texts are checked, and a bad file marks the
    plugin broken (:meth:`roundhouse.core.game.variant.Variant.file_problems`). Return nothing.
    """


@hookspec
def roundhouse_register_bots(registry: Registry) -> None:
    """Add computer strategies with ``registry.add_bot(bot)``.

    ``bot`` follows :class:`roundhouse.core.plugins.bot.Bot`: an ``id``, a ``description``
    and ``choose(view, legal_actions, rng) -> action``. It sees only the
    seat's :class:`roundhouse.core.game.views.PlayerView`, must return one of the legal
    actions, must be deterministic given ``rng`` and must decide at bounded
    cost. Return nothing.
    """


@hookspec
def roundhouse_register_frontends(registry: Registry) -> None:
    """Add user interfaces with ``registry.add_frontend(frontend)``.

    ``frontend`` follows :class:`roundhouse.core.plugins.frontend.Frontend`: an ``id``, a
    ``description``, ``available() -> bool`` (can it run here, for example
    is there a display) and ``run(app) -> int`` taking a
    :class:`roundhouse.core.plugins.frontend.AppContext` and returning an exit status.
    Return nothing.
    """


@hookspec
def roundhouse_match_event(event: Event, match: dict[str, Any]) -> None:
    """Observe every event of every match a session plays.

    ``event`` is the full :class:`roundhouse.core.game.events.Event` (hidden tiles included:
    an observer must not pass them to a player), its values immutable (lists
    as tuples). ``match`` is the record's ``match`` header as a read-only
    mapping. Called after the event happened; the return value is ignored and
    an exception is reported, not raised into the game (SystemExit and
    KeyboardInterrupt aside: they stop the program, the change already saved).
    """
