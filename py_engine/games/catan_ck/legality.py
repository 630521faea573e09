"""Fast exact legality for Cities & Knights: `is_legal(state, seat, action)` answers exactly like
membership in `state.legal_actions(seat)` with types compared (no legal action holds a bool, a float or
a nested value), but reads only the few fields the action concerns instead of building the list.

Each pending decision kind has a table {(action kind, number of arguments): (argument specs, rule)}.
A spec is a `range` (an int in it, never a bool) or a dict (a str key, passed on as its value); the rule
gets the state, the seat, the decision and the converted arguments and states the game's condition.
Every decision and action kind is decided here (no fallback to the legal list); the conditions shared
with `legal_actions` are CatanState predicates (`road_spot`, `free_spot`, `_can_settle`, ...).

The state is typed as core `State` (a `CatanState`): state.py imports this module, never the reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import State
from .data import (
    CARD_TRACK,
    COMMODITIES,
    COSTS,
    HEX_VERTS,
    KIDX,
    NE_,
    NH,
    NV,
    PIECES,
    RESOURCES,
    TRACKS,
    VERT_EDGES,
    VERT_HEXES,
)
from .trade import EDIT_KINDS, counter_send_ok, covers, edit_ok, may_counter, send_ok, target_ok

Rule = Callable[..., bool]
Table = dict[tuple[str, int], tuple[tuple, Rule]]

V, E, H, SEAT, DIE = range(NV), range(NE_), range(NH), range(4), range(1, 7)
RES = {r: i for i, r in enumerate(RESOURCES)}
COM = {c: 5 + i for i, c in enumerate(COMMODITIES)}
TRACK = {t: i for i, t in enumerate(TRACKS)}
CARD = {c: c for c in CARD_TRACK}
NO_INVENTOR = (0, 2, 6, 8, 12)  # tokens the Inventor may not swap (0: the desert)


def _args(action: tuple, specs: tuple) -> list | None:
    """The arguments of `action` converted by `specs`, or None when one does not fit."""
    out = []
    for x, spec in zip(action[1:], specs):
        if type(spec) is range:
            if not isinstance(x, int) or type(x) is bool or x not in spec:
                return None
            out.append(x)
        else:
            if not isinstance(x, str) or x not in spec:
                return None
            out.append(spec[x])
    return out


def is_legal(s: State, seat: int, action: tuple) -> bool:
    """Exactly `action in s.legal_actions(seat)` with types compared; never raises."""
    if not action or not isinstance(action[0], str):
        return False
    top = s.stack[-1]
    table = CARDS.get(top["card"], STOP) if top["k"] == "card" else DECISIONS.get(top["k"])
    entry = table.get((action[0], len(action) - 1)) if table else None
    if entry is None:
        return False
    args = _args(action, entry[0])
    return args is not None and entry[1](s, seat, top, *args)


def _yes(s: State, p: int, top: dict, *args: Any) -> bool:
    return True


# ---- shared conditions ---------------------------------------------------------------------------
def _settlement_of(s: State, p: int, v: int) -> bool:
    return s.owner[v] == p and s.btype[v] == 1


def _city_of(s: State, p: int, v: int) -> bool:
    return s.owner[v] == p and s.btype[v] == 2


def _free_city(s: State, p: int, top: dict, v: int) -> bool:
    """A city of p without a metropolis (pillage, metropolis)."""
    return _city_of(s, p, v) and v not in s.metro


def _unwalled_city(s: State, p: int, top: dict, v: int) -> bool:
    return _city_of(s, p, v) and not s.wall[v]


def _knight_of(s: State, p: int, v: int) -> bool:
    return s.kn_owner[v] == p


def _promotable(s: State, p: int, top: dict, v: int) -> bool:
    return _knight_of(s, p, v) and s._can_promote(p, v)


def _knight_spot(s: State, p: int, top: dict, v: int) -> bool:
    return s.knight_spot(p, v)


def _has(s: State, p: int, top: dict, k: int) -> bool:
    """p holds a card of kind k."""
    return s.hands[p][k] > 0


def _holds(s: State, p: int, top: dict, c: str) -> bool:
    """p holds progress card c."""
    return c in s.prog[p]


def _bank_has(s: State, p: int, top: dict, k: int) -> bool:
    return s.bank[k] > 0


# ---- set-up, the roll and the small decisions ----------------------------------------------------
def _setup_road(s: State, p: int, top: dict, e: int) -> bool:
    """A free edge at the settlement just placed."""
    return s.road[e] == -1 and e in VERT_EDGES[top["v"]]


def _relocate_remove(s: State, p: int, top: dict) -> bool:
    """The knight is lost only when no other spot touches its owner's roads."""
    return not s.relocate_spots(p, top)


