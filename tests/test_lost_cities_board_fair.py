"""Lost Cities: The Board Game dealt by mental poker among 2–4 seats (py_engine/games/lost_cities_board/fair.py
on py_engine/core/fair_seat.py): every seat plays a whole game exchanging only protocol messages, holds only
its own hand and public cards, opens draws with every other seat's key, never opens the removed cards, deals
each expedition anew and audits at the end. TEST_GROUP (64 bits) keeps it fast."""

from __future__ import annotations

import json

import pytest

from py_engine.core import IllegalAction, Rng
from py_engine.core import mental_poker as mp
from py_engine.games.lost_cities_board.data import COLOURS, NCARDS
from py_engine.games.lost_cities_board.fair import SLOT, BoardFairSeat, replay

SECRETS = [bytes([0x11 * (i + 1)]) * 32 for i in range(4)]


def public_cards(s) -> set[int]:
    return {c for side in s.columns for col in side for c in col} | {c for p in s.piles for c in p}


def check_knowledge(seat: BoardFairSeat) -> None:
    """No card the seat may not know: the deck and removed cards are slots; another hand holds only cards
    taken from a discard pile (public); the deal opened only my hand, my draws and revealed cards."""
    s = seat.state
    assert all(c >= SLOT for c in s.deck) and all(c >= SLOT for c in s.removed)
    mine = {c for c in s.hands[seat.me] if c < SLOT}
    deal = seat.deal
    shown = {deal.cards[j] for j in deal.revealed}
    for j in deal.cards:
        assert j in deal.revealed or deal.owner.get(j) == seat.me
    assert set(deal.cards.values()) <= mine | public_cards(s) | shown | set(seat._slots)
    for t, hand in enumerate(s.hands):
        if t != seat.me:
            assert all((COLOURS[c // 22], (c >> 1) % 11) in pile_draws(s, t) for c in hand if c < SLOT)


def pile_draws(s, t: int) -> set[tuple[str, int]]:
    """(colour, value) of the cards seat t took from a discard pile (face up, in the public log)."""
    return {(e[2], e[3]) for e in s.log if e[0] == t and e[1] == "draw" and e[2] != "deck"}


def play(players: int, options: dict, seed: int = 5, tamper=None, stop=None, rng: Rng | None = None,
         seats: list[BoardFairSeat] | None = None, moves: int | None = None):
    """Every seat plays random legal moves to the end (or until `stop`); every message crosses as JSON to
    every other seat, through `tamper(sender, msg) -> msg or None`. Returns the seats and the message log."""
    seats = seats or [BoardFairSeat(i, SECRETS[i], options, mp.TEST_GROUP, players, seed) for i in range(players)]
    rng, log = rng or Rng(seed), []
    queue = [(s.me, m) for s in seats for m in s.poll()]
    while True:
        while queue:
            sender, msg = queue.pop(0)
            text = json.dumps(msg)
            assert len(text) <= 16 * 1024
            wire = json.loads(text)
            if tamper:
                wire = tamper(sender, wire)
                if wire is None:
                    continue
            log.append((sender, wire))
            for s in seats:
                if s.me != sender:
                    queue += [(s.me, m) for m in s.receive(json.loads(text if not tamper else json.dumps(wire)),
                                                             sender)]
        for s in seats:
            queue += [(s.me, m) for m in s.poll()]
        if queue:
            continue
        for s in seats:
            if s.verdict is None:
                check_knowledge(s)
        movers = [s for s in seats if s.ready()]
        if not movers or (stop and stop(seats)):
            return seats, log
        s = movers[0]
        queue += [(s.me, m) for m in s.act(rng.choice(s.state.legal_actions(s.me)))]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_short_game_with_hidden_hands_audits_and_replays(players: int) -> None:
    seats, log = play(players, {"length": "short"})
    assert all(s.verdict is None and s.audited and s.state.is_over() for s in seats)
    moves = seats[0].state.record.moves
    assert all(s.state.record.moves == moves for s in seats)
    scores = seats[0].state.scores()
    assert all(s.state.scores() == scores for s in seats)
    orders = [d.audit() for d in seats[0].deals]
    full = replay(players, 5, {"length": "short"}, moves, orders)
    assert full.is_over() and full.scores() == scores and full.board == seats[0].state.board
    assert all(c < SLOT for h in full.hands for c in h)
    # no card code in any message; card ids only in moves and reveals
    hexes = [mp.TEST_GROUP.hex(c) for c in mp.card_codes(mp.TEST_GROUP, NCARDS)]
    assert not any(h in json.dumps([m for _, m in log]) for h in hexes)
    for _, msg in log:
        if msg["t"] == "mp":
            assert set(msg) <= {"t", "k", "deal", "seat", "at", "x", "to", "pos", "secret", "card"}
            assert "card" not in msg or msg["k"] == "reveal"


def test_two_players_never_open_the_removed_cards_and_deal_each_expedition_anew() -> None:
    seats, log = play(2, {"length": "long"}, seed=7)
    a, b = seats
    assert a.audited and b.audited and a.state.expedition == 3 and len(a.deals) == 3
    for seat in seats:
        for d in seat.deals:
            assert not any(j in d.cards or j in d.received for j in range(30))  # removed: never opened
    opened = {(m["deal"], j) for _, m in log if m["t"] == "mp" and m["k"] in ("keys", "reveal")
              for j in (m["pos"] if m["k"] == "keys" else [m["pos"]])}
    assert not any(j < 30 for _, j in opened)
    assert len({tuple(d.audit()) for d in a.deals}) == 3  # three different deals


def test_each_seat_holds_only_its_own_hand_at_the_start() -> None:
    seats, _ = play(3, {"length": "short"}, stop=lambda seats: True)
    for s in seats:
        for t in range(3):
            hand = s.state.hands[t]
            assert all(c < SLOT for c in hand) if t == s.me else all(c >= SLOT for c in hand)
        assert sorted(s.deal.cards) == list(range(s.me * 8, s.me * 8 + 8))
    view = seats[1].state.view(1)
    assert len(view["hand"]) == 8 and [p["hand_count"] for p in view["player_info"]] == [8, 8, 8]


def test_a_deck_draw_opens_only_for_the_drawer_with_every_other_seats_key() -> None:
    def after_first_draw(seats) -> bool:
        return any(m[1] == ["draw", "deck"] for m in seats[0].state.record.moves)

    seats, log = play(4, {"length": "short"}, seed=2, stop=after_first_draw)
    drawer = next(m[0] for m in seats[0].state.record.moves if m[1] == ["draw", "deck"])
    j = NCARDS - 1  # the deck's top
    keys = [(sender, m) for sender, m in log if m["t"] == "mp" and m["k"] == "keys" and j in m["pos"]]
    assert sorted(sender for sender, _ in keys) == [s for s in range(4) if s != drawer]
    assert all(m["to"] == drawer for _, m in keys)
    assert seats[drawer].deal.card(j) is not None
    assert all(s.deal.card(j) is None for s in seats if s.me != drawer)


def _bend_play(players: int, field: str):
    """The first reveal of a play is bent: the card named (`card`) or one key (`key`)."""
    done = []

    def tamper(sender: int, msg: dict) -> dict:
        if not done and msg["t"] == "move" and msg.get("reveal"):
            done.append(sender)
            if field == "card":
                msg["action"][2] = (msg["action"][2] + 1) % 11
            else:
                other = (sender + 1) % players
                msg["reveal"]["x"][other] = mp.TEST_GROUP.hex(5)
        return msg

    seats, _ = play(players, {"length": "short"}, tamper=tamper)
    return seats, done[0]


@pytest.mark.parametrize("field,kind", [("card", mp.WRONG_KEY), ("key", mp.WRONG_KEY)])
def test_a_play_revealed_as_another_card_or_with_a_bent_key_is_named(field: str, kind: str) -> None:
    seats, cheat = _bend_play(3, field)
    others = [s for s in seats if s.me != cheat]
    assert all(s.verdict is not None and s.verdict["kind"] == kind and s.verdict["seat"] == cheat for s in others)


def test_a_play_without_a_reveal_of_a_card_never_dealt_is_not_dealt() -> None:
    done = []

    def tamper(sender: int, msg: dict) -> dict:
        if not done and msg["t"] == "move" and msg.get("reveal"):
            done.append(sender)
            msg["reveal"] = None
        return msg

    seats, _ = play(3, {"length": "short"}, tamper=tamper)
    cheat = done[0]
    assert all(s.verdict["kind"] == mp.NOT_DEALT and s.verdict["seat"] == cheat for s in seats if s.me != cheat)


def test_a_start_that_was_not_the_lowest_card_is_found_when_the_game_is_replayed() -> None:
    """A seat starts an expedition with a higher card than its lowest of that colour (its page's engine bent:
    the `directions` rule, under which any card starts, switched on for that one move). No other seat can see
    it during play (the seat's other cards are hidden), so the game goes on; the replay after the audit names
    it ("illegal"). The honest games above audit clean: without `final_check` this test fails."""
    seats, _ = play(3, {"length": "short"}, stop=lambda seats: True)
    cheat = next(s for s in seats if s.ready())
    by_colour: dict[int, set[int]] = {}
    for c in cheat.state.hands[cheat.me]:
        by_colour.setdefault(c // 22, set()).add((c >> 1) % 11)
    colour, values = next((k, v) for k, v in sorted(by_colour.items()) if len(v) > 1)
    action = ("start", COLOURS[colour], max(values), "adventurer")
    with pytest.raises(IllegalAction):
        cheat.state.check(cheat.me, action)
    cheat.state.opts["directions"] = True
    queue = cheat.act(action)
    cheat.state.opts["directions"] = False
    for m in queue:
        for s in seats:
            if s is not cheat:
                s.receive(json.loads(json.dumps(m)), cheat.me)
    assert all(s.verdict is None for s in seats)  # nobody can tell yet
    seats, _ = play(3, {"length": "short"}, seats=seats)
    assert all(s.state.is_over() for s in seats)
    for s in seats:
        if s is not cheat:
            assert not s.audited and s.verdict["kind"] == "illegal" and s.verdict["seat"] == cheat.me


def test_a_seat_saved_mid_game_resumes_to_the_same_state_and_plays_on() -> None:
    """to_json / from_json for 3 seats: the log holds each message's sender; the resumed seat is the same and
    the game goes on to its audit."""
    rng = Rng(9)
    seats, _ = play(3, {"length": "short"}, rng=rng, stop=lambda seats: len(seats[0].state.record.moves) >= 30)
    saved = json.loads(json.dumps(seats[1].to_json()))
    assert saved["players"] == 3 and saved["seed"] == 5 and any(e[0] == "in" and len(e) == 3 for e in saved["log"])
    back = BoardFairSeat.from_json(saved)
    assert back.state.to_json() == seats[1].state.to_json() and back._slots == seats[1]._slots
    assert back.sent == seats[1].sent and back.got == seats[1].got
    seats[1] = back
    seats, _ = play(3, {"length": "short"}, rng=rng, seats=seats)
    assert all(s.audited and s.verdict is None for s in seats)
    with pytest.raises(ValueError):
        BoardFairSeat.from_json({**saved, "format": "explorers-table-fair-seat"})
    with pytest.raises(ValueError):
        BoardFairSeat.from_json({k: v for k, v in saved.items() if k != "players"})


def test_the_game_hooks_make_a_seat_resume_it_and_replay_the_audited_record() -> None:
    from py_engine.core import Record
    from py_engine.games.lost_cities_board.state import GAME

    seat = GAME.fair_seat(4, 2, SECRETS[2], {"length": "short"}, mp.TEST_GROUP, seed=5)
    assert isinstance(seat, BoardFairSeat) and seat.players == 4 and seat.me == 2 and seat.seed == 5
    assert GAME.fair_resume(seat.to_json()).state.to_json() == seat.state.to_json()
    seats, _ = play(3, {"length": "short"})
    rec = seats[0].full_record()
    assert rec is not None and len(rec.fair["secrets"][0]) == 3 and rec.seed == 5
    again = Record.from_json(json.loads(json.dumps(rec.to_json()))).replay()
    assert again.is_over() and again.scores() == seats[0].state.scores() and all(c < SLOT for c in again.removed)


def test_the_starter_holds_its_hand_before_the_last_hand_is_rekeyed() -> None:
    """The rekey order puts the hands in turn order from the expedition's starter, and each hand's keys go out
    as soon as it is rekeyed: with 4 seats the starter (seat 0) can move while seat 3's hand is not rekeyed."""
    seats = [BoardFairSeat(i, SECRETS[i], {"length": "short"}, mp.TEST_GROUP, 4, 5) for i in range(4)]
    pending: list[tuple[int, dict]] = []
    for _ in range(1000):
        if seats[0].ready():
            break
        replies = []
        for sender, m in pending:
            for s in seats:
                if s.me != sender:
                    replies += [(s.me, r) for r in s.receive(json.loads(json.dumps(m)), sender)]
        pending = replies + [(s.me, m) for s in seats for m in s.poll()]
    assert seats[0].state.starter == 0 and seats[0].deal.order[:8] == list(range(8))
    assert not seats[3].deal.ready(list(range(24, 32))) and any(c >= SLOT for c in seats[3].state.hands[3])
