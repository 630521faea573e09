"""embed.html on a rules page: four embeds render and respond; the runtime comes from the service worker."""

from __future__ import annotations

import base64
import json
import threading
import zlib

from .conftest import BOOT_TIMEOUT, Watch, build
from .helpers import choose

EMBEDS = ("embed-study", "embed-position", "embed-replay", "embed-live")
BIG = ("pyodide.asm.wasm", "python_stdlib.zip")


def events(page) -> str:
    return page.inner_text("[data-testid=events]")


def wait_event(page, text: str) -> None:
    page.wait_for_function(f"document.querySelector('[data-testid=events]').textContent.includes({text!r})",
                           timeout=60_000)


def test_rules_page_with_four_embeds(browser, site):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    big = []
    page.on("response", lambda r: big.append((r.frame.name, r.from_service_worker))
            if r.url.endswith(BIG) else None)
    page.goto(site + "rules-example.html")
    frames = {fid: page.frame_locator(f"#{fid}") for fid in EMBEDS}
    for frame in frames.values():
        frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
    for fid in ("study", "position", "replay", "live"):
        wait_event(page, f"{fid}: ready")
    # Every embed got the big runtime files from the service worker's one shared cache.
    assert len(big) == 2 * len(EMBEDS) and all(from_sw for _frame, from_sw in big), big

    # 0. The study (e2e/test_study.py reads it through): its first step, and Next.
    study = frames["embed-study"]
    assert study.locator("[data-testid=st-pos]").inner_text() == "1 / 14"
    study.locator("[data-testid=st-next]").click()
    wait_event(page, "study: step 2/14")

    # 1. A read-only position, seen by seat 0: its hand, nothing clickable.
    pos = frames["embed-position"]
    assert pos.locator("[data-testid=rp-pos]").inner_text() == "Move 5 of 24"
    assert pos.locator("[data-testid=hand-card]").count() == 7  # Ana has played her 2, not drawn yet
    assert pos.locator("#board [data-act], #board [data-cmd]").count() == 0

    # 2. The replay steps from the page (postMessage) and from its own buttons.
    rp = frames["embed-replay"]
    page.click("[data-testid=page-next]")
    wait_event(page, "replay: move 1/24")
    assert rp.locator("[data-testid=rp-pos]").inner_text() == "Move 1 of 24"
    page.click("[data-testid=page-jump]")
    wait_event(page, "replay: move 20/24")
    rp.locator("[data-testid=rp-back]").click()
    wait_event(page, "replay: move 19/24")
    # A message from another origin (an opaque data: frame) is ignored.
    page.evaluate("""() => { const f = document.createElement('iframe');
        f.src = "data:text/html,<script>parent.frames[2].postMessage({type:'step',to:3},'*')</scr" + "ipt>";
        document.body.appendChild(f); }""")
    page.wait_for_timeout(1500)
    assert rp.locator("[data-testid=rp-pos]").inner_text() == "Move 19 of 24"

    # 3. The live game against a bot: discard, draw, the bot answers.
    live = frames["embed-live"]
    live.locator("[data-testid=hand-card]").first.click()
    live.locator("[data-testid=discard-btn]").click()
    wait_event(page, "live: move 1")
    live.locator("[data-testid=deck][data-act]").click()
    wait_event(page, "live: move 4")
    live.locator("[data-testid=hand-card][data-cmd]").first.wait_for()
    assert page.evaluate("getComputedStyle(document.getElementById('embed-live').contentDocument.body)"
                         ".backgroundColor") == "rgb(22, 33, 28)"  # theme=dark
    watch.assert_clean()
    context.close()


def test_bad_embed_parameters_show_a_clear_message(browser, site):
    """embed.html?seat=%C2%B2 (a '²' passes isdigit() but not int()) and a 4,400-digit seat used to raise out
    of the parameter parser and leave the frame blank; any bad parameter now names itself in the frame."""
    context = browser.new_context()
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    for query, words in (("seat=%C2%B2", "seat"), ("seat=" + "9" * 4400, "seat"), ("game=chess", "no game"),
                         ("mode=play&bot=x", "bot")):
        page.goto(f"{site}embed.html?{query}")
        page.wait_for_selector("[data-testid=error]", timeout=BOOT_TIMEOUT)
        text = page.inner_text("[data-testid=error]")
        assert "address is wrong" in text and words in text, text
        assert page.locator("#board svg").count() == 0
    watch.assert_clean()
    context.close()


