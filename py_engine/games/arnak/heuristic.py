"""Arnak heuristics for the bots: a fast rule-of-thumb rollout policy and an evaluation in points.

`evaluate` reads the whole state it is given (hands, decks), so the search only calls it on
`determinize` samples. The estimate of a player's final score is the current score breakdown plus the
worth of what will still turn into points: resources (less so as the rounds run out), the engine of
bought cards and assistants, idols that may still buy an effect, and a penalty for Fear in the deck.
"""

from __future__ import annotations

from ...bots.heuristics import Heuristics, kind_in
from ...core import Rng
from . import data as D

RES_WORTH = (0.6, 0.7, 0.8, 1.2, 1.8)  # coin, compass, tablet, arrowhead, jewel in points (early game)
# A resource keeps RES_FADE + rounds left / 3 of its worth (at most all of it): all of it up to round 3's end, 5/6
# at round 4's end (the last round's rollouts run to the game's end, where it is worth nothing). It was 0.25
# (7/12 at round 4's end) while a round-ending move's rollout played a whole extra round (bots.search); with
# that fixed, 0.5 won 19 of 40 solo games against the difficulty-5 rival at level 3, 0.25 won 17 (same deals).
RES_FADE = 0.5
CARD_ENGINE = 1.2  # points per remaining round of a bought item/artifact beyond its printed VP
# An assistant is worth ASSISTANT_ENGINE / 2 points for each round still to come (at most 3): it pays its
# resource (a coin, a compass, a card...) again every round it is refreshed. At 1.0 it was worth half a point a
# round, less than the coin it gives; 2.0 won 24 of 40 solo games against the difficulty-5 rival at level 3
# (1.0: 19 of 40, the same deals) and 22 of 40 new ones (docs/benchmarks.md, sixth round).
ASSISTANT_ENGINE = 2.0
FEAR_DRAG = 0.4  # per remaining round: a Fear card clogs the hand
EPSILON = 0.08
# Research: a token's row is worth more than its printed points while rounds remain, because the rows above
# score ever more (bird glass 1, 2, 4, 6, 9, 12, 16, then 19-23 at the temple). The estimate credits a share
# TRACK_HOPE of the points of the row the token would reach at TRACK_PACE rows per round still to come.
TRACK_HOPE = 0.6
TRACK_PACE = 1.2
TEMPLE_HOPE_VP = 21.0  # the temple's points as seen from below it (23, 21, 20, 19 by arrival)
# The climb is not free: a glass whose next step the player can already pay for is READY_ROW rows further on
# its way, and one holding part of the cost that share of it. Without this, holding a tablet towards a
# tablet-and-arrowhead step was worth no more than any other tablet, and a glass that took the jewel space of
# row 1 could stay there all game with six jewels in hand (solo game 25: 33 points against the rival's 66).
READY_ROW = 0.8
# Solo: the margin is taken over the rival's points so far plus SOLO_RIVAL_PACE for each round not yet
# finished, and divided by SOLO_SHRINK, so that it stays near the middle of the reward's tanh, where small
# differences between moves still count. (The rival's points times 1 + 0.15 per round left, as before, put
# the margin at +15 to +25 in round 1: there the search's 0.01 bonus for the policy's move outweighed a
# difference of 3 points, and the search hardly ever overruled the policy.)
SOLO_RIVAL_PACE = 4.0
SOLO_SHRINK = 1.5
ORDER_STEPS = 8  # the move ordering follows an action's own choices this far
# Level 3 tries the ordering's first 6 moves, not the level's 3: in solo against the difficulty-5 rival that
# alone raised the mean score from 60.8 to 66.1 on games 0-19 (docs/benchmarks.md; 10 candidates: 65.3).
WIDTHS = {3: 6}


def _rounds_left(state) -> float:
    """Rounds still to be played after this one, plus the part of this one not yet used."""
    if state.phase == "over":
        return 0.0
    open_seats = sum(1 for x in state.passed if not x)
    return (D.ROUNDS - state.round) + 0.5 * open_seats / state.players


def _row_vp(vps: list, row: float) -> float:
    """Points of a (fractional) row of a track, linear between rows."""
    lo = int(row)
    if lo >= len(vps) - 1:
        return vps[-1]
    return vps[lo] + (row - lo) * (vps[lo + 1] - vps[lo])


