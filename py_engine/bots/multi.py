"""One bot against a table of others (1–4 player games):
`python -m py_engine.bots.multi --game lost-cities-board --players 3 --a search:1 --b random --games 40`.

Bot A takes each seat in turn; the others are B. A "win" is A holding rank 1 alone or shared; in a solo
game (`--players 1`, Arnak against its rival) a win is beating the rival (`beat_rival`) and the margin is A's
score less the rival's. The win rate comes with its 95 % Wilson interval, the margin and A's mean score
with normal-approximation intervals (`match.py`). `--cpu-clock` counts the search bots' caps in CPU
seconds of this process, so a loaded machine plays as an idle one would (a shared machine would otherwise
cut their thinking short at random); `--first` skips games, so one table can be split over processes.
It prints one JSON line, with each game's [index, A's seat, A won, margin, score] in "per_game";
`python -m py_engine.bots.pool` joins such lines into one figure.
"""

from __future__ import annotations

import argparse
import json
import time
import types

from .. import get_game
from . import base, search
from .match import bot_from_spec, mean_ci, wilson


def use_cpu_clock() -> None:
    """Search caps and thinking slices measured in this process's CPU time instead of wall-clock time."""
    clock = types.SimpleNamespace(perf_counter=time.process_time)
    search.time = clock
    base.time = clock


def run_table(game: str, players: int, a: str = "search:1", b: str = "random", games: int = 20, seed: int = 1,
              options: dict | None = None, first: int = 0) -> dict:
    g = get_game(game)
    wins, margins, scores, games_out = 0, [], [], []
    for i in range(first, first + games):
        seat_a = i % players
        bots = [bot_from_spec(a if s == seat_a else b, game, seed * 1009 + i * 17 + s) for s in range(players)]
        state = g.new(players=players, seed=seed * 100003 + i, options=options or {})
        while state.to_move():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        res = state.result()
        if players == 1:
            wins += bool(res["beat_rival"])
            margins.append(res["scores"][0] - res["rival"])
        else:
            wins += res["ranks"][seat_a] == 1
            margins.append(res["scores"][seat_a] - max(sc for s, sc in enumerate(res["scores"]) if s != seat_a))
        scores.append(res["scores"][seat_a])
        won = bool(res["beat_rival"]) if players == 1 else res["ranks"][seat_a] == 1
        games_out.append([i, seat_a, won, margins[-1], scores[-1]])
    low, high = wilson(wins / games, games) if games else (None, None)
    margin, m_low, m_high = mean_ci(margins)
    score, s_low, s_high = mean_ci(scores)

    def r(x):
        return None if x is None else round(x, 3)

    return {"game": game, "players": players, "a": a, "b": b, "options": options or {}, "seed": seed,
            "first": first, "games": games, "wins": wins, "win_rate": r(wins / games if games else None),
            "win_rate_ci95": [r(low), r(high)], "mean_margin_vs_best_other": round(margin, 1),
            "margin_ci95": [r(m_low), r(m_high)], "a_mean_score": round(score, 1),
            "a_score_ci95": [r(s_low), r(s_high)], "per_game": games_out}


def parse_options(pairs: list[str]) -> dict:
    """`name=value` pairs; integers become ints."""
    out: dict = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        out[name] = int(value) if value.lstrip("-").isdigit() else value
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--a", default="search:1")
    p.add_argument("--b", default="random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--first", type=int, default=0, help="the index of the first game (split a table over runs)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--short", action="store_true", help="board game: one expedition per game")
    p.add_argument("--option", action="append", default=[], help="a game option, name=value (repeatable)")
    p.add_argument("--cpu-clock", action="store_true", help="search caps in CPU seconds (for a shared machine)")
    args = p.parse_args()
    opts = parse_options(args.option)
    if args.short:
        opts["length"] = "short"
    if args.cpu_clock:
        use_cpu_clock()
    print(json.dumps(run_table(args.game, args.players, args.a, args.b, args.games, args.seed, opts, args.first)),
          flush=True)


if __name__ == "__main__":
    main()
