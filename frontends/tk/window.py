"""The window's widgets: built once, relabelled on a change of language, redrawn from a drawing model.

:class:`TableWindow` lays out the status lines, the table and hand canvases,
the players panel, the button bar and the hand-off cover, and remembers the
window's size once the player resizes it. It decides nothing: its buttons
call the :class:`WindowHost`, and :meth:`TableWindow.show` draws a
:class:`roundhouse.frontends.tk.board_model.BoardModel` it is handed, changing
only the widget options that differ from what is shown. A resize asks the
host to refresh once the event loop is idle.
"""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Mapping, Sequence
from tkinter import ttk
from typing import Any, Protocol

from roundhouse.core.game.actions import Action, EndTurn
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.tk import density, palette, window_size
from roundhouse.frontends.tk.board import draw_hand, draw_table
from roundhouse.frontends.tk.board_model import BoardModel
from roundhouse.frontends.tk.dialogs import HandOff
from roundhouse.frontends.tk.fonts import font
from roundhouse.frontends.tk.hand_order import ORDERS
from roundhouse.frontends.tk.header import pin_header
from roundhouse.frontends.tk.layout import (
    HAND_SHARE,
    MAX_SIDE,
    MIN_SIDE,
    HandPlan,
    TablePlan,
    plan_hand,
    table_height,
)
from roundhouse.frontends.tk.players_panel import PlayersPanel
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.row_labels import LabelMeasure

SCROLL_RESPECT = 5.0
"""Seconds after the player scrolls the table during which a redraw does not scroll it to the turn's row."""
SIDE_PANEL_MIN_WIDTH = 1150
SIDE_PANEL_MAX_LINES = 7
BUTTONS = ("confirm", "cancel", "end_turn", "hint", "redo", "undo", "skip")
"""The button bar's buttons (``tk.button.<key>``, Skip ``tk_flow_button_skip``); the first three sit on the left.

A button that cannot be used now is greyed out, never taken away: no button moves under the pointer.
"""


class WindowHost(Protocol):
    """What the widgets need from the window: words, the presenter (the hand's order) and their buttons' handlers."""

    catalog: Catalog

    presenter: Presenter

    def t(self, key: str, **values: Any) -> str: ...

    def confirm(self) -> None: ...

    def cancel(self) -> None: ...

    def end_turn(self) -> None: ...

    def hint(self) -> None: ...

    def redo(self) -> None: ...

    def undo(self) -> None: ...

    def skip(self) -> None: ...

    def set_hand_order(self, order: str) -> None: ...

    def arrange_hand(self) -> None: ...

    def acknowledge_handoff(self) -> None: ...

    def refresh(self) -> None: ...


def menu_bar_height(root: tk.Tk) -> int:
    """The height of ``root``'s menu bar as drawn (0 without one, or where the system draws it apart).

    Tk draws the menu bar as a clone of the menu (a child of ``root`` named with a ``#``); the
    menu itself measures as a drop-down list.
    """
    if not str(root.cget("menu")):
        return 0
    root.update_idletasks()
    clones = [
        str(child)
        for child in root.tk.splitlist(root.tk.call("winfo", "children", root._w))
        if "#" in str(child) and root.tk.call("winfo", "class", child) == "Menu"
    ]
    return max((int(root.tk.call("winfo", "reqheight", clone)) for clone in clones), default=0)


