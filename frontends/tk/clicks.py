"""The mouse on the table and the hand, and the hand's order: select, place, drag, arrange (DX.2).

:class:`Clicks` binds the clicks of both canvases. A click on a hand tile
with a single place previews it there; one with several places is
selected and its places light up; one that cannot be played now is said
why in the status. A click on a lit place previews the selected tile
there. A preview is confirmed where the eye already is: a click on the
previewed tile (in the hand, on release, or on the table), or on the
confirm control drawn beside it; the cancel control beside it cancels.
When the only legal action is a draw or a pass, a click on the hand
previews it and a second one confirms it. It is the
:class:`roundhouse.frontends.tk.drag.DropHost` of the hand's drag: a tile
dropped on a lit place is previewed there (a click or Enter confirms it),
one dropped along the hand moves it in the player's own order. The right
button (on macOS also Control-click) does what Escape does. Ordering or
arranging the hand never plays a tile.
"""

from __future__ import annotations

import tkinter as tk
from typing import Any, Protocol

from roundhouse.core.game.actions import Action, Draw, Pass
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.play.session import Session
from roundhouse.frontends.tk.commands import Platform
from roundhouse.frontends.tk.drag import HandDrag
from roundhouse.frontends.tk.presenter import Presenter
from roundhouse.frontends.tk.window import TableWindow


class ClickHost(Protocol):
    """What the clicks need from the window."""

    session: Session | None
    presenter: Presenter
    window: TableWindow
    platform: Platform

    def legal_for_viewer(self) -> list[Action]: ...

    def hand_view(self) -> PlayerView | None: ...

    def preview_action(self, action: Action) -> None: ...

    def confirm(self) -> None: ...

    def refresh(self) -> None: ...

    def escape(self) -> None: ...

    def cancel(self) -> None: ...


