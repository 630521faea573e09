"""The position editor ("Set up a position"): one editor for every game, driven by the game's declaration.

A game's `zones` module (py_engine.core.position) says which components exist, where they may lie and
which fields a position has; this module draws from that alone: the palette (every component, those
already placed marked), one row per zone with its components, the fields as form controls, the seat
whose eyes the embed shows, and the annotations. Beside it the game's own board (its renderer drawing
the edited position from the shown seat) shows exactly what a reader will see.

Editing: pick a component (in the palette or in a zone), then "Put here" on a zone moves it there (a
piece of a supply of identical ones is one more there); x takes it off the table. A game whose
declaration names its board's spots (`Declaration.spots`) is also edited by pointing at the board: with a
component picked, a spot puts it there (a spot holding one piece has it replaced; a palette's piece of a
supply stays picked for the next spot); with nothing picked, a spot lifts its last component (picked, to
put elsewhere or take off the table). Spots are focusable: Enter or Space points, the arrows move. With a
component picked, only the places the game's zones accept it in (`Declaration.accepts`, the same for all five
games) are offered: those spots are lit, focusable and named to screen readers, every other spot is inert (not
focusable, not clickable, not lit), and only those zones' rows have "Put here" (a Catan settlement: exactly the
intersections; an Arnak Funding card: never the item row). What only the whole position can tell (too many
cards, a road joining nothing) is still refused with its message once the component is put. A
hidden zone (a hand, the deck) may be left unset: its cards are dealt at random when someone plays on.
Every edit is checked by the game at once; the refusal (which rule, where) is shown, and the link and
embed code are offered only for a valid position.

The model (`Editor`) is pure Python, tested in CPython; `screen_html`, `command` and `on_change` are the
shell's hooks (screen "editor", commands "ed-…", inputs with data-cmd-change="ed-…").
"""

from __future__ import annotations

import copy
import re
from typing import Any

import editor_labels
import editor_problems
import editor_study
import positions
from i18n import N_, _, tdata, tr
from render.markup import Safe, attributes, join, tag

from py_engine import GAMES
from py_engine.core import RecordError
from py_engine.core import position as P
from py_engine.core.options import shown_options

MAX_CAPTION = P.CAPTION_MAX


