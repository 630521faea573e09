"""Rules of Catan: Cities & Knights (py_engine/games/catan_ck): concrete positions, exact results.

Beginner board hex ids (row by row): 0 mountains 10, 1 pasture 2, 2 forest 9, 3 fields 12, 4 hills 6,
5 pasture 4, 6 hills 10, 7 fields 9, 8 forest 11, 9 desert, 10 forest 3, 11 mountains 8, 12 forest 8,
13 mountains 3, 14 fields 4, 15 pasture 5, 16 hills 5, 17 fields 6, 18 pasture 11.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine.core import IllegalAction, Rng
from py_engine.core.events import event_rng
from py_engine.games.catan_ck import GAME
from py_engine.games.catan_ck.data import (
    BANK_START,
    CARD_TRACK,
    EDGES,
    EVENT_FACES,
    HARBOUR_EDGES,
    HEX_NEIGH,
    HEX_VERTS,
    KIDX,
    NE_,
    NH,
    NV,
    TOKENS_AZ,
    VERT_EDGES,
    WIN_VP,
    deck_cards,
)

from .conformance import check_fast_legality, legal

BRICK, LUMBER, WOOL, GRAIN, ORE, CLOTH, COIN, PAPER = range(8)


def fresh(players: int = 3, board: str = "beginner", **opts) -> object:
    """A game past set-up with an empty board: seat 0 in its action phase (after its roll)."""
    s = GAME.new(players=players, seed=1, options={"board": board, **opts})
    s.setup_i = 2 * players
    s.turn, s.turn_no = 0, 1
    s.stack = [{"k": "main", "p": 0}]
    return s


def give(s, p: int, **cards: int) -> None:
    for k, n in cards.items():
        s.hands[p][KIDX[k]] += n
        s.bank[KIDX[k]] -= n


def build(s, p: int, v: int, kind: str = "settlement") -> None:
    s.owner[v] = p
    s.btype[v] = 2 if kind == "city" else 1


def road(s, p: int, *edges: int) -> None:
    for e in edges:
        s.road[e] = p


def edge(a: int, b: int) -> int:
    return EDGES.index((min(a, b), max(a, b)))


def knight(s, p: int, v: int, level: int = 1, active: bool = True) -> None:
    s.kn_owner[v], s.kn_level[v], s.kn_active[v] = p, level, active


def roll(s, yellow: int, red: int, event: str | None = None) -> None:
    """Seat `s.turn` rolls with an Alchemist (chosen yellow and red); the event die is forced to `event`."""
    p = s.turn
    s.stack = [{"k": "roll", "p": p}]
    s.prog[p].append("alchemist")
    s.apply(p, ("play", "alchemist"))
    while event is not None and _next_event_face(s) != event:  # skip events until the wanted face comes
        if s.ev is None:
            s.rng.next_u32()
        else:
            s.ev.counts["event"] = s.ev.counts.get("event", 0) + 1
    s.apply(p, ("dice", yellow, red))


def _next_event_face(s) -> str:
    """The face the event die will show next (by event stream, or from the single generator of old rules)."""
    if s.ev is None:
        return EVENT_FACES[s.rng.clone().below(6)]
    return EVENT_FACES[event_rng(s.ev.key, "event", s.ev.counts.get("event", 0)).below(6)]


def total_cards(s) -> list[int]:
    return [s.bank[k] + sum(h[k] for h in s.hands) for k in range(8)]


# ---- board -------------------------------------------------------------------------------------------
def test_geometry_counts():
    assert (NV, NE_, NH) == (54, 72, 19)
    assert len(HARBOUR_EDGES) == 9
    assert all(len(VERT_EDGES[v]) in (2, 3) for v in range(NV))


def test_beginner_board_and_ore_harbour():
    s = fresh()
    assert s.terrain[9] == "desert" and s.robber == 9 and s.number[9] == 0
    assert (s.terrain[0], s.number[0]) == ("mountains", 10)
    ore = [e for e, k in s.harbours if k == "ore"]
    assert len(ore) == 1
    a, b = EDGES[ore[0]]
    touching = {h for h in range(NH) if a in HEX_VERTS[h] or b in HEX_VERTS[h]}
    assert touching == {2, 6} and {h for h in touching if a in HEX_VERTS[h] and b in HEX_VERTS[h]} == {6}
    assert (s.terrain[6], s.number[6]) == ("hills", 10)  # reference 9: the 2:1 ore harbour touches hills 10


@pytest.mark.parametrize("seed", range(6))
def test_random_board_has_no_adjacent_red_numbers(seed):
    s = GAME.new(players=3, seed=seed, options={"board": "random"})
    assert sorted(n for n in s.number if n) == sorted(TOKENS_AZ)
    assert Counter(s.terrain) == Counter({"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3,
                                          "desert": 1})
    red = [h for h in range(NH) if s.number[h] in (6, 8)]
    assert not any(o in red for h in red for o in HEX_NEIGH[h])
    assert s.number[s.terrain.index("desert")] == 0 and s.robber == s.terrain.index("desert")
    assert sorted(k for _, k in s.harbours) == sorted(["3:1"] * 4 + ["brick", "lumber", "wool", "grain", "ore"])


# ---- set-up ------------------------------------------------------------------------------------------
def test_setup_snake_order_city_second_and_starting_income():
    s = GAME.new(players=3, seed=2, options={"board": "beginner"})
    order = []
    spots = {0: 8, 1: 20, 2: 40}  # far apart
    second = {2: 48, 1: 42, 0: 9}
    for _ in range(6):
        p = s.to_move()[0]
        order.append(p)
        v = spots[p] if order.count(p) == 1 else second[p]
        s.apply(p, ("place", v))
        s.apply(p, s.legal_actions(p)[0])
    assert order == [0, 1, 2, 2, 1, 0]
    assert s.btype[8] == 1 and s.btype[9] == 2  # the second building is a city
    # vertex 9 touches pasture 2 (hex 1), forest 9 (hex 2), pasture 4 (hex 5): 2 wool + 1 lumber, no cloth
    assert s.hands[0] == [0, 1, 2, 0, 0, 0, 0, 0]
    # vertex 48 touches hexes 16 hills, 17 fields
    assert s.hands[2] == [1, 0, 0, 1, 0, 0, 0, 0]
    assert s.to_move() == (0,) and s.legal_actions(0)[0] == ("roll",)
    assert s.scores() == [3, 3, 3]


def test_setup_distance_rule():
    s = GAME.new(players=3, seed=2, options={"board": "beginner"})
    s.apply(0, ("place", 8))
    s.apply(0, s.legal_actions(0)[0])
    spots = {a[1] for a in s.legal_actions(1)}
    assert 8 not in spots and not spots & {4, 12, 13}
    with pytest.raises(IllegalAction):
        s.apply(1, ("place", 13))


# ---- production (TC2) ----------------------------------------------------------------------------------
def test_tc2_commodities_only_from_cities():
    s = fresh()
    build(s, 0, 0, "city")  # vertex 0: mountains 10 only
    build(s, 1, 1, "city")  # vertex 1: pasture 2 only
    build(s, 2, 2, "city")  # vertex 2: forest 9 only
    roll(s, 4, 6)
    assert s.hands[0][ORE] == 1 and s.hands[0][COIN] == 1
    roll(s, 1, 1)
    assert s.hands[1][WOOL] == 1 and s.hands[1][CLOTH] == 1
    roll(s, 4, 5)
    assert s.hands[2][LUMBER] == 1 and s.hands[2][PAPER] == 1
    s2 = fresh()
    build(s2, 0, 0, "settlement")
    roll(s2, 4, 6)
    assert s2.hands[0][ORE] == 1 and s2.hands[0][COIN] == 0


def test_city_on_hills_and_fields_gives_two_resources_and_robber_blocks():
    s = fresh()
    build(s, 0, 17, "city")  # fields 12 (hex 3), hills 6 (hex 4), forest 11 (hex 8)
    roll(s, 6, 6)
    assert s.hands[0][GRAIN] == 2 and sum(s.hands[0]) == 2
    roll(s, 3, 3)
    assert s.hands[0][BRICK] == 2
    s.robber = 4
    roll(s, 3, 3)
    assert s.hands[0][BRICK] == 2


def test_bank_shortage_nobody_gets_it_unless_one_player():
    s = fresh()
    build(s, 0, 0, "settlement")
    build(s, 1, 3, "settlement")  # both touch mountains 10 (hex 0)
    s.hands[2][ORE] += 18
    s.bank[ORE] = 1
    roll(s, 4, 6)
    assert s.hands[0][ORE] == 0 and s.hands[1][ORE] == 0
    s.owner[3] = -1
    s.btype[3] = 0
    roll(s, 4, 6)
    assert s.hands[0][ORE] == 1


def test_aqueduct_when_nothing_produced():
    s = fresh()
    build(s, 1, 0, "city")
    s.impr[1][2] = 3
    roll(s, 1, 1)  # 2: nothing for seat 1
    assert s.to_move() == (1,) and ("take", "ore") in s.legal_actions(1)
    s.apply(1, ("take", "ore"))
    assert s.hands[1][ORE] == 1 and s.to_move() == (0,)


# ---- barbarians (TC1, TC3, TC4) -------------------------------------------------------------------------
def test_tc1_barbarian_strength_counts_cities():
    s = fresh()
    for p, v in ((0, 0), (1, 2), (2, 40)):
        build(s, p, v, "city")
    build(s, 0, 20, "settlement")
    assert s.barbarian_strength() == 3
    s.metro[0] = 0
    assert s.barbarian_strength() == 3
    s.opts = dict(s.opts, metropolis_strength=False)
    assert s.barbarian_strength() == 2


def _attack_table(knights: dict, cities: int = 5) -> object:
    s = fresh()
    spots = [0, 2, 20, 40, 44, 50]
    for i in range(cities):
        build(s, i % 3, spots[i], "city")
    free = [8, 10, 29, 33, 36, 47, 52]
    for p, levels in knights.items():
        for lvl in levels:
            knight(s, p, free.pop(), lvl, True)
    s.barb = 6
    return s


def test_tc3_tie_for_top_draws_progress_cards_no_defender():
    s = _attack_table({0: [3], 1: [3], 2: [1]})
    roll(s, 1, 1, event="ship")
    assert s.defender == [0, 0, 0]
    assert s.to_move() == (0,) and s.stack[-1]["k"] == "defender_draw"
    s.apply(0, ("deck", "science"))
    assert s.to_move() == (1,)
    s.apply(1, ("deck", "politics"))
    assert len(s.prog[0]) + len(s.vpcards[0]) == 1 and len(s.prog[1]) + len(s.vpcards[1]) == 1
    assert s.barb == 0 and not any(s.kn_active) and s.robber_active


def test_tc3_single_strongest_takes_defender():
    s = _attack_table({0: [3], 1: [2], 2: [1]})
    roll(s, 1, 1, event="ship")
    assert s.defender == [1, 0, 0] and s.vp_parts(0)["defender"] == 1


def test_tc4_weakest_loses_a_city_and_its_wall():
    s = _attack_table({0: [2], 1: [2]}, cities=6)  # cities: 0 has 0,40; 1 has 2,44; 2 has 20,50; defence 4 < 6
    s.wall[20] = True
    roll(s, 1, 1, event="ship")
    assert s.stack[-1]["k"] == "pillage" and s.to_move() == (2,)
    s.apply(2, ("pillage", 20))
    assert s.btype[20] == 1 and not s.wall[20] and s.btype[50] == 2
    assert s.barb == 0 and not any(s.kn_active)


def test_tc4_metropolis_only_player_is_skipped():
    s = _attack_table({0: [1], 1: [2]}, cities=3)  # one city each (0, 2, 20); defence 3 == 3 -> make it lose
    s.kn_active = [False] * NV
    knight(s, 1, 33, 2, True)
    s.metro[0] = 20  # seat 2's only city is a metropolis
    roll(s, 1, 1, event="ship")
    # seat 0 (strength 0) is the weakest eligible; seat 2 (0, but only a metropolis) is skipped
    assert s.btype[0] == 1 and s.btype[20] == 2 and s.btype[2] == 2


def test_tc4_tie_for_lowest_costs_each_a_city():
    s = _attack_table({}, cities=3)
    roll(s, 1, 1, event="ship")
    assert [s.btype[v] for v in (0, 2, 20)] == [1, 1, 1]


# ---- the 7 (TC5, TC6) -----------------------------------------------------------------------------------
def test_tc5_walls_limit():
    s = fresh()
    for v in (0, 2, 40, 50):
        build(s, 0, v, "city")
    give(s, 0, brick=10)
    for v in (0, 2, 40):
        s.apply(0, ("wall", v))
    assert s.limit(0) == 13
    assert not [a for a in s.legal_actions(0) if a[0] == "wall"]  # a fourth wall is illegal
    s2 = fresh()
    build(s2, 0, 0, "city")
    give(s2, 0, brick=4)
    s2.apply(0, ("wall", 0))
    assert ("wall", 0) not in s2.legal_actions(0)


def test_tc6_seven_before_first_attack_discards_but_no_robber():
    s = fresh()
    give(s, 1, ore=9)
    give(s, 2, wool=12)
    build(s, 2, 0, "city")
    s.wall[0] = True  # limit 9: 12 cards discard 6
    roll(s, 3, 4)
    assert set(s.to_move()) == {1, 2}
    assert s.stack[-1]["need"] == [0, 4, 6]
    for _ in range(4):
        s.apply(1, ("discard", "ore"))
    for _ in range(6):
        s.apply(2, ("discard", "wool"))
    assert s.hands[1][ORE] == 5 and s.stack[-1]["k"] == "main"  # no robber decision
    assert not [a for a in s.legal_actions(0) if a[0] in ("chase",)]


def test_seven_after_first_attack_moves_robber_and_steals():
    s = fresh()
    s.robber_active = True
    build(s, 1, 0, "settlement")
    give(s, 1, ore=1)
    roll(s, 3, 4)
    assert s.stack[-1]["k"] == "robber" and ("robber", 9) not in s.legal_actions(0)
    s.apply(0, ("robber", 0))
    assert s.hands[0][ORE] == 1 and s.hands[1][ORE] == 0 and s.robber == 0


def test_nine_cards_discard_four():
    s = fresh()
    give(s, 1, grain=9)
    roll(s, 3, 4)
    assert s.stack[-1]["need"][1] == 4


# ---- improvements, knights (TC7, TC8) ----------------------------------------------------------------------
def test_tc7_improvement_costs():
    s = fresh()
    build(s, 0, 0, "city")
    give(s, 0, cloth=15)
    for lvl in range(1, 6):
        before = s.hands[0][CLOTH]
        s.apply(0, ("improve", "trade"))
        assert before - s.hands[0][CLOTH] == lvl and s.impr[0][0] == lvl
    assert ("improve", "trade") not in s.legal_actions(0)
    assert s.metro[0] == 0 and s.metro_locked[0]


def test_improvement_needs_a_city():
    s = fresh()
    build(s, 0, 0, "settlement")
    give(s, 0, coin=1)
    assert ("improve", "politics") not in s.legal_actions(0)


def test_tc8_mighty_needs_politics_three():
    s = fresh()
    build(s, 0, 0, "city")
    road(s, 0, edge(0, 4))
    knight(s, 0, 4, 2, False)
    give(s, 0, wool=1, ore=1)
    assert ("promote", 4) not in s.legal_actions(0)
    s.impr[0][1] = 3
    s.apply(0, ("promote", 4))
    assert s.kn_level[4] == 3
    give(s, 0, wool=1, ore=1)
    assert ("promote", 4) not in s.legal_actions(0)


def test_tc8_deserter_gives_a_mighty_knight_without_fortress():
    s = fresh()
    build(s, 0, 0, "city")
    road(s, 0, edge(0, 4))
    build(s, 1, 40, "city")
    road(s, 1, edge(40, 45))
    knight(s, 1, 45, 3, True)
    s.prog[0] = ["deserter"]
    s.apply(0, ("play", "deserter"))
    s.apply(0, ("target", 1))
    assert s.to_move() == (1,)
    s.apply(1, ("remove_knight", 45))
    assert s.to_move() == (0,) and ("place", 4) in s.legal_actions(0)
    s.apply(0, ("place", 4))
    assert s.kn_owner[4] == 0 and s.kn_level[4] == 3 and s.impr[0][1] == 0


def test_knight_recruit_activate_and_not_act_the_same_turn():
    s = fresh()
    s.robber_active = True
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13), edge(13, 18))
    give(s, 0, wool=1, ore=1, grain=1)
    s.apply(0, ("knight", 13))
    s.apply(0, ("activate", 13))
    s.robber = 4
    assert ("chase", 13) not in s.legal_actions(0)
    assert not [a for a in s.legal_actions(0) if a[0] == "move_knight"]


def test_knight_move_displace_and_chase():
    s = fresh()
    s.robber_active = True
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13), edge(13, 18), edge(18, 24))
    knight(s, 0, 13, 2, True)
    s.kn_ready[13] = True
    build(s, 1, 30, "settlement")
    road(s, 1, edge(24, 30))
    knight(s, 1, 24, 1, True)
    acts = s.legal_actions(0)
    assert ("move_knight", 13, 18) in acts and ("displace", 13, 24) in acts
    s.apply(0, ("displace", 13, 24))
    assert s.kn_owner[24] == 0 and s.kn_level[24] == 2 and not s.kn_active[24]
    assert s.to_move() == (1,)
    assert ("relocate", 30) not in s.legal_actions(1)  # a building stands there
    assert s.legal_actions(1) == [("remove",)]  # no empty spot touches seat 1's roads
    s.apply(1, ("remove",))
    assert s.knights_of(1) == [] and s.stack[-1]["k"] == "main"
    # chase: a ready knight on a corner of the robber's hex
    s2 = fresh()
    s2.robber_active = True
    build(s2, 0, 8, "settlement")
    road(s2, 0, edge(8, 13))
    knight(s2, 0, 13, 1, True)
    s2.kn_ready[13] = True
    s2.robber = 4
    s2.apply(0, ("chase", 13))
    assert s2.stack[-1]["k"] == "robber" and not s2.kn_active[13]


def test_intrigue_knight_must_leave_its_spot():
    """Intrigue (seed 003, progress cards): the enemy knight touching your road moves to another free spot
    at its owner's roads; it may not stay where it stood."""
    s = fresh()
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13))
    build(s, 1, 30, "settlement")
    road(s, 1, edge(30, 24), edge(24, 18), edge(18, 13))
    knight(s, 1, 13, 2, True)
    s.prog[0] = ["intrigue"]
    s.apply(0, ("play", "intrigue"))
    s.apply(0, ("intrigue", 13))
    assert s.kn_owner[13] == -1 and s.to_move() == (1,)
    assert sorted(s.legal_actions(1)) == [("relocate", 18), ("relocate", 24)]
    assert not legal(s, ("relocate", 13), 1) and not legal(s, ("remove",), 1)
    with pytest.raises(IllegalAction):
        s.apply(1, ("relocate", 13))
    s.apply(1, ("relocate", 24))
    assert s.kn_owner[24] == 1 and s.kn_level[24] == 2 and s.kn_active[24] and s.kn_owner[13] == -1


