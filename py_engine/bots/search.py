"""Information-set search: determinized flat Monte Carlo with sequential halving and paired samples.

The bot samples determinizations of the position as `seat` sees it (`state.determinize`), tries its
candidate actions on copies of each sample, plays a heuristic rollout (to the game's horizon, the end
or a depth limit) and scores the result with the game's evaluation. Candidates are pruned by
sequential halving (Karnin et al. 2013): each round gives every surviving candidate the same number of
samples, then keeps the better half. All candidates of a round see the *same* determinizations and
rollout seeds (common random numbers), so they are compared on equal luck; with a hidden deck of 44
cards this cuts the noise far more than extra samples would.

Only determinized copies are ever stepped (`clone` + `step`); the real state is read only through
`legal_actions`, `record` length and `determinize` (after the game's `canonical` hook, which puts the
hidden cards in an order independent of the truth). Simultaneous decisions need nothing special: the
root decision is `seat`'s own, and rollouts play every other pending seat. Multi-step turns are
finished by the rollout policy and searched again at the next decision.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..core import Rng, State
from .base import Bot, Thinker, position_rng
from .heuristics import Heuristics, forced_move, get_heuristics


@dataclass(frozen=True)
class Budget:
    """Think budget of one level: rollouts (deterministic), wall-clock cap in seconds for the whole move
    (sampling and move ordering included, and in a page the pauses between thinking slices too; the search
    stops before a rollout of average cost would pass it),
    rollout depth (None: the game's Heuristics.rollout_depth) and width (candidates kept from the game's move
    ordering).
    """

    rollouts: int
    cap: float
    depth: int | None = None
    width: int = 8


LEVELS: dict[int, Budget] = {
    1: Budget(48, 0.25, depth=8, width=8),   # few samples over many moves: noisy, beatable
    2: Budget(320, 1.0, width=3),
    3: Budget(960, 1.0, width=3),
}


def level_budget(heur: Heuristics, level: int) -> Budget:
    """The think budget of `level` (clamped to 1-3) for a game: LEVELS', with the game's own width if it sets one."""
    level = min(max(level, 1), max(LEVELS))
    width = (heur.widths or {}).get(level)
    return replace(LEVELS[level], width=width) if width else LEVELS[level]


PRIOR_BONUS = 0.01  # reward credited to the heuristic's own move: keeps it on ties and near-ties


def outcome(result: dict, seat: int) -> float:
    """`seat`'s result in a finished game: win 1, shared win 1/2, loss 0. Solo against a rival (`beat_rival`
    in the result, Arnak) the one seat always ranks first, so the outcome is beating the rival instead
    (strictly more points); a tie on points counts 1/2."""
    if "beat_rival" in result:
        if result["beat_rival"]:
            return 1.0
        return 0.5 if result["scores"][seat] == result["rival"] else 0.0
    if seat not in result["winners"]:
        return 0.0
    return 0.5 if len(result["winners"]) > 1 else 1.0


def reward(heur: Heuristics, state: State, seat: int) -> float:
    """`seat`'s reward in [0, 1] at the end of a rollout: the heuristic's, and at a finished game a share
    `win_weight` of it for the `outcome`."""
    w = heur.win_weight
    if w and state.is_over():
        return w * outcome(state.result(), seat) + (1.0 - w) * heur.reward(state, seat)
    return heur.reward(state, seat)


class RolloutCost:
    """A bot's running estimate of the wall-clock seconds one rollout takes (an even mix of the latest
    search and the estimate before it), so a time-limited decision can plan how many rollouts fit."""

    def __init__(self) -> None:
        self.seconds: float | None = None

    def update(self, seconds: float, rollouts: int) -> None:
        if rollouts > 0:
            per = seconds / rollouts
            self.seconds = per if self.seconds is None else 0.5 * (self.seconds + per)


class SearchThinker(Thinker):
    """Runs the search one rollout at a time, so it can be sliced into `step(max_ms)` calls."""

    def __init__(self, state: State, seat: int, heur: Heuristics, budget: Budget, rng: Rng,
                 cost: RolloutCost | None = None) -> None:
        super().__init__()
        self.began = began = time.perf_counter()
        self.seat, self.heur, self.budget, self.rng, self.cost = seat, heur, budget, rng, cost
        self.cap, self.target = budget.cap, budget.rollouts  # limit() may lower both
        self.depth = budget.depth if budget.depth is not None else heur.rollout_depth
        self.legal = state.legal_actions(seat)
        self.rollouts = 0
        self.elapsed = 0.0
        self.totals = [0.0] * len(self.legal)
        self.counts = [0] * len(self.legal)
        self.alive = list(range(len(self.legal)))
        if len(self.legal) <= 1:
            self._finish(self.legal[0] if self.legal else None)
            return
        forced = forced_move(heur, state, seat)
        if forced is not None:
            self._finish(forced)
            return
        self.base = heur.canonical(state, seat) if heur.canonical else state.clone()
        self.fix = heur.constrain(self.base, seat) if heur.constrain else None
        self.prior = -1
        if heur.order:
            ranked = [self.legal.index(a) for a in heur.order(self.base.determinize(seat, rng.fork()), seat)]
            self.alive = ranked[:max(1, budget.width)]
            self.prior = ranked[0]
        elif heur.prior:
            preferred = heur.policy(self.base.determinize(seat, rng.fork()), seat, rng.fork())
            if preferred in self.legal:
                self.prior = self.legal.index(preferred)
        if len(self.alive) == 1:
            self._finish(self.legal[self.alive[0]])
            return
        self._plan = self._schedule()
        self.elapsed = time.perf_counter() - began  # sampling and ordering count against the cap too

    def limit(self, seconds: float) -> None:
        """Lower the cap to `seconds` from now and plan only the rollouts that fit in it at the bot's measured
        rollout cost (at least one sample per candidate), so sequential halving still runs all its rounds
        instead of being cut off in the first. The level's rollout count and cap stay the upper bounds."""
        if self.done:
            return
        self.cap = min(self.cap, time.perf_counter() - self.began + max(0.0, seconds))
        per = self.cost.seconds if self.cost is not None else None
        if per:
            self.target = min(self.target, max(len(self.alive), int(max(0.0, seconds) / per)))

    def _schedule(self) -> Iterator[None]:
        """Sequential halving; yields after every rollout."""
        n = len(self.alive)
        rounds = max(1, math.ceil(math.log2(n)))
        per_round = self.target / rounds
        while True:
            samples = max(1, int(per_round / len(self.alive)))
            for _ in range(samples):
                det = self.base.determinize(self.seat, self.rng)
                if self.fix:
                    self.fix(det, self.rng)
                seed = self.rng.next_u32()
                for i in self.alive:
                    self.totals[i] += self._sample(det, self.legal[i], seed)
                    self.counts[i] += 1
                    self.rollouts += 1
                    yield
            if len(self.alive) <= 2:
                break
            self.alive.sort(key=lambda i: -self.mean(i))
            self.alive = self.alive[:(len(self.alive) + 1) // 2]

    def mean(self, i: int) -> float:
        bonus = PRIOR_BONUS if i == self.prior else 0.0
        return (self.totals[i] / self.counts[i] if self.counts[i] else 0.0) + bonus

    def _sample(self, det: State, action: Any, seed: int) -> float:
        heur, state, rng = self.heur, det.clone(), Rng(seed)
        # The horizon is read before the candidate's own move, so that a move that ends the round (Arnak's last
        # keep decision after passing, Lost Cities' draw that empties the deck) is judged where every other
        # candidate's rollout stops (at the round's end), not after a whole extra round of rollout play.
        key = heur.horizon(state) if heur.horizon else None
        state.step(self.seat, action)
        for _ in range(self.depth):
            movers = state.to_move()
            if not movers or (key is not None and heur.horizon(state) != key):
                break
            mover = movers[0]
            state.step(mover, heur.policy(state, mover, rng))
        return self._reward(state)

    def _reward(self, state: State) -> float:
        return reward(self.heur, state, self.seat)

    def _work(self, deadline: float) -> None:
        start = now = time.perf_counter()
        finished = False
        while True:
            if self.rollouts >= self.target or next(self._plan, StopIteration) is StopIteration:
                finished = True
                break
            now = time.perf_counter()
            spent = self.elapsed + (now - start)
            wall = max(spent, now - self.began)  # a page's pauses between slices count too (web/session.py)
            if wall + spent / self.rollouts >= self.cap:  # the next rollout would pass the cap
                finished = True
                break
            if now >= deadline:
                break
        self.elapsed += now - start
        if finished:
            if self.cost is not None:
                self.cost.update(self.elapsed, self.rollouts)
            self._finish(self.best_action())

    def best_action(self) -> Any:
        """The surviving candidate with the best mean reward (legal order breaks ties)."""
        best = max(self.alive, key=lambda i: (self.mean(i), -i))
        return self.legal[best]

    def stats(self) -> list[tuple[Any, int, float]]:
        """(action, samples, mean reward) for every legal action, for debugging and tests."""
        return [(a, self.counts[i], self.mean(i)) for i, a in enumerate(self.legal)]


class SearchBot(Bot):
    """Determinized flat Monte Carlo bot; `level` 1–3 picks the think budget (see LEVELS, level_budget)."""

    name = "search"

    def __init__(self, game_id: str, level: int = 2, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(game_id, level, seed)
        self.heur = get_heuristics(game_id)
        self.budget = budget or level_budget(self.heur, self.level)
        self.cost = RolloutCost()  # measured while it plays; used only by time-limited decisions

    def start(self, state: State, seat: int) -> SearchThinker:
        return SearchThinker(state, seat, self.heur, self.budget, position_rng(self.seed, state, seat), self.cost)
