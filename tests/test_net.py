"""The multiplayer protocol (py_engine.net) over an in-memory transport: full games, rejoin,
save/resume, and hostile peers that must neither crash the host, change the game, act for another
seat nor learn hidden information."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from py_engine import GAMES
from py_engine.core import Game, IllegalAction, Record, RecordError, Rng, State
from py_engine.net import Guest, Host, messages
from py_engine.net.guest import HOST_DEALT, VERIFIED
from py_engine.net.host import MAX_AUTH_FAILURES, MAX_CLAIMS
from py_engine.net.messages import ProtocolError, canonical

from .conformance import snapshot

# Short variants keep full games quick; games not listed play with their defaults.
SHORT = {"lost-cities": {"rounds": 1}, "lost-cities-board": {"length": "short"}}
# every game with its fewest and its most players; seat mixes with up to 3 players
REMOTE_CASES = [(gid, n) for gid, g in sorted(GAMES.items()) for n in sorted({g.min_players, g.max_players})]
MIXED_CASES = [(gid, max(g.min_players, min(3, g.max_players))) for gid, g in sorted(GAMES.items())]


def ids(cases):
    return [f"{gid}-{n}p" for gid, n in cases]

MAX_MOVES = 4000
# Random play never ends a Catan game (4000 random moves leave it unfinished): its full-game tests check the views
# of a thousand moves, not four thousand (they took 2 minutes each in CPython, far more in Pyodide).
RANDOM_MOVES = {"catan-ck": 1000}


def tokens(prefix: str = "tok"):
    """Deterministic token factory for tests (16+ printable ASCII characters)."""
    counter = itertools.count(1)
    return lambda: f"{prefix}-{next(counter):016d}"


def plain(value):
    return json.loads(json.dumps(value))


class Hub:
    """In-memory transport: routes texts between one Host and its Guests (keyed by peer id) and
    checks every view a guest receives against the host's State."""

    def __init__(self, host: Host, check_every: int = 5, verify_every: int = 1) -> None:
        self.host = host
        self.guests: dict[str, Guest] = {}
        self.inbox: dict[str, list] = {}
        self.views = 0
        self.check_every = check_every  # determinize check on every n-th view
        self.verify_every = verify_every  # view == state.view(seat) on every n-th view

    def connect(self, peer: str, guest: Guest | None = None) -> Guest:
        self.guests[peer] = guest or Guest(name=peer)
        self.inbox[peer] = []
        return self.guests[peer]

    def drop(self, peer: str) -> None:
        del self.guests[peer]
        self.route(self.host.disconnect(peer))

    def send(self, peer: str, text: str, now: float | None = None) -> list:
        """Deliver a guest text to the host and route the answers; return the events `peer` got."""
        start = len(self.inbox.get(peer, []))
        self.route(self.host.receive(peer, text, now))
        return self.inbox.get(peer, [])[start:]

    def join(self, peer: str, seat: int, name: str | None = None) -> Guest:
        guest = self.connect(peer)
        events = self.send(peer, guest.join(self.host.invites()[seat], name or peer))
        assert [e.kind for e in events][:2] == ["seat", "view"], events
        assert guest.seat == seat and guest.seated and self.host.seat_of(peer) == seat
        return guest

    def route(self, outs: list) -> None:
        queue = deque(outs)
        while queue:
            peer, text = queue.popleft()
            assert isinstance(text, str) and text.isascii()
            guest = self.guests.get(peer)
            if guest is None:
                continue  # that connection is gone
            event = guest.receive(text)
            assert event.kind != "invalid", event.error
            self.inbox[peer].append(event)
            if event.kind == "view":
                self.check_view(peer, text, event.message)
            for reply in (event.reply, *event.replies):
                if reply is not None:
                    queue.extend(self.host.receive(peer, reply))

    def check_view(self, peer: str, text: str, m: dict) -> None:
        host, state = self.host, self.host.state
        seat = m["seat"]
        assert host.seat_of(peer) == seat, "a view went to a connection that does not hold that seat"
        assert m["seq"] == host.seq and m["over"] == host.over
        self.views += 1
        if self.views % self.verify_every:
            return
        own = state.view(seat)
        assert m["view"] == own or m["view"] == plain(own), "the view sent is not view(seat)"
        assert m["legal"] == plain([host.game.encode(a) for a in state.legal_actions(seat)])
        assert m["to_move"] == list(state.to_move()) and m["table"] == host.table()
        if state.game.id == "lost-cities":  # the opponent's hand never travels to this seat
            from py_engine.games.lost_cities.cards import card_json
            other = state.hands[1 - seat]
            assert json.dumps([card_json(c) for c in other], separators=(",", ":")) not in text
            assert m["view"]["hand"] == [card_json(c) for c in state.hands[seat]]
        if self.views % (self.check_every * self.verify_every) == 0:  # everything hidden from this seat can be re-dealt
            det = state.determinize(seat, Rng(self.views))
            assert det.view(seat) == own, "the view depends on hidden information"
            assert plain([host.game.encode(a) for a in det.legal_actions(seat)]) == m["legal"]


def play(hub: Hub, rng: Rng, max_moves: int = MAX_MOVES, until_seq: int | None = None) -> int:
    """Play random legal moves: remote seats through their Guest, local/bot seats through local_action."""
    host, n = hub.host, 0
    while not host.over and n < max_moves and (until_seq is None or host.seq < until_seq):
        movers = host.to_move()
        seat = movers[rng.below(len(movers))]
        before = host.seq
        if host.seat_kind(seat) == "remote":
            peer = host.peer_of(seat)
            guest = hub.guests[peer]
            assert guest.my_turn and guest.seq == host.seq and guest.legal == host.legal(seat)
            events = hub.send(peer, guest.act(rng.choice(guest.legal)))
            assert "reject" not in [e.kind for e in events], events
        else:
            hub.route(host.local_action(seat, rng.choice(host.legal(seat))))
        assert host.seq == before + 1
        for peer, guest in hub.guests.items():
            if guest.seated:
                assert guest.seq == host.seq, f"{peer} missed an update"
        n += 1
    return n


