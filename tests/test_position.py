"""Positions set up by hand (py_engine.core.position): concrete valid and impossible positions per game
with the exact refusal, and a fuzz of mutated positions that must never raise anything but
PositionError. Engine-only (no web imports), so it also runs in Pyodide."""

from __future__ import annotations

import json
import random

import pytest

from py_engine import get_game
from py_engine.core import position as P
from py_engine.core.position import PositionError

# --- Lost Cities -------------------------------------------------------------------------------------


def lc_example() -> dict:
    """The rulebook's scoring example (digest TC1): seat 0 scores 3 − 40 + 0 − 10 + 65 = 18."""
    pos = P.starting("lost-cities", seed=1)
    zones = {k: ([] if v is not None and not k.startswith("hand") else v) for k, v in pos["state"]["zones"].items()}
    zones.update({
        "expedition.0.yellow": ["yellow-6", "yellow-8", "yellow-9"],                     # 23 - 20 = 3
        "expedition.0.white": ["white-w1"],                                            # (0 - 20) x 2 = -40
        "expedition.0.green": ["green-w1", "green-7", "green-8"],                      # (15 - 20) x 2 = -10
        "expedition.0.red": ["red-w1", "red-w2", "red-2", "red-3", "red-4", "red-5", "red-6", "red-7", "red-8"],
        "hand.0": ["blue-2", "blue-3", "blue-4", "blue-5", "blue-6", "blue-7", "blue-8", "blue-9"],
        "hand.1": None, "deck": None,
    })
    pos["state"]["zones"] = zones
    pos["state"]["fields"] = {"round": 1, "score.0": 0, "score.1": 0, "turn": 0, "decision": "play",
                              "discarded": None, "starter": 0}
    pos["annotations"] = {"caption": "Four expeditions: 18 points", "highlight": ["expedition.0.red"],
                          "arrows": [["red-8", "expedition.0.red"]]}
    return pos


def refusal(data) -> str:
    with pytest.raises(PositionError) as exc:
        P.check(data)
    return str(exc.value)


def test_lost_cities_scoring_example_is_a_position_worth_18():
    pos = P.check(lc_example(), seed=4)
    view = pos.state.view(0)
    assert [r["total"] for r in view["round_scores"][0]] == [3, 0, -40, -10, 65]
    assert sum(r["total"] for r in view["round_scores"][0]) == 18
    assert view["hand_counts"] == [8, 8] and view["deck"] == 60 - 16 - 16
    assert [c["value"] for c in view["hand"]] == [2, 3, 4, 5, 6, 7, 8, 9]
    assert pos.annotations["caption"] == "Four expeditions: 18 points"


def test_unset_hidden_zones_are_dealt_by_the_seed():
    a, b, c = (P.check(lc_example(), seed=s).state for s in (1, 1, 2))
    assert a.hands == b.hands and a.deck == b.deck
    assert a.hands[1] != c.hands[1]
    assert sorted(a.hands[1] + a.deck) == sorted(c.hands[1] + c.deck)


def test_playing_on_from_the_example():
    state = P.check(lc_example()).state
    state.apply(0, ("play", 20))  # blue 7 (card ids: colour * 12 + value + 1)
    state.apply(0, ("draw", "deck"))
    assert state.to_move() == (1,) and len(state.hands[0]) == 8


def test_a_table_starts_from_a_position():
    from py_engine.core import IllegalAction
    from py_engine.net.host import Host

    pos = P.check(lc_example(), seed=2)
    host = Host.from_state(pos.state, seats=["local", "bot"], names=["Ann", "Bot"])
    assert host.state.hands == pos.state.hands and host.waiting_for("local") == [0]
    with pytest.raises(IllegalAction):
        host.local_action(0, ["draw", "deck"])  # play first
    host.local_action(0, ["discard", 15])  # the blue 2
    host.local_action(0, ["draw", "deck"])
    assert host.waiting_for("bot") == [1] and host.state.piles[1] == [15]
    assert host.state.record.moves == [[0, ["discard", 15]], [0, ["draw", "deck"]]]


def test_a_replay_step_round_trips():
    game = get_game("lost-cities")
    state = game.new(seed=9)
    for _ in range(21):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    pos = P.check(P.of_state(state))
    assert pos.state.hands == state.hands and pos.state.rows == state.rows and pos.state.piles == state.piles
    assert pos.state.legal_actions(state.to_move()[0]) == state.legal_actions(state.to_move()[0])
    hidden = P.of_state(state, seat=1, hide=True)
    assert hidden["state"]["zones"]["hand.0"] is None and hidden["state"]["zones"]["deck"] is None
    assert P.check(hidden).state.hands[1] == state.hands[1]


