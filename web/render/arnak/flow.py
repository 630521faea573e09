"""Board text with icons, wrapped to a width: an effect op becomes words and icons ("+2 coin-icon",
"draw-icon 1"), laid out in lines. Widths are estimates (Latin letter 0.58 em, CJK 1 em); every text run
carries data-fit with its estimated width, so public/fit.js narrows a run the reader's font draws wider
instead of letting it overlap the next icon.
"""

from __future__ import annotations

import re

from i18n import _, num, trn

from py_engine.games.arnak import data as D

from ..markup import Safe, join, tag
from ..svg import fmt
from . import texts as T
from .icons import icon, inline

ICON_EM = 1.2  # an icon is this many ems wide (plus a small gap)
ICON_OPS = {"exile": "exile", "fear": "fear", "upgrade": "up"}


def text_width(s: str, px: float) -> float:
    """Estimated width in board units of `s` at font size px."""
    return sum(px if ord(c) >= 0x2E80 else 0.58 * px for c in s)


def res_tokens(r, sign: str = "") -> list:
    """[+2, coin, +1, tablet] for a resource vector."""
    out: list = []
    for i, v in enumerate(r):
        if v:
            out += [sign + num(v), ("i", D.RES[i])]  # digits as the language writes them (Persian: +۱)
    return out


def op_tokens(op: tuple) -> list:
    """One op as tokens: words (str, split at spaces later) and icons (("i", name))."""
    k = op[0]
    if k == "gain":
        return res_tokens(op[1], "+")
    if k == "pay":
        return ["−", *res_tokens(op[1])] if any(op[1]) else []
    if k == "draw":
        return [("i", "card"), "+" + num(op[1])]
    if k in ICON_OPS and len(op) == 1:
        return [("i", ICON_OPS[k]), T.op_text(op)]
    if k == "or":
        out: list = []
        for j, (prefix, gains) in enumerate(T.or_groups(op[1:])):
            if j:
                out.append(_("or"))
            if len(gains) == 1:
                out += ops_tokens(prefix + gains[0])
                continue
            if prefix:
                out += [*ops_tokens(prefix), "→"]
            for n, g in enumerate(gains):  # one of: +1 coin / +1 compass / +1 tablet
                out += (["/"] if n else []) + ops_tokens(g)
        return out
    if k == "discard":
        then = ops_tokens(op[1])
        first = _("discard a card") if op[2:] == ("must",) else T.op_text(("discard", ()))
        return [first, "→", *then] if then else [T.op_text(op)]
    return [T.op_text(op)]


def ops_tokens(ops) -> list:
    out: list = []
    for j, op in enumerate(ops):
        if j:
            out.append(T._sep().strip() or ";")
        out += op_tokens(op)
    return out


def words(tokens: list) -> list:
    """Tokens with the texts split into words (Japanese text without spaces stays one token, cut later)."""
    out: list = []
    for t in tokens:
        if isinstance(t, str):
            out += t.split()
        else:
            out.append(t)
    return out


def layout(tokens: list, width: float, px: float) -> list[list[tuple[float, object]]]:
    """Lines of (x offset, token); a word wider than the line is cut (scripts without spaces)."""
    space = 0.3 * px
    lines: list[list] = [[]]
    x = 0.0
    queue = words(tokens)
    while queue:
        t = queue.pop(0)
        w = ICON_EM * px if not isinstance(t, str) else text_width(t, px)
        if isinstance(t, str) and w > width:  # cut a long run (Japanese) to what is left of the line
            room = width - x
            if room < 4 * px:
                lines.append([])
                x, room = 0.0, width
            cut, used = 0, 0.0
            while cut < len(t) and used + text_width(t[cut], px) <= room:
                used += text_width(t[cut], px)
                cut += 1
            cut = max(cut, 1)
            queue[:0] = [t[:cut], t[cut:]] if t[cut:] else [t[:cut]]
            if x and used > room:
                lines.append([])
                x = 0.0
            continue
        if x and x + w > width:
            lines.append([])
            x = 0.0
        lines[-1].append((x, t))
        x += w + space
    return [ln for ln in lines if ln]


def _run(words_: list, x: float, width: float, y: float, cls: str) -> Safe:
    """Words laid out together as one <text>, kept to the width the layout gave them."""
    return tag("text", {"x": fmt(x), "y": fmt(y), "class": cls, "data-fit": fmt(width)}, " ".join(words_))


def draw(lines: list, x: float, y: float, cls: str, px: float, lead: float) -> list[Safe]:
    """The laid-out lines from baseline y: consecutive words joined into one <text> run."""
    out: list[Safe] = []
    size = ICON_EM * px
    for n, line in enumerate(lines):
        base = y + n * lead
        run: list = []
        run_x = run_end = 0.0
        for off, t in line:
            if isinstance(t, str):
                if not run:
                    run_x = off
                run.append(t)
                run_end = off + text_width(t, px)
                continue
            if run:
                out.append(_run(run, x + run_x, run_end - run_x, base, cls))
                run = []
            out.append(icon(t[1], x + off + size / 2, base - px * 0.35, size))
        if run:
            out.append(_run(run, x + run_x, run_end - run_x, base, cls))
    return out


AMOUNT = re.compile(r"^([+−-]?)(\d+)$")


def amount_html(res: str, n: int, sign: str = "") -> Safe:
    """"+2" and a coin icon named "2 coins" (the digits are hidden from screen readers: the icon says them)."""
    return join(tag("span", {"aria-hidden": "true"}, sign + num(n)), inline(res, T.res_amount(res, n)))


def tokens_html(tokens: list) -> Safe:
    """Flow tokens (op_tokens, res_tokens) as HTML, with the board's icons: an amount and its resource icon
    as one named icon, a card draw named, travel icons named, other icons decorative (their words follow)."""
    out: list = []
    k = 0
    while k < len(tokens):
        t = tokens[k]
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        m = AMOUNT.match(t) if isinstance(t, str) else None
        if m and isinstance(nxt, tuple) and nxt[1] in D.RES:
            out.append(amount_html(nxt[1], int(m.group(2)), m.group(1)))
            k += 2
        elif isinstance(t, tuple) and t[1] == "card" and isinstance(nxt, str) and AMOUNT.match(nxt):
            n = int(AMOUNT.match(nxt).group(2))
            out.append(join(inline("card", trn("draw {n} card", "draw {n} cards", n)),
                            tag("span", {"aria-hidden": "true"}, "+" + num(n))))
            k += 2
        elif isinstance(t, tuple):
            out.append(inline(t[1], T.word(T.ICON_NAMES, t[1]) if t[1] in T.ICON_NAMES else ""))
            k += 1
        else:
            out.append(t)
            k += 1
    sep = T._sep().strip() or ";"
    return join(*[join(" " if j and part != sep else None, part) for j, part in enumerate(out)])
