"""The All Fives example plugin (docs/examples/all_fives): its rules AF.1-AF.9, its bot and its view.

The rules are tested in-process with rigged deals, one clause per test; a
random-match property checks that every point comes from a ``score`` event.
The plugin as an installed package is tested in ``test_all_fives_plugin.py``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roundhouse.core.game.actions import Draw, IllegalAction, OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamError
from roundhouse.core.game.state import Deal, RiggedDealer
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.game.views import Phrase, Spinner
from roundhouse.core.play.record import replay
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.text.i18n import rules_text

FIVES_DIR = Path(__file__).resolve().parent.parent / "docs" / "examples" / "all_fives"


@pytest.fixture
def af(monkeypatch: pytest.MonkeyPatch):
    """The example's package, imported from its source directory."""
    monkeypatch.syspath_prepend(str(FIVES_DIR))
    import roundhouse_all_fives.variant

    return roundhouse_all_fives


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def deal_of(*hands: str, stock: str = "") -> Deal:
    """Hands as written, the stock starting with ``stock``, then every other tile of the double-six set in order."""
    held = [tiles(hand) for hand in hands]
    first = tiles(stock)
    used = {t for hand in held for t in hand} | set(first)
    rest = [t for t in double_set(6) if t not in used]
    return Deal({seat: tuple(hand) for seat, hand in enumerate(held, 1)}, tuple(first + rest))


def rigged(af, *deals: Deal, keep: int = 2, target: int = 61, first_lead: str = "highest_double"):
    """A started match with the given deals (hand sizes from the first deal)."""
    players = len(deals[0].hands)
    size = len(deals[0].hands[1])
    params = {"hand_sizes": {n: size for n in (2, 3, 4)}, "boneyard_keep": keep, "first_lead": first_lead}
    params["target"] = target
    state = af.variant.AllFives().new_match(players, 0, params, dealer=RiggedDealer(deals))
    return state, state.start()


def records(events) -> list[dict]:
    return [event.to_record() for event in events]


def kinds(events) -> list[str]:
    return [event.type for event in events]


# --------------------------------------------------------------- parameters
def test_AF_1_AF_2_seven_tiles_each_for_two_players_five_for_three_or_four(af) -> None:
    variant = af.variant.AllFives()
    assert (variant.min_players, variant.max_players) == (2, 4) and variant.points_are == "gains"
    params = variant.default_params()
    assert params["hand_sizes"] == {2: 7, 3: 5, 4: 5} and params["target"] == 61 and params["boneyard_keep"] == 2
    for players, size in ((2, 7), (3, 5), (4, 5)):
        state = variant.new_match(players, seed=players)
        state.start()
        assert all(len(state.hands[s]) == size for s in state.seats)
        dealt = [t for s in state.seats for t in state.hands[s]] + state.stock
        assert sorted(dealt) == double_set(6)


def test_AF_2_hand_sizes_must_leave_the_kept_tiles_in_the_boneyard(af) -> None:
    params = {"hand_sizes": {2: 7, 3: 7, 4: 7}, "boneyard_keep": 2, "first_lead": "any", "target": 61}
    with pytest.raises(ParamError, match="gives 4 players 7 tiles each"):
        af.variant.AllFives().validate_params(params, "test.yaml")
    with pytest.raises(ParamError, match="first_lead"):
        af.variant.AllFives().validate_params(dict(params, first_lead="lowest"), "test.yaml")


# -------------------------------------------------------------- the lead
def test_AF_3_the_highest_double_leads_the_first_hand_and_scores_a_five(af) -> None:
    state, events = rigged(af, deal_of("6-6 1-2 0-1", "5-5 6-3 2-5"))
    assert kinds(events) == ["deal"]
    assert state.to_move() == 1 and state.legal_actions() == [OpenDouble(Tile(6, 6))]
    with pytest.raises(IllegalAction, match="AF.3"):
        state.apply(OpenDouble(Tile(1, 2)))
    assert records(state.apply(OpenDouble(Tile(6, 6)))) == [{"type": "open", "seat": 1, "tile": "6-6"}]
    lead_five, _ = rigged(af, deal_of("4-4 1-2 0-1", "5-5 6-3 2-5"))
    assert lead_five.to_move() == 2
    assert records(lead_five.apply(OpenDouble(Tile(5, 5))))[1] == {
        "type": "score",
        "seat": 2,
        "points": 10,
        "reason": "score.ends",
        "values": {"count": 10},
        "total": 10,
    }, "5-5 alone: both halves are open ends, 10"


