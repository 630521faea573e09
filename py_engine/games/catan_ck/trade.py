"""Trade offers between players, as a stack of small enumerable decisions.

The active player opens a builder ("offer" in the action phase): one card at a time it adds a kind to
what it gives ("give", kind; only cards it holds) or to what it asks ("get", kind), takes one back
("ungive" / "unget"), addresses one player ("to", seat) or everyone ("to",), then "send"s or goes "back".
A kind is never on both sides, each side holds at most MAX_BUNDLE cards, and a builder allows at most
MAX_EDITS additions and target changes (removals are free: they never outnumber additions), so every
offer is built in finitely many steps.

Every addressed player answers at once: "accept" (holding every asked card), "decline", or "counter",
which opens the same builder (without a target) started from the mirror of the offer; "send" commits
the counter (it must differ from the mirror), "back" returns to the answer. A player may open at most
MAX_COUNTERS counter builders per offer. When all have answered, the offerer picks ("trade", seat) among
the acceptances and the counters it can pay, or "cancel"s. Offers per turn stay bounded by `max_offers`.

Bundles are lists of NK counts in KINDS order.

The state is typed as core `State` (a `CatanState`): state.py imports this module, never the reverse.
"""

from __future__ import annotations

from ...core import State
from .data import KIDX, KINDS

NK = len(KINDS)


MAX_BUNDLE = 7
MAX_EDITS = 24
MAX_COUNTERS = 2
EDIT_KINDS = ("give", "get", "ungive", "unget")


def pairs(bundle: list[int]) -> list[list]:
    """[[kind, n], ...] of the non-zero counts (log and view form)."""
    return [[KINDS[k], n] for k, n in enumerate(bundle) if n]


def edit_ok(hand: list[int], b: dict, kind: str, k: int) -> bool:
    """Whether builder b (give/get/edits) may take the edit `kind` of card kind k for a hand."""
    give, get = b["give"], b["get"]
    if kind == "ungive":
        return give[k] > 0
    if kind == "unget":
        return get[k] > 0
    if b["edits"] >= MAX_EDITS:
        return False
    if kind == "give":
        return hand[k] > give[k] and get[k] == 0 and sum(give) < MAX_BUNDLE
    return give[k] == 0 and sum(get) < MAX_BUNDLE  # "get"


def edit_actions(hand: list[int], b: dict) -> list:
    return [(kind, KINDS[k]) for kind in EDIT_KINDS for k in range(NK) if edit_ok(hand, b, kind, k)]


def apply_edit(b: dict, kind: str, k: int) -> None:
    side = b["give"] if kind in ("give", "ungive") else b["get"]
    if kind in ("give", "get"):
        side[k] += 1
        b["edits"] += 1
    else:
        side[k] -= 1


def covers(hand: list[int], bundle: list[int]) -> bool:
    return all(h >= n for h, n in zip(hand, bundle))


def target_ok(s: State, top: dict, q: int | None) -> bool:
    """("to", q) addresses one other seat, ("to",) (q None) everyone again; each counts as an edit."""
    if top["edits"] >= MAX_EDITS:
        return False
    if q is None:
        return top["to"] >= 0
    return q != top["p"] and q != top["to"] and q < s.players


def send_ok(top: dict) -> bool:
    return any(top["give"]) and any(top["get"])


def counter_send_ok(top: dict, r: dict) -> bool:
    """A counter names two sides and is not the offer itself (that is "accept")."""
    return any(r["give"]) and any(r["get"]) and not (r["give"] == top["get"] and r["get"] == top["give"])


def may_counter(s: State, p: int, top: dict) -> bool:
    return top["counters"][p] < MAX_COUNTERS and any(s.hands[p])


