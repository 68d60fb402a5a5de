"""Building a session from ids: what both front ends and resume share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.plugins import watch_matches
from core.registry import Registry
from core.session import Seat, Session

HINT_PREFERENCE = ("planner", "greedy", "random")
"""The hint strategy, which also plays a decision a failing bot could not: the first of these installed."""


def make_session(
    registry: Registry,
    variant_id: str,
    seats: Sequence[Seat],
    seed: int | None = None,
    params: Mapping[str, Any] | None = None,
) -> Session:
    """A session for ``seats`` with their bots resolved from the registry.

    Raises KeyError (listing the known ids) for an unknown variant or bot,
    and ValueError for a player count the variant does not take.
    """
    variant = registry.variant(variant_id)
    bots = {seat.bot: registry.bot(seat.bot) for seat in seats if seat.bot is not None}
    hint = next((registry.bots[b] for b in HINT_PREFERENCE if b in registry.bots), None)
    if not variant.min_players <= len(seats) <= variant.max_players:
        raise ValueError(
            f"{variant.name} takes {variant.min_players} to {variant.max_players} players, not {len(seats)}"
        )
    session = Session(variant, seats, bots, seed=seed, params=params, hint_bot=hint)
    session.fallback_bot = hint
    watch_matches(session, registry)
    return session


def default_seats(humans: int, players: int, bot: str, human_names: Sequence[str] = ()) -> list[Seat]:
    """Humans first (named from ``human_names`` or "Player N"), then ``bot`` seats."""
    seats = []
    for index in range(1, players + 1):
        if index <= humans:
            name = human_names[index - 1] if index - 1 < len(human_names) else f"Player {index}"
            seats.append(Seat(name, None))
        else:
            seats.append(Seat(f"{bot.capitalize()} {index}", bot))
    return seats
