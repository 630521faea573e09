"""Explorers' Table rules engines: `GAMES` (id -> Game) and `get_game(id)`, from `games.PACKAGES`."""

from __future__ import annotations

from .core import Game
from .games import load_games

GAMES: dict[str, Game] = {g.id: g for g in load_games()}

__version__ = "0.1.0"


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {sorted(GAMES)}") from None


__all__ = ["GAMES", "get_game", "__version__"]
