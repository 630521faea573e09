"""Move latency over the peer-to-peer data channel: a click on one browser -> the board redrawn in
the other browser (two separate Chromium processes on this machine, a real WebRTC connection).

    measure_p2p_latency(dist_url) -> {"host_to_guest": {...}, "guest_to_host": {...}, "all": {...}}

Each entry holds n, p50, p95, mean and max in milliseconds (wall clock, Date.now() in both pages).
`dist_url` is the served site (e.g. http://127.0.0.1:8000/). Run directly to build, serve and print
(`python tests/bench_p2p.py one-link` or `one-link-fair` for `measure_one_link`: the one-link flow's times
with a local relay).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

CLICK_JS = """(sel) => {
  const el = document.querySelector(sel);
  const t = Date.now();
  el.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  return t;
}"""
TIMES_JS = """() => {
  window.__times = [];
  new MutationObserver(() => window.__times.push(Date.now()))
    .observe(document.getElementById('app'), {childList: true});
}"""


def _stats(samples: list[float]) -> dict:
    if not samples:
        return {"n": 0}
    s = sorted(samples)
    pick = lambda q: s[min(len(s) - 1, int(round(q * (len(s) - 1))))]
    return {"n": len(s), "p50": pick(0.5), "p95": pick(0.95), "mean": round(statistics.fmean(s), 1), "max": s[-1]}


def _timed_click(page, other, selector: str) -> float:
    """Milliseconds from dispatching the click on `page` to the first redraw of `other` after it."""
    n0 = other.evaluate("window.__times.length")
    t0 = page.evaluate(CLICK_JS, selector)
    other.wait_for_function("n => window.__times.length > n", arg=n0, timeout=30_000)
    return other.evaluate("n => window.__times[n]", n0) - t0


def measure_p2p_latency(dist_url: str, max_moves: int = 60, executable: str | None = None) -> dict:
    """Play a Lost Cities round (host vs remote guest) by clicks and time every move across the link."""
    from playwright.sync_api import sync_playwright

    import build
    from e2e.p2p import answer_code, host_game, invite_link, launch, open_page, paste_answer, wait_any

    samples: dict[str, list[float]] = {"host_to_guest": [], "guest_to_host": []}
    with sync_playwright() as p:
        hb = launch(p, executable or build.CHROMIUM)
        gb = launch(p, executable or build.CHROMIUM)
        try:
            host, _ = open_page(hb, dist_url)
            guest, _ = open_page(gb, dist_url)
            host_game(host, {1: "Remote player"}, {"rounds": 1})
            guest.goto(invite_link(host, 1))
            paste_answer(host, 1, answer_code(guest))
            guest.wait_for_selector("[data-testid=net-connected]", timeout=30_000)
            pages = [host, guest]
            for page in pages:
                page.evaluate(TIMES_JS)
            moves = 0
            while moves < max_moves:
                who, phase = wait_any(pages)
                if phase in ("over", "round"):
                    break
                page, other = pages[who], pages[1 - who]
                key = "host_to_guest" if who == 0 else "guest_to_host"
                if phase == "play":
                    playable = page.locator('[data-testid=hand-card][data-can-play="1"]')
                    (playable.first if playable.count() else page.locator("[data-testid=hand-card]").first).click()
                    btn = "[data-testid=play-btn]" if playable.count() else "[data-testid=discard-btn]"
                    page.wait_for_selector(btn)
                    samples[key].append(_timed_click(page, other, btn))
                    page.wait_for_selector("[data-testid=deck][data-act]", timeout=30_000)
                samples[key].append(_timed_click(page, other, "[data-testid=deck][data-act]"))
                moves += 1
        finally:
            hb.close()
            gb.close()
    every = samples["host_to_guest"] + samples["guest_to_host"]
    return {"host_to_guest": _stats(samples["host_to_guest"]), "guest_to_host": _stats(samples["guest_to_host"]),
            "all": _stats(every), "unit": "ms"}


PAINTED = ("[data-testid=hand-card]", "[data-testid=net-seat-1][data-state=connected]", "[data-testid=net-connected]")
# In every document: the wall-clock time (ms) of each frame painted with one of PAINTED newly on the page. A
# MutationObserver notes the change. A change made outside a frame callback is painted in the next frame: its
# time is taken in the next requestAnimationFrame callback, just before that frame is painted. A change made in a
# frame callback (the page draws in one: dom.before_paint) is painted in that very frame: its time is taken at
# once (waiting for the next callback would add whatever long task comes after the paint). Playwright's
# wait_for_selector is only the synchronisation: it polls at growing intervals (up to 0.5-1 s), so the time it
# returns at was up to a second after the paint.
PAINT_JS = """(() => {
  const sels = SELECTORS, seen = {}, times = {}, now = () => performance.timeOrigin + performance.now();
  if (window.__painted) return;
  window.__painted = times;
  let inFrame = false;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = cb => raf(t => {
    inFrame = true;  // until the microtasks queued by cb have run (the MutationObserver's among them)
    try { return cb(t); } finally { queueMicrotask(() => { inFrame = false; }); }
  });
  const check = () => {
    for (const s of sels) {
      const has = !!document.querySelector(s);
      if (has && !seen[s]) {
        const note = () => (times[s] = times[s] || []).push(now());
        if (inFrame) note(); else raf(note);
      }
      seen[s] = has;
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();""".replace("SELECTORS", json.dumps(list(PAINTED)))


def painted(page, selector: str, since: float, wait: bool = True) -> float | None:
    """Seconds from `since` (time.time()) to the first frame painted after it with `selector` newly on the page
    (PAINT_JS), once `selector` is on the page; with `wait=False`, None if it has not come again since."""
    page.wait_for_selector(selector, timeout=60_000)
    find = "([sel, ms]) => ((window.__painted || {})[sel] || []).find(t => t >= ms)"
    arg = [selector, since * 1000]
    if not wait:
        page.wait_for_timeout(100)  # the frame after the change
        ms = page.evaluate(find, arg)
        return None if ms is None else ms / 1000 - since
    return page.wait_for_function(find, arg=arg, timeout=10_000).json_value() / 1000 - since


def measure_one_link(dist_url: str, repeats: int = 3, executable: str | None = None, fair: bool = False) -> dict:
    """The one-link flow on this machine with a local relay (e2e/tracker.mjs), two separate Chromium
    processes, settings stored before timing (only the local relay, no STUN): seconds from opening the invite
    link in a fresh page to the host's seat list saying "connected" (the connection made and the seat taken)
    and to the guest's first position on screen (its hand drawn; the click on "Take my seat" is made as soon
    as it shows), from the guest's reload to its hand again, and from the host's reload to
    the guest's hand again with the host's seat list saying "connected". `repeats` tables, each figure's
    samples and best/median. `fair`: a two-seat Lost Cities table dealt by mental poker (the app's default for
    it) instead of a joint deal."""
    from playwright.sync_api import sync_playwright

    import build
    from e2e.p2p import host_game, launch, open_page, relay_settings_js, start_tracker, stop_tracker

    times: dict[str, list[float]] = {"link_to_seated": [], "link_to_first_position": [], "guest_reload_to_playing": [],
                                     "host_reload_to_playing": []}
    proc, relay = start_tracker()
    try:
        with sync_playwright() as p:
            for _ in range(repeats):
                hb = launch(p, executable or build.CHROMIUM)
                gb = launch(p, executable or build.CHROMIUM)
                try:
                    host, _ = open_page(hb, dist_url)
                    guest, _ = open_page(gb, dist_url)
                    for page in (host, guest):
                        page.add_init_script(PAINT_JS)  # each new document; and the one open now
                        page.evaluate(PAINT_JS)
                        page.evaluate(relay_settings_js(relay))
                        page.evaluate(f"localStorage.setItem('explorers.fair-hands', '{str(fair).lower()}')")
                    host_game(host, {1: "Remote player"}, {"rounds": 1})
                    host.wait_for_selector("[data-testid=net-path][data-state=up]", timeout=30_000)
                    link = host.input_value("[data-testid=room-link-1]")
                    guest.goto("about:blank")
                    t0 = time.time()
                    guest.goto(link)
                    guest.click("[data-testid=room-join]", timeout=90_000)
                    times["link_to_seated"].append(painted(host, PAINTED[1], t0))
                    times["link_to_first_position"].append(painted(guest, PAINTED[0], t0))
                    t0 = time.time()
                    guest.reload()
                    times["guest_reload_to_playing"].append(painted(guest, PAINTED[0], t0))
                    t0 = time.time()
                    host.reload()
                    seated = painted(host, PAINTED[1], t0)  # the guest's connection and hand: drawn again if they went
                    again = [painted(guest, sel, t0, wait=False) for sel in (PAINTED[2], PAINTED[0])]
                    times["host_reload_to_playing"].append(max([seated] + [t for t in again if t is not None]))
                finally:
                    hb.close()
                    gb.close()
    finally:
        stop_tracker(proc)
    return {k: {"samples": [round(x, 2) for x in v], "best": round(min(v), 2),
                "median": round(statistics.median(v), 2)} for k, v in times.items()} | {"unit": "s", "goal": 3.0}


def measure_one_link_fair(dist_url: str, repeats: int = 3) -> dict:
    return measure_one_link(dist_url, repeats, fair=True)


if __name__ == "__main__":
    import threading

    import build

    if build.needs_build():
        build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        which = sys.argv[1] if len(sys.argv) > 1 else "latency"
        fn = {"one-link": measure_one_link, "one-link-fair": measure_one_link_fair}.get(which, measure_p2p_latency)
        print(json.dumps(fn(url), indent=1))
    finally:
        server.shutdown()
