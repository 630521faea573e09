"""Catan: Cities & Knights (id `catan-ck`), 3-4 players: the state and every rule.

See the package docstring (`__init__.py`) for the rules implemented and the decisions taken on unclear
points. Every choice is a small decision on `self.stack` (top = last): entries are JSON-safe dicts with
a kind `k` and, for one-seat decisions, the seat `p`. Kinds starting with "@" are automatic steps run by
`_settle` once every decision above them is resolved (e.g. production waits for an attack's pillage
choices). Two kinds are simultaneous: "discard" (7, Saboteur, Wedding: every seat with `need` > 0) and
"offer" (every other seat answers a trade offer).
"""

from __future__ import annotations

from ...core import Game, Rng, State
from ...core.events import PER_EVENT, Events, clone_mixed, draw, load_mixed, mark_mixed, put
from .data import (
    BANK_START,
    BARBARIAN_TRACK,
    BEGINNER,
    BEGINNER_HARBOURS,
    CARD_TRACK,
    COMMODITIES,
    CORNER_STARTS,
    COSTS,
    DECKS,
    EDGES,
    EVENT_FACES,
    GRAIN,
    HARBOUR_EDGES,
    HARBOUR_SET,
    HARVEST,
    HEX_NEIGH,
    HEX_VERTS,
    HEXES,
    KIDX,
    KINDS,
    KNIGHTS_PER_LEVEL,
    MONOPOLY,
    NE_,
    NH,
    NV,
    PIECES,
    PRODUCES,
    RESOURCES,
    TERRAIN_SET,
    TOKENS_AZ,
    TRACK_COMMODITY,
    TRACKS,
    VERT_EDGES,
    VERT_HEXES,
    VERT_NEIGH,
    VP_CARDS,
    WIN_VP,
    deck_cards,
    spiral,
)
from .legality import NO_INVENTOR, is_legal
from .trade import TradeMixin

TIDX = {t: i for i, t in enumerate(TRACKS)}
NK = len(KINDS)
# The log keeps the whole game (the page shows all of it): a game of random moves, far longer than a real one,
# logs about one entry a move (4,109 after 4,102 moves). The bound only stops a runaway game: 5,000 entries
# are about 37,000 values, within the 50,000 a guest accepts in one view (web/render/schema.py).
LOG_KEEP = 5000


def _copy(x):
    if isinstance(x, list):
        return [_copy(y) for y in x]
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    return x


