"""The solo rival expedition (reference section 17): a seat the engine plays itself.

The rival has 6 archaeologists, one magnifying glass, no resources and no cards; it starts every round.
Its action stack holds the 5 dig tiles (one per resource) and one tile of each green/red pair (discover,
research, overcome, buy item, buy artifact); the difficulty (0-5) is the number of red tiles, the pairs that
are red drawn at random. Each turn it flips the top tile and resolves it (nothing if impossible); it keeps
flipping after the human passed until all 10 are used; the same 10 are reshuffled every round.

Decisions: each tile carries a printed left/right arrow (RIVAL_ARROWS). Ties are broken by the arrow on
top of the remaining face-down stack, and for the round's last flip (the stack is empty) by the arrow on the
bottom tile of the used pile, i.e. the round's first flip (reference section 17, from S6, the rulebook
transcription; S4 docs/SOLO_RULES_SPEC.md and src/solo.ts say the same). Left = the leftmost candidate in
board order, right = the rightmost. Rounds of the discover tiles follow S4's transcription
(RIVAL_DISCOVER). Rules edition 1 (records made before commit 5ee9b15) used other arrows (RIVAL_ARROWS_ED1)
and broke ties with the arrow of the tile just flipped.
"""

from __future__ import annotations

from . import data as D

RIVAL = 9  # the rival's marker in site occupancy
RIVAL_ARCHAEOLOGISTS = 6
DIG_TILES = ("dig-coin", "dig-compass", "dig-tablet", "dig-arrowhead", "dig-jewel")
PAIRS = ("discover", "research", "overcome", "item", "artifact")
# The printed arrows, tile by tile. Our only per-tile source is S4 (Huge-BB/Arnak-Web src/solo.ts, its TILES
# table; the reference's section 20 lists it as unverified against the tile art, and neither the seed nor
# the reference's own tables give per-tile arrows). Both tiles of a green/red pair carry the same arrow
# there: discover right, research left, overcome right, buy item left, buy artifact right.
RIVAL_ARROWS = {
    "dig-coin": "L", "dig-compass": "R", "dig-tablet": "L", "dig-arrowhead": "R", "dig-jewel": "L",  # S4
    "discover-green": "R", "discover-red": "R",  # S4
    "research-green": "L", "research-red": "L",  # S4
    "overcome-green": "R", "overcome-red": "R",  # S4
    "item-green": "L", "item-red": "L",  # S4 (buy-item)
    "artifact-green": "R", "artifact-red": "R",  # S4 (buy-artifact)
}
# Rules edition 1's arrows (data.EDITION): dig tiles as above, every green tile left, every red tile right.
RIVAL_ARROWS_ED1 = {
    "dig-coin": "L", "dig-compass": "R", "dig-tablet": "L", "dig-arrowhead": "R", "dig-jewel": "L",
    "discover-green": "L", "discover-red": "R", "research-green": "L", "research-red": "R",
    "overcome-green": "L", "overcome-red": "R", "item-green": "L", "item-red": "R",
    "artifact-green": "L", "artifact-red": "R",
}
# round -> (level, guardian placed) for the discover tiles; None: nothing that round (S4)
RIVAL_DISCOVER = {"green": {1: (1, True), 2: (1, False), 3: (1, True), 4: (2, False), 5: None},
                  "red": {1: (1, False), 2: (1, True), 3: (1, False), 4: (2, True), 5: (2, False)}}
V_CROSSED = ("discover-green", "research-green", "overcome-green", "item-green")  # nothing in round 5
BANDS = (tuple(D.LEVEL2), tuple(range(9, 13)), tuple(range(5, 9)), tuple(D.CAMPS))  # highest map row first


