"""Lost Ruins of Arnak in the real browser: a 2-player game against a bot, round 1 by clicks (a dig paid with
a card, a research step, a card bought), the rest by clicks too (passing), and the final score sheet checked
against the engine replaying the page's record."""

from __future__ import annotations

import json

from .helpers import TURN_TIMEOUT, act, choose, engine_state
from .test_a11y import audit

MINE_OR_MODAL = """() => document.querySelector('[data-testid=new-game]')
    || document.querySelector('[data-testid=next-round]')
    || document.querySelector('svg[data-testid=arnak-board][data-mine="1"]')"""


def my_actions(page) -> list[list]:
    """The legal actions on the page: the buttons and the board's targets."""
    found = page.eval_on_selector_all("[data-act]", "els => els.map(e => e.dataset.act)")
    return [json.loads(x) for x in found]


def wait_mine(page) -> str:
    page.wait_for_function(MINE_OR_MODAL, timeout=TURN_TIMEOUT)
    if page.locator("[data-testid=new-game]").count():
        return "over"
    if page.locator("[data-testid=next-round]").count():
        return "round"
    return page.get_attribute("svg[data-testid=arnak-board]", "data-decision")


def first_of(actions: list[list], kind: str) -> list | None:
    return next((a for a in actions if a[0] == kind), None)


def play_card(page, acts: list[list], cards: tuple[int, ...]) -> bool:
    """Play one of `cards` by pointing: select it in the hand, then its "play" button."""
    for cid in cards:
        if not page.locator(f"svg [data-testid=hand-{cid}-0][data-cmd=select]").count():
            continue
        page.click(f"svg [data-testid=hand-{cid}-0]")
        page.wait_for_selector("[data-testid=zoom]")
        if page.locator(f'[data-testid="act-play-{cid}"]').count():
            act(page, f'[data-testid="act-play-{cid}"]')
            return True
        page.click(f"svg [data-testid=hand-{cid}-0]")  # not playable now: deselect
    return False


def play_round_one(page) -> dict:
    """Dig at camp 4 (arrowhead; another camp if it is taken) paying with a card, play an Exploration card and
    research the glass, dig at another camp, play Funding cards and buy an item; then pass. Returns what was
    done."""
    done = {"dig": 0, "research": 0, "buy": 0}
    while True:
        decision = wait_mine(page)
        if decision in ("round", "over"):
            return done
        acts = my_actions(page)
        if decision == "travel":
            hand = page.locator('svg [data-testid^=hand-][data-act*="tcard"]')
            fear = page.locator('svg [data-testid^=hand-300-][data-act*="tcard"]')
            act(page, 'svg [data-testid^=hand-300-][data-act*="tcard"]' if fear.count() else
                'svg [data-testid^=hand-][data-act*="tcard"]' if hand.count() else "button[data-act]")
            continue
        if decision == "keep":
            act(page, '[data-testid="act-keep"]')
            continue
        if decision not in ("turn", "free"):
            act(page, "button[data-act]")  # any other pending decision: its first option
            continue
        if decision == "free":
            act(page, '[data-testid="act-end"]')
            continue
        if not done["dig"]:  # camp 4 (an arrowhead), or another camp when the solo rival took it first
            camp = 3 if ["dig", 3] in acts else next((a[1] for a in acts if a[0] == "dig" and a[1] < 5), None)
            if camp is not None:
                act(page, f"svg [data-testid=site-{camp}-dig]")
                done["dig"] += 1
                continue
        if not done["research"]:
            research = page.locator("svg [data-testid^=research-glass-]")
            if research.count():
                act(page, "svg [data-testid^=research-glass-]")
                done["research"] += 1
                continue
            if play_card(page, acts, (203, 204)):
                continue
        if done["dig"] == 1:
            dig = next((a for a in acts if a[0] == "dig" and a[1] < 5), None)
            if dig:
                act(page, f"svg [data-testid=site-{dig[1]}-dig]")
                done["dig"] += 1
                continue
        if not done["buy"]:
            buy = page.locator('svg [data-testid^=row-item-][data-act*="buy"]')
            if buy.count():
                act(page, 'svg [data-testid^=row-item-][data-act*="buy"]')
                done["buy"] += 1
                continue
            if play_card(page, acts, (201, 202)):
                continue
        act(page, '[data-testid="act-pass"]')


def finish_by_passing(page) -> None:
    while True:
        decision = wait_mine(page)
        if decision == "over":
            return
        if decision == "round":
            page.click("[data-testid=next-round]")
            continue
        target = {"turn": "act-pass", "free": "act-end", "keep": "act-keep"}.get(decision)
        act(page, f'[data-testid="{target}"]' if target else "button[data-act]")


