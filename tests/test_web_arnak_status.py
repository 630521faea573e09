"""Issue 35: Arnak's prompt speaks to the player who decides; while another player (a bot) decides, the status
line names that player without "you" and gives it no orders ("Player 2 is deciding", not "Player 2: you may exile a
card"; "Player 2 is taking their turn", not "Player 2: take a main action")."""

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
    # the bot's turn, its payment of travel, its round-end keep: said of it, not to it
    view["pending"] = {"seat": 1, "kind": "turn"}
    assert arnak.status_text(view, ui) == "Player 2 is taking their turn."
    view["pending"] = {"seat": 1, "kind": "free"}
    assert arnak.status_text(view, ui) == "Player 2 is taking their turn."
    view["pending"] = {"seat": 1, "kind": "travel", "for": ["dig", 2], "icons": ["boot"]}
    assert arnak.status_text(view, ui) == "Player 2 is deciding (dig at Camp 3)."
    view["pending"] = {"seat": 0, "kind": "turn"}
    assert arnak.status_text(view, ui) == "You: take a main action (or free actions), or pass."
    view["pending"] = {"seat": 0, "kind": "travel", "for": ["dig", 2], "icons": ["boot"]}
    assert arnak.status_text(view, ui) == "You: pay travel for dig at Camp 3: boot."
