"""A press is never lost to a redraw from elsewhere (public/press.js, web/press.py).

Two bots play Lost Cities at the fast speed while the mouse holds the Home button down: their moves go on
(the record grows) but the page is not drawn again until the button comes up, so the pressed button is
still the one under the pointer and its click goes home. A press that ends away from the button (no click)
lets the held redraw through."""

from __future__ import annotations

import time

from .helpers import moves_made, new_game

HOME = "[data-testid=home]"
KEEP_PRESSED = """() => document.addEventListener('pointerdown',
    e => { window.__held = e.target.closest('[data-cmd]'); }, {capture: true, once: true})"""  # what was pressed


def _bots_playing(page) -> None:
    page.select_option("[data-testid=bot-speed]", "fast")
    new_game(page, {0: "bot1", 1: "bot1"})
    page.wait_for_function("() => window.explorersRecord() !== 'null' "
                           "&& JSON.parse(window.explorersRecord()).moves.length >= 2", timeout=60_000)


def _hold_through_a_move(page) -> None:
    """Mouse down on Home and keep it down until a bot has moved (well inside the 3 s a press may hold)."""
    for _ in range(3):
        page.evaluate(KEEP_PRESSED)
        box = page.locator(HOME).bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        n, t0 = moves_made(page), time.monotonic()
        page.mouse.down()
        page.wait_for_function(f"() => JSON.parse(window.explorersRecord()).moves.length > {n}", timeout=30_000)
        if time.monotonic() - t0 < 2.0:
            return
        page.mouse.move(1, 1)  # too slow to tell (a loaded machine): let go away from the button, try again
        page.mouse.up()
    raise AssertionError("no bot moved within 2 s of a press, three times")


def test_a_press_outlasts_the_bots_redraws_and_its_click_counts(app):
    page, watch = app
    page.click("[data-testid=settings] summary")
    _bots_playing(page)
    _hold_through_a_move(page)
    assert page.evaluate("window.__held.isConnected"), "a bot's redraw replaced the pressed button"
    page.mouse.up()
    page.wait_for_selector("[data-testid=new-lost-cities]")  # the click went home
    watch.assert_clean()


def test_a_press_that_ends_elsewhere_lets_the_held_redraw_through(app):
    page, watch = app
    page.click("[data-testid=settings] summary")
    _bots_playing(page)
    _hold_through_a_move(page)
    assert page.evaluate("window.__held.isConnected")
    n = moves_made(page)
    page.mouse.move(1, 1)
    page.mouse.up()  # no click: released away from the button
    page.wait_for_function("() => !window.__held.isConnected", timeout=10_000)  # drawn again at once
    assert page.locator("[data-testid=new-lost-cities]").count() == 0 and moves_made(page) >= n
    watch.assert_clean()
