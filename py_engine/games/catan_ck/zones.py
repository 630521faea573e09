"""Catan: Cities & Knights positions (py_engine.core.position): the pieces on the island, the improvements,
the progress cards and the decision pending (3-4 players).

Components: each seat's pieces, as supplies: "settlement-<seat>" (5), "city-<seat>" (4), "road-<seat>" (15),
"wall-<seat>" (3), its knights "knight-<seat>-<level>" (inactive) and "knight-<seat>-<level>-active" (2 of
each level 1-3 in all) and its merchant "merchant-<seat>"; the three metropolises "metropolis-<track>"; the
robber; the progress cards by name ("spy": 3 copies, as in the decks; "printer" and "constitution" are
victory point cards). Zones: every intersection ("vertex.<n>": a building with its wall and metropolis, or a
knight), every path ("edge.<n>", one road) and every hex ("hex.<n>": the robber, a merchant), numbered as
the engine numbers them; each seat's progress cards in hand ("progress.<seat>", seen by its owner; left
unset: none) and victory point cards face up ("points.<seat>"). Fields: whose turn it is, the decision
pending (roll the dice; the main phase after the roll; discards on a 7; moving the robber), the barbarian
ship's step (0-6), whether the robber is active (after the first attack), each seat's Defender of Catan
points, improvements (0-5 on each track) and resource and commodity cards.

The board: each hex's terrain ("terrain.<hex>": "terrain-forest" ..., as many of each as the game has: 4 forest,
pasture and fields, 3 hills and mountains, 1 desert) and number token ("token.<hex>": "token-2" ... "token-12",
the 18 tokens A-R), and each of the 9 harbour spots' kind ("harbour.<1-9>", clockwise from the top left:
"harbour-generic" (3:1) x4, "harbour-brick" ... one 2:1 harbour of each resource). A position without a board
(saved before it was settable) has the board and harbours its seed deals (a position with a seed of its own keeps
its board); likewise harbours left empty.

Left at the game's default (from the seed and the options): the robber on the desert unless it is placed on a
hex, the progress decks (less the cards in hands), no longest-road history; a main phase starts afresh (no
trade offers made yet).

Rules checked here, beyond the shared ones: a board set by hand gives every hex its terrain and every hex but
the desert a number token (the desert has none), the supply of terrains and tokens is the game's (so all of
them lie on the island), and no 6 or 8 touches another 6 or 8: the engine's random setup deals again until
none does (the beginner board obeys it too, and the Inventor never moves a 6 or an 8), so a position follows
that rule; harbours set by hand fill all nine spots. Buildings and knights stand on intersections, roads on paths,
the robber and merchants on hexes; one building or knight on an intersection; no building stands next to
another (the distance rule); every road joins its owner's building, knight or another of its roads;
every knight stands at the end of its owner's road; a mighty
knight needs the politics fortress (politics 3); a city wall stands under its owner's city, one to a city;
a metropolis stands on a city whose owner has that track's level 4, one to a city, and whoever holds a
level 4 or more of a track has its metropolis unless another reached it first (a level 5 takes it from a
level 4); one merchant, beside its owner's building; progress cards in their
hands (at most 4, 5 for the player in the main phase), victory point cards face up; the cards in hands
exist (19 of each resource, 12 of each commodity); a discard on a 7 has someone above their limit (7, +2 a
wall), the robber moves only once it is active.
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.rng import Rng
from .data import (
    BANK_START,
    CARD_TRACK,
    DECKS,
    EDGES,
    HARBOUR_EDGES,
    HARBOUR_SET,
    HEX_NEIGH,
    HEX_VERTS,
    KINDS,
    KNIGHTS_PER_LEVEL,
    NE_,
    NH,
    NV,
    PIECES,
    TERRAIN_SET,
    TOKENS_AZ,
    TRACKS,
    VERT_EDGES,
    VERT_NEIGH,
    VP_CARDS,
    WIN_VP,
)

_VERTS = tuple(str(v) for v in range(NV))
_EDGES = tuple(str(e) for e in range(NE_))
_HEXES = tuple(str(h) for h in range(NH))
BUILDINGS = ("settlement", "city")
DECISIONS = ("roll", "main", "discard", "robber")
CARDS = {name: n for track in TRACKS for name, n in DECKS[track]}  # progress card -> copies
HAND_CAP = 4  # progress cards in a hand; 5 for the player in their main phase
HARBOUR_KEYS = tuple(str(i + 1) for i in range(len(HARBOUR_EDGES)))
BOARD_PIECES = {"terrain": "terrain-", "token": "token-", "harbour": "harbour-"}  # zone -> what it holds
GENERIC = "3:1"  # the engine's generic harbour; a position calls it "harbour-generic"
POLITICS = TRACKS.index("politics")
FORTRESS = 3  # the politics level that lets knights become mighty


def harbour_name(kind: str) -> str:
    """The engine's harbour kind as a component: '3:1' -> 'harbour-generic', 'ore' -> 'harbour-ore'."""
    return f"harbour-{'generic' if kind == GENERIC else kind}"


