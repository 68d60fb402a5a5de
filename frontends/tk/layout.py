"""Where the table's rows and the hand's tiles go: arithmetic only, no drawing.

The table is a pinned header (centre, boneyard, feed) above one row per
line. Tiles take the largest size at which every row fits the visible
height, never below :data:`MIN_SIDE` (pips stay clearly visible); a long
train wraps onto further sub-rows, and a crowded table lays its rows in two
columns when that gives bigger tiles. Past the minimum the rows scroll.

Branching games (``LineModel.depth`` > 0, the toes of a chicken foot) get
bands: the sub-lines of one line share a band, side by side, indented
under their parent's band (and kept in its column), or in a narrow column
each take a band with their own sub-lines under it, as a tree; an elbow
joins each band to the row it hangs off. A closed line ends in a bar
instead of an open end. Flat games have one line per band.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from roundhouse.core.game.actions import LineId
from roundhouse.frontends.tk.board_model import LineModel, PlacedTile
from roundhouse.frontends.tk.density import px

MIN_SIDE = 20
"""The readable minimum: a table tile is never smaller than 2*MIN_SIDE x MIN_SIDE pixels."""
MAX_SIDE = 46
"""The largest table tile on an ordinary screen; a taller view allows up to 1/28 of its height."""
TEXT_MAX_SIDE = 60
"""Never larger than this (at the text's scale): a tile stays in proportion to the text beside it."""
COMFORT_SIDE = 28
"""One column is kept while it allows tiles at least this large."""
MIN_COLUMN_WIDTH = 440
TWO_COLUMNS_FROM = 7
"""Rows are laid in two columns only on a table with at least this many lines."""
TILE_GAP = 3
ROW_GAP = 6
ROW_PAD = 3
LABEL_HEIGHT = 50
"""A row is at least this tall: the line's name, the owner's counts."""

LabelHeight = Callable[[LineModel, float], float]
"""How tall a row's name and counts are, wrapped within a label this many pixels wide (the drawing side measures)."""


def fixed_label(line: LineModel, width: float) -> float:
    """The label height when nothing is measured: :data:`LABEL_HEIGHT`."""
    return LABEL_HEIGHT


BADGE_ROOM = 90
"""Room after a line's open end for its marker or open-order badge."""
CLOSED_END_ROOM = 70
"""Room a closed line's end (its bar and word) takes after the last tile."""
BRANCH_INDENT = 28
"""Pixels a band of sub-lines is shifted right per level of depth."""
SEGMENT_GAP = 6
"""Pixels between sub-lines sharing a band."""
SHARED_MIN_WIDTH = 300
"""Sub-lines share a band only when each gets this many pixels; otherwise each has a band, its sub-lines under it."""
ELBOW_DROP = 14
"""Pixels below a sub-line's top where the elbow from its parent meets it (level with its name)."""
LABEL_MIN, SHARED_LABEL_MIN, LABEL_MAX = 130.0, 96.0, 190.0
TAG_HEIGHT = 15
"""Room under a line's latest tile for the name tag of who laid it."""

HAND_MIN_SIDE, HAND_MAX_SIDE = 24, 60
HAND_COMFORT_SIDE = 34
"""The hand wraps onto another row rather than shrink its tiles below this side."""
HAND_MAX_ROWS = 3
HAND_SHARE = 0.45
"""The hand never takes more than this share of the height it shares with the table."""
HAND_TITLE = 30
HAND_LIFT = 8
"""A selected hand tile rises by this many pixels."""
HAND_GAP = 8


@dataclass(frozen=True)
class RowPlan:
    """One line's row: its box, where each tile goes and where its open end is."""

    line: LineModel
    x: float
    y: float
    width: float
    height: float
    label_width: float
    tiles: tuple[tuple[float, float, PlacedTile], ...]
    """``(x, y, tile)``: the top-left of each tile's row band (tiles are centred in it)."""
    slot: tuple[float, float]
    """Where the open end goes (a closed line's bar)."""
    joint: tuple[float, ...] | None = None
    """The elbow into a sub-line's band as flat polyline coordinates, from under its parent's row; else None."""


@dataclass(frozen=True)
class TablePlan:
    """A whole table layout: the tile size, the number of columns and every row."""

    side: int
    columns: int
    rows: tuple[RowPlan, ...]
    height: float
    """The canvas height all rows need (more than the visible height means scrolling)."""


Band = tuple[LineModel, ...]
"""Lines drawn side by side in one band of the table: a root line alone, or the sub-lines of one line."""


def table_rows(lines: Sequence[LineModel]) -> list[Band]:
    """The table's bands, top to bottom, when room allows: each root line alone, then its sub-lines side by side.

    ``lines`` come in display order (every line after its parent, with its
    depth), as :meth:`roundhouse.frontends.tk.presenter.Presenter.build` gives them.
    """
    return [band for _parent, band in _bands(lines, math.inf)]


def _bands(lines: Sequence[LineModel], column_width: float) -> list[tuple[LineId | None, Band]]:
    """The bands in a column ``column_width`` wide, each with the id of the line it hangs off (None: a root line).

    Sub-lines share a band when each gets :data:`SHARED_MIN_WIDTH` pixels;
    otherwise each gets a band of its own, followed by its own sub-lines.
    """
    children: dict[LineId | None, list[LineModel]] = {}
    stack: list[LineModel] = []
    for line in lines:
        while stack and stack[-1].depth >= line.depth:
            stack.pop()
        parent = stack[-1].id if stack and line.depth > 0 else None
        children.setdefault(parent, []).append(line)
        stack.append(line)
    bands: list[tuple[LineId | None, Band]] = []

    def emit(parent: LineId | None, band: Band) -> None:
        bands.append((parent, band))
        for line in band:
            if children.get(line.id):
                grow(line.id, tuple(children[line.id]))

    def grow(parent: LineId, siblings: Band) -> None:
        if _segment_width(siblings, column_width) >= px(SHARED_MIN_WIDTH):
            emit(parent, siblings)
        else:
            for line in siblings:
                emit(parent, (line,))

    for root in children.get(None, ()):
        emit(None, (root,))
    return bands


def _segment_width(band: Band, column_width: float) -> float:
    """The width of each line of ``band`` side by side after its indent."""
    room = column_width - px(BRANCH_INDENT) * band[0].depth
    return (room - px(SEGMENT_GAP) * (len(band) - 1)) / len(band)


def label_width(column_width: float, shared: bool = False) -> float:
    """The room for a row's name and counts in a column (or a ``shared`` band's segment) ``column_width`` wide."""
    return max(px(SHARED_LABEL_MIN) if shared else px(LABEL_MIN), min(px(LABEL_MAX), column_width * 0.22))


def _end_room(line: LineModel, side: int) -> float:
    """Room after the last tile: the open end and its badge, or a closed line's bar."""
    if line.closed:
        return px(CLOSED_END_ROOM)
    return 2 * side + 8 + (px(BADGE_ROOM) if line.badge else 0)


def _flow(
    line: LineModel, width: float, side: int, label: float
) -> tuple[list[tuple[float, int, PlacedTile]], float, int]:
    """Tile x offsets and sub-rows within a row ``width`` wide after a ``label``; the end's x offset and sub-row."""
    x0 = label + 12
    right = width - 12
    positions: list[tuple[float, int, PlacedTile]] = []
    x, sub = x0, 0
    for placed in line.tiles:
        w = side if placed.tile.is_double else 2 * side
        if x + w > right - 2 * side - 8 and x > x0:
            x, sub = x0, sub + 1
        positions.append((x, sub, placed))
        x += w + px(TILE_GAP)
    if x + _end_room(line, side) > right and x > x0:
        x, sub = x0, sub + 1
    return positions, x, sub


def row_height(
    line: LineModel, column_width: float, side: int, shared: bool = False, label_height: LabelHeight = fixed_label
) -> float:
    """How tall ``line``'s row is at tile size ``side`` (``shared``: in a band with its siblings): tiles and label.

    A row with a previewed tile is as tall as it will be once that tile is
    laid, so confirming the preview leaves every tile where it was (DX.2).
    """
    line = as_laid(line)
    label = label_width(column_width, shared)
    _, _, sub = _flow(line, column_width, side, label)
    tiles = (sub + 1) * (2 * side + 6) + tag_room(line, side)
    return max(tiles + 2 * px(ROW_PAD), px(LABEL_HEIGHT), label_height(line, label))


def as_laid(line: LineModel) -> LineModel:
    """``line`` as it will be once its previewed tile (``ghost``) is laid, with that tile's name tag."""
    if line.ghost is None:
        return line
    return replace(line, tiles=(*line.tiles, line.ghost), ghost=None, latest_by=line.latest_by or "?")


def tile_bottom(placed: PlacedTile, side: int) -> int:
    """How far below its sub-row's top a laid tile ends (a double stands across, the others lie centred)."""
    return 2 * side if placed.tile.is_double else side // 2 + side


def tag_room(line: LineModel, side: int) -> int:
    """Pixels a row needs under its last sub-row so the latest tile's name tag sits clear under the tile."""
    if not line.latest_by or not line.tiles:
        return 0
    return max(0, tile_bottom(line.tiles[-1], side) + 1 + px(TAG_HEIGHT) - (2 * side + 6))


def _band_height(band: Band, column_width: float, side: int, label_height: LabelHeight) -> float:
    """How tall ``band`` is: the tallest of its lines."""
    shared = len(band) > 1
    return max(row_height(line, _segment_width(band, column_width), side, shared, label_height) for line in band)


def _split(bands: Sequence[Band], columns: int) -> list[range]:
    """Consecutive bands per column, cut before a root line so that both hold about as many bands.

    The cut depends on how many bands there are, not on how tall they are, so a row keeps its column
    as trains grow; sub-lines stay with their parent.
    """
    n = len(bands)
    if columns == 1 or n < 2:
        return [range(n)]
    cuts = [k for k in range(1, n) if bands[k][0].depth == 0]
    if not cuts:
        return [range(n)]
    cut = min(cuts, key=lambda k: (max(k, n - k), -k))
    return [range(cut), range(cut, n)]


def _column_width(width: float, columns: int) -> float:
    return (width - 12 - 6 * (columns - 1)) / columns


def _heights(bands: Sequence[Band], width: float, columns: int, side: int, label_height: LabelHeight) -> list[float]:
    cw = _column_width(width, columns)
    return [_band_height(band, cw, side, label_height) + px(ROW_GAP) for band in bands]


def _height(
    bands: Sequence[Band], width: float, top: float, columns: int, side: int, label_height: LabelHeight
) -> float:
    heights = _heights(bands, width, columns, side, label_height)
    return top + max(sum(heights[i] for i in group) for group in _split(bands, columns))


def max_side(height: float) -> int:
    """The largest tile side for a view ``height`` pixels tall (tiles keep growing on 4K screens)."""
    return min(px(TEXT_MAX_SIDE), max(px(MAX_SIDE), int(height // 28)))


def _largest_fitting(
    bands: Sequence[Band], width: float, height: float, top: float, columns: int, label_height: LabelHeight
) -> int | None:
    """The largest tile side at which every band fits ``height``, or None when even MIN_SIDE does not."""
    if _height(bands, width, top, columns, px(MIN_SIDE), label_height) > height:
        return None
    lo, hi = px(MIN_SIDE), max_side(height)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _height(bands, width, top, columns, mid, label_height) <= height:
            lo = mid
        else:
            hi = mid - 1
    return lo


def table_height(
    lines: Sequence[LineModel], width: float, top: float, side: int, label_height: LabelHeight = fixed_label
) -> float:
    """The height every row needs at tile size ``side`` in one column (two on a crowded table, when wide enough)."""
    if not lines:
        return top
    columns = 2 if len(lines) >= TWO_COLUMNS_FROM and _column_width(width, 2) >= px(MIN_COLUMN_WIDTH) else 1
    tree = _bands(lines, _column_width(width, columns))
    return _height([band for _parent, band in tree], width, top, columns, side, label_height)


def plan_table(
    lines: Sequence[LineModel], width: float, height: float, top: float, label_height: LabelHeight = fixed_label
) -> TablePlan:
    """Lay ``lines`` (in display order) out below a header ``top`` pixels tall in a ``width`` x ``height`` view.

    A row is as tall as its tiles and its label need (``label_height`` measures a label at a width).
    """
    if not lines:
        return TablePlan(max_side(height), 1, (), top)
    trees = {columns: _bands(lines, _column_width(width, columns)) for columns in (1, 2)}
    bands = {columns: [band for _parent, band in tree] for columns, tree in trees.items()}
    two_fit = len(bands[1]) >= TWO_COLUMNS_FROM and _column_width(width, 2) >= px(MIN_COLUMN_WIDTH)
    options = [1, 2] if two_fit else [1]
    fitting = {
        columns: _largest_fitting(bands[columns], width, height, top, columns, label_height) for columns in options
    }
    one, two = fitting.get(1), fitting.get(2)
    if one is not None and (one >= px(COMFORT_SIDE) or two is None or one >= two):
        side, columns = one, 1
    elif two is not None:
        side, columns = two, 2
    else:
        side = px(MIN_SIDE)
        columns = min(options, key=lambda c: _height(bands[c], width, top, c, px(MIN_SIDE), label_height))
    return _place(trees[columns], width, top, columns, side, label_height)


def _place(
    tree: Sequence[tuple[LineId | None, Band]],
    width: float,
    top: float,
    columns: int,
    side: int,
    label_height: LabelHeight,
) -> TablePlan:
    bands = [band for _parent, band in tree]
    cw = _column_width(width, columns)
    pitch = 2 * side + 6
    rows: dict[LineId, RowPlan] = {}
    bottom = top
    for index, group in enumerate(_split(bands, columns)):
        x = 6 + index * (cw + 6)
        y = top
        for parent, band in (tree[i] for i in group):
            height = _band_height(band, cw, side, label_height)
            shared = len(band) > 1
            w = _segment_width(band, cw)
            for number, line in enumerate(band):
                left = x + px(BRANCH_INDENT) * line.depth + number * (w + px(SEGMENT_GAP))
                label = label_width(w, shared)
                positions, slot_x, slot_sub = _flow(line, w, side, label)
                tiles = tuple((left + dx, y + px(ROW_PAD) + sub * pitch, placed) for dx, sub, placed in positions)
                slot = (left + slot_x, y + px(ROW_PAD) + slot_sub * pitch)
                joint = _joint(rows[parent], left, y) if parent is not None and number == 0 else None
                rows[line.id] = RowPlan(line, left, y, w, height, label, tiles, slot, joint)
            y += height + px(ROW_GAP)
        bottom = max(bottom, y)
    return TablePlan(side, columns, tuple(rows.values()), bottom)


def _joint(parent: RowPlan, left: float, top: float) -> tuple[float, ...]:
    """The elbow from under ``parent``'s row, along the gap below it, down the indent and across to ``left``."""
    jx, below = parent.x + px(BRANCH_INDENT) / 2, parent.y + parent.height
    elbow_x, gap, level = left - px(BRANCH_INDENT) / 2, below + px(ROW_GAP) / 2, top + px(ELBOW_DROP)
    return (jx, below - 4, jx, gap, elbow_x, gap, elbow_x, level, left - 1, level)


@dataclass(frozen=True)
class HandPlan:
    """The hand strip: tile size, tiles per row, rows, the strip's height and its spacing (at the text's scale)."""

    side: int
    per_row: int
    rows: int
    height: int
    gap: int = HAND_GAP
    """Pixels between tiles."""
    title: int = HAND_TITLE
    """Pixels above the tiles, for the hand's title."""
    lift: int = HAND_LIFT
    """Pixels a selected tile rises."""

    def origin(self, index: int) -> tuple[float, float]:
        """The top-left of the ``index``-th tile (before a selected tile's lift)."""
        row, col = divmod(index, self.per_row)
        return 12 + col * (self.side + self.gap), self.title + self.lift + row * self.row_pitch

    @property
    def row_pitch(self) -> int:
        """Pixels from one row of hand tiles to the next."""
        return 2 * self.side + self.lift + 10

    def index_at(self, x: float, y: float) -> int:
        """The hand position a tile dropped at (x, y) takes: the nearest gap between tiles."""
        row = max(0, min(self.rows - 1, int((y - self.title) // self.row_pitch)))
        col = max(0, min(self.per_row, round((x - 12) / (self.side + self.gap))))
        return row * self.per_row + col


def _hand_height(rows: int, side: int) -> int:
    return px(HAND_TITLE) + rows * (2 * side + px(HAND_LIFT) + 10) + 4


def plan_hand(
    count: int, width: float, window_height: float, room: float | None = None, limit: float | None = None
) -> HandPlan:
    """Hand tiles about 6% of the window's height, wrapping onto up to HAND_MAX_ROWS rows before they
    shrink below HAND_COMFORT_SIDE.

    ``room`` is the height the table leaves when its tiles have their full size: larger tiles fill
    it, in as few rows as give the largest tiles. ``limit`` is the most the table can spare at its
    smallest tiles: the hand shrinks to fit it when that keeps HAND_MIN_SIDE (the rows then need no
    scrolling); otherwise the table scrolls anyway and the hand keeps its size.
    """
    target = max(px(HAND_MIN_SIDE), min(px(HAND_MAX_SIDE), int(window_height * 0.06)))
    comfort = min(target, px(HAND_COMFORT_SIDE))
    inner = width - 24

    def fitting(rows: int) -> int:
        """The largest side at which ``count`` tiles fit ``rows`` rows across the strip."""
        return int(inner // max(1, -(-count // rows)) - px(HAND_GAP))

    def tall(height: float, rows: int) -> int:
        """The largest side at which ``rows`` rows fit ``height``."""
        return int(((height - px(HAND_TITLE) - 4) / rows - px(HAND_LIFT) - 10) // 2)

    rows = next((r for r in range(1, HAND_MAX_ROWS + 1) if fitting(r) >= comfort), HAND_MAX_ROWS)
    side = max(px(HAND_MIN_SIDE), min(target, fitting(rows)))
    if limit is not None and _hand_height(rows, side) > limit:
        shrunk, fewest = max((min(target, fitting(r), tall(limit, r)), -r) for r in range(1, HAND_MAX_ROWS + 1))
        if shrunk >= px(HAND_MIN_SIDE):
            side, rows = shrunk, -fewest
    if room is not None and count:
        for more in range(1, HAND_MAX_ROWS + 1):
            grown = min(px(HAND_MAX_SIDE), fitting(more), tall(room, more))
            if grown > side:
                rows, side = more, grown
    per_row = max(1, int(inner // (side + px(HAND_GAP))))
    rows = max(1, -(-count // per_row))
    return HandPlan(side, per_row, rows, _hand_height(rows, side), px(HAND_GAP), px(HAND_TITLE), px(HAND_LIFT))