def _relocate_spot(s: State, p: int, top: dict, v: int) -> bool:
    """An empty spot at the owner's roads, not the one the knight was driven from."""
    return v != top.get("from", -1) and s.knight_spot(p, v)


# ---- the action phase ----------------------------------------------------------------------------
def _road(s: State, p: int, top: dict, e: int) -> bool:
    return s.road_spot(p, e) and s._can_road(p)


def _settlement(s: State, p: int, top: dict, v: int) -> bool:
    return s._touches_road(p, v) and s.free_spot(v) and s._can_settle(p)


def _city(s: State, p: int, top: dict, v: int) -> bool:
    return _settlement_of(s, p, v) and s._can_city(p)


def _wall(s: State, p: int, top: dict, v: int) -> bool:
    return _unwalled_city(s, p, top, v) and s._can_wall(p)


def _recruit(s: State, p: int, top: dict, v: int) -> bool:
    """A basic knight on an empty spot at p's road: 1 wool 1 ore, fewer than 2 basic knights."""
    return s.knight_spot(p, v) and s._can_recruit(p)


def _activate(s: State, p: int, top: dict, v: int) -> bool:
    return _knight_of(s, p, v) and not s.kn_active[v] and s.hands[p][KIDX["grain"]] >= 1


def _promote(s: State, p: int, top: dict, v: int) -> bool:
    return _promotable(s, p, top, v) and s._can_pay(p, COSTS["knight"])


def _improve(s: State, p: int, top: dict, t: int) -> bool:
    return s._can_improve(p, t)


def _ready(s: State, p: int, v: int) -> bool:
    """p's knight at v was active at the roll and has not acted."""
    return s.kn_owner[v] == p and s.kn_ready[v]


def _move_knight(s: State, p: int, top: dict, v: int, w: int) -> bool:
    return _ready(s, p, v) and s._empty(w) and w in s._reach(p, v)[0]


def _displace(s: State, p: int, top: dict, v: int, w: int) -> bool:
    """A weaker opposing knight reached along p's roads."""
    return (_ready(s, p, v) and s.kn_owner[w] not in (-1, p) and s.kn_level[w] < s.kn_level[v]
            and w in s._reach(p, v)[1])


def _chase(s: State, p: int, top: dict, v: int) -> bool:
    return _ready(s, p, v) and s.robber_active and s.robber in VERT_HEXES[v]


def _bank(s: State, p: int, top: dict, g: int, k: int) -> bool:
    return g != k and s.bank[k] > 0 and s.hands[p][g] >= s.rate(p, g)


def _offer(s: State, p: int, top: dict) -> bool:
    return s._can_offer(p)


def _play(s: State, p: int, top: dict, c: str) -> bool:
    return _holds(s, p, top, c) and s._playable(p, c)


# ---- trade offers (the builders' rules live in trade.py) -----------------------------------------------
def _edit(kind: str) -> Rule:
    def rule(s: State, p: int, top: dict, k: int) -> bool:
        b = top if top["k"] == "make_offer" else top["replies"][p]
        return b is not None and edit_ok(s.hands[p], b, kind, k)
    rule.__doc__ = f"Builder step {kind!r}: see trade.edit_ok."
    return rule


