"""Arnak rule tests: concrete positions with exact results (digest TC1-TC13, card/site/idol/guardian/
assistant effects, research, scoring)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine.core import IllegalAction, Rng
from py_engine.games.arnak import GAME
from py_engine.games.arnak import data as D
from py_engine.games.arnak.effects import can_cover, covers

from .conformance import Num, Word, exact, near_misses

FEAR, FC, FS, EC, ES = D.FEAR, D.FUNDING_CAR, D.FUNDING_SHIP, D.EXPLORE_CAR, D.EXPLORE_SHIP
ITEM = {D.CARDS[c][0]: c for c in D.ITEM_IDS}
ART = {D.CARDS[c][0]: c for c in D.ARTIFACT_IDS}


def pos(n: int = 2, temple: str = "bird", seed: int = 3, **opts):
    """A fresh game whose players hold nothing: tests put exactly what they need in place."""
    s = GAME.new(players=n, seed=seed, options=dict(temple=temple, **opts))
    for p in s.p:
        p.hand, p.deck, p.play, p.res = [], [], [], [0, 0, 0, 0, 0]
    s.mix = {}  # every pile in a known order (the tests of unordered piles are in test_events.py)
    return s


def go(s, *actions, seat: int = 0):
    for a in actions:
        s.apply(seat, a)


def res(s, seat: int = 0) -> list:
    return list(s.p[seat].res)


# --- setup (TC2) -----------------------------------------------------------------------------------------
def test_tc2_starting_resources_and_decks():
    s = GAME.new(players=4, seed=11)
    assert [p.res for p in s.p] == [[2, 0, 0, 0, 0], [1, 1, 0, 0, 0], [2, 1, 0, 0, 0], [1, 2, 0, 0, 0]]
    for p in s.p:
        assert len(p.hand) == 5 and len(p.deck) == 1
        assert sorted(p.hand + p.deck) == sorted(D.STARTING_DECK)
    assert len(s.arts) == 1 and len(s.items) == 5
    assert s.fear_left == 19 - 8
    assert [len(st) for st in s.stacks] == [4, 4, 4]


def test_blocked_camp_spaces_by_player_count():
    for n, blocked in ((2, 5), (3, 3), (4, 0)):
        s = GAME.new(players=n, seed=5)
        assert sum(o[1] == -2 for o in s.occ[:5]) == blocked
        assert s.temple_left == [n] * 6 and len(s.temple_bonus) == n


def test_bonus_tiles_per_player_count():
    for temple, counts in (("bird", (7, 9, 11)), ("snake", (8, 10, 12))):
        for n in (2, 3, 4):
            s = GAME.new(players=n, seed=1, options={"temple": temple})
            assert sum(len(b) for b in s.bonus) == counts[n - 2]


# --- travel (TC4) ----------------------------------------------------------------------------------------
def test_tc4_travel_hierarchy():
    assert covers(("boot",), ("car",)) == {()}
    assert covers(("boot",), ("ship",)) == {()}
    assert covers(("car",), ("ship",)) == {("car",)}
    assert covers(("ship",), ("car",)) == {("ship",)}
    assert covers(("plane",), ("car",)) == {("plane",)}
    assert covers(("car", "ship"), ("plane",)) == {("car",), ("ship",)}
    assert can_cover(("car", "ship"), [("plane",), ("car",)])
    assert not can_cover(("car", "car"), [("ship", "ship")])
    assert can_cover(("car", "car"), [("car", "car")])
    assert not can_cover(("plane",), [("car",), ("ship",), ("boot",)])


def test_tc4_pilot_pays_a_plane_for_two_coins():
    s = pos()
    s.p[0].res = [4, 0, 0, 0, 0]
    # camp site 0: 1 boot; the only source is a pilot
    go(s, ("dig", 0))
    assert s.legal_actions(0) == [("pilot",)]
    go(s, ("pilot",))
    assert res(s) == [4 - 2 + 2, 0, 0, 0, 0]  # paid 2 coins, camp 0 gives 2 coins
    assert s.occ[0][0] == 0 and s.p[0].home == 1


def test_dig_pays_travel_with_a_card_that_goes_to_the_play_area():
    s = pos()
    s.p[0].hand = [FS]
    site = next(x for x in D.LEVEL1 if D.site_travel("bird", x) == ("ship",))
    s.tile[site] = 4  # discovered: 1 compass + 1 arrowhead
    assert ("dig", site) in s.legal_actions(0)
    go(s, ("dig", site))
    assert s.legal_actions(0) == [("tcard", FS)]
    go(s, ("tcard", FS))
    assert res(s) == [0, 1, 0, 1, 0] and s.p[0].play == [FS] and s.p[0].hand == []
    assert s.turn == 1  # nothing free left to do: the turn ends


def test_a_car_cannot_pay_a_ship_site():
    s = pos()
    s.p[0].hand = [FC]
    site = next(x for x in D.LEVEL1 if D.site_travel("bird", x) == ("ship",))
    s.tile[site] = 4
    assert ("dig", site) not in s.legal_actions(0)
    assert ("dig", 0) in s.legal_actions(0)  # the car pays the camp's boot


def test_two_boot_camp_space_is_used_when_the_first_is_taken():
    s = pos(n=4)
    s.occ[0][0] = 1
    s.p[0].hand = [FEAR, FC]
    go(s, ("dig", 0))
    assert s.queue[0][1] == ("boot", "boot")
    go(s, ("tcard", FEAR), ("tcard", FC))
    assert s.occ[0] == [1, 0] and res(s) == [2, 0, 0, 0, 0]


def test_both_archaeologists_out_means_no_dig_or_discover():
    s = pos()
    s.p[0].hand = [FC, FS, EC]
    s.p[0].res = [9, 9, 0, 0, 0]
    s.p[0].home = 0
    acts = s.legal_actions(0)
    assert not [a for a in acts if a[0] in ("dig", "discover")]


# --- discover (TC3, TC5) ---------------------------------------------------------------------------------
def test_tc3_discover_costs_three_or_six_compasses():
    s = pos()
    s.p[0].hand = [FC, FC]
    s.p[0].res = [0, 2, 0, 0, 0]
    assert not [a for a in s.legal_actions(0) if a[0] == "discover"]
    s.p[0].res = [0, 3, 0, 0, 0]
    disc = [a[1] for a in s.legal_actions(0) if a[0] == "discover"]
    assert disc and all(x in D.LEVEL1 for x in disc)
    s.p[0].res = [0, 6, 0, 0, 0]
    disc = [a[1] for a in s.legal_actions(0) if a[0] == "discover"]
    assert any(x in D.LEVEL2 for x in disc)


def test_tc5_level2_discovery_two_idols_one_effect_tile_and_guardian():
    s = pos()
    site = 13  # car + car
    s.idol[site] = 0  # a coin idol face up
    s.pile2.append(1)  # next level II tile: 2 compasses + 1 jewel
    s.gpile.append(12)  # guardian 13 (index 12): 3 tablets, plane boon
    s.p[0].hand = [FC, EC]
    s.p[0].res = [0, 6, 0, 0, 0]
    go(s, ("discover", site), ("tcard", FC), ("tcard", EC))
    p = s.p[0]
    assert p.idols == 2
    assert p.res == [1, 2, 0, 0, 1]  # 6 - 6 compasses, +1 coin (idol), +2 compasses +1 jewel (tile)
    assert s.tile[site] == 1 and s.guard[site] == 12 and s.occ[site] == [0]
    assert s.idol[site] == -1 and s.fd[site] == 0
    assert s.breakdown(0)["idols"] == 6


def test_level1_discovery_with_exile_idol_asks_for_the_exile():
    s = pos()
    site = 5  # car
    s.idol[site] = 9  # exile idol
    s.pile1.append(2)  # coin + arrowhead
    s.p[0].hand = [FC, FEAR]
    s.p[0].res = [0, 3, 0, 0, 0]
    go(s, ("discover", site), ("tcard", FC))
    assert s.queue[0][0] == "exile"
    go(s, ("exile", "hand", FEAR))
    assert s.p[0].exiled == [FEAR] and res(s) == [1, 0, 0, 1, 0]


# --- guardians -------------------------------------------------------------------------------------------
def test_overcome_guardian_pays_cost_and_keeps_boon():
    s = pos()
    s.occ[5] = [0]
    s.p[0].home = 1
    s.guard[5] = 3  # guardian 4: 2 coins + 1 arrowhead, car boon
    s.p[0].res = [2, 0, 0, 1, 0]
    go(s, ("overcome", 5))
    assert s.p[0].guardians == [[3, 0]] and s.guard[5] == -1 and res(s) == [0, 0, 0, 0, 0]
    assert s.breakdown(0)["guardians"] == 5


def test_guardian_travel_boon_pays_travel_once():
    s = pos()
    s.p[0].guardians = [[3, 0]]  # car boon
    site = 5  # car
    s.tile[site] = 2
    go(s, ("dig", site))
    assert s.legal_actions(0) == [("tboon", 0)]
    go(s, ("tboon", 0))
    assert s.p[0].guardians == [[3, 1]] and res(s) == [1, 0, 0, 1, 0]


@pytest.mark.parametrize(("g", "before", "after"), [(1, [0, 0, 0, 0, 0], "exile"), (6, [0, 0, 0, 0, 0], "draw"),
                                                    (7, [0, 0, 1, 0, 0], "upgrade")])
def test_guardian_free_boons(g, before, after):
    s = pos()
    s.p[0].guardians = [[g, 0]]
    s.p[0].res = list(before)
    s.p[0].deck = [FC]
    s.p[0].play = [FEAR]
    go(s, ("boon", 0))
    if after == "exile":
        go(s, ("exile", "play", FEAR))
        assert s.p[0].exiled == [FEAR]
    elif after == "draw":
        assert s.p[0].hand == [FC]
    else:
        go(s, ("upgrade", "tablet"))
        assert res(s) == [0, 0, 0, 1, 0]
    assert s.p[0].guardians == [[g, 1]] and s.turn == 0 and s.phase == "main"


def test_guardian_with_discard_cost():
    s = pos()
    s.occ[6] = [0]
    s.guard[6] = 1  # discard + coin + arrowhead
    s.p[0].res = [1, 0, 0, 1, 0]
    s.p[0].hand = [FEAR]
    go(s, ("overcome", 6), ("discard", FEAR))
    assert s.p[0].play == [FEAR] and s.p[0].guardians == [[1, 0]]


# --- fear at round end (TC9) -----------------------------------------------------------------------------
def _pass_all(s):
    r = s.round
    while s.phase in ("main", "after") and s.to_move() and s.round == r:
        seat = s.turn
        s.apply(seat, ("pass",) if s.phase == "main" else ("end",))


def test_tc9_fear_for_archaeologists_at_guardian_sites():
    s = pos()
    s.occ[5] = [0]
    s.occ[0] = [1, -2]
    s.guard[5] = 4
    s.p[0].home, s.p[1].home = 1, 1
    left = s.fear_left
    _pass_all(s)
    assert s.round == 2
    assert s.p[0].hand == [FEAR] and s.p[1].hand == []  # play area under the deck, then drawn
    assert s.fear_left == left - 1 and s.p[0].home == 2 and s.occ[5] == [-1]


def test_tc9_fear_tile_when_fear_deck_is_empty():
    s = pos()
    s.occ[5] = [0]
    s.guard[5] = 4
    s.p[0].home = 1
    s.fear_left = 0
    _pass_all(s)
    assert s.p[0].fear_tiles == 1 and s.breakdown(0)["fear"] == -2


def test_war_mask_prevents_fear():
    s = pos()
    s.occ[5] = [0]
    s.guard[5] = 4
    s.p[0].home = 1
    s.p[0].res = [0, 0, 1, 0, 0]
    s.p[0].hand = [ART["War Mask"]]
    go(s, ("play", ART["War Mask"]))
    assert s.p[0].res == [0, 0, 0, 1, 0] and s.p[0].no_fear
    _pass_all(s)
    assert FEAR not in s.p[0].hand + s.p[0].deck


# --- round end (TC10, TC13) ------------------------------------------------------------------------------
def test_tc10_keep_cards_and_draw_up_to_five():
    s = pos()
    s.p[0].hand = [FC, FS]
    s.p[0].deck = [EC, ES, FEAR]
    s.p[1].hand = []
    s.p[1].deck = [EC, ES, FEAR]
    _pass_all(s)
    assert s.phase == "keep" and s.turn == 0
    go(s, ("release", FS), ("keep",))
    assert s.round == 2
    assert sorted(s.p[0].hand) == sorted([FC, EC, ES, FEAR, FS]) and s.p[0].deck == []
    assert sorted(s.p[1].hand) == sorted([EC, ES, FEAR])  # only 3 cards left: draws all 3


def test_tc13_consecutive_turns_after_others_pass():
    s = pos()
    s.p[0].hand = [FC, FS, EC]
    go(s, ("pass",))
    assert s.turn == 1
    s.p[1].hand = [FC, FS]
    s.p[1].res = [0, 0, 0, 0, 0]
    s.apply(1, ("dig", 0))
    s.apply(1, ("tcard", FC))
    assert s.turn == 1 and s.phase in ("main", "after")


def test_start_player_rotates_and_row_shifts():
    s = pos(n=3)
    first_item = s.items[0]
    _pass_all(s)
    while s.phase == "keep":
        s.apply(s.turn, ("keep",))
    assert s.round == 2 and s.start == 1 and s.turn == 1
    assert len(s.arts) == 2 and len(s.items) == 4 and first_item in s.item_exile


# --- research (TC8) --------------------------------------------------------------------------------------
def test_tc8_notebook_never_above_the_glass():
    s = pos()
    s.p[0].res = [9, 9, 9, 9, 9]
    acts = s.legal_actions(0)
    assert ("research", "glass", 1) in acts and not [a for a in acts if a[1:2] == ("notebook",)]
    s.p[0].glass = 1
    acts = s.legal_actions(0)
    assert ("research", "notebook", 1) in acts and ("research", "notebook", 2) in acts


def test_research_glass_row1_pays_and_gains_coin():
    s = pos()
    s.p[0].res = [0, 1, 0, 1, 0]
    go(s, ("research", "glass", 1))
    assert s.p[0].glass == 1 and res(s) == [1, 0, 0, 0, 0]
    assert s.breakdown(0)["research"] == 1


def test_research_notebook_row1_recruits_an_assistant():
    s = pos()
    s.p[0].glass = 1
    s.p[0].res = [0, 1, 0, 1, 0]
    top = s.stacks[2][-1]
    go(s, ("research", "notebook", 1), ("stack", 2))
    assert s.p[0].assistants == [[top, 0, 0]]


def test_research_bonus_tile_taken_by_first_arrival():
    s = pos()
    s.p[0].glass = 1
    s.bonus[4] = ["coin"]
    s.p[0].res = [0, 0, 1, 1, 0]
    go(s, ("research", "glass", 4))
    assert res(s) == [1, 1, 0, 0, 0] and s.bonus[4] == []  # bonus coin + row 2 compass


def test_temple_arrival_and_bonus_then_temple_tiles_tc7():
    s = pos()
    s.p[0].glass = 12
    s.p[0].notebook = 0
    s.temple_bonus = ["tablet", "coin"]
    s.p[0].res = [1, 1, 0, 0, 1]
    go(s, ("research", "glass", 14))
    assert s.p[0].arrival == 0 and s.legal_actions(0) == [("bonus", "coin"), ("bonus", "tablet")]
    go(s, ("bonus", "tablet"))
    assert res(s) == [0, 0, 1, 0, 0] and s.temple_bonus == ["coin"]
    assert s.breakdown(0)["research"] == 23
    s.turn, s.phase = 0, "main"
    s.p[0].res = [0, 1, 0, 1, 1]  # jewel + compass + arrowhead
    acts = [a for a in s.legal_actions(0) if a[0] == "temple"]
    assert ("temple", 4) in acts and ("temple", 5) not in acts and ("temple", 3) not in acts
    s.p[0].res = [1, 0, 2, 0, 0]  # coin + 2 tablets: only the 2-point tile A
    acts = [a for a in s.legal_actions(0) if a[0] == "temple"]
    assert acts == [("temple", 0)]
    go(s, ("temple", 0))
    assert s.p[0].tiles == [0] and s.temple_left[0] == 1 and s.breakdown(0)["temple"] == 2


def test_notebook_row7_overcomes_a_guardian_for_free():
    s = pos()
    s.p[0].glass = 12
    s.p[0].notebook = 11
    s.occ[7] = [0]
    s.guard[7] = 5
    s.p[0].res = [1, 0, 1, 1, 0]
    go(s, ("research", "notebook", 12), ("site", 7))
    assert s.p[0].guardians == [[5, 0]] and res(s) == [0, 0, 0, 0, 0]


# --- idols (TC1, TC6) ------------------------------------------------------------------------------------
def test_tc1_no_slot_used_scores_ten():
    s = pos()
    assert s.breakdown(0)["slots"] == 10


@pytest.mark.parametrize(("k", "before", "after"), [
    (0, [1, 0, 0, 0, 0], [0, 0, 0, 0, 1]), (1, [0] * 5, [0, 0, 0, 1, 0]), (2, [0] * 5, [0, 0, 2, 0, 0]),
    (3, [0] * 5, [1, 1, 0, 0, 0])])
def test_idol_slot_effects(k, before, after):
    s = pos()
    s.p[0].idols = 1
    s.p[0].res = list(before)
    go(s, ("idol", k))
    assert res(s) == after and s.p[0].slots == 1 and s.p[0].idols == 0
    assert s.breakdown(0)["slots"] == 9 and s.breakdown(0)["idols"] == 3


def test_idol_slot_draw_not_offered_with_an_empty_deck():
    """The deck never reshuffles for a draw: with no card in it the draw slot would only waste the idol."""
    s = pos()
    s.p[0].idols = 1
    s.p[0].res = [1, 0, 0, 0, 0]
    s.p[0].play = [FC]  # a discard pile does not count
    acts = s.legal_actions(0)
    assert [a for a in acts if a[0] == "idol"] == [("idol", 0), ("idol", 1), ("idol", 2), ("idol", 3)]
    s.p[0].deck = [FS]
    assert ("idol", 4) in s.legal_actions(0)


def test_idol_slot_draw_and_coin_needed_for_jewel():
    s = pos()
    s.p[0].idols = 1
    s.p[0].deck = [FC]
    assert ("idol", 0) not in s.legal_actions(0)
    go(s, ("idol", 4))
    assert s.p[0].hand == [FC]


def test_tc6_scoring_categories():
    s = pos()
    p = s.p[0]
    p.idols, p.slots = 1, 1
    p.guardians = [[0, 1]]
    p.deck = [FEAR, FEAR, FEAR, ITEM["Brush"], ART["Treasure Chest"]]
    b = s.breakdown(0)
    assert (b["idols"], b["guardians"], b["fear"], b["slots"], b["cards"]) == (6, 5, -3, 9, 6)


# --- tie-breaks (TC11) -----------------------------------------------------------------------------------
def test_tc11_tiebreaks():
    s = pos()
    s.p[0].arrival, s.p[1].arrival = 1, 0
    s.p[0].glass = s.p[1].glass = 14
    assert s.scores()[0] + 2 == s.scores()[1]  # 21 vs 23
    s.p[0].tiles = [0]
    assert s.scores()[0] == s.scores()[1]
    assert s.result()["winners"] == [1]
    t = pos()
    t.p[0].glass, t.p[1].glass = 2, 1
    t.p[1].tiles = [0]  # 2 VP, so totals tie at 1 + 2 vs 2 + 1? research 1 vs 1: equalise with a card
    t.p[0].glass = 3  # row 2: 2 VP
    t.p[1].glass = 1  # row 1: 1 VP
    t.p[1].tiles = []
    t.p[1].deck = [ITEM["Hat"]]  # 1 VP
    assert t.scores()[0] == t.scores()[1]
    assert t.result()["winners"] == [0]


# --- cards (TC12 and effects) ----------------------------------------------------------------------------
def test_tc12_artifact_from_hand_costs_a_tablet_and_buying_costs_compasses():
    s = pos()
    jar = ART["Stone Jar"]
    s.p[0].hand = [jar]
    s.p[0].deck = [FC]
    assert ("play", jar) not in s.legal_actions(0)
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", jar))
    assert res(s) == [0, 0, 0, 0, 0] and s.p[0].hand == [FC]
    t = pos()
    t.arts = [jar]
    t.p[0].res = [0, 2, 0, 0, 0]
    t.p[0].deck = [FC]
    go(t, ("buy", "artifact", 0), ("accept",))
    assert res(t) == [0, 0, 0, 0, 0] and t.p[0].hand == [FC] and t.p[0].play == [jar]


def test_bought_artifact_effect_may_be_declined():
    s = pos()
    s.arts = [ART["Serpent's Gold"]]
    s.p[0].res = [0, 3, 0, 0, 0]
    go(s, ("buy", "artifact", 0), ("decline",))
    assert res(s) == [0, 0, 0, 0, 0] and s.p[0].play == [ART["Serpent's Gold"]]


def test_buying_an_item_puts_it_under_the_deck_and_refills():
    s = pos()
    c = s.items[2]
    s.item_deck.append(ITEM["Hat"]) if ITEM["Hat"] not in s.items else None
    nxt = s.item_deck[-1]
    s.p[0].res = [D.CARDS[c][2], 0, 0, 0, 0]
    s.p[0].deck = [FC]
    go(s, ("buy", "item", 2))
    assert s.p[0].deck == [FC, c] and res(s)[0] == 0
    assert len(s.items) == 5 and s.items[-1] == nxt and c not in s.items


SIMPLE = [  # card, resources before, resources after, cards drawn
    ("Pack Donkey", [0] * 5, [0] * 5, 2), ("Horse", [0] * 5, [1, 1, 0, 0, 0], 1),
    ("Steam Boat", [0] * 5, [0, 2, 0, 0, 0], 0), ("Automobile", [0] * 5, [0, 2, 0, 0, 0], 0),
    ("Gold Pan", [0] * 5, [2, 0, 0, 0, 0], 0), ("Trowel", [0, 1, 0, 0, 0], [0, 0, 0, 0, 1], 0),
    ("Pickaxe", [0, 1, 0, 0, 0], [0, 0, 1, 1, 0], 0), ("Carrier Pigeon", [0] * 5, [0, 0, 2, 0, 0], 0),
    ("Rough Map", [0] * 5, [0, 3, 0, 0, 0], 0), ("Flask", [0] * 5, [0] * 5, 3),
    ("Hat", [0] * 5, [1, 1, 0, 0, 0], 0), ("Large Backpack", [0] * 5, [1, 0, 0, 0, 0], 1),
]
SIMPLE_ART = [
    ("Treasure Chest", [1, 0, 0, 0, 0], 1), ("Serpent Idol", [0, 0, 0, 0, 1], 0),
    ("Hunting Arrows", [0, 0, 0, 2, 0], 0), ("Runes of the Dead", [1, 0, 3, 0, 0], 0),
    ("Stone Jar", [0] * 5, 1), ("Serpent's Gold", [4, 0, 0, 0, 0], 0),
]


@pytest.mark.parametrize(("name", "before", "after", "drawn"), SIMPLE)
def test_simple_items(name, before, after, drawn):
    s = pos()
    card = ITEM[name]
    s.p[0].hand = [card]
    s.p[0].deck = [FC, FS, EC, ES]
    s.p[0].res = list(before)
    go(s, ("play", card))
    assert res(s) == after
    assert len(s.p[0].hand) == drawn
    if name == "Large Backpack":
        assert s.p[0].hand == [ES]  # from the bottom
    assert (card in s.p[0].exiled) == D.CARDS[card][6]


@pytest.mark.parametrize(("name", "after", "drawn"), SIMPLE_ART)
def test_simple_artifacts(name, after, drawn):
    s = pos()
    card = ART[name]
    s.p[0].hand = [card]
    s.p[0].deck = [FC, FS]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", card))
    assert res(s) == after and len(s.p[0].hand) == drawn
    fear = 1 if name in ("Serpent Idol", "Hunting Arrows", "Runes of the Dead", "Serpent's Gold") else 0
    assert s.p[0].play.count(FEAR) == fear


def test_watch_free_or_pass():
    s = pos()
    w = ITEM["Watch"]
    s.p[0].hand = [w]
    go(s, ("play", w))
    assert s.legal_actions(0) == [("choose", 0), ("choose", 1)]
    go(s, ("choose", 1))
    assert res(s) == [3, 0, 0, 0, 0] and s.passed[0] and s.turn == 1


def test_army_knife_two_different_choices():
    s = pos()
    k = ITEM["Army Knife"]
    s.p[0].hand = [k, FEAR]
    go(s, ("play", k))
    assert len(s.legal_actions(0)) == 6
    go(s, ("choose", 0), ("exile", "hand", FEAR))
    assert res(s) == [1, 0, 0, 0, 0] and s.p[0].exiled == [FEAR]


def test_sturdy_boots_digs_with_two_boots_covered():
    s = pos(n=4)
    b = ITEM["Sturdy Boots"]
    s.occ[1][0] = 1
    s.p[0].hand = [b]
    go(s, ("play", b))
    assert res(s) == [0, 1, 0, 0, 0]
    assert ("dig", 1) in s.legal_actions(0)  # 2-boot space fully covered, no card needed
    go(s, ("dig", 1))
    assert s.occ[1] == [1, 0] and res(s) == [0, 3, 0, 0, 0]


def test_hot_air_balloon_discovers_with_plane_and_three_compasses_covered():
    s = pos()
    hab = ITEM["Hot Air Balloon"]
    s.p[0].hand = [hab]
    s.pile1.append(6)  # tablet + arrowhead
    s.idol[5] = 3  # compass idol
    go(s, ("play", hab))
    assert ("discover", 5) in s.legal_actions(0)
    go(s, ("discover", 5))
    assert res(s) == [0, 1, 1, 1, 0] and s.p[0].exiled == [hab] and s.tile[5] == 6


def test_journal_advances_notebook_for_free():
    s = pos()
    j = ITEM["Journal"]
    s.p[0].hand = [j]
    s.p[0].glass = 2
    go(s, ("play", j))
    assert ("research", "notebook", 2) in s.legal_actions(0)
    go(s, ("research", "notebook", 2), ("stack", 0))
    assert s.p[0].notebook == 2 and res(s) == [0] * 5 and len(s.p[0].assistants) == 1


def test_fishing_rod_reveals_top_and_discounts():
    s = pos()
    rod = ITEM["Fishing Rod"]
    s.p[0].hand = [rod]
    top = s.item_deck[-1]
    s.p[0].res = [max(0, D.CARDS[top][2] - 3), 0, 0, 0, 0]
    go(s, ("play", rod))
    assert s.peek == top and ("buy", "item", "top") in s.legal_actions(0)
    go(s, ("buy", "item", "top"))
    assert s.p[0].deck[-1] == top and s.peek == 0 and res(s)[0] == 0


def test_fishing_rod_skip_returns_the_revealed_card():
    s = pos()
    rod = ITEM["Fishing Rod"]
    s.p[0].hand = [rod]
    top = s.item_deck[-1]
    go(s, ("play", rod), ("skip",))
    assert s.item_deck[-1] == top and s.peek == 0


def test_parrot_discards_for_a_jewel_and_rope_for_two_cards():
    s = pos()
    s.p[0].hand = [ITEM["Parrot"], FEAR]
    go(s, ("play", ITEM["Parrot"]), ("discard", FEAR))
    assert res(s) == [0, 0, 0, 0, 1] and FEAR in s.p[0].play
    t = pos()
    t.p[0].hand = [ITEM["Rope"], FEAR]
    t.p[0].deck = [FC, FS, EC]
    go(t, ("play", ITEM["Rope"]), ("discard", FEAR))
    assert t.p[0].hand == [FC, FS]


def test_bow_brush_theodolite_count():
    s = pos()
    s.p[0].guardians = [[0, 0], [1, 0]]
    s.occ[5] = [0]
    s.guard[5] = 3
    s.guard[6] = 4  # not mine
    s.p[0].hand = [ITEM["Bow and Arrows"]]
    go(s, ("play", ITEM["Bow and Arrows"]))
    assert res(s) == [0, 3, 0, 0, 0]
    t = pos()
    t.p[0].idols, t.p[0].slots = 1, 1
    t.p[0].hand = [ITEM["Brush"]]
    go(t, ("play", ITEM["Brush"]))
    assert res(t) == [0, 2, 0, 0, 0]
    u = pos()
    u.occ[0][0] = 0
    u.p[0].home = 1
    u.p[0].hand = [ITEM["Theodolite"]]
    go(u, ("play", ITEM["Theodolite"]))
    assert res(u) == [1, 1, 0, 0, 0]


def test_revolver_and_bear_trap_and_war_club():
    s = pos()
    s.occ[5] = [0]
    s.guard[5] = 7
    s.p[0].res = [0, 1, 0, 0, 0]
    s.p[0].hand = [ITEM["Revolver"]]
    go(s, ("play", ITEM["Revolver"]), ("site", 5))
    assert s.p[0].guardians == [[7, 0]] and res(s) == [0] * 5
    t = pos()
    t.guard[6] = 2
    t.guard[7] = 3
    t.occ[7] = [1]
    t.p[0].hand = [ITEM["Bear Trap"]]
    go(t, ("play", ITEM["Bear Trap"]))
    assert t.legal_actions(0) == [("site", 6), ("skip",)]
    go(t, ("site", 6))
    assert t.p[0].guardians == [[2, 0]] and t.p[0].exiled == [ITEM["Bear Trap"]]


def test_lantern_dog_binoculars_tent_activate_sites():
    s = pos()
    s.occ[2][0] = 1
    s.p[0].hand = [ITEM["Dog"]]
    go(s, ("play", ITEM["Dog"]))
    assert ("site", 2) not in s.legal_actions(0)  # occupied camp
    go(s, ("site", 1))
    assert res(s) == [0, 3, 0, 0, 0]
    t = pos()
    t.tile[13] = 3  # level II: arrowhead + jewel
    t.occ[13] = [0]
    t.p[0].res = [0, 2, 0, 0, 0]
    t.p[0].hand = [ITEM["Tent"]]
    go(t, ("play", ITEM["Tent"]), ("site", 13))
    assert res(t) == [0, 0, 0, 1, 1]


def test_machete_torch_axe_exile_and_gain():
    for name, gain in (("Machete", [0, 2, 0, 0, 0]), ("Torch", [0, 0, 1, 0, 0]), ("Axe", [0, 1, 0, 0, 0])):
        s = pos()
        s.p[0].hand = [ITEM[name], FEAR]
        go(s, ("play", ITEM[name]), ("exile", "hand", FEAR))
        assert res(s) == gain and s.p[0].exiled == [FEAR]


def test_exiled_fear_returns_to_the_fear_deck_with_the_option():
    s = pos(fear_exile="fear-deck")
    left = s.fear_left
    s.p[0].hand = [ITEM["Axe"], FEAR]
    go(s, ("play", ITEM["Axe"]), ("exile", "hand", FEAR))
    assert s.fear_left == left + 1 and s.p[0].exiled == []


def test_airdrop_and_monkey_medallion_take_items():
    s = pos()
    item = s.items[1]
    s.p[0].hand = [ITEM["Airdrop"]] if ITEM["Airdrop"] != item else [ITEM["Flask"]]
    if s.p[0].hand == [ITEM["Airdrop"]]:
        go(s, ("play", ITEM["Airdrop"]), ("take", "item", 1))
        assert item in s.p[0].hand
    t = pos()
    item = t.items[0]
    t.p[0].hand = [ART["Monkey Medallion"]]
    t.p[0].res = [0, 0, 1, 0, 0]
    t.p[0].deck = [FC]
    go(t, ("play", ART["Monkey Medallion"]), ("take", "item", 0))
    assert t.p[0].deck == [item, FC]


def test_crystal_earring_keep_putback_rest():
    s = pos()
    s.p[0].hand = [ART["Crystal Earring"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    s.p[0].deck = [FC, FS, EC, ES]
    go(s, ("play", ART["Crystal Earring"]), ("n", 3))
    assert sorted(s.p[0].temp) == sorted([FC, FS, EC])
    go(s, ("keep", FS), ("putback", EC))
    assert s.p[0].hand == [FS] and s.p[0].deck == [EC, ES] and FC in s.p[0].play and s.p[0].temp == []


def test_research_discount_artifacts():
    s = pos()
    s.p[0].hand = [ART["Idol of Ara-Anu"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Idol of Ara-Anu"]), ("research", "glass", 2))  # 1R costs 1 jewel: free
    assert s.p[0].glass == 2 and res(s) == [1, 0, 0, 0, 0]


def test_traders_scales_upgrade_and_coins():
    s = pos()
    s.p[0].hand = [ART["Traders' Scales"]]
    s.p[0].res = [0, 0, 1, 1, 0]
    go(s, ("play", ART["Traders' Scales"]), ("upgrade", "arrowhead"))
    assert res(s) == [3, 0, 0, 0, 1]


def test_ocarina_returns_archaeologist_and_makes_planes():
    s = pos()
    s.occ[0][0] = 0
    s.p[0].home = 1
    s.p[0].hand = [ART["Guardian's Ocarina"], FC]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Guardian's Ocarina"]), ("site", 0))
    assert s.p[0].home == 2 and s.p[0].planes
    s.turn, s.phase = 0, "main"
    s.tile[11] = 2  # a plane site on the snake side; bird 11 is ship: the car now pays it as a plane
    assert ("dig", 11) in s.legal_actions(0)


def test_stone_key_frees_a_slot():
    s = pos()
    s.p[0].slots = 2
    s.p[0].hand = [ART["Stone Key"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Stone Key"]))
    assert s.p[0].slots == 1 and s.p[0].idols == 1


def test_star_charts_two_camps():
    s = pos()
    s.p[0].hand = [ART["Star Charts"]]
    s.p[0].res = [1, 0, 1, 0, 0]
    go(s, ("play", ART["Star Charts"]), ("sites", 0, 2))
    assert res(s) == [2, 0, 2, 0, 0]


def test_passage_shell_resolves_camp_twice():
    s = pos()
    s.p[0].hand = [ART["Passage Shell"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Passage Shell"]), ("site", 3))
    assert res(s) == [0, 0, 0, 2, 0] and s.occ[3][0] == 0 and s.p[0].home == 1


def test_guiding_stone_resolves_top_tile_and_puts_it_under():
    s = pos()
    s.pile1.append(5)  # coin + 2 tablets
    s.p[0].hand = [ART["Guiding Stone"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Guiding Stone"]))
    assert res(s) == [1, 0, 2, 0, 0] and s.pile1[0] == 5


def test_ornate_hammer_exiles_rightmost_item_and_takes_one():
    s = pos()
    right = s.items[-1]
    s.p[0].hand = [ART["Ornate Hammer"]]
    s.p[0].res = [0, 0, 1, 0, 0]
    go(s, ("play", ART["Ornate Hammer"]), ("take", "exiled", right))
    assert s.p[0].deck == [right] and right not in s.items


def test_assistants_silver_and_gold():
    s = pos()
    s.p[0].assistants = [[1, 0, 0], [12, 1, 0]]
    go(s, ("assist", 0), ("assist", 1))
    assert res(s) == [2, 2, 0, 0, 0] and s.p[0].assistants == [[1, 0, 1], [12, 1, 1]]
    assert ("assist", 0) not in s.legal_actions(0)


def test_assistant_6_silver_discard_is_compulsory_gold_only_draws():
    s = pos()
    s.p[0].assistants = [[6, 0, 0]]
    s.p[0].hand, s.p[0].deck = [FEAR], [FC]
    go(s, ("assist", 0))
    assert s.view(0)["pending"]["kind"] == "discard_req"
    assert sorted(s.legal_actions(0)) == [("discard", FC), ("discard", FEAR)]  # no skip
    go(s, ("discard", FEAR))
    assert s.p[0].hand == [FC] and s.p[0].play == [FEAR]
    g = pos()
    g.p[0].assistants = [[6, 1, 0]]
    g.p[0].hand, g.p[0].deck = [FEAR], [FC]
    go(g, ("assist", 0))
    assert sorted(g.p[0].hand) == sorted([FEAR, FC]) and g.p[0].play == []


def test_assistant_travel_side_pays_travel():
    s = pos()
    s.p[0].assistants = [[8, 1, 0]]  # gold: 2 car icons
    s.tile[13] = 2
    go(s, ("dig", 13), ("tasst", 0))
    assert s.p[0].assistants == [[8, 1, 1]] and s.occ[13] == [0]


def test_assistant_10_buys_with_discount_as_main_action():
    s = pos()
    s.p[0].assistants = [[10, 1, 0]]
    c = s.items[0]
    s.p[0].res = [max(0, D.CARDS[c][2] - 2), 0, 0, 0, 0]
    go(s, ("assist", 0), ("buy", "item", 0))
    assert c in s.p[0].deck and res(s)[0] == 0


def test_upgrading_an_assistant_refreshes_it():
    s = pos()
    s.p[0].assistants = [[1, 0, 1]]
    s.p[0].glass = 5
    s.p[0].notebook = 4
    s.p[0].res = [0, 0, 2, 1, 0]
    go(s, ("research", "notebook", 5), ("asst", 0))
    assert s.p[0].assistants == [[1, 1, 0]]


@pytest.mark.parametrize(("tile", "gain"), [(2, [1, 0, 0, 1, 0]), (4, [0, 1, 0, 1, 0]), (5, [1, 0, 2, 0, 0]),
                                            (6, [0, 0, 1, 1, 0]), (10, [0, 0, 0, 0, 1])])
def test_level1_site_tiles(tile, gain):
    s = pos()
    s.tile[5] = tile
    s.p[0].hand = [FC]
    go(s, ("dig", 5), ("tcard", FC))
    assert res(s) == gain


def test_site_tile_1_choice_and_camp_5_discard():
    s = pos()
    s.tile[5] = 1
    s.p[0].hand = [FC]
    item = s.items[0]
    go(s, ("dig", 5), ("tcard", FC), ("choose", 1), ("take", "item", 0))
    assert s.p[0].deck == [item]
    t = pos()
    t.p[0].hand = [FC, FEAR]
    go(t, ("dig", 4), ("tcard", FC))
    assert t.legal_actions(0) == [("discard", FEAR)]  # camp 5: the discard is compulsory (no skip)
    go(t, ("discard", FEAR))
    assert res(t) == [0, 0, 0, 0, 1] and t.p[0].play == [FC, FEAR]
    u = pos()
    u.p[0].hand = [FC]
    go(u, ("dig", 4), ("tcard", FC))  # no card left to discard: nothing to gain, and no jewel
    assert res(u) == [0, 0, 0, 0, 0] and u.view(0)["pending"]["kind"] != "discard"


# --- snake temple ----------------------------------------------------------------------------------------
def test_snake_rescue_costs_an_idol_and_assistant_arrives_exhausted():
    s = pos(temple="snake")
    s.p[0].glass = 6
    s.p[0].idols = 1
    s.rescue = [3, 7]
    go(s, ("research", "glass", 8))
    assert s.p[0].idols == 0 and s.legal_actions(0) == [("rescue", 3), ("rescue", 7), ("skip",)]
    go(s, ("rescue", 3))
    assert s.p[0].assistants == [[3, 0, 1]] and s.rescue == [7]


def test_snake_temple_tile_costs_recommended_and_switch():
    s = pos(temple="snake")
    assert D.temple_cost(s.costs, 0) == (0, 1, 2, 0, 0)
    assert D.temple_cost(s.costs, 2) == (1, 0, 0, 1, 0)
    t = pos(temple="snake", snake_costs="as-bird")
    assert D.temple_cost(t.costs, 0) == (1, 0, 2, 0, 0)


def test_snake_row7_bonus_tiles_are_chosen():
    s = pos(temple="snake")
    s.p[0].glass = 11
    s.bonus[13] = ["coin", "exile"]
    s.p[0].res = [1, 0, 1, 1, 0]
    go(s, ("research", "glass", 13))
    assert s.legal_actions(0) == [("bonus", "coin"), ("bonus", "exile")]
    go(s, ("bonus", "coin"))
    assert s.bonus[13] == ["exile"] and res(s) == [1, 0, 0, 0, 0] and FEAR in s.p[0].play


def test_snake_travel_costs():
    s = pos(temple="snake")
    assert s.travel_cost(10) == ("boot", "boot") and s.travel_cost(14) == ("boot", "plane")


# --- hidden information, undo ----------------------------------------------------------------------------
def test_view_hides_hands_and_decks():
    s = GAME.new(players=3, seed=2)
    v = s.view(1)
    assert "hand" in v["player_info"][1] and "hand" not in v["player_info"][0]
    assert v["player_info"][0]["hand_count"] == 5
    other = s.determinize(1, Rng(4))
    assert other.view(1) == v and other.p[1].hand == s.p[1].hand


def test_determinize_keeps_the_temple_bonus_tiles_the_seat_is_looking_at():
    s = pos()
    s.p[0].glass = 12
    s.temple_bonus = ["tablet", "coin"]
    s.box = ["draw", "exile", "upgrade"]
    s.p[0].res = [1, 1, 0, 0, 1]
    go(s, ("research", "glass", 14))
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert d.legal_actions(0) == s.legal_actions(0) == [("bonus", "coin"), ("bonus", "tablet")]
    assert any(s.determinize(1, Rng(k)).temple_bonus != ["tablet", "coin"] for k in range(5))


def test_undo_until_something_hidden_is_revealed():
    s = pos()
    s.p[0].hand = [FC, FS]
    s.p[0].deck = [EC]
    go(s, ("play", FC))
    assert s.undo_allowed(0) == 1
    s.p[0].idols = 1
    go(s, ("idol", 4))  # draws: hidden information
    assert s.undo_allowed(0) == 0


def test_rejected_action_changes_nothing():
    s = GAME.new(players=2, seed=1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(0, ("dig", 99))
    assert s.to_json() == before


# --- solo rival ------------------------------------------------------------------------------------------
def solo(difficulty: int = 0, temple: str = "bird"):
    s = GAME.new(players=1, seed=4, options={"temple": temple, "rival": difficulty})
    return s


def test_solo_setup_and_rival_starts():
    s = solo(3)
    assert s.p[0].res == [1, 1, 0, 0, 0]
    assert all(o[1] == -2 for o in s.occ[:5]) and s.temple_left == [2] * 6 and len(s.temple_bonus) == 2
    r = s.rival
    assert len(r["tiles"]) == 10 and sum(t.endswith("-red") for t in r["tiles"]) == 3
    assert len(r["used"]) == 1 and len(r["stack"]) == 9  # the rival flipped its first tile
    assert s.to_move() == (0,)


def test_rival_dig_prefers_the_highest_row():
    s = solo()
    for site in range(D.NSITES):
        s.occ[site] = [-1, -2] if site < 5 else [-1]
        s.tile[site] = 0
    s.tile[13] = 3  # level II: arrowhead + jewel
    s.rival["stack"].append("dig-arrowhead")
    s.rival_turn()
    assert s.occ[13] == [9] and s.occ[3][0] == -1
    s.rival["stack"].append("dig-arrowhead")
    s.rival_turn()
    assert s.occ[3][0] == 9 and s.rival["last"]["did"] == "dig"


def test_rival_discover_takes_idol_tile_and_guardian_in_round_1_green():
    s = solo()
    for site in range(5, 13):
        s.tile[site] = 0
        s.occ[site] = [-1]
    s.idol[5] = 0  # coin idol
    s.rival["stack"] = ["dig-coin", "discover-green"]  # the tile under it points left: the leftmost site
    home = s.rival["home"]
    s.rival_turn()
    assert s.occ[5] == [9] and s.tile[5] and s.guard[5] >= 0
    assert s.rival["idols_up"] == ["coin"] and s.rival["home"] == home - 1
    # what it did names the rival's own tile (the site tile it revealed is kept apart)
    assert s.rival["last"]["tile"] == "discover-green" and s.rival["last"]["site_tile"] == s.tile[5]


def test_rival_research_removes_bonus_and_tallest_assistant():
    s = solo()
    s.rival["glass"] = 1
    s.bonus[3] = ["coin"]
    s.stacks = [[1, 2], [3, 4, 5], [6]]
    s.rival["stack"] = ["dig-coin", "research-green"]  # the next tile's arrow is left: space 3 (2L)
    s.rival_turn()
    assert s.rival["glass"] == 3 and s.bonus[3] == [] and s.stacks == [[1, 2], [3, 4], [6]]


def test_rival_overcome_falls_back_to_research_without_assistant():
    s = solo()
    for site in range(D.NSITES):
        if 9 in s.occ[site]:
            s.occ[site] = [-1, -2] if site < 5 else [-1]
    s.rival["glass"] = 0
    sizes = [len(st) for st in s.stacks]
    s.rival["stack"] = ["dig-compass", "overcome-red"]  # the next tile's arrow is right: space 2 (1R)
    s.rival_turn()
    assert s.rival["glass"] == 2 and [len(st) for st in s.stacks] == sizes


def test_rival_buys_lowest_or_highest_vp():
    s = solo()
    s.items = [ITEM["Steam Boat"], ITEM["Hat"], ITEM["Torch"], ITEM["Flask"], ITEM["Brush"]]
    s.item_deck = []
    s.rival["stack"] = ["dig-coin", "item-green"]  # lowest VP 1: Hat or Flask, next arrow left -> Hat
    s.rival_turn()
    assert s.rival["cards"][-1] == ITEM["Hat"] and len(s.items) == 4
    s.rival["stack"] = ["dig-compass", "item-red"]  # highest VP 3: Steam Boat or Brush, next arrow right -> Brush
    s.rival_turn()
    assert s.rival["cards"][-1] == ITEM["Brush"]


def test_rival_arrows_are_the_printed_ones_per_tile():
    """S4's table (src/solo.ts): dig tiles alternate from the coin (left); both tiles of a pair share one arrow."""
    from py_engine.games.arnak.rival import RIVAL_ARROWS

    assert RIVAL_ARROWS == {"dig-coin": "L", "dig-compass": "R", "dig-tablet": "L", "dig-arrowhead": "R",
                            "dig-jewel": "L", "discover-green": "R", "discover-red": "R", "research-green": "L",
                            "research-red": "L", "overcome-green": "R", "overcome-red": "R", "item-green": "L",
                            "item-red": "L", "artifact-green": "R", "artifact-red": "R"}


