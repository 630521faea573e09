"""Catan: Cities & Knights in the real browser: a 3-player game (you + 2 bots) by clicks through set-up and
three turns with a build, a bank trade and an offer to the bots, checked against the engine replaying the
page's record; a hot-seat trade with a mixed bundle and a counter-offer; an offer over the P2P link."""

from __future__ import annotations

import json
import os

from py_engine.games.catan_ck.data import KINDS

from .conftest import BOOT_TIMEOUT
from .helpers import BOT1, TURN_TIMEOUT, act, choose, engine_state, moves_made, settled, wait_for_moves
from .test_one_screen import LAYOUT, OUTSIDE

MINE = """() => document.querySelector('svg[data-testid=ck-board][data-decision=over]')
    || document.querySelector('svg[data-testid=ck-board][data-mine="1"]')"""
# Every shown <text> of the board by its rendered size (computed font size times the SVG's scale on screen):
# how many there are and those under `least` px, with what they belong to.
SMALL_TEXT = """least => {
    const all = [...document.querySelectorAll('svg[data-testid=ck-board] text')].filter(el => el.getBBox().width > 0)
        .map(el => [parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a,
                    ((el.closest('[data-testid]') || el).getAttribute('data-testid') || '') + ': '
                    + el.textContent.slice(0, 24)]);
    return {n: all.length, small: all.filter(([px]) => px < least)}; }"""
SHOT = os.environ.get("CATAN_SHOT")  # a path: save a screenshot there (for looking at the board)


def decision(page) -> str:
    page.wait_for_function(MINE, timeout=TURN_TIMEOUT)
    return page.get_attribute("svg[data-testid=ck-board]", "data-decision")


def plan_offer(state, seat: int) -> tuple[list[str], list[str]]:
    """One card of each of up to two kinds `seat` holds (two of one kind when it holds only one), for one
    card of each of two other kinds."""
    hand = state.hands[seat]
    held = [k for k in KINDS if hand[KINDS.index(k)]]
    gives = held[:2] if len(held) >= 2 else held * min(2, hand[KINDS.index(held[0])])
    return gives, [k for k in KINDS if k not in gives][:2]


def build_offer(page, state, seat: int, to: int | None = None) -> tuple[list[str], list[str]]:
    """In the open builder, by clicks: the bundles of `plan_offer`, addressed to `to` (or everyone), sent.
    Returns (given kinds, asked kinds)."""
    gives, gets = plan_offer(state, seat)
    for k in gives:
        act(page, f"[data-testid=tb-give-{k}]")
    for k in gets:
        act(page, f"[data-testid=tb-get-{k}]")
    if to is not None:
        act(page, f"[data-testid=tb-to-{to}]")
    assert page.locator("[data-testid=tb-send]").is_enabled()
    act(page, "[data-testid=tb-send]")
    return gives, gets


def bank_by_clicks(page, give: str, take: str) -> str:
    """In the bank builder, by clicks: one lot of `give` at my rate for one `take`, confirmed; returns the
    confirm's name ("Trade 4 brick for 1 ore")."""
    page.click("[data-testid=panel-bank]")
    page.wait_for_selector("[data-testid=bank-builder]")
    page.click(f"[data-testid=bk-give-{give}]")
    page.wait_for_function(f"() => document.querySelector('[data-testid=bk-give-n-{give}]').textContent !== '0'")
    page.click(f"[data-testid=bk-take-{take}]")
    page.wait_for_selector("[data-testid=bank-trade]:not([disabled])")
    name = page.get_attribute("[data-testid=bank-trade]", "aria-label")
    act(page, "[data-testid=bank-trade]")
    return name


def start_game(page) -> None:
    page.click("[data-testid=new-catan-ck]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    choose(page, "[data-testid=seat-2]", "Bot — level 1 (easy)")
    choose(page, "[data-opt=board]", "beginner")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=ck-board]")


def discard_by_clicks(page) -> None:
    """A discard on a 7 in its panel: select the first cards until "Discard these" is enabled, then confirm."""
    for n in range(1, 30):
        if page.locator("[data-testid=discard-these]").is_enabled():
            break
        page.locator("[data-testid^=dc-][aria-pressed=false]:not([disabled])").first.click()
        page.wait_for_function("n => document.querySelectorAll('[data-testid^=dc-][aria-pressed=true]').length == n",
                               arg=n)
    act(page, "[data-testid=discard-these]")


def resolve_other(page, kind: str) -> None:
    """Any decision that is not the point of the test: discard the first cards, else take the first board
    target or button."""
    if kind == "discard":
        discard_by_clicks(page)
    elif page.locator("#board [data-act]").count():
        act(page, "#board [data-act]")
    else:
        act(page, "button[data-act]")


def setup_by_clicks(page) -> None:
    """Set-up: my settlement + road, then (after the bots) my city + road, by clicks on the targets."""
    start_game(page)
    placed = 0
    while placed < 2:  # set-up: my settlement + road, then (after the bots) my city + road
        kind = decision(page)
        if kind == "setup_place":
            act(page, "#board [data-testid^=t-v][data-act]")
        elif kind == "setup_road":
            act(page, "#board [data-testid^=t-e][data-act]")
            placed += 1
    state = engine_state(page)
    assert sum(1 for v in range(54) if state.owner[v] == 0) == 2 and 0 in [state.owner[v] for v in range(54)
                                                                         if state.btype[v] == 2]
    if SHOT:
        page.screenshot(path=SHOT)


