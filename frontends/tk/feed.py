"""The "since your last turn" feed: the other players' decisions since the viewer's latest one.

Read from a view's public history of the current round, so it stays the
same until the viewer decides again (then it starts afresh). Each entry is
one turn of one player: their seat and the decisions they made in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from roundhouse.core.game.actions import Action, LineId, Play
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.record import action_of
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.action_words import action_phrase


def event_action(event: Event) -> Action | None:
    """The decision a public event records, or None for what nobody decided (deals, engine-search draws)."""
    return action_of({"type": event.type, **event.data})


@dataclass(frozen=True)
class Turn:
    """One player's consecutive decisions."""

    seat: int
    actions: tuple[Action, ...]


def turns_since_last_decision(view: PlayerView) -> tuple[Turn, ...]:
    """The other seats' turns after the viewer's latest decision this round (all of them before it)."""
    if view.seat is None:
        return ()
    decisions = [(e["seat"], a) for e in view.history if (a := event_action(e)) is not None and "seat" in e.data]
    mine = [i for i, (seat, _) in enumerate(decisions) if seat == view.seat]
    since = decisions[mine[-1] + 1 :] if mine else decisions
    turns: list[Turn] = []
    for seat, action in since:
        if turns and turns[-1].seat == seat:
            turns[-1] = Turn(seat, turns[-1].actions + (action,))
        else:
            turns.append(Turn(seat, (action,)))
    return tuple(turns)


def _grouped(actions: tuple[Action, ...]) -> list[tuple[Action, tuple[Tile, ...]]]:
    """Consecutive plays on one line become one entry with all their tiles."""
    groups: list[tuple[Action, tuple[Tile, ...]]] = []
    for action in actions:
        last = groups[-1][0] if groups else None
        if isinstance(action, Play) and isinstance(last, Play) and last.line == action.line:
            groups[-1] = (last, groups[-1][1] + (action.tile,))
        else:
            groups.append((action, (action.tile,) if isinstance(action, Play) else ()))
    return groups


def feed_sentences(catalog: Catalog, view: PlayerView, line_words: Callable[[LineId], str]) -> tuple[str, ...]:
    """One sentence per turn: "Bo: drew a tile, then played 5-6 on the Mexican train".

    Several tiles laid in a row on one line read as one phrase ("played 6-7, 7-1 on ...").
    """
    sentences = []
    for turn in turns_since_last_decision(view):
        phrases = []
        for action, tiles in _grouped(turn.actions):
            shown = ", ".join(str(tile) for tile in tiles)

            def t(key: str, shown: str = shown, **values: object) -> str:
                return catalog.t(key, **{**values, "tile": shown} if shown else values)

            phrases.append(action_phrase(t, "tk.feed.", action, line_words))
        moves = catalog.t("tk.feed.then").join(phrases)
        sentences.append(catalog.t("tk.feed.turn", name=view.name(turn.seat), moves=moves))
    return tuple(sentences)
