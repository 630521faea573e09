"""Islands in the Mist table: a view (+ the local selection) -> one SVG string.

Layout (class Layout): the dice and the clouds (and the harbour) on top; the shown player's island as a
pointy-top hex map with its score-if-it-ended-now and a Legend button beside it, its telescope below; the
other islands as small maps on the right (click one to show it large). On a phone the same in one column at
the screen's width. Terrain is drawn as terrain (terrain.py: a texture and a sign per terrain, tile
kind and space, so nothing relies on colour alone); the two-letter codes are in the tooltips. Every space the
balloon can reach shows its energy cost; the cheapest path to it is drawn while the pointer or the keyboard
focus is on it (CSS :has, no script). Two-step choices use ui["selected"]: "t<tile id>" picks a telescope
tile (then a highlighted hex places it), "f<space>" / "d<dock>" previews a flight (the button confirms),
"i<seat>" shows another player's island, "legend" opens the legend.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache

from i18n import N_, _, num, tr, trn

from py_engine.games.islands.state import KIND, tile_json

from .. import words
from ..markup import Safe, join, tag
from ..svg import board_svg, button_attrs, fit_text, fmt, pan_box, svg_root
from .terrain import TERRAINS, space_key, terrain_defs, tile_key
from .terrain import fill as terrain_fill
from .terrain import swatch as terrain_swatch
from .terrain import symbol as terrain_symbol

ONE_SCREEN = True  # at 1366x768 the whole table fits the window: the shell sizes the board to it
LOG_SENTENCES = True  # log_text names the player ("You fly…", "Anna flies…")

PLAYER_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7")
PLAYER_LETTERS = ("A", "B", "C", "D")
# Short codes of the terrains and tiles, in the interface language: in tooltips and screen-reader names (the
# board draws each terrain with its own texture and sign, terrain.py).
TERRAIN_CODE = {"forest": N_("Fo"), "meadow": N_("Me"), "mountain": N_("Mo"), "desert": N_("De"),
                "swamp": N_("Sw"), "canyon": N_("Ca")}
TERRAIN_NAMES = {"forest": N_("forest"), "meadow": N_("meadow"), "mountain": N_("mountain"),
                 "desert": N_("desert"), "swamp": N_("swamp"), "canyon": N_("canyon")}
TILE_CODE = {"wild": N_("W*"), "city": N_("Ci"), "monument": N_("Mn"), "start": N_("St"), "office": N_("Of"),
             "harbour_office": N_("HO"), "lookout_small": N_("L2"), "lookout_large": N_("L4"),
             "wind_machine": N_("WM"), "royal_couple": N_("RC")}
TILE_NAMES = {"wild": N_("wild"), "city": N_("city"), "monument": N_("monument"), "start": N_("start tile"),
              "office": N_("harbour office"), "harbour_office": N_("harbour office (extension)"),
              "lookout_small": N_("small lookout tower"), "lookout_large": N_("large lookout tower"),
              "wind_machine": N_("wind machine"), "royal_couple": N_("royal couple monument")}
# What a tile does (its tooltip).
TILE_HELP = {
    "terrain": N_("scores 2 when linked to its coast by tiles of its terrain"),
    "wild": N_("counts as every terrain (1 point per terrain it links)"),
    "city": N_("1 point per neighbouring terrain tile; blocks connections"),
    "monument": N_("points by majority of monuments; blocks connections"),
    "start": N_("joins coast-to-yard paths but scores no terrain"),
    "office": N_("once placed, your balloon may fly on past the coast to the harbour docks"),
    "harbour_office": N_("activated and kept: your balloon may fly on to the harbour docks; blocks connections"),
    "lookout_small": N_("activating it adds a telescope space; blocks connections"),
    "lookout_large": N_("activating it adds a telescope space; blocks connections"),
    "wind_machine": N_("choose any value of its range when flying; blocks connections"),
    "royal_couple": N_("counts as two monuments; blocks connections"),
}
SPACE_NAMES = {"fog": N_("fog space"), "coast": N_("coast space"), "yard": N_("balloon yard"),
               "volcano": N_("volcano"), "energy": N_("energy drop"), "question": N_("'?' space"),
               "draw2": N_("draw-two space"), "draw1energy": N_("draw-and-energy space")}
BONUS_TEXT = {"energy1": N_("+1 energy"), "energy2": N_("+2 energy"), "tile": N_("a tile for everyone"),
              "move1": N_("+1 movement"), "reverse": N_("reverse allowed"), "turn60": N_("±60° allowed")}
BONUS_HELP = {"energy1": N_("every player gains 1 energy"), "energy2": N_("every player gains 2 energy"),
              "tile": N_("every player draws a tile from the bag"),
              "move1": N_("add 1 to the movement value under your balloon"),
              "reverse": N_("you may also fly the opposite way at no extra energy"),
              "turn60": N_("you may also turn 60° left or right at no extra energy")}
DIR_NAMES = {"E": N_("east"), "W": N_("west"), "NE": N_("north-east"), "NW": N_("north-west"),
             "SE": N_("south-east"), "SW": N_("south-west")}
SIDE_NAMES = {"gold": N_("gold"), "silver": N_("silver")}
DIR_ANGLE = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}


def _word(table: dict, key: object) -> str:
    """A looked-up word in the interface language; an unknown key is shown as it came."""
    return _(table[key]) if isinstance(key, str) and key in table else str(key)


def terrain_name(terrain: object) -> str:
    return _word(TERRAIN_NAMES, terrain)


def dir_name(direction: object) -> str:
    return _word(DIR_NAMES, direction)


def bonus_text(face: object) -> str:
    return _word(BONUS_TEXT, face)


def _int(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def names_of(view: dict, ui: dict) -> list[str]:
    return ui.get("names") or [tr("Player {n}", n=i + 1) for i in range(view["players"])]


W, H = 1040, 760
SQ3 = math.sqrt(3)


def hex_xy(q: int, r: int, size: float, ox: float, oy: float) -> tuple[float, float]:
    return ox + size * SQ3 * (q + r / 2), oy + size * 1.5 * r


CORNERS = tuple((math.cos(math.radians(60 * k - 30)), math.sin(math.radians(60 * k - 30))) for k in range(6))


@lru_cache(maxsize=4096)
def hex_points(cx: float, cy: float, size: float) -> str:
    """The corners of a pointy-top hex (the same few hundred hexes are drawn at every redraw: kept)."""
    return " ".join(f"{fmt(cx + size * c)},{fmt(cy + size * s)}" for c, s in CORNERS)


def tile_label(tile: dict) -> str:
    """The short code on a tile (terrain or kind), in the interface language."""
    if tile.get("kind") == "terrain":
        return _word(TERRAIN_CODE, tile.get("terrain"))
    return _word(TILE_CODE, tile.get("kind")) if tile.get("kind") in TILE_CODE else "?"


def tile_value(tile: dict) -> str:
    """The value printed on a tile (board digits): 3 or 1-3."""
    v = tile["value"]
    return f"{v[0]}-{v[1]}" if isinstance(v, list) else str(v)


def value_text(tile: dict) -> str:
    """A tile's value in a sentence (the language's digits): 3 or 1–3."""
    v = tile.get("value")
    if isinstance(v, list) and len(v) == 2:
        return f"{num(v[0])}–{num(v[1])}"
    return num(v) if isinstance(v, int) else str(v)


def kind_name(tile: dict) -> str:
    """forest / city / wind machine ... in the interface language."""
    if tile.get("kind") == "terrain":
        return terrain_name(tile.get("terrain"))
    return _word(TILE_NAMES, tile.get("kind"))


def tile_name(tile: object) -> str:
    """'forest 3', 'wind machine 1–8' in the interface language."""
    if not isinstance(tile, dict):
        return "?"
    return tr("{tile} {value}", tile=kind_name(tile), value=value_text(tile))


def tile_help(tile: dict) -> str:
    """The tooltip of a tile: its name, what it does, and its energy if converted."""
    kind = tile.get("kind")
    what = _(TILE_HELP[kind]) if isinstance(kind, str) and kind in TILE_HELP else ""
    line = tr("{tile}: {what}", tile=tile_name(tile), what=what) if what else tile_name(tile)
    energy = tile.get("energy")
    if isinstance(energy, int) and energy > 0:
        line = tr("{line} (converts to {n} energy)", line=line, n=energy)
    return line


def tile_chip(tile: dict, x: float, y: float, s: float = 30, extra: dict | None = None) -> Safe:
    """A square tile drawn as its terrain (texture and sign) with its value in a corner badge; its name,
    code and effect as the tooltip (a telescope, cloud, harbour or extension tile)."""
    key = tile_key(tile)
    value = tile_value(tile)
    bw = 4 + 8 * len(value)
    return tag("g", {"transform": f"translate({fmt(x)},{fmt(y)})", **(extra or {})},
               tag("title", None, tr("{what} [{code}]", what=tile_help(tile), code=tile_label(tile))),
               tag("rect", {"width": s, "height": s, "rx": 4, "fill": terrain_fill(key), "stroke": "#222"}),
               terrain_symbol(key, s * 0.4, s * 0.38, s * 0.62),
               tag("rect", {"x": fmt(s - bw + 2), "y": fmt(s - 13), "width": bw, "height": 15, "rx": 3, "fill": "#fff",
                            "stroke": "#444", "aria-hidden": "true"}),
               tag("text", {"x": fmt(s - bw / 2 + 2), "y": fmt(s - 0.5), "class": "tv", "text-anchor": "middle",
                            "aria-hidden": "true"}, value))


def space_help(i: int, s: dict, tile: dict | None = None) -> str:
    """The tooltip of an island space: its number, its effect, and its movement value (a tile's replaces it)."""
    kind = s.get("kind")
    if tile:
        return tr("Space {n}: {tile} on a {space}; movement value {move}", n=i, tile=tile_name(tile),
                  space=_word(SPACE_NAMES, kind), move=value_text(tile))
    if kind == "coast":
        what = tr("{terrain} coast", terrain=terrain_name(s.get("coast")))
    elif kind == "fog":
        what = _("fog: place a tile here to reveal the terrain")
    elif kind == "yard":
        what = _("balloon yard: no tile may be placed here")
    elif kind == "volcano":
        what = trn("volcano: −{n} point at the end unless a tile covers it",
                   "volcano: −{n} points at the end unless a tile covers it", _int(s.get("penalty")))
    elif kind == "energy":
        what = tr("energy drop: a tile placed here gives {n} energy", n=_int(s.get("energy")))
    elif kind == "question":
        what = _("'?' space: a tile placed here draws a tile from the bag (keep or convert it)")
    elif kind == "draw2":
        what = _("a tile placed here draws two tiles from the bag")
    elif kind == "draw1energy":
        what = tr("a tile placed here draws a tile from the bag and gives {n} energy", n=_int(s.get("energy")))
    else:
        what = str(kind)
    return tr("Space {n}: {what}; movement value {move}", n=i, what=what, move=_int(s.get("move")))


def _legal(ui: dict) -> list[tuple]:
    out = []
    for a in ui.get("legal") or []:
        a = json.loads(a) if isinstance(a, str) else a
        out.append(_tuple(a))
    return out


def _tuple(a: object) -> tuple:
    return tuple(_tuple(x) if isinstance(x, list) else x for x in a) if isinstance(a, (list, tuple)) else (a,)


def shown_seat(view: dict, ui: dict) -> int:
    sel = ui.get("selected") or ""
    if sel.startswith("i") and sel[1:].isdigit() and int(sel[1:]) < view["players"]:
        return int(sel[1:])
    if ui.get("me") is not None:
        return ui["me"]
    pending = view.get("pending")
    return pending["seat"] if pending else 0


def flight_choices(view: dict) -> dict:
    """The cheapest flight per destination (space index, or -dock)."""
    best: dict[int, dict] = {}
    for f in view.get("flights") or []:
        d = f["dest"]
        if d not in best or f["cost"] < best[d]["cost"]:
            best[d] = f
    return best


def flight_path(view: dict, origin: int, action: list) -> list[int]:
    """Positions a flight from `origin` (an island space, or -dock) passes after it: island spaces, and
    -docks for a flight on past the coast (docks 1, 2, ... in order, as the engine counts them)."""
    spaces = view["board"]["spaces"]
    index = {(s["q"], s["r"]): i for i, s in enumerate(spaces)}
    vec = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
    if action[0] == "fly" and 0 <= origin < len(spaces):
        dq, dr = vec[action[1]]
        q, r = spaces[origin]["q"], spaces[origin]["r"]
        out: list[int] = []
        for _ in range(action[2]):
            q, r = q + dq, r + dr
            if (q, r) in index and not any(x < 0 for x in out):
                out.append(index[(q, r)])
            else:
                out.append(-(len([x for x in out if x < 0]) + 1))
        return out
    if action[0] == "leave":
        dq, dr = vec[action[1]]
        q, r = spaces[action[2]]["q"], spaces[action[2]]["r"]
        out = [action[2]]
        while (q - dq, r - dr) in index:
            q, r = q - dq, r - dr
            out.insert(0, index[(q, r)])
        return out
    if action[0] == "jump":
        return [action[1]]
    return []


class Layout:
    """Where things go: the laptop layout (a wide board, the other islands on the right) or the phone one
    (one column 380 units wide drawn at the page's width, so that the smallest text stays >= 12 px)."""

    def __init__(self, phone: bool, clouds: int, harbour: bool) -> None:
        self.phone = phone
        if phone:
            self.w, self.size, self.per_row, self.cloud_w = 380, 24, 3, 122
            self.font = {"mv": 14, "tv": 14, "sm": 14, "hd": 15, "cost": 14, "big": 24}
            rows = -(-clouds // self.per_row)
            self.cloud_x, self.cloud_y = 6, 88
            self.harbour_y = self.cloud_y + rows * 62 + 6
            self.island_top = self.harbour_y + (58 if harbour else 0)
            self.ox = 8
        else:
            self.w, self.size, self.per_row, self.cloud_w = 1040, 31, 7, 114
            self.font = {"mv": 15, "tv": 13, "sm": 13, "hd": 16, "cost": 15, "big": 30}
            self.cloud_x, self.cloud_y = 196, 30
            self.harbour_y = 96
            self.island_top = 132
            self.ox = 20
        self.cx0 = self.w / 2 if phone else self.ox + 4.5 * SQ3 * self.size
        self.cy0 = self.island_top + (72 if phone else 28) + 7 * self.size
        self.dock_y = self.cy0 + 7 * self.size + 8
        self.tele_y = self.dock_y + 60
        self.side_x = 6 if phone else 535  # the score and the legend button
        self.others_y = self.tele_y + 80 if phone else 120

    def style(self) -> Safe:
        f = self.font
        rules = {
            "mv": f"font:700 {f['mv']}px system-ui;fill:#111", "tv": f"font:700 {f['tv']}px system-ui",
            "hd": f"font:600 {f['hd']}px system-ui;fill:#1d2521", "sm": f"font:{f['sm']}px system-ui;fill:#333",
            "big": f"font:700 {f['big']}px system-ui;fill:#1d2521",
            # a sans whose "5" has a flat top and a stem (system-ui's read as an "S" on a small badge)
            "cost": f"font:700 {f['cost']}px Verdana,'DejaVu Sans',sans-serif;fill:#fff",
            "target": "fill:none;stroke:#0072b2;stroke-width:3", "sel": "fill:none;stroke:#e69f00;stroke-width:4",
            "path": "fill:none;stroke:#d55e00;stroke-width:3;stroke-dasharray:6 4;pointer-events:none",
            "hpath": "fill:none;stroke:#d55e00;stroke-width:4;stroke-dasharray:7 4;pointer-events:none;"
                     "visibility:hidden",
            "linked": "fill:none;stroke:#ffb000;stroke-width:4",
        }
        hovered = ".board [data-space][role=button]:is(:hover,:focus) .target{stroke:#d55e00;stroke-width:4}"
        return tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in rules.items()), hovered)


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    seat = shown_seat(view, ui)
    sel = ui.get("selected") or ""
    lay = Layout(bool(ui.get("narrow")), len(view["clouds"]), view.get("harbour") is not None)
    mine_shown = seat == ui.get("me")
    island, height = island_svg(view, seat, legal if mine_shown else [], sel, ui, lay)
    others, height = others_svg(view, seat, ui, lay, height)
    parts: list = [lay.style(), terrain_defs(), top_svg(view, legal, lay), island, others]
    if sel == "legend":
        parts.append(legend_svg(lay, height))
    label = tr("Islands in the Mist, round {n}", n=view["round"])
    pending = view.get("pending") or {}
    mine = ui.get("me") is not None and pending.get("seat") == ui.get("me") and bool(legal)
    extra = {"data_testid": "islands-board", "data_decision": pending.get("decision"),
             "data_mine": "1" if mine else "0", "data_shown": seat, "data_layout": "phone" if lay.phone else "desk"}
    if lay.phone:  # one column at the page's width (1 unit = 1 px: text >= 12 px, Layout) in a box that pans and
        # zooms; the shown island's telescope (its tiles to place) in a strip pinned at the foot of the screen
        h = round(height)
        board = svg_root(lay.w, h, label, *parts, style=f"width:{lay.w}px;height:{h}px", **extra)
        beside = _beside_shown(view, seat, ui)
        th = 100 if beside else 50
        tele = telescope_svg(view, seat, legal if mine_shown else [], sel, lay, beside)
        strip = svg_root(lay.w, th, _("Telescope: tiles kept here can be placed next to the balloon"),
                         tag("g", {"transform": f"translate(0 {fmt(25 - lay.tele_y)})"}, tele),
                         data_testid="islands-telescope", style=f"width:{lay.w}px;height:{th}px")
        return join(pan_box(board, _("Board: scroll to see all of it"), "islands-pan"),
                    tag("div", {"class": "hand-dock", "data-testid": "hand-dock"}, strip))
    return board_svg(False, lay.w, round(max(height, 700)), label, *parts, **extra)


