"""The All Fives variant object: identity, parameters, factory."""

from __future__ import annotations

from typing import Any

from roundhouse.core.game.actions import Draw, OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamError, ParamSpec
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.tiles import double_set
from roundhouse.core.game.variant import Variant

from .rules import AllFivesState

SET_SIZE = len(double_set(6))
"""Tiles in the double-six set (AF.1)."""


class AllFives(Variant):
    """All Fives (Muggins): 2-4 players, a double-six set, a spinner, points on multiples of five."""

    id = "all-fives"
    name = "All Fives"
    min_players = 2
    max_players = 4
    actions = (OpenDouble, Play, Draw, Pass)
    points_are = "gains"
    params_package = "roundhouse_all_fives"
    rules_text_package = "roundhouse_all_fives.rules_text"
    default_bot = "fives-scorer"
    hint_bot = "fives-scorer"
    param_specs = {
        "hand_sizes": ParamSpec(dict, 1, 7),
        "boneyard_keep": ParamSpec(int, 0, 10),
        "first_lead": ParamSpec(str, choices=("highest_double", "any")),
        "target": ParamSpec(int, 5, 1000),
    }

    def check_params(self, params: dict[str, Any], source: str) -> None:
        """AF.2: a hand size for every player count, each deal leaving the kept tiles in the boneyard."""
        sizes = params["hand_sizes"]
        for players in range(self.min_players, self.max_players + 1):
            if players not in sizes:
                raise ParamError(f"{source}: key 'hand_sizes' has no entry for {players} players")
            if players * sizes[players] + params["boneyard_keep"] > SET_SIZE:
                raise ParamError(
                    f"{source}: key 'hand_sizes' gives {players} players {sizes[players]} tiles each, which "
                    f"with boneyard_keep {params['boneyard_keep']} needs more than the {SET_SIZE} tiles of the set"
                )
        unknown = sorted(set(sizes) - set(range(self.min_players, self.max_players + 1)))
        if unknown:
            raise ParamError(f"{source}: key 'hand_sizes' has entries for {unknown} players; allowed: 2 to 4")

    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        return AllFivesState(players, params, names, dealer)
