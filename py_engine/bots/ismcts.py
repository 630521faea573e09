"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012, "SO-ISMCTS").

One tree is shared by all determinizations of the position as `seat` sees it. Its edges are (mover, action)
pairs; a node holds the statistics of the player who made the move into it. Every iteration:

1. draws a determinization exactly as the flat search does (`canonical` once, then `determinize` and the
   game's `constrain` fixer per sample);
2. descends the tree, at each node considering only the children whose action is legal in this
   determinization. Each of those gets its availability count raised, and UCB1 is computed with that count in
   place of the parent's visits: mean + C * sqrt(ln(n_avail) / n) + B * [action is the policy's move] / (n + 1)
   (progressive bias towards the game's rollout policy);
3. expands one node when some legal action has no child yet: the heuristic policy's move first if it is
   untried (first-play urgency), otherwise a random untried one, but only while the node has fewer than
   WIDEN * sqrt(visits) children available in this determinization (progressive widening; WIDEN=None gives
   plain SO-ISMCTS, which expands every untried action first);
4. finishes with the heuristic rollout policy, up to the same depth and horizon as the flat search (the
   decisions in the tree count towards the depth, the horizon is read before the root action);
5. backpropagates the reward (the flat search's, incl. win_weight) from each node's mover's point of view:
   1 - r for the other seat in a two-player game, each mover's own reward with more players.

The root's children are the flat search's candidates: `heur.order` cut to the budget's width (the first one
is the prior), else every legal action; they are tried in that order before UCB takes over. The move played
is the most visited root child (then the higher mean, the prior's small bonus included, then the order).
With `opponents_in_tree=False` (the default) the other seats' decisions are played by the rollout policy and
the tree holds only `seat`'s own decisions; True gives the textbook SO-ISMCTS tree with every seat's decisions.

The setup (legal actions, canonical copy, constrain, ordering, forced moves), the whole-move cap and the
slicing are inherited from SearchThinker: only the iteration schedule and the final choice differ. The bot
is deterministic given its seed and the position; only determinized copies are ever stepped.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ..core import Rng, State
from .base import Bot, position_rng
from .heuristics import Heuristics, get_heuristics
from .search import Budget, SearchThinker, level_budget, reward

# Defaults from small Lost Cities runs against the flat search at equal iteration counts (150, 20 rounds): playing
# the opponents by the policy was clearly better than searching their moves; widening and C in 0.1–0.6 were within
# the noise of those runs (C = 0.03 was clearly worse).
EXPLORE = 0.3               # UCB1 exploration constant C (rewards in [0, 1])
BIAS = 0.05                 # progressive-bias weight B towards the rollout policy's move (not tuned)
OPPONENTS_IN_TREE = False   # False: other seats' decisions are played by the rollout policy, not searched
WIDEN: float | None = 1.0   # progressive widening: a node gets a new child while it has < WIDEN * sqrt(visits)
                            # available children (the policy's move is always added first); None: plain ISMCTS


class _Node:
    """Statistics of one edge: the move of `mover` into this node."""

    __slots__ = ("mover", "action", "visits", "total", "avail", "children")

    def __init__(self, mover: int, action: Any) -> None:
        self.mover, self.action = mover, action
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[tuple[int, Any], _Node] = {}


def _ucb(children: dict, actions: list, mover: int, hint: Any, explore: float, bias: float) -> _Node | None:
    """The child (among those of `actions` that exist) with the best UCB1 value on availability counts, plus the
    progressive bias on the policy's move `hint`."""
    choice, best_value = None, -1.0
    for a in actions:
        child = children.get((mover, a))
        if child is not None:
            n = child.visits
            value = child.total / n + explore * math.sqrt(math.log(child.avail) / n)
            if bias and a == hint:
                value += bias / (n + 1)
            if value > best_value:
                choice, best_value = child, value
    return choice


class ISMCTSThinker(SearchThinker):
    """SO-ISMCTS one iteration at a time (sliceable with `step(max_ms)`; the cap as in SearchThinker)."""

    def __init__(self, state: State, seat: int, heur: Heuristics, budget: Budget, rng: Rng,
                 explore: float = EXPLORE, bias: float = BIAS, opponents_in_tree: bool = OPPONENTS_IN_TREE,
                 widen: float | None = WIDEN) -> None:
        self.explore, self.bias, self.opponents_in_tree, self.widen = explore, bias, opponents_in_tree, widen
        self.players = state.players
        self.nodes: dict[int, _Node] = {}  # root children by index into self.legal
        super().__init__(state, seat, heur, budget, rng)

    # --- one iteration -------------------------------------------------------------------------
    def _schedule(self) -> Iterator[None]:
        heur, seat, rng, legal = self.heur, self.seat, self.rng, self.legal
        horizon, policy, fix = heur.horizon, heur.policy, self.fix
        explore, bias, in_tree, widen = self.explore, self.bias, self.opponents_in_tree, self.widen
        totals, counts, ranked, prior = self.totals, self.counts, list(self.alive), self.prior
        log, sqrt = math.log, math.sqrt
        while True:
            det = self.base.determinize(seat, rng)
            if fix:
                fix(det, rng)
            # root: every candidate once, in the ordering's order, then UCB1 (all candidates always available)
            i = next((j for j in ranked if not counts[j]), -1)
            if i < 0:
                ln_n = log(self.rollouts)
                best_value = -1.0
                for j in ranked:
                    n = counts[j]
                    value = totals[j] / n + explore * sqrt(ln_n / n)
                    if j == prior:
                        value += bias / (n + 1)
                    if value > best_value:
                        i, best_value = j, value
            node = self.nodes.get(i)
            if node is None:
                node = self.nodes[i] = _Node(seat, legal[i])
            key = horizon(det) if horizon else None  # read before the move: see search.SearchThinker._sample
            det.step(seat, legal[i])
            path = [node]
            steps = 0
            # descent: select while every legal action has a child, expand one, then roll out
            expanded = False
            while steps < self.depth:
                movers = det.to_move()
                if not movers or (key is not None and horizon(det) != key):
                    break
                mover = movers[0]
                if expanded or (not in_tree and mover != seat):
                    det.step(mover, policy(det, mover, rng))
                    steps += 1
                    continue
                actions = det.legal_actions(mover)
                hint = policy(det, mover, rng)
                children = node.children
                untried = []
                for a in actions:
                    child = children.get((mover, a))
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                tried = len(actions) - len(untried)
                if untried and (not tried or hint in untried or widen is None or tried < widen * sqrt(node.visits)):
                    a = hint if hint in untried else untried[rng.below(len(untried))]
                    choice = children[(mover, a)] = _Node(mover, a)
                    expanded = True
                else:  # every action has a child, or widening says no new child yet: UCB over the existing ones
                    choice = _ucb(children, actions, mover, hint, explore, bias)
                det.step(mover, choice.action)
                steps += 1
                path.append(choice)
                node = choice
            # backpropagation, each node from its mover's point of view
            r = self._reward(det)
            rewards = {seat: r}
            for nd in path:
                m = nd.mover
                value = rewards.get(m)
                if value is None:
                    value = rewards[m] = 1.0 - r if self.players == 2 else reward(heur, det, m)
                nd.visits += 1
                nd.total += value
            totals[i] += r
            counts[i] += 1
            self.rollouts += 1
            yield

    # --- the choice ------------------------------------------------------------------------------
    def best_action(self) -> Any:
        """The most visited root candidate; then the higher mean (prior bonus included), then the order."""
        rank = {j: k for k, j in enumerate(self.alive)}
        best = max(self.alive, key=lambda j: (self.counts[j], self.mean(j), -rank[j]))
        return self.legal[best]

    def tree_size(self) -> int:
        """Nodes in the tree below the root (for tests and debugging)."""
        stack, n = list(self.nodes.values()), 0
        while stack:
            node = stack.pop()
            n += 1
            stack.extend(node.children.values())
        return n


class ISMCTSBot(Bot):
    """SO-ISMCTS bot; `level` 1–3 uses the flat search's budget (rollouts = iterations, cap, depth, width)."""

    name = "ismcts"

    def __init__(self, game_id: str, level: int = 2, seed: int = 0, budget: Budget | None = None,
                 explore: float = EXPLORE, bias: float = BIAS, opponents_in_tree: bool = OPPONENTS_IN_TREE,
                 widen: float | None = WIDEN) -> None:
        super().__init__(game_id, level, seed)
        self.heur = get_heuristics(game_id)
        self.budget = budget or level_budget(self.heur, self.level)
        self.explore, self.bias, self.opponents_in_tree, self.widen = explore, bias, opponents_in_tree, widen

    def start(self, state: State, seat: int) -> ISMCTSThinker:
        return ISMCTSThinker(state, seat, self.heur, self.budget, position_rng(self.seed, state, seat),
                             self.explore, self.bias, self.opponents_in_tree, self.widen)
