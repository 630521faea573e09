"""The games on the home page: every registered game (py_engine.games.PACKAGES) with its renderer's
blurb, then the games still to come."""

from __future__ import annotations

from render import has_renderer, renderer

from py_engine import GAMES

# Games of the product without an engine yet (shown as "coming soon"); an entry is dropped once its
# package is registered.
COMING: list[dict] = []


def _players(game) -> str:
    lo, hi = game.min_players, game.max_players
    return str(lo) if lo == hi else f"{lo}–{hi}"


def catalogue() -> list[dict]:
    """[{id, title, players, blurb, ready}] in home-page order."""
    out = [{"id": g.id, "title": g.title, "players": _players(g), "ready": has_renderer(g.id),
            "blurb": getattr(renderer(g.id), "BLURB", "") if has_renderer(g.id) else ""}
           for g in GAMES.values()]
    out += [dict(entry, ready=False) for entry in COMING if entry["id"] not in GAMES]
    return out
