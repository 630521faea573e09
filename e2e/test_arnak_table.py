"""Arnak's table as a player sees it, at a laptop size (1366x768) and a phone size (390x844), in English,
Japanese and Persian: every board text renders at >= 11 px (phone >= 12 px) measured in the DOM, no text
leaves the board or the screen's width, at most 10 buttons, and the pointing flow (select a hand card, the
camps it can pay for light up, click one: the dig is made and paid with that card); a site shows large on a
click; a held idol is placed by clicking (tapping) a lit idol slot on your board area, a guardian's boon used from
the guardian by the keyboard (tapping it on a phone) (issue 35)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from py_engine import get_game
from py_engine.core import Rng

from .conftest import BOOT_TIMEOUT, Watch
from .helpers import TURN_TIMEOUT, choose, choose_setting, wait_for_moves
from .test_a11y import focus_next

SIZES = {"desktop": ({"viewport": {"width": 1366, "height": 768}}, 11),
         "phone": ({"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                    "device_scale_factor": 1}, 12)}

# every visible <text> of the board and of the hand docked under it (a laptop's table): its font size on screen
# (CSS size x its drawing's scale) and its box
MEASURE = """() => {
  const out = [];
  for (const svg of document.querySelectorAll('svg[data-testid=arnak-board], svg[data-testid=arnak-hand]')) {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const box = svg.getBoundingClientRect();
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      const r = t.getBoundingClientRect();
      out.push({text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, h: r.height,
                left: r.left - box.left, right: box.right - r.right});
    }
  }
  return {texts: out, width: document.documentElement.scrollWidth, inner: innerWidth};
}"""


def open_app(browser, site: str, **args):
    """The app at one screen size (conftest's open_app fixes the viewport)."""
    context = browser.new_context(**args)
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    page.goto(site)
    page.wait_for_selector("[data-testid=new-arnak]", timeout=BOOT_TIMEOUT)
    return context, page, watch


def start_solo(page, lang: str) -> None:
    choose_setting(page, "language", lang)
    page.wait_for_function(f"document.documentElement.lang === {lang!r}")
    page.click("[data-testid=new-arnak]")
    choose(page, "[data-testid=player-count]", "1")
    page.click("[data-testid=start]")
    page.wait_for_selector("svg[data-testid=arnak-board][data-mine='1']", timeout=TURN_TIMEOUT)


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ja", "fa"])
def test_board_text_is_legible_and_fits(browser, site, size: str, lang: str) -> None:
    args, smallest = SIZES[size]
    context, page, watch = open_app(browser, site, **args)
    try:
        start_solo(page, lang)
        page.locator("svg [data-testid^=hand-]").first.click()  # a card selected: its zoom and buttons show
        page.wait_for_selector("[data-testid=zoom]")
        found = page.evaluate(MEASURE)
        assert len(found["texts"]) > 50
        small = [(t["text"], round(t["px"], 1), round(t["h"], 1)) for t in found["texts"]
                 if t["px"] < smallest - 0.05 or t["h"] < smallest]
        assert not small, f"{size} {lang}: text below {smallest} px: {small[:8]}"
        outside = [t["text"] for t in found["texts"] if t["left"] < -1 or t["right"] < -1]
        assert not outside, f"{size} {lang}: text leaves the board: {outside[:8]}"
        assert not [t["text"] for t in found["texts"] if "…" in t["text"]]
        assert found["width"] <= found["inner"], f"{size}: the page is wider than the screen"
        buttons = page.locator("#card-actions button")
        assert 1 <= buttons.count() <= 10
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_pointing_select_a_card_then_a_lit_camp_digs(browser, site, size: str) -> None:
    args, _smallest = SIZES[size]
    context, page, watch = open_app(browser, site, **args)
    try:
        start_solo(page, "en")
        # a site with nothing to do now shows large when clicked (a tap on a phone)
        page.locator("svg g[data-testid=site-5][data-cmd=select]").click()
        assert "Level I site 1" in page.inner_text("[data-testid=zoom]")
        before = len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])
        # Exploration / Funding travel by car or ship: each pays a camp's boot
        card = page.locator("svg [data-testid^=hand-20][data-cmd=select]").first
        cid = int(card.get_attribute("data-testid").split("-")[1])
        card.click()
        lit = page.locator("svg [data-site] rect.lit[data-act]")
        lit.first.wait_for(timeout=TURN_TIMEOUT)
        assert lit.count() >= 1
        act = json.loads(lit.first.get_attribute("data-act"))
        assert act[0] == "dig" and act[1] < 5
        assert json.loads(lit.first.get_attribute("data-then")) == ["tcard", cid]
        assert page.locator("#card-actions button").count() <= 10
        lit.first.click()
        wait_for_moves(page, before + 2)
        moves = [m[1] for m in json.loads(page.evaluate("window.explorersRecord()"))["moves"][before:]]
        assert moves[:2] == [act, ["tcard", cid]]
        watch.assert_clean()
    finally:
        context.close()


