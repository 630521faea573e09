"""Issue 35, a reason for every card the rules refuse (the Lost Cities board game): a card that can only be
discarded says why, from the seat's own view; a card that can start or advance a path says nothing."""

from __future__ import annotations

from .test_web_hostile import renderer

lcb = renderer("lost-cities-board")


def card(colour: str, value: int, cid: int = 1) -> dict:
    return {"id": cid, "colour": colour, "symbol": "x", "value": value}


def view(hand: list[dict], pieces: list[dict], columns: dict[str, tuple[list[dict], str | None]],
         supply: dict | None = None, directions: bool = False) -> dict:
    return {"seat": 0, "hand": hand, "options": {"directions": directions},
            "player_info": [{"seat": 0, "pieces": pieces, "supply": supply or {"adventurers": 3, "researcher": True},
                             "columns": [{"colour": c, "cards": cards, "direction": d}
                                         for c, (cards, d) in columns.items()]}]}


def test_a_column_that_has_passed_the_card_names_its_top_card():
    v = view([card("red", 5)], [{"colour": "red", "piece": "adventurer", "stone": 2}],
             {"red": ([card("red", 7, 2)], "ascending")})
    assert lcb.refusal(v, v["hand"][0], [("discard", "red", 5)]) == \
        "Your red column has reached red 7: only a card of that value or higher goes on it."
    v["player_info"][0]["columns"][0]["direction"] = "descending"
    assert lcb.refusal(v, v["hand"][0], [("discard", "red", 5)]) == \
        "Your red column runs down from red 7: only a card of that value or lower goes on it."


def test_a_new_path_starts_with_the_lowest_card_unless_the_variant_is_on():
    hand = [card("blue", 6, 1), card("blue", 3, 2)]
    v = view(hand, [], {"blue": ([], None)})
    assert lcb.refusal(v, hand[0], [("discard", "blue", 6)]) == \
        "A new blue path starts with your lowest blue card (blue 3)."
    assert lcb.refusal(v, hand[1], [("start", "blue", 3, "adventurer"), ("discard", "blue", 3)]) == ""
    v["options"]["directions"] = True
    assert lcb.refusal(v, hand[0], [("discard", "blue", 6)]) == ""  # (would be legal: no reason invented)


def test_no_piece_left_in_the_supply():
    hand = [card("green", 2)]
    v = view(hand, [{"colour": c, "piece": "adventurer", "stone": 1} for c in ("red", "blue", "white")]
             + [{"colour": "yellow", "piece": "researcher", "stone": 1}], {"green": ([], None)},
             supply={"adventurers": 0, "researcher": False})
    assert lcb.refusal(v, hand[0], [("discard", "green", 2)]) == \
        "All your pieces are already on paths: a card can only start a path with a piece left."
    html = str(lcb.action_buttons(dict(v, pending={"decision": "play"}),
                                  {"selected": "1", "legal": [["discard", "green", 2]]}))
    assert 'data-testid="discard-btn"' in html and 'data-testid="refusal"' in html
