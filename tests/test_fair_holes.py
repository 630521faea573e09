"""Holes in the fair-play protocol (issue 37), each played as an attack by a modified page driving our own
classes in-process, each ending in a named verdict; and for each check, a mutation test: with the check
switched off, the attack goes through (so the attack test really depends on it).

Deals use the 64-bit TEST_GROUP so the games are fast."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from py_engine.core import Rng
from py_engine.core import mental_poker as mp
from py_engine.core.mental_poker import TEST_GROUP, Cheat, SeatDeal
from py_engine.games.lost_cities.fair import SLOT, FairSeat
from py_engine.net import Guest, Host, messages
from py_engine.net.guest import HOST_DEALT, VERIFIED
from tests.test_joint_deal import join, joint_table
from tests.test_net import Hub, play, tokens
from tests.test_net_fair import Link
from tests.test_net_fair_resume import Link as CutLink

A, B = b"\x01" * 32, b"\x02" * 32


def _copy(data: dict) -> dict:
    return json.loads(json.dumps(data))


class TamperLink(Link):
    """test_net_fair.Link whose host texts can be changed too (a modified host page)."""

    def __init__(self, host_tamper=None, **kw) -> None:
        self.host_tamper = host_tamper
        super().__init__(**kw)

    def down(self, outs: list) -> None:
        super().down([(peer, self.host_tamper(text) if self.host_tamper else text) for peer, text in outs])


def _stopped_by(seat: FairSeat, other: int, kind: str) -> None:
    """`seat` stopped because the other seat said it stopped on `kind`, and waits for nothing."""
    v = seat.verdict
    assert v["kind"] == mp.STOPPED and v["seat"] == other, v
    assert v["detail"].startswith(f"the other seat stopped the game: {kind}")
    assert seat.waiting() == []


# --- 1. marking cards through non-residues --------------------------------------------------------
def _mark_attack() -> tuple[dict | None, list[int], list[int]]:
    """Seat 0 multiplies the first element of its lock by p-1 (a non-residue: the Legendre symbol flips) and
    reads the symbols of seat 1's shuffled, locked output. Returns seat 1's verdict, the positions where seat 0
    sees the marked card, and where it really went."""
    g = TEST_GROUP
    host, guest = SeatDeal(g, 2, 0, 6, 1, A), SeatDeal(g, 2, 1, 6, 1, B)
    assert mp.SeatKeys.derive(g, B, 6).lock % 2 == 1  # an odd lock key keeps the symbol
    chunks = _copy(host.poll())
    chunks[0]["x"][0] = g.hex(g.p - int(chunks[0]["x"][0], 16))  # x * (p-1) mod p
    try:
        for m in chunks:
            guest.receive(m, 0)
    except Cheat as cheat:
        return cheat.verdict(), [], []
    out = [int(x, 16) for m in guest.poll() for x in m["x"]]
    seen = [i for i, x in enumerate(out) if pow(x, g.q, g.p) == g.p - 1]  # Euler's criterion: a non-residue
    return None, seen, [i for i, j in enumerate(guest._keys.perm) if j == 0]


def test_a_lock_with_a_marked_card_is_refused_as_not_residue() -> None:
    verdict, seen, _ = _mark_attack()
    assert verdict is not None and verdict["kind"] == mp.NOT_RESIDUE and verdict["seat"] == 0 and seen == []


def test_mutation_without_the_residue_check_the_host_follows_its_marked_card(monkeypatch) -> None:
    monkeypatch.setattr(mp, "jacobi", lambda a, n: 1)
    verdict, seen, truth = _mark_attack()
    assert verdict is None and seen == truth and len(seen) == 1  # the card was followed through the shuffle


def test_the_residue_check_is_the_legendre_symbol() -> None:
    for g in (TEST_GROUP, mp.GROUP14):
        assert mp.jacobi(g.p - 1, g.p) == -1 and mp.jacobi(4, g.p) == 1
        rng = random.Random(1)
        for _ in range(40):
            x = rng.randrange(2, g.p)
            assert (mp.jacobi(x, g.p) == 1) == (pow(x, g.q, g.p) == 1)
        with pytest.raises(mp.NotResidue):
            g.parse(g.hex(g.p - 4))
        assert g.parse(g.hex(4)) == 4


def test_a_host_that_marks_a_card_in_its_lock_is_named_by_the_guest_and_both_stop() -> None:
    marked: list = []

    def mark(text: str) -> str:
        m = json.loads(text)
        if m["t"] == "mp" and m["m"].get("k") == "lock" and m["m"]["at"] == 0 and not marked:
            marked.append(True)
            x = m["m"]["x"]
            x[0] = TEST_GROUP.hex(TEST_GROUP.p - int(x[0], 16))
            return messages.mp(m["m"], m["i"])
        return text

    link = TamperLink(host_tamper=mark)
    link.work()
    assert marked
    v = link.guest.fair.verdict
    assert v["kind"] == mp.NOT_RESIDUE and v["seat"] == 0 and link.guest.fair.deal.locks[0] == []
    assert link.guest.verdict["key"] == "cheat" and link.guest.legal == [] and link.guest.fair.waiting() == []
    _stopped_by(link.host.fair, 1, mp.NOT_RESIDUE)
    assert link.host.to_move() == () and link.host.verdict["kind"] == mp.STOPPED


# --- 2. redeal on demand ---------------------------------------------------------------------------
def _reseat(link: Link, options: dict) -> Any:
    """The host page sends the guest's connection another "seat" message with these options."""
    guest, host = link.guest, link.host
    return guest.receive(messages.seat(1, guest.token, "lost-cities", 2, options, "ann", fair=TEST_GROUP.name,
                                       got=host.fair.got))


