"""Lost Cities: The Board Game table: a view (+ the local selection) -> one SVG string.

Layout: one row per colour — the path label, its nine stones (bridge after stone 6, event
tiles and every player's pieces on them), the colour's discard pile, then one card column per
player. Player headers sit above the columns; the hand, the deck and the pending decision are
at the bottom. Width grows with the player count. Players are told apart by colour and shape;
the researcher is the big piece with a ring. Clickable elements carry data-act (a legal action)
or data-cmd="select" with a hand card id in data-arg.
"""

from __future__ import annotations

import json

from i18n import N_, _, tr, trn

from .. import schema as sc
from .. import words
from ..markup import Safe, join, tag, text
from ..svg import (
    CARD_H,
    CARD_W,
    PALETTE,
    back_svg,
    button_attrs,
    card_name,
    card_svg,
    colour_name,
    fmt,
    hand_hits,
    pan_box,
    ring,
    signed,
    svg_root,
    symbol_defs,
    use_symbol,
)

ONE_SCREEN = True  # at 1366x768 the whole table fits the window: the shell sizes the board to it
PIECE_NAMES = {"adventurer": N_("adventurer"), "researcher": N_("researcher")}


def piece_name(kind: str) -> str:
    """adventurer / researcher in the interface language."""
    return _(PIECE_NAMES[kind]) if kind in PIECE_NAMES else kind

# Okabe-Ito colours (colour-blind safe) and a distinct shape per seat.
PLAYER_COLOURS = ("#1b1b1b", "#e69f00", "#cc79a7", "#56b4e9")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond")
ADV_SIZE, RES_SIZE = 15, 24

LEFT, TOP = 12, 102
LABEL_W = 72
STONE_W, STONE_H, STONE_GAP, BRIDGE_W = 64, 80, 6, 30
ROW_H = 92
MC_W, MC_H = 46, 66  # card in a column or on a pile
PILE_W = 80
COL_W = 120
HAND_PITCH = 80
HAND_SCALE_N = 0.9  # phone hand cards (one row of eight, overlapping 44 px apart, in a 380 px strip)
HAND_TOP_N = 18  # the phone hand's cards: room above for a selected card's lift and the "new" mark
NW = 380
LOG_SENTENCES = True  # log_text names the player ("You play…", "Anna plays…")
# The smallest text is 13 units: the two- and three-player tables are drawn at about 0.87 of their viewBox at
# 1366x768, so it reads at 11 px or more there (and at 13 px on a phone, where the board is drawn at its own
# size). The four-player table is wider and drawn at about 0.79: its text is 14 units (STYLE_WIDE).


def _style(text: int) -> Safe:
    big = text + 1
    return tag("style", None, "".join(f".board .{k}{{{v}}}" for k, v in {
        "tilevp": f"font:700 {text}px system-ui;fill:#fff", "mcv": "font:700 22px system-ui",
        "sv": f"font:700 {text}px system-ui;fill:#3b3326", "small": f"font:{text}px system-ui;fill:#333",
        "tiny": f"font:{text}px system-ui;fill:#333", "hd": f"font:600 {big}px system-ui;fill:#1d2521",
        "pathname": f"font:600 {text}px system-ui", "lastmark": "fill:none;stroke:#0072b2;stroke-width:3",
        "newmark": f"font:700 {text}px system-ui;fill:#7a3db8",
    }.items()))


STYLE, STYLE_WIDE = _style(13), _style(14)


COLOURS = ("yellow", "blue", "white", "green", "red")
SYMBOLS = ("sun", "wave", "peak", "leaf", "flame")
PIECES = ("adventurer", "researcher")
SEAT = sc.Int(0, 3)
CARD = {"id": sc.Int(0, 500), "colour": sc.Str(choices=COLOURS), "symbol": sc.Str(choices=SYMBOLS),
        "value": sc.Int(0, 20)}
PIECE_AT = {"colour": sc.Str(choices=COLOURS), "piece": sc.Str(choices=PIECES), "stone": sc.Int(1, 9)}
TILE = {"kind": sc.Str(choices=("artifact", "arrow", "vp")), "value?": sc.Int(0, 100)}
POINTS = sc.Int(-10**4, 10**4)
# The views this renderer draws (checked on a guest before anything draws a host's view).
VIEW_SCHEMA = {
    "players": sc.Int(2, 4), "colours": sc.List(sc.Str(choices=COLOURS), 5), "over": bool, "seat": sc.Opt(SEAT),
    "stone_values": sc.List(POINTS, 9), "crossed": sc.Int(0, 99), "crossings_to_end": sc.Int(0, 99),
    "expedition": sc.Int(1, 9), "expeditions": sc.Int(1, 9), "deck": sc.Int(0, 500),
    "pending": sc.Opt({"seat": SEAT, "decision": sc.Str(choices=("play", "draw", "move")),
                       "reason": sc.Opt(sc.Str(32)), "banned?": sc.Opt(sc.Str(choices=COLOURS))}),
    "hand?": sc.Opt(sc.List(CARD, 30)),
    "paths": sc.List({"colour": sc.Str(choices=COLOURS), "symbol": sc.Str(choices=SYMBOLS),
                      "stones": sc.List({"stone": sc.Int(1, 9), "value": POINTS, "space": bool,
                                         "tile": sc.Opt(TILE)}, 9),
                      "pieces": sc.List({"seat": SEAT, "piece": sc.Str(choices=PIECES), "stone": sc.Int(1, 9)},
                                        20)}, 5),
    "discards": sc.List({"colour": sc.Str(choices=COLOURS), "count": sc.Int(0, 500), "top": sc.Opt(CARD)}, 5),
    "player_info": sc.List({
        "hand_count": sc.Int(0, 30), "vp": sc.Opt(POINTS), "expedition_points": POINTS,
        "artifact_tiles": sc.Int(0, 99), "artifact_chips": sc.Int(0, 99),
        "supply": {"adventurers": sc.Int(0, 9), "researcher": bool},
        "columns": sc.List({"colour": sc.Str(choices=COLOURS), "cards": sc.List(CARD, 120),
                            "direction?": sc.Opt(sc.Str(choices=("ascending", "descending")))}, 5),
        "pieces": sc.List(PIECE_AT, 20)}, 4),
    "history": sc.List({"expedition": sc.Int(1, 9), "points": sc.List(POINTS, 4),
                        "artifacts": sc.List(sc.Int(0, 99), 4),
                        "pieces": sc.List(sc.List(dict(PIECE_AT, points=POINTS), 20), 4)}, 9),
    "tile_vp?": sc.List(sc.List(POINTS, 4), 9),
    "final?": sc.Opt({"chips": sc.List(sc.Int(0, 99), 4), "artifact_points": sc.List(POINTS, 4)}),
    "last?": sc.Opt({"seat?": sc.Opt(SEAT), "events?": sc.List(sc.List(sc.Any_(sc.Str(32), sc.Int()), 8), 16)}),
    "log": sc.List({"seat?": sc.Opt(SEAT), "text?": sc.Str(500)}, 4000),
}


