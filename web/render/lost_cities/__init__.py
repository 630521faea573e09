"""Lost Cities table: a view (+ the local selection) -> one SVG string.

Layout (viewBox 960 x 946): the opponent's expeditions grow upward from the board, the
board row holds the discard piles and the deck, your expeditions grow downward, your hand
is at the bottom. Everything clickable carries data-act (a legal action, JSON-encoded) or
data-cmd (a local UI command) and is focusable for the keyboard.
"""

from __future__ import annotations

import json

from i18n import N_, _, tr, trn

from .. import schema as sc
from .. import words
from ..markup import Safe, join, tag, text
from ..svg import (
    PALETTE,
    back_svg,
    button_attrs,
    card_name,
    colour_name,
    hand_hits,
    pan_box,
    ring,
    signed,
    svg_root,
    symbol_defs,
    use_symbol,
)
from ..svg import card_svg as svg_card

ONE_SCREEN = True  # at 1366x768 the whole table fits the window: the shell sizes the board to it

W, H = 960, 946
CW, CH, OV = 74, 104, 15
PITCH = 112
LEFT = 28
OPP_BASE = 344  # bottom edge of the opponent's first card
BOARD_Y = 356
MY_TOP = 494
HAND_Y = 826
DECK_X = LEFT + 6 * PITCH + 24
PILE_SYMBOLS = ("sun", "wave", "peak", "leaf", "flame", "gem")
NW = 380  # the phone table's width (viewBox units = CSS px on a 390 px screen)
LOG_SENTENCES = True  # log_text names the player ("You play…", "Anna plays…")


COLOURS = tuple(PALETTE)
SYMBOLS = ("sun", "wave", "peak", "leaf", "flame", "gem")
CARD = {"id": sc.Int(0, 200), "colour": sc.Str(choices=COLOURS), "symbol": sc.Str(choices=SYMBOLS),
        "value": sc.Int(0, 20), "wager": bool}
BREAKDOWN = {"cards": sc.Int(0, 20), "sum": sc.Int(0, 200), "cost": sc.Int(-20, 0), "wagers": sc.Int(0, 3),
             "multiplier": sc.Int(1, 4), "bonus": sc.Int(0, 20), "total": sc.Int(-1000, 1000)}
SIDE = sc.List(BREAKDOWN, 6)
# The views this renderer draws (checked on a guest before anything draws a host's view).
VIEW_SCHEMA = {
    "players": sc.Int(2, 2), "colours": sc.List(sc.Str(choices=COLOURS), 6), "round": sc.Int(1, 9),
    "rounds": sc.Int(1, 9), "over": bool, "seat": sc.Opt(sc.Int(0, 1)),
    "pending": sc.Opt({"seat": sc.Int(0, 1), "decision": sc.Str(choices=("play", "draw")),
                       "banned?": sc.Opt(sc.Str(choices=COLOURS))}),
    "hand?": sc.Opt(sc.List(CARD, 20)), "hand_counts": sc.List(sc.Int(0, 20), 2),
    "expeditions": sc.List(sc.List(sc.List(CARD, 20), 6), 2),
    "discards": sc.List({"colour": sc.Str(choices=COLOURS), "count": sc.Int(0, 100), "top": sc.Opt(CARD),
                         "cards?": sc.List(CARD, 100)}, 6),
    "deck": sc.Int(0, 100), "round_scores": sc.List(SIDE, 2), "totals": sc.List(sc.Int(-10**5, 10**5), 2),
    "history": sc.List({"round": sc.Int(1, 9), "breakdown": sc.List(SIDE, 2), "scores": sc.List(sc.Int(), 2)}, 9),
    "last?": sc.Opt({"kind?": sc.Str(32), "card?": sc.Opt(sc.Int(0, 200)), "seat?": sc.Opt(sc.Int(0, 1))}),
    "log": sc.List({"seat?": sc.Opt(sc.Int(0, 1)), "text?": sc.Str(500)}, 4000),
}


