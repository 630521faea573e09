"""Catan: Cities & Knights trade panels: the offer builder (the offerer's and a counter-offer's), the open
offer with every answer, and the words for bundles.

The engine builds an offer one card at a time (py_engine/games/catan_ck/trade.py): every control here is one
legal action ("give"/"ungive"/"get"/"unget" a kind, "to" a seat or everyone, "send", "back"); a step
the engine does not allow is drawn disabled. As on colonist.io one click moves one card: a card in your
hand (drawn on the board, see render._hand_card) gives it, a kind in the "ask for" row asks for it, a card
in the offer is taken back; the -/+ steppers do the same, each named for what it does.
Bundles are lists of counts in hand order.
"""

from __future__ import annotations

import json

from i18n import N_, _, num, tr

from ..markup import Safe, join, tag, text
from . import icons
from .icons import icon_html
from .terms import KINDS, PLAYER_COLOURS, Wording, _counts, _player, kind_name

BUILDER_ACTS = ("give", "ungive", "get", "unget", "to", "send", "back")
STYLE = tag("style", None, ".tb{background:#fffdf6;color:#1d2521;border-radius:8px;padding:.3rem .5rem}"
                           ".tb table{border-collapse:collapse}.tb td,.tb th{padding:2px 4px;text-align:center;"
                           "white-space:nowrap}.tb small{color:#555}"
                           ".tb th{font-weight:600}.tb .n{min-width:1.6em;display:inline-block;font-weight:700}"
                           ".tb button{padding:.2rem .55rem;min-width:2.2rem}.tb .k{text-align:left}"
                           ".tb button[aria-pressed=true]{outline:3px solid #1d6b3a}"
                           ".tb .tb-cards p{margin:.2rem 0}.tb button.tb-card{padding:.1rem .3rem;min-width:0;"
                           "min-height:24px;margin:1px}")
# what each builder step does, as its button's name for a screen reader and on hover
STEP_WORDS = {"give": N_("Give one more {kind}"), "ungive": N_("Give one less {kind}"),
              "get": N_("Ask for one more {kind}"), "unget": N_("Ask for one less {kind}")}
REPLY_WORDS = {"accept": N_("accepts"), "decline": N_("declines"), "countering": N_("is making a counter-offer"),
               "out": N_("not asked")}


def bundle_text(b: object) -> str:
    """A bundle (counts in hand order, or [[kind, n], ...] from the log) in words: '2 ore, 1 wool'."""
    return _counts(b) or _("nothing")


def _rich(message: str, plain: dict[str, str] | None = None, **bundles: object) -> Safe:
    """A translated message whose {fields} are bundles, drawn as icons (named in words), and `plain` words."""
    marks: list[Safe] = []
    say = Wording(marks)
    fields = {k: icons.unmarked(v) for k, v in (plain or {}).items()}
    fields.update({k: say.cards(v, _("nothing")) for k, v in bundles.items()})
    return icons.rich(tr(message, **fields), marks)


def builder_mode(view: dict) -> str:
    """'offer' when this seat builds an offer, 'counter' when it builds a counter-offer, else ''."""
    p = view.get("pending") or {}
    me = view.get("seat")
    if p.get("kind") == "make_offer" and me in (p.get("seats") or []) and "give" in p:
        return "offer"
    if p.get("kind") == "offer" and isinstance(me, int):
        replies = p.get("replies") or []
        r = replies[me] if 0 <= me < len(replies) else None
        if isinstance(r, dict) and r.get("r") == "countering" and "give" in r:
            return "counter"
    return ""


def _card(a: tuple, kind: str, testid: str, legal: set, n: int = 1) -> Safe:
    """A card as a button (its icon, or its icon and name in the "ask for" row) that plays `a`, named for
    what the click does ("Give one less brick")."""
    label = tr(STEP_WORDS[a[0]], kind=kind_name(kind))
    attrs = {"data-act": json.dumps(list(a)), "data-testid": testid, "data-key": testid, "class": "tb-card",
             "aria-label": label, "title": label}
    if a not in legal:
        attrs["disabled"] = "disabled"
    return tag("button", attrs, icon_html(kind, 22), *([" ", kind_name(kind)] if a[0] == "get" else []))


def _card_rows(give: list[int], get: list[int], legal: set) -> Safe:
    """The offer as clickable cards: a card you give or ask for is taken back by a click on it; a click on
    a kind in the "ask for" row asks one more (and one on a card in your hand gives one: render._hand_card)."""
    rows = []
    for side, counts, empty in (("give", give, N_("Click a card in your hand to give it.")),
                                ("get", get, N_("Click a kind below to ask for it."))):
        cards = [_card(("un" + side, k), k, f"tb-card-{side}-{k}-{j}", legal)
                 for i, k in enumerate(KINDS) for j in range(counts[i] if i < len(counts) else 0)]
        head = _("You give:") if side == "give" else _("You get:")
        rows.append(tag("p", {"data-testid": f"tb-cards-{side}"}, tag("b", None, head), " ",
                        join(cards) if cards else tag("small", None, _(empty))))
    rows.append(tag("p", {"data-testid": "tb-ask"}, tag("b", None, _("Ask for:")), " ",
                    join([_card(("get", k), k, f"tb-ask-{k}", legal) for k in KINDS])))
    return tag("div", {"class": "tb-cards"}, rows)


def _act(a: tuple, label: str, testid: str, legal: set, title: str = "", primary: bool = False,
         pressed: bool | None = None) -> Safe:
    attrs = {"data-act": json.dumps(list(a)), "data-testid": testid, "data-key": testid,
             "class": "primary" if primary else None, "title": title or None, "aria-label": title or None,
             "aria-pressed": None if pressed is None else ("true" if pressed else "false")}
    if a not in legal:
        attrs["disabled"] = "disabled"
    return tag("button", attrs, label)


