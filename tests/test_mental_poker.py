"""Mental poker (py_engine/core/mental_poker.py): a deal no seat can read alone, and every cheat named.

Most tests use the 64-bit TEST_GROUP (fast, also in Pyodide); one deals in RFC 3526 group 14.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine.core import mental_poker as mp
from py_engine.core.mental_poker import GROUP14, TEST_GROUP, Cheat, SeatDeal

A, B = b"\x01" * 32, b"\x02" * 32


def deliver(seats: list[SeatDeal], messages: list[tuple[int, dict]], tamper=None) -> None:
    """Every message to every other seat (in order), polling for new work, until nothing moves."""
    while True:
        for sender, msg in messages:
            wire = json.loads(json.dumps(msg))  # what a link carries
            if tamper:
                wire = tamper(sender, wire)
            assert len(json.dumps(msg)) < 16 * 1024
            for s in seats:
                if s.me != sender:
                    s.receive(wire, sender)
        messages = [(s.me, m) for s in seats for m in s.poll()]
        if not messages:
            return


def dealt(n: int = 6, group=TEST_GROUP, secrets=(A, B)) -> list[SeatDeal]:
    seats = [SeatDeal(group, len(secrets), i, n, 1, sec) for i, sec in enumerate(secrets)]
    deliver(seats, [])
    assert all(s.deck is not None and s.deck == seats[0].deck for s in seats)
    return seats


def open_to(seats: list[SeatDeal], to: int, positions: list[int]) -> None:
    seats[to].expect(to, positions)  # the drawer takes keys only for positions it expects
    deliver(seats, [(s.me, s.give(to, positions)) for s in seats if s.me != to])


def test_a_small_deal_with_exact_cards() -> None:
    a, b = dealt()
    pa, pb = (mp.SeatKeys.derive(TEST_GROUP, s, 6).perm for s in (A, B))
    assert (pa, pb) == ((2, 4, 1, 5, 3, 0), (3, 0, 4, 2, 5, 1))
    # seat 1 shuffled seat 0's shuffled codes: position j holds card pa[pb[j]]
    assert [pa[pb[j]] for j in range(6)] == [5, 2, 3, 1, 0, 4]
    open_to([a, b], 0, [0, 1, 2])
    open_to([a, b], 1, [3, 4, 5])
    assert [a.card(j) for j in range(6)] == [5, 2, 3, None, None, None]
    assert [b.card(j) for j in range(6)] == [None, None, None, 1, 0, 4]
    assert b.receive(json.loads(json.dumps(a.reveal(1))), 0) == 2  # seat 0 shows position 1: card 2
    assert b.card(1) == 2 and b.card(0) is None
    a.receive(b.secret_message(), 1)
    b.receive(a.secret_message(), 0)
    assert a.audit() == b.audit(trust_me=False) == [5, 2, 3, 1, 0, 4]


def test_group14_deal_opens_and_audits() -> None:
    a, b = dealt(4, GROUP14)
    assert all(len(x) == 512 for m in a._chunks("lock", a.locks[0]) for x in m["x"])
    open_to([a, b], 1, [2])
    card = b.card(2)
    assert card is not None and a.card(2) is None
    assert a.receive(b.reveal(2), 1) == card
    a.receive(b.secret_message(), 1)
    assert a.audit()[2] == card


def test_codes_are_distinct_residues() -> None:
    for group in (TEST_GROUP, GROUP14):
        codes = mp.card_codes(group, 72)
        assert len(set(codes)) == 72
        assert all(pow(c, group.q, group.p) == 1 for c in codes)  # Euler's criterion: quadratic residues


def test_wrong_key_for_a_draw_is_named() -> None:
    a, b = dealt()
    a.expect(0, [2])
    msg = b.give(0, [2])
    msg["x"][0] = TEST_GROUP.hex(12345)
    a.receive(msg, 1)
    with pytest.raises(Cheat) as caught:
        a.card(2)
    assert (caught.value.kind, caught.value.seat) == (mp.WRONG_KEY, 1)
    assert a.verdict == caught.value.verdict()
    with pytest.raises(ValueError):
        a.receive(b.give(0, [3]), 1)  # a stopped deal refuses everything


def test_reveal_with_a_wrong_key_or_another_card_is_named() -> None:
    a, b = dealt()
    open_to([a, b], 0, [0, 1])
    real = a.card(0)
    msg = a.reveal(0)
    lie = dict(msg, card=(real + 1) % 6)  # the right keys, another card
    with pytest.raises(Cheat) as caught:
        b.receive(lie, 0)
    assert (caught.value.kind, caught.value.seat) == (mp.WRONG_KEY, 0)
    a2, b2 = dealt()
    open_to([a2, b2], 0, [0])
    msg = a2.reveal(0)
    msg["x"][0] = TEST_GROUP.hex(777)  # its own key forged
    with pytest.raises(Cheat) as caught:
        b2.receive(msg, 0)
    assert caught.value.kind == mp.WRONG_KEY and "do not open" in caught.value.detail


def test_a_card_not_dealt_to_that_seat_is_named() -> None:
    a, b = dealt()
    open_to([a, b], 1, [4])
    card = b.card(4)
    # seat 0 shows seat 1's position 4 (say it learnt the keys): not dealt to it
    forged = {"t": "mp", "k": "reveal", "deal": 1, "seat": 0, "pos": 4, "card": card,
              "x": [TEST_GROUP.hex(b.received[4][0]), TEST_GROUP.hex(b._keys.unlock(TEST_GROUP, 4))]}
    with pytest.raises(Cheat) as caught:
        b.receive(forged, 0)
    assert (caught.value.kind, caught.value.seat) == (mp.NOT_DEALT, 0)
    a2, b2 = dealt()
    open_to([a2, b2], 0, [0])
    shown = a2.reveal(0)
    b2.receive(shown, 0)
    with pytest.raises(Cheat) as caught:  # the same card shown twice
        b2.receive(shown, 0)
    assert (caught.value.kind, caught.value.seat) == (mp.NOT_DEALT, 0)


def test_refusal_is_a_verdict_for_the_link() -> None:
    a, b = dealt()
    a.expect(0, [5])  # seat 0 drew position 5: it waits for seat 1's key
    assert a.waiting() == [(1, "key 5")]
    cheat = a.refused(1, "key 5")
    assert cheat.verdict() == {"kind": mp.REFUSED, "seat": 1, "detail": "did not send its key 5"}
    assert a.verdict == cheat.verdict() and a.poll() == [] and a.waiting() == []
    fresh = [SeatDeal(TEST_GROUP, 2, i, 6, 1, s) for i, s in enumerate((A, B))]
    assert fresh[1].waiting() == [(0, "lock")]
    with pytest.raises(Cheat) as caught:
        dealt()[1].audit()  # seat 0 never showed its secret
    assert (caught.value.kind, caught.value.seat) == (mp.REFUSED, 0)


def test_a_tampered_lock_or_secret_is_caught_by_the_audit() -> None:
    def double_one(sender: int, msg: dict) -> dict:
        if sender == 1 and msg["k"] == "lock" and msg["at"] == 0:
            msg["x"][1] = msg["x"][0]  # one card dropped, another doubled
        return msg

    seats = [SeatDeal(TEST_GROUP, 2, i, 6, 1, s) for i, s in enumerate((A, B))]
    deliver(seats, [], double_one)
    a, b = seats
    a.receive(b.secret_message(), 1)
    with pytest.raises(Cheat) as caught:
        a.audit()
    assert (caught.value.kind, caught.value.seat) == (mp.BAD_STEP, 1)
    a, b = dealt()
    a.receive(dict(b.secret_message(), secret="03" * 32), 1)  # another secret than the one it dealt with
    with pytest.raises(Cheat) as caught:
        a.audit()
    assert (caught.value.kind, caught.value.seat) == (mp.BAD_STEP, 1)


def test_messages_out_of_turn_or_in_another_name_are_malformed() -> None:
    a = SeatDeal(TEST_GROUP, 2, 0, 6, 1, A)
    b = SeatDeal(TEST_GROUP, 2, 1, 6, 1, B)
    lock0 = a.poll()
    with pytest.raises(Cheat) as caught:
        b.receive(dict(lock0[0], at=3), 0)
    assert (caught.value.kind, caught.value.seat) == (mp.MALFORMED, 0)
    b = SeatDeal(TEST_GROUP, 2, 1, 6, 1, B)
    with pytest.raises(Cheat):
        b.receive(lock0[0], 1)  # seat 0's message claimed by seat 1's link
    b = SeatDeal(TEST_GROUP, 2, 1, 6, 1, B)
    with pytest.raises(Cheat):
        b.receive(dict(lock0[0], x=["zz"] * 6), 0)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 12), sa=st.binary(min_size=16, max_size=32), sb=st.binary(min_size=16, max_size=32),
       split=st.integers(0, 12))
def test_any_deal_opens_to_its_audit_and_a_seat_knows_only_its_cards(n, sa, sb, split) -> None:
    if sa == sb:
        sb = bytes([sb[0] ^ 1]) + sb[1:]
    a, b = dealt(n, TEST_GROUP, (sa, sb))
    split = min(split, n)
    mine, theirs = list(range(split)), list(range(split, n))
    if mine:
        open_to([a, b], 0, mine)
    if theirs:
        open_to([a, b], 1, theirs)
    got_a = {j: a.card(j) for j in mine}
    got_b = {j: b.card(j) for j in theirs}
    a.receive(b.secret_message(), 1)
    order = a.audit()
    assert sorted(order) == list(range(n))
    assert got_a == {j: order[j] for j in mine} and got_b == {j: order[j] for j in theirs}
    for seat, known in ((a, mine), (b, theirs)):  # no other card's plaintext in a seat's knowledge
        assert all(seat.card(j) is None for j in range(n) if j not in known)
        held = set(seat.locks[0] + seat.locks[1] + seat.rekeys[0] + seat.rekeys[1])
        held |= {k for have in seat.received.values() for k in have.values()}
        assert not held & set(seat.codes)  # no plaintext code anywhere in what it stored or was sent
        assert set(seat.cards) == set(known)


@settings(max_examples=30, deadline=None)
@given(perm=st.permutations(range(5)), e=st.integers(1, TEST_GROUP.q - 1), ks=st.lists(
    st.integers(1, TEST_GROUP.q - 1), min_size=5, max_size=5))
def test_lock_then_rekey_then_open_round_trips(perm, e, ks) -> None:
    g = TEST_GROUP
    keys = mp.SeatKeys(e, tuple(perm), tuple(ks))
    codes = mp.card_codes(g, 5)
    deck = mp.rekey(g, mp.lock(g, codes, keys.perm, keys.lock), keys, list(range(5)))
    assert [mp.open_value(g, x, [keys.unlock(g, j)]) for j, x in enumerate(deck)] == [codes[i] for i in perm]


def test_three_seats_deal_open_reveal_and_audit() -> None:
    """The same protocol for more seats (the board game deals to 2–4): a card opens with every other seat's
    key, a reveal carries every seat's key, and the audit composes the three shuffles."""
    seats = dealt(9, TEST_GROUP, (A, B, b"\x03" * 32))
    for to, positions in ((0, [0, 1, 2]), (1, [3, 4, 5]), (2, [6, 7, 8])):
        for s in seats:
            s.expect(to, positions)
        open_to(seats, to, positions)
    cards = {j: seats[j // 3].card(j) for j in range(9)}
    assert sorted(cards.values()) == list(range(9))
    assert seats[0].card(4) is None and seats[1].card(0) is None
    shown = seats[2].reveal(7)
    assert seats[0].receive(shown, 2) == seats[1].receive(shown, 2) == cards[7]
    for s in seats:
        for t in seats:
            if t is not s:
                t.receive(s.secret_message(), s.me)
    perms = [mp.SeatKeys.derive(TEST_GROUP, sec, 9).perm for sec in (A, B, b"\x03" * 32)]
    assert seats[0].audit() == [perms[0][perms[1][perms[2][j]]] for j in range(9)] == [cards[j] for j in range(9)]
