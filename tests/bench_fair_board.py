"""Cost of a Lost Cities: The Board Game deal by mental poker (issue 37 hole 9: a 4-seat deal within 8 s in
Pyodide). One expedition's deal of 110 cards among `seats` BoardFairSeats in RFC 3526 group 14, timed:

    board_costs(seats=4) -> {"play_own_devices_s", "all_hands_own_devices_s", "play_one_device_s", ...}

Method: the seats run the real protocol (py_engine/games/lost_cities_board/fair.py) in rounds; in each round
every seat takes the messages sent in earlier rounds, then polls once. Every call is timed, and each seat has
a clock of its own device: a message is stamped with its sender's clock when sent, and a seat's clock is the
later of its own and a message's stamp when it takes the message, plus the time of its own work (taking
messages, opening cards, one poll). So `*_own_devices_s` is the time on the critical path when each seat
computes on its own device (messages' travel time not counted); `*_one_device_s` is the sum of every seat's
work (what one device computing for all seats would take). "play": the starter (seat 0) holds its whole hand
and may move; "all_hands": every seat holds its hand. The deck's remaining rekey runs afterwards, during play.
Run directly (`python -m tests.bench_fair_board [seats] [before|one-lane] [cpu|model]`) or in Pyodide by
tests/pyodide/bench.mjs ("board", "board_before", "board_one_lane").
"""

from __future__ import annotations

import json
import sys
import time

from py_engine.core import mental_poker as mp
from py_engine.core.fair_seat import SLOT
from py_engine.games.lost_cities_board.fair import BoardFairSeat


class _Before(BoardFairSeat):
    """The deal as it was first generalised from two seats (for comparison): every seat's whole lock computed
    before it is sent, and the hands' keys sent once every hand is rekeyed."""

    STREAM_LOCK = False
    HANDS_AT_ONCE = True


class _Work:
    """A clock that counts work instead of time (`board_costs(model=True)`): every modular exponentiation in the
    group counts its exponent's bits / the modulus's bits (a full-length one counts 1), every Jacobi symbol
    JACOBI. Not affected by other work on the machine; multiply by a full exponentiation's time for seconds."""

    JACOBI = 1 / 60  # a Jacobi symbol against a full exponentiation (docs/fair-play.md: 1.9 ms against 57 ms)

    def __init__(self, bits: int) -> None:
        self.units, self.bits = 0.0, bits

    def __call__(self) -> float:
        return self.units

    def pow(self, x: int, e: int, m: int | None = None) -> int:
        if m is not None and e > 0:
            self.units += e.bit_length() / self.bits
        return pow(x, e, m) if m is not None else pow(x, e)

    def jacobi(self, a: int, n: int, _real=mp.jacobi) -> int:
        self.units += self.JACOBI
        return _real(a, n)


def board_costs(seats: int = 4, group: str = "rfc3526-modp-2048", before: bool = False, lanes: bool = True,
                cpu: bool = False, model: bool = False) -> dict:
    if model:  # the same run, with the work counted (`_Work`) as the clock
        work = _Work(mp.GROUPS[group].p.bit_length())
        mp.pow, mp.jacobi = work.pow, work.jacobi
        try:
            out = _board_costs(seats, group, before, lanes, work)
        finally:
            del mp.pow
            mp.jacobi = _Work.jacobi.__defaults__[0]
        out = {k: v for k, v in out.items() if k not in ("short_exp_ms", "full_exp_ms")}
        return dict(out, clock="full exponentiations (the *_s figures count them, not seconds)")
    return _board_costs(seats, group, before, lanes, time.process_time if cpu else time.perf_counter)


def _board_costs(seats: int, group: str, before: bool, lanes: bool, clock) -> dict:
    """The figures of the module doc; `before`: the same for `_Before` (no streamed lock, hands at once, one rekey
    lane); `lanes=False`: one rekey lane (as before the rekey lanes: every seat rekeys after the seat before it);
    `cpu`: time with this process's CPU time instead of the wall clock (less sensitive to other work); `model`:
    count the work instead (`_Work`: the figures are then in full exponentiations, whatever the load)."""
    g = mp.GROUPS[group]
    cls = _Before if before else BoardFairSeat
    table = [cls(i, bytes([i + 7]) * 32, {"length": "short"}, g, seats, 1, lanes and not before)
             for i in range(seats)]
    device = [0.0] * seats        # each seat's device clock
    work = [0.0] * seats          # each seat's own work, summed
    inbox: list[list[tuple[float, int, dict]]] = [[] for _ in range(seats)]
    play_at = play_total = None
    hands_at = hands_total = None

    def has_hand(f: BoardFairSeat) -> bool:
        return all(c < SLOT for c in f.state.hands[f.me])

    for _ in range(100000):
        sent: list[tuple[int, list[dict]]] = []
        for f in table:
            me = f.me
            for stamp, sender, m in inbox[me]:
                device[me] = max(device[me], stamp)
                t = clock()
                out = f.receive(m, sender)
                dt = clock() - t
                device[me] += dt
                work[me] += dt
                if out:
                    sent.append((me, out))
            inbox[me] = []
            t = clock()
            out = f.poll()
            dt = clock() - t
            device[me] += dt
            work[me] += dt
            if out:
                sent.append((me, out))
        for me, out in sent:
            for m in out:
                for f in table:
                    if f.me != me:
                        inbox[f.me].append((device[me], me, m))
        assert all(f.verdict is None for f in table)
        if play_at is None and has_hand(table[table[0].state.starter]):
            play_at, play_total = device[table[0].state.starter], sum(work)
        if hands_at is None and all(has_hand(f) for f in table):
            hands_at, hands_total = max(device), sum(work)
        if play_at is not None and hands_at is not None:
            break
    deal = table[0].deal
    t = clock()
    probe = [pow(x, deal._keys.lock, g.p) for x in deal.codes[:8]]
    short = (clock() - t) / len(probe)
    t = clock()
    probe = [pow(x, deal._keys.rekey_exponent(g, 0), g.p) for x in deal.codes[:8]]
    full = (clock() - t) / len(probe)
    return {"group": group, "seats": seats, "cards": table[0].n, "chunk": mp.CHUNK, "before": before,
            "lanes": table[0].lanes,
            "play_own_devices_s": round(play_at, 2), "all_hands_own_devices_s": round(hands_at, 2),
            "play_one_device_s": round(play_total, 2), "all_hands_one_device_s": round(hands_total, 2),
            "short_exp_ms": round(short * 1000, 2), "full_exp_ms": round(full * 1000, 2),
            "python": sys.version.split()[0]}


if __name__ == "__main__":
    print(json.dumps(board_costs(int(sys.argv[1]) if len(sys.argv) > 1 else 4, before="before" in sys.argv,
                                 lanes="one-lane" not in sys.argv, cpu="cpu" in sys.argv, model="model" in sys.argv)))