def _track_vps(temple: str) -> tuple[list, list]:
    rows = D.ROWS[temple]
    glass = [0.0] + [float(r[1]) for r in rows[1:]] + [TEMPLE_HOPE_VP]
    note = [0.0] + [float(r[3]) for r in rows[1:]]
    return glass, note


# temple -> space -> costs of the spaces entered from it (the research track's next steps)
NEXT_COSTS = {temple: {src: tuple(cost for _row, cost, sources, _tiles in track.values() if src in sources)
                       for src in {s for _row, _cost, sources, _tiles in track.values() for s in sources}}
              for temple, track in D.TRACKS.items()}


def ready_share(state, p) -> float:
    """The largest share of the cost of one of the glass's next spaces that player p holds (1: it can climb now;
    a Snake idol space asks one idol)."""
    if p.glass == D.TEMPLE:
        return 0.0
    best = 0.0
    for cost in NEXT_COSTS[state.temple].get(p.glass, ()):
        if cost == "idol":
            share = 1.0 if p.idols else 0.0
        else:
            share = sum(min(p.res[k], cost[k]) for k in range(5)) / max(1, sum(cost))
        best = max(best, share)
    return best


def track_hope(state, i: int, left: float) -> float:
    """Expected points still to come from player i's research tokens rising at TRACK_PACE rows a round, from
    READY_ROW times the ready share of a row above the glass's."""
    p = state.p[i]
    if left <= 0 or TRACK_HOPE <= 0:
        return 0.0
    glass_vps, note_vps = _track_vps(state.temple)
    g = 8 if p.glass == D.TEMPLE else state.row(p.glass)
    n = state.row(p.notebook)
    reach = min(8.0, g + READY_ROW * ready_share(state, p) + TRACK_PACE * left)
    hope = 0.0 if p.glass == D.TEMPLE else _row_vp(glass_vps, reach) - glass_vps[g]
    note_reach = min(7.0, reach, n + TRACK_PACE * left)
    hope += _row_vp(note_vps, note_reach) - note_vps[n]
    return TRACK_HOPE * hope


def estimate(state, i: int) -> float:
    """Player i's expected final points."""
    b = state.breakdown(i)
    total = float(b["total"])
    left = _rounds_left(state)
    if left <= 0:
        return total
    p = state.p[i]
    frac = min(1.0, RES_FADE + left / 3.0)
    total += frac * sum(p.res[k] * RES_WORTH[k] for k in range(5))
    engine = 0
    fear = 0
    for c in p.cards():
        kind = D.CARDS[c][1]
        if kind in ("item", "artifact"):
            engine += 1
        elif kind == "fear":
            fear += 1
    total += min(left, 3.0) * (CARD_ENGINE * engine / 3.0 - FEAR_DRAG * fear)
    total += min(left, 3.0) * ASSISTANT_ENGINE * len(p.assistants) / 2.0
    total += 1.0 * p.idols * min(1.0, left)
    total += track_hope(state, i, left)
    total += 0.8 * (2 - p.home) if state.phase != "keep" else 0.0
    if not p.no_fear:  # an archaeologist still at a guardian's site brings Fear home
        total -= 1.5 * sum(1 for s in range(D.NSITES) if state.guard[s] >= 0 and i in state.occ[s])
    return total


def evaluate(state, seat: int) -> float:
    """Margin for `seat`: its estimate minus the others' (half mean, half best)."""
    if state.phase == "over":
        scores = [float(x) for x in state.scores()]
    else:
        scores = [estimate(state, i) for i in range(state.players)]
    others = [s for i, s in enumerate(scores) if i != seat]
    if state.rival is not None:  # solo: the margin over the rival's projected points
        rival = float(state.rival_breakdown()["total"])
        unfinished = 0 if state.phase == "over" else D.ROUNDS - state.round + 1
        return (scores[seat] - rival - SOLO_RIVAL_PACE * unfinished) / SOLO_SHRINK
    return scores[seat] - 0.5 * (sum(others) / len(others) + max(others))


def _travel_loss(state, seat: int, action: tuple) -> float:
    kind = action[0]
    if kind == "tcard":
        info = D.CARDS[action[1]]
        if info[1] == "fear":
            return 0.0
        if info[1] == "basic":
            return 1.0
        return 2.0 + (1.0 if info[5] == "F" else 0.0)
    if kind == "pilot":
        return 1.3
    return 1.5


