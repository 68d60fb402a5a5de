"""The welcome / new-match screen: game, players, who plays, names, language, theme.

It covers the whole window (nothing plays behind it) and scrolls inside
when the screen is small; its buttons stay in a bar below the scrolling
part, always in view. The same screen opens at first launch and for
Game > New match.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from tkinter import ttk
from typing import Any

from roundhouse.core.play.difficulty import DEFAULT_LEVEL, LEVEL_BOTS, bot_about, level_about, level_name, level_of
from roundhouse.core.play.session import Seat
from roundhouse.core.text.i18n import LANGUAGE_NAMES, Catalog, variant_title
from roundhouse.frontends.tk.fonts import font
from roundhouse.frontends.tk.scrolled import ScrolledFrame
from roundhouse.frontends.tk.themes import ERROR, MUTED, THEMES, theme_named

KEYS_TAG = "RoundhouseSetup"
"""The bind tag through which the screen's widgets take Enter and Esc."""

MAX_WIDTH = 1000
"""The screen's content never gets wider than this (it is centred on wide windows)."""


@dataclass(frozen=True)
class SetupChoice:
    """What the setup screen returns: everything ``make_session`` needs, plus language and theme id."""

    variant: str
    seats: tuple[Seat, ...]
    seed: int | None
    lang: str
    theme: str


def seat_kind_words(
    catalog: Catalog, bot: str | None, description: str = "", *, you: bool = False, short: bool = False
) -> str:
    """Who plays a seat: "You", "Human", "Computer (easy)", or a bot outside the levels by its own description.

    ``short`` names such a bot by its id instead ("Computer (cautious)"), for
    the players table, where a sentence would squeeze the table.
    """
    if bot is None:
        return catalog.t("tk.welcome.kind.you" if you else "tk.welcome.kind.human")
    level = level_of(bot)
    if level is not None:
        return catalog.t("tk.welcome.kind.computer", level=level_name(catalog, level))
    if short:
        return catalog.t("tk.welcome.kind.computer", level=bot)
    return catalog.t("tk.welcome.kind.plugin_bot", bot=bot_about(bot, description))


def seat_choice_words(catalog: Catalog, bot: str | None, description: str = "") -> str:
    """A seat kind as offered on the setup screen: a computer's level says how it plays."""
    level = level_of(bot)
    if level is None:
        return seat_kind_words(catalog, bot, description)
    return catalog.t(
        "tk.welcome.kind.computer_about", level=level_name(catalog, level), about=level_about(catalog, level)
    )


def ordered_bots(bots: Sequence[str]) -> list[str]:
    """Bot ids with the difficulty levels first (easy to hard, ``core.play.difficulty``), then other bots by id."""
    levels = list(LEVEL_BOTS.values())
    return sorted(bots, key=lambda b: (levels.index(b) if b in levels else len(levels), b))


