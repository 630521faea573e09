"""Lost Ruins of Arnak table: a view (+ the local UI state) -> one SVG string, plus buttons, log and sheet.

Layout: the card row (artifacts left of the moon staff, items right) on top; below it the sites
(level II, level I upper and lower bands, the five camps) with travel icons, idols, site tiles,
guardians and archaeologists; to the right the research track (notebooks N and glasses G in player
colours, bonus tiles, the lost temple) and the supply (temple tiles, assistants); then one board per
player and your hand. Players are told apart by colour and a letter (A-D). Every element that stands
for a legal action carries data-act; every legal action is also offered as a button below the board.
Card texts are generated from the engine's effect ops, so they always say what the engine does; every
card, site, research space, temple tile, assistant, guardian and idol has a <title> with its effect in the
interface language (web/i18n.py). Card names are the printed components' names (data from py_engine) and
stay as printed.
"""

from __future__ import annotations

import json

from i18n import N_, _, num, tr, trn

from py_engine.games.arnak import data as D

from . import words
from .markup import Safe, join, tag
from .svg import board_svg, button_attrs, fit_text, fmt

BLURB = N_("Deck-building and worker placement on a jungle island: dig, discover, research, reach the temple.")
LOG_SENTENCES = True  # log_text names the player ("You play Horse", "Anna plays Horse")

PLAYER_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
LETTERS = ("A", "B", "C", "D")
RES_LETTER = {"coin": "¢", "compass": "✦", "tablet": "▭", "arrowhead": "➤", "jewel": "◆"}
W = 1220
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "hd": "font:600 14px system-ui;fill:#1d2521", "sm": "font:11px system-ui;fill:#222",
    "xs": "font:9.5px system-ui;fill:#222", "big": "font:700 15px system-ui;fill:#222",
    "tgt": "fill:none;stroke:#e69f00;stroke-width:3", "box": "fill:#f6efe0;stroke:#6b5a3a;stroke-width:1",
    "site": "fill:#e4dcc3;stroke:#6b5a3a", "card": "fill:#fffdf6;stroke:#333", "art": "fill:#efe3ff;stroke:#333",
}.items()))
SITE_W, SITE_H = 128, 74
LINE_LETTERS = 20  # Latin letters of the 9.5 px text in 100 units of width (_wrap's measure)
SITE_LETTERS = LINE_LETTERS * (SITE_W - 8) // 100

# --- words for data ------------------------------------------------------------------------------------
ICON_NAMES = {"boot": N_("boot"), "car": N_("car"), "ship": N_("ship"), "plane": N_("plane")}
# i18n: one-letter abbreviations of the travel icons on cards and sites (boot, car, ship, plane)
ICON_SHORT = {"boot": N_("B"), "car": N_("C"), "ship": N_("S"), "plane": N_("P")}
# i18n: one-letter marks of the research tokens: N = notebook, G = magnifying glass
TOKEN_SHORT = {"notebook": N_("N"), "glass": N_("G")}
TOKEN_NAMES = {"notebook": N_("notebook"), "glass": N_("magnifying glass")}
IDOL_WORDS = {"exile": N_("exile"), "upgrade": N_("upgrade"), "refresh": N_("refresh")}
BONUS_WORDS = {"draw": N_("draw"), "exile": N_("exile"), "upgrade": N_("upgrade")}
# the starting cards' names (every other card keeps its printed English name)
BASIC_NAMES = {"Funding": N_("Funding"), "Exploration": N_("Exploration"), "Fear": N_("Fear")}
STACK_NAMES = {"bronze-a": N_("bronze A"), "bronze-b": N_("bronze B"), "bronze-c": N_("bronze C"),
               "silver-left": N_("silver left"), "silver-right": N_("silver right"), "gold": N_("gold")}
RIVAL_DIG = {"dig-coin": N_("dig (coin)"), "dig-compass": N_("dig (compass)"), "dig-tablet": N_("dig (tablet)"),
             "dig-arrowhead": N_("dig (arrowhead)"), "dig-jewel": N_("dig (jewel)")}
RIVAL_TILE_KINDS = {"discover": N_("discover"), "research": N_("research"), "overcome": N_("overcome"),
                    "item": N_("item"), "artifact": N_("artifact")}
SIMPLE_OPS = {"fear": N_("take a Fear card"), "exile": N_("you may exile a card"),
              "upgrade": N_("upgrade a resource"), "notebook": N_("advance your notebook for free"),
              "take_artifact": N_("take an artifact for free"), "recruit": N_("recruit an assistant"),
              "upgrade_asst": N_("upgrade an assistant"), "refresh_asst": N_("refresh an assistant"),
              "refresh_all": N_("refresh your assistants"), "rescue": N_("rescue an assistant"),
              "return_arch": N_("return an archaeologist"),
              "planes": N_("your travel icons count as planes this round"),
              "no_fear": N_("no guardian Fear this round"), "borrow": N_("use a supply assistant's effect"),
              "swap_asst": N_("swap an assistant"), "hammer": N_("exile the last row item, take an exiled item"),
              "camps2": N_("activate two camp sites"), "shell": N_("send an archaeologist to a camp, resolve it twice"),
              "unslot": N_("free an idol slot"), "crown": N_("move a guardian and activate its new site"),
              "pass": N_("pass"), "relocate": N_("move an archaeologist and activate the site")}
ACTIVATE_OPS = {"camp": N_("activate a camp site"), "camp_free": N_("activate an unoccupied camp site"),
                "level1": N_("activate a discovered level I site"), "mine": N_("activate a site where you are")}
# what a pending decision asks for (pending["kind"] is the engine's op)
PROMPTS = {"exile": N_("you may exile a card"), "discard": N_("you may discard a card"),
           "discard_req": N_("discard a card"), "upgrade": N_("you may upgrade a resource"),
           "or": N_("choose one effect"), "dig": N_("you may dig or discover"),
           "activate": N_("choose a site to activate"), "buy": N_("you may buy a card"),
           "take_item": N_("take an item from the row"), "take_artifact": N_("take an artifact from the row"),
           "research": N_("you may research"), "notebook": N_("you may advance your notebook"),
           "overcome": N_("choose a guardian to overcome"), "recruit": N_("recruit an assistant"),
           "rescue": N_("rescue an assistant"), "upgrade_asst": N_("upgrade an assistant"),
           "refresh_asst": N_("refresh an assistant"), "refresh_all": N_("refresh your assistants"),
           "relocate": N_("move an archaeologist"), "return_arch": N_("return an archaeologist"),
           "borrow": N_("use a supply assistant's effect"), "swap_asst": N_("swap an assistant"),
           "hammer": N_("take an exiled item"), "camps2": N_("choose two camp sites"),
           "shell": N_("choose a camp for your archaeologist"), "earring": N_("choose how many cards to draw aside"),
           "keep": N_("keep one of the cards drawn aside"), "putback": N_("put a card back on your deck"),
           "crown": N_("move a guardian"), "bonus_pick": N_("choose a bonus tile"),
           "temple_bonus": N_("choose a temple bonus tile")}
