"""Cost of a Lost Cities deal by mental poker (py_engine/core/mental_poker.py, issue 26: whole deal for 2 players
<= 5 s, each draw <= 200 ms in Pyodide). One deal of 60 cards in RFC 3526 group 14, every step timed:

    fair_costs() -> {"deal_one_device_s", "deal_two_devices_s", "draw_rekeyed_ahead_s", ...}

The deal is ready to play when both seats have locked the deck and rekeyed the 16 hand positions (the first
rekey chunks) and each has opened its hand; the rest of the deck is rekeyed afterwards, in the background
(rekey_background_s per seat), top first. deal_one_device_s is both seats' work up to play, one after the
other (this benchmark); deal_two_devices_s is the critical path when each seat works on its own device (seat
1 rekeys a chunk while seat 0 rekeys the next). A draw costs one exponentiation (draw_rekeyed_ahead_s) once
the background has rekeyed the position, two rekeys more before (draw_not_rekeyed_s, on two devices one after
the other). lock_s, open_hand_s: one seat's work; reveal_check_s: checking a played card; audit_s: re-doing
the other seat's deal from its secret at the end of the game (per round).
Run directly (`python -m tests.bench_fair`) or inside Pyodide by tests/pyodide/bench.mjs ("fair").
"""

from __future__ import annotations

import json
import sys
import time

from py_engine.core import mental_poker as mp
from py_engine.games.lost_cities.cards import HAND_SIZE
from py_engine.games.lost_cities.fair import hand_positions, rekey_order


def fair_costs(cards: int = 60, group: str = "rfc3526-modp-2048") -> dict:
    g = mp.GROUPS[group]
    order = rekey_order(cards)
    seats = [mp.SeatDeal(g, 2, i, cards, 1, bytes([i + 7]) * 32, order) for i in range(2)]
    a, b = seats
    clock = time.perf_counter
    lock, hand, rekey_chunks = [0.0, 0.0], [0.0, 0.0], [[], []]
    for me in (0, 1):  # the locks, one after the other
        t = clock()
        msgs = seats[me].poll()
        lock[me] = clock() - t
        for m in msgs:
            seats[1 - me].receive(m, me)
    while b.deck is None:  # the rekeys, chunk by chunk (seat 1 rekeys each chunk of seat 0 as it comes)
        for me in (0, 1):
            t = clock()
            msgs = seats[me].poll()
            if msgs:
                rekey_chunks[me].append(clock() - t)
            for m in msgs:
                seats[1 - me].receive(m, me)
    hands = (hand_positions(0), hand_positions(1))
    for me in (0, 1):
        seats[me].expect(me, hands[me])
    for me in (0, 1):
        seats[1 - me].receive(seats[me].give(1 - me, hands[1 - me]), me)
    for me in (0, 1):
        t = clock()
        assert all(seats[me].card(j) is not None for j in hands[me])
        hand[me] = clock() - t
    draws = []
    for j in order[-3:]:
        a.expect(0, [j])
        a.receive(b.give(0, [j]), 1)
        t = clock()
        assert a.card(j) is not None
        draws.append(clock() - t)
    t = clock()
    b.receive(a.reveal(0), 0)
    reveal = clock() - t
    a.receive(b.secret_message(), 1)
    t = clock()
    a.audit()
    audit = clock() - t
    mean = lambda xs: round(sum(xs) / len(xs), 3)
    first = 2 * HAND_SIZE // mp.REKEY_CHUNK  # rekey chunks that cover both hands: play starts after them
    c0, c1 = rekey_chunks
    one_device = sum(lock) + sum(c0[:first]) + sum(c1[:first]) + sum(hand)
    two_devices = sum(lock) + c0[0] + sum(max(x, y) for x, y in zip(c0[1:first], c1[:first - 1])) \
        + c1[first - 1] + max(hand)
    chunk = mean(c0 + c1) / mp.REKEY_CHUNK  # one position's rekey by one seat
    return {"group": group, "cards": cards, "lock_s": mean(lock), "rekey_position_s": round(chunk, 3),
            "rekey_background_s": round(sum(c0[first:]), 2), "open_hand_s": mean(hand),
            "deal_one_device_s": round(one_device, 2), "deal_two_devices_s": round(two_devices, 2),
            "draw_rekeyed_ahead_s": mean(draws), "draw_not_rekeyed_s": round(mean(draws) + 2 * chunk, 3),
            "reveal_check_s": round(reveal, 3), "audit_s": round(audit, 2), "python": sys.version.split()[0]}


if __name__ == "__main__":
    print(json.dumps(fair_costs()))
