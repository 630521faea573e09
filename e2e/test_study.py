"""Studies end to end (issue 36): the Lost Cities scoring study of rules-example.html embedded in a page of a second
origin; the reader steps through it with Next, Back and the arrow keys, answers its question wrongly (the step's
explanation, then the study's move shown), then rightly on a retry, and plays on from the last step with the same
cards shown. Pointer and keyboard only."""

from __future__ import annotations

import base64
import json
import threading
import zlib

import pytest

from py_engine.games.lost_cities.study_example import scoring_study
from py_engine.games.lost_cities.zones import card_id

from .conftest import BOOT_TIMEOUT, Watch, build

HOST = """<!doctype html><html><head><meta charset="utf-8"><title>Scoring in Lost Cities</title>
<link rel="icon" href="data:,"></head><body><h1>Scoring</h1>
<iframe id="study" src="{src}" title="A study" style="width:900px;height:760px;border:0"></iframe>
<script>
window.got = [];
addEventListener("message", e => {{ if (e.data && e.data.source === "explorers-embed") window.got.push(e.data); }});
</script></body></html>"""


def code(data: dict) -> str:
    return base64.urlsafe_b64encode(zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)).decode() \
        .rstrip("=")


def hand(frame) -> list[str]:
    return [frame.locator("[data-testid=hand-card]").nth(i).get_attribute("data-arg")
            for i in range(frame.locator("[data-testid=hand-card]").count())]


def test_a_reader_steps_through_a_study_answers_and_plays_on(browser, site, tmp_path):
    server = build.make_server(0, root=tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"  # another port: another origin
    src = f"{site}embed.html?study={code(scoring_study())}&seat=0&id=scoring&origin={origin}"
    (tmp_path / "host.html").write_text(HOST.format(src=src))
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch = Watch(page, origin)
    got = "window.got"
    try:
        page.goto(origin + "/host.html")
        frame = page.frame_locator("#study")
        frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
        page.wait_for_function(f"{got}.some(m => m.type === 'ready' && m.mode === 'study' && m.total === 14)",
                               timeout=60_000)
        pos = frame.locator("[data-testid=st-pos]")
        assert pos.inner_text() == "1 / 14"
        assert "(3 + 4 + 5 − 20) × 2 = −16" in frame.locator("[data-testid=caption]").inner_text()
        assert frame.locator("[data-testid=mark-ring]").count() == 1 and frame.locator("[data-testid=mark-arrow]")\
            .count() == 1
        assert frame.locator("#board [data-act]").count() == 0  # a step is read, not played
        assert frame.locator("[data-testid=st-back]").is_disabled()

        # Next, Back and the arrow keys; each step reaches the page.
        frame.locator("[data-testid=st-next]").click()
        page.wait_for_function(f"{got}.some(m => m.type === 'step' && m.step === 2)")
        assert pos.inner_text() == "2 / 14" and "Red 7" in frame.locator("[data-testid=caption]").inner_text()
        page.keyboard.press("ArrowRight")
        frame.locator("[data-testid=st-pos]:text-is('3 / 14')").wait_for()
        page.keyboard.press("ArrowLeft")
        frame.locator("[data-testid=st-pos]:text-is('2 / 14')").wait_for()
        frame.locator("[data-testid=st-back]").click()
        frame.locator("[data-testid=st-pos]:text-is('1 / 14')").wait_for()
        for k in range(2, 7):
            page.keyboard.press("ArrowRight")
            frame.locator(f"[data-testid=st-pos]:text-is('{k} / 14')").wait_for()

        # The question: "Your move". A discard of the red 8 is not the study's move.
        page.wait_for_function(f"{got}.some(m => m.type === 'step' && m.step === 6 && m.asking)")
        assert frame.locator("[data-testid=status]").inner_text() == "Your move: play it on the board."
        assert frame.locator("[data-testid=st-next]").inner_text() == "Show the answer"
        # on the board the arrow keys move among its cards, as at the table: the question stays asked
        focused = frame.locator("#board [tabindex='0']:focus")
        for _ in range(60):  # Tab into the board, as a keyboard user does
            page.keyboard.press("Tab")
            if focused.count():
                break
        first = focused.get_attribute("data-key")
        page.keyboard.press("ArrowRight")
        frame.locator(f"#board [tabindex='0']:focus:not([data-key='{first}'])").wait_for()
        assert pos.inner_text() == "6 / 14" and frame.locator("[data-testid=st-feedback]").count() == 0
        red8 = str(card_id("red-8"))
        frame.locator(f"[data-testid=hand-card][data-arg='{red8}']").click()
        frame.locator("[data-testid=discard-btn]").click()
        feedback = frame.locator("[data-testid=st-feedback]")
        feedback.wait_for()
        assert feedback.inner_text().startswith("Not this move. Red 8 on your red expedition: (27 − 20) × 2 = +14.")
        assert feedback.inner_text().endswith("The study's move is shown.")
        page.wait_for_function(f"{got}.some(m => m.type === 'answer' && m.step === 6 && m.right === false)")
        assert red8 not in hand(frame)  # the study's move, played: the red 8 is on the expedition
        assert "+14" in frame.locator("[data-testid=row-score-0-red]").text_content()

        # A retry: back one step and forward again asks again; the red 8 on the expedition is right.
        frame.locator("[data-testid=st-back]").click()
        frame.locator("[data-testid=st-pos]:text-is('5 / 14')").wait_for()
        frame.locator("[data-testid=st-next]").click()
        frame.locator("[data-testid=st-next]:text-is('Show the answer')").wait_for()
        frame.locator(f"[data-testid=hand-card][data-arg='{red8}']").click()
        # on the board the arrow keys move among its cards, as at the table: the question stays asked
        frame.locator("[data-testid=expedition-red][data-act]").click()
        frame.locator("[data-testid=st-feedback]:text-is(\"Right: that is the study's move.\")").wait_for()
        page.wait_for_function(f"{got}.some(m => m.type === 'answer' && m.step === 6 && m.right === true)")

        # To the last step, then play on from exactly what is shown.
        for k in range(7, 15):
            frame.locator("[data-testid=st-next]").click()
            frame.locator(f"[data-testid=st-pos]:text-is('{k} / 14')").wait_for()
        assert frame.locator("[data-testid=st-next]").is_disabled()
        assert "72 points" in frame.locator("[data-testid=caption]").inner_text()
        shown = hand(frame)
        assert len(shown) == 7 and "+72" in frame.locator("[data-testid=row-score-0-red]").text_content()
        frame.locator("[data-testid=play-on]").click()
        frame.locator("[data-testid=deck][data-act]").wait_for()
        assert hand(frame) == shown  # the same cards
        frame.locator("[data-testid=deck][data-act]").click()
        page.wait_for_function(f"{got}.some(m => m.type === 'move' && m.seat === 0)")
        frame.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)  # the bot moved
        assert frame.locator("[data-testid=hand-card]").count() == 8
        assert frame.locator("[data-testid=error]").count() == 0
        assert not watch.errors, watch.errors
    finally:
        context.close()
        server.shutdown()