def test_rival_tie_break_uses_the_next_tile_not_the_flipped_one():
    """Two level I sites in the lowest row are free: the arrow of the tile left on top of the stack decides."""
    for under, site in (("dig-coin", 5), ("dig-compass", 8)):
        s = solo()
        for k in range(5, 13):
            s.tile[k], s.occ[k], s.idol[k] = 0, [-1], -1
        s.rival["stack"] = ["dig-tablet", under, "discover-red"]  # discover-red itself points right
        s.round = 1
        s.rival_turn()
        assert s.rival["last"]["site"] == site and s.rival["last"]["arrow"] == ("L" if site == 5 else "R")


def test_rival_last_flip_of_a_round_uses_the_bottom_used_tile():
    s = solo()
    for k in range(5, 13):
        s.tile[k], s.occ[k], s.idol[k] = 0, [-1], -1
    s.round = 1
    s.rival["used"] = ["dig-jewel", "dig-compass"]  # the round's first flip (bottom of the pile): left
    s.rival["stack"] = ["discover-red"]
    s.rival_turn()
    assert s.rival["last"]["arrow"] == "L" and s.rival["last"]["site"] == 5


def test_rival_keeps_flipping_after_the_human_passes_and_starts_each_round():
    s = solo()
    s.apply(0, ("pass",))
    assert s.round == 2 or s.phase == "keep"
    while s.phase == "keep":
        s.apply(0, ("keep",))
    assert s.round == 2 and len(s.rival["used"]) == 1 and len(s.rival["stack"]) == 9
    assert s.history[0]["rival"]["total"] == s.history[0]["rival"]["research"] + s.history[0]["rival"]["idols"] \
        + s.history[0]["rival"]["guardians"] + s.history[0]["rival"]["cards"] + s.history[0]["rival"]["temple"]


