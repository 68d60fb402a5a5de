"""The Tk window: :class:`TkApp` assembles the window's parts and owns the session they play.

:class:`TkApp` drives a :class:`roundhouse.core.play.session.Session`; it never touches a
match state. Each change goes: session call → observer collects events →
:meth:`TkApp.after_change` opens round/match screens, redraws from the
seat's view and schedules the next computer step.

Each part does one job and reaches the rest of the window only through its
own host protocol, which :class:`TkApp` fulfils: the widgets
(:mod:`~roundhouse.frontends.tk.window`), the menus and shortcuts
(:mod:`~roundhouse.frontends.tk.commands`), the turn and its decisions
(:mod:`~roundhouse.frontends.tk.turns`), the mouse and the hand's order
(:mod:`~roundhouse.frontends.tk.clicks`), the keyboard selectors
(:mod:`~roundhouse.frontends.tk.keyboard`), the screens and the computer's
pace (:mod:`~roundhouse.frontends.tk.pacing`), the side panels
(:mod:`~roundhouse.frontends.tk.panels`) and which match is played
(:mod:`~roundhouse.frontends.tk.startup`). The app itself keeps the session,
the language and the remembered settings (speed, theme, hints).
"""

from __future__ import annotations

import tkinter as tk
from typing import Any

from roundhouse.core.game.actions import Action
from roundhouse.core.game.events import Event
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Session
from roundhouse.core.plugins.frontend import AppContext, PlayOptions
from roundhouse.core.plugins.manager import Plugins
from roundhouse.core.text.i18n import normalize_language, ui_catalog, variant_title
from roundhouse.frontends.common.game_words import game_words
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.tk import settings as settings_module
from roundhouse.frontends.tk.board_model import BoardModel
from roundhouse.frontends.tk.clicks import Clicks
from roundhouse.frontends.tk.commands import MenuBar, platform_of
from roundhouse.frontends.tk.dialogs import KeysPanel, LogPanel, MatchEndDialog, RoundEndDialog, TextPanel
from roundhouse.frontends.tk.goodbye import stays_to_save
from roundhouse.frontends.tk.keyboard import KeyboardSelectors
from roundhouse.frontends.tk.layout import TablePlan
from roundhouse.frontends.tk.motion import TileSequence
from roundhouse.frontends.tk.pacing import Pacing
from roundhouse.frontends.tk.panels import Panels
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.setup_screen import SetupChoice, SetupScreen
from roundhouse.frontends.tk.startup import StartUp
from roundhouse.frontends.tk.themes import THEMES, make_root, theme_named
from roundhouse.frontends.tk.themes import apply_theme as use_theme
from roundhouse.frontends.tk.thinking import Thinker
from roundhouse.frontends.tk.turns import Turns
from roundhouse.frontends.tk.window import TableWindow


