"""Islands in the Mist table: a view (+ the local selection) -> one SVG string.

Layout: the dice and the clouds (and the harbour) on top; the shown player's island as a pointy-top hex
map (coasts, movement values, volcanoes, energy drops, '?' and draw spaces, placed tiles, the balloon)
with its telescope and energy below; the other islands as small maps on the right (click one to show it
large). Two-step choices use ui["selected"]: "t<tile id>" picks a telescope tile (then a highlighted
hex places it), "f<space>" / "d<dock>" previews a flight (path and energy cost; the button confirms),
"i<seat>" shows another player's island. Players carry a colour and a letter (A-D); terrains carry
two-letter codes, so nothing relies on colour alone.
"""

from __future__ import annotations

import json
import math

from .markup import Safe, join, tag
from .svg import button_attrs, fmt, svg_root

BLURB = "Fly a balloon over your misty island, reveal its terrain and link all six coasts."

PLAYER_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#cc79a7")
PLAYER_LETTERS = ("A", "B", "C", "D")
TERRAIN_FILL = {"forest": "#2e7d32", "meadow": "#9ccc65", "mountain": "#8d6e63", "desert": "#f0c75e",
                "swamp": "#4f7f73", "canyon": "#c0674a"}
TERRAIN_CODE = {"forest": "Fo", "meadow": "Me", "mountain": "Mo", "desert": "De", "swamp": "Sw", "canyon": "Ca"}
TILE_CODE = {"wild": "W*", "city": "Ci", "monument": "Mn", "start": "St", "office": "Of", "harbour_office": "HO",
             "lookout_small": "L2", "lookout_large": "L4", "wind_machine": "WM", "royal_couple": "RC"}
TILE_FILL = {"wild": "#ffffff", "city": "#6d6875", "monument": "#b08968", "start": "#222222", "office": "#3d5a80",
             "harbour_office": "#3d5a80", "lookout_small": "#5e548e", "lookout_large": "#5e548e",
             "wind_machine": "#5e548e", "royal_couple": "#9a031e"}
SPACE_FILL = {"fog": "#e9eef2", "yard": "#fff3c4", "volcano": "#f4b6a8", "energy": "#cfe8fc", "question": "#e6dcf5",
              "draw2": "#e6dcf5", "draw1energy": "#e6dcf5"}
BONUS_TEXT = {"energy1": "+1 energy", "energy2": "+2 energy", "tile": "a tile for everyone", "move1": "+1 movement",
              "reverse": "reverse allowed", "turn60": "±60° allowed"}
DIR_ANGLE = {"E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240, "NE": 300}
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "mv": "font:9px system-ui;fill:#333", "tc": "font:700 10px system-ui", "tv": "font:9px system-ui",
    "hd": "font:600 14px system-ui;fill:#1d2521", "sm": "font:12px system-ui;fill:#333",
    "target": "fill:none;stroke:#0072b2;stroke-width:3", "sel": "fill:none;stroke:#e69f00;stroke-width:4",
    "path": "fill:none;stroke:#d55e00;stroke-width:3;stroke-dasharray:6 4",
}.items()))

W, H = 1040, 760
MAIN_R = 26
SMALL_R = 10
SQ3 = math.sqrt(3)


def hex_xy(q: int, r: int, size: float, ox: float, oy: float) -> tuple[float, float]:
    return ox + size * SQ3 * (q + r / 2), oy + size * 1.5 * r


def hex_points(cx: float, cy: float, size: float) -> str:
    pts = []
    for k in range(6):
        a = math.radians(60 * k - 30)
        pts.append(f"{fmt(cx + size * math.cos(a))},{fmt(cy + size * math.sin(a))}")
    return " ".join(pts)


def tile_label(tile: dict) -> str:
    if tile["kind"] == "terrain":
        return TERRAIN_CODE[tile["terrain"]]
    return TILE_CODE.get(tile["kind"], "?")


def tile_value(tile: dict) -> str:
    v = tile["value"]
    return f"{v[0]}-{v[1]}" if isinstance(v, list) else str(v)


