"""One seat of a card game dealt by mental poker, for 2 or more seats: what the games share (issue 37 hole 9).

A game (Lost Cities, py_engine.games.lost_cities.fair; Lost Cities: The Board Game,
py_engine.games.lost_cities_board.fair) subclasses `FairSeatBase` with its *knowledge state* (the game's
state in which every card this seat has not seen is a slot id `SLOT + j`, j: the card's position in the
round's encrypted deck, py_engine.core.mental_poker) and a few hooks: where the hands lie in the deal, which
card an action takes out of a hand, what a draw from the deck is.

The protocol of one seat, each round a new `SeatDeal` among all seats:
- Deal: every seat locks, then every seat rekeys (the hands first, then the deck from its top). Once the
  hands are rekeyed, every seat hands every other seat its keys for that seat's hand (`_due`); a seat opens
  its own hand with the keys of every other seat.
- My move: a card that leaves my hand face up is revealed with every seat's key for its position; a draw
  from the deck waits for every other seat's key for the deck's top position (`drawing`).
- Another seat's move: a card it plays or discards from a hidden position must come with a reveal that opens
  that position to that card (else "wrong_key" / "not_dealt"); a card it plays that is not hidden must be a
  known card of its hand; when it draws from the deck I owe it my key for that position (sent once rekeyed).
  Its moves that come while my own draw waits for keys are held and applied in order after it.
- End: every seat publishes its deal secrets; each audits every deal (`SeatDeal.audit`) and the game may
  replay the whole game on the audited deals (`final_check`) to check what no seat could check during play.

Messages are JSON-able: "mp" messages of `SeatDeal` and {"t": "move", "seat", "n", "action", "reveal"}.
`receive(msg, sender)`: the link names the sender (with two seats it may leave it out: the other seat).
A message from a seat that the protocol did not expect (a lock or rekey out of turn, a move of a seat not to
move, a message in another seat's name) stops the seat with a verdict. "mp" messages of the next round's
deal that come before this seat has reached it (another seat moved on first) are kept until it does.

Save and resume: `to_json` keeps the secret, the options and every call that changed the seat; `from_json`
makes the same calls again. A two-seat game logs ["in", msg] (the format the card game's saves already
have); more seats log ["in", msg, sender].
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import mental_poker as mp
from .errors import IllegalAction

SLOT = 1000  # a card the seat has not seen: SLOT + its position in the round's encrypted deck
ILLEGAL = "illegal"
HELD_PER_SEAT = 16  # moves of others held while my draw waits for keys, per other seat
LATER = 64          # "mp" messages of the next deal kept before this seat reaches it


class FairSeatBase:
    """One seat of a game dealt by mental poker among `players` seats (see the module doc).

    `poll()` does pending protocol work; `act(action)` makes my move; `receive(msg, sender)` takes another
    seat's message. Each returns the messages to send to every other seat, in order."""

    GAME: Any = None
    SAVE_FORMAT = ""
    HELD = 0  # moves of others held while my draw waits for keys (0: HELD_PER_SEAT per other seat)
    HANDS_AT_ONCE = True  # hand keys go out when every hand is rekeyed (False: each hand's as soon as it is)
    STREAM_LOCK = False   # the lock sent a chunk at a time, computed ahead (mental_poker.SeatDeal stream_lock)
    players_allowed: tuple[int, ...] = (2,)

    # --- the game's hooks -----------------------------------------------------------------------
    def new_state(self) -> Any:
        """The knowledge state at the start of the game."""
        raise NotImplementedError

    def deal_number(self) -> int:
        """The number of the current deal (the round or expedition), from 1."""
        raise NotImplementedError

    def hand_positions(self, seat: int) -> list[int]:
        """The positions of `seat`'s hand in every deal."""
        raise NotImplementedError

    def rekey_order(self) -> list[int]:
        """The order in which positions are rekeyed: the hands first, then the deck from its top."""
        raise NotImplementedError

    def rekey_blocks(self) -> list[int] | None:
        """Rekey lanes (mental_poker.SeatDeal `blocks`): the sizes of the blocks the rekey order is cut into, each
        group of one block per seat rekeyed by every seat at once, each from its own; None: one lane (every seat
        rekeys every position after the seat before it)."""
        return None

    def hand_card(self, seat: int, action: tuple) -> Callable[[int], bool] | None:
        """For an action that takes a card out of `seat`'s hand face up: a test of the card ids that fit it
        (raises Cheat MALFORMED for such an action that names no card); None for any other action."""
        raise NotImplementedError

    def my_card(self, action: tuple) -> int:
        """The card my hand-card action takes out of my hand (the one the engine removes)."""
        raise NotImplementedError

    def final_check(self, orders: list[list[int]]) -> None:
        """After the audit: check the whole game on the audited deals (one order per deal); raise Cheat."""

    # --- construction ---------------------------------------------------------------------------
    def __init__(self, me: int, secret: bytes, options: dict | None = None, group: mp.Group = mp.GROUP14,
                 players: int = 2) -> None:
        if players not in self.players_allowed or type(me) is not int or not 0 <= me < players:
            raise ValueError(f"no seat {me!r} of {players!r} in this game")
        self.me, self.players, self.group, self._secret = me, players, group, secret
        self.options = dict(options or {})
        self.state = self.new_state()
        self.n = len(self.state.deck) + sum(len(h) for h in self.state.hands) + len(getattr(self.state, "removed", []))
        self.deals: list[mp.SeatDeal] = []
        self.powers = mp.Powers()  # every exponentiation of every deal, kept in the save (see mp.Powers)
        self.verdict: dict | None = None
        self.audited = False
        self._drawing: int | None = None   # deck position I drew, waiting for its keys
        self._slots: dict[int, int] = {}   # card in my hand -> its hidden position (this deal)
        self._owed: list[tuple[mp.SeatDeal, int, int]] = []  # (deal, position, drawer): keys not yet sent
        self._keys_sent = False
        self._secrets_sent = False
        self._secret_shown = False  # this deal's secret shown after a stop, to name a seat (3+ seats)
        self._held: list[tuple[dict, int]] = []  # others' moves that came while my draw waits for keys
        self._later: list[tuple[dict, int]] = []  # "mp" messages of the next deal
        self._log: list[list] = []          # every call that changed this seat, for to_json
        self.sent: list[dict] = []          # every message this seat sent, in order (resent after a reconnect)
        self.got = 0                        # messages taken from other seats (`receive` calls logged)
        self.got_from = [0] * players       # ... from each seat
        self.traffic: list[tuple[int, dict]] = []  # every message taken or sent, with its seat, in order (a relay)
        self.state.record.fair = {"group": group.name}  # the record of a game dealt so: no seed deals
        self._new_deal()

    @property
    def other(self) -> int:
        """The other seat of a two-seat game (the seat a message without a named sender comes from)."""
        return 1 - self.me if self.players == 2 else -1

    def others(self) -> list[int]:
        return [s for s in range(self.players) if s != self.me]

    # --- save and resume ------------------------------------------------------------------------
    def save_fields(self) -> dict:
        """Extra fields of this game's save (e.g. the number of seats)."""
        return {}

    def to_json(self) -> dict:
        """Everything needed to resume this seat (an autosave; it holds my secret: it stays on my device):
        the secret, the options and every call that changed the seat, replayed by `from_json`, and the
        exponentiations made (`powers`), which the replay takes instead of making them again."""
        return {"format": self.SAVE_FORMAT, "me": self.me, "secret": self._secret.hex(), "options": self.options,
                "group": self.group.name, **self.save_fields(), "log": json.loads(json.dumps(self._log)),
                "powers": self.powers.dump(self.group)}

    @classmethod
    def _from_save(cls, data: dict) -> FairSeatBase:
        """A new seat with the saved seat's construction arguments (ValueError if they are not)."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict) -> FairSeatBase:
        """The seat `to_json` saved, rebuilt by making the same calls again; the exponentiations come from the
        save's `powers` (a save without them makes them again: a few seconds per round in the browser).
        ValueError for data that is not such a save."""
        if not isinstance(data, dict) or data.get("format") != cls.SAVE_FORMAT \
                or data.get("group") not in mp.GROUPS or not isinstance(data.get("log"), list):
            raise ValueError(f"not a saved {cls.GAME.title} seat")
        seat = cls._from_save(data)
        try:
            seat.powers.load(data.get("powers", ""), seat.group)
        except ValueError:
            raise ValueError(f"not a saved {cls.GAME.title} seat: its powers") from None
        for entry in data["log"]:
            call, *args = entry
            if call == "act":
                seat.act(cls.GAME.decode(args[0]))
            elif call == "in":
                seat.receive(*args)
            elif call == "poll":
                seat.poll()
            elif call == "refused":
                seat.refused(args[0], args[1])
            elif call == "stop":
                seat.stop(mp.Cheat(args[0], args[1], args[2]))
            elif call == "tiles" and hasattr(seat, "set_tiles"):
                seat.set_tiles(args[0])
            elif call == "show":
                seat._log.append(["show"])
                seat._show_secret()
            else:
                raise ValueError(f"not a saved {cls.GAME.title} seat: a call {call!r}")
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
        """My deck draw waits for the other seats' keys (the page shows the move as pending)."""
        return self._drawing is not None

    def progress(self) -> float:
        """How far this deal is until play can start (every hand rekeyed), 0 to 1: a progress bar."""
        return self.deal.progress(sum(len(self.hand_positions(s)) for s in range(self.players)))

    def waiting(self) -> list[tuple[int, str]]:
        """(seat, what) this seat waits for: the link times these out and calls `refused`."""
        if self.verdict is not None or self.audited:
            return []
        if self.state.is_over() and self._drawing is None:
            return [(s, "secret") for s in self.others() if any(s not in d.secrets for d in self.deals)]
        return self.deal.waiting()

    def refused(self, seat: int, what: str) -> dict:
        """The link gave up waiting (see `waiting`): stop with that verdict."""
        self._log.append(["refused", seat, what])
        return self._stop(self.deal.refused(seat, what))

    def stop(self, cheat: mp.Cheat) -> dict:
        """Stop on a verdict found outside the deal's messages (the seat's link: a redeal asked for, or another
        seat stopped the game); kept in the log, so a resumed seat stays stopped. The first verdict stays."""
        if self.verdict is None:
            self._log.append(["stop", cheat.kind, cheat.seat, cheat.detail])
        return self._stop(cheat)

    def other_stopped(self, kind: str, detail: str, seat: int | None = None) -> dict:
        """Seat `seat` (the other seat by default) says it stopped the game on its verdict `kind`: stop too,
        recording that it stopped (verdict "stopped", naming that seat; not a finding of this seat's)."""
        seat = self.other if seat is None else seat
        who = "the other seat" if self.players == 2 else f"seat {seat}"
        why = f"{who} stopped the game: {kind}" + (f" ({detail})" if detail else "")
        first = self.verdict is None
        verdict = self.stop(mp.Cheat(mp.STOPPED, seat, why))
        if first and kind == mp.WRONG_KEY and self.players > 2:  # a key opened no card: my secret helps name whose
            self._log.append(["show"])
            self._show_secret()
        return verdict

    def own_verdict(self) -> dict | None:
        """The verdict this seat found itself (to tell the others), None if none or if another seat stopped."""
        return self.verdict if self.verdict is not None and self.verdict["kind"] != mp.STOPPED else None

    def _stop(self, cheat: mp.Cheat) -> dict:
        if self.verdict is None:
            self.verdict = cheat.verdict()
        return self.verdict

    def _new_deal(self) -> None:
        number = self.deal_number()
        secret = mp.deal_secret(self._secret, number)
        self.deals.append(mp.SeatDeal(self.group, self.players, self.me, self.n, number, secret,
                                      self.rekey_order(), self.STREAM_LOCK, self.rekey_blocks(), self.powers))
        self._slots, self._keys_sent, self._hands_given = {}, False, set()

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
        return self._send(out)

    def _send(self, out: list[dict]) -> list[dict]:
        self.sent += out
        self.traffic += [(self.me, m) for m in out]
        return out

    def _hands(self) -> list[int]:
        return [j for s in range(self.players) for j in self.hand_positions(s)]

    def _due(self) -> list[dict]:
        """Keys I owe (the other seats' hands, their deck draws) for positions now rekeyed; at the end of the
        game my secrets (and, once every other seat's have come, the audit)."""
        if self.verdict is not None:
            return []
        out = []
        while self._owed and self._owed[0][0].ready([self._owed[0][1]]):
            deal, j, to = self._owed.pop(0)
            out.append(deal.give(to, [j]))
        if self.state.is_over():
            return out + self._finish()
        if self.HANDS_AT_ONCE:
            if not self._keys_sent and self.deal.ready(self._hands()):
                self._keys_sent = True
                for s in range(self.players):
                    self.deal.expect(s, self.hand_positions(s))
                out += [self.deal.give(s, self.hand_positions(s)) for s in self.others()]
            return out
        for s in range(self.players):  # each hand as soon as it is rekeyed (the rekey order: the starter's first)
            if s not in self._hands_given and self.deal.ready(self.hand_positions(s)):
                self._hands_given.add(s)
                self.deal.expect(s, self.hand_positions(s))
                if s != self.me:
                    out.append(self.deal.give(s, self.hand_positions(s)))
        return out

    def act(self, action: tuple) -> list[dict]:
        """My move: the message to send (a hidden card I play or discard is revealed with its keys)."""
        if not self.ready():
            raise IllegalAction("not this seat's turn to act now")
        s = self.state
        action = s.check(self.me, action)
        self._log.append(["act", self.GAME.encode(action)])
        msg = {"t": "move", "seat": self.me, "n": len(s.record.moves), "action": self.GAME.encode(action),
               "reveal": None}
        if self._is_deck_draw(action):
            self._drawing = s.deck[-1] - SLOT
            self.deal.expect(self.me, [self._drawing])
            return self._send([msg])  # applied when the other seats' keys open the card
        if self.hand_card(self.me, action) is not None:
            card = self.my_card(action)
            if card in self._slots:
                msg["reveal"] = self.deal.reveal(self._slots.pop(card))
        self._apply(self.me, action)
        return self._send([msg] + self._due())

    def _is_deck_draw(self, action: tuple) -> bool:
        return tuple(action) == ("draw", "deck")

    def receive(self, msg: dict, sender: int | None = None) -> list[dict]:
        """Another seat's message (`sender`: the seat the link got it from; with two seats, the other seat by
        default); returns my answers. A cheat stops the seat (see `verdict`)."""
        if self.verdict is not None and self.players == 2:
            return []
        if sender is None:
            sender = self.other
        if type(sender) is not int or not 0 <= sender < self.players or sender == self.me:
            raise ValueError(f"a message from no other seat ({sender!r})")  # the link's error, not a seat's
        if self.verdict is not None:  # 3+ seats: taken (and relayed), but only a secret shown to name a seat counts
            self._log.append(["in", msg, sender])
            self.got += 1
            self.got_from[sender] += 1
            self.traffic.append((sender, msg))
            self._shown(msg, sender)
            return []
        self._log.append(["in", msg] if self.players == 2 else ["in", msg, sender])
        self.got += 1
        self.got_from[sender] += 1
        self.traffic.append((sender, msg))
        out: list[dict] = []
        try:
            if isinstance(msg, dict) and msg.get("t") == "mp":
                out = self._protocol(msg, sender)
            elif isinstance(msg, dict) and msg.get("t") == "move":
                if self._drawing is not None:  # others moved on before their keys reached me
                    if len(self._held) >= (self.HELD or HELD_PER_SEAT * (self.players - 1)):
                        raise mp.Cheat(mp.MALFORMED, sender, "moves while it keeps my card's key")
                    self._held.append((msg, sender))
                else:
                    out = self._move(msg, sender)
            else:
                raise mp.Cheat(mp.MALFORMED, sender, "a message of no known kind")
        except mp.Cheat as cheat:
            self._stop(cheat)
            return []
        return self._send(out)

    # --- naming the seat of a key that opened no card (3+ seats) -----------------------------------
    def _unnamed(self) -> bool:
        """My verdict is a key that opened no card and I cannot tell whose it was (3+ seats: seat -1)."""
        v = self.verdict
        return v is not None and v["kind"] == mp.WRONG_KEY and v["seat"] == -1 and self.players > 2

    def _show_secret(self) -> list[dict]:
        """Show every seat my secret of this deal (told by a stop that a key opened no card for its seat), so that it
        can name the seat whose key that was (the game is stopped: this deal's cards no longer matter; other deals'
        secrets stay mine)."""
        if self._secret_shown or self.players == 2:
            return []
        self._secret_shown = True
        return self._send([self.deal.secret_message()])

    def _shown(self, msg: Any, sender: int) -> None:
        """A message after my verdict (3+ seats): a seat's secret of this deal is kept, and once enough are in, the
        seat whose key opened no card is named (`_name`)."""
        d = self.deal
        if not (isinstance(msg, dict) and msg.get("t") == "mp" and msg.get("k") == "secret"
                and msg.get("deal") == d.deal and msg.get("seat") == sender) or sender in d.secrets:
            return
        try:
            secret = bytes.fromhex(msg.get("secret", ""))
        except (TypeError, ValueError):
            return
        if 16 <= len(secret) <= 64:
            d.secrets[sender] = secret
            self._name()

    def _name(self) -> None:
        """Name the seat of a key that opened no card from the secrets the other seats showed: the first whose
        secret does not give its lock, its keys or its rekey of that position; or, when every other seat but one
        showed a secret that clears it, that one."""
        if not self._unnamed():
            return
        d, v = self.deal, self.verdict
        cleared = []
        for s in self.others():
            if s not in d.secrets:
                continue
            found = d.check_seat(s)
            if found is not None:
                self.verdict = dict(v, seat=s, detail=f"{v['detail']}: the secret seat {s} showed then says so "
                                                      f"({found.detail})")
                return
            cleared.append(s)
        missing = [s for s in self.others() if s not in cleared]
        if len(missing) == 1:
            self.verdict = dict(v, seat=missing[0], detail=f"{v['detail']}: every other seat's secret gives the keys "
                                                           f"it sent, and seat {missing[0]} showed none")

    def _protocol(self, msg: dict, sender: int) -> list[dict]:
        deal = next((d for d in self.deals if d.deal == msg.get("deal")), None)
        if deal is None and self.players > 2 and msg.get("deal") == self.deal.deal + 1 \
                and msg.get("k") in ("lock", "rekey", "keys") and not self.state.is_over():
            if len(self._later) >= LATER:  # another seat reached the next deal before me
                raise mp.Cheat(mp.MALFORMED, sender, "too many messages for a deal not yet begun")
            self._later.append((msg, sender))
            return []
        if deal is None or (deal is not self.deal and msg.get("k") != "secret"):
            raise mp.Cheat(mp.MALFORMED, sender, "a message for no deal in play")
        deal.receive(msg, sender)
        if msg.get("k") == "keys" and msg.get("to") == self.me:
            if self._drawing is not None:
                card = deal.card(self._drawing)
                if card is not None:
                    self._slots[card] = self._drawing
                    self.state.deck[-1] = card
                    self._drawing = None
                    self._apply(self.me, ("draw", "deck"))
                    out = []
                    while self._held and self._drawing is None and self.verdict is None:
                        out += self._move(*self._held.pop(0))
                    return out + self._due()
            else:
                for j in self.hand_positions(self.me):
                    card = deal.card(j)
                    if card is not None and self.state.learn(self.me, j, card):
                        self._slots[card] = j
        return self._due()

    def _move(self, msg: dict, sender: int) -> list[dict]:
        s = self.state
        if msg.get("seat") != sender or msg.get("n") != len(s.record.moves) or not isinstance(msg.get("action"), list):
            raise mp.Cheat(mp.MALFORMED, sender, "a move out of turn or of the wrong shape")
        try:
            action = self.GAME.decode(msg["action"])
        except Exception:
            raise mp.Cheat(mp.MALFORMED, sender, "a move that is no action") from None
        reveal = msg.get("reveal")
        fits = self.hand_card(sender, action)
        if fits is not None and s.turn == sender and s.phase == "play":
            if reveal is not None:
                card = self.deal.receive(reveal, sender)
                if card is None or not fits(card):
                    raise mp.Cheat(mp.WRONG_KEY, sender, f"it showed card {card} and played {list(action)}")
                if not s.learn(sender, reveal["pos"], card):
                    raise mp.Cheat(mp.NOT_DEALT, sender, f"card {card} was not in its hand")
            elif not any(c < SLOT and fits(c) for c in s.hands[sender]):
                raise mp.Cheat(mp.NOT_DEALT, sender, f"it played {list(action)}, a card it was never dealt")
        elif reveal is not None:
            raise mp.Cheat(mp.MALFORMED, sender, "a reveal with a move that shows no card")
        if self._is_deck_draw(action) and s.turn == sender and s.phase == "draw" and s.deck:
            self._owed.append((self.deal, s.deck[-1] - SLOT, sender))  # my key goes once rekeyed (poll)
        self._apply(sender, action)
        return self._due()

    def _apply(self, seat: int, action: tuple) -> None:
        number = self.deal_number()
        try:
            self.state.apply(seat, action)
        except IllegalAction as exc:
            raise mp.Cheat(ILLEGAL, seat, exc.reason) from None
        if self.deal_number() != number and not self.state.is_over():
            self._new_deal()
            later, self._later = self._later, []
            for msg, sender in later:
                self._protocol(msg, sender)

    # --- the end --------------------------------------------------------------------------------
    def _finish(self) -> list[dict]:
        out = []
        if not self._secrets_sent:
            self._secrets_sent = True
            out = [d.secret_message() for d in self.deals]
        if not self.audited and self._drawing is None \
                and all(s in d.secrets for d in self.deals for s in self.others()):
            try:
                orders = [d.audit() for d in self.deals]
                self.final_check(orders)
            except mp.Cheat as cheat:
                self._stop(cheat)
                return out
            self.audited = True
        return out

    def full_record(self) -> Any:
        """Once the audit passed, the record of the whole game that anyone can replay (py_engine.core.record:
        "fair" holds each deal's secrets, from which every deck order follows); None before."""
        if not self.audited or self.verdict is not None:
            return None
        rec = self.state.record.copy()
        rec.fair = {"group": self.group.name, "verdict": None,
                    "secrets": [[d.secrets[s].hex() for s in range(self.players)] for d in self.deals]}
        return rec

    def record(self) -> dict:
        """What this seat keeps of the game: the moves (public), the verdict and whether the audit passed."""
        return {"moves": [list(m) for m in self.state.record.moves], "verdict": self.verdict,
                "audited": self.audited}
