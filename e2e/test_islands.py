"""Islands in the Mist in the real browser: a 2-player game against a bot, three full rounds by clicks
(start space, dice, flight preview then confirm, cloud, keep/convert, telescope tile then hex), the rest by
clicks with the simplest choices, and the final score sheet checked against the engine replaying the
page's record."""

from __future__ import annotations

from .helpers import TURN_TIMEOUT, act, engine_state

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
    page.select_option("[data-testid=seat-1]", "bot1")
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
