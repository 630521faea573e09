"""Catan: Cities & Knights build menu: the cost card as buttons. Each piece (road, settlement, city, wall,
knight, promote, activate) shows its cost in icons and is lit when it has a legal spot now; choosing one
(data-cmd="select", "build-<piece>") lights only its spots on the board. The city improvements show the
next level, its cost and what the level brings; an affordable one is a direct action. Hovering or focusing
(keyboard) a button shows its card (`hover_card`): the name, the cost as icons named in words, and what it
does; it is the button's description for screen readers.
"""

from __future__ import annotations

import json

from i18n import N_, _, tr

from py_engine.games.catan_ck.data import COSTS, KINDS

from ..markup import Safe, join, tag
from ..svg import fit_text, fmt
from .icons import cards_html, icon_html, icons_row
from .terms import TRACK_ABILITY, TRACK_COLOUR, kind_name, track_name

PIECES = ("road", "settlement", "city", "wall", "knight", "promote", "activate")
PIECE_NAMES = {"road": N_("Road"), "settlement": N_("Settlement"), "city": N_("City"), "wall": N_("City wall"),
               "knight": N_("Knight"), "promote": N_("Promote a knight"), "activate": N_("Activate a knight")}
PIECE_HELP = {"road": N_("Connects your buildings; the longest road is worth 2 VP."),
              "settlement": N_("1 VP; needs a free spot two paths from any building, on your road."),
              "city": N_("Upgrades a settlement: 2 VP, and commodities from pasture, forest and mountains."),
              "wall": N_("On a city: your hand limit on a 7 rises by 2 (at most 3 walls)."),
              "knight": N_("A basic knight on your road (inactive): defends Catan once activated."),
              "promote": N_("Basic to strong, or strong to mighty (with the politics fortress)."),
              "activate": N_("An active knight counts against the barbarians and may move or chase the robber.")}
STYLE = tag("style", None, ".ck-build{display:flex;flex-wrap:wrap;gap:6px;align-items:stretch;margin:.3rem 0}"
                           ".ck-build button{display:flex;flex-direction:column;align-items:center;gap:2px;"
                           "padding:.3rem .5rem}"
                           ".ck-build [aria-disabled=true] .nm,.ck-build [aria-disabled=true] .cost{opacity:.45}"
                           ".ck-build .cost{display:flex;gap:1px}.ck-build button[aria-pressed=true]"
                           "{outline:3px solid #b8860b}"
                           ".ck-tipped{position:relative}.ck-tip{display:none;position:absolute;left:0;"
                           "bottom:calc(100% + 4px);z-index:30;width:max-content;max-width:min(18rem,90vw);"
                           "background:#fffdf6;color:#1d2521;border:1px solid #b8a878;border-radius:6px;"
                           "padding:.35rem .5rem;box-shadow:0 2px 6px #0005;text-align:start;font-size:.9rem;"
                           "font-weight:400;white-space:normal;pointer-events:none}.ck-tip strong{display:block}"
                           ".ck-tipped:hover .ck-tip,.ck-tipped:focus-visible .ck-tip{display:block}")


def cost_words(cost: dict[int, int]) -> str:
    """'1 brick, 1 lumber' for a cost {kind index: n}."""
    return _(", ").join(tr("{n} {kind}", n=n, kind=kind_name(KINDS[k])) for k, n in cost.items())


def cost_icons(cost: dict[int, int]) -> Safe:
    """The cost as one icon per card, named for screen readers."""
    words = cost_words(cost)
    icons = [icon_html(KINDS[k], 16) for k, n in cost.items() for _i in range(n)]
    return tag("span", {"class": "cost", "title": words, "aria-label": words, "role": "img"}, icons)


def hover_card(key: str, name: str, cost: dict[int, int] | None, about: str) -> Safe:
    """The card a button shows on hover or keyboard focus (id `tip-<key>`, the button's description): its
    name, its cost in icons and words ("free" without one) and what it does."""
    price = join(_("Cost:"), " ", cards_html([(KINDS[k], n) for k, n in cost.items()], cost_words(cost))) \
        if cost else _("free")
    return tag("span", {"class": "ck-tip", "role": "tooltip", "id": f"tip-{key}", "data-testid": f"tip-{key}"},
               tag("strong", None, name), tag("span", None, price), tag("span", {"style": "display:block"}, about))


def menu_open(view: dict, legal: list[tuple], selected: str | None, narrow: bool) -> bool:
    """The whole menu shows (with the improvements in it) in the action phase: at once on a wide screen, on
    a phone once opened."""
    if (view.get("pending") or {}).get("kind") != "main" or not legal:
        return False
    return not narrow or (selected or "").startswith(("build-", "panel-build"))


