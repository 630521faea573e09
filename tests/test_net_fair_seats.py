"""A remote board-game table of 3 and 4 seats dealt by mental poker (py_engine/net/host.py, guest.py; issue 37
hole 9): the host holds its own seat's FairSeat and relays every "mp" message between the guests, each named
by its sender seat ("s") and numbered in the receiving guest's stream; every seat verifies the whole game;
a guest reloads mid-game and goes on; a relayed message in a seat's name the protocol does not expect is
refused. TEST_GROUP (64 bits) keeps it fast."""

from __future__ import annotations

import json
from collections import deque

import pytest

from py_engine.core import Rng
from py_engine.core import mental_poker as mp
from py_engine.core.record import joint_seed
from py_engine.net import Guest, Host, messages
from tests.test_lost_cities_board_fair import check_knowledge
from tests.test_net import tokens

SECRETS = [bytes([0x31 + i]) * 32 for i in range(4)]
OPTIONS = {"length": "short"}


class Table:
    """One host (seat 0, local) and n-1 guests over in-memory channels that can be cut and reloaded."""

    def __init__(self, players: int, seed: int = 4, tamper=None) -> None:
        self.players = players
        self.host = Host("lost-cities-board", players, seed=seed, options=OPTIONS,
                         seats=["local"] + ["remote"] * (players - 1), token_factory=tokens(),
                         fair_secret=SECRETS[0], fair_group=mp.TEST_GROUP)
        self.guests = {s: Guest(name=f"g{s}", fair_secret=SECRETS[s], fair_groups=(mp.TEST_GROUP.name,))
                       for s in range(1, players)}
        self.peer = {s: f"g{s}-1" for s in self.guests}
        self.live = {s: True for s in self.guests}
        self.tamper = tamper  # tamper(seat, text) -> text, on the texts the host sends to a guest
        self.queue: deque = deque()
        self.texts: dict[int, list[str]] = {s: [] for s in self.guests}
        invites = self.host.invites()
        for s, g in self.guests.items():
            self.up(s, g.join(invites[s], f"g{s}"))

    def seat_of(self, peer: str) -> int | None:
        return next((s for s, p in self.peer.items() if p == peer), None)

    def up(self, seat: int, text: str) -> None:
        if self.live[seat]:
            self.queue.append(("host", seat, text))
            self.run()

    def down(self, outs: list) -> None:
        for peer, text in outs:
            seat = self.seat_of(peer)
            if seat is not None and self.live[seat]:
                self.queue.append(("guest", seat, text))

    def run(self) -> None:
        while self.queue:
            where, seat, text = self.queue.popleft()
            if not self.live[seat]:
                continue
            if where == "host":
                self.down(self.host.receive(self.peer[seat], text))
            else:
                if self.tamper:
                    text = self.tamper(seat, text)
                self.texts[seat].append(text)
                ev = self.guests[seat].receive(text)
                assert ev.kind != "invalid", ev.error
                for reply in ([ev.reply] if ev.reply else []) + list(ev.replies):
                    self.queue.append(("host", seat, reply))
        for f in self.seats():
            if f.verdict is None:
                check_knowledge(f)

    def seats(self) -> list:
        return [self.host.fair] + [g.fair for g in self.guests.values() if g.fair is not None]

    def cut(self, seat: int) -> None:
        self.live[seat] = False
        self.host.disconnect(self.peer[seat])

    def reconnect(self, seat: int) -> None:
        n = int(self.peer[seat].rsplit("-", 1)[1]) + 1
        self.peer[seat], self.live[seat] = f"g{seat}-{n}", True
        self.up(seat, self.guests[seat].rejoin())

    def reload_guest(self, seat: int) -> None:
        self.guests[seat] = Guest.restore(json.loads(json.dumps(self.guests[seat].save())))
        self.guests[seat]._fair_groups = (mp.TEST_GROUP.name,)

    def step(self, rng: Rng) -> bool:
        while True:
            outs = self.host.poll()
            texts = [(s, t) for s, g in self.guests.items() if self.live[s] for t in g.poll()]
            if not outs and not texts:
                break
            self.down(outs)
            for s, t in texts:
                self.queue.append(("host", s, t))
            self.run()
        if self.host.legal(0):
            self.down(self.host.local_action(0, rng.choice(self.host.legal(0))))
            self.run()
            return True
        for s, g in self.guests.items():
            if self.live[s] and g.legal:
                for text in g.play(rng.choice(g.legal)):
                    self.up(s, text)
                return True
        return False

    def play(self, rng: Rng, moves: int | None = None) -> None:
        start = self.host.seq
        while (moves is None or self.host.seq < start + moves) and self.step(rng):
            pass


