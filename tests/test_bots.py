"""Bots: legality for every game, determinism, hidden-information independence, thinker API, smoke match."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from py_engine import GAMES, get_game
from py_engine.bots import BOTS, LEVELS, Budget, ISMCTSBot, SearchBot, get_heuristics, make_bot, match
from py_engine.bots.heuristics import GENERIC, Heuristics
from py_engine.bots.match import _main, parse_spec, run_match
from py_engine.bots.multi import run_table
from py_engine.bots.search import level_budget, outcome, reward
from py_engine.core import Rng

from .conformance import random_game

FAST = Budget(24, 2.0, 6)  # a small search, so the legality sweep stays quick


def positions(gid: str) -> list:
    """Start, early, a draw-phase decision (Lost Cities), mid-game and late positions."""
    game = get_game(gid)
    out = [game.new(players=game.min_players, seed=3)]
    for seed, stop in ((4, 1), (5, 7), (6, 40), (7, 120)):
        state = random_game(game, game.min_players, seed, stop_after=stop)
        if not state.is_over():
            out.append(state)
    return out


def fast_bot(name: str, gid: str, seed: int = 1):
    if name in ("search", "ismcts"):
        return BOTS[name](gid, level=1, seed=seed, budget=FAST)
    return make_bot(name, gid, level=1, seed=seed)


@pytest.mark.parametrize("gid", sorted(GAMES))
@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_plays_legal_moves(name, gid):
    bot = fast_bot(name, gid)
    for state in positions(gid):
        for seat in state.to_move():
            action = bot.choose(state, seat)
            assert action in state.legal_actions(seat), (name, gid, action)


def test_lost_cities_positions_include_a_draw_decision():
    assert "draw" in {s.phase for s in positions("lost-cities")}


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_play_a_whole_lost_cities_round(name):
    game = get_game("lost-cities")
    state = game.new(seed=12, options={"rounds": 1})
    bots = [fast_bot(name, "lost-cities", 1), fast_bot("greedy", "lost-cities", 2)]
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat))  # apply checks legality
    assert state.is_over()


@pytest.mark.parametrize("name", sorted(BOTS))
def test_same_seed_same_move(name):
    for state in positions("lost-cities"):
        seat = state.to_move()[0]
        first = fast_bot(name, "lost-cities", seed=5).choose(state, seat)
        assert fast_bot(name, "lost-cities", seed=5).choose(state, seat) == first
        assert fast_bot(name, "lost-cities", seed=5).choose(state.clone(), seat) == first


def test_level_two_search_is_deterministic():
    state = random_game(get_game("lost-cities"), 2, 21, stop_after=16)
    seat = state.to_move()[0]
    moves = {make_bot("search", "lost-cities", level=2, seed=8).choose(state, seat) for _ in range(2)}
    assert len(moves) == 1


@pytest.mark.parametrize("name", ["search", "ismcts", "greedy"])
def test_choice_ignores_hidden_information(name):
    """Two states that differ only in the opponent's hand and the deck order give the same choice."""
    game = get_game("lost-cities")
    checked = 0
    for seed, stop in ((30, 0), (31, 6), (32, 25), (33, 61)):
        state = random_game(game, 2, seed, stop_after=stop)
        seat = state.to_move()[0]
        for k in range(3):
            other = state.determinize(seat, Rng(100 + k))
            assert other.view(seat) == state.view(seat)
            assert (other.hands[1 - seat], other.deck) != (state.hands[1 - seat], state.deck)
            for bot_seed in (1, 2):
                assert (fast_bot(name, "lost-cities", bot_seed).choose(other, seat)
                        == fast_bot(name, "lost-cities", bot_seed).choose(state, seat))
                checked += 1
    assert checked == 24


def test_search_never_steps_the_real_state():
    state = random_game(get_game("lost-cities"), 2, 40, stop_after=9)
    before = state.to_json()
    seat = state.to_move()[0]
    make_bot("search", "lost-cities", level=1, seed=3).choose(state, seat)
    assert state.to_json() == before


def test_thinker_steps_are_short_and_finish():
    state = random_game(get_game("lost-cities"), 2, 50, stop_after=4)
    seat = state.to_move()[0]
    budget = replace(LEVELS[2], cap=600.0)  # rollouts alone end the move: a loaded machine changes nothing
    bot = make_bot("search", "lost-cities", level=2, seed=4, budget=budget)
    thinker = bot.start(state, seat)
    steps = 0
    while True:  # how long a slice takes is measured by the bench (tests/bench_bots_web.py), not asserted here
        done = thinker.step(5)
        steps += 1
        if done:
            break
        assert steps < 10_000
    assert steps > 1
    action = thinker.result()
    assert action in state.legal_actions(seat)
    assert thinker.step(5) is True and thinker.result() == action
    again = make_bot("search", "lost-cities", level=2, seed=4, budget=budget)
    assert again.choose(state, seat) == action  # slicing is invisible


