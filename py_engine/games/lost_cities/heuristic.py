"""Lost Cities (card game) heuristics: greedy policy, rollout policy, evaluation, canonical hidden order.

Everything is built on one estimate, `_project`: the expected final value of one expedition for one
player, from the row already laid, the playable cards of that colour in the player's hand (discounted
when there are more cards to play than turns left) and the unseen cards of that colour that may still
arrive. A policy decision compares the projection of the colour a card belongs to before and after the
action; the evaluation sums the projections of both players. The policy only reads the mover's own hand
and public information, so it is a fair opponent model and a fair greedy bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...bots.heuristics import Heuristics, deck_unstall
from ...core import Rng
from .cards import COLOURS, PER_COLOUR, WAGERS

_NCARDS = len(COLOURS) * PER_COLOUR
_COL = tuple(c // PER_COLOUR for c in range(_NCARDS))
_VAL = tuple(0 if c % PER_COLOUR < WAGERS else c % PER_COLOUR - 1 for c in range(_NCARDS))
_WAGER = tuple(c % PER_COLOUR < WAGERS for c in range(_NCARDS))
_NUMBERS = tuple(range(2, 11))
_PLAY = tuple(("play", c) for c in range(_NCARDS))
# (value, card id) of the number cards of each colour: value v of colour col has id col * 12 + v + 1
_NUMBER_IDS = tuple(tuple((v, col * PER_COLOUR + v + 1) for v in _NUMBERS) for col in range(len(COLOURS)))
_DISCARD = tuple(("discard", c) for c in range(_NCARDS))

PLAY_BONUS = 1.0     # tempo: a card laid now cannot be stranded in hand when the deck runs out
DECK_VALUE = 1.5     # what a blind deck draw is worth, compared with taking a discard top
GIVE_STARTED = 0.7   # share of a discarded card's value credited to an opponent already in that colour
GIVE_EMPTY = 0.1     # ... to an opponent who has not started that colour


def _formula(nrow: int, total: int, wagers: int, hs: int, hn: int, hw: int, us: int, un: int, f: float,
             q: float) -> float:
    """`_project` from its sums: the row (cards, value sum, wagers), the playable hand cards (value sum,
    count, wagers) and the unseen cards above the row (value sum, count)."""
    expect = total + f * hs + q * us
    mult = 1 + wagers + f * hw
    cards = nrow + f * (hn + hw) + q * un
    value = (expect - 20) * mult
    if cards >= 7:
        value += 20 * min(1.0, (cards - 7) / 2)
    if not nrow and value < 0:
        return 0.0
    return value


def _project(row: list[int], hand_col: list[int], unseen_col: list[int], f: float, q: float) -> float:
    """Expected final score of one expedition (row laid, own cards of the colour, unseen values)."""
    lv = _VAL[row[-1]] if row else 0
    total = 0
    wagers = 0
    for c in row:
        total += _VAL[c]
        wagers += _WAGER[c]
    hand_sum = 0
    hand_n = 0
    hand_w = 0
    for c in hand_col:
        v = _VAL[c]
        if v > lv:
            hand_sum += v
            hand_n += 1
        elif v == 0 and lv == 0:
            hand_w += 1
    unseen_sum = 0
    unseen_n = 0
    for v in unseen_col:
        if v > lv:
            unseen_sum += v
            unseen_n += 1
    return _formula(len(row), total, wagers, hand_sum, hand_n, hand_w, unseen_sum, unseen_n, f, q)


class _View:
    """What `seat` knows in a Lost Cities state, split by colour."""

    __slots__ = ("hand", "unseen", "rows", "opp_rows", "f", "q", "ncol")

    def __init__(self, s: Any, seat: int) -> None:
        ncol = self.ncol = s.ncol
        seen = bytearray(ncol * PER_COLOUR)
        hand = self.hand = [[] for _ in range(ncol)]
        for c in s.hands[seat]:
            hand[_COL[c]].append(c)
            seen[c] = 1
        for side in s.rows:
            for r in side:
                for c in r:
                    seen[c] = 1
        for p in s.piles:
            for c in p:
                seen[c] = 1
        self.unseen = [[v for v, card in _NUMBER_IDS[col] if not seen[card]] for col in range(ncol)]
        rows = self.rows = s.rows[seat]
        self.opp_rows = s.rows[1 - seat]
        n = len(s.deck)
        self.q = 0.3 * n / (n + 8)
        turns = (n + 1) // 2
        planned = 0
        for col in range(ncol):
            row = rows[col]
            lv = _VAL[row[-1]] if row else 0
            count = total = 0
            for c in hand[col]:
                v = _VAL[c]
                if v > lv:
                    count += 1
                    total += v
                elif v == 0 and lv == 0:
                    count += 1
            if row or total >= 15:
                planned += count
        self.f = 1.0 if planned <= turns else max(0.2, turns / planned)

    def project(self, col: int, row: list[int] | None = None, hand_col: list[int] | None = None) -> float:
        return _project(self.rows[col] if row is None else row, self.hand[col] if hand_col is None else hand_col,
                        self.unseen[col], self.f, self.q)

    def give(self, card: int) -> float:
        """Rough value to the opponent of a card left on a discard pile."""
        row = self.opp_rows[_COL[card]]
        v = _VAL[card]
        if not row:
            return GIVE_EMPTY * v
        lv = _VAL[row[-1]]
        if v > lv:
            return GIVE_STARTED * v * (1 + sum(_WAGER[c] for c in row))
        return 0.0


def _scored_actions(s: Any, seat: int) -> list[tuple[float, tuple]]:
    """(score, action) for every legal action of `seat` now, higher is better. (The projections are
    `_project` written out per colour with running sums: the same numbers without building lists.)"""
    view = _View(s, seat)
    out: list[tuple[float, tuple]] = []
    f, q = view.f, view.q
    if s.phase == "play":
        done = -1
        nrow = total = wagers = lv = hs = hn = hw = us = un = 0
        b = 0.0
        hand_col: list[int] = []
        unseen_col: list[int] = []
        for card in s.hands[seat]:
            col = _COL[card]
            row = view.rows[col]
            v = _VAL[card]
            if row and (v <= _VAL[row[-1]] if not _WAGER[card] else _VAL[row[-1]] > 0):
                out.append((-view.give(card), _DISCARD[card]))  # a dead card: worth nothing to keep
                continue
            if col != done:  # first live card of this colour: the colour's sums and base projection
                done = col
                nrow, total, wagers = len(row), 0, 0
                for c in row:
                    total += _VAL[c]
                    wagers += _WAGER[c]
                lv = _VAL[row[-1]] if row else 0
                hand_col, unseen_col = view.hand[col], view.unseen[col]
                hs = hn = hw = 0
                for c in hand_col:
                    x = _VAL[c]
                    if x > lv:
                        hs += x
                        hn += 1
                    elif x == 0 and lv == 0:
                        hw += 1
                us = un = 0
                for x in unseen_col:
                    if x > lv:
                        us += x
                        un += 1
                b = _formula(nrow, total, wagers, hs, hn, hw, us, un, f, q)
            # play: the row gains the card (new last value v), the hand loses it
            phs = phn = phw = 0
            for c in hand_col:
                if c != card:
                    x = _VAL[c]
                    if x > v:
                        phs += x
                        phn += 1
                    elif x == 0 and v == 0:
                        phw += 1
            pus = pun = 0
            for x in unseen_col:
                if x > v:
                    pus += x
                    pun += 1
            played = _formula(nrow + 1, total + v, wagers + _WAGER[card], phs, phn, phw, pus, pun, f, q)
            out.append((played - b + PLAY_BONUS, _PLAY[card]))
            # discard: the hand loses the card
            if v > lv:
                kept = _formula(nrow, total, wagers, hs - v, hn - 1, hw, us, un, f, q)
            elif v == 0 and lv == 0:
                kept = _formula(nrow, total, wagers, hs, hn, hw - 1, us, un, f, q)
            else:
                kept = b
            out.append((kept - b - view.give(card), _DISCARD[card]))
        return out
    if s.deck:
        out.append((DECK_VALUE, ("draw", "deck")))
    for col, pile in enumerate(s.piles):
        if pile and col != s.banned:
            card = pile[-1]
            gain = view.project(col, None, view.hand[col] + [card]) - view.project(col) + 0.5 * view.give(card)
            out.append((gain, ("draw", COLOURS[col])))
    return out


def greedy_action(state: Any, seat: int) -> tuple:
    """Deterministic one-ply choice: the best-scored action (first in legal order on ties)."""
    best, best_score = None, None
    for score, action in _scored_actions(state, seat):
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best  # type: ignore[return-value]


def ordered_actions(state: Any, seat: int) -> list[tuple]:
    """Legal actions of `seat`, best heuristic score first (stable for equal scores)."""
    scored = _scored_actions(state, seat)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i][1] for i in order]


def heuristic_action(state: Any, seat: int, rng: Rng, epsilon: float = 0.05) -> tuple:
    """Rollout policy: the greedy choice, or with probability `epsilon` a uniformly random legal action."""
    if epsilon and rng.random() < epsilon:
        return rng.choice(state.legal_actions(seat))
    return greedy_action(state, seat)


def evaluate(state: Any, seat: int) -> float:
    """Match-total difference for `seat`, plus projected value of both players' expeditions this round."""
    diff = float(state.totals[seat] - state.totals[1 - seat])
    if state.phase == "over" or (not any(state.piles) and not any(r for side in state.rows for r in side)):
        return diff
    mine, theirs = _View(state, seat), _View(state, 1 - seat)
    for col in range(state.ncol):
        diff += mine.project(col) - theirs.project(col)
    return diff


