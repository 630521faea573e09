"""Component data and board geometry for Catan: Cities & Knights (5th edition, reference sections 3-7).

Board: 19 pointy-top land hexes in axial (q, r), rows top to bottom (reference 4.3). Intersections
(vertices) and paths (edges) get stable ids from integer corner coordinates: a hex (q, r) has its centre
at X = 2q + r, Y = 3r (X in units of sqrt(3)/2, Y in units of 1/2 of the hex radius) and corners
N (0,-2), NE (1,-1), SE (1,1), S (0,2), SW (-1,1), NW (-1,-1). Vertices are numbered by (Y, X), edges
by their two vertex ids. Everything here is a constant (tuples), computed once at import.
"""

from __future__ import annotations

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
COMMODITIES = ("cloth", "coin", "paper")
KINDS = RESOURCES + COMMODITIES  # hand index order
BRICK, LUMBER, WOOL, GRAIN, ORE, CLOTH, COIN, PAPER = range(8)
KIDX = {k: i for i, k in enumerate(KINDS)}
BANK_START = (19, 19, 19, 19, 19, 12, 12, 12)

TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", "desert")
# terrain -> (resource index or -1, commodity index a city adds or -1)
PRODUCES = {"hills": (BRICK, -1), "forest": (LUMBER, PAPER), "pasture": (WOOL, CLOTH),
            "fields": (GRAIN, -1), "mountains": (ORE, COIN), "desert": (-1, -1)}
TERRAIN_SET = ("forest",) * 4 + ("pasture",) * 4 + ("fields",) * 4 + ("hills",) * 3 + ("mountains",) * 3 + ("desert",)
TOKENS_AZ = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)  # letters A-R (reference 4.1)

TRACKS = ("trade", "politics", "science")  # improvement tracks = progress decks = gate colours
TRACK_COMMODITY = {"trade": CLOTH, "politics": COIN, "science": PAPER}
EVENT_FACES = ("ship", "ship", "ship", "trade", "politics", "science")
BARBARIAN_TRACK = 7  # ship moves from the start space to Catan

COSTS = {
    "road": {BRICK: 1, LUMBER: 1},
    "settlement": {BRICK: 1, LUMBER: 1, WOOL: 1, GRAIN: 1},
    "city": {GRAIN: 2, ORE: 3},
    "wall": {BRICK: 2},
    "knight": {WOOL: 1, ORE: 1},
    "activate": {GRAIN: 1},
    "promote": {WOOL: 1, ORE: 1},
    "medicine": {GRAIN: 1, ORE: 2},
}
PIECES = {"road": 15, "settlement": 5, "city": 4, "wall": 3}
KNIGHTS_PER_LEVEL = 2
WIN_VP = 13

# Progress cards (CK20 names), per deck: (name, copies). VP cards are revealed at once.
DECKS = {
    "science": (("alchemist", 2), ("crane", 2), ("engineer", 1), ("inventor", 2), ("irrigation", 2),
                ("medicine", 2), ("mining", 2), ("printer", 1), ("road_building", 2), ("smith", 2)),
    "trade": (("commercial_harbor", 2), ("master_merchant", 2), ("merchant", 6), ("merchant_fleet", 2),
              ("resource_monopoly", 4), ("trade_monopoly", 2)),
    "politics": (("bishop", 2), ("constitution", 1), ("deserter", 2), ("diplomat", 2), ("intrigue", 2),
                 ("saboteur", 2), ("spy", 3), ("warlord", 2), ("wedding", 2)),
}
CARD_TRACK = {name: track for track, cards in DECKS.items() for name, _ in cards}
VP_CARDS = ("printer", "constitution")
# Cards whose whole effect is data: gain `n` of a kind per matching terrain hex touching your buildings.
HARVEST = {"irrigation": ("fields", GRAIN, 2), "mining": ("mountains", ORE, 2)}
# Monopolies: each opponent gives you up to `n` of the named kind, which is one of `kinds`.
MONOPOLY = {"resource_monopoly": (RESOURCES, 2), "trade_monopoly": (COMMODITIES, 1)}


def deck_cards(track: str) -> list[str]:
    """The 18 cards of one deck, sorted by name (the canonical order before shuffling)."""
    return sorted(name for name, k in DECKS[track] for _ in range(k))


# ---- geometry ------------------------------------------------------------------------------------
HEXES = tuple((q, r) for r in range(-2, 3) for q in range(-2, 3) if -2 <= q + r <= 2)
HEX_ID = {h: i for i, h in enumerate(HEXES)}
_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))  # N NE SE S SW NW
EDGE_DIRS = ("NE", "E", "SE", "SW", "W", "NW")  # edge k joins corners k and k+1


