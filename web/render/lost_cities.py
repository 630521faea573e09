"""Lost Cities table: a view (+ the local selection) -> one SVG string.

Layout (viewBox 960 x 920): the opponent's expeditions grow upward from the board, the
board row holds the discard piles and the deck, your expeditions grow downward, your hand
is at the bottom. Everything clickable carries data-act (a legal action, JSON-encoded) or
data-cmd (a local UI command) and is focusable for the keyboard.
"""

from __future__ import annotations

import json

from .svg import PALETTE, attrs, back_svg, button_attrs, esc, svg_open, symbol_defs, use_symbol
from .svg import card_svg as svg_card

BLURB = "Knizia's card duel: risk expeditions, wager on them, and beat the −20 cost."

W, H = 960, 920
CW, CH, OV = 74, 104, 15
PITCH = 112
LEFT = 28
OPP_BASE = 344  # bottom edge of the opponent's first card
BOARD_Y = 356
MY_TOP = 480
HAND_Y = 800
DECK_X = LEFT + 6 * PITCH + 24


def col_x(i: int) -> int:
    return LEFT + i * PITCH


def card_svg(card: dict, x: float, y: float, extra: str = "", cls: str = "card") -> str:
    if not card["wager"]:
        return svg_card(card, x, y, extra, cls)
    return svg_card(card, x, y, extra, cls, label="W", big="×", name=f'{card["colour"]} wager')


