"""Views of an Arnak state (exactly what one seat may know) and action descriptions (data, not prose)."""

from __future__ import annotations

import json
from typing import Any

from . import data as D


def card_json(c: int) -> dict:
    name, kind, cost, travel, vp, timing, exile_self, _ = D.CARDS[c]
    return {"id": c, "name": name, "kind": kind, "cost": cost, "travel": list(travel), "vp": vp,
            "free": timing == "F", "exile_self": exile_self}


def _res(v) -> dict:
    return {D.RES[i]: v[i] for i in range(5)}


def _site_json(s, site: int) -> dict:
    level = 0 if site < 5 else (1 if site < 13 else 2)
    d: dict[str, Any] = {"site": site, "level": level, "spaces": list(s.occ[site])}
    if level == 0:
        d["travel"] = [list(D.CAMP_TRAVEL[0]), list(D.CAMP_TRAVEL[1])]
        d["discovered"] = True
    else:
        d["travel"] = [list(D.site_travel(s.temple, site))]
        d["discovered"] = bool(s.tile[site])
        d["tile"] = s.tile[site] or None
        d["idol"] = D.IDOL_NAMES[s.idol[site]] if s.idol[site] >= 0 else None
        d["face_down_idols"] = s.fd[site]
        g = s.guard[site]
        d["guardian"] = None if g < 0 else {"id": g, "cost": _res(D.GUARDIANS[g][0]),
                                            "travel": list(D.GUARDIANS[g][1]), "discards": D.GUARDIANS[g][2],
                                            "boon": D.GUARDIANS[g][3]}
    return d


def pending_json(s) -> dict | None:
    if s.phase == "over":
        return None
    if s.queue:
        op = s.queue[0]
        d = {"seat": s.turn, "kind": op[0], "for": list(s.ctx) if s.ctx else None}
        if op[0] == "travel":
            d["icons"] = list(op[1])
            d["for"] = list(op[2])
        if op[0] == "accept":
            d["card"] = op[1]
        return d
    return {"seat": s.turn, "kind": {"main": "turn", "after": "free", "keep": "keep"}[s.phase], "for": None}


def make_view(s, seat: int | None) -> dict:
    over = s.phase == "over"
    players = []
    for i, p in enumerate(s.p):
        d = {
            "seat": i, "resources": _res(p.res), "hand_count": len(p.hand), "deck": len(p.deck),
            "play": [card_json(c) for c in p.play], "aside_count": len(p.temp), "idols": p.idols, "slots": p.slots,
            "guardians": [{"id": g, "boon": D.GUARDIANS[g][3], "used": bool(u)} for g, u in p.guardians],
            "assistants": [{"id": a, "gold": bool(gd), "exhausted": bool(x)} for a, gd, x in p.assistants],
            "notebook": p.notebook, "glass": p.glass, "notebook_row": s.row(p.notebook),
            "glass_row": s.row(p.glass), "temple_tiles": list(p.tiles), "arrival": p.arrival,
            "fear_tiles": p.fear_tiles, "exiled": len(p.exiled), "home": p.home, "passed": s.passed[i],
            "no_fear": p.no_fear, "planes": p.planes, "score": s.breakdown(i),
        }
        if i == seat:
            d["hand"] = [card_json(c) for c in p.hand]
            d["aside"] = [card_json(c) for c in p.temp]
        players.append(d)
    track = D.TRACKS[s.temple]
    pend = pending_json(s)
    if pend and seat == s.turn and s.queue and s.queue[0][0] == "temple_bonus":
        pend["tiles"] = sorted(s.temple_bonus)
    if pend and seat == s.turn and s.queue and s.queue[0][0] == "rescue":
        pend["assistants"] = sorted(s.rescue)
    v = {
        "game": s.game.id, "seat": seat, "players": s.players, "options": dict(s.opts), "temple": s.temple,
        "round": s.round, "rounds": D.ROUNDS, "start": s.start, "turn": s.turn, "phase": s.phase,
        "to_move": list(s.to_move()), "pending": pend,
        "sites": [_site_json(s, site) for site in range(D.NSITES)],
        "row": {"artifacts": [card_json(c) if c else None for c in s.arts],
                "items": [card_json(c) if c else None for c in s.items],
                "revealed": card_json(s.peek) if s.peek else None},
        "decks": {"items": len(s.item_deck), "artifacts": len(s.art_deck), "fear": s.fear_left,
                  "level1": len(s.pile1), "level2": len(s.pile2), "guardians": len(s.gpile),
                  "item_exile": [card_json(c) for c in s.item_exile]},
        "assistants": [{"top": st[-1] if st else None, "count": len(st)} for st in s.stacks],
        "rescue": {"top": s.rescue[-1] if s.rescue else None, "count": len(s.rescue)},
        "research": [{"space": sp, "row": row, "cost": cost if cost == "idol" else _res(cost), "from": list(src),
                      "bonus": list(s.bonus[sp])} for sp, (row, cost, src, _) in track.items()],
        "temple_bonus": len(s.temple_bonus), "temple_left": list(s.temple_left),
        "temple_costs": [_res(D.temple_cost(s.costs, k)) for k in range(6)], "arrivals": s.arrivals,
        "player_info": players, "log": [{"seat": e[0], "key": e[1], "params": e[2]} for e in s.log],
        "history": s.history, "over": over, "rival": rival_json(s), "result": s.result() if over else None,
    }
    return json.loads(json.dumps(v))  # a view shares nothing with the state


def rival_json(s) -> dict | None:
    r = s.rival
    if r is None:
        return None
    return {"tiles": sorted(r["tiles"]), "left": len(r["stack"]), "used": list(r["used"]), "last": r["last"],
            "home": r["home"], "glass": r["glass"], "glass_row": s.row(r["glass"]), "arrival": r["arrival"],
            "temple_tiles": list(r["temple"]), "guardians": list(r["guardians"]),
            "cards": [card_json(c) for c in r["cards"]], "idols_up": list(r["idols_up"]),
            "idols_down": r["idols_down"], "score": s.rival_breakdown()}
