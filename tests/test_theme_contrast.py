"""WCAG AA contrast in every table theme (issue 24, point 7): 4.5:1 for text, 3:1 for large text and tile pips.

A ratio is WCAG 2's: the relative luminance of each colour (sRGB channels
linearised, weighted 0.2126, 0.7152, 0.0722), then (lighter + 0.05) /
(darker + 0.05). The ratios are taken from each theme's own colours (the
palette pairs the board draws) and read back from a real Tk root under Xvfb
with the theme applied: ttk style lookups for labels, buttons, the players
list, fields and choice boxes in the states the window uses, the log's text
area, and every text item the table and hand canvases actually draw, against
whatever is drawn under it.

Sun Valley (Felt, Light, Dark) paints buttons, fields, headings and frames
with images; their background is read from the middle pixel of the image
sv-ttk names for that state (:data:`SUN_VALLEY_IMAGES`, from its theme files).
Not checked: the classic menus (no entry is ever disabled), scroll bars and
check marks (no text), and dimmed hand tiles, which are inactive (WCAG 1.4.3
exempts them) and fade on purpose.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import font as tkfont
from tkinter import ttk

import pytest
from gui_helpers import pump
from tk_scenes import late_round

from roundhouse.frontends.tk import palette
from roundhouse.frontends.tk.faces import render_tile
from roundhouse.frontends.tk.header import CENTRE_SIDE
from roundhouse.frontends.tk.palette import Palette
from roundhouse.frontends.tk.themes import SUN_VALLEY, THEMES

TEXT = 4.5
"""Least ratio of normal text."""
LARGE = 3.0
"""Least ratio of large text (18 pt, or 14 pt bold) and of pips against the tile's face."""


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def rgb_hex(channels) -> str:
    """``#rrggbb`` of three 0-255 channels (ints or the strings Tcl returns)."""
    return "#" + "".join(f"{int(c):02x}" for c in channels)