def validate_view(view: dict) -> None:
    """VIEW_SCHEMA, then what it cannot say: two of everything per player, one pile and one
    expedition per colour, a result only when the match is over."""
    sc.check(VIEW_SCHEMA, view)
    n = len(view["colours"])
    for key in ("hand_counts", "totals", "expeditions", "round_scores"):
        sc.length_is(view[key], 2, f"view.{key}")
    sc.length_is(view["discards"], n, "view.discards")
    for seat in range(2):
        sc.length_is(view["expeditions"][seat], n, f"view.expeditions[{seat}]")
        sc.length_is(view["round_scores"][seat], n, f"view.round_scores[{seat}]")
    for i, entry in enumerate(view["history"]):
        sc.length_is(entry["breakdown"], 2, f"view.history[{i}].breakdown")
        sc.length_is(entry["scores"], 2, f"view.history[{i}].scores")
        for seat in range(2):
            sc.length_is(entry["breakdown"][seat], n, f"view.history[{i}].breakdown[{seat}]")
    if not view["over"] and view["pending"] is None:
        raise sc.ViewError("view.pending: missing while the match is not over")


def col_x(i: int) -> int:
    return LEFT + i * PITCH


def card_svg(card: dict, x: float, y: float, extra: dict | None = None, cls: str = "card", scale: float = 1.0) -> Safe:
    if not card["wager"]:
        return svg_card(card, x, y, extra, cls, scale=scale)
    return svg_card(card, x, y, extra, cls, label="W", big="×", name=card_name(card), scale=scale)


class Layout:
    """Where things go: the desktop table (viewBox 960 wide, fixed rows) or the phone table (380 wide, one
    row per colour sized to the cards, your name and score under your expeditions; the hand is a strip of its own,
    pinned at the foot of the screen: one row of large cards overlapping like a hand held, each showing its value
    in its corner, `hand_h` high)."""

    def __init__(self, view: dict, bottom: int, narrow: bool) -> None:
        self.narrow = narrow
        ncol = len(view["colours"])
        if not narrow:
            self.w, self.left, self.pitch, self.scale, self.ov = W, LEFT, PITCH, 1.0, OV
            self.opp_base, self.board_y, self.my_top, self.hand_y = OPP_BASE, BOARD_Y, MY_TOP, HAND_Y
            self.deck_x, self.hand_pitch, self.hand_scale, self.hand_row = DECK_X, CW + 10, 1.0, 99
            self.h, self.count_dy = H, 22
            return
        self.count_dy = 16
        self.w, self.left = NW, 8
        self.pitch = (NW - 16) / (ncol + 1)  # one more slot: the deck sits beside the piles
        self.scale = min(1.0, (self.pitch - 6) / CW)
        self.ov = round(26 * self.scale)
        ch = CH * self.scale
        top_len = max([len(r) for r in view["expeditions"][1 - bottom]] + [1])
        low_len = max([len(r) for r in view["expeditions"][bottom]] + [1])
        self.opp_base = 44 + ch + (top_len - 1) * self.ov + 18
        self.board_y = self.opp_base + 12
        self.my_top = self.board_y + ch + 30
        self.deck_x = self.left + ncol * self.pitch
        self.hand_scale, self.hand_row = 0.9, 99  # eight cards 44 px apart (a finger's target) in 380
        hand_n = max(view["hand_counts"][bottom], 1)
        self.hand_pitch = min(92.0, (NW - 4 - CW * self.hand_scale) / max(hand_n - 1, 1))
        self.hand_y = 18  # in the hand's strip: room above for a selected card's lift and the "new" mark
        self.hand_h = round(self.hand_y + CH * self.hand_scale + 16)
        self.name_y = self.my_top + ch + (low_len - 1) * self.ov + 44
        self.h = self.name_y + 8

    def col_x(self, i: int) -> float:
        return self.left + i * self.pitch

    def hand_xy(self, k: int) -> tuple[float, float]:
        if not self.narrow:
            return self.left + k * self.hand_pitch, self.hand_y
        return 2 + k * self.hand_pitch, self.hand_y


