"""A remote Lost Cities table dealt by mental poker (py_engine/net/host.py, guest.py with `fair_secret`):
the host's device never holds the guest's hand or the deck order, each side plays on its own FairSeat, and a
guest that cheats is named. The deals use the 64-bit TEST_GROUP so the games are fast."""

from __future__ import annotations

import json
from collections import deque

import pytest

from py_engine.core import IllegalAction, Record, Rng
from py_engine.core import mental_poker as mp
from py_engine.games.lost_cities.fair import SLOT, FairSeat, replay
from py_engine.net import Guest, Host, messages
from tests.test_lost_cities_fair import check_knowledge
from tests.test_net import tokens

HOST_SECRET, GUEST_SECRET = b"\x11" * 32, b"\x22" * 32


class Link:
    """One host (seat 0, local) and one guest (seat 1) over an in-memory channel; every text is kept, and
    after each one both seats' states are searched for cards they may not know."""

    def __init__(self, options: dict | None = None, tamper=None) -> None:
        self.host = Host("lost-cities", 2, options=options or {"rounds": 1}, seats=["local", "remote"],
                         token_factory=tokens(), fair_secret=HOST_SECRET, fair_group=mp.TEST_GROUP)
        self.guest = Guest(name="ann", fair_secret=GUEST_SECRET, fair_groups=(mp.TEST_GROUP.name,))
        self.to_guest: list[str] = []
        self.to_host: list[str] = []
        self.tamper = tamper  # tamper(text) -> text, on the guest's texts
        self.queue: deque = deque()
        self.up(self.guest.join(self.host.invites()[1], "ann"))

    def up(self, text: str) -> None:
        self.queue.append(("host", self.tamper(text) if self.tamper else text))
        self.run()

    def down(self, outs: list) -> None:
        for peer, text in outs:
            assert peer == "ann"
            self.queue.append(("guest", text))

    def run(self) -> None:
        while self.queue:
            where, text = self.queue.popleft()
            if where == "host":
                self.to_host.append(text)
                self.down(self.host.receive("ann", text))
            else:
                self.to_guest.append(text)
                ev = self.guest.receive(text)
                assert ev.kind != "invalid", ev.error
                for reply in ([ev.reply] if ev.reply else []) + list(ev.replies):
                    self.queue.append(("host", self.tamper(reply) if self.tamper else reply))
            for seat in (self.host.fair, self.guest.fair):
                if seat is not None and seat.verdict is None:
                    check_knowledge(seat)

    def work(self) -> None:
        """Both sides poll until neither has anything to send."""
        while True:
            outs, texts = self.host.poll(), self.guest.poll()
            if not outs and not texts:
                return
            self.down(outs)
            for text in texts:
                self.queue.append(("host", self.tamper(text) if self.tamper else text))
            self.run()

    def play(self, rng: Rng, stop=None) -> None:
        while True:
            self.work()
            if stop and stop(self):
                return
            if self.host.legal(0):
                self.down(self.host.local_action(0, rng.choice(self.host.legal(0))))
                self.run()
            elif self.guest.legal:
                for text in self.guest.play(rng.choice(self.guest.legal)):
                    self.up(text)
            else:
                return


def test_a_whole_game_with_hidden_hands_host_and_guest_over_the_link() -> None:
    link = Link()
    host, guest = link.host, link.guest
    assert host.fair is not None and guest.fair is not None and guest.seat == 1
    assert json.loads(link.to_guest[0])["fair"] == mp.TEST_GROUP.name
    link.play(Rng(5))
    assert host.over and guest.over and host.verdict is None and guest.fair.verdict is None
    assert host.fair.audited and guest.fair.audited
    assert guest.verdict["ok"] and guest.verdict["key"] == "hands-verified"
    assert host.result() == guest.result and guest.result["scores"] == host.state.scores()
    assert host.state.record.moves == guest.fair.state.record.moves
    # the host's record proves the game: the moves replay on the audited deals to the same end
    rec = host.fair_record()
    assert rec.fair["verdict"] is None and len(rec.fair["secrets"]) == 1
    full = Record.from_json(json.loads(json.dumps(rec.to_json()))).replay()
    assert full.is_over() and full.scores() == host.state.scores()
    assert full.view(None) == replay(rec.moves, [d.audit() for d in host.fair.deals], rec.options).view(None)
    # the guest got no view of the position from the host, and no "over": only the table
    for text in link.to_guest:
        m = json.loads(text)
        assert m["t"] in ("seat", "view", "mp")
        if m["t"] == "view":
            assert m["view"] == {} and m["legal"] == []


