"""Game records: everything needed to rebuild a game exactly (save, load, replay, bug reports).

A record names the game, the player count, the options, the moves and the *deal*: the seed that
shuffled everything. So that nobody can learn the hidden cards from a record of a game still being
played, a deal is sealed by a commitment:

    commitment = SHA-256 of the ASCII bytes  "explorers-table-deal:" + <seed in decimal> + ":" + <salt>

as 64 lowercase hex digits, where the salt is 32 lowercase hex digits (16 random bytes, `new_salt()`)
kept with the seed. The salt makes the commitment useless for guessing even a small legacy seed.

Two JSON forms (`to_json`):
- the full record (default): "seed" (a number, or hex digits above 2**53-1, see rng.seed_to_json),
  "salt" and "deal" (the commitment) when a salt is set, the options and the moves. It stays on the
  device (autosave, the host's table) until the game is over; a finished game leaves it in full, and
  anyone can check its "deal" against a commitment published earlier.
- the public record (`public=True`): the same without "seed" and "salt" — the commitment and the
  moves only. This is what leaves the device while the game is unfinished (share links, files,
  embeds). `from_json` refuses it with `SealedRecord` (a RecordError whose message says the game can
  be watched once it is over): without the deal no position can be rebuilt.
Records made before deals were sealed (an integer seed, no salt) load and replay as they always did.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RecordError
from .options import is_whole
from .rng import is_seed, seed_from_json, seed_to_json

FORMAT = "explorers-table-record"
VERSION = 1
_HEX = frozenset("0123456789abcdef")


def new_salt() -> str:
    """16 random bytes from the OS as 32 lowercase hex digits."""
    return secrets.token_hex(16)


def is_hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and set(value) <= _HEX


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of b"explorers-table-deal:<seed decimal>:<salt>" as 64 hex digits (see the module doc)."""
    if not is_seed(seed) or not is_hex(salt, 32):
        raise ValueError("a commitment needs a seed and a salt of 32 hex digits")
    return hashlib.sha256(f"explorers-table-deal:{seed:d}:{salt}".encode("ascii")).hexdigest()


class SealedRecord(RecordError):
    """A public record (no seed): an unfinished game shared without its deal. `game_id`, `players`,
    `moves` (count) and `deal` (the commitment) say what it is."""

    def __init__(self, game_id: str, players: int, moves: int, deal: str) -> None:
        super().__init__("this is an unfinished game shared without its deal (the shuffled cards stay secret "
                         "until the game is over): it can be watched once the game is over and shared again")
        self.game_id, self.players, self.moves, self.deal = game_id, players, moves, deal


@dataclass
class Record:
    """`Record(game_id, players, seed, options, moves)`; moves are `[seat, encoded action]` pairs;
    `salt` (32 hex digits, or "" for none yet) seals the seed (see the module doc)."""

    game_id: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    salt: str = ""

    def copy(self) -> Record:
        return Record(self.game_id, self.players, self.seed, dict(self.options), list(self.moves), self.salt)

    def commitment(self) -> str:
        """The deal's commitment (raises ValueError if no salt was set)."""
        return commitment(self.seed, self.salt)

    def replay(self, upto: int | None = None):
        """Rebuild the State after the first `upto` moves (all by default)."""
        from .. import get_game

        game = get_game(self.game_id)
        state = game.new(players=self.players, seed=self.seed, options=self.options)
        state.record.salt = self.salt
        moves = self.moves if upto is None else self.moves[:upto]
        for i, (seat, encoded) in enumerate(moves):
            try:
                state.apply(seat, game.decode(encoded))
            except (IllegalAction, RecordError) as exc:
                raise RecordError(f"move {i + 1} cannot be replayed: {exc}") from None
        return state

    def to_json(self, public: bool = False) -> dict:
        """The full record, or with `public` the record without its deal (seed and salt left out,
        the commitment kept); `public` needs a salt (ValueError otherwise)."""
        data: dict = {"format": FORMAT, "version": VERSION, "game": self.game_id, "players": self.players}
        if public:
            data["deal"] = self.commitment()
        else:
            data["seed"] = seed_to_json(self.seed)
            if self.salt:
                data["salt"] = self.salt
                data["deal"] = self.commitment()
        data["options"] = dict(self.options)
        data["moves"] = [list(m) for m in self.moves]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate the shape of a saved record; raise RecordError with a readable reason (SealedRecord
        for a public record of an unfinished game)."""
        from .. import GAMES

        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not an Explorers' Table game record")
        if data.get("version") != VERSION:
            raise RecordError(f"unsupported record version {str(data.get('version'))[:20]!r}")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in GAMES:
            raise RecordError(f"unknown game {str(game_id)[:40]!r}")
        game = GAMES[game_id]
        players, moves = data.get("players"), data.get("moves")
        if not is_whole(players, game.min_players, game.max_players):
            raise RecordError("bad player count")
        options = game.normalize_options(data.get("options", {}))
        if not isinstance(moves, list):
            raise RecordError("moves must be a list")
        for m in moves:
            if not isinstance(m, list) or len(m) != 2 or not is_whole(m[0], 0, players - 1):
                raise RecordError("bad move entry")
        deal, salt = data.get("deal"), data.get("salt", "")
        if deal is not None and not is_hex(deal, 64):
            raise RecordError("bad deal commitment")
        if "seed" not in data and deal is not None and "salt" not in data:
            raise SealedRecord(game_id, players, len(moves), deal)
        try:
            seed = seed_from_json(data.get("seed"))
        except (ValueError, TypeError):
            raise RecordError("bad seed") from None
        if salt != "" and not is_hex(salt, 32):
            raise RecordError("bad salt")
        if deal is not None and (not salt or commitment(seed, salt) != deal):
            raise RecordError("the deal in this record does not match its commitment")
        return cls(game_id, players, seed, options, [list(m) for m in moves], salt)
