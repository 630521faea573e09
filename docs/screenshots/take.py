"""Screenshots of the games at a laptop size (1366x768) and a phone size (390x844, touch) for the
README: a few turns into a game against bots, a card selected so the actions beside it show. The setup is made
as a person makes it (e2e.helpers.choose opens each select and picks the option with the keyboard).

    EXPLORERS_DIST=dist-shots python docs/screenshots/take.py [game ...]   # builds that folder if it has no build.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.conftest import BOOT_TIMEOUT, launch, serve  # noqa: E402
from e2e.helpers import choose  # noqa: E402

SIZES = {"desktop": {"viewport": {"width": 1366, "height": 768}},
         "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                   "device_scale_factor": 1}}
MINE = """() => document.querySelector('[data-testid=hand-card][data-cmd]')"""


def moves(page) -> int:
    return len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])


def lost_cities(page, turns: int) -> None:
    page.click("[data-testid=new-lost-cities]")
    choose(page, "[data-testid=seat-1]", "Bot — level 2")
    page.click("[data-testid=start]")
    for _ in range(turns):
        page.wait_for_function(MINE, timeout=60_000)
        playable = page.locator('[data-testid=hand-card][data-can-play="1"]')
        card = playable.first if playable.count() else page.locator("[data-testid=hand-card]").first
        card.click()
        page.click("[data-testid=play-btn]" if playable.count() else "[data-testid=discard-btn]")
        page.click("[data-testid=deck]")
    page.wait_for_function(MINE, timeout=60_000)
    page.locator('[data-testid=hand-card]').nth(3).click()


def board_game(page, turns: int) -> None:
    page.click("[data-testid=new-lost-cities-board]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1")
    choose(page, "[data-testid=seat-2]", "Bot — level 1")
    page.click("[data-testid=start]")
    for _ in range(turns):
        page.wait_for_selector('svg[data-testid=lcb-board][data-mine="1"]', timeout=60_000)
        n = moves(page)
        plays = page.locator("[data-testid=hand-card][data-plays]")
        (plays.first if plays.count() else page.locator("[data-testid=hand-card]").first).click()
        page.click("[data-testid=advance-btn], [data-testid=start-adventurer-btn], [data-testid=discard-btn]")
        page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {n}")
        if page.locator("[data-testid=pass-btn]").count():
            page.click("[data-testid=pass-btn]")
        page.click("[data-testid=deck]")
    page.wait_for_selector('svg[data-testid=lcb-board][data-mine="1"]', timeout=60_000)
    plays = page.locator("[data-testid=hand-card][data-plays]")
    (plays.first if plays.count() else page.locator("[data-testid=hand-card]").first).click()


def catan(page, turns: int) -> None:
    """Cities & Knights against two bots on the beginner board: set-up by the first targets, then turns
    (roll, a build when there is one, end) up to my action phase, with a piece chosen in the build menu."""
    page.click("[data-testid=new-catan-ck]")
    choose(page, "[data-testid=player-count]", "3")
    page.wait_for_selector("[data-testid=seat-2]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1")
    choose(page, "[data-testid=seat-2]", "Bot — level 1")
    choose(page, "[data-opt=board]", "beginner")
    page.click("[data-testid=start]")
    mine = "svg[data-testid=ck-board][data-mine='1']"
    done = 0
    while True:
        page.wait_for_selector(mine, timeout=60_000)
        kind = page.get_attribute("svg[data-testid=ck-board]", "data-decision")
        n = moves(page)
        if kind == "main" and done >= turns:
            break
        if kind in ("setup_place", "setup_road"):
            page.locator("#board [data-act]").first.click()
        elif kind == "roll":
            page.click("[data-testid=roll-btn]")
        elif kind == "main":
            page.click("[data-testid=end-btn]")
            done += 1
        elif page.locator("#board [data-act]").count():
            page.locator("#board [data-act]").first.click()
        else:
            page.locator("#card-actions button[data-act]").first.click()
        page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {n}")
    if page.viewport_size["width"] < 700:
        return  # a phone: the table itself (the build menu would cover a third of it)
    lit = page.locator("[data-testid^=build-].lit")
    if lit.count():
        lit.first.click()



ISLANDS = "svg[data-testid=islands-board]"
ISLANDS_MINE = """() => document.querySelector('svg[data-testid=islands-board][data-mine="1"]')"""


def islands_act(page, selector: str) -> None:
    n = moves(page)
    page.locator(selector).first.click()
    page.wait_for_function(f"JSON.parse(window.explorersRecord()).moves.length > {n}", timeout=60_000)


def islands(page, turns: int) -> None:
    """A few rounds against a bot (a cloud, tiles kept and placed), then a flight decision: the energy
    cost on every reachable space and one flight's path under the pointer."""
    page.click("[data-testid=new-islands]")
    choose(page, "[data-testid=seat-1]", "Bot — level 1")
    page.click("[data-testid=start]")
    flights = 0
    while True:
        page.wait_for_function(ISLANDS_MINE, timeout=60_000)
        decision = page.get_attribute(ISLANDS, "data-decision")
        if decision == "fly":
            flights += 1
            if flights > turns:
                break
            targets = page.locator(f"{ISLANDS} [data-cost]")
            if not targets.count():
                islands_act(page, "[data-testid=stay-btn]")
                continue
            best = page.evaluate("""() => [...document.querySelectorAll('[data-cost]')]
                .map(g => [+g.dataset.cost, Math.abs(+g.dataset.space - 30), +g.dataset.space])
                .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0][2]""")  # cheapest, nearest the middle
            page.click(f"{ISLANDS} [data-space='{best}']")
            page.wait_for_selector("[data-testid=fly-btn]")
            islands_act(page, "[data-testid=fly-btn]")
        elif decision == "start":
            islands_act(page, f"{ISLANDS} [data-testid^=hex-][data-act]")
        elif decision == "dice":
            islands_act(page, "[data-testid=roll-done-btn]")
        elif decision == "take":
            islands_act(page, f"{ISLANDS} [data-testid^=cloud-][data-act], .actions [data-act]")
        elif decision == "gain":
            islands_act(page, "[data-testid=keep-btn], [data-testid=convert-btn]")
        elif decision == "place":
            tele = page.locator(f"{ISLANDS} [data-testid^=tele-][data-cmd=select]")
            if tele.count():
                tele.first.click()
                page.wait_for_selector(f"{ISLANDS} [data-testid^=hex-][data-act]")
                islands_act(page, f"{ISLANDS} [data-testid^=hex-][data-act]")
            else:
                islands_act(page, "[data-testid=done-btn]")
        else:
            islands_act(page, ".actions [data-act]")
    reachable = page.locator(f"{ISLANDS} [data-cost]")
    if reachable.count():
        reachable.nth(reachable.count() // 2).hover()


def arnak(page, turns: int) -> None:
    """A solo game against the rival: a hand card selected, the camps it can pay for lit (scrolled into view)."""
    page.click("[data-testid=new-arnak]")
    choose(page, "[data-testid=player-count]", "1")
    page.click("[data-testid=start]")
    page.wait_for_selector('svg[data-testid=arnak-board][data-mine="1"]', timeout=60_000)
    page.locator("svg [data-testid^=hand-20][data-cmd=select]").first.click()
    page.wait_for_selector("svg rect.lit")
    page.locator("svg rect.lit").first.scroll_into_view_if_needed()


GAMES = {"lost-cities": lost_cities, "lost-cities-board": board_game, "arnak": arnak, "catan": catan,
         "islands": islands}


def main() -> None:
    """python docs/screenshots/take.py [game ...]: every game by default."""
    server, url = serve()
    wanted = sys.argv[1:] or list(GAMES)
    with sync_playwright() as p:
        browser = launch(p)
        for game, play in ((g, GAMES[g]) for g in wanted):
            for size, args in SIZES.items():
                context = browser.new_context(**args)
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("[data-testid=new-lost-cities]", timeout=BOOT_TIMEOUT)
                play(page, 6)
                page.wait_for_timeout(400)  # the 250 ms move animations end
                if game != "arnak":  # Arnak's page scrolls: its play step shows what it selected
                    page.evaluate("window.scrollTo(0, 0)")
                out = HERE / f"{game}-{size}.png"
                page.screenshot(path=str(out))
                print(out)
                context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