def test_a_second_seat_message_with_other_options_does_not_deal_again() -> None:
    link = Link()
    link.work()
    guest = link.guest
    dealt, sent, options = guest.fair, len(guest.fair.sent), dict(guest.fair.options)
    ev = _reseat(link, dict(options, rounds=2))
    assert guest.fair is dealt and guest.fair.options == options and len(dealt.deals) == 1
    assert dealt.verdict["kind"] == mp.REDEAL and dealt.verdict["seat"] == 0
    assert guest.verdict["key"] == "cheat" and guest.legal == [] and guest.poll() == []
    assert len(dealt.sent) == sent and [json.loads(t)["t"] for t in ev.replies] == ["stop"]
    for text in ev.replies:  # the host is told, and stops too
        link.up(text)
    _stopped_by(link.host.fair, 1, mp.REDEAL)
    # the same seat again (a rejoin) changes nothing, and neither does a reload
    _reseat(link, options)
    assert guest.fair is dealt and dealt.verdict["kind"] == mp.REDEAL
    again = Guest.restore(_copy(guest.save()))
    assert again.verdict == guest.verdict and again.fair.verdict == dealt.verdict


def test_a_verdict_once_shown_stays_through_a_redeal_and_a_reload() -> None:
    link = Link()
    link.work()
    guest = link.guest
    first = _second_key_attack(link)
    assert guest.fair.verdict == first and guest.verdict["cheat"] == first
    shown = dict(guest.verdict)
    _reseat(link, {"rounds": 3})
    assert guest.fair.verdict == first and guest.verdict == shown
    again = Guest.restore(_copy(guest.save()))
    assert again.verdict == shown and again.fair.verdict == first


def test_a_joint_deal_guest_refuses_a_new_seat_after_its_share_and_the_warning_sticks() -> None:
    host, hub = joint_table()
    bea = join(hub, "bea", 1)
    options, share = dict(bea.options), bea.share
    ev = bea.receive(messages.seat(1, bea.token, "lost-cities", 2, {"rounds": 2}, "bea", host.commitment,
                                   joint=True))
    assert ev.reply is None and bea.options == options and bea.share == share
    assert bea.verdict["key"] == "redeal" and not bea.verdict["ok"]
    play(hub, Rng(3))
    assert bea.over and bea.verdict["key"] == "redeal"  # the end's check does not wipe it
    assert Guest.restore(_copy(bea.save())).verdict["key"] == "redeal"