SIMPLE_ACTS = {"pass": N_("pass"), "end": N_("end turn"), "keep": N_("keep the rest"), "skip": N_("skip"),
               "accept": N_("resolve its effect"), "decline": N_("decline the effect"), "none": N_("put none back"),
               "ok": N_("ok")}


def word(table: dict, key) -> str:
    """A data word (a resource, an icon, a tile name) in the interface language; unknown data as it came."""
    return _(table[key]) if isinstance(key, str) and key in table else str(key)


def card_label(name) -> str:
    """A card's name: the starting cards in the interface language, the others as printed."""
    return word(BASIC_NAMES, name) if name in BASIC_NAMES else str(name)


def res_amount(res: str, n) -> str:
    """2 coins / コイン2 / ۲ سکه."""
    if res == "coin":
        return trn("{n} coin", "{n} coins", n)
    if res == "compass":
        return trn("{n} compass", "{n} compasses", n)
    if res == "tablet":
        return trn("{n} tablet", "{n} tablets", n)
    if res == "arrowhead":
        return trn("{n} arrowhead", "{n} arrowheads", n)
    if res == "jewel":
        return trn("{n} jewel", "{n} jewels", n)
    return f"{n} {res}"


def res_short(amounts: dict) -> str:
    """Resources by their symbols, the nonzero ones: "¢1 ▭1 ➤1" (the players' rows use the same symbols)."""
    return " ".join(f"{RES_LETTER[r]}{num(amounts[r])}" for r in D.RES if amounts.get(r)) or _("nothing")


def icons_text(icons, short: bool = False) -> str:
    """Travel icons: "car+ship" (short: "C+S")."""
    return "+".join(word(ICON_SHORT if short else ICON_NAMES, i) for i in icons)


def _list(items) -> str:
    return _(", ").join(str(x) for x in items)


def _sep() -> str:
    # i18n: the separator between two effects of one card ("gain 1 coin; draw 1 card")
    return _("; ")


# --- card texts from ops -------------------------------------------------------------------------------
def _res_text(r) -> str:
    parts = [res_amount(D.RES[i], v) for i, v in enumerate(r) if v]
    return " + ".join(parts) or _("nothing")


def op_text(op: tuple) -> str:
    """One effect op in the interface language."""
    k = op[0]
    if k == "gain":
        return tr("gain {res}", res=_res_text(op[1]))
    if k == "pay":
        return tr("pay {res}", res=_res_text(op[1]))
    if k == "draw":
        return trn("draw {n} card", "draw {n} cards", op[1])
    if k == "draw_bottom":
        return trn("draw {n} card from the bottom of your deck", "draw {n} cards from the bottom of your deck", op[1])
    if k == "or":
        return tr("choose: {options}", options=_(" or ").join(ops_text(b) for b in op[1:]))
    if k == "discard":
        then = ops_text(op[1])
        return tr("you may discard a card to {effect}", effect=then) if then else _("you may discard a card")
    if k == "dig":
        if op[2]:
            return trn("dig or discover with {icons} and {n} compass covered",
                       "dig or discover with {icons} and {n} compasses covered", op[2], icons=icons_text(op[1]))
        return tr("dig or discover with {icons} covered", icons=icons_text(op[1]))
    if k == "buy":
        if op[1] == "artifact":
            text = trn("buy an artifact for {n} compass less", "buy an artifact for {n} compasses less", op[2])
        elif op[1] == "item":
            text = trn("buy an item for {n} coin less", "buy an item for {n} coins less", op[2])
        else:
            text = tr("buy an item or an artifact for {n} less", n=op[2])
        return tr("{effect} (the deck's top card is on offer too)", effect=text) if op[3] is True else text
    if k == "research":
        return tr("research for {res} less", res=_res_text(op[1]))
    if k == "activate":
        return word(ACTIVATE_OPS, op[1])
    if k == "overcome":
        return _("overcome a guardian for free (no other archaeologist there)") if op[1] == "alone" else \
            _("overcome a guardian at your site for free")
    if k == "count":
        if op[1] == "guardians":
            return tr("1 compass per guardian you have (at most {n})", n=op[2])
        if op[1] == "idols":
            return tr("1 compass per idol you have (at most {n})", n=op[2])
        return tr("1 compass per archaeologist you placed (at most {n})", n=op[2])
    if k == "travel":
        return tr("pay {icons} travel", icons=icons_text(op[1]))
    if k == "take_item":
        return {"hand": _("take an item from the row into your hand"),
                "top": _("take an item from the row onto your deck"),
                "bottom": _("take an item from the row to the bottom of your deck")}.get(op[1], str(op[1]))
    if k == "earring":
        if op[2] == "bottom":
            return tr("look at up to {n} cards from the bottom of your deck, keep 1", n=op[1])
        return tr("look at up to {n} cards from the top of your deck, keep 1", n=op[1])
    if k == "guiding":
        return tr("resolve the top level {level} site tile", level="I" if op[1] == 1 else "II")
    return word(SIMPLE_OPS, k)


def ops_text(ops) -> str:
    return _sep().join(op_text(o) for o in ops)


def card_text(card: dict) -> str:
    """A card's tooltip: name, cost, travel, VP and effect."""
    info = D.CARDS[card["id"]]
    if info[1] == "item":
        cost = res_amount("coin", info[2])
    elif info[1] == "artifact":
        cost = res_amount("compass", info[2])
    else:
        cost = "-"
    timing = _("free action") if info[5] == "F" else (_("main action") if info[5] == "M" else _("no effect"))
    extra = [_("exiled after use")] if info[6] else []
    if info[1] == "artifact":
        extra.append(_("from your hand: pay 1 tablet"))
    effect = _sep().join([ops_text(info[7]) or _("none"), *extra])
    return tr("{name} — cost {cost}, travel {travel}, {vp} VP. {timing}: {effect}", name=card_label(info[0]), cost=cost,
              travel=icons_text(info[3]), vp=info[4], timing=timing, effect=effect)


def boon_text(boon) -> str:
    """What a guardian's boon does."""
    if boon in D.BOON_OPS:
        return ops_text(D.BOON_OPS[boon])
    if boon in ICON_NAMES:
        return tr("a {icon} travel icon", icon=word(ICON_NAMES, boon))
    return str(boon)


def idol_text(name) -> str:
    """The bonus of an idol (by its name in the view)."""
    if name in D.IDOL_NAMES:
        return ops_text(D.IDOLS[D.IDOL_NAMES.index(name)])
    return str(name)


