"""Component data for Islands in the Mist: boards, tile mix, energy track, harbour, extension tiles.

STAND-IN DATA: no public source gives the printed boards or tile values. Everything here is the complete
stand-in set of reference/islands-in-the-mist.md section 6 (it obeys every rule of the seed and
reproduces its numeric examples). Counts marked PUBLIC there are real; values and layouts are not.
Replace this module's tables once someone reads the physical components.
"""

from __future__ import annotations

STAND_IN_NOTE = "stand-in"  # the view's "data" field: the board and tile values are not the printed ones

TERRAINS: tuple[str, ...] = ("forest", "meadow", "mountain", "desert", "swamp", "canyon")

# pointy-top axial (q, r); E/W neighbours as on the direction die
DIRS: dict[str, tuple[int, int]] = {"E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1),
                                    "NE": (1, -1)}
CLOCKWISE: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTION_FACES: tuple[str, ...] = ("NW", "NE", "SW", "SE", "W", "E")
BONUS_FACES: tuple[str, ...] = ("energy1", "energy2", "tile", "move1", "reverse", "turn60")
OPPOSITE: dict[str, str] = {d: CLOCKWISE[(i + 3) % 6] for i, d in enumerate(CLOCKWISE)}
TURN60: dict[str, tuple[str, str]] = {d: (CLOCKWISE[(i - 1) % 6], CLOCKWISE[(i + 1) % 6])
                                      for i, d in enumerate(CLOCKWISE)}
COAST_SIDES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
YARD_MOVE = 2

# q, r, kind, coast terrain, movement value, volcano penalty, energy, start space (STAND-IN layouts)
_GOLD = """
0,-4,coast,forest,1,,,
1,-4,coast,forest,2,,,
2,-4,coast,forest,1,,,
3,-4,coast,forest,2,,,
4,-4,coast,meadow,1,,,
-1,-3,coast,mountain,2,,,
0,-3,fog,,2,,,
1,-3,question,,1,,,
2,-3,volcano,,3,3,,
3,-3,fog,,0,,,
4,-3,coast,meadow,2,,,
-2,-2,coast,mountain,1,,,
-1,-2,fog,,2,,,
0,-2,energy,,1,,2,
1,-2,fog,,0,,,
2,-2,question,,2,,,
3,-2,fog,,2,,,
4,-2,coast,meadow,1,,,
-3,-1,coast,mountain,2,,,
-2,-1,fog,,1,,,
-1,-1,volcano,,3,3,,
0,-1,fog,,1,,,yes
1,-1,fog,,3,,,yes
2,-1,fog,,2,,,
3,-1,volcano,,3,2,,
4,-1,coast,meadow,2,,,
-4,0,coast,mountain,1,,,
-3,0,energy,,3,,3,
-2,0,fog,,1,,,
-1,0,fog,,2,,,yes
0,0,yard,,2,,,
1,0,fog,,2,,,yes
2,0,energy,,1,,1,
3,0,fog,,3,,,
4,0,coast,desert,1,,,
-4,1,coast,canyon,2,,,
-3,1,volcano,,3,4,,
-2,1,fog,,3,,,
-1,1,fog,,3,,,yes
0,1,fog,,1,,,yes
1,1,fog,,2,,,
2,1,fog,,1,,,
3,1,coast,desert,2,,,
-4,2,coast,canyon,1,,,
-3,2,fog,,1,,,
-2,2,energy,,1,,2,
-1,2,fog,,2,,,
0,2,fog,,0,,,
1,2,volcano,,3,5,,
2,2,coast,desert,1,,,
-4,3,coast,canyon,2,,,
-3,3,fog,,0,,,
-2,3,volcano,,3,1,,
-1,3,question,,3,,,
0,3,fog,,1,,,
1,3,coast,desert,2,,,
-4,4,coast,canyon,1,,,
-3,4,coast,swamp,2,,,
-2,4,coast,swamp,1,,,
-1,4,coast,swamp,2,,,
0,4,coast,swamp,1,,,
"""

