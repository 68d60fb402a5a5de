"""A hint bot is plugin code: asked under the bot guard, never trusted (DX.2, DX.4; issue 25).

A hint bot that raises, answers with an action that is not legal, answers
with an object whose own ``__eq__`` or ``__str__`` breaks, or never answers
gives no hint: the player is told there is none, in one line, and the game
goes on with nothing changed.
"""

from __future__ import annotations

import pytest
from console_helpers import new_session, run_console_once
from misbehaving_bots import SLOW_LIMIT, MisbehavingBot

from roundhouse.core.play.session import NoHint

KINDS = ("raises", "none", "illegal", "junk", "bad_eq", "bad_str", "str_loops", "slow", "exits")


@pytest.mark.parametrize("kind", KINDS)
def test_DX_4_a_misbehaving_hint_bot_gives_no_hint_and_no_traceback(kind):
    session = new_session(seed=5)
    session.hint_bot = MisbehavingBot(kind, at=1, bot_id="adviser")
    session.bot_time_limit = SLOW_LIMIT
    session.run_bots()
    log = list(session.log)
    with pytest.raises(NoHint) as refused:
        session.hint()
    assert str(refused.value).startswith("the hint bot 'adviser' ")
    assert session.preview_pending is None and session.log == log

    session.hint_bot = MisbehavingBot(kind, at=1, bot_id="adviser")
    output = run_console_once(session, ["hint"])
    assert "No hint is available: the hint bot 'adviser' " in output
    assert "Traceback" not in output and session.log == log
