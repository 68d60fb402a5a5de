"""Words for events in the window: one line of the log (DX.11) as one seat may see it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from roundhouse.core.game.actions import LineId
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.event_sentences import event_sentence
from roundhouse.frontends.common.game_words import GameWords


def event_text(
    catalog: Catalog,
    line: dict,
    names: Sequence[str],
    variant: str = "",
    labels: Mapping[LineId, str] | None = None,
    game: GameWords | None = None,
) -> str:
    """One log line for an event as one seat sees it (``Event.visible_to``): the sentence both front ends share.

    ``variant`` picks the game's words ("train", "branch", what a pass does);
    ``labels`` are the game's own names of lines by id (``GameWords.labels``);
    ``game`` gives its other words (why points were scored).
    """
    return event_sentence(catalog, variant, names, line, labels, game)