def finish_checks(hub: Hub) -> None:
    host = hub.host
    assert host.over
    result = plain(host.state.result())
    for guest in hub.guests.values():
        if guest.seated:
            assert guest.over and guest.result == result and guest.legal == [] and not guest.my_turn
            assert guest.deal == host.commitment
            joint = bool(host.state.record.host_share)  # a deal the host made alone is never "verified" as joint
            assert guest.verdict == ({"ok": True, "key": "verified", "text": VERIFIED, "move": None} if joint else
                                     {"ok": True, "key": "host-dealt", "text": HOST_DEALT, "move": None})
            assert hub.inbox[host.peer_of(guest.seat)][-1].kind == "over"
    saved = json.loads(json.dumps(host.save()))
    assert snapshot(Record.from_json(saved["record"]).replay()) == snapshot(host.state)


# --- full games --------------------------------------------------------------------------------
def test_full_match_host_local_and_one_guest():
    changes = []
    host = Host("lost-cities", 2, seed=11, token_factory=tokens(), on_change=changes.append)
    hub = Hub(host)
    hub.join("guest", 1, "Bea")
    n = play(hub, Rng(5))
    assert n > 500 and host.over  # three rounds
    finish_checks(hub)
    assert changes.count("state") == n and "table" in changes


@pytest.mark.parametrize(("gid", "players"), REMOTE_CASES, ids=ids(REMOTE_CASES))
def test_full_games_every_seat_remote(gid, players):
    host = Host(gid, players, seed=3, options=SHORT.get(gid), seats=["remote"] * players, token_factory=tokens())
    hub = Hub(host, check_every=3, verify_every=4)
    for seat in range(players):
        hub.join(f"p{seat}", seat)
    play(hub, Rng(players), RANDOM_MOVES.get(gid, MAX_MOVES))
    if host.over:
        finish_checks(hub)


@pytest.mark.parametrize(("gid", "players"), MIXED_CASES, ids=ids(MIXED_CASES))
def test_full_games_mixed_seats(gid, players):
    kinds = ["local", "remote", "bot", "remote"][:players]
    host = Host(gid, players, seed=4, options=SHORT.get(gid), seats=kinds, names=["Host", "", "Robot", ""][:players],
                token_factory=tokens())
    assert host.waiting_for("local") == [0] or host.to_move() != (0,)
    hub = Hub(host, check_every=3, verify_every=4)
    for seat, kind in enumerate(kinds):
        if kind == "remote":
            hub.join(f"p{seat}", seat)
    play(hub, Rng(players + 10), RANDOM_MOVES.get(gid, MAX_MOVES))
    if host.over:
        finish_checks(hub)
    assert [t["name"] for t in host.table()][:3] == ["Host", "p1", "Robot"][:players]


# --- rejoin, tokens, save / resume -------------------------------------------------------------
def two_remote(seed: int = 1, **kw) -> tuple[Host, Hub, Guest, Guest]:
    host = Host("lost-cities", 2, seed=seed, options={"rounds": 1}, seats=["remote", "remote"],
                token_factory=tokens(), **kw)
    hub = Hub(host)
    return host, hub, hub.join("a", 0, "Ann"), hub.join("b", 1, "Bob")


def test_guest_reconnects_mid_game_with_its_token():
    host, hub, ann, bob = two_remote()
    play(hub, Rng(1), until_seq=41)
    saved = bob.save()
    hub.drop("b")
    assert host.table()[1]["connected"] is False and ann.table[1]["connected"] is False
    bob2 = hub.connect("b2", Guest.restore(json.loads(json.dumps(saved))))
    events = hub.send("b2", bob2.rejoin())
    assert [e.kind for e in events] == ["seat", "view"]
    assert bob2.seat == 1 and bob2.token == saved["token"] and bob2.name == "Bob"
    assert bob2.view == plain(host.state.view(1)) and bob2.seq == host.seq
    assert ann.table[1]["connected"] is True
    hub.connect("b")  # the old connection id, if it ever speaks again, holds no seat
    reply = hub.send("b", messages.act(host.seq, host.legal(1)[0] if host.legal(1) else ["draw", "deck"]))
    assert reply[0].kind == "reject" and reply[0].message["code"] == "not-seated"
    del hub.guests["b"]
    play(hub, Rng(2))
    finish_checks(hub)


def test_rejoin_replaces_a_live_connection_and_old_one_is_told():
    host, hub, ann, bob = two_remote()
    play(hub, Rng(3), until_seq=10)
    bob2 = hub.connect("b2", Guest(token=bob.token))
    hub.send("b2", bob2.rejoin())
    assert bob.seated is False and bob.last_error["code"] == "replaced"
    assert host.seat_of("b") is None and host.seat_of("b2") == 1 and host.peer_of(1) == "b2"
    if 1 in host.to_move():
        ev = hub.send("b", messages.act(host.seq, host.legal(1)[0]))
        assert ev[-1].message["code"] == "not-seated"
    del hub.guests["b"]
    play(hub, Rng(4))
    finish_checks(hub)