def test_intrigue_removes_a_knight_with_nowhere_else_to_go():
    s = fresh()
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13))
    road(s, 1, edge(13, 18))
    knight(s, 1, 13, 1, True)
    knight(s, 1, 18, 1, False)  # seat 1's only other road end is taken
    s.prog[0] = ["intrigue"]
    s.apply(0, ("play", "intrigue"))
    s.apply(0, ("intrigue", 13))
    assert s.legal_actions(1) == [("remove",)]
    assert legal(s, ("remove",), 1) and not legal(s, ("relocate", 13), 1)
    s.apply(1, ("remove",))
    assert s.knights_of(1) == [18] and s.kn_owner[13] == -1 and s.stack[-1]["k"] == "main"


def test_weaker_knight_cannot_displace():
    s = fresh()
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13), edge(13, 18))
    knight(s, 0, 13, 1, True)
    s.kn_ready[13] = True
    knight(s, 1, 18, 1, True)
    assert ("displace", 13, 18) not in s.legal_actions(0)


# ---- metropolises -------------------------------------------------------------------------------------------
def test_metropolis_first_to_four_and_taken_at_five():
    s = fresh()
    build(s, 0, 0, "city")
    build(s, 0, 40, "city")
    build(s, 1, 2, "city")
    s.impr[0][1] = 3
    give(s, 0, coin=4)
    s.apply(0, ("improve", "politics"))
    assert s.to_move() == (0,) and s.stack[-1]["k"] == "metropolis"
    s.apply(0, ("metropolis", 40))
    assert s.metro[1] == 40 and s.vp_parts(0)["metropolises"] == 2 and s.vp(0) == 6
    s.impr[1][1] = 4
    s.turn = 1
    s.stack = [{"k": "main", "p": 1}]
    give(s, 1, coin=5)
    s.apply(1, ("improve", "politics"))
    assert s.metro[1] == 2 and s.metro_locked[1] and s.vp(0) == 4 and s.vp(1) == 4


