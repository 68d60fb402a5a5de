"""Every kind of action reads as a sentence in both front ends' catalogs, in every language."""

import pytest

from roundhouse.core.game.actions import Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.text.i18n import LANGUAGES, ui_catalog
from roundhouse.frontends.common.action_words import action_phrase

ACTIONS = [Play(Tile(5, 12), "mexican"), PlaceEngine(Tile(12, 12)), OpenDouble(Tile(9, 9)), Draw(), Pass(), EndTurn()]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("prefix", ["console.action.", "tk.action."])
def test_each_action_kind_has_a_phrase(prefix, lang):
    catalog = ui_catalog(lang)
    for action in ACTIONS:
        phrase = action_phrase(catalog.t, prefix, action, lambda line: f"<{line}>")
        assert not phrase.startswith(prefix), f"{action} has no {prefix} phrase in {lang}"
        if hasattr(action, "tile"):
            assert str(action.tile) in phrase
    assert "<mexican>" in action_phrase(catalog.t, prefix, ACTIONS[0], lambda line: f"<{line}>")