def marked(view: dict, ui: dict, me: int | None) -> dict[str, set]:
    """What stays marked on the table: the other seats' moves since `me` last moved (ui["recent"], from the
    shell), or the view's last decision when the page has no move list (replay, embed)."""
    out: dict[str, set] = {"play": set(), "discard": set(), "pile": set(), "deck": set()}
    recent = ui.get("recent")
    if recent is None:
        last = view.get("last") or {}
        recent = {last.get("seat"): [[last.get("kind"), last.get("source", last.get("card"))]]} if last else {}
    colours = view["colours"]
    for seat, actions in recent.items():
        if seat == me:
            continue
        for act in actions:
            if not isinstance(act, (list, tuple)) or len(act) != 2:
                continue
            kind, arg = act
            if kind in ("play", "discard"):
                out[kind].add(arg)
            elif kind == "draw" and arg == "deck":
                out["deck"].add(seat)
            elif kind == "draw" and arg in colours:
                out["pile"].add(arg)
    return out


def round_points(view: dict, seat: int) -> int:
    """The running score of the round for one player: the sum of the expedition values shown on the table."""
    return sum(b["total"] for b in view["round_scores"][seat])


def render(view: dict, ui: dict) -> Safe:
    """ui: me (seat shown at the bottom), names, legal (encoded actions of `me`), selected (card id), narrow
    (phone layout), drawn (id of the card `me` just drew), recent (the other seats' moves to keep marked)."""
    me = ui.get("me")
    bottom = me if me is not None else 0
    top = 1 - bottom
    legal = [tuple(a) for a in ui.get("legal") or []]
    selected = int(ui["selected"]) if ui.get("selected") not in (None, "") else None
    names = ui.get("names") or ["Player 1", "Player 2"]
    colours = view["colours"]
    pending = view.get("pending") or {}
    my_turn = me is not None and pending.get("seat") == me
    lay = Layout(view, bottom, bool(ui.get("narrow")))
    cw, ch, s = CW * lay.scale, CH * lay.scale, lay.scale
    marks = marked(view, ui, me)
    drawn = ui.get("drawn")
    out: list = [symbol_defs(), tag("rect", {"width": lay.w, "height": lay.h, "fill": "#f5efe0"})]

    def cls_of(kind: str, card: dict) -> str:
        return "card last" if card["id"] in marks[kind] else "card"

    # --- opponent (top) --------------------------------------------------------------------
    out.append(tag("text", {"x": lay.left, "y": 26, "class": "who", "data-testid": f"who-{top}"},
                   tr("{name} · {cards} in hand", name=names[top],
                      cards=trn("{n} card", "{n} cards", view["hand_counts"][top]))))
    out.append(tag("text", {"x": lay.left, "y": 44 if lay.narrow else 48, "class": "score",
                            "data-testid": f"round-score-{top}"},
                   score_line(view, top)))
    if not lay.narrow:
        for k in range(view["hand_counts"][top]):
            out.append(back_svg(DECK_X - 10 + k * 14, 12, 30, 42))
    for i, colour in enumerate(colours):
        row = view["expeditions"][top][i]
        x = lay.col_x(i)
        n = len(row)
        high = lay.opp_base - ch - (max(n, 1) - 1) * lay.ov  # the column's area, an empty one too (the editor's spot)
        cards = [card_svg(card, x, lay.opp_base - ch - j * lay.ov, cls=cls_of("play", card), scale=s)
                 for j, card in enumerate(row)]
        out.append(tag("g", {"class": "slot", "data-testid": f"opp-expedition-{colour}"},
                       ring(x - 4, high - 4, cw + 8, lay.opp_base - high + 8, cls="hit"), cards))
        sc_ = view["round_scores"][top][i]
        if n:
            out.append(tag("text", {"x": x + cw / 2, "y": lay.opp_base - ch - (n - 1) * lay.ov - 6,
                                    "class": "rowscore", "text-anchor": "middle",
                                    "data-testid": f"row-score-{top}-{colour}"}, signed(sc_["total"])))

    # --- board: discard piles and deck ------------------------------------------------------
    by = lay.board_y
    out.append(tag("rect", {"x": lay.left - (4 if lay.narrow else 12), "y": by - 6,
                            "width": lay.deck_x - lay.left + cw + (8 if lay.narrow else 24), "height": ch + 12,
                            "rx": 10, "fill": "#e4d6b5", "stroke": "#b59d6a"}))
    sel_card = None
    if selected is not None and my_turn:
        for c in view.get("hand") or []:
            if c["id"] == selected:
                sel_card = c
    for i, pile in enumerate(view["discards"]):
        x = lay.col_x(i)
        colour = pile["colour"]
        fill, _ink = PALETTE[colour]
        draw_act = ("draw", colour)
        discard_act = ("discard", selected) if sel_card and sel_card["colour"] == colour else None
        target = None
        if my_turn and draw_act in legal:
            top_card = pile["top"]
            target = button_attrs(tr("Draw from the {colour} discard pile (top: {card})", colour=colour_name(colour),
                                     card=card_name(top_card) if top_card else "—"), act=draw_act,
                                  testid=f"pile-{colour}")
        elif discard_act and discard_act in legal:
            target = button_attrs(tr("Discard {card} to the {colour} discard pile", card=card_name(sel_card),
                                     colour=colour_name(colour)), act=discard_act, testid=f"pile-{colour}")
            if ("play", selected) not in legal:  # a card that can only be discarded: its pile is brought into view
                target["data-reveal"] = str(selected)
        last = colour in marks["pile"] or (pile["top"] is not None and pile["top"]["id"] in marks["discard"])
        parts: list = [tag("rect", {"x": x, "y": by, "width": cw, "height": ch, "rx": 7, "fill": fill,
                                    "opacity": "0.25", "stroke": fill, "stroke-width": 2}),
                       use_symbol(PILE_SYMBOLS[i], x + cw / 2, by + ch / 2, 34 * s, fill)]
        if pile["top"]:
            parts.append(card_svg(pile["top"], x, by, cls="card", scale=s))
        if pile["count"]:
            parts.append(tag("text", {"x": x + cw - 4, "y": by + ch + lay.count_dy, "class": "count",
                                      "text-anchor": "end"},
                             tr("{n}", n=pile["count"]) if lay.narrow else tr("{n} in pile", n=pile["count"])))
        if target:
            parts.append(ring(x - 4, by - 4, cw + 8, ch + 8))
        elif last:
            parts.append(ring(x - 3, by - 3, cw + 6, ch + 6, cls="lastmark"))
        own = target or {"data-testid": f"pile-{colour}"}
        out.append(tag("g", {"class": "pile" + (" target" if target else "") + (" last" if last else ""), **own},
                       parts))
    deck_act = ("draw", "deck")
    deck_target = my_turn and deck_act in legal
    deck_last = bool(marks["deck"]) and not deck_target
    deck_attrs = button_attrs(tr("Draw from the deck ({cards})", cards=trn("{n} card", "{n} cards", view["deck"])),
                              act=deck_act, testid="deck") if deck_target else {"data-testid": "deck"}
    dx = lay.deck_x
    out.append(tag("g", {"class": "deck" + (" target" if deck_target else "") + (" last" if deck_last else ""),
                         **deck_attrs},
                   back_svg(dx, by, cw, ch) if view["deck"] else None,
                   tag("text", {"x": dx + cw / 2, "y": by + ch / 2 + 8, "class": "deckcount",
                                "text-anchor": "middle"}, tr("{n}", n=view["deck"])),
                   ring(dx - 4, by - 4, cw + 8, ch + 8) if deck_target else None,
                   ring(dx - 3, by - 3, cw + 6, ch + 6, cls="lastmark") if deck_last else None))
    out.append(tag("text", {"x": dx + cw / 2, "y": by + ch + lay.count_dy, "class": "count", "text-anchor": "middle"},
                   _("deck")))

    # --- my expeditions (bottom) -----------------------------------------------------------
    for i, colour in enumerate(colours):
        row = view["expeditions"][bottom][i]
        x = lay.col_x(i)
        play_act = ("play", selected) if sel_card and sel_card["colour"] == colour else None
        can_play = play_act is not None and play_act in legal
        box = (x - 4, lay.my_top - 4, cw + 8, ch + 8 + max(len(row), 1) * lay.ov)
        parts = [ring(*box, cls="hit")]  # the slot's area, an empty one too (the position editor points at it)
        if can_play:
            g = {"class": "slot target", **button_attrs(
                tr("Play {card} on your {colour} expedition", card=card_name(sel_card), colour=colour_name(colour)),
                act=play_act, testid=f"expedition-{colour}"), "data-reveal": str(selected)}
            parts.append(ring(*box))
        else:
            g = {"class": "slot", "data-testid": f"expedition-{colour}"}
        for j, card in enumerate(row):
            parts.append(card_svg(card, x, lay.my_top + j * lay.ov, cls=cls_of("play", card), scale=s))
        out.append(tag("g", g, parts))
        sc_ = view["round_scores"][bottom][i]
        if row:
            out.append(tag("text", {"x": x + cw / 2, "y": lay.my_top + ch + (len(row) - 1) * lay.ov + 16,
                                    "class": "rowscore", "text-anchor": "middle",
                                    "data-testid": f"row-score-{bottom}-{colour}"}, signed(sc_["total"])))

    # --- my hand ----------------------------------------------------------------------------
    hand = view.get("hand")
    name_y = lay.name_y if lay.narrow else lay.hand_y - 26
    out.append(tag("text", {"x": lay.left, "y": name_y, "class": "who", "data-testid": f"who-{bottom}"},
                   names[bottom]))
    out.append(tag("text", {"x": lay.w - lay.left, "y": name_y, "class": "score", "text-anchor": "end",
                            "data-testid": f"round-score-{bottom}"},
                   score_line(view, bottom)))
    table = out
    if lay.narrow:  # the hand is drawn in its own strip (the foot of the screen)
        out = []  # its symbols are the board's (<defs> once per page)
    hs = lay.hand_scale
    if hand is None:
        for k in range(view["hand_counts"][bottom]):
            out.append(back_svg(*lay.hand_xy(k), CW * hs, CH * hs))
    else:
        hits: list = []
        for k, card in enumerate(hand):
            x, y0 = lay.hand_xy(k)
            playable = ("play", card["id"]) in legal
            is_sel = card["id"] == selected
            is_new = card["id"] == drawn
            y = y0 - 12 if is_sel else y0
            cls = "card hand" + (" playable" if playable else "") + (" selected" if is_sel else "") + \
                (" drawn" if is_new else "")
            label = join(card_name(card), _(", just drawn") if is_new else "",
                         _(", can be played") if playable else "")
            extra = {"role": "button", "tabindex": "0" if my_turn else None, "aria-label": label,
                     "aria-pressed": "true" if is_sel else "false", "data-cmd": "select" if my_turn else None,
                     "data-arg": card["id"], "data-testid": "hand-card", "data-key": join("hand-", text(card["id"])),
                     "data-can-play": "1" if playable else "0", "data-draggable": "1" if my_turn else None,
                     "data-drawn": "1" if is_new else None}
            if lay.narrow:  # held overlapping: the control is the strip that shows (hand_hits)
                extra.pop("data-draggable")
                extra["data-card"] = card["id"]
                last_k = k == len(hand) - 1
                hits.append((x, y, CW * hs if last_k else min(lay.hand_pitch, CW * hs), CH * hs, extra))
                out.append(card_svg(card, x, y, cls=cls, scale=hs))
            else:
                out.append(card_svg(card, x, y, extra=extra, cls=cls, scale=hs))
            if is_new:
                out.append(tag("text", {"x": x + CW * hs / 2, "y": y - 4, "class": "newmark", "text-anchor": "middle"},
                               _("new")))
            if playable:
                out.append(tag("path", {"d": f"M{x + CW * hs / 2 - 7} {y + CH * hs + 11}l7-8l7 8z",
                                        "class": "playmark"}))
    if not lay.narrow:  # the page puts the action buttons here, beside the hand (public/table.js)
        ax = lay.left + 8 * lay.hand_pitch + 8
        out.append(tag("rect", {"x": ax, "y": lay.hand_y, "width": lay.w - ax - 8, "height": CH, "fill": "none",
                                "data-actions-anchor": "1"}))
    if not lay.narrow:
        return svg_root(lay.w, round(lay.h), _("Lost Cities table"), out, **{"class": "board lc-wide"})
    if hand is not None:
        out += hand_hits(hits)
    board = svg_root(lay.w, round(lay.h), _("Lost Cities table"), table,
                     **{"class": "board narrow", "style": f"width:{lay.w}px;height:{round(lay.h)}px"})
    strip = svg_root(lay.w, lay.hand_h, _("Your hand"), out, **{"class": "board narrow", "data-testid": "lc-hand",
                                                               "style": f"width:{lay.w}px;height:{lay.hand_h}px"})
    return join(pan_box(board, _("Board: scroll to see all of it"), "lc-pan"),
                tag("div", {"class": "hand-dock", "data-testid": "hand-dock"}, strip))