class Editor:
    """The position being edited (position JSON), the component picked, and the last check's outcome."""

    def __init__(self, data: dict) -> None:
        self.data = copy.deepcopy(data)
        if "seed" not in self.data:  # unset zones are dealt once, from this, so a reader sees what the writer saw
            self.data["seed"] = 0  # the deal the editor always showed; the seed field changes it
        self.decl = P.declaration(self.data["game"])
        self.picked: str | None = None
        self.picked_from: str | None = None  # the spot a component was lifted from (pointing at the board)
        self.arrow_from: str | None = None
        self.looking: str | None = None  # the part of the board shown (an Islands tab pointed at: "i1")
        self.pos: P.Position | None = None
        self.shown: P.Position | None = None  # what the board draws: the position, valid or not
        self.problem = ""
        self.error: RecordError | None = None  # the refusal (its words for the reader: `problem_words`)
        self.study: editor_study.Authoring | None = None  # a study made from this position, while it is written
        self.returns_to: Editor | None = None  # the editor whose study this position becomes the next step of
        self.check()

    @classmethod
    def start(cls, game_id: str, players: int | None = None) -> Editor:
        return cls(P.starting(game_id, players=players))

    def with_players(self, raw: str) -> Editor:
        """A fresh start for another player count (the zones and fields depend on it)."""
        game = GAMES[self.data["game"]]
        if not raw.isdigit() or not game.min_players <= int(raw) <= game.max_players:
            return self
        return Editor(P.starting(self.data["game"], players=int(raw), options=self.data["options"]))

    def with_option(self, name: str, raw: str) -> Editor:
        """A fresh start with one option changed (the zones depend on it: Islands' modules, Arnak's temple)."""
        game = GAMES[self.data["game"]]
        opt = next((o for o in shown_options(game.options) if o.name == name), None)
        if opt is None or str(raw) not in [str(v) for v, _label in opt.shown()]:
            return self
        options = {**self.data["options"], name: int(raw) if opt.kind == "int" else raw}
        try:
            return Editor(P.starting(self.data["game"], players=self.data["players"], options=options))
        except RecordError:
            return self

    @classmethod
    def from_state(cls, state, seat: int | None, hide: bool) -> Editor:
        return cls(P.of_state(state, seat=seat, hide=hide))

    # --- the position ----------------------------------------------------------------------------
    @property
    def zones(self) -> dict:
        return self.data["state"]["zones"]

    @property
    def fields(self) -> dict:
        return self.data["state"]["fields"]

    def check(self) -> bool:
        try:
            self.pos = P.check(self.data)
            self.problem, self.error = "", None
        except RecordError as exc:
            self.pos, self.problem, self.error = None, str(exc), exc
        self.shown = self.pos
        if self.pos is None:
            try:
                self.shown = P.draft(self.data)
            except RecordError:
                self.shown = None
        return self.pos is not None

    def bottom(self) -> int:
        seat = self.data.get("seat")
        return seat if isinstance(seat, int) and 0 <= seat < self.data["players"] else 0

    def spots(self) -> dict[str, str]:
        """Zone path -> the board's mark for it, from the shown seat's eyes ({}: the game keeps its rows)."""
        return self.decl.spots(self.data["players"], self.data["options"], self.bottom())

    def components(self) -> list[str]:
        return list(self.decl.components(self.data["players"], self.data["options"]))

    def paths(self) -> dict:
        return self.decl.zone_paths(self.data["players"], self.data["options"])

    def where(self, comp: str) -> str | None:
        return next((p for p, items in self.zones.items() if items and comp in items), None)

    def accepts(self, path: str, comp: str | None = None) -> bool:
        """Whether zone `path` takes the picked component (or `comp`) by the game's zone rules."""
        comp = self.picked if comp is None else comp
        return (comp is not None and path in self.paths()
                and self.decl.accepts(path, comp, self.data["players"], self.data["options"]))

    def target(self, spot: str) -> str | None:
        """The zone pointing at `spot` puts the picked component in, when it is offered there (the zone accepts
        it, or it was lifted from there and is put down again); None: the spot is inert while it is picked."""
        if self.picked is None or spot not in self.spots():
            return None
        path = self.decl.spot_zone(spot, self.picked, self.zones, self.bottom(), self.picked_from)
        if path == self.picked_from or self.accepts(path):
            return path
        lifted_here = self.decl.spot_zone(spot, None, self.zones, self.bottom()) == self.picked_from
        if self.picked_from is not None and lifted_here:
            return self.picked_from  # lifted from here (a camp whose other space is closed): put down again
        return None

    def offered(self, spot: str) -> bool:
        """A spot pointing does something at: any spot with nothing picked; else where the picked one may go."""
        return self.picked is None or self.target(spot) is not None

    # --- edits (each one is checked at once) ------------------------------------------------------
    def pick(self, comp: str) -> None:
        if comp in self.components():
            self.picked = None if self.picked == comp else comp
            self.picked_from = None

    def point(self, path: str) -> None:
        """A spot of the board pointed at: put the picked component there (moved from the spot it was lifted
        from; a spot for one piece has its piece replaced), or, with nothing picked, lift its last one."""
        if path not in self.spots() or not self.offered(path):
            return
        spot = path
        path = self.target(spot) or "" if self.picked is not None else self.decl.spot_zone(spot, None, self.zones,
                                                                                             self.bottom())
        if path not in self.paths():  # a spot that is no zone, where nothing is done with this component
            return
        items = self.zones.get(path) or []
        if self.picked is None:
            if items:
                self.picked, self.picked_from = items[-1], path
            return
        fields = self.decl.spot_fields(spot, path, self.picked, self.zones)
        if self.picked_from == path:  # pointed again where it lies: put it down (a piece moved along its path)
            self.picked = self.picked_from = None
            if fields:
                self.fields.update(fields)
                self.check()
            return
        comp, source = self.picked, self.picked_from
        supply = self.decl.components(self.data["players"], self.data["options"]).get(comp, 0) > 1
        if source is not None and comp in (self.zones.get(source) or ()):
            self.zones[source].remove(comp)
        elif not supply:
            self.take_off(comp)
        zone = self.paths()[path][0]
        if self.zones.get(path) is None:
            self.zones[path] = []
        for gone in self.decl.displaced(zone, comp, list(self.zones[path])):
            self.zones[path].remove(gone)
        self.zones[path].append(comp)
        self.fields.update(fields)
        if source is not None or not supply:
            self.picked = self.picked_from = None
        self.check()

    def take_off_picked(self) -> None:
        """The component lifted from a spot goes back to the box (or to the random deal)."""
        if self.picked is not None and self.picked_from is not None:
            self.take_off(self.picked, self.picked_from)
        self.picked = self.picked_from = None

    def put(self, path: str) -> None:
        """Move the picked card to the end of zone `path` (from wherever it lay); a piece of a supply
        (identical pieces) is a new one there (too many of them is refused like any impossible edit)."""
        if self.picked is None or not self.accepts(path):
            return
        source = self.picked_from
        if source is not None and self.picked in (self.zones.get(source) or ()):
            self.zones[source].remove(self.picked)  # lifted from a spot: moved from there
        elif self.decl.components(self.data["players"], self.data["options"]).get(self.picked, 0) == 1:
            self.take_off(self.picked)
        if self.zones.get(path) is None:
            self.zones[path] = []
        self.zones[path].append(self.picked)
        self.picked = self.picked_from = None
        self.check()

    def take_off(self, comp: str, path: str | None = None) -> None:
        """Remove one copy of `comp` from the table (back to the box, or to the deck's random deal): the
        one in zone `path` when given (a piece of a supply lies in many), else wherever it lies."""
        if path is None or comp not in (self.zones.get(path) or ()):
            path = self.where(comp)
        if path is not None:
            self.zones[path].remove(comp)
        self.check()

    def toggle_unset(self, path: str) -> None:
        zone = self.paths().get(path)
        if zone is None or zone[0].seen_by == "all":
            return
        self.zones[path] = [] if self.zones.get(path) is None else None
        self.check()

    def set_field(self, name: str, raw: str) -> None:
        f = dict(self.decl.field_names(self.data["players"], self.data["options"])).get(name)
        if f is None:
            return
        value: Any = raw
        if raw == "":
            value = None
        elif f.kind in ("int", "seat"):
            try:
                value = int(raw)
            except ValueError:
                value = raw
        self.fields[name] = value
        self.check()

    def look(self, selection: str) -> None:
        """Show another part of the board (`Declaration.views`): another island drawn large; "": as first drawn."""
        views = self.decl.views(self.data["players"], self.data["options"], self.bottom())
        if selection in views.values():
            self.looking = selection or None

    def set_seat(self, raw: str) -> None:
        self.looking = None
        self.data["seat"] = None if raw in ("", "spectator") else int(raw) if raw.isdigit() else raw
        self.check()

    def set_seed(self, raw: str) -> None:
        """The position's own seed (the deal of unset zones and the dice when someone plays on); empty: none."""
        raw = raw.strip()
        if raw == "":
            self.data.pop("seed", None)
        else:
            self.data["seed"] = int(raw) if raw.isdigit() else raw
        self.check()

    def set_caption(self, raw: str) -> None:
        self.data["annotations"]["caption"] = raw[:MAX_CAPTION]
        self.check()

    def toggle_highlight(self, name: str) -> None:
        marks = self.data["annotations"]["highlight"]
        if name in marks:
            marks.remove(name)
        else:
            marks.append(name)
        self.check()

    def arrow(self, name: str) -> None:
        """First call: where the arrow starts; second: where it ends (the arrow is added)."""
        if self.arrow_from is None:
            self.arrow_from = name
            return
        if name != self.arrow_from:
            self.data["annotations"]["arrows"].append([self.arrow_from, name])
        self.arrow_from = None
        self.check()

    def clear_marks(self) -> None:
        self.data["annotations"]["highlight"] = []
        self.data["annotations"]["arrows"] = []
        self.arrow_from = None
        self.check()

    def export(self, page_url: str, origin: str = "") -> tuple[str, str] | None:
        """(embed address, iframe code) of a valid position; None while it breaks a rule. The address names
        `origin` (the rules site's address, when it is one) and an id for the frame's events."""
        if self.pos is None:
            return None
        data = self.pos.to_json()
        url = positions.embed_url(page_url, data, self.pos.seat, origin=origin, ident=positions.frame_id(data))
        return url, positions.iframe_snippet(url, self.pos.game_id)


