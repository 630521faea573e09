"""Lost Cities: The Board Game — component data (reference/lost-cities.md section 3).

Values marked STAND-IN are not printed in the seed or any public source; they are documented
guesses (reference 3.3-3.5) and listed in `STAND_INS` for the rules help.

Cards: id = colour * 22 + value * 2 + copy (value 0-10, copy 0-1), so `id >> 1 == colour * 11 + value`.
Event tiles on the board are ints: 0 = no tile, ARTIFACT, ARROW, or a positive VP tile value.
"""

from __future__ import annotations

COLOURS = ("yellow", "blue", "white", "green", "red")
# Colour-blind-safe symbol per colour (same set as the card game).
SYMBOLS = ("sun", "wave", "peak", "leaf", "flame")
NCOL = 5
VALUES = 11  # card values 0..10
COPIES = 2
NCARDS = NCOL * VALUES * COPIES  # 110
HAND_SIZE = 8
TWO_PLAYER_REMOVED = 30  # removed face down before every deal with 2 players (reference 3.6)

STONES = 9
# Points of stones 1..9 (index = stone - 1). Reference 3.2: derived, high confidence (Keltis x5).
STONE_VALUES = (-20, -15, -10, 5, 10, 15, 30, 35, 50)
BRIDGE_AFTER = 6  # the bridge lies between stones 6 and 7
CROSSINGS_TO_END = 5  # pieces standing on stones 7-9 that end the expedition
ADVENTURERS = 4
RESEARCHER_MULTIPLIER = 2

ARTIFACT, ARROW = -1, -2
ARTIFACT_TILES = 9
ARROW_TILES = 9
# STAND-IN: the 7 VP tile values (Keltis 1,1,2,2,2,3,3 x5; the seed shows a 15).
VP_TILE_VALUES = (5, 5, 10, 10, 10, 15, 15)
# STAND-IN: event-tile spaces (stones) of each path, in COLOURS order; 25 spaces for 25 tiles.
TILE_SPACES = ((2, 4, 5, 7, 9), (3, 4, 6, 8, 9), (2, 3, 5, 8, 9), (3, 5, 6, 7, 9), (2, 4, 6, 8, 9))
# STAND-IN: artifact chips -> points; index = chips, the last entry applies to that many and more.
ARTIFACT_LONG = (-40, -35, -30, -25, -20, -10, 10, 20, 30, 40, 50, 60, 70)
ARTIFACT_SHORT = (-20, -15, 10, 15, 30, 50)
EXPEDITIONS = {"long": 3, "short": 1}

STAND_INS = (
    "STAND-IN: event-tile spaces per path (stones): yellow 2,4,5,7,9; blue 3,4,6,8,9; white 2,3,5,8,9; "
    "green 3,5,6,7,9; red 2,4,6,8,9.",
    "STAND-IN: victory-point tiles are worth 5, 5, 10, 10, 10, 15, 15.",
    "STAND-IN: long artifact table (0..12+ chips): -40, -35, -30, -25, -20, -10, 10, 20, 30, 40, 50, 60, 70.",
    "STAND-IN: short artifact table (0..5+ chips): -20, -15, 10, 15, 30, 50.",
    "Derived (high confidence): stone values -20, -15, -10, 5, 10, 15 | bridge | 30, 35, 50 on every path.",
)


def tile_set() -> list[int]:
    """The 25 event tiles as board codes (unshuffled)."""
    return [ARTIFACT] * ARTIFACT_TILES + [ARROW] * ARROW_TILES + list(VP_TILE_VALUES)


def artifact_points(chips: int, length: str) -> int:
    """Points for `chips` artifact chips on the long (3 expeditions) or short (1 expedition) table."""
    table = ARTIFACT_LONG if length == "long" else ARTIFACT_SHORT
    return table[min(chips, len(table) - 1)]


def card_colour(card: int) -> int:
    return card // (VALUES * COPIES)


def card_value(card: int) -> int:
    return (card >> 1) % VALUES


def make_card(colour: int, value: int, copy: int = 0) -> int:
    return colour * VALUES * COPIES + value * COPIES + copy


def card_json(card: int) -> dict:
    c = card_colour(card)
    return {"id": card, "colour": COLOURS[c], "symbol": SYMBOLS[c], "value": card_value(card)}


assert sum(len(s) for s in TILE_SPACES) == len(tile_set()) == 25
