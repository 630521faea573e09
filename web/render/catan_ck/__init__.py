"""Catan: Cities & Knights table: a view (+ the local selection) -> one SVG string, plus the HTML panels.

Layout: the hex island on the left (terrain named, number tokens with pips, 6 and 8 in red, harbours,
roads, settlements, cities, walls, metropolises, knights with level and active state, the robber R and the
merchant M); on the right the barbarian track, the dice with the event die, and one panel per player (VP,
cards, progress cards per deck, improvement levels, knight strength), then the own hand and progress cards
(with their text). On a wide screen the island is enlarged to the column's height (`_wide_svg`); on a phone
all of it is stacked under the island (`_narrow_svg`). Every hex, harbour, piece, card and track has a tooltip (<title>)
saying what it does. Legal board targets are highlighted: a target with one action plays it (data-act); a
target with several (e.g. activate or promote a knight) is selected (data-cmd="select") and its actions
appear as buttons. Players are told apart by colour and a letter (A-D) on every piece. Every word goes
through the catalogue (web/i18n.py); the engine's log entries are data, worded by `log_text`.
"""

from __future__ import annotations

import json
import math

from i18n import N_, _, language, num, tr, trn

from py_engine.games.catan_ck.data import BARBARIAN_TRACK, CARD_TRACK, EDGES, HEX_VERTS, HEXES, TRACKS, VERTS

from .. import words
from ..markup import Safe, join, tag
from ..svg import board_svg, button_attrs, fit_text, fmt, pan_box, svg_root
from . import bank, build, discard, icons, trade
from .terms import (  # noqa: F401 (re-exported: the table's names as before)
    CARD_NAMES,
    CARD_TEXT,
    DIE_FILL,
    EVENT_NAMES,
    KIND_HELP,
    KIND_NAMES,
    KINDS,
    KNIGHT_NAMES,
    LETTERS,
    PIPS,
    PLAYER_COLOURS,
    PLAYER_INK,
    TERRAIN_FILL,
    TERRAIN_NAMES,
    TERRAIN_YIELD,
    TRACK_ABILITY,
    TRACK_COLOUR,
    TRACK_COMMODITY,
    TRACK_NAMES,
    Wording,
    _counts,
    _pairs,
    _player,
    card_name,
    card_text,
    event_name,
    kind_name,
    knight_name,
    terrain_name,
    track_name,
)

LOG_SENTENCES = True  # log_text names the player ("You build a road", "Anna builds a road")
# at 1366x768 the table fits the window: the board takes its height, the decision (build menu, trade, discard,
# "End turn") is docked at the foot of the side column beside it
ONE_SCREEN = True

SIZE = 50.0
# Phone hit areas (board units; the phone draws the 600-unit-wide island across a 390 px screen less its
# padding, 0.63 px per unit): 35 -> 44 px circles at intersections and hexes, 22 at paths (a path's middle is
# 25 units from its ends; intersections are drawn last and win overlaps)
PHONE_HIT, PHONE_HIT_EDGE = 35, 22
# Phone layout: the island on top (NARROW_W units wide), then the barbarians, dice and players, then the hand
NARROW_W, ISLAND_H, SIDE_SCALE, HAND_SCALE = 600, 592, 1.35, 1.08
PHONE_PX = 0.637  # px per unit on a phone: the 600-unit island across a 390 px screen less its padding
CX, CY = 300.0, 290.0
W, H = 1040, 760
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "num": "font:700 17px system-ui;text-anchor:middle", "red": "fill:#c0001a",
    "tl": "font:600 14px system-ui;fill:#1b1b1b;text-anchor:middle", "hd": "font:600 15px system-ui;fill:#1d2521",
    "sm": "font:14.5px system-ui;fill:#222", "tiny": "font:14.5px system-ui;fill:#222",
    "big": "font:700 26px system-ui;fill:#1b1b1b",
    "pl": "font:700 14px system-ui;text-anchor:middle",
    "kl": "stroke-width:3px;paint-order:stroke;stroke-linejoin:round",
    "hb": "font:600 14px system-ui;fill:#222;text-anchor:middle",
    "target": "fill:#ffe066;fill-opacity:.55;stroke:#b8860b;stroke-width:2;cursor:pointer",
    "etarget": "stroke:#ffd000;stroke-width:9;stroke-opacity:.7;cursor:pointer",
    "sel": "stroke:#d00;stroke-width:3;fill:none",
}.items()))
# on a phone the island is drawn at 0.65 px per unit: its numbers and letters are drawn larger
NARROW_STYLE = tag("style", None, ".board .num{font-size:21px}.board .hand .hd,.board .hand .sm,"
                                   ".board .hand .tiny{font-size:18px}")
# Phone: pieces, the robber, the merchant and harbours drawn this much larger (their letters with them), so
# that no text on the island is under 12 px; terrain names are left to the hexes' titles (icons show them)
PHONE_PIECE, PHONE_HARBOUR = 1.5, 1.4
# A hex's terrain name stays between its two upper corners' pieces (43 units from its middle; a knight reaches
# 13.5 units from its corner), so that no piece covers it
NAME_W = 58


def _hexes(view: dict) -> list[dict]:
    return [{"id": h, "q": HEXES[h][0], "r": HEXES[h][1], "terrain": t, "number": n}
            for h, (t, n) in enumerate(zip(view["terrain"], view["numbers"]))]


def _buildings(view: dict) -> list[dict]:
    return [{"v": v, "seat": s, "type": "city" if t == 2 else "settlement", "wall": bool(w),
             "metropolis": m if m in TRACKS else None, "sideways": bool(sw)} for v, s, t, w, m, sw in view["buildings"]]


def _knights(view: dict) -> list[dict]:
    return [{"v": v, "seat": s, "level": lv, "active": bool(a), "ready": bool(r)} for v, s, lv, a, r in view["knights"]]


def _hex_centre(h: dict) -> tuple[float, float]:
    q, r = h["q"], h["r"]
    return CX + (2 * q + r) * SIZE * 0.8660254, CY + 3 * r * SIZE * 0.5


def _vertex_positions(view: dict) -> dict[int, tuple[float, float]]:
    """Vertex id -> pixel position (the engine's fixed geometry)."""
    return {v: (CX + x * SIZE * 0.8660254, CY + y * SIZE * 0.5) for v, (x, y) in enumerate(VERTS)}


def _hex_vertices(view: dict, pos: dict) -> tuple:
    return HEX_VERTS


def _legal(ui: dict) -> list[tuple]:
    out = []
    for a in ui.get("legal") or []:
        if isinstance(a, str):
            a = json.loads(a)
        out.append(tuple(a))
    return out


def _targets(legal: list[tuple]) -> tuple[dict, dict, dict]:
    """Board targets: vertex -> actions, edge -> actions, hex -> actions."""
    verts: dict = {}
    edges: dict = {}
    hexes: dict = {}
    for a in legal:
        k = a[0]
        if k in ("place", "settlement", "city", "wall", "knight", "activate", "promote", "pillage", "metropolis",
                 "relocate", "remove_knight", "intrigue") and len(a) == 2:
            verts.setdefault(a[1], []).append(a)
        elif k in ("move_knight", "displace"):
            verts.setdefault(a[2], []).append(a)
        elif k == "chase":
            verts.setdefault(a[1], []).append(a)
        elif k in ("road", "remove_road") and len(a) == 2:
            edges.setdefault(a[1], []).append(a)
        elif k in ("robber", "merchant"):
            hexes.setdefault(a[1], []).append(a)
    return verts, edges, hexes


def _label(a: tuple, view: dict | None = None) -> str:
    """The name of one board action (the aria-label of its target, the text of its button)."""
    names = {"place": N_("Place here"), "settlement": N_("Build a settlement"), "city": N_("Build a city"),
             "wall": N_("Build a city wall"), "knight": N_("Recruit a knight"), "activate": N_("Activate the knight"),
             "promote": N_("Promote the knight"), "pillage": N_("Lose this city"),
             "metropolis": N_("Metropolis here"), "relocate": N_("Move the displaced knight here"),
             "remove_knight": N_("Remove this knight"), "intrigue": N_("Displace this knight"),
             "chase": N_("Chase the robber with this knight"), "road": N_("Build a road"),
             "remove_road": N_("Remove this road"), "robber": N_("Move the robber here"),
             "merchant": N_("Place the merchant here")}
    if a[0] == "move_knight":
        return tr("Move the knight from intersection {v} here", v=a[1])
    if a[0] == "displace":
        return tr("Displace with the knight from intersection {v}", v=a[1])
    if a[0] in names:
        where = _where(a, view)
        return tr("{action} ({where})", action=_(names[a[0]]), where=where) if where else _(names[a[0]])
    return " ".join(str(x) for x in a)


def _where(a: tuple, view: dict | None) -> str:
    """Where a board action happens, in words: 'hills 8', 'intersection 12', 'path 40'."""
    if len(a) < 2 or not isinstance(a[1], int) or isinstance(a[1], bool):
        return ""
    if a[0] in ("robber", "merchant"):
        return _hex_words(view, a[1]) if view else ""
    if a[0] in ("road", "remove_road"):
        return tr("path {n}", n=a[1])
    return tr("intersection {n}", n=a[1])


