"""Islands in the Mist positions (py_engine.core.position): where each tile may lie, as data (module 1, the
base game, on either island side).

Components: the tiles, identical ones as one supply, named "<kind>-<value>": "<terrain>-<value>" for the
terrain tiles ("forest-3"), "wild-<v>", "city-<v>", "monument-<v>" and the start tiles "start-<v>".
Zones: each seat's island spaces ("island.<seat>.<space>": the space's index on the board, at most one
tile), each seat's telescope (5 spaces) and the clouds ("cloud.<n>", up to 3 tiles; 4, 5 or 7 clouds by
the player count). The bag holds every tile nobody placed (a multiset drawn at random: nothing to set);
the start tiles nobody holds go back to the box. Fields: the round, the start player, whose turn and the
decision pending (fly, or place after flying and taking), the dice, each seat's balloon space and energy,
the first player to link all six coasts and the last round that follows. A new game's position (the
editor's start) has each balloon on a start space and the start player about to fly.

Rules checked here, beyond the shared ones: module 1 only; every seat has exactly one start tile (on its
telescope or its island); nothing lies on the balloon yard; a cloud beyond the table's clouds is empty;
the first to link all six coasts links them on their island, and then the last round is this one or the
next; a last round is never before this one.
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
    ENERGY_MAX,
    KIND,
    LO,
    START_TILES,
    TELESCOPE_SPACES,
    TERRAIN,
    TERRAINS,
)
from .scoring import connected_coasts

MAX_ROUNDS = 40  # the bag (123 tiles, at least one a round) always runs out long before
DECISIONS = ("fly", "place")
_CLOUD_KEYS = tuple(str(i + 1) for i in range(max(CLOUDS.values())))


def tile_name(t: int) -> str:
    """'forest-3', 'wild-0', 'city-4', 'monument-2', 'start-3'."""
    return f"{TERRAIN[t] if KIND[t] == 'terrain' else KIND[t]}-{LO[t]}"


_POOLS: dict[str, list[int]] = {}
for _t in BAG_TILES + START_TILES:
    _POOLS.setdefault(tile_name(_t), []).append(_t)
_STARTS = tuple(n for n in _POOLS if n.startswith("start-"))


class IslandsDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        board = BOARDS[options["island"]]
        return {"space": tuple(str(i) for i in range(len(board.coords))), "cloud": _CLOUD_KEYS}

    def components(self, players: int, options: dict) -> dict[str, int]:
        return {name: len(ids) for name, ids in _POOLS.items()}

    def check(self, pos: Position) -> None:
        f, z, n = pos.fields, pos.zones, pos.players
        if pos.options["modules"] != "1":
            raise PositionError("positions are set up with module 1 (the base game) only", "options")
        board = BOARDS[pos.options["island"]]
        for s in range(n):
            starts = [c for c in z[f"telescope.{s}"] if c in _STARTS]
            starts += [c for k in range(len(board.coords)) for c in z[f"island.{s}.{k}"] if c in _STARTS]
            if len(starts) != 1:
                raise PositionError(f"has {len(starts)} start tiles; each player has exactly 1 "
                                    "(on the telescope or the island)", f"telescope.{s}")
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
    def _island(pos: Position, seat: int, take=None) -> list[int]:
        board = BOARDS[pos.options["island"]]
        out = []
        for k in range(len(board.coords)):
            items = pos.zones[f"island.{seat}.{k}"]
            out.append((take(items[0]) if take else _POOLS[items[0]][0]) if items else -1)
        return out

    def build(self, pos: Position, rng: Rng):
        from . import GAME

        f, z, n = pos.fields, pos.zones, pos.players
        pools = {name: list(ids) for name, ids in _POOLS.items()}

        def take(name: str) -> int:
            return pools[name].pop(0)

        placed = [self._island(pos, s, take) for s in range(n)]
        telescope = [[take(c) for c in z[f"telescope.{s}"]] for s in range(n)]
        clouds = [[take(c) for c in z[f"cloud.{k}"]] for k in _CLOUD_KEYS[:CLOUDS[n]]]
        left = [t for name, ids in pools.items() for t in ids]
        order = [(f["start"] + k) % n for k in range(n)]
        space = {str(i): i for i in range(len(BOARDS[pos.options["island"]].coords))}
        data = {
            "game": GAME.id, "record": Record(GAME.id, n, 0, dict(pos.options), []).to_json(),
            "rng": rng.fork().to_json(), "bag": sorted(t for t in left if t not in START_TILES),
            "box": sorted(t for t in left if t in START_TILES), "harbour": [], "clouds": clouds,
            "pos": [space[f[f"balloon.{s}"]] for s in range(n)], "energy": [f[f"energy.{s}"] for s in range(n)],
            "cap": [TELESCOPE_SPACES] * n, "access": [False] * n, "telescope": telescope, "placed": placed,
            "beside": [[] for _ in range(n)], "round": f["round"], "start": f["start"], "order": order,
            "idx": order.index(f["turn"]), "decider": f["turn"], "phase": f["decision"],
            "bonus": BONUS_FACES.index(f["bonus"]), "direction": DIRECTION_FACES.index(f["direction"]),
            "rerolled": [True, True], "gain": [], "cloud_draws": 0, "takes": 0, "banned": -1, "swap_tile": -1,
            "first_all": -1 if f["first_all"] is None else f["first_all"], "final_round": f["final_round"] or 0,
            "end_now": False, "log": [], "history": [], "steps": 0, "checkpoint": 0, "started": True,
        }
        state = GAME.from_json(data)
        state._advance()  # a place decision with nothing to place ends the turn at once
        return state

    def of_state(self, state) -> tuple[dict, dict]:
        if state.opts["modules"] != "1":
            raise PositionError("positions are set up with module 1 (the base game) only", "options")
        opening = state.phase == "start"  # the opening: balloons on the start spaces, the first player to fly
        if not opening and (state.decision() not in DECISIONS or any(p < 0 for p in state.pos)):
            raise PositionError("set up a position when a player is about to fly or to place tiles", "state")
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
        fields: dict = {"round": state.round, "start": state.start,
                        "turn": state.order[0] if opening else state.decider,
                        "decision": "fly" if opening else state.decision(),
                        "direction": DIRECTION_FACES[max(state.direction, 0)],
                        "bonus": BONUS_FACES[max(state.bonus, 0)]}
        fields.update({f"balloon.{s}": str(starts[s] if opening else state.pos[s]) for s in range(n)})
        fields.update({f"energy.{s}": state.energy[s] for s in range(n)})
        fields.update({"first_all": state.first_all if state.first_all >= 0 else None,
                       "final_round": state.final_round or None})
        return zones, fields


DECLARATION = IslandsDeclaration(
    game_id="islands",
    zones=(
        Zone("island", per_seat=True, per="space", high=1),
        Zone("telescope", per_seat=True, high=TELESCOPE_SPACES),
        Zone("cloud", per="cloud", high=CLOUD_CAPACITY),
    ),
    fields=(
        Field("round", low=1, high=MAX_ROUNDS),
        Field("start", kind="seat"),
        Field("turn", kind="seat"),
        Field("decision", kind="choice", choices=DECISIONS),
        Field("direction", kind="choice", choices=DIRECTION_FACES),
        Field("bonus", kind="choice", choices=BONUS_FACES),
        Field("balloon", kind="choice", per="space", per_seat=True),
        Field("energy", per_seat=True, low=0, high=ENERGY_MAX),
        Field("first_all", kind="seat", optional=True),
        Field("final_round", low=1, high=MAX_ROUNDS, optional=True),
    ),
    complete=False,
)
