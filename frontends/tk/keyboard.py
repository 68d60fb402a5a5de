"""Keyboard position selectors (DX.10): every action without a mouse.

Left/Right choose a hand tile (among the playable ones), Up/Down choose
one of its places (or the boneyard when no tile is chosen), Enter previews
the chosen place and, on a preview, confirms it; Escape cancels the
preview, then the selection. D previews a draw, E ending the first turn.
Enter or Space also acknowledges a hand-off screen.
"""

from __future__ import annotations

import tkinter as tk
from typing import Protocol

from roundhouse.core.game.actions import Action, Draw, EndTurn
from roundhouse.frontends.tk.presenter import Presenter


class SelectorHost(Protocol):
    """What the selectors need from the window."""

    presenter: Presenter

    def legal_for_viewer(self) -> list[Action]: ...

    def preview_action(self, action: Action) -> None: ...

    def has_preview(self) -> bool: ...

    def confirm(self) -> None: ...

    def cancel(self) -> None: ...

    def refresh(self) -> None: ...

    def handoff_visible(self) -> bool: ...

    def acknowledge_handoff(self) -> None: ...


class KeyboardSelectors:
    """Binds the selector keys on ``root`` and routes them to ``host``."""

    def __init__(self, root: tk.Misc, host: SelectorHost) -> None:
        self.host = host
        bindings = {
            "<Left>": lambda: self.hand(-1),
            "<Right>": lambda: self.hand(+1),
            "<Up>": lambda: self.target(-1),
            "<Down>": lambda: self.target(+1),
            "<Return>": self.enter,
            "<KP_Enter>": self.enter,
            "<Escape>": self.escape,
            "<space>": self.space,
            "d": self.draw,
            "e": self.end_turn,
        }
        for sequence, handler in bindings.items():
            root.bind(sequence, lambda _event, h=handler: h() or "break")

    def hand(self, delta: int) -> None:
        """Choose the previous/next playable hand tile."""
        if self.host.handoff_visible():
            return
        if self.host.has_preview():
            self.host.cancel()
        self.host.presenter.step_hand(self.host.legal_for_viewer(), delta)
        self.host.refresh()

    def target(self, delta: int) -> None:
        """Choose the previous/next place for the chosen tile."""
        if self.host.handoff_visible() or self.host.has_preview():
            return
        self.host.presenter.step_target(self.host.legal_for_viewer(), delta)
        self.host.refresh()

    def enter(self) -> None:
        """Acknowledge a hand-off, confirm a preview, or preview the chosen place."""
        if self.host.handoff_visible():
            self.host.acknowledge_handoff()
        elif self.host.has_preview():
            self.host.confirm()
        else:
            action = self.host.presenter.focused_action(self.host.legal_for_viewer())
            if action is not None:
                self.host.preview_action(action)

    def space(self) -> None:
        """Space acknowledges the hand-off screen (buttons handle their own Space)."""
        if self.host.handoff_visible():
            self.host.acknowledge_handoff()

    def escape(self) -> None:
        """Cancel the preview, or else drop the selection."""
        if self.host.has_preview():
            self.host.cancel()
        else:
            self.host.presenter.reset()
            self.host.refresh()

    def draw(self) -> None:
        """Preview a draw when drawing is legal."""
        if not self.host.handoff_visible() and Draw() in self.host.legal_for_viewer():
            self.host.preview_action(Draw())

    def end_turn(self) -> None:
        """Preview ending the first turn when that is legal."""
        if not self.host.handoff_visible() and EndTurn() in self.host.legal_for_viewer():
            self.host.preview_action(EndTurn())