def turns_by_clicks(page) -> tuple[int, int, int] | None:
    """Turns by clicks until I have built and made an offer (at least three turns), trading with the bank
    through the builder when my cards first allow it: (built, banked, offered), or None when the bots won
    first (a deal where my cards never allowed both: the deal comes from the browser's random numbers, so a
    test cannot choose it; test_harbour_trade_through_the_bank_builder trades from a set position)."""
    turns = built = banked = offered = 0
    while turns < 3 or not (offered and built):
        kind = decision(page)
        if kind == "over":
            return None
        if kind == "roll":
            act(page, "[data-testid=roll-btn]")
        elif kind == "main":
            state = engine_state(page)
            legal = state.legal_actions(0)
            if not built and any(a[0] in ("road", "settlement", "city", "knight") for a in legal):
                target = next(a for a in legal if a[0] in ("road", "settlement", "city", "knight"))
                # from the build menu: the piece, lit, then its spot (only that piece's spots are lit)
                page.click(f"[data-testid=build-{target[0]}]")
                page.wait_for_selector(f"[data-testid=build-{target[0]}][aria-pressed=true]")
                lit = page.locator("#board [data-testid^=t-]").evaluate_all(
                    "els => els.map(e => JSON.parse(e.getAttribute('data-act') || '[\"?\"]')[0])")
                assert lit and set(lit) <= {target[0], "?"}, lit
                sel = f"#board [data-act='{json.dumps(list(target), separators=(',', ':'))}']"
                if page.locator(sel).count():
                    act(page, sel)
                else:  # a target with several actions: select it, then its button
                    key = f"e{target[1]}" if target[0] == "road" else f"v{target[1]}"
                    page.click(f"[data-testid=t-{key}]")
                    act(page, f"[data-testid=sel-{'-'.join(str(x) for x in target)}]")
                built += 1
            elif not banked and any(a[0] == "bank" for a in legal):
                trade = next(a for a in legal if a[0] == "bank")
                bank_by_clicks(page, trade[1], trade[2])
                banked += 1
            elif not offered and ("offer",) in legal:
                act(page, "[data-testid=offer-btn]")
                page.wait_for_selector("[data-testid=trade-builder]")
                build_offer(page, state, 0)
                # the bots answer at once; then I confirm a trade or cancel
                page.wait_for_function("""() => document.querySelector('[data-testid=cancel-btn]')
                    || document.querySelector('svg[data-testid=ck-board][data-decision=main][data-mine="1"]')""",
                                       timeout=TURN_TIMEOUT)
                state = engine_state(page)
                assert [e for e in state.log if e[1] == "reply"]
                if page.locator("[data-testid=cancel-btn]").count():
                    trade = page.locator("[data-testid^=trade-][data-act]")
                    act(page, "[data-testid^=trade-][data-act]" if trade.count() else "[data-testid=cancel-btn]")
                offered += 1
            else:
                act(page, "[data-testid=end-btn]")
                turns += 1
        else:
            resolve_other(page, kind)
        if turns >= 40:  # a deal that never gave me all three
            return None
    return built, banked, offered


def test_three_player_setup_and_turns_by_clicks(app):
    page, watch = app
    for _attempt in range(3):
        setup_by_clicks(page)
        done = turns_by_clicks(page)
        if done:
            break
        page.goto(page.url.split("#")[0])  # the bots won first: a new deal
        page.wait_for_selector("[data-testid=new-catan-ck]", timeout=BOOT_TIMEOUT)
    assert done, "three deals in a row ended before I could build and offer"
    built, banked, offered = done
    decision(page)  # the bots have finished their turns: the board and the record show the same moment
    state = engine_state(page)
    view = state.view(0)
    for seat in range(3):
        assert int(page.inner_text(f"[data-testid=total-{seat}]")) == view["player_info"][seat]["vp"]
    mine = [m for s, m in state.record.moves if s == 0]  # the log keeps only recent entries; the record all
    assert sum(m[0] == "bank" for m in mine) == banked <= 1
    assert any(m[0] == "send" for m in mine) and offered == 1
    assert any(m[0] in ("road", "settlement", "city", "knight") for m in mine) and built == 1
    page.click("[data-testid=open-sheet]")
    page.wait_for_selector("[data-testid=score-sheet]")
    for seat in range(3):
        assert int(page.inner_text(f"[data-testid=sheet-total-{seat}]")) == state.vp(seat)
    watch.assert_clean()


