"""Catan: Cities & Knights table: a view (+ the local selection) -> one SVG string, plus the HTML panels.

Layout: the hex island on the left (terrain with a letter, number tokens with pips, 6 and 8 in red,
harbours, roads, settlements, cities, walls, metropolises, knights with level and active state, the
robber R and the merchant M); on the right the barbarian track, the dice with the event die, and one
panel per player (VP, cards, progress cards per deck, improvement levels, knight strength). The own hand
and progress cards (with their text) run along the bottom. Legal board targets are highlighted: a target
with one action plays it (data-act); a target with several (e.g. activate or promote a knight) is
selected (data-cmd="select") and its actions appear as buttons. Players are told apart by colour and a
letter (A-D) on every piece.
"""

from __future__ import annotations

import json
import math

from py_engine.games.catan_ck.data import EDGES, HEX_VERTS, HEXES, TRACKS, VERTS

from .markup import Safe, join, tag
from .svg import button_attrs, fmt, svg_root

BLURB = "Trade, build and knight your way to 13 points before the barbarians burn your cities."

PLAYER_COLOURS = ("#d55e00", "#0072b2", "#e6e6e6", "#009e73")
PLAYER_INK = ("#ffffff", "#ffffff", "#1b1b1b", "#ffffff")
LETTERS = ("A", "B", "C", "D")
TERRAIN_FILL = {"hills": "#c8643b", "forest": "#2f7a3a", "pasture": "#9fd36b", "fields": "#f0cf4f",
                "mountains": "#8e8e9a", "desert": "#e8d9a8"}
TERRAIN_LETTER = {"hills": "H", "forest": "F", "pasture": "P", "fields": "G", "mountains": "M", "desert": "D"}
KIND_LETTER = {"brick": "Br", "lumber": "Lu", "wool": "Wo", "grain": "Gr", "ore": "Or", "cloth": "Cl",
               "coin": "Co", "paper": "Pa"}
KINDS = ("brick", "lumber", "wool", "grain", "ore", "cloth", "coin", "paper")
TRACK_COLOUR = {"trade": "#e3b505", "politics": "#2f6fd6", "science": "#2e9a58"}
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
CARD_TEXT = {
    "alchemist": "Before rolling: choose the yellow and red dice.",
    "crane": "Your next city improvement this turn costs 1 commodity less.",
    "engineer": "Build a city wall for free.",
    "inventor": "Swap two number tokens (not 2, 6, 8, 12).",
    "irrigation": "Take 2 grain per fields hex next to your buildings.",
    "medicine": "Upgrade a settlement to a city for 2 ore + 1 grain.",
    "mining": "Take 2 ore per mountains hex next to your buildings.",
    "road_building": "Build 2 roads for free.",
    "smith": "Promote up to 2 knights for free.",
    "commercial_harbor": "Give each opponent a resource; they give you a commodity.",
    "master_merchant": "Look at the hand of a player with more VP; take 2 cards.",
    "merchant": "Place the merchant next to your building: 2:1 for its resource, +1 VP.",
    "merchant_fleet": "This turn trade one kind 2:1 with the bank.",
    "resource_monopoly": "Name a resource: each opponent gives you 2.",
    "trade_monopoly": "Name a commodity: each opponent gives you 1.",
    "bishop": "Move the robber; take a card from each player there.",
    "deserter": "An opponent removes a knight; place one of yours free.",
    "diplomat": "Remove an open road (move it if it is yours).",
    "intrigue": "Displace an opponent's knight on your road.",
    "saboteur": "Players with as many VP as you or more discard half.",
    "spy": "Look at an opponent's progress cards; take one.",
    "warlord": "Activate all your knights for free.",
    "wedding": "Players with more VP give you 2 cards each.",
    "printer": "1 VP.", "constitution": "1 VP.",
}

