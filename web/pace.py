"""Bot pacing: a bot's whole turn (every decision it makes until another seat must act) fits a time budget.

The budget is paced per turn, not per move: routine moves (the only legal action, or one the game's `quick`
hook names: roll, end the turn, pass, keep) are shown without a pause; every other move stays on screen for
a share of the turn's budget (SHOW_SHARE, spread over the moves a turn of this game is expected to show,
within SHOW_MIN..SHOW_MAX seconds, and never past the end of the turn's budget), and the search gets what is
left of the budget, spread over the decisions still expected in the turn (thinkers' `limit`,
py_engine/bots/base.py), less the time drawing the table takes (learnt, like the length of a turn, from the
turns played on this page). The last move of a turn before a person's needs no pause: it stays marked as one
of the moves since that person's last. The bot speed (fast / normal / slow) scales the pauses, as Board Game
Arena's animation speed does; the search budget does not change with it. Each finished turn is a User Timing
measure "explorers:bot-turn" (tests/bench_bots_web.py reads them).
"""

from __future__ import annotations

import time

try:  # the page's User Timing (web/dom.py); CPython tests have no browser
    import dom
except ImportError:
    dom = None

SPEEDS: dict[str, float] = {"fast": 0.4, "normal": 1.0, "slow": 2.0}  # factor on the pauses
DEFAULT_SPEED = "normal"
SPEED_KEY = "explorers.botSpeed"  # this device's choice (localStorage, like the language)
TURN_SECONDS: dict[str, float] = {"catan-ck": 2.0}  # a bot's whole turn at normal speed, where not the default
DEFAULT_TURN_SECONDS = 1.5
SHOW_SHARE = 0.4  # of the turn budget spent showing moves; the rest is thinking
SHOW_MIN, SHOW_MAX = 0.1, 0.45  # seconds a move stays shown at normal speed
AIM = 0.85  # share of the budget a turn is planned to fill: the rest absorbs misjudged turn lengths and drawing
THINK_MIN = 0.03  # seconds of search a decision always gets when its turn has overrun
# per turn, before this page saw one: decisions, shown moves, and seconds per decision spent neither thinking
# nor pausing (drawing the table, saving it, the engine's own work)
FIRST_GUESS = (4.0, 2.0, 0.03)
MEASURE = "explorers:bot-turn"


def speed_name(value: object) -> str:
    """A known speed name (anything else, e.g. a corrupt stored value, reads as normal)."""
    return value if isinstance(value, str) and value in SPEEDS else DEFAULT_SPEED


class TurnPacer:
    """Budgets and pauses for bot turns on one page; learns how many decisions and shown moves a turn of each
    game takes (running averages), so the budget of a turn is split over the decisions it will probably make."""

    def __init__(self, speed: object = DEFAULT_SPEED) -> None:
        self.speed = speed_name(speed)
        self.turn: dict | None = None  # the open turn
        self.turns = 0  # turns finished on this page
        self.quiet = False  # the last move was routine and the same bot moves next: drawn with its next move
        self.expect: dict[str, list[float]] = {}  # game id -> FIRST_GUESS as learnt

    def budget(self, game_id: str) -> float:
        return TURN_SECONDS.get(game_id, DEFAULT_TURN_SECONDS)

    def _show(self, game_id: str) -> float:
        """Seconds at normal speed for the next move shown in the open turn (or a new one): what is left of the
        turn's share for showing, over the moves it is still expected to show, within SHOW_MIN..SHOW_MAX. The
        share is SHOW_SHARE of the budget, less what drawing the turn's decisions (and their shortest search)
        would leave short of it: on a slow or loaded machine the pauses shrink before the turn grows."""
        t = self.turn if self.turn is not None and self.turn["game"] == game_id else None
        decisions, shown, other = self.expect.get(game_id, FIRST_GUESS)
        budget = self.budget(game_id)
        share = min(budget * SHOW_SHARE, AIM * budget - (other + THINK_MIN) * decisions)
        spent = t["pause"] / SPEEDS[self.speed] if t else 0.0
        left = max(1.0, shown - (t["shown"] if t else 0))
        return min(SHOW_MAX, max(SHOW_MIN, (share - spent) / left))

    def show_seconds(self, game_id: str) -> float:
        """How long the next move that is not routine stays shown before the bot goes on, at this speed."""
        return self._show(game_id) * SPEEDS[self.speed]

    def begin(self, game_id: str, seat: int, level: int, moves: int) -> float:
        """A bot decision starts (`moves` made so far): the seconds its search may take. It continues the open
        turn when the same seat made the last move; otherwise that turn is over and a new one begins."""
        t = self.turn
        if t is None or (t["game"], t["seat"], t["moves"]) != (game_id, seat, moves):
            self.close()
            t = self.turn = {"game": game_id, "seat": seat, "level": level, "moves": moves,
                             "began": time.perf_counter(), "decisions": 0, "shown": 0, "searched": 0,
                             "think": 0.0, "pause": 0.0}
        decisions, shown, other = self.expect.get(game_id, FIRST_GUESS)
        show = self._show(game_id)
        to_come = max(1.0, decisions - t["decisions"])
        left = (AIM * self.budget(game_id) - (time.perf_counter() - t["began"])
                - show * max(0.0, shown - t["shown"]) - other * to_come)  # pauses (at normal speed), drawing
        return max(THINK_MIN, left / to_come)

    def left(self, t: dict) -> float:
        """Seconds left of turn `t`'s budget at this speed (the pauses' share scaled as the speed scales them): a
        shown move pauses no longer, so a turn that ran long (slow drawing, a loaded machine, more moves than
        expected) ends as soon as its remaining moves are drawn."""
        budget = self.budget(t["game"]) * (1.0 + SHOW_SHARE * (SPEEDS[self.speed] - 1.0))
        return max(0.0, budget - (time.perf_counter() - t["began"]))

    def played(self, quick: bool, next_bot: int | None, moves: int, thought: float, searched: bool) -> float:
        """The decision of the open turn was played (`moves` made now): the seconds to show it before the next
        decision. Routine moves get none, nor the last move before a person's turn (it stays marked)."""
        t = self.turn
        self.quiet = quick and t is not None and next_bot == t["seat"]
        if t is None:
            return 0.0
        pause = 0.0 if quick or next_bot is None else min(self.show_seconds(t["game"]), self.left(t))
        t["decisions"] += 1
        t["shown"] += not quick
        t["searched"] += searched
        t["think"] += thought
        t["moves"] = moves
        t["pause"] += pause
        return pause

    def close(self) -> None:
        """The open turn is over: learn its length and publish its measure."""
        t, self.turn = self.turn, None
        if t is None or not t["decisions"]:
            return
        old = self.expect.get(t["game"])
        wall = time.perf_counter() - t["began"]
        now = (float(t["decisions"]), float(t["shown"]),
               max(0.0, wall - t["think"] - t["pause"]) / t["decisions"])
        self.expect[t["game"]] = list(now) if old is None else [0.7 * o + 0.3 * n for o, n in zip(old, now)]
        self.turns += 1
        if dom is not None:
            dom.measure(MEASURE, wall * 1000.0,
                        {"game": t["game"], "seat": t["seat"], "level": t["level"], "speed": self.speed,
                         "decisions": t["decisions"], "shown": t["shown"], "searched": t["searched"],
                         "think_ms": round(t["think"] * 1e3, 1), "pause_ms": round(t["pause"] * 1e3, 1)})
