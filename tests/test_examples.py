"""The example plugins of docs/examples work as installed third-party packages (issue 9).

Each example's entry point is made visible to ``importlib.metadata`` without
a network or an install: a temporary directory on ``PYTHONPATH`` holds a
hand-written ``<name>.dist-info`` (METADATA and entry_points.txt, read from
the example's own ``pyproject.toml``), and the example's source directory is
put on the path next to it. ``roundhouse`` then runs in a subprocess.

The rules of the example variant (its clauses BLK.1-BLK.7, in its own rule
text) are tested in-process with rigged deals.
"""

from __future__ import annotations

import importlib
import json
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plugin_helpers import (
    BLOCK_DIR,
    BOT_DIR,
    add_plugin,
    bot_plugin_source,
    environment,
    install_example,
    plugin_rows,
    project_of,
    roundhouse,
)

from roundhouse.core.game.actions import Draw, EndTurn, IllegalAction, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.params import ParamError
from roundhouse.core.game.state import Deal, RiggedDealer
from roundhouse.core.game.tiles import Tile, double_set
from roundhouse.core.play.record import read_record, replay, split_matches
from roundhouse.core.play.session import Seat, Session
from roundhouse.core.plugins.bot import Bot
from roundhouse.core.plugins.registry import Registry
from roundhouse.core.text.i18n import LANGUAGES, rules_text

