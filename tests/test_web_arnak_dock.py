"""Issue 35, Arnak at 1366x768 (and on a phone) on one screen: the table (ui["dock"]) draws the board in a frame
that scrolls and your hand in a strip docked under it; both copies of identical cards (two Fear cards) light up;
during another player's turn no hand card invites a click; the idol slots are lit on your board area, not
buttons beside "pass"."""

from __future__ import annotations

import re

from py_engine import get_game

from .test_web_hostile import renderer

arnak = renderer("arnak")


def table(players: int = 2, idols: int = 0):
    state = get_game("arnak").new(players=players, seed=4, options={})
    state.p[0].idols = idols
    ui = {"me": 0, "names": ["You", "Bot 1"], "legal": state.legal_actions(0), "dock": True}
    return state.view(0), ui


def hand_card(html: str, testid: str) -> str:
    found = re.search(r'<g [^>]*data-testid="' + re.escape(testid) + r'"[^>]*>', html)
    assert found, testid
    return found.group(0)


def test_the_hand_is_docked_under_the_boards_frame_at_the_table():
    view, ui = table()
    html = str(arnak.render(view, ui))
    frame, strip = html.index('data-testid="arnak-frame"'), html.index('data-testid="hand-dock"')
    assert frame < html.index('data-testid="arnak-board"') < strip < html.index('data-testid="arnak-hand"')
    assert 'data-testid="hand-201-0"' in html[strip:]  # the hand is in the strip, not on the board
    assert 'data-testid="board-zoom-in"' in html and 'data-testid="board-zoom-out"' in html
    # a phone's table docks the same way (issue 35, the phone part); its zoom buttons are in the page's tool row
    html = str(arnak.render(view, dict(ui, narrow=True)))
    frame, strip = html.index('data-testid="arnak-frame"'), html.index('data-testid="hand-dock"')
    assert frame < html.index('data-layout="phone"') < strip
    assert 'data-testid="hand-201-0"' in html[strip:] and "board-zoom-in" not in html
    # elsewhere (a replay, an embed) one drawing as before
    html = str(arnak.render(view, {k: v for k, v in ui.items() if k != "dock"}))
    assert "arnak-frame" not in html and "hand-dock" not in html and 'data-testid="hand-201-0"' in html


def test_both_fear_cards_take_a_click_and_none_in_another_players_turn():
    view, ui = table()
    html = str(arnak.render(view, ui))
    for copy in (0, 1):
        assert 'data-cmd="select"' in hand_card(html, f"hand-300-{copy}")
    view["pending"] = dict(view["pending"], seat=1)  # the bot's turn: nothing to select in your hand
    html = str(arnak.render(view, dict(ui, legal=[])))
    for testid in ("hand-300-0", "hand-300-1", "hand-201-0"):
        assert "data-cmd" not in hand_card(html, testid) and "data-act" not in hand_card(html, testid)


def test_idol_slots_are_on_the_board_not_buttons_beside_pass():
    view, ui = table(idols=1)
    html = str(arnak.action_buttons(view, ui))
    buttons = re.findall(r'<button [^>]*data-testid="(act-[^"]+)"[^>]*>', html)
    assert buttons == ["act-pass"]  # the idol slots are lit on your board area (tests/test_web_arnak_pieces.py)
    assert all(f'data-testid="idol-slot-{k}"' in str(arnak.render(view, ui)) for k in range(5))
