"""Engine benchmark, identical in CPython and in Pyodide, and runnable against an older engine.

`playouts_per_second`: complete random games per second per game (default options).
`engine_only_per_second`: the same kind of games with every choice drawn beforehand (an index into each legal
list), so the timed loop runs only the engine (`new`, `to_move`, `legal_actions`, `step`) and not the
generator that picks the moves (a pure-Python xoshiro, relatively slow in Pyodide: see tests/bench.py).
`apply_cost`: time through `apply` ÷ time through `step` of the same random games, played both ways deal by deal.
`engine_rates`: one-round games per second through the contract, per play mode:
  random_step   random legal moves through `step` (the search's path)
  random_apply  the same moves through `apply` (checked and recorded: the session's path)
  greedy_step   a simple greedy policy (below) through `step`
  heuristic_step the game's bot rollout policy (`HEURISTICS.policy`) through `step`
`harness_floor`: the same loops (random and simple greedy) against a stand-in engine that replays
recorded legal lists at no cost: the rate an infinitely fast engine would reach with this harness.
`reference_rates`: the same loops against `ReferenceRound`, a minimal hand-written Lost Cities round (plain
lists of ints, no record, no options, no views) that plays exactly the games ours plays: the "well-written
stdlib engine" issue 15 compares ours with, measured by the same loop, policy and generator.
Only the public contract is used, so `python tests/bench_engine.py rates SECONDS` with PYTHONPATH set
to an older checkout measures that engine with the very same code (tests/bench.py does this for the
baseline in the same run).
"""

from __future__ import annotations

import json
import sys
import time
from bisect import insort

from py_engine import GAMES
from py_engine.bots import make_bot
from py_engine.core import Rng

# One round / one expedition per game where the game has the option; otherwise the default game.
ONE_ROUND = {"lost-cities": {"rounds": 1}, "lost-cities-board": {"length": "short"}}
MODES = ("random_step", "random_apply", "greedy_step", "heuristic_step")
MIN_GAMES = 30  # per mode: a slow game (Catan, ~10 a second) is then timed on the same 30 deals or more in every
                # mode, not on 8 deals through step against 5 other ones through apply


def playouts_per_second(seconds: float = 2.0) -> dict:
    """For each game at its smallest player count: complete random games (default options) per second."""
    out = {}
    for gid, game in sorted(GAMES.items()):
        rng = Rng(1)
        n, steps, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds or n == 0:
            state = game.new(players=game.min_players, seed=n)
            before = len(state.record.moves)
            state.play_out(rng)
            steps += before + 1
            n += 1
        dt = time.perf_counter() - t0
        out[gid] = {"games_per_s": round(n / dt, 1), "games": n}
    return out


def _random_picks(game, seed: int, rng: Rng) -> list[int]:
    """The index into each legal list of one random full game from `game.new(seed=seed)`."""
    state, picks = game.new(players=game.min_players, seed=seed), []
    movers = state.to_move()
    while movers:
        legal = state.legal_actions(movers[0])
        i = rng.below(len(legal))
        picks.append(i)
        state.step(movers[0], legal[i])
        movers = state.to_move()
    return picks


def engine_only_per_second(seconds: float = 2.0, games: int = 20) -> dict:
    """For each game at its smallest player count: complete random games (default options) per second when
    the choices were drawn beforehand (up to `games` recorded games, replayed in turn for `seconds`)."""
    out = {}
    for gid, game in sorted(GAMES.items()):
        rng, tapes, t0 = Rng(1), [], time.perf_counter()
        while len(tapes) < games and (time.perf_counter() - t0 < seconds or not tapes):
            tapes.append(_random_picks(game, len(tapes), rng))
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds or n == 0:
            k = n % len(tapes)
            state = game.new(players=game.min_players, seed=k)
            for i in tapes[k]:
                seat = state.to_move()[0]
                state.step(seat, state.legal_actions(seat)[i])
            n += 1
        out[gid] = {"games_per_s": round(n / (time.perf_counter() - t0), 1), "games": n}
    return out


_KIND_RANK = {"draw": 0, "play": 0, "advance": 0, "start": 200, "discard": 400}


def bot_times(moves: int = 6) -> dict:
    """Mean and max seconds per decision of the search bot at each level, from early-game positions (the
    per-move cap is 1 s in CPython and in Pyodide alike: py_engine/bots/search.py)."""
    out = {}
    for gid, game in sorted(GAMES.items()):
        for level in (1, 2, 3):
            bot = make_bot("search", game_id=gid, level=level, seed=level)
            state = game.new(players=game.min_players, seed=5)
            rng, times = Rng(3), []
            for _ in range(moves):
                seat = state.to_move()[0]
                t0 = time.perf_counter()
                action = bot.choose(state, seat)
                times.append(time.perf_counter() - t0)
                state.apply(seat, action)
                for _ in range(3):  # let random moves vary the position
                    if not state.to_move():
                        break
                    s = state.to_move()[0]
                    state.apply(s, rng.choice(state.legal_actions(s)))
                if not state.to_move():
                    break
            out[f"{gid} L{level}"] = {"mean_s": round(sum(times) / len(times), 3), "max_s": round(max(times), 3)}
    return out


