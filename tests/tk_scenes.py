"""Seeded table positions for the window's tests, benchmark and screenshots."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.core.game.actions import Action, Play
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.play.setup import make_session


def first_play(legal: Sequence[Action]) -> Action:
    """A tile when one can be laid, else the first legal action."""
    return next((a for a in legal if isinstance(a, Play)), legal[0])


def play_until(
    session: Session,
    stop: Callable[[Session], bool],
    limit: int = 3000,
    choose: Callable[[Sequence[Action]], Action] = first_play,
    across_rounds: bool = False,
) -> bool:
    """Play on (humans take ``choose(legal)``) until ``stop(session)``.

    False when the match ends first, or the round unless ``across_rounds``.
    """
    for _ in range(limit):
        if stop(session):
            return True
        if session.is_over or (not across_rounds and any(e.type == "round_end" for e in session.record.events)):
            return False
        if session.bot_to_move:
            session.step()
        else:
            session.decide(choose(session.legal_actions()))
    return stop(session)


def late_round(registry, players: int, placed_at_least: int, bot: str = "greedy", variant: str = "mexican-train"):
    """A round deep into play: at least ``placed_at_least`` tiles laid, the human (seat 1) to move with a play."""

    def deep(session: Session) -> bool:
        if not session.human_to_move:
            return False
        placed = sum(len(line.tiles) for line in session.view(1).lines)
        return placed >= placed_at_least and any(isinstance(a, Play) for a in session.legal_actions())

    seats = [Seat("Ana")] + [Seat(f"Bot {i}", bot) for i in range(2, players + 1)]
    for seed in range(1, 200):
        session = make_session(registry, variant, seats, seed)
        if play_until(session, deep):
            return session
    raise AssertionError(f"no late-round position with {players} players")
