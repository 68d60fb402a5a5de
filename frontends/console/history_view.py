"""Earlier matches in the console (DX.11): the list fitted to the width, one match's log, the latest few.

Each function only builds lines from the store's history entries; the game
loop says them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from roundhouse.core.store import PAUSED, HistoryEntry, local_time
from roundhouse.frontends.common.past_matches import MatchSoFar, game_name, load_past, when, winner_names
from roundhouse.frontends.console.describe import describe_event
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.console.wrap import MIN_WIDTH, names_within

RECENT_MATCHES = 3
"""How many earlier saved matches ``log`` names after the current log."""

PLAYERS_ROOM = 16
"""The fewest columns the players of a listed match get, however narrow the terminal."""


def result_text(term: Terminal, entry: HistoryEntry) -> str:
    """How an earlier match ended: won by whom, paused (resumable) or abandoned."""
    if entry.status == PAUSED:
        return term.t("console.history_paused", id=entry.id)
    winners = winner_names(entry)
    if not winners:
        return term.t("console.history_abandoned")
    return term.t("console.history_won", winners=", ".join(winners))


def past_match_lines(term: Terminal, store: Any, registry: Any, entry: HistoryEntry) -> list[str]:
    """The title and public log of an earlier match; StoreError when it cannot be read."""
    past = load_past(store, entry, registry)
    game = game_name(registry, entry.variant, term.lang)
    title = term.t(
        "console.history_match_title",
        id=entry.id,
        game=game,
        date=when(entry),
        players=", ".join(past.names),
        result=result_text(term, entry),
    )
    sentences = (describe_event(term, entry.variant, past.names, line) for line in past.lines)
    return [title, *("  " + sentence for sentence in sentences if sentence)]


def history_rows(term: Terminal, registry: Any, entries: Sequence[HistoryEntry]) -> list[str]:
    """The saved matches, one row each where the width allows: the players are cut to whole names (then
    "…") to make room, and what still does not fit wraps under the row's start."""
    rows = []
    for e in entries:
        values = {
            "id": e.id,
            "date": when(e),
            "game": game_name(registry, e.variant, term.lang),
            "result": result_text(term, e),
        }
        names = [seat.name for seat in e.seats]
        room = max(term.width or 0, MIN_WIDTH) - len(term.t("console.history_row", players="", **values))
        players = names_within(names, max(room, PLAYERS_ROOM)) if term.width else ", ".join(names)
        rows += term.fit(term.t("console.history_row", players=players, **values))
    return rows


def recent_lines(term: Terminal, registry: Any, entries: Sequence[HistoryEntry]) -> list[str]:
    """After the current log: the latest earlier matches and how to read them."""
    if not entries:
        return [term.t("console.history_empty")]
    items = [
        term.t(
            "console.history_recent_item",
            id=e.id,
            date=when(e),
            game=game_name(registry, e.variant, term.lang),
            result=result_text(term, e),
        )
        for e in reversed(entries[-RECENT_MATCHES:])
    ]
    return [term.t("console.history_recent", count=len(entries), matches="; ".join(items))]


def match_so_far_lines(term: Terminal, story: MatchSoFar, registry: Any) -> list[str]:
    """The title (marked in progress) and public log of the match in progress, with the owed-double notes."""
    saved = story.saved
    title = term.t(
        "console.history_match_title",
        id=saved.id,
        game=game_name(registry, saved.variant, term.lang),
        date=local_time(saved.updated),
        players=", ".join(story.names),
        result=term.t("cli_history.in_progress"),
    )
    lines = [title]
    for event, notes in story.lines:
        sentence = describe_event(term, saved.variant, story.names, event)
        lines += [f"  {sentence}"] if sentence else []
        lines += [f"  {note}" for note in notes]
    return lines
