"""The Arnak bots' evaluation and move ordering (py_engine/games/arnak/heuristic.py) on concrete positions."""

from __future__ import annotations

import pytest

from py_engine import get_game
from py_engine.core import Rng
from py_engine.games.arnak import data as D
from py_engine.games.arnak import heuristic as H


def _solo(seed: int = 5):
    return get_game("arnak").new(players=1, seed=seed, options={"rival": 5})


def test_track_hope_counts_the_rows_still_to_climb():
    state = _solo()
    state.p[0].res = [0, 0, 0, 0, 0]  # nothing towards a next step (see the readiness test below)
    # bird glass points by row 0, 1, 2, 4, 6, 9, 12, 16, temple 21; notebook 0, 0, 1, 2, 4, 6, 8, 10.
    # 4.5 rounds left at 1.2 rows a round: both tokens reach row 5.4 -> glass 9 + 0.4 * 3 = 10.2,
    # notebook 6 + 0.4 * 2 = 6.8; 0.6 of the 17 points.
    assert H.track_hope(state, 0, 4.5) == pytest.approx(10.2)
    p = state.p[0]
    p.glass, p.notebook = 9, 4  # rows 5 and 2
    # glass: row 5 + 1.2 = 6.2 -> 12.8 (less 9 already scored); notebook: row 3.2 -> 2.4 (less 1)
    assert H.track_hope(state, 0, 1.0) == pytest.approx(0.6 * (3.8 + 1.4))
    p.notebook = 13  # row 7: the notebook has nothing left to climb, nor the glass at the temple
    p.glass = D.TEMPLE
    assert H.track_hope(state, 0, 3.0) == 0.0
    assert H.track_hope(state, 0, 0.0) == 0.0


def test_a_research_step_is_worth_more_than_its_printed_points_early():
    state = _solo()
    state.p[0].res = [0, 0, 0, 0, 0]
    before = H.estimate(state, 0)
    state.p[0].glass = 1  # row 1: 1 point printed
    assert H.estimate(state, 0) - before == pytest.approx(1 + 0.6 * (_glass_at(6.4) - _glass_at(5.4) - 1))


def test_a_glass_that_can_pay_its_next_step_is_further_on_its_way():
    state = _solo()
    p = state.p[0]
    p.glass, p.res = 2, [0, 0, 0, 0, 6]  # bird row 1, the jewel space: row 2 only through tablet + arrowhead
    assert H.ready_share(state, p) == 0.0
    # 3 rounds left: glass row 1 + 3.6 = 4.6 -> 7.8 (less 1 scored); notebook row 3.6 -> 3.2; 0.6 of the sum
    assert H.track_hope(state, 0, 3.0) == pytest.approx(0.6 * (6.8 + 3.2))
    p.res[2] = 1  # a tablet: half of the step, 0.4 of a row on
    assert H.ready_share(state, p) == 0.5
    assert H.track_hope(state, 0, 3.0) == pytest.approx(0.6 * (8.0 + 3.2))
    p.res[3] = 1  # and an arrowhead: the whole step, 0.8 of a row on (row 5.4 -> 10.2)
    assert H.ready_share(state, p) == 1.0
    assert H.track_hope(state, 0, 3.0) == pytest.approx(0.6 * (9.2 + 3.2))
    p.glass = 1  # the compass space: row 2 through one jewel, which is held
    assert H.ready_share(state, p) == 1.0
    p.glass = D.TEMPLE
    assert H.ready_share(state, p) == 0.0
    snake = get_game("arnak").new(players=1, seed=5, options={"rival": 5, "temple": "snake"})
    q = snake.p[0]
    q.glass, q.res, q.idols = 7, [9, 9, 9, 9, 9], 0  # row 4 of the snake side costs one idol
    assert H.ready_share(snake, q) == 0.0
    q.idols = 1
    assert H.ready_share(snake, q) == 1.0


def _glass_at(row: float) -> float:
    vps = [0, 1, 2, 4, 6, 9, 12, 16, 21]
    lo = int(row)
    return vps[lo] + (row - lo) * (vps[lo + 1] - vps[lo])


def test_solo_margin_is_over_the_rivals_points_and_pace():
    state = _solo()
    rival = state.rival_breakdown()["total"]
    unfinished = D.ROUNDS - state.round + 1
    assert H.evaluate(state, 0) == pytest.approx((H.estimate(state, 0) - rival - 4.0 * unfinished) / 1.5)


def test_order_puts_the_policys_move_first_and_judges_a_dig_with_its_gains():
    state = _solo()
    ranked = H.order(state, 0)
    assert sorted(ranked) == sorted(state.legal_actions(0))
    assert ranked[0] == H.heuristic_action(state, 0, Rng(0))
    # digging at camp 0 (2 coins): one ply on, the travel card is still to be paid and no coin gained
    half = state.clone()
    half.step(0, ("dig", 0))
    assert half.queue and half.queue[0][0] == "travel"
    done = half.clone()
    done.step(0, H.greedy_action(done, 0))
    assert not done.queue and done.p[0].res[0] == state.p[0].res[0] + 2
    assert H.settled_value(state, 0, ("dig", 0)) == pytest.approx(H.evaluate(done, 0))
    assert H.settled_value(state, 0, ("dig", 0)) > H.evaluate(half, 0)


def _added_worth(state, field: str, without, with_) -> float:
    """How much player 0's estimate rises when its `field` holds `with_` rather than `without`."""
    p = state.p[0]
    setattr(p, field, without)
    before = H.estimate(state, 0)
    setattr(p, field, with_)
    return H.estimate(state, 0) - before


def test_resources_keep_their_worth_until_the_last_round_draws_near():
    """A jewel (1.8 points) is worth all of that with 2 rounds or more to come, 5/6 of it with one round left,
    and nothing once the game is over (RES_FADE 0.5 + rounds left / 3)."""
    state = _solo()
    p = state.p[0]
    p.glass, p.arrival, p.notebook = D.TEMPLE, 0, 13  # research done: no next step for the jewel to pay towards

    def jewel_worth() -> float:
        return _added_worth(state, "res", [0, 0, 0, 0, 0], [0, 0, 0, 0, 1])

    state.round, state.passed = 3, [True]  # round 3 over: 2 rounds to come
    assert jewel_worth() == pytest.approx(1.8)
    state.round = 4  # round 4 over: 1 round to come
    assert jewel_worth() == pytest.approx(1.8 * (0.5 + 1 / 3))
    state.round, state.phase = 5, "over"
    assert jewel_worth() == 0.0


def test_an_assistant_is_worth_a_point_for_each_round_to_come_up_to_three():
    """ASSISTANT_ENGINE 2.0: an assistant adds 1 point per round still to come, at most 3 rounds' worth, and
    nothing once the game is over."""
    state = _solo()

    def assistant_worth() -> float:
        return _added_worth(state, "assistants", [], [[0, 0, 0]])

    state.round, state.passed = 1, [True]  # round 1 over: 4 rounds to come, counted as 3
    assert assistant_worth() == pytest.approx(3.0)
    state.round = 4  # round 4 over: 1 round to come
    assert assistant_worth() == pytest.approx(1.0)
    state.round, state.phase = 5, "over"
    assert assistant_worth() == 0.0
