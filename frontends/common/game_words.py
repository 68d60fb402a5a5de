"""A game's own words for its lines and duties, and the shape of a branching layout (both front ends).

Games name lines and phrase general obligations with keys of their own text
catalog (:func:`roundhouse.core.text.i18n.game_text`); these helpers turn a view's keys into
text, and order a layout's lines so that every branch follows the line it
hangs off.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from roundhouse.core.game.actions import LineId
from roundhouse.core.game.views import LineView, Obligation, Phrase, PlayerView
from roundhouse.core.text.i18n import Catalog, CatalogError, game_text


def display_order(lines: Iterable[LineView]) -> list[tuple[LineView, int]]:
    """Lines in drawing order with their depth (0: grows from the centre).

    Each line comes right after its parent's earlier children (and their
    branches), so a tree reads top to bottom; lines keep the view's order
    among siblings. A line whose parent is not in the view (or that is
    caught in a cycle of parents) counts as a root.
    """
    lines = list(lines)
    ids = {line.id for line in lines}
    children: dict[LineId | None, list[LineView]] = {}
    for line in lines:
        parent = line.parent if line.parent in ids and line.parent != line.id else None
        children.setdefault(parent, []).append(line)
    ordered: list[tuple[LineView, int]] = []
    placed: set[LineId] = set()

    def visit(line: LineView, depth: int) -> None:
        ordered.append((line, depth))
        placed.add(line.id)
        for child in children.get(line.id, ()):
            if child.id not in placed:
                visit(child, depth + 1)

    for line in children.get(None, []) + lines:
        if line.id not in placed:
            visit(line, 0)
    return ordered


@dataclass(frozen=True)
class GameWords:
    """The text of a game's line labels and obligations in one language."""

    catalog: Catalog | None

    def line(self, line: LineView) -> str | None:
        """The line's display label, or None when the game gives it none."""
        if line.label is None or self.catalog is None:
            return None
        return self.catalog.t(line.label, **line.label_values)

    def labels(self, view: PlayerView) -> dict[LineId, str]:
        """Labels of every labelled line of ``view`` and of its previous round (the current round wins)."""
        found: dict[LineId, str] = {}
        for source in (view.previous_round, view):
            for line in source.lines if source is not None else ():
                text = self.line(line)
                if text is not None:
                    found[line.id] = text
        return found

    def has(self, key: str) -> bool:
        """True when the game's catalog holds ``key`` (its own wording for a front end's default)."""
        return self.catalog is not None and self.catalog.has(key)

    def text(self, key: str, values: Any = None) -> str:
        """The game's sentence ``key`` filled with ``values`` (the key itself when the catalog lacks it)."""
        if not self.has(key):
            return key
        return self.catalog.t(key, **dict(values or {}))

    def phrase(self, phrase: Phrase) -> str:
        """A :class:`roundhouse.core.game.views.Phrase` in the game's words (goal, running count)."""
        return self.text(phrase.text, phrase.values)

    def obligation(self, obligation: Obligation) -> str:
        """The sentence of a general obligation (its key when the game's catalog lacks it)."""
        if self.catalog is None:
            return obligation.text
        return self.catalog.t(obligation.text, **obligation.values)


@cache
def _words(variant_id: str, package: str | None, lang: str) -> GameWords:
    try:
        return GameWords(game_text(variant_id, lang, package))
    except CatalogError:
        return GameWords(None)


def game_words(variant: Any, lang: str) -> GameWords:
    """The words of ``variant`` (a :class:`roundhouse.core.game.variant.Variant`) in ``lang``, read once."""
    return _words(variant.id, getattr(variant, "rules_text_package", None), lang)
