"""The Lost Cities study of public/rules-example.html: scoring an expedition with a wager, step by step.

Generated, never typed: `scoring_study()` builds the position and plays its moves with the engine (the other
player's moves are the first discard of a non-red card and a draw from the deck, whatever the seed dealt them), so
the study is valid by construction; tools/rules_example.py writes its embed code into the page, and
tests/test_web_study.py checks that the page holds exactly this study.
"""

from __future__ import annotations

from ...core import position as P
from ...core import study as S
from .zones import card_id, card_name

SEED = 36
HAND = ["red-7", "red-8", "red-9", "red-10", "blue-2", "green-5", "white-3", "yellow-4"]


def _position() -> dict:
    pos = P.starting("lost-cities", seed=SEED)
    zones = {k: ([] if v is not None else v) for k, v in pos["state"]["zones"].items()}
    zones.update({"expedition.0.red": ["red-w1", "red-3", "red-4", "red-5"], "hand.0": list(HAND),
                  "hand.1": None, "deck": None})
    pos["state"]["zones"] = zones
    pos["state"]["fields"] = {"round": 1, "score.0": 0, "score.1": 0, "turn": 0, "decision": "play",
                              "discarded": None, "starter": 0}
    pos["seed"] = SEED
    pos["annotations"] = {"caption": "", "highlight": [], "arrows": []}
    return pos


def scoring_study() -> dict:
    """The study value (checked by `study.check` in the tests)."""
    position = _position()
    state = P.check(position).state
    steps: list[dict] = [{
        "position": position,
        "caption": "Your red expedition: a wager, then 3, 4 and 5. An expedition scores its cards minus 20, "
                   "and a wager doubles that: (3 + 4 + 5 − 20) × 2 = −16.",
        "highlight": ["expedition.0.red"], "arrows": [["red-7", "expedition.0.red"]]}]

    def play(seat: int, action: tuple, **notes) -> None:
        state.apply(seat, action)
        steps.append({"move": [seat, state.game.encode(action)], **notes})

    def opponent() -> None:
        hand = state.hands[1]
        card = next(c for c in hand if not card_name(c).startswith("red-"))
        play(1, ("discard", card), caption="Your opponent discards a card…")
        play(1, ("draw", "deck"), caption="…and draws from the deck.")

    play(0, ("play", card_id("red-7")), caption="Red 7: (3 + 4 + 5 + 7 − 20) × 2 = −2. Nearly even.",
         highlight=["expedition.0.red"])
    play(0, ("draw", "deck"), caption="Every turn ends with a draw: here from the deck.")
    opponent()
    play(0, ("play", card_id("red-8")), question=True,
         caption="Your move: which card makes your red expedition score at last?",
         explain="Red 8 on your red expedition: (27 − 20) × 2 = +14. With a wager every point past 20 counts "
                 "twice, and a card kept in hand scores nothing.",
         highlight=["expedition.0.red"])
    play(0, ("draw", "deck"), caption="(27 − 20) × 2 = +14: the wager now doubles a gain.")
    opponent()
    play(0, ("play", card_id("red-9")), caption="Red 9: (36 − 20) × 2 = +32. Seven cards in the expedition.",
         highlight=["expedition.0.red"])
    play(0, ("draw", "deck"), caption="One more card for the bonus…")
    opponent()
    play(0, ("play", card_id("red-10")),
         caption="Red 10: (46 − 20) × 2 = 52, and an expedition of 8 cards (the wager counts) earns 20 more, "
                 "never doubled: 72 points.",
         highlight=["expedition.0.red"])
    return S.of_position(position, seed=SEED) | {"steps": steps}