def test_wrong_and_foreign_tokens_are_refused():
    other = Host("lost-cities", 2, seats=["remote", "remote"], token_factory=tokens("zzz"))
    host = Host("lost-cities", 2, seats=["remote", "remote"], token_factory=tokens())
    hub = Hub(host)
    invite0, invite1 = host.invites()[0], host.invites()[1]
    ann = hub.join("a", 0)
    before = json.dumps(host.save())

    def code(peer, text):
        events = hub.send(peer, text)
        assert len(events) == 1 and events[0].kind == "reject", events
        return events[0].message["code"]

    hub.connect("x")
    assert code("x", messages.join(invite0, "thief")) == "auth"  # used invite
    assert code("x", messages.join(other.invites()[0], "thief")) == "auth"  # another table's invite
    assert code("x", messages.rejoin(invite1)) == "auth"  # an invite is not a rejoin token
    assert code("x", messages.join(ann.token, "thief")) == "auth"  # a rejoin token is not an invite
    assert code("x", messages.rejoin(ann.token[:-1] + "x")) == "auth"
    assert code("x", messages.rejoin(ann.token.upper())) == "auth"
    assert code("x", messages.rejoin(ann.token + "0")) == "auth"
    assert code("a", messages.join(invite1, "greedy")) == "seated"  # one seat per connection
    assert code("a", messages.rejoin("tok-" + "9" * 16)) == "auth"
    assert json.dumps(host.save()) == before
    for _ in range(MAX_AUTH_FAILURES):
        hub.send("x", messages.rejoin("nope-" + "1" * 20))
    assert code("x", messages.join(invite1, "late")) == "blocked"  # even a good token, once blocked
    assert json.dumps(host.save()) == before
    bob = hub.join("y", 1)  # the token for seat 2 gives seat 2, and only that
    assert bob.seat == 1 and ann.seat == 0
    hub.drop("y")
    bob2 = hub.connect("y2", Guest(token=bob.token))
    hub.send("y2", bob2.rejoin())
    assert bob2.seat == 1 and host.seat_of("y2") == 1 and host.seat_of("a") == 0


def test_host_save_resume_then_guests_rejoin_and_finish():
    host, hub, ann, bob = two_remote(seed=9)
    play(hub, Rng(9), until_seq=57)
    saved = json.loads(json.dumps(host.save()))  # JSON-safe
    before = snapshot(host.state)
    changes = []
    host2 = Host.resume(saved, token_factory=tokens("new"), on_change=changes.append)
    assert snapshot(host2.state) == before and host2.seq == 57 and host2.table()[1]["name"] == "Bob"
    assert not any(t["connected"] for t in host2.table())
    hub2 = Hub(host2)
    for peer, old in (("a2", ann), ("b2", bob)):
        g = hub2.connect(peer, Guest.restore(old.save()))
        assert [e.kind for e in hub2.send(peer, g.rejoin())] == ["seat", "view"]
        assert g.view == plain(host2.state.view(g.seat))
    assert changes == ["table", "table"]
    play(hub2, Rng(10))
    finish_checks(hub2)
    with pytest.raises(RecordError):
        Host.resume(dict(saved, seats=saved["seats"][:1]))
    with pytest.raises(RecordError):
        Host.resume(dict(saved, version=99))
    with pytest.raises(RecordError):
        Host.resume(dict(saved, seats=[{"kind": "alien"}, {"kind": "bot"}]))


def test_resume_keeps_pending_invites_and_accepts_a_bare_record():
    host = Host("lost-cities", 2, seed=2, seats=["local", "remote"], token_factory=tokens())
    invite = host.invites()[1]
    host.local_action(0, host.legal(0)[0])
    host2 = Host.resume(json.loads(json.dumps(host.save())), token_factory=tokens("r"))
    assert host2.invites() == {1: invite}
    hub = Hub(host2)
    hub.join("g", 1)
    host3 = Host.resume(host.state.record.to_json(), seats=["bot", "remote"], token_factory=tokens("s"))
    assert host3.seq == 1 and host3.seat_kind(0) == "bot" and host3.invites()[1].startswith("s-")


def test_bot_takes_over_a_dropped_seat_and_hands_it_back():
    host, hub, ann, bob = two_remote(seed=5)
    play(hub, Rng(5), until_seq=20)
    hub.drop("b")
    hub.route(host.set_seat_kind(1, "bot"))
    assert ann.table[1]["kind"] == "bot"
    bob2 = hub.connect("b2", Guest(token=bob.token))
    assert hub.send("b2", bob2.rejoin())[0].message["code"] == "closed"
    rng = Rng(6)
    for _ in range(15):  # the app drives the bot through the local path
        for seat in host.waiting_for("bot"):
            hub.route(host.local_action(seat, rng.choice(host.legal(seat)), seq=host.seq))
        if host.waiting_for("remote"):
            hub.send("a", ann.act(rng.choice(ann.legal)))
    hub.route(host.set_seat_kind(1, "remote"))
    assert host.invites() == {}  # the seat was claimed: its guest rejoins with its token
    assert [e.kind for e in hub.send("b2", bob2.rejoin())] == ["seat", "view"]
    play(hub, Rng(7))
    finish_checks(hub)


def test_set_seat_kind_closes_a_connected_guest():
    host, hub, ann, bob = two_remote()
    hub.route(host.set_seat_kind(0, "local"))
    assert ann.seated is False and ann.last_error["code"] == "closed" and host.seat_of("a") is None
    assert host.set_seat_kind(0, "local") == []
    with pytest.raises(ValueError):
        host.set_seat_kind(0, "alien")
    with pytest.raises(ValueError):
        host.invite(0)
    hub.route(host.set_seat_kind(0, "remote"))
    fresh = host.invite(0)
    g = hub.connect("c")
    hub.send("c", g.join(fresh, "Cid"))
    assert g.seat == 0 and g.token != ann.token  # a new invite rotates the rejoin token
    assert json.loads(host.receive("d", messages.rejoin(ann.token))[0][1])["code"] == "auth"


# --- turn, sequence, legality ------------------------------------------------------------------
def test_stale_double_click_and_out_of_turn():
    host, hub, ann, bob = two_remote()
    mover, idle = (ann, bob) if host.to_move() == (0,) else (bob, ann)
    mpeer, ipeer = ("a", "b") if mover is ann else ("b", "a")
    text = mover.act(mover.legal[0])
    hub.send(mpeer, text)
    assert host.seq == 1
    ev = hub.send(mpeer, text)  # the same click again
    assert ev[0].message["code"] == "stale" and host.seq == 1
    ev = hub.send(ipeer, messages.act(host.seq, host.legal(host.to_move()[0])[0]))
    assert ev[0].message["code"] == "turn"
    ev = hub.send(mpeer, messages.act(host.seq + 1, mover.legal[0]))
    assert ev[0].message["code"] == "stale"
    ev = hub.send(mpeer, messages.act(host.seq, ["play", 9999]))
    assert ev[0].message["code"] == "illegal" and ev[0].message["seq"] == 1
    hub.connect("stranger")
    ev = hub.send("stranger", messages.act(host.seq, mover.legal[0]))
    assert ev[0].message["code"] == "not-seated" and ev[0].message["seq"] is None  # strangers learn nothing