def _hex_words(view: dict, h: int) -> str:
    """'hills 8' / 'desert' for hex h of the view."""
    try:
        t, n = view["terrain"][h], view["numbers"][h]
    except (KeyError, IndexError, TypeError):
        return tr("hex {n}", n=h)
    return tr("{terrain} {n}", terrain=terrain_name(t), n=n) if n else terrain_name(t)


def _control(actions: list[tuple], key: str, selected: str | None, shape: Safe, label: str,
             view: dict | None = None) -> Safe:
    if len(actions) == 1:
        attrs = button_attrs(_label(actions[0], view), act=actions[0], testid=f"t-{key}")
    else:
        attrs = button_attrs(label, cmd="select", arg=key, testid=f"t-{key}")
    if selected and not (selected[0] in "veh" and selected[1:].isdigit()):
        attrs["data-reveal"] = selected  # a piece chosen in the build menu: a phone's pan box shows its spots
    return tag("g", {**attrs, **build.spot_tip_attrs(actions)}, shape)


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    sel = ui.get("selected")
    verts, edges, hexes = _targets(build.only_selected(legal, sel))
    names = _names(view, ui)
    pos = _vertex_positions(view)
    hv = _hex_vertices(view, pos)
    narrow = bool(ui.get("narrow"))
    # the island (sea, hexes, harbours, pieces, targets): drawn as is on a phone, enlarged on a wide screen
    parts: list = [tag("circle", {"cx": CX, "cy": CY, "r": 5.2 * SIZE, "fill": "#5fa8d3"})]
    hexlist = _hexes(view)
    for h in hexlist:
        parts.append(_hex_svg(view, h, hv[h["id"]], pos, names, narrow))
    for e, kind in view["harbours"]:
        parts.append(_harbour_svg({"edge": e, "kind": kind, "verts": EDGES[e]}, pos, narrow))
    for e, s in view["roads"]:
        a, b = EDGES[e]
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2),
                                  "stroke": "#1b1b1b", "stroke-width": 8, "stroke-linecap": "round"}))
        parts.append(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2),
                                  "stroke": PLAYER_COLOURS[s], "stroke-width": 5, "stroke-linecap": "round",
                                  "data-testid": f"road-{e}"},
                         tag("title", None, tr("Road of {name}", name=_player(names, s)))))
    for b in _buildings(view):
        parts.append(_larger(_building_svg(b, pos, names), pos[b["v"]], PHONE_PIECE if narrow else 1))
    for k in _knights(view):
        parts.append(_larger(_knight_svg(k, pos, names), pos[k["v"]], PHONE_PIECE if narrow else 1))
    # targets on top, each with a larger invisible hit area (vertices last: they win overlaps)
    hits = (PHONE_HIT, PHONE_HIT_EDGE) if narrow else (WIDE_HIT, WIDE_HIT_EDGE)

    def hit(x: float, y: float, r: float) -> Safe:
        return tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": r, "class": "hit"})

    for e, acts in sorted(edges.items()):
        a, b = _edge_verts(e, view, pos)
        (x1, y1), (x2, y2) = pos[a], pos[b]
        line = join(hit((x1 + x2) / 2, (y1 + y2) / 2, hits[1]),
                    tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2), "class": "etarget"}),
                    tag("circle", {"cx": fmt((x1 + x2) / 2), "cy": fmt((y1 + y2) / 2), "r": 7, "class": "target"}))
        parts.append(_control(acts, f"e{e}", sel, line, tr("Path {n}: choose an action", n=e), view))
    for h, acts in sorted(hexes.items()):
        cx, cy = _hex_centre(hexlist[h])
        mark = tag("circle", {"cx": fmt(cx), "cy": fmt(cy - 20), "r": 11, "class": "target"})
        shape = join(hit(cx, cy - 20, hits[0]), mark)
        parts.append(_control(acts, f"h{h}", sel, shape,
                              tr("{hex}: choose an action", hex=_hex_words(view, h)), view))
    for v, acts in sorted(verts.items()):
        x, y = pos[v]
        shape = join(hit(x, y, hits[0]), tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 10, "class": "target"}))
        parts.append(_control(acts, f"v{v}", sel, shape, tr("Intersection {n}: choose an action", n=v), view))
        if sel == f"v{v}":
            parts.append(tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 14, "class": "sel"}))
    tips = build.spot_tips({a[0] for d in (verts, edges, hexes) for acts in d.values() for a in acts}, narrow)
    pending = view.get("pending") or {}
    mine = ui.get("me") is not None and ui.get("me") in (pending.get("seats") or [])
    data = {"data_testid": "ck-board", "data_mine": "1" if mine and legal else "0",
            "data_decision": pending.get("kind", "over")}
    if narrow:
        return _narrow_svg(view, ui, [STYLE, tag("rect", {"x": 0, "y": 0, "width": W, "height": H,
                                                          "fill": "#f7f3ea"}), *parts, tips], data)
    return _wide_svg(view, ui, parts, tips, data)


def _narrow_svg(view: dict, ui: dict, parts: list, data: dict) -> Safe:
    """The phone layout: the whole island, below it the barbarians, dice and player panels (drawn larger), in a
    box that pans (and zooms, public/table.js), drawn PHONE_PX px per unit so that its smallest text is 12 px;
    your hand and progress cards in a strip of their own, pinned at the foot of the screen (public/css/app.css)."""
    side_top = ISLAND_H
    side_h = (SIDE_PLAYERS_Y + 4 + len(view["player_info"]) * 98) * SIDE_SCALE
    me = ui.get("me")
    progress = len(view["player_info"][me].get("progress") or []) if me is not None else 0
    height = round(side_top + side_h)
    parts[1] = tag("rect", {"x": 0, "y": 0, "width": NARROW_W, "height": height, "fill": "#f7f3ea"})
    parts.insert(1, NARROW_STYLE)
    parts.append(tag("g", {"transform": f"translate(4 {fmt(side_top)}) scale({SIDE_SCALE}) translate(-610 0)"},
                     _side_svg(view, ui)))
    board = svg_root(NARROW_W, height, _("Catan: Cities & Knights board"), *parts,
                     style=f"width:{round(NARROW_W * PHONE_PX)}px;height:{round(height * PHONE_PX)}px", **data)
    pan = pan_box(board, _("Board: scroll to see all of it"), "ck-pan")
    if me is None:
        return pan
    hand_h = round((100 + 28 * progress) * HAND_SCALE)
    strip = svg_root(NARROW_W, hand_h, _("Your hand"),
                     tag("rect", {"x": 0, "y": 0, "width": NARROW_W, "height": hand_h, "fill": "#f7f3ea"}),
                     tag("g", {"transform": f"scale({HAND_SCALE}) translate(0 -584)"},
                         _bottom_svg(view, ui, progress_at=(20, 676))),
                     data_testid="ck-hand",
                     style=f"width:{round(NARROW_W * PHONE_PX)}px;height:{round(hand_h * PHONE_PX)}px")
    return join(pan, tag("div", {"class": "hand-dock", "data-testid": "hand-dock"}, strip))


# Wide screens (a laptop's window, 1366x768): the island enlarged ISLAND_K times in a square on the left, the
# barbarians, dice, players, your hand and your progress cards in a column on its right; the drawing is as tall
# as that column needs (at least the island's square) and the table fits it to the window's height.
ISLAND_K = 1.2
ISLAND_SQ = 636  # the island's square (board units): the sea's circle, 5.2 * SIZE * ISLAND_K across, and a margin
COL_X = 640  # the right column's left edge (the side panels were drawn from x 610)
W_WIDE = COL_X + 426
# Hit areas on a wide screen (island units, before ISLAND_K): 13.5 at intersections and hexes, 12.5 at paths
# (25 units from an intersection: they barely overlap); >= 24 px while the board is drawn at 0.8 or more
WIDE_HIT, WIDE_HIT_EDGE = 13.5, 12.5
HAND_CARD_W = 52.5  # a hand card's step in the right column (8 kinds across its 420 units)


def _wide_svg(view: dict, ui: dict, island: list, tips: Safe, data: dict) -> Safe:
    half = ISLAND_SQ / 2
    tx, ty = half - CX * ISLAND_K, half - CY * ISLAND_K
    side_bottom = SIDE_PLAYERS_Y + len(view["player_info"]) * 98
    hand, hand_h = _hand_column(view, ui, COL_X, side_bottom + 6)
    height = round(max(ISLAND_SQ, side_bottom + 6 + hand_h + 6))
    parts = [STYLE, tag("rect", {"x": 0, "y": 0, "width": W_WIDE, "height": height, "fill": "#f7f3ea"}),
             tag("g", {"transform": f"translate({fmt(tx)} {fmt(ty)}) scale({ISLAND_K})",
                       "data-testid": "island"}, island),
             tips,
             tag("g", {"transform": f"translate({COL_X - 610} 0)"}, _side_svg(view, ui)),
             hand]
    return board_svg(False, W_WIDE, height, _("Catan: Cities & Knights board"), *parts, smallest_font=10,
                     **{"class": "board ck-wide"}, **data)


def _hand_card(ui: dict, k: str, card: Safe, box: tuple[float, float, float, float]) -> Safe:
    """A hand card; while an offer or counter-offer is built and one more of it may be given, covered by a
    button (the card's `box`: x, y, width, height) that gives it (one click per card, as on colonist.io),
    named for that (a cover without text: its name need not repeat the card's count)."""
    act = ("give", k)
    if act not in _legal(ui):
        return card
    x, y, w, h = box
    cover = tag("g", {**button_attrs(tr("Give one more {kind}", kind=kind_name(k)), act=act, testid=f"hand-give-{k}"),
                      "class": "hand-give"},
                tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h), "rx": 5,
                             "fill": "transparent", "cursor": "pointer"}))
    return join(card, cover)


