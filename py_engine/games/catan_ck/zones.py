"""Catan: Cities & Knights positions (py_engine.core.position): the pieces on the island at the start of a
turn, before its roll (3-4 players).

Components: each seat's pieces, as supplies: "settlement-<seat>" (5), "city-<seat>" (4), "road-<seat>" (15)
and its knights "knight-<seat>-<level>" (inactive) and "knight-<seat>-<level>-active" (2 of each level in
all: basic 1, strong 2). Zones: every intersection ("vertex.<n>", one building or knight) and every path
("edge.<n>", one road), numbered as the engine numbers them. Fields: whose turn it is (their roll is
pending), the barbarian ship's step (0-6: the next ship on the event die at step 6 attacks) and each seat's
resource and commodity cards.

Left at the game's default (from the seed and the options): the board, harbours, robber on the desert,
city improvements at 0, progress decks, no walls, metropolises or progress cards.

Rules checked here, beyond the shared ones: buildings and knights stand on intersections, roads on paths;
no building stands next to another (the distance rule); every road joins its owner's building, knight or
another of its roads (through an intersection no rival holds); every knight stands at the end of its
owner's road; a seat has at most 2 knights of each level; a mighty knight needs the politics fortress
(improvements are not set up here); the cards in hands exist (19 of each resource, 12 of each commodity).
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.rng import Rng
from .data import (
    BANK_START,
    EDGES,
    KINDS,
    KNIGHTS_PER_LEVEL,
    NE_,
    NV,
    PIECES,
    VERT_EDGES,
    VERT_NEIGH,
)

LEVELS = (1, 2)  # basic and strong (mighty knights need the fortress, not set up here)
_VERTS = tuple(str(v) for v in range(NV))
_EDGES = tuple(str(e) for e in range(NE_))
BUILDINGS = ("settlement", "city")


def _piece(name: str) -> tuple[str, int, int, bool]:
    """'knight-1-2-active' -> ('knight', 1, 2, True); 'city-0' -> ('city', 0, 0, False)."""
    parts = name.split("-")
    return parts[0], int(parts[1]), int(parts[2]) if len(parts) > 2 else 0, parts[-1] == "active"


class CatanDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"vertex": _VERTS, "edge": _EDGES, "kind": KINDS}

    def components(self, players: int, options: dict) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in range(players):
            out.update({f"settlement-{s}": PIECES["settlement"], f"city-{s}": PIECES["city"],
                        f"road-{s}": PIECES["road"]})
            for lvl in (1, 2, 3):
                out[f"knight-{s}-{lvl}"] = out[f"knight-{s}-{lvl}-active"] = KNIGHTS_PER_LEVEL
        return out

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/catan_ck.py draws a target "t-v<n>" / "t-e<n>" at every
        intersection and path it is given an action for)."""
        out = {f"vertex.{v}": f"t-v{v}" for v in range(NV)}
        out.update({f"edge.{e}": f"t-e{e}" for e in range(NE_)})
        return out

    def spot_actions(self, players: int, options: dict, seat: int) -> list[tuple]:
        return [("place", v) for v in range(NV)] + [("road", e) for e in range(NE_)]

    def check(self, pos: Position) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        at = [z[f"vertex.{v}"][0] if z[f"vertex.{v}"] else None for v in range(NV)]
        road = [z[f"edge.{e}"][0] if z[f"edge.{e}"] else None for e in range(NE_)]
        knights = {(s, lvl): 0 for s in range(n) for lvl in (1, 2, 3)}
        for v, name in enumerate(at):
            if name is None:
                continue
            kind, s, lvl, _active = _piece(name)
            if kind == "road":
                raise PositionError(f"{name} cannot stand on an intersection: roads lie on paths", f"vertex.{v}")
            if kind in BUILDINGS:
                for w in VERT_NEIGH[v]:
                    if w < v and at[w] and _piece(at[w])[0] in BUILDINGS:
                        raise PositionError(f"{name} stands next to {at[w]} (vertex.{w}): the distance rule",
                                            f"vertex.{v}")
            else:
                if lvl == 3:
                    raise PositionError("a mighty knight needs the politics fortress (improvements are not set up "
                                        "here)", f"vertex.{v}")
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
        for k, kind in enumerate(KINDS):
            held = sum(f[f"cards.{s}.{kind}"] for s in range(n))
            if held > BANK_START[k]:
                last = max(s for s in range(n) if f[f"cards.{s}.{kind}"])
                raise PositionError(f"{held} {kind} cards are held but only {BANK_START[k]} exist",
                                    f"cards.{last}.{kind}")

    @staticmethod
    def _joins(at: list, road: list, v: int, e: int, s: int) -> bool:
        here = at[v]
        if here is not None:
            return _piece(here)[1] == s
        return any(road[x] == f"road-{s}" for x in VERT_EDGES[v] if x != e)

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        z, f, n = pos.zones, pos.fields, pos.players
        s = GAME.new(players=n, seed=rng.below(2 ** 31), options=pos.options)
        for v in range(NV):
            if z[f"vertex.{v}"]:
                kind, seat, lvl, active = _piece(z[f"vertex.{v}"][0])
                if kind in BUILDINGS:
                    s.owner[v], s.btype[v] = seat, 1 + BUILDINGS.index(kind)
                else:
                    s.kn_owner[v], s.kn_level[v], s.kn_active[v] = seat, lvl, active
        for e in range(NE_):
            if z[f"edge.{e}"]:
                s.road[e] = _piece(z[f"edge.{e}"][0])[1]
        s.hands = [[f[f"cards.{q}.{kind}"] for kind in KINDS] for q in range(n)]
        s.bank = [BANK_START[k] - sum(h[k] for h in s.hands) for k in range(len(KINDS))]
        s.barb, s.turn, s.turn_no, s.setup_i = f["barbarians"], f["turn"], 1, 2 * n
        s.stack = [{"k": "roll", "p": f["turn"]}]
        s.log = []
        s._update_longest()
        return s

    def of_state(self, state) -> tuple[dict, dict]:
        n = state.players
        setup = state.setup_i < 2 * n
        plain = (not any(any(i) for i in state.impr) and not any(state.wall) and all(m < 0 for m in state.metro)
                 and not any(state.prog) and not any(state.vpcards) and state.merchant < 0)
        if not setup and not (plain and [e["k"] for e in state.stack] == ["roll"]):
            raise PositionError("a Catan position is set up before a turn's roll, without improvements, walls, "
                                "metropolises or progress cards (from such a replay step: not yet)", "state")
        zones: dict = {}
        for v in range(NV):
            if not setup and state.owner[v] >= 0:
                zones[f"vertex.{v}"] = [f"{BUILDINGS[state.btype[v] - 1]}-{state.owner[v]}"]
            elif not setup and state.kn_owner[v] >= 0:
                zones[f"vertex.{v}"] = [f"knight-{state.kn_owner[v]}-{state.kn_level[v]}"
                                        + ("-active" if state.kn_active[v] else "")]
            else:
                zones[f"vertex.{v}"] = []
        for e in range(NE_):
            zones[f"edge.{e}"] = [f"road-{state.road[e]}"] if not setup and state.road[e] >= 0 else []
        fields: dict = {"turn": 0 if setup else state.turn, "barbarians": 0 if setup else state.barb}
        fields.update({f"cards.{q}.{kind}": 0 if setup else state.hands[q][k]
                       for q in range(n) for k, kind in enumerate(KINDS)})
        return zones, fields


DECLARATION = CatanDeclaration(
    game_id="catan-ck",
    zones=(
        Zone("vertex", per="vertex", high=1),
        Zone("edge", per="edge", high=1),
    ),
    fields=(
        Field("turn", kind="seat"),
        Field("barbarians", low=0, high=6),
        Field("cards", per_seat=True, each="kind", low=0, high=max(BANK_START)),
    ),
    complete=False,
)