def _step(page, host) -> str | None:
    """One decision by clicks on `page` if it owes one (set-up: first target; roll; end the turn;
    answer offers by accepting when possible); returns the decision kind taken."""
    ready = page.evaluate("""() => !!document.querySelector('svg[data-testid=ck-board][data-mine="1"]')
        && !document.querySelector('[data-pending="1"]')""")
    if not ready:
        return None
    kind = page.get_attribute("svg[data-testid=ck-board]", "data-decision")
    before = moves_made(host)
    if kind == "setup_place":
        page.locator("#board [data-testid^=t-v][data-act]").first.click()
    elif kind == "setup_road":
        page.locator("#board [data-testid^=t-e][data-act]").first.click()
    elif kind == "roll":
        page.click("[data-testid=roll-btn]")
    elif kind == "offer":
        sel = "[data-testid=accept-btn]" if page.locator("[data-testid=accept-btn]").count() else \
            "[data-testid=decline-btn]"
        page.click(sel)
    elif kind == "main":
        page.click("[data-testid=end-btn]")
    elif kind == "discard":
        discard_by_clicks(page)
    elif page.locator("#board [data-act]").count():
        page.locator("#board [data-act]").first.click()
    else:
        page.locator("button[data-act]").first.click()
    wait_for_moves(host, before + 1)
    return kind


def test_trade_offer_between_two_browsers(site, playwright_instance):
    """Host (seat 0) and a remote guest (seat 1) over WebRTC, a bot in seat 2: the host offers a trade,
    the guest answers it in its own browser, the host sees the answer and confirms or cancels."""
    import build

    from .p2p import connect, launch, open_page

    hb, gb = launch(playwright_instance, build.CHROMIUM), launch(playwright_instance, build.CHROMIUM)
    try:
        host, hw = open_page(hb, site)
        guest, gw = open_page(gb, site)
        host.click("[data-testid=new-catan-ck]")
        choose(host, "[data-testid=player-count]", "3")
        host.wait_for_selector("[data-testid=seat-2]")
        choose(host, "[data-testid=seat-1]", "Remote player (invite link)")
        choose(host, "[data-testid=seat-2]", "Bot — level 1 (easy)")
        choose(host, "[data-opt=board]", "beginner")
        host.click("[data-testid=start]")
        connect(host, guest, 1, name="Gus")
        guest.wait_for_selector("svg[data-testid=ck-board]")
        offered = False
        for _ in range(400):
            state = engine_state(host)
            if state.stack and state.stack[-1]["k"] == "main" and state.turn == 0 and not offered \
                    and ("offer",) in state.legal_actions(0) and host.evaluate(
                        """() => !!document.querySelector('svg[data-testid=ck-board][data-mine="1"]')"""):
                act(host, "[data-testid=offer-btn]")
                build_offer(host, state, 0, to=1)
                offered = True
                guest.wait_for_selector("svg[data-testid=ck-board][data-decision=offer][data-mine='1']",
                                        timeout=TURN_TIMEOUT)
                assert guest.locator("[data-testid=decline-btn]").count() == 1
                _step(guest, host)  # the guest answers over the link
                host.wait_for_function("""() => !!document.querySelector('[data-testid=cancel-btn]')
                    || !!document.querySelector('svg[data-testid=ck-board][data-decision=main][data-mine="1"]')""",
                                       timeout=TURN_TIMEOUT)
                state = engine_state(host)
                replies = [e for e in state.log if e[1] == "reply"]
                assert replies and replies[-1][0] == 1
                if host.locator("[data-testid=cancel-btn]").count():
                    act(host, "[data-testid=cancel-btn]")
                break
            for page in (host, guest):
                _step(page, host)
            host.wait_for_timeout(50)
        assert offered
        state = engine_state(host)
        assert any(s == 0 and m[0] == "send" for s, m in state.record.moves)
        assert any(s == 1 and m[0] in ("accept", "decline") for s, m in state.record.moves)
        hw.assert_clean()
        gw.assert_clean()
    finally:
        hb.close()
        gb.close()


def _hot_seat_ready(page) -> int | None:
    """Pass the device until the board is drawn for a person who owes a decision: that seat, or None when
    the game is over."""
    for _ in range(200):
        if page.locator("[data-testid=handoff]").count():
            page.click("[data-testid=handoff]")
        elif page.locator("[data-testid=uncover]").count():
            page.click("[data-testid=uncover]")
        elif page.locator("svg[data-testid=ck-board][data-decision=over]").count():
            return None
        elif page.locator('svg[data-testid=ck-board][data-mine="1"]').count():
            state = engine_state(page)
            movers = [q for q in state.to_move() if q in (0, 1)]
            if movers:
                return movers[0]
        page.wait_for_timeout(100)
    raise AssertionError("the hot-seat table never came to a person")


