"""Choosing the table: from ``roundhouse play`` flags, or by asking.

With no setup flag at all, the console asks for each choice and Enter takes
the default: Mexican Train, you against three planner bots (or the first
bot installed), a fresh seed, the system language. Any flag means "set up
from flags": whatever is not given takes its default without a question.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from roundhouse.core.play.difficulty import LEVEL_BOTS, bot_about, level_about, level_name, level_of
from roundhouse.core.play.record import printable
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import (
    DEFAULT_PLAYERS,
    SetupError,
    check_table,
    default_bot,
    default_seats,
    default_variant,
    name_in_use,
)
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import LANGUAGE_NAMES, LANGUAGES, normalize_language, variant_title
from roundhouse.frontends.console.prefs import remember_language, remembered_language
from roundhouse.frontends.console.terminal import Terminal


@dataclass(frozen=True)
class TableChoice:
    """What to play: the variant, the seats in order, the seed (None: fresh)."""

    variant: str
    seats: tuple[Seat, ...]
    seed: int | None


def is_interactive(options: PlayOptions) -> bool:
    """True when no setup flag was given, so the console asks."""
    given = (options.variant, options.players, options.humans, options.bot, options.seed, options.lang)
    return all(value is None for value in given) and not options.names


def table_from_flags(term: Terminal, options: PlayOptions, registry: Registry) -> TableChoice:
    """The table the flags describe; SetupError when they do not fit together."""
    size = check_table(registry, options.variant, options.players, options.humans, options.bot)
    return TableChoice(size.variant, seats_for(term, size.humans, size.players, size.bot, options.names), options.seed)


def seats_for(
    term: Terminal, humans: int, players: int, bot: str | None, names: Sequence[str] = ()
) -> tuple[Seat, ...]:
    """Humans first (named from ``names`` or "Player N"), then ``bot`` seats ("Computer N"), in the term's language."""
    return tuple(
        default_seats(
            humans,
            players,
            bot or "",
            names,
            lambda seat: term.t("console.setup_human_name", seat=seat),
            lambda seat: term.t("console.setup_computer_name", seat=seat),
        )
    )


def _ask(term: Terminal, prompt: str, default: str, read: Callable[[str], Any]) -> Any:
    """Ask until ``read`` accepts the answer (Enter gives ``default``); read raises ValueError to refuse."""
    while True:
        answer = term.ask(f"{prompt} [{default}]: ") or default
        try:
            return read(answer)
        except ValueError as error:
            term.say(str(error))


def ask_language(term: Terminal, options: PlayOptions) -> str:
    """The language to play in: the flag, else the one remembered, else asked (and remembered)."""
    if options.lang is not None:
        return normalize_language(options.lang)
    remembered = remembered_language()
    if remembered is not None:
        return remembered
    default = normalize_language(None)
    if not is_interactive(options):
        return default
    term.say(", ".join(f"{code} = {LANGUAGE_NAMES[code]}" for code in LANGUAGES))

    def read(answer: str) -> str:
        code = answer.strip().lower()
        if code not in LANGUAGES:
            raise ValueError(term.t("console.setup_bad_language", answer=answer, known=", ".join(LANGUAGES)))
        return code

    chosen = _ask(term, term.t("console.setup_language"), default, read)
    remember_language(chosen)
    return chosen


def _choose_from(term: Terminal, prompt: str, ids: Sequence[str], default: str) -> str:
    def read(answer: str) -> str:
        answer = answer.strip().lower()
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(ids):
            return ids[int(answer) - 1]
        if answer in ids:
            return answer
        raise ValueError(term.t("console.setup_bad_choice", answer=answer, known=", ".join(ids)))

    return _ask(term, prompt, default, read)