def test_forced_move_needs_no_thinking():
    game = get_game("lost-cities")
    state = game.new(seed=1, options={"rounds": 1})
    seat = state.to_move()[0]
    state.apply(seat, ("discard", state.hands[seat][0]))  # only the deck can be drawn now
    assert state.legal_actions(seat) == [("draw", "deck")]
    thinker = make_bot("search", "lost-cities", level=3).start(state, seat)
    assert thinker.step(1) and thinker.result() == ("draw", "deck")


def test_levels_grow_and_unknown_names_fail():
    assert LEVELS[1].rollouts < LEVELS[2].rollouts < LEVELS[3].rollouts
    assert all(b.cap <= 1.0 for b in LEVELS.values())
    with pytest.raises(KeyError):
        make_bot("oracle", "lost-cities")


def test_heuristics_table_and_fallback():
    assert get_heuristics("lost-cities").canonical is not None
    assert get_heuristics("no-such-game") is GENERIC
    state = random_game(get_game("lost-cities"), 2, 60, stop_after=20)
    assert isinstance(GENERIC.evaluate(state, 0), float)
    assert 0.0 <= get_heuristics("lost-cities").reward(state, 0) <= 1.0


def test_generic_search_works_without_heuristics():
    bot = SearchBot("lost-cities", level=1, seed=2, budget=Budget(16, 2.0, 20))
    bot.heur = GENERIC
    state = random_game(get_game("lost-cities"), 2, 61, stop_after=10)
    seat = state.to_move()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)


def test_smoke_match_search_beats_random():
    res = run_match("lost-cities", "search:1", "random", rounds=6, seed=1)
    assert res["rounds"] == 6 and res["a_wins"] + res["b_wins"] + res["draws"] == 6
    assert res["a_wins"] >= 5 and res["mean_margin"] > 0


def test_smoke_board_table_search_beats_random():
    res = run_table("lost-cities-board", 4, "search:1", "random", games=3, seed=1, options={"length": "short"})
    assert res["wins"] == 3 and res["mean_margin_vs_best_other"] > 0
    assert [g[:3] for g in res["per_game"]] == [[0, 0, True], [1, 1, True], [2, 2, True]]
    from py_engine.bots.pool import pool

    [fig] = pool([res])  # one chunk pools to its own figure
    assert fig["games"] == 3 and fig["wins"] == 3 and fig["mean_margin"] == round(res["mean_margin_vs_best_other"], 2)


def test_match_cli_and_specs(capsys):
    assert parse_spec("search:3") == ("search", 3) and parse_spec("random") == ("random", 2)
    res = _main(["--game", "lost-cities", "--a", "greedy", "--b", "random", "--rounds", "2", "--seed", "3", "--quiet"])
    assert res["a"] == "greedy" and res["rounds"] == 2
    assert "greedy vs random" in capsys.readouterr().out


def test_lost_cities_known_cards_come_from_public_moves():
    """Cards the opponent took from a discard pile are in its real hand, and every sample keeps them there."""
    from py_engine.games.lost_cities import heuristic as lc

    game, seen = get_game("lost-cities"), 0
    for seed in range(12):
        state = random_game(game, 2, seed, stop_after=10 + seed * 7)
        if state.is_over():
            continue
        for seat in (0, 1):
            other = 1 - seat
            known = lc.known_cards(state, seat)
            assert set(known) <= set(state.hands[other])
            seen += len(known)
            fix = lc.constrain(state, seat)
            if fix:
                det = state.determinize(seat, Rng(seed))
                fix(det, Rng(1))
                assert set(known) <= set(det.hands[other]) and len(det.hands[other]) == len(state.hands[other])
                assert sorted(det.deck + det.hands[other]) == sorted(state.deck + state.hands[other])
    assert seen > 0


# --- ISMCTS ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_ismcts_legal_deterministic_and_never_steps_the_real_state(gid):
    for state in positions(gid):
        before = state.to_json()
        for seat in state.to_move():
            action = fast_bot("ismcts", gid, seed=4).choose(state, seat)
            assert action in state.legal_actions(seat), (gid, action)
            assert fast_bot("ismcts", gid, seed=4).choose(state.clone(), seat) == action
        assert state.to_json() == before


