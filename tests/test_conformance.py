"""The generic conformance suite, run against every registered game and player count."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine import GAMES, get_game
from py_engine.core import IllegalAction, Record, RecordError, Rng

from .conformance import near_misses, random_game, snapshot

CASES = [(gid, n) for gid, g in sorted(GAMES.items()) for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{gid}-{n}p" for gid, n in CASES]


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_random_games_finish(gid, players):
    game = get_game(gid)
    for seed in range(3):
        state = random_game(game, players, seed)
        assert state.is_over(), "random game did not finish"
        res = state.result()
        assert len(res["scores"]) == players and len(res["ranks"]) == players
        assert res["winners"] and all(res["ranks"][w] == 1 for w in res["winners"])
        assert state.legal_actions(0) == []


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_replay_and_json_round_trip(gid, players):
    game = get_game(gid)
    for seed, stop in ((1, 40), (2, 150), (3, None)):
        state = random_game(game, players, seed, stop_after=stop)
        data = json.loads(json.dumps(state.to_json()))
        assert snapshot(game.from_json(data)) == snapshot(state)
        assert snapshot(state.clone()) == snapshot(state)
        record = Record.from_json(json.loads(json.dumps(state.record.to_json())))
        assert snapshot(record.replay()) == snapshot(state)


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_views_hide_what_is_hidden(gid, players):
    """A view must not change when everything hidden from that seat is re-dealt."""
    game = get_game(gid)
    for seed, stop in ((4, 10), (5, 60), (6, 200)):
        state = random_game(game, players, seed, stop_after=stop)
        for seat in list(range(players)) + [None]:
            view = state.view(seat)
            json.dumps(view)
            for k in range(3):
                other = state.determinize(seat, Rng(seed * 10 + k))
                assert other.view(seat) == view, f"view({seat}) depends on hidden information"
                if seat is not None:
                    assert other.legal_actions(seat) == state.legal_actions(seat)
                assert other.to_move() == state.to_move()


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_determinize_is_a_consistent_game(gid, players):
    game = get_game(gid)
    state = random_game(game, players, 7, stop_after=30)
    for seat in range(players):
        det = state.determinize(seat, Rng(seat))
        det.play_out(Rng(99))
        assert det.is_over()
    assert not state.is_over()


BAD_ACTIONS = [None, 3, "x", [], ["nope"], ["play"], ["play", 10**9], ["draw", "nowhere"], [["x"]],
               ["play", "1"], {"a": 1}, ["a" * 100], [[[[[[1]]]]]], [1, 2, 3], True]


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_rejected_actions_change_nothing(gid, players):
    game = get_game(gid)
    state = random_game(game, players, 8, stop_after=25)
    before = snapshot(state)
    movers = state.to_move()
    idle = [s for s in range(players) if s not in movers]
    legal = state.legal_actions(movers[0])
    for seat in list(range(players)) + [-1, players, None, "0", True]:
        for bad in BAD_ACTIONS:
            with pytest.raises(IllegalAction):
                state.apply(seat, bad)
        if seat in idle:
            for action in legal:
                if action not in state.legal_actions(seat):
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)
    assert snapshot(state) == before


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_bad_records_and_options_are_refused(gid):
    game = get_game(gid)
    good = random_game(game, game.min_players, 9, stop_after=20).record.to_json()
    for broken in ({}, [], "x", dict(good, format="other"), dict(good, game="chess"), dict(good, players=99),
                   dict(good, seed=-1), dict(good, moves="x"), dict(good, moves=[[0]]), dict(good, options={"zz": 1})):
        with pytest.raises(RecordError):
            Record.from_json(broken)
    bad_move = dict(good, moves=good["moves"] + [[0, ["bogus", 1]]])
    with pytest.raises(RecordError):
        Record.from_json(bad_move).replay()
    with pytest.raises(RecordError):
        game.from_json({"game": gid, "record": good})
    with pytest.raises(RecordError):
        game.new(players=game.max_players + 1)


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_encode_decode_describe(gid, players):
    game = get_game(gid)
    state = random_game(game, players, 10, stop_after=50)
    for seat in state.to_move():
        for action in state.legal_actions(seat):
            enc = game.encode(action)
            assert game.decode(json.loads(json.dumps(enc))) == action
            said = game.describe(action)  # words, or data {"key", "params"} that web/ words per language
            assert (isinstance(said, str) and said) or (isinstance(said, dict) and said.get("key")
                                                        and json.loads(json.dumps(said)) == said)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CASES), st.integers(0, 2**32), st.integers(0, 300))
def test_any_prefix_replays(case, seed, stop):
    gid, players = case
    game = get_game(gid)
    state = random_game(game, players, seed, stop_after=stop)
    assert snapshot(state.record.replay()) == snapshot(state)


def _mutate(thing) -> int:
    """Change every list and dict inside a JSON value in place; returns how many were changed."""
    n = 0
    if isinstance(thing, list):
        for x in thing:
            n += _mutate(x)
        thing.append("junk")
        n += 1
    elif isinstance(thing, dict):
        for x in list(thing.values()):
            n += _mutate(x)
        thing["junk"] = 1
        n += 1
    return n


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_to_json_is_a_snapshot(gid, players):
    """Editing what to_json() returned never changes the game (issue 15)."""
    game = get_game(gid)
    for seed, stop in ((11, 30), (12, None)):
        state = random_game(game, players, seed, stop_after=stop)
        before = snapshot(state)
        views = [state.view(s) for s in [*range(players), None]]
        data = state.to_json()
        assert _mutate(data) > 5
        data.clear()
        assert snapshot(state) == before
        assert [state.view(s) for s in [*range(players), None]] == views


@pytest.mark.parametrize(("gid", "players"), CASES, ids=IDS)
def test_fast_legality_agrees_with_legal_actions(gid, players):
    """`State.is_legal` (the fast path of `check`) answers exactly like membership in the legal list,
    types compared: a bool never passes for a number (True == 1 in Python)."""
    game = get_game(gid)
    for seed, stop in ((13, 5), (14, 40), (15, 120), (16, 400)):
        state = random_game(game, players, seed, stop_after=stop)
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            encoded = {json.dumps(game.encode(a)) for a in legal}
            words = sorted({x for a in legal for x in a if isinstance(x, str)})
            for action in legal:
                assert state.is_legal(seat, action) in (True, None)
                assert state.check(seat, action) == action
                for near in near_misses(action, words):
                    want = json.dumps(game.encode(near)) in encoded
                    assert state.is_legal(seat, near) in (want, None), near
                    if not want:
                        with pytest.raises(IllegalAction):
                            state.check(seat, near)