def validate_view(view: dict) -> None:
    """VIEW_SCHEMA, then what it cannot say: one entry per player in every per-player list, the five paths
    and piles in colour order, nine stones numbered 1..9, pieces and the pending seat of real seats."""
    sc.check(VIEW_SCHEMA, view)
    n = view["players"]
    sc.length_is(view["player_info"], n, "view.player_info")
    for key in ("colours", "paths", "discards"):
        sc.length_is(view[key], 5, f"view.{key}")
    sc.length_is(view["stone_values"], 9, "view.stone_values")
    if [p["colour"] for p in view["paths"]] != view["colours"]:
        raise sc.ViewError("view.paths: not one path per colour in colour order")
    for c, path in enumerate(view["paths"]):
        if [st["stone"] for st in path["stones"]] != list(range(1, 10)):
            raise sc.ViewError(f"view.paths[{c}].stones: not the stones 1 to 9")
        sc.seats_ok(view, f"view.paths[{c}].pieces", [p["seat"] for p in path["pieces"]], n)
    for i, info in enumerate(view["player_info"]):
        sc.length_is(info["columns"], 5, f"view.player_info[{i}].columns")
    for e, entry in enumerate(view["history"]):
        for key in ("points", "artifacts", "pieces"):
            sc.length_is(entry[key], n, f"view.history[{e}].{key}")
    for e, row in enumerate(view.get("tile_vp") or []):
        sc.length_is(row, n, f"view.tile_vp[{e}]")
    if view.get("final"):
        sc.length_is(view["final"]["chips"], n, "view.final.chips")
        sc.length_is(view["final"]["artifact_points"], n, "view.final.artifact_points")
    pending = view["pending"]
    if pending is not None:
        sc.seats_ok(view, "view.pending.seat", [pending["seat"]], n)
    elif not view["over"]:
        raise sc.ViewError("view.pending: missing while the game is not over")
    sc.seats_ok(view, "view.seat", [view["seat"]], n, allow_none=True)


def stone_x(k: int) -> int:
    return LEFT + LABEL_W + (k - 1) * (STONE_W + STONE_GAP) + (BRIDGE_W if k > 6 else 0)


def row_y(c: int) -> int:
    return TOP + c * ROW_H


PILE_X = stone_x(9) + STONE_W + 14
COLS_X = PILE_X + PILE_W + 2
HAND_Y = TOP + 5 * ROW_H + 22


def col_x(seat: int) -> int:
    return COLS_X + seat * COL_W


def size(n: int) -> tuple[int, int]:
    return col_x(n) + 6, HAND_Y + CARD_H + 24


def card_key(card: dict) -> str:
    """'red 7' in the interface language."""
    return card_name(card)


def piece_svg(seat: int, kind: str, cx: float, cy: float, extra: dict | None = None, cls: str = "piece",
              ghost: bool = False, title: Safe | str | None = None) -> Safe:
    """A player's piece: seat colour and shape; the researcher is bigger with a double outline."""
    s = RES_SIZE if kind == "researcher" else ADV_SIZE
    h = s / 2
    shape = PLAYER_SHAPES[seat % 4]
    if shape == "circle":
        body = tag("circle", {"cx": cx, "cy": cy, "r": h})
    elif shape == "square":
        body = tag("rect", {"x": fmt(cx - h * .9), "y": fmt(cy - h * .9), "width": fmt(s * .9),
                            "height": fmt(s * .9), "rx": 2})
    elif shape == "triangle":
        body = _polygon(cx, cy, h, ((0, -1.1), (1.1, .85), (-1.1, .85)))
    else:
        body = _polygon(cx, cy, h, ((0, -1.15), (1, 0), (0, 1.15), (-1, 0)))
    colour = PLAYER_COLOURS[seat % 4]
    g = {"class": cls, "fill": "none" if ghost else colour, "stroke": colour if ghost else "#fff",
         "stroke-width": 2.5 if ghost else 2, **(extra or {})}
    outer = None
    if kind == "researcher":
        outer = tag("circle", {"cx": cx, "cy": cy, "r": h + 4, "fill": "none", "stroke": colour, "stroke-width": 1.5,
                               "stroke-dasharray": "3 2" if ghost else "none"})
    return tag("g", g, body, outer, tag("title", None, title) if title is not None else None)


def _polygon(cx: float, cy: float, h: float, corners: tuple) -> Safe:
    return tag("polygon", {"points": " ".join(f"{fmt(cx + dx * h)},{fmt(cy + dy * h)}" for dx, dy in corners)})


def tile_svg(tile: dict, cx: float, cy: float) -> Safe:
    """Event tiles: artifact = amber hexagon with a vase, arrow = white disc with an arrow, VP = green square."""
    kind = tile["kind"]
    if kind == "artifact":
        return tag("g", {"class": "tile"}, tag("title", None, _("artifact tile")),
                   tag("path", {"d": f"M{cx - 12} {cy}l6-10h12l6 10l-6 10h-12z", "fill": "#c98b2b",
                                "stroke": "#4a2e00", "stroke-width": 1.5}),
                   tag("path", {"d": f"M{cx - 3} {cy - 6}h6l-1 3q5 3 2 9h-8q-3-6 2-9z", "fill": "#fff3d6"}))
    if kind == "arrow":
        return tag("g", {"class": "tile"}, tag("title", None, _("arrow tile: move one of your pieces one stone")),
                   tag("circle", {"cx": cx, "cy": cy, "r": 11, "fill": "#fff", "stroke": "#1b1b1b",
                                  "stroke-width": 1.5}),
                   tag("path", {"d": f"M{cx - 7} {cy}h9m-4-5l5 5l-5 5", "fill": "none", "stroke": "#1b1b1b",
                                "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round"}))
    return tag("g", {"class": "tile"}, tag("title", None, tr("{n} victory points tile", n=tile["value"])),
               tag("rect", {"x": cx - 12, "y": cy - 11, "width": 24, "height": 22, "rx": 3, "fill": "#245c3b",
                            "stroke": "#0c2616", "stroke-width": 1.5}),
               tag("text", {"x": cx, "y": cy + 4.5, "class": "tilevp", "text-anchor": "middle"}, tile["value"]))


