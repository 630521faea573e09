"""Rollout policy and evaluation for Islands in the Mist (for py_engine.bots).

Everything but the bag's order is open, so both read the state freely. The policy is greedy and local:
cheap flights next to free spaces, the richest cloud, keep terrain and wild tiles, place each tile where
it joins its own terrain or coast, covers a volcano or triggers a space. The evaluation is the score
margin now plus the worth of coast connections (towards the end bonus), telescope tiles and energy.
"""

from __future__ import annotations

from ...bots.heuristics import Heuristics, kind_in
from ...core import Rng
from .data import ENERGY, KIND, TERRAIN
from .scoring import connected_coasts
from .state import IslandsState

KEEP_KINDS = frozenset({"terrain", "wild", "monument", "start", "office", "harbour_office", "lookout_small",
                        "lookout_large", "wind_machine", "royal_couple"})


def placement_value(state: IslandsState, seat: int, t: int, j: int) -> float:
    """Local worth of tile `t` on space `j` of `seat`'s island."""
    b = state.board
    placed = state.placed[seat]
    kind, terrain = KIND[t], TERRAIN[t]
    v = 0.0
    sk = b.kind[j]
    if sk == "volcano":
        v += b.penalty[j]
    elif sk == "energy":
        v += b.energy[j] * 0.4
    elif sk in ("question", "draw1energy"):
        v += 1.5 + b.energy[j] * 0.4
    elif sk == "draw2":
        v += 3.0
    coast = b.coast[j]
    if coast:
        if kind == "wild" or (kind == "terrain" and terrain == coast):
            v += 3.0
        else:
            v -= 3.0
    if kind in ("terrain", "wild"):
        for k in b.neighbours[j]:
            o = placed[k]
            if o >= 0:
                if KIND[o] == "wild" or (kind == "wild" and KIND[o] == "terrain") or TERRAIN[o] == terrain:
                    v += 1.5
                elif KIND[o] == "city":
                    v += 1.0
            elif terrain and b.coast[k] == terrain:
                v += 1.5
        v += 0.6 if j in b.yard_neighbours or any(placed[k] >= 0 for k in b.neighbours[j]) else 0.0
    elif kind == "city":
        v += sum(1 for k in b.neighbours[j] if placed[k] >= 0 and KIND[placed[k]] in ("terrain", "wild", "start"))
    elif kind in ("monument", "royal_couple"):
        v += 1.0
    else:
        v += 0.5
    return v


def heuristic_action(state: IslandsState, seat: int, rng: Rng) -> tuple:
    """A sensible legal action for `seat`, quickly (ties broken by `rng`)."""
    acts = state.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    dec = state.decision()
    if dec == "gain":
        t = state.gain[0]
        want = KIND[t] in KEEP_KINDS and (KIND[t] != "monument" or state.energy[seat] >= 6)
        return ("keep",) if want and ("keep",) in acts else ("convert",)
    if dec == "dice":
        return ("roll_done",)
    if dec == "fly":
        best, pick = -1e9, acts[0]
        tele = len(state.telescope[seat])
        for a, cost, dest in state.flights(seat):
            if dest >= 0:
                free = sum(1 for k in state.board.neighbours[dest]
                           if k != state.board.yard and state.placed[seat][k] < 0)
            else:
                free = 2 if tele else 0
            score = min(free, tele + 1) * 0.8 - cost * (0.5 if state.energy[seat] > 8 else 0.9)
            if score > best:
                best, pick = score, a
        return pick
    if dec == "take":
        best, pick = -1e9, acts[0]
        for a in acts:
            if a[0] == "cloud":
                tiles = state.clouds[a[1]]
                score = sum(2.0 if KIND[t] in ("terrain", "wild") else 0.5 + ENERGY[t] * 0.2 for t in tiles)
            elif a[0] == "activate":
                score = 3.0 if a[2] == "keep" else 1.0
            else:
                score = -ENERGY[a[1]] if KIND[a[1]] not in ("terrain", "wild") else -2.0 - ENERGY[a[1]] * 0.1
            if score > best:
                best, pick = score, a
        return pick
    if dec == "place":
        best, pick = 0.2, ("done",)
        for a in acts:
            if a[0] == "place":
                score = placement_value(state, seat, a[1], a[2])
                if score > best:
                    best, pick = score, a
        return pick
    if dec == "exchange":
        best, pick = -1e9, acts[-1]
        for a in acts:
            score = 1.0 if a[1] == "bag" else (2.0 if KIND[a[1]] in ("terrain", "wild") else 0.0)
            if score > best:
                best, pick = score, a
        return pick
    return rng.choice(acts)


def evaluate(state: IslandsState, seat: int) -> float:
    """Score margin with the unfinished parts valued: coasts connected, tiles waiting, energy."""
    n = state.players
    sheet = state.score_sheet()
    over = not state.to_move()
    vals = []
    for i in range(n):
        v = float(sheet[i]["total"])
        if not over:
            coasts = len(connected_coasts(state.board, state.placed[i]))
            v += 1.2 * coasts
            v += sum(1.2 for t in state.telescope[i] if KIND[t] in ("terrain", "wild"))
            v += 0.15 * state.energy[i]
        vals.append(v)
    others = [x for i, x in enumerate(vals) if i != seat]
    return vals[seat] - max(others)


SCALE = 12.0


def order(state: IslandsState, seat: int) -> list:
    """Legal actions best first by the policy's own local scores (no copies of the state)."""
    acts = state.legal_actions(seat)
    dec = state.decision()
    if dec == "place":
        def key(a: tuple) -> float:
            return placement_value(state, seat, a[1], a[2]) if a[0] == "place" else 0.2
        ranked = sorted(acts, key=lambda a: -key(a))
    elif dec == "fly":
        tele = len(state.telescope[seat])
        costs = {a: (c, d) for a, c, d in state.flights(seat)}

        def fkey(a: tuple) -> float:
            c, d = costs[a]
            free = (sum(1 for k in state.board.neighbours[d] if k != state.board.yard and state.placed[seat][k] < 0)
                    if d >= 0 else 2)
            return min(free, tele + 1) * 0.8 - c * 0.7
        ranked = sorted(acts, key=lambda a: -fkey(a))
    else:
        ranked = list(acts)
    first = heuristic_action(state, seat, Rng(0))
    if first in ranked:
        ranked.remove(first)
        ranked.insert(0, first)
    return ranked

# Moves a page shows without a pause (bots.heuristics.quick_move): ending the dice or placing steps, staying,
# keeping or converting a gained tile.
QUICK = kind_in(frozenset({"roll_done", "done", "stay", "keep", "convert"}))

HEURISTICS = Heuristics(policy=heuristic_action, greedy=heuristic_action, evaluate=evaluate, scale=SCALE,
                        rollout_depth=16, prior=True, order=order, quick=QUICK)

__all__ = ["HEURISTICS", "evaluate", "heuristic_action", "order", "placement_value"]