def test_level_four_needs_a_city_without_metropolis():
    s = fresh()
    build(s, 0, 0, "city")
    s.metro[0] = 0
    s.impr[0][1] = 3
    give(s, 0, coin=4)
    assert ("improve", "politics") not in s.legal_actions(0)


# ---- longest road ---------------------------------------------------------------------------------------------
def _path(vs: list[int]) -> list[int]:
    return [edge(a, b) for a, b in zip(vs, vs[1:])]


def test_longest_road_and_knight_breaks_it():
    s = fresh()
    route = [0, 4, 8, 13, 9, 14]  # five edges
    build(s, 0, 0, "settlement")
    road(s, 0, *_path(route)[:4])
    give(s, 0, brick=1, lumber=1)
    s.apply(0, ("road", _path(route)[4]))
    assert s.longest == 0 and s.road_len[0] == 5 and s.vp(0) == 3
    knight(s, 1, 8, 1, False)
    s._update_longest()
    assert s.road_len[0] == 3 and s.longest == -1


# ---- trade ------------------------------------------------------------------------------------------------------
def test_bank_rates():
    s = fresh()
    give(s, 0, ore=4, cloth=2)
    assert s.rate(0, ORE) == 4 and s.rate(0, CLOTH) == 4
    build(s, 0, 0, "settlement")  # edge (0, 3) is a 3:1 harbour on the beginner board
    assert s.rate(0, ORE) == 3
    build(s, 0, 10, "settlement")  # the 2:1 ore harbour
    assert s.rate(0, ORE) == 2 and s.rate(0, WOOL) == 3
    s.impr[0][0] = 3
    assert s.rate(0, CLOTH) == 2
    s.apply(0, ("bank", "ore", "grain"))
    assert s.hands[0][ORE] == 2 and s.hands[0][GRAIN] == 1


def test_merchant_fleet_and_merchant():
    s = fresh()
    build(s, 0, 8, "settlement")
    s.prog[0] = ["merchant", "merchant_fleet"]
    s.apply(0, ("play", "merchant_fleet"))
    s.apply(0, ("fleet", "paper"))
    assert s.rate(0, PAPER) == 2 and s.rate(0, ORE) == 4
    s.apply(0, ("play", "merchant"))
    assert ("merchant", 4) in s.legal_actions(0) and ("merchant", 9) not in s.legal_actions(0)
    s.apply(0, ("merchant", 4))  # hills 6
    assert s.rate(0, BRICK) == 2 and s.vp_parts(0)["merchant"] == 1


def offer(s, p: int, gives: dict, gets: dict, to: int | None = None) -> None:
    """p builds and sends an offer card by card through the builder's small decisions."""
    s.apply(p, ("offer",))
    for k, n in gives.items():
        for _ in range(n):
            s.apply(p, ("give", k))
    for k, n in gets.items():
        for _ in range(n):
            s.apply(p, ("get", k))
    if to is not None:
        s.apply(p, ("to", to))
    s.apply(p, ("send",))


def test_offer_builder_steps_and_limits():
    """One card per step; only held cards are given; a kind never on both sides; at most 7 a side."""
    s = fresh()
    give(s, 0, ore=2, cloth=1)
    s.apply(0, ("offer",))
    acts = s.legal_actions(0)
    assert ("give", "ore") in acts and ("give", "cloth") in acts and ("give", "wool") not in acts
    assert ("get", "paper") in acts and ("send",) not in acts and ("back",) in acts
    assert ("to", 1) in acts and ("to", 2) in acts and ("to", 0) not in acts and ("to",) not in acts
    s.apply(0, ("give", "ore"))
    s.apply(0, ("give", "ore"))
    assert ("give", "ore") not in s.legal_actions(0)  # both ores are in the bundle
    assert ("get", "ore") not in s.legal_actions(0)  # ore is given
    s.apply(0, ("ungive", "ore"))
    s.apply(0, ("give", "cloth"))
    for _ in range(7):
        s.apply(0, ("get", "grain"))
    assert ("get", "wool") not in s.legal_actions(0)  # 7 cards asked
    s.apply(0, ("unget", "grain"))
    s.apply(0, ("get", "wool"))
    top = s.stack[-1]
    assert top["give"] == [0, 0, 0, 0, 1, 1, 0, 0] and top["get"] == [0, 0, 1, 6, 0, 0, 0, 0]
    s.apply(0, ("to", 2))
    assert ("to",) in s.legal_actions(0)
    s.apply(0, ("send",))
    assert s.to_move() == (2,) and s.offers == 1
    logged = {"give": [["ore", 1], ["cloth", 1]], "get": [["wool", 1], ["grain", 6]], "to": 2}
    assert s.log[-1][1:3] == ["offer", logged]


def test_offer_builder_is_finite():
    """Additions and target changes count: after 24 the builder can only remove, send or go back."""
    s = fresh()
    give(s, 0, ore=1)
    s.apply(0, ("offer",))
    for _ in range(8):
        s.apply(0, ("get", "grain"))
        s.apply(0, ("unget", "grain"))
        s.apply(0, ("to", 1))
        s.apply(0, ("to",))
    assert {a[0] for a in s.legal_actions(0)} == {"back"}
    s.stack[-1]["edits"] = 23
    s.apply(0, ("give", "ore"))
    assert {a[0] for a in s.legal_actions(0)} == {"ungive", "back"}


def test_offer_mixed_bundle_counter_and_confirm():
    s = fresh()
    give(s, 0, ore=2, wool=1)
    give(s, 1, grain=1, brick=1)
    give(s, 2, grain=2, cloth=1, brick=1)
    offer(s, 0, {"ore": 2, "wool": 1}, {"grain": 2, "brick": 1})
    assert set(s.to_move()) == {1, 2}
    assert ("accept",) not in s.legal_actions(1) and ("accept",) in s.legal_actions(2)
    s.apply(2, ("counter",))
    r = s.stack[-1]["replies"][2]
    assert r["give"] == [1, 0, 0, 2, 0, 0, 0, 0] and r["get"] == [0, 0, 1, 0, 2, 0, 0, 0]  # the mirror
    assert ("send",) not in s.legal_actions(2)  # the mirror would be accepting
    s.apply(2, ("ungive", "grain"))
    s.apply(2, ("give", "cloth"))
    s.apply(2, ("unget", "wool"))
    assert ("send",) in s.legal_actions(2)
    s.apply(1, ("decline",))
    assert s.to_move() == (2,)
    s.apply(2, ("send",))
    assert s.to_move() == (0,)
    assert s.legal_actions(0) == [("trade", 2), ("cancel",)]
    s.apply(0, ("trade", 2))
    # seat 2 gave brick, grain, cloth for 2 ore
    assert s.hands[0] == [1, 0, 1, 1, 0, 1, 0, 0] and s.hands[2] == [0, 0, 0, 1, 2, 0, 0, 0]
    assert s.log[-1][1:3] == ["trade", {"with": 2, "give": [["ore", 2]], "get": [["brick", 1], ["grain", 1],
                                                                                 ["cloth", 1]]}]


