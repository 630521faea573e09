"""The guest side of a table: builds messages for the host and keeps the latest view it was sent.

Transport-agnostic: `receive` takes one raw text from the host's connection and returns an `Event`
(what happened, plus `reply` text to send back for a ping); it never raises. A malformed host
message gives an "invalid" event with the reason and leaves the guest unchanged.

Checking the host (commit–reveal, see py_engine/net/host.py). The guest keeps the commitment from
"seat" and a SHA-256 digest of every view it was sent (view, legal moves, who moves, per move
number). When "over" reveals the full record, `verify` checks, in order: a commitment was made and
never changed, the record is a valid record of this game (players, options), its seed and salt give
the commitment, every move replays legally, the replayed position after each move number matches
every view received for it, and the game ends where and how the host said. The outcome is
`verdict` = {"ok": bool, "key": what was found (for a translated message: "verified",
"no-commitment", "commitment-changed", "two-views", "not-revealed", "unreadable", "other-table",
"commitment-mismatch", "wrong-end", "view-mismatch", "illegal-move", "not-replayable", "not-over",
"wrong-result", "share-missing", "host-dealt": the deal matches but the host made it alone (no share of
this seat's was asked for: never the words of a joint deal), "redeal": a second "seat" would have replaced a
seat already dealt), "deal-void": the deal was not made from the shares of exactly the seats whose
commitments the host showed), "move": the move number concerned or None, "text": the English sentence};
a failed check never raises.

A joint deal (the "seat" message says joint, see py_engine/net/host.py): the guest draws a random share of its
own (`share`, kept for a rejoin and for the check) and answers the first "seat" of a table with a commitment to
it ("commit"); it reveals the share only when the host shows every seat's commitment ("commits", kept in
`commits`: the seats that make the deal), with its own among them. The check also asks that the revealed record
is a joint deal whose share for this seat is that share (the seed is tied to the shares and the commitment to
the host's share by Record.from_json): "share-missing" otherwise; and that its shares are exactly those of the
seats in `commits`, each matching its commitment: "deal-void" otherwise.
A guest keeps that the deal must include its share across a reload (`save`: "joint"), so a host that answers
the rejoin without "joint" and reveals a deal it made alone is caught.

A seat once dealt (a share drawn and committed to, or a FairSeat) is never replaced: a later "seat" that names
another seat, game, options or group is refused with the verdict "redeal" (a FairSeat stops with it). A
verdict, once reached, stays, also through `save`/`restore`.

The board game's tiles (a FairSeat with TILES): their seed is made like a joint deal's, from the host's share
committed to in "seat" and every guest's ("commit", "commits", "share"), and revealed at once ("tiles": the seed,
the host's share and salt, every share); the guest checks it (`_tiles_wrong`) and lays its tiles, or stops with
"bad_tiles" (also for a new seat whose host sends a seed of its own or asks for no share, and for a list of
commitments without its own).

Hands not even the host can see (the "seat" message names a mental-poker group in "fair", see
py_engine/net/host.py): the guest plays on a FairSeat of its own (`fair`, its secret from `fair_secret` or the
OS) and its `view`, `legal`, `to_move`, `over` and `result` come from that seat; "mp" messages carry the deal
and the moves both ways (`play` and `poll` return the texts to send; an Event's `replies` too). The verdict
is the seat's: "hands-verified" once both seats' secrets audited every deal, or "cheat" naming the seat that
cheated (kind: wrong_key, not_dealt, refused, bad_step, malformed, not_residue, unasked_key, redeal, bad_tiles,
illegal;
key "stopped" when the host said it stopped on a verdict of its own, message "stop"). A seat that stops on its
own verdict tells the host with a "stop" (sent with the next texts, and again after a rejoin). Only the group
names in `fair_groups` are accepted (RFC 3526 group 14 by default: a host cannot impose a weak group).

Randomness from every seat (a "seat" with "chain", see py_engine/net/host.py and chain.py): the guest makes a hash
chain of its own (`chain`, kept across a reload) and answers with its head; it keeps the heads the host shows
("chains"; one changed after this seat revealed a link: "chain-changed"); to a "rand" for the current move number
that lists its seat it reveals its next link (the same one if asked again for that move, none for an older move).
The check at the end then also asks that the links ("over": links) follow every party's head, that each move's
contribution is the one its links make, that every move that draws randomness took one ("no-contribution"), and
that each link this seat revealed went into the move it was revealed for ("link-unused"); "chain-broken" or
"links-missing" otherwise.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction, Record, RecordError
from ..core import mental_poker as mp
from ..core.record import joint_seed, new_share, seat_commitment, share_commitment
from . import chain as chains
from . import messages as msg
from .messages import ProtocolError, canonical

HANDS_VERIFIED = "hands verified: both of you shuffled the deck, every card shown was dealt, and the audit passed"
HANDS_VERIFIED_ALL = "hands verified: all of you shuffled the deck, every card shown was dealt, and the audit passed"
VERIFIED = "deal verified: the cards were dealt as the host promised at the start, and every move and view agrees"
HOST_DEALT = ("dealt by the host alone — verified to match its commitment, and every move and view agrees (you sent "
              "no share, so the host could have chosen this deal)")
REDEAL = "warning: the host asked to deal your seat again (another seat, game or options) after you sent your share"
CHAIN_CHANGED = "warning: the host changed the head of a hash chain after your seat revealed a link"
VOID = ("warning: the deal is void: it was not made from the shares of exactly the seats that committed to one "
        "(a seat was left out or changed after the commitments were shown)")


@dataclass(frozen=True)
class Event:
    """What a host message did. kind: "seat", "view", "over", "reject", "error", "ping", "pong" or
    "invalid"; `message` is the parsed message, `reply` a text to send back to the host (for a ping),
    `error` the reason an "invalid" message was refused; `replies` more texts to send (after `reply`)."""

    kind: str
    message: dict | None = None
    reply: str | None = None
    error: str | None = None
    replies: tuple[str, ...] = ()


def _plain(action: Any) -> Any:
    """An action as its JSON value (tuples become lists)."""
    if isinstance(action, (tuple, list)):
        return [_plain(a) for a in action]
    return action


def _verdict(ok: bool, key: str, text: str, move: int | None = None) -> dict:
    return {"ok": ok, "key": key, "text": text, "move": move}


def view_digest(view: Any, legal: Any, to_move: Any) -> str:
    """SHA-256 of what one "view" message showed a seat (JSON values, as received)."""
    return hashlib.sha256(canonical([view, legal, to_move]).encode("utf-8", "surrogatepass")).hexdigest()


def state_digest(state: Any, seat: int) -> str:
    """The `view_digest` the host should have sent `seat` for `state`."""
    movers = list(state.to_move())
    legal = [state.game.encode(a) for a in state.legal_actions(seat)] if seat in movers else []
    return view_digest(json.loads(json.dumps(state.view(seat))), json.loads(json.dumps(legal)), movers)


class Guest:
    """Client state machine. Fields the UI reads: `seat`, `token` (keep it, e.g. in localStorage, to
    rejoin), `seated`, `game_id`, `players`, `options`, `name`, `seq`, `view`, `legal`, `to_move`,
    `table`, `over`, `result`, `last_reject`, `last_error`, `rtt`, `my_turn`, `deal` (the host's
    commitment) and `verdict` (None until the game is over, then {"ok", "text"})."""

    def __init__(self, *, seat: int | None = None, token: str | None = None, name: str = "",
                 fair_secret: bytes | None = None, fair_groups: tuple[str, ...] = (mp.GROUP14.name,)) -> None:
        self.seat = seat
        self.fair: Any = None  # this seat's FairSeat when the hands are dealt by mental poker (module doc)
        self.fair_lost = False  # the host holds more of this seat's messages than this device: its keys are lost
        self._fair_secret = fair_secret
        self._fair_groups = tuple(fair_groups)
        self.token = token
        self.name = name
        self.seated = False  # True between a "seat" message and an "error" (replaced / closed)
        self.game_id: str | None = None
        self.players: int | None = None
        self.options: dict | None = None
        self.seq: int | None = None
        self.view: dict | None = None
        self.legal: list = []
        self.to_move: list[int] = []
        self.table: list[dict] = []
        self.over = False
        self.result: dict | None = None
        self.last_reject: dict | None = None
        self.last_error: dict | None = None
        self.rtt: float | None = None
        self.deal: str | None = None
        self.joint = False  # the host said the deal is made by all seats
        self.share: str | None = None  # this seat's share of a joint deal, once drawn (revealed after "commits")
        self.commits: list | None = None  # every seat's commitment to its share, as the host showed them
        self.verdict: dict | None = None
        self._seen: dict[int, str] = {}  # move number -> view_digest of what the host showed then
        self._doubt: dict | None = None  # the first inconsistency noticed during the game (a verdict)
        self._revealed = ""  # digest of the last "over" checked
        self._final: Record | None = None  # the last revealed record that passed `verify`
        self._ping_n = 0
        self._ping_sent: tuple[int, float | None] | None = None
        self._told = False  # the host was sent "stop" for this seat's own verdict (on this connection's Guest)
        self.chain: chains.Chain | None = None  # this seat's hash chain, at a table that takes links
        self.host_head: str | None = None
        self.heads: list | None = None  # the heads the host showed: the host's, then one per seat
        self.revealed: dict[int, str] = {}  # move number -> the link this seat revealed for it
        self._links: Any = None  # the links of the last "over"

    # --- persistence (for a reload) -----------------------------------------------------------
    def save(self) -> dict:
        """What a reloading browser needs to rejoin: seat, token, name, game id, options, and what it must keep
        checking: the commitment, its share, that the deal is joint, and a verdict reached."""
        saved = {"seat": self.seat, "token": self.token, "name": self.name, "game": self.game_id,
                 "deal": self.deal, "share": self.share, "joint": self.joint, "options": self.options,
                 "verdict": self.verdict, "commits": self.commits}
        if self.chain is not None:  # its secret stays on this device
            saved.update(chain=self.chain.to_json(), host_head=self.host_head, heads=self.heads,
                         revealed={str(k): v for k, v in self.revealed.items()})
        if self.fair is not None:  # holds this seat's secret: it stays on this device
            saved["fair"] = self.fair.to_json()
        return saved

    @classmethod
    def restore(cls, saved: dict, fair: Any = None) -> Guest:
        """The guest `save()` kept; `fair`: this seat's live FairSeat to go on with (a reconnect without a
        reload: resuming the saved one redoes every exponentiation)."""
        g = cls(seat=saved.get("seat"), token=saved.get("token"), name=saved.get("name") or "")
        g.game_id = saved.get("game")
        deal = saved.get("deal")
        g.deal = deal if msg.is_hex(deal, 64) else None
        share = saved.get("share")
        g.share = share if msg.is_hex(share, 64) else None
        g.joint = saved.get("joint") is True or g.share is not None  # a share is only ever sent to a joint deal
        g.options = saved["options"] if isinstance(saved.get("options"), dict) else None
        commits = saved.get("commits")
        if isinstance(commits, list) and all(c is None or msg.is_hex(c, 64) for c in commits):
            g.commits = commits
        verdict = saved.get("verdict")
        if isinstance(verdict, dict) and type(verdict.get("ok")) is bool and msg.is_str(verdict.get("key"), 32) \
                and msg.is_str(verdict.get("text"), 1000):
            g.verdict = verdict
            if not verdict["ok"]:
                g._doubt = verdict  # a warning stays whatever the host reveals later
        if saved.get("chain") is not None:
            try:
                g.chain = chains.Chain.from_json(saved["chain"])
                heads, revealed = saved.get("heads"), saved.get("revealed") or {}
                g.host_head = saved["host_head"] if chains.is_link(saved.get("host_head")) else None
                g.heads = heads if isinstance(heads, list) and all(
                    h is None or chains.is_link(h) for h in heads) else None
                g.revealed = {int(k): v for k, v in revealed.items() if chains.is_link(v)}
            except (ValueError, TypeError, AttributeError):
                g.chain, g.revealed = None, {}
        if fair is not None:
            g.fair = fair
        elif saved.get("fair") is not None and g.game_id:
            from .. import get_game

            try:
                g.fair = get_game(g.game_id).fair_resume(saved["fair"])
            except (KeyError, ValueError, TypeError):
                g.fair = None
        return g

    @property
    def my_turn(self) -> bool:
        return self.seated and not self.over and self.seat in self.to_move and bool(self.legal)

    # --- outgoing -----------------------------------------------------------------------------
    def join(self, invite: str, name: str | None = None) -> str:
        """The message claiming a seat with an invite token."""
        if name is not None:
            self.name = name
        return msg.join(invite, self.name)

    def rejoin(self, token: str | None = None) -> str:
        """The message reclaiming our seat with the rejoin token (ours by default)."""
        token = token if token is not None else self.token
        if not token:
            raise ValueError("no rejoin token: join with an invite first")
        return msg.rejoin(token, self.fair.got if self.fair is not None else None)

    def act(self, action: Any, *, check: bool = True) -> str:
        """The message playing `action` (tuple or encoded list) against the current view.
        With `check`, raises ValueError unless it is one of `legal`."""
        if self.seq is None:
            raise ValueError("no view yet")
        value = _plain(action)
        if check and canonical(value) not in {canonical(a) for a in self.legal}:
            raise ValueError("not one of the legal moves of the current view")
        return msg.act(self.seq, value)

    def play(self, action: Any) -> list[str]:
        """The texts that play `action` (one "act", or the "mp" messages of a game dealt by mental poker).
        Raises ValueError unless it is one of `legal`."""
        if self.fair is None:
            return [self.act(action)]
        value = _plain(action)
        if canonical(value) not in {canonical(a) for a in self.legal}:
            raise ValueError("not one of the legal moves of the current view")
        from .. import get_game

        start = len(self.fair.sent)
        self.fair.act(get_game(self.game_id).decode(value))
        self._sync()
        return self._texts(start)

    def poll(self) -> list[str]:
        """One piece of this seat's mental-poker work (the app calls it when idle, once seated): the texts to
        send."""
        if self.fair is None or not self.seated or self.fair_lost:
            return []
        start = len(self.fair.sent)
        self.fair.poll()
        self._sync()
        return self._texts(start)

    def _texts(self, start: int) -> list[str]:
        """This seat's "mp" messages from number `start` on, as texts (numbered: see messages.mp), then a "stop"
        if this seat stopped on a verdict of its own that the host was not told yet."""
        out = [msg.mp(m, i) for i, m in enumerate(self.fair.sent[start:], start)]
        own = self.fair.own_verdict()
        if own is not None and not self._told:
            self._told = True
            out.append(msg.stop(own["kind"], own["detail"]))
        return out

    def fair_busy(self) -> bool:
        """True while `poll` may have work: this round's deck is not yet rekeyed by this seat."""
        return self.fair is not None and self.fair.verdict is None and self.fair.deal.deck is None

    def waiting(self) -> list[tuple[int, str]]:
        """(seat, what) this seat waits for, for the link to time out: the deal's messages (`fair.waiting()`),
        and at the board game the tiles' seed, which the host owes as soon as this seat revealed its share."""
        f = self.fair
        if f is None:
            return []
        owed = f.waiting()
        if not owed and f.verdict is None and getattr(f, "TILES", False) and f.seed is None \
                and self.commits is not None:
            owed = [(self.host_seat(), "tiles")]
        return owed

    def fair_refused(self) -> list[str]:
        """The app gave up waiting for the host (`waiting()` stayed non-empty): stop with that verdict; the
        texts to send (the "stop"; `poll` returns it too if these are not sent)."""
        owed = self.waiting()
        if not owed:
            return []
        start = len(self.fair.sent)
        self.fair.refused(*owed[0])
        self._sync()
        return self._texts(start)

    def _sync(self) -> None:
        """View, legal moves, who moves and the result from this seat's FairSeat."""
        from .. import get_game

        f, game = self.fair, get_game(self.game_id)
        s = f.state
        self.seq = len(s.record.moves)
        self.view = json.loads(json.dumps(s.view(self.seat)))
        stopped = f.verdict is not None or self.fair_lost
        self.legal = [game.encode(a) for a in s.legal_actions(self.seat)] if f.ready() and not stopped else []
        self.to_move = [] if stopped else list(s.to_move())
        self.over = s.is_over() or stopped
        self.result = json.loads(json.dumps(s.result())) if s.is_over() else None
        if f.verdict is not None:
            v = f.verdict
            if v["kind"] == mp.STOPPED:  # the host's finding, not this seat's
                self.verdict = dict(_verdict(False, "stopped", f"warning: {v['detail']}"), cheat=dict(v))
            else:
                who = f"seat {v['seat'] + 1}" if v["seat"] >= 0 else "one of the other seats"
                self.verdict = dict(_verdict(False, "cheat", f"warning: {who} cheated "
                                             f"({v['kind']}): {v['detail']}"), cheat=dict(v))
        elif f.audited:
            self.verdict = _verdict(True, "hands-verified", HANDS_VERIFIED if f.players == 2 else HANDS_VERIFIED_ALL)

    def _on_mp(self, m: dict, now: float | None) -> Event:
        if self.fair is None or not self.seated:
            raise ProtocolError("malformed", "a mental-poker message at a table that is not dealt so")
        if self.fair_lost or (m.get("i") is not None and m["i"] != self.fair.got):
            return Event("mp", m)  # taken already, or after a gap: the host sends again from `got` on a rejoin
        sender = m.get("s")
        if self.fair.players > 2 and (sender is None or sender == self.fair.me or sender >= self.fair.players):
            raise ProtocolError("malformed", "a relayed mental-poker message from no other seat")
        start = len(self.fair.sent)
        self.fair.receive(m["m"], sender)
        self._sync()
        return Event("mp", m, replies=tuple(self._texts(start)))

    def _on_stop(self, m: dict, now: float | None) -> Event:
        """The host stopped the game on a verdict of its own: stop too, recording that the host stopped it."""
        if self.fair is None or not self.seated:
            raise ProtocolError("malformed", "a stop at a table that is not dealt by mental poker")
        seat = m.get("s") if self.fair.players > 2 else None
        if seat is not None and (seat == self.fair.me or seat >= self.fair.players):
            raise ProtocolError("malformed", "a stop from no other seat")
        start = len(self.fair.sent)
        self.fair.other_stopped(m["kind"], msg.clean_text(m.get("detail") or "", msg.REASON_MAX), seat)
        self._sync()
        return Event("stop", m, replies=tuple(self._texts(start)))  # at 3+ seats: this deal's secret, to name a seat

    def ping(self, now: float | None = None) -> str:
        """A ping; the matching pong sets `rtt` when `now` is passed to both calls."""
        self._ping_n += 1
        self._ping_sent = (self._ping_n, now)
        return msg.ping(self._ping_n)

    # --- incoming -----------------------------------------------------------------------------
    def receive(self, text: Any, now: float | None = None) -> Event:
        """Take one host message; never raises."""
        try:
            m = msg.parse_host(text)
            return getattr(self, "_on_" + m["t"])(m, now)
        except ProtocolError as exc:
            return Event("invalid", error=f"{exc.code}: {exc.reason}")
        except Exception as exc:  # defensive: a guest must survive any host text
            return Event("invalid", error=f"internal: {type(exc).__name__}")

    def _redeal(self, m: dict) -> bool:
        """A "seat" that would replace a seat already dealt (a share committed to, or a FairSeat): another seat, game,
        options or group (a game dealt by mental poker that would no longer be)."""
        f = self.fair
        if f is not None:
            if getattr(f, "TILES", False) and f.seed_given is None:  # tiles from every seat's share: same commitment
                tiles_changed = m.get("tiles") is not None or m.get("joint") is not True or m.get("deal") != self.deal
            else:
                tiles_changed = getattr(f, "seed", m.get("tiles") or 0) != (m.get("tiles") or 0)
            return (m["seat"] != f.me or m["game"] != self.game_id or m.get("fair") != f.group.name
                    or canonical(m["options"]) != canonical(f.options) or m["players"] != f.players
                    or tiles_changed)
        return self.share is not None and (m["seat"] != self.seat or m["game"] != self.game_id or (
            self.options is not None and canonical(m["options"]) != canonical(self.options)))

    def _on_seat(self, m: dict, now: float | None) -> Event:
        if self._redeal(m):  # refused: this seat keeps what it was dealt, and stops with a verdict
            self.seated = True
            if self.fair is None:
                self._warn("redeal", REDEAL)
                return Event("seat", m)
            start = len(self.fair.sent)
            self.fair.stop(mp.Cheat(mp.REDEAL, self.fair.other, "it asked this seat to deal again (another seat, "
                                    "game, options or group) after the deal began"))
            self._sync()
            return Event("seat", m, replies=tuple(self._texts(start)))
        deal = m.get("deal")
        if self.deal is not None and deal != self.deal and m["game"] == self.game_id and self._doubt is None:
            self._doubt = _verdict(False, "commitment-changed",
                                   "warning: the host changed its commitment to the deal during the game")
        if self.deal is None or m["game"] != self.game_id:
            self.deal = deal
        self.seat, self.token, self.game_id = m["seat"], m["token"], m["game"]
        self.players, self.options, self.name = m["players"], m["options"], m["name"]
        self.seated = True
        self.over, self.result = False, None
        reply = None
        if m.get("fair") is not None:
            fresh = self._fair_seat(m)
            got = m.get("got") or 0
            if got > len(self.fair.sent):  # the host took messages this device never sent: its keys are gone
                self.fair_lost = True
                self._sync()
                return Event("seat", m)
            reply = None
            if getattr(self.fair, "TILES", False) and self.fair.seed_given is None:  # the tiles' seed, made by all
                if fresh and (m.get("joint") is not True or m.get("tiles") is not None):
                    self._bad_tiles("it chose the seed of the tiles alone (it asked for no share of this seat's)")
                    return Event("seat", m, replies=tuple(self._texts(got)))
                self.joint = True
                if self.share is None:
                    self.share = new_share()
                if self.fair.seed is None:
                    reply = msg.commit(seat_commitment(self.share))
            return Event("seat", m, reply=reply, replies=tuple(self._texts(got)))  # what the host lacks, again
        if m.get("joint") is True and self.deal == deal:  # our share, made only after the commitment arrived
            self.joint = True
            if self.share is None:
                self.share = new_share()
            reply = msg.commit(seat_commitment(self.share))
        more: tuple[str, ...] = ()
        if m.get("chain") is not None:
            if self.host_head is not None and m["chain"] != self.host_head and self.revealed:
                self._warn("chain-changed", CHAIN_CHANGED)
            self.host_head = m["chain"]
            if self.chain is None:
                self.chain = chains.Chain()
            more = (msg.chain(self.chain.head),)
        if reply is None and more:
            reply, more = more[0], ()
        return Event("seat", m, reply=reply, replies=more)

    def _on_chains(self, m: dict, now: float | None) -> Event:
        """The heads of every party's chain: kept; one that changes after this seat revealed a link is a warning."""
        heads = m["heads"]
        if not self.seated or self.chain is None or len(heads) != (self.players or 0) + 1:
            raise ProtocolError("malformed", "chain heads for another table, or for a table that asked for no chain")
        if heads[0] != self.host_head or (self.revealed and self.heads is not None and any(
                a is not None and a != b for a, b in zip(self.heads, heads))):
            self._warn("chain-changed", CHAIN_CHANGED)
        self.heads = list(heads)
        return Event("chains", m)

    def _on_rand(self, m: dict, now: float | None) -> Event:
        """The move numbered seq draws randomness and is fixed: reveal this seat's next link for it, once."""
        if not self.seated or self.chain is None:
            raise ProtocolError("malformed", "a link asked for at a table that asked for no chain")
        seq = m["seq"]
        if self.seat not in m["seats"]:
            return Event("rand", m)
        if seq in self.revealed:  # asked again (a rejoin): the same link
            return Event("rand", m, reply=msg.link(seq, self.revealed[seq]))
        if seq != self.seq or (self.revealed and max(self.revealed) >= seq):
            raise ProtocolError("malformed", "a link asked for another move than the current one")
        link = self.chain.reveal()
        self.revealed[seq] = link
        return Event("rand", m, reply=msg.link(seq, link))

    def _warn(self, key: str, text: str) -> None:
        """A warning found during the game: shown at once, and the verdict whatever the host reveals later."""
        self._doubt = self._doubt or _verdict(False, key, text)
        if self.verdict is None or self.verdict["ok"]:
            self.verdict = dict(self._doubt)

    def _on_commits(self, m: dict, now: float | None) -> Event:
        """The host shows every seat's commitment: reveal our share if ours is among them, in our seat, and the
        list is the one shown before (if any); else a "deal-void" warning and no share."""
        if not self.seated or not self.joint or self.share is None:
            raise ProtocolError("malformed", "commitments to shares at a table that asked for none of this seat's")
        c = m["commits"]
        if len(c) != self.players or c[self.seat] != seat_commitment(self.share) or (
                self.commits is not None and self.commits != c):
            if self.fair is not None:  # the tiles' seed: the seat stops, and tells the host
                start = len(self.fair.sent)
                self._bad_tiles("its list of the seats' commitments leaves out this seat's or changed")
                return Event("commits", m, replies=tuple(self._texts(start)))
            self._warn("deal-void", VOID)
            return Event("commits", m)
        self.commits = list(c)
        return Event("commits", m, reply=msg.share(self.share))

    def _on_tiles(self, m: dict, now: float | None) -> Event:
        """The seed of the board game's tiles and the shares that make it: checked against the host's commitment
        (its "seat"), this seat's share and the commitments shown ("commits"); then the tiles are laid. Any
        mismatch stops the seat with the verdict "bad_tiles"."""
        f = self.fair
        if f is None or not self.seated or not getattr(f, "TILES", False) or f.seed_given is not None:
            raise ProtocolError("malformed", "a tiles' seed at a table that asked for no share of it")
        start = len(f.sent)
        why = self._tiles_wrong(m)
        if why is not None:
            self._bad_tiles(why)
        elif f.seed is None:
            f.set_tiles(m["seed"])
            self._sync()
        return Event("tiles", m, replies=tuple(self._texts(start)))

    def _tiles_wrong(self, m: dict) -> str | None:
        """Why the tiles' seed of a "tiles" message is not the one every seat made (None: it is)."""
        shares, c = m["shares"], self.commits
        if self.deal is None or share_commitment(m["share"], m["salt"]) != self.deal:
            return "its share is not the one it committed to at the start"
        if self.share is None or c is None or len(shares) != self.players or shares[self.seat] != self.share:
            return "the seed was not made with this seat's share"
        if not self._made_by_committed(shares) or sum(x is None for x in c) != 1:  # every seat but the host's
            return "the seed was not made from the shares of exactly the seats that committed to one"
        if joint_seed(m["share"], shares) != m["seed"]:
            return "the seed is not the one the shares give"
        if self.fair.seed is not None and self.fair.seed != m["seed"]:
            return "it laid the tiles again from another seed"
        return None

    def host_seat(self) -> int:
        """The host's seat: the one seat at its screen (the table's "local" row), -1 while unknown."""
        if self.fair is not None and self.fair.players == 2:
            return self.fair.other
        return next((r["seat"] for r in self.table if r.get("kind") == "local"), -1)

    def _bad_tiles(self, why: str) -> None:
        """The host laid (or would lay) the tiles from a seed not made by every seat: stop, naming it."""
        if self.fair.verdict is None:
            self.fair.stop(mp.Cheat(mp.BAD_TILES, self.host_seat(), why))
        self._sync()

    def _fair_seat(self, m: dict) -> bool:
        from .. import get_game

        if m["fair"] not in self._fair_groups:
            raise ProtocolError("malformed", "the host asked for a mental-poker group this seat does not accept")
        f = self.fair
        fresh = f is None or f.me != m["seat"] or canonical(f.options) != canonical(m["options"])
        if fresh:  # a new seat's tiles wait for the seed every seat makes ("tiles")
            secret = self._fair_secret if self._fair_secret is not None else secrets.token_bytes(mp.SECRET_BYTES)
            f = get_game(m["game"]).fair_seat(m["players"], m["seat"], secret, m["options"], mp.GROUPS[m["fair"]],
                                              seed=None)
            if f is None:
                raise ProtocolError("malformed", "this game is not dealt by mental poker")
        self.fair = f
        self._sync()
        return fresh

    def _on_view(self, m: dict, now: float | None) -> Event:
        if not self.seated:
            raise ProtocolError("malformed", "a view arrived before a seat was assigned")
        if m["seat"] != self.seat or len(m["table"]) != self.players:
            raise ProtocolError("malformed", "a view for another seat or table arrived")
        if self.fair is not None:  # the host sends only the table: the position is this seat's own
            self.table = m["table"]
            self._sync()
            return Event("view", m)
        digest = view_digest(m["view"], m["legal"], m["to_move"])
        if self._seen.setdefault(m["seq"], digest) != digest and self._doubt is None:
            self._doubt = _verdict(False, "two-views",
                                   f"warning: the host showed two different positions for move {m['seq']}", m["seq"])
        self.seq, self.view, self.legal = m["seq"], m["view"], m["legal"]
        self.to_move, self.table, self.over = m["to_move"], m["table"], m["over"]
        if not self.over:
            self.result = None
        return Event("view", m)

    def _on_over(self, m: dict, now: float | None) -> Event:
        if not self.seated:
            raise ProtocolError("malformed", "a result arrived before a seat was assigned")
        if self.fair is not None:
            raise ProtocolError("malformed", "the result of a game dealt by mental poker comes from this seat")
        self.over, self.result = True, m["result"]
        key = hashlib.sha256(canonical([m["seq"], m.get("record")]).encode("utf-8", "surrogatepass")).hexdigest()
        if self.verdict is None or (self.verdict["ok"] and key != self._revealed):  # a warning sticks
            self._revealed = key
            self._links = m.get("links")
            self.verdict = self.verify(m.get("record"), m["seq"])
        return Event("over", m)

    def final_record(self) -> Record | None:
        """The whole game once it is over and this seat has checked it, to watch, save and share like any
        finished game: the host's revealed record that passed `verify`, or at a table dealt by mental poker
        this seat's audited record. None before the end, and after a warning."""
        if not self.over:
            return None
        if self.fair is not None:
            return self.fair.full_record()
        return self._final if self.verdict is not None and self.verdict["ok"] else None

    # --- fair play ----------------------------------------------------------------------------
    def verify(self, data: Any, final_seq: int | None = None) -> dict:
        """Check the host's revealed record (see the module doc); the verdict dict."""
        if self.deal is None:
            return _verdict(False, "no-commitment",
                            "warning: the host made no commitment to the deal at the start, so it cannot be checked")
        if self._doubt is not None:
            return dict(self._doubt)
        if data is None:
            return _verdict(False, "not-revealed",
                            "warning: the host did not reveal the deal at the end, so it cannot be checked")
        try:
            record = Record.from_json(data)
        except RecordError as exc:
            return _verdict(False, "unreadable", f"warning: the host revealed an unreadable record ({str(exc)[:120]})")
        if (record.game_id != self.game_id or record.players != self.players
                or canonical(record.options) != canonical(self.options)):
            return _verdict(False, "other-table", "warning: the revealed record is of another game or table")
        if not record.salt or record.commitment() != self.deal:
            return _verdict(False, "commitment-mismatch",
                            "warning: the revealed deal is not the one the host committed to at the start")
        if self.joint and (not record.host_share or record.shares is None or record.shares[self.seat] != self.share):
            return _verdict(False, "share-missing",
                            "warning: the deal was not made with your share, as the host promised")
        if self.commits is not None and not self._made_by_committed(record.shares):
            return _verdict(False, "deal-void", VOID)
        if final_seq is not None and len(record.moves) != final_seq:
            return _verdict(False, "wrong-end",
                            "warning: the revealed record does not end at the last move the host announced")
        found = self._check_links(record)
        return found if found is not None else self._replay(record)

    def _check_links(self, record: Record) -> dict | None:
        """At a table that took links: they follow the heads shown, make each move's contribution, and every link
        this seat revealed went into its move (see the module doc). None when all holds."""
        given = {i: c for i, c in record.contributions}
        if self.chain is None:
            return None if not given else _verdict(False, "links-missing", "warning: the host mixed contributions "
                                                   "into the randomness that this seat never saw")
        log, heads = self._links, self.heads
        if heads is None:
            heads = [self.host_head] + [None] * (self.players or 0)
        if not isinstance(log, list):
            return _verdict(False, "links-missing", "warning: the host did not reveal the links of the random events")
        why = chains.check_links(heads, log, len(record.moves))
        if why is not None:
            return _verdict(False, "chain-broken", f"warning: the links of the random events do not hold ({why})")
        made = {e[0]: chains.contribution(e[0], e[1]) for e in log}
        if made != given:
            return _verdict(False, "no-contribution",
                            "warning: a random event did not take the contribution the seats' links make")
        mine = {e[0]: e[1][self.seat + 1] for e in log}
        for seq, link in self.revealed.items():
            if mine.get(seq) != link:
                return _verdict(False, "link-unused", f"warning: the link your seat revealed for move {seq} was not "
                                "used for it (the host could have learnt it in advance)", seq)
        return None

    def _made_by_committed(self, shares: list) -> bool:
        """The revealed shares are exactly those of the seats whose commitments were shown, each matching."""
        return len(shares) == len(self.commits) and all(
            (sh is None) == (c is None) and (c is None or seat_commitment(sh) == c)
            for sh, c in zip(shares, self.commits))

    def _replay(self, record: Record) -> dict:
        from .. import get_game

        game = get_game(record.game_id)
        seat = self.seat
        given = {i: c for i, c in record.contributions}
        try:
            state = game.new(players=record.players, seed=record.seed, options=record.options)
            for k in range(len(record.moves) + 1):
                seen = self._seen.get(k)
                if seen is not None and seen != state_digest(state, seat):
                    return _verdict(False, "view-mismatch",
                                    f"warning: the position after move {k} is not what the host showed you then", k)
                if k < len(record.moves):
                    mover, encoded = record.moves[k]
                    action = game.decode(encoded)
                    if self.chain is not None and k not in given and state.draws_randomness(mover, action):
                        return _verdict(False, "no-contribution", f"warning: move {k} drew randomness that took no "
                                        "contribution of the seats' links (the host could have foreseen it)", k)
                    state.apply(mover, action, given.get(k))
        except (IllegalAction, RecordError) as exc:
            return _verdict(False, "illegal-move",
                            f"warning: the revealed record holds an illegal move ({str(exc)[:120]})")
        except Exception as exc:  # an engine error on hostile data: still only a warning
            return _verdict(False, "not-replayable",
                            f"warning: the revealed record cannot be replayed ({type(exc).__name__})")
        if not state.is_over():
            return _verdict(False, "not-over", "warning: the revealed record does not reach the end of the game")
        if self.result is not None and canonical(json.loads(json.dumps(state.result()))) != canonical(self.result):
            return _verdict(False, "wrong-result",
                            "warning: the announced result is not the result of the revealed game")
        self._final = record
        return _verdict(True, "verified", VERIFIED) if self.joint else _verdict(True, "host-dealt", HOST_DEALT)

    def _on_reject(self, m: dict, now: float | None) -> Event:
        self.last_reject = m
        return Event("reject", m)

    def _on_error(self, m: dict, now: float | None) -> Event:
        self.last_error = m
        self.seated = False
        self.legal = []
        return Event("error", m)

    def _on_ping(self, m: dict, now: float | None) -> Event:
        return Event("ping", m, reply=msg.pong(m["n"]))

    def _on_pong(self, m: dict, now: float | None) -> Event:
        sent = self._ping_sent
        if sent is not None and sent[0] == m["n"]:
            self._ping_sent = None
            if now is not None and sent[1] is not None:
                self.rtt = now - sent[1]
        return Event("pong", m)
