"""Issue 21: every game's view carries the whole game's log (the page shows all of it, scrollable), and the
log still tells a seat only what that seat may know."""

from __future__ import annotations

import json

import pytest

from py_engine import get_game
from py_engine.core import Rng

# (game, players, options, the window its views used to keep)
GAMES = (("catan-ck", 3, {}, 30), ("arnak", 4, {}, 300), ("islands", 2, {}, 200),
         ("lost-cities", 2, {"rounds": 3}, 200), ("lost-cities-board", 2, {"length": "short"}, 200))


def played(gid: str, players: int, options: dict, seed: int = 7, moves: int = 100_000):
    state = get_game(gid).new(players=players, seed=seed, options=options)
    rng = Rng(seed)
    n = 0
    while not state.is_over() and n < moves:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


@pytest.mark.parametrize("gid, players, options, window", GAMES)
def test_the_view_holds_the_whole_games_log(gid, players, options, window):
    """A whole random game (longer than any window the views used to cut: Catan's 30 entries, Lost Cities' 200,
    Islands' 200, Arnak's 300): the log of the last view begins with the first move's entry and extends the
    log of every view before it (the views after each of the first 50 moves, then about 200 spread over the game:
    a prefix of a prefix is a prefix)."""
    state = played(gid, players, options)
    record = state.record
    game = get_game(gid)
    replay = game.new(players=players, seed=record.seed, options=record.options)
    logs = []
    step = max(1, len(record.moves) // 200)  # about 200 views spread over the game, every move's at the start
    for i, (seat, enc) in enumerate(record.moves):
        replay.apply(seat, game.decode(enc))
        if i < 50 or i % step == 0 or i == len(record.moves) - 1:
            logs.append(replay.view(None)["log"])
    assert len(logs[-1]) > window
    assert logs[0] and logs[-1][:len(logs[0])] == logs[0]
    for before, after in zip(logs, logs[1:]):
        assert after[:len(before)] == before
    assert len(json.dumps(state.view(0))) < 4 * 1024 * 1024  # a host's message to a guest (net.messages)


def test_catan_log_keeps_secrets_for_their_seats():
    """A whole Catan game: an entry's private details (e.g. the cards a seat gave or took) are in the log of
    the seats it names, and in no other seat's nor the spectator's."""
    state = played("catan-ck", 3, {})
    private = [(i, e) for i, e in enumerate(state.log) if e[3] is not None and e[4]]
    assert private and len(state.log) == len(state.view(None)["log"]) > 400
    views = {s: state.view(s)["log"] for s in (0, 1, 2, None)}
    for i, (_seat, _key, params, to, secret) in private:
        for s, log in views.items():
            shown = log[i]["params"]
            if s is not None and s in to:
                assert all(shown[k] == v for k, v in secret.items())
            else:
                assert shown == params and not any(k in shown and k not in params for k in secret)
