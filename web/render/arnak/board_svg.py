"""Arnak's board as one SVG: the card row, the sites, the research track and supply, one row per player (and
the solo rival), your hand.

Two layouts from the same sections: the desktop board is 1000 units wide, drawn about 1:1 at 1366x768
(sites left of the research track, no shrinking to the window's height; at the table (ui["dock"]) it scrolls
inside its own frame and your hand is a strip docked under it, see docked_table), and the phone
board is 380 units wide, drawn 1:1 on a 390 px screen, its sections stacked (card row, sites, research,
players, hand) so nothing is panned sideways. Text is 12-15 units. Costs, rewards and travel are icons
(icons); every element's <title> holds its full effect in words.

Pointing: in your turn a hand card is selected by a click (data-cmd select "c:<id>"); the sites it can pay
to travel to light up, and clicking one digs (data-act) and pays with the card (data-then: the shell applies
it next when it is legal). A player's idols and guardians are pieces on their row (pieces_row): an idol slot you
may place an idol in, a guardian whose boon you may use, is a lit target of its own.
"""

from __future__ import annotations

from i18n import _, num, tr

from py_engine.games.arnak import data as D
from py_engine.games.arnak.effects import covers

from ..markup import Safe, join, tag
from ..svg import act_attr, button_attrs, fit_text, fmt, frame_zoom, svg_root
from . import flow as F
from . import texts as T
from .actions import _find, label, selected_card
from .icons import LETTERS, PLAYER_COLOURS, RIVAL, RIVAL_COLOUR, defs, icon, icon_row
from .round_end import move_tokens, rival_moves

PX = {"xs": 12.0, "sm": 13.0, "b": 13.0, "hd": 15.0, "big": 16.0}
LEAD = 14.5
STYLE = tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
    "hd": "font:700 15px system-ui;fill:#1d2521", "big": "font:700 16px system-ui;fill:#1d2521",
    "sm": "font:13px system-ui;fill:#222", "b": "font:700 13px system-ui;fill:#222",
    "xs": "font:12px system-ui;fill:#222",
    "tgt": "fill:none;stroke:#e69f00;stroke-width:3", "lit": "fill:#0b7a3b;fill-opacity:.06;stroke:#0b7a3b;"
    "stroke-width:5", "sel": "fill:none;stroke:#0047ff;stroke-width:5", "box": "fill:#f6efe0;stroke:#6b5a3a",
    "site": "fill:#e4dcc3;stroke:#6b5a3a", "camp": "fill:#d9e4c3;stroke:#5b6b3a", "l2": "fill:#e8d3c0;stroke:#6b4a3a",
    "card": "fill:#fffdf6;stroke:#333", "art": "fill:#efe3ff;stroke:#333", "fearc": "fill:#eadcf0;stroke:#333",
    "sect": "fill:#fff;fill-opacity:.55;stroke:#cbbf9f",
    "pay": "fill:#f6d8d2;stroke:#a3402f", "tile": "fill:#fffbe8;stroke:#6b5a3a",
    "use": "fill:#0b7a3b;fill-opacity:.1;stroke:#0b7a3b;stroke-width:4;cursor:pointer",
}.items()))


class Geo:
    """The layout's numbers: desktop (wide) or phone (narrow)."""

    def __init__(self, narrow: bool) -> None:
        self.narrow = narrow
        self.w = 380 if narrow else 1000
        self.card_w = 114 if narrow else 132
        self.gap = 6
        self.site_w = 114 if narrow else 115
        self.site_cols = 3 if narrow else 5
        self.sites_w = self.w - 24 if narrow else 5 * 115 + 4 * 6
        self.research_w = self.w - 24 if narrow else self.w - self.sites_w - 20


def _lines(tokens: list, width: float, cls: str = "xs") -> list:
    return F.layout(tokens, width, PX[cls])


def _draw(lines: list, x: float, y: float, cls: str = "xs") -> list[Safe]:
    return F.draw(lines, x, y, cls, PX[cls], LEAD)


def _target(x: float, y: float, w: float, h: float, act: tuple, name: str, testid: str, lit: bool = False,
            then: tuple | None = None) -> Safe:
    attrs = {"x": fmt(x - 3), "y": fmt(y - 3), "width": fmt(w + 6), "height": fmt(h + 6), "rx": 7,
             "class": "lit" if lit else "tgt", "style": None if lit else "fill:#fff;fill-opacity:0",
             **button_attrs(name, act, testid=testid)}
    if then is not None:
        attrs["data-then"] = act_attr(then)
    if lit:  # lit by the selected card: public/table.js brings the first into view in the board's frame
        attrs["data-reveal"] = "1"
    return tag("rect", attrs, tag("title", None, name))


def _spot_chips(chips: list[tuple[str, str]], x0: float, y0: float, width: float) -> tuple[Safe, float]:
    """The position editor's spots for what a box tells only in words (a player's guardians, assistants and
    temple tiles; the rival's tiles, guardians, cards and idols): one labelled chip each (data-spot: its mark),
    flowing in rows; -> (chips, height)."""
    out, x, y = [], x0, y0
    for mark, words in chips:
        w = min(width, F.text_width(words, PX["xs"]) + 16)
        if x + w > x0 + width and x > x0:
            x, y = x0, y + 26
        out.append(tag("g", {"data-spot": mark}, tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w),
                                                              "height": 22, "rx": 4, "class": "box"}),
                       tag("text", {"x": fmt(x + 8), "y": fmt(y + 15), "class": "xs", "data-fit": fmt(w - 16)},
                           words)))
        x += w + 6
    return join(*out), y + 26 - y0


def _meeple(seat: int, cx: float, cy: float) -> Safe:
    colour, letter = (RIVAL_COLOUR, "R") if seat == RIVAL else (PLAYER_COLOURS[seat % 4], LETTERS[seat % 4])
    return join(icon("archaeologist", cx, cy, 20, colour),
                tag("text", {"x": fmt(cx), "y": fmt(cy + 20), "class": "xs", "text-anchor": "middle"}, letter))


def _zoomable(key: str, selected, x: float, y: float, w: float, h: float) -> tuple[dict, Safe | None]:
    """A thing with a large view (zoom): its data-zoom attributes (public/table.js selects it when the mouse
    rests on it or the keyboard focuses it) and, when it is the one shown, its mark and the anchor under it
    beside which the large view floats on a wide screen."""
    attrs = {"data-zoom": key, "data-zoomed": "1" if selected == key else None}
    if selected != key:
        return attrs, None
    return attrs, join(tag("rect", {"x": fmt(x - 2), "y": fmt(y - 2), "width": fmt(w + 4), "height": fmt(h + 4),
                                    "rx": 7, "class": "sel"}),
                       tag("rect", {"x": fmt(x), "y": fmt(y + h + 6), "width": 1, "height": 1, "fill": "none",
                                    "data-actions-anchor": "1"}))


