"""Where a game stands, in its own terms ("Round 2 of 3", "Expedition 1 of 3", "Turn 45"), for the saved games.

`facts` reads small numbers from the spectator's view when the game is saved (stored with the save, free of
any language); `words` writes them in the language of the page when the list is drawn. One row per game:
the view key of the count, the view key of its total (or None) and the wording. A game without a row is
described by its number of moves.
"""

from __future__ import annotations

from i18n import N_, _, fmt, trn

# game id -> (view key of the current count, view key of the total or None, wording with a total, without,
# wording while the count is still 0 or None)
PROGRESS: dict[str, tuple[str, str | None, str | None, str, str | None]] = {
    "lost-cities": ("round", "rounds", N_("Round {n} of {total}"), N_("Round {n}"), None),
    "lost-cities-board": ("expedition", "expeditions", N_("Expedition {n} of {total}"), N_("Expedition {n}"), None),
    "arnak": ("round", "rounds", N_("Round {n} of {total}"), N_("Round {n}"), None),
    "catan-ck": ("turn_no", None, None, N_("Turn {n}"), N_("Placing the first settlements")),
    "islands": ("round", None, None, N_("Round {n}"), None),
}
LIMIT = 10_000  # a stored count above this is not believed


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LIMIT else None


def facts(game_id: str, view: dict) -> dict:
    """{"n": count, "total": total or absent} from a game's view; {} when the game has no row or no count."""
    row = PROGRESS.get(game_id)
    if row is None or not isinstance(view, dict):
        return {}
    n = _count(view.get(row[0]))
    total = _count(view.get(row[1])) if row[1] else None
    if n is None:
        return {}
    return {"n": n, "total": total} if total else {"n": n}


def words(game_id: str, progress: object, moves: int, over: bool) -> str:
    """The saved game's place in words: "finished", "Round 2 of 3", … or, lacking facts, "39 moves"."""
    if over:
        return _("finished")
    row = PROGRESS.get(game_id)
    stored = progress if isinstance(progress, dict) else {}
    n, total = _count(stored.get("n")), _count(stored.get("total"))
    if row is not None and not n and row[4]:
        return _(row[4])
    if row is None or not n:
        return trn("{n} move", "{n} moves", max(0, int(moves)) if isinstance(moves, int) else 0)
    return fmt(_(row[2]), n=n, total=total) if total and row[2] else fmt(_(row[3]), n=n)


__all__ = ["PROGRESS", "facts", "words"]