def test_human_takes_consecutive_turns_once_the_rival_is_done():
    s = solo()
    s.rival["stack"] = []
    s.p[0].hand = [FC, FS]
    s.apply(0, ("play", FC))
    s.apply(0, ("research", "glass", 2)) if ("research", "glass", 2) in s.legal_actions(0) else None
    s.p[0].res = [0, 1, 0, 1, 0]
    s.apply(0, ("research", "glass", 1))
    s.apply(0, ("end",)) if s.phase == "after" else None
    assert s.turn == 0 and s.to_move() == (0,) and s.phase == "main" and s.p[0].glass == 1


def test_rival_scoring_and_solo_result():
    s = solo()
    r = s.rival
    r["idols_up"], r["idols_down"] = ["coin", "exile"], 2
    r["guardians"] = [1]
    r["cards"] = [ITEM["Brush"]]
    r["glass"], r["arrival"] = 14, 0
    b = s.rival_breakdown()
    assert (b["idols"], b["guardians"], b["cards"], b["research"]) == (10, 5, 3, 23)
    res = s.result()
    assert res["rival"] == b["total"] and res["beat_rival"] is (res["scores"][0] > b["total"])


# --- properties ------------------------------------------------------------------------------------------
def _all_cards(s) -> list:
    cards = [c for p in s.p for c in p.cards() + p.exiled]
    cards += [c for c in s.items + s.arts if c] + s.item_deck + s.art_deck + s.item_exile + s.art_exile
    cards += [op[1] for op in s.queue if op[0] in ("accept", "to_play")]
    cards += ([s.peek] if s.peek else []) + (s.rival["cards"] if s.rival else [])
    return sorted(c for c in cards if c != FEAR)


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.sampled_from(["bird", "snake"]), st.integers(0, 2**31), st.integers(0, 400))
def test_cards_fear_and_resources_are_conserved(n, temple, seed, steps):
    """Random play never creates or loses a card, never makes a resource negative, and keeps the Fear count."""
    s = GAME.new(players=n, seed=seed, options={"temple": temple})
    base = _all_cards(s)
    fear0 = sum(p.cards().count(FEAR) for p in s.p) + s.fear_left
    rng = Rng(seed)
    for _ in range(steps):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert all(min(p.res) >= 0 and 0 <= p.home <= 2 for p in s.p)
    assert _all_cards(s) == base
    exiled_fear = sum(p.exiled.count(FEAR) for p in s.p)
    assert sum(p.cards().count(FEAR) for p in s.p) + s.fear_left + exiled_fear == fear0


