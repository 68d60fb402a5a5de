"""Double-Nine Branch (Pagat version) as a plugin: RULES.md DB.1-DB.11."""

from roundhouse import hookimpl
from roundhouse.variants.double_nine_branch.variant import DoubleNineBranch


@hookimpl
def roundhouse_register_variants(registry) -> None:
    """Register Double-Nine Branch."""
    registry.add_variant(DoubleNineBranch())