def idol_word(name) -> str:
    return res_amount(name, 1) if name in D.RES else word(IDOL_WORDS, name)


def slot_text(name) -> str:
    """The effect of an idol slot (by its name in the engine)."""
    if name in D.IDOL_SLOT_NAMES:
        return ops_text(D.IDOL_SLOT_EFFECTS[D.IDOL_SLOT_NAMES.index(name)])
    return str(name)


def bonus_text(tile) -> str:
    return ops_text(D.BONUS_OPS[tile]) if tile in D.BONUS_OPS else str(tile)


def bonus_word(tile) -> str:
    return res_amount(tile, 1) if tile in D.RES else word(BONUS_WORDS, tile)


def assistant_text(aid, gold: bool) -> str:
    """An assistant's effect (silver or gold side)."""
    if not isinstance(aid, int) or not 1 <= aid <= len(D.ASSISTANTS):
        return ""
    info = D.ASSISTANTS[aid - 1]
    ops = info[1 if gold else 0]
    travel = info[3 if gold else 2]
    parts = [ops_text(ops)] if ops else []
    if travel:
        parts.append(tr("or {icons} travel", icons=icons_text(travel)))
    effect = " ".join(parts)
    if info[4]:
        return tr("Assistant #{n} ({side}, main action): {effect}", n=aid, side=_("gold") if gold else _("silver"),
                  effect=effect)
    return tr("Assistant #{n} ({side}): {effect}", n=aid, side=_("gold") if gold else _("silver"), effect=effect)


def stack_name(k) -> str:
    return word(STACK_NAMES, D.TEMPLE_STACK_NAMES[k]) if isinstance(k, int) and 0 <= k < 6 else str(k)


def rival_tile_name(tile) -> str:
    """dig-coin -> "dig (coin)", research-red -> "research (red)"."""
    if not isinstance(tile, str) or "-" not in tile:
        return str(tile)
    if tile in RIVAL_DIG:
        return _(RIVAL_DIG[tile])
    kind, _dash, what = tile.partition("-")
    name = word(RIVAL_TILE_KINDS, kind)
    return tr("{tile} (red)", tile=name) if what == "red" else tr("{tile} (green)", tile=name)


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
    name = card_label(card["name"])
    cost = card["cost"] if card["kind"] in ("item", "artifact") else ""
    sym = "✦" if card["kind"] == "artifact" else "¢"
    effect = ops_text(D.CARDS[card["id"]][7])
    lines = _wrap(effect, LINE_LETTERS * (w - 8) // 100)[:(h - 22) // 11 - 1]
    title = name + (" ⚡" if card["free"] else "")
    foot = icons_text(card["travel"], short=True) + "  " + (f"{num(cost)}{sym}" if cost != "" else "")
    vp = tr("{n} VP", n=card["vp"])
    # A card that is a control is named by its <title> (also its tooltip): what clicking does, then the card;
    # its face is a picture (aria-hidden), so no aria-label has to repeat the printed words (WCAG 2.5.3).
    about = card_text(card)
    named = tr("{name}: {what}", name=label or describe(act), what=about) if act is not None else about
    face = [tag("rect", {"x": fmt(x), "y": fmt(y), "width": w, "height": h, "rx": 5, "class": cls}),
            fit_text(x + 4, y + 13, w - 8, "sm", title),
            fit_text(x + 4, y + h - 5, w * 0.62 - 6, "xs", foot),
            fit_text(x + w - 4, y + h - 5, w * 0.38 - 6, "xs", vp, text_anchor="end")]
    face += [fit_text(x + 4, y + 27 + 11 * k, w - 8, "xs", line) for k, line in enumerate(lines)]
    g = {"data-card": card["id"]}
    body = [tag("title", None, named), tag("g", {"aria-hidden": "true"}, face)]
    if act is not None:
        g.update(button_attrs(named, act, testid=testid))
        g.pop("aria-label")
        body.append(tag("rect", {"x": fmt(x - 2), "y": fmt(y - 2), "width": w + 4, "height": h + 4, "rx": 6,
                                 "class": "tgt"}))
    return tag("g", g, body)


def _width(s: str) -> int:
    """Text width in Latin letters: a CJK character is about two."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in s)


def _wrap(s: str, n: int) -> list[str]:
    """Lines of at most n letters' width; words are kept whole, text without spaces (Japanese) is cut anywhere."""
    lines, cur = [], ""
    for word_ in s.split():
        while _width(word_) > n:  # a long run without spaces
            room = n - _width(cur) - (1 if cur else 0)
            if room < 4 and cur:
                lines.append(cur)
                cur, room = "", n
            cut, used = 0, 0
            while cut < len(word_) and used + _width(word_[cut]) <= room:
                used += _width(word_[cut])
                cut += 1
            lines.append(f"{cur} {word_[:cut]}".strip())
            cur, word_ = "", word_[cut:]
        if _width(cur) + _width(word_) + 1 > n and cur:
            lines.append(cur)
            cur = word_
        else:
            cur = f"{cur} {word_}".strip()
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


def guardian_text(g: dict) -> str:
    """A guardian's tooltip: what overcoming it costs and its boon."""
    cost = [_res_text([g["cost"][r] for r in D.RES])]
    if g["travel"]:
        cost.append(tr("travel {icons}", icons=icons_text(g["travel"])))
    if g["discards"]:
        cost.append(trn("discard {n} card", "discard {n} cards", g["discards"]))
    return tr("Guardian {n}: overcome it for {cost} ({vp} VP); boon: {boon}. Unless overcome, it gives Fear to "
              "the archaeologists at its site at the end of the round.", n=g["id"] + 1, cost=_list(cost),
              vp=D.GUARDIAN_VP, boon=boon_text(g["boon"]))


def site_svg(view: dict, s: dict, legal: list[tuple]) -> Safe:
    site = s["site"]
    x, y = site_pos(site)
    level = s["level"]
    name = site_name(site)
    travel = "/".join(icons_text(t, short=True) for t in s["travel"])
    if level == 0:
        effect = ops_text(D.CAMP_EFFECTS[site])
        about = tr("{site} (travel {icons}): {effect}", site=name,
                   icons=_(" or ").join(icons_text(t) for t in s["travel"]), effect=effect)
    elif s["discovered"]:
        effect = ops_text(D.SITE_TILES[level][s["tile"] - 1])
        about = tr("{site} (travel {icons}): {effect}", site=name, icons=icons_text(s["travel"][0]), effect=effect)
    else:
        about = tr("{site}: not discovered yet. Discover it for {n} compasses and travel {icons}; you take its idol "
                   "({idol}) and reveal a site tile and a guardian.", site=name, n=3 if level == 1 else 6,
                   icons=icons_text(s["travel"][0]), idol=idol_text(s.get("idol")) if s.get("idol") else "-")
    parts = [tag("title", None, about),
             tag("rect", {"x": fmt(x), "y": fmt(y), "width": SITE_W, "height": SITE_H, "rx": 6, "class": "site"}),
             fit_text(x + 4, y + 13, SITE_W * 0.7 - 6, "sm", name),
             fit_text(x + SITE_W - 4, y + 13, SITE_W * 0.3 - 6, "sm", travel, text_anchor="end")]
    if level == 0 or s["discovered"]:
        lines = _wrap(effect, SITE_LETTERS)[:2]
    else:
        idol = s.get("idol")
        lines = _wrap(" ".join([tr("{n}✦ to discover · idol: {idol}", n=3 if level == 1 else 6,
                                   idol=idol_word(idol) if idol else "-"),
                                tr("+{n} face down", n=s["face_down_idols"]) if s.get("face_down_idols") else ""]),
                      SITE_LETTERS)[:2]
    parts += [fit_text(x + 4, y + 28 + 10 * k, SITE_W - 8, "xs", line) for k, line in enumerate(lines)]
    g = s.get("guardian")
    if g:  # left of the first free space's circle
        parts.append(fit_text(x + 4, y + 52, SITE_W - 8 - 22 * len(s["spaces"]), "xs",
                              tag("title", None, guardian_text(g)),
                              tr("Guardian {n}: boon {boon}", n=g["id"] + 1, boon=boon_word(g["boon"])),
                              style="fill:#a00"))
    for k, who in enumerate(s["spaces"]):
        cx, cy = x + SITE_W - 16 - 22 * k, y + SITE_H - 14
        if who == -2:
            parts.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 4), "class": "sm", "text-anchor": "middle"},
                             tag("title", None, _("blocked space (fewer players)")), "✕"))
        elif who >= 0:
            parts.append(_meeple(who, cx, cy))
        else:
            parts.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy), "r": 9, "fill": "none", "stroke": "#777",
                                        "stroke-dasharray": "3 2"}, tag("title", None, _("free space"))))
    act = _find(legal, lambda a: a[0] in ("dig", "discover", "overcome", "site") and len(a) > 1 and a[1] == site)
    if act:
        parts.append(_target(x, y, SITE_W, SITE_H, act, tr("{site}: {action}", site=name, action=describe(act)),
                             f"site-{site}-{act[0]}"))
    return tag("g", {"data-site": site}, parts)


