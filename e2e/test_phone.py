"""Issue 35, the phone part: at 390x844 with touch, the table of each of the five games is played without
scrolling the page, as on colonist.io or BGA mobile. At the first decision, in mid-game and at a round's end
(reached through a finished game's replay and "Play on from here", as in e2e/test_one_screen.py):

- the page does not scroll and nothing is wider than the screen;
- every enabled control of the current decision and every card of your hand is inside the window, or inside a
  frame that is itself in the window and reachable by scrolling that frame (the board's pan box, the hand strip);
- your hand and the decision, pinned at the foot of the screen, take at most a third of its height;
- the board's smallest text is 12 px or more (each text's own scale: the pieces a phone draws larger count so);
- the drawer (players, scores, log) opens and closes by a tap on its summary; the zoom buttons change the
  board's scale in its pan box and back; the table's commands (zoom, undo, and score sheet, rules, share and
  embed in the "More" menu) all lie on the screen.

Tapping a card in the hand, then a lit target on the board, plays it (Lost Cities, Arnak): the selection brings
the first lit target into view inside the pan box. Back on the home page, the game just played is listed above
the five game cards, its "Continue" on the first screen.
"""

from __future__ import annotations

import pytest

from .conftest import open_app
from .helpers import TURN_TIMEOUT, assert_reachable, moves_made, settled, wait_for_moves
from .test_one_screen import GAMES, LAYOUT, MY_DECISION, OUTSIDE, finished_link, round_end_link, round_end_on_one_screen

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}

# the smallest board text on screen, each <text> at its own scale (a piece drawn larger counts larger)
SMALLEST_TEXT = """() => {
  let least = Infinity, what = '';
  for (const t of document.querySelectorAll('#board svg text')) {
    if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < least) { least = px; what = t.textContent; }
  }
  return [least, what];
}"""
# the pinned area: from the top of the hand strip (or of the decision's box) to the foot of the screen
PINNED = """() => {
  const tops = [...document.querySelectorAll('#board .hand-dock, #card-actions:not(:empty)')]
    .map(el => el.getBoundingClientRect()).filter(r => r.height);
  const dock = document.querySelector('#board .hand-dock');
  const d = dock ? dock.getBoundingClientRect() : null;
  return {top: Math.min(innerHeight, ...tops.map(r => r.top)), bottom: Math.max(0, ...tops.map(r => r.bottom)),
          dockIn: !d || (d.top >= -1 && d.bottom <= innerHeight + 1 && d.left >= -1 && d.right <= innerWidth + 1)};
}"""
BOARD_WIDTH = "() => document.querySelector('#board :is(.pan, .scroll-frame) svg').getBoundingClientRect().width"


def assert_phone_table(page, where: str) -> None:
    page.wait_for_function(MY_DECISION, timeout=TURN_TIMEOUT)
    settled(page)
    layout = page.evaluate(LAYOUT)
    if layout["scroll"] > 1:
        page.screenshot(path=f"/tmp/phone-{where.split(',')[0]}.png", full_page=True)
    assert layout["scroll"] <= 1, f"{where}: the page scrolls by {layout['scroll']} px"
    assert layout["wide"] <= 1, f"{where}: the page is {layout['wide']} px wider than the screen"
    outside = page.evaluate(OUTSIDE)
    assert not outside, f"{where}: controls outside the screen: {outside}"
    pinned = page.evaluate(PINNED)
    assert pinned["dockIn"], f"{where}: the hand strip leaves the screen"
    assert pinned["bottom"] <= 844 + 1, f"{where}: the pinned area ends {pinned['bottom']} px down"
    assert 844 - pinned["top"] <= 844 / 3, f"{where}: hand and decision take {844 - pinned['top']:.0f} px"
    least, what = page.evaluate(SMALLEST_TEXT)
    assert least >= 12 - 0.05, f"{where}: board text {what!r} renders at {least:.1f} px"


