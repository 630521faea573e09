"""The games of the product, in home-page order: the one list every registry is derived from.

A game is one package here (see DESIGN.md): its `__init__` exports `GAME` (a `py_engine.core.Game`),
and its optional `heuristic` module exports `HEURISTICS` (a `py_engine.bots.Heuristics`) for the bots.
The browser finds the game's renderer as `web/render/<package>.py`. Adding a game = its package plus
one line in ABOUT (plus the renderer module); nothing else names a game id.

ABOUT is what is known of a game without importing its package: the site ships each game's package and
renderer as a pack of its own, fetched after the home page is up (web/packs.py), and the home page, the
saved-games list and invites show these words meanwhile. tests/test_registry.py checks them against GAME.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class About:
    """A game's title and player counts (as its GAME has them), the home page's one-line description, and
    whether its package declares zones for the position editor (a `zones` module)."""

    title: str
    min_players: int
    max_players: int
    blurb: str
    editor: bool = True


ABOUT: dict[str, About] = {  # game id -> About, in home-page order
    "lost-cities": About("Lost Cities", 2, 2,
                         "Knizia's card duel: risk expeditions, wager on them, and beat the −20 cost."),
    "lost-cities-board": About("Lost Cities: The Board Game", 2, 4,
                               "Race explorers up five paths, grab artifacts and cross the bridges."),
    "arnak": About("Lost Ruins of Arnak", 1, 4, "Deck-building and worker placement on a jungle island: dig, "
                   "discover, research, reach the temple."),
    "catan-ck": About("Catan: Cities & Knights", 3, 4,
                      "Trade, build and knight your way to 13 points before the barbarians burn your cities."),
    "islands": About("Islands in the Mist", 2, 4,
                     "Fly a balloon over your misty island, reveal its terrain and link all six coasts."),
}

PACKAGES: tuple[str, ...] = tuple(game_id.replace("-", "_") for game_id in ABOUT)


def load_games() -> list[Any]:
    """The `GAME` of every package, in PACKAGES order."""
    return [import_module(f"{__name__}.{name}").GAME for name in PACKAGES]


def package_of(game_id: str) -> str:
    """The package name of a registered game id (ids use '-', packages '_')."""
    name = game_id.replace("-", "_")
    if name not in PACKAGES:
        raise KeyError(f"unknown game {game_id!r}")
    return name
