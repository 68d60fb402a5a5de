"""The neutral core's small pieces: tiles, actions, events, parameters, the plugin manager."""

from __future__ import annotations

import copy
import pickle
import sys
import types

import pytest
from mt_helpers import VARIANT, params

from roundhouse import hookimpl
from roundhouse.core.game.actions import (
    Draw,
    EndTurn,
    IllegalAction,
    OpenDouble,
    Pass,
    PlaceEngine,
    Play,
    parse_action,
    parse_line,
)
from roundhouse.core.game.events import Event, event_from_record
from roundhouse.core.game.params import ParamError, load_yaml
from roundhouse.core.game.tiles import Tile, double_set, pip_total
from roundhouse.core.plugins.manager import get_plugin_manager


# ------------------------------------------------------------------ tiles
def test_tiles_are_normalized_and_read_back():
    assert Tile(12, 5) == Tile(5, 12) == Tile.parse(" 12-5 ") == (5, 12)
    assert str(Tile(12, 5)) == "5-12" and repr(Tile(3, 4)) == "Tile(3, 4)"
    assert Tile(0, 0).pips == 0 and Tile(5, 12).pips == 17
    assert Tile(4, 4).is_double and not Tile(4, 5).is_double
    assert Tile(4, 5).has(5) and not Tile(4, 5).has(6)
    assert Tile(4, 5).other(4) == 5 and Tile(4, 4).other(4) == 4
    with pytest.raises(ValueError, match="does not carry 6"):
        Tile(4, 5).other(6)
    assert pip_total([Tile(1, 2), Tile(0, 0), Tile(6, 6)]) == 15


@pytest.mark.parametrize("text", ["", "5", "5-", "a-b", "1-2-3", "5 12", "-1-3"])
def test_tile_parse_errors_name_the_text(text):
    with pytest.raises(ValueError, match="not a tile"):
        Tile.parse(text)


def test_negative_values_are_refused():
    with pytest.raises(ValueError, match=">= 0"):
        Tile(-1, 3)


def test_double_sets():
    for highest, count in ((12, 91), (9, 55), (6, 28)):
        tiles = double_set(highest)
        assert len(tiles) == len(set(tiles)) == count
        assert all(0 <= x.a <= x.b <= highest for x in tiles)
        assert sum(1 for x in tiles if x.is_double) == highest + 1


def test_tiles_survive_copy_and_pickle():
    tile = Tile(3, 9)
    assert pickle.loads(pickle.dumps(tile)) == tile and type(pickle.loads(pickle.dumps(tile))) is Tile
    assert copy.deepcopy([tile])[0] == tile and sorted([Tile(2, 3), Tile(0, 9)]) == [Tile(0, 9), Tile(2, 3)]


# ---------------------------------------------------------------- actions
@pytest.mark.parametrize(
    "action, text",
    [
        (PlaceEngine(Tile(12, 12)), "engine 12-12"),
        (OpenDouble(Tile(9, 9)), "open 9-9"),
        (Play(Tile(5, 12), "mexican"), "play 5-12 mexican"),
        (Play(Tile(3, 4), 2), "play 3-4 2"),
        (Draw(), "draw"),
        (Pass(), "pass"),
        (EndTurn(), "end"),
    ],
)
def test_action_text_round_trip(action, text):
    assert str(action) == text and parse_action(text) == action and parse_action(str(action)) == action


def test_action_parsing_is_lenient_about_case_and_order():
    assert parse_action("PLAY 12-5 Mexican") == Play(Tile(5, 12), "mexican")
    assert parse_line(" 10 ") == 10 and parse_line("Mexican") == "mexican"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty"),
        ("jump", "unknown action"),
        ("draw 5-5", "no arguments"),
        ("engine", "one tile"),
        ("play 5-12", "a tile and a line"),
        ("play x-y mexican", "not a tile"),
    ],
)
def test_action_parse_errors(text, words):
    with pytest.raises(ValueError, match=words):
        parse_action(text)


def test_illegal_action_names_its_clause():
    error = IllegalAction("no such train", "MT.8")
    assert isinstance(error, ValueError) and error.clause == "MT.8" and str(error) == "no such train (MT.8)"
    assert IllegalAction("plain").clause is None


# ----------------------------------------------------------------- events
def deal_event():
    return Event.make(
        "deal", round=1, hands={1: [Tile(0, 1), Tile(2, 2)], 2: [Tile(3, 4)]}, stock=[Tile(5, 6), Tile(7, 8)]
    )


def test_events_hold_record_form():
    event = Event.make("play", seat=2, tile=Tile(12, 5), line="mexican", end=5)
    assert event.to_record() == {"type": "play", "seat": 2, "tile": "5-12", "line": "mexican", "end": 5}
    assert event_from_record(event.to_record()) == event and event["tile"] == "5-12"
    with pytest.raises(TypeError):
        event.data["tile"] = "0-0"  # type: ignore[index]
    assert pickle.loads(pickle.dumps(event)) == event


def test_deal_visible_to_shows_counts_and_only_the_own_hand():
    event = deal_event()
    mine = event.visible_to(1)
    assert mine == {
        "type": "deal",
        "round": 1,
        "hand_counts": {"1": 2, "2": 1},
        "hand": ["0-1", "2-2"],
        "stock_count": 2,
    }
    onlooker = event.visible_to(None)
    assert "hand" not in onlooker and "hands" not in onlooker and "stock" not in onlooker
    assert event.public().to_record() == onlooker