def ask_table(term: Terminal, registry: Registry) -> TableChoice:
    """Ask for the variant, player count, each seat and the seed."""
    variant_ids = sorted(registry.variants)
    if not variant_ids:
        raise SetupError("console.setup_no_variant")
    for number, variant_id in enumerate(variant_ids, 1):
        term.say(f"  {number}. {variant_title(registry.variants[variant_id], term.lang)} ({variant_id})")
    variant_id = _choose_from(term, term.t("console.setup_variant"), variant_ids, default_variant(registry))
    variant = registry.variants[variant_id]
    low, high = variant.min_players, variant.max_players

    def read_players(answer: str) -> int:
        if not (answer.isascii() and answer.isdigit() and low <= int(answer) <= high):
            raise ValueError(term.t("console.setup_bad_players", game=variant.name, low=low, high=high, players=answer))
        return int(answer)

    players = _ask(
        term,
        term.t("console.setup_players", low=low, high=high),
        str(min(max(DEFAULT_PLAYERS, low), high)),
        read_players,
    )
    bot = default_bot(registry, variant)
    defaults = seats_for(term, 1 if bot else players, players, bot)
    _say_kinds(term, registry)
    seats: list[Seat] = []
    for number, seat in enumerate(defaults, 1):
        seats.append(_ask_seat(term, registry, number, seat, bot, [s.name for s in seats]))

    def read_seed(answer: str) -> int | None:
        if answer == "-":
            return None
        try:
            return int(answer)
        except ValueError:
            raise ValueError(term.t("console.setup_bad_seed", answer=answer)) from None

    seed = _ask(term, term.t("console.setup_seed"), "-", read_seed)
    return TableChoice(variant_id, tuple(seats), seed)


def _say_kinds(term: Terminal, registry: Registry) -> None:
    """Describe each computer kind the seats may take, once for the whole table: the levels, then other bots."""
    for level, bot_id in LEVEL_BOTS.items():
        if bot_id in registry.bots:
            about = level_about(term.catalog, level)
            term.say(term.t("difficulty.choice_line", level=level_name(term.catalog, level), about=about))
    for word, bot_id in kind_words(term, registry).items():
        if level_of(bot_id) is None:
            about = bot_about(bot_id, getattr(registry.bots[bot_id], "description", ""))
            term.say(term.t("difficulty.choice_line", level=word, about=about))


def _ask_seat(
    term: Terminal, registry: Registry, number: int, default: Seat, bot: str | None, taken: Sequence[str]
) -> Seat:
    """Ask whether seat ``number`` is a human or which bot, and its name (not one of ``taken``)."""
    human_word = term.t("console.setup_human_word")
    words = kind_words(term, registry)
    kinds = [human_word, *words]

    def read_kind(answer: str) -> str | None:
        answer = answer.strip().lower()
        if answer in (human_word, "h", "human"):
            return None
        if answer in words:
            return words[answer]
        if answer in LEVEL_BOTS and LEVEL_BOTS[answer] in registry.bots:
            return LEVEL_BOTS[answer]
        if answer in registry.bots:
            return answer
        raise ValueError(term.t("console.setup_bad_choice", answer=answer, known=", ".join(kinds)))

    if default.is_human or bot is None:
        kind_default = human_word
    else:
        kind_default = next((word for word, bot_id in words.items() if bot_id == default.bot), default.bot)
    chosen = _ask(
        term, term.t("console.setup_seat_kind", seat=number, choices=", ".join(kinds)), kind_default, read_kind
    )
    name_default = term.t("console.setup_human_name" if chosen is None else "console.setup_computer_name", seat=number)

    def read_name(answer: str) -> str:
        if printable(answer) != answer:
            raise ValueError(term.t("console.setup_name_control"))
        if name_in_use(answer, taken):
            raise ValueError(term.t("console.setup_name_taken", name=answer.strip()))
        return answer.strip()

    name = _ask(term, term.t("console.setup_seat_name", seat=number), name_default, read_name)
    return Seat(name, chosen)


def kind_words(term: Terminal, registry: Registry) -> dict[str, str]:
    """The computer kinds offered, word to bot id: the levels installed (easy first), then other bots by id."""
    words = {level_name(term.catalog, level): bot_id for level, bot_id in LEVEL_BOTS.items() if bot_id in registry.bots}
    words.update({bot_id: bot_id for bot_id in sorted(registry.bots) if bot_id not in LEVEL_BOTS.values()})
    return words
