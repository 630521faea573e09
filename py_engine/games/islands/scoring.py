"""Final scoring and coast connections for Islands in the Mist (pure functions of one island).

`placed` is a list with one entry per board space: -1 (no tile) or a tile id (see data.py).
"""

from __future__ import annotations

from .data import (
    CONNECTS,
    COUNTS_FOR_CITY,
    EXT_INFO,
    EXT_KINDS,
    KIND,
    MONUMENT_RANK_VP,
    SCORE,
    TERRAIN,
    TERRAINS,
    Board,
    crown_points,
)


def _components(board: Board, members: set[int]) -> dict[int, int]:
    """Label the connected groups of `members` (spaces): space -> group id."""
    label: dict[int, int] = {}
    gid = 0
    for s in sorted(members):
        if s in label:
            continue
        label[s] = gid
        stack = [s]
        while stack:
            x = stack.pop()
            for y in board.neighbours[x]:
                if y in members and y not in label:
                    label[y] = gid
                    stack.append(y)
        gid += 1
    return label


def usable_coast_space(placed: list[int], space: int, terrain: str) -> bool:
    """A coast space can start a connection while uncovered or covered by its own terrain or a wild."""
    t = placed[space]
    return t < 0 or KIND[t] == "wild" or (KIND[t] == "terrain" and TERRAIN[t] == terrain)


def connected_coasts(board: Board, placed: list[int]) -> list[str]:
    """Coasts joined to the balloon yard by a chain of placed terrain tiles of any type (wild and start
    tiles too; cities, monuments, offices and extension tiles block). The chain starts on a usable
    coast space of that coast or next to an uncovered one and ends next to the yard."""
    members = {i for i, t in enumerate(placed) if t >= 0 and KIND[t] in CONNECTS}
    if not members & board.yard_neighbours:
        return []
    label = _components(board, members)
    good = {label[i] for i in members & board.yard_neighbours}
    linked = {i for i in members if label[i] in good}
    out = []
    for terrain in TERRAINS:
        for s in board.coasts[terrain]:
            if not usable_coast_space(placed, s, terrain):
                continue
            if s in linked if placed[s] >= 0 else any(j in linked for j in board.neighbours[s]):
                out.append(terrain)
                break
    return out


def terrain_points(board: Board, placed: list[int], terrain: str) -> tuple[int, int]:
    """(points, bonus) for one terrain: 2 per terrain tile and 1 per wild in a group of that terrain
    (wilds included) that touches its coast — a tile on a coast space of that terrain, or next to an
    uncovered one; +3 once if some group of 5+ tiles holding at least one tile of the type exists."""
    members = {i for i, t in enumerate(placed)
               if t >= 0 and (KIND[t] == "wild" or (KIND[t] == "terrain" and TERRAIN[t] == terrain))}
    label = _components(board, members)
    anchored: set[int] = set()
    sizes: dict[int, int] = {}
    typed: set[int] = set()
    for i in members:
        g = label[i]
        sizes[g] = sizes.get(g, 0) + 1
        if KIND[placed[i]] == "terrain":
            typed.add(g)
        if board.coast[i] == terrain or any(board.coast[j] == terrain and placed[j] < 0 for j in board.neighbours[i]):
            anchored.add(g)
    points = 0
    for i in members:
        if label[i] in anchored:
            points += SCORE["wild_per_type"] if KIND[placed[i]] == "wild" else SCORE["terrain_tile"]
    bonus = SCORE["group_bonus"] if any(sizes[g] >= SCORE["group_min"] and g in typed for g in sizes) else 0
    return points, bonus


def city_points(board: Board, placed: list[int]) -> int:
    """1 per placed terrain tile (wild and start included) next to each city."""
    total = 0
    for i, t in enumerate(placed):
        if t >= 0 and KIND[t] == "city":
            total += sum(1 for j in board.neighbours[i] if placed[j] >= 0 and KIND[placed[j]] in COUNTS_FOR_CITY)
    return total


def monument_count(placed: list[int]) -> int:
    """Monuments on the island; the royal couple counts as two."""
    n = 0
    for t in placed:
        if t >= 0:
            if KIND[t] == "monument":
                n += 1
            elif KIND[t] == "royal_couple":
                n += 2
    return n


def monument_points(counts: list[int]) -> list[int]:
    """Majority: rank 1/2/3 score 3/2/1 per monument; tied players share a rank and the next ranks
    are skipped (competition ranking); rank 4 and beyond score 0."""
    out = []
    for c in counts:
        rank = 1 + sum(1 for o in counts if o > c)
        out.append(c * MONUMENT_RANK_VP[rank - 1] if rank <= len(MONUMENT_RANK_VP) else 0)
    return out


def volcano_penalty(board: Board, placed: list[int]) -> int:
    """Sum of the penalties of uncovered volcano spaces."""
    return sum(board.penalty[i] for i in range(len(placed)) if board.kind[i] == "volcano" and placed[i] < 0)


def extension_points(placed: list[int]) -> int:
    """Printed VP of placed extension tiles, +5 when all five are on the island."""
    kinds = [KIND[t] for t in placed if t >= 0 and KIND[t] in EXT_INFO]
    pts = sum(EXT_INFO[k][4] for k in kinds)
    if len(kinds) == len(EXT_KINDS):
        pts += SCORE["all_extensions"]
    return pts


def score_sheet(board: Board, placed_all: list[list[int]], energy: list[int], first_all: int) -> list[dict]:
    """The score sheet by category for every seat (see the package docstring)."""
    monuments = [monument_count(p) for p in placed_all]
    mon_pts = monument_points(monuments)
    sheets = []
    for seat, placed in enumerate(placed_all):
        terr, bonus = {}, {}
        for t in TERRAINS:
            terr[t], bonus[t] = terrain_points(board, placed, t)
        coasts = connected_coasts(board, placed)
        if seat == first_all:
            coast_bonus = SCORE["first_all"]
        elif len(coasts) == len(TERRAINS):
            coast_bonus = SCORE["other_all"]
        else:
            coast_bonus = 0
        row = {"terrain": terr, "groups": bonus, "cities": city_points(board, placed), "monuments": mon_pts[seat],
               "monument_count": monuments[seat], "energy": crown_points(energy[seat]), "coasts": coast_bonus,
               "volcanoes": -volcano_penalty(board, placed), "extensions": extension_points(placed)}
        row["total"] = (sum(terr.values()) + sum(bonus.values()) + row["cities"] + row["monuments"] + row["energy"]
                        + row["coasts"] + row["volcanoes"] + row["extensions"])
        sheets.append(row)
    return sheets
