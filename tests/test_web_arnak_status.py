"""Issue 35: Arnak's prompt speaks to the player who decides; while another player (a bot) decides, the status
line names that player without "you" ("Player 2 is deciding", not "Player 2: you may exile a card")."""

from __future__ import annotations

from py_engine import get_game

from .test_web_hostile import renderer

arnak = renderer("arnak")


def test_the_prompt_of_another_players_decision_has_no_you():
    view = get_game("arnak").new(players=2, seed=4, options={}).view(0)
    ui = {"me": 0, "names": ["You", "Player 2"], "legal": []}
    view["pending"] = {"seat": 1, "kind": "exile"}
    assert arnak.status_text(view, ui) == "Player 2 is deciding."
    view["pending"] = {"seat": 0, "kind": "exile"}
    assert arnak.status_text(view, ui) == "You: you may exile a card."
    view["pending"] = {"seat": 1, "kind": "turn"}
    assert arnak.status_text(view, ui) == "Player 2: take a main action (or free actions), or pass."