def test_a_writer_builds_a_three_step_study_in_the_editor_and_a_reader_answers_it(browser, site):
    """The editor: a valid Lost Cities position, "Make a study", a discard played on the board (step 2, a
    question with its explanation), a draw (step 3, with a caption and a highlight); its embed on a second origin
    asks the question, explains a wrong answer, takes the right one on a retry, and plays on."""
    from .helpers import on_second_origin
    from .test_editor import open_editor

    context, page, watch = open_editor(browser, site, "lost-cities")
    page.click("[data-testid=st-start]")
    page.wait_for_selector("[data-testid=st-ok]")
    assert page.inner_text("[data-testid=st-ok]") == "The study is valid: 1 step."
    cards = page.locator("[data-testid=st-board] [data-testid=hand-card]")
    first, second = cards.nth(0).get_attribute("data-arg"), cards.nth(1).get_attribute("data-arg")
    cards.nth(0).click()
    page.click("[data-testid=discard-btn]")
    page.wait_for_selector("[data-testid=st-step-2][aria-pressed=true]")
    page.click("[data-testid=st-question]")
    page.wait_for_selector("[data-testid=st-explain]")
    page.fill("[data-testid=st-explain]", "Keep the <b>pairs</b>: this card helps nobody.")
    page.press("[data-testid=st-explain]", "Tab")
    page.fill("[data-testid=st-caption]", "Your move: which card goes?")
    page.press("[data-testid=st-caption]", "Tab")
    page.wait_for_function("document.querySelector('[data-testid=st-step-2]').textContent.includes('(a question)')")
    page.click("[data-testid=st-board] [data-testid=deck][data-act]")
    page.wait_for_selector("[data-testid=st-step-3][aria-pressed=true]")
    page.fill("[data-testid=st-caption]", "Then a card from the deck")
    page.press("[data-testid=st-caption]", "Tab")
    page.click('[data-testid="st-mark-deck"]')
    page.wait_for_selector('[data-testid="st-mark-deck"][aria-pressed=true]')
    assert page.inner_text("[data-testid=st-ok]") == "The study is valid: 3 steps."
    assert page.locator("#board [data-testid=mark-ring]").count() == 1
    url = page.input_value("[data-testid=st-embed-url]")
    assert url.startswith(site + "embed.html?study=") and "&id=study-" in url
    assert not watch.errors, watch.errors

    with on_second_origin(context, url, "<h1>Discards</h1>", width=900, height=760) as frame:
        assert frame.locator("[data-testid=st-pos]").inner_text() == "1 / 3"
        frame.locator("[data-testid=st-next]").click()
        frame.locator("[data-testid=st-next]:text-is('Show the answer')").wait_for()
        assert frame.locator("[data-testid=caption]").inner_text() == "Your move: which card goes?"
        frame.locator(f"[data-testid=hand-card][data-arg='{second}']").click()
        frame.locator("[data-testid=discard-btn]").click()
        feedback = frame.locator("[data-testid=st-feedback]")
        feedback.wait_for()
        assert "Keep the <b>pairs</b>: this card helps nobody." in feedback.inner_text()  # as written, escaped
        assert first not in hand(frame) and second in hand(frame)  # the study's move is shown
        frame.locator("[data-testid=st-back]").click()
        frame.locator("[data-testid=st-next]").click()
        frame.locator(f"[data-testid=hand-card][data-arg='{first}']").click()
        frame.locator("[data-testid=discard-btn]").click()
        frame.locator("[data-testid=st-feedback]:text-is(\"Right: that is the study's move.\")").wait_for()
        frame.locator("[data-testid=st-next]").click()
        frame.locator("[data-testid=st-pos]:text-is('3 / 3')").wait_for()
        assert frame.locator("[data-testid=mark-ring]").count() == 1
        shown = hand(frame)
        frame.locator("[data-testid=play-on]").click()
        frame.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)  # the bot moved: my turn
        assert hand(frame) == shown
        assert frame.locator("[data-testid=error]").count() == 0

    # A fourth step set up as a new position: the last step's table in the position editor, added back.
    page.click("[data-testid=st-newpos]")
    page.wait_for_selector("[data-testid=st-addpos]")
    assert page.inner_text("[data-testid=st-addpos]") == "Add this position as step 4"
    page.click("[data-testid=st-addpos]")
    page.wait_for_selector("[data-testid=st-step-4][aria-pressed=true]")
    assert page.inner_text("[data-testid=st-ok]") == "The study is valid: 4 steps."
    assert page.inner_text("[data-testid=st-step-4]") == "A new position"
    # the study lives in the address: a reload brings back all four steps and the question
    page.wait_for_function("location.hash.startsWith('#edit=')")
    page.reload()
    page.wait_for_selector("[data-testid=st-step-4][aria-pressed=true]", timeout=60_000)
    assert page.inner_text("[data-testid=st-ok]") == "The study is valid: 4 steps."
    assert "(a question)" in page.inner_text("[data-testid=st-step-2]")
    assert not watch.errors, watch.errors
    context.close()


