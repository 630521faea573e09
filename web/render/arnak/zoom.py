"""The large view of one thing of Arnak's board: a hand card, a site, a research space, a guardian, a temple tile
or an assistant stack, with its full effect in words and in the board's icons.

One mechanism for all of them: the thing is selected (ui["selected"] "<kind>:<key>", through data-cmd select
on a click, a tap or Enter; public/table.js selects a `data-zoom` thing the mouse rests on or the keyboard
focuses) and `zoom_of` draws its large view with the buttons; the board marks the selected thing (data-zoomed)
and puts an anchor under it, so on a wide screen the view floats beside it (public/table.js placeActions).
"""

from __future__ import annotations

from i18n import _, num, tr

from py_engine.games.arnak import data as D

from ..markup import Safe, join, tag
from . import flow as F
from . import texts as T
from .icons import inline

ZOOM_STYLE = ("flex-basis:100%;font-size:1.05rem;background:#fffdf6;border:2px solid #333;border-radius:8px;"
              "padding:.4rem .6rem")
KINDS = ("c", "s", "r", "g", "t", "a")


def parse(selected) -> tuple[str, int] | None:
    """"r:12" -> ("r", 12); anything else (a foreign value) -> None."""
    if not isinstance(selected, str) or selected[:1] not in KINDS or selected[1:2] != ":" \
            or not selected[2:].isdigit():
        return None
    return selected[0], int(selected[2:])


def _box(head: list, *rows) -> Safe:
    return tag("div", {"class": "zoom", "data-testid": "zoom", "style": ZOOM_STYLE},
               tag("div", None, *head), *[tag("div", None, r) for r in rows if r])


def _cost_html(cost: dict | str) -> Safe:
    """A price as named icons: amounts of resources, or one idol."""
    if cost == "idol":
        return inline("idol", _("1 idol"))
    if not isinstance(cost, dict):
        return Safe("")
    return join(*[F.amount_html(r, cost[r]) for r in D.RES if isinstance(cost.get(r), int) and cost[r] > 0])


def _travel_html(icons) -> Safe:
    return join(*[inline(i, T.word(T.ICON_NAMES, i)) for i in icons or [] if i in T.ICON_NAMES])


def card_zoom(card: dict) -> Safe:
    """A card large: name, price, travel, VP and its whole effect in words."""
    head = [tag("strong", None, T.card_label(card["name"]))]
    if card["kind"] in ("item", "artifact"):
        res = "coin" if card["kind"] == "item" else "compass"
        head += [" ", num(card["cost"]), inline(res, T.res_amount(res, card["cost"]))]
    head += [" · ", _travel_html(card["travel"])]
    if card["vp"]:
        head += [" · ", tr("{n} VP", n=card["vp"])]
    return _box(head, T.card_text(card) if card["id"] in D.CARDS else "")


def site_zoom(s: dict) -> Safe:
    """A site large: its name and travel cost, its effect (or what discovering it takes) and its guardian."""
    level = s["level"]
    effect = D.CAMP_EFFECTS[s["site"]] if level == 0 else \
        D.SITE_TILES[level][s["tile"] - 1] if s.get("discovered") and isinstance(s.get("tile"), int) else None
    travel = [join(_(" or ") if k else None, _travel_html(t)) for k, t in enumerate(s["travel"])]
    head = [tag("strong", None, T.site_name(s["site"])), " ", *travel]
    g = s.get("guardian")
    return _box(head, F.tokens_html(F.ops_tokens(effect)) if effect else None, T.site_about(s),
                guardian_rows(g) if g else None)


def guardian_rows(g: dict) -> Safe:
    boon = inline(g["boon"], T.boon_word(g["boon"])) if g["boon"] in D.ICONS else \
        F.tokens_html(F.ops_tokens(D.BONUS_OPS[g["boon"]])) if g["boon"] in D.BONUS_OPS else T.boon_word(g["boon"])
    return join(inline("guardian", tr("Guardian {n}", n=g["id"] + 1)), " ", _cost_html(g["cost"]), " ",
                _travel_html(g["travel"]), " → ", inline("vp", tr("{n} VP", n=D.GUARDIAN_VP)),
                tag("span", {"aria-hidden": "true"}, num(D.GUARDIAN_VP)), " + ", boon, tag("br"), T.guardian_text(g))


