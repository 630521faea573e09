"""Lost Cities dealt by mental poker (py_engine/games/lost_cities/fair.py): two seats play a whole game
exchanging only protocol messages; neither ever holds a card it may not know; each cheat is named.

The deals use the 64-bit TEST_GROUP so the games are fast (in Pyodide too); tests/test_mental_poker.py deals
in RFC 3526 group 14 and tests/bench_fair.py measures it.
"""

from __future__ import annotations

import json

import pytest

from py_engine.core import IllegalAction, Rng
from py_engine.core import mental_poker as mp
from py_engine.games.lost_cities.fair import SLOT, FairSeat, replay
from py_engine.games.lost_cities.heuristic import known_cards

SECRETS = (b"\x11" * 32, b"\x22" * 32)


def check_knowledge(seat: FairSeat) -> None:
    """The seat's state holds no card it may not know: the other hand and the deck are slots, except the
    cards the other seat took from a discard pile (public); its deal knows only its own and revealed cards."""
    s, other = seat.state, seat.other
    assert all(c >= SLOT for c in s.deck)
    if not s.is_over():  # (known_cards reads the moves since the last round ended)
        assert sorted(c for c in s.hands[other] if c < SLOT) == known_cards(s, seat.me)
    public = {c for side in s.rows for r in side for c in r} | {c for p in s.piles for c in p}
    mine = {c for c in s.hands[seat.me] if c < SLOT}
    deal = seat.deal
    for j, card in deal.cards.items():
        assert card in mine or card in public or j in deal.revealed
    assert not set(deal.cards.values()) - mine - public - {deal.cards[j] for j in deal.revealed}


def check_message(msg: dict, receiver: FairSeat) -> None:
    """A message names a card only when that card goes public: a play or discard (in the action, and in its
    reveal), which the receiver has laid on a row or pile by now; protocol messages carry only group
    elements, keys and positions (a secret only once the game is over)."""
    if msg["t"] == "move":
        kind, arg = msg["action"]
        if kind in ("play", "discard") and receiver.state.record.moves[-1:] == [[1 - receiver.me, [kind, arg]]]:
            s = receiver.state
            public = {c for side in s.rows for r in side for c in r} | {c for p in s.piles for c in p}
            assert arg in public  # (a play or discard never ends a round: a draw does)
        assert msg["reveal"] is None or msg["reveal"]["card"] == arg
        return
    assert "card" not in msg and (msg["k"] != "secret" or receiver.state.is_over() or receiver._drawing is not None)


def play(options: dict, seed: int = 3, tamper=None, stop=None, eager: bool = False, lazy: int | None = None,
         rng: Rng | None = None, seats: list[FairSeat] | None = None) -> tuple[list[FairSeat], list[tuple[int, dict]]]:
    """Two seats play random legal moves to the end (or until nothing moves); every message crosses as JSON,
    through `tamper(sender, msg) -> msg or None` (None: the message is lost). Returns the seats and the log.
    `eager`: a seat moves as soon as it can, each seat doing one piece of protocol work per move (the rest of
    the deck is rekeyed during play), and seat `lazy` works only when no seat can move; else all pending work
    is done before each move. `rng` and `seats` continue a game that was stopped."""
    seats = seats or [FairSeat(i, SECRETS[i], options, mp.TEST_GROUP) for i in range(2)]
    rng, log = rng or Rng(seed), []
    queue = [(s.me, m) for s in seats for m in s.poll()]
    while True:
        while queue:
            sender, msg = queue.pop(0)
            text = json.dumps(msg)
            assert len(text) <= 16 * 1024  # a guest message fits the link's bound
            wire = json.loads(text)
            if tamper:
                wire = tamper(sender, wire)
                if wire is None:
                    continue
            log.append((sender, wire))
            queue += [(1 - sender, m) for m in seats[1 - sender].receive(wire)]
            for s in seats:
                if s.verdict is None:
                    check_knowledge(s)
            if not tamper:
                check_message(wire, seats[1 - sender])
        movers = [s for s in seats if s.ready()]
        for s in seats:
            if s.me != lazy or not movers:
                queue += [(s.me, m) for m in s.poll()]
        movers = [s for s in seats if s.ready()]
        if queue and not (eager and movers):
            continue
        if not movers or (stop and stop(seats)):
            if queue:
                continue
            return seats, log
        s = movers[0]
        queue += [(s.me, m) for m in s.act(rng.choice(s.state.legal_actions(s.me)))]


