"""Catan: Cities & Knights discarding (a 7, or cards given away): select the cards, confirm once.

The engine takes one card per decision (("discard", kind)). The page keeps the selection in the shell's
`selected` string "discard:n0,n1,…" (counts in hand order): every card is a button whose data-cmd="select"
names the selection after toggling it, and "Discard these" carries the whole sequence of decisions in
data-acts (the shell plays them in order).
"""

from __future__ import annotations

import json

from i18n import _, num, tr

from ..markup import Safe, tag
from .icons import icon_html
from .terms import KINDS, kind_name

PREFIX = "discard:"
STYLE = tag("style", None, ".dp{background:#fffdf6;color:#1d2521;border-radius:8px;padding:.3rem .5rem}"
                           ".dp .cards{display:flex;flex-wrap:wrap;gap:4px;margin:.3rem 0}"
                           ".dp .cards button{min-width:44px;min-height:44px;padding:2px}"
                           ".dp .cards button[aria-pressed=true]{outline:3px solid #a8322d;background:#f6d6d3}")


def need_of(view: dict) -> int:
    """How many cards this seat still has to give up (0 when it is not discarding)."""
    p = view.get("pending") or {}
    me = view.get("seat")
    need = p.get("need")
    if p.get("kind") != "discard" or not isinstance(me, int) or me not in (p.get("seats") or []) \
            or not isinstance(need, list) or not 0 <= me < len(need) or not isinstance(need[me], int):
        return 0
    return need[me]


def selection(sel: object, hand: list[int]) -> list[int]:
    """The selected counts in hand order from the `selected` string (nothing selected if it is another)."""
    counts = [0] * len(KINDS)
    if isinstance(sel, str) and sel.startswith(PREFIX):
        parts = sel[len(PREFIX):].split(",")
        if len(parts) == len(KINDS) and all(x.isdigit() for x in parts):
            counts = [min(int(x), h) for x, h in zip(parts, hand)]
    return counts


def _arg(counts: list[int]) -> str:
    return PREFIX + ",".join(str(n) for n in counts)


def discard_panel(view: dict, legal: list[tuple], sel: object) -> Safe:
    """A button per card in the hand (pressed when selected; more than needed cannot be selected), the count
    ("discard 4 of 9: 2 selected") and "Discard these", lit when exactly the needed cards are selected."""
    need = need_of(view)
    if not need:
        return Safe("")
    info = view["player_info"][view["seat"]]
    held = info.get("hand") or {}
    hand = [held.get(k, 0) if isinstance(held.get(k, 0), int) else 0 for k in KINDS]
    chosen = selection(sel, hand)
    total, picked = sum(hand), sum(chosen)
    buttons = []
    for i, k in enumerate(KINDS):
        for j in range(hand[i]):
            on = j < chosen[i]
            after = list(chosen)
            after[i] += -1 if on else 1
            attrs = {"data-cmd": "select", "data-arg": _arg(after), "data-testid": f"dc-{k}-{j}",
                     "data-key": f"dc-{k}-{j}", "aria-pressed": "true" if on else "false", "title": kind_name(k),
                     "aria-label": kind_name(k)}
            if not on and picked >= need:
                attrs["disabled"] = "disabled"
            buttons.append(tag("button", attrs, icon_html(k, 28)))
    plays = [["discard", k] for i, k in enumerate(KINDS) for _n in range(chosen[i])]
    confirm = {"class": "primary", "data-acts": json.dumps(plays), "data-testid": "discard-these",
               "data-key": "discard-these"}
    if picked != need or not all(("discard", a[1]) in legal for a in plays):
        confirm["disabled"] = "disabled"
    count = tr("discard {n} of {total}: {k} selected", n=num(need), total=num(total), k=num(picked))
    return tag("div", {"class": "dp", "data-testid": "discard-panel"}, STYLE,
               tag("div", {"data-testid": "discard-count", "role": "status"}, count),
               tag("div", {"class": "cards"}, buttons), tag("button", confirm, _("Discard these")))
