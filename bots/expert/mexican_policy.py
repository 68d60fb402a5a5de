"""Mexican Train rollout policy: the planner's judgement, cheaply (MT.6, MT.8-MT.12).

Like the planner (:mod:`roundhouse.bots.planner.mexican`) a seat keeps the trail of
its hand that extends its own train: in its first turn it lays that trail,
later it lays tiles off the trail on the Mexican train and on marked trains
first, heaviest first (pips weigh more once an opponent is close to going
out), lifts its own marker, and plays a double when it can follow it. The
trail is a greedy one (:func:`roundhouse.bots.expert.trail.greedy_trail`) and each move
is scored alone (no planning of a whole turn): a move costs some
microseconds instead of a view and a search.

The policy follows the game itself: every hand of the guess, the boneyard
in draw order, each train's end and the markers, from the actions played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from roundhouse.bots.expert.sampling import Guess
from roundhouse.bots.expert.tracking import Tracked, guessed_hands
from roundhouse.bots.expert.trail import Trails, greedy_trail
from roundhouse.core.game.actions import Action, Draw, EndTurn, LineId, Pass, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

TILE = 10.0
"""Value of one tile laid now or kept on the own train's trail (the planner's weight)."""
PIP = 0.3
"""Value of one pip shed in a normal position."""
ENDGAME_PIP = 1.5
"""Value of one pip shed once an opponent holds :data:`ENDGAME_TILES` or fewer."""
ENDGAME_TILES = 3
MARKED = 10.0
"""Gain of lifting the own train's marker."""
STUCK = 8.0
"""Cost of a double the hand cannot follow."""


class MexicanPolicy(Tracked):
    """Every seat's hand, the boneyard, each train's end and the markers, and the planner-like choice they give."""

    def __init__(
        self,
        hands: Mapping[int, Sequence[Tile]],
        stock: Sequence[Tile],
        ends: Mapping[LineId, int],
        markers: Iterable[int],
        trails: Trails | None = None,
    ) -> None:
        super().__init__(hands, ends, trails)
        self.stock = list(stock)
        self.markers = set(markers)

    @classmethod
    def of(cls, view: PlayerView, guess: Guess) -> MexicanPolicy:
        """The policy of the position ``view`` shows, with the other hands and the boneyard of ``guess``."""
        ends = {line.id: line.end for line in view.lines}
        return cls(guessed_hands(view, guess), guess.stock, ends, view.extra.get("markers", ()))

    def copy(self) -> MexicanPolicy:
        return MexicanPolicy(self.hands, self.stock, self.ends, self.markers, self.trails)

    def observe(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            self.lay(seat, action.tile, action.line)
            if action.line == seat:
                self.markers.discard(seat)
        elif isinstance(action, Draw):
            self.hands[seat].append(self.stock.pop(0))
            self.trails.drew(seat)
        elif isinstance(action, Pass):
            self.markers.add(seat)

    def choose(self, seat: int, legal: Sequence[Action]) -> Action:
        """In a first turn the own trail; later the play keeping most of it, then shedding, then lifting the marker."""
        plays = [action for action in legal if isinstance(action, Play)]
        if not plays:
            return legal[0]
        hand = self.hands[seat]
        own_end = self.ends[seat]
        trail = self.trails.of(seat, hand, own_end)
        if EndTurn() in legal:  # a first turn under way: lay the trail (MT.6)
            return next((p for p in plays if trail and p.tile == trail[0]), plays[0])
        endgame = any(len(h) <= ENDGAME_TILES for s, h in self.hands.items() if s != seat)
        pip = ENDGAME_PIP if endgame else PIP
        marked = seat in self.markers
        best, best_score = plays[0], float("-inf")
        for play in plays:
            tile = play.tile
            rest = [t for t in hand if t != tile]
            if play.line == seat:
                end = tile[1] if tile[0] == own_end else tile[0]
                kept = len(trail) - 1 if trail and trail[0] == tile else len(greedy_trail(rest, end))
            else:
                end = own_end
                kept = trail.index(tile) if tile in trail else len(trail)
            score = TILE * (1 + kept) + pip * tile.pips
            if marked and play.line == seat:
                score += MARKED
            if tile.is_double and rest:
                value = tile[0]
                if any(t[0] == value or t[1] == value for t in rest):
                    score += TILE
                else:
                    score -= STUCK
            if score > best_score:
                best, best_score = play, score
        return best
