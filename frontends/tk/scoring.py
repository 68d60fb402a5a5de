"""Scoring games in the window: the goal and running count in the heading, points in the feed, the lead's words.

Read from the view's optional fields (``goal``, ``count``) and public
``score`` events, in the game's own words
(:class:`roundhouse.frontends.common.game_words.GameWords`); a game that sets none of
them is shown exactly as before.
"""

from __future__ import annotations

from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.record import action_of
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.event_sentences import score_sentence
from roundhouse.frontends.common.game_words import GameWords


def goal_heading(catalog: Catalog, game: GameWords, view: PlayerView) -> str | None:
    """ "Round 2 · first to 61 points" when the game states its goal; None otherwise."""
    if view.goal is None:
        return None
    return catalog.t("goal_round", round=view.round, goal=game.phrase(view.goal))


def with_count(game: GameWords, view: PlayerView, label: str) -> str:
    """The centre's ``label`` followed by the game's running count ("Centre 3-4 · Open ends: 7").

    Without a spinner the count goes beside the centre; with one, the cross
    shows it (see :mod:`roundhouse.frontends.tk.spinner`).
    """
    if view.count is None or view.spinner is not None:
        return label
    return f"{label} · {game.phrase(view.count)}"


def score_feed(catalog: Catalog, game: GameWords, view: PlayerView) -> tuple[str, ...]:
    """Points scored since the viewer's own last decision this round, one sentence each, oldest first."""
    if view.seat is None:
        return ()
    history = list(view.history)
    mine = [i for i, e in enumerate(history) if e.get("seat") == view.seat and action_of({"type": e.type, **e.data})]
    since = history[mine[-1] + 1 :] if mine else history
    names = list(view.names)
    return tuple(score_sentence(catalog, names, e.data, game) for e in since if e.type == "score")


def own_words(game: GameWords, key: str) -> str | None:
    """The game's own sentence for one of the window's prompts (``open.prompt``, ``open.waiting``), or None."""
    return game.text(key) if game.has(key) else None
