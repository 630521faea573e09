"""Issue 34, menus and dialogs a person reaches with the pointer alone, at 1366x768 and 390x844 (touch), in
English, Japanese and Persian.

- The settings menu: opened by a click, every control in it is hit-tested at its centre (nothing covers it, it
  lies inside the window), and a click on a language switches the page; the same way back.
- Every dialog of the home page and the table (rules, score sheet, share, embed) opens by a click on its button
  and closes by a click on its own Close, and by Escape.
- The end of a game: a one-round Lost Cities game against a bot, played by clicks to the end. "Look at the
  table" closes the result for good (it used to reopen at once), the final table shows, "Match result" opens
  the result again, and Escape closes it.
"""

from __future__ import annotations

import pytest

from .conftest import open_app
from .helpers import (
    assert_reachable,
    assert_result_closes_and_opens_again,
    choose,
    choose_setting,
    play_turn_by_clicks,
    press_tool,
    wait_for_me_or_modal,
)

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 768}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                   "device_scale_factor": 1}}
LANGS = ("en", "ja", "fa")

def open_page(browser, site, size: str):
    return open_app(browser, site, **SIZES[size])


def press(page, selector: str, size: str) -> None:
    """A tap on the phone, a click at desktop size, on the visible control (Playwright hit-tests it)."""
    (page.tap if size == "phone" else page.click)(selector)


def open_dialog_and_close(page, size: str, opener: str, dialog: str, close: str) -> None:
    """Open by pressing `opener` (a table command: through the phone's "More" menu), close by pressing the
    dialog's `close`; then again, closed by Escape."""
    for how in ("pointer", "Escape"):
        press_tool(page, opener, tap=size == "phone")
        page.wait_for_selector(dialog)
        assert_reachable(page, close)
        if how == "pointer":
            press(page, close, size)
        else:
            page.keyboard.press("Escape")
        page.wait_for_selector(dialog, state="detached")
        page.wait_for_selector(opener, state="attached")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_language_is_changed_with_the_pointer_and_back(browser, site, size):
    context, page, watch = open_page(browser, site, size)
    try:
        for lang in ("fa", "ja", "en"):  # to Persian, on to Japanese, back to English: by pointer each time
            press(page, "[data-testid=settings-open]", size)
            page.wait_for_selector("[data-testid=settings-panel]", state="visible")
            assert_reachable(page, "[data-testid=settings-panel] button")
            press(page, f"[data-testid=language-{lang}]", size)
            page.wait_for_function(f"document.documentElement.lang === {lang!r}")
            page.wait_for_selector("[data-testid=settings-panel]", state="hidden")  # a choice closes the menu
            assert page.locator(f'[data-testid=language-{lang}][aria-pressed="true"]').count() == 1
        assert page.evaluate("document.documentElement.dir") == "ltr"
        assert "Choose a game" in page.inner_text("main h1")
        # the menu also closes by a press outside it, and by Escape
        press(page, "[data-testid=settings-open]", size)
        page.wait_for_selector("[data-testid=settings-panel]", state="visible")
        height = SIZES[size]["viewport"]["height"]
        (page.touchscreen.tap if size == "phone" else page.mouse.click)(12, height - 12)  # far from the menu
        page.wait_for_selector("[data-testid=settings-panel]", state="hidden")
        press(page, "[data-testid=settings-open]", size)
        page.wait_for_selector("[data-testid=settings-panel]", state="visible")
        press(page, "[data-testid=bot-speed-slow]", size)
        page.wait_for_selector('[data-testid=bot-speed-slow][aria-pressed="true"]', state="attached")
        press(page, "[data-testid=settings-open]", size)
        page.wait_for_selector("[data-testid=settings-panel]", state="visible")
        page.keyboard.press("Escape")
        page.wait_for_selector("[data-testid=settings-panel]", state="hidden")
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_dialog_opens_and_closes_by_pointer_in_every_language(browser, site, size):
    context, page, watch = open_page(browser, site, size)
    try:
        for lang in LANGS:
            choose_setting(page, "language", lang)
            open_dialog_and_close(page, size, "[data-testid=rules-lost-cities]", "[data-testid=rules-dialog]",
                                  "[data-testid=rules-close]")
            press(page, "[data-testid=new-lost-cities]", size)  # seat 2 is a bot by default
            press(page, "[data-testid=start]", size)
            page.wait_for_selector("[data-testid=open-sheet]", state="attached")
            for opener, dialog, close in (
                    ("[data-testid=open-sheet]", "[data-testid=score-sheet]", "[data-testid=close]"),
                    ("[data-testid=open-rules]", "[data-testid=rules-dialog]", "[data-testid=rules-close]"),
                    ("[data-testid=share]", "[data-testid=share-modal]", "[data-testid=close-share]"),
                    ("[data-testid=embed]", "[data-testid=share-modal]", "[data-testid=close-share]")):
                open_dialog_and_close(page, size, opener, dialog, close)
            press(page, "[data-testid=home]", size)
            page.wait_for_selector("[data-testid=new-lost-cities]")
        choose_setting(page, "language", "en")
        watch.assert_clean()
    finally:
        context.close()


