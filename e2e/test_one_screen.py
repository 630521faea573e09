"""Issue 35 (in part), the whole table on one screen at 1366x768: for the Lost Cities card game, the board game,
Islands, Arnak and Catan (renderers with ONE_SCREEN), at the first decision and in mid-game, the page does not
scroll, every enabled control of the current decision lies inside the window (or, on Arnak's table, inside the
board's own scrolling frame and reachable by scrolling it; Catan's docked decision scrolls in its own box when a
trade panel is open), the board takes at least half of the window and its text renders at 11 px or more. Catan's
intersections and paths, where settlements and roads are placed, are pointer targets of at least 24 x 24 px
(WCAG 2.2, target size).

Arnak's board is taller than the window: it scrolls inside its frame, the hand is docked under it. A card selected
in the hand brings the sites it lights into view inside the frame; after the dig the decision ("end turn") is in
the window.

A mid-game position is reached as a person would reach it: a finished game's link opens its replay, a click on a
move in the list goes there, and "Play on from here" seats the person at seat 1 against bots. A round's end too:
from just before a move of seat 1 that ends a round (or, where rounds leave no mark before the end, the game),
that move is played by pointing at it; its dialog, then the finished table, are on one screen.
"""

from __future__ import annotations

import base64
import functools
import json
import zlib

import pytest

from py_engine import get_game
from py_engine.core import Rng

from .conftest import open_app
from .helpers import TURN_TIMEOUT, settled

GAMES = {"lost-cities": 2, "lost-cities-board": 3, "islands": 2, "arnak": 2, "catan-ck": 3}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}

# The current decision's enabled controls (board targets, hand cards, docked buttons) that lie outside the window;
# a control inside a frame of the board that scrolls (overflow auto) counts as inside when that frame is in the
# window and the control lies within what scrolling the frame shows.
OUTSIDE = """() => {
  const out = [];
  const inWindow = r => r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  const board = document.getElementById('board');
  const frameOf = el => {
    for (let p = el.parentElement; p && p !== board; p = p.parentElement) {
      const o = getComputedStyle(p);
      if (/(auto|scroll)/.test(o.overflowX + o.overflowY)) return p;
    }
    return null;
  };
  for (const el of document.querySelectorAll(
      '#board [data-act], #board [data-acts], #board [data-cmd], #card-actions button:not([disabled])')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden], details:not([open])')) continue;
    if (inWindow(r)) continue;
    const f = frameOf(el);
    if (f) {
      const b = f.getBoundingClientRect();
      const x = r.left - b.left + f.scrollLeft, y = r.top - b.top + f.scrollTop;
      if (inWindow(b) && x >= -1 && y >= -1 && x + r.width <= f.scrollWidth + 1 && y + r.height <= f.scrollHeight + 1)
        continue;
    }
    out.push((el.dataset.testid || el.getAttribute('aria-label') || el.textContent).slice(0, 60));
  }
  return out;
}"""
# the smallest board text on screen: each <text>'s CSS font size x its drawing's scale
SMALLEST_TEXT = """() => {
  let least = Infinity, what = '';
  for (const svg of document.querySelectorAll('#board svg')) {
    const scale = svg.getScreenCTM().a;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (px < least) { least = px; what = t.textContent; }
    }
  }
  return [least, what];
}"""
LAYOUT = """() => { const b = document.getElementById('board').getBoundingClientRect();
  return {scroll: document.documentElement.scrollHeight - innerHeight,
          wide: document.documentElement.scrollWidth - innerWidth,
          board: b.width * b.height / (innerWidth * innerHeight)}; }"""
MY_DECISION = """() => document.querySelector(
    '#board [data-act], #board [data-acts], #card-actions button[data-act], [data-testid=hand-card][data-cmd]')"""


