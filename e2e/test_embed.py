"""embed.html on a rules page: three embeds render and respond; the runtime comes from the service worker."""

from __future__ import annotations

from .conftest import BOOT_TIMEOUT, Watch

EMBEDS = ("embed-position", "embed-replay", "embed-live")
BIG = ("pyodide.asm.wasm", "python_stdlib.zip")


def events(page) -> str:
    return page.inner_text("[data-testid=events]")


def wait_event(page, text: str) -> None:
    page.wait_for_function(f"document.querySelector('[data-testid=events]').textContent.includes({text!r})",
                           timeout=60_000)


def test_rules_page_with_three_embeds(browser, site):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    watch = Watch(page, site.rstrip("/"))
    big = []
    page.on("response", lambda r: big.append((r.frame.name, r.from_service_worker))
            if r.url.endswith(BIG) else None)
    page.goto(site + "rules-example.html")
    frames = {fid: page.frame_locator(f"#{fid}") for fid in EMBEDS}
    for frame in frames.values():
        frame.locator("#board svg.board").wait_for(timeout=BOOT_TIMEOUT)
    for fid in ("position", "replay", "live"):
        wait_event(page, f"{fid}: ready")
    # Every embed got the big runtime files from the service worker's one shared cache.
    assert len(big) == 2 * len(EMBEDS) and all(from_sw for _frame, from_sw in big), big

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
        f.src = "data:text/html,<script>parent.frames[1].postMessage({type:'step',to:3},'*')</scr" + "ipt>";
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
