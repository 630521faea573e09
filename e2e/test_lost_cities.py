"""Lost Cities in the real browser, clicked through as a person would."""

from __future__ import annotations

from .helpers import engine_state, new_game, play_turn_by_clicks, wait_for_me_or_modal


def test_full_round_against_bot_matches_engine(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 1})
    turns = 0
    while True:
        phase = wait_for_me_or_modal(page)
        if phase == "over":
            break
        assert phase == "play", phase
        play_turn_by_clicks(page, drag=turns == 3)
        turns += 1
        assert turns < 200
    state = engine_state(page)
    assert state.is_over()
    breakdown = state.view(None)["history"][0]["scores"]
    for seat in (0, 1):
        assert int(page.inner_text(f"[data-testid=sheet-r1-{seat}]")) == breakdown[seat]
        assert int(page.inner_text(f"[data-testid=final-{seat}]")) == state.scores()[seat]
    watch.assert_clean()


def test_hot_seat_hides_hand_between_turns(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Another person on this device"})
    first_hand = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(first_hand) == 8
    play_turn_by_clicks(page)
    page.click("[data-testid=handoff]")  # after a look at the card just drawn
    page.wait_for_selector("[data-testid=cover]")
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert "Player 2" in page.inner_text("[data-testid=cover]")
    page.click("[data-testid=uncover]")
    second_hand = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(second_hand) == 8 and not set(second_hand) & set(first_hand)
    play_turn_by_clicks(page)
    page.click("[data-testid=handoff]")
    page.wait_for_selector("[data-testid=cover]")
    assert page.locator("[data-testid=hand-card]").count() == 0
    watch.assert_clean()


def test_keyboard_only_turn(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"})
    page.focus("[data-testid=hand-card] >> nth=0")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    assert page.get_attribute(f'[data-card="{focused}"][data-testid=hand-card]', "aria-pressed") == "true"
    page.focus("[data-testid=discard-btn]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=deck][data-act]")
    page.focus("[data-testid=deck]")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('[data-testid=hand-card]').length === 8")
    state = engine_state(page)
    assert state.record.moves[0][1][0] == "discard" and state.record.moves[1][1] == ["draw", "deck"]
    watch.assert_clean()


def test_player_names_are_escaped(app):
    page, watch = app
    page.click("[data-testid=new-lost-cities]")
    page.fill("[data-testid=name-0]", '<img src=x onerror="window.pwned=1">')
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=hand-card]")
    assert page.evaluate("window.pwned") is None
    assert "<img src=x" in page.inner_text("body")
    watch.assert_clean()


def test_open_discards_option_shows_whole_piles(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"open_discards": True})
    for _ in range(3):
        page.locator("[data-testid=hand-card]").first.click()
        page.click("[data-testid=discard-btn]")
        page.click("[data-testid=deck]")
        assert wait_for_me_or_modal(page) == "play"
    page.click("[data-testid=open-piles] summary")
    shown = page.inner_text("[data-testid=open-piles]")
    for pile in engine_state(page).view(0)["discards"]:
        values = " ".join("W" if c["wager"] else str(c["value"]) for c in pile["cards"]) or "—"
        assert f'{pile["colour"]}: {values}' in shown
    watch.assert_clean()