def boon_word(boon) -> str:
    """A boon in a few letters: a travel icon's name or the effect's word."""
    return word(ICON_NAMES, boon) if boon in ICON_NAMES else word(BONUS_WORDS, boon)


def row_svg(view: dict, legal: list[tuple]) -> Safe:
    parts = [tag("text", {"x": 12, "y": 52, "class": "hd"}, _("Card row"))]
    arts = view["row"]["artifacts"]
    items = view["row"]["items"]
    x = 12
    for i in range(len(arts) - 1, -1, -1):
        c = arts[i]
        if c:
            act = _find(legal, lambda a, i=i: a[:3] in (("buy", "artifact", i), ("take", "artifact", i)))
            parts.append(card_box(c, x, 60, act=act, testid=f"row-artifact-{i}"))
        x += 120
    parts.append(tag("rect", {"x": fmt(x), "y": 56, "width": 8, "height": 80, "fill": "#7a6bd0"},
                     tag("title", None, _("Moon staff: artifacts to its left, items to its right; it moves right "
                                          "each round and the row beyond it leaves the game."))))
    parts.append(tag("text", {"x": fmt(x + 4), "y": 150, "class": "xs", "text-anchor": "middle"}, _("moon staff")))
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
                     tr("Decks: items {items} · artifacts {artifacts} · fear {fear} · site tiles I {level1} / II "
                        "{level2} · guardians {guardians} · exiled items {exiled}", items=d["items"],
                        artifacts=d["artifacts"], fear=d["fear"], level1=d["level1"], level2=d["level2"],
                        guardians=d["guardians"], exiled=len(d["item_exile"]))))
    return join(parts)


def research_space_text(view: dict, sp: dict, cost: str) -> str:
    """A research space's tooltip: its cost, what a token gains there, its VP and bonus tiles."""
    row, space = sp["row"], sp["space"]
    rows = D.ROWS.get(view["temple"]) or D.ROWS["bird"]
    if space == D.TEMPLE:
        text = tr("Lost temple (cost {cost}): only a magnifying glass may enter; arriving scores {vp} VP by "
                  "order of arrival, and you may take a temple bonus tile.", cost=cost,
                  vp=" / ".join(str(v) for v in D.TEMPLE_ARRIVAL_VP))
    elif isinstance(row, int) and 0 < row < len(rows):
        gops, gvp, nops, nvp = rows[row]
        text = tr("Row {row}, space {space} (cost {cost}). Magnifying glass: {glass} ({gvp} VP). Notebook: "
                  "{notebook} ({nvp} VP). The notebook may not pass the magnifying glass.", row=row, space=space,
                  cost=cost, glass=ops_text(gops) or _("nothing"), gvp=gvp, notebook=ops_text(nops) or _("nothing"),
                  nvp=nvp)
    else:
        text = tr("Row {row}, space {space} (cost {cost})", row=row, space=space, cost=cost)
    if sp["bonus"]:
        text += " " + tr("Bonus tiles here: {tiles}.", tiles=_list(bonus_text(t) for t in sp["bonus"]))
    return text