class SetupScreen:
    """The welcome / new-match screen over ``parent``.

    ``on_done(choice)`` starts the match and returns None, or returns an
    error message that the screen shows while staying open (nothing is
    lost). ``on_close`` runs once the screen is gone. ``can_cancel`` offers
    Cancel (a match is already on the table). ``on_language(draft)`` runs
    when another language is chosen, with the screen's content so far.
    """

    def __init__(
        self,
        parent: tk.Misc,
        catalog: Catalog,
        variants: Mapping[str, Any],
        bots: Mapping[str, Any],
        current: SetupChoice,
        on_done: Callable[[SetupChoice], str | None],
        on_close: Callable[[], None] = lambda: None,
        *,
        welcome: bool = False,
        can_cancel: bool = True,
        on_language: Callable[[SetupChoice], None] | None = None,
    ) -> None:
        t = catalog.t
        self.welcome, self.on_language = welcome, on_language
        self.t, self.catalog = t, catalog
        self.variants = dict(variants)
        self.bots = ordered_bots(list(bots))
        self.bot_objects = dict(bots)
        self.on_done, self.on_close = on_done, on_close
        self.window = ttk.Frame(parent)
        self.window.place(relx=0, rely=0, relwidth=1, relheight=1)
        self.window.lift()
        self.content = ttk.Frame(self.window, padding=(18, 12, 18, 10))
        self.content.place(relx=0.5, rely=0, anchor="n", relwidth=1, relheight=1)
        parent.bind("<Configure>", lambda _e: self._fit_screen(parent), add="+")
        self.window.after_idle(lambda: self._fit_screen(parent))
        self.content.rowconfigure(1, weight=1)
        self.content.columnconfigure(0, weight=1)
        header = ttk.Frame(self.content)
        header.grid(row=0, column=0, sticky="we")
        title = t("tk.welcome.title") if welcome else t("tk.setup.title")
        ttk.Label(header, text=title, font=font(header, 17, "bold")).pack(anchor="w")
        ttk.Label(header, text=t("tk.welcome.intro"), wraplength=760, justify="left").pack(anchor="w", pady=(2, 6))
        self.scroll = ScrolledFrame(self.content)
        self.scroll.grid(row=1, column=0, sticky="nsew")
        body = self.scroll.body
        body.columnconfigure(1, weight=1)
        self._build_game(body, current)
        self._build_seats(body, current)
        self._build_options(body, current)
        bar = ttk.Frame(self.content, padding=(0, 8, 0, 0))
        bar.grid(row=2, column=0, sticky="we")
        self.error = ttk.Label(bar, text="", style=ERROR, wraplength=560, justify="left")
        self.error.pack(side="left", fill="x", expand=True)
        self.start_button = ttk.Button(bar, text=t("tk.setup.start"), command=self.submit, default="active")
        self.start_button.pack(side="right", padx=(6, 0))
        self.cancel_button: ttk.Button | None = None
        if can_cancel:
            self.cancel_button = ttk.Button(bar, text=t("tk.button.cancel"), command=self.cancel)
            self.cancel_button.pack(side="right")
        self.window.bind_class(KEYS_TAG, "<Return>", lambda _e: self.submit() or "break")
        self.window.bind_class(KEYS_TAG, "<KP_Enter>", lambda _e: self.submit() or "break")
        self.window.bind_class(KEYS_TAG, "<Escape>", lambda _e: (self.cancel() if can_cancel else None) or "break")
        self._variant_changed()
        self.start_button.focus_set()

    def _fit_screen(self, parent: tk.Misc) -> None:
        """Never beyond the screen's right or bottom edge (the buttons stay on screen); at most MAX_WIDTH wide."""
        if not self.window.winfo_exists():
            return
        width = min(parent.winfo_width(), parent.winfo_screenwidth() - max(0, parent.winfo_rootx()))
        height = min(parent.winfo_height(), parent.winfo_screenheight() - max(0, parent.winfo_rooty()))
        if width < 200 or height < 100:
            return
        self.window.place_configure(relwidth=0, width=width, relheight=0, height=height)
        self.content.place_configure(relx=0, x=width // 2, relwidth=0, width=min(width, MAX_WIDTH))

    def _own_keys(self, widget: tk.Misc) -> None:
        """Enter and Esc inside the screen act on the screen, never on the table behind it."""
        tags = widget.bindtags()
        if KEYS_TAG not in tags:
            widget.bindtags((KEYS_TAG, *tags))
        for child in widget.winfo_children():
            self._own_keys(child)

    # ------------------------------------------------------------ sections
    def _section(self, parent: tk.Misc, row: int, key: str) -> ttk.Frame:
        ttk.Label(parent, text=self.t(key), font=font(parent, 11, "bold")).grid(
            row=row, column=0, sticky="nw", pady=(10, 2), padx=(0, 14)
        )
        frame = ttk.Frame(parent)
        frame.grid(row=row, column=1, sticky="we", pady=(10, 2))
        return frame

    def _build_game(self, body: ttk.Frame, current: SetupChoice) -> None:
        frame = self._section(body, 0, "tk.setup.variant")
        chosen = current.variant if current.variant in self.variants else next(iter(self.variants))
        self.variant_id = tk.StringVar(value=chosen)
        for index, (variant_id, variant) in enumerate(self.variants.items()):
            ttk.Radiobutton(
                frame,
                text=variant_title(variant, self.catalog.lang),
                value=variant_id,
                variable=self.variant_id,
                command=self._variant_changed,
            ).grid(row=index, column=0, sticky="w")
            about = f"tk.welcome.about.{variant_id}"
            if self.catalog.has(about):
                ttk.Label(frame, text=self.t(about), style=MUTED, wraplength=440, justify="left").grid(
                    row=index, column=1, sticky="w", padx=(12, 0)
                )
        frame = self._section(body, 1, "tk.setup.players")
        self.players = tk.IntVar(value=len(current.seats))
        self.players_box = ttk.Spinbox(
            frame, from_=2, to=10, textvariable=self.players, width=5, command=self._rebuild_seats
        )
        self.players_box.pack(side="left")
        self.players_box.bind("<FocusOut>", lambda _e: self._rebuild_seats())
        self.players_range = ttk.Label(frame, text="")
        self.players_range.pack(side="left", padx=10)

    def _build_seats(self, body: ttk.Frame, current: SetupChoice) -> None:
        self.seats_frame = self._section(body, 2, "tk.setup.seats")
        self.kinds = [seat_choice_words(self.catalog, None)] + [
            seat_choice_words(self.catalog, b, getattr(self.bot_objects.get(b), "description", "")) for b in self.bots
        ]
        self.seat_rows: list[tuple[tk.StringVar, tk.StringVar]] = []
        self._initial = list(current.seats)

    def _build_options(self, body: ttk.Frame, current: SetupChoice) -> None:
        frame = self._section(body, 3, "tk.setup.language")
        self.lang_codes = {name: code for code, name in LANGUAGE_NAMES.items()}
        self.lang = tk.StringVar(value=LANGUAGE_NAMES.get(current.lang, "English"))
        languages = ttk.Combobox(
            frame, textvariable=self.lang, values=list(self.lang_codes), state="readonly", width=20
        )
        languages.pack(side="left")
        languages.bind("<<ComboboxSelected>>", lambda _e: self.on_language and self.on_language(self.draft()))
        frame = self._section(body, 4, "tk.setup.theme")
        self.theme_ids = {theme.label(self.t): theme.id for theme in THEMES.values()}
        self.theme = tk.StringVar(value=theme_named(current.theme).label(self.t))
        ttk.Combobox(frame, textvariable=self.theme, values=list(self.theme_ids), state="readonly", width=20).pack(
            side="left"
        )
        frame = self._section(body, 5, "tk.setup.seed")
        self.seed = tk.StringVar(value="" if current.seed is None else str(current.seed))
        ttk.Entry(frame, textvariable=self.seed, width=14).pack(side="left")
        ttk.Label(frame, text=self.t("tk.welcome.seed_note"), style=MUTED).pack(side="left", padx=10)

    # ------------------------------------------------------------- seats
    def _variant_changed(self) -> None:
        variant = self.variants[self.variant_id.get()]
        self.players_box.configure(from_=variant.min_players, to=variant.max_players)
        self.players_range.configure(
            text=self.t("tk.welcome.players_range", low=variant.min_players, high=variant.max_players)
        )
        self.players.set(max(variant.min_players, min(variant.max_players, self._players())))
        self._rebuild_seats()

    def _players(self) -> int:
        try:
            return int(self.players.get())
        except (tk.TclError, ValueError):
            return len(self.seat_rows) or 4

    def _default_name(self, index: int, kind: str) -> str:
        key = "tk.setup.default_name" if kind == self.kinds[0] else "tk.welcome.computer_name"
        return self.t(key, seat=index + 1)

    def _is_default_name(self, index: int, name: str) -> bool:
        """True for a name made up for seat ``index``: by this screen (either kind) or by the command-line defaults."""
        made_up = {self._default_name(index, kind) for kind in self.kinds}
        made_up |= {f"{bot.capitalize()} {index + 1}" for bot in self.bots} | {f"Player {index + 1}"}
        return name.strip() in made_up

    def _default_computer(self) -> str:
        """The kind a new computer seat gets: the default level, else the last bot offered (a human without bots)."""
        default = LEVEL_BOTS[DEFAULT_LEVEL]
        if default in self.bots:
            return self.kinds[1 + self.bots.index(default)]
        return self.kinds[-1] if self.bots else self.kinds[0]

    def _initial_row(self, index: int) -> tuple[str, str]:
        if index < len(self._initial):
            seat = self._initial[index]
            kind = self.kinds[1 + self.bots.index(seat.bot)] if seat.bot in self.bots else self.kinds[0]
            name = seat.name
        else:
            kind = self._default_computer()
            name = self._default_name(index, kind)
        if not name or self._is_default_name(index, name):
            name = self._default_name(index, kind)
        return name, kind

    def _rebuild_seats(self) -> None:
        variant = self.variants[self.variant_id.get()]
        count = max(variant.min_players, min(variant.max_players, self._players()))
        current = [(n.get(), k.get()) for n, k in self.seat_rows]
        for child in self.seats_frame.winfo_children():
            child.destroy()
        self.seat_rows = []
        for index in range(count):
            name, kind = current[index] if index < len(current) else self._initial_row(index)
            name_var, kind_var = tk.StringVar(value=name), tk.StringVar(value=kind)
            ttk.Label(self.seats_frame, text=f"{index + 1}.").grid(row=index, column=0, padx=(0, 6), sticky="e")
            ttk.Entry(self.seats_frame, textvariable=name_var, width=18).grid(row=index, column=1, pady=2)
            box = ttk.Combobox(
                self.seats_frame, textvariable=kind_var, values=self.kinds, state="readonly", width=self._kind_width()
            )
            box.grid(row=index, column=2, padx=6, pady=2, sticky="w")
            box.bind("<<ComboboxSelected>>", lambda _e, i=index: self._kind_changed(i))
            self.seat_rows.append((name_var, kind_var))
        self._own_keys(self.window)

    def _kind_width(self) -> int:
        """Characters a seat kind box needs to show the longest kind whole."""
        return min(56, int(max(len(kind) for kind in self.kinds) * 0.9) + 2)

    def _kind_changed(self, index: int) -> None:
        """A made-up name follows its seat's kind ("Computer 2" becomes "Player 2")."""
        name_var, kind_var = self.seat_rows[index]
        if self._is_default_name(index, name_var.get()):
            name_var.set(self._default_name(index, kind_var.get()))

    # ------------------------------------------------------------ result
    def choice(self) -> SetupChoice:
        """The screen's content; ValueError with a readable message when it is not usable."""
        seed_text = self.seed.get().strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise ValueError(self.t("tk.setup.bad_seed", text=seed_text))
        seats, seen = [], {}
        for index, (name_var, kind_var) in enumerate(self.seat_rows, 1):
            name = " ".join(name_var.get().split())
            if not name:
                raise ValueError(self.t("tk.setup.bad_name", seat=index))
            if name.casefold() in seen:
                raise ValueError(self.t("tk.welcome.same_name", name=name, first=seen[name.casefold()], seat=index))
            seen[name.casefold()] = index
            seats.append(Seat(name, self._bot_of(kind_var.get())))
        return self._choice(seats, int(seed_text) if seed_text else None)

    def draft(self) -> SetupChoice:
        """The content as it stands, to rebuild the screen from: made-up names blank, an unusable seed dropped."""
        seats = [
            Seat("" if self._is_default_name(index, name.get()) else name.get(), self._bot_of(kind.get()))
            for index, (name, kind) in enumerate(self.seat_rows)
        ]
        seed_text = self.seed.get().strip()
        return self._choice(seats, int(seed_text) if seed_text.lstrip("-").isdigit() else None)

    def _bot_of(self, kind: str) -> str | None:
        """The bot id of a seat kind as offered (None: a human)."""
        return self.bots[self.kinds.index(kind) - 1] if kind in self.kinds[1:] else None

    def _choice(self, seats: list[Seat], seed: int | None) -> SetupChoice:
        return SetupChoice(
            variant=self.variant_id.get(),
            seats=tuple(seats),
            seed=seed,
            lang=self.lang_codes.get(self.lang.get(), "en"),
            theme=self.theme_ids.get(self.theme.get(), theme_named("").id),
        )

    def submit(self) -> None:
        """Try to start: close on success, show the reason otherwise."""
        if len(self.seat_rows) != self._players():
            self._rebuild_seats()
        try:
            choice = self.choice()
        except ValueError as error:
            self.error.configure(text=str(error))
            return
        problem = self.on_done(choice)
        if problem:
            self.error.configure(text=problem)
            return
        self.close()

    def cancel(self) -> None:
        """Close without changing anything."""
        self.close()

    def close(self) -> None:
        """Take the screen away and report it closed."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close()

    @property
    def open(self) -> bool:
        """True while the screen is shown."""
        return bool(self.window.winfo_exists())