@pytest.mark.parametrize("gid", ["lost-cities-board", "catan-ck"])
def test_ismcts_with_more_players_and_policy_opponents(gid):
    """Three players: each node is scored with its own mover's reward; the opponents-by-policy variant too."""
    game = get_game(gid)
    for seed, stop in ((8, 3), (9, 30)):
        state = random_game(game, 3, seed, stop_after=stop)
        if state.is_over():
            continue
        before = state.to_json()
        for seat in state.to_move():
            for in_tree in (True, False):
                bot = ISMCTSBot(gid, level=1, seed=2, budget=FAST, opponents_in_tree=in_tree)
                assert bot.choose(state, seat) in state.legal_actions(seat)
        assert state.to_json() == before


def test_ismcts_builds_a_tree_and_sliced_thinking_matches_choose():
    state = random_game(get_game("lost-cities"), 2, 50, stop_after=4)
    seat = state.to_move()[0]
    budget = Budget(200, 10.0, width=3)  # the cap is far away: the iteration count decides
    thinker = ISMCTSBot("lost-cities", seed=4, budget=budget).start(state, seat)
    steps = 0
    while True:
        done = thinker.step(5)
        steps += 1
        if done:
            break
        assert steps < 10_000
    assert steps > 1
    assert thinker.rollouts == 200 and thinker.tree_size() > 200  # one expansion per iteration, below the root too
    visits = {a: n for a, n, _ in thinker.stats()}
    assert sum(visits.values()) == 200 and sum(1 for n in visits.values() if n) == 3  # the width-3 candidates
    assert thinker.result() == ISMCTSBot("lost-cities", seed=4, budget=budget).choose(state, seat)
    assert make_bot("ismcts", "lost-cities", level=2, seed=4).choose(state, seat) in state.legal_actions(seat)


def test_ismcts_respects_the_cap():
    state = random_game(get_game("lost-cities"), 2, 51, stop_after=6)
    seat = state.to_move()[0]
    bot = ISMCTSBot("lost-cities", seed=1, budget=Budget(match.UNLIMITED_ROLLOUTS, 0.03, width=3))
    t0 = time.perf_counter()
    thinker = bot.start(state, seat)
    while not thinker.step(5):
        pass
    assert time.perf_counter() - t0 < 0.5  # a 0.03 s cap, with room for a busy machine
    assert 1 <= thinker.rollouts < match.UNLIMITED_ROLLOUTS and thinker.result() in state.legal_actions(seat)


# --- match statistics and specs ----------------------------------------------------------------------------


def test_mean_ci_on_hand_made_deal_values():
    mean, lo, hi = match.mean_ci([1.0, 0.5, 0.5, 0.0])  # s^2 = (0.25 + 0 + 0 + 0.25) / 3, se = s / 2
    half = match.Z95 * (1 / 6) ** 0.5 / 2
    assert mean == 0.5 and lo == pytest.approx(0.5 - half, abs=1e-12) and hi == pytest.approx(0.5 + half, abs=1e-12)
    assert match.mean_ci([0.0, 1.0]) == pytest.approx((0.5, 0.5 - match.Z95 * 0.5, 0.5 + match.Z95 * 0.5))
    assert match.mean_ci([3.0, 3.0, 3.0]) == (3.0, 3.0, 3.0)
    assert match.mean_ci([0.7]) == (0.7, None, None) and match.mean_ci([]) == (0.0, None, None)
    assert match._per_deal([1.0, 0.0, 0.5, 0.5, 1.0]) == [0.5, 0.5, 1.0]
    lo, hi = match.wilson(0.5, 2)  # 1 of 2: (0.0945, 0.9055)
    assert lo == pytest.approx(0.094531, abs=1e-6) and hi == pytest.approx(0.905469, abs=1e-6)