_SILVER = """
0,-4,coast,swamp,2,,,
1,-4,coast,swamp,1,,,
2,-4,coast,swamp,2,,,
3,-4,coast,swamp,1,,,
4,-4,coast,canyon,2,,,
-1,-3,coast,desert,1,,,
0,-3,volcano,,3,2,,
1,-3,fog,,1,,,
2,-3,draw1energy,,2,,1,
3,-3,fog,,2,,,
4,-3,coast,canyon,1,,,
-2,-2,coast,desert,2,,,
-1,-2,fog,,0,,,
0,-2,fog,,2,,,
1,-2,draw2,,1,,,
2,-2,fog,,0,,,
3,-2,volcano,,3,3,,
4,-2,coast,canyon,2,,,
-3,-1,coast,desert,1,,,
-2,-1,volcano,,3,6,,
-1,-1,fog,,1,,,
0,-1,fog,,2,,,yes
1,-1,fog,,3,,,yes
2,-1,energy,,2,,2,
3,-1,fog,,3,,,
4,-1,coast,canyon,1,,,
-4,0,coast,desert,2,,,
-3,0,draw1energy,,1,,2,
-2,0,fog,,3,,,
-1,0,fog,,1,,,yes
0,0,yard,,2,,,
1,0,fog,,1,,,yes
2,0,fog,,2,,,
3,0,energy,,1,,3,
4,0,coast,forest,2,,,
-4,1,coast,meadow,1,,,
-3,1,fog,,2,,,
-2,1,energy,,2,,1,
-1,1,fog,,2,,,yes
0,1,fog,,3,,,yes
1,1,fog,,1,,,
2,1,volcano,,3,1,,
3,1,coast,forest,1,,,
-4,2,coast,meadow,2,,,
-3,2,volcano,,3,5,,
-2,2,fog,,1,,,
-1,2,draw2,,0,,,
0,2,volcano,,3,2,,
1,2,draw1energy,,3,,1,
2,2,coast,forest,2,,,
-4,3,coast,meadow,1,,,
-3,3,draw2,,1,,,
-2,3,fog,,2,,,
-1,3,fog,,0,,,
0,3,volcano,,3,4,,
1,3,coast,forest,1,,,
-4,4,coast,meadow,2,,,
-3,4,coast,mountain,1,,,
-2,4,coast,mountain,2,,,
-1,4,coast,mountain,1,,,
0,4,coast,mountain,2,,,
"""


class Board:
    """One island side: spaces by index, their kinds and values, neighbours, coasts."""

    def __init__(self, name: str, csv: str) -> None:
        self.name = name
        self.coords: list[tuple[int, int]] = []
        self.kind: list[str] = []
        self.coast: list[str | None] = []
        self.move: list[int] = []
        self.penalty: list[int] = []
        self.energy: list[int] = []
        self.start: list[bool] = []
        for line in csv.strip().splitlines():
            q, r, kind, coast, move, pen, energy, start = line.split(",")
            self.coords.append((int(q), int(r)))
            self.kind.append(kind)
            self.coast.append(coast or None)
            self.move.append(int(move))
            self.penalty.append(int(pen or 0))
            self.energy.append(int(energy or 0))
            self.start.append(start == "yes")
        self.index = {c: i for i, c in enumerate(self.coords)}
        self.yard = self.index[(0, 0)]
        self.step: dict[str, list[int]] = {}
        for d, (dq, dr) in DIRS.items():
            self.step[d] = [self.index.get((q + dq, r + dr), -1) for q, r in self.coords]
        self.neighbours = [[self.step[d][i] for d in CLOCKWISE if self.step[d][i] >= 0]
                           for i in range(len(self.coords))]
        self.coasts = {t: [i for i, c in enumerate(self.coast) if c == t] for t in TERRAINS}
        self.yard_neighbours = frozenset(self.neighbours[self.yard])
        self.start_spaces = [i for i in range(len(self.coords)) if self.start[i]]


BOARDS: dict[str, Board] = {"gold": Board("gold", _GOLD), "silver": Board("silver", _SILVER)}