def assert_one_screen(page, where: str) -> None:
    page.wait_for_function(MY_DECISION, timeout=TURN_TIMEOUT)
    settled(page)
    layout = page.evaluate(LAYOUT)
    if layout["scroll"] > 1:
        page.screenshot(path=f"/tmp/one-screen-{where.split(',')[0]}.png", full_page=True)
    assert layout["scroll"] <= 1, f"{where}: the page scrolls by {layout['scroll']} px"
    assert layout["wide"] <= 1, f"{where}: the page is {layout['wide']} px wider than the window"
    assert layout["board"] >= 0.5, f"{where}: the board takes {layout['board']:.0%} of the window"
    outside = page.evaluate(OUTSIDE)
    assert not outside, f"{where}: controls outside the window: {outside}"
    least, what = page.evaluate(SMALLEST_TEXT)
    assert least >= 11 - 0.05, f"{where}: board text {what!r} renders at {least:.1f} px"


@functools.cache  # a game is played once per test process (Catan's take seconds)
def finished_game(game_id: str, players: int, seed: int) -> tuple[str, int, tuple[int, list] | None]:
    """A random game of `game_id` played to its end, as a record link; a move half-way in after which the first
    seat decides alone; and the last move of the first seat, deciding alone, that ends a round or the game
    ((index, encoded move), None if there is none)."""
    game = get_game(game_id)
    state = game.new(players=players, seed=seed, options={})
    rng = Rng(seed)
    ends = None
    while not state.is_over():
        movers = state.to_move()
        action = rng.choice(state.legal_actions(movers[0]))
        if movers == (0,):
            k, rounds = len(state.record.moves), len(state.view(None)["history"])
            state.apply(0, action)
            if state.is_over() or len(state.view(None)["history"]) > rounds:
                ends = (k, state.record.moves[k][1])
        else:
            state.apply(movers[0], action)
    record = state.record
    half = next(k for k in range(len(record.moves) // 2, len(record.moves))
                if record.replay(k).to_move() == (0,))
    data = dict(record.to_json(), names=["You"] + [f"Bot {i}" for i in range(1, players)],
                seats=[{"kind": "human"}] + [{"kind": "bot"}] * (players - 1))
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode().rstrip("=")
    return "#record=" + code, half, ends


def finished_link(game_id: str, players: int, seed: int) -> tuple[str, int]:
    link, half, _ends = finished_game(game_id, players, seed)
    return link, half


def round_end_link(game_id: str, players: int) -> tuple[str, int, list]:
    """A finished game's link, and a move of the first seat, deciding alone, that ends a round (or the game):
    (link, its index, the encoded move)."""
    for seed in range(11, 60):
        link, _half, ends = finished_game(game_id, players, seed)
        if ends is not None:
            return link, ends[0], ends[1]
    raise AssertionError(f"{game_id}: no random game ended a round on a move of the first seat")


# The index of the [data-act] element that plays a move (its JSON equal to the move's)
ACT_INDEX = """mv => [...document.querySelectorAll('#board [data-act], #card-actions [data-act]')]
  .findIndex(e => JSON.stringify(JSON.parse(e.dataset.act)) === JSON.stringify(mv))"""
# Enabled buttons of the open dialog that lie outside the window and are not reachable by scrolling the dialog
DIALOG_OUTSIDE = """() => {
  const out = [];
  const inWindow = r => r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
  for (const el of document.querySelectorAll('.modal button:not([disabled])')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || inWindow(r)) continue;
    let f = el.parentElement;
    while (f && !/(auto|scroll)/.test(getComputedStyle(f).overflowY)) f = f.parentElement;
    if (f && f.closest('.modal') && inWindow(f.getBoundingClientRect())) continue;
    out.push(el.dataset.testid || el.textContent.slice(0, 40));
  }
  return out;
}"""


def round_end_on_one_screen(page, site: str, link: str, k: int, move: list, where: str, tap: bool = False,
                            laptop: bool = True) -> None:
    """From a finished game's replay, "Play on from here" just before a move of the first seat that ends a round
    (or the game); that move played by pointing at it; then the dialog that opens (the round's summary, or the
    match result) and, once it is closed, the finished table with "Next round" or "Match result" are on one
    screen: no page scroll, nothing wider than the window, every button inside the window."""
    press = page.tap if tap else page.click
    page.goto(site + link)
    page.wait_for_selector("[data-testid=replay-board]")
    press(f"[data-testid=rp-move-{k}]")
    page.wait_for_selector(f'[data-testid=rp-move-{k}][aria-current=step]')
    press("[data-testid=play-from-here]")
    page.wait_for_function(MY_DECISION, timeout=TURN_TIMEOUT)
    i = page.evaluate(ACT_INDEX, move)
    assert i >= 0, f"{where}: no control plays {move}"
    target = page.locator("#board [data-act], #card-actions [data-act]").nth(i)
    target.tap() if tap else target.click()
    page.wait_for_selector(".modal[role=dialog]", timeout=TURN_TIMEOUT)
    settled(page)
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= 1 and layout["wide"] <= 1, f"{where}, its dialog: {layout}"
    outside = page.evaluate(DIALOG_OUTSIDE)
    assert not outside, f"{where}: the dialog's buttons outside the window: {outside}"
    press(".modal [data-testid=close]")
    page.wait_for_selector(".modal[role=dialog]", state="detached")
    settled(page)
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= 1 and layout["wide"] <= 1, f"{where}, the finished table: {layout}"
    if laptop:
        assert layout["board"] >= 0.5, f"{where}: the board takes {layout['board']:.0%} of the window"
    box = page.locator("#card-actions :is([data-testid=next-round], [data-testid=open-result])").bounding_box()
    size = page.viewport_size
    assert box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] \
        and box["y"] + box["height"] <= size["height"], f"{where}: 'Next round' or 'Match result' is off screen"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_table_is_on_one_screen_at_laptop_size(browser, site, game_id):
    context, page, watch = open_app(browser, site, **DESKTOP)
    try:
        page.click(f"[data-testid=new-{game_id}]")
        page.click("[data-testid=start]")
        assert_one_screen(page, f"{game_id}, first decision")
        link, half = finished_link(game_id, GAMES[game_id], 11)
        page.goto(site + link)
        page.wait_for_selector("[data-testid=replay-board]")
        page.click(f"[data-testid=rp-move-{half}]")
        page.wait_for_selector(f'[data-testid=rp-move-{half}][aria-current=step]')
        page.click("[data-testid=play-from-here]")
        assert_one_screen(page, f"{game_id}, move {half}")
        if game_id != "lost-cities":  # (its round's end: e2e/test_table.py, a whole round played at both sizes)
            link, k, move = round_end_link(game_id, GAMES[game_id])
            round_end_on_one_screen(page, site, link, k, move, f"{game_id}, round's end")
        watch.assert_clean()
    finally:
        context.close()