def score_line(view: dict, seat: int) -> str:
    """'this round +12 · match 40' for one player (numbers as the language writes them)."""
    points = round_points(view, seat)
    return tr("this round {points} · match {total}", points=("+" if points >= 0 else "") + tr("{n}", n=points),
              total=view["totals"][seat])


def status_text(view: dict, ui: dict) -> str:
    """One line for the status bar: whose turn and which decision is pending."""
    names = ui.get("names") or [tr("Player {n}", n=1), tr("Player {n}", n=2)]
    if view.get("over"):
        return _("The match is over.")
    pending = view["pending"]
    who = names[pending["seat"]]
    if pending["decision"] == "play":
        return tr("{name}: play a card to an expedition or discard one.", name=who)
    if pending.get("banned"):
        return tr("{name}: draw a card from the deck or a discard pile (not the {colour} pile you just discarded to).",
                  name=who, colour=colour_name(pending["banned"]))
    return tr("{name}: draw a card from the deck or a discard pile.", name=who)


def score_sheet(view: dict, names: list[str]) -> Safe:
    """Per round, per player, per expedition: card sum, −20, ×wagers, +20 bonus, total."""
    colours = view["colours"]
    rounds = list(view["history"])
    started = any(b["cards"] for side in view["round_scores"] for b in side)
    if not view.get("over") and started:  # a round with nothing played yet has no sheet to show
        rounds.append({"round": view["round"], "breakdown": view["round_scores"], "live": True,
                       "scores": [sum(b["total"] for b in side) for side in view["round_scores"]]})
    parts: list = [tag("h2", None, _("Score sheet"))]
    head = tag("tr", None, tag("th", None, ""), [tag("th", None, h) for h in
                                                 (_("sum"), _("cost"), _("wagers"), _("bonus"), _("cards"),
                                                  _("points"))])
    for r in rounds:
        tables = []
        for seat, side in enumerate(r["breakdown"]):
            rows = [head]
            for colour, b in zip(colours, side):
                if not b["cards"]:
                    rows.append(tag("tr", None, tag("th", None, colour_name(colour)),
                                    tag("td", {"colspan": 5, "class": "dim"}, _("not started")), tag("td", None, 0)))
                    continue
                rows.append(tag("tr", None, tag("th", None, colour_name(colour)), tag("td", None, b["sum"]),
                                tag("td", None, b["cost"]), tag("td", None, "×", b["multiplier"]),
                                tag("td", None, join("+", text(b["bonus"])) if b["bonus"] else ""),
                                tag("td", None, trn("{n} card", "{n} cards", b["cards"])), tag("td", None, b["total"])))
            rows.append(tag("tr", {"class": "sum"}, tag("th", {"colspan": 6}, _("Round total")),
                            tag("td", {"data-testid": join("sheet-r", text(r["round"]), "-", seat)},
                                r["scores"][seat])))
            tables.append(tag("table", None, tag("caption", None, names[seat]), rows))
        parts.append(tag("h3", None, tr("Round {n} (so far)", n=r["round"]) if r.get("live")
                         else tr("Round {n}", n=r["round"])))
        parts.append(tag("div", {"class": "sheet-round"}, "", tables))
    totals = join(*[join(" · " if i else "", text(n), " ", tag("strong", {"data-testid": f"sheet-total-{i}"}, t))
                    for i, (n, t) in enumerate(zip(names, view["totals"]))])
    parts.append(tag("p", {"class": "sheet-totals"}, _("Match totals:"), " ", totals))
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, parts)


