"""Lost Ruins of Arnak table: a view (+ the local UI state) -> one SVG string, plus buttons, log and sheet.

Layout: the card row (artifacts left of the moon staff, items right) on top; below it the sites
(level II, level I upper and lower bands, the five camps) with travel icons, idols, site tiles,
guardians and archaeologists; to the right the research track (notebooks N and glasses G in player
colours, bonus tiles, the lost temple) and the supply (temple tiles, assistants); then one board per
player and your hand. Players are told apart by colour and a letter (A-D). Every element that stands
for a legal action carries data-act; every legal action is also offered as a button below the board.
Card texts are generated from the engine's effect ops, so they always say what the engine does.
"""

from __future__ import annotations

import json

from py_engine.games.arnak import data as D

from .markup import Safe, join, tag
from .svg import button_attrs, fmt, svg_root

BLURB = "Deck-building and worker placement on a jungle island: dig, discover, research, reach the temple."

PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
LETTERS = ("A", "B", "C", "D")
RES_LETTER = {"coin": "¢", "compass": "✦", "tablet": "▭", "arrowhead": "➤", "jewel": "◆"}
ICON_LETTER = {"boot": "B", "car": "C", "ship": "S", "plane": "P"}
W = 1220
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "hd": "font:600 14px system-ui;fill:#1d2521", "sm": "font:11px system-ui;fill:#222",
    "xs": "font:9.5px system-ui;fill:#222", "big": "font:700 15px system-ui;fill:#222",
    "tgt": "fill:none;stroke:#e69f00;stroke-width:3", "box": "fill:#f6efe0;stroke:#6b5a3a;stroke-width:1",
    "site": "fill:#e4dcc3;stroke:#6b5a3a", "card": "fill:#fffdf6;stroke:#333", "art": "fill:#efe3ff;stroke:#333",
}.items()))
SITE_W, SITE_H = 128, 74


# --- card texts from ops -------------------------------------------------------------------------------
def _res_text(r) -> str:
    parts = [f"{v} {D.RES[i]}" for i, v in enumerate(r) if v]
    return " + ".join(parts) or "nothing"


def op_text(op: tuple) -> str:
    """English for one effect op (the UI language layer can replace these strings)."""
    k = op[0]
    if k == "gain":
        return "gain " + _res_text(op[1])
    if k == "pay":
        return "pay " + _res_text(op[1])
    if k in ("draw", "draw_bottom"):
        return f"draw {op[1]}" + (" from the bottom" if k == "draw_bottom" else "")
    if k == "or":
        return "choose: " + " OR ".join(ops_text(b) for b in op[1:])
    if k == "discard":
        return "you may discard a card to " + (ops_text(op[1]) or "(nothing)")
    if k == "dig":
        extra = f" and {op[2]} compasses" if op[2] else ""
        return "dig or discover with " + "+".join(op[1]) + extra + " covered"
    if k == "buy":
        return f"buy {'a card' if op[1] == 'any' else 'an ' + op[1]} with {op[2]} off" + (
            " (deck top too)" if op[3] is True else "")
    if k == "research":
        return "research with " + _res_text(op[1]) + " off"
    if k == "activate":
        return {"camp": "activate a camp site", "camp_free": "activate an unoccupied camp site",
                "level1": "activate a discovered level I site", "mine": "activate a site where you are"}[op[1]]
    if k == "overcome":
        return "overcome a guardian for free" + (" (no other archaeologist there)" if op[1] == "alone" else
                                                 " at your site")
    if k == "count":
        return f"1 compass per {op[1][:-1]} (max {op[2]})"
    if k == "travel":
        return "pay " + "+".join(op[1]) + " travel"
    simple = {"fear": "take a Fear card", "exile": "you may exile a card", "upgrade": "upgrade a resource",
              "notebook": "advance your notebook for free", "take_artifact": "take an artifact for free",
              "recruit": "recruit an assistant", "upgrade_asst": "upgrade an assistant",
              "refresh_asst": "refresh an assistant", "refresh_all": "refresh your assistants",
              "rescue": "rescue an assistant", "return_arch": "return an archaeologist",
              "planes": "your travel icons count as planes this round", "no_fear": "no guardian Fear this round",
              "borrow": "use a supply assistant's effect", "swap_asst": "swap an assistant",
              "hammer": "exile the last row item, take an exiled item", "camps2": "activate two camp sites",
              "shell": "send an archaeologist to a camp, resolve it twice", "unslot": "free an idol slot",
              "crown": "move a guardian and activate its new site", "pass": "pass",
              "relocate": "move an archaeologist and activate the site"}
    if k == "take_item":
        return f"take an item from the row (to {op[1]})"
    if k == "earring":
        return f"draw up to {op[1]} ({op[2]}), keep 1"
    if k == "guiding":
        return f"resolve the top level {op[1]} site tile"
    return simple.get(k, k)


