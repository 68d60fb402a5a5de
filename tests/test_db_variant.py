"""Double-Nine Branch as a plugin: registry, params.yaml, sessions, the command line, record replay."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import pytest
from db_helpers import VARIANT, deal_of
from db_referee import referee

from roundhouse.core.cli.main import main
from roundhouse.core.game.actions import IllegalAction, OpenDouble, Pass
from roundhouse.core.game.params import ParamError
from roundhouse.core.game.state import Deal, Dealer, RiggedDealer, split_deal
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.play.record import read_record, replay
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.manager import get_plugin_manager
from roundhouse.variants.double_nine_branch.variant import DoubleNineBranch

T = Tile.parse
DEFAULTS = {
    "set_size": 9,
    "hand_size": 8,
    "target": 100,
    "direction": "counterclockwise",
    "min_players": 2,
    "max_players": 6,
}


class RedealingDealer(Dealer):
    """Every other deal gives no hand a double (forcing DB.4/DB.5d redeals); the others are shuffled."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.calls = 0

    def deal(self, round_number: int, tiles: Sequence[Tile], players: int, hand_size: int) -> Deal:
        self.calls += 1
        order = list(tiles)
        self.rng.shuffle(order)
        if self.calls % 2:
            order.sort(key=lambda t: t.is_double)  # doubles last: all set aside
        return split_deal(order, players, hand_size)


def bot_session(players: int, seed: int, dealer_factory=None) -> Session:
    plugins = get_plugin_manager()
    seats = [Seat(f"Bot {s}", "random") for s in range(1, players + 1)]
    return Session(
        plugins.registry.variant("double-nine-branch"),
        seats,
        {"random": plugins.registry.bot("random")},
        seed=seed,
        dealer_factory=dealer_factory,
    )


# ------------------------------------------------------------ plugin
def test_DB_registered_through_the_plugin_registry():
    plugins = get_plugin_manager()
    variant = plugins.registry.variant("double-nine-branch")
    assert isinstance(variant, DoubleNineBranch)
    assert plugins.registry.owners[("variant", "double-nine-branch")] == "roundhouse.variants.double_nine_branch"
    assert (variant.min_players, variant.max_players) == (2, 6)


# ------------------------------------------------------------ params
def test_DB_1_params_yaml_holds_the_rule_book_values():
    assert VARIANT.default_params() == DEFAULTS


@pytest.mark.parametrize(
    ("key", "value", "allowed"),
    [
        ("set_size", 2, "from 3 to 18"),
        ("hand_size", "eight", "a whole number"),
        ("target", 0, "from 1 to"),
        ("direction", "widdershins", "'counterclockwise', 'clockwise'"),
        ("max_players", 7, "from 2 to 6"),
        ("hand_size", 10, "at most 9"),
        ("min_players", 5, "at most max_players"),
    ],
)
def test_DB_1_bad_parameters_name_key_and_allowed_values(key, value, allowed):
    params = {**DEFAULTS, key: value}
    if key == "min_players":
        params["max_players"] = 4
    with pytest.raises(ParamError) as error:
        VARIANT.validate_params(params, "variants/double_nine_branch/params.yaml")
    message = str(error.value)
    assert "variants/double_nine_branch/params.yaml" in message and repr(key) in message and allowed in message


def test_DB_1_broken_params_file_is_reported_on_load(tmp_path, monkeypatch):
    package = tmp_path / "broken_db_params"
    package.mkdir()
    (package / "__init__.py").write_text("")
    text = "\n".join(f"{k}: {v}" for k, v in {**DEFAULTS, "target": -5}.items())
    (package / "params.yaml").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    variant = DoubleNineBranch()
    variant.params_package = "broken_db_params"
    with pytest.raises(ParamError, match=r"broken_db_params/params.yaml: key 'target' has value -5; allowed"):
        variant.default_params()
    sys.modules.pop("broken_db_params", None)


def test_DB_1_unknown_and_missing_keys():
    with pytest.raises(ParamError, match="unknown key 'rounds'"):
        VARIANT.validate_params({**DEFAULTS, "rounds": 13}, "p.yaml")
    with pytest.raises(ParamError, match="key 'target' is missing"):
        VARIANT.validate_params({k: v for k, v in DEFAULTS.items() if k != "target"}, "p.yaml")


