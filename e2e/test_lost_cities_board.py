"""Lost Cities: The Board Game in the real browser: one short game against two bots, by clicks."""

from __future__ import annotations

import json

from .helpers import TURN_TIMEOUT, engine_state

MINE_OR_OVER = """() => document.querySelector('[data-testid=new-game]')
    || document.querySelector('svg[data-testid=lcb-board][data-mine="1"]')"""


def start_short_game(page) -> None:
    page.click("[data-testid=new-lost-cities-board]")
    page.select_option("[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    page.select_option("[data-testid=seat-1]", "bot1")
    page.select_option("[data-testid=seat-2]", "bot1")
    page.select_option("[data-opt=length]", "short")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=lcb-board]")


def moves_made(page) -> int:
    return len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])


def act(page, selector: str) -> None:
    """Click something that takes a legal action and wait until the engine has it."""
    before = moves_made(page)
    page.click(selector)
    page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {before}", timeout=TURN_TIMEOUT)


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
            else "svg [data-testid^=start-][data-act]")
    else:
        act(page, "[data-testid^=pile-][data-act]")


def test_short_three_player_game_by_clicks_matches_engine(app):
    page, watch = app
    start_short_game(page)
    turns = moves = 0
    while True:
        page.wait_for_function(MINE_OR_OVER, timeout=TURN_TIMEOUT)
        if page.locator("[data-testid=new-game]").count():
            break
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
    state = engine_state(page)
    assert state.is_over() and len(state.view(None)["history"]) == 1
    scores = state.scores()
    page.wait_for_selector("[data-testid=result-head]")
    for seat in range(3):
        assert int(page.inner_text(f"[data-testid=final-{seat}]")) == scores[seat]
        assert int(page.inner_text(f"[data-testid=sheet-total-{seat}]")) == scores[seat]
    assert turns >= 3
    watch.assert_clean()