def test_AF_3_without_a_double_the_heaviest_tile_leads_and_any_lead_is_a_parameter(af) -> None:
    state, _ = rigged(af, deal_of("1-2 0-1", "2-5 0-3"))
    assert state.to_move() == 2 and state.legal_actions() == [OpenDouble(Tile(2, 5))]
    free, _ = rigged(af, deal_of("1-2 3-3 0-1", "2-5 0-3 4-4"), first_lead="any")
    assert free.to_move() == 2 and free.legal_actions() == [OpenDouble(t) for t in tiles("0-3 2-5 4-4")]


def test_AF_3_AF_7_the_player_who_dominoes_leads_the_next_hand_with_any_tile(af) -> None:
    first = deal_of("5-5 0-5", "1-2 3-4", stock="1-1 5-6")
    second = deal_of("0-1 2-3", "6-6 4-5")
    state, _ = rigged(af, first, second)
    state.apply(OpenDouble(Tile(5, 5)))
    assert state.legal_actions() == [Draw()], "seat 2 holds no 5: it draws (AF.6)"
    state.apply(Draw())
    state.apply(Draw())
    state.apply(Play(Tile(5, 6), "right"))
    out = records(state.apply(Play(Tile(0, 5), "left")))
    assert [e["type"] for e in out] == ["play", "score", "round_end", "deal"]
    assert out[1] == {
        "type": "score",
        "seat": 1,
        "points": 10,
        "reason": "score.domino",
        "values": {"pips": 12},
        "total": 20,
    }, "1-2 3-4 1-1 hold 12 pips, rounded to 10 (AF.7)"
    end = out[2]
    assert end["reason"] == "out" and end["points"] == {"1": 20, "2": 0} and end["totals"] == {"1": 20, "2": 0}
    assert state.to_move() == 1, "not the holder of 6-6"
    assert state.legal_actions() == [OpenDouble(Tile(0, 1)), OpenDouble(Tile(2, 3))]


# ------------------------------------------------------- spinner and fives
SPINNER_DEAL = deal_of("6-6 3-3 0-1", "6-3 6-4 2-5", stock="6-1")


def test_AF_4_AF_5_the_lead_double_is_the_spinner_counting_both_halves_while_a_long_side_is_free(af) -> None:
    state, _ = rigged(af, SPINNER_DEAL)
    state.apply(OpenDouble(Tile(6, 6)))
    assert state.legal_actions() == [Play(Tile(6, 3), "right"), Play(Tile(6, 3), "left")] + [
        Play(Tile(6, 4), "right"),
        Play(Tile(6, 4), "left"),
    ], "only the long sides before both are covered"
    out = records(state.apply(Play(Tile(6, 3), "right")))
    assert out[1]["points"] == 15 and out[1]["values"] == {"count": 15}, "3 + the spinner's 12"
    view = state.view(None)
    assert view.spinner == Spinner(Tile(6, 6), ("right", "left")) and view.centre == Tile(6, 6)
    assert view.count == Phrase("count.ends", {"count": 15}) and view.goal == Phrase("goal.target", {"target": 61})
    out = records(state.apply(Play(Tile(3, 3), "right")))
    assert [e["type"] for e in out] == ["play"], "a double at the end counts both halves: 6 + 12 = 18"
    assert state.view(None).count.values["count"] == 18
    assert state.view(None).spinner.tile == Tile(6, 6), "a later double is no spinner"
    out = records(state.apply(Play(Tile(6, 4), "left")))
    assert out[1]["points"] == 10 and out[1]["total"] == 25, "3-3 at the end (6) + 4; seat 2 had 15"
    view = state.view(2)
    assert [line.id for line in view.lines] == ["right", "left", "up", "down"], "both long sides covered (AF.4)"
    assert view.spinner.arms == ("right", "left", "up", "down")
    assert view.line("up").tiles == () and view.line("up").end == 6 and view.line("up").available


def test_AF_4_the_first_double_played_becomes_the_spinner_and_the_cross_is_rooted_at_it(af) -> None:
    state, _ = rigged(af, deal_of("5-5 3-4 0-2", "4-4 2-3 1-6", stock="4-6"), first_lead="any")
    state.apply(OpenDouble(Tile(3, 4)))
    view = state.view(None)
    assert view.spinner is None and view.centre == Tile(3, 4) and view.count.values["count"] == 7
    state.apply(Play(Tile(4, 4), "right"))
    view = state.view(None)
    assert view.spinner == Spinner(Tile(4, 4), ("right", "left")) and view.centre == Tile(4, 4)
    assert view.line("left").tiles == (Tile(3, 4),) and view.line("left").end == 3
    assert view.line("right").tiles == () and view.count.values["count"] == 3 + 8
    with pytest.raises(IllegalAction, match="AF.4"):
        state.apply(Play(Tile(0, 2), "up"))
    state.apply(Draw())
    state.apply(Play(Tile(4, 6), "right"))
    assert [line.id for line in state.view(None).lines] == ["right", "left", "up", "down"]


