"""The computer's pace in the window (issue 24, point 1): one step per computer turn, a skip to the person's turn.

Counted, never timed: the steps the window schedules with ``after()`` for
the computers' opening at Normal speed (seed 9: three first-turn trains,
51 computer moves, before seat 1 may decide), the tiles of the last turn
sliding in as one sequence, and a skip by key and by button.
"""

from __future__ import annotations

from gui_helpers import REGISTRY, key, pump, window  # noqa: F401 - the window fixture

from roundhouse.core.play.setup import default_bot, default_seats, make_session
from roundhouse.frontends.tk import settings as tk_settings

SEED = 9
"""Seats 2, 3 and 4 each lay a long first-turn train before seat 1 may decide."""


def opening(seed: int = SEED):
    registry = REGISTRY.registry
    bot = default_bot(registry, registry.variant("mexican-train"))
    return make_session(registry, "mexican-train", default_seats(1, 4, bot), seed=seed)


def computer_turns(session) -> list[list]:
    """The computer moves of the log so far, grouped into turns (the same seat in a row)."""
    turns: list[list] = []
    for entry in session.log:
        if turns and turns[-1][0].seat == entry.seat:
            turns[-1].append(entry)
        else:
            turns.append([entry])
    return [turn for turn in turns if turn[0].seat != 1]


def count_steps(app) -> list[int]:
    """Record the delay of every computer step the window schedules (a list it fills)."""
    delays: list[int] = []
    after = app.root.after

    def recording_after(ms, func=None, *args):
        if getattr(func, "__func__", None) is type(app.pacing).bot_step:
            delays.append(int(ms))
        return after(ms, func, *args)

    app.root.after = recording_after
    return delays


def may_decide(app) -> bool:
    return bool(app.legal_for_viewer()) and app.thinker.pending is None


def test_each_computer_turn_is_one_step_and_its_tiles_one_sequence(window):  # noqa: F811
    app = window
    app.settings.speed = "normal"
    delays = count_steps(app)
    session = opening()
    app.set_session(session)
    assert pump(app.root, lambda: may_decide(app), 60)
    turns = computer_turns(session)
    assert [len(turn) for turn in turns] == [16, 17, 18], "three first-turn trains, 51 computer moves"
    assert len(delays) == len(turns) == 3, f"one step per computer turn, not one per tile: {len(delays)} steps"
    assert all(ms >= tk_settings.SPEEDS["normal"] for ms in delays), "each turn still waits the speed's delay"
    sequence = app.slide
    assert sequence is not None
    assert pump(app.root, lambda: not sequence.running, 10)
    plays = [entry for entry in turns[-1] if type(entry.action).__name__ == "Play"]
    assert sequence.tiles == len(plays), "the last turn's tiles slid in one after another, as one sequence"


def skipped(app, press) -> None:
    """Start the opening at Normal speed, skip once the first computer step waits, and check what followed."""
    app.settings.speed = "normal"
    delays = count_steps(app)
    session = opening()
    app.set_session(session)
    assert pump(app.root, lambda: app.pacing.bot_job is not None, 10)
    assert delays == [tk_settings.SPEEDS["normal"]]
    press()
    assert pump(app.root, lambda: may_decide(app), 30), "the skip goes to the person's decision"
    assert len(computer_turns(session)) == 3
    assert delays == [tk_settings.SPEEDS["normal"]], "no computer step waited after the skip"
    assert app.slide is None or not app.slide.running, "skipped moves do not slide"
    assert app.buttons["skip"].instate(["disabled"]), "nothing to skip on the person's turn"


def test_the_skip_key_goes_straight_to_the_persons_decision(window):  # noqa: F811
    skipped(window, lambda: key(window, "s"))


def test_the_skip_button_goes_straight_to_the_persons_decision(window):  # noqa: F811
    def press() -> None:
        assert not window.buttons["skip"].instate(["disabled"])
        window.buttons["skip"].invoke()

    skipped(window, press)