def test_offer_to_one_player_and_accept():
    s = fresh()
    give(s, 0, ore=1)
    give(s, 1, paper=2)
    give(s, 2, paper=2)
    offer(s, 0, {"ore": 1}, {"paper": 2}, to=1)
    assert s.to_move() == (1,) and s.legal_actions(2) == []
    s.apply(1, ("accept",))
    assert s.legal_actions(0) == [("trade", 1), ("cancel",)]
    s.apply(0, ("trade", 1))
    assert s.hands[0][PAPER] == 2 and s.hands[1][ORE] == 1 and s.hands[1][PAPER] == 0 and s.hands[2][PAPER] == 2


def test_counter_the_offerer_cannot_pay_is_not_offered_and_cancel():
    s = fresh()
    give(s, 0, ore=1)
    give(s, 1, grain=1)
    give(s, 2, grain=1)
    offer(s, 0, {"ore": 1}, {"grain": 1})
    s.apply(1, ("counter",))
    s.apply(1, ("get", "wool"))  # seat 0 has no wool
    s.apply(1, ("send",))
    s.apply(2, ("decline",))
    assert s.stack[-1]["k"] == "main" and s.log[-1][1] == "no_trade"
    offer(s, 0, {"ore": 1}, {"grain": 1})
    s.apply(1, ("accept",))
    s.apply(2, ("decline",))
    s.apply(0, ("cancel",))
    assert s.hands[0][ORE] == 1 and s.hands[1][GRAIN] == 1


def test_counters_per_offer_are_bounded():
    s = fresh()
    give(s, 0, ore=1)
    give(s, 1, grain=1)
    offer(s, 0, {"ore": 1}, {"grain": 1})
    for _ in range(2):
        s.apply(1, ("counter",))
        s.apply(1, ("back",))
    assert sorted(s.legal_actions(1)) == [("accept",), ("decline",)]


def test_views_hide_offers_and_counters_being_built():
    s = fresh()
    give(s, 0, ore=1)
    give(s, 1, grain=1)
    s.apply(0, ("offer",))
    s.apply(0, ("give", "ore"))
    assert "give" not in s.view(1)["pending"] and s.view(0)["pending"]["give"][ORE] == 1
    s.apply(0, ("get", "grain"))
    s.apply(0, ("send",))
    s.apply(1, ("counter",))
    assert s.view(2)["pending"]["replies"][1] == {"r": "countering"}
    assert s.view(1)["pending"]["replies"][1]["give"] == [0, 0, 0, 1, 0, 0, 0, 0]


def test_offers_are_bounded_per_turn():
    s = fresh()
    give(s, 0, ore=5)
    s.apply(0, ("offer",))
    s.apply(0, ("back",))  # backing out is not an offer
    for _ in range(3):
        offer(s, 0, {"ore": 1}, {"grain": 1})
        s.apply(1, ("decline",))
        s.apply(2, ("decline",))
    assert ("offer",) not in s.legal_actions(0) and s.offers == 3


def test_bots_answer_offers_on_their_merit():
    """Seat 1 needs ore for a city (it holds 2 grain, 2 ore): 1 ore for 1 wool it does not need is worth 1;
    a 1-for-1 of two kinds it does not need is worth 0; the leader at 10 VP must offer 2; at 12, nothing."""
    from py_engine.games.catan_ck.heuristic import greedy, policy

    s = fresh()
    build(s, 1, 30)
    give(s, 0, ore=1, lumber=1)
    give(s, 1, grain=2, ore=2, wool=2, paper=1)
    offer(s, 0, {"ore": 1}, {"wool": 1})
    assert policy(s, 1, Rng(0)) == ("accept",)
    s.apply(1, ("decline",))
    s.apply(2, ("decline",))
    offer(s, 0, {"lumber": 1}, {"paper": 1})
    assert policy(s, 1, Rng(0)) == ("decline",)
    s.apply(1, ("decline",))
    s.apply(2, ("decline",))
    s.vpcards[0] = ["x"] * 10  # seat 0 leads with 10 VP
    assert s.vp(0) == 10
    give(s, 0, ore=1)
    offer(s, 0, {"ore": 1}, {"wool": 1})
    assert policy(s, 1, Rng(0)) == ("decline",)  # merit 1 < 2
    s.apply(1, ("decline",))
    s.apply(2, ("decline",))
    s.offers = 0
    offer(s, 0, {"ore": 2}, {"wool": 1})
    assert policy(s, 1, Rng(0)) == ("accept",)  # merit 2 + 1 - 1
    s.apply(1, ("decline",))
    s.apply(2, ("decline",))
    s.vpcards[0] = ["x"] * 12
    offer(s, 0, {"ore": 2}, {"wool": 1})
    assert policy(s, 1, Rng(0)) == ("decline",)  # one step from the win
    # a bot missing one ore offers a spare card for it to everyone, once a turn
    t = fresh()
    build(t, 0, 30)
    give(t, 0, grain=2, ore=2, wool=2)
    assert greedy(t, 0, Rng(0)) == ("offer",)
    steps = []
    while t.stack[-1]["k"] in ("main", "make_offer") and len(steps) < 6:
        a = greedy(t, 0, Rng(0))
        if a == ("end",):
            break
        steps.append(a)
        t.apply(0, a)
    assert steps == [("offer",), ("give", "wool"), ("get", "ore"), ("send",)]
    assert set(t.to_move()) == {1, 2}
    t.apply(1, ("decline",))
    t.apply(2, ("decline",))
    assert greedy(t, 0, Rng(0)) != ("offer",)  # one offer a turn


# ---- progress cards (TC9, TC11, TC12 and the others) -------------------------------------------------------------
def test_reference_red_die_three_on_green_gate():
    s = fresh()
    build(s, 1, 0, "city")
    build(s, 2, 2, "city")
    s.impr[1][2], s.impr[2][2] = 2, 1
    roll(s, 4, 3, event="science")
    assert len(s.prog[1]) + len(s.vpcards[1]) == 1 and len(s.prog[2]) + len(s.vpcards[2]) == 0


def test_dice_sums_are_tallied_in_the_view():
    s = fresh()
    roll(s, 4, 3, event="ship")
    s.stack = [{"k": "main", "p": 0}]
    roll(s, 6, 6, event="ship")
    s.stack = [{"k": "main", "p": 0}]
    roll(s, 1, 2, event="ship")
    v = s.view(1)
    assert v["dice_sums"] == [0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1]  # sums 2..12: one 3, one 7, one 12
    assert v["dice"] == {"yellow": 1, "red": 2, "event": "ship"}
    data = s.to_json()
    del data["sums"]  # a save from before the tally loads with none counted
    assert GAME.from_json(data).sums == [0] * 13


def test_tc9_hand_limit_own_turn_and_off_turn():
    s = fresh()
    s.prog[0] = ["spy", "spy", "warlord", "warlord", "wedding"]
    s.apply(0, ("end",))
    assert s.to_move() == (0,) and s.stack[-1]["k"] == "toss"
    s.apply(0, ("toss", "spy"))
    assert len(s.prog[0]) == 4 and s.turn == 1
    # off turn: a 5th card is discarded at once
    s2 = fresh()
    s2.prog[1] = ["spy", "spy", "warlord", "warlord"]
    s2.decks[1] = [c for c in s2.decks[1] if c != "constitution"] + ["bishop"]
    s2._give_card(1, s2.decks[1].pop())
    assert s2.stack[-1]["k"] == "toss" and s2.to_move() == (1,)
    # a VP card does not count
    s3 = fresh()
    s3.prog[1] = ["spy", "spy", "warlord", "warlord"]
    s3._give_card(1, "printer")
    assert s3.stack[-1]["k"] == "main" and s3.vpcards[1] == ["printer"] and s3.vp(1) == 1


def test_tc10_win_only_on_own_turn():
    s = fresh()
    for v in (0, 2, 40, 50, 20):
        build(s, 1, v, "city")
    s.vpcards[1] = ["printer", "constitution"]  # 12 VP
    s.merchant, s.merchant_owner = 0, 1  # 13 VP on seat 0's turn
    assert s.vp(1) == 13
    s.apply(0, ("end",))
    assert s.winner == 1 and s.is_over() and s.result()["winners"] == [1]
    s2 = fresh()
    for v in (0, 2, 40, 50, 20):
        build(s2, 1, v, "city")
    s2.vpcards[1] = ["printer", "constitution"]
    s2.merchant, s2.merchant_owner = 0, 1
    s2.prog[0] = ["merchant"]
    build(s2, 0, 8, "settlement")
    s2.apply(0, ("play", "merchant"))
    s2.apply(0, ("merchant", 4))  # seat 0 takes the merchant: seat 1 back to 12
    s2.apply(0, ("end",))
    assert not s2.is_over() and s2.turn == 1


