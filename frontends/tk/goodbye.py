"""Closing the window truthfully (DX.6): it never leaves decisions that are not on disk without asking.

The window says nothing on closing while every decision is saved. When
saving failed and ``Store.unsaved`` (which tries once more) still counts
decisions not on disk, the player is told how many and how to keep them,
as the console does, and chooses: stay (free some space; the next move
saves everything) or quit and lose them.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import messagebox
from typing import Any

from roundhouse.core.play.session import Session


def stays_to_save(root: tk.Misc, store: Any, session: Session | None, t: Callable[..., str]) -> bool:
    """True when the player, told of decisions not on disk, chooses to stay; False (nothing asked) when all is saved."""
    unsaved = store.unsaved(session) if store is not None and session is not None else 0
    if not unsaved:
        return False
    question = t("console.unsaved_quit_question", count=unsaved)
    return not messagebox.askyesno(t("tk.title"), question, default=messagebox.NO, icon=messagebox.WARNING, parent=root)
