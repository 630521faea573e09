"""The host side of a table: owns the one true State and checks every guest message.

Transport-agnostic: the app hands each raw text from a connection to `Host.receive` and sends the
returned ``(peer_id, text)`` pairs; no I/O, clock or randomness happens here except through the
injected `token_factory`, the deal's salt (`new_salt`, from the OS) and the optional `now`
timestamps the app passes in for ping times.

Fair play (commit–reveal). The host owns the seed, so it could deal itself good cards or peek; the
guests cannot prevent that, but they can catch it. At the start the record gets a random salt and
every "seat" message carries the commitment SHA-256(seed, salt) (exact bytes: py_engine.core.record);
the seed and salt never leave the host while the game runs. When the game is over the "over" message
carries the full record (seed, salt, moves): each guest checks the commitment and replays the record
against every view it was sent (`Guest.verdict`: "deal verified" or a warning).

Deals no one chooses (`joint=True`, what the app uses for a table with remote seats). A host alone could
draw seeds until one deals it good cards and then commit to that one. So the seed is made by all seats
together (py_engine.core.record: `share_commitment`, `joint_seed`): the host draws a secret share and its
"seat" messages carry the commitment to it (with "joint": true) before any guest has answered; each
remote seat answers with a commitment to a share of its own ("commit"); when every remote seat has committed,
the host sends every guest the list of commitments ("commits": which seats make the deal), and only then do
the guests reveal their shares ("share", checked against the commitment); when every seat of the list has
revealed, the seed is derived from all of them and the game starts (until then nobody moves and no view is
sent: `dealing`). So the host learns no guest's share before the seats that make the deal are fixed, and cannot
choose among subsets of them; a seat of the list turned into a bot before it revealed is left out of the deal,
which every guest's check at the end then calls void ("deal-void"). The host's
share is revealed with the record when the game is over, and each guest checks that the record's seed is
the one the shares give, that its own share is the one used for its seat, and the commitment.

Hands not even the host can see (`fair_secret`, a table of a game with a mental-poker seat, `Game.fair_seat`:
the Lost Cities card game, 2 seats, and the board game, 2-4 seats; one local seat, every other seat remote; a
table with a bot or a second local seat deals jointly instead, as a bot's hand would be on this device anyway).
With more than two seats the host relays: every "mp" message of a seat goes to every other guest, named by
its sender ("s") and numbered in that guest's stream (`stream`, rebuilt from the FairSeat's `traffic`), and
a guest's "stop" goes to the other guests; the rest of this paragraph describes two seats, and holds per
guest. The host holds a
FairSeat for its own seat (py_engine.games.lost_cities.fair) and its `state` is that seat's knowledge state:
the guest's hand and the deck are opaque slots on this device. The deck is shuffled by both seats ("mp"
messages both ways, `poll()` does the host's share of the work when the app is idle), the guest plays on its
own FairSeat, and each move crosses as an "mp" message that the receiving seat checks. The guest gets
"view" messages with an empty view (the table: names, who is connected) and no "over": the result and the
audit come from its own seat. A cheat stops the game (`verdict`) and the host tells the guest ("stop", with the
verdict's name; again after a rejoin); a guest's "stop" stops the host's seat too, recorded as "stopped" (the
guest's finding, not the host's). No joint seed is needed: no seed deals the cards. The board game's public
tiles need a seed: it is made from every seat's share as a joint deal's is (the host's share committed to in
"seat", then "commit", "commits", "share"; `tiles`), and revealed to every guest at once ("tiles", again after a
rejoin) with the shares, which each guest checks before it lays its tiles; nobody moves until then.

Randomness nobody foresees or steers (`chains`, on by default with `joint`, at a table of a game that draws its later
randomness by event: Arnak, Catan, Islands; py_engine/net/chain.py). The host and every remote seat commit to the
head of a hash chain (the host in "seat", a guest in its "chain" answer; the host shows all heads: "chains"). A move
that would draw a random event is fixed first and waits (`pending`: nobody moves) while the host asks each remote
seat with a chain for its next link ("rand"); the link is checked against the seat's chain, and when all are in,
the host adds its own and applies the move with the contribution made of them all (kept in the record; the links
go with "over", and each guest's check replays the game with them). A seat that leaves the table (a bot, the
host's screen) no longer contributes; one that drops is asked again when it rejoins.

Rate limits per connection: MAX_AUTH_FAILURES wrong tokens, MAX_CLAIMS seats claimed (join or
rejoin; each claim makes the host answer every seat and redraw), and a rejoin of the seat the
connection already holds is refused cheaply ("seated").
"""

from __future__ import annotations

import copy
import hmac
import secrets
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import get_game
from ..core import Game, IllegalAction, Record, RecordError, State
from ..core.record import joint_seed, new_salt, new_share, seat_commitment, share_commitment
from . import chain as chains
from . import messages as msg
from .messages import SEAT_KINDS, ProtocolError, canonical, clean_name

Out = tuple[Any, str]  # (peer id, message text)
SAVE_FORMAT = "explorers-table-host"
SAVE_VERSION = 1
MAX_AUTH_FAILURES = 16  # bad tokens a connection may send before its join/rejoin attempts are refused unread
MAX_CLAIMS = 4  # seats a connection may claim (join / rejoin) in its lifetime; a guest needs one


def default_token() -> str:
    """128 bits from the OS (crypto.getRandomValues under Pyodide)."""
    return secrets.token_urlsafe(16)


@dataclass
class _Seat:
    kind: str
    name: str
    token: str | None = None  # rejoin token of the guest who claimed the seat
    invite: str | None = None  # pending invite token (single use)
    peer: Any = None  # connection currently bound to the seat


def _same(given: str, expected: str | None) -> bool:
    return expected is not None and hmac.compare_digest(given.encode("utf-8", "surrogatepass"),
                                                        expected.encode("utf-8", "surrogatepass"))


