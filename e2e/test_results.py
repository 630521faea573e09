"""Issue 21, results that tell the truth: Arnak solo lost to the rival (13 against 49). The dialog used to say
"You wins!" above a score sheet saying the rival won; now both come from the engine's result."""

from __future__ import annotations

import base64
import json
import zlib

from py_engine import get_game
from py_engine.core import Rng

from .helpers import TURN_TIMEOUT


def solo_lost() -> dict:
    """Arnak solo, random moves (seed 1, drawn by event as every new game): 13 points against the rival's 49; the
    last move is the only one legal then, a pass."""
    state = get_game("arnak").new(players=1, seed=1, options={"rival": 1})
    rng = Rng(1)
    while not state.is_over():
        state.apply(0, rng.choice(state.legal_actions(0)))
    assert state.result() == {"scores": [13], "ranks": [1], "winners": [0], "rival": 49, "beat_rival": False}
    return dict(state.record.to_json(), names=["You"], seats=[{"kind": "human"}])


def test_solo_game_lost_to_the_rival(app):
    page, watch = app
    done = solo_lost()
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(done).encode(), 9)).decode().rstrip("=")
    page.goto(page.url.split("#")[0] + "#record=" + code)
    page.wait_for_selector("[data-testid=replay-board]")
    page.click("[data-testid=rp-last]")
    page.click("[data-testid=rp-back]")
    page.click("[data-testid=play-from-here]")
    page.locator("""[data-act='["pass"]']""").first.click(timeout=TURN_TIMEOUT)
    page.wait_for_selector("[data-testid=result-head]", timeout=TURN_TIMEOUT)
    assert page.inner_text("[data-testid=result-head]") == "The rival wins!"
    assert page.inner_text("[data-testid=final-rival]") == "49"
    assert page.inner_text("[data-testid=final-0]") == "13"
    ranks = page.locator(".modal table.result tr td:first-child").all_inner_texts()
    assert ranks == ["1", "2"]
    dialog = page.inner_text(".modal[role=dialog]")
    assert "You win" not in dialog and "You wins" not in dialog
    assert "The rival wins (you need strictly more points)." in dialog
    assert page.locator("[data-testid^=round-][data-testid$=-rival]").count() == 5  # Rival column per round
    watch.assert_clean()