def test_the_host_never_holds_the_guests_hand_nor_the_deck() -> None:
    link = Link()
    seen: list[str] = []

    def stop(link: Link) -> bool:  # after every move, while the game runs
        host, guest = link.host, link.guest
        if host.over:
            return False
        # the guest's cards the host may not know: all but those it took from a discard pile (public)
        hidden = {c for c in guest.fair.state.hands[1] if c < SLOT} - set(host.state.hands[1])
        assert all(c >= SLOT for c in host.state.deck) and all(c >= SLOT for c in guest.fair.state.deck)
        assert not hidden & set(host.fair.deal.cards.values())  # the host's deal opened none of them
        saved = host.save()
        assert not hidden & set(_cards(saved["record"]["moves"]))
        assert not hidden & set(_cards(saved["fair"]["log"] and [e[1]["seat"], e[1]["action"]] for e in
                                       saved["fair"]["log"] if e[0] == "in" and e[1].get("t") == "move"))
        seen.append(json.dumps(saved))
        # the host's saved seat, resumed, knows no more than the host
        if len(seen) % 40 == 1:
            check_knowledge(FairSeat.from_json(saved["fair"]))
        return False

    link.play(Rng(2), stop=stop)
    assert link.host.fair.audited and len(seen) > 50
    # every message the host sent names a card only when the host lays it public, never with a code
    codes = [mp.TEST_GROUP.hex(c) for c in mp.card_codes(mp.TEST_GROUP, 60)]
    text = "".join(link.to_guest) + "".join(link.to_host) + seen[-1]
    assert not any(c in text for c in codes)
    for t in link.to_guest:
        m = json.loads(t)
        if m["t"] == "mp" and m["m"]["t"] == "move" and m["m"]["reveal"]:
            assert m["m"]["seat"] == 0


def _cards(moves: list) -> list:
    return [a[1] for _, a in moves if a[0] in ("play", "discard")]


def test_the_saved_host_resumes_mid_game() -> None:
    link = Link()
    link.play(Rng(4), stop=lambda link: link.host.seq >= 12)
    saved = json.loads(json.dumps(link.host.save()))
    again = Host.resume(saved, token_factory=tokens("new"))
    assert again.fair is not None and again.state.record.moves == link.host.state.record.moves
    assert again.state.hands == link.host.state.hands and again.legal(0) == link.host.legal(0)


def _guest_reveal_tamper(link_box: list):
    def tamper(text: str) -> str:
        m = json.loads(text)
        if m["t"] == "mp" and m["m"].get("t") == "move" and m["m"].get("reveal") and not link_box:
            link_box.append(True)
            reveal = m["m"]["reveal"]
            reveal["x"] = [reveal["x"][0], mp.TEST_GROUP.hex(12345)][: len(reveal["x"])] if len(reveal["x"]) > 1 \
                else [mp.TEST_GROUP.hex(12345)]
            return messages.mp(m["m"])
        return text
    return tamper


def test_a_guest_that_reveals_with_a_wrong_key_is_named() -> None:
    box: list = []
    link = Link(tamper=_guest_reveal_tamper(box))
    link.play(Rng(6))
    assert box and link.host.verdict is not None
    assert link.host.verdict["kind"] == mp.WRONG_KEY and link.host.verdict["seat"] == 1
    assert link.host.to_move() == () and link.host.legal(0) == []
    with pytest.raises(IllegalAction):
        link.host.local_action(0, ["draw", "deck"])
    assert link.host.fair_record().fair["verdict"]["seat"] == 1


