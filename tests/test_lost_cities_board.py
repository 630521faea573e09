"""Rule tests for Lost Cities: The Board Game (seed 000, digest TC1-TC10, reference section 3)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine import get_game
from py_engine.core import IllegalAction, RecordError, Rng
from py_engine.games.lost_cities_board import STAND_INS
from py_engine.games.lost_cities_board.data import (
    ARROW,
    ARTIFACT,
    COLOURS,
    NCARDS,
    NCOL,
    STONES,
    TILE_SPACES,
    artifact_points,
    make_card,
)
from py_engine.games.lost_cities_board.heuristic import estimate, evaluate, heuristic_action, projected_points

GAME = get_game("lost-cities-board")
C = {name: i for i, name in enumerate(COLOURS)}


def card(colour: str, value: int, copy: int = 0) -> int:
    return make_card(C[colour], value, copy)


def position(players: int = 2, options: dict | None = None, seed: int = 1, **fields):
    """A fresh game with an empty board (no tiles, no pieces, no columns), then `fields` set directly."""
    s = GAME.new(players=players, seed=seed, options=options or {})
    s.board = [[0] * (STONES + 1) for _ in range(NCOL)]
    for name, value in fields.items():
        setattr(s, name, value)
    s.crossed = sum(1 for side in s.pos for p in side if p >= 7)
    return s


def place(s, seat: int, colour: str, stone: int, researcher: bool = False, column=None) -> None:
    """Put a piece of `seat` on `stone` of a path, with a column (default: one card of value 0)."""
    c = C[colour]
    s.kinds[seat][c] = 2 if researcher else 1
    s.pos[seat][c] = stone
    s.columns[seat][c] = [card(colour, v) for v in (column or [0])]
    s.crossed = sum(1 for side in s.pos for p in side if p >= 7)


def end_by_deck(s, seat: int | None = None) -> None:
    """Make `seat` (default: the player to move) draw the last deck card."""
    seat = s.turn if seat is None else seat
    s.turn, s.phase = seat, "draw"
    s.hands[seat] = s.hands[seat][:7]
    s.deck = s.deck[:1]
    s.apply(seat, ("draw", "deck"))


# --- setup ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "deck"), [(2, 64), (3, 86), (4, 78)])
def test_deal_sizes_and_two_player_removal(players, deck):
    s = GAME.new(players=players, seed=3)
    assert [len(h) for h in s.hands] == [8] * players
    assert len(s.deck) == deck
    assert len(s.removed) == (30 if players == 2 else 0)
    assert sorted(s.deck + s.removed + [c for h in s.hands for c in h]) == list(range(NCARDS))
    v = s.view(0)
    assert v["removed"] == len(s.removed) and v["deck"] == deck
    assert "removed_cards" not in v and all(str(c) not in json.dumps(v["discards"]) for c in s.removed[:1])


def test_tiles_fill_the_stand_in_spaces():
    s = GAME.new(players=3, seed=5)
    codes = [s.board[c][k] for c in range(NCOL) for k in TILE_SPACES[c]]
    assert sorted(codes) == sorted([ARTIFACT] * 9 + [ARROW] * 9 + [5, 5, 10, 10, 10, 15, 15])
    assert sum(1 for row in s.board for t in row if t) == 25
    assert all(s.board[c][1] == 0 for c in range(NCOL))
    assert any("STAND-IN" in t for t in STAND_INS) and GAME.info()["stand_ins"] == list(STAND_INS)


def test_two_player_removal_repeats_each_expedition():
    s = position(2)
    end_by_deck(s)
    assert s.expedition == 2 and len(s.removed) == 30 and len(s.deck) == 64


# --- TC1 / TC6: columns ----------------------------------------------------------------------

def test_tc1_unusable_card_can_only_be_discarded():
    s = position(2, turn=0)
    place(s, 0, "red", 2, column=[4, 7])
    s.hands[0] = sorted([card("red", 3)] + s.hands[0][:7])
    acts = s.legal_actions(0)
    assert ("advance", "red", 3) not in acts and ("discard", "red", 3) in acts
    with pytest.raises(IllegalAction):
        s.apply(0, ("advance", "red", 3))


def test_tc6_equal_value_allowed_lower_refused():
    s = position(2, turn=0)
    place(s, 0, "blue", 1, column=[5])
    s.hands[0] = sorted([card("blue", 5, 1), card("blue", 4)] + [card("yellow", v) for v in range(6)])
    acts = s.legal_actions(0)
    assert ("advance", "blue", 5) in acts and ("advance", "blue", 4) not in acts
    s.apply(0, ("advance", "blue", 5))
    assert s.pos[0][C["blue"]] == 2 and s.phase == "draw"
    assert [c >> 1 for c in s.columns[0][C["blue"]]] == [C["blue"] * 11 + 5] * 2


def test_duplicate_copies_give_one_action():
    s = position(2, turn=0)
    s.hands[0] = sorted([card("green", 2, 0), card("green", 2, 1)] + [card("red", v) for v in range(6)])
    acts = s.legal_actions(0)
    assert acts.count(("discard", "green", 2)) == 1
    assert acts.count(("start", "green", 2, "researcher")) == 1


def test_a_path_starts_with_the_lowest_card_of_its_colour():
    """Seed 000: 「その色の最も値が低いカードを…置き」 — with red 2, 5, 9 in hand only red 2 may start red."""
    s = position(2, turn=0)
    s.hands[0] = sorted([card("red", 2), card("red", 5), card("red", 9), card("blue", 3), card("blue", 3, 1),
                         card("blue", 7), card("yellow", 8), card("yellow", 10)])
    starts = [a for a in s.legal_actions(0) if a[0] == "start"]
    assert starts == [("start", "yellow", 8, "adventurer"), ("start", "yellow", 8, "researcher"),
                      ("start", "blue", 3, "adventurer"), ("start", "blue", 3, "researcher"),
                      ("start", "red", 2, "adventurer"), ("start", "red", 2, "researcher")]
    before = json.dumps(s.to_json(), sort_keys=True)
    for bad in (("start", "red", 5, "adventurer"), ("start", "red", 9, "researcher"),
                ("start", "blue", 7, "adventurer"), ("start", "yellow", 10, "adventurer")):
        assert not s.is_legal(0, bad)
        with pytest.raises(IllegalAction):
            s.apply(0, bad)
    assert json.dumps(s.to_json(), sort_keys=True) == before
    for v in (5, 9):  # discarding a higher card stays legal
        assert ("discard", "red", v) in s.legal_actions(0)
    s.apply(0, ("start", "red", 2, "adventurer"))
    assert s.pos[0][C["red"]] == 1 and s.columns[0][C["red"]] == [card("red", 2)]


def test_with_the_directions_variant_any_card_may_start():
    """Ascending/descending variant: the starting card sets the direction, so any red card may start."""
    s = position(2, options={"directions": True}, turn=0)
    s.hands[0] = sorted([card("red", 2), card("red", 5), card("red", 9)] + [card("blue", v) for v in range(5)])
    starts = {a[2] for a in s.legal_actions(0) if a[:2] == ("start", "red")}
    assert starts == {2, 5, 9}
    s.apply(0, ("start", "red", 9, "researcher"))
    assert s.kinds[0][C["red"]] == 2 and s.columns[0][C["red"]] == [card("red", 9)]


# --- TC3 / TC7: expedition scoring -------------------------------------------------------------

def test_tc3_researcher_on_stone_one_scores_minus_40_adventurer_minus_20():
    s = position(2, vp=[100, 100])
    place(s, 0, "red", 1, researcher=True)
    place(s, 1, "red", 1)
    end_by_deck(s, 0)
    h = s.history[-1]
    assert h["points"] == [-40, -20] and h["end"] == "deck"
    assert s.vp == [60, 80]


def test_researcher_doubles_positive_stones_too():
    s = position(3, vp=[0, 0, 0])
    place(s, 0, "white", 9, researcher=True)
    place(s, 0, "green", 7)
    place(s, 1, "white", 4)
    place(s, 2, "green", 3, researcher=True)
    end_by_deck(s, 1)
    assert s.history[-1]["points"] == [100 + 30, 5, -20]
    assert s.vp == [130, 5, 0]


def test_tc7_floor_at_zero():
    s = position(2, vp=[10, 0])
    place(s, 0, "yellow", 3, researcher=True)  # -20
    place(s, 0, "blue", 3)  # -10
    end_by_deck(s, 0)
    assert s.history[-1]["points"][0] == -30
    assert s.vp[0] == 0


def test_pieces_return_and_artifact_tiles_become_chips():
    s = position(2, held=[2, 1])
    place(s, 0, "red", 4)
    end_by_deck(s, 0)
    assert s.chips == [2, 1] and s.held == [0, 0]
    assert s.history[-1]["artifacts"] == [2, 1]
    assert all(k == 0 for side in s.kinds for k in side) and all(p == 0 for side in s.pos for p in side)
    assert sum(1 for row in s.board for t in row if t == ARTIFACT) == 9


# --- TC4: sharing paths --------------------------------------------------------------------------

def test_tc4_three_players_on_blue_legal_second_own_blue_illegal():
    s = position(3, turn=0)
    for seat in range(3):
        s.hands[seat] = sorted([card("blue", seat), card("blue", 5 + seat)] + [card("red", v, 1) for v in range(6)])
    for seat in range(3):
        s.turn, s.phase = seat, "play"
        assert ("start", "blue", seat, "adventurer") in s.legal_actions(seat)
        s.apply(seat, ("start", "blue", seat, "adventurer"))
        s.apply(seat, ("draw", "deck"))
    assert [s.pos[i][C["blue"]] for i in range(3)] == [1, 1, 1]
    s.turn, s.phase = 0, "play"
    acts = s.legal_actions(0)
    assert not any(a[0] == "start" and a[1] == "blue" for a in acts)
    assert ("advance", "blue", 5) in acts
    with pytest.raises(IllegalAction):
        s.apply(0, ("start", "blue", 5, "researcher"))


def test_only_one_researcher_and_four_adventurers():
    s = position(2, turn=0)
    place(s, 0, "red", 2, researcher=True)
    s.hands[0] = sorted(card(col, 1) for col in ("yellow", "blue", "white", "green")) + \
        sorted(card(col, 2) for col in ("yellow", "blue", "white", "green"))
    s.hands[0].sort()
    acts = s.legal_actions(0)
    assert ("start", "blue", 1, "adventurer") in acts and ("start", "blue", 1, "researcher") not in acts


# --- TC2: event tiles ----------------------------------------------------------------------------

def test_tc2_arrow_then_vp_tile_not_doubled_and_tile_stays():
    s = position(2, turn=0)
    blue = C["blue"]
    s.board[blue][3] = ARROW
    s.board[blue][5] = 15
    place(s, 0, "blue", 2, researcher=True, column=[1, 2])
    s.hands[0] = sorted([card("blue", 3), card("blue", 4)] + [card("red", v) for v in range(6)])
    s.apply(0, ("advance", "blue", 3))  # 3rd card: stone 3, arrow
    v = s.view(0)
    assert v["pending"] == {"seat": 0, "decision": "move", "reason": "arrow", "banned": None}
    assert s.legal_actions(0) == [("move", "blue"), ("pass",)]
    s.apply(0, ("move", "blue"))
    assert s.pos[0][blue] == 4 and s.phase == "draw"
    s.apply(0, ("draw", "deck"))
    s.apply(1, ("discard", COLOURS[s.hands[1][0] // 22], (s.hands[1][0] >> 1) % 11))
    s.apply(1, ("draw", "deck"))
    s.apply(0, ("advance", "blue", 4))  # 4th card: stone 5, VP 15
    assert s.pos[0][blue] == 5 and s.vp[0] == 15
    assert s.board[blue][5] == 15
    assert any(e["key"] == "vp" and e["params"]["vp"] == 15 for e in s.view(1)["log"])


def test_vp_tile_collected_again_by_later_arrivals():
    s = position(2, turn=1, vp=[15, 0])
    s.board[C["red"]][2] = 10
    place(s, 1, "red", 1)
    s.hands[1] = sorted([card("red", 5)] + [card("blue", v) for v in range(7)])
    s.apply(1, ("advance", "red", 5))
    assert s.vp == [15, 10] and s.board[C["red"]][2] == 10


def test_arrow_chain_onto_another_tile():
    s = position(2, turn=0)
    g = C["green"]
    s.board[g][3] = ARROW
    s.board[g][5] = ARROW
    s.board[g][6] = ARTIFACT
    place(s, 0, "green", 2, column=[0, 1])
    place(s, 0, "yellow", 4)
    s.hands[0] = sorted([card("green", 2)] + [card("red", v) for v in range(7)])
    s.apply(0, ("advance", "green", 2))  # stone 3: arrow
    assert s.legal_actions(0) == [("move", "yellow"), ("move", "green"), ("pass",)]
    s.apply(0, ("move", "yellow"))  # yellow 4 -> 5, no tile
    assert s.pos[0][C["yellow"]] == 5 and s.phase == "draw"
    s2 = position(2, turn=0)
    s2.board = [list(r) for r in s.board]
    place(s2, 0, "green", 2, column=[0, 1])
    s2.hands[0] = sorted([card("green", 2)] + [card("red", v) for v in range(7)])
    s2.apply(0, ("advance", "green", 2))  # stone 3 arrow
    s2.apply(0, ("move", "green"))  # stone 4, nothing
    assert s2.phase == "draw" and s2.pos[0][g] == 4
    s3 = position(2, turn=0)
    s3.board[g][3] = ARROW
    s3.board[g][4] = ARROW
    s3.board[g][5] = ARTIFACT
    place(s3, 0, "green", 2, column=[0, 1])
    s3.hands[0] = sorted([card("green", 2)] + [card("red", v) for v in range(7)])
    s3.apply(0, ("advance", "green", 2))  # 3: arrow
    s3.apply(0, ("move", "green"))  # 4: arrow again
    assert s3.phase == "move" and s3.reason == "arrow"
    s3.apply(0, ("move", "green"))  # 5: artifact
    assert s3.pos[0][g] == 5 and s3.held[0] == 1 and s3.board[g][5] == 0 and s3.phase == "draw"


def test_artifact_taken_only_by_first_arrival():
    s = position(2, turn=0)
    r = C["red"]
    s.board[r][2] = ARTIFACT
    place(s, 0, "red", 1)
    place(s, 1, "red", 1)
    s.hands[0] = sorted([card("red", 3)] + [card("blue", v) for v in range(7)])
    s.hands[1] = sorted([card("red", 4)] + [card("white", v) for v in range(7)])
    s.apply(0, ("advance", "red", 3))
    s.apply(0, ("draw", "deck"))
    s.apply(1, ("advance", "red", 4))
    assert s.held == [1, 0] and s.board[r][2] == 0 and s.phase == "draw"


def test_arrow_is_optional_and_without_movable_piece_has_no_effect():
    s = position(2, turn=0)
    w = C["white"]
    s.board[w][9] = ARROW
    place(s, 0, "white", 8)
    s.hands[0] = sorted([card("white", 9)] + [card("red", v) for v in range(7)])
    s.apply(0, ("advance", "white", 9))
    assert s.pos[0][w] == 9 and s.phase == "draw"  # nothing can move: no decision
    s = position(2, turn=0)
    s.board[w][2] = ARROW
    place(s, 0, "white", 1)
    s.hands[0] = sorted([card("white", 9)] + [card("red", v) for v in range(7)])
    s.apply(0, ("advance", "white", 9))
    s.apply(0, ("pass",))
    assert s.pos[0][w] == 2 and s.phase == "draw"


# --- TC5: bridge crossings end the expedition -----------------------------------------------------

def test_tc5_fifth_crossing_ends_at_once_without_tile_or_draw():
    s = position(3, turn=1, vp=[0, 0, 0])
    place(s, 0, "red", 7)
    place(s, 2, "red", 8)
    place(s, 0, "blue", 9)
    place(s, 2, "white", 7)
    assert s.crossed == 4
    s.board[C["green"]][7] = ARTIFACT
    place(s, 1, "green", 6, column=[2])
    s.hands[1] = sorted([card("green", 3)] + [card("yellow", v) for v in range(7)])
    s.apply(1, ("advance", "green", 3))
    h = s.history[-1]
    assert h["end"] == "bridge" and h["last"] == 1 and h["artifacts"] == [0, 0, 0]
    assert s.chips == [0, 0, 0]
    assert h["points"] == [30 + 50, 30, 35 + 30]
    assert s.expedition == 2 and s.turn == s.starter == 2 and s.phase == "play"
    assert [len(h) for h in s.hands] == [8, 8, 8]


def test_tc5_crossing_by_an_arrow_move_ends_the_expedition():
    s = position(2, turn=0)
    place(s, 1, "red", 7)
    place(s, 1, "blue", 8)
    place(s, 1, "white", 9)
    place(s, 0, "green", 7)
    s.board[C["yellow"]][3] = ARROW
    s.board[C["red"]][7] = 15
    place(s, 0, "yellow", 2, column=[0])
    place(s, 0, "red", 6, researcher=True, column=[0])
    s.hands[0] = sorted([card("yellow", 5)] + [card("white", v) for v in range(7)])
    s.apply(0, ("advance", "yellow", 5))
    assert s.phase == "move"
    s.apply(0, ("move", "red"))
    h = s.history[-1]
    assert h["end"] == "bridge" and h["expedition"] == 1
    assert h["points"][0] == -10 + 60 + 30 and s.vp[0] == 80  # the 15 VP tile on red 7 not taken
    assert s.expedition == 2 and s.starter == 1


def test_a_fourth_crossing_does_not_end():
    s = position(2, turn=0)
    place(s, 1, "red", 7)
    place(s, 1, "blue", 8)
    place(s, 0, "green", 7)
    place(s, 0, "red", 6, column=[0])
    s.hands[0] = sorted([card("red", 5)] + [card("white", v) for v in range(7)])
    s.apply(0, ("advance", "red", 5))
    assert s.crossed == 4 and s.phase == "draw" and s.expedition == 1


# --- TC8: ascending / descending variant ------------------------------------------------------------

def test_tc8_direction_variant():
    s = position(2, options={"directions": True}, turn=0)
    place(s, 0, "red", 2, column=[6, 6])
    s.hands[0] = sorted([card("red", v) for v in (4, 5, 7, 3, 9)] + [card("red", 4, 1)]
                        + [card("blue", v) for v in (1, 2)])
    acts = s.legal_actions(0)
    assert {("advance", "red", v) for v in (3, 4, 5, 7, 9)} <= set(acts)  # still open after 6, 6
    assert s.view(0)["player_info"][0]["columns"][C["red"]]["direction"] is None
    s.apply(0, ("advance", "red", 4))
    assert s.view(0)["player_info"][0]["columns"][C["red"]]["direction"] == "descending"
    s.apply(0, ("draw", "deck"))
    s.turn, s.phase = 0, "play"
    s.hands[0] = sorted(c for c in s.hands[0] if c // 22 != C["red"] or (c >> 1) % 11 in (3, 4, 5))
    acts = s.legal_actions(0)
    assert ("advance", "red", 5) not in acts
    assert ("advance", "red", 4) in acts and ("advance", "red", 3) in acts


def test_tc8_without_variant_only_ascending():
    s = position(2, turn=0)
    place(s, 0, "red", 1, column=[6])
    s.hands[0] = sorted([card("red", v) for v in (4, 6, 7)] + [card("blue", v) for v in range(5)])
    acts = s.legal_actions(0)
    assert ("advance", "red", 4) not in acts and ("advance", "red", 6) in acts and ("advance", "red", 7) in acts


# --- TC9: lost-city overflow ------------------------------------------------------------------------

def test_tc9_lost_city_moves_another_piece_and_resolves_its_tile():
    s = position(2, turn=0)
    s.board[C["blue"]][4] = 10
    place(s, 0, "red", 9, column=[5])
    place(s, 0, "blue", 3)
    place(s, 0, "white", 9)
    s.hands[0] = sorted([card("red", 8)] + [card("green", v) for v in range(7)])
    s.apply(0, ("advance", "red", 8))
    assert s.view(0)["pending"]["reason"] == "lost-city"
    assert s.legal_actions(0) == [("move", "blue"), ("pass",)]
    s.apply(0, ("move", "blue"))
    assert s.pos[0][C["blue"]] == 4 and s.vp[0] == 10 and s.pos[0][C["red"]] == 9
    assert s.columns[0][C["red"]][-1] == card("red", 8) and s.phase == "draw"


def test_tc9_lost_city_declined_still_plays_the_card():
    s = position(2, turn=0)
    place(s, 0, "red", 9, column=[5])
    place(s, 0, "blue", 3)
    s.hands[0] = sorted([card("red", 8)] + [card("green", v) for v in range(7)])
    s.apply(0, ("advance", "red", 8))
    s.apply(0, ("pass",))
    assert s.pos[0][C["blue"]] == 3 and len(s.columns[0][C["red"]]) == 2 and s.phase == "draw"
    s = position(2, turn=0)
    place(s, 0, "red", 9, column=[5])
    s.hands[0] = sorted([card("red", 8)] + [card("green", v) for v in range(7)])
    s.apply(0, ("advance", "red", 8))  # no other piece: straight to the draw
    assert s.phase == "draw"


# --- TC10 / next expedition ----------------------------------------------------------------------

def test_tc10_last_card_drawn_ends_expedition():
    s = position(3, turn=2)
    s.phase = "draw"
    s.hands[2] = s.hands[2][:7]
    s.deck = s.deck[:1]
    s.apply(2, ("draw", "deck"))
    assert s.history[-1]["end"] == "deck" and s.history[-1]["last"] == 2
    assert s.expedition == 2 and s.starter == 0 and s.turn == 0
    assert len(s.deck) == 86


def test_next_expedition_starts_left_of_last_player():
    s = position(4, turn=1)
    end_by_deck(s, 1)
    assert s.starter == 2 and s.turn == 2
    end_by_deck(s, 3)
    assert s.starter == 0 and s.expedition == 3


def test_discard_draw_does_not_end_on_nonempty_deck():
    s = position(2, turn=0)
    s.piles[C["red"]] = [card("red", 7, 1)]
    s.deck = s.deck[:1]
    s.phase = "draw"
    s.hands[0] = s.hands[0][:7]
    s.apply(0, ("draw", "red"))
    assert s.expedition == 1 and s.turn == 1 and card("red", 7, 1) in s.hands[0]


# --- game end: artifact tables and tiebreak ---------------------------------------------------------

def test_short_game_uses_short_table_and_ends_after_one_expedition():
    s = position(3, options={"length": "short"}, held=[3, 5, 0], vp=[0, 0, 40])
    end_by_deck(s, 0)
    assert s.is_over() and s.expedition == 1
    assert s.final["artifact_points"] == [15, 50, -20]
    assert s.scores() == [15, 50, 20]
    assert s.result()["winners"] == [1]
    assert s.to_move() == () and s.legal_actions(0) == []


def test_long_game_table_after_third_expedition():
    s = position(2, vp=[100, 100], chips=[5, 6])
    end_by_deck(s)
    end_by_deck(s)
    assert s.expedition == 3 and not s.is_over()
    end_by_deck(s)
    assert s.is_over() and s.final["artifact_points"] == [-10, 10]
    assert s.scores() == [90, 110]
    assert artifact_points(0, "long") == -40 and artifact_points(20, "long") == 70
    assert artifact_points(9, "short") == 50


def test_artifact_tiebreak_then_shared():
    s = position(3, options={"length": "short"}, chips=[0, 0, 0], held=[4, 2, 2], vp=[0, 20, 20])
    end_by_deck(s)
    # 4 chips -> 30; 2 chips -> 10 (+20 = 30)
    assert s.scores() == [30, 30, 30]
    res = s.result()
    assert res["ranks"] == [1, 2, 2] and res["winners"] == [0]
    s = position(2, options={"length": "short"}, held=[2, 2], vp=[0, 0])
    end_by_deck(s)
    assert s.result()["winners"] == [0, 1]


def test_vp_total_floor_applies_to_artifact_penalty():
    s = position(2, options={"length": "short"}, vp=[5, 0])
    end_by_deck(s)
    assert s.scores() == [0, 0]


# --- options -------------------------------------------------------------------------------------

def test_redraw_allowed_by_default_and_banned_by_option():
    for ban in (False, True):
        s = position(2, options={"no_redraw": ban}, turn=0)
        s.hands[0] = sorted([card("red", 3)] + [card("blue", v) for v in range(7)])
        s.apply(0, ("discard", "red", 3))
        assert (("draw", "red") in s.legal_actions(0)) is (not ban)
        assert s.view(0)["pending"]["banned"] == ("red" if ban else None)


def test_options_validated():
    with pytest.raises(RecordError):
        GAME.new(players=2, options={"length": "medium"})
    assert GAME.new(players=2, options={"length": "short"}).total == 1


# --- hidden information -----------------------------------------------------------------------------

def test_view_hides_other_vp_and_hands_until_over():
    s = position(3, vp=[7, 11, 13], options={"length": "short"})
    v = s.view(1)
    assert [p["vp"] for p in v["player_info"]] == [None, 11, None]
    assert [p["vp"] for p in s.view(None)["player_info"]] == [None, None, None]
    assert v["hand"] == [{"id": c, "colour": COLOURS[c // 22], "symbol": v["symbols"][c // 22],
                          "value": (c >> 1) % 11} for c in s.hands[1]]
    text = json.dumps(v)
    assert '"vp": 7' not in text and '"vp": 13' not in text
    end_by_deck(s, 0)
    assert all(p["vp"] is not None for p in s.view(2)["player_info"])


def test_determinize_keeps_own_hand_and_redeals_the_rest():
    s = GAME.new(players=2, seed=11)
    d = s.determinize(0, Rng(5))
    assert d.hands[0] == s.hands[0]
    assert sorted(d.hands[1] + d.deck + d.removed) == sorted(s.hands[1] + s.deck + s.removed)
    assert (d.hands[1], d.removed) != (s.hands[1], s.removed)
    assert len(d.removed) == 30 and d.view(0) == s.view(0)


def test_load_rejects_inconsistent_data():
    s = GAME.new(players=3, seed=2)
    data = json.loads(json.dumps(s.to_json()))
    assert json.dumps(GAME.from_json(data).to_json(), sort_keys=True) == json.dumps(data, sort_keys=True)
    for key, bad in (("deck", data["deck"][1:]), ("turn", 7), ("phase", "dance"), ("pos", [[0, 0, 0, 0, 12]] * 3),
                     ("kinds", [[2, 2, 0, 0, 0]] + data["kinds"][1:]), ("vp", [-1, 0, 0])):
        with pytest.raises(RecordError):
            GAME.from_json(dict(data, **{key: bad}))


# --- properties --------------------------------------------------------------------------------------

def _cards(s) -> list[int]:
    return sorted(s.deck + s.removed + [c for h in s.hands for c in h] + [c for p in s.piles for c in p]
                  + [c for side in s.columns for col in side for c in col])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**32), st.booleans(), st.booleans(), st.integers(0, 2000))
def test_card_conservation_over_random_play(players, seed, directions, ban, steps):
    s = GAME.new(players=players, seed=seed, options={"directions": directions, "no_redraw": ban})
    rng = Rng(seed)
    for _ in range(steps):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        s.step(seat, rng.choice(s.legal_actions(seat)))
        assert s.crossed == sum(1 for side in s.pos for p in side if p >= 7) < 5
    assert _cards(s) == list(range(NCARDS))
    assert len(s.removed) == (30 if players == 2 else 0)
    assert all(v >= 0 for v in s.vp)
    GAME.from_json(json.loads(json.dumps(s.to_json())))  # still a valid position


def test_heuristic_is_legal_and_beats_random():
    wins = 0
    for seed in range(6):
        s = GAME.new(players=2, seed=seed, options={"length": "short"})
        rng = Rng(seed)
        while s.to_move():
            seat = s.to_move()[0]
            if seat == 0:
                a = heuristic_action(s, 0, rng)
                assert a in s.legal_actions(0)
                assert isinstance(evaluate(s, 0), float)
            else:
                a = rng.choice(s.legal_actions(seat))
            s.step(seat, a)
        wins += 0 in s.result()["winners"]
    assert wins >= 5


# --- bot evaluation (heuristic.py) ----------------------------------------------------------------

def _projection_position():
    """3 players, 30 deck cards (10 turns each), no tiles; seat 0: adventurer on yellow stone 3 over a
    column 2-4, hand yellow 3 (does not fit), 5, 7 and five blue cards (no blue piece)."""
    hand = sorted([card("yellow", 3), card("yellow", 5), card("yellow", 7)]
                  + [card("blue", v) for v in (1, 2, 3, 4, 6)])
    s = position(players=3, hands=[hand, [], []])
    s.deck = s.deck[:30]
    place(s, 0, "yellow", 3, column=[2, 4])
    return s


def test_projection_counts_fitting_hand_cards_and_a_share_of_future_draws():
    s = _projection_position()
    # 2 fitting cards in hand + 10 turns x 0.6 x (2 copies x 7 values >= 4) / (30 deck + 24) = 14/9 more.
    # Stone 3 + 3 5/9 = 6 5/9: 15 + 5/9 of the way to 30.
    assert projected_points(s, 0, 10.0) == pytest.approx(15 + 15 * 5 / 9)
    # Only 2 turns left: at most 2 stones (stone 5 = 10 points).
    assert projected_points(s, 0, 2.0) == pytest.approx(10.0)
    # A researcher doubles the stones (also below zero).
    s.kinds[0][C["yellow"]] = 2
    assert projected_points(s, 0, 2.0) == pytest.approx(20.0)
    assert projected_points(s, 0, 0.0) == pytest.approx(-20.0)


def test_projection_adds_tiles_on_the_way_and_estimate_floors_at_zero():
    s = _projection_position()
    s.board[C["yellow"]][4] = 10
    s.board[C["yellow"]][5] = ARTIFACT
    # Stones 4 and 5 passed: 10 points + 0.8 x (VP tile 10 + artifact worth 10).
    assert projected_points(s, 0, 2.0) == pytest.approx(10 + 0.8 * 20)
    s.board[C["yellow"]][4] = s.board[C["yellow"]][5] = 0
    s.pos[0][C["yellow"]] = 1
    s.kinds[0][C["yellow"]] = 2
    s.deck = []  # no turns left: a researcher on stone 1 stays at -40, the VP total floors at 0
    s.vp, s.chips, s.held = [60, 0, 0], [0, 0, 0], [1, 0, 0]
    assert estimate(s, 0) == pytest.approx(60 - 40 + 10)  # long game, expedition 1: 10 per artifact
    s.opts = {**s.opts, "length": "short"}
    s.total = 1
    assert estimate(s, 0) == pytest.approx(60 - 40 - 15)  # last expedition: 1 artifact = -15 (short table)
    s.vp = [25, 0, 0]
    assert estimate(s, 0) == 0.0  # 25 - 40 floors at 0, and so does 0 - 15


def test_evaluation_prefers_starting_a_long_colour_to_a_lone_card():
    """With five blue cards in hand, starting blue projects above zero; a lone card would stay negative."""
    s = _projection_position()
    blue = s.clone()
    blue.step(0, ("start", "blue", 1, "adventurer"))
    red = s.clone()
    red.hands[0][red.hands[0].index(card("yellow", 3))] = card("red", 8)
    red.hands[0].sort()
    red.step(0, ("start", "red", 8, "adventurer"))
    assert evaluate(blue, 0) > evaluate(s, 0) > evaluate(red, 0)


def test_projection_follows_the_column_direction_in_the_variant():
    s = _projection_position()
    s.opts = {**s.opts, "directions": True}
    # Column 2-4 ascends: yellow 5 and 7 fit (as without the variant): stone 3 + 2 + 14/9.
    assert projected_points(s, 0, 10.0) == pytest.approx(15 + 15 * 5 / 9)
    # Column 6-4 descends: only yellow 3 fits; 5 values (0-4) x 2 copies may still come:
    # 10 x 0.6 x 10 / 54 = 10/9 more, so stone 3 + 1 + 10/9 = 5 1/9: 10 + 1/9 of the way to 15.
    s.columns[0][C["yellow"]] = [card("yellow", 6), card("yellow", 4)]
    assert projected_points(s, 0, 10.0) == pytest.approx(10 + 5 / 9)
    # Undecided column 4-4: the better direction (up: 5 and 7 fit, 7 values may still come).
    s.columns[0][C["yellow"]] = [card("yellow", 4), card("yellow", 4, 1)]
    assert projected_points(s, 0, 10.0) == pytest.approx(15 + 15 * 5 / 9)


def _redraw_position():
    """Seat 0 walks white (stone 3, column 5 7) and just discarded white 8, which would fit on white 7;
    the white pile's top is that white 8, so ("draw", "white") takes it back: a pass in effect."""
    s = position(2, turn=0)
    place(s, 0, "white", 3, column=[5, 7])
    place(s, 0, "blue", 2, column=[2, 3])
    s.board[C["white"]][4] = 15
    s.hands[0] = sorted([card("white", 8), card("white", 9), card("blue", 4), card("blue", 6)]
                        + [card("yellow", v) for v in (2, 3, 4, 5)])
    return s


