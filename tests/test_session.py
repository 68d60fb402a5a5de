"""The core session on Mexican Train: DX.1, DX.2, DX.5, DX.6, DX.7, DX.8."""

from __future__ import annotations

import pytest
from mt_helpers import VARIANT, quick_round, rigged, search_deal, session, t
from referee import check_record

from roundhouse.core.game.actions import Draw, IllegalAction, Pass, Play
from roundhouse.core.play.record import replay
from roundhouse.core.play.session import LogEntry, Preview, Seat
from roundhouse.core.text.i18n import ui_catalog
from roundhouse.frontends.common.reasons import reason_words

HUMANS = [Seat("Ana"), Seat("Bo"), Seat("Cy")]


def mt8_session():
    """Three humans; after the first turns seat 1 may play, seat 2 will have to draw."""
    deal = rigged(
        {
            1: ["12-12", "1-12", "4-12", "1-5", "2-6", "3-7"],
            2: ["2-12", "8-9", "9-10"],
            3: ["0-0", "0-3", "5-6"],
        },
        stock=["0-2", "4-6", "9-11"],
    )
    game = session(HUMANS, [deal])
    for text in ("engine 12-12", "play 1-12 1", "end", "play 2-12 2", "pass"):
        game.decide(_parse(text))
    return game


def _parse(text):
    from roundhouse.core.game.actions import parse_action

    return parse_action(text)


def state_of(game):
    """Everything undo, redo and restart must restore."""
    return game.state.snapshot(), game.record.lines(), [e.to_text() for e in game.log]


# ------------------------------------------------------------------ DX.2
def test_DX_2_preview_changes_nothing():
    game = mt8_session()
    before = state_of(game)
    preview = game.preview(Play(t("4-12"), "mexican"))
    assert preview == Preview(1, Play(t("4-12"), "mexican"))
    assert game.preview_pending == preview and state_of(game) == before
    game.preview(Play(t("1-5"), 1))  # changed freely
    assert game.preview_pending.action == Play(t("1-5"), 1) and state_of(game) == before


def test_DX_2_draw_preview_carries_no_tile():
    game = mt8_session()
    game.decide(Play(t("4-12"), "mexican"))
    assert game.pending_seat == 2 and game.legal_actions() == [Draw()]
    before = state_of(game)
    hand, stock = game.view(2).hand, game.view(2).stock_count
    preview = game.preview(Draw())
    assert preview.action == Draw() and not hasattr(preview.action, "tile")
    assert "0-2" not in repr(preview)
    assert state_of(game) == before and game.view(2).hand == hand and game.view(2).stock_count == stock
    events = game.confirm()
    assert events[0].to_record() == {"type": "draw", "seat": 2, "tile": "0-2", "why": "play"}
    assert t("0-2") in game.view(2).hand and t("0-2") not in game.view(1).hand
    assert "tile" not in events[0].visible_to(1) and "tile" not in events[0].visible_to(None)


def test_DX_2_confirm_applies_the_preview():
    game = mt8_session()
    game.preview(Play(t("4-12"), "mexican"))
    events = game.confirm()
    assert [e.type for e in events] == ["play"] and game.state.ends["mexican"] == 4
    assert game.preview_pending is None and game.log[-1].to_text() == "1 play 4-12 mexican"


def test_DX_2_cancel_drops_the_preview():
    game = mt8_session()
    before = state_of(game)
    game.preview(Play(t("1-5"), 1))
    game.cancel()
    assert game.preview_pending is None and state_of(game) == before
    with pytest.raises(RuntimeError, match="preview"):
        game.confirm()


def test_DX_2_illegal_preview_is_refused_and_changes_nothing():
    game = mt8_session()
    before = state_of(game)
    with pytest.raises(IllegalAction) as refused:
        game.preview(Play(t("2-6"), 2))
    assert refused.value.clause == "MT.8c" and state_of(game) == before and game.preview_pending is None


def test_DX_2_hint_is_a_legal_preview():
    game = mt8_session()
    before = state_of(game)
    hint = game.hint()
    assert hint.hint and hint.seat == 1 and hint.action in game.legal_actions()
    assert state_of(game) == before
    game.confirm()
    assert game.log[-1] == LogEntry(1, hint.action)


