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
A record's options are read with `options.saved_options`: an option the record does not name takes its
`legacy` value when it declares one (a rules edition: the rules the record was played with), else its default.

A deal made by all seats together (a table with remote players, py_engine/net/host.py). The host draws a
secret share of 64 hex digits and publishes, before any guest answers,

    commitment = SHA-256 of the ASCII bytes  "explorers-table-share:" + <host share> + ":" + <salt>

Each remote seat then sends a random share of its own (64 hex digits), and the seed is

    seed = the first 16 bytes, as a big-endian integer, of SHA-256 of the ASCII bytes
           "explorers-table-seed:" + <host share> + ":" + <share of seat 1> + ":" + … (one per seat, "-" for
           a seat that sent none: a local or bot seat)

so the host, bound by its commitment, cannot choose the deal, and no guest can either (it answers before
anything but the commitment is known). Such a record also holds "host_share" (full form only: it is the
secret that gives the seed) and "shares" (one per seat, null for none; public), and `from_json` refuses
one whose seed is not the one its shares give. The host's share stays secret until the game is over: with
it, any guest could compute the seed and so every hand.

Later randomness by event (core/events.py): a move applied with a contribution (`State.apply(seat, action,
contribution)`, 64 hex digits) is listed in "contributions" as [move index, contribution]; `replay` hands each
back to its move. Public like the moves.

A game dealt by mental poker (py_engine.core.mental_poker, no seed deals: the seed is 0) has "fair":
{"group": the group's name, "secrets": each round's deal secrets, one per seat (hex), once the game is over
and audited, "verdict": a cheat that stopped it, or null}. `replay` asks the game (`Game.fair_start`) to deal
each round from those secrets; a record without them (a game still running, or stopped) cannot be replayed.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, RecordError
from .events import is_contribution
from .options import is_whole, saved_options
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


def share_commitment(host_share: str, salt: str) -> str:
    """SHA-256 of b"explorers-table-share:<host share>:<salt>" as 64 hex digits (see the module doc)."""
    if not is_hex(host_share, 64) or not is_hex(salt, 32):
        raise ValueError("a share commitment needs a share of 64 and a salt of 32 hex digits")
    return hashlib.sha256(f"explorers-table-share:{host_share}:{salt}".encode("ascii")).hexdigest()


def seat_commitment(share: str) -> str:
    """A guest's commitment to its share (64 hex digits), sent before any share is revealed: SHA-256 of
    b"explorers-table-seat-share:<share>" (the share is 32 random bytes, so it needs no salt)."""
    if not is_hex(share, 64):
        raise ValueError("a seat commitment needs a share of 64 hex digits")
    return hashlib.sha256(f"explorers-table-seat-share:{share}".encode("ascii")).hexdigest()


def joint_seed(host_share: str, shares: list) -> int:
    """The seed of a deal made by all seats (see the module doc): the host's share and one entry per seat
    (a share of 64 hex digits, or None for a seat without one)."""
    if not is_hex(host_share, 64) or not all(s is None or is_hex(s, 64) for s in shares):
        raise ValueError("shares must be 64 hex digits")
    text = "explorers-table-seed:" + host_share + ":" + ":".join(s or "-" for s in shares)
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:16], "big")


def new_share() -> str:
    """32 random bytes from the OS as 64 lowercase hex digits: one seat's share of a deal."""
    return secrets.token_hex(32)


class SealedRecord(RecordError):
    """A public record (no seed): an unfinished game shared without its deal. `game_id`, `players`,
    `moves` (count) and `deal` (the commitment) say what it is."""

    def __init__(self, game_id: str, players: int, moves: int, deal: str) -> None:
        super().__init__("this is an unfinished game shared without its deal (the shuffled cards stay secret "
                         "until the game is over): it can be watched once the game is over and shared again")
        self.game_id, self.players, self.moves, self.deal = game_id, players, moves, deal


def awaits_audit(fair: object) -> bool:
    """True for the "fair" field of a game dealt by mental poker whose deal is not in its record yet (a game
    still running, or stopped before its audit): such a record cannot be replayed."""
    return isinstance(fair, dict) and not fair.get("secrets")