def assert_drawer_and_zoom(page, where: str) -> None:
    """The drawer opens over the board and closes by taps on its summary; the zoom buttons scale the board."""
    summary = page.locator("[data-testid=side] > summary")
    assert page.locator("[data-testid=side][open]").count() == 0
    summary.tap()
    page.wait_for_selector("[data-testid=side][open] > h2", state="visible")
    box = summary.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, f"{where}: the open drawer's summary is off screen"
    assert page.evaluate(LAYOUT)["scroll"] <= 1
    summary.tap()
    page.wait_for_selector("[data-testid=side]:not([open])", state="attached")
    before = page.evaluate(BOARD_WIDTH)
    assert page.locator("[data-testid=board-zoom-out]").is_disabled()  # never below the readable size
    page.tap("[data-testid=board-zoom-in]")
    page.wait_for_function(f"() => ({BOARD_WIDTH})() >= {before * 1.2}")
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= 1 and layout["wide"] <= 1, f"{where}: zoomed in, the page scrolls: {layout}"
    page.tap("[data-testid=board-zoom-out]")
    page.wait_for_function(f"() => Math.abs(({BOARD_WIDTH})() - {before}) < 1")
    # the table's commands: zoom, undo and "More" in the tool row, the rest in the menu, every one on the screen
    tools = "[data-testid=table-tools] button, [data-testid=more-tools-open]"
    page.tap("[data-testid=more-tools-open]")
    page.wait_for_selector("[data-testid=more-tools][open] [data-testid=open-sheet]", state="visible")
    for box in (el.bounding_box() for el in page.locator(tools).all() if el.is_visible()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1 and 0 <= box["y"] and \
            box["y"] + box["height"] <= 844, f"{where}: a table command lies off the screen: {box}"
    page.tap("[data-testid=more-tools-open]")  # its summary closes the menu again
    page.wait_for_selector("[data-testid=more-tools]:not([open])", state="attached")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_table_is_playable_on_a_phone_without_scrolling(browser, site, game_id):
    context, page, watch = open_app(browser, site, **PHONE)
    try:
        page.tap(f"[data-testid=new-{game_id}]")
        page.tap("[data-testid=start]")
        assert_phone_table(page, f"{game_id}, first decision")
        assert_drawer_and_zoom(page, f"{game_id}, first decision")
        assert_phone_table(page, f"{game_id}, first decision, after drawer and zoom")
        link, half = finished_link(game_id, GAMES[game_id], 11)
        page.goto(site + link)
        page.wait_for_selector("[data-testid=replay-board]")
        page.tap(f"[data-testid=rp-move-{half}]")
        page.wait_for_selector(f'[data-testid=rp-move-{half}][aria-current=step]')
        page.tap("[data-testid=play-from-here]")
        assert_phone_table(page, f"{game_id}, move {half}")
        if game_id != "lost-cities":  # (its round's end: e2e/test_table.py, a whole round played at both sizes)
            link, k, move = round_end_link(game_id, GAMES[game_id])
            round_end_on_one_screen(page, site, link, k, move, f"{game_id}, round's end", tap=True, laptop=False)
        watch.assert_clean()
    finally:
        context.close()


def lit_in_view(page, selector: str) -> bool:
    """Whether the first element matching `selector` lies inside the board's pan box and the screen."""
    return page.evaluate("""sel => {
      const el = document.querySelector(sel);
      const f = el && el.closest('.pan, .scroll-frame');
      if (!f) return false;
      const r = el.getBoundingClientRect(), b = f.getBoundingClientRect();
      return r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.left >= b.left - 1 && r.right <= b.right + 1
        && r.top >= 0 && r.bottom <= innerHeight;
    }""", selector)


def test_lost_cities_a_tapped_card_then_a_lit_expedition_plays_it(browser, site):
    context, page, watch = open_app(browser, site, **PHONE)
    try:
        page.tap("[data-testid=new-lost-cities]")
        page.tap("[data-testid=start]")
        for turn in range(2):
            page.wait_for_selector('[data-testid=hand-card][data-cmd="select"]', timeout=TURN_TIMEOUT)
            pan = page.locator("[data-testid=lc-pan]")
            pan.hover(position={"x": 40, "y": 40})  # a person scrolls the board back to the opponent's side
            page.mouse.wheel(0, -5000)
            page.wait_for_function("() => document.querySelector('[data-testid=lc-pan]').scrollTop === 0")
            card = page.locator('[data-testid=hand-card][data-can-play="1"]').first
            colour = card.get_attribute("data-card")
            before = moves_made(page)
            card.tap()
            lit = "#board [data-testid^=expedition-][data-act]"
            page.wait_for_selector(lit)
            page.wait_for_function("s => { const el = document.querySelector(s); if (!el) return false;"
                                   " const r = el.getBoundingClientRect(),"
                                   " b = el.closest('.pan').getBoundingClientRect();"
                                   " return r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }", arg=lit)
            assert lit_in_view(page, lit), f"turn {turn}: the lit expedition is not brought into view"
            assert page.evaluate(LAYOUT)["scroll"] <= 1
            page.locator(lit).first.tap()
            wait_for_moves(page, before + 1)
            assert page.locator(f'[data-testid=hand-card][data-card="{colour}"]').count() == 0
            assert_phone_table(page, f"lost-cities, turn {turn}, draw")
            page.tap("#board [data-testid=deck][data-act]")
            wait_for_moves(page, before + 2)
        # back home, the game just played is above the five game cards: "Continue" on the first screen
        page.tap("[data-testid=home]")
        page.wait_for_selector("[data-testid=new-lost-cities]")
        again = page.locator("[data-testid=continue]")
        box = again.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, "the saved game is below the first screen"
        again.tap()
        page.wait_for_selector('[data-testid=hand-card][data-cmd="select"]', timeout=TURN_TIMEOUT)
        watch.assert_clean()
    finally:
        context.close()


def test_arnak_a_tapped_card_then_a_lit_site_plays_it(browser, site):
    context, page, watch = open_app(browser, site, **PHONE)
    try:
        page.tap("[data-testid=new-arnak]")
        page.tap("[data-testid=start]")
        assert_phone_table(page, "arnak, solo, first decision")
        card = page.locator("[data-testid=arnak-hand] [data-testid^=hand-20][data-cmd=select]").first
        before = moves_made(page)
        card.tap()
        lit = "#board [data-testid=arnak-frame] rect.lit[data-act]"
        page.wait_for_selector(lit)
        page.wait_for_function("s => { const el = document.querySelector(s); if (!el) return false;"
                               " const r = el.getBoundingClientRect(),"
                               " b = el.closest('.scroll-frame').getBoundingClientRect();"
                               " return r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }", arg=lit)
        assert lit_in_view(page, lit), "the lit site is not brought into view"
        page.locator(lit).first.tap()
        wait_for_moves(page, before + 1)
        end = page.locator("#card-actions [data-testid=act-end]")
        end.wait_for(timeout=TURN_TIMEOUT)
        r = end.bounding_box()
        assert r["y"] >= 0 and r["y"] + r["height"] <= 844, "'end turn' is outside the screen"
        assert_phone_table(page, "arnak, after the dig")
        watch.assert_clean()
    finally:
        context.close()


# every flight cost badge that overlaps a number of the island (a space's movement value or its +/- mark)
BADGE_OVER_NUMBER = """() => {
  const out = [];
  const numbers = [...document.querySelectorAll('svg[data-testid=islands-board] text.mv')]
    .map(t => [t.textContent, t.getBoundingClientRect()]);
  for (const c of document.querySelectorAll('svg[data-testid=islands-board] [data-testid=flight-cost] circle')) {
    const b = c.getBoundingClientRect();
    for (const [what, r] of numbers) {
      if (r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1)
        out.push(what + ' under the badge of ' + c.parentElement.textContent);
    }
  }
  return out;
}"""


def test_islands_costs_clear_of_the_numbers_and_the_telescope_in_view(browser, site):
    """Islands on a phone: at a flight, no cost badge covers a space's movement value or mark (the badge
    reads in a font whose 5 is no S), and the telescope row is in the screen, not under the decision bar."""
    context, page, watch = open_app(browser, site, **PHONE)
    try:
        page.tap("[data-testid=new-islands]")
        page.tap("[data-testid=start]")
        for _ in range(10):
            page.wait_for_function(MY_DECISION, timeout=TURN_TIMEOUT)
            if page.locator("svg[data-testid=islands-board][data-decision=fly]").count():
                break
            page.locator("#board [data-act], #card-actions button[data-act]").first.tap()
            page.wait_for_function("n => JSON.parse(window.explorersRecord()).moves.length > n",
                                   arg=moves_made(page), timeout=TURN_TIMEOUT)
        page.wait_for_selector("svg[data-testid=islands-board][data-decision=fly] [data-testid=flight-cost]")
        assert page.locator("[data-testid=flight-cost]").count() >= 3
        assert page.evaluate(BADGE_OVER_NUMBER) == []
        font = page.evaluate("() => getComputedStyle(document.querySelector('[data-testid=flight-cost] text'))"
                             ".fontFamily")
        assert "Verdana" in font, font
        assert_phone_table(page, "islands, a flight")
        assert_reachable(page, "svg[data-testid=islands-telescope]")
        watch.assert_clean()
    finally:
        context.close()


def test_setup_form_targets_are_large_on_a_phone(browser, site):
    """The new game form on a phone: the rounds field is 44 px or more each way and shows its value, each
    checkbox is 24 px or more and its whole line (44 px high) is what a finger presses: a tap on its words
    ticks it."""
    context, page, watch = open_app(browser, site, **PHONE)
    try:
        page.tap("[data-testid=new-lost-cities]")
        rounds = page.locator("[data-opt=rounds]").bounding_box()
        assert rounds["width"] >= 44 and rounds["height"] >= 44, rounds
        boxes = page.locator(".setup input[type=checkbox]")
        assert boxes.count() >= 1
        for i in range(boxes.count()):
            box = boxes.nth(i).bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, box
            line = boxes.nth(i).locator("xpath=ancestor::label[1]").bounding_box()
            assert line["height"] >= 44, line
        first = boxes.first
        was = first.is_checked()
        label = first.locator("xpath=ancestor::label[1]")
        lb = label.bounding_box()
        label.tap(position={"x": lb["width"] - 20, "y": 12})  # on its words, away from the box
        page.wait_for_function("want => document.querySelector('.setup input[type=checkbox]').checked === want",
                               arg=not was)
        watch.assert_clean()
    finally:
        context.close()