class Host:
    """A host-authoritative table. Seats are "local" (a person at the host's screen), "bot" (the app
    asks its bot and calls `local_action`) or "remote" (a guest over a connection, by invite token).

    `on_change(kind)` is called after the game advanced (kind "state": redraw, autosave) or the
    table changed (kind "table": seats, names, connections; autosave). Always read `host.state`
    afresh: each applied action replaces the State object (actions are applied to a copy first, so
    an engine error cannot leave a half-applied state).
    """

    def __init__(self, game_id: str, players: int, seed: int = 0, options: dict | None = None, *,
                 seats: Sequence[str] | None = None, names: Sequence[str] | None = None,
                 token_factory: Callable[[], str] | None = None,
                 on_change: Callable[[str], None] | None = None, joint: bool = False,
                 fair_secret: bytes | None = None, fair_group: Any = None, chains: bool | None = None) -> None:
        game = get_game(game_id)
        fair = None
        if fair_secret is not None and seats is not None and list(seats).count("local") == 1 \
                and list(seats).count("remote") == len(seats) - 1:  # the tiles' seed is made by every seat (below)
            fair = game.fair_seat(players, list(seats).index("local"), fair_secret, options, fair_group, seed=None)
        if fair is not None:  # hands not even the host can see (module doc): no seed deals
            self._setup(game, fair.state, seats, names, token_factory, on_change, fair=fair)
            if getattr(fair, "TILES", False):  # the public seed: the host's share, committed to now (module doc)
                self.tiles = {"share": new_share(), "salt": new_salt(), "shares": [None] * players}
            for s in self._seats:
                if s.kind == "remote":
                    s.invite = self._new_token()
            return
        state = game.new(players=players, seed=seed, options=options)
        if joint:  # the seed is made by all seats together (module doc); `seed` is not used
            state.record.salt, state.record.host_share = new_salt(), new_share()
            state.record.shares = [None] * players
        self._setup(game, state, seats, names, token_factory, on_change, dealing=joint)
        for s in self._seats:
            if s.kind == "remote":
                s.invite = self._new_token()
        self._start_chain(joint if chains is None else chains)
        if joint:
            self._deal()
            self._show_commits()  # at once at a table without remote seats

    # --- construction / persistence ---------------------------------------------------------
    def _setup(self, game: Game, state: State, seats: Sequence[str] | None, names: Sequence[str] | None,
               token_factory: Callable[[], str] | None, on_change: Callable[[str], None] | None,
               dealing: bool = False, fair: Any = None) -> None:
        n = state.players
        kinds = list(seats) if seats is not None else ["local"] + ["remote"] * (n - 1)
        if len(kinds) != n or any(k not in SEAT_KINDS for k in kinds):
            raise ValueError(f"seats must be {n} of {SEAT_KINDS}")
        given = list(names) if names is not None else []
        if len(given) > n:
            raise ValueError("more names than seats")
        self.game = game
        if not state.record.salt:
            state.record.salt = new_salt()
        self._state = state
        self.dealing = dealing  # a joint deal waiting for the shares of remote seats: nobody moves yet
        self.commits: list[str | None] = [None] * n  # remote seats' commitments to their shares (joint deal)
        self.shown = False  # the commitments were sent to the guests: the seats that make the deal are fixed
        self.fair = fair  # this seat's FairSeat when the hands are dealt by mental poker (module doc)
        self.tiles: dict | None = None  # the board game's tiles' seed being made: {"share", "salt", "shares"}
        self._fair_next: dict[int, int] = {}  # remote seat -> the first message of its stream its connection lacks
        self._told: set[int] = set()  # remote seats whose connection was sent "stop" for this seat's own verdict
        self._streams: dict[int, list[tuple[int, dict]]] = {}  # remote seat -> (sender, message) it gets, in order
        self._traffic_at = 0  # messages of fair.traffic already put in the streams
        self._fair_mark: tuple = ()  # (seq, verdict, audited) when the app was last told of a change
        self._token_factory = token_factory or default_token
        self.on_change = on_change
        self._seats = [_Seat(k, clean_name(given[i] if i < len(given) else None, f"Player {i + 1}"))
                       for i, k in enumerate(kinds)]
        self._peers: dict[Any, int] = {}
        self._failures: dict[Any, int] = {}
        self._claims: dict[Any, int] = {}
        self._pings: dict[Any, tuple[int, float | None]] = {}
        self._ping_n = 0
        self.rtt: dict[Any, float] = {}  # peer -> last measured round-trip time (units of `now`)
        self.last_seen: dict[Any, float] = {}  # peer -> `now` of its last message
        self.last_error: str | None = None  # last internal error swallowed by receive()
        self.revision = 0  # bumps on every change of state or table
        self._legal: list[list] = []
        self._keys: list[dict[str, tuple]] = []
        self.chain: chains.Chain | None = None  # the host's hash chain (module doc), at a table that takes links
        self.heads: list[str | None] = [None] * n  # each remote seat's chain head
        self.links: list[list] = []  # [move index, [host link, one per seat or None]] per move that drew randomness
        self._last: list[str | None] = [None] * (n + 1)  # each party's head or last link (host first)
        self.pending: dict | None = None  # a move that draws randomness, waiting for the seats' links
        self._refresh()
        self._epoch = [self.seq] * n

    @classmethod
    def resume(cls, saved: dict, *, seats: Sequence[str] | None = None, names: Sequence[str] | None = None,
               token_factory: Callable[[], str] | None = None,
               on_change: Callable[[str], None] | None = None) -> Host:
        """Rebuild a table from `save()` output, or from a bare Record JSON (then `seats`/`names` set up
        the table and fresh invites are issued). Raises RecordError with a readable reason."""
        if not isinstance(saved, dict):
            raise RecordError("not a saved table")
        if saved.get("format") == SAVE_FORMAT:
            if saved.get("version") != SAVE_VERSION:
                raise RecordError(f"unsupported table save version {saved.get('version')!r}")
            record = Record.from_json(saved.get("record"))
            rows = saved.get("seats")
            if not isinstance(rows, list) or len(rows) != record.players:
                raise RecordError("the saved seats do not match the record")
            for row in rows:
                if (not isinstance(row, dict) or row.get("kind") not in SEAT_KINDS
                        or not all(row.get(k) is None or msg.is_str(row.get(k), msg.TOKEN_MAX, 1)
                                   for k in ("token", "invite"))):
                    raise RecordError("bad seat entry in the saved table")
            dealing = saved.get("dealing") is True
            if dealing and (not record.host_share or record.moves):
                raise RecordError("a table still dealing must be a joint deal with no move")
            game = get_game(record.game_id)
            fair = None
            if saved.get("fair") is not None:
                try:
                    fair = game.fair_resume(saved["fair"])
                except (ValueError, TypeError, KeyError) as exc:
                    raise RecordError(f"the saved seat cannot be resumed ({str(exc)[:120]})") from None
                if fair is None:
                    raise RecordError("this game is not dealt by mental poker")
            state = fair.state if fair is not None else record.replay()
            host = cls.__new__(cls)
            host._setup(game, state, [r["kind"] for r in rows],
                        [r.get("name") for r in rows], token_factory, on_change, dealing=dealing, fair=fair)
            commits = saved.get("commits")  # absent from saves of the previous version: none made yet
            if isinstance(commits, list) and len(commits) == record.players \
                    and all(c is None or msg.is_hex(c, 64) for c in commits):
                host.commits, host.shown = list(commits), saved.get("shown") is True
            for s, row in zip(host._seats, rows, strict=True):
                s.token, s.invite = row.get("token"), row.get("invite")
            if saved.get("tiles") is not None:
                host._resume_tiles(saved["tiles"])
            if saved.get("chain") is not None:
                host._resume_chain(saved, record)
            for s in host._seats:
                if s.kind == "remote" and s.token is None and s.invite is None:
                    s.invite = host._new_token()
            return host
        record = Record.from_json(saved)
        host = cls.__new__(cls)
        host._setup(get_game(record.game_id), record.replay(), seats, names, token_factory, on_change)
        for s in host._seats:
            if s.kind == "remote":
                s.invite = host._new_token()
        return host

    @classmethod
    def from_state(cls, state: State, *, seats: Sequence[str] | None = None, names: Sequence[str] | None = None,
                   on_change: Callable[[str], None] | None = None) -> Host:
        """A table that starts from `state`, e.g. a position set up by hand (py_engine.core.position): its
        record holds only the moves played from there, so such a table is not resumed from `save()`."""
        host = cls.__new__(cls)
        host._setup(state.game, state, seats, names, None, on_change)
        for s in host._seats:
            if s.kind == "remote":
                s.invite = host._new_token()
        return host

    def save(self) -> dict:
        """JSON-safe snapshot: the record (with its seed and salt: it stays on the host's device),
        seat kinds and names, rejoin and invite tokens."""
        saved = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "record": self._state.record.to_json(),
                 "seats": [{"kind": s.kind, "name": s.name, "token": s.token, "invite": s.invite}
                           for s in self._seats], "dealing": self.dealing, "commits": self.commits,
                 "shown": self.shown}
        if self.fair is not None:  # the host's seat (its secret and every message: only its own cards)
            saved["fair"] = self.fair.to_json()
        if self.tiles is not None:  # the host's share of the tiles' seed stays on its device until revealed
            saved["tiles"] = copy.deepcopy(self.tiles)
        if self.chain is not None:  # the host's chain secret stays on its device, like the seed
            p = self.pending
            saved.update(chain=self.chain.to_json(), heads=list(self.heads), links=copy.deepcopy(self.links),
                         pending=None if p is None else [p["seat"], self.game.encode(p["action"]), p["seq"],
                                                         list(p["keys"]), {str(k): v for k, v in p["got"].items()}])
        return saved

    # --- the board game's tiles: a public seed made by every seat (module doc) ------------------
    def _tiles_commitment(self) -> str:
        return share_commitment(self.tiles["share"], self.tiles["salt"])

    def _tiles_commit(self, seat: int, commit: str) -> list[Out]:
        """A guest's commitment to its share of the tiles' seed (kept once, until the commitments are shown); the
        last one shows every guest the list, and each then reveals its share."""
        if self.shown or self.commits[seat] is not None:
            return []
        self.commits[seat] = commit
        self._changed("table")
        if any(s.kind == "remote" and self.commits[i] is None for i, s in enumerate(self._seats)):
            return []
        self.shown = True
        return [(s.peer, msg.commits(self.commits)) for s in self._seats if s.peer is not None]

    def _tiles_share(self, seat: int, share: str) -> list[Out]:
        """A guest's share of the tiles' seed, after the list and matching its commitment; the last one makes the
        seed, lays this seat's tiles and shows every guest the shares ("tiles")."""
        t = self.tiles
        if self.fair.seed is not None or t["shares"][seat] is not None:
            return []
        if not self.shown or self.commits[seat] is None:
            raise ProtocolError("malformed", "a share is revealed once every seat has committed to its own", "share")
        if seat_commitment(share) != self.commits[seat]:
            raise ProtocolError("malformed", "this share is not the one this seat committed to", "share")
        t["shares"][seat] = share
        if any(c is not None and t["shares"][i] is None for i, c in enumerate(self.commits)):
            self._changed("table")
            return []
        seed = joint_seed(t["share"], t["shares"])
        self.fair.set_tiles(seed)
        text = msg.tiles(seed, t["share"], t["salt"], t["shares"])
        return [(s.peer, text) for s in self._seats if s.peer is not None] + self._fair_step([], None, True)

    def _resume_tiles(self, saved: Any) -> None:
        """The tiles' seed being made, from `save()` (checked: a share and salt, one share per seat, and the seed
        of the saved seat, if laid, the one they give)."""
        n = self.players
        ok = self.fair is not None and getattr(self.fair, "TILES", False) and isinstance(saved, dict) \
            and msg.is_hex(saved.get("share"), 64) and msg.is_hex(saved.get("salt"), 32) \
            and isinstance(saved.get("shares"), list) and len(saved["shares"]) == n \
            and all(x is None or msg.is_hex(x, 64) for x in saved["shares"])
        if ok and self.fair.seed is not None:
            ok = self.fair.seed == joint_seed(saved["share"], saved["shares"])
        if not ok:
            raise RecordError("bad saved tiles' seed")
        self.tiles = {"share": saved["share"], "salt": saved["salt"], "shares": list(saved["shares"])}

    # --- randomness from every seat's hash chain (module doc) -----------------------------------
    def _start_chain(self, on: bool) -> None:
        if on and self.fair is None and self._state.takes_contributions() and any(
                s.kind == "remote" for s in self._seats):
            self.chain = chains.Chain()
            self._last[0] = self.chain.head

    def _resume_chain(self, saved: dict, record: Record) -> None:
        """The chain, heads, links and a pending move of `save()` (checked like a guest's messages)."""
        n = self.players
        try:
            chain = chains.Chain.from_json(saved["chain"])
        except (ValueError, TypeError) as exc:
            raise RecordError(f"bad saved chain ({exc})") from None
        heads, links, pending = saved.get("heads"), saved.get("links"), saved.get("pending")
        if not (isinstance(heads, list) and len(heads) == n and all(h is None or chains.is_link(h) for h in heads)):
            raise RecordError("bad saved chain heads")
        if not isinstance(links, list) or chains.check_links([chain.head, *heads], links, len(record.moves)) \
                or len(links) != chain.used or [[i, chains.contribution(i, e)] for i, e in links] != \
                record.contributions:
            raise RecordError("the saved links do not match the record")
        self.chain, self.heads, self.links = chain, list(heads), copy.deepcopy(links)
        self._last = [chain.head, *heads]
        for _i, entry in links:
            self._last = [b if b is not None else a for a, b in zip(self._last, entry, strict=True)]
        if pending is not None:
            try:
                seat, encoded, seq, keys, got = pending
                action = self._find(seat, encoded) if msg.is_int(seat, 0, n - 1) and seq == self.seq else None
                ok = action is not None and isinstance(keys, list) and all(msg.is_int(k, 0, n - 1) for k in keys) \
                    and isinstance(got, dict) and all(int(k) in keys and chains.follows(self._last[int(k) + 1], v)
                                                      for k, v in got.items())
            except (TypeError, ValueError, AttributeError, IndexError):
                ok = False
            if not ok:
                raise RecordError("bad saved pending move")
            self.pending = {"seat": seat, "action": action, "seq": seq, "keys": list(keys),
                            "got": {int(k): v for k, v in got.items()}}
            self._refresh()

    def _heads(self) -> list:
        return [self.chain.head, *self.heads] if self.chain is not None else []

    def _ask_links(self, seat: int, action: tuple) -> list[Out]:
        """`action` draws randomness: it waits (nobody moves) for the next link of every remote seat with a chain."""
        keys = [i for i, s in enumerate(self._seats) if s.kind == "remote" and self.heads[i] is not None]
        self.pending = {"seat": seat, "action": action, "seq": self.seq, "keys": keys, "got": {}}
        self._refresh()
        out = [(self._seats[i].peer, msg.rand(self.seq, keys)) for i in keys if self._seats[i].peer is not None]
        moved = self._finish_pending()
        if not moved and self.pending is not None:
            self._changed("table")  # the app redraws (nobody moves) and saves the pending move
        return out + moved

    def _finish_pending(self) -> list[Out]:
        """Apply the pending move once every seat it waits for gave its link, with the host's own."""
        p = self.pending
        if p is None or any(k not in p["got"] for k in p["keys"]):
            return []
        links = [self.chain.reveal()] + [p["got"].get(i) if i in p["keys"] else None for i in range(self.players)]
        self.pending = None
        # the links are logged before the move is made: a move that ends the game sends "over" (with every link)
        # and the app saves the table from inside `_commit`
        last = self._last
        self.links.append([p["seq"], links])
        self._last = [b if b is not None else a for a, b in zip(self._last, links, strict=True)]
        try:
            return self._commit(p["seat"], p["action"], chains.contribution(p["seq"], links))
        except IllegalAction:  # cannot happen (the move was legal and nothing moved since): stay consistent
            self.links.pop()
            self._last = last
            self.chain.used -= 1
            self._refresh()
            raise

    def _on_chain(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        """A remote seat's chain head: kept (a seat whose links are in use keeps its chain); every guest is shown the
        heads."""
        seat = self._peers.get(peer)
        if seat is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before sending a chain", "chain")
        if self.chain is None:
            raise ProtocolError("type", "this table takes no contributions to its randomness", "chain")
        if self.heads[seat] == m["head"]:
            return []
        if self.heads[seat] is not None and self._last[seat + 1] != self.heads[seat]:
            raise ProtocolError("malformed", "this seat's chain is in use: it cannot change", "chain")
        self.heads[seat] = self._last[seat + 1] = m["head"]
        self._changed("table")
        return [(s.peer, msg.chains(self._heads())) for s in self._seats if s.peer is not None]

    def _on_link(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        """A remote seat's next link for the pending move (one sent again, or late, changes nothing)."""
        seat = self._peers.get(peer)
        if seat is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before sending a link", "link")
        p = self.pending
        if p is None or m["seq"] != p["seq"] or seat not in p["keys"] or seat in p["got"]:
            return []
        if not chains.follows(self._last[seat + 1], m["link"]):
            raise ProtocolError("malformed", "this link is not the next of this seat's chain", "link")
        p["got"][seat] = m["link"]
        return self._finish_pending()

    def _new_token(self) -> str:
        token = self._token_factory()
        if not msg.is_str(token, msg.TOKEN_MAX, 16) or not token.isascii() or not token.isprintable():
            raise ValueError("token_factory must return printable ASCII of 16–128 characters")
        if any(token in (s.token, s.invite) for s in self._seats):
            raise ValueError("token_factory returned a token already in use")
        return token

    # --- read-only queries --------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live State (do not mutate it; bots should think on clones or determinize copies)."""
        return self._state

    @property
    def players(self) -> int:
        return self._state.players

    @property
    def seq(self) -> int:
        """Number of actions applied so far (the sequence number guests quote in "act")."""
        return len(self._state.record.moves)

    @property
    def over(self) -> bool:
        return self._state.is_over()

    @property
    def commitment(self) -> str:
        """The deal's commitment sent to every seat (64 hex digits)."""
        return self._state.record.commitment()

    def to_move(self) -> tuple[int, ...]:
        """Who owes a decision: nobody while a joint deal waits for shares, a move for the seats' links, or after a
        cheat."""
        if (self.fair is not None and self.fair.verdict is not None) or self.pending is not None:
            return ()
        return () if self.dealing else tuple(self._state.to_move())

    def seat_kind(self, seat: int) -> str:
        return self._seats[seat].kind

    def seat_of(self, peer: Hashable) -> int | None:
        """The seat a connection is bound to, or None."""
        return self._peers.get(peer)

    def peer_of(self, seat: int) -> Any:
        """The connection bound to a remote seat, or None."""
        return self._seats[seat].peer

    def invites(self) -> dict[int, str]:
        """Pending invite tokens by seat (put them into the invite links)."""
        return {i: s.invite for i, s in enumerate(self._seats) if s.invite is not None and s.kind == "remote"}

    def table(self) -> list[dict]:
        """Seat list as sent to guests: seat, name, kind, connected (a local or bot seat counts as connected)."""
        return [{"seat": i, "name": s.name, "kind": s.kind, "connected": s.kind != "remote" or s.peer is not None}
                for i, s in enumerate(self._seats)]

    def waiting_for(self, kind: str) -> list[int]:
        """Seats of that kind that owe a decision now, e.g. `waiting_for("bot")` for the app's bot loop."""
        return [s for s in self.to_move() if self._seats[s].kind == kind]

    def view(self, seat: int | None) -> dict:
        return self._state.view(seat)

    def legal(self, seat: int) -> list:
        """Encoded legal actions of a seat (empty unless it owes a decision)."""
        return copy.deepcopy(self._legal[seat])

    def result(self) -> dict | None:
        return self._state.result() if self.over else None

    # --- app-side commands --------------------------------------------------------------------
    def invite(self, seat: int) -> str:
        """Issue a fresh invite token for a remote seat (replacing a pending one). If a guest already
        holds the seat, accepting the new invite rotates the rejoin token and replaces that guest."""
        s = self._seat(seat)
        if s.kind != "remote":
            raise ValueError(f"seat {seat + 1} is not a remote seat")
        s.invite = self._new_token()
        self._changed("table")
        return s.invite

    def set_seat_kind(self, seat: int, kind: str) -> list[Out]:
        """Switch a seat between "local", "bot" and "remote" (e.g. a bot takes over a dropped guest).
        Leaving "remote" unbinds its connection (it gets an "error" closed); tokens are kept, so
        switching back lets the guest rejoin. A remote seat nobody claimed yet gets an invite."""
        s = self._seat(seat)
        if kind not in SEAT_KINDS:
            raise ValueError(f"seat kind must be one of {SEAT_KINDS}")
        if kind == s.kind:
            return []
        if self.fair is not None:
            raise ValueError("a game dealt by mental poker is played by the seats it was dealt to only")
        out: list[Out] = []
        if s.peer is not None:
            how = "by a bot" if kind == "bot" else "at the host's screen"
            out.append((s.peer, msg.error("closed", f"seat {seat + 1} is now played {how}")))
            self._unbind(s.peer)
        s.kind = kind
        if kind == "remote" and s.token is None and s.invite is None:
            s.invite = self._new_token()
        if self.dealing:
            self._deal()  # the seats that must send a share changed
            out += self._show_commits()  # the last seat that had not committed was given away
        p = self.pending
        if p is not None and kind != "remote" and seat in p["keys"]:  # its link is no longer awaited
            p["keys"].remove(seat)
            p["got"].pop(seat, None)
            moved = self._finish_pending()
            if moved:
                return out + moved
        self._changed("table")
        return out + self._broadcast()

    def set_name(self, seat: int, name: str) -> list[Out]:
        s = self._seat(seat)
        s.name = clean_name(name, f"Player {seat + 1}")
        self._changed("table")
        return self._broadcast()

    def local_action(self, seat: int, action: Any, seq: int | None = None) -> list[Out]:
        """Play for a local or bot seat (action as a tuple or encoded list). Raises IllegalAction with
        the reason if it is not that seat's turn, `seq` (if given) is stale, or the move is illegal."""
        s = self._seat(seat)
        if s.kind == "remote":
            raise IllegalAction(f"seat {seat + 1} is played by a remote guest")
        if self.dealing:
            raise IllegalAction("the game starts when every remote player has joined (the deal is made by all)")
        self._check_turn(seat, seq)
        found = self._find(seat, self.game.encode(action) if isinstance(action, tuple) else action)
        if found is None:
            raise IllegalAction("not a legal move now")
        if self.fair is not None:
            return self._fair_step(self.fair.act(found), seat)
        return self._apply(seat, found)

    # --- a game dealt by mental poker (module doc) --------------------------------------------
    def poll(self) -> list[Out]:
        """One piece of this seat's protocol work (the app calls it when idle, see `fair_busy`)."""
        return self._fair_step(self.fair.poll()) if self.fair is not None else []

    def fair_busy(self) -> bool:
        """True while `poll` may have work: this round's deck is not yet rekeyed by this seat."""
        return self.fair is not None and self.fair.verdict is None and self.fair.deal.deck is None

    def waiting(self) -> list[tuple[int, str]]:
        """(seat, what) the host waits for, for the link to time out: the deal's messages (`fair.waiting()`), and
        at the board game each share of the tiles' seed owed once the commitments were shown (a seat that has
        not joined yet owes nothing)."""
        if self.fair is None:
            return []
        owed = self.fair.waiting()
        t = self.tiles
        if not owed and self.fair.verdict is None and t is not None and self.shown and self.fair.seed is None:
            owed = [(i, "share of the tiles' seed") for i, c in enumerate(self.commits)
                    if c is not None and t["shares"][i] is None]
        return owed

    def fair_refused(self) -> list[Out]:
        """The app gave up waiting for a seat (`waiting()` stayed non-empty): stop with that verdict."""
        owed = self.waiting()
        if not owed:
            return []
        seat, what = owed[0]
        self.fair.refused(seat, what)
        return self._fair_step([])

    @property
    def verdict(self) -> dict | None:
        """A cheat that stopped a game dealt by mental poker ({"kind", "seat", "detail"}), else None."""
        return self.fair.verdict if self.fair is not None else None

    def fair_record(self) -> Record | None:
        """The record of a game dealt by mental poker (None at other tables). Once the audit passed: the whole
        game, which anyone can replay (its "fair" entry holds each round's deal secrets, py_engine.core.record);
        before: this seat's own record (the moves and the verdict of a cheat, if any; no deal: it cannot be
        replayed, and it holds no card this seat may not know)."""
        if self.fair is None:
            return None
        full = self.fair.full_record()
        if full is not None:
            return full
        rec = self._state.record.copy()
        rec.fair = {"group": self.fair.group.name, "verdict": self.fair.verdict}
        return rec

    def _fair_step(self, sent: list[dict], actor: int | None = None, changed: bool = False) -> list[Out]:
        """After a FairSeat call (its messages are in `fair.sent`): refresh legal moves, tell the app and the
        guest."""
        old = self._legal
        self._refresh()
        if actor is not None:
            self._epoch[actor] = self.seq
        for i in range(self.players):
            if old[i] != self._legal[i]:
                self._epoch[i] = self.seq
        mark = (self.seq, self.fair.verdict, self.fair.audited)
        changed = changed or bool(sent) or old != self._legal or mark != self._fair_mark
        self._fair_mark = mark
        out = self._flush()
        if changed:
            self._changed("state")
            out += self._broadcast()
        return out

    def stream(self, seat: int) -> list[tuple[int, dict]]:
        """The "mp" messages remote `seat` gets, (sender, message) in order: every message of every other seat
        that this seat's FairSeat sent or took (its own and the guests' it relays; with two seats, this seat's
        `fair.sent`). Rebuilt from `fair.traffic` (which a resumed FairSeat rebuilds from its log)."""
        if self.fair is None:
            return []
        traffic = self.fair.traffic
        for sender, m in traffic[self._traffic_at:]:
            for s in range(self.players):
                if s != sender and s != self.fair.me and self._seats[s].kind == "remote":
                    self._streams.setdefault(s, []).append((sender, m))
        self._traffic_at = len(traffic)
        return self._streams.get(seat, [])

    def _flush(self) -> list[Out]:
        """The "mp" messages each guest's connection has not had yet, numbered in its stream (a connection that
        comes back after a reload or a drop gets them again from the count it says it took); at a table of more
        than two seats each names its sender ("s"): the host relays every guest's messages to the others."""
        if self.fair is None:
            return []
        out: list[Out] = []
        many = self.players > 2
        own = self.fair.own_verdict()
        for seat, s in enumerate(self._seats):
            if s.kind != "remote" or s.peer is None:
                continue
            stream, start = self.stream(seat), self._fair_next.get(seat, 0)
            self._fair_next[seat] = len(stream)
            out += [(s.peer, msg.mp(m, i, sender if many else None))
                    for i, (sender, m) in enumerate(stream[start:], start)]
            if own is not None and seat not in self._told:  # the guest stops too, knowing why
                self._told.add(seat)
                out.append((s.peer, msg.stop(own["kind"], own["detail"], self.fair.me if many else None)))
        return out

    def _on_mp(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        if self._peers.get(peer) is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before playing", "mp")
        if self.fair is None:
            raise ProtocolError("type", "this table is not dealt by mental poker", "mp")
        seat = self._peers[peer]
        if m.get("i") is not None and m["i"] != self.fair.got_from[seat]:  # taken already, or after a gap: the
            return []  # guest sends its messages again from `got` when it reconnects
        return self._fair_step(self.fair.receive(m["m"], seat))

    def _on_stop(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        """The guest stopped the game on a verdict of its own: this seat stops too (verdict "stopped")."""
        if self._peers.get(peer) is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before stopping a game", "stop")
        if self.fair is None:
            raise ProtocolError("type", "this table is not dealt by mental poker", "stop")
        seat = self._peers[peer]
        detail = msg.clean_text(m.get("detail") or "", msg.REASON_MAX)
        first = self.fair.verdict is None
        self.fair.other_stopped(m["kind"], detail, seat)
        out: list[Out] = []
        if first and self.players > 2:  # the other guests stop too, told who stopped and why
            out = [(s.peer, msg.stop(m["kind"], detail, seat)) for i, s in enumerate(self._seats)
                   if s.kind == "remote" and s.peer is not None and i != seat]
            self._told |= {i for i, s in enumerate(self._seats) if s.kind == "remote"}
        return out + self._fair_step([])

    def disconnect(self, peer: Hashable) -> list[Out]:
        """Forget a closed connection; its seat waits for a rejoin (or `set_seat_kind`)."""
        for table in (self._failures, self._claims, self._pings, self.rtt, self.last_seen):
            table.pop(peer, None)
        if peer not in self._peers:
            return []
        self._unbind(peer)
        self._changed("table")
        return self._broadcast()

    def ping(self, peer: Hashable, now: float | None = None) -> list[Out]:
        """A ping for a connection; its pong sets `rtt[peer]` when `now` is passed both times."""
        self._ping_n += 1
        self._pings[peer] = (self._ping_n, now)
        return [(peer, msg.ping(self._ping_n))]

    # --- the network entry point --------------------------------------------------------------
    def receive(self, peer: Hashable, text: Any, now: float | None = None) -> list[Out]:
        """Handle one raw message from a connection; return the messages to send. Never raises:
        anything wrong is answered with a "reject" to the sender and changes nothing."""
        try:
            message = msg.parse_guest(text)
            if now is not None:
                self.last_seen[peer] = now
            return getattr(self, "_on_" + message["t"])(peer, message, now)
        except ProtocolError as exc:  # the move count is only told to seated connections
            return [(peer, msg.reject(exc.code, exc.reason, exc.re, self.seq if self._seated(peer) else None))]
        except Exception as exc:  # an engine or app bug must not take the table down
            self.last_error = f"{type(exc).__name__}: {exc}"[:500]
            return [(peer, msg.reject("internal", "the host could not handle this message"))]

    def _seated(self, peer: Any) -> bool:
        try:
            return peer in self._peers
        except TypeError:  # an unhashable peer id
            return False

    def _on_ping(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        return [(peer, msg.pong(m["n"]))]

    def _on_pong(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        pending = self._pings.get(peer)
        if pending is not None and pending[0] == m["n"]:
            del self._pings[peer]
            if now is not None and pending[1] is not None:
                self.rtt[peer] = now - pending[1]
        return []  # an unexpected pong is ignored

    def _authenticate(self, peer: Any, token: str, field: str) -> int:
        if self._failures.get(peer, 0) >= MAX_AUTH_FAILURES:
            raise ProtocolError("blocked", "too many wrong tokens from this connection")
        found = None
        for i, s in enumerate(self._seats):  # compare against every seat: no early exit
            if _same(token, getattr(s, field)):
                found = i
        if found is None:
            self._failures[peer] = self._failures.get(peer, 0) + 1
            what = "invite" if field == "invite" else "rejoin token"
            raise ProtocolError("auth", f"this {what} is not valid at this table (it may have been used already)")
        return found

    def _seated_already(self, peer: Any, t: str) -> None:
        if peer in self._peers:
            raise ProtocolError("seated", f"this connection already holds seat {self._peers[peer] + 1}", t)

    def _check_claims(self, peer: Any, t: str) -> None:
        if self._claims.get(peer, 0) >= MAX_CLAIMS:
            raise ProtocolError("blocked", "this connection took a seat too many times: open a new link", t)

    def _on_join(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        self._seated_already(peer, "join")
        self._check_claims(peer, "join")
        seat = self._authenticate(peer, m["token"], "invite")
        s = self._seats[seat]
        if s.kind != "remote":
            raise ProtocolError("closed", f"seat {seat + 1} is not open to remote players now", "join")
        if self.fair is not None and self.fair.got_from[seat]:  # a new device has no keys for the seat's cards
            raise ProtocolError("dealt", f"the cards of seat {seat + 1} were dealt to the device that took it "
                                "first: only that device can go on with them", "join")
        token = self._new_token()
        s.invite, s.token = None, token
        s.name = clean_name(m["name"], f"Player {seat + 1}")
        return self._seat_taken(peer, seat)

    def _on_rejoin(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        self._check_claims(peer, "rejoin")
        seat = self._authenticate(peer, m["token"], "token")
        self._seated_already(peer, "rejoin")  # even its own seat: a repeated rejoin must not cost a broadcast
        if self._seats[seat].kind != "remote":
            raise ProtocolError("closed", f"seat {seat + 1} is not open to remote players now", "rejoin")
        got = m.get("got") or 0
        if self.fair is not None and got > len(self.stream(seat)):
            raise ProtocolError("dealt", "this table has lost part of the game (it was resumed from an older "
                                "save): the game cannot go on", "rejoin")
        return self._seat_taken(peer, seat, got)

    def _seat_taken(self, peer: Any, seat: int, got: int = 0) -> list[Out]:
        """Bind `peer` to `seat`; at a table dealt by mental poker the guest then gets this seat's "mp"
        messages again from `got` (what it says it took) and is told how many of its own the host took."""
        s = self._seats[seat]
        out: list[Out] = []
        if s.peer is not None and s.peer != peer:
            out.append((s.peer, msg.error("replaced", f"seat {seat + 1} was taken over by another connection")))
            self._unbind(s.peer)
        self._peers[peer] = seat
        s.peer = peer
        self._failures.pop(peer, None)
        self._claims[peer] = self._claims.get(peer, 0) + 1
        assert s.token is not None
        tiles = self.tiles
        out.append((peer, msg.seat(seat, s.token, self.game.id, self.players, dict(self._state.record.options),
                                   s.name, self.commitment if tiles is None else self._tiles_commitment(),
                                   joint=bool(self._state.record.host_share) or tiles is not None,
                                   fair=self.fair.group.name if self.fair is not None else None,
                                   got=self.fair.got_from[seat] if self.fair is not None else None,
                                   chain=self.chain.head if self.chain is not None else None,
                                   tiles=getattr(self.fair, "seed", None) if tiles is None else None)))
        if tiles is not None and self.fair.seed is not None:  # before the moves it sends again: they need them
            out.append((peer, msg.tiles(self.fair.seed, tiles["share"], tiles["salt"], tiles["shares"])))
        elif tiles is not None and self.shown and self.commits[seat] is not None:  # it may not have revealed yet
            out.append((peer, msg.commits(self.commits)))
        again: list[Out] = []
        if self.chain is not None:
            out.append((peer, msg.chains(self._heads())))
            p = self.pending
            if p is not None and seat in p["keys"] and seat not in p["got"]:  # asked again after a drop (after the
                again.append((peer, msg.rand(p["seq"], p["keys"])))    # view: a reloaded guest needs its number)
        if self.fair is not None:
            self._fair_next[seat] = got
            self._told.discard(seat)
        if self.dealing and self.shown and self.commits[seat] is not None:  # it may not have revealed yet
            out.append((peer, msg.commits(self.commits)))
        self._changed("table")
        return out + self._flush() + self._broadcast() + again

    def _on_commit(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        """A remote seat's commitment to its share: kept once per seat until the commitments are shown (one sent
        again or later changes nothing); the last one shows them all (`_show_commits`)."""
        seat = self._peers.get(peer)
        if seat is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before committing to a share", "commit")
        if self.tiles is not None:
            return self._tiles_commit(seat, m["commit"])
        if not self.dealing or self.shown or self.commits[seat] is not None:
            return []
        self.commits[seat] = m["commit"]
        out = self._show_commits()
        self._changed("table" if self.dealing else "state")
        return out + self._broadcast()  # nothing while dealing (a save of the previous version may hold every share)

    def _show_commits(self) -> list[Out]:
        """Once every remote seat has committed: fix the list of seats that make the deal and send it to every
        guest, which then reveals its share."""
        if self.shown or not self.dealing or any(s.kind == "remote" and self.commits[i] is None
                                                 for i, s in enumerate(self._seats)):
            return []
        self.shown = True
        self.commits = [c if self._seats[i].kind == "remote" else None for i, c in enumerate(self.commits)]
        self._deal()
        return [(s.peer, msg.commits(self.commits)) for s in self._seats if s.peer is not None]

    def _on_share(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        """A remote seat's share of a joint deal, after the commitments were shown and matching its own: kept once
        per seat while the deal waits for it (a share sent again, after a rejoin, or after the start changes
        nothing); the last one starts the game."""
        seat = self._peers.get(peer)
        if seat is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before sending a share", "share")
        if self.tiles is not None:
            return self._tiles_share(seat, m["share"])
        shares = self._state.record.shares
        if not self.dealing or shares is None or shares[seat] is not None:
            return []
        if not self.shown or self.commits[seat] is None:
            raise ProtocolError("malformed", "a share is revealed once every seat has committed to its own", "share")
        if seat_commitment(m["share"]) != self.commits[seat]:
            raise ProtocolError("malformed", "this share is not the one this seat committed to", "share")
        shares = list(shares)
        shares[seat] = m["share"]
        self._deal(shares)
        self._changed("state" if not self.dealing else "table")
        return self._broadcast()

    def _on_act(self, peer: Any, m: dict, now: float | None) -> list[Out]:
        seat = self._peers.get(peer)
        if seat is None:
            raise ProtocolError("not-seated", "join or rejoin a seat before playing", "act")
        try:
            self._check_turn(seat, m["seq"])
        except IllegalAction as exc:
            code = "over" if self.over else "stale" if seat in self.to_move() else "turn"
            raise ProtocolError(code, exc.reason, "act") from None
        found = self._find(seat, m["action"])
        if found is None:
            raise ProtocolError("illegal", "not a legal move now", "act")
        try:
            return self._apply(seat, found)
        except IllegalAction as exc:
            raise ProtocolError("illegal", exc.reason, "act") from None

    # --- internals ----------------------------------------------------------------------------
    def _seat(self, seat: int) -> _Seat:
        if not msg.is_int(seat, 0, self.players - 1):
            raise ValueError(f"there is no seat {seat!r}")
        return self._seats[seat]

    def _check_turn(self, seat: int, seq: int | None) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if seat not in self.to_move():
            movers = ", ".join(str(s + 1) for s in self.to_move())
            raise IllegalAction(f"it is not seat {seat + 1}'s turn (waiting for seat {movers})")
        # A move is made against a view numbered `seq`. It stands if nothing that concerns this seat
        # changed since: the seat has not acted and its legal moves are the same (this is what lets
        # simultaneous decisions through while one double click or an outdated view is refused).
        if seq is not None and not self._epoch[seat] <= seq <= self.seq:
            raise IllegalAction(f"this move was made on an outdated view (#{seq}; the table is at #{self.seq})")

    def _find(self, seat: int, encoded: Any) -> tuple | None:
        try:
            key = canonical(encoded)
        except (TypeError, ValueError, RecursionError):
            return None
        return self._keys[seat].get(key)

    def _apply(self, seat: int, action: tuple) -> list[Out]:
        if self.chain is not None and self._state.draws_randomness(seat, action):
            return self._ask_links(seat, action)
        return self._commit(seat, action, None)

    def _commit(self, seat: int, action: tuple, contribution: str | None) -> list[Out]:
        state = self._state.clone()
        state.apply(seat, action, contribution)  # IllegalAction leaves self._state untouched
        self._state = state
        old = self._legal
        self._refresh()
        self._epoch[seat] = self.seq
        for i in range(self.players):
            if old[i] != self._legal[i]:
                self._epoch[i] = self.seq
        self._changed("state")
        return self._broadcast()

    def _deal(self, shares: list | None = None) -> None:
        """Deal a joint game again from the host's share and the shares so far of the seats that make the deal
        (`_makes_deal`); the game starts once the commitments were shown and every such seat has revealed."""
        record = self._state.record
        given = shares if shares is not None else record.shares or [None] * self.players
        shares = [sh if self._makes_deal(i) else None for i, sh in enumerate(given)]
        state = self.game.new(players=self.players, seed=joint_seed(record.host_share, shares),
                              options=record.options)
        state.record.salt, state.record.host_share, state.record.shares = record.salt, record.host_share, shares
        self._state = state
        self.dealing = not self.shown or any(self._makes_deal(i) and shares[i] is None for i in range(self.players))
        self._refresh()
        self._epoch = [self.seq] * self.players

    def _makes_deal(self, seat: int) -> bool:
        """A remote seat whose share goes into a joint deal: once the commitments were shown, only a seat of that
        list (one given to a bot since is left out, and the guests call the deal void)."""
        return self._seats[seat].kind == "remote" and (not self.shown or self.commits[seat] is not None)

    def _refresh(self) -> None:
        movers = set(self.to_move())
        if self.fair is not None:  # only this seat's moves, and only when it can act now
            movers = {self.fair.me} & movers if self.fair.ready() else set()
        self._legal, self._keys = [], []
        for seat in range(self.players):
            actions = self._state.legal_actions(seat) if seat in movers else []
            encoded = [self.game.encode(a) for a in actions]
            self._legal.append(encoded)
            self._keys.append({canonical(e): a for e, a in zip(encoded, actions, strict=True)})

    def _unbind(self, peer: Any) -> None:
        seat = self._peers.pop(peer, None)
        if seat is not None and self._seats[seat].peer == peer:
            self._seats[seat].peer = None

    def _broadcast(self) -> list[Out]:
        """Each connected seat gets its own view (and the result once the game is over)."""
        out: list[Out] = []
        if not self._peers or self.dealing:
            return out
        table, to_move, over = self.table(), list(self.to_move()), self.over
        result = self._state.result() if over else None
        record = self._state.record.to_json() if over else None  # the reveal: seed, salt and every move
        for seat, s in enumerate(self._seats):
            if s.peer is None:
                continue
            if self.fair is not None:  # the guest plays on its own seat: only the table travels
                out.append((s.peer, msg.view(self.seq, seat, {}, [], to_move, table, over)))
                continue
            out.append((s.peer, msg.view(self.seq, seat, self._state.view(seat), self._legal[seat], to_move,
                                         table, over)))
            if result is not None:
                out.append((s.peer, msg.over(self.seq, result, record,
                                             self.links if self.chain is not None else None)))
        return out

    def _changed(self, kind: str) -> None:
        self.revision += 1
        if self.on_change is not None:
            try:
                self.on_change(kind)
            except Exception as exc:  # the app's hook must not break the protocol
                self.last_error = f"on_change: {type(exc).__name__}: {exc}"[:500]
