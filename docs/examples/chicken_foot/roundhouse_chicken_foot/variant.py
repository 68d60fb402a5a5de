"""The Chicken Foot variant object: identity, parameters, factory."""

from __future__ import annotations

from typing import Any

from roundhouse.core.game.actions import Draw, OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamError, ParamSpec
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.tiles import double_set
from roundhouse.core.game.variant import Variant

from .rules import ChickenFootState

SET_SIZE = len(double_set(9))
"""Tiles in the double-nine set (CF.1)."""


class ChickenFoot(Variant):
    """Chicken Foot: 2-8 players, a double-nine set, a centre with six arms and feet on every double."""

    id = "chicken-foot"
    name = "Chicken Foot"
    min_players = 2
    max_players = 8
    actions = (OpenDouble, Play, Draw, Pass)
    params_package = "roundhouse_chicken_foot"
    rules_text_package = "roundhouse_chicken_foot.rules_text"
    default_bot = "greedy"
    hint_bot = "greedy"
    param_specs = {
        "hand_sizes": ParamSpec(dict, 1, SET_SIZE // 2),
        "rounds": ParamSpec(int, 1, 20),
    }

    def check_params(self, params: dict[str, Any], source: str) -> None:
        """CF.2: a hand size for every player count, and every deal fits in the set."""
        sizes = params["hand_sizes"]
        for players in range(self.min_players, self.max_players + 1):
            if players not in sizes:
                raise ParamError(f"{source}: key 'hand_sizes' has no entry for {players} players")
            if players * sizes[players] > SET_SIZE:
                raise ParamError(
                    f"{source}: key 'hand_sizes' gives {players} players {sizes[players]} tiles each "
                    f"({players * sizes[players]}); the double-nine set has only {SET_SIZE}"
                )
        unknown = sorted(set(sizes) - set(range(self.min_players, self.max_players + 1)))
        if unknown:
            raise ParamError(f"{source}: key 'hand_sizes' has entries for {unknown} players; allowed: 2 to 8")

    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        return ChickenFootState(players, params, names, dealer)