SIZE = 50.0
CX, CY = 300.0, 290.0
W, H = 1040, 760
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "num": "font:700 17px system-ui;text-anchor:middle", "red": "fill:#c0001a",
    "tl": "font:600 11px system-ui;fill:#1b1b1b;text-anchor:middle", "hd": "font:600 14px system-ui;fill:#1d2521",
    "sm": "font:12px system-ui;fill:#222", "tiny": "font:10px system-ui;fill:#222",
    "pl": "font:700 10px system-ui;text-anchor:middle", "target": "fill:#ffe066;fill-opacity:.55;stroke:#b8860b;"
                                                                     "stroke-width:2;cursor:pointer",
    "etarget": "stroke:#ffd000;stroke-width:9;stroke-opacity:.7;cursor:pointer",
    "sel": "stroke:#d00;stroke-width:3;fill:none",
}.items()))


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


def _label(a: tuple) -> str:
    names = {"place": "Place here", "settlement": "Build a settlement", "city": "Build a city",
             "wall": "Build a city wall", "knight": "Recruit a knight", "activate": "Activate the knight",
             "promote": "Promote the knight", "pillage": "Lose this city", "metropolis": "Metropolis here",
             "relocate": "Move the displaced knight here", "remove_knight": "Remove this knight",
             "intrigue": "Displace this knight", "chase": "Chase the robber with this knight",
             "road": "Build a road", "remove_road": "Remove this road", "robber": "Move the robber here",
             "merchant": "Place the merchant here"}
    if a[0] == "move_knight":
        return f"Move the knight from {a[1]} here"
    if a[0] == "displace":
        return f"Displace with the knight from {a[1]}"
    return names.get(a[0], " ".join(str(x) for x in a))


def _control(actions: list[tuple], key: str, selected: str | None, shape: Safe, label: str) -> Safe:
    if len(actions) == 1:
        attrs = button_attrs(_label(actions[0]), act=actions[0], testid=f"t-{key}")
    else:
        attrs = button_attrs(label, cmd="select", arg=key, testid=f"t-{key}")
    return tag("g", attrs, shape)


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    verts, edges, hexes = _targets(legal)
    sel = ui.get("selected")
    pos = _vertex_positions(view)
    hv = _hex_vertices(view, pos)
    parts: list = [STYLE, tag("rect", {"x": 0, "y": 0, "width": W, "height": H, "fill": "#f7f3ea"}),
                   tag("circle", {"cx": CX, "cy": CY, "r": 5.2 * SIZE, "fill": "#5fa8d3"})]
    hexlist = _hexes(view)
    for h in hexlist:
        parts.append(_hex_svg(view, h, hv[h["id"]], pos))
    for e, kind in view["harbours"]:
        parts.append(_harbour_svg({"edge": e, "kind": kind, "verts": EDGES[e]}, pos))
    for e, s in view["roads"]:
        a, b = EDGES[e]
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2),
                                  "stroke": "#1b1b1b", "stroke-width": 8, "stroke-linecap": "round"}))
        parts.append(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2),
                                  "stroke": PLAYER_COLOURS[s], "stroke-width": 5, "stroke-linecap": "round",
                                  "data-testid": f"road-{e}"}))
    for b in _buildings(view):
        parts.append(_building_svg(b, pos))
    for k in _knights(view):
        parts.append(_knight_svg(k, pos))
    # targets on top
    for e, acts in sorted(edges.items()):
        a, b = _edge_verts(e, view, pos)
        (x1, y1), (x2, y2) = pos[a], pos[b]
        line = join(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2), "class": "etarget"}),
                    tag("circle", {"cx": fmt((x1 + x2) / 2), "cy": fmt((y1 + y2) / 2), "r": 7, "class": "target"}))
        parts.append(_control(acts, f"e{e}", sel, line, "Road here"))
    for h, acts in sorted(hexes.items()):
        cx, cy = _hex_centre(hexlist[h])
        shape = tag("circle", {"cx": fmt(cx), "cy": fmt(cy - 20), "r": 11, "class": "target"})
        parts.append(_control(acts, f"h{h}", sel, shape, "Hex"))
    for v, acts in sorted(verts.items()):
        x, y = pos[v]
        shape = tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 10, "class": "target"})
        parts.append(_control(acts, f"v{v}", sel, shape, f"Intersection {v}: choose"))
        if sel == f"v{v}":
            parts.append(tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 14, "class": "sel"}))
    parts.append(_side_svg(view, ui))
    parts.append(_bottom_svg(view, ui))
    pending = view.get("pending") or {}
    mine = ui.get("me") is not None and ui.get("me") in (pending.get("seats") or [])
    return svg_root(W, H, "Catan: Cities & Knights board", *parts, data_testid="ck-board",
                    data_mine="1" if mine and legal else "0", data_decision=pending.get("kind", "over"))


