"""Lost Cities dealt by mental poker: each seat knows its own hand and the public cards, nothing else.

Each seat runs the unchanged rules on a *knowledge state*: a `LostCitiesState` whose cards the seat has not
seen are slot ids `SLOT + j` (j: the card's position in the round's encrypted deck, py_engine.core.mental_poker).
Positions 0–7 are seat 0's hand, 8–15 seat 1's, the rest the deck (drawn from its end), exactly as the
engine deals. A slot becomes a card when the protocol opens it: my hand and my deck draws (the other seat
hands me its keys), the other seat's plays and discards (it reveals the card with the keys). That is enough
for the rules: legality of my moves needs only my hand and the public rows and piles, the other seat's moves
are checked once their card is revealed, and scoring reads only the rows. The engine's one hook is
`LostCitiesState._shuffled_deck` (this module deals slot ids instead of shuffled cards).

`FairSeat` is one seat: it exchanges JSON-able messages (the protocol's "mp" messages and
{"t": "move", "seat", "n", "action", "reveal"}) and never holds the plaintext of a card it may not know.
Every round is a new deal; when the game is over the seats publish their secrets and each audits the
other's deals. A cheat ("wrong_key", "not_dealt", "refused", "bad_step", "malformed", "not_residue",
"unasked_key", "illegal", or from the link "redeal" and "stopped": `stop`) stops the seat and is kept in
`verdict` (kind, seat, detail) for the record.
"""

from __future__ import annotations

import json
from bisect import insort

from ...core import Record, RecordError, Rng
from ...core import mental_poker as mp
from ...core.fair_seat import ILLEGAL, SLOT, FairSeatBase
from .cards import HAND_SIZE, PER_COLOUR
from .state import GAME, LostCitiesState

SAVE_FORMAT = "explorers-table-fair-seat"
__all__ = ["ILLEGAL", "SLOT", "FairSeat", "KnowledgeState", "dealt_start", "replay"]


class KnowledgeState(LostCitiesState):
    """A Lost Cities state in which unseen cards are slot ids (see the module doc)."""

    __slots__ = ()

    def _shuffled_deck(self) -> list[int]:
        return [SLOT + j for j in range(self.ncol * PER_COLOUR)]

    @classmethod
    def start(cls, options: dict) -> KnowledgeState:
        opts = GAME.normalize_options(options)
        s = cls.initial(GAME, 2, Rng(0), opts)
        s.record = Record(GAME.id, 2, 0, dict(opts), [])
        return s

    def view(self, seat: int | None) -> dict:
        """The engine's view; cards of `seat`'s hand not yet opened (slots) are left out of "hand" (while the
        deal runs), "hand_counts" still counts them."""
        hands = self.hands
        if seat is None or all(c < SLOT for c in hands[seat]):
            return super().view(seat)
        self.hands = [h if i != seat else [c for c in h if c < SLOT] for i, h in enumerate(hands)]
        try:
            v = super().view(seat)
        finally:
            self.hands = hands
        v["hand_counts"] = [len(h) for h in hands]
        return v

    def learn(self, seat: int, position: int, card: int) -> bool:
        """Slot `position` in `seat`'s hand is `card`; False if that hand holds no such slot."""
        hand = self.hands[seat]
        if SLOT + position not in hand:
            return False
        hand.remove(SLOT + position)
        insort(hand, card)
        return True


class _Dealt(KnowledgeState):
    """A knowledge state that knows every card: each round's slots replaced from `orders` (for `replay`)."""

    __slots__ = ("orders",)

    def _deal(self, starter: int) -> None:
        super()._deal(starter)
        orders = getattr(self, "orders", None)  # unset during `start`: `replay` fills round 1 itself
        if orders is not None:
            if self.round > len(orders):
                raise RecordError(f"the record holds no deal for round {self.round}")
            self._fill(orders[self.round - 1])

    def _fill(self, order: list[int]) -> None:
        self.hands = [sorted(order[c - SLOT] for c in h) for h in self.hands]
        self.deck = [order[c - SLOT] for c in self.deck]