class TableWindow:
    """The widgets of the window on ``root``; ``model`` is the drawing model last shown."""

    def __init__(self, root: tk.Tk, host: WindowHost) -> None:
        self.root = root
        self.host = host
        self.model: BoardModel | None = None
        self.table_plan: TablePlan | None = None
        self.hand_plan: HandPlan | None = None
        self._shown: dict[Any, Any] = {}
        self._redraw_job: str | None = None
        self.feed_open = False
        """The player opened the folded feed (it folds again on the toggle)."""
        self._scrolled_at = -SCROLL_RESPECT
        root.title(host.t("tk.title"))
        self.scale = density.measure(root)
        """The text's scale (:mod:`~roundhouse.frontends.tk.density`) the window lays out and draws at."""
        root.minsize(window_size.MIN_WIDTH, window_size.MIN_HEIGHT)
        self._opened_size = (0, 0)
        self.fit_screen()
        root.after_idle(self.fit_screen)
        self._size_job: str | None = None
        root.bind("<Configure>", self._on_root_configure, add="+")
        self.main = ttk.Frame(root)
        self.main.pack(fill="both", expand=True)
        self.main.columnconfigure(0, weight=1)
        self.main.rowconfigure(1, weight=1)
        with density.scaled(self.scale):
            self._build_top()
            self._build_board()
            self._build_side()
            self._build_bar()
        self.handoff = HandOff(self.main, host.catalog, host.acknowledge_handoff)
        self.main.bind("<Configure>", lambda _e: self._fit_side_panel())

    def _build_top(self) -> None:
        top = ttk.Frame(self.main, padding=(10, 6))
        top.grid(row=0, column=0, columnspan=2, sticky="we")
        line = ttk.Frame(top)
        line.pack(fill="x")
        self.status = ttk.Label(line, text="", font=font(line, 12, "bold"))
        self.status.pack(side="left")
        self.thinking = ttk.Label(line, text="", font=font(line, 12, "italic"))
        """The thinking mark: whose decision is being worked out (empty while none is)."""
        self.thinking.pack(side="left", padx=(16, 0))
        self.detail = ttk.Label(top, text="")
        self.detail.pack(anchor="w")

    def _build_board(self) -> None:
        """The table (scrolled rows) over the hand strip."""
        board = ttk.Frame(self.main)
        board.grid(row=1, column=0, sticky="nsew")
        board.rowconfigure(0, weight=1)
        board.columnconfigure(0, weight=1)
        self.table = tk.Canvas(
            board, background=palette.current().felt, highlightthickness=0, takefocus=0, width=1, height=1
        )
        self.table.grid(row=0, column=0, sticky="nsew")
        self.table_scroll = ttk.Scrollbar(board, orient="vertical", command=self._player_scroll)
        self.table_scroll.grid(row=0, column=1, sticky="ns")
        self.table.configure(yscrollcommand=self._on_table_scrolled)
        self.table.tag_bind("feed-toggle", "<Button-1>", lambda _e: self.toggle_feed())
        self.hand = tk.Canvas(
            board,
            background=palette.current().hand_bg,
            highlightthickness=0,
            height=density.px(110),
            width=1,
            takefocus=0,
        )
        self.hand.grid(row=1, column=0, columnspan=2, sticky="we")
        for canvas in (self.table, self.hand):
            canvas.configure(cursor="hand2")
            canvas.bind("<Configure>", lambda _e: self.schedule_redraw())
        self.table.bind("<MouseWheel>", lambda e: self._player_scroll("scroll", -1 if e.delta > 0 else 1, "units"))
        self.table.bind("<Button-4>", lambda _e: self._player_scroll("scroll", -1, "units"))
        self.table.bind("<Button-5>", lambda _e: self._player_scroll("scroll", 1, "units"))

    def _build_side(self) -> None:
        """The players panel and the facts under it."""
        self.side = ttk.Frame(self.main, padding=(8, 4))
        self.side.grid(row=1, column=1, sticky="ns")
        self.players = PlayersPanel(self.side, self.host.t)
        self.side_info = ttk.Label(self.side, text="", justify="left", wraplength=density.px(230))
        self.side_info.pack(fill="x", pady=8)

    def _build_bar(self) -> None:
        """The buttons under the hand, with the hand's order menu and Arrange."""
        host = self.host
        bar = ttk.Frame(self.main, padding=(8, 6))
        bar.grid(row=2, column=0, columnspan=2, sticky="we")
        handlers = (host.confirm, host.cancel, host.end_turn, host.hint, host.redo, host.undo, host.skip)
        self.buttons: dict[str, ttk.Button] = {}
        for key, command in zip(BUTTONS, handlers, strict=True):
            button = ttk.Button(bar, text=host.t(_label_key(key)), command=command)
            button.pack(side="left" if key in BUTTONS[:3] else "right", padx=3)
            self.buttons[key] = button
        self.hand_order_var = tk.StringVar(value=host.presenter.order)
        self.order_button = ttk.Menubutton(bar)
        self.order_button.pack(side="left", padx=(12, 3))
        self.arrange_button = ttk.Button(bar, command=host.arrange_hand)
        self.arrange_button.pack(side="left", padx=3)
        self._label_hand_controls()

    def _player_scroll(self, *args: Any) -> None:
        """The player scrolls the table (wheel or scroll bar): redraws leave the view alone for a while."""
        self._scrolled_at = time.monotonic()
        self.table.yview(*args)

    def toggle_feed(self) -> None:
        """Open the folded feed, or fold it again."""
        self.feed_open = not self.feed_open
        self.schedule_redraw()

    def _show_turn_row(self, plan: TablePlan, top: float) -> None:
        """Scroll the rows so the row whose owner is to move is in view under the header,
        unless the player scrolled the table in the last SCROLL_RESPECT seconds."""
        if time.monotonic() - self._scrolled_at < SCROLL_RESPECT:
            return
        rows = [row for row in plan.rows if row.line.owners_turn]
        total = max(plan.height, self.table.winfo_height(), 1)
        view_top = self.table.canvasy(0)
        room = self.table.winfo_height() - top
        if not rows or room <= 0:
            return
        row = rows[0]
        if row.y - top >= view_top and row.y + row.height <= view_top + top + room:
            return
        self.table.yview_moveto(max(0.0, row.y - top - 4) / total)

    def _on_table_scrolled(self, first: str, last: str) -> None:
        """The rows scrolled: move the scroll bar and keep the header (boneyard, feed) in view."""
        self.table_scroll.set(first, last)
        pin_header(self.table)

    def fit_screen(self) -> None:
        """Open at the remembered size, or one that fits the screen under the menu bar (measured),
        a title bar and a desktop panel; called again once the menu bar exists."""
        root = self.root
        menu = menu_bar_height(root)
        screen = (root.winfo_screenwidth(), root.winfo_screenheight())
        chrome = window_size.chrome_height(menu, root.winfo_fpixels("1i"), screen[1], root.wm_maxsize()[1])
        width, height = window_size.opening_size(*screen, chrome)
        if (width, height) != self._opened_size:
            top = max(0, (screen[1] - height - chrome) // 3)
            root.geometry(f"{width}x{height}+{(screen[0] - width) // 2}+{top}")
            self._opened_size = (width, height)

    def _on_root_configure(self, event: tk.Event) -> None:
        """Remember the window's size once the player resizes it (saved when resizing stops)."""
        if event.widget is not self.root or (event.width, event.height) == self._opened_size:
            return
        if self._size_job is not None:
            self.root.after_cancel(self._size_job)
        self._size_job = self.root.after(600, self._remember_size)

    def _remember_size(self) -> None:
        self._size_job = None
        size = (self.root.winfo_width(), self.root.winfo_height())
        if size != self._opened_size:
            self._opened_size = size
            window_size.save(*size)

    def forget_size_job(self) -> None:
        """Drop a pending save of the window's size (the window is closing)."""
        if self._size_job is not None:
            self.root.after_cancel(self._size_job)
        self._size_job = None

    def _label_hand_controls(self) -> None:
        """The hand's order menu and Arrange button, in the current language."""
        t = self.host.t
        menu = tk.Menu(self.order_button, tearoff=False)
        for name in ORDERS:
            menu.add_radiobutton(
                label=t(f"tk.hand.order.{name}"),
                value=name,
                variable=self.hand_order_var,
                command=lambda n=name: self.host.set_hand_order(n),
            )
        self.order_button.configure(text=t("tk.hand.order"), menu=menu)
        self.arrange_button.configure(text=t("tk.hand.arrange"))

    def relabel(self) -> None:
        """Every label and button in the current language (the next drawing sets the rest)."""
        self.handoff.t = self.host.catalog.t
        self.players.label(self.host.t)
        for key, button in self.buttons.items():
            button.configure(text=self.host.t(_label_key(key)))
        self._label_hand_controls()
        self._shown.clear()

    def recolour(self) -> None:
        """Take the current palette's colours (the table is redrawn when idle)."""
        colours = palette.current()
        self.table.configure(background=colours.felt)
        self.hand.configure(background=colours.hand_bg)
        self.handoff.recolour()
        self._shown.clear()
        self.schedule_redraw()

    def _fit_side_panel(self) -> None:
        """The side panel gives its room to the table below SIDE_PANEL_MIN_WIDTH (at the text's scale) or on a crowded
        table (the rows carry the same facts)."""
        crowded = self.model is not None and len(self.model.lines) > SIDE_PANEL_MAX_LINES
        with density.scaled(self.scale):
            wide = self.main.winfo_width() >= density.px(SIDE_PANEL_MIN_WIDTH) and not crowded
        if wide != bool(self.side.winfo_manager()):
            if wide:
                self.side.grid()
            else:
                self.side.grid_remove()

    def schedule_redraw(self) -> None:
        """Ask the host to refresh once the event loop is idle (once however often this is called)."""
        if self._redraw_job is None:
            self._redraw_job = self.root.after_idle(self._idle_redraw)

    def _idle_redraw(self) -> None:
        self._redraw_job = None
        self.host.refresh()

    def show(self, model: BoardModel, enabled: Mapping[str, bool], kinds: Sequence[str], notes: Sequence[str]) -> None:
        """Draw ``model``.

        ``enabled`` switches the buttons the model does not decide (Hint, Undo,
        Redo); ``kinds`` says who plays each seat of ``model.seats``; ``notes``
        end the side panel, after the model's facts.
        """
        self.model = model
        self.scale = density.measure(self.root)
        self._fit_side_panel()
        with density.scaled(self.scale):
            self._draw(model)
        self._set(self.status, "text", model.status)
        self._set(self.detail, "text", model.detail)
        self._set(self.buttons["confirm"], "text", model.confirm_label)
        self._show_buttons(
            {"confirm": model.can_confirm, "cancel": model.can_cancel, "end_turn": model.can_end_turn, **enabled}
        )
        rows = self.players.rows(model.seats, kinds)
        if self._shown.get("players") != rows:
            self._shown["players"] = rows
            self.players.fill(model.seats, rows)
        self._set(self.side_info, "text", "\n".join([*model.facts, *notes]))

    def _draw(self, model: BoardModel) -> None:
        """Lay out and draw the table and the hand (at the text's scale)."""
        colours = palette.current()
        self._set(self.table, "background", colours.felt)
        self._set(self.hand, "background", colours.hand_bg)
        hand_plan = self.hand_plan = self._plan_hand(model)
        self._set(self.hand, "height", hand_plan.height)
        width = max(self.table.winfo_width(), 300)
        height = max(self.table.winfo_height(), 100)
        self.table_plan = draw_table(self.table, model, width, height, self.feed_open)
        self.table.configure(scrollregion=(0, 0, width, max(self.table_plan.height, height)))
        self._show_turn_row(self.table_plan, self.table.coords("pinned-bg")[3] - self.table.coords("pinned-bg")[1])
        pin_header(self.table)
        hand_look = (model.hand, model.hand_title, hand_plan, colours, self.scale, self.hand.winfo_width())
        if self._shown.get("hand") != hand_look:  # the hand changes far less often than the table
            self._shown["hand"] = hand_look
            draw_hand(self.hand, model, hand_plan)

    def _plan_hand(self, model: BoardModel) -> HandPlan:
        """The hand's tiles, given the room the table leaves.

        The table and the hand share one height. Where the table's rows need less than it at MAX_SIDE
        (measured with the last header), the hand may take the rest, up to HAND_SHARE of it; it
        never takes what the rows need at MIN_SIDE, unless its tiles would go below HAND_MIN_SIDE.
        """
        hand_width = max(self.hand.winfo_width(), 400)
        shared = self.table.winfo_height() + self.hand.winfo_height()
        room = limit = None
        if self.table_plan is not None and shared > 200:
            plan, measure = self.table_plan, LabelMeasure(self.table)
            top = plan.rows[0].y if plan.rows else plan.height
            width = max(self.table.winfo_width(), 300)
            room = min(shared * HAND_SHARE, shared - table_height(model.lines, width, top, MAX_SIDE, measure))
            limit = shared - table_height(model.lines, width, top, MIN_SIDE, measure)
        return plan_hand(len(model.hand), hand_width, self.root.winfo_height(), room, limit)

    def show_thinking(self, words: str) -> None:
        """Show ``words`` as the thinking mark beside the status line ("" hides it)."""
        self._set(self.thinking, "text", words)

    def offer_buttons(self, actions: Sequence[type[Action]]) -> None:
        """Show End first turn only in a game with that action (``Variant.actions``); set once per match."""
        button = self.buttons["end_turn"]
        if EndTurn in actions and not button.winfo_manager():
            button.pack(side="left", padx=3, after=self.buttons["cancel"])
        elif EndTurn not in actions:
            button.pack_forget()

    def _show_buttons(self, states: Mapping[str, bool]) -> None:
        """A button that cannot be used now is greyed out (none is taken away, so none moves)."""
        for key, enabled in states.items():
            if self._shown.get(("state", key)) != enabled:
                self._shown[("state", key)] = enabled
                self.buttons[key].state(["!disabled"] if enabled else ["disabled"])

    def _set(self, widget: tk.Misc, option: str, value: Any) -> None:
        """Configure ``option`` only when it changes (each change costs a relayout)."""
        key = (str(widget), option)
        if self._shown.get(key) != value:
            self._shown[key] = value
            widget.configure(**{option: value})


def _label_key(button: str) -> str:
    """The catalog key of a button's label."""
    return "tk_flow_button_skip" if button == "skip" else f"tk.button.{button}"