class CatanState(TradeMixin, State):
    """One game of Cities & Knights in progress."""

    FIELDS = ("terrain", "number", "robber", "harbours", "owner", "btype", "wall", "sideways", "metro",
              "metro_locked", "road", "kn_owner", "kn_level", "kn_active", "kn_ready", "kn_promoted", "hands",
              "bank", "impr", "prog", "decks", "vpcards", "defender", "merchant", "merchant_owner", "barb",
              "robber_active", "attacks", "longest", "road_len", "turn", "turn_no", "setup_i", "stack",
              "fleet", "crane", "offers", "log", "history", "dice", "winner", "lost_metro", "sums")

    _FLAT = ("terrain", "number", "owner", "btype", "wall", "sideways", "metro", "metro_locked", "road", "kn_owner",
             "kn_level", "kn_active", "kn_ready", "kn_promoted", "bank", "defender", "road_len", "fleet", "sums")
    _NESTED = ("harbours", "hands", "impr", "prog", "decks", "vpcards", "lost_metro")
    _SCALAR = ("robber", "merchant", "merchant_owner", "barb", "robber_active", "attacks", "longest", "turn",
               "turn_no", "setup_i", "crane", "offers", "winner")

    # ---- construction ------------------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> CatanState:
        s = cls.__new__(cls)
        s.game, s.players, s.opts, s.rng = game, players, options, rng
        if options["board"] == "beginner":
            s.terrain = [BEGINNER[h][0] for h in HEXES]
            s.number = [BEGINNER[h][1] for h in HEXES]
            kinds = list(BEGINNER_HARBOURS)
        else:
            s.terrain, s.number = _random_board(rng, options["spiral"] == "clockwise")
            kinds = list(HARBOUR_SET)
            rng.shuffle(kinds)
        s.harbours = [[HARBOUR_EDGES[i], kinds[i]] for i in range(9)]
        s.robber = s.terrain.index("desert")
        s.owner, s.btype, s.wall, s.sideways = [-1] * NV, [0] * NV, [False] * NV, [False] * NV
        s.metro, s.metro_locked, s.lost_metro = [-1, -1, -1], [False] * 3, [[] for _ in range(3)]
        s.road = [-1] * NE_
        s.kn_owner, s.kn_level = [-1] * NV, [0] * NV
        s.kn_active, s.kn_ready, s.kn_promoted = [False] * NV, [False] * NV, [False] * NV
        s.hands = [[0] * NK for _ in range(players)]
        s.bank = list(BANK_START)
        s.impr = [[0, 0, 0] for _ in range(players)]
        s.prog = [[] for _ in range(players)]
        s.decks = []
        for t in TRACKS:
            d = deck_cards(t)
            rng.shuffle(d)
            s.decks.append(d)
        s.ev, s.mix = None, {}
        if options["randomness"] == PER_EVENT:
            s.mix_decks()
        s.vpcards = [[] for _ in range(players)]
        s.defender = [0] * players
        s.merchant, s.merchant_owner = -1, -1
        s.barb, s.robber_active, s.attacks = 0, False, 0
        s.longest, s.road_len = -1, [0] * players
        s.turn, s.turn_no, s.setup_i = 0, 0, 0
        s.stack = [{"k": "setup_place", "p": 0, "round": 1}]
        s.fleet, s.crane, s.offers = [], False, 0
        s.log, s.history, s.dice, s.winner = [], [], None, -1
        s.sums = [0] * 13  # how often each dice sum (index 2-12) came up this game: public
        return s

    def clone(self) -> CatanState:
        s = CatanState.__new__(CatanState)
        s.game, s.players, s.opts, s.rng = self.game, self.players, self.opts, self.rng.clone()
        s.ev, s.mix = self.ev and self.ev.clone(), clone_mixed(self.mix)
        for f in self._FLAT:
            setattr(s, f, list(getattr(self, f)))
        for f in self._NESTED:
            setattr(s, f, [list(x) for x in getattr(self, f)])
        for f in self._SCALAR:
            setattr(s, f, getattr(self, f))
        s.stack = _copy(self.stack)
        s.dice = dict(self.dice) if self.dice else None
        s.log = list(self.log)  # entries are never changed
        s.history = list(self.history)
        s.record = self.record.copy()
        return s

    def dump(self) -> dict:
        d = {f: getattr(self, f) for f in self.FIELDS}
        d["rng"] = self.rng.to_json()
        d["ev"], d["mix"] = self.ev and self.ev.to_json(), self.mix
        return _copy(d)

    @classmethod
    def load(cls, game: Game, data: dict) -> CatanState:
        s = cls.blank(game, data)
        s.rng = Rng.from_json(data["rng"])
        for f in cls.FIELDS:
            setattr(s, f, _copy(data[f]) if f in data or f != "sums" else [0] * 13)  # saves before the tally
        n = s.players
        if (len(s.terrain) != NH or len(s.owner) != NV or len(s.road) != NE_ or len(s.hands) != n
                or any(len(h) != NK for h in s.hands) or len(s.decks) != 3 or not isinstance(s.stack, list)):
            raise ValueError("bad table sizes")
        s.ev = Events.from_json(data.get("ev"))
        s.mix = load_mixed(data.get("mix"), {t: len(s.decks[i]) for i, t in enumerate(TRACKS)})
        for h in s.hands:
            if any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in h):
                raise ValueError("bad hand")
        return s

    # ---- small queries ------------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        if self.winner >= 0 or not self.stack:
            return ()
        top = self.stack[-1]
        k = top["k"]
        if k == "discard":
            return tuple(i for i, x in enumerate(top["need"]) if x > 0)
        if k == "offer":
            return tuple(i for i, r in enumerate(top["replies"]) if r is None or r["r"] == "countering")
        return (top["p"],)

    def cards(self, p: int) -> int:
        return sum(self.hands[p])

    def limit(self, p: int) -> int:
        """The 7-limit: 7 + 2 per city wall."""
        return 7 + 2 * sum(1 for v in range(NV) if self.wall[v] and self.owner[v] == p)

    def walls(self, p: int) -> int:
        return sum(1 for v in range(NV) if self.wall[v] and self.owner[v] == p)

    def cities(self, p: int) -> list[int]:
        return [v for v in range(NV) if self.owner[v] == p and self.btype[v] == 2]

    def settlements(self, p: int) -> list[int]:
        return [v for v in range(NV) if self.owner[v] == p and self.btype[v] == 1]

    def metros_of(self, p: int) -> list[int]:
        return [v for v in self.metro if v >= 0 and self.owner[v] == p]

    def knight_strength(self, p: int) -> int:
        """Sum of the levels of p's active knights."""
        return sum(self.kn_level[v] for v in range(NV) if self.kn_owner[v] == p and self.kn_active[v])

    def knights_of(self, p: int, level: int | None = None) -> list[int]:
        return [v for v in range(NV) if self.kn_owner[v] == p and (level is None or self.kn_level[v] == level)]

    def vp_parts(self, p: int) -> dict:
        """Victory points by source."""
        setts = cities = 0
        btype = self.btype
        for v, o in enumerate(self.owner):
            if o == p:
                if btype[v] == 2:
                    cities += 1
                else:
                    setts += 1
        return {"settlements": setts, "cities": 2 * cities, "metropolises": 2 * len(self.metros_of(p)),
                "longest_road": 2 if self.longest == p else 0, "defender": self.defender[p],
                "progress": len(self.vpcards[p]), "merchant": 1 if self.merchant_owner == p else 0}

    def vp(self, p: int) -> int:
        """Sum of vp_parts(p), computed without building the dict (it runs after every step)."""
        n = 0
        btype = self.btype
        for v, o in enumerate(self.owner):
            if o == p:
                n += 2 if btype[v] == 2 else 1
        for v in self.metro:
            if v >= 0 and self.owner[v] == p:
                n += 2
        if self.longest == p:
            n += 2
        if self.merchant_owner == p:
            n += 1
        return n + self.defender[p] + len(self.vpcards[p])

    def scores(self) -> list[int]:
        return [self.vp(p) for p in range(self.players)]

    def result(self) -> dict:
        """The winner (13 VP on their own turn) ranks first; the others by VP."""
        sc = self.scores()
        keys = [(1 if p == self.winner else 0, sc[p]) for p in range(self.players)]
        ranks = [1 + sum(1 for o in keys if o > k) for k in keys]
        return {"scores": sc, "ranks": ranks, "winners": [i for i, r in enumerate(ranks) if r == 1]}

    def is_over(self) -> bool:
        return self.winner >= 0

    # ---- board helpers ------------------------------------------------------------------------------
    def _blocked_for(self, p: int, v: int) -> bool:
        """Another player's building or knight stands on v (a route of p cannot pass)."""
        o, k = self.owner[v], self.kn_owner[v]
        return (o != -1 and o != p) or (k != -1 and k != p)

    def _touches_road(self, p: int, v: int) -> bool:
        road = self.road
        return any(road[e] == p for e in VERT_EDGES[v])

    def _empty(self, v: int) -> bool:
        return self.owner[v] == -1 and self.kn_owner[v] == -1

    def road_spot(self, p: int, e: int) -> bool:
        """Edge e is free and joins p's building, or p's road through a vertex no opponent piece blocks."""
        road, owner = self.road, self.owner
        if road[e] != -1:
            return False
        for v in EDGES[e]:
            if owner[v] == p or (not self._blocked_for(p, v) and any(road[f] == p for f in VERT_EDGES[v] if f != e)):
                return True
        return False

    def road_spots(self, p: int) -> list[int]:
        """Free edges p may build a road on (`road_spot`)."""
        return [e for e in range(NE_) if self.road_spot(p, e)]

    def _road_ends(self, p: int) -> list[int]:
        """Vertices touching a road of p, in id order."""
        road = self.road
        return sorted({v for e in range(NE_) if road[e] == p for v in EDGES[e]})

    def free_spot(self, v: int) -> bool:
        """Vertex v is empty and no building stands next to it (the distance rule)."""
        owner = self.owner
        return owner[v] == -1 and self.kn_owner[v] == -1 and all(owner[w] == -1 for w in VERT_NEIGH[v])

    def settlement_spots(self, p: int, setup: bool = False) -> list[int]:
        return [v for v in (range(NV) if setup else self._road_ends(p)) if self.free_spot(v)]

    def knight_spot(self, p: int, v: int) -> bool:
        """Vertex v is empty and touches p's road."""
        return self._empty(v) and self._touches_road(p, v)

    def knight_spots(self, p: int) -> list[int]:
        owner, kno = self.owner, self.kn_owner
        return [v for v in self._road_ends(p) if owner[v] == -1 and kno[v] == -1]

    def _reach(self, p: int, start: int) -> tuple[list[int], list[int]]:
        """From a knight of p at `start` along p's roads: empty vertices reached, opposing knights met."""
        seen = {start}
        todo = [start]
        empties, foes = [], []
        road, owner, kno = self.road, self.owner, self.kn_owner
        while todo:
            v = todo.pop()
            for e in VERT_EDGES[v]:
                if road[e] != p:
                    continue
                a, b = EDGES[e]
                w = b if a == v else a
                if w in seen:
                    continue
                seen.add(w)
                if owner[w] != -1 and owner[w] != p:
                    continue
                if kno[w] != -1 and kno[w] != p:
                    foes.append(w)
                    continue
                if owner[w] == -1 and kno[w] == -1:
                    empties.append(w)
                todo.append(w)
        return sorted(empties), sorted(foes)

    def rate(self, p: int, k: int) -> int:
        """Best bank rate for giving kind k (4:1, harbours, merchant, trade level 3, Merchant Fleet)."""
        best = 4
        for e, kind in self.harbours:
            a, b = EDGES[e]
            if self.owner[a] == p or self.owner[b] == p:
                if kind == "3:1":
                    best = min(best, 3)
                elif k < 5 and KIDX[kind] == k:
                    best = 2
        if best > 2 and k < 5 and self.merchant_owner == p and PRODUCES[self.terrain[self.merchant]][0] == k:
            best = 2
        if best > 2 and k >= 5 and self.impr[p][0] >= 3:
            best = 2
        if best > 2 and k in self.fleet:
            best = 2
        return best

    def _pay(self, p: int, cost: dict) -> None:
        h = self.hands[p]
        for k, n in cost.items():
            h[k] -= n
            self.bank[k] += n

    def _can_pay(self, p: int, cost: dict) -> bool:
        h = self.hands[p]
        return all(h[k] >= n for k, n in cost.items())

    def _gain(self, p: int, k: int, n: int) -> int:
        n = min(n, self.bank[k])
        self.bank[k] -= n
        self.hands[p][k] += n
        return n

    def _move(self, src: int, dst: int, k: int, n: int = 1) -> None:
        self.hands[src][k] -= n
        self.hands[dst][k] += n

    def _log(self, seat, key: str, params: dict | None = None, to: list | None = None,
             secret: dict | None = None) -> None:
        self.log.append([seat, key, params or {}, to, secret])
        if len(self.log) > LOG_KEEP:
            del self.log[:len(self.log) - LOG_KEEP]

    def longest_route(self, p: int) -> int:
        """Longest trail of p's roads; an opponent's building or knight splits it."""
        mine = [e for e in range(NE_) if self.road[e] == p]
        if not mine:
            return 0
        adj: dict[int, list[tuple[int, int]]] = {}
        for e in mine:
            a, b = EDGES[e]
            adj.setdefault(a, []).append((e, b))
            adj.setdefault(b, []).append((e, a))
        best = 0
        used = set()

        def dfs(v: int, length: int, first: bool) -> None:
            nonlocal best
            if length > best:
                best = length
            if not first and self._blocked_for(p, v):
                return
            for e, w in adj[v]:
                if e not in used:
                    used.add(e)
                    dfs(w, length + 1, False)
                    used.discard(e)

        for v in adj:
            dfs(v, 0, True)
        return best

    def _update_longest(self) -> None:
        """Longest Road (5+): passes only to a strictly longer route; set aside when nobody has a unique
        longest route and the holder lost theirs."""
        lens = [self.longest_route(p) for p in range(self.players)]
        self.road_len = lens
        best = max(lens)
        old = self.longest
        if old >= 0 and lens[old] >= 5 and lens[old] == best:
            return
        cands = [p for p in range(self.players) if lens[p] == best and best >= 5]
        self.longest = cands[0] if len(cands) == 1 else -1
        if self.longest != old:
            self._log(self.longest if self.longest >= 0 else None, "longest_road", {"from": old, "length": best})

    # ---- legal actions ------------------------------------------------------------------------------
    def is_legal(self, seat: int, action: tuple) -> bool:
        """Exactly membership in `legal_actions(seat)`, types compared, decided from the few fields the
        action concerns (legality.py)."""
        return is_legal(self, seat, action)

    def legal_actions(self, seat: int) -> list:
        if seat not in self.to_move():
            return []
        top = self.stack[-1]
        return getattr(self, "_legal_" + top["k"])(seat, top)

    def _legal_setup_place(self, p: int, top: dict) -> list:
        return [("place", v) for v in self.settlement_spots(p, setup=True)]

    def _legal_setup_road(self, p: int, top: dict) -> list:
        return [("road", e) for e in VERT_EDGES[top["v"]] if self.road[e] == -1]

    def _legal_roll(self, p: int, top: dict) -> list:
        acts = [("roll",)]
        if "alchemist" in self.prog[p]:
            acts.append(("play", "alchemist"))
        return acts

    def _legal_alchemist(self, p: int, top: dict) -> list:
        return [("dice", y, r) for y in range(1, 7) for r in range(1, 7)]

    def _legal_pillage(self, p: int, top: dict) -> list:
        return [("pillage", v) for v in self.cities(p) if v not in self.metro]

    def _legal_defender_draw(self, p: int, top: dict) -> list:
        return [("deck", t) for i, t in enumerate(TRACKS) if self.decks[i]]

    def _legal_toss(self, p: int, top: dict) -> list:
        return [("toss", c) for c in sorted(set(self.prog[p]))]

    def _legal_discard(self, p: int, top: dict) -> list:
        h = self.hands[p]
        return [("discard", KINDS[k]) for k in range(NK) if h[k] > 0]

    def _legal_robber(self, p: int, top: dict) -> list:
        return [("robber", h) for h in range(NH) if h != self.robber]

    def _legal_steal(self, p: int, top: dict) -> list:
        return [("steal", q) for q in top["victims"]]

    def _legal_aqueduct(self, p: int, top: dict) -> list:
        return [("take", r) for i, r in enumerate(RESOURCES) if self.bank[i] > 0]

    def _legal_metropolis(self, p: int, top: dict) -> list:
        return [("metropolis", v) for v in self.cities(p) if v not in self.metro]

    def relocate_spots(self, p: int, top: dict) -> list[int]:
        """Where a displaced knight may go: an empty spot touching its owner's roads other than the one it
        was driven from (Intrigue empties that spot, yet the knight must leave it)."""
        return [v for v in self.knight_spots(p) if v != top.get("from", -1)]

    def _legal_relocate(self, p: int, top: dict) -> list:
        spots = self.relocate_spots(p, top)
        return [("relocate", v) for v in spots] if spots else [("remove",)]

    def _legal_main(self, p: int, top: dict) -> list:
        acts: list = [("end",)]
        h = self.hands[p]
        if self._can_road(p):
            acts += [("road", e) for e in self.road_spots(p)]
        if self._can_settle(p):
            acts += [("settlement", v) for v in self.settlement_spots(p)]
        if self._can_city(p):
            acts += [("city", v) for v in self.settlements(p)]
        if self._can_wall(p):
            acts += [("wall", v) for v in self.cities(p) if not self.wall[v]]
        if self._can_recruit(p):
            acts += [("knight", v) for v in self.knight_spots(p)]
        mine = self.knights_of(p)
        if h[GRAIN] >= 1:
            acts += [("activate", v) for v in mine if not self.kn_active[v]]
        if self._can_pay(p, COSTS["knight"]):
            acts += [("promote", v) for v in mine if self._can_promote(p, v)]
        for t in range(3):
            if self._can_improve(p, t):
                acts.append(("improve", TRACKS[t]))
        for v in mine:
            if not self.kn_ready[v]:
                continue
            empties, foes = self._reach(p, v)
            acts += [("move_knight", v, w) for w in empties]
            acts += [("displace", v, w) for w in foes if self.kn_level[w] < self.kn_level[v]]
            if self.robber_active and self.robber in VERT_HEXES[v]:
                acts.append(("chase", v))
        for g in range(NK):
            if h[g] >= self.rate(p, g):
                acts += [("bank", KINDS[g], KINDS[k]) for k in range(NK) if k != g and self.bank[k] > 0]
        if self._can_offer(p):
            acts.append(("offer",))
        for c in sorted(set(self.prog[p])):
            if self._playable(p, c):
                acts.append(("play", c))
        return acts

    def _can_offer(self, p: int) -> bool:
        """p holds a card and has an offer left this turn (`max_offers`)."""
        return self.offers < self.opts["max_offers"] and any(self.hands[p]) and self.players > 1

    def _can_road(self, p: int) -> bool:
        """p holds a brick and a lumber and has a road piece left."""
        h = self.hands[p]
        return h[0] >= 1 and h[1] >= 1 and self.road.count(p) < PIECES["road"]

    def _can_settle(self, p: int) -> bool:
        """p can pay a settlement, has a settlement piece left and no city lying sideways."""
        if not self._can_pay(p, COSTS["settlement"]):
            return False
        mine = self.settlements(p)
        return not any(self.sideways[v] for v in mine) and len(mine) < PIECES["settlement"]

    def _can_city(self, p: int) -> bool:
        return self._can_pay(p, COSTS["city"]) and self._city_piece_free(p)

    def _can_wall(self, p: int) -> bool:
        """p holds 2 brick and has a wall left."""
        return self.hands[p][0] >= 2 and self.walls(p) < PIECES["wall"]

    def _can_recruit(self, p: int) -> bool:
        """p can pay a knight (1 wool 1 ore) and has a basic knight left."""
        return self._can_pay(p, COSTS["knight"]) and len(self.knights_of(p, 1)) < KNIGHTS_PER_LEVEL

    def _city_piece_free(self, p: int) -> bool:
        used = sum(1 for v in range(NV) if self.owner[v] == p and (self.btype[v] == 2 or self.sideways[v]))
        return used < PIECES["city"]

    def _can_promote(self, p: int, v: int, free: bool = False) -> bool:
        lvl = self.kn_level[v]
        if lvl >= 3 or self.kn_promoted[v]:
            return False
        if lvl == 2 and self.impr[p][1] < 3:
            return False
        return len(self.knights_of(p, lvl + 1)) < KNIGHTS_PER_LEVEL

    def improve_cost(self, p: int, t: int) -> int:
        return max(0, self.impr[p][t] + 1 - (1 if self.crane else 0))

    def _can_improve(self, p: int, t: int) -> bool:
        lvl = self.impr[p][t]
        if lvl >= 5 or not self.cities(p):
            return False
        if self.hands[p][TRACK_COMMODITY[TRACKS[t]]] < self.improve_cost(p, t):
            return False
        free = [v for v in self.cities(p) if v not in self.metro]
        if lvl + 1 == 4 and not free:
            return False
        if lvl + 1 == 5 and self._takes_metro(p, t) and not free:
            return False
        return True

    def _takes_metro(self, p: int, t: int) -> bool:
        """Would reaching level 5 on track t move that metropolis to p?"""
        v = self.metro[t]
        return v >= 0 and not self.metro_locked[t] and self.owner[v] != p

    # ---- the step -----------------------------------------------------------------------------------
    def step(self, seat: int, action: tuple) -> None:
        top = self.stack[-1]
        getattr(self, "_do_" + top["k"])(seat, action, top)
        self._settle()
        if self.winner < 0 and self.setup_i >= 2 * self.players and self.vp(self.turn) >= WIN_VP:
            self._finish(self.turn)

    def _finish(self, p: int) -> None:
        self.winner = p
        self.stack = []
        self._log(p, "win", {"vp": self.vp(p)})
        self.history.append({"winner": p, "vp": [self.vp_parts(q) for q in range(self.players)],
                             "total": self.scores()})

    def _settle(self) -> None:
        while self.stack and self.stack[-1]["k"].startswith("@"):
            top = self.stack.pop()
            getattr(self, "_auto_" + top["k"][1:])(top)

    # ---- set-up -------------------------------------------------------------------------------------
    def _setup_seat(self, i: int) -> int:
        n = self.players
        return i if i < n else 2 * n - 1 - i

    def _do_setup_place(self, p: int, a: tuple, top: dict) -> None:
        v = a[1]
        self.stack.pop()
        self.owner[v] = p
        if top["round"] == 1:
            self.btype[v] = 1
            self._log(p, "setup_settlement", {"v": v})
        else:
            self.btype[v] = 2
            got = [0] * NK
            for h in VERT_HEXES[v]:
                k = PRODUCES[self.terrain[h]][0]
                if k >= 0:
                    got[k] += self._gain(p, k, 1)
            self._log(p, "setup_city", {"v": v, "gain": got})
        self.stack.append({"k": "setup_road", "p": p, "v": v})

    def _do_setup_road(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        self.road[a[1]] = p
        self._log(p, "road", {"e": a[1]})
        self.setup_i += 1
        n = self.players
        if self.setup_i < 2 * n:
            q = self._setup_seat(self.setup_i)
            self.stack.append({"k": "setup_place", "p": q, "round": 1 if self.setup_i < n else 2})
        else:
            self._update_longest()
            self.turn, self.turn_no = 0, 1
            self.stack.append({"k": "roll", "p": 0})
            self._log(0, "turn", {"n": 1})

    # ---- the roll -----------------------------------------------------------------------------------
    def _do_roll(self, p: int, a: tuple, top: dict) -> None:
        if a[0] == "play":
            self.prog[p].remove("alchemist")
            self._log(p, "play", {"card": "alchemist"})
            self._to_bottom("alchemist")
            self.stack.pop()
            self.stack.append({"k": "alchemist", "p": p})
            return
        dice = self.event_rng("dice")
        self._roll(p, 1 + dice.below(6), 1 + dice.below(6))

    def _do_alchemist(self, p: int, a: tuple, top: dict) -> None:
        self._roll(p, a[1], a[2])

    def _roll(self, p: int, yellow: int, red: int) -> None:
        self.stack.pop()
        event = EVENT_FACES[self.event_rng("event").below(6)]
        self.dice = {"yellow": yellow, "red": red, "event": event}
        self.sums[yellow + red] += 1
        self._log(p, "roll", {"yellow": yellow, "red": red, "event": event})
        for v in range(NV):
            self.kn_ready[v] = self.kn_owner[v] == p and self.kn_active[v]
        self.stack.append({"k": "main", "p": p})
        self.stack.append({"k": "@produce", "total": yellow + red})
        if event == "ship":
            self.barb += 1
            self._log(None, "barbarians", {"at": self.barb})
            if self.barb >= BARBARIAN_TRACK:
                self._attack()
        else:
            self._gate(TIDX[event], red)

    def _gate(self, t: int, red: int) -> None:
        """Progress cards for each player whose level on track t lets the red die draw (1..level+1)."""
        order = [(self.turn + i) % self.players for i in range(self.players)]
        todo = []
        for q in order:
            lvl = self.impr[q][t]
            if lvl >= 1 and red <= lvl + 1 and self.decks[t]:
                todo.append(q)
        for q in reversed(todo):
            self.stack.append({"k": "@draw", "p": q, "t": t})

    def _auto_draw(self, top: dict) -> None:
        q, t = top["p"], top["t"]
        if self.decks[t]:
            self._give_card(q, self._draw_card(t))

    def mix_decks(self) -> None:
        """Leave the three progress decks in no order: each card is drawn at random when it is drawn
        (core/events.py), so nobody knows the order beforehand."""
        for track, deck in zip(TRACKS, self.decks):
            mark_mixed(deck, self.mix.setdefault(track, []))

    def _draw_card(self, t: int) -> str:
        """The top card of deck `t` (a random one of its unordered run, from the deck's event stream)."""
        track = TRACKS[t]
        return draw(self.decks[t], self.mix.get(track, []), True, lambda: self.event_rng(track))

    def _to_bottom(self, c: str) -> None:
        """A played or tossed progress card goes under its deck."""
        put(self.decks[TIDX[CARD_TRACK[c]]], self.mix.get(CARD_TRACK[c], []), c, at_end=False)

    def _give_card(self, q: int, card: str) -> None:
        """A progress card reaches q: VP cards are revealed at once; a hand over the limit discards."""
        if card in VP_CARDS:
            self.vpcards[q].append(card)
            self._log(q, "reveal", {"card": card})
            return
        self.prog[q].append(card)
        self.prog[q].sort()
        self._log(q, "draw", {"track": CARD_TRACK[card]}, [q], {"card": card})
        self._check_prog_limit(q)

    def _check_prog_limit(self, q: int) -> None:
        cap = 5 if q == self.turn and self.setup_i >= 2 * self.players and self._in_turn() else 4
        if len(self.prog[q]) > cap:
            self.stack.append({"k": "toss", "p": q, "cap": cap})

    def _in_turn(self) -> bool:
        return any(e["k"] == "main" for e in self.stack)

    def _do_toss(self, p: int, a: tuple, top: dict) -> None:
        c = a[1]
        self.prog[p].remove(c)
        self._to_bottom(c)
        self._log(p, "toss", {"track": CARD_TRACK[c]}, [p], {"card": c})
        if len(self.prog[p]) <= top["cap"]:
            self.stack.pop()

    # ---- barbarians ---------------------------------------------------------------------------------
    def barbarian_strength(self) -> int:
        n = sum(1 for v in range(NV) if self.btype[v] == 2)
        if not self.opts["metropolis_strength"]:
            n -= sum(1 for v in self.metro if v >= 0)
        return n

    def _attack(self) -> None:
        """Barbarians reach Catan: cities against active knights (reference 7.7)."""
        n = self.players
        strength = self.barbarian_strength()
        ks = [self.knight_strength(q) for q in range(n)]
        defence = sum(ks)
        order = [(self.turn + i) % n for i in range(n)]
        params = {"strength": strength, "defence": defence, "knights": ks}
        if defence >= strength:
            top = max(ks)
            best = [q for q in order if ks[q] == top and top > 0]
            if len(best) == 1:
                self.defender[best[0]] += 1
                self._log(best[0], "attack_won", dict(params, defender=best[0]))
            else:
                self._log(None, "attack_won", dict(params, tied=best))
                for q in reversed(best):
                    if any(self.decks):
                        self.stack.append({"k": "defender_draw", "p": q})
        else:
            eligible = [q for q in order if any(v not in self.metro for v in self.cities(q))]
            victims = []
            if eligible:
                low = min(ks[q] for q in eligible)
                victims = [q for q in eligible if ks[q] == low]
            self._log(None, "attack_lost", dict(params, victims=victims))
            for q in reversed(victims):
                cands = [v for v in self.cities(q) if v not in self.metro]
                if len(cands) == 1:
                    self._pillage(q, cands[0])
                else:
                    self.stack.append({"k": "pillage", "p": q})
        self.barb = 0
        self.attacks += 1
        self.robber_active = True
        for v in range(NV):
            self.kn_active[v] = self.kn_ready[v] = False

    def _pillage(self, q: int, v: int) -> None:
        self.btype[v] = 1
        self.wall[v] = False
        if sum(1 for w in range(NV) if self.owner[w] == q and self.btype[w] == 1 and not self.sideways[w]) > 5:
            self.sideways[v] = True
        self._log(q, "pillage", {"v": v, "sideways": self.sideways[v]})

    def _do_pillage(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        self._pillage(p, a[1])

    def _do_defender_draw(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        self._give_card(p, self._draw_card(TIDX[a[1]]))

    # ---- production and the 7 -----------------------------------------------------------------------
    def _auto_produce(self, top: dict) -> None:
        total = top["total"]
        n = self.players
        if total == 7:
            need = [self.cards(q) // 2 if self.cards(q) > self.limit(q) else 0 for q in range(n)]
            self.stack.append({"k": "@robber7"})
            if any(need):
                gone = [[0] * NK for _ in range(n)]
                self.stack.append({"k": "discard", "need": need, "to": -1, "why": "seven", "gone": gone})
            return
        owed = [[0] * NK for _ in range(n)]
        for h in range(NH):
            if self.number[h] != total or h == self.robber:
                continue
            res, com = PRODUCES[self.terrain[h]]
            for v in HEX_VERTS[h]:
                q = self.owner[v]
                if q < 0:
                    continue
                if self.btype[v] == 1:
                    owed[q][res] += 1
                elif com >= 0:
                    owed[q][res] += 1
                    owed[q][com] += 1
                else:
                    owed[q][res] += 2
        got = [[0] * NK for _ in range(n)]
        for k in range(NK):
            want = sum(owed[q][k] for q in range(n))
            if not want:
                continue
            takers = [q for q in range(n) if owed[q][k]]
            shortage_applies = k < 5 or self.opts["commodity_shortage"]
            if want <= self.bank[k]:
                for q in takers:
                    got[q][k] = self._gain(q, k, owed[q][k])
            elif len(takers) == 1 or not shortage_applies:
                for q in takers:
                    got[q][k] = self._gain(q, k, owed[q][k])
        self._log(None, "produce", {"total": total, "got": [[q, KINDS[k], got[q][k]] for q in range(n)
                                                            for k in range(NK) if got[q][k]]})
        order = [(self.turn + i) % n for i in range(n)]
        for q in reversed(order):
            if self.impr[q][2] >= 3 and not any(got[q]) and any(self.bank[:5]):
                self.stack.append({"k": "aqueduct", "p": q})

    def _do_aqueduct(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        k = KIDX[a[1]]
        self._gain(p, k, 1)
        self._log(p, "aqueduct", {"kind": a[1]})

    def _auto_robber7(self, top: dict) -> None:
        if self.robber_active:
            self.stack.append({"k": "robber", "p": self.turn, "then": "steal"})

    def _do_discard(self, p: int, a: tuple, top: dict) -> None:
        k = KIDX[a[1]]
        self.hands[p][k] -= 1
        if top["to"] >= 0:
            self.hands[top["to"]][k] += 1
        else:
            self.bank[k] += 1
        top["gone"][p][k] += 1
        top["need"][p] -= 1
        if top["need"][p] == 0:
            if top["to"] >= 0:
                self._log(p, "give", {"to": top["to"], "n": sum(top["gone"][p]), "why": top["why"]},
                          [p, top["to"]], {"cards": top["gone"][p]})
            else:
                self._log(p, "discard", {"cards": top["gone"][p], "why": top["why"]})
        if not any(top["need"]):
            self.stack.pop()

    def _do_robber(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        h = a[1]
        self.robber = h
        self._log(p, "robber", {"hex": h})
        victims = sorted({self.owner[v] for v in HEX_VERTS[h] if self.owner[v] not in (-1, p)})
        victims = [q for q in victims if self.cards(q) > 0]
        if top["then"] == "bishop":
            for q in victims:
                self._steal(p, q)
            return
        if len(victims) == 1:
            self._steal(p, victims[0])
        elif victims:
            self.stack.append({"k": "steal", "p": p, "victims": victims})

    def _steal(self, p: int, q: int) -> None:
        i = self.event_rng("steal").below(self.cards(q))
        for k in range(NK):
            if i < self.hands[q][k]:
                break
            i -= self.hands[q][k]
        self._move(q, p, k)
        self._log(p, "steal", {"from": q}, [p, q], {"kind": KINDS[k]})

    def _do_steal(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        self._steal(p, a[1])

    # ---- the action phase ---------------------------------------------------------------------------
    def _do_main(self, p: int, a: tuple, top: dict) -> None:
        kind = a[0]
        if kind == "end":
            self._end_turn(p)
        elif kind == "road":
            self._pay(p, COSTS["road"])
            self._place_road(p, a[1])
        elif kind == "settlement":
            self._pay(p, COSTS["settlement"])
            self.owner[a[1]], self.btype[a[1]] = p, 1
            self._log(p, "settlement", {"v": a[1]})
            self._update_longest()
        elif kind == "city":
            self._pay(p, COSTS["city"])
            self._make_city(p, a[1])
        elif kind == "wall":
            self._pay(p, COSTS["wall"])
            self.wall[a[1]] = True
            self._log(p, "wall", {"v": a[1]})
        elif kind == "knight":
            self._pay(p, COSTS["knight"])
            self._place_knight(p, a[1], 1)
        elif kind == "activate":
            self._pay(p, COSTS["activate"])
            self.kn_active[a[1]] = True
            self._log(p, "activate", {"v": a[1]})
        elif kind == "promote":
            self._pay(p, COSTS["promote"])
            self._promote(p, a[1])
        elif kind == "improve":
            self._improve(p, TIDX[a[1]])
        elif kind == "move_knight":
            self._relocate_knight(a[1], a[2])
            self.kn_active[a[2]] = self.kn_ready[a[2]] = False
            self._log(p, "move_knight", {"from": a[1], "to": a[2]})
            self._update_longest()
        elif kind == "displace":
            self._displace(p, a[1], a[2])
        elif kind == "chase":
            self.kn_active[a[1]] = self.kn_ready[a[1]] = False
            self._log(p, "chase", {"v": a[1]})
            self.stack.append({"k": "robber", "p": p, "then": "steal"})
        elif kind == "bank":
            g, k = KIDX[a[1]], KIDX[a[2]]
            r = self.rate(p, g)
            self.hands[p][g] -= r
            self.bank[g] += r
            self._gain(p, k, 1)
            self._log(p, "bank", {"give": a[1], "n": r, "get": a[2]})
        elif kind == "offer":
            self._start_offer(p)
        elif kind == "play":
            self._play(p, a[1])

    def _place_road(self, p: int, e: int) -> None:
        self.road[e] = p
        self._log(p, "road", {"e": e})
        self._update_longest()

    def _make_city(self, p: int, v: int) -> None:
        self.btype[v] = 2
        self.sideways[v] = False
        self._log(p, "city", {"v": v})

    def _place_knight(self, p: int, v: int, level: int, active: bool = False) -> None:
        self.kn_owner[v], self.kn_level[v] = p, level
        self.kn_active[v], self.kn_ready[v], self.kn_promoted[v] = active, False, False
        self._log(p, "knight", {"v": v, "level": level})
        self._update_longest()

    def _remove_knight(self, v: int) -> None:
        self.kn_owner[v], self.kn_level[v] = -1, 0
        self.kn_active[v] = self.kn_ready[v] = self.kn_promoted[v] = False

    def _relocate_knight(self, v: int, w: int) -> None:
        self.kn_owner[w], self.kn_level[w] = self.kn_owner[v], self.kn_level[v]
        self.kn_active[w], self.kn_ready[w], self.kn_promoted[w] = self.kn_active[v], self.kn_ready[v], \
            self.kn_promoted[v]
        self._remove_knight(v)

    def _promote(self, p: int, v: int) -> None:
        self.kn_level[v] += 1
        self.kn_promoted[v] = True
        self._log(p, "promote", {"v": v, "level": self.kn_level[v]})

    def _displace(self, p: int, v: int, w: int) -> None:
        """p's ready knight at v displaces the weaker knight at w: p's knight takes w (and is spent);
        the owner relocates theirs to an empty spot on their roads, or loses it."""
        q, lvl, act = self.kn_owner[w], self.kn_level[w], self.kn_active[w]
        self._remove_knight(w)
        self._relocate_knight(v, w)
        self.kn_active[w] = self.kn_ready[w] = False
        self._log(p, "displace", {"from": v, "to": w, "victim": q})
        self.stack.append({"k": "relocate", "p": q, "level": lvl, "active": act, "from": w})
        self._update_longest()

    def _do_relocate(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        if a[0] == "remove":
            self._log(p, "knight_lost", {"level": top["level"]})
            return
        v = a[1]
        self.kn_owner[v], self.kn_level[v] = p, top["level"]
        self.kn_active[v], self.kn_ready[v], self.kn_promoted[v] = top["active"], False, False
        self._log(p, "relocate", {"v": v})
        self._update_longest()

    def _improve(self, p: int, t: int) -> None:
        cost = self.improve_cost(p, t)
        com = TRACK_COMMODITY[TRACKS[t]]
        self.hands[p][com] -= cost
        self.bank[com] += cost
        if self.crane:
            self.crane = False
        self.impr[p][t] += 1
        lvl = self.impr[p][t]
        self._log(p, "improve", {"track": TRACKS[t], "level": lvl, "paid": cost})
        if lvl == 4 and self.metro[t] == -1:
            self._claim_metro(p, t)
        elif lvl == 5:
            if self.metro[t] >= 0 and self.owner[self.metro[t]] == p:
                self.metro_locked[t] = True
            elif self._takes_metro(p, t):
                old = self.owner[self.metro[t]]
                self.lost_metro[t].append(old)
                self._log(old, "metropolis_lost", {"track": TRACKS[t]})
                self.metro[t] = -1
                self.metro_locked[t] = True
                self._claim_metro(p, t)

    def _claim_metro(self, p: int, t: int) -> None:
        free = [v for v in self.cities(p) if v not in self.metro]
        if len(free) == 1:
            self._set_metro(p, t, free[0])
        else:
            self.stack.append({"k": "metropolis", "p": p, "track": t})

    def _set_metro(self, p: int, t: int, v: int) -> None:
        self.metro[t] = v
        self._log(p, "metropolis", {"track": TRACKS[t], "v": v})

    def _do_metropolis(self, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        self._set_metro(p, top["track"], a[1])

    def _end_turn(self, p: int) -> None:
        self.stack.pop()
        self.stack.append({"k": "@next_turn"})
        if len(self.prog[p]) > 4:
            self.stack.append({"k": "toss", "p": p, "cap": 4})

    def _auto_next_turn(self, top: dict) -> None:
        self.turn = (self.turn + 1) % self.players
        self.turn_no += 1
        self.fleet, self.crane, self.offers = [], False, 0
        for v in range(NV):
            self.kn_promoted[v] = self.kn_ready[v] = False
        self.dice = None
        self._log(self.turn, "turn", {"n": self.turn_no})
        self.stack.append({"k": "roll", "p": self.turn})

    # ---- progress cards -----------------------------------------------------------------------------
    def _opponents(self, p: int) -> list[int]:
        return [(p + i) % self.players for i in range(1, self.players)]

    def open_roads(self) -> list[int]:
        """Roads with an end where their owner has no other piece (no building, knight or road)."""
        return [e for e in range(NE_) if self.open_road(e)]

    def open_road(self, e: int) -> bool:
        """A road stands on e and one of its ends holds no other piece (building, knight, road) of its owner."""
        road = self.road
        q = road[e]
        if q < 0:
            return False
        for v in EDGES[e]:
            if self.owner[v] != q and self.kn_owner[v] != q and not any(road[f] == q for f in VERT_EDGES[v] if f != e):
                return True
        return False

    def _playable(self, p: int, c: str) -> bool:
        """A card may be played (main phase) only when it can visibly have an effect."""
        if c == "alchemist":
            return False
        if c == "crane":
            return not self.crane and bool(self.cities(p)) and min(self.impr[p]) < 5
        if c == "engineer":
            return self.walls(p) < PIECES["wall"] and any(not self.wall[v] for v in self.cities(p))
        if c in HARVEST:
            terr = HARVEST[c][0]
            return any(self.terrain[h] == terr and any(self.owner[v] == p for v in HEX_VERTS[h]) for h in range(NH))
        if c == "medicine":
            return bool(self.settlements(p)) and self._city_piece_free(p) and self._can_pay(p, COSTS["medicine"])
        if c == "road_building":
            return sum(1 for x in self.road if x == p) < PIECES["road"] and bool(self.road_spots(p))
        if c == "smith":
            return any(self._can_promote(p, v) for v in self.knights_of(p))
        if c == "commercial_harbor":
            return any(self.hands[p][:5])
        if c in ("master_merchant", "wedding"):
            mine = self.vp(p)
            return any(self.vp(q) > mine and self.cards(q) > 0 for q in self._opponents(p))
        if c == "bishop":
            return self.robber_active
        if c == "deserter":
            return any(self.kn_owner[v] not in (-1, p) for v in range(NV))
        if c == "diplomat":
            return bool(self.open_roads())
        if c == "intrigue":
            return bool(self._intrigue_targets(p))
        if c == "saboteur":
            mine = self.vp(p)
            return any(self.vp(q) >= mine and self.cards(q) >= 2 for q in self._opponents(p))
        if c == "spy":
            return any(self.prog[q] for q in self._opponents(p))
        if c == "warlord":
            return any(not self.kn_active[v] for v in self.knights_of(p))
        return True  # inventor, merchant, merchant_fleet, monopolies

    def _intrigue_targets(self, p: int) -> list[int]:
        return [v for v in range(NV) if self.kn_owner[v] not in (-1, p) and self._touches_road(p, v)]

    def _play(self, p: int, c: str) -> None:
        self.prog[p].remove(c)
        self._to_bottom(c)
        self._log(p, "play", {"card": c})
        st = self.stack
        if c == "crane":
            self.crane = True
        elif c in HARVEST:
            terr, k, n = HARVEST[c]
            hexes = [h for h in range(NH) if self.terrain[h] == terr and any(self.owner[v] == p for v in HEX_VERTS[h])]
            got = self._gain(p, k, n * len(hexes))
            self._log(p, "harvest", {"kind": KINDS[k], "n": got})
        elif c == "warlord":
            for v in self.knights_of(p):
                self.kn_active[v] = True
        elif c in ("saboteur", "wedding"):
            mine = self.vp(p)
            need = [0] * self.players
            for q in self._opponents(p):
                if c == "saboteur" and self.vp(q) >= mine:
                    need[q] = self.cards(q) // 2
                elif c == "wedding" and self.vp(q) > mine:
                    need[q] = min(2, self.cards(q))
            if any(need):
                st.append({"k": "discard", "need": need, "to": p if c == "wedding" else -1, "why": c,
                           "gone": [[0] * NK for _ in range(self.players)]})
        elif c == "bishop":
            st.append({"k": "robber", "p": p, "then": "bishop"})
        else:
            st.append({"k": "card", "p": p, "card": c, "left": 2, "done": [], "target": -1})

    # one decision kind "card" for the cards that need choices; its step depends on the card
    def _legal_card(self, p: int, top: dict) -> list:
        c = top["card"]
        if c == "engineer":
            return [("wall", v) for v in self.cities(p) if not self.wall[v]]
        if c == "inventor":
            hx = [h for h in range(NH) if self.number[h] not in NO_INVENTOR]
            return [("swap", a, b) for i, a in enumerate(hx) for b in hx[i + 1:] if self.number[a] != self.number[b]]
        if c == "medicine":
            return [("city", v) for v in self.settlements(p)]
        if c in ("road_building", "diplomat_move"):
            if top["left"] <= 0 or sum(1 for x in self.road if x == p) >= PIECES["road"]:
                return [("stop",)]
            return [("road", e) for e in self.road_spots(p)] + [("stop",)]
        if c == "smith":
            return [("promote", v) for v in self.knights_of(p) if self._can_promote(p, v)] + [("stop",)]
        if c == "commercial_harbor":
            acts = []
            for q in self._opponents(p):
                if q not in top["done"]:
                    acts += [("harbor", q, r) for i, r in enumerate(RESOURCES) if self.hands[p][i] > 0]
            return acts + [("stop",)]
        if c == "commercial_give":
            return [("give", m) for i, m in enumerate(COMMODITIES) if self.hands[p][5 + i] > 0]
        if c in ("master_merchant", "spy", "deserter"):
            if top["target"] < 0:
                return [("target", q) for q in self._targets(p, c)]
            t = top["target"]
            if c == "master_merchant":
                return [("take", KINDS[k]) for k in range(NK) if self.hands[t][k] > 0]
            if c == "spy":
                return [("take", x) for x in sorted(set(self.prog[t]))]
        if c == "deserter_remove":
            return [("remove_knight", v) for v in self.knights_of(p)]
        if c == "deserter_place":
            return [("place", v) for v in self.knight_spots(p)] + [("stop",)]
        if c == "merchant":
            return [("merchant", h) for h in range(NH) if any(self.owner[v] == p for v in HEX_VERTS[h])
                    and not (h == self.merchant and self.merchant_owner == p)]
        if c == "merchant_fleet":
            return [("fleet", k) for k in KINDS]
        if c in MONOPOLY:
            return [("name", k) for k in MONOPOLY[c][0]]
        if c == "diplomat":
            return [("remove_road", e) for e in self.open_roads()]
        if c == "intrigue":
            return [("intrigue", v) for v in self._intrigue_targets(p)]
        return [("stop",)]

    def _targets(self, p: int, c: str) -> list[int]:
        mine = self.vp(p)
        if c == "master_merchant":
            return [q for q in self._opponents(p) if self.vp(q) > mine and self.cards(q) > 0]
        if c == "spy":
            return [q for q in self._opponents(p) if self.prog[q]]
        return [q for q in self._opponents(p) if self.knights_of(q)]

    def _do_card(self, p: int, a: tuple, top: dict) -> None:
        c, kind = top["card"], a[0]
        st = self.stack
        if kind == "stop":
            st.pop()
            return
        if c == "engineer":
            st.pop()
            self.wall[a[1]] = True
            self._log(p, "wall", {"v": a[1], "free": True})
        elif c == "inventor":
            st.pop()
            x, y = a[1], a[2]
            self.number[x], self.number[y] = self.number[y], self.number[x]
            self._log(p, "swap_tokens", {"a": x, "b": y})
        elif c == "medicine":
            st.pop()
            self._pay(p, COSTS["medicine"])
            self._make_city(p, a[1])
        elif c in ("road_building", "diplomat_move"):
            self._place_road(p, a[1])
            top["left"] -= 1
            if top["left"] <= 0:
                st.pop()
        elif c == "smith":
            self._promote(p, a[1])
            top["left"] -= 1
            if top["left"] <= 0:
                st.pop()
        elif c == "commercial_harbor":
            q, k = a[1], KIDX[a[2]]
            top["done"].append(q)
            self._move(p, q, k)
            self._log(p, "harbor_offer", {"to": q, "kind": a[2]})
            if sum(self.hands[q][5:]) == 0:
                self._move(q, p, k)
                self._log(q, "harbor_none", {})
            else:
                st.append({"k": "card", "p": q, "card": "commercial_give", "to": p, "left": 0, "done": [],
                           "target": -1})
            if all(x in top["done"] for x in self._opponents(p)) and st[-1] is top:
                st.pop()
            elif all(x in top["done"] for x in self._opponents(p)):
                st.remove(top)
        elif c == "commercial_give":
            st.pop()
            self._move(p, top["to"], KIDX[a[1]])
            self._log(p, "harbor_give", {"to": top["to"], "kind": a[1]})
        elif c in ("master_merchant", "spy", "deserter") and kind == "target":
            top["target"] = a[1]
            self._log(p, "target", {"card": c, "target": a[1]})
            if c == "deserter":
                st.pop()
                st.append({"k": "card", "p": p, "card": "deserter_place", "left": 1, "done": [], "target": -1,
                           "level": 0})
                st.append({"k": "card", "p": a[1], "card": "deserter_remove", "left": 1, "done": [],
                           "target": p})
        elif c == "master_merchant":
            t = top["target"]
            self._move(t, p, KIDX[a[1]])
            self._log(p, "take", {"from": t}, [p, t], {"kind": a[1]})
            top["left"] -= 1
            if top["left"] <= 0 or self.cards(t) == 0:
                st.pop()
        elif c == "spy":
            st.pop()
            t = top["target"]
            self.prog[t].remove(a[1])
            self.prog[p].append(a[1])
            self.prog[p].sort()
            self._log(p, "spy", {"from": t}, [p, t], {"card": a[1]})
            self._check_prog_limit(p)
        elif c == "deserter_remove":
            st.pop()
            lvl = self.kn_level[a[1]]
            self._remove_knight(a[1])
            self._log(p, "desert", {"v": a[1], "level": lvl})
            self._update_longest()
            q = top["target"]
            place = st[-1]
            new = lvl if len(self.knights_of(q, lvl)) < KNIGHTS_PER_LEVEL else (
                1 if self.opts["deserter_fallback"] and len(self.knights_of(q, 1)) < KNIGHTS_PER_LEVEL else 0)
            if new and self.knight_spots(q):
                place["level"] = new
            else:
                st.pop()
        elif c == "deserter_place":
            st.pop()
            self._place_knight(p, a[1], top["level"])
        elif c == "merchant":
            st.pop()
            old = self.merchant_owner
            self.merchant, self.merchant_owner = a[1], p
            self._log(p, "merchant", {"hex": a[1], "from": old})
        elif c == "merchant_fleet":
            st.pop()
            self.fleet.append(KIDX[a[1]])
            self._log(p, "fleet", {"kind": a[1]})
        elif c in MONOPOLY:
            st.pop()
            k, n = KIDX[a[1]], MONOPOLY[c][1]
            got = []
            for q in self._opponents(p):
                m = min(n, self.hands[q][k])
                if m:
                    self._move(q, p, k, m)
                got.append([q, m])
            self._log(p, "monopoly", {"kind": a[1], "got": got})
        elif c == "diplomat":
            st.pop()
            e = a[1]
            q = self.road[e]
            self.road[e] = -1
            self._log(p, "remove_road", {"e": e, "owner": q})
            self._update_longest()
            if q == p:
                st.append({"k": "card", "p": p, "card": "diplomat_move", "left": 1, "done": [], "target": -1})
        elif c == "intrigue":
            st.pop()
            v = a[1]
            q, lvl, act = self.kn_owner[v], self.kn_level[v], self.kn_active[v]
            self._remove_knight(v)
            self._log(p, "intrigue", {"v": v, "victim": q})
            self._update_longest()
            st.append({"k": "relocate", "p": q, "level": lvl, "active": act, "from": v})

    # ---- hidden information --------------------------------------------------------------------------
    def _peek_target(self, seat: int | None) -> tuple[int, str]:
        """(player, 'hand'|'progress') whose hidden cards `seat` is looking at now, or (-1, '')."""
        if seat is None or not self.stack:
            return -1, ""
        top = self.stack[-1]
        if top["k"] == "card" and top["p"] == seat and top.get("target", -1) >= 0:
            if top["card"] == "master_merchant":
                return top["target"], "hand"
            if top["card"] == "spy":
                return top["target"], "progress"
        return -1, ""

    def determinize(self, seat: int | None, rng: Rng) -> CatanState:
        """Re-deal what `seat` cannot see: the other players' resource/commodity cards (each keeps its
        count, and the cards it shows in a pending offer: the offerer's bundle, an acceptor's or counter's
        cards), their progress cards (each keeps its count
        per deck colour) and the order of the three decks; the future dice are reseeded."""
        s = self.clone()
        n = self.players
        peek, what = self._peek_target(seat)
        others = [q for q in range(n) if q != seat]
        # committed cards: an open offer shows cards the offerer holds; an accepted offer or a counter shows
        # cards the responder holds
        known = self._known_trade_cards()
        hand_seats = [q for q in others if not (q == peek and what == "hand")]
        pool = []
        for q in hand_seats:
            for k in range(NK):
                pool += [k] * (self.hands[q][k] - known[q][k])
        rng.shuffle(pool)
        at = 0
        for q in hand_seats:
            free = self.cards(q) - sum(known[q])
            h = list(known[q])
            for k in pool[at:at + free]:
                h[k] += 1
            at += free
            s.hands[q] = h
        prog_seats = [q for q in others if not (q == peek and what == "progress")]
        for t, track in enumerate(TRACKS):
            pool2 = list(self.decks[t])
            for q in prog_seats:
                pool2 += [c for c in self.prog[q] if CARD_TRACK[c] == track]
            pool2.sort()
            rng.shuffle(pool2)
            at = 0
            for q in prog_seats:
                mine = [c for c in s.prog[q] if CARD_TRACK[c] != track]
                cnt = sum(1 for c in self.prog[q] if CARD_TRACK[c] == track)
                s.prog[q] = sorted(mine + pool2[at:at + cnt])
                at += cnt
            s.decks[t] = pool2[at:]
        s.rng = rng.fork()
        if s.ev is not None:
            s.ev = s.ev.resampled(rng)
        return s

    def reveals(self, seat: int, action: tuple) -> bool:
        """Undo is allowed only for building and trading with the bank (nothing hidden is revealed)."""
        return action[0] not in ("road", "settlement", "city", "wall", "knight", "activate", "promote",
                                 "improve", "bank", "place")

    # ---- the view -----------------------------------------------------------------------------------
    def pending(self) -> dict | None:
        if not self.stack or self.winner >= 0:
            return None
        top = self.stack[-1]
        d = {"kind": top["k"], "seats": list(self.to_move())}
        for key in ("card", "track", "need", "why", "to", "give", "get", "replies", "victims", "left", "level",
                    "then", "cap", "target"):
            if key in top:
                d[key] = _copy(top[key])
        if top["k"] == "card" and top["card"] in ("master_merchant", "spy") and top["target"] < 0:
            d["targets"] = self._targets(top["p"], top["card"])
        return d

    def view(self, seat: int | None) -> dict:
        n = self.players
        over = self.winner >= 0
        players = []
        setts, cities, walls = [0] * n, [0] * n, [0] * n
        kn = [[0, 0, 0, 0] for _ in range(n)]
        strength, roads = [0] * n, [0] * n
        for v in range(NV):
            o = self.owner[v]
            if o >= 0:
                if self.btype[v] == 2 or self.sideways[v]:
                    cities[o] += 1
                else:
                    setts[o] += 1
                walls[o] += self.wall[v]
            k = self.kn_owner[v]
            if k >= 0:
                kn[k][self.kn_level[v]] += 1
                if self.kn_active[v]:
                    strength[k] += self.kn_level[v]
        for x in self.road:
            if x >= 0:
                roads[x] += 1
        for q in range(n):
            parts = self.vp_parts(q)
            info = {
                "seat": q, "vp": sum(parts.values()), "vp_parts": parts, "cards": sum(self.hands[q]),
                "limit": 7 + 2 * walls[q], "progress_count": len(self.prog[q]),
                "progress_by_track": [sum(1 for c in self.prog[q] if CARD_TRACK[c] == t) for t in TRACKS],
                "improvements": list(self.impr[q]), "vp_cards": list(self.vpcards[q]),
                "defender": self.defender[q], "knight_strength": strength[q],
                "road_length": self.road_len[q], "walls": walls[q],
                "pieces_left": {"road": PIECES["road"] - roads[q], "settlement": PIECES["settlement"] - setts[q],
                                "city": PIECES["city"] - cities[q],
                                "knights": [KNIGHTS_PER_LEVEL - kn[q][lv] for lv in (1, 2, 3)]},
            }
            if q == seat:
                info["hand"] = {k: self.hands[q][i] for i, k in enumerate(KINDS)}
                info["progress"] = list(self.prog[q])
                info["rates"] = {k: self.rate(q, i) for i, k in enumerate(KINDS)}
            players.append(info)
        peek, what = self._peek_target(seat)
        looking = None
        if peek >= 0:
            looking = ({"seat": peek, "hand": {k: self.hands[peek][i] for i, k in enumerate(KINDS)}}
                       if what == "hand" else {"seat": peek, "progress": list(self.prog[peek])})
        v = {
            "game": self.game.id, "seat": seat, "players": n, "options": dict(self.opts),
            "terrain": list(self.terrain), "numbers": list(self.number),
            "harbours": [[e, k] for e, k in self.harbours],
            "buildings": [[x, self.owner[x], self.btype[x], int(self.wall[x]),
                           TRACKS[self.metro.index(x)] if x in self.metro else "", int(self.sideways[x])]
                          for x in range(NV) if self.owner[x] >= 0],
            "roads": [[e, self.road[e]] for e in range(NE_) if self.road[e] >= 0],
            "knights": [[x, self.kn_owner[x], self.kn_level[x], int(self.kn_active[x]), int(self.kn_ready[x])]
                        for x in range(NV) if self.kn_owner[x] >= 0],
            "robber": self.robber, "robber_active": self.robber_active, "merchant": self.merchant,
            "merchant_owner": self.merchant_owner, "barbarians": self.barb, "barbarian_track": BARBARIAN_TRACK,
            "barbarian_strength": self.barbarian_strength(),
            "defence": sum(strength), "attacks": self.attacks,
            "metropolises": {TRACKS[t]: (self.owner[self.metro[t]] if self.metro[t] >= 0 else None)
                             for t in range(3)},
            "longest_road": self.longest, "bank": {k: self.bank[i] for i, k in enumerate(KINDS)},
            "decks": {t: len(self.decks[i]) for i, t in enumerate(TRACKS)},
            "dice": dict(self.dice) if self.dice else None, "dice_sums": self.sums[2:],
            "turn": self.turn, "turn_no": self.turn_no,
            "to_move": list(self.to_move()), "pending": self.pending(), "player_info": players,
            "fleet": [KINDS[k] for k in self.fleet], "crane": self.crane, "offers_made": self.offers,
            "looking_at": looking, "log": self.public_log(seat), "history": _copy(self.history),
            "over": over, "result": self.result() if over else None, "winner": self.winner if over else None,
        }
        if v["pending"]:
            self._public_trade(seat, v["pending"])
        return v

    def public_log(self, seat: int | None) -> list[dict]:
        """The whole game's log as `seat` may read it: an entry's private details (e.g. the card a spy took)
        only for the seats it names."""
        out = []
        for e in self.log:
            params = dict(e[2])
            if e[3] is not None and seat in e[3] and e[4]:
                params.update(e[4])
            out.append({"seat": e[0], "key": e[1], "params": params})
        return out


def _random_board(rng: Rng, clockwise: bool) -> tuple[list[str], list[int]]:
    """Shuffled terrain, tokens A-R along the spiral from a random corner (desert skipped); dealt again
    until no 6 or 8 touches another 6 or 8."""
    while True:
        terrain = list(TERRAIN_SET)
        rng.shuffle(terrain)
        order = spiral(CORNER_STARTS[rng.below(6)], clockwise)
        number = [0] * NH
        tokens = iter(TOKENS_AZ)
        for h in order:
            if terrain[h] != "desert":
                number[h] = next(tokens)
        red = [h for h in range(NH) if number[h] in (6, 8)]
        if not any(o in red for h in red for o in HEX_NEIGH[h]):
            return terrain, number


__all__ = ["CatanState", "DECKS"]
