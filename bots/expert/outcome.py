"""How good the end of a rollout is for the seat that searches: the match, not just the round.

- Mexican Train (penalties over 13 rounds, lowest total wins, MT.15): the
  opponents' mean total minus the seat's own, after the round's penalties,
  plus a bonus for a won match when the round was the last.
- Double-Nine Branch (a race to the target, DB.11): the seat's total minus
  the best opponent's, plus or minus the target when the round ends the match.
"""

from __future__ import annotations

from collections.abc import Callable

from roundhouse.core.game.state import MatchState
from roundhouse.core.game.views import PlayerView

MATCH_WON = 50.0
"""Mexican Train: a won match is worth this many penalty points of margin."""


def mexican(view: PlayerView, state: MatchState) -> float:
    """Opponents' mean total minus the seat's own, plus :data:`MATCH_WON` for a won match."""
    totals = state.totals()
    own = totals.pop(view.seat)
    margin = sum(totals.values()) / len(totals) - own
    return margin + (MATCH_WON if view.seat in state.winners() else 0.0)


def branch(view: PlayerView, state: MatchState) -> float:
    """The seat's total minus the best opponent's, plus or minus the target when the match ends."""
    totals = state.totals()
    own = totals.pop(view.seat)
    margin = own - max(totals.values())
    if not state.is_over():
        return margin
    target = float(view.extra.get("target", 100))
    return margin + (target if view.seat in state.winners() else -target)


OUTCOMES: dict[str, Callable[[PlayerView, MatchState], float]] = {
    "mexican-train": mexican,
    "double-nine-branch": branch,
}
"""Variant id to its outcome measure; another game gets the planner's choice."""
