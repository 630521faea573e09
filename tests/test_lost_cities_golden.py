"""Views stay exactly the same along recorded games (the web renderers read them).

tests/golden/*.json were written by the engine before the speed work (`python -m tests.test_lost_cities_golden`
run against that commit): each holds a game record and, after every move, a short hash of all views
(every seat and the spectator), of the legal actions of the seats to move and of `to_json()`.
Replaying the record today must give the same hashes. The board-game games only start a path with the
lowest card of that colour in hand (issue 13 enforces it; the old engine allowed more), so the
recorded legal lists are the old lists with the other starts taken out.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from py_engine import get_game
from py_engine.core import Record, Rng
from py_engine.games.lost_cities_board.data import COLOURS, VALUES

GOLDEN = Path(__file__).parent / "golden"

# (file name, game id, players, seed, options, policy)
GAMES = (
    ("lc-2rounds.json", "lost-cities", 2, 11, {"rounds": 2}, "random"),
    ("lc-purple-open.json", "lost-cities", 2, 12, {"purple": True, "open_discards": True, "rounds": 1}, "random"),
    ("lc-greedy.json", "lost-cities", 2, 13, {"rounds": 2}, "greedy"),
    ("lcb-2p.json", "lost-cities-board", 2, 21, {"length": "short"}, "random"),
    ("lcb-3p-short-variants.json", "lost-cities-board", 3, 22,
     {"length": "short", "directions": True, "no_redraw": True}, "random"),
    ("lcb-4p-greedy.json", "lost-cities-board", 4, 23, {"length": "short"}, "greedy"),
)


def _h(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:10]


def _lowest_start(state, seat: int, action: tuple) -> bool:
    """The board game's start rule of issue 13: a path starts with the lowest card of its colour in hand."""
    if action[0] != "start" or state.opts["directions"]:
        return True
    c = COLOURS.index(action[1])
    return action[2] == min((x >> 1) % VALUES for x in state.hands[seat] if (x >> 1) // VALUES == c)


def _legal(state, gid: str) -> list:
    out = []
    for seat in state.to_move():
        acts = state.legal_actions(seat)
        if gid == "lost-cities-board":
            acts = [a for a in acts if _lowest_start(state, seat, a)]
        out.append([seat, [list(a) for a in acts]])
    return out


OLD_LOG_WINDOW = 200  # the views carried the last 200 log entries when the hashes were written


def _position(state, gid: str) -> list[str]:
    """The hashes of one position. Views now carry the whole game's log (issue 21): the hash covers the window
    the golden files knew, and the whole log must be those entries' ancestors (checked in the test)."""
    views = [state.view(s) for s in [*range(state.players), None]]
    hashed = [dict(v, log=v["log"][-OLD_LOG_WINDOW:]) for v in views]
    return [_h(hashed), _h(_legal(state, gid)), _h(state.to_json())]


def generate(gid: str, players: int, seed: int, options: dict, policy: str) -> dict:
    """Play one game (random or greedy, starts filtered by the lowest-card rule) and hash every position."""
    from py_engine.bots.heuristics import get_heuristics

    game = get_game(gid)
    heur = get_heuristics(gid)
    state = game.new(players=players, seed=seed, options=options)
    rng = Rng(seed + 500)
    positions = [_position(state, gid)]
    while state.to_move():
        seat = state.to_move()[0]
        legal = [a for a in state.legal_actions(seat)
                 if gid != "lost-cities-board" or _lowest_start(state, seat, a)]
        action = heur.greedy(state.determinize(seat, rng), seat, rng) if policy == "greedy" and heur.greedy \
            else None
        if action not in legal:
            action = rng.choice(legal)
        state.apply(seat, action)
        positions.append(_position(state, gid))
    return {"record": state.record.to_json(), "positions": positions}


def write() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, gid, players, seed, options, policy in GAMES:
        data = generate(gid, players, seed, options, policy)
        (GOLDEN / name).write_text(json.dumps(data, separators=(",", ":")) + "\n")


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_views_match_golden(name):
    data = json.loads((GOLDEN / name).read_text())
    record = Record.from_json(data["record"])
    game = get_game(record.game_id)
    state = game.new(players=record.players, seed=record.seed, options=record.options)
    want = data["positions"]
    assert _position(state, game.id) == want[0]
    logs = []
    for i, (seat, enc) in enumerate(record.moves):
        state.apply(seat, game.decode(enc))
        got = _position(state, game.id)
        assert got[0] == want[i + 1][0], f"views differ after move {i + 1}"
        assert got[1] == want[i + 1][1], f"legal actions differ after move {i + 1}"
        assert got[2] == want[i + 1][2], f"to_json differs after move {i + 1}"
        logs.append(state.view(None)["log"])
    assert state.is_over()
    for before, after in zip(logs, logs[1:]):  # the whole game: each view's log extends the one before
        assert after[:len(before)] == before
    assert len(logs[-1]) >= len(record.moves)


if __name__ == "__main__":
    sys.exit(write())