def edit(fn) -> dict:
    pos = lc_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: z["hand.1"].__class__, None),  # no change: valid
    (lambda p, z, f: z["expedition.0.blue"].append("red-9"),
     "expedition.0.blue: red-9 is not a blue card"),
    (lambda p, z, f: z["discard.red"].append("red-8"),
     "discard.red: red-8 lies in two places (expedition.0.red and discard.red): each card lies in exactly one place"),
    (lambda p, z, f: z["hand.0"].pop(),
     "hand.0: holds 7 cards; a hand holds 8, 7 for the player about to draw"),
    (lambda p, z, f: z["discard.blue"].append("purple-3"),
     "discard.blue[0]: 'purple-3' is not a component of this game"),
    (lambda p, z, f: z.__setitem__("expedition.0.purple", []),
     "expedition.0.purple: there is no such zone in this game"),
    (lambda p, z, f: z.__setitem__("discard.red", None),
     "discard.red: every player sees this zone: it cannot be left unset"),
    (lambda p, z, f: f.__setitem__("round", 4), "round: the match has only 3 rounds"),
    (lambda p, z, f: f.__setitem__("round", 0), "round: must be a whole number from 1 to 5"),
    (lambda p, z, f: f.__setitem__("turn", 2), "turn: must be a seat from 0 to 1"),
    (lambda p, z, f: f.__setitem__("turn", True), "turn: must be a seat from 0 to 1"),
    (lambda p, z, f: f.__setitem__("discarded", "red"), "discarded: only a player about to draw has just discarded"),
    (lambda p, z, f: (f.update(decision="draw", discarded="blue"), z["hand.0"].pop()),
     "discarded: the blue discard pile is empty"),
    (lambda p, z, f: f.pop("starter"), "starter: this field is missing"),
    (lambda p, z, f: f.__setitem__("decision", "dig"), "decision: must be one of play, draw"),
    (lambda p, z, f: z.__setitem__("deck", []),
     "components: yellow-w1 is not placed: every card lies in exactly one place"),
    (lambda p, z, f: p.__setitem__("seat", 2), "seat: the seat shown must be a seat from 0 to 1, or null"),
    (lambda p, z, f: p.__setitem__("players", 3), "players: Lost Cities takes 2–2 players"),
    (lambda p, z, f: p.__setitem__("game", "chess"), "game: this app has no game called 'chess'"),
    (lambda p, z, f: p.__setitem__("v", 2), "v: unsupported position version '2'"),
    (lambda p, z, f: p.__setitem__("options", {"rounds": 9}),
     "options: option 'rounds' must be a whole number from 1 to 5"),
    (lambda p, z, f: p["annotations"].__setitem__("highlight", ["board"]),
     "annotations.highlight[0]: 'board' is no zone or component here"),
    (lambda p, z, f: p["annotations"].__setitem__("arrows", [["red-8"]]),
     "annotations.arrows[0]: an arrow is a [from, to] pair of zones or components here"),
    (lambda p, z, f: p["annotations"].__setitem__("caption", "x" * 501),
     "annotations.caption: the caption is text of at most 500 characters"),
    (lambda p, z, f: p.__setitem__("kind", "record"), "this is not an Explorers' Table position"),
])
def test_lost_cities_refusals(change, message):
    pos = edit(change)
    if message is None:
        P.check(pos)
    else:
        assert refusal(pos) == message


def test_a_full_table_with_an_empty_draw_pile_is_refused():
    game = get_game("lost-cities")
    state = game.new(seed=3)
    data = P.of_state(state)
    zones = data["state"]["zones"]
    for colour in ("yellow", "blue", "white", "green", "red"):  # the 44 cards of the deck onto the piles
        zones[f"discard.{colour}"] = [c for c in zones["deck"] if c.startswith(colour)]
    zones["deck"] = []
    assert refusal(data) == "deck: the draw pile is empty: a round ends when its last card is drawn"


def test_too_few_cards_for_the_unset_hands():
    data = edit(lambda p, z, f: None)
    z = data["state"]["zones"]
    free = P.check(data).unplaced()  # the 44 cards dealt to hand.1 and the deck
    z["discard.blue"] = [c for c in free if c.startswith("blue")]
    z["discard.yellow"] = [c for c in free if c.startswith("yellow")]
    z["discard.white"] = [c for c in free if c.startswith("white")]
    z["discard.green"] = [c for c in free if c.startswith("green")]
    assert refusal(data) == "components: 8 cards are needed to deal the unset zones (hand.1, deck) but only 3 are left"


def test_text_goes_through_the_bounded_parser():
    assert refusal("[" * 5000) == "not a readable position (nested more than 32 levels deep)"
    assert refusal("{") == "not a readable position (not valid JSON)"
    assert refusal("x" * 200_000) == "not a readable position (larger than 100000 characters)"
    assert P.check(json.dumps(lc_example())).players == 2


# --- fuzz ---------------------------------------------------------------------------------------------

_JUNK = (None, -1, 0, 1, 7, 10 ** 30, True, False, "", "x", "yellow-5", "hand.0", "deck", [], {}, [None],
         {"a": 1}, 1.5, ["red-3", "red-3"], "red", "draw", -10 ** 6)


def junk(rnd: random.Random):
    """A fresh copy of a junk value (never shared, so no edit can make a cycle)."""
    return json.loads(json.dumps(rnd.choice(_JUNK)))


def _pick(value, rnd: random.Random) -> tuple:
    """A random path to a node: a walk down from the root that stops at a leaf or, after a step, by chance."""
    path: tuple = ()
    while isinstance(value, (dict, list)) and value and not (path and rnd.random() < 0.3):
        key = rnd.choice(list(value) if isinstance(value, dict) else range(len(value)))
        path, value = path + (key,), value[key]
    return path


def mutate(pos: dict, rnd: random.Random) -> dict:
    """One to three random edits: a value replaced, a key or item removed, a card moved or copied, a key added."""
    pos = json.loads(json.dumps(pos))
    for _ in range(rnd.randint(1, 3)):
        path = _pick(pos, rnd)
        if not path:
            continue
        parent = pos
        for k in path[:-1]:
            parent = parent[k]
        op = rnd.random()
        zones = pos.get("state", {}).get("zones") if isinstance(pos.get("state"), dict) else None
        lists = [k for k, v in zones.items() if isinstance(v, list)] if isinstance(zones, dict) else []
        if op < 0.45:
            parent[path[-1]] = junk(rnd)
        elif op < 0.6:
            del parent[path[-1]]
        elif op < 0.85 and len(lists) >= 2:
            src, dst = rnd.sample(lists, 2)
            if zones[src]:
                card = zones[src].pop(rnd.randrange(len(zones[src])))
                zones[dst].insert(rnd.randint(0, len(zones[dst])), card)
        elif op < 0.95 and lists:
            dst = rnd.choice(lists)
            zones[dst].append(rnd.choice([c for v in zones.values() if isinstance(v, list) for c in v] or ["x"]))
        elif isinstance(parent, dict):
            parent[rnd.choice(("extra", "hand.9", "score.5", "caption"))] = junk(rnd)
    return pos