def simple_greedy(state, seat: int, rng: Rng) -> tuple:
    """A policy that reads only the action tuples: play or advance the lowest card, else start a path
    with the lowest card (adventurer first), else discard the highest; draw from the deck; otherwise the
    first choice. (Lost Cities card ids: value = id % 12, wagers lowest.)"""
    acts = state.legal_actions(seat)
    best, key = acts[0], 1000
    for a in acts:
        rank = _KIND_RANK.get(a[0])
        if rank is None:
            continue
        if rank == 0 and a[0] == "draw":
            k = 0 if a[1] == "deck" else 1
        else:
            v = a[1] % 12 if len(a) == 2 else a[2]
            k = rank + (20 - v if rank == 400 else 2 * v + (len(a) == 4 and a[3] != "adventurer"))
        if k < key:
            best, key = a, k
    return best


def _policy(gid: str, mode: str):
    if mode == "greedy_step":
        return simple_greedy
    if mode == "heuristic_step":
        from py_engine.bots.heuristics import get_heuristics

        return get_heuristics(gid).policy
    return None


def games_per_second(new, policy, seconds: float, checked: bool = False, min_games: int = 1) -> float:
    """The timed loop of engine_rates, harness_floor and reference_rates: games from `new(n)` (n = 0, 1, ...)
    played to the end for at least `seconds` and `min_games` games, each decision by `policy(state, seat, rng)`
    or else a random legal action, applied through `step` (or, `checked`, through `apply`); returns games per
    second."""
    rng = Rng(7)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds or n < min_games:
        state = new(n)
        move = state.apply if checked else state.step
        movers = state.to_move()
        while movers:
            seat = movers[0]
            move(seat, policy(state, seat, rng) if policy else rng.choice(state.legal_actions(seat)))
            movers = state.to_move()
        n += 1
    return round(n / (time.perf_counter() - t0), 1)


def engine_rates(seconds: float = 1.0, modes: tuple = MODES, games: list | None = None) -> dict:
    """One-round games per second for every game and mode (see the module docstring)."""
    out: dict = {}
    for gid in sorted(games or GAMES):
        game = GAMES[gid]
        options = ONE_ROUND.get(gid, {})
        out[gid] = {}
        for mode in modes:
            if mode in ("greedy_step", "heuristic_step") and gid not in ONE_ROUND:
                continue  # the simple greedy knows only the Lost Cities action shapes
            out[gid][mode] = games_per_second(
                lambda n, game=game, options=options: game.new(players=game.min_players, seed=n, options=options),
                _policy(gid, mode), seconds, checked=mode == "random_apply", min_games=MIN_GAMES)
    return out


def apply_cost(seconds: float = 1.0, min_games: int = MIN_GAMES, games: list | None = None) -> dict:
    """Per game: the time of random games through `apply` ÷ the time of the same games through `step`. Each
    deal is played both ways one right after the other, with the same choices, and the two times are summed
    apart, so the machine's drift (a third up or down within a minute here) weighs on both alike."""
    out = {}
    for gid in sorted(games or GAMES):
        game, options = GAMES[gid], ONE_ROUND.get(gid, {})
        spent = [0.0, 0.0]  # step, apply
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < 2 * seconds or n < min_games:
            for checked in (False, True):
                rng = Rng(n)
                t = time.perf_counter()
                state = game.new(players=game.min_players, seed=n, options=options)
                move = state.apply if checked else state.step
                movers = state.to_move()
                while movers:
                    move(movers[0], rng.choice(state.legal_actions(movers[0])))
                    movers = state.to_move()
                spent[checked] += time.perf_counter() - t
            n += 1
        out[gid] = round(spent[1] / spent[0], 3)
    return out


class _Replay:
    """A stand-in state that replays one recorded game's movers and legal lists; `step` only advances."""

    __slots__ = ("i", "movers", "legal")

    def __init__(self, movers: list, legal: list) -> None:
        self.i, self.movers, self.legal = 0, movers, legal

    def to_move(self) -> list:
        return self.movers[self.i]

    def legal_actions(self, seat: int) -> list:
        return self.legal[self.i]

    def step(self, seat: int, action) -> None:
        self.i += 1


def _recorded(game, options: dict, policy, games: int) -> list[tuple[list, list]]:
    """(movers after each decision, legal list at each decision) of `games` one-round games."""
    rng, out = Rng(7), []
    for n in range(games):
        state = game.new(players=game.min_players, seed=n, options=options)
        movers, legal = [state.to_move()], []
        while movers[-1]:
            seat = movers[-1][0]
            legal.append(state.legal_actions(seat))
            state.step(seat, policy(state, seat, rng) if policy else rng.choice(legal[-1]))
            movers.append(state.to_move())
        out.append((movers, legal))
    return out