def ops_text(ops) -> str:
    return "; ".join(op_text(o) for o in ops)


def card_text(card: dict) -> str:
    info = D.CARDS[card["id"]]
    cost = f"{info[2]} {'coins' if info[1] == 'item' else 'compasses'}" if info[1] in ("item", "artifact") else "-"
    timing = "free action" if info[5] == "F" else ("main action" if info[5] == "M" else "no effect")
    extra = "; exiled after use" if info[6] else ""
    tablet = "; from hand: pay 1 tablet" if info[1] == "artifact" else ""
    return (f"{info[0]} — cost {cost}, travel {'+'.join(info[3])}, {info[4]} VP. {timing}: "
            f"{ops_text(info[7]) or 'none'}{extra}{tablet}")


# --- helpers -------------------------------------------------------------------------------------------
def _legal(ui: dict) -> list[tuple]:
    out = []
    for a in ui.get("legal") or []:
        if isinstance(a, str):
            a = json.loads(a)
        out.append(_tuple(a))
    return out


def _tuple(a):
    return tuple(_tuple(x) for x in a) if isinstance(a, list) else a


def _find(legal: list[tuple], pred) -> tuple | None:
    for a in legal:
        if pred(a):
            return a
    return None


def _target(x: float, y: float, w: float, h: float, act: tuple, label: str, testid: str) -> Safe:
    return tag("rect", {"x": fmt(x - 3), "y": fmt(y - 3), "width": w + 6, "height": h + 6, "rx": 6, "class": "tgt",
                        "style": "fill:#fff;fill-opacity:0", **button_attrs(label, act, testid=testid)},
               tag("title", None, label))


RIVAL = 9
RIVAL_COLOUR = "#555555"


def _meeple(seat: int, cx: float, cy: float) -> Safe:
    colour, letter = (RIVAL_COLOUR, "R") if seat == RIVAL else (PLAYER_COLOURS[seat % 4], LETTERS[seat % 4])
    return join(tag("circle", {"cx": fmt(cx), "cy": fmt(cy), "r": 9, "fill": colour, "stroke": "#111"}),
                tag("text", {"x": fmt(cx), "y": fmt(cy + 4), "class": "sm", "text-anchor": "middle",
                             "fill": "#fff", "style": "fill:#fff"}, letter))


def card_box(card: dict, x: float, y: float, w: float = 112, h: float = 70, act: tuple | None = None,
             testid: str | None = None, label: str = "") -> Safe:
    cls = "art" if card["kind"] == "artifact" else "card"
    name = card["name"]
    cost = card["cost"] if card["kind"] in ("item", "artifact") else ""
    sym = "✦" if card["kind"] == "artifact" else "¢"
    lines = _wrap(ops_text(D.CARDS[card["id"]][7]), 24)[:2]
    title = name + (" ⚡" if card["free"] else "")
    foot = "+".join(ICON_LETTER[i] for i in card["travel"]) + "  " + (f"{cost}{sym}" if cost != "" else "")
    vp = f"{card['vp']} VP"
    body = [tag("title", None, card_text(card)),
            tag("rect", {"x": fmt(x), "y": fmt(y), "width": w, "height": h, "rx": 5, "class": cls}),
            tag("text", {"x": fmt(x + 4), "y": fmt(y + 13), "class": "sm"}, title)]
    for k, line in enumerate(lines):
        body.append(tag("text", {"x": fmt(x + 4), "y": fmt(y + 27 + 11 * k), "class": "xs"}, " ", line))
    # a leading space in each text keeps the words apart in the text content (the accessible name repeats it)
    body += [tag("text", {"x": fmt(x + 4), "y": fmt(y + h - 5), "class": "xs"}, " ", foot),
             tag("text", {"x": fmt(x + w - 4), "y": fmt(y + h - 5), "class": "xs", "text-anchor": "end"}, " ", vp)]
    g = {"data-card": card["id"]}
    if act is not None:
        visible = " ".join([title, *lines, foot.strip(), vp])  # the accessible name holds the visible text
        g.update(button_attrs(f"{visible} — {label or describe(act)}", act, testid=testid))
        body.append(tag("rect", {"x": fmt(x - 2), "y": fmt(y - 2), "width": w + 4, "height": h + 4, "rx": 6,
                                 "class": "tgt"}))
    return tag("g", g, body)