def tile_name(tile: dict) -> str:
    kind = tile["terrain"] if tile["kind"] == "terrain" else tile["kind"].replace("_", " ")
    return f"{kind} {tile_value(tile)}"


def tile_fill(tile: dict) -> str:
    return TERRAIN_FILL[tile["terrain"]] if tile["kind"] == "terrain" else TILE_FILL.get(tile["kind"], "#999")


def tile_ink(tile: dict) -> str:
    return "#111" if tile["kind"] in ("wild",) or tile.get("terrain") in ("meadow", "desert") else "#fff"


def tile_chip(tile: dict, x: float, y: float, s: float = 30, extra: dict | None = None) -> Safe:
    """A square tile: code and value (a telescope, cloud or harbour tile)."""
    return tag("g", {"transform": f"translate({fmt(x)},{fmt(y)})", **(extra or {})},
               tag("title", None, tile_name(tile)),
               tag("rect", {"width": s, "height": s, "rx": 4, "fill": tile_fill(tile), "stroke": "#222"}),
               tag("text", {"x": s / 2, "y": s * 0.45, "class": "tc", "fill": tile_ink(tile), "text-anchor": "middle"},
                   tile_label(tile)),
               tag("text", {"x": s / 2, "y": s * 0.85, "class": "tv", "fill": tile_ink(tile), "text-anchor": "middle"},
                   tile_value(tile)))


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


def flight_path(view: dict, seat: int, action: list) -> list[int]:
    """Spaces (and -docks) passed by a flight, for the preview."""
    spaces = view["board"]["spaces"]
    index = {(s["q"], s["r"]): i for i, s in enumerate(spaces)}
    vec = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
    isl = view["islands"][seat]
    if action[0] == "fly":
        dq, dr = vec[action[1]]
        here = spaces[isl["balloon"]]
        q, r = here["q"], here["r"]
        out = []
        for _ in range(action[2]):
            q, r = q + dq, r + dr
            if (q, r) in index:
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
    return []


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    seat = shown_seat(view, ui)
    sel = ui.get("selected") or ""
    parts: list = [STYLE]
    parts.append(top_svg(view, legal))
    parts.append(island_svg(view, seat, legal if seat == ui.get("me") else [], sel, ui, 20, 150, MAIN_R))
    parts.append(others_svg(view, seat, ui))
    label = f"Islands in the Mist, round {view['round']}"
    pending = view.get("pending") or {}
    mine = ui.get("me") is not None and pending.get("seat") == ui.get("me") and bool(legal)
    return svg_root(W, H, label, parts, data_testid="islands-board", data_decision=pending.get("decision"),
                    data_mine="1" if mine else "0", data_shown=seat)


def top_svg(view: dict, legal: list[tuple]) -> Safe:
    dice = view["dice"]
    out = [tag("text", {"x": 20, "y": 22, "class": "hd"}, "Round ", view["round"], " · bag ", view["bag"],
               " tiles · start player ", PLAYER_LETTERS[view["start_player"]],
               " · stand-in board data" if view.get("data") == "stand-in" else "")]
    if dice["direction"]:
        out.append(tag("g", {"data-testid": "dice"},
                       tag("rect", {"x": 20, "y": 34, "width": 162, "height": 44, "rx": 6, "fill": "#fff",
                                    "stroke": "#333"}),
                       tag("text", {"x": 30, "y": 52, "class": "sm"}, "Wind: ", dice["direction"]),
                       tag("text", {"x": 30, "y": 70, "class": "sm"}, "Bonus: ", BONUS_TEXT.get(dice["bonus"], "")),
                       arrow(166, 48, dice["direction"], 9)))
    x = 190
    for i, cloud in enumerate(view["clouds"]):
        act = ("cloud", i)
        attrs = button_attrs(f"take cloud {i + 1}", act=act, testid=f"cloud-{i}") if act in legal else \
            {"data-testid": f"cloud-{i}"}
        chips = [tile_chip(t, x + 6 + k * 32, 48, 28) for k, t in enumerate(cloud)]
        out.append(tag("g", attrs,
                       tag("rect", {"x": x, "y": 34, "width": 108, "height": 50, "rx": 20,
                                    "fill": "#f7fbff", "stroke": "#0072b2" if act in legal else "#8aa",
                                    "stroke-width": 3 if act in legal else 1}),
                       tag("text", {"x": x + 8, "y": 46, "class": "mv"}, "cloud ", i + 1), chips))
        x += 116
    if view.get("harbour") is not None:
        out.append(tag("text", {"x": 20, "y": 104, "class": "sm"}, "Harbour (", len(view["harbour"]), "/11):"))
        for k, t in enumerate(view["harbour"]):
            out.append(tile_chip(t, 120 + k * 30, 90, 26, {"data-testid": f"harbour-{k}"}))
    return join(out)


