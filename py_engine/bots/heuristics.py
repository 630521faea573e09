"""Per-game heuristics table: rollout policy, evaluation, horizon, canonical hidden order.

A game without an entry gets the generic fallback: random rollouts and the game's own scores.
Entries are imported lazily, so a game whose heuristic module is missing still gets working bots.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Rng, State


def _score_margin(state: State, seat: int) -> float:
    """Own score minus the best other score (the generic evaluation)."""
    scores = state.scores()
    others = [s for i, s in enumerate(scores) if i != seat]
    return float(scores[seat] - max(others)) if others else float(scores[seat])


def _random_action(state: State, seat: int, rng: Rng) -> Any:
    return rng.choice(state.legal_actions(seat))


@dataclass(frozen=True)
class Heuristics:
    """How the search and the greedy bot play one game.

    policy(state, seat, rng) -> action      fast rollout move (may be epsilon-random)
    greedy(state, seat, rng) -> action      the best one-ply move (the "greedy" bot); None: one-ply on evaluate
    evaluate(state, seat) -> float          margin estimate for seat, in points (higher is better)
    scale                                   points that count as a clear win (rewards are tanh(margin/scale))
    rollout_depth                           decisions played after the tree before evaluating
    horizon(state) -> key                   rollouts also stop when the key changes (e.g. the round ends)
    order(state, seat) -> actions           legal actions best first; the search tries the first few only
    constrain(state, seat) -> fix or None   fix(sample, rng) adjusts each determinization to public knowledge
                                            that `determinize` ignores (e.g. cards seen going into a hand)
    canonical(state, seat) -> state         copy with hidden information in an order independent of the truth
    """

    policy: Callable[[State, int, Rng], Any] = _random_action
    greedy: Callable[[State, int, Rng], Any] | None = None
    evaluate: Callable[[State, int], float] = _score_margin
    scale: float = 10.0
    rollout_depth: int = 200
    horizon: Callable[[State], Any] | None = None
    canonical: Callable[[State, int], State] | None = None
    prior: bool = False  # the policy's move is the search's default (wins ties)
    order: Callable[[State, int], list] | None = None  # legal actions, most promising first (search width)
    constrain: Callable[[State, int], Callable[[State, Rng], None] | None] | None = None
    win_weight: float = 0.5  # share of the reward at a finished game that is win/draw/loss rather than margin

    def reward(self, state: State, seat: int) -> float:
        """Reward in [0, 1] for `seat`."""
        return 0.5 + 0.5 * math.tanh(self.evaluate(state, seat) / self.scale)


GENERIC = Heuristics()


def one_ply_order(policy: Callable[[State, int, Rng], Any],
                  evaluate: Callable[[State, int], float]) -> Callable[[State, int], list]:
    """Move ordering for games without their own: the policy's move, then the rest by evaluation one ply on."""

    def order(state: State, seat: int) -> list:
        def value(action: Any) -> float:
            after = state.clone()
            after.step(seat, action)
            return evaluate(after, seat)

        ranked = sorted(state.legal_actions(seat), key=lambda a: -value(a))
        first = policy(state, seat, Rng(0))
        if first in ranked:
            ranked.remove(first)
            ranked.insert(0, first)
        return ranked

    return order


def _lost_cities() -> Heuristics:
    from . import lost_cities as lc

    return Heuristics(policy=lc.heuristic_action, greedy=lambda s, seat, rng: lc.greedy_action(s, seat),
                      evaluate=lc.evaluate, scale=30.0, rollout_depth=16, horizon=lc.horizon,
                      canonical=lc.canonical, prior=True, win_weight=0.0,
                      order=lc.ordered_actions, constrain=lc.constrain)


def _board_canonical(state: Any, seat: int) -> Any:
    """Lost Cities board: hidden cards (other hands, removed cards, deck) dealt back in sorted order."""
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


def _lost_cities_board() -> Heuristics | None:
    try:
        mod = importlib.import_module("py_engine.games.lost_cities_board.heuristic")
    except ModuleNotFoundError:
        return None
    if not (hasattr(mod, "heuristic_action") and hasattr(mod, "evaluate")):
        return None
    return Heuristics(policy=mod.heuristic_action, greedy=mod.heuristic_action, evaluate=mod.evaluate,
                      scale=getattr(mod, "SCALE", 30.0), rollout_depth=getattr(mod, "ROLLOUT_DEPTH", 24),
                      horizon=getattr(mod, "horizon", None), canonical=getattr(mod, "canonical", _board_canonical),
                      prior=True, order=getattr(mod, "ordered_actions", None)
                      or one_ply_order(mod.heuristic_action, mod.evaluate))


# game id -> factory of its Heuristics (called once, lazily)
TABLE: dict[str, Callable[[], Heuristics | None]] = {
    "lost-cities": _lost_cities,
    "lost-cities-board": _lost_cities_board,
}
_CACHE: dict[str, Heuristics] = {}


def get_heuristics(game_id: str) -> Heuristics:
    """The registered heuristics of a game, or GENERIC when there are none (or its module is absent)."""
    if game_id not in _CACHE:
        factory = TABLE.get(game_id)
        _CACHE[game_id] = (factory() if factory else None) or GENERIC
    return _CACHE[game_id]
