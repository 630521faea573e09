"""Islands in the Mist in the real browser: a 2-player game against a bot, three full rounds by clicks
(start space, dice, flight preview then confirm, cloud, keep/convert, telescope tile then hex), the rest by
clicks with the simplest choices, and the final score sheet checked against the engine replaying the
page's record."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import BOOT_TIMEOUT, Watch, open_app
from .helpers import BOT1, TURN_TIMEOUT, act, choose, choose_setting, engine_state

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import pace  # noqa: E402

BOARD = "svg[data-testid=islands-board]"
MINE_OR_OVER = """() => document.querySelector('[data-testid=new-game]')
    || document.querySelector('svg[data-testid=islands-board][data-mine="1"]')"""


def wait_mine(page) -> str:
    page.wait_for_function(MINE_OR_OVER, timeout=TURN_TIMEOUT)
    if page.locator("[data-testid=new-game]").count():
        return "over"
    return page.get_attribute(BOARD, "data-decision")


def decide(page, decision: str, placed_this_turn: int, careful: bool, counts: dict) -> int:
    """One of my decisions by clicks; returns the tiles placed so far this turn."""
    if decision == "start":
        act(page, f"{BOARD} [data-testid^=hex-][data-act]")
    elif decision == "dice":
        if careful and page.locator("[data-testid=reroll-direction-btn]").count() and counts["reroll"] == 0:
            counts["reroll"] += 1
            act(page, "[data-testid=reroll-direction-btn]")
        else:
            act(page, "[data-testid=roll-done-btn]")
    elif decision == "fly":
        targets = page.locator(f"{BOARD} [data-testid^=hex-][data-cmd=select], {BOARD} [data-testid^=dock-]"
                               "[data-cmd=select]")
        if targets.count():
            targets.first.click()
            page.wait_for_selector("[data-testid=flight-preview]", state="attached")
            page.wait_for_selector("[data-testid=fly-btn]")
            counts["preview"] += 1
            act(page, "[data-testid=fly-btn]")
        else:
            act(page, "[data-testid=stay-btn]")
        return 0
    elif decision == "take":
        clouds = page.locator(f"{BOARD} [data-testid^=cloud-][data-act]")
        if clouds.count():
            counts["cloud"] += 1
            act(page, f"{BOARD} [data-testid^=cloud-][data-act]")
        else:
            act(page, ".actions [data-act]")
    elif decision == "gain":
        act(page, "[data-testid=keep-btn]" if page.locator("[data-testid=keep-btn]").count()
            else "[data-testid=convert-btn]")
        counts["gain"] += 1
    elif decision == "place":
        tele = page.locator(f"{BOARD} [data-testid^=tele-][data-cmd=select]")
        if tele.count() and placed_this_turn < (3 if careful else 1):
            tele.first.click()
            page.wait_for_selector(f"{BOARD} [data-testid^=hex-][data-act]")
            act(page, f"{BOARD} [data-testid^=hex-][data-act]")
            counts["place"] += 1
            return placed_this_turn + 1
        act(page, "[data-testid=done-btn]")
        return 0
    else:
        act(page, ".actions [data-act]")
    return placed_this_turn


def test_two_players_three_rounds_by_clicks_then_to_the_end(app):
    page, watch = app
    page.click("[data-testid=new-islands]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.click("[data-testid=start]")
    page.wait_for_selector(BOARD)
    counts = {"reroll": 0, "preview": 0, "cloud": 0, "gain": 0, "place": 0}
    placed = 0
    while engine_state(page).round <= 3:
        decision = wait_mine(page)
        assert decision != "over"
        placed = decide(page, decision, placed, True, counts)
    state = engine_state(page)
    mine = [m[1][0] for m in state.record.moves if m[0] == 0]
    assert mine.count("fly") + mine.count("stay") >= 3 and mine.count("cloud") >= 3
    assert counts["preview"] >= 1 and counts["place"] >= 1
    # the island shown agrees with the engine
    isl = state.view(0)["islands"][0]
    assert page.text_content("[data-testid=energy-0]").strip() == str(isl["energy"])
    # another player's island on request
    page.click("[data-testid=island-tab-1]")
    page.wait_for_selector(f"{BOARD}[data-shown='1']")
    page.click("[data-testid=island-back]")
    page.wait_for_selector(f"{BOARD}[data-shown='0']")
    # the rest of the game with the simplest choices
    for _ in range(3000):
        decision = wait_mine(page)
        if decision == "over":
            break
        placed = decide(page, decision, placed, False, counts)
    state = engine_state(page)
    assert state.is_over()
    sheet = state.history[-1]["sheet"]
    for seat in range(2):
        row = sheet[seat]
        assert page.inner_text(f"[data-testid=sheet-total-{seat}]").strip() == str(row["total"])
        for key in ("terrain", "groups"):
            assert page.inner_text(f"[data-testid=sheet-{key}-{seat}]").strip() == str(sum(row[key].values()))
        for key in ("cities", "monuments", "energy", "coasts", "volcanoes", "extensions"):
            assert page.inner_text(f"[data-testid=sheet-{key}-{seat}]").strip() == str(row[key])
    assert state.result()["scores"] == [sheet[0]["total"], sheet[1]["total"]]
    watch.assert_clean()


# --- issue 24: the island as a picture, costs on the map, the phone layout (three languages) ----------
SIZES_JS = """(min) => {
  // every board text's drawn height: its font size times the SVG's scale on screen
  const svg = document.querySelector('svg[data-testid=islands-board]');
  const out = {small: [], moves: 0, costs: 0};
  for (const t of svg.querySelectorAll('text')) {
    if (!t.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
    if (px < min) out.small.push((t.textContent || '').slice(0, 20) + ' ' + px.toFixed(1));
  }
  out.moves = svg.querySelectorAll('[data-testid=move-value]').length;
  return out;
}"""
COSTS_JS = """() => {
  // every reachable space (a flight preview control) shows its energy cost, equal to the engine's
  const out = [];
  for (const g of document.querySelectorAll('svg[data-testid=islands-board] [data-space][data-cmd=select]')) {
    const badge = g.querySelector('[data-testid=flight-cost] text');
    out.push([+g.dataset.space, +g.dataset.cost, badge ? badge.textContent.trim() : null,
              badge ? badge.getBoundingClientRect().height : 0]);
  }
  return out;
}"""
WIDE_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('main.table *')) {
    const r = el.getBoundingClientRect();
    if (el.closest('.actions')) continue;  // the phone's tool row scrolls sideways inside the screen (app.css)
    if (r.width && (r.right > window.innerWidth + 1 || r.left < -1)) out.push((el.dataset.testid || el.tagName) +
      ' ' + r.left.toFixed(0) + '..' + r.right.toFixed(0));
  }
  return out;
}"""


def to_my_flight(page, lang: str = "en") -> None:
    """Start a 2-player game against a bot and play up to my first flight (`lang`: the page's language)."""
    page.click("[data-testid=new-islands]")
    choose(page, "[data-testid=seat-1]", BOT1[lang])
    page.click("[data-testid=start]")
    page.wait_for_selector(BOARD)
    counts = {"reroll": 0, "preview": 0, "cloud": 0, "gain": 0, "place": 0}
    for _ in range(20):
        decision = wait_mine(page)
        if decision == "fly":
            return
        decide(page, decision, 0, False, counts)
    raise AssertionError("no flight decision")


@pytest.mark.parametrize("locale", ["en-GB", "ja-JP", "fa-IR"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_costs_on_the_map_and_text_sizes(browser, site, locale, size):
    phone = size == "phone"
    args = ({"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True} if phone
            else {"viewport": {"width": 1366, "height": 768}})
    context = browser.new_context(locale=locale, **args)
    page = context.new_page()
    watch = Watch(page, "/".join(site.split("/", 3)[:3]))
    page.goto(site)
    page.wait_for_selector("[data-testid=new-islands]", timeout=BOOT_TIMEOUT)
    try:
        to_my_flight(page, locale[:2])
        assert page.get_attribute(BOARD, "data-layout") == ("phone" if phone else "desk")
        sizes = page.evaluate(SIZES_JS, 12 if phone else 11)
        assert sizes["moves"] == 61 and not sizes["small"], sizes
        # costs on every reachable space before any click, as the engine prices the cheapest flight there
        state = engine_state(page)
        best: dict[int, int] = {}
        for a, cost, dest in state.flights(0):
            if a[0] != "stay":
                best[dest] = min(cost, best.get(dest, cost))
        shown = page.evaluate(COSTS_JS)
        assert shown and {s: c for s, c, _t, _h in shown} == {d: c for d, c in best.items() if d >= 0}
        min_px = 12 if phone else 11
        for space, cost, text, height in shown:
            assert text is not None and int(text) == cost and height >= min_px * 0.7, (space, text, height)
        # the cheapest path appears on hover (drawn by CSS while the space has the pointer or the focus)
        space = shown[0][0]
        seen = f"""(v) => {{ const p = document.querySelector("{BOARD} [data-path-for='{space}']");
                            return p && getComputedStyle(p).visibility === v; }}"""
        page.wait_for_function(seen, arg="hidden", timeout=5000)
        page.locator(f"{BOARD} [data-space='{space}']").focus()
        page.wait_for_function(seen, arg="visible", timeout=5000)
        # the legend is one click away
        page.click("[data-testid=legend-btn]")
        page.wait_for_selector("[data-testid=legend]")
        if phone:
            assert page.evaluate(WIDE_JS) == []
            box = page.locator(BOARD).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        watch.assert_clean()
    finally:
        context.close()


def test_who_starts_at_setup_and_undo_of_a_flight(app):
    """Setup names the start player (here the bot in seat 2: energy 6 for me, 5 for it, and I roll the dice as
    the last in turn order); a flight of mine is taken back with Undo (no die rolled, no tile drawn since)."""
    page, watch = app
    page.click("[data-testid=new-islands]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    choose(page, "[data-opt=first]", "2")
    page.click("[data-testid=start]")
    page.wait_for_selector(BOARD)
    assert wait_mine(page) == "start"
    state = engine_state(page)
    assert (state.start, state.order, state.energy) == (1, [1, 0], [6, 5])
    assert len(state.record.moves) == 1  # the bot chose its start space first
    act(page, f"{BOARD} [data-testid^=hex-][data-act]")
    assert wait_mine(page) == "dice"  # the player right of the start player rolls
    act(page, "[data-testid=roll-done-btn]")
    counts = {"reroll": 0, "preview": 0, "cloud": 0, "gain": 0, "place": 0}
    while (decision := wait_mine(page)) != "fly":
        decide(page, decision, 0, False, counts)
    before = engine_state(page)
    decide(page, "fly", 0, False, counts)
    assert len(engine_state(page).record.moves) == len(before.record.moves) + 1
    page.click("[data-testid=undo]")
    page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length == {len(before.record.moves)}")
    assert wait_mine(page) == "fly"
    assert engine_state(page).view(0)["islands"][0] == before.view(0)["islands"][0]
    watch.assert_clean()


# --- issue 24: a bot's flight is drawn as it flies (none under prefers-reduced-motion) ----------------------
WATCH_FLIGHTS_JS = """() => {
  // every flight animation that reaches the page, even if the next redraw replaces it at once
  window.__flights = [];
  const seen = el => {
    const row = {real: el instanceof SVGAnimateMotionElement, dur: el.getAttribute('dur'),
                 path: el.getAttribute('path'), on: el.parentElement.tagName, moved: null};
    window.__flights.push(row);
    // one frame later the dot is on its way: away from where it is drawn (its cx, cy), unless already landed
    const dot = el.parentElement, svg = dot.ownerSVGElement;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const box = dot.getBoundingClientRect(), m = svg.getScreenCTM();
      const x = m.a * dot.cx.baseVal.value + m.e, y = m.d * dot.cy.baseVal.value + m.f;
      row.moved = Math.hypot(box.x + box.width / 2 - x, box.y + box.height / 2 - y);
      row.active = (() => { try { return el.getStartTime() === 0; } catch (e) { return false; } })();
    }));
  };
  new MutationObserver(records => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1) continue;
      if (n.matches('[data-testid=flight-motion]')) seen(n);
      n.querySelectorAll('[data-testid=flight-motion]').forEach(seen);
    }
  }).observe(document.getElementById('app'), {childList: true, subtree: true});
}"""


def bot_flights(page) -> list:
    return [m[1] for m in engine_state(page).record.moves if m[0] == 1 and m[1][0] == "fly"]


def play_until_the_bot_flew(page) -> list:
    page.evaluate(WATCH_FLIGHTS_JS)
    page.click("[data-testid=new-islands]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.click("[data-testid=start]")
    page.wait_for_selector(BOARD)
    counts = {"reroll": 0, "preview": 0, "cloud": 0, "gain": 0, "place": 0}
    placed = 0
    for _ in range(200):
        if bot_flights(page):
            break
        decision = wait_mine(page)
        assert decision != "over"
        placed = decide(page, decision, placed, False, counts)
    flights = bot_flights(page)
    assert flights
    return flights


def test_a_bot_flight_is_animated_along_its_path(browser, site):
    """At the slow bot speed the bot's dot on its small island flies one hex per step of its flight, in the
    pause of a shown move at that speed, and is on its way a frame later; my own flights are not animated."""
    context, page, watch = open_app(browser, site)
    try:
        choose_setting(page, "bot-speed", "slow")
        flown = play_until_the_bot_flew(page)
        page.wait_for_function("window.__flights.length && window.__flights[0].moved !== null")
        seen = page.evaluate("window.__flights")
        assert seen and all(s["real"] and s["on"] == "circle" for s in seen), seen
        assert len(seen) == len(flown), (seen, flown)  # one per bot flight, none for mine
        steps = flown[0][2]
        assert seen[0]["path"].count("L") == steps and seen[0]["path"].endswith("L0.0,0.0"), (seen, flown)
        slow = pace.SPEEDS["slow"]
        assert pace.SHOW_MIN * slow - 0.01 <= float(seen[0]["dur"].rstrip("s")) <= pace.SHOW_MAX * slow + 0.01, seen
        assert seen[0]["active"] and seen[0]["moved"] > 2, seen
        watch.assert_clean()
    finally:
        context.close()


def test_no_flight_animation_under_reduced_motion(browser, site):
    context, page, watch = open_app(browser, site, reduced_motion="reduce")
    try:
        assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
        assert play_until_the_bot_flew(page)
        assert page.evaluate("window.__flights") == []
        watch.assert_clean()
    finally:
        context.close()