def idol_link() -> tuple[str, int]:
    """A 2-player game played to its end by random moves that discover sites and overcome guardians whenever they
    can and never place an idol nor use a boon, as a record link; and a move after which the first seat, at its
    turn, may place an idol and use a guardian's boon."""
    game = get_game("arnak")
    state = game.new(players=2, seed=1, options={})
    rng = Rng(1)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        first = [a for a in legal if a[0] in ("discover", "overcome")]
        rest = [a for a in legal if a[0] not in ("idol", "boon", "tboon")] or legal
        state.apply(seat, rng.choice(first or rest))
    record = state.record

    def both(k: int) -> bool:
        s = record.replay(k)
        kinds = {a[0] for a in s.legal_actions(0)} if s.to_move() == (0,) else set()
        return s.view(0)["pending"]["kind"] == "turn" and {"idol", "boon"} <= kinds

    at = next(k for k in range(len(record.moves)) if both(k))
    data = dict(record.to_json(), names=["You", "Bot 1"], seats=[{"kind": "human"}, {"kind": "bot"}])
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode(), 9)).decode().rstrip("=")
    return "#record=" + code, at


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_idol_slot_and_a_guardian_are_pointed_at(browser, site, size: str) -> None:
    args, _smallest = SIZES[size]
    context, page, watch = open_app(browser, site, **args)
    press = (lambda loc: loc.tap()) if size == "phone" else (lambda loc: loc.click())
    try:
        link, at = idol_link()
        page.goto(site + link)
        page.wait_for_selector("[data-testid=replay-board]", timeout=BOOT_TIMEOUT)
        press(page.locator(f"[data-testid=rp-move-{at}]"))
        page.wait_for_selector(f"[data-testid=rp-move-{at}][aria-current=step]")
        press(page.locator("[data-testid=play-from-here]"))
        page.wait_for_selector("svg[data-testid=arnak-board][data-mine='1']", timeout=TURN_TIMEOUT)
        # the idol slots are lit targets on your board area, named in words; no idol button beside "pass"
        slots = page.locator("svg [data-testid^=idol-slot-][data-act]")
        assert slots.count() >= 4
        assert not page.locator("#card-actions :is([data-testid^=act-idol-], [data-testid^=act-boon-])").count()
        assert page.locator("#card-actions [data-testid=act-pass]").is_visible()
        slot = page.locator("svg [data-testid=idol-slot-1][data-act]")  # +1 arrowhead: needs no coin
        assert slot.get_attribute("aria-label").startswith("place an idol in a slot")
        idols = page.get_attribute("[data-testid=idol-slots-0]", "data-used")
        before = len(json.loads(page.evaluate("window.explorersRecord()"))["moves"])
        press(slot)
        wait_for_moves(page, before + 1)
        moves = json.loads(page.evaluate("window.explorersRecord()"))["moves"]
        assert moves[before][1] == ["idol", 1]
        page.wait_for_function(f"document.querySelector('[data-testid=idol-slots-0]').dataset.used === "
                               f"'{int(idols) + 1}'")
        # a guardian whose boon may be used now: a lit target on it; a tap, or on a laptop the keyboard (Tab to
        # it, Enter), uses the boon
        guardian = page.locator("svg [data-testid^=boon-][data-act]").first
        guardian.wait_for(timeout=TURN_TIMEOUT)
        act = json.loads(guardian.get_attribute("data-act"))
        assert act[0] == "boon" and "use a guardian boon" in guardian.get_attribute("aria-label")
        if size == "phone":
            press(guardian)
        else:
            focus_next(page, "svg [data-testid^=boon-][data-act]", limit=200)
            page.keyboard.press("Enter")
        wait_for_moves(page, before + 2)
        moves = json.loads(page.evaluate("window.explorersRecord()"))["moves"]
        assert moves[before + 1][1] == act
        page.wait_for_selector(f"svg [data-guardian='{act[1]}'][data-used='1']")
        watch.assert_clean()
    finally:
        context.close()
