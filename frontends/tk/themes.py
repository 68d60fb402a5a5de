"""Named table themes: a ttk look for the widgets plus a palette for the canvases.

The player picks one of :data:`THEMES` (Felt, Light, Dark, High contrast)
by its translated name; :func:`apply_theme` switches the widgets and hands
the palette to the canvases (:func:`roundhouse.frontends.tk.palette.use`; the window
redraws after it). Settings store the theme's id; an id
that is not known (an old raw ttk theme name) means :data:`DEFAULT_THEME`.

Felt, Light and Dark use the Sun Valley ttk themes of :mod:`sv_ttk` (MIT),
which also colour the classic Tk widgets (menus, text); High contrast is
Tk's own ``clam`` in our colours, and sets the classic widgets' colours itself.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from tkinter import font as tkfont
from tkinter import ttk

import sv_ttk

from roundhouse.frontends.tk import palette
from roundhouse.frontends.tk.fonts import linespace
from roundhouse.frontends.tk.palette import Palette

StateColours = tuple[tuple[str, str], ...]
"""``((state, colour), ...)``: a ttk style map of one option; a state may be several words ("readonly focus")."""


@dataclass(frozen=True)
class TableTheme:
    """One named theme: ``id`` (stored in settings), the ttk theme it uses, its palette and widget colours.

    ``widgets`` maps ttk style options of the root style and of the players
    list (``background``, ``foreground``, ...) set on top of the ttk theme;
    empty keeps the ttk theme's own look. ``classic`` gives the classic Tk
    widgets (menus, text) their colours through ``tk_setPalette``; empty
    leaves them to the ttk theme (the Sun Valley ones set them).
    """

    id: str
    ttk_theme: str
    palette: Palette
    widgets: tuple[tuple[str, str], ...] = ()
    classic: tuple[tuple[str, str], ...] = ()
    muted: str = "#6b6b6b"
    """Secondary widget text (``Muted.TLabel``): notes, column headings."""
    error: str = "#c62828"
    """Widget text that reports a mistake (``Error.TLabel``): the setup screen's refusals."""
    maps: tuple[tuple[str, str, StateColours], ...] = ()
    """``(style, option, ((state, colour), ...))``: colours by widget state (disabled, hovered, read-only ...)
    set over the ttk theme's own map of that option, where its colours would not be readable."""

    def label(self, t) -> str:
        """The theme's name in the player's language (``t`` is a catalog's ``t``)."""
        return t(f"tk.themes.{self.id}")


SUN_VALLEY_LIGHT_MAPS = (("TButton", "foreground", (("disabled", "#707070"),)),)
"""Disabled buttons of Sun Valley light: its own grey (#a2a2a2) reads 2.5:1 on the button."""

FELT = TableTheme("felt", "sun-valley-light", palette.DEFAULT, maps=SUN_VALLEY_LIGHT_MAPS)
LIGHT = TableTheme(
    "light",
    "sun-valley-light",
    Palette(
        felt="#ece7dc",
        row="#ddd5c4",
        row_turn="#f3d99b",
        row_text="#2a2622",
        muted_text="#5b544a",
        face="#ffffff",
        face_dim="#d7d2c6",
        edge="#3a342c",
        back="#6b4a8a",
        back_inset="#9b7ab8",
        lit="#e0a800",
        focus="#1a73e8",
        last="#79b4e6",
        owed="#f08a3c",
        marker="#c62828",
        hand_bg="#cdbfa5",
    ),
    maps=SUN_VALLEY_LIGHT_MAPS,
)
DARK = TableTheme(
    "dark",
    "sun-valley-dark",
    Palette(
        felt="#1d2126",
        row="#2a3038",
        row_turn="#3b4654",
        row_text="#e8e6e3",
        muted_text="#b9c0c9",
        face="#eceae4",
        face_dim="#9d9a93",
        edge="#0e0f10",
        back="#5a2a2a",
        back_inset="#8a4a44",
        lit="#f2c14e",
        focus="#5ab0ff",
        last="#7cc7ff",
        owed="#ff9350",
        marker="#ff5c50",
        hand_bg="#121417",
        private_text="#8cc4ff",
    ),
    muted="#b8b8b8",
    error="#ff8a80",
    maps=(("TButton", "foreground", (("disabled", "#9a9a9a"),)),),
)
HC_DISABLED = "#bdbdbd"
"""High contrast's disabled text: plainly greyer than white, 11:1 on black."""
HC_STATE_TEXT: StateColours = (("disabled", HC_DISABLED), ("pressed", "#000000"), ("active", "#000000"))
"""High contrast's text by state: clam's own grey disabled text and white on a whitened hover do not read."""
HC_STATE_GROUND: StateColours = (("disabled", "#000000"), ("pressed", "#ffff00"), ("active", "#ffff00"))
"""High contrast's ground by state, under :data:`HC_STATE_TEXT`: black when disabled, yellow under the pointer."""