def catan_study() -> dict:
    """Seat 0 in its main phase (tests/test_position.py's city example): the question is to chase the robber with
    the knight on intersection 3 (ending the turn is the wrong answer); then the robber goes to hex 1."""
    from py_engine.core import study as S
    from tests.test_position import catan_city_example

    study = S.of_position(catan_city_example(), [[0, ["chase", 3]], [0, ["robber", 1]]])
    study["steps"][0]["caption"] = "The robber stands on your hills."
    study["steps"][1].update(question=True, caption="Your move: the robber blocks your city.",
                             explain="An active knight next to the robber chases it away.")
    study["steps"][2]["caption"] = "The robber moves on."
    return study


def arnak_study() -> dict:
    """Seat 0 digs at camp 1 (the question; buying an item is the wrong answer) and pays its boot with a car."""
    from py_engine.core import study as S
    from py_engine.games.arnak import data as D
    from tests.test_position import arnak_example

    pos = arnak_example()
    pos["seed"] = 2
    study = S.of_position(pos, [[0, ["dig", 0]], [0, ["tcard", D.EXPLORE_CAR]], [0, ["tcard", D.FEAR]]])
    study["steps"][1].update(question=True, caption="Your move: where do coins come from?",
                             explain="Camp 1 pays 2 coins for one boot.")
    return study


CASES = {"catan-ck": (catan_study, "[data-testid=end-btn]", "[data-testid=t-v3]"),
         "arnak": (arnak_study, "[data-testid=row-item-1]", "[data-testid=site-0-dig]")}
# what the reader holds, as the board shows it: Arnak's hand cards, Catan's resource and commodity cards
HELD = {"arnak": "el => [...el.querySelectorAll('[data-testid^=\"hand-\"]')].map(e => e.dataset.testid).join()",
        "catan-ck": "el => [...el.querySelectorAll('[data-testid^=\"hand-\"], [data-testid^=\"res-0\"]')]"
                    ".map(e => e.dataset.testid + ':' + e.textContent).join()"}


