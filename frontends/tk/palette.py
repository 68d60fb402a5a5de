"""The table's colours in one place: the board reads the active palette at every draw.

A theme switches the canvas colours with :func:`use` followed by the
window's ``refresh()`` (the canvases take their backgrounds from it too);
the default is the green felt table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def _default_pips() -> tuple[tuple[int, str], ...]:
    return (
        (1, "#1f5fbf"),
        (2, "#2e8b57"),
        (3, "#c0392b"),
        (4, "#6b3fa0"),
        (5, "#1a1a1a"),
        (6, "#b86b00"),
        (7, "#b5179e"),
        (8, "#00838f"),
        (9, "#5d4037"),
        (10, "#283593"),
        (11, "#558b2f"),
        (12, "#ad1457"),
    )


@dataclass(frozen=True)
class Palette:
    """Every colour the table, the hand and the tiles use (``#rrggbb``)."""

    felt: str = "#24613a"
    row: str = "#1f5a34"
    row_turn: str = "#2a6e44"
    row_text: str = "#fbf9f2"
    muted_text: str = "#dcebe0"
    face: str = "#fbf8ef"
    face_dim: str = "#d3cebf"
    edge: str = "#2b2b2b"
    back: str = "#7a2e2e"
    back_inset: str = "#b35a4f"
    lit: str = "#ffd54a"
    focus: str = "#3fa9f5"
    last: str = "#8fd3ff"
    owed: str = "#ff8a3d"
    marker: str = "#e8463c"
    hand_bg: str = "#3b2a1e"
    private_text: str = "#1f5fbf"
    """Lines of the log only the viewer may read, on the log's background (the widget theme's, not ``felt``)."""
    pips: tuple[tuple[int, str], ...] = field(default_factory=_default_pips)
    """Pip colour by value; values without one are drawn in ``edge``."""

    def pip(self, value: int) -> str:
        """The colour of ``value``'s pips."""
        return dict(self.pips).get(value, self.edge)


DEFAULT = Palette()
_active: list[Palette] = [DEFAULT]
_followers: list[Callable[[Palette], None]] = []


def current() -> Palette:
    """The palette the board draws with."""
    return _active[0]


def use(palette: Palette) -> None:
    """Draw with ``palette`` from the next redraw on, and hand it to every follower."""
    _active[0] = palette
    for follower in list(_followers):
        follower(palette)


def follow(follower: Callable[[Palette], None]) -> Callable[[], None]:
    """Call ``follower`` with every palette :func:`use` makes current (widgets drawn once, such as the log);
    the function returned stops it."""
    _followers.append(follower)
    return lambda: _followers.remove(follower) if follower in _followers else None