def mini_card(card: dict, x: float, y: float, extra: dict | None = None, cls: str = "card") -> Safe:
    """A small card (columns, piles): colour, symbol and a large value."""
    fill, ink = PALETTE[card["colour"]]
    return tag("g", {"class": cls, "transform": f"translate({x},{y})", "data-card": card["id"], **(extra or {})},
               tag("title", None, card_key(card)),
               tag("rect", {"width": MC_W, "height": MC_H, "rx": 5, "fill": fill, "stroke": "#1b1b1b",
                            "stroke-width": 1.2}),
               use_symbol(card["symbol"], 11, 11, 12, ink),
               tag("text", {"x": MC_W / 2, "y": MC_H - 12, "class": "mcv", "fill": ink, "text-anchor": "middle"},
                   card["value"]))


def piece_slots(n: int) -> list[tuple[float, float]]:
    """Piece offsets inside a stone, one per seat (one row for 2 players, 2x2 otherwise)."""
    if n <= 2:
        return [(17, 56), (47, 56)]
    return [(17, 44), (47, 44), (17, 68), (47, 68)]


class _Ctx:
    """What the drawing functions share for one render."""

    def __init__(self, view: dict, ui: dict) -> None:
        self.view = view
        self.n = view["players"]
        self.me = ui.get("me")
        self.names = ui.get("names") or [f"Player {i + 1}" for i in range(self.n)]
        self.legal = [tuple(a) for a in ui.get("legal") or []]
        pending = view.get("pending") or {}
        self.decision = pending.get("decision")
        self.mine = self.me is not None and pending.get("seat") == self.me and bool(self.legal)
        self.card = selected_card(view, ui) if self.mine and self.decision == "play" else None
        self.narrow = bool(ui.get("narrow"))
        self.drawn = ui.get("drawn")
        self.marks = marks(view, ui, self.me)

    def act(self, action: tuple) -> bool:
        return self.mine and action in self.legal

    def marked(self, *key) -> bool:
        return tuple(key) in self.marks


def marks(view: dict, ui: dict, me: int | None) -> set[tuple]:
    """The other seats' moves that stay marked until `me` moves again: ("path", seat, colour) for a piece
    placed or moved, ("col", seat, colour) for a card played, ("pile", colour), ("deck",). From ui["recent"]
    (the shell's move list), else from the view's last turn (replay, embed)."""
    recent = ui.get("recent")
    if recent is None:
        last = view.get("last") or {}
        recent, me = {last.get("seat"): last.get("events") or []}, None
    out: set[tuple] = set()
    for seat, actions in recent.items():
        if seat == me:
            continue
        for a in actions:
            if not isinstance(a, (list, tuple)) or len(a) < 2:
                continue
            kind, arg = a[0], a[1]
            if kind in ("start", "advance"):
                out |= {("path", seat, arg), ("col", seat, arg)}
            elif kind == "move":
                out.add(("path", seat, arg))
            elif kind == "discard" or (kind == "draw" and arg != "deck"):
                out.add(("pile", arg))
            elif kind == "draw":
                out.add(("deck",))
    return out


def selected_card(view: dict, ui: dict) -> dict | None:
    sel = ui.get("selected")
    for card in view.get("hand") or []:
        if str(card["id"]) == str(sel):
            return card
    return None


def render(view: dict, ui: dict) -> Safe:
    """ui: me (seat whose hand is shown, None for a spectator), names, legal (encoded actions), selected (card id)."""
    ctx = _Ctx(view, ui)
    w, h = size(ctx.n)
    if ctx.narrow:
        h = HAND_Y - 12
    style = STYLE_WIDE if ctx.n >= 4 and not ctx.narrow else STYLE
    out = [symbol_defs(), tag("rect", {"width": w, "height": h, "fill": "#f5efe0"}), style, header_svg(ctx)]
    for c in range(5):
        out.append(path_svg(ctx, c))
        out.append(pile_svg(ctx, c))
        for seat in range(ctx.n):
            out.append(column_svg(ctx, seat, c))
    if not ctx.narrow:
        out.append(bottom_svg(ctx))
    attrs = {"data_testid": "lcb-board", "data_decision": ctx.decision or "over", "data_mine": "1" if ctx.mine else "0",
             "data_players": ctx.n}
    if not ctx.narrow:
        return svg_root(w, h, _("Lost Cities: The Board Game table"), out, **attrs)
    # phone: the board at its own size in a pannable box (every text ≥ 12 px), the hand in a strip below
    board = svg_root(w, h, _("Lost Cities: The Board Game paths"), out, **{"style": f"width:{w}px;height:{h}px"},
                     **attrs)
    hh = round(hand_height(ctx))
    strip = svg_root(NW, hh, _("Your hand"), tag("rect", {"width": NW, "height": hh, "fill": "#f5efe0"}),
                     STYLE, bottom_svg(ctx), **{"class": "board hand-strip", "data-testid": "lcb-hand",
                                                "style": f"width:{NW}px;height:{hh}px"})
    return join(pan_box(board, _("Board: scroll sideways to see every path and column"), "lcb-pan"),
                tag("div", {"class": "hand-dock", "data-testid": "hand-dock"}, strip))


