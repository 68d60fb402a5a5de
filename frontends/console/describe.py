"""Sentences for lines, actions and public events, from views and events only.

Variant-specific wording is looked up with the variant id as a key suffix
(``console.line_owned.mexican-train``) and falls back to a neutral key, so
a third-party variant reads sensibly without any change here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.actions import Action, LineId
from frontends.action_words import action_phrase
from frontends.console.terminal import Terminal


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


def _seat_name(names: Sequence[str], seat: Any) -> str:
    try:
        return names[int(seat) - 1]
    except (TypeError, ValueError, IndexError):
        return str(seat)


def describe_event(term: Terminal, variant: str, names: Sequence[str], line: Mapping[str, Any]) -> str | None:
    """One sentence for an event line as a seat may see it (``Event.visible_to``).

    Returns None for events that need no sentence of their own.
    """
    kind = line.get("type")
    player = _seat_name(names, line.get("seat"))
    if kind == "deal":
        counts = ", ".join(
            term.t("console.name_count", player=_seat_name(names, s), count=c) for s, c in line["hand_counts"].items()
        )
        return term.t("console.event.deal", round=line["round"], counts=counts, stock=line["stock_count"])
    if kind == "redeal":
        return term.t("console.event.redeal", round=line["round"])
    if kind == "draw":
        search = line.get("why") == "search"
        if "tile" in line:
            key = "console.event.draw_search_seen" if search else "console.event.draw_seen"
            return term.t(key, player=player, tile=line["tile"])
        return term.t("console.event.draw_search" if search else "console.event.draw", player=player)
    if kind == "engine":
        return term.t("console.event.engine", player=player, tile=line["tile"])
    if kind == "open":
        return term.t("console.event.open", player=player, tile=line["tile"])
    if kind == "play":
        where = line_name(term, variant, names, line["line"])
        return term.t("console.event.play", player=player, tile=line["tile"], line=where, end=line["end"])
    if kind == "end_first_turn":
        return term.t("console.event.end_first_turn", player=player)
    if kind == "pass":
        return variant_text(term, "console.event.pass", variant, player=player)
    if kind == "round_end":
        reason = variant_text(term, f"console.reason.{line['reason']}", variant)
        return term.t("console.event.round_end", round=line["round"], reason=reason)
    if kind == "restart":
        return term.t("console.event.restart", round=line["round"])
    if kind == "match_end":
        winners = [_seat_name(names, s) for s in line["winners"]]
        if len(winners) == 1:
            return term.t("console.event.match_end", winner=winners[0])
        return term.t("console.event.match_end_shared", winners=", ".join(winners))
    return term.t("console.event.other", kind=kind)