RECORD_EVENTS = {"match", "deal", "redeal", "open", "play", "pass", "round_end", "restart", "match_end"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Both examples installed in a temporary site; returns the subprocess environment."""
    site = tmp_path_factory.mktemp("site")
    install_example(site, BOT_DIR)
    install_example(site, BLOCK_DIR)
    return environment(site, tmp_path_factory.mktemp("data"))


@pytest.fixture
def examples_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example sources on sys.path for in-process tests."""
    monkeypatch.syspath_prepend(str(BOT_DIR))
    monkeypatch.syspath_prepend(str(BLOCK_DIR))


# ------------------------------------------------------------ packaging checks
@pytest.mark.parametrize(
    ("example", "module"),
    [(BOT_DIR, "roundhouse_heaviest_double"), (BLOCK_DIR, "roundhouse_double_six_block")],
)
def test_example_pyproject_declares_its_entry_point(example: Path, module: str) -> None:
    project = project_of(example)
    assert list(project["entry-points"]["roundhouse"].values()) == [module]
    assert (example / f"{module}.py").is_file() or (example / module / "__init__.py").is_file()
    assert any(dep.startswith("roundhouse") for dep in project["dependencies"])


def test_block_package_data_ships_params_and_rule_texts() -> None:
    config = tomllib.loads((BLOCK_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]
    assert "params.yaml" in data["roundhouse_double_six_block"]
    assert "*.yaml" in data["roundhouse_double_six_block.rules_text"]
    assert (BLOCK_DIR / "roundhouse_double_six_block" / "rules_text" / "en.yaml").is_file()


# ------------------------------------------------------------- through the CLI
def test_plugins_lists_both_examples_with_package_and_version(installed: dict[str, str]) -> None:
    result = roundhouse(installed, "plugins")
    assert result.returncode == 0, result.stderr
    rows = plugin_rows(result.stdout)
    assert rows[("bot", "heaviest-double")][2:] == ["heaviest-double", "roundhouse-heaviest-double", "0.1.0"]
    assert rows[("variant", "double-six-block")][2:] == ["double-six-block", "roundhouse-double-six-block", "0.1.0"]
    assert ("variant", "mexican-train") in rows and ("bot", "random") in rows
    assert "broken" not in result.stdout


def test_simulate_plays_the_block_variant_and_its_records_replay(
    installed: dict[str, str], tmp_path: Path, examples_importable: None
) -> None:
    records = tmp_path / "records"
    records.mkdir()
    args = ("--variant", "double-six-block", "--players", "3", "--bots", "random", "--matches", "20", "--seed", "1")
    result = roundhouse(installed, "simulate", *args, "--record", str(records))
    assert result.returncode == 0, result.stderr
    assert "20 matches" in result.stdout
    from roundhouse_double_six_block.variant import DoubleSixBlock

    variant = DoubleSixBlock()
    files = sorted(records.glob("*.jsonl"))
    assert len(files) == 20
    reasons = set()
    for path in files:
        lines = read_record(path)
        assert {line["type"] for line in lines} <= RECORD_EVENTS
        assert {line["line"] for line in lines if line["type"] == "play"} <= {"left", "right"}
        state = replay(lines, variant)
        assert state.is_over() and lines[-1]["type"] == "match_end"
        assert lines[-1]["winners"] == state.winners() and max(state.totals().values()) >= 100
        reasons |= {line["reason"] for line in lines if line["type"] == "round_end"}
    assert reasons == {"out", "blocked"}


def test_simulate_refuses_a_player_count_the_block_variant_does_not_take(installed: dict[str, str]) -> None:
    result = roundhouse(installed, "simulate", "--variant", "double-six-block", "--players", "5", "--bots", "random")
    assert result.returncode == 2
    assert "2 to 4 players" in result.stderr


def test_heaviest_double_bot_plays_mexican_train_via_simulate(installed: dict[str, str], tmp_path: Path) -> None:
    from roundhouse.variants.mexican_train.variant import MexicanTrain

    record = tmp_path / "mexican.jsonl"
    args = ("--variant", "mexican-train", "--players", "2", "--bots", "heaviest-double,random", "--matches", "2")
    result = roundhouse(installed, "simulate", *args, "--seed", "5", "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert "heaviest-double" in result.stdout
    matches = split_matches(read_record(record))
    assert len(matches) == 2
    for lines in matches:
        assert "bot:heaviest-double" in [seat["player"] for seat in lines[0]["seats"]]
        assert lines[-1]["type"] == "match_end"
        assert replay(lines, MexicanTrain()).is_over()


def test_rules_command_prints_the_block_rule_text_from_its_package(installed: dict[str, str]) -> None:
    result = roundhouse(installed, "rules", "--variant", "double-six-block", "--lang", "fr")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Bloc double-six")
    assert "BLK.6" in result.stdout


def test_block_variant_plays_in_the_console_front_end(installed: dict[str, str], tmp_path: Path) -> None:
    env = dict(installed, ROUNDHOUSE_DATA_DIR=str(tmp_path))
    args = ("--ui", "console", "--variant", "double-six-block", "--players", "2", "--humans", "1")
    moves = "1\ny\n" * 150  # always the first listed move, confirmed; forced passes are acknowledged
    result = roundhouse(env, "play", *args, "--bot", "heaviest-double", "--seed", "3", "--lang", "en", stdin=moves)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Roundhouse: Double-Six Block (seed 3).")
    assert "the left line" in out and "the right line" in out
    assert "Player 1 plays" in out and "Computer 2 plays" in out
    assert "Round 1 is over" in out and "== Round 2 ==" in out
    assert "Traceback" not in out + result.stderr


def test_the_tk_presenter_draws_every_position_of_a_block_match(examples_importable: None) -> None:
    from roundhouse.bots.random import RandomBot
    from roundhouse.core.text.i18n import ui_catalog
    from roundhouse.frontends.tk.presenter import Presenter

    presenter = Presenter(ui_catalog("en"))
    session = Session(block(), [Seat("Ana", "random"), Seat("Bo", "random")], {"random": RandomBot()}, seed=2)
    labels = set()
    while not session.is_over:
        view, legal = session.view(session.pending_seat), session.legal_actions()
        model = presenter.build(view, legal, bots=(True, True))
        labels.add(tuple(line.label for line in model.lines))
        assert all(presenter.describe(view, action) for action in legal)
        session.step()
    assert labels == {(), ("Left", "Right")}


# --------------------------------------------------- broken and observing plugins
BROKEN_ON_IMPORT = 'raise RuntimeError("broken on purpose")\n'
BROKEN_HOOK = """from roundhouse import hookimpl


@hookimpl
def roundhouse_register_bots(registry):
    raise ValueError("cannot register today")
"""
MISSPELLED_HOOK = """from roundhouse import hookimpl


@hookimpl
def roundhouse_register_bot(registry):
    pass
"""
EVENT_COUNTER = """import json
import os

from roundhouse import hookimpl

COUNTS = {}


@hookimpl
def roundhouse_match_event(event, match):
    COUNTS[event.type] = COUNTS.get(event.type, 0) + 1
    COUNTS["variant"] = match["variant"]
    with open(os.environ["EVENT_COUNTS"], "w", encoding="utf-8") as handle:
        json.dump(COUNTS, handle)
"""
FAILING_OBSERVER = """from roundhouse import hookimpl


@hookimpl
def roundhouse_match_event(event):
    raise KeyError("observer trouble")
"""


def test_broken_plugins_are_listed_with_their_error_and_skipped(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install_example(site, BOT_DIR)
    install_example(site, BLOCK_DIR)
    add_plugin(site, "rh_broken_import", BROKEN_ON_IMPORT)
    add_plugin(site, "rh_broken_hook", BROKEN_HOOK)
    add_plugin(site, "rh_misspelled", MISSPELLED_HOOK)
    env = environment(site, tmp_path)
    listed = roundhouse(env, "plugins")
    assert listed.returncode == 0, listed.stderr
    broken = [line for line in listed.stdout.splitlines() if line.startswith("broken")]
    assert len(broken) == 3
    assert any("rh-misspelled" in line and "unknown hook 'roundhouse_register_bot'" in line for line in broken)
    assert any("rh-broken-import" in line and "RuntimeError: broken on purpose" in line for line in broken)
    assert any("rh-broken-hook" in line and "cannot register today" in line for line in broken)
    rows = plugin_rows(listed.stdout)
    assert ("bot", "heaviest-double") in rows and ("variant", "double-six-block") in rows
    played = roundhouse(env, "simulate", "--variant", "double-six-block", "--players", "2", "--bots", "heaviest-double")
    assert played.returncode == 0, played.stderr
    assert "rh-broken-import" in played.stderr and "1 matches" in played.stdout


DUPLICATE_BOT = bot_plugin_source("random", "same id as a built-in")


def test_a_duplicate_id_is_skipped_with_one_warning_naming_both_plugins(tmp_path: Path) -> None:
    site = tmp_path / "site"
    add_plugin(site, "rh_duplicate", DUPLICATE_BOT)
    result = roundhouse(environment(site, tmp_path), "plugins")
    assert result.returncode == 0, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(
        "warning: bot id 'random' of plugin 'rh-duplicate' skipped: built-in plugin 'roundhouse.bots.random'"
    )
    assert line.endswith("rename the bot in plugin 'rh-duplicate'") and "uninstall" not in line
    assert plugin_rows(result.stdout)[("bot", "random")][2] == "roundhouse.bots.random"
    assert any(row.startswith("duplicate bot id 'random'") for row in result.stdout.splitlines())


def test_roundhouse_match_event_sees_every_event_and_a_failing_observer_does_not_stop_play(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install_example(site, BLOCK_DIR)
    add_plugin(site, "rh_event_counter", EVENT_COUNTER)
    add_plugin(site, "rh_failing_observer", FAILING_OBSERVER)
    env = environment(site, tmp_path)
    env["EVENT_COUNTS"] = str(tmp_path / "counts.json")
    record = tmp_path / "match.jsonl"
    args = ("--variant", "double-six-block", "--players", "2", "--bots", "random", "--seed", "3")
    result = roundhouse(env, "simulate", *args, "--record", str(record))
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("observer trouble") == 1 and "rh-failing-observer" in result.stderr
    counts = json.loads(Path(env["EVENT_COUNTS"]).read_text(encoding="utf-8"))
    expected: dict[str, int] = {}
    for line in read_record(record)[1:]:
        expected[line["type"]] = expected.get(line["type"], 0) + 1
    assert counts.pop("variant") == "double-six-block"
    assert counts == expected


TEXT_FRONTEND = """from roundhouse import hookimpl
from roundhouse.core.play.setup import default_seats, make_session


class AutoFrontend:
    id = "auto-ui"
    description = "plays one match between bots and prints the result"

    def available(self):
        return True

    def run(self, app):
        registry = app.plugins.registry
        seats = default_seats(0, app.options.players, app.options.bot)
        session = make_session(registry, app.options.variant, seats, app.options.seed)
        session.run_bots()
        app.stdout.write(f"{session.view(None).variant} over={session.is_over} winners={session.state.winners()}\\n")
        return 3


@hookimpl
def roundhouse_register_frontends(registry):
    registry.add_frontend(AutoFrontend())
"""


def test_a_front_end_plugin_runs_the_example_variant_and_bot(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install_example(site, BOT_DIR)
    install_example(site, BLOCK_DIR)
    add_plugin(site, "rh_auto_ui", TEXT_FRONTEND)
    env = environment(site, tmp_path)
    args = ("--ui", "auto-ui", "--variant", "double-six-block", "--players", "3", "--bot", "heaviest-double")
    result = roundhouse(env, "play", *args, "--seed", "8")
    assert result.returncode == 3, result.stderr
    assert result.stdout.startswith("double-six-block over=True winners=[")
    assert ("frontend", "auto-ui") in plugin_rows(roundhouse(env, "plugins").stdout)


def test_the_example_hooks_register_into_a_registry(examples_importable: None) -> None:
    bot_module = importlib.import_module("roundhouse_heaviest_double")
    block_module = importlib.import_module("roundhouse_double_six_block")
    registry = Registry()
    registry.current = "example"
    bot_module.roundhouse_register_bots(registry=registry)
    block_module.roundhouse_register_variants(registry=registry)
    assert list(registry.bots) == ["heaviest-double"] and list(registry.variants) == ["double-six-block"]
    assert registry.owners[("variant", "double-six-block")] == "example"
    assert isinstance(registry.bot("heaviest-double"), Bot)


# ---------------------------------------------------------- the heaviest-double bot
@pytest.fixture
def bot(examples_importable: None):
    return importlib.import_module("roundhouse_heaviest_double").HeaviestDoubleBot()


def a_view():
    """Any real view: the bot must not depend on it."""
    from roundhouse_double_six_block.variant import DoubleSixBlock

    state = DoubleSixBlock().new_match(2, seed=1)
    state.start()
    return state.view(1)


def test_bot_lays_the_heaviest_double_before_a_heavier_tile(bot) -> None:
    legal = [Play(Tile(5, 6), "left"), Play(Tile(3, 3), "right"), Play(Tile(1, 1), "left"), Play(Tile(2, 5), "left")]
    assert bot.choose(a_view(), legal, random.Random(0)) == Play(Tile(3, 3), "right")


def test_bot_lays_the_heaviest_tile_without_a_double(bot) -> None:
    legal = [Play(Tile(2, 5), 1), Play(Tile(4, 6), "mexican"), Play(Tile(0, 6), 1), EndTurn()]
    assert bot.choose(a_view(), legal, random.Random(0)) == Play(Tile(4, 6), "mexican")


@pytest.mark.parametrize("only", [Draw(), Pass(), PlaceEngine(Tile(12, 12)), OpenDouble(Tile(9, 9))])
def test_bot_takes_the_only_legal_action(bot, only) -> None:
    assert bot.choose(a_view(), [only], random.Random(0)) == only


def test_bot_breaks_ties_with_its_rng_only(bot) -> None:
    legal = [Play(Tile(4, 4), "left"), Play(Tile(4, 4), "right"), Play(Tile(0, 4), "left")]
    chosen = {bot.choose(a_view(), legal, random.Random(seed)) for seed in range(30)}
    assert chosen == {Play(Tile(4, 4), "left"), Play(Tile(4, 4), "right")}
    assert bot.choose(a_view(), legal, random.Random(7)) == bot.choose(a_view(), legal, random.Random(7))


# ------------------------------------------------------ the double-six block rules
def block():
    """The example variant (needs the ``examples_importable`` fixture)."""
    from roundhouse_double_six_block.variant import DoubleSixBlock

    return DoubleSixBlock()


def rigged(players: int, hand_size: int, *hands: list[str], target: int = 100, more: tuple[Deal, ...] = ()):
    """A started block match whose first deal gives ``hands`` (the rest set aside)."""
    return rigged_deals(players, hand_size, [deal_of(*hands)], target, more)


def deal_of(*hands: list[str]) -> Deal:
    dealt = {s: tuple(Tile.parse(t) for t in hand) for s, hand in enumerate(hands, 1)}
    used = {t for hand in dealt.values() for t in hand}
    return Deal(dealt, tuple(t for t in double_set(6) if t not in used))


def rigged_deals(players: int, hand_size: int, deals: list[Deal], target: int = 100, more: tuple[Deal, ...] = ()):
    state = block().new_match(
        players, 0, {"hand_size": hand_size, "target": target}, dealer=RiggedDealer([*deals, *more])
    )
    events = state.start()
    return state, events


def test_BLK_1_and_BLK_2_default_params_and_seven_tiles_each_rest_set_aside(examples_importable: None) -> None:
    variant = block()
    assert variant.default_params() == {"hand_size": 7, "target": 100}
    assert (variant.min_players, variant.max_players) == (2, 4)
    state = variant.new_match(3, seed=4)
    deal = state.start()[0]
    assert deal.type == "deal" and all(len(hand) == 7 for hand in deal["hands"].values())
    assert len(deal["stock"]) == 28 - 21
    view = state.view(1)
    assert view.stock_count == 0 and view.extra["set_aside"] == 7
    assert Draw() not in state.legal_actions()


def test_BLK_params_are_validated_like_the_built_ins(examples_importable: None) -> None:
    with pytest.raises(ParamError, match=r"key 'hand_size' has value 8; allowed: a whole number from 1 to 7"):
        block().validate_params({"hand_size": 8, "target": 100}, "params.yaml")
    with pytest.raises(ParamError, match="unknown key 'rounds'"):
        block().validate_params({"hand_size": 7, "target": 100, "rounds": 3}, "params.yaml")


def test_BLK_3_the_highest_double_leads_then_play_goes_clockwise(examples_importable: None) -> None:
    state, _ = rigged(3, 2, ["3-3", "0-1"], ["1-2", "2-3"], ["5-5", "3-5"])
    assert state.to_move() == 3 and state.legal_actions() == [OpenDouble(Tile(5, 5))]
    with pytest.raises(IllegalAction, match="BLK.3"):
        state.apply(OpenDouble(Tile(3, 3)))
    events = state.apply(OpenDouble(Tile(5, 5)))
    assert [e.to_record() for e in events] == [{"type": "open", "seat": 3, "tile": "5-5"}]
    assert state.to_move() == 1
    assert [line.id for line in state.view(1).lines] == ["left", "right"]
    assert all(line.owner is None and line.end == 5 for line in state.view(1).lines)


def test_BLK_3_no_double_in_any_hand_means_a_redeal(examples_importable: None) -> None:
    no_double = deal_of(["0-1", "0-2"], ["1-2", "3-4"])
    state, events = rigged_deals(2, 2, [no_double, deal_of(["6-6", "0-6"], ["1-2", "3-4"])])
    assert [e.type for e in events] == ["deal", "redeal", "deal"]
    assert events[1].to_record() == {"type": "redeal", "round": 1, "reason": "no double in any hand"}
    assert state.legal_actions() == [OpenDouble(Tile(6, 6))]


def test_BLK_5_a_player_who_can_play_must_play_and_who_cannot_passes(examples_importable: None) -> None:
    state, _ = rigged(2, 3, ["6-6", "0-6", "1-1"], ["2-3", "4-5", "0-2"])
    state.apply(OpenDouble(Tile(6, 6)))
    assert state.legal_actions() == [Pass()]
    assert "passes (BLK.5)" in state.pass_reason()
    state.apply(Pass())
    assert state.legal_actions() == [Play(Tile(0, 6), "left"), Play(Tile(0, 6), "right")]
    for wrong, clause in ((Pass(), "BLK.5"), (Draw(), "BLK.2"), (Play(Tile(1, 1), "left"), "BLK.5")):
        before = state.snapshot()
        with pytest.raises(IllegalAction, match=clause):
            state.apply(wrong)
        assert state.snapshot() == before
    with pytest.raises(IllegalAction, match="BLK.4"):
        state.apply(Play(Tile(0, 6), "middle"))
    events = state.apply(Play(Tile(0, 6), "right"))
    assert events[0].to_record() == {"type": "play", "seat": 1, "tile": "0-6", "line": "right", "end": 0}
    assert state.to_move() == 2 and Play(Tile(0, 2), "right") in state.legal_actions()


def test_BLK_6a_going_out_scores_the_opponents_pips_and_BLK_7_ends_the_match(examples_importable: None) -> None:
    state, _ = rigged(3, 2, ["6-6", "1-6"], ["2-3", "4-5"], ["0-0", "0-2"], target=16)
    state.apply(OpenDouble(Tile(6, 6)))
    state.apply(Pass())
    state.apply(Pass())
    events = state.apply(Play(Tile(1, 6), "left"))
    round_end = events[1].to_record()
    assert round_end["reason"] == "out"
    assert round_end["points"] == {"1": 2 + 3 + 4 + 5 + 0 + 0 + 0 + 2, "2": 0, "3": 0}
    assert events[2].to_record() == {"type": "match_end", "winners": [1], "totals": {"1": 16, "2": 0, "3": 0}}
    assert state.is_over() and state.to_move() is None and state.legal_actions() == []


def test_BLK_6b_a_block_scores_the_others_minus_the_lightest_hand(examples_importable: None) -> None:
    state, _ = rigged(
        3,
        2,
        ["6-6", "0-1"],
        ["2-3", "0-2"],
        ["4-5", "3-4"],
        more=(deal_of(["1-1", "1-2"], ["2-2", "2-3"], ["3-3", "3-4"]),),
    )
    events = state.apply(OpenDouble(Tile(6, 6)))
    round_end = events[1].to_record()
    assert round_end["reason"] == "blocked"
    assert round_end["points"] == {"1": 7 + 16 - 1, "2": 0, "3": 0}
    assert round_end["totals"] == {"1": 22, "2": 0, "3": 0}
    assert events[2].type == "deal" and events[2]["round"] == 2 and not state.is_over()


def test_BLK_6b_a_tie_for_the_lightest_hand_scores_nothing(examples_importable: None) -> None:
    state, _ = rigged(2, 2, ["6-6", "1-2"], ["0-3", "0-0"], more=(deal_of(["1-1", "1-2"], ["2-2", "2-3"]),))
    events = state.apply(OpenDouble(Tile(6, 6)))
    assert events[1].to_record()["points"] == {"1": 0, "2": 0}
    assert state.totals() == {1: 0, 2: 0} and state.round == 2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_BLK_random_matches_keep_every_tile_once_and_end(examples_importable: None, seed: int, players: int) -> None:
    state = block().new_match(players, seed)
    state.start()
    choices = random.Random(seed)
    for _ in range(5000):
        snap = state.snapshot()
        placed = [t for tiles in snap["lines"].values() for t in tiles] + ([snap["centre"]] if snap["centre"] else [])
        in_hands = [t for hand in snap["hands"].values() for t in hand]
        assert sorted(in_hands + placed + snap["set_aside"]) == double_set(6)
        if state.is_over():
            break
        state.apply(choices.choice(state.legal_actions()))
    assert state.is_over() and len(state.winners()) == 1
    assert state.totals()[state.winners()[0]] >= 100


def test_DX_4_the_view_hides_other_hands_and_the_set_aside_tiles(examples_importable: None) -> None:
    first, _ = rigged(2, 2, ["6-6", "0-6"], ["1-2", "3-4"])
    second, _ = rigged(2, 2, ["6-6", "0-6"], ["1-3", "2-4"])
    assert first.view(1) == second.view(1)
    assert first.view(2) != second.view(2)
    assert "hands" not in first.view(1).history[0].data and "stock" not in first.view(1).history[0].data


def test_DX_7_restart_deals_the_same_hands_and_the_record_replays(examples_importable: None) -> None:
    from roundhouse.bots.random import RandomBot

    variant = block()
    session = Session(variant, [Seat("Ana"), Seat("Bot", "random")], {"random": RandomBot()}, seed=11)
    dealt = session.state.snapshot()
    for _ in range(3):
        session.run_bots()
        session.decide(session.legal_actions()[0])
    assert session.state.round == 1 and session.state.snapshot()["hands"] != dealt["hands"]
    session.restart_round()
    assert session.state.snapshot() == dealt
    while not session.is_over:
        session.run_bots()
        if session.human_to_move:
            session.decide(session.legal_actions()[-1])
    lines = json.loads(json.dumps(session.record.lines()))
    assert "restart" in [line["type"] for line in lines]
    assert replay(lines, variant).totals() == session.state.totals()


def test_BLK_rule_text_ships_in_the_package_in_every_language_and_names_every_clause(
    examples_importable: None,
) -> None:
    variant = block()
    english = rules_text(variant.id, "en", variant.rules_text_package)
    assert english.title == "Double-Six Block"
    clauses = [heading.split()[0] for _, heading, _ in english.sections]
    assert clauses == [f"BLK.{n}" for n in range(1, 8)]
    titles = {english.title}
    for lang in LANGUAGES[1:]:
        assert (BLOCK_DIR / "roundhouse_double_six_block" / "rules_text" / f"{lang}.yaml").is_file()
        text = rules_text(variant.id, lang, variant.rules_text_package)
        assert [heading.split()[0] for _, heading, _ in text.sections] == clauses
        assert all(body.strip() for _, _, body in text.sections)
        titles.add(text.title)
    assert len(titles) == len(LANGUAGES)