def _hand_edge(ui: dict, k: str) -> dict:
    """The card's outline: green and thick when a click gives it (see _hand_card)."""
    if ("give", k) in _legal(ui):
        return {"stroke": "#1d6b3a", "stroke-width": 3}
    return {"stroke": "#555"}


def _hand_column(view: dict, ui: dict, x0: float, y0: float) -> tuple[Safe, float]:
    """Your hand (one row of the 8 kinds) and your progress cards (a line each, with their text), from (x0, y0)
    in the right column; and the height they take."""
    me = ui.get("me")
    if me is None:
        return Safe(""), 0
    info = view["player_info"][me]
    hand = info.get("hand") or {}
    rates = info.get("rates") or {}
    out = [tag("text", {"x": x0, "y": y0 + 14, "class": "hd"}, _("Your hand"))]
    for i, k in enumerate(KINDS):
        x = x0 + i * HAND_CARD_W
        help_ = _(KIND_HELP[k])
        if isinstance(rates.get(k), int):
            help_ = tr("{help} Bank trade: {n} for 1.", help=help_, n=rates[k])
        out.append(_hand_card(ui, k, tag("g", {"data-testid": f"hand-{k}"}, tag("title", None, help_),
                       tag("rect", {"x": fmt(x), "y": y0 + 20, "width": HAND_CARD_W - 4, "height": 46, "rx": 5,
                                    "fill": "#fff" if i < 5 else "#f3ead8", **_hand_edge(ui, k)}),
                       icons.icon(k, x + 14, y0 + 35, 18),
                       tag("text", {"x": fmt(x + 36), "y": y0 + 41, "class": "hd", "text-anchor": "middle"},
                           num(hand.get(k, 0))),
                       fit_text(x + (HAND_CARD_W - 4) / 2, y0 + 61, HAND_CARD_W - 8, "tiny", kind_name(k),
                                text_anchor="middle")), (x, y0 + 20, HAND_CARD_W - 4, 46)))
    progress = info.get("progress") or []
    y = y0 + 90
    out.append(tag("text", {"x": x0, "y": y, "class": "hd"}, _("Your progress cards")))
    for i, c in enumerate(progress):
        title = tr("{card} ({track} progress card): {text}", card=card_name(c), track=track_name(CARD_TRACK.get(c)),
                   text=card_text(c))
        out.append(fit_text(x0, y + 24 + i * 26, 420, "sm", tag("title", None, title),
                            tag("tspan", {"font-weight": "700"}, card_name(c)), _(": "), card_text(c),
                            data_testid=f"progress-{i}"))
    return tag("g", {"class": "hand"}, out), 96 + 26 * len(progress)


def _edge_verts(e: int, view: dict, pos: dict) -> tuple[int, int]:
    return EDGES[e]


def _hex_title(view: dict, h: dict, names: list[str]) -> str:
    """What a hex does: its terrain, number and yield, and the robber or merchant on it."""
    t, n = h["terrain"], h["number"]
    res, com = TERRAIN_YIELD.get(t, (None, None))
    if not res or not n:
        lines = [tr("{terrain}: produces nothing.", terrain=terrain_name(t))]
    elif com:
        lines = [tr("{terrain} {n}: when {n} is rolled, each settlement here takes 1 {resource}, each city 1 "
                    "{resource} and 1 {commodity}.", terrain=terrain_name(t), n=n, resource=kind_name(res),
                    commodity=kind_name(com))]
    else:
        lines = [tr("{terrain} {n}: when {n} is rolled, each settlement here takes 1 {resource}, each city 2.",
                    terrain=terrain_name(t), n=n, resource=kind_name(res))]
    if n:
        lines.append(trn("{n} pip: rolled {n} time in 36.", "{n} pips: rolled {n} times in 36.", PIPS.get(n, 0)))
    if view["robber"] == h["id"]:
        lines.append(_("The robber is here: this hex produces nothing."))
    if view["merchant"] == h["id"]:
        lines.append(tr("The merchant of {name}: {name} trades {resource} 2:1 with the bank and has 1 VP for it.",
                        name=_player(names, view["merchant_owner"]), resource=kind_name(res) if res else "—"))
    return " ".join(lines)


def _larger(shape: Safe, at: tuple[float, float], k: float) -> Safe:
    """`shape` drawn k times larger about the point `at` (unchanged for k = 1)."""
    if k == 1:
        return shape
    x, y = at
    return tag("g", {"transform": f"translate({fmt(x)} {fmt(y)}) scale({fmt(k)}) translate({fmt(-x)} {fmt(-y)})"},
               shape)


def _pips(cx: float, y: float, n: int) -> Safe:
    """n dots in a row centred on cx (how many of the 36 rolls give the number)."""
    return join(tag("circle", {"cx": fmt(cx + (i - (n - 1) / 2) * 4.5), "cy": fmt(y), "r": 1.7, "fill": "#222"})
                for i in range(n))


def _hex_svg(view: dict, h: dict, vs: list[int], pos: dict, names: list[str], narrow: bool = False) -> Safe:
    """A hex: terrain colour, name (not on a phone: its title and yield icon say it), number, pips, what it
    yields as an icon, and the robber and merchant if there."""
    pts = " ".join(f"{fmt(pos[v][0])},{fmt(pos[v][1])}" for v in vs)
    cx, cy = _hex_centre(h)
    t = h["terrain"]
    out = [tag("title", None, _hex_title(view, h, names)),
           tag("polygon", {"points": pts, "fill": TERRAIN_FILL[t], "stroke": "#6b5b3a", "stroke-width": 2}),
           None if narrow else fit_text(cx, cy - 22, NAME_W, "tl", terrain_name(t))]
    res = TERRAIN_YIELD[t][0] if t in TERRAIN_YIELD else None
    if res:  # what the hex yields, by shape as well as by the terrain's colour
        out.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy + 32), "r": 9, "fill": "#fbf3dc", "opacity": 0.85}))
        out.append(icons.icon(res, cx, cy + 32, 14))
    n = h["number"]
    if n:
        out.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy + 4), "r": 15, "fill": "#fbf3dc", "stroke": "#6b5b3a"}))
        out.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 9), "class": "num red" if n in (6, 8) else "num"},
                       num(n)))
        out.append(_pips(cx, cy + 14.5, PIPS.get(n, 0)))
    if view["robber"] == h["id"]:  # on a phone, where the terrain name would be
        rx, ry = (cx, cy - 27) if narrow else (cx + 24, cy + 4)
        out.append(_larger(tag("g", {"data-testid": "robber"},
                               tag("title", None, _("The robber: the hex it stands on produces nothing.")),
                               tag("circle", {"cx": fmt(rx), "cy": fmt(ry), "r": 10, "fill": "#222"}),
                               tag("text", {"x": fmt(rx), "y": fmt(ry + 5), "class": "pl", "fill": "#fff"}, "R")),
                           (rx, ry), PHONE_PIECE if narrow else 1))
    if view["merchant"] == h["id"]:
        s = view["merchant_owner"]
        out.append(_larger(tag("g", {"data-testid": "merchant"},
                               tag("title", None, tr("The merchant of {name}", name=_player(names, s))),
                               tag("rect", {"x": fmt(cx - 36), "y": fmt(cy - 6), "width": 18, "height": 18,
                                            "fill": PLAYER_COLOURS[s], "stroke": "#222"}),
                               tag("text", {"x": fmt(cx - 27), "y": fmt(cy + 8), "class": "pl",
                                            "fill": PLAYER_INK[s]}, "M")),
                           (cx - 27, cy + 3), PHONE_PIECE if narrow else 1))
    return tag("g", {"data-testid": f"hex-{h['id']}"}, out)


def _harbour_svg(hb: dict, pos: dict, narrow: bool = False) -> Safe:
    """A harbour off the coast: its rate and (2:1) the kind as an icon, tied to its two intersections."""
    a, b = hb["verts"]
    (x1, y1), (x2, y2) = pos[a], pos[b]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = mx - CX, my - CY
    d = math.hypot(dx, dy) or 1.0
    off = 34 if narrow else 24
    hx, hy = mx + dx / d * off, my + dy / d * off
    if hb["kind"] == "3:1":
        title, what = _("Harbour: with a building here, trade 3 of one kind for 1 of any kind."), ""
    else:
        what = kind_name(hb["kind"])
        title = tr("Harbour: with a building here, trade 2 {resource} for 1 of any kind.", resource=what)
    badge = join(tag("circle", {"cx": fmt(hx), "cy": fmt(hy), "r": 18, "fill": "#fff8e6", "stroke": "#6b4f2a"}),
                 tag("text", {"x": fmt(hx), "y": fmt(hy + (5 if not what else -2)), "class": "hb"},
                     f"{num(3 if not what else 2)}:{num(1)}"),
                 icons.icon(hb["kind"], hx, hy + 9, 12) if what else None)
    return tag("g", {"data-testid": f"harbour-{hb['edge']}"}, tag("title", None, title),
               tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(hx), "y2": fmt(hy), "stroke": "#6b4f2a",
                            "stroke-width": 2}),
               tag("line", {"x1": fmt(x2), "y1": fmt(y2), "x2": fmt(hx), "y2": fmt(hy), "stroke": "#6b4f2a",
                            "stroke-width": 2}),
               _larger(badge, (hx, hy), PHONE_HARBOUR if narrow else 1))


