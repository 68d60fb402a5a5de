"""What a rollout policy follows of a guessed round: every hand, each line's end and each seat's trail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from roundhouse.bots.expert.sampling import Guess
from roundhouse.bots.expert.trail import Trails
from roundhouse.core.game.actions import LineId
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView


def guessed_hands(view: PlayerView, guess: Guess) -> dict[int, tuple[Tile, ...]]:
    """Every seat's hand: the view's own and the guessed others."""
    assert view.seat is not None
    return {**guess.hands, view.seat: view.hand}


class Tracked:
    """Hands, line ends and trails, copied on construction and kept up to date by :meth:`lay`."""

    def __init__(
        self, hands: Mapping[int, Sequence[Tile]], ends: Mapping[LineId, int], trails: Trails | None = None
    ) -> None:
        self.hands = {seat: list(hand) for seat, hand in hands.items()}
        self.ends = dict(ends)
        self.trails = trails.copy() if trails is not None else Trails()

    def lay(self, seat: int, tile: Tile, line: LineId) -> None:
        """``seat`` laid ``tile`` on ``line``: out of its hand, the line's end moved, trails updated."""
        end = self.ends[line]
        self.hands[seat].remove(tile)
        self.ends[line] = tile[1] if tile[0] == end else tile[0]
        self.trails.played(seat, tile, line)