def guardian_zoom(s: dict) -> Safe | None:
    g = s.get("guardian")
    if not g:
        return None
    return _box([tag("strong", None, tr("Guardian {n}", n=g["id"] + 1)), " · ", T.site_name(s["site"])],
                guardian_rows(g))


def space_zoom(view: dict, sp: dict) -> Safe:
    """A research space large: its cost, bonus tiles, what each token gains arriving in its row, in words."""
    row = sp["row"]
    rows = D.ROWS.get(view.get("temple")) or D.ROWS["bird"]
    head = [tag("strong", None, _("Lost temple") if sp["space"] == D.TEMPLE else tr("Row {row}", row=row)), " ",
            _cost_html(sp["cost"])]
    gains = None
    if isinstance(row, int) and 0 < row < len(rows) and sp["space"] != D.TEMPLE:
        gops, gvp, nops, nvp = rows[row]
        gains = join(inline("glass", T.word(T.TOKEN_NAMES, "glass")), " ", F.tokens_html(F.ops_tokens(gops)), " ",
                     inline("vp", tr("{n} VP", n=gvp)), tag("span", {"aria-hidden": "true"}, num(gvp)), " · ",
                     inline("notebook", T.word(T.TOKEN_NAMES, "notebook")), " ", F.tokens_html(F.ops_tokens(nops)),
                     " ", inline("vp", tr("{n} VP", n=nvp)), tag("span", {"aria-hidden": "true"}, num(nvp)))
    bonus = join(*[join(F.tokens_html(F.ops_tokens(D.BONUS_OPS[b])), " ") for b in sp["bonus"] if b in D.BONUS_OPS])
    cost = _("1 idol") if sp["cost"] == "idol" else T._res_text([sp["cost"].get(r, 0) for r in D.RES])
    return _box(head, gains, bonus or None, T.research_space_text(view, sp, cost))


def temple_zoom(view: dict, k: int) -> Safe | None:
    if not 0 <= k < 6:
        return None
    cost = view["temple_costs"][k]
    head = [tag("strong", None, tr("Temple tile ({stack})", stack=T.stack_name(k))), " ",
            inline("vp", tr("{n} VP", n=D.TEMPLE_STACK_VP[k])),
            tag("span", {"aria-hidden": "true"}, num(D.TEMPLE_STACK_VP[k]))]
    words = tr("Temple tile ({stack}): {vp} VP, cost {cost}; {n} left", stack=T.stack_name(k),
               vp=D.TEMPLE_STACK_VP[k], cost=T._res_text([cost.get(r, 0) for r in D.RES]),
               n=view["temple_left"][k])
    return _box(head, _cost_html(cost), words)


def assistant_zoom(view: dict, k: int) -> Safe | None:
    stacks = view.get("assistants") or []
    top = stacks[k].get("top") if 0 <= k < len(stacks) and isinstance(stacks[k], dict) else None
    if not isinstance(top, int) or not 1 <= top <= len(D.ASSISTANTS):
        return None
    info = D.ASSISTANTS[top - 1]

    def side(gold: bool) -> Safe:
        ops, travel = info[1 if gold else 0], info[3 if gold else 2]
        return join(F.tokens_html(F.ops_tokens(ops)), " " if travel else None, _travel_html(travel), tag("br"),
                    T.assistant_text(top, gold))
    return _box([inline("assistant"), " ", tag("strong", None, f"#{num(top)}"), " ",
                 f"×{num(stacks[k].get('count', 0))}"], side(False), side(True))


def zoom_of(view: dict, ui: dict, hand: list) -> Safe | None:
    """The large view of the selected thing (a hand card from `hand`), or None."""
    sel = parse(ui.get("selected"))
    if sel is None:
        return None
    kind, key = sel
    if kind == "c":
        card = next((c for c in hand if c["id"] == key), None)
        return card_zoom(card) if card else None
    if kind == "t":
        return temple_zoom(view, key)
    if kind == "a":
        return assistant_zoom(view, key)
    if kind == "r":
        sp = next((s for s in view.get("research") or [] if s["space"] == key), None)
        return space_zoom(view, sp) if sp else None
    s = next((s for s in view.get("sites") or [] if s["site"] == key), None)
    if s is None:
        return None
    return site_zoom(s) if kind == "s" else guardian_zoom(s)