def header_svg(ctx: _Ctx) -> Safe:
    view = ctx.view
    bx = stone_x(6) + STONE_W + 4
    out = [tag("text", {"x": LEFT, "y": 24, "class": "who"},
               tr("Expedition {n} of {total}", n=view["expedition"], total=view["expeditions"])),
           # a phone's deck is no card in the hand strip: its count is told here
           tag("text", {"x": LEFT + 190, "y": 24, "class": "who", "data-testid": "deck-count"},
               tr("deck {n}", n=view["deck"])) if ctx.narrow else None,
           tag("text", {"x": stone_x(1), "y": TOP - 12, "class": "small"}, _("stone values: researcher counts double")),
           tag("text", {"x": bx + BRIDGE_W / 2 - 2, "y": TOP - 26, "class": "hd", "text-anchor": "middle",
                        "data-testid": "crossings"},
               tr("bridge {n}/{total}", n=view["crossed"], total=view["crossings_to_end"])),
           tag("text", {"x": stone_x(9) + STONE_W / 2, "y": TOP - 12, "class": "small", "text-anchor": "middle"},
               _("lost city")),
           tag("text", {"x": PILE_X + MC_W / 2, "y": TOP - 12, "class": "small", "text-anchor": "middle"},
               _("discards"))]
    turn = (view.get("pending") or {}).get("seat")
    for seat in range(ctx.n):
        x = col_x(seat)
        info = view["player_info"][seat]
        hl = ({"fill": "#fff6cf", "stroke": "#d08700", "stroke-width": 2.5} if seat == turn
              else {"fill": "#fffdf6", "stroke": "#c9bb98"})
        sup = info["supply"]
        name = str(ctx.names[seat])
        name = name if len(name) <= 11 else name[:10] + "…"
        vp = "?" if info["vp"] is None else info["vp"]
        cards = trn("{n} card", "{n} cards", info["hand_count"])
        lines = (tr("{cards} · you", cards=cards) if seat == ctx.me else cards,
                 _("left:") if sup["adventurers"] or sup["researcher"] else _("left: none"),
                 tr("artifacts {tiles}, chips {chips}", tiles=info["artifact_tiles"], chips=info["artifact_chips"]),
                 tr("VP {vp} · now {points}", vp=vp, points=signed(info["expedition_points"])))
        kinds = ["adventurer"] * sup["adventurers"] + ["researcher"] * sup["researcher"]
        supply = [tag("g", {"transform": f"translate({x + 40 + k * 12 + (6 if kind == 'researcher' else 0)},52) "
                                         "scale(.7)"}, piece_svg(seat, kind, 0, 0)) for k, kind in enumerate(kinds)]
        left = (tr("pieces left: {n} adventurers and the researcher", n=sup["adventurers"]) if sup["researcher"]
                else tr("pieces left: {n} adventurers", n=sup["adventurers"]))
        out.append(tag("g", {"data-testid": f"player-{seat}"},
                       tag("title", None, ctx.names[seat]),
                       tag("rect", {"x": x + 2, "y": 4, "width": COL_W - 6, "height": TOP - 10, "rx": 8, **hl}),
                       piece_svg(seat, "adventurer", x + 14, 20),
                       tag("text", {"x": x + 26, "y": 25, "class": "hd"}, name),
                       [tag("text", {"x": x + 8, "y": 42 + i * 14, "class": "tiny", "data-fit": COL_W - 18,
                                     "data-testid": f"vp-{seat}" if i == 3 else None}, t)
                        for i, t in enumerate(lines)],
                       tag("g", None, tag("title", None, left), supply)))
    return join(out)


def path_svg(ctx: _Ctx, c: int) -> Safe:
    view = ctx.view
    path = view["paths"][c]
    colour = path["colour"]
    fill, ink = PALETTE[colour]
    y = row_y(c)
    bx = stone_x(6) + STONE_W + 3
    out = [tag("rect", {"x": LEFT, "y": y, "width": LABEL_W - 8, "height": STONE_H, "rx": 8, "fill": fill,
                        "stroke": "#1b1b1b"}),
           use_symbol(path["symbol"], LEFT + (LABEL_W - 8) / 2, y + 30, 30, ink),
           tag("text", {"x": LEFT + (LABEL_W - 8) / 2, "y": y + 68, "class": "pathname", "fill": ink,
                        "text-anchor": "middle"}, colour),
           tag("line", {"x1": stone_x(1), "y1": y + STONE_H / 2, "x2": stone_x(9) + STONE_W, "y2": y + STONE_H / 2,
                        "stroke": fill, "stroke-width": 10, "opacity": ".55"}),
           tag("rect", {"x": bx, "y": y + 14, "width": BRIDGE_W, "height": STONE_H - 28, "fill": "#9a6b3f",
                        "stroke": "#5a3a1c"}),
           tag("path", {"d": "".join(f"M{bx} {y + d}h{BRIDGE_W}" for d in (27, 40, 53)), "stroke": "#5a3a1c"})]
    slots = piece_slots(ctx.n)
    by_stone: dict[int, list[dict]] = {}
    for p in path["pieces"]:
        by_stone.setdefault(p["stone"], []).append(p)
    targets = stone_targets(ctx, colour)
    for st in path["stones"]:
        k = st["stone"]
        x = stone_x(k)
        target = targets.get(k)
        landed = any(p["stone"] == k and ctx.marked("path", p["seat"], colour) for p in path["pieces"])
        if target and target[1]:
            g = {"class": "stone target", **button_attrs(target[0], act=target[1], testid=f"stone-{colour}-{k}",
                                                         key=f"stone-{colour}-{k}-{target[1][0]}")}
            if ctx.card:  # the selected card's stone: the phone's pan box brings it into view (public/table.js)
                g["data-reveal"] = str(ctx.card["id"])
        else:
            g = {"class": "stone" + (" last" if landed else "") + (" target" if target else ""),
                 "data-testid": f"stone-{colour}-{k}",
                 "aria-label": tr("{colour} stone {k}, {points} points", colour=colour_name(colour), k=k,
                                  points=signed(st["value"]))}
        border = "#b8860b" if k == 9 else "#6d6252"
        parts: list = [tag("rect", {"x": x, "y": y, "width": STONE_W, "height": STONE_H, "rx": 12, "fill": "#e6dfcf",
                                    "stroke": border, "stroke-width": 3 if k == 9 else 1.5}),
                       tag("text", {"x": x + 6, "y": y + 17, "class": "sv"}, signed(st["value"]))]
        if st["tile"]:
            parts.append(tile_svg(st["tile"], x + STONE_W - 16, y + 16))
        elif st["space"]:
            parts.append(tag("circle", {"cx": x + STONE_W - 16, "cy": y + 16, "r": 9, "fill": "none",
                                        "stroke": "#a09580", "stroke-dasharray": "3 2"},
                             tag("title", None, _("empty tile space"))))
        for p in by_stone.get(k, []):
            dx, dy = slots[p["seat"] % len(slots)]
            parts.append(piece_svg(p["seat"], p["piece"], x + dx, y + dy,
                                   extra={"data-testid": join("piece-", text(p["seat"]), "-", text(colour))},
                                   title=join(text(ctx.names[p["seat"]]), ": ", text(p["piece"]))))
        if target:
            dx, dy = slots[ctx.me % len(slots)]
            parts.append(piece_svg(ctx.me, target[2], x + dx, y + dy, cls="ghost", ghost=True))
            parts.append(ring(x - 3, y - 3, STONE_W + 6, STONE_H + 6, rx=14))
        if landed:
            parts.append(ring(x - 2, y - 2, STONE_W + 4, STONE_H + 4, rx=13, cls="lastmark"))
        out.append(tag("g", g, parts))
    return tag("g", {"data-testid": f"path-{colour}"}, out)


