"""Deterministic PRNG whose whole state is one JSON value.

xoshiro128** on 32-bit words, written with plain integer arithmetic so it gives
bit-identical results on every CPython (3.11 here, 3.14 in Pyodide).

Seeds come in two ranges (`is_seed` accepts exactly these):
- a *deal seed*, 2**64 <= seed < 2**128 (what `new_seed()` draws: 128 bits from the OS): all 128 bits
  become the xoshiro128** state, each 32-bit word put through the bijective murmur3 finaliser, so two
  seeds never share a state (the one seed that would map to the all-zero state gets word 0 = 1), and
  the generator is stepped 8 times before its first output;
- a *legacy seed*, 0 <= seed < 2**63 (records made before deal seeds, tests, bots): folded to 32 bits
  and expanded by splitmix32 exactly as before, so every old record replays identically.
Other integers (bots derive seeds by arithmetic) take the legacy path on their low 64 bits.
A deal seed is written in JSON as a string of hex digits (see `seed_to_json`): a JavaScript number
keeps only 53 bits.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .options import is_whole

T = TypeVar("T")
_M32 = 0xFFFFFFFF
LEGACY_MAX = 2**63 - 1  # largest legacy seed
DEAL_MIN = 2**64  # smallest 128-bit deal seed
DEAL_MAX = 2**128 - 1
JSON_SAFE = 2**53 - 1  # larger seeds travel in JSON as hex strings
_HEX = frozenset("0123456789abcdef")


def new_seed() -> int:
    """A fresh deal seed: 128 bits from the OS (`secrets`; in Pyodide the OS entropy comes from
    `crypto.getRandomValues`), redrawn in the vanishing case (p = 2**-64) that it falls below DEAL_MIN."""
    while True:
        seed = secrets.randbits(128)
        if seed >= DEAL_MIN:
            return seed


def is_seed(value: Any) -> bool:
    """A seed a game may start from: a legacy seed (0..2**63-1) or a deal seed (2**64..2**128-1)."""
    return is_whole(value, 0, LEGACY_MAX) or is_whole(value, DEAL_MIN, DEAL_MAX)


def seed_to_json(seed: int) -> int | str:
    """A seed as JSON: a number up to 2**53-1, else lowercase hex digits (no prefix)."""
    return seed if seed <= JSON_SAFE else format(seed, "x")


def seed_from_json(value: Any) -> int:
    """Inverse of `seed_to_json` (numbers above 2**53-1 are also read, as older records hold them);
    raise ValueError unless the result `is_seed`."""
    if isinstance(value, str):
        if not 1 <= len(value) <= 32 or not set(value) <= _HEX:
            raise ValueError("a seed string is 1-32 lowercase hex digits")
        value = int(value, 16)
    if not is_seed(value):
        raise ValueError("not a seed")
    return value


def _fmix32(h: int) -> int:
    """murmur3's finaliser: a bijection of 32-bit words."""
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & _M32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & _M32
    return h ^ (h >> 16)


def _splitmix32(x: int) -> tuple[int, int]:
    """One splitmix step: (next seed, output word)."""
    x = (x + 0x9E3779B9) & _M32
    z = x
    z = ((z ^ (z >> 16)) * 0x85EBCA6B) & _M32
    z = ((z ^ (z >> 13)) * 0xC2B2AE35) & _M32
    return x, z ^ (z >> 16)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & _M32


class Rng:
    """Small seeded generator; `Rng(seed)`, `to_json()`, `Rng.from_json(value)`."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0) -> None:
        seed = int(seed)
        if DEAL_MIN <= seed <= DEAL_MAX:
            words = [_fmix32(((seed >> (32 * i)) & _M32) ^ (0x9E3779B9 * (i + 1) & _M32)) for i in range(4)]
            if not any(words):
                words[0] = 1
            self.s = words
            for _ in range(8):  # xoshiro mixes slowly: after 8 steps every seed bit reaches every output bit
                self.next_u32()
            return
        x = seed & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 32)) & _M32
        words = []
        for _ in range(4):
            x, w = _splitmix32(x)
            words.append(w)
        if not any(words):
            words[0] = 1
        self.s = words

    def next_u32(self) -> int:
        s = self.s
        s0, s1, s2, s3 = s
        x = (s1 * 5) & _M32
        result = ((((x << 7) | (x >> 25)) & _M32) * 9) & _M32
        s2 ^= s0
        s3 ^= s1
        s[0] = s0 ^ s3
        s[1] = s1 ^ s2
        s[2] = s2 ^ ((s1 << 9) & _M32)
        s[3] = ((s3 << 11) | (s3 >> 21)) & _M32
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection (no modulo bias). The generator step is written out
        here as in next_u32 (the same numbers; this is the hot call of every random playout)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (0x100000000 // n) * n
        s = self.s
        while True:
            s0, s1, s2, s3 = s
            x = (s1 * 5) & _M32
            v = ((((x << 7) | (x >> 25)) & _M32) * 9) & _M32
            s2 ^= s0
            s3 ^= s1
            s[0] = s0 ^ s3
            s[1] = s1 ^ s2
            s[2] = s2 ^ ((s1 << 9) & _M32)
            s[3] = ((s3 << 11) | (s3 >> 21)) & _M32
            if v < limit:
                return v % n

    def random(self) -> float:
        return self.next_u32() / 4294967296.0

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """A new independent generator seeded from this one."""
        r = Rng.__new__(Rng)
        r.s = [self.next_u32() for _ in range(4)]
        if not any(r.s):
            r.s[0] = 1
        return r

    def clone(self) -> Rng:
        r = Rng.__new__(Rng)
        r.s = list(self.s)
        return r

    def to_json(self) -> list[int]:
        return list(self.s)

    @classmethod
    def from_json(cls, value: Any) -> Rng:
        if (not isinstance(value, list) or len(value) != 4
                or not all(is_whole(v, 0, _M32) for v in value)
                or not any(value)):
            raise ValueError("bad rng state")
        r = cls.__new__(cls)
        r.s = list(value)
        return r