class TradeMixin:
    """CatanState's trade decisions (make_offer, offer, confirm)."""

    def _start_offer(self: State, p: int) -> None:
        self.stack.append({"k": "make_offer", "p": p, "give": [0] * NK, "get": [0] * NK, "to": -1, "edits": 0})

    def _legal_make_offer(self: State, p: int, top: dict) -> list:
        acts = edit_actions(self.hands[p], top)
        acts += [("to", q) for q in range(self.players) if target_ok(self, top, q)]
        if target_ok(self, top, None):
            acts.append(("to",))
        if send_ok(top):
            acts.append(("send",))
        return acts + [("back",)]

    def _do_make_offer(self: State, p: int, a: tuple, top: dict) -> None:
        kind = a[0]
        if kind in EDIT_KINDS:
            apply_edit(top, kind, KIDX[a[1]])
            return
        if kind == "to":
            top["to"] = a[1] if len(a) == 2 else -1
            top["edits"] += 1
            return
        self.stack.pop()
        if kind == "back":
            return
        self.offers += 1
        to = top["to"]
        replies: list = [None if q != p and to in (-1, q) else {"r": "self" if q == p else "out"}
                         for q in range(self.players)]
        self.stack.append({"k": "offer", "p": p, "give": top["give"], "get": top["get"], "to": to,
                           "replies": replies, "counters": [0] * self.players})
        self._log(p, "offer", {"give": pairs(top["give"]), "get": pairs(top["get"]), "to": to})

    def _legal_offer(self: State, p: int, top: dict) -> list:
        """An answer (accept when holding the asked cards, decline, counter) or a counter's builder step."""
        h = self.hands[p]
        r = top["replies"][p]
        if r is not None:  # building a counter
            acts = edit_actions(h, r)
            if counter_send_ok(top, r):
                acts.append(("send",))
            return acts + [("back",)]
        acts = [("decline",)]
        if covers(h, top["get"]):
            acts.append(("accept",))
        if may_counter(self, p, top):
            acts.append(("counter",))
        return acts

    def _do_offer(self: State, p: int, a: tuple, top: dict) -> None:
        kind = a[0]
        replies = top["replies"]
        if kind == "counter":
            top["counters"][p] += 1
            h = self.hands[p]
            replies[p] = {"r": "countering", "give": [min(n, h[k]) for k, n in enumerate(top["get"])],
                          "get": list(top["give"]), "edits": 0}
            return
        if kind in EDIT_KINDS:
            apply_edit(replies[p], kind, KIDX[a[1]])
            return
        if kind == "back":
            replies[p] = None
            return
        if kind == "send":
            r = replies[p]
            replies[p] = {"r": "counter", "give": r["give"], "get": r["get"]}
            self._log(p, "reply", {"reply": "counter", "give": pairs(r["give"]), "get": pairs(r["get"])})
        else:
            replies[p] = {"r": kind}
            self._log(p, "reply", {"reply": kind})
        if all(r is not None and r["r"] != "countering" for r in replies):
            self.stack.pop()
            off = top["p"]
            if any(self._deal_ok(off, r) for r in replies):
                self.stack.append({"k": "confirm", "p": off, "give": top["give"], "get": top["get"],
                                   "to": top["to"], "replies": replies})
            else:
                self._log(off, "no_trade", {})

    def _deal_ok(self: State, off: int, r: dict) -> bool:
        """An acceptance, or a counter whose asked cards the offerer holds."""
        return r["r"] == "accept" or (r["r"] == "counter" and covers(self.hands[off], r["get"]))

    def _legal_confirm(self: State, p: int, top: dict) -> list:
        acts = [("trade", q) for q, r in enumerate(top["replies"]) if q != p and self._deal_ok(p, r)]
        return acts + [("cancel",)]

    def _do_confirm(self: State, p: int, a: tuple, top: dict) -> None:
        self.stack.pop()
        if a[0] == "cancel":
            self._log(p, "no_trade", {})
            return
        q = a[1]
        r = top["replies"][q]
        give, get = (top["give"], top["get"]) if r["r"] == "accept" else (r["get"], r["give"])
        for k in range(NK):
            if give[k]:
                self._move(p, q, k, give[k])
            if get[k]:
                self._move(q, p, k, get[k])
        self._log(p, "trade", {"with": q, "give": pairs(give), "get": pairs(get)})

    def _known_trade_cards(self: State) -> list[list[int]]:
        """Cards each seat is known to hold from a committed offer, acceptance or counter."""
        known = [[0] * NK for _ in range(self.players)]
        top = self.stack[-1] if self.stack else None
        if top is None or top["k"] not in ("offer", "confirm"):
            return known
        known[top["p"]] = list(top["give"])
        for q, r in enumerate(top["replies"]):
            if r is None or q == top["p"]:
                continue
            if r["r"] == "accept":
                known[q] = list(top["get"])
            elif r["r"] == "counter":
                known[q] = list(r["give"])
        return known

    def _public_trade(self: State, seat: int | None, d: dict) -> None:
        """Hide from `seat` what others have not committed: an offer or a counter still being built."""
        if d["kind"] == "make_offer" and seat != self.stack[-1]["p"]:
            for key in ("give", "get", "to", "edits"):
                d.pop(key, None)
        if d["kind"] == "offer":
            d["replies"] = [{"r": "countering"} if r is not None and r["r"] == "countering" and q != seat else r
                            for q, r in enumerate(d["replies"])]