def test_true_is_not_one():
    """JSON true must not pass for the card id 1 (Python's True == 1 would let it through)."""
    host = Host("lost-cities", 2, seed=0, seats=["remote", "local"], token_factory=tokens())
    hub = Hub(host)
    g = hub.join("g", 0)
    cards = [a[1] for a in g.legal if a[0] == "play"]
    for card in cards:
        for fake in ([True, False] if card in (0, 1) else [float(card)]):
            ev = hub.send("g", json.dumps({"v": 1, "t": "act", "seq": 0, "action": ["play", fake]}))
            assert ev[0].kind == "reject"
    assert host.seq == 0


def test_local_action_checks():
    host = Host("lost-cities", 2, seed=1, seats=["local", "remote"], token_factory=tokens())
    with pytest.raises(IllegalAction):
        host.local_action(1, ("draw", "deck"))  # a remote seat
    with pytest.raises(IllegalAction):
        host.local_action(0, ("draw", "deck"))  # not in the legal list now
    with pytest.raises(IllegalAction):
        host.local_action(0, host.legal(0)[0], seq=5)  # stale
    with pytest.raises(ValueError):
        host.local_action(7, ("draw", "deck"))
    action = host.state.legal_actions(0)[0]
    assert host.local_action(0, action) == []  # nobody connected: nothing to send
    assert host.seq == 1


class _PickState(State):
    """Toy game with simultaneous decisions: every seat secretly picks 0–2, three rounds."""

    __slots__ = ("game", "record", "players", "picks", "round", "totals")

    @classmethod
    def initial(cls, game, players, rng, options):
        s = cls.__new__(cls)
        s.game, s.players, s.picks, s.round, s.totals = game, players, [None] * players, 0, [0] * players
        return s

    @classmethod
    def load(cls, game, data):
        s = cls.initial(game, data["record"]["players"], None, {})
        s.picks, s.round, s.totals = list(data["picks"]), data["round"], list(data["totals"])
        return s

    def dump(self):
        return {"picks": list(self.picks), "round": self.round, "totals": list(self.totals)}

    def clone(self):
        s = self.initial(self.game, self.players, None, {})
        s.picks, s.round, s.totals, s.record = list(self.picks), self.round, list(self.totals), self.record.copy()
        return s

    def to_move(self):
        return () if self.round >= 3 else tuple(i for i, p in enumerate(self.picks) if p is None)

    def legal_actions(self, seat):
        return [("pick", k) for k in range(3)] if seat in self.to_move() else []

    def step(self, seat, action):
        self.picks[seat] = action[1]
        if all(p is not None for p in self.picks):
            self.totals = [t + p for t, p in zip(self.totals, self.picks, strict=True)]
            self.picks, self.round = [None] * self.players, self.round + 1

    def view(self, seat):
        return {"round": self.round, "totals": list(self.totals), "done": [p is not None for p in self.picks],
                "mine": self.picks[seat] if seat is not None else None}

    def scores(self):
        return list(self.totals)

    def determinize(self, seat, rng):
        s = self.clone()
        s.picks = [p if p is None or i == seat else rng.below(3) for i, p in enumerate(s.picks)]
        return s


class _PickGame(Game):
    id, title, min_players, max_players, state_class = "toy-picks", "Picks", 2, 4, _PickState


def test_simultaneous_decisions_accept_an_unchanged_seq(monkeypatch):
    monkeypatch.setitem(GAMES, "toy-picks", _PickGame())
    host = Host("toy-picks", 3, seats=["remote"] * 3, token_factory=tokens())
    hub = Hub(host, check_every=1)
    guests = [hub.join(f"p{i}", i) for i in range(3)]
    assert host.to_move() == (0, 1, 2)
    assert hub.send("p0", messages.act(0, ["pick", 2]))[-1].kind == "view" and host.seq == 1
    # seat 2 chose against view #0: nothing that concerns it changed since, so it stands
    assert hub.send("p1", messages.act(0, ["pick", 1]))[-1].kind == "view" and host.seq == 2
    assert hub.send("p0", messages.act(2, ["pick", 0]))[0].message["code"] == "turn"
    assert hub.send("p2", messages.act(2, ["pick", 0]))[-1].kind == "view"  # round resolves
    assert host.seq == 3 and host.state.totals == [2, 1, 0]
    # a move chosen before the round resolved is now stale, for every seat
    for i in range(3):
        assert hub.send(f"p{i}", messages.act(2, ["pick", 1]))[0].message["code"] == "stale"
    assert guests[0].view["mine"] is None and guests[0].my_turn
    play(hub, Rng(1))
    finish_checks(hub)
    saved = host.save()
    assert Host.resume(saved, token_factory=tokens("q")).over


# --- small pieces ------------------------------------------------------------------------------
def test_names_are_cleaned():
    host = Host("lost-cities", 2, seats=["local", "remote"], names=["\u202eevil\u0000\n Name\u200b"],
                token_factory=tokens())
    assert host.table()[0]["name"] == "evil Name"
    hub = Hub(host)
    g = hub.join("g", 1, "<b>" + "x" * 200 + "\ud800\x07")
    assert g.name == "<b>" + "x" * 29 and len(host.table()[1]["name"]) == messages.NAME_MAX
    hub.route(host.set_name(0, "\x00\x01"))
    assert host.table()[0]["name"] == "Player 1" and g.table[0]["name"] == "Player 1"
    assert messages.clean_name(42, "fallback") == "fallback"