def _edge_verts(e: int, view: dict, pos: dict) -> tuple[int, int]:
    return EDGES[e]


def _hex_svg(view: dict, h: dict, vs: list[int], pos: dict) -> Safe:
    pts = " ".join(f"{fmt(pos[v][0])},{fmt(pos[v][1])}" for v in vs)
    cx, cy = _hex_centre(h)
    t = h["terrain"]
    out = [tag("polygon", {"points": pts, "fill": TERRAIN_FILL[t], "stroke": "#6b5b3a", "stroke-width": 2}),
           tag("text", {"x": fmt(cx), "y": fmt(cy - 24), "class": "tl"}, TERRAIN_LETTER[t], " ", t)]
    n = h["number"]
    if n:
        out.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy + 4), "r": 15, "fill": "#fbf3dc", "stroke": "#6b5b3a"}))
        out.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 9), "class": "num red" if n in (6, 8) else "num"}, n))
        out.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 18), "class": "tiny", "text-anchor": "middle"},
                       "•" * PIPS.get(n, 0)))
    if view["robber"] == h["id"]:
        out.append(tag("g", {"data-testid": "robber"},
                       tag("circle", {"cx": fmt(cx + 22), "cy": fmt(cy + 4), "r": 10, "fill": "#222"}),
                       tag("text", {"x": fmt(cx + 22), "y": fmt(cy + 8), "class": "pl", "fill": "#fff"}, "R")))
    if view["merchant"] == h["id"]:
        s = view["merchant_owner"]
        out.append(tag("g", {"data-testid": "merchant"},
                       tag("rect", {"x": fmt(cx - 34), "y": fmt(cy - 6), "width": 16, "height": 16,
                                    "fill": PLAYER_COLOURS[s], "stroke": "#222"}),
                       tag("text", {"x": fmt(cx - 26), "y": fmt(cy + 6), "class": "pl",
                                    "fill": PLAYER_INK[s]}, "M")))
    return tag("g", {"data-testid": f"hex-{h['id']}"}, out)


def _harbour_svg(hb: dict, pos: dict) -> Safe:
    a, b = hb["verts"]
    (x1, y1), (x2, y2) = pos[a], pos[b]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = mx - CX, my - CY
    d = math.hypot(dx, dy) or 1.0
    hx, hy = mx + dx / d * 22, my + dy / d * 22
    label = "3:1" if hb["kind"] == "3:1" else f"2:1 {KIND_LETTER[hb['kind']]}"
    return tag("g", {"data-testid": f"harbour-{hb['edge']}"},
               tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(hx), "y2": fmt(hy), "stroke": "#6b4f2a",
                            "stroke-width": 2}),
               tag("line", {"x1": fmt(x2), "y1": fmt(y2), "x2": fmt(hx), "y2": fmt(hy), "stroke": "#6b4f2a",
                            "stroke-width": 2}),
               tag("circle", {"cx": fmt(hx), "cy": fmt(hy), "r": 15, "fill": "#fff8e6", "stroke": "#6b4f2a"}),
               tag("text", {"x": fmt(hx), "y": fmt(hy + 4), "class": "tiny", "text-anchor": "middle"}, label))


