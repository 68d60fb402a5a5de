"""Guesses of the hidden tiles that agree with one seat's view (determinizations).

A guess deals the tiles the seat has not seen (the set minus its hand, the
centre and the lines) into the other hands, as many as each holds, and the
rest to the boneyard or set-aside pile, so that no seat gets a value its
public history proves it lacks (:mod:`roundhouse.bots.expert.evidence`). Everything
comes from the view and the generator, so the same view and generator give
the same guesses whatever the real hidden tiles are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from roundhouse.bots.expert.evidence import lacking
from roundhouse.bots.planner.branch import full_set
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

ATTEMPTS = 20
"""Shuffles tried before a guess ignores the proven voids (they can be too tight for a fair shuffle)."""


@dataclass(frozen=True)
class Guess:
    """Every other seat's hand and the stock (boneyard in draw order, or set-aside tiles)."""

    hands: dict[int, tuple[Tile, ...]]
    stock: tuple[Tile, ...]


class Sampler:
    """Makes guesses for one view; None from :meth:`of` when the view's counts do not add up."""

    def __init__(self, unseen: list[Tile], counts: dict[int, int], voids: dict[int, frozenset[int]]) -> None:
        self.unseen = unseen
        self.counts = counts
        self.voids = voids
        # the most constrained seats pick first, so a tight seat is not left with nothing it may hold
        self.order = sorted(counts, key=lambda seat: (-sum(not _fits(t, voids.get(seat)) for t in unseen), seat))

    @classmethod
    def of(cls, view: PlayerView) -> Sampler | None:
        """The sampler of ``view``'s hidden tiles, or None when they cannot be counted (an unknown layout)."""
        seen = set(view.hand)
        seen.update(tile for line in view.lines for tile in line.tiles)
        if view.centre is not None:
            seen.add(view.centre)
        unseen = sorted(tile for tile in full_set(view) if tile not in seen)
        counts = {seat: count for seat, count in sorted(view.hand_counts.items()) if seat != view.seat}
        stock = view.stock_count + int(view.extra.get("set_aside_count", 0))
        if len(unseen) != sum(counts.values()) + stock:
            return None
        return cls(unseen, counts, lacking(view))

    def guess(self, rng: random.Random) -> Guess:
        """One guess: uniform among the deals that respect the voids, as nearly as a few shuffles allow."""
        for _ in range(ATTEMPTS):
            pool = list(self.unseen)
            rng.shuffle(pool)
            hands: dict[int, tuple[Tile, ...]] = {}
            for seat in self.order:
                void = self.voids.get(seat)
                taken = [tile for tile in pool if _fits(tile, void)][: self.counts[seat]]
                if len(taken) < self.counts[seat]:
                    break
                hands[seat] = tuple(taken)
                chosen = set(taken)
                pool = [tile for tile in pool if tile not in chosen]
            else:
                return Guess(dict(sorted(hands.items())), tuple(pool))
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands = {}
        for seat in sorted(self.counts):
            hands[seat], pool = tuple(pool[: self.counts[seat]]), pool[self.counts[seat] :]
        return Guess(hands, tuple(pool))


def _fits(tile: Tile, void: frozenset[int] | None) -> bool:
    """True when ``tile`` carries no value of ``void``."""
    return not void or (tile.a not in void and tile.b not in void)