# --- words ---------------------------------------------------------------------------------------
# zone names as data: {who} is the seat's name, {key} the zone's key (a colour) in the interface language
ZONE_LABELS = {"hand": N_("{who}: hand"), "expedition": N_("{who}: {key} expedition"),
               "discard": N_("{key} discard pile"), "deck": N_("Deck"), "column": N_("{who}: {key} column"),
               "path": N_("{who}: piece on the {key} path"), "space": N_("{key} path: event space on stone {stone}"),
               "stone": N_("{key} path: stone {stone}"),
               "removed": N_("Cards removed face down"), "island": N_("{who}: island space {space}"),
               "telescope": N_("{who}: telescope"), "cloud": N_("Cloud {space}"), "play": N_("{who}: play area"),
               "items": N_("Item row"), "artifacts": N_("Artifact row"), "camp": N_("Camp site {key}, space {stone}"),
               "vertex": N_("Intersection {space}"), "edge": N_("Path {space}"), "hex": N_("Hex {space}"),
               "terrain": N_("Hex {space}: terrain"), "token": N_("Hex {space}: number token"),
               "harbour": N_("Harbour {space}"),
               "progress": N_("{who}: progress cards"), "points": N_("{who}: victory point cards")}
PIECE_LABELS = {"adventurer": N_("adventurer"), "researcher": N_("researcher"), "artifact": N_("artifact tile"),
                "arrow": N_("arrow tile")}
ARNAK_KINDS = ("item", "artifact", "funding", "explore", "fear", "archaeologist")


def arnak_card_label(kind: str, rest: str) -> str:
    """'item-7' -> its printed name; 'explore-car' -> 'Exploration: car'; 'archaeologist-1' -> 'archaeologist 2'."""
    from render.arnak.texts import ICON_NAMES, card_label

    from py_engine.games.arnak import data as D

    if kind == "archaeologist":
        return tr("archaeologist {n}", n=int(rest) + 1)
    if kind in ("item", "artifact"):
        return D.CARDS[int(rest) + (100 if kind == "artifact" else 0)][0]
    name = card_label({"funding": "Funding", "explore": "Exploration", "fear": "Fear"}[kind])
    return tr("{name}: {what}", name=name, what=_(ICON_NAMES[rest])) if rest in ICON_NAMES else name


CATAN_PIECES = {"settlement": N_("settlement of player {n}"), "city": N_("city of player {n}"),
                "road": N_("road of player {n}"), "knight": N_("knight (level {level}) of player {n}"),
                "active": N_("active knight (level {level}) of player {n}"), "wall": N_("city wall of player {n}"),
                "merchant": N_("merchant of player {n}"), "metropolis": N_("{track} metropolis"),
                "robber": N_("robber")}
CATAN_BOARD = {"terrain": N_("{terrain} hex"), "token": N_("number token {n}"), "harbour": N_("2:1 harbour: {kind}"),
               "generic": N_("3:1 harbour")}
TILE_KINDS = ("forest", "meadow", "mountain", "desert", "swamp", "canyon", "wild", "city", "monument", "start")


CATAN_SPOTS = {"vertex": N_("Intersection by {places}"), "edge": N_("Path between {places}"),
               "harbour": N_("Harbour between {places}"), "terrain": N_("{hex}: terrain"),
               "token": N_("{hex}: number token")}


def board_view(ed: Editor) -> dict | None:
    """The Catan board drawn (its terrains and numbers name its places: "Harbour between hills 8 and the sea"),
    or None (another game, or no board to draw)."""
    if ed.data["game"] != "catan-ck" or ed.shown is None or ed.shown.state is None:
        return None
    if getattr(ed, "_view_of", None) is not ed.shown:
        ed._view_of, ed._view = ed.shown, ed.shown.state.view(None)
    return ed._view


def _and(words: list[str]) -> str:
    if len(words) == 3:
        return tr("{a}, {b} and {c}", a=words[0], b=words[1], c=words[2])
    return tr("{a} and {b}", a=words[0], b=words[1]) if len(words) == 2 else words[0]


