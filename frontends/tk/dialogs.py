"""The window's secondary screens: hand-off, round end, match end, keyboard help, rules and log.

Every dialog is non-blocking: it calls back when closed, so the main loop
(and the tests driving it) never wait inside a dialog.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Mapping, Sequence
from tkinter import ttk
from typing import Any

from roundhouse.core.game.tiles import Tile
from roundhouse.core.text.i18n import Catalog, CatalogError, variant_rules_text
from roundhouse.frontends.common.event_sentences import round_result, target_reachers
from roundhouse.frontends.tk.chart import TotalsChart
from roundhouse.frontends.tk.faces import draw_tile
from roundhouse.frontends.tk.palette import Palette, current, follow
from roundhouse.frontends.tk.scrolled import ScrolledFrame
from roundhouse.frontends.tk.themes import MUTED


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


class Panel:
    """A window of its own (:attr:`window`) that reports, through ``on_close``, when it goes."""

    window: tk.Toplevel
    on_close: Callable[[], None]

    @property
    def open(self) -> bool:
        """True while the window exists."""
        return bool(self.window.winfo_exists())

    def close(self) -> None:
        """Close and report."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close()


# --------------------------------------------------------------- hand-off
class HandOff:
    """DX.3: a cover over the whole table naming the next human; their hand shows only after they acknowledge.

    Under the button, the incoming human reads what happened since their last
    turn (public moves only: every player's, humans' too) and any note for
    them, such as a decision of theirs another human took back.
    """

    SUMMARY_LINES = 10
    """The newest summary sentences shown; the title counts the older ones the log keeps."""

    def __init__(self, parent: tk.Misc, catalog: Catalog, on_ack: Callable[[], None]) -> None:
        self.t = catalog.t
        self.frame = tk.Frame(parent)
        self.label = tk.Label(self.frame, text="", font=("TkDefaultFont", 18, "bold"))
        self.summary = tk.Label(self.frame, text="", justify="left", anchor="nw", font=("TkDefaultFont", 11))
        self.recolour()
        self.label.place(relx=0.5, rely=0.3, anchor="center")
        self.button = ttk.Button(self.frame, text="", command=on_ack)
        self.button.place(relx=0.5, rely=0.42, anchor="center")
        self.summary.place(relx=0.5, rely=0.5, anchor="n")
        self.shown_for: str | None = None

    def recolour(self) -> None:
        """Take the table theme's colours."""
        colours = current()
        self.frame.configure(background=colours.felt)
        self.label.configure(background=colours.felt, foreground=colours.row_text)
        self.summary.configure(background=colours.felt, foreground=colours.row_text)

    def show(self, name: str, since: Sequence[str] = (), note: str | None = None) -> None:
        """Cover the table for ``name``; ``since`` is what happened since their last turn, ``note`` a word for them."""
        self.label.configure(text=self.t("tk.handoff.prompt", name=name))
        self.summary.configure(text=self.summary_text(since, note), wraplength=max(300, self.frame.winfo_width() - 80))
        self.button.configure(text=self.t("tk.handoff.button", name=name))
        self.frame.place(relx=0, rely=0, relwidth=1, relheight=1)
        self.frame.lift()
        self.button.focus_set()
        self.shown_for = name

    def summary_text(self, since: Sequence[str], note: str | None) -> str:
        """The note, then "Since your last turn" and its newest sentences (empty when there is nothing to tell)."""
        lines = [note] if note else []
        if since:
            shown = since[-self.SUMMARY_LINES :]
            title = self.t("tk.feed.title")
            if len(shown) < len(since):
                title = f"{title} ({self.t('tk.feed.earlier', count=len(since) - len(shown))})"
            lines += [title + ":", *("  " + sentence for sentence in shown)]
        return "\n".join(lines)

    def hide(self) -> None:
        """Uncover."""
        self.frame.place_forget()
        self.shown_for = None

    @property
    def visible(self) -> bool:
        """True while the table is covered."""
        return self.shown_for is not None