def _pictured(attrs: dict, about: str, arg: str, testid: str, face: list) -> tuple[dict, list]:
    """A thing selectable for its large view (data-cmd select): named by its <title>, its face a picture hidden
    from screen readers (as a card's and a site's: the name holds all its words, WCAG 2.5.3)."""
    attrs = {**attrs, **button_attrs(about, cmd="select", arg=arg, testid=testid)}
    attrs.pop("aria-label")
    ring = face[0] if face and face[0].startswith("<rect") and "<title>" not in face[0] else None
    if ring:  # the outline stays a direct child: the focus ring draws on it (.board g:focus-visible > rect)
        face = face[1:]
    return attrs, [tag("title", None, about), ring, tag("g", {"aria-hidden": "true"}, face)]


# --- cards ---------------------------------------------------------------------------------------------
def card_lines(card: dict, w: float) -> list:
    return _lines(F.ops_tokens(D.CARDS[card["id"]][7]) if card["id"] in D.CARDS else [], w - 10)


def card_height(cards: list, w: float) -> float:
    """One height for a line of cards: the tallest effect's."""
    n = max([len(card_lines(c, w)) for c in cards if c] or [1])
    return 44 + LEAD * max(n, 2) + 22


def _name_lines(title: str, room: float) -> list[str]:
    """A card's name in lines of whole words, each at most `room` wide but a single word wider than it."""
    lines: list[str] = []
    for word_ in title.split():
        if lines and F.text_width(f"{lines[-1]} {word_}", PX["b"]) <= room:
            lines[-1] += " " + word_
        else:
            lines.append(word_)
    return lines or [""]


def card_box(card: dict, x: float, y: float, w: float = 132, h: float = 140, act: tuple | None = None,
             testid: str | None = None, name: str = "", cmd: str | None = None, lit: bool = False,
             selected: bool = False, spot: str | None = None) -> Safe:
    """A card: name, price (coin or compass icon), effect in icons and words, travel icons, VP; `spot`: the
    board editor's mark (data-spot) of the zone the card lies in."""
    kind = card["kind"]
    cls = "art" if kind == "artifact" else "fearc" if card["name"] == "Fear" else "card"
    title = T.card_label(card["name"]) + (" ⚡" if card["free"] else "")
    about = T.card_text(card)
    named = tr("{name}: {what}", name=name or label({}, act), what=about) if act is not None else about
    face = [tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h), "rx": 6, "class": cls})]
    right = 8
    if kind in ("item", "artifact"):
        face.append(icon("coin" if kind == "item" else "compass", x + w - 12, y + 13, 18))
        face.append(tag("text", {"x": fmt(x + w - 24), "y": fmt(y + 18), "class": "b", "text-anchor": "end"},
                        num(card["cost"])))
        right = 40
    room = w - 8 - right
    if any(ord(c) >= 0x2E80 for c in title):  # a script without spaces (Japanese): cut where the line is full
        names = F.layout([title], room, PX["b"])
        face += F.draw(names, x + 5, y + 17, "b", PX["b"], LEAD)
    else:  # words kept whole ("Grappling / Hook", not "Grapplin / g Hook"): a long one is narrowed to fit
        names = _name_lines(title, room)
        face += [fit_text(x + 5, y + 17 + LEAD * k, room, "b", line) for k, line in enumerate(names)]
    face += _draw(card_lines(card, w), x + 5, y + 22 + LEAD * max(len(names), 1))
    face.append(icon_row(card["travel"], x + 4, y + h - 12, 17))
    if card["vp"]:
        face.append(icon("vp", x + w - 12, y + h - 12, 17))
        face.append(tag("text", {"x": fmt(x + w - 24), "y": fmt(y + h - 7), "class": "b", "text-anchor": "end"},
                        num(card["vp"])))
    g = {"data-card": card["id"], "data-spot": spot}
    body = [tag("title", None, named), tag("g", {"aria-hidden": "true"}, face)]
    if act is not None or cmd is not None:
        g.update(button_attrs(named, act, cmd="select" if cmd else None, arg=cmd, testid=testid))
        g.pop("aria-label")
        body.append(tag("rect", {"x": fmt(x - 2), "y": fmt(y - 2), "width": fmt(w + 4), "height": fmt(h + 4), "rx": 7,
                                 "class": "sel" if selected else "lit" if lit else "tgt",
                                 "style": "fill:none" if lit else None}))
    elif testid:
        g["data-testid"] = testid
    return tag("g", g, body)


