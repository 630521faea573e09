"""The games of the product, in home-page order: the one list every registry is derived from.

A game is one package here (see DESIGN.md): its `__init__` exports `GAME` (a `py_engine.core.Game`),
and its optional `heuristic` module exports `HEURISTICS` (a `py_engine.bots.Heuristics`) for the bots.
The browser finds the game's renderer as `web/render/<package>.py`. Adding a game = its package plus
one line in PACKAGES (plus the renderer module); nothing else names a game id.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

PACKAGES: tuple[str, ...] = (
    "lost_cities",
    "lost_cities_board",
    "arnak",
    "catan_ck",
    "islands",
)


def load_games() -> list[Any]:
    """The `GAME` of every package, in PACKAGES order."""
    return [import_module(f"{__name__}.{name}").GAME for name in PACKAGES]


def package_of(game_id: str) -> str:
    """The package name of a registered game id (ids use '-', packages '_')."""
    name = game_id.replace("-", "_")
    if name not in PACKAGES:
        raise KeyError(f"unknown game {game_id!r}")
    return name
