"""A press is never lost to a redraw from elsewhere (public/press.js, web/press.py).

Two bots play Lost Cities at the fast speed while the mouse holds the Home button down: their moves go on
(the record grows) but the page is not drawn again until the button comes up, so the pressed button is
still the one under the pointer and its click goes home. A press that ends away from the button (no click)
lets the held redraw through."""

from __future__ import annotations

from .helpers import choose_setting, moves_made, new_game, play_turn_by_clicks, wait_for_me_or_modal

HOME = "[data-testid=home]"
# the element pressed and when, whatever was drawn before the press
KEEP_PRESSED = """() => document.addEventListener('pointerdown', e => {
    window.__held = e.target.closest('[data-cmd]'); window.__downAt = performance.now();
    window.__movesAtDown = JSON.parse(window.explorersRecord()).moves.length; },
    {capture: true, once: true})"""
# in the page, at the moment a bot's move is seen: was the pressed button still there, how long after the press
SEEN_MOVE = """n => {
    if (JSON.parse(window.explorersRecord()).moves.length <= n) return false;
    window.__seen = {connected: window.__held.isConnected, after: performance.now() - window.__downAt};
    return true; }"""
HOME_CENTRE = f"""() => {{ const r = document.querySelector('{HOME}').getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; }}"""


def _bots_playing(page) -> None:
    choose_setting(page, "bot-speed", "fast")
    new_game(page, {0: "Bot — level 1 (easy)", 1: "Bot — level 1 (easy)"}, {"rounds": 3})
    page.wait_for_function("() => window.explorersRecord() !== 'null' "
                           "&& JSON.parse(window.explorersRecord()).moves.length >= 2", timeout=60_000)


def _hold_through_a_move(page) -> None:
    """Mouse down on Home and keep it down until a bot has moved, well inside the 3 s a press may hold back
    redraws; checked in the page when the move is seen."""
    for _ in range(5):
        page.wait_for_selector(HOME)
        page.evaluate(KEEP_PRESSED)
        page.mouse.move(*page.evaluate(HOME_CENTRE))
        n = moves_made(page)
        page.mouse.down()
        page.wait_for_function(SEEN_MOVE, arg=n, timeout=30_000, polling=50)
        seen = page.evaluate("window.__seen")
        if seen["after"] < 2000:
            assert seen["connected"], f"a bot's redraw replaced the pressed button ({seen})"
            return
        page.mouse.move(1, 1)  # too slow to tell (a loaded machine): let go away from the button, try again
        page.mouse.up()
    raise AssertionError("no bot moved within 2 s of a press, five times")


def test_a_press_outlasts_the_bots_redraws_and_its_click_counts(app):
    page, watch = app
    _bots_playing(page)
    _hold_through_a_move(page)
    page.mouse.up()
    page.wait_for_selector("[data-testid=new-lost-cities]")  # the click went home
    watch.assert_clean()


def test_a_press_that_ends_elsewhere_lets_the_held_redraw_through(app):
    """Against one bot: Home is held down while the bot plays its whole turn; let go away from the button (no
    click), the page shows the person's turn at once, drawn by the redraw the press held back (nothing else
    would draw it: no bot moves after that)."""
    page, watch = app
    choose_setting(page, "bot-speed", "fast")
    new_game(page, {1: "Bot — level 1 (easy)"}, {"rounds": 3})
    for _ in range(8):
        assert wait_for_me_or_modal(page) == "play"
        mine = moves_made(page) + 2  # the play and the draw
        play_turn_by_clicks(page)  # its last click draws: the bot's turn begins
        page.evaluate(KEEP_PRESSED)
        page.mouse.move(*page.evaluate(HOME_CENTRE))
        page.mouse.down()
        page.wait_for_function(f"() => JSON.parse(window.explorersRecord()).moves.length >= {mine + 2}",
                               timeout=30_000)  # the bot played and drew
        seen = page.evaluate("""() => ({connected: window.__held.isConnected, at: window.__movesAtDown,
                                         after: performance.now() - window.__downAt, hand:
                                         document.querySelectorAll('[data-testid=hand-card][data-cmd]').length})""")
        page.mouse.move(1, 1)
        page.mouse.up()  # no click: released away from the button
        if seen["at"] < mine + 2 and seen["after"] < 2000:  # the bot's last move came while the press held
            assert seen["connected"] and seen["hand"] == 0, seen  # not drawn yet
            page.wait_for_selector("[data-testid=hand-card][data-cmd]", timeout=5_000)  # drawn on release
            assert page.locator("[data-testid=new-lost-cities]").count() == 0
            watch.assert_clean()
            return
    raise AssertionError("no bot turn ended while a press held, eight times")
