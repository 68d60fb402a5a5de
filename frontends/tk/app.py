"""The Tk window: widgets, menus, accelerators, computer pacing with ``after()``.

:class:`TkApp` drives a :class:`roundhouse.core.play.session.Session`; it never touches a
match state. Each change goes: session call → observer collects events →
:meth:`TkApp.after_change` opens round/match screens, redraws from the
seat's view and schedules the next computer step.
"""

from __future__ import annotations

import dataclasses
import tkinter as tk
from collections.abc import Sequence
from tkinter import font as tkfont
from tkinter import messagebox, ttk
from typing import Any

from roundhouse.core.game.actions import Action, EndTurn, IllegalAction, Pass, without_clauses
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Session
from roundhouse.core.play.setup import HINT_PREFERENCE, default_seats, make_session, strong_hint_bot, variant_bot
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.store import PAUSED, HistoryEntry, StoreError
from roundhouse.core.text.i18n import normalize_language, ui_catalog, variant_title
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.common.game_words import game_words
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.common.past_matches import game_name, load_past, when, winner_names
from roundhouse.frontends.common.saved_matches import describe_saved, differs
from roundhouse.frontends.tk import palette, window_size
from roundhouse.frontends.tk import settings as settings_module
from roundhouse.frontends.tk.board import draw_hand, draw_table, pin_header
from roundhouse.frontends.tk.dialogs import (
    HandOff,
    KeysPanel,
    LogPanel,
    MatchEndDialog,
    RoundEndDialog,
    TextPanel,
    rules_chunks,
)
from roundhouse.frontends.tk.drag import HandDrag
from roundhouse.frontends.tk.hand_order import ORDERS
from roundhouse.frontends.tk.keyboard import KeyboardSelectors
from roundhouse.frontends.tk.layout import HandPlan, TablePlan, plan_hand
from roundhouse.frontends.tk.logtext import event_text
from roundhouse.frontends.tk.motion import SLIDE_MS, Slide, slide
from roundhouse.frontends.tk.presenter import BoardModel, Presenter
from roundhouse.frontends.tk.setup_screen import SetupChoice, SetupScreen, seat_kind_words
from roundhouse.frontends.tk.themes import THEMES, make_root, theme_named
from roundhouse.frontends.tk.themes import apply_theme as use_theme

DEFAULT_VARIANT = "mexican-train"
SIDE_PANEL_MIN_WIDTH = 1150
SIDE_PANEL_MAX_LINES = 7
PLAYER_COLUMNS = ("#0", "kind", "hand", "total")
"""The players panel's columns: name (the tree column), who plays the seat, tiles in hand, match total."""
PLAYER_COLUMN_MINS = {"#0": 100, "kind": 60, "hand": 40, "total": 46}
"""Least width of each column of the players panel; each grows to what it shows."""
TREE_INDENT = 12
"""Room before a name in the players panel's first column (the tree's indent)."""
CELL_PAD = 12
"""Room around a cell's or heading's text in the players panel."""


