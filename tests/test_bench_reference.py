"""The bench's reference Lost Cities round (tests/bench_engine.py) is a faithful engine: the comparison of
our engine with it (issue 15) is only fair if both play the very same games."""

from __future__ import annotations

import pytest

from py_engine import get_game
from py_engine.core import Rng
from tests.bench_engine import ReferenceRound, simple_greedy


def _play(state, policy, seed: int) -> tuple[list, list[int]]:
    rng, moves = Rng(seed), []
    while state.to_move():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = policy(state, seat, rng) if policy else rng.choice(legal)
        moves.append((seat, action, list(legal)))
        state.step(seat, action)
    return moves, state


@pytest.mark.parametrize("policy", [None, simple_greedy], ids=["random", "greedy"])
def test_reference_plays_the_same_games_as_the_engine(policy) -> None:
    game = get_game("lost-cities")
    for seed in range(25):
        ours, ours_end = _play(game.new(players=2, seed=seed, options={"rounds": 1}), policy, seed)
        ref, ref_end = _play(ReferenceRound(seed), policy, seed)
        assert ref == ours  # every mover, legal list (in order) and action
        assert ref_end.scores() == ours_end.scores()
        assert ref_end.legal_actions(0) == ref_end.legal_actions(1) == []


def test_reference_scores_a_known_row() -> None:
    """Yellow: wager, 2, 3, 4, 5, 6, 7, 8 = (35 - 20) x 2 + 20; blue 10 alone: -10."""
    state = ReferenceRound(0)
    state.laid = [[[0, 3, 4, 5, 6, 7, 8, 9], [23], [], [], []], [[], [], [], [], []]]
    assert state.scores() == [50 - 10, 0]