def _flow_cards(cards: list, x0: float, y0: float, width: float, w: float, make) -> tuple[list, float]:
    """Cards left to right, wrapping at `width`; make(card, x, y, h) draws one. Returns (parts, height)."""
    per = max(1, int((width + 6) // (w + 6)))
    parts: list = []
    y = y0
    for start in range(0, len(cards), per):
        line = cards[start:start + per]
        h = card_height([c for _k, c in line], w)
        for j, (k, c) in enumerate(line):
            parts.append(make(k, c, x0 + j * (w + 6), y, h))
        y += h + 8
    return parts, y - y0


# --- the card row -------------------------------------------------------------------------------------
def row_section(view: dict, legal: list, geo: Geo, y0: float) -> tuple[Safe, float]:
    parts = [tag("text", {"x": 12, "y": fmt(y0 + 16), "class": "hd"}, _("Card row"))]
    arts, items = view["row"]["artifacts"], view["row"]["items"]
    cards = [(("artifact", i), arts[i]) for i in range(len(arts) - 1, -1, -1) if arts[i]]
    cards += [(("item", i), c) for i, c in enumerate(items) if c]
    rev = view["row"].get("revealed")
    if rev:
        cards.append((("top", None), rev))

    def make(key, c, x, y, h):
        kind, i = key
        if kind == "top":
            act = _find(legal, lambda a: len(a) > 2 and a[0] == "buy" and a[2] == "top")
            testid = "row-top"
        else:
            act = _find(legal, lambda a: a[:3] in (("buy", kind, i), ("take", kind, i)))
            testid = f"row-{kind}-{i}"
        return card_box(c, x, y, geo.card_w, h, act=act, testid=testid, name=label(view, act) if act else "",
                        spot="row-items" if kind == "item" else "row-artifacts" if kind == "artifact" else None)

    drawn, h = _flow_cards(cards, 12, y0 + 26, geo.w - 24, geo.card_w, make)
    parts += drawn
    d = view["decks"]
    y = y0 + 26 + h + 4
    staff = tr("Moon staff: artifacts to its left, items to its right; it moves right each round and the row "
               "beyond it leaves the game.")
    deck_words = tr("Decks: items {items} · artifacts {artifacts} · fear {fear} · site tiles I {level1} / II "
                    "{level2} · guardians {guardians} · exiled items {exiled}", items=d["items"],
                    artifacts=d["artifacts"], fear=d["fear"], level1=d["level1"], level2=d["level2"],
                    guardians=d["guardians"], exiled=len(d["item_exile"]))
    lines = _lines([deck_words], geo.w - 24)
    parts.append(tag("g", None, tag("title", None, staff), _draw(lines, 12, y + 10)))
    return join(parts), 26 + h + 4 + LEAD * len(lines) + 6


# --- sites ---------------------------------------------------------------------------------------------
def site_cost(s: dict) -> tuple:
    """The travel cost of the site's next free space (camps: the first space boot, the second two boots)."""
    if s["level"] == 0 and -1 in s["spaces"]:
        return tuple(s["travel"][min(s["spaces"].index(-1), len(s["travel"]) - 1)])
    return tuple(s["travel"][0])


def card_pays(card: dict, cost: tuple, planes: bool) -> bool:
    """The card's travel icons pay part of the cost (boot <- car/ship <- plane)."""
    icons = ("plane",) * len(card["travel"]) if planes else tuple(card["travel"])
    return bool(icons) and any(len(r) < len(cost) for r in covers(tuple(sorted(cost)), icons))


def site_box(view: dict, s: dict, legal: list, geo: Geo, x: float, y: float, h: float, card: dict | None,
             planes: bool, selected=None) -> Safe:
    site, level = s["site"], s["level"]
    w = geo.site_w
    name = T.site_name(site)
    cost = site_cost(s)
    about = T.site_about(s)
    effect = D.CAMP_EFFECTS[site] if level == 0 else D.SITE_TILES[level][s["tile"] - 1] if s["discovered"] else None
    cls = "camp" if level == 0 else "site" if level == 1 else "l2"
    parts = [tag("title", None, about),
             tag("rect", {"x": fmt(x), "y": fmt(y), "width": w, "height": fmt(h), "rx": 6, "class": cls}),
             fit_text(x + 5, y + 16, w - 12 - 16 * len(cost), "b", name),
             icon_row(cost, x + w - 4, y + 11, 15, end=True)]
    if effect is not None:
        tokens = F.ops_tokens(effect)
    else:
        tokens = [num(3 if level == 1 else 6), ("i", "compass"), _("to discover"), ("i", "idol")]
        idol = s.get("idol")
        if idol in D.RES:
            tokens.append(("i", idol))
        elif idol:
            tokens.append(T.idol_word(idol))
        if s.get("face_down_idols"):
            tokens.append(tr("+{n} face down", n=s["face_down_idols"]))
    parts += _draw(_lines(tokens, w - 10), x + 5, y + 34)
    g = s.get("guardian")
    if g:
        boon = icon(g["boon"], x + 34, y + h - 16, 16) if g["boon"] in D.ICONS else \
            fit_text(x + 26, y + h - 11, w - 30 - 24 * len(s["spaces"]), "xs", T.boon_word(g["boon"]))
        guardian = tag("g", {"data-zoom": f"g:{site}", "data-zoomed": "1" if selected == f"g:{site}" else None,
                             "data-cmd": "select", "data-arg": f"g:{site}", "data-testid": f"guardian-{site}"},
                       tag("title", None, T.guardian_text(g)),
                       tag("rect", {"x": fmt(x + 2), "y": fmt(y + h - 28), "height": 24,
                                    "style": "fill:#fff;fill-opacity:0",  # the whole group takes the pointer
                                    "width": fmt(44 if g["boon"] in D.ICONS else w - 6 - 24 * len(s["spaces"]))}),
                       icon("guardian", x + 14, y + h - 16, 20), boon)
    else:
        guardian = None
    for k, who in enumerate(s["spaces"]):
        cx, cy = x + w - 14 - 24 * k, y + h - 24
        if who == -2:
            parts.append(tag("text", {"x": fmt(cx), "y": fmt(cy + 5), "class": "sm", "text-anchor": "middle"},
                             tag("title", None, _("blocked space (fewer players)")), "✕"))
        elif who >= 0 or who == RIVAL:
            parts.append(_meeple(who, cx, cy))
        else:
            parts.append(tag("circle", {"cx": fmt(cx), "cy": fmt(cy), "r": 9, "fill": "none", "stroke": "#777",
                                        "stroke-dasharray": "3 2"}, tag("title", None, _("free space"))))
    act = _find(legal, lambda a: a[0] in ("dig", "discover", "overcome", "site") and len(a) > 1 and a[1] == site)
    if act:
        lit = bool(card) and act[0] in ("dig", "discover") and card_pays(card, cost, planes)
        then = ("tcard", card["id"]) if lit else None
        what = label(view, act)
        if lit:
            what = tr("{action}, paying with {card}", action=what, card=T.card_label(card["name"]))
        parts.append(_target(x, y, w, h, act, tr("{site}: {action}", site=name, action=what),
                             f"site-{site}-{act[0]}", lit=lit, then=then))
    parts.append(guardian)  # over the site's target: a rest (a click, a tap) on the guardian shows it large
    zoom, mark = _zoomable(f"s:{site}", selected, x, y, w, h)
    if selected == f"g:{site}":  # its guardian is shown large: marked and anchored at the site
        mark = _zoomable(f"g:{site}", selected, x, y, w, h)[1]
    attrs = {"data-site": site, "data-lit": "1" if act and card and lit else None, **zoom}
    parts.append(mark)
    if not act:  # nothing to do there now: a click (a tap) shows it large; named by its <title> (its face is a
        # picture, aria-hidden, as a card's: WCAG 2.5.3)
        attrs.update(button_attrs(about, cmd="select", arg=f"s:{site}", testid=f"site-{site}"))
        attrs.pop("aria-label")
        parts = [parts[0], tag("g", {"aria-hidden": "true"}, parts[1:])]
    return tag("g", attrs, parts)


def sites_section(view: dict, legal: list, geo: Geo, x0: float, y0: float, card: dict | None,
                  planes: bool, selected=None) -> tuple[Safe, float]:
    parts = [tag("text", {"x": fmt(x0), "y": fmt(y0 + 16), "class": "hd"}, _("Sites"))]
    y = y0 + 26
    by_site = {s["site"]: s for s in view["sites"]}
    order = list(range(13, 17)) + list(range(5, 13)) + list(range(0, 5))  # level II on top, the camps below
    bands = [order[:4], order[4:12], order[12:]] if geo.narrow else [order[:4], order[4:8], order[8:12], order[12:]]
    for band in bands:
        for start in range(0, len(band), geo.site_cols):
            line = band[start:start + geo.site_cols]
            h = max(_site_height(by_site[i], geo) for i in line)
            for j, i in enumerate(line):
                parts.append(site_box(view, by_site[i], legal, geo, x0 + j * (geo.site_w + geo.gap), y, h, card,
                                      planes, selected))
            y += h + 6
    return join(parts), y - y0


def _site_height(s: dict, geo: Geo) -> float:
    level = s["level"]
    if level == 0:
        tokens = F.ops_tokens(D.CAMP_EFFECTS[s["site"]])
    elif s["discovered"]:
        tokens = F.ops_tokens(D.SITE_TILES[level][s["tile"] - 1])
    else:
        tokens = [num(3), ("i", "compass"), _("to discover"), ("i", "idol"), ("i", "coin"),
                  tr("+{n} face down", n=s.get("face_down_idols") or 0)]
    return 34 + LEAD * len(_lines(tokens, geo.site_w - 10)) + 32


# --- research and supply -------------------------------------------------------------------------------
def research_section(view: dict, legal: list, geo: Geo, x0: float, y0: float, selected=None) -> tuple[Safe, float]:
    title = _("Research (bird temple)") if view["temple"] == "bird" else _("Research (snake temple)")
    parts = [tag("text", {"x": fmt(x0), "y": fmt(y0 + 16), "class": "hd"}, title)]
    rows: dict[int, list] = {}
    for sp in view["research"]:
        rows.setdefault(sp["row"], []).append(sp)
    tokens: dict[int, list] = {}
    for p in view["player_info"]:
        tokens.setdefault(p["notebook"], []).append((p["seat"], "notebook"))
        tokens.setdefault(p["glass"], []).append((p["seat"], "glass"))
    if view.get("rival"):
        tokens.setdefault(view["rival"]["glass"], []).append((RIVAL, "glass"))
    width = geo.research_w
    rh = 48
    y = y0 + 26
    table = D.ROWS.get(view["temple"]) or D.ROWS["bird"]
    for row in range(8, 0, -1):
        spaces = rows.get(row, [])
        sw = (width - 30 - 6 * (len(spaces) - 1)) / max(1, len(spaces))
        parts.append(tag("text", {"x": fmt(x0 + 10), "y": fmt(y + 29), "class": "b", "text-anchor": "middle"},
                         num(row)))
        for k, sp in enumerate(spaces):
            xx = x0 + 24 + k * (sw + 6)
            parts.append(_space(view, sp, legal, xx, y, sw, rh - 4, tokens.get(sp["space"], []), selected))
        y += rh
        if 0 < row < len(table):  # what each token gains arriving in this row, and its points there
            gops, gvp, nops, nvp = table[row]
            reward = [("i", "glass"), *F.ops_tokens(gops), f"{num(gvp)}", ("i", "vp"), "  ", ("i", "notebook"),
                      *F.ops_tokens(nops), f"{num(nvp)}", ("i", "vp")]
            lines = _lines(reward, width - 30)
            parts += _draw(lines, x0 + 24, y + 9)
            y += LEAD * len(lines) + 4
    start = tokens.get(0, [])
    parts.append(tag("text", {"x": fmt(x0), "y": fmt(y + 16), "class": "xs", "data-spot": "research-0"},
                     _("Start:")))
    for j, (seat, kind) in enumerate(start):
        parts.append(_piece(seat, kind, x0 + 60 + j * 26, y + 11))
    return join(parts), y + 26 - y0


def _piece(seat: int, kind: str, cx: float, cy: float) -> Safe:
    colour = RIVAL_COLOUR if seat == RIVAL else PLAYER_COLOURS[seat % 4]
    who = _("Rival") if seat == RIVAL else LETTERS[seat % 4]
    return tag("g", None, tag("title", None, tr("{token} of {player}", token=T.word(T.TOKEN_NAMES, kind), player=who)),
               icon(kind, cx, cy, 22, colour))


def _space(view: dict, sp: dict, legal: list, x: float, y: float, w: float, h: float, here: list,
           selected=None) -> Safe:
    space = sp["space"]
    cost = _("1 idol") if sp["cost"] == "idol" else T._res_text([sp["cost"][r] for r in D.RES])
    about = T.research_space_text(view, sp, cost)
    parts = [tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h), "rx": 5, "class": "box"},
                 tag("title", None, about))]
    if space == D.TEMPLE:
        parts.append(icon("temple", x + 12, y + 12, 18))
        parts.append(fit_text(x + 24, y + 17, w * 0.5, "xs", _("Lost temple")))
    if sp["cost"] == "idol":
        costs = ["idol"]
    else:
        costs = [r for r in D.RES for _n in range(sp["cost"].get(r, 0))]
    # what you pay to go there: a reddish "pay" chip, "−" and the icons (top right); what lies there for the
    # taking: bonus tiles, each icon on a small tile, "+" before them (bottom right)
    if costs:
        cw = 17 * len(costs) + 14
        parts.append(tag("g", {"data-cost": len(costs)},
                         tag("rect", {"x": fmt(x + w - cw - 3), "y": fmt(y + 2), "width": fmt(cw), "height": 19,
                                      "rx": 9, "class": "pay"}),
                         tag("text", {"x": fmt(x + w - cw + 1), "y": fmt(y + 16), "class": "b"}, "−"),
                         icon_row(costs, x + w - 5, y + 11.5, 16, end=True)))
    bonus = [b if b in D.RES else {"draw": "card", "upgrade": "up"}.get(b, b) for b in sp["bonus"]]
    if bonus:
        tiles = [tag("rect", {"x": fmt(x + w - 5 - 19 * (len(bonus) - j)), "y": fmt(y + h - 21), "width": 18,
                              "height": 18, "rx": 3, "class": "tile"}) for j in range(len(bonus))]
        parts.append(tag("g", {"data-bonus": len(bonus)}, tiles,
                         tag("text", {"x": fmt(x + w - 8 - 19 * len(bonus)), "y": fmt(y + h - 7), "class": "b",
                                      "text-anchor": "end"}, "+"),
                         icon_row(bonus, x + w - 5 - 19 * len(bonus) + 2, y + h - 12, 14, gap=5)))
    for j, (seat, kind) in enumerate(here):
        parts.append(_piece(seat, kind, x + 14 + j * 24, y + h - 14))
    acts = [a for a in legal if a[0] == "research" and a[2] == space]
    if not acts:  # named by the group's <title> (see _pictured)
        parts[0] = tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h), "rx": 5, "class": "box"})
    zoom, mark = _zoomable(f"r:{space}", selected, x, y, w, h)
    parts.append(mark)
    for a in acts[:1]:
        parts.append(_target(x, y, w, h, a, label(view, a), f"research-{a[1]}-{space}"))
    attrs = {"data-space": space, "data-spot": f"research-{space}", **zoom}
    if not acts:  # a click, a tap or Enter shows it large
        attrs, parts = _pictured(attrs, about, f"r:{space}", f"space-{space}", parts)
    return tag("g", attrs, parts)


