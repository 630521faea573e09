"""The Islands in the Mist state machine (rules: see the package docstring)."""

from __future__ import annotations

from ...core import Game, Option, Rng, State, ranks_from_scores
from ...core.events import RANDOMNESS_OPTION, Events
from .data import (
    BAG_TILES,
    BOARDS,
    BONUS_FACES,
    CLOCKWISE,
    CLOUD_CAPACITY,
    CLOUDS,
    CONNECTS,
    DIRECTION_FACES,
    DOCK_DEPART,
    DOCK_TAKE,
    ENERGY,
    ENERGY_MAX,
    EXT_INFO,
    EXT_TILES,
    HARBOUR_SETUP,
    HARBOUR_SPACES,
    HI,
    KIND,
    LO,
    NTILES,
    OFFICE_TILES,
    OPPOSITE,
    OWNER,
    STAND_IN_NOTE,
    START_ENERGY,
    START_TILES,
    TELESCOPE_SPACES,
    TERRAIN,
    TERRAINS,
    TURN60,
    Board,
)
from .legality import flight_costs, is_legal, tile_sig
from .scoring import connected_coasts, score_sheet

START, DICE, BONUS_TILE, FLY, TAKE, EXCHANGE, PLACE, SWAP, OVER = (
    "start", "dice", "bonus_tile", "fly", "take", "exchange", "place", "swap", "over")
PHASES = (START, DICE, BONUS_TILE, FLY, TAKE, EXCHANGE, PLACE, SWAP, OVER)
OFFICE_KINDS = ("office", "harbour_office")


def tile_json(t: int) -> dict:
    """A tile as the view shows it."""
    d = {"id": t, "kind": KIND[t], "value": LO[t] if LO[t] == HI[t] else [LO[t], HI[t]], "energy": ENERGY[t]}
    if TERRAIN[t]:
        d["terrain"] = TERRAIN[t]
    return d


def _dedupe(tiles: list[int]) -> list[int]:
    seen, out = set(), []
    for t in sorted(tiles):
        s = tile_sig(t)
        if s not in seen:
            seen.add(s)
            out.append(t)
    return out