# the first target a selected card lights, and whether it is in view inside the board's frame (and the window)
LIT_IN_VIEW = """() => {
  const lit = document.querySelector('#board [data-testid=arnak-frame] rect.lit[data-act]');
  if (!lit) return null;
  const r = lit.getBoundingClientRect();
  const f = document.querySelector('[data-testid=arnak-frame]').getBoundingClientRect();
  return r.top >= f.top - 1 && r.bottom <= f.bottom + 1 && r.top >= 0 && r.bottom <= innerHeight;
}"""


def test_arnak_a_selected_card_shows_its_sites_and_the_decision_stays_in_view(browser, site):
    context, page, watch = open_app(browser, site, **DESKTOP)
    try:
        page.click("[data-testid=new-arnak]")
        page.click("[data-testid=start]")
        assert_one_screen(page, "arnak, solo, first decision")
        frame = page.locator("[data-testid=arnak-frame]")
        hand = page.locator("[data-testid=hand-dock]")
        assert hand.is_visible()
        # the hand's cards are in the window, under the board's frame
        card = page.locator("[data-testid=arnak-hand] [data-testid^=hand-20][data-cmd=select]").first
        box, fbox = card.bounding_box(), frame.bounding_box()
        assert box["y"] >= fbox["y"] + fbox["height"] - 1 and box["y"] + box["height"] <= 768
        frame.hover(position={"x": 40, "y": 40})  # a person scrolls the board up to the card row: the wheel
        page.mouse.wheel(0, -5000)
        page.wait_for_function("() => document.querySelector('[data-testid=arnak-frame]').scrollTop === 0")
        card.click()
        page.wait_for_selector("#board rect.lit[data-act]")
        page.wait_for_function(LIT_IN_VIEW)  # the lit camps are brought into view in the frame
        assert page.evaluate(LAYOUT)["scroll"] <= 1
        page.locator("#board rect.lit[data-act]").first.click()
        # "end turn" shows once the dig and its payment are made (two redraws): read its place in one look, once shown
        end = "#card-actions [data-testid=act-end]"
        page.wait_for_function(f"() => {{ const e = document.querySelector('{end}');"
                               " return !!e && e.getBoundingClientRect().height > 0; }", timeout=TURN_TIMEOUT)
        r = page.evaluate(f"() => {{ const b = document.querySelector('{end}').getBoundingClientRect();"
                          " return {top: b.top, bottom: b.bottom}; }")
        assert r["top"] >= 0 and r["bottom"] <= 768, "'end turn' is outside the window"
        assert page.evaluate(LAYOUT)["scroll"] <= 1
        # the large view of the site dug at stays docked: nothing floats over the board
        assert not page.locator("#card-actions.floating").count()
        # the board zooms in its frame (never out below the size it is drawn at), the page still does not scroll
        assert page.locator("[data-testid=board-zoom-out]").is_disabled()
        wide = "() => { const f = document.querySelector('[data-testid=arnak-frame]'); " \
               "return f.scrollWidth > f.clientWidth * 1.2; }"
        page.click("[data-testid=board-zoom-in]")
        page.wait_for_function(wide)
        assert page.evaluate(LAYOUT)["scroll"] <= 1 and page.evaluate(LAYOUT)["wide"] <= 1
        page.click("[data-testid=board-zoom-out]")
        page.wait_for_function(f"() => !({wide})()")
        assert page.locator("[data-testid=board-zoom-out]").is_disabled()
        watch.assert_clean()
    finally:
        context.close()