HIGH_CONTRAST = TableTheme(
    "high_contrast",
    "clam",
    Palette(
        felt="#000000",
        row="#1a1a1a",
        row_turn="#3d3d00",
        row_text="#ffffff",
        muted_text="#ffffff",
        face="#ffffff",
        face_dim="#bdbdbd",
        edge="#000000",
        back="#0000c8",
        back_inset="#ffffff",
        lit="#ffff00",
        focus="#00ffff",
        last="#00ff66",
        owed="#ff8000",
        marker="#ff0000",
        hand_bg="#000000",
        private_text="#00ffff",
    ),
    widgets=(
        ("background", "#000000"),
        ("foreground", "#ffffff"),
        ("fieldbackground", "#000000"),
        ("selectbackground", "#ffff00"),
        ("selectforeground", "#000000"),
        ("bordercolor", "#ffffff"),
        ("focuscolor", "#ffff00"),
        ("indicatorbackground", "#000000"),
        ("indicatorforeground", "#ffff00"),
        ("arrowcolor", "#ffffff"),
    ),
    classic=(
        ("background", "#000000"),
        ("foreground", "#ffffff"),
        ("activeBackground", "#ffff00"),
        ("activeForeground", "#000000"),
        ("selectBackground", "#ffff00"),
        ("selectForeground", "#000000"),
        ("selectColor", "#ffff00"),
        ("highlightColor", "#ffff00"),
        ("insertBackground", "#ffffff"),
        ("disabledForeground", HC_DISABLED),
    ),
    muted="#ffffff",
    error="#ff8080",
    maps=(
        (".", "foreground", HC_STATE_TEXT),
        (".", "background", HC_STATE_GROUND),
        ("TButton", "background", HC_STATE_GROUND),
        ("TButton", "bordercolor", (("disabled", HC_DISABLED),)),
        ("Heading", "foreground", HC_STATE_TEXT[1:]),
        ("Heading", "background", HC_STATE_GROUND[1:]),
        ("TCombobox", "foreground", (("readonly", "#ffffff"),)),
        ("TCombobox", "fieldbackground", (("readonly", "#000000"),)),
        ("TCombobox", "selectforeground", (("readonly", "#ffffff"),)),
        ("TCombobox", "selectbackground", (("readonly", "#000000"),)),
        ("TCombobox", "background", HC_STATE_GROUND[1:]),
        ("TCombobox", "arrowcolor", HC_STATE_TEXT),
    ),
)

THEMES: dict[str, TableTheme] = {theme.id: theme for theme in (FELT, LIGHT, DARK, HIGH_CONTRAST)}
"""The offered themes, in menu order."""

DEFAULT_THEME = FELT.id

SUN_VALLEY = "sun-valley-"
"""The name prefix of the Sun Valley ttk themes (light and dark), loaded by :mod:`sv_ttk`."""

MUTED = "Muted.TLabel"
"""The ttk style of secondary text, coloured by the theme."""

ERROR = "Error.TLabel"
"""The ttk style of text that reports a mistake, coloured by the theme."""


def theme_named(theme_id: str) -> TableTheme:
    """The theme ``theme_id``, or the default one for an unknown id."""
    return THEMES.get(theme_id, THEMES[DEFAULT_THEME])


def apply_theme(root: tk.Tk, theme: TableTheme) -> None:
    """Give the widgets ``theme``'s ttk look and make its palette the one the canvases draw with next.

    Raises tk.TclError when the ttk theme is not installed.
    """
    variant = theme.ttk_theme.removeprefix(SUN_VALLEY)
    if variant != theme.ttk_theme:
        sv_ttk.set_theme(variant, root)
    else:
        ttk.Style(root).theme_use(theme.ttk_theme)
    style = ttk.Style(root)
    if theme.widgets:
        for name in (".", "Treeview"):
            style.configure(name, **dict(theme.widgets))
    if theme.classic:
        root.tk_setPalette(**dict(theme.classic))
    style.configure(MUTED, foreground=theme.muted)
    style.configure(ERROR, foreground=theme.error)
    # The players list sizes its columns by these fonts; the Sun Valley ones need not measure the same.
    style.configure("Treeview", font="TkDefaultFont", rowheight=linespace(root) + ROW_PAD)
    style.configure("Heading", font="TkHeadingFont")
    _follow_default_font(root)
    for name, option, states in theme.maps:
        _map_over(style, name, option, states)
    palette.use(theme.palette)


ROW_PAD = 6
"""Pixels a players-list row has over a line of its text."""
SUN_VALLEY_FONTS = {
    "SunValleyCaptionFont": 12,
    "SunValleyBodyFont": 14,
    "SunValleyBodyStrongFont": 14,
    "SunValleyBodyLargeFont": 18,
    "SunValleySubtitleFont": 20,
    "SunValleyTitleFont": 28,
    "SunValleyTitleLargeFont": 40,
    "SunValleyDisplayFont": 68,
}
"""The Sun Valley fonts and their sizes in pixels for a 14-pixel body text."""


def _follow_default_font(root: tk.Tk) -> None:
    """Give the Sun Valley fonts (fixed pixel sizes in a family most systems lack) TkDefaultFont's family,
    and sizes in proportion to its size in points, so the widgets' text follows the player's font and the
    screen's DPI (``tk scaling``)."""
    names = set(root.tk.splitlist(root.tk.call("font", "names")))
    default = tkfont.nametofont("TkDefaultFont", root=root).actual()
    for name, pixels in SUN_VALLEY_FONTS.items():
        if name in names:
            size = round(int(default["size"]) * pixels / SUN_VALLEY_FONTS["SunValleyBodyFont"])
            tkfont.nametofont(name, root=root).configure(family=default["family"], size=size)


def _map_over(style: ttk.Style, name: str, option: str, states: StateColours) -> None:
    """Map ``option`` of style ``name`` to ``states``, keeping the theme's own entries for other states after them."""
    ours = {tuple(state.split()) for state, _ in states}
    kept = [tuple(entry) for entry in style.map(name, option) if tuple(entry[:-1]) not in ours]
    style.map(name, **{option: [(*state.split(), colour) for state, colour in states] + kept})


def make_root(theme: str) -> tk.Tk:
    """A root window in table theme ``theme``'s look."""
    root = tk.Tk()
    apply_theme(root, theme_named(theme))
    return root
