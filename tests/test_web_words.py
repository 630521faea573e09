"""web/render/words.py and web/render/recent.py in CPython: log lines that read right for "You" and for
names, "1 card", names for the engine's "seat N", and which moves of the other seats stay marked."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

from render.recent import recent_moves  # noqa: E402
from render.words import base_verb, count, log_sentence, name_seats, possessive, sentence  # noqa: E402

NAMES = ["You", "Anna", "Player 3"]


@pytest.mark.parametrize("verb, plain", [("plays", "play"), ("draws", "draw"), ("discards", "discard"),
                                         ("starts", "start"), ("moves", "move"), ("takes", "take"),
                                         ("reaches", "reach"), ("passes", "pass"), ("has", "have"), ("is", "are"),
                                         ("carries", "carry"), ("does", "do")])
def test_third_person_verbs_lose_their_s(verb, plain):
    assert base_verb(verb) == plain


def test_sentences_for_you_and_for_names():
    assert sentence("You", "plays yellow wager") == "You play yellow wager"
    assert sentence("you", "draws from the deck") == "you draw from the deck"
    assert sentence("Anna", "plays yellow wager") == "Anna plays yellow wager"
    assert possessive("You") == "Your" and possessive("Anna") == "Anna's"
    assert count(1, "card") == "1 card" and count(0, "card") == "0 cards" and count(3, "card") == "3 cards"


def test_log_lines_of_both_games():
    assert log_sentence({"seat": 0, "text": "plays yellow wager"}, NAMES) == "You play yellow wager"
    assert log_sentence({"seat": 1, "text": "discards red 4"}, NAMES) == "Anna discards red 4"
    assert log_sentence({"seat": 0, "text": "reaches the arrow on red stone 4"}, NAMES) == \
        "You reach the arrow on red stone 4"
    assert log_sentence({"seat": None, "text": "Expedition 1 begins; seat 1 starts"}, NAMES) == \
        "Expedition 1 begins; You start"
    assert log_sentence({"seat": None, "text": "Expedition 2 begins; seat 2 starts"}, NAMES) == \
        "Expedition 2 begins; Anna starts"
    assert log_sentence({"seat": None, "text": "Round 1 ends: 23 – -4"}, NAMES) == "Round 1 ends: 23 – -4"
    assert name_seats("seat 3 and seat 9", NAMES) == "Player 3 and seat 9"  # no such seat: left as it is


def test_recent_moves_since_my_last_move():
    moves = [(0, ["play", 1]), (0, ["draw", "deck"]), (1, ["play", 7]), (1, ["draw", "red"])]
    assert recent_moves(moves, 0) == {1: [["play", 7], ["draw", "red"]]}
    assert recent_moves(moves, 1) == {}  # my own move was the last one: nothing of the others to mark
    # three players: each other seat's latest turn, back to my own move
    three = [(0, ["p", 1]), (1, ["p", 2]), (1, ["d", "deck"]), (2, ["p", 3]), (2, ["d", "blue"])]
    assert recent_moves(three, 0) == {1: [["p", 2], ["d", "deck"]], 2: [["p", 3], ["d", "blue"]]}
    # a spectator: the latest turn of every seat, never two turns of one seat
    assert recent_moves(moves + [(0, ["play", 2])], None) == {0: [["play", 2]], 1: [["play", 7], ["draw", "red"]]}
    # nothing before the round's first move (floor)
    assert recent_moves(moves, 0, floor=3) == {1: [["draw", "red"]]}
