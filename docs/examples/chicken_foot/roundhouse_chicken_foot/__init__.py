"""Chicken Foot for Roundhouse: an example variant plugin with a branching layout.

Installing this package is all it takes: its ``pyproject.toml`` declares the
entry point ``chicken-foot = "roundhouse_chicken_foot"`` in the
``roundhouse`` group, and Roundhouse calls the hook below at start-up.
"""

from roundhouse import hookimpl

from .variant import ChickenFoot


@hookimpl
def roundhouse_register_variants(registry) -> None:
    """Register Chicken Foot."""
    registry.add_variant(ChickenFoot())