# ------------------------------------------------------------- round end
def _hand_strip(parent: tk.Misc, tiles: Sequence[Tile], side: int = 13) -> tk.Canvas:
    """The tiles left in one hand, face up and lying flat, wrapping after twelve tiles."""
    per_row, step = 12, 2 * side + 3
    rows = max(1, -(-len(tiles) // per_row))
    colours = current()
    canvas = tk.Canvas(
        parent,
        width=min(len(tiles), per_row) * step + 5,
        height=rows * (side + 3) + 5,
        background=colours.felt,
        highlightthickness=0,
    )
    for index, tile in enumerate(tiles):
        row, col = divmod(index, per_row)
        x, y = 3 + col * step, 3 + row * (side + 3)
        draw_tile(canvas, x, y, tile.a, tile.b, side, False, ("reveal",), bg=colours.felt)
    return canvas


def _fit_screen(window: tk.Toplevel, over: tk.Misc, margin: int = 24) -> None:
    """Size ``window`` to its content but never beyond the screen, and place it over ``over`` inside the screen."""
    window.update_idletasks()
    screen_w, screen_h = window.winfo_screenwidth(), window.winfo_screenheight()
    w = min(window.winfo_reqwidth(), screen_w - 2 * margin)
    h = min(window.winfo_reqheight(), screen_h - 2 * margin)
    x = over.winfo_rootx() + (over.winfo_width() - w) // 2
    y = over.winfo_rooty() + (over.winfo_height() - h) // 3
    x = max(margin // 2, min(x, screen_w - w - margin // 2))
    y = max(margin // 2, min(y, screen_h - h - margin // 2))
    window.geometry(f"{w}x{h}+{x}+{y}")


class StoryScreen(Panel):
    """A modal window with a headline, a scrolling body and a button bar that always stays in view.

    Subclasses fill :attr:`body` and :attr:`bar`; the window is sized to
    the content but never beyond the screen (the body scrolls inside).
    """

    def __init__(self, root: tk.Misc, title: str, headline: str, lines: Sequence[str]) -> None:
        self.window = _toplevel(root, title, modal=True)
        self.window.rowconfigure(0, weight=1)
        self.window.columnconfigure(0, weight=1)
        self.frame = ttk.Frame(self.window, padding=(16, 12, 16, 10))
        self.frame.grid(row=0, column=0, sticky="nsew")
        self.frame.rowconfigure(1, weight=1)
        self.frame.columnconfigure(0, weight=1)
        top = ttk.Frame(self.frame)
        top.grid(row=0, column=0, sticky="we")
        self.headline = ttk.Label(top, text=headline, font=("TkDefaultFont", 15, "bold"), wraplength=860)
        self.headline.pack(anchor="w")
        self.story = [ttk.Label(top, text=line, wraplength=860, justify="left") for line in lines]
        for label in self.story:
            label.pack(anchor="w", pady=(2, 0))
        self.scroll = ScrolledFrame(self.frame)
        self.scroll.grid(row=1, column=0, sticky="nsew", pady=(8, 0))
        self.body = self.scroll.body
        self.bar = ttk.Frame(self.frame, padding=(0, 10, 0, 0))
        self.bar.grid(row=2, column=0, sticky="we")

    def fit(self, root: tk.Misc) -> None:
        """Size the window for its content once it is built: the body's full height when the screen allows."""
        self.window.update_idletasks()
        wanted = self.scroll.body.winfo_reqheight()
        self.scroll.canvas.configure(height=wanted, width=self.scroll.body.winfo_reqwidth())
        self.window.after_idle(lambda: self.window.winfo_exists() and _fit_screen(self.window, root.winfo_toplevel()))
        _fit_screen(self.window, root.winfo_toplevel())


def _seat_names(names: Sequence[str], seats: Sequence[Any]) -> str:
    return ", ".join(names[int(seat) - 1] for seat in seats)


def round_story(catalog: Catalog, names: Sequence[str], event: Mapping[str, Any], variant_id: str) -> list[str]:
    """What happened in the round, in sentences: who went out, or that it was blocked and why."""
    t = catalog.t
    hands = event.get("hands", {})
    if event.get("reason") == "out":
        out = [seat for seat, tiles in hands.items() if not tiles]
        return [t("tk.round_end.story.out", name=_seat_names(names, out) or "?")]
    if event.get("reason") == "target":  # a scoring game won mid-round
        return [t("goal_story", players=target_reachers(names, event)), round_result(catalog, variant_id, names, event)]
    key = f"tk.round_end.story.blocked.{variant_id}"
    return [
        t(key if catalog.has(key) else "tk.round_end.story.blocked"),
        round_result(catalog, variant_id, names, event),
    ]


class RoundEndDialog(StoryScreen):
    """End of a round: who went out or why it was blocked, every hand revealed (DX.3), points, totals and a chart."""

    def __init__(
        self,
        root: tk.Misc,
        catalog: Catalog,
        names: Sequence[str],
        event: Mapping[str, Any],
        history: Sequence[Mapping[str, Any]],
        on_close: Callable[[], None],
        variant_id: str = "",
        gains: bool = False,
    ) -> None:
        t = catalog.t
        self.on_close = on_close
        number = event.get("round", "?")
        self.round = number
        super().__init__(
            root,
            t("tk.round_end.title", round=number),
            t("tk.round_end.title", round=number),
            round_story(catalog, names, event, variant_id),
        )
        self.window.protocol("WM_DELETE_WINDOW", self.close)
        table = ttk.Frame(self.body)
        table.pack(fill="x", anchor="w")
        points_key = "score_gained" if gains else "tk.round_end.points"  # points won, not tiles' penalties
        headings = ("tk.round_end.player", "tk.round_end.hand", points_key, "tk.round_end.total")
        for col, key in enumerate(headings):
            ttk.Label(table, text=t(key), font=("TkDefaultFont", 10, "bold")).grid(
                row=0, column=col, sticky="e" if col >= 2 else "w", padx=8
            )
        hands, points, totals = event.get("hands", {}), event.get("points", {}), event.get("totals", {})
        for row, name in enumerate(names, 1):
            seat = str(row)
            ttk.Label(table, text=name).grid(row=row, column=0, sticky="w", padx=8, pady=1)
            tiles = [Tile.parse(x) for x in hands.get(seat, [])]
            strip = _hand_strip(table, tiles) if tiles else ttk.Label(table, text=t("tk.round_end.out"))
            strip.grid(row=row, column=1, sticky="w", padx=8, pady=1)
            ttk.Label(table, text=str(points.get(seat, 0))).grid(row=row, column=2, sticky="e", padx=8)
            ttk.Label(table, text=str(totals.get(seat, 0)), font=("TkDefaultFont", 10, "bold")).grid(
                row=row, column=3, sticky="e", padx=8
            )
        self.chart = TotalsChart(self.body, names, history, t("tk.round_end.chart"), height=200)
        self.chart.canvas.pack(fill="x", pady=(12, 0))
        self.button = ttk.Button(self.bar, text=t("tk.round_end.continue"), command=self.close, default="active")
        self.button.pack(side="right")
        self.window.bind("<Return>", lambda _e: self.close())
        self.window.bind("<Escape>", lambda _e: self.close())
        self.fit(root)
        self.button.focus_set()


def ranking(names: Sequence[str], totals: Mapping[str, int], winners: Sequence[Any]) -> list[tuple[int, int]]:
    """(place, seat) from first to last: winners first, then the others nearest the winners' total; ties share."""
    seats = list(range(1, len(names) + 1))
    best = [totals.get(str(int(w)), 0) for w in winners] or [0]
    aim = best[0]

    def distance(seat: int) -> tuple[int, int]:
        return (0 if str(seat) in {str(w) for w in winners} else 1, abs(totals.get(str(seat), 0) - aim))

    ordered = sorted(seats, key=distance)
    places, previous, place = [], None, 0
    for index, seat in enumerate(ordered, 1):
        key = distance(seat)
        if key != previous:
            place, previous = index, key
        places.append((place, seat))
    return places


class MatchEndDialog(StoryScreen):
    """End of the match: the winners, the ranking with totals, the chart; play again, set up, or just look."""

    def __init__(
        self,
        root: tk.Misc,
        catalog: Catalog,
        names: Sequence[str],
        event: Mapping[str, Any],
        on_close: Callable[[str], None],
        history: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        t = catalog.t
        self.on_close = on_close
        winners = [names[int(w) - 1] for w in event.get("winners", [])]
        headline = t("tk.match_end.winners", names=", ".join(winners), count=len(winners))
        super().__init__(root, t("tk.match_end.title"), headline, [])
        self.window.protocol("WM_DELETE_WINDOW", lambda: self.close("close"))
        totals = event.get("totals", {})
        table = ttk.Frame(self.body)
        table.pack(fill="x", anchor="w")
        for col, key in enumerate(("tk.match_end.place", "tk.round_end.player", "tk.round_end.total")):
            ttk.Label(table, text=t(key), font=("TkDefaultFont", 10, "bold")).grid(
                row=0, column=col, sticky="w" if col == 1 else "e", padx=8
            )
        self.ranking = ranking(names, totals, event.get("winners", []))
        for row, (place, seat) in enumerate(self.ranking, 1):
            bold = ("TkDefaultFont", 11, "bold") if place == 1 else ("TkDefaultFont", 10)
            ttk.Label(table, text=t("tk.match_end.place_n", place=place), font=bold).grid(
                row=row, column=0, sticky="e", padx=8
            )
            ttk.Label(table, text=names[seat - 1], font=bold).grid(row=row, column=1, sticky="w", padx=8)
            ttk.Label(table, text=str(totals.get(str(seat), 0)), font=bold).grid(row=row, column=2, sticky="e", padx=8)
        self.chart = TotalsChart(self.body, names, history, t("tk.round_end.chart"), height=220)
        self.chart.canvas.pack(fill="x", pady=(12, 0))
        self.again = ttk.Button(self.bar, text=t("tk.match_end.again"), command=lambda: self.close("again"))
        self.again.pack(side="right", padx=(6, 0))
        ttk.Button(self.bar, text=t("tk.match_end.setup"), command=lambda: self.close("setup")).pack(
            side="right", padx=(6, 0)
        )
        ttk.Button(self.bar, text=t("tk.match_end.close"), command=lambda: self.close("close")).pack(side="right")
        self.window.bind("<Return>", lambda _e: self.close("again"))
        self.window.bind("<Escape>", lambda _e: self.close("close"))
        self.fit(root)
        self.again.focus_set()

    def close(self, choice: str) -> None:
        """Dismiss with ``choice``: "again", "setup" or "close"."""
        if self.window.winfo_exists():
            self.window.destroy()
            self.on_close(choice)


# ------------------------------------------------------------- text panels
class TextPanel(Panel):
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
        self._recolour(current())
        self.text.bind("<Destroy>", lambda _e: stop_following(), add="+")
        stop_following = follow(self._recolour)
        ttk.Button(frame, text="OK", command=self.close).grid(row=1, column=0, columnspan=2, sticky="e", pady=(6, 0))
        self.window.bind("<Escape>", lambda _e: self.close())

    def _recolour(self, colours: Palette) -> None:
        """Private lines in the table theme's colour for them (the text area takes the widget theme's)."""
        self.text.tag_configure("private", foreground=colours.private_text)

    def set(self, chunks: Sequence[tuple[str, str]], scroll_end: bool = False) -> None:
        """Replace the content with ``(text, tag)`` chunks."""
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        for chunk, tag in chunks:
            self.text.insert("end", chunk, tag or ())
        self.text.configure(state="disabled")
        if scroll_end:
            self.text.see("end")


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


SELECTOR_KEYS = {"hand": "← →", "place": "↑ ↓", "enter": "Enter", "escape": "Esc", "draw": "D", "end": "E"}
"""The keys of the position selectors (:mod:`roundhouse.frontends.tk.keyboard`) as the help writes them."""
KEYS = (*SELECTOR_KEYS, "skip", "hint", "undo", "redo", "restart", "new", "rules", "log", "quit")
"""What the keyboard help lists (``tk.keys.do.<name>``), in order: the selectors' keys, then the commands' ids."""


class KeysPanel(Panel):
    """The keyboard help: a two-column table of keys and what they do.

    ``shortcuts`` gives the key of each command (its id is its :data:`KEYS` name), as its menu entry shows it.
    """

    def __init__(self, root: tk.Misc, catalog: Catalog, shortcuts: Mapping[str, str]) -> None:
        t = catalog.t
        self.on_close = lambda: None
        self.window = _toplevel(root, t("tk.keys.title"), modal=False)
        self.window.resizable(False, False)
        frame = ttk.Frame(self.window, padding=16)
        _fill(frame, self.window)
        ttk.Label(frame, text=t("tk.keys.intro"), font=("TkDefaultFont", 11, "bold")).grid(
            row=0, column=0, columnspan=2, sticky="w", pady=(0, 8)
        )
        ttk.Label(frame, text=t("tk.keys.key"), style=MUTED).grid(row=1, column=0, sticky="w", padx=(0, 18))
        ttk.Label(frame, text=t("tk.keys.does"), style=MUTED).grid(row=1, column=1, sticky="w")
        ttk.Separator(frame).grid(row=2, column=0, columnspan=2, sticky="we", pady=3)
        self.rows: list[tuple[str, str]] = []
        for row, name in enumerate(KEYS, 3):
            keys = SELECTOR_KEYS.get(name) or shortcuts[name]
            does = t(f"tk.keys.do.{name}")
            ttk.Label(frame, text=keys, font=("TkFixedFont", 10, "bold")).grid(
                row=row, column=0, sticky="w", padx=(0, 18), pady=1
            )
            ttk.Label(frame, text=does).grid(row=row, column=1, sticky="w", pady=1)
            self.rows.append((keys, does))
        close = ttk.Button(frame, text=t("tk.keys.close"), command=self.close, default="active")
        close.grid(row=len(KEYS) + 3, column=0, columnspan=2, sticky="e", pady=(12, 0))
        self.window.bind("<Escape>", lambda _e: self.close())
        self.window.bind("<Return>", lambda _e: self.close())
        close.focus_set()


def reflow(body: str) -> str:
    """Rule text with its source line breaks taken out, so it wraps to the panel's width.

    Blank lines keep separating paragraphs and each "- " or "1." list item
    starts its own line; a line that starts a new sentence after a list
    item ending with a full stop starts a new paragraph.
    """
    paragraphs: list[str] = []
    joining = False
    for line in body.strip().splitlines():
        text = line.strip()
        item = _is_item(text)
        after_list = (
            bool(paragraphs) and _is_item(paragraphs[-1]) and paragraphs[-1].endswith(".") and text[:1].isupper()
        )
        if not text:
            paragraphs.append("")
            joining = False
        elif joining and not item and not after_list:
            paragraphs[-1] += " " + text
        else:
            paragraphs.append(text)
            joining = True
    return "\n".join(paragraphs)


def _is_item(text: str) -> bool:
    return text.startswith("- ") or (text[:1].isdigit() and text.split(" ", 1)[0].rstrip(".").isdigit())


def rules_chunks(catalog: Catalog, variant: Any, lang: str) -> list[tuple[str, str]]:
    """A variant's rule text (from its own text package when it has one) as text chunks; a clear note when missing."""
    try:
        text = variant_rules_text(variant, lang)
    except CatalogError as error:
        return [(catalog.t("tk.rules.missing", variant=variant.name) + "\n", "title"), (str(error) + "\n", "")]
    chunks = [(text.title + "\n", "title")]
    for _, heading, body in text.sections:
        chunks += [(heading + "\n", "heading"), (reflow(body) + "\n", "")]
    return chunks