# --- the remaining card, idol, site and assistant effects ------------------------------------------------
def _art(name: str, res_before=(0, 0, 1, 0, 0), **kw):
    s = pos(**kw)
    s.p[0].hand = [ART[name]]
    s.p[0].res = list(res_before)
    return s


def test_sea_turtle_and_ostrich_draw_then_dig_with_an_icon_covered():
    s = pos()
    s.p[0].hand = [ITEM["Sea Turtle"]]
    s.p[0].deck = [FEAR]
    ship = next(x for x in D.LEVEL1 if D.site_travel("bird", x) == ("ship",))
    s.tile[ship] = 6  # tablet + arrowhead
    go(s, ("play", ITEM["Sea Turtle"]), ("dig", ship))
    assert s.p[0].hand == [FEAR] and s.occ[ship] == [0] and res(s) == [0, 0, 1, 1, 0]
    t = pos()
    t.p[0].hand = [ITEM["Ostrich"]]
    t.p[0].deck = [FS]
    go(t, ("play", ITEM["Ostrich"]))
    assert ("dig", 5) not in t.legal_actions(0) or t.tile[5]  # undiscovered sites are discovered, not dug
    assert ("discover", 5) not in t.legal_actions(0)  # 3 compasses still needed
    t.p[0].res = [0, 3, 0, 0, 0]
    t.pile1.append(4)  # compass + arrowhead
    go(t, ("discover", 5))
    assert t.tile[5] == 4 and t.p[0].hand == [FS]  # the car was covered: the drawn ship card is kept


