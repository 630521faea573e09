"""Explorers' Table rules engines: `GAMES` (id -> Game) and `get_game(id)`, from `games.ABOUT`.

A game's package is imported the first time its `Game` is asked for, not with this package: the page starts
without any game's rules (they come in packs of their own, web/packs.py), and `id in GAMES` or iterating
over the ids imports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from .core import Game
from .games import ABOUT, package_of


class Games(Mapping[str, Game]):
    """id -> Game in home-page order, each game's package imported on first use."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            if game_id not in self:
                raise KeyError(game_id)
            game = import_module(f"{__name__}.games.{package_of(game_id)}").GAME
            self._games[game_id] = game
        return game

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and game_id in ABOUT

    def __iter__(self) -> Iterator[str]:
        return iter(ABOUT)

    def __len__(self) -> int:
        return len(ABOUT)


GAMES: Mapping[str, Game] = Games()

__version__ = "0.1.0"


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {sorted(GAMES)}") from None


__all__ = ["GAMES", "get_game", "__version__"]