def _build():
    pts = set()
    for q, r in HEXES:
        cx, cy = 2 * q + r, 3 * r
        for dx, dy in _CORNERS:
            pts.add((cx + dx, cy + dy))
    verts = sorted(pts, key=lambda p: (p[1], p[0]))
    vid = {p: i for i, p in enumerate(verts)}
    hex_verts = []
    edge_set = set()
    for q, r in HEXES:
        cx, cy = 2 * q + r, 3 * r
        vs = tuple(vid[(cx + dx, cy + dy)] for dx, dy in _CORNERS)
        hex_verts.append(vs)
        for k in range(6):
            a, b = vs[k], vs[(k + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edges = sorted(edge_set)
    eid = {e: i for i, e in enumerate(edges)}
    hex_edges = []
    for vs in hex_verts:
        hex_edges.append(tuple(eid[(min(vs[k], vs[(k + 1) % 6]), max(vs[k], vs[(k + 1) % 6]))] for k in range(6)))
    vert_hexes = [[] for _ in verts]
    for h, vs in enumerate(hex_verts):
        for v in vs:
            vert_hexes[v].append(h)
    vert_edges = [[] for _ in verts]
    vert_neigh = [[] for _ in verts]
    for e, (a, b) in enumerate(edges):
        vert_edges[a].append(e)
        vert_edges[b].append(e)
        vert_neigh[a].append(b)
        vert_neigh[b].append(a)
    return (tuple(verts), tuple(hex_verts), tuple(edges), tuple(hex_edges),
            tuple(tuple(x) for x in vert_hexes), tuple(tuple(x) for x in vert_edges),
            tuple(tuple(x) for x in vert_neigh))


VERTS, HEX_VERTS, EDGES, HEX_EDGES, VERT_HEXES, VERT_EDGES, VERT_NEIGH = _build()
NV, NE_, NH = len(VERTS), len(EDGES), len(HEXES)
_DIRS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))
HEX_NEIGH = tuple(tuple(HEX_ID[(q + dq, r + dr)] for dq, dr in _DIRS if (q + dq, r + dr) in HEX_ID)
                  for q, r in HEXES)
DESERT_CENTRE = HEX_ID[(0, 0)]

# Harbour spots H1-H9 clockwise from the top-left (reference 4.3): (land hex, edge faced).
HARBOUR_SPOTS = (((0, -2), "NW"), ((1, -2), "NE"), ((2, -1), "NE"), ((2, 0), "E"), ((1, 1), "SE"),
                 ((-1, 2), "SE"), ((-2, 2), "SW"), ((-2, 1), "W"), ((-1, -1), "W"))
HARBOUR_EDGES = tuple(HEX_EDGES[HEX_ID[h]][EDGE_DIRS.index(d)] for h, d in HARBOUR_SPOTS)
HARBOUR_SET = ("3:1",) * 4 + RESOURCES  # 4 generic, one 2:1 per resource

# Beginner board (reference 4.4), by (q, r): (terrain, number).
BEGINNER = {
    (0, -2): ("mountains", 10), (1, -2): ("pasture", 2), (2, -2): ("forest", 9),
    (-1, -1): ("fields", 12), (0, -1): ("hills", 6), (1, -1): ("pasture", 4), (2, -1): ("hills", 10),
    (-2, 0): ("fields", 9), (-1, 0): ("forest", 11), (0, 0): ("desert", 0), (1, 0): ("forest", 3),
    (2, 0): ("mountains", 8),
    (-2, 1): ("forest", 8), (-1, 1): ("mountains", 3), (0, 1): ("fields", 4), (1, 1): ("pasture", 5),
    (-2, 2): ("hills", 5), (-1, 2): ("fields", 6), (0, 2): ("pasture", 11),
}
BEGINNER_HARBOURS = ("3:1", "grain", "ore", "3:1", "wool", "3:1", "3:1", "brick", "lumber")


def _ring(radius: int) -> list[int]:
    """Hexes of one ring, counter-clockwise on screen (y down) starting at the top-left corner hex."""
    if radius == 0:
        return [HEX_ID[(0, 0)]]
    # walk: start at (0, -radius) (top-left corner), then go SW, S(E)... counter-clockwise on screen
    q, r = 0, -radius
    out = []
    for dq, dr in ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)):
        for _ in range(radius):
            out.append(HEX_ID[(q, r)])
            q, r = q + dq, r + dr
    return out


OUTER_RING, INNER_RING = tuple(_ring(2)), tuple(_ring(1))
CORNER_STARTS = tuple(range(0, 12, 2))  # the corner hexes sit at even positions of the outer ring


def spiral(start: int, clockwise: bool = False) -> list[int]:
    """Hex ids in spiral order from outer-ring corner position `start` (0, 2, ..., 10) inward."""
    outer = list(OUTER_RING)
    inner = list(INNER_RING)
    if clockwise:
        outer = [outer[0]] + outer[:0:-1]
        inner = [inner[0]] + inner[:0:-1]
    outer = outer[start:] + outer[:start]
    # the inner ring continues from the inner hex next to the outer start corner
    first = outer[0]
    k = next(i for i, h in enumerate(inner) if h in HEX_NEIGH[first])
    inner = inner[k:] + inner[:k]
    return outer + inner + [HEX_ID[(0, 0)]]


def pixel(v: int, size: float = 1.0) -> tuple[float, float]:
    """Screen position of a vertex for a hex of radius `size` (for renderers)."""
    x, y = VERTS[v]
    return x * size * 0.8660254037844386, y * size * 0.5


def hex_centre(h: int, size: float = 1.0) -> tuple[float, float]:
    q, r = HEXES[h]
    return (2 * q + r) * size * 0.8660254037844386, 3 * r * size * 0.5