def top_svg(view: dict, legal: list[tuple], lay: Layout) -> Safe:
    dice = view["dice"]
    head = trn("Round {round} · {n} tile in the bag · start player {player}",
               "Round {round} · {n} tiles in the bag · start player {player}", _int(view["bag"]),
               round=view["round"], player=PLAYER_LETTERS[view["start_player"]])
    out = [fit_text(lay.ox if lay.phone else 20, 20, lay.w - 30, "hd", head,
                    " · " + _("stand-in board data") if view.get("data") == "stand-in" else "")]
    if dice["direction"]:
        face = dice["bonus"]
        help_text = tr("Wind die: {dir} (flying this way costs no extra energy). Bonus die: {bonus} ({help}).",
                       dir=dir_name(dice["direction"]), bonus=bonus_text(face),
                       help=_word(BONUS_HELP, face))
        dw = 230 if lay.phone else 168
        out.append(tag("g", {"data-testid": "dice"},
                       tag("title", None, help_text),
                       tag("rect", {"x": 6 if lay.phone else 20, "y": 30, "width": dw, "height": 50, "rx": 6,
                                    "fill": "#fff", "stroke": "#333"}),
                       fit_text(14 if lay.phone else 28, 50, dw - 40, "sm",
                                tr("Wind: {dir}", dir=dir_name(dice["direction"]))),
                       fit_text(14 if lay.phone else 28, 70, dw - 16, "sm",
                                tr("Bonus: {bonus}", bonus=bonus_text(face))),
                       arrow((6 if lay.phone else 20) + dw - 18, 46, dice["direction"], 10)))
    for i, cloud in enumerate(view["clouds"]):
        x = lay.cloud_x + (i % lay.per_row) * (lay.cloud_w + 4)
        y = lay.cloud_y + (i // lay.per_row) * 62
        act = ("cloud", i)
        name = tr("Take cloud {n}", n=i + 1)
        attrs = button_attrs(name, act=act, testid=f"cloud-{i}") if act in legal else {"data-testid": f"cloud-{i}"}
        attrs.pop("aria-label", None)  # a cloud is named by its <title>: what taking it does and its tiles
        what = _(", ").join(tile_name(t) for t in cloud) or _("empty")
        title = tr("{name}: {what}", name=name if act in legal else tr("cloud {n}", n=i + 1), what=what)
        chips = [tile_chip(t, x + 18 + k * 31, y + 14, 30) for k, t in enumerate(cloud)]
        out.append(tag("g", attrs, tag("title", None, title),
                       tag("rect", {"x": x, "y": y, "width": lay.cloud_w, "height": 56, "rx": 22,
                                    "fill": "#f7fbff", "stroke": "#0072b2" if act in legal else "#8aa",
                                    "stroke-width": 3 if act in legal else 1}),
                       tag("g", {"aria-hidden": "true"},
                           tag("text", {"x": x + 9, "y": y + 34, "class": "sm", "text-anchor": "middle"}, i + 1),
                           chips)))
    if view.get("harbour") is not None:
        y = lay.harbour_y
        out.append(tag("text", {"x": lay.ox, "y": y + 20, "class": "sm", "data-testid": "harbour"},
                       tag("title", None, _("The harbour: a balloon at a dock gives one telescope tile and takes "
                                            "the dock's number of tiles from here or the bag")),
                       tr("Harbour ({n}/{max}):", n=len(view["harbour"]), max=11)))
        step = 29 if lay.phone else 30
        x0 = lay.ox if lay.phone else 130
        for k, t in enumerate(view["harbour"]):
            xx, yy = (x0 + (k % 12) * step, y + 28 + (k // 12) * 30) if lay.phone else (x0 + k * step, y + 4)
            out.append(tile_chip(t, xx, yy, 27, {"data-testid": f"harbour-{k}"}))
    return join(out)


def arrow(cx: float, cy: float, direction: str, size: float) -> Safe:
    a = math.radians(DIR_ANGLE[direction])
    x2, y2 = cx + size * math.cos(a), cy + size * math.sin(a)
    x1, y1 = cx - size * math.cos(a), cy - size * math.sin(a)
    return join(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2), "stroke": "#d55e00",
                             "stroke-width": 3}),
                tag("circle", {"cx": fmt(x2), "cy": fmt(y2), "r": 4, "fill": "#d55e00"}))