def render(view: dict, ui: dict) -> str:
    """ui: me (seat shown at the bottom), names, legal (encoded actions of `me`), selected (card id)."""
    me = ui.get("me")
    bottom = me if me is not None else 0
    top = 1 - bottom
    legal = [tuple(a) for a in ui.get("legal") or []]
    selected = int(ui["selected"]) if ui.get("selected") not in (None, "") else None
    names = ui.get("names") or ["Player 1", "Player 2"]
    colours = view["colours"]
    pending = view.get("pending") or {}
    my_turn = me is not None and pending.get("seat") == me
    last = view.get("last") or {}
    out = [svg_open(W, H, "Lost Cities table"), symbol_defs(),
           f'<rect width="{W}" height="{H}" fill="#f5efe0"/>']

    # --- opponent (top) --------------------------------------------------------------------
    out.append(f'<text x="{LEFT}" y="30" class="who">{esc(names[top])} · {view["hand_counts"][top]} cards in hand'
               f' · total {view["totals"][top]}</text>')
    for k in range(view["hand_counts"][top]):
        out.append(back_svg(DECK_X - 10 + k * 14, 12, 30, 42))
    for i, colour in enumerate(colours):
        row = view["expeditions"][top][i]
        x = col_x(i)
        n = len(row)
        for j, card in enumerate(row):
            y = OPP_BASE - CH - (n - 1 - j) * 0 - j * OV
            cls = "card last" if last.get("kind") == "play" and last.get("card") == card["id"] else "card"
            out.append(card_svg(card, x, y, cls=cls))
        sc = view["round_scores"][top][i]
        if n:
            out.append(f'<text x="{x + CW / 2}" y="{OPP_BASE - CH - (n - 1) * OV - 8}" class="rowscore" '
                       f'text-anchor="middle" data-testid="row-score-{top}-{colour}">{sc["total"]:+d}</text>')

    # --- board: discard piles and deck ------------------------------------------------------
    out.append(f'<rect x="{LEFT - 12}" y="{BOARD_Y - 6}" width="{DECK_X - LEFT + CW + 24}" height="{CH + 12}" '
               f'rx="10" fill="#e4d6b5" stroke="#b59d6a"/>')
    sel_card = None
    if selected is not None and my_turn:
        for c in view.get("hand") or []:
            if c["id"] == selected:
                sel_card = c
    for i, pile in enumerate(view["discards"]):
        x = col_x(i)
        colour = pile["colour"]
        fill, _ink = PALETTE[colour]
        draw_act = ("draw", colour)
        discard_act = ("discard", selected) if sel_card and sel_card["colour"] == colour else None
        target = None
        if my_turn and draw_act in legal:
            target = button_attrs(f"Draw the top card of the {colour} pile", act=draw_act, testid=f"pile-{colour}")
        elif discard_act and discard_act in legal:
            target = button_attrs(f"Discard the selected card to the {colour} pile", act=discard_act,
                                  testid=f"pile-{colour}")
        out.append(f'<g class="pile{" target" if target else ""}" {target or attrs(data_testid=f"pile-{colour}")}>')
        out.append(f'<rect x="{x}" y="{BOARD_Y}" width="{CW}" height="{CH}" rx="7" fill="{fill}" opacity="0.25" '
                   f'stroke="{fill}" stroke-width="2"/>')
        out.append(use_symbol(("sun", "wave", "peak", "leaf", "flame", "gem")[i], x + CW / 2, BOARD_Y + CH / 2, 34,
                              fill))
        if pile["top"]:
            cls = "card last" if last.get("kind") == "discard" and last.get("card") == pile["top"]["id"] else "card"
            out.append(card_svg(pile["top"], x, BOARD_Y, cls=cls))
        if pile["count"]:
            out.append(f'<text x="{x + CW - 4}" y="{BOARD_Y + CH + 16}" class="count" text-anchor="end">'
                       f'{pile["count"]} in pile</text>')
        if target:
            out.append(f'<rect x="{x - 4}" y="{BOARD_Y - 4}" width="{CW + 8}" height="{CH + 8}" rx="9" '
                       f'class="ring"/>')
        out.append("</g>")
    deck_act = ("draw", "deck")
    deck_target = my_turn and deck_act in legal
    extra = button_attrs(f"Draw from the deck ({view['deck']} cards)", act=deck_act, testid="deck") \
        if deck_target else attrs(data_testid="deck")
    out.append(f'<g class="deck{" target" if deck_target else ""}" {extra}>')
    if view["deck"]:
        out.append(back_svg(DECK_X, BOARD_Y))
    out.append(f'<text x="{DECK_X + CW / 2}" y="{BOARD_Y + CH / 2 + 8}" class="deckcount" text-anchor="middle">'
               f'{view["deck"]}</text>')
    if deck_target:
        out.append(f'<rect x="{DECK_X - 4}" y="{BOARD_Y - 4}" width="{CW + 8}" height="{CH + 8}" rx="9" class="ring"/>')
    out.append("</g>")
    out.append(f'<text x="{DECK_X + CW / 2}" y="{BOARD_Y + CH + 16}" class="count" text-anchor="middle">deck</text>')

    # --- my expeditions (bottom) -----------------------------------------------------------
    for i, colour in enumerate(colours):
        row = view["expeditions"][bottom][i]
        x = col_x(i)
        play_act = ("play", selected) if sel_card and sel_card["colour"] == colour else None
        can_play = play_act is not None and play_act in legal
        if can_play:
            out.append(f'<g class="slot target" {button_attrs(f"Play the selected card to your {colour} expedition", act=play_act, testid=f"expedition-{colour}")}>'  # noqa: E501
                       f'<rect x="{x - 4}" y="{MY_TOP - 4}" width="{CW + 8}" height="{CH + 8 + len(row) * OV}" '
                       f'rx="9" class="hit"/><rect x="{x - 4}" y="{MY_TOP - 4}" width="{CW + 8}" '
                       f'height="{CH + 8 + len(row) * OV}" rx="9" class="ring"/>')
        else:
            out.append(f'<g class="slot" {attrs(data_testid=f"expedition-{colour}")}>')
        for j, card in enumerate(row):
            cls = "card last" if last.get("kind") == "play" and last.get("card") == card["id"] else "card"
            out.append(card_svg(card, x, MY_TOP + j * OV, cls=cls))
        out.append("</g>")
        sc = view["round_scores"][bottom][i]
        if row:
            out.append(f'<text x="{x + CW / 2}" y="{MY_TOP + CH + (len(row) - 1) * OV + 16}" class="rowscore" '
                       f'text-anchor="middle" data-testid="row-score-{bottom}-{colour}">{sc["total"]:+d}</text>')

    # --- my hand ----------------------------------------------------------------------------
    hand = view.get("hand")
    out.append(f'<text x="{LEFT}" y="{HAND_Y - 22}" class="who">{esc(names[bottom])} · total '
               f'{view["totals"][bottom]}</text>')
    if hand is None:
        for k in range(view["hand_counts"][bottom]):
            out.append(back_svg(LEFT + k * (CW + 8), HAND_Y))
    else:
        for k, card in enumerate(hand):
            x = LEFT + k * (CW + 10)
            playable = ("play", card["id"]) in legal
            is_sel = card["id"] == selected
            y = HAND_Y - 14 if is_sel else HAND_Y
            cls = "card hand" + (" playable" if playable else "") + (" selected" if is_sel else "")
            label = f'{card["colour"]} {"wager" if card["wager"] else card["value"]}' + (
                ", can be played" if playable else "")
            extra = attrs(role="button", tabindex="0" if my_turn else None, aria_label=label,
                          aria_pressed="true" if is_sel else "false", data_cmd="select" if my_turn else None,
                          data_arg=card["id"], data_testid="hand-card", data_key=f"hand-{card['id']}",
                          data_can_play="1" if playable else "0", data_draggable="1" if my_turn else None)
            out.append(card_svg(card, x, y, extra=extra, cls=cls))
            if playable:
                out.append(f'<path d="M{x + CW / 2 - 7} {y + CH + 12}l7-8l7 8z" class="playmark"/>')
    out.append("</svg>")
    return "".join(out)