# --- 3. keys for positions nobody drew -------------------------------------------------------------
def _unasked_key_attack(link: Link) -> int:
    """The guest page hands the host its key for the deck's top position, which nobody drew; returns it."""
    guest = link.guest
    j = guest.fair.state.deck[-1] - SLOT
    bad = guest.fair.deal.give(0, [j])
    guest.fair.sent.append(bad)
    link.up(messages.mp(bad, len(guest.fair.sent) - 1))
    return j


def test_a_key_for_a_position_nobody_drew_is_named_and_changes_nothing() -> None:
    link = Link()
    link.work()
    host = link.host
    deal = host.fair.deal
    before = (dict(deal.owner), _copy({str(k): v for k, v in deal.received.items()}))
    j = _unasked_key_attack(link)
    assert host.verdict["kind"] == mp.UNASKED_KEY and host.verdict["seat"] == 1 and str(j) in host.verdict["detail"]
    assert (dict(deal.owner), _copy({str(k): v for k, v in deal.received.items()})) == before
    assert host.fair.waiting() == [] and host.to_move() == ()
    _stopped_by(link.guest.fair, 0, mp.UNASKED_KEY)  # told, the guest stops too: nobody hangs
    assert link.guest.verdict["key"] == "stopped" and "stopped the game" in link.guest.verdict["text"]
    again = Host.resume(_copy(host.save()), token_factory=tokens("re"))  # the save resumes, still stopped
    assert again.verdict == host.verdict


def test_mutation_without_the_key_check_the_key_is_taken_silently(monkeypatch) -> None:
    monkeypatch.setattr(SeatDeal, "_asked", lambda self, j, sender: True)
    link = Link()
    link.work()
    j = _unasked_key_attack(link)
    assert link.host.verdict is None and link.host.fair.deal.owner[j] == 0  # the hole: later give() fails


def _second_key_attack(link: Link) -> dict:
    """The host page sends the guest a second key for a position of the guest's hand (opened already)."""
    host, guest = link.host, link.guest
    j = 8
    assert guest.fair.deal.card(j) is not None
    second = {"t": "mp", "k": "keys", "deal": host.fair.deal.deal, "seat": 0, "to": 1, "pos": [j],
              "x": [TEST_GROUP.hex(12345)]}
    kept = guest.fair.deal.received[j][0]
    host.fair.sent.append(second)
    link.down([("ann", messages.mp(second, len(host.fair.sent) - 1))])
    link.run()
    assert guest.fair.deal.received[j][0] == kept  # not overwritten
    return guest.fair.verdict


def test_a_second_key_for_an_opened_position_is_named() -> None:
    link = Link()
    link.work()
    v = _second_key_attack(link)
    assert v["kind"] == mp.UNASKED_KEY and v["seat"] == 0
    _stopped_by(link.host.fair, 1, mp.UNASKED_KEY)


def test_keys_given_twice_in_one_message_are_named() -> None:
    a, b = (SeatDeal(TEST_GROUP, 2, i, 6, 1, s) for i, s in enumerate((A, B)))
    for _ in range(12):
        for s, o in ((a, b), (b, a)):
            for m in s.poll():
                o.receive(m, s.me)
    a.expect(0, [2])
    m = b.give(0, [2])
    with pytest.raises(Cheat) as caught:
        a.receive(dict(m, pos=[2, 2], x=m["x"] * 2), 1)
    assert caught.value.kind == mp.UNASKED_KEY and a.received == {}


