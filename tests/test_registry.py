"""A game is one package: the engine registry, the bot heuristics, the renderers and the home-page
catalogue are all derived from `py_engine.games.PACKAGES`."""

from __future__ import annotations

import ast
import sys
from importlib import import_module
from pathlib import Path

import pytest

from py_engine import GAMES
from py_engine.bots import get_heuristics
from py_engine.bots.heuristics import GENERIC
from py_engine.games import PACKAGES, package_of

WEB = Path(__file__).resolve().parent.parent / "web"


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


def test_no_game_id_is_spelled_out_in_bots_net_or_shell():
    ids = [g for g in GAMES] + [n for n in PACKAGES]
    root = WEB.parent
    places = [*(root / "py_engine" / "bots").glob("*.py"), *(root / "py_engine" / "net").glob("*.py"),
              *(WEB / f for f in ("shell.py", "session.py", "embed.py", "replay.py", "sharing.py", "netplay.py"))]
    for path in places:
        tree = ast.parse(path.read_text())
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        names = {n.value for n in ast.walk(tree)
                 if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs}
        assert not names & set(ids), f"{path.name} names {names & set(ids)}"


def test_renderers_and_catalogue_follow_the_list():
    sys.path.insert(0, str(WEB))
    try:
        import catalogue
        from render import has_renderer, renderer
    finally:
        sys.path.remove(str(WEB))
    entries = catalogue.catalogue()
    registered = [e for e in entries if e["id"] in GAMES]
    assert [e["id"] for e in registered] == list(GAMES)
    for e in registered:
        assert e["ready"] and has_renderer(e["id"]) and e["blurb"] == renderer(e["id"]).BLURB
        assert hasattr(renderer(e["id"]), "render") and hasattr(renderer(e["id"]), "score_sheet")
    assert len(entries) == 5 and len({e["id"] for e in entries}) == 5