# --- issue 21: the snippet on a page of another origin ------------------------------------------------------

HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A rules site</title>
<link rel="icon" href="data:,">
<style>body {{ margin: 0; font: 16px serif; }} .box {{ width: 600px; margin: 0 0 12px; }}</style></head>
<body>{boxes}
<script>
window.got = [];
addEventListener("message", event => {{
  const frames = [...document.querySelectorAll("iframe")];
  const i = frames.findIndex(f => f.contentWindow === event.source);
  if (event.data && event.data.source === "explorers-embed") window.got.push({{frame: i, ...event.data}});
}});
</script></body></html>"""

# Smallest on-screen size of a frame's board texts: each <text>'s font size times the SVG's scale (a text's
# box is taller than its letters' em, so this is the stricter measure), and its rendered box height.
FRAME_TEXT = """() => {
  const texts = [...document.querySelectorAll('#board svg text')].filter(el => el.getBBox().width > 0);
  const em = Math.min(...texts.map(el => { const m = el.getScreenCTM();
    return parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b); }));
  const box = Math.min(...texts.map(el => el.getBoundingClientRect().height));
  return {n: texts.length, em, box};
}"""


def finished_code() -> str:
    from .test_records import finished_game

    return base64.urlsafe_b64encode(zlib.compress(json.dumps(finished_game()).encode(), 9)).decode().rstrip("=")


# The embed dialog's "Show" choices: the label of each mode (the embed address's mode=)
MODE_LABELS = {"position": "this position", "replay": "the replay", "play": "a game from here against a bot"}


def snippets(browser, site, modes=("position", "replay", "play"), origin: str = "") -> tuple[list[str], int]:
    """The embed code as a user copies it: a finished game's replay at move 2 → Embed this position, for the
    position, the replay and a game from there against a bot (seen by seat 0; seat 1, a bot, is to move);
    `origin`: typed into "Your site's address" first."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(site + "#record=" + finished_code())
    page.wait_for_selector("[data-testid=replay-board]", timeout=BOOT_TIMEOUT)
    page.click("[data-testid=rp-move-2]")
    total = int(page.inner_text("[data-testid=rp-pos]").split()[-1])
    page.click("[data-testid=embed]")
    choose(page, "[data-testid=embed-seat]", "Your view")
    if origin:
        page.fill("[data-testid=embed-origin]", origin)
        page.press("[data-testid=embed-origin]", "Enter")
        page.wait_for_function("document.querySelector('[data-testid=embed-snippet]').value.includes('origin=')")
    out = []
    for mode in modes:
        choose(page, "[data-testid=embed-mode]", MODE_LABELS[mode])
        page.wait_for_function(f"document.querySelector('[data-testid=embed-snippet]').value.includes('mode={mode}')")
        out.append(page.input_value("[data-testid=embed-snippet]"))
    context.close()
    return out, total


