"""The variant plugin object: a game's identity, parameters and factory."""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any

from roundhouse.core.game.actions import Action, Draw, EndTurn, OpenDouble, Pass, PlaceEngine, Play
from roundhouse.core.game.params import ParamError, ParamSpec, check_rule_book, load_yaml, validate
from roundhouse.core.game.state import Dealer, MatchState, ShuffleDealer
from roundhouse.core.game.tiles import Tile
from roundhouse.core.game.views import PlayerView
from roundhouse.core.text.i18n import rule_text_problems


class Variant(ABC):
    """A game: its id, name, player range, rule parameters and match factory.

    Subclasses set ``id``, ``name``, ``min_players``, ``max_players``,
    ``params_package`` (the package holding ``params.yaml``) and
    ``param_specs``, and implement :meth:`create_state`.
    """

    id: str
    """Unique among variants; what ``--variant`` takes and the record's ``variant``. Lower case with dashes."""
    name: str
    """The game's name in English; front ends prefer the ``title`` of its rule text in the player's language."""
    min_players: int
    """Fewest seats the game takes."""
    max_players: int
    """Most seats the game takes."""
    params_package: str
    """The package holding ``params.yaml`` (shipped as package data)."""
    param_specs: Mapping[str, ParamSpec]
    """What every key of ``params.yaml`` accepts; the file must have exactly these keys."""
    rules_text_package: str | None = None
    """Package holding ``<lang>.yaml`` rule texts, for a variant shipped outside this project."""
    actions: tuple[type[Action], ...] = (PlaceEngine, OpenDouble, Play, Draw, Pass, EndTurn)
    """The action classes the game's players ever take (the console's ``help`` lists these only)."""
    default_bot: str | None = None
    """Id of the bot front ends seat at the computer's places by default (when installed); None: theirs."""
    points_are: str | None = None
    """What ``round_end.points`` are, for the round summary: ``"penalties"`` (added to the loser's total),
    ``"gains"`` (points won, shown apart from the tiles left) or None: the front ends' own wording for the
    built-in games. Points scored during a round come as ``score`` events and are gains."""
    hint_bot: str | None = None
    """Id of the bot that answers a human's hint request (when installed); None: the first installed of
    planner, greedy, random. The planner knows the built-in games only and plays like greedy elsewhere."""

    def default_params(self) -> dict[str, Any]:
        """The variant's ``params.yaml``, validated and held to the rule book (read once, then a fresh copy)."""
        cached = self.__dict__.get("_default_params")
        if cached is None:
            resource = files(self.params_package) / "params.yaml"
            source = f"{self.params_package.replace('.', '/')}/params.yaml"
            loaded = load_yaml(resource.read_text(encoding="utf-8"), source)
            if isinstance(loaded, Mapping):
                check_rule_book(loaded, self.param_specs, source)
            cached = self.validate_params(loaded, source)
            self.__dict__["_default_params"] = cached
        return copy.deepcopy(cached)

    def file_problems(self) -> list[str]:
        """What is wrong with the variant's own files, one line each naming file, key and reason.

        Checks ``params.yaml`` against ``param_specs`` and every rule-text
        file (:func:`roundhouse.core.text.i18n.rule_text_problems`). The plugin manager calls
        this at registration and marks the plugin broken when it is not empty.
        """
        problems = []
        try:
            self.default_params()
        except ParamError as error:
            problems.append(str(error))
        except (OSError, ModuleNotFoundError) as error:
            source = f"{self.params_package.replace('.', '/')}/params.yaml"
            problems.append(f"{source}: cannot be read ({getattr(error, 'strerror', None) or error})")
        return problems + rule_text_problems(self.id, self.rules_text_package)

    def validate_params(self, params: Mapping[str, Any], source: str) -> dict[str, Any]:
        """Check ``params`` against ``param_specs`` (ParamError names source and key)."""
        return validate(params, self.param_specs, source, self.check_params)

    def check_params(self, params: dict[str, Any], source: str) -> None:
        """Checks that tie several keys together; raise ParamError naming ``source``.

        The base accepts every combination that passed the per-key specs.
        """
        return None

    def new_match(
        self,
        players: int,
        seed: int,
        params: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        dealer: Dealer | None = None,
    ) -> MatchState:
        """A fresh match state (not yet started: call ``start()``).

        Deals come from ``dealer``, or are shuffled by an RNG seeded with
        ``seed`` (DX.1). Raises ValueError for a player count out of range.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} takes {self.min_players} to {self.max_players} players, not {players}")
        chosen = self.default_params() if params is None else self.validate_params(params, "rule parameters")
        names = list(names) if names else [f"Player {s}" for s in range(1, players + 1)]
        if len(names) != players:
            raise ValueError(f"{players} players need {players} names, got {len(names)}")
        return self.create_state(players, chosen, names, dealer or ShuffleDealer(random.Random(seed)))

    def determinize(
        self, view: PlayerView, hands: Mapping[int, Sequence[Tile]], stock: Sequence[Tile]
    ) -> MatchState | None:
        """A state agreeing with ``view`` in which the hidden tiles are as guessed, for a search; None: not offered.

        ``view`` is the pending seat's view; ``hands`` gives every other
        seat's tiles (as many as ``view.hand_counts`` says) and ``stock``
        the boneyard in draw order or the set-aside tiles (as many as the
        view counts). The state is built from the view's public facts with
        the game's own constructor and fields: its legal actions are the
        view's, and it is meant for :meth:`MatchState.clone` and
        :meth:`roundhouse.core.game.state.TableState.rollout` to the round's end (its history
        and later deals are not those of the real match). The base offers
        none (a searching bot then plays without search).
        """
        return None

    @abstractmethod
    def create_state(self, players: int, params: dict[str, Any], names: list[str], dealer: Dealer) -> MatchState:
        """Build the match state from validated parameters."""


__all__ = ["Variant", "ParamError", "ParamSpec"]