@dataclass
class Record:
    """`Record(game_id, players, seed, options, moves)`; moves are `[seat, encoded action]` pairs;
    `salt` (32 hex digits, or "" for none yet) seals the seed; `host_share` and `shares` are set for a deal
    made by all seats; `contributions` are the moves' contributions to later randomness (see the module doc)."""

    game_id: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    moves: list = field(default_factory=list)
    salt: str = ""
    host_share: str = ""
    shares: list | None = None
    fair: dict | None = None  # a game dealt by mental poker (see the module doc)
    contributions: list = field(default_factory=list)  # [move index, 64 hex digits]: core/events.py

    def copy(self) -> Record:
        return Record(self.game_id, self.players, self.seed, dict(self.options), list(self.moves), self.salt,
                      self.host_share, None if self.shares is None else list(self.shares),
                      None if self.fair is None else copy.deepcopy(self.fair), [list(c) for c in self.contributions])

    def commitment(self) -> str:
        """The deal's commitment (raises ValueError if no salt was set): to the host's share for a deal made
        by all seats, else to the seed."""
        if self.host_share:
            return share_commitment(self.host_share, self.salt)
        return commitment(self.seed, self.salt)

    def replay(self, upto: int | None = None):
        """Rebuild the State after the first `upto` moves (all by default)."""
        from .. import get_game

        game = get_game(self.game_id)
        if self.fair is not None:  # dealt by mental poker: the game deals from the seats' revealed secrets
            state = game.fair_start(self.players, self.options, self.fair, self.seed)
        else:
            # options it does not name at their legacy values, as from_json reads them (a Record built in code)
            state = game.new(players=self.players, seed=self.seed, options=saved_options(game.options, self.options))
        state.record.salt, state.record.host_share = self.salt, self.host_share
        state.record.shares = None if self.shares is None else list(self.shares)
        moves = game.upgrade_moves(self.moves, self.options, self.players, self.seed)
        moves = moves if upto is None else moves[:upto]
        given = dict((i, c) for i, c in self.contributions)
        for i, (seat, encoded) in enumerate(moves):
            try:
                state.apply(seat, game.decode(encoded), given.get(i))
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
            if self.host_share:
                data["host_share"] = self.host_share
        if self.shares is not None:
            data["shares"] = list(self.shares)
        if self.fair is not None:
            data["fair"] = copy.deepcopy(self.fair)
        data["options"] = dict(self.options)
        data["moves"] = [list(m) for m in self.moves]
        if self.contributions:
            data["contributions"] = [list(c) for c in self.contributions]
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
        options = saved_options(game.options, data.get("options", {}))  # an option not named: its legacy value
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
        host_share, shares = data.get("host_share", ""), data.get("shares")
        if shares is not None and (not isinstance(shares, list) or len(shares) != players
                                   or not all(x is None or is_hex(x, 64) for x in shares)):
            raise RecordError("bad seat shares of the deal")
        if host_share != "":
            if not is_hex(host_share, 64) or shares is None or not salt:
                raise RecordError("bad host share of the deal")
            if joint_seed(host_share, shares) != seed:
                raise RecordError("the seed in this record is not the one its seats' shares give")
            sealed = share_commitment(host_share, salt)
        else:
            sealed = commitment(seed, salt) if salt else None
        if deal is not None and sealed != deal:
            raise RecordError("the deal in this record does not match its commitment")
        fair = data.get("fair")
        if fair is not None and not isinstance(fair, dict):
            raise RecordError("bad mental-poker deal")
        contributions = data.get("contributions", [])
        if not isinstance(contributions, list) or not all(
                isinstance(c, list) and len(c) == 2 and is_whole(c[0], 0, len(moves) - 1) and is_contribution(c[1])
                for c in contributions) or [c[0] for c in contributions] != sorted({c[0] for c in contributions}):
            raise RecordError("bad contributions to the randomness")
        moves = game.upgrade_moves([list(m) for m in moves], options, players, seed)
        return cls(game_id, players, seed, options, moves, salt, host_share, shares,
                   None if fair is None else copy.deepcopy(fair), [list(c) for c in contributions])