def test_hot_seat_trade_with_a_mixed_bundle_and_a_counter_offer(app):
    """Two people at one device and a bot: at the first of my turns where I hold a card and Bo does too, I
    offer Bo (only) two kinds for two others; Bo counters with its own bundle; I take the counter. The
    hands after the trade are what the engine says."""
    page, watch = app
    page.click("[data-testid=new-catan-ck]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Another person on this device")
    choose(page, "[data-testid=seat-2]", "Bot — level 1 (easy)")
    choose(page, "[data-opt=board]", "beginner")
    page.click("[data-testid=start]")
    traded = False
    for _ in range(400):
        seat = _hot_seat_ready(page)
        assert seat is not None, "the game ended before a trade"
        state = engine_state(page)
        top = state.stack[-1]
        plan = plan_offer(state, 0) if any(state.hands[0]) else ([], [])
        bo_can_give = any(state.hands[1][i] for i, k in enumerate(KINDS) if k not in plan[0][1:])
        if top["k"] == "main" and seat == 0 and ("offer",) in state.legal_actions(0) and bo_can_give:
            act(page, "[data-testid=offer-btn]")
            gives, gets = build_offer(page, state, 0, to=1)
            assert _hot_seat_ready(page) == 1
            assert "offers" in page.inner_text("[data-testid=open-offer]")
            act(page, "[data-testid=counter-btn]")
            page.wait_for_selector("[data-testid=trade-builder]")
            state = engine_state(page)
            r = state.stack[-1]["replies"][1]
            assert r["get"] == state.stack[-1]["give"] and sum(r["get"]) == 2  # the offer's mirror
            # ask for one card less than the offer gives, and give one more card of a kind Bo holds if any
            act(page, f"[data-testid=tb-unget-{gives[0]}]")
            state = engine_state(page)
            r = state.stack[-1]["replies"][1]
            if not any(r["give"]):
                k = next(k for i, k in enumerate(KINDS) if state.hands[1][i] and not r["get"][i])
                act(page, f"[data-testid=tb-give-{k}]")
            act(page, "[data-testid=tb-send]")
            assert _hot_seat_ready(page) == 0
            state = engine_state(page)
            assert state.stack[-1]["k"] == "confirm"
            counter = state.stack[-1]["replies"][1]
            before = [list(h) for h in state.hands]
            assert "counters: gives" in page.inner_text("[data-testid=open-offer]")
            act(page, "[data-testid=trade-1-btn]")
            after = engine_state(page).hands
            for i in range(8):
                assert after[0][i] == before[0][i] - counter["get"][i] + counter["give"][i]
                assert after[1][i] == before[1][i] + counter["get"][i] - counter["give"][i]
            traded = True
            break
        if top["k"] == "main" and seat in (0, 1):
            act(page, "[data-testid=end-btn]")
        elif top["k"] == "roll":
            act(page, "[data-testid=roll-btn]")
        elif top["k"] == "setup_place":
            act(page, "#board [data-testid^=t-v][data-act]")
        elif top["k"] == "setup_road":
            act(page, "#board [data-testid^=t-e][data-act]")
        elif top["k"] == "offer":
            act(page, "[data-testid=decline-btn]")
        else:
            resolve_other(page, top["k"])
    assert traded
    moves = [m[0] for s, m in engine_state(page).record.moves]
    assert moves[-1] == "trade" and moves[-2] == "send" and "counter" in moves
    watch.assert_clean()


def _hot_seat_to_a_big_discard(page):
    """A new hot-seat game (two people and a bot) where the people only roll and end their turns, so hands
    grow, played to the first 7 where one of us owes a discard of 4 or more: (seat, state, top of stack), or
    None when the game ended first (the bot won: the deal comes from the browser, so a test cannot choose it)."""
    page.click("[data-testid=new-catan-ck]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Another person on this device")
    choose(page, "[data-testid=seat-2]", "Bot — level 1 (easy)")
    choose(page, "[data-opt=board]", "beginner")
    page.click("[data-testid=start]")
    for _ in range(600):
        seat = _hot_seat_ready(page)
        if seat is None:
            return None
        state = engine_state(page)
        top = state.stack[-1]
        if top["k"] == "discard" and top["why"] == "seven" and top["need"][seat] >= 4:
            return seat, state, top
        if top["k"] == "main":
            act(page, "[data-testid=end-btn]")
        elif top["k"] == "roll":
            act(page, "[data-testid=roll-btn]")
        elif top["k"] == "setup_place":
            act(page, "#board [data-testid^=t-v][data-act]")
        elif top["k"] == "setup_road":
            act(page, "#board [data-testid^=t-e][data-act]")
        else:  # a smaller discard (the panel too, the first cards), or anything else
            resolve_other(page, top["k"])
    raise AssertionError("no 7 came with a hand of 8 or more")