def _wrap(s: str, n: int) -> list[str]:
    words, lines, cur = s.split(), [], ""
    for word in words:
        if len(cur) + len(word) + 1 > n and cur:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    if cur:
        lines.append(cur)
    return lines


# --- the board -----------------------------------------------------------------------------------------
def site_pos(site: int) -> tuple[float, float]:
    if site < 5:
        return 12 + site * (SITE_W + 8), 470
    if site < 9:
        return 12 + (site - 5) * (SITE_W + 8), 390
    if site < 13:
        return 12 + (site - 9) * (SITE_W + 8), 310
    return 12 + (site - 13) * (SITE_W + 8), 230


SITE_ACTS = ("dig", "discover", "overcome", "site", "move", "crown")


def site_svg(view: dict, s: dict, legal: list[tuple]) -> Safe:
    site = s["site"]
    x, y = site_pos(site)
    level = s["level"]
    name = ("Camp " + str(site + 1)) if level == 0 else (f"Level {'I' if level == 1 else 'II'} site {site - 4}")
    parts = [tag("rect", {"x": fmt(x), "y": fmt(y), "width": SITE_W, "height": SITE_H, "rx": 6, "class": "site"}),
             tag("text", {"x": fmt(x + 4), "y": fmt(y + 13), "class": "sm"}, name)]
    travel = "/".join("+".join(ICON_LETTER[i] for i in t) for t in s["travel"])
    parts.append(tag("text", {"x": fmt(x + SITE_W - 4), "y": fmt(y + 13), "class": "sm", "text-anchor": "end"},
                     travel))
    if level == 0:
        parts.append(tag("text", {"x": fmt(x + 4), "y": fmt(y + 28), "class": "xs"},
                         ops_text(D.CAMP_EFFECTS[site])[:30]))
    elif s["discovered"]:
        ops = D.SITE_TILES[level][s["tile"] - 1]
        for k, line in enumerate(_wrap(ops_text(ops), 26)[:2]):
            parts.append(tag("text", {"x": fmt(x + 4), "y": fmt(y + 28 + 10 * k), "class": "xs"}, line))
    else:
        idol = s.get("idol")
        parts.append(tag("text", {"x": fmt(x + 4), "y": fmt(y + 28), "class": "xs"},
                         f"{3 if level == 1 else 6}✦ to discover · idol: {idol or '-'}",
                         " +1 face down" if s.get("face_down_idols") else ""))
    g = s.get("guardian")
    if g:
        parts.append(tag("text", {"x": fmt(x + 4), "y": fmt(y + 52), "class": "xs", "style": "fill:#a00"},
                         tag("title", None, "Guardian: overcome cost ", _res_text([g["cost"][r] for r in D.RES]),
                             " ", "+".join(g["travel"]), f" discard {g['discards']}" if g["discards"] else "",
                             "; boon ", g["boon"]),
                         f"Guardian {g['id'] + 1}: boon {g['boon']}"))
    for k, who in enumerate(s["spaces"]):
        cx, cy = x + SITE_W - 16 - 22 * k, y + SITE_H - 14
        if who == -2:
            parts.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 4), "class": "sm", "text-anchor": "middle"}, "✕"))
        elif who >= 0:
            parts.append(_meeple(who, cx, cy))
        else:
            parts.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy), "r": 9, "fill": "none", "stroke": "#777",
                                        "stroke-dasharray": "3 2"}))
    act = _find(legal, lambda a: a[0] in ("dig", "discover", "overcome", "site") and len(a) > 1 and a[1] == site)
    if act:
        parts.append(_target(x, y, SITE_W, SITE_H, act, f"{name}: {describe(act)}", f"site-{site}-{act[0]}"))
    return tag("g", {"data-site": site}, parts)


