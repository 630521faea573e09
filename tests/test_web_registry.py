"""The browser side of "a game is one package": renderers and the home catalogue follow
`py_engine.games.ABOUT`, and no shared module spells out a game id (CPython only: reads web/)."""

from __future__ import annotations

import ast
from pathlib import Path

from py_engine import GAMES
from py_engine.games import ABOUT, PACKAGES

WEB = Path(__file__).resolve().parent.parent / "web"


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


def test_renderers_and_catalogue_follow_the_list(monkeypatch):
    monkeypatch.syspath_prepend(str(WEB))  # renderers import their web/ helpers lazily
    import catalogue
    from render import has_renderer, renderer

    entries = catalogue.catalogue()
    registered = [e for e in entries if e["id"] in GAMES]
    assert [e["id"] for e in registered] == list(GAMES)
    for e in registered:
        assert e["ready"] and has_renderer(e["id"]) and e["blurb"] == ABOUT[e["id"]].blurb
        assert hasattr(renderer(e["id"]), "render") and hasattr(renderer(e["id"]), "score_sheet")
    assert len(entries) == 5 and len({e["id"] for e in entries}) == 5