def supply_section(view: dict, legal: list, x0: float, y0: float, width: float,
                   selected=None) -> tuple[Safe, float]:
    """Temple tiles (VP, how many left, price) and the assistant stacks."""
    parts = [tag("text", {"x": fmt(x0), "y": fmt(y0 + 16), "class": "hd"}, _("Temple tiles"))]
    per = 6 if width > 500 else 3
    tw = (width - (per - 1) * 6) / per
    y = y0 + 24
    for k in range(6):
        xx = x0 + k % per * (tw + 6)
        if k == per:
            y += 52
        cost = [r for r in D.RES for _n in range(view["temple_costs"][k].get(r, 0))]
        about = tr("Temple tile ({stack}): {vp} VP, cost {cost}; {n} left", stack=T.stack_name(k),
                   vp=D.TEMPLE_STACK_VP[k], cost=T._res_text([view["temple_costs"][k][r] for r in D.RES]),
                   n=view["temple_left"][k])
        act = _find(legal, lambda a, k=k: a == ("temple", k))
        zoom, mark = _zoomable(f"t:{k}", selected, xx, y, tw, 46)
        face = [tag("rect", {"x": fmt(xx), "y": fmt(y), "width": fmt(tw), "height": 46, "rx": 4,
                             "class": "box"}),
                icon("vp", xx + 11, y + 12, 16),
                tag("text", {"x": fmt(xx + 21), "y": fmt(y + 17), "class": "b"}, num(D.TEMPLE_STACK_VP[k])),
                tag("text", {"x": fmt(xx + tw - 4), "y": fmt(y + 17), "class": "xs", "text-anchor": "end"},
                    f"×{num(view['temple_left'][k])}"),
                icon_row(cost, xx + 3, y + 34, min(14, (tw - 6) / max(1, len(cost)) - 1)), mark]
        if act:
            attrs, face = dict(zoom), [tag("title", None, about), *face,
                                       _target(xx, y, tw, 46, act, label(view, act), f"temple-{k}")]
        else:
            attrs, face = _pictured(zoom, about, f"t:{k}", f"temple-tile-{k}", face)
        parts.append(tag("g", attrs, face))
    y += 56
    parts.append(tag("text", {"x": fmt(x0), "y": fmt(y + 14), "class": "hd"}, _("Assistant stacks:")))
    y += 22
    aw = (width - 3 * 6) / 4
    for k, a in enumerate(view["assistants"][:4]):
        xx = x0 + k * (aw + 6)
        body = [tag("rect", {"x": fmt(xx), "y": fmt(y), "width": fmt(aw), "height": 30, "rx": 4, "class": "box"}),
                icon("assistant", xx + 12, y + 15, 18)]
        attrs: dict = {"data-spot": f"assistant-stack-{k}"}  # the editor's spot
        if a["top"]:
            about = T.assistant_text(a["top"], False)
            body.append(tag("text", {"x": fmt(xx + 24), "y": fmt(y + 20), "class": "xs"},
                            f"#{num(a['top'])} ×{num(a['count'])}"))
            zoom, mark = _zoomable(f"a:{k}", selected, xx, y, aw, 30)
            attrs, body = _pictured(zoom, about, f"a:{k}", f"assistant-stack-{k}", [*body, mark])
        else:
            body.append(tag("text", {"x": fmt(xx + 24), "y": fmt(y + 20), "class": "xs"}, _("empty")))
        parts.append(tag("g", attrs, body))
    y += 36
    extra = tr("temple bonus tiles {n}", n=view["temple_bonus"])
    if view["temple"] == "snake":
        extra += " · " + tr("rescue: {n}", n=view["rescue"]["count"])
    lines = _lines([extra], width)
    parts += _draw(lines, x0, y + 12)
    return join(parts), y + LEAD * len(lines) + 6 - y0