BUILDING_NAMES = {"settlement": N_("Settlement of {name}"), "city": N_("City of {name}"),
                  "metropolis": N_("Metropolis of {name}")}
BUILDING_HELP = {"settlement": N_("1 VP; takes 1 resource from each neighbouring hex that produces."),
                 "city": N_("2 VP; takes 2 cards from each neighbouring hex that produces (pasture, forest and "
                            "mountains: 1 resource + 1 commodity)."),
                 "metropolis": N_("A city that reached level 4 first: 4 VP; the barbarians cannot pillage it.")}


def _building_svg(b: dict, pos: dict, names: list[str]) -> Safe:
    x, y = pos[b["v"]]
    s = b["seat"]
    fill, ink = PLAYER_COLOURS[s], PLAYER_INK[s]
    out = []
    if b["type"] == "city":
        # a church tower with a pointed roof beside a wide hall: twice the footprint of a settlement
        out.append(tag("path", {"d": f"M{fmt(x - 15)} {fmt(y + 10)}V{fmt(y - 8)}L{fmt(x - 9)} {fmt(y - 17)}"
                                     f"L{fmt(x - 3)} {fmt(y - 8)}V{fmt(y - 3)}H{fmt(x + 15)}V{fmt(y + 10)}Z",
                                "fill": fill, "stroke": "#111", "stroke-width": 1.8}))
        if b["wall"]:  # a crenellated grey wall across the city's foot
            x0, y0 = x - 18, y + 8
            crenels = "h4v-4h4v4" * 4 + "h4"
            out.append(tag("path", {"d": f"M{fmt(x0)} {fmt(y0 + 8)}V{fmt(y0)}{crenels}V{fmt(y0 + 8)}Z",
                                    "fill": "#8a8478", "stroke": "#111", "stroke-width": 1.2,
                                    "data-testid": f"wall-{b['v']}"}))
        if b["metropolis"]:
            out.append(tag("circle", {"cx": fmt(x + 9), "cy": fmt(y - 15), "r": 8,
                                      "fill": TRACK_COLOUR[b["metropolis"]], "stroke": "#111", "stroke-width": 1.5}))
            out.append(tag("text", {"x": fmt(x + 9), "y": fmt(y - 11), "class": "pl", "fill": "#fff"}, "★"))
    else:
        out.append(tag("path", {"d": f"M{fmt(x - 8)} {fmt(y + 7)}V{fmt(y - 2)}L{fmt(x)} {fmt(y - 9)}"
                                     f"L{fmt(x + 8)} {fmt(y - 2)}V{fmt(y + 7)}Z",
                                "fill": fill, "stroke": "#111", "stroke-width": 1.5}))
    out.append(tag("text", {"x": fmt(x), "y": fmt(y + 6), "class": "pl", "fill": ink}, LETTERS[s]))
    kind = "metropolis" if b["metropolis"] else b["type"]
    label = tr(BUILDING_NAMES[kind], name=_player(names, s))
    more = [_(BUILDING_HELP[kind])]
    if b["metropolis"]:
        label = tr("{building} ({track})", building=label, track=track_name(b["metropolis"]))
    if b["wall"]:
        more.append(_("City wall: the hand limit is 2 cards higher."))
    if b["sideways"]:
        more.append(_("Pillaged: it counts as a city piece but acts as a settlement."))
    out.insert(0, tag("title", None, tr("{label}. {help}", label=label, help=" ".join(more))))
    return tag("g", {"data-testid": f"{kind}-{b['v']}", "aria-label": label}, out)


def _knight_svg(k: dict, pos: dict, names: list[str]) -> Safe:
    x, y = pos[k["v"]]
    s = k["seat"]
    fill = PLAYER_COLOURS[s] if k["active"] else "#ffffff"
    ink = PLAYER_INK[s] if k["active"] else "#111"
    lvl = k["level"] if k["level"] in icons.KNIGHT_SHAPES else 1
    if k["active"]:
        label = tr("Active {knight} of {name} (strength {n})", knight=knight_name(k["level"]),
                   name=_player(names, s), n=k["level"])
        more = _("Active knights defend Catan against the barbarians and may move, displace or chase the robber.")
    else:
        label = tr("Inactive {knight} of {name} (strength {n})", knight=knight_name(k["level"]),
                   name=_player(names, s), n=k["level"])
        more = _("Inactive: pay 1 grain to activate it before it can defend or act.")
    return tag("g", {"data-testid": f"knight-{k['v']}", "aria-label": label},
               tag("title", None, tr("{label}. {help}", label=label, help=more)),
               tag("polygon", {"points": icons.knight_points(x, y, lvl), "fill": "none", "stroke": "#111",
                               "stroke-width": 5}),  # an ink outline: the piece shows on any terrain
               tag("polygon", {"points": icons.knight_points(x, y, lvl), "fill": fill, "stroke": PLAYER_COLOURS[s],
                               "stroke-width": 3, "stroke-dasharray": None if k["active"] else "4 2",
                               "data-level": lvl, "data-active": int(bool(k["active"]))}),
               tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 13.5, "fill": "none", "stroke": "#111"})
               if lvl == 3 else None,
               tag("text", {"x": fmt(x), "y": fmt(y + 5), "class": "pl kl", "fill": ink,
                            "stroke": "#111" if ink.lower() in ("#fff", "#ffffff") else "#fff"},
                   LETTERS[s], k["level"]))


def _names(view: dict, ui: dict) -> list[str]:
    return ui.get("names") or [tr("Player {n}", n=i + 1) for i in range(view["players"])]


def _track_title(track: str, lvl: int) -> str:
    if lvl >= 1:
        draw = tr("When the event die shows {track}, you draw a {track} progress card if the red die is {n} or "
                  "less.", track=track_name(track), n=lvl + 1)
    else:
        draw = tr("At level 0 you draw no {track} progress cards.", track=track_name(track))
    return " ".join((tr("{track} improvements: level {level} of 5.", track=track_name(track), level=lvl), draw,
                     _(TRACK_ABILITY[track]),
                     tr("From level 4: the first player there takes the {track} metropolis (+2 VP).",
                        track=track_name(track))))


VP_PARTS = {"metropolises": N_("metropolises {n}"), "longest_road": N_("longest road {n}"),
            "defender": N_("defender {n}"), "progress": N_("VP cards {n}"), "merchant": N_("merchant {n}")}


SIDE_PLAYERS_Y = 184  # where the player panels start in the side column (below dice, their histogram, robber)


