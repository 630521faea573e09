"""Site start-time measurements for `python build.py bench` (measurements, not pass/fail tests).

    from tests.bench_web import measure_start
    measure_start("http://127.0.0.1:8000/")   # the built site, served (any sub-path)

Cold start = first visit (empty caches); warm start = a later visit served by the service worker
(goal: interactive within 1 s on localhost); embed start = embed.html showing a position, warm.
Times are from navigation start to the first interactive screen (performance.now() in the page).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM_GOAL_S = 1.0
HOME = "[data-testid=new-lost-cities]"


def _sample_record() -> str:
    """A short Lost Cities record, encoded as embed.html expects."""
    sys.path.insert(0, str(ROOT / "web"))
    sys.path.insert(0, str(ROOT))
    import records

    from py_engine import get_game
    from py_engine.core import Rng

    state = get_game("lost-cities").new(players=2, seed=1, options={"rounds": 1})
    rng = Rng(1)
    for _ in range(20):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return records.encode(state.record.to_json())  # the full record: an export of an unfinished game has no deal


def _ready_ms(page, selector: str, timeout: float) -> float:
    page.wait_for_selector(selector, timeout=timeout)
    return page.evaluate("performance.now()")


def _bytes(page) -> int:
    return page.evaluate("""() => performance.getEntriesByType('navigation').concat(
        performance.getEntriesByType('resource')).reduce((n, e) => n + (e.transferSize || 0), 0)""")


def measure_start(dist_url: str, runs: int = 3, timeout_ms: float = 180_000) -> dict:
    """Cold, warm (service worker) and embed start times of the site at `dist_url` (ends with /)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from e2e.conftest import launch

    base = dist_url if dist_url.endswith("/") else dist_url + "/"
    embed = f"{base}embed.html?mode=position&record={_sample_record()}&seat=0"
    with sync_playwright() as p:
        browser = launch(p)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(base)
            cold = _ready_ms(page, HOME, timeout_ms)
            cold_bytes = _bytes(page)
            page.evaluate("window.explorersControlled(60000)")
            warm, warm_bytes = [], []
            for _ in range(runs):
                page.goto(base)
                warm.append(_ready_ms(page, HOME, timeout_ms))
                warm_bytes.append(_bytes(page))
            embeds = []
            for _ in range(runs):
                page.goto(embed)
                embeds.append(_ready_ms(page, "#board svg.board", timeout_ms))
            context.close()
        finally:
            browser.close()
    best = min(warm) / 1000
    return {
        "cold_start_s": round(cold / 1000, 3),
        "cold_bytes": cold_bytes,
        "warm_start_s": round(best, 3),
        "warm_start_runs_s": [round(t / 1000, 3) for t in warm],
        "warm_bytes_from_network": min(warm_bytes),
        "warm_goal_s": WARM_GOAL_S,
        "warm_goal_met": best <= WARM_GOAL_S,
        "embed_start_s": round(min(embeds) / 1000, 3),
        "embed_start_runs_s": [round(t / 1000, 3) for t in embeds],
    }


if __name__ == "__main__":  # python tests/bench_web.py [url]: serve dist/ and measure
    import json
    import threading

    sys.path.insert(0, str(ROOT))
    import build

    if len(sys.argv) > 1:
        print(json.dumps(measure_start(sys.argv[1]), indent=1))
    else:
        server = build.make_server(0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            print(json.dumps(measure_start(f"http://127.0.0.1:{server.server_address[1]}/"), indent=1))
        finally:
            server.shutdown()