def catan_place(path: str, view: dict) -> str | None:
    """A Catan intersection, path, hex or harbour named by the hexes around it ("Path between hills 8 and forest
    5", "Harbour between pasture 4 and the sea"), from the board drawn."""
    from render.catan_ck import _hex_words

    from py_engine.games.catan_ck.data import EDGES, HARBOUR_EDGES, NE_, NH, NV, VERT_HEXES

    kind, _sep, key = path.partition(".")
    if not key.isdigit():
        return None
    n = int(key)
    if kind in ("hex", "terrain", "token") and n < NH:
        words = _hex_words(view, n)
        return words if kind == "hex" else tr(CATAN_SPOTS[kind], hex=words)
    if kind == "vertex" and n < NV:
        hexes = list(VERT_HEXES[n])
    elif kind == "edge" and n < NE_ or kind == "harbour" and 1 <= n <= len(HARBOUR_EDGES):
        a, b = EDGES[n if kind == "edge" else HARBOUR_EDGES[n - 1]]
        hexes = [h for h in VERT_HEXES[a] if h in VERT_HEXES[b]]
    else:
        return None
    places = [_hex_words(view, h) for h in hexes]
    if len(places) < (3 if kind == "vertex" else 2):
        places.append(_("the sea"))
    return tr(CATAN_SPOTS[kind], places=_and(places))


def zone_label(path: str, names: list[str], view: dict | None = None) -> str:
    """A zone path in words: 'hand.0' -> "Player 1's hand"; keys (colours) in the interface language. With the
    Catan board drawn (`view`), its places are named by the hexes around them."""
    from render.svg import colour_name

    if view is not None and path.split(".")[0] in ("vertex", "edge", "hex", "terrain", "token", "harbour"):
        words = catan_place(path, view)
        if words is not None:
            return words
    parts = path.split(".")
    if parts[0] in editor_labels.ZONES and path != f"harbour.{parts[-1]}":  # Catan's harbour spots: below
        return editor_labels.zone_label(parts, names)
    who = names[int(parts[1])] if len(parts) > 1 and parts[1].isdigit() and int(parts[1]) < len(names) else ""
    key, _sep, stone = (parts[-1].partition("-") if len(parts) > 1 and not parts[-1].isdigit() else ("", "", ""))
    pattern = ZONE_LABELS.get(parts[0])
    if not pattern:
        return path
    if len(parts) == 2 and "{space}" in pattern:  # 'vertex.0', 'cloud.1': a number, not a seat
        who = ""
    space, stone_n = parts[-1], stone  # numbers written the interface language's way (Persian digits)
    key = int(key) if key.isdigit() else colour_name(key)  # a camp site's number, else a colour
    label = tr(pattern, who=who, key=key, stone=int(stone_n) if stone_n.isdigit() else stone_n,
               space=int(space) if space.isdigit() else space)
    return tr("{name}: {what}", name=who, what=label) if who and "{who}" not in pattern else label  # a seat's deck


def component_label(comp: str, game: str = "") -> str:
    """'red-8' -> 'red 8', 'red-w2' -> 'red wager' (in the interface language); `game` tells apart names
    two games share ('city-4': an Islands tile, 'city-1': a Catan city)."""
    from render.svg import card_name

    if comp in PIECE_LABELS:
        return _(PIECE_LABELS[comp])
    words = editor_labels.component_label(comp)
    if words is not None:
        return words
    colour, _sep, rest = comp.partition("-")
    if colour in ARNAK_KINDS:
        return arnak_card_label(colour, rest)
    if game == "catan-ck":
        from render.catan_ck import CARD_NAMES, card_name, track_name

        if comp in CARD_NAMES:  # a progress card ('merchant'; the piece is 'merchant-1')
            return card_name(comp)
        if colour in ("metropolis", "robber"):
            return tr(CATAN_PIECES[colour], track=track_name(rest))
        if colour in CATAN_BOARD:  # 'terrain-forest', 'token-6', 'harbour-ore', 'harbour-generic'
            from render.catan_ck import kind_name, terrain_name

            pattern = CATAN_BOARD["generic" if rest == "generic" else colour]
            return tr(pattern, terrain=terrain_name(rest), n=rest, kind=kind_name(rest))
    if game == "catan-ck" and colour in CATAN_PIECES:  # 'city-1', 'knight-0-2-active'
        seat, _sep, level = rest.partition("-")
        active = level.endswith("-active")
        pattern = CATAN_PIECES["active" if active else colour]
        return tr(pattern, n=int(seat) + 1, level=level.partition("-")[0])
    if colour in TILE_KINDS and rest.isdigit():  # an Islands in the Mist tile: 'forest-3', 'city-4'
        from render.islands import tile_name

        kind = "terrain" if colour not in ("wild", "city", "monument", "start") else colour
        return tile_name({"kind": kind, "terrain": colour, "value": int(rest)})
    if colour == "vp":
        return tr("{n}-point tile", n=rest)
    if rest.startswith("w"):
        return card_name({"colour": colour, "wager": True})
    return card_name({"colour": colour, "value": rest.rstrip("ab"), "wager": False})  # "7b": a card's 2nd copy


FIELD_LABELS = {"round": N_("Round"), "score": N_("Score of {who}"), "turn": N_("Whose turn"),
                "decision": N_("Decision pending"), "discarded": N_("Just discarded to (may not draw from it)"),
                "starter": N_("Started the round"), "expedition": N_("Expedition"),
                "vp": N_("Victory points of {who}"), "chips": N_("Artifact chips of {who}"),
                "held": N_("Artifact tiles {who} took this expedition"), "stone": N_("{who}: stone on the {key} path"),
                "start": N_("Start player"), "direction": N_("Direction die"), "bonus": N_("Bonus die"),
                "balloon": N_("{who}: balloon on island space"), "energy": N_("Energy of {who}"),
                "first_all": N_("First to link all six coasts"), "final_round": N_("Last round"),
                "res": N_("{who}: {key}"), "cards": N_("{who}: {key}"), "barbarians": N_("Barbarian ship's step"),
                "improve": N_("{who}: {key} improvements (0-5)"),
                "robber_active": N_("Robber active (1: after the first barbarian attack)"),
                "defender": N_("Defender of Catan points of {who}")}
