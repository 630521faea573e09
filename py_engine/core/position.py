"""Positions: any situation of a game, set up by hand (a board editor) and carried in a link or an embed.

A position is a versioned JSON value, the record kind "position":

    {"kind": "position", "v": 1, "game": "<id>", "players": n, "options": {...},
     "state": {"zones": {"<zone path>": [<component id>, ...] | null, ...},
               "fields": {"<field>": <value>, ...}},
     "seat": <seat whose eyes the board is drawn for> | null,
     "seed": <0..2^31-1: the deal of unset zones and the dice when someone plays on> (optional),
     "annotations": {"caption": "<text>", "highlight": ["<zone path or component>", ...],
                     "arrows": [["<from>", "<to>"], ...]}}

Each game declares, as data next to its engine (`py_engine/games/<package>/zones.py`, `DECLARATION`), its
components (id -> how many exist), its zones (where a component may lie, how many it holds, who sees it)
and its fields (scores, round, whose turn, the pending decision). One validator (`check`) applies the
shared rules to every game, in this order, and refuses an impossible position with `PositionError`,
whose text says which rule is broken and where ("<where>: <rule>"):

1. the shape: the keys above and nothing else, the game, the player count, the options, the seat;
2. every zone path is declared for these players and options; a zone is a list of component ids, or
   null ("unset": allowed only for a zone hidden from someone, e.g. a hand or the deck); a zone left out
   is empty and a field left out takes its default (so links saved before a zone or field was declared
   still load; a game fills in what such a link lacks with `Declaration.upgrade`);
3. conservation: every component id exists; a card (one copy) lies in exactly one place; a supply of
   identical pieces is never exceeded; with a `complete` declaration the cards nobody placed must
   exactly fill the unset zones (sized zones by their size, a `rest` zone — the deck — takes the rest);
4. counts in range (a zone's `low`..`high`), fields of the declared type and range;
5. the game's own rules (`Declaration.check`: e.g. an expedition's order, a hand's size), then, for every game
   alike, every component lies in a zone that accepts it (`Declaration.accepts`: a settlement on an
   intersection, never on a hex or a harbour; a red card in a red expedition only);
6. the state is built (unset zones dealt at random from the seeded rng) and every seat that owes a
   decision has at least one legal action: the pending decision can be answered.

Annotations name zone paths or component ids that exist in the position; the caption is the writer's
text (at most CAPTION_MAX characters), shown as written. Outside text goes through the bounded parser
(`safejson`) before anything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from . import safejson
from .errors import RecordError
from .options import is_whole
from .rng import Rng

KIND = "position"
VERSION = 1
MAX_TEXT = 100_000  # characters of a position's JSON text
MAX_ITEMS = 400  # components in one zone, zones, fields
CAPTION_MAX = 500
MAX_MARKS = 64  # highlights, and arrows
_KEYS = {"kind", "v", "game", "players", "options", "state", "seat", "seed", "annotations"}
SEED_MAX = 2 ** 31 - 1
_NAME_MAX = 64
REQUIRED = object()  # a Field without a default: a position without it is refused


class PositionError(RecordError):
    """An impossible or malformed position: `rule` (what is wrong) at `where` (a zone path, field, key)."""

    def __init__(self, rule: str, where: str = "") -> None:
        super().__init__(f"{where}: {rule}" if where else rule)
        self.rule, self.where = rule, where


@dataclass(frozen=True)
class Zone:
    """Where components may lie. `per_seat`: one zone per seat ("hand.0"); `per`: one zone per key of
    `Declaration.keys(options)[per]` ("discard.yellow"; both: "expedition.0.yellow"). `seen_by`:
    "all", "owner" (its seat only) or "none"; a zone not seen by all may be left unset (null).
    `rest`: an unset rest zone takes the cards nobody placed (the deck). `ordered`: its order matters
    (the last item is the top)."""

    name: str
    per_seat: bool = False
    per: str = ""
    low: int = 0
    high: int = MAX_ITEMS
    seen_by: str = "all"
    rest: bool = False
    ordered: bool = False


@dataclass(frozen=True)
class Field:
    """A value of the position: kind "int" (low..high), "seat" (0..players-1), "choice" (one of
    `choices`, or of `Declaration.keys(options)[per]`); `optional`: null is allowed. `per_seat`: one
    field per seat ("score.0"); `each`: one per key of `Declaration.keys(options)[each]` (with both:
    "stone.0.red")."""

    name: str
    kind: str = "int"
    low: int = 0
    high: int = 0
    choices: tuple = ()
    per: str = ""
    optional: bool = False
    per_seat: bool = False
    each: str = ""
    default: Any = REQUIRED


@dataclass(frozen=True)
class Declaration:
    """A game's zones, components and fields, as data; the game's module fills in the four functions."""

    game_id: str
    zones: tuple[Zone, ...]
    fields: tuple[Field, ...]
    complete: bool = True  # every unique card lies somewhere (cards nobody placed fill the unset zones)
    min_players: int = 1  # the player count a new position starts with, when none is given (the editor's start)

    # --- filled in by each game (plain functions, set on a subclass) -----------------------------
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {}

    def components(self, players: int, options: dict) -> dict[str, int]:
        raise NotImplementedError

    def sizes(self, players: int, options: dict, fields: dict) -> dict[str, int]:
        """The exact size of the sized zones (used to deal unset ones)."""
        return {}

    def check(self, pos: Position) -> None:
        """The game's own rules on a position whose shape and counts are already checked."""

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """Whether zone `path` may hold component `comp` at all, whatever else lies on the table (a Catan
        settlement: on an intersection only; a Lost Cities card: in an expedition or discard pile of its colour,
        a hand, the deck). What only the whole position tells (too many cards, a road joining nothing) is left
        to `check`. The editor offers a picked component exactly the places that accept it; `check` refuses a
        component in a zone that does not. By default every zone accepts every component."""
        return True

    def build(self, pos: Position, rng: Rng):
        """The State of a checked position, unset zones dealt from `rng`."""
        raise NotImplementedError

    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        """(zones, fields) of a game state: set up a position from any replay step. A state that no position
        can hold (mid-effect, game over) raises PositionError, unless `shown`: then the zones say where every
        component lies, to draw the state and find what its annotations name (a study's step), and the fields
        are best effort."""
        raise NotImplementedError

    def upgrade(self, zones: dict, players: int, options: dict, seed: int) -> None:
        """Fill in, in place, the zones a position saved before they were declared lacks (a missing zone is
        otherwise empty; a missing field takes its Field.default): by default nothing."""

    # --- pointing at the board (the editor): a game opts in by filling these two in -------------------
    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Zone path -> the mark (data-testid) of the board element that stands for the zone when the board
        is drawn from `seat`'s eyes: such a zone is edited by pointing at the board. {}: rows only."""
        return {}

    def displaced(self, zone: Zone, comp: str, items: list[str]) -> list[str]:
        """The components that `comp`, put where `items` lie, takes the place of (back to the box): by
        default all of a zone for one component, none elsewhere."""
        return list(items) if zone.high == 1 else []

    def spot_zone(self, path: str, comp: str | None, zones: dict, seat: int = 0, source: str | None = None) -> str:
        """The zone a spot stands for when `comp` is put there (None: its last component is lifted): a spot
        standing for several zones (an Arnak site: its tile, idol, guardian and archaeologist) names one of
        them by the component; by default the spot's own zone. `seat`: the seat the board is drawn for (a
        piece nobody owns yet goes to it); `source`: the zone `comp` was lifted from. A spot that is no zone
        (a stone of a path) names a zone here, or itself when nothing is done there."""
        return path

    def spot_group(self, path: str) -> list[str]:
        """The zones a spot stands for (what it is named by: a Catan hex's robber, token and terrain)."""
        return [path]

    def spot_fields(self, spot: str, zone: str, comp: str, zones: dict | None = None) -> dict[str, Any]:
        """The fields set when `comp` is put in `zone` by pointing at `spot` (a piece on a path: its stone), the
        position's zones being `zones`."""
        return {}

    def views(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Board elements that, pointed at, show another part of the board (so that its spots can be pointed at):
        mark -> the renderer's selection for it ("" shows the board as first drawn); e.g. Islands' tabs of the
        other islands. {}: the board shows everything at once."""
        return {}

    def spot_actions(self, players: int, options: dict, seat: int) -> list[tuple]:
        """Actions the board is drawn with as if legal, so that the game's renderer draws a target (with the
        mark `spots` names) at every spot, an empty one too (Catan's intersections, paths and hexes)."""
        return []

    # --- derived ------------------------------------------------------------------------------
    def zone_paths(self, players: int, options: dict) -> dict[str, tuple[Zone, int | None]]:
        """Every zone path for this table -> (its Zone, its seat or None), in declaration order."""
        keys = self.keys(options)
        out: dict[str, tuple[Zone, int | None]] = {}
        for z in self.zones:
            seats = range(players) if z.per_seat else (None,)
            for seat in seats:
                base = z.name if seat is None else f"{z.name}.{seat}"
                for key in (keys[z.per] if z.per else (None,)):
                    out[base if key is None else f"{base}.{key}"] = (z, seat)
        return out

    def field_names(self, players: int, options: dict) -> list[tuple[str, Field]]:
        keys = self.keys(options)
        out = []
        for f in self.fields:
            bases = [f"{f.name}.{i}" for i in range(players)] if f.per_seat else [f.name]
            out += [(f"{b}.{k}", f) for b in bases for k in keys[f.each]] if f.each else [(b, f) for b in bases]
        return out


@dataclass
class Position:
    """A position whose shape is checked: what `check` returns (with its built `state`)."""

    game_id: str
    players: int
    options: dict
    zones: dict[str, list[str] | None]
    fields: dict[str, Any]
    seat: int | None
    annotations: dict
    declaration: Declaration
    state: Any = None
    seed: int | None = None  # the position's own seed (None: the one `check` was given)
    drafting: bool = False  # built by `draft` (unchecked): a game may leave out what its engine cannot hold

    def to_json(self) -> dict:
        seed = {} if self.seed is None else {"seed": self.seed}
        return {"kind": KIND, "v": VERSION, "game": self.game_id, "players": self.players, **seed,
                "options": dict(self.options),
                "state": {"zones": {k: (None if v is None else list(v)) for k, v in self.zones.items()},
                          "fields": dict(self.fields)},
                "seat": self.seat, "annotations": {"caption": self.annotations.get("caption", ""),
                                                   "highlight": list(self.annotations.get("highlight", [])),
                                                   "arrows": [list(a) for a in self.annotations.get("arrows", [])]}}

    def unset(self) -> list[str]:
        return [p for p, v in self.zones.items() if v is None]

    def placed(self) -> set[str]:
        return {c for v in self.zones.values() if v for c in v}

    def unplaced(self) -> list[str]:
        """The unique cards nobody placed, in the declaration's order (dealt to the unset zones)."""
        comps, placed = self.declaration.components(self.players, self.options), self.placed()
        return [c for c, n in comps.items() if n == 1 and c not in placed]


def declaration(game_id: Any) -> Declaration:
    """The declaration of a game (its `zones` module); PositionError if the game has none."""
    from .. import GAMES
    from ..games import package_of

    if not isinstance(game_id, str) or game_id not in GAMES:
        raise PositionError(f"this app has no game called {str(game_id)[:40]!r}", "game")
    try:
        module = import_module(f"py_engine.games.{package_of(game_id)}.zones")
    except ImportError:
        raise PositionError("positions of this game cannot be set up yet", "game") from None
    return module.DECLARATION


def has_editor(game_id: str) -> bool:
    try:
        declaration(game_id)
    except PositionError:
        return False
    return True


def loads(text: Any) -> Any:
    """Outside text through the bounded parser (size and depth before json.loads)."""
    try:
        return safejson.loads(text, max_chars=MAX_TEXT)
    except safejson.JsonInputError as exc:
        raise PositionError(f"not a readable position ({exc.reason})") from None


def _text(value: Any, limit: int = _NAME_MAX) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def check(data: Any, seed: int = 0) -> Position:
    """A position (text or parsed JSON) checked against every rule above, with its State built from its own
    "seed" when it has one, else from `seed` (unset zones dealt at random, then the dice of whoever plays
    on): PositionError says what is wrong and where."""
    pos, raw = _parse(data, seed)
    _check_conservation(pos)
    pos.declaration.check(pos)
    _check_places(pos)
    pos.annotations = _check_annotations(pos, raw.get("annotations", {}))
    pos.state = _build(pos, seed)
    for mover in pos.state.to_move():
        if not pos.state.legal_actions(mover):
            raise PositionError(f"seat {mover} owes a decision that has no legal move", "pending decision")
    return pos


def draft(data: Any, seed: int = 0) -> Position:
    """A position of the right shape built without the rules of steps 3-6 (the editor draws the board of an
    impossible position, so that the writer can point at what to mend); PositionError if it cannot be built."""
    pos, _raw = _parse(data, seed)
    pos.annotations = {"caption": "", "highlight": [], "arrows": []}
    pos.drafting = True
    pos.state = _build(pos, seed)
    return pos


def _build(pos: Position, seed: int) -> Any:
    try:
        return pos.declaration.build(pos, Rng(seed if pos.seed is None else pos.seed))
    except PositionError:
        raise
    except (RecordError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise PositionError(f"the engine cannot set up this position ({exc})"[:200]) from None


def header(data: Any, kind: str, version: int, keys: frozenset | set, error: type[PositionError] = PositionError,
           ) -> tuple[Declaration, Any, int, dict]:
    """The envelope a position and a study share: its kind and version, no unknown key, a known game, a player
    count the game takes and options it accepts; (declaration, game, players, options). `error` is the class of
    the refusal (PositionError, or a study's StudyError); `kind` names the value in the messages."""
    if not isinstance(data, dict) or data.get("kind") != kind:
        raise error(f"this is not an Explorers' Table {kind}")
    if data.get("v") != version:
        raise error(f"unsupported {kind} version {str(data.get('v'))[:20]!r}", "v")
    unknown = sorted(str(k)[:20] for k in data if k not in keys)
    if unknown:
        raise error(f"unknown key {unknown[0]!r}", kind)
    try:
        decl = declaration(data.get("game"))
    except PositionError as exc:
        raise error(exc.rule, exc.where) from None
    from .. import GAMES

    game = GAMES[decl.game_id]
    players = data.get("players")
    if not is_whole(players, game.min_players, game.max_players):
        raise error(f"{game.title} takes {game.min_players}–{game.max_players} players", "players")
    try:
        options = game.normalize_options(data.get("options", {}))
    except RecordError as exc:
        raise error(str(exc)[:200], "options") from None
    return decl, game, players, options


def _parse(data: Any, seed: int = 0) -> tuple[Position, dict]:
    """Steps 1, 2 and 4's field types: the shape, the zones and the fields of a position (what a position
    saved before a zone or field was declared lacks is filled in: `Declaration.upgrade`, `Field.default`)."""
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    decl, _game, players, options = header(data, KIND, VERSION, _KEYS)
    seat = data.get("seat")
    if seat is not None and not is_whole(seat, 0, players - 1):
        raise PositionError(f"the seat shown must be a seat from 0 to {players - 1}, or null", "seat")
    own_seed = data.get("seed")
    if own_seed is not None and not is_whole(own_seed, 0, SEED_MAX):
        raise PositionError(f"the seed is a whole number from 0 to {SEED_MAX}", "seed")
    state = data.get("state")
    if not isinstance(state, dict) or set(state) - {"zones", "fields"}:
        raise PositionError("the state holds 'zones' and 'fields' only", "state")
    raw_zones = state.get("zones")
    if isinstance(raw_zones, dict) and len(raw_zones) <= MAX_ITEMS:
        raw_zones = dict(raw_zones)
        decl.upgrade(raw_zones, players, options, seed if own_seed is None else own_seed)
    zones = _check_zones(decl, players, options, raw_zones)
    fields = _check_fields(decl, players, options, state.get("fields"))
    return Position(decl.game_id, players, options, zones, fields, seat, {}, decl, seed=own_seed), data


def _check_zones(decl: Declaration, players: int, options: dict, raw: Any) -> dict[str, list[str] | None]:
    paths = decl.zone_paths(players, options)
    if not isinstance(raw, dict) or len(raw) > MAX_ITEMS:
        raise PositionError("the zones are an object of zone -> list of components", "state.zones")
    for path in raw:
        if path not in paths:
            raise PositionError("there is no such zone in this game", str(path)[:_NAME_MAX])
    comps = decl.components(players, options)
    out: dict[str, list[str] | None] = {}
    for path, (zone, _seat) in paths.items():
        items = raw.get(path, [])
        if items is None:
            if zone.seen_by == "all":
                raise PositionError("every player sees this zone: it cannot be left unset", path)
            out[path] = None
            continue
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise PositionError("a zone is a list of components (or null when hidden)", path)
        for i, c in enumerate(items):
            if not isinstance(c, str) or c not in comps:
                raise PositionError(f"{str(c)[:24]!r} is not a component of this game", f"{path}[{i}]")
        if not zone.low <= len(items) <= zone.high:
            raise PositionError(f"holds {len(items)}; it holds {zone.low} to {zone.high}", path)
        out[path] = list(items)
    return out


def _check_fields(decl: Declaration, players: int, options: dict, raw: Any) -> dict[str, Any]:
    names = decl.field_names(players, options)
    if not isinstance(raw, dict) or len(raw) > MAX_ITEMS:
        raise PositionError("the fields are an object of name -> value", "state.fields")
    known = {n for n, _ in names}
    for name in raw:
        if name not in known:
            raise PositionError("there is no such field in this game", str(name)[:_NAME_MAX])
    keys = decl.keys(options)
    out = {}
    for name, f in names:
        if name not in raw and f.default is REQUIRED:
            raise PositionError("this field is missing", name)
        value = raw.get(name, f.default)
        if value is None and f.optional:
            out[name] = None
            continue
        if f.kind == "int" and not is_whole(value, f.low, f.high):
            raise PositionError(f"must be a whole number from {f.low} to {f.high}", name)
        if f.kind == "seat" and not is_whole(value, 0, players - 1):
            raise PositionError(f"must be a seat from 0 to {players - 1}", name)
        if f.kind == "choice":
            allowed = keys[f.per] if f.per else f.choices
            if not isinstance(value, str) or value not in allowed:
                raise PositionError("must be one of " + ", ".join(allowed), name)
        out[name] = value
    return out


def _check_conservation(pos: Position) -> None:
    decl = pos.declaration
    comps = decl.components(pos.players, pos.options)
    where: dict[str, list[str]] = {}
    for path, items in pos.zones.items():
        for c in items or ():
            where.setdefault(c, []).append(path)
            if len(where[c]) > comps[c]:
                if comps[c] == 1:
                    raise PositionError(f"{c} lies in two places ({where[c][0]} and {path}): "
                                        "each card lies in exactly one place", path)
                raise PositionError(f"only {comps[c]} of {c} exist", path)
    if not decl.complete:
        return
    paths = decl.zone_paths(pos.players, pos.options)
    sizes = decl.sizes(pos.players, pos.options, pos.fields)
    unset = pos.unset()
    need = sum(sizes.get(p, 0) for p in unset if not paths[p][0].rest)
    rest = [p for p in unset if paths[p][0].rest]
    free = pos.unplaced()
    low = sum(paths[p][0].low for p in rest)
    if (len(free) < need + low) if rest else (len(free) != need):
        if not rest and len(free) > need:
            raise PositionError(f"{free[0]} is not placed: every card lies in exactly one place"
                                + (" (leave a hidden zone unset to deal it)" if not unset else ""), "components")
        raise PositionError(f"{need + low} cards are needed to deal the unset zones "
                            f"({', '.join(unset)}) but only {len(free)} are left", "components")


def _check_places(pos: Position) -> None:
    """Every component lies in a zone that accepts it (`Declaration.accepts`)."""
    decl = pos.declaration
    for path, items in pos.zones.items():
        for c in items or ():
            if not decl.accepts(path, c, pos.players, pos.options):
                raise PositionError(f"{c} cannot lie here", path)


def _check_annotations(pos: Position, raw: Any) -> dict:
    if not isinstance(raw, dict) or set(raw) - {"caption", "highlight", "arrows"}:
        raise PositionError("annotations hold a caption, highlights and arrows", "annotations")
    caption = raw.get("caption", "")
    if not isinstance(caption, str) or len(caption) > CAPTION_MAX:
        raise PositionError(f"the caption is text of at most {CAPTION_MAX} characters", "annotations.caption")
    names = set(pos.zones) | set(pos.declaration.components(pos.players, pos.options))
    marks = raw.get("highlight", [])
    if not isinstance(marks, list) or len(marks) > MAX_MARKS:
        raise PositionError(f"highlights are a list of at most {MAX_MARKS} zones or components",
                            "annotations.highlight")
    for i, m in enumerate(marks):
        if not isinstance(m, str) or m not in names:
            raise PositionError(f"{str(m)[:24]!r} is no zone or component here", f"annotations.highlight[{i}]")
    arrows = raw.get("arrows", [])
    if not isinstance(arrows, list) or len(arrows) > MAX_MARKS:
        raise PositionError(f"arrows are a list of at most {MAX_MARKS} [from, to] pairs", "annotations.arrows")
    for i, a in enumerate(arrows):
        if not (isinstance(a, list) and len(a) == 2 and all(isinstance(e, str) and e in names for e in a)):
            raise PositionError("an arrow is a [from, to] pair of zones or components here",
                                f"annotations.arrows[{i}]")
    return {"caption": caption, "highlight": list(marks), "arrows": [list(a) for a in arrows]}


def of_state(state, seat: int | None = None, hide: bool = False) -> dict:
    """The position JSON of a game state (the editor's start from a replay step). With `hide`, the zones
    `seat` cannot see are left unset (they are dealt at random when someone plays on)."""
    decl = declaration(state.game.id)
    zones, fields = decl.of_state(state)
    if hide:
        paths = decl.zone_paths(state.players, state.opts)
        for p, (zone, owner) in paths.items():
            if zone.seen_by == "none" or (zone.seen_by == "owner" and owner != seat):
                zones[p] = None
    return {"kind": KIND, "v": VERSION, "game": state.game.id, "players": state.players,
            "options": dict(state.opts), "state": {"zones": zones, "fields": fields}, "seat": seat,
            "annotations": {"caption": "", "highlight": [], "arrows": []}}


def starting(game_id: str, players: int | None = None, options: dict | None = None, seed: int = 0) -> dict:
    """A position to start editing from: the game's opening deal, the hidden zones unset."""
    from .. import GAMES

    game = GAMES[game_id]
    players = players or max(game.min_players, declaration(game_id).min_players)
    state = game.new(players=players, seed=seed, options=options or {})
    return of_state(state, seat=0, hide=True)
