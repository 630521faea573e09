"""Islands in the Mist: rule tests with concrete positions on the stand-in boards (digest TC1-TC20)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine import get_game
from py_engine.core import IllegalAction, Record, RecordError, Rng
from py_engine.games.islands import data as D
from py_engine.games.islands import scoring as S
from py_engine.games.islands.state import DICE, FLY, PLACE, SWAP, TAKE, IslandsState

from .conformance import check_fast_legality, legal

GAME = get_game("islands")
GOLD = D.BOARDS["gold"]
SILVER = D.BOARDS["silver"]


def sp(q: int, r: int, board: D.Board = GOLD) -> int:
    return board.index[(q, r)]


def tile(kind: str, terrain: str | None = None, value: int | None = None, skip: int = 0) -> int:
    """A tile id of the given kind / terrain / value (the `skip`-th match)."""
    found = [t for t in range(D.NTILES) if D.KIND[t] == kind and (terrain is None or D.TERRAIN[t] == terrain)
             and (value is None or D.LO[t] == value) and D.OWNER[t] < 0]
    return found[skip]


def at_flight(players: int = 2, space: int = 0, direction: str = "NE", bonus: str = "energy1", energy: int = 10,
              **opts: str) -> IslandsState:
    """A state where seat 0 must fly from `space` with the given dice."""
    s = GAME.new(players=players, seed=1, options=opts)
    s.pos = [space] + [GOLD.start_spaces[0]] * (players - 1)
    s.phase, s.decider, s.idx = FLY, 0, 0
    s.direction = D.DIRECTION_FACES.index(direction)
    s.bonus = D.BONUS_FACES.index(bonus)
    s.energy[0] = energy
    return s


def costs(s: IslandsState, seat: int = 0) -> dict:
    return {a: c for a, c, _d in s.flights(seat)}


def empty() -> list[int]:
    return [-1] * len(GOLD.coords)


# --- C1: flights ----------------------------------------------------------------------------------
def test_tc1_tc2_tc3_flight_costs():
    s = at_flight(space=sp(-1, 1), direction="NE")  # a value-3 start space; NE crosses the yard
    assert GOLD.move[sp(-1, 1)] == 3
    c = costs(s)
    assert c[("fly", "NE", 3)] == 0  # TC1: exactly 3 in the wind's direction
    assert c[("fly", "NE", 2)] == 1  # TC2: one space shorter
    assert c[("fly", "E", 1)] == 5  # TC3: brake 3 to 0, then 2 for one space east
    assert c[("fly", "NE", 4)] == 1
    assert c[("stay",)] == 3
    s.apply(0, ("fly", "NE", 3))
    assert s.pos[0] == sp(2, -2) and s.energy[0] == 10 and s.phase == TAKE


def test_tc18_zero_space_and_energy_limit():
    s = at_flight(space=sp(1, -2), direction="W", energy=2)  # fog 0
    c = costs(s)
    assert c[("stay",)] == 0 and c[("fly", "W", 2)] == 2 and c[("fly", "W", 1)] == 1
    assert ("fly", "W", 3) not in c  # the coast at 3 spaces would cost 3: more than the 2 energy held
    assert c[("fly", "E", 1)] == 2 and ("fly", "E", 2) not in c  # another direction: 0 + 2 per space


def test_other_direction_costs_from_zero():
    s = at_flight(space=sp(1, -2), direction="W", energy=4)
    c = costs(s)
    assert c[("fly", "E", 1)] == 2 and c[("fly", "E", 2)] == 4 and ("fly", "E", 3) not in c


def test_bonus_move1_reverse_turn60():
    s = at_flight(space=sp(-1, 1), direction="NE", bonus="move1")
    c = costs(s)
    assert c[("fly", "NE", 4)] == 0 and c[("fly", "NE", 3)] == 1 and c[("stay",)] == 4
    assert c[("fly", "E", 1)] == 6  # brake 4 (3 + 1), then 2
    s = at_flight(space=sp(1, -1), direction="NE", bonus="reverse")
    c = costs(s)
    assert c[("fly", "SW", 3)] == 0 and c[("fly", "W", 1)] == 5
    s = at_flight(space=sp(-1, 1), direction="NE", bonus="turn60")
    c = costs(s)
    assert c[("fly", "E", 3)] == 0 and c[("fly", "NW", 3)] == 0 and c[("fly", "SE", 1)] == 5


def test_flight_stops_at_the_coast_for_free():
    s = at_flight(space=sp(3, -1), direction="E")  # volcano, value 3; the coast is one space east
    c = costs(s)
    assert c[("fly", "E", 1)] == 0 and ("fly", "E", 2) not in c
    s = at_flight(space=sp(4, -1), direction="E")  # on the coast, wind blows off the island
    assert costs(s)[("stay",)] == 0


def test_tile_value_replaces_the_space_value_and_ranges():
    s = at_flight(space=sp(-1, 1), direction="NE")
    s.placed[0][sp(-1, 1)] = tile("terrain", "forest", 1)
    c = costs(s)
    assert c[("fly", "NE", 1)] == 0 and c[("fly", "NE", 3)] == 2
    s.placed[0][sp(-1, 1)] = D.EXT_TILES[0][2]  # lookout tower 1-4: any of 1..4 is free
    c = costs(s)
    assert c[("fly", "NE", 1)] == 0 and c[("fly", "NE", 4)] == 0 and c[("stay",)] == 1


# --- C2 / C3 --------------------------------------------------------------------------------------
def test_tc4_take_a_cloud_keep_and_convert():
    s = at_flight(space=sp(1, -1))
    forest, mountain = tile("terrain", "forest", 3), tile("terrain", "mountain", 5)
    s.bag = sorted(t for t in s.bag + [x for c in s.clouds for x in c] if t not in (forest, mountain))
    s.clouds = [[forest, mountain], [], [], []]
    s.telescope[0] = []
    s.energy[0] = 5
    s.apply(0, ("fly", "NE", 3))
    assert s.legal_actions(0) == [("cloud", 0)]
    s.apply(0, ("cloud", 0))
    assert s.decision() == "gain" and s.gain == [forest, mountain]
    s.apply(0, ("keep",))
    s.apply(0, ("convert",))
    assert s.telescope[0] == [forest] and s.energy[0] == 10 and mountain in s.bag and s.clouds[0] == []
    assert s.phase == PLACE


def test_full_telescope_converts_automatically():
    s = at_flight(space=sp(1, -1))
    s.telescope[0] = [tile("terrain", "forest", None, k) for k in range(5)]
    t = s.clouds[0][0]
    s.clouds = [[t], [], [], []]
    e = s.energy[0]
    s.apply(0, ("fly", "NE", 3))
    s.apply(0, ("cloud", 0))
    assert s.energy[0] == min(25, e + D.ENERGY[t]) and t in s.bag


def test_tc5_placement_targets():
    s = at_flight(space=sp(1, -1))
    s.placed[0][sp(2, -2)] = tile("city")
    s.placed[0][sp(1, -2)] = tile("terrain", "forest", 0)
    s.pos[0] = sp(1, -1)
    free = s.placements(0)
    # neighbours of (1,-1): (2,-1), (0,-1), (2,-2) tile, (1,-2) tile, (1,0), (0,0) the yard
    assert sorted(free) == sorted([sp(2, -1), sp(0, -1), sp(1, 0)])


def test_question_volcano_and_energy_spaces():
    s = at_flight(space=sp(1, -2))  # fog 0 next to (1,-3) '?', (2,-3) volcano, (0,-2) energy drop 2
    s.phase, s.telescope[0] = PLACE, [tile("terrain", "forest", 1), tile("terrain", "meadow", 2)]
    s.energy[0] = 4
    bag = len(s.bag)
    s.apply(0, ("place", tile("terrain", "forest", 1), sp(0, -2)))
    assert s.energy[0] == 6
    s.apply(0, ("place", tile("terrain", "meadow", 2), sp(1, -3)))
    assert len(s.bag) == bag - 1 and s.decision() == "gain"  # '?' drew a tile: keep or convert
    s.apply(0, ("keep",))
    assert len(s.telescope[0]) == 1 and s.phase == PLACE
    assert S.volcano_penalty(GOLD, s.placed[0]) == 18
    s.placed[0][sp(2, -3)] = tile("monument")
    assert S.volcano_penalty(GOLD, s.placed[0]) == 15


def test_silver_draw_spaces():
    s = GAME.new(players=2, seed=3, options={"island": "silver"})
    s.pos = [sp(1, -1, SILVER), sp(0, 1, SILVER)]
    s.phase, s.decider, s.idx = PLACE, 0, 0
    s.telescope[0] = [tile("terrain", "forest", 1), tile("terrain", "forest", 2)]
    s.energy[0] = 5
    assert SILVER.kind[sp(1, -2, SILVER)] == "draw2" and SILVER.kind[sp(2, -2, SILVER)] == "fog"
    bag = len(s.bag)
    s.apply(0, ("place", tile("terrain", "forest", 1), sp(1, -2, SILVER)))
    assert len(s.bag) == bag - 2 and len(s.gain) == 2
    s.apply(0, ("convert",))
    s.apply(0, ("convert",))
    s.pos[0] = sp(1, -3, SILVER)
    assert SILVER.kind[sp(2, -3, SILVER)] == "draw1energy"
    e = s.energy[0]
    s.apply(0, ("place", tile("terrain", "forest", 2), sp(2, -3, SILVER)))
    assert s.energy[0] == e + 1 and len(s.gain) == 1


# --- phase D, phase A, dice --------------------------------------------------------------------------
def _round_end(s: IslandsState) -> None:
    s.idx = s.players - 1
    s._end_turn()


def test_tc6_start_player_by_value_then_energy():
    s = GAME.new(players=3, seed=2)
    s.pos = [sp(1, -1), sp(0, -1), sp(-1, 1)]  # values 3, 1, 3 (yellow, green, blue)
    s.energy = [9, 4, 6]
    _round_end(s)
    assert s.start == 2 and s.order == [2, 0, 1] and s.round == 2


def test_tc19_full_tie_goes_to_the_latest_in_turn_order():
    s = GAME.new(players=3, seed=2)
    s.order, s.start = [1, 2, 0], 1
    s.pos = [sp(1, -1), sp(-1, 1), sp(-1, -1)]  # all value 3
    s.energy = [5, 5, 5]
    _round_end(s)
    assert s.start == 0


def test_tc17_phase_a_refills_and_empties_full_clouds():
    s = GAME.new(players=2, seed=4)
    s.pos = [sp(1, -1), sp(0, -1)]
    three = [s.bag.pop(), s.bag.pop(), s.bag.pop()]
    two = [s.bag.pop(), s.bag.pop()]
    s.bag += [t for c in s.clouds[:2] for t in c]
    s.bag.sort()
    s.clouds[0], s.clouds[1] = list(three), list(two)
    _round_end(s)
    assert len(s.clouds[0]) == 1 and all(t in s.bag or t in s.clouds[0] for t in three)
    assert len(s.clouds[1]) == 3 and s.clouds[1][:2] == two
    assert s.phase == DICE and s.decider == s.order[-1]


def test_bag_too_small_in_phase_a_ends_the_game_at_once():
    s = GAME.new(players=2, seed=4)
    s.pos = [sp(1, -1), sp(0, -1)]
    s.box += s.bag[3:]  # only 3 tiles left for 4 clouds
    s.bag = s.bag[:3]
    _round_end(s)
    assert s.is_over() and s.history[-1]["end"] == "bag"


def test_dice_each_rerolled_at_most_once():
    s = GAME.new(players=2, seed=5)
    s.apply(0, ("start", GOLD.start_spaces[0]))
    s.apply(1, ("start", GOLD.start_spaces[1]))
    assert s.phase == DICE and s.to_move() == (1,)  # the player right of the start player rolls
    assert s.legal_actions(1) == [("reroll", "bonus"), ("reroll", "direction"), ("roll_done",)]
    s.apply(1, ("reroll", "bonus"))
    assert s.legal_actions(1) == [("reroll", "direction"), ("roll_done",)]
    with pytest.raises(IllegalAction):
        s.apply(1, ("reroll", "bonus"))


def test_bonus_energy_and_tile_apply_to_all():
    s = GAME.new(players=2, seed=5)
    s.apply(0, ("start", GOLD.start_spaces[0]))
    s.apply(1, ("start", GOLD.start_spaces[1]))
    s.bonus = D.BONUS_FACES.index("energy2")
    s.apply(1, ("roll_done",))
    assert s.energy == [7, 8] and s.phase == FLY and s.to_move() == (0,)
    s = GAME.new(players=2, seed=5)
    s.apply(0, ("start", GOLD.start_spaces[0]))
    s.apply(1, ("start", GOLD.start_spaces[1]))
    s.bonus = D.BONUS_FACES.index("tile")
    bag = len(s.bag)
    s.apply(1, ("roll_done",))
    assert s.decision() == "gain" and s.to_move() == (0,)
    s.apply(0, ("keep",))
    assert s.to_move() == (1,) and s.decision() == "gain"
    s.apply(1, ("convert",))
    assert len(s.bag) == bag - 1 and s.phase == FLY and s.to_move() == (0,)


# --- connections and the end ---------------------------------------------------------------------
def _chain_to_desert() -> list[int]:
    """Terrain tiles of any type from a yard neighbour (1,0) east to the desert coast space (4,0)."""
    p = empty()
    p[sp(1, 0)] = tile("terrain", "forest", 1)
    p[sp(2, 0)] = tile("terrain", "swamp", 1)
    p[sp(3, 0)] = tile("wild")
    return p


def test_tc7_any_terrain_connects_and_a_city_cuts():
    p = _chain_to_desert()  # the wild on (3,0) touches the desert corner (4,0) and the meadow (4,-1)
    assert S.connected_coasts(GOLD, p) == ["meadow", "desert"]
    p[sp(2, 0)] = tile("city")
    assert S.connected_coasts(GOLD, p) == []
    p = _chain_to_desert()
    for q, r in ((4, 0), (3, 1), (2, 2), (1, 3)):  # every desert coast space covered by non-desert tiles
        p[sp(q, r)] = tile("monument")
    assert S.connected_coasts(GOLD, p) == ["meadow"]
    p[sp(4, 0)] = tile("terrain", "desert", 2)  # a matching tile on the coast space starts a path again
    assert S.connected_coasts(GOLD, p) == ["meadow", "desert"]
    p[sp(4, 0)] = tile("terrain", "canyon", 2)
    assert S.connected_coasts(GOLD, p) == ["meadow"]


def test_tc8_uncovered_spaces_of_another_coast_are_no_links():
    p = empty()
    p[sp(1, -1)] = tile("terrain", "forest", 1)
    p[sp(2, -2)] = tile("terrain", "forest", 2)
    p[sp(3, -3)] = tile("terrain", "forest", 3)  # next to the forest (3,-4) and meadow (4,-3), (4,-4)
    assert S.connected_coasts(GOLD, p) == ["forest", "meadow"]
    p = empty()
    p[sp(1, -1)] = tile("terrain", "forest", 1)
    p[sp(2, -1)] = tile("terrain", "forest", 2)
    p[sp(3, -2)] = tile("terrain", "forest", 3)  # next to meadow (4,-2), (4,-3) only
    assert S.connected_coasts(GOLD, p) == ["meadow"]  # the meadow coast space (4,-3) links nothing further


def test_first_to_connect_all_coasts_ends_after_one_more_round():
    s = GAME.new(players=2, seed=6)
    p = s.placed[0]
    desert = set(GOLD.coasts["desert"])
    for i, (q, r) in enumerate(GOLD.coords):  # rings 1-3, but nothing next to the desert coast
        if 0 < max(abs(q), abs(r), abs(q + r)) <= 3 and not desert & set(GOLD.neighbours[i]):
            p[i] = tile("terrain", "forest", 1)
    assert S.connected_coasts(GOLD, p) == ["forest", "meadow", "mountain", "swamp", "canyon"]
    s.pos = [sp(1, 1), sp(0, -1)]
    s.phase, s.decider, s.idx = PLACE, 0, 0
    s.telescope[0] = [tile("wild", value=2)]
    s.apply(0, ("place", tile("wild", value=2), sp(2, 1)))
    assert s.first_all == 0 and s.final_round == 2
    assert s.score_sheet()[0]["coasts"] == 10
    s.first_all = 1
    assert s.score_sheet()[0]["coasts"] == 5
    s.first_all = 0
    rng = Rng(1)
    while s.to_move() and s.round <= 2:
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert s.is_over() and s.round == 2 and s.history[-1]["end"] == "final_round"


# --- scoring ------------------------------------------------------------------------------------------
def _tc9() -> list[int]:
    p = empty()
    p[sp(1, -3)] = tile("wild")  # next to the uncovered forest coast (1,-4)
    p[sp(1, -2)] = tile("terrain", "forest", 1)  # A, next to the wild
    p[sp(2, -2)] = tile("monument")
    p[sp(3, -2)] = tile("terrain", "forest", 2)  # B, cut off by the monument
    p[sp(0, -2)] = tile("terrain", "swamp", 1)
    p[sp(-1, -2)] = tile("terrain", "forest", 3)  # C, cut off by the swamp tile
    p[sp(-1, 3)] = tile("terrain", "swamp", 2)  # two swamps and a wild on the swamp coast side
    p[sp(0, 3)] = tile("terrain", "swamp", 3)
    p[sp(0, 2)] = tile("wild", skip=1)
    return p


def test_tc9_forest_and_swamp():
    p = _tc9()
    assert S.terrain_points(GOLD, p, "forest") == (3, 0)  # A 2 + wild 1; B and C score nothing
    assert S.terrain_points(GOLD, p, "swamp") == (5, 0)  # 2 + 2 + wild 1 (the swamp at (0,-2) is cut off)
    p[sp(0, -3)] = tile("terrain", "forest", 4)  # D joins C to the wild
    assert S.terrain_points(GOLD, p, "forest")[0] == 7
    p[sp(3, -3)] = tile("terrain", "forest", 5)  # E touches the forest coast (3,-4) and joins B
    assert S.terrain_points(GOLD, p, "forest")[0] == 11


def test_tc10_tc20_monument_majority():
    assert S.monument_points([4, 4, 2]) == [12, 12, 2]
    assert S.monument_points([5, 3, 3, 1]) == [15, 6, 6, 0]
    assert S.monument_points([2, 2, 2]) == [6, 6, 6]
    p = empty()
    p[sp(1, 1)] = D.EXT_TILES[0][4]  # royal couple counts twice
    p[sp(2, 1)] = tile("monument")
    assert S.monument_count(p) == 3


def test_tc11_energy_crowns():
    assert D.crown_points(12) == 6
    assert D.crown_points(14) == 6  # between the 6 and 8 crowns
    assert D.crown_points(0) == 0 and D.crown_points(25) == 15


def test_tc12_volcanoes():
    p = empty()
    for q, r in ((2, -3), (-1, -1), (3, -1), (-3, 1), (1, 2)):  # cover all but the 1 ...
        p[sp(q, r)] = tile("city")
    assert S.volcano_penalty(GOLD, p) == 1
    p[sp(-1, -1)] = -1  # ... and a 3
    assert S.volcano_penalty(GOLD, p) == 4


def test_cities_count_adjacent_terrain_tiles():
    p = empty()
    p[sp(1, 1)] = tile("city")
    p[sp(2, 1)] = tile("terrain", "desert", 1)
    p[sp(0, 1)] = tile("wild")
    p[sp(1, 0)] = D.START_TILES[0]
    p[sp(1, 2)] = tile("monument")
    p[sp(2, 0)] = tile("city", skip=1)  # next to the first city and the desert tile
    assert S.city_points(GOLD, p) == 3 + 2


def test_tc13_final_scoring_example():
    p = empty()
    wild = tile("wild")
    p[sp(0, 1)] = wild  # shared by the canyon and the desert group
    for k, (q, r) in enumerate(((-1, 1), (-2, 1), (-3, 1), (-2, 2))):
        p[sp(q, r)] = tile("terrain", "canyon", None, k)
    for k, (q, r) in enumerate(((1, 1), (2, 1), (1, 0), (2, 0))):
        p[sp(q, r)] = tile("terrain", "desert", None, k)
    for k, (q, r) in enumerate(((0, -3), (1, -3), (-1, -2), (0, -2), (3, -3))):
        p[sp(q, r)] = tile("terrain", "mountain", None, k)  # 4 together, the 5th apart
    p[sp(-1, 3)] = tile("wild", skip=1)  # the only tile at the swamp coast
    p[sp(2, -3)] = tile("monument")
    p[sp(-2, 3)] = tile("monument", skip=1)
    others = []
    for n in (3, 4, 5):
        o = empty()
        for k in range(n):
            o[sp(*((1, 0), (2, 0), (0, 1), (1, 1), (2, 1))[k])] = tile("monument", skip=2 + k)
        others.append(o)
    sheet = S.score_sheet(GOLD, [p, *others], [14, 0, 0, 0], first_all=-1)[0]
    assert sheet["terrain"]["swamp"] == 1
    assert sheet["groups"] == {"forest": 0, "meadow": 0, "mountain": 0, "desert": 3, "swamp": 0, "canyon": 3}
    assert sheet["terrain"]["mountain"] == 8  # the 4 next to the mountain coast; the lone 5th scores 0
    assert sheet["terrain"]["canyon"] == 9 and sheet["terrain"]["desert"] == 9
    assert sheet["monuments"] == 0 and sheet["monument_count"] == 2
    assert sheet["energy"] == 6
    assert sheet["volcanoes"] == -10  # 2 + 3 + 5 uncovered
    assert sheet["coasts"] == 0
    assert sheet["total"] == 1 + 8 + 9 + 9 + 6 + 6 - 10


def test_group_bonus_needs_a_tile_of_the_type():
    p = empty()
    for k, (q, r) in enumerate(((1, 0), (2, 0), (1, 1), (2, 1), (0, 1))):
        p[sp(q, r)] = tile("wild", skip=k)
    assert all(S.terrain_points(GOLD, p, t)[1] == 0 for t in D.TERRAINS)
    p[sp(3, 0)] = tile("terrain", "desert", 1)
    assert S.terrain_points(GOLD, p, "desert")[1] == 3


def test_result_tie_break_by_energy():
    s = GAME.new(players=2, seed=8)
    s.energy = [3, 9]
    assert s.result()["winners"] == [1]
    s.energy = [9, 9]
    assert s.result()["winners"] == [0, 1]


# --- module 2: harbour ----------------------------------------------------------------------------
def test_tc14_flying_onto_the_docks():
    s = at_flight(space=sp(3, 0), direction="SE", modules="1+2")
    assert GOLD.move[sp(3, 0)] == 3 and GOLD.coast[sp(3, 1)] == "desert"
    c = {a: (cost, d) for a, cost, d in s.flights(0)}
    assert c[("fly", "SE", 1)] == (0, sp(3, 1))  # no office built: the coast stops the flight
    assert ("fly", "SE", 2) not in c
    s.access[0] = True
    c = {a: (cost, d) for a, cost, d in s.flights(0)}
    assert c[("fly", "SE", 3)] == (0, -2)  # one step onto the coast, two at sea: dock 2
    assert c[("fly", "SE", 1)] == (2, sp(3, 1)) and c[("fly", "SE", 2)] == (1, -1)
    assert c[("fly", "SE", 7)] == (4, -6)  # past the last dock it stops there


def test_office_placed_on_the_island_opens_the_harbour():
    s = GAME.new(players=2, seed=9, options={"modules": "1+2"})
    assert D.OFFICE_TILES[0] in s.telescope[0] and len(s.harbour) == 5
    s.pos = [sp(1, 0), sp(0, -1)]
    s.phase, s.decider, s.idx = PLACE, 0, 0
    s.apply(0, ("place", D.OFFICE_TILES[0], sp(2, 0)))
    assert s.access[0]


def test_tc15_exchange_at_dock_2():
    s = GAME.new(players=2, seed=9, options={"modules": "1+2"})
    s.pos = [-2, sp(0, -1)]
    s.phase, s.decider, s.idx = TAKE, 0, 0
    give = tile("terrain", "forest", 2)
    wild = tile("wild", value=0)
    s.bag = [t for t in s.bag if t not in (give, wild)]
    s.harbour = sorted(s.harbour + [wild])
    s.telescope[0] = [give]
    assert s.legal_actions(0) == [("give", give)]
    s.apply(0, ("give", give))
    assert s.takes == 2 and ("take", give) not in s.legal_actions(0) and ("take", "bag") in s.legal_actions(0)
    s.apply(0, ("take", wild))
    s.apply(0, ("keep",))
    s.apply(0, ("take", "bag"))
    s.apply(0, ("keep",))
    assert len(s.telescope[0]) == 2 and wild in s.telescope[0] and give in s.harbour
    assert s.to_move() == (1,)  # at the harbour no tiles can be placed: the turn ends


def test_exchange_with_nothing_to_give_takes_one():
    s = GAME.new(players=2, seed=9, options={"modules": "1+2"})
    s.pos = [-5, sp(0, -1)]
    s.phase, s.decider, s.idx = TAKE, 0, 0
    s.telescope[0] = []
    s._advance()
    assert s.phase == "exchange" and s.takes == 1


def test_tc16_leaving_the_harbour():
    s = at_flight(space=0, direction="SW", modules="1+2")
    s.pos[0] = -2  # dock 2: departure value 3
    c = {a: cost for a, cost, _d in s.flights(0)}
    assert all(a[0] == "leave" for a in c)
    entries = set()
    for a in c:
        if a[1] == "SW":
            x = a[2]
            while GOLD.step["NE"][x] >= 0:
                x = GOLD.step["NE"][x]
            entries.add(x)
    # the first step enters a coast space whose north-east side faces the sea
    assert entries == {sp(q, r) for q, r in ((0, -4), (1, -4), (2, -4), (3, -4), (4, -4), (4, -3), (4, -2),
                                             (4, -1), (4, 0))}
    assert c[("leave", "SW", sp(3, -4))] == 2  # entry (3,-4) only: one step instead of 3
    assert c[("leave", "SW", sp(2, -3))] == 1
    assert c[("leave", "SW", sp(1, -2))] == 0  # the dock's value 3: (3,-4), (2,-3), (1,-2)
    assert c[("leave", "SW", sp(0, -1))] == 1
    assert c[("leave", "E", sp(1, -4))] == 3 + 2 * 2  # another direction: brake 3, then 2 per space


def test_question_dock_moves_anywhere():
    s = at_flight(space=0, direction="SW", modules="1+2", harbour_side="back")
    s.pos[0] = -7
    acts = [a for a, _c, _d in s.flights(0)]
    assert len(acts) == 61 and all(a[0] == "jump" for a in acts)


# --- module 3: extension tiles ----------------------------------------------------------------------
def test_activation_threshold_keep_convert_and_lookout():
    s = GAME.new(players=2, seed=10, options={"modules": "1+2+3"})
    assert D.OFFICE_TILES[0] not in s.telescope[0] and len(s.beside[0]) == 5
    s.pos = [sp(1, 0), sp(0, -1)]
    s.phase, s.decider, s.idx = TAKE, 0, 0
    s.energy[0] = 6
    acts = s.legal_actions(0)
    assert ("activate", "lookout_small", "keep") in acts and ("activate", "harbour_office", "convert") in acts
    assert not any(a[0] == "activate" and a[1] == "lookout_large" for a in acts)
    s.apply(0, ("activate", "lookout_small", "keep"))
    assert s.cap[0] == 6 and D.EXT_TILES[0][0] in s.telescope[0] and s.phase == PLACE
    s2 = GAME.new(players=2, seed=10, options={"modules": "1+2+3"})
    s2.pos, s2.phase, s2.decider, s2.idx = [sp(1, 0), sp(0, -1)], TAKE, 0, 0
    s2.energy[0] = 12
    s2.apply(0, ("activate", "wind_machine", "convert"))
    assert s2.energy[0] == 20 and D.EXT_TILES[0][3] in s2.box


def test_all_five_extension_tiles_and_blocking():
    p = _chain_to_desert()
    p[sp(2, 0)] = D.EXT_TILES[0][3]
    assert S.connected_coasts(GOLD, p) == []
    q = empty()
    for k, (a, b) in enumerate(((1, 0), (2, 0), (0, 1), (1, 1), (2, 1))):
        q[sp(a, b)] = D.EXT_TILES[0][k]
    assert S.extension_points(q) == 2 + 2 + 1 + 1 + 1 + 5


# --- whole games ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("opts", [{"modules": "1+2"}, {"modules": "1+2+3"}, {"island": "silver"},
                                  {"modules": "1+2+3", "island": "silver", "harbour_side": "back"}])
def test_option_games_finish_replay_and_round_trip(opts):
    for players in (2, 4):
        s = GAME.new(players=players, seed=players, options=opts)
        rng = Rng(players)
        while s.to_move():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert s.is_over()
        snap = json.dumps(s.to_json(), sort_keys=True)
        assert json.dumps(GAME.from_json(json.loads(snap)).to_json(), sort_keys=True) == snap
        rec = Record.from_json(json.loads(json.dumps(s.record.to_json())))
        assert json.dumps(rec.replay().to_json(), sort_keys=True) == snap
        assert s.view(0)["data"] == "stand-in"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.integers(2, 4), st.sampled_from(["1", "1+2", "1+2+3"]), st.integers(0, 600))
def test_tiles_are_conserved(seed, players, modules, stop):
    s = GAME.new(players=players, seed=seed, options={"modules": modules})
    rng = Rng(seed)
    for _ in range(stop):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    s._validate()
    every = (s.bag + s.box + s.harbour + [t for c in s.clouds for t in c] + s.gain
             + [t for x in s.telescope for t in x] + [t for p in s.placed for t in p if t >= 0]
             + [t for b in s.beside for t in b] + ([s.swap_tile] if s.swap_tile >= 0 else []))
    expected = set(D.BAG_TILES) | set(D.START_TILES)
    if modules == "1+2":
        expected |= set(D.OFFICE_TILES[:players])
    if modules == "1+2+3":
        expected |= {t for k in range(players) for t in D.EXT_TILES[k]}
    assert set(every) == expected and len(every) == len(expected)
    assert all(0 <= e <= D.ENERGY_MAX for e in s.energy)


def test_undo_until_the_dice_or_the_bag():
    s = GAME.new(players=2, seed=11)
    s.apply(0, ("start", GOLD.start_spaces[0]))
    assert s.undo_allowed(0) == 1
    s.apply(1, ("start", GOLD.start_spaces[1]))  # the dice are rolled: a checkpoint
    assert s.undo_allowed(1) == 0


def test_heuristic_beats_random():
    from py_engine.bots.multi import run_table

    res = run_table("islands", 2, a="greedy", b="random", games=4, seed=3)
    assert res["wins"] == 4 and res["mean_margin_vs_best_other"] > 20


# --- fast legality (State.is_legal, used by apply) ----------------------------------------------------
@pytest.mark.parametrize(("seed", "players", "opts"), [
    (31, 2, {}), (32, 3, {"modules": "1+2", "island": "silver"}),
    (33, 4, {"modules": "1+2+3", "harbour_side": "back"}), (34, 2, {"modules": "1+2", "harbour_side": "back"})])
def test_is_legal_agrees_with_the_legal_list(seed, players, opts):
    """Over a random game (every 3rd position and every harbour decision), `is_legal` is exact membership in
    the legal list, types compared: 1.0 and True are not tile 1."""
    s = GAME.new(players=players, seed=seed, options=opts)
    rng, seen, n = Rng(seed), {}, 0
    while s.to_move():
        if n % 3 == 0 or s.pos[s.decider] < 0 or s.decision() in ("exchange", "swap", "from_cloud"):
            check_fast_legality(s, list(seen.values()))
        seat = s.to_move()[0]
        a = rng.choice(s.legal_actions(seat))
        seen[(s.decision(), a[0], len(a))] = a  # one action of each kind and decision met so far
        s.step(seat, a)
        n += 1


def test_is_legal_start_dice_and_flights():
    s = GAME.new(players=2, seed=1)
    assert legal(s, ("start", 21)) and not legal(s, ("start", 0)) and not legal(s, ("start", "21"))  # 0: no start
    s.apply(0, ("start", 21))
    s.apply(1, ("start", 22))
    assert s.decision() == DICE
    assert legal(s, ("reroll", "bonus")) and legal(s, ("roll_done",)) and not legal(s, ("reroll", "colour"))
    s.apply(s.decider, ("reroll", "bonus"))
    assert not legal(s, ("reroll", "bonus")) and legal(s, ("reroll", "direction"))  # once per die
    s = at_flight(space=sp(1, -2), direction="W", energy=2)  # fog 0
    assert legal(s, ("stay",)) and legal(s, ("fly", "W", 2)) and not legal(s, ("fly", "W", 2.0))
    assert not legal(s, ("fly", "W", 3)) and not legal(s, ("fly", "E", 2))  # 3 and 4 energy: only 2 held
    assert not legal(s, ("fly", "N", 1)) and not legal(s, ("fly", "W", 0)) and not legal(s, ("jump", 0))
    assert not legal(s, ("leave", "W", sp(0, -2)))  # on the island, not at a dock


def test_is_legal_leaving_the_harbour_and_the_question_dock():
    s = at_flight(space=0, direction="SW", modules="1+2")
    s.pos[0] = -2  # dock 2: departure value 3
    assert legal(s, ("leave", "SW", sp(1, -2))) and legal(s, ("leave", "E", sp(1, -4)))  # 0 and 7 energy
    assert not legal(s, ("fly", "SW", 1)) and not legal(s, ("stay",))  # at a dock: only leave
    s.energy[0] = 6
    assert not legal(s, ("leave", "E", sp(1, -4))) and not legal(s, ("leave", "SW", 61))
    s = at_flight(space=0, direction="SW", modules="1+2", harbour_side="back")
    s.pos[0] = -7
    assert legal(s, ("jump", 60)) and not legal(s, ("jump", 61)) and not legal(s, ("jump", True))
    assert not legal(s, ("leave", "SW", sp(1, -2)))  # the '?' dock only jumps


def test_is_legal_tiles_clouds_harbour_and_placing():
    s = at_flight(space=sp(1, -1))
    s.clouds = [[s.clouds[0][0]], [], [], []]
    s.apply(0, ("fly", "NE", 3))
    assert legal(s, ("cloud", 0)) and not legal(s, ("cloud", 1)) and not legal(s, ("cloud", 4))  # 1 is empty
    s.apply(0, ("cloud", 0))
    assert legal(s, ("keep",)) and legal(s, ("convert",)) and not legal(s, ("keep", 0))
    two = [tile("terrain", "forest", 1, k) for k in range(2)]
    s.gain, s.phase, s.pos[0], s.telescope[0] = [], PLACE, sp(1, -2), [*two, tile("terrain", "forest", 2)]
    assert legal(s, ("place", two[0], sp(0, -2))) and legal(s, ("done",))
    assert not legal(s, ("place", two[1], sp(0, -2)))  # the same kind of tile: one action names both
    assert not legal(s, ("place", two[0], sp(1, -2)))  # the balloon's own space
    city = tile("city")
    s.bag.remove(city)
    s.clouds[1], s.cloud_draws = [city], 1  # the bag is empty: a tile from a cloud instead
    assert legal(s, ("from_cloud", city)) and not legal(s, ("from_cloud", two[0])) and not legal(s, ("place",))
    s = GAME.new(players=2, seed=9, options={"modules": "1+2"})
    s.pos, s.phase, s.decider, s.idx = [-2, sp(0, -1)], TAKE, 0, 0
    give, wild = tile("terrain", "forest", 2), tile("wild", value=0)
    s.bag = [t for t in s.bag if t not in (give, wild)]
    s.harbour, s.telescope[0] = sorted(s.harbour + [wild]), [give]
    assert legal(s, ("give", give)) and not legal(s, ("give", wild)) and not legal(s, ("cloud", 0))
    s.apply(0, ("give", give))
    assert legal(s, ("take", wild)) and legal(s, ("take", "bag")) and not legal(s, ("take", give))  # just given
    s.phase, s.swap_tile = SWAP, s.bag.pop()
    assert legal(s, ("swap", wild)) and not legal(s, ("swap", s.swap_tile)) and not legal(s, ("take", wild))


def test_is_legal_extension_tiles():
    s = GAME.new(players=2, seed=10, options={"modules": "1+2+3"})
    s.pos, s.phase, s.decider, s.idx = [sp(1, 0), sp(0, -1)], TAKE, 0, 0
    s.energy[0] = 6
    assert legal(s, ("activate", "lookout_small", "keep")) and legal(s, ("activate", "harbour_office", "convert"))
    assert not legal(s, ("activate", "lookout_large", "keep"))  # needs 8 energy
    assert not legal(s, ("activate", "lookout_small", "drop")) and not legal(s, ("activate", "office", "keep"))
    s.telescope[0] = [tile("city", skip=k) for k in range(5)]
    assert not legal(s, ("activate", "lookout_small", "keep")) and legal(s, ("activate", "lookout_small", "convert"))


# --- who starts (option "first") ----------------------------------------------------------------------
def test_start_player_option_default_keeps_seat_1():
    s = GAME.new(players=3, seed=4)
    assert (s.start, s.order, s.energy, s.decider) == (0, [0, 1, 2], [5, 6, 7], 0)
    assert s.log[0] == {"seat": None, "key": "round", "params": {"round": 1, "start": 0}}


def test_start_player_option_named_seat_and_energy_by_seat_order():
    s = GAME.new(players=4, seed=4, options={"first": "3"})
    assert (s.start, s.order, s.decider) == (2, [2, 3, 0, 1], 2)
    assert s.energy == [7, 8, 5, 6]  # 5 for the start player, then 6, 7, 8 clockwise
    for seat in (2, 3, 0, 1):  # start spaces are chosen in turn order, then the last player rolls
        assert s.to_move() == (seat,)
        s.apply(seat, ("start", GOLD.start_spaces[seat]))
    assert s.decision() == DICE and s.to_move() == (1,)
    assert GAME.new(players=2, seed=4, options={"first": "4"}).start == 0  # no 4th seat: seat 1 starts


def test_start_player_option_random_is_drawn_and_replays():
    starts = {GAME.new(players=3, seed=k, options={"first": "random"}).start for k in range(12)}
    assert starts == {0, 1, 2}
    s = GAME.new(players=3, seed=5, options={"first": "random"})
    assert s.energy[s.start] == 5 and s.record.replay().start == s.start
    with pytest.raises(RecordError):
        GAME.new(players=2, seed=1, options={"first": "5"})


@pytest.mark.parametrize("players, offered", [(2, ["1", "2", "random"]), (3, ["1", "2", "3", "random"]),
                                              (4, ["1", "2", "3", "4", "random"])])
def test_the_setup_offers_only_the_tables_seats_as_start_player(players, offered):
    """A two-player game is never offered start player 3 or 4 (the setup screen lists `Option.shown(players)`)."""
    first = next(o for o in GAME.options if o.name == "first")
    assert [v for v, _label in first.shown(players)] == offered
    assert [v for v, _label in first.shown()] == ["1", "2", "3", "4", "random"]  # without a table: every choice


# --- undo of own decisions while nothing hidden was revealed ---------------------------------------
def test_undo_flight_cloud_and_keep_but_not_a_bag_draw():
    s = GAME.new(players=2, seed=12)
    s.apply(0, ("start", GOLD.start_spaces[0]))
    s.apply(1, ("start", GOLD.start_spaces[1]))
    s.apply(1, ("roll_done",))
    assert s.decision() == FLY
    before = s.view(0)
    s.apply(0, ("fly", "E", 1))
    assert s.undo_allowed(0) == 1 and s.undo_allowed(1) == 0
    back = s.undone(0)
    assert back.view(0) == before and back.to_move() == (0,)
    s.apply(0, ("cloud", 0))
    kept = 0
    while s.decision() == "gain":
        s.apply(0, ("keep",))
        kept += 1
    assert kept >= 1 and s.undo_allowed(0) == 2 + kept  # the flight, the cloud, each tile kept
    assert s.undone(0, 2 + kept).view(0) == before
    # a tile placed on a '?' space draws from the bag: that cannot be taken back
    q = next(a for a in s.legal_actions(0) if a[0] == "place" and GOLD.kind[a[2]] == "question")
    s.apply(0, q)
    assert s.undo_allowed(0) == 0
    with pytest.raises(IllegalAction):
        s.undone(0)