def test_ping_pong_measures_round_trip():
    host, hub, ann, bob = two_remote()
    ev = hub.send("a", ann.ping(now=10.0), now=10.0)
    assert [e.kind for e in ev] == ["pong"]
    assert ann.receive(messages.pong(ann._ping_n), now=10.25).kind == "pong"
    outs = host.ping("a", now=100.0)
    assert outs[0][0] == "a"
    ev = ann.receive(outs[0][1])
    assert ev.kind == "ping" and json.loads(ev.reply)["t"] == "pong"
    assert host.receive("a", ev.reply, now=100.5) == [] and host.rtt["a"] == 0.5
    assert host.last_seen["a"] == 100.5
    assert host.receive("a", messages.pong(12345)) == []  # unexpected pongs are ignored


def test_message_builders_parse_back():
    for text in (messages.join("t" * 20, "n"), messages.rejoin("t" * 20), messages.act(3, ["play", 1]),
                 messages.ping(1), messages.pong(2)):
        assert messages.parse_guest(text)["v"] == messages.VERSION
    table = [{"seat": 0, "name": "a", "kind": "local", "connected": True}]
    for text in (messages.seat(0, "t" * 20, "g", 1, {}, "n"), messages.view(0, 0, {}, [["x"]], [0], table, False),
                 messages.reject("stale", "r", "act", 3), messages.over(1, {"scores": [], "ranks": [], "winners": []}),
                 messages.error("closed", "bye"), messages.ping(1), messages.pong(1)):
        assert messages.parse_host(text)["v"] == messages.VERSION
    with pytest.raises(ProtocolError) as exc:
        messages.parse_guest('{"v":2,"t":"ping","n":1}')
    assert exc.value.code == "version"


def test_guest_refuses_malformed_host_messages():
    host, hub, ann, bob = two_remote()
    fields = {k: getattr(ann, k) for k in ("seat", "token", "seq", "view", "legal", "to_move", "table", "over")}
    rng = random.Random(7)
    good = [
        messages.view(host.seq, 0, ann.view, ann.legal, ann.to_move, ann.table, False),
        messages.seat(0, ann.token, "lost-cities", 2, {}, "Ann"), messages.over(0, {"scores": [1]})]
    junk = ["", "{", "null", "[]", '"x"', "1e999", "NaN", '{"v":1}', '{"v":1,"t":"view"}', '{"v":"1","t":"ping","n":1}',
            '{"v":1,"t":"ping","n":-1}', '{"v":1,"t":"boom"}', "[" * 100000, b"\xff\xfe", None, 12,
            "x" * (messages.MAX_HOST_CHARS + 1),
            messages.view(0, 1, {}, [], [], ann.table, False),  # another seat's view
            messages.view(0, 0, {}, [], [5], ann.table, False),  # to_move outside the table
            messages.view(0, 0, {}, [[]], [], ann.table, False),
            messages.reject("weird", "x"), messages.error("boom", "x")]
    for _ in range(1500):
        base = rng.choice(good)
        cut = rng.randrange(len(base))
        junk.append(base[:cut] + rng.choice(["", "}", "\u0000", "\ud800", '"', "]]"]) + base[cut + 1:])
    invalid = 0
    for text in junk:
        ev = ann.receive(text)
        if ev.kind == "invalid":
            invalid += 1
            assert ev.error and {k: getattr(ann, k) for k in fields} == fields
        else:  # a mutation that is still a well-formed message is fine: restore what it set
            for k, v in fields.items():
                setattr(ann, k, v)
            ann.seated = True
    assert invalid > 1000
    fresh = Guest()
    assert fresh.receive(messages.view(0, 0, {}, [], [], ann.table, False)).kind == "invalid"  # before a seat
    with pytest.raises(ValueError):
        fresh.act(["draw", "deck"])
    with pytest.raises(ValueError):
        fresh.rejoin()


# --- hostile peers -----------------------------------------------------------------------------
def _fingerprint(host: Host) -> str:
    return json.dumps([host.state.to_json(), host.save(), host.table(), sorted((str(p), host.seat_of(p)) for p in
                       ("a", "b"))], sort_keys=True)


JSON_JUNK = [None, True, False, 0, -1, 1.5, 2**53, 10**30, -(10**30), "", "x", "1", [], {}, [[]], [None], {"a": 1},
             ["play"], ["draw"], ["draw", None], ["play", -1], ["play", 10**20], ["discard", "1"], ["x" * 70],
             ["play", 1.0], ["play", True], ["draw", "DECK"], ["draw", "deck", 1], [["play", 1]], "\ud800",
             "\u202e\u0000", [[[[[[[[1]]]]]]]]]


