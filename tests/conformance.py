"""Helpers for the generic engine conformance suite."""

from __future__ import annotations

import enum
import json

from py_engine.core import Rng


def random_game(game, players: int, seed: int, max_moves: int = 20000, stop_after: int | None = None):
    """Play random legal moves through `apply` (checked, recorded)."""
    state = game.new(players=players, seed=seed)
    rng = Rng(seed + 1000)
    n = 0
    while state.to_move() and n < max_moves and (stop_after is None or n < stop_after):
        seat = state.to_move()[rng.below(len(state.to_move()))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    return state


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


# --- fast legality (State.is_legal, used by apply) ------------------------------------------------------
ODD = (None, True, False, 0.0, 1.0, 2.5, "", "x", [], [1], (1,), 10**30, -1)


class Num(enum.IntEnum):
    """An int subclass: JSON encodes it as its number, so it is legal where that number is."""

    ZERO = 0


class Word(str):
    """A str subclass: JSON encodes it as its text."""


def encoded(s, action) -> str:
    return json.dumps(s.game.encode(action))


def exact(s, seat: int, action) -> bool:
    """What `is_legal` must answer: an equal legal action with the same JSON encoding (1.0 and True are not 1)."""
    want = encoded(s, action)
    return any(a == action and encoded(s, a) == want for a in s.legal_actions(seat))


def legal(s, action: tuple, seat: int | None = None) -> bool:
    """`is_legal` for `seat` (default: the first to move), checked against exact membership first."""
    seat = s.to_move()[0] if seat is None else seat
    fast = s.is_legal(seat, action)
    assert fast is exact(s, seat, action), action
    return fast


def near_misses(action: tuple, words: list) -> list[tuple]:
    """Wrong-looking variants of a legal action: each field swapped (id ± 1, out of range, a bool, float,
    str, None, list, tuple, dict, another action word), the tuple cut short or lengthened, unknown
    or empty kinds. (Int and str subclasses are left out: games may take them or not.)"""
    out = [action[:-1], (*action, 0), (*action, "x"), (), ("zz",), ("zz", 0), (None,), (True,), (1,)]
    for i, x in enumerate(action):
        subs = [*ODD, *words, "zz", [x], (x,), {"k": x}]
        if type(x) is int:
            subs += [x + 1, x - 1, x + 100, -x - 1, 99, 2**31, float(x), str(x), bool(x)]
        out += [(*action[:i], y, *action[i + 1:]) for y in subs]
    return out


def check_fast_legality(s, pool: list) -> None:
    """For each seat to move, `is_legal` accepts every legal action and answers exact membership for near
    misses of (up to 8 of) them, the other seats' legal actions and `pool` (actions of other positions)."""
    by_seat = {q: s.legal_actions(q) for q in range(s.players)}
    words = sorted({x for acts in by_seat.values() for a in acts for x in a if type(x) is str})
    for seat in s.to_move():
        mine = by_seat[seat]
        exact_set = {encoded(s, a) for a in mine}
        assert all(s.is_legal(seat, a) is True for a in mine)
        others = [a for q, acts in by_seat.items() if q != seat for a in acts]
        misses = [b for a in mine[::max(1, len(mine) // 8)] for b in near_misses(a, words)]
        for b in misses + others + pool:
            want = encoded(s, b) in exact_set and any(a == b for a in mine)
            assert s.is_legal(seat, b) is want, (mine, b)
