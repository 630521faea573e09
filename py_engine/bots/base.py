"""Bot and Thinker base classes, and the simple bots (random, greedy).

Every bot thinks incrementally: `bot.start(state, seat)` returns a Thinker whose `step(max_ms)` does a
slice of work and returns True once finished; `result()` is then the chosen action. `choose()` runs a
thinker to the end. A bot's choice depends only on its seed, the position and what `seat` may see.
"""

from __future__ import annotations

import time
from typing import Any

from ..core import Rng, State
from .heuristics import forced_move, get_heuristics

_M32 = 0xFFFFFFFF


def position_rng(seed: int, state: State, seat: int) -> Rng:
    """A generator derived from the bot seed and the public position (move number, seat)."""
    record = getattr(state, "record", None)
    moves = len(record.moves) if record is not None else 0
    base = Rng(seed)
    mix = (base.next_u32() ^ ((moves * 0x9E3779B1) & _M32) ^ ((seat + 1) * 0x85EBCA6B)) & _M32
    return Rng((base.next_u32() << 32) | mix)


class Thinker:
    """One decision being thought about."""

    def __init__(self) -> None:
        self._action: Any = None
        self._done = False

    @property
    def done(self) -> bool:
        return self._done

    def step(self, max_ms: float = 50.0) -> bool:
        """Think for about `max_ms` milliseconds; True when the decision is made."""
        if not self._done:
            self._work(time.perf_counter() + max_ms / 1000.0)
        return self._done

    def _work(self, deadline: float) -> None:
        raise NotImplementedError

    def limit(self, seconds: float) -> None:
        """Finish this decision within about `seconds` of wall clock from now (a page's per-turn budget, see
        web/pace.py). Called before the first `step`; thinkers that do not search ignore it. Without a call
        the decision depends only on the bot's level, as before."""

    def _finish(self, action: Any) -> None:
        self._action, self._done = action, True

    def result(self) -> Any:
        """The chosen action (finishes the thinking first if needed)."""
        while not self.step(1000.0):
            pass
        return self._action


class _OneShot(Thinker):
    """A thinker for bots whose decision is one quick computation."""

    def __init__(self, compute: Any) -> None:
        super().__init__()
        self._compute = compute

    def _work(self, deadline: float) -> None:
        self._finish(self._compute())


class Bot:
    """Base bot: `choose(state, seat)` returns one of `state.legal_actions(seat)`."""

    name = "bot"

    def __init__(self, game_id: str, level: int = 2, seed: int = 0) -> None:
        self.game_id, self.level, self.seed = game_id, int(level), int(seed)

    def start(self, state: State, seat: int) -> Thinker:
        raise NotImplementedError

    def choose(self, state: State, seat: int) -> Any:
        thinker = self.start(state, seat)
        while not thinker.step(1000.0):
            pass
        return thinker.result()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game_id!r}, level={self.level}, seed={self.seed})"


class RandomBot(Bot):
    """Uniformly random legal action."""

    name = "random"

    def start(self, state: State, seat: int) -> Thinker:
        legal = state.legal_actions(seat)
        rng = position_rng(self.seed, state, seat)
        return _OneShot(lambda: rng.choice(legal))


class GreedyBot(Bot):
    """One-ply greedy: the game's greedy heuristic, else the best `evaluate` after each own move.

    Both run on a determinized copy, so the bot never sees hidden information.
    """

    name = "greedy"

    def start(self, state: State, seat: int) -> Thinker:
        heur = get_heuristics(self.game_id)
        rng = position_rng(self.seed, state, seat)
        base = heur.canonical(state, seat) if heur.canonical else state
        det = base.determinize(seat, rng)
        legal = state.legal_actions(seat)

        def compute() -> Any:
            if len(legal) == 1:
                return legal[0]
            forced = forced_move(heur, state, seat)
            if forced is not None:
                return forced
            if heur.greedy is not None:
                action = heur.greedy(det, seat, rng)
                if action in legal:
                    return action
            best, best_value = legal[0], None
            for action in legal:
                after = det.clone()
                after.step(seat, action)
                value = heur.evaluate(after, seat)
                if best_value is None or value > best_value:
                    best, best_value = action, value
            return best

        return _OneShot(compute)