def test_hot_seat_discard_on_a_seven_in_one_confirm(app):
    """Two people at one device and a bot, who only roll and end their turns, so hands grow: at the first 7
    where one of us holds 8 cards or more, the discard panel says how many ("discard 4 of 9: 0 selected"),
    the cards are selected by clicks (one more than needed cannot be) and one "Discard these" plays every
    discard decision; the hand then holds exactly what the selection left."""
    page, watch = app
    for _attempt in range(3):
        found = _hot_seat_to_a_big_discard(page)
        if found:
            break
        page.goto(page.url.split("#")[0])  # the bot won first: a new deal
        page.wait_for_selector("[data-testid=new-catan-ck]", timeout=BOOT_TIMEOUT)
    assert found, "three games in a row ended before a big discard"
    seat, state, top = found
    need, hand = top["need"][seat], list(state.hands[seat])
    page.set_viewport_size({"width": 1366, "height": 768})  # and the board's text at a laptop's size
    text = page.evaluate(SMALL_TEXT, 11)
    assert text["n"] > 60 and text["small"] == [], text
    # the table on one screen (e2e/test_one_screen.py): the panel docked beside the board, in the window
    settled(page)
    assert page.evaluate(LAYOUT)["scroll"] <= 1 and page.evaluate(OUTSIDE) == []
    if SHOT:
        page.screenshot(path=SHOT.replace(".png", "-discard.png"))
    count = page.locator("[data-testid=discard-count]")
    assert count.inner_text() == f"discard {need} of {sum(hand)}: 0 selected"
    assert page.locator("[data-testid=discard-these]").is_disabled()
    moves = moves_made(page)
    for i in range(need):
        page.locator("[data-testid^=dc-][aria-pressed=false]:not([disabled])").last.click()
        page.wait_for_function("n => document.querySelectorAll('[data-testid^=dc-][aria-pressed=true]').length == n",
                               arg=i + 1)
    assert count.inner_text() == f"discard {need} of {sum(hand)}: {need} selected"
    assert page.locator("[data-testid^=dc-][aria-pressed=false]:not([disabled])").count() == 0  # no more
    chosen = [0] * len(KINDS)
    for el in page.locator("[data-testid^=dc-][aria-pressed=true]").all():
        chosen[KINDS.index(el.get_attribute("data-testid").split("-")[1])] += 1
    assert engine_state(page).hands[seat] == hand  # selecting plays nothing
    page.click("[data-testid=discard-these]")
    wait_for_moves(page, moves + need)
    record = engine_state(page).record
    mine = [k for k in range(moves, len(record.moves)) if record.moves[k][0] == seat]  # a bot may discard between
    assert [record.moves[k] for k in mine[:need]] == [[seat, ["discard", k]] for k in KINDS
                                                      for _ in range(chosen[KINDS.index(k)])]
    # the hand right after this seat's last discard (a bot that rolled the 7 may steal from it next)
    assert record.replay(mine[need - 1] + 1).hands[seat] == [h - c for h, c in zip(hand, chosen)]
    watch.assert_clean()


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}
# every shown element of the table whose box reaches past the screen's right edge (or starts left of it)
WIDER = """() => [...document.querySelectorAll('main.table *')].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5)
        && !el.closest('.card-actions, .actions');  // the phone's tool row scrolls sideways inside the screen
}).map(el => (el.getAttribute('data-testid') || el.tagName) + ' ' + Math.round(el.getBoundingClientRect().right))"""
ACTION_BAR_WIDER = """() => [...document.querySelectorAll('.card-actions *')].filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
}).map(el => el.getAttribute('data-testid') || el.tagName)"""


