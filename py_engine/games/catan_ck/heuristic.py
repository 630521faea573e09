"""Fast rollout policy, move ordering and evaluation for Cities & Knights (for py_engine.bots).

`policy` reads only what `seat` may know (its own hand, public board, public counts), plus, in the
search, determinized copies. Ideas: production value of a spot = sum of the pips of the numbers around
it (6 and 8 = 5 pips), with a bonus for resources not yet produced; build the most valuable thing the hand
affords (city > settlement > improvement > knight when the barbarians threaten > road towards a free
spot); trade with the bank towards the next build; answer offers on their merit for the bot (a leader
must offer more, one a step from the win gets nothing): accept what is worth it, else counter with what
the bot would take (`counter_plan`: the offered cards for fewer or other spare cards of its own, built by
this heuristic step by step), else decline; the search bots answer offers as this heuristic does. The
greedy play (and the search's first candidate) offers the players one card for the single card missing for
the next build, once a turn; rollouts never offer.
"""

from __future__ import annotations

from ...bots.heuristics import Heuristics, kind_in
from ...core import Rng
from .data import (
    COSTS,
    EDGES,
    HEX_VERTS,
    KIDX,
    KINDS,
    NV,
    PRODUCES,
    TRACK_COMMODITY,
    TRACKS,
    VERT_HEXES,
    VERT_NEIGH,
    WIN_VP,
)
from .state import CatanState