def contrast(one: str, other: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_gives_the_wcag_reference_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#123456", "#123456") == 1


CANVAS_TEXT = (
    ("row_text", "felt"),  # centre and boneyard labels, round heading, the feed, the hand-off cover
    ("muted_text", "felt"),  # the feed's title
    ("row_text", "row"),  # a line's name and badge
    ("row_text", "row_turn"),
    ("muted_text", "row"),  # the owner's counts, "closed", an open end's number
    ("muted_text", "row_turn"),
    ("edge", "lit"),  # a lit open end's number
    ("edge", "last"),  # who laid a line's latest tile
    ("edge", "owed"),  # an owed double's order
    ("row_text", "hand_bg"),  # the hand's title
)
"""(text, background) palette fields of the text the board draws (frontends/tk/board.py)."""


def palette_failures(colours: Palette) -> list[str]:
    """The palette's text and pip colours below their least ratio, with the ratio."""
    failures = [
        f"{text} on {ground}: {ratio:.2f}"
        for text, ground in CANVAS_TEXT
        if (ratio := contrast(getattr(colours, text), getattr(colours, ground))) < TEXT
    ]
    ghost = render_tile(0, 0, CENTRE_SIDE, False, "ghost", colours.lit, 3, colours.felt, colours)
    middle = rgb_hex(ghost.getpixel((CENTRE_SIDE, CENTRE_SIDE // 2)))
    if (ratio := contrast(colours.row_text, middle)) < LARGE:
        failures.append(f"'?' on the boneyard's ghost tile {middle}: {ratio:.2f}")
    failures += [
        f"pips of {value} on the face: {ratio:.2f}"
        for value in range(13)
        if (ratio := contrast(colours.pip(value), colours.face)) < LARGE
    ]
    return failures


@pytest.mark.parametrize("theme_id", list(THEMES))
def test_every_palette_text_and_pip_colour_meets_wcag_aa(theme_id):
    assert palette_failures(THEMES[theme_id].palette) == []


# ------------------------------------------------------------ read back from Tk
SUN_VALLEY_IMAGES = {
    ("TLabelframe.Label", ""): "card",
    ("TButton", ""): "button-rest",
    ("TButton", "disabled"): "button-dis",
    ("TButton", "active"): "button-hover",
    ("TButton", "pressed"): "button-pressed",
    ("TMenubutton", ""): "button-rest",
    ("TMenubutton", "active"): "button-hover",
    ("TMenubutton", "pressed"): "button-pressed",
    ("Heading", ""): "heading-rest",
    ("Heading", "active"): "heading-hover",
    ("TEntry", ""): "textbox-rest",
    ("TSpinbox", ""): "textbox-rest",
    ("TCombobox", "readonly"): "button-rest",
    ("TCombobox", "readonly hover"): "button-hover",
}
"""The sv-ttk image behind the text of a (style, state); sv-ttk's theme files map them so."""
WIDGETS = (
    ("TLabel", ""),
    ("Muted.TLabel", ""),
    ("Error.TLabel", ""),
    ("TRadiobutton", ""),
    ("TRadiobutton", "active"),
    ("Treeview", ""),
    ("TCombobox", "readonly active"),
    *SUN_VALLEY_IMAGES,
)
"""Every (ttk style, state) whose text is read back: labels, buttons, the players list, fields and choice boxes."""
FIELDS = ("TEntry", "TSpinbox", "TCombobox")
"""Styles whose text sits on their ``fieldbackground`` (in ttk themes drawn without images)."""


def hex_colour(widget: tk.Misc, colour: str) -> str:
    """``colour`` (a name or #rgb form) as ``#rrggbb``."""
    return rgb_hex(c // 257 for c in widget.winfo_rgb(colour))


def image_middle(root: tk.Misc, image: str) -> str:
    """The colour of the middle pixel of Tk image ``image``."""
    width, height = int(root.tk.call("image", "width", image)), int(root.tk.call("image", "height", image))
    return rgb_hex(root.tk.call(image, "get", width // 2, height // 2))


def widget_colours(root: tk.Tk, name: str, state: str) -> tuple[str, str]:
    """(text, background) of style ``name`` in ``state`` as the applied theme draws it."""
    style = ttk.Style(root)
    states = state.split()
    text = style.lookup(name, "foreground", states)
    theme = style.theme_use()
    if theme.startswith(SUN_VALLEY) and (name, state) in SUN_VALLEY_IMAGES:
        variant = "sv_" + theme.removeprefix(SUN_VALLEY)
        image = root.tk.eval(f"set ttk::theme::{variant}::I({SUN_VALLEY_IMAGES[name, state]})")
        return hex_colour(root, text), image_middle(root, image)
    ground = style.lookup(name, "fieldbackground" if name in FIELDS else "background", states)
    return hex_colour(root, text), hex_colour(root, ground)


def large(canvas: tk.Canvas, item: int) -> bool:
    """True when text ``item`` is large in WCAG's sense: 18 pt, or 14 pt bold."""
    actual = tkfont.Font(font=canvas.itemcget(item, "font")).actual()
    points = actual["size"] if actual["size"] > 0 else -actual["size"] * 72 / canvas.winfo_fpixels("1i")
    return points >= 18 or (points >= 14 and actual["weight"] == "bold")


def backdrop(canvas: tk.Canvas, item: int) -> str:
    """The colour drawn under the middle of text ``item``: a filled shape, a tile image or the canvas."""
    x1, y1, x2, y2 = canvas.bbox(item)
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    below = canvas.find_overlapping(x, y, x, y)
    for other in reversed(below[: below.index(item)]):
        kind = canvas.type(other)
        if kind in ("rectangle", "oval") and canvas.itemcget(other, "fill"):
            return hex_colour(canvas, canvas.itemcget(other, "fill"))
        if kind == "image":
            left, top = canvas.coords(other)
            image = canvas.itemcget(other, "image")
            return rgb_hex(canvas.tk.call(image, "get", int(x - left), int(y - top)))
    return hex_colour(canvas, canvas.cget("background"))


def canvas_failures(canvas: tk.Canvas) -> list[str]:
    """Every text item of ``canvas`` below its least ratio against what lies under it."""
    failures = []
    for item in canvas.find_all():
        if canvas.type(item) != "text" or not canvas.itemcget(item, "text").strip():
            continue
        text, ground = hex_colour(canvas, canvas.itemcget(item, "fill")), backdrop(canvas, item)
        least = LARGE if large(canvas, item) else TEXT
        if (ratio := contrast(text, ground)) < least:
            failures.append(f"{canvas.itemcget(item, 'text')[:30]!r} {text} on {ground}: {ratio:.2f}")
    return failures


@pytest.mark.gui
@pytest.mark.parametrize("theme_id", list(THEMES))
def test_every_colour_the_applied_theme_draws_text_with_meets_wcag_aa(window, theme_id):
    """Read back from the real window: widget styles, the log's text, and the table and hand as drawn."""
    from roundhouse.frontends.tk.dialogs import TextPanel

    app = window
    app.set_session(late_round(app.registry, 4, 40))
    assert app.apply_theme(theme_id, save=False)
    pump(app.root, lambda: False, 0.3)
    root = app.root
    failures = []
    for name, state in WIDGETS:
        text, ground = widget_colours(root, name, state)
        if (ratio := contrast(text, ground)) < TEXT:
            failures.append(f"{name} [{state or 'normal'}]: {text} on {ground}: {ratio:.2f}")
    log = TextPanel(root, "log", lambda: None)
    pump(root)
    ground = hex_colour(root, log.text.cget("background"))
    for tag, text in (("", log.text.cget("foreground")), ("private", log.text.tag_cget("private", "foreground"))):
        if (ratio := contrast(hex_colour(root, text), ground)) < TEXT:
            failures.append(f"log text {tag or 'plain'}: {text} on {ground}: {ratio:.2f}")
    assert log.text.tag_cget("private", "foreground") == palette.current().private_text
    log.close()
    app.refresh()
    pump(root)
    assert app.table.find_withtag("label") and app.hand.find_withtag("hand"), "a table and a hand are drawn"
    failures += canvas_failures(app.table) + canvas_failures(app.hand)
    assert failures == []


@pytest.mark.gui
def test_the_status_line_stands_out_from_the_detail_under_it(window):
    """ "Your turn" is bold and larger than the line under it, in every theme."""
    app = window
    for theme_id in THEMES:
        assert app.apply_theme(theme_id, save=False)
        pump(app.root)
        status = tkfont.Font(font=app.status.cget("font"))
        detail = tkfont.Font(font=app.detail.cget("font") or ttk.Style(app.root).lookup("TLabel", "font"))
        assert status.actual("weight") == "bold" and detail.actual("weight") == "normal", theme_id
        assert status.metrics("linespace") > detail.metrics("linespace"), theme_id


@pytest.mark.gui
def test_an_open_log_takes_the_new_themes_colour_for_private_lines(window):
    from roundhouse.frontends.tk.dialogs import TextPanel

    log = TextPanel(window.root, "log", lambda: None)
    for theme_id in ("dark", "high_contrast", "felt"):
        assert window.apply_theme(theme_id, save=False)
        pump(window.root, lambda: False, 0.1)
        assert log.text.tag_cget("private", "foreground") == THEMES[theme_id].palette.private_text
    log.close()