RES_LABELS = {"coin": N_("coins"), "compass": N_("compasses"), "tablet": N_("tablets"), "arrowhead": N_("arrowheads"),
              "jewel": N_("jewels"), "brick": N_("brick"), "lumber": N_("lumber"), "wool": N_("wool"),
              "grain": N_("grain"), "ore": N_("ore"), "cloth": N_("cloth"), "paper": N_("paper"),
              "trade": N_("trade"), "politics": N_("politics"), "science": N_("science")}
CHOICE_LABELS = {"play": N_("play or discard a card"), "draw": N_("draw a card"), "fly": N_("fly the balloon"),
                 "place": N_("place telescope tiles"), "roll": N_("roll the dice"),
                 "main": N_("build, trade and play cards (after the roll)"), "discard": N_("discard half on a 7"),
                 "robber": N_("move the robber"), "give": N_("give a telescope tile to the harbour (at a dock)"),
                 "exchange": N_("take tiles from the harbour or the bag (at a dock)")}


def field_label(name: str, names: list[str]) -> str:
    """'score.1' -> "Score of Player 2"; 'stone.0.red' -> "Player 1: stone on the red path"."""
    from render.svg import colour_name

    base, _sep, rest = name.partition(".")
    idx, _sep, key = rest.partition(".")
    who = names[int(idx)] if idx.isdigit() and int(idx) < len(names) else ""
    what = _(RES_LABELS[key]) if key in RES_LABELS else colour_name(key)
    if base in editor_labels.FIELDS:
        return editor_labels.field_label(base, who) or name
    return tr(FIELD_LABELS[base], who=who, key=what) if base in FIELD_LABELS else name


def choice_label(value: str) -> str:
    from render.islands import BONUS_TEXT, DIR_NAMES
    from render.svg import colour_name

    for table in (CHOICE_LABELS, DIR_NAMES, BONUS_TEXT):
        if value in table:
            return _(table[value])
    dock = editor_labels.choice_label(value)
    if dock is not None:
        return dock
    kind, _sep, rest = value.partition("-")
    if kind in TILE_KINDS and rest.isdigit():  # an Islands tile (the tile given at a dock)
        return component_label(value, "islands")
    return colour_name(value)


# --- the screen ------------------------------------------------------------------------------------
def _button(cmd: str, arg: str | None, label: Any, testid: str, pressed: bool | None = None, cls: str | None = None,
            aria: str | None = None) -> Safe:
    return tag("button", {"data-cmd": cmd, "data-arg": arg, "data-testid": testid, "class": cls,
                          "aria-pressed": None if pressed is None else ("true" if pressed else "false"),
                          "aria-label": aria}, label)


def palette_html(ed: Editor) -> Safe:
    chips = []
    for comp in ed.components():
        placed = ed.where(comp) is not None
        chips.append(_button("ed-pick", comp, component_label(comp, ed.data["game"]), f"pal-{comp}",
                             pressed=ed.picked == comp, cls="chip placed" if placed else "chip"))
    return tag("section", {"class": "ed-palette", "data-testid": "ed-palette"},
               tag("h2", None, _("Components")),
               tag("p", {"class": "hint"}, _("Pick a component, then choose “Put here” on a zone.")),
               tag("div", {"class": "chips"}, "", chips))


def zones_html(ed: Editor, names: list[str]) -> Safe:
    rows = []
    marks = ed.data["annotations"]["highlight"]
    comps = ed.decl.components(ed.data["players"], ed.data["options"])
    for path, (zone, _seat) in ed.paths().items():
        items = ed.zones.get(path, [])
        label = zone_label(path, names, board_view(ed))
        if items is None:
            body = tag("em", None, _("dealt at random"))
        else:
            body = join(*[tag("span", {"class": "chip on"},
                              _button("ed-pick", c, component_label(c, ed.data["game"]), f"chip-{c}",
                                      pressed=ed.picked == c, cls="linkish"),
                              _button("ed-off", c if comps.get(c) == 1 else f"{path}|{c}", "×", f"off-{c}",
                                      aria=tr("Take {card} off the table", card=component_label(c, ed.data["game"])),
                                      cls="linkish")) for c in items]) if items else tag("em", None, _("empty"))
        tools = [_button("ed-put", path, _("Put here"), f"put-{path}") if ed.accepts(path) else None,
                 _button("ed-unset", path, _("Set by hand") if items is None else _("Deal at random"),
                         f"unset-{path}") if zone.seen_by != "all" else None,
                 _button("ed-mark", path, _("Highlight"), f"mark-{path}", pressed=path in marks),
                 _button("ed-arrow", path, _("Arrow end") if ed.arrow_from else _("Arrow start"), f"arrow-{path}")]
        rows.append(tag("li", {"data-testid": f"zone-{path}"},
                        tag("strong", None, label), " ", tag("span", {"class": "items"}, body), " ",
                        tag("span", {"class": "tools"}, "", [t for t in tools if t is not None])))
    return tag("section", {"class": "ed-zones"}, tag("h2", None, _("Where everything lies")),
               tag("ul", {"class": "zones"}, "", rows))