def fuzz(bases: list[dict], n: int, seed: int) -> tuple[int, int]:
    rnd = random.Random(seed)
    ok = refused = 0
    for i in range(n):
        data = mutate(bases[i % len(bases)], rnd)
        try:
            P.check(json.dumps(data) if i % 7 == 0 else data, seed=i)
            ok += 1
        except PositionError:
            refused += 1
    return ok, refused


def lc_bases() -> list[dict]:
    game = get_game("lost-cities")
    bases = [lc_example(), P.starting("lost-cities", seed=2)]
    state = game.new(seed=11, options={"purple": True})
    for _ in range(30):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    bases += [P.of_state(state), P.of_state(state, seat=1, hide=True)]
    return bases


def test_fuzz_lost_cities_positions_only_ever_refused_clearly():
    ok, refused = fuzz(lc_bases(), 10_000, seed=25)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


# --- Lost Cities: The Board Game -----------------------------------------------------------------------


def board_played(seed: int = 4, players: int = 2, moves: int = 40, options: dict | None = None):
    """A real game of the board game after some random moves (stopping before a pending piece move)."""
    game = get_game("lost-cities-board")
    state = game.new(players=players, seed=seed, options=options or {})
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        while state.phase == "move":
            state.apply(state.to_move()[0], ("pass",))
    return state


def board_example() -> dict:
    """Seat 0 has a red column 2-5-5 with its researcher on stone 4 (an arrow moved it once), seat 1 a
    blue column 0 with an adventurer on stone 1; seat 0 is about to play."""
    pos = P.starting("lost-cities-board", players=2, seed=1)
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    for k in list(z):
        if z[k] is not None and not k.startswith(("hand", "space")):
            z[k] = []
    z.update({"column.0.red": ["red-2a", "red-5a", "red-5b"], "path.0.red": ["researcher"],
              "column.1.blue": ["blue-0a"], "path.1.blue": ["adventurer"], "removed": None, "deck": None})
    f.update({"stone.0.red": 4, "stone.1.blue": 1, "turn": 0, "decision": "play"})
    for c in ("red-2a", "red-5a", "red-5b", "blue-0a"):
        if c in z["hand.0"]:  # keep seat 0's hand at 8 without the cards now on the table
            z["hand.0"].remove(c)
            z["hand.0"].append(next(x for x in ("white-9a", "white-9b", "white-10a", "white-10b")
                                    if x not in z["hand.0"]))
    return pos


def test_board_game_example_is_valid_and_plays_on():
    pos = P.check(board_example(), seed=3)
    view = pos.state.view(0)
    red = next(p for p in view["paths"] if p["colour"] == "red")
    assert red["pieces"] == [{"seat": 0, "piece": "researcher", "stone": 4}]
    assert view["player_info"][0]["expedition_points"] == pos.state.expedition_points(0)
    assert len(pos.state.removed) == 30 and view["deck"] == 110 - 30 - 16 - 4
    seat = pos.state.to_move()[0]
    pos.state.apply(seat, pos.state.legal_actions(seat)[0])


def test_board_game_replay_steps_round_trip():
    for seed, players, opts in ((1, 2, {}), (2, 3, {"directions": True}), (3, 4, {"no_redraw": True})):
        state = board_played(seed, players, 60, opts)
        pos = P.check(P.of_state(state))
        assert (pos.state.hands, pos.state.columns, pos.state.pos, pos.state.board, pos.state.deck) == (
            state.hands, state.columns, state.pos, state.board, state.deck)
        seat = state.to_move()[0]
        assert pos.state.legal_actions(seat) == state.legal_actions(seat)


def free_card(zones: dict, colour: str) -> str:
    """A card of `colour` that lies nowhere yet."""
    placed = {c for v in zones.values() if v for c in v}
    return next(f"{colour}-{v}{k}" for v in range(11) for k in "ab" if f"{colour}-{v}{k}" not in placed)


def board_edit(fn) -> dict:
    pos = board_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: z["column.0.red"].append("red-3a"), "column.0.red: red-3a cannot follow red-5b"),
    (lambda p, z, f: z["column.0.red"].append("blue-3a"), "column.0.red: blue-3a is not a red card"),
    (lambda p, z, f: z["path.0.red"].clear(), "path.0.red: a path has a piece exactly when its column has cards"),
    (lambda p, z, f: f.__setitem__("stone.0.red", 2),
     "stone.0.red: 3 cards were played, so the piece stands on stone 3 or further"),
    (lambda p, z, f: f.__setitem__("stone.1.red", 2),
     "stone.1.red: a piece on the path stands on stone 1 to 9; without one, 0"),
    (lambda p, z, f: f.__setitem__("stone.1.red", 10), "stone.1.red: must be a whole number from 0 to 9"),
    (lambda p, z, f: (z[next(k for k, v in z.items() if v == ["arrow"])].clear(),
                      z["path.0.red"].__setitem__(0, "arrow")),
     "path.0.red: arrow cannot stand on a path: only an adventurer or a researcher"),
    (lambda p, z, f: z["space.red-2"].__setitem__(0, "adventurer") if z["space.red-2"] else None,
     "space.red-2: adventurer cannot lie here: only an event tile"),
    (lambda p, z, f: [(z[f"column.1.{c}"].append(free_card(z, c)), z[f"path.1.{c}"].append("adventurer"),
                       f.__setitem__(f"stone.1.{c}", 1)) for c in ("yellow", "white", "green", "red")],
     "path.1: a player has 4 adventurers and 1 researcher"),
    (lambda p, z, f: f.__setitem__("expedition", 3) or p["options"].__setitem__("length", "short"),
     "expedition: the game has only 1 expedition"),
    (lambda p, z, f: f.__setitem__("held.0", 9), "held: 9 artifact tiles are taken but only 0 are off the board"),
    (lambda p, z, f: f.__setitem__("discarded", "red"),
     "discarded: only a player about to draw, with the no-redraw option, has a pile they may not draw from"),
    (lambda p, z, f: z.__setitem__("removed", []), "removed: holds 0 cards; it holds 30"),
    (lambda p, z, f: z["discard.red"].append("red-5a"),
     "discard.red: red-5a lies in two places (column.0.red and discard.red): each card lies in exactly one place"),
])
def test_board_game_refusals(change, message):
    assert refusal(board_edit(change)) == message