# the smallest side (px) of each of the board's intersection (t-v) or path (t-e) targets that plays an action
TARGET_SIDES = """prefix => [...document.querySelectorAll(`#board [data-testid^=${prefix}][data-act]`)].map(el => {
  const r = el.getBoundingClientRect(); return Math.min(r.width, r.height); })"""


def test_catan_spots_and_paths_are_targets_of_24_px(browser, site):
    """Set-up at 1366x768: every intersection offered for the first settlement, then every path offered for
    its road, is a pointer target of at least 24 x 24 px (an invisible hit area around the drawn mark)."""
    context, page, watch = open_app(browser, site, **DESKTOP)
    try:
        page.click("[data-testid=new-catan-ck]")
        page.click("[data-testid=start]")
        page.wait_for_selector("svg[data-testid=ck-board][data-decision=setup_place][data-mine='1']",
                               timeout=TURN_TIMEOUT)
        spots = page.evaluate(TARGET_SIDES, "t-v")
        assert len(spots) > 20 and min(spots) >= 24, f"intersections: {min(spots):.1f} px"
        page.locator("#board [data-testid^=t-v][data-act]").first.click()
        page.wait_for_selector("svg[data-testid=ck-board][data-decision=setup_road][data-mine='1']",
                               timeout=TURN_TIMEOUT)
        paths = page.evaluate(TARGET_SIDES, "t-e")
        assert len(paths) >= 2 and min(paths) >= 24, f"paths: {min(paths):.1f} px"
        watch.assert_clean()
    finally:
        context.close()
