"""The window's secondary screens: setup, hand-off, round end, match end, rules and log.

Every dialog is non-blocking: it calls back when closed, so the main loop
(and the tests driving it) never wait inside a dialog.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from tkinter import ttk
from typing import Any

from core.i18n import LANGUAGE_NAMES, Catalog, CatalogError, rules_text
from core.session import Seat
from core.tiles import Tile
from frontends.tk.board import FELT, ROW_TEXT, draw_tile

HUMAN = "human"


def _toplevel(root: tk.Misc, title: str, modal: bool) -> tk.Toplevel:
    window = tk.Toplevel(root)
    window.title(title)
    window.transient(root.winfo_toplevel())
    if modal:
        window.after_idle(lambda: window.winfo_exists() and _grab(window))
    window.after_idle(lambda: window.winfo_exists() and _centre(window, root.winfo_toplevel()))
    return window


def _centre(window: tk.Toplevel, over: tk.Misc) -> None:
    """Place ``window`` over the middle of ``over`` (there may be no window manager to do it)."""
    window.update_idletasks()
    w, h = window.winfo_reqwidth(), window.winfo_reqheight()
    x = over.winfo_rootx() + max(0, (over.winfo_width() - w) // 2)
    y = over.winfo_rooty() + max(0, (over.winfo_height() - h) // 3)
    window.geometry(f"+{x}+{y}")


def _grab(window: tk.Toplevel) -> None:
    try:
        window.grab_set()
    except tk.TclError:
        window.after(50, lambda: window.winfo_exists() and _grab(window))


def _fill(frame: ttk.Frame, window: tk.Toplevel) -> None:
    frame.pack(fill="both", expand=True)
    window.columnconfigure(0, weight=1)


# ------------------------------------------------------------------ setup
@dataclass(frozen=True)
class SetupChoice:
    """What the setup dialog returns: everything ``make_session`` needs, plus language and theme."""

    variant: str
    seats: tuple[Seat, ...]
    seed: int | None
    lang: str
    theme: str


class SetupDialog:
    """New match: variant, seats (name, human or which bot), seed, language, theme.

    ``on_done(choice)`` returns None on success or an error message, which
    the dialog shows while staying open (nothing is lost).
    """

    def __init__(
        self,
        root: tk.Misc,
        catalog: Catalog,
        variants: Mapping[str, Any],
        bots: Sequence[str],
        themes: Sequence[str],
        current: SetupChoice,
        on_done: Callable[[SetupChoice], str | None],
        on_close: Callable[[], None] = lambda: None,
    ) -> None:
        t = catalog.t
        self.t = t
        self.variants = dict(variants)
        self.bots = list(bots)
        self.on_done, self.on_close = on_done, on_close
        self.window = _toplevel(root, t("tk.setup.title"), modal=True)
        self.window.protocol("WM_DELETE_WINDOW", self.cancel)
        frame = ttk.Frame(self.window, padding=14)
        _fill(frame, self.window)
        self.variant_names = {v.name: vid for vid, v in self.variants.items()}
        ttk.Label(frame, text=t("tk.setup.variant")).grid(row=0, column=0, sticky="w", pady=3)
        self.variant = tk.StringVar(
            value=self.variants[current.variant].name
            if current.variant in self.variants
            else next(iter(self.variant_names))
        )
        self.variant_box = ttk.Combobox(
            frame, textvariable=self.variant, values=list(self.variant_names), state="readonly", width=28
        )
        self.variant_box.grid(row=0, column=1, sticky="we", pady=3)
        self.variant_box.bind("<<ComboboxSelected>>", lambda _e: self._variant_changed())
        ttk.Label(frame, text=t("tk.setup.players")).grid(row=1, column=0, sticky="w", pady=3)
        self.players = tk.IntVar(value=len(current.seats))
        self.players_box = ttk.Spinbox(
            frame, from_=2, to=10, textvariable=self.players, width=5, command=self._rebuild_seats
        )
        self.players_box.grid(row=1, column=1, sticky="w", pady=3)
        self.players_box.bind("<FocusOut>", lambda _e: self._rebuild_seats())
        self.seats_frame = ttk.LabelFrame(frame, text=t("tk.setup.seats"), padding=8)
        self.seats_frame.grid(row=2, column=0, columnspan=2, sticky="we", pady=6)
        self.kinds = [t("tk.setup.human")] + [t("tk.setup.bot", bot=b) for b in self.bots]
        self.seat_rows: list[tuple[tk.StringVar, tk.StringVar]] = []
        self._initial = list(current.seats)
        ttk.Label(frame, text=t("tk.setup.seed")).grid(row=3, column=0, sticky="w", pady=3)
        self.seed = tk.StringVar(value="" if current.seed is None else str(current.seed))
        ttk.Entry(frame, textvariable=self.seed, width=22).grid(row=3, column=1, sticky="w", pady=3)
        ttk.Label(frame, text=t("tk.setup.language")).grid(row=4, column=0, sticky="w", pady=3)
        self.lang_codes = {name: code for code, name in LANGUAGE_NAMES.items()}
        self.lang = tk.StringVar(value=LANGUAGE_NAMES.get(current.lang, "English"))
        ttk.Combobox(frame, textvariable=self.lang, values=list(self.lang_codes), state="readonly").grid(
            row=4, column=1, sticky="w", pady=3
        )
        ttk.Label(frame, text=t("tk.setup.theme")).grid(row=5, column=0, sticky="w", pady=3)
        self.theme = tk.StringVar(value=current.theme)
        ttk.Combobox(frame, textvariable=self.theme, values=list(themes), state="readonly").grid(
            row=5, column=1, sticky="w", pady=3
        )
        self.error = ttk.Label(frame, text="", foreground="#b00020", wraplength=420)
        self.error.grid(row=6, column=0, columnspan=2, sticky="w")
        buttons = ttk.Frame(frame)
        buttons.grid(row=7, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.start_button = ttk.Button(buttons, text=t("tk.setup.start"), command=self.submit, default="active")
        self.start_button.pack(side="right", padx=4)
        ttk.Button(buttons, text=t("tk.button.cancel"), command=self.cancel).pack(side="right")
        self.window.bind("<Return>", lambda _e: self.submit())
        self.window.bind("<Escape>", lambda _e: self.cancel())
        self._variant_changed()

    def _variant_changed(self) -> None:
        variant = self.variants[self.variant_names[self.variant.get()]]
        self.players_box.configure(from_=variant.min_players, to=variant.max_players)
        count = self._players()
        self.players.set(max(variant.min_players, min(variant.max_players, count)))
        self._rebuild_seats()

    def _players(self) -> int:
        try:
            return int(self.players.get())
        except (tk.TclError, ValueError):
            return len(self.seat_rows) or 4

    def _rebuild_seats(self) -> None:
        count = max(1, min(10, self._players()))
        current = [(n.get(), k.get()) for n, k in self.seat_rows]
        for child in self.seats_frame.winfo_children():
            child.destroy()
        self.seat_rows = []
        for index in range(count):
            if index < len(current):
                name, kind = current[index]
            elif index < len(self._initial):
                seat = self._initial[index]
                name = seat.name
                kind = (
                    self.kinds[0]
                    if seat.bot is None or seat.bot not in self.bots
                    else self.kinds[1 + self.bots.index(seat.bot)]
                )
            else:
                default_bot = self.bots[0] if self.bots else None
                name = self.t("tk.setup.default_name", seat=index + 1)
                kind = self.kinds[1] if default_bot else self.kinds[0]
            name_var, kind_var = tk.StringVar(value=name), tk.StringVar(value=kind)
            ttk.Label(self.seats_frame, text=f"{index + 1}.").grid(row=index, column=0, padx=(0, 4))
            ttk.Entry(self.seats_frame, textvariable=name_var, width=18).grid(row=index, column=1, pady=1)
            ttk.Combobox(self.seats_frame, textvariable=kind_var, values=self.kinds, state="readonly", width=18).grid(
                row=index, column=2, padx=4, pady=1
            )
            self.seat_rows.append((name_var, kind_var))

    def choice(self) -> SetupChoice:
        """The dialog's current content; ValueError with a readable message when it is not usable."""
        seed_text = self.seed.get().strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            raise ValueError(self.t("tk.setup.bad_seed", text=seed_text))
        seats = []
        for index, (name_var, kind_var) in enumerate(self.seat_rows, 1):
            name = name_var.get().strip()
            if not name:
                raise ValueError(self.t("tk.setup.bad_name", seat=index))
            kind = kind_var.get()
            bot = None if kind not in self.kinds[1:] else self.bots[self.kinds.index(kind) - 1]
            seats.append(Seat(name, bot))
        return SetupChoice(
            variant=self.variant_names[self.variant.get()],
            seats=tuple(seats),
            seed=int(seed_text) if seed_text else None,
            lang=self.lang_codes.get(self.lang.get(), "en"),
            theme=self.theme.get(),
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
        """Destroy the window and report it closed."""
        if self.window.winfo_exists():
            self.window.destroy()
        self.on_close()


# --------------------------------------------------------------- hand-off
class HandOff:
    """DX.3: a cover over the whole table naming the next human; their hand shows only after they acknowledge."""

    def __init__(self, parent: tk.Misc, catalog: Catalog, on_ack: Callable[[], None]) -> None:
        self.t = catalog.t
        self.frame = tk.Frame(parent, background=FELT)
        self.label = tk.Label(
            self.frame, text="", background=FELT, foreground=ROW_TEXT, font=("TkDefaultFont", 18, "bold")
        )
        self.label.place(relx=0.5, rely=0.4, anchor="center")
        self.button = ttk.Button(self.frame, text="", command=on_ack)
        self.button.place(relx=0.5, rely=0.55, anchor="center")
        self.shown_for: str | None = None

    def show(self, name: str) -> None:
        """Cover the table for ``name``."""
        self.label.configure(text=self.t("tk.handoff.prompt", name=name))
        self.button.configure(text=self.t("tk.handoff.button", name=name))
        self.frame.place(relx=0, rely=0, relwidth=1, relheight=1)
        self.frame.lift()
        self.button.focus_set()
        self.shown_for = name

    def hide(self) -> None:
        """Uncover."""
        self.frame.place_forget()
        self.shown_for = None

    @property
    def visible(self) -> bool:
        """True while the table is covered."""
        return self.shown_for is not None


# ------------------------------------------------------------- round end
def _hand_strip(parent: tk.Misc, tiles: Sequence[Tile], side: int = 16) -> tk.Canvas:
    width = max(60, len(tiles) * (side + 4) + 8)
    canvas = tk.Canvas(parent, width=min(width, 620), height=2 * side + 8, background=FELT, highlightthickness=0)
    for index, tile in enumerate(tiles):
        draw_tile(canvas, 4 + index * (side + 4), 4, tile.a, tile.b, side, True, ("reveal",))
    return canvas


class RoundEndDialog:
    """End of a round: every hand revealed (DX.3), the round's points and the totals across rounds."""

    def __init__(
        self,
        root: tk.Misc,
        catalog: Catalog,
        names: Sequence[str],
        event: Mapping[str, Any],
        history: Sequence[Mapping[str, Any]],
        on_close: Callable[[], None],
    ) -> None:
        t = catalog.t
        self.on_close = on_close
        self.window = _toplevel(root, t("tk.round_end.title", round=event.get("round", "?")), modal=True)
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        frame = ttk.Frame(self.window, padding=14)
        _fill(frame, self.window)
        reason = event.get("reason", "")
        ttk.Label(
            frame,
            text=t(
                "tk.round_end.heading",
                round=event.get("round", "?"),
                reason=t(f"tk.reason.{reason}") if catalog.has(f"tk.reason.{reason}") else reason,
            ),
            font=("TkDefaultFont", 13, "bold"),
        ).grid(row=0, column=0, columnspan=4, sticky="w", pady=(0, 8))
        for col, key in enumerate(
            ("tk.round_end.player", "tk.round_end.hand", "tk.round_end.points", "tk.round_end.total")
        ):
            ttk.Label(frame, text=t(key), font=("TkDefaultFont", 10, "bold")).grid(
                row=1, column=col, sticky="w", padx=6
            )
        hands = event.get("hands", {})
        points = event.get("points", {})
        totals = event.get("totals", {})
        for row, name in enumerate(names, 2):
            seat = str(row - 1)
            ttk.Label(frame, text=name).grid(row=row, column=0, sticky="w", padx=6, pady=2)
            tiles = [Tile.parse(x) for x in hands.get(seat, [])]
            strip = _hand_strip(frame, tiles) if tiles else ttk.Label(frame, text=t("tk.round_end.out"))
            strip.grid(row=row, column=1, sticky="w", padx=6, pady=2)
            ttk.Label(frame, text=str(points.get(seat, 0))).grid(row=row, column=2, sticky="e", padx=6)
            ttk.Label(frame, text=str(totals.get(seat, 0)), font=("TkDefaultFont", 10, "bold")).grid(
                row=row, column=3, sticky="e", padx=6
            )
        if history:
            columns = [f"seat{seat}" for seat in range(1, len(names) + 1)]
            table = ttk.Treeview(frame, columns=["round", *columns], show="headings", height=min(8, len(history)))
            table.heading("round", text=t("tk.round_end.round"))
            table.column("round", width=60, anchor="center")
            for column, name in zip(columns, names, strict=True):
                table.heading(column, text=name)
                table.column(column, width=90, anchor="e")
            for past in history:
                pts = past.get("points", {})
                table.insert(
                    "", "end", values=[past.get("round")] + [pts.get(str(s), 0) for s in range(1, len(names) + 1)]
                )
            table.grid(row=len(names) + 2, column=0, columnspan=4, sticky="we", pady=(10, 0))
        self.button = ttk.Button(frame, text=t("tk.round_end.continue"), command=self.close, default="active")
        self.button.grid(row=len(names) + 3, column=3, sticky="e", pady=(10, 0))
        self.window.bind("<Return>", lambda _e: self.close())
        self.window.bind("<Escape>", lambda _e: self.close())
        self.button.focus_set()

    def close(self) -> None:
        """Dismiss and report."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close()


class MatchEndDialog:
    """End of the match: the winners and the final totals; play again, set up, or just look."""

    def __init__(
        self,
        root: tk.Misc,
        catalog: Catalog,
        names: Sequence[str],
        event: Mapping[str, Any],
        on_close: Callable[[str], None],
    ) -> None:
        t = catalog.t
        self.on_close = on_close
        self.window = _toplevel(root, t("tk.match_end.title"), modal=True)
        self.window.protocol("WM_DELETE_WINDOW", lambda: self.close("close"))
        frame = ttk.Frame(self.window, padding=16)
        _fill(frame, self.window)
        winners = [names[int(w) - 1] for w in event.get("winners", [])]
        ttk.Label(
            frame, text=t("tk.match_end.winners", names=", ".join(winners)), font=("TkDefaultFont", 15, "bold")
        ).grid(row=0, column=0, columnspan=2, sticky="w", pady=(0, 10))
        totals = event.get("totals", {})
        ranked = sorted(range(1, len(names) + 1), key=lambda s: totals.get(str(s), 0))
        for row, seat in enumerate(ranked, 1):
            mark = "★ " if names[seat - 1] in winners else "   "
            ttk.Label(frame, text=mark + names[seat - 1]).grid(row=row, column=0, sticky="w", padx=6)
            ttk.Label(frame, text=str(totals.get(str(seat), 0))).grid(row=row, column=1, sticky="e", padx=6)
        buttons = ttk.Frame(frame)
        buttons.grid(row=len(names) + 1, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.again = ttk.Button(buttons, text=t("tk.match_end.again"), command=lambda: self.close("again"))
        self.again.pack(side="right", padx=4)
        ttk.Button(buttons, text=t("tk.match_end.setup"), command=lambda: self.close("setup")).pack(
            side="right", padx=4
        )
        ttk.Button(buttons, text=t("tk.match_end.close"), command=lambda: self.close("close")).pack(side="right")
        self.window.bind("<Return>", lambda _e: self.close("again"))
        self.window.bind("<Escape>", lambda _e: self.close("close"))
        self.again.focus_set()

    def close(self, choice: str) -> None:
        """Dismiss with ``choice``: "again", "setup" or "close"."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close(choice)


# ------------------------------------------------------------- text panels
class TextPanel:
    """A read-only scrolled text window (the rules or the log); ``on_close`` when it goes."""

    def __init__(self, root: tk.Misc, title: str, on_close: Callable[[], None], width: int = 80) -> None:
        self.on_close = on_close
        self.window = _toplevel(root, title, modal=False)
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        self.window.geometry("720x520")
        frame = ttk.Frame(self.window, padding=6)
        _fill(frame, self.window)
        frame.rowconfigure(0, weight=1)
        frame.columnconfigure(0, weight=1)
        self.text = tk.Text(
            frame, wrap="word", width=width, height=28, padx=8, pady=8, relief="flat", font=("TkDefaultFont", 10)
        )
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set)
        self.text.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        self.text.tag_configure("heading", font=("TkDefaultFont", 12, "bold"), spacing1=8, spacing3=4)
        self.text.tag_configure("title", font=("TkDefaultFont", 15, "bold"), spacing3=6)
        self.text.tag_configure("private", foreground="#1f5fbf")
        ttk.Button(frame, text="OK", command=self.close).grid(row=1, column=0, columnspan=2, sticky="e", pady=(6, 0))
        self.window.bind("<Escape>", lambda _e: self.close())

    def set(self, chunks: Sequence[tuple[str, str]], scroll_end: bool = False) -> None:
        """Replace the content with ``(text, tag)`` chunks."""
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        for chunk, tag in chunks:
            self.text.insert("end", chunk, tag or ())
        self.text.configure(state="disabled")
        if scroll_end:
            self.text.see("end")

    @property
    def open(self) -> bool:
        """True while the window exists."""
        return bool(self.window.winfo_exists())

    def close(self) -> None:
        """Close and report."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close()


class LogPanel(TextPanel):
    """The log window (DX.11): a read-only selector of what to show above the text.

    ``choices`` are the selector's labels; picking the one at index ``i``
    calls ``on_choose(i)``, which fills the text with :meth:`set`.
    """

    def __init__(
        self,
        root: tk.Misc,
        title: str,
        on_close: Callable[[], None],
        label: str,
        choices: Sequence[str],
        on_choose: Callable[[int], None],
    ) -> None:
        super().__init__(root, title, on_close)
        self.on_choose = on_choose
        bar = ttk.Frame(self.window, padding=(6, 6, 6, 0))
        bar.pack(fill="x", before=self.text.master)
        ttk.Label(bar, text=label).pack(side="left")
        self.selector = ttk.Combobox(bar, state="readonly", values=list(choices), width=60)
        self.selector.pack(side="left", fill="x", expand=True, padx=(6, 0))
        self.selector.current(0)
        self.selector.bind("<<ComboboxSelected>>", lambda _e: self.on_choose(self.selected))

    @property
    def selected(self) -> int:
        """The index of the chosen entry (0: the first one)."""
        return max(0, self.selector.current())

    def choose(self, index: int) -> None:
        """Select entry ``index`` as a click would."""
        self.selector.current(index)
        self.on_choose(index)


def rules_chunks(catalog: Catalog, variant_id: str, lang: str) -> list[tuple[str, str]]:
    """The rule text of a variant as text chunks; a clear note when it is not written."""
    try:
        text = rules_text(variant_id, lang)
    except CatalogError as error:
        return [(catalog.t("tk.rules.missing", variant=variant_id) + "\n", "title"), (str(error) + "\n", "")]
    chunks = [(text.title + "\n", "title")]
    for _, heading, body in text.sections:
        chunks += [(heading + "\n", "heading"), (body.strip() + "\n", "")]
    return chunks