def arrow(cx: float, cy: float, direction: str, size: float) -> Safe:
    a = math.radians(DIR_ANGLE[direction])
    x2, y2 = cx + size * math.cos(a), cy + size * math.sin(a)
    x1, y1 = cx - size * math.cos(a), cy - size * math.sin(a)
    return join(tag("line", {"x1": fmt(x1), "y1": fmt(y1), "x2": fmt(x2), "y2": fmt(y2), "stroke": "#d55e00",
                             "stroke-width": 3}),
                tag("circle", {"cx": fmt(x2), "cy": fmt(y2), "r": 4, "fill": "#d55e00"}))


def island_svg(view: dict, seat: int, legal: list[tuple], sel: str, ui: dict, ox: float, oy: float,
               size: float) -> Safe:
    spaces = view["board"]["spaces"]
    isl = view["islands"][seat]
    placed = {p["space"]: p["tile"] for p in isl["placed"]}
    cx0, cy0 = ox + size * SQ3 * 4 + size, oy + size * 7.2
    names = ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]
    out = [tag("text", {"x": ox, "y": oy - 8, "class": "hd"},
               PLAYER_LETTERS[seat], " · ", names[seat], ": island (", view["board"]["side"], " side) · energy ",
               tag("tspan", {"data-testid": f"energy-{seat}"}, isl["energy"]), " · coasts linked ",
               len(isl["coasts"]), "/6")]
    # targets
    place_tile = int(sel[1:]) if sel.startswith("t") and sel[1:].isdigit() else None
    place_targets = {a[2]: a for a in legal if a[0] == "place" and a[1] == place_tile}
    start_targets = {a[1]: a for a in legal if a[0] == "start"}
    jump_targets = {a[1]: a for a in legal if a[0] == "jump"}
    flights = flight_choices(view) if legal and any(a[0] in ("fly", "leave", "stay") for a in legal) else {}
    preview = None
    if sel.startswith("f") and sel[1:].lstrip("-").isdigit() and int(sel[1:]) in flights:
        preview = flights[int(sel[1:])]
    for i, s in enumerate(spaces):
        x, y = hex_xy(s["q"], s["r"], size, cx0, cy0)
        fill = TERRAIN_FILL[s["coast"]] if s["kind"] == "coast" else SPACE_FILL.get(s["kind"], "#eee")
        g = [tag("polygon", {"points": hex_points(x, y, size - 1), "fill": fill, "stroke": "#667", "stroke-width": 1})]
        label = ""
        if s["kind"] == "coast":
            label = TERRAIN_CODE[s["coast"]]
        elif s["kind"] == "volcano":
            label = f"-{s['penalty']}"
        elif s["kind"] == "energy":
            label = f"+{s['energy']}e"
        elif s["kind"] == "question":
            label = "?"
        elif s["kind"] == "draw2":
            label = "??"
        elif s["kind"] == "draw1energy":
            label = f"?+{s['energy']}"
        elif s["kind"] == "yard":
            label = "yard"
        if size >= 20:
            g.append(tag("text", {"x": fmt(x), "y": fmt(y - size * 0.45), "class": "mv", "text-anchor": "middle"},
                         s["move"]))
            if label and i not in placed:
                g.append(tag("text", {"x": fmt(x), "y": fmt(y + 4), "class": "tc", "fill": "#222",
                                      "text-anchor": "middle"}, label))
        t = placed.get(i)
        if t:
            g.append(tag("polygon", {"points": hex_points(x, y, size * 0.78), "fill": tile_fill(t), "stroke": "#111"}))
            if size >= 20:
                g.append(tag("text", {"x": fmt(x), "y": fmt(y + 2), "class": "tc", "fill": tile_ink(t),
                                      "text-anchor": "middle"}, tile_label(t)))
                g.append(tag("text", {"x": fmt(x), "y": fmt(y + 13), "class": "tv", "fill": tile_ink(t),
                                      "text-anchor": "middle"}, tile_value(t)))
        attrs: dict = {"data-space": i}
        act = place_targets.get(i) or start_targets.get(i) or jump_targets.get(i)
        if act:
            attrs.update(button_attrs(f"{act[0]} on space {i}", act=act, testid=f"hex-{i}"))
            g.append(tag("polygon", {"points": hex_points(x, y, size - 4), "class": "target"}))
        elif i in flights and flights[i]["action"][0] != "stay":
            attrs.update(button_attrs(f"preview a flight to space {i} (cost {flights[i]['cost']})", cmd="select",
                                      arg=f"f{i}", testid=f"hex-{i}"))
            g.append(tag("polygon", {"points": hex_points(x, y, size - 4), "class": "target"}))
        out.append(tag("g", attrs, g))
    # docks
    if view.get("docks"):
        for k, d in enumerate(view["docks"]):
            x, y = ox + k * 40, oy + size * 14.4
            attrs = {"data-dock": d["dock"]}
            if -d["dock"] in flights:
                attrs.update(button_attrs(f"preview a flight to dock {d['dock']}", cmd="select", arg=f"f{-d['dock']}",
                                          testid=f"dock-{d['dock']}"))
            out.append(tag("g", attrs,
                           tag("rect", {"x": x, "y": y, "width": 36, "height": 30, "rx": 4, "fill": "#d7ecff",
                                        "stroke": "#0072b2" if -d["dock"] in flights else "#567"}),
                           tag("text", {"x": x + 18, "y": y + 13, "class": "mv", "text-anchor": "middle"},
                               "#", d["dock"] if d["dock"] < 7 else "?"),
                           tag("text", {"x": x + 18, "y": y + 25, "class": "mv", "text-anchor": "middle"},
                               "1:", d["take"])))
    # flight preview
    if preview:
        pts = [balloon_xy(view, seat, isl["balloon"], isl.get("dock"), size, cx0, cy0, ox, oy)]
        for p in flight_path(view, seat, preview["action"]):
            pts.append(balloon_xy(view, seat, p if p >= 0 else None, -p if p < 0 else None, size, cx0, cy0, ox, oy))
        out.append(tag("polyline", {"points": " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts), "class": "path",
                                    "data-testid": "flight-preview"}))
        x, y = pts[-1]
        out.append(tag("text", {"x": fmt(x + 10), "y": fmt(y - 12), "class": "hd", "fill": "#d55e00"},
                       "cost ", preview["cost"]))
    # balloons (only the island's owner flies over it)
    if isl["balloon"] is not None or isl.get("dock"):
        x, y = balloon_xy(view, seat, isl["balloon"], isl.get("dock"), size, cx0, cy0, ox, oy)
        out.append(tag("g", {"data-testid": f"balloon-{seat}"},
                       tag("title", None, "balloon"),
                       tag("circle", {"cx": fmt(x), "cy": fmt(y - size * 0.1), "r": fmt(size * 0.42),
                                      "fill": PLAYER_COLOURS[seat], "stroke": "#fff", "stroke-width": 2}),
                       tag("text", {"x": fmt(x), "y": fmt(y + size * 0.06), "class": "tc", "fill": "#fff",
                                    "text-anchor": "middle"}, PLAYER_LETTERS[seat])))
    out.append(telescope_svg(view, seat, legal, sel, ox, oy + size * 14.4 + 62))
    return join(out)