SPACE_MARK = {"volcano": "-{penalty}", "energy": "+{energy}", "draw2": "×2", "draw1energy": "+{energy}"}


def hex_face(s: dict, tile: dict | None, x: float, y: float, size: float, value: str, linked: bool,
             phone: bool = False) -> list:
    """A space drawn as its terrain: texture + sign (a placed tile inset with a dark rim), its movement
    value in a white badge at the bottom, a coast linked to the yard ringed in amber with a tick. On a phone
    the space's mark (+2 energy, -3 volcano) sits lower, above the movement value, so that the flight cost
    badge at the hex's top overlaps neither."""
    mark = SPACE_MARK.get(s.get("kind") or "")
    if mark:
        mark = mark.format(penalty=_int(s.get("penalty")), energy=_int(s.get("energy")))
    return [_face(space_key(s), s.get("kind") == "coast", mark, tile_key(tile) if tile else None, x, y, size,
                  value, linked, phone)]


@lru_cache(maxsize=2048)
def _face(key: str, coast: bool, mark: str | None, tkey: str | None, x: float, y: float, size: float, value: str,
          linked: bool, phone: bool = False) -> Safe:
    """hex_face's drawing from plain values (no words of a language: kept across redraws)."""
    g = [tag("polygon", {"points": hex_points(x, y, size - 1), "fill": terrain_fill(key),
                         "stroke": "#556" if coast else "#889", "stroke-width": 1.5 if coast else 1})]
    if tkey:
        g.append(tag("polygon", {"points": hex_points(x, y, size * 0.8), "fill": terrain_fill(tkey),
                                 "stroke": "#111", "stroke-width": 2}))
        g.append(terrain_symbol(tkey, x, y - size * 0.2, size * 0.8))
    elif key != "fog":
        g.append(terrain_symbol(key, x, y - size * 0.2, size * (0.62 if coast else 0.72)))
        if mark:
            # on a phone at the hex's right, above its movement value: clear of the cost badge at its top
            mx, my, anchor = (x + size * 0.88, y + size * 0.3, "end") if phone else (x + size * 0.42, y - size * 0.05,
                                                                                   "middle")
            g.append(tag("text", {"x": fmt(mx), "y": fmt(my), "class": "mv",
                                  "text-anchor": anchor, "aria-hidden": "true", "stroke": "#fff",
                                  "stroke-width": 3, "paint-order": "stroke"}, mark))
    if linked:
        g.append(tag("polygon", {"points": hex_points(x, y, size - 3), "class": "linked"}))
        g.append(tag("path", {"d": f"M{fmt(x - size * 0.62)} {fmt(y - size * 0.2)}l3 3l6-7", "fill": "none",
                              "stroke": "#111", "stroke-width": 2.2, "aria-hidden": "true"}))
    bw = 6 + 8.5 * len(value) * size / 31
    g.append(tag("rect", {"x": fmt(x - bw / 2), "y": fmt(y + size * 0.3), "width": fmt(bw), "height": fmt(size * 0.52),
                          "rx": 4, "fill": "#fff", "stroke": "#555", "aria-hidden": "true"}))
    g.append(tag("text", {"x": fmt(x), "y": fmt(y + size * 0.72), "class": "mv", "text-anchor": "middle",
                          "aria-hidden": "true", "data-testid": "move-value"}, value))
    return join(g)