def test_the_result_of_a_game_against_a_bot_closes_and_opens_again(browser, site):
    context, page, watch = open_page(browser, site, "desktop")
    try:
        choose_setting(page, "bot-speed", "fast")
        page.click("[data-testid=new-lost-cities]")
        page.fill("[data-opt=rounds]", "1")
        page.click("[data-testid=start]")
        turns = 0
        while (phase := wait_for_me_or_modal(page)) != "over":
            if phase == "draw":
                page.click("[data-testid=deck]")
            else:
                play_turn_by_clicks(page)
            turns += 1
            assert turns < 80
        assert_result_closes_and_opens_again(page)
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_setup_forms_controls_are_pointer_sized(browser, site, size):
    """Issue 35: the new-game form's selects and fields are at least 32 px tall (44 on the phone), a number field
    is wide enough for its value and a checkbox is 22 px."""
    context, page, watch = open_page(browser, site, size)
    try:
        for game in ("arnak", "catan-ck", "islands", "lost-cities-board"):  # long option labels fit too
            press(page, f"[data-testid=new-{game}]", size)
            page.wait_for_selector("[data-testid=start]")
            wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
            assert wide <= 0, f"{game}'s form is {wide} px wider than the window"
            press(page, "[data-testid=home]", size)
            page.wait_for_selector(f"[data-testid=new-{game}]")
        press(page, "[data-testid=new-lost-cities]", size)
        page.wait_for_selector("[data-testid=start]")
        boxes = page.evaluate("""() => [...document.querySelectorAll('.setup select, .setup input')].map(e => {
            const r = e.getBoundingClientRect(); return {type: e.type, w: r.width, h: r.height}; })""")
        tall = 44 if size == "phone" else 32
        for box in boxes:
            if box["type"] == "checkbox":
                assert box["w"] >= 22 and box["h"] >= 22, box
            else:
                assert box["h"] >= tall, box
            if box["type"] == "number":
                assert box["w"] >= 60, box
        assert {b["type"] for b in boxes} >= {"select-one", "text", "number", "checkbox"}
        watch.assert_clean()
    finally:
        context.close()


# Every control under `root` (the editor's forms, the connection settings), brought into view one by one, is hit
# at its centre and fits the window.
UNREACHABLE = """root => { const bad = [];
  for (const el of document.querySelectorAll(root + ' :is(button, select, input, textarea, summary)')) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const name = (el.dataset.testid || el.textContent || el.type).slice(0, 40);
    if (!(top === el || el.contains(top)))
      bad.push(name + ' is covered by ' + (top ? top.outerHTML.slice(0, 60) : '?'));
    if (r.right > innerWidth + 1 || r.left < -1) bad.push(name + ' is wider than the window');
  }
  return bad; }"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_editors_forms_are_reachable_in_every_language(browser, site, size):
    """Issue 34: the position editor's palette, zones, fields and embed code, for three games, at both sizes and
    in the three languages: nothing covers a control and nothing is wider than the window."""
    context, page, watch = open_page(browser, site, size)
    try:
        for lang in LANGS:
            choose_setting(page, "language", lang)
            for game in ("lost-cities", "catan-ck", "arnak"):
                press(page, f"[data-testid=edit-{game}]", size)
                page.wait_for_selector("[data-testid=editor]")
                assert page.evaluate(UNREACHABLE, "main") == [], f"{game} editor, {lang}"
                page.go_back()
                page.wait_for_selector(f"[data-testid=edit-{game}]")
        choose_setting(page, "language", "en")
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_connection_settings_open_close_and_are_reachable_in_every_language(browser, site, size):
    """Issue 34: at a table with a remote seat, Connection settings opens by a press on its summary, every control
    in it is reachable at both sizes and in the three languages, and it closes by a press on the summary again."""
    context, page, watch = open_page(browser, site, size)
    try:
        press(page, "[data-testid=new-lost-cities]", size)
        choose(page, "[data-testid=seat-1]", "Remote player")
        press(page, "[data-testid=start]", size)
        page.wait_for_selector("[data-testid=net-settings]", state="attached")
        if size == "phone":  # the table's panels wait in the drawer: open it
            press(page, "[data-testid=side] > summary", size)
        page.wait_for_selector("[data-testid=net-settings]", state="visible")
        for lang in LANGS:
            choose_setting(page, "language", lang)
            press(page, "[data-testid=net-settings] > summary", size)
            page.wait_for_selector("[data-testid=net-settings][open] [data-testid=net-save]", state="visible")
            assert page.evaluate(UNREACHABLE, "[data-testid=net-settings]") == [], f"connection settings, {lang}"
            # (a click or tap scrolls its target into view itself, and tries again if a redraw replaced it)
            press(page, "[data-testid=net-settings] > summary", size)
            page.wait_for_selector("[data-testid=net-save]", state="hidden")
        choose_setting(page, "language", "en")
    finally:
        context.close()
