"""Lost Cities: The Board Game dealt by mental poker, 2–4 seats: each seat knows its own hand and the public
cards, nothing else (issue 37 hole 9; the protocol is py_engine.core.fair_seat's, shared with the card game).

Each seat runs the unchanged rules on a *knowledge state*: a `LostCitiesBoardState` whose cards the seat has
not seen are slot ids `SLOT + j` (j: the card's position in the expedition's encrypted deck of 110 cards).
The engine deals as it always does (`_deal`: the tiles, then the cards); the knowledge state keeps the tiles
and replaces the cards by positions, exactly in the engine's deal order:
- two players: positions 0–29 are the 30 cards removed face down (`TWO_PLAYER_REMOVED`); they are never
  opened to anyone during the game (no seat hands out a key for them); the audit shows them at the end;
- then 8 positions per seat (seat 0's hand first), then the deck, drawn from its end (position 109 first).
Every expedition is a new deal. The tiles come from the table's seed, as in a game dealt by the seed (they
are public and no card depends on them); the cards the seed would deal are thrown away. At a table of this
version the seed is not known when the seat is made (`seed=None`): every seat commits to a share and the seed
is made from all of them (py_engine/net/host.py, guest.py: the joint deal's "commit", "commits" and "share",
then "tiles"), and `set_tiles(seed)` lays the tiles then. Until then the board shows no tile and nobody moves
(the deal itself does not depend on the tiles: the first expedition's starter is seat 0).

A card names a colour and a value, and each card exists twice: a seat that plays ("start" / "advance" /
"discard", colour, value) from a hidden position reveals one of its copies with the keys, and every other
seat checks the revealed card has that colour and value. A play of a card the seat holds face up (drawn
from a discard pile) needs no reveal.

What a seat cannot check during play: that another seat's "start" card is the lowest of its colour in that
seat's hand (the rule of seed 000; the seat's other cards are hidden). The knowledge state checks it against
the cards it knows of that hand; after the audit `final_check` replays the whole game with every card known,
so a start that broke the rule is named then ("illegal").
"""

from __future__ import annotations

import json

from ...core import Record, RecordError, Rng
from ...core import mental_poker as mp
from ...core.errors import IllegalAction
from ...core.fair_seat import ILLEGAL, SLOT, FairSeatBase
from .data import COLOURS, HAND_SIZE, NCARDS, TWO_PLAYER_REMOVED, VALUES
from .state import GAME, LostCitiesBoardState

SAVE_FORMAT = "explorers-table-fair-seat-board"
CIDX = {c: i for i, c in enumerate(COLOURS)}
__all__ = ["SLOT", "BoardFairSeat", "BoardKnowledge", "dealt_start", "replay"]


def _slots(cls: type) -> list[str]:
    """Every slot of a state class (its own and its bases')."""
    return [name for k in cls.__mro__ for name in getattr(k, "__slots__", ())]


def removed_count(players: int) -> int:
    return TWO_PLAYER_REMOVED if players == 2 else 0


def hand_positions(players: int, seat: int) -> list[int]:
    """Seat `seat`'s 8 positions: after the removed cards (2 players), in seat order."""
    at = removed_count(players) + seat * HAND_SIZE
    return list(range(at, at + HAND_SIZE))


def rekey_order(players: int, starter: int = 0) -> list[int]:
    """Every hand first, in turn order from the expedition's starter (play starts when the starter's hand is
    rekeyed and opened; the next seat's is ready one chunk later), then the deck from its top (the next draws),
    then the removed cards (never opened; rekeyed last, for the audit)."""
    at = removed_count(players)
    hands = [j for k in range(players) for j in hand_positions(players, (starter + k) % players)]
    return hands + list(range(NCARDS - 1, at + players * HAND_SIZE - 1, -1)) + list(range(at - 1, -1, -1))