def balloon_xy(view: dict, seat: int, space: int | None, dock: int | None, size: float, cx0: float, cy0: float,
               ox: float, oy: float) -> tuple[float, float]:
    if dock:
        return ox + (dock - 1) * 40 + 18, oy + size * 14.4 + 15
    s = view["board"]["spaces"][space if space is not None else 30]
    return hex_xy(s["q"], s["r"], size, cx0, cy0)


def telescope_svg(view: dict, seat: int, legal: list[tuple], sel: str, x: float, y: float) -> Safe:
    isl = view["islands"][seat]
    out = [tag("text", {"x": x, "y": y + 4, "class": "sm"}, "Telescope (", len(isl["telescope"]), "/",
               isl["telescope_spaces"], "):")]
    placeable = {a[1] for a in legal if a[0] == "place"}
    for k in range(isl["telescope_spaces"]):
        tx = x + 110 + k * 44
        out.append(tag("circle", {"cx": tx + 18, "cy": y, "r": 21, "fill": "#f1f1f1", "stroke": "#999"}))
        if k < len(isl["telescope"]):
            t = isl["telescope"][k]
            extra: dict = {}
            if t["id"] in placeable:
                extra = button_attrs(f"select {tile_name(t)}", cmd="select", arg=f"t{t['id']}", testid=f"tele-{k}")
            out.append(tile_chip(t, tx + 3, y - 15, 30, extra))
            if sel == f"t{t['id']}":
                out.append(tag("rect", {"x": tx, "y": y - 18, "width": 36, "height": 36, "rx": 6, "class": "sel"}))
    if isl["beside"]:
        out.append(tag("text", {"x": x, "y": y + 40, "class": "sm"}, "Extension tiles: ",
                       ", ".join(f"{tile_name(t)}" for t in isl["beside"])))
    return join(out)


