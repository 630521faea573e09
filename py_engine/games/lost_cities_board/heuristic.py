"""Fast rollout policy and evaluation for Lost Cities: The Board Game (for py_engine.bots).

`heuristic_action` reads only what `seat` may know: its own hand, the public board, piles, columns
and counts, and VP totals (every VP change is a public event, see state.py). `evaluate` projects every
player from their hand, so it must only see `state.determinize(seat, rng)` copies, where the other
hands are guesses from what `seat` cannot see; the search bot calls it on nothing else.
"""

from __future__ import annotations

from ...bots.heuristics import Heuristics, deck_unstall, one_ply_order
from ...core import Rng
from .data import ARROW, ARTIFACT, COLOURS, STONE_VALUES, STONES, VALUES, artifact_points
from .state import DRAW, MOVE, OVER, PLAY, LostCitiesBoardState, column_accepts, column_direction

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


def take_back(state: LostCitiesBoardState, seat: int) -> tuple | None:
    """The draw that would take back the card `seat` discarded this turn (discard + redraw = a pass in
    effect), or None. Read from the last log entry: (seat, "discard", colour, value)."""
    if state.phase != DRAW or state.turn != seat or not state.log:
        return None
    e = state.log[-1]
    return ("draw", e[2]) if e[0] == seat and e[1] == "discard" else None