# --- 4. a reload forgets "joint" -------------------------------------------------------------------
def _joint_claimed_then_reload(reload=Guest.restore) -> Guest:
    """A host page with the joint deal off (it chose the seed alone) says "joint" on its first "seat", takes the
    guest's share and ignores it; the guest reloads; the host answers the rejoin without "joint" and plays to
    the end, revealing the deal it made alone. Returns the reloaded guest."""
    host = Host("lost-cities", 2, seed=12345, options={"rounds": 1}, seats=["local", "remote"],
                token_factory=tokens())
    hub = Hub(host)
    bea = hub.connect("bea")

    def claim_joint(text: str) -> str:
        m = json.loads(text)
        return messages.dumps(dict(m, joint=True)) if m["t"] == "seat" else text

    hub.route([(p, claim_joint(t)) for p, t in host.receive("bea", bea.join(host.invites()[1], "bea"))])
    assert bea.joint and bea.share is not None
    hub.drop("bea")
    again = hub.connect("bea", reload(_copy(bea.save())))
    hub.send("bea", again.rejoin())
    play(hub, Rng(3))
    assert again.over
    return again


def test_a_reloaded_guest_still_asks_for_its_share_in_the_deal() -> None:
    bea = _joint_claimed_then_reload()
    assert bea.joint and bea.verdict["key"] == "share-missing" and not bea.verdict["ok"]


def test_mutation_a_reload_that_forgets_joint_lets_the_host_alone_deal(monkeypatch) -> None:
    def forgetful(saved: dict) -> Guest:
        g = Guest.restore(saved)
        g.joint = False
        return g

    assert _joint_claimed_then_reload(forgetful).verdict["ok"]  # the host's own deal passes


def test_an_old_save_with_a_share_but_no_joint_flag_still_asks_for_the_share() -> None:
    saved = {"seat": 1, "token": "t" * 16, "name": "bea", "game": "lost-cities", "deal": "0" * 64,
             "share": "1" * 64}
    assert Guest.restore(saved).joint and not Guest.restore(dict(saved, share=None)).joint


# --- 5. downgrade: a deal the host made alone ------------------------------------------------------
def test_a_deal_the_host_made_alone_is_never_called_verified_like_a_joint_deal() -> None:
    host = Host("lost-cities", 2, seed=99, options={"rounds": 1}, seats=["local", "remote"], token_factory=tokens())
    hub = Hub(host)
    bea = hub.join("bea", 1)
    play(hub, Rng(4))
    assert not bea.joint and bea.share is None
    assert bea.verdict == {"ok": True, "key": "host-dealt", "text": HOST_DEALT, "move": None}
    assert "dealt by the host alone" in HOST_DEALT and "deal verified" not in HOST_DEALT.lower()
    joint, jhub = joint_table()
    ann = join(jhub, "ann", 1)
    play(jhub, Rng(4))
    assert ann.verdict["key"] == "verified" and ann.verdict["text"] == VERIFIED != HOST_DEALT


# --- 6. a verdict on one side only -----------------------------------------------------------------
def test_a_guest_that_stops_tells_the_host_which_stops_too() -> None:
    link = Link()
    guest, host = link.guest, link.host
    assert guest.fair.waiting() == [(0, "lock")]  # the host has not shuffled: the guest gives up
    texts = guest.fair_refused()
    assert [json.loads(t)["t"] for t in texts] == ["stop"] and guest.fair.verdict["kind"] == mp.REFUSED
    assert guest.poll() == []  # told once
    for text in texts:
        link.up(text)
    _stopped_by(host.fair, 1, mp.REFUSED)
    assert host.verdict["detail"] == "the other seat stopped the game: refused (did not send its lock)"
    assert host.to_move() == () and host.poll() == []
    again = Host.resume(_copy(host.save()), token_factory=tokens("re"))
    assert again.verdict == host.verdict  # kept in the host's save


def test_a_host_that_stops_tells_the_guest_which_stops_too() -> None:
    link = Link()
    host, guest = link.host, link.guest
    link.down(host.poll())  # the host locks; the guest never answers
    link.queue.clear()
    assert host.fair.waiting() == [(1, "lock")]
    outs = host.fair_refused()
    assert [json.loads(t)["t"] for _, t in outs].count("stop") == 1
    link.down(outs)
    link.run()
    _stopped_by(guest.fair, 0, mp.REFUSED)
    assert guest.verdict["key"] == "stopped" and guest.verdict["text"].startswith("warning: the other seat stopped")
    assert guest.legal == [] and guest.over
    assert Guest.restore(_copy(guest.save())).fair.verdict == guest.fair.verdict


