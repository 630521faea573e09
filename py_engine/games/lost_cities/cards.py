"""Lost Cities card data: colours, card ids, values.

A card is an int id = colour * 12 + k. k = 0, 1, 2 are the three wager cards of that
colour (value 0 in the card sum); k = 3..11 are the expedition cards 2..10.
"""

from __future__ import annotations

COLOURS = ("yellow", "blue", "white", "green", "red", "purple")
# Colour-blind-safe symbol for each colour, drawn on every card beside the colour.
SYMBOLS = ("sun", "wave", "peak", "leaf", "flame", "gem")
PER_COLOUR = 12
WAGERS = 3
VALUES = tuple(range(2, 11))
HAND_SIZE = 8
EXPEDITION_COST = 20
BONUS_MIN_CARDS = 8  # wagers count toward the 8
BONUS = 20


def colour_of(card: int) -> int:
    return card // PER_COLOUR


def value_of(card: int) -> int:
    """Card value; 0 for a wager card."""
    k = card % PER_COLOUR
    return 0 if k < WAGERS else k - 1


def is_wager(card: int) -> bool:
    return card % PER_COLOUR < WAGERS


def make_card(colour: int, value: int | None, copy: int = 0) -> int:
    """Card id for (colour, value); value None (or 0) is a wager (copy 0–2)."""
    if not value:
        if not 0 <= copy < WAGERS:
            raise ValueError(f"wager copy {copy} (0–2)")
        return colour * PER_COLOUR + copy
    if value not in VALUES:
        raise ValueError(f"card value {value} (2–10)")
    return colour * PER_COLOUR + value + 1  # k = value + 1, the inverse of value_of


def deck(colours: int) -> list[int]:
    return list(range(colours * PER_COLOUR))


def card_json(card: int) -> dict:
    c = colour_of(card)
    return {"id": card, "colour": COLOURS[c], "symbol": SYMBOLS[c], "value": value_of(card), "wager": is_wager(card)}


def card_name(card: int) -> str:
    c = COLOURS[colour_of(card)]
    return f"{c} wager" if is_wager(card) else f"{c} {value_of(card)}"
