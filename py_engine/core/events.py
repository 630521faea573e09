"""Later randomness by event: every random event after setup draws from a stream of its own.

The i-th event of kind K (a game names its kinds: "dice", "steal", "deck0", ...) gets the generator

    the xoshiro128** state (rng.py) of four big-endian 32-bit words, the first 16 bytes of SHA-256 of the ASCII bytes
        "explorers-table-event:" + <events key> + ":" + K + ":" + <i in decimal> + ":" + <contribution>
    (all four zero: word 0 becomes 1)

where the events key is SHA-256("explorers-table-events:" + <the game's seed in decimal>) as 64 hex digits and
the contribution is "" or the 64 hex digits handed in with the move that triggers the event. So an outcome is
fixed by the seed, the event's kind and index and the move's contribution, not by which moves led there: a
seat cannot steer a die by choosing among moves that consume randomness differently, and with a contribution
nobody knew in advance (the seats' reveals) nobody can foresee it either.

The engine side of the contribution hook: `State.apply(seat, action, contribution=<64 hex digits>)` mixes the
contribution into every event that move triggers and records it in `Record.contributions` (pairs [move index,
contribution]); `Record.replay` hands each back to its move. `State.takes_contributions()` says whether a state
draws its later randomness by event (games with the hidden option "randomness" = "per-event": Arnak, Catan,
Islands, new games; records made before it replay with the single generator, "single").

Decks whose order would otherwise be fixed at setup (or at a reshuffle) keep *unordered runs*: `mixed` is a list
of [lo, hi) index ranges of a pile whose cards are in no order yet (where they lie means nothing); a draw that
reaches such a run takes a uniformly random card of it from the pile's event stream (`draw`), so the order is
decided at draw time.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable
from typing import Any

from .options import Option, is_whole
from .rng import Rng

PER_EVENT = "per-event"
SINGLE = "single"
# Declared by every game with later randomness: never offered; new games draw by event, and a record made
# before the option existed replays with the single generator it was played with.
RANDOMNESS_OPTION = Option("randomness", "Later randomness", PER_EVENT, kind="choice", choices=(SINGLE, PER_EVENT),
                           hidden=True, legacy=SINGLE)
_HEX = frozenset("0123456789abcdef")
_WORDS = struct.Struct(">4I")


def is_contribution(value: Any) -> bool:
    """A contribution is 64 lowercase hex digits (say, a SHA-256 of the seats' reveals)."""
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def events_key(seed: int) -> str:
    """The key of a game's event streams: SHA-256("explorers-table-events:<seed decimal>") as hex."""
    return hashlib.sha256(f"explorers-table-events:{seed:d}".encode("ascii")).hexdigest()


def _prefix(key: str) -> Any:
    """SHA-256 fed with "explorers-table-event:<key>:", to be copied for each event of that key."""
    return hashlib.sha256(f"explorers-table-event:{key}:".encode("ascii"))


def _from_digest(h: Any, kind: str, index: int, contribution: str) -> Rng:
    h.update(f"{kind}:{index:d}:{contribution}".encode("ascii"))
    digest = h.digest()
    r = Rng.__new__(Rng)  # SHA-256 output needs no warming up
    r.s = list(_WORDS.unpack_from(digest)) if any(digest[:16]) else [1, 0, 0, 0]
    return r


def event_rng(key: str, kind: str, index: int, contribution: str = "") -> Rng:
    """The generator of the `index`-th event of `kind` (see the module doc)."""
    return _from_digest(_prefix(key), kind, index, contribution)


class Events:
    """A state's event streams: the key, how many events of each kind were drawn, and the contribution of
    the move being applied ("" between moves)."""

    __slots__ = ("key", "counts", "pending", "_base")

    def __init__(self, key: str, counts: dict | None = None) -> None:
        self.key, self.counts, self.pending, self._base = key, dict(counts or {}), "", _prefix(key)

    @classmethod
    def from_seed(cls, seed: int) -> Events:
        return cls(events_key(seed))

    def rng(self, kind: str) -> Rng:
        """The generator of the next event of `kind` (counted)."""
        i = self.counts.get(kind, 0)
        self.counts[kind] = i + 1
        return _from_digest(self._base.copy(), kind, i, self.pending)

    def total(self) -> int:
        """How many events were drawn in all."""
        return sum(self.counts.values())

    def clone(self) -> Events:
        ev = Events.__new__(Events)  # the hash prefix is shared: it is only ever copied
        ev.key, ev.counts, ev.pending, ev._base = self.key, dict(self.counts), "", self._base
        return ev

    def resampled(self, rng: Rng) -> Events:
        """The same counts under a key drawn from `rng`: a determinized state's unknown future."""
        return Events("".join(format(rng.next_u32(), "08x") for _ in range(8)), self.counts)

    def to_json(self) -> dict:
        return {"key": self.key, "counts": dict(self.counts)}

    @classmethod
    def from_json(cls, value: Any) -> Events | None:
        """Inverse of `to_json`; None stays None (a state drawing from its single generator)."""
        if value is None:
            return None
        if (not isinstance(value, dict) or not is_contribution(value.get("key"))
                or not isinstance(value.get("counts"), dict)
                or not all(isinstance(k, str) and is_whole(v, 0, 2**31) for k, v in value["counts"].items())):
            raise ValueError("bad event streams")
        return cls(value["key"], value["counts"])


# --- piles with unordered runs ----------------------------------------------------------------------------
def mark_mixed(cards: list, mixed: list) -> None:
    """Make the whole pile one unordered run, dropping any earlier runs (the cards stay where they are: a
    position's deck keeps the order it was given, which no longer decides anything)."""
    mixed[:] = [[0, len(cards)]] if cards else []


def draw(cards: list, mixed: list, at_end: bool, rng: Callable[[], Rng]) -> Any:
    """Take the card at an end of the pile (the last one if `at_end`, else the first). When it lies in an
    unordered run of two or more cards, a uniformly random card of that run is taken instead, drawn from
    `rng()` (called only then, so a known card costs no event)."""
    i = len(cards) - 1 if at_end else 0
    for lo, hi in mixed:
        if lo <= i < hi:
            if hi - lo > 1:
                i = lo + rng().below(hi - lo)
            break
    card = cards.pop(i)
    for run in mixed:
        if run[0] > i:
            run[0] -= 1
        if run[1] > i:
            run[1] -= 1
    mixed[:] = [r for r in mixed if r[0] < r[1]]
    return card


def put(cards: list, mixed: list, card: Any, at_end: bool) -> None:
    """Place one known card at an end of the pile."""
    if at_end:
        cards.append(card)
        return
    cards.insert(0, card)
    for run in mixed:
        run[0] += 1
        run[1] += 1


def add_mixed(cards: list, mixed: list, new: list, at_end: bool) -> None:
    """Put `new` at an end of the pile as one unordered run: a shuffle decided card by card as it is drawn."""
    if not new:
        return
    new = sorted(new)
    if at_end:
        mixed.append([len(cards), len(cards) + len(new)])
        cards.extend(new)
        return
    for run in mixed:
        run[0] += len(new)
        run[1] += len(new)
    mixed.insert(0, [0, len(new)])
    cards[0:0] = new


def clone_mixed(mix: dict) -> dict:
    """A copy of a state's {pile name: runs}."""
    return {k: [list(r) for r in v] for k, v in mix.items()}


def load_mixed(value: Any, sizes: dict) -> dict:
    """A saved {pile name: runs} checked against the piles' sizes ({name: len}); ValueError if it does not fit."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValueError("bad unordered runs")
    out = {}
    for name, runs in value.items():
        if name not in sizes or not isinstance(runs, list):
            raise ValueError("bad unordered runs")
        last = 0
        for r in runs:
            if (not isinstance(r, list) or len(r) != 2 or not is_whole(r[0], last, sizes[name])
                    or not is_whole(r[1], r[0] + 1, sizes[name])):
                raise ValueError("bad unordered runs")
            last = r[1]
        out[name] = [list(r) for r in runs]
    return out
