"""Arnak's rounds as players read them: the summary shown when a round ends (who passed first, what each player
gained and scored, the solo rival's moves, what the next round changes) and the rival's moves of a round as
icons with words (its own row on the board). Everything comes from the view's public log and history."""

from __future__ import annotations

from i18n import _, num, tr, trn

from py_engine.games.arnak import data as D

from ..markup import Safe, join, tag
from . import texts as T
from .flow import amount_html
from .icons import inline

MOVE_ICONS = {"discover": "idol", "research": "glass", "temple_tile": "temple", "overcome": "guardian"}


def round_entries(log: list, n: int | None = None) -> list[dict]:
    """The log entries of round n (from its "round" line to its "round_end"); n None: the round being played
    (everything after the last "round" line). Entries whose key is not a word are left out (a peer's view may
    hold anything there)."""
    log = [e for e in log if isinstance(e, dict) and isinstance(e.get("key"), str)]
    start = end = None
    for i, e in enumerate(log):
        p = e.get("params") if isinstance(e.get("params"), dict) else {}
        if e.get("key") == "round" and (n is None or p.get("round") == n):
            start, end = i, None
        elif e.get("key") == "round_end" and n is not None and p.get("round") == n and start is not None:
            end = i
    if start is None:
        return []
    return log[start:end + 1 if end is not None else len(log)]


def rival_moves(log: list, n: int | None = None) -> list[dict]:
    """What the solo rival did in round n (None: this round), in order (the engine's "rival" entries)."""
    return [e["params"] for e in round_entries(log, n) if e.get("key") == "rival" and isinstance(e.get("params"), dict)]


def move_icons(d: dict) -> list[str]:
    """The icons of one rival move: the resource of a dig, a card's price, an idol, the glass, a temple tile."""
    what = d.get("did") if isinstance(d.get("did"), str) else None  # a peer's view may hold anything here
    tile = d.get("tile")
    if what == "dig" and isinstance(tile, str) and tile.startswith("dig-") and tile[4:] in D.RES:
        return ["archaeologist", tile[4:]]
    if what == "buy":
        card = d.get("card")
        info = D.CARDS.get(card) if isinstance(card, (str, int)) else None
        return ["card", "coin" if info and info[1] == "item" else "compass"]
    if what == "discover":
        return ["archaeologist", MOVE_ICONS[what]]
    return [MOVE_ICONS[what]] if what in MOVE_ICONS else []


def move_tokens(moves: list[dict]) -> list:
    """The moves as flow tokens (flow): icons and words, one after the other, "·" between them."""
    out: list = []
    for k, d in enumerate(moves):
        out += ["·"] * bool(k) + [*[("i", i) for i in move_icons(d)], T.rival_text(d)]
    return out


def move_html(d: dict) -> Safe:
    """One rival move in HTML: its icons (decorative: the words follow) and its words."""
    return join(*[inline(i) for i in move_icons(d)], " ", T.rival_text(d))


def _total(entry: dict | None, seat: int | None) -> int:
    """A total of a history entry (the rival's when seat is None); 0 where the entry has none."""
    if not isinstance(entry, dict):
        return 0
    scores = entry.get("scores")
    score = entry.get("rival") if seat is None else \
        scores[seat] if isinstance(scores, list) and seat < len(scores) else None
    total = score.get("total") if isinstance(score, dict) else 0
    return total if isinstance(total, int) and not isinstance(total, bool) else 0


def _gains(entries: list[dict], seat: int) -> list[Safe]:
    """What one player did this round, each a short item with its icon."""
    res = [0] * len(D.RES)
    cards: list[str] = []
    count = {"dig": 0, "discover": 0, "overcome": 0, "research": 0, "fear": 0, "temple_tile": 0, "idol": 0}
    for e in entries:
        if e.get("seat") != seat:
            continue
        k, p = e.get("key"), e.get("params") if isinstance(e.get("params"), dict) else {}
        if k == "gain" and isinstance(p.get("res"), list) and len(p["res"]) == len(D.RES):
            res = [a + (b if isinstance(b, int) else 0) for a, b in zip(res, p["res"])]
        elif k in ("buy", "take"):
            cards.append(T._card_name(p.get("card")))
        elif k in ("fear", "fear_guardian"):
            count["fear"] += 1
        elif k in count:
            count[k] += 1
    out = []
    if any(res):
        out.append(join(*[amount_html(r, v, "+") for r, v in zip(D.RES, res) if v > 0]))
    if cards:
        out.append(join(inline("card"), " ", T._list(cards)))
    words = {"dig": ("archaeologist", trn("{n} dig", "{n} digs", count["dig"])),
             "discover": ("idol", trn("{n} site discovered", "{n} sites discovered", count["discover"])),
             "idol": ("idol", trn("{n} idol", "{n} idols", count["idol"])),
             "overcome": ("guardian", trn("{n} guardian overcome", "{n} guardians overcome", count["overcome"])),
             "research": ("glass", trn("{n} research step", "{n} research steps", count["research"])),
             "temple_tile": ("temple", trn("{n} temple tile", "{n} temple tiles", count["temple_tile"])),
             "fear": ("fear", trn("{n} Fear card", "{n} Fear cards", count["fear"]))}
    for k, (icon, said) in words.items():
        if count[k]:
            out.append(join(inline(icon), " ", said))
    return out