def test_DX_2_no_preview_while_a_computer_is_to_move():
    game = session(3, [quick_round(3, 12, holder=2)])
    assert game.pending_seat == 2 and not game.human_to_move
    with pytest.raises(RuntimeError):
        game.preview(Pass())
    with pytest.raises(RuntimeError):
        game.hint()


def test_DX_2_forced_pass_is_shown_with_its_reason():
    game = mt8_session()
    game.decide(Play(t("4-12"), 3))
    game.decide(Draw())  # 0-2 fits seat 2's own train
    game.decide(Play(t("0-2"), 2))
    game.decide(Draw())  # seat 3 draws 4-6: fits its own train
    game.decide(Play(t("4-6"), 3))
    game.decide(Play(t("1-5"), 1))
    game.decide(Draw())  # seat 2 draws 9-11: no place
    assert game.legal_actions() == [Pass()] and "MT.9b" in game.pass_reason()
    game.decide(Pass())
    assert game.pass_reason() is None


# ------------------------------------------------------------------ DX.6
def bot_session(seed=5):
    """Seat 1 human, two random bots, one round; returns it with the human to move in a normal turn."""
    game = session(3, seed=seed, rounds=1)
    game.run_bots()
    while game.state.phase != "normal" or not game.human_to_move:
        assert not game.is_over
        game.decide(game.legal_actions()[0])
        game.run_bots()
    return game


def test_DX_6_undo_takes_back_the_decision_and_the_bots_after_it():
    game = bot_session()
    pending = state_of(game)
    log_length = len(game.log)
    game.decide(game.legal_actions()[-1])
    game.run_bots()
    assert len(game.log) > log_length + 1 or game.is_over  # computers answered
    game.undo()
    assert state_of(game) == pending and game.human_to_move and game.can_redo


def test_DX_6_redo_restores_the_same_draws_and_bot_choices():
    game = bot_session(8)
    for _ in range(4):
        if game.is_over:
            break
        game.decide(game.legal_actions()[0])
        game.run_bots()
    after = state_of(game)
    undone = 0
    while game.can_undo and undone < 3:
        game.undo()
        undone += 1
    for _ in range(undone):
        game.redo()
    assert state_of(game) == after and not game.can_redo


def test_DX_6_new_decision_after_undo_clears_redo():
    game = bot_session()
    game.decide(game.legal_actions()[0])
    game.run_bots()
    game.undo()
    assert game.can_redo
    game.decide(game.legal_actions()[0])
    assert not game.can_redo
    with pytest.raises(RuntimeError, match="redo"):
        game.redo()


def test_DX_6_nothing_to_undo():
    game = session(3, seed=2)
    assert not game.can_undo
    with pytest.raises(RuntimeError, match="undo"):
        game.undo()


def test_DX_6_saved_log_replays_with_undo_and_redo():
    game = bot_session(11)
    game.decide(game.legal_actions()[0])
    game.run_bots()
    game.undo()
    entries = [LogEntry.from_text(e.to_text()) for e in game.log]
    copy = session(3, seed=11, rounds=1)
    copy.replay(entries, game.redo_entries)
    assert state_of(copy) == state_of(game) and copy.can_redo
    copy.redo()
    game.redo()
    assert state_of(copy) == state_of(game)


# ------------------------------------------------------------------ DX.7
def test_DX_7_restart_keeps_the_deal_the_search_and_earlier_totals():
    seats = [Seat("Ana"), Seat("Bot", "random"), Seat("Cy"), Seat("Dee")]
    round_2 = search_deal(4, 15, "11-11", index=5, seed=4)
    game = session(seats, [quick_round(4, 12), round_2])
    starts = []
    game.observers.append(lambda g, events: starts.extend(g.state.snapshot() for e in events if e.type == "deal"))
    game.run_bots()
    while game.state.round == 1:
        game.decide(game.legal_actions()[0])
        game.run_bots()
    totals = game.state.totals()
    assert any(totals.values())
    round_start = starts[-1]
    mark = len(game.record.events)
    for _ in range(3):
        if game.human_to_move:
            game.decide(game.legal_actions()[0])
        game.run_bots()
    before_restart = state_of(game)
    events = game.restart_round()
    assert game.log[-1].to_text() == "restart"
    lines = [e.to_record() for e in events]
    assert lines[0] == {"type": "restart", "round": 2}
    original = [e.to_record() for e in game.record.events[mark - 9 : mark]]
    assert original[0]["type"] == "deal" and original[0]["round"] == 2
    assert lines[1:] == original  # the same deal and the same eight search draws
    assert game.state.snapshot() == round_start and game.state.totals() == totals
    assert replay(game.record.lines(), VARIANT).snapshot() == game.state.snapshot()
    check_record(game.record.lines(), book_hand_sizes=False, finished=False)
    game.undo()  # a restart is undoable
    assert state_of(game) == before_restart