def test_draw_tile_visible_only_to_the_drawer():
    event = Event.make("draw", seat=2, tile=Tile(5, 6), why="play")
    assert event.visible_to(2)["tile"] == "5-6"
    for seat in (1, 3, None):
        assert event.visible_to(seat) == {"type": "draw", "seat": 2, "why": "play"}


def test_public_events_are_the_same_for_everyone():
    event = Event.make("pass", seat=3)
    assert event.visible_to(1) == event.visible_to(None) == event.to_record()


# ------------------------------------------------------------- parameters
@pytest.mark.parametrize(
    "change, words",
    [
        ({"rounds": 0}, ["house.yaml", "'rounds'", "from 1 to 19"]),
        ({"rounds": True}, ["house.yaml", "'rounds'", "whole number"]),
        ({"engine_order": "upward"}, ["house.yaml", "'engine_order'", "'descending', 'ascending'"]),
        ({"tiles": 3}, ["house.yaml", "unknown key 'tiles'", "known keys"]),
        ({"hand_sizes": {2: 15}}, ["house.yaml", "'hand_sizes'", "2 to 10"]),
        ({"hand_sizes": {n: 50 for n in range(2, 11)}}, ["house.yaml", "'hand_sizes'", "from 1 to 30"]),
        (
            {"set_size": 6, "rounds": 13, "hand_sizes": {n: 2 for n in range(2, 11)}},
            ["house.yaml", "'rounds'", "at most 7"],
        ),
    ],
)
def test_param_errors_name_file_key_and_allowed_values(change, words):
    with pytest.raises(ParamError) as error:
        VARIANT.validate_params(params(**change), "house.yaml")
    for word in words:
        assert word in str(error.value)


def test_missing_param_is_named():
    chosen = params()
    del chosen["rounds"]
    with pytest.raises(ParamError, match="house.yaml: key 'rounds' is missing"):
        VARIANT.validate_params(chosen, "house.yaml")


def test_bad_yaml_names_its_source():
    with pytest.raises(ParamError, match="house.yaml: not valid YAML"):
        load_yaml("rounds: [13", "house.yaml")


def test_shipped_params_are_valid():
    assert VARIANT.default_params()["rounds"] == 13


# --------------------------------------------------------- plugin manager
class _Thing:
    def __init__(self, id_: str) -> None:
        self.id = id_
        self.description = id_


def _plugin(monkeypatch, name: str, **hooks) -> None:
    module = types.ModuleType(name)
    for hook_name, function in hooks.items():
        setattr(module, hook_name, hookimpl(function))
    monkeypatch.setitem(sys.modules, name, module)


def _bots(*ids):
    def register(registry):
        for bot_id in ids:
            registry.add_bot(_Thing(bot_id))

    return register


def test_a_duplicate_id_keeps_the_first_and_warns_naming_both_plugins(monkeypatch):
    _plugin(monkeypatch, "plug_first", roundhouse_register_bots=_bots("twin"))
    _plugin(monkeypatch, "plug_second", roundhouse_register_bots=_bots("twin", "other"))
    plugins = get_plugin_manager(("plug_first", "plug_second"), load_entry_points=False)
    assert plugins.registry.owners[("bot", "twin")] == "plug_first" and "other" in plugins.registry.bots
    [warning] = plugins.warnings()
    assert "'twin'" in warning and "plug_first" in warning and "plug_second" in warning
    assert "built-in plugin 'plug_first'" in warning and warning.endswith("rename the bot in plugin 'plug_second'")
    assert plugins.errors() == []


def test_plugin_failing_to_load_is_reported_and_skipped(monkeypatch, tmp_path):
    (tmp_path / "plug_explodes.py").write_text("raise RuntimeError('boom at import')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _plugin(monkeypatch, "plug_fine", roundhouse_register_bots=_bots("fine"))
    plugins = get_plugin_manager(("plug_explodes", "plug_missing_xyz", "plug_fine"), load_entry_points=False)
    registry = plugins.registry
    assert "boom at import" in registry.plugins["plug_explodes"].error
    assert "ModuleNotFoundError" in registry.plugins["plug_missing_xyz"].error
    assert registry.plugins["plug_fine"].error is None and "fine" in registry.bots
    errors = plugins.errors()
    assert len(errors) == 2 and any("plug_explodes" in line and "skipped" in line for line in errors)


def test_plugin_raising_in_its_hook_is_reported_and_dropped(monkeypatch):
    def half_then_raise(registry):
        registry.add_bot(_Thing("half"))
        raise KeyError("no config")

    _plugin(monkeypatch, "plug_raises", roundhouse_register_bots=half_then_raise)
    _plugin(monkeypatch, "plug_fine", roundhouse_register_bots=_bots("fine"))
    plugins = get_plugin_manager(("plug_raises", "plug_fine"), load_entry_points=False)
    error = plugins.registry.plugins["plug_raises"].error
    assert "roundhouse_register_bots raised KeyError" in error and "no config" in error
    assert "half" not in plugins.registry.bots and "fine" in plugins.registry.bots
    assert any("plug_raises" in line for line in plugins.errors())


def test_builtin_mexican_train_and_random_bot_register():
    registry = get_plugin_manager(load_entry_points=False).registry
    assert registry.variant("mexican-train").id == "mexican-train"
    assert registry.owners[("variant", "mexican-train")] == "roundhouse.variants.mexican_train"
    assert registry.bot("random").id == "random"
    with pytest.raises(KeyError, match="known"):
        registry.variant("no-such-game")