def test_aeroplane_covers_a_plane_and_two_compasses():
    s = pos()
    s.p[0].hand = [ITEM["Aeroplane"]]
    s.p[0].res = [0, 4, 0, 0, 0]
    s.pile2.append(2)  # coin + compass + tablet + arrowhead
    go(s, ("play", ITEM["Aeroplane"]))
    assert ("discover", 15) not in s.legal_actions(0)  # ship+ship: the plane pays one, nothing pays the other
    assert ("discover", 13) not in s.legal_actions(0)
    s = pos()
    s.p[0].hand = [ITEM["Aeroplane"], FS]
    s.p[0].res = [0, 4, 0, 0, 0]
    s.pile2.append(2)
    go(s, ("play", ITEM["Aeroplane"]))
    assert ("discover", 15) in s.legal_actions(0)
    go(s, ("discover", 15), ("tcard", FS))
    assert s.tile[15] == 2 and res(s) == [1, 1, 1, 1, 0] and s.p[0].idols == 2


def test_binoculars_precision_compass_whip_chronometer_grappling_lantern():
    s = pos()
    s.tile[6] = 7  # draw + arrowhead
    s.p[0].hand = [ITEM["Binoculars"]]
    s.p[0].deck = [FC]
    go(s, ("play", ITEM["Binoculars"]), ("site", 6))
    assert res(s) == [0, 0, 0, 1, 0] and s.p[0].hand == [FC] and s.occ[6] == [-1]
    t = pos()
    t.p[0].hand = [ITEM["Precision Compass"]]
    t.arts = [ART["Stone Jar"]]
    t.p[0].deck = [FC]
    go(t, ("play", ITEM["Precision Compass"]), ("buy", "artifact", 0), ("accept",))
    assert t.p[0].hand == [FC] and ART["Stone Jar"] in t.p[0].play  # cost 2 - 3: free
    u = pos()
    u.p[0].hand = [ITEM["Whip"]]
    u.arts = [ART["Stone Key"]]
    go(u, ("play", ITEM["Whip"]), ("buy", "artifact", 0), ("decline",))
    assert ART["Stone Key"] in u.p[0].play and ITEM["Whip"] in u.p[0].exiled
    v = pos()
    v.p[0].hand = [ITEM["Chronometer"]]
    go(v, ("play", ITEM["Chronometer"]), ("choose", 0))
    assert res(v) == [1, 1, 0, 0, 0] and not v.passed[0]
    w = pos()
    w.p[0].hand = [ITEM["Grappling Hook"], FEAR]
    w.p[0].deck = [FC]
    w.p[0].play = [FEAR]
    go(w, ("play", ITEM["Grappling Hook"]), ("discard", FEAR), ("exile", "play", FEAR))
    assert w.p[0].hand == [FC] and w.p[0].exiled == [FEAR] and w.p[0].play.count(FEAR) == 1
    x = pos()
    x.occ[1][0] = 1
    x.p[0].hand = [ITEM["Lantern"]]
    go(x, ("play", ITEM["Lantern"]), ("site", 1))  # occupied camps too
    assert res(x) == [0, 2, 0, 0, 0]