def action_score(state, seat: int, action: tuple) -> float:
    """Rule-of-thumb worth of one legal action (no lookahead)."""
    k = action[0]
    p = state.p[seat]
    left = D.ROUNDS - state.round
    if state.queue:
        op = state.queue[0][0]
        if op == "travel":
            return -_travel_loss(state, seat, action)
        if k == "skip":
            return 0.1
        if k == "exile":
            card = action[2]
            if action[1] == "tile":
                return 3.0
            info = D.CARDS[card]
            return {"fear": 3.0, "basic": 0.8 if left >= 1 else -0.5}.get(info[1], -2.0)
        if k == "discard":
            return 1.0 if D.CARDS[action[1]][1] == "fear" else 0.3
        if k == "decline":
            return 0.0
        if k == "none":
            return 0.2
        return 1.0
    if state.phase == "keep":
        if k == "release":
            return 1.0 if D.CARDS[action[1]][1] == "fear" else -0.5
        return 0.0
    if k == "research":
        _row, cost, _src, _ = D.TRACKS[state.temple][action[2]]
        return (7.0 if action[1] == "glass" else 5.0) + 0.6 * _row
    if k == "temple":
        return 4.0 + D.TEMPLE_STACK_VP[action[1]]
    if k == "discover":
        return 7.5 if action[1] in D.LEVEL2 else 6.0
    if k == "overcome":
        return 7.0
    if k == "dig":
        return 4.0 if action[1] >= 5 else 3.0
    if k == "buy":
        row = state.items if action[1] == "item" else state.arts
        c = row[action[2]]
        return 2.0 + 0.7 * D.CARDS[c][4] + 0.4 * left
    if k == "play":
        info = D.CARDS[action[1]]
        if info[5] == "F":
            # keep travel cards for digging while archaeologists are home; spend them for effect after
            return 1.0 if state.phase == "main" and p.home and info[1] == "basic" else 5.0
        return 4.5
    if k == "assist":
        return 5.0
    if k == "idol":
        return 0.8 + (0.5 if action[1] in (0, 1) else 0.0) - 0.4 * p.slots
    if k == "boon":
        return 2.0
    if k == "end":
        return 0.5
    return 0.0  # pass


def heuristic_action(state, seat: int, rng: Rng) -> tuple:
    acts = state.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    if rng.random() < EPSILON:
        return rng.choice(acts)
    best, pick = -1e9, acts[0]
    for a in acts:
        v = action_score(state, seat, a) + 0.01 * rng.random()
        if v > best:
            best, pick = v, a
    return pick


def greedy_action(state, seat: int) -> tuple:
    """The policy's move without its random share (the first of equal scores)."""
    acts = state.legal_actions(seat)
    return max(acts, key=lambda a: action_score(state, seat, a)) if len(acts) > 1 else acts[0]


def settled_value(state, seat: int, action: tuple) -> float:
    """`evaluate` after `action` and the choices it leads to (made by greedy_action), so that a dig, a discovery
    or a purchase is judged with its gains in hand rather than halfway through its payment."""
    after = state.clone()
    after.step(seat, action)
    for _ in range(ORDER_STEPS):
        if not after.queue or after.to_move() != (seat,):
            break
        after.step(seat, greedy_action(after, seat))
    return evaluate(after, seat)


def order(state, seat: int) -> list:
    """Legal actions best first: the policy's move, then the rest by settled_value."""
    ranked = sorted(state.legal_actions(seat), key=lambda a: -settled_value(state, seat, a))
    first = heuristic_action(state, seat, Rng(0))
    if first in ranked:
        ranked.remove(first)
        ranked.insert(0, first)
    return ranked


def horizon(state) -> int:
    return state.round


# Moves a page shows without a pause (bots.heuristics.quick_move): passing for the round.
QUICK = kind_in(frozenset({"pass"}))

HEURISTICS = Heuristics(policy=heuristic_action, evaluate=evaluate, scale=12.0, rollout_depth=40,
                        horizon=horizon, prior=True, order=order, widths=WIDTHS,
                        quick=QUICK)

__all__ = ["HEURISTICS", "action_score", "estimate", "evaluate", "heuristic_action"]