def test_board_game_five_pieces_beyond_the_bridge_end_the_expedition():
    def change(p, z, f):
        for s, colours in ((0, ("yellow", "blue", "white")), (1, ("green", "red"))):
            for colour in colours:
                z[f"column.{s}.{colour}"] = [f"{colour}-10b"]
                z[f"path.{s}.{colour}"] = ["adventurer"]
                f[f"stone.{s}.{colour}"] = 7
        z["column.0.red"], z["path.0.red"], f["stone.0.red"] = [], [], 0
        z["column.1.blue"], z["path.1.blue"], f["stone.1.blue"] = [], [], 0
        kept = [c for c in z["hand.0"] if not c.endswith("-10b")]
        z["hand.0"] = kept + [c for c in ("white-8a", "white-8b", "white-7a", "white-7b", "white-6a")
                              if c not in kept][:8 - len(kept)]
    assert refusal(board_edit(change)) == "paths: 5 pieces stand beyond the bridge: the expedition ended with the 5th"


def test_fuzz_board_game_positions_only_ever_refused_clearly():
    bases = [board_example(), P.of_state(board_played(5, 3, 50)),
             P.of_state(board_played(6, 4, 30, {"directions": True}), seat=2, hide=True)]
    ok, refused = fuzz(bases, 10_000, seed=26)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


# --- Islands in the Mist ---------------------------------------------------------------------------------

ISLANDS_TC13 = {  # the rulebook's final scoring example (digest TC13), on seat 0's gold island
    (0, 1): "wild-1",  # shared by the canyon and the desert group
    **{qr: "canyon-2" for qr in ((-1, 1), (-2, 1), (-3, 1), (-2, 2))},
    **{qr: "desert-2" for qr in ((1, 1), (2, 1), (1, 0), (2, 0))},
    **{qr: "mountain-2" for qr in ((0, -3), (1, -3), (-1, -2), (0, -2))}, (3, -3): "mountain-3",  # 4 + 1 apart
    (-1, 3): "wild-1",  # the only tile at the swamp coast
    (2, -3): "monument-1", (-2, 3): "monument-1",
}
ISLANDS_OTHERS = {1: "monument-2", 2: "monument-3", 3: "monument-4"}  # 3 monuments each: more than seat 0's 2
ISLANDS_TC13_TOTAL = 1 + 8 + 9 + 9 + 6 + 6 - 10  # swamp, mountain, canyon, desert, groups, energy, volcanoes


def island_space(q: int, r: int, side: str = "gold") -> int:
    from py_engine.games.islands.data import BOARDS

    return BOARDS[side].index[(q, r)]


def islands_example() -> dict:
    """TC13 with four players (the others hold 3 monuments each), seat 0 at 14 energy, about to fly."""
    pos = P.starting("islands", players=4, seed=1)
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    for qr, tile in ISLANDS_TC13.items():
        z[f"island.0.{island_space(*qr)}"] = [tile]
    for seat, tile in ISLANDS_OTHERS.items():
        for qr in ((1, 0), (2, 0), (0, 1)):
            z[f"island.{seat}.{island_space(*qr)}"] = [tile]
    for k in range(7):  # one tile in each cloud
        z[f"cloud.{k + 1}"] = [f"meadow-{k}"]
    f["energy.0"] = 14
    return pos


def test_islands_final_scoring_example_scores_as_the_rulebook():
    pos = P.check(islands_example(), seed=4)
    sheet = pos.state.score_sheet()[0]
    assert sheet["terrain"]["swamp"] == 1 and sheet["monuments"] == 0 and sheet["monument_count"] == 2
    assert sheet["groups"]["canyon"] == sheet["groups"]["desert"] == 3 and sheet["groups"]["mountain"] == 0
    assert (sheet["energy"], sheet["volcanoes"]) == (6, -10)
    assert sheet["total"] == ISLANDS_TC13_TOTAL == 29
    assert pos.state.view(0)["islands"][0]["points"] == 29
    assert pos.state.decision() == "fly" and pos.state.to_move() == (0,)
    assert len(pos.state.bag) == 133 - 26 - 7 and len(pos.state.box) == 2  # the bag: every tile nobody placed
    seat = pos.state.to_move()[0]
    pos.state.apply(seat, pos.state.legal_actions(seat)[0])  # plays on


def islands_played(seed: int, players: int, moves: int, side: str = "gold"):
    """A real game after random moves, stopped when a player is about to fly or place."""
    game = get_game("islands")
    state = game.new(players=players, seed=seed, options={"island": side})
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    while state.decision() not in ("fly", "place"):
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_islands_replay_steps_round_trip():
    for seed, players, side in ((1, 2, "gold"), (2, 3, "silver"), (3, 4, "gold")):
        state = islands_played(seed, players, 80, side)
        pos = P.check(P.of_state(state))
        from py_engine.games.islands.zones import tile_name

        def names(placed):
            return [[tile_name(t) if t >= 0 else None for t in p] for p in placed]

        assert (names(pos.state.placed), pos.state.energy, pos.state.pos, pos.state.decider, pos.state.phase) == (
            names(state.placed), state.energy, state.pos, state.decider, state.phase)
        assert sorted(map(tile_name, pos.state.bag)) == sorted(map(tile_name, state.bag))
        assert pos.state.score_sheet() == state.score_sheet()

        def acts(s):  # identical tiles are one action (the lowest id): compare them by name
            return [(a[0], tile_name(a[1]), a[2]) if a[0] == "place" else a for a in s.legal_actions(s.decider)]

        assert acts(pos.state) == acts(state)


