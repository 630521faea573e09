"""Deterministic PRNG whose whole state is one JSON value.

xoshiro128** on 32-bit words, written with plain integer arithmetic so it gives
bit-identical results on every CPython (3.11 here, 3.14 in Pyodide).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .options import is_whole

T = TypeVar("T")
_M32 = 0xFFFFFFFF


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
        x = int(seed) & 0xFFFFFFFFFFFFFFFF
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
        result = (_rotl((s[1] * 5) & _M32, 7) * 9) & _M32
        t = (s[1] << 9) & _M32
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 11)
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (0x100000000 // n) * n
        while True:
            v = self.next_u32()
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
