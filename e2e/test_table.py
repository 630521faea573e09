"""Issue 13, the table as a player follows it: a whole Lost Cities round at desktop (1366x768) and phone
(390x844, touch) sizes with the size rules asserted from the DOM, board-game turns by taps, the log that keeps
the newest entry in view, the other seat's moves marked until my next move, the drawn card marked, the end
of a round (sheet closable and reopenable, "Next round" on the table), focus that never drops to the page
body, dialogs that hold focus and close with Escape, arrow keys in the replay, short animations that are
off under reduced motion, the wording for "You", and the loading screen's phases."""

from __future__ import annotations

import json

import pytest

from py_engine import get_game
from py_engine.core import Record, Rng

from .conftest import BOOT_TIMEOUT, Watch
from .helpers import TURN_TIMEOUT, choose, engine_state, new_game, press_tool
from .test_one_screen import LAYOUT

DESKTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
MIN_TARGET, MIN_TEXT, MIN_LAPTOP_TEXT = 44, 12, 11
MINE = """() => document.querySelector('[data-testid=next-round],[data-testid=new-game]')
    || document.querySelector('[data-testid=hand-card][data-cmd]')"""
FOCUS_NOT_BODY = "() => document.activeElement && document.activeElement !== document.body"

# Smallest on-screen size of the board's texts of a class: the computed font size times the SVG's scale.
TEXT_PX = """cls => Math.min(...[...document.querySelectorAll('#board svg .' + cls)].map(el =>
    parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a), 999)"""
