"""Bot-vs-bot matches: `python -m py_engine.bots.match --game lost-cities --a search:2 --b random --rounds 200`.

Plays `rounds` two-player games (Lost Cities with option rounds=1, so one game is one round), each deal twice with
seats swapped (less luck in the tally), and reports A's win rate, draws and mean point margin (A minus B) per game.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from .. import get_game
from . import make_bot


def parse_spec(spec: str) -> tuple[str, int]:
    """'search:2' -> ('search', 2); 'random' -> ('random', 2)."""
    name, _, level = spec.partition(":")
    return name, int(level) if level else 2


def run_match(game: str, a: str = "search:2", b: str = "random", rounds: int = 100,
              seed: int = 1, options: dict | None = None,
              progress: Callable[[int, dict], None] | None = None) -> dict:
    """Play `rounds` games between bot specs `a` and `b`; return the tallies as a dict."""
    g = get_game(game)
    opts = dict(options or {})
    if "rounds" in {o.name for o in g.options}:
        opts.setdefault("rounds", 1)
    (name_a, level_a), (name_b, level_b) = parse_spec(a), parse_spec(b)
    bot_a = make_bot(name_a, game, level=level_a, seed=seed * 7919 + 1)
    bot_b = make_bot(name_b, game, level=level_b, seed=seed * 7919 + 2)
    wins = losses = draws = 0
    margins: list[float] = []
    think = {"a": [0.0, 0, 0.0], "b": [0.0, 0, 0.0]}  # total seconds, moves, slowest move
    start = time.perf_counter()
    for i in range(rounds):
        seat_a = i % 2
        state = g.new(players=2, seed=seed * 1_000_003 + i // 2, options=opts)  # each deal twice, seats swapped
        bots = {seat_a: ("a", bot_a), 1 - seat_a: ("b", bot_b)}
        while not state.is_over():
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
        if progress:
            progress(i + 1, {"wins": wins, "losses": losses, "draws": draws, "margin": margin})
    n = max(1, len(margins))
    return {
        "game": game, "a": a, "b": b, "rounds": rounds, "seed": seed,
        "a_wins": wins, "b_wins": losses, "draws": draws,
        "win_rate_a": wins / n, "mean_margin": sum(margins) / n,
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
    args = parser.parse_args(argv)

    def progress(done: int, info: dict) -> None:
        print(f"game {done}: margin {info['margin']:+}  A {info['wins']}-{info['losses']}-{info['draws']}", flush=True)

    res = run_match(args.game, args.a, args.b, args.rounds, args.seed, progress=None if args.quiet else progress)
    print(f"{res['a']} vs {res['b']} on {res['game']}, {res['rounds']} rounds, seed {res['seed']}: "
          f"A wins {res['a_wins']} ({100 * res['win_rate_a']:.1f}%), B wins {res['b_wins']}, draws {res['draws']}, "
          f"mean margin {res['mean_margin']:+.1f}; A {1000 * res['a_mean_move_s']:.0f} ms/move "
          f"(max {1000 * res['a_max_move_s']:.0f}), B {1000 * res['b_mean_move_s']:.0f} ms/move; "
          f"{res['seconds']:.0f} s")
    return res


if __name__ == "__main__":
    _main()