def fields_html(ed: Editor, names: list[str]) -> Safe:
    out = []
    keys = ed.decl.keys(ed.data["options"])
    for name, f in ed.decl.field_names(ed.data["players"], ed.data["options"]):
        value = ed.fields.get(name)
        attrs = {"data-cmd-change": "ed-field", "data-arg": name, "data-testid": f"field-{name}"}
        if f.kind == "int":
            ctl = tag("input", {"type": "number", "min": f.low, "max": f.high, "value": value, **attrs})
        else:
            choices = ([(str(i), names[i]) for i in range(ed.data["players"])] if f.kind == "seat" else
                       [(c, choice_label(c)) for c in (keys[f.per] if f.per else f.choices)])
            if f.optional:
                choices = [("", "—")] + choices
            ctl = tag("select", attrs, "", [tag("option", {"value": v, "selected": v == ("" if value is None
                                                                                          else str(value))}, t)
                                            for v, t in choices])
        out.append(tag("label", {"class": "opt"}, field_label(name, names), " ", ctl))
    game = GAMES[ed.data["game"]]
    if game.min_players < game.max_players:
        counts = [str(n) for n in range(game.min_players, game.max_players + 1)]
        out.insert(0, tag("label", {"class": "opt"}, _("Players"), " ",
                          tag("select", {"data-cmd-change": "ed-players", "data-testid": "ed-players"}, "",
                              [tag("option", {"value": c, "selected": c == str(ed.data["players"])}, c)
                               for c in counts])))
    out[1 if game.min_players < game.max_players else 0:0] = options_html(ed)
    seed = ed.data.get("seed")
    out.append(tag("label", {"class": "opt"}, _("Seed of the dice and deals when someone plays on (empty: new "
                                                "each time)"), " ",
                   tag("input", {"type": "number", "min": 0, "max": P.SEED_MAX, "value": seed,
                                 "data-cmd-change": "ed-seed", "data-testid": "ed-seed"})))
    seat = ed.data.get("seat")
    seats = [("spectator", _("Spectator (no hand shown)"))] + [(str(i), names[i]) for i in range(ed.data["players"])]
    out.append(tag("label", {"class": "opt"}, _("The embed shows the table as seen by"), " ",
                   tag("select", {"data-cmd-change": "ed-seat", "data-testid": "ed-seat"}, "",
                       [tag("option", {"value": v, "selected": v == ("spectator" if seat is None else str(seat))}, t)
                        for v, t in seats])))
    return tag("section", {"class": "ed-fields"}, tag("h2", None, _("Scores and turn")), out)


def options_html(ed: Editor) -> list[Safe]:
    """The game's choices (Islands' modules, Arnak's temple side...): a new start with other options."""
    out = []
    for o in shown_options(GAMES[ed.data["game"]].options):
        if o.kind != "choice" and not (o.kind == "int" and o.labels):
            continue
        value = str(ed.data["options"].get(o.name, o.default))
        out.append(tag("label", {"class": "opt"}, tdata(o.label), " ",
                       tag("select", {"data-cmd-change": "ed-option", "data-arg": o.name,
                                      "data-testid": f"ed-option-{o.name}"}, "",
                           [tag("option", {"value": v, "selected": str(v) == value}, tdata(t))
                            for v, t in o.shown()])))
    return out


def annotations_html(ed: Editor) -> Safe:
    """The caption, and the highlights and arrows named in words (never a zone's id)."""
    ann = ed.data["annotations"]
    words = editor_problems.Words(ed, positions.names_of(ed.data["players"]))
    arrows = [tag("li", None, tr("{a} → {b}", a=words.mark(a), b=words.mark(b))) for a, b in ann["arrows"]]
    return tag("section", {"class": "ed-notes"}, tag("h2", None, _("Caption and marks")),
               tag("label", None, _("Caption (shown as you write it)"), tag("br"),
                   tag("textarea", {"data-cmd-change": "ed-caption", "data-testid": "ed-caption", "rows": 2,
                                    "maxlength": MAX_CAPTION}, ann["caption"])),
               tag("p", {"data-testid": "ed-highlighted"},
                   tr("Highlighted: {marks}", marks=", ".join(words.mark(m) for m in ann["highlight"]) or "—")),
               tag("ul", {"data-testid": "ed-arrows"}, "", arrows) if arrows else None,
               tag("p", {"class": "hint"},
                   tr("Arrow from {start}: choose where it ends.", start=words.mark(ed.arrow_from)))
               if ed.arrow_from else None,
               _button("ed-clear-marks", None, _("Remove highlights and arrows"), "ed-clear-marks")
               if ann["highlight"] or ann["arrows"] else None)


_START_TAG = re.compile(r"<([a-zA-Z]+)(\s[^<>]*?)?(/?)>")
_MARK = re.compile(r'\sdata-testid="([^"]*)"')
_SPOT_MARK = re.compile(r'\sdata-spot="([^"]*)"')  # a renderer's mark for the editor alone (a card of a row)
_SPOT_OWN = re.compile(r'\s(?:aria-label|data-key|data-arg|aria-pressed)="[^"]*"')
_CONTROL = re.compile(r'\s(?:role|tabindex|data-cmd|data-act|aria-label|data-key|data-arg|aria-pressed)="[^"]*"')
_CLASS = re.compile(r'\sclass="([^"]*)"')


def _with_class(attrs: str, cls: str) -> str:
    """A start tag's attributes (escaped markup) with one more class."""
    if _CLASS.search(attrs):
        return _CLASS.sub(lambda m: f' class="{cls} {m.group(1)}"', attrs, count=1)
    return f' class="{cls}"{attrs}'


_NODE = re.compile(r"<(/?)([a-zA-Z]+)[^<>]*?(/?)>|([^<]+)")
_WORD = re.compile(r"[^\W_]+")


