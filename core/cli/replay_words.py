"""A replay's words: each record line as a sentence, the table as text or JSON, in the reader's language.

Every string comes from the UI catalog (``replay_*`` keys); every value
from the record goes through :func:`~roundhouse.core.cli.replay_table.shown`,
and a sentence or a row longer than
:data:`~roundhouse.core.cli.replay_table.LINE_CHARS` is cut.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import islice
from typing import Any

from roundhouse.core.cli.replay_layout import GameLines
from roundhouse.core.cli.replay_table import LINE_CHARS, Table, shown
from roundhouse.core.text.i18n import Catalog, ui_catalog

MAX_VALUES = 20
"""The most values of an event of an unknown type that its sentence names."""

_SIMPLE = {
    "engine": "replay_event_engine",
    "open": "replay_event_open",
    "end_first_turn": "replay_event_end_first_turn",
    "pass": "replay_event_pass",
    "restart": "replay_event_restart",
}
"""Events told by one sentence of their seat, tile and round."""


ROUND_ENDS = {"out": "replay_event_round_end_out", "blocked": "replay_event_round_end_blocked"}
ROUND_ENDS["target"] = "replay_event_round_end_target"
"""How a round ended, by the record's reason; a game's own reason is told in its words (``round_end.<reason>``)."""


class Words:
    """The words of one match's frames: its seats' names, a catalog, and the game's own words (``game``)."""

    def __init__(self, names: Mapping[int, str], catalog: Catalog, game: GameLines | None = None) -> None:
        self.names = names
        self.catalog = catalog
        self.game = game or GameLines()

    def player(self, seat: Any) -> str:
        """A seat's name, or "seat N" for a seat without one."""
        name = self.names.get(seat) if type(seat) is int else None
        return name or self.catalog.t("replay_seat", seat=shown(seat))

    def line_label(self, line: Any, seat: Any = None) -> str:
        """A line of play in words: only a number is a seat's line; a text id is that line's own name."""
        if line == "mexican":
            return self.catalog.t("replay_line_mexican")
        if type(line) is int:
            if line == seat:
                return self.catalog.t("replay_line_own")
            return self.catalog.t("replay_line_owned", owner=self.player(line))
        if line in self.game.labels:
            return self.game.labels[line]
        return self.catalog.t("replay_line_named", line=shown(line))

    def line_heading(self, line: Any) -> str:
        """A line as the table names it: its label, and the line it hangs from when it has one."""
        parent = self.game.parents.get(line)
        if parent is None:
            return self.line_label(line)
        return self.catalog.t("replay_line_from", line=self.line_label(line), parent=self.line_label(parent))

    def by_seat(self, values: Mapping[Any, Any]) -> str:
        """``"Ana 12, Bo 0"`` in seat order."""
        ordered = sorted(values.items(), key=lambda item: int(item[0]))
        return ", ".join(f"{self.player(int(seat))} {shown(value)}" for seat, value in ordered)

    def describe(self, line: Mapping[str, Any]) -> str:
        """One (shape-checked) record line as a sentence, safe to show and of bounded length."""
        return shown(self._sentence(line), LINE_CHARS)

    def _sentence(self, line: Mapping[str, Any]) -> str:
        t, kind = self.catalog.t, line["type"]
        who = self.player(line.get("seat"))
        if kind in _SIMPLE:
            return t(_SIMPLE[kind], player=who, tile=line.get("tile"), round=line.get("round"))
        if kind == "match":
            seats = ", ".join(
                f"{s['seat']} {shown(s.get('name', ''))} ({shown(s.get('player', ''))})" for s in line["seats"]
            )
            return t("replay_event_match", variant=shown(line["variant"]), players=line["players"],
                     seed=line["seed"], seats=seats)  # fmt: skip
        if kind == "deal":
            each = " / ".join(str(n) for n in sorted({len(h) for h in line["hands"].values()}))
            return t("replay_event_deal", round=line["round"], each=each, stock=len(line["stock"]))
        if kind == "redeal":
            reason = shown(line["reason"]) if "reason" in line else t("replay_no_reason")
            return t("replay_event_redeal", round=line["round"], reason=reason)
        if kind == "draw":
            key = "replay_event_draw_search" if line.get("why") == "search" else "replay_event_draw"
            return t(key, player=who, tile=line["tile"])
        if kind == "play":
            where = self.line_label(line["line"], line.get("seat"))
            return t("replay_event_play", player=who, tile=line["tile"], line=where, end=line["end"])
        if kind == "score":
            why = self.game.phrase(line.get("reason"), line.get("values")) or shown(line.get("reason"))
            total = shown(line.get("total", "?"))
            return t("replay_event_score", player=who, points=shown(line.get("points")), why=why, total=total)
        if kind == "round_end":
            points, totals = self.by_seat(line["points"]), self.by_seat(line["totals"])
            if line["reason"] in ROUND_ENDS:
                return t(ROUND_ENDS[line["reason"]], round=line["round"], points=points, totals=totals)
            why = self.game.phrase(f"round_end.{line['reason']}", {}) or shown(line["reason"])
            return t("replay_event_round_end_other", round=line["round"], why=why, points=points, totals=totals)
        if kind == "match_end":
            winners = ", ".join(self.player(seat) for seat in line["winners"])
            return t("replay_event_match_end", winners=winners, totals=self.by_seat(line["totals"]))
        values = islice(((k, v) for k, v in line.items() if k != "type"), MAX_VALUES)
        return t("replay_event_other", kind=shown(kind), values=", ".join(f"{shown(k)} {shown(v)}" for k, v in values))

    def line_order(self, table: Table) -> list[Any]:
        """The table's lines, each line that hangs from another right after the line it hangs from."""
        order = table.line_order()
        children: dict[Any, list[Any]] = {}
        for key in order:
            parent = self.game.parents.get(key)
            children.setdefault(parent if parent in table.lines else None, []).append(key)
        shown_order: list[Any] = []

        def visit(key: Any) -> None:
            if key not in shown_order:
                shown_order.append(key)
                for child in children.get(key, ()):
                    visit(child)

        for key in [*children.get(None, ()), *order]:  # every line, even one caught in a loop of parents
            visit(key)
        return shown_order

    def render(self, table: Table) -> str:
        """The table as indented rows of text; empty before the first deal."""
        if not table.round:
            return ""
        t = self.catalog.t
        rows = [t("replay_table_head", round=table.round, stock=table.stock, centre=table.centre or "-")]
        for key in self.line_order(table):
            tiles = " ".join(table.lines[key])
            rows.append(t("replay_table_line", line=self.line_heading(key), tiles=tiles, end=table.ends[key]))
        for seat in sorted(table.hands):
            tiles = " ".join(table.hands[seat]) or t("replay_table_empty")
            rows.append(t("replay_table_hand", player=self.player(seat), count=len(table.hands[seat]), tiles=tiles))
        if table.totals:
            rows.append(t("replay_table_totals", totals=self.by_seat(table.totals)))
        return "\n".join("  " + shown(row, LINE_CHARS) for row in rows)

    def table_json(self, table: Table) -> dict[str, Any]:
        """The table as plain JSON values (the shape ``replay --json`` documents)."""
        return {
            "round": table.round,
            "stock": table.stock,
            "centre": table.centre,
            "lines": [
                {
                    "line": key if type(key) is int else shown(key),
                    "label": self.line_label(key),
                    "parent": self.game.parents.get(key),
                    "tiles": list(table.lines[key]),
                    "end": table.ends[key],
                }
                for key in self.line_order(table)
            ],  # fmt: skip
            "hands": {str(seat): list(tiles) for seat, tiles in sorted(table.hands.items())},
            "totals": {str(seat): total for seat, total in sorted(table.totals.items())},
        }


def describe(line: Mapping[str, Any], names: Mapping[int, str], catalog: Catalog | None = None) -> str:
    """One record line as a sentence in ``catalog``'s language (English by default)."""
    return Words(names, catalog or ui_catalog("en")).describe(line)
