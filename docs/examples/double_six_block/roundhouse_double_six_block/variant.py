"""The double-six block variant object: identity, parameters, factory."""

from __future__ import annotations

from typing import Any

from roundhouse.core.game.actions import OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamSpec
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.variant import Variant

from .rules import BlockState


class DoubleSixBlock(Variant):
    """Double-six block: 2-4 players, 7 tiles each, two lines, no drawing (BLK.1-BLK.7)."""

    id = "double-six-block"
    name = "Double-Six Block"
    min_players = 2
    max_players = 4
    actions = (OpenDouble, Play, Pass)
    params_package = "roundhouse_double_six_block"
    rules_text_package = "roundhouse_double_six_block.rules_text"
    param_specs = {
        "hand_size": ParamSpec(int, 1, 7),
        "target": ParamSpec(int, 1, 1000),
    }

    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        return BlockState(players, params, names, dealer)
