"""Roundhouse core: the rules-agnostic game loop, plugins and records.

The core imports no variant, front end or bot.
"""

from core.hookspecs import hookimpl

__all__ = ["hookimpl"]
