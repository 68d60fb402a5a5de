"""The window's commands, each declared once: that one line makes its menu entry, its accelerator and its key binding.

:func:`command_table` lists every command (thonny's ``add_command``): its
id, the menus it sits in, its label key, its handler, whether it needs a
match on the table (the enabled-test) and its shortcut. :class:`MenuBar`
builds the Game, View and Help menus from the table, in table order, with
a separator wherever the ``group`` changes, then the View menu's settings
(speed, theme, hints), and binds each shortcut on the root window. A
command that needs a match does nothing while none is on the table, from
the menu and the keyboard alike. A command's id also names its line in the
keyboard help, which shows the key as the menu does (:meth:`MenuBar.shortcuts`).

Shortcuts and the right click follow the windowing system
(:func:`platform_of`): on macOS (Tk's ``aqua``) shortcuts use Command
(``<Command-z>``, shown ``Cmd+Z``), the right button is ``<Button-2>`` and
Control-click acts as it; elsewhere shortcuts use Control and the right
button is ``<Button-3>``.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from roundhouse.core.play.session import Session
from roundhouse.frontends.tk.settings import SPEEDS
from roundhouse.frontends.tk.themes import THEMES

MENUS = ("game", "view", "help")
"""The menu bar's menus (``tk.menu.<name>``), left to right."""


@dataclass(frozen=True)
class Platform:
    """How a windowing system spells the shortcuts' modifier and the right click."""

    modifier: str
    """The event modifier of shortcuts (``Control`` in ``<Control-z>``)."""
    modifier_text: str
    """Its name in accelerators and the keyboard help (``Ctrl`` in ``Ctrl+Z``)."""
    context_clicks: tuple[str, ...]
    """The mouse sequences that act as the right button."""


PC = Platform("Control", "Ctrl", ("<Button-3>",))
"""X11 and Windows."""
AQUA = Platform("Command", "Cmd", ("<Button-2>", "<Control-Button-1>", "<Control-Double-Button-1>"))
"""macOS: Command shortcuts; the right button reports Button-2, and Control-click acts as it.

A quick second Control-click is bound too: else the hand's double click would take it.
"""


def windowing_system(widget: tk.Misc) -> str:
    """Tk's windowing system for ``widget``: ``x11``, ``win32`` or ``aqua`` (macOS)."""
    return str(widget.tk.call("tk", "windowingsystem"))


def platform_of(widget: tk.Misc) -> Platform:
    """The conventions of the windowing system ``widget`` is shown on."""
    return AQUA if windowing_system(widget) == "aqua" else PC


@dataclass(frozen=True)
class Shortcut:
    """A command's key: ``key`` alone (a letter answers in either case), or with the platform's modifier."""

    key: str
    modified: bool = False

    def sequences(self, platform: Platform) -> tuple[str, ...]:
        """The event sequences bound on the root window."""
        if self.modified:
            return (f"<{platform.modifier}-{self.key}>",)
        if len(self.key) == 1:
            return (self.key.lower(), self.key.upper())
        return (f"<{self.key}>",)

    def text(self, platform: Platform) -> str:
        """The key as a menu's accelerator and the keyboard help write it: ``Ctrl+Z`` (``Cmd+Z``), ``H``, ``F1``."""
        return f"{platform.modifier_text}+{self.key.upper()}" if self.modified else self.key.upper()


@dataclass(frozen=True)
class Command:
    """One command of the window; ``needs_match`` is its enabled-test, ``group`` its block within a menu."""

    id: str
    menus: tuple[str, ...]
    label: str
    handler: Callable[[], None]
    needs_match: bool = True
    shortcut: Shortcut | None = None
    group: int = 0


class CommandHost(Protocol):
    """What the commands and the View menu's settings need from the window."""

    root: tk.Tk
    platform: Platform
    session: Session | None
    speed_var: tk.StringVar
    theme_var: tk.StringVar
    expert_hints_var: tk.BooleanVar

    def t(self, key: str, **values: Any) -> str: ...

    def open_setup(self) -> None: ...

    def restart_round(self) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def hint(self) -> None: ...

    def skip(self) -> None: ...

    def quit(self) -> None: ...

    def open_rules(self) -> None: ...

    def open_log(self) -> None: ...

    def show_keys(self) -> None: ...

    def set_speed(self, name: str) -> None: ...

    def apply_theme(self, name: str, save: bool = True) -> bool: ...

    def set_hints(self) -> None: ...


