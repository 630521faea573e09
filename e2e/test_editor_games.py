"""The position editor end to end for the other games (issue 25), one rulebook example each, built by clicks
in the editor and embedded on a second localhost origin.

Islands in the Mist: the rulebook's final scoring example (digest TC13: 1 + 8 + 9 + 9 + 6 + 6 − 10 = 29 on
seat 0's island, four players, the others holding more monuments), shown from seat 1's eyes: seat 0's
island is the tab beside the board, with the same 29 points in the editor's preview and in the embed."""

from __future__ import annotations

from .conftest import BOOT_TIMEOUT
from .helpers import choose, on_second_origin
from .test_editor import open_editor, put

GOLD_SPACES = {  # (q, r) -> space index on the gold island (py_engine.games.islands.data, row by row)
    (0, 1): 39, (-1, 1): 38, (-2, 1): 37, (-3, 1): 36, (-2, 2): 45, (1, 1): 40, (2, 1): 41, (1, 0): 31,
    (2, 0): 32, (0, -3): 6, (1, -3): 7, (-1, -2): 12, (0, -2): 13, (3, -3): 9, (-1, 3): 53, (2, -3): 8,
    (-2, 3): 52,
}
TC13 = {(0, 1): "wild-1", (-1, 1): "canyon-2", (-2, 1): "canyon-2", (-3, 1): "canyon-2", (-2, 2): "canyon-2",
        (1, 1): "desert-2", (2, 1): "desert-2", (1, 0): "desert-2", (2, 0): "desert-2", (0, -3): "mountain-2",
        (1, -3): "mountain-2", (-1, -2): "mountain-2", (0, -2): "mountain-2", (3, -3): "mountain-3",
        (-1, 3): "wild-1", (2, -3): "monument-1", (-2, 3): "monument-1"}
OTHERS = {1: "monument-2", 2: "monument-3", 3: "monument-4"}
CAPTION = "Final scoring: 1 + 8 + 9 + 9 + 6 + 6 − 10 = 29"