def cost_badge(x: float, y: float, size: float, cost: int, phone: bool = False, badge_id: str | None = None) -> Safe:
    """The energy a flight to this space costs: a dark circle with the number (shown before any click), in a
    font whose "5" never reads as an "S"."""
    r = size * (0.38 if phone else 0.42)
    return tag("g", {"aria-hidden": "true", "data-testid": "flight-cost", "id": badge_id},
               tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": fmt(r), "fill": "#0b3d91", "stroke": "#fff",
                              "stroke-width": 2}),
               tag("text", {"x": fmt(x), "y": fmt(y + r * 0.45), "class": "cost", "text-anchor": "middle"}, cost))


def island_svg(view: dict, seat: int, legal: list[tuple], sel: str, ui: dict, lay: Layout) -> tuple[Safe, float]:
    """The shown island (hexes, costs, paths, balloon), its header, score, telescope; and the height used."""
    spaces = view["board"]["spaces"]
    isl = view["islands"][seat]
    size, cx0, cy0 = lay.size, lay.cx0, lay.cy0
    placed = {p["space"]: p["tile"] for p in isl["placed"]}
    names = names_of(view, ui)
    top = lay.island_top
    out = [fit_text(lay.ox, top + 14, (lay.w - 20) if lay.phone else 500, "hd",
                    PLAYER_LETTERS[seat], " · ", names[seat], ": ",
                    tr("island ({side} side)", side=_word(SIDE_NAMES, view["board"]["side"])), " · ", _("energy"), " ",
                    tag("tspan", {"data-testid": f"energy-{seat}"}, num(_int(isl["energy"]))), " · ",
                    tr("coasts linked {n}/6", n=len(isl["coasts"])))]
    out.append(score_panel(view, seat, lay))
    place_tile = int(sel[1:]) if sel.startswith("t") and sel[1:].isdigit() else None
    place_targets = {a[2]: a for a in legal if a[0] == "place" and a[1] == place_tile}
    start_targets = {a[1]: a for a in legal if a[0] == "start"}
    jump_targets = {a[1]: a for a in legal if a[0] == "jump"}
    flights = flight_choices(view) if legal and any(a[0] in ("fly", "leave", "stay") for a in legal) else {}
    preview = None
    if sel.startswith("f") and sel[1:].lstrip("-").isdigit() and int(sel[1:]) in flights:
        preview = flights[int(sel[1:])]
    linked = set(isl["coasts"])
    paths, hover, on_top = [], [], []
    for i, s in enumerate(spaces):
        x, y = hex_xy(s["q"], s["r"], size, cx0, cy0)
        act = place_targets.get(i) or start_targets.get(i) or jump_targets.get(i)
        flight = not act and i in flights and flights[i]["action"][0] != "stay"
        name = (target_label(act, i, place_tile, isl) if act else
                tr("Preview a flight to space {n} ({cost} energy)", n=i, cost=_int(flights[i]["cost"])) if flight
                else "")
        t = placed.get(i)
        is_linked = s["kind"] == "coast" and s.get("coast") in linked and (not t or t.get("terrain") == s["coast"])
        g = hex_face(s, t, x, y, size, tile_value(t) if t else str(_int(s.get("move"))), is_linked, lay.phone)
        help_text = space_help(i, s, t)
        code = tile_label(t) if t else _word(TERRAIN_CODE, s["coast"]) if s["kind"] == "coast" else ""
        if code:
            help_text = tr("{what} [{code}]", what=help_text, code=code)
        if is_linked:
            help_text = tr("{what} (linked to the balloon yard)", what=help_text)
        g.insert(0, tag("title", None, tr("{name}: {what}", name=name, what=help_text) if name else help_text))
        if i in flights and not act:
            # at the hex's upper right (a phone's: at its top, between its upper neighbours' numbers), clear of
            # the space's own number at its foot
            bx, by = (x, y - size * 0.66) if lay.phone else (x + size * 0.45, y - size * 0.45)
            badge_id = f"isl-cost-{seat}-{i}" if lay.phone else None
            g.append(cost_badge(bx, by, size, _int(flights[i]["cost"]), lay.phone, badge_id))
            if badge_id:  # drawn again over the hexes that come after it (the badge reaches into its neighbours)
                on_top.append(tag("use", {"href": f"#{badge_id}"}))
        attrs: dict = {"data-space": i, "data-testid": f"space-{seat}-{i}"}  # the editor points at it
        if name:
            # A control is named by its <title> (also the tooltip: what it does, then the space's help).
            attrs.update(button_attrs(name, act=act, testid=f"hex-{i}") if act else
                         button_attrs(name, cmd="select", arg=f"f{i}", testid=f"hex-{i}"))
            attrs.pop("aria-label")
            g.append(tag("polygon", {"points": hex_points(x, y, size - 4), "class": "target"}))
            if act and act[0] == "place":  # a telescope tile selected: a phone's pan box shows its spaces
                attrs["data-reveal"] = sel
        if flight:
            attrs["data-cost"] = _int(flights[i]["cost"])
            pts = flight_points(view, isl["balloon"], flights[i]["action"], lay)
            paths.append(tag("polyline", {"points": pts, "class": "hpath", "data-path-for": i}))
            hover.append(i)
        out.append(tag("g", attrs, g))
    if on_top:
        out.append(tag("g", {"pointer-events": "none", "aria-hidden": "true"}, on_top))
    if view.get("docks"):
        for d in view["docks"]:
            x, y = dock_xy(lay, d["dock"])
            attrs = {"data-dock": d["dock"]}
            if -d["dock"] in flights:
                attrs.update(button_attrs(tr("Preview a flight to dock {n} ({cost} energy)", n=d["dock"],
                                             cost=_int(flights[-d["dock"]]["cost"])), cmd="select",
                                          arg=f"f{-d['dock']}", testid=f"dock-{d['dock']}"))
            out.append(tag("g", attrs, tag("title", None, dock_help(d)),
                           tag("rect", {"x": fmt(x - 18), "y": fmt(y - 15), "width": 36, "height": 32, "rx": 4,
                                        "fill": "#d7ecff", "stroke": "#0072b2" if -d["dock"] in flights else "#567"}),
                           tag("text", {"x": fmt(x), "y": fmt(y - 1), "class": "tv", "text-anchor": "middle"},
                               "#", d["dock"] if d["dock"] < 7 else "?"),
                           tag("text", {"x": fmt(x), "y": fmt(y + 14), "class": "tv", "text-anchor": "middle"},
                               "1:", d["take"])))
    out += paths
    if hover:  # the cheapest path to a reachable space, drawn while the pointer or the focus is on it
        rules = "".join(f".board:has([data-space='{i}']:is(:hover,:focus)) [data-path-for='{i}']"
                        "{visibility:visible}" for i in hover)
        out.append(tag("style", None, rules))
    if preview:
        out.append(tag("polyline", {"points": flight_points(view, isl["balloon"], preview["action"], lay),
                                    "class": "path", "data-testid": "flight-preview"}))
    if isl["balloon"] is not None or isl.get("dock"):
        x, y = balloon_xy(view, isl["balloon"], isl.get("dock"), lay)
        out.append(tag("g", {"data-testid": f"balloon-{seat}"},
                       tag("title", None, tr("balloon of {name}", name=names[seat])),
                       flight_motion(view, seat, ui, lambda p: position_xy(view, p, lay)),
                       tag("circle", {"cx": fmt(x), "cy": fmt(y - size * 0.2), "r": fmt(size * 0.42),
                                      "fill": PLAYER_COLOURS[seat], "stroke": "#fff", "stroke-width": 2.5}),
                       tag("text", {"x": fmt(x), "y": fmt(y - size * 0.2 + 5), "class": "tv", "fill": "#fff",
                                    "text-anchor": "middle"}, PLAYER_LETTERS[seat])))
    beside = _beside_shown(view, seat, ui)
    if not lay.phone:  # a phone's telescope is the hand strip pinned at the foot of the screen (render)
        out.append(telescope_svg(view, seat, legal, sel, lay, beside))
    return join(out), lay.tele_y + (80 if beside else 30)