def status_text(view: dict, ui: dict) -> str:
    """One line for the status bar: whose turn and which decision is pending."""
    names = ui.get("names") or ["Player 1", "Player 2"]
    if view.get("over"):
        return "The match is over."
    pending = view["pending"]
    who = names[pending["seat"]]
    if pending["decision"] == "play":
        return f"{who}: play a card to an expedition or discard one."
    ban = f" (not the {pending['banned']} pile you just discarded to)" if pending.get("banned") else ""
    return f"{who}: draw a card from the deck or a discard pile{ban}."


def score_sheet(view: dict, names: list[str]) -> str:
    """Per round, per player, per expedition: card sum, −20, ×wagers, +20 bonus, total."""
    colours = view["colours"]
    rounds = list(view["history"])
    if not view.get("over"):
        rounds.append({"round": view["round"], "breakdown": view["round_scores"], "live": True,
                       "scores": [sum(b["total"] for b in side) for side in view["round_scores"]]})
    parts = ['<div class="sheet" data-testid="score-sheet"><h2>Score sheet</h2>']
    for r in rounds:
        live = " (so far)" if r.get("live") else ""
        parts.append(f'<h3>Round {r["round"]}{live}</h3><div class="sheet-round">')
        for seat, side in enumerate(r["breakdown"]):
            rows = []
            for colour, b in zip(colours, side):
                if not b["cards"]:
                    rows.append(f'<tr><th>{colour}</th><td colspan="5" class="dim">not started</td><td>0</td></tr>')
                    continue
                rows.append(f'<tr><th>{colour}</th><td>{b["sum"]}</td><td>{b["cost"]}</td>'
                            f'<td>×{b["multiplier"]}</td><td>{"+" + str(b["bonus"]) if b["bonus"] else ""}</td>'
                            f'<td>{b["cards"]} cards</td><td>{b["total"]}</td></tr>')
            parts.append(f'<table><caption>{esc(names[seat])}</caption><tr><th></th><th>sum</th><th>cost</th>'
                         f'<th>wagers</th><th>bonus</th><th>cards</th><th>points</th></tr>{"".join(rows)}'
                         f'<tr class="sum"><th colspan="6">Round total</th>'
                         f'<td data-testid="sheet-r{r["round"]}-{seat}">{r["scores"][seat]}</td></tr></table>')
        parts.append("</div>")
    totals = " · ".join(f'{esc(n)} <strong data-testid="sheet-total-{i}">{t}</strong>'
                        for i, (n, t) in enumerate(zip(names, view["totals"])))
    parts.append(f'<p class="sheet-totals">Match totals: {totals}</p></div>')
    return "".join(parts)


def action_buttons(view: dict, ui: dict) -> str:
    """Buttons for the selected hand card: play it or discard it (only the legal ones)."""
    legal = ui.get("legal") or []
    if ui.get("selected") in (None, ""):
        return ""
    card = int(ui["selected"])
    out = []
    for kind, label in (("play", "Play to expedition"), ("discard", "Discard")):
        act = [kind, card]
        if act in legal:
            out.append(f'<button class="primary" data-act="{esc(json.dumps(act))}" data-testid="{kind}-btn" '
                       f'data-key="{kind}-btn">{label}</button>')
    return "".join(out)


def summary(view: dict, names: list[str]) -> str:
    totals = "".join(f'<li>{esc(n)}: <strong data-testid="total-{i}">{t}</strong></li>'
                     for i, (n, t) in enumerate(zip(names, view["totals"])))
    piles = ""
    if any("cards" in p for p in view["discards"]):  # option open_discards: whole piles on demand
        rows = "".join(f'<li>{p["colour"]}: '
                       f'{" ".join("W" if c["wager"] else str(c["value"]) for c in p["cards"]) or "—"}</li>'
                       for p in view["discards"])
        piles = (f'<details data-testid="open-piles"><summary>Discard piles (bottom → top)</summary>'
                 f'<ul>{rows}</ul></details>')
    return f'<h2>Round {view["round"]} of {view["rounds"]}</h2><ul class="totals">{totals}</ul>{piles}'