def row_svg(view: dict, legal: list[tuple]) -> Safe:
    parts = [tag("text", {"x": 12, "y": 52, "class": "hd"}, "Card row")]
    arts = view["row"]["artifacts"]
    items = view["row"]["items"]
    x = 12
    for i in range(len(arts) - 1, -1, -1):
        c = arts[i]
        if c:
            act = _find(legal, lambda a, i=i: a[:3] in (("buy", "artifact", i), ("take", "artifact", i)))
            parts.append(card_box(c, x, 60, act=act, testid=f"row-artifact-{i}"))
        x += 120
    parts.append(tag("rect", {"x": fmt(x), "y": 56, "width": 8, "height": 80, "fill": "#7a6bd0"}))
    parts.append(tag("text", {"x": fmt(x + 4), "y": 150, "class": "xs", "text-anchor": "middle"}, "moon staff"))
    x += 16
    for i, c in enumerate(items):
        if c:
            act = _find(legal, lambda a, i=i: a[:3] in (("buy", "item", i), ("take", "item", i)))
            parts.append(card_box(c, x, 60, act=act, testid=f"row-item-{i}"))
        x += 120
    rev = view["row"].get("revealed")
    if rev:
        act = _find(legal, lambda a: len(a) > 2 and a[0] == "buy" and a[2] == "top")
        parts.append(card_box(rev, x + 10, 60, act=act, testid="row-top"))
    d = view["decks"]
    parts.append(tag("text", {"x": 12, "y": 160, "class": "xs"},
                     f"Decks: items {d['items']} · artifacts {d['artifacts']} · fear {d['fear']} · site tiles "
                     f"I {d['level1']} / II {d['level2']} · guardians {d['guardians']} · exiled items "
                     f"{len(d['item_exile'])}"))
    return join(parts)


def research_svg(view: dict, legal: list[tuple]) -> Safe:
    x0, y0 = 700, 190
    parts = [tag("text", {"x": x0, "y": y0 - 8, "class": "hd"}, "Research (", view["temple"], " temple)")]
    rows: dict[int, list] = {}
    for sp in view["research"]:
        rows.setdefault(sp["row"], []).append(sp)
    tokens: dict[int, list] = {}
    for p in view["player_info"]:
        tokens.setdefault(p["notebook"], []).append((p["seat"], "N"))
        tokens.setdefault(p["glass"], []).append((p["seat"], "G"))
    if view.get("rival"):
        tokens.setdefault(view["rival"]["glass"], []).append((RIVAL, "G"))
    for row in range(8, 0, -1):
        yy = y0 + (8 - row) * 44
        for k, sp in enumerate(rows.get(row, [])):
            xx = x0 + 10 + k * 160
            space = sp["space"]
            cost = "1 idol" if sp["cost"] == "idol" else _res_text([sp["cost"][r] for r in D.RES])
            label = "Lost temple" if space == D.TEMPLE else f"Row {row} ({space})"
            parts.append(tag("rect", {"x": xx, "y": yy, "width": 150, "height": 38, "rx": 5, "class": "box"}))
            parts.append(tag("text", {"x": xx + 4, "y": yy + 12, "class": "xs"}, label, " · ", cost))
            if sp["bonus"]:
                parts.append(tag("text", {"x": xx + 4, "y": yy + 24, "class": "xs"}, "bonus: ", ", ".join(sp["bonus"])))
            for j, (seat, kind) in enumerate(tokens.get(space, [])):
                cx = xx + 12 + j * 20
                colour = RIVAL_COLOUR if seat == RIVAL else PLAYER_COLOURS[seat % 4]
                parts.append(tag("rect", {"x": cx - 8, "y": yy + 26, "width": 16, "height": 11, "rx": 2,
                                          "fill": colour}))
                parts.append(tag("text", {"x": cx, "y": yy + 35, "class": "xs", "text-anchor": "middle",
                                          "style": "fill:#fff"}, kind, "R" if seat == RIVAL else LETTERS[seat % 4]))
            act = _find(legal, lambda a, space=space: a[0] == "research" and a[2] == space and a[1] == "glass") \
                or _find(legal, lambda a, space=space: a[0] == "research" and a[2] == space)
            if act:
                parts.append(_target(xx, yy, 150, 38, act, describe(act), f"research-{act[1]}-{space}"))
    start = [f"{kind}{'R' if s == RIVAL else LETTERS[s]}" for s, kind in tokens.get(0, [])]
    parts.append(tag("text", {"x": x0 + 10, "y": y0 + 8 * 44 + 12, "class": "xs"}, "Start: ", " ".join(start)))
    # temple tiles and supply
    yy = y0 + 8 * 44 + 26
    parts.append(tag("text", {"x": x0, "y": yy, "class": "sm"}, "Temple tiles (VP × left): "))
    for k in range(6):
        xx = x0 + 150 + k * 58
        act = _find(legal, lambda a, k=k: a == ("temple", k))
        parts.append(tag("rect", {"x": xx, "y": yy - 12, "width": 54, "height": 16, "rx": 3, "class": "box"},
                         tag("title", None, "Cost: ", _res_text([view["temple_costs"][k][r] for r in D.RES]))))
        parts.append(tag("text", {"x": xx + 4, "y": yy, "class": "xs"},
                         f"{D.TEMPLE_STACK_VP[k]} × {view['temple_left'][k]}"))
        if act:
            parts.append(_target(xx, yy - 12, 54, 16, act, describe(act), f"temple-{k}"))
    tops = ", ".join(f"#{a['top']} ({a['count']})" if a["top"] else "empty" for a in view["assistants"])
    parts.append(tag("text", {"x": x0, "y": yy + 18, "class": "xs"}, "Assistant stacks: ", tops,
                     f" · temple bonus tiles {view['temple_bonus']}",
                     f" · rescue: {view['rescue']['count']}" if view["temple"] == "snake" else ""))
    return join(parts)