def score_panel(view: dict, seat: int, lay: Layout) -> Safe:
    """The island's score if the game ended now (the engine's scoring of the public position), and the
    button that opens the legend."""
    isl = view["islands"][seat]
    x, y = lay.side_x, lay.island_top + 40
    w, h, lx, ly = 140, 64, x, y + 74
    if lay.phone:  # a row under the island's heading
        w, h, lx, ly = 190, 40, x + 200, y - 13
        y -= 16
    legend = button_attrs(_("Legend: what the drawings mean"), cmd="select", arg="legend", testid="legend-btn")
    legend.pop("aria-label")
    what = _("Score if the game ended now")
    return join(tag("g", {"data-testid": f"score-now-{seat}"}, tag("title", None, what),
                    tag("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 8, "fill": "#fff",
                                 "stroke": PLAYER_COLOURS[seat], "stroke-width": 2}),
                    fit_text(x + 10 if lay.phone else x + 70, y + (26 if lay.phone else 20), 120, "sm",
                             _("Score now"), text_anchor="start" if lay.phone else "middle"),
                    tag("text", {"x": x + w - 14 if lay.phone else x + 70, "y": y + (29 if lay.phone else 52),
                                 "class": "big", "text-anchor": "end" if lay.phone else "middle",
                                 "data-testid": f"score-now-value-{seat}"}, num(_int(isl["points"])))),
                tag("g", legend, tag("title", None, _("Legend: what the drawings mean")),
                    tag("rect", {"x": lx, "y": ly, "width": 140, "height": 34, "rx": 8,
                                 "fill": "#eef5fb", "stroke": "#0072b2", "stroke-width": 2}),
                    fit_text(lx + 70, ly + 22, 126, "sm", _("Legend"),
                             text_anchor="middle")))


