"""``fives-scorer``: the All Fives bot that scores the most now (AF.5).

It reads only its view: the layout it shows (centre, lines, open ends) is
rebuilt as a :class:`.layout.Layout`, and every legal play is tried on it.
The play giving the highest multiple of five wins; then the heaviest tile
(fewer pips left in hand for the others to score, AF.7); ties go to the RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from roundhouse.core.game.actions import Action, OpenDouble, Play
from roundhouse.core.game.views import PlayerView

from .layout import Layout


def scored(count: int) -> int:
    """AF.5: what an open-end count scores."""
    return count if count % 5 == 0 else 0


class FivesScorer:
    """Scores the most now, else sheds the heaviest tile."""

    id = "fives-scorer"
    description = "All Fives: scores the most it can now"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        layout = None
        if view.centre is not None:
            layout = Layout.of_lines(view.centre, ((line.id, line.tiles, line.end) for line in view.lines))

        def worth(action: Action) -> tuple[int, int]:
            if isinstance(action, OpenDouble):
                return scored(Layout.lead(action.tile).count()), action.tile.pips
            if isinstance(action, Play) and layout is not None:
                return scored(layout.play(action.tile, str(action.line)).count()), action.tile.pips
            return -1, 0

        best = max(map(worth, legal_actions))
        ties = [a for a in legal_actions if worth(a) == best]
        return ties[rng.randrange(len(ties))]