def _hostile(rng: random.Random, host: Host, used_invite: str, other_tokens: list[str]):
    """One hostile (peer, text) that must be refused (or, for a ping, answered) without any change."""
    seq = host.seq
    over = host.over
    mover = None if over else host.to_move()[0]
    mpeer = {0: "a", 1: "b"}.get(mover)
    ipeer = {0: "b", 1: "a"}.get(mover, "a")
    legal = host.legal(mover) if mover is not None else [["draw", "deck"]]
    keys = {canonical(a) for a in legal}
    real_tokens = [t for t in (host.save()["seats"][0]["token"], host.save()["seats"][1]["token"]) if t]
    stranger = f"x{rng.randrange(400)}"
    kind = rng.randrange(16)
    if kind == 0:  # unicode / binary junk
        n = rng.choice([0, 1, 5, 50, 500])
        text = "".join(chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0x110000)])) for _ in range(n))
        return rng.choice(["a", "b", stranger]), rng.choice([text, text.encode("utf-8", "surrogatepass")])
    if kind == 1:  # truncated or corrupted valid messages
        base = messages.act(seq, rng.choice(legal))
        cut = rng.randrange(1, len(base))
        return rng.choice(["a", "b", stranger]), base[:cut] + rng.choice(["", "\x00", "{", "]"])
    if kind == 2:  # JSON that is not a message object
        return rng.choice(["a", "b", stranger]), json.dumps(rng.choice(JSON_JUNK))
    if kind == 3:  # bad version or type
        msg = {"v": rng.choice([0, 2, "1", 1.0, True, None, -1, 10**20, [1]]), "t": "act", "seq": seq,
               "action": rng.choice(legal)}
        if rng.random() < 0.5:
            msg = {"v": 1, "t": rng.choice([None, 1, "", "ACT", "view", "seat", "reject", "x" * 40, ["act"]]),
                   "seq": seq, "action": rng.choice(legal)}
        return mpeer or "a", json.dumps(msg)
    if kind == 4:  # wrong field types, missing or extra fields
        t = rng.choice(["act", "join", "rejoin", "ping", "pong"])
        msg = {"v": 1, "t": t}
        field = {"act": "seq", "join": "token", "rejoin": "token", "ping": "n", "pong": "n"}[t]
        msg[field] = rng.choice([v for v in JSON_JUNK if not (type(v) is int and 0 <= v < 2**53)])
        if t == "act":
            msg["action"] = rng.choice(legal)
        if t == "join":
            msg["name"] = rng.choice(["ok", 5, None, "x" * 300])
        if rng.random() < 0.3:
            msg["seat"] = rng.choice([0, 1])  # nobody may say which seat they are
        return rng.choice([mpeer or "a", stranger]), json.dumps(msg)
    if kind == 5:  # act with a bad action
        return mpeer or "a", json.dumps({"v": 1, "t": "act", "seq": seq, "action": rng.choice(JSON_JUNK)})
    if kind == 6:  # out of turn: the idle seat plays the mover's legal move
        return ipeer, messages.act(seq, rng.choice(legal))
    if kind == 7:  # stale or future sequence numbers
        bad = rng.choice([s for s in (seq - 1, seq - 2, seq + 1, seq + 7, 0, 2**53 - 1) if s != seq and s >= 0])
        return mpeer or "a", messages.act(bad, rng.choice(legal))
    if kind == 8:  # plausible but illegal actions from the mover
        action = list(rng.choice(legal))
        if rng.random() < 0.5 and len(action) > 1:
            action[-1] = rng.choice([-1, 99, 10**9, "deck", "purple", True, None, 1.0, [action[-1]], str(action[-1])])
        else:
            action = [rng.choice(["play", "discard", "draw", "pass", "undo"]), rng.randrange(-5, 80)]
        if canonical(action) in keys:
            action = action + [0]
        return mpeer or "a", messages.act(seq, action)
    if kind == 9:  # used, foreign, mutated tokens
        good = rng.choice(real_tokens + [used_invite])
        token = rng.choice([used_invite, rng.choice(other_tokens), good[:-1], good + "x", good.upper(),
                            good[::-1], " " + good, good[:8], "\u00e9" * 20, "\ud800" * 3, "x" * 128])
        if token in real_tokens:
            token += "!"
        t = rng.choice(["join", "rejoin"])
        msg = messages.join(token, "evil") if t == "join" else messages.rejoin(token)
        return rng.choice(["a", "b", stranger]), msg
    if kind == 10:  # a seated connection presents the other seat's real token
        if not real_tokens:
            return "a", messages.rejoin(used_invite)
        peer = rng.choice(["a", "b"])
        own = 0 if peer == "a" else 1
        foreign = host.save()["seats"][1 - own]["token"]
        return peer, rng.choice([messages.rejoin(foreign), messages.join(foreign, "x"),
                                 messages.join(used_invite, "x")])
    if kind == 11:  # oversized
        pad = "x" * rng.choice([messages.MAX_GUEST_CHARS, 70000, 300000])
        return rng.choice(["a", "b", stranger]), rng.choice([
            json.dumps({"v": 1, "t": "join", "token": used_invite, "name": pad}),
            " " * messages.MAX_GUEST_CHARS + messages.act(seq, rng.choice(legal)), "[" * len(pad)])
    if kind == 12:  # deep nesting, within and beyond the bracket limit
        depth = rng.choice([10, 100, 255, 300, 5000])
        inner = "[" * depth + "1" + "]" * depth
        if rng.random() < 0.5:
            inner = '{"a":' * depth + "1" + "}" * depth
        return mpeer or "a", '{"v":1,"t":"act","seq":' + str(seq) + ',"action":[' + inner + "]}"
    if kind == 13:  # huge and special numbers
        num = rng.choice(["1" + "0" * 5000, "1e400", "-1e400", "NaN", "Infinity", "-0", "1.0", "1e2", "0x10",
                          str(2**53), str(2**64)])
        if rng.random() < 0.5:
            return mpeer or "a", f'{{"v":1,"t":"act","seq":{num},"action":{json.dumps(rng.choice(legal))}}}'
        return mpeer or "a", f'{{"v":1,"t":"act","seq":{seq},"action":["play",{num}]}}'
    if kind == 14:  # a stranger (no seat) plays, or tries duplicate keys
        if rng.random() < 0.5:
            return stranger, messages.act(seq, rng.choice(legal))
        return mpeer or "a", f'{{"v":1,"t":"act","seq":{seq},"action":{json.dumps(rng.choice(legal))},"seq":{seq + 1}}}'
    # pings with junk, and valid pings (answered with a pong, nothing else)
    n = rng.choice([1, 7, 2**53 - 1, -1, 2**53, "1", 1.5, None, True])
    return rng.choice(["a", "b", stranger]), json.dumps({"v": 1, "t": "ping", "n": n})


