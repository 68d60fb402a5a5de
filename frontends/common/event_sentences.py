"""The log's sentences (DX.11), one set for every front end.

Each public event line (``Event.visible_to``) becomes one sentence in the
player's language, from the ``log.*`` keys of the UI catalog. Words that
differ between games are looked up with the variant id as a key suffix
(``log.pass.mexican-train``) and fall back to ``<key>.default``, so a
third-party game reads sensibly without any change here. Owed doubles
are not events: :func:`owed_sentences` tells them from two views' ``owed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import LineId
from roundhouse.core.game.views import OwedDouble
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.game_words import GameWords


def variant_words(catalog: Catalog, base: str, variant: str, **values: Any) -> str:
    """``<base>.<variant>`` when the catalog has it, else ``<base>.default``."""
    key = f"{base}.{variant}"
    return catalog.t(key if catalog.has(key) else f"{base}.default", **values)


def seat_name(names: Sequence[str], seat: Any) -> str:
    """The name of ``seat`` (1-based, an int or its text), or the seat as text."""
    try:
        index = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    return names[index - 1] if 1 <= index <= len(names) else str(seat)


def line_words(
    catalog: Catalog,
    variant: str,
    names: Sequence[str],
    line: LineId | str,
    labels: Mapping[LineId, str] | None = None,
) -> str:
    """A line in words: the game's own label ("Arm 3"), else "Ana's train", "Bo's branch", "the Mexican train".

    Only an int is a seat: a line id made of digits is a name like any other.
    """
    if labels and line in labels:
        return labels[line]
    if isinstance(line, int):
        return variant_words(catalog, "log.line.owned", variant, owner=seat_name(names, line))
    key = f"log.line.{line}"
    return catalog.t(key) if catalog.has(key) else catalog.t("log.line.other", line=line)


def per_seat(names: Sequence[str], values: Mapping[Any, Any]) -> str:
    """ "Ana 12, Bo 0" in seat order."""
    ordered = sorted(values.items(), key=lambda item: int(item[0]))
    return ", ".join(f"{seat_name(names, seat)} {value}" for seat, value in ordered)


def event_sentence(
    catalog: Catalog,
    variant: str,
    names: Sequence[str],
    line: Mapping[str, Any],
    labels: Mapping[LineId, str] | None = None,
    game: GameWords | None = None,
) -> str:
    """One sentence for an event line as a seat may see it; ``labels`` name a game's own lines.

    ``game`` gives the game's own words: the reasons of ``score`` events
    ("Ana scores 10: the ends add up to 10") and of a game's own round ends.
    """
    kind = line.get("type")
    player = seat_name(names, line.get("seat"))
    t = catalog.t
    if kind == "deal":
        counts = per_seat(names, line.get("hand_counts", {}))
        sentence = t("log.deal", round=line.get("round"), counts=counts, stock=line.get("stock_count", 0))
        hand = line.get("hand")
        return f"{sentence} {t('log.your_hand', tiles=' '.join(hand))}" if hand else sentence
    if kind == "redeal":
        reason = f"log.redeal.{line.get('reason')}"
        return t(reason if catalog.has(reason) else "log.redeal.default", round=line.get("round"))
    if kind == "draw":
        key = "log.draw_search" if line.get("why") == "search" else "log.draw"
        return t(key + ("_seen" if "tile" in line else ""), player=player, tile=line.get("tile"))
    if kind in ("engine", "open", "end_first_turn", "restart"):
        return t(f"log.{kind}", player=player, tile=line.get("tile"), round=line.get("round"))
    if kind == "play":
        where = line_words(catalog, variant, names, line.get("line", "?"), labels)
        return t("log.play", player=player, tile=line.get("tile"), line=where, end=line.get("end"))
    if kind == "pass":
        return variant_words(catalog, "log.pass", variant, player=player)
    if kind == "score":
        return score_sentence(catalog, names, line, game)
    if kind == "round_end":
        return round_end_sentence(catalog, variant, names, line, game)
    if kind == "match_end":
        winners = [seat_name(names, s) for s in line.get("winners", [])]
        key = "log.match_end" if len(winners) == 1 else "log.match_end_shared"
        return t(key, winners=", ".join(winners))
    details = ", ".join(f"{k} {v}" for k, v in line.items() if k != "type")
    return t("log.other", kind=kind, details=details)


def score_sentence(catalog: Catalog, names: Sequence[str], line: Mapping[str, Any], game: GameWords | None) -> str:
    """ "Ana scores 10: the ends add up to 10." (the reason in the game's own words)."""
    reason = str(line.get("reason", ""))
    why = game.text(reason, line.get("values")) if game is not None else reason
    return catalog.t("score_log", player=seat_name(names, line.get("seat")), points=line.get("points"), why=why)


def round_end_sentence(
    catalog: Catalog, variant: str, names: Sequence[str], line: Mapping[str, Any], game: GameWords | None = None
) -> str:
    """Who went out (or why the round is blocked, or who reached the target), this round's points and the totals.

    A reason other than ``out``, ``blocked`` and ``target`` is the game's
    own: its catalog's ``round_end.<reason>`` says it.
    """
    hands = line.get("hands", {})
    reason = line.get("reason")
    if reason == "out":
        out = [seat_name(names, seat) for seat, tiles in sorted(hands.items(), key=lambda i: int(i[0])) if not tiles]
        how = catalog.t("log.went_out", players=", ".join(out) or "?")
    elif reason == "target":
        how = catalog.t("goal_reached", players=target_reachers(names, line))
    elif reason not in ("blocked", None) and game is not None and game.has(f"round_end.{reason}"):
        how = game.text(f"round_end.{reason}")
    else:
        how = variant_words(catalog, f"log.ended.{line.get('reason')}", variant)
    totals = per_seat(names, line.get("totals", {}))
    result = round_result(catalog, variant, names, line)
    return catalog.t("log.round_end", round=line.get("round"), how=how, result=result, totals=totals)


def target_reachers(names: Sequence[str], line: Mapping[str, Any]) -> str:
    """Who reached the match's target in a ``round_end`` with the reason ``target``: the highest totals."""
    totals = line.get("totals", {})
    best = max(totals.values(), default=0)
    return (
        ", ".join(seat_name(names, s) for s, v in sorted(totals.items(), key=lambda i: int(i[0])) if v == best) or "?"
    )


def round_result(catalog: Catalog, variant: str, names: Sequence[str], line: Mapping[str, Any]) -> str:
    """Who scored the round and why (DB.10, MT.15).

    A key for the round's end reason (``log.scores.blocked.<variant>``,
    ``log.points.blocked.<variant>``) comes before the game's own key, then
    the default.
    """
    points = line.get("points", {})
    reason = line.get("reason")
    scorers = [(seat, value) for seat, value in points.items() if value]
    scores = _known(catalog, f"log.scores.{reason}.{variant}", f"log.scores.{variant}")
    if len(scorers) == 1 and scores is not None:
        return catalog.t(scores, player=seat_name(names, scorers[0][0]), points=scorers[0][1])
    if not scorers and catalog.has(f"log.no_score.{variant}"):
        return catalog.t(f"log.no_score.{variant}")
    key = _known(catalog, f"log.points.{reason}.{variant}", f"log.points.{variant}") or "log.points.default"
    return catalog.t(key, points=per_seat(names, points))


def _known(catalog: Catalog, *keys: str) -> str | None:
    """The first of ``keys`` the catalog has."""
    return next((key for key in keys if catalog.has(key)), None)


def owed_sentences(
    catalog: Catalog,
    variant: str,
    names: Sequence[str],
    before: Sequence[OwedDouble],
    after: Sequence[OwedDouble],
) -> list[str]:
    """Doubles covered since ``before``, then doubles newly owed in ``after`` (MT.12), oldest first."""
    covered = [owed for owed in before if owed not in after]
    arisen = [owed for owed in after if owed not in before]
    sentences = [
        catalog.t("log.owed_covered", tile=o.tile, line=line_words(catalog, variant, names, o.line)) for o in covered
    ]
    sentences += [
        catalog.t("log.owed_new", tile=o.tile, line=line_words(catalog, variant, names, o.line)) for o in arisen
    ]
    return sentences


def extra_play_sentence(catalog: Catalog, player: str) -> str:
    """A human owes an extra play after their double (MT.11a)."""
    return catalog.t("log.extra_play", player=player)
