"""One renderer per game: view (+ local UI selection) -> one SVG string."""

from __future__ import annotations

from importlib import import_module

_MODULES = {"lost-cities": "render.lost_cities", "lost-cities-board": "render.lost_cities_board"}


def renderer(game_id: str):
    return import_module(_MODULES[game_id])


def has_renderer(game_id: str) -> bool:
    return game_id in _MODULES
