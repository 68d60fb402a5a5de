"""The side windows: the rules (DX.5), the log of this match or a saved one (DX.5, DX.11) and the keyboard help.

:class:`Panels` opens each panel once (asking again brings the open one to
the front). While the rules or the log are open the session is paused
under that panel's name, so the computer waits; closing the panel resumes
it and lets the computer go on. The log shows this session's events as the
viewer may see them (a hidden tile only to its owner) or, chosen in its
selector, a saved match's public events.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Mapping
from typing import Any, Protocol

from roundhouse.core.play.session import Session
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.store import PAUSED, HistoryEntry, StoreError
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.log_notes import LogNotes
from roundhouse.frontends.common.past_matches import game_name, load_past, when, winner_names
from roundhouse.frontends.tk.dialogs import KeysPanel, LogPanel, Panel, TextPanel, rules_chunks
from roundhouse.frontends.tk.logtext import event_text
from roundhouse.frontends.tk.presenter import Presenter


class PanelHost(Protocol):
    """What the panels need from the window."""

    root: tk.Tk
    session: Session | None
    store: Any
    registry: Registry
    catalog: Catalog
    lang: str
    presenter: Presenter
    log_notes: LogNotes

    def t(self, key: str, **values: Any) -> str: ...

    def viewer(self) -> int | None: ...

    def schedule_bot(self) -> None: ...

    def shortcuts(self) -> Mapping[str, str]: ...


class Panels:
    """The rules, log and keys panels of the host's window (each None until first opened)."""

    def __init__(self, host: PanelHost) -> None:
        self.host = host
        self.rules_panel: TextPanel | None = None
        self.log_panel: LogPanel | None = None
        self.keys_panel: KeysPanel | None = None
        self.log_history: list[HistoryEntry] = []
        """The past matches of the log panel's selector, newest first (entry ``i + 1``)."""

    def pause_for_open(self, session: Session) -> None:
        """Pause a new ``session`` for each of the rules and log panels that is open."""
        for reason, panel in (("rules", self.rules_panel), ("log", self.log_panel)):
            if panel is not None and panel.open:
                session.pause(reason)

    def open_rules(self) -> None:
        """DX.5: the rules text; the computer waits while it is open."""
        if _raised(self.rules_panel):
            return
        host = self.host
        host.session.pause("rules")
        self.rules_panel = TextPanel(host.root, host.t("tk.rules.title"), lambda: self._closed("rules"))
        self.rules_panel.set(rules_chunks(host.catalog, host.session.variant, host.lang))

    def open_log(self) -> None:
        """DX.5, DX.11: the public log, this match's or a saved one's; the computer waits while it is open."""
        if _raised(self.log_panel):
            return
        host = self.host
        host.session.pause("log")
        self.log_history = list(reversed(host.store.history())) if host.store is not None else []
        choices = [host.t("tk.log.this_match")] + [self._past_label(e) for e in self.log_history]
        self.log_panel = LogPanel(
            host.root,
            host.t("tk.log.title"),
            lambda: self._closed("log"),
            host.t("tk.log.show"),
            choices,
            self._choose_log,
        )
        self.fill_log()

    def _past_result(self, entry: HistoryEntry) -> str:
        """Won by whom, paused (resumable with ``--resume ID``) or abandoned."""
        t = self.host.t
        if entry.status == PAUSED:
            return t("tk.log.paused", id=entry.id)
        winners = winner_names(entry)
        return t("tk.log.won_by", names=", ".join(winners)) if winners else t("tk.log.abandoned")

    def _past_label(self, entry: HistoryEntry) -> str:
        """A saved match in the log selector: ``#12 · 2026-11-29 17:04 · Mexican Train · won by Ana``."""
        game = game_name(self.host.registry, entry.variant, self.host.lang)
        return self.host.t(
            "tk.log.past_entry", id=entry.id, date=when(entry), game=game, result=self._past_result(entry)
        )

    def _choose_log(self, index: int) -> None:
        """The log selector changed: this session's log, or saved match ``index``."""
        if index == 0:
            self.fill_log()
        else:
            self._fill_past(self.log_history[index - 1])

    def _fill_past(self, entry: HistoryEntry) -> None:
        """A saved match's public events (``Event.visible_to(None)``): no hidden tile is shown."""
        host = self.host
        game = game_name(host.registry, entry.variant, host.lang)
        title = host.t("tk.log.past_title", id=entry.id, game=game, date=when(entry), seed=entry.seed)
        chunks: list[tuple[str, str]] = [(title + "\n", "heading")]
        try:
            past = load_past(host.store, entry, host.registry)
        except StoreError as error:
            chunks.append((host.t("tk.log.past_unreadable", reason=str(error)) + "\n", ""))
        else:
            chunks += [(event_text(host.catalog, line, past.names, entry.variant) + "\n", "") for line in past.lines]
        self.log_panel.set(chunks)

    def refresh_log(self) -> None:
        """Bring the log up to date when it is open."""
        if self.log_panel is not None and self.log_panel.open:
            self.fill_log()

    def fill_log(self) -> None:
        """This session's log as the viewer may see it (left alone while a saved match is shown)."""
        if self.log_panel is None or self.log_panel.selected != 0:
            return
        host = self.host
        s = host.session
        seat = host.viewer()
        chunks: list[tuple[str, str]] = []
        names = [x.name for x in s.seats]
        records = [*s.archive, s.record]
        labels = host.presenter.game.labels(s.view(None))
        for number, record in enumerate(records, 1):
            chunks.append((host.t("tk.log.match", number=number, seed=record.header.get("seed")) + "\n", "heading"))
            for index, event in enumerate(record.events, 1):
                line = event.visible_to(seat)
                private = (event.type == "draw" and "tile" in line) or (event.type == "deal" and "hand" in line)
                variant = record.header.get("variant", "")
                text = event_text(host.catalog, line, names, variant, labels, host.presenter.game)
                chunks.append((text + "\n", "private" if private else ""))
                chunks += [(note + "\n", "") for note in host.log_notes.after(record, index)]
        self.log_panel.set(chunks, scroll_end=True)

    def _closed(self, reason: str) -> None:
        self.host.session.resume(reason)
        self.host.schedule_bot()

    def show_keys(self) -> None:
        """The keyboard help panel (one at a time)."""
        if not _raised(self.keys_panel):
            self.keys_panel = KeysPanel(self.host.root, self.host.catalog, self.host.shortcuts())


def _raised(panel: Panel | None) -> bool:
    """Bring ``panel`` to the front when it is open; True when it was."""
    if panel is not None and panel.open:
        panel.window.lift()
        return True
    return False