def islands_edit(fn) -> dict:
    pos = islands_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


YARD = 30  # the gold island's balloon yard


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: z[f"island.0.{YARD}"].append("forest-1"),
     f"island.0.{YARD}: nothing is placed on the balloon yard"),
    (lambda p, z, f: z["island.0.0"].extend(["forest-1", "forest-2"]), "island.0.0: holds 2; it holds 0 to 1"),
    (lambda p, z, f: z["telescope.1"].clear(),
     "telescope.1: has 0 start tiles; each player has exactly 1 (on the telescope or the island)"),
    (lambda p, z, f: z["telescope.2"].append(next(c for c in ("start-2", "start-3", "start-4")
                                                  if sum(v.count(c) for v in z.values() if v) < 2)),
     "telescope.2: has 2 start tiles; each player has exactly 1 (on the telescope or the island)"),
    (lambda p, z, f: z["cloud.1"].extend(["monument-1"] * 2), "cloud.1: only 2 of monument-1 exist"),
    (lambda p, z, f: z["cloud.1"].extend(["forest-0", "forest-1", "forest-2", "forest-3"]),
     "cloud.1: holds 5; it holds 0 to 3"),
    (lambda p, z, f: z["telescope.0"].extend(["forest-2", "forest-3", "forest-4", "desert-3", "desert-4"]),
     "telescope.0: holds 6; this telescope has 5 spaces"),
    (lambda p, z, f: z["island.1.0"].append("forest-7"), "island.1.0[0]: 'forest-7' is not a component of this game"),
    (lambda p, z, f: z.__setitem__("island.0.61", []), "island.0.61: there is no such zone in this game"),
    (lambda p, z, f: z.__setitem__("cloud.1", None), "cloud.1: every player sees this zone: it cannot be left unset"),
    (lambda p, z, f: f.__setitem__("energy.0", 26), "energy.0: must be a whole number from 0 to 25"),
    (lambda p, z, f: f.__setitem__("balloon.2", "61"), "balloon.2: must be one of " + ", ".join(map(str, range(61)))),
    (lambda p, z, f: f.__setitem__("direction", "N"), "direction: must be one of NW, NE, SW, SE, W, E"),
    (lambda p, z, f: f.__setitem__("decision", "take"), "decision: must be one of fly, place, give, exchange"),
    (lambda p, z, f: f.__setitem__("first_all", 0),
     "first_all: seat 0's island does not link all six coasts to the yard"),
    (lambda p, z, f: f.__setitem__("final_round", 3), "final_round: the last round is this one (1) or the next"),
    (lambda p, z, f: p.__setitem__("players", 5), "players: Islands in the Mist takes 2–4 players"),
])
def test_islands_refusals(change, message):
    assert refusal(islands_edit(change)) == message


def test_islands_clouds_follow_the_player_count():
    data = P.starting("islands", players=2)
    data["state"]["zones"]["cloud.5"] = ["forest-1"]
    assert refusal(data) == "cloud.5: there are 4 clouds with 2 players"


def test_islands_first_to_link_every_coast():
    """Six spokes of three tiles from the yard reach the six coasts: seat 1 may be the first to link them all."""
    data = P.starting("islands", players=2)
    z, f = data["state"]["zones"], data["state"]["fields"]
    spokes = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    tiles = iter(["wild-0"] * 5 + ["wild-1"] * 5 + ["wild-2"] * 5 + ["forest-3"] * 3)
    f["first_all"] = 1
    for n, (dq, dr) in enumerate(spokes):
        if n == 1:  # one spoke links the forest and mountain coasts only
            assert refusal(data) == "first_all: seat 1's island does not link all six coasts to the yard"
        for k in (1, 2, 3):
            z[f"island.1.{island_space(dq * k, dr * k)}"] = [next(tiles)]
    assert refusal(data) == ("final_round: once a player links all six coasts, the game ends after this round "
                             "or the next")
    f["final_round"] = 2
    state = P.check(data).state
    assert (state.first_all, state.final_round) == (1, 2) and state.score_sheet()[1]["coasts"] == 10


def test_fuzz_islands_positions_only_ever_refused_clearly():
    bases = [islands_example(), P.of_state(islands_played(5, 3, 90)),
             P.of_state(islands_played(6, 2, 40, "silver"), seat=1, hide=True)]
    ok, refused = fuzz(bases, 10_000, seed=27)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


# --- Lost Ruins of Arnak -----------------------------------------------------------------------------------


def arnak_example() -> dict:
    """Four players; seat 1's archaeologist holds camp 1's boot space, so seat 0's dig there takes the
    two-boot space: a car (Exploration) and a boot (Fear) pay it."""
    pos = P.starting("arnak", players=4, seed=1)
    z = pos["state"]["zones"]
    z["hand.0"] = ["explore-car", "fear", "funding-ship", "explore-ship", "funding-car"]
    z["deck.0"] = ["fear"]
    z["camp.1-1"] = ["archaeologist-1"]
    return pos


def test_arnak_a_site_costs_a_car_and_a_boot():
    from py_engine.games.arnak import data as D

    state = P.check(arnak_example(), seed=2).state
    assert state.occ[0] == [1, -1] and state.p[1].home == 1 and state.p[0].home == 2
    assert state.fear_left == 19 - 2 * 4  # seat 0's two Fear cards set by hand, the others' dealt
    assert ("dig", 0) in state.legal_actions(0) and state.p[0].deck == [D.FEAR]
    state.apply(0, ("dig", 0))
    assert state.queue[0] == ("travel", ("boot", "boot"), ("dig", 0))
    state.apply(0, ("tcard", D.EXPLORE_CAR))  # a car pays a boot
    state.apply(0, ("tcard", D.FEAR))
    assert state.occ[0] == [1, 0] and state.p[0].home == 1 and state.p[0].res[0] == 2 + 2  # camp 1: 2 coins
    assert sorted(state.p[0].play) == [D.EXPLORE_CAR, D.FEAR]