def others_svg(view: dict, shown: int, ui: dict) -> Safe:
    out = []
    names = ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]
    y = 150
    for i in range(view["players"]):
        if i == shown:
            continue
        isl = view["islands"][i]
        ox = 700
        attrs = button_attrs(f"show {names[i]}'s island", cmd="select", arg=f"i{i}", testid=f"island-tab-{i}")
        out.append(tag("g", attrs,
                       tag("rect", {"x": ox - 10, "y": y - 22, "width": 330, "height": 190, "rx": 8, "fill": "#fafafa",
                                    "stroke": PLAYER_COLOURS[i], "stroke-width": 2}),
                       mini_island(view, i, ox, y),
                       tag("text", {"x": ox, "y": y - 6, "class": "sm"}, PLAYER_LETTERS[i], " ", names[i],
                           " · energy ", isl["energy"], " · coasts ", len(isl["coasts"]), "/6 · ",
                           isl["points"], " pts"),
                       [tile_chip(t, ox + 200 + (k % 3) * 30, y + 10 + (k // 3) * 30, 26)
                        for k, t in enumerate(isl["telescope"])]))
        y += 200
    if shown != (ui.get("me") if ui.get("me") is not None else shown):
        out.append(tag("g", button_attrs("show my island", cmd="select", arg=f"i{shown}", testid="island-back"),
                       tag("text", {"x": 700, "y": 130, "class": "hd", "fill": "#0072b2"}, "← back to my island")))
    return join(out)


def mini_island(view: dict, seat: int, ox: float, oy: float) -> Safe:
    spaces = view["board"]["spaces"]
    isl = view["islands"][seat]
    placed = {p["space"]: p["tile"] for p in isl["placed"]}
    size = SMALL_R
    cx0, cy0 = ox + size * SQ3 * 4 + size, oy + size * 6.5 + 14
    out = []
    for i, s in enumerate(spaces):
        x, y = hex_xy(s["q"], s["r"], size, cx0, cy0)
        t = placed.get(i)
        fill = tile_fill(t) if t else (TERRAIN_FILL[s["coast"]] if s["kind"] == "coast" else
                                      SPACE_FILL.get(s["kind"], "#eee"))
        out.append(tag("polygon", {"points": hex_points(x, y, size - 0.5), "fill": fill, "stroke": "#889"}))
    if isl["balloon"] is not None:
        s = spaces[isl["balloon"]]
        x, y = hex_xy(s["q"], s["r"], size, cx0, cy0)
        out.append(tag("circle", {"cx": fmt(x), "cy": fmt(y), "r": 6, "fill": PLAYER_COLOURS[seat], "stroke": "#fff"}))
    return join(out)


# --- text and HTML -------------------------------------------------------------------------------
def status_text(view: dict, ui: dict) -> str:
    """Whose turn and which decision is pending (plain text)."""
    if view.get("over"):
        return "The game is over."
    names = ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]
    p = view["pending"]
    who = names[p["seat"]]
    d = p["decision"]
    texts = {
        "start": "choose a start space next to the balloon yard",
        "dice": "re-roll a die once or keep the dice",
        "fly": "click a highlighted space to preview a flight, then confirm it",
        "take": "take all tiles of one cloud (or use the harbour / an extension tile)",
        "exchange": f"take {p.get('takes_left')} more tile(s) from the harbour or the bag",
        "place": "select a telescope tile, then a highlighted space next to the balloon; or end the turn",
        "gain": f"keep the {tile_name(p['tile']) if p.get('tile') else 'tile'} on the telescope or convert it",
        "swap": "the harbour is full: swap the new tile for one on the harbour",
        "from_cloud": "the bag is empty: take a tile from any cloud",
    }
    return f"Round {view['round']} · {who}: {texts.get(d, d)}."


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
                out.append(_button(a, f"Re-roll the {a[1]} die", f"reroll-{a[1]}-btn", primary=False))
        out.append(_button(("roll_done",), "Keep the dice", "roll-done-btn"))
    elif d == "gain":
        tile = p.get("tile") or {}
        if ("keep",) in legal:
            out.append(_button(("keep",), f"Keep {tile_name(tile)} on the telescope", "keep-btn"))
        out.append(_button(("convert",), f"Convert to {tile.get('energy', 0)} energy", "convert-btn", primary=False))
    elif d == "fly":
        sel = ui.get("selected") or ""
        flights = flight_choices(view)
        if sel.startswith("f") and sel[1:].lstrip("-").isdigit() and int(sel[1:]) in flights:
            f = flights[int(sel[1:])]
            out.append(_button(_tuple(f["action"]), f"Fly here (energy {f['cost']})", "fly-btn"))
        for a in legal:
            if a[0] == "stay":
                cost = next((f["cost"] for f in view.get("flights") or [] if f["action"] == ["stay"]), 0)
                out.append(_button(a, f"Stay (energy {cost})", "stay-btn", primary=False))
    elif d == "take":
        for a in legal:
            if a[0] == "cloud":
                out.append(_button(a, f"Take cloud {a[1] + 1}", f"cloud-{a[1]}-btn"))
            elif a[0] == "activate":
                out.append(_button(a, f"Activate {a[1].replace('_', ' ')} ({a[2]})", f"activate-{a[1]}-{a[2]}-btn",
                                   primary=False))
            elif a[0] == "give":
                tiles = {t["id"]: t for isl in view["islands"] for t in isl["telescope"]}
                name = tile_name(tiles[a[1]]) if a[1] in tiles else str(a[1])
                out.append(_button(a, f"Give {name} to the harbour", f"give-{a[1]}-btn"))
    elif d in ("exchange", "swap", "from_cloud"):
        tiles = {t["id"]: t for t in (view.get("harbour") or []) + [t for c in view["clouds"] for t in c]}
        for a in legal:
            if a[1] == "bag":
                out.append(_button(a, "Draw from the bag", "take-bag-btn"))
            else:
                name = tile_name(tiles[a[1]]) if a[1] in tiles else str(a[1])
                out.append(_button(a, f"{a[0].replace('_', ' ')}: {name}", f"{a[0]}-{a[1]}-btn", primary=False))
    elif d == "place":
        out.append(_button(("done",), "End the turn", "done-btn", primary=False))
    return join(out)


SHEET_ROWS = (("terrain", "Terrain tiles"), ("groups", "Groups of 5+"), ("cities", "Cities"),
              ("monuments", "Monuments"), ("energy", "Energy crown"), ("coasts", "All coasts"),
              ("volcanoes", "Volcanoes"), ("extensions", "Extension tiles"), ("total", "Total"))


def score_sheet(view: dict, names: list[str]) -> Safe:
    """The score pad by category (final when the game is over, else the points so far)."""
    sheet = view["history"][-1]["sheet"] if view.get("history") else view["sheet"]
    n = view["players"]
    head = tag("tr", None, tag("th", None, "Category"),
               [tag("th", None, PLAYER_LETTERS[i], " ", names[i] if i < len(names) else "") for i in range(n)])
    rows = [head]
    for key, label in SHEET_ROWS:
        cells = []
        for i in range(n):
            v = sheet[i][key]
            if isinstance(v, dict):
                v = sum(v.values())
            cells.append(tag("td", {"data-testid": f"sheet-{key}-{i}"}, v))
        rows.append(tag("tr", None, tag("th", {"style": "text-align:left"}, label), cells))
    title = "Final score" if view.get("over") else "Score so far"
    note = "Board and tile values are stand-in data (the printed ones are not public)."
    return join(tag("h2", None, title), tag("table", {"class": "sheet", "data-testid": "score-sheet"}, rows),
                tag("p", {"class": "dim"}, note))


def summary(view: dict, names: list[str]) -> Safe:
    """Side panel: round, players' energy, coasts and points."""
    items = []
    for i, isl in enumerate(view["islands"]):
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i]}"}, PLAYER_LETTERS[i]), " ",
                         names[i], ": ", tag("strong", {"data-testid": f"total-{i}"}, isl["points"]), " pts, energy ",
                         isl["energy"], ", coasts ", len(isl["coasts"]), "/6"))
    final = view.get("final_round")
    return join(tag("h2", None, "Round ", view["round"], " (final round)" if final and final == view["round"] else ""),
                tag("ul", {"class": "totals"}, "", items),
                tag("p", {"class": "dim"}, "Stand-in board data: the printed island values are not public."))