def _choose_draw(state: LostCitiesBoardState, seat: int, acts: list, rng: Rng) -> tuple:
    back = take_back(state, seat)
    if back is not None and len(acts) > 1:
        acts = [a for a in acts if a != back]
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
    by_colour: list[list[int]] = [[] for _ in range(len(COLOURS))]  # hand values per colour
    for card in state.hands[seat]:
        k = card >> 1
        by_colour[k // VALUES].append(k % VALUES)
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
            usable = sum(1 for x in by_colour[c] if x >= v) - 1
            steps = min(usable + 1, int(left * 0.6), STONES - 1)
            end_value = STONE_VALUES[steps] if steps > 0 else STONE_VALUES[0]
            score = end_value * mult - 2.0 * v - 15.0
            if mult == 2 and usable < 4:
                score -= 20.0
        else:  # discard
            if kinds[c]:
                score = 4.0 if not column_accepts(cols[c], v, directions) else -25.0 + v
            else:
                same = len(by_colour[c])
                score = -2.0 * same - (0.5 * (10 - v) if left > 8 else 0.0)
        score += rng.random() * 0.01
        if score > best:
            best, pick = score, a
    return pick


_DRAW_FIT = 0.6  # share of the fitting cards still to come that reach this player (others hold/use some)


def _path_projection(state: LostCitiesBoardState, i: int, c: int, plays: float) -> float:
    """Points of player i's piece on path c if it advances `plays` more stones (fractional): stone value
    (researcher double) plus the tiles passed on the way (artifacts only if still there)."""
    p = state.pos[i][c]
    mult = 2 if state.kinds[i][c] == 2 else 1
    reach = min(float(STONES), p + plays)
    whole = int(reach)
    frac = reach - whole
    value = STONE_VALUES[whole - 1]
    if frac and whole < STONES:
        value += frac * (STONE_VALUES[whole] - value)
    row = state.board[c]
    tiles = 0.0
    for stone in range(p + 1, whole + 1):
        tiles += _tile_worth(row[stone])
    if frac and whole < STONES:
        tiles += frac * _tile_worth(row[whole + 1])
    return value * mult + 0.8 * tiles


def _fitting(state: LostCitiesBoardState, i: int, c: int, values: list[int]) -> tuple[int, int]:
    """(hand cards that fit player i's column c, card values that could still come and fit). With the
    direction variant an undecided column counts the better direction."""
    col = state.columns[i][c]
    top = (col[-1] >> 1) % VALUES
    up = (sum(1 for v in values if v >= top), VALUES - top)
    if not state.opts["directions"]:
        return up
    down = (sum(1 for v in values if v <= top), top + 1)
    direction = column_direction(col)
    if direction:
        return up if direction == "ascending" else down
    return max(up[0], down[0]), max(up[1], down[1])


def projected_points(state: LostCitiesBoardState, i: int, turns: float) -> float:
    """Expected points of player i's pieces at the end of this expedition: every started path advances by
    the cards in hand that fit it plus a share of those still to be drawn, limited by the stones left
    and by the turns left (one card per turn, spread over the paths in proportion)."""
    kinds, pos = state.kinds[i], state.pos[i]
    by_colour: list[list[int]] = [[] for _ in range(len(COLOURS))]
    for card in state.hands[i]:
        k = card >> 1
        by_colour[k // VALUES].append(k % VALUES)
    unseen = max(1, len(state.deck))
    wanted = []
    for c in range(len(COLOURS)):
        if not kinds[c]:
            wanted.append(0.0)
            continue
        in_hand, to_come = _fitting(state, i, c, by_colour[c])
        drawn = turns * _DRAW_FIT * (2 * to_come) / (unseen + 8 * state.players)
        wanted.append(min(float(STONES - pos[c]), in_hand + drawn))
    need = sum(wanted)
    scale = min(1.0, turns / need) if need > 0 else 1.0
    return sum(_path_projection(state, i, c, w * scale) for c, w in enumerate(wanted) if kinds[c])


def _artifact_value(state: LostCitiesBoardState, chips: float, last: bool) -> float:
    """Points of holding `chips` artifacts (fractional: interpolated); before the last expedition a flat
    10 per chip (the long table's slope above 5 chips)."""
    if not last:
        return 10.0 * chips
    whole = int(chips)
    low = artifact_points(whole, state.opts["length"])
    high = artifact_points(whole + 1, state.opts["length"])
    return low + (chips - whole) * (high - low)


def estimate(state: LostCitiesBoardState, i: int) -> float:
    """Player i's expected points: VP + projected expedition points (floor 0) + artifacts (in the last
    expedition by the artifact table, with the floor at 0 again; before it a flat value per chip)."""
    turns = _turns_left(state)
    last = state.expedition >= state.total
    points = max(0.0, state.vp[i] + projected_points(state, i, turns))
    points += _artifact_value(state, state.chips[i] + state.held[i], last)
    return max(0.0, points) if last else points


def evaluate(state: LostCitiesBoardState, seat: int) -> float:
    """Margin for `seat`: its estimated final points minus the others' (half mean, half best).

    Reads every hand of the state it is given: the search only calls it on determinized samples, where
    the other hands are guesses drawn from what `seat` cannot see."""
    if state.phase == OVER:
        scores = state.scores()
    else:
        scores = [estimate(state, i) for i in range(state.players)]
    others = [s for i, s in enumerate(scores) if i != seat]
    if not others:
        return float(scores[seat])
    return float(scores[seat] - 0.5 * (sum(others) / len(others) + max(others)))



def canonical(state: LostCitiesBoardState, seat: int) -> LostCitiesBoardState:
    """A copy whose hidden cards (other hands, removed cards, deck) are dealt back in sorted order."""
    s = state.clone()
    hidden = [i for i in range(s.players) if i != seat]
    pool = sorted(s.deck + s.removed + [c for i in hidden for c in s.hands[i]])
    at = 0
    for i in hidden:
        k = len(s.hands[i])
        s.hands[i] = pool[at:at + k]
        at += k
    k = len(s.removed)
    s.removed = pool[at:at + k]
    s.deck = pool[at + k:]
    return s


_one_ply = one_ply_order(heuristic_action, evaluate)


def ordered_actions(state: LostCitiesBoardState, seat: int) -> list:
    """Search candidates, best first (policy move, then one ply of `evaluate`); never the draw that takes
    back the card just discarded while another draw exists: the evaluation likes a known fitting card in
    hand, but discard + redraw only passes the turn (issue 13: the bot discarded white 8 and drew it back)."""
    ranked = _one_ply(state, seat)
    back = take_back(state, seat)
    if back is not None and len(ranked) > 1 and back in ranked:
        ranked.remove(back)
    return ranked


SCALE = 30.0
ROLLOUT_DEPTH = 24
HEURISTICS = Heuristics(policy=heuristic_action, greedy=heuristic_action, evaluate=evaluate, scale=SCALE,
                        rollout_depth=ROLLOUT_DEPTH, canonical=canonical, prior=True, order=ordered_actions,
                        unstall=deck_unstall(frozenset({"start", "advance", "move"})))

__all__ = ["HEURISTICS", "canonical", "heuristic_action", "evaluate", "estimate", "ordered_actions",
           "projected_points", "take_back"]
