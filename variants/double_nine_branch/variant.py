"""The Double-Nine Branch variant object: identity, parameters, factory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import OpenDouble, Pass, Play
from roundhouse.core.game.params import ParamError, ParamSpec
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.variant import Variant
from roundhouse.core.game.views import PlayerView
from roundhouse.variants.double_nine_branch.rules import DIRECTIONS, DoubleNineBranchState


class DoubleNineBranch(Variant):
    """Double-Nine Branch, Pagat version (RULES.md DB.1-DB.11)."""

    id = "double-nine-branch"
    name = "Double-Nine Branch"
    min_players = 2
    max_players = 6
    actions = (OpenDouble, Play, Pass)
    params_package = "roundhouse.variants.double_nine_branch"
    param_specs = {
        "set_size": ParamSpec(int, 3, 18, book=(9,), clause="DB.1"),
        "hand_size": ParamSpec(int, 1, 30, book=(8,), clause="DB.2"),
        "target": ParamSpec(int, 1, 100000, book=(100,), clause="DB.11"),
        "direction": ParamSpec(str, choices=DIRECTIONS, book=("counterclockwise",), clause="DB.3"),
        "min_players": ParamSpec(int, 2, 6, book=(2,), clause="DB.1"),
        "max_players": ParamSpec(int, 2, 6, book=(6,), clause="DB.1"),
    }
    """Ranges the engine can play; ``params.yaml`` is held to ``book`` (DX.9; MT.16 allows no house options here)."""

    def check_params(self, params: dict[str, Any], source: str) -> None:
        """The player range is ordered and every hand of the largest table fits in the set (DB.1)."""
        if params["min_players"] > params["max_players"]:
            raise ParamError(
                f"{source}: key 'min_players' has value {params['min_players']}; allowed: at most "
                f"max_players ({params['max_players']})"
            )
        tiles = (params["set_size"] + 1) * (params["set_size"] + 2) // 2
        if params["max_players"] * params["hand_size"] > tiles:
            raise ParamError(
                f"{source}: key 'hand_size' has value {params['hand_size']}; allowed: at most "
                f"{tiles // params['max_players']} so that {params['max_players']} hands fit in the set's {tiles} tiles"
            )

    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        if not params["min_players"] <= players <= params["max_players"]:
            raise ValueError(
                f"{self.name} takes {params['min_players']} to {params['max_players']} players "
                f"under these rule parameters, not {players}"
            )
        return DoubleNineBranchState(players, params, names, dealer)

    def determinize(self, view: PlayerView, hands: Mapping[int, Sequence[Tile]], stock: Sequence[Tile]) -> MatchState:
        """The view's position with the hidden tiles as given (see ``Variant.determinize``)."""
        params = {**self.default_params(), "target": view.extra["target"], "direction": view.extra["direction"]}
        return DoubleNineBranchState.from_view(view, params, hands, stock)