def _piece(name: str) -> tuple[str, int, int, bool]:
    """'knight-1-2-active' -> ('knight', 1, 2, True); 'city-0' -> ('city', 0, 0, False); 'metropolis-trade'
    -> ('metropolis', track index, 0, False); 'robber' -> ('robber', -1, 0, False); a progress card: seat -1."""
    parts = name.split("-")
    if parts[0] == "metropolis":
        return "metropolis", TRACKS.index(parts[1]), 0, False
    if len(parts) == 1 or not parts[1].isdigit():  # the robber; a terrain, token or harbour
        return parts[0], -1, 0, False
    return parts[0], int(parts[1]), int(parts[2]) if len(parts) > 2 else 0, parts[-1] == "active"


class CatanDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"vertex": _VERTS, "edge": _EDGES, "hex": _HEXES, "kind": KINDS, "track": TRACKS,
                "harbour": HARBOUR_KEYS}

    def components(self, players: int, options: dict) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in range(players):
            out.update({f"settlement-{s}": PIECES["settlement"], f"city-{s}": PIECES["city"],
                        f"road-{s}": PIECES["road"], f"wall-{s}": PIECES["wall"], f"merchant-{s}": 1})
            for lvl in (1, 2, 3):
                out[f"knight-{s}-{lvl}"] = out[f"knight-{s}-{lvl}-active"] = KNIGHTS_PER_LEVEL
        out.update({f"metropolis-{t}": 1 for t in TRACKS})
        out["robber"] = 1
        out.update(CARDS)
        out.update({f"terrain-{t}": TERRAIN_SET.count(t) for t in dict.fromkeys(TERRAIN_SET)})
        out.update({f"token-{n}": TOKENS_AZ.count(n) for n in sorted(set(TOKENS_AZ))})
        out.update({harbour_name(k): HARBOUR_SET.count(k) for k in dict.fromkeys(HARBOUR_SET)})
        return out

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/catan_ck.py draws a target "t-v<n>" / "t-e<n>" / "t-h<n>" at
        every intersection, path and hex it is given an action for; a hex also stands for its terrain and number
        token, see `spot_zone`), at each harbour ("harbour-<edge>") and at each player's panel ("panel-<seat>": its
        progress cards and victory point cards)."""
        out = {f"vertex.{v}": f"t-v{v}" for v in range(NV)}
        out.update({f"progress.{s}": f"panel-{s}" for s in range(players)})
        out.update({f"edge.{e}": f"t-e{e}" for e in range(NE_)})
        out.update({f"hex.{h}": f"t-h{h}" for h in range(NH)})
        out.update({f"harbour.{k}": f"harbour-{e}" for k, e in zip(HARBOUR_KEYS, HARBOUR_EDGES)})
        return out

    def spot_group(self, path: str) -> list[str]:
        kind, _sep, h = path.partition(".")
        if kind == "progress":  # a player's panel: their progress cards and victory point cards
            return [f"points.{h}", path]
        return [path, f"token.{h}", f"terrain.{h}"] if kind == "hex" else [path]

    def spot_zone(self, path: str, comp: str | None, zones: dict, seat: int = 0, source: str | None = None) -> str:
        """A hex: a terrain goes to its terrain, a number token to its token, anything else on the hex; lifted
        first the robber or merchant, then the token, then the terrain."""
        kind, _sep, h = path.partition(".")
        if kind == "progress":  # a panel: a victory point card face up, another in hand; lifted, those face up first
            if comp is None:
                return next((p for p in self.spot_group(path) if zones.get(p)), path)
            return f"points.{h}" if comp in VP_CARDS else path
        if kind != "hex":
            return path
        group = self.spot_group(path)
        if comp is None:
            return next((p for p in group if zones.get(p)), path)
        return next((p for p in group[1:] if comp.startswith(BOARD_PIECES[p.split(".")[0]])), path)

    def spot_actions(self, players: int, options: dict, seat: int) -> list[tuple]:
        return ([("place", v) for v in range(NV)] + [("road", e) for e in range(NE_)]
                + [("robber", h) for h in range(NH)])

    def displaced(self, zone: Zone, comp: str, items: list[str]) -> list[str]:
        """A building or knight put on an intersection takes the place of the one there (its wall and
        metropolis stay); a road, the one on its path."""
        if zone.name == "vertex" and _piece(comp)[0] in BUILDINGS + ("knight",):
            return [c for c in items if _piece(c)[0] in BUILDINGS + ("knight",)]
        return super().displaced(zone, comp, items)

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """Buildings, knights, city walls and metropolises on intersections; roads on paths; the robber and the
        merchants on hexes; terrains, number tokens and harbours in their board spots; progress cards in hands,
        victory point cards face up."""
        kind = path.split(".")[0]
        if kind in BOARD_PIECES:
            return comp.startswith(BOARD_PIECES[kind])
        if comp in CARDS:
            return (kind == "points") == (comp in VP_CARDS) and kind in ("progress", "points")
        piece, seat = _piece(comp)[:2]
        if kind == "vertex":
            return piece in BUILDINGS + ("knight", "wall", "metropolis") and (seat >= 0 or piece == "metropolis")
        if kind == "edge":
            return piece == "road" and seat >= 0
        if kind == "hex":
            return piece == "robber" or (piece == "merchant" and seat >= 0)
        return False

    # --- the rules ---------------------------------------------------------------------------------
    def check(self, pos: Position) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        self._check_board(z)
        impr = [[f[f"improve.{s}.{t}"] for t in TRACKS] for s in range(n)]
        at, wall, metro = self._vertices(z, impr)
        road = [z[f"edge.{e}"][0] if z[f"edge.{e}"] else None for e in range(NE_)]
        knights = {(s, lvl): 0 for s in range(n) for lvl in (1, 2, 3)}
        for v, name in enumerate(at):
            if name is None:
                continue
            kind, s, lvl, _active = _piece(name)
            if kind in BUILDINGS:
                for w in VERT_NEIGH[v]:
                    if w < v and at[w] and _piece(at[w])[0] in BUILDINGS:
                        raise PositionError(f"{name} stands next to {at[w]} (vertex.{w}): the distance rule",
                                            f"vertex.{v}")
            else:
                if lvl == 3 and impr[s][POLITICS] < FORTRESS:
                    raise PositionError(f"a mighty knight needs the politics fortress (politics level {FORTRESS})",
                                        f"vertex.{v}")
                knights[(s, lvl)] += 1
                if knights[(s, lvl)] > KNIGHTS_PER_LEVEL:
                    raise PositionError(f"a player has {KNIGHTS_PER_LEVEL} knights of each level", f"vertex.{v}")
                if not any(road[e] == f"road-{s}" for e in VERT_EDGES[v]):
                    raise PositionError(f"{name} stands at the end of none of its owner's roads", f"vertex.{v}")
        for e, name in enumerate(road):
            if name is None:
                continue
            if not name.startswith("road-"):
                raise PositionError(f"{name} cannot lie on a path: only a road", f"edge.{e}")
            s = _piece(name)[1]
            if not any(self._joins(at, road, v, e, s) for v in EDGES[e]):
                raise PositionError(f"{name} joins none of its owner's buildings, knights or roads", f"edge.{e}")
        self._check_metropolises(at, metro, impr, n)
        self._hexes(z, at)
        self._check_cards(pos, impr, wall)

    @staticmethod
    def _check_board(z: dict) -> None:
        """Terrains, tokens and harbours in their zones; a board set by hand is whole, the desert without a
        number, no 6 or 8 next to another; harbours set by hand fill every spot."""
        for path, items in z.items():
            kind = path.split(".")[0]
            for c in items or ():
                own = BOARD_PIECES.get(kind)
                if own and not c.startswith(own):
                    raise PositionError(f"{c} cannot lie here: only a {own[:-1]}", path)
                board = next((k for k, prefix in BOARD_PIECES.items() if c.startswith(prefix)), None)
                if not own and board:
                    raise PositionError(f"{c} lies only on the board's {board} spots", path)
        terrain = [z[f"terrain.{h}"][0][8:] if z[f"terrain.{h}"] else None for h in range(NH)]
        token = [int(z[f"token.{h}"][0][6:]) if z[f"token.{h}"] else 0 for h in range(NH)]
        if any(terrain) or any(token):
            for h in range(NH):
                if terrain[h] is None:
                    raise PositionError(f"hex {h} has no terrain: a board set by hand gives every hex its terrain "
                                        "and number (or none: the board the seed deals)", f"terrain.{h}")
                if terrain[h] == "desert" and token[h]:
                    raise PositionError("the desert has no number token", f"token.{h}")
                if terrain[h] != "desert" and not token[h]:
                    raise PositionError(f"every hex but the desert has a number token: this {terrain[h]} has none",
                                        f"token.{h}")
            red = [h for h in range(NH) if token[h] in (6, 8)]
            for h in red:
                near = next((o for o in HEX_NEIGH[h] if o in red and o < h), None)
                if near is not None:
                    raise PositionError(f"token-{token[h]} lies next to token-{token[near]} (hex {near}): no 6 or "
                                        "8 touches another 6 or 8", f"token.{h}")
        empty = [k for k in HARBOUR_KEYS if not z[f"harbour.{k}"]]
        if empty and len(empty) < len(HARBOUR_KEYS):
            raise PositionError("harbours set by hand fill all nine spots (or none: the harbours the seed deals)",
                                f"harbour.{empty[0]}")

    @staticmethod
    def _vertices(z: dict, impr: list) -> tuple[list, list, list]:
        """(building or knight, wall, metropolis track) of every intersection, checking what lies together."""
        at: list = [None] * NV
        wall: list = [None] * NV
        metro: list = [None] * NV
        for v in range(NV):
            where = f"vertex.{v}"
            for name in z[where] or ():
                kind, s, _lvl, _active = _piece(name)
                if kind == "road":
                    raise PositionError(f"{name} cannot stand on an intersection: roads lie on paths", where)
                if kind in ("robber", "merchant") or s < 0:
                    raise PositionError(f"{name} cannot stand on an intersection", where)
                if kind == "wall":
                    if wall[v] is not None:
                        raise PositionError("a city has one wall", where)
                    wall[v] = name
                elif kind == "metropolis":
                    if metro[v] is not None:
                        raise PositionError("a city is one metropolis at most", where)
                    metro[v] = s
                elif at[v] is not None:
                    raise PositionError(f"{at[v]} and {name} cannot share an intersection", where)
                else:
                    at[v] = name
            here = _piece(at[v]) if at[v] else None
            if wall[v] and (here is None or here[0] != "city" or here[1] != _piece(wall[v])[1]):
                raise PositionError(f"{wall[v]} stands under {at[v] or 'nothing'}: a city wall goes only under its "
                                    "owner's city", where)
            if metro[v] is not None:
                track = TRACKS[metro[v]]
                if here is None or here[0] != "city":
                    raise PositionError(f"the {track} metropolis stands on {at[v] or 'nothing'}: a metropolis is "
                                        "a city", where)
                if impr[here[1]][metro[v]] < 4:
                    raise PositionError(f"the {track} metropolis stands on a city of player {here[1] + 1}, who has "
                                        f"no level-4 {track} improvement", where)
        return at, wall, metro

    @staticmethod
    def _check_metropolises(at: list, metro: list, impr: list, n: int) -> None:
        for t, track in enumerate(TRACKS):
            held = next((v for v in range(NV) if metro[v] == t), None)
            holder = _piece(at[held])[1] if held is not None else None
            best = max(impr[s][t] for s in range(n))
            if best >= 4 and holder is None:
                s = next(s for s in range(n) if impr[s][t] == best)
                raise PositionError(f"player {s + 1} has a level-{best} {track} improvement: the {track} "
                                    "metropolis stands on one of their cities", f"improve.{s}.{track}")
            if holder is not None and impr[holder][t] < 5:
                taker = next((s for s in range(n) if impr[s][t] == 5), None)
                if taker is not None:
                    raise PositionError(f"player {taker + 1} reached level 5 of {track} first: the {track} "
                                        "metropolis is theirs", f"vertex.{held}")

    @staticmethod
    def _hexes(z: dict, at: list) -> tuple[int | None, tuple[int, int] | None]:
        robber = merchant = None
        for h in range(NH):
            where = f"hex.{h}"
            for name in z[where] or ():
                kind, s, _lvl, _active = _piece(name)
                if kind == "robber":
                    robber = h
                elif kind == "merchant" and s >= 0:
                    if merchant is not None:
                        raise PositionError("there is one merchant: only one player holds it", where)
                    if not any(at[v] and _piece(at[v])[0] in BUILDINGS and _piece(at[v])[1] == s
                               for v in HEX_VERTS[h]):
                        raise PositionError(f"{name} stands next to none of its owner's buildings", where)
                    merchant = (h, s)
                else:
                    raise PositionError(f"{name} cannot stand on a hex: only the robber and a merchant", where)
        return robber, merchant

    def _check_cards(self, pos: Position, impr: list, wall: list) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        decision, turn = f["decision"], f["turn"]
        for s in range(n):
            hand = z[f"progress.{s}"] or []
            for name in hand:
                if name not in CARDS:
                    raise PositionError(f"{name} is not a progress card", f"progress.{s}")
                if name in VP_CARDS:
                    raise PositionError(f"{name} is a victory point card: it lies face up", f"progress.{s}")
            cap = HAND_CAP + (s == turn and decision != "roll")
            if len(hand) > cap:
                raise PositionError(f"holds {len(hand)} progress cards; a hand holds {HAND_CAP} "
                                    f"({HAND_CAP + 1} for the player in their turn after the roll)", f"progress.{s}")
            for name in z[f"points.{s}"] or ():
                if name not in VP_CARDS:
                    raise PositionError(f"{name} is not a victory point card", f"points.{s}")
        for k, kind in enumerate(KINDS):
            held = sum(f[f"cards.{s}.{kind}"] for s in range(n))
            if held > BANK_START[k]:
                last = max(s for s in range(n) if f[f"cards.{s}.{kind}"])
                raise PositionError(f"{held} {kind} cards are held but only {BANK_START[k]} exist",
                                    f"cards.{last}.{kind}")
        if decision == "discard" and not any(self._need(pos, wall)):
            raise PositionError("after a 7 only a player holding more than 7 cards (+2 for each city wall) "
                                "discards: nobody does", "decision")
        if decision == "robber" and not f["robber_active"]:
            raise PositionError("the robber moves only after the first barbarian attack", "decision")

    @staticmethod
    def _need(pos: Position, wall: list) -> list[int]:
        """How many cards each seat discards on a 7 (half, rounded down, of a hand above its limit)."""
        f, n = pos.fields, pos.players
        out = []
        for s in range(n):
            cards = sum(f[f"cards.{s}.{kind}"] for kind in KINDS)
            limit = 7 + 2 * sum(1 for w in wall if w == f"wall-{s}")
            out.append(cards // 2 if cards > limit else 0)
        return out

    @staticmethod
    def _joins(at: list, road: list, v: int, e: int, s: int) -> bool:
        """A road's end at v meets its owner's piece or another of its roads (a rival who built there
        later splits the road but leaves it on the island)."""
        here = at[v]
        if here is not None and _piece(here)[1] == s:
            return True
        return any(road[x] == f"road-{s}" for x in VERT_EDGES[v] if x != e)

    # --- the state ---------------------------------------------------------------------------------
    def build(self, pos: Position, rng: Rng):
        from . import GAME

        z, f, n = pos.zones, pos.fields, pos.players
        s = GAME.new(players=n, seed=rng.below(2 ** 31), options=pos.options)
        self._board(z, s)
        for v in range(NV):
            for name in z[f"vertex.{v}"] or ():
                kind, seat, lvl, active = _piece(name)
                if kind in BUILDINGS:
                    s.owner[v], s.btype[v] = seat, 1 + BUILDINGS.index(kind)
                elif kind == "knight":
                    s.kn_owner[v], s.kn_level[v], s.kn_active[v] = seat, lvl, active
                elif kind == "wall":
                    s.wall[v] = True
                elif kind == "metropolis":
                    s.metro[seat] = v
        for e in range(NE_):
            if z[f"edge.{e}"]:
                s.road[e] = _piece(z[f"edge.{e}"][0])[1]
        for h in range(NH):
            for name in z[f"hex.{h}"] or ():
                kind, seat, _lvl, _active = _piece(name)
                if kind == "robber":
                    s.robber = h
                elif kind == "merchant" and seat >= 0:
                    s.merchant, s.merchant_owner = h, seat
        s.impr = [[f[f"improve.{q}.{t}"] for t in TRACKS] for q in range(n)]
        s.metro_locked = [s.metro[t] >= 0 and s.impr[s.owner[s.metro[t]]][t] == 5 for t in range(len(TRACKS))]
        s.prog = [sorted(z[f"progress.{q}"] or []) for q in range(n)]
        s.vpcards = [list(z[f"points.{q}"] or []) for q in range(n)]
        for card in [c for q in range(n) for c in s.prog[q] + s.vpcards[q]]:
            s.decks[TRACKS.index(CARD_TRACK[card])].remove(card)
        if s.ev is not None:
            s.mix_decks()
        s.hands = [[f[f"cards.{q}.{kind}"] for kind in KINDS] for q in range(n)]
        s.bank = [BANK_START[k] - sum(h[k] for h in s.hands) for k in range(len(KINDS))]
        s.barb, s.robber_active, s.attacks = f["barbarians"], bool(f["robber_active"]), int(bool(f["robber_active"]))
        s.defender = [f[f"defender.{q}"] for q in range(n)]
        turn = f["turn"]
        s.turn, s.turn_no, s.setup_i = turn, 1, 2 * n
        s.stack = [{"k": "roll", "p": turn}]
        decision = f["decision"]
        if decision != "roll":
            s.stack = [{"k": "main", "p": turn}]
            for v in range(NV):
                s.kn_ready[v] = s.kn_owner[v] == turn and s.kn_active[v]
        if decision == "discard":
            need = [s.cards(q) // 2 if s.cards(q) > s.limit(q) else 0 for q in range(n)]
            s.stack += [{"k": "@robber7"}, {"k": "discard", "need": need, "to": -1, "why": "seven",
                         "gone": [[0] * len(KINDS) for _ in range(n)]}]
        elif decision == "robber":
            s.stack.append({"k": "robber", "p": turn, "then": "steal"})
        s.log = []
        s._update_longest()
        return s

    @staticmethod
    def _board(z: dict, s) -> None:
        """The terrains, tokens and harbours set by hand (else the seed's); the robber then on the desert."""
        for h in range(NH):
            if z.get(f"terrain.{h}"):
                s.terrain[h] = z[f"terrain.{h}"][0][8:]
                s.number[h] = 0 if s.terrain[h] == "desert" else s.number[h]
            if z.get(f"token.{h}"):
                s.number[h] = int(z[f"token.{h}"][0][6:])
        for i, k in enumerate(HARBOUR_KEYS):
            if z.get(f"harbour.{k}"):
                kind = z[f"harbour.{k}"][0][8:]
                s.harbours[i] = [HARBOUR_EDGES[i], GENERIC if kind == "generic" else kind]
        if "desert" in s.terrain:
            s.robber = s.terrain.index("desert")

    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        n = state.players
        setup = state.setup_i < 2 * n
        kinds = [e["k"] for e in state.stack]
        decision = {("roll",): "roll", ("main",): "main", ("main", "robber"): "robber",
                    ("main", "@robber7", "discard"): "discard", ("main", "@robber7", "robber"): "robber"}.get(
            tuple(kinds))
        top = state.stack[-1] if state.stack else {}
        if decision == "discard" and (top["why"] != "seven" or any(map(any, top["gone"]))) or \
                decision == "robber" and top["then"] != "steal":
            decision = None  # another card's discard, or one under way; a Bishop's robber
        if not setup and not shown and (decision is None or state.fleet or state.crane):
            raise PositionError("a Catan position is set up before a turn's roll, in the main phase before any "
                                "card's effect or trade, before the discards on a 7 or when the robber moves "
                                "(from such a replay step: not yet)", "state")
        zones: dict = {}
        for v in range(NV):
            items: list = []
            if not setup and state.owner[v] >= 0:
                items.append(f"{BUILDINGS[state.btype[v] - 1]}-{state.owner[v]}")
                if state.wall[v]:
                    items.append(f"wall-{state.owner[v]}")
                items += [f"metropolis-{TRACKS[t]}" for t in range(len(TRACKS)) if state.metro[t] == v]
            elif not setup and state.kn_owner[v] >= 0:
                items.append(f"knight-{state.kn_owner[v]}-{state.kn_level[v]}"
                             + ("-active" if state.kn_active[v] else ""))
            zones[f"vertex.{v}"] = items
        for e in range(NE_):
            zones[f"edge.{e}"] = [f"road-{state.road[e]}"] if not setup and state.road[e] >= 0 else []
        for h in range(NH):
            items = ["robber"] if h == state.robber and state.terrain[h] != "desert" else []
            if not setup and h == state.merchant and state.merchant_owner >= 0:
                items.append(f"merchant-{state.merchant_owner}")
            zones[f"hex.{h}"] = items
        for h in range(NH):
            zones[f"terrain.{h}"] = [f"terrain-{state.terrain[h]}"]
            zones[f"token.{h}"] = [f"token-{state.number[h]}"] if state.number[h] else []
        for k, (_e, kind) in zip(HARBOUR_KEYS, state.harbours):
            zones[f"harbour.{k}"] = [harbour_name(kind)]
        for q in range(n):
            zones[f"progress.{q}"] = [] if setup else list(state.prog[q])
        for q in range(n):
            zones[f"points.{q}"] = [] if setup else list(state.vpcards[q])
        fields: dict = {"turn": 0 if setup else state.turn, "decision": "roll" if setup else decision,
                        "barbarians": 0 if setup else state.barb, "robber_active": int(state.robber_active)}
        fields.update({f"defender.{q}": state.defender[q] for q in range(n)})
        fields.update({f"improve.{q}.{t}": 0 if setup else state.impr[q][i]
                       for q in range(n) for i, t in enumerate(TRACKS)})
        fields.update({f"cards.{q}.{kind}": 0 if setup else state.hands[q][k]
                       for q in range(n) for k, kind in enumerate(KINDS)})
        return zones, fields


DECLARATION = CatanDeclaration(
    game_id="catan-ck",
    zones=(
        Zone("vertex", per="vertex", high=3),
        Zone("edge", per="edge", high=1),
        Zone("hex", per="hex", high=2),
        Zone("terrain", per="hex", high=1),
        Zone("token", per="hex", high=1),
        Zone("harbour", per="harbour", high=1),
        Zone("progress", per_seat=True, high=HAND_CAP + 1, seen_by="owner"),
        Zone("points", per_seat=True, high=len(VP_CARDS)),
    ),
    fields=(
        Field("turn", kind="seat"),
        Field("decision", kind="choice", choices=DECISIONS),
        Field("barbarians", low=0, high=6),
        Field("robber_active", low=0, high=1),
        Field("defender", per_seat=True, low=0, high=WIN_VP),
        Field("improve", per_seat=True, each="track", low=0, high=5),
        Field("cards", per_seat=True, each="kind", low=0, high=max(BANK_START)),
    ),
    complete=False,
)
