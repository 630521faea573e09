"""Hash chains: every seat's fresh contribution to each random event of a table with remote seats.

Each contributing party (the host, and every remote seat) draws a secret of 32 random bytes and makes the chain

    L[LENGTH] = the secret (64 hex digits),   L[k-1] = SHA-256("explorers-table-chain:" + L[k]) as 64 hex digits

and commits to its head L[0] before any event: the host in its "seat" message, a guest in its "chain" answer; the
host shows every head to every guest ("chains"). The k-th event a party contributes to reveals its link L[k]: anyone
checks it with `follows(L[k-1], L[k])`. A link is fixed by the head, so nobody can choose it, and it is secret until
revealed, so nobody can foresee it. For a move that draws randomness the host asks every remote seat for its next
link only after the move is fixed ("rand"), and the move's contribution to its events (core/events.py) is

    SHA-256("explorers-table-contribution:<move index>:" + the links of the host and of each seat, "-" for a seat
            that gives none, joined by ",") as 64 hex digits

so neither the host nor any guest knows a Catan roll, an Arnak draw or a reshuffle before the move is made.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

LENGTH = 4096  # events a party can contribute to in one game (a long Catan game uses a few hundred)
_HEX = frozenset("0123456789abcdef")


def is_link(value: Any) -> bool:
    """A head or link: 64 lowercase hex digits."""
    return type(value) is str and len(value) == 64 and set(value) <= _HEX


def step(link: str) -> str:
    """The link before `link` in its chain."""
    return hashlib.sha256(f"explorers-table-chain:{link}".encode("ascii")).hexdigest()


def follows(previous: str, link: Any) -> bool:
    """Whether `link` is the next link of a chain after `previous` (its head or its last revealed link)."""
    return is_link(link) and step(link) == previous


def contribution(move: int, links: list) -> str:
    """The contribution of move number `move` from the revealed links (host first, then one per seat or None)."""
    text = ",".join("-" if link is None else link for link in links)
    return hashlib.sha256(f"explorers-table-contribution:{move:d}:{text}".encode("ascii")).hexdigest()


class Chain:
    """One party's chain: `head`, and `reveal()` gives the next link (at most LENGTH)."""

    __slots__ = ("secret", "used", "_links")

    def __init__(self, secret: str | None = None, used: int = 0) -> None:
        secret = secrets.token_hex(32) if secret is None else secret
        if not is_link(secret) or type(used) is not int or not 0 <= used <= LENGTH:
            raise ValueError("a chain needs a secret of 64 hex digits and 0 <= used <= LENGTH")
        links = [secret]
        for _ in range(LENGTH):
            links.append(step(links[-1]))
        links.reverse()  # links[k] = L[k]
        self.secret, self.used, self._links = secret, used, links

    @property
    def head(self) -> str:
        return self._links[0]

    def link(self, k: int) -> str:
        """L[k] (k >= 1): the link revealed for the k-th event."""
        if not 1 <= k <= LENGTH:
            raise ValueError("no such link")
        return self._links[k]

    def reveal(self) -> str:
        """The next link (counted)."""
        if self.used >= LENGTH:
            raise ValueError("this chain is used up")
        self.used += 1
        return self._links[self.used]

    def to_json(self) -> dict:
        return {"secret": self.secret, "used": self.used}

    @classmethod
    def from_json(cls, value: Any) -> Chain:
        if not isinstance(value, dict):
            raise ValueError("not a saved chain")
        return cls(value.get("secret"), value.get("used"))


def check_links(heads: list, log: list, moves: int) -> str | None:
    """Why the log of revealed links ([move index, [host link, seat links...]] per contributed move) does not follow
    the heads (host first, then one per seat or None), or None when every link is the next of its party's chain."""
    last = list(heads)
    seen = -1
    for entry in log:
        if not (isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
                and seen < entry[0] < moves and isinstance(entry[1], list) and len(entry[1]) == len(heads)):
            return "a malformed entry"
        seen = entry[0]
        for who, link in enumerate(entry[1]):
            if link is None:
                continue
            if last[who] is None or not follows(last[who], link):
                return f"a link of {'the host' if who == 0 else f'seat {who}'} at move {entry[0]} is not its next"
            last[who] = link
        if entry[1][0] is None:
            return f"the host gave no link at move {entry[0]}"
    return None