def test_a_whole_game_with_hidden_hands_replays_from_the_audited_deals() -> None:
    seats, log = play({"rounds": 2})
    a, b = seats
    assert a.verdict is None and b.verdict is None and a.audited and b.audited
    assert a.state.is_over() and a.state.scores() == b.state.scores() == [-23, -71]
    assert a.state.record.moves == b.state.record.moves and len(a.state.record.moves) == 550
    # the audited deals replay the same game with every card known
    full = replay(a.state.record.moves, [d.audit() for d in a.deals], {"rounds": 2})
    assert all(c < SLOT for h in full.hands for c in h) and full.is_over()
    orders = [d.audit() for d in a.deals]
    with pytest.raises(IllegalAction):  # other deals do not fit the moves
        replay(a.state.record.moves, [o[1:] + o[:1] for o in orders], {"rounds": 2})
    assert full.scores() == [-23, -71] and full.rows == a.state.rows and full.history == a.state.history
    # the messages: no card code, and card ids only in moves (public plays) and reveals of them
    for _, msg in log:
        if msg["t"] == "mp":
            assert set(msg) <= {"t", "k", "deal", "seat", "at", "x", "to", "pos", "secret"}
    hexes = [mp.TEST_GROUP.hex(c) for c in mp.card_codes(mp.TEST_GROUP, 60)]
    text = json.dumps([m for _, m in log]) + json.dumps([s.state.to_json() for s in seats])
    assert not any(h in text for h in hexes)


def test_a_deck_draw_opens_only_for_the_drawer() -> None:
    seats, _ = play({"rounds": 1}, stop=lambda seats: len(seats[0].state.record.moves) >= 2)
    a, b = seats
    assert a.state.record.moves == b.state.record.moves == [[0, ["play", 51]], [0, ["draw", "deck"]]]
    assert len(a.state.hands[0]) == 8 and all(c < SLOT for c in a.state.hands[0])  # seat 0 knows its hand
    assert all(c >= SLOT for c in a.state.hands[1])  # and none of seat 1's
    drawn = SLOT + 59  # the deck's top, position 59, went to seat 0: seat 1 sees only its slot
    assert drawn in b.state.hands[0] and sum(c >= SLOT for c in b.state.hands[0]) == 8
    assert a.deal.cards[59] in a.state.hands[0] and 59 not in b.deal.cards


def test_progress_of_a_deal_until_play_can_start() -> None:
    seats = [FairSeat(i, SECRETS[i], {"rounds": 1}, mp.TEST_GROUP) for i in range(2)]
    assert seats[0].progress() == 0.0
    first = seats[0].poll()  # seat 0's lock: 60 of 2 * (60 + 16) elements
    assert seats[0].progress() == 60 / 152
    for m in first:
        seats[1].receive(m)
    seats[1].poll()
    assert seats[1].progress() == 120 / 152
    seats, _ = play({"rounds": 1}, stop=lambda seats: True)  # stopped before the first move
    assert seats[0].progress() == seats[1].progress() == 1.0