def test_own_turn_win_is_immediate():
    s = fresh()
    for v in (0, 2, 40):
        build(s, 0, v, "city")
    build(s, 0, 20, "settlement")
    build(s, 0, 50, "settlement")
    s.vpcards[0] = ["printer", "constitution"]
    s.defender[0] = 2  # 12 VP
    give(s, 0, grain=2, ore=3)
    s.apply(0, ("city", 20))
    assert s.winner == 0 and s.to_move() == () and len(s.history) == 1


def test_tc11_saboteur():
    s = fresh()
    for v in (0, 2, 40):
        build(s, 0, v, "city")
    build(s, 0, 50, "settlement")  # 7 VP
    for v in (20, 26, 44):
        build(s, 1, v, "city")
    build(s, 1, 48, "settlement")  # 7 VP
    for v in (10, 30, 36):
        build(s, 2, v, "city")  # 6 VP
    give(s, 1, ore=5)
    give(s, 2, ore=5)
    s.prog[0] = ["saboteur"]
    s.apply(0, ("play", "saboteur"))
    assert s.stack[-1]["need"] == [0, 2, 0]


def test_tc12_inventor():
    s = fresh()
    s.prog[0] = ["inventor"]
    s.apply(0, ("play", "inventor"))
    acts = s.legal_actions(0)
    red = {h for h in range(NH) if s.number[h] in (2, 6, 8, 12)}
    assert not any(a[1] in red or a[2] in red for a in acts)
    assert ("swap", 15, 2) not in acts and ("swap", 2, 15) in acts  # 9 (hex 2) and 5 (hex 15)
    s.apply(0, ("swap", 2, 15))
    assert s.number[2] == 5 and s.number[15] == 9


def test_harvest_and_monopolies():
    s = fresh()
    build(s, 0, 17, "settlement")  # fields 12 (hex 3)
    build(s, 0, 28, "settlement")  # fields 9 (hex 7), forest 11, forest 8
    s.prog[0] = ["irrigation", "resource_monopoly", "trade_monopoly"]
    s.apply(0, ("play", "irrigation"))
    assert s.hands[0][GRAIN] == 4
    give(s, 1, wool=3, coin=1)
    give(s, 2, wool=1)
    s.apply(0, ("play", "resource_monopoly"))
    s.apply(0, ("name", "wool"))
    assert s.hands[0][WOOL] == 3 and s.hands[1][WOOL] == 1 and s.hands[2][WOOL] == 0
    s.apply(0, ("play", "trade_monopoly"))
    s.apply(0, ("name", "coin"))
    assert s.hands[0][COIN] == 1 and s.hands[1][COIN] == 0


def test_mining_needs_a_mountain():
    s = fresh()
    build(s, 0, 17, "settlement")
    s.prog[0] = ["mining"]
    assert ("play", "mining") not in s.legal_actions(0)


def test_wedding_and_master_merchant_and_spy():
    s = fresh()
    build(s, 1, 0, "city")
    build(s, 2, 2, "settlement")
    give(s, 1, ore=1, coin=2)
    give(s, 2, wool=1)
    s.prog[0] = ["wedding", "master_merchant", "spy"]
    s.prog[2] = ["warlord"]
    s.apply(0, ("play", "wedding"))
    assert set(s.to_move()) == {1, 2} and s.stack[-1]["need"] == [0, 2, 1]
    s.apply(1, ("discard", "coin"))
    s.apply(1, ("discard", "ore"))
    s.apply(2, ("discard", "wool"))
    assert s.hands[0][COIN] == 1 and s.hands[0][ORE] == 1 and s.hands[0][WOOL] == 1
    gift = [e for e in s.view(2)["log"] if e["key"] == "give" and e["seat"] == 1][-1]
    assert "cards" not in gift["params"] and gift["params"]["n"] == 2  # seat 2 does not see seat 1's gift
    assert [e for e in s.view(0)["log"] if e["key"] == "give" and e["seat"] == 1][-1]["params"]["cards"][COIN] == 1
    give(s, 1, grain=2)
    s.apply(0, ("play", "master_merchant"))
    assert s.legal_actions(0) == [("target", 1)]  # only seat 1 has more VP than seat 0 (1 VP from seat 2? no: 1)
    s.apply(0, ("target", 1))
    assert s.view(0)["looking_at"]["hand"]["grain"] == 3 - 1 or s.view(0)["looking_at"]["hand"]["grain"] == 2
    s.apply(0, ("take", "grain"))
    s.apply(0, ("take", "coin"))
    assert s.hands[0][GRAIN] == 1 and s.hands[0][COIN] == 2
    s.apply(0, ("play", "spy"))
    s.apply(0, ("target", 2))
    assert s.legal_actions(0) == [("take", "warlord")]
    s.apply(0, ("take", "warlord"))
    assert s.prog[0] == ["warlord"] and s.prog[2] == []


def test_commercial_harbor():
    s = fresh()
    give(s, 0, ore=2)
    give(s, 1, paper=1)
    s.prog[0] = ["commercial_harbor"]
    s.apply(0, ("play", "commercial_harbor"))
    s.apply(0, ("harbor", 1, "ore"))
    assert s.to_move() == (1,) and s.legal_actions(1) == [("give", "paper")]
    s.apply(1, ("give", "paper"))
    assert s.hands[0][PAPER] == 1 and s.hands[1][ORE] == 1
    s.apply(0, ("harbor", 2, "ore"))  # seat 2 has no commodity: the ore comes back
    assert s.hands[0][ORE] == 1 and s.hands[2][ORE] == 0 and s.stack[-1]["k"] == "main"


def test_diplomat_intrigue_bishop_warlord():
    s = fresh()
    s.robber_active = True
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13))
    build(s, 1, 40, "settlement")
    road(s, 1, edge(40, 45), edge(45, 49))
    knight(s, 1, 13, 1, True)
    give(s, 1, wool=1)
    s.prog[0] = ["diplomat", "intrigue", "bishop", "warlord"]
    s.apply(0, ("play", "diplomat"))
    opened = {a[1] for a in s.legal_actions(0)}
    assert edge(45, 49) in opened and edge(40, 45) not in opened
    s.apply(0, ("remove_road", edge(45, 49)))
    assert s.road[edge(45, 49)] == -1
    s.apply(0, ("play", "intrigue"))
    s.apply(0, ("intrigue", 13))
    assert s.kn_owner[13] == -1 and s.to_move() == (1,)
    s.apply(1, s.legal_actions(1)[0])
    s.apply(0, ("play", "bishop"))
    s.apply(0, ("robber", 17))  # fields 6 touches vertex 40 (seat 1)
    assert s.hands[0][WOOL] == 1 and s.hands[1][WOOL] == 0
    knight(s, 0, 4, 1, False)
    s.apply(0, ("play", "warlord"))
    assert s.kn_active[4]


def test_road_building_smith_engineer_crane_medicine():
    s = fresh()
    build(s, 0, 8, "city")
    build(s, 0, 40, "settlement")
    road(s, 0, edge(8, 13))
    knight(s, 0, 13, 1, False)
    s.prog[0] = ["road_building", "smith", "engineer", "crane", "medicine"]
    s.apply(0, ("play", "road_building"))
    s.apply(0, ("road", edge(13, 18)))
    s.apply(0, ("road", edge(18, 24)))
    assert s.stack[-1]["k"] == "main" and s.road[edge(18, 24)] == 0
    s.apply(0, ("play", "smith"))
    s.apply(0, ("promote", 13))
    assert ("promote", 13) not in s.legal_actions(0)  # once per turn
    s.apply(0, ("stop",))
    assert s.kn_level[13] == 2
    s.apply(0, ("play", "engineer"))
    s.apply(0, ("wall", 8))
    assert s.wall[8]
    s.apply(0, ("play", "crane"))
    assert s.improve_cost(0, 2) == 0
    s.apply(0, ("improve", "science"))
    assert s.impr[0][2] == 1 and not s.crane
    give(s, 0, ore=2, grain=1)
    s.apply(0, ("play", "medicine"))
    s.apply(0, ("city", 40))
    assert s.btype[40] == 2 and sum(s.hands[0]) == 0


# ---- hidden information -----------------------------------------------------------------------------------------
def test_views_hide_hands_and_progress_cards():
    s = fresh()
    give(s, 1, ore=3)
    s.prog[1] = ["spy"]
    v = s.view(0)
    assert "hand" not in v["player_info"][1] and v["player_info"][1]["cards"] == 3
    assert "progress" not in v["player_info"][1] and v["player_info"][1]["progress_by_track"] == [0, 1, 0]
    assert v["player_info"][0]["hand"]["ore"] == 0


def test_determinize_keeps_counts_and_committed_offer_cards():
    s = fresh()
    give(s, 0, ore=1)
    give(s, 1, grain=1, wool=3)
    give(s, 2, brick=2)
    offer(s, 0, {"ore": 1}, {"grain": 1})
    s.apply(1, ("accept",))
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert d.hands[1][GRAIN] >= 1 and sum(d.hands[1]) == 4 and sum(d.hands[2]) == 2
        assert d.view(0) == s.view(0)