def test_time_specs_and_match_intervals():
    assert parse_spec("ismcts:t0.05") == ("ismcts", 3) and match.spec_budget("search:2") is None
    assert match.spec_budget("search:t0.05") == Budget(match.UNLIMITED_ROLLOUTS, 0.05, depth=LEVELS[3].depth,
                                                 width=LEVELS[3].width)
    assert match.spec_budget("search:t0.05", "lost-cities") == match.spec_budget("search:t0.05")
    assert match.spec_budget("search:t0.05", "arnak").width == get_heuristics("arnak").widths[3] == 6
    assert match.bot_from_spec("search:t0.05", "arnak", 1).budget.width == 6
    bot = match.bot_from_spec("ismcts:t0.01", "lost-cities", 1)
    assert isinstance(bot, ISMCTSBot) and bot.budget.cap == 0.01
    assert isinstance(match.bot_from_spec("search:2", "lost-cities", 1), SearchBot)
    with pytest.raises(ValueError):
        match.bot_from_spec("greedy:t0.05", "lost-cities", 1)
    with pytest.raises(ValueError):
        match.spec_budget("search:t0")
    res = run_match("lost-cities", "greedy", "random", rounds=4, seed=2)
    assert res["deals"] == 2 and 0.0 <= res["score_ci95"][0] <= res["score_rate_a"] <= res["score_ci95"][1] <= 1.0
    assert res["margin_ci95"][0] <= res["mean_margin"] <= res["margin_ci95"][1]
    assert res["score_wilson95"][0] <= res["score_rate_a"] <= res["score_wilson95"][1]


def test_stalled_games_are_abandoned():
    res = run_match("lost-cities", "greedy", "random", rounds=2, seed=2, max_moves=5)
    assert res["unfinished"] == 2 and res["a_wins"] + res["b_wins"] + res["draws"] == 2


def test_match_cli_json(capsys):
    import json

    res = _main(["--game", "lost-cities", "--a", "greedy", "--b", "random", "--rounds", "2", "--seed", "3", "--quiet",
                 "--json"])
    assert json.loads(capsys.readouterr().out) == res


def _stall(gid: str, idle: int):
    """A 2-player game played to the first draw decision after at least `idle` decisions in a row without a
    card laid or a deck draw (everybody discards and takes a discard back); returns it and that count."""
    from py_engine.bots.heuristics import DECK_DRAW

    state = get_game(gid).new(players=2, seed=5)
    run = 0
    for _ in range(400):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if legal[0][0] == "draw":
            if run >= idle:
                return state, run
            piles = [a for a in legal if a != DECK_DRAW]
            action = piles[0] if piles else DECK_DRAW
        else:  # a discard after which some pile can be taken, if there is one
            discards = [a for a in legal if a[0] == "discard"]
            action = next((a for a in discards if len(_after(state, seat, a).legal_actions(seat)) > 1), discards[0])
        state.apply(seat, action)
        run = 0 if action == DECK_DRAW else run + 1
    raise AssertionError("no stall reached")


def _after(state, seat: int, action):
    nxt = state.clone()
    nxt.step(seat, action)
    return nxt


@pytest.mark.parametrize("gid", ["lost-cities", "lost-cities-board"])
def test_bots_break_a_discard_and_take_back_loop(gid):
    """Near the deck's end two bots may each discard and take back the other's discard for ever (the rules
    have no limit); after IDLE_LIMIT such decisions every thinking bot draws from the deck instead."""
    from py_engine.bots.heuristics import DECK_DRAW, IDLE_LIMIT

    unstall = get_heuristics(gid).unstall
    before, run = _stall(gid, IDLE_LIMIT - 2)
    assert run < IDLE_LIMIT and unstall(before, before.to_move()[0]) is None
    state, run = _stall(gid, IDLE_LIMIT)
    assert run == IDLE_LIMIT + 1  # a discard, then this draw decision
    seat = state.to_move()[0]
    assert unstall(state, seat) == DECK_DRAW
    assert len(state.legal_actions(seat)) > 1
    for name in ("greedy", "search", "ismcts"):
        assert fast_bot(name, gid).choose(state, seat) == DECK_DRAW, name
    assert make_bot("search", gid, level=3).choose(state, seat) == DECK_DRAW


def test_a_time_limit_plans_the_rollouts_that_fit_and_no_limit_changes_nothing():
    state = random_game(get_game("lost-cities"), 2, 50, stop_after=4)
    seat = state.to_move()[0]
    budget = replace(LEVELS[3], cap=600.0)  # "unlimited": rollouts alone end a move, however loaded the machine
    bot = make_bot("search", "lost-cities", level=3, seed=4, budget=budget)
    free = bot.choose(state, seat)  # measures the bot's rollout cost
    assert bot.cost.seconds and bot.choose(state, seat) == free  # the measurement never steers an unlimited search
    thinker = bot.start(state, seat)
    thinker.limit(bot.cost.seconds * 40)  # about 40 rollouts fit
    assert thinker.cap <= budget.cap and len(thinker.alive) <= thinker.target <= 40
    action = thinker.result()
    assert action in state.legal_actions(seat) and thinker.rollouts <= 40
    tiny = make_bot("search", "lost-cities", level=3, seed=4).start(state, seat)
    tiny.limit(0.0)  # no time at all: the level's first candidate round is still ranked, never an illegal move
    assert tiny.result() in state.legal_actions(seat)


