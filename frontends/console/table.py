"""The table as lines of text: layout, counts, own hand, moves, reveals, scores.

Everything is drawn from a :class:`PlayerView`, the legal actions and
public event lines; nothing else about the match is looked at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import Action, OpenDouble, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, PlayerView
from roundhouse.frontends.common.game_words import display_order
from roundhouse.frontends.console.describe import describe_action, line_name, variant_text
from roundhouse.frontends.console.scoring import count_row, goal_title, round_so_far, spinner_row
from roundhouse.frontends.console.terminal import Terminal
from roundhouse.frontends.console.wrap import MIN_WIDTH, shorten

SCORE_NAME_ROOM = 16
"""The widest a player's name is in the scores table laid out a row per player."""


def tiles_text(term: Terminal, tiles: Sequence[Any]) -> str:
    """Tiles separated by blanks, or a word for none."""
    return " ".join(str(t) for t in tiles) if tiles else term.t("console.no_tiles")


def _line_state(term: Terminal, view: PlayerView, line: LineView) -> str | None:
    if line.owner is None:
        return None
    if line.available and line.open_rank is not None:
        return term.t("console.line_open_rank", rank=line.open_rank)
    if line.available:
        return variant_text(term, "console.line_available", view.variant)
    return variant_text(term, "console.line_unavailable", view.variant)


def oriented(tiles: Sequence[Tile], end: int) -> list[str]:
    """A line's tiles as laid, each turned so touching values meet ("12-5 5-0" ending in ``end``)."""
    out: list[str] = []
    value = end
    for tile in reversed(tiles):
        if not tile.has(value):
            return [str(t) for t in tiles]
        first = tile.other(value)
        out.append(f"{first}-{value}")
        value = first
    return out[::-1]


def line_row(term: Terminal, view: PlayerView, line: LineView, added: Tile | None = None) -> str:
    """One line of play: its name, tiles, end (or "closed") and state; ``added`` is shown highlighted."""
    tiles = oriented(line.tiles, line.end)
    end = line.end
    if added is not None:
        end = added.other(line.end)
        tiles.append(f"[{line.end}-{end}]")
    if line.closed and added is None:
        return term.t(
            "console.line_row_closed",
            line=line_name(term, view.variant, view.names, line.id),
            tiles=" ".join(tiles) if tiles else term.t("console.no_tiles"),
        )
    text = term.t(
        "console.line_row",
        line=line_name(term, view.variant, view.names, line.id),
        tiles=" ".join(tiles) if tiles else term.t("console.no_tiles"),
        end=end,
    )
    state = _line_state(term, view, line)
    return f"{text} ({state})" if state else text


def _centre(term: Terminal, view: PlayerView, placed: Tile | None = None) -> str:
    if placed is not None:
        return variant_text(term, "console.centre", view.variant, tile=f"[{placed}]")
    if view.centre is None:
        return term.t("console.centre_empty")
    return variant_text(term, "console.centre", view.variant, tile=view.centre)


def preview_rows(term: Terminal, view: PlayerView, action: Action) -> list[str]:
    """Where a tile-placing ``action`` would go, with the tile highlighted; nothing for other actions."""
    if isinstance(action, (PlaceEngine, OpenDouble)):
        return [_centre(term, view, action.tile)]
    if isinstance(action, Play):
        return ["  " + line_row(term, view, line, action.tile) for line in view.lines if line.id == action.line]
    return []


def round_title(term: Terminal, view: PlayerView) -> str:
    """ "Round 3 of 13" (or without a total for open-ended matches, or with the game's goal)."""
    goal = goal_title(term, view)
    if goal is not None:
        return goal
    if view.rounds:
        return term.t("console.round_of", round=view.round, rounds=view.rounds)
    return term.t("console.round", round=view.round)


def table_lines(term: Terminal, view: PlayerView) -> list[str]:
    """The public table as ``view``'s seat sees it."""
    out = [f"== {round_title(term, view)} ==", spinner_row(term, view) or _centre(term, view)]
    out.extend("  " * (depth + 1) + line_row(term, view, line) for line, depth in display_order(view.lines))
    out.extend(row for row in [count_row(term, view)] if row is not None)
    out.extend(term.t("console.obligation", text=term.game_words.obligation(o)) for o in view.obligations)
    if view.owed:
        owed = ", ".join(
            term.t("console.owed_item", tile=o.tile, line=line_name(term, view.variant, view.names, o.line))
            for o in view.owed
        )
        out.append(term.t("console.owed", doubles=owed))
    counts = ", ".join(
        term.t("console.name_count", player=view.name(s), count=c) for s, c in sorted(view.hand_counts.items())
    )
    out.append(term.t("console.hand_counts", counts=counts))
    out.append(variant_text(term, "console.stock_count", view.variant, count=view.stock_count))
    out.append(term.t("console.totals", totals=totals_text(term, view.names, view.totals)))
    return out