def _to_one(s: State, p: int, top: dict, q: int) -> bool:
    return target_ok(s, top, q)


def _to_all(s: State, p: int, top: dict) -> bool:
    return target_ok(s, top, None)


def _send(s: State, p: int, top: dict) -> bool:
    return send_ok(top)


def _countering(s: State, p: int, top: dict) -> bool:
    return top["replies"][p] is not None


def _answering(s: State, p: int, top: dict) -> bool:
    return top["replies"][p] is None


def _accept(s: State, p: int, top: dict) -> bool:
    return _answering(s, p, top) and covers(s.hands[p], top["get"])


def _start_counter(s: State, p: int, top: dict) -> bool:
    return _answering(s, p, top) and may_counter(s, p, top)


def _send_counter(s: State, p: int, top: dict) -> bool:
    return _countering(s, p, top) and counter_send_ok(top, top["replies"][p])


def _trade(s: State, p: int, top: dict, q: int) -> bool:
    return q < s.players and q != p and s._deal_ok(p, top["replies"][q])


# ---- progress cards with choices ---------------------------------------------------------------------
def _swap(s: State, p: int, top: dict, a: int, b: int) -> bool:
    """Inventor: two different tokens, neither 2, 6, 8 nor 12 (and no desert), lower hex first."""
    na, nb = s.number[a], s.number[b]
    return a < b and na != nb and na not in NO_INVENTOR and nb not in NO_INVENTOR


def _medicine(s: State, p: int, top: dict, v: int) -> bool:
    return _settlement_of(s, p, v)


def _card_road(s: State, p: int, top: dict, e: int) -> bool:
    return top["left"] > 0 and s.road.count(p) < PIECES["road"] and s.road_spot(p, e)


def _harbor(s: State, p: int, top: dict, q: int, k: int) -> bool:
    """One resource of p's to each opponent at most once."""
    return q != p and q < s.players and q not in top["done"] and s.hands[p][k] > 0


def _target(s: State, p: int, top: dict, q: int) -> bool:
    return top["target"] < 0 and q in s._targets(p, top["card"])


def _take_card(s: State, p: int, top: dict, k: int) -> bool:
    """Master Merchant: a kind the target holds."""
    return top["target"] >= 0 and s.hands[top["target"]][k] > 0


def _spy(s: State, p: int, top: dict, c: str) -> bool:
    return top["target"] >= 0 and c in s.prog[top["target"]]


def _targeted(s: State, p: int, top: dict) -> bool:
    """A Deserter whose target is chosen only stops (its steps continue on new decisions)."""
    return top["target"] >= 0


def _desert(s: State, p: int, top: dict, v: int) -> bool:
    return _knight_of(s, p, v)


def _merchant(s: State, p: int, top: dict, h: int) -> bool:
    """A hex touching p's building, other than where p's merchant already stands."""
    return (any(s.owner[v] == p for v in HEX_VERTS[h])
            and not (h == s.merchant and s.merchant_owner == p))


def _diplomat(s: State, p: int, top: dict, e: int) -> bool:
    return s.open_road(e)


def _intrigue(s: State, p: int, top: dict, v: int) -> bool:
    return s.kn_owner[v] not in (-1, p) and s._touches_road(p, v)


