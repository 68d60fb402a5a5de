"""Double-Nine Branch rollout policy: the planner's judgement, cheaply (DB.7, DB.8).

Like the planner (:mod:`roundhouse.bots.planner.branch`) a seat keeps the trail of
its hand that extends its own branch, lays tiles off that trail on other
branches first, sheds heavy tiles and keeps a play for its next turn. The
trail is a greedy one (doubles first, then the tile whose far end the hand
can follow most, then the heaviest) instead of the planner's search, and
of the opponents' chances only the one that matters most is weighed: does a
play on another seat's branch give its owner a play there, or take one
away (the guess says what the owner holds). A move costs some microseconds
instead of a view and a search.

The policy follows the game itself: every hand of the guess, and each
branch's end, updated from the actions played.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.expert.sampling import Guess
from roundhouse.bots.expert.tracking import Tracked, guessed_hands
from roundhouse.bots.expert.trail import Trails, greedy_trail
from roundhouse.core.game.actions import Action, OpenDouble, Pass, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

TILE = 10.0
"""Value of one tile of the own branch's trail kept in hand (the planner's weight)."""
PIP = 0.5
"""Value of one pip shed now."""
NEXT_TURN = 6.0
"""Value of still holding a play for the own branch next turn."""
GIVE = 12.0
"""Cost of giving a branch's owner a play on it it had not (times how close the owner is to going out)."""


class BranchPolicy(Tracked):
    """Every seat's hand and every branch's end, and the planner-like choice they give."""

    @classmethod
    def of(cls, view: PlayerView, guess: Guess) -> BranchPolicy:
        """The policy of the position ``view`` shows, with the other hands of ``guess``."""
        return cls(guessed_hands(view, guess), {int(line.id): line.end for line in view.lines})

    def copy(self) -> BranchPolicy:
        return BranchPolicy(self.hands, self.ends, self.trails)

    def observe(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            self.lay(seat, action.tile, action.line)
        elif isinstance(action, OpenDouble):
            self.hands[seat].remove(action.tile)
            self.ends = dict.fromkeys(self.hands, action.tile.a)
            self.trails = Trails()
        else:
            assert isinstance(action, Pass)

    def choose(self, seat: int, legal: Sequence[Action]) -> Action:
        """The play keeping most of the own trail, then shedding most pips, then keeping a next turn."""
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]  # an opening double: the first (highest) one
        hand = self.hands[seat]
        own_end = self.ends[seat]
        trail = self.trails.of(seat, hand, own_end)
        best, best_score = plays[0], float("-inf")
        for play in plays:
            tile = play.tile
            rest = [t for t in hand if t != tile]
            end = own_end
            if play.line == seat:
                end = tile[1] if tile[0] == own_end else tile[0]
                kept = len(trail) - 1 if trail and trail[0] == tile else len(greedy_trail(rest, end))
            elif tile in trail:
                kept = trail.index(tile)
            else:
                kept = len(trail)
            score = TILE * kept + PIP * tile.pips
            if kept or any(t[0] == end or t[1] == end for t in rest):
                score += NEXT_TURN
            if play.line != seat and GIVE:
                score -= GIVE * self._given(play.line, tile)
            if score > best_score:
                best, best_score = play, score
        return best

    def _given(self, line: int, tile: Tile) -> float:
        """How much laying ``tile`` on ``line`` helps its owner: +1 for a play gained, -1 lost, over its tile count."""
        hand = self.hands[line]
        if not hand:
            return 0.0
        end = self.ends[line]
        after = tile[1] if tile[0] == end else tile[0]
        before_fits = any(t[0] == end or t[1] == end for t in hand)
        after_fits = any(t[0] == after or t[1] == after for t in hand)
        return (after_fits - before_fits) / len(hand)