def _shown_text(markup: str, start: int, name: str) -> tuple[str, str]:
    """(the text an element starting at `start` (just after its start tag) shows: its text nodes run together,
    titles left out, as assistive checks read it; its first title, e.g. a card's name)."""
    import html as html_lib

    depth, in_title, out, title = 1, 0, [], []
    for m in _NODE.finditer(markup, start):
        if m.group(4) is not None:
            (title if in_title else out).append(m.group(4))
            continue
        closing, tag_name, empty = m.group(1), m.group(2), m.group(3)
        if tag_name == "title" and not empty:
            in_title += -1 if closing else 1
        if tag_name == name and not empty:
            depth += -1 if closing else 1
            if depth == 0:
                break
    return html_lib.unescape("".join(out)).strip(), html_lib.unescape(title[0] if title else "").strip()


def _names_text(label: str, shown: str) -> str:
    """A spot's name holds the text it shows (the words in order), so that what is read matches what is seen."""
    words, seen = _WORD.findall(label.lower()), _WORD.findall(shown.lower())
    if not seen or any(words[i:i + len(seen)] == seen for i in range(len(words) - len(seen) + 1)):
        return label
    return tr("{name}: {what}", name=label, what=shown)


# a spot standing for a player's guardians, assistants, the rival's tiles: all of them, whatever their side
GROUP_LABELS = {"guardians": N_("{who}: guardians"), "assistant": N_("{who}: assistants"),
                "rival-stack": N_("Rival: action tiles")}


def spot_board_html(ed: Editor, names: list[str]) -> Safe:
    """The board of the position being edited, drawn by the game's renderer from the shown seat's eyes; the
    elements the declaration names as spots point at their zone (data-cmd="ed-spot"), by click or keyboard."""
    pos, seat = ed.shown, ed.data.get("seat")
    spots = ed.spots()
    legal = [list(a) for a in ed.decl.spot_actions(ed.data["players"], ed.data["options"], ed.bottom())]
    markup = str(positions.board_html(pos, seat, names, legal, editing=True, selected=ed.looking))
    if not spots:
        return Safe(markup)
    views = ed.decl.views(ed.data["players"], ed.data["options"], ed.bottom())
    by_mark: dict[str, str] = {}
    for path, mark in spots.items():
        by_mark.setdefault(mark, path)
    game = ed.data["game"]
    mark_count = {mark: markup.count(f'data-testid="{mark}"') + markup.count(f'data-spot="{mark}"')
                  for mark in by_mark}
    seen: dict[str, int] = {}  # the nth element of a mark drawn several times (a hand's cards): its own key

    def spot(m: re.Match) -> str:
        attrs = m.group(2) or ""
        found = _SPOT_MARK.search(attrs) or _MARK.search(attrs)
        if found and found.group(1) in views:  # shows another part of the board (another island): always offered,
            own = attributes({"data-cmd": "ed-look", "data-arg": views[found.group(1)],  # named as the renderer
                              "data-key": f"look-{found.group(1)}", "tabindex": 0, "role": "button"})  # names it
            return f"<{m.group(1)}{own}{_SPOT_OWN.sub('', _CONTROL.sub('', attrs))}{m.group(3)}>"
        path = by_mark.get(found.group(1)) if found else None
        if path is None:
            return m.group(0)
        if not ed.offered(path):  # the picked component cannot go there: inert (not focusable, lit nor named)
            return f"<{m.group(1)}{_with_class(_CONTROL.sub('', attrs), 'ed-inert')}{m.group(3)}>"
        if ed.picked is not None:
            attrs = _with_class(attrs, "ed-offer")
        group = ed.decl.spot_group(path)
        items = [c for p in group for c in ed.zones.get(p) or []]
        label = zone_label(path, names, board_view(ed))
        kind, _sep, rest = path.partition(".")
        if len(group) > 1 and kind in GROUP_LABELS:  # a spot for a player's guardians (all of them)...
            seat = rest.split(".")[0]
            label = tr(GROUP_LABELS[kind], who=names[int(seat)] if seat.isdigit() and int(seat) < len(names) else "")
        shown, title = _shown_text(m.string, m.end(), m.group(1)) if not m.group(3) else ("", "")
        if title and mark_count[found.group(1)] > 1:  # one of a zone's cards drawn each on its own (a hand)
            label = tr("{name}: {what}", name=label, what=title)
        elif items:
            label = tr("{name}: {what}", name=label, what=", ".join(component_label(c, game) for c in items))
        label = _names_text(label, shown)
        lifted = ed.picked_from in (path, ed.decl.spot_zone(path, None, ed.zones, ed.bottom()))
        nth = seen[path] = seen.get(path, -1) + 1
        key = f"spot-{path}" + (f"-{nth}" if nth else "")
        own = attributes({"data-cmd": "ed-spot", "data-arg": path, "data-key": key, "tabindex": 0,
                          "role": "button", "aria-label": label, "aria-pressed": "true" if lifted else "false"})
        return f"<{m.group(1)}{own}{_SPOT_OWN.sub('', attrs)}{m.group(3)}>"  # the renderer's markup, escaped

    return Safe(_START_TAG.sub(spot, markup))


def problem_words(ed: Editor, names: list[str]) -> str:
    """Why the position is refused, in the reader's words and language (web/editor_problems.py)."""
    if ed.error is None:
        return ed.problem
    return editor_problems.Words(ed, names).problem(ed.error)


def point_hint(ed: Editor) -> Safe | None:
    """What pointing at the board does now, and the lifted component's "take off" button."""
    if not ed.spots():
        return None
    if ed.picked is None:
        words = _("Point at the board: pick a component, then a spot to put it there; a spot with a piece "
                  "picks that piece up.")
        return tag("p", {"class": "hint", "data-testid": "ed-point-hint"}, words)
    name = component_label(ed.picked, ed.data["game"])
    if ed.picked_from is None:
        return tag("p", {"class": "hint", "data-testid": "ed-point-hint"},
                   tr("{piece} is picked: point at the board where it goes.", piece=name))
    return tag("p", {"class": "hint", "data-testid": "ed-point-hint"},
               tr("{piece} is picked up from {zone}: point where it goes.", piece=name,
                  zone=zone_label(ed.picked_from, positions.names_of(ed.data["players"]), board_view(ed))), " ",
               _button("ed-lift-off", None, tr("Take {card} off the table", card=name), "ed-lift-off"))


