"""Lost Cities (card game): every rule of seed 001 as a concrete position with an exact expected result.

Worked examples TC1–TC10 come from rules/lost-cities-card.md section 9; the extra scoring values from
reference/lost-cities.md section 2.3. Colours by index: 0 yellow, 1 blue, 2 white, 3 green, 4 red, 5 purple.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine.core import IllegalAction, RecordError, Rng
from py_engine.games.lost_cities import GAME
from py_engine.games.lost_cities.cards import card_json, colour_of, deck, is_wager, make_card, value_of
from py_engine.games.lost_cities.scoring import score_row, score_rows

YELLOW, BLUE, WHITE, GREEN, RED, PURPLE = range(6)


def N(colour: int, value: int) -> int:
    """Expedition (number) card."""
    return make_card(colour, value)


def W(colour: int, copy: int = 0) -> int:
    """Wager card (copy 0, 1 or 2)."""
    return make_card(colour, None, copy)


def snap(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def setup(s, hands=None, rows=None, piles=None, deck_cards=None, turn=0, phase="play", banned=-1):
    """Overwrite the card layout of state `s` (round, totals, history and starter are kept).

    rows: per seat a {colour: [cards, in order]} dict; piles: {colour: [bottom … top]}.
    hands: two lists, or None for a hand of 8 filled from the unused cards (lowest ids first).
    deck_cards: a list (last element = top card), or an int n = the top n unused cards; by default
    every unused card goes to the deck so that all cards stay accounted for.
    """
    ncol = s.ncol
    rows = rows or [{}, {}]
    piles = piles or {}
    s.rows = [[list(side.get(c, [])) for c in range(ncol)] for side in rows]
    s.piles = [list(piles.get(c, [])) for c in range(ncol)]
    used = {c for side in s.rows for r in side for c in r} | {c for p in s.piles for c in p}
    given_hands = [h for h in (hands or [None, None]) if h is not None]
    used |= {c for h in given_hands for c in h}
    if isinstance(deck_cards, list):
        used |= set(deck_cards)
    free = [c for c in deck(ncol) if c not in used]
    new_hands = []
    for h in hands or [None, None]:
        if h is None:
            h, free = free[:8], free[8:]
        new_hands.append(sorted(h))
    s.hands = new_hands
    if deck_cards is None:
        s.deck = free
    elif isinstance(deck_cards, int):
        s.deck = free[:deck_cards]
    else:
        s.deck = list(deck_cards)
    s.turn, s.phase, s.banned = turn, phase, banned
    assert len(set(all_cards(s))) == len(all_cards(s)), "a card is placed twice"
    return s


def position(seed=1, options=None, **kw):
    return setup(GAME.new(players=2, seed=seed, options=options), **kw)


def all_cards(s) -> list[int]:
    return (list(s.deck) + [c for h in s.hands for c in h] + [c for side in s.rows for r in side for c in r]
            + [c for p in s.piles for c in p])


def finish_round(s, seat=None):
    """`seat` (default: the player to move) discards its first hand card, then draws the last deck card."""
    seat = s.turn if seat is None else seat
    s.deck = s.deck[-1:]
    s.apply(seat, ("discard", s.hands[seat][0]))
    s.apply(seat, ("draw", "deck"))


def ids_in(obj) -> set[int]:
    """Every card id mentioned in a view (dicts with an "id" key)."""
    found = set()
    if isinstance(obj, dict):
        if "id" in obj and "wager" in obj:
            found.add(obj["id"])
        for v in obj.values():
            found |= ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= ids_in(v)
    return found


# TC1: the rulebook's scoring example, one concrete row per column.
TC1_ROWS = {
    YELLOW: [N(YELLOW, 6), N(YELLOW, 8), N(YELLOW, 9)],  # column 1: sum 23, no wager -> 3
    WHITE: [W(WHITE)],  # column 2 (white): one wager only -> -40
    # column 3 (blue): no card -> 0
    GREEN: [W(GREEN), N(GREEN, 7), N(GREEN, 8)],  # column 4: sum 15, 1 wager -> -10
    RED: [W(RED, 0), W(RED, 1)] + [N(RED, v) for v in (2, 3, 4, 7, 9, 10)],  # column 5: 35, 2 wagers, 8 cards -> 65
}


# --- cards --------------------------------------------------------------------------------------------------


def test_card_ids():
    assert [value_of(N(GREEN, v)) for v in range(2, 11)] == list(range(2, 11))
    assert all(colour_of(N(GREEN, v)) == GREEN for v in range(2, 11))
    assert {W(RED, k) for k in range(3)} == {48, 49, 50}
    assert all(is_wager(W(RED, k)) and value_of(W(RED, k)) == 0 for k in range(3))
    assert make_card(BLUE, 0) == make_card(BLUE, None) == W(BLUE)
    assert len(deck(5)) == 60 and len(deck(6)) == 72
    assert sorted(make_card(c, v) for c in range(6) for v in [None, *range(2, 11)]) == [
        c * 12 + k for c in range(6) for k in [0, *range(3, 12)]]
    for bad in ((RED, 1), (RED, 11), (RED, None, 3)):
        with pytest.raises(ValueError):
            make_card(*bad)
    assert sum(is_wager(c) for c in deck(6)) == 18 and sum(not is_wager(c) for c in deck(6)) == 54


# --- scoring ------------------------------------------------------------------------------------------------


def test_tc1_each_column():
    expected = {YELLOW: (23, 1, 0, 3), WHITE: (0, 2, 0, -40), BLUE: (0, 1, 0, 0), GREEN: (15, 2, 0, -10),
                RED: (35, 3, 20, 65)}
    for colour, (card_sum, mult, bonus, total) in expected.items():
        b = score_row(TC1_ROWS.get(colour, []))
        assert (b["sum"], b["multiplier"], b["bonus"], b["total"]) == (card_sum, mult, bonus, total), colour
    assert score_row(TC1_ROWS[RED])["cards"] == 8


def test_tc1_total_is_18():
    assert score_rows([TC1_ROWS.get(c, []) for c in range(5)]) == 18


def test_tc1_through_the_engine_round_end():
    s = position(options={"rounds": 2}, rows=[TC1_ROWS, {}])
    finish_round(s)
    h = s.history[0]
    assert h["scores"] == [18, 0] and s.totals == [18, 0]
    assert [b["total"] for b in h["breakdown"][0]] == [3, 0, -40, -10, 65]
    assert h["breakdown"][0][RED]["bonus"] == 20


def test_tc2_single_wager_doubles_the_cost():
    b = score_row([W(WHITE)])
    assert (b["sum"], b["cost"], b["wagers"], b["multiplier"], b["total"]) == (0, -20, 1, 2, -40)


def test_tc3_unplayed_colour_costs_nothing():
    b = score_row([])
    assert b["total"] == 0 and b["cost"] == 0 and b["multiplier"] == 1


def test_tc4_bonus_is_not_multiplied():
    b = score_row(TC1_ROWS[RED])
    assert (b["sum"] - 20) * b["multiplier"] == 45
    assert b["total"] == 65


@pytest.mark.parametrize(("wagers", "values", "expected"), [
    (2, (8, 9, 10), 21),
    (1, (3, 5, 7, 8, 10), 26),
    (3, (6, 7, 8, 9, 10), 100),  # 8 cards, 3 of them wagers: bonus
    (3, (), -80),
    (3, tuple(range(2, 11)), 156),  # the maximum
    (0, tuple(range(2, 10)), 44),  # 8 number cards: (44 - 20) + 20
    (2, (2, 3, 4, 5, 6), 0),  # sum 20 = break-even whatever the wagers; 7 cards: no bonus
    (1, (2, 8, 10), 0),
])
def test_reference_worked_values(wagers, values, expected):
    row = [W(BLUE, k) for k in range(wagers)] + [N(BLUE, v) for v in values]
    assert score_row(row)["total"] == expected


def test_eight_card_bonus_counts_wagers():
    row = [W(RED, 0), W(RED, 1), W(RED, 2)] + [N(RED, v) for v in (2, 3, 4, 5, 6)]
    assert len(row) == 8
    b = score_row(row)
    assert b["bonus"] == 20 and b["total"] == (20 - 20) * 4 + 20 == 20
    seven = row[1:]
    assert score_row(seven)["bonus"] == 0 and score_row(seven)["total"] == 0


def test_negative_row_is_multiplied():
    assert score_row([W(YELLOW), W(YELLOW, 1), N(YELLOW, 10)])["total"] == (10 - 20) * 3 == -30
    assert score_row([N(YELLOW, 2)])["total"] == -18


# --- setup ----------------------------------------------------------------------------------------------------


def test_deal_main_game():
    s = GAME.new(players=2, seed=5)
    assert [len(h) for h in s.hands] == [8, 8] and len(s.deck) == 44
    assert sorted(all_cards(s)) == list(range(60))
    assert all(colour_of(c) != PURPLE for c in all_cards(s))
    assert s.round == 1 and s.turn == 0 and s.phase == "play" and s.totals == [0, 0]
    assert len(s.piles) == 5 and all(len(side) == 5 for side in s.rows)


def test_purple_option_72_cards_six_piles():
    s = GAME.new(players=2, seed=5, options={"purple": True})
    assert [len(h) for h in s.hands] == [8, 8] and len(s.deck) == 56
    assert sorted(all_cards(s)) == list(range(72))
    assert len(s.piles) == 6 and all(len(side) == 6 for side in s.rows)
    v = s.view(0)
    assert v["colours"][-1] == "purple" and len(v["discards"]) == 6 and v["deck"] == 56
    s = position(options={"purple": True}, hands=[[N(PURPLE, 4), W(PURPLE)], None])
    assert ("play", N(PURPLE, 4)) in s.legal_actions(0) and ("play", W(PURPLE)) in s.legal_actions(0)
    s.apply(0, ("discard", N(PURPLE, 4)))
    assert s.piles[PURPLE] == [N(PURPLE, 4)] and ("draw", "purple") not in s.legal_actions(0)


def test_only_two_players():
    for n in (1, 3, 4):
        with pytest.raises(RecordError):
            GAME.new(players=n)


def test_rounds_option_range():
    for bad in (0, 6, True, "3"):
        with pytest.raises(RecordError):
            GAME.new(players=2, options={"rounds": bad})
    assert GAME.new(players=2).opts["rounds"] == 3


# --- TC5–TC7: placing cards ----------------------------------------------------------------------------------


def test_tc5_ascending_rule():
    hand = [N(GREEN, v) for v in (2, 3, 4, 5, 7, 8, 9, 10)]
    s = position(hands=[hand, None], rows=[{GREEN: [N(GREEN, 6)]}, {}])
    plays = {a[1] for a in s.legal_actions(0) if a[0] == "play"}
    assert plays == {N(GREEN, v) for v in (7, 8, 9, 10)}
    before = snap(s)
    for v in (2, 3, 4, 5):
        with pytest.raises(IllegalAction):
            s.apply(0, ("play", N(GREEN, v)))
    assert snap(s) == before
    s.apply(0, ("play", N(GREEN, 7)))
    assert s.rows[0][GREEN] == [N(GREEN, 6), N(GREEN, 7)] and s.phase == "draw"


def test_tc5_equal_value_is_refused():
    from py_engine.games.lost_cities.state import _row_accepts
    assert not _row_accepts([N(GREEN, 6)], N(GREEN, 6))
    assert not _row_accepts([N(GREEN, 6)], N(GREEN, 5))
    assert _row_accepts([N(GREEN, 6)], N(GREEN, 7))


def test_gaps_are_allowed_and_first_card_may_be_anything():
    s = position(hands=[[N(RED, 10), N(BLUE, 2)], None], rows=[{BLUE: [N(BLUE, 3)]}, {}])
    assert ("play", N(RED, 10)) in s.legal_actions(0)  # a new expedition may start with a 10
    assert ("play", N(BLUE, 2)) not in s.legal_actions(0)


def test_tc6_no_wager_after_a_number_card():
    hand = [W(GREEN, 1), W(BLUE, 0)]
    s = position(hands=[hand, None], rows=[{GREEN: [W(GREEN, 0), N(GREEN, 3)], BLUE: [N(BLUE, 2)]}, {}])
    acts = s.legal_actions(0)
    assert ("play", W(GREEN, 1)) not in acts and ("play", W(BLUE, 0)) not in acts
    assert ("discard", W(GREEN, 1)) in acts and ("discard", W(BLUE, 0)) in acts
    before = snap(s)
    with pytest.raises(IllegalAction):
        s.apply(0, ("play", W(GREEN, 1)))
    with pytest.raises(IllegalAction):
        s.apply(0, ["play", W(BLUE, 0)])
    assert snap(s) == before


@pytest.mark.parametrize("already", [0, 1, 2])
def test_tc7_wagers_stack_at_the_start(already):
    row = [W(YELLOW, k) for k in range(already)]
    s = position(hands=[[W(YELLOW, already), N(YELLOW, 2)], None], rows=[{YELLOW: row}, {}])
    assert ("play", W(YELLOW, already)) in s.legal_actions(0)
    assert ("play", N(YELLOW, 2)) in s.legal_actions(0)
    s.apply(0, ("play", W(YELLOW, already)))
    assert s.rows[0][YELLOW] == row + [W(YELLOW, already)]


def test_three_wagers_then_numbers_through_play():
    s = position(hands=[[W(RED, 0), W(RED, 1), W(RED, 2), N(RED, 5), N(RED, 9)], None])
    for card in (W(RED, 0), W(RED, 1), W(RED, 2), N(RED, 5)):
        s.turn, s.phase = 0, "play"
        s.apply(0, ("play", card))
    assert s.rows[0][RED] == [W(RED, 0), W(RED, 1), W(RED, 2), N(RED, 5)]
    assert score_row(s.rows[0][RED])["multiplier"] == 4


def test_cards_go_to_own_row_only():
    s = position(hands=[[N(WHITE, 4)], [N(WHITE, 9)]], rows=[{}, {WHITE: [N(WHITE, 5)]}])
    assert ("play", N(WHITE, 4)) in s.legal_actions(0)  # the opponent's white 5 does not matter
    s.apply(0, ("play", N(WHITE, 4)))
    assert s.rows[0][WHITE] == [N(WHITE, 4)] and s.rows[1][WHITE] == [N(WHITE, 5)]


def test_discard_is_always_allowed_and_goes_to_its_colour():
    s = position()
    acts = s.legal_actions(0)
    assert {a[1] for a in acts if a[0] == "discard"} == set(s.hands[0])
    card = s.hands[0][0]
    s.apply(0, ("discard", card))
    assert s.piles[colour_of(card)] == [card] and card not in s.hands[0] and len(s.hands[0]) == 7


def test_play_decision_lists():
    hand = [W(YELLOW), N(YELLOW, 3), N(BLUE, 2), N(BLUE, 9), N(WHITE, 5), W(GREEN), N(GREEN, 4), N(RED, 10)]
    s = position(hands=[hand, None], rows=[{BLUE: [N(BLUE, 5)], GREEN: [W(GREEN, 1), N(GREEN, 2)]}, {}])
    plays = sorted(a[1] for a in s.legal_actions(0) if a[0] == "play")
    assert plays == sorted([W(YELLOW), N(YELLOW, 3), N(BLUE, 9), N(WHITE, 5), N(GREEN, 4), N(RED, 10)])
    assert len(s.legal_actions(0)) == 6 + 8
    assert s.legal_actions(1) == []


# --- TC8, TC10: drawing --------------------------------------------------------------------------------------


def test_tc8_no_draw_back_from_the_pile_just_discarded_to():
    piles = {GREEN: [N(GREEN, 2)], BLUE: [N(BLUE, 7)]}
    s = position(hands=[[N(GREEN, 5)] + [N(YELLOW, v) for v in range(2, 9)], [N(RED, v) for v in range(2, 10)]],
                 piles=piles)
    s.apply(0, ("discard", N(GREEN, 5)))
    assert s.piles[GREEN] == [N(GREEN, 2), N(GREEN, 5)]
    assert sorted(s.legal_actions(0)) == sorted([("draw", "deck"), ("draw", "blue")])
    before = snap(s)
    with pytest.raises(IllegalAction):
        s.apply(0, ("draw", "green"))
    with pytest.raises(IllegalAction):
        s.apply(0, ["draw", "green"])
    assert snap(s) == before
    s.apply(0, ("draw", "deck"))
    # On the opponent's next turn the card may be taken.
    s.apply(1, ("play", N(RED, 2)))
    assert ("draw", "green") in s.legal_actions(1)
    s.apply(1, ("draw", "green"))
    assert N(GREEN, 5) in s.hands[1] and s.piles[GREEN] == [N(GREEN, 2)]


def test_tc8_the_discarder_may_take_it_back_on_a_later_turn():
    s = position(hands=[[N(GREEN, 5)] + [N(YELLOW, v) for v in range(2, 9)], [N(RED, v) for v in range(2, 10)]])
    s.apply(0, ("discard", N(GREEN, 5)))
    s.apply(0, ("draw", "deck"))
    s.apply(1, ("play", N(RED, 2)))
    s.apply(1, ("draw", "deck"))
    s.apply(0, ("play", N(YELLOW, 2)))
    assert ("draw", "green") in s.legal_actions(0)
    s.apply(0, ("draw", "green"))
    assert N(GREEN, 5) in s.hands[0] and s.piles[GREEN] == []


def test_after_playing_any_nonempty_pile_may_be_drawn():
    s = position(hands=[[N(GREEN, 5)], None], piles={GREEN: [N(GREEN, 3)], RED: [W(RED)]})
    s.apply(0, ("play", N(GREEN, 5)))
    assert sorted(s.legal_actions(0)) == sorted([("draw", "deck"), ("draw", "green"), ("draw", "red")])
    top = s.deck[-1]
    s.apply(0, ("draw", "deck"))
    assert top in s.hands[0] and s.turn == 1 and s.phase == "play"


def test_discard_to_one_pile_then_draw_another_pile():
    s = position(hands=[[N(GREEN, 5)], None], piles={RED: [N(RED, 3), W(RED)]})
    s.apply(0, ("discard", N(GREEN, 5)))
    s.apply(0, ("draw", "red"))
    assert W(RED) in s.hands[0] and s.piles[RED] == [N(RED, 3)] and s.piles[GREEN] == [N(GREEN, 5)]


def test_empty_piles_cannot_be_drawn():
    s = position(hands=[[N(GREEN, 5)], None])
    s.apply(0, ("play", N(GREEN, 5)))
    assert s.legal_actions(0) == [("draw", "deck")]
    for colour in ("yellow", "blue", "white", "green", "red", "purple"):
        with pytest.raises(IllegalAction):
            s.apply(0, ("draw", colour))


def test_tc10_play_before_draw():
    s = position()
    before = snap(s)
    assert all(a[0] in ("play", "discard") for a in s.legal_actions(0))
    with pytest.raises(IllegalAction):
        s.apply(0, ("draw", "deck"))
    s.phase = "play"
    assert snap(s) == before
    s.apply(0, ("discard", s.hands[0][0]))
    with pytest.raises(IllegalAction):  # and a second card may not be played before drawing
        s.apply(0, ("play", s.hands[0][0]))
    with pytest.raises(IllegalAction):
        s.apply(0, ("discard", s.hands[0][0]))


def test_out_of_turn_and_foreign_cards_are_refused():
    s = position(hands=[[N(BLUE, 2)], [N(BLUE, 3)]])
    before = snap(s)
    for seat, action in ((1, ("play", N(BLUE, 3))), (1, ("discard", N(BLUE, 3))), (0, ("play", N(BLUE, 3))),
                         (0, ("play", N(BLUE, 4))), (0, ("discard", 999)), (0, ("play", True)),
                         (0, ["play", True]), (0, ("draw", "nowhere"))):
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
    assert snap(s) == before


def test_bool_is_not_card_id_1():
    """Engine fix: ("play", True) used to pass `in legal_actions` because True == 1 (card 1 = yellow wager)."""
    s = position(hands=[[1], None])
    for bad in (("play", True), ["discard", True], ("play", False)):
        with pytest.raises(IllegalAction):
            s.apply(0, bad)
    s.apply(0, ["play", 1])
    assert s.rows[0][YELLOW] == [1] and type(s.rows[0][YELLOW][0]) is int


# --- TC9 and rounds ------------------------------------------------------------------------------------------


def test_tc9_last_draw_ends_the_round_and_deals_the_next():
    s = position(options={"rounds": 3}, rows=[{YELLOW: [N(YELLOW, 6), N(YELLOW, 8), N(YELLOW, 9)]},
                                            {WHITE: [W(WHITE)]}], deck_cards=2)
    # With 2 cards left a draw does not end the round.
    s.apply(0, ("discard", s.hands[0][0]))
    s.apply(0, ("draw", "deck"))
    assert s.round == 1 and len(s.deck) == 1 and s.turn == 1
    s.apply(1, ("discard", s.hands[1][0]))
    s.apply(1, ("draw", "deck"))
    assert s.history[0]["round"] == 1 and s.history[0]["scores"] == [3, -40] and s.totals == [3, -40]
    assert s.round == 2 and s.phase == "play" and s.turn == 0 and s.starter == 0
    assert [len(h) for h in s.hands] == [8, 8] and len(s.deck) == 44
    assert all(r == [] for side in s.rows for r in side) and all(p == [] for p in s.piles)
    assert sorted(all_cards(s)) == list(range(60))


def test_tc9_drawing_from_a_pile_with_one_deck_card_left_does_not_end_the_round():
    s = position(hands=[[N(RED, 4)], None], piles={BLUE: [N(BLUE, 2)]}, deck_cards=1)
    s.apply(0, ("play", N(RED, 4)))
    s.apply(0, ("draw", "blue"))
    assert s.round == 1 and len(s.deck) == 1 and s.turn == 1 and s.history == []


def test_tc9_last_round_ends_the_match():
    s = position(options={"rounds": 1}, rows=[TC1_ROWS, {}], deck_cards=1)
    finish_round(s)
    assert s.phase == "over" and s.is_over() and s.to_move() == ()
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []
    assert s.scores() == [18, 0]
    assert s.result() == {"scores": [18, 0], "ranks": [1, 2], "winners": [0]}
    with pytest.raises(IllegalAction):
        s.apply(1, ("discard", s.hands[1][0]))
    v = s.view(None)
    assert v["over"] and v["result"]["winners"] == [0] and v["pending"] is None


def test_next_round_purple_deals_56():
    s = position(options={"purple": True})
    finish_round(s)
    assert s.round == 2 and [len(h) for h in s.hands] == [8, 8] and len(s.deck) == 56
    assert sorted(all_cards(s)) == list(range(72))


@pytest.mark.parametrize(("totals", "prev_starter", "expected"), [
    ((10, 5), 0, 0), ((10, 5), 1, 0), ((5, 10), 0, 1), ((5, 10), 1, 1),
    ((7, 7), 0, 1), ((7, 7), 1, 0),  # tie: the player who did not start the previous round
    ((-30, -40), 1, 0),
])
def test_next_round_starter(totals, prev_starter, expected):
    s = position(options={"rounds": 3}, turn=1 - prev_starter)
    s.totals, s.starter = list(totals), prev_starter
    finish_round(s)  # no rows: both round scores are 0
    assert s.history[0]["scores"] == [0, 0]
    assert s.round == 2 and s.starter == expected and s.turn == expected and s.to_move() == (expected,)


def test_next_round_starter_uses_running_total_not_round_score():
    s = position(options={"rounds": 3}, rows=[{YELLOW: [N(YELLOW, 6), N(YELLOW, 8), N(YELLOW, 9)]}, {}])
    s.totals = [0, 30]
    finish_round(s)
    assert s.history[0]["scores"] == [3, 0] and s.totals == [3, 30]
    assert s.starter == 1  # seat 0 won the round, seat 1 leads the match


def test_three_round_match():
    s = GAME.new(players=2, seed=11, options={"rounds": 3})
    # Round 1, seat 0 starts: 18 (TC1) against -40.
    setup(s, rows=[TC1_ROWS, {WHITE: [W(WHITE, 1)]}], turn=0)
    finish_round(s)
    assert s.totals == [18, -40] and s.round == 2 and s.starter == 0
    # Round 2: seat 1 wins the round with 21 but still trails: seat 0 starts round 3.
    setup(s, rows=[{}, {BLUE: [W(BLUE, 0), W(BLUE, 1), N(BLUE, 8), N(BLUE, 9), N(BLUE, 10)]}], turn=1)
    finish_round(s)
    assert s.history[1]["scores"] == [0, 21] and s.totals == [18, -19] and s.starter == 0
    # Round 3: seat 1 makes 100 (3 wagers + 6..10, 8 cards) and seat 0 loses 30.
    setup(s, rows=[{YELLOW: [W(YELLOW, 0), W(YELLOW, 1), N(YELLOW, 10)]},
                   {RED: [W(RED, k) for k in range(3)] + [N(RED, v) for v in range(6, 11)]}], turn=0)
    finish_round(s)
    assert [h["scores"] for h in s.history] == [[18, -40], [0, 21], [-30, 100]]
    assert [h["totals"] for h in s.history] == [[18, -40], [18, -19], [-12, 81]]
    assert s.is_over() and s.round == 3
    assert s.result() == {"scores": [-12, 81], "ranks": [2, 1], "winners": [1]}


def test_final_tie_is_a_shared_win():
    s = position(options={"rounds": 1}, rows=[{YELLOW: [N(YELLOW, 6), N(YELLOW, 8), N(YELLOW, 9)]},
                                            {BLUE: [N(BLUE, 4), N(BLUE, 9), N(BLUE, 10)]}])
    finish_round(s)
    assert s.result() == {"scores": [3, 3], "ranks": [1, 1], "winners": [0, 1]}


@pytest.mark.parametrize("rounds", [1, 2, 5])
def test_rounds_option_random_match(rounds):
    s = GAME.new(players=2, seed=rounds, options={"rounds": rounds})
    rng = Rng(rounds)
    while not s.is_over():
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    assert len(s.history) == rounds and s.round == rounds
    assert s.totals == [sum(h["scores"][i] for h in s.history) for i in range(2)]
    assert s.history[-1]["totals"] == s.totals


# --- views --------------------------------------------------------------------------------------------------


def test_view_hands_and_counts():
    s = GAME.new(players=2, seed=3)
    v0, v1, vs = s.view(0), s.view(1), s.view(None)
    assert [c["id"] for c in v0["hand"]] == s.hands[0] and [c["id"] for c in v1["hand"]] == s.hands[1]
    assert v0["hand"][0] == card_json(s.hands[0][0])
    assert vs["hand"] is None
    for v in (v0, v1, vs):
        assert v["hand_counts"] == [8, 8] and v["deck"] == 44 and v["players"] == 2
        assert v["colours"] == ["yellow", "blue", "white", "green", "red"]
        assert v["pending"] == {"seat": 0, "decision": "play", "banned": None}
    # Nothing of the opponent's hand (nor of the deck) leaks into a view.
    assert ids_in(v0) == set(s.hands[0]) and ids_in(v1) == set(s.hands[1]) and ids_in(vs) == set()
    json.dumps(v0)


def test_view_does_not_depend_on_opponent_hand():
    s = position()
    v = s.view(0)
    t = s.clone()
    t.hands[1], t.deck = sorted(t.deck[:8]), t.deck[8:] + t.hands[1]
    assert t.view(0) == v and t.view(1) != s.view(1)


def test_view_expeditions_are_public():
    s = position(rows=[{RED: [W(RED), N(RED, 4)]}, {BLUE: [N(BLUE, 7)]}])
    for seat in (0, 1, None):
        ex = s.view(seat)["expeditions"]
        assert [c["id"] for c in ex[0][RED]] == [W(RED), N(RED, 4)]
        assert [c["id"] for c in ex[1][BLUE]] == [N(BLUE, 7)]


def test_view_discards_tops_only_by_default():
    piles = {GREEN: [N(GREEN, 2), N(GREEN, 6), W(GREEN)]}
    s = position(piles=piles)
    for seat in (0, 1, None):
        entry = s.view(seat)["discards"][GREEN]
        assert entry == {"colour": "green", "count": 3, "top": card_json(W(GREEN))}
        assert s.view(seat)["discards"][RED] == {"colour": "red", "count": 0, "top": None}
    assert N(GREEN, 2) not in ids_in(s.view(None)) and N(GREEN, 6) not in ids_in(s.view(None))


def test_view_open_discards_option_shows_whole_piles():
    piles = {GREEN: [N(GREEN, 2), N(GREEN, 6), W(GREEN)]}
    s = position(options={"open_discards": True}, piles=piles)
    for seat in (0, 1, None):
        entry = s.view(seat)["discards"][GREEN]
        assert [c["id"] for c in entry["cards"]] == piles[GREEN]
        assert entry["count"] == 3 and entry["top"]["id"] == W(GREEN)
        assert s.view(seat)["discards"][RED]["cards"] == []


def test_view_pending_shows_banned_pile():
    s = position(hands=[[N(GREEN, 5)], None])
    s.apply(0, ("discard", N(GREEN, 5)))
    assert s.view(1)["pending"] == {"seat": 0, "decision": "draw", "banned": "green"}
    assert s.view(0)["hand_counts"] == [len(s.hands[0]), 8]


def test_deck_draw_is_hidden_from_the_opponent():
    s = position()
    s.apply(0, ("discard", s.hands[0][0]))
    s.apply(0, ("draw", "deck"))
    assert s.last["card"] is None
    assert ids_in(s.view(1)) == set(s.hands[1]) | {c for p in s.piles for c in p[-1:]}


# --- properties -----------------------------------------------------------------------------------------------


def check_invariants(s):
    total = 72 if s.opts["purple"] else 60
    assert sorted(all_cards(s)) == list(range(total))
    for side in s.rows:
        for colour, row in enumerate(side):
            assert all(colour_of(c) == colour for c in row)
            numbers = [value_of(c) for c in row if not is_wager(c)]
            k = sum(1 for c in row if is_wager(c))
            assert all(is_wager(c) for c in row[:k]), "wager after a number card"
            assert numbers == sorted(set(numbers)), "not strictly ascending"
    for colour, pile in enumerate(s.piles):
        assert all(colour_of(c) == colour for c in pile)
    if s.phase == "play":
        assert [len(h) for h in s.hands] == [8, 8]
    elif s.phase == "draw":
        assert len(s.hands[s.turn]) == 7 and len(s.hands[1 - s.turn]) == 8
        assert s.deck


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.booleans(), st.integers(1, 2))
def test_random_play_keeps_invariants(seed, purple, rounds):
    s = GAME.new(players=2, seed=seed, options={"purple": purple, "rounds": rounds})
    rng = Rng(seed ^ 0x5EED)
    check_invariants(s)
    while not s.is_over():
        seat = s.to_move()[0]
        acts = s.legal_actions(seat)
        action = rng.choice(acts)
        ending = action == ("draw", "deck") and len(s.deck) == 1
        expected = [score_rows(side) for side in s.rows] if ending else None
        done = len(s.history)
        s.apply(seat, action)
        check_invariants(s)
        if ending:
            assert len(s.history) == done + 1 and s.history[-1]["scores"] == expected
        else:
            assert len(s.history) == done
    assert s.totals == [sum(h["scores"][i] for h in s.history) for i in range(2)]


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_legal_actions_are_exactly_the_accepted_ones(data):
    """Every listed action is accepted; every other play/discard/draw is refused and changes nothing."""
    s = GAME.new(players=2, seed=data.draw(st.integers(0, 2**32)))
    rng = Rng(data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(0, 60))):
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    seat = s.to_move()[0]
    legal = set(s.legal_actions(seat))
    candidates = ([(k, c) for k in ("play", "discard") for c in range(60)]
                  + [("draw", x) for x in ("deck", "yellow", "blue", "white", "green", "red")])
    before = snap(s)
    for action in candidates:
        if action not in legal:
            with pytest.raises(IllegalAction):
                s.apply(seat, action)
    assert snap(s) == before
    for action in sorted(legal, key=repr):
        t = s.clone()
        t.apply(seat, action)