# Every tap target on the table (legal actions, selectable cards, buttons) that is shown, as its box.
TARGETS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('main.table [data-act], main.table [data-cmd], main.table button')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('details:not([open])') && !el.matches('summary')) continue;
    out.push({id: el.dataset.testid || el.textContent.trim().slice(0, 30), w: r.width, h: r.height});
  }
  return out;
}"""

BOXES = """sels => sels.map(s => { const r = document.querySelector(s).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })"""


def open_page(browser, site, context_args: dict, **more):
    context = browser.new_context(**context_args, **more)
    page = context.new_page()
    watch = Watch(page, "/".join(site.split("/", 3)[:3]))
    page.goto(site)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    return context, page, watch


def press(page, selector: str, phone: bool) -> None:
    (page.tap if phone else page.click)(selector)


def assert_phone_sizes(page, text_classes: tuple[str, ...]) -> None:
    """Tap targets at least 44 px each way, card numbers and stone values at least 12 px on screen."""
    small = [t for t in page.evaluate(TARGETS) if t["w"] < MIN_TARGET - 0.5 or t["h"] < MIN_TARGET - 0.5]
    assert not small, f"tap targets under {MIN_TARGET} px: {small}"
    for cls in text_classes:
        px = page.evaluate(TEXT_PX, cls)
        assert px >= MIN_TEXT - 0.01, f".{cls} text is {px:.1f} px on screen"


# Every board text that shows (a non-empty box): its font size times the SVG's scale, smallest first.
BOARD_TEXTS = """() => [...document.querySelectorAll('#board svg text')].filter(el => el.getBBox().width > 0)
    .map(el => { const m = el.getScreenCTM();
                 return {px: parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b),
                         box: el.getBoundingClientRect().height, text: el.textContent.slice(0, 30)}; })
    .sort((a, b) => a.px - b.px)"""


def assert_board_text(page, least: float) -> None:
    """Issue 21: every board text reads at `least` px or more (11 at 1366x768, 12 on a phone)."""
    texts = page.evaluate(BOARD_TEXTS)
    assert len(texts) > 5
    small = [t for t in texts if t["px"] < least - 0.01 or t["box"] < least]
    assert not small, f"board text under {least} px: {small[:5]}"


def hand_ids(page) -> list[str]:
    return page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def assert_marks_follow_the_other_seat(page) -> None:
    """Every card the bot played since my last move is marked, as is the pile or deck it drew from."""
    record = json.loads(page.evaluate("window.explorersRecord()"))
    mine = max((i for i, (seat, _a) in enumerate(record["moves"]) if seat == 0), default=-1)
    theirs = [a for seat, a in record["moves"][mine + 1:] if seat == 1]
    for kind, arg in theirs:
        if kind == "play":
            assert page.locator(f'#board .card.last[data-card="{arg}"]').count() == 1, (kind, arg)
        elif kind == "draw":
            sel = "[data-testid=deck]" if arg == "deck" else f"[data-testid=pile-{arg}]"
            assert page.locator(f"#board {sel}.last").count() == 1, (kind, arg)


def assert_log_shows_newest(page) -> None:
    newest_visible = page.evaluate("""() => {
        const log = document.querySelector('[data-testid=log]');
        const last = log && log.lastElementChild;
        if (!last) return true;
        const a = log.getBoundingClientRect(), b = last.getBoundingClientRect();
        return b.bottom <= a.bottom + 1 && b.top >= a.top - 1;
    }""")
    assert newest_visible, "the newest log entry is scrolled out of view"


def assert_log_keeps_a_scroll_back(page) -> None:
    """Scrolled back on purpose, the log stays where the person put it across redraws; at the end again, it
    follows the newest entry."""
    assert page.evaluate("(l => l.scrollHeight > l.clientHeight)(document.querySelector('[data-testid=log]'))")
    page.hover("[data-testid=log]")  # the wheel over the log, as a person scrolls it back to its start
    page.mouse.wheel(0, -100_000)
    page.wait_for_function("document.querySelector('[data-testid=log]').scrollTop === 0")
    page.wait_for_timeout(100)
    card = page.locator("[data-testid=hand-card]").first
    card_id = card.get_attribute("data-card")
    card.click()  # a redraw
    page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=true]')
    assert page.evaluate("document.querySelector('[data-testid=log]').scrollTop") == 0
    page.hover("[data-testid=log]")  # and down to its end again
    page.mouse.wheel(0, 100_000)
    page.wait_for_function("(l => l.scrollTop + l.clientHeight >= l.scrollHeight - 1)"
                           "(document.querySelector('[data-testid=log]'))")
    page.wait_for_timeout(100)
    page.locator(f'[data-testid=hand-card][data-card="{card_id}"]').click()
    page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=false]')
    assert_log_shows_newest(page)


def my_turn(page, phone: bool, turn: int) -> None:
    """Select a card (tap or click), play or discard it with the buttons beside it, draw from the deck."""
    playable = page.locator('[data-testid=hand-card][data-can-play="1"]')
    card = playable.first if playable.count() else page.locator("[data-testid=hand-card]").first
    card_id = card.get_attribute("data-card")
    press(page, f'[data-testid=hand-card][data-card="{card_id}"]', phone)
    page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=true]')
    btn = "[data-testid=play-btn]" if playable.count() else "[data-testid=discard-btn]"
    page.wait_for_selector(btn)
    if not phone:  # 1366x768: the actions sit beside the selected card, inside the window
        box, cbox = page.evaluate(BOXES, [btn, f'[data-testid=hand-card][data-card="{card_id}"]'])
        assert box["bottom"] <= 768 and box["right"] <= 1366, box
        assert box["top"] < cbox["bottom"] and box["bottom"] > cbox["top"] - 40, (box, cbox)  # the card's row
    if phone and turn < 3:
        assert_phone_sizes(page, ("cv", "cbig"))
    before = hand_ids(page)
    round_before = engine_state(page).view(0)["round"]
    press(page, btn, phone)
    page.wait_for_selector("[data-testid=deck][data-act]", timeout=TURN_TIMEOUT)
    page.wait_for_function(FOCUS_NOT_BODY)
    assert page.evaluate("document.activeElement.dataset.testid") == "deck"  # the next decision has focus
    press(page, "[data-testid=deck]", phone)
    page.wait_for_function(f"document.querySelector('[data-testid=next-round],[data-testid=new-game]') || "
                           f"(document.querySelectorAll('[data-testid=hand-card]').length === {len(before)}"
                           " && !document.querySelector('[data-testid=deck][data-act]'))")
    # one look at the page (the bot may end the round with its draw at any moment): the round still on, the
    # card just drawn is marked, and it is in the hand of the same round
    now = page.evaluate("""() => ({over: !!document.querySelector('[data-testid=next-round],[data-testid=new-game]'),
        drawn: [...document.querySelectorAll("[data-testid=hand-card][data-drawn='1']")].map(e => e.dataset.card),
        record: window.explorersRecord()})""")
    if not now["over"]:
        assert len(now["drawn"]) == 1, now["drawn"]
        new = now["drawn"][0]
        seen = Record.from_json(json.loads(now["record"])).replay().view(0)
        assert new not in before
        if seen["round"] == round_before:  # (a page's record may run ahead of its drawing by the bot's last draw)
            assert new in {str(c["id"]) for c in seen["hand"]}


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_whole_round_at_desktop_and_phone_size(browser, site, size):
    phone = size == "phone"
    context, page, watch = open_page(browser, site, PHONE if phone else DESKTOP)
    press(page, "[data-testid=new-lost-cities]", phone)
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.fill("[data-opt=rounds]", "2")
    press(page, "[data-testid=start]", phone)
    page.wait_for_function(FOCUS_NOT_BODY)  # a table start leaves focus on the table
    if phone:
        assert page.locator("[data-testid=side][open]").count() == 0  # log and scores wait in a drawer
        press(page, "[data-testid=side] > summary", phone)
    turns = 0
    while True:
        page.wait_for_function(MINE, timeout=TURN_TIMEOUT)
        if page.locator("[data-testid=next-round]").count():
            break
        if turns:
            assert_marks_follow_the_other_seat(page)
            assert_log_shows_newest(page)
            sides = engine_state(page).view(0)["round_scores"]
            for seat in (0, 1):  # the running score of the round: the sum of the expedition values shown
                assert f"this round {sum(b['total'] for b in sides[seat]):+d}" in \
                    page.text_content(f"[data-testid=round-score-{seat}]")  # an SVG <text>
        if turns == 12 and not phone:
            assert_log_keeps_a_scroll_back(page)
        if turns in (2, 10):  # cards on the table, piles with counts, the drawn card's mark
            assert_board_text(page, MIN_TEXT if phone else MIN_LAPTOP_TEXT)
        my_turn(page, phone, turns)
        turns += 1
        assert turns < 60
    # The round is over: its sheet, no empty sheet of round 2, closable to look at the finished table.
    state = engine_state(page)
    assert state.view(None)["round"] == 2 and not state.is_over()
    sheet = page.inner_text("[data-testid=score-sheet]")
    assert "Round 1" in sheet and "Round 2" not in sheet
    for seat in (0, 1):
        assert int(page.inner_text(f"[data-testid=sheet-r1-{seat}]")) == state.view(None)["history"][0]["scores"][seat]
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=score-sheet]", state="detached")
    assert page.locator("#card-actions [data-testid=next-round]").count() == 1  # "Next round" stays on the table
    finished = state.record.replay(len(state.record.moves) - 1).view(0)
    played = sum(len(r) for side in finished["expeditions"] for r in side)
    assert page.locator("#board .card:not(.hand)").count() >= played > 0  # the finished table, not round 2's
    assert_board_text(page, MIN_TEXT if phone else MIN_LAPTOP_TEXT)
    # a round's end on one screen (issue 35): no page scroll, nothing wider than the window, "Next round" in it
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= 1 and layout["wide"] <= 1, f"{size}, round's end: {layout}"
    if not phone:
        assert layout["board"] >= 0.5, f"round's end: the board takes {layout['board']:.0%} of the window"
    nxt = page.locator("#card-actions [data-testid=next-round]").bounding_box()
    view_w, view_h = (390, 844) if phone else (1366, 768)
    assert nxt["x"] >= 0 and nxt["y"] >= 0 and nxt["x"] + nxt["width"] <= view_w and nxt["y"] + nxt["height"] <= view_h
    press_tool(page, "[data-testid=open-sheet]", tap=phone)
    page.wait_for_selector("[data-testid=score-sheet]")
    assert page.locator(".modal [data-testid=next-round]").count() == 1
    press(page, "[data-testid=close]", phone)
    press(page, "#card-actions [data-testid=next-round]", phone)
    page.wait_for_function(MINE, timeout=TURN_TIMEOUT)
    assert engine_state(page).view(None)["round"] == 2
    my_turn(page, phone, 0)
    watch.assert_clean()
    context.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_game_text_at_laptop_size(browser, site, players):
    """Issue 21: the board game's smallest text was 10.4 px at 1366x768; now every board text is 11 px or more,
    at the start and after a few moves (pieces on the paths, cards in the columns)."""
    context, page, watch = open_page(browser, site, DESKTOP)
    page.click("[data-testid=new-lost-cities-board]")
    choose(page, "[data-testid=player-count]", str(players))
    for seat in range(1, players):
        choose(page, f"[data-testid=seat-{seat}]", "Bot — level 1 (easy)")
    page.click("[data-testid=start]")
    page.wait_for_selector("#board svg.board")
    assert_board_text(page, MIN_LAPTOP_TEXT)
    for _turn in range(3):
        page.wait_for_selector('svg[data-testid=lcb-board][data-mine="1"]', timeout=TURN_TIMEOUT)
        start = page.locator('[data-testid=hand-card][data-plays~="start"]')
        card = start.first if start.count() else page.locator("[data-testid=hand-card]").first
        card_id = card.get_attribute("data-card")
        moves = len(engine_state(page).record.moves)
        card.click()
        page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=true]')
        page.click("[data-testid=start-adventurer-btn]" if start.count() else "[data-testid=discard-btn]")
        page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {moves}")
        if page.get_attribute("svg[data-testid=lcb-board]", "data-decision") == "move":
            page.click("[data-testid=pass-btn]")
        page.wait_for_selector("[data-testid=deck][data-act]")
        page.click("[data-testid=deck]")
        page.wait_for_selector("[data-testid=hand-card][data-drawn='1']")
    assert_board_text(page, MIN_LAPTOP_TEXT)
    watch.assert_clean()
    context.close()


def test_board_game_turns_by_taps_at_phone_size(browser, site):
    context, page, watch = open_page(browser, site, PHONE)
    page.tap("[data-testid=new-lost-cities-board]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.tap("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=lcb-board]")
    # The five paths at their own size in a box that scrolls sideways; stone values and card numbers ≥ 12 px.
    assert page.evaluate("(() => { const p = document.querySelector('[data-testid=lcb-pan]');"
                         " return p.scrollWidth > p.clientWidth; })()")
    for _turn in range(4):
        page.wait_for_selector('svg[data-testid=lcb-board][data-mine="1"]', timeout=TURN_TIMEOUT)
        assert_phone_sizes(page, ("sv", "mcv", "cv", "small", "tiny", "hd"))
        start = page.locator('[data-testid=hand-card][data-plays~="start"]')
        advance = page.locator('[data-testid=hand-card][data-plays~="advance"]')
        card = advance.first if advance.count() else start.first if start.count() else \
            page.locator("[data-testid=hand-card]").first
        card_id = card.get_attribute("data-card")
        moves = len(engine_state(page).record.moves)
        card.tap()
        page.wait_for_selector(f'[data-testid=hand-card][data-card="{card_id}"][aria-pressed=true]')
        assert_phone_sizes(page, ("sv", "mcv", "cv"))
        if advance.count():
            page.tap("[data-testid=advance-btn]")
        elif start.count():
            page.tap("[data-testid=start-adventurer-btn]")
        else:
            page.tap("[data-testid=discard-btn]")
        page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {moves}")
        if page.get_attribute("svg[data-testid=lcb-board]", "data-decision") == "move":
            page.tap("[data-testid=pass-btn]")
        page.wait_for_selector("[data-testid=deck][data-act]")
        page.tap("[data-testid=deck]")
        page.wait_for_selector("[data-testid=hand-card][data-drawn='1']")
    assert len([m for m in engine_state(page).record.moves if m[0] == 0]) >= 8
    watch.assert_clean()
    context.close()


def test_a_new_screen_opens_at_its_top_on_a_phone(browser, site):
    """A game low on the home page: its setup and then its table open at the top of the page, and no table is
    wider than the phone (each big board's own e2e checks its layout and text sizes)."""
    context, page, watch = open_page(browser, site, PHONE, locale="en-US")
    page.tap("[data-testid=new-islands]")
    page.wait_for_selector("[data-testid=seat-1]")
    assert page.evaluate("scrollY") == 0
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.tap("[data-testid=start]")
    page.wait_for_selector("#board svg.board")
    assert page.evaluate("scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    watch.assert_clean()
    context.close()


def test_keyboard_focus_dialogs_names_and_wording(app):
    page, watch = app
    # Distinct names for the buttons of the home page.
    assert page.get_by_role("button", name="New game: Lost Cities", exact=True).count() == 1
    assert page.get_by_role("button", name="New game: Lost Cities: The Board Game", exact=True).count() == 1
    page.focus("[data-testid=new-lost-cities]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=start]")
    page.wait_for_function(FOCUS_NOT_BODY)  # the setup screen takes focus
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.focus("[data-testid=start]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    page.wait_for_function(FOCUS_NOT_BODY)
    # A keyboard turn: select, play/discard, draw; focus moves on to the next decision each time.
    page.focus("[data-testid=hand-card] >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=discard-btn]")
    page.focus("[data-testid=discard-btn]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=deck][data-act]")
    page.wait_for_function(FOCUS_NOT_BODY)
    assert page.evaluate("document.activeElement.dataset.testid") == "deck"
    page.keyboard.press("Enter")
    page.wait_for_function("!document.querySelector('[data-testid=deck][data-act]')")
    page.wait_for_function(FOCUS_NOT_BODY)
    # The score sheet dialog takes focus, keeps it on Tab, and closes with Escape.
    page.focus("[data-testid=open-sheet]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[role=dialog]")
    page.wait_for_function("document.querySelector('[role=dialog]').contains(document.activeElement)")
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.querySelector('[role=dialog]').contains(document.activeElement)")
    page.keyboard.press("Escape")
    page.wait_for_selector("[role=dialog]", state="detached")
    page.wait_for_function(FOCUS_NOT_BODY)
    # Wording: sentences about "You" are conjugated, the other player is named.
    page.wait_for_function(MINE, timeout=TURN_TIMEOUT)
    log = page.inner_text("[data-testid=log]")
    assert "You discard " in log and "You draw from the deck" in log
    assert "You plays" not in log and "You discards" not in log and "You draws" not in log
    assert "Player 2 draws" in log
    assert "1 cards" not in page.inner_text("main")
    watch.assert_clean()


def finished_record() -> dict:
    state = get_game("lost-cities").new(players=2, seed=11, options={"rounds": 1})
    rng = Rng(11)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return dict(state.record.to_json(), names=["You", "Player 2"], seats=[{"kind": "human"},
                                                                        {"kind": "bot", "level": 1}])


def test_arrow_keys_step_the_replay_and_views_read_right(app):
    page, watch = app
    done = finished_record()
    total = len(done["moves"])
    page.set_input_files("[data-testid=import-file]", files=[{"name": "finished.json", "mimeType": "application/json",
                                                               "buffer": json.dumps(done).encode()}])
    page.wait_for_selector("[data-testid=replay-board]")
    assert page.inner_text("[data-testid=rp-pos]") == f"Move 0 of {total}"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.querySelector('[data-testid=rp-pos]').textContent === 'Move 3 of {total}'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"document.querySelector('[data-testid=rp-pos]').textContent === 'Move 2 of {total}'")
    options = page.locator("[data-testid=rp-seat] option").all_inner_texts()
    assert "Your view" in options and "Player 2's view" in options and "You's view" not in options
    moves = page.inner_text("[data-testid=rp-moves]")
    assert "You plays" not in moves and "You discards" not in moves and ("1. You " in moves)
    watch.assert_clean()


def test_hot_seat_player_sees_the_drawn_card_before_the_cover(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Another person on this device"})
    first = hand_ids(page)
    page.locator("[data-testid=hand-card]").first.click()
    page.click("[data-testid=discard-btn]")
    page.click("[data-testid=deck]")
    page.wait_for_selector("[data-testid=handoff]")
    assert page.locator("[data-testid=cover]").count() == 0
    drawn = page.locator("[data-testid=hand-card][data-drawn='1']")
    assert drawn.count() == 1 and drawn.get_attribute("data-card") not in first
    assert drawn.get_attribute("data-card") in {str(c["id"]) for c in engine_state(page).view(0)["hand"]}
    assert page.locator("[data-testid=hand-card][data-cmd]").count() == 0  # nothing to do but pass
    page.click("[data-testid=handoff]")
    page.wait_for_selector("[data-testid=cover]")
    assert page.locator("[data-testid=hand-card]").count() == 0
    watch.assert_clean()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_animations_are_short_and_off_under_reduced_motion(browser, site, motion):
    context, page, watch = open_page(browser, site, DESKTOP, reduced_motion=motion)
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"})
    page.evaluate("""() => { window.__anims = [];
        new MutationObserver(() => setTimeout(() => {
            for (const a of document.getAnimations()) window.__anims.push(a.effect.getTiming().duration);
        }, 0)).observe(document.getElementById('app'), {childList: true}); }""")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    page.locator("[data-testid=hand-card]").first.click()
    page.click("[data-testid=discard-btn]")
    page.click("[data-testid=deck]")
    page.wait_for_function(MINE, timeout=TURN_TIMEOUT)
    durations = page.evaluate("window.__anims")
    if motion == "reduce":
        assert durations == []
    else:
        assert durations and max(durations) <= 300, durations
    watch.assert_clean()
    context.close()


def test_loading_screen_reports_the_phases_of_the_python_start(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("""window.__phases = [];
        addEventListener('DOMContentLoaded', () => {
          const t = document.getElementById('load-text');
          new MutationObserver(() => window.__phases.push(t.textContent))
            .observe(t, {childList: true, characterData: true, subtree: true});
        });""")
    page = context.new_page()
    page.goto(site)
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
    seen = page.evaluate("window.__phases")
    wanted = ["Starting Python", "Unpacking the game files", "Importing the rules engines",
              "Importing the table", "Drawing the first screen"]
    where = [next((i for i, s in enumerate(seen) if w in s), -1) for w in wanted]
    assert -1 not in where and where == sorted(where), seen
    assert page.evaluate("document.getElementById('load-bar').value") == 100
    context.close()


def test_cut_invite_link_and_over_long_answer_code_are_named(app, browser):
    """The host's invite link cut short says so on the guest's page; an over-long answer code pasted on the
    host's page says it is too long."""
    page, watch = app
    new_game(page, {0: "You", 1: "Remote player (invite link)"})
    page.wait_for_selector("[data-testid=invite-1]", timeout=TURN_TIMEOUT)
    link = page.input_value("[data-testid=invite-1]")
    page.fill("[data-testid=answer-in-1]", "A" * 4001)
    page.click("[data-testid=answer-ok-1]")
    page.wait_for_function("document.body.innerText.includes('too long')")
    assert "4001 characters" in page.inner_text("main")
    guest = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    gpage = guest.new_page()
    gpage.goto(link[:-25])
    gpage.wait_for_function("document.body.innerText.includes('cut short')", timeout=BOOT_TIMEOUT)
    assert "damaged" not in gpage.inner_text("body")
    guest.close()
    watch.assert_clean()
