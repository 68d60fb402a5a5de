"""A screenshot of the All Fives example plugin in the window: a spinner with four arms and a score in the feed.

Run from the repository root: ``python docs/screenshots/make_all_fives_screenshots.py``.
The example's source (``docs/examples/all_fives``) is put on the path and
registered like an installed plugin; Xvfb and ImageMagick's ``import`` are
needed, as for ``make_screenshots.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "docs" / "examples" / "all_fives"))

from make_screenshots import advance, capture, on_a_display  # noqa: E402

from roundhouse.core.play.session import Seat, Session  # noqa: E402
from roundhouse.core.play.setup import make_session  # noqa: E402
from roundhouse.core.plugins.frontend import PlayOptions  # noqa: E402
from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402


def full_cross_with_a_score(session: Session) -> bool:
    """The human to move, the spinner's four arms each holding two tiles, and a score since their last turn."""
    if not session.human_to_move:
        return False
    view = session.view(session.pending_seat)
    if view.spinner is None or len(view.spinner.arms) < 4:
        return False
    mine = [i for i, e in enumerate(view.history) if e.type in ("play", "open") and e["seat"] == view.seat]
    since = view.history[mine[-1] + 1 :] if mine else view.history
    return all(len(view.line(a).tiles) >= 2 for a in view.spinner.arms) and any(e.type == "score" for e in since)


def main() -> int:
    """Write the All Fives screenshot; a non-zero status when no position is found."""
    return on_a_display(shoot, "1600x900")


def shoot() -> int:
    from roundhouse_all_fives import FivesScorer
    from roundhouse_all_fives.variant import AllFives

    from roundhouse.frontends.tk import settings as tk_settings
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    plugins = get_plugin_manager()
    registry = plugins.registry
    if "all-fives" not in registry.variants:
        registry.current = "all-fives"
        registry.add_variant(AllFives())
        registry.add_bot(FivesScorer())
    root = make_root("felt")
    app = TkApp(root, plugins, PlayOptions(), None, tk_settings.Settings(theme="felt", speed="slow"))
    for seed in range(1, 200):
        session = make_session(registry, "all-fives", [Seat("Ana"), Seat("Bruno", "fives-scorer")], seed)
        if advance(session, full_cross_with_a_score, 200):
            app.set_session(session)
            capture("all_fives_cross.png", root)
            root.destroy()
            return 0
    root.destroy()
    return 1


if __name__ == "__main__":
    sys.exit(main())
