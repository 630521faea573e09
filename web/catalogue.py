"""The games on the home page: every registered game (py_engine.games.ABOUT, known without loading its pack),
then the games still to come."""

from __future__ import annotations

from py_engine.games import ABOUT

# Games of the product without an engine yet (shown as "coming soon"); an entry is dropped once its
# package is registered.
COMING: list[dict] = []


def _players(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}–{hi}"


def title(game_id: str) -> str:
    """A registered game's title (untranslated: tdata), or "" for an unknown id."""
    about = ABOUT.get(game_id) if isinstance(game_id, str) else None
    return about.title if about else ""


def catalogue() -> list[dict]:
    """[{id, title, players, blurb, ready}] in home-page order."""
    out = [{"id": gid, "title": a.title, "players": _players(a.min_players, a.max_players), "ready": True,
            "blurb": a.blurb} for gid, a in ABOUT.items()]
    out += [dict(entry, ready=False) for entry in COMING if entry["id"] not in ABOUT]
    return out