def test_bots_do_not_draw_back_the_card_they_just_discarded():
    """Issue 13: the board-game bot discarded white 8 and drew it straight back. Every bot's draw after
    that discard now takes another source, though the white 8 would fit its column."""
    from py_engine.bots import make_bot

    s = _redraw_position()
    s.apply(0, ("discard", "white", 8))
    assert s.piles[C["white"]] == [card("white", 8)] and ("draw", "white") in s.legal_actions(0)
    assert heuristic_action(s, 0, Rng(1)) == ("draw", "deck")
    for name, level in (("greedy", 1), ("search", 1), ("search", 2)):
        for seed in range(3):
            assert make_bot(name, game_id=GAME.id, level=level, seed=seed).choose(s, 0) == ("draw", "deck")


def test_bot_turn_is_never_a_discard_and_redraw():
    """With a useful move at hand (white 8 advances onto a 15-VP tile) the bots' whole turn is not
    'discard a card, draw it back'."""
    from py_engine.bots import make_bot

    for name, level in (("greedy", 1), ("search", 1)):
        for seed in range(3):
            s = _redraw_position()
            bot = make_bot(name, game_id=GAME.id, level=level, seed=seed)
            play = bot.choose(s, 0)
            s.apply(0, play)
            while s.phase == "move":
                s.apply(0, bot.choose(s, 0))
            draw = bot.choose(s, 0)
            assert not (play[0] == "discard" and draw == ("draw", play[1])), (name, seed, play, draw)
            if name == "greedy":
                assert play == ("advance", "white", 8)
