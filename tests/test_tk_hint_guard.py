"""The window's hint from a misbehaving hint bot (DX.2, DX.4; issue 25), driven under Xvfb.

The hint is worked out off the main thread under the bot guard and its time
limit; a bot that raises, answers with an object whose own comparison
breaks, or never answers gives no hint: the status line says so, no
traceback reaches Tk, and the person still decides.
"""

from __future__ import annotations

import pytest
from gui_helpers import key, pump, seats, start, window  # noqa: F401 - the fixture is used by name
from misbehaving_bots import SLOW_LIMIT, MisbehavingBot

from roundhouse.core.play.setup import make_session

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("kind", ["raises", "bad_eq", "str_loops"])
def test_DX_4_a_misbehaving_hint_bot_gives_no_hint_in_the_window(window, kind, monkeypatch):  # noqa: F811
    errors: list[BaseException] = []
    monkeypatch.setattr(window.root, "report_callback_exception", lambda kind_, error, tb: errors.append(error))
    session = make_session(window.registry, "mexican-train", seats(None, "random"), 5)
    session.hint_bot = MisbehavingBot(kind, at=1, bot_id="adviser")
    session.bot_time_limit = SLOW_LIMIT
    start(window, session)
    log = list(session.log)
    key(window, "h")
    assert pump(window.root, lambda: window.thinker.pending is None and bool(window.presenter.notice), 20)
    assert window.presenter.notice.startswith("No hint is available: the hint bot 'adviser' ")
    detail = str(window.window.detail.cget("text"))
    assert detail.startswith("No hint is available"), detail
    assert errors == [] and session.preview_pending is None and session.log == log and session.human_to_move