def legend_svg(lay: Layout, top: float) -> Safe:
    """The key to the drawings (opened by the Legend button): each terrain and space with its name and code."""
    rows = [(k, terrain_name(k), _word(TERRAIN_CODE, k)) for k in TERRAINS]
    rows += [(k, _word(TILE_NAMES, k), _word(TILE_CODE, k)) for k in ("wild", "city", "monument", "start")]
    rows += [(k, _word(SPACE_NAMES, k), "") for k in ("fog", "yard", "volcano", "energy", "question")]
    cols = 1 if lay.phone else 2
    w = lay.w - 12 if lay.phone else 480
    x0 = 6 if lay.phone else lay.w - w - 10
    y0 = lay.island_top + 20
    lines = -(-len(rows) // cols)
    h = 64 + lines * 32 + 120
    close = button_attrs(_("Close the legend"), cmd="select", arg="legend", testid="legend-close")
    close.pop("aria-label")
    out = [tag("rect", {"x": x0, "y": y0, "width": w, "height": h, "rx": 10, "fill": "#fffef8", "stroke": "#333",
                        "stroke-width": 2}),
           tag("text", {"x": x0 + 14, "y": y0 + 26, "class": "hd"}, _("Legend")),
           tag("g", close, tag("title", None, _("Close the legend")),
               tag("rect", {"x": x0 + w - 44, "y": y0 + 8, "width": 34, "height": 30, "rx": 6, "fill": "#eee",
                            "stroke": "#555"}),
               tag("text", {"x": x0 + w - 27, "y": y0 + 29, "class": "hd", "text-anchor": "middle"}, "×"))]
    for k, (key, name, code) in enumerate(rows):
        cx = x0 + 14 + (k // lines) * (w / cols)
        cy = y0 + 44 + (k % lines) * 32
        out.append(terrain_swatch(key, cx, cy, 28))
        out.append(fit_text(cx + 36, cy + 19, w / cols - 56, "sm", f"{name} ({code})" if code else name))
    y = y0 + 52 + lines * 32
    keys = [(cost_badge(x0 + 28, y + 6, 28, 3), _("energy a flight there costs")),
            (tag("polyline", {"points": f"{x0 + 14},{y + 38} {x0 + 42},{y + 38}", "class": "path"}),
             _("point at a space to see the cheapest path")),
            (tag("polygon", {"points": hex_points(x0 + 28, y + 70, 12), "class": "linked"}),
             _("coast linked to the balloon yard")),
            (join(tag("rect", {"x": x0 + 18, "y": y + 92, "width": 20, "height": 18, "rx": 4, "fill": "#fff",
                               "stroke": "#555"}),
                  tag("text", {"x": x0 + 28, "y": y + 106, "class": "mv", "text-anchor": "middle"}, 2)),
             _("movement value"))]
    for k, (mark, words_) in enumerate(keys):
        out += [mark, fit_text(x0 + 48, y + 11 + 32 * k, w - 60, "sm", words_)]
    return tag("g", {"data-testid": "legend"}, out)


def position_xy(view: dict, pos: int | None, lay: Layout) -> tuple[float, float]:
    """Where a balloon at `pos` (an island space, or -dock) is drawn on the large island."""
    if pos is not None and pos < 0:
        return dock_xy(lay, -pos)
    return balloon_xy(view, pos, None, lay)


def flight_points(view: dict, origin: int, action: list, lay: Layout) -> str:
    pts = [position_xy(view, p, lay) for p in (origin, *flight_path(view, origin, action))]
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)


def fresh_flight(view: dict, seat: int, ui: dict) -> tuple[int, list] | None:
    """(origin, move) of the flight `seat` made since the page last drew the table (log entries from
    ui["since"] on) when the page animates moves (ui["motion"] seconds > 0) and `seat` is not the viewer's
    (a bot or a remote player: the viewer saw their own flight as a preview). None otherwise."""
    motion, since = ui.get("motion"), ui.get("since")
    if not isinstance(motion, (int, float)) or motion <= 0 or not isinstance(since, int) or seat == ui.get("me"):
        return None
    for entry in reversed((view.get("log") or [])[max(0, since):]):
        if entry.get("seat") != seat or entry.get("key") != "fly":
            continue
        p = entry.get("params") or {}
        move, origin = p.get("move"), p.get("origin")
        ok = isinstance(move, list) and bool(move) and move[0] in ("fly", "leave", "jump") and _int(origin, -100) > -8
        return (origin, move) if ok else None
    return None


def motion(points: list[tuple[float, float]], seconds: float) -> Safe | None:
    """An <animateMotion> that carries the piece it is put in, drawn at the last point, along the others to
    it at an even speed in `seconds`; the path is relative to where the piece is drawn, and the piece rests
    there when it ends (one SVG string per redraw: the animation is part of the new board's markup)."""
    pts = [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]
    if len(pts) < 2:
        return None
    x1, y1 = pts[-1]
    path = "M" + "L".join(f"{fmt(x - x1 + 0.0)},{fmt(y - y1 + 0.0)}" for x, y in pts)
    return tag("animateMotion", {"dur": f"{max(0.05, seconds):.2f}s", "path": path, "fill": "remove",
                                 "data-testid": "flight-motion"})


def flight_motion(view: dict, seat: int, ui: dict, xy) -> Safe | None:
    """The animation of `seat`'s fresh flight (fresh_flight) over positions drawn at `xy(pos)` (None: a
    position that map does not draw, left out)."""
    fresh = fresh_flight(view, seat, ui)
    if fresh is None:
        return None
    origin, move = fresh
    pts = [xy(p) for p in (origin, *flight_path(view, origin, move))]
    return motion([p for p in pts if p is not None], float(ui["motion"]))


def dock_xy(lay: Layout, dock: int) -> tuple[float, float]:
    return lay.ox + 18 + (dock - 1) * 42, lay.dock_y + 16


def balloon_xy(view: dict, space: int | None, dock: int | None, lay: Layout) -> tuple[float, float]:
    if dock:
        return dock_xy(lay, dock)
    s = view["board"]["spaces"][space if space is not None else 30]
    return hex_xy(s["q"], s["r"], lay.size, lay.cx0, lay.cy0)


def target_label(act: tuple, space: int, tile_id: int | None, isl: dict) -> str:
    """The accessible name of a highlighted space: what clicking it does."""
    if act[0] == "place":
        tile = next((t for t in isl["telescope"] if t.get("id") == tile_id), None)
        return tr("Place {tile} on space {n}", tile=tile_name(tile), n=space)
    if act[0] == "start":
        return tr("Start on space {n}", n=space)
    if act[0] == "jump":
        return tr("Fly from the '?' dock to space {n}", n=space)
    return tr("Space {n}", n=space)


def move_text(a: tuple) -> str:
    """An action in the interface language: the text of its button, and a move in the replay's list (tiles
    are named from the game's tile table by id)."""
    k = a[0]

    def tile(t: object) -> str:
        ok = isinstance(t, int) and not isinstance(t, bool) and 0 <= t < len(KIND)
        return tile_name(tile_json(t)) if ok else "?"

    if k == "reroll":
        return _("Re-roll the bonus die") if a[1] == "bonus" else _("Re-roll the direction die")
    if k == "roll_done":
        return _("Keep the dice")
    if k == "keep":
        return _("Keep the tile on the telescope")
    if k == "convert":
        return _("Convert the tile to energy")
    if k == "start":
        return tr("Start on space {n}", n=a[1])
    if k == "fly":
        return trn("Fly {n} step {dir}", "Fly {n} steps {dir}", a[2], dir=dir_name(a[1]))
    if k == "leave":
        return tr("Leave the harbour flying {dir} to space {n}", dir=dir_name(a[1]), n=a[2])
    if k == "jump":
        return tr("Fly from the '?' dock to space {n}", n=a[1])
    if k == "stay":
        return _("Stay")
    if k == "cloud":
        return tr("Take cloud {n}", n=a[1] + 1)
    if k == "activate":
        what = _word(TILE_NAMES, a[1])
        return (tr("Activate the {tile} and keep it", tile=what) if a[2] == "keep"
                else tr("Activate the {tile} and convert it to energy", tile=what))
    if k == "give":
        return tr("Give {tile} to the harbour", tile=tile(a[1]))
    if k == "take":
        return _("Draw from the bag") if a[1] == "bag" else tr("Take {tile} from the harbour", tile=tile(a[1]))
    if k == "swap":
        return tr("Put {tile} from the harbour back in the bag", tile=tile(a[1]))
    if k == "from_cloud":
        return tr("Take {tile} from a cloud", tile=tile(a[1]))
    if k == "place":
        return tr("Place {tile} on space {n}", tile=tile(a[1]), n=a[2])
    if k == "done":
        return _("End the turn")
    return " ".join(str(x) for x in a)


def dock_help(d: dict) -> str:
    """The tooltip of a harbour dock: its exchange rate and its value when leaving."""
    take = _int(d.get("take"))
    rate = trn("give 1 telescope tile, take {n} tile", "give 1 telescope tile, take {n} tiles", take)
    if d.get("dock") == 7:
        return tr("'?' dock: {rate}; leaving it, fly to any island space", rate=rate)
    return tr("Dock {n}: {rate}; movement value {move} when leaving", n=_int(d.get("dock")), rate=rate,
              move=_int(d.get("depart")))


def _beside_shown(view: dict, seat: int, ui: dict) -> bool:
    """The extension tiles beside a board are drawn while it has some, and in the position editor with module 3
    (where tiles are put back there)."""
    ext = (view.get("options") or {}).get("modules") == "1+2+3"
    return bool(view["islands"][seat]["beside"]) or (ext and bool(ui.get("editing")))


def telescope_svg(view: dict, seat: int, legal: list[tuple], sel: str, lay: Layout, beside: bool = False) -> Safe:
    isl = view["islands"][seat]
    x, y = lay.ox, lay.tele_y
    out = [fit_text(x, y + 5, 104, "sm",
                    tag("title", None, _("Telescope: tiles kept here can be placed next to the balloon")),
                    tr("Telescope ({n}/{max}):", n=len(isl["telescope"]), max=_int(isl["telescope_spaces"])),
                    data_testid=f"telescope-{seat}")]
    placeable = {a[1] for a in legal if a[0] == "place"}
    step = 42 if lay.phone else 46
    for k in range(isl["telescope_spaces"]):
        tx = x + 112 + k * step
        out.append(tag("circle", {"cx": tx + 18, "cy": y, "r": 21, "fill": "#f1f1f1", "stroke": "#999"}))
        if k < len(isl["telescope"]):
            t = isl["telescope"][k]
            extra: dict = {}
            if t["id"] in placeable:
                extra = button_attrs(tr("Select {tile} to place it", tile=tile_name(t)), cmd="select",
                                     arg=f"t{t['id']}", testid=f"tele-{k}")
            out.append(tile_chip(t, tx + 2, y - 16, 32, extra))
            if sel == f"t{t['id']}":
                out.append(tag("rect", {"x": tx - 1, "y": y - 19, "width": 38, "height": 38, "rx": 6, "class": "sel"}))
    if beside:  # one group: the position editor's spot for them
        out.append(tag("g", {"data-testid": f"beside-{seat}"},
                       tag("rect", {"x": x - 4, "y": y + 28, "width": 112 + max(len(isl["beside"]), 1) * 34 + 8,
                                    "height": 38, "rx": 6, "class": "hit"}),
                       fit_text(x, y + 52, 104, "sm", _("Extension tiles:")),
                       [tile_chip(t, x + 112 + k * 34, y + 32, 30) for k, t in enumerate(isl["beside"])]))
    return join(out)


def others_svg(view: dict, shown: int, ui: dict, lay: Layout, height: float) -> tuple[Safe, float]:
    """The other islands as small cards (click one to show it large); returns the board's height so far."""
    out = []
    names = names_of(view, ui)
    me = ui.get("me") if ui.get("me") is not None else shown
    y = lay.others_y
    x = 6 if lay.phone else 690
    if shown != me:
        back = button_attrs(_("Show my island"), cmd="select", arg=f"i{shown}", testid="island-back")
        back.pop("aria-label")  # named by its visible words
        out.append(tag("g", back, tag("rect", {"x": x, "y": y - 4, "width": 240, "height": 30, "rx": 6,
                                               "fill": "#eef5fb", "stroke": "#0072b2"}),
                       tag("text", {"x": x + 10, "y": y + 16, "class": "hd", "fill": "#0072b2"},
                           _("← back to my island"))))
        y += 38
    for i in range(view["players"]):
        if i == shown:
            continue
        isl = view["islands"][i]
        label = _("Show my island") if words.is_you(names[i]) else tr("Show {name}'s island", name=names[i])
        facts = tr("energy {energy} · coasts {coasts}/6 · {points} pts", energy=_int(isl["energy"]),
                   coasts=len(isl["coasts"]), points=_int(isl["points"]))
        attrs = button_attrs(label, cmd="select", arg=f"i{i}", testid=f"island-tab-{i}")
        attrs.pop("aria-label")  # named by its <title>; the small island inside is a picture
        w = lay.w - 12 if lay.phone else 340
        out.append(tag("g", attrs, tag("title", None, tr("{name}: {what}", name=label, what=facts)),
                       tag("g", {"aria-hidden": "true"},
                           tag("rect", {"x": x, "y": y, "width": w, "height": 188, "rx": 8,
                                        "fill": "#fafafa", "stroke": PLAYER_COLOURS[i], "stroke-width": 2}),
                           fit_text(x + 8, y + 18, w - 16, "sm", PLAYER_LETTERS[i], " ", names[i]),
                           fit_text(x + 8, y + 36, w - 16, "sm", facts),
                           mini_island(view, i, x + 8, y + 44, ui),
                           [tile_chip(t, x + 190 + (k % 3) * 32, y + 50 + (k // 3) * 32, 30)
                            for k, t in enumerate(isl["telescope"])])))
        y += 196
    return join(out), max(height, y)


SMALL_R = 8.5


def mini_island(view: dict, seat: int, ox: float, oy: float, ui: dict | None = None) -> Safe:
    """Another player's island in small: terrain textures only, the balloon as a dot (none at a dock), which
    flies its fresh flight over the island's spaces (flight_motion)."""
    spaces = view["board"]["spaces"]
    isl = view["islands"][seat]
    placed = {p["space"]: p["tile"] for p in isl["placed"]}
    size = SMALL_R
    cx0, cy0 = ox + 4.5 * SQ3 * size, oy + 7 * size

    def xy(pos: int) -> tuple[float, float] | None:
        return hex_xy(spaces[pos]["q"], spaces[pos]["r"], size, cx0, cy0) if 0 <= pos < len(spaces) else None

    out = []
    for i, s in enumerate(spaces):
        x, y = hex_xy(s["q"], s["r"], size, cx0, cy0)
        t = placed.get(i)
        out.append(_mini_hex(x, y, tile_key(t) if t else space_key(s), bool(t)))
    here = xy(_int(isl["balloon"], -1))
    if here is not None:
        flying = flight_motion(view, seat, ui or {}, xy)
        out.append(tag("circle", {"cx": fmt(here[0]), "cy": fmt(here[1]), "r": 6, "fill": PLAYER_COLOURS[seat],
                                  "stroke": "#fff", "stroke-width": 2}, *([flying] if flying else [])))
    return join(out)


@lru_cache(maxsize=4096)
def _mini_hex(x: float, y: float, key: str, covered: bool) -> Safe:
    """One space of a small island: its terrain's texture, a dark rim when a tile covers it."""
    return tag("polygon", {"points": hex_points(x, y, SMALL_R - 0.4), "fill": terrain_fill(key),
                           "stroke": "#111" if covered else "#889", "stroke-width": 1.2 if covered else 0.6})


# --- text and HTML -------------------------------------------------------------------------------
def status_text(view: dict, ui: dict) -> str:
    """Whose turn and which decision is pending (plain text)."""
    if view.get("over"):
        return _("The game is over.")
    names = names_of(view, ui)
    p = view["pending"]
    who = names[p["seat"]]
    d = p["decision"]
    if d == "exchange":
        n = _int(p.get("takes_left"))
        what = trn("take {n} more tile from the harbour or the bag", "take {n} more tiles from the harbour or the bag",
                   n)
    elif d == "gain":
        what = (tr("keep {tile} on the telescope or convert it to energy", tile=tile_name(p["tile"]))
                if p.get("tile") else _("keep the tile on the telescope or convert it to energy"))
    elif d == "take":
        what = _(take_prompt(view, p["seat"]))
    else:
        what = _(DECISIONS[d]) if isinstance(d, str) and d in DECISIONS else str(d)
    return tr("Round {round} · {name}: {what}.", round=view["round"], name=who, what=what)


DECISIONS = {
    "start": N_("choose a start space next to the balloon yard"),
    "dice": N_("re-roll a die once or keep the dice"),
    "fly": N_("click a highlighted space to preview a flight, then confirm it"),
    "place": N_("select a telescope tile, then a highlighted space next to the balloon; or end the turn"),
    "swap": N_("the harbour is full: swap the new tile for one on the harbour"),
    "from_cloud": N_("the bag is empty: take a tile from any cloud"),
}


def take_prompt(view: dict, seat: int) -> str:
    """The take prompt names only what this game has: a cloud; at a dock the harbour; with module 3 the
    extension tiles (untranslated msgid)."""
    if (view["islands"][seat].get("dock") or 0) > 0:
        return N_("give one telescope tile to the harbour")
    if (view.get("options") or {}).get("modules") == "1+2+3" and view["islands"][seat].get("beside"):
        return N_("take all tiles of one cloud, or activate an extension tile")
    return N_("take all tiles of one cloud")


def _button(act: tuple, label: str, testid: str, primary: bool = True) -> Safe:
    return tag("button", {"class": "primary" if primary else None, "data-act": json.dumps(list(act)),
                          "data-testid": testid, "data-key": testid}, label)


def action_buttons(view: dict, ui: dict) -> Safe:
    """HTML buttons for the decisions that are not clicks on the map."""
    legal = _legal(ui)
    if not legal:
        return Safe("")
    p = view.get("pending") or {}
    d = p.get("decision")
    out = []
    if d == "dice":
        for a in legal:
            if a[0] == "reroll":
                out.append(_button(a, move_text(a), f"reroll-{a[1]}-btn", primary=False))
        out.append(_button(("roll_done",), move_text(("roll_done",)), "roll-done-btn"))
    elif d == "gain":
        tile = p.get("tile") or {}
        if isinstance(tile, dict) and tile:  # the tile being decided about, drawn as on the telescope
            out.append(tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 40 40", "width": 40,
                                   "height": 40, "class": "board gain-tile", "role": "img",
                                   "aria-label": tile_name(tile), "data-testid": "gain-tile"},
                           tile_chip(tile, 4, 4, 32)))
        if ("keep",) in legal:
            out.append(_button(("keep",), tr("Keep {tile} on the telescope", tile=tile_name(tile)), "keep-btn"))
        out.append(_button(("convert",), tr("Convert to {n} energy", n=_int(tile.get("energy"))), "convert-btn",
                           primary=False))
    elif d == "fly":
        sel = ui.get("selected") or ""
        flights = flight_choices(view)
        if sel.startswith("f") and sel[1:].lstrip("-").isdigit() and int(sel[1:]) in flights:
            f = flights[int(sel[1:])]
            out.append(_button(_tuple(f["action"]), tr("Fly here ({n} energy)", n=_int(f["cost"])), "fly-btn"))
        for a in legal:
            if a[0] == "stay":
                cost = next((f["cost"] for f in view.get("flights") or [] if f["action"] == ["stay"]), 0)
                out.append(_button(a, tr("Stay ({n} energy)", n=_int(cost)), "stay-btn", primary=False))
    elif d == "take":
        for a in legal:
            if a[0] == "cloud":
                out.append(_button(a, move_text(a), f"cloud-{a[1]}-btn"))
            elif a[0] == "activate":
                out.append(_button(a, move_text(a), f"activate-{a[1]}-{a[2]}-btn", primary=False))
            elif a[0] == "give":
                out.append(_button(a, move_text(a), f"give-{a[1]}-btn"))
    elif d in ("exchange", "swap", "from_cloud"):
        for a in legal:
            if a[1] == "bag":
                out.append(_button(a, move_text(a), "take-bag-btn"))
            else:
                out.append(_button(a, move_text(a), f"{a[0]}-{a[1]}-btn", primary=False))
    elif d == "place":
        out.append(_button(("done",), move_text(("done",)), "done-btn", primary=False))
    return join(out)


SHEET_ROWS = (("terrain", N_("Terrain tiles")), ("groups", N_("Groups of 5+")), ("cities", N_("Cities")),
              ("monuments", N_("Monuments")), ("energy", N_("Energy crown")), ("coasts", N_("All coasts")),
              ("volcanoes", N_("Volcanoes")), ("extensions", N_("Extension tiles")), ("total", N_("Total")))


def score_sheet(view: dict, names: list[str]) -> Safe:
    """The score pad by category (final when the game is over, else the points so far)."""
    sheet = view["history"][-1]["sheet"] if view.get("history") else view["sheet"]
    n = view["players"]
    head = tag("tr", None, tag("th", None, _("Category")),
               [tag("th", None, PLAYER_LETTERS[i], " ", names[i] if i < len(names) else "") for i in range(n)])
    rows = [head]
    for key, label in SHEET_ROWS:
        cells = []
        for i in range(n):
            v = sheet[i][key]
            if isinstance(v, dict):
                v = sum(v.values())
            cells.append(tag("td", {"data-testid": f"sheet-{key}-{i}"}, v))
        rows.append(tag("tr", None, tag("th", {"style": "text-align:left"}, _(label)), cells))
    title = _("Final score") if view.get("over") else _("Score so far")
    note = _("Board and tile values are stand-in data (the printed ones are not public).")
    return join(tag("h2", None, title), tag("table", {"class": "sheet", "data-testid": "score-sheet"}, rows),
                tag("p", {"class": "dim"}, note))


def summary(view: dict, names: list[str]) -> Safe:
    """Side panel: round, players' energy, coasts and points."""
    items = []
    for i, isl in enumerate(view["islands"]):
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i]}"}, PLAYER_LETTERS[i]), " ",
                         names[i], ": ", tag("strong", {"data-testid": f"total-{i}"}, num(_int(isl["points"]))), " ",
                         _("pts"),
                         _(", "), tr("energy {n}", n=_int(isl["energy"])), _(", "),
                         tr("coasts {n}/6", n=len(isl["coasts"]))))
    final = view.get("final_round")
    heading = (tr("Round {n} (final round)", n=view["round"]) if final and final == view["round"]
               else tr("Round {n}", n=view["round"]))
    return join(tag("h2", None, heading),
                tag("ul", {"class": "totals"}, "", items),
                tag("p", {"class": "dim"}, _("Stand-in board data: the printed island values are not public.")))