def test_a_guest_that_plays_a_card_it_was_not_dealt_is_named() -> None:
    link = Link()
    link.play(Rng(7), stop=lambda link: bool(link.guest.legal) and link.guest.legal[0][0] == "play")
    host = link.host
    card = host.state.hands[0][0]  # a card of the host's hand: never the guest's
    move = {"t": "move", "seat": 1, "n": host.seq, "action": ["play", card], "reveal": None}
    link.up(messages.mp(move))
    assert host.verdict == {"kind": mp.NOT_DEALT, "seat": 1, "detail": host.verdict["detail"]}
    assert host.to_move() == ()


def test_a_silent_guest_is_refused_by_the_app() -> None:
    link = Link()
    link.down(link.host.poll())  # the host shuffles; the guest never answers
    link.run()
    assert link.host.poll() == [] and link.host.fair_busy()
    assert link.host.fair.waiting() == [(1, "lock")]
    assert link.host.fair_refused() is not None
    assert link.host.verdict["kind"] == mp.REFUSED and link.host.verdict["seat"] == 1


def test_the_guest_refuses_a_weak_group_and_a_game_without_the_protocol() -> None:
    guest = Guest(name="ann")  # accepts RFC 3526 group 14 only
    seat = messages.seat(1, "t" * 16, "lost-cities", 2, {"rounds": 1}, "ann", fair=mp.TEST_GROUP.name)
    assert guest.receive(seat).kind == "invalid" and guest.fair is None
    seat = messages.seat(1, "t" * 16, "arnak", 2, {}, "ann", fair=mp.GROUP14.name)
    assert guest.receive(seat).kind == "invalid" and guest.fair is None


@pytest.mark.parametrize("seats, game, players", [
    (["local", "bot"], "lost-cities", 2), (["local", "local"], "lost-cities", 2),
    (["local", "remote", "bot"], "lost-cities-board", 3), (["local", "local", "remote"], "lost-cities-board", 3),
    (["local", "remote"], "arnak", 2),
])
def test_other_tables_are_not_dealt_by_mental_poker(seats, game, players) -> None:
    host = Host(game, players, seed=3, seats=seats, token_factory=tokens(), fair_secret=HOST_SECRET)
    assert host.fair is None and host.poll() == [] and "fair" not in host.save()


def test_an_mp_message_is_bounded_and_refused_at_a_table_without_the_protocol() -> None:
    host = Host("lost-cities", 2, seed=3, seats=["local", "remote"], token_factory=tokens())
    guest = Guest(name="bob")
    host.receive("bob", guest.join(host.invites()[1], "bob"))
    out = host.receive("bob", messages.mp({"t": "move"}))
    assert json.loads(out[0][1])["code"] == "type"
    big = messages.mp({"t": "mp", "x": ["0" * 64] * 300})
    assert json.loads(host.receive("bob", big)[0][1])["code"] in ("size", "malformed")
    assert json.loads(host.receive("bob", messages.dumps({"v": 1, "t": "mp", "m": [1]}))[0][1])["code"] == "malformed"


def test_no_bot_takes_over_a_seat_dealt_by_mental_poker() -> None:
    link = Link()
    with pytest.raises(ValueError, match="the seats it was dealt to only"):
        link.host.set_seat_kind(1, "bot")
    assert link.host.seat_kind(1) == "remote"


def test_the_guest_names_a_host_that_shows_a_card_it_was_not_dealt() -> None:
    link = Link()
    link.play(Rng(9), stop=lambda link: bool(link.host.legal(0)) and link.host.legal(0)[0][0] == "play")
    guest = link.guest
    card = guest.fair.state.hands[1][0]  # the guest's own card: never the host's
    ev = guest.receive(messages.mp({"t": "move", "seat": 0, "n": guest.seq, "action": ["play", card],
                                    "reveal": None}))
    assert ev.kind == "mp" and guest.fair.verdict["kind"] == mp.NOT_DEALT and guest.fair.verdict["seat"] == 0
    assert guest.verdict["key"] == "cheat" and not guest.verdict["ok"] and guest.legal == [] and guest.over