def builder_panel(view: dict, legal: list[tuple], names: list[str]) -> Safe:
    """The offer (or counter-offer) being built: a row per kind with - count + for each side, the
    addressee (offers only), Send and Back."""
    mode = builder_mode(view)
    if not mode:
        return Safe("")
    p = view["pending"]
    b = p if mode == "offer" else p["replies"][view["seat"]]
    give, get = b.get("give") or [0] * 8, b.get("get") or [0] * 8
    hand = (view["player_info"][view["seat"]].get("hand") or {}) if isinstance(view.get("seat"), int) else {}
    ok = set(legal)
    rows = [tag("tr", None, tag("th", {"class": "k"}, _("Card")), tag("th", None, _("You give")),
                tag("th", None, _("You get")))]
    for i, k in enumerate(KINDS):
        name = kind_name(k)
        cells = []
        for side, n in (("give", give[i]), ("get", get[i])):
            cells.append(tag("td", None, _act(("un" + side, k), "−", f"tb-un{side}-{k}", ok,
                                              tr(STEP_WORDS["un" + side], kind=name)),
                             tag("span", {"class": "n", "data-testid": f"tb-{side}-n-{k}"}, num(n)),
                             _act((side, k), "+", f"tb-{side}-{k}", ok, tr(STEP_WORDS[side], kind=name))))
        held = tag("small", {"title": _("In hand")}, " ×", num(hand.get(k, 0)))
        rows.append(tag("tr", {"data-testid": f"tb-row-{k}"}, tag("td", {"class": "k"}, icon_html(k), " ", name, held),
                        cells))
    out = [STYLE, tag("h3", None, _("Your offer") if mode == "offer" else _("Your counter-offer")),
           tag("p", None, _rich(N_("You give {give}; you get {get}."), give=give, get=get)),
           _card_rows(give, get, ok), tag("table", None, rows)]
    if mode == "offer":
        to = p.get("to", -1)
        opts = [_act(("to",), _("Everyone"), "tb-to-all", ok | ({("to",)} if to == -1 else set()),
                     pressed=to == -1)]
        for q in range(view["players"]):
            if q != view["seat"]:
                opts.append(_act(("to", q), _player(names, q), f"tb-to-{q}",
                                 ok | ({("to", q)} if to == q else set()), pressed=to == q))
        out.append(tag("p", None, _("Offer to:"), " ", join(opts)))
    send = _("Send the offer") if mode == "offer" else _("Send the counter-offer")
    back = _("Cancel the offer") if mode == "offer" else _("Back to the answer")
    out.append(tag("p", None, _act(("send",), send, "tb-send", ok, primary=True), " ",
                   _act(("back",), back, "tb-back", ok)))
    return tag("div", {"class": "tb trade-panel", "data-testid": "trade-builder"}, out)


def reply_text(r: object) -> Safe:
    """A player's answer to an offer in words (a counter-offer's bundles as icons)."""
    if r is None:
        return Safe(text(_("waiting")))
    if isinstance(r, dict):
        k = r.get("r")
        if k == "counter":
            return _rich(N_("counters: gives {give} for {get}"), give=r.get("give"), get=r.get("get"))
        if k in REPLY_WORDS:
            return Safe(text(_(REPLY_WORDS[k])))
    return Safe(text(r))


def offer_summary(view: dict, names: list[str]) -> Safe | None:
    """The open offer (or the choice after it): what is offered, to whom, and every answer so far."""
    pend = view.get("pending") or {}
    if pend.get("kind") not in ("offer", "confirm"):
        return None
    off = pend.get("seats", [None])[0] if pend.get("kind") == "confirm" else None
    rows = []
    for s, r in enumerate(pend.get("replies") or []):
        if isinstance(r, dict) and r.get("r") in ("self", "out"):
            if r.get("r") == "self":
                off = s
            continue
        rows.append(tag("li", {"data-testid": f"reply-{s}"},
                        tag("span", {"style": f"color:{PLAYER_COLOURS[s % 4]}"}, "■"), " ",
                        _player(names, s), ": ", reply_text(r)))
    to = pend.get("to", -1)
    whom = _("everyone") if not isinstance(to, int) or to < 0 else _player(names, to)
    head = _rich(N_("{name} offers {give} for {get} to {whom}"), {"name": _player(names, off), "whom": whom},
                 give=pend.get("give"), get=pend.get("get"))
    return tag("div", {"data-testid": "open-offer"}, tag("h3", None, head), tag("ul", None, "", rows))


def deal_html(view: dict, q: object, names: list[str]) -> Safe | None:
    """The label of ("trade", q) while the offerer chooses: the deal with q as the offerer would make it
    (the offer when q accepted, q's counter-offer mirrored), cards as icons named in words, so that the
    choice reads on its button where no open-offer panel is shown (an embedded table):
    'Trade with Bo: you give 1 grain, you get 1 brick'. None when the view holds no such answer."""
    pend = view.get("pending") or {}
    replies = pend.get("replies") or []
    if pend.get("kind") != "confirm" or not isinstance(q, int) or not 0 <= q < len(replies):
        return None
    r = replies[q]
    if not isinstance(r, dict) or r.get("r") not in ("accept", "counter"):
        return None
    give, get = (pend.get("give"), pend.get("get")) if r["r"] == "accept" else (r.get("get"), r.get("give"))
    return _rich(N_("Trade with {name}: you give {give}, you get {get}"), {"name": _player(names, q)},
                 give=give, get=get)