class BoardKnowledge(LostCitiesBoardState):
    """A board-game state in which unseen cards are slot ids (see the module doc)."""

    __slots__ = ()

    def _deal(self, starter: int) -> None:
        super()._deal(starter)  # the tiles from the seed (and the seed's cards, replaced here)
        n, at = self.players, removed_count(self.players)
        self.removed = [SLOT + j for j in range(at)]
        self.hands = [[SLOT + j for j in hand_positions(n, t)] for t in range(n)]
        self.deck = [SLOT + j for j in range(at + n * HAND_SIZE, NCARDS)]

    @classmethod
    def start(cls, players: int, seed: int, options: dict) -> BoardKnowledge:
        opts = GAME.normalize_options(options)
        s = cls.initial(GAME, players, Rng(seed), opts)
        s.record = Record(GAME.id, players, seed, dict(opts), [])
        return s

    def view(self, seat: int | None) -> dict:
        """The engine's view; my cards not yet opened (slots) are left out of "hand" while the deal runs
        (the player's "hand_count" still counts them). Slots never reach a view otherwise: other hands, the
        deck and the removed cards are shown as counts."""
        hands = self.hands
        if seat is None or all(c < SLOT for c in hands[seat]):
            return super().view(seat)
        self.hands = [h if i != seat else [c for c in h if c < SLOT] for i, h in enumerate(hands)]
        try:
            v = super().view(seat)
        finally:
            self.hands = hands
        for info, h in zip(v["player_info"], hands):
            info["hand_count"] = len(h)
        return v

    def learn(self, seat: int, position: int, card: int) -> bool:
        """Slot `position` in `seat`'s hand is `card`; False if that hand holds no such slot."""
        hand = self.hands[seat]
        if SLOT + position not in hand:
            return False
        hand.remove(SLOT + position)
        hand.append(card)
        hand.sort()
        return True


class _Dealt(BoardKnowledge):
    """A knowledge state that knows every card: each expedition's slots replaced from `orders` (`replay`)."""

    __slots__ = ("orders",)

    def _deal(self, starter: int) -> None:
        super()._deal(starter)
        orders = getattr(self, "orders", None)  # unset during `start`: `replay` fills expedition 1 itself
        if orders is not None:
            if self.expedition > len(orders):
                raise RecordError(f"the record holds no deal for expedition {self.expedition}")
            self._fill(orders[self.expedition - 1])

    def _fill(self, order: list[int]) -> None:
        self.hands = [sorted(order[c - SLOT] for c in h) for h in self.hands]
        self.deck = [order[c - SLOT] for c in self.deck]
        self.removed = sorted(order[c - SLOT] for c in self.removed)


def _dealt(players: int, seed: int, options: dict, orders: list[list[int]]) -> _Dealt:
    s = _Dealt.start(players, seed, options)
    s.orders = [list(o) for o in orders]
    s._fill(s.orders[0])
    return s


def replay(players: int, seed: int, options: dict, moves: list, orders: list[list[int]]) -> LostCitiesBoardState:
    """The whole game with every card known: the moves played on the audited deals (one order per
    expedition). Raises IllegalAction (with the seat in `.seat`) at the first move that does not fit."""
    s = _dealt(players, seed, options, orders)
    for seat, encoded in moves:
        try:
            s.apply(seat, GAME.decode(encoded))
        except IllegalAction as exc:
            exc.seat = seat
            raise
    return s


def dealt_start(players: int, seed: int, options: dict | None, fair: object) -> LostCitiesBoardState:
    """The start of a finished game from its record's "fair" entry (the group and each expedition's deal
    secrets, one per seat): every expedition dealt as the seats' shuffles dealt it, every card known."""
    if not 2 <= players <= 4 or not isinstance(fair, dict) or fair.get("group") not in mp.GROUPS:
        raise RecordError("this record is not of a board game dealt by mental poker")
    rounds = fair.get("secrets")
    if rounds is None:
        raise RecordError("a game dealt by mental poker can be replayed once it is over and its deals were audited")
    try:
        if not isinstance(rounds, list) or not 1 <= len(rounds) <= 3 \
                or not all(isinstance(row, list) and len(row) == players for row in rounds):
            raise ValueError
        secrets = [[bytes.fromhex(x) for x in row] for row in rounds]
        if not all(16 <= len(x) <= 64 for row in secrets for x in row):
            raise ValueError
    except (TypeError, ValueError):
        raise RecordError("bad deal secrets in the record") from None
    s = _dealt(players, seed, options or {}, [mp.deal_order(row, NCARDS) for row in secrets])
    s.record.fair = json.loads(json.dumps(fair))
    return s


def _is_seed(seed: object) -> bool:
    return type(seed) is int and 0 <= seed < 2 ** 128