def test_mutation_without_the_stop_message_the_other_seat_waits_for_ever(monkeypatch) -> None:
    monkeypatch.setattr(FairSeat, "own_verdict", lambda self: None)
    link = Link()
    for text in link.guest.fair_refused():
        link.up(text)
    assert link.host.verdict is None  # the host has not heard: it would wait for the guest's lock for ever


def test_a_stop_lost_with_the_connection_is_sent_again_on_the_rejoin() -> None:
    link = CutLink()
    link.host.poll()
    link.cut()
    link.host.fair_refused()  # the stop goes nowhere: the connection is down
    assert link.guest.fair.verdict is None
    link.reconnect()
    _stopped_by(link.guest.fair, 0, mp.REFUSED)


def test_a_stop_that_arrives_after_a_verdict_of_ones_own_changes_nothing() -> None:
    link = Link()
    link.down(link.host.poll())
    link.queue.clear()
    link.host.fair_refused()
    mine = dict(link.host.verdict)
    link.up(messages.stop("wrong_key", "whatever"))
    assert link.host.verdict == mine


@pytest.mark.parametrize("text", [
    '{"v":1,"t":"stop"}', '{"v":1,"t":"stop","kind":""}', '{"v":1,"t":"stop","kind":"Wrong Key"}',
    '{"v":1,"t":"stop","kind":"' + "a" * 33 + '"}', '{"v":1,"t":"stop","kind":"x","detail":5}',
    '{"v":1,"t":"stop","kind":"x","detail":"' + "d" * 301 + '"}', '{"v":1,"t":"stop","kind":"x","why":"y"}',
    '{"v":2,"t":"stop","kind":"x"}',
])
def test_a_malformed_stop_is_refused_either_way(text: str) -> None:
    for parse in (messages.parse_guest, messages.parse_host):
        with pytest.raises(messages.ProtocolError):
            parse(text)
    assert messages.parse_host(messages.stop("wrong_key", "d" * 400))["detail"] == "d" * 300


def test_a_stop_at_a_table_not_dealt_by_mental_poker_is_refused_and_changes_nothing() -> None:
    host = Host("lost-cities", 2, seed=3, seats=["local", "remote"], token_factory=tokens())
    hub = Hub(host)
    hub.join("bob", 1)
    out = host.receive("bob", messages.stop("refused"))
    assert json.loads(out[0][1])["code"] == "type" and host.to_move()
    assert json.loads(host.receive("x", messages.stop("refused"))[0][1])["code"] == "not-seated"