DRAW_WHY = {"question": N_("a '?' space"), "draw2": N_("a draw-two space"),
            "draw1energy": N_("a draw-and-energy space"), "harbour": N_("the harbour exchange"),
            "bonus": N_("the bonus die")}


def _flight_words(p: dict) -> str:
    """A flight: which way, how far, where to, and its energy."""
    move = p.get("move") if isinstance(p.get("move"), list) else []
    kind = move[0] if move else None
    cost = _int(p.get("cost"))
    dest = _int(p.get("dest"), 0)
    where = tr("dock {n}", n=-dest) if dest < 0 else tr("space {n}", n=dest)
    if kind == "stay" or not move:
        return tr("stays where the balloon is, for {cost} energy", cost=cost)
    if kind == "fly" and len(move) >= 3:
        k = _int(move[2])
        return trn("flies {n} step {dir} to {where}, for {cost} energy",
                   "flies {n} steps {dir} to {where}, for {cost} energy", k, dir=dir_name(move[1]), where=where,
                   cost=cost)
    if kind == "leave" and len(move) >= 2:
        return tr("leaves the harbour flying {dir} to {where}, for {cost} energy", dir=dir_name(move[1]),
                  where=where, cost=cost)
    if kind == "jump":
        return tr("flies from the '?' dock to {where}, for {cost} energy", where=where, cost=cost)
    return tr("flies to {where}, for {cost} energy", where=where, cost=cost)