def preview_html(ed: Editor, names: list[str], page_url: str, origin: str = "") -> Safe:
    board = None
    if ed.shown is not None:
        board = tag("div", {"class": "board-wrap marked-board", "id": "board", "data-testid": "ed-board"},
                    spot_board_html(ed, names),
                    tag("div", {"class": "marks", "id": "marks", "aria-hidden": "true"}, ""))
    if ed.pos is None:
        return tag("section", {"class": "ed-preview"},
                   tag("p", {"class": "error", "role": "alert", "data-testid": "ed-problem"},
                       tr("This position cannot be shown: {reason}", reason=problem_words(ed, names))),
                   point_hint(ed) if board else None, board)
    seat = ed.pos.seat
    url, code = ed.export(page_url, origin)
    return tag("section", {"class": "ed-preview"},
               tag("p", {"class": "ok", "role": "status", "data-testid": "ed-ok"},
                   _("The position is valid."), " ", positions.status(ed.pos, seat, names)),
               point_hint(ed), board, positions.embed_fields(url, code, origin, "ed"),
               editor_study.entry_html(ed))


def html(ed: Editor, page_url: str, origin: str = "") -> Safe:
    names = positions.names_of(ed.data["players"])
    game = GAMES[ed.data["game"]]
    return tag("main", {"class": "editor", "data-testid": "editor"},
               tag("h1", None, tr("Set up a position: {title}", title=tdata(game.title))),
               tag("div", {"class": "ed-cols"},
                   tag("div", {"class": "ed-edit"}, palette_html(ed), zones_html(ed, names), fields_html(ed, names),
                       annotations_html(ed)),
                   preview_html(ed, names, page_url, origin)),
               tag("p", None, tag("button", {"data-cmd": "home"}, _("Back to the games"))))


# --- the shell's hooks -----------------------------------------------------------------------------
def screen_html(app) -> Safe:
    from sharing import page_url

    ed = app.editor
    if ed.study is not None:
        return editor_study.html(app, ed, ed.study, page_url(), getattr(app, "embed_origin", ""))
    return html(ed, page_url(), getattr(app, "embed_origin", ""))


def command(app, cmd: str, arg: str | None) -> None:
    ed: Editor | None = getattr(app, "editor", None)
    if cmd == "ed-new" and arg in GAMES:
        app.editor, app.screen = Editor.start(arg), "editor"
    elif cmd == "ed-from-replay" and getattr(app, "replay", None) is not None:
        rp = app.replay
        try:
            app.editor = Editor.from_state(rp.state_at(rp.k), rp.seat, hide=rp.allowed is not None)
            app.screen = "editor"
        except RecordError as exc:
            app.error = str(exc)
    elif cmd == "ed-study-replay" and getattr(app, "replay", None) is not None:
        try:
            app.editor = editor_study.from_replay(app.replay, Editor)
            app.screen, app.selected = "editor", None
        except RecordError as exc:
            app.error = str(exc)
    elif ed is None:
        return
    elif cmd.startswith("ed-st-"):
        editor_study.command(app, ed, cmd, arg)
    elif cmd == "ed-pick" and arg:
        ed.pick(arg)
    elif cmd == "ed-put" and arg:
        ed.put(arg)
    elif cmd == "ed-spot" and arg:
        ed.point(arg)
    elif cmd == "ed-look" and arg is not None:
        ed.look(arg)
    elif cmd == "ed-lift-off":
        ed.take_off_picked()
    elif cmd == "ed-off" and arg:
        path, _sep, comp = arg.rpartition("|")  # "zone|piece" for a piece of a supply, else the card
        ed.take_off(comp, path or None)
    elif cmd == "ed-unset" and arg:
        ed.toggle_unset(arg)
    elif cmd == "ed-mark" and arg:
        ed.toggle_highlight(ed.picked or arg)
        ed.picked = None
    elif cmd == "ed-arrow" and arg:
        ed.arrow(arg)
    elif cmd == "ed-clear-marks":
        ed.clear_marks()
    app.redraw()
    draw_marks(app)


def on_change(app, el) -> None:
    ed: Editor | None = getattr(app, "editor", None)
    if ed is None:
        return
    kind, value = el.getAttribute("data-cmd-change"), str(el.value)
    if editor_study.on_change(ed, kind, el, value):
        pass
    elif kind == "ed-field":
        ed.set_field(el.getAttribute("data-arg") or "", value)
    elif kind == "ed-seat":
        ed.set_seat(value)
    elif kind == "ed-players":
        app.editor = ed.with_players(value)
    elif kind == "ed-option":
        app.editor = ed.with_option(el.getAttribute("data-arg") or "", value)
    elif kind == "ed-caption":
        ed.set_caption(value)
    elif kind == "ed-seed":
        ed.set_seed(value)
    elif kind == "ed-origin":
        app.embed_origin = value.strip()[:200]
    app.redraw()
    draw_marks(app)


def draw_marks(app) -> None:
    """The preview's highlights and arrows, as the embed draws them (in the browser only)."""
    ed: Editor | None = getattr(app, "editor", None)
    if app.screen == "editor" and ed is not None and ed.study is not None:
        editor_study.draw_marks(ed.study)
        return
    if app.screen != "editor" or ed is None or ed.pos is None:
        return
    try:
        import position_marks
    except ImportError:  # CPython tests: no page to draw on
        return
    position_marks.draw(ed.pos, ed.pos.seat)