def research_svg(view: dict, legal: list[tuple]) -> Safe:
    x0, y0 = 700, 190
    title = _("Research (bird temple)") if view["temple"] == "bird" else _("Research (snake temple)") \
        if view["temple"] == "snake" else tr("Research ({temple} temple)", temple=view["temple"])
    parts = [tag("text", {"x": x0, "y": y0 - 8, "class": "hd"}, title)]
    rows: dict[int, list] = {}
    for sp in view["research"]:
        rows.setdefault(sp["row"], []).append(sp)
    tokens: dict[int, list] = {}
    for p in view["player_info"]:
        tokens.setdefault(p["notebook"], []).append((p["seat"], "notebook"))
        tokens.setdefault(p["glass"], []).append((p["seat"], "glass"))
    if view.get("rival"):
        tokens.setdefault(view["rival"]["glass"], []).append((RIVAL, "glass"))
    for row in range(8, 0, -1):
        yy = y0 + (8 - row) * 44
        for k, sp in enumerate(rows.get(row, [])):
            xx = x0 + 10 + k * 160
            space = sp["space"]
            cost = _("1 idol") if sp["cost"] == "idol" else _res_text([sp["cost"][r] for r in D.RES])
            label = _("Lost temple") if space == D.TEMPLE else tr("Row {row} ({space})", row=row, space=space)
            parts.append(tag("rect", {"x": xx, "y": yy, "width": 150, "height": 38, "rx": 5, "class": "box"},
                             tag("title", None, research_space_text(view, sp, cost))))
            short = _("1 idol") if sp["cost"] == "idol" else res_short(sp["cost"])
            parts.append(fit_text(xx + 4, yy + 12, 142, "xs", label, " · ", short))
            if sp["bonus"]:
                parts.append(fit_text(xx + 4, yy + 24, 142, "xs",
                                      tr("bonus: {tiles}", tiles=_list(bonus_word(t) for t in sp["bonus"]))))
            for j, (seat, kind) in enumerate(tokens.get(space, [])):
                cx = xx + 12 + j * 20
                colour = RIVAL_COLOUR if seat == RIVAL else PLAYER_COLOURS[seat % 4]
                parts.append(tag("rect", {"x": cx - 8, "y": yy + 26, "width": 16, "height": 11, "rx": 2,
                                          "fill": colour}))
                parts.append(tag("text", {"x": cx, "y": yy + 35, "class": "xs", "text-anchor": "middle",
                                          "style": "fill:#fff"}, word(TOKEN_SHORT, kind),
                                 "R" if seat == RIVAL else LETTERS[seat % 4]))
            act = _find(legal, lambda a, space=space: a[0] == "research" and a[2] == space and a[1] == "glass") \
                or _find(legal, lambda a, space=space: a[0] == "research" and a[2] == space)
            if act:
                parts.append(_target(xx, yy, 150, 38, act, describe(act), f"research-{act[1]}-{space}"))
    start = [f"{word(TOKEN_SHORT, kind)}{'R' if s == RIVAL else LETTERS[s]}" for s, kind in tokens.get(0, [])]
    parts.append(tag("text", {"x": x0 + 10, "y": y0 + 8 * 44 + 12, "class": "xs"},
                     tag("title", None, tr("{notebook_mark} = notebook, {glass_mark} = magnifying glass",
                                           notebook_mark=word(TOKEN_SHORT, "notebook"),
                                           glass_mark=word(TOKEN_SHORT, "glass"))),
                     tr("Start: {tokens}", tokens=" ".join(start))))
    # temple tiles and supply
    yy = y0 + 8 * 44 + 26
    parts.append(fit_text(x0, yy, 140, "sm", _("Temple tiles (VP × left):")))
    for k in range(6):
        xx = x0 + 150 + k * 58
        act = _find(legal, lambda a, k=k: a == ("temple", k))
        parts.append(tag("rect", {"x": xx, "y": yy - 12, "width": 54, "height": 16, "rx": 3, "class": "box"},
                         tag("title", None, tr("Temple tile ({stack}): {vp} VP, cost {cost}; {n} left",
                                               stack=stack_name(k), vp=D.TEMPLE_STACK_VP[k],
                                               cost=_res_text([view["temple_costs"][k][r] for r in D.RES]),
                                               n=view["temple_left"][k]))))
        parts.append(tag("text", {"x": xx + 4, "y": yy, "class": "xs"},
                         f"{D.TEMPLE_STACK_VP[k]} × {view['temple_left'][k]}"))
        if act:
            parts.append(_target(xx, yy - 12, 54, 16, act, describe(act), f"temple-{k}"))
    stacks = []
    for a in view["assistants"]:
        if a["top"]:
            stacks.append(tag("tspan", None, tag("title", None, assistant_text(a["top"], False)),
                              f"#{a['top']} ({a['count']})"))
        else:
            stacks.append(_("empty"))
    tops = []
    for k, s in enumerate(stacks):
        tops += [_(", ") if k else "", s]
    parts.append(tag("text", {"x": x0, "y": yy + 18, "class": "xs"}, _("Assistant stacks:"), " ", *tops,
                     " · ", tr("temple bonus tiles {n}", n=view["temple_bonus"]),
                     (" · " + tr("rescue: {n}", n=view["rescue"]["count"])) if view["temple"] == "snake" else ""))
    return join(parts)


def player_svg(view: dict, p: dict, y: float, names: list[str], me) -> Safe:
    seat = p["seat"]
    colour = PLAYER_COLOURS[seat % 4]
    name = names[seat] if seat < len(names) else tr("Player {n}", n=seat + 1)
    res = " ".join(f"{RES_LETTER[r]}{num(p['resources'][r])}" for r in D.RES)
    res_title = _list(res_amount(r, p["resources"][r]) for r in D.RES)
    asst: list = []
    for k, a in enumerate(p["assistants"]):
        label = tr("#{n} gold", n=a["id"]) if a["gold"] else f"#{a['id']}"
        if a["exhausted"]:
            label = tr("{assistant} (used)", assistant=label)
        asst += [_(", ") if k else "", tag("tspan", None, tag("title", None, assistant_text(a["id"], a["gold"])),
                                           label)]
    guards: list = []
    for k, g in enumerate(p["guardians"]):
        label = tr("{boon} (used)", boon=boon_word(g["boon"])) if g["used"] else boon_word(g["boon"])
        guards += [_(", ") if k else "", tag("tspan", None, tag("title", None, tr("Guardian boon: {effect}",
                                                                                  effect=boon_text(g["boon"]))),
                                             label)]
    turn = "▶ " if view["turn"] == seat and not view["over"] else ""
    parts = [tag("rect", {"x": 12, "y": fmt(y), "width": W - 24, "height": 46, "rx": 6, "fill": "#fff",
                          "stroke": colour, "stroke-width": 3}),
             tag("text", {"x": 20, "y": fmt(y + 16), "class": "sm"},
                 tag("tspan", {"style": f"fill:{colour};font-weight:700"}, turn, LETTERS[seat % 4], " ", name),
                 "  ", tag("tspan", None, tag("title", None, res_title), res), "  · ",
                 tr("idols {idols} + {slots} in slots · archaeologists home {home}", idols=p["idols"],
                    slots=p["slots"], home=p["home"]),
                 (" · " + _("passed")) if p["passed"] else "",
                 tag("tspan", {"data-testid": f"score-{seat}"}, "  · ", tr("score now {n}", n=p["score"]["total"]))),
             tag("text", {"x": 20, "y": fmt(y + 32), "class": "xs"},
                 tr("hand {hand} · deck {deck} · play area: {cards}", hand=p["hand_count"], deck=p["deck"],
                    cards=_list(card_label(c["name"]) for c in p["play"]) or "-"),
                 " · ", _("assistants:"), " ", asst or _("none"), " · ", _("guardians:"), " ", guards or _("none"),
                 " · ", tr("temple tiles {n}", n=len(p["temple_tiles"])),
                 (" · " + tr("fear tiles {n}", n=p["fear_tiles"])) if p["fear_tiles"] else "")]
    return join(parts)