def _side_svg(view: dict, ui: dict) -> Safe:
    x0 = 610
    names = _names(view, ui)
    barb = tr("Barbarians {at}/{track} · strength {strength} vs knights {defence}", at=view["barbarians"],
              track=view["barbarian_track"], strength=view["barbarian_strength"], defence=view["defence"])
    barb_help = tr("The barbarian ship moves one space on each ship of the event die. When it reaches Catan, "
                   "the cities ({strength}) attack the active knights ({defence}): if the knights are weaker, the "
                   "players with the fewest active knights each lose a city; if not, the strongest defender gains "
                   "1 VP.", strength=view["barbarian_strength"], defence=view["defence"])
    out = [tag("text", {"x": x0, "y": 24, "class": "hd", "data-testid": "barbarians"}, tag("title", None, barb_help),
               barb)]
    for i in range(view["barbarian_track"] + 1):
        filled = i == view["barbarians"]
        out.append(tag("rect", {"x": x0 + i * 30, "y": 31, "width": 26, "height": 21, "rx": 3,
                                "fill": "#3b2a1a" if filled else "#e9dcc2", "stroke": "#6b4f2a"},
                       tag("title", None, barb_help)))
        out.append(tag("text", {"x": x0 + i * 30 + 13, "y": 47, "class": "tiny", "text-anchor": "middle",
                                "fill": "#fff" if filled else "#222"}, "⛵" if filled else num(i)))
    robber = _("robber active") if view["robber_active"] else _("robber locked until the first attack")
    out.append(fit_text(x0, SIDE_PLAYERS_Y - 10, 420, "tiny", robber))
    d = view["dice"]
    if d:
        if d["event"] in TRACK_NAMES:
            event_help = tr("Event die: {track} — players whose {track} level lets the red die ({red}) draw take a "
                            "{track} progress card.", track=track_name(d["event"]), red=d["red"])
        else:
            event_help = _("Event die: ship — the barbarians move one space closer.")
        out.append(tag("g", {"data-testid": "dice"},
                       tag("title", None, tr("Yellow {yellow}, red {red}: production on {total}. {event}",
                                             yellow=d["yellow"], red=d["red"], total=d["yellow"] + d["red"],
                                             event=event_help)),
                       _die(x0, 58, d["yellow"], DIE_FILL["yellow"]), _die(x0 + 46, 58, d["red"], DIE_FILL["red"]),
                       tag("text", {"x": x0 + 92, "y": 87, "class": "big", "data-testid": "dice-total"},
                           "=", num(d["yellow"] + d["red"])),
                       tag("rect", {"x": x0 + 150, "y": 62, "width": 58, "height": 32, "rx": 5,
                                    "fill": TRACK_COLOUR.get(d["event"], "#444")}),
                       fit_text(x0 + 179, 83, 54, "sm", event_name(d["event"]), text_anchor="middle",
                                fill="#fff")))
    out.append(_dice_stats(view.get("dice_sums"), x0 + 4, 100))
    y = SIDE_PLAYERS_Y
    tips: list = []  # the tracks' hover cards, drawn over the panels
    rules = [".board .track-tip{display:none;pointer-events:none}"]
    for p in view["player_info"]:
        s = p["seat"]
        mark = " ◀" if s in view["to_move"] else ""
        out.append(tag("rect", {"x": x0, "y": y, "width": 420, "height": 92, "rx": 6, "fill": "#fffdf6",
                                "stroke": PLAYER_COLOURS[s], "stroke-width": 3,
                                "data-spot": f"panel-{s}"}))  # the position editor's spot: the seat's cards
        out.append(fit_text(x0 + 8, y + 18, 280, "hd", LETTERS[s], " ", names[s], mark))
        out.append(tag("g", {"transform": f"translate({x0 + 298} {y + 13}) scale(0.8)"}, icons.icon(
            "vp", 0, 0)))
        out.append(tag("text", {"x": x0 + 309, "y": y + 18, "class": "hd", "data-testid": f"vp-{s}"},
                       tr("{n} VP", n=p["vp"])))
        strength = tr("Active knights of {name}: strength {n}", name=names[s], n=p["knight_strength"])
        out.append(tag("g", {"data-testid": f"knights-{s}", "role": "img", "aria-label": strength},
                       tag("title", None, strength),
                       tag("g", {"transform": f"translate({x0 + 386} {y + 12}) scale(0.55)"},
                           icons.knight_shape(1, True, PLAYER_COLOURS[s] if s < 4 else icons.KNIGHT_INK)),
                       tag("text", {"x": x0 + 397, "y": y + 18, "class": "hd"}, num(p["knight_strength"]))))
        out.append(fit_text(x0 + 8, y + 37, 404, "sm",
                       tag("title", None, tr("Hand limit {limit}: on a 7, a player with more cards discards half "
                                             "(each city wall adds 2).", limit=p["limit"])),
                       tr("cards {cards}/{limit} · knights {knights} · road {road} · walls {walls}",
                          cards=p["cards"], limit=p["limit"], knights=p["knight_strength"], road=p["road_length"],
                          walls=p["walls"])))
        for t, (track, lvl, cards) in enumerate(zip(("trade", "politics", "science"), p["improvements"],
                                                     p["progress_by_track"])):
            bx = x0 + 8 + t * 136
            row = [icons.icon(f"deck-{track}", bx + 6, y + 52, 13),
                   fit_text(bx + 14, y + 57, 116, "tiny",
                            trn("{track} {level}/5 · {n} card", "{track} {level}/5 · {n} cards", cards,
                                track=track_name(track), level=lvl))]
            for k in range(5):
                row.append(tag("rect", {"x": bx + k * 20, "y": y + 62, "width": 17, "height": 10,
                                        "fill": TRACK_COLOUR[track] if k < lvl else "#eee", "stroke": "#999"}))
            key = f"{s}-{track}"
            out.append(tag("g", {"class": f"trk trk-{key}", "role": "img", "aria-label": _track_title(track, lvl),
                                 "data-testid": f"track-{key}"}, row))
            tips.append(_track_card(key, track, lvl, x0, y + 94))
            rules.append(f".board:has(.trk-{key}:hover) .track-tip-{key}{{display:inline}}")
        parts = p["vp_parts"]
        extra = [tr(VP_PARTS[k], n=v) if k in VP_PARTS else f"{k} {v}" for k, v in parts.items()
                 if v and k not in ("settlements", "cities")]
        out.append(fit_text(x0 + 8, y + 88, 404, "tiny", _(", ").join(extra)))
        y += 98
    out.append(tag("style", None, "".join(rules)))
    return tag("g", {"data-testid": "side"}, out, tips)


def _track_card(key: str, track: str, lvl: int, x: float, y: float) -> Safe:
    """A track's hover card (hidden until its track is hovered): the level, the next level's cost as
    commodity icons, when its progress cards are drawn and what the track brings."""
    if lvl >= 5:
        head = tr("{track} improvements: level {level} of 5.", track=track_name(track), level=lvl)
        cost = Safe("")
    else:
        head = tr("Level {n} of {track} costs", track=track_name(track), n=lvl + 1)
        cost = icons.icons_row({TRACK_COMMODITY[track]: lvl + 1}, x + 262, y + 15, 17, 2)
    draw = tr("Progress cards: red die {n} or less on a {track} event.", track=track_name(track), n=lvl + 1) \
        if lvl >= 1 else tr("At level 0 you draw no {track} progress cards.", track=track_name(track))
    lines = [draw, *_two_lines(_(TRACK_ABILITY[track]))]
    return tag("g", {"class": f"track-tip track-tip-{key}", "data-testid": f"track-tip-{key}"},
               tag("rect", {"x": x, "y": y, "width": 420, "height": 28 + 20 * len(lines), "rx": 6,
                            "fill": "#fffdf6", "stroke": TRACK_COLOUR[track], "stroke-width": 2}),
               fit_text(x + 8, y + 20, 246, "tiny", head), cost,
               [fit_text(x + 8, y + 40 + 20 * i, 404, "tiny", line) for i, line in enumerate(lines)])


def _two_lines(words: str, most: int = 52) -> list[str]:
    """A sentence too long for one line of a card (`most` Latin letters; a CJK character counts as two)
    split in two at the space nearest its middle (in the middle when it has none, as Japanese)."""
    widths = [2 if ord(c) >= 0x2E80 else 1 for c in words]
    if sum(widths) <= most:
        return [words]
    running = [sum(widths[:i + 1]) for i in range(len(widths))]
    mid = next(i for i, at in enumerate(running) if at >= running[-1] / 2)
    spaces = [i for i, c in enumerate(words) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - mid)) if spaces else mid + 1
    return [words[:cut].rstrip(), words[cut:].lstrip()]


def _die(x: float, y: float, n: int, fill: str) -> Safe:
    return join(tag("rect", {"x": x, "y": y, "width": 40, "height": 40, "rx": 6, "fill": fill, "stroke": "#222",
                             "stroke-width": 1.5}),
                tag("text", {"x": x + 20, "y": y + 29, "class": "big", "text-anchor": "middle"}, num(n)))


def _dice_stats(sums: object, x: float, y: float) -> Safe:
    """How often each sum 2-12 came up this game: a bar per sum, the count above it, the sum below."""
    if not isinstance(sums, list) or len(sums) != 11:
        return Safe("")
    top = max(max(sums), 1)
    total = sum(sums)
    title = tag("title", None, tr("Dice this game ({n} rolls): {counts}", n=total, counts=_(", ").join(
        tr("{sum}: {n}", sum=i + 2, n=c) for i, c in enumerate(sums))))
    out = [title]
    for i, c in enumerate(sums):
        bx = x + i * 37
        h = 30 * c / top
        out.append(tag("rect", {"x": fmt(bx), "y": fmt(y + 12 + 30 - h), "width": 24, "height": fmt(max(h, 1)),
                                "fill": "#c0001a" if i + 2 in (6, 8) else "#5a6b62"}))
        if c:
            out.append(tag("text", {"x": fmt(bx + 12), "y": fmt(y + 10 + 30 - h), "class": "tiny",
                                    "text-anchor": "middle"}, num(c)))
        out.append(tag("text", {"x": fmt(bx + 12), "y": fmt(y + 57), "class": "tiny", "text-anchor": "middle"},
                       num(i + 2)))
    return tag("g", {"data-testid": "dice-stats"}, out)


def _bottom_svg(view: dict, ui: dict, progress_at: tuple[float, float] = (560, 604)) -> Safe:
    me = ui.get("me")
    if me is None:
        return Safe("")
    info = view["player_info"][me]
    hand = info.get("hand") or {}
    rates = info.get("rates") or {}
    out = [tag("text", {"x": 20, "y": 604, "class": "hd"}, _("Your hand"))]
    for i, k in enumerate(KINDS):
        x = 20 + i * 66
        help_ = _(KIND_HELP[k])
        if isinstance(rates.get(k), int):
            help_ = tr("{help} Bank trade: {n} for 1.", help=help_, n=rates[k])
        out.append(_hand_card(ui, k, tag("g", {"data-testid": f"hand-{k}"}, tag("title", None, help_),
                       tag("rect", {"x": x, "y": 612, "width": 60, "height": 44, "rx": 5,
                                    "fill": "#fff" if i < 5 else "#f3ead8", **_hand_edge(ui, k)}),
                       icons.icon(k, x + 17, 628, 20),
                       tag("text", {"x": x + 43, "y": 634, "class": "hd", "text-anchor": "middle"},
                           num(hand.get(k, 0))),
                       fit_text(x + 30, 653, 57, "tiny", kind_name(k), text_anchor="middle")), (x, 612, 60, 44)))
    px, py = progress_at
    out.append(tag("text", {"x": px, "y": py, "class": "hd"}, _("Your progress cards")))
    for i, c in enumerate(info.get("progress") or []):
        y = py + 8 + i * 28
        title = tr("{card} ({track} progress card): {text}", card=card_name(c), track=track_name(CARD_TRACK.get(c)),
                   text=card_text(c))
        out.append(fit_text(px, y + 16, 1030 - px if px > 100 else 530, "sm", tag("title", None, title),
                            tag("tspan", {"font-weight": "700"}, card_name(c)), _(": "), card_text(c),
                            data_testid=f"progress-{i}"))
    return tag("g", {"class": "hand"}, out)


