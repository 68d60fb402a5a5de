"""The expert's rollout policies (DB.7, DB.8, MT.6, MT.8-MT.12): planner-like moves from tracked tiles.

A policy must follow the game it is played in (every hand, end and marker
it keeps equals the state's after every move), play the planner's ideas
(keep the own line's trail, lay other tiles elsewhere, lay the trail in a
first turn) and never leave a rollout unfinished.
"""

from __future__ import annotations

import random

import pytest
from bot_views import ts

from roundhouse.bots.expert import POLICIES
from roundhouse.bots.expert.branch_policy import BranchPolicy
from roundhouse.bots.expert.mexican_policy import MexicanPolicy
from roundhouse.bots.expert.rollout import Heaviest, playout
from roundhouse.bots.expert.sampling import Guess, Sampler
from roundhouse.bots.expert.trail import Trails, greedy_trail
from roundhouse.core.game.actions import Draw, EndTurn, Pass, Play
from roundhouse.core.game.tiles import Tile
from roundhouse.core.plugins.manager import get_plugin_manager

REGISTRY = get_plugin_manager().registry
PILE = {"mexican-train": "boneyard", "double-nine-branch": "set_aside"}


def _is_trail(trail: list[Tile], end: int) -> bool:
    for tile in trail:
        if not tile.has(end):
            return False
        end = tile.other(end)
    return True


# ------------------------------------------------------------------ trails
def test_greedy_trail_follows_the_ends_lays_a_double_at_once_and_prefers_the_tile_the_hand_can_follow():
    hand = ts("5-9 5-2 2-7 7-7 2-3 5-5")
    trail = greedy_trail(hand, 5)
    assert _is_trail(trail, 5) and len(set(trail)) == len(trail)
    # the double first; then 5-2 (three tiles carry 2, one carries 9) before the heavier 5-9;
    # then 2-7 (7 is carried twice, 3 once)
    assert trail == list(ts("5-5 2-5 2-7 7-7"))
    assert greedy_trail(ts("1-2 3-4"), 9) == []


def test_trails_follow_the_seats_plays_and_forget_a_moved_end():
    hand = ts("3-4 4-6 6-1 8-8")
    trails = Trails()
    first = trails.of(1, hand, 3)
    assert first == list(ts("3-4 4-6 1-6"))
    twin = trails.copy()
    trails.played(1, Tile(3, 4), 1)  # its first tile on the own line: the rest remains
    assert trails.of(1, (), 4) == list(ts("4-6 1-6"))
    trails.played(1, Tile(4, 6), 2)  # a trail tile laid elsewhere cuts the trail there
    assert trails.of(1, (), 4) == []
    assert twin.of(1, (), 3) == first  # a copy keeps its own trails
    twin.played(2, Tile(3, 9), 1)  # another seat moved seat 1's end: found again
    assert twin.of(1, ts("9-2 2-2"), 9) == list(ts("2-9 2-2"))
    twin.drew(1)  # a draw keeps a trail it had
    assert twin.of(1, ts("9-2 2-2 9-5"), 9) == list(ts("2-9 2-2"))
    empty = Trails()
    assert empty.of(3, ts("1-2"), 5) == []
    empty.drew(3)  # but an empty one is looked for again: the drawn tile may fit
    assert empty.of(3, ts("1-2 5-1"), 5) == list(ts("1-5 1-2"))


# ---------------------------------------------------- Double-Nine Branch
def test_DB_7_branch_policy_keeps_its_own_trail_and_lays_another_tile_on_an_open_branch():
    policy = BranchPolicy({1: ts("4-5 5-6 2-8"), 2: ts("1-1")}, {1: 4, 2: 8})
    legal = [Play(Tile(4, 5), 1), Play(Tile(2, 8), 2)]
    assert policy.choose(1, legal) == Play(Tile(2, 8), 2)
    follower = policy.copy()
    follower.observe(1, Play(Tile(2, 8), 2))
    assert follower.hands[1] == list(ts("4-5 5-6")) and follower.ends[2] == 2
    assert policy.hands[1] == list(ts("4-5 5-6 2-8")) and policy.ends[2] == 8  # the copy is independent


def test_DB_8_branch_policy_keeps_a_play_for_its_next_turn():
    policy = BranchPolicy({1: ts("3-7 3-9 9-9")}, {1: 3, 2: 0})
    # 3-9 leaves 9 open on its own branch, with 9-9 to follow; 3-7 would leave 7, with nothing to follow
    assert policy.choose(1, [Play(Tile(3, 7), 1), Play(Tile(3, 9), 1)]) == Play(Tile(3, 9), 1)