# ---- conservation (property) -------------------------------------------------------------------------------------
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.integers(3, 4), st.integers(50, 1500))
def test_cards_are_conserved(seed, players, steps):
    s = GAME.new(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        s.step(seat, rng.choice(s.legal_actions(seat)))
    assert total_cards(s) == list(BANK_START)
    assert all(x >= 0 for h in s.hands for x in h) and all(x >= 0 for x in s.bank)
    progress = sorted([c for d in s.decks for c in d] + [c for h in s.prog for c in h]
                      + [c for h in s.vpcards for c in h])
    assert progress == sorted(deck_cards("trade") + deck_cards("politics") + deck_cards("science"))
    assert all(len(s.knights_of(p, lv)) <= 2 for p in range(players) for lv in (1, 2, 3))
    assert all(s.walls(p) <= 3 for p in range(players))


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_finish_on_the_beginner_board(players):
    """The generic conformance suite runs the default (random) board; the beginner board too ends and
    replays identically."""

    s = GAME.new(players=players, seed=5, options={"board": "beginner"})
    rng = Rng(9)
    n = 0
    while s.to_move() and n < 20000:
        movers = s.to_move()
        seat = movers[rng.below(len(movers))]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        n += 1
    assert s.is_over() and s.vp(s.winner) >= 13
    again = s.record.replay()
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(s.to_json(), sort_keys=True)


def test_determinize_keeps_the_hand_being_looked_at():
    s = fresh()
    build(s, 1, 0, "city")
    give(s, 1, ore=2, coin=1)
    give(s, 2, wool=3)
    s.prog[0] = ["master_merchant"]
    s.apply(0, ("play", "master_merchant"))
    s.apply(0, ("target", 1))
    for k in range(4):
        d = s.determinize(0, Rng(k))
        assert d.hands[1] == s.hands[1] and d.legal_actions(0) == s.legal_actions(0)
        assert d.view(0) == s.view(0)


def test_progress_cards_redealt_by_deck_colour():
    s = fresh()
    s.prog[1] = ["spy", "merchant"]
    seen = set()
    for k in range(8):
        d = s.determinize(0, Rng(k))
        assert sorted(CARD_TRACK[c] for c in d.prog[1]) == ["politics", "trade"]
        seen.add(tuple(d.prog[1]))
    assert len(seen) > 1


def test_heuristic_policy_plays_legal_moves_to_the_end():
    from py_engine.games.catan_ck.heuristic import evaluate, policy

    s = GAME.new(players=3, seed=3)
    rng = Rng(3)
    n = 0
    while s.to_move() and n < 5000:
        seat = s.to_move()[0]
        a = policy(s, seat, rng)
        assert a in s.legal_actions(seat)
        s.step(seat, a)
        n += 1
    assert s.is_over()
    assert evaluate(s, s.winner) > 0


def test_heuristic_search_order_one_plan_per_kind_and_no_offers():
    """The search keeps the first few candidates: a city, a settlement, a road and the end of the turn come
    before a second city or road, and offers are left out unless the greedy plan makes one."""
    from py_engine.games.catan_ck.heuristic import order

    s = fresh()
    build(s, 0, 0)
    build(s, 0, 10)
    road(s, 0, edge(0, 3), edge(3, 7))  # vertex 7 is a free settlement spot
    give(s, 0, brick=2, lumber=2, wool=1, grain=3, ore=3)
    ranked = order(s, 0)
    assert ("offer",) not in ranked and ("offer",) in s.legal_actions(0)
    assert ranked[:6] == [("city", 10), ("settlement", 7), ("knight", 3), ("road", 1), ("end",),
                          ("bank", "grain", "brick")]
    assert ("city", 0) in ranked[6:]



def test_determinize_keeps_the_offered_cards_in_the_offerers_hand():
    """Seat 1 offers 1 lumber for 1 ore; seat 0 thinks about its reply. Every determinization leaves seat 1
    holding the lumber it shows in its offer (a sample without it would trade into a negative hand), with
    every hand's size and the hidden cards as a whole unchanged."""
    s = fresh()
    s.turn = 1
    s.stack = [{"k": "main", "p": 1}]
    give(s, 0, ore=2)
    give(s, 1, lumber=1, wool=2)
    give(s, 2, lumber=2, brick=3)
    offer(s, 1, {"lumber": 1}, {"ore": 1})
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.hands[1][LUMBER] >= 1
        assert [d.cards(q) for q in range(3)] == [2, 3, 5] and d.hands[0] == s.hands[0]
        assert [d.hands[1][i] + d.hands[2][i] for i in range(8)] == [s.hands[1][i] + s.hands[2][i] for i in range(8)]


def test_heuristic_search_answers_offers_as_the_heuristic():
    """The search answers an offer as the heuristic does (one candidate: no rollouts, which never trade and
    would only see that a counter may be refused); a counter in progress without a plan is withdrawn."""
    from py_engine.games.catan_ck.heuristic import order

    s = fresh()
    s.turn = 1
    s.stack = [{"k": "main", "p": 1}]
    give(s, 0, ore=2)
    give(s, 1, lumber=1)
    offer(s, 1, {"lumber": 1}, {"ore": 1})
    assert ("counter",) in s.legal_actions(0)
    assert order(s, 0) == [("accept",)]
    s.apply(0, ("counter",))
    assert order(s, 0) == [("back",)]



def _city_seeker(brick: int) -> object:
    """Seat 1 has a settlement and aims for a city (2 grain, 3 ore): it holds 1 grain, 3 ore and `brick`
    bricks (a build it does not use); seat 0 offers 1 grain for 2 brick."""
    s = fresh()
    build(s, 1, 30)
    give(s, 0, grain=2, wool=1)
    give(s, 1, grain=1, ore=3, brick=brick)
    offer(s, 0, {"grain": 1}, {"brick": 2})
    return s


def _bot_answer(s, p: int) -> list:
    """The steps of p's policy until its answer to the open offer is given (at most 30)."""
    from py_engine.games.catan_ck.heuristic import policy

    steps: list = []
    while len(steps) < 30:
        r = s.stack[-1]["replies"][p]
        if r is not None and r["r"] != "countering":
            break
        steps.append(policy(s, p, Rng(0)))
        s.apply(p, steps[-1])
    return steps


def test_bot_with_surplus_brick_accepts_two_brick_for_the_grain_it_lacks():
    """With 4 bricks the 3rd and 4th are a surplus (0.5 each) and the grain fills the city (2): worth 1."""
    from py_engine.games.catan_ck.heuristic import _merit, greedy, policy

    s = _city_seeker(4)
    top = s.stack[-1]
    assert _merit(s, 1, top["give"], top["get"]) == 1.0
    assert policy(s, 1, Rng(0)) == greedy(s, 1, Rng(0)) == ("accept",)


def test_bot_counters_one_brick_for_the_grain_when_two_are_too_many():
    """With only 2 bricks, giving both is worth 2 - 1 - 0.5 = 0.5 < 1: the bot counters 1 brick for the
    grain (worth 1.5), built card by card from the mirror (take back a brick, send); seat 0 may take it."""
    from py_engine.games.catan_ck.heuristic import counter_plan, order

    s = _city_seeker(2)
    top = s.stack[-1]
    assert counter_plan(s, 1, top) == ([1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0])
    assert order(s, 1)[0] == ("counter",)  # the search keeps the heuristic's counter first
    assert _bot_answer(s, 1) == [("counter",), ("ungive", "brick"), ("send",)]
    assert s.stack[-1]["replies"][1] == {"r": "counter", "give": [1, 0, 0, 0, 0, 0, 0, 0],
                                         "get": [0, 0, 0, 1, 0, 0, 0, 0]}
    s.apply(2, ("decline",))
    assert s.legal_actions(0) == [("trade", 1), ("cancel",)]
    s.apply(0, ("trade", 1))
    assert s.hands[1][KIDX["grain"]] == 2 and s.hands[1][KIDX["brick"]] == 1
    assert s.hands[0][KIDX["brick"]] == 1 and s.hands[0][KIDX["grain"]] == 1


def test_bot_counters_with_a_spare_card_in_place_of_one_it_lacks():
    """Seat 0 asks 1 lumber (seat 1 has none) for 1 grain: seat 1 cannot accept, and counters with its
    surplus brick in the lumber's place (worth 2 - 0.5)."""
    s = fresh()
    build(s, 1, 30)
    give(s, 0, grain=2)
    give(s, 1, grain=1, ore=3, brick=3)
    offer(s, 0, {"grain": 1}, {"lumber": 1})
    assert ("accept",) not in s.legal_actions(1)
    assert _bot_answer(s, 1) == [("counter",), ("give", "brick"), ("send",)]  # the mirror has no lumber
    assert s.stack[-1]["replies"][1]["give"] == [1, 0, 0, 0, 0, 0, 0, 0]


def test_bot_declines_an_offer_that_does_not_help_it():
    """1 wool (not in its city) for 1 of its 3 ore (inside the city's cost): worth 1 - 2 = -1, and a brick
    in the ore's place is worth only 1 - 0.5 (the counter would not reach 1): decline."""
    from py_engine.games.catan_ck.heuristic import counter_plan, policy

    s = fresh()
    build(s, 1, 30)
    give(s, 0, wool=2)
    give(s, 1, grain=1, ore=3, brick=3)
    offer(s, 0, {"wool": 1}, {"ore": 1})
    assert counter_plan(s, 1, s.stack[-1]) is None
    assert policy(s, 1, Rng(0)) == ("decline",)


def test_bot_gives_nothing_to_a_player_a_step_from_the_win():
    """Seat 0 at 12 VP offers 2 grain for 1 brick (worth 2 + 2 - 1 to seat 1): no accept, no counter."""
    from py_engine.games.catan_ck.heuristic import counter_plan, policy

    s = _city_seeker(4)
    s.apply(1, ("decline",))
    s.apply(2, ("decline",))
    s.vpcards[0] = ["x"] * 12
    assert s.vp(0) == WIN_VP - 1
    offer(s, 0, {"grain": 2}, {"brick": 1})
    assert counter_plan(s, 1, s.stack[-1]) is None
    assert policy(s, 1, Rng(0)) == ("decline",)


# ---- fast legality (State.is_legal, used by apply) ----------------------------------------------------------------
COMMON = ("main", "offer", "make_offer", "roll", "confirm")  # the decisions most positions hold


@pytest.mark.parametrize(("seed", "players", "board"), [(21, 3, "beginner"), (22, 4, "random"), (23, 3, "random")])
def test_is_legal_agrees_with_the_legal_list(seed, players, board):
    """Over a random game (every 15th position and every rarer decision than COMMON), `is_legal` is exact
    membership in the legal list, types compared: 1.0 and True are not 1."""
    s = GAME.new(players=players, seed=seed, options={"board": board})
    rng, seen = Rng(seed), {}
    n = 0
    while s.to_move():
        if n % 15 == 0 or s.stack[-1]["k"] not in COMMON:
            check_fast_legality(s, list(seen.values()))
        seat = s.to_move()[0]
        a = rng.choice(s.legal_actions(seat))
        seen[(s.stack[-1]["k"], a[0], len(a))] = a  # one action of each kind and phase met so far
        s.step(seat, a)
        n += 1
    assert s.is_over()


def test_is_legal_setup_roll_and_alchemist():
    s = GAME.new(players=3, seed=2, options={"board": "beginner"})
    assert legal(s, ("place", 8)) and not legal(s, ("place", 54)) and not legal(s, ("place", 8.0))
    s.apply(0, ("place", 8))
    assert legal(s, ("road", edge(8, 13)))
    assert not legal(s, ("road", edge(13, 18)))  # not at the settlement just placed
    s.apply(0, ("road", edge(8, 13)))
    assert not legal(s, ("place", 13)) and legal(s, ("place", 40))  # 13 is next to 8: the distance rule
    s = fresh()
    s.stack = [{"k": "roll", "p": 0}]
    assert legal(s, ("roll",)) and not legal(s, ("roll", 0)) and not legal(s, ("end",))
    assert not legal(s, ("play", "alchemist"))  # not held
    s.prog[0] = ["alchemist"]
    assert legal(s, ("play", "alchemist"))
    s.apply(0, ("play", "alchemist"))
    assert legal(s, ("dice", 6, 1)) and not legal(s, ("dice", 7, 1)) and not legal(s, ("dice", True, 1))


def test_is_legal_builds_and_knights():
    s = fresh()
    build(s, 0, 8, "settlement")
    build(s, 0, 40, "city")
    road(s, 0, edge(8, 13), edge(13, 9))
    build(s, 1, 18, "settlement")
    knight(s, 0, 13, 1, False)
    assert legal(s, ("end",)) and not legal(s, ("end", None))
    assert not legal(s, ("road", edge(9, 14)))  # no brick and lumber
    give(s, 0, brick=3, lumber=1, wool=2, grain=3, ore=4, paper=1)
    assert legal(s, ("road", edge(9, 14)))  # on from vertex 9, the end of seat 0's road
    assert not legal(s, ("road", edge(18, 24)))  # seat 1's settlement at 18 cuts the way
    assert not legal(s, ("road", edge(8, 13)))  # taken
    assert legal(s, ("settlement", 9)) and not legal(s, ("settlement", 14))  # 14: no road of seat 0 there
    assert not legal(s, ("settlement", 13))  # a knight stands there, and 8 is next to it
    assert legal(s, ("city", 8)) and not legal(s, ("city", 18)) and not legal(s, ("city", 40))
    assert legal(s, ("wall", 40)) and not legal(s, ("wall", 8))  # walls go on cities
    assert not legal(s, ("knight", 13)) and not legal(s, ("knight", 14))  # taken; not at a road
    s.kn_owner[13] = -1
    assert legal(s, ("knight", 13))
    knight(s, 0, 13, 1, False)
    assert legal(s, ("activate", 13)) and not legal(s, ("activate", 18)) and not legal(s, ("activate", 13.0))
    assert legal(s, ("promote", 13))
    s.kn_level[13] = 2
    assert not legal(s, ("promote", 13))  # mighty knights need politics 3
    assert legal(s, ("improve", "science")) and not legal(s, ("improve", "trade"))  # no cloth
    assert legal(s, ("bank", "ore", "grain")) and not legal(s, ("bank", "ore", "ore"))
    assert not legal(s, ("bank", "wool", "ore"))  # 2 wool, the rate is 4
    assert legal(s, ("offer",))
    s.offers = 3
    assert not legal(s, ("offer",))  # max_offers reached
    s.prog[0] = ["alchemist", "warlord"]
    assert legal(s, ("play", "warlord")) and not legal(s, ("play", "spy"))  # held / not held
    assert not legal(s, ("play", "alchemist"))  # only before the roll


def test_is_legal_knight_actions_and_relocation():
    s = fresh()
    s.robber_active = True
    build(s, 0, 8, "settlement")
    road(s, 0, edge(8, 13), edge(13, 18), edge(18, 24))
    knight(s, 0, 13, 2, True)
    build(s, 1, 30, "settlement")
    road(s, 1, edge(24, 30))
    knight(s, 1, 24, 1, True)
    assert not legal(s, ("move_knight", 13, 18))  # not active at the roll
    s.kn_ready[13] = True
    assert legal(s, ("move_knight", 13, 18)) and not legal(s, ("move_knight", 13, 9))  # 9: off seat 0's roads
    assert not legal(s, ("move_knight", 13, 24)) and legal(s, ("displace", 13, 24))  # a weaker knight
    assert not legal(s, ("chase", 13))  # the robber is on the desert, hex 9
    s.robber = 4
    assert legal(s, ("chase", 13))
    s.apply(0, ("displace", 13, 24))
    assert legal(s, ("remove",), 1) and not legal(s, ("relocate", 30), 1)  # no empty spot at seat 1's roads


def test_is_legal_seven_and_small_decisions():
    s = fresh()
    build(s, 0, 0, "city")
    build(s, 0, 40, "city")
    build(s, 0, 8, "settlement")
    s.metro[0] = 40
    give(s, 1, ore=2)
    s.prog[0] = ["spy", "spy", "warlord", "warlord", "wedding"]
    cases = [
        ({"k": "discard", "need": [0, 1, 0], "to": -1, "why": "seven", "gone": []}, ("discard", "ore"), 1, True),
        ({"k": "discard", "need": [0, 1, 0], "to": -1, "why": "seven", "gone": []}, ("discard", "wool"), 1, False),
        ({"k": "robber", "p": 0, "then": "steal"}, ("robber", 4), 0, True),
        ({"k": "robber", "p": 0, "then": "steal"}, ("robber", 9), 0, False),  # where it stands
        ({"k": "steal", "p": 0, "victims": [1, 2]}, ("steal", 2), 0, True),
        ({"k": "steal", "p": 0, "victims": [1, 2]}, ("steal", 0), 0, False),
        ({"k": "aqueduct", "p": 0}, ("take", "ore"), 0, True),
        ({"k": "aqueduct", "p": 0}, ("take", "coin"), 0, False),  # resources only
        ({"k": "pillage", "p": 0}, ("pillage", 0), 0, True),
        ({"k": "pillage", "p": 0}, ("pillage", 40), 0, False),  # a metropolis is safe
        ({"k": "metropolis", "p": 0, "track": 1}, ("metropolis", 0), 0, True),
        ({"k": "metropolis", "p": 0, "track": 1}, ("metropolis", 8), 0, False),  # a settlement
        ({"k": "defender_draw", "p": 0}, ("deck", "politics"), 0, True),
        ({"k": "defender_draw", "p": 0}, ("deck", "gold"), 0, False),
        ({"k": "toss", "p": 0, "cap": 4}, ("toss", "wedding"), 0, True),
        ({"k": "toss", "p": 0, "cap": 4}, ("toss", "bishop"), 0, False),  # not held
    ]
    for top, action, seat, want in cases:
        s.stack = [{"k": "main", "p": 0}, top]
        assert legal(s, action, seat) is want, (top["k"], action)
    s.stack = [{"k": "main", "p": 0}, {"k": "aqueduct", "p": 0}]
    s.bank[ORE] = 0
    assert not legal(s, ("take", "ore"))  # the bank has none


def test_is_legal_trade_offers():
    s = fresh()
    give(s, 0, ore=2)
    give(s, 1, grain=1)
    give(s, 2, grain=2)
    s.apply(0, ("offer",))
    assert legal(s, ("give", "ore")) and legal(s, ("get", "grain")) and legal(s, ("back",))
    assert not legal(s, ("give", "grain")) and not legal(s, ("ungive", "ore")) and not legal(s, ("send",))
    assert not legal(s, ("give", "gold")) and not legal(s, ("give", 3)) and not legal(s, ("to", 0))
    assert legal(s, ("to", 1)) and not legal(s, ("to", 3)) and not legal(s, ("to",)) and not legal(s, ("to", True))
    s.apply(0, ("give", "ore"))
    assert not legal(s, ("get", "ore")) and legal(s, ("ungive", "ore"))
    s.apply(0, ("get", "grain"))
    s.apply(0, ("get", "grain"))
    s.apply(0, ("send",))
    assert not legal(s, ("accept",), 1) and legal(s, ("accept",), 2)  # seat 1 holds only 1 grain
    assert legal(s, ("decline",), 1) and legal(s, ("counter",), 1) and not legal(s, ("back",), 1)
    assert not legal(s, ("give", "grain"), 1)  # not countering
    s.apply(1, ("counter",))
    s.apply(2, ("counter",))
    assert not legal(s, ("give", "grain"), 1)  # its only grain is in the counter already
    assert not legal(s, ("send",), 2)  # the offer's mirror: that is accepting
    assert legal(s, ("send",), 1) and legal(s, ("back",), 1)
    assert not legal(s, ("decline",), 1)  # first back out of the counter
    s.apply(1, ("send",))
    s.apply(2, ("back",))
    s.apply(2, ("decline",))
    assert legal(s, ("trade", 1)) and not legal(s, ("trade", 2)) and not legal(s, ("trade", 0))
    assert legal(s, ("cancel",)) and not legal(s, ("trade", True))


def card_step(s, card: str, **extra) -> None:
    """Seat 0 is in the middle of playing `card` (its decision on top of the action phase)."""
    s.stack = [{"k": "main", "p": 0}, {"k": "card", "p": 0, "card": card, "left": 2, "done": [], "target": -1,
                                       **extra}]


def test_is_legal_progress_card_steps():
    s = fresh()
    build(s, 0, 8, "settlement")
    build(s, 0, 40, "city")
    build(s, 0, 0, "city")
    s.wall[0] = True
    road(s, 0, edge(8, 13), edge(40, 45), edge(45, 49))
    knight(s, 0, 13, 1, False)
    build(s, 1, 2, "city")
    knight(s, 1, 49, 1, True)
    give(s, 0, ore=1)
    give(s, 1, paper=1, wool=1)
    s.prog[1] = ["bishop"]
    s.defender[1] = 5  # seat 1: 7 VP, seat 0: 5, seat 2: none
    card_step(s, "engineer")
    assert legal(s, ("wall", 40)) and not legal(s, ("wall", 0))  # 0 has a wall
    card_step(s, "inventor")
    assert legal(s, ("swap", 2, 15)) and not legal(s, ("swap", 15, 2)) and not legal(s, ("swap", 2, 4))  # 4: a 6
    card_step(s, "medicine")
    assert legal(s, ("city", 8)) and not legal(s, ("city", 40))
    card_step(s, "road_building")
    assert legal(s, ("road", edge(13, 18))) and legal(s, ("stop",)) and not legal(s, ("road", edge(18, 24)))
    card_step(s, "road_building", left=0)
    assert not legal(s, ("road", edge(13, 18))) and legal(s, ("stop",))  # both roads built
    card_step(s, "smith")
    assert legal(s, ("promote", 13)) and not legal(s, ("promote", 49))  # seat 1's knight
    card_step(s, "commercial_harbor", done=[2])
    assert legal(s, ("harbor", 1, "ore")) and not legal(s, ("harbor", 2, "ore"))  # seat 2 had its turn
    assert not legal(s, ("harbor", 0, "ore")) and not legal(s, ("harbor", 1, "wool"))  # self; no wool
    s.stack[-1] = {"k": "card", "p": 1, "card": "commercial_give", "to": 0, "left": 0, "done": [], "target": -1}
    assert legal(s, ("give", "paper"), 1) and not legal(s, ("give", "coin"), 1)
    card_step(s, "master_merchant")
    assert legal(s, ("target", 1)) and not legal(s, ("target", 2)) and not legal(s, ("take", "paper"))
    card_step(s, "master_merchant", target=1)
    assert legal(s, ("take", "paper")) and not legal(s, ("take", "ore")) and not legal(s, ("target", 1))
    card_step(s, "spy", target=1)
    assert legal(s, ("take", "bishop")) and not legal(s, ("take", "spy"))
    card_step(s, "deserter")
    assert legal(s, ("target", 1)) and not legal(s, ("target", 2)) and not legal(s, ("stop",))  # seat 2: no knight
    s.stack[-1] = {"k": "card", "p": 1, "card": "deserter_remove", "left": 1, "done": [], "target": 0}
    assert legal(s, ("remove_knight", 49), 1) and not legal(s, ("remove_knight", 13), 1)
    card_step(s, "deserter_place", level=1)
    assert legal(s, ("place", 45)) and legal(s, ("stop",)) and not legal(s, ("place", 49))  # a knight there
    card_step(s, "merchant")
    assert legal(s, ("merchant", 4)) and not legal(s, ("merchant", 9))  # 9: no building of seat 0
    card_step(s, "merchant_fleet")
    assert legal(s, ("fleet", "paper")) and not legal(s, ("fleet", "gold"))
    card_step(s, "resource_monopoly")
    assert legal(s, ("name", "wool")) and not legal(s, ("name", "coin"))
    card_step(s, "trade_monopoly")
    assert legal(s, ("name", "coin")) and not legal(s, ("name", "wool"))
    card_step(s, "diplomat")
    assert legal(s, ("remove_road", edge(45, 49)))  # at 49 seat 0 has no other piece
    assert not legal(s, ("remove_road", edge(40, 45))) and not legal(s, ("remove_road", edge(8, 13)))  # closed
    card_step(s, "intrigue")
    assert legal(s, ("intrigue", 49)) and not legal(s, ("intrigue", 13))  # seat 0's own knight


def test_greedy_bots_trade_counter_and_finish_a_game():
    """Three greedy bots (seed 4): they offer, accept, decline and counter one another, trades are made,
    and the game ends with a winner in a few hundred moves and replays identically."""
    from py_engine.games.catan_ck.heuristic import greedy

    s = GAME.new(players=3, seed=4)
    rng = Rng(4)
    seen: Counter = Counter()
    n = 0
    while s.to_move() and n < 8000:
        seat = s.to_move()[0]
        a = greedy(s, seat, rng)
        seen[a[0]] += 1
        s.apply(seat, a)
        n += 1
    assert s.is_over() and s.vp(s.winner) >= WIN_VP
    assert seen["counter"] >= 1 and seen["trade"] >= 1 and seen["accept"] >= 1 and seen["decline"] >= 1
    again = s.record.replay()
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(s.to_json(), sort_keys=True)


def test_bot_takes_a_counter_but_not_from_a_player_a_step_from_the_win():
    """Seat 1 (a bot lacking 1 grain for its city) offers 1 brick for 1 grain; seat 0 counters 1 grain +
    1 wool for 1 brick (worth 2 + 1 - 0.5 to the bot): taken; the same counter from seat 0 at 12 VP: cancel."""
    from py_engine.games.catan_ck.heuristic import greedy

    for vp, answer in ((0, ("trade", 0)), (12, ("cancel",))):
        s = fresh()
        s.turn, s.stack = 1, [{"k": "main", "p": 1}]
        build(s, 1, 30)
        give(s, 1, grain=1, ore=3, brick=2)
        give(s, 0, grain=2, wool=1)
        s.vpcards[0] = ["x"] * vp
        while s.stack[-1]["k"] != "offer":
            s.apply(1, greedy(s, 1, Rng(0)))
        assert (s.stack[-1]["give"], s.stack[-1]["get"]) == ([1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0, 0])
        for a in (("counter",), ("give", "wool"), ("send",)):
            s.apply(0, a)
        s.apply(2, ("decline",))
        assert s.stack[-1]["k"] == "confirm" and greedy(s, 1, Rng(0)) == answer



def test_search_bots_offer_when_one_card_is_missing():
    """Seat 1 may only end its turn or offer (it lacks 1 grain for a city, with a spare brick): the search's
    only candidate is the greedy offer (ending at once is never better than an offer nobody takes), and a
    level-1 search bot builds it card by card: 1 brick for 1 grain, to everyone."""
    from py_engine.bots import make_bot
    from py_engine.games.catan_ck.heuristic import order

    s = fresh()
    s.turn, s.stack = 1, [{"k": "main", "p": 1}]
    build(s, 1, 30)
    give(s, 1, grain=1, ore=3, brick=2)
    give(s, 0, grain=2, wool=1)
    assert s.legal_actions(1) == [("end",), ("offer",)] and order(s, 1) == [("offer",)]
    steps = []
    while s.stack[-1]["k"] != "offer":
        steps.append(make_bot("search", "catan-ck", level=1, seed=3).choose(s, 1))
        s.apply(1, steps[-1])
    assert steps == [("offer",), ("give", "brick"), ("get", "grain"), ("send",)]
    assert s.stack[-1]["to"] == -1 and s.stack[-1]["replies"] == [None, {"r": "self"}, None]
