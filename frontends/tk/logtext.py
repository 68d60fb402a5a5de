"""Words for events: one line of the log (DX.11) as one seat may see it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.actions import LineId
from core.i18n import Catalog


def event_text(
    catalog: Catalog, line: dict, names: Sequence[str], variant: str = "", labels: Mapping[LineId, str] | None = None
) -> str:
    """One log line for an event as one seat sees it (``Event.visible_to``), in words.

    ``variant`` picks the variant's word for a player's line ("train", "branch");
    ``labels`` are the game's own names of lines by id (``GameWords.labels``).
    Only an int line is a seat's.
    """
    kind = line.get("type", "?")

    def who(key: str = "seat") -> str:
        seat = line.get(key)
        return names[int(seat) - 1] if isinstance(seat, int) and 0 < seat <= len(names) else str(seat)

    def where() -> str:
        target = line.get("line")
        if labels and target in labels:
            return labels[target]
        if isinstance(target, int):
            owned = f"tk.line.owned.{variant}"
            return catalog.t(owned if catalog.has(owned) else "tk.line.owned", name=names[int(target) - 1])
        key = f"tk.line.{target}"
        return catalog.t(key) if catalog.has(key) else str(target)

    def per_seat(values: dict) -> str:
        return ", ".join(f"{names[int(s) - 1]} {v}" for s, v in sorted(values.items(), key=lambda kv: int(kv[0])))

    values = {k: v for k, v in line.items() if k != "type"}
    if kind == "deal":
        return catalog.t(
            "tk.log.deal",
            round=line.get("round"),
            counts=per_seat(line.get("hand_counts", {})),
            stock=line.get("stock_count", 0),
            hand=" ".join(line.get("hand", [])) or "-",
        )
    if kind == "draw":
        key = "tk.log.draw_seen" if "tile" in line else "tk.log.draw"
        key += "_search" if line.get("why") == "search" else ""
        return catalog.t(key, name=who(), tile=line.get("tile"))
    if kind == "play":
        return catalog.t("tk.log.play", name=who(), tile=line.get("tile"), line=where())
    if kind in ("engine", "open", "pass", "end_first_turn", "restart"):
        return catalog.t(f"tk.log.{kind}", name=who(), tile=line.get("tile"), round=line.get("round"))
    if kind == "round_end":
        return catalog.t(
            "tk.log.round_end",
            round=line.get("round"),
            reason=line.get("reason"),
            points=per_seat(line.get("points", {})),
            totals=per_seat(line.get("totals", {})),
        )
    if kind == "match_end":
        winners = ", ".join(names[int(w) - 1] for w in line.get("winners", []))
        return catalog.t("tk.log.match_end", names=winners, totals=per_seat(line.get("totals", {})))
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in values.items())