class BoardFairSeat(FairSeatBase):
    """One seat of a board game of 2–4 seats dealt by mental poker (see the module doc). `seed` (public, the
    same for every seat) lays the tiles; None: not known yet (made by every seat, laid by `set_tiles`)."""

    GAME = GAME
    SAVE_FORMAT = SAVE_FORMAT
    TILES = True  # a public seed lays what the deal does not draw (the net layer makes it from every seat's share)
    players_allowed = (2, 3, 4)
    HANDS_AT_ONCE = False
    STREAM_LOCK = True

    def __init__(self, me: int, secret: bytes, options: dict | None = None, group: mp.Group = mp.GROUP14,
                 players: int = 2, seed: int | None = 0, lanes: bool = True) -> None:
        if seed is not None and not _is_seed(seed):
            raise ValueError("the seed is a whole number from 0 to 2**128-1")
        self.seed = seed
        self.lanes = lanes is True  # rekey lanes (`rekey_blocks`); a seat saved by the previous version has none
        self.seed_given = seed  # the seed the seat was made with (a seat of the previous version: the host's)
        super().__init__(me, secret, options, group, players)

    def save_fields(self) -> dict:
        return {"players": self.players, "seed": self.seed_given, "lanes": self.lanes}

    def rekey_blocks(self) -> list[int] | None:
        """The starter's hand cut into one block per seat (every seat rekeys a part of it at once: it is ready
        after a quarter of the rekeys in a row at 4 seats), then blocks of a chunk (the other hands at once)."""
        if not self.lanes:
            return None
        first = [HAND_SIZE // self.players + (k < HAND_SIZE % self.players) for k in range(self.players)]
        rest = NCARDS - HAND_SIZE
        return first + [mp.CHUNK] * (rest // mp.CHUNK) + ([rest % mp.CHUNK] if rest % mp.CHUNK else [])

    def set_tiles(self, seed: int) -> None:
        """Lay the tiles from `seed`, made by every seat once the seat exists (see the module doc): the knowledge
        state is made again from it, with the cards of my hand already opened. Only once, before any move."""
        if self.seed is not None or not _is_seed(seed) or self.state.record.moves:
            raise ValueError("the tiles are laid once, from a seed of 0 to 2**128-1, before any move")
        self._log.append(["tiles", seed])
        self.seed = seed
        fresh = self.new_state()
        fresh.record = self.state.record  # no move yet; its salt and "fair" entry stay
        fresh.record.seed = seed
        for card, j in self._slots.items():
            fresh.learn(self.me, j, card)
        for name in _slots(type(self.state)):  # in place: the table holds this state object
            if hasattr(fresh, name):
                setattr(self.state, name, getattr(fresh, name))
        if hasattr(fresh, "__dict__"):
            self.state.__dict__.update(fresh.__dict__)

    def ready(self) -> bool:
        return self.seed is not None and super().ready()

    def _move(self, msg: dict, sender: int) -> list[dict]:
        if self.seed is None:
            raise mp.Cheat(mp.MALFORMED, sender, "a move before the tiles were laid")
        return super()._move(msg, sender)

    @classmethod
    def _from_save(cls, data: dict) -> BoardFairSeat:
        try:
            return cls(data["me"], bytes.fromhex(data["secret"]), data["options"], mp.GROUPS[data["group"]],
                       data["players"], data["seed"], data.get("lanes") is True)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a saved {GAME.title} seat") from exc

    def new_state(self) -> BoardKnowledge:
        if self.seed is None:  # the tiles are not laid yet: an empty board (nobody moves until they are)
            s = BoardKnowledge.start(self.players, 0, self.options)
            s.board = [[0] * len(row) for row in s.board]
            return s
        return BoardKnowledge.start(self.players, self.seed, self.options)

    def deal_number(self) -> int:
        return self.state.expedition

    def hand_positions(self, seat: int) -> list[int]:
        return hand_positions(self.players, seat)

    def rekey_order(self) -> list[int]:
        return rekey_order(self.players, self.state.starter)

    def hand_card(self, seat: int, action: tuple):
        """Start, advance and discard take a card of (colour, value) out of the hand: either copy fits."""
        if action[0] not in ("start", "advance", "discard") or len(action) < 3:
            return None
        colour, value = action[1], action[2]
        if colour not in CIDX or type(value) is not int or not 0 <= value < VALUES:
            raise mp.Cheat(mp.MALFORMED, seat, f"it played {list(action)!r}, which names no card")
        key = CIDX[colour] * VALUES + value
        return lambda card: card < NCARDS and card >> 1 == key

    def my_card(self, action: tuple) -> int:
        """The copy the engine takes: the even one if in my hand, else the odd one."""
        card = CIDX[action[1]] * VALUES * 2 + action[2] * 2
        return card if card in self.state.hands[self.me] else card + 1

    def final_check(self, orders: list[list[int]]) -> None:
        """Replay every move on the audited deals: a start that was not the lowest card of its colour (or any
        move that did not fit the hidden cards) is named now."""
        try:
            replay(self.players, self.seed, self.options, self.state.record.moves, orders)
        except IllegalAction as exc:
            raise mp.Cheat(ILLEGAL, getattr(exc, "seat", -1),
                           f"a move broke a rule that only the hidden cards show: {exc.reason}") from None