def hand_svg(view: dict, me, legal: list[tuple], y: float) -> Safe:
    if me is None:
        return Safe("")
    p = view["player_info"][me]
    parts = [tag("text", {"x": 12, "y": fmt(y - 6), "class": "hd"}, _("Your hand"))]
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
    arrow = {"L": "←", "R": "→"}.get(last.get("arrow"), str(last.get("arrow", "-")))
    return join(tag("rect", {"x": 12, "y": fmt(y), "width": W - 24, "height": 46, "rx": 6, "fill": "#eee",
                             "stroke": RIVAL_COLOUR, "stroke-width": 3}),
                tag("text", {"x": 20, "y": fmt(y + 16), "class": "sm"},
                    tag("tspan", {"style": "font-weight:700"}, "R ", _("Rival expedition")), "  · ",
                    tag("tspan", None, tag("title", None, _("The rival flips one action tile a turn; the arrow "
                                                            "breaks ties (← the leftmost choice, → the rightmost).")),
                        tr("last tile: {tile} ({arrow}) → {did}", tile=rival_tile_name(last.get("tile", "-")),
                           arrow=arrow, did=did)),
                    " · ", tr("tiles left {n} · archaeologists home {home}", n=r["left"], home=r["home"]),
                    tag("tspan", {"data-testid": "rival-score"}, " · ", tr("score now {n}", n=r["score"]["total"]))),
                tag("text", {"x": 20, "y": fmt(y + 32), "class": "xs"},
                    tr("cards: {cards}", cards=_list(card_label(c["name"]) for c in r["cards"]) or "-"), " · ",
                    tr("idols face up {up}, in the −1 stack {down}", up=len(r["idols_up"]), down=r["idols_down"]),
                    " · ", tr("guardians {guardians} · temple tiles {tiles}", guardians=len(r["guardians"]),
                              tiles=len(r["temple_tiles"]))))


def rival_text(d: dict) -> str:
    what = d.get("did", "nothing")
    if what == "dig":
        return tr("digs at {site}", site=site_name(d["site"]))
    if what == "discover":
        return tr("discovers {site}", site=site_name(d["site"]))
    if what == "research":
        return tr("researches to space {space}", space=d["space"])
    if what == "temple_tile":
        stack = d.get("stack")
        vp = D.TEMPLE_STACK_VP[stack] if isinstance(stack, int) and 0 <= stack < 6 else "?"
        return tr("takes a {vp}-point temple tile ({stack})", vp=vp, stack=stack_name(stack))
    if what == "overcome":
        return tr("overcomes the guardian at {site}", site=site_name(d["site"]))
    if what == "buy":
        return tr("takes {card}", card=_card_name(d["card"]))
    return _("nothing")


def size(view: dict) -> tuple[int, int]:
    return W, 625 + 52 * (view["players"] + (1 if view.get("rival") else 0)) + 190


def _names(view: dict, ui: dict) -> list[str]:
    return ui.get("names") or [tr("Player {n}", n=i + 1) for i in range(view["players"])]


def render(view: dict, ui: dict) -> Safe:
    legal = _legal(ui)
    names = _names(view, ui)
    me = ui.get("me")
    w, h = size(view)
    head = tag("text", {"x": 12, "y": 22, "class": "big"},
               tr("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"]), " · ",
               tr("start: {name}", name=names[view["start"]]), " · ", status_text(view, ui))
    parts = [STYLE, head, row_svg(view, legal)]
    parts.append(tag("text", {"x": 12, "y": 220, "class": "hd"}, _("Sites")))
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
    return board_svg(bool(ui.get("narrow")), w, h, _("Lost Ruins of Arnak board"), *parts, smallest_font=9.5,
                     data_testid="arnak-board", data_mine="1" if mine else "0",
                     data_decision=pend.get("kind") or "over")


# --- text and buttons ----------------------------------------------------------------------------------
def site_name(site) -> str:
    """Camp 3 / Level I site 2 / Level II site 10 (the numbering of the board drawing)."""
    if not isinstance(site, int):
        return str(site)
    if site < 5:
        return tr("Camp {n}", n=site + 1)
    if site < 13:
        return tr("Level I site {n}", n=site - 4)
    return tr("Level II site {n}", n=site - 4)


def _site_name(site) -> str:
    return site_name(site)


def _card_name(cid) -> str:
    return card_label(D.CARDS[cid][0]) if cid in D.CARDS else str(cid)


def _upgrade_text(res) -> str:
    if res == "tablet":
        return _("upgrade a tablet to an arrowhead")
    if res == "arrowhead":
        return _("upgrade an arrowhead to a jewel")
    return _("upgrade a resource")


