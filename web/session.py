"""A table being played in this browser: the State, who sits where, and the bots.

Seats are dicts {"kind": "human" | "bot" | "remote", "name": str, "level": int}. Every
action goes through `State.apply` (the engine decides every rule); bots think in small
steps so the page can keep drawing between them.
"""

from __future__ import annotations

import json
import unicodedata

from py_engine import get_game
from py_engine.bots import make_bot
from py_engine.core import Record

NAME_MAX = 24


def clean_name(text: object, fallback: str) -> str:
    """Player-chosen names: no control characters, bounded length (escaped again when drawn)."""
    s = "".join(ch for ch in str(text or "") if unicodedata.category(ch)[0] != "C").strip()
    return s[:NAME_MAX] or fallback


class LocalTable:
    def __init__(self, game_id: str, players: int, seed: int, options: dict, seats: list[dict],
                 record: Record | None = None) -> None:
        self.game = get_game(game_id)
        self.seats = [dict(s, name=clean_name(s.get("name"), f"Player {i + 1}")) for i, s in enumerate(seats)]
        self.state = record.replay() if record else self.game.new(players=players, seed=seed, options=options)
        self.bots = {i: make_bot("search", game_id=game_id, level=int(s.get("level", 1)), seed=seed + 17 * i)
                     for i, s in enumerate(self.seats) if s["kind"] == "bot"}

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s["kind"] == "human"]

    def bot_to_move(self) -> int | None:
        for seat in self.state.to_move():
            if seat in self.bots:
                return seat
        return None

    def legal(self, seat: int | None) -> list:
        if seat is None or seat not in self.state.to_move():
            return []
        return [self.game.encode(a) for a in self.state.legal_actions(seat)]

    def act(self, seat: int, encoded) -> None:
        """Apply a person's action (raises IllegalAction, leaving the state unchanged)."""
        self.state.apply(seat, self.game.decode(encoded) if isinstance(encoded, list) else encoded)

    def save(self) -> dict:
        return {"record": self.state.record.to_json(), "seats": self.seats}

    @classmethod
    def load(cls, data: dict) -> LocalTable:
        record = Record.from_json(data["record"])
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != record.players:
            raise ValueError("the seats do not match the record")
        return cls(record.game_id, record.players, record.seed, record.options, seats, record=record)

    def record_json(self) -> str:
        return json.dumps(self.state.record.to_json())
