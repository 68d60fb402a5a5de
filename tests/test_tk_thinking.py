"""Computer decisions and hints are worked out off the Tk main thread (issue 24), driven under Xvfb.

A test bot records the thread it is asked on and can be held on a
``threading.Event``: while it is held the thinking mark shows, and an undo,
a new match, a restart or closing the window drops its answer when it comes.
The same seed still gives the same game as a session played without a window.
"""

from __future__ import annotations

import threading

import pytest
from gui_helpers import REGISTRY, answer_message_box, fresh_window, key, pump, seats, start
from tk_scenes import first_play

from roundhouse.core.play.session import Session
from roundhouse.core.play.setup import make_session

VARIANT = REGISTRY.registry.variant("mexican-train")


class HeldBot:
    """Takes ``legal[pick]`` (the next of ``picks``, else 0) once ``gate`` is open; notes each call's thread."""

    id = "held"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.picks: list[int] = []
        self.threads: list[threading.Thread] = []
        self.returned = threading.Event()

    def choose(self, view, legal, rng):
        pick = self.picks.pop(0) if self.picks else 0
        self.threads.append(threading.current_thread())
        assert self.gate.wait(20), "the test never opened the gate"
        self.returned.set()
        return legal[pick]

    def hold(self, *picks: int) -> None:
        """Hold the next decision (it takes ``picks`` in turn); ``threads`` notes the calls from now on."""
        self.picks = list(picks)
        self.threads = []
        self.returned.clear()
        self.gate.clear()


def held_session(bot: HeldBot, seed: int) -> Session:
    """Ana (a person) against Bo, played by ``bot``, who also gives the hints."""
    return Session(VARIANT, seats(None, "held"), {"held": bot}, seed=seed, hint_bot=bot)


def to_person(session: Session) -> None:
    """Headless: let the computer play until the person is to move (or the match ends)."""
    session.run_bots()


def seed_where_bo_chooses() -> int:
    """A seed where Bo's reply to Ana's first play is a real choice (two legal actions or more)."""
    for seed in range(200):
        session = held_session(HeldBot(), seed)
        to_person(session)
        if session.human_to_move:
            session.decide(first_play(session.legal_actions()))
            if session.bot_to_move and len(session.legal_actions()) >= 2:
                return seed
    raise AssertionError("no seed where Bo has a choice after Ana's first play")


@pytest.fixture
def held(window):
    """The window with Ana to move against a held bot, and the bot: Ana's first play makes Bo think."""
    bot = HeldBot()
    seed = seed_where_bo_chooses()
    start(window, held_session(bot, seed))
    return window, bot


def thinking_text(app) -> str:
    return str(app.window.thinking.cget("text"))


def play_and_hold(app, bot: HeldBot, *picks: int) -> list:
    """Ana plays her first play while Bo's reply is held; the log before Bo's reply."""
    session = app.session
    bot.hold(*picks)
    app.preview_action(first_play(session.legal_actions()))
    app.confirm()
    assert pump(app.root, lambda: app.thinker.pending is not None and bot.threads)
    return list(session.log)


def test_a_computer_decision_is_taken_off_the_main_thread_with_the_thinking_mark(held):
    app, bot = held
    before = play_and_hold(app, bot)
    assert bot.threads[-1] is not threading.main_thread()
    assert thinking_text(app) == "Bo is thinking…"
    pump(app.root, lambda: False, 0.2)
    assert app.session.log == before, "nothing is applied while the bot thinks"
    bot.gate.set()
    assert pump(app.root, lambda: len(app.session.log) > len(before))
    assert app.session.log[len(before)].seat == 2
    assert pump(app.root, lambda: thinking_text(app) == "" and app.thinker.pending is None)


def test_the_window_answers_while_the_computer_thinks(held):
    app, bot = held
    play_and_hold(app, bot)
    key(app, "<F1>")
    assert app.rules_panel is not None and app.rules_panel.open, "a held bot does not freeze the window"
    bot.gate.set()
    pump(app.root, lambda: False, 0.3)
    assert app.session.paused and app.session.bot_to_move, "the answer waits while the rules are open (DX.5)"
    app.rules_panel.close()
    assert pump(app.root, lambda: app.session.human_to_move or app.screen is not None)


