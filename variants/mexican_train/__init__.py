"""Mexican Train (Pagat version) as a plugin: RULES.md MT.1-MT.16."""

from roundhouse import hookimpl
from roundhouse.variants.mexican_train.variant import MexicanTrain


@hookimpl
def roundhouse_register_variants(registry) -> None:
    """Register Mexican Train."""
    registry.add_variant(MexicanTrain())