def player_svg(view: dict, p: dict, y: float, names: list[str], me) -> Safe:
    seat = p["seat"]
    colour = PLAYER_COLOURS[seat % 4]
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    res = " ".join(f"{RES_LETTER[r]}{p['resources'][r]}" for r in D.RES)
    asst = ", ".join(f"#{a['id']}{' gold' if a['gold'] else ''}{' (used)' if a['exhausted'] else ''}"
                     for a in p["assistants"]) or "none"
    guards = ", ".join(f"{g['boon']}{' (used)' if g['used'] else ''}" for g in p["guardians"]) or "none"
    turn = "▶ " if view["turn"] == seat and not view["over"] else ""
    parts = [tag("rect", {"x": 12, "y": fmt(y), "width": W - 24, "height": 46, "rx": 6, "fill": "#fff",
                          "stroke": colour, "stroke-width": 3}),
             tag("text", {"x": 20, "y": fmt(y + 16), "class": "sm"},
                 tag("tspan", {"style": f"fill:{colour};font-weight:700"}, turn, LETTERS[seat % 4], " ", name),
                 f"  {res}  · idols {p['idols']} + {p['slots']} in slots · archaeologists home {p['home']}",
                 " · passed" if p["passed"] else "",
                 tag("tspan", {"data-testid": f"score-{seat}"}, f"  · score now {p['score']['total']}")),
             tag("text", {"x": 20, "y": fmt(y + 32), "class": "xs"},
                 f"hand {p['hand_count']} · deck {p['deck']} · play area: ",
                 ", ".join(c["name"] for c in p["play"]) or "-", f" · assistants: {asst} · guardians: {guards}",
                 f" · temple tiles {len(p['temple_tiles'])}", f" · fear tiles {p['fear_tiles']}"
                 if p["fear_tiles"] else "")]
    return join(parts)


def hand_svg(view: dict, me, legal: list[tuple], y: float) -> Safe:
    if me is None:
        return Safe("")
    p = view["player_info"][me]
    parts = [tag("text", {"x": 12, "y": fmt(y - 6), "class": "hd"}, "Your hand")]
    seen: dict[int, int] = {}
    for k, c in enumerate(p.get("hand") or []):
        cid = c["id"]
        copy = seen.get(cid, 0)
        seen[cid] = copy + 1
        act = None
        if copy == 0:
            for kind in ("tcard", "play", "discard", "exile", "release", "keep"):
                act = _find(legal, lambda a, kind=kind, cid=cid: a[0] == kind and a[-1] == cid
                            and (kind != "exile" or a[1] == "hand"))
                if act:
                    break
        parts.append(card_box(c, 12 + k * 120, y, act=act, testid=f"hand-{cid}-{copy}"))
    for k, c in enumerate(p.get("aside") or []):
        act = _find(legal, lambda a, cid=c["id"]: a[0] in ("keep", "putback") and a[1] == cid)
        parts.append(card_box(c, 12 + k * 120, y + 78, act=act, testid=f"aside-{c['id']}"))
    return join(parts)


def rival_svg(view: dict, y: float) -> Safe:
    """The solo rival's board: its flipped tile and what it did, cards, idols, guardians, score."""
    r = view["rival"]
    last = r.get("last") or {}
    did = rival_text(last) if last else "-"
    return join(tag("rect", {"x": 12, "y": fmt(y), "width": W - 24, "height": 46, "rx": 6, "fill": "#eee",
                             "stroke": RIVAL_COLOUR, "stroke-width": 3}),
                tag("text", {"x": 20, "y": fmt(y + 16), "class": "sm"},
                    tag("tspan", {"style": "font-weight:700"}, "R Rival expedition"),
                    f"  · last tile: {last.get('tile', '-')} ({last.get('arrow', '-')}) → ", did,
                    f" · tiles left {r['left']} · archaeologists home {r['home']}",
                    tag("tspan", {"data-testid": "rival-score"}, f" · score now {r['score']['total']}")),
                tag("text", {"x": 20, "y": fmt(y + 32), "class": "xs"},
                    "cards: ", ", ".join(c["name"] for c in r["cards"]) or "-",
                    f" · idols face up {len(r['idols_up'])}, in the −1 stack {r['idols_down']}",
                    f" · guardians {len(r['guardians'])} · temple tiles {len(r['temple_tiles'])}"))


