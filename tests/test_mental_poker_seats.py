"""Mental poker among 3 and 4 seats (py_engine/core/mental_poker.py `SeatDeal`, issue 37 hole 9): the lock
chain, the rekey chain in chunks and in a game's order, every seat opening exactly its hand, and the checks
that name a cheat (a wrong key found by the audit, a marked lock, a key nobody asked for) with more than two
seats. TEST_GROUP (64 bits) keeps them fast."""

from __future__ import annotations

import json

import pytest

from py_engine.core import mental_poker as mp
from py_engine.core.mental_poker import TEST_GROUP, Cheat, SeatDeal

SECRETS = [bytes([i + 1]) * 32 for i in range(4)]


def deliver(seats: list[SeatDeal], messages: list[tuple[int, dict]], tamper=None) -> None:
    """Every message to every other seat (in order, through JSON), polling for new work, until nothing moves."""
    while True:
        for sender, msg in messages:
            wire = json.loads(json.dumps(msg))
            if tamper:
                wire = tamper(sender, wire)
            for s in seats:
                if s.me != sender:
                    s.receive(wire, sender)
        messages = [(s.me, m) for s in seats for m in s.poll()]
        if not messages:
            return


def table(nseats: int, n: int, order: list[int] | None = None, tamper=None) -> list[SeatDeal]:
    seats = [SeatDeal(TEST_GROUP, nseats, i, n, 1, SECRETS[i], order) for i in range(nseats)]
    deliver(seats, [], tamper)
    return seats


def hands(nseats: int, size: int) -> list[list[int]]:
    return [list(range(t * size, (t + 1) * size)) for t in range(nseats)]


def open_hands(seats: list[SeatDeal], size: int) -> None:
    for to, positions in enumerate(hands(len(seats), size)):
        for s in seats:
            s.expect(to, positions)
    for to, positions in enumerate(hands(len(seats), size)):
        deliver(seats, [(s.me, s.give(to, positions)) for s in seats if s.me != to])