class Clicks:
    """Binds the mouse on the table and hand canvases of ``host.window`` (the drag's gestures too)."""

    def __init__(self, host: ClickHost) -> None:
        self.host = host
        self.table = host.window.table
        self.hand = host.window.hand
        self.table.bind("<Button-1>", self._on_table_click)
        self.hand.bind("<Button-1>", self._on_hand_click)
        self.hand.bind("<Double-Button-1>", self._on_hand_double_click)
        self.hand.bind("<ButtonRelease-1>", self._on_hand_release)  # before the drag's own: it sees a drag going on
        self._confirm_on_release = False
        self.drag = HandDrag(self)
        for canvas in (self.table, self.hand):
            for sequence in host.platform.context_clicks:
                canvas.bind(sequence, lambda _e: host.escape())

    def _item_tags(self, canvas: tk.Canvas, x: float, y: float) -> list[str]:
        x, y = canvas.canvasx(x), canvas.canvasy(y)
        tags: list[str] = []
        for item in reversed(canvas.find_overlapping(x - 1, y - 1, x + 1, y + 1)):
            tags.extend(canvas.gettags(item))
        return tags

    def _target_key(self, text: str) -> Any:
        """The place a canvas tag's text names: the shown line whose id reads ``text``, else the text (``@centre``)."""
        model = self.host.window.model
        lines = model.lines if model is not None else ()
        return next((line.id for line in lines if str(line.id) == text), text)

    def _on_table_click(self, event: tk.Event) -> None:
        for tag in self._item_tags(self.table, event.x, event.y):
            if tag == "preview:confirm":
                self.host.confirm()
                return
            if tag == "preview:cancel":
                self.host.cancel()
                return
            if tag.startswith("target:") or tag.startswith("row:"):
                self.click_target(self._target_key(tag.split(":", 1)[1]))
                return

    def _on_hand_click(self, event: tk.Event) -> None:
        self._confirm_on_release = False
        forced = self._forced()
        if forced is not None:
            self.choose_forced(forced)
            return
        for tag in self._item_tags(self.hand, event.x, event.y):
            if tag.startswith("hand:"):
                tile = Tile.parse(tag.split(":", 1)[1])
                if self._previewed_tile() == tile:
                    self._confirm_on_release = True  # a click, not the start of a drag, confirms it
                else:
                    self.click_hand(str(tile))
                return

    def _on_hand_release(self, _event: tk.Event) -> None:
        """The previewed tile was clicked (not dragged away): confirm it."""
        if self._confirm_on_release and not self.drag.dragging:
            self._confirm_on_release = False
            self.host.confirm()
        self._confirm_on_release = False

    def _previewed_tile(self) -> Tile | None:
        pending = self.host.session.preview_pending if self.host.session is not None else None
        return getattr(pending.action, "tile", None) if pending is not None and self.host.legal_for_viewer() else None

    def _forced(self) -> Action | None:
        """The only legal action when it is a draw or a pass, else None."""
        legal = self.host.legal_for_viewer()
        return legal[0] if len(legal) == 1 and isinstance(legal[0], (Draw, Pass)) else None

    def choose_forced(self, action: Action) -> None:
        """The only legal action is ``action`` (a draw or a pass): preview it, or confirm it when it is previewed."""
        pending = self.host.session.preview_pending
        if pending is not None and pending.action == action:
            self.host.confirm()
        else:
            self.host.preview_action(action)

    def _on_hand_double_click(self, event: tk.Event) -> None:
        """A double click on a tile with a single place previews it there at once."""
        presenter = self.host.presenter
        for tag in self._item_tags(self.hand, event.x, event.y):
            if tag.startswith("hand:"):
                legal = self.host.legal_for_viewer()
                if presenter.selected != Tile.parse(tag.split(":", 1)[1]):
                    self.click_hand(tag.split(":", 1)[1])
                places = presenter.targets(legal)
                if len(places) == 1:
                    self.host.preview_action(next(iter(places.values())))
                return

    def click_hand(self, text: str) -> None:
        """A hand tile was clicked: select it (its places light up), or say why it cannot be played now."""
        host = self.host
        legal = host.legal_for_viewer()
        tile = Tile.parse(text)
        if not legal or tile not in host.presenter.playable_tiles(legal):
            view = host.hand_view()
            if view is not None:
                host.presenter.notice = host.presenter.why_unplayable(view, legal, tile)
                host.refresh()
            return
        if host.session.preview_pending is not None:
            host.session.cancel()
        presenter = host.presenter
        if presenter.selected != tile or len(presenter.targets(legal)) != 1:  # a tile with one place stays chosen
            presenter.click_hand(tile, legal)
        places = presenter.targets(legal) if presenter.selected == tile else {}
        if len(places) == 1:  # its only place: previewed at once
            host.preview_action(next(iter(places.values())))
        else:
            host.refresh()

    def click_target(self, key: Any, confirm: bool = True) -> None:
        """A place was clicked: preview the selected tile there; a click on that preview confirms it (if confirm)."""
        action = self.host.presenter.click_target(key, self.host.legal_for_viewer())
        if action is None:
            return
        pending = self.host.session.preview_pending
        if pending is not None and pending.action == action:
            if confirm:
                self.host.confirm()
            return
        self.host.preview_action(action)

    def hand_index_at(self, x: float, y: float) -> int:
        """The hand position nearest to the point (x, y) of the hand strip."""
        plan = self.host.window.hand_plan
        return plan.index_at(x, y) if plan is not None else 0

    def drop_on_hand(self, tile: Tile, index: int) -> None:
        """A hand tile was dragged to gap ``index`` of the hand: the player's own order."""
        view = self.host.hand_view()
        if view is not None:
            self.host.presenter.move_tile(view, self.host.legal_for_viewer(), tile, index)
            self.host.window.hand_order_var.set("own")
            self.host.refresh()

    def drop_on_table(self, tile: Tile, x: float, y: float) -> None:
        """A hand tile was dropped on the table at window point (x, y): preview it there when that place is lit."""
        presenter = self.host.presenter
        legal = self.host.legal_for_viewer()
        if tile not in presenter.playable_tiles(legal):
            return
        if presenter.selected != tile:
            self.click_hand(str(tile))
        for tag in self._item_tags(self.table, x, y):
            if tag.startswith("target:"):
                key = self._target_key(tag.split(":", 1)[1])
                if key in presenter.targets(legal):
                    self.click_target(key, confirm=False)  # a drop is a preview: a click or Enter confirms it
                return

    def set_hand_order(self, order: str) -> None:
        """Show the hand by value, playable first, or in the player's own order."""
        self.host.presenter.order = order
        self.host.window.hand_order_var.set(order)
        self.host.refresh()

    def arrange_hand(self) -> None:
        """Line the hand up as the longest chain from the player's own train end (nothing is played)."""
        view = self.host.hand_view()
        if view is not None:
            self.host.presenter.arrange(view)
            self.host.window.hand_order_var.set("own")
            self.host.refresh()
