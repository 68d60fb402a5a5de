"""Double-six block for Roundhouse: an example variant plugin.

Installing this package is all it takes: its ``pyproject.toml`` declares the
entry point ``double-six-block = "roundhouse_double_six_block"`` in the
``roundhouse`` group, and Roundhouse calls the hook below at start-up.
"""

from roundhouse import hookimpl

from .variant import DoubleSixBlock


@hookimpl
def roundhouse_register_variants(registry) -> None:
    """Register double-six block."""
    registry.add_variant(DoubleSixBlock())