class IslandsState(State):
    __slots__ = ("game", "record", "players", "opts", "rng", "board", "harbour_on", "ext_on", "ndocks", "bag",
                 "clouds", "harbour", "pos", "energy", "telescope", "cap", "placed", "beside", "access",
                 "round", "start", "order", "idx", "decider", "phase", "bonus", "direction", "rerolled",
                 "gain", "cloud_draws", "takes", "banned", "swap_tile", "first_all", "final_round", "end_now",
                 "log", "history", "steps", "checkpoint", "box", "started")

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, rng: Rng, options: dict) -> IslandsState:
        s = cls.__new__(cls)
        s.game, s.players, s.opts, s.rng, s.ev = game, players, options, rng, None  # Game.new sets ev
        s._set_modes()
        n = players
        s.bag = sorted(BAG_TILES)
        s.clouds = [[] for _ in range(CLOUDS[n])]
        s.harbour = []
        s.pos = [-100] * n  # -100: not on the island yet; >= 0 a space; -1..-7 a dock
        s.energy = [0] * n
        s.cap = [TELESCOPE_SPACES] * n
        s.placed = [[-1] * len(s.board.coords) for _ in range(n)]
        s.access = [False] * n
        starts = list(START_TILES)
        rng.shuffle(starts)
        s.telescope = [[starts[i]] for i in range(n)]
        s.box = sorted(starts[n:])
        if s.harbour_on and not s.ext_on:
            for i in range(n):
                s.telescope[i].append(OFFICE_TILES[i])
        s.beside = [list(EXT_TILES[i]) if s.ext_on else [] for i in range(n)]
        first = s._first_player(rng)
        for k in range(n):  # 5/6/7/8 energy by seat order from the start player
            s.energy[(first + k) % n] = START_ENERGY[k]
        s.round, s.start = 1, first
        s.order = [(first + k) % n for k in range(n)]
        s.idx = 0
        s.decider = first
        s.phase = START
        s.bonus = s.direction = -1
        s.rerolled = [False, False]
        s.gain, s.cloud_draws, s.takes, s.banned, s.swap_tile = [], 0, 0, -1, -1
        s.first_all, s.final_round, s.end_now = -1, 0, False
        s.log, s.history = [], []
        s.steps = s.checkpoint = 0
        s.started = False
        for c in s.clouds:
            c.append(s._draw_bag())
        if s.harbour_on:
            s.harbour = sorted(s._draw_bag() for _ in range(HARBOUR_SETUP))
        s._log(None, "round", round=1, start=first)
        return s

    def _first_player(self, rng: Rng) -> int:
        """The start player of round 1 by the "first" option: seat 1 (the default, as older records were
        played), a named seat (one beyond the table falls back to seat 1), or drawn at random."""
        first = self.opts.get("first", "1")
        if first == "random":
            return rng.below(self.players)
        k = int(first) - 1
        return k if k < self.players else 0

    def _set_modes(self) -> None:
        mods = self.opts["modules"]
        self.board: Board = BOARDS[self.opts["island"]]
        self.harbour_on = mods in ("1+2", "1+2+3")
        self.ext_on = mods == "1+2+3"
        self.ndocks = 7 if self.harbour_on and self.opts["harbour_side"] == "back" else 6

    def clone(self) -> IslandsState:
        s = IslandsState.__new__(IslandsState)
        s.game, s.players, s.opts, s.rng = self.game, self.players, self.opts, self.rng.clone()
        s.ev = self.ev and self.ev.clone()
        s.board, s.harbour_on, s.ext_on, s.ndocks = self.board, self.harbour_on, self.ext_on, self.ndocks
        s.bag, s.box, s.harbour = list(self.bag), list(self.box), list(self.harbour)
        s.clouds = [list(c) for c in self.clouds]
        s.pos, s.energy, s.cap, s.access = list(self.pos), list(self.energy), list(self.cap), list(self.access)
        s.telescope = [list(t) for t in self.telescope]
        s.placed = [list(p) for p in self.placed]
        s.beside = [list(b) for b in self.beside]
        s.round, s.start, s.order, s.idx, s.decider = self.round, self.start, list(self.order), self.idx, self.decider
        s.phase, s.bonus, s.direction, s.rerolled = self.phase, self.bonus, self.direction, list(self.rerolled)
        s.gain, s.cloud_draws, s.takes = list(self.gain), self.cloud_draws, self.takes
        s.banned, s.swap_tile = self.banned, self.swap_tile
        s.first_all, s.final_round, s.end_now = self.first_all, self.final_round, self.end_now
        s.log, s.history = list(self.log), list(self.history)
        s.steps, s.checkpoint, s.started = self.steps, self.checkpoint, self.started
        s.record = self.record.copy()
        return s

    _FIELDS = ("bag", "box", "harbour", "clouds", "pos", "energy", "cap", "access", "telescope", "placed", "beside",
               "round", "start", "order", "idx", "decider", "phase", "bonus", "direction", "rerolled", "gain",
               "cloud_draws", "takes", "banned", "swap_tile", "first_all", "final_round", "end_now", "log",
               "history", "steps", "checkpoint", "started")

    def dump(self) -> dict:
        d = {k: getattr(self, k) for k in self._FIELDS}
        d["rng"] = self.rng.to_json()
        d["ev"] = self.ev and self.ev.to_json()
        return d

    @classmethod
    def load(cls, game: Game, data: dict) -> IslandsState:
        """Rebuild from dump(); raise ValueError when the data do not add up."""
        s = cls.blank(game, data)
        s._set_modes()
        s.rng = Rng.from_json(data["rng"])
        s.ev = Events.from_json(data.get("ev"))
        for k in s._FIELDS:
            v = data[k]
            setattr(s, k, v)
        s.clouds = [list(c) for c in s.clouds]
        s.telescope = [list(t) for t in s.telescope]
        s.placed = [list(p) for p in s.placed]
        s.beside = [list(b) for b in s.beside]
        s.log = [dict(e) for e in s.log]
        s._validate()
        return s

    def _validate(self) -> None:
        n, nsp = self.players, len(self.board.coords)
        if self.phase not in PHASES or not (len(self.pos) == len(self.energy) == len(self.telescope) == n):
            raise ValueError("bad phase or table sizes")
        if len(self.clouds) != CLOUDS[n] or any(len(c) > CLOUD_CAPACITY for c in self.clouds):
            raise ValueError("bad clouds")
        if any(len(p) != nsp for p in self.placed) or any(len(t) > c for t, c in zip(self.telescope, self.cap)):
            raise ValueError("bad island or telescope")
        every = (self.bag + self.box + self.harbour + [t for c in self.clouds for t in c] + self.gain
                 + [t for x in self.telescope for t in x] + [t for p in self.placed for t in p if t >= 0]
                 + [t for b in self.beside for t in b] + ([self.swap_tile] if self.swap_tile >= 0 else []))
        if any(isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < NTILES for t in every):
            raise ValueError("bad tile id")
        if len(set(every)) != len(every):
            raise ValueError("a tile lies in two places")
        if not all(0 <= e <= ENERGY_MAX for e in self.energy) or sorted(self.order) != list(range(n)):
            raise ValueError("bad energy or order")

    # --- helpers ------------------------------------------------------------------------------
    def _log(self, seat: int | None, key: str, **params: object) -> None:
        self.log.append({"seat": seat, "key": key, "params": params})

    def _draw_bag(self) -> int:
        return self.bag.pop(self.event_rng("bag").below(len(self.bag)))

    def _gain_energy(self, seat: int, amount: int) -> None:
        self.energy[seat] = max(0, min(ENERGY_MAX, self.energy[seat] + amount))

    def _draw(self, seat: int, count: int, why: str) -> None:
        """`seat` draws `count` tiles from the bag (each then kept or converted). An empty bag ends the
        game at the end of this round; the player takes a tile from any cloud instead (if any)."""
        for _ in range(count):
            if self.bag:
                t = self._draw_bag()
                self.gain.append(t)
                self._log(seat, "draw", why=why, tile=tile_json(t))
            else:
                if not self.final_round or self.final_round > self.round:
                    self.final_round = self.round
                    self._log(None, "bag_empty")
                if any(self.clouds):
                    self.cloud_draws += 1

    def value_range(self, seat: int) -> tuple[int, int]:
        """The movement value(s) under `seat`'s balloon (a tile's number replaces the space's)."""
        p = self.pos[seat]
        if p < 0:
            v = DOCK_DEPART[-p - 1] if p >= -7 else 0
            return v, v
        t = self.placed[seat][p]
        if t >= 0:
            return LO[t], HI[t]
        return self.board.move[p], self.board.move[p]

    def start_value(self, seat: int) -> int:
        """Phase D value: the highest value the player may choose (royal couple 5)."""
        return self.value_range(seat)[1]

    def allowed_dirs(self) -> list[str]:
        d = DIRECTION_FACES[self.direction]
        out = {d}
        face = BONUS_FACES[self.bonus]
        if face == "reverse":
            out.add(OPPOSITE[d])
        elif face == "turn60":
            out.update(TURN60[d])
        return [x for x in CLOCKWISE if x in out]

    def _path(self, start: int, d: str, docks: bool) -> list[int]:
        """Positions passed by a straight flight from island space `start`: island spaces until the edge,
        then (with harbour access) docks -1, -2, ..."""
        out, step, x = [], self.board.step[d], start
        while True:
            x = step[x]
            if x < 0:
                break
            out.append(x)
        if docks:
            out += [-k for k in range(1, self.ndocks + 1)]
        return out

    def flight_terms(self, seat: int) -> tuple[int, int, list[str]]:
        """(lo, hi, allowed directions) of `seat`'s flight: the value range, +1 each with the move1 bonus."""
        lo, hi = self.value_range(seat)
        if BONUS_FACES[self.bonus] == "move1":
            lo, hi = lo + 1, hi + 1
        return lo, hi, self.allowed_dirs()

    def stay_cost(self, seat: int, lo: int, allowed: list[str]) -> int:
        """Staying costs the value lo; nothing when an allowed direction leaves the island at once and the
        harbour is closed to the player (nowhere to fly)."""
        p, step = self.pos[seat], self.board.step
        return 0 if not self.access[seat] and any(step[d][p] < 0 for d in allowed) else lo

    def flights(self, seat: int) -> list[tuple[tuple, int, int]]:
        """Every flight: (action, energy cost, destination), costs by `flight_costs`; staying `stay_cost`."""
        lo, hi, allowed = self.flight_terms(seat)
        energy = self.energy[seat]
        p = self.pos[seat]
        out: list[tuple[tuple, int, int]] = []
        if p < 0:  # leaving the harbour
            if p == -7:
                return [(("jump", i), 0, i) for i in range(len(self.board.coords))]
            for d in CLOCKWISE:
                back = self.board.step[OPPOSITE[d]]
                for e in range(len(self.board.coords)):
                    if self.board.coast[e] is None or back[e] >= 0:
                        continue
                    path = [e] + self._path(e, d, False)
                    for x, cost in zip(path, flight_costs(len(path), lo, hi, d in allowed)):
                        if cost <= energy:
                            out.append((("leave", d, x), cost, x))
            return out
        for d in CLOCKWISE:
            path = self._path(p, d, self.access[seat])
            for k, cost in enumerate(flight_costs(len(path), lo, hi, d in allowed), 1):
                if cost <= energy:
                    out.append((("fly", d, k), cost, path[k - 1]))
        stay = self.stay_cost(seat, lo, allowed)
        if stay <= energy:
            out.insert(0, (("stay",), stay, p))
        return out

    def placements(self, seat: int) -> list[int]:
        """Free spaces next to the balloon: not the yard, no tile (the balloon's own space is not next to it)."""
        p = self.pos[seat]
        if p < 0:
            return []
        placed = self.placed[seat]
        return [j for j in self.board.neighbours[p] if j != self.board.yard and placed[j] < 0]

    # --- queries ------------------------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.decider,)

    def is_legal(self, seat: int, action: tuple) -> bool:
        """Exactly membership in `legal_actions(seat)`, types compared, decided from the few fields the
        action concerns (legality.py)."""
        return is_legal(self, seat, action)

    def decision(self) -> str:
        if self.phase == OVER:
            return OVER
        if self.cloud_draws:
            return "from_cloud"
        if self.gain:
            return "gain"
        return self.phase

    def legal_actions(self, seat: int) -> list:
        if self.phase == OVER or seat != self.decider:
            return []
        kind = self.decision()
        if kind == "from_cloud":
            return [("from_cloud", t) for t in _dedupe([t for c in self.clouds for t in c])]
        if kind == "gain":
            return ([("keep",)] if len(self.telescope[seat]) < self.cap[seat] else []) + [("convert",)]
        if kind == START:
            return [("start", i) for i in self.board.start_spaces]
        if kind == DICE:
            acts = [("reroll", w) for w, done in zip(("bonus", "direction"), self.rerolled) if not done]
            return acts + [("roll_done",)]
        if kind == FLY:
            return [a for a, _c, _d in self.flights(seat)]
        if kind == TAKE:
            if self.pos[seat] < 0:
                return [("give", t) for t in _dedupe(self._givable(seat))]
            acts: list[tuple] = [("cloud", i) for i, c in enumerate(self.clouds) if c]
            free = len(self.telescope[seat]) < self.cap[seat]
            for t in self.beside[seat]:
                if self.energy[seat] >= EXT_INFO[KIND[t]][3]:
                    if free:
                        acts.append(("activate", KIND[t], "keep"))
                    acts.append(("activate", KIND[t], "convert"))
            return acts
        if kind == EXCHANGE:
            acts = [("take", t) for t in _dedupe([t for t in self.harbour if t != self.banned])]
            if self.bag:
                acts.append(("take", "bag"))
            return acts
        if kind == PLACE:
            spaces = self.placements(seat)
            acts = [("place", t, j) for t in _dedupe(self.telescope[seat]) for j in spaces]
            return acts + [("done",)]
        if kind == SWAP:
            return [("swap", t) for t in _dedupe(self.harbour)]
        return []

    def _givable(self, seat: int) -> list[int]:
        """Telescope tiles that may go to the harbour (not offices or extension tiles)."""
        return [t for t in self.telescope[seat] if OWNER[t] < 0]

    def score_sheet(self) -> list[dict]:
        return score_sheet(self.board, self.placed, self.energy, self.first_all)

    def scores(self) -> list[int]:
        return [row["total"] for row in self.score_sheet()]

    def result(self) -> dict:
        """Most points; ties go to the most energy left, then the victory is shared."""
        return ranks_from_scores(self.scores(), list(self.energy))

    # --- rules --------------------------------------------------------------------------------
    def step(self, seat: int, action: tuple) -> None:
        before = self._randomness_used()
        self._step(seat, action)
        self._advance()
        self.steps += 1
        if self._randomness_used() != before:
            self.checkpoint = self.steps

    def _randomness_used(self) -> tuple:
        """Changes exactly when a die is rolled or a tile drawn (the generator's state, or the events drawn)."""
        return tuple(self.rng.s) if self.ev is None else (self.ev.total(),)

    def _step(self, seat: int, action: tuple) -> None:
        kind = action[0]
        if kind == "from_cloud":
            t = action[1]
            for c in self.clouds:
                if t in c:
                    c.remove(t)
                    break
            self.cloud_draws -= 1
            self.gain.append(t)
            self._log(seat, "from_cloud", tile=tile_json(t))
            return
        if kind in ("keep", "convert"):
            t = self.gain.pop(0)
            if kind == "keep":
                self.telescope[seat].append(t)
                self._log(seat, "keep", tile=tile_json(t))
            else:
                self._gain_energy(seat, ENERGY[t])
                self.bag.append(t)
                self.bag.sort()
                self._log(seat, "convert", tile=tile_json(t), energy=ENERGY[t])
            return
        if kind == "start":
            self.pos[seat] = action[1]
            self._log(seat, "start_space", space=action[1])
            self.idx += 1
            return
        if kind == "reroll":
            which = 0 if action[1] == "bonus" else 1
            self.rerolled[which] = True
            if which == 0:
                self.bonus = self.event_rng("bonus").below(6)
                self._log(seat, "reroll", die="bonus", face=BONUS_FACES[self.bonus])
            else:
                self.direction = self.event_rng("direction").below(6)
                self._log(seat, "reroll", die="direction", face=DIRECTION_FACES[self.direction])
            return
        if kind == "roll_done":
            self._resolve_dice()
            return
        if kind in ("fly", "stay", "leave", "jump"):
            for a, cost, dest in self.flights(seat):
                if a == action:
                    origin = self.pos[seat]  # an island space, or -dock: the page draws the flight from it
                    self.energy[seat] -= cost
                    self.pos[seat] = dest
                    self._log(seat, "fly", move=list(action), cost=cost, dest=dest, origin=origin)
                    break
            self.phase = TAKE
            return
        if kind == "cloud":
            tiles = self.clouds[action[1]]
            self.clouds[action[1]] = []
            self._log(seat, "cloud", cloud=action[1], tiles=[tile_json(t) for t in tiles])
            self.gain.extend(tiles)
            self.phase = PLACE
            return
        if kind == "activate":
            t = next(x for x in self.beside[seat] if KIND[x] == action[1])
            self.beside[seat].remove(t)
            if action[2] == "keep":
                self.telescope[seat].append(t)
            else:
                self._gain_energy(seat, ENERGY[t])
                self.box.append(t)
                self.box.sort()
            if action[1].startswith("lookout"):
                self.cap[seat] += 1
            if action[1] == "harbour_office" and action[2] == "keep":
                self.access[seat] = True
            self._log(seat, "activate", tile=tile_json(t), how=action[2])
            self.phase = PLACE
            return
        if kind == "give":
            t = action[1]
            self.telescope[seat].remove(t)
            self.harbour.append(t)
            self.harbour.sort()
            self.banned = t
            self.takes = DOCK_TAKE[-self.pos[seat] - 1]
            self._log(seat, "give", tile=tile_json(t), takes=self.takes)
            self.phase = EXCHANGE
            return
        if kind == "take":
            self.takes -= 1
            if action[1] == "bag":
                self._draw(seat, 1, "harbour")
            else:
                self.harbour.remove(action[1])
                self.gain.append(action[1])
                self._log(seat, "take", tile=tile_json(action[1]))
            return
        if kind == "place":
            self._place(seat, action[1], action[2])
            return
        if kind == "done":
            self._end_turn()
            return
        if kind == "swap":
            t = action[1]
            self.harbour.remove(t)
            self.bag.append(t)
            self.bag.sort()
            self.harbour.append(self.swap_tile)
            self.harbour.sort()
            self._log(seat, "swap", out=tile_json(t), tile=tile_json(self.swap_tile))
            self.swap_tile = -1
            self._roll()
            return
        raise ValueError(f"unknown action {action!r}")

    def _place(self, seat: int, t: int, space: int) -> None:
        """Put a telescope tile on the island, then the space's effect ('?', volcano, energy drop...)."""
        self.telescope[seat].remove(t)
        self.placed[seat][space] = t
        b = self.board
        sk = b.kind[space]
        self._log(seat, "place", tile=tile_json(t), space=space, effect=sk)
        if KIND[t] in OFFICE_KINDS:
            self.access[seat] = True
        if sk == "energy":
            self._gain_energy(seat, b.energy[space])
        elif sk == "question":
            self._draw(seat, 1, "question")
        elif sk == "draw2":
            self._draw(seat, 2, "draw2")
        elif sk == "draw1energy":
            self._gain_energy(seat, b.energy[space])
            self._draw(seat, 1, "draw1energy")
        if (self.first_all < 0 and KIND[t] in CONNECTS
                and len(connected_coasts(b, self.placed[seat])) == len(TERRAINS)):
            self.first_all = seat
            self._log(seat, "all_coasts")
            if not self.final_round or self.final_round > self.round + 1:
                self.final_round = self.round + 1

    def _resolve_dice(self) -> None:
        face = BONUS_FACES[self.bonus]
        self._log(None, "dice", bonus=face, direction=DIRECTION_FACES[self.direction])
        if face in ("energy1", "energy2"):
            for i in range(self.players):
                self._gain_energy(i, 1 if face == "energy1" else 2)
        if face == "tile":
            self.phase, self.idx = BONUS_TILE, 0
        else:
            self._begin_turns()

    def _begin_turns(self) -> None:
        self.phase, self.idx = FLY, 0
        self.decider = self.order[0]

    def _advance(self) -> None:
        """Run everything that needs no decision until someone owes one."""
        while self.phase != OVER and not self.cloud_draws and not self.gain:
            ph = self.phase
            if ph == START:
                if self.idx < self.players:
                    self.decider = self.order[self.idx]
                    return
                self._roll()
                continue
            if ph == BONUS_TILE:
                if self.idx < self.players:
                    self.decider = self.order[self.idx]
                    self.idx += 1
                    self._draw(self.decider, 1, "bonus")
                    continue
                self._begin_turns()
                return
            if ph == TAKE:
                seat = self.decider
                if self.pos[seat] < 0 and not self._givable(seat):
                    self.takes, self.banned = 1, -1
                    self._log(seat, "no_give")
                    self.phase = EXCHANGE
                    continue
                if not self.legal_actions(seat):
                    self._log(seat, "no_tiles")
                    self.phase = PLACE
                    continue
                return
            if ph == EXCHANGE:
                if self.takes > 0 and (self.bag or any(t != self.banned for t in self.harbour)):
                    return
                self.takes, self.banned = 0, -1
                self.phase = PLACE
                continue
            if ph == PLACE:
                seat = self.decider
                if not self.telescope[seat] or not self.placements(seat):
                    self._end_turn()
                    continue
                return
            if ph == DICE and all(self.rerolled):
                self._resolve_dice()
                continue
            if ph == FLY and self.decider != self.order[self.idx]:
                self.decider = self.order[self.idx]
            return
        if self.gain and len(self.telescope[self.decider]) >= self.cap[self.decider] and not self.cloud_draws:
            # a full telescope: the tile must be converted (no choice to make)
            self._step(self.decider, ("convert",))
            self._advance()

    def _end_turn(self) -> None:
        self.idx += 1
        if self.idx < self.players:
            self.phase = FLY
            self.decider = self.order[self.idx]
            return
        self._end_round()

    def _end_round(self) -> None:
        """Phase D, then the end checks, then the next round's phase A."""
        n = self.players
        best = None
        for k, seat in enumerate(self.order):
            key = (self.start_value(seat), -self.energy[seat], k)
            if best is None or key > best[0]:
                best = (key, seat)
        new_start = best[1]
        self._log(None, "start_player", player=new_start, value=best[0][0])
        if self.final_round and self.round >= self.final_round:
            self._finish("final_round")
            return
        self.round += 1
        self.start = new_start
        self.order = [(new_start + k) % n for k in range(n)]
        self.decider = new_start
        self._log(None, "round", round=self.round, start=new_start)
        for c in self.clouds:
            if len(c) >= CLOUD_CAPACITY:
                self.bag.extend(c)
                c.clear()
        self.bag.sort()
        if len(self.bag) < len(self.clouds):
            self._log(None, "bag_short")
            self._finish("bag")
            return
        for c in self.clouds:
            c.append(self._draw_bag())
        if self.harbour_on:
            if not self.bag:
                if not self.final_round or self.final_round > self.round:
                    self.final_round = self.round
                    self._log(None, "bag_empty")
            else:
                t = self._draw_bag()
                if len(self.harbour) >= HARBOUR_SPACES:
                    self.swap_tile = t
                    self.phase = SWAP
                    return
                self.harbour.append(t)
                self.harbour.sort()
        self._roll()

    def _roll(self) -> None:
        dice = self.event_rng("roll")
        self.bonus, self.direction = dice.below(6), dice.below(6)
        self.rerolled = [False, False]
        self.phase = DICE
        self.decider = self.order[-1]
        self._log(self.decider, "roll", bonus=BONUS_FACES[self.bonus], direction=DIRECTION_FACES[self.direction])

    def _finish(self, why: str) -> None:
        sheet = self.score_sheet()
        self.history.append({"end": why, "round": self.round, "sheet": sheet,
                             "scores": [r["total"] for r in sheet], "energy": list(self.energy)})
        self.phase = OVER
        self.gain, self.cloud_draws = [], 0
        self._log(None, "over", why=why)

    def undo_allowed(self, seat: int) -> int:
        """Own trailing decisions since the last one that used the dice or the bag (a checkpoint)."""
        if self.phase == OVER:
            return 0
        moves = self.record.moves
        k = 0
        for i in range(len(moves) - 1, self.checkpoint - 1, -1):
            if moves[i][0] != seat:
                break
            k += 1
        return k

    def determinize(self, seat: int | None, rng: Rng) -> IslandsState:
        """The only hidden information is the bag's order: the bag is a sorted multiset drawn at draw time,
        so a new generator (or a new events key) re-samples every future draw and die roll."""
        s = self.clone()
        s.rng = rng.fork()
        if s.ev is not None:
            s.ev = s.ev.resampled(rng)
        return s

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        b = self.board
        over = self.phase == OVER
        sheet = self.score_sheet()
        islands = []
        for i in range(self.players):
            lo, hi = self.value_range(i) if self.pos[i] != -100 else (0, 0)
            islands.append({
                "seat": i, "balloon": self.pos[i] if self.pos[i] != -100 else None,
                "dock": -self.pos[i] if -8 < self.pos[i] < 0 else None,
                "energy": self.energy[i], "telescope": [tile_json(t) for t in sorted(self.telescope[i])],
                "telescope_spaces": self.cap[i],
                "placed": [{"space": s, "tile": tile_json(t)} for s, t in enumerate(self.placed[i]) if t >= 0],
                "beside": [tile_json(t) for t in self.beside[i]], "harbour_access": self.access[i],
                "coasts": connected_coasts(b, self.placed[i]), "value": [lo, hi], "points": sheet[i]["total"],
            })
        pending = None
        if not over:
            dec = self.decision()
            pending = {"seat": self.decider, "decision": dec, "round": self.round,
                       "tile": tile_json(self.gain[0]) if dec == "gain" else None,
                       "takes_left": self.takes if self.phase == EXCHANGE else None,
                       "swap_tile": tile_json(self.swap_tile) if self.swap_tile >= 0 else None}
        flights = None
        if seat is not None and not over and self.decision() == FLY and seat == self.decider:
            flights = [{"action": list(a), "cost": c, "dest": d} for a, c, d in self.flights(seat)]
        v = {
            "game": self.game.id, "seat": seat, "players": self.players, "options": dict(self.opts),
            "data": STAND_IN_NOTE, "round": self.round, "start_player": self.start, "order": list(self.order),
            "final_round": self.final_round or None,
            "first_all_coasts": self.first_all if self.first_all >= 0 else None,
            "dice": {"bonus": BONUS_FACES[self.bonus] if self.bonus >= 0 else None,
                     "direction": DIRECTION_FACES[self.direction] if self.direction >= 0 else None,
                     "rerolled": list(self.rerolled), "allowed": self.allowed_dirs() if self.bonus >= 0 else []},
            "board": {"side": b.name, "spaces": [
                {"q": q, "r": r, "kind": b.kind[i], "coast": b.coast[i], "move": b.move[i], "penalty": b.penalty[i],
                 "energy": b.energy[i], "start": b.start[i]} for i, (q, r) in enumerate(b.coords)]},
            "clouds": [[tile_json(t) for t in c] for c in self.clouds],
            "harbour": [tile_json(t) for t in self.harbour] if self.harbour_on else None,
            "docks": [{"dock": k + 1, "take": DOCK_TAKE[k], "depart": DOCK_DEPART[k]} for k in range(self.ndocks)]
            if self.harbour_on else None,
            "bag": len(self.bag), "islands": islands, "pending": pending, "to_move": list(self.to_move()),
            "flights": flights, "sheet": sheet, "history": self.history, "log": list(self.log), "over": over,
            "result": self.result() if over else None,
        }
        return v


class IslandsGame(Game):
    id = "islands"
    title = "Islands in the Mist"
    min_players = 2
    max_players = 4
    options = (
        Option("modules", "Modules", "1", kind="choice", choices=("1", "1+2", "1+2+3"),
               help="1: base game. 1+2: the harbour. 1+2+3: harbour and extension tiles (silver energy boards)."),
        Option("island", "Island side", "gold", kind="choice", choices=("gold", "silver"),
               help="Gold compass (front) or the silver-compass back side with draw-2 and draw-1-plus-energy spaces."),
        Option("first", "Start player", "1", kind="choice", choices=("1", "2", "3", "4", "random"), seats=True,
               help="Who starts (the rulebook: whoever travelled by air most recently): a seat, or random. "
                    "Energy 5/6/7/8 goes by seat order from the start player."),
        Option("harbour_side", "Harbour board side", "front", kind="choice", choices=("front", "back"),
               help="Back: a 7th '?' dock from which the balloon may fly to any island space (modules 1+2)."),
        RANDOMNESS_OPTION,
    )
    state_class = IslandsState


GAME = IslandsGame()