def test_islands_final_scoring_example_on_another_origin(browser, site):
    from py_engine.games.islands.data import BOARDS

    assert all(BOARDS["gold"].index[qr] == k for qr, k in GOLD_SPACES.items())
    context, page, watch = open_editor(browser, site, "islands")  # a new game: balloons on start spaces, about to fly
    choose(page, "[data-testid=ed-players]", "4")
    page.wait_for_selector('[data-testid="zone-cloud.7"]')
    for cloud in range(1, 8):  # the opening deal's cloud tiles back to the bag
        chips = page.locator(f'[data-testid="zone-cloud.{cloud}"] [data-testid^="off-"]')
        while chips.count():
            chips.first.click()
    for qr, tile in TC13.items():
        put(page, tile, f"island.0.{GOLD_SPACES[qr]}")
    for seat, tile in OTHERS.items():
        for qr in ((1, 0), (2, 0), (0, 1)):
            put(page, tile, f"island.{seat}.{GOLD_SPACES[qr]}")
    page.click('[data-testid="pal-forest-2"]')  # the balloon yard takes no tile (issue 36): it is not offered
    page.wait_for_selector('[data-testid="put-island.0.31"]')
    assert page.locator('[data-testid="put-island.0.30"]').count() == 0
    page.click('[data-testid="pal-forest-2"]')  # put back
    page.fill('[data-testid="field-energy.0"]', "14")
    page.press('[data-testid="field-energy.0"]', "Tab")
    choose(page, "[data-testid=ed-seat]", "Player 2")
    page.fill("[data-testid=ed-caption]", CAPTION)
    page.press("[data-testid=ed-caption]", "Tab")
    page.click('[data-testid="mark-island.0.39"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    tab = '[data-testid="island-tab-0"]'
    assert "29 pts" in page.locator(f"[data-testid=ed-board] {tab}").text_content()
    url = page.input_value("[data-testid=ed-embed-url]")
    assert url.startswith(site + "embed.html?position=") and "&seat=1&id=islands-" in url
    watch.assert_clean()

    with on_second_origin(context, url, "<h1>Scoring</h1>") as frame:
        assert frame.locator("[data-testid=caption]").inner_text() == CAPTION
        assert "29 pts" in frame.locator(tab).text_content()
        assert frame.locator("[data-testid=mark-ring]").count() == 1
        assert frame.locator("#board [data-act]").count() == 0
    context.close()


ARNAK_CAPTION = "Camp 1's boot space is taken: the two-boot space costs a car and a boot"


def test_arnak_a_site_that_costs_a_car_and_a_boot(browser, site):
    """Lost Ruins of Arnak, four players: seat 1's archaeologist holds camp 1's boot space; seat 0 holds an
    Exploration (car) and a Fear (boot). Built in the editor, embedded on a second origin with camp 1
    ringed, then played on: one click on the lit camp digs there, paid with the car, as in the app."""
    context, page, watch = open_editor(browser, site, "arnak")
    choose(page, "[data-testid=ed-players]", "4")
    page.wait_for_selector('[data-testid="zone-hand.3"]')
    page.click('[data-testid="zone-hand.0"] [data-testid="off-funding-ship"]')
    put(page, "explore-car", "hand.0")
    put(page, "archaeologist-1", "camp.1-1")
    put(page, "archaeologist-1", "camp.2-1")
    put(page, "archaeologist-1", "camp.3-1")
    assert page.inner_text("[data-testid=ed-problem]").endswith("Camp site 3, space 1: only 2 of archaeologist 2 exist")
    page.click('[data-testid="zone-camp.3-1"] [data-testid="off-archaeologist-1"]')
    page.fill("[data-testid=ed-caption]", ARNAK_CAPTION)
    page.press("[data-testid=ed-caption]", "Tab")
    page.click('[data-testid="mark-camp.1-2"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    assert page.locator("[data-testid=ed-board] [data-testid=mark-ring]").count() == 1
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()

    with on_second_origin(context, url, "<h1>Digging</h1>") as frame:
        assert frame.locator("[data-testid=caption]").inner_text() == ARNAK_CAPTION
        assert frame.locator("[data-testid=mark-ring]").count() == 1
        assert frame.locator('#board [data-site="0"]').count() == 1
        assert frame.locator("#board [data-act]").count() == 0

    page.goto(url)
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    # by pointing: the Exploration card (its car pays a boot) lights the camp it can reach; one click digs there
    page.locator("svg [data-testid^=hand-203][data-cmd=select]").click()
    lit = page.locator("svg [data-site='0'] rect.lit[data-act]")
    lit.first.wait_for(timeout=90_000)
    lit.first.click()  # the dig, paid with the selected card in the same click (data-then; a car pays a boot)
    page.wait_for_selector("svg [data-testid^=hand-203]", state="detached", timeout=90_000)
    assert page.locator("[data-testid=error]").count() == 0
    context.close()


def test_catan_just_before_the_barbarians_arrive(browser, site):
    """Catan: Cities & Knights, three players: the ship one step from Catan, two cities against one active
    knight (the attack would cost seat 1 its city). Built in the editor with the seed 1, embedded on a second
    origin, then played on: the roll brings the ship and seat 1 loses its city."""
    context, page, watch = open_editor(browser, site, "catan-ck")
    for comp, zone in (("city-0", "vertex.0"), ("road-0", "edge.0"), ("knight-0-1-active", "vertex.3"),
                       ("city-1", "vertex.30"), ("road-1", "edge.36")):
        put(page, comp, zone)
    put(page, "settlement-2", "vertex.4")
    assert page.inner_text("[data-testid=ed-problem]").endswith(
        ": settlement of player 3 stands next to city of player 1 (Intersection by forest 9 and the sea): the distance "
        "rule")
    page.click('[data-testid="zone-vertex.4"] [data-testid="off-settlement-2"]')
    page.fill("[data-testid=field-barbarians]", "6")
    page.press("[data-testid=field-barbarians]", "Tab")
    page.fill("[data-testid=ed-seed]", "1")  # its roll shows the ship (tests/test_position.py)
    page.press("[data-testid=ed-seed]", "Tab")
    page.click('[data-testid="mark-vertex.30"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    words = "Barbarians 6/7 — strength 2 vs knights 1"  # " · " is shown as " — "
    assert page.locator("[data-testid=ed-board] [data-testid=barbarians]").text_content().endswith(words)
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()

    with on_second_origin(context, url) as frame:
        assert frame.locator("[data-testid=barbarians]").text_content().endswith(words)
        assert frame.locator('[data-testid="city-30"]').count() == 1
        assert frame.locator("[data-testid=mark-ring]").count() == 1

    # Played on: the seeded roll brings the ship; two cities against one knight: seat 1's city is pillaged.
    page.goto(url)
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    page.click("[data-testid=roll-btn]")
    page.wait_for_selector('#board [data-testid="settlement-30"]')
    assert page.locator('#board [data-testid="city-0"]').count() == 1
    assert page.locator("[data-testid=error]").count() == 0
    context.close()


def test_catan_a_walled_metropolis_set_by_pointing_embedded_and_played_on_with_seeded_dice(browser, site):
    """Catan: seat 0's city with a wall, made the science metropolis (science level 4), and its road, all put
    by clicking the board; seat 1's city and road; the seed 12345. The embed shows the wall and the
    metropolis, and playing on rolls the dice the seed gives (computed here by the engine from the same link)."""
    import base64
    import json
    import zlib

    from py_engine.core import position as P

    context, page, watch = open_editor(browser, site, "catan-ck")

    def point(comp: str, zone: str) -> None:
        page.click(f'[data-testid="pal-{comp}"]')
        page.click(f'[data-testid=ed-board] [data-cmd=ed-spot][data-arg="{zone}"]')

    for comp, zone in (("city-0", "vertex.0"), ("road-0", "edge.0"), ("wall-0", "vertex.0"),
                       ("metropolis-science", "vertex.0"), ("city-1", "vertex.30"), ("road-1", "edge.36")):
        point(comp, zone)
    assert page.inner_text("[data-testid=ed-problem]").endswith(
        "Intersection by forest 9 and the sea: the science metropolis stands on a city of Player 1, who has no level-4 "
        "science improvement")
    assert page.locator('[data-testid=ed-board] [data-testid="metropolis-0"]').count() == 1  # drawn all the same
    page.fill('[data-testid="field-improve.0.science"]', "4")
    page.press('[data-testid="field-improve.0.science"]', "Tab")
    page.fill("[data-testid=ed-seed]", "12345")
    page.press("[data-testid=ed-seed]", "Tab")
    page.wait_for_selector("[data-testid=ed-ok]")
    assert page.locator('[data-testid="zone-vertex.0"] [data-testid^="chip-"]').count() == 3
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()

    code = url.split("position=")[1].split("&")[0]
    data = json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))
    assert data["seed"] == 12345
    state = P.check(data).state
    state.apply(0, ("roll",))
    dice = state.dice

    page.goto(url)
    page.wait_for_selector('#board [data-testid="metropolis-0"]', timeout=BOOT_TIMEOUT)
    assert page.locator('#board [data-testid="wall-0"]').count() == 1
    page.click("[data-testid=play-on]")
    page.click("[data-testid=roll-btn]")
    page.wait_for_selector("#board [data-testid=dice]")
    total = page.text_content("#board [data-testid=dice-total]")
    assert total == f"={dice['yellow'] + dice['red']}"
    assert page.text_content("#board [data-testid=dice] title").startswith(
        f"Yellow {dice['yellow']}, red {dice['red']}")
    assert page.locator("[data-testid=error]").count() == 0
    context.close()


def test_arnak_an_archaeologist_on_a_site_with_a_guardian(browser, site):
    """Lost Ruins of Arnak, two players: level I site 2 discovered (site tile 4, its idol taken) with guardian 2
    on it and seat 0's archaeologist there, set by clicks; the guardian ringed in an embed on a second origin."""
    context, page, watch = open_editor(browser, site, "arnak")
    put(page, "site1-4", "site.7")
    assert page.inner_text("[data-testid=ed-problem]").endswith(": idol: the idol of a discovered site has been taken")
    page.click('[data-testid="zone-idol.7"] [data-testid^="off-idol-"]')
    put(page, "guardian-2", "guardian.7")
    put(page, "archaeologist-0", "dig.7")
    page.click('[data-testid="mark-guardian.7"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    assert "Guardian 2:" in page.locator('[data-testid=ed-board] [data-site="6"]').text_content()
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()
    with on_second_origin(context, url) as frame:
        assert "Guardian 2:" in frame.locator('#board [data-site="6"]').text_content()
        assert frame.locator("[data-testid=mark-ring]").count() == 1
    context.close()


def test_islands_a_balloon_at_the_harbour(browser, site):
    """Islands in the Mist with module 2 chosen in the editor: seat 0's harbour office built on its island
    and its balloon at dock 2 (refused while the office is still on the telescope), a city put on the
    harbour board, which is ringed in an embed on a second origin."""
    context, page, watch = open_editor(browser, site, "islands")
    choose(page, "[data-testid=ed-option-modules]", "1+2")
    page.wait_for_selector('[data-testid="zone-harbour"]')
    choose(page, '[data-testid="field-balloon.0"]', "harbour dock 2")
    assert page.inner_text("[data-testid=ed-problem]").endswith(
        "Player 1: balloon on island space: a balloon reaches the harbour only once its harbour office is built "
        "(module 3: activated and kept)")
    page.click('[data-testid="zone-telescope.0"] [data-testid="off-office-0"]')
    put(page, "office-0", "island.0.12")
    put(page, "city-6", "harbour")
    page.click('[data-testid="mark-harbour"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    tiles = page.locator('[data-testid=ed-board] [data-testid^="harbour-"]').count()
    assert tiles == 6
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()
    with on_second_origin(context, url) as frame:
        assert frame.locator('#board [data-testid^="harbour-"]').count() == tiles
        assert frame.locator("[data-testid=mark-ring]").count() == 1
    context.close()


def _embedded_zones(url: str) -> dict:
    """The zones of the position an embed link carries."""
    import base64
    import json
    import zlib

    code = url.split("position=")[1].split("&")[0]
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))["state"]["zones"]


def _point_and_embed(browser, site, game: str, clicks: list[tuple[str | None, str]], zone: str, want: list[str],
                     shown: str) -> None:
    """Open the editor of `game`, click the board's spots (a palette component first, or None: lift what lies
    there), see the position valid with `want` in `zone`, embedded on a second origin where the board element
    `shown` reads as in the editor's preview."""
    context, page, watch = open_editor(browser, site, game)
    for comp, spot in clicks:
        if comp is not None:
            page.click(f'[data-testid="pal-{comp}"]')
        page.click(f'[data-testid=ed-board] [data-cmd=ed-spot][data-arg="{spot}"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    url = page.input_value("[data-testid=ed-embed-url]")
    assert _embedded_zones(url)[zone] == want
    preview = page.locator(f"[data-testid=ed-board] {shown}").first.text_content()
    watch.assert_clean()
    with on_second_origin(context, url) as frame:
        assert frame.locator(f"#board {shown}").first.text_content() == preview
    context.close()


def test_islands_a_tile_put_on_the_island_by_clicking_the_board(browser, site):
    _point_and_embed(browser, site, "islands", [("forest-3", "island.0.20"), ("forest-3", "island.0.20")],
                     "island.0.20", ["forest-3"], '[data-space="20"]')


def test_arnak_a_magnifying_glass_put_on_the_research_track_by_clicking_the_board(browser, site):
    _point_and_embed(browser, site, "arnak", [("glass-0", "research.3")], "research.3", ["glass-0"],
                     '[data-space="3"]')


def test_board_game_an_event_tile_moved_by_clicking_the_board(browser, site):
    _point_and_embed(browser, site, "lost-cities-board", [(None, "space.yellow-5"), (None, "space.red-4")],
                     "space.red-4", ["vp-15"], '[data-testid="stone-red-4"]')


def test_the_editor_boards_pointed_at_pass_an_axe_audit(browser, site):
    """No serious or critical axe violation in the editor of the games whose boards are pointed at here (every
    spot a named button; the lifted one pressed)."""
    from .test_a11y import audit

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    found: list[str] = []
    for game, spot in (("islands", "cloud.1"), ("arnak", "site.6"), ("lost-cities-board", "space.red-4")):
        page.goto(site)
        page.click(f"[data-testid=edit-{game}]", timeout=BOOT_TIMEOUT)
        page.wait_for_selector("[data-testid=ed-ok]")
        page.click(f'[data-testid=ed-board] [data-cmd=ed-spot][data-arg="{spot}"]')  # lifted: pressed
        page.wait_for_selector(f'[data-testid=ed-board] [data-arg="{spot}"][aria-pressed=true]')
        found += audit(page, f"{game} editor")
    assert not found, "\n".join(found)
    context.close()


def test_catan_the_desert_moved_by_pointing_at_the_hexes(browser, site):
    """Catan: the opening island's desert (hex 13) and a hills hex (hex 1, number 10) trade places by pointing:
    the 10 lifted and put on the desert, hills chosen for it, the desert for hex 1 (the robber follows)."""
    from py_engine.core import position as P

    zones = P.starting("catan-ck")["state"]["zones"]
    assert (zones["terrain.13"], zones["terrain.1"], zones["token.1"]) == (
        ["terrain-desert"], ["terrain-hills"], ["token-10"])
    _point_and_embed(browser, site, "catan-ck", [(None, "hex.1"), (None, "hex.13"), ("terrain-hills", "hex.13"),
                                                 ("terrain-desert", "hex.1")],
                     "token.13", ["token-10"], '[data-testid="hex-1"]')


def test_arnak_a_guardian_in_a_players_box_turned_by_pointing(browser, site):
    """Arnak: guardian 3 put in seat 1's box by pointing, then lifted and pointed at again: its boon spent."""
    _point_and_embed(browser, site, "arnak", [("guardian-3", "guardians.1.ready"), (None, "guardians.1.ready"),
                                              (None, "guardians.1.ready")],
                     "guardians.1.used", ["guardian-3"], '[data-testid="score-1"]')


def test_board_game_a_piece_put_on_a_path_by_pointing_at_a_stone(browser, site):
    """The board game: a red card from the deck put on seat 0's red column, an adventurer on the red path's
    first stone, by pointing."""
    from py_engine.core import position as P

    hand = P.starting("lost-cities-board")["state"]["zones"]["hand.0"]
    card = next(f"red-{v}a" for v in range(2, 11) if f"red-{v}a" not in hand)
    _point_and_embed(browser, site, "lost-cities-board", [(card, "column.0.red"), ("adventurer", "stone.red-1")],
                     "path.0.red", ["adventurer"], '[data-testid="piece-0-red"]')


def test_only_the_places_a_picked_component_may_go_are_offered(browser, site):
    """Issue 36: a Catan settlement picked in the palette lights exactly the 54 intersections (focusable, named);
    a hex and a harbour are inert (not focusable, their targets not drawn) and a real click on one puts nothing
    there; a click on an intersection puts the settlement there. In Lost Cities a red card is offered no blue
    expedition, on the board or by "Put here"."""
    context, page, watch = open_editor(browser, site, "catan-ck")
    board = "[data-testid=ed-board]"
    page.click('[data-testid="pal-settlement-0"]')
    page.wait_for_selector(f'{board} .ed-offer[data-arg="vertex.7"]')
    assert page.locator(f"{board} [data-cmd=ed-spot]").count() == 54
    assert page.locator(f"{board} [data-cmd=ed-spot]:not([data-arg^='vertex.'])").count() == 0
    assert page.locator(f"{board} [data-cmd=ed-spot][tabindex='0'][aria-label]").count() == 54
    hex_target = page.locator(f"{board} [data-testid=t-h4]")
    assert "ed-inert" in hex_target.get_attribute("class") and hex_target.get_attribute("tabindex") is None
    assert not page.locator(f"{board} [data-testid=t-h4] .target").is_visible()
    box = page.locator(f"{board} [data-testid=t-e10]").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a path: inert
    assert page.locator('[data-testid="zone-edge.10"] [data-testid^="chip-"]').count() == 0
    assert page.locator('[data-testid="put-edge.10"]').count() == 0
    assert page.locator('[data-testid="put-hex.4"]').count() == 0
    page.click(f'{board} [data-cmd=ed-spot][data-arg="vertex.7"]')
    page.wait_for_selector('[data-testid="zone-vertex.7"] [data-testid="chip-settlement-0"]')
    watch.assert_clean()
    context.close()

    context, page, watch = open_editor(browser, site, "lost-cities")
    page.click('[data-testid="pal-red-5"]')
    page.wait_for_selector(f'{board} .ed-offer[data-arg="expedition.0.red"]')
    assert "ed-inert" in page.get_attribute(f"{board} [data-testid=expedition-blue]", "class")
    assert page.locator('[data-testid="put-expedition.0.blue"]').count() == 0
    assert page.locator('[data-testid="put-expedition.1.red"]').count() == 1
    page.click(f'{board} [data-cmd=ed-spot][data-arg="expedition.0.red"]')
    page.wait_for_selector('[data-testid="zone-expedition.0.red"] [data-testid="chip-red-5"]')
    watch.assert_clean()
    context.close()
