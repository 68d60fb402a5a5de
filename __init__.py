"""Roundhouse: domino train games with a plugin framework.

Plugins mark their hook functions with :data:`hookimpl`
(``from roundhouse import hookimpl``); the rest lives in the subpackages
``core``, ``variants``, ``frontends``, ``bots`` and ``rules_text``.
"""

from roundhouse.core.plugins.hookspecs import hookimpl

__all__ = ["__version__", "hookimpl"]

__version__ = "0.2.0"
"""The distribution's version; ``pyproject.toml`` reads it from here."""
