"""Per-game heuristics table: rollout policy, evaluation, horizon, canonical hidden order.

Each game keeps its own in `py_engine/games/<package>/heuristic.py` as `HEURISTICS`, imported lazily on
first use. A game without one gets the generic fallback: random rollouts and the game's own scores.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
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
    unstall(state, seat) -> action or None  the move a bot makes at once when the game has stopped progressing
                                            (see deck_unstall); None: think as usual
    quick(action) -> bool                   a routine move that changes little on the table (roll, end the turn,
                                            pass, keep): a page shows it without a pause (see quick_move)
    widths                                  level -> candidates the search keeps from `order`, for a game whose
                                            ordering needs more than the level's width (bots.search.LEVELS)
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
    unstall: Callable[[State, int], Any] | None = None
    quick: Callable[[Any], bool] | None = None
    widths: Mapping[int, int] | None = None  # read-only once made (__post_init__)
    win_weight: float = 0.5  # share of the reward at a finished game that is win/draw/loss rather than margin

    def __post_init__(self) -> None:
        if self.widths is not None:  # a copy nobody can change behind the frozen table's back
            object.__setattr__(self, "widths", MappingProxyType(dict(self.widths)))

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


IDLE_LIMIT = 24  # decisions in a row without progress before a bot forces some (see deck_unstall)
DECK_DRAW = ("draw", "deck")


def deck_unstall(progress: frozenset[str], limit: int = IDLE_LIMIT) -> Callable[[State, int], Any]:
    """`unstall` for the Lost Cities games: after `limit` decisions in a row in which nobody laid a card
    (an action kind in `progress`) or drew from the deck, a bot at a draw decision draws from the deck.

    The rules have no limit, and two bots that both prefer not to run the deck down (each discarding and
    taking back the other's discard) would otherwise play for ever. The count reads only the public record;
    the longest natural run seen in bot play is about 20 (level 1), so normal play rarely meets it."""

    def unstall(state: State, seat: int) -> Any:
        record = getattr(state, "record", None)
        if record is None or len(record.moves) < limit or DECK_DRAW not in state.legal_actions(seat):
            return None
        for _, enc in record.moves[-limit:]:
            if enc[0] in progress or (enc[0] == "draw" and enc[1] == "deck"):
                return None
        return DECK_DRAW

    return unstall


def forced_move(heur: Heuristics, state: State, seat: int) -> Any:
    """The game's `unstall` move for `seat` now, or None (every thinking bot asks this first)."""
    return heur.unstall(state, seat) if heur.unstall is not None else None


def quick_move(heur: Heuristics, action: Any, choices: int) -> bool:
    """A move a page plays without a pause: the only legal action (`choices` == 1), or one the game's `quick`
    hook calls routine."""
    return choices <= 1 or (heur.quick is not None and bool(heur.quick(action)))


def kind_in(kinds: frozenset[str]) -> Callable[[Any], bool]:
    """`quick` hook for games whose actions are tuples named by their first item."""
    return lambda action: isinstance(action, tuple) and bool(action) and action[0] in kinds


_CACHE: dict[str, Heuristics] = {}


def get_heuristics(game_id: str) -> Heuristics:
    """`HEURISTICS` of the game package's `heuristic` module (see py_engine.games), or GENERIC when the
    game is unknown or has none."""
    if game_id not in _CACHE:
        from ..games import package_of

        try:
            mod = importlib.import_module(f"py_engine.games.{package_of(game_id)}.heuristic")
        except (KeyError, ModuleNotFoundError):
            mod = None
        _CACHE[game_id] = getattr(mod, "HEURISTICS", None) or GENERIC
    return _CACHE[game_id]
