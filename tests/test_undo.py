"""The undo rule: a player takes back their own last decisions while no hidden information was revealed
and nobody else has acted since (State.undo_allowed / State.undone)."""

from __future__ import annotations

import json

import pytest

from py_engine import get_game
from py_engine.core import IllegalAction, Rng, State
from py_engine.games.lost_cities.cards import colour_of
from py_engine.games.lost_cities.state import LostCitiesState

LC = get_game("lost-cities")
LCB = get_game("lost-cities-board")


def lc(seed: int = 7):
    return LC.new(players=2, seed=seed, options={"rounds": 1})


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def first(state, kind: str):
    seat = state.to_move()[0]
    return seat, next(a for a in state.legal_actions(seat) if a[0] == kind)


def test_lost_cities_play_can_be_undone_before_drawing():
    s = lc()
    start = snap(s)
    assert s.undo_allowed(0) == s.undo_allowed(1) == 0
    seat, play = first(s, "discard")
    s.apply(seat, play)
    assert s.undo_allowed(0) == 1 and s.undo_allowed(1) == 0
    back = s.undone(0)
    assert snap(back) == start and back.record.moves == []
    back.apply(seat, play)  # deterministic: the same move gives the same state again
    assert snap(back) == snap(s)


def test_lost_cities_deck_draw_is_a_checkpoint():
    s = lc()
    s.apply(*first(s, "discard"))
    s.apply(0, ("draw", "deck"))
    assert s.undo_allowed(0) == 0
    with pytest.raises(IllegalAction):
        s.undone(0)


def test_lost_cities_pile_draw_undoable_until_the_opponent_acts():
    s = lc()
    seat, discard = first(s, "discard")  # seat 0 discards: the pile is banned for its own draw
    s.apply(seat, discard)
    s.apply(0, ("draw", "deck"))
    after_deck_draw = snap(s)
    other = next(a for a in s.legal_actions(1) if a[0] == "discard" and colour_of(a[1]) != colour_of(discard[1]))
    s.apply(1, other)
    pile = next(a for a in s.legal_actions(1) if a[0] == "draw" and a[1] != "deck")
    s.apply(1, pile)
    assert s.to_move() == (0,)
    assert s.undo_allowed(1) == 2 and s.undo_allowed(0) == 0
    assert snap(s.undone(1, 2)) == after_deck_draw
    assert s.undone(1, 1).to_move() == (1,)
    with pytest.raises(IllegalAction):
        s.undone(1, 3)
    with pytest.raises(IllegalAction):
        s.undone(1, True)
    s.apply(*first(s, "discard"))  # seat 0 acts: seat 1 can no longer undo
    assert s.undo_allowed(1) == 0 and s.undo_allowed(0) == 1


def test_no_undo_once_the_game_is_over():
    s = lc(3)
    s.play_out(Rng(1))
    assert s.is_over() and s.undo_allowed(0) == s.undo_allowed(1) == 0


def test_default_contract_allows_no_undo():
    class NoKnowledge(LostCitiesState):
        __slots__ = ()
        reveals = State.reveals

    s = lc()
    s.apply(*first(s, "discard"))
    s.__class__ = NoKnowledge
    assert s.undo_allowed(0) == 0


def test_board_game_turn_undo_and_checkpoints():
    s = LCB.new(players=2, seed=5, options={})
    s.apply(*first(s, "discard"))
    assert s.undo_allowed(0) == 1
    assert s.undone(0).record.moves == []
    s.apply(0, ("draw", "deck"))
    assert s.undo_allowed(0) == 0
    seat, discard = first(s, "discard")
    s.apply(seat, discard)
    s.apply(1, ("draw", discard[1]))  # takes its own discard back from the pile: public
    assert s.undo_allowed(1) == 2 and s.undo_allowed(0) == 0


def _oracle(state, seat: int, progress_key: str) -> int:
    """Trailing moves by `seat` with no deck draw and no new round/expedition since (by replaying)."""
    if state.is_over():
        return 0
    moves, n = state.record.moves, len(state.record.moves)
    now = state.view(None)[progress_key]
    k = 0
    while k < n and moves[n - 1 - k][0] == seat and moves[n - 1 - k][1] != ["draw", "deck"]:
        if state.record.replay(upto=n - 1 - k).view(None)[progress_key] != now:
            break
        k += 1
    return k


@pytest.mark.parametrize("game,key,players", [(LC, "round", 2), (LCB, "expedition", 2), (LCB, "expedition", 3)])
def test_undo_allowed_matches_the_rule_along_random_games(game, key, players):
    rng = Rng(11)
    for seed in range(2):
        s = game.new(players=players, seed=seed, options={})
        step = 0
        while not s.is_over() and step < 400:
            if step % 7 == 0:
                for seat in range(players):
                    assert s.undo_allowed(seat) == _oracle(s, seat, key), (seed, step, seat)
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1
