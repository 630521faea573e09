"""Explorers' Table rules engines: `GAMES` (id -> Game) and `get_game(id)`, from `games.ABOUT`.

A game's package is imported the first time its `Game` is asked for, not with this package: the page starts
without any game's rules (they come in packs of their own, web/packs.py), and `id in GAMES` or iterating
over the ids imports nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from importlib import import_module

from .core import Game
from .games import ABOUT, package_of


class Games(MutableMapping[str, Game]):
    """id -> Game in home-page order, each game's package imported on first use. A game may also be added under
    an id of its own (a test's toy game); it comes after the registered ones."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}
        self._added: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if not isinstance(game_id, str):
            raise KeyError(game_id)
        game = self._added.get(game_id) or self._games.get(game_id)
        if game is None:
            if game_id not in ABOUT:
                raise KeyError(game_id)
            game = self._games[game_id] = import_module(f"{__name__}.games.{package_of(game_id)}").GAME
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._added[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._added[game_id]

    def __contains__(self, game_id: object) -> bool:
        return isinstance(game_id, str) and (game_id in ABOUT or game_id in self._added)

    def __iter__(self) -> Iterator[str]:
        yield from ABOUT
        yield from (g for g in self._added if g not in ABOUT)

    def __len__(self) -> int:
        return len(ABOUT) + sum(g not in ABOUT for g in self._added)


GAMES: Mapping[str, Game] = Games()

__version__ = "0.1.0"


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {sorted(GAMES)}") from None


__all__ = ["GAMES", "get_game", "__version__"]