# --- a player's idols and guardians ----------------------------------------------------------------------
BOON_ICONS = {"exile": "exile", "draw": "card", "upgrade": "up"}  # the travel boons show their travel icon
PIECE_ACTS = ("idol", "boon", "tboon")  # the local player's pieces are the targets of these actions


def boon_icon(boon) -> str:
    if not isinstance(boon, str):
        return "guardian"
    return BOON_ICONS.get(boon, boon if boon in D.ICONS else "guardian")


def _use(x: float, y: float, w: float, h: float, act: tuple, name: str, testid: str) -> Safe:
    """A piece you may use now: lit, focusable, named in words, its data-act the legal action."""
    return tag("rect", {"x": fmt(x - 2), "y": fmt(y - 2), "width": fmt(w + 4), "height": fmt(h + 4), "rx": 6,
                        "class": "use", **button_attrs(name, act, testid=testid)}, tag("title", None, name))


def _slot_tile(view: dict, k: int, legal: list, x: float, y: float) -> tuple[float, Safe]:
    """Idol-slot effect k of a player's board: its effect in icons; lit when placing an idol there is legal."""
    ops = D.IDOL_SLOT_EFFECTS[k]
    if ops[0][0] == "pay":  # pay, then gain: "−1 coin → +1 jewel"
        tokens = [*F.op_tokens(ops[0]), "→", *F.ops_tokens(ops[1:])]
    else:
        tokens = F.ops_tokens(ops)
    lines = F.layout(tokens, 200, PX["xs"])
    w = max(off + (F.ICON_EM * PX["xs"] if not isinstance(t, str) else F.text_width(t, PX["xs"]))
            for off, t in lines[0]) + 12
    act = _find(legal, lambda a: a == ("idol", k))
    about = T.describe(("idol", k))
    face = [tag("rect", {"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": 28, "rx": 5, "class": "box"}),
            *F.draw(lines[:1], x + 6, y + 19, "xs", PX["xs"], LEAD)]
    if act is None:
        return w, tag("g", {"data-slot": k}, tag("title", None, about), tag("g", {"aria-hidden": "true"}, face))
    return w, tag("g", {"data-slot": k}, tag("g", {"aria-hidden": "true"}, face),
                  _use(x, y, w, 28, act, label(view, act), f"idol-slot-{k}"))