def test_arnak_unset_hands_and_decks_are_dealt_from_the_seats_starting_cards():
    from py_engine.games.arnak import data as D

    state = P.check(P.starting("arnak", players=3, seed=5), seed=9).state
    for p in state.p:
        assert sorted(p.hand + p.deck) == sorted(D.STARTING_DECK) and len(p.hand) == 5
    assert len(state.items) == 5 and len(state.arts) == 1 and state.fear_left == 19 - 6


def arnak_edit(fn) -> dict:
    pos = arnak_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: z["items"].append("artifact-3"), "items: artifact-3 cannot lie in this row"),
    (lambda p, z, f: z["artifacts"].append("artifact-3"), "artifacts: holds 2; in round 1 it holds 1"),
    (lambda p, z, f: z["camp.2-1"].append("item-3"), "camp.2-1: item-3 cannot lie on a camp: only an archaeologist"),
    (lambda p, z, f: z["play.0"].append("archaeologist-0"),
     "play.0: an archaeologist stands at home, on a camp space or at a site"),
    (lambda p, z, f: z["play.0"].append("explore-car"),
     "hand.0: holds 2 of explore-car: each player starts with one"),
    (lambda p, z, f: [z[f"camp.{k}-1"].append("archaeologist-0") for k in (2, 3, 4)],
     "camp.4-1: only 2 of archaeologist-0 exist"),
    (lambda p, z, f: f.__setitem__("round", 6), "round: must be a whole number from 1 to 5"),
    (lambda p, z, f: f.__setitem__("res.1.jewel", -1), "res.1.jewel: must be a whole number from 0 to 99"),
    (lambda p, z, f: z.__setitem__("hand.0", None) or z.__setitem__("deck.0", ["fear", "fear"]),
     "hand.0: 5 starting cards are needed to deal this hand but only 4 are left"),
    (lambda p, z, f: z.__setitem__("camp.6-1", []), "camp.6-1: there is no such zone in this game"),
    (lambda p, z, f: z["play.0"].extend(["fear"] * 17),
     "fear: 25 Fear cards are placed or dealt to the unset hands and decks but only 19 exist"),
])
def test_arnak_refusals(change, message):
    assert refusal(arnak_edit(change)) == message


def test_arnak_camps_second_spaces_close_with_fewer_players():
    data = P.starting("arnak", players=3)
    data["state"]["zones"]["camp.3-2"] = ["archaeologist-1"]
    assert refusal(data) == "camp.3-2: this space is closed with 3 players"
    data["state"]["zones"]["camp.4-2"] = data["state"]["zones"].pop("camp.3-2") and ["archaeologist-1"]
    data["state"]["zones"]["camp.3-2"] = []
    assert P.check(data).state.occ[3] == [-1, 1]


def test_arnak_a_replay_step_after_a_pass_is_refused():
    state = get_game("arnak").new(players=2, seed=1)
    state.apply(0, ("pass",))
    with pytest.raises(PositionError, match="a player has passed this round: a position cannot hold that yet"):
        P.of_state(state)


def test_fuzz_arnak_positions_only_ever_refused_clearly():
    bases = [arnak_example(), P.starting("arnak", players=3, seed=4), P.starting("arnak", players=2, seed=6)]
    ok, refused = fuzz(bases, 10_000, seed=28)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


# --- Catan: Cities & Knights -----------------------------------------------------------------------------


def catan_example() -> dict:
    """Just before the barbarians arrive (ship on step 6): seat 0 has a city, a road and an active basic
    knight; seat 1 a city and a road and no knight. Two cities against one knight: the attack is lost and
    seat 1, with the weakest defence, loses its city."""
    pos = P.starting("catan-ck", players=3, seed=1)
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    z.update({"vertex.0": ["city-0"], "edge.0": ["road-0"], "vertex.3": ["knight-0-1-active"],
              "vertex.30": ["city-1"], "edge.36": ["road-1"]})
    f["barbarians"] = 6
    return pos


def test_catan_a_barbarian_attack_costs_a_city():
    state = P.check(catan_example(), seed=1).state  # seed 1: the event die shows the ship
    assert state.barbarian_strength() == 2 and [state.knight_strength(q) for q in range(3)] == [1, 0, 0]
    assert state.to_move() == (0,) and state.legal_actions(0) == [("roll",)]
    state.apply(0, ("roll",))
    assert state.dice["event"] == "ship" and state.attacks == 1 and state.barb == 0
    assert (state.owner[30], state.btype[30]) == (1, 1)  # seat 1's city is now a settlement
    assert (state.owner[0], state.btype[0]) == (0, 2)  # seat 0's knight kept its city
    assert not state.kn_active[3]  # knights go home inactive


def catan_edit(fn) -> dict:
    pos = catan_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: z["vertex.4"].append("settlement-2"),
     "vertex.4: settlement-2 stands next to city-0 (vertex.0): the distance rule"),
    (lambda p, z, f: z["vertex.10"].append("road-1"),
     "vertex.10: road-1 cannot stand on an intersection: roads lie on paths"),
    (lambda p, z, f: z["edge.5"].append("city-1"), "edge.5: city-1 cannot lie on a path: only a road"),
    (lambda p, z, f: z["edge.50"].append("road-2"), "edge.50: road-2 joins none of its owner's buildings, "
                                                     "knights or roads"),
    (lambda p, z, f: z["vertex.3"].__setitem__(0, "knight-1-1"),
     "vertex.3: knight-1-1 stands at the end of none of its owner's roads"),
    (lambda p, z, f: z["vertex.3"].__setitem__(0, "knight-0-3-active"),
     "vertex.3: a mighty knight needs the politics fortress (politics level 3)"),
    (lambda p, z, f: (z["edge.6"].append("road-0"), z["edge.10"].append("road-0"),
                      z["vertex.7"].append("knight-0-1"), z["vertex.11"].append("knight-0-1")),
     "vertex.11: a player has 2 knights of each level"),
    (lambda p, z, f: z["vertex.0"].append("city-0"), "vertex.0: city-0 and city-0 cannot share an intersection"),
    (lambda p, z, f: z["vertex.0"].extend(["wall-0", "wall-0", "wall-0"]), "vertex.0: holds 4; it holds 0 to 3"),
    (lambda p, z, f: f.__setitem__("barbarians", 7), "barbarians: must be a whole number from 0 to 6"),
    (lambda p, z, f: (f.__setitem__("cards.0.ore", 10), f.__setitem__("cards.2.ore", 10)),
     "cards.2.ore: 20 ore cards are held but only 19 exist"),
    (lambda p, z, f: f.__setitem__("cards.1.paper", 13), "cards.1.paper: 13 paper cards are held but only 12 exist"),
    (lambda p, z, f: f.__setitem__("cards.1.paper", 20), "cards.1.paper: must be a whole number from 0 to 19"),
    (lambda p, z, f: z.__setitem__("vertex.54", []), "vertex.54: there is no such zone in this game"),
])
def test_catan_refusals(change, message):
    assert refusal(catan_edit(change)) == message


