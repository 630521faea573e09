"""Later randomness by event (py_engine/core/events.py, issue 37 hole 8): each random event draws from a stream
fixed by the seed, its kind and index and the move's contribution, so choosing among moves steers no die or
draw; a contribution changes the outcome and is replayed from the record; old records keep the old rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from py_engine.core import IllegalAction, Record, Rng
from py_engine.core.events import (
    Events,
    add_mixed,
    draw,
    event_rng,
    events_key,
    load_mixed,
    mark_mixed,
    put,
)
from py_engine.games.arnak import GAME as ARNAK
from py_engine.games.arnak import data as AD
from py_engine.games.catan_ck import GAME as CATAN
from py_engine.games.islands import GAME as ISLANDS

C1, C2 = "1" * 64, "2" * 64


def _contributions(n: int) -> list[str]:
    return [format(i, "064x") for i in range(1, n + 1)]


# --- the streams ------------------------------------------------------------------------------------------
def test_event_rng_depends_on_key_kind_index_and_contribution_only():
    key = events_key(2**64 + 5)
    first = [event_rng(key, "dice", 3).next_u32() for _ in range(2)]
    assert first[0] == first[1]  # the same event gives the same generator
    others = {event_rng(key, "dice", 4).next_u32(), event_rng(key, "steal", 3).next_u32(),
              event_rng(key, "dice", 3, C1).next_u32(), event_rng(events_key(6), "dice", 3).next_u32()}
    assert first[0] not in others and len(others) == 4


def test_events_count_by_kind_and_round_trip():
    ev = Events.from_seed(7)
    a = ev.rng("dice").next_u32()
    ev.rng("steal")
    assert ev.counts == {"dice": 1, "steal": 1} and ev.total() == 2
    assert a == event_rng(events_key(7), "dice", 0).next_u32()
    back = Events.from_json(json.loads(json.dumps(ev.to_json())))
    assert back.to_json() == ev.to_json() and back.rng("dice").next_u32() == ev.clone().rng("dice").next_u32()
    other = ev.resampled(Rng(1))
    assert other.counts == ev.counts and other.key != ev.key
    assert Events.from_json(None) is None
    for bad in ({"key": "x", "counts": {}}, {"key": "0" * 64, "counts": {"dice": -1}}, [], {"key": "0" * 64}):
        with pytest.raises(ValueError):
            Events.from_json(bad)


# --- piles with unordered runs ----------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["draw", "put", "mix"]), st.booleans(), st.integers(0, 5)), max_size=40),
       st.integers(0, 2**31))
def test_piles_conserve_cards(ops, seed):
    """Whatever is drawn, put back or shuffled in, every card is in the pile or drawn exactly once, and the
    runs stay sorted, disjoint and inside the pile."""
    cards, mixed, drawn, rng = list(range(10)), [], [], Rng(seed)
    mark_mixed(cards, mixed)
    fresh = 100
    for op, at_end, k in ops:
        if op == "draw" and cards:
            drawn.append(draw(cards, mixed, at_end, lambda: rng))
        elif op == "put" and drawn:
            put(cards, mixed, drawn.pop(), at_end)
        elif op == "mix":
            new = drawn[:k] + list(range(fresh, fresh + 2))
            del drawn[:k]
            fresh += 2
            add_mixed(cards, mixed, new, at_end)
        last = 0
        for lo, hi in mixed:
            assert last <= lo < hi <= len(cards)
            last = hi
        assert sorted(cards + drawn) == sorted(set(cards + drawn))
    assert sorted(cards + drawn) == list(range(10)) + list(range(100, fresh))
    assert load_mixed({"p": mixed}, {"p": len(cards)}) == {"p": mixed}


def test_a_known_card_costs_no_event_and_a_run_is_drawn_at_random():
    cards, mixed = [5, 1, 3], []
    mark_mixed(cards, mixed)
    put(cards, mixed, 9, at_end=False)
    calls = []
    assert draw(cards, mixed, False, lambda: calls.append(1) or Rng(0)) == 9 and not calls
    seen = set()
    for seed in range(40):
        c, m = list(cards), [list(r) for r in mixed]
        seen.add(draw(c, m, False, lambda seed=seed: Rng(seed)))
    assert seen == {1, 3, 5}
    with pytest.raises(ValueError):
        load_mixed({"p": [[0, 4]]}, {"p": 3})


# --- Catan: the dice are fixed by the roll's index ------------------------------------------------------------
def _catan_at_roll(seed: int = 11):
    """A 3-player Catan game played by random moves to a seat's roll (after set-up)."""
    s, rng = CATAN.new(players=3, seed=seed), Rng(seed)
    while not (s.stack[-1]["k"] == "roll" and s.setup_i >= 2 * s.players and s.turn_no > 1):
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s