def pieces_row(view: dict, p: dict, legal: list, x0: float, y0: float, width: float) -> tuple[Safe, float]:
    """A player's idols and guardians as pieces on their board area: the idols held, the four idol slots (an
    idol in each used one) and, while they hold an idol, the slots' five effects; each guardian overcome, its
    boon's icon on it (faded once used). `legal`: the local player's actions when this is their box; a piece
    (an idol slot's effect, a guardian) they may use now is a lit target. -> (pieces, height)"""
    groups: list[list[tuple[float, object]]] = []  # groups of (width, draw(x, y) -> Safe) kept on one line
    def count(v, most: int) -> int:  # a peer's view may hold anything here: a number drawn, capped
        return min(v, most) if isinstance(v, int) and not isinstance(v, bool) and v > 0 else 0

    held, used = count(p.get("idols"), 12), count(p.get("slots"), 4)
    if held or used:
        about = tr("idols {idols} + {slots} in slots", idols=held, slots=used)
        lit = any(a[0] == "idol" for a in legal)

        def idols(x, y, n=held, lit=lit, about=about):
            out = [tag("title", None, about)]
            for j in range(n):
                out.append(icon("idol", x + 11 + j * 22, y + 14, 22))
            if lit:
                out.insert(1, tag("rect", {"x": fmt(x - 1), "y": fmt(y), "width": fmt(22 * n + 2), "height": 28,
                                           "rx": 6, "class": "lit"}))
            return tag("g", {"data-testid": f"idols-{p['seat']}", "data-lit": "1" if lit else None}, out)

        def slots(x, y, used=used, about=about):
            out = [tag("title", None, about)]
            for j in range(4):
                out.append(tag("rect", {"x": fmt(x + j * 24), "y": fmt(y + 3), "width": 22, "height": 22, "rx": 11,
                                        "fill": "#f6efe0", "stroke": "#6b5a3a", "stroke-dasharray":
                                        None if j < used else "3 2"}))
                if j < used:
                    out.append(icon("idol", x + j * 24 + 11, y + 14, 18))
            return tag("g", {"data-testid": f"idol-slots-{p['seat']}", "data-used": used}, out)

        group = [(22.0 * held, idols)] if held else []
        groups.append(group + [(4 * 24 - 2, slots)])
        if held:
            tiles = []
            for k in range(len(D.IDOL_SLOT_EFFECTS)):
                w, _tile = _slot_tile(view, k, legal, 0, 0)
                tiles.append((w, lambda x, y, k=k: _slot_tile(view, k, legal, x, y)[1]))
            groups.append(tiles)
    guards = []
    for i, g in enumerate(p["guardians"][:20]):
        if not isinstance(g, dict):
            continue

        def guardian(x, y, i=i, g=g):
            boon = g.get("boon") if isinstance(g.get("boon"), str) else "?"
            n = g["id"] + 1 if isinstance(g.get("id"), int) else "?"
            about = tr("Guardian {n}, its boon: {boon}", n=n, boon=T.boon_text(boon))
            if g.get("used"):
                about += " " + _("(used)")
            face = tag("g", {"opacity": ".45" if g.get("used") else None},
                       tag("rect", {"x": fmt(x), "y": fmt(y), "width": 44, "height": 28, "rx": 5, "fill": "#f4e3e3",
                                    "stroke": "#8e2b2b"}),
                       icon("guardian", x + 12, y + 14, 20), icon(boon_icon(boon), x + 32, y + 14, 18),
                       tag("path", {"d": f"M{fmt(x + 4)} {fmt(y + 24)}L{fmt(x + 40)} {fmt(y + 4)}",
                                    "stroke": "#333", "stroke-width": 2}) if g.get("used") else None)
            act = _find(legal, lambda a: a[0] in ("boon", "tboon") and a[1] == i)
            attrs = {"data-guardian": i, "data-used": "1" if g.get("used") else None}
            if act is None:
                return tag("g", attrs, tag("title", None, about), tag("g", {"aria-hidden": "true"}, face))
            return tag("g", attrs, tag("g", {"aria-hidden": "true"}, face),
                       _use(x, y, 44, 28, act, tr("{name}: {what}", name=about, what=label(view, act)),
                            f"{act[0]}-{i}"))
        guards.append((44.0, guardian))
    if guards:
        groups.append(guards)
    out: list = []
    x, y = x0, y0
    for group in groups:
        need = sum(w + 6 for w, _d in group) - 6
        if x > x0 and x + need > x0 + width:
            x, y = x0, y + 34
        for w, draw in group:
            if x > x0 and x + w > x0 + width:
                x, y = x0, y + 34
            out.append(draw(x, y))
            x += w + 6
        x += 10
    return join(*out), (y + 34 - y0) if groups else 0.0