STOP: Table = {("stop", 0): ((), _yes)}
EDITS: Table = {(kind, 1): ((KIDX,), _edit(kind)) for kind in EDIT_KINDS}
MAIN: Table = {
    ("end", 0): ((), _yes),
    ("road", 1): ((E,), _road),
    ("settlement", 1): ((V,), _settlement),
    ("city", 1): ((V,), _city),
    ("wall", 1): ((V,), _wall),
    ("knight", 1): ((V,), _recruit),
    ("activate", 1): ((V,), _activate),
    ("promote", 1): ((V,), _promote),
    ("improve", 1): ((TRACK,), _improve),
    ("move_knight", 2): ((V, V), _move_knight),
    ("displace", 2): ((V, V), _displace),
    ("chase", 1): ((V,), _chase),
    ("bank", 2): ((KIDX, KIDX), _bank),
    ("offer", 0): ((), _offer),
    ("play", 1): ((CARD,), _play),
}
DECISIONS: dict[str, Table] = {
    "main": MAIN,
    "setup_place": {("place", 1): ((V,), lambda s, p, top, v: s.free_spot(v))},
    "setup_road": {("road", 1): ((E,), _setup_road)},
    "roll": {("roll", 0): ((), _yes), ("play", 1): (({"alchemist": "alchemist"},), _holds)},
    "alchemist": {("dice", 2): ((DIE, DIE), _yes)},
    "pillage": {("pillage", 1): ((V,), _free_city)},
    "defender_draw": {("deck", 1): ((TRACK,), lambda s, p, top, t: bool(s.decks[t]))},
    "toss": {("toss", 1): ((CARD,), _holds)},
    "discard": {("discard", 1): ((KIDX,), _has)},
    "robber": {("robber", 1): ((H,), lambda s, p, top, h: h != s.robber)},
    "steal": {("steal", 1): ((SEAT,), lambda s, p, top, q: q in top["victims"])},
    "aqueduct": {("take", 1): ((RES,), _bank_has)},
    "metropolis": {("metropolis", 1): ((V,), _free_city)},
    "relocate": {("relocate", 1): ((V,), _relocate_spot), ("remove", 0): ((), _relocate_remove)},
    "make_offer": {**EDITS, ("to", 1): ((SEAT,), _to_one), ("to", 0): ((), _to_all), ("send", 0): ((), _send),
                   ("back", 0): ((), _yes)},
    "offer": {("decline", 0): ((), _answering), ("accept", 0): ((), _accept), ("counter", 0): ((), _start_counter),
              **EDITS, ("send", 0): ((), _send_counter), ("back", 0): ((), _countering)},
    "confirm": {("trade", 1): ((SEAT,), _trade), ("cancel", 0): ((), _yes)},
}
ROAD_CARD: Table = {("road", 1): ((E,), _card_road), **STOP}
TARGET: Table = {("target", 1): ((SEAT,), _target)}
CARDS: dict[str, Table] = {
    "engineer": {("wall", 1): ((V,), _unwalled_city)},
    "inventor": {("swap", 2): ((H, H), _swap)},
    "medicine": {("city", 1): ((V,), _medicine)},
    "road_building": ROAD_CARD,
    "diplomat_move": ROAD_CARD,
    "smith": {("promote", 1): ((V,), _promotable), **STOP},
    "commercial_harbor": {("harbor", 2): ((SEAT, RES), _harbor), **STOP},
    "commercial_give": {("give", 1): ((COM,), _has)},
    "master_merchant": {**TARGET, ("take", 1): ((KIDX,), _take_card)},
    "spy": {**TARGET, ("take", 1): ((CARD,), _spy)},
    "deserter": {**TARGET, ("stop", 0): ((), _targeted)},
    "deserter_remove": {("remove_knight", 1): ((V,), _desert)},
    "deserter_place": {("place", 1): ((V,), _knight_spot), **STOP},
    "merchant": {("merchant", 1): ((H,), _merchant)},
    "merchant_fleet": {("fleet", 1): ((KIDX,), _yes)},
    "resource_monopoly": {("name", 1): ((RES,), _yes)},
    "trade_monopoly": {("name", 1): ((COM,), _yes)},
    "diplomat": {("remove_road", 1): ((E,), _diplomat)},
    "intrigue": {("intrigue", 1): ((V,), _intrigue)},
}
