"""Bots for every registered game: random, greedy (one-ply heuristic) and search (ISMCTS).

    bot = make_bot("search", game_id="lost-cities", level=2, seed=1)
    action = bot.choose(state, seat)            # or, without blocking:
    thinker = bot.start(state, seat)
    while not thinker.step(20): ...             # each step returns within about max_ms
    action = thinker.result()
"""

from __future__ import annotations

from .base import Bot, GreedyBot, RandomBot, Thinker
from .heuristics import Heuristics, get_heuristics
from .search import LEVELS, Budget, SearchBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(name: str, game_id: str, level: int = 2, seed: int = 0) -> Bot:
    """A bot by name (a key of BOTS) for one game; `level` 1–3 sets the search budget."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {sorted(BOTS)}") from None
    return cls(game_id, level=level, seed=seed)


__all__ = ["BOTS", "LEVELS", "Bot", "Budget", "GreedyBot", "Heuristics", "RandomBot", "SearchBot", "Thinker",
           "get_heuristics", "make_bot"]