def test_pathfinders_relocate_and_activate():
    s = _art("Pathfinder's Sandals")
    s.occ[5] = [0]
    s.p[0].home = 1
    go(s, ("play", ART["Pathfinder's Sandals"]), ("move", 5, 2))
    assert s.occ[5] == [-1] and s.occ[2][0] == 0 and res(s) == [0, 0, 2, 0, 0]
    t = _art("Pathfinder's Staff")
    t.occ[0][0] = 0
    t.p[0].home = 1
    t.tile[7] = 5  # coin + 2 tablets
    go(t, ("play", ART["Pathfinder's Staff"]), ("move", 0, 7))
    assert t.occ[7] == [0] and res(t) == [1, 0, 2, 0, 0]


@pytest.mark.parametrize(("name", "gain"), [("Ritual Dagger", [0, 0, 0, 1, 0]), ("Mortar", [2, 0, 0, 0, 0])])
def test_exile_then_gain_artifacts(name, gain):
    s = _art(name)
    s.p[0].play = [FEAR]
    go(s, ("play", ART[name]), ("exile", "play", FEAR))
    assert res(s) == gain and s.p[0].exiled == [FEAR]


def test_tigerclaw_war_club_sundial_cauldron():
    s = _art("Tigerclaw Hairpin")
    s.p[0].play = [FEAR]
    go(s, ("play", ART["Tigerclaw Hairpin"]), ("exile", "play", FEAR), ("site", 0))
    assert res(s) == [2, 0, 0, 0, 0]
    t = _art("War Club")
    t.occ[8] = [0]
    t.guard[8] = 10
    go(t, ("play", ART["War Club"]), ("site", 8))
    assert t.p[0].guardians == [[10, 0]]
    u = _art("Sundial")
    go(u, ("play", ART["Sundial"]), ("choose", 1))
    assert res(u) == [0, 0, 0, 0, 1] and u.passed[0]
    v = _art("Cleansing Cauldron")
    v.p[0].deck = [FEAR]
    go(v, ("play", ART["Cleansing Cauldron"]), ("exile", "hand", FEAR))
    assert v.p[0].exiled == [FEAR] and v.p[0].hand == []