def new_rival(rng, difficulty: int) -> dict:
    red = list(PAIRS)
    rng.shuffle(red)
    red = sorted(red[:difficulty])
    tiles = list(DIG_TILES) + [f"{p}-{'red' if p in red else 'green'}" for p in PAIRS]
    stack = sorted(tiles)
    rng.shuffle(stack)
    return {"tiles": tiles, "stack": stack, "used": [], "home": RIVAL_ARCHAEOLOGISTS, "glass": 0, "arrival": -1,
            "temple": [], "guardians": [], "cards": [], "idols_up": [], "idols_down": 0, "last": None}


def clone_rival(r: dict | None) -> dict | None:
    if r is None:
        return None
    return {k: (list(v) if isinstance(v, list) else (dict(v) if isinstance(v, dict) else v)) for k, v in r.items()}


def _gains(ops, res: int) -> bool:
    for op in ops:
        if op[0] == "gain" and op[1][res] > 0:
            return True
        if op[0] == "or" and any(_gains(b, res) for b in op[1:]):
            return True
        if op[0] == "discard" and _gains(op[1], res):
            return True
    return False


def decision_arrow(r: dict, edition: int = 2) -> str:
    """The arrow that breaks this flip's ties: the top of the face-down stack (its last element), or for the
    round's last flip the bottom of the used pile (the round's first tile). Edition 1: the flipped tile's
    own arrow (the top of the used pile) in RIVAL_ARROWS_ED1."""
    if edition == 1:
        return RIVAL_ARROWS_ED1[r["used"][-1]]
    return RIVAL_ARROWS[r["stack"][-1] if r["stack"] else r["used"][0]]


def _pick(cands: list, arrow: str):
    return (cands[0] if arrow == "L" else cands[-1]) if cands else None


