"""Mexican Train plan: keep a long personal train, unload the rest elsewhere.

The ideas are the usual published advice for the game: in the first turn lay
the longest chain the hand allows from the engine; afterwards keep that chain
for your own train (only you may use it while it is unmarked), unload tiles
that are off the chain on the Mexican train and on marked trains, heaviest
first, play a double only when you can follow it, do not leave your own train
marked or a double exposed on it, and cover owed doubles with the tile the
plan misses least. When an opponent is close to going out, shedding pips
weighs more.

A normal turn is planned exactly over the player's own choices: every legal
tile, and after a double every follow-up (MT.11), is tried on the public
layout; each end of turn is scored by :func:`_score_leaf`. Only the view's
public facts and the seat's own hand are used (DX.4).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from roundhouse.core.game.actions import Action, EndTurn, LineId, Play
from roundhouse.core.game.chains import longest_trail
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView

TILE = 10.0
"""Value of one tile laid now or still layable on the personal train."""
PIP = 0.3
"""Value of one pip shed in a normal position."""
ENDGAME_PIP = 1.5
"""Value of one pip shed once an opponent is close to going out."""
ENDGAME_TILES = 3
"""An opponent with this many tiles or fewer makes it the endgame."""
MARKED = 10.0
"""Cost of ending the turn with one's own train marked (plus a share of the chain at risk)."""
OWN_DOUBLE_EXPOSED = 4.0
"""Cost of leaving a double uncovered on one's own train (its chain also counts for nothing then:
the next players must cover it there and move its end)."""
OTHER_DOUBLE_EXPOSED = 2.0
"""Gain of leaving a double uncovered elsewhere: the next players owe it."""
STUCK = 8.0
"""Cost of owing an extra play that no tile in hand can make (a draw, maybe a pass and a marker)."""
DISRUPT = 1.0
"""Gain of laying on an opponent's marked train (its owner's chain is broken)."""
OUT = 1000.0
"""Going out ends the round with nothing left in hand."""
MAX_DOUBLES = 2
"""Follow-ups after doubles planned within one turn before scoring the rest as a leaf."""


@dataclass(frozen=True)
class _Table:
    """The public facts of a normal turn, from the seat's own view."""

    seat: int
    own_last: Tile | None
    own_end: int
    plan: frozenset[Tile]
    plan_length: int
    targets: tuple[LineId, ...]
    opponents_marked: frozenset[LineId]
    endgame: bool


def choose_mexican(view: PlayerView, legal: Sequence[Action]) -> Action:
    """The planner's Mexican Train decision (one of ``legal``)."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # engine, draw, pass or end: never more than one of them is legal with no play
    hand = tuple(sorted(view.hand))
    own = view.seat
    assert own is not None
    ends = {line.id: line.end for line in view.lines}
    if view.phase == "first_turn":
        chain = longest_trail(hand, ends[own])
        wanted = Play(chain[0], own) if chain else EndTurn()
        return wanted if wanted in legal else plays[0]
    table = _table(view, hand, ends[own])
    covering = bool(view.owed) and not view.extra.get("extra_play_owed", False)
    own_marked = own in view.extra.get("markers", frozenset())
    best, best_score = plays[0], float("-inf")
    for play in plays:
        score = _score_play(table, hand, dict(ends), own_marked, (), play, covering, 0)
        if score > best_score:
            best, best_score = play, score
    return best


def _table(view: PlayerView, hand: tuple[Tile, ...], own_end: int) -> _Table:
    own = view.seat
    plan = longest_trail(hand, own_end)
    own_tiles = view.line(own).tiles
    targets = tuple(line.id for line in view.lines if line.id == own or line.owner is None or line.available)
    marked = frozenset(line.id for line in view.lines if line.owner not in (None, own) and line.available)
    counts = [n for seat, n in view.hand_counts.items() if seat != own]
    return _Table(
        own,
        own_tiles[-1] if own_tiles else None,
        own_end,
        frozenset(plan),
        len(plan),
        targets,
        marked,
        bool(counts) and min(counts) <= ENDGAME_TILES,
    )


def _score_play(
    table: _Table,
    hand: tuple[Tile, ...],
    ends: dict[LineId, int],
    own_marked: bool,
    played: tuple[Play, ...],
    play: Play,
    covering: bool,
    depth: int,
) -> float:
    """Best end-of-turn score reachable by laying ``play`` now."""
    tile = play.tile
    hand = tuple(t for t in hand if t != tile)
    ends[play.line] = tile.other(ends[play.line])
    if play.line == table.seat:
        own_marked = False
    played = played + (play,)
    if not hand:
        return OUT + _score_leaf(table, hand, ends, own_marked, played, stuck=False)
    if not tile.is_double or covering:
        return _score_leaf(table, hand, ends, own_marked, played, stuck=False)
    follows = [Play(t, line) for t in hand for line in table.targets if t.has(ends[line])]
    if not follows:
        return _score_leaf(table, hand, ends, own_marked, played, stuck=True)
    if depth >= MAX_DOUBLES:
        return _score_leaf(table, hand, ends, own_marked, played, stuck=False) + TILE
    return max(_score_play(table, hand, dict(ends), own_marked, played, f, False, depth + 1) for f in follows)


def _score_leaf(
    table: _Table,
    hand: tuple[Tile, ...],
    ends: Mapping[LineId, int],
    own_marked: bool,
    played: tuple[Play, ...],
    stuck: bool,
) -> float:
    """How good the end of a turn is: tiles laid plus the personal train still in hand, and the rest."""
    chain = _chain_length(table, hand, ends[table.seat], played)
    own_last = next((p.tile for p in reversed(played) if p.line == table.seat), table.own_last)
    exposed = own_last is not None and own_last.is_double
    if exposed:
        chain = 0  # the next players must cover it on this train and move its end: the chain is not safe
    shed = sum(p.tile.pips for p in played)
    score = TILE * (len(played) + chain) + shed * (ENDGAME_PIP if table.endgame else PIP)
    if exposed:
        score -= OWN_DOUBLE_EXPOSED
    if own_marked:
        score -= MARKED + min(chain, 4) * 2.0
    if stuck:
        score -= STUCK
    for index, play in enumerate(played):
        if play.line in table.opponents_marked:
            score += DISRUPT
        if play.line != table.seat and play.tile.is_double and all(p.line != play.line for p in played[index + 1 :]):
            score += OTHER_DOUBLE_EXPOSED
    return score


def _chain_length(table: _Table, hand: tuple[Tile, ...], own_end: int, played: tuple[Play, ...]) -> int:
    """Length of the personal train left in ``hand``: the turn's plan when untouched, else searched again."""
    if own_end == table.own_end and not any(p.tile in table.plan for p in played):
        return table.plan_length
    return len(longest_trail(hand, own_end))
