"""Moves a person makes in the Lost Cities table, and reading the engine's truth from the page."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from py_engine.core import Record

TURN_TIMEOUT = 60_000
# The seat choices "You" and "Bot — level 1 (easy)" as the setup page shows them in each language
YOU = {"en": "You", "ja": "あなた", "fa": "شما"}
BOT1 = {"en": "Bot — level 1 (easy)", "ja": "ボット — レベル1（やさしい）", "fa": "ربات — سطح ۱ (آسان)"}


# Nothing moves any more: the cards a redraw slid into place (public/table.js, ANIM_MS) are where they stay
NO_ANIMATION = "() => document.getAnimations().every(a => a.playState !== 'running')"


def settled(page) -> None:
    """Wait until no animation runs, so a measure sees where things are and not where they slide from."""
    page.wait_for_function(NO_ANIMATION, timeout=TURN_TIMEOUT)


def new_game(page, seats: dict[int, str], options: dict | None = None, game: str = "lost-cities") -> None:
    """New game of `game` from the home page: `seats` maps a seat to the label of its choice as the page shows it
    ("Bot — level 1 (easy)", or its start), `options` the options' values (a number typed, a box ticked)."""
    page.click(f"[data-testid=new-{game}]")
    for seat, label in seats.items():
        choose(page, f"[data-testid=seat-{seat}]", label)
    for name, value in (options or {}).items():
        el = page.locator(f"[data-opt={name}]")
        if isinstance(value, bool):
            el.set_checked(value)
        else:
            el.fill(str(value))
    page.click("[data-testid=start]")


def choose_setting(page, kind: str, value: str) -> None:
    """Settings (top right) -> one of its buttons, as a person does it: click the menu open (unless it is), then
    click the choice (`kind` "language" or "bot-speed"); waits until the page shows it chosen."""
    if not page.locator("[data-testid=settings][open]").count():
        page.click("[data-testid=settings-open]")
    page.click(f"[data-testid={kind}-{value}]")
    page.wait_for_selector(f'[data-testid={kind}-{value}][aria-pressed="true"]', state="attached")


def press_tool(page, selector: str, tap: bool = False) -> None:
    """Press one of the table's own commands (score sheet, rules, share, embed) as a person does: on a phone they
    sit in the tool row's "More" menu, so its summary is pressed first when the command is not in view."""
    press = page.tap if tap else page.click
    if page.locator("[data-testid=more-tools]").count() and not page.locator(selector).is_visible():
        press("[data-testid=more-tools-open]")
        page.wait_for_selector(selector, state="visible")
    press(selector)


def setting(page, kind: str) -> str:
    """The value chosen in the settings menu for `kind` ("language" or "bot-speed")."""
    testid = page.get_attribute(f'[data-testid^={kind}-][aria-pressed="true"]', "data-testid")
    return testid[len(kind) + 1:]


def choose(page, selector: str, label: str) -> None:
    """Pick an option of a native <select> as a person does: click it open, move to the option with the arrow keys
    and press Enter; waits until the select shows it. `label`: the option's text as the page shows it (or its
    start: "Remote player"). Arrow keys, not typing: typing cannot reach a label with a character that is not on
    the keyboard ("Bot — level 2") nor one whose start another option shares."""
    select = page.locator(selector)
    select.wait_for()
    options = select.evaluate("el => [...el.options].map(o => [o.text.trim(), o.disabled])")
    texts = [t for t, _off in options]
    wanted = texts.index(label) if label in texts else next(
        (i for i, t in enumerate(texts) if t.startswith(label)), None)
    assert wanted is not None and not options[wanted][1], f"{selector}: no option {label!r} to pick among {texts}"
    select.click()
    now = select.evaluate("el => el.selectedIndex")
    between = options[now + 1:wanted + 1] if wanted > now else options[wanted:now]
    for _ in range(sum(not off for _t, off in between)):  # an arrow key passes over a disabled option
        page.keyboard.press("ArrowDown" if wanted > now else "ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_function("([sel, i]) => { const el = document.querySelector(sel);"
                           " return !!el && el.selectedIndex === i; }", arg=[selector, wanted])


def wait_for_me_or_modal(page) -> str:
    """Block until it is my decision ('play' / 'draw') or a modal is open ('round' / 'over')."""
    page.wait_for_function(
        """() => document.querySelector('[data-testid=next-round],[data-testid=new-game]')
               || document.querySelector('[data-testid=hand-card][data-cmd]')
               || document.querySelector('#board [data-act]')""", timeout=TURN_TIMEOUT)
    if page.locator("[data-testid=new-game]").count():
        return "over"
    if page.locator("[data-testid=next-round]").count():
        return "round"
    if page.locator("[data-testid=hand-card][data-cmd]").count():
        return "play"
    return "draw"


def play_turn_by_clicks(page, drag: bool = False) -> None:
    """Play the first playable card (else discard the first card), then draw from the deck."""
    playable = page.locator('[data-testid=hand-card][data-can-play="1"]')
    can_play = playable.count() > 0  # read once: the buttons below must match the card chosen here
    first = playable.first if can_play else page.locator("[data-testid=hand-card]").first
    colour_card = first.get_attribute("data-card")
    card = page.locator(f'[data-testid=hand-card][data-card="{colour_card}"]')
    if drag and can_play:
        card.click()
        page.wait_for_selector('[data-testid^=expedition-][data-act]')
        target = page.locator('[data-testid^=expedition-][data-act]').first
        card.drag_to(target)
    else:
        btn = "[data-testid=play-btn]" if can_play else "[data-testid=discard-btn]"
        card.click()
        try:
            page.wait_for_selector(btn, timeout=5000)
        except PlaywrightTimeout:  # the selection was lost to a redraw (once in CI, under load): point again
            if page.locator(btn).count() == 0:
                card.click()
        page.click(btn)
    page.wait_for_selector("[data-testid=deck][data-act]", timeout=TURN_TIMEOUT)
    assert page.locator(f'[data-testid=hand-card][data-card="{colour_card}"]').count() == 0
    page.click("[data-testid=deck]")


def engine_state(page):
    return Record.from_json(json.loads(page.evaluate("window.explorersRecord()"))).replay()


def moves_made(page) -> int:
    return len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])


