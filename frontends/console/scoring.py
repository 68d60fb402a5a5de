"""Scoring games in the console: the goal, the spinner, the running count and points won during a round.

Everything comes from the view's optional fields (``goal``, ``count``,
``spinner``) and public events, in the game's own words
(:class:`roundhouse.frontends.common.game_words.GameWords`); a game that sets none of
them is shown exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.views import PlayerView
from roundhouse.frontends.console.terminal import Terminal


def goal_title(term: Terminal, view: PlayerView) -> str | None:
    """ "Round 2 · first to 61 points" when the game states its goal, else None."""
    if view.goal is None:
        return None
    return term.t("goal_round", round=view.round, goal=term.game_words.phrase(view.goal))


def spinner_row(term: Terminal, view: PlayerView) -> str | None:
    """The centre as a spinner, the middle of a cross whose arms are the lines below it; None without one."""
    if view.spinner is None:
        return None
    return term.t("score_spinner", tile=view.spinner.tile)


def count_row(term: Terminal, view: PlayerView) -> str | None:
    """The game's running count ("Open ends: 15"), or None."""
    return None if view.count is None else term.game_words.phrase(view.count)


def gain_reveal_lines(term: Terminal, names: Sequence[str], event: Mapping[str, Any]) -> list[str]:
    """End of a round in a game whose points are gains: each hand, and apart from it what the seat scored."""
    out = [term.t("score_reveal_title", round=event["round"])]
    for seat, hand in sorted(event["hands"].items(), key=lambda item: int(item[0])):
        points = event["points"].get(seat, event["points"].get(str(seat), 0))
        tiles = " ".join(hand) if hand else term.t("console.no_tiles")
        out.append("  " + term.t("score_reveal_gain", player=names[int(seat) - 1], tiles=tiles, points=points))
    return out


def round_so_far(
    term: Terminal, players: int, round_number: int, round_ends: Sequence[Mapping[str, Any]], totals: Mapping
) -> tuple[str, list[int]] | None:
    """The points won so far in the current round (totals less the last round's), or None when there are none.

    Keeps the ``scores`` table's rows adding up to its total in a game that
    scores during a round (``score`` events).
    """
    if round_number <= 0 or (round_ends and round_ends[-1]["round"] >= round_number):
        return None  # not asked, or no round under way
    before = round_ends[-1]["totals"] if round_ends else {}
    now = [totals.get(s, totals.get(str(s), 0)) - before.get(str(s), before.get(s, 0)) for s in range(1, players + 1)]
    if not any(now):
        return None
    return term.t("score_round_so_far", round=round_number), now
