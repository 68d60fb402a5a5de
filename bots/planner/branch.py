"""Double-Nine Branch plan: keep your own branch playable and stall the leader.

Published advice for block games with private branches: while your branch is
closed only you can lay ordinary tiles on it, so the longest trail of your
hand from its end is a run of turns nobody can take away (the same search as
the Mexican Train plan). Lay the tiles off that trail first, on open branches
and as doubles, while those chances last; shed heavy tiles first; a pass
opens your branch, so keep a play for next turn. Every change to an open
branch's end is weighed by what it gives or takes from the opponents, most
of all the leader (fewest tiles, highest total): a pass shows which values a
player lacks, and since nobody draws in this game (DB.2) that stays true for
the whole round.

Only the seat's hand, the public layout, hand counts, totals and the public
history are used (DX.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from roundhouse.core.game.actions import Action, OpenDouble, Play
from roundhouse.core.game.chains import longest_trail
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

TILE = 10.0
"""Value of one tile that can surely be laid on one's own branch later."""
PIP = 0.5
"""Value of one pip shed now."""
NEXT_TURN = 6.0
"""Value of still holding a play for the next turn (a pass would open the branch)."""
GIVE = 12.0
"""Cost of raising one opponent's chance of playing by 1 (times its threat)."""
OUT = 1000.0
"""Going out wins the round."""


@dataclass(frozen=True)
class Layout:
    """Public facts of the round: ends, open branches, values each seat is known to lack, unseen tiles."""

    ends: dict[int, int]
    open_lines: frozenset[int]
    lacking: dict[int, frozenset[int]]
    unseen: tuple[Tile, ...]
    counts: dict[int, int]


def choose_branch(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The planner's Double-Nine Branch decision (one of ``legal``)."""
    openings = [a for a in legal if isinstance(a, OpenDouble)]
    if openings:
        return max(openings, key=lambda a: _opening_key(view.hand, a.tile))
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # the forced pass
    own = view.seat
    assert own is not None
    hand = tuple(sorted(view.hand))
    layout = read_layout(view)
    plan = longest_trail(hand, layout.ends[own])
    threats = _threats(view)
    before = {o: _mobility(layout, o, layout.ends, _closed(layout.open_lines, own)) for o in threats}
    best, best_score = plays[0], float("-inf")
    for play in plays:
        score = _score(view, layout, hand, plan, threats, before, play)
        if score > best_score:
            best, best_score = play, score
    return best


def _opening_key(hand: Sequence[Tile], double: Tile) -> tuple[int, int]:
    """A later round's opening double: the longest trail it leaves from its value, then the heaviest."""
    rest = tuple(sorted(t for t in hand if t != double))
    return (len(longest_trail(rest, double.a)), double.pips)


def _closed(open_lines: frozenset[int], own: int) -> frozenset[int]:
    """The open branches once the seat has played: its own closes (DB.8c)."""
    return open_lines - {own}


def _score(
    view: PlayerView,
    layout: Layout,
    hand: tuple[Tile, ...],
    plan: tuple[Tile, ...],
    threats: dict[int, float],
    before: dict[int, float],
    play: Play,
) -> float:
    """One move's score: sure turns left on the own branch, pips shed, a play kept, opponents' chances moved."""
    own = view.seat
    tile = play.tile
    rest = tuple(t for t in hand if t != tile)
    if not rest:
        return OUT + tile.pips
    ends = dict(layout.ends)
    ends[play.line] = tile.other(ends[play.line])
    trail = plan if play.line != own and tile not in plan else longest_trail(rest, ends[own])
    open_after = _closed(layout.open_lines, own)
    score = TILE * len(trail) + PIP * tile.pips
    if trail or any(_playable(t, own, ends, open_after) for t in rest):
        score += NEXT_TURN
    for opponent, threat in threats.items():
        score -= GIVE * threat * (_mobility(layout, opponent, ends, open_after) - before[opponent])
    return score


def _playable(tile: Tile, seat: int, ends: dict[int, int], open_lines: frozenset[int]) -> bool:
    """Could ``seat`` lay ``tile`` on this layout (own branch, another open branch, or a double anywhere)?"""
    if tile.has(ends[seat]):
        return True
    return any(tile.has(end) and (tile.is_double or line in open_lines) for line, end in ends.items() if line != seat)


def _mobility(layout: Layout, seat: int, ends: dict[int, int], open_lines: frozenset[int]) -> float:
    """Estimated chance that ``seat`` holds a tile for one of the values open to it.

    Values open to a seat: its own branch's end and the ends of the others'
    open branches. Values it showed it lacks count zero; the rest use the
    share of unseen tiles carrying the value (the unseen tiles are the other
    hands and the set-aside ones, never looked at).
    """
    values = {ends[seat]} | {end for line, end in ends.items() if line != seat and line in open_lines}
    values -= layout.lacking.get(seat, frozenset())
    if not values or not layout.unseen:
        return 0.0
    carrying = sum(1 for t in layout.unseen if t[0] in values or t[1] in values)
    share = carrying / len(layout.unseen)
    return 1.0 - (1.0 - share) ** layout.counts.get(seat, 0)


def _threats(view: PlayerView) -> dict[int, float]:
    """How much each opponent's chances matter: more with fewer tiles and a higher total."""
    target = view.extra.get("target", 100) or 100
    return {
        seat: 1.0 / max(count, 1) + view.totals.get(seat, 0) / target
        for seat, count in view.hand_counts.items()
        if seat != view.seat
    }


def read_layout(view: PlayerView) -> Layout:
    """The layout from the view, and what the round's public history shows each seat lacks.

    A seat that passed held no tile for its own branch's end nor for the
    end of any other open branch, and no double of any end (DB.7, DB.8a).
    Hands never grow in this game, so that stays true all round.
    """
    ends = {int(line.id): line.end for line in view.lines}
    open_lines = frozenset(int(line.id) for line in view.lines if line.available)
    lacking: dict[int, set[int]] = {}
    seen: list[Tile] = list(view.hand)
    then: dict[int, int] = {}
    order: list[int] = []
    for event in view.history:
        if event.type in ("deal", "redeal", "restart"):
            lacking, then, order = {}, {}, []
            seen = list(view.hand)
        elif event.type == "open":
            tile = Tile.parse(event["tile"])
            seen.append(tile)
            then = {seat: tile.a for seat in range(1, view.players + 1)}
        elif event.type == "play":
            seen.append(Tile.parse(event["tile"]))
            then[int(event["line"])] = int(event["end"])
            if event["seat"] in order:
                order.remove(event["seat"])
        elif event.type == "pass":
            seat = int(event["seat"])
            values = {then.get(seat)} | {then[o] for o in order if o != seat}
            lacking.setdefault(seat, set()).update(v for v in values if v is not None)
            if seat not in order:
                order.append(seat)
    known = set(seen)
    unseen = tuple(t for t in full_set(view) if t not in known)
    return Layout(ends, open_lines, {s: frozenset(v) for s, v in lacking.items()}, unseen, dict(view.hand_counts))


def full_set(view: PlayerView) -> list[Tile]:
    """Every tile of the double-N set in play: hands, boneyard or set-aside tiles, centre and lines count them all."""
    laid = sum(len(line.tiles) for line in view.lines) + (view.centre is not None)
    stock = view.stock_count + int(view.extra.get("set_aside_count", 0))
    total = sum(view.hand_counts.values()) + stock + laid
    highest = 0
    while (highest + 1) * (highest + 2) // 2 < total:
        highest += 1
    return [Tile(a, b) for a in range(highest + 1) for b in range(a, highest + 1)]