def _play_to_next_roll(s, rng: Rng) -> None:
    """Random moves, never a roll nor an Alchemist, until a seat's next roll decision."""
    turn = s.turn_no
    while not (s.stack[-1]["k"] == "roll" and s.turn_no > turn):
        seat = s.to_move()[0]
        acts = [a for a in s.legal_actions(seat) if a[0] != "play" or a[1] != "alchemist"]
        end = [a for a in acts if a == ("end",)]
        s.apply(seat, end[0] if end else rng.choice(acts))


def test_catan_roll_or_alchemist_does_not_steer_the_next_dice():
    """Issue 37's reproduction: the seat to roll may roll or play the Alchemist (which draws the event die
    but no dice). The dice of the game's next roll by dice are the same either way, though the paths
    consumed different randomness in between."""
    s = _catan_at_roll()
    p = s.turn
    s.prog[p].append("alchemist")
    k = s.ev.counts.get("dice", 0)
    a = s.clone()
    a.apply(p, ("roll",))
    rolled = (a.dice["yellow"], a.dice["red"])
    b = s.clone()
    b.apply(p, ("play", "alchemist"))
    b.apply(p, ("dice", 1, 1))
    assert b.ev.counts.get("dice", 0) == k and b.ev.counts["event"] == a.ev.counts["event"]
    _play_to_next_roll(b, Rng(3))
    b.apply(b.turn, ("roll",))
    assert (b.dice["yellow"], b.dice["red"]) == rolled
    dice = event_rng(s.ev.key, "dice", k)
    assert rolled == (1 + dice.below(6), 1 + dice.below(6))


def test_catan_contribution_changes_the_dice_and_replays():
    s = _catan_at_roll()
    p = s.turn
    outcomes = set()
    for c in _contributions(8):
        t = s.clone()
        t.apply(p, ("roll",), c)
        outcomes.add((t.dice["yellow"], t.dice["red"], t.dice["event"]))
    assert len(outcomes) > 1
    t = s.clone()
    t.apply(p, ("roll",), C1)
    assert t.record.contributions == [[len(s.record.moves), C1]] and t.ev.pending == ""
    back = Record.from_json(json.loads(json.dumps(t.record.to_json())))
    assert back.contributions == t.record.contributions
    assert back.replay().to_json() == t.to_json()
    without = Record.from_json({**t.record.to_json(), "contributions": []}).replay()
    assert without.to_json()["record"]["moves"] == t.to_json()["record"]["moves"]


def test_draws_randomness_names_the_moves_that_draw():
    s = _catan_at_roll()
    p = s.turn
    s.prog[p].append("alchemist")
    assert s.draws_randomness(p, ("roll",)) and s.draws_randomness(p, ("play", "alchemist")) is False
    t = s.clone()
    t.apply(p, ("play", "alchemist"))
    assert t.draws_randomness(p, ("dice", 2, 3))  # the event die
    assert not CATAN.new(players=3, seed=1, options={"randomness": "single"}).draws_randomness(0, ("x",))