def wait_for_moves(page, at_least: int, timeout: float = TURN_TIMEOUT) -> None:
    """Wait until the page's record holds at least `at_least` moves."""
    page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length >= {int(at_least)}", timeout=timeout)


def act(page, selector: str) -> None:
    """Click something that takes a legal action and wait until the engine has it."""
    before = moves_made(page)
    page.locator(selector).first.click()
    wait_for_moves(page, before + 1)


@contextmanager
def on_second_origin(context, url: str, heading: str = "", width: int = 1000, height: int = 800) -> Iterator:
    """An embed address loaded in an iframe of a rules page served from a second localhost origin (another
    port): yields the frame once its board is drawn; the second server stops afterwards."""
    import build

    from .conftest import BOOT_TIMEOUT

    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        rules = context.new_page()
        rules.goto(f"http://127.0.0.1:{server.server_address[1]}/css/embed.css")
        rules.set_content(f'{heading}<iframe id="pos" src="{url}" style="width:{width}px;height:{height}px"></iframe>')
        frame = rules.frame_locator("#pos")
        frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
        yield frame
    finally:
        server.shutdown()


# Where a press at the centre of the element lands: "ok" when on the element itself (or inside it), else why not.
HIT = """el => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return 'it has no size';
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'its centre is outside the window';
  const top = document.elementFromPoint(x, y);
  return top && (top === el || el.contains(top)) ? 'ok'
    : 'covered by ' + (top ? top.outerHTML.slice(0, 100) : 'nothing');
}"""


def assert_reachable(page, selector: str) -> None:
    for i in range(page.locator(selector).count()):
        el = page.locator(selector).nth(i)
        where = el.evaluate(HIT)
        assert where == "ok", f"{el.get_attribute('data-testid') or el.inner_text()}: {where}"


def assert_result_closes_and_opens_again(page, behind: str | None = None) -> None:
    """The match result over a finished table: "Look at the table" closes it and it stays closed through later
    redraws (the score sheet opened and closed: a redraw and the bot loop's turn); "Match result" brings it back,
    Escape closes it. `behind`: something the final table shows once the result is closed."""
    page.wait_for_selector("[data-testid=result-head]", timeout=TURN_TIMEOUT)
    assert_reachable(page, ".modal [data-testid=close]")
    page.click(".modal [data-testid=close]")
    page.wait_for_selector("[data-testid=result-head]", state="detached")
    page.wait_for_selector("#card-actions [data-testid=open-result]")
    assert page.locator("#board svg").count() >= 1  # the final table
    if behind:
        page.wait_for_selector(behind, state="visible")
    page.click("[data-testid=open-sheet]")
    page.wait_for_selector("[data-testid=score-sheet]")
    page.click(".modal [data-testid=close]")
    page.wait_for_selector("[data-testid=score-sheet]", state="detached")
    assert page.locator("[data-testid=result-head]").count() == 0
    page.click("#card-actions [data-testid=open-result]")
    page.wait_for_selector("[data-testid=result-head]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=result-head]", state="detached")
    page.wait_for_selector("#card-actions [data-testid=open-result]")