class TkApp:
    """The game window around one session at a time.

    ``store`` is the save store or None (``saved_match()``, ``resume(saved,
    registry)``, ``attach(session)``). Create it, then call :meth:`start`
    (or :meth:`set_session`) and run ``root.mainloop()``.
    """

    def __init__(
        self,
        root: tk.Tk,
        plugins: Plugins,
        options: PlayOptions | None = None,
        store: Any = None,
        settings: settings_module.Settings | None = None,
    ) -> None:
        self.root = root
        self.plugins = plugins
        self.registry = plugins.registry
        self.options = options or PlayOptions()
        self.store = store
        self.settings = settings or settings_module.load()
        self.lang = normalize_language(self.options.lang)
        self.catalog = ui_catalog(self.lang)
        self.presenter = Presenter(self.catalog)
        self.session: Session | None = None
        self.game_name = ""
        """The current game's name in the interface language (read once: it comes from the rule files)."""
        self.acknowledged: int | None = None
        self.model: BoardModel | None = None
        self.round_history: list[dict] = []
        self._incoming: list[Event] = []
        self._screens: list[tuple[str, dict]] = []
        self._screen: Any = None
        self._bot_job: str | None = None
        self._warnings_shown = 0
        self.rules_panel: TextPanel | None = None
        self.log_panel: LogPanel | None = None
        self.log_history: list[HistoryEntry] = []
        """The past matches of the log panel's selector, newest first (entry ``i + 1``)."""
        self.setup_dialog: SetupScreen | None = None
        self.keys_panel: KeysPanel | None = None
        self._build()
        self.keyboard = KeyboardSelectors(root, self)
        self.apply_theme(theme_named(self.settings.theme).id, save=False)

    def t(self, key: str, **values: Any) -> str:
        """An interface string."""
        return self.catalog.t(key, **values)

    # ------------------------------------------------------------ widgets
    def _build(self) -> None:
        root = self.root
        root.title(self.t("tk.title"))
        root.minsize(window_size.MIN_WIDTH, window_size.MIN_HEIGHT)
        screen = (root.winfo_screenwidth(), root.winfo_screenheight())
        width, height = window_size.opening_size(*screen)
        root.geometry(f"{width}x{height}+{(screen[0] - width) // 2}+{max(0, (screen[1] - height) // 3)}")
        self._opened_size = (width, height)
        self._size_job: str | None = None
        root.bind("<Configure>", self._on_root_configure, add="+")
        self.main = ttk.Frame(root)
        self.main.pack(fill="both", expand=True)
        self.main.columnconfigure(0, weight=1)
        self.main.rowconfigure(1, weight=1)
        top = ttk.Frame(self.main, padding=(10, 6))
        top.grid(row=0, column=0, columnspan=2, sticky="we")
        self.status = ttk.Label(top, text="", font=("TkDefaultFont", 12, "bold"))
        self.status.pack(anchor="w")
        self.detail = ttk.Label(top, text="")
        self.detail.pack(anchor="w")
        board = ttk.Frame(self.main)
        board.grid(row=1, column=0, sticky="nsew")
        board.rowconfigure(0, weight=1)
        board.columnconfigure(0, weight=1)
        self.table = tk.Canvas(
            board, background=palette.current().felt, highlightthickness=0, takefocus=0, width=1, height=1
        )
        self.table.grid(row=0, column=0, sticky="nsew")
        self.table_scroll = ttk.Scrollbar(board, orient="vertical", command=self.table.yview)
        self.table_scroll.grid(row=0, column=1, sticky="ns")
        self.table.configure(yscrollcommand=self._on_table_scrolled)
        self.hand = tk.Canvas(
            board, background=palette.current().hand_bg, highlightthickness=0, height=110, width=1, takefocus=0
        )
        self.hand.grid(row=1, column=0, columnspan=2, sticky="we")
        side = ttk.Frame(self.main, padding=(8, 4))
        side.grid(row=1, column=1, sticky="ns")
        self.side = side
        self.players_frame = ttk.LabelFrame(side, padding=6)
        self.players_frame.pack(fill="x")
        self.players = ttk.Treeview(
            self.players_frame, columns=PLAYER_COLUMNS[1:], height=10, selectmode="none", takefocus=0
        )
        self._label_panel()
        for column, width in PLAYER_COLUMN_MINS.items():
            self.players.column(column, width=width, stretch=False, anchor="w" if column in ("#0", "kind") else "e")
        self.players.pack(fill="x")
        self.side_info = ttk.Label(side, text="", justify="left", wraplength=230)
        self.side_info.pack(fill="x", pady=8)
        bar = ttk.Frame(self.main, padding=(8, 6))
        bar.grid(row=2, column=0, columnspan=2, sticky="we")
        self.buttons: dict[str, ttk.Button] = {}
        for key, command in (
            ("confirm", self.confirm),
            ("cancel", self.cancel),
            ("end_turn", self.end_turn),
            ("hint", self.hint),
            ("redo", self.redo),
            ("undo", self.undo),
        ):
            button = ttk.Button(bar, text=self.t(f"tk.button.{key}"), command=command)
            button.pack(side="left" if key in ("confirm", "cancel", "end_turn") else "right", padx=3)
            self.buttons[key] = button
        self.hand_order_var = tk.StringVar(value=self.presenter.order)
        self.order_button = ttk.Menubutton(bar)
        self.order_button.pack(side="left", padx=(12, 3))
        self.arrange_button = ttk.Button(bar, command=self.arrange_hand)
        self.arrange_button.pack(side="left", padx=3)
        self._label_hand_controls()
        self.handoff = HandOff(self.main, self.catalog, self.acknowledge_handoff)
        self.table.bind("<Button-1>", self._on_table_click)
        self.hand.bind("<Button-1>", self._on_hand_click)
        self.hand.bind("<Double-Button-1>", self._on_hand_double_click)
        self.drag = HandDrag(self)
        for canvas in (self.table, self.hand):
            canvas.bind("<Button-3>", lambda _e: self.keyboard.escape())
            canvas.configure(cursor="hand2")
        self.table.bind("<Configure>", lambda _e: self._schedule_redraw())
        self.main.bind("<Configure>", lambda _e: self._fit_side_panel())
        self.hand.bind("<Configure>", lambda _e: self._schedule_redraw())
        self.table.bind("<MouseWheel>", lambda e: self.table.yview_scroll(-1 if e.delta > 0 else 1, "units"))
        self.table.bind("<Button-4>", lambda _e: self.table.yview_scroll(-1, "units"))
        self.table.bind("<Button-5>", lambda _e: self.table.yview_scroll(1, "units"))
        self._redraw_job: str | None = None
        self.table_plan: TablePlan | None = None
        self.slide: Slide | None = None
        self.hand_plan: HandPlan | None = None
        self._shown: dict[Any, Any] = {}
        self._build_menus()
        root.protocol("WM_DELETE_WINDOW", self.quit)

    def _on_table_scrolled(self, first: str, last: str) -> None:
        """The rows scrolled: move the scroll bar and keep the header (boneyard, feed) in view."""
        self.table_scroll.set(first, last)
        pin_header(self.table)

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

    def _label_hand_controls(self) -> None:
        """The hand's order menu and Arrange button, in the current language."""
        menu = tk.Menu(self.order_button, tearoff=False)
        for name in ORDERS:
            menu.add_radiobutton(
                label=self.t(f"tk.hand.order.{name}"),
                value=name,
                variable=self.hand_order_var,
                command=lambda n=name: self.set_hand_order(n),
            )
        self.order_button.configure(text=self.t("tk.hand.order"), menu=menu)
        self.arrange_button.configure(text=self.t("tk.hand.arrange"))

    def hand_index_at(self, x: float, y: float) -> int:
        """The hand position nearest to the point (x, y) of the hand strip."""
        return self.hand_plan.index_at(x, y) if self.hand_plan is not None else 0

    def _label_panel(self) -> None:
        self.players_frame.configure(text=self.t("tk.panel.players"))
        self.players.heading("#0", text=self.t("tk.panel.name"))
        self.players.heading("kind", text="")
        self.players.heading("hand", text=self.t("tk.panel.hand"))
        self.players.heading("total", text=self.t("tk.panel.total"))

    def _fit_side_panel(self) -> None:
        """The side panel gives its room to the table below SIDE_PANEL_MIN_WIDTH or on a crowded
        table (the rows carry the same facts)."""
        crowded = self.model is not None and len(self.model.lines) > SIDE_PANEL_MAX_LINES
        wide = self.main.winfo_width() >= SIDE_PANEL_MIN_WIDTH and not crowded
        if wide != bool(self.side.winfo_manager()):
            if wide:
                self.side.grid()
            else:
                self.side.grid_remove()

    def _build_menus(self) -> None:
        t = self.t
        if getattr(self, "menubar", None) is not None:
            self.menubar.destroy()
        menubar = tk.Menu(self.root, tearoff=False)
        game = tk.Menu(menubar, tearoff=False)
        game.add_command(label=t("tk.menu.new"), accelerator="Ctrl+N", command=self.open_setup)
        game.add_command(
            label=t("tk.menu.restart"), accelerator="Ctrl+R", command=lambda: self._when_playing(self.restart_round)
        )
        game.add_separator()
        game.add_command(label=t("tk.menu.undo"), accelerator="Ctrl+Z", command=lambda: self._when_playing(self.undo))
        game.add_command(label=t("tk.menu.redo"), accelerator="Ctrl+Y", command=lambda: self._when_playing(self.redo))
        game.add_command(label=t("tk.menu.hint"), accelerator="H", command=lambda: self._when_playing(self.hint))
        game.add_separator()
        game.add_command(label=t("tk.menu.quit"), accelerator="Ctrl+Q", command=self.quit)
        menubar.add_cascade(label=t("tk.menu.game"), menu=game)
        view = tk.Menu(menubar, tearoff=False)
        view.add_command(
            label=t("tk.menu.rules"), accelerator="F1", command=lambda: self._when_playing(self.open_rules)
        )
        view.add_command(
            label=t("tk.menu.log"), accelerator="Ctrl+L", command=lambda: self._when_playing(self.open_log)
        )
        speed = tk.Menu(view, tearoff=False)
        self.speed_var = tk.StringVar(value=self.settings.speed)
        for name in settings_module.SPEEDS:
            speed.add_radiobutton(
                label=t(f"tk.speed.{name}"),
                value=name,
                variable=self.speed_var,
                command=lambda n=name: self.set_speed(n),
            )
        view.add_cascade(label=t("tk.menu.speed"), menu=speed)
        theme = tk.Menu(view, tearoff=False)
        self.theme_var = tk.StringVar(value=self.settings.theme)
        for name in self.themes():
            theme.add_radiobutton(
                label=THEMES[name].label(t),
                value=name,
                variable=self.theme_var,
                command=lambda n=name: self.apply_theme(n),
            )
        view.add_cascade(label=t("tk.menu.theme"), menu=theme)
        self.expert_hints_var = tk.BooleanVar(value=self.settings.hints == "expert")
        """Hints come from the expert (slower, stronger) instead of the quick hint bot (remembered)."""
        view.add_checkbutton(label=t("expert.hint_setting"), variable=self.expert_hints_var, command=self._set_hints)
        menubar.add_cascade(label=t("tk.menu.view"), menu=view)
        help_menu = tk.Menu(menubar, tearoff=False)
        help_menu.add_command(
            label=t("tk.menu.rules"), accelerator="F1", command=lambda: self._when_playing(self.open_rules)
        )
        help_menu.add_command(label=t("tk.menu.keys"), command=self.show_keys)
        menubar.add_cascade(label=t("tk.menu.help"), menu=help_menu)
        self.root.configure(menu=menubar)
        self.menubar = menubar
        accelerators = {
            "<Control-n>": self.open_setup,
            "<Control-r>": self.restart_round,
            "<Control-z>": self.undo,
            "<Control-y>": self.redo,
            "<Control-l>": self.open_log,
            "<Control-q>": self.quit,
            "<F1>": self.open_rules,
            "h": self.hint,
            "H": self.hint,
        }
        for sequence, handler in accelerators.items():
            self.root.bind(sequence, lambda _e, h=handler: self._when_playing(h) or "break")

    def _when_playing(self, handler: Any) -> None:
        """Run a menu or key command; with no match on the table only New match and Quit work."""
        if self.session is not None or handler in (self.open_setup, self.quit):
            handler()

    # -------------------------------------------------------------- themes
    def themes(self) -> list[str]:
        """The ids of the table themes, in menu order."""
        return list(THEMES)

    def apply_theme(self, name: str, save: bool = True) -> bool:
        """Switch to table theme ``name`` (widgets and canvas colours) and remember it; False for an unknown one."""
        if name not in THEMES:
            return False
        try:
            use_theme(self.root, THEMES[name])
        except tk.TclError:
            return False
        colours = palette.current()
        self.table.configure(background=colours.felt)
        self.hand.configure(background=colours.hand_bg)
        self.handoff.recolour()
        self._shown.clear()
        self._schedule_redraw()
        self.settings.theme = name
        self.theme_var.set(name)
        if save:
            settings_module.save(self.settings)
        return True

    def _set_hints(self) -> None:
        """The hint strategy the View menu now shows (remembered)."""
        self.settings.hints = "expert" if self.expert_hints_var.get() else "quick"
        settings_module.save(self.settings)

    def set_speed(self, name: str) -> None:
        """Computer pacing (remembered)."""
        self.settings.speed = name
        self.speed_var.set(name)
        settings_module.save(self.settings)

    # ------------------------------------------------------------ sessions
    def start(self) -> None:
        """Offer to resume a saved match; else start the match the command line names, or open the welcome screen."""
        self.report_store_warnings()
        resumed = self._saved_to_resume() if self.store is not None else None
        if resumed is not None:
            self.set_session(resumed)
        elif self._options_name_a_match():
            self.set_session(self._session_from_options())
        else:
            self.open_setup(welcome=True)

    def _saved_to_resume(self) -> Session | None:
        """The saved match to take up (``--resume ID``, or the latest once the player agrees), else None.

        A saved match that is not taken up stays *paused* (``store.pause``):
        the log panel and ``history`` list it and ``--resume ID`` takes it up later.
        """
        latest = self.store.saved_match()
        if self.options.resume is not None:
            target = self.store.saved_match(self.options.resume)
            self.report_store_warnings()
            if target is None:
                message = self.t("tk.resume.missing", id=self.options.resume)
                messagebox.showerror(self.t("tk.title"), message, parent=self.root)
                return None
            if latest is not None and latest.id != target.id:
                self.store.pause(latest.id)
            return self._rebuild(target)
        self.report_store_warnings()
        if latest is None:
            return None
        session = self._rebuild(latest)
        if session is None:
            return None
        summary = describe_saved(self.catalog, self.registry, latest, session)
        if differs(self.options, latest):
            self.store.pause(latest.id)
            message = self.t("tk.resume.other_table", summary=summary, id=latest.id)
            messagebox.showinfo(self.t("tk.title"), message, parent=self.root)
            return None
        if self.ask_resume(summary, latest.id):
            return session
        self.store.pause(latest.id)
        return None

    def _rebuild(self, saved: Any) -> Session | None:
        """The saved match rebuilt, or None after saying why it cannot be (the store sets a broken save aside)."""
        try:
            return self.store.resume(saved, self.registry)
        except (StoreError, ValueError, KeyError, RuntimeError) as error:
            self.report_store_warnings()
            messagebox.showerror(self.t("tk.title"), self.t("tk.resume.failed", error=error), parent=self.root)
            return None

    def _options_name_a_match(self) -> bool:
        """True when the command line chose the table (game, players, seats, bot or seed)."""
        o = self.options
        return any(value is not None for value in (o.variant, o.players, o.humans, o.bot, o.seed)) or bool(o.names)

    def report_store_warnings(self) -> None:
        """Show the store's new warnings (a damaged save set aside, saving off) and bot failures once each."""
        warnings = getattr(self.store, "warnings", None) or []
        fresh = [in_language(warning, self.catalog) for warning in warnings[self._warnings_shown :]]
        self._warnings_shown = len(warnings)
        fresh += [
            in_language(fault.notice(), self.catalog)
            for fault in (self.session.take_bot_faults() if self.session else ())
        ]
        if fresh:
            messagebox.showwarning(self.t("tk.title"), "\n\n".join(fresh), parent=self.root)

    def ask_resume(self, summary: str, match_id: int) -> bool:
        """Ask whether to resume the saved match ``summary`` names (No keeps it paused as ``match_id``)."""
        question = self.t("tk.resume.ask", summary=summary)
        note = self.t("tk.resume.keep_note", id=match_id)
        return messagebox.askyesno(self.t("tk.title"), question, detail=note, parent=self.root)

    def ask_undo_other(self, player: str) -> bool:
        """Hot seat: ask ``player`` whether Undo may take back their decision (No is the default)."""
        question = self.t("console.undo_other_question", player=player)
        self.session.pause("undo")  # the computer waits: the decision to take back stays the same
        try:
            return messagebox.askyesno(self.t("tk.title"), question, default="no", parent=self.root)
        finally:
            self.session.resume("undo")

    def ask_new_match(self) -> bool:
        """Ask before ending the match in progress (Undo cannot bring it back)."""
        return messagebox.askyesno(self.t("tk.title"), self.t("tk.table.new_match_ask"), parent=self.root)

    def _default_bot(self, variant: Any = None) -> str | None:
        if self.options.bot:
            return self.options.bot
        fallback = next((b for b in HINT_PREFERENCE if b in self.registry.bots), next(iter(self.registry.bots), None))
        return variant_bot(self.registry, variant, "default_bot") or fallback

    def _session_from_options(self) -> Session:
        choice = self._choice_from_options()
        return make_session(self.registry, choice.variant, choice.seats, choice.seed)

    def _choice_from_options(self) -> SetupChoice:
        """The table the command line asks for, defaults filling the rest (one human, then computers)."""
        options = self.options
        variant_id = options.variant or DEFAULT_VARIANT
        if variant_id not in self.registry.variants:
            variant_id = next(iter(self.registry.variants))
        variant = self.registry.variant(variant_id)
        players = options.players or max(variant.min_players, min(4, variant.max_players))
        bot = self._default_bot(variant)
        humans = options.humans if options.humans is not None else 1
        if bot is None:
            humans = players
        seats = tuple(
            default_seats(
                humans,
                players,
                bot or "",
                options.names,
                lambda seat: self.t("tk.setup.default_name", seat=seat),
                lambda seat: self.t("tk.welcome.computer_name", seat=seat),
            )
        )
        return SetupChoice(variant_id, seats, options.seed, self.lang, self.settings.theme)

    def set_session(self, session: Session) -> None:
        """Play ``session`` from now on (the previous one is dropped)."""
        if self._bot_job is not None:
            self.root.after_cancel(self._bot_job)
            self._bot_job = None
        old = self.session
        if old is not None and self._observe in old.observers:
            old.observers.remove(self._observe)
        self.session = session
        self.log_notes = LogNotes(session)
        session.observers.append(self._observe)
        self.game_name = variant_title(session.variant, self.lang)
        self.root.title(self.t("tk.title_game", game=self.game_name))
        if self.store is not None:
            self.store.attach(session)
        for reason in ("rules", "log"):
            panel = self.rules_panel if reason == "rules" else self.log_panel
            if panel is not None and panel.open:
                session.pause(reason)
        self.presenter.reset()
        self.presenter.game = game_words(session.variant, self.lang)
        self.acknowledged = None
        self.round_history = [e.to_record() for e in session.record.events if e.type == "round_end"]
        self._incoming.clear()
        self._screens.clear()
        self.after_change()

    def _observe(self, session: Session, events: list[Event]) -> None:
        self._incoming.extend(events)
        self.log_notes.owed(self.catalog, session)
        self.log_notes.extra_play(self.catalog, session)

    # ------------------------------------------------------------- viewer
    def viewer(self) -> int | None:
        """Whose hand is shown: the only human, or the acknowledged hot-seat human (DX.3)."""
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0]
        if self.acknowledged is not None and self.acknowledged == self.session.pending_seat:
            return self.acknowledged
        return None

    def handoff_needed(self) -> bool:
        """Two or more humans, one of them to move, who has not yet taken the device."""
        s = self.session
        return len(s.humans) >= 2 and s.human_to_move and self.acknowledged != s.pending_seat and not s.is_over

    def handoff_visible(self) -> bool:
        """True while the hand-off cover is up."""
        return self.handoff.visible

    def acknowledge_handoff(self) -> None:
        """The named human has the device: show their hand."""
        if self.session is None:
            return
        if self.handoff_needed():
            self.acknowledged = self.session.pending_seat
        if self.log_panel is not None and self.log_panel.open:
            self._fill_log()
        self.refresh()

    def legal_for_viewer(self) -> list[Action]:
        """The legal actions when the shown seat is to move, else none (none while the setup screen is up)."""
        s = self.session
        if s is None or (self.setup_dialog is not None and self.setup_dialog.open):
            return []
        viewer = self.viewer()
        if viewer is None or viewer != s.pending_seat or self.handoff_needed() or self._screen is not None:
            return []
        return s.legal_actions()

    # ------------------------------------------------------------ drawing
    def _schedule_redraw(self) -> None:
        if self._redraw_job is None:
            self._redraw_job = self.root.after_idle(self._idle_redraw)

    def _idle_redraw(self) -> None:
        self._redraw_job = None
        if self.session is not None:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the drawing model from the shown seat's view and draw it."""
        s = self.session
        if s is None:
            return
        self._forget_handoff()
        hidden = self.handoff_needed()
        legal = self.legal_for_viewer()
        if legal == [Pass()] and s.preview_pending is None:
            s.preview(Pass())
        preview = s.preview_pending
        view = s.view(self.viewer())
        finished = isinstance(self._screen, RoundEndDialog)
        if finished and view.round != self._screen.round and view.previous_round is not None:
            view = view.previous_round  # the round-end screen stands over the final layout of its round
        model = self.presenter.build(
            view,
            legal,
            preview.action if preview is not None and legal else None,
            hint=bool(preview and preview.hint),
            pass_reason=without_clauses(s.pass_reason() or "") or None,
            bots=[not seat.is_human for seat in s.seats],
            hidden=hidden,
        )
        if finished:
            model = dataclasses.replace(
                model,
                status=self.t("tk.round_end.title", round=view.round),
                detail="",
                hand_title=self.t("tk.round_end.hands_shown") if not model.hand else model.hand_title,
            )
        self.model = model
        self._fit_side_panel()
        self._draw(model)
        if hidden:
            incoming = s.pending_seat
            since = self.presenter.feed(s.view(incoming))
            self.handoff.show(s.seats[incoming - 1].name, since, self.presenter.notice)
        elif self.handoff.visible:
            self.handoff.hide()

    def _draw(self, model: BoardModel) -> None:
        colours = palette.current()
        self._set(self.table, "background", colours.felt)
        self._set(self.hand, "background", colours.hand_bg)
        hand_width = max(self.hand.winfo_width(), 400)
        hand_plan = self.hand_plan = plan_hand(len(model.hand), hand_width, self.root.winfo_height())
        self._set(self.hand, "height", hand_plan.height)
        width = max(self.table.winfo_width(), 300)
        height = max(self.table.winfo_height(), 100)
        self.table_plan = draw_table(self.table, model, width, height)
        self.table.configure(scrollregion=(0, 0, width, max(self.table_plan.height, height)))
        pin_header(self.table)
        draw_hand(self.hand, model, hand_plan)
        self._set(self.status, "text", model.status)
        self._set(self.detail, "text", model.detail)
        self._set(self.buttons["confirm"], "text", model.confirm_label)
        states = {
            "confirm": model.can_confirm,
            "cancel": model.can_cancel,
            "end_turn": model.can_end_turn,
            "hint": model.can_hint and self.session.hint_bot is not None,
            "undo": self.session.can_undo,
            "redo": self.session.can_redo,
        }
        if self._shown.get("end_turn_shown") != model.can_end_turn:
            self._shown["end_turn_shown"] = model.can_end_turn
            if model.can_end_turn:
                self.buttons["end_turn"].pack(side="left", padx=3, after=self.buttons["cancel"])
            else:
                self.buttons["end_turn"].pack_forget()
        for key, enabled in states.items():
            if self._shown.get(("state", key)) != enabled:
                self._shown[("state", key)] = enabled
                self.buttons[key].state(["!disabled"] if enabled else ["disabled"])
        rows = [
            (
                ("▶ " if seat.to_move else "") + seat.name + (" ●" if seat.marker else ""),
                self._seat_kind(seat.seat),
                seat.hand_count,
                seat.total,
            )
            for seat in model.seats
        ]
        if self._shown.get("players") != rows:
            self._shown["players"] = rows
            self.players.delete(*self.players.get_children())
            self.players.configure(height=max(2, len(rows)))
            for text, *values in rows:
                self.players.insert("", "end", text=text, values=values)
            self._fit_player_columns(model.seats, rows)
        s = self.session
        info = [
            *model.facts,
            self.t("tk.panel.variant", name=self.game_name),
            self.t("tk.panel.seed", seed=s.seed),
            self.t("tk.panel.speed", speed=self.t(f"tk.speed.{self.settings.speed}")),
        ]
        self._set(self.side_info, "text", "\n".join(info))

    def _fit_player_columns(self, seats: Sequence[Any], rows: Sequence[tuple[Any, ...]]) -> None:
        """Widen each column of the players panel to its heading and cells, so no name or heading is cut.

        A name is measured with the turn arrow and the marker dot it may carry, so
        the column does not change width as the turn goes round.
        """
        cell = tkfont.nametofont("TkDefaultFont").measure
        heading = tkfont.nametofont("TkHeadingFont").measure
        widths = {"#0": [cell(f"▶ {seat.name} ●") + TREE_INDENT for seat in seats]}
        for index, column in enumerate(PLAYER_COLUMNS[1:], start=1):
            widths[column] = [cell(str(row[index])) for row in rows]
        for column, cells in widths.items():
            title = self.players.heading(column, "text")
            least = max(PLAYER_COLUMN_MINS[column], heading(title) + CELL_PAD)
            self.players.column(column, width=max(least, *(width + CELL_PAD for width in cells)))

    def _seat_kind(self, seat: int) -> str:
        """Who plays ``seat``, in words: "You", "Human" or "Computer (easy)"."""
        bot = self.session.seats[seat - 1].bot
        description = getattr(self.registry.bots.get(bot), "description", "") if bot else ""
        return seat_kind_words(self.catalog, bot, description, you=seat == self.viewer())

    def _set(self, widget: tk.Misc, option: str, value: Any) -> None:
        """Configure ``option`` only when it changes (each change costs a relayout)."""
        key = (str(widget), option)
        if self._shown.get(key) != value:
            self._shown[key] = value
            widget.configure(**{option: value})

    # ------------------------------------------------------------- clicks
    def _item_tags(self, canvas: tk.Canvas, x: float, y: float) -> list[str]:
        x, y = canvas.canvasx(x), canvas.canvasy(y)
        tags: list[str] = []
        for item in reversed(canvas.find_overlapping(x - 1, y - 1, x + 1, y + 1)):
            tags.extend(canvas.gettags(item))
        return tags

    def _target_key(self, text: str) -> Any:
        """The place a canvas tag's text names: the shown line whose id reads ``text``, else the text (``@centre``)."""
        lines = self.model.lines if self.model is not None else ()
        return next((line.id for line in lines if str(line.id) == text), text)

    def _on_table_click(self, event: tk.Event) -> None:
        for tag in self._item_tags(self.table, event.x, event.y):
            if tag.startswith("target:") or tag.startswith("row:"):
                self.click_target(self._target_key(tag.split(":", 1)[1]))
                return

    def _on_hand_click(self, event: tk.Event) -> None:
        for tag in self._item_tags(self.hand, event.x, event.y):
            if tag.startswith("hand:"):
                self.click_hand(tag.split(":", 1)[1])
                return

    def _on_hand_double_click(self, event: tk.Event) -> None:
        """A double click on a tile with a single place previews it there at once."""
        for tag in self._item_tags(self.hand, event.x, event.y):
            if tag.startswith("hand:"):
                legal = self.legal_for_viewer()
                if self.presenter.selected != Tile.parse(tag.split(":", 1)[1]):
                    self.click_hand(tag.split(":", 1)[1])
                places = self.presenter.targets(legal)
                if len(places) == 1:
                    self.preview_action(next(iter(places.values())))
                return

    def click_hand(self, text: str) -> None:
        """A hand tile was clicked: select it (its places light up), or say why it cannot be played now."""
        legal = self.legal_for_viewer()
        tile = Tile.parse(text)
        if not legal or tile not in self.presenter.playable_tiles(legal):
            view = self.hand_view()
            if view is not None:
                self.presenter.notice = self.presenter.why_unplayable(view, legal, tile)
                self.refresh()
            return
        if self.session.preview_pending is not None:
            self.session.cancel()
        self.presenter.click_hand(tile, legal)
        self.refresh()

    def set_hand_order(self, order: str) -> None:
        """Show the hand by value, playable first, or in the player's own order."""
        self.presenter.order = order
        self.hand_order_var.set(order)
        self.refresh()

    def hand_view(self) -> PlayerView | None:
        """The view of the seat whose hand is shown, or None while no hand is (onlooker, hand-off)."""
        viewer = self.viewer()
        if viewer is None or self.handoff_needed():
            return None
        return self.session.view(viewer)

    def arrange_hand(self) -> None:
        """Line the hand up as the longest chain from the player's own train end (nothing is played)."""
        view = self.hand_view()
        if view is not None:
            self.presenter.arrange(view)
            self.hand_order_var.set("own")
            self.refresh()

    def drop_on_hand(self, tile: Tile, index: int) -> None:
        """A hand tile was dragged to gap ``index`` of the hand: the player's own order."""
        view = self.hand_view()
        if view is not None:
            self.presenter.move_tile(view, self.legal_for_viewer(), tile, index)
            self.hand_order_var.set("own")
            self.refresh()

    def drop_on_table(self, tile: Tile, x: float, y: float) -> None:
        """A hand tile was dropped on the table at window point (x, y): preview it there when that place is lit."""
        legal = self.legal_for_viewer()
        if tile not in self.presenter.playable_tiles(legal):
            return
        if self.presenter.selected != tile:
            self.click_hand(str(tile))
        for tag in self._item_tags(self.table, x, y):
            if tag.startswith("target:"):
                key = self._target_key(tag.split(":", 1)[1])
                if key in self.presenter.targets(legal):
                    self.click_target(key)
                return

    def click_target(self, key: Any) -> None:
        """A place was clicked: preview the selected tile there (clicking the preview again confirms)."""
        legal = self.legal_for_viewer()
        action = self.presenter.click_target(key, legal)
        if action is None:
            return
        pending = self.session.preview_pending
        if pending is not None and pending.action == action:
            self.confirm()
            return
        self.preview_action(action)

    # ----------------------------------------------------------- deciding
    def has_preview(self) -> bool:
        """True while a decision is previewed."""
        return bool(self.legal_for_viewer()) and self.session.preview_pending is not None

    def preview_action(self, action: Action) -> None:
        """DX.2: show ``action`` without applying it."""
        try:
            self.session.preview(action)
        except IllegalAction as error:
            self.detail.configure(text=error.reason)
            return
        except RuntimeError as error:
            self.detail.configure(text=str(error))
            return
        self.refresh()

    def confirm(self) -> None:
        """Apply the preview."""
        if not self.has_preview():
            return
        self.session.confirm()
        self.presenter.reset()
        self.after_change()

    def cancel(self) -> None:
        """Drop the preview; the selection stays so another place can be chosen."""
        if self.session is None:
            return
        self.session.cancel()
        self.refresh()

    def end_turn(self) -> None:
        """Preview ending the first turn (Mexican Train)."""
        if EndTurn() in self.legal_for_viewer():
            self.preview_action(EndTurn())

    def hint(self) -> None:
        """A hint is a preview of the suggested decision."""
        if not self.legal_for_viewer() or self.session.hint_bot is None:
            return
        adviser = strong_hint_bot(self.registry) if self.expert_hints_var.get() else None
        preview = self.session.hint(adviser)
        tile = getattr(preview.action, "tile", None)
        self.presenter.selected = tile
        self.presenter.focus = None
        self.refresh()

    def undo(self) -> None:
        """DX.6: take back the last human decision and the computer's response.

        Hot seat (DX.3): another human's decision (``Session.undo_owner``) is
        taken back only once that human agrees; they are told when they take the device.
        """
        s = self.session
        if not s.can_undo or self._screen is not None:
            return
        owner = s.undo_owner()
        other = None
        if len(s.humans) >= 2 and owner is not None and owner != s.pending_seat and s.is_human(owner):
            other = s.seats[owner - 1].name
            if not self.ask_undo_other(other):
                self.presenter.notice = self.t("console.undo_other_refused", player=other)
                self.refresh()
                self._schedule_bot()
                return
        s.undo()
        self.presenter.reset()
        if other is not None:
            self.presenter.notice = self.t("console.undone_other", player=other)
        self._after_history_change()  # the cover comes back only if the turn goes to another human

    def redo(self) -> None:
        """DX.6: re-apply the undone decision with the same response."""
        if self.session.can_redo and self._screen is None:
            self.session.redo()
            self.presenter.reset()
            self._incoming = [e for e in self._incoming if e.type not in ("round_end", "match_end")]
            self._after_history_change()

    def _after_history_change(self) -> None:
        self.round_history = [e.to_record() for e in self.session.record.events if e.type == "round_end"]
        self._incoming.clear()
        self.after_change()

    def restart_round(self) -> None:
        """DX.7: back to the start of this round."""
        if self.session.is_over or self._screen is not None:
            return
        if self.session.restart_round() is not None:
            self.presenter.reset()
            self.presenter.notice = self.t("tk.table.restarted")
            self.acknowledged = None
            self._incoming.clear()
            self.after_change()

    # --------------------------------------------------------- after moves
    def _forget_handoff(self) -> None:
        """DX.3: once the turn leaves the acknowledged human, their hand is private again."""
        if len(self.session.humans) >= 2 and self.session.pending_seat != self.acknowledged:
            self.acknowledged = None

    def after_change(self) -> None:
        """Queue round/match screens for new events, redraw, and pace the computer."""
        self._forget_handoff()
        for event in self._incoming:
            if event.type == "round_end":
                self.round_history.append(event.to_record())
                self._screens.append(("round", event.to_record()))
            elif event.type == "match_end":
                self._screens.append(("match", event.to_record()))
        self._incoming.clear()
        self.report_store_warnings()
        if self.log_panel is not None and self.log_panel.open:
            self._fill_log()
        self._show_next_screen()
        self.refresh()
        self._schedule_bot()

    def _show_next_screen(self) -> None:
        if self._screen is not None or not self._screens:
            return
        kind, event = self._screens.pop(0)
        names = [seat.name for seat in self.session.seats]
        self.session.pause("screen")
        if kind == "round":
            history = [h for h in self.round_history if h.get("round", 0) <= event.get("round", 0)]
            self._screen = RoundEndDialog(
                self.root, self.catalog, names, event, history, self._screen_closed, self.session.variant.id
            )
        else:
            self._screen = MatchEndDialog(
                self.root, self.catalog, names, event, self._match_screen_closed, self.round_history
            )

    def _screen_closed(self) -> None:
        self._screen = None
        self.session.resume("screen")
        self.acknowledged = None
        self.after_change()

    def _match_screen_closed(self, choice: str) -> None:
        self._screen_closed()
        if choice == "again":
            self.new_match()
        elif choice == "setup":
            self.open_setup()

    def new_match(self) -> None:
        """DX.8: the same table again from round 1."""
        self.session.new_match()
        self.round_history = []
        self.presenter.reset()
        self.acknowledged = None
        self._incoming.clear()
        self.after_change()

    def _schedule_bot(self) -> None:
        s = self.session
        if self._bot_job is None and s.bot_to_move and not s.paused and self._screen is None:
            self._bot_job = self.root.after(self.settings.delay_ms, self._bot_step)

    def _bot_step(self) -> None:
        """One computer decision (at "instant" speed, every one until a person or a screen is due)."""
        self._bot_job = None
        moved = self.session.step() is not None
        while moved and self.settings.speed == "instant" and not self._incoming_screen():
            moved = self.session.step() is not None
        plays = [e for e in self._incoming if e.type == "play"]
        self.after_change()
        if plays and self._screen is None:
            self._slide_in(plays[-1]["seat"])

    def _slide_in(self, seat: int) -> None:
        """Show the computer's latest tile sliding from its owner's row label to its place."""
        if self.slide is not None:
            self.slide.stop()
        label = [i for i in self.table.find_withtag(f"row:{seat}") if "label" in self.table.gettags(i)]
        if not label:
            return
        x1, y1, _x2, _y2 = self.table.bbox(label[0])
        self.slide = slide(self.table, "last", (x1, y1), SLIDE_MS.get(self.settings.speed, 0))

    def _incoming_screen(self) -> bool:
        return any(e.type in ("round_end", "match_end") for e in self._incoming)

    # ------------------------------------------------------------- panels
    def open_rules(self) -> None:
        """DX.5: the rules text; the computer waits while it is open."""
        if self.rules_panel is not None and self.rules_panel.open:
            self.rules_panel.window.lift()
            return
        self.session.pause("rules")
        self.rules_panel = TextPanel(self.root, self.t("tk.rules.title"), lambda: self._panel_closed("rules"))
        self.rules_panel.set(rules_chunks(self.catalog, self.session.variant, self.lang))

    def open_log(self) -> None:
        """DX.5, DX.11: the public log, this match's or a saved one's; the computer waits while it is open."""
        if self.log_panel is not None and self.log_panel.open:
            self.log_panel.window.lift()
            return
        self.session.pause("log")
        self.log_history = list(reversed(self.store.history())) if self.store is not None else []
        choices = [self.t("tk.log.this_match")] + [self._past_label(e) for e in self.log_history]
        self.log_panel = LogPanel(
            self.root,
            self.t("tk.log.title"),
            lambda: self._panel_closed("log"),
            self.t("tk.log.show"),
            choices,
            self._choose_log,
        )
        self._fill_log()

    def _past_result(self, entry: HistoryEntry) -> str:
        """Won by whom, paused (resumable with ``--resume ID``) or abandoned."""
        if entry.status == PAUSED:
            return self.t("tk.log.paused", id=entry.id)
        winners = winner_names(entry)
        return self.t("tk.log.won_by", names=", ".join(winners)) if winners else self.t("tk.log.abandoned")

    def _past_label(self, entry: HistoryEntry) -> str:
        """A saved match in the log selector: ``#12 · 2026-11-29 17:04 · Mexican Train · won by Ana``."""
        game = game_name(self.registry, entry.variant, self.lang)
        return self.t("tk.log.past_entry", id=entry.id, date=when(entry), game=game, result=self._past_result(entry))

    def _choose_log(self, index: int) -> None:
        """The log selector changed: this session's log, or saved match ``index``."""
        if index == 0:
            self._fill_log()
        else:
            self._fill_past(self.log_history[index - 1])

    def _fill_past(self, entry: HistoryEntry) -> None:
        """A saved match's public events (``Event.visible_to(None)``): no hidden tile is shown."""
        game = game_name(self.registry, entry.variant, self.lang)
        title = self.t("tk.log.past_title", id=entry.id, game=game, date=when(entry), seed=entry.seed)
        chunks: list[tuple[str, str]] = [(title + "\n", "heading")]
        try:
            past = load_past(self.store, entry, self.registry)
        except StoreError as error:
            chunks.append((self.t("tk.log.past_unreadable", reason=str(error)) + "\n", ""))
        else:
            chunks += [(event_text(self.catalog, line, past.names, entry.variant) + "\n", "") for line in past.lines]
        self.log_panel.set(chunks)

    def _fill_log(self) -> None:
        """This session's log as the viewer may see it (left alone while a saved match is shown)."""
        if self.log_panel is None or self.log_panel.selected != 0:
            return
        s = self.session
        seat = self.viewer()
        chunks: list[tuple[str, str]] = []
        names = [x.name for x in s.seats]
        records = [*s.archive, s.record]
        labels = self.presenter.game.labels(s.view(None))
        for number, record in enumerate(records, 1):
            chunks.append((self.t("tk.log.match", number=number, seed=record.header.get("seed")) + "\n", "heading"))
            for index, event in enumerate(record.events, 1):
                line = event.visible_to(seat)
                private = (event.type == "draw" and "tile" in line) or (event.type == "deal" and "hand" in line)
                text = event_text(self.catalog, line, names, record.header.get("variant", ""), labels)
                chunks.append((text + "\n", "private" if private else ""))
                chunks += [(note + "\n", "") for note in self.log_notes.after(record, index)]
        self.log_panel.set(chunks, scroll_end=True)

    def _panel_closed(self, reason: str) -> None:
        self.session.resume(reason)
        self._schedule_bot()

    def show_keys(self) -> None:
        """The keyboard help panel (one at a time)."""
        if self.keys_panel is not None and self.keys_panel.open:
            self.keys_panel.window.lift()
            return
        self.keys_panel = KeysPanel(self.root, self.catalog)

    # -------------------------------------------------------------- setup
    def current_choice(self) -> SetupChoice:
        """The current table as a setup choice (the setup screen's starting point)."""
        s = self.session
        if s is None:
            return self._choice_from_options()
        return SetupChoice(
            s.variant.id, tuple(s.seats), s.seed if s.seed_explicit else None, self.lang, self.settings.theme
        )

    def open_setup(self, welcome: bool = False) -> None:
        """Ctrl+N (or the first launch): the new-match screen over the table; the computer waits."""
        if self.setup_dialog is not None and self.setup_dialog.open:
            self.setup_dialog.window.lift()
            return
        if self.session is not None:
            self.session.pause("setup")
        self._show_setup(self.current_choice(), welcome or self.session is None)

    def _show_setup(self, current: SetupChoice, welcome: bool) -> None:
        self.setup_dialog = SetupScreen(
            self.main,
            self.catalog,
            self.registry.variants,
            self.registry.bots,
            current,
            self.apply_setup,
            self._setup_closed,
            welcome=welcome,
            can_cancel=self.session is not None,
            on_language=self._setup_language,
        )

    def _setup_language(self, draft: SetupChoice) -> None:
        """Another language was chosen on the setup screen: the window and the screen speak it at once."""
        welcome = self.setup_dialog.welcome
        self.setup_dialog.window.destroy()
        self.set_language(draft.lang)
        self._show_setup(draft, welcome)

    def _setup_closed(self) -> None:
        self.setup_dialog = None
        if self.session is not None:
            self.session.resume("setup")
            self.refresh()
            self._schedule_bot()

    def apply_setup(self, choice: SetupChoice) -> str | None:
        """Start the chosen match; an error message (nothing changed) when it cannot start.

        A match in progress that Undo could not bring back ends only once the player says so.
        """
        s = self.session
        if s is not None and s.can_undo and not s.is_over and not self.ask_new_match():
            return self.t("tk.table.kept")
        try:
            session = make_session(self.registry, choice.variant, choice.seats, choice.seed)
        except (KeyError, ValueError) as error:
            return str(error).strip("'\"")
        if choice.theme != self.settings.theme:
            self.apply_theme(choice.theme)
        if choice.lang != self.lang:
            self.set_language(choice.lang)
        self.set_session(session)
        return None

    def set_language(self, lang: str) -> None:
        """Switch the interface language (menus and labels are rebuilt)."""
        self.lang = lang
        self.catalog = ui_catalog(lang)
        self.presenter.catalog = self.catalog
        if self.session is not None:
            self.presenter.game = game_words(self.session.variant, lang)
            self.game_name = variant_title(self.session.variant, lang)
        self.handoff.t = self.catalog.t
        self._build_menus()
        self._label_panel()
        for key, button in self.buttons.items():
            button.configure(text=self.t(f"tk.button.{key}"))
        self._label_hand_controls()
        self._shown.clear()

    def quit(self) -> None:
        """Close the window (the store has saved every confirmed decision)."""
        for job in (self._bot_job, self._size_job):
            if job is not None:
                self.root.after_cancel(job)
        self._bot_job = self._size_job = None
        self.root.destroy()


def run_app(context: AppContext) -> int:
    """Open the window for ``context`` and run until it is closed."""
    current = settings_module.load()
    root = make_root(current.theme)
    app = TkApp(root, context.plugins, context.options, context.store, current)
    app.start()
    root.mainloop()
    return 0