def test_contributions_are_checked():
    s = _catan_at_roll()
    p = s.turn
    before = s.to_json()
    for bad in ("x" * 64, "1" * 63, 5):
        with pytest.raises(IllegalAction):
            s.apply(p, ("roll",), bad)
    assert s.to_json() == before
    data = s.record.to_json()
    for bad in ([[0, "x"]], [[len(s.record.moves), C1]], [[1, C1], [0, C2]], [[0, C1], [0, C2]], "no"):
        with pytest.raises(Exception, match="contributions"):
            Record.from_json({**data, "contributions": bad})
    old = ISLANDS.new(players=2, seed=1, options={"randomness": "single"})
    assert not old.takes_contributions()
    with pytest.raises(IllegalAction):
        old.apply(old.to_move()[0], old.legal_actions(old.to_move()[0])[0], C1)


# --- Arnak: the next item and the next card of a deck are fixed by the draw's index -------------------------
def _arnak_buyer():
    """Seat 0 of a new 2-player game with the coins to buy either of the first two items of the row."""
    s = ARNAK.new(players=2, seed=22)
    s.p[0].res[0] = 20
    return s


def test_arnak_buying_one_item_or_another_deals_the_same_next_item():
    s = _arnak_buyer()
    rows = []
    for i in (0, 1):
        t = s.clone()
        site = next(a for a in t.legal_actions(0) if a[:3] == ("buy", "item", i))
        t.apply(0, site)
        while ("end",) not in t.legal_actions(0):
            t.apply(0, t.legal_actions(0)[0])
        t.apply(0, ("end",))
        rows.append(t)
    new = [[c for c in t.items if c not in s.items] for t in rows]
    assert new[0] == new[1] and len(new[0]) == 1
    assert rows[0].ev.counts["items"] == rows[1].ev.counts["items"] == 1


def test_arnak_deck_draw_depends_on_its_index_not_on_other_randomness():
    """A seat's next card comes from its deck's own stream: other draws, the single generator, and another
    seat's deck leave it alone; a contribution changes it."""
    s = ARNAK.new(players=2, seed=4)
    assert s.mix["deck0"] == [[0, len(s.p[0].deck)]]
    s.p[0].deck = list(AD.ITEM_IDS[:8])  # a longer deck, as after a round
    mark_mixed(s.p[0].deck, s.mix["deck0"])
    a, b = s.clone(), s.clone()
    for _ in range(50):
        b.rng.next_u32()
    b.take("items")
    b.take("deck1")
    assert a.take("deck0") == b.take("deck0")
    cards = set()
    for c in _contributions(12):
        t = s.clone()
        t.ev.pending = c
        cards.add(t.take("deck0"))
    assert len(cards) > 1


def test_arnak_round_end_shuffles_the_play_area_under_the_deck_unordered():
    s = ARNAK.new(players=2, seed=9)
    p = s.p[0]
    p.play = [AD.ITEM_IDS[3], AD.FEAR]  # the hand is full: nothing is drawn at the new round
    left = list(p.deck)
    s._new_round()
    assert p.deck == left + sorted([AD.FEAR, AD.ITEM_IDS[3]]) and s.mix["deck0"] == [[0, 1], [1, 3]] and not p.play


def test_arnak_assistant_coming_face_up_is_drawn_then():
    """The assistant under a recruited one is a random one of the stack's rest (by the old rules: the setup's
    next); the rival's hidden temple tile likewise."""
    s = ARNAK.new(players=2, seed=4)
    tops, temple = set(), set()
    for c in _contributions(12):
        t = s.clone()
        t.ev.pending = c
        t.stacks[0].pop()
        t.reveal_top(t.stacks[0], "assistants0")
        tops.add(t.stacks[0][-1])
        temple.add(t.take_hidden(t.temple_bonus, "temple"))
    assert len(tops) > 1 and tops <= set(s.stacks[0][:-1]) and len(temple) > 1
    old = ARNAK.new(players=2, seed=4, options={"randomness": "single"})
    under = old.stacks[0][-2]
    old.stacks[0].pop()
    old.reveal_top(old.stacks[0], "assistants0")
    assert old.stacks[0][-1] == under and old.take_hidden(old.temple_bonus, "temple") == s.temple_bonus[-1]