# ---- HTML panels -----------------------------------------------------------------------------------
PENDING_TEXT = {
    "setup_place": N_("place a settlement (first round) or a city (second round)"),
    "setup_road": N_("place a road"), "roll": N_("roll the dice"),
    "alchemist": N_("choose the yellow and red dice"), "main": N_("trade, build, play cards, then end the turn"),
    "discard": N_("discard cards"), "robber": N_("move the robber"), "steal": N_("choose whom to rob"),
    "aqueduct": N_("take a resource (Aqueduct)"), "pillage": N_("choose the city to lose"),
    "defender_draw": N_("choose a progress deck"), "toss": N_("discard a progress card"),
    "metropolis": N_("choose the city for the metropolis"), "relocate": N_("move the displaced knight"),
    "offer": N_("answer the trade offer"), "confirm": N_("choose a trade partner or cancel"),
    "card": N_("resolve the card"), "make_offer": N_("build a trade offer"),
}
CARD_PROMPT = {
    "engineer": N_("Engineer: choose a city for the free wall"),
    "inventor": N_("Inventor: choose two number tokens to swap"),
    "medicine": N_("Medicine: choose a settlement to upgrade"),
    "road_building": N_("Road Building: build up to 2 roads, or stop"),
    "diplomat_move": N_("Diplomat: place your removed road again, or stop"),
    "smith": N_("Smith: promote up to 2 knights, or stop"),
    "commercial_harbor": N_("Commercial Harbor: give each opponent a resource, or stop"),
    "commercial_give": N_("Commercial Harbor: give a commodity back"),
    "master_merchant": N_("Master Merchant: choose a player, then take 2 cards"),
    "spy": N_("Spy: choose a player, then take a progress card"),
    "deserter": N_("Deserter: choose an opponent"),
    "deserter_remove": N_("Deserter: remove one of your knights"),
    "deserter_place": N_("Deserter: place the deserting knight, or stop"),
    "merchant": N_("Merchant: place the merchant on a hex next to your building"),
    "merchant_fleet": N_("Merchant Fleet: choose the kind to trade 2:1"),
    "resource_monopoly": N_("Resource Monopoly: name a resource"),
    "trade_monopoly": N_("Trade Monopoly: name a commodity"),
    "diplomat": N_("Diplomat: choose an open road to remove"),
    "intrigue": N_("Intrigue: choose a knight to displace"),
}


def _bundle(kind: object, n: object) -> str:
    """'2 ore' in the interface language."""
    return tr("{n} {kind}", n=n, kind=kind_name(kind))


def status_text(view: dict, ui: dict) -> str:
    names = _names(view, ui)
    if view.get("over"):
        w = view["winner"]
        if words.you_at(w, names, ui.get("me")):
            return _("The game is over: you win.")
        return tr("The game is over: {name} wins.", name=_player(names, w))
    p = view["pending"] or {}
    who = _(", ").join(_player(names, s) for s in p.get("seats", []))
    kind = p.get("kind")
    what = _(PENDING_TEXT[kind]) if kind in PENDING_TEXT else str(kind or "")
    if kind == "card":
        c = p.get("card", "")
        what = _(CARD_PROMPT[c]) if c in CARD_PROMPT else tr("{card}: choose", card=card_name(c))
    mine = ui.get("me") in p.get("seats", [])
    if kind == "roll" and mine and ["play", "alchemist"] in [list(a) for a in _legal(ui)]:
        what = _("roll the dice (or play Alchemist)")
    if kind == "discard" and mine and isinstance(p.get("need"), list):
        me = ui["me"]
        have = (view["player_info"][me].get("cards") if 0 <= me < len(view["player_info"]) else None)
        what = tr("discard {n} of your {total} cards", n=p["need"][me], total=have)
    if kind == "offer":
        what = tr("offered {give} for {get} — accept, decline or counter", give=trade.bundle_text(p.get("give")),
                  get=trade.bundle_text(p.get("get")))
    return tr("{name}: {what}.", name=who, what=what)


STEP_CARD = {"commercial_give": "commercial_harbor", "deserter_remove": "deserter", "deserter_place": "deserter",
             "diplomat_move": "diplomat"}  # a card's later step -> the card


def _status_icons(view: dict, ui: dict) -> list[Safe]:
    """The icons that lead the status line: the VP medal when the game is over, the deck of the card being
    resolved (or of Alchemist, when it may be played before the roll), the progress decks when one is to
    be chosen or a card discarded, a knight when one is moved or removed."""
    if view.get("over"):
        return [icons.icon_html("vp")]
    p = view.get("pending") or {}
    kind = p.get("kind")
    if kind == "card" or (kind == "roll" and ["play", "alchemist"] in [list(a) for a in _legal(ui)]):
        card = p.get("card") if kind == "card" else "alchemist"
        track = CARD_TRACK.get(STEP_CARD.get(card, card))
        return [icons.icon_html(f"deck-{track}")] if track in TRACK_NAMES else []
    if kind in ("defender_draw", "toss"):
        return [icons.icon_html(f"deck-{t}") for t in TRACK_NAMES if kind == "defender_draw" or p.get("track") in
                (None, t)]
    if kind == "relocate":
        return [icons.knight_html(1, False)]
    return []


def status_html(view: dict, ui: dict) -> Safe:
    """The status line as `status_text` says it, led by the icons of what it is about (`_status_icons`)."""
    lead = _status_icons(view, ui)
    return join(tag("span", {"class": "ck-status-icons", "aria-hidden": "true"}, lead) if lead else None,
                " " if lead else None, status_text(view, ui))


def _button(act: tuple, label: str | Safe, testid: str, primary: bool = True) -> Safe:
    return tag("button", {"class": "primary" if primary else None, "data-act": json.dumps(list(act)),
                          "data-testid": testid, "data-key": testid}, label)


SIMPLE_ACTS = {"end": N_("End turn"), "roll": N_("Roll the dice"), "accept": N_("Accept"), "decline": N_("Decline"),
               "cancel": N_("Cancel"), "stop": N_("Done"), "remove": N_("Remove the knight"), "back": N_("Back"),
               "send": N_("Send")}


def _bank_label(a: tuple, view: dict | None, say: Wording) -> str:
    """'Bank: 4 brick → 1 ore' at this seat's rate (cards named by `say`)."""
    rates = {}
    me = view.get("seat") if view else None
    if view and isinstance(me, int):
        try:
            rates = view["player_info"][me].get("rates") or {}
        except (IndexError, KeyError, TypeError, AttributeError):
            rates = {}
    n = rates.get(a[1]) if isinstance(rates, dict) else None
    if isinstance(n, int):
        return tr("Bank: {give} → 1 {get}", give=say.cards({a[1]: n}) or _bundle(a[1], n), get=say.kind(a[2]))
    return tr("Bank: {give} → {get}", give=say.kind(a[1]), get=say.kind(a[2]))


KIND_ACTS = ("give", "take", "fleet", "name", "discard")  # actions whose first argument is a kind


def _act_html(a: tuple, view: dict | None, names: list[str]) -> Safe:
    """A button's label as markup: a bank trade with its cards as icons (named in words), else words."""
    if a[0] == "bank":
        marks: list[Safe] = []
        return icons.rich(_bank_label(a, view, Wording(marks)), marks)
    deal = trade.deal_html(view, a[1], names) if a[0] == "trade" and len(a) == 2 and view else None
    if deal is not None:
        return deal
    kind = a[2] if a[0] == "harbor" and len(a) > 2 else a[1] if a[0] in KIND_ACTS and len(a) > 1 else None
    if kind in KIND_NAMES:  # the card it names, as its icon before the words
        return join(icons.icon_html(str(kind)), " ", _act_label(a, view, names))
    picture = _act_icon(a)
    if picture:
        return join(picture, " ", _act_label(a, view, names))
    return Safe(join(_act_label(a, view, names)))


def _act_icon(a: tuple) -> Safe | None:
    """The icon of a move about a progress card (its deck's) or a knight (as the board draws it)."""
    if a[0] in ("play", "toss") and len(a) > 1 and CARD_TRACK.get(a[1]) in TRACK_NAMES:
        return icons.icon_html(f"deck-{CARD_TRACK[a[1]]}")
    if a[0] == "deck" and len(a) > 1 and a[1] in TRACK_NAMES:
        return icons.icon_html(f"deck-{a[1]}")
    knights = {"knight": (1, False), "activate": (1, True), "promote": (2, False), "move_knight": (1, True),
               "displace": (1, True), "chase": (1, True), "relocate": (1, False), "remove_knight": (1, False),
               "intrigue": (1, True)}
    if a[0] in knights:
        return icons.knight_html(*knights[a[0]])
    return None


