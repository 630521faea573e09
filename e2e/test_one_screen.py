"""Issue 35 (in part), the whole table on one screen at 1366x768: for the Lost Cities card game, the board game
and Islands (renderers with ONE_SCREEN), at the first decision and in mid-game, the page does not scroll, every
enabled control of the current decision lies inside the window, and the board takes at least half of it. Arnak's
table is still a tall stack of sections, and Catan's board, fitted to the window's height, draws its text below
11 px while the build menu or a discard panel is docked under it: neither is asserted here (issue 35 stays open).

A mid-game position is reached as a person would reach it: a finished game's link opens its replay, a click on a
move in the list goes there, and "Play on from here" seats the person at seat 1 against bots.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from py_engine import get_game
from py_engine.core import Rng

from .conftest import open_app
from .helpers import TURN_TIMEOUT

GAMES = {"lost-cities": 2, "lost-cities-board": 3, "islands": 2}
DESKTOP = {"viewport": {"width": 1366, "height": 768}}

# The current decision's enabled controls (board targets, hand cards, docked buttons) that lie outside the window.
OUTSIDE = """() => {
  const out = [];
  for (const el of document.querySelectorAll(
      '#board [data-act], #board [data-acts], #board [data-cmd], #card-actions button:not([disabled])')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden], details:not([open])')) continue;
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
      out.push((el.dataset.testid || el.getAttribute('aria-label') || el.textContent).slice(0, 60));
  }
  return out;
}"""
LAYOUT = """() => { const b = document.getElementById('board').getBoundingClientRect();
  return {scroll: document.documentElement.scrollHeight - innerHeight,
          wide: document.documentElement.scrollWidth - innerWidth,
          board: b.width * b.height / (innerWidth * innerHeight)}; }"""
MY_DECISION = """() => document.querySelector(
    '#board [data-act], #board [data-acts], #card-actions button[data-act], [data-testid=hand-card][data-cmd]')"""


def assert_one_screen(page, where: str) -> None:
    page.wait_for_function(MY_DECISION, timeout=TURN_TIMEOUT)
    layout = page.evaluate(LAYOUT)
    if layout["scroll"] > 1:
        page.screenshot(path=f"/tmp/one-screen-{where.split(',')[0]}.png", full_page=True)
    assert layout["scroll"] <= 1, f"{where}: the page scrolls by {layout['scroll']} px"
    assert layout["wide"] <= 1, f"{where}: the page is {layout['wide']} px wider than the window"
    assert layout["board"] >= 0.5, f"{where}: the board takes {layout['board']:.0%} of the window"
    outside = page.evaluate(OUTSIDE)
    assert not outside, f"{where}: controls outside the window: {outside}"


def finished_link(game_id: str, players: int, seed: int) -> tuple[str, int]:
    """A random game of `game_id` played to its end, as a record link; and a move half-way in after which the
    first seat decides alone."""
    state = get_game(game_id).new(players=players, seed=seed, options={})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = state.record
    half = next(k for k in range(len(record.moves) // 2, len(record.moves))
                if record.replay(k).to_move() == (0,))
    data = dict(record.to_json(), names=["You"] + [f"Bot {i}" for i in range(1, players)],
                seats=[{"kind": "human"}] + [{"kind": "bot"}] * (players - 1))
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode().rstrip("=")
    return "#record=" + code, half


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
        watch.assert_clean()
    finally:
        context.close()
