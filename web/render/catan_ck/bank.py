"""Catan: Cities & Knights bank and harbour trades: a builder, as the offer builder is for the players.

Give: only the kinds this seat holds enough of at its best rate (4:1, a 3:1 or 2:1 harbour, the Merchant,
the trading house for commodities, Merchant Fleet), each with its rate beside it ("2:1" and the cards as
icons) and why; every + adds one lot of that many cards. Take: any kind the bank still has, one card per +.
A kind is on one side only. One confirm, named for the trade in words and icons ("Trade 2 ore for 1
paper"), is lit when the lots and the taken cards match.

The engine trades one lot for one card per decision (("bank", give, take)) and allows any number of them
in the action phase, so several lots are several decisions: the selection is local to the page (the
shell's `selected` string "bank:l0,…,l7;t0,…,t7": lots given and cards taken per kind, in hand order; every
+/- is data-cmd="select" naming the selection after it), and the confirm carries the decisions (data-act for
one, data-acts for several, played in order).
"""

from __future__ import annotations

import json

from i18n import N_, _, num, tr, trn

from py_engine.games.catan_ck.data import EDGES

from ..markup import Safe, join, tag
from .icons import cards_html, icon_html, mark, rich
from .terms import KINDS, TERRAIN_YIELD, kind_name

PREFIX = "bank:"
STYLE = tag("style", None, ".bk{background:#fffdf6;color:#1d2521;border-radius:8px;padding:.3rem .5rem}"
                           ".bk .sides{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.3rem 1rem}"
                           ".bk table{border-collapse:collapse}"
                           ".bk td,.bk th{padding:2px 4px;white-space:nowrap;text-align:start}"
                           ".bk small{color:#555}.bk .n{min-width:1.4em;display:inline-block;text-align:center;"
                           "font-weight:700}.bk td button{padding:.2rem .55rem;min-width:2.2rem}"
                           ".bk .rate{font-weight:700}")
# why a seat has its rate for a kind
WHY = {"bank": N_("the bank"), "harbour3": N_("3:1 harbour"), "harbour2": N_("2:1 harbour"),
       "merchant": N_("the Merchant"), "house": N_("trading house"), "fleet": N_("Merchant Fleet")}


def rate_why(view: dict, seat: int, kind: str, rate: int) -> str:
    """Where seat's rate for kind comes from (a key of WHY), as the engine's `rate` takes the best."""
    if rate >= 4:
        return "bank"
    mine = {b[0] for b in view.get("buildings") or [] if b[1] == seat}
    ports = {k for e, k in view.get("harbours") or [] if 0 <= e < len(EDGES) and set(EDGES[e]) & mine}
    if rate == 3:
        return "harbour3"
    if kind in ports:
        return "harbour2"
    h = view.get("merchant")
    if view.get("merchant_owner") == seat and isinstance(h, int) and 0 <= h < len(view.get("terrain") or []) \
            and TERRAIN_YIELD.get(view["terrain"][h], (None,))[0] == kind:
        return "merchant"
    info = view["player_info"][seat]
    if KINDS.index(kind) >= 5 and (info.get("improvements") or [0])[0] >= 3:
        return "house"
    return "fleet"


def is_open(sel: object) -> bool:
    return isinstance(sel, str) and sel.startswith(PREFIX)


def parse(sel: object) -> tuple[list[int], list[int]]:
    """(lots given, cards taken) per kind from the selection; nothing chosen when it is another."""
    lots, takes = [0] * len(KINDS), [0] * len(KINDS)
    if is_open(sel):
        sides = sel[len(PREFIX):].split(";")
        if len(sides) == 2:
            a, b = sides[0].split(","), sides[1].split(",")
            if len(a) == len(b) == len(KINDS) and all(x.isdigit() and len(x) < 3 for x in a + b):
                lots, takes = [int(x) for x in a], [int(x) for x in b]
    return lots, takes


def arg(lots: list[int], takes: list[int]) -> str:
    return PREFIX + ",".join(str(n) for n in lots) + ";" + ",".join(str(n) for n in takes)