def action_buttons(view: dict, ui: dict) -> Safe:
    """Buttons for the selected hand card: play it or discard it (only the legal ones)."""
    legal = ui.get("legal") or []
    if ui.get("selected") in (None, ""):
        return Safe("")
    card = int(ui["selected"])
    out = []
    for kind, label in (("play", _("Play to expedition")), ("discard", _("Discard"))):
        act = [kind, card]
        if act in legal:
            out.append(tag("button", {"class": "primary", "data-act": json.dumps(act), "data-testid": f"{kind}-btn",
                                      "data-key": f"{kind}-btn"}, label))
    return join(out)


def summary(view: dict, names: list[str]) -> Safe:
    totals = [tag("li", None, n, ": ", tag("strong", {"data-testid": f"total-{i}"}, t))
              for i, (n, t) in enumerate(zip(names, view["totals"]))]
    piles = None
    if any("cards" in p for p in view["discards"]):  # option open_discards: whole piles on demand
        rows = [tag("li", None, colour_name(p["colour"]), ": ",
                    " ".join("W" if c["wager"] else str(c["value"]) for c in p["cards"]) or "—")
                for p in view["discards"]]
        piles = tag("details", {"data-testid": "open-piles"}, tag("summary", None, _("Discard piles (bottom → top)")),
                    tag("ul", None, "", rows))
    return join(tag("h2", None, tr("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"])),
                tag("ul", {"class": "totals"}, "", totals), piles)


