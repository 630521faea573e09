"""Game records: everything needed to rebuild a game exactly (save, load, replay, bug reports)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RecordError
from .options import is_whole

FORMAT = "explorers-table-record"
VERSION = 1


@dataclass
class Record:
    """`Record(game_id, players, seed, options, moves)`; moves are `[seat, encoded action]` pairs."""

    game_id: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)

    def copy(self) -> Record:
        return Record(self.game_id, self.players, self.seed, dict(self.options), list(self.moves))

    def replay(self, upto: int | None = None):
        """Rebuild the State after the first `upto` moves (all by default)."""
        from .. import get_game

        game = get_game(self.game_id)
        state = game.new(players=self.players, seed=self.seed, options=self.options)
        moves = self.moves if upto is None else self.moves[:upto]
        for i, (seat, encoded) in enumerate(moves):
            try:
                state.apply(seat, game.decode(encoded))
            except (IllegalAction, RecordError) as exc:
                raise RecordError(f"move {i + 1} cannot be replayed: {exc}") from None
        return state

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "game": self.game_id, "players": self.players,
                "seed": self.seed, "options": dict(self.options), "moves": [list(m) for m in self.moves]}

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate the shape of a saved record; raise RecordError with a readable reason."""
        from .. import GAMES

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not an Explorers' Table game record")
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        game_id = data.get("game")
        if game_id not in GAMES:
            raise RecordError(f"unknown game {game_id!r}")
        game = GAMES[game_id]
        players, seed, moves = data.get("players"), data.get("seed"), data.get("moves")
        if not is_whole(players, game.min_players, game.max_players):
            raise RecordError("bad player count")
        if not is_whole(seed, 0, 2**63 - 1):
            raise RecordError("bad seed")
        options = game.normalize_options(data.get("options", {}))
        if not isinstance(moves, list):
            raise RecordError("moves must be a list")
        for m in moves:
            if not isinstance(m, list) or len(m) != 2 or not is_whole(m[0], 0, players - 1):
                raise RecordError("bad move entry")
        return cls(game_id, players, seed, options, [list(m) for m in moves])