def _finished(t: Table) -> None:
    seats = t.seats()
    assert len(seats) == t.players and all(f.state.is_over() for f in seats), [f.waiting() for f in seats]
    assert all(f.verdict is None and f.audited for f in seats)
    assert all(f.state.record.moves == t.host.state.record.moves for f in seats)
    assert all(g.verdict["key"] == "hands-verified" for g in t.guests.values())
    assert all(g.result == t.host.result() for g in t.guests.values())


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_board_game_with_every_seat_verifying(players: int) -> None:
    t = Table(players)
    assert t.host.fair is not None and all(g.fair is not None and g.fair.players == players
                                           for g in t.guests.values())
    # the tiles' seed is made from every seat's share (not the host's `seed`), the same at every seat
    seed = t.host.fair.seed
    assert seed is not None and seed != 4 and all(g.fair.seed == seed for g in t.guests.values())
    assert seed == joint_seed(t.host.tiles["share"], [None] + [t.guests[s].share for s in range(1, players)])
    t.play(Rng(6))
    _finished(t)
    assert t.host.state.board == t.guests[1].fair.state.board
    # a guest's stream holds every other seat's messages, each naming its sender, numbered from 0
    for s, texts in t.texts.items():
        mps = [json.loads(x) for x in texts if json.loads(x)["t"] == "mp"]
        assert [m["i"] for m in mps] == list(range(len(mps)))
        senders = {m["s"] for m in mps}
        assert senders == set(range(players)) - {s}
        assert all(m["m"]["seat"] == m["s"] for m in mps)


def test_a_guest_reloads_mid_game_and_every_seat_goes_on_to_verify() -> None:
    t = Table(3)
    t.play(Rng(8), moves=12)
    hand = list(t.guests[2].fair.state.hands[2])
    t.cut(2)
    t.reload_guest(2)
    assert t.guests[2].fair.state.hands[2] == hand and t.guests[2].poll() == []
    t.play(Rng(9), moves=6)  # the others play on as far as they can without seat 2
    t.reconnect(2)
    t.play(Rng(10))
    _finished(t)


def test_a_relayed_message_in_a_seat_the_protocol_does_not_expect_is_refused() -> None:
    """The host relays seat 1's first lock chunk to seat 2 as if it came from seat 2 itself (refused as
    malformed: no other seat), then a rekey chunk as if from seat 0 (not seat 0's turn, and another seat's
    name: seat 2 stops, naming seat 0)."""
    bent: list[int] = []

    def tamper(seat: int, text: str) -> str:
        m = json.loads(text)
        if seat == 2 and m["t"] == "mp" and m["s"] == 1 and m["m"]["k"] == "lock" and not bent:
            bent.append(1)
            m["s"] = 0
            return messages.dumps(m)
        return text

    t = Table(3, tamper=tamper)
    t.play(Rng(3), moves=1)
    f = t.guests[2].fair
    assert bent and f.verdict is not None and f.verdict["kind"] == mp.MALFORMED and f.verdict["seat"] == 0
    assert t.guests[2].receive(messages.mp({"t": "mp"}, f.got, 2)).kind == "invalid"  # its own seat: refused
    assert t.guests[2].receive(messages.mp({"t": "mp"}, f.got)).kind == "invalid"  # no sender at 3 seats


def test_a_guests_stop_reaches_every_other_guest_naming_it() -> None:
    t = Table(4)
    t.play(Rng(2), moves=2)
    t.up(3, messages.stop("wrong_key", "a bent key"))
    assert t.host.fair.verdict["kind"] == mp.STOPPED and t.host.fair.verdict["seat"] == 3
    for s in (1, 2):
        v = t.guests[s].fair.verdict
        assert v["kind"] == mp.STOPPED and v["seat"] == 3 and "wrong_key" in v["detail"]
