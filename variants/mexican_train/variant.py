"""The Mexican Train variant object: identity, parameters, factory."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from roundhouse.core.game.actions import Draw, EndTurn, Pass, PlaceEngine, Play
from roundhouse.core.game.params import ParamError, ParamSpec
from roundhouse.core.game.state import Dealer, MatchState
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.variant import Variant
from roundhouse.core.game.views import PlayerView
from roundhouse.variants.mexican_train.rules import MexicanTrainState

BOOK_HAND_SIZES = {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10, 9: 8, 10: 8}
"""MT.3: tiles dealt to each hand by number of players."""


class MexicanTrain(Variant):
    """Mexican Train, Pagat version (RULES.md MT.1-MT.16)."""

    id = "mexican-train"
    name = "Mexican Train"
    min_players = 2
    max_players = 10
    actions = (PlaceEngine, Play, Draw, Pass, EndTurn)
    params_package = "roundhouse.variants.mexican_train"
    param_specs = {
        "set_size": ParamSpec(int, 6, 18, book=(12,), clause="MT.1"),
        "hand_sizes": ParamSpec(dict, 1, 30, book=(BOOK_HAND_SIZES,), clause="MT.3"),
        "rounds": ParamSpec(int, 1, 19, book=(13,), clause="MT.2"),
        "engine_order": ParamSpec(
            str,
            choices=("descending", "ascending"),
            book=("descending",),
            house={"ascending": "rounds_upward"},
            clause="MT.2, MT.16",
        ),
    }
    """Ranges the engine can play; ``params.yaml`` is held to ``book`` (DX.9) and the named house options (MT.16)."""

    def check_params(self, params: dict[str, Any], source: str) -> None:
        """Every player count 2..10 has a hand size that fits the set; rounds fit the set."""
        tiles = (params["set_size"] + 1) * (params["set_size"] + 2) // 2
        sizes = params["hand_sizes"]
        missing = [n for n in range(self.min_players, self.max_players + 1) if n not in sizes]
        if missing:
            raise ParamError(
                f"{source}: key 'hand_sizes' has no entry for {missing}; allowed: one entry for each of 2 to 10 players"
            )
        for players, size in sizes.items():
            if not self.min_players <= players <= self.max_players or players * size >= tiles:
                raise ParamError(
                    f"{source}: key 'hand_sizes' entry {players}: {size}; allowed: 2 to 10 players "
                    f"holding fewer than the set's {tiles} tiles in all"
                )
        if params["rounds"] > params["set_size"] + 1:
            raise ParamError(
                f"{source}: key 'rounds' has value {params['rounds']}; allowed: at most {params['set_size'] + 1} "
                f"(one engine double per round)"
            )

    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        return MexicanTrainState(players, params, names, dealer)

    def determinize(self, view: PlayerView, hands: Mapping[int, Sequence[Tile]], stock: Sequence[Tile]) -> MatchState:
        """The view's position with the hidden tiles as given (see ``Variant.determinize``)."""
        params = {**self.default_params(), "rounds": view.rounds}
        return MexicanTrainState.from_view(view, params, hands, stock)