def test_arnak_pile_conservation_in_random_games():
    for seed in range(3):
        s, rng = ARNAK.new(players=3, seed=seed), Rng(seed)
        total = sorted(AD.ITEM_IDS)
        for _ in range(400):
            if s.is_over():
                break
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            items = s.item_deck + [c for c in s.items if c] + s.item_exile + ([s.peek] if s.peek in total else [])
            items += [c for q in s.p for c in q.cards() + q.exiled if c in total]
            assert sorted(items) == total
            for name in s.pile_names():
                for lo, hi in s.mix.get(name, []):
                    assert 0 <= lo < hi <= len(s.pile(name))


# --- Islands: the dice are fixed by the roll's index --------------------------------------------------------
def test_islands_one_choice_or_another_rolls_the_same_dice():
    """Two different choices at the same decision, then the same policy to the next roll: same dice."""
    s, rng = ISLANDS.new(players=3, seed=8, options={"modules": "1+2"}), Rng(8)
    while True:
        seat = s.to_move()[0]
        acts = s.legal_actions(seat)
        if len({a[0] for a in acts}) == 1 and len(acts) > 2 and s.phase != "dice":
            break
        s.apply(seat, rng.choice(acts))
    dice = []
    for choice in (acts[0], acts[-1]):
        t = s.clone()
        t.apply(seat, choice)
        rolls = t.ev.counts.get("roll", 0)
        while t.ev.counts.get("roll", 0) == rolls and not t.is_over():
            q = t.to_move()[0]
            t.apply(q, t.legal_actions(q)[0])
        dice.append((t.ev.counts.get("roll"), t.log[-1]["params"] if t.log[-1]["key"] == "roll" else None))
    assert dice[0] == dice[1] and dice[0][1] is not None


def test_islands_contribution_changes_the_bag_draw():
    s = ISLANDS.new(players=2, seed=3)
    tiles = set()
    for c in _contributions(12):
        t = s.clone()
        t.ev.pending = c
        tiles.add(t._draw_bag())
    assert len(tiles) > 1


# --- old records and new games ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [ARNAK, CATAN, ISLANDS])
def test_new_games_draw_by_event_and_old_records_by_one_generator(game):
    n = max(game.min_players, 2)
    new = game.new(players=n, seed=5)
    assert new.takes_contributions() and new.record.options["randomness"] == "per-event"
    data = new.record.to_json()
    del data["options"]["randomness"]  # a record from before the option existed
    old = Record.from_json(data)
    assert old.options["randomness"] == "single" and not old.replay().takes_contributions()
    saved = json.loads(json.dumps(new.to_json()))
    del saved["ev"]
    saved["record"]["options"].pop("randomness")  # a save from before: the single generator
    assert not game.from_json(saved).takes_contributions()


@pytest.mark.parametrize("game", [ARNAK, CATAN, ISLANDS])
def test_legacy_and_new_rules_share_the_setup(game):
    n = max(game.min_players, 2)
    a = game.new(players=n, seed=12).view(None)
    b = game.new(players=n, seed=12, options={"randomness": "single"}).view(None)
    a.pop("options", None), b.pop("options", None)
    assert a == b


@pytest.mark.parametrize("game", [ARNAK, CATAN, ISLANDS])
def test_random_games_with_contributions_replay(game):
    n = max(game.min_players, 2)
    s, rng = game.new(players=n, seed=31), Rng(31)
    for i in range(150):
        if s.is_over():
            break
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)), format(i * 7919 + 1, "064x") if i % 3 == 0 else None)
    back = Record.from_json(json.loads(json.dumps(s.record.to_json()))).replay()
    assert back.to_json() == s.to_json()