def test_hostile_peers_change_nothing_and_learn_nothing():
    host, hub, ann, bob = two_remote(seed=21)
    used_invite = "tok-" + "0" * 15 + "1"  # the first invite issued: seat 0's, already claimed
    assert messages.parse_guest(messages.join(used_invite, "x"))
    other = Host("lost-cities", 2, seats=["remote", "remote"], token_factory=tokens("oth"))
    other_tokens = list(other.invites().values())
    rng = random.Random(1234)
    total, codes = 0, set()
    for stop in (3, 30, 120, None):  # draw phase, play phase, late, game over
        play(hub, Rng(stop or 0), until_seq=stop)
        before = _fingerprint(host)
        for _ in range(2600 if stop is not None else 2500):
            peer, text = _hostile(rng, host, used_invite, other_tokens)
            outs = host.receive(peer, text)  # must not raise
            assert all(p == peer for p, _ in outs), "a hostile message caused a broadcast"
            for _, out in outs:
                m = messages.parse_host(out)
                assert m["t"] in ("reject", "pong"), m
                if m["t"] == "reject":
                    codes.add(m["code"])
            assert _fingerprint(host) == before, (peer, text[:200])
            total += 1
    assert total >= 10_000
    assert host.last_error is None
    assert {"size", "malformed", "version", "type", "auth", "blocked", "seated", "not-seated", "turn", "stale",
            "illegal", "over"} <= codes


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.data())
def test_hypothesis_json_in_every_field(data):
    host, hub, ann, bob = _HYPO_TABLE
    before = _fingerprint(host)
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
        max_leaves=12)
    msg = {"v": data.draw(st.sampled_from([1, 1, 1, 0, 2, "1"])),
           "t": data.draw(st.sampled_from(["act", "join", "rejoin", "ping", "pong", "seat", "x"]))}
    for key in data.draw(st.lists(st.sampled_from(["seq", "action", "token", "name", "n", "seat"]), max_size=4)):
        msg[key] = data.draw(json_values)
    if msg["t"] == "act" and "action" in msg:
        mover = host.to_move()[0]
        if canonical(msg["action"]) in {canonical(a) for a in host.legal(mover)}:
            msg["action"] = [msg["action"], 0]
    if msg["t"] == "rejoin" and msg.get("token") in (ann.token, bob.token):
        msg["token"] = "?"
    text = data.draw(st.sampled_from([json.dumps(msg), json.dumps(msg)[: data.draw(st.integers(0, 40))]]))
    peer = data.draw(st.sampled_from(["a", "b", "zz"]))
    for p, out in host.receive(peer, text):
        assert p == peer and messages.parse_host(out)["t"] in ("reject", "pong")
    assert _fingerprint(host) == before


def _hypo_table():
    host, hub, ann, bob = two_remote(seed=33)
    play(hub, Rng(33), until_seq=15)
    return host, hub, ann, bob


_HYPO_TABLE = _hypo_table()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_hypothesis_raw_text(text):
    host = _HYPO_TABLE[0]
    before = _fingerprint(host)
    for p, out in host.receive("zz", text):
        assert p == "zz" and messages.parse_host(out)["t"] == "reject"
    assert _fingerprint(host) == before


def test_engine_errors_do_not_escape_or_half_apply():
    host, hub, ann, bob = two_remote()
    mover = host.to_move()[0]
    peer, guest = ("a", ann) if mover == 0 else ("b", bob)
    before = snapshot(host.state)
    state_cls = type(host.state)
    original = state_cls.step

    def broken(self, seat, action):
        self.hands[seat].clear()
        raise RuntimeError("engine bug")

    state_cls.step = broken
    try:
        outs = host.receive(peer, guest.act(guest.legal[0]))
    finally:
        state_cls.step = original
    assert messages.parse_host(outs[0][1])["code"] == "internal" and "engine bug" in host.last_error
    assert snapshot(host.state) == before and host.seq == 0

    def boom(kind):
        raise RuntimeError("app bug")

    host.on_change = boom
    hub.send(peer, guest.act(guest.legal[0]))
    assert host.seq == 1 and "app bug" in host.last_error


def test_token_factory_is_checked():
    with pytest.raises(ValueError):
        Host("lost-cities", 2, token_factory=lambda: "short")
    with pytest.raises(ValueError):
        Host("lost-cities", 2, seats=["remote", "remote"], token_factory=lambda: "same-token-0000000")
    host = Host("lost-cities", 2)  # default: secrets.token_urlsafe
    assert len(host.invites()[1]) >= 16
    with pytest.raises(ValueError):
        Host("lost-cities", 2, seats=["local"])


# --- fair play: commit-reveal ------------------------------------------------------------------
class Tap(Hub):
    """A Hub that keeps every text the host sent."""

    def __init__(self, host: Host, **kw) -> None:
        super().__init__(host, **kw)
        self.sent: list[tuple[bool, str]] = []  # (game over when sent, text)

    def route(self, outs: list) -> None:
        self.sent += [(self.host.over, text) for _, text in outs]
        super().route(outs)


def finished_table(seed: int = 2**100 + 12345):
    host = Host("lost-cities", 2, seed=seed, options={"rounds": 1}, seats=["local", "remote"], token_factory=tokens())
    hub = Tap(host)
    bea = hub.join("b", 1, "Bea")
    play(hub, Rng(seed % 1000))
    finish_checks(hub)
    return host, hub, bea


def test_seed_and_salt_never_travel_before_the_end_and_are_revealed_at_the_end():
    host, hub, bea = finished_table()
    record = host.state.record
    assert record.seed >= 2**64 and len(record.salt) == 32
    secrets_ = [str(record.seed), format(record.seed, "x"), record.salt]
    before = [text for over, text in hub.sent if not over]
    assert len(before) > 50
    assert not any(s in text for text in before for s in secrets_)
    seat_msg = json.loads(before[0])
    assert seat_msg["t"] == "seat" and seat_msg["deal"] == record.commitment() == host.commitment
    last = json.loads(hub.sent[-1][1])
    assert last["t"] == "over" and Record.from_json(last["record"]).seed == record.seed
    assert bea.verdict["ok"] and bea.verdict["text"] == HOST_DEALT


def cheat(bea: Guest, record: dict, seq: int | None = None) -> dict:
    """The verdict a copy of the finished guest gives for another revealed record."""
    g = copy.deepcopy(bea)
    g.verdict = None
    g.receive(messages.over(bea.seq if seq is None else seq, bea.result, record))
    return g.verdict