def _building_svg(b: dict, pos: dict) -> Safe:
    x, y = pos[b["v"]]
    s = b["seat"]
    fill, ink = PLAYER_COLOURS[s], PLAYER_INK[s]
    out = []
    if b["wall"]:
        out.append(tag("rect", {"x": fmt(x - 15), "y": fmt(y - 15), "width": 30, "height": 30, "fill": "#7a6a55",
                                "stroke": "#222"}))
    if b["type"] == "city":
        out.append(tag("path", {"d": f"M{fmt(x - 12)} {fmt(y + 9)}V{fmt(y - 3)}L{fmt(x - 5)} {fmt(y - 10)}"
                                     f"L{fmt(x + 2)} {fmt(y - 3)}H{fmt(x + 12)}V{fmt(y + 9)}Z",
                                "fill": fill, "stroke": "#111", "stroke-width": 1.5}))
        if b["metropolis"]:
            out.append(tag("circle", {"cx": fmt(x), "cy": fmt(y - 16), "r": 7, "fill": TRACK_COLOUR[b["metropolis"]],
                                      "stroke": "#111"}))
            out.append(tag("text", {"x": fmt(x), "y": fmt(y - 12), "class": "pl", "fill": "#fff"}, "★"))
    else:
        out.append(tag("path", {"d": f"M{fmt(x - 8)} {fmt(y + 7)}V{fmt(y - 2)}L{fmt(x)} {fmt(y - 9)}"
                                     f"L{fmt(x + 8)} {fmt(y - 2)}V{fmt(y + 7)}Z",
                                "fill": fill, "stroke": "#111", "stroke-width": 1.5}))
    out.append(tag("text", {"x": fmt(x), "y": fmt(y + 6), "class": "pl", "fill": ink}, LETTERS[s]))
    kind = "metropolis" if b["metropolis"] else b["type"]
    return tag("g", {"data-testid": f"{kind}-{b['v']}", "aria-label": f"{kind} of player {LETTERS[s]}"}, out)


def _knight_svg(k: dict, pos: dict) -> Safe:
    x, y = pos[k["v"]]
    s = k["seat"]
    fill = PLAYER_COLOURS[s] if k["active"] else "#ffffff"
    ink = PLAYER_INK[s] if k["active"] else "#111"
    return tag("g", {"data-testid": f"knight-{k['v']}",
                     "aria-label": f"{'active' if k['active'] else 'inactive'} level {k['level']} knight"},
               tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 10, "fill": fill, "stroke": PLAYER_COLOURS[s],
                              "stroke-width": 3}),
               tag("text", {"x": fmt(x), "y": fmt(y + 4), "class": "pl", "fill": ink}, LETTERS[s], k["level"]))


def _names(view: dict, ui: dict) -> list[str]:
    return ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]


def _side_svg(view: dict, ui: dict) -> Safe:
    x0 = 610
    names = _names(view, ui)
    out = [tag("text", {"x": x0, "y": 24, "class": "hd"}, "Barbarians ", view["barbarians"], "/",
               view["barbarian_track"], " · strength ", view["barbarian_strength"], " vs knights ", view["defence"])]
    for i in range(view["barbarian_track"] + 1):
        filled = i == view["barbarians"]
        out.append(tag("rect", {"x": x0 + i * 30, "y": 32, "width": 26, "height": 18, "rx": 3,
                                "fill": "#3b2a1a" if filled else "#e9dcc2", "stroke": "#6b4f2a"}))
        out.append(tag("text", {"x": x0 + i * 30 + 13, "y": 45, "class": "tiny", "text-anchor": "middle",
                                "fill": "#fff" if filled else "#222"}, "⛵" if filled else i))
    robber = "robber active" if view["robber_active"] else "robber locked until the first attack"
    out.append(tag("text", {"x": x0 + 250, "y": 45, "class": "tiny"}, robber))
    d = view["dice"]
    if d:
        out.append(tag("g", {"data-testid": "dice"}, _die(x0, 60, d["yellow"], "#f2d14c"), _die(x0 + 40, 60, d["red"],
                                                                                            "#d2453a"),
                       tag("rect", {"x": x0 + 80, "y": 60, "width": 70, "height": 30, "rx": 5,
                                    "fill": TRACK_COLOUR.get(d["event"], "#444")}),
                       tag("text", {"x": x0 + 115, "y": 80, "class": "sm", "text-anchor": "middle", "fill": "#fff"},
                           d["event"])))
    y = 104
    for p in view["player_info"]:
        s = p["seat"]
        mark = " ◀" if s in view["to_move"] else ""
        out.append(tag("rect", {"x": x0, "y": y, "width": 420, "height": 92, "rx": 6, "fill": "#fffdf6",
                                "stroke": PLAYER_COLOURS[s], "stroke-width": 3}))
        out.append(tag("text", {"x": x0 + 8, "y": y + 18, "class": "hd"}, LETTERS[s], " ", names[s], mark))
        out.append(tag("text", {"x": x0 + 300, "y": y + 18, "class": "hd", "data-testid": f"vp-{s}"},
                       p["vp"], " VP"))
        prog = " ".join(f"{t[0].upper()}{n}" for t, n in zip(("trade", "politics", "science"), p["progress_by_track"]))
        out.append(tag("text", {"x": x0 + 8, "y": y + 36, "class": "sm"},
                       "cards ", p["cards"], "/", p["limit"], " · progress ", prog, " · knights ",
                       p["knight_strength"], " · road ", p["road_length"], " · walls ", p["walls"]))
        for t, (track, lvl) in enumerate(zip(("trade", "politics", "science"), p["improvements"])):
            bx = x0 + 8 + t * 136
            out.append(tag("text", {"x": bx, "y": y + 56, "class": "tiny"}, track, " ", lvl, "/5"))
            for k in range(5):
                out.append(tag("rect", {"x": bx + k * 20, "y": y + 62, "width": 17, "height": 10,
                                        "fill": TRACK_COLOUR[track] if k < lvl else "#eee", "stroke": "#999"}))
        parts = p["vp_parts"]
        extra = [f"{k.replace('_', ' ')} {v}" for k, v in parts.items() if v and k not in ("settlements", "cities")]
        out.append(tag("text", {"x": x0 + 8, "y": y + 87, "class": "tiny"}, ", ".join(extra)))
        y += 98
    return tag("g", {"data-testid": "side"}, out)