def test_phone_layout_fits_the_screen(browser, site):
    """390 x 844, in Persian: the whole island fits the width with the dice, barbarians, players and hand
    below it; intersections keep tap areas of about 43 px; every text of the board (numbers, harbours, pieces,
    players, dice, hand) is at least 12 px; no element of the table (action bar, build menu and trade builder
    included) is wider than the screen."""
    from .conftest import open_app

    context, page, watch = open_app(browser, site, **{k: v for k, v in PHONE.items() if k != "viewport"},
                                    locale="fa-IR")
    page.set_viewport_size(PHONE["viewport"])
    page.tap("[data-testid=new-catan-ck]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", BOT1["fa"])
    choose(page, "[data-testid=seat-2]", BOT1["fa"])
    choose(page, "[data-opt=board]", "مبتدی")  # beginner
    page.tap("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=ck-board][data-decision=setup_place][data-mine='1']")
    box = page.evaluate("""() => {
        const b = document.querySelector('svg[data-testid=ck-board]').getBoundingClientRect();
        const hexes = [...document.querySelectorAll('[data-testid^=hex-]')].map(h => h.getBoundingClientRect());
        return {left: b.left, right: b.right, hexLeft: Math.min(...hexes.map(r => r.left)),
                hexRight: Math.max(...hexes.map(r => r.right)), n: hexes.length}; }""")
    assert box["n"] == 19 and 0 <= box["left"] and box["right"] <= 390 and 0 <= box["hexLeft"] \
        and box["hexRight"] <= 390, box
    order = page.evaluate("""() => ['hex-9', 'dice-stats', 'side', 'hand-ore'].map(id => {
        const el = document.querySelector('svg [data-testid=' + id + ']');
        return el ? Math.round(el.getBoundingClientRect().top) : null; })""")
    assert order[0] is not None and order[2] is not None and order[0] < order[2] < order[3], order
    sizes = page.locator("#board [data-testid^=t-v]").evaluate_all(
        "els => els.map(e => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height))")
    assert len(sizes) > 20 and min(sizes) >= 42, sizes
    numbers = page.evaluate("""() => Math.min(...[...document.querySelectorAll('#board svg .num')].map(el =>
        parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a))""")
    assert numbers >= 12, numbers
    text = page.evaluate(SMALL_TEXT, 12)  # every text of the board, not only the numbers
    assert text["n"] > 60 and text["small"] == [], text
    assert page.evaluate(WIDER) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for _ in range(200):  # set-up by taps, then to my first action phase
        kind = decision(page)
        if kind == "main":
            break
        if kind == "setup_place":
            act(page, "#board [data-testid^=t-v][data-act]")
        elif kind == "setup_road":
            act(page, "#board [data-testid^=t-e][data-act]")
        elif kind == "roll":
            act(page, "[data-testid=roll-btn]")
        else:
            resolve_other(page, kind)
    assert decision(page) == "main"
    text = page.evaluate(SMALL_TEXT, 12)  # with the pieces on the island now
    assert page.locator("[data-testid^=settlement-], [data-testid^=city-]").count() >= 6
    assert text["small"] == [], text
    page.tap("[data-testid=panel-build]")
    page.wait_for_selector("[data-testid=build-menu]")
    assert page.evaluate(WIDER) == [] and page.evaluate(ACTION_BAR_WIDER) == []
    if ("offer",) in engine_state(page).legal_actions(0):
        act(page, "[data-testid=offer-btn]")
        page.wait_for_selector("[data-testid=trade-builder]")
        assert page.evaluate(WIDER) == [] and page.evaluate(ACTION_BAR_WIDER) == []
        act(page, "[data-testid=tb-back]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    watch.assert_clean()
    context.close()


LOG_ICONS = """() => [...document.querySelectorAll('ol.log li .ck-cards[role=img]')].map(el =>
    [el.getAttribute('aria-label'), el.querySelectorAll('svg [data-icon]').length,
     el.getBoundingClientRect().width])"""


def test_icons_in_the_log_and_hover_cards_with_costs(app):
    """1366 x 768: the set-up city's cards are a log line with icons (one image named in words); hovering
    the build menu's road shows its card with the cost icons; with Road chosen, hovering a path shows the
    road's card on the board; hovering my trade track shows the next level's cost in cloth; a roll's line
    shows the dice; every shown text stays >= 11 px."""
    page, watch = app
    page.set_viewport_size({"width": 1366, "height": 768})
    for _attempt in range(3):
        setup_by_clicks(page)
        while (kind := decision(page)) not in ("main", "over"):
            act(page, "[data-testid=roll-btn]") if kind == "roll" else resolve_other(page, kind)
        if kind == "main":
            break
        page.goto(page.url.split("#")[0])
        page.wait_for_selector("[data-testid=new-catan-ck]", timeout=BOOT_TIMEOUT)
    assert kind == "main"
    icons = page.evaluate(LOG_ICONS)
    assert icons and all(label and n >= 1 and w > 0 for label, n, w in icons), icons
    assert any(any(k in label for k in KINDS) for label, _n, _w in icons), icons
    line = page.locator("ol.log li", has=page.locator(".ck-cards")).first
    assert "places a city, taking" in line.inner_text() or line.locator("svg[aria-hidden=true]").count()
    page.hover("[data-testid=build-road]")
    tip = page.locator("[data-testid=tip-build-road]")
    tip.wait_for(state="visible")
    assert tip.locator("[data-icon=brick]").count() == 1 and tip.locator("[data-icon=lumber]").count() == 1
    assert tip.locator("[role=img]").get_attribute("aria-label") == "1 brick, 1 lumber"
    assert tip.bounding_box()["width"] > 60
    if page.locator("[data-testid=build-road][data-cmd]").count():  # a road is legal now: choose it, hover a path
        page.click("[data-testid=build-road]")
        page.wait_for_selector("[data-testid=build-road][aria-pressed=true]")
        assert not page.locator("[data-testid=spot-tip-road]").is_visible()
        page.hover("#board [data-testid^=t-e]")
        card = page.locator("[data-testid=spot-tip-road]")
        card.wait_for(state="visible")
        assert card.locator("[data-icon=brick]").count() == 1 and card.bounding_box()["width"] > 100
    page.hover("#board [data-testid=track-0-trade]")  # my trade track: the next level's cost in cloth
    card = page.locator("[data-testid=track-tip-0-trade]")
    card.wait_for(state="visible")
    assert card.locator("[data-icon=cloth]").count() >= 1
    assert page.evaluate(SMALL_TEXT, 11)["small"] == []  # the shown hover card's text too
    assert page.locator("ol.log li svg.ck-die[aria-label]").count() >= 2  # my roll's dice
    watch.assert_clean()


def harbour_position(cards: dict[str, int] | None = None, turn: int = 0) -> str:
    """The beginner board, three players: my settlement and road at the 2:1 ore harbour, 6 ore in my hand
    (or `cards`: {"0.grain": 3, "1.ore": 3, ...} by seat and kind), my action phase (or seat `turn`'s); as a
    position link's code (base64url of the zlib'd JSON, as web/records.py writes it)."""
    import base64
    import zlib

    from py_engine.core import position as P
    from py_engine.games.catan_ck.data import EDGES

    data = P.starting("catan-ck", 3, {"board": "beginner"}, seed=3)
    zones, fields = data["state"]["zones"], data["state"]["fields"]
    road = next(e for e, ends in enumerate(EDGES) if 10 in ends)
    zones.update({"vertex.10": ["settlement-0"], f"edge.{road}": ["road-0"], "vertex.30": ["settlement-1"],
                  "vertex.40": ["settlement-2"]})
    fields.update({"decision": "main", "turn": turn, **{f"cards.{k}": n for k, n in (cards or {"0.ore": 6}).items()}})
    assert P.check(data).state.rate(0, KINDS.index("ore")) == 2
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def hand_shows(page, counts: dict[str, int]) -> None:
    """Wait until my hand (on the board) shows these counts."""
    page.wait_for_function("""counts => Object.entries(counts).every(([k, n]) =>
        document.querySelector(`[data-testid=hand-${k}] text`).textContent === String(n))""", arg=counts)


def words(page, selector: str) -> str:
    return " ".join(page.inner_text(selector).split())


def test_offer_by_clicking_cards_to_a_bot_that_counters_declines_and_accepts(browser, site):
    """Played on from a position: I hold 3 grain, 1 wool, 1 ore; Bot 1 has a settlement (it aims for a city:
    2 grain, 3 ore) and holds 1 grain, 3 ore, 2 brick. I build offers by clicking cards (a hand card gives
    it, a kind in the "ask for" row asks it, a card in the offer takes it back), each control named for what
    it does, and send them to Bot 1, who answers by its own evaluation:
    - 1 grain for 2 brick: it counters 1 brick for 1 grain (its last brick is worth more to it), shown on
      the button that takes it, and I take it: my hand shows 2 grain and 1 brick;
    - 1 wool for 1 ore (the city's ore): it declines, and no trade is made;
    - 1 grain + 1 ore for 1 brick (its spare brick): it accepts, and I cancel."""
    from .conftest import Watch
    from .test_a11y import audit

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    code = harbour_position({"0.ore": 1, "0.grain": 3, "0.wool": 1, "1.grain": 1, "1.ore": 3, "1.brick": 2})
    page.goto(f"{site.rstrip('/')}/embed.html?position={code}&seat=0")
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    main = "svg[data-testid=ck-board][data-decision=main][data-mine='1']"
    page.wait_for_selector(main)
    hand_shows(page, {"grain": 3, "wool": 1, "ore": 1, "brick": 0})

    page.click("[data-testid=offer-btn]")
    page.wait_for_selector("[data-testid=trade-builder]")
    card = page.locator("#board [data-testid=hand-give-grain]")
    assert card.get_attribute("aria-label") == "Give one more grain" and card.get_attribute("role") == "button"
    assert page.locator("#board [data-testid=hand-give-brick]").count() == 0  # none in my hand
    card.click()
    page.wait_for_selector("[data-testid=tb-card-give-grain-0]")
    ask = page.locator("[data-testid=tb-ask-brick]")
    assert ask.get_attribute("aria-label") == "Ask for one more brick"
    for n in range(3):
        ask.click()
        page.wait_for_selector(f"[data-testid=tb-card-get-brick-{n}]")
    extra = page.locator("[data-testid=tb-card-get-brick-2]")
    assert extra.get_attribute("aria-label") == "Ask for one less brick"
    extra.click()  # a card in the offer: taken back
    page.wait_for_selector("[data-testid=tb-card-get-brick-2]", state="detached")
    assert page.get_attribute("[data-testid=tb-ungive-grain]", "aria-label") == "Give one less grain"
    assert page.get_attribute("[data-testid=tb-get-wool]", "aria-label") == "Ask for one more wool"
    assert "You give 1 grain; you get 2 brick." in words(page, "[data-testid=trade-builder]")
    page.click("[data-testid=tb-to-1]")
    page.wait_for_selector("[data-testid=tb-to-1][aria-pressed=true]")
    assert audit(page, "offer builder") == []
    page.click("[data-testid=tb-send]")

    page.wait_for_selector("svg[data-testid=ck-board][data-decision=confirm][data-mine='1']", timeout=TURN_TIMEOUT)
    assert "Trade with Bot 2: you give 1 grain, you get 1 brick" in words(page, "[data-testid=trade-1-btn]")
    assert audit(page, "choice of a deal") == []
    page.click("[data-testid=trade-1-btn]")
    page.wait_for_selector(main)
    hand_shows(page, {"grain": 2, "brick": 1, "wool": 1, "ore": 1})

    page.click("[data-testid=offer-btn]")
    page.locator("#board [data-testid=hand-give-wool]").click()
    page.wait_for_selector("[data-testid=tb-card-give-wool-0]")
    page.click("[data-testid=tb-ask-ore]")
    page.wait_for_selector("[data-testid=tb-card-get-ore-0]")
    page.click("[data-testid=tb-to-1]")
    page.wait_for_selector("[data-testid=tb-to-1][aria-pressed=true]")
    page.click("[data-testid=tb-send]")
    page.wait_for_selector("[data-testid=trade-builder]", state="detached")
    page.wait_for_selector(main, timeout=TURN_TIMEOUT)  # declined: no choice to make, my turn goes on
    hand_shows(page, {"grain": 2, "brick": 1, "wool": 1, "ore": 1})

    page.click("[data-testid=offer-btn]")
    for kind in ("grain", "ore"):
        page.locator(f"#board [data-testid=hand-give-{kind}]").click()
        page.wait_for_selector(f"[data-testid=tb-card-give-{kind}-0]")
    page.click("[data-testid=tb-ask-brick]")
    page.wait_for_selector("[data-testid=tb-card-get-brick-0]")
    page.click("[data-testid=tb-to-1]")
    page.wait_for_selector("[data-testid=tb-to-1][aria-pressed=true]")
    page.click("[data-testid=tb-send]")
    page.wait_for_selector("svg[data-testid=ck-board][data-decision=confirm][data-mine='1']", timeout=TURN_TIMEOUT)
    assert "Trade with Bot 2: you give 1 grain, 1 ore, you get 1 brick" in words(page, "[data-testid=trade-1-btn]")
    page.click("[data-testid=cancel-btn]")
    page.wait_for_selector(main)
    hand_shows(page, {"grain": 2, "brick": 1, "wool": 1, "ore": 1})
    assert page.locator("[data-testid=offer-btn]").count() == 0  # three offers this turn
    watch.assert_clean()
    context.close()


def test_harbour_trade_through_the_bank_builder(browser, site):
    """A position played on in the embed: my settlement on the 2:1 ore harbour and 6 ore. The bank builder
    offers ore at 2:1 (the harbour named), the other kinds to take; 2 ore for 1 paper by three clicks, the
    confirm named for the trade, and the hand shows it; then 4 ore for 1 cloth and 1 paper, two bank
    decisions played by one confirm."""
    from .conftest import Watch

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    page.goto(f"{site.rstrip('/')}/embed.html?position={harbour_position()}&seat=0")
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("svg[data-testid=ck-board][data-decision=main][data-mine='1']")
    page.click("[data-testid=panel-bank]")
    page.wait_for_selector("[data-testid=bank-builder]")
    assert page.locator("[data-testid^=bk-give-row-]").count() == 1  # only ore is held at a rate
    row = page.inner_text("[data-testid=bk-give-row-ore]")
    assert "2:1" in row and "2:1 harbour" in row
    assert page.locator("[data-testid=bank-trade]").is_disabled()
    page.click("[data-testid=bk-give-ore]")
    page.wait_for_function("() => document.querySelector('[data-testid=bk-give-n-ore]').textContent === '2'")
    page.click("[data-testid=bk-take-paper]")
    confirm = page.locator("[data-testid=bank-trade]:not([disabled])")
    confirm.wait_for()
    assert confirm.get_attribute("aria-label") == "Trade 2 ore for 1 paper"
    assert " ".join(confirm.inner_text().split()) == "Trade 2 ore for 1 paper"
    assert confirm.locator("[data-icon=ore]").count() == 1 and confirm.locator("[data-icon=paper]").count() == 1
    confirm.click()
    page.wait_for_function("""() => [...document.querySelectorAll('[data-testid=hand-paper] text')]
        .some(t => t.textContent === '1')""")
    assert page.locator("[data-testid=bank-builder]").count() == 0
    assert page.locator("[data-testid=hand-ore] text").first.text_content() == "4"
    page.click("[data-testid=panel-bank]")
    for _lot in range(2):
        page.click("[data-testid=bk-give-ore]")
    page.wait_for_function("() => document.querySelector('[data-testid=bk-give-n-ore]').textContent === '4'")
    assert page.locator("[data-testid=bk-give-ore]").is_disabled()  # 4 ore: two lots
    page.click("[data-testid=bk-take-cloth]")
    page.click("[data-testid=bk-take-paper]")
    confirm.wait_for()
    assert confirm.get_attribute("aria-label") == "Trade 4 ore for 1 cloth, 1 paper"
    confirm.click()
    page.wait_for_function("""() => [...document.querySelectorAll('[data-testid=hand-paper] text')]
        .some(t => t.textContent === '2')""")
    for kind, n in (("ore", "0"), ("cloth", "1"), ("paper", "2")):
        assert page.locator(f"[data-testid=hand-{kind}] text").first.text_content() == n
    watch.assert_clean()
    context.close()


def test_a_bots_offer_reaches_me_and_i_counter_by_clicking_a_hand_card(browser, site):
    """Played on from a position in Bot 2's action phase (seat 1): it lacks 1 grain for its city and holds a
    spare brick, so it offers everyone 1 brick for 1 grain. I (2 grain, 1 wool) see the offer with Accept,
    Decline and Counter-offer; my counter starts from the offer's mirror (1 grain for 1 brick), a click on
    my wool card adds it, and the bot takes my counter: my hand shows 1 grain, no wool, 1 brick."""
    from .conftest import Watch

    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    code = harbour_position({"0.grain": 2, "0.wool": 1, "1.grain": 1, "1.ore": 3, "1.brick": 2}, turn=1)
    page.goto(f"{site.rstrip('/')}/embed.html?position={code}&seat=0")
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("svg[data-testid=ck-board][data-decision=offer][data-mine='1']", timeout=TURN_TIMEOUT)
    assert "offered 1 brick for 1 grain — accept, decline or counter" in words(page, "[data-testid=status]")
    for testid in ("accept-btn", "decline-btn", "counter-btn"):
        assert page.locator(f"[data-testid={testid}]").is_enabled()
    page.click("[data-testid=counter-btn]")
    page.wait_for_selector("[data-testid=trade-builder]")
    assert "You give 1 grain; you get 1 brick." in words(page, "[data-testid=trade-builder]")
    assert page.locator("[data-testid=tb-to-all]").count() == 0  # a counter goes back to the offerer
    page.locator("#board [data-testid=hand-give-wool]").click()
    page.wait_for_selector("[data-testid=tb-card-give-wool-0]")
    assert "You give 1 wool, 1 grain; you get 1 brick." in words(page, "[data-testid=trade-builder]")
    page.click("[data-testid=tb-send]")
    hand_shows(page, {"grain": 1, "wool": 0, "brick": 1})
    watch.assert_clean()
    context.close()