def test_quick_moves_are_the_only_legal_action_or_what_the_game_calls_routine():
    from py_engine.bots.heuristics import quick_move

    catan, arnak, lost = (get_heuristics(g) for g in ("catan-ck", "arnak", "lost-cities"))
    assert quick_move(catan, ("roll",), 2) and quick_move(catan, ("end",), 9) and not quick_move(catan, ("road", 3), 9)
    assert quick_move(arnak, ("pass",), 5) and not quick_move(arnak, ("buy", 1), 5)
    assert quick_move(lost, ("draw", "deck"), 1) and not quick_move(lost, ("draw", "deck"), 2)


def test_a_game_may_widen_a_levels_search():
    """Heuristics.widths replaces a level's width (candidates kept from the move ordering) for that game only."""
    given = {3: 7}
    wide = Heuristics(widths=given)
    given[3] = 2  # the table keeps its own read-only copy
    assert level_budget(wide, 3) == replace(LEVELS[3], width=7)
    with pytest.raises(TypeError):
        wide.widths[2] = 9
    assert level_budget(wide, 2) == LEVELS[2] and level_budget(wide, 9) == replace(LEVELS[3], width=7)
    assert level_budget(Heuristics(), 3) == LEVELS[3] and level_budget(Heuristics(), 0) == LEVELS[1]
    arnak = get_heuristics("arnak")
    assert SearchBot("arnak", 3).budget.width == arnak.widths[3] > LEVELS[3].width
    assert SearchBot("arnak", 2).budget == LEVELS[2] and SearchBot("lost-cities", 3).budget == LEVELS[3]
    assert ISMCTSBot("arnak", 3).budget.width == arnak.widths[3]


def test_a_solo_games_outcome_is_beating_the_rival():
    """Solo Arnak ranks its one seat first whatever the score; the search's outcome is beating the rival."""
    assert outcome({"scores": [60], "ranks": [1], "winners": [0], "rival": 66, "beat_rival": False}, 0) == 0.0
    assert outcome({"scores": [66], "ranks": [1], "winners": [0], "rival": 66, "beat_rival": False}, 0) == 0.5
    assert outcome({"scores": [67], "ranks": [1], "winners": [0], "rival": 66, "beat_rival": True}, 0) == 1.0
    assert outcome({"scores": [5, 5, 2], "ranks": [1, 1, 3], "winners": [0, 1]}, 1) == 0.5
    assert outcome({"scores": [5, 7], "ranks": [2, 1], "winners": [1]}, 0) == 0.0
    assert outcome({"scores": [5, 7], "ranks": [2, 1], "winners": [1]}, 1) == 1.0
    game = get_game("arnak")
    state = game.new(players=1, seed=3, options={"rival": 5})
    while not state.is_over():
        seat = state.to_move()[0]
        state.step(seat, state.legal_actions(seat)[-1])
    res = state.result()  # always the last legal move: the bot passes its way to 8 points, the rival scores 67
    assert (res["scores"], res["winners"], res["rival"], outcome(res, 0)) == ([8], [0], 67, 0.0)
    heur = get_heuristics("arnak")
    assert reward(heur, state, 0) == (1 - heur.win_weight) * heur.reward(state, 0) < 0.01


def test_a_move_that_ends_the_round_is_judged_where_the_others_rollouts_stop():
    """The horizon is read before the candidate's own move: keeping the hand (which ends Arnak's round) gets no
    rollout play in the next round, and releasing a card is played on only to the end of this round."""
    state = get_game("arnak").new(players=1, seed=3, options={"rival": 5})
    state.step(0, ("pass",))
    heur = get_heuristics("arnak")
    rounds = []

    def policy(s, seat, rng):
        rounds.append(s.round)
        return heur.policy(s, seat, rng)

    thinker = SearchBot("arnak", 1, budget=Budget(8, 10.0, width=2)).start(state, 0)
    thinker.heur = replace(heur, policy=policy)
    thinker._sample(state, ("keep",), 5)
    assert rounds == [] and state.round == 1  # the sample is played on a copy
    thinker._sample(state, ("release", 300), 5)
    assert rounds and set(rounds) == {1}