def test_DX_7_no_restart_after_the_match():
    game = session([Seat("Bot", "random"), Seat("Bot 2", "random")], seed=3, rounds=1)
    game.run_bots()
    assert game.is_over
    with pytest.raises(IllegalAction) as refused:
        game.restart_round()
    assert refused.value.clause == "DX.7"


def test_DX_7_the_refused_restart_after_the_match_speaks_the_players_language():
    game = session([Seat("Bot", "random"), Seat("Bot 2", "random")], seed=3, rounds=1)
    game.run_bots()
    with pytest.raises(IllegalAction) as refused:
        game.restart_round()
    assert reason_words(refused.value.reason, ui_catalog("fr")) == "la partie est terminée ; commencez-en une nouvelle"
    assert str(refused.value) == "the match is over; start a new match instead (DX.7)"


# ------------------------------------------------------------------ DX.8
def test_DX_8_new_match_resets_and_keeps_the_old_record():
    game = session(3, seed=21)
    game.run_bots()
    while game.state.round < 2:
        game.decide(game.legal_actions()[0])
        game.run_bots()
    old = game.record.lines()
    assert any(game.state.totals().values())
    game.new_match()
    assert game.state.round == 1 and game.state.engine == t("12-12")
    assert game.state.totals() == {1: 0, 2: 0, 3: 0}
    assert [r.lines() for r in game.archive] == [old]
    assert game.record.lines()[0]["type"] == "match" and game.record.lines()[1]["type"] == "deal"
    assert game.record.lines()[1]["round"] == 1 and not game.can_undo


def test_DX_8_next_match_seed_is_reproducible():
    first, second = session(3, seed=4), session(3, seed=4)
    first.new_match()
    second.new_match()
    assert first.record.lines() == second.record.lines() and first.seed != 4


# ------------------------------------------------------------------ DX.1
def test_DX_1_same_seed_same_match():
    bots = [Seat(f"Bot {s}", "random") for s in range(1, 5)]
    first, second = session(bots, seed=77, rounds=2), session(bots, seed=77, rounds=2)
    first.run_bots()
    second.run_bots()
    assert first.is_over and first.record.lines() == second.record.lines()
    assert first.record.lines()[0]["seed"] == 77


def test_DX_1_fresh_randomness_without_a_seed():
    first, second = session(3, seed=None), session(3, seed=None)
    assert first.seed != second.seed
    assert first.record.lines()[0]["seed"] == first.seed
    assert first.record.lines()[1]["hands"] != second.record.lines()[1]["hands"]


# ------------------------------------------------------------------ DX.5
def test_DX_5_pause_stops_the_computer():
    game = session([Seat("Bot 1", "random"), Seat("Bot 2", "random")], seed=6)
    length = len(game.record.events)
    game.pause("rules")
    game.pause("log")
    assert game.paused and game.step() is None and game.run_bots() == []
    assert len(game.record.events) == length
    game.resume("rules")
    assert game.step() is None
    game.resume("log")
    assert not game.paused
    assert game.step() and len(game.record.events) > length


def test_observers_see_every_published_event():
    seen = []
    game = session([Seat("Bot 1", "random"), Seat("Bot 2", "random")], seed=9, rounds=1)
    start = len(game.record.events)
    game.observers.append(lambda g, events: seen.extend(events))
    game.run_bots()
    assert game.is_over and seen == game.record.events[start:]


def test_DX_6_DX_7_undo_and_redo_a_restart():
    game = bot_session(13)
    game.decide(game.legal_actions()[0])
    game.run_bots()
    before = state_of(game)
    game.restart_round()
    restarted = state_of(game)
    game.undo()
    assert state_of(game) == before
    game.redo()
    assert state_of(game) == restarted and restarted[1][-1]["type"] in ("deal", "draw")
