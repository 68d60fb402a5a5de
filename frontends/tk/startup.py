"""Which match the window plays: a saved one taken up (DX.11), the command line's, or one chosen on the setup screen.

:class:`StartUp` opens the window on a saved match when the player agrees
(``--resume ID`` takes that one up without asking), else on the table the
command line names, else on the welcome screen. A saved match not taken up
stays paused in the store, listed by the log. The setup screen (Ctrl+N)
stands over the table while the computer waits; a match in progress that
Undo could not bring back ends only once the player says so. The store's
warnings and the computer players' failures are told once each, in the
window's language.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import messagebox, ttk
from typing import Any, Protocol

from roundhouse.core.play.session import Session
from roundhouse.core.play.setup import HINT_PREFERENCE, default_seats, make_session, variant_bot
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import StoreError
from roundhouse.core.text.i18n import Catalog
from roundhouse.core.text.notices import in_language
from roundhouse.frontends.common.saved_matches import describe_saved, differs, named_in_language
from roundhouse.frontends.tk.settings import Settings
from roundhouse.frontends.tk.setup_screen import SetupChoice, SetupScreen

DEFAULT_VARIANT = "mexican-train"


class StartHost(Protocol):
    """What starting a match needs from the window."""

    root: tk.Tk
    main: ttk.Frame
    session: Session | None
    store: Any
    options: PlayOptions
    registry: Registry
    catalog: Catalog
    settings: Settings
    lang: str

    def t(self, key: str, **values: Any) -> str: ...

    def set_session(self, session: Session) -> None: ...

    def set_language(self, lang: str) -> None: ...

    def apply_theme(self, name: str, save: bool = True) -> bool: ...

    def refresh(self) -> None: ...

    def schedule_bot(self) -> None: ...


class StartUp:
    """Starts the host's matches; ``setup_dialog`` is the setup screen once opened."""

    def __init__(self, host: StartHost) -> None:
        self.host = host
        self.setup_dialog: SetupScreen | None = None
        self._warnings_shown = 0

    # ------------------------------------------------------------ start-up
    def start(self) -> None:
        """Offer to resume a saved match; else start the match the command line names, or open the welcome screen."""
        host = self.host
        self.report_store_warnings()
        resumed = self._saved_to_resume() if host.store is not None else None
        if resumed is not None:
            host.set_session(resumed)
        elif self._options_name_a_match():
            choice = self._choice_from_options()
            host.set_session(make_session(host.registry, choice.variant, choice.seats, choice.seed))
        else:
            self.open_setup(welcome=True)

    def _saved_to_resume(self) -> Session | None:
        """The saved match to take up (``--resume ID``, or the latest once the player agrees), else None.

        A saved match that is not taken up stays *paused* (``store.pause``):
        the log panel and ``history`` list it and ``--resume ID`` takes it up later.
        """
        host = self.host
        store = host.store
        latest = store.saved_match()
        if host.options.resume is not None:
            target = store.saved_match(host.options.resume)
            self.report_store_warnings()
            if target is None:
                message = host.t("tk.resume.missing", id=host.options.resume)
                messagebox.showerror(host.t("tk.title"), message, parent=host.root)
                return None
            if latest is not None and latest.id != target.id:
                store.pause(latest.id)
            return self._rebuild(target)
        self.report_store_warnings()
        if latest is None:
            return None
        session = self._rebuild(latest)
        if session is None:
            return None
        summary = describe_saved(host.catalog, host.registry, latest, session)
        if differs(host.options, latest):
            store.pause(latest.id)
            message = host.t("tk.resume.other_table", summary=summary, id=latest.id)
            messagebox.showinfo(host.t("tk.title"), message, parent=host.root)
            return None
        if self.ask_resume(summary, latest.id):
            return session
        store.pause(latest.id)
        return None

    def _rebuild(self, saved: Any) -> Session | None:
        """The saved match rebuilt, or None after saying why it cannot be (the store sets a broken save aside)."""
        host = self.host
        try:
            return host.store.resume(named_in_language(saved, host.catalog), host.registry)
        except (StoreError, ValueError, KeyError, RuntimeError) as error:
            self.report_store_warnings()
            messagebox.showerror(host.t("tk.title"), host.t("tk.resume.failed", error=error), parent=host.root)
            return None

    def _options_name_a_match(self) -> bool:
        """True when the command line chose the table (game, players, seats, bot or seed)."""
        o = self.host.options
        return any(value is not None for value in (o.variant, o.players, o.humans, o.bot, o.seed)) or bool(o.names)

    def report_store_warnings(self) -> None:
        """Show the store's new warnings (a damaged save set aside, saving off) and bot failures once each."""
        host = self.host
        warnings = getattr(host.store, "warnings", None) or []
        fresh = [in_language(warning, host.catalog) for warning in warnings[self._warnings_shown :]]
        self._warnings_shown = len(warnings)
        fresh += [
            in_language(fault.notice(), host.catalog)
            for fault in (host.session.take_bot_faults() if host.session else ())
        ]
        if fresh:
            messagebox.showwarning(host.t("tk.title"), "\n\n".join(fresh), parent=host.root)

    def ask_resume(self, summary: str, match_id: int) -> bool:
        """Ask whether to resume the saved match ``summary`` names (No keeps it paused as ``match_id``)."""
        t = self.host.t
        question = t("tk.resume.ask", summary=summary)
        note = t("tk.resume.keep_note", id=match_id)
        return messagebox.askyesno(t("tk.title"), question, detail=note, parent=self.host.root)

    def _default_bot(self, variant: Any = None) -> str | None:
        registry = self.host.registry
        if self.host.options.bot:
            return self.host.options.bot
        fallback = next((b for b in HINT_PREFERENCE if b in registry.bots), next(iter(registry.bots), None))
        return variant_bot(registry, variant, "default_bot") or fallback

    def _choice_from_options(self) -> SetupChoice:
        """The table the command line asks for, defaults filling the rest (one human, then computers)."""
        host = self.host
        options = host.options
        variant_id = options.variant or DEFAULT_VARIANT
        if variant_id not in host.registry.variants:
            variant_id = next(iter(host.registry.variants))
        variant = host.registry.variant(variant_id)
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
                lambda seat: host.t("tk.setup.default_name", seat=seat),
                lambda seat: host.t("tk.welcome.computer_name", seat=seat),
            )
        )
        return SetupChoice(variant_id, seats, options.seed, host.lang, host.settings.theme)

    # --------------------------------------------------------- setup screen
    def setup_open(self) -> bool:
        """True while the setup screen is up."""
        return self.setup_dialog is not None and self.setup_dialog.open

    def current_choice(self) -> SetupChoice:
        """The current table as a setup choice (the setup screen's starting point)."""
        host = self.host
        s = host.session
        if s is None:
            return self._choice_from_options()
        return SetupChoice(
            s.variant.id, tuple(s.seats), s.seed if s.seed_explicit else None, host.lang, host.settings.theme
        )

    def open_setup(self, welcome: bool = False) -> None:
        """Ctrl+N (or the first launch): the new-match screen over the table; the computer waits."""
        if self.setup_open():
            self.setup_dialog.window.lift()
            return
        session = self.host.session
        if session is not None:
            session.pause("setup")
        self._show_setup(self.current_choice(), welcome or session is None)

    def _show_setup(self, current: SetupChoice, welcome: bool) -> None:
        host = self.host
        self.setup_dialog = SetupScreen(
            host.main,
            host.catalog,
            host.registry.variants,
            host.registry.bots,
            current,
            self.apply_setup,
            self._setup_closed,
            welcome=welcome,
            can_cancel=host.session is not None,
            on_language=self._setup_language,
        )

    def _setup_language(self, draft: SetupChoice) -> None:
        """Another language was chosen on the setup screen: the window and the screen speak it at once."""
        welcome = self.setup_dialog.welcome
        self.setup_dialog.window.destroy()
        self.host.set_language(draft.lang)
        self._show_setup(draft, welcome)

    def _setup_closed(self) -> None:
        self.setup_dialog = None
        session = self.host.session
        if session is not None:
            session.resume("setup")
            self.host.refresh()
            self.host.schedule_bot()

    def apply_setup(self, choice: SetupChoice) -> str | None:
        """Start the chosen match; an error message (nothing changed) when it cannot start.

        A match in progress that Undo could not bring back ends only once the player says so.
        """
        host = self.host
        s = host.session
        if s is not None and s.can_undo and not s.is_over and not self.ask_new_match():
            return host.t("tk.table.kept")
        try:
            session = make_session(host.registry, choice.variant, choice.seats, choice.seed)
        except (KeyError, ValueError) as error:
            return str(error).strip("'\"")
        if choice.theme != host.settings.theme:
            host.apply_theme(choice.theme)
        if choice.lang != host.lang:
            host.set_language(choice.lang)
        host.set_session(session)
        return None

    def ask_new_match(self) -> bool:
        """Ask before ending the match in progress (Undo cannot bring it back)."""
        t = self.host.t
        return messagebox.askyesno(t("tk.title"), t("tk.table.new_match_ask"), parent=self.host.root)