# -------------------------------------------------------------------- turn
BLOCK_HANDS = ("6-6 0-0 0-1 1-1 0-2", "1-2 1-3 1-4 1-5 2-2", "2-3 2-4 2-5 3-3 0-3", "3-4 3-5 4-4 0-4 0-5")
"""Four hands of five: nobody but seat 1 holds a 6, and the eight tiles left are all kept (AF.6, AF.8)."""


def test_AF_6_a_player_who_can_play_may_not_draw_and_the_last_two_tiles_stay(af) -> None:
    state, _ = rigged(af, SPINNER_DEAL)
    state.apply(OpenDouble(Tile(6, 6)))
    with pytest.raises(IllegalAction, match="AF.6"):
        state.apply(Draw())
    state.apply(Play(Tile(6, 3), "right"))
    state.apply(Play(Tile(3, 3), "right"))
    state.apply(Play(Tile(6, 4), "left"))
    assert state.legal_actions() == [Draw()], "0-1 fits nowhere"
    assert records(state.apply(Draw())) == [{"type": "draw", "seat": 1, "tile": "1-6", "why": "play"}]
    assert state.to_move() == 1 and Play(Tile(1, 6), "up") in state.legal_actions()
    hands = ("6-6 6-1 0-0 1-1 0-2",) + BLOCK_HANDS[1:]
    keep_all, _ = rigged(af, deal_of(*hands), keep=8)
    keep_all.apply(OpenDouble(Tile(6, 6)))
    assert len(keep_all.stock) == 8 and keep_all.legal_actions() == [Pass()] and "AF.6" in keep_all.pass_reason()
    assert records(keep_all.apply(Pass())) == [{"type": "pass", "seat": 2}]


def test_AF_7_a_domino_scores_the_others_pips_rounded_to_the_nearest_five(af) -> None:
    from roundhouse_all_fives.layout import rounded_to_five

    assert [rounded_to_five(p) for p in (0, 2, 3, 7, 12, 13)] == [0, 0, 5, 5, 10, 15]


def test_AF_8_a_blocked_hand_scores_the_lowest_hand_the_others_pips_less_its_own(af) -> None:
    state, _ = rigged(af, deal_of(*BLOCK_HANDS), keep=8)
    out = records(state.apply(OpenDouble(Tile(6, 6))))
    assert [e["type"] for e in out] == ["open", "score", "round_end", "match_end"], "nobody holds a 6"
    assert out[1] == {
        "type": "score",
        "seat": 1,
        "points": 75,
        "reason": "score.blocked",
        "values": {"pips": 81, "own": 5},
        "total": 75,
    }, "22 + 27 + 32 less 5 = 76, rounded to 75"
    assert out[2]["reason"] == "blocked" and out[3]["winners"] == [1]


def test_AF_8_a_tie_for_the_lowest_hand_scores_nothing(af) -> None:
    hands = ("6-6 0-0 1-4 2-3 0-5", "0-1 1-1 0-2 0-4 3-3", "3-4 3-5 4-4 4-5 5-5", "1-5 2-4 2-5 2-2 1-3")
    state, _ = rigged(af, deal_of(*hands), deal_of(*hands), keep=8)
    out = records(state.apply(OpenDouble(Tile(6, 6))))
    assert [e["type"] for e in out] == ["open", "round_end", "deal"]
    assert out[1]["reason"] == "blocked" and set(out[1]["points"].values()) == {0}