def test_DB_3_clockwise_house_option_reverses_the_order():
    state = VARIANT.new_match(
        4, 0, {**DEFAULTS, "direction": "clockwise"}, dealer=RiggedDealer([deal_of({2: "9-9"}, 4)])
    )
    state.start()
    state.apply(OpenDouble(T("9-9")))
    assert state.to_move() == 3


# ----------------------------------------------------------- session
def test_DX_2_opening_is_a_preview_then_a_confirmed_decision():
    deal = deal_of({1: "9-9 4-4"}, 2)
    session = Session(VARIANT, [Seat("Ana"), Seat("Ben")], seed=1, dealer_factory=lambda _n: RiggedDealer([deal]))
    assert session.legal_actions() == [OpenDouble(T("9-9"))]
    before = session.state.snapshot()
    preview = session.preview(OpenDouble(T("9-9")))
    assert preview.seat == 1 and session.state.snapshot() == before
    with pytest.raises(IllegalAction, match="DB.4"):
        session.preview(OpenDouble(T("4-4")))
    session.cancel()
    assert session.state.snapshot() == before
    events = session.decide(OpenDouble(T("9-9")))
    assert events[0].to_record() == {"type": "open", "seat": 1, "tile": "9-9"}
    assert session.pending_seat == 2
    session.undo()
    assert session.state.snapshot() == before and session.pending_seat == 1


def test_DB_8a_forced_pass_reason_reaches_the_session():
    for seed in range(200):
        session = bot_session(3, seed)
        while not session.is_over and session.legal_actions() != [Pass()]:
            session.step()
        if not session.is_over:
            assert "DB.8a" in session.pass_reason()
            return
    raise AssertionError("no forced pass in 200 matches")


# ------------------------------------------------------------ replay
@pytest.mark.parametrize("players", [2, 3, 5])
def test_record_replays_with_redeals_and_restarts(players):
    """roundhouse.core.play.record.replay rebuilds matches full of redeals (DB.4, DB.5d) and restarts (DX.7)."""
    session = bot_session(players, 11, dealer_factory=lambda n: RedealingDealer(n))
    while session.state.round < 2 or session.record.events[-1].type != "play":
        session.step()
    assert not session.is_over
    session.restart_round()
    session.run_bots()
    lines = session.record.lines()
    kinds = [line["type"] for line in lines]
    assert kinds.count("redeal") >= 2 and "restart" in kinds and kinds[-1] == "match_end"
    assert replay(lines, VARIANT).snapshot() == session.state.snapshot()
    assert referee(lines).finished


def test_replay_refuses_a_forged_record():
    session = bot_session(4, 5)
    session.run_bots()
    lines = session.record.lines()
    i = next(k for k, line in enumerate(lines) if line["type"] == "play")
    lines[i] = {**lines[i], "line": "mexican"}
    with pytest.raises(ValueError, match=f"line {i + 1}"):
        replay(lines, VARIANT)


# ------------------------------------------------------ command line
def test_simulate_command_writes_records_that_replay(tmp_path, capsys):
    target = tmp_path / "dbout"
    args = ["simulate", "--variant", "double-nine-branch", "--players", "4", "--bots", "random"]
    assert main([*args, "--matches", "6", "--seed", "3", "--record", f"{target}/"]) == 0
    assert "6 matches" in capsys.readouterr().out
    files = sorted(target.iterdir())
    assert len(files) == 6
    for path in files:
        lines = read_record(path)
        state = replay(lines, VARIANT)
        assert state.is_over() and referee(lines).winners == state.winners()


def test_simulate_command_refuses_seven_players(capsys):
    args = ["simulate", "--variant", "double-nine-branch", "--players", "7", "--bots", "random", "--matches", "1"]
    assert main(args) == 2
    assert "2 to 6" in capsys.readouterr().err


def test_DB_1_set_size_parameter_is_honoured():
    params = {**DEFAULTS, "set_size": 6, "hand_size": 4}
    state = VARIANT.new_match(3, 2, params)
    events = state.start()
    assert len(state.tiles) == len(double_set(6)) == 28
    assert all(len(h) == 4 for h in events[0]["hands"].values())