PIPS = {0: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
LEADER_GUARD = 10  # a leader with this many VP must offer more (see _leader_bar)


def spot_value(s: CatanState, v: int, p: int | None = None) -> float:
    """Pips around vertex v, with a bonus for kinds p does not produce yet."""
    have = production(s, p) if p is not None else [0.0] * 5
    val = 0.0
    for h in VERT_HEXES[v]:
        k = PRODUCES[s.terrain[h]][0]
        if k < 0 or h == s.robber:
            continue
        pip = PIPS[s.number[h]]
        val += pip * (1.3 if have[k] == 0 else 1.0)
    return val


def production(s: CatanState, p: int) -> list[float]:
    """Expected pips per resource kind from p's buildings (cities double)."""
    out = [0.0] * 5
    for v in range(NV):
        if s.owner[v] != p:
            continue
        mult = 2 if s.btype[v] == 2 else 1
        for h in VERT_HEXES[v]:
            k = PRODUCES[s.terrain[h]][0]
            if k >= 0 and h != s.robber:
                out[k] += PIPS[s.number[h]] * mult
    return out


def _worth(s: CatanState, p: int) -> float:
    vp = s.vp(p)
    prod = sum(production(s, p))
    w = vp + prod * 0.05 + min(s.cards(p), s.limit(p)) * 0.04 + sum(s.impr[p]) * 0.22
    w += s.knight_strength(p) * 0.12 + len(s.prog[p]) * 0.15
    if s.winner == p:
        w += 6.0
    return w


def evaluate(s: CatanState, seat: int) -> float:
    """Own worth minus the best other worth (points, roughly VP)."""
    mine = _worth(s, seat)
    best = max(_worth(s, q) for q in range(s.players) if q != seat)
    return mine - best


def _leader(s: CatanState, seat: int) -> int:
    others = [q for q in range(s.players) if q != seat]
    return max(others, key=lambda q: (s.vp(q), s.cards(q)))


def _needs(s: CatanState, p: int) -> dict:
    """The next build p aims for, as a cost."""
    if s.settlements(p) and s._city_piece_free(p):
        return COSTS["city"]
    if s.settlement_spots(p):
        return COSTS["settlement"]
    for t in range(3):
        if s.cities(p) and s.impr[p][t] < 5:
            return {TRACK_COMMODITY[TRACKS[t]]: s.impr[p][t] + 1}
    return COSTS["road"]


class _Ctx:
    """What `_score_main` reads about p once per decision (computed lazily, so a call that scores one
    action costs no more than before)."""

    __slots__ = ("s", "p", "_threat", "_spots", "_need")

    def __init__(self, s: CatanState, p: int) -> None:
        self.s, self.p = s, p
        self._threat = self._spots = self._need = None

    def threat(self) -> bool:
        """Barbarians close, too strong for every knight now, and p has a city they could take."""
        if self._threat is None:
            s, p = self.s, self.p
            self._threat = (s.barb >= 4 and s.barbarian_strength() > sum(s.knight_strength(q) for q in range(s.players))
                            and any(v not in s.metro for v in s.cities(p)))
        return self._threat

    def spots(self) -> bool:
        if self._spots is None:
            self._spots = bool(self.s.settlement_spots(self.p))
        return self._spots

    def need(self) -> dict:
        if self._need is None:
            self._need = _needs(self.s, self.p)
        return self._need


def _score_main(s: CatanState, p: int, a: tuple, ctx: _Ctx | None = None) -> float:
    kind = a[0]
    if kind == "city":
        return 100 + spot_value(s, a[1])
    if kind == "settlement":
        return 90 + spot_value(s, a[1], p)
    if kind == "improve":
        return 80 + s.impr[p][KIDX_T[a[1]]] * 2 - (5 if a[1] == "trade" else 0)
    if kind == "play":
        return 70
    if ctx is None:
        ctx = _Ctx(s, p)
    if kind == "activate":
        return 75 if ctx.threat() else 20
    if kind == "knight":
        return 60 if ctx.threat() else 25
    if kind == "promote":
        return 30
    if kind == "wall":
        return 35 if s.cards(p) > 7 else 15
    if kind == "road":
        if ctx.spots():
            return 10
        best = 0.0
        for v in EDGES[a[1]]:
            if s.owner[v] == -1 and all(s.owner[w] == -1 for w in _neigh(v)):
                best = max(best, spot_value(s, v, p))
        return 40 + best
    if kind == "chase":
        return 50
    if kind == "bank":
        need = ctx.need()
        g, k = KIDX[a[1]], KIDX[a[2]]
        h = s.hands[p]
        if k in need and h[k] < need[k] and (g not in need or h[g] - s.rate(p, g) >= need[g]):
            return 45
        return -10
    if kind in ("move_knight", "displace"):
        return 5 if kind == "move_knight" else 33
    if kind == "end":
        return 0
    return -20  # offers


KIDX_T = {t: i for i, t in enumerate(TRACKS)}


def _neigh(v: int) -> tuple:
    return VERT_NEIGH[v]


def _robber_hex(s: CatanState, p: int, acts: list) -> tuple:
    lead = _leader(s, p)
    best, pick = -1e9, acts[0]
    for a in acts:
        h = a[1]
        mine = any(s.owner[v] == p for v in HEX_VERTS[h])
        theirs = sum(2 if s.btype[v] == 2 else 1 for v in HEX_VERTS[h] if s.owner[v] == lead)
        other = sum(1 for v in HEX_VERTS[h] if s.owner[v] not in (-1, p))
        val = PIPS[s.number[h]] * (theirs * 2 + other) - (100 if mine else 0)
        if val > best:
            best, pick = val, a
    return pick


def _copy_value(i: int, want: int) -> float:
    """What the i-th card (from 1) of a kind is worth to a player whose next build uses `want` of it: 2
    inside that cost, 1 for the first card beyond it, 0.5 for each further one (a surplus the player would
    happily trade away, and would lose to a 7 first)."""
    return 2.0 if i <= want else 1.0 if i == want + 1 else 0.5


def _merit(s: CatanState, p: int, gets: list[int], gives: list[int]) -> float:
    """What a trade is worth to p: the cards it gets minus the cards it gives, each at `_copy_value` (so 2
    spare bricks out of 4 for the grain p lacks is worth 2 - 0.5 - 0.5 = 1, out of 2 only 0.5)."""
    need, h = _needs(s, p), s.hands[p]
    val = 0.0
    for k in range(len(h)):
        want = need.get(k, 0)
        val += sum(_copy_value(h[k] + i, want) for i in range(1, gets[k] + 1))
        val -= sum(_copy_value(h[k] - i, want) for i in range(gives[k]))
    return val


def _leader_bar(s: CatanState, p: int, off: int) -> float:
    """The merit p asks before helping `off`: more from the leader, nothing is enough one step from the win."""
    vp = s.vp(off)
    if vp >= WIN_VP - 1:
        return 1e9
    if vp >= LEADER_GUARD and vp > max(s.vp(q) for q in range(s.players) if q != off):
        return 2.0
    return 1.0


def counter_plan(s: CatanState, p: int, top: dict) -> tuple[list[int], list[int]] | None:
    """(give, get) p would trade instead of the open offer `top`, or None (then p declines).

    p takes every card offered to it (the offerer holds them) and gives as many cards as were asked: first
    the asked kinds it can spare (beyond its next build's cost), then its own most plentiful spare kinds in
    their place; then it gives one card less (the last chosen first) while the deal is worth less than
    `_leader_bar`. No counter when p would give nothing, when the result is the offer itself (accept that),
    or when even taking everything for one card is not worth the bar (a player a step from the win)."""
    bar = _leader_bar(s, p, top["p"])
    gets, asked = list(top["give"]), top["get"]
    need, h = _needs(s, p), s.hands[p]
    spare = [0 if gets[k] else max(0, h[k] - need.get(k, 0)) for k in range(len(h))]
    chosen: list[int] = []
    for k in range(len(h)):
        take = min(asked[k], spare[k])
        chosen += [k] * take
        spare[k] -= take
    while len(chosen) < sum(asked) and any(spare):
        k = max(range(len(h)), key=lambda j: (spare[j], -j))
        chosen.append(k)
        spare[k] -= 1
    give = [0] * len(h)
    for k in chosen:
        give[k] += 1
    while chosen and _merit(s, p, gets, give) < bar:
        give[chosen.pop()] -= 1
    if not chosen or (give == list(asked) and gets == list(top["give"])):
        return None
    return give, gets


def _counter_step(s: CatanState, p: int, top: dict, acts: list) -> tuple:
    """The next edit from the counter being built (it starts from the offer's mirror) towards the plan:
    removals first, then additions, then send; "back" when the plan is gone or a step is not allowed."""
    plan = counter_plan(s, p, top)
    r = top["replies"][p]
    if plan is None:
        return ("back",)
    for side, want in zip(("give", "get"), plan):
        for k in range(len(want)):
            if r[side][k] > want[k]:
                a = ("un" + side, KINDS[k])
                return a if a in acts else ("back",)
    for side, want in zip(("give", "get"), plan):
        for k in range(len(want)):
            if r[side][k] < want[k]:
                a = (side, KINDS[k])
                return a if a in acts else ("back",)
    return ("send",) if ("send",) in acts else ("back",)


def _reply(s: CatanState, p: int, top: dict, acts: list) -> tuple:
    """Answer an offer on its merit for me: accept when worth the bar, else counter with `counter_plan`,
    else decline; while building the counter, its next step."""
    if top["replies"][p] is not None:
        return _counter_step(s, p, top, acts)
    if ("accept",) in acts and _merit(s, p, top["give"], top["get"]) >= _leader_bar(s, p, top["p"]):
        return ("accept",)
    if ("counter",) in acts and counter_plan(s, p, top) is not None:
        return ("counter",)
    return ("decline",)


def wanted_trade(s: CatanState, p: int) -> tuple[int, int] | None:
    """(kind to give, kind to get) when one card stands between p and its next build and p holds a card
    that build does not use (the one it holds most of)."""
    need, h = _needs(s, p), s.hands[p]
    short = [k for k in need if h[k] < need[k]]
    if len(short) != 1 or need[short[0]] - h[short[0]] != 1:
        return None
    spare = [k for k in range(len(h)) if h[k] > need.get(k, 0) and k != short[0]]
    if not spare:
        return None
    return max(spare, key=lambda k: (h[k] - need.get(k, 0), -k)), short[0]


def _build_offer(s: CatanState, p: int, top: dict) -> tuple:
    """One step of the bot's offer to everyone: the spare card, the missing card, send."""
    plan = wanted_trade(s, p)
    if plan is None:
        return ("back",)
    if not any(top["give"]):
        return ("give", KINDS[plan[0]])
    if not any(top["get"]):
        return ("get", KINDS[plan[1]])
    return ("send",)


def _confirm(s: CatanState, p: int, top: dict, acts: list) -> tuple:
    """The deal worth most to me, or cancel when none is worth anything; a leader's deal must be worth the
    leader's bar (`_leader_bar`: nothing is enough for a player a step from the win)."""
    best, pick = 0.0, ("cancel",)
    for a in acts:
        if a[0] == "trade":
            r = top["replies"][a[1]]
            gets, gives = (top["get"], top["give"]) if r["r"] == "accept" else (r["give"], r["get"])
            m = _merit(s, p, gets, gives)
            bar = _leader_bar(s, p, a[1])
            if m > best and (bar <= 1.0 or m >= bar):
                best, pick = m, a
    return pick


def greedy(s: CatanState, seat: int, rng: Rng) -> tuple:
    """The policy, and in the action phase one offer to the players per turn when a card is missing."""
    a = policy(s, seat, rng)
    if a == ("end",) and s.offers == 0 and s._can_offer(seat) and wanted_trade(s, seat) is not None:
        return ("offer",)
    return a


def policy(s: CatanState, seat: int, rng: Rng) -> tuple:
    """A sensible legal action, quickly."""
    acts = s.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    top = s.stack[-1]
    k = top["k"]
    if k == "setup_place":
        return max(acts, key=lambda a: spot_value(s, a[1], seat) + rng.random() * 0.1)
    if k == "setup_road":
        return max(acts, key=lambda a: max(spot_value(s, v, seat) for v in EDGES[a[1]]) + rng.random() * 0.1)
    if k == "roll":
        return ("roll",)
    if k == "discard":
        h = s.hands[seat]
        return max(acts, key=lambda a: h[KIDX[a[1]]])
    if k == "robber":
        return _robber_hex(s, seat, acts)
    if k == "steal":
        return max(acts, key=lambda a: (s.vp(a[1]), s.cards(a[1])))
    if k == "offer":
        return _reply(s, seat, top, acts)
    if k == "confirm":
        return _confirm(s, seat, top, acts)
    if k == "make_offer":
        return _build_offer(s, seat, top)
    if k == "aqueduct":
        need = _needs(s, seat)
        for a in acts:
            if KIDX[a[1]] in need:
                return a
        return acts[0]
    if k in ("pillage", "metropolis"):
        return min(acts, key=lambda a: spot_value(s, a[1])) if k == "pillage" else \
            max(acts, key=lambda a: spot_value(s, a[1]))
    if k == "main":
        best, pick = -1e9, ("end",)
        ctx = _Ctx(s, seat)
        for a in acts:
            sc = _score_main(s, seat, a, ctx) + rng.random()
            if sc > best:
                best, pick = sc, a
        return pick
    if k == "card":
        c = top["card"]
        if c == "commercial_harbor":
            h = s.hands[seat]
            opts = [a for a in acts if a[0] == "harbor"]
            if opts:
                return max(opts, key=lambda a: h[KIDX[a[2]]])
        if c in ("resource_monopoly", "trade_monopoly"):
            need = _needs(s, seat)
            for a in acts:
                if KIDX[a[1]] in need:
                    return a
        if c == "master_merchant" or c == "spy":
            return acts[rng.below(len(acts))]
        non_stop = [a for a in acts if a[0] != "stop"]
        if non_stop:
            if c in ("road_building", "diplomat_move"):
                ctx = _Ctx(s, seat)
                return max(non_stop, key=lambda a: _score_main(s, seat, ("road", a[1]), ctx))
            return non_stop[rng.below(len(non_stop))]
        return acts[0]
    return acts[rng.below(len(acts))]


def _one_per_kind(ranked: list) -> list:
    """The best action of each kind first (a city, a settlement, an improvement, the end of the turn...),
    then the rest: the few candidates the search keeps are different plans, not three roads."""
    heads, rest, seen = [], [], set()
    for a in ranked:
        (rest if a[0] in seen else heads).append(a)
        seen.add(a[0])
    return heads + rest


def order(s: CatanState, seat: int) -> list:
    """Legal actions best first (the search keeps the first few)."""
    acts = s.legal_actions(seat)
    top = s.stack[-1] if s.stack else None
    if top is None:
        return acts
    first = greedy(s, seat, Rng(0))
    if top["k"] == "main":
        ctx = _Ctx(s, seat)
        # an offer only when the greedy plan makes one: the search does not weigh trades; and then ending the
        # turn is left out (an offer nobody takes returns to this decision: ending now is never better, and
        # rollouts, whose opponents' hands are guesses, would seldom see a taker and keep the first, "end")
        acts = [a for a in acts if (a[0] != "offer" or a == first) and (first != ("offer",) or a != ("end",))]
        ranked = _one_per_kind(sorted(acts, key=lambda a: -_score_main(s, seat, a, ctx)))
    elif top["k"] in ("make_offer", "offer"):
        # building an offer follows the plan step by step; an answer (accept, counter and its steps, decline)
        # is the heuristic's: rollouts never trade, so a search would only see that a counter may be refused
        return [first]
    elif top["k"] in ("setup_place",):
        ranked = sorted(acts, key=lambda a: -spot_value(s, a[1], seat))
    else:
        ranked = list(acts)
    if first not in ranked:
        return ranked
    ranked.remove(first)
    return [first] + ranked


# Moves a page shows without a pause (bots.heuristics.quick_move): rolling the dice and ending the turn.
QUICK = kind_in(frozenset({"roll", "end"}))

HEURISTICS = Heuristics(policy=policy, greedy=greedy, evaluate=evaluate, scale=3.0, rollout_depth=16, order=order,
                        prior=True, quick=QUICK)