def test_AF_9_reaching_the_target_wins_at_once_in_the_middle_of_a_hand(af) -> None:
    state, _ = rigged(af, deal_of("6-6 1-2 0-1", "5-5 6-3 2-5"), target=15)
    state.apply(OpenDouble(Tile(6, 6)))
    out = records(state.apply(Play(Tile(6, 3), "right")))
    assert [e["type"] for e in out] == ["play", "score", "round_end", "match_end"]
    assert out[2]["reason"] == "target" and out[2]["hands"]["1"] != [], "the hand stops with tiles still held"
    assert out[3] == {"type": "match_end", "winners": [2], "totals": {"1": 0, "2": 15}}
    assert state.is_over() and state.legal_actions() == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_AF_random_matches_score_only_through_score_events_and_end_at_the_target(af, seed, players) -> None:
    state = af.variant.AllFives().new_match(players, seed)
    events = list(state.start())
    rng = random.Random(seed)
    for _ in range(20000):
        if state.is_over():
            break
        if state.layout is not None:
            laid = [state.layout.centre] + [t for line in state.layout.lines.values() for t in line]
            held = [t for s in state.seats for t in state.hands[s]]
            assert sorted(laid + held + state.stock) == double_set(6)
        events += state.apply(rng.choice(state.legal_actions()))
    lines = records(events)
    scored = {s: 0 for s in state.seats}
    this_round = {s: 0 for s in state.seats}
    for line in lines:
        if line["type"] == "score":
            assert line["points"] > 0 and line["points"] % 5 == 0
            scored[line["seat"]] += line["points"]
            this_round[line["seat"]] += line["points"]
            assert line["total"] == scored[line["seat"]]
        if line["type"] == "round_end":
            assert line["points"] == {str(s): p for s, p in this_round.items()}
            assert line["totals"] == {str(s): p for s, p in scored.items()}
            this_round = {s: 0 for s in state.seats}
    assert state.is_over() and state.totals() == scored
    winner_total = max(scored.values())
    assert winner_total >= 61 and state.winners() == [s for s in state.seats if scored[s] == winner_total]


def test_DX_4_the_view_hides_other_hands_and_the_boneyard(af) -> None:
    state, _ = rigged(af, SPINNER_DEAL)
    other, _ = rigged(af, deal_of("6-6 3-3 0-1", "6-3 6-4 2-5", stock="5-5"))
    for game in (state, other):
        game.apply(OpenDouble(Tile(6, 6)))
    assert state.view(1) == other.view(1) and state.stock != other.stock


def test_DX_7_restart_deals_the_same_hands_and_the_record_replays(af) -> None:
    from roundhouse.bots.random import RandomBot

    variant = af.variant.AllFives()
    bots = {"fives": af.bot.FivesScorer(), "random": RandomBot()}
    session = Session(variant, [Seat("Ana", "fives"), Seat("Bo", "random")], bots, seed=4)
    for _ in range(9):
        session.step()
    session.restart_round()
    session.run_bots()
    lines = session.record.lines()
    assert "restart" in {line["type"] for line in lines} and "score" in {line["type"] for line in lines}
    assert replay(lines, variant).totals() == session.state.totals()


def test_the_view_with_a_spinner_crosses_to_an_isolated_bot_unchanged(af) -> None:
    from roundhouse.core.tournament.view_codec import decode, encode

    state, _ = rigged(af, SPINNER_DEAL)
    state.apply(OpenDouble(Tile(6, 6)))
    state.apply(Play(Tile(6, 3), "right"))
    view = state.view(1)
    assert decode(encode(view)) == view and view.spinner is not None


# -------------------------------------------------------------------- bot
def test_the_fives_scorer_takes_the_play_scoring_the_most_now(af) -> None:
    state, _ = rigged(af, deal_of("6-6 6-3 6-1 0-2", "4-4 6-4 1-2 0-0"))
    state.apply(OpenDouble(Tile(6, 6)))
    legal = state.legal_actions()
    bot = af.bot.FivesScorer()
    choice = bot.choose(state.view(2), legal, random.Random(0))
    assert choice in legal and choice.tile == Tile(4, 6), "6-4: 4 + 12 = 16, nothing scores, so the heaviest"
    state.apply(Play(Tile(4, 6), "right"))
    legal = state.legal_actions()
    assert {a.tile for a in legal} == {Tile(1, 6), Tile(3, 6)}
    assert bot.choose(state.view(1), legal, random.Random(0)) == Play(Tile(1, 6), "left"), "4 + 1 = 5 scores"


# -------------------------------------------------------------- rule text
def test_AF_rule_text_names_every_clause_in_english_and_french_with_the_same_game_words(af) -> None:
    variant = af.variant.AllFives()
    assert variant.file_problems() == []
    for lang, title in (("en", "All Fives"), ("fr", "Tout-cinq")):
        text = rules_text(variant.id, lang, variant.rules_text_package)
        assert text.title == title
        assert [heading.split()[0] for _, heading, _ in text.sections] == [f"AF.{n}" for n in range(1, 10)]
    import yaml

    folder = FIVES_DIR / "roundhouse_all_fives" / "rules_text"
    words = [yaml.safe_load((folder / f"{lang}.yaml").read_text(encoding="utf-8"))["text"] for lang in ("en", "fr")]
    assert (
        set(words[0]) == set(words[1]) >= {"count.ends", "goal.target", "score.ends", "score.domino", "score.blocked"}
    )
    assert all(words[0][key] != words[1][key] for key in words[0]), "French says it in French"