def test_two_players_against_a_bot_by_clicks(app):
    page, watch = app
    page.click("[data-testid=new-arnak]")
    choose(page, "[data-testid=player-count]", "2")
    page.wait_for_selector("[data-testid=seat-1]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1 (easy)")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=arnak-board]")
    done = play_round_one(page)
    assert done == {"dig": 2, "research": 1, "buy": 1}
    state = engine_state(page)
    assert state.round >= 1
    moves = [m[1] for m in state.record.moves if m[0] == 0]
    assert ["dig", 3] in moves and any(m[0] == "tcard" for m in moves)
    assert any(m[0] == "research" for m in moves) and any(m[0] == "buy" for m in moves)
    # the round's summary opened (who passed first, each player's points): check it against the engine, then its
    # score sheet; "Next round" continues into round 2
    page.wait_for_selector("[data-testid=round-summary]")
    state = engine_state(page)
    first = state.history[0]["scores"]
    names = ["You", "Player 2"]
    passed = next(e[0] for e in state.log if e[1] == "pass")
    assert page.inner_text("[data-testid=round-passed-first]").strip() == f"Passed first: {names[passed]}"
    for seat in range(2):
        total = first[seat]["total"]
        assert f"points this round (total {total})" in page.inner_text(f"[data-testid=round-seat-{seat}]")
    assert "Start player:" in page.inner_text("[data-testid=round-next]")
    page.click("[data-testid=round-sheet]")
    for seat in range(2):
        assert page.inner_text(f"[data-testid=sheet-total-{seat}]").strip() == str(first[seat]["total"])
    page.click("[data-testid=next-round]")
    page.wait_for_function("() => !document.querySelector('.modal')")
    assert page.locator("[data-testid=round-summary]").count() == 0
    assert page.locator("svg[data-testid=arnak-board]").count() == 1
    finish_by_passing(page)
    state = engine_state(page)
    assert state.is_over()
    for seat in range(2):
        b = state.breakdown(seat)
        for cat in ("research", "temple", "idols", "slots", "guardians", "cards", "fear", "total"):
            assert page.inner_text(f"[data-testid=sheet-{cat}-{seat}]").strip() == str(b[cat])
    watch.assert_clean()


def test_solo_against_the_rival_through_round_one(app):
    page, watch = app
    page.click("[data-testid=new-arnak]")
    choose(page, "[data-testid=player-count]", "1")
    choose(page, "[data-opt=rival]", "Hard — two red action tiles")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=arnak-board]")
    # the rival started the round: its flipped tile is on its own row of the board and in the log
    assert "last tile:" in page.text_content("svg[data-testid=arnak-board]")
    assert "Rival flips" in page.inner_text("[data-testid=log]")
    assert page.get_attribute("svg [data-testid=rival-moves]", "data-moves") == "1"
    done = play_round_one(page)
    assert done["dig"] >= 1
    page.wait_for_selector("[data-testid=round-summary]")
    state = engine_state(page)
    assert state.rival is not None and state.opts["rival"] == 2
    entry = state.history[0]
    assert state.round == 1 and sum(e[1] == "rival" for e in state.log) == 10  # all 10 tiles in round 1
    assert not audit(page, "round summary")  # axe: no serious or critical violation
    # the summary lists the rival's ten moves in order; its row on the board lists them too
    moves = page.locator("[data-testid=round-rival-moves] > li")
    assert moves.count() == 10
    rival = [e[2] for e in state.log if e[1] == "rival"]
    assert [bool(m.get("did") == "dig") for m in rival] == \
        ["digs at" in moves.nth(k).inner_text() for k in range(10)]
    assert f"(total {entry['rival']['total']})" in page.inner_text("[data-testid=round-rival]")
    page.click("[data-testid=close]")  # look at the table: the rival's row holds the round's ten moves
    assert page.get_attribute("svg [data-testid=rival-moves]", "data-moves") == "10"
    assert page.inner_text("[data-testid=status]").startswith("Round 1 is over")
    assert page.locator("#card-actions [data-testid=next-round]").count() == 1
    page.click("[data-testid=open-sheet]")
    assert page.inner_text("[data-testid=sheet-total-0]").strip() == str(entry["scores"][0]["total"])
    assert page.inner_text("[data-testid=sheet-total-rival]").strip() == str(entry["rival"]["total"])
    page.click(".modal [data-testid=next-round]")
    page.wait_for_function("() => !document.querySelector('.modal')")
    assert page.locator("[data-testid=round-summary]").count() == 0
    assert page.locator("svg[data-testid=arnak-board]").count() == 1
    watch.assert_clean()