def test_the_embed_code_works_on_a_page_of_another_origin(browser, site, tmp_path):
    """Issue 21: every message to a cross-origin parent failed (SecurityError), tracebacks piled up in the
    frame and the bot of "a game from here" never moved. The copied code, pasted into a page served from a
    second localhost port: no console or page error, no traceback, the parent gets the events, a bot moves,
    and at 600 px the board's text is at least 11 px."""
    codes, total = snippets(browser, site)
    assert all(code.startswith("<iframe") and "embed.html?" in code for code in codes)
    host_page(tmp_path, codes)
    host = build.make_server(0, root=tmp_path)
    threading.Thread(target=host.serve_forever, daemon=True).start()
    host_url = f"http://127.0.0.1:{host.server_address[1]}/host.html"  # another port: another origin
    assert not host_url.startswith(site)
    context = browser.new_context(viewport={"width": 1000, "height": 2000})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(host_url)
        frames = [page.frame_locator(f"iframe >> nth={i}") for i in range(3)]
        for frame in frames:
            frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
        got = "window.got"
        page.wait_for_function(f"{got}.filter(m => m.type === 'ready').length === 3", timeout=60_000)
        position, replay, live = frames
        assert position.locator("[data-testid=rp-pos]").inner_text() == f"Move 2 of {total}"
        # The replay's own buttons: each step reaches the parent.
        replay.locator("[data-testid=rp-next]").click()
        page.wait_for_function(f"{got}.some(m => m.frame === 1 && m.type === 'move' && m.move === 3)")
        # The game from move 2: the bot (seat 1) plays and draws at once, then it is seat 0's turn.
        page.wait_for_function(f"{got}.some(m => m.frame === 2 && m.type === 'move' && m.seat === 1 && m.move === 4)",
                               timeout=60_000)
        live.locator("[data-testid=hand-card][data-cmd]").first.wait_for(timeout=60_000)
        live.locator("[data-testid=hand-card][data-cmd]").first.click()
        live.locator("[data-testid=discard-btn]").click()
        page.wait_for_function(f"{got}.some(m => m.frame === 2 && m.type === 'move' && m.seat === 0 && m.move === 5)")
        live.locator("[data-testid=deck][data-act]").click()
        page.wait_for_function(f"{got}.some(m => m.frame === 2 && m.seat === 1 && m.move === 8)", timeout=60_000)
        assert "thinking" not in live.locator("[data-testid=status]").inner_text()
        for i, frame in enumerate(frames):
            assert frame.locator(".py-error, [data-testid=fail]:not([hidden]), [data-testid=error]").count() == 0, i
            width = page.locator(f"iframe >> nth={i}").evaluate("f => f.getBoundingClientRect().width")
            assert width == 600
            sizes = page.locator(f"iframe >> nth={i}").element_handle().content_frame().evaluate(FRAME_TEXT)
            assert sizes["n"] > 10 and sizes["em"] >= 11 - 0.01 and sizes["box"] >= 11, (i, sizes)
        assert not errors, errors
        # A failure in the frame: one short line, no traceback panel, and the frame keeps working.
        frame = page.locator("iframe >> nth=1").element_handle().content_frame()
        frame.evaluate("setTimeout(() => { throw new Error('a failure for the test'); }, 0)")
        replay.locator("[data-testid=fail]").wait_for()
        assert replay.locator("[data-testid=fail]").inner_text() == "Something went wrong; the board still works."
        assert replay.locator(".py-error").count() == 0
        replay.locator("[data-testid=rp-next]").click()
        page.wait_for_function(f"{got}.some(m => m.frame === 1 && m.type === 'move' && m.move === 4)")
    finally:
        context.close()
        host.shutdown()


def host_page(tmp_path, codes: list[str]) -> None:
    """The embedding page: the codes in 600 px boxes, and every message from a frame kept in window.got."""
    (tmp_path / "host.html").write_text(HOST_PAGE.format(boxes="".join(f'<div class="box">{c}</div>' for c in codes)))


def test_an_embed_for_a_named_site_talks_to_that_site_only(browser, site, tmp_path):
    """The embed dialog's "Your site's address": the code then carries origin=, the frame's messages reach
    that site and no other (the same code made for another site sends this page nothing). A mistyped
    address (a path) is said to be wrong and left out of the code."""
    host = build.make_server(0, root=tmp_path)
    threading.Thread(target=host.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{host.server_address[1]}"  # another port: another origin
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(site + "#record=" + finished_code())
        page.wait_for_selector("[data-testid=replay-board]", timeout=BOOT_TIMEOUT)
        page.click("[data-testid=embed]")
        page.fill("[data-testid=embed-origin]", origin + "/rules/page.html")
        page.press("[data-testid=embed-origin]", "Enter")
        page.wait_for_selector("[data-testid=embed-origin-bad]")
        assert "origin=" not in page.input_value("[data-testid=embed-snippet]")
        context.close()
        (right,), _ = snippets(browser, site, modes=("replay",), origin=origin)
        assert f"origin={origin}" in right
        host_page(tmp_path, [right, right.replace(f"origin={origin}", "origin=http://127.0.0.1:9")])
        context = browser.new_context(viewport={"width": 1000, "height": 2000})
        page = context.new_page()
        page.goto(origin + "/host.html")
        frames = [page.frame_locator(f"iframe >> nth={i}") for i in range(2)]
        for frame in frames:
            frame.locator("#board svg.board").first.wait_for(timeout=BOOT_TIMEOUT)
        for frame in frames:
            frame.locator("[data-testid=rp-next]").click()
        page.wait_for_function("window.got.some(m => m.frame === 0 && m.type === 'move')", timeout=60_000)
        page.wait_for_timeout(1000)
        assert {m["frame"] for m in page.evaluate("window.got")} == {0}
    finally:
        context.close()
        host.shutdown()