def test_coconut_flask_and_ancient_wine_borrow_supply_assistants():
    s = _art("Coconut Flask")
    s.stacks = [[5, 1], [7], [12]]
    go(s, ("play", ART["Coconut Flask"]), ("stack", 0))  # silver #1: 2 coins
    assert res(s) == [4, 0, 0, 0, 0] and s.stacks[0] == [5, 1]
    t = _art("Ancient Wine")
    t.stacks = [[5, 1], [7], [12]]
    go(t, ("play", ART["Ancient Wine"]), ("stack", 2))  # gold #12: 2 compasses
    assert res(t) == [1, 2, 0, 0, 0]


def test_decorated_horn_rattle_drum():
    s = _art("Decorated Horn")
    s.p[0].assistants = [[1, 1, 1]]
    s.stacks = [[4, 12], [7], [8]]
    go(s, ("play", ART["Decorated Horn"]), ("swap", 0, 0))
    assert s.p[0].assistants == [[12, 1, 0]] and s.stacks[0] == [4, 1]
    t = _art("Ceremonial Rattle")
    t.p[0].assistants = [[1, 0, 1]]
    go(t, ("play", ART["Ceremonial Rattle"]), ("asst", 0))
    assert t.p[0].assistants == [[1, 0, 0]]
    u = _art("Sacred Drum")
    u.p[0].hand.append(FEAR)
    u.p[0].assistants = [[1, 0, 1], [2, 0, 1]]
    go(u, ("play", ART["Sacred Drum"]), ("discard", FEAR), ("ok",))
    assert u.p[0].assistants == [[1, 0, 0], [2, 0, 0]]


def test_traders_coins_obsidian_skull_crown():
    s = _art("Trader's Coins", (0, 0, 2, 0, 0))
    go(s, ("play", ART["Trader's Coins"]), ("upgrade", "tablet"))
    assert res(s) == [2, 0, 0, 1, 0]
    t = _art("Obsidian Earring")
    t.p[0].deck = [FC, FS, EC]
    go(t, ("play", ART["Obsidian Earring"]), ("n", 2), ("keep", EC))
    assert t.p[0].hand == [EC] and t.p[0].deck == [FC] and FS in t.p[0].play
    u = _art("Guiding Skull", (0, 1, 1, 0, 0))
    u.pile2.append(3)  # arrowhead + jewel
    go(u, ("play", ART["Guiding Skull"]))
    assert res(u) == [0, 0, 0, 1, 1] and u.pile2[0] == 3
    v = _art("Guardian's Crown")
    v.occ[13] = [0]
    v.guard[13] = 2
    v.tile[5] = 2  # coin + arrowhead, nobody there
    go(v, ("play", ART["Guardian's Crown"]), ("crown", 13, 5))
    assert v.guard[13] == -1 and v.guard[5] == 2 and res(v) == [1, 0, 0, 1, 0]


@pytest.mark.parametrize(("idol", "setup", "action", "after"), [
    (0, None, None, [1, 0, 0, 0, 0]), (3, None, None, [0, 1, 0, 0, 0]), (6, None, None, [0, 0, 1, 0, 0]),
    (12, "tablet", ("upgrade", "tablet"), [0, 0, 0, 1, 0]), (14, "asst", ("asst", 0), [0, 0, 0, 0, 0])])
def test_idol_face_up_effects(idol, setup, action, after):
    s = pos()
    s.idol[5] = idol
    s.pile1.append(10)  # 1 jewel
    s.p[0].hand = [FC]
    s.p[0].res = [0, 3, 1 if setup == "tablet" else 0, 0, 0]
    if setup == "asst":
        s.p[0].assistants = [[1, 0, 1]]
    go(s, ("discover", 5), ("tcard", FC))
    if action:
        go(s, action)
    after = list(after)
    after[4] += 1  # the site tile's jewel
    assert res(s) == after
    if setup == "asst":
        assert s.p[0].assistants == [[1, 0, 0]]


@pytest.mark.parametrize(("level", "tile", "gain", "drawn", "fear"), [
    (1, 3, [1, 0, 1, 0, 0], 1, 0), (1, 7, [0, 0, 0, 1, 0], 1, 0), (1, 8, [0, 0, 1, 0, 1], 0, 1),
    (1, 9, [0, 1, 0, 0, 1], 0, 1), (2, 1, [0, 2, 0, 0, 1], 0, 0), (2, 2, [1, 1, 1, 1, 0], 0, 0),
    (2, 3, [0, 0, 0, 1, 1], 0, 0), (2, 4, [0, 0, 1, 0, 1], 1, 0), (2, 5, [0, 0, 2, 0, 1], 0, 0),
    (2, 6, [0, 0, 2, 2, 0], 0, 1)])
def test_site_tiles_by_digging(level, tile, gain, drawn, fear):
    s = pos()
    site = 5 if level == 1 else 13
    s.tile[site] = tile
    s.p[0].hand = [FC, EC] if level == 2 else [FC]
    s.p[0].deck = [FS]
    go(s, ("dig", site), ("tcard", FC))
    if level == 2:
        go(s, ("tcard", EC))
    assert res(s) == gain and len(s.p[0].hand) == drawn and s.p[0].play.count(FEAR) == fear


@pytest.mark.parametrize(("aid", "gold", "res0", "steps", "after"), [
    (2, 0, [0] * 5, [], [0, 0, 1, 0, 0]), (2, 1, [0] * 5, [], [1, 0, 1, 0, 0]),
    (3, 1, [0] * 5, [], [0, 0, 0, 1, 0]), (4, 0, [1, 0, 0, 0, 0], [], [0, 0, 0, 1, 0]),
    (4, 1, [1, 0, 0, 0, 0], [("choose", 1)], [0, 0, 0, 0, 1]), (5, 1, [0] * 5, [("skip",)], [0, 1, 0, 0, 0]),
    (7, 0, [0] * 5, [], [1, 0, 0, 0, 0]), (7, 1, [0] * 5, [], [2, 0, 0, 0, 0]), (8, 0, [0] * 5, [], [0, 1, 0, 0, 0]),
    (9, 1, [0] * 5, [], [1, 1, 0, 0, 0]), (11, 0, [0, 0, 1, 0, 0], [("upgrade", "tablet")], [0, 0, 0, 1, 0]),
    (11, 1, [0, 0, 1, 0, 0], [("upgrade", "tablet")], [0, 1, 0, 1, 0]), (1, 1, [0] * 5, [], [3, 0, 0, 0, 0])])
def test_assistant_effects(aid, gold, res0, steps, after):
    s = pos()
    s.p[0].assistants = [[aid, gold, 0]]
    s.p[0].res = list(res0)
    s.p[0].play = [FEAR]
    go(s, ("assist", 0), *steps)
    assert res(s) == after and s.p[0].assistants == [[aid, gold, 1]]


def test_assistant_3_silver_pays_a_boot_and_6_draws_then_discards():
    s = pos()
    s.p[0].assistants = [[3, 0, 0]]
    s.p[0].hand = [FEAR]
    go(s, ("assist", 0), ("tcard", FEAR))
    assert res(s) == [0, 0, 0, 1, 0] and s.p[0].play == [FEAR]
    t = pos()
    t.p[0].assistants = [[6, 0, 0]]
    t.p[0].deck = [FEAR]
    go(t, ("assist", 0), ("discard", FEAR))
    assert t.p[0].hand == [] and t.p[0].play == [FEAR]


