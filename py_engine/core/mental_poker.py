"""Mental poker: a deck dealt among seats that trust no one, not even the host (issue 26, part 2).

The scheme is SRA (Shamir, Rivest, Adleman, "Mental Poker", 1979: commutative Pohlig–Hellman exponentiation)
with the usual second pass that gives every card its own key, so that one card can be opened for one seat.

Group. The quadratic residues modulo a safe prime p = 2q + 1 (q prime), a cyclic group of prime order q:
`GROUP14` is the 2048-bit MODP group of RFC 3526 (section 3); `TEST_GROUP` (64 bits, no security) keeps tests
fast. A key is an exponent k in [1, q-1]; E_k(x) = x^k mod p; its inverse key is k^-1 mod q; keys commute.

Cards. Card i is the residue code(i) = h(i)^2 mod p, with h(i) the SHA-256 expansion of
"explorers-table-card:<p in hex>:<i>" reduced mod p. Every code, hence every ciphertext, is a quadratic
residue, so the Legendre symbol (which x -> x^k keeps) tells nothing about a card; and codes are hash values
with no known multiplicative relation (SRA keeps products, E(x)E(y) = E(xy): codes 2, 3 and 6 would give
those three cards away).

A deal of n cards among seats 0..S-1 (each seat's secrets come from one secret byte string, `SeatKeys`):
1. Lock. Seat 0 takes the codes, seat s > 0 takes seat s-1's output; each shuffles with its secret permutation
   and raises every element to its lock key e_s: out[i] = in[perm[i]]^e_s. With `stream_lock` (the board
   game) a seat sends its output a chunk at a time as it computes it, and a seat whose input is still coming
   raises each arrived element to its key in advance (a cache: what it sends, and when, is unchanged:
   the whole shuffled output once its input is complete), so the next seat's work overlaps the previous one's.
   The lock key is a 256-bit exponent (short exponents as RFC 3526 sizes them for this group: about 128-bit
   security).
2. Rekey. Seat 0 takes the last lock output, seat s > 0 takes seat s-1's rekey output, position by position
   (no shuffle): out[j] = in[j]^(e_s^-1 * k_sj mod q), replacing its lock by a key k_sj of its own for each
   position j. Card keys are full-length: they are handed over during play, and short ones would give the
   lock key away. The last rekey output is the deck: position j holds code(card)^(k_0j * ... * k_(S-1)j).
   Positions are rekeyed in a public order the game chooses (`order`: the hands first, then the deck from
   the top), a chunk at a time, each seat rekeying a chunk as soon as the previous seat's arrives: a
   position can be opened once every seat has rekeyed it, so play starts when the hands are rekeyed and the
   rest of the deck is rekeyed in the background, ahead of the draws.
3. Open position j for seat t: every other seat hands t its unlock key u_sj = k_sj^-1 mod q ("keys"), once;
   t takes keys only for positions it expects (`expect`: its hand, its draws), anything else is "unasked_key";
   t raises the deck's element j to the product of all unlock keys and looks the result up among the codes.
   A result that is no code, or a card already opened elsewhere in this deal, means a wrong key: with two
   seats its sender is named (the receiver knows its own key is right); with more, the verdict names seat -1
   (one of the others) and the audit finds which.
4. Reveal (a card leaves a hidden hand face up): the seat it was opened to sends the card and every seat's
   unlock key for its position; every other seat checks its own key is the one it gave and that the keys open
   the position to that card. A position that was not opened to the sender is "not_dealt".
5. Audit. When the game is over each seat publishes its secret; every lock, rekey and key handed over is
   recomputed from it, and the first seat whose step differs is named ("bad_step", or "wrong_key").

What a seat knows: the codes (public), every message, its own secrets and the cards opened to it or
revealed. Cost: per seat, n short exponentiations (lock) and n full ones (rekey); each open, one full
exponentiation by the receiver. Messages carry at most `CHUNK` group elements (hex), so they stay small.

Pure: no I/O, no global state, no randomness of its own (the caller passes each seat's secret bytes).
Every group element received is checked to be a quadratic residue (`Group.parse`, "not_residue"): a seat
that multiplied an element by p-1 could otherwise follow that card through the next seat's shuffle by its
Legendre symbol.

Cheating raises `Cheat` (a verdict: kind, seat, detail); a seat that does not answer is the link's to time
out, and `SeatDeal.refused` turns that into a verdict.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from collections.abc import Callable
from dataclasses import dataclass

LOCK_BITS = 256
CHUNK = 8  # group elements per message at most (about 4 KB in the 2048-bit group)
REKEY_CHUNK = 4  # positions rekeyed by one poll (about 0.12 s in the browser): a seat that is rekeying the deck in
#                  the background answers a key or a move that soon, and the hands pass the seats in short steps
SECRET_BYTES = 32

# Verdict kinds.
WRONG_KEY = "wrong_key"      # a key that does not open its position (or not the key the audit derives)
NOT_DEALT = "not_dealt"      # a card revealed from a position that was not opened to that seat
REFUSED = "refused"          # a seat that did not send what the protocol needs from it (the link's timeout)
BAD_STEP = "bad_step"        # a lock, rekey or secret that the audit cannot reproduce
MALFORMED = "malformed"      # a message of the wrong shape, order or sender
NOT_RESIDUE = "not_residue"  # a lock or rekey holding a number outside the group (a card marked by its symbol)
UNASKED_KEY = "unasked_key"  # a key for a position the receiver did not draw, or a second key for one
REDEAL = "redeal"            # the host asked a seat that was dealt to take another seat, game, options or group
STOPPED = "stopped"          # the other seat stopped the game on a verdict of its own (not this seat's finding)
BAD_TILES = "bad_tiles"      # the host laid the public tiles from a seed not made from every seat's share
KINDS = (WRONG_KEY, NOT_DEALT, REFUSED, BAD_STEP, MALFORMED, NOT_RESIDUE, UNASKED_KEY, REDEAL, STOPPED, BAD_TILES)
# What a page says of the newer kinds ({name}: the seat the verdict names; web/netplay.py CHEATS has the others).
TEXTS = {
    NOT_RESIDUE: "{name} sent a shuffle with a marked card (a number outside the group). The game is stopped.",
    UNASKED_KEY: "{name} sent a key for a card nobody drew. The game is stopped.",
    REDEAL: "{name} asked to deal your seat again after the deal had begun. The game is stopped.",
    STOPPED: "{name} stopped the game: their device found a broken rule ({kind}).",
    BAD_TILES: "The host laid the event tiles from a seed that was not made from every player's share. The game "
               "is stopped.",
}


class Cheat(Exception):
    """A verdict: `seat` broke the protocol (`kind`, one of KINDS; `detail` in plain English for the record)."""

    def __init__(self, kind: str, seat: int, detail: str) -> None:
        super().__init__(f"seat {seat}: {kind}: {detail}")
        self.kind, self.seat, self.detail = kind, seat, detail

    def verdict(self) -> dict:
        return {"kind": self.kind, "seat": self.seat, "detail": self.detail}


class NotResidue(ValueError):
    """A number in [2, p-1] that is not a quadratic residue: outside the group (see `Group.parse`)."""


def jacobi(a: int, n: int) -> int:
    """The Jacobi symbol (a/n) for odd n > 0: -1, 0 or 1; for a prime n it is the Legendre symbol (Euler's
    criterion a^((n-1)/2) mod n) computed by quadratic reciprocity, a gcd-like loop with no exponentiation
    (a 2048-bit element costs about 1/60 of a modular exponentiation)."""
    a %= n
    t = 1
    while a:
        twos = (a & -a).bit_length() - 1
        a >>= twos
        if twos & 1 and n & 7 in (3, 5):  # (2/n) = -1 exactly for n = 3, 5 mod 8
            t = -t
        if a & n & 3 == 3:  # reciprocity: both 3 mod 4
            t = -t
        a, n = n % a, a
    return t if n == 1 else 0


@dataclass(frozen=True)
class Group:
    """The quadratic residues modulo the safe prime p = 2q + 1."""

    name: str
    p: int

    @property
    def q(self) -> int:
        return (self.p - 1) // 2

    @property
    def width(self) -> int:
        """Hex digits of one element."""
        return (self.p.bit_length() + 3) // 4

    def hex(self, x: int) -> str:
        return format(x, f"0{self.width}x")

    def parse(self, text: object, symbol: Callable[[int, int], int] | None = None) -> int:
        """An element of the group from exactly `width` lowercase hex digits: a number in [2, p-1] (else
        ValueError) whose Legendre symbol is 1 (else NotResidue; `symbol` computes it, `jacobi` by default). The
        residues are exactly the group of prime order q; a non-residue (e.g. an element times p-1) keeps its
        symbol through x -> x^k for odd k, so a seat that let one through would let the sender follow a marked
        card through its shuffle."""
        if not isinstance(text, str) or len(text) != self.width or text.strip("0123456789abcdef"):
            raise ValueError("not a group element")
        x = int(text, 16)
        if not 1 < x < self.p:
            raise ValueError("not a group element")
        if (symbol or jacobi)(x, self.p) != 1:
            raise NotResidue("not a quadratic residue")
        return x

    def parse_key(self, text: object) -> int:
        """A key in [1, q-1] from `width` hex digits, else ValueError."""
        if not isinstance(text, str) or len(text) != self.width or text.strip("0123456789abcdef"):
            raise ValueError("not a key")
        k = int(text, 16)
        if not 0 < k < self.q:
            raise ValueError("not a key")
        return k


GROUP14 = Group("rfc3526-modp-2048", int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD"
    "EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED"
    "EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F"
    "83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B"
    "E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510"
    "15728E5A8AACAA68FFFFFFFFFFFFFFFF", 16))
TEST_GROUP = Group("test-64", 18446744073709543127)  # the largest safe prime below 2**64: tests only
GROUPS = {g.name: g for g in (GROUP14, TEST_GROUP)}


def expand(label: str, nbytes: int, secret: bytes = b"") -> bytes:
    """`nbytes` bytes of SHA-256 in counter mode over label and secret."""
    out = bytearray()
    i = 0
    while len(out) < nbytes:
        out += hashlib.sha256(f"{label}:{i}:".encode("ascii") + secret).digest()
        i += 1
    return bytes(out[:nbytes])


def _below(label: str, secret: bytes, bound: int) -> int:
    """A number in [0, bound) from the secret (64 bits beyond the bound's size: bias below 2**-64)."""
    nbytes = (bound.bit_length() + 7) // 8 + 8
    return int.from_bytes(expand(label, nbytes, secret), "big") % bound


def card_codes(group: Group, n: int) -> list[int]:
    """The public codes of cards 0..n-1: squares of hash values (see the module doc); all distinct."""
    nbytes = (group.p.bit_length() + 7) // 8 + 8
    codes = []
    for i in range(n):
        h = int.from_bytes(expand(f"explorers-table-card:{group.p:x}:{i}", nbytes), "big") % group.p
        codes.append(h * h % group.p)
    if len(set(codes)) != n or min(codes) < 2:  # never for these groups and decks; a guard for others
        raise ValueError("card codes collide in this group")
    return codes


def permutation(secret: bytes, n: int) -> tuple[int, ...]:
    """A seat's shuffle of a deal of n cards, from its deal secret (Fisher–Yates over `_below`)."""
    if not isinstance(secret, bytes) or len(secret) < 16:
        raise ValueError("a seat secret is at least 16 bytes")
    perm = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _below(f"explorers-table-sra-perm:{i}", secret, i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return tuple(perm)


def deal_order(secrets: list[bytes], n: int) -> list[int]:
    """The card at every position of a deal whose seats (in seat order) had these deal secrets: the seats'
    shuffles composed, as the locks applied them. Cheap (no exponentiation): how a finished game's record
    deals each round again (the audit has checked every step against the same secrets)."""
    order = list(range(n))
    for secret in secrets:
        perm = permutation(secret, n)
        order = [order[i] for i in perm]
    return order


@dataclass(frozen=True)
class SeatKeys:
    """One seat's secrets for one deal, all derived from `secret`: the lock key, the permutation and the card
    keys (see the module doc)."""

    lock: int
    perm: tuple[int, ...]
    cards: tuple[int, ...]
    unlock_lock: int = 0  # lock^-1 mod q (derive sets it)

    @classmethod
    def derive(cls, group: Group, secret: bytes, n: int) -> SeatKeys:
        if not isinstance(secret, bytes) or len(secret) < 16:
            raise ValueError("a seat secret is at least 16 bytes")
        lock = 1 + _below("explorers-table-sra-lock", secret, 2 ** LOCK_BITS - 1)
        cards = tuple(1 + _below(f"explorers-table-sra-card:{j}", secret, group.q - 1) for j in range(n))
        return cls(lock, permutation(secret, n), cards, pow(lock, -1, group.q))

    def rekey_exponent(self, group: Group, j: int) -> int:
        inverse = self.unlock_lock or pow(self.lock, -1, group.q)
        return inverse * self.cards[j] % group.q

    def unlock(self, group: Group, j: int) -> int:
        """The key that removes this seat's layer from position j of the deck."""
        return pow(self.cards[j], -1, group.q)


Power = Callable[[int, int, int], int]  # pow(x, e, p)


class Powers:
    """x^e mod p, remembered: one seat's exponentiations, kept in its save (`dump`, `load`: the seat's own
    device, like its secret). A seat rebuilt from its save makes every call again (FairSeatBase.from_json); each
    exponentiation it made before comes from here instead of being made again (about 30 ms each in the
    browser, a few seconds a round). Keyed by an 8-byte digest of (x, e, p): a save from other code, where the
    calls come in another order, only misses.

    `compute` (pow by default) makes an exponentiation and `symbol` (`jacobi`) the Legendre symbol of a received
    element: the page may set faster ones of the same results (web/bignum.py: GMP in WebAssembly)."""

    __slots__ = ("known", "made", "compute", "symbol")

    def __init__(self) -> None:
        self.known: dict[bytes, int] = {}
        self.made = 0  # exponentiations made (not remembered)
        self.compute: Power = pow
        self.symbol: Callable[[int, int], int] = jacobi

    @staticmethod
    def _key(x: int, e: int, p: int) -> bytes:
        h = hashlib.blake2b(digest_size=8)
        for v in (p, e, x):
            h.update(v.to_bytes((v.bit_length() + 8) // 8, "big"))
        return h.digest()

    def __call__(self, x: int, e: int, p: int) -> int:
        key = self._key(x, e, p)
        y = self.known.get(key)
        if y is None:
            y = self.known[key] = self.compute(x, e, p)
            self.made += 1
        return y

    def dump(self, group: Group) -> str:
        """Every remembered result of this group, base64: (digest, result in the group's width) pairs."""
        size = (group.width + 1) // 2
        return base64.b64encode(b"".join(k + y.to_bytes(size, "big") for k, y in self.known.items()
                                         if y < group.p)).decode("ascii")

    def load(self, text: object, group: Group, limit: int = 1 << 24) -> None:
        """Remember what `dump` gave (ValueError for anything else; at most `limit` characters)."""
        size = 8 + (group.width + 1) // 2
        if not isinstance(text, str) or len(text) > limit:
            raise ValueError("not a list of powers")
        try:
            raw = base64.b64decode(text.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError):
            raise ValueError("not a list of powers") from None
        if len(raw) % size:
            raise ValueError("not a list of powers")
        for i in range(0, len(raw), size):
            y = int.from_bytes(raw[i + 8:i + size], "big")
            if not y < group.p:
                raise ValueError("not a list of powers")
            self.known[raw[i:i + 8]] = y


def lock(group: Group, deck: list[int], perm: tuple[int, ...] | list[int], key: int, power: Power = pow) -> list[int]:
    """Shuffle and lock: out[i] = deck[perm[i]]^key mod p."""
    p = group.p
    return [power(deck[i], key, p) for i in perm]


def rekey(group: Group, values: list[int], keys: SeatKeys, positions: list[int], power: Power = pow) -> list[int]:
    """Replace the seat's lock by its card keys on the elements at deck `positions` (no shuffle)."""
    p = group.p
    return [power(x, keys.rekey_exponent(group, j), p) for j, x in zip(positions, values, strict=True)]


def open_value(group: Group, x: int, unlocks: list[int], power: Power = pow) -> int:
    """The deck element `x` with every given unlock key applied (one exponentiation)."""
    e = 1
    for u in unlocks:
        e = e * u % group.q
    return power(x, e, group.p)


def new_secret(entropy: bytes) -> bytes:
    """A seat secret from caller-supplied entropy (e.g. os.urandom(32)): its SHA-256."""
    return hashlib.sha256(b"explorers-table-sra-secret:" + entropy).digest()


def deal_secret(secret: bytes, deal: int) -> bytes:
    """The secret of deal number `deal` (a round) of a game, from the seat's game secret: revealing one deal's
    secret reveals nothing of another's."""
    return hashlib.sha256(f"explorers-table-sra-deal:{deal}:".encode("ascii") + secret).digest()


class SeatDeal:
    """One seat's side of one deal of `n` cards among `seats` seats.

    Messages are dicts {"t": "mp", "k": kind, "deal": deal, "seat": sender, ...} (JSON-able, at most
    `CHUNK` group elements each); `poll()` does the seat's next piece of work and returns the messages to
    broadcast; `receive(msg, sender)` takes one message (the link says who sent it) and raises `Cheat`.
    After a Cheat the deal is stopped (`verdict` is set) and refuses everything else.
    """

    def __init__(self, group: Group, seats: int, me: int, n: int, deal: int, secret: bytes,
                 order: list[int] | None = None, stream_lock: bool = False, blocks: list[int] | None = None,
                 power: Power = pow) -> None:
        """`power`: how this seat raises x^e mod p (a `Powers` remembers them for the seat's save)."""
        if not 2 <= seats <= 8 or not 0 <= me < seats or not 2 <= n <= 256:
            raise ValueError("a deal is 2–8 seats and 2–256 cards")
        self.order = list(range(n)) if order is None else list(order)  # the rekey order of positions
        if sorted(self.order) != list(range(n)):
            raise ValueError("the rekey order is not a permutation of the positions")
        self._at = {j: i for i, j in enumerate(self.order)}
        self.group, self.seats, self.me, self.n, self.deal = group, seats, me, n, deal
        self.lanes = blocks is not None
        self.first = [0] * n  # position -> the seat that rekeys it first (then the next seats in turn)
        self.seq = [self.order] * seats  # seat -> the positions in the order it rekeys them
        self._ends: list[int] = []  # with lanes: index in my `seq` -> the end of its block
        if blocks is not None:
            self._lanes(blocks, seats, me)
        self._at_seat = [self._at] * seats if not self.lanes else [{j: i for i, j in enumerate(q)} for q in self.seq]
        self.group, self.seats, self.me, self.n, self.deal = group, seats, me, n, deal
        self._secret = secret
        self.power = power
        self._keys = SeatKeys.derive(group, secret, n)
        self.codes = card_codes(group, n)
        self._index = {c: i for i, c in enumerate(self.codes)}
        self.locks: list[list[int]] = [[] for _ in range(seats)]   # each seat's lock output (public)
        self.rekeys: list[list[int]] = [[] for _ in range(seats)]  # each seat's rekey output, in `order`
        self._sent_lock = False
        self.stream_lock = stream_lock
        self._powered: dict[int, int] = {}  # input index -> input^lock, computed ahead (stream_lock)
        self.owner: dict[int, int] = {}      # position -> seat it was opened to
        self.given: dict[int, int] = {}      # position -> my unlock key handed over (to its owner or in a reveal)
        self.received: dict[int, dict[int, int]] = {}  # position -> {seat: unlock key} handed to me or revealed
        self.cards: dict[int, int] = {}      # position -> card, for positions opened to me or revealed
        self.revealed: set[int] = set()
        self.secrets: dict[int, bytes] = {me: secret}
        self.verdict: dict | None = None

    def _lanes(self, blocks: list[int], seats: int, me: int) -> None:
        """Rekey lanes: `order` cut into blocks of these sizes; in each group of `seats` consecutive blocks, the k-th
        block is rekeyed first by seat k, then by the next seats in turn (seat k+1, …, k-1), so every seat works on
        a block of its own at once instead of waiting for the seats before it. The layers commute (x^(ab) =
        x^(ba)): the deck, every key and the audit's checks are the same; only the order in which a position's
        layers are replaced changes. Seat s rekeys a group's blocks starting with its own, then the one of seat
        s-1, s-2, …: each reaches it just after the seat before it rekeyed it."""
        if sum(blocks) != self.n or not all(type(b) is int and b > 0 for b in blocks):
            raise ValueError("rekey blocks must cut the positions")
        cut, at = [], 0
        for b in blocks:
            cut.append(self.order[at:at + b])
            at += b
        for k, block in enumerate(cut):
            for j in block:
                self.first[j] = k % seats
        seq: list[list[int]] = [[] for _ in range(seats)]
        ends: list[list[int]] = [[] for _ in range(seats)]
        for g in range(0, len(cut), seats):
            group = cut[g:g + seats]
            for s in range(seats):
                for r in range(seats):
                    k = (s - r) % seats
                    if k < len(group):
                        seq[s] += group[k]
                        ends[s] += [len(seq[s])] * len(group[k])
        self.seq, self._ends = seq, ends[me]

    # --- state ----------------------------------------------------------------------------------
    def value(self, s: int, j: int) -> int | None:
        """Seat s's rekey output at position j, once it has rekeyed j, else None."""
        i = self._at_seat[s][j]
        out = self.rekeys[s]
        return out[i] if i < len(out) else None

    def before(self, s: int, j: int) -> int | None:
        """What seat s rekeys at position j: the locked deck's element if s rekeys j first, else the output of the
        seat before it (None until that seat has rekeyed j). Every lock must be complete."""
        if self.first[j] == s:
            return self.locks[-1][j]
        return self.value((s - 1) % self.seats, j)

    @property
    def deck(self) -> list[int] | None:
        """The encrypted deck (by position) once every seat has rekeyed all of it, else None."""
        if any(len(r) < self.n for r in self.rekeys):
            return None
        return [self.element(j) for j in range(self.n)]

    def element(self, j: int) -> int | None:
        """The encrypted card at position j once every seat has rekeyed it, else None."""
        if not self.lanes:
            i = self._at[j]
            last = self.rekeys[-1]
            return last[i] if i < len(last) else None
        return self.value((self.first[j] - 1) % self.seats, j)

    def ready(self, positions: list[int]) -> bool:
        """Every seat has rekeyed these positions: they can be opened."""
        return all(self.element(j) is not None for j in positions)

    def progress(self, first: int | None = None) -> float:
        """How far the deal is, 0 to 1, until the first `first` positions of `order` (all by default) can be
        opened: every seat's lock, then every seat's rekey of those positions (for a progress bar)."""
        first = self.n if first is None else first
        if self.lanes:
            wanted = self.order[:first]
            done = sum(len(lk) for lk in self.locks) + sum(
                1 for s in range(self.seats) for j in wanted if self._at_seat[s][j] < len(self.rekeys[s]))
        else:
            done = sum(len(lk) for lk in self.locks) + sum(min(len(r), first) for r in self.rekeys)
        return done / (self.seats * (self.n + first))

    def waiting(self) -> list[tuple[int, str]]:
        """(seat, what) this seat waits for now: the link times these out (see `refused`)."""
        if self.verdict is not None:
            return []
        for s in range(self.seats):
            if len(self.locks[s]) < self.n:
                return [] if s == self.me else [(s, "lock")]
        if self.lanes and len(self.rekeys[self.me]) < self.n:  # I rekey, or wait for the seat before me
            j = self.seq[self.me][len(self.rekeys[self.me])]
            return [] if self.before(self.me, j) is not None else [((self.me - 1) % self.seats, "rekey")]
        for s in range(self.seats):
            if len(self.rekeys[s]) < self.n:
                return [] if s == self.me else [(s, "rekey")]
        out = []
        for j, seat in self.owner.items():
            if seat == self.me and j not in self.cards:
                have = self.received.get(j, {})
                out += [(s, f"key {j}") for s in range(self.seats) if s != self.me and s not in have]
        return out

    def refused(self, seat: int, what: str) -> Cheat:
        """The link gave up waiting for `seat` (see `waiting`): the verdict, also recorded here."""
        return self._stop(Cheat(REFUSED, seat, f"did not send its {what}"))

    def _stop(self, cheat: Cheat) -> Cheat:
        if self.verdict is None:
            self.verdict = cheat.verdict()
        return cheat

    def _msg(self, kind: str, **fields) -> dict:
        return {"t": "mp", "k": kind, "deal": self.deal, "seat": self.me, **fields}

    # --- the deal -------------------------------------------------------------------------------
    def poll(self) -> list[dict]:
        """The next piece of this seat's work (a whole lock, or one chunk of its rekey), as messages."""
        if self.verdict is not None:
            return []
        g, me = self.group, self.me
        if not self._sent_lock and self.stream_lock:
            return self._lock_step()
        if not self._sent_lock:
            source = self.codes if me == 0 else self.locks[me - 1]
            if len(source) < self.n:
                return []
            self.locks[me] = lock(g, source, self._keys.perm, self._keys.lock, self.power)
            self._sent_lock = True
            return self._chunks("lock", self.locks[me])
        if any(len(lk) < self.n for lk in self.locks):
            return []
        done = len(self.rekeys[me])
        seq = self.seq[me]
        if not self.lanes and me == 0:
            end = min(self.n, done + REKEY_CHUNK)
            values = [self.locks[-1][j] for j in self.order[done:end]]
        elif not self.lanes:
            end = min(len(self.rekeys[me - 1]), done + REKEY_CHUNK)
            values = self.rekeys[me - 1][done:end]
        else:  # up to a chunk of my next block, as far as the seat before me has rekeyed it
            cap, end, values = min(self.n, done + REKEY_CHUNK, self._ends[done]) if done < self.n else done, done, []
            while end < cap:
                x = self.before(me, seq[end])
                if x is None:
                    break
                values.append(x)
                end += 1
        if end <= done:
            return []
        out = rekey(g, values, self._keys, seq[done:end], self.power)
        self.rekeys[me] += out
        return [self._msg("rekey", at=done, x=[g.hex(x) for x in out])]

    def _lock_step(self) -> list[dict]:
        """One chunk of a streamed lock: the next CHUNK elements of my output once my input is complete, else
        CHUNK arrived input elements raised to my lock key ahead of time (no message)."""
        g, me, keys = self.group, self.me, self._keys
        source = self.codes if me == 0 else self.locks[me - 1]
        if len(source) < self.n:
            todo = [i for i in range(len(source)) if i not in self._powered][:CHUNK]
            for i in todo:
                self._powered[i] = self.power(source[i], keys.lock, g.p)
            return []
        done = len(self.locks[me])
        end = min(self.n, done + CHUNK)
        out = []
        for i in keys.perm[done:end]:
            x = self._powered.pop(i, None)
            out.append(self.power(source[i], keys.lock, g.p) if x is None else x)
        self.locks[me] += out
        self._sent_lock = end == self.n
        return [self._msg("lock", at=done, x=[g.hex(x) for x in out])]

    def _chunks(self, kind: str, values: list[int]) -> list[dict]:
        return [self._msg(kind, at=i, x=[self.group.hex(x) for x in values[i:i + CHUNK]])
                for i in range(0, len(values), CHUNK)]

    # --- keys and cards -------------------------------------------------------------------------
    def give(self, to: int, positions: list[int]) -> dict:
        """The message handing seat `to` my unlock keys for `positions` (it becomes their owner)."""
        if self.verdict is not None or not all(type(j) is int and 0 <= j < self.n for j in positions) \
                or not self.ready(positions):
            raise ValueError("those positions are not ready")
        for j in positions:
            if (j in self.owner and self.owner[j] != to) or j in self.revealed:
                raise ValueError(f"position {j} cannot be opened for seat {to}")
        keys = []
        for j in positions:
            self.owner[j] = to
            self.given[j] = self._keys.unlock(self.group, j)
            keys.append(self.group.hex(self.given[j]))
        return self._msg("keys", to=to, pos=list(positions), x=keys)

    def expect(self, seat: int, positions: list[int]) -> None:
        """Note that the other seats open `positions` to `seat` (me or another seat): a reveal from any other
        seat of those positions is then "not_dealt"."""
        for j in positions:
            self.owner[j] = seat

    def card(self, j: int) -> int | None:
        """The card at position j if it was opened to me (every key received) or revealed, else None."""
        if j in self.cards:
            return self.cards[j]
        if self.owner.get(j) != self.me or self.element(j) is None:
            return None
        have = self.received.get(j, {})
        if any(s not in have for s in range(self.seats) if s != self.me):
            return None
        keys = [have[s] for s in range(self.seats) if s != self.me] + [self._keys.unlock(self.group, j)]
        card = self._index.get(open_value(self.group, self.element(j), keys, self.power))
        if card is None or card in self.cards.values():
            sender = next(s for s in range(self.seats) if s != self.me) if self.seats == 2 else -1
            raise self._stop(Cheat(WRONG_KEY, sender, f"the keys for position {j} open no card of this deck"))
        self.cards[j] = card
        return card

    def reveal(self, j: int) -> dict:
        """The message showing everyone the card at my position j, with every seat's unlock key for it."""
        card = self.card(j)
        if card is None or j in self.revealed:
            raise ValueError(f"position {j} is not a hidden card of mine")
        self.revealed.add(j)
        have = self.received[j]
        keys = [self.group.hex(self._keys.unlock(self.group, j) if s == self.me else have[s])
                for s in range(self.seats)]
        return self._msg("reveal", pos=j, card=card, x=keys)

    # --- receiving ------------------------------------------------------------------------------
    def _asked(self, j: int, sender: int) -> bool:
        """This seat waits for `sender`'s key for position j: it expects j opened to itself (its hand, its draw),
        has no key from `sender` for it yet, and j was not shown."""
        return self.owner.get(j) == self.me and sender not in self.received.get(j, {}) and j not in self.revealed

    def receive(self, msg: dict, sender: int) -> int | None:
        """Take one message from `sender`; returns the card of a reveal, else None. Raises Cheat."""
        if self.verdict is not None:
            raise ValueError("the deal was stopped: " + self.verdict["detail"])
        try:
            return self._receive(msg, sender)
        except Cheat as cheat:
            raise self._stop(cheat) from None

    def _receive(self, msg: dict, sender: int) -> int | None:
        g = self.group

        def bad(why: str) -> Cheat:
            return Cheat(MALFORMED, sender, why)

        if not isinstance(msg, dict) or msg.get("t") != "mp" or msg.get("deal") != self.deal:
            raise bad("not a message of this deal")
        if msg.get("seat") != sender or sender == self.me or not 0 <= sender < self.seats:
            raise bad("a message in another seat's name")
        kind = msg.get("k")
        if kind in ("lock", "rekey"):
            store = (self.locks if kind == "lock" else self.rekeys)[sender]
            xs = msg.get("x")
            if msg.get("at") != len(store) or not isinstance(xs, list) or not 0 < len(xs) <= CHUNK \
                    or len(store) + len(xs) > self.n:
                raise bad(f"a {kind} chunk out of order")
            if kind == "lock" and sender > 0 and len(self.locks[sender - 1]) < self.n:
                raise bad("a lock before its turn")
            if kind == "rekey":
                ready = self.n if sender == 0 else len(self.rekeys[sender - 1])
                if any(len(lk) < self.n for lk in self.locks):
                    raise bad("a rekey before its turn")
                todo = self.seq[sender][len(store):len(store) + len(xs)]
                if (len(store) + len(xs) > ready) if not self.lanes else \
                        any(self.before(sender, j) is None for j in todo):
                    raise bad("a rekey before its turn")
            try:
                store += [g.parse(x, getattr(self.power, "symbol", jacobi)) for x in xs]
            except NotResidue:
                raise Cheat(NOT_RESIDUE, sender, f"its {kind} holds a number outside the group of quadratic "
                            "residues (a card marked so that its shuffle could be followed)") from None
            except ValueError:
                raise bad(f"a {kind} chunk that is not group elements") from None
            return None
        if kind == "keys":
            pos, xs, to = msg.get("pos"), msg.get("x"), msg.get("to")
            if not isinstance(pos, list) or not isinstance(xs, list) or len(pos) != len(xs) or not pos \
                    or len(pos) > self.n or type(to) is not int or not 0 <= to < self.seats or to == sender:
                raise bad("a keys message of the wrong shape")
            keys = []
            for j, x in zip(pos, xs):  # every check first: a refused message changes nothing
                if type(j) is not int or not 0 <= j < self.n or self.element(j) is None:
                    raise bad(f"a key for position {j!r}, which is not rekeyed")
                if to == self.me and (not self._asked(j, sender) or pos.count(j) > 1):
                    raise Cheat(UNASKED_KEY, sender, f"it sent a key for position {j}, which this seat did not "
                                "draw or already holds a key for")
                if self.owner.get(j, to) != to:
                    raise Cheat(NOT_DEALT, sender, f"opened position {j}, not dealt to seat {to}")
                try:
                    keys.append(g.parse_key(x))
                except ValueError:
                    raise Cheat(WRONG_KEY, sender, f"its key for position {j} is not a key") from None
            for j, key in zip(pos, keys):
                self.owner[j] = to
                if to == self.me:
                    self.received.setdefault(j, {})[sender] = key
            return None
        if kind == "reveal":
            j, card, xs = msg.get("pos"), msg.get("card"), msg.get("x")
            if type(j) is not int or not 0 <= j < self.n or type(card) is not int or not 0 <= card < self.n \
                    or not isinstance(xs, list) or len(xs) != self.seats or self.element(j) is None:
                raise bad("a reveal of the wrong shape")
            if self.owner.get(j) != sender or j in self.revealed:
                raise Cheat(NOT_DEALT, sender, f"showed position {j}, which was not dealt to it")
            try:
                keys = [g.parse_key(x) for x in xs]
            except ValueError:
                raise Cheat(WRONG_KEY, sender, f"its keys for position {j} are not keys") from None
            mine = self.given.get(j, self._keys.unlock(g, j))
            if keys[self.me] != mine:
                raise Cheat(WRONG_KEY, sender, f"it showed position {j} with another key than the one it got")
            if open_value(g, self.element(j), keys, self.power) != self.codes[card] or card in self.cards.values():
                raise Cheat(WRONG_KEY, sender, f"its keys do not open position {j} to the card it named")
            self.revealed.add(j)
            self.cards[j] = card
            for s, key in enumerate(keys):
                self.received.setdefault(j, {})[s] = key
            return card
        if kind == "secret":
            try:
                secret = bytes.fromhex(msg.get("secret", ""))
            except (TypeError, ValueError):
                raise bad("a secret that is not hex") from None
            if not 16 <= len(secret) <= 64:
                raise bad("a secret of the wrong size")
            self.secrets[sender] = secret
            return None
        raise bad(f"an unknown message kind {kind!r}")

    def check_seat(self, s: int) -> Cheat | None:
        """After a key that opened no card at 3+ seats (the receiver cannot tell whose it was): whether seat s's
        published secret gives its lock, every key it handed this seat and its rekey of each position that did not
        open; the Cheat naming s if not, else None (s is cleared). Cost: its lock again (short exponents) and one
        full exponentiation per position that did not open."""
        g = self.group
        keys = SeatKeys.derive(g, self.secrets[s], self.n)
        source = self.codes if s == 0 else self.locks[s - 1]
        if len(source) < self.n or lock(g, source, keys.perm, keys.lock, self.power) != self.locks[s]:
            return Cheat(BAD_STEP, s, "its lock is not the one the secret it showed gives")
        for j, have in sorted(self.received.items()):
            if s in have and have[s] != keys.unlock(g, j):
                return Cheat(WRONG_KEY, s, f"its key for position {j} is not the one its secret gives")
        for j in sorted(self.received):
            i = self._at_seat[s][j]
            if j in self.cards or i >= len(self.rekeys[s]):
                continue
            before = self.before(s, j)
            if before is None or self.power(before, keys.rekey_exponent(g, j), g.p) != self.rekeys[s][i]:
                return Cheat(BAD_STEP, s, f"its rekey of position {j} is not the one its secret gives")
        return None

    # --- the end --------------------------------------------------------------------------------
    def secret_message(self) -> dict:
        """My secret, for the audit: sent only when the game is over."""
        return self._msg("secret", secret=self._secret.hex())

    def audit(self, trust_me: bool = True) -> list[int]:
        """Check every other seat's steps against its published secret (all seats' with `trust_me=False`);
        returns the card at every deck position. Raises Cheat naming the first seat whose step differs."""
        try:
            return self._audit(trust_me)
        except Cheat as cheat:
            raise self._stop(cheat) from None

    def _audit(self, trust_me: bool) -> list[int]:
        g, n = self.group, self.n
        if self.deck is None:
            raise ValueError("the deal is not complete")
        keys: list[SeatKeys] = []
        for s in range(self.seats):
            if s not in self.secrets:
                raise Cheat(REFUSED, s, "did not reveal its secret at the end")
            keys.append(SeatKeys.derive(g, self.secrets[s], n))
        for s in range(self.seats):
            if trust_me and s == self.me:
                continue
            source = self.codes if s == 0 else self.locks[s - 1]
            if lock(g, source, keys[s].perm, keys[s].lock, self.power) != self.locks[s]:
                raise Cheat(BAD_STEP, s, "its lock is not the one its secret gives")
            source = [self.before(s, j) for j in self.seq[s]]
            if rekey(g, source, keys[s], self.seq[s], self.power) != self.rekeys[s]:
                raise Cheat(BAD_STEP, s, "its rekey is not the one its secret gives")
        for j, have in self.received.items():
            for s, key in have.items():
                if key != keys[s].unlock(g, j):
                    raise Cheat(WRONG_KEY, s, f"its key for position {j} is not the one its secret gives")
        order = deal_order([self.secrets[s] for s in range(self.seats)], n)  # the card at each position
        for j, card in self.cards.items():
            if order[j] != card:  # cannot happen once every step is verified; a guard against a broken group
                raise Cheat(BAD_STEP, self.owner.get(j, 0), f"position {j} was shown as another card")
        return order