def totals_text(term: Terminal, names: Sequence[str], totals: Mapping[Any, int]) -> str:
    """ "Ana 12, Bo 30" from a totals mapping keyed by seat (int or str)."""
    return ", ".join(
        term.t("console.name_points", player=names[int(s) - 1], points=p)
        for s, p in sorted(totals.items(), key=lambda item: int(item[0]))
    )


def hand_line(term: Terminal, view: PlayerView) -> str:
    """The viewing seat's own hand, sorted."""
    return term.t("console.your_hand", player=view.name(view.seat), tiles=tiles_text(term, sorted(view.hand)))


def moves_lines(term: Terminal, view: PlayerView, legal: Sequence[Action]) -> list[str]:
    """The numbered legal moves with their typed form."""
    out = [term.t("console.moves_title")]
    for number, action in enumerate(legal, 1):
        text = describe_action(term, view.variant, view.names, action)
        out.append(term.t("console.move_item", number=number, move=text, command=str(action)))
    return out


def reveal_lines(term: Terminal, names: Sequence[str], event: Mapping[str, Any]) -> list[str]:
    """End of a round (DX.3): every hand face up, the round's points and the totals."""
    out = [term.t("console.reveal_title", round=event["round"])]
    for seat, hand in sorted(event["hands"].items(), key=lambda item: int(item[0])):
        points = event["points"].get(seat, event["points"].get(str(seat), 0))
        out.append(
            "  "
            + term.t("console.reveal_hand", player=names[int(seat) - 1], tiles=tiles_text(term, hand), points=points)
        )
    out.append(term.t("console.totals", totals=totals_text(term, names, event["totals"])))
    return out


def scores_lines(
    term: Terminal,
    names: Sequence[str],
    round_ends: Sequence[Mapping[str, Any]],
    totals: Mapping,
    round_number: int = 0,
) -> list[str]:
    """A table of each finished round's points, the points won so far in round ``round_number``, then the totals:
    a column per player, or, when that is wider than the terminal, a row per player (its name cut with "…" and
    the oldest rounds left out if need be)."""
    rounds = [(str(event["round"]), event["points"]) for event in round_ends]
    so_far = round_so_far(term, len(names), round_number, round_ends, totals)
    if so_far is not None:
        rounds.append((so_far[0], {seat: points for seat, points in enumerate(so_far[1], 1)}))
    rounds.append((term.t("console.scores_total"), totals))
    cells = [[str(_points(points, seat)) for seat in range(1, len(names) + 1)] for _, points in rounds]
    width = max(8, *(len(n) for n in names)) + 2
    wide = [term.t("console.scores_round").ljust(8) + "".join(n.rjust(width) for n in names)]
    for (label, _), row in zip(rounds, cells, strict=True):
        wide.append(label.ljust(8) + "".join(cell.rjust(width) for cell in row))
    room = term.width
    if room is None or max(len(row) for row in wide) <= room:
        return [term.t("console.scores_title"), *wide]
    return [term.t("console.scores_title"), *_scores_by_player(term, names, rounds, cells, max(room, MIN_WIDTH))]


def _points(points: Mapping[Any, int], seat: int) -> int:
    return points.get(str(seat), points.get(seat, 0))


def _scores_by_player(
    term: Terminal, names: Sequence[str], rounds: list[tuple[str, Any]], cells: list[list[str]], room: int
) -> list[str]:
    """The scores with a row per player and a column per round (the latest that fit), the total last."""
    sizes = [max(len(label), *(len(cell) for cell in row)) + 1 for (label, _), row in zip(rounds, cells, strict=True)]
    corner = term.t("console.scores_round")
    name_room = min(max(len(corner), *(len(n) for n in names)), SCORE_NAME_ROOM)
    kept = len(rounds) - 1
    while kept > 0 and name_room + sum(sizes[-kept - 1 :]) > room:
        kept -= 1
    columns = list(range(len(rounds) - 1 - kept, len(rounds)))
    name_room = max(min(name_room, room - sum(sizes[i] for i in columns)), 4)
    out = [shorten(corner, name_room).ljust(name_room) + "".join(rounds[i][0].rjust(sizes[i]) for i in columns)]
    for seat, name in enumerate(names):
        out.append(shorten(name, name_room).ljust(name_room) + "".join(cells[i][seat].rjust(sizes[i]) for i in columns))
    return out
