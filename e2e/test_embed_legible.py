"""Embedded boards stay readable in any frame (public/legible.js): at the size the embed code gives each game
at its widest (web/records.py EMBED_FRAMES) the whole board fits its frame, and there and on a phone
(390 x 448) every board text of the five games renders at >= 11 px (>= 12 px in a frame under 700 px wide,
which draws the phone layouts), measured in the DOM; a board larger than its frame scrolls inside the board
box, never the page. A position's marks stay on their part
of the board when the board scrolls."""

from __future__ import annotations

import base64
import json
import sys
import zlib
from pathlib import Path

import pytest

from .conftest import BOOT_TIMEOUT, Watch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import records  # noqa: E402

# every visible board text: its font size on screen (CSS size in board units x the text's own scale on screen)
MEASURE = """() => {
  const svgs = [...document.querySelectorAll('#app svg.board')];
  const out = [];
  for (const svg of svgs) {
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim() || !t.getBoundingClientRect().width) continue;
      // the text's own scale on screen: the board's, times any enlargement of its group (a phone's pieces)
      const m = t.getScreenCTM();
      out.push([t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)]);
    }
  }
  const box = document.querySelector('.embed-board');
  return {texts: out, page: document.documentElement.scrollWidth, inner: innerWidth,
          scrolls: box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1};
}"""

GAMES = {"lost-cities": "", "lost-cities-board": "", "arnak": "&rival=1", "catan-ck": "", "islands": ""}
SIZES = {"snippet": (None, 11), "phone": ((390, 448), 12)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_an_embedded_board_is_readable_at_the_snippets_size(browser, site, game: str, size: str) -> None:
    frame, smallest = SIZES[size]
    width, height = frame or records.EMBED_FRAMES[game]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    try:
        page.goto(f"{site}embed.html?game={game}&mode=play&seed=5{GAMES[game]}")
        page.wait_for_selector("#app:not([hidden]) .embed-board svg.board", timeout=BOOT_TIMEOUT)
        found = page.evaluate(MEASURE)
        assert len(found["texts"]) > 10
        small = [(t, round(px, 2)) for t, px in found["texts"] if px < smallest - 0.01]
        assert not small, f"{game} {size}: board text under {smallest} px: {small[:8]}"
        assert found["page"] <= found["inner"], f"{game} {size}: the page is wider than its frame"
        if frame is None:  # the embed code's own size: the board fits, nothing to scroll
            assert not found["scrolls"], f"{game}: the board does not fit the embed code's frame"
        watch.assert_clean()
    finally:
        context.close()


def marked_position() -> str:
    """Catan's beginner board, three players, my settlement on vertex 10 ringed; as a position link's code."""
    from py_engine.core import position as P

    data = P.starting("catan-ck", 3, {"board": "beginner"}, seed=3)
    data["state"]["zones"].update({"vertex.10": ["settlement-0"], "vertex.30": ["settlement-1"],
                                   "vertex.40": ["settlement-2"]})
    data["annotations"]["highlight"] = ["vertex.10"]
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_positions_ring_stays_on_its_piece_when_a_short_frame_scrolls(browser, site) -> None:
    context = browser.new_context(viewport={"width": 760, "height": 420})
    page = context.new_page()
    try:
        page.goto(f"{site}embed.html?position={marked_position()}&seat=0")
        ring = page.locator("[data-testid=mark-ring]")
        ring.wait_for(timeout=BOOT_TIMEOUT)
        piece = page.locator("#board [data-testid=settlement-10]")

        def centres():
            r, p = ring.bounding_box(), piece.bounding_box()
            return (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2), (p["x"] + p["width"] / 2,
                                                                         p["y"] + p["height"] / 2)

        assert page.evaluate("document.querySelector('.embed-board').classList.contains('scrolls')")
        (rx, ry), (px, py) = centres()
        assert abs(rx - px) < 3 and abs(ry - py) < 3
        page.hover(".embed-board")  # the wheel (a trackpad's two-finger move) over the board scrolls it
        page.mouse.wheel(120, 200)
        page.wait_for_function("(b => b.scrollLeft > 0 && b.scrollTop > 0)(document.querySelector('.embed-board'))")
        (rx2, ry2), (px2, py2) = centres()
        assert (px2, py2) != (px, py)  # the board moved under the frame
        assert abs(rx2 - px2) < 3 and abs(ry2 - py2) < 3  # and the ring with it
    finally:
        context.close()
