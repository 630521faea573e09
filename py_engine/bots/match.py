"""Bot-vs-bot matches: `python -m py_engine.bots.match --game lost-cities --a search:2 --b random --rounds 200`.

Plays `rounds` two-player games (Lost Cities with option rounds=1, so one game is one round), each deal twice with
seats swapped (less luck in the tally), and reports A's win rate, draws and mean point margin (A minus B) per game.

Bot specs: `name` (level 2), `name:level` (1–3, see bots.search.LEVELS) or, for the search bots, `name:t<seconds>`,
e.g. `search:t0.05` / `ismcts:t0.05`: a pure time budget (unlimited rollouts, that wall-clock cap per move, the
level-3 width and depth), so bots can be compared at the same per-move time cap. (Sequential halving plans its
rounds from the rollout count, so with unlimited rollouts the flat search spreads its samples evenly over its
width-3 candidates.)

Statistics. A round scores 1 for an A win, 1/2 for a draw and 0 for a loss; the score rate is their mean. The two
rounds of one deal (seats swapped) are not independent, so the confidence intervals are computed over deals: each
deal's value is the mean of its rounds (an odd last round forms a deal alone), and the 95 % interval is
mean ± 1.96 · s / √d, with s the sample standard deviation (d - 1 in the denominator) of the d deal values (normal
approximation; the score interval is clipped to [0, 1]; no interval with fewer than two deals). The mean margin
(A minus B, points) gets the same interval over per-deal mean margins. A Wilson score interval over the rounds
(draws as half a win, rounds treated as independent) is also given as a cross-check. `--json` prints the whole
result dict as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from typing import Any

from .. import get_game
from . import LEVELS, Bot, Budget, get_heuristics, make_bot
from .search import level_budget

TIME_LEVEL = 3                # width and depth of a time-budget spec
UNLIMITED_ROLLOUTS = 10 ** 9  # "no rollout limit": the time cap ends the search
MAX_MOVES = 2000              # decisions per game before it is abandoned (Lost Cities can stall: see run_match)
Z95 = 1.959963984540054       # two-sided 95 % normal quantile


def parse_spec(spec: str) -> tuple[str, int]:
    """'search:2' -> ('search', 2); 'random' -> ('random', 2); 'search:t0.05' -> ('search', 3) (see spec_budget)."""
    name, _, level = spec.partition(":")
    if level.startswith("t"):
        return name, TIME_LEVEL
    return name, int(level) if level else 2


def spec_budget(spec: str, game: str | None = None) -> Budget | None:
    """The Budget a time spec names ('ismcts:t0.05': unlimited rollouts, cap 0.05 s, level-3 width and depth,
    the width `game`'s own for that level if it sets one: bots.search.level_budget), None for a plain spec."""
    _, _, level = spec.partition(":")
    if not level.startswith("t"):
        return None
    cap = float(level[1:])
    if not cap > 0 or math.isinf(cap):
        raise ValueError(f"bad time budget in bot spec {spec!r}")
    base = level_budget(get_heuristics(game), TIME_LEVEL) if game else LEVELS[TIME_LEVEL]
    return Budget(UNLIMITED_ROLLOUTS, cap, depth=base.depth, width=base.width)


def bot_from_spec(spec: str, game: str, seed: int) -> Bot:
    """A bot for `game` from a spec: 'name', 'name:level' or 'name:t<seconds>'."""
    name, level = parse_spec(spec)
    return make_bot(name, game, level=level, seed=seed, budget=spec_budget(spec, game))


def mean_ci(values: list[float], z: float = Z95) -> tuple[float, float | None, float | None]:
    """(mean, low, high): the normal-approximation interval mean ± z · s / √n with the sample standard
    deviation s (n - 1 denominator); low and high are None with fewer than two values."""
    n = len(values)
    if not n:
        return 0.0, None, None
    mean = sum(values) / n
    if n < 2:
        return mean, None, None
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson(rate: float, n: int, z: float = Z95) -> tuple[float | None, float | None]:
    """Wilson score interval for a proportion `rate` observed over `n` trials (None, None without trials)."""
    if n <= 0:
        return None, None
    z2 = z * z
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(0.0, rate * (1 - rate) / n + z2 / (4 * n * n)))
    return max(0.0, centre - half), min(1.0, centre + half)


def _clip01(x: float | None) -> float | None:
    return None if x is None else min(1.0, max(0.0, x))


def _per_deal(values: list[float]) -> list[float]:
    """Means of consecutive pairs (rounds 2k and 2k + 1 share a deal); an odd last value stands alone."""
    return [sum(values[k:k + 2]) / len(values[k:k + 2]) for k in range(0, len(values), 2)]


