"""Issue 21, the log: the whole game, scrollable, newest in view, drawn once per entry (the list is the same
element across redraws and only new entries are added); in Persian no separator reads as a digit and every
line takes its direction from its own words."""

from __future__ import annotations

from .conftest import BOOT_TIMEOUT, Watch
from .helpers import BOT1, YOU, engine_state, new_game, play_turn_by_clicks, wait_for_me_or_modal

# The log list, marked once with a property of the element itself (a new element would not have it).
MARK = "document.querySelector('[data-testid=log]').keptForTest = true"
KEPT = "document.querySelector('[data-testid=log]').keptForTest === true"
LINES = "[...document.querySelectorAll('[data-testid=log] > li')].map(li => li.textContent)"
NEWEST_IN_VIEW = """() => { const log = document.querySelector('[data-testid=log]'), last = log.lastElementChild;
    const a = log.getBoundingClientRect(), b = last.getBoundingClientRect();
    return b.bottom <= a.bottom + 1 && b.top >= a.top - 1; }"""


def open_table(browser, site, locale: str = "en-US"):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale=locale)
    page = context.new_page()
    watch = Watch(page, "/".join(site.split("/", 3)[:3]))
    page.goto(site)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    new_game(page, {0: YOU[locale[:2]], 1: BOT1[locale[:2]]}, {"rounds": 1})
    return context, page, watch


def test_the_log_keeps_the_whole_game_and_only_grows(browser, site):
    context, page, watch = open_table(browser, site)
    assert wait_for_me_or_modal(page) == "play"
    page.evaluate(MARK)
    for turn in range(12):
        play_turn_by_clicks(page)
        assert wait_for_me_or_modal(page) == "play"
        lines = page.evaluate(LINES)
        log = engine_state(page).view(0)["log"]
        assert len(lines) == len(log) >= 4 * (turn + 1)  # every entry of the game, none dropped
        assert page.evaluate(KEPT), "the log list was drawn again instead of extended"
        assert page.evaluate(NEWEST_IN_VIEW)
    assert lines[0].startswith("You ")  # the first move is still there
    assert page.evaluate("(l => l.scrollHeight > l.clientHeight)(document.querySelector('[data-testid=log]'))")
    watch.assert_clean()
    context.close()


def test_persian_table_has_no_dot_separator_and_lines_take_their_direction(browser, site):
    context, page, watch = open_table(browser, site, "fa-IR")
    assert wait_for_me_or_modal(page) == "play"
    play_turn_by_clicks(page)
    assert wait_for_me_or_modal(page) == "play"
    text = page.evaluate("document.getElementById('app').textContent")
    assert "·" not in text and " — " in text  # "بازیکن ۲ — ۸ کارت در دست": a dash, never the zero's twin
    dirs = page.locator("[data-testid=log] > li").evaluate_all("els => els.map(e => e.getAttribute('dir'))")
    assert dirs and set(dirs) == {"auto"}
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=log] > li')).direction") == "rtl"
    watch.assert_clean()
    context.close()