def test_embedded_live_solo_game(browser, site):
    """embed.html plays Arnak too (the live embed is a solo game against the rival at its smallest count)."""
    from .conftest import BOOT_TIMEOUT, Watch

    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    page.goto(site + "embed.html?game=arnak&mode=play&seed=5&rival=1")
    page.wait_for_selector("svg[data-testid=arnak-board]", timeout=BOOT_TIMEOUT)
    assert "Rival expedition" in page.text_content("svg[data-testid=arnak-board]")
    for _ in range(3):
        page.wait_for_selector("svg[data-testid=arnak-board][data-mine='1']", timeout=TURN_TIMEOUT)
        decision = page.get_attribute("svg[data-testid=arnak-board]", "data-decision")
        target = {"turn": "act-pass", "free": "act-end", "keep": "act-keep"}.get(decision)
        before = page.text_content("svg[data-testid=arnak-board]")
        page.locator(f'[data-testid="{target}"]' if target else "button[data-act]").first.click()
        page.wait_for_function("b => document.querySelector('svg[data-testid=arnak-board]').textContent !== b",
                               arg=before, timeout=TURN_TIMEOUT)
    assert "Round 2" in page.text_content("svg[data-testid=arnak-board]")
    watch.assert_clean()
    context.close()


def test_hover_shows_research_spaces_guardians_and_assistants_large_and_the_log_has_icons(app):
    """Issue 22: resting the mouse on a research space, an assistant stack or a guardian shows it large (its
    words and named icons), docked beside the board; a tap on one without an action does too; the log's lines carry the
    board's icons, each named or decorative."""
    page, watch = app
    page.click("[data-testid=new-arnak]")
    choose(page, "[data-testid=player-count]", "1")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=arnak-board][data-mine='1']", timeout=TURN_TIMEOUT)
    page.hover("svg [data-zoom='r:1']")
    page.wait_for_selector("svg [data-zoom='r:1'][data-zoomed='1']")
    zoom = page.inner_text("[data-testid=zoom]")
    assert "Row " in zoom and "Magnifying glass:" in zoom and "Notebook:" in zoom
    assert page.locator("[data-testid=zoom] svg[role=img][aria-label]").count() >= 2
    # docked beside the board (the table fits the window): in view, and over none of the board's frame
    box = page.locator("#card-actions").bounding_box()
    frame = page.locator("[data-testid=arnak-frame]").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
    assert box["x"] >= frame["x"] + frame["width"] or box["y"] >= frame["y"] + frame["height"]
    page.hover("svg [data-zoom='a:0']")
    page.wait_for_selector("svg [data-zoom='a:0'][data-zoomed='1']")
    assert "(silver" in page.inner_text("[data-testid=zoom]") and "(gold" in page.inner_text("[data-testid=zoom]")
    page.mouse.move(0, 0)
    page.click("svg [data-testid=temple-tile-5]")  # a click (a tap) on a thing without an action shows it too
    page.wait_for_selector("svg [data-zoom='t:5'][data-zoomed='1']")
    assert "Temple tile (gold): 11 VP" in page.inner_text("[data-testid=zoom]")
    # pointing still works: a hand card selected is not replaced by what the mouse passes over
    page.click("svg [data-testid^=hand-][data-cmd=select]")
    page.wait_for_function("() => (document.querySelector('svg[data-testid=arnak-board]').dataset.selected "
                           "|| '').startsWith('c:')")
    page.hover("svg [data-zoom='r:1']")
    page.wait_for_timeout(600)
    assert page.get_attribute("svg[data-testid=arnak-board]", "data-selected").startswith("c:")
    page.keyboard.press("Escape")
    # play on (passing) until a guardian is on the board (the rival discovers sites; in about 3 solo games of 4
    # before the end, so up to 3 games), then rest on it
    for _ in range(300):
        decision = wait_mine(page)
        if decision == "over":
            page.click("[data-testid=new-game]")
            page.click("[data-testid=start]")
            page.wait_for_selector("svg[data-testid=arnak-board]")
            continue
        if decision == "round":
            page.click("[data-testid=next-round]")
            continue
        if decision in ("turn", "free") and page.locator("svg [data-zoom^='g:']").count():
            break
        target = {"turn": "act-pass", "free": "act-end", "keep": "act-keep"}.get(decision)
        act(page, f'[data-testid="{target}"]' if target else "button[data-act]")
    guardian = page.locator("svg [data-zoom^='g:']").first
    key = guardian.get_attribute("data-zoom")
    guardian.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    guardian.hover()
    page.wait_for_selector(f"svg [data-zoomed='1'][data-zoom='{key}']")
    assert "Unless overcome, it gives Fear" in page.inner_text("[data-testid=zoom]")
    assert page.locator("[data-testid=zoom] svg[role=img][aria-label='5 VP']").count() == 1
    assert not audit(page, "guardian shown large")
    # the log: the rival's moves and every gain with the board's icons, named or decorative
    icons = page.locator("[data-testid=log] li svg.ai")
    assert icons.count() > 0
    named = page.eval_on_selector_all(
        "[data-testid=log] li svg.ai",
        "els => els.every(e => e.getAttribute('aria-hidden') === 'true' || (e.getAttribute('aria-label') "
        "&& e.querySelector('title')))")
    assert named
    watch.assert_clean()