def describe(a: tuple) -> str:
    """The label of an action in the interface language."""
    k = a[0]
    if k == "play":
        return tr("play {card}", card=_card_name(a[1]))
    if k == "dig":
        return tr("dig at {site}", site=site_name(a[1]))
    if k == "discover":
        return tr("discover {site}", site=site_name(a[1]))
    if k == "overcome":
        return tr("overcome the guardian at {site}", site=site_name(a[1]))
    if k == "buy":
        if a[2] == "top":
            return _("buy the top artifact of the deck") if a[1] == "artifact" else _("buy the top item of the deck")
        n = a[2] + 1 if isinstance(a[2], int) else a[2]
        return tr("buy artifact #{n}", n=n) if a[1] == "artifact" else tr("buy item #{n}", n=n)
    if k == "research":
        return tr("research: {token} to space {space}", token=word(TOKEN_NAMES, a[1]), space=a[2])
    if k == "temple":
        vp = D.TEMPLE_STACK_VP[a[1]] if isinstance(a[1], int) and 0 <= a[1] < 6 else "?"
        return tr("temple tile ({vp} VP, {stack})", vp=vp, stack=stack_name(a[1]))
    if k == "idol":
        name = D.IDOL_SLOT_NAMES[a[1]] if isinstance(a[1], int) and 0 <= a[1] < len(D.IDOL_SLOT_NAMES) else a[1]
        return tr("place an idol in a slot: {effect}", effect=slot_text(name))
    if k == "boon":
        return tr("use guardian boon #{n}", n=a[1] + 1)
    if k == "assist":
        return tr("use assistant #{n}", n=a[1] + 1)
    if k == "tcard":
        return tr("pay travel with {card}", card=_card_name(a[1]))
    if k == "pilot":
        return _("hire a pilot (2 coins → plane)")
    if k == "tasst":
        return tr("pay travel with assistant #{n}", n=a[1] + 1)
    if k == "tboon":
        return tr("pay travel with guardian boon #{n}", n=a[1] + 1)
    if k == "exile":
        if a[1] == "tile":
            return _("exile a fear tile")
        if a[1] == "hand":
            return tr("exile {card} from your hand", card=_card_name(a[2]))
        return tr("exile {card} from your play area", card=_card_name(a[2]))
    if k == "discard":
        return tr("discard {card}", card=_card_name(a[1]))
    if k == "release" and len(a) > 1:
        return tr("put into the play area: {card}", card=_card_name(a[1]))
    if k == "keep" and len(a) > 1:
        return tr("keep {card}", card=_card_name(a[1]))
    if k == "putback" and len(a) > 1:
        return tr("put back on the deck: {card}", card=_card_name(a[1]))
    if k == "take":
        if a[1] == "exiled":
            return tr("take {card} from the exile", card=_card_name(a[2]))
        return tr("take artifact #{n}", n=a[2] + 1) if a[1] == "artifact" else tr("take item #{n}", n=a[2] + 1)
    if k == "site":
        return site_name(a[1])
    if k == "move":
        return tr("move from {a} to {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "crown":
        return tr("move the guardian from {a} to {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "sites":
        return tr("{a} and {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "choose":
        return tr("option {n}", n=a[1] + 1)
    if k == "upgrade":
        return _upgrade_text(a[1])
    if k == "stack":
        return tr("assistant stack {n}", n=a[1] + 1)
    if k == "asst":
        return tr("your assistant #{n}", n=a[1] + 1)
    if k == "swap":
        return tr("swap your assistant #{n} with stack {k}", n=a[1] + 1, k=a[2] + 1)
    if k == "rescue":
        return tr("rescue assistant #{n}", n=a[1])
    if k == "bonus":
        return tr("bonus tile: {effect}", effect=bonus_text(a[1]))
    if k == "n":
        return trn("draw {n} card", "draw {n} cards", a[1])
    if k in SIMPLE_ACTS:
        return _(SIMPLE_ACTS[k])
    return " ".join(map(str, a))


def move_text(a: tuple) -> str:
    """A recorded move in the interface language (the replay's move list): as its button says it."""
    return describe(a)


def _choice_text(view: dict, a: tuple) -> str:
    """For an 'or' decision, the branch text."""
    return describe(a)


def status_text(view: dict, ui: dict) -> str:
    if view.get("over"):
        return _("The game is over.")
    names = _names(view, ui)
    pend = view["pending"]
    who = names[pend["seat"]]
    kind = pend["kind"]
    if kind == "turn":
        return tr("{name}: take a main action (or free actions), or pass.", name=who)
    if kind == "free":
        return tr("{name}: free actions, or end the turn.", name=who)
    if kind == "keep" and view.get("phase") == "keep":
        return tr("{name}: round end — put hand cards into the play area or keep them.", name=who)
    what = pend.get("for")
    action = describe(tuple(what)) if what else ""
    if kind == "travel":
        icons = " + ".join(word(ICON_NAMES, i) for i in pend["icons"])
        if action:
            return tr("{name}: pay travel for {action}: {icons}.", name=who, action=action, icons=icons)
        return tr("{name}: pay travel: {icons}.", name=who, icons=icons)
    if kind == "accept":
        return tr("{name}: resolve the effect of {card}?", name=who, card=_card_name(pend["card"]))
    prompt = word(PROMPTS, kind) if kind in PROMPTS else str(kind).replace("_", " ")
    if action:
        return tr("{name}: {prompt} ({action}).", name=who, prompt=prompt, action=action)
    return tr("{name}: {prompt}.", name=who, prompt=prompt)


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
CAT_NAMES = (N_("Research"), N_("Temple tiles"), N_("Idols"), N_("Empty idol slots"), N_("Guardians"), N_("Cards"),
             N_("Fear"), N_("Total"))


def score_sheet(view: dict, names: list[str]) -> Safe:
    """Score by category as the engine counts it: the final scores, else the last finished round (or now),
    plus each round's totals so far."""
    n = view["players"]
    parts: list = [tag("h2", None, _("Score sheet"))]
    if view["over"] or not view["history"]:
        title = _("Final scores") if view["over"] else _("Scores now")
        scores = [p["score"] for p in view["player_info"]]
    else:
        title = tr("After round {n}", n=view["history"][-1]["round"])
        scores = view["history"][-1]["scores"]
    rival = None
    if view.get("rival"):
        rival = view["rival"]["score"] if view["over"] or not view["history"] else view["history"][-1]["rival"]
    rows = [tag("tr", None, tag("th", None, _("Category")), [tag("th", None, names[i]) for i in range(n)],
                tag("th", None, _("Rival")) if rival else None)]
    for cat, label in zip(CATS, CAT_NAMES):
        cells = [tag("td", {"data-testid": f"sheet-{cat}-{i}"},
                     tag("strong", None, scores[i][cat]) if cat == "total" else scores[i][cat]) for i in range(n)]
        if rival:
            cells.append(tag("td", {"data-testid": f"sheet-{cat}-rival"}, rival[cat]))
        rows.append(tag("tr", None, tag("td", {"style": "text-align:start"}, _(label)), cells))
    parts += [tag("h3", None, title), tag("table", None, rows)]
    if rival and view["over"]:
        result = view.get("result") or {}
        won = result["beat_rival"] if "beat_rival" in result else scores[0]["total"] > rival["total"]
        parts.append(tag("p", {"data-testid": "solo-result"},
                         _("You beat the rival!") if won else _("The rival wins (you need strictly more points).")))
    if view["history"]:
        rows = [tag("tr", None, tag("th", None, _("Round")), [tag("th", None, names[i]) for i in range(n)],
                    tag("th", None, _("Rival")) if rival else None)]
        for h in view["history"]:
            rows.append(tag("tr", None, tag("td", None, h["round"]),
                            [tag("td", None, h["scores"][i]["total"]) for i in range(n)],
                            tag("td", {"data-testid": f"round-{h['round']}-rival"}, h["rival"]["total"])
                            if rival and h.get("rival") else None))
        parts += [tag("h3", None, _("Totals after each round")), tag("table", None, rows)]
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, parts)


def summary(view: dict, names: list[str]) -> Safe:
    items = []
    for i, p in enumerate(view["player_info"]):
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i % 4]}"}, LETTERS[i % 4]), " ",
                         names[i], ": ", tag("strong", {"data-testid": f"total-{i}"}, p["score"]["total"]),
                         " ", _("points"), (" " + _("(passed)")) if p["passed"] else ""))
    return join(tag("h2", None, tr("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"])),
                tag("ul", {"class": "totals"}, "", items))


