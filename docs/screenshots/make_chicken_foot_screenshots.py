"""Screenshots of the Chicken Foot example plugin in the window, mid-round (its branching layout).

Run from the repository root: ``python docs/screenshots/make_chicken_foot_screenshots.py``.
The example's source (``docs/examples/chicken_foot``) is put on the path and
registered like an installed plugin; Xvfb and ImageMagick's ``import`` are
needed, as for ``make_screenshots.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "docs" / "examples" / "chicken_foot"))

from make_screenshots import advance, capture, on_a_display  # noqa: E402

from roundhouse.core.game.actions import Play  # noqa: E402
from roundhouse.core.play.session import Seat, Session  # noqa: E402
from roundhouse.core.play.setup import make_session  # noqa: E402
from roundhouse.core.plugins.frontend import PlayOptions  # noqa: E402
from roundhouse.core.plugins.manager import get_plugin_manager  # noqa: E402


def feet_on_the_table(count: int):
    """A stop test: the human to move with a play, and ``count`` chicken feet laid."""

    def stop(session: Session) -> bool:
        if not session.human_to_move:
            return False
        view = session.view(session.pending_seat)
        feet = {line.parent for line in view.lines if line.parent is not None}
        return len(feet) >= count and any(isinstance(a, Play) for a in session.legal_actions())

    return stop


def main() -> int:
    """Write the Chicken Foot screenshots; a non-zero status when no position is found."""
    return on_a_display(shoot)


def shoot() -> int:
    from roundhouse_chicken_foot.variant import ChickenFoot

    from roundhouse.frontends.tk import settings as tk_settings
    from roundhouse.frontends.tk.app import TkApp
    from roundhouse.frontends.tk.themes import make_root

    plugins = get_plugin_manager()
    registry = plugins.registry
    if "chicken-foot" not in registry.variants:
        registry.current = "chicken-foot"
        registry.add_variant(ChickenFoot())
    root = make_root("felt")
    app = TkApp(root, plugins, PlayOptions(), None, tk_settings.Settings(theme="felt", speed="slow"))
    names = ["Ana", "Bruno", "Chloé", "Dawid"]
    wrote = 0
    for name, stop in (
        ("chicken_foot_table.png", feet_on_the_table(2)),
        ("chicken_foot_feet.png", feet_on_the_table(3)),
    ):
        for seed in range(1, 60):
            seats = [Seat(names[0])] + [Seat(n, "greedy") for n in names[1:]]
            session = make_session(registry, "chicken-foot", seats, seed)
            if advance(session, stop, 400):
                app.set_session(session)
                capture(name, root)
                wrote += 1
                break
    root.destroy()
    return 0 if wrote == 2 else 1


if __name__ == "__main__":
    sys.exit(main())