def test_play_starts_before_the_deck_is_rekeyed() -> None:
    """Each seat rekeys one chunk per move: the first moves come while most of the deck is still being rekeyed
    (a draw's key goes out once its position is rekeyed), and the game ends as the eager one did."""
    first = []

    def watch(seats):
        if not first:
            first.append(sum(len(r) for r in seats[0].deal.rekeys))
        return False

    seats, _ = play({"rounds": 1}, stop=watch, eager=True)
    assert first[0] < 2 * 60  # the first move came before the rekey was complete
    a, b = seats
    assert a.audited and b.audited and a.verdict is None and b.verdict is None
    calm, _ = play({"rounds": 1})
    assert a.state.record.moves == calm[0].state.record.moves and a.state.scores() == calm[0].state.scores()
    # seat 1 rekeys only when the game waits for it: seat 0's draws wait for their position's rekey
    owed = []

    def watch_owed(seats):
        owed.append(len(seats[1]._owed))
        return False

    slow, _ = play({"rounds": 1}, stop=watch_owed, eager=True, lazy=1)
    assert max(owed) >= 1 and slow[0].audited and slow[1].audited
    assert slow[0].state.record.moves == calm[0].state.record.moves


def test_a_wrong_key_for_a_draw_is_named() -> None:
    def wrong(sender, msg):
        if sender == 1 and msg["t"] == "mp" and msg["k"] == "keys" and len(msg["pos"]) == 1 and not wrong.done:
            wrong.done = True
            msg["x"] = [mp.TEST_GROUP.hex(424242)]
        return msg
    wrong.done = False
    seats, _ = play({"rounds": 1}, tamper=wrong)
    assert seats[0].verdict["kind"] == mp.WRONG_KEY and seats[0].verdict["seat"] == 1
    assert not seats[0].audited


def test_a_card_shown_as_another_is_named() -> None:
    def lie(sender, msg):
        if sender == 0 and msg["t"] == "move" and msg["reveal"] and not lie.done:
            lie.done = True
            fake = (msg["action"][1] + 1) % 60
            msg["action"][1] = msg["reveal"]["card"] = fake
        return msg
    lie.done = False
    seats, _ = play({"rounds": 1}, tamper=lie)
    assert seats[1].verdict["kind"] == mp.WRONG_KEY and seats[1].verdict["seat"] == 0


def test_a_card_never_dealt_is_named() -> None:
    def invent(sender, msg):
        if sender == 0 and msg["t"] == "move" and msg["reveal"] and not invent.done:
            invent.done = True
            msg["reveal"] = None  # plays the card as if it were known to be in its hand
        return msg
    invent.done = False
    seats, _ = play({"rounds": 1}, tamper=invent)
    assert seats[1].verdict["kind"] == mp.NOT_DEALT and seats[1].verdict["seat"] == 0
    assert "never dealt" in seats[1].verdict["detail"]


def test_a_slot_id_played_as_a_card_is_malformed() -> None:
    def slot(sender, msg):
        if sender == 0 and msg["t"] == "move" and msg["reveal"] and not slot.done:
            slot.done = True
            msg["action"][1], msg["reveal"] = SLOT + msg["reveal"]["pos"], None  # "the card at my slot"
        return msg
    slot.done = False
    seats, _ = play({"rounds": 1}, tamper=slot)
    assert seats[1].verdict["kind"] == mp.MALFORMED and seats[1].verdict["seat"] == 0


def test_a_refused_key_is_a_verdict_for_the_link() -> None:
    def drop(sender, msg):
        if sender == 1 and msg["t"] == "mp" and msg["k"] == "keys" and len(msg["pos"]) == 1:
            return None
        return msg
    seats, _ = play({"rounds": 1}, tamper=drop)
    a = seats[0]
    assert a.verdict is None and len(a.waiting()) == 1
    seat, what = a.waiting()[0]
    assert seat == 1 and what.startswith("key ")
    assert a.refused(seat, what) == {"kind": mp.REFUSED, "seat": 1, "detail": f"did not send its {what}"}
    assert a.poll() == [] and a.record()["verdict"]["kind"] == mp.REFUSED


def test_a_secret_that_did_not_deal_is_caught_by_the_audit() -> None:
    def other_secret(sender, msg):
        if sender == 1 and msg["t"] == "mp" and msg["k"] == "secret":
            msg["secret"] = "99" * 32
        return msg
    seats, _ = play({"rounds": 1}, tamper=other_secret)
    assert seats[0].verdict == {"kind": mp.BAD_STEP, "seat": 1, "detail": "its lock is not the one its secret gives"}
    assert not seats[0].audited and seats[1].audited