def replay(moves: list, orders: list[list[int]], options: dict) -> LostCitiesState:
    """The whole game with every card known: the moves of a finished game played on the audited deals (one
    order per round, `SeatDeal.audit()`: the card at each position). Raises IllegalAction if a move does not
    fit those deals."""
    s = _Dealt.start(options)
    s.orders = [list(o) for o in orders]
    s._fill(s.orders[0])
    for seat, encoded in moves:
        s.apply(seat, GAME.decode(encoded))
    return s


def dealt_start(players: int, options: dict | None, fair: object) -> LostCitiesState:
    """The start of a finished game from its record's "fair" entry (py_engine.core.record: the group and each
    round's deal secrets, one per seat): every round dealt as the seats' shuffles dealt it
    (`mental_poker.deal_order`), every card known. RecordError for an entry that cannot deal."""
    if players != 2 or not isinstance(fair, dict) or fair.get("group") not in mp.GROUPS:
        raise RecordError("this record is not of a two-player game dealt by mental poker")
    rounds = fair.get("secrets")
    if rounds is None:
        raise RecordError("a game dealt by mental poker can be replayed once it is over and its deals were audited")
    try:
        if not isinstance(rounds, list) or not 1 <= len(rounds) <= 16 \
                or not all(isinstance(pair, list) and len(pair) == 2 for pair in rounds):
            raise ValueError
        secrets = [[bytes.fromhex(x) for x in pair] for pair in rounds]
        if not all(16 <= len(x) <= 64 for pair in secrets for x in pair):
            raise ValueError
    except (TypeError, ValueError):
        raise RecordError("bad deal secrets in the record") from None
    s = _Dealt.start(options or {})
    n = s.ncol * PER_COLOUR
    s.orders = [mp.deal_order(pair, n) for pair in secrets]
    s._fill(s.orders[0])
    s.record.fair = json.loads(json.dumps(fair))
    return s


def hand_positions(seat: int) -> list[int]:
    return list(range(seat * HAND_SIZE, (seat + 1) * HAND_SIZE))


def rekey_order(n: int) -> list[int]:
    """The hands first (play can start when they are rekeyed), then the deck from its top (the next draw)."""
    return hand_positions(0) + hand_positions(1) + list(range(n - 1, 2 * HAND_SIZE - 1, -1))


class FairSeat(FairSeatBase):
    """One seat of a two-player Lost Cities game dealt by mental poker (see the module doc and
    py_engine.core.fair_seat, which holds the protocol both Lost Cities games share).

    `poll()` does pending protocol work; `act(action)` makes my move; `receive(msg)` takes the other seat's
    message. Each returns the messages to send to the other seat, in order."""

    GAME = GAME
    SAVE_FORMAT = SAVE_FORMAT
    HELD = 4  # the other seat's moves held while my draw waits for its key

    def __init__(self, me: int, secret: bytes, options: dict | None = None, group: mp.Group = mp.GROUP14) -> None:
        super().__init__(me, secret, options, group, 2)

    @classmethod
    def _from_save(cls, data: dict) -> FairSeat:
        if data.get("me") not in (0, 1):
            raise ValueError("not a saved Lost Cities seat")
        return cls(data["me"], bytes.fromhex(data["secret"]), data["options"], mp.GROUPS[data["group"]])

    def new_state(self) -> KnowledgeState:
        return KnowledgeState.start(self.options)

    def deal_number(self) -> int:
        return self.state.round

    def hand_positions(self, seat: int) -> list[int]:
        return hand_positions(seat)

    def rekey_order(self) -> list[int]:
        return rekey_order(self.n)

    def hand_card(self, seat: int, action: tuple):
        """Playing or discarding card `arg` (an id of this game's deck: a slot id is no card)."""
        kind, arg = action if len(action) == 2 else (None, None)
        if kind not in ("play", "discard"):
            return None
        if type(arg) is not int or not 0 <= arg < self.n:
            raise mp.Cheat(mp.MALFORMED, seat, f"it played {arg!r}, which is no card")
        return lambda card: card == arg

    def my_card(self, action: tuple) -> int:
        return action[1]
