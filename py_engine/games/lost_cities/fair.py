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

from ...core import IllegalAction, Record, RecordError, Rng
from ...core import mental_poker as mp
from .cards import HAND_SIZE, PER_COLOUR
from .state import GAME, LostCitiesState

SLOT = 1000  # a card the seat has not seen: SLOT + its position in the round's encrypted deck
SAVE_FORMAT = "explorers-table-fair-seat"
ILLEGAL = "illegal"


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


class FairSeat:
    """One seat of a two-player Lost Cities game dealt by mental poker (see the module doc).

    `poll()` does pending protocol work; `act(action)` makes my move; `receive(msg)` takes the other seat's
    message. Each returns the messages to send to the other seat, in order."""

    def __init__(self, me: int, secret: bytes, options: dict | None = None, group: mp.Group = mp.GROUP14) -> None:
        self.me, self.other, self.group, self._secret = me, 1 - me, group, secret
        self.options = dict(options or {})
        self.state = KnowledgeState.start(self.options)
        self.n = self.state.ncol * PER_COLOUR
        self.deals: list[mp.SeatDeal] = []
        self.verdict: dict | None = None
        self.audited = False
        self._drawing: int | None = None   # deck position I drew, waiting for its key
        self._slots: dict[int, int] = {}   # card in my hand -> its hidden position (this round)
        self._owed: list[tuple[mp.SeatDeal, int]] = []  # positions the other seat drew, keys not yet sent
        self._keys_sent = False
        self._secrets_sent = False
        self._held: list[dict] = []         # the other seat's moves that came while I wait for a key
        self._log: list[list] = []          # every call that changed this seat, for to_json
        self.sent: list[dict] = []          # every message this seat sent, in order (resent after a reconnect)
        self.got = 0                        # messages taken from the other seat (`receive` calls logged)
        self.state.record.fair = {"group": group.name}  # the record of a game dealt so: no seed deals
        self._new_deal()

    # --- save and resume ------------------------------------------------------------------------
    def to_json(self) -> dict:
        """Everything needed to resume this seat (an autosave; it holds my secret: it stays on my device):
        the secret, the options and every call that changed the seat, replayed by `from_json`."""
        return {"format": SAVE_FORMAT, "me": self.me, "secret": self._secret.hex(), "options": self.options,
                "group": self.group.name, "log": json.loads(json.dumps(self._log))}

    @classmethod
    def from_json(cls, data: dict) -> FairSeat:
        """The seat `to_json` saved, rebuilt by making the same calls again (every exponentiation is redone:
        a few seconds per round in the browser). ValueError for data that is not such a save."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("me") not in (0, 1) \
                or data.get("group") not in mp.GROUPS or not isinstance(data.get("log"), list):
            raise ValueError("not a saved Lost Cities seat")
        seat = cls(data["me"], bytes.fromhex(data["secret"]), data["options"], mp.GROUPS[data["group"]])
        for entry in data["log"]:
            call, *args = entry
            if call == "act":
                seat.act(GAME.decode(args[0]))
            elif call == "in":
                seat.receive(args[0])
            elif call == "poll":
                seat.poll()
            elif call == "refused":
                seat.refused(args[0], args[1])
            elif call == "stop":
                seat.stop(mp.Cheat(args[0], args[1], args[2]))
            else:
                raise ValueError(f"not a saved Lost Cities seat: a call {call!r}")
        return seat

    # --- state ----------------------------------------------------------------------------------
    @property
    def deal(self) -> mp.SeatDeal:
        return self.deals[-1]

    def ready(self) -> bool:
        """My turn, with my hand known and nothing pending."""
        return (self.verdict is None and self.state.to_move() == (self.me,) and self._drawing is None
                and all(c < SLOT for c in self.state.hands[self.me]))

    def drawing(self) -> bool:
        """My deck draw waits for the other seat's key (the page shows the move as pending)."""
        return self._drawing is not None

    def progress(self) -> float:
        """How far this round's deal is until play can start (the hands rekeyed), 0 to 1: a progress bar."""
        return self.deal.progress(2 * HAND_SIZE)

    def waiting(self) -> list[tuple[int, str]]:
        """(seat, what) this seat waits for: the link times these out and calls `refused`."""
        if self.verdict is not None or self.audited:
            return []
        if self.state.is_over() and self._drawing is None:
            return [(self.other, "secret")] if any(self.other not in d.secrets for d in self.deals) else []
        return self.deal.waiting()

    def refused(self, seat: int, what: str) -> dict:
        """The link gave up waiting (see `waiting`): stop with that verdict."""
        self._log.append(["refused", seat, what])
        return self._stop(self.deal.refused(seat, what))

    def stop(self, cheat: mp.Cheat) -> dict:
        """Stop on a verdict found outside the deal's messages (the seat's link: a redeal asked for, or the other
        seat stopped the game); kept in the log, so a resumed seat stays stopped. The first verdict stays."""
        if self.verdict is None:
            self._log.append(["stop", cheat.kind, cheat.seat, cheat.detail])
        return self._stop(cheat)

    def other_stopped(self, kind: str, detail: str) -> dict:
        """The other seat says it stopped the game on its verdict `kind`: stop too, recording that it stopped
        (verdict "stopped", naming the other seat; not a finding of this seat's)."""
        why = f"the other seat stopped the game: {kind}" + (f" ({detail})" if detail else "")
        return self.stop(mp.Cheat(mp.STOPPED, self.other, why))

    def own_verdict(self) -> dict | None:
        """The verdict this seat found itself (to tell the other seat), None if none or if the other stopped."""
        return self.verdict if self.verdict is not None and self.verdict["kind"] != mp.STOPPED else None

    def _stop(self, cheat: mp.Cheat) -> dict:
        if self.verdict is None:
            self.verdict = cheat.verdict()
        return self.verdict

    def _new_deal(self) -> None:
        secret = mp.deal_secret(self._secret, self.state.round)
        self.deals.append(mp.SeatDeal(self.group, 2, self.me, self.n, self.state.round, secret,
                                      rekey_order(self.n)))
        self._slots, self._keys_sent = {}, False

    # --- messages -------------------------------------------------------------------------------
    def poll(self) -> list[dict]:
        """One piece of protocol work (my lock, or one chunk of my rekey: the page calls it when idle, the deck
        is rekeyed in the background during play), then what is due (see `_due`)."""
        if self.verdict is not None:
            return []
        before = (self.audited, self.verdict)
        out = (self.deal.poll() if self.deal.deck is None else []) + self._due()
        if out or before != (self.audited, self.verdict):
            self._log.append(["poll"])
        self.sent += out
        return out

    def _due(self) -> list[dict]:
        """Keys I owe (the other seat's hand, its deck draws) for positions now rekeyed; at the end of the game
        my secrets (and, once the other's have come, the audit)."""
        if self.verdict is not None:
            return []
        out = []
        while self._owed and self._owed[0][0].ready(self._owed[0][1:]):
            deal, j = self._owed.pop(0)
            out.append(deal.give(self.other, [j]))
        if self.state.is_over():
            return out + self._finish()
        if not self._keys_sent and self.deal.ready(hand_positions(0) + hand_positions(1)):
            self._keys_sent = True
            self.deal.expect(self.me, hand_positions(self.me))
            out.append(self.deal.give(self.other, hand_positions(self.other)))
        return out

    def act(self, action: tuple) -> list[dict]:
        """My move: the message to send (a hidden card I play or discard is revealed with its keys)."""
        if not self.ready():
            raise IllegalAction("not this seat's turn to act now")
        s = self.state
        action = s.check(self.me, action)
        self._log.append(["act", GAME.encode(action)])
        msg = {"t": "move", "seat": self.me, "n": len(s.record.moves), "action": list(action), "reveal": None}
        kind, arg = action
        if kind == "draw" and arg == "deck":
            self._drawing = s.deck[-1] - SLOT
            self.deal.expect(self.me, [self._drawing])
            self.sent.append(msg)
            return [msg]  # applied when the other seat's key opens the card
        if kind in ("play", "discard") and arg in self._slots:
            msg["reveal"] = self.deal.reveal(self._slots.pop(arg))
        s.apply(self.me, action)
        out = [msg] + self._due()
        self.sent += out
        return out

    def receive(self, msg: dict) -> list[dict]:
        """The other seat's message; returns my answers. A cheat stops the seat (see `verdict`)."""
        if self.verdict is not None:
            return []
        self._log.append(["in", msg])
        self.got += 1
        out: list[dict] = []
        try:
            if isinstance(msg, dict) and msg.get("t") == "mp":
                out = self._protocol(msg)
            elif isinstance(msg, dict) and msg.get("t") == "move":
                if self._drawing is not None:  # the other seat moved on before its key reached me
                    if len(self._held) >= 4:
                        raise mp.Cheat(mp.MALFORMED, self.other, "moves while it keeps my card's key")
                    self._held.append(msg)
                else:
                    out = self._move(msg)
            else:
                raise mp.Cheat(mp.MALFORMED, self.other, "a message of no known kind")
        except mp.Cheat as cheat:
            self._stop(cheat)
            return []
        self.sent += out
        return out

    def _protocol(self, msg: dict) -> list[dict]:
        deal = next((d for d in self.deals if d.deal == msg.get("deal")), None)
        if deal is None or (deal is not self.deal and msg.get("k") != "secret"):
            raise mp.Cheat(mp.MALFORMED, self.other, "a message for no deal in play")
        deal.receive(msg, self.other)
        if msg.get("k") == "keys" and msg.get("to") == self.me:
            if self._drawing is not None:
                card = deal.card(self._drawing)
                if card is not None:
                    self._slots[card] = self._drawing
                    self.state.deck[-1] = card
                    self._drawing = None
                    self._apply(self.me, ("draw", "deck"))
                    out = []
                    while self._held:
                        out += self._move(self._held.pop(0))
                    return out + self._due()
            else:
                for j in hand_positions(self.me):
                    card = deal.card(j)
                    if card is not None and self.state.learn(self.me, j, card):
                        self._slots[card] = j
        return self._due()

    def _move(self, msg: dict) -> list[dict]:
        s, other = self.state, self.other
        if msg.get("seat") != other or msg.get("n") != len(s.record.moves) or not isinstance(msg.get("action"), list):
            raise mp.Cheat(mp.MALFORMED, other, "a move out of turn or of the wrong shape")
        try:
            action = GAME.decode(msg["action"])
        except Exception:
            raise mp.Cheat(mp.MALFORMED, other, "a move that is no action") from None
        kind, arg = action if len(action) == 2 else (None, None)
        reveal = msg.get("reveal")
        out: list[dict] = []
        if kind in ("play", "discard") and (type(arg) is not int or not 0 <= arg < self.n):
            raise mp.Cheat(mp.MALFORMED, other, f"it played {arg!r}, which is no card")  # a slot id, say
        if kind in ("play", "discard") and s.turn == other and s.phase == "play":
            if reveal is not None:
                card = self.deal.receive(reveal, other)
                if card != arg:
                    raise mp.Cheat(mp.WRONG_KEY, other, f"it showed card {card} and played card {arg}")
                if not s.learn(other, reveal["pos"], card):
                    raise mp.Cheat(mp.NOT_DEALT, other, f"card {card} was not in its hand")
            elif arg not in s.hands[other]:
                raise mp.Cheat(mp.NOT_DEALT, other, f"it played card {arg!r}, which it was never dealt")
        elif reveal is not None:
            raise mp.Cheat(mp.MALFORMED, other, "a reveal with a draw")
        if action == ("draw", "deck") and s.turn == other and s.phase == "draw" and s.deck:
            self._owed.append((self.deal, s.deck[-1] - SLOT))  # my key goes once the position is rekeyed (poll)
        self._apply(other, action)
        return out + self._due()

    def _apply(self, seat: int, action: tuple) -> None:
        round_before = self.state.round
        try:
            self.state.apply(seat, action)
        except IllegalAction as exc:
            raise mp.Cheat(ILLEGAL, seat, exc.reason) from None
        if self.state.round != round_before and not self.state.is_over():
            self._new_deal()

    # --- the end --------------------------------------------------------------------------------
    def _finish(self) -> list[dict]:
        out = []
        if not self._secrets_sent:
            self._secrets_sent = True
            out = [d.secret_message() for d in self.deals]
        if not self.audited and self._drawing is None and all(self.other in d.secrets for d in self.deals):
            try:
                for d in self.deals:
                    d.audit()
            except mp.Cheat as cheat:
                self._stop(cheat)
                return out
            self.audited = True
        return out

    def full_record(self) -> Record | None:
        """Once the audit passed, the record of the whole game that anyone can replay (py_engine.core.record:
        "fair" holds each round's deal secrets, from which every deck order follows); None before."""
        if not self.audited or self.verdict is not None:
            return None
        rec = self.state.record.copy()
        rec.fair = {"group": self.group.name, "verdict": None,
                    "secrets": [[d.secrets[s].hex() for s in range(2)] for d in self.deals]}
        return rec

    def record(self) -> dict:
        """What this seat keeps of the game: the moves (public), the verdict and whether the audit passed."""
        return {"moves": [list(m) for m in self.state.record.moves], "verdict": self.verdict,
                "audited": self.audited}