def run_match(game: str, a: str = "search:2", b: str = "random", rounds: int = 100,
              seed: int = 1, options: dict | None = None,
              progress: Callable[[int, dict], None] | None = None, max_moves: int = MAX_MOVES) -> dict:
    """Play `rounds` games between bot specs `a` and `b`; return the tallies as a dict.

    A game still running after `max_moves` decisions is abandoned and scored as it stands (`unfinished` counts
    them). A safety net: bots that discard and take back from the piles for ever near a Lost Cities deck's end
    are stopped by the games' `unstall` rule (heuristics.deck_unstall); a test bot with no such rule is not."""
    g = get_game(game)
    opts = dict(options or {})
    if "rounds" in {o.name for o in g.options}:
        opts.setdefault("rounds", 1)
    bot_a = bot_from_spec(a, game, seed * 7919 + 1)
    bot_b = bot_from_spec(b, game, seed * 7919 + 2)
    wins = losses = draws = unfinished = 0
    margins: list[float] = []
    points: list[float] = []  # A's score per round: 1 win, 1/2 draw, 0 loss
    think = {"a": [0.0, 0, 0.0], "b": [0.0, 0, 0.0]}  # total seconds, moves, slowest move
    start = time.perf_counter()
    for i in range(rounds):
        seat_a = i % 2
        state = g.new(players=2, seed=seed * 1_000_003 + i // 2, options=opts)  # each deal twice, seats swapped
        bots = {seat_a: ("a", bot_a), 1 - seat_a: ("b", bot_b)}
        moves = 0
        while not state.is_over():
            if moves >= max_moves:
                unfinished += 1
                break
            moves += 1
            seat = state.to_move()[0]
            side, bot = bots[seat]
            t0 = time.perf_counter()
            action = bot.choose(state, seat)
            dt = time.perf_counter() - t0
            tally = think[side]
            tally[0] += dt
            tally[1] += 1
            tally[2] = max(tally[2], dt)
            state.apply(seat, action)
        scores = state.scores()
        margin = scores[seat_a] - scores[1 - seat_a]
        margins.append(margin)
        if margin > 0:
            wins += 1
        elif margin < 0:
            losses += 1
        else:
            draws += 1
        points.append(1.0 if margin > 0 else 0.0 if margin < 0 else 0.5)
        if progress:
            progress(i + 1, {"wins": wins, "losses": losses, "draws": draws, "margin": margin})
    n = max(1, len(margins))
    score, score_lo, score_hi = mean_ci(_per_deal(points))
    _, margin_lo, margin_hi = mean_ci(_per_deal(margins))
    return {
        "game": game, "a": a, "b": b, "rounds": rounds, "seed": seed,
        "a_wins": wins, "b_wins": losses, "draws": draws, "unfinished": unfinished,
        "win_rate_a": wins / n, "mean_margin": sum(margins) / n,
        "deals": len(_per_deal(points)), "score_rate_a": score,
        "score_ci95": [_clip01(score_lo), _clip01(score_hi)], "score_wilson95": list(wilson(score, len(points))),
        "margin_ci95": [margin_lo, margin_hi],
        "a_mean_move_s": think["a"][0] / max(1, think["a"][1]), "a_max_move_s": think["a"][2],
        "b_mean_move_s": think["b"][0] / max(1, think["b"][1]), "b_max_move_s": think["b"][2],
        "seconds": time.perf_counter() - start,
    }


def _main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--a", default="search:2", help="bot spec name[:level], e.g. search:2")
    parser.add_argument("--b", default="random")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no per-game progress lines")
    parser.add_argument("--json", action="store_true", help="print the result dict as JSON (progress to stderr)")
    args = parser.parse_args(argv)
    out = sys.stderr if args.json else sys.stdout

    def progress(done: int, info: dict) -> None:
        print(f"game {done}: margin {info['margin']:+}  A {info['wins']}-{info['losses']}-{info['draws']}",
              file=out, flush=True)

    res = run_match(args.game, args.a, args.b, args.rounds, args.seed, progress=None if args.quiet else progress)
    if args.json:
        print(json.dumps(res))
        return res

    def interval(pair: list, fmt: str, scale: float = 1.0) -> str:
        lo, hi = pair
        return "[n/a]" if lo is None or hi is None else f"[{fmt.format(scale * lo)}, {fmt.format(scale * hi)}]"

    stalled = f" ({res['unfinished']} unfinished)" if res["unfinished"] else ""
    print(f"{res['a']} vs {res['b']} on {res['game']}, {res['rounds']} rounds, seed {res['seed']}: "
          f"A wins {res['a_wins']} ({100 * res['win_rate_a']:.1f}%), B wins {res['b_wins']}, "
          f"draws {res['draws']}{stalled}; "
          f"A score {100 * res['score_rate_a']:.1f}% 95% CI {interval(res['score_ci95'], '{:.1f}', 100)} "
          f"over {res['deals']} deals (Wilson {interval(res['score_wilson95'], '{:.1f}', 100)}), "
          f"mean margin {res['mean_margin']:+.1f} 95% CI {interval(res['margin_ci95'], '{:+.1f}')}; "
          f"A {1000 * res['a_mean_move_s']:.0f} ms/move "
          f"(max {1000 * res['a_max_move_s']:.0f}), B {1000 * res['b_mean_move_s']:.0f} ms/move; "
          f"{res['seconds']:.0f} s")
    return res


if __name__ == "__main__":
    _main()
