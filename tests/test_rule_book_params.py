"""Rule parameters that cannot cut the game (issue 16, item 5; DX.9, MT.16).

A game's ``params.yaml`` is held to the rule book: a value outside it is
refused with the file, the key and the allowed values. Mexican Train's one
house option (MT.16) is a named parameter, shown in the rules text and the
match header when in force.
"""

from __future__ import annotations

import sys

import pytest
import yaml
from console_helpers import console_game, plugins, script

from roundhouse.core.cli.main import main
from roundhouse.core.game.params import ParamError
from roundhouse.core.play.session import Seat
from roundhouse.core.play.setup import make_session
from roundhouse.frontends.console.terminal import Terminal

REGISTRY = plugins().registry


def broken_variant(tmp_path, monkeypatch, variant_id, change):
    """The variant reading a params.yaml with ``change`` applied, from a package of its own."""
    variant = type(REGISTRY.variant(variant_id))()
    params = {**REGISTRY.variant(variant_id).default_params(), **change}
    package = tmp_path / f"house_{variant_id.replace('-', '_')}_{abs(hash(str(change)))}"
    sys.modules.pop(package.name, None)
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "params.yaml").write_text(yaml.safe_dump(params))
    monkeypatch.syspath_prepend(str(tmp_path))
    variant.params_package = package.name
    return variant, f"{package.name}/params.yaml"


CUTS = [
    ("mexican-train", {"rounds": 1}, "key 'rounds' has value 1; allowed: 13 (the rule book, MT.2)"),
    ("mexican-train", {"set_size": 9}, "key 'set_size' has value 9; allowed: 12 (the rule book, MT.1)"),
    ("mexican-train", {"set_size": 13}, "key 'set_size' has value 13; allowed: 12 (the rule book, MT.1)"),
    ("mexican-train", {"hand_sizes": {n: 5 for n in range(2, 11)}}, "key 'hand_sizes'"),
    ("mexican-train", {"engine_order": "sideways"}, "key 'engine_order' has value 'sideways'"),
    ("double-nine-branch", {"hand_size": 3}, "key 'hand_size' has value 3; allowed: 8 (the rule book, DB.2)"),
    ("double-nine-branch", {"target": 5}, "key 'target' has value 5; allowed: 100 (the rule book, DB.11)"),
    (
        "double-nine-branch",
        {"direction": "clockwise"},
        "'direction' has value 'clockwise'; allowed: 'counterclockwise'",
    ),
    ("double-nine-branch", {"max_players": 4}, "key 'max_players' has value 4; allowed: 6 (the rule book, DB.1)"),
]


@pytest.mark.parametrize(("variant_id", "change", "words"), CUTS, ids=[f"{v} {c}" for v, c, _ in CUTS])
def test_DX_9_params_file_outside_the_rule_book_is_refused_naming_file_key_and_allowed(
    tmp_path, monkeypatch, variant_id, change, words
):
    variant, source = broken_variant(tmp_path, monkeypatch, variant_id, change)
    with pytest.raises(ParamError) as refused:
        variant.default_params()
    assert str(refused.value).startswith(source) and words in str(refused.value)
    sys.modules.pop(variant.params_package, None)


def test_MT_16_the_house_option_is_named_in_the_error_of_a_refused_value(tmp_path, monkeypatch):
    variant, _ = broken_variant(tmp_path, monkeypatch, "mexican-train", {"engine_order": "random"})
    with pytest.raises(ParamError, match=r"or a house option: 'ascending' \(rounds_upward\)"):
        variant.default_params()


def test_MT_16_the_house_option_is_accepted_and_shown_in_the_header_and_the_rules(tmp_path, monkeypatch):
    variant, _ = broken_variant(tmp_path, monkeypatch, "mexican-train", {"engine_order": "ascending"})
    params = variant.default_params()
    assert params["engine_order"] == "ascending"
    session = make_session(REGISTRY, "mexican-train", [Seat("Ana"), Seat("Bot", "random")], 3, params)
    game, output = console_game(session, script(["rules", "", "quit"]))
    game.run()
    text = output.getvalue()
    house = "House options in force (MT.16): rounds go upward, 0-0 first and 12-12 last."
    header, rules = text.split("your move", 1)
    assert house in header and house in rules


@pytest.mark.parametrize("lang", ["pt", "pl", "fr", "id"])
def test_MT_16_the_house_option_line_is_translated(lang):
    english = Terminal(sys.stdin, sys.stdout, "en")
    own = Terminal(sys.stdin, sys.stdout, lang)
    for key in ("house.in_force", "house.rounds_upward"):
        assert own.catalog.has(key) and own.t(key, options="x") != english.t(key, options="x")


def test_DX_9_the_shipped_games_follow_the_book_and_show_no_house_option(capsys):
    for variant_id in ("mexican-train", "double-nine-branch"):
        assert main(["rules", "--variant", variant_id, "--lang", "en"]) == 0
        assert "House options" not in capsys.readouterr().out
