"""Words for lines, actions and public events (the log's sentences are shared: ``common.event_sentences``).

Variant-specific wording is looked up with the variant id as a key suffix
(``console.line_owned.mexican-train``) and falls back to a neutral key, so
a third-party variant reads sensibly without any change here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import Action, LineId
from roundhouse.frontends.common.action_words import action_phrase
from roundhouse.frontends.common.event_sentences import event_sentence
from roundhouse.frontends.console.terminal import Terminal


def variant_text(term: Terminal, base: str, variant: str, **values: Any) -> str:
    """``base.<variant>`` when the catalog has it, else ``base.default``."""
    key = f"{base}.{variant}"
    return term.t(key if term.catalog.has(key) else f"{base}.default", **values)


def line_name(term: Terminal, variant: str, names: Sequence[str], line: LineId) -> str:
    """Words for a line: the game's own label ("Arm 3"), else "Ana's train", "the Mexican train", "Bo's branch".

    Only an int is a seat: a line id made of digits is a name like any other.
    """
    label = term.line_labels.get(line)
    if label is not None:
        return label
    if isinstance(line, int) and 1 <= line <= len(names):
        return variant_text(term, "console.line_owned", variant, owner=names[line - 1], seat=line)
    key = f"console.line_named.{line}"
    return term.t(key) if term.catalog.has(key) else term.t("console.line_named.default", line=line)


def describe_action(term: Terminal, variant: str, names: Sequence[str], action: Action) -> str:
    """What taking ``action`` does, as a phrase for the list of moves."""
    return action_phrase(term.t, "console.action.", action, lambda line: line_name(term, variant, names, line))


def describe_event(term: Terminal, variant: str, names: Sequence[str], line: Mapping[str, Any]) -> str:
    """One sentence for an event line as a seat may see it (``Event.visible_to``): the shared log sentence."""
    return event_sentence(term.catalog, variant, names, line, term.line_labels, term.game_words)