def command_table(host: CommandHost) -> tuple[Command, ...]:
    """Every command of the window, in menu order."""
    return (
        Command("new", ("game",), "tk.menu.new", host.open_setup, needs_match=False, shortcut=Shortcut("n", True)),
        Command("restart", ("game",), "tk.menu.restart", host.restart_round, shortcut=Shortcut("r", True)),
        Command("undo", ("game",), "tk.menu.undo", host.undo, shortcut=Shortcut("z", True), group=1),
        Command("redo", ("game",), "tk.menu.redo", host.redo, shortcut=Shortcut("y", True), group=1),
        Command("hint", ("game",), "tk.menu.hint", host.hint, shortcut=Shortcut("h"), group=1),
        Command("skip", ("game",), "tk_flow_menu_skip", host.skip, shortcut=Shortcut("s"), group=1),
        Command("quit", ("game",), "tk.menu.quit", host.quit, needs_match=False, shortcut=Shortcut("q", True), group=2),
        Command("rules", ("view", "help"), "tk.menu.rules", host.open_rules, shortcut=Shortcut("F1")),
        Command("log", ("view",), "tk.menu.log", host.open_log, shortcut=Shortcut("l", True)),
        Command("keys", ("help",), "tk.menu.keys", host.show_keys, needs_match=False),
    )


class MenuBar:
    """The host's menu bar and key bindings, made from :func:`command_table` (again on each :meth:`build`)."""

    def __init__(self, host: CommandHost) -> None:
        self.host = host
        self.menubar: tk.Menu | None = None
        self.commands: tuple[Command, ...] = ()

    def invoke(self, command: Command) -> None:
        """Run ``command`` when its enabled-test passes: with no match on the table only some commands work."""
        if self.host.session is not None or not command.needs_match:
            command.handler()

    def shortcuts(self) -> dict[str, str]:
        """Each command's key as its menu entry shows it, by command id."""
        return {c.id: c.shortcut.text(self.host.platform) for c in self.commands if c.shortcut is not None}

    def build(self) -> None:
        """(Re)make the menu bar in the current language and bind every shortcut."""
        host, t = self.host, self.host.t
        if self.menubar is not None:
            self.menubar.destroy()
        self.commands = command_table(host)
        bar = tk.Menu(host.root, tearoff=False)
        menus = {name: tk.Menu(bar, tearoff=False) for name in MENUS}
        groups: dict[str, int] = {}
        for command in self.commands:
            for name in command.menus:
                if groups.setdefault(name, command.group) != command.group:
                    menus[name].add_separator()
                    groups[name] = command.group
                menus[name].add_command(
                    label=t(command.label),
                    accelerator=command.shortcut.text(host.platform) if command.shortcut else "",
                    command=lambda c=command: self.invoke(c),
                )
        self._add_settings(menus["view"])
        for name, menu in menus.items():
            bar.add_cascade(label=t(f"tk.menu.{name}"), menu=menu)
        host.root.configure(menu=bar)
        self.menubar = bar
        for command in self.commands:
            for sequence in command.shortcut.sequences(host.platform) if command.shortcut else ():
                host.root.bind(sequence, lambda _e, c=command: self.invoke(c) or "break")

    def _add_settings(self, view: tk.Menu) -> None:
        """The View menu's remembered settings: the computer's speed, the table theme, expert hints."""
        host, t = self.host, self.host.t
        speed = tk.Menu(view, tearoff=False)
        for name in SPEEDS:
            speed.add_radiobutton(
                label=t(f"tk.speed.{name}"),
                value=name,
                variable=host.speed_var,
                command=lambda n=name: host.set_speed(n),
            )
        view.add_cascade(label=t("tk.menu.speed"), menu=speed)
        theme = tk.Menu(view, tearoff=False)
        for name, table_theme in THEMES.items():
            theme.add_radiobutton(
                label=table_theme.label(t),
                value=name,
                variable=host.theme_var,
                command=lambda n=name: host.apply_theme(n),
            )
        view.add_cascade(label=t("tk.menu.theme"), menu=theme)
        view.add_checkbutton(label=t("expert.hint_setting"), variable=host.expert_hints_var, command=host.set_hints)
