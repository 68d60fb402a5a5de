"""A rule's reason (a refused action, a forced pass) as the player reads it, for every front end."""

from __future__ import annotations

from roundhouse.core.game.actions import without_clauses
from roundhouse.core.text.i18n import Catalog
from roundhouse.core.text.notices import in_language


def reason_words(reason: str, catalog: Catalog) -> str:
    """``reason`` in ``catalog``'s language (when the game gave a Notice) without its rule clause notes."""
    return without_clauses(in_language(reason, catalog))


def sentence_start(text: str) -> str:
    """``text`` with a capital first letter, to stand alone as a sentence ("you pass" -> "You pass")."""
    return text[:1].upper() + text[1:]
