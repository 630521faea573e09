"""The position editor end to end (issue 25): the rulebook's Lost Cities scoring example (digest TC1: 18
points) built by clicks in the editor, its embed loaded in a page of a second localhost origin showing the
same position and score with the caption and a highlight, then played on one move against a bot."""

from __future__ import annotations

import pytest

from .conftest import BOOT_TIMEOUT, Watch
from .helpers import choose, on_second_origin

EXAMPLE = {"yellow": ["yellow-6", "yellow-8", "yellow-9"], "white": ["white-w1"],
           "green": ["green-w1", "green-7", "green-8"],
           "red": ["red-w1", "red-w2", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8"]}
CAPTION = "Four expeditions: 3 − 40 + 0 − 10 + 65 = 18 <b>points</b>"


def open_editor(browser, site: str, game: str):
    """A 1366x900 page with the editor of `game` open on its (valid) start: (context, page, watch)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    page.goto(site)
    page.click(f"[data-testid=edit-{game}]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("[data-testid=ed-ok]")
    return context, page, watch


def put(page, comp: str, zone: str) -> None:
    page.click(f'[data-testid="pal-{comp}"]')
    page.click(f'[data-testid="put-{zone}"]')


def test_build_the_scoring_example_and_embed_it_on_another_origin(browser, site):
    context, page, watch = open_editor(browser, site, "lost-cities")

    hand = page.locator('[data-testid="zone-hand.0"] [data-testid^="off-"]')
    while hand.count():
        hand.first.click()
    assert "Player 1: hand holds 0 cards" in page.inner_text("[data-testid=ed-problem]")
    assert page.locator("[data-testid=ed-embed-url]").count() == 0  # nothing to export while it is impossible
    for colour, cards in EXAMPLE.items():
        for c in cards:
            put(page, c, f"expedition.0.{colour}")
    for v in range(2, 10):
        put(page, f"blue-{v}", "hand.0")
    page.fill("[data-testid=ed-caption]", CAPTION)
    page.press("[data-testid=ed-caption]", "Tab")
    page.click('[data-testid="mark-expedition.0.red"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    assert page.locator("[data-testid=ed-board] [data-testid=mark-ring]").count() == 1  # the preview shows it too
    assert "+18" in page.locator("[data-testid=ed-board] [data-testid=round-score-0]").text_content()
    url = page.input_value("[data-testid=ed-embed-url]")
    assert url.startswith(site + "embed.html?position=") and "&id=lost-cities-" in url
    page.fill("[data-testid=ed-origin]", "https://rules.example")  # the rules site's address, typed
    page.press("[data-testid=ed-origin]", "Tab")
    page.wait_for_function("document.querySelector('[data-testid=ed-embed-code]').value"
                           ".includes('origin=https://rules.example&amp;id=lost-cities-')")
    page.fill("[data-testid=ed-origin]", "")
    page.press("[data-testid=ed-origin]", "Tab")
    page.wait_for_function(f"document.querySelector('[data-testid=ed-embed-url]').value === {url!r}")
    watch.assert_clean()

    # A rules page on a second origin (another port) embeds it.
    with on_second_origin(context, url, "<h1>Scoring</h1>", width=900) as frame:
        assert frame.locator("[data-testid=caption]").inner_text() == CAPTION  # as written, not as markup
        assert "+18" in frame.locator("[data-testid=round-score-0]").text_content()
        assert frame.locator("[data-testid=hand-card]").count() == 8
        assert frame.locator("[data-testid=row-score-0-red]").text_content() == "+65"
        assert frame.locator("[data-testid=mark-ring]").count() == 1
        assert frame.locator("#board [data-act]").count() == 0

    # Play on from the same address opened on its own: discard the blue 2, draw from the deck, the bot
    # answers with its two decisions. (Inside a cross-origin frame each move also posts an event to the
    # parent page, which web/embed.py's `post` does not yet do there without a SecurityError: not tested here.)
    page.goto(url)
    page.click("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
    page.locator("[data-testid=hand-card][data-cmd]").first.click()
    page.click("[data-testid=discard-btn]")
    page.click("[data-testid=deck][data-act]")
    page.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)  # my turn again
    assert page.locator("[data-testid=hand-card]").count() == 8
    assert page.locator("[data-testid=error]").count() == 0
    assert page.inner_text("[data-testid=status]").startswith("You: play a card")
    context.close()


def test_a_hostile_position_link_gets_a_clear_error(browser, site):
    context = browser.new_context()
    page = context.new_page()
    for query, words in (("position=eJwDAAAAAAE", "cannot be shown"), ("position=%3Cb%3E", "position"),
                         ("position=" + "A" * 5000, "cannot be shown")):
        page.goto(f"{site}embed.html?{query}")
        page.wait_for_selector("[data-testid=error]", timeout=BOOT_TIMEOUT)
        assert words in page.inner_text("[data-testid=error]")
        assert page.locator("#board").count() == 0
    context.close()


def test_a_board_game_position_from_the_editor_plays_on(browser, site):
    """Lost Cities: The Board Game: a card from the hand started on its column, an adventurer on stone 1 of
    that path, the player about to draw; the embed shows the piece ringed, and the reader draws and the bot
    answers."""
    context, page, watch = open_editor(browser, site, "lost-cities-board")  # the opening deal is a valid position
    card = page.get_attribute('[data-testid="zone-hand.0"] [data-testid^="chip-"]', "data-arg")
    colour = card.split("-")[0]
    put(page, card, f"column.0.{colour}")
    assert page.inner_text("[data-testid=ed-problem]").endswith(
        f"Player 1: piece on the {colour} path: a path has a piece exactly when its column has cards")
    put(page, "adventurer", f"path.0.{colour}")
    page.fill(f'[data-testid="field-stone.0.{colour}"]', "1")
    page.press(f'[data-testid="field-stone.0.{colour}"]', "Tab")
    choose(page, "[data-testid=field-decision]", "draw a card")
    page.click(f'[data-testid="mark-path.0.{colour}"]')
    page.wait_for_selector("[data-testid=ed-ok]")
    url = page.input_value("[data-testid=ed-embed-url]")
    watch.assert_clean()

    page.goto(url)
    page.wait_for_selector(f'#board [data-testid="piece-0-{colour}"]', timeout=BOOT_TIMEOUT)
    assert page.locator("[data-testid=mark-ring]").count() == 1
    page.click("[data-testid=play-on]")
    page.click("[data-testid=deck][data-act]")
    page.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)  # the bot moved; my turn
    assert page.locator("[data-testid=hand-card]").count() == 8
    assert page.locator("[data-testid=error]").count() == 0
    context.close()


@pytest.mark.parametrize("locale", ["en-US", "fa-IR"])
def test_the_editor_and_a_position_embed_pass_an_axe_audit(browser, site, locale):
    """No serious or critical axe violation in the editor (valid and refused positions) and the position embed."""
    from .test_a11y import audit

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    page = context.new_page()
    page.goto(site)
    page.click("[data-testid=edit-lost-cities]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector("[data-testid=ed-ok]")
    page.click('[data-testid="mark-discard.red"]')
    found = audit(page, "editor")
    card = page.get_attribute('[data-testid="zone-hand.0"] [data-testid^="off-"]', "data-arg")
    page.click(f'[data-testid="off-{card}"]')
    page.wait_for_selector("[data-testid=ed-problem]")
    found += audit(page, "editor with a refused position")
    put(page, card, "hand.0")
    page.goto(page.input_value("[data-testid=ed-embed-url]"))
    page.wait_for_selector("[data-testid=mark-ring]", timeout=BOOT_TIMEOUT)
    found += audit(page, "position embed")
    assert not found, "\n".join(found)
    context.close()


def spot(page, zone: str) -> str:
    """The editor board's spot for a zone (data-cmd=ed-spot), as a selector."""
    return f'[data-testid=ed-board] [data-cmd=ed-spot][data-arg="{zone}"]'


def test_a_card_put_by_pointing_at_the_board_and_by_keyboard(browser, site):
    """Lost Cities: a card picked in the palette is put on a discard pile by clicking the pile on the board;
    with the keyboard (Enter on a focused spot) it is lifted from the pile and put back into the hand."""
    context, page, watch = open_editor(browser, site, "lost-cities")
    card = page.get_attribute('[data-testid="zone-hand.0"] [data-testid^="chip-"]', "data-arg")
    colour = card.split("-")[0]
    page.click(f'[data-testid="pal-{card}"]')
    assert "point at the board" in page.inner_text("[data-testid=ed-point-hint]")
    page.click(spot(page, f"discard.{colour}"))
    assert page.locator(f'[data-testid="zone-discard.{colour}"] [data-testid="chip-{card}"]').count() == 1
    assert page.inner_text("[data-testid=ed-problem]").endswith(
        "Player 1: hand holds 7 cards; a hand holds 8, 7 for the player about to draw")
    page.focus(spot(page, f"discard.{colour}"))
    page.keyboard.press("Enter")  # lifted from the pile
    assert "picked up from" in page.inner_text("[data-testid=ed-point-hint]")
    page.locator(spot(page, "hand.0")).first.focus()
    page.keyboard.press("Enter")  # put back into the hand
    page.wait_for_selector("[data-testid=ed-ok]")
    assert page.locator(f'[data-testid="zone-hand.0"] [data-testid="chip-{card}"]').count() == 1
    assert page.locator(f'[data-testid="zone-discard.{colour}"] [data-testid^="chip-"]').count() == 0
    watch.assert_clean()
    context.close()


def test_the_editor_keeps_its_work_across_a_reload_and_back(browser, site):
    """Issue 36: the editor's position lives in the address (#edit=…): a reload comes back to the same work,
    the address opened in another tab is the same position, and Back returns to the home page."""
    context, page, watch = open_editor(browser, site, "lost-cities")
    try:
        page.click('[data-testid="zone-hand.0"] .chip.on button >> nth=0')  # take a hand card off the table
        put(page, "yellow-5", "expedition.0.yellow")
        page.wait_for_selector('[data-testid="zone-expedition.0.yellow"] >> text=yellow 5')
        page.wait_for_function("location.hash.startsWith('#edit=')")
        address = page.url
        page.reload()
        page.wait_for_selector('[data-testid="zone-expedition.0.yellow"] >> text=yellow 5', timeout=BOOT_TIMEOUT)
        other = context.new_page()  # the link shared with a co-author
        other.goto(address)
        other.wait_for_selector('[data-testid="zone-expedition.0.yellow"] >> text=yellow 5', timeout=BOOT_TIMEOUT)
        assert other.inner_text('[data-testid="zone-hand.0"]') == page.inner_text('[data-testid="zone-hand.0"]')
        page.go_back()
        page.wait_for_selector("[data-testid=edit-lost-cities]")
        page.go_forward()
        page.wait_for_selector('[data-testid="zone-expedition.0.yellow"] >> text=yellow 5')
        watch.assert_clean()
    finally:
        context.close()


def test_a_hand_dealt_at_random_is_the_one_shown_and_the_one_played_on(browser, site):
    """Issue 36: a hand the writer leaves "dealt at random" is dealt once, from the position's own seed: the
    editor's preview, the embed (again after a reload) and "Play on from here" all hold the same cards."""
    context, page, watch = open_editor(browser, site, "lost-cities")
    try:
        page.click('[data-testid="unset-hand.0"]')
        page.wait_for_selector('[data-testid="zone-hand.0"] >> text=dealt at random')
        page.wait_for_selector("[data-testid=ed-ok]")
        hand_js = "els => els.map(e => e.dataset.card).sort()"
        preview = page.locator("[data-testid=ed-board] [data-testid=hand-card]").evaluate_all(hand_js)
        assert len(preview) == 8
        url = page.input_value("[data-testid=ed-embed-url]")
        watch.assert_clean()
        for _visit in range(2):  # the embed, then the same address again: the writer's cards each time
            page.goto(url)
            page.wait_for_selector("[data-testid=play-on]", timeout=BOOT_TIMEOUT)
            assert page.locator("#board [data-testid=hand-card]").evaluate_all(hand_js) == preview
        page.click("[data-testid=play-on]")
        page.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)
        assert page.locator("#board [data-testid=hand-card]").evaluate_all(hand_js) == preview
    finally:
        context.close()


def test_the_other_players_expedition_pointed_at_and_ringed_whole(browser, site):
    """Issue 36: in Lost Cities, Player 2's expedition (at the top of the board) takes a card by pointing, and its
    highlight is a solid ring of at least 3 px around the whole column, not around its score label."""
    context, page, watch = open_editor(browser, site, "lost-cities")
    board = "[data-testid=ed-board]"
    card = next(f"red-{v}" for v in range(2, 11)
                if page.locator(f'[data-testid="zone-hand.0"] [data-testid="chip-red-{v}"]').count() == 0)
    page.click(f'[data-testid="pal-{card}"]')
    page.click(f'{board} [data-cmd=ed-spot][data-arg="expedition.1.red"]')
    page.wait_for_selector(f'[data-testid="zone-expedition.1.red"] [data-testid="chip-{card}"]')
    page.click('[data-testid="mark-expedition.1.red"]')
    ring = page.locator(f"{board} [data-testid=mark-ring]")
    ring.wait_for()
    column = page.locator(f"{board} [data-testid=opp-expedition-red]").bounding_box()
    box = ring.bounding_box()
    assert box["height"] >= column["height"] and box["width"] >= column["width"] - 1
    assert float(ring.evaluate("e => parseFloat(getComputedStyle(e).strokeWidth)")) >= 3
    assert ring.evaluate("e => getComputedStyle(e).strokeDasharray") == "none"
    assert "Player 2: red expedition" in page.inner_text("[data-testid=ed-highlighted]")
    watch.assert_clean()
    context.close()