# Log entries are data from the engine ({"seat", "key", "params"}); each key has a sentence about a named
# player and one about "You" (the person at the device, whose default name is "You" in every language).
LOG = {
    "play": (N_("{name} plays {card}."), N_("You play {card}.")),
    "discard": (N_("{name} discards {card}."), N_("You discard {card}.")),
    "draw_deck": (N_("{name} draws from the deck."), N_("You draw from the deck.")),
    "draw_pile": (N_("{name} draws from the {colour} pile."), N_("You draw from the {colour} pile.")),
}


def log_text(entry: dict, names: list[str]) -> str:
    """One log line as a sentence about its player ("You play yellow 7.", "Anna draws from the deck.");
    entries of older records (English "text") are shown as they were written."""
    key, p = entry.get("key"), entry.get("params")
    p = p if isinstance(p, dict) else {}
    if key == "round_end":
        scores = p.get("scores") if isinstance(p.get("scores"), list) and len(p["scores"]) == 2 else ["?", "?"]
        return tr("Round {n} ends: {a} – {b}.", n=p.get("round", 0), a=scores[0], b=scores[-1])
    if key not in LOG:
        return words.log_sentence(entry, names) if "text" in entry else str(key or "")
    seat = entry.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    other, you = LOG[key]
    card = card_name(p) if "colour" in p and key in ("play", "discard") else ""
    return tr(you if words.is_you(name) or name == _("You") else other, name=name, card=card,
              colour=colour_name(str(p.get("colour", ""))))