def known_cards(state: Any, seat: int) -> list[int]:
    """Cards the opponent of `seat` must hold: taken from a discard pile this round and not laid since.

    Derived from the public move list only (discards show their card; a pile draw takes the pile's top).
    """
    start = state.history[-1]["moves"] if state.history else 0
    piles: list[list[int]] = [[] for _ in range(state.ncol)]
    known: set[int] = set()
    other = 1 - seat
    for mover, (kind, arg) in state.record.moves[start:]:
        if kind == "draw":
            if arg != "deck":
                card = piles[COLOURS.index(arg)].pop()
                if mover == other:
                    known.add(card)
            continue
        if kind == "discard":
            piles[_COL[arg]].append(arg)
        if mover == other:
            known.discard(arg)
    return sorted(known)


def constrain(state: Any, seat: int) -> Callable[[Any, Rng], None] | None:
    """A fixer that moves the opponent's known cards (see known_cards) into its hand in each sample."""
    known = known_cards(state, seat)
    if not known:
        return None
    other = 1 - seat

    def fix(det: Any, rng: Rng) -> None:
        hand, deck = det.hands[other], det.deck
        missing = [k for k in known if k not in hand]
        if not missing:
            return
        free = [c for c in hand if c not in known]
        for k in missing:
            x = free.pop(rng.below(len(free)))
            deck[deck.index(k)] = x
            hand.remove(x)
            hand.append(k)
        hand.sort()

    return fix


def horizon(state: Any) -> int:
    """Rollouts stop at the end of the round they started in."""
    return state.round


def canonical(state: Any, seat: int) -> Any:
    """A copy whose hidden cards (other hand, deck) are in sorted order.

    `determinize` shuffles the hidden cards starting from their current order, so without this two
    states that differ only in hidden information would give different samples for the same rng.
    The sorted pool depends only on public information (all cards minus the seen ones).
    """
    s = state.clone()
    other = 1 - seat
    pool = sorted(s.deck + s.hands[other])
    n = len(s.hands[other])
    s.hands[other] = pool[:n]
    s.deck = pool[n:]
    return s


HEURISTICS = Heuristics(policy=heuristic_action, greedy=lambda s, seat, rng: greedy_action(s, seat),
                        evaluate=evaluate, scale=30.0, rollout_depth=16, horizon=horizon, canonical=canonical,
                        prior=True, win_weight=0.0, order=ordered_actions, constrain=constrain,
                        unstall=deck_unstall(frozenset({"play"})))