def rival_text(d: dict) -> str:
    what = d.get("did", "nothing")
    if what == "dig":
        return f"digs at {_site_name(d['site'])}"
    if what == "discover":
        return f"discovers {_site_name(d['site'])}"
    if what == "research":
        return f"researches to space {d['space']}"
    if what == "temple_tile":
        return f"takes a 6-point temple tile ({D.TEMPLE_STACK_NAMES[d['stack']]})"
    if what == "overcome":
        return f"overcomes the guardian at {_site_name(d['site'])}"
    if what == "buy":
        return f"takes {_card_name(d['card'])}"
    return "nothing"


def size(view: dict) -> tuple[int, int]:
    return W, 625 + 52 * (view["players"] + (1 if view.get("rival") else 0)) + 190


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    names = ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]
    me = ui.get("me")
    w, h = size(view)
    head = tag("text", {"x": 12, "y": 22, "class": "big"},
               f"Round {view['round']} of {view['rounds']} · start: {names[view['start']]} · ", status_text(view, ui))
    parts = [STYLE, head, row_svg(view, legal)]
    parts.append(tag("text", {"x": 12, "y": 220, "class": "hd"}, "Sites"))
    parts += [site_svg(view, s, legal) for s in view["sites"]]
    parts.append(research_svg(view, legal))
    y = 625
    for p in view["player_info"]:
        parts.append(player_svg(view, p, y, names, me))
        y += 52
    if view.get("rival"):
        parts.append(rival_svg(view, y))
        y += 52
    parts.append(hand_svg(view, me, legal, y + 20))
    pend = view.get("pending") or {}
    mine = me is not None and pend.get("seat") == me and bool(legal)
    return svg_root(w, h, "Lost Ruins of Arnak board", *parts, data_testid="arnak-board",
                    data_mine="1" if mine else "0", data_decision=pend.get("kind") or "over")


# --- text and buttons ----------------------------------------------------------------------------------
def _site_name(site: int) -> str:
    if site < 5:
        return f"camp {site + 1}"
    return f"level {'I' if site < 13 else 'II'} site {site - 4}"


def _card_name(cid) -> str:
    return D.CARDS[cid][0] if cid in D.CARDS else str(cid)


def describe(a: tuple) -> str:
    """English label of an action."""
    k = a[0]
    if k == "play":
        return f"play {_card_name(a[1])}"
    if k in ("dig", "discover"):
        return f"{k} at {_site_name(a[1])}"
    if k == "overcome":
        return f"overcome the guardian at {_site_name(a[1])}"
    if k == "buy":
        return f"buy the {'top ' if a[2] == 'top' else ''}{a[1]}" + ("" if a[2] == "top" else f" #{a[2] + 1}")
    if k == "research":
        return f"research: {a[1]} to space {a[2]}"
    if k == "temple":
        return f"temple tile ({D.TEMPLE_STACK_VP[a[1]]} VP, {D.TEMPLE_STACK_NAMES[a[1]]})"
    if k == "idol":
        return f"idol slot: {D.IDOL_SLOT_NAMES[a[1]]}"
    if k == "boon":
        return f"use guardian boon #{a[1] + 1}"
    if k == "assist":
        return f"use assistant #{a[1] + 1}"
    if k == "tcard":
        return f"pay travel with {_card_name(a[1])}"
    if k == "pilot":
        return "hire a pilot (2 coins → plane)"
    if k == "tasst":
        return f"pay travel with assistant #{a[1] + 1}"
    if k == "tboon":
        return f"pay travel with guardian boon #{a[1] + 1}"
    if k == "exile":
        return "exile a fear tile" if a[1] == "tile" else f"exile {_card_name(a[2])} from {a[1]}"
    if k == "discard":
        return f"discard {_card_name(a[1])}"
    if k in ("release", "keep", "putback") and len(a) > 1:
        return {"release": "put into play area: ", "keep": "keep ", "putback": "put back on the deck: "}[k] + \
            _card_name(a[1])
    if k == "take":
        return f"take {a[1]} #{a[2] + 1}" if a[1] != "exiled" else f"take {_card_name(a[2])} from the exile"
    if k == "site":
        return _site_name(a[1])
    if k == "move":
        return f"move from {_site_name(a[1])} to {_site_name(a[2])}"
    if k == "crown":
        return f"move the guardian from {_site_name(a[1])} to {_site_name(a[2])}"
    if k == "sites":
        return f"{_site_name(a[1])} and {_site_name(a[2])}"
    if k == "choose":
        return f"option {a[1] + 1}"
    if k == "upgrade":
        return f"upgrade a {a[1]}"
    if k == "stack":
        return f"assistant stack {a[1] + 1}"
    if k in ("asst",):
        return f"your assistant #{a[1] + 1}"
    if k == "swap":
        return f"swap your assistant #{a[1] + 1} with stack {a[2] + 1}"
    if k == "rescue":
        return f"rescue assistant {a[1]}"
    if k == "bonus":
        return f"bonus tile: {a[1]}"
    if k == "n":
        return f"draw {a[1]}"
    return {"pass": "pass", "end": "end turn", "keep": "keep the rest", "skip": "skip", "accept": "resolve its effect",
            "decline": "decline the effect", "none": "put none back", "ok": "ok"}.get(k, " ".join(map(str, a)))