def _act_label(a: tuple, view: dict | None = None, names: list[str] | None = None) -> str:
    k = a[0]
    names = names or []
    if k == "bank":
        return _bank_label(a, view, Wording())
    if k in ("offer", "counter") and len(a) == 1:
        return _("Offer a trade to the players…") if k == "offer" else _("Counter-offer…")
    if k == "play":
        return tr("Play {card}", card=card_name(a[1]))
    if k == "dice":
        return tr("Yellow {yellow}, red {red}", yellow=a[1], red=a[2])
    if k == "trade":
        return tr("Trade with {name}", name=_player(names, a[1]))
    if k == "steal":
        return tr("Rob {name}", name=_player(names, a[1]))
    if k == "target":
        return tr("Choose {name}", name=_player(names, a[1]))
    if k == "harbor":
        return tr("Give {resource} to {name}", resource=kind_name(a[2]), name=_player(names, a[1]))
    if k == "give":
        return tr("Give {commodity}", commodity=kind_name(a[1]))
    if k in ("ungive", "get", "unget") and len(a) == 2:
        return tr(trade.STEP_WORDS[k], kind=kind_name(a[1]))
    if k == "to":
        return tr("Offer to {name}", name=_player(names, a[1])) if len(a) == 2 else _("Offer to everyone")
    if k == "swap":
        where = [_hex_words(view, h) if view else tr("hex {n}", n=h) for h in a[1:3]]
        return tr("Swap the number tokens of {a} and {b}", a=where[0], b=where[1])
    if k == "improve":
        return tr("Improve {track}", track=track_name(a[1]))
    if k == "deck":
        return tr("Draw from the {track} deck", track=track_name(a[1]))
    if k == "toss":
        return tr("Discard {card}", card=card_name(a[1]))
    if k == "discard":
        return tr("Discard 1 {kind}", kind=kind_name(a[1]))
    if k == "take":
        return tr("Take {what}", what=kind_name(a[1]) if a[1] in KIND_NAMES else card_name(a[1]))
    if k == "fleet":
        return tr("Trade {kind} 2:1 this turn", kind=kind_name(a[1]))
    if k == "name":
        return tr("Name {kind}", kind=kind_name(a[1]))
    if k in SIMPLE_ACTS:
        return _(SIMPLE_ACTS[k])
    if k in ("place", "settlement", "city", "wall", "knight", "activate", "promote", "pillage", "metropolis",
             "relocate", "remove_knight", "intrigue", "chase", "road", "remove_road", "robber", "merchant",
             "move_knight", "displace"):
        return _label(a, view)
    return " ".join(str(x).replace("_", " ") for x in a)


def move_text(a: tuple) -> str:
    """A recorded move in the interface language (the replay's move list): as its button or target says it
    (without a view: hexes by number, players by seat)."""
    return _act_label(a)


def move_html(a: tuple) -> Safe:
    """`move_text` as markup for the replay's move list: cards, progress cards and knights as icons (as on
    the action buttons)."""
    return _act_html(a, None, [])


def action_buttons(view: dict, ui: dict) -> Safe:
    """Buttons for every legal action that is not a board target; board targets with several actions
    show their actions when selected; bank trades and offers open with a panel toggle."""
    legal = _legal(ui)
    if not legal:
        return Safe("")
    names = _names(view, ui)
    verts, edges, hexes = _targets(legal)
    on_board = {a for d in (verts, edges, hexes) for acts in d.values() for a in acts}
    sel = ui.get("selected")
    out = []
    if sel and sel[0] in "veh" and sel[1:].isdigit():
        table = {"v": verts, "e": edges, "h": hexes}[sel[0]]
        for a in table.get(int(sel[1:]), []):
            out.append(_button(a, _label(a, view), "sel-" + "-".join(str(x) for x in a)))
    groups: dict = {"bank": []}
    narrow = bool(ui.get("narrow"))
    out.append(build.build_menu(view, legal, sel, narrow))
    menu_open = build.menu_open(view, legal, sel, narrow)
    building = trade.builder_mode(view)
    if building:
        out.append(trade.builder_panel(view, legal, names))
    discarding = discard.need_of(view) > 0
    if discarding:
        out.append(discard.discard_panel(view, legal, sel))
    for a in legal:
        if a in on_board or (building and a[0] in trade.BUILDER_ACTS) or (menu_open and a[0] == "improve") \
                or (discarding and a[0] == "discard"):
            continue
        if a[0] in groups:
            groups[a[0]].append(a)
            continue
        testid = "-".join(str(x) for x in a) + "-btn"
        out.append(_button(a, _act_html(a, view, names), testid,
                           primary=a[0] not in ("end", "decline", "cancel", "stop", "back", "offer", "counter")))
    if groups["bank"]:
        out.append(bank.toggle(sel))
        out.append(bank.bank_panel(view, legal, sel))
    return join(out)


def summary(view: dict, names: list[str]) -> Safe:
    items = []
    knights: dict = {}  # seat -> its knights as the board draws them, strongest and active first
    for k in sorted(_knights(view), key=lambda k: (-k["level"], not k["active"])):
        words = tr("Active {knight}", knight=knight_name(k["level"])) if k["active"] else \
            tr("Inactive {knight}", knight=knight_name(k["level"]))
        knights.setdefault(k["seat"], []).append(tag("span", {"role": "img", "aria-label": words, "title": words},
                                                     icons.knight_html(k["level"], k["active"],
                                                                       PLAYER_COLOURS[k["seat"] % 4], 16)))
    for p in view["player_info"]:
        s = p["seat"]
        decks = [icons.icon_html(f"deck-{t}", 16) for t, n in zip(TRACKS, p.get("progress_by_track") or []) if n]
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[s]}"}, "■"), " ", LETTERS[s], " ",
                         names[s], ": ", icons.icon_html("vp", 16), _("VP"), " ",
                         tag("strong", {"data-testid": f"total-{s}"}, num(p["vp"])), _(", "),
                         trn("{n} card", "{n} cards", p["cards"]), _(", "), decks,
                         trn("{n} progress card", "{n} progress cards", p["progress_count"]), _(", "),
                         tr("knights {n}", n=p["knight_strength"]), knights.get(s)))
    offer = trade.offer_summary(view, names)
    return join(tag("h2", None, tr("Turn {n}", n=view["turn_no"])), tag("ul", {"class": "totals"}, "", items), offer)


def score_sheet(view: dict, names: list[str]) -> Safe:
    """VP by source for every player."""
    heads = (_("Player"), _("Settlements"), _("Cities"), _("Metropolises"), _("Longest road"), _("Defender"),
             _("VP cards"), _("Merchant"), _("Total"))
    rows = [tag("tr", None, [tag("th", None, h) for h in heads])]
    keys = ("settlements", "cities", "metropolises", "longest_road", "defender", "progress", "merchant")
    for p in view["player_info"]:
        s = p["seat"]
        parts = p["vp_parts"]
        rows.append(tag("tr", None, tag("td", None, LETTERS[s], " ", names[s]),
                        [tag("td", {"data-testid": f"sheet-{s}-{k}"}, num(parts[k])) for k in keys],
                        tag("td", {"data-testid": f"sheet-total-{s}"}, tag("strong", None, num(p["vp"])))))
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, tag("h2", None, _("Victory points")),
               tag("table", None, rows))


# Log entries are data from the engine ({"seat", "key", "params"}): a predicate about the player, worded in
# English with a third-person verb first ("builds a road"; words.sentence makes it "You build a road"), or a
# whole public line.
LOG_WORDS = {
    "roll": N_("rolls {yellow} + {red}, event die: {event}"),
    "setup_settlement": N_("places a settlement"), "setup_city": N_("places a city"),
    "setup_city_gain": N_("places a city, taking {cards}"), "road": N_("builds a road"),
    "settlement": N_("builds a settlement"), "city": N_("builds a city"), "wall": N_("builds a city wall"),
    "wall_free": N_("builds a city wall for free"), "knight": N_("recruits a {knight}"),
    "activate": N_("activates a knight"), "promote": N_("promotes a knight to a {knight}"),
    "improve": N_("improves {track} to level {level}"), "metropolis": N_("takes the {track} metropolis"),
    "metropolis_lost": N_("loses the {track} metropolis"), "move_knight": N_("moves a knight"),
    "displace": N_("displaces a knight belonging to {name}"), "chase": N_("chases the robber away"),
    "robber": N_("moves the robber"), "steal": N_("steals a card from {name}"),
    "steal_kind": N_("steals {kind} from {name}"), "bank": N_("trades {give} for 1 {get} with the bank"),
    "offer": N_("offers {give} for {get}"), "offer_to": N_("offers {give} for {get} to {name}"),
    "reply_accept": N_("accepts the offer"),
    "reply_decline": N_("declines the offer"), "reply_counter": N_("counters: gives {give} for {get}"),
    "reply": N_("answers the offer"), "trade": N_("trades {give} for {get} with {name}"),
    "no_trade": N_("makes no trade"), "play": N_("plays {card}"), "draw": N_("draws a {track} progress card"),
    "draw_card": N_("draws {card} ({track})"), "reveal": N_("reveals {card} (+1 VP)"),
    "toss": N_("discards a {track} progress card"), "toss_card": N_("returns {card} to its deck"),
    "aqueduct": N_("takes {kind} (aqueduct)"), "discard": N_("discards {cards}"),
    "discard_none": N_("discards cards"), "pillage": N_("loses a city to the barbarians"),
    "win": N_("wins with {vp} VP"), "harvest": N_("takes {cards}"),
    "monopoly": N_("names {kind}, receiving {n} from the others"), "merchant": N_("places the merchant"),
    "fleet": N_("trades {kind} 2:1 this turn (Merchant Fleet)"), "relocate": N_("moves a displaced knight"),
    "knight_lost": N_("loses a knight"), "desert": N_("removes a knight (Deserter)"),
    "remove_road": N_("removes a road belonging to {name}"),
    "intrigue": N_("displaces a knight belonging to {name} (Intrigue)"),
    "swap_tokens": N_("swaps two number tokens"), "spy": N_("takes a progress card from {name}"),
    "spy_card": N_("takes {card} from {name}"), "take": N_("takes a card from {name}"),
    "take_kind": N_("takes {kind} from {name}"), "target": N_("chooses {name} for {card}"),
    "harbor_offer": N_("gives {kind} to {name} (Commercial Harbor)"),
    "harbor_give": N_("gives {kind} to {name}"), "harbor_none": N_("has no commodity to give back"),
    "longest_road": N_("takes the Longest Road ({n})"),
}
PUBLIC_WORDS = {
    "turn": N_("Turn {n}: {name}"), "barbarians": N_("The barbarian ship advances to space {at} of {track}"),
    "produce": N_("Production on {total}: {gains}"), "produce_none": N_("Production on {total}: nothing"),
    "attack_won": N_("Catan repels the barbarians ({defence} against {strength}); {name} is the Defender of "
                     "Catan (+1 VP)"),
    "attack_won_you": N_("Catan repels the barbarians ({defence} against {strength}); you are the Defender of "
                         "Catan (+1 VP)"),
    "attack_tied": N_("Catan repels the barbarians ({defence} against {strength}); the strongest defenders "
                      "each draw a progress card"),
    "attack_lost": N_("The barbarians win ({strength} against {defence}); {names} each lose a city"),
    "attack_lost_none": N_("The barbarians win ({strength} against {defence})"),
    "longest_road_none": N_("Nobody holds the Longest Road now"),
}