def stone_targets(ctx: _Ctx, colour: str) -> dict[int, tuple[str, tuple, str]]:
    """Stones of this path that a click can move to now: stone -> (label, action, piece kind)."""
    if not ctx.mine:
        return {}
    me = ctx.me
    mine = next((p for p in ctx.view["paths"][ctx.view["colours"].index(colour)]["pieces"] if p["seat"] == me), None)
    out: dict[int, tuple[str, tuple, str]] = {}
    if ctx.decision == "move" and mine and ("move", colour) in ctx.legal:
        out[mine["stone"] + 1] = (f"Move your {colour} piece to stone {mine['stone'] + 1}", ("move", colour),
                                  mine["piece"])
    card = ctx.card
    if card and card["colour"] == colour:
        v = card["value"]
        if mine and ctx.act(("advance", colour, v)):
            k = min(mine["stone"] + 1, 9)
            out[k] = (f"Play {colour} {v} and advance to stone {k}", ("advance", colour, v), mine["piece"])
        starts = [kind for kind in ("adventurer", "researcher") if ctx.act(("start", colour, v, kind))]
        if len(starts) == 1:
            out[1] = (f"Start the {colour} path with {colour} {v} ({starts[0]})", ("start", colour, v, starts[0]),
                      starts[0])
        elif starts:
            out[1] = ("", None, "adventurer")  # lit, but the piece is chosen below the board
    return out


def pile_svg(ctx: _Ctx, c: int) -> Safe:
    pile = ctx.view["discards"][c]
    colour = pile["colour"]
    fill, _ink = PALETTE[colour]
    x, y = PILE_X, row_y(c) + 4
    target = None
    if ctx.act(("draw", colour)):
        target = button_attrs(tr("Draw the {card} from the {colour} pile", card=card_key(pile["top"]),
                                 colour=colour_name(colour)), act=("draw", colour), testid=f"pile-{colour}")
    elif ctx.card and ctx.card["colour"] == colour and ctx.act(("discard", colour, ctx.card["value"])):
        target = button_attrs(tr("Discard {card} to the {colour} pile", card=card_key(ctx.card),
                                 colour=colour_name(colour)),
                              act=("discard", colour, ctx.card["value"]), testid=f"pile-{colour}")
    last = ctx.marked("pile", colour)
    g = {"class": "pile" + (" target" if target else "") + (" last" if last else ""),
         **(target or {"data-testid": f"pile-{colour}"})}
    return tag("g", g,
               tag("rect", {"x": x, "y": y, "width": MC_W, "height": MC_H, "rx": 5, "fill": fill, "opacity": ".25",
                            "stroke": fill, "stroke-width": 2}),
               mini_card(pile["top"], x, y) if pile["top"] else None,
               tag("text", {"x": x + MC_W + 5, "y": y + 14, "class": "small"}, "×", pile["count"]),
               outline(x, y, MC_W, MC_H, target, last))


def outline(x: float, y: float, w: float, h: float, target, last: bool) -> Safe | None:
    """The ring around a legal target, else the mark of the last move's place, else nothing."""
    if target:
        return ring(x - 4, y - 4, w + 8, h + 8, rx=8)
    if last:
        return ring(x - 3, y - 3, w + 6, h + 6, rx=7, cls="lastmark")
    return None


def column_svg(ctx: _Ctx, seat: int, c: int) -> Safe:
    """A player's card column of one colour: top card, count and all values (oldest first)."""
    col = ctx.view["player_info"][seat]["columns"][c]
    colour = col["colour"]
    x, y = col_x(seat) + 6, row_y(c) + 4
    cards = col["cards"]
    target = None
    if seat == ctx.me and ctx.card and ctx.card["colour"] == colour:
        v = ctx.card["value"]
        acts = [a for a in (("advance", colour, v), ("start", colour, v, "adventurer"),
                            ("start", colour, v, "researcher")) if ctx.act(a)]
        if len(acts) == 1:
            target = button_attrs(tr("Play {card} on your {colour} column", card=card_key(ctx.card),
                                     colour=colour_name(colour)),
                                  act=acts[0], testid=f"column-{colour}")
        elif acts:
            target = "both"
    last = ctx.marked("col", seat, colour)
    own = target if target and target != "both" else {"data-testid": f"column-{seat}-{colour}"}
    g = {"class": "column" + (" target" if target else "") + (" last" if last else ""), **own}
    out = [tag("rect", {"x": x - 3, "y": y - 3, "width": COL_W - 8, "height": MC_H + 8, "rx": 7, "fill": "#fffdf6",
                        "stroke": "#d8ccb0"})]
    if cards:
        out.append(mini_card(cards[-1], x, y))
        values = [str(k["value"]) for k in cards]
        lines = [" ".join(values[i:i + 4]) for i in range(0, len(values), 4)]
        arrow = {"ascending": " ↑", "descending": " ↓"}.get(col.get("direction"), "")
        out.append(tag("text", {"x": x + MC_W + 5, "y": y + 12, "class": "small", "font-weight": 700},
                       "×", len(cards), arrow))
        for i, line in enumerate(lines):
            out.append(tag("text", {"x": x + MC_W + 5, "y": y + 28 + i * 14, "class": "small"}, line))
    out.append(outline(x - 1, y - 1, COL_W - 6, MC_H + 2, target, last))
    return tag("g", g, out)


