"""One bot against a table of others (3–4 player games):
`python -m py_engine.bots.multi --game lost-cities-board --players 3 --a search:1 --b random --games 40`.

Bot A takes each seat in turn; the others are B. A "win" is A holding rank 1 alone or shared.
"""

from __future__ import annotations

import argparse

from .. import get_game
from .match import bot_from_spec


def run_table(game: str, players: int, a: str = "search:1", b: str = "random", games: int = 20, seed: int = 1,
              options: dict | None = None) -> dict:
    g = get_game(game)
    wins, margins = 0, []
    for i in range(games):
        seat_a = i % players
        bots = [bot_from_spec(a if s == seat_a else b, game, seed * 1009 + i * 17 + s) for s in range(players)]
        state = g.new(players=players, seed=seed * 100003 + i, options=options or {})
        while state.to_move():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        res = state.result()
        wins += res["ranks"][seat_a] == 1
        others = [sc for s, sc in enumerate(res["scores"]) if s != seat_a]
        margins.append(res["scores"][seat_a] - max(others))
    return {"game": game, "players": players, "a": a, "b": b, "games": games, "wins": wins,
            "win_rate": round(wins / games, 3), "mean_margin_vs_best_other": round(sum(margins) / games, 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--a", default="search:1")
    p.add_argument("--b", default="random")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--short", action="store_true", help="board game: one expedition per game")
    args = p.parse_args()
    opts = {"length": "short"} if args.short else {}
    print(run_table(args.game, args.players, args.a, args.b, args.games, args.seed, opts))


if __name__ == "__main__":
    main()
