"""Fast rollout policy and evaluation for Lost Cities: The Board Game (for py_engine.bots).

Both read only what `seat` may know: its own hand, the public board, piles, columns and counts, and VP
totals (every VP change is a public event, see state.py). Run them on `state.determinize(seat, rng)`
copies if in doubt; they never look at other hands, the deck order or the removed cards.
"""

from __future__ import annotations

from ...core import Rng
from .data import ARROW, ARTIFACT, COLOURS, STONE_VALUES, STONES, VALUES, artifact_points
from .state import DRAW, MOVE, OVER, PLAY, LostCitiesBoardState, column_accepts

_CIDX = {c: i for i, c in enumerate(COLOURS)}
_ARTIFACT_WORTH = 10.0  # rough points of one artifact tile (chips count on the artifact table)
_ARROW_WORTH = 8.0  # an extra step for some piece


def _tile_worth(code: int) -> float:
    if code > 0:
        return float(code)
    if code == ARTIFACT:
        return _ARTIFACT_WORTH
    if code == ARROW:
        return _ARROW_WORTH
    return 0.0


def _step_gain(state: LostCitiesBoardState, seat: int, c: int) -> float:
    """Points won by moving `seat`'s piece on path `c` one stone (stone delta x multiplier + tile)."""
    p = state.pos[seat][c]
    if p <= 0 or p >= STONES:
        return -1e9
    mult = 2 if state.kinds[seat][c] == 2 else 1
    return (STONE_VALUES[p] - STONE_VALUES[p - 1]) * mult + _tile_worth(state.board[c][p + 1])


def _best_move_gain(state: LostCitiesBoardState, seat: int) -> float:
    gains = [_step_gain(state, seat, c) for c in range(len(COLOURS)) if 0 < state.pos[seat][c] < STONES]
    return max(gains) if gains else 0.0


def _turns_left(state: LostCitiesBoardState) -> float:
    """Rough number of own turns left: deck draws per player, capped by the bridge count."""
    by_deck = len(state.deck) / state.players
    by_bridge = (5 - state.crossed) * 4.0
    return max(0.0, min(by_deck, by_bridge))


def heuristic_action(state: LostCitiesBoardState, seat: int, rng: Rng) -> tuple:
    """A sensible legal action for `seat`, quickly (ties broken by `rng`)."""
    acts = state.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    phase = state.phase
    if phase == MOVE:
        best, pick = -1e18, acts[-1]
        for a in acts:
            if a[0] == "move":
                g = _step_gain(state, seat, _CIDX[a[1]]) + rng.random() * 0.01
                if g > best:
                    best, pick = g, a
        return pick
    if phase == DRAW:
        return _choose_draw(state, seat, acts, rng)
    if phase == PLAY:
        return _choose_play(state, seat, acts, rng)
    return acts[0]


def _choose_draw(state: LostCitiesBoardState, seat: int, acts: list, rng: Rng) -> tuple:
    best, pick = 1.0, ("draw", "deck") if ("draw", "deck") in acts else acts[0]
    kinds, cols = state.kinds[seat], state.columns[seat]
    directions = state.opts["directions"]
    for a in acts:
        if a[1] == "deck":
            continue
        c = _CIDX[a[1]]
        v = (state.piles[c][-1] >> 1) % VALUES
        if kinds[c] and column_accepts(cols[c], v, directions):
            gap = abs(v - (cols[c][-1] >> 1) % VALUES)
            score = 5.0 - gap + rng.random() * 0.01
            if score > best:
                best, pick = score, a
    return pick


def _choose_play(state: LostCitiesBoardState, seat: int, acts: list, rng: Rng) -> tuple:
    kinds, cols, pos = state.kinds[seat], state.columns[seat], state.pos[seat]
    directions = state.opts["directions"]
    hand_keys = [card >> 1 for card in state.hands[seat]]
    left = _turns_left(state)
    best, pick = -1e18, acts[-1]
    for a in acts:
        kind, c, v = a[0], _CIDX[a[1]], a[2]
        if kind == "advance":
            top = (cols[c][-1] >> 1) % VALUES
            gap = abs(v - top)
            gain = _best_move_gain(state, seat) if pos[c] == STONES else _step_gain(state, seat, c)
            score = gain - 3.0 * gap
        elif kind == "start":
            mult = 2 if a[3] == "researcher" else 1
            usable = sum(1 for k in hand_keys if k // VALUES == c and k % VALUES >= v) - 1
            steps = min(usable + 1, int(left * 0.6), STONES - 1)
            end_value = STONE_VALUES[steps] if steps > 0 else STONE_VALUES[0]
            score = end_value * mult - 2.0 * v - 15.0
            if mult == 2 and usable < 4:
                score -= 20.0
        else:  # discard
            if kinds[c]:
                score = 4.0 if not column_accepts(cols[c], v, directions) else -25.0 + v
            else:
                same = sum(1 for k in hand_keys if k // VALUES == c)
                score = -2.0 * same - (0.5 * (10 - v) if left > 8 else 0.0)
        score += rng.random() * 0.01
        if score > best:
            best, pick = score, a
    return pick


def evaluate(state: LostCitiesBoardState, seat: int) -> float:
    """Expected-score-ish value for `seat`: its estimated final points minus the mean estimate of the others.

    Estimate = VP total + points of the pieces where they stand + a share of the next steps its playable
    cards allow (own hand only for `seat`; others get a flat allowance) + artifact tiles/chips."""
    if state.phase == OVER:
        scores = state.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        return float(scores[seat] - (sum(others) / len(others) if others else 0.0))
    left = _turns_left(state)
    last = state.expedition >= state.total
    ests = []
    for i in range(state.players):
        est = float(state.vp[i] + state.expedition_points(i))
        chips = state.chips[i] + state.held[i]
        if last:
            est += artifact_points(chips, state.opts["length"])
        else:
            est += 10.0 * state.held[i]
        if i == seat:
            cols, kinds = state.columns[i], state.kinds[i]
            directions = state.opts["directions"]
            for key in {card >> 1 for card in state.hands[i]}:
                c, v = divmod(key, VALUES)
                if kinds[c] and state.pos[i][c] < STONES and column_accepts(cols[c], v, directions):
                    est += 0.5 * max(0.0, _step_gain(state, i, c)) * min(1.0, left / 4.0)
        else:
            est += sum(5.0 for p in state.pos[i] if 0 < p < STONES) * min(1.0, left / 4.0)
        ests.append(est)
    others = [e for i, e in enumerate(ests) if i != seat]
    return ests[seat] - (sum(others) / len(others) if others else 0.0)


__all__ = ["heuristic_action", "evaluate"]
