"""The window's logic without tkinter: a view plus legal actions become a drawing model.

:class:`Presenter` keeps the only interaction state the window has (the
selected hand tile and the keyboard's chosen target) and turns clicks into
actions. It reads nothing but a :class:`roundhouse.core.game.views.PlayerView`, the legal
actions and the pending preview, so it is tested without a display. The
model it builds is :mod:`roundhouse.frontends.tk.board_model`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from roundhouse.core.game.actions import PASS, Action, Draw, EndTurn, LineId, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import LineView, PlayerView
from roundhouse.core.text.i18n import Catalog
from roundhouse.frontends.common.action_words import action_phrase
from roundhouse.frontends.common.game_words import GameWords, display_order
from roundhouse.frontends.common.reasons import sentence_start
from roundhouse.frontends.tk import hand_order
from roundhouse.frontends.tk.board_model import (
    CENTRE,
    STOCK,
    BoardModel,
    HandTileModel,
    LineModel,
    PlacedTile,
    SeatModel,
    TargetKey,
    lay,
)
from roundhouse.frontends.tk.feed import feed_sentences
from roundhouse.frontends.tk.logtext import event_text
from roundhouse.frontends.tk.scoring import goal_heading, own_words, score_feed, with_count


def action_target(action: Action) -> TargetKey | None:
    """Where ``action`` lands: a line id, CENTRE, STOCK, or None (end turn, pass)."""
    if isinstance(action, Play):
        return action.line
    if isinstance(action, (PlaceEngine, OpenDouble)):
        return CENTRE
    if isinstance(action, Draw):
        return STOCK
    return None


def action_tile(action: Action) -> Tile | None:
    """The hand tile ``action`` lays, if any."""
    return getattr(action, "tile", None)


def unbroken(name: str) -> str:
    """``name`` with a trailing number bound to the word before it, so a wrapped label never leaves "2" alone.

    Only that space becomes a no-break space: a long name of several words
    still wraps between them instead of being cut inside one.
    """
    return re.sub(r" (\d+)$", "\u00a0\\1", name)


class Presenter:
    """Selection state plus the view → drawing model and click → action rules."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.game = GameWords(None)
        """The game's own words (line labels, obligations); the window sets them for its session."""
        self.selected: Tile | None = None
        self.focus: TargetKey | None = None
        self.order = "value"
        """How the hand is shown: one of :data:`roundhouse.frontends.tk.hand_order.ORDERS`."""
        self.own_orders: dict[int, list[Tile]] = {}
        """Each seat's own hand order (dragged or arranged), kept across turns."""
        self.own_tops: dict[int, dict[Tile, int]] = {}
        """The value each arranged tile shows on top, so the chain reads end to end."""
        self.notice: str | None = None
        """A message for the detail line until the next click (why a tile cannot be played, ...)."""

    def t(self, key: str, **values: object) -> str:
        """A catalog string."""
        return self.catalog.t(key, **values)

    # ------------------------------------------------------------ selection
    def reset(self) -> None:
        """Forget the selection, the keyboard target and any notice (after a decision or a new turn)."""
        self.selected = None
        self.focus = None
        self.notice = None

    # ----------------------------------------------------------------- hand
    def hand_order(self, view: PlayerView, legal: Sequence[Action]) -> list[Tile]:
        """The shown hand in the chosen order."""
        if self.order == "playable" and legal:
            return hand_order.playable_first(view.hand, self.playable_tiles(legal))
        if self.order == "own" and view.seat in self.own_orders:
            return hand_order.kept(view.hand, self.own_orders[view.seat])
        return hand_order.by_value(view.hand)

    def move_tile(self, view: PlayerView, legal: Sequence[Action], tile: Tile, index: int) -> None:
        """The player dragged ``tile`` to position ``index``: their own order from now on."""
        current = self.hand_order(view, legal)
        self.own_orders[view.seat] = hand_order.moved(current, tile, index)
        self.order = "own"

    def arrange(self, view: PlayerView) -> str:
        """Line the hand up as the longest chain from the player's own end (nothing is played); the notice."""
        order, chain, end = hand_order.arranged(view)
        self.own_orders[view.seat] = order
        self.own_tops[view.seat] = {placed.tile: placed.left for placed in lay(chain, end)}
        self.order = "own"
        key = "tk.hand.arranged" if chain else "tk.hand.arranged_none"
        self.notice = self.t(key, count=len(chain), end=end)
        return self.notice

    def why_unplayable(self, view: PlayerView, legal: Sequence[Action], tile: Tile) -> str:
        """Why ``tile`` cannot be played now, in words."""
        if not legal:
            return self.t("tk.hand.why.wait")
        drawn = view.extra.get("drawn_tile") if view.extra else None
        if isinstance(drawn, Tile) and tile != drawn:
            return self.t("tk.hand.why.drawn", drawn=drawn)
        leads = [str(a.tile) for a in legal if isinstance(a, OpenDouble)]
        if leads and str(tile) not in leads and self.game.has("open.why"):  # the game's own lead rule
            return self.game.text("open.why", {"tiles": ", ".join(leads)})
        if leads and not tile.is_double:
            return self.t("tk.hand.why.double")
        plays = [a for a in legal if isinstance(a, Play)]
        if view.owed and (not plays or all(a.line == view.owed[0].line for a in plays)):
            oldest = view.owed[0]
            return self.t("tk.hand.why.owed", tile=tile, owed=oldest.tile, line=self.line_words(view, oldest.line))
        open_lines = {a.line for a in plays} or {
            line.id for line in view.lines if line.owner in (None, view.seat) or line.available
        }
        ends = sorted({line.end for line in view.lines if line.id in open_lines})
        if ends:
            return self.t("tk.hand.why.ends", tile=tile, ends=", ".join(map(str, ends)))
        return self.t("tk.hand.why.other", tile=tile)

    @staticmethod
    def playable_tiles(legal: Sequence[Action]) -> list[Tile]:
        """Hand tiles some legal action lays, in first-seen order."""
        seen: list[Tile] = []
        for action in legal:
            tile = action_tile(action)
            if tile is not None and tile not in seen:
                seen.append(tile)
        return seen

    def targets(self, legal: Sequence[Action]) -> dict[TargetKey, Action]:
        """Where the selected tile may go; without a selection, the tile-free targets (draw)."""
        found: dict[TargetKey, Action] = {}
        for action in legal:
            key = action_target(action)
            if key is None:
                continue
            if action_tile(action) == self.selected or (self.selected is None and action_tile(action) is None):
                found.setdefault(key, action)
        return found

    def click_hand(self, tile: Tile, legal: Sequence[Action]) -> bool:
        """Select ``tile`` (or unselect it when it is selected); False when it cannot be played."""
        if tile == self.selected:
            self.reset()
            return True
        if tile not in self.playable_tiles(legal):
            return False
        self.notice = None
        self.selected = tile
        keys = list(self.targets(legal))
        self.focus = keys[0] if keys else None
        return True

    def click_target(self, key: TargetKey, legal: Sequence[Action]) -> Action | None:
        """The action a click on ``key`` previews, or None when nothing lands there.

        Without a selection, the centre previews its action when it is the
        only centre action (the Mexican Train engine) and the boneyard
        previews a draw.
        """
        action = self.targets(legal).get(key)
        if action is None and self.selected is None and key == CENTRE:
            centre = [a for a in legal if action_target(a) == CENTRE]
            action = centre[0] if len(centre) == 1 else None
        return action

    # ------------------------------------------------------------- keyboard
    def step_hand(self, legal: Sequence[Action], delta: int) -> Tile | None:
        """Move the hand selector to the previous/next playable tile; the tile chosen."""
        tiles = self.playable_tiles(legal)
        if not tiles:
            return None
        index = tiles.index(self.selected) + delta if self.selected in tiles else (0 if delta > 0 else -1)
        self.click_hand(tiles[index % len(tiles)], legal)
        return self.selected

    def step_target(self, legal: Sequence[Action], delta: int) -> TargetKey | None:
        """Move the target selector among the current targets; the key chosen."""
        keys = list(self.targets(legal))
        if not keys:
            self.focus = None
            return None
        index = keys.index(self.focus) + delta if self.focus in keys else (0 if delta > 0 else -1)
        self.focus = keys[index % len(keys)]
        return self.focus

    def focused_action(self, legal: Sequence[Action]) -> Action | None:
        """The action the keyboard's chosen target would preview."""
        if self.focus is None:
            keys = list(self.targets(legal))
            self.focus = keys[0] if keys else None
        return None if self.focus is None else self.click_target(self.focus, legal)

    # ---------------------------------------------------------------- words
    def line_label(self, view: PlayerView, line: LineView) -> str:
        """The game's own label ("Arm 3"), else "Ana's train", "Mexican train", "Ana's branch".

        A number ending the owner's name stays with it where the label wraps ("ramo de / Computador 2").
        """
        label = self.game.line(line)
        if label is not None:
            return label
        if line.owner is None:
            key = f"tk.line.{line.id}"
            return self.t(key) if self.catalog.has(key) else str(line.id).capitalize()
        key = f"tk.line.owned.{view.variant}"
        return self.t(key if self.catalog.has(key) else "tk.line.owned", name=unbroken(view.name(line.owner)))

    def line_words(self, view: PlayerView, line_id: LineId) -> str:
        """Words for a line id of ``view``."""
        try:
            return self.line_label(view, view.line(line_id))
        except KeyError:
            return str(line_id)

    def describe(self, view: PlayerView, action: Action) -> str:
        """A sentence for ``action``: "play 5-6 on Ana's train"."""
        return action_phrase(self.t, "tk.action.", action, lambda line: self.line_words(view, line))

    # ---------------------------------------------------------------- model
    def build(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        preview: Action | None = None,
        *,
        hint: bool = False,
        pass_reason: str | None = None,
        bots: Sequence[bool] = (),
        hidden: bool = False,
    ) -> BoardModel:
        """The drawing model of ``view``.

        ``legal`` are the pending seat's actions; they only count when the
        view's own seat is to move. ``preview`` is the pending preview.
        ``bots`` says which seats (index seat-1) are computers. ``hidden``
        hides the hand (hot-seat hand-off, DX.3).
        """
        own_turn = view.seat is not None and view.seat == view.to_move and not hidden
        legal = list(legal) if own_turn else []
        if self.selected is not None and self.selected not in self.playable_tiles(legal):
            self.reset()
        targets = self.targets(legal) if action_tile(preview) in (None, self.selected) else {}
        ghost_key = action_target(preview) if preview is not None else None
        targets.pop(ghost_key, None)
        last_tile, last_key = self._last_move(view)
        latest = self._latest_by_line(view)
        owed = {(o.line, o.tile): n for n, o in enumerate(view.owed, 1)}
        centre_value = view.centre.a if view.centre is not None else self._engine_value(view)
        lines = []
        for line, depth in display_order(view.lines):
            start = line.anchor.a if line.anchor is not None else centre_value
            placed = tuple(
                PlacedTile(
                    p.tile,
                    p.left,
                    p.right,
                    last=(last_key == line.id and p.tile == last_tile),
                    owed_order=owed.get((line.id, p.tile)) if i == len(line.tiles) - 1 else None,
                    latest=line.id in latest and latest[line.id][0] == p.tile,
                )
                for i, p in enumerate(lay(line.tiles, start))
            )
            ghost = None
            if ghost_key == line.id and isinstance(preview, Play):
                ghost = PlacedTile(preview.tile, line.end, preview.tile.other(line.end))
            lines.append(
                LineModel(
                    id=line.id,
                    label=self.line_label(view, line),
                    tiles=placed,
                    end=line.end,
                    badge=self._badge(view, line),
                    count_text=self._count_text(view, line.owner) if line.owner is not None else "",
                    owners_turn=line.owner is not None and line.owner == view.to_move,
                    target=line.id in targets,
                    focused=preview is None and self.focus == line.id and line.id in targets,
                    ghost=ghost,
                    latest_by=view.name(latest[line.id][1]) if line.id in latest else "",
                    depth=depth,
                    closed=line.closed,
                )
            )
        seat = view.seat
        hand = self._hand_models(view, legal, preview) if seat is not None and not hidden else ()
        status, detail = self._status(view, legal, preview, hint, pass_reason, own_turn, bots)
        return BoardModel(
            variant=view.variant,
            heading=self._heading(view),
            centre=view.centre,
            centre_label=with_count(self.game, view, self._centre_label(view)),
            centre_target=CENTRE in targets
            or (preview is None and self.selected is None and any(isinstance(a, PlaceEngine) for a in legal)),
            centre_focused=preview is None and self.focus == CENTRE and CENTRE in targets,
            centre_ghost=action_tile(preview) if ghost_key == CENTRE else None,
            centre_last=last_key == CENTRE,
            lines=tuple(lines),
            hand=hand,
            hand_title=self._hand_title(view, hidden),
            stock_count=view.stock_count,
            pile_count=view.stock_count or int(view.extra.get("set_aside_count", 0)),
            stock_label=self._stock_label(view),
            stock_target=STOCK in self.targets(legal) and preview is None,
            stock_focused=preview is None and self.focus == STOCK and STOCK in targets,
            stock_ghost=isinstance(preview, Draw),
            seats=self._seats(view, bots),
            status=status,
            detail=detail,
            can_confirm=preview is not None,
            confirm_label=self.t("tk.button.acknowledge" if isinstance(preview, Pass) else "tk.button.confirm"),
            can_cancel=preview is not None and not (isinstance(preview, Pass) and legal == [preview]),
            can_end_turn=preview is None and any(isinstance(a, EndTurn) for a in legal),
            can_hint=own_turn and bool(legal),
            facts=self._facts(view),
            feed_title=self.t("tk.feed.title"),
            feed_earlier=lambda count: self.t("tk.feed.earlier", count=count),
            feed_more=self.t("tk_room_feed_more"),
            feed_less=self.t("tk_room_feed_less"),
            feed=self.feed(view),
            spinner_arms=view.spinner.arms if view.spinner is not None else (),
            count=self.game.phrase(view.count) if view.count is not None else "",
        )

    def feed(self, view: PlayerView) -> tuple[str, ...]:
        """The other players' turns since ``view``'s seat last decided (humans' and computers' alike), in words."""
        moves = feed_sentences(self.catalog, view, lambda line: self.line_words(view, line))
        return moves + score_feed(self.catalog, self.game, view)

    @staticmethod
    def _engine_value(view: PlayerView) -> int:
        engine = view.extra.get("engine") if view.extra else None
        return engine.a if isinstance(engine, Tile) else 0

    @staticmethod
    def _latest_by_line(view: PlayerView) -> dict[LineId, tuple[Tile, int]]:
        """Each line's most recently laid tile this round and the seat that laid it."""
        latest: dict[LineId, tuple[Tile, int]] = {}
        for event in view.history:
            if event.type == "play":
                latest[event["line"]] = (Tile.parse(event["tile"]), event["seat"])
        return latest

    @staticmethod
    def _last_move(view: PlayerView) -> tuple[Tile | None, TargetKey | None]:
        """The tile and place of the latest public play, engine or opening."""
        for event in reversed(view.history):
            if event.type == "play":
                return Tile.parse(event["tile"]), event["line"]
            if event.type in ("engine", "open"):
                return Tile.parse(event["tile"]), CENTRE
        return None, None

    def _facts(self, view: PlayerView) -> tuple[str, ...]:
        """Side-panel lines: the round, the stock and, when the variant says so, the direction of play."""
        facts = [self._heading(view), self._stock_label(view)]
        if view.count is not None:
            facts.append(self.game.phrase(view.count))
        direction = view.extra.get("direction")
        if direction and self.catalog.has(f"tk.direction.{direction}"):
            facts.append(self.t(f"tk.direction.{direction}"))
        return tuple(facts)

    def _last_event_text(self, view: PlayerView) -> str:
        """What just happened at the table (so a person can follow the computer)."""
        for event in reversed(view.history):
            if event.type in ("play", "pass", "draw", "engine", "open", "end_first_turn", "score"):
                words = event_text(
                    self.catalog,
                    event.visible_to(view.seat),
                    view.names,
                    view.variant,
                    self.game.labels(view),
                    self.game,
                )
                return self.t("tk.detail.last", event=words)
        return ""

    def _count_text(self, view: PlayerView, seat: int) -> str:
        """ "6 tiles · total 107": the owner's hand size and score, so the table reads without the side panel."""
        count = view.hand_counts.get(seat, 0)
        tiles = self.t("tk.row.tiles", count=count)
        return self.t("tk.row.summary", tiles=tiles, total=view.totals.get(seat, 0))

    def _badge(self, view: PlayerView, line: LineView) -> str:
        if line.closed:
            return self.t("tk.badge.closed")
        if line.owner is None:
            return ""
        if line.open_rank is not None:
            return self.t("tk.badge.open_rank", rank=line.open_rank)
        if line.available:
            key = f"tk.badge.available.{view.variant}"
            return self.t(key if self.catalog.has(key) else "tk.badge.available")
        return ""

    def _heading(self, view: PlayerView) -> str:
        goal = goal_heading(self.catalog, self.game, view)
        if goal is not None:
            return goal
        if view.rounds:
            return self.t("tk.heading.rounds", round=view.round, rounds=view.rounds)
        target = view.extra.get("target")
        if isinstance(target, int):
            return self.t("tk.heading.target", round=view.round, target=target)
        return self.t("tk.heading.round", round=view.round)

    def _centre_label(self, view: PlayerView) -> str:
        if view.centre is not None:
            return self.t("tk.centre.placed", tile=view.centre)
        engine = view.extra.get("engine") if view.extra else None
        if engine is not None:
            return self.t("tk.centre.engine", tile=engine)
        return own_words(self.game, "open.waiting") or self.t("tk.centre.empty")

    def _stock_label(self, view: PlayerView) -> str:
        key = f"tk.stock.{view.variant}"
        if self.catalog.has(key):
            return self.t(key, count=view.extra.get("set_aside_count", view.stock_count))
        return self.t("tk.stock", count=view.stock_count)

    def _hand_title(self, view: PlayerView, hidden: bool) -> str:
        if view.seat is None or hidden:
            return self.t("tk.hand.hidden")
        return self.t("tk.hand.title", name=view.name(view.seat), count=view.hand_counts.get(view.seat, 0))

    def _hand_models(self, view: PlayerView, legal: Sequence[Action], preview: Action | None):
        """The hand in the chosen order; only a tile drawn this turn is marked new."""
        drawn = view.extra.get("drawn_tile") if view.extra else None
        playable = set(self.playable_tiles(legal))
        ghost = action_tile(preview) if preview is not None else None
        tops = self.own_tops.get(view.seat, {}) if self.order == "own" else {}
        return tuple(
            HandTileModel(
                tile,
                tile in playable or not legal,
                tile == self.selected or tile == ghost,
                tile == drawn,
                flipped=tops.get(tile, tile.a) != tile.a,
            )
            for tile in self.hand_order(view, legal)
        )

    def _seats(self, view: PlayerView, bots: Sequence[bool]) -> tuple[SeatModel, ...]:
        models = []
        for seat in range(1, view.players + 1):
            line = next((ln for ln in view.lines if ln.owner == seat), None)
            is_bot = bots[seat - 1] if seat - 1 < len(bots) else False
            models.append(
                SeatModel(
                    seat=seat,
                    name=view.name(seat),
                    kind=self.t("tk.seat.bot" if is_bot else "tk.seat.human"),
                    hand_count=view.hand_counts.get(seat, 0),
                    total=view.totals.get(seat, 0),
                    to_move=seat == view.to_move,
                    marker=bool(line and line.available),
                )
            )
        return tuple(models)

    def _status(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        preview: Action | None,
        hint: bool,
        pass_reason: str | None,
        own_turn: bool,
        bots: Sequence[bool],
    ) -> tuple[str, str]:
        """The status line (whose turn, what is owed) and a detail line (what to do)."""
        if view.to_move is None:
            return self.t("tk.status.over"), ""
        mover = view.name(view.to_move)
        is_bot = bots[view.to_move - 1] if view.to_move - 1 < len(bots) else False
        parts = [
            self.t("tk.status.your_turn", name=mover)
            if own_turn
            else self.t("tk.status.bot_turn" if is_bot else "tk.status.turn", name=mover)
        ]
        if view.owed:
            oldest = view.owed[0]
            free = own_turn and any(isinstance(a, Play) and a.line != oldest.line for a in legal)
            key = "tk.status.owed_free" if free else "tk.status.owed"
            parts.append(self.t(key, tile=oldest.tile, line=self.line_words(view, oldest.line)))
        parts.extend(self.t("tk.obligation", text=self.game.obligation(o)) for o in view.obligations)
        if any(isinstance(a, PlaceEngine) for a in legal):
            parts.append(self.t("tk.status.engine", tile=action_tile(legal[0])))
        elif view.phase == "first_turn":
            parts.append(self.t(_first_turn_key(legal, own_turn)))
        status = " · ".join(parts)
        if self.notice:
            return status, self.notice
        if not own_turn:
            return status, self._last_event_text(view)
        if preview is not None:
            if isinstance(preview, Pass):
                return status, sentence_start(pass_reason) if pass_reason else self.t("tk.action.pass")
            key = "tk.detail.hint" if hint else "tk.detail.preview"
            return status, self.t(key, action=self.describe(view, preview))
        if self.selected is not None:
            return status, self.t("tk.detail.place", tile=self.selected)
        if any(isinstance(a, OpenDouble) for a in legal):
            return status, own_words(self.game, "open.prompt") or self.t("tk.detail.open")
        if legal == [Draw()]:
            return status, self.t("tk.detail.draw")
        drawn = view.extra.get("drawn_tile") if view.extra else None
        if isinstance(drawn, Tile) and self.playable_tiles(legal) == [drawn]:
            return status, self.t("tk.detail.drawn", tile=drawn)
        return status, self.t("tk.detail.select")


def _first_turn_key(legal: Sequence[Action], own_turn: bool) -> str:
    """The first turn's status words: the mover's task, their forced pass, or the phase for the others (MT.6)."""
    if not own_turn:
        return "tk.status.first_turn_other"
    return "tk.status.first_turn_pass" if list(legal) == [PASS] else "tk.status.first_turn"