def test_guardian_plane_and_ship_boons_pay_travel():
    s = pos()
    s.p[0].guardians = [[12, 0], [0, 0]]  # plane boon, ship boon
    s.tile[15] = 5  # ship + ship
    go(s, ("dig", 15), ("tboon", 0), ("tboon", 1))
    assert s.occ[15] == [0] and s.p[0].guardians == [[12, 1], [0, 1]] and res(s) == [0, 0, 2, 0, 1]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_snake_side_conformance(n):
    """The generic suite runs the default (bird) side; the same checks on the snake side: random games end,
    the record replays to the same state, views do not depend on what determinize re-samples."""
    for seed in (n,):
        s = GAME.new(players=n, seed=seed, options={"temple": "snake", "rival": 3 if n == 1 else 0})
        rng = Rng(seed + 50)
        k = 0
        while s.to_move():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            k += 1
            if k % 61 == 0:
                for obs in (None, *range(n)):
                    v = s.view(obs)
                    d = s.determinize(obs, Rng(k))
                    assert d.view(obs) == v
                    if obs is not None:
                        assert d.legal_actions(obs) == s.legal_actions(obs)
            assert k < 20000
        assert s.record.replay().to_json() == s.to_json()
        assert GAME.from_json(s.to_json()).to_json() == s.to_json()


def test_free_action_in_the_middle_of_a_main_action():
    s = pos()
    rod = ITEM["Fishing Rod"]
    s.p[0].hand = [rod, FC, ITEM["Watch"]]
    s.item_deck.append(ITEM["Pack Donkey"])  # costs 4: 1 coin after the discount
    go(s, ("play", rod))
    acts = s.legal_actions(0)
    assert ("buy", "item", "top") not in acts and ("play", FC) in acts
    assert ("play", ITEM["Watch"]) not in acts  # its pass option would be a second main action
    go(s, ("play", FC))
    assert s.queue[0][0] == "buy" and ("buy", "item", "top") in s.legal_actions(0)
    go(s, ("buy", "item", "top"))
    assert s.p[0].deck == [ITEM["Pack Donkey"]] and res(s) == [0, 0, 0, 0, 0]


def test_no_free_action_while_paying_travel():
    s = pos()
    s.p[0].hand = [FC]
    s.tile[5] = 2
    go(s, ("dig", 5))
    assert s.legal_actions(0) == [("tcard", FC)]  # the Funding card may not be played for its coin now


# --- fast legality (State.is_legal, legality.py) ---------------------------------------------------------
def _judged(s, cases: list, seat: int = 0) -> None:
    """Each (action, expected) of a concrete position: the legal list and is_legal both say `expected`."""
    for action, want in cases:
        assert exact(s, seat, action) is want, action
        assert s.is_legal(seat, action) is want, action


@pytest.mark.parametrize(("players", "temple", "seed"), [(1, "bird", 1), (1, "snake", 2), (2, "bird", 3),
                                                         (2, "snake", 4), (3, "snake", 5), (4, "bird", 6)])
def test_is_legal_equals_exact_membership_over_random_games(players, temple, seed):
    """Every legal action is accepted; near misses, legal actions of other positions (other phases and
    decisions) and the mover's actions offered to other seats get exactly the membership answer."""
    s = GAME.new(players=players, seed=seed, options={"temple": temple, "rival": seed % 6})
    rng, pool, words = Rng(seed), set(), set()
    while s.to_move():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        pool.update(legal)
        words.update(x for a in legal for x in a if isinstance(x, str))
        encoded = {json.dumps(GAME.encode(a)) for a in legal}
        for a in legal:
            assert s.is_legal(seat, a) is True, a
            for near in near_misses(a, sorted(words)):
                assert s.is_legal(seat, near) is (json.dumps(GAME.encode(near)) in encoded and near in legal), near
        for a in pool:
            assert s.is_legal(seat, a) is (a in legal), a
        for other in range(players):
            if other != seat:
                assert not any(s.is_legal(other, a) for a in legal)
        s.step(seat, rng.choice(legal))
    assert not s.is_legal(0, ("pass",))


def test_is_legal_dig_and_discover():
    s = pos()
    ship = next(x for x in D.LEVEL1 if D.site_travel("bird", x) == ("ship",))
    s.tile[ship] = 4
    s.p[0].hand = [FC]
    s.p[0].res = [0, 3, 0, 0, 0]
    _judged(s, [(("dig", 0), True), (("dig", Num.ZERO), True), ((Word("dig"), 0), True),  # the car pays a boot
                (("dig", ship), False), (("dig", 5), False), (("discover", 5), True), (("discover", 13), False),
                (("discover", ship), False), (("discover", 0), False), (("dig", 17), False), (("dig", -1), False),
                (("dig", True), False), (("dig", False), False), (("dig", 0.0), False), (("dig", "0"), False),
                (("dig", None), False), (("dig", [0]), False), (("dig", (0,)), False), (("dig",), False),
                (("dig", 0, 0), False), (("dig", 10 ** 40), False)])
    s.p[0].home = 0
    _judged(s, [(("dig", 0), False), (("discover", 5), False)])


def test_is_legal_play_main_and_free_cards():
    s = pos()
    trowel, watch = ITEM["Trowel"], ITEM["Watch"]
    s.p[0].hand = [FC, trowel, watch]
    _judged(s, [(("play", FC), True), (("play", watch), True), (("play", trowel), False),  # no compass to pay
                (("play", EC), False), (("play", 0), False), (("play", True), False), (("play", float(FC)), False)])
    s.p[0].res = [0, 1, 0, 0, 0]
    _judged(s, [(("play", trowel), True)])
    go(s, ("play", trowel))  # the main action is taken: only free actions and "end"
    _judged(s, [(("play", FC), True), (("play", watch), True), (("end",), True), (("pass",), False),
                (("dig", 0), False)])


def test_is_legal_pass_buy_research_and_temple():
    s = pos()
    s.p[0].res = [1, 1, 0, 1, 0]
    s.items[0] = ITEM["Trowel"]  # costs 1 coin
    s.items[1] = ITEM["Horse"]  # costs 4
    _judged(s, [(("pass",), True), (("end",), False), (("pass", 0), False), (("buy", "item", 0), True),
                (("buy", "item", 1), False), (("buy", "item", 4), False), (("buy", "item", -1), False),
                (("buy", "item", "top"), False), (("buy", "any", 0), False), (("buy", "item", True), False),
                (("research", "glass", 1), True), (("research", "glass", 2), False),  # 2 needs a jewel
                (("research", "notebook", 1), False),  # never above the glass
                (("research", "glass", 3), False), (("research", "glass", 1.0), False),
                (("research", "lens", 1), False), (("temple", 0), False)])
    s.p[0].glass = D.TEMPLE
    s.p[0].res = [9, 9, 9, 9, 9]
    _judged(s, [(("temple", 0), True), (("temple", 6), False), (("research", "glass", 14), False),
                (("research", "notebook", 1), True)])


def test_is_legal_idol_boon_assistant_and_overcome():
    s = pos()
    p = s.p[0]
    p.idols, p.hand = 1, [FEAR]
    p.guardians = [[1, 0]]  # exile boon
    p.assistants = [[6, 0, 0], [6, 0, 1]]  # ready, exhausted
    s.occ[5], p.home, s.guard[5] = [0], 1, 3  # guardian 4: 2 coins + 1 arrowhead
    p.res = [1, 0, 0, 1, 0]
    _judged(s, [(("idol", 0), True), (("idol", 1), True), (("idol", 5), False), (("idol", True), False),
                (("boon", 0), True), (("boon", 1), False), (("assist", 0), True), (("assist", 1), False),
                (("assist", 2), False), (("overcome", 5), False), (("overcome", 6), False)])
    p.res = [2, 0, 0, 1, 0]
    p.guardians[0][1] = 1
    _judged(s, [(("overcome", 5), True), (("boon", 0), False), (("idol", 0), True)])
    p.res = [0, 0, 0, 1, 0]
    _judged(s, [(("idol", 0), False), (("idol", 4), False)])  # the draw slot: the deck is empty
    p.deck = [FC]
    _judged(s, [(("idol", 0), False), (("idol", 4), True)])


def test_is_legal_travel_decision():
    s = pos()
    s.p[0].hand = [FC]
    s.p[0].res = [4, 0, 0, 0, 0]
    go(s, ("dig", 0))
    _judged(s, [(("tcard", FC), True), (("pilot",), True), (("pilot", 0), False), (("tcard", EC), False),
                (("tcard", True), False), (("play", FC), False),  # no free action while paying travel
                (("skip",), False), (("tasst", 0), False), (("tboon", 0), False), (("pass",), False)])


def test_is_legal_keep_phase_and_other_seats():
    s = pos()
    s.p[0].hand = [FC, EC]
    _judged(s, [(("pass",), False), (("dig", 0), False)], seat=1)  # not seat 2's turn
    s.phase = "keep"
    _judged(s, [(("keep",), True), (("release", FC), True), (("release", FS), False), (("release",), False),
                (("keep", FC), False), (("pass",), False), (("end",), False), (("play", FC), False)])


def test_is_legal_in_the_middle_of_an_action():
    s = pos()
    rod, watch = ITEM["Fishing Rod"], ITEM["Watch"]
    s.p[0].hand = [rod, FC, watch]
    s.item_deck.append(ITEM["Pack Donkey"])
    go(s, ("play", rod))
    _judged(s, [(("play", FC), True), (("play", watch), False), (("buy", "item", "top"), False),
                (("skip",), True), (("pass",), False), (("dig", 0), False)])
    go(s, ("play", FC))
    _judged(s, [(("buy", "item", "top"), True), (("buy", "artifact", "top"), False), (("skip",), True),
                (("buy", "item", "TOP"), False)])
