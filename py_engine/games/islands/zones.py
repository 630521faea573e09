"""Islands in the Mist positions (py_engine.core.position): where each tile may lie, as data, with any
modules (1, 1+2: the harbour, 1+2+3: the extension tiles) on either island side.

Components: the tiles, identical ones as one supply, named "<kind>-<value>": "<terrain>-<value>" for the
terrain tiles ("forest-3"), "wild-<v>", "city-<v>", "monument-<v>" and the start tiles "start-<v>";
each seat's own tiles by seat: module 2's harbour office ("office-<seat>", modules 1+2 only) and module 3's
five extension tiles ("lookout_small-<seat>", "harbour_office-<seat>", "lookout_large-<seat>",
"wind_machine-<seat>", "royal_couple-<seat>").
Zones: each seat's island spaces ("island.<seat>.<space>": the space's index on the board, at most one
tile), each seat's telescope (5 spaces, one more per lookout tower activated) and the clouds ("cloud.<n>",
up to 3 tiles; 4, 5 or 7 clouds by the player count); with module 2 the harbour board ("harbour", up to 11
tiles); with module 3 each seat's extension tiles not yet activated ("beside.<seat>": an extension tile
in no zone was activated and converted to energy, back in the box). The bag holds every tile nobody
placed (a multiset drawn at random: nothing to set); the start tiles nobody holds go back to the box.
Fields: the round, the start player, whose turn and the decision pending (fly, or place after flying and
taking; with module 2, at a dock, give a telescope tile to the harbour, or the exchange: take "takes" more
tiles from the harbour or the bag, never the tile "given" back), the dice, each seat's balloon space (with
module 2 also a harbour dock, "dock-<n>") and energy, the first player to link all six coasts and the last
round that follows. "takes" and "given" (module 2 only) came later: a position without them has none (0 and
null). A new game's position (the editor's start) has each balloon on a start space and the start player about
to fly.

Rules checked here, beyond the shared ones: every seat has exactly one start tile (on its telescope or its
island; with the harbour, where a telescope tile given at a dock may be a start tile that travels on to another
player or the bag, no more start tiles than players on the table: one back in the bag is left in the box);
nothing lies on the balloon yard; a cloud beyond the table's clouds is empty; a telescope holds no more tiles
than its spaces; a harbour office lies on its owner's telescope or island, an extension tile there or beside
its owner's board; the harbour holds tiles of the bag (or a start tile given there) only; a balloon is at a dock only
with its harbour office built (module 3: the extension's harbour office activated and kept); a player gives
and exchanges only with the balloon at a dock, taking 1 to the dock's number of tiles, the tile given (if
any) lying in the harbour, and has tiles left to take or a tile given only in the exchange; the first to
link all six coasts links them on their island, and then the last round is this one or the next; a last
round is never before this one.
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.record import Record
from ...core.rng import Rng
from .data import (
    BAG_TILES,
    BOARDS,
    BONUS_FACES,
    CLOUD_CAPACITY,
    CLOUDS,
    DIRECTION_FACES,
    DOCK_TAKE,
    ENERGY_MAX,
    EXT_KINDS,
    EXT_TILES,
    HARBOUR_SPACES,
    KIND,
    LO,
    OFFICE_TILES,
    OWNER,
    START_TILES,
    TELESCOPE_SPACES,
    TERRAIN,
    TERRAINS,
)
from .scoring import connected_coasts

MAX_ROUNDS = 40  # the bag (123 tiles, at least one a round) always runs out long before
DECISIONS = ("fly", "place", "give", "exchange")
PHASE_OF = {"fly": "fly", "place": "place", "give": "take", "exchange": "exchange"}  # the engine's phases
_CLOUD_KEYS = tuple(str(i + 1) for i in range(max(CLOUDS.values())))


def tile_name(t: int) -> str:
    """'forest-3', 'wild-0', 'city-4', 'monument-2', 'start-3'; a seat's own tile by its seat: 'office-1',
    'lookout_small-0'."""
    if OWNER[t] >= 0:
        return f"{KIND[t]}-{OWNER[t]}"
    return f"{TERRAIN[t] if KIND[t] == 'terrain' else KIND[t]}-{LO[t]}"


_POOLS: dict[str, list[int]] = {}
for _t in BAG_TILES + START_TILES:
    _POOLS.setdefault(tile_name(_t), []).append(_t)
_STARTS = tuple(n for n in _POOLS if n.startswith("start-"))
_OWNED = {tile_name(t): t for t in OFFICE_TILES + [t for tiles in EXT_TILES for t in tiles]}
_GIVABLE = tuple(_POOLS)  # a telescope tile given at a dock: a bag tile or a start tile
LOOKOUTS = ("lookout_small", "lookout_large")


def modules(options: dict) -> tuple[bool, bool]:
    """(harbour, extension tiles) in play."""
    return options["modules"] in ("1+2", "1+2+3"), options["modules"] == "1+2+3"


def docks(options: dict) -> int:
    return 7 if options["modules"] != "1" and options["harbour_side"] == "back" else 6


def _owner(name: str) -> int:
    return OWNER[_OWNED[name]] if name in _OWNED else -1


class IslandsDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        board = BOARDS[options["island"]]
        spaces = tuple(str(i) for i in range(len(board.coords)))
        harbour = modules(options)[0]
        return {"space": spaces, "cloud": _CLOUD_KEYS, "tile": _GIVABLE,
                "balloon": spaces + (tuple(f"dock-{k}" for k in range(1, docks(options) + 1)) if harbour else ())}

    def zone_paths(self, players: int, options: dict):
        """The harbour with module 2, the extension tiles beside the boards with module 3."""
        harbour, ext = modules(options)
        return {p: v for p, v in super().zone_paths(players, options).items()
                if (harbour or p != "harbour") and (ext or not p.startswith("beside."))}

    def field_names(self, players: int, options: dict):
        """The exchange at a dock (the tiles left to take, the tile given) with the harbour only."""
        return [(n, f) for n, f in super().field_names(players, options)
                if modules(options)[0] or n not in ("takes", "given")]

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/islands.py): the spaces of the island drawn large ("space-<seat>-<n>"),
        its telescope, the clouds and the harbour."""
        spaces = self.keys(options)["space"]
        out = {f"island.{s}.{i}": f"space-{s}-{i}" for s in range(players) for i in spaces}
        out.update({f"telescope.{s}": f"telescope-{s}" for s in range(players)})
        if modules(options)[1]:
            out.update({f"beside.{s}": f"beside-{s}" for s in range(players)})  # its extension tiles
        out.update({f"cloud.{i + 1}": f"cloud-{i}" for i in range(CLOUDS[players])})
        if modules(options)[0]:
            out["harbour"] = "harbour"
        return out

    def views(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """The other islands are drawn small, as tabs: pointed at, one is drawn large (its spaces then point); the
        way back shows the shown seat's island again."""
        return {**{f"island-tab-{s}": f"i{s}" for s in range(players)}, "island-back": ""}

    def components(self, players: int, options: dict) -> dict[str, int]:
        harbour, ext = modules(options)
        out = {name: len(ids) for name, ids in _POOLS.items()}
        if harbour and not ext:
            out.update({f"office-{s}": 1 for s in range(players)})
        if ext:
            out.update({f"{k}-{s}": 1 for s in range(players) for k in EXT_KINDS})
        return out

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """A seat's own tile (harbour office, extension tile) lies on its telescope or island or beside its board;
        beside a board lie only its own extension tiles; other tiles on any island space but the balloon yard,
        a telescope, a cloud of the table's, the harbour."""
        kind, _sep, rest = path.partition(".")
        seat = int(rest.split(".")[0]) if kind in ("island", "telescope", "beside") else -1
        owner = _owner(comp)
        if kind == "island" and rest.split(".")[-1] == str(BOARDS[options["island"]].yard):
            return False
        if kind == "cloud" and int(rest) > CLOUDS[players]:
            return False
        if kind == "beside":
            return owner == seat
        return owner < 0 or owner == seat

    def check(self, pos: Position) -> None:
        f, z, n = pos.fields, pos.zones, pos.players
        board = BOARDS[pos.options["island"]]
        self._check_modules(pos)
        self._check_exchange(pos)
        if modules(pos.options)[0]:  # a start tile given at a dock travels on: to anyone, to the bag
            placed = sum(c in _STARTS for items in z.values() for c in items or ())
            if placed > n:
                raise PositionError(f"{placed} start tiles are on the table; with {n} players {n} are in play",
                                    "harbour")
        for s in range(n):
            starts = [c for c in z[f"telescope.{s}"] if c in _STARTS]
            starts += [c for k in range(len(board.coords)) for c in z[f"island.{s}.{k}"] if c in _STARTS]
            if len(starts) != 1 and not modules(pos.options)[0]:
                raise PositionError(f"has {len(starts)} start tiles; each player has exactly 1 "
                                    "(on the telescope or the island)", f"telescope.{s}")
        for s in range(n):
            if z[f"island.{s}.{board.yard}"]:
                raise PositionError("nothing is placed on the balloon yard", f"island.{s}.{board.yard}")
        for i, key in enumerate(_CLOUD_KEYS):
            if i >= CLOUDS[n] and z[f"cloud.{key}"]:
                raise PositionError(f"there are {CLOUDS[n]} clouds with {n} players", f"cloud.{key}")
        first, last = f["first_all"], f["final_round"]
        if first is not None:
            if len(connected_coasts(board, self._island(pos, first))) != len(TERRAINS):
                raise PositionError(f"seat {first}'s island does not link all six coasts to the yard", "first_all")
            if last is None:
                raise PositionError("once a player links all six coasts, the game ends after this round or "
                                    "the next", "final_round")
        if last is not None and not f["round"] <= last <= f["round"] + 1:
            raise PositionError(f"the last round is this one ({f['round']}) or the next", "final_round")

    @staticmethod
    def _check_modules(pos: Position) -> None:
        """A seat's own tiles stay with it; the harbour holds bag tiles; telescope spaces; harbour docks."""
        f, z, n = pos.fields, pos.zones, pos.players
        harbour, ext = modules(pos.options)
        for path, items in z.items():
            kind, _sep, rest = path.partition(".")
            seat = int(rest.split(".")[0]) if kind in ("island", "telescope", "beside") else -1
            for c in items or ():
                owner = _owner(c)
                if kind == "harbour" and owner >= 0:
                    raise PositionError(f"{c}: only tiles from the bag (or a start tile given at a dock) lie in "
                                        "the harbour", path)
                if owner >= 0 and owner != seat:
                    raise PositionError(f"{c} belongs to player {owner + 1}: it lies on their telescope or "
                                        "island" + (" or beside their board" if ext else ""), path)
                if kind == "beside" and owner < 0:
                    raise PositionError(f"{c}: only the player's own extension tiles lie beside the board", path)
        for s in range(n):
            mine = {c for path, items in z.items() for c in items or ()
                    if path.startswith((f"island.{s}.", f"telescope.{s}"))}
            if harbour and not ext and f"office-{s}" not in mine:
                raise PositionError(f"office-{s} is missing: each player's harbour office is on their telescope "
                                    "or island", f"telescope.{s}")
            cap = IslandsDeclaration.telescope_spaces(pos, s)
            if len(z[f"telescope.{s}"]) > cap:
                raise PositionError(f"holds {len(z[f'telescope.{s}'])}; this telescope has {cap} spaces",
                                    f"telescope.{s}")
            if str(f[f"balloon.{s}"]).startswith("dock-") and not IslandsDeclaration.access(pos, s):
                raise PositionError("a balloon reaches the harbour only once its harbour office is built "
                                    "(module 3: activated and kept)", f"balloon.{s}")

    @staticmethod
    def _check_exchange(pos: Position) -> None:
        """At a dock: give a telescope tile, then take 1 to the dock's number of tiles, not the one given."""
        f, z = pos.fields, pos.zones
        decision, turn = f["decision"], f["turn"]
        where = str(f[f"balloon.{turn}"])
        if decision in ("give", "exchange") and not where.startswith("dock-"):
            raise PositionError(f"a player gives and takes tiles at a harbour dock: seat {turn}'s balloon is on "
                                f"island space {where}", "decision")
        if decision != "exchange":
            if f.get("takes"):
                raise PositionError("tiles are left to take only during an exchange at a dock", "takes")
            if f.get("given") is not None:
                raise PositionError("a tile is given to the harbour only during an exchange at a dock", "given")
            return
        most = DOCK_TAKE[int(where[5:]) - 1]
        if not 1 <= f["takes"] <= most:
            raise PositionError(f"at dock {where[5:]} a player takes 1 to {most} tiles: 1 to {most} are left",
                                "takes")
        if f["given"] is not None and f["given"] not in z["harbour"]:
            raise PositionError(f"{f['given']} is not in the harbour: the tile given lies there", "given")

    @staticmethod
    def telescope_spaces(pos: Position, seat: int) -> int:
        """5, and one more for each lookout tower activated (no longer beside the board)."""
        if not modules(pos.options)[1]:
            return TELESCOPE_SPACES
        return TELESCOPE_SPACES + sum(f"{k}-{seat}" not in pos.zones[f"beside.{seat}"] for k in LOOKOUTS)

    @staticmethod
    def access(pos: Position, seat: int) -> bool:
        """The harbour is open to a seat whose office is built on its island (module 3: whose extension
        harbour office was activated and kept: on its telescope or island)."""
        z = pos.zones
        island = {c for k in range(len(BOARDS[pos.options["island"]].coords)) for c in z[f"island.{seat}.{k}"]}
        if modules(pos.options)[1]:
            return f"harbour_office-{seat}" in island or f"harbour_office-{seat}" in z[f"telescope.{seat}"]
        return f"office-{seat}" in island

    @staticmethod
    def _island(pos: Position, seat: int, take=None) -> list[int]:
        board = BOARDS[pos.options["island"]]
        out = []
        for k in range(len(board.coords)):
            items = pos.zones[f"island.{seat}.{k}"]
            out.append((take(items[0]) if take else _OWNED.get(items[0]) or _POOLS[items[0]][0]) if items else -1)
        return out

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        f, z, n = pos.fields, pos.zones, pos.players
        pools = {name: list(ids) for name, ids in _POOLS.items()}
        comps = self.components(n, pos.options)
        pools.update({name: [t] for name, t in _OWNED.items() if name in comps})
        harbour, ext = modules(pos.options)

        def take(name: str) -> int:
            return pools[name].pop(0)

        placed = [self._island(pos, s, take) for s in range(n)]
        telescope = [[take(c) for c in z[f"telescope.{s}"]] for s in range(n)]
        clouds = [[take(c) for c in z[f"cloud.{k}"]] for k in _CLOUD_KEYS[:CLOUDS[n]]]
        board_tiles = [take(c) for c in z.get("harbour", [])]
        given = f.get("given")
        banned = board_tiles[z["harbour"].index(given)] if given is not None else -1
        beside = [[take(c) for c in z.get(f"beside.{s}", [])] for s in range(n)]
        converted = [t for name, ids in pools.items() if name in _OWNED for t in ids]  # activated, converted
        left = [t for name, ids in pools.items() if name not in _OWNED for t in ids]
        order = [(f["start"] + k) % n for k in range(n)]
        space = {str(i): i for i in range(len(BOARDS[pos.options["island"]].coords))}
        space.update({f"dock-{k}": -k for k in range(1, 8)})
        data = {
            "game": GAME.id, "record": Record(GAME.id, n, 0, dict(pos.options), []).to_json(),
            "rng": rng.fork().to_json(), "bag": sorted(t for t in left if t not in START_TILES),
            "box": sorted([t for t in left if t in START_TILES] + converted), "harbour": sorted(board_tiles),
            "clouds": clouds,
            "pos": [space[f[f"balloon.{s}"]] for s in range(n)], "energy": [f[f"energy.{s}"] for s in range(n)],
            "cap": [self.telescope_spaces(pos, s) for s in range(n)],
            "access": [self.access(pos, s) for s in range(n)], "telescope": telescope, "placed": placed,
            "beside": beside, "round": f["round"], "start": f["start"], "order": order,
            "idx": order.index(f["turn"]), "decider": f["turn"], "phase": PHASE_OF[f["decision"]],
            "bonus": BONUS_FACES.index(f["bonus"]), "direction": DIRECTION_FACES.index(f["direction"]),
            "rerolled": [True, True], "gain": [], "cloud_draws": 0, "takes": f.get("takes", 0), "banned": banned,
            "swap_tile": -1,
            "first_all": -1 if f["first_all"] is None else f["first_all"], "final_round": f["final_round"] or 0,
            "end_now": False, "log": [], "history": [], "steps": 0, "checkpoint": 0, "started": True,
        }
        state = GAME.from_json(data)
        state._advance()  # a place decision with nothing to place ends the turn at once
        return state

    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        opening = state.phase == "start"  # the opening: balloons on the start spaces, the first player to fly
        decision = {"take": "give"}.get(state.decision(), state.decision()) if state.pos[state.decider] < 0 \
            else state.decision()
        if not opening and not shown and (decision not in DECISIONS or any(p < -7 for p in state.pos)):
            raise PositionError("set up a position when a player is about to fly or to place tiles, or to give "
                                "or take tiles at a harbour dock", "state")
        n = state.players
        starts = state.board.start_spaces
        zones: dict = {}
        for s in range(n):
            for k, t in enumerate(state.placed[s]):
                zones[f"island.{s}.{k}"] = [tile_name(t)] if t >= 0 else []
        for s in range(n):
            zones[f"telescope.{s}"] = [tile_name(t) for t in state.telescope[s]]
        for i, key in enumerate(_CLOUD_KEYS):
            zones[f"cloud.{key}"] = [tile_name(t) for t in state.clouds[i]] if i < len(state.clouds) else []
        if state.harbour_on:
            zones["harbour"] = [tile_name(t) for t in state.harbour]
        if state.ext_on:
            zones.update({f"beside.{s}": [tile_name(t) for t in state.beside[s]] for s in range(n)})
        fields: dict = {"round": state.round, "start": state.start,
                        "turn": state.order[0] if opening else state.decider,
                        "decision": "fly" if opening else decision,
                        "direction": DIRECTION_FACES[max(state.direction, 0)],
                        "bonus": BONUS_FACES[max(state.bonus, 0)]}
        fields.update({f"balloon.{s}": str(starts[s]) if opening else (
            str(state.pos[s]) if state.pos[s] >= 0 else f"dock-{-state.pos[s]}") for s in range(n)})
        fields.update({f"energy.{s}": state.energy[s] for s in range(n)})
        fields.update({"first_all": state.first_all if state.first_all >= 0 else None,
                       "final_round": state.final_round or None})
        exchange = not opening and decision == "exchange"
        if state.harbour_on:
            fields.update({"takes": state.takes if exchange else 0,
                           "given": tile_name(state.banned) if exchange and state.banned >= 0 else None})
        return zones, fields


DECLARATION = IslandsDeclaration(
    game_id="islands",
    zones=(
        Zone("island", per_seat=True, per="space", high=1),
        Zone("telescope", per_seat=True, high=TELESCOPE_SPACES + len(LOOKOUTS)),
        Zone("cloud", per="cloud", high=CLOUD_CAPACITY),
        Zone("harbour", high=HARBOUR_SPACES),
        Zone("beside", per_seat=True, high=len(EXT_KINDS)),
    ),
    fields=(
        Field("round", low=1, high=MAX_ROUNDS),
        Field("start", kind="seat"),
        Field("turn", kind="seat"),
        Field("decision", kind="choice", choices=DECISIONS),
        Field("direction", kind="choice", choices=DIRECTION_FACES),
        Field("bonus", kind="choice", choices=BONUS_FACES),
        Field("balloon", kind="choice", per="balloon", per_seat=True),
        Field("energy", per_seat=True, low=0, high=ENERGY_MAX),
        Field("first_all", kind="seat", optional=True),
        Field("final_round", low=1, high=MAX_ROUNDS, optional=True),
        Field("takes", low=0, high=max(DOCK_TAKE), default=0),
        Field("given", kind="choice", per="tile", optional=True, default=None),
    ),
    complete=False,
)