def harness_floor(seconds: float = 1.0, games: tuple = ("lost-cities", "lost-cities-board")) -> dict:
    """One-round games/s of engine_rates' loop (random_step, greedy_step) when the engine costs nothing:
    `new` hands out a replay of a recorded game, so only the loop, the generator and the policy run."""
    out: dict = {}
    for gid in games:
        game, options = GAMES[gid], ONE_ROUND.get(gid, {})
        out[gid] = {}
        for mode in ("random_step", "greedy_step"):
            policy = _policy(gid, mode)
            tape = _recorded(game, options, policy, 50)
            out[gid][mode] = games_per_second(lambda n, tape=tape: _Replay(*tape[n % len(tape)]), policy, seconds)
    return out


_NCARDS, _HAND = 60, 8  # five colours of 12 cards; colour = id // 12, k = id % 12: wagers k < 3, numbers k - 1
_RCOL = tuple(c // 12 for c in range(_NCARDS))
_RRANK = tuple(1 if c % 12 < 3 else c % 12 - 1 for c in range(_NCARDS))  # a card fits above a lower top
_RTOP = tuple(0 if c % 12 < 3 else c % 12 - 1 for c in range(_NCARDS))   # what a laid card leaves as top
_RPLAY = tuple(("play", c) for c in range(_NCARDS))
_RDISCARD = tuple(("discard", c) for c in range(_NCARDS))
_RDRAW = tuple(("draw", name) for name in ("yellow", "blue", "white", "green", "red"))
_RPILE = {a[1]: i for i, a in enumerate(_RDRAW)}


class ReferenceRound:
    """One round of Lost Cities written as small as it goes: the same deal (Rng(seed).shuffle of ids 0-59,
    8 cards each, the deck drawn from its end), the same action tuples and the same rules as
    py_engine.games.lost_cities (ascending rows, wagers first, no drawing back the card just discarded, the
    round ends with the last deck card), kept as per-colour tops instead of rows. Only the bench uses it."""

    __slots__ = ("hands", "deck", "tops", "laid", "piles", "turn", "drawing", "banned", "over")

    def __init__(self, seed: int) -> None:
        cards = list(range(_NCARDS))
        Rng(seed).shuffle(cards)
        self.hands = [sorted(cards[:_HAND]), sorted(cards[_HAND:2 * _HAND])]
        self.deck = cards[2 * _HAND:]
        self.tops = [[-1] * 5, [-1] * 5]  # -1: expedition not started, anything fits
        self.laid: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(2)]
        self.piles: list[list[int]] = [[] for _ in range(5)]
        self.turn, self.drawing, self.banned, self.over = 0, False, -1, False

    def to_move(self) -> tuple:
        return () if self.over else (self.turn,)

    def legal_actions(self, seat: int) -> list:
        if self.over or seat != self.turn:
            return []
        if not self.drawing:
            hand, top = self.hands[seat], self.tops[seat]
            return [_RPLAY[c] for c in hand if top[_RCOL[c]] < _RRANK[c]] + [_RDISCARD[c] for c in hand]
        acts = [("draw", "deck")]  # the deck is never empty at a draw: its last card ends the round
        for i, pile in enumerate(self.piles):
            if pile and i != self.banned:
                acts.append(_RDRAW[i])
        return acts

    def step(self, seat: int, action: tuple) -> None:
        kind, arg = action
        if kind == "draw":
            insort(self.hands[seat], self.deck.pop() if arg == "deck" else self.piles[_RPILE[arg]].pop())
            self.drawing, self.banned, self.turn = False, -1, 1 - seat
            self.over = not self.deck
            return
        self.hands[seat].remove(arg)
        col = _RCOL[arg]
        if kind == "play":
            self.tops[seat][col] = _RTOP[arg]
            self.laid[seat][col].append(arg)
        else:
            self.piles[col].append(arg)
            self.banned = col
        self.drawing = True

    def scores(self) -> list[int]:
        """Per player: each started expedition scores (sum - 20) x (1 + wagers), +20 with 8 or more cards."""
        out = []
        for rows in self.laid:
            total = 0
            for row in rows:
                if row:
                    wagers = sum(1 for c in row if c % 12 < 3)
                    total += (sum(_RTOP[c] for c in row) - 20) * (1 + wagers) + (20 if len(row) >= 8 else 0)
            out.append(total)
        return out


def reference_rates(seconds: float = 1.0) -> dict:
    """One-round games/s of engine_rates' loop (random_step, greedy_step) with ReferenceRound in place of
    Lost Cities (its `new` is ReferenceRound(seed))."""
    return {mode: games_per_second(ReferenceRound, _policy("lost-cities", mode), seconds)
            for mode in ("random_step", "greedy_step")}


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "rates":
        secs = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
        print(json.dumps({"rates": engine_rates(secs), "apply_cost": apply_cost(secs)}))
    else:
        print(json.dumps(playouts_per_second()))