def test_a_cheating_host_is_caught():
    host, hub, bea = finished_table()
    honest = host.state.record.to_json()
    assert cheat(bea, honest)["ok"] is True

    other_seed = dict(honest, seed=format(2**100 + 1, "x"))  # another deal, the old commitment
    other_seed.pop("deal")
    mismatch = "warning: the revealed deal is not the one the host committed to at the start"
    assert cheat(bea, other_seed) == {"ok": False, "key": "commitment-mismatch", "move": None, "text": mismatch}
    salted = dict(honest, salt="0" * 32)  # another salt: the record's own "deal" no longer matches
    assert cheat(bea, salted)["text"].startswith("warning: the host revealed an unreadable record")
    salted.pop("deal")
    assert cheat(bea, salted)["text"] == "warning: the revealed deal is not the one the host committed to at the start"

    moves = [list(m) for m in honest["moves"]]
    swapped = None
    for i in range(len(moves) - 1):  # two of Bea's opponent's moves in another order, still legal or not
        if moves[i][0] == 0 and moves[i + 1][0] == 0 and moves[i][1] != moves[i + 1][1]:
            swapped = moves[:i] + [moves[i + 1], moves[i]] + moves[i + 2:]
            break
    assert swapped is not None
    verdict = cheat(bea, dict(honest, moves=swapped))
    assert verdict["ok"] is False and verdict["text"].startswith("warning: ")
    assert verdict["key"] in ("view-mismatch", "illegal-move")
    assert cheat(bea, dict(honest, moves=moves[:-2]))["key"] == "wrong-end"  # cut short
    assert cheat(bea, None)["text"].startswith("warning: the host did not reveal")
    assert cheat(bea, {"format": "nope"})["text"].startswith("warning: the host revealed an unreadable record")
    g = copy.deepcopy(bea)
    g.verdict = None
    g.receive(messages.over(bea.seq, {"scores": [999, 0], "ranks": [1, 2], "winners": [0]}, honest))
    assert g.verdict["text"] == "warning: the announced result is not the result of the revealed game"


class LyingHost(Host):
    """A host that sends the commitment of another deal than the one it plays."""

    lie = ""

    @property
    def commitment(self) -> str:
        return self.lie


def test_a_host_that_deals_other_cards_than_it_committed_to_is_caught():
    committed = Host("lost-cities", 2, seed=2**90 + 7, options={"rounds": 1})
    host = LyingHost("lost-cities", 2, seed=2**90 + 8, options={"rounds": 1}, seats=["local", "remote"],
                     token_factory=tokens())
    host.lie = committed.commitment
    host.state.record.salt = committed.state.record.salt
    hub = Hub(host)
    bea = hub.join("b", 1, "Bea")
    play(hub, Rng(8))
    assert bea.deal == committed.commitment and bea.verdict["ok"] is False  # revealed its real seed: no match
    lie = dict(host.state.record.to_json(), seed=format(2**90 + 7, "x"), deal=committed.commitment)
    verdict = cheat(bea, lie)  # reveals the committed seed with the moves really played: the views differ
    assert verdict["ok"] is False and ("position after move" in verdict["text"] or "illegal" in verdict["text"])
    if verdict["key"] == "view-mismatch":
        assert verdict["move"] == 0 and verdict["text"].endswith("after move 0 is not what the host showed you then")


def test_changed_commitment_or_two_views_of_one_move_are_warned_about():
    host, hub, bea = finished_table()
    g = copy.deepcopy(bea)
    g.verdict = None
    g.receive(messages.seat(1, bea.token, "lost-cities", 2, bea.options, "Bea", "f" * 64))
    g.receive(messages.over(bea.seq, bea.result, host.state.record.to_json()))
    assert g.verdict["text"] == "warning: the host changed its commitment to the deal during the game"
    g = copy.deepcopy(bea)
    g.verdict = None
    g.receive(messages.view(3, 1, {"hand": []}, [], [0], bea.table, False))
    g.receive(messages.over(bea.seq, bea.result, host.state.record.to_json()))
    assert g.verdict["text"] == "warning: the host showed two different positions for move 3"
    assert g.verdict["key"] == "two-views" and g.verdict["move"] == 3
    fresh = Guest()
    fresh.receive(messages.seat(1, "t" * 20, "lost-cities", 2, bea.options, "Bea"))  # no commitment at all
    fresh.receive(messages.over(0, bea.result, host.state.record.to_json()))
    assert fresh.verdict["text"].startswith("warning: the host made no commitment")


def test_a_guest_that_reloads_keeps_the_commitment():
    host, hub, ann, bob = two_remote(seed=2**70 + 3)
    saved = json.loads(json.dumps(bob.save()))
    assert saved["deal"] == host.commitment
    hub.drop("b")
    bob2 = hub.connect("b2", Guest.restore(saved))
    hub.send("b2", bob2.rejoin())
    play(hub, Rng(3))
    finish_checks(hub)


def test_rejoin_is_rate_limited_per_connection():
    host, hub, ann, bob = two_remote()
    changes = []
    host.on_change = changes.append
    outs = host.receive("b", bob.rejoin())  # the seat it already holds: one short refusal, no redraw
    assert len(outs) == 1 and len(outs[0][1]) < 200 and json.loads(outs[0][1])["code"] == "seated"
    assert changes == []
    hub.connect("b2", Guest(token=bob.token))
    claims = {"b": 1, "b2": 0}  # "b" claimed seat 2 once by joining
    blocked = None
    for i in range(4 * MAX_CLAIMS):  # two connections of one guest taking the seat from each other
        peer = ("b2", "b")[i % 2]
        outs = host.receive(peer, messages.rejoin(bob.token))
        first = json.loads(outs[0][1])
        if first["t"] == "reject":
            assert first["code"] == "blocked" and len(outs) == 1
            blocked = peer
            break
        claims[peer] += 1
        hub.route(outs)
    assert blocked is not None and claims[blocked] == MAX_CLAIMS and max(claims.values()) == MAX_CLAIMS
    assert changes.count("table") == sum(claims.values()) - 1