# --- tiles (STAND-IN values; PUBLIC counts) -------------------------------------------------------
TERRAIN_VALUES = (0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 6)  # per terrain type (16 x 6 = 96)
WILD_VALUES = (0,) * 5 + (1,) * 5 + (2,) * 5
CITY_VALUES = (2, 3, 3, 4, 4, 5, 6)
MONUMENT_VALUES = (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6)
START_VALUES = (2, 2, 3, 3, 4, 4)

# extension tiles, one set per colour: kind, value range, activation energy, VP, energy if converted
EXTENSIONS: tuple[tuple[str, int, int, int, int, int], ...] = (
    ("lookout_small", 1, 2, 4, 2, 2),
    ("harbour_office", 1, 3, 6, 2, 3),
    ("lookout_large", 1, 4, 8, 1, 4),
    ("wind_machine", 1, 8, 12, 1, 8),
    ("royal_couple", 5, 5, 16, 1, 5),
)
EXT_KINDS = tuple(e[0] for e in EXTENSIONS)
OFFICE_RANGE = (1, 3)  # module-2 harbour office tile (0 VP, blocks like a city)
MAX_PLAYERS = 4

KIND: list[str] = []
TERRAIN: list[str | None] = []
LO: list[int] = []  # movement / start-player value (a range for office and extension tiles)
HI: list[int] = []
ENERGY: list[int] = []  # energy when converted
OWNER: list[int] = []  # seat of an office / extension tile, else -1


def _add(kind: str, terrain: str | None, lo: int, hi: int, energy: int, owner: int = -1) -> int:
    KIND.append(kind)
    TERRAIN.append(terrain)
    LO.append(lo)
    HI.append(hi)
    ENERGY.append(energy)
    OWNER.append(owner)
    return len(KIND) - 1


BAG_TILES: list[int] = []
for _t in TERRAINS:
    BAG_TILES += [_add("terrain", _t, v, v, v) for v in TERRAIN_VALUES]
BAG_TILES += [_add("wild", None, v, v, v) for v in WILD_VALUES]
BAG_TILES += [_add("city", None, v, v, v) for v in CITY_VALUES]
BAG_TILES += [_add("monument", None, v, v, v) for v in MONUMENT_VALUES]
START_TILES = [_add("start", None, v, v, v) for v in START_VALUES]
OFFICE_TILES = [_add("office", None, OFFICE_RANGE[0], OFFICE_RANGE[1], 0, s) for s in range(MAX_PLAYERS)]
EXT_TILES: list[list[int]] = [[_add(k, None, lo, hi, conv, s) for k, lo, hi, _a, _vp, conv in EXTENSIONS]
                              for s in range(MAX_PLAYERS)]
NTILES = len(KIND)
EXT_INFO = {e[0]: e for e in EXTENSIONS}

CONNECTS = frozenset({"terrain", "wild", "start"})  # tiles that form coast-to-yard paths
COUNTS_FOR_CITY = CONNECTS

# --- energy board, clouds, harbour (STAND-IN except where noted) ----------------------------------
START_ENERGY = (5, 6, 7, 8)  # by seat from the start player (SEED)
ENERGY_MAX = 25
CROWNS = ((2, 1), (4, 2), (6, 3), (8, 4), (10, 5), (12, 6), (15, 8), (18, 10), (21, 12), (25, 15))
TELESCOPE_SPACES = 5
CLOUDS = {2: 4, 3: 5, 4: 7}  # SEED
CLOUD_CAPACITY = 3  # SEED
HARBOUR_SPACES = 11  # SEED
HARBOUR_SETUP = 5  # SEED
DOCK_TAKE = (2, 2, 3, 3, 4, 4, 2)  # dock 1..7 (dock 2 = 1:2 SEED; dock 7 = the back side's "?" dock)
DOCK_DEPART = (3, 3, 2, 2, 1, 1, 0)  # departure movement value (dock 7: move to any island space)

SCORE = {"terrain_tile": 2, "wild_per_type": 1, "group_min": 5, "group_bonus": 3, "first_all": 10,
         "other_all": 5, "all_extensions": 5}
MONUMENT_RANK_VP = (3, 2, 1)


def crown_points(energy: int) -> int:
    """VP of the highest crown at or below the energy marker."""
    pts = 0
    for at, vp in CROWNS:
        if energy >= at:
            pts = vp
    return pts