class TkApp:
    """The game window around one session at a time.

    ``store`` is the save store or None (``saved_match()``, ``resume(saved,
    registry)``, ``attach(session)``). Create it, then call :meth:`start`
    (or :meth:`set_session`) and run ``root.mainloop()``.
    """

    log_notes: LogNotes
    """The notes the log files for the current session (set with it)."""

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
        self.platform = platform_of(root)
        """Shortcuts and the right click as the windowing system spells them."""
        self.speed_var = tk.StringVar(value=self.settings.speed)
        self.theme_var = tk.StringVar(value=self.settings.theme)
        self.expert_hints_var = tk.BooleanVar(value=self.settings.hints == "expert")
        """Hints come from the expert (slower, stronger) instead of the quick hint bot (remembered)."""
        self.window = window = TableWindow(root, self)
        self.main, self.table, self.hand, self.handoff = window.main, window.table, window.hand, window.handoff
        self.status, self.detail, self.buttons = window.status, window.detail, window.buttons
        self.players_frame, self.players, self.side_info = window.players.frame, window.players.tree, window.side_info
        self.order_button, self.arrange_button = window.order_button, window.arrange_button
        self.thinker = Thinker(root)
        """Works out computer decisions and hints off the main thread."""
        self.turns = Turns(self)
        self.pacing = Pacing(self)
        self.panels = Panels(self)
        self.startup = StartUp(self)
        self.clicks = Clicks(self)
        self.drag = self.clicks.drag
        self.menus = MenuBar(self)
        self.menus.build()
        root.protocol("WM_DELETE_WINDOW", self.quit)
        self.keyboard = KeyboardSelectors(root, self)
        self.apply_theme(theme_named(self.settings.theme).id, save=False)

    def t(self, key: str, **values: Any) -> str:
        """An interface string."""
        return self.catalog.t(key, **values)

    # ------------------------------------------------------------ session
    def set_session(self, session: Session) -> None:
        """Play ``session`` from now on (the previous one is dropped)."""
        self.pacing.cancel_bot()
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
        self.panels.pause_for_open(session)
        self.presenter.reset()
        self.presenter.game = game_words(session.variant, self.lang)
        self.window.offer_buttons(session.variant.actions)
        self.turns.reset_handoff()
        self.pacing.begin(session)

    def _observe(self, session: Session, events: list[Event]) -> None:
        self.pacing.observe(events)
        self.log_notes.owed(self.catalog, session)
        self.log_notes.extra_play(self.catalog, session)

    # -------------------------------------------------------- preferences
    def set_language(self, lang: str) -> None:
        """Switch the interface language (menus and labels are rebuilt)."""
        self.lang = lang
        self.catalog = ui_catalog(lang)
        self.presenter.catalog = self.catalog
        if self.session is not None:
            self.presenter.game = game_words(self.session.variant, lang)
            self.game_name = variant_title(self.session.variant, lang)
        self.menus.build()
        self.window.relabel()

    def apply_theme(self, name: str, save: bool = True) -> bool:
        """Switch to table theme ``name`` (widgets and canvas colours) and remember it; False for an unknown one."""
        if name not in THEMES:
            return False
        try:
            use_theme(self.root, THEMES[name])
        except tk.TclError:
            return False
        self.window.recolour()
        self.settings.theme = name
        self.theme_var.set(name)
        if save:
            settings_module.save(self.settings)
        return True

    def set_hints(self) -> None:
        """The hint strategy the View menu now shows (remembered)."""
        self.settings.hints = "expert" if self.expert_hints_var.get() else "quick"
        settings_module.save(self.settings)

    def set_speed(self, name: str) -> None:
        """Computer pacing (remembered)."""
        self.settings.speed = name
        self.speed_var.set(name)
        settings_module.save(self.settings)

    def quit(self) -> None:
        """Close the window; with decisions not on disk (saving failed), only once the player agrees to lose them."""
        if stays_to_save(self.root, self.store, self.session, self.t):
            return
        self.pacing.cancel_bot()
        self.window.forget_size_job()
        self.root.destroy()

    # ------------------------------------------------- what the parts show
    @property
    def model(self) -> BoardModel | None:
        """The drawing model last shown."""
        return self.window.model

    @property
    def table_plan(self) -> TablePlan | None:
        """Where the last drawing put the table's rows."""
        return self.window.table_plan

    @property
    def menubar(self) -> tk.Menu | None:
        """The window's menu bar."""
        return self.menus.menubar

    @property
    def screen(self) -> RoundEndDialog | MatchEndDialog | None:
        """The round or match screen standing over the table, or None."""
        return self.pacing.screen

    _screen = screen

    @property
    def slide(self) -> TileSequence | None:
        """The computer's latest turn sliding in, or None."""
        return self.pacing.slide

    @property
    def rules_panel(self) -> TextPanel | None:
        return self.panels.rules_panel

    @property
    def log_panel(self) -> LogPanel | None:
        return self.panels.log_panel

    @property
    def keys_panel(self) -> KeysPanel | None:
        return self.panels.keys_panel

    @property
    def setup_dialog(self) -> SetupScreen | None:
        return self.startup.setup_dialog

    def shortcuts(self) -> dict[str, str]:
        return self.menus.shortcuts()

    # -------------------------------------------------------------- turns
    def viewer(self) -> int | None:
        return self.turns.viewer()

    def handoff_visible(self) -> bool:
        return self.turns.handoff_visible()

    def acknowledge_handoff(self) -> None:
        self.turns.acknowledge_handoff()

    def forget_handoff(self) -> None:
        self.turns.forget_handoff()

    def reset_handoff(self) -> None:
        self.turns.reset_handoff()

    def legal_for_viewer(self) -> list[Action]:
        return self.turns.legal_for_viewer()

    def hand_view(self) -> PlayerView | None:
        return self.turns.hand_view()

    def refresh(self) -> None:
        self.turns.refresh()

    def show_thinking(self) -> None:
        self.turns.show_thinking()

    def has_preview(self) -> bool:
        return self.turns.has_preview()

    def preview_action(self, action: Action) -> None:
        self.turns.preview_action(action)

    def confirm(self) -> None:
        self.turns.confirm()

    def cancel(self) -> None:
        self.turns.cancel()

    def end_turn(self) -> None:
        self.turns.end_turn()

    def hint(self) -> None:
        self.turns.hint()

    def undo(self) -> None:
        self.turns.undo()

    def redo(self) -> None:
        self.turns.redo()

    def restart_round(self) -> None:
        self.turns.restart_round()

    def new_match(self) -> None:
        self.turns.new_match()

    # ------------------------------------------------------- mouse, keys
    def click_hand(self, text: str) -> None:
        self.clicks.click_hand(text)

    def click_target(self, key: Any) -> None:
        self.clicks.click_target(key)

    def set_hand_order(self, order: str) -> None:
        self.clicks.set_hand_order(order)

    def arrange_hand(self) -> None:
        self.clicks.arrange_hand()

    def escape(self) -> None:
        self.keyboard.escape()

    # ------------------------------------------------------------ pacing
    def after_change(self) -> None:
        self.pacing.after_change()

    def catch_up(self, rounds: list[dict] | None = None) -> None:
        self.pacing.catch_up(rounds)

    def schedule_bot(self) -> None:
        self.pacing.schedule_bot()

    def skip(self) -> None:
        self.pacing.skip()

    # ------------------------------------------------------------ panels
    def open_rules(self) -> None:
        self.panels.open_rules()

    def open_log(self) -> None:
        self.panels.open_log()

    def refresh_log(self) -> None:
        self.panels.refresh_log()

    def show_keys(self) -> None:
        self.panels.show_keys()

    # ---------------------------------------------------------- start-up
    def start(self) -> None:
        self.startup.start()

    def report_store_warnings(self) -> None:
        self.startup.report_store_warnings()

    def setup_open(self) -> bool:
        return self.startup.setup_open()

    def current_choice(self) -> SetupChoice:
        return self.startup.current_choice()

    def open_setup(self, welcome: bool = False) -> None:
        self.startup.open_setup(welcome)

    def apply_setup(self, choice: SetupChoice) -> str | None:
        return self.startup.apply_setup(choice)


def run_app(context: AppContext) -> int:
    """Open the window for ``context`` and run until it is closed."""
    current = settings_module.load()
    root = make_root(current.theme)
    app = TkApp(root, context.plugins, context.options, context.store, current)
    app.start()
    root.mainloop()
    return 0