def _die(x: float, y: float, n: int, fill: str) -> Safe:
    return join(tag("rect", {"x": x, "y": y, "width": 30, "height": 30, "rx": 5, "fill": fill, "stroke": "#222"}),
                tag("text", {"x": x + 15, "y": y + 21, "class": "hd", "text-anchor": "middle"}, n))


def _bottom_svg(view: dict, ui: dict) -> Safe:
    me = ui.get("me")
    if me is None:
        return Safe("")
    info = view["player_info"][me]
    hand = info.get("hand") or {}
    out = [tag("text", {"x": 20, "y": 604, "class": "hd"}, "Your hand")]
    for i, k in enumerate(KINDS):
        x = 20 + i * 66
        out.append(tag("g", {"data-testid": f"hand-{k}"},
                       tag("rect", {"x": x, "y": 612, "width": 60, "height": 44, "rx": 5,
                                    "fill": "#fff" if i < 5 else "#f3ead8", "stroke": "#555"}),
                       tag("text", {"x": x + 30, "y": 630, "class": "sm", "text-anchor": "middle"}, k),
                       tag("text", {"x": x + 30, "y": 650, "class": "hd", "text-anchor": "middle"}, hand.get(k, 0))))
    out.append(tag("text", {"x": 560, "y": 604, "class": "hd"}, "Your progress cards"))
    for i, c in enumerate(info.get("progress") or []):
        y = 612 + i * 28
        out.append(tag("text", {"x": 560, "y": y + 14, "class": "sm", "data-testid": f"progress-{i}"},
                       tag("tspan", {"font-weight": "700"}, c.replace("_", " ")), ": ", CARD_TEXT.get(c, "")))
    return tag("g", None, out)


# ---- HTML panels -----------------------------------------------------------------------------------
PENDING_TEXT = {
    "setup_place": "place a settlement (first round) or a city (second round)", "setup_road": "place a road",
    "roll": "roll the dice (or play Alchemist)", "alchemist": "choose the yellow and red dice",
    "main": "trade, build, play cards, then end the turn", "discard": "discard cards", "robber": "move the robber",
    "steal": "choose whom to rob", "aqueduct": "take a resource (Aqueduct)", "pillage": "choose the city to lose",
    "defender_draw": "choose a progress deck", "toss": "discard a progress card",
    "metropolis": "choose the city for the metropolis", "relocate": "move the displaced knight",
    "offer": "answer the trade offer", "confirm": "choose a trade partner or cancel", "card": "resolve the card",
    "make_offer": "choose what to offer (n of one kind for m of another)",
}