def _obj(names: list[str], s: object) -> str:
    """A player named inside a sentence: English writes the person at the device as 'you'."""
    name = _player(names, s)
    return "you" if language() == "en" and words.is_you(name) else name


def _log_words(key: str, p: dict, names: list[str], say: Wording | None = None) -> tuple[str, bool]:
    """(words, public): a predicate about the entry's player, or a whole public line (cards named by `say`)."""
    p = p if isinstance(p, dict) else {}
    say = say or Wording()
    who = p.get("from") if key in ("steal", "spy", "take") else p.get("to") if key.startswith("harbor") else \
        p.get("victim") if key in ("displace", "intrigue") else p.get("owner") if key == "remove_road" else \
        p.get("with") if key == "trade" else p.get("target")
    fields = {"name": _obj(names, who), "kind": say.kind(p.get("kind")),
              "track": say.deck(p.get("track")) if key in ("draw", "toss") and "card" not in p
              else track_name(p.get("track")),
              "card": say.card(p.get("card")), "level": p.get("level", ""), "vp": say.vp(p.get("vp", "")),
              "n": p.get("n", ""), "knight": say.knight(p.get("level"), key != "knight")}
    if key in PUBLIC_WORDS or key in ("attack_won", "attack_lost", "produce"):
        return _public_words(key, p, names, say), True
    if key == "roll":
        fields.update(yellow=say.die(p.get("yellow", ""), "yellow"), red=say.die(p.get("red", ""), "red"),
                      event=event_name(p.get("event")))
    elif key == "setup_city" and _counts(p.get("gain")):
        key, fields["cards"] = "setup_city_gain", say.cards(p.get("gain"))
    elif key == "wall" and p.get("free"):
        key = "wall_free"
    elif key == "steal" and "kind" in p:
        key = "steal_kind"
    elif key in ("spy", "take") and ("card" in p or "kind" in p):
        key = "spy_card" if key == "spy" else "take_kind"
    elif key == "bank":
        n = p.get("n")
        give = say.cards({p.get("give"): n}) if isinstance(n, int) else _bundle(p.get("give"), "")
        fields.update(give=give, get=say.kind(p.get("get")))
    elif key in ("offer", "trade"):
        fields.update(give=say.cards(p.get("give"), _("nothing")), get=say.cards(p.get("get"), _("nothing")))
        if key == "offer" and isinstance(p.get("to"), int) and p["to"] >= 0:
            key, fields["name"] = "offer_to", _obj(names, p["to"])
    elif key == "reply":
        r = p.get("reply")
        if r == "counter":
            key = "reply_counter"
            fields.update(give=say.cards(p.get("give"), _("nothing")), get=say.cards(p.get("get"), _("nothing")))
        elif r in ("accept", "decline"):
            key = "reply_" + r
    elif key == "draw" and "card" in p:
        key = "draw_card"
    elif key == "toss" and "card" in p:
        key = "toss_card"
    elif key == "discard":
        fields["cards"] = say.cards(p.get("cards"))
        key = "discard" if fields["cards"] else "discard_none"
    elif key == "give":
        cards = say.cards(p.get("cards"))
        if cards:
            return tr("gives {cards} to {name}", cards=cards, name=_obj(names, p.get("to"))), False
        n = p.get("n") if isinstance(p.get("n"), int) else 0
        return trn("gives {n} card to {name}", "gives {n} cards to {name}", n, name=_obj(names, p.get("to"))), False
    elif key == "harvest":
        n = p.get("n")
        fields["cards"] = say.cards({p.get("kind"): n}) if isinstance(n, int) else _bundle(p.get("kind"), "")
    elif key == "monopoly":
        got = p.get("got") or []
        fields["n"] = sum(g[1] for g in got if isinstance(g, list) and len(g) == 2 and isinstance(g[1], int))
    elif key == "longest_road":
        fields["n"] = p.get("length", "")
    if key not in LOG_WORDS:
        return str(key).replace("_", " "), False
    return tr(LOG_WORDS[key], **fields), False


def _pub(key: str, **params: object) -> str:
    return tr(PUBLIC_WORDS[key], **params)


def _public_words(key: str, p: dict, names: list[str], say: Wording) -> str:
    if key == "turn":
        return _pub("turn", n=p.get("n", ""), name=_player(names, p.get("seat")))
    if key == "barbarians":
        return _pub("barbarians", at=p.get("at", ""), track=BARBARIAN_TRACK)
    if key == "produce":
        got: dict = {}  # seat -> {kind: n}: one entry per player, whatever the engine's order
        for g in p.get("got") or []:
            if isinstance(g, list) and len(g) == 3 and isinstance(g[2], int) and g[1] in KIND_NAMES:
                mine = got.setdefault(g[0], {})
                mine[g[1]] = mine.get(g[1], 0) + g[2]
        gains = [tr("{name} +{cards}", name=_player(names, s), cards=say.cards(c)) for s, c in got.items()
                 if _counts(c)]
        if not gains:
            return _pub("produce_none", total=p.get("total", ""))
        return _pub("produce", total=p.get("total", ""), gains=_("; ").join(gains))
    fight = {"defence": p.get("defence", ""), "strength": p.get("strength", "")}
    if key == "attack_won":
        if "defender" in p:
            if words.you_at(p.get("defender"), names):
                return _pub("attack_won_you", **fight)
            return _pub("attack_won", name=_player(names, p.get("defender")), **fight)
        return _pub("attack_tied", **fight)
    if key == "attack_lost":
        victims = [_player(names, q) for q in p.get("victims") or []]
        if victims:
            return _pub("attack_lost", names=_(", ").join(victims), **fight)
        return _pub("attack_lost_none", **fight)
    return _pub("longest_road_none")


def log_text(entry: dict, names: list[str], say: Wording | None = None) -> str:
    """One log line as a sentence about its player ("You build a road", "Anna builds a road" in English,
    "<name>: <words>" in the other languages); public lines (production, barbarians) stand alone."""
    key = entry.get("key")
    if key is None:
        return words.log_sentence(entry, names)
    seat = entry.get("seat")
    params = dict(entry.get("params") or {}) if isinstance(entry.get("params"), dict) else {}
    if key == "turn":
        params["seat"] = seat
    if key == "longest_road" and not (isinstance(seat, int) and 0 <= seat < len(names)):
        key = "longest_road_none"
    try:
        what, public = _log_words(str(key), params, names, say)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return str(key)
    return words.player_line(what, None if public else seat, names)


def log_html(entry: dict, names: list[str]) -> Safe:
    """The log line for the log panel: as `log_text`, with the dice, resources and commodities as icons
    (each named in words for screen readers and on hover) and every player's name after a square of their
    colour (the person at the device, "You", as it is: the sentence is conjugated for it)."""
    marks: list[Safe] = []
    shown = []
    for s, name in enumerate(icons.unmarked(n) for n in names):
        if words.is_you(name) or name == _("You"):
            shown.append(name)
        else:
            swatch = tag("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 10 10", "width": 10,
                                 "height": 10, "aria-hidden": "true", "style": "margin-inline-end:.2em"},
                         tag("rect", {"x": 0.5, "y": 0.5, "width": 9, "height": 9, "rx": 1.5,
                                      "fill": PLAYER_COLOURS[s % 4], "stroke": "#333"}))
            shown.append(icons.mark(marks, tag("span", {"class": "ck-who", "style": "white-space:nowrap"},
                                               swatch, tag("bdi", None, name))))
    line = log_text(entry, shown, Wording(marks))
    return icons.rich(line, marks)
