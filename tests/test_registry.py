"""A game is one package: the engine registry, the bot heuristics, the renderers and the home-page
catalogue are all derived from `py_engine.games.PACKAGES`."""

from __future__ import annotations

from importlib import import_module

import pytest

from py_engine import GAMES
from py_engine.bots import get_heuristics
from py_engine.bots.heuristics import GENERIC
from py_engine.games import PACKAGES, package_of


def test_registry_is_the_package_list_in_order():
    assert [package_of(g) for g in GAMES] == list(PACKAGES)
    for name in PACKAGES:
        assert import_module(f"py_engine.games.{name}").GAME is GAMES[name.replace("_", "-")]
    with pytest.raises(KeyError):
        package_of("no-such-game")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_heuristics_live_in_the_game_package(game_id):
    heur = get_heuristics(game_id)
    assert heur is import_module(f"py_engine.games.{package_of(game_id)}.heuristic").HEURISTICS
    assert heur is not GENERIC


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_about_is_what_the_package_says(game_id):
    """ABOUT (what the page shows before a game's pack is in) agrees with the game's own package."""
    from importlib.util import find_spec

    from py_engine.games import ABOUT

    about, game = ABOUT[game_id], GAMES[game_id]
    assert (about.title, about.min_players, about.max_players) == (game.title, game.min_players, game.max_players)
    assert about.editor == (find_spec(f"py_engine.games.{package_of(game_id)}.zones") is not None)
    assert about.blurb and len(about.blurb) <= 120
