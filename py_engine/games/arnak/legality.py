"""Fast exact legality for Arnak: `judge(state, seat, action)` answers exactly like membership in
`legal_actions(seat)` with JSON types compared (True is not 1, 1.0 is not 1), and never raises.

It looks only at what the action concerns, through the same per-item tests the legal lists are built
from (effects.py): a dig checks that one site, a card that one card, a travel payment that one source.
The other pending decisions (accept, discard, exile, choose, ...) have short option lists: those are
searched (`options(op)` only, without the free actions offered beside them).

The state is typed as core `State` (an `ArnakState`): state.py imports this module, never the reverse.
"""

from __future__ import annotations

from ...core import State
from . import data as D
from .effects import KEEP, MAIN, MID_FREE_KINDS, NO_MID_FREE, OVER, travel_ok


def plain(action: tuple) -> tuple | None:
    """`action` with only plain ints and strs (int and str subclasses as JSON encodes them), or None when
    no legal action can match it: empty, longer than 3, or holding anything else (bool, float, None,
    list, tuple, ...)."""
    if not isinstance(action, tuple) or not 0 < len(action) <= 3:
        return None
    out = []
    for x in action:
        t = type(x)
        if t is int or t is str:
            out.append(x)
        elif t is bool:
            return None
        elif isinstance(x, int):
            out.append(int.__int__(x))
        elif isinstance(x, str):
            out.append(str.__str__(x))
        else:
            return None
    return tuple(out)


def judge(s: State, seat: int, action: tuple) -> bool:
    """Whether `seat` may play `action` now (see the module docstring)."""
    if s.phase == OVER or seat != s.turn:
        return False
    a = plain(action)
    if a is None or type(a[0]) is not str:
        return False
    if s.queue:
        op = s.queue[0]
        if a[0] in MID_FREE_KINDS:
            return op[0] not in NO_MID_FREE and _free(s, seat, a, mid=True)
        return _decision(s, seat, op, a)
    if s.phase == KEEP:
        return a == ("keep",) or a[0] == "release" and len(a) == 2 and a[1] in s.p[seat].hand
    if a[0] in MID_FREE_KINDS:
        return _free(s, seat, a, main=s.phase == MAIN)
    if s.phase != MAIN:
        return a == ("end",)
    return _main(s, seat, a)


def _free(s: State, seat: int, a: tuple, mid: bool = False, main: bool = False) -> bool:
    """("play" | "idol" | "boon" | "assist", x) as a free action; `main`: cards and assistants may also be
    the main action."""
    if len(a) != 2 or type(a[1]) is not int:
        return False
    kind, x = a
    p = s.p[seat]
    if kind == "play":
        return x in p.hand and (s.free_play_ok(seat, x, mid) or main and s.main_play_ok(seat, x))
    if kind == "idol":
        return x in s.idol_slots(seat)
    if kind == "boon":
        return 0 <= x < len(p.guardians) and s.boon_ok(seat, x)
    return 0 <= x < len(p.assistants) and (s.assist_ok(seat, x, False) or main and s.assist_ok(seat, x, True))


def _main(s: State, seat: int, a: tuple) -> bool:
    """A main action other than a card or an assistant, or "pass"."""
    kind, n = a[0], len(a)
    if n == 1:
        return kind == "pass"
    x = a[1]
    if n == 2:
        if type(x) is not int or not 0 <= x < D.NSITES:
            return False
        if kind == "dig":
            return s.dig_ok(seat, x)
        if kind == "discover":
            return s.discover_ok(seat, x)
        if kind == "overcome":
            return s.overcome_ok(seat, x)
        return kind == "temple" and x in s.temple_stacks(seat)
    if kind == "research":
        return x in ("glass", "notebook") and a[2] in s.research_dests(seat, x)
    return kind == "buy" and a in s.buy_options(seat, "any", 0)


def _decision(s: State, seat: int, op: tuple, a: tuple) -> bool:
    """An answer to the pending decision `op`: a travel payment or a dig judged directly (a dig decision
    may always be skipped), any other by searching `options(op)`."""
    k = op[0]
    if k == "travel":
        srcs = s.sources(seat)
        return any(x == a and travel_ok(op[1], srcs, i) for i, (x, _) in enumerate(srcs))
    if k == "dig":
        if a == ("skip",):
            return True
        if len(a) != 2 or type(a[1]) is not int or not 0 <= a[1] < D.NSITES:
            return False
        if a[0] == "dig":
            return s.dig_ok(seat, a[1], op[1])
        return a[0] == "discover" and s.discover_ok(seat, a[1], op[1], op[2])
    return a in s.options(op)