def status_text(view: dict, ui: dict) -> str:
    if view.get("over"):
        names = _names(view, ui)
        return f"The game is over: {names[view['winner']]} wins."
    names = _names(view, ui)
    p = view["pending"] or {}
    who = ", ".join(names[s] for s in p.get("seats", []))
    what = PENDING_TEXT.get(p.get("kind"), p.get("kind", ""))
    if p.get("kind") == "card":
        what = f"{p.get('card', '').replace('_', ' ')}: choose"
    if p.get("kind") == "offer":
        what = f"offered {p['give'][1]} {p['give'][0]} for {p['get'][1]} {p['get'][0]} — accept, decline or counter"
    return f"{who}: {what}."


def _button(act: tuple, label: str, testid: str, primary: bool = True) -> Safe:
    return tag("button", {"class": "primary" if primary else None, "data-act": json.dumps(list(act)),
                          "data-testid": testid, "data-key": testid}, label)


def _act_label(a: tuple) -> str:
    k = a[0]
    if k == "bank":
        return f"Bank: {a[1]} → {a[2]}"
    if k in ("offer", "counter") and len(a) == 1:
        return "Make an offer to the players" if k == "offer" else "Counter-offer"
    if k in ("offer", "counter"):
        return f"{'Offer' if k == 'offer' else 'Counter'}: {a[2]} {a[1]} for {a[4]} {a[3]}"
    if k == "play":
        return f"Play {a[1].replace('_', ' ')}"
    if k == "dice":
        return f"Yellow {a[1]}, red {a[2]}"
    if k == "trade":
        return f"Trade with player {LETTERS[a[1]]}"
    if k in ("steal", "target"):
        return f"Player {LETTERS[a[1]]}"
    if k == "harbor":
        return f"Give {a[2]} to player {LETTERS[a[1]]}"
    if k == "swap":
        return f"Swap tokens on hexes {a[1]} and {a[2]}"
    simple = {"end": "End turn", "roll": "Roll", "accept": "Accept", "decline": "Decline", "cancel": "Cancel",
              "stop": "Done", "remove": "Remove the knight", "back": "Back"}
    if k in simple:
        return simple[k]
    return " ".join(str(x).replace("_", " ") for x in a)


def action_buttons(view: dict, ui: dict) -> Safe:
    """Buttons for every legal action that is not a board target; board targets with several actions
    show their actions when selected; bank trades and offers open with a panel toggle."""
    legal = _legal(ui)
    if not legal:
        return Safe("")
    verts, edges, hexes = _targets(legal)
    on_board = {a for d in (verts, edges, hexes) for acts in d.values() for a in acts}
    sel = ui.get("selected")
    out = []
    if sel and sel[0] in "veh" and sel[1:].isdigit():
        table = {"v": verts, "e": edges, "h": hexes}[sel[0]]
        for a in table.get(int(sel[1:]), []):
            out.append(_button(a, _label(a), "sel-" + "-".join(str(x) for x in a)))
    groups: dict = {"bank": []}
    for a in legal:
        if a in on_board:
            continue
        if a[0] in groups:
            groups[a[0]].append(a)
            continue
        testid = "-".join(str(x) for x in a) + "-btn"
        out.append(_button(a, _act_label(a), testid,
                           primary=a[0] not in ("end", "decline", "cancel", "stop", "back", "offer", "counter")))
    for g, label in (("bank", "Bank trade…"),):
        if groups[g]:
            out.append(tag("button", {"data-cmd": "select", "data-arg": f"panel-{g}", "data-testid": f"panel-{g}",
                                      "data-key": f"panel-{g}"}, label))
            if sel == f"panel-{g}":
                out.append(tag("div", {"class": "trade-panel", "data-testid": f"panel-{g}-list"},
                               [_button(a, _act_label(a), "-".join(str(x) for x in a) + "-btn", primary=False)
                                for a in groups[g]]))
    return join(out)


