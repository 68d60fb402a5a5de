"""The Chicken Foot example plugin (docs/examples/chicken_foot): its rules CF.1-CF.8 and its front ends.

The rules are tested in-process with rigged deals; the plugin as an
installed package is tested through ``roundhouse`` in a subprocess (see
``plugin_helpers``): ``plugins``, ``simulate`` with records that replay, the
console, and ``rules``. The Tk presenter draws its branching layout.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_helpers import CHICKEN_DIR, environment, install_example, plugin_rows, project_of, roundhouse

from roundhouse.core.game.actions import Draw, IllegalAction, OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamError
from roundhouse.core.game.state import Deal, RiggedDealer
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.play.record import read_record, replay
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.text.i18n import rules_text

ARMS = [f"arm{n}" for n in range(1, 7)]
RECORD_EVENTS = {"match", "deal", "redeal", "draw", "open", "play", "pass", "round_end", "restart", "match_end"}


@pytest.fixture
def cf(monkeypatch: pytest.MonkeyPatch):
    """The example's variant class, imported from its source directory."""
    monkeypatch.syspath_prepend(str(CHICKEN_DIR))
    from roundhouse_chicken_foot.variant import ChickenFoot

    return ChickenFoot


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The example installed in a temporary site; the subprocess environment."""
    site = tmp_path_factory.mktemp("site")
    install_example(site, CHICKEN_DIR)
    return environment(site, tmp_path_factory.mktemp("data"))


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def deal_of(*hands: str, stock: str = "") -> Deal:
    """Hands as written, the stock starting with ``stock``, then every other tile of the set in order."""
    held = [tiles(hand) for hand in hands]
    first = tiles(stock)
    used = {t for hand in held for t in hand} | set(first)
    rest = [t for t in double_set(9) if t not in used]
    return Deal({seat: tuple(hand) for seat, hand in enumerate(held, 1)}, tuple(first + rest))


def rigged(cf, hand_size: int, *deals: Deal, rounds: int = 1):
    """A started match of len(hands) players with ``hand_size`` tiles each and the given deals."""
    players = len(deals[0].hands)
    params = {"hand_sizes": {n: min(hand_size, 55 // n) for n in range(2, 9)}, "rounds": rounds}
    state = cf().new_match(players, 0, params, dealer=RiggedDealer(deals))
    return state, state.start()


def records(events) -> list[dict]:
    return [event.to_record() for event in events]


# --------------------------------------------------------------- parameters
def test_CF_1_CF_2_default_params_deal_each_player_count_from_the_double_nine_set(cf) -> None:
    variant = cf()
    assert (variant.min_players, variant.max_players) == (2, 8)
    params = variant.default_params()
    assert params["rounds"] >= 1
    for players in range(2, 9):
        state = variant.new_match(players, seed=players)
        state.start()
        size = params["hand_sizes"][players]
        assert all(len(state.hands[s]) == size for s in state.seats)
        dealt = [t for s in state.seats for t in state.hands[s]] + state.stock
        assert sorted(dealt) == double_set(9) and len(dealt) == 55


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        (
            {2: 15, 3: 13, 4: 11, 5: 9, 6: 8, 7: 8, 8: 7},
            "gives 7 players 8 tiles each (56); the double-nine set has only 55",
        ),
        ({2: 15, 3: 13, 4: 11, 5: 9, 6: 8, 7: 7}, "has no entry for 8 players"),
        ({1: 5, 2: 15, 3: 13, 4: 11, 5: 9, 6: 8, 7: 7, 8: 6}, "has entries for [1] players"),
    ],
)
def test_CF_2_hand_sizes_must_fit_the_set_for_every_player_count(cf, sizes, message) -> None:
    with pytest.raises(ParamError, match="hand_sizes") as error:
        cf().validate_params({"hand_sizes": sizes, "rounds": 3}, "test.yaml")
    assert message in str(error.value) and str(error.value).startswith("test.yaml: ")


# -------------------------------------------------------------- the opening
def test_CF_3_the_highest_double_opens_the_centre_then_play_goes_clockwise(cf) -> None:
    state, events = rigged(cf, 3, deal_of("8-8 1-2 3-4", "9-9 0-1 2-5", "7-7 0-2 3-3"))
    assert [e.type for e in events] == ["deal"]
    assert state.to_move() == 2 and state.legal_actions() == [OpenDouble(Tile(9, 9))]
    with pytest.raises(IllegalAction, match="CF.3"):
        state.apply(Draw())
    assert records(state.apply(OpenDouble(Tile(9, 9)))) == [{"type": "open", "seat": 2, "tile": "9-9"}]
    assert state.to_move() == 3


def test_CF_3_no_double_in_any_hand_means_a_redeal(cf) -> None:
    no_double = deal_of("0-1 2-3", "4-5 6-7")
    state, events = rigged(cf, 2, no_double, deal_of("0-1 5-5", "4-5 6-7"))
    assert [e.type for e in events] == ["deal", "redeal", "deal"]
    assert state.legal_actions() == [OpenDouble(Tile(5, 5))] and state.to_move() == 1


# ------------------------------------------------------- centre and chicken feet
CENTRE_DEAL = deal_of("9-9 9-0 9-1 9-2 1-1 5-6 0-0", "9-3 9-4 9-5 3-4 2-2 7-8 6-6", stock="2-5 4-7")


def fill_the_centre(state) -> None:
    """Lay the six arms of CENTRE_DEAL: seat 2, then 1, alternately."""
    state.apply(OpenDouble(Tile(9, 9)))
    for tile, arm in zip(tiles("9-3 9-0 9-4 9-1 9-5 9-2"), ARMS, strict=True):
        state.apply(Play(tile, arm))


def test_CF_4_the_centre_takes_six_tiles_one_per_arm_before_anything_else(cf) -> None:
    state, _ = rigged(cf, 7, CENTRE_DEAL)
    state.apply(OpenDouble(Tile(9, 9)))
    view = state.view(2)
    assert [line.id for line in view.lines] == ARMS and all(line.end == 9 for line in view.lines)
    [duty] = view.obligations
    assert (duty.text, duty.places, dict(duty.values)) == ("duty.centre", tuple(ARMS), {"count": 6})
    state.apply(Play(Tile(9, 3), "arm1"))
    state.apply(Play(Tile(9, 0), "arm2"))
    assert {a.line for a in state.legal_actions()} == set(ARMS[2:]), "only the empty arms"
    assert Play(Tile(3, 4), "arm1") not in state.legal_actions()
    before = state.snapshot()
    with pytest.raises(IllegalAction, match="CF.4"):
        state.apply(Play(Tile(3, 4), "arm1"))
    assert state.snapshot() == before
    assert state.view(None).obligations[0].values["count"] == 4


def test_CF_5_a_double_closes_its_line_sprouts_three_toes_and_takes_three_tiles_first(cf) -> None:
    state, _ = rigged(cf, 7, CENTRE_DEAL)
    fill_the_centre(state)
    assert state.view(None).obligations == () and state.to_move() == 2
    assert Play(Tile(3, 4), "arm1") in state.legal_actions() and Play(Tile(2, 2), "arm6") in state.legal_actions()
    state.apply(Play(Tile(2, 2), "arm6"))
    view = state.view(1)
    arm6 = view.line("arm6")
    assert arm6.closed and not arm6.available
    toes = [line for line in view.lines if line.parent == "arm6"]
    assert [t.id for t in toes] == ["foot2-1", "foot2-2", "foot2-3"]
    assert all(t.anchor == Tile(2, 2) and t.end == 2 and t.tiles == () and t.label == "line.toe" for t in toes)
    [duty] = view.obligations
    assert duty.text == "duty.foot" and duty.places == ("foot2-1", "foot2-2", "foot2-3")
    assert dict(duty.values) == {"double": "2-2", "count": 3}
    # Seat 1 holds 1-1 5-6 0-0: nothing for a toe, though 0-0 would fit arm2 (CF.5 before CF.6).
    assert state.legal_actions() == [Draw()]
    drawn = records(state.apply(Draw()))
    assert drawn == [{"type": "draw", "seat": 1, "tile": "2-5", "why": "play"}]
    assert state.legal_actions() == [Play(Tile(2, 5), toe) for toe in ("foot2-1", "foot2-2", "foot2-3")]
    with pytest.raises(IllegalAction, match="CF.5"):
        state.apply(Play(Tile(0, 0), "arm2"))
    state.apply(Play(Tile(2, 5), "foot2-2"))
    assert state.view(None).obligations[0].places == ("foot2-1", "foot2-3")


def test_CF_6_a_drawn_tile_that_does_not_fit_means_a_pass(cf) -> None:
    state, _ = rigged(cf, 7, CENTRE_DEAL)
    fill_the_centre(state)
    state.apply(Play(Tile(2, 2), "arm6"))
    state.apply(Draw())
    state.apply(Play(Tile(2, 5), "foot2-1"))
    # Seat 2 (3-4 7-8 6-6) has no 2 for the other toes: draws 4-7, which does not fit, and passes.
    assert state.legal_actions() == [Draw()]
    state.apply(Draw())
    assert state.legal_actions() == [Pass()]
    assert "drew 4-7" in state.pass_reason() and "CF.6" in state.pass_reason()
    with pytest.raises(IllegalAction, match="CF.6"):
        state.apply(Draw())
    assert records(state.apply(Pass())) == [{"type": "pass", "seat": 2}]
    assert state.to_move() == 1


# ----------------------------------------------------------- end and scoring
def test_CF_7_CF_8_going_out_ends_the_round_pips_count_and_0_0_is_worth_50(cf) -> None:
    state, _ = rigged(cf, 2, deal_of("9-9 8-9", "0-0 4-5", "1-1 2-3", stock="0-1 0-2"))
    state.apply(OpenDouble(Tile(9, 9)))
    for seat in (2, 3):  # no 9 for the centre: draw one, it does not fit, pass (CF.6)
        assert state.to_move() == seat and state.legal_actions() == [Draw()]
        state.apply(Draw())
        state.apply(Pass())
    out = records(state.apply(Play(Tile(8, 9), "arm1")))
    assert [e["type"] for e in out] == ["play", "round_end", "match_end"]
    end = out[1]
    assert end["reason"] == "out" and end["hands"]["1"] == []
    assert end["points"] == {"1": 0, "2": 50 + 9 + 1, "3": 2 + 5 + 2}, "0-0 counts 50, the rest their pips"
    assert out[2] == {"type": "match_end", "winners": [1], "totals": end["totals"]}


def test_CF_8_the_lowest_total_after_the_last_round_wins_and_ties_share(cf) -> None:
    first = deal_of("9-9", "1-2")
    second = deal_of("0-3", "9-9")
    state, _ = rigged(cf, 1, first, second, rounds=2)
    one = records(state.apply(OpenDouble(Tile(9, 9))))
    assert [e["type"] for e in one] == ["open", "round_end", "deal"]
    assert one[1]["points"] == {"1": 0, "2": 3} and state.round == 2
    two = records(state.apply(OpenDouble(Tile(9, 9))))
    assert two[-1] == {"type": "match_end", "winners": [1, 2], "totals": {"1": 3, "2": 3}}
    assert state.is_over() and state.winners() == [1, 2]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
def test_CF_7_random_matches_keep_every_tile_once_and_block_only_when_nobody_can_play_or_draw(
    cf, seed: int, players: int
) -> None:
    state = cf().new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_over():
            break
        if state.centre is not None:
            laid = [t for b in state.branches.values() for t in b.tiles] + [state.centre]
            held = [t for s in state.seats for t in state.hands[s]]
            assert sorted(laid + held + state.stock) == double_set(9)
        stock_before = len(state.stock)
        events = state.apply(rng.choice(state.legal_actions()))
        for event in events:
            if event.type == "round_end" and event["reason"] == "blocked":
                assert stock_before == 0
                if not state.is_over():  # the finished layout, with the places open at the block
                    ends = {line.end for line in state.view(None).previous_round.lines if line.available}
                    hands = [Tile.parse(t) for hand in event["hands"].values() for t in hand]
                    assert ends and not any(t.has(end) for t in hands for end in ends)
            if event.type == "round_end" and event["reason"] == "out":
                assert [] in event["hands"].values()
    assert state.is_over() and state.round == state.rounds and state.winners()


def test_DX_4_the_view_hides_other_hands_and_the_boneyard(cf) -> None:
    state, _ = rigged(cf, 7, CENTRE_DEAL)
    fill_the_centre(state)
    other, _ = rigged(cf, 7, deal_of("9-9 9-0 9-1 9-2 1-1 5-6 0-0", "9-3 9-4 9-5 3-4 2-2 7-8 6-6", stock="4-7 2-5"))
    fill_the_centre(other)
    assert state.view(1) == other.view(1) and state.stock != other.stock


def test_DX_7_restart_deals_the_same_hands_and_the_record_replays(cf) -> None:
    variant = cf()
    session = Session(variant, [Seat("Ana", "random"), Seat("Bo", "random")], bots(), seed=4)
    for _ in range(12):
        session.step()
    session.restart_round()
    session.run_bots()
    lines = session.record.lines()
    assert "restart" in {line["type"] for line in lines}
    assert replay(lines, variant).totals() == session.state.totals()


def bots() -> dict:
    from roundhouse.bots.greedy import GreedyBot
    from roundhouse.bots.random import RandomBot

    return {"random": RandomBot(), "greedy": GreedyBot()}


# ------------------------------------------------- rule text and game words
def test_CF_rule_text_names_every_clause_in_english_and_french_with_the_game_words(cf) -> None:
    variant = cf()
    assert variant.file_problems() == []
    for lang, title in (("en", "Chicken Foot"), ("fr", "Patte de poulet")):
        text = rules_text(variant.id, lang, variant.rules_text_package)
        assert text.title == title
        assert [heading.split()[0] for _, heading, _ in text.sections] == [f"CF.{n}" for n in range(1, 9)]
    from roundhouse.frontends.common.game_words import game_words

    state, _ = rigged(cf, 7, CENTRE_DEAL)
    fill_the_centre(state)
    state.apply(Play(Tile(2, 2), "arm6"))
    view = state.view(None)
    english, french = game_words(variant, "en"), game_words(variant, "fr")
    assert english.labels(view)["arm6"] == "Arm 6" and french.labels(view)["foot2-3"] == "2-2 doigt 3"
    assert english.obligation(view.obligations[0]).startswith("The double 2-2 still needs a tile on each empty toe")


# ----------------------------------------------------------- as a plugin
def test_chicken_foot_pyproject_declares_its_entry_point_and_ships_its_yaml() -> None:
    project = project_of(CHICKEN_DIR)
    assert project["entry-points"]["roundhouse"] == {"chicken-foot": "roundhouse_chicken_foot"}
    assert (CHICKEN_DIR / "roundhouse_chicken_foot" / "params.yaml").is_file()
    assert {p.name for p in (CHICKEN_DIR / "roundhouse_chicken_foot" / "rules_text").glob("*.yaml")} >= {
        "en.yaml",
        "fr.yaml",
    }


def test_plugins_lists_chicken_foot_and_rules_prints_it(installed: dict[str, str]) -> None:
    listed = roundhouse(installed, "plugins")
    assert listed.returncode == 0, listed.stderr
    assert plugin_rows(listed.stdout)[("variant", "chicken-foot")][2:] == [
        "chicken-foot",
        "roundhouse-chicken-foot",
        "0.1.0",
    ]
    assert "broken" not in listed.stdout
    rules = roundhouse(installed, "rules", "--variant", "chicken-foot", "--lang", "fr")
    assert rules.returncode == 0 and rules.stdout.startswith("Patte de poulet") and "CF.5" in rules.stdout


def test_simulate_plays_chicken_foot_and_its_records_replay(installed: dict[str, str], tmp_path: Path, cf) -> None:
    out = tmp_path / "records"
    out.mkdir()
    args = ("--variant", "chicken-foot", "--players", "4", "--bots", "greedy,random", "--matches", "12")
    result = roundhouse(installed, "simulate", *args, "--seed", "2", "--record", str(out))
    assert result.returncode == 2 and "--bots needs one id or 4 ids" in result.stderr
    args = ("--variant", "chicken-foot", "--players", "4", "--bots", "greedy,random,planner,random")
    result = roundhouse(installed, "simulate", *args, "--matches", "12", "--seed", "2", "--record", str(out))
    assert result.returncode == 0, result.stderr
    variant = cf()
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 12
    lines_played, reasons = set(), set()
    for path in files:
        lines = read_record(path)
        assert {line["type"] for line in lines} <= RECORD_EVENTS
        lines_played |= {line["line"] for line in lines if line["type"] == "play"}
        reasons |= {line["reason"] for line in lines if line["type"] == "round_end"}
        state = replay(lines, variant)
        assert state.is_over() and lines[-1]["winners"] == state.winners()
    assert set(ARMS) <= lines_played and any(line.startswith("foot") for line in lines_played)
    assert reasons == {"out", "blocked"}


def test_chicken_foot_plays_in_the_console_with_labels_and_obligations(
    installed: dict[str, str], tmp_path: Path
) -> None:
    env = dict(installed, ROUNDHOUSE_DATA_DIR=str(tmp_path))
    args = ("--ui", "console", "--variant", "chicken-foot", "--players", "2", "--humans", "1", "--bot", "greedy")
    moves = "1\ny\n" * 400
    result = roundhouse(env, "play", *args, "--seed", "5", "--lang", "en", stdin=moves)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Roundhouse: Chicken Foot (seed 5).")
    assert "  Arm 1: 9-" in out or "  Arm 1: (none)" in out
    assert "Required: The centre double still needs a tile on each empty arm (6 left)." in out
    assert "Round 1 is over" in out and "Traceback" not in out + result.stderr
    assert "arm1" not in out.replace("play ", "").split("Your moves")[0], "no raw line id on the table"


def test_the_tk_presenter_draws_chicken_foot_as_a_tree_with_the_games_labels(cf) -> None:
    from roundhouse.core.text.i18n import ui_catalog
    from roundhouse.frontends.common.game_words import game_words
    from roundhouse.frontends.tk.layout import table_rows
    from roundhouse.frontends.tk.presenter import Presenter

    variant = cf()
    presenter = Presenter(ui_catalog("en"))
    presenter.game = game_words(variant, "en")
    session = Session(variant, [Seat("Ana", "greedy"), Seat("Bo", "random")], bots(), seed=6)
    deepest, shared_rows = 0, 0
    while not session.is_over:
        view, legal = session.view(session.pending_seat), session.legal_actions()
        model = presenter.build(view, legal, bots=(True, True))
        by_id = {line.id: line for line in view.lines}
        for line in model.lines:
            source = by_id[line.id]
            assert line.label != str(line.id) and not line.label.startswith(("arm", "foot"))
            assert line.closed == source.closed and (line.badge == "closed") == source.closed
            if source.parent is not None:
                assert line.label.startswith(f"{source.anchor} toe ")
                assert line.tiles == () or line.tiles[0].left == source.anchor.a
        deepest = max([deepest] + [line.depth for line in model.lines])
        shared_rows = max([shared_rows] + [len(row) for row in table_rows(model.lines)])
        if view.obligations:
            assert "Required: " in model.status
        assert not re.search(r"\b(arm|foot)\d", model.detail), model.detail
        session.step()
    assert deepest >= 1 and shared_rows == 3
