"""Bots for every registered game: random, greedy (one-ply heuristic), search (determinized flat Monte Carlo)
and ismcts (single-observer information-set MCTS).

    bot = make_bot("search", game_id="lost-cities", level=2, seed=1)
    action = bot.choose(state, seat)            # or, without blocking:
    thinker = bot.start(state, seat)
    while not thinker.step(20): ...             # each step returns within about max_ms
    action = thinker.result()
"""

from __future__ import annotations

from .base import Bot, GreedyBot, RandomBot, Thinker
from .heuristics import Heuristics, get_heuristics
from .ismcts import ISMCTSBot
from .search import LEVELS, Budget, SearchBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot, "ismcts": ISMCTSBot}
BUDGETED = frozenset({"search", "ismcts"})  # bots that take a `budget` (a Budget overriding their level's)


def make_bot(name: str, game_id: str, level: int = 2, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A bot by name (a key of BOTS) for one game; `level` 1–3 sets the search budget, `budget` (search bots
    only) replaces it."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {sorted(BOTS)}") from None
    if budget is None:
        return cls(game_id, level=level, seed=seed)
    if name not in BUDGETED:
        raise ValueError(f"bot {name!r} takes no think budget")
    return cls(game_id, level=level, seed=seed, budget=budget)  # type: ignore[call-arg]


__all__ = ["BOTS", "BUDGETED", "LEVELS", "Bot", "Budget", "GreedyBot", "Heuristics", "ISMCTSBot", "RandomBot",
           "SearchBot", "Thinker", "get_heuristics", "make_bot"]
