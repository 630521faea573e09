"""What makes an Islands in the Mist action legal: the flight cost, the tile signature (one action per
kind of interchangeable tile) and the fast exact test `is_legal(state, seat, action)`, which answers
exactly like membership in `state.legal_actions(seat)` with types compared (a bool is never a tile or
space id) but reads only the few fields the action concerns instead of building the list.

`is_legal` has one rule per (decision, action kind, length); it gets the state, the seat and the
action's arguments.

The state is typed as core `State` (an `IslandsState`): state.py imports this module, never the reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...core import State
from .data import CLOCKWISE, EXT_INFO, HI, KIND, LO, OPPOSITE, OWNER, TERRAIN


def tile_sig(t: int) -> tuple:
    """Tiles with the same signature are interchangeable (one action stands for all of them)."""
    return (KIND[t], TERRAIN[t], LO[t], HI[t], OWNER[t])


@cache
def flight_costs(n: int, lo: int, hi: int, allowed: bool) -> tuple[int, ...]:
    """Energy to fly k = 1..n spaces of a path of n: in an allowed direction |k - v| for the value v in
    lo..hi (the whole path, a flight cut short at its end, costs max(0, n - hi)); any other direction
    lo + 2k. Cached: the arguments are a few small numbers."""
    if not allowed:
        return tuple(lo + 2 * k for k in range(1, n + 1))
    along = (0 if lo <= k <= hi else (lo - k if k < lo else k - hi) for k in range(1, n))
    return (*along, max(0, n - hi)) if n else ()


def _int(x: Any) -> bool:
    """An int that is not a bool (JSON keeps them apart)."""
    return isinstance(x, int) and type(x) is not bool


def _shown(tiles: list[int], t: Any) -> bool:
    """t is the tile the legal list names for its kind among `tiles`: held, and the lowest id with its
    signature (`_dedupe` lists one tile per signature)."""
    if not _int(t) or t not in tiles:
        return False
    sig = tile_sig(t)
    return not any(u < t and tile_sig(u) == sig for u in tiles)


def is_legal(s: State, seat: int, action: tuple) -> bool:
    """Exactly `action in s.legal_actions(seat)` with types compared; never raises."""
    if not action or not isinstance(action[0], str):
        return False
    rule = RULES.get((s.decision(), action[0], len(action)))
    return rule is not None and rule(s, seat, *action[1:])


def _yes(s: State, p: int, *args: Any) -> bool:
    return True


def _keep(s: State, p: int) -> bool:
    """Keeping a tile needs a free telescope space."""
    return len(s.telescope[p]) < s.cap[p]


def _reroll(s: State, p: int, die: Any) -> bool:
    """Each die may be rolled again once."""
    return isinstance(die, str) and die in ("bonus", "direction") and not s.rerolled[die == "direction"]


# ---- flights -----------------------------------------------------------------------------------------
def _stay(s: State, p: int) -> bool:
    if s.pos[p] < 0:
        return False
    lo, _hi, allowed = s.flight_terms(p)
    return s.stay_cost(p, lo, allowed) <= s.energy[p]


def _affordable(s: State, p: int, d: str, k: int, n: int) -> bool:
    """Flying k of the n spaces of a path in direction d costs no more than p's energy."""
    lo, hi, allowed = s.flight_terms(p)
    return 1 <= k <= n and flight_costs(n, lo, hi, d in allowed)[k - 1] <= s.energy[p]


def _fly(s: State, p: int, d: Any, k: Any) -> bool:
    """k spaces straight on from the balloon's island space (then the docks with harbour access)."""
    pos = s.pos[p]
    if pos < 0 or not isinstance(d, str) or d not in CLOCKWISE or not _int(k):
        return False
    return _affordable(s, p, d, k, len(s._path(pos, d, s.access[p])))


def _leave(s: State, p: int, d: Any, x: Any) -> bool:
    """From a dock (not the '?' dock) onto the island: a coast space with no space behind it in
    direction d starts the flight, which ends on x."""
    board = s.board
    pos = s.pos[p]
    if pos >= 0 or pos == -7 or not isinstance(d, str) or d not in CLOCKWISE:
        return False
    if not _int(x) or not 0 <= x < len(board.coords):
        return False
    back, e, k = board.step[OPPOSITE[d]], x, 1
    while back[e] >= 0:
        e, k = back[e], k + 1
    return board.coast[e] is not None and _affordable(s, p, d, k, 1 + len(s._path(e, d, False)))


def _jump(s: State, p: int, x: Any) -> bool:
    """From the '?' dock to any island space."""
    return s.pos[p] == -7 and _int(x) and 0 <= x < len(s.board.coords)


# ---- tiles -------------------------------------------------------------------------------------------
def _cloud(s: State, p: int, i: Any) -> bool:
    return s.pos[p] >= 0 and _int(i) and 0 <= i < len(s.clouds) and bool(s.clouds[i])


def _activate(s: State, p: int, kind: Any, how: Any) -> bool:
    """An extension tile beside p's board whose activation energy p has: kept (a free telescope space)
    or converted."""
    if s.pos[p] < 0 or not isinstance(kind, str) or kind not in EXT_INFO or not isinstance(how, str):
        return False
    if how != "convert" and (how != "keep" or not _keep(s, p)):
        return False
    return s.energy[p] >= EXT_INFO[kind][3] and any(KIND[t] == kind for t in s.beside[p])


def _give(s: State, p: int, t: Any) -> bool:
    return s.pos[p] < 0 and _shown(s._givable(p), t)


def _take(s: State, p: int, t: Any) -> bool:
    """A harbour tile other than the one just given, or a tile from the bag."""
    if isinstance(t, str):
        return t == "bag" and bool(s.bag)
    return _int(t) and t != s.banned and _shown([u for u in s.harbour if u != s.banned], t)


def _place(s: State, p: int, t: Any, j: Any) -> bool:
    return _shown(s.telescope[p], t) and _int(j) and j in s.placements(p)


Rule = Callable[..., bool]
RULES: dict[tuple[str, str, int], Rule] = {
    ("from_cloud", "from_cloud", 2): lambda s, p, t: _shown([u for c in s.clouds for u in c], t),
    ("gain", "keep", 1): _keep,
    ("gain", "convert", 1): _yes,
    ("start", "start", 2): lambda s, p, i: _int(i) and i in s.board.start_spaces,
    ("dice", "reroll", 2): _reroll,
    ("dice", "roll_done", 1): _yes,
    ("fly", "stay", 1): _stay,
    ("fly", "fly", 3): _fly,
    ("fly", "leave", 3): _leave,
    ("fly", "jump", 2): _jump,
    ("take", "cloud", 2): _cloud,
    ("take", "activate", 3): _activate,
    ("take", "give", 2): _give,
    ("exchange", "take", 2): _take,
    ("place", "place", 3): _place,
    ("place", "done", 1): _yes,
    ("swap", "swap", 2): lambda s, p, t: _shown(s.harbour, t),
}
