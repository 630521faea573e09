"""One renderer per game: view (+ local UI selection) -> one SVG string.

A game's renderer is the package named like its engine package (`py_engine.games.PACKAGES`): e.g.
`lost-cities-board` -> `render/lost_cities_board/__init__.py`. It exports `render` and `score_sheet`; the
home page's one-line description is the game's `py_engine.games.ABOUT` blurb."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from py_engine.games import package_of


def renderer(game_id: str) -> ModuleType:
    return import_module(f"render.{package_of(game_id)}")


def has_renderer(game_id: str) -> bool:
    try:
        renderer(game_id)
    except (KeyError, ModuleNotFoundError):
        return False
    return True
