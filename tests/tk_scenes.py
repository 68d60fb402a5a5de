"""Seeded table positions for the window's tests, benchmark and screenshots."""

from __future__ import annotations

from collections.abc import Callable

from core.actions import Play
from core.session import Seat, Session
from core.setup import make_session


def play_until(session: Session, stop: Callable[[Session], bool], limit: int = 3000) -> bool:
    """Play on (humans lay a tile when they can) until ``stop(session)``; False at a round end first."""
    for _ in range(limit):
        if stop(session):
            return True
        if session.is_over or any(e.type == "round_end" for e in session.record.events):
            return False
        if session.bot_to_move:
            session.step()
        else:
            legal = session.legal_actions()
            session.decide(next((a for a in legal if isinstance(a, Play)), legal[0]))
    return False


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