def log_text(entry: dict, names: list[str]) -> str:
    """One log entry in English."""
    k, p = entry["key"], entry.get("params") or {}

    def nm(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    if k == "round":
        return f"Round {p['round']} begins; {nm(p['start'])} is start player"
    if k == "roll":
        return f"rolls: wind {p['direction']}, bonus {BONUS_TEXT.get(p['bonus'], p['bonus'])}"
    if k == "reroll":
        return f"re-rolls the {p['die']} die: {p['face']}"
    if k == "dice":
        return f"Dice: wind {p['direction']}, bonus {BONUS_TEXT.get(p['bonus'], p['bonus'])}"
    if k == "fly":
        return f"flies ({' '.join(str(x) for x in p['move'])}) for {p['cost']} energy"
    if k in ("keep", "take", "from_cloud"):
        return f"{k.replace('_', ' ')}s {tile_name(p['tile'])}"
    if k == "convert":
        return f"converts {tile_name(p['tile'])} to {p['energy']} energy"
    if k == "draw":
        return f"draws {tile_name(p['tile'])} ({p['why']})"
    if k == "cloud":
        return f"takes cloud {p['cloud'] + 1}: {', '.join(tile_name(t) for t in p['tiles']) or 'empty'}"
    if k == "place":
        return f"places {tile_name(p['tile'])} on space {p['space']} ({p['effect']})"
    if k == "activate":
        return f"activates {tile_name(p['tile'])} ({p['how']})"
    if k == "give":
        return f"gives {tile_name(p['tile'])} to the harbour and takes {p['takes']}"
    if k == "swap":
        return f"swaps {tile_name(p['out'])} out of the harbour for {tile_name(p['tile'])}"
    if k == "start_space":
        return f"starts on space {p['space']}"
    if k == "start_player":
        return f"{nm(p['player'])} becomes start player (value {p['value']})"
    if k == "all_coasts":
        return "connects all six coasts first: the game ends after the next round"
    if k == "bag_empty":
        return "The bag is empty: this is the last round"
    if k == "bag_short":
        return "Not enough tiles for the clouds: the game ends now"
    if k == "over":
        return "The game is over"
    if k == "no_tiles":
        return "takes no tiles"
    if k == "no_give":
        return "has nothing to give at the harbour and takes one tile"
    return k + " " + " ".join(f"{a}={b}" for a, b in p.items())


__all__ = ["BLURB", "action_buttons", "log_text", "render", "score_sheet", "status_text", "summary"]
