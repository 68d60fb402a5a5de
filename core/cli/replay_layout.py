"""A game's own words in a replay: its lines' labels, what each line hangs from, its scoring reasons.

A record names a line by its id only ("up", 3, "mexican"); the game's view
of the match gives the line's label (a key of the game's text catalog) and
its parent. :func:`game_lines` replays a checked match once more through its
rules to read them, and opens the game's catalog in the reader's language
for the reasons of ``score`` and ``round_end`` events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from roundhouse.core.cli.replay_source import Match
from roundhouse.core.cli.replay_table import shown
from roundhouse.core.play.record import RecordError, replay
from roundhouse.core.text.i18n import Catalog, CatalogError, game_text


@dataclass(frozen=True)
class GameLines:
    """A match's line labels and parents (by line id) and its game's text catalog (None: it has none)."""

    labels: Mapping[Any, str] = field(default_factory=dict)
    parents: Mapping[Any, Any] = field(default_factory=dict)
    catalog: Catalog | None = None

    def phrase(self, key: Any, values: Any) -> str | None:
        """The game's sentence ``key`` filled with ``values``, or None when its catalog lacks it."""
        if self.catalog is None or not isinstance(key, str) or not self.catalog.has(key):
            return None
        values = values if isinstance(values, Mapping) else {}
        try:
            return self.catalog.t(key, **{str(name): shown(value) for name, value in values.items()})
        except (KeyError, ValueError, IndexError):  # a value the sentence asks for is missing
            return None


def game_lines(match: Match, lang: str) -> GameLines:
    """What ``match``'s game says of its lines and reasons, in ``lang``; nothing for a game not installed."""
    variant = match.variant
    if variant is None:
        return GameLines()
    try:
        catalog = game_text(variant.id, lang, getattr(variant, "rules_text_package", None))
    except CatalogError:
        catalog = None
    if not match.complete or catalog is None:
        return GameLines(catalog=catalog)
    try:
        view = replay(match.lines, variant, match.lines.first_line).view(None)
    except RecordError:
        return GameLines(catalog=catalog)
    labels, parents = {}, {}
    for source in (view.previous_round, view):
        for line in source.lines if source is not None else ():
            if line.label is not None and catalog.has(line.label):
                labels[line.id] = shown(catalog.t(line.label, **line.label_values))
            if line.parent is not None and line.parent != line.id:
                parents[line.id] = line.parent
    return GameLines(labels, parents, catalog)