def catan_city_example() -> dict:
    """Seat 0's city on intersection 0 has a wall and is the science metropolis (science level 4); seat 0
    holds a Spy and 9 cards, shows the Printer, and is in its main phase; the robber (active) is on hex 0
    and seat 1's merchant beside its city on hex 9."""
    pos = catan_example()
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    z["vertex.0"] += ["wall-0", "metropolis-science"]
    z["progress.0"], z["points.0"] = ["spy"], ["printer"]
    z["hex.0"], z["hex.9"] = ["robber"], ["merchant-1"]
    f.update({"improve.0.science": 4, "improve.0.politics": 3, "decision": "main", "robber_active": 1,
              "cards.0.brick": 4, "cards.0.ore": 5})
    pos["seed"] = 7
    return pos


def test_catan_walls_metropolises_progress_cards_robber_and_merchant():
    state = P.check(catan_city_example()).state
    assert state.wall[0] and state.metro == [-1, -1, 0] and state.limit(0) == 9
    assert state.impr[0] == [0, 3, 4] and state.prog[0] == ["spy"] and state.vpcards[0] == ["printer"]
    assert (state.robber, state.robber_active, state.merchant, state.merchant_owner) == (0, True, 9, 1)
    assert state.vp_parts(0) == {"settlements": 0, "cities": 2, "metropolises": 2, "longest_road": 0,
                                 "defender": 0, "progress": 1, "merchant": 0}
    assert state.vp(1) == 3  # a city and the merchant
    assert state.decks[2].count("printer") == 0 and state.decks[1].count("spy") == 2  # out of the decks
    assert state.to_move() == (0,) and ("end",) in state.legal_actions(0) and ("chase", 3) in state.legal_actions(0)
    assert state.kn_ready[3]  # in the main phase, as after the roll: the active knight may act
    state.apply(0, ("end",))
    assert state.to_move() == (1,) and state.legal_actions(1) == [("roll",)]


def test_catan_a_discard_on_a_seven_then_the_robber():
    pos = catan_city_example()
    f = pos["state"]["fields"]
    f.update({"decision": "discard", "cards.0.ore": 9, "cards.1.grain": 8})  # 13 > 9 (a wall); 8 > 7
    state = P.check(pos).state
    assert state.to_move() == (0, 1) and state.stack[-1]["need"] == [6, 4, 0]
    for _ in range(6):
        state.apply(0, ("discard", "ore"))
    for _ in range(4):
        state.apply(1, ("discard", "grain"))
    assert state.to_move() == (0,) and state.stack[-1]["k"] == "robber"  # the robber is active: seat 0 moves it
    assert ("robber", 0) not in state.legal_actions(0) and ("robber", 9) in state.legal_actions(0)


def test_catan_seeded_positions_play_on_with_the_same_dice():
    pos = catan_example()
    pos["seed"] = 12345
    first, again = P.check(pos, seed=1).state, P.check(json.dumps(pos), seed=2).state  # its own seed wins
    for state in (first, again):
        state.apply(0, ("roll",))
    assert first.dice == again.dice and first.hands == again.hands
    assert P.check(pos).to_json()["seed"] == 12345 and "seed" not in P.check(catan_example()).to_json()
    pos["seed"] = -1
    assert refusal(pos) == "seed: the seed is a whole number from 0 to 2147483647"


