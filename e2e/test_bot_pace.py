"""Bot pacing in the real app (web/pace.py): a bot's turn is paced as a whole, routine moves get no pause,
and the bot speed setting is remembered on this device.

Wall-clock bounds are generous (a loaded CI machine must not fail them); the pacing itself is checked from
the page's User Timing measures: "explorers:bot-pause" (one per move shown: how long it stayed, whether it was
routine, the planned pause) and "explorers:bot-turn" (one per finished bot turn)."""

from __future__ import annotations

import sys
from pathlib import Path

from .helpers import TURN_TIMEOUT, choose, choose_setting, setting

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import pace  # noqa: E402

_MEASURES = """name => performance.getEntriesByName(name, 'measure').map(m => ({
    start: m.startTime, wall_ms: m.duration, ...(m.detail || {})}))"""


def _set_speed(page, speed: str) -> None:
    choose_setting(page, "bot-speed", speed)


def test_bot_speed_is_remembered_across_a_reload(app):
    page, watch = app
    assert setting(page, "bot-speed") == "normal"
    _set_speed(page, "slow")
    page.reload()
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=TURN_TIMEOUT)
    assert setting(page, "bot-speed") == "slow"
    _set_speed(page, "fast")
    page.reload()
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=TURN_TIMEOUT)
    assert setting(page, "bot-speed") == "fast"
    watch.assert_clean()


def test_catan_bot_turns_at_fast_speed_pause_only_for_moves_worth_showing(app):
    """Catan, 3 level-1 bots at the fast speed: rolls and ends of turn (and single-choice moves) stay on
    screen for no pause at all, every other move for at most the fast speed's longest pause, and whole turns
    finish well within a generous bound."""
    page, watch = app
    _set_speed(page, "fast")
    page.click("[data-testid=new-catan-ck]")
    page.wait_for_selector("[data-testid=seat-0]")
    for seat in range(page.locator("select[data-testid^=seat-]").count()):
        choose(page, f"[data-testid=seat-{seat}]", "Bot — level 1 (easy)")
    page.click("[data-testid=start]")
    page.wait_for_function("""() => performance.getEntriesByName('explorers:bot-pause', 'measure')
                                  .filter(m => m.detail.quick && m.detail.game === 'catan-ck').length >= 3
                              && performance.getEntriesByName('explorers:bot-turn', 'measure').length >= 8""",
                           timeout=180_000)
    shown = [m for m in page.evaluate(_MEASURES, "explorers:bot-pause") if m["game"] == "catan-ck"]
    turns = [m for m in page.evaluate(_MEASURES, "explorers:bot-turn") if m["game"] == "catan-ck"]
    quick = [m for m in shown if m["quick"]]
    longest = pace.SHOW_MAX * pace.SPEEDS["fast"] * 1000
    assert quick and all(m["planned_ms"] == 0 and m["wall_ms"] < 1 for m in quick), quick
    assert all(m["planned_ms"] <= longest + 0.1 for m in shown), shown
    assert all(t["speed"] == "fast" and t["pause_ms"] <= t["wall_ms"] for t in turns), turns
    assert all(t["pause_ms"] <= longest * t["shown"] + 0.1 for t in turns), turns
    assert max(t["wall_ms"] for t in turns) < 20_000, turns  # today's goal is 2 s: a loaded machine gets 10x
    watch.assert_clean()