def _log_words(k: str, p: dict, names: list[str]) -> str:
    """The words of one data entry: a predicate about its player ("flies …"), or a whole public line."""
    p = p if isinstance(p, dict) else {}

    def nm(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else tr("Player {n}", n=_int(seat) + 1)

    tile = tile_name(p.get("tile"))
    if k == "round":
        return tr("Round {n} begins; start player: {name}", n=_int(p.get("round")), name=nm(p.get("start")))
    if k == "roll":
        return tr("rolls the dice: wind {dir}, bonus {bonus}", dir=dir_name(p.get("direction")),
                  bonus=bonus_text(p.get("bonus")))
    if k == "reroll":
        if p.get("die") == "bonus":
            return tr("re-rolls the bonus die: {face}", face=bonus_text(p.get("face")))
        return tr("re-rolls the direction die: {face}", face=dir_name(p.get("face")))
    if k == "dice":
        return tr("Dice: wind {dir}, bonus {bonus}", dir=dir_name(p.get("direction")), bonus=bonus_text(p.get("bonus")))
    if k == "fly":
        return _flight_words(p)
    if k == "keep":
        return tr("keeps {tile} on the telescope", tile=tile)
    if k == "take":
        return tr("takes {tile} from the harbour", tile=tile)
    if k == "from_cloud":
        return tr("takes {tile} from a cloud (the bag is empty)", tile=tile)
    if k == "convert":
        return tr("converts {tile} to {n} energy", tile=tile, n=_int(p.get("energy")))
    if k == "draw":
        return tr("draws {tile} from the bag ({why})", tile=tile, why=_word(DRAW_WHY, p.get("why")))
    if k == "cloud":
        tiles = p.get("tiles") if isinstance(p.get("tiles"), list) else []
        n = _int(p.get("cloud")) + 1
        if not tiles:
            return tr("takes cloud {n} (empty)", n=n)
        return tr("takes cloud {n}: {tiles}", n=n, tiles=_(", ").join(tile_name(t) for t in tiles))
    if k == "place":
        return tr("places {tile} on space {n} ({space})", tile=tile, n=_int(p.get("space")),
                  space=_word(SPACE_NAMES, p.get("effect")))
    if k == "activate":
        if p.get("how") == "keep":
            return tr("activates {tile} and keeps it", tile=tile)
        return tr("activates {tile} and converts it to energy", tile=tile)
    if k == "give":
        return trn("gives {tile} to the harbour and takes {n} tile", "gives {tile} to the harbour and takes {n} tiles",
                   _int(p.get("takes")), tile=tile)
    if k == "swap":
        return tr("swaps {out} out of the harbour for {tile}", out=tile_name(p.get("out")), tile=tile)
    if k == "start_space":
        return tr("starts on space {n}", n=_int(p.get("space")))
    if k == "start_player":
        return tr("New start player: {name} (value {value})", name=nm(p.get("player")), value=_int(p.get("value")))
    if k == "all_coasts":
        return _("connects all six coasts first: the game ends after the next round")
    if k == "bag_empty":
        return _("The bag is empty: this is the last round")
    if k == "bag_short":
        return _("Not enough tiles for the clouds: the game ends now")
    if k == "over":
        return _("The game is over")
    if k == "no_tiles":
        return _("takes no tiles")
    if k == "no_give":
        return _("has nothing to give at the harbour and takes one tile")
    return str(k)


def log_text(entry: dict, names: list[str]) -> str:
    """One log line as a sentence about its player ("You fly 3 steps east…" / "Anna flies…" in English,
    "<name>: <words>" in the other languages); public lines (rounds, dice, the end) as they are."""
    return words.player_line(_log_words(str(entry.get("key")), entry.get("params") or {}, names),
                             entry.get("seat"), names)


__all__ = ["LOG_SENTENCES", "action_buttons", "log_text", "render", "score_sheet", "status_text", "summary"]
