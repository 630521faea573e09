"""Arnak's actions: their names (naming the thing: "Buy Trowel (1 coin)"), the status line, and the buttons
for what has no place on the board (pass, end turn, choices inside an effect, assistants) with the large view
of the selected thing (zoom). Every action the board draws as a target (a site, a row card, a research space,
a temple tile, a hand card, an idol slot, a guardian) is left out of the buttons; identical labels give one
button.
"""

from __future__ import annotations

import json

from i18n import _, tr

from py_engine.games.arnak import data as D

from ..markup import Safe, join, tag
from . import texts as T
from .icons import inline
from .zoom import zoom_of

QUIET = ("pass", "skip", "end", "decline", "none")
MINOR = ("idol",)  # offered with every decision while you hold an idol: compact, after the decision's own buttons
BUTTON_ICONS = {"idol": "idol", "boon": "guardian", "tboon": "guardian", "assist": "assistant", "tasst": "assistant",
                "exile": "exile", "upgrade": "up", "n": "card", "bonus": "vp", "research": "glass", "temple": "temple",
                "recruit": "assistant", "stack": "assistant", "asst": "assistant", "rescue": "assistant"}


def _tuple(a):
    return tuple(_tuple(x) for x in a) if isinstance(a, list) else a


def _legal(ui: dict) -> list[tuple]:
    out = []
    for a in ui.get("legal") or []:
        if isinstance(a, str):
            a = json.loads(a)
        out.append(_tuple(a))
    return out


def _find(legal: list[tuple], pred) -> tuple | None:
    for a in legal:
        if pred(a):
            return a
    return None


def selected_card(ui: dict) -> int | None:
    """The hand card selected for pointing ("c:<id>"), or None."""
    sel = ui.get("selected")
    if isinstance(sel, str) and sel.startswith("c:") and sel[2:].isdigit():
        return int(sel[2:])
    return None


def _row_card(view: dict, kind: str, i) -> dict | None:
    if i == "top":
        return view.get("row", {}).get("revealed")
    cards = view.get("row", {}).get("artifacts" if kind == "artifact" else "items") or []
    return cards[i] if isinstance(i, int) and 0 <= i < len(cards) else None


def _me(view: dict) -> dict | None:
    seat = view.get("seat")
    info = view.get("player_info") or []
    return info[seat] if isinstance(seat, int) and 0 <= seat < len(info) else None


def label(view: dict, a: tuple | None) -> str:
    """An action's name in the interface language, naming the card, boon or assistant it uses."""
    if a is None:
        return ""
    k = a[0]
    if k in ("buy", "take") and len(a) > 2 and a[1] in ("item", "artifact"):
        card = _row_card(view, a[1], a[2])
        if card:
            name = T.card_label(card["name"])
            if k == "take":
                return tr("take {card} for free", card=name)
            price = T.res_amount("coin" if card["kind"] == "item" else "compass", card["cost"])
            return tr("buy {card} ({price})", card=name, price=price)
    me = _me(view)
    if k in ("boon", "tboon") and me and isinstance(a[1], int) and a[1] < len(me["guardians"]):
        boon = me["guardians"][a[1]]["boon"]
        if k == "tboon":
            return tr("pay travel with a guardian boon: {effect}", effect=T.boon_text(boon))
        return tr("use a guardian boon: {effect}", effect=T.boon_text(boon))
    if k in ("assist", "tasst") and me and isinstance(a[1], int) and a[1] < len(me["assistants"]):
        asst = me["assistants"][a[1]]
        return T.assistant_text(asst["id"], asst["gold"])
    if k == "research" and len(a) > 2:
        sp = next((s for s in view.get("research") or [] if s["space"] == a[2]), None)
        if sp:
            cost = _("1 idol") if sp["cost"] == "idol" else T._res_text([sp["cost"][r] for r in D.RES])
            return tr("research: {token} to row {row} ({cost})", token=T.word(T.TOKEN_NAMES, a[1]), row=sp["row"],
                      cost=cost)
    if k == "choose":
        branches = _or_branches(view, view.get("pending") or {})
        if branches and isinstance(a[1], int) and a[1] < len(branches):
            return branches[a[1]]
    return T.describe(a)


def _or_branches(view: dict, pend: dict) -> list[str] | None:
    src = pend.get("for")
    ops = None
    if src and src[0] == "play" and src[1] in D.CARDS:
        ops = D.CARDS[src[1]][7]
    if not ops:
        return None
    for op in ops:
        if op[0] == "or":
            return [T.ops_text(b) for b in op[1:]]
    return None