# ---------------------------------------------------------- Mexican Train
def test_MT_6_mexican_policy_lays_its_trail_in_the_first_turn():
    policy = MexicanPolicy({1: ts("12-3 12-11 3-4 4-4"), 2: ts("0-0")}, (), {1: 12, 2: 12, "mexican": 12}, ())
    policy.observe(1, Play(Tile(3, 12), 1))
    legal = [Play(Tile(3, 4), 1), EndTurn()]
    assert policy.choose(1, legal) == Play(Tile(3, 4), 1)


def test_MT_8_mexican_policy_unloads_off_its_trail_and_draws_the_guessed_boneyard_in_order():
    policy = MexicanPolicy({1: ts("6-7 7-1 9-10"), 2: ts("0-0")}, ts("2-2 5-3"), {1: 6, 2: 0, "mexican": 9}, ())
    legal = [Play(Tile(6, 7), 1), Play(Tile(9, 10), "mexican")]
    assert policy.choose(1, legal) == Play(Tile(9, 10), "mexican")
    policy.observe(2, Draw())
    assert policy.hands[2] == list(ts("0-0 2-2")) and policy.stock == list(ts("5-3"))
    policy.observe(2, Pass())
    assert 2 in policy.markers
    policy.observe(2, Play(Tile(0, 0), 2))
    assert 2 not in policy.markers  # laying on its own train lifts the marker (MT.9)


def test_MT_11_mexican_policy_plays_a_double_it_can_follow_before_one_it_cannot():
    policy = MexicanPolicy({1: ts("5-5 8-8 5-2"), 2: ts("0-0")}, (), {1: 1, 2: 8, "mexican": 5}, [2])
    legal = [Play(Tile(5, 5), "mexican"), Play(Tile(8, 8), 2)]
    assert policy.choose(1, legal) == Play(Tile(5, 5), "mexican")


# ---------------------------------------------------------------- playouts
def _positions(variant_id: str, players: int, seed: int):
    state = REGISTRY.variant(variant_id).new_match(players, seed)
    state.start()
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            yield state.clone()
        state.apply(legal[rng.randrange(len(legal))])


class _Checked:
    """Wraps a policy and the state it plays: after every move the policy's hands must be the state's."""

    def __init__(self, policy, state) -> None:
        self.policy, self.state, self.moves = policy, state, 0

    def choose(self, seat, legal):
        self._agree()
        return self.policy.choose(seat, legal)

    def observe(self, seat, action):
        self._agree()
        self.policy.observe(seat, action)
        self.moves += 1

    def _agree(self):
        assert {s: sorted(h) for s, h in self.policy.hands.items()} == {
            s: sorted(h) for s, h in self.state.hands.items()
        }


@pytest.mark.parametrize("variant_id", ["mexican-train", "double-nine-branch"])
@pytest.mark.parametrize("players", [2, 4])
def test_policies_follow_the_game_to_the_rounds_end(variant_id, players):
    """In guessed positions of real matches the policy's hands match the state's at every move; the round ends."""
    variant = REGISTRY.variant(variant_id)
    played = 0
    for seed in range(3):
        for state in list(_positions(variant_id, players, seed))[:5]:
            view = state.view(state.to_move())
            guess = Sampler.of(view).guess(random.Random(seed))
            root = variant.determinize(view, guess.hands, guess.stock)
            root.listening = False  # as in a search: the round ends without a next deal
            checked = _Checked(POLICIES[variant_id](view, guess), root)
            playout(root, checked, random.Random(seed), wander=0.3)
            assert root.to_move() is None
            played += checked.moves
    assert played > 50


def test_heaviest_policy_lays_the_heaviest_tile():
    legal = [Play(Tile(1, 2), 1), Play(Tile(6, 6), 2), Play(Tile(5, 6), 1)]
    assert Heaviest().choose(1, legal) == Play(Tile(6, 6), 2)


def test_a_guess_makes_the_policy_of_the_view():
    view_state = next(_positions("double-nine-branch", 3, 4))
    view = view_state.view(view_state.to_move())
    guess = Guess({s: tuple(h) for s, h in view_state.hands.items() if s != view.seat}, tuple(view_state.set_aside))
    policy = BranchPolicy.of(view, guess)
    assert policy.hands == {s: list(h) for s, h in view_state.hands.items()}
    assert policy.ends == {int(line.id): line.end for line in view.lines}


def test_DB_8_branch_policy_does_not_hand_an_open_branchs_owner_a_play():
    # seat 2 holds 0-4 only: leaving 4 on its open branch gives it a play, leaving 1 does not,
    # so the lighter 3-1 goes there rather than the heavier 3-4
    policy = BranchPolicy({1: ts("3-4 1-3 9-9"), 2: ts("0-4")}, {1: 9, 2: 3})
    legal = [Play(Tile(3, 4), 2), Play(Tile(1, 3), 2)]
    assert policy.choose(1, legal) == Play(Tile(1, 3), 2)
