"""The one resolver of Arnak effects: every card, site, idol, guardian, assistant and research effect is a
list of ops (see data.py) pushed on `state.queue` and resolved here, front first. An op that needs a
choice stops the resolution and becomes the pending decision; its options are the legal actions.

Travel payment: a cost is a tuple of icons; a source (a hand card, a pilot for 2 coins, an assistant's
travel side, a guardian's travel boon) pays icons by the hierarchy boot <- car/ship <- plane. Only
sources that leave the rest of the cost payable are offered, so a payment never gets stuck.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable

from . import data as D

PAYS = {"boot": ("boot",), "car": ("car", "boot"), "ship": ("ship", "boot"), "plane": ("plane", "car", "ship", "boot")}
RANK = {"boot": 0, "car": 1, "ship": 1, "plane": 2}
TRAVEL_BOONS = ("car", "ship", "plane")
FREE, MAINT = "F", "M"


def covers(rem: tuple, icons: tuple) -> set:
    """Every remainder of cost `rem` after paying with `icons` (each icon pays one icon it may pay)."""
    results = {tuple(sorted(rem))}
    for icon in icons:
        new = set()
        for r in results:
            opts = {x for x in r if x in PAYS[icon]}
            if not opts:
                new.add(r)
            for x in opts:
                rest = list(r)
                rest.remove(x)
                new.add(tuple(rest))
        results = new
    return results


def can_cover(rem: tuple, srcs: list) -> bool:
    """Can the sources (icon tuples, each used at most once) pay the whole cost `rem`?"""
    if not rem:
        return True
    tried = set()
    for i, icons in enumerate(srcs):
        if icons in tried:
            continue
        tried.add(icons)
        rest = srcs[:i] + srcs[i + 1:]
        for r in covers(rem, icons):
            if len(r) < len(rem) and can_cover(r, rest):
                return True
    return False


def best_remainder(rem: tuple, icons: tuple, srcs: list) -> tuple | None:
    """The weakest remainder after paying `icons` that the other sources can still finish, or None."""
    best = None
    for r in sorted(covers(rem, icons)):
        if len(r) < len(rem) and can_cover(r, srcs):
            key = (len(r), sum(RANK[x] for x in r))
            if best is None or key < best[0]:
                best = (key, r)
    return best[1] if best else None


# research track side -> space -> the spaces entered from it, in track order
NEXT = {side: {at: tuple(dest for dest, step in track.items() if at in step[2]) for at in range(D.TEMPLE + 1)}
        for side, track in D.TRACKS.items()}


def travel_ok(rem: tuple, srcs: list, i: int) -> bool:
    """Source i of `srcs` ((action, icons) pairs) may pay toward travel cost `rem`: it pays part of it and
    the other sources can still pay the rest."""
    rest = [ic for j, (_, ic) in enumerate(srcs) if j != i]
    return best_remainder(rem, srcs[i][1], rest) is not None


def _may_pass(ops) -> bool:
    return any(op[0] == "pass" or op[0] == "or" and any(_may_pass(b) for b in op[1:]) for op in ops)


MAIN, AFTER, KEEP, OVER = "main", "after", "keep", "over"  # turn phases (state.phase)
NO_MID_FREE = ("travel", "discard_req")  # decisions whose payability was checked up front
MID_FREE_KINDS = ("play", "idol", "boon", "assist")


def sub(res: list, cost: tuple) -> None:
    for i in range(5):
        res[i] -= cost[i]


def can_pay(res: list, cost: tuple) -> bool:
    return res[0] >= cost[0] and res[1] >= cost[1] and res[2] >= cost[2] and res[3] >= cost[3] and res[4] >= cost[4]


NO_DISCOUNT = (0, 0, 0, 0, 0)


def less(cost: tuple, disc: tuple) -> tuple:
    if disc == NO_DISCOUNT:
        return cost
    return tuple(max(0, cost[i] - disc[i]) for i in range(5))


class Resolver:
    """Mixin of ArnakState: actions, ops, options."""

    # --- small helpers --------------------------------------------------------------------------------
    def row(self, space: int) -> int:
        return D.TRACKS[self.temple][space][0] if space else 0

    def draw(self, seat: int, n: int, bottom: bool = False) -> int:
        p = self.p[seat]
        k = 0
        while k < n and p.deck:
            insort(p.hand, self.take(f"deck{seat}", bottom))
            k += 1
        if k:
            self.reveal_at = self.nmoves
        return k

    def gain_fear(self, seat: int) -> None:
        p = self.p[seat]
        if self.fear_left > 0:
            self.fear_left -= 1
            p.play.append(D.FEAR)
        else:
            p.fear_tiles += 1

    def travel_cost(self, site: int) -> tuple:
        if site < 5:
            k = self.occ[site].index(-1)
            return D.CAMP_TRAVEL[k]
        return D.site_travel(self.temple, site)

    def free_space(self, site: int) -> bool:
        return -1 in self.occ[site]

    def sources(self, seat: int, hand_skip: int = 0) -> list:
        """(action, icons) of every travel source of `seat` now."""
        p = self.p[seat]
        out = []
        for c in sorted(set(p.hand)):
            icons = D.CARDS[c][3]
            if p.planes:
                icons = ("plane",) * len(icons)
            for _ in range(p.hand.count(c) - (1 if c == hand_skip else 0)):
                out.append((("tcard", c), icons))
        for _ in range(p.res[0] // 2):
            out.append((("pilot",), ("plane",)))
        for i, a in enumerate(p.assistants):
            if not a[2]:
                icons = self.assistant(a[0])[3 if a[1] else 2]
                if icons:
                    out.append((("tasst", i), icons))
        for i, g in enumerate(p.guardians):
            boon = D.GUARDIANS[g[0]][3]
            if not g[1] and boon in TRAVEL_BOONS:
                out.append((("tboon", i), (boon,)))
        return out

    def can_travel(self, seat: int, cost: tuple, hand_skip: int = 0) -> bool:
        return can_cover(tuple(sorted(cost)), [icons for _, icons in self.sources(seat, hand_skip)])

    def ops_ok(self, seat: int, ops: tuple, extra: tuple = (0, 0, 0, 0, 0), hand_skip: int = 0) -> bool:
        """Whether the leading mandatory costs of `ops` (pay, travel) can be met."""
        p = self.p[seat]
        cost = list(extra)
        for op in ops:
            if op[0] == "pay":
                for i in range(5):
                    cost[i] += op[1][i]
            elif op[0] == "travel":
                if not self.can_travel(seat, op[1], hand_skip):
                    return False
            else:
                break
        return can_pay(p.res, tuple(cost))

    # --- what may be done -----------------------------------------------------------------------------
    # The lists below are built from per-item tests that legality.py also uses to judge one action.
    def playable(self, seat: int, card: int) -> bool:
        info = D.CARDS[card]
        extra = (0, 0, 1, 0, 0) if info[1] == "artifact" else (0, 0, 0, 0, 0)
        return bool(info[7]) and self.ops_ok(seat, info[7], extra)

    def main_play_ok(self, seat: int, card: int) -> bool:
        """("play", card) as the main action: a main-action card in hand whose costs can be met."""
        return D.CARDS[card][5] == MAINT and self.playable(seat, card)

    def free_play_ok(self, seat: int, card: int, mid: bool = False) -> bool:
        """("play", card) as a free action: a free card in hand whose costs can be met; `mid` (in the middle
        of another action): not one whose effect may pass."""
        info = D.CARDS[card]
        return info[5] == FREE and not (mid and _may_pass(info[7])) and self.playable(seat, card)

    def idol_slots(self, seat: int) -> tuple:
        """The idol-slot effects (0-4) `seat` may use: an idol and a free slot; effect 0 also costs a coin,
        effect 4 (draw 1) needs a card in the deck (rules edition 2; edition 1 offered it anyway)."""
        p = self.p[seat]
        if not p.idols or p.slots >= 4:
            return ()
        # effect 4 draws a card: never offered with an empty deck (a draw never reshuffles; the guardian's
        # draw boon is hidden the same way, see useful)
        draw_ok = bool(p.deck) or self.opts["edition"] == 1
        return tuple(k for k in range(5) if (k != 0 or p.res[0] >= 1) and (k != 4 or draw_ok))

    def assistant(self, n: int) -> tuple:
        """Assistant n's data (data.ASSISTANTS) in this game's rules edition (data.ASSISTANTS_ED1 for 1)."""
        return (D.ASSISTANTS_ED1 if self.opts["edition"] == 1 else D.ASSISTANTS)[n - 1]

    def boon_ok(self, seat: int, i: int) -> bool:
        """("boon", i): guardian i's unused boon is a free action with something to act on."""
        g = self.p[seat].guardians[i]
        boon = D.GUARDIANS[g[0]][3]
        return not g[1] and boon in D.BOON_OPS and self.useful(seat, D.BOON_OPS[boon][0])

    def assist_ok(self, seat: int, i: int, main: bool) -> bool:
        """("assist", i): assistant i is ready; a free-action one (not `main`) whose costs can be met, or a
        main-action one (`main`: it buys with a discount) while that discount affords a card."""
        a = self.p[seat].assistants[i]
        info = self.assistant(a[0])
        if a[2] or bool(info[4]) != main:
            return False
        if main:
            return bool(self.buy_options(seat, "any", 2 if a[1] else 1))
        return self.ops_ok(seat, info[1 if a[1] else 0])

    def free_actions(self, seat: int, mid: bool = False) -> list:
        """Free actions of `seat` now; `mid`: in the middle of another action's decision (then no card whose
        effect may pass, since passing is a main action)."""
        p = self.p[seat]
        acts = []
        for c in sorted(set(p.hand)):
            if self.free_play_ok(seat, c, mid):
                acts.append(("play", c))
        for k in self.idol_slots(seat):
            acts.append(("idol", k))
        for i in range(len(p.guardians)):
            if self.boon_ok(seat, i):
                acts.append(("boon", i))
        for i in range(len(p.assistants)):
            if self.assist_ok(seat, i, False):
                acts.append(("assist", i))
        return acts

    def useful(self, seat: int, op: tuple) -> bool:
        p = self.p[seat]
        if op[0] == "exile":
            return bool(p.hand or p.play or p.fear_tiles)
        if op[0] == "draw":
            return bool(p.deck)
        if op[0] == "upgrade":
            return p.res[2] > 0 or p.res[3] > 0
        return True

    def reach(self, seat: int, icons: tuple = ()) -> Callable[[tuple], bool]:
        """A test of travel costs: can `seat`'s travel sources pay `cost` once `icons` paid what they can?
        (It remembers each cost: many sites share one.)"""
        srcs = [ic for _, ic in self.sources(seat)]
        memo: dict = {}

        def ok(cost: tuple) -> bool:
            got = memo.get(cost)
            if got is None:
                got = memo[cost] = self._reachable(cost, icons, srcs)
            return got
        return ok

    def dig_ok(self, seat: int, site: int, icons: tuple = (), reach: Callable | None = None) -> bool:
        """("dig", site) for site 0-16: an archaeologist at home, a camp or a discovered site with a free
        space, its travel (less `icons`) payable; `reach`: `self.reach(seat, icons)` if already made."""
        if self.p[seat].home <= 0 or site >= 5 and not self.tile[site] or not self.free_space(site):
            return False
        return (reach or self.reach(seat, icons))(self.travel_cost(site))

    def discover_ok(self, seat: int, site: int, icons: tuple = (), compass: int = 0,
                    reach: Callable | None = None) -> bool:
        """("discover", site) for site 0-16: an archaeologist at home, an undiscovered site whose level still
        has tiles, its compasses (less `compass`) and travel (less `icons`) payable."""
        p = self.p[seat]
        if site < 5 or self.tile[site] or p.home <= 0:
            return False
        level = 1 if site < 13 else 2
        if not (self.pile1 if level == 1 else self.pile2) or p.res[1] < max(0, D.DISCOVER_COST[level - 1] - compass):
            return False
        return (reach or self.reach(seat, icons))(D.site_travel(self.temple, site))

    def dig_targets(self, seat: int, icons: tuple = (), compass: int = 0) -> list:
        """("dig", site) and ("discover", site) that `seat` can pay, travel icons `icons` covered."""
        if self.p[seat].home <= 0:  # a shortcut: the tests below say no to every site
            return []
        reach = self.reach(seat, icons)
        acts = [("dig", s) for s in range(D.NSITES) if self.dig_ok(seat, s, icons, reach)]
        return acts + [("discover", s) for s in range(5, D.NSITES)
                       if self.discover_ok(seat, s, icons, compass, reach)]

    @staticmethod
    def _reachable(cost: tuple, icons: tuple, srcs: list) -> bool:
        rems = covers(tuple(sorted(cost)), icons) if icons else {tuple(sorted(cost))}
        return any(can_cover(r, srcs) for r in rems)

    def guardian_ok(self, seat: int, g: int) -> bool:
        p = self.p[seat]
        res, icons, discards, _ = D.GUARDIANS[g]
        if not can_pay(p.res, res) or len(p.hand) < discards:
            return False
        if not icons:
            return True
        # pilots pay from coins left after the resource cost
        srcs = [ic for a, ic in self.sources(seat) if a[0] != "pilot"]
        srcs += [("plane",)] * ((p.res[0] - res[0]) // 2)
        return can_cover(tuple(sorted(icons)), srcs)

    def overcome_ok(self, seat: int, site: int) -> bool:
        """("overcome", site) for site 0-16: a guardian at a site (5-16) where `seat` has an archaeologist,
        its cost payable."""
        g = self.guard[site]
        return site >= 5 and g >= 0 and seat in self.occ[site] and self.guardian_ok(seat, g)

    def research_dests(self, seat: int, token: str, disc: tuple = (0, 0, 0, 0, 0), free: bool = False) -> list:
        """Spaces `token` ("glass" or "notebook") may research to: linked from its space, the notebook never
        to the temple nor above the glass's row; unless `free`, the cost less `disc` (an idol for an idol
        space) payable."""
        p = self.p[seat]
        track = D.TRACKS[self.temple]
        note = token == "notebook"
        out = []
        for dest in NEXT[self.temple][p.notebook if note else p.glass]:
            row, cost, _, _ = track[dest]
            if note and (dest == D.TEMPLE or row > self.row(p.glass)):
                continue
            if free or (p.idols >= 1 if cost == "idol" else can_pay(p.res, less(cost, disc))):
                out.append(dest)
        return out

    def temple_stacks(self, seat: int, disc: tuple = (0, 0, 0, 0, 0)) -> list:
        """Temple-tile stacks (0-5) `seat` may take from: the glass at the temple, tiles left, cost less
        `disc` payable."""
        p = self.p[seat]
        if p.glass != D.TEMPLE:
            return []
        return [k for k in range(6) if self.temple_left[k] and can_pay(p.res, less(D.temple_cost(self.costs, k),
                                                                                   disc))]

    def research_moves(self, seat: int, disc: tuple = (0, 0, 0, 0, 0), free: bool = False,
                       tokens: tuple = ("glass", "notebook")) -> list:
        acts = [("research", t, d) for t in tokens for d in self.research_dests(seat, t, disc, free)]
        if "glass" in tokens and not free:
            acts += [("temple", k) for k in self.temple_stacks(seat, disc)]
        return acts

    def buy_options(self, seat: int, kind: str, disc: int, peek: bool = False) -> list:
        p = self.p[seat]
        acts = []
        for k, (name, row, ri) in enumerate((("item", self.items, 0), ("artifact", self.arts, 1))):
            if kind not in (name, "any"):
                continue
            for i, c in enumerate(row):
                if c and p.res[ri] >= D.CARDS[c][2] - disc:
                    acts.append(("buy", name, i))
            if peek and self.peek and D.CARDS[self.peek][1] == name and p.res[ri] >= D.CARDS[self.peek][2] - disc:
                acts.append(("buy", name, "top"))
            del k
        return acts

    def main_actions(self, seat: int) -> list:
        p = self.p[seat]
        acts = []
        for c in sorted(set(p.hand)):
            if self.main_play_ok(seat, c):
                acts.append(("play", c))
        acts += self.dig_targets(seat)
        for site in range(5, D.NSITES):
            if self.overcome_ok(seat, site):
                acts.append(("overcome", site))
        acts += self.buy_options(seat, "any", 0)
        acts += self.research_moves(seat)
        for i in range(len(p.assistants)):
            if self.assist_ok(seat, i, True):
                acts.append(("assist", i))
        return acts

    # --- starting an action ---------------------------------------------------------------------------
    def start_action(self, seat: int, action: tuple, mid: bool = False) -> None:
        """Begin a main or free action; `mid`: a free action taken while another action's decision is
        pending (its ops go first, then that decision is asked again)."""
        p = self.p[seat]
        kind = action[0]
        if not mid:
            self.ctx = action
        ops: list = []
        main = True
        if kind == "play":
            card = action[1]
            info = D.CARDS[card]
            main = info[5] == MAINT
            p.hand.remove(card)
            if info[6]:
                p.exiled.append(card)
            else:
                p.play.append(card)
            if info[1] == "artifact":
                p.res[2] -= 1
            ops = list(info[7])
            self.log.append((seat, "play", {"card": card}))
        elif kind == "idol":
            main = False
            p.idols -= 1
            p.slots += 1
            ops = list(D.IDOL_SLOT_EFFECTS[action[1]])
            self.log.append((seat, "idol_slot", {"effect": D.IDOL_SLOT_NAMES[action[1]], "slot": p.slots}))
        elif kind == "boon":
            main = False
            g = p.guardians[action[1]]
            g[1] = 1
            ops = list(D.BOON_OPS[D.GUARDIANS[g[0]][3]])
            self.log.append((seat, "boon", {"guardian": g[0], "boon": D.GUARDIANS[g[0]][3]}))
        elif kind == "assist":
            a = p.assistants[action[1]]
            info = self.assistant(a[0])
            main = info[4]
            a[2] = 1
            ops = list(info[1 if a[1] else 0])
            self.log.append((seat, "assistant", {"assistant": a[0], "gold": a[1]}))
        elif kind == "dig":
            ops = self.dig_ops(seat, action[1], ())
        elif kind == "discover":
            ops = self.discover_ops(seat, action[1], (), 0)
        elif kind == "overcome":
            site = action[1]
            g = self.guard[site]
            res, icons, discards, _ = D.GUARDIANS[g]
            sub(p.res, res)
            ops = [("discard_req",)] * discards
            if icons:
                ops.append(("travel", tuple(sorted(icons)), ("overcome", site)))
            ops.append(("win", site))
        elif kind == "buy":
            ops = self.buy_ops(seat, action[1], action[2], 0)
        elif kind in ("research", "temple"):
            ops = self.research_ops(seat, action, (0, 0, 0, 0, 0))
        if not mid:
            self.ctx_main = main
        self.queue = ops + self.queue
        self._run(seat)

    def dig_ops(self, seat: int, site: int, icons: tuple) -> list:
        cost = tuple(sorted(self.travel_cost(site)))
        rem = self._after_discount(seat, cost, icons)
        self.log.append((seat, "dig", {"site": site}))
        ops = [("travel", rem, ("dig", site))] if rem else []
        return ops + [("place", site), ("site", site)]

    def discover_ops(self, seat: int, site: int, icons: tuple, compass: int) -> list:
        level = 1 if site < 13 else 2
        self.p[seat].res[1] -= max(0, D.DISCOVER_COST[level - 1] - compass)
        rem = self._after_discount(seat, tuple(sorted(D.site_travel(self.temple, site))), icons)
        self.log.append((seat, "discover", {"site": site, "level": level}))
        ops = [("travel", rem, ("discover", site))] if rem else []
        return ops + [("place", site), ("idols", site), ("reveal", site)]

    def _after_discount(self, seat: int, cost: tuple, icons: tuple) -> tuple:
        if not icons:
            return cost
        srcs = [ic for _, ic in self.sources(seat)]
        r = best_remainder(cost, icons, srcs)
        if r is None:  # the discount pays nothing here
            return cost
        return r

    def buy_ops(self, seat: int, kind: str, idx, disc: int) -> list:
        p = self.p[seat]
        if idx == "top":
            card, self.peek = self.peek, 0
        else:
            row = self.items if kind == "item" else self.arts
            card = row[idx]
            row[idx] = 0
        ri = 0 if kind == "item" else 1
        p.res[ri] -= max(0, D.CARDS[card][2] - disc)
        self.log.append((seat, "buy", {"card": card}))
        if kind == "item":
            p.deck.append(card)
            return []
        return [("accept", card)]

    def research_ops(self, seat: int, action: tuple, disc: tuple, free: bool = False) -> list:
        p = self.p[seat]
        if action[0] == "temple":
            k = action[1]
            sub(p.res, less(D.temple_cost(self.costs, k), disc))
            self.temple_left[k] -= 1
            p.tiles.append(k)
            self.log.append((seat, "temple_tile", {"stack": k, "vp": D.TEMPLE_STACK_VP[k]}))
            return []
        token, dest = action[1], action[2]
        row, cost, _, _ = D.TRACKS[self.temple][dest]
        if not free:
            if cost == "idol":
                p.idols -= 1
            else:
                sub(p.res, less(cost, disc))
        if token == "glass":
            p.glass = dest
        else:
            p.notebook = dest
        self.log.append((seat, "research", {"token": token, "space": dest, "row": row}))
        ops: list = []
        tiles = self.bonus[dest]
        if len(tiles) == 1:
            t = tiles.pop()
            self.log.append((seat, "bonus_tile", {"tile": t}))
            ops += list(D.BONUS_OPS[t])
        elif len(tiles) > 1:
            ops.append(("bonus_pick", dest))
        if dest == D.TEMPLE:
            p.arrival = self.arrivals
            self.arrivals += 1
            self.log.append((seat, "temple_arrival", {"order": p.arrival + 1, "vp": D.TEMPLE_ARRIVAL_VP[p.arrival]}))
            if self.temple_bonus:
                ops.append(("temple_bonus",))
        else:
            r = D.ROWS[self.temple][row]
            ops += list(r[0] if token == "glass" else r[2])
        return ops

    # --- resolution -----------------------------------------------------------------------------------
    def _run(self, seat: int) -> None:
        while self.queue:
            op = self.queue[0]
            if self._auto(seat, op):
                continue
            opts = self.options(op)
            if not opts or opts == [("skip",)]:
                self.queue.pop(0)
                self._cleanup(op)
                continue
            return
        self._done(seat)

    def _cleanup(self, op: tuple) -> None:
        if op[0] == "buy" and self.peek:
            (self.item_deck if D.CARDS[self.peek][1] == "item" else self.art_deck).append(self.peek)
            self.peek = 0

    def _done(self, seat: int) -> None:
        if self.ctx_main:
            self.phase = AFTER
            self.ctx_main = False
        self.ctx = None
        self.refill()
        if self.passing:
            self.log.append((seat, "pass", {}))
            self._end_turn(seat, passed=True)
            return
        if self.phase == AFTER and not self.free_actions(seat):
            self._end_turn(seat)

    def _auto(self, seat: int, op: tuple) -> bool:
        """Resolve an op that needs no choice (popping it) and return True; False for a decision."""
        p = self.p[seat]
        k = op[0]
        q = self.queue
        if k == "gain":
            q.pop(0)
            for i in range(5):
                p.res[i] += op[1][i]
            self.log.append((seat, "gain", {"res": list(op[1])}))
        elif k == "pay":
            q.pop(0)
            sub(p.res, op[1])
            for i in range(5):
                if p.res[i] < 0:  # cannot happen for offered actions; never go negative
                    p.res[i] = 0
        elif k == "draw":
            q.pop(0)
            self.log.append((seat, "draw", {"n": self.draw(seat, op[1])}))
        elif k == "draw_bottom":
            q.pop(0)
            self.log.append((seat, "draw", {"n": self.draw(seat, op[1], bottom=True)}))
        elif k == "fear":
            q.pop(0)
            self.gain_fear(seat)
            self.log.append((seat, "fear", {}))
        elif k == "count":
            q.pop(0)
            if op[1] == "guardians":
                n = len(p.guardians) + sum(1 for s in range(D.NSITES) if self.guard[s] >= 0 and seat in self.occ[s])
            elif op[1] == "idols":
                n = p.idols + p.slots
            else:
                n = 2 - p.home
            n = min(n, op[2])
            p.res[1] += n
            self.log.append((seat, "gain", {"res": [0, n, 0, 0, 0]}))
        elif k == "no_fear":
            q.pop(0)
            p.no_fear = True
        elif k == "planes":
            q.pop(0)
            p.planes = True
        elif k == "pass":
            q.pop(0)
            self.passing = True
        elif k == "place":
            q.pop(0)
            site = op[1]
            spaces = self.occ[site]
            spaces[spaces.index(-1)] = seat
            p.home -= 1
        elif k == "site":
            q.pop(0)
            self.queue[0:0] = list(self.site_ops(op[1]))
        elif k == "idols":
            q.pop(0)
            site = op[1]
            idol = self.idol[site]
            p.idols += 1 + self.fd[site]
            self.idol[site], self.fd[site] = -1, 0
            self.log.append((seat, "idol", {"idol": D.IDOL_NAMES[idol]}))
            self.queue[0:0] = list(D.IDOLS[idol])
        elif k == "reveal":
            q.pop(0)
            site = op[1]
            self.tile[site] = self.take("pile1" if site < 13 else "pile2")
            self.reveal_at = self.nmoves
            self.log.append((seat, "site_tile", {"site": site, "tile": self.tile[site]}))
            self.queue[0:0] = list(self.site_ops(site)) + [("guardian", site)]
        elif k == "guardian":
            q.pop(0)
            if self.gpile:
                self.guard[op[1]] = self.take("gpile")
                self.reveal_at = self.nmoves
                self.log.append((None, "guardian", {"site": op[1], "guardian": self.guard[op[1]]}))
        elif k == "win":
            q.pop(0)
            site = op[1]
            g = self.guard[site]
            if g >= 0:
                self.guard[site] = -1
                p.guardians.append([g, 0])
                self.log.append((seat, "overcome", {"site": site, "guardian": g}))
        elif k == "to_play":
            q.pop(0)
            p.play.append(op[1])
        elif k == "unslot":
            q.pop(0)
            if p.slots:
                p.slots -= 1
                p.idols += 1
        elif k == "guiding":
            q.pop(0)
            name = f"pile{op[1]}"
            if getattr(self, name):
                t = self.take(name)
                self.place(name, t, at_end=False)  # the tile goes under its pile
                self.reveal_at = self.nmoves
                self.log.append((seat, "guiding", {"level": op[1], "tile": t}))
                self.queue[0:0] = list(D.SITE_TILES[op[1]][t - 1])
        elif k == "buy" and op[3] is True:
            if self.item_deck if op[1] == "item" else self.art_deck:
                self.peek = self.take("items" if op[1] == "item" else "arts")
                self.reveal_at = self.nmoves
                self.log.append((None, "reveal_top", {"card": self.peek}))
            q[0] = ("buy", op[1], op[2], "peek")
            return False
        elif k == "hammer" and len(op) == 1:
            filled = [i for i, c in enumerate(self.items) if c]
            if filled:
                i = filled[-1]
                self.item_exile.append(self.items[i])
                self.log.append((seat, "exile_row", {"card": self.items[i]}))
                self.items[i] = 0
            q[0] = ("hammer", 1)
            return False
        elif k == "rest":
            q.pop(0)
            p.play.extend(p.temp)
            p.temp = []
        elif k == "discard_req" and not p.hand:
            q.pop(0)
        else:
            return False
        return True

    def site_ops(self, site: int) -> tuple:
        """A site's effect; a camp's in this game's rules edition (data.CAMP_EFFECTS_ED1 for edition 1)."""
        if site < 5:
            return (D.CAMP_EFFECTS_ED1 if self.opts["edition"] == 1 else D.CAMP_EFFECTS)[site]
        return D.SITE_TILES[1 if site < 13 else 2][self.tile[site] - 1]

    # --- decisions --------------------------------------------------------------------------------------
    def options(self, op: tuple) -> list:
        seat = self.turn
        p = self.p[seat]
        k = op[0]
        skip = [("skip",)]
        if k == "travel":
            rem = op[1]
            srcs = self.sources(seat)
            acts = []
            seen = set()
            for i, (a, _) in enumerate(srcs):
                if a not in seen and travel_ok(rem, srcs, i):
                    seen.add(a)
                    acts.append(a)
            return acts
        if k == "exile":
            acts = [("exile", "hand", c) for c in sorted(set(p.hand))]
            acts += [("exile", "play", c) for c in sorted(set(p.play))]
            if p.fear_tiles:
                acts.append(("exile", "tile", 0))
            return acts + skip
        if k == "discard":
            acts = [("discard", c) for c in sorted(set(p.hand))]
            return acts if acts and op[2:] == ("must",) else acts + skip
        if k == "discard_req":
            return [("discard", c) for c in sorted(set(p.hand))]
        if k == "upgrade":
            acts = []
            if p.res[2]:
                acts.append(("upgrade", "tablet"))
            if p.res[3]:
                acts.append(("upgrade", "arrowhead"))
            return acts + skip
        if k == "or":
            acts = []
            for i, branch in enumerate(op[1:]):
                if any(o[0] == "pass" for o in branch) and self.phase != MAIN:
                    continue
                if self.ops_ok(seat, branch):
                    acts.append(("choose", i))
            return acts
        if k == "dig":
            return self.dig_targets(seat, op[1], op[2]) + skip
        if k == "activate":
            where = op[1]
            acts = []
            for s in range(D.NSITES):
                if where == "camp" and s < 5 or where == "camp_free" and s < 5 and not any(
                        x >= 0 for x in self.occ[s]) or where == "level1" and 5 <= s < 13 and self.tile[s]:
                    acts.append(("site", s))
                elif where == "mine" and seat in self.occ[s] and (s < 13 or p.res[1] >= 2):
                    acts.append(("site", s))
            return acts + skip
        if k == "buy":
            return self.buy_options(seat, op[1], op[2], op[3] == "peek") + skip
        if k == "take_item":
            return [("take", "item", i) for i, c in enumerate(self.items) if c] + skip
        if k == "take_artifact":
            return [("take", "artifact", i) for i, c in enumerate(self.arts) if c] + skip
        if k == "research":
            return self.research_moves(seat, op[1]) + skip
        if k == "notebook":
            return self.research_moves(seat, free=True, tokens=("notebook",)) + skip
        if k == "overcome":
            acts = []
            for s in range(5, D.NSITES):
                if self.guard[s] < 0:
                    continue
                if op[1] == "mine" and seat in self.occ[s] or op[1] == "alone" and all(
                        x in (-1, -2, seat) for x in self.occ[s]):
                    acts.append(("site", s))
            return acts + skip
        if k == "recruit":
            return [("stack", i) for i, st in enumerate(self.stacks) if st] + skip
        if k == "rescue":
            return [("rescue", a) for a in sorted(set(self.rescue))] + skip
        if k == "upgrade_asst":
            return [("asst", i) for i, a in enumerate(p.assistants) if not a[1]] + skip
        if k == "refresh_asst":
            return [("asst", i) for i, a in enumerate(p.assistants) if a[2]] + skip
        if k == "refresh_all":
            return [("ok",)] if any(a[2] for a in p.assistants) else []
        if k == "relocate":
            dests = [s for s in range(D.NSITES) if self.free_space(s) and (
                s < 5 or op[1] == "camp_l1" and 5 <= s < 13 and self.tile[s])]
            mine = sorted({s for s in range(D.NSITES) if seat in self.occ[s]})
            return [("move", a, b) for a in mine for b in dests if a != b] + skip
        if k == "return_arch":
            return [("site", s) for s in range(D.NSITES) if seat in self.occ[s]] + skip
        if k == "borrow":
            acts = []
            for i, st in enumerate(self.stacks):
                if st:
                    info = self.assistant(st[-1])
                    if self.ops_ok(seat, info[1 if op[1] == "gold" else 0]):
                        acts.append(("stack", i))
            return acts + skip
        if k == "swap_asst":
            return [("swap", i, j) for i in range(len(p.assistants)) for j, st in enumerate(self.stacks) if st] + skip
        if k == "hammer":
            return [("take", "exiled", c) for c in sorted(set(self.item_exile))] + skip
        if k == "camps2":
            return [("sites", a, b) for a in range(5) for b in range(a + 1, 5)]
        if k == "shell":
            if p.home <= 0:
                return []
            return [("site", s) for s in range(5) if self.free_space(s)] + skip
        if k == "earring":
            return [("n", n) for n in range(1, min(op[1], len(p.deck)) + 1)] + skip
        if k == "keep":
            return [("keep", c) for c in sorted(set(p.temp))]
        if k == "putback":
            return [("putback", c) for c in sorted(set(p.temp))] + [("none",)]
        if k == "crown":
            froms = [s for s in range(5, D.NSITES) if self.guard[s] >= 0 and seat in self.occ[s]]
            tos = [s for s in range(13) if (s < 5 or self.tile[s]) and self.guard[s] < 0
                   and not any(x >= 0 for x in self.occ[s])]
            return [("crown", a, b) for a in froms for b in tos] + skip
        if k == "accept":
            return [("accept",), ("decline",)]
        if k == "bonus_pick":
            return [("bonus", t) for t in sorted(set(self.bonus[op[1]]))]
        if k == "temple_bonus":
            return [("bonus", t) for t in sorted(set(self.temple_bonus))]
        raise ValueError(f"unknown op {k}")

    def decide(self, seat: int, action: tuple) -> None:
        p = self.p[seat]
        op = self.queue.pop(0)
        k, a = op[0], action[0]
        push: list = []
        if a == "skip":
            self._cleanup(op)
        elif k == "travel":
            srcs = self.sources(seat)
            idx = next(i for i, (x, _) in enumerate(srcs) if x == action)
            icons = srcs[idx][1]
            rest = [ic for j, (_, ic) in enumerate(srcs) if j != idx]
            rem = best_remainder(op[1], icons, rest) or ()
            if a == "tcard":
                p.hand.remove(action[1])
                p.play.append(action[1])
            elif a == "pilot":
                p.res[0] -= 2
            elif a == "tasst":
                p.assistants[action[1]][2] = 1
            elif a == "tboon":
                p.guardians[action[1]][1] = 1
            self.log.append((seat, "travel_pay", {"source": list(action), "icons": list(icons)}))
            if rem:
                push = [("travel", rem, op[2])]
        elif a == "exile":
            where, card = action[1], action[2]
            if where == "tile":
                p.fear_tiles -= 1
            else:
                (p.hand if where == "hand" else p.play).remove(card)
                if card == D.FEAR and self.opts["fear_exile"] == "fear-deck":
                    self.fear_left += 1
                else:
                    p.exiled.append(card)
            self.log.append((seat, "exile", {"card": card, "from": where}))
        elif a == "discard":
            p.hand.remove(action[1])
            p.play.append(action[1])
            self.log.append((seat, "discard", {"card": action[1]}))
            if k == "discard":
                push = list(op[1])
        elif a == "upgrade":
            i = 2 if action[1] == "tablet" else 3
            p.res[i] -= 1
            p.res[i + 1] += 1
            self.log.append((seat, "upgrade", {"from": D.RES[i], "to": D.RES[i + 1]}))
        elif a == "choose":
            push = list(op[1 + action[1]])
        elif a in ("dig", "discover"):
            if a == "dig":
                push = self.dig_ops(seat, action[1], op[1])
            else:
                push = self.discover_ops(seat, action[1], op[1], op[2])
        elif k == "activate":
            s = action[1]
            if op[1] == "mine" and s >= 13:
                p.res[1] -= 2
            self.log.append((seat, "activate", {"site": s}))
            push = list(self.site_ops(s))
        elif a == "buy":
            push = self.buy_ops(seat, action[1], action[2], op[2])
            self._cleanup(op)
        elif a == "take":
            if action[1] == "item":
                card = self.items[action[2]]
                self.items[action[2]] = 0
                dest = op[1]
                if dest == "hand":
                    insort(p.hand, card)
                elif dest == "top":
                    self.place(f"deck{seat}", card, at_end=False)
                else:
                    p.deck.append(card)
            elif action[1] == "artifact":
                card = self.arts[action[2]]
                self.arts[action[2]] = 0
                push = [("accept", card)]
            else:
                card = action[2]
                self.item_exile.remove(card)
                p.deck.append(card)
            self.log.append((seat, "take", {"card": card}))
        elif a in ("research", "temple"):
            if k == "notebook":
                push = self.research_ops(seat, action, (0, 0, 0, 0, 0), free=True)
            else:
                push = self.research_ops(seat, action, op[1])
        elif k == "overcome":
            push = [("win", action[1])]
        elif k == "recruit":
            aid = self.stacks[action[1]].pop()
            self.reveal_top(self.stacks[action[1]], f"assistants{action[1]}")
            p.assistants.append([aid, 0, 0])
            self.reveal_at = self.nmoves
            self.log.append((seat, "recruit", {"assistant": aid}))
        elif k == "rescue":
            top = self.rescue[-1] == action[1]
            self.rescue.remove(action[1])
            if top:
                self.reveal_top(self.rescue, "rescue")
            p.assistants.append([action[1], 0, 1])
            self.reveal_at = self.nmoves
            self.log.append((seat, "rescue", {"assistant": action[1]}))
        elif k == "upgrade_asst":
            x = p.assistants[action[1]]
            x[1], x[2] = 1, 0
            self.log.append((seat, "upgrade_assistant", {"assistant": x[0]}))
        elif k == "refresh_asst":
            p.assistants[action[1]][2] = 0
            self.log.append((seat, "refresh_assistant", {"assistant": p.assistants[action[1]][0]}))
        elif k == "refresh_all":
            for x in p.assistants:
                x[2] = 0
        elif k == "relocate":
            src, dst = action[1], action[2]
            self.occ[src][self.occ[src].index(seat)] = -1
            self.occ[dst][self.occ[dst].index(-1)] = seat
            self.log.append((seat, "relocate", {"from": src, "to": dst}))
            push = list(self.site_ops(dst))
        elif k == "return_arch":
            s = action[1]
            self.occ[s][self.occ[s].index(seat)] = -1
            p.home += 1
            self.log.append((seat, "return", {"site": s}))
        elif k == "borrow":
            st = self.stacks[action[1]]
            info = self.assistant(st[-1])
            self.log.append((seat, "borrow", {"assistant": st[-1], "gold": op[1] == "gold"}))
            push = list(info[1 if op[1] == "gold" else 0])
        elif k == "swap_asst":
            i, j = action[1], action[2]
            old = p.assistants[i]
            new = self.stacks[j].pop()
            self.stacks[j].append(old[0])
            p.assistants[i] = [new, old[1], 0]
            self.log.append((seat, "swap_assistant", {"old": old[0], "new": new}))
        elif k == "camps2":
            push = list(self.site_ops(action[1])) + list(self.site_ops(action[2]))
        elif k == "shell":
            s = action[1]
            self.occ[s][self.occ[s].index(-1)] = seat
            p.home -= 1
            self.log.append((seat, "shell", {"site": s}))
            push = list(self.site_ops(s)) * 2
        elif k == "earring":
            n = action[1]
            for _ in range(n):
                p.temp.append(self.take(f"deck{seat}", op[2] != "top"))
            self.reveal_at = self.nmoves
            self.log.append((seat, "draw_aside", {"n": n}))
            push = [("keep",)] + ([("putback",)] if op[2] == "top" and n > 1 else []) + [("rest",)]
        elif k == "keep":
            p.temp.remove(action[1])
            insort(p.hand, action[1])
        elif k == "putback":
            if a == "putback":
                p.temp.remove(action[1])
                self.place(f"deck{seat}", action[1], at_end=False)
        elif k == "crown":
            src, dst = action[1], action[2]
            self.guard[dst], self.guard[src] = self.guard[src], -1
            self.log.append((seat, "crown", {"from": src, "to": dst}))
            push = list(self.site_ops(dst))
        elif k == "accept":
            card = op[1]
            if a == "accept":
                push = list(D.CARDS[card][7]) + [("to_play", card)]
            else:
                p.play.append(card)
        elif k == "bonus_pick":
            self.bonus[op[1]].remove(action[1])
            self.log.append((seat, "bonus_tile", {"tile": action[1]}))
            push = list(D.BONUS_OPS[action[1]])
        elif k == "temple_bonus":
            self.temple_bonus.remove(action[1])
            self.log.append((seat, "temple_bonus", {"tile": action[1]}))
            push = list(D.BONUS_OPS[action[1]])
        self.queue[0:0] = push
        self._run(seat)