# Log entries are data from the engine ({"seat", "key", "params"}): a predicate about the player ("plays
# Horse", worded for You by words.sentence in English, "<name>: <words>" in the other languages) or, for
# entries without a seat, a whole line.
def _log_words(k: str, p: dict, names: list[str]) -> str:
    if k == "play":
        return tr("plays {card}", card=_card_name(p.get("card")))
    if k == "buy":
        return tr("buys {card}", card=_card_name(p.get("card")))
    if k == "take":
        return tr("takes {card}", card=_card_name(p.get("card")))
    if k == "dig":
        return tr("digs at {site}", site=site_name(p.get("site")))
    if k == "discover":
        return tr("discovers {site}", site=site_name(p.get("site")))
    if k == "site_tile":
        site, tile = p.get("site"), p.get("tile")
        level = 1 if isinstance(site, int) and site < 13 else 2
        ops = D.SITE_TILES[level][tile - 1] if isinstance(tile, int) and 1 <= tile <= len(D.SITE_TILES[level]) \
            else ()
        return tr("reveals site tile {tile} at {site}: {effect}", tile=tile, site=site_name(site),
                  effect=ops_text(ops))
    if k == "overcome":
        return tr("overcomes the guardian at {site}", site=site_name(p.get("site")))
    if k == "gain":
        res = p.get("res")
        return tr("gains {res}", res=_res_text(res if isinstance(res, list) and len(res) == 5 else [0] * 5))
    if k == "draw":
        return trn("draws {n} card", "draws {n} cards", p.get("n", 0))
    if k == "draw_aside":
        return trn("draws {n} card aside", "draws {n} cards aside", p.get("n", 0))
    if k == "research":
        return tr("moves the {token} to row {row}", token=word(TOKEN_NAMES, p.get("token")), row=p.get("row"))
    if k == "travel_pay":
        return tr("pays travel ({icons})", icons=icons_text(p.get("icons") or []))
    if k == "exile":
        if p.get("from") == "tile":
            return _("exiles a fear tile")
        return tr("exiles {card}", card=_card_name(p.get("card")))
    if k == "exile_row":
        return tr("exiles {card} from the card row", card=_card_name(p.get("card")))
    if k == "discard":
        return tr("discards {card} to the play area", card=_card_name(p.get("card")))
    if k == "fear":
        return _("takes a Fear card")
    if k == "fear_guardian":
        return tr("takes Fear from the guardian at {site}", site=site_name(p.get("site")))
    if k == "temple_tile":
        return tr("takes a {vp}-point temple tile", vp=p.get("vp"))
    if k == "temple_arrival":
        return tr("reaches the lost temple (arrival {order}, {vp} VP)", order=p.get("order"), vp=p.get("vp"))
    if k == "release":
        return tr("puts {card} into the play area", card=_card_name(p.get("card")))
    if k == "pass":
        return _("passes")
    if k == "idol":
        return tr("takes an idol ({effect})", effect=idol_text(p.get("idol")))
    if k == "idol_slot":
        return tr("places an idol in slot {slot}: {effect}", slot=p.get("slot"), effect=slot_text(p.get("effect")))
    if k == "boon":
        return tr("uses a guardian boon: {effect}", effect=boon_text(p.get("boon")))
    if k == "assistant":
        return tr("uses assistant #{n}", n=p.get("assistant"))
    if k == "bonus_tile":
        return tr("takes a bonus tile: {effect}", effect=bonus_text(p.get("tile")))
    if k == "temple_bonus":
        return tr("takes a temple bonus tile: {effect}", effect=bonus_text(p.get("tile")))
    if k == "guiding":
        return tr("resolves the top level {level} site tile", level="I" if p.get("level") == 1 else "II")
    if k == "upgrade":
        if p.get("from") == "tablet":
            return _("upgrades a tablet to an arrowhead")
        return _("upgrades an arrowhead to a jewel") if p.get("from") == "arrowhead" else _("upgrades a resource")
    if k == "activate":
        return tr("activates {site}", site=site_name(p.get("site")))
    if k == "recruit":
        return tr("recruits assistant #{n}", n=p.get("assistant"))
    if k == "rescue":
        return tr("rescues assistant #{n}", n=p.get("assistant"))
    if k == "upgrade_assistant":
        return tr("upgrades assistant #{n}", n=p.get("assistant"))
    if k == "refresh_assistant":
        return tr("refreshes assistant #{n}", n=p.get("assistant"))
    if k == "borrow":
        return tr("uses the effect of supply assistant #{n}", n=p.get("assistant"))
    if k == "swap_assistant":
        return tr("swaps assistant #{old} for #{new}", old=p.get("old"), new=p.get("new"))
    if k == "relocate":
        return tr("moves an archaeologist from {a} to {b}", a=site_name(p.get("from")), b=site_name(p.get("to")))
    if k == "return":
        return tr("returns an archaeologist from {site}", site=site_name(p.get("site")))
    if k == "shell":
        return tr("sends an archaeologist to {site} (resolved twice)", site=site_name(p.get("site")))
    if k == "crown":
        return tr("moves the guardian from {a} to {b}", a=site_name(p.get("from")), b=site_name(p.get("to")))
    return k.replace("_", " ") + (" " + json.dumps(p) if p else "")


def _public_line(k: str, p: dict, names: list[str]) -> str | None:
    """A log line about no seat in particular (a round, a guardian, the rival), or None."""
    if k == "round":
        s = p.get("start")
        name = names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"
        if words.is_you(name) or name == _("You"):
            return tr("Round {n} begins; you start.", n=p.get("round"))
        return tr("Round {n} begins; {name} starts.", n=p.get("round"), name=name)
    if k == "round_end":
        return tr("Round {n} ends.", n=p.get("round"))
    if k == "over":
        return _("The game is over.")
    if k == "guardian":
        g = p.get("guardian")
        return tr("A guardian (#{n}) wakes at {site}.", n=g + 1 if isinstance(g, int) else "?",
                  site=site_name(p.get("site")))
    if k == "reveal_top":
        return tr("The top card of the deck is revealed: {card}.", card=_card_name(p.get("card")))
    if k == "rival":
        return tr("Rival flips {tile}: {what}", tile=rival_tile_name(p.get("tile")), what=rival_text(p))
    return None


def log_text(entry: dict, names: list[str]) -> str:
    """One log line as a sentence about its player ("You play Horse" / "Anna plays Horse" in English,
    "<name>: <words>" in the other languages); lines about no seat stand alone."""
    k = entry.get("key")
    if k is None:  # an older record's English text
        return words.log_sentence(entry, names)
    p = entry.get("params")
    p = p if isinstance(p, dict) else {}
    line = _public_line(str(k), p, names)
    if line is not None:
        return line
    return words.player_line(_log_words(str(k), p, names), entry.get("seat"), names)


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