def test_undo_drops_the_answer_to_the_position_taken_back(held):
    app, bot = held
    session = app.session
    before = play_and_hold(app, bot, -1)  # the answer to the position undone would be Bo's last choice
    stale_legal = session.legal_actions()
    key(app, "<Control-z>")
    assert session.human_to_move and app.thinker.pending is None and thinking_text(app) == ""
    app.preview_action(first_play(session.legal_actions()))
    app.confirm()  # the same position again: a new question, asked after the held one
    assert session.log == before
    bot.gate.set()
    assert pump(app.root, lambda: len(session.log) > len(before))
    assert len(bot.threads) == 2 and threading.main_thread() not in bot.threads
    assert session.log[len(before)].action == stale_legal[0] != stale_legal[-1], "the held answer was dropped"


@pytest.mark.parametrize("change", ["new_match", "restart_round"])
def test_a_new_match_or_a_restart_drops_the_answer_and_plays_as_without_a_window(held, change):
    app, bot = held
    session = app.session
    seed = session.seed
    play_and_hold(app, bot, -1)
    getattr(app, change)()
    bot.gate.set()
    assert pump(app.root, lambda: bot.returned.is_set() and (session.human_to_move or session.is_over))
    pump(app.root, lambda: False, 0.2)  # time for a dropped answer to come
    twin = held_session(HeldBot(), seed)
    to_person(twin)
    twin.decide(first_play(twin.legal_actions()))
    getattr(twin, change)()  # while Bo's reply was held
    to_person(twin)
    assert session.log == twin.log


def test_closing_the_window_drops_the_answer(xvfb_display, tmp_path, monkeypatch):
    app = fresh_window(tmp_path, monkeypatch)
    bot = HeldBot()
    session = start(app, held_session(bot, seed_where_bo_chooses()))
    before = play_and_hold(app, bot, -1)
    app.quit()
    bot.gate.set()
    assert bot.returned.wait(10)
    assert session.log == before


def test_a_hint_is_worked_out_off_the_main_thread_with_the_thinking_mark(held):
    app, bot = held
    session = app.session
    bot.hold()
    key(app, "h")
    assert pump(app.root, lambda: bool(bot.threads))
    assert bot.threads[-1] is not threading.main_thread()
    assert thinking_text(app) == "Finding a hint…" and session.preview_pending is None
    bot.gate.set()
    assert pump(app.root, lambda: session.preview_pending is not None)
    assert session.preview_pending.hint and thinking_text(app) == ""
    assert session.preview_pending.action == session.legal_actions()[0]


def test_the_same_seed_gives_the_same_game_as_without_a_window(window):
    table = seats(None, "planner", "greedy", "expert")
    session = start(window, make_session(REGISTRY.registry, "mexican-train", table, 5))
    for _ in range(4):
        assert pump(window.root, lambda: session.human_to_move or window.screen is not None, 30)
        if window.screen is not None:
            break
        window.preview_action(first_play(session.legal_actions()))
        window.confirm()
    assert pump(window.root, lambda: session.human_to_move or window.screen is not None, 30)
    twin = make_session(REGISTRY.registry, "mexican-train", table, 5)
    while len(twin.log) < len(session.log):
        if twin.bot_to_move:
            twin.step()
        else:
            twin.decide(first_play(twin.legal_actions()))
    assert twin.log == session.log and len(session.log) > 8


class FailingBot:
    """Raises on every decision."""

    id = "failing"

    def choose(self, view, legal, rng):
        raise ValueError("no idea")


def test_a_failing_bot_is_covered_as_without_a_window(window):
    def failing_session() -> Session:
        session = Session(VARIANT, seats(None, "failing"), {"failing": FailingBot()}, seed=11)
        session.fallback_bot = REGISTRY.registry.bot("greedy")
        return session

    seen: list[str] = []
    answer_message_box(window.root, "ok", seen)
    session = start(window, failing_session())
    twin = failing_session()
    to_person(twin)
    assert session.log == twin.log and twin.bot_faults
    assert seen and "ValueError: no idea" in seen[0], "the failure is reported as without the worker"
