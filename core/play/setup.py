"""Building a session from ids: what both front ends and resume share."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from roundhouse.core.game.params import house_options
from roundhouse.core.play.difficulty import STRONG_HINT_BOT
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import watch_matches
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import Catalog, ui_catalog

HINT_PREFERENCE = ("planner", "greedy", "random")
"""The hint strategy when the game names none, which also plays a decision a failing bot could not:
the first of these bots that is installed."""

DEFAULT_VARIANT = "mexican-train"
DEFAULT_BOT = "planner"
DEFAULT_PLAYERS = 4


class SetupError(ValueError):
    """A table that cannot be set up; ``key`` and ``values`` say why in any catalog language.

    ``str(error)`` is the English sentence (the command line's one-line reason).
    """

    def __init__(self, key: str, **values: Any) -> None:
        self.key = key
        self.values = values
        super().__init__(ui_catalog("en").t(key, **values))


@dataclass(frozen=True)
class TableSize:
    """A checked table: the variant, how many seats, how many of them human, the bot for the rest."""

    variant: str
    players: int
    humans: int
    bot: str | None


def default_variant(registry: Registry) -> str:
    """Mexican Train, or the first variant installed."""
    if DEFAULT_VARIANT in registry.variants:
        return DEFAULT_VARIANT
    if not registry.variants:
        raise SetupError("console.setup_no_variant")
    return sorted(registry.variants)[0]


def default_bot(registry: Registry, variant: Any = None) -> str | None:
    """The game's own default bot, else the planner, else the first bot installed (None when there is none)."""
    own = variant_bot(registry, variant, "default_bot")
    if own is not None:
        return own
    if DEFAULT_BOT in registry.bots:
        return DEFAULT_BOT
    return sorted(registry.bots)[0] if registry.bots else None


def house_options_line(catalog: Catalog, variant: Any, params: Mapping[str, Any]) -> str | None:
    """ "House options in force: ..." for a match's parameters (MT.16), or None under the plain rule book."""
    names = house_options(params, getattr(variant, "param_specs", {}))
    if not names:
        return None
    return catalog.t("house.in_force", options="; ".join(catalog.t(f"house.{name}") for name in names))


def name_in_use(name: str, names: Sequence[str]) -> bool:
    """True when ``name`` is already one of ``names`` (ignoring case and outer spaces): names are unique per table."""
    wanted = name.strip().casefold()
    return any(wanted == other.strip().casefold() for other in names)


def check_table(
    registry: Registry,
    variant: str | None = None,
    players: int | None = None,
    humans: int | None = None,
    bot: str | None = None,
) -> TableSize:
    """The table asked for, with defaults filled in; SetupError when the pieces do not fit.

    Defaults: the default variant, 4 players (within the variant's range),
    one human, the default bot. Checked: the variant and bot are installed,
    the player count is in the variant's range, 0 <= humans <= players.
    """
    variant_id = variant or default_variant(registry)
    if variant_id not in registry.variants:
        raise SetupError(
            "console.setup_unknown_variant", variant=variant_id, known=", ".join(sorted(registry.variants))
        )
    game = registry.variants[variant_id]
    low, high = game.min_players, game.max_players
    count = min(max(DEFAULT_PLAYERS, low), high) if players is None else players
    if not low <= count <= high:
        raise SetupError("console.setup_bad_players", game=game.name, low=low, high=high, players=count)
    human_count = 1 if humans is None else humans
    if not 0 <= human_count <= count:
        raise SetupError("console.setup_bad_humans", humans=human_count, players=count)
    bot_id = bot or default_bot(registry, game)
    if (bot is not None or human_count < count) and (bot_id is None or bot_id not in registry.bots):
        raise SetupError("console.setup_no_bot", bot=bot_id or "-", known=", ".join(sorted(registry.bots)) or "-")
    return TableSize(variant_id, count, human_count, bot_id)


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
    hint_id = variant_bot(registry, variant, "hint_bot") or next(
        (b for b in HINT_PREFERENCE if b in registry.bots), None
    )
    hint = registry.bots[hint_id] if hint_id is not None else None
    if not variant.min_players <= len(seats) <= variant.max_players:
        raise ValueError(
            f"{variant.name} takes {variant.min_players} to {variant.max_players} players, not {len(seats)}"
        )
    session = Session(variant, seats, bots, seed=seed, params=params, hint_bot=hint)
    session.fallback_bot = hint
    watch_matches(session, registry)
    return session


def strong_hint_bot(registry: Registry) -> Any:
    """The bot behind hints a player asks to come from the strongest player (the expert), or None when missing."""
    return registry.bots.get(STRONG_HINT_BOT)


def variant_bot(registry: Registry, variant: Any, role: str) -> str | None:
    """The bot id a game names for ``role`` (``"default_bot"`` or ``"hint_bot"``), when that bot is installed.

    None when the game names none (see :class:`roundhouse.core.game.variant.Variant`) or its
    bot is missing; callers then use their usual choice.
    """
    wanted = getattr(variant, role, None)
    return wanted if wanted in registry.bots else None


def default_seats(
    humans: int,
    players: int,
    bot: str,
    human_names: Sequence[str] = (),
    name_human: Callable[[int], str] | None = None,
    name_computer: Callable[[int], str] | None = None,
) -> list[Seat]:
    """Humans first, then ``bot`` seats.

    A human seat N is named from ``human_names``, else ``name_human(N)``
    ("Player N" by default); a computer seat N ``name_computer(N)`` (by
    default the bot's id and N, "Planner 2"). Front ends pass namers in the
    player's language.
    """
    seats = []
    for index in range(1, players + 1):
        if index <= humans:
            given = human_names[index - 1] if index - 1 < len(human_names) else None
            seats.append(Seat(given or (name_human(index) if name_human else f"Player {index}"), None))
        else:
            seats.append(Seat(name_computer(index) if name_computer else f"{bot.capitalize()} {index}", bot))
    return seats
