"""Arnak's score sheet (by category, as the engine counts it) and the side panel's round summary."""

from __future__ import annotations

from i18n import N_, _, tr

from ..markup import Safe, join, tag
from .icons import LETTERS, PLAYER_COLOURS

CATS = ("research", "temple", "idols", "slots", "guardians", "cards", "fear", "total")
CAT_NAMES = (N_("Research"), N_("Temple tiles"), N_("Idols"), N_("Empty idol slots"), N_("Guardians"), N_("Cards"),
             N_("Fear"), N_("Total"))


def score_sheet(view: dict, names: list[str]) -> Safe:
    """Score by category as the engine counts it: the final scores, else the last finished round (or now),
    plus each round's totals so far."""
    n = view["players"]
    parts: list = [tag("h2", None, _("Score sheet"))]
    if view["over"] or not view["history"]:
        title = _("Final scores") if view["over"] else _("Scores now")
        scores = [p["score"] for p in view["player_info"]]
    else:
        title = tr("After round {n}", n=view["history"][-1]["round"])
        scores = view["history"][-1]["scores"]
    rival = None
    if view.get("rival"):
        rival = view["rival"]["score"] if view["over"] or not view["history"] else view["history"][-1]["rival"]
    rows = [tag("tr", None, tag("th", None, _("Category")), [tag("th", None, names[i]) for i in range(n)],
                tag("th", None, _("Rival")) if rival else None)]
    for cat, label in zip(CATS, CAT_NAMES):
        cells = [tag("td", {"data-testid": f"sheet-{cat}-{i}"},
                     tag("strong", None, scores[i][cat]) if cat == "total" else scores[i][cat]) for i in range(n)]
        if rival:
            cells.append(tag("td", {"data-testid": f"sheet-{cat}-rival"}, rival[cat]))
        rows.append(tag("tr", None, tag("td", {"style": "text-align:start"}, _(label)), cells))
    parts += [tag("h3", None, title), tag("table", None, rows)]
    if rival and view["over"]:
        result = view.get("result") or {}
        won = result["beat_rival"] if "beat_rival" in result else scores[0]["total"] > rival["total"]
        parts.append(tag("p", {"data-testid": "solo-result"},
                         _("You beat the rival!") if won else _("The rival wins (you need strictly more points).")))
    if view["history"]:
        rows = [tag("tr", None, tag("th", None, _("Round")), [tag("th", None, names[i]) for i in range(n)],
                    tag("th", None, _("Rival")) if rival else None)]
        for h in view["history"]:
            rows.append(tag("tr", None, tag("td", None, h["round"]),
                            [tag("td", None, h["scores"][i]["total"]) for i in range(n)],
                            tag("td", {"data-testid": f"round-{h['round']}-rival"}, h["rival"]["total"])
                            if rival and h.get("rival") else None))
        parts += [tag("h3", None, _("Totals after each round")), tag("table", None, rows)]
    return tag("div", {"class": "sheet", "data-testid": "score-sheet"}, parts)


def summary(view: dict, names: list[str]) -> Safe:
    items = []
    for i, p in enumerate(view["player_info"]):
        items.append(tag("li", None, tag("span", {"style": f"color:{PLAYER_COLOURS[i % 4]}"}, LETTERS[i % 4]), " ",
                         names[i], ": ", tag("strong", {"data-testid": f"total-{i}"}, p["score"]["total"]),
                         " ", _("points"), (" " + _("(passed)")) if p["passed"] else ""))
    return join(tag("h2", None, tr("Round {n} of {rounds}", n=view["round"], rounds=view["rounds"])),
                tag("ul", {"class": "totals"}, "", items))


# Log entries are data from the engine ({"seat", "key", "params"}): a predicate about the player ("plays