def _choice_text(view: dict, a: tuple) -> str:
    """For an 'or' decision, the branch text."""
    return describe(a)


def status_text(view: dict, ui: dict) -> str:
    if view.get("over"):
        return "The game is over."
    names = ui.get("names") or [f"Player {i + 1}" for i in range(view["players"])]
    pend = view["pending"]
    who = names[pend["seat"]]
    kind = pend["kind"]
    if kind == "turn":
        return f"{who}: take a main action (or free actions), or pass."
    if kind == "free":
        return f"{who}: free actions, or end the turn."
    if kind == "keep":
        return f"{who}: round end — put hand cards into the play area or keep them."
    what = pend.get("for")
    of = f" for {describe(tuple(what))}" if what else ""
    if kind == "travel":
        return f"{who}: pay travel{of}: " + " + ".join(pend["icons"]) + "."
    if kind == "accept":
        return f"{who}: resolve the effect of {_card_name(pend['card'])} (bought)?"
    return f"{who}: {kind.replace('_', ' ')}{of}."


def action_buttons(view: dict, ui: dict) -> Safe:
    """Every legal action of the local player as a button (the board also has clickable targets)."""
    legal = _legal(ui)
    pend = view.get("pending") or {}
    out = []
    branches = None
    if pend.get("kind") == "or" and pend.get("for"):
        branches = _or_branches(view, pend)
    for a in legal:
        label = describe(a)
        if a[0] == "choose" and branches and a[1] < len(branches):
            label = branches[a[1]]
        testid = "act-" + "-".join(str(x) for x in a)
        out.append(tag("button", {"class": None if a[0] in ("pass", "skip", "end", "decline") else "primary",
                                  "data-act": json.dumps(list(a)), "data-testid": testid, "data-key": testid}, label))
    return join(out)


def _or_branches(view: dict, pend: dict) -> list[str] | None:
    src = pend["for"]
    ops = None
    if src and src[0] == "play" and src[1] in D.CARDS:
        ops = D.CARDS[src[1]][7]
    if not ops:
        return None
    for op in ops:
        if op[0] == "or":
            return [ops_text(b) for b in op[1:]]
    return None


CATS = ("research", "temple", "idols", "slots", "guardians", "cards", "fear", "total")
CAT_NAMES = ("Research", "Temple tiles", "Idols", "Empty idol slots", "Guardians", "Cards", "Fear", "Total")


def score_sheet(view: dict, names: list[str]) -> Safe:
    """Score by category as the engine counts it: the final scores, else the last finished round (or now),
    plus each round's totals so far."""
    n = view["players"]
    parts: list = [tag("h2", None, "Score sheet")]
    if view["over"] or not view["history"]:
        title = "Final scores" if view["over"] else "Scores now"
        scores = [p["score"] for p in view["player_info"]]
    else:
        title = f"After round {view['history'][-1]['round']}"
        scores = view["history"][-1]["scores"]
    rival = None
    if view.get("rival"):
        rival = view["rival"]["score"] if view["over"] or not view["history"] else view["history"][-1]["rival"]
    rows = [tag("tr", None, tag("th", None, "Category"), [tag("th", None, names[i]) for i in range(n)],
                tag("th", None, "Rival") if rival else None)]
    for cat, label in zip(CATS, CAT_NAMES):
        cells = [tag("td", {"data-testid": f"sheet-{cat}-{i}"},
                     tag("strong", None, scores[i][cat]) if cat == "total" else scores[i][cat]) for i in range(n)]
        if rival:
            cells.append(tag("td", {"data-testid": f"sheet-{cat}-rival"}, rival[cat]))
        rows.append(tag("tr", None, tag("td", {"style": "text-align:left"}, label), cells))
    parts += [tag("h3", None, title), tag("table", None, rows)]
    if rival and view["over"]:
        won = scores[0]["total"] > rival["total"]
        parts.append(tag("p", {"data-testid": "solo-result"},
                         "You beat the rival!" if won else "The rival wins (you need strictly more points)."))
    if view["history"]:
        rows = [tag("tr", None, tag("th", None, "Round"), [tag("th", None, names[i]) for i in range(n)])]
        for h in view["history"]:
            rows.append(tag("tr", None, tag("td", None, h["round"]),
                            [tag("td", None, h["scores"][i]["total"]) for i in range(n)]))
        parts += [tag("h3", None, "Totals after each round"), tag("table", None, rows)]
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, parts)


