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

`measure_bot_turns` reports whole bot turns (issues 22-24: a bot's turn, every decision until another seat
must act, within the page's turn budget at the default speed): the page's TurnPacer (web/pace.py) publishes
each finished turn as a measure "explorers:bot-turn" lasting from the turn's first decision to the next
turn's, its thinking, pauses and redraws included (every seat a bot, so each turn's last move is shown
too); per game and level the median and max turn seconds, with the decisions, thinking and pauses in them.
"""

from __future__ import annotations

import math
import statistics
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

sys.path.insert(0, str(ROOT / "web"))
import pace  # noqa: E402

CAP_S = 1.0  # py_engine/bots/search.py LEVELS: the wall-clock cap of a level-2/3 move
GAMES = ("lost-cities", "lost-cities-board", "catan-ck")
MEASURE = "explorers:bot-move"
TURN_MEASURE = pace.MEASURE  # "explorers:bot-turn"
TURN_GAMES = ("arnak", "catan-ck", "islands")

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


def _play(page, game: str, level: int, moves: int, timeout_s: float,
          measure: str = MEASURE) -> tuple[list[dict], dict]:
    """Set up `game` with every seat a level-`level` bot and wait for `moves` User Timing measures `measure`
    (bot decisions, or bot turns) of that game; returns them, and the seats and new games started."""
    page.click(f"[data-testid=new-{game}]")
    page.wait_for_selector("[data-testid=seat-0]")
    count = page.locator("[data-testid=player-count]")
    if count.count() and count.input_value() == "1":  # a solo game has no turns to tell apart: two players
        count.select_option("2")
        page.wait_for_selector("[data-testid=seat-1]")
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
            raise RuntimeError(f"{game}: the page failed after {len(page.evaluate(_DECISIONS, measure))} "
                               f"{measure} measures: {last}")
        if left <= 0:
            raise TimeoutError(f"{game}: fewer than {moves} {measure} measures in {timeout_s:.0f} s")
        try:
            page.wait_for_function(_WAIT, arg=[measure, moves], timeout=min(left, 5.0) * 1000)
        except PlaywrightTimeout:
            continue
        if len(page.evaluate(_DECISIONS, measure)) >= moves:
            break
        for testid in ("next-round", "new-game", "start"):  # a round or the game ended (every seat a bot)
            button = page.locator(f"[data-testid={testid}]")
            if button.count():
                restarts += testid != "next-round"
                button.first.click()
                page.wait_for_selector(f"[data-testid={testid}]", state="detached", timeout=30_000)
                break
    return ([d for d in page.evaluate(_DECISIONS, measure) if d.get("game") == game][:moves],
            {"seats": seats, "new_games": restarts})


def _decisions(page, game: str, level: int, moves: int, timeout_s: float) -> dict:
    """`_play` for bot decisions, summarised (see measure_bot_moves)."""
    decisions, info = _play(page, game, level, moves, timeout_s)
    first, end = decisions[0]["start"], decisions[-1]["start"] + decisions[-1]["wall_ms"]
    long_tasks = [t for t in page.evaluate("globalThis.__explorersLong || []") if first <= t[0] <= end]
    out = _summary(decisions)
    out.update({
        # the decisions the search thought about (more than one move worth comparing): the cap's real test
        "searched": _summary([d for d in decisions if d.get("rollouts")]),
        "seats": info["seats"],
        "levels": sorted({d.get("level") for d in decisions}),
        "first_wall_s": round(decisions[0]["wall_ms"] / 1000, 3),
        "wall_runs_s": [round(d["wall_ms"] / 1000, 3) for d in decisions],
        "think_runs_s": [round(d.get("think_ms", 0.0) / 1000, 3) for d in decisions],
        "long_tasks": len(long_tasks),
        "longest_task_s": round(max((t[1] for t in long_tasks), default=0.0) / 1000, 3),
        "new_games": info["new_games"],
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
                    report[game] = _decisions(page, game, level, moves, timeout_ms / 1000)
                except Exception as exc:  # one game that cannot run does not lose the others
                    report[game] = {"error": f"{type(exc).__name__}: {exc}"}
                finally:
                    context.close()
        finally:
            browser.close()
    report["load_average"]["after"] = _load()
    return report


def _turn_summary(game: str, turns: list[dict]) -> dict:
    secs = [t["wall_ms"] / 1000 for t in turns]
    goal = pace.TURN_SECONDS.get(game, pace.DEFAULT_TURN_SECONDS)
    r = lambda v: round(v, 3)  # noqa: E731
    return {"turns": len(turns), "median_s": r(statistics.median(secs)), "max_s": r(max(secs)), "goal_s": goal,
            "over_goal": sum(s > goal for s in secs),
            "decisions_median": statistics.median(t.get("decisions", 0) for t in turns),
            "decisions_max": max(t.get("decisions", 0) for t in turns),
            "think_s_median": r(statistics.median(t.get("think_ms", 0.0) for t in turns) / 1000),
            "pause_s_median": r(statistics.median(t.get("pause_ms", 0.0) for t in turns) / 1000),
            "turn_runs_s": [r(s) for s in secs]}


def measure_bot_turns(dist_url: str, turns: int = 10, games: tuple[str, ...] = TURN_GAMES,
                      levels: tuple[int, ...] = (1, 2, 3), timeout_ms: float = 180_000) -> dict:
    """Seconds per whole bot turn (median, max; thinking and pauses) at the default bot speed, of level-N bots
    playing each other in the site at `dist_url`: `turns` turns per game and level, each in a fresh page. The
    first turn of a page is left out (the pacer has not yet learnt how long the game's turns are). A game
    that cannot be measured reports {"error": ...}."""
    base = dist_url if dist_url.endswith("/") else dist_url + "/"
    report: dict = {"load_average": {"before": _load()}, "turns": turns, "speed": pace.DEFAULT_SPEED}
    with sync_playwright() as p:
        browser = launch(p)
        try:
            for game in games:
                for level in levels:
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    try:
                        page = context.new_page()
                        page.goto(base)
                        page.wait_for_selector(HOME, timeout=timeout_ms)
                        measured, info = _play(page, game, level, turns + 1, timeout_ms / 1000, TURN_MEASURE)
                        report.setdefault(game, {})[f"level_{level}"] = dict(_turn_summary(game, measured[1:]),
                                                                             **info)
                    except Exception as exc:  # one game that cannot run does not lose the others
                        report.setdefault(game, {})[f"level_{level}"] = {"error": f"{type(exc).__name__}: {exc}"}
                    finally:
                        context.close()
        finally:
            browser.close()
    report["load_average"]["after"] = _load()
    return report


if __name__ == "__main__":  # python tests/bench_bots_web.py [url]: serve the dist (EXPLORERS_DIST) and measure
    import json

    fn = measure_bot_turns if "turns" in sys.argv[1:] else measure_bot_moves  # [turns]: whole bot turns
    urls = [a for a in sys.argv[1:] if a != "turns"]
    if urls:
        print(json.dumps(fn(urls[0]), indent=1))
    else:
        from e2e.conftest import serve

        server, url = serve()
        try:
            print(json.dumps(fn(url), indent=1))
        finally:
            server.shutdown()