class RivalMixin:
    """Methods of ArnakState that play the rival."""

    def rival_breakdown(self) -> dict:
        r = self.rival
        rows = D.ROWS[self.temple]
        research = D.TEMPLE_ARRIVAL_VP[r["arrival"]] if r["arrival"] >= 0 else (
            rows[self.row(r["glass"])][1] if r["glass"] else 0)
        b = {"research": research, "temple": sum(D.TEMPLE_STACK_VP[t] for t in r["temple"]),
             "idols": 3 * len(r["idols_up"]) + 2 * r["idols_down"], "slots": 0,
             "guardians": D.GUARDIAN_VP * len(r["guardians"]), "cards": sum(D.CARDS[c][4] for c in r["cards"]),
             "fear": 0}
        b["total"] = sum(b.values())
        return b

    def rival_turn(self) -> None:
        """Flip the top tile of the rival's stack and resolve it."""
        r = self.rival
        tile = r["stack"].pop()
        r["used"].append(tile)
        arrow = decision_arrow(r, self.opts["edition"])
        did: dict = {"tile": tile, "arrow": arrow}
        if self.round == D.ROUNDS and tile in V_CROSSED:
            did["did"] = "nothing"
        elif tile.startswith("dig-"):
            self._rival_dig(D.RES.index(tile[4:]), arrow, did)
        elif tile.startswith("discover"):
            self._rival_discover(RIVAL_DISCOVER[tile.split("-")[1]][self.round], arrow, did)
        elif tile.startswith("research"):
            self._rival_research(arrow, did, True)
        elif tile.startswith("overcome"):
            sites = [s for band in BANDS for s in band if self.guard[s] >= 0 and RIVAL in self.occ[s]]
            if sites:
                best = [s for s in sites if self._band(s) == self._band(sites[0])]
                site = _pick(best, arrow)
                r["guardians"].append(self.guard[site])
                self.guard[site] = -1
                did.update(did="overcome", site=site)
            else:
                self._rival_research(arrow, did, False)
        else:
            self._rival_buy(tile, arrow, did)
        r["last"] = did
        self.log.append((None, "rival", did))
        self.reveal_at = self.nmoves

    def _band(self, site: int) -> int:
        return next(i for i, band in enumerate(BANDS) if site in band)

    def _rival_dig(self, res: int, arrow: str, did: dict) -> None:
        r = self.rival
        if r["home"] <= 0:
            did["did"] = "nothing"
            return
        for band in BANDS:
            cands = [s for s in band
                     if (s < 5 or self.tile[s]) and self.free_space(s) and _gains(self.site_ops(s), res)]
            if cands:
                site = _pick(cands, arrow)
                spaces = self.occ[site]
                spaces[spaces.index(-1)] = RIVAL
                r["home"] -= 1
                did.update(did="dig", site=site)
                return
        did["did"] = "nothing"

    def _rival_discover(self, plan, arrow: str, did: dict) -> None:
        r = self.rival
        if plan is None or r["home"] <= 0:
            did["did"] = "nothing"
            return
        level, guardian = plan
        pile = self.pile1 if level == 1 else self.pile2
        bands = (tuple(range(5, 9)), tuple(range(9, 13))) if level == 1 else (tuple(D.LEVEL2),)
        for band in bands:
            cands = [s for s in band if not self.tile[s]]
            if cands and pile:
                site = _pick(cands, arrow)
                idol = self.idol[site]
                if idol >= 0:
                    kind = D.IDOL_NAMES[idol]
                    if kind in r["idols_up"]:
                        r["idols_down"] += 1
                    else:
                        r["idols_up"].append(kind)
                r["idols_down"] += self.fd[site]
                self.idol[site], self.fd[site] = -1, 0
                self.tile[site] = self.take(f"pile{level}")
                self.occ[site][0] = RIVAL
                r["home"] -= 1
                if guardian and self.gpile:
                    self.guard[site] = self.take("gpile")
                did.update(did="discover", site=site, site_tile=self.tile[site], guardian=self.guard[site])
                return
        did["did"] = "nothing"

    def _rival_research(self, arrow: str, did: dict, assistant: bool) -> None:
        r = self.rival
        track = D.TRACKS[self.temple]
        if r["glass"] == D.TEMPLE:
            order = (3, 4) if arrow == "L" else (4, 3)
            for k in order:
                if self.temple_left[k]:
                    self.temple_left[k] -= 1
                    r["temple"].append(k)
                    did.update(did="temple_tile", stack=k)
                    break
            else:
                did["did"] = "nothing"
        else:
            cands = [dest for dest, (_row, _c, src, _) in track.items() if r["glass"] in src]
            dest = _pick(sorted(cands), arrow)
            r["glass"] = dest
            if self.bonus[dest]:
                self.bonus[dest].pop()
            if dest == D.TEMPLE:
                r["arrival"] = self.arrivals
                self.arrivals += 1
                if self.temple_bonus:
                    self.take_hidden(self.temple_bonus, "temple")
            if self.temple == "snake" and dest == D.SNAKE_RESCUE and self.rescue:
                self.rescue.pop()
                self.reveal_top(self.rescue, "rescue")
            did.update(did="research", space=dest)
        if assistant:
            sizes = [len(st) for st in self.stacks]
            if max(sizes) > 0:
                tall = [i for i, k in enumerate(sizes) if k == max(sizes)]
                i = _pick(tall, arrow)
                did["assistant_removed"] = self.stacks[i].pop()
                self.reveal_top(self.stacks[i], f"assistants{i}")

    def _rival_buy(self, tile: str, arrow: str, did: dict) -> None:
        kind, colour = tile.split("-")
        row = self.items if kind == "item" else self.arts
        shown = list(range(len(row))) if kind == "item" else list(range(len(row) - 1, -1, -1))  # left to right
        cands = [i for i in shown if row[i]]
        if not cands:
            did["did"] = "nothing"
            return
        vps = [D.CARDS[row[i]][4] for i in cands]
        want = min(vps) if colour == "green" else max(vps)
        i = _pick([c for c, v in zip(cands, vps) if v == want], arrow)
        card = row[i]
        row[i] = 0
        self.rival["cards"].append(card)
        did.update(did="buy", card=card)
        self.refill()

    def rival_round_end(self) -> None:
        r = self.rival
        stack = sorted(r["tiles"])
        self.event_rng("rival").shuffle(stack)
        r["stack"], r["used"] = stack, []
