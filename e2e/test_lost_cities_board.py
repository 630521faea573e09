"""Lost Cities: The Board Game in the real browser against two bots, by clicks: a whole short game, and the
first expedition of a long game up to its score sheet and the start of the next expedition."""

from __future__ import annotations

import json

from .helpers import TURN_TIMEOUT, choose, engine_state, wait_for_moves

MINE_OR_OVER = """() => document.querySelector('[data-testid=new-game]')
    || document.querySelector('[data-testid=next-round]')
    || document.querySelector('svg[data-testid=lcb-board][data-mine="1"]')"""


def start_game(page, length: str = "short") -> None:
    page.click("[data-testid=new-lost-cities-board]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    choose(page, "[data-testid=seat-2]", "Bot — level 1 (easy)")
    choose(page, "[data-opt=length]", length)
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=lcb-board]")


def moves_made(page) -> int:
    return len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])


def act(page, selector: str) -> None:
    """Click something that takes a legal action and wait until the engine has it."""
    before = moves_made(page)
    page.click(selector)
    wait_for_moves(page, before + 1)


def play(page, turn: int) -> None:
    """Advance a path when possible (board stone or button), else start one (board piece or button), else
    discard by clicking the lit pile."""
    hand = page.locator("[data-testid=hand-card]")
    advance = page.locator('[data-testid=hand-card][data-plays~="advance"]')
    start = page.locator('[data-testid=hand-card][data-plays~="start"]')
    card = advance.first if advance.count() else start.first if start.count() else hand.first
    card_id = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=true]')
    if advance.count():
        act(page, "[data-testid=advance-btn]" if turn % 2 else '[data-testid^=stone-][data-act*="advance"]')
    elif start.count():
        researcher = page.locator("[data-testid=start-researcher-btn]")
        act(page, "[data-testid=start-researcher-btn]" if researcher.count() and turn % 3 == 0
            else "[data-testid=start-adventurer-btn], [data-testid=start-researcher-btn]")
    else:
        act(page, "[data-testid^=pile-][data-act]")


def play_expedition(page) -> int:
    """Play my decisions by clicks until a score sheet opens (expedition or game over); my turns."""
    turns = moves = 0
    while True:
        page.wait_for_function(MINE_OR_OVER, timeout=TURN_TIMEOUT)
        if page.locator("[data-testid=new-game], [data-testid=next-round]").count():
            return turns
        decision = page.get_attribute("svg[data-testid=lcb-board]", "data-decision")
        if decision == "play":
            turns += 1
            play(page, turns)
        elif decision == "move":
            moves += 1
            act(page, "[data-testid=pass-btn]" if moves % 3 == 0 else "[data-testid^=stone-][data-act]")
        else:
            pile = page.locator("[data-testid^=pile-][data-act]")
            act(page, "[data-testid^=pile-][data-act]" if turns % 4 == 0 and pile.count() else
                "[data-testid=deck]")
        assert turns < 80


def test_short_three_player_game_by_clicks_matches_engine(app):
    page, watch = app
    start_game(page)
    turns = play_expedition(page)
    state = engine_state(page)
    assert state.is_over() and len(state.view(None)["history"]) == 1
    scores = state.scores()
    page.wait_for_selector("[data-testid=result-head]")
    for seat in range(3):
        assert int(page.inner_text(f"[data-testid=final-{seat}]")) == scores[seat]
        assert int(page.inner_text(f"[data-testid=sheet-total-{seat}]")) == scores[seat]
    assert turns >= 3
    watch.assert_clean()


def test_long_game_sheet_after_the_first_expedition_then_the_next_one(app):
    page, watch = app
    start_game(page, "long")
    assert "Expedition 1 of 3" in page.text_content("svg[data-testid=lcb-board]")
    assert play_expedition(page) >= 3
    state = engine_state(page)  # the bots wait while the sheet is open: nothing of expedition 2 is played
    view = state.view(None)
    assert not state.is_over() and state.expedition == 2 and len(view["history"]) == 1
    assert all(p == 0 for side in state.pos for p in side) and state.crossed == 0
    sheet = page.inner_text("[data-testid=score-sheet]")
    assert "Expedition 1" in sheet and "(so far" not in sheet
    # My VP after the expedition is mine to see; the others' totals stay face down until the end.
    assert int(page.inner_text("[data-testid=sheet-e1-0]")) == state.vp[0]
    assert page.locator("[data-testid=sheet-e1-1], [data-testid=sheet-e1-2]").count() == 0
    assert sheet.count("hidden") == 2
    page.click("[data-testid=next-round]")
    page.wait_for_selector("[data-testid=score-sheet]", state="detached")
    page.wait_for_function("""() => document.querySelector('svg[data-testid=lcb-board]')
        && document.querySelector('svg[data-testid=lcb-board]').textContent.includes('Expedition 2 of 3')""",
                           timeout=TURN_TIMEOUT)
    # Play continues into expedition 2 (the bots move again, then it is my turn).
    page.wait_for_function(MINE_OR_OVER, timeout=TURN_TIMEOUT)
    assert engine_state(page).expedition == 2
    watch.assert_clean()