class BankTrade:
    """This seat's bank choices: the rate per givable kind, the bank's stock per takable kind, the lots and
    cards chosen (cut to what is possible), and the decisions they make."""

    def __init__(self, view: dict, legal: list[tuple], sel: object) -> None:
        banks = [a for a in legal if a[0] == "bank" and len(a) == 3]
        seat = view.get("seat")
        info = view["player_info"][seat] if isinstance(seat, int) else {}
        hand, rates, stock = info.get("hand") or {}, info.get("rates") or {}, view.get("bank") or {}
        self.view, self.seat, self.legal = view, seat, set(banks)
        self.rates = {k: rates[k] for k in KINDS if any(a[1] == k for a in banks) and isinstance(rates.get(k), int)
                      and rates[k] > 0}
        self.most = {k: hand.get(k, 0) // r for k, r in self.rates.items()}  # lots of k this hand holds
        self.stock = {k: stock.get(k, 0) for k in KINDS if any(a[2] == k for a in banks)}
        lots, takes = parse(sel)
        self.lots = [min(n, self.most.get(k, 0)) for k, n in zip(KINDS, lots)]
        self.takes = [0 if self.lots[i] else min(n, self.stock.get(k, 0)) for i, (k, n) in enumerate(zip(KINDS, takes))]

    def plays(self) -> list[list[str]]:
        """The decisions, one lot for one card each, in hand order; [] unless the sides match."""
        gives = [k for i, k in enumerate(KINDS) for _n in range(self.lots[i])]
        gets = [k for i, k in enumerate(KINDS) for _n in range(self.takes[i])]
        if not gives or len(gives) != len(gets) or any(("bank", g, t) not in self.legal for g, t in zip(gives, gets)):
            return []
        return [["bank", g, t] for g, t in zip(gives, gets)]

    def given(self) -> list[tuple[str, int]]:
        return [(k, self.lots[i] * self.rates[k]) for i, k in enumerate(KINDS) if self.lots[i]]

    def taken(self) -> list[tuple[str, int]]:
        return [(k, n) for k, n in zip(KINDS, self.takes) if n]


def _step(label: str, text: str, testid: str, to: str | None) -> Safe:
    """A - or + of the builder: selects `to` (disabled when None)."""
    attrs = {"data-cmd": "select" if to else None, "data-arg": to, "data-testid": testid, "data-key": testid,
             "aria-label": label, "title": label, "disabled": None if to else "disabled"}
    return tag("button", attrs, text)


def _cards(pairs: list[tuple[str, int]], marks: list[Safe] | None) -> str:
    """'4 brick, 1 wool' in words; with `marks`, each kind as its icon before its name."""
    out = []
    for k, n in pairs:
        name = kind_name(k) if marks is None else mark(marks, join(icon_html(k, 16), " ", kind_name(k)))
        out.append(tr("{n} {kind}", n=n, kind=name))
    return _(", ").join(out)


def trade_words(given: list[tuple[str, int]], taken: list[tuple[str, int]], marks: list[Safe] | None = None) -> str:
    """'Trade 4 brick for 1 ore' (kinds as icons with their names when `marks` is given)."""
    return tr("Trade {give} for {get}", give=_cards(given, marks), get=_cards(taken, marks))


def _give_row(t: BankTrade, i: int, k: str) -> Safe:
    r = t.rates[k]
    why = _(WHY[rate_why(t.view, t.seat, k, r)])
    rate = f"{num(r)}:{num(1)}"
    said = tr("{n} {kind} for 1 card of any kind ({why})", n=r, kind=kind_name(k), why=why)
    less, more = list(t.lots), list(t.lots)
    less[i] -= 1
    more[i] += 1
    can_more = t.lots[i] < t.most[k] and not t.takes[i]
    return tag("tr", {"data-testid": f"bk-give-row-{k}"},
               tag("td", None, icon_html(k), " ", kind_name(k)),
               tag("td", {"title": said}, tag("span", {"class": "rate"}, rate), " ",
                   cards_html([(k, r)], said, 14), " ", tag("small", None, why)),
               tag("td", None,
                   _step(tr("Give {n} {kind} less", n=r, kind=kind_name(k)), "−", f"bk-ungive-{k}",
                         arg(less, t.takes) if t.lots[i] else None),
                   tag("span", {"class": "n", "data-testid": f"bk-give-n-{k}"}, num(t.lots[i] * r)),
                   _step(tr("Give {n} more {kind}", n=r, kind=kind_name(k)), "+", f"bk-give-{k}",
                         arg(more, t.takes) if can_more else None)))


def _take_row(t: BankTrade, i: int, k: str, room: int) -> Safe:
    less, more = list(t.takes), list(t.takes)
    less[i] -= 1
    more[i] += 1
    can_more = t.takes[i] < t.stock[k] and not t.lots[i] and room > 0
    return tag("tr", {"data-testid": f"bk-take-row-{k}"},
               tag("td", None, icon_html(k), " ", kind_name(k),
                   tag("small", {"title": _("In the bank")}, " ", tr("({n} left)", n=t.stock[k]))),
               tag("td", None,
                   _step(tr("Take one {kind} less", kind=kind_name(k)), "−", f"bk-untake-{k}",
                         arg(t.lots, less) if t.takes[i] else None),
                   tag("span", {"class": "n", "data-testid": f"bk-take-n-{k}"}, num(t.takes[i])),
                   _step(tr("Take one more {kind}", kind=kind_name(k)), "+", f"bk-take-{k}",
                         arg(t.lots, more) if can_more else None)))


def toggle(sel: object) -> Safe:
    """The button that opens the builder (and closes it, clearing what was chosen)."""
    return tag("button", {"data-cmd": "select", "data-arg": sel if is_open(sel) else PREFIX,
                          "data-testid": "panel-bank", "data-key": "panel-bank",
                          "aria-expanded": "true" if is_open(sel) else "false"}, _("Bank trade…"))


def bank_panel(view: dict, legal: list[tuple], sel: object) -> Safe:
    """The builder (when opened): what to give at which rate, what to take, and the one confirm."""
    if not is_open(sel) or not isinstance(view.get("seat"), int):
        return Safe("")
    t = BankTrade(view, legal, sel)
    if not t.rates:
        return Safe("")
    room = sum(t.most[k] for k in t.rates) - sum(t.takes)
    gives = [_give_row(t, i, k) for i, k in enumerate(KINDS) if k in t.rates]
    takes = [_take_row(t, i, k, room) for i, k in enumerate(KINDS) if k in t.stock]
    plays = t.plays()
    lots, cards = sum(t.lots), sum(t.takes)
    if plays:
        hint = trn("{n} trade with the bank.", "{n} trades with the bank, one after the other.", len(plays))
    elif not lots and not cards:
        hint = _("Choose what to give and what to take.")
    elif lots > cards:
        hint = trn("Choose {n} more card to take.", "Choose {n} more cards to take.", lots - cards)
    else:
        hint = trn("Give enough for {n} more card.", "Give enough for {n} more cards.", cards - lots)
    marks: list[Safe] = []
    confirm = {"class": "primary", "data-testid": "bank-trade", "data-key": "bank-trade"}
    if plays:
        confirm["aria-label"] = trade_words(t.given(), t.taken())
        label = rich(trade_words(t.given(), t.taken(), marks), marks)
        if len(plays) == 1:
            confirm["data-act"] = json.dumps(plays[0])
        else:
            confirm["data-acts"] = json.dumps(plays)
    else:
        label, confirm["disabled"] = Safe(_("Trade")), "disabled"
    return tag("div", {"class": "bk trade-panel", "data-testid": "bank-builder"}, STYLE,
               tag("h3", None, _("Trade with the bank")),
               tag("div", {"class": "sides"},
                   tag("table", None, tag("caption", None, _("You give")), gives),
                   tag("table", None, tag("caption", None, _("You take")), takes)),
               tag("p", {"data-testid": "bank-hint", "role": "status"}, hint),
               tag("p", None, tag("button", confirm, label)))