def bottom_svg(ctx: _Ctx) -> Safe:
    """The hand (sorted; legal plays marked), the deck and the pending decision, below the paths (desktop)
    or alone in their own strip under the pannable board (phone: one row, held overlapping)."""
    view = ctx.view
    n_hand = len(view.get("hand") or [])
    pitch = HAND_PITCH
    if ctx.narrow:  # one row of cards held overlapping, each showing its value in its corner, 44 px apart (a
        # finger's target); the deck and the decision's words are the decision's buttons and the status line
        pitch = min(92.0, (NW - 4 - CARD_W * HAND_SCALE_N) / max(n_hand - 1, 1))

        def place(k: int) -> tuple[float, float]:
            return 2 + k * pitch, HAND_TOP_N

        geo = {"place": place, "scale": HAND_SCALE_N}
    else:
        geo = {"place": lambda k: (LEFT + k * HAND_PITCH, HAND_Y), "scale": 1.0,
               "deck": (LEFT + 9 * HAND_PITCH + 10, HAND_Y), "text": (LEFT + 10 * HAND_PITCH + 16, HAND_Y + 22),
               "choice_dx": 112, "choice_dy": 0}
    out: list = []
    hand = view.get("hand")
    plays: dict[tuple, set] = {}
    for a in ctx.legal:
        if a[0] in ("start", "advance"):
            plays.setdefault((a[1], a[2]), set()).add(a[0])
    can_select = ctx.mine and ctx.decision == "play"
    hs = geo["scale"]
    if hand is None:
        out.append(tag("text", {"x": geo["place"](0)[0], "y": geo["place"](0)[1] + 30, "class": "hd"},
                       _("Spectating: hands are hidden.")))
    else:
        hits: list = []
        for k, card in enumerate(hand):
            x, y0 = geo["place"](k)
            playable = can_select and (card["colour"], card["value"]) in plays
            is_sel = ctx.card is not None and card["id"] == ctx.card["id"]
            is_new = card["id"] == ctx.drawn
            y = y0 - 12 if is_sel else y0
            cls = "card hand" + (" playable" if playable else "") + (" selected" if is_sel else "") + \
                (" drawn" if is_new else "")
            label = join(card_key(card), _(", just drawn") if is_new else "",
                         _(", can be played on a path") if playable else "")
            extra = {"role": "button", "tabindex": "0" if can_select else None, "aria-label": label,
                     "aria-pressed": "true" if is_sel else "false", "data-cmd": "select" if can_select else None,
                     "data-arg": card["id"], "data-testid": "hand-card", "data-key": join("hand-", text(card["id"])),
                     "data-can-play": "1" if playable else "0", "data-drawn": "1" if is_new else None,
                     "data-plays": " ".join(sorted(plays[card["colour"], card["value"]])) if playable else None}
            if ctx.narrow:  # held overlapping: the control is the strip that shows (hand_hits)
                last_k = k == len(hand) - 1
                hits.append((x, y, CARD_W * hs if last_k else min(pitch, CARD_W * hs), CARD_H * hs,
                             {**extra, "data-card": card["id"]}))
                out.append(card_svg(card, x, y, cls=cls, scale=hs))
            else:
                out.append(card_svg(card, x, y, extra=extra, cls=cls, scale=hs))
            if is_new:
                out.append(tag("text", {"x": x + CARD_W * hs / 2, "y": y - 4, "class": "newmark",
                                        "text-anchor": "middle"}, _("new")))
            if playable:
                out.append(tag("path", {"d": f"M{fmt(x + CARD_W * hs / 2 - 7)} {fmt(y + CARD_H * hs + 11)}l7-8l7 8z",
                                        "class": "playmark"}))
    if ctx.narrow:  # the deck and the start choices are the decision's buttons (action_buttons)
        return join([*out, *(hand_hits(hits) if hand is not None else [])])
    dx, dy = geo["deck"]
    deck_act = ("draw", "deck")
    target = ctx.act(deck_act)
    extra = button_attrs(tr("Draw from the deck ({cards})", cards=trn("{n} card", "{n} cards", view["deck"])),
                         act=deck_act, testid="deck") if target else {"data-testid": "deck"}
    last = ctx.marked("deck") and not target
    out.append(tag("g", {"class": "deck" + (" target" if target else "") + (" last" if last else ""), **extra},
                   back_svg(dx, dy) if view["deck"] else
                   tag("rect", {"x": dx, "y": dy, "width": CARD_W, "height": CARD_H, "rx": 6, "fill": "none",
                                "stroke": "#999", "stroke-dasharray": "4 3"}),
                   tag("text", {"x": dx + CARD_W / 2, "y": dy + CARD_H / 2 + 8, "class": "deckcount",
                                "text-anchor": "middle"}, view["deck"]),
                   ring(dx - 4, dy - 4, CARD_W + 8, CARD_H + 8) if target else None,
                   ring(dx - 3, dy - 3, CARD_W + 6, CARD_H + 6, cls="lastmark") if last else None))
    out.append(tag("text", {"x": dx + CARD_W / 2, "y": dy + CARD_H + 16, "class": "small",
                            "text-anchor": "middle"}, _("deck")))
    if ctx.narrow:
        return join(out)
    tx, ty = geo["text"]
    lines = decision_lines(ctx)
    for i, line in enumerate(lines):
        out.append(tag("text", {"x": tx, "y": ty + i * 20, "class": "hd" if i == 0 else "small",
                                "data-testid": "pending" if i == 0 else "pending-more"}, line))
    w, _h = size(ctx.n)  # the page puts the action buttons here, beside the hand (public/table.js)
    out.append(tag("rect", {"x": tx, "y": ty + 3 * 20 - 8, "width": w - tx - 6, "height": 40, "fill": "none",
                            "data-actions-anchor": "1"}))
    return join(out)


def hand_height(ctx: _Ctx) -> float:
    """Height of the phone's hand strip: room for a selected card's lift and its play mark."""
    return HAND_TOP_N + CARD_H * HAND_SCALE_N + 16


def decision_lines(ctx: _Ctx) -> list[str]:
    view = ctx.view
    if view.get("over"):
        return [_("The game is over.")]
    pending = view["pending"]
    who = _("You") if pending["seat"] == ctx.me else ctx.names[pending["seat"]]
    d = pending["decision"]
    if d == "play":
        if ctx.mine and not ctx.card:
            return [tr("{name}: play a card", name=who), _("Select a card in your hand.")]
        if ctx.card:
            return [tr("{name}: {card}", name=who, card=card_key(ctx.card)), _("Click a lit stone, column or pile,"),
                    _("or a button here.") if not ctx.narrow else _("or a button below.")]
        return [tr("{name}: play a card", name=who)]
    if d == "move":
        line = (tr("Arrow tile: {name} may move a piece", name=who) if pending["reason"] == "arrow"
                else tr("Lost city: {name} may move a piece", name=who))
        more = [_("Click a lit stone to move that piece,"), _("or choose “Don't move”.")] if ctx.mine else []
        return [line, *more]
    ban = tr("not the {colour} pile", colour=colour_name(pending["banned"])) if pending.get("banned") else ""
    return [tr("{name}: draw a card", name=who), *([_("Deck or a lit discard pile.")] if ctx.mine else []),
            *([ban] if ban else [])]


