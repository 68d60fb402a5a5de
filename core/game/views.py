"""What one seat may know: the security boundary of DX.4.

A :class:`PlayerView` is an immutable snapshot built by a variant for one
seat. Bots, hints and front ends receive only views, never the match state.
It holds the seat's own hand, the public layout, every hand's size, the
stock's size, the scores and the public history of the current round:
never another hand, the stock's contents or order, or set-aside tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from roundhouse.core.game.actions import LineId
from roundhouse.core.game.events import Event
from roundhouse.core.game.tiles import Tile

EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class LineView:
    """One line of play as everyone sees it.

    ``owner`` is the seat that owns the line (``None`` for a public line
    such as the Mexican train). ``available`` is the variant's public "others
    may play here" flag: a marker on a Mexican Train train, an open branch in
    Double-Nine Branch. ``open_rank`` is the place in the opening order of
    open branches (1 = opened earliest), or ``None``.

    Branching layouts (all optional, so flat games need none of them):
    ``parent`` is the id of the line this one hangs off (``None``: it starts
    at the centre) and ``anchor`` the tile of the parent it grows from, so
    its first tile matches ``anchor``; ``closed`` marks a line that takes no
    more tiles (front ends draw no open end on it). ``label`` is a key of
    the game's own text catalog (the ``text`` mapping of its rule texts,
    :func:`roundhouse.core.text.i18n.game_text`) naming the line, filled with
    ``label_values``; without it front ends name the line from ``owner``
    and ``id``.
    """

    id: LineId
    owner: int | None
    tiles: tuple[Tile, ...]
    end: int
    available: bool
    open_rank: int | None = None
    parent: LineId | None = None
    anchor: Tile | None = None
    closed: bool = False
    label: str | None = None
    label_values: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True, slots=True)
class OwedDouble:
    """An uncovered double that must be covered, oldest first (MT.12)."""

    tile: Tile
    line: LineId


@dataclass(frozen=True, slots=True)
class Obligation:
    """A public duty of the position other than covering one double, in the game's own words.

    ``text`` is a key of the game's text catalog (:func:`roundhouse.core.text.i18n.game_text`)
    filled with ``values`` ("The centre double still needs {count} tiles");
    ``places`` are the ids of the lines where a tile satisfies it. Front
    ends show the sentence and may highlight the places.
    """

    text: str
    places: tuple[LineId, ...]
    values: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A sentence in the game's own words: a key of its text catalog filled with ``values``.

    ``text`` is a key of the game's catalog (:func:`roundhouse.core.text.i18n.game_text`),
    for example ``"goal.target"`` with ``{"target": 61}`` for "first to 61
    points", or ``"count.ends"`` with ``{"count": 15}`` for "Open ends: 15".
    """

    text: str
    values: Mapping[str, Any] = field(default_factory=lambda: EMPTY)


@dataclass(frozen=True, slots=True)
class Spinner:
    """A tile of the layout played on all four sides: the centre of a cross.

    ``tile`` is the spinner (a double) and ``arms`` the ids of the lines
    growing out of it, at most four, in the order right, left, up, down
    (the first two run along the line of play). Each arm's ``tiles`` are
    listed outwards from the spinner, so its first tile matches the
    spinner. Front ends draw the spinner crosswise with its arms around it;
    an arm not yet in the view is simply not drawn.
    """

    tile: Tile
    arms: tuple[LineId, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """An immutable snapshot of what ``seat`` may know (DX.4).

    ``seat`` is ``None`` for an onlooker's view (no hand). ``to_move`` is
    the seat whose decision is pending (``None`` once the match is over).
    ``phase`` names the variant's current step (for example ``"engine"``,
    ``"first_turn"``, ``"normal"``, ``"open"``, ``"match_over"``).
    ``history`` is the public history of the current round: each event in
    its public form (:meth:`roundhouse.core.game.events.Event.public`).
    ``extra`` carries variant-specific public facts. ``previous_round`` is
    the onlooker's view of the finished round's final layout (for an
    end-of-round screen), ``None`` in round 1. ``obligations`` are the
    position's general duties (:class:`Obligation`), beyond ``owed``.

    Scoring games (all optional): ``goal`` says in the game's words what
    wins the match ("first to 61 points"); without it front ends say
    "N rounds" from ``rounds``. ``count`` is a running count the game
    publishes, shown beside the layout ("Open ends: 15"). ``spinner`` marks
    the centre tile as a spinner with up to four arms (:class:`Spinner`).
    """

    variant: str
    seat: int | None
    players: int
    names: tuple[str, ...]
    round: int
    rounds: int | None
    phase: str
    to_move: int | None
    hand: tuple[Tile, ...]
    hand_counts: Mapping[int, int]
    stock_count: int
    centre: Tile | None
    lines: tuple[LineView, ...]
    owed: tuple[OwedDouble, ...]
    totals: Mapping[int, int]
    history: tuple[Event, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    previous_round: PlayerView | None = None
    obligations: tuple[Obligation, ...] = ()
    goal: Phrase | None = None
    count: Phrase | None = None
    spinner: Spinner | None = None

    def __deepcopy__(self, memo: dict) -> PlayerView:
        return self  # immutable all the way down

    def line(self, line_id: LineId) -> LineView:
        """The line with id ``line_id``; KeyError when there is none."""
        for line in self.lines:
            if line.id == line_id:
                return line
        raise KeyError(line_id)

    def name(self, seat: int) -> str:
        """The display name of ``seat``."""
        return self.names[seat - 1]


class DeferredView(PlayerView):
    """A :class:`PlayerView` filled in on first read, by calling ``build()``.

    The session hands one to a bot: a bot that never reads its view costs
    nothing to build. It compares, hashes and prints like the view that
    ``build()`` returns; :meth:`settle` fills it in at once (the session
    does so when a bot keeps the view beyond its decision, before the
    position changes).
    """

    __slots__ = ("_build",)

    @classmethod
    def of(cls, build: Callable[[], PlayerView]) -> DeferredView:
        """A view that ``build()`` fills in when first read."""
        view = cls.__new__(cls)
        object.__setattr__(view, "_build", build)
        return view

    def settle(self) -> None:
        """Fill in every field now (nothing to do when already filled in)."""
        try:
            build = object.__getattribute__(self, "_build")
        except AttributeError:  # made by the PlayerView constructor: complete already
            return
        if build is None:
            return
        full = build()  # raising leaves the view unfilled: a later read raises again
        object.__setattr__(self, "_build", None)
        for name in _FIELDS:
            object.__setattr__(self, name, getattr(full, name))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    __hash__ = PlayerView.__hash__

    def __getattr__(self, name: str) -> Any:
        # Python calls this only for a field not filled in yet, or an unknown name.
        if name not in _FIELD_SET:
            raise AttributeError(name)
        self.settle()
        return object.__getattribute__(self, name)


_FIELDS = tuple(f.name for f in fields(PlayerView))
_FIELD_SET = frozenset(_FIELDS)