# --- players -------------------------------------------------------------------------------------------
def player_box(view: dict, p: dict, names: list, geo: Geo, y0: float, editing: bool = False,
               me: int | None = None, legal: list | None = None) -> tuple[Safe, float]:
    seat = p["seat"]
    colour = PLAYER_COLOURS[seat % 4]
    name = names[seat] if seat < len(names) else tr("Player {n}", n=seat + 1)
    turn = "▶ " if view["turn"] == seat and not view["over"] else ""
    w = geo.w - 24
    top = y0
    parts = [tag("text", {"x": 20, "y": fmt(y0 + 18), "class": "hd", "style": f"fill:{colour}"}, turn,
                 LETTERS[seat % 4], " ", name),
             tag("text", {"x": fmt(12 + w - 8), "y": fmt(y0 + 18), "class": "b", "text-anchor": "end",
                          "data-testid": f"score-{seat}"}, tr("score now {n}", n=p["score"]["total"]))]
    # resources as icons with their counts; then idols, slots, archaeologists at home
    counts = [(r, p["resources"][r], T.res_amount(r, p["resources"][r])) for r in D.RES]
    counts += [("idol", p["idols"], tr("idols {idols} + {slots} in slots", idols=p["idols"], slots=p["slots"])),
               ("archaeologist", p["home"], tr("archaeologists home {home}", home=p["home"])),
               ("card", p["hand_count"], tr("hand {hand} · deck {deck}", hand=p["hand_count"], deck=p["deck"]))]
    x, y = 20, y0 + 34
    for kind, n, words in counts + [("notebook", p["notebook_row"], ""), ("glass", p["glass_row"], "")]:
        if x + 44 > 12 + w:  # the phone: a second line of counts
            x, y = 20, y + 24
        if kind in ("notebook", "glass"):
            parts.append(_piece(seat, kind, x + 10, y))
        else:
            parts.append(tag("g", None, tag("title", None, words),
                             icon(kind, x + 9, y, 18, colour if kind == "archaeologist" else None)))
        parts.append(tag("text", {"x": fmt(x + 21), "y": fmt(y + 5), "class": "b"}, num(n)))
        x += 44
    y0 += y - (y0 + 34)
    mine = me is not None and seat == me
    pieces, ph = pieces_row(view, p, (legal or []) if mine else [], 20, y0 + 48, w - 16)
    parts.append(pieces)
    y0 += ph
    more = [tr("play area: {cards}", cards=T._list(T.card_label(c["name"]) for c in p["play"]) or "-")]
    if p["assistants"]:
        more.append(_("assistants:") + " " + T._list(
            (tr("#{n} gold", n=a["id"]) if a["gold"] else f"#{a['id']}") + (" " + _("(used)") if a["exhausted"] else "")
            for a in p["assistants"]))
    if p["temple_tiles"]:
        more.append(tr("temple tiles {n}", n=len(p["temple_tiles"])))
    if p["fear_tiles"]:
        more.append(tr("fear tiles {n}", n=p["fear_tiles"]))
    if p["passed"]:
        more.append(_("passed"))
    lines = _lines([" · ".join(more)], w - 16)
    parts += _draw(lines, 20, y0 + 60)
    h = 50 + LEAD * len(lines) + 4 + (y0 - top)
    if editing:  # the position editor points at them (a hand drawn face down, the deck: only here)
        guardians = _("guardians:")
        hidden = [] if seat == me else [(f"hand-{seat}", f"{tr('{who}: hand', who=name)} {num(p['hand_count'])}")]
        chips, hc = _spot_chips(hidden + [(f"deck-{seat}", f"{_('Deck')} {num(p['deck'])}"),
                                          (f"guardians-{seat}", f"{guardians} {num(len(p['guardians']))}"),
                                 (f"assistants-{seat}", f"{_('assistants:')} {num(len(p['assistants']))}"),
                                 (f"tiles-{seat}", tr("temple tiles {n}", n=len(p["temple_tiles"])))],
                                20, top + h, w - 16)
        parts.append(chips)
        h += hc + 4
    box = tag("rect", {"x": 12, "y": fmt(top), "width": fmt(w), "height": fmt(h), "rx": 6, "fill": "#fff",
                       "stroke": colour, "stroke-width": 3, "data-spot": f"play-{seat}"})  # the editor's spot
    return join(box, *parts), h


def rival_box(view: dict, geo: Geo, y0: float, editing: bool = False) -> tuple[Safe, float]:
    """The solo rival's own row: every move it made this round (icons and words, in order), its last tile's
    arrow, its pieces, cards, idols, guardians and score."""
    r = view["rival"]
    last = r.get("last") or {}
    arrow = {"L": "←", "R": "→"}.get(last.get("arrow"), "")
    moves = rival_moves(view.get("log") or [])
    w = geo.w - 24
    parts = [tag("text", {"x": 20, "y": fmt(y0 + 18), "class": "hd"}, "R ", _("Rival expedition")),
             tag("text", {"x": fmt(12 + w - 8), "y": fmt(y0 + 18), "class": "b", "text-anchor": "end",
                          "data-testid": "rival-score"}, tr("score now {n}", n=r["score"]["total"]))]
    did = _lines([_("This round:"), *(move_tokens(moves) or ["-"])], w - 16)
    parts.append(tag("g", {"data-testid": "rival-moves", "data-moves": len(moves)},
                     tag("title", None, T._list(T.rival_text(d) for d in moves) or "-"), _draw(did, 20, y0 + 38)))
    words = [tr("last tile: {tile} ({arrow})", tile=T.rival_tile_name(last.get("tile", "-")), arrow=arrow),
             tr("tiles left {n} · archaeologists home {home}", n=r["left"], home=r["home"]),
             tr("cards: {cards}", cards=T._list(T.card_label(c["name"]) for c in r["cards"]) or "-"),
             tr("idols face up {up}, in the −1 stack {down}", up=len(r["idols_up"]), down=r["idols_down"]),
             tr("guardians {guardians} · temple tiles {tiles}", guardians=len(r["guardians"]),
                tiles=len(r["temple_tiles"]))]
    lines = _lines([" · ".join(words)], w - 16)
    y = y0 + 38 + LEAD * len(did) + 4
    parts.append(tag("g", {"data-testid": "rival-row"},
                     tag("title", None, _("The rival flips one action tile a turn; the arrow breaks ties (← the "
                                          "leftmost choice, → the rightmost).")), _draw(lines, 20, y)))
    h = 28 + LEAD * (len(did) + len(lines)) + 10
    if editing:  # the position editor points at them
        guardians = _("guardians:")
        chips, hc = _spot_chips([("rival-tiles", tr("action tiles {n}", n=r["left"] + len(r["used"]))),
                                 ("rival-guardians", f"{guardians} {num(len(r['guardians']))}"),
                                 ("rival-cards", tr("cards {n}", n=len(r["cards"]))),
                                 ("rival-temple", tr("temple tiles {n}", n=len(r["temple_tiles"]))),
                                 ("rival-idols", tr("idols face up {n}", n=len(r["idols_up"])))],
                                20, y0 + h, w - 16)
        parts.append(chips)
        h += hc + 4
    box = tag("rect", {"x": 12, "y": fmt(y0), "width": fmt(w), "height": fmt(h), "rx": 6, "fill": "#eee",
                       "stroke": RIVAL_COLOUR, "stroke-width": 3})
    return join(box, *parts), h


# --- your hand -----------------------------------------------------------------------------------------
HAND_ACTS = ("tcard", "play", "discard", "exile", "release", "keep")