# --- 7. choosing among subsets of the guests -------------------------------------------------------
class HoldingHub(Hub):
    """A host page that keeps back the "share" texts of the peers in `hold` (it reads them, and decides)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host, check_every=10**6, verify_every=10**6)  # views are checked in test_net: be quick
        self.hold: set[str] = set()
        self.held: list[tuple[str, str]] = []
        self.deliver = real = host.receive

        def receive(peer, text, now=None):
            if peer in self.hold and json.loads(text).get("t") == "share":
                self.held.append((peer, text))
                return []
            return real(peer, text, now)

        host.receive = receive


def _three_seats() -> tuple[Host, HoldingHub]:
    host = Host("lost-cities-board", 3, seed=7, seats=["local", "remote", "remote"], token_factory=tokens(),
                joint=True)
    return host, HoldingHub(host)


def test_no_guest_share_reaches_the_host_before_every_seat_has_committed() -> None:
    host, hub = _three_seats()
    heard: list[str] = []
    real = host.receive
    host.receive = lambda peer, text, now=None: (heard.append(text), real(peer, text, now))[1]
    ann = join(hub, "ann", 1)
    # the host would now like to compute the seed from Ann's share and give seat 3 to a bot if it suits it
    assert not any(ann.share in text for text in heard) and host.state.record.shares == [None, None, None]
    assert host.dealing and host.commits[1] is not None and not host.shown
    hub.route(host.set_seat_kind(2, "bot"))  # it may still: the list is fixed only now, and Ann's share follows
    assert host.shown and host.commits == [None, host.commits[1], None]
    assert not host.dealing and host.state.record.shares == [None, ann.share, None]


def _left_out_after_the_reveal() -> dict:
    """Ann and Bob commit; the host shows the list; it reads Bob's share without taking it, then gives Bob's seat
    to a bot (a seed without Bob's share suits it better) and deals. Returns Ann's check of the host's record
    (the checks before the replay are all that matter here: the game is not played out)."""
    host, hub = _three_seats()
    hub.hold.add("bob")
    ann = join(hub, "ann", 1)
    bob = hub.connect("bob")
    hub.send("bob", bob.join(host.invites()[2], "bob"))
    assert host.shown and ann.commits == bob.commits and hub.held and host.dealing
    hub.route(host.set_seat_kind(2, "bot"))
    assert not host.dealing and host.state.record.shares == [None, ann.share, None]
    return ann.verify(_copy(host.state.record.to_json()))


def test_a_seat_left_out_after_the_commitments_were_shown_voids_the_deal() -> None:
    verdict = _left_out_after_the_reveal()
    assert verdict["key"] == "deal-void" and not verdict["ok"]
    assert verdict["text"].startswith("warning: the deal is void")


def test_mutation_without_the_commitments_check_the_host_picks_its_subset(monkeypatch) -> None:
    monkeypatch.setattr(Guest, "_made_by_committed", lambda self, shares: True)
    assert _left_out_after_the_reveal()["key"] == "not-over"  # the deal passes; only the unplayed game is left


def test_a_share_is_taken_only_after_the_list_and_only_if_it_matches_its_commitment() -> None:
    host, hub = _three_seats()
    hub.hold.add("ann")
    ann = join(hub, "ann", 1)
    def code(text: str) -> str:
        return json.loads(hub.deliver("ann", text)[0][1])["code"]

    assert code(messages.share(ann.share)) == "malformed"  # no list shown yet
    hub.route(host.set_seat_kind(2, "bot"))
    assert host.shown and hub.held
    assert code(messages.share("5" * 64)) == "malformed"  # not the committed share
    assert host.dealing and host.state.record.shares == [None, None, None]
    assert hub.deliver("ann", messages.share(ann.share)) and not host.dealing


def test_a_list_without_the_guests_commitment_gets_no_share_and_a_warning() -> None:
    host, hub = _three_seats()
    hub.hold.add("ann")
    ann = join(hub, "ann", 1)
    ev = ann.receive(messages.commits([None, "6" * 64, None]))
    assert ev.reply is None and ann.commits is None and ann.verdict["key"] == "deal-void"
    assert Guest.restore(_copy(ann.save())).verdict["key"] == "deal-void"


def test_a_guest_reloaded_between_commit_and_reveal_reveals_the_share_it_committed_to() -> None:
    host, hub = _three_seats()
    ann = join(hub, "ann", 1)
    share = ann.share
    hub.drop("ann")
    again = hub.connect("ann", Guest.restore(_copy(ann.save())))
    hub.send("ann", again.rejoin())
    bob = join(hub, "bob", 2)
    assert not host.dealing and host.state.record.shares == [None, share, bob.share]
    assert again.commits == bob.commits == host.commits


def test_a_host_save_of_the_previous_version_while_dealing_still_resumes() -> None:
    host, hub = joint_table()
    saved = _copy(host.save())
    for key in ("commits", "shown"):
        saved.pop(key)
    again = Host.resume(saved, token_factory=tokens("re"))
    assert again.dealing and not again.shown and again.commits == [None, None]
    bea = join(Hub(again), "bea", 1)
    assert not again.dealing and again.state.record.shares == [None, bea.share]