def summary(view: dict, names: list[str]) -> Safe:
    items = []
    for p in view["player_info"]:
        s = p["seat"]
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[s]}"}, "■"), " ", LETTERS[s], " ",
                         names[s], ": ", tag("strong", {"data-testid": f"total-{s}"}, p["vp"]), " VP, ", p["cards"],
                         " cards, ", p["progress_count"], " progress"))
    offer = None
    pend = view.get("pending") or {}
    if pend.get("kind") in ("offer", "confirm"):
        rows = []
        for s, r in enumerate(pend.get("replies") or []):
            if r and r[0] == "self":
                continue
            rows.append(tag("li", {"data-testid": f"reply-{s}"}, names[s], ": ",
                            "waiting" if r is None else " ".join(str(x) for x in r)))
        offer = join(tag("h3", None, "Offer: ", pend["give"][1], " ", pend["give"][0], " for ", pend["get"][1], " ",
                         pend["get"][0]), tag("ul", None, "", rows))
    return join(tag("h2", None, "Turn ", view["turn_no"]), tag("ul", {"class": "totals"}, "", items), offer)


def score_sheet(view: dict, names: list[str]) -> Safe:
    """VP by source for every player."""
    heads = ("Player", "Settlements", "Cities", "Metropolises", "Longest road", "Defender", "VP cards", "Merchant",
             "Total")
    rows = [tag("tr", None, [tag("th", None, h) for h in heads])]
    keys = ("settlements", "cities", "metropolises", "longest_road", "defender", "progress", "merchant")
    for p in view["player_info"]:
        s = p["seat"]
        parts = p["vp_parts"]
        rows.append(tag("tr", None, tag("td", None, LETTERS[s], " ", names[s]),
                        [tag("td", {"data-testid": f"sheet-{s}-{k}"}, parts[k]) for k in keys],
                        tag("td", {"data-testid": f"sheet-total-{s}"}, tag("strong", None, p["vp"]))))
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, tag("h2", None, "Victory points"),
               tag("table", None, rows))


LOG_TEXT = {
    "turn": "turn {n}", "roll": "rolls {yellow}+{red}, event {event}", "barbarians": "the barbarians advance to {at}",
    "setup_settlement": "places a settlement", "setup_city": "places a city", "road": "builds a road",
    "settlement": "builds a settlement", "city": "builds a city", "wall": "builds a city wall",
    "knight": "recruits a knight", "activate": "activates a knight", "promote": "promotes a knight to {level}",
    "improve": "improves {track} to level {level}", "metropolis": "places the {track} metropolis",
    "metropolis_lost": "loses the {track} metropolis", "move_knight": "moves a knight",
    "displace": "displaces a knight", "chase": "chases the robber", "robber": "moves the robber",
    "steal": "steals a card", "bank": "trades {n} {give} for 1 {get} with the bank",
    "offer": "offers a trade", "reply": "answers the offer", "trade": "trades with another player",
    "no_trade": "makes no trade", "play": "plays {card}", "draw": "draws a {track} card",
    "reveal": "reveals {card} (1 VP)", "toss": "discards a {track} card", "produce": "production on {total}",
    "aqueduct": "takes {kind} (Aqueduct)", "discard": "discards cards", "give": "gives {n} cards",
    "pillage": "loses a city to the barbarians", "attack_won": "Catan repels the barbarians ({defence} vs "
                                                               "{strength})",
    "attack_lost": "the barbarians win ({strength} vs {defence})", "longest_road": "Longest Road changes hands",
    "win": "wins with {vp} VP", "harvest": "takes {n} {kind}", "monopoly": "monopoly on {kind}",
    "merchant": "places the merchant", "fleet": "Merchant Fleet on {kind}", "relocate": "relocates a knight",
    "knight_lost": "loses a knight", "desert": "a knight deserts", "remove_road": "a road is removed",
    "intrigue": "displaces a knight by intrigue", "swap_tokens": "swaps two number tokens",
    "spy": "takes a progress card", "take": "takes a card", "target": "targets a player",
    "harbor_offer": "offers a {kind} in a commercial harbor", "harbor_give": "gives a {kind}",
    "harbor_none": "has no commodity",
}


def log_text(entry: dict, names: list[str]) -> str:
    fmt_s = LOG_TEXT.get(entry.get("key"), entry.get("key", ""))
    params = {k: (v.replace("_", " ") if isinstance(v, str) else v) for k, v in (entry.get("params") or {}).items()}
    try:
        return fmt_s.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(entry.get("key", ""))