def hand_section(view: dict, me, legal: list, geo: Geo, y0: float, selected,
                 one_line: bool = False) -> tuple[Safe, float]:
    """Your hand (and the cards drawn aside): wrapping at the board's width, or (`one_line`, the docked hand
    strip) on one line however long."""
    if me is None:
        return Safe(""), 0
    p = view["player_info"][me]
    pend = view.get("pending") or {}
    # your turn: a card is selected to point at its uses; another player's turn: nothing invites you to act
    pointing = pend.get("kind") in ("turn", "free") and pend.get("seat") == me
    parts = [tag("text", {"x": 12, "y": fmt(y0 + 16), "class": "hd", "data-spot": "hand"}, _("Your hand"))]
    seen: dict[int, int] = {}
    cards = []
    for c in p.get("hand") or []:
        copy = seen.get(c["id"], 0)
        seen[c["id"]] = copy + 1
        cards.append(((c["id"], copy), c))

    def make(key, c, x, y, h):  # identical copies (two Fear cards) take the same action: each lights up
        cid, copy = key
        act, cmd = None, None
        if pointing:
            cmd = f"c:{cid}"
        else:
            for kind in HAND_ACTS:
                act = _find(legal, lambda a, kind=kind: a[0] == kind and a[-1] == cid
                              and (kind != "exile" or a[1] == "hand"))
                if act:
                    break
        return card_box(c, x, y, geo.card_w, h, act=act, cmd=cmd, testid=f"hand-{cid}-{copy}",
                        name=label(view, act) if act else "", selected=selected == cid and copy == 0,
                        lit=act is not None, spot="hand")

    def make_aside(key, c, x, y, hh):
        act = _find(legal, lambda a: a[0] in ("keep", "putback") and a[1] == key[0])
        return card_box(c, x, y, geo.card_w, hh, act=act, testid=f"aside-{key[0]}",
                        name=label(view, act) if act else "")

    aside = [((c["id"], 0), c) for c in p.get("aside") or []]
    if one_line:  # the hand, then the cards drawn aside, on one line
        n = len(cards) + len(aside)
        drawn, h = _flow_cards(cards, 12, y0 + 26, n * (geo.card_w + 6), geo.card_w, make)
        x1 = 12 + len(cards) * (geo.card_w + 6)
        more, _h = _flow_cards(aside, x1, y0 + 26, len(aside) * (geo.card_w + 6), geo.card_w, make_aside)
        return join(*parts, *drawn, *more), 26 + max(h, _h, 20) + 4
    drawn, h = _flow_cards(cards, 12, y0 + 26, geo.w - 24, geo.card_w, make)
    parts += drawn
    if aside:
        more, h2 = _flow_cards(aside, 12, y0 + 26 + h + 4, geo.w - 24, geo.card_w, make_aside)
        parts += more
        h += h2 + 4
    return join(parts), 26 + h + 4


# --- the whole board -----------------------------------------------------------------------------------
def board(view: dict, ui: dict, legal: list, names: list) -> Safe:
    geo = Geo(bool(ui.get("narrow")))
    me = ui.get("me")
    sel = selected_card(ui)
    card = None
    planes = False
    if me is not None and sel is not None:
        p = view["player_info"][me]
        card = next((c for c in p.get("hand") or [] if c["id"] == sel), None)
        planes = bool(p.get("planes"))
    head = [tr("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"]),
            tr("start: {name}", name=names[view["start"]])]
    lines = _lines([" · ".join(head)], geo.w - 24, "big")
    parts = [STYLE, *_draw(lines, 12, 20, "big")]
    y = 20 + LEAD * len(lines)
    row, h = row_section(view, legal, geo, y)
    parts.append(row)
    y += h
    if geo.narrow:
        for section in (sites_section(view, legal, geo, 12, y, card, planes, ui.get("selected")),):
            parts.append(section[0])
            y += section[1] + 6
        res, h = research_section(view, legal, geo, 12, y, ui.get("selected"))
        parts.append(res)
        y += h + 6
        sup, h = supply_section(view, legal, 12, y, geo.w - 24, ui.get("selected"))
        parts.append(sup)
        y += h + 6
    else:
        sites, hs = sites_section(view, legal, geo, 12, y, card, planes, ui.get("selected"))
        x1 = 12 + geo.sites_w + 8
        res, hr = research_section(view, legal, geo, x1, y, ui.get("selected"))
        sup, hu = supply_section(view, legal, 12, y + hs + 4, geo.sites_w, ui.get("selected"))  # under the sites
        parts += [sites, res, sup]
        y += max(hs + 4 + hu, hr) + 8
    for p in view["player_info"]:
        box, h = player_box(view, p, names, geo, y, bool(ui.get("editing")), me, legal)
        parts.append(box)
        y += h + 6
    if view.get("rival"):
        box, h = rival_box(view, geo, y, bool(ui.get("editing")))
        parts.append(box)
        y += h + 6
    docked = bool(ui.get("dock"))
    if not docked:
        hand, h = hand_section(view, me, legal, geo, y + 4, sel)
        parts.append(hand)
        y += h + 10
    pend = view.get("pending") or {}
    mine = me is not None and pend.get("seat") == me and bool(legal)
    style = "max-height:none" if not geo.narrow else "max-height:none;width:100%"
    svg = svg_root(geo.w, int(y), _("Lost Ruins of Arnak board"), defs(), *parts, style=style,
                   data_testid="arnak-board", data_mine="1" if mine else "0",
                   data_selected=ui.get("selected") if isinstance(ui.get("selected"), str) else None,
                   data_decision=pend.get("kind") or "over", data_layout="phone" if geo.narrow else "desktop")
    if not docked:
        return svg
    return docked_table(svg, view, me, legal, geo, sel)


def docked_table(svg: Safe, view: dict, me, legal: list, geo: Geo, sel) -> Safe:
    """The table (ui["dock"]), on a wide screen and on a phone: the board in a frame that scrolls inside itself
    (public/table.js keeps its place and brings the targets a selected card lights into view), your hand in a
    strip under it,
    always in view, drawn at the board's scale (its width a share of the strip's: 1 unit = 1/1000 of it). On a
    phone the zoom buttons are in the table's tool row (web/shell.py)."""
    frame = tag("div", {"class": "scroll-frame", "data-testid": "arnak-frame", "tabindex": "0",
                        "aria-label": _("Board: scroll to see all of it")}, svg)
    hand, h = hand_section(view, me, legal, geo, 0, sel, one_line=True)
    if me is None:
        return tag("div", {"class": "arnak-split", "data-docked": "1"}, frame)
    width = max(geo.w, int(12 + max(1, len(_hand_cards(view, me))) * (geo.card_w + 6) + 6))
    # the icons' symbols and the text classes come from the board's <defs> and <style> (ids once per page)
    strip = svg_root(width, int(h + 4), _("Your hand"), hand, data_testid="arnak-hand",
                     style=f"width:{width / geo.w * 100:.2f}%")
    return tag("div", {"class": "arnak-split", "data-docked": "1"}, frame,
               tag("div", {"class": "hand-dock", "data-testid": "hand-dock"},
                   tag("div", {"class": "hand-scroll"}, strip), None if geo.narrow else frame_zoom()))



def _hand_cards(view: dict, me) -> list:
    p = view["player_info"][me]
    return list(p.get("hand") or []) + list(p.get("aside") or [])
