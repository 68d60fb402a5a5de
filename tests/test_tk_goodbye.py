"""Closing the real Tk window when saving failed (issue 25): it says how many decisions are not saved (DX.6).

The window used to close at once as if the match were saved. Now, with
decisions not on disk, it asks first, in the console's words: stay and
free some space (the next move saves everything), or quit and lose them.
With everything saved it closes without a question.
"""

from __future__ import annotations

import tkinter as tk

import pytest
from gui_helpers import close_window, pump, xvfb_display  # noqa: F401 - the fixture is used by name
from test_store_faults import fill_disk, free_disk

from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.core.plugins.frontend import PlayOptions
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.core.store import Store
from roundhouse.frontends.tk import settings as tk_settings

pytestmark = pytest.mark.gui

REGISTRY = get_plugin_manager()


def closed(root: tk.Tk) -> bool:
    try:
        return not root.winfo_exists()
    except tk.TclError:  # the application was destroyed
        return True


def played_until(app, done) -> bool:
    """``done()``, closing an end-of-round screen first, as a player would."""
    if app._screen is not None:
        app._screen.close()
    return done()


def test_DX_6_closing_with_unsaved_decisions_asks_with_their_count_and_stays_on_no(
    xvfb_display,  # noqa: F811 - pytest fixture injection
    tmp_path,
    monkeypatch,
):
    monkeypatch.setenv("LANGUAGE", "en")
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    monkeypatch.setattr("roundhouse.frontends.tk.startup.messagebox.showwarning", lambda *args, **kwargs: None)
    questions: list[str] = []
    answers = iter([False, True])

    def ask(title: str, question: str, **options: object) -> bool:
        questions.append(question)
        return next(answers)

    monkeypatch.setattr("roundhouse.frontends.tk.goodbye.messagebox.askyesno", ask)
    store = Store.open(tmp_path / "data")
    root = make_root("arc")
    app = TkApp(root, REGISTRY, PlayOptions(), store, tk_settings.Settings(theme="arc", speed="instant"))
    try:
        session = make_session(REGISTRY.registry, "mexican-train", [Seat("Ana"), Seat("Bo", "random")], 4)
        app.set_session(session)
        assert pump(root, lambda: session.human_to_move, 30)
        fill_disk(store)
        while not any(warning.startswith("Saving failed") for warning in store.warnings) and not session.is_over:
            app.turns.preview_action(session.legal_actions()[0])
            app.turns.confirm()
            assert pump(root, lambda: played_until(app, lambda: session.human_to_move or session.is_over), 30)
        lost = store.unsaved(session)
        assert lost >= 1

        app.quit()
        assert not closed(root), "answering no keeps the window, and the match, open"
        assert questions == [
            f"{lost} decision{'s are' if lost > 1 else ' is'} not saved (saving failed). To keep "
            f"{'them' if lost > 1 else 'it'}, free some disk space and answer no: your next move saves "
            f"{'them all' if lost > 1 else 'everything'}. Quit anyway and lose {'them' if lost > 1 else 'it'}?"
        ]

        free_disk(store)
        assert store.unsaved(session) == 0, "once there is room, one more try saves everything"
        app.quit()
        assert closed(root) and len(questions) == 1, "with every decision on disk the window closes without asking"
    finally:
        if not closed(root):
            close_window(root)
        store.close()
