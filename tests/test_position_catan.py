"""Catan: Cities & Knights positions with the board set by hand (py_engine.games.catan_ck.zones): each hex's
terrain and number token and the harbours, a concrete island the engine plays on, each impossible board
refused with the rule and the place, and positions without a board keeping the seed's. Engine-only (runs in
Pyodide)."""

from __future__ import annotations

import pytest

from py_engine import get_game
from py_engine.core import position as P
from py_engine.core.rng import Rng
from py_engine.games.catan_ck.data import BEGINNER, EDGES, HARBOUR_EDGES, HEX_ID, HEXES, KIDX

from .test_position import catan_example, fuzz, refusal

CORNER, CENTRE = HEX_ID[(0, -2)], HEX_ID[(0, 0)]  # the top corner hex and the centre


def island() -> list[tuple[str, int]]:
    """The beginner island with the desert moved to the top corner (its mountains 10 to the centre)."""
    board = [BEGINNER[h] for h in HEXES]
    board[CORNER], board[CENTRE] = board[CENTRE], board[CORNER]
    return board


HARBOURS = ("ore", "3:1", "grain", "3:1", "wool", "3:1", "3:1", "brick", "lumber")  # spots 1-9


def board_example() -> dict:
    """catan_example (seat 0's city on intersection 0, seats 0 and 1 a road each) on the island above, with
    the harbours in another order: ore on spot 1."""
    pos = catan_example()
    z = pos["state"]["zones"]
    for h, (terrain, number) in enumerate(island()):
        z[f"terrain.{h}"] = [f"terrain-{terrain}"]
        z[f"token.{h}"] = [f"token-{number}"] if number else []
    for k, kind in enumerate(HARBOURS, 1):
        z[f"harbour.{k}"] = ["harbour-generic" if kind == "3:1" else f"harbour-{kind}"]
    return pos


def test_a_board_set_by_hand_is_the_island_played_on():
    state = P.check(board_example(), seed=1).state
    assert list(zip(state.terrain, state.number)) == island()
    assert state.terrain[CORNER] == "desert" and state.number[CORNER] == 0
    assert state.robber == CORNER  # the robber starts on the desert, wherever it lies
    assert [kind for _e, kind in state.harbours] == list(HARBOURS)
    assert [e for e, _kind in state.harbours] == list(HARBOUR_EDGES)
    view = state.view(0)
    assert view["terrain"][CENTRE] == "mountains" and view["numbers"][CENTRE] == 10


def test_a_city_on_the_ore_harbour_trades_ore_two_for_one():
    data = board_example()
    z = data["state"]["zones"]
    a, b = EDGES[HARBOUR_EDGES[0]]  # harbour spot 1's intersections
    z["vertex.0"], z["edge.0"], z["vertex.3"] = [], [], []  # seat 0's pieces moved to the ore harbour
    z[f"vertex.{a}"] = ["city-0"]
    data["state"]["fields"].update({"decision": "main", "cards.0.ore": 2})
    state = P.check(data, seed=1).state
    assert state.rate(0, KIDX["ore"]) == 2 and state.rate(0, KIDX["wool"]) == 4
    assert b != a


def test_the_board_round_trips_from_a_replay_step():
    state = get_game("catan-ck").new(players=3, seed=5, options={})
    data = P.of_state(state)
    z = data["state"]["zones"]
    assert [z[f"terrain.{h}"] for h in range(len(HEXES))] == [[f"terrain-{t}"] for t in state.terrain]
    again = P.check(data, seed=99).state  # another seed, the same island
    assert (again.terrain, again.number, again.harbours) == (state.terrain, state.number, state.harbours)


def test_a_position_without_a_board_has_the_seeds():
    data = catan_example()
    z = data["state"]["zones"]
    for path in [p for p in z if p.split(".")[0] in ("terrain", "token", "harbour")]:
        del z[path]  # a link saved before the board was settable
    state = P.check(data, seed=4).state
    fresh = get_game("catan-ck").new(players=3, seed=Rng(4).below(2 ** 31), options={})
    assert (state.terrain, state.number, state.harbours) == (fresh.terrain, fresh.number, fresh.harbours)
    assert state.robber == fresh.terrain.index("desert")


def board_edit(fn) -> dict:
    pos = board_example()
    fn(pos["state"]["zones"])
    return pos


def _swap_tokens(z: dict, a: int, b: int) -> None:
    z[f"token.{a}"], z[f"token.{b}"] = z[f"token.{b}"], z[f"token.{a}"]


SIX = HEX_ID[(0, -1)]  # hills 6 on the beginner island; its neighbour (1, -1) has pasture 4


@pytest.mark.parametrize(("change", "message"), [
    (lambda z: z["terrain.5"].clear(),
     "terrain.5: hex 5 has no terrain: a board set by hand gives every hex its terrain and number (or none: the "
     "board the seed deals)"),
    (lambda z: (z[f"token.{CORNER}"].append("token-10"), z[f"token.{CENTRE}"].clear()),
     f"token.{CORNER}: the desert has no number token"),
    (lambda z: z[f"token.{CENTRE}"].clear(),
     f"token.{CENTRE}: every hex but the desert has a number token: this mountains has none"),
    (lambda z: z[f"terrain.{CENTRE}"].__setitem__(0, "terrain-forest"),
     "terrain.12: only 4 of terrain-forest exist"),
    (lambda z: z["token.1"].__setitem__(0, "token-6"), "token.17: only 2 of token-6 exist"),
    (lambda z: _swap_tokens(z, HEX_ID[(1, -1)], HEX_ID[(2, 0)]),
     f"token.{HEX_ID[(1, -1)]}: token-8 lies next to token-6 (hex {SIX}): no 6 or 8 touches another 6 or 8"),
    (lambda z: z["harbour.3"].clear(),
     "harbour.3: harbours set by hand fill all nine spots (or none: the harbours the seed deals)"),
    (lambda z: (z["terrain.4"].clear(), z["vertex.20"].append("terrain-hills")),
     "vertex.20: terrain-hills lies only on the board's terrain spots"),
    (lambda z: (z["token.4"].clear(), z["terrain.4"].__setitem__(0, "token-6")),
     "terrain.4: token-6 cannot lie here: only a terrain"),
    (lambda z: z["harbour.1"].__setitem__(0, "harbour-wool"),
     "harbour.5: harbour-wool lies in two places (harbour.1 and harbour.5): each card lies in exactly one place"),
])
def test_impossible_boards_name_the_rule_and_the_place(change, message):
    assert refusal(board_edit(change)) == message


def test_fuzz_the_board_only_ever_refused_clearly():
    ok, refused = fuzz([board_example(), P.starting("catan-ck", players=4, seed=3)], 2_000, seed=35)
    assert ok + refused == 2_000 and ok > 100 and refused > 1000