def status_text(view: dict, ui: dict) -> str:
    """Whose turn and which decision is pending (plain text)."""
    if view.get("over"):
        return _("The game is over.")
    names = ui.get("names") or [tr("Player {n}", n=i + 1) for i in range(view["players"])]
    pending = view["pending"]
    who = names[pending["seat"]]
    d = pending["decision"]
    if d == "play":
        return tr("{name}: play a card — start or advance a path, or discard.", name=who)
    if d == "move":
        if pending["reason"] == "arrow":
            return tr("{name}: after an arrow tile, move one of your pieces one stone, or don't move.", name=who)
        return tr("{name}: after a card played on a piece in the lost city, move one of your pieces one stone, "
                  "or don't move.", name=who)
    if pending.get("banned"):
        return tr("{name}: draw a card from the deck or a discard pile (not the {colour} pile you just discarded to).",
                  name=who, colour=colour_name(pending["banned"]))
    return tr("{name}: draw a card from the deck or a discard pile.", name=who)


def _button(act: tuple, label: str, testid: str, primary: bool = True) -> Safe:
    return tag("button", {"class": "primary" if primary else None, "data-act": json.dumps(list(act)),
                          "data-testid": testid, "data-key": testid}, label)


def action_buttons(view: dict, ui: dict) -> Safe:
    """HTML buttons: for the selected card (start / advance / discard), or for a pending move."""
    legal = [tuple(a) for a in ui.get("legal") or []]
    pending = view.get("pending") or {}
    out = []
    if pending.get("decision") == "move":
        for a in legal:
            if a[0] == "move":
                out.append(_button(a, tr("Move your {colour} piece", colour=colour_name(a[1])), f"move-{a[1]}-btn"))
        if ("pass",) in legal:
            out.append(_button(("pass",), _("Don't move"), "pass-btn", primary=False))
        return join(out)
    if ui.get("narrow") and pending.get("decision") == "draw" and ("draw", "deck") in legal:
        # a phone's hand strip has no room for the deck beside eight cards: it is a button here, the lit discard
        # piles on the board
        return tag("button", {"class": "primary", "data-act": json.dumps(["draw", "deck"]), "data-testid": "deck",
                              "data-key": "deck-btn"},
                   tr("Draw from the deck ({cards})", cards=trn("{n} card", "{n} cards", view["deck"])))
    card = selected_card(view, ui)
    if not card or pending.get("decision") != "play":
        return Safe("")
    colour, v = card["colour"], card["value"]
    for act, label, testid in ((("start", colour, v, "adventurer"), N_("Start with adventurer ({card})"),
                                "start-adventurer-btn"),
                               (("start", colour, v, "researcher"), N_("Start with researcher ({card})"),
                                "start-researcher-btn"),
                               (("advance", colour, v), N_("Advance ({card})"), "advance-btn"),
                               (("discard", colour, v), N_("Discard ({card})"), "discard-btn")):
        if act in legal:
            out.append(_button(act, tr(label, card=card_key(card)), testid, primary=act[0] != "discard"))
    why = refusal(view, card, legal)
    if why:
        out.append(tag("p", {"class": "why", "data-testid": "refusal"}, why))
    return join(out)


def refusal(view: dict, card: dict, legal: list[tuple]) -> str:
    """Why the selected card can only be discarded (the rules of the play decision, state.is_legal): a path you
    are on takes a card that keeps its column in order; a new path starts with your lowest card of its colour
    (any card with the two-directions variant) and needs a piece left in your supply."""
    colour = card["colour"]
    if any(a[0] in ("start", "advance") and a[1] == colour for a in legal):
        return ""
    me = view.get("seat")
    info = next((p for p in view.get("player_info") or [] if p.get("seat") == me), None)
    if info is None:
        return ""
    name = colour_name(colour)
    if any(p.get("colour") == colour for p in info.get("pieces") or []):
        cards = next((c.get("cards") or [] for c in info.get("columns") or [] if c.get("colour") == colour), [])
        if not cards:
            return ""
        top = card_key(cards[-1])
        if next((c.get("direction") for c in info["columns"] if c.get("colour") == colour), None) == "descending":
            return tr("Your {colour} column runs down from {top}: only a card of that value or lower goes on it.",
                      colour=name, top=top)
        return tr("Your {colour} column has reached {top}: only a card of that value or higher goes on it.",
                  colour=name, top=top)
    if not (view.get("options") or {}).get("directions"):
        mine = [c for c in view.get("hand") or [] if c.get("colour") == colour]
        lowest = min(mine, key=lambda c: c.get("value", 0), default=None)
        if lowest is not None and lowest.get("value") != card.get("value"):
            return tr("A new {colour} path starts with your lowest {colour} card ({lowest}).", colour=name,
                      lowest=card_key(lowest))
    supply = info.get("supply") or {}
    if not supply.get("adventurers") and not supply.get("researcher"):
        return _("All your pieces are already on paths: a card can only start a path with a piece left.")
    return ""


def _vp_runs(view: dict) -> list[list[tuple[int, int] | None]]:
    """Per expedition in history, per seat: (VP before scoring, VP after, floor 0), None when hidden."""
    n = view["players"]
    tiles = view.get("tile_vp") or []
    shown = [view.get("over") or i == view.get("seat") for i in range(n)]
    run = [0] * n
    out = []
    for e, entry in enumerate(view["history"]):
        row = []
        for i in range(n):
            before = run[i] + (tiles[e][i] if e < len(tiles) else 0)
            run[i] = max(0, before + entry["points"][i])
            row.append((before, run[i]) if shown[i] else None)
        out.append(row)
    return out


LEFT_CELL = {"style": "text-align:left"}


def _pieces_text(pieces: list[dict]) -> Safe:
    if not pieces:
        return tag("span", {"class": "dim"}, _("no pieces"))
    parts = []
    for i, p in enumerate(pieces):
        mult = p["piece"] == "researcher"
        points = p["points"] // 2 if mult and isinstance(p["points"], int) else p["points"]
        parts.append(join(tag("br") if i else "",
                          tr("{colour} {piece} stone {k}: {points}", colour=colour_name(p["colour"]),
                             piece=piece_name(p["piece"]), k=p["stone"], points=signed(points)),
                          "×2" if mult else ""))
    return join(parts)