def summary(view: dict, names: list[str]) -> Safe:
    items = []
    for i, p in enumerate(view["player_info"]):
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i % 4]}"}, LETTERS[i % 4]), " ",
                         names[i], ": ", tag("strong", {"data-testid": f"total-{i}"}, p["score"]["total"]),
                         " points", " (passed)" if p["passed"] else ""))
    return join(tag("h2", None, "Round ", view["round"], " of ", view["rounds"]),
                tag("ul", {"class": "totals"}, "", items))


def log_text(entry: dict, names: list[str]) -> str:
    """One log entry in English."""
    k, p = entry["key"], entry.get("params") or {}
    if k == "round":
        return f"Round {p['round']} begins; {names[p['start']]} starts."
    if k == "round_end":
        return f"Round {p['round']} ends."
    if k == "over":
        return "The game is over."
    if k == "play":
        return f"plays {_card_name(p['card'])}"
    if k == "buy":
        return f"buys {_card_name(p['card'])}"
    if k == "take":
        return f"takes {_card_name(p['card'])}"
    if k in ("dig", "discover"):
        return f"{k}s at {_site_name(p['site'])}"
    if k == "site_tile":
        ops = D.SITE_TILES[1 if p["site"] < 13 else 2][p["tile"] - 1]
        return f"reveals site tile {p['tile']} at {_site_name(p['site'])}: {ops_text(ops)}"
    if k == "guardian":
        return f"a guardian (#{p['guardian'] + 1}) wakes at {_site_name(p['site'])}"
    if k == "overcome":
        return f"overcomes the guardian at {_site_name(p['site'])}"
    if k == "gain":
        return "gains " + _res_text(p["res"])
    if k == "draw":
        return f"draws {p['n']} card(s)"
    if k == "research":
        return f"moves the {p['token']} to row {p['row']}"
    if k == "travel_pay":
        return "pays travel (" + "+".join(p["icons"]) + ")"
    if k == "exile":
        return f"exiles {_card_name(p['card']) if p['from'] != 'tile' else 'a fear tile'}"
    if k == "fear_guardian":
        return f"takes Fear from the guardian at {_site_name(p['site'])}"
    if k == "temple_tile":
        return f"takes a {p['vp']}-point temple tile"
    if k == "temple_arrival":
        return f"reaches the lost temple ({p['order']}., {p['vp']} VP)"
    if k == "release":
        return f"puts {_card_name(p['card'])} into the play area"
    if k == "pass":
        return "passes"
    if k == "idol":
        return f"takes an idol ({p['idol']})"
    if k == "rival":
        return f"Rival flips {p.get('tile')}: {rival_text(p)}"
    if k == "idol_slot":
        return f"places an idol in slot {p['slot']}: {p['effect']}"
    return k.replace("_", " ") + (" " + json.dumps(p) if p else "")


def validate_view(view: dict) -> None:
    """Reject a malformed view from a remote host before drawing it."""
    if not isinstance(view, dict) or view.get("game") != "arnak":
        raise ValueError("not an Arnak view")
    for key in ("players", "round", "turn"):
        if isinstance(view.get(key), bool) or not isinstance(view.get(key), int):
            raise ValueError(f"bad {key}")
    if not 1 <= view["players"] <= 4 or not isinstance(view.get("player_info"), list):
        raise ValueError("bad players")
    if not isinstance(view.get("sites"), list) or len(view["sites"]) != D.NSITES:
        raise ValueError("bad sites")


__all__ = ["BLURB", "action_buttons", "log_text", "render", "score_sheet", "status_text", "summary", "validate_view"]