def catan_city_edit(fn) -> dict:
    pos = catan_city_example()
    fn(pos, pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda p, z, f: f.__setitem__("improve.0.science", 3),
     "vertex.0: the science metropolis stands on a city of player 1, who has no level-4 science improvement"),
    (lambda p, z, f: (z["vertex.0"].__setitem__(0, "settlement-0")),
     "vertex.0: wall-0 stands under settlement-0: a city wall goes only under its owner's city"),
    (lambda p, z, f: (z["vertex.30"].append("wall-0")),
     "vertex.30: wall-0 stands under city-1: a city wall goes only under its owner's city"),
    (lambda p, z, f: [z[f"vertex.{v}"].append("wall-0") for v in (10, 20, 40)], "vertex.40: only 3 of wall-0 exist"),
    (lambda p, z, f: z["vertex.0"].__setitem__(2, "wall-0"), "vertex.0: a city has one wall"),
    (lambda p, z, f: z["vertex.30"].append("metropolis-science"),
     "vertex.30: metropolis-science lies in two places (vertex.0 and vertex.30): each card lies in exactly one "
     "place"),
    (lambda p, z, f: f.__setitem__("improve.1.trade", 4),
     "improve.1.trade: player 2 has a level-4 trade improvement: the trade metropolis stands on one of their "
     "cities"),
    (lambda p, z, f: f.__setitem__("improve.1.science", 5),
     "vertex.0: player 2 reached level 5 of science first: the science metropolis is theirs"),
    (lambda p, z, f: z["hex.0"].append("city-0"), "hex.0: city-0 cannot stand on a hex: only the robber and a "
                                                  "merchant"),
    (lambda p, z, f: z["hex.9"].__setitem__(0, "merchant-0"),
     "hex.9: merchant-0 stands next to none of its owner's buildings"),
    (lambda p, z, f: z["hex.0"].append("merchant-0"), "hex.9: there is one merchant: only one player holds it"),
    (lambda p, z, f: (z["hex.0"].clear(), z["vertex.5"].append("robber")),
     "vertex.5: robber cannot stand on an intersection"),
    (lambda p, z, f: z["progress.0"].append("printer"),
     "points.0: printer lies in two places (progress.0 and points.0): each card lies in exactly one place"),
    (lambda p, z, f: z.__setitem__("progress.1", ["constitution"]),
     "progress.1: constitution is a victory point card: it lies face up"),
    (lambda p, z, f: z["points.1"].append("spy"), "points.1: spy is not a victory point card"),
    (lambda p, z, f: z.__setitem__("progress.1", ["spy", "spy", "spy"]), "progress.1: only 3 of spy exist"),
    (lambda p, z, f: z.__setitem__("progress.1", ["crane", "smith", "bishop", "diplomat", "spy"]),
     "progress.1: holds 5 progress cards; a hand holds 4 (5 for the player in their turn after the roll)"),
    (lambda p, z, f: z["progress.0"].append("road-0"), "progress.0: road-0 is not a progress card"),
    (lambda p, z, f: f.__setitem__("decision", "discard"),
     "decision: after a 7 only a player holding more than 7 cards (+2 for each city wall) discards: nobody does"),
    (lambda p, z, f: (f.__setitem__("decision", "robber"), f.__setitem__("robber_active", 0)),
     "decision: the robber moves only after the first barbarian attack"),
    (lambda p, z, f: f.__setitem__("decision", "trade"), "decision: must be one of roll, main, discard, robber"),
    (lambda p, z, f: f.__setitem__("improve.2.trade", 6), "improve.2.trade: must be a whole number from 0 to 5"),
])
def test_catan_city_refusals(change, message):
    assert refusal(catan_city_edit(change)) == message


def test_catan_the_robber_is_on_the_desert_unless_placed():
    pos = catan_example()
    assert not any(pos["state"]["zones"][f"hex.{h}"] for h in range(19))
    state = P.check(pos, seed=1).state
    assert state.terrain[state.robber] == "desert"
    pos["state"]["zones"]["hex.4"] = ["robber"]
    assert P.check(pos, seed=1).state.robber == 4 and P.of_state(P.check(pos, seed=1).state)["state"]["zones"][
        "hex.4"] == ["robber"]


def test_catan_a_mighty_knight_with_the_fortress():
    pos = catan_city_example()
    pos["state"]["zones"]["vertex.3"] = ["knight-0-3-active"]
    assert P.check(pos).state.knight_strength(0) == 3


def test_catan_replay_steps_before_a_roll_round_trip():
    game = get_game("catan-ck")
    state = game.new(players=4, seed=3)
    rnd = random.Random(3)
    while state.setup_i < 2 * state.players:
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    pos = P.check(P.of_state(state))
    assert (pos.state.owner, pos.state.btype, pos.state.road, pos.state.hands) == (
        state.owner, state.btype, state.road, state.hands)
    assert pos.state.legal_actions(state.turn) == state.legal_actions(state.turn) == [("roll",)]
    state.apply(state.turn, ("roll",))
    while [e["k"] for e in state.stack] != ["main"]:
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    pos = P.check(P.of_state(state))  # the main phase after the roll
    assert pos.fields["decision"] == "main" and pos.state.hands == state.hands
    assert pos.state.legal_actions(state.turn) == state.legal_actions(state.turn)
    supported = (["roll"], ["main"], ["main", "robber"], ["main", "@robber7", "discard"])
    while [e["k"] for e in state.stack] in supported:
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    with pytest.raises(PositionError, match="before a turn's roll, in the main phase"):
        P.of_state(state)


def test_fuzz_catan_positions_only_ever_refused_clearly():
    discard = catan_city_example()
    discard["state"]["fields"].update({"decision": "discard", "cards.0.ore": 9})
    bases = [catan_example(), P.starting("catan-ck", players=4, seed=2), catan_city_example(), discard]
    ok, refused = fuzz(bases, 10_000, seed=29)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


def test_catan_replay_steps_in_the_main_phase_at_a_seven_and_the_robber_round_trip():
    """Random play: every step in a supported decision is a position with the same pieces, cards,
    improvements, metropolises, walls, merchant and defender points, and the same seats to move (the
    discards owed alike)."""
    game = get_game("catan-ck")
    seen = set()
    for seed in range(4):
        state, rnd = game.new(players=3, seed=seed), random.Random(seed)
        for _ in range(1500):
            if not state.to_move():
                break
            kinds = tuple(e["k"] for e in state.stack)
            top = state.stack[-1]
            decision = {("main",): "main", ("main", "robber"): "robber",
                        ("main", "@robber7", "discard"): "discard"}.get(kinds)
            if decision and not state.fleet and not state.crane and top.get("then", "steal") == "steal" \
                    and not any(map(any, top.get("gone", []))):
                pos = P.check(P.of_state(state))
                for f in ("hands", "impr", "metro", "wall", "owner", "btype", "road", "kn_owner", "kn_level",
                          "kn_active", "merchant", "merchant_owner", "prog", "vpcards", "defender", "barb"):
                    assert getattr(pos.state, f) == getattr(state, f), (seed, decision, f)
                assert pos.state.to_move() == state.to_move() and pos.fields["decision"] == decision
                if decision == "discard":
                    assert pos.state.stack[-1]["need"] == top["need"]
                seen.add(decision)
            seat = state.to_move()[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert seen == {"main", "robber", "discard"}