@pytest.mark.parametrize("nseats", [3, 4])
def test_every_seat_opens_exactly_its_hand_and_the_audit_composes_every_shuffle(nseats: int) -> None:
    n, size = 40, 5
    order = list(range(nseats * size)) + list(range(n - 1, nseats * size - 1, -1))  # hands, then the deck top
    seats = table(nseats, n, order)
    assert all(s.deck is not None and s.deck == seats[0].deck for s in seats)
    open_hands(seats, size)
    for s in seats:
        mine = hands(nseats, size)[s.me]
        assert [j for j in range(n) if s.card(j) is not None] == mine  # its hand, nothing else
    dealt = {j: seats[j // size].card(j) for j in range(nseats * size)}
    assert len(set(dealt.values())) == nseats * size
    for s in seats:
        for t in seats:
            if t is not s:
                t.receive(json.loads(json.dumps(s.secret_message())), s.me)
    perms = [mp.SeatKeys.derive(TEST_GROUP, SECRETS[i], n).perm for i in range(nseats)]
    expected = list(range(n))
    for perm in perms:
        expected = [expected[i] for i in perm]
    for s in seats:
        assert s.audit(trust_me=False) == expected
    assert [expected[j] for j in range(nseats * size)] == [dealt[j] for j in range(nseats * size)]


def test_four_seats_rekey_in_chunks_so_the_hands_open_before_the_deck_is_rekeyed() -> None:
    """Each seat rekeys a chunk (REKEY_CHUNK positions) per poll, as soon as the seat before it has: the hands (the
    first 32 positions of the order) are ready for every seat while the deck is not yet."""
    n, nseats = 60, 4
    seats = [SeatDeal(TEST_GROUP, nseats, i, n, 1, SECRETS[i]) for i in range(nseats)]
    messages: list[tuple[int, dict]] = []
    rounds = 0
    while not all(s.ready(list(range(32))) for s in seats):
        for sender, msg in messages:
            for s in seats:
                if s.me != sender:
                    s.receive(json.loads(json.dumps(msg)), sender)
        messages = [(s.me, m) for s in seats for m in s.poll()]
        rounds += 1
        assert all(len(m["x"]) <= mp.CHUNK for _, m in messages)
    assert all(s.deck is None for s in seats)
    done = [len(r) for r in seats[0].rekeys]
    # one chunk per seat per round (as seat 0 has them): seat 3 has its hands' eight chunks while the seats
    # before it are still rekeying
    assert mp.REKEY_CHUNK == 4 and done == [48, 40, 36, 32] and rounds == 16


def _wrong_key_table(nseats: int) -> tuple[list[SeatDeal], int]:
    """Seat 1 hands seat 0 a wrong key for position 0 (another position's key): seat 0 cannot tell which of
    the others lied (verdict seat -1); returns the table and the position."""
    n, size = 3 * nseats, 3
    seats = table(nseats, n)
    for to, positions in enumerate(hands(nseats, size)):
        for s in seats:
            s.expect(to, positions)
    for s in seats[1:]:
        msg = json.loads(json.dumps(s.give(0, [0, 1, 2])))
        if s.me == 1:
            msg["x"][0] = TEST_GROUP.hex(s._keys.unlock(TEST_GROUP, 5))
        for t in seats:
            if t is not s:
                t.receive(msg, s.me)
    return seats, 0


@pytest.mark.parametrize("nseats", [3, 4])
def test_a_wrong_key_among_more_than_two_seats_is_found_by_the_audit(nseats: int) -> None:
    seats, j = _wrong_key_table(nseats)
    with pytest.raises(Cheat) as caught:
        seats[0].card(j)
    assert caught.value.kind == mp.WRONG_KEY and caught.value.seat == -1  # one of the others: not yet known
    for s in seats[1:]:
        seats[0].secrets[s.me] = SECRETS[s.me]  # the secrets published at the end
    seats[0].verdict = None  # the audit runs after the stop, as FairSeat does for the record
    with pytest.raises(Cheat) as found:
        seats[0].audit()
    assert found.value.kind == mp.WRONG_KEY and found.value.seat == 1 and "position 0" in found.value.detail


def test_the_audit_names_nobody_when_every_key_was_right() -> None:
    """The control of the test above: the same table with no key bent opens and audits clean (mutation check:
    the audit's key comparison is what finds seat 1)."""
    seats = table(3, 9)
    open_hands(seats, 3)
    assert seats[0].card(0) is not None
    for s in seats[1:]:
        seats[0].secrets[s.me] = SECRETS[s.me]
    assert len(seats[0].audit()) == 9


def test_a_marked_lock_from_the_middle_seat_of_three_is_not_residue() -> None:
    """Seat 1 multiplies one element of its lock by p-1: seats 0 and 2 refuse it as not_residue, naming seat 1."""
    g = TEST_GROUP

    def mark(sender: int, msg: dict) -> dict:
        if sender == 1 and msg["k"] == "lock" and msg["at"] == 0:
            msg["x"][0] = g.hex(g.p - int(msg["x"][0], 16))
        return msg

    with pytest.raises(Cheat) as caught:
        table(3, 9, tamper=mark)
    assert caught.value.kind == mp.NOT_RESIDUE and caught.value.seat == 1


def test_a_key_nobody_asked_for_is_refused_among_four_seats() -> None:
    """Seat 3 sends seat 0 a key for a position dealt to seat 1 (and one for a position no one drew): seat 0
    refuses it (unasked_key for its own, not_dealt for another's) and keeps nothing."""
    seats = table(4, 12)
    for to, positions in enumerate(hands(4, 3)):
        for s in seats:
            s.expect(to, positions)
    g = TEST_GROUP  # position 9 is seat 3's own: seat 0 never drew it (give() refuses to build it: forged)
    extra = seats[3]._msg("keys", to=0, pos=[9], x=[g.hex(seats[3]._keys.unlock(g, 9))])
    with pytest.raises(Cheat) as caught:
        seats[0].receive(json.loads(json.dumps(extra)), 3)
    assert caught.value.kind == mp.UNASKED_KEY and caught.value.seat == 3 and seats[0].received == {}
    keys = seats[2].give(1, [3])  # seat 2 opens seat 1's position 3: every seat accepts it, owned by seat 1
    seats[3].receive(json.loads(json.dumps(keys)), 2)
    assert seats[3].owner[3] == 1 and seats[3].received == {}
    wrong_owner = seats[2]._msg("keys", to=0, pos=[3], x=[TEST_GROUP.hex(5)])
    with pytest.raises(Cheat) as stolen:
        seats[3].receive(wrong_owner, 2)
    assert stolen.value.kind == mp.NOT_DEALT and stolen.value.seat == 2


def test_a_message_in_another_seats_name_is_malformed_among_three() -> None:
    seats = [SeatDeal(TEST_GROUP, 3, i, 9, 1, SECRETS[i]) for i in range(3)]
    lock = seats[0].poll()[0]
    with pytest.raises(Cheat) as caught:
        seats[2].receive(json.loads(json.dumps(lock)), 1)  # relayed as if from seat 1
    assert caught.value.kind == mp.MALFORMED and caught.value.seat == 1
    seats[1].receive(json.loads(json.dumps(lock)), 0)
    with pytest.raises(Cheat) as early:
        seats[1].receive(json.loads(json.dumps(seats[2]._msg("lock", at=0, x=lock["x"]))), 2)
    assert early.value.kind == mp.MALFORMED and early.value.seat == 2  # seat 2's lock before seat 1's



def test_keys_relayed_through_a_third_seat_do_not_open_the_hand_without_the_owners_key() -> None:
    """Among three seats the host (seat 0) relays seat 2's keys for seat 1's hand: with its own key and the
    relayed one it still lacks seat 1's layer, so the element it can compute is no card code (the owner's
    key never travels until it reveals the card); seat 1 opens all three. This is why keys need no sealing
    when a host relays them (docs/fair-play.md)."""
    g = TEST_GROUP
    seats = table(3, 9)
    for to, positions in enumerate(hands(3, 3)):
        for s in seats:
            s.expect(to, positions)
    relayed = json.loads(json.dumps(seats[2].give(1, [3, 4, 5])))
    mine = json.loads(json.dumps(seats[0].give(1, [3, 4, 5])))
    codes = set(mp.card_codes(g, 9))
    for i, j in enumerate([3, 4, 5]):
        x = mp.open_value(g, seats[0].element(j), [int(relayed["x"][i], 16), seats[0]._keys.unlock(g, j)])
        assert x not in codes
        assert mp.open_value(g, x, [seats[1]._keys.unlock(g, j)]) in codes  # the owner's layer is what is missing
    seats[1].receive(relayed, 2)
    seats[1].receive(mine, 0)
    assert [seats[1].card(j) is not None for j in (3, 4, 5)] == [True, True, True]


def test_a_streamed_lock_sends_the_same_deal_a_chunk_at_a_time_and_computes_ahead() -> None:
    """stream_lock: seat 0 sends its lock one chunk per poll; seat 1, whose input is still coming, raises the
    arrived elements to its key ahead (no message) and sends its whole shuffled lock only once its input is
    complete; the deal is the very one the unstreamed protocol gives (same secrets, same locks and deck)."""
    n = 40
    plain = table(4, n)
    seats = [SeatDeal(TEST_GROUP, 4, i, n, 1, SECRETS[i], None, stream_lock=True) for i in range(4)]
    first = seats[0].poll()
    assert len(first) == 1 and first[0]["at"] == 0 and len(first[0]["x"]) == mp.CHUNK
    for s in seats[1:]:
        s.receive(json.loads(json.dumps(first[0])), 0)
    assert seats[1].poll() == [] and sorted(seats[1]._powered) == list(range(mp.CHUNK))  # computed ahead
    assert seats[2].poll() == [] and seats[2]._powered == {}  # seat 1's output has not begun
    deliver(seats, [])
    assert [s.locks for s in seats] == [p.locks for p in plain] and seats[3].deck == plain[3].deck
    assert all(s._powered == {} for s in seats)  # every element computed ahead was used


@pytest.mark.parametrize("nseats", [3, 4])
def test_a_wrong_key_is_named_from_the_secrets_shown_after_the_stop(nseats: int) -> None:
    """`check_seat`: the seat whose shown secret does not give the key it handed over is named; the others are
    cleared; a seat that shows another secret than the one it shuffled with is named by its lock."""
    seats, j = _wrong_key_table(nseats)
    with pytest.raises(Cheat):
        seats[0].card(j)
    for s in seats[1:]:
        seats[0].secrets[s.me] = SECRETS[s.me]
    found = seats[0].check_seat(1)
    assert found is not None and found.kind == mp.WRONG_KEY and found.seat == 1 and "position 0" in found.detail
    assert all(seats[0].check_seat(s) is None for s in range(2, nseats))
    seats[0].secrets[1] = bytes([0x77]) * 32  # a secret whose keys it could have sent instead: its lock betrays it
    found = seats[0].check_seat(1)
    assert found is not None and found.kind == mp.BAD_STEP and found.seat == 1


def test_a_rekey_that_the_shown_secret_does_not_give_is_named() -> None:
    """Seat 1's rekey of position 0 is not the one its secret gives (its element squared), while its lock and the
    key it hands over are: seat 0's card opens to no card, and the secret seat 1 shows names it by that rekey;
    seat 2, which rekeyed what seat 1 sent, is cleared."""

    def tamper(sender: int, wire: dict) -> dict:
        if sender == 1 and wire.get("k") == "rekey" and wire.get("at") == 0:
            x = TEST_GROUP.parse(wire["x"][0])
            wire["x"][0] = TEST_GROUP.hex(x * x % TEST_GROUP.p)
        return wire

    seats = table(3, 9, tamper=tamper)
    for s in seats:
        s.expect(0, [0, 1, 2])
    deliver(seats, [(s.me, s.give(0, [0, 1, 2])) for s in seats[1:]])
    with pytest.raises(Cheat) as caught:
        seats[0].card(0)
    assert caught.value.seat == -1
    for s in seats[1:]:
        seats[0].secrets[s.me] = SECRETS[s.me]
    found = seats[0].check_seat(1)
    assert found is not None and found.kind == mp.BAD_STEP and "rekey of position 0" in found.detail
    assert seats[0].check_seat(2) is None


@pytest.mark.parametrize("nseats", [2, 3, 4])
def test_rekey_lanes_give_the_same_deck_and_the_hand_sooner(nseats: int) -> None:
    """Rekey lanes (`blocks`): each group of one block per seat is rekeyed by every seat at once, each from its own
    block; the layers commute, so the deck, the cards and the audit are those of one lane, and the first hand is
    rekeyed by every seat after fewer rounds of work (a round: every seat polls once, then every message is
    delivered)."""
    n, hand = 40, 8
    blocks = [hand // nseats + (k < hand % nseats) for k in range(nseats)] + [8] * 4
    order = list(range(n))

    def rounds_until_hand(seats: list[SeatDeal]) -> int:
        """The rekeys in a row until the first hand is ready: per round, the most any seat did."""
        path = 0
        for _ in range(200):
            before = [len(s.rekeys[s.me]) for s in seats]
            messages = [(s.me, m) for s in seats for m in s.poll()]
            path += max(len(s.rekeys[s.me]) - b for s, b in zip(seats, before))
            for sender, msg in messages:
                for s in seats:
                    if s.me != sender:
                        s.receive(json.loads(json.dumps(msg)), sender)
            if all(s.ready(order[:hand]) for s in seats):
                return path
        raise AssertionError("never ready")

    one = [SeatDeal(TEST_GROUP, nseats, i, n, 1, SECRETS[i], order) for i in range(nseats)]
    lanes = [SeatDeal(TEST_GROUP, nseats, i, n, 1, SECRETS[i], order, blocks=blocks) for i in range(nseats)]
    slow, fast = rounds_until_hand(one), rounds_until_hand(lanes)
    # one lane pipelines the hand in chunks: seat 0 rekeys all of it, each other seat then its last chunk
    assert slow == hand + mp.REKEY_CHUNK * (nseats - 1) and fast == nseats * -(-hand // nseats)  # 4 seats: 8, not 20
    deliver(one, [])
    deliver(lanes, [])
    assert lanes[0].deck == one[0].deck and all(s.deck == lanes[0].deck for s in lanes)
    assert lanes[1].seq[1] != order  # every seat but seat 0 starts with a block of its own
    open_hands(lanes, 3)
    for s in lanes:
        s.secrets.update({t.me: SECRETS[t.me] for t in lanes})
    orders = [s.audit(trust_me=False) for s in lanes]
    assert all(o == orders[0] for o in orders)
    assert [lanes[0].card(j) for j in range(3)] == orders[0][:3]


def test_a_rekey_out_of_its_lane_is_refused() -> None:
    """With lanes, seat 1's first block is its own: a chunk of another block before the seat before it rekeyed
    it is "a rekey before its turn"."""
    blocks = [2, 2, 2, 3]
    seats = [SeatDeal(TEST_GROUP, 3, i, 9, 1, SECRETS[i], None, blocks=blocks) for i in range(3)]
    while any(len(lk) < 9 for lk in seats[0].locks):  # the locks, and no rekey yet
        for s in seats:
            for m in s.poll():
                for t in seats:
                    if t is not s:
                        t.receive(json.loads(json.dumps(m)), s.me)
    assert all(len(lk) == 9 for lk in seats[0].locks) and not any(seats[0].rekeys)
    bad = {"t": "mp", "k": "rekey", "deal": 1, "seat": 1, "at": 0, "x": [TEST_GROUP.hex(4)] * 3}  # 2 of its own + 1
    with pytest.raises(Cheat) as caught:
        seats[0].receive(bad, 1)
    assert caught.value.kind == mp.MALFORMED and "before its turn" in caught.value.detail