def build_menu(view: dict, legal: list[tuple], selected: str | None, narrow: bool = False) -> Safe:
    """The menu for the action phase (empty when it is not this seat's action phase); on a phone it opens
    from a "Build…" button so that the action bar stays small."""
    if not (view.get("pending") or {}).get("kind") == "main" or not legal:
        return Safe("")
    if not menu_open(view, legal, selected, narrow):
        return tag("button", {"data-cmd": "select", "data-arg": "panel-build", "data-testid": "panel-build",
                              "data-key": "panel-build"}, _("Build…"))
    out = [STYLE]
    kinds = {a[0] for a in legal}
    buttons = []
    for piece in PIECES:
        lit = piece in kinds
        key = f"build-{piece}"
        buttons.append(tag("button", {
            "data-cmd": "select" if lit else None, "data-arg": key if lit else None,
            "data-testid": key, "data-key": key, "aria-disabled": "false" if lit else "true",
            "aria-pressed": "true" if selected == key else "false", "class": "ck-tipped lit" if lit else "ck-tipped",
            "aria-describedby": f"tip-{key}"},
            tag("span", {"class": "nm"}, _(PIECE_NAMES[piece])), cost_icons(COSTS[piece]),
            hover_card(key, _(PIECE_NAMES[piece]), COSTS[piece], _(PIECE_HELP[piece]))))
    out.append(tag("div", {"class": "ck-build", "data-testid": "build-menu", "role": "group",
                           "aria-label": _("Build")}, buttons))
    out.append(improvements(view, legal))
    return join(out)


def improvements(view: dict, legal: list[tuple]) -> Safe:
    """One button per track: the next level, its cost in commodities and what it brings."""
    me = view.get("seat")
    if not isinstance(me, int):
        return Safe("")
    info = view["player_info"][me]
    crane = bool(view.get("crane"))
    buttons = []
    for t, track in enumerate(("trade", "politics", "science")):
        lvl = info["improvements"][t]
        if lvl >= 5:
            continue
        nxt = lvl + 1
        cost = max(0, nxt - (1 if crane else 0))
        act = ("improve", track)
        ok = act in legal
        ability = _(TRACK_ABILITY[track]) if nxt <= 3 else tr("Level {n}: the first to reach 4 takes the {track} "
                                                              "metropolis (2 VP).", n=nxt, track=track_name(track))
        label = tr("Improve {track} to level {n}", track=track_name(track), n=nxt)
        key = f"improve-{track}-btn"
        buttons.append(tag("button", {
            "data-act": json.dumps(list(act)) if ok else None, "data-testid": key, "class": "ck-tipped",
            "data-key": key, "aria-disabled": "false" if ok else "true", "aria-describedby": f"tip-{key}",
            "style": f"border-left:6px solid {TRACK_COLOUR[track]}"},
            tag("span", {"class": "nm"}, label),
            cost_icons({5 + t: cost}) if cost else tag("span", {"class": "cost"}, _("free")),
            hover_card(key, label, {5 + t: cost} if cost else None, ability)))
    if not buttons:
        return Safe("")
    return tag("div", {"class": "ck-build", "data-testid": "improve-menu", "role": "group",
                       "aria-label": _("City improvements")}, buttons)


def only_selected(legal: list[tuple], selected: str | None) -> list[tuple]:
    """The legal actions the board lights: with a piece chosen in the menu, only that piece's spots."""
    if selected and selected.startswith("build-"):
        piece = selected[len("build-"):]
        return [a for a in legal if a[0] == piece]
    return legal


SPOT_TIP_W, SPOT_TIP_H = 262, 44


def spot_tips(kinds: set[str], narrow: bool = False) -> Safe:
    """The board's hover cards for spots (drawn on top, hidden): for each piece with a cost among `kinds`,
    a card in the island's top-left corner with its name and its cost as icons; a spot whose `data-tip`
    names the piece shows it while hovered or keyboard-focused (CSS :has), and names it as its description
    (`aria-describedby="spot-tip-<piece>"`). On a phone (`narrow`) drawn 1.3 times larger, so that its
    text stays >= 12 px."""
    shown = [p for p in PIECES if p in kinds]
    if not shown:
        return Safe("")
    k = 1.3 if narrow else 1.0
    rules = [".board .spot-tip{display:none;pointer-events:none}.board .spot-tip text{font:600 15px system-ui;"
             "fill:#1d2521}"]
    cards = []
    for i, piece in enumerate(shown):
        rules.append(f".board:has([data-tip~={piece}]:hover) .spot-tip-{piece},"
                     f".board:has([data-tip~={piece}]:focus-visible) .spot-tip-{piece}{{display:inline}}")
        y = 6 + i * (SPOT_TIP_H + 4) * k
        words = tr("{piece}: {cost}", piece=_(PIECE_NAMES[piece]), cost=cost_words(COSTS[piece]))
        cost = {KINDS[c]: n for c, n in COSTS[piece].items()}
        cards.append(tag("g", {"class": f"spot-tip spot-tip-{piece}", "id": f"spot-tip-{piece}", "role": "img",
                               "aria-label": words, "data-testid": f"spot-tip-{piece}"},
                         tag("rect", {"x": 6, "y": fmt(y), "width": fmt(SPOT_TIP_W * k),
                                      "height": fmt(SPOT_TIP_H * k), "rx": 6, "fill": "#fffdf6",
                                      "stroke": "#b8a878"}),
                         fit_text(6 + 8 * k, y + 27 * k, 140 * k, "tip", _(PIECE_NAMES[piece]),
                                  style=f"font-size:{fmt(15 * k)}px"),
                         icons_row(cost, 6 + 165 * k, y + 22 * k, 18 * k, 3 * k)))
    return join(tag("style", None, "".join(rules)), cards)


def spot_tip_attrs(actions: list[tuple]) -> dict[str, str | None]:
    """A board spot's attributes naming the pieces it builds (their hover cards, see `spot_tips`)."""
    pieces = [p for p in PIECES if any(a[0] == p for a in actions)]
    return {"data-tip": " ".join(pieces) or None,
            "aria-describedby": " ".join(f"spot-tip-{p}" for p in pieces) or None}