def test_a_tampered_shuffle_is_named() -> None:
    def double(sender, msg):
        if sender == 1 and msg["t"] == "mp" and msg["k"] == "lock" and msg["at"] == 0:
            msg["x"][1] = msg["x"][0]  # one card dropped, another doubled
        return msg
    seats, _ = play({"rounds": 1}, tamper=double)
    verdict = seats[0].verdict
    assert verdict is not None and verdict["seat"] == 1 and verdict["kind"] in (mp.WRONG_KEY, mp.BAD_STEP)


def test_out_of_turn_and_foreign_messages_are_malformed() -> None:
    a = FairSeat(0, SECRETS[0], {"rounds": 1}, mp.TEST_GROUP)
    a.receive({"t": "move", "seat": 1, "n": 5, "action": ["draw", "deck"], "reveal": None})
    assert a.verdict["kind"] == mp.MALFORMED and a.verdict["seat"] == 1
    a = FairSeat(0, SECRETS[0], {"rounds": 1}, mp.TEST_GROUP)
    a.receive({"t": "chat"})
    assert a.verdict["kind"] == mp.MALFORMED
    with pytest.raises(IllegalAction):
        a.act(("draw", "deck"))


def test_a_move_the_rules_refuse_is_named() -> None:
    def empty_pile(sender, msg):
        if sender == 0 and msg["t"] == "move" and msg["action"] == ["draw", "deck"] and not empty_pile.done:
            empty_pile.done = True
            msg["action"] = ["draw", "yellow"]  # the yellow discard pile is empty
        return msg
    empty_pile.done = False
    seats, _ = play({"rounds": 1}, tamper=empty_pile)
    assert seats[1].verdict["kind"] == "illegal" and seats[1].verdict["seat"] == 0


def test_a_seat_saved_mid_game_resumes_and_finishes_the_same_game() -> None:
    rng = Rng(3)
    half, _ = play({"rounds": 1}, rng=rng, stop=lambda seats: len(seats[0].state.record.moves) >= 40)
    saved = json.loads(json.dumps(half[0].to_json()))
    back = FairSeat.from_json(saved)
    assert back.state.to_json() == half[0].state.to_json() and back.deal.cards == half[0].deal.cards
    assert back.deal.rekeys == half[0].deal.rekeys and back._slots == half[0]._slots
    with pytest.raises(ValueError):
        FairSeat.from_json(dict(saved, format="other"))
    # the replay took every exponentiation from the save: none made again (a reload in the browser is quick)
    assert half[0].powers.made > 60 and back.powers.made == 0
    # a save without them makes them again, to the same seat; broken ones are refused
    again = FairSeat.from_json({k: v for k, v in saved.items() if k != "powers"})
    assert again.powers.made == half[0].powers.made and again.deal.rekeys == half[0].deal.rekeys
    for bad in ("!!", saved["powers"][:-4], 5, "A" * 40):
        with pytest.raises(ValueError, match="powers"):
            FairSeat.from_json(dict(saved, powers=bad))
    # the resumed seat plays on against the other seat as the first one would have
    assert len(back.state.record.moves) == 40
    end, _ = play({"rounds": 1}, rng=rng, seats=[back, half[1]])
    whole, _ = play({"rounds": 1})
    assert end[0].audited and end[1].audited and end[0].verdict is None
    assert end[0].state.record.moves == whole[0].state.record.moves


def test_a_secret_kept_back_at_the_end_is_a_refusal() -> None:
    seats, _ = play({"rounds": 1}, tamper=lambda sender, msg: None if msg.get("k") == "secret" and sender == 1
                    else msg)
    a = seats[0]
    assert a.state.is_over() and not a.audited and a.waiting() == [(1, "secret")]
    assert a.refused(1, "secret")["kind"] == mp.REFUSED and a.waiting() == []