@pytest.mark.parametrize("game", list(CASES))
def test_a_reader_answers_a_catan_and_an_arnak_study_on_a_second_origin(browser, site, tmp_path, game):
    make, wrong, right = CASES[game]
    data = make()
    total = len(data["steps"])
    server = build.make_server(0, root=tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}"
    src = f"{site}embed.html?study={code(data)}&id={game}&origin={origin}"
    (tmp_path / "host.html").write_text(HOST.format(src=src))
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch = Watch(page, origin)
    try:
        page.goto(origin + "/host.html")
        frame = page.frame_locator("#study")
        frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
        page.wait_for_function(f"window.got.some(m => m.type === 'ready' && m.game === {game!r})", timeout=60_000)
        assert frame.locator("[data-testid=st-pos]").inner_text() == f"1 / {total}"
        page.keyboard.press("ArrowRight")  # the frame has no focus yet: the page's arrow keys are its own
        frame.locator("[data-testid=st-next]").click()
        frame.locator("[data-testid=st-next]:text-is('Show the answer')").wait_for()
        assert frame.locator("[data-testid=st-pos]").inner_text() == f"2 / {total}"
        frame.locator(wrong).first.click()
        frame.locator("[data-testid=st-feedback]").wait_for()
        assert data["steps"][1]["explain"] in frame.locator("[data-testid=st-feedback]").inner_text()
        page.wait_for_function("window.got.some(m => m.type === 'answer' && m.right === false)")
        page.keyboard.press("ArrowLeft")
        frame.locator(f"[data-testid=st-pos]:text-is('1 / {total}')").wait_for()
        page.keyboard.press("ArrowRight")
        frame.locator("[data-testid=st-next]:text-is('Show the answer')").wait_for()
        frame.locator(right).first.click()
        frame.locator("[data-testid=st-feedback]:text-is(\"Right: that is the study's move.\")").wait_for()
        for k in range(3, total + 1):
            page.keyboard.press("ArrowRight")
            frame.locator(f"[data-testid=st-pos]:text-is('{k} / {total}')").wait_for()
        held = frame.locator("#board").evaluate(HELD[game])
        frame.locator("[data-testid=play-on]").click()
        frame.locator("[data-act]").first.wait_for(state="attached", timeout=60_000)  # the reader's turn, played on
        assert frame.locator("#board").evaluate(HELD[game]) == held and held
        assert frame.locator("[data-testid=st-pos]").count() == 0
        assert frame.locator("[data-testid=error]").count() == 0
        assert not watch.errors, watch.errors
    finally:
        context.close()
        server.shutdown()


def test_a_study_from_a_finished_games_replay_passes_an_axe_audit(browser, site):
    """A finished game's replay at move 2 → "Make a study from here": the position there and the game's next moves
    are the study's steps; a step is annotated, the study embedded; no serious axe violation in either."""
    import re

    from .test_a11y import audit
    from .test_embed import finished_code

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    page.goto(site + "#record=" + finished_code())
    page.wait_for_selector("[data-testid=replay-board]", timeout=BOOT_TIMEOUT)
    page.click("[data-testid=rp-move-2]")
    page.click("[data-testid=study-from-here]")
    page.wait_for_selector("[data-testid=st-ok]")
    total = int(re.search(r"(\d+) steps", page.inner_text("[data-testid=st-ok]")).group(1))
    assert total > 10
    page.click("[data-testid=st-step-3]")
    page.fill("[data-testid=st-caption]", "The third step, <i>annotated</i>")
    page.press("[data-testid=st-caption]", "Tab")
    page.click('[data-testid="st-mark-deck"]')
    page.wait_for_selector('[data-testid="st-mark-deck"][aria-pressed=true]')
    found = audit(page, "study editor")
    url = page.input_value("[data-testid=st-embed-url]")
    page.goto(url)
    page.wait_for_selector("[data-testid=st-pos]", timeout=BOOT_TIMEOUT)
    assert page.inner_text("[data-testid=st-pos]") == f"1 / {total}"
    page.click("[data-testid=st-next]")
    page.click("[data-testid=st-next]")
    page.wait_for_selector(f"[data-testid=st-pos]:text-is('3 / {total}')")
    assert page.inner_text("[data-testid=caption]") == "The third step, <i>annotated</i>"
    assert page.locator("[data-testid=mark-ring]").count() == 1
    found += audit(page, "study embed")
    assert not found, found
    watch.assert_clean()
    context.close()