def status_text(view: dict, ui: dict) -> str:
    if view.get("over"):
        return _("The game is over.")
    names = T._names(view, ui)
    pend = view["pending"]
    who = names[pend["seat"]]
    kind = pend["kind"]
    if pend["seat"] != ui.get("me") and kind in ("turn", "free"):  # a bot's (another player's) turn: no orders
        return tr("{name} is taking their turn.", name=who)
    if kind == "turn":
        return tr("{name}: take a main action (or free actions), or pass.", name=who)
    if kind == "free":
        return tr("{name}: free actions, or end the turn.", name=who)
    if kind == "keep" and view.get("phase") == "keep":
        return tr("{name}: round end — put hand cards into the play area or keep them.", name=who)
    what = pend.get("for")
    action = T.describe(tuple(what)) if what else ""
    if kind == "travel" and pend["seat"] == ui.get("me"):
        icons = " + ".join(T.word(T.ICON_NAMES, i) for i in pend["icons"])
        if action:
            return tr("{name}: pay travel for {action}: {icons}.", name=who, action=action, icons=icons)
        return tr("{name}: pay travel: {icons}.", name=who, icons=icons)
    if pend["seat"] != ui.get("me"):  # another player's decision: the prompts below speak to the one deciding
        if action:
            return tr("{name} is deciding ({action}).", name=who, action=action)
        return tr("{name} is deciding.", name=who)
    if kind == "accept":
        return tr("{name}: resolve the effect of {card}?", name=who, card=T._card_name(pend["card"]))
    prompt = T.word(T.PROMPTS, kind) if kind in T.PROMPTS else str(kind).replace("_", " ")
    if action:
        return tr("{name}: {prompt} ({action}).", name=who, prompt=prompt, action=action)
    return tr("{name}: {prompt}.", name=who, prompt=prompt)


def on_board(view: dict, ui: dict, legal: list[tuple]) -> set[tuple]:
    """The actions the board draws as targets (see board_svg): one per site, per row card, per research
    space, the temple tiles, the hand and the cards drawn aside, your idol slots and guardians."""
    out: set[tuple] = set()
    sites: set = set()
    spaces: set = set()
    pointing = (view.get("pending") or {}).get("kind") in ("turn", "free")
    me = _me(view) if ui.get("me") is not None else None
    hand = {c["id"] for c in (me or {}).get("hand") or []}
    aside = {c["id"] for c in (me or {}).get("aside") or []}
    hand_done: set = set()
    for a in legal:
        k = a[0]
        if k in ("dig", "discover", "overcome", "site") and len(a) > 1 and a[1] not in sites:
            sites.add(a[1])
            out.add(a)
        elif k in ("buy", "take") and len(a) > 2 and a[1] in ("item", "artifact") and \
                _row_card(view, a[1], a[2]) is not None:
            out.add(a)
        elif k == "research" and a[2] not in spaces:
            spaces.add(a[2])
            out.add(a)
        elif k == "temple":
            out.add(a)
        elif me is not None and k in ("idol", "boon", "tboon"):  # your idol slots and guardians (pieces_row)
            out.add(a)
        elif k in ("keep", "putback") and len(a) > 1 and a[1] in aside:
            out.add(a)
        elif not pointing and k in ("tcard", "play", "discard", "exile", "release", "keep") and len(a) > 1 \
                and a[-1] in hand and a[-1] not in hand_done and (k != "exile" or a[1] == "hand"):
            hand_done.add(a[-1])
            out.add(a)
    return out


def _button(view: dict, a: tuple, name: str) -> Safe:
    testid = "act-" + "-".join(str(x) for x in a)
    icons = []
    if a[0] == "pilot":
        icons = [inline("coin"), inline("coin"), "→", inline("plane")]
    elif a[0] in BUTTON_ICONS:
        icons = [inline(BUTTON_ICONS[a[0]])]
    cls = None if a[0] in QUIET else "minor" if a[0] in MINOR else "primary"
    return tag("button", {"class": cls, "data-act": json.dumps(list(a)),
                          "data-testid": testid, "data-key": testid}, *icons, " " if icons else "", name)


def action_buttons(view: dict, ui: dict) -> Safe:
    """The local player's buttons: what has no place on the board, one per distinct name."""
    legal = _legal(ui)
    drawn = on_board(view, ui, legal)
    sel = selected_card(ui)
    large = zoom_of(view, ui, (_me(view) or {}).get("hand") or [])
    out: list = [large] if large is not None else []
    seen: set[str] = set()
    quiet: list = []
    minor: list = []
    for a in legal:
        if a in drawn:
            continue
        if a[0] == "play" and (view.get("pending") or {}).get("kind") in ("turn", "free") and a[1] != sel:
            continue  # a hand card's play is offered once the card is selected
        name = label(view, a)
        if name in seen:
            continue
        seen.add(name)
        (quiet if a[0] in QUIET else minor if a[0] in MINOR else out).append(_button(view, a, name))
    return join(*out, *quiet, *minor)
