"""Bot move times in the real app in Chromium, for `python build.py bench` (measurements, not pass/fail tests).

    from tests.bench_bots_web import measure_bot_moves
    measure_bot_moves("http://127.0.0.1:8000/")   # the built site, served

The issue's goal: the search bot's 1 s cap holds in the browser too. Each game is set up with every seat a
bot of `level` and played until `moves` bot decisions were made; the page publishes each decision as a
User Timing measure "explorers:bot-move" (web/session.py `LocalTable.think`, via web/dom.py `measure`):
its duration is the wall-clock time from the start of the decision to its result, the yields to the
browser between thinking slices included; its detail's think_ms is the thinking time inside the slices
(what the cap counts) and its rollouts how many the search ran (0 when one move was obvious: those
decisions are also summarised apart, under "searched"). Long tasks (> 50 ms without a yield) seen
meanwhile tell whether the page stayed responsive while bots thought.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.conftest import launch  # noqa: E402
from tests.bench_web import HOME, _load  # noqa: E402

CAP_S = 1.0  # py_engine/bots/search.py LEVELS: the wall-clock cap of a level-2/3 move
GAMES = ("lost-cities", "lost-cities-board", "catan-ck")
MEASURE = "explorers:bot-move"

# Long tasks (main thread busy > 50 ms in one go), kept from the page's start.
LONG_TASKS = """(() => {
  globalThis.__explorersLong = [];
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) globalThis.__explorersLong.push([e.startTime, e.duration]);
    }).observe({type: 'longtask', buffered: true});
  } catch (e) {}
})();"""

_DECISIONS = """name => performance.getEntriesByName(name, 'measure').map(m => ({
    start: m.startTime, wall_ms: m.duration, ...(m.detail || {})}))"""

# What the page is waiting for: enough decisions, or a screen only a click gets past.
_WAIT = """([name, n]) => performance.getEntriesByName(name, 'measure').length >= n
    || !!document.querySelector('[data-testid=next-round],[data-testid=new-game],[data-testid=start]')"""


def _percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _summary(decisions: list[dict]) -> dict | None:
    if not decisions:
        return None
    wall = [d["wall_ms"] / 1000 for d in decisions]
    think = [d.get("think_ms", 0.0) / 1000 for d in decisions]
    r = lambda v: round(v, 3)  # noqa: E731
    return {
        "decisions": len(decisions),
        "wall_s": {"mean": r(sum(wall) / len(wall)), "p95": r(_percentile(wall, 95)), "max": r(max(wall))},
        "think_s": {"mean": r(sum(think) / len(think)), "p95": r(_percentile(think, 95)), "max": r(max(think))},
        "yield_overhead_s_mean": r(sum(w - t for w, t in zip(wall, think)) / len(wall)),  # time given to the browser
        "slices_mean": round(sum(d.get("slices", 0) for d in decisions) / len(decisions), 1),
        "rollouts_mean": round(sum(d.get("rollouts") or 0 for d in decisions) / len(decisions), 1),
        "over_cap": sum(w > CAP_S for w in wall),
        "goal_met": max(wall) <= CAP_S,
    }


def _play(page, game: str, level: int, moves: int, timeout_s: float) -> dict:
    """Set up `game` with every seat a level-`level` bot and wait for `moves` bot decisions."""
    page.click(f"[data-testid=new-{game}]")
    page.wait_for_selector("[data-testid=seat-0]")
    seats = page.locator("select[data-testid^=seat-]").count()
    for i in range(seats):
        page.select_option(f"[data-testid=seat-{i}]", f"bot{level}")
    errors: list[str] = []  # an exception in the bot loop stops the bots: reported at once, not as a timeout
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    began = time.monotonic()
    page.click("[data-testid=start]")
    restarts = 0
    while True:
        left = timeout_s - (time.monotonic() - began)
        if errors:
            last = [line for line in "\n".join(errors).splitlines() if line.strip()][-1]
            raise RuntimeError(f"{game}: the page failed after {len(page.evaluate(_DECISIONS, MEASURE))} "
                               f"bot decisions: {last}")
        if left <= 0:
            raise TimeoutError(f"{game}: fewer than {moves} bot decisions in {timeout_s:.0f} s")
        try:
            page.wait_for_function(_WAIT, arg=[MEASURE, moves], timeout=min(left, 5.0) * 1000)
        except PlaywrightTimeout:
            continue
        if len(page.evaluate(_DECISIONS, MEASURE)) >= moves:
            break
        for testid in ("next-round", "new-game", "start"):  # a round or the game ended (every seat a bot)
            button = page.locator(f"[data-testid={testid}]")
            if button.count():
                restarts += testid != "next-round"
                button.first.click()
                page.wait_for_selector(f"[data-testid={testid}]", state="detached", timeout=30_000)
                break
    decisions = [d for d in page.evaluate(_DECISIONS, MEASURE) if d.get("game") == game][:moves]
    first, end = decisions[0]["start"], decisions[-1]["start"] + decisions[-1]["wall_ms"]
    long_tasks = [t for t in page.evaluate("globalThis.__explorersLong || []") if first <= t[0] <= end]
    out = _summary(decisions)
    out.update({
        # the decisions the search thought about (more than one move worth comparing): the cap's real test
        "searched": _summary([d for d in decisions if d.get("rollouts")]),
        "seats": seats,
        "levels": sorted({d.get("level") for d in decisions}),
        "first_wall_s": round(decisions[0]["wall_ms"] / 1000, 3),
        "wall_runs_s": [round(d["wall_ms"] / 1000, 3) for d in decisions],
        "think_runs_s": [round(d.get("think_ms", 0.0) / 1000, 3) for d in decisions],
        "long_tasks": len(long_tasks),
        "longest_task_s": round(max((t[1] for t in long_tasks), default=0.0) / 1000, 3),
        "new_games": restarts,
    })
    return out


def measure_bot_moves(dist_url: str, moves: int = 12, games: tuple[str, ...] = GAMES, level: int = 3,
                      timeout_ms: float = 180_000) -> dict:
    """Wall and thinking seconds per bot decision (mean / p95 / max) of level-`level` bots playing each other
    in the site at `dist_url`, `moves` decisions per game in `games` (each in a fresh page), with the load
    average before and after. A game that cannot be measured reports {"error": ...}."""

    base = dist_url if dist_url.endswith("/") else dist_url + "/"
    report: dict = {"load_average": {"before": _load()}, "level": level, "moves": moves, "cap_s": CAP_S}
    with sync_playwright() as p:
        browser = launch(p)
        try:
            for game in games:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                try:
                    context.add_init_script(LONG_TASKS)
                    page = context.new_page()
                    page.goto(base)
                    page.wait_for_selector(HOME, timeout=timeout_ms)
                    report[game] = _play(page, game, level, moves, timeout_ms / 1000)
                except Exception as exc:  # one game that cannot run does not lose the others
                    report[game] = {"error": f"{type(exc).__name__}: {exc}"}
                finally:
                    context.close()
        finally:
            browser.close()
    report["load_average"]["after"] = _load()
    return report


if __name__ == "__main__":  # python tests/bench_bots_web.py [url]: serve the dist (EXPLORERS_DIST) and measure
    import json

    if len(sys.argv) > 1:
        print(json.dumps(measure_bot_moves(sys.argv[1]), indent=1))
    else:
        from e2e.conftest import serve

        server, url = serve()
        try:
            print(json.dumps(measure_bot_moves(url), indent=1))
        finally:
            server.shutdown()
