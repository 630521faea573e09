"""Several saved games on this device (localStorage), listed on the home page.

Every table the shell plays gets its own save id; each autosave writes that game's slot
("explorers.save.<id>") and its line in the index ("explorers.saves": game, names and seat kinds,
moves, where the game stands (render/progress.py facts), over, last change). A game with no move yet is
not kept (lines of older versions without a move are dropped from the list). A new game, "Play on from
here" or an imported record gets a new id, so a saved game is never overwritten; only Delete (confirmed
on the page) removes one. The single slot of older versions ("explorers.autosave", still written for the
host's resume after a reload) is taken into the list once.

Pure Python over a `store` with storage_get / storage_set / storage_remove (web/dom.py in the browser,
a dict in the tests).
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

INDEX = "explorers.saves"
PREFIX = "explorers.save."
LEGACY = "explorers.autosave"
MAX_SAVES = 40  # the oldest finished games go first when there are more
KINDS = ("human", "bot", "remote")


class Store(Protocol):
    def storage_get(self, key: str) -> Any: ...

    def storage_set(self, key: str, value: Any) -> None: ...

    def storage_remove(self, key: str) -> None: ...


def new_id() -> str:
    return secrets.token_hex(6)


def valid_id(value: Any) -> bool:
    """A save id as new_id makes them (hex, bounded): anything else, e.g. from an address, names no save."""
    return isinstance(value, str) and 0 < len(value) <= 32 and all(c in "0123456789abcdef" for c in value)


def describe(data: dict, over: bool, when: float, progress: dict | None = None) -> dict:
    """The index line of a saved table (LocalTable.save()): game id, names, seat kinds, moves, where the game
    stands (small numbers only), over, time."""
    record = data.get("record") if isinstance(data, dict) else None
    if not isinstance(record, dict):
        raise ValueError("not a saved table")
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = [str(s.get("name", ""))[:40] if isinstance(s, dict) else "" for s in seats]
    kinds = [s.get("kind") if isinstance(s, dict) and s.get("kind") in KINDS else "human" for s in seats]
    moves = record.get("moves")
    facts = {k: v for k, v in (progress or {}).items() if k in ("n", "total") and isinstance(v, int)}
    return {"game": str(record.get("game", ""))[:40], "names": names, "kinds": kinds,
            "moves": len(moves) if isinstance(moves, list) else 0, "progress": facts, "over": bool(over),
            "time": float(when)}


def empty(line: dict) -> bool:
    """An index line of a game nobody has moved in yet (not kept)."""
    return not line.get("over") and not line.get("moves")


class Saves:
    """The saved games of this device."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def entries(self) -> list[dict]:
        """Index lines, newest first; damaged lines are left out."""
        raw = self.store.storage_get(INDEX)
        out = []
        for e in raw if isinstance(raw, list) else []:
            if isinstance(e, dict) and valid_id(e.get("id")) and isinstance(e.get("game"), str) \
                    and isinstance(e.get("time"), (int, float)):
                out.append(e)
        return sorted(out, key=lambda e: -e["time"])

    def get(self, save_id: str) -> dict | None:
        if not valid_id(save_id):
            return None
        data = self.store.storage_get(PREFIX + save_id)
        return data if isinstance(data, dict) else None

    def put(self, save_id: str, data: dict, over: bool, when: float, progress: dict | None = None) -> None:
        """Write one game's slot and its index line (the same id replaces only that game's own slot); a game
        with no move is not kept (undone back to its start, it leaves the list)."""
        if not valid_id(save_id):
            raise ValueError("bad save id")
        line = dict(describe(data, over, when, progress), id=save_id)
        if empty(line):
            self.delete(save_id, keep_current=True)
            return
        self.store.storage_set(PREFIX + save_id, data)
        entries = [e for e in self.entries() if e["id"] != save_id]
        entries.insert(0, line)
        while len(entries) > MAX_SAVES:  # drop the oldest finished game, else the oldest one
            done = [e for e in entries if e.get("over")]
            gone = done[-1] if done else entries[-1]
            entries.remove(gone)
            self.store.storage_remove(PREFIX + gone["id"])
        self.store.storage_set(INDEX, entries)

    def delete(self, save_id: str, keep_current: bool = False) -> bool:
        """Remove one saved game (and, unless `keep_current`, the current-table copy when it is that game)."""
        entries = self.entries()
        kept = [e for e in entries if e["id"] != save_id]
        if len(kept) == len(entries):
            return False
        self.store.storage_remove(PREFIX + save_id)
        self.store.storage_set(INDEX, kept)
        legacy = self.store.storage_get(LEGACY)
        if not keep_current and isinstance(legacy, dict) and legacy.get("save_id") == save_id:
            self.store.storage_remove(LEGACY)  # a deleted game is not resumed after a reload either
        return True

    def drop_empty(self) -> None:
        """Forget the games of older versions that were saved before anybody moved."""
        for e in self.entries():
            if empty(e):
                self.delete(e["id"], keep_current=True)

    def current(self, save_id: str) -> dict | None:
        """Saved game `save_id`, or the current table's copy when it is that game (a game with no move yet
        lives only there)."""
        data = self.get(save_id)
        legacy = self.store.storage_get(LEGACY) if data is None and valid_id(save_id) else None
        return legacy if isinstance(legacy, dict) and legacy.get("save_id") == save_id else data

    def adopt_legacy(self, when: float, over: bool = False) -> str | None:
        """Take the single autosave of older versions into the list (once); its new id, or None."""
        legacy = self.store.storage_get(LEGACY)
        if not isinstance(legacy, dict) or not isinstance(legacy.get("record"), dict):
            return None
        if not legacy["record"].get("moves"):  # nobody moved: not kept
            return None
        if valid_id(legacy.get("save_id")) and self.get(legacy["save_id"]) is not None:
            return None
        save_id = legacy.get("save_id") if valid_id(legacy.get("save_id")) else new_id()
        legacy = dict(legacy, save_id=save_id)
        self.put(save_id, legacy, over, when)
        self.store.storage_set(LEGACY, legacy)
        return save_id


__all__ = ["INDEX", "LEGACY", "PREFIX", "Saves", "describe", "empty", "new_id", "valid_id"]