def score_sheet(view: dict, names: list[str]) -> Safe:
    """Per expedition: each player's pieces (stone values, researcher ×2), points, VP before/after, chips."""
    n = view["players"]
    runs = _vp_runs(view)
    tiles = view.get("tile_vp") or []
    parts: list = [tag("h2", None, _("Score sheet"))]
    entries = list(view["history"])
    info = view["player_info"]
    if not view.get("over") and any(pl["pieces"] for pl in info):  # a live expedition with something to show
        entries.append({"expedition": view["expedition"], "live": True,
                        "artifacts": [p["artifact_tiles"] for p in info],
                        "points": [p["expedition_points"] for p in info],
                        "pieces": [[dict(p, points=piece_points(view, p)) for p in pl["pieces"]] for pl in info]})
    for e, entry in enumerate(entries):
        live = entry.get("live")
        rows = [tag("tr", None, [tag("th", None, h) for h in (_("Player"), _("Pieces"), _("Points"), _("VP tiles"),
                                                                _("VP before"), _("VP after (≥ 0)"),
                                                                _("Artifacts → chips"))])]
        for i in range(n):
            run = None if live else runs[e][i]
            tile = tiles[e][i] if e < len(tiles) else 0
            if run:
                vp = join(tag("td", None, run[0]),
                          tag("td", {"data-testid": join("sheet-e", text(entry["expedition"]), "-", i)}, run[1]))
            elif not live:
                vp = tag("td", {"colspan": 2, "class": "dim"}, _("hidden"))
            else:
                vp = tag("td", {"colspan": 2}, "")
            rows.append(tag("tr", None, tag("td", LEFT_CELL, names[i]), tag("td", LEFT_CELL,
                                                                             _pieces_text(entry["pieces"][i])),
                            tag("td", None, signed(entry["points"][i])), tag("td", None, signed(tile)), vp,
                            tag("td", None, entry["artifacts"][i])))
        parts.append(tag("h3", None, tr("Expedition {n} (so far, if it ended now)", n=entry["expedition"]) if live
                         else tr("Expedition {n}", n=entry["expedition"])))
        parts.append(tag("table", None, rows))
    final = view.get("final")
    if final:
        rows = [tag("tr", None, [tag("th", None, h) for h in (_("Player"), _("Chips"), _("Artifact points"),
                                                                _("VP before"), _("Final VP (≥ 0)"))])]
        for i in range(n):
            before = runs[-1][i][1] if runs else 0
            total = view["player_info"][i]["vp"]
            rows.append(tag("tr", None, tag("td", LEFT_CELL, names[i]), tag("td", None, final["chips"][i]),
                            tag("td", None, signed(final["artifact_points"][i])), tag("td", None, before),
                            tag("td", {"data-testid": f"sheet-total-{i}"}, tag("strong", None, total))))
        parts.append(tag("h3", None, _("Artifacts and final totals")))
        parts.append(tag("table", None, rows))
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, parts)


def piece_points(view: dict, piece: dict) -> int:
    v = view["stone_values"][piece["stone"] - 1]
    return v * 2 if piece["piece"] == "researcher" else v


def summary(view: dict, names: list[str]) -> Safe:
    """Side panel: expedition n of N, bridge crossings, and per player artifacts and (own) VP."""
    items = []
    for i, info in enumerate(view["player_info"]):
        vp = _("hidden") if info["vp"] is None else info["vp"]
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i % 4]}"}, _SHAPE_GLYPH[i % 4]),
                         " ", names[i], ": ", _("VP"), " ", tag("strong", {"data-testid": f"total-{i}"}, vp), ", ",
                         tr("artifacts {tiles} (+{chips} chips)", tiles=info["artifact_tiles"],
                            chips=info["artifact_chips"])))
    return join(tag("h2", None, tr("Expedition {n} of {total}", n=view["expedition"], total=view["expeditions"])),
                tag("p", None, _("Bridge crossings:"), " ",
                    tag("strong", {"data-testid": "crossings-side"}, view["crossed"], "/", view["crossings_to_end"]),
                    " · ", tr("deck {n}", n=view["deck"])),
                tag("ul", {"class": "totals"}, "", items))


_SHAPE_GLYPH = ("●", "■", "▲", "◆")


# Log entries are data from the engine ({"seat", "key", "params"}, also describe() of a move): a predicate
# about the player ("plays red 5, moving to stone 3") or a public line ("Expedition 2 ends: …").
LOG_WORDS = {
    "draw_deck": N_("draws from the deck"),
    "draw_card": N_("draws {card} from the discards"),
    "draw_pile": N_("draws from the {colour} pile"),
    "discard": N_("discards {card}"),
    "start": N_("starts the {colour} path with {card} ({piece})"),
    "advance": N_("plays {card}, moving to stone {stone}"),
    "advance_city": N_("plays {card} (piece already in the lost city)"),
    "advance_move": N_("plays {card}"),
    "move": N_("moves the {colour} piece to stone {stone} ({reason})"),
    "move_one": N_("moves the {colour} piece one stone"),
    "pass": N_("moves no piece"),
    "vp": N_("takes {vp} VP from the tile on {colour} stone {stone}"),
    "artifact": N_("takes the artifact on {colour} stone {stone}"),
    "arrow": N_("reaches the arrow on {colour} stone {stone}"),
    "expedition": N_("Expedition {n} begins; {name} starts"),
    "expedition_you": N_("Expedition {n} begins; you start"),
    "end_bridge": N_("Expedition {n} ends: a fifth piece crossed a bridge"),
    "end_deck": N_("Expedition {n} ends: the last card was drawn"),
    "over": N_("The game is over"),
}


def _log_words(key: str, p: dict, names: list[str]) -> str:
    """The words of one data entry (a predicate, or a whole public line)."""
    p = p if isinstance(p, dict) else {}
    colour = colour_name(str(p.get("colour", "")))
    card = card_key({"colour": p["colour"], "value": p["value"]}) if "colour" in p and "value" in p else ""
    fields = {"colour": colour, "card": card, "piece": piece_name(str(p.get("piece", ""))), "stone": p.get("stone", ""),
              "vp": p.get("vp", ""), "n": p.get("n", ""),
              "reason": _("arrow tile") if p.get("reason") == "arrow" else _("lost city")}
    if key == "draw":
        key = "draw_deck" if p.get("from") == "deck" else "draw_card" if card else "draw_pile"
    elif key == "advance":
        key = "advance_move" if "stone" not in p else "advance_city" if p.get("lost_city") else "advance"
    elif key == "move" and "stone" not in p:
        key = "move_one"
    elif key == "end":
        key = "end_bridge" if p.get("cause") == "bridge" else "end_deck"
    elif key == "expedition":
        s = p.get("starter")
        fields["name"] = names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"
        key = "expedition_you" if words.you_at(s, names) else key
    return tr(LOG_WORDS[key], **fields) if key in LOG_WORDS else str(key)


def log_text(entry: dict, names: list[str]) -> str:
    """One log line as a sentence about its player ("You play red 5, moving to stone 3" in English,
    "<name>: <words>" in the other languages); older records' English text is shown as it was written."""
    key = entry.get("key")
    if key is None:
        return words.log_sentence(entry, names)
    return words.player_line(_log_words(str(key), entry.get("params") or {}, names), entry.get("seat"), names)