# a player's score when a game begins (the table shows it before round 1): the four empty idol slots and the
# starting deck (its two Fear cards); the rival starts at 0
START_TOTAL = sum(D.EMPTY_SLOT_VP) + sum(D.FEAR_VP if c == D.FEAR else D.CARDS[c][4] for c in D.STARTING_DECK)


def _points(before: dict | None, after: dict, seat: int | None, first: bool = False) -> Safe:
    """The points a round brought and the total; `before` the previous round's entry, None for the first round
    (`first`: the game's own first round, from the starting score) or a game begun from a later position (its
    total only: what it had before is not known)."""
    now = _total(after, seat)
    if before is None and not first:
        return join(inline("vp"), " ", tr("score now {n}", n=now))
    gained = now - (_total(before, seat) if before is not None else START_TOTAL if seat is not None else 0)
    return join(inline("vp"), " ", tr("{gained} points this round (total {total})",
                                       gained=("+" if gained >= 0 else "") + num(gained), total=num(now)))


def round_summary(view: dict, names: list[str]) -> Safe | None:
    """The round that just ended (the view's last history entry) in a few lines, and what the next round
    changes; None before any round has ended."""
    history = view.get("history") or []
    if not history or not isinstance(history[-1], dict):
        return None
    last = history[-1]
    n = last.get("round")
    before = history[-2] if len(history) > 1 else None
    entries = round_entries(view.get("log") or [], n)
    sep = Safe(" · ")
    items = []
    passed = [e.get("seat") for e in entries if e.get("key") == "pass"]
    if view["players"] > 1 and passed and isinstance(passed[0], int) and passed[0] < len(names):
        items.append(tag("li", {"data-testid": "round-passed-first"},
                         tr("Passed first: {name}", name=names[passed[0]])))
    for seat in range(view["players"]):
        name = names[seat] if seat < len(names) else tr("Player {n}", n=seat + 1)
        items.append(tag("li", {"data-testid": f"round-seat-{seat}"}, tag("b", None, tag("bdi", None, name), ":"),
                         " ", join(*[join(sep if k else None, part) for k, part in
                                     enumerate([_points(before, last, seat, n == 1), *_gains(entries, seat)])])))
    rival = None
    if view.get("rival") and last.get("rival"):
        moves = rival_moves(view.get("log") or [], n)
        rival = tag("li", {"data-testid": "round-rival"}, tag("b", None, _("Rival"), ":"), " ",
                    _points(before, last, None, n == 1),
                    tag("ol", {"data-testid": "round-rival-moves"}, "", [tag("li", None, move_html(d)) for d in moves]))
    nxt = None
    rounds = view.get("rounds") if isinstance(view.get("rounds"), int) else D.ROUNDS
    if isinstance(n, int) and n < rounds:
        start = view.get("start") if isinstance(view.get("start"), int) else 0
        if view.get("round") == n:  # the keep step of the ended round: the start player moves on next
            start = (start + 1) % view["players"]
        who = names[start] if isinstance(start, int) and 0 <= start < len(names) else "?"
        nxt = tag("p", {"data-testid": "round-next"},
                  tr("Next: round {n} of {rounds}. Start player: {name}.", n=n + 1, rounds=rounds, name=who), " ",
                  _("The moon staff moves on: the row's artifact and item next to it leave the game and new cards "
                    "are dealt. Everyone may keep hand cards and draws back to five."))
    return tag("div", {"class": "round-summary", "data-testid": "round-summary"},
               tag("h2", None, tr("Round {n} is over", n=n)), tag("ul", None, "", items, rival), nxt)
