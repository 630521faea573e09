"""Islands in the Mist positions with modules 2 (the harbour) and 3 (the extension tiles): concrete
positions the engine plays on and each impossible setting refused with the rule and the place. Engine-only
(runs in Pyodide)."""

from __future__ import annotations

import random

import pytest

from py_engine import get_game
from py_engine.core import position as P
from py_engine.games.islands.data import BAG_TILES, BOARDS, DOCK_DEPART, DOCK_TAKE, START_TILES, TELESCOPE_SPACES
from py_engine.games.islands.zones import tile_name

from .test_position import fuzz, refusal

COAST = 2  # a coast space of the gold island (row 0)


def harbour_example() -> dict:
    """Module 1+2, two players: seat 0 has built its harbour office (island space 12) and its balloon is on
    coast space 2 with 25 energy, about to fly; seat 1, its office built on space 40, waits at dock 2."""
    pos = P.starting("islands", players=2, seed=1, options={"modules": "1+2"})
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    z["telescope.0"].remove("office-0")
    z["island.0.12"] = ["office-0"]
    z["telescope.1"].remove("office-1")
    z["island.1.40"] = ["office-1"]
    z["harbour"] = ["forest-1", "wild-1", "city-3"]
    f.update({"balloon.0": str(COAST), "balloon.1": "dock-2", "energy.0": 25, "turn": 0, "start": 0})
    return pos


def test_a_built_harbour_office_lets_the_balloon_fly_on_to_the_docks():
    state = P.check(harbour_example(), seed=3).state
    assert state.access == [True, True] and state.pos == [COAST, -2]
    assert sorted(tile_name(t) for t in state.harbour) == ["city-3", "forest-1", "wild-1"]
    docks = sorted({dest for _a, _c, dest in state.flights(0) if dest < 0})
    assert docks == [-6, -5, -4, -3, -2, -1]  # 25 energy reaches every dock
    flight = next(a for a, _c, dest in state.flights(0) if dest == -2)
    state.apply(0, flight)
    assert state.pos[0] == -2 and state.decision() == "take"
    assert state.legal_actions(0)[0][0] == "give"  # at a dock: a telescope tile goes to the harbour


def test_without_its_office_built_the_balloon_stops_at_the_coast():
    data = harbour_example()
    z = data["state"]["zones"]
    z["island.0.12"], z["telescope.0"] = [], z["telescope.0"] + ["office-0"]
    state = P.check(data).state
    assert state.access[0] is False and all(dest >= 0 for _a, _c, dest in state.flights(0))


def test_leaving_a_dock_moves_by_its_departure_value():
    data = harbour_example()
    data["state"]["fields"]["turn"] = 1
    state = P.check(data).state
    assert state.flight_terms(1)[:2] == (DOCK_DEPART[1], DOCK_DEPART[1])
    acts = state.legal_actions(1)
    assert acts and all(a[0] == "leave" for a in acts)
    state.apply(1, acts[0])
    assert state.pos[1] >= 0


def exchange_example() -> dict:
    """Seat 1's balloon is at dock 2 (give 1, take 2): it gave wild-1 to the harbour and took forest-1 (kept on
    its telescope); one tile is left to take: city-3 from the harbour or a tile from the bag, never wild-1 back."""
    pos = harbour_example()
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    z["harbour"].remove("forest-1")
    z["telescope.1"].append("forest-1")
    f.update({"turn": 1, "decision": "exchange", "takes": 1, "given": "wild-1"})
    return pos


def test_mid_exchange_at_a_dock_the_tile_given_cannot_be_taken_back():
    state = P.check(exchange_example(), seed=3).state
    assert state.decision() == "exchange" and state.takes == 1 and tile_name(state.banned) == "wild-1"
    harbour = {t: tile_name(t) for t in state.harbour}
    acts = state.legal_actions(1)
    assert sorted(harbour[a[1]] if a[1] != "bag" else "bag" for a in acts) == ["bag", "city-3"]
    city = next(t for t, name in harbour.items() if name == "city-3")
    state.apply(1, ("take", city))
    assert state.decision() == "gain" and state.legal_actions(1) == [("keep",), ("convert",)]
    state.apply(1, ("keep",))  # nothing to place from a dock: the turn, the last of round 1, ends
    assert "city-3" in {tile_name(t) for t in state.telescope[1]} and state.round == 2
    harbour = sorted(map(tile_name, state.harbour))  # wild-1 stays; round 2 drew one more tile to the harbour
    assert len(harbour) == 2 and "wild-1" in harbour and "city-3" not in harbour


def test_about_to_give_at_a_dock_then_take_the_docks_number():
    data = harbour_example()
    data["state"]["fields"].update({"turn": 1, "decision": "give"})
    state = P.check(data, seed=3).state
    given = [a for a in state.legal_actions(1)]
    assert given and all(a[0] == "give" for a in given)  # any telescope tile but the harbour office
    state.apply(1, given[0])
    assert state.decision() == "exchange" and state.takes == DOCK_TAKE[1] == 2
    again = P.of_state(state)  # a replay step mid-exchange is a position, and the same decision
    assert {k: again["state"]["fields"][k] for k in ("decision", "takes")} == {"decision": "exchange", "takes": 2}
    assert again["state"]["fields"]["given"] == tile_name(given[0][1])
    assert P.check(again).state.legal_actions(1) == state.legal_actions(1)


def test_a_link_saved_before_the_exchange_fields_still_loads():
    data = harbour_example()
    for name in ("takes", "given"):
        del data["state"]["fields"][name]
    pos = P.check(data, seed=3)
    assert pos.fields["takes"] == 0 and pos.fields["given"] is None and pos.state.decision() == "fly"
    assert pos.to_json()["state"]["fields"]["takes"] == 0
    base = P.starting("islands", players=2, seed=1)  # without the harbour there is no exchange
    assert "takes" not in base["state"]["fields"] and "given" not in base["state"]["fields"]
    base["state"]["fields"]["takes"] = 0
    assert refusal(base) == "takes: there is no such field in this game"


def extension_example() -> dict:
    """Module 1+2+3, three players: seat 0 activated and kept its small lookout tower (6 telescope spaces,
    all full) and converted its wind machine (back in the box); it has 13 energy, about to fly."""
    pos = P.starting("islands", players=3, seed=2, options={"modules": "1+2+3"})
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    z["beside.0"] = ["harbour_office-0", "lookout_large-0", "royal_couple-0"]
    z["telescope.0"] = z["telescope.0"] + ["lookout_small-0", "forest-1", "forest-2", "desert-1", "swamp-2"]
    f.update({"energy.0": 13, "turn": 0, "start": 0})
    return pos


def test_an_activated_lookout_adds_a_telescope_space():
    state = P.check(extension_example(), seed=1).state
    assert state.cap == [TELESCOPE_SPACES + 1, TELESCOPE_SPACES, TELESCOPE_SPACES]
    assert len(state.telescope[0]) == 6 and [tile_name(t) for t in state.beside[0]] == [
        "harbour_office-0", "lookout_large-0", "royal_couple-0"]
    assert "wind_machine-0" in {tile_name(t) for t in state.box}  # activated and converted
    state.apply(0, state.legal_actions(0)[0])  # flies (or stays)
    assert state.decision() == "take"
    acts = state.legal_actions(0)
    assert ("activate", "lookout_large", "convert") in acts and ("activate", "lookout_large", "keep") not in acts
    assert ("activate", "royal_couple", "convert") not in acts  # 16 energy needed


def edit(base, fn) -> dict:
    pos = base()
    fn(pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("base", "change", "message"), [
    (harbour_example, lambda z, f: (z["island.1.40"].clear(), z["telescope.0"].append("office-1")),
     "telescope.0: office-1 belongs to player 2: it lies on their telescope or island"),
    (harbour_example, lambda z, f: z["island.1.40"].clear(),
     "telescope.1: office-1 is missing: each player's harbour office is on their telescope or island"),
    (harbour_example, lambda z, f: z["harbour"].append("start-3"),
     "harbour: 3 start tiles are on the table; with 2 players 2 are in play"),
    (harbour_example, lambda z, f: (z["island.0.12"].clear(), z["harbour"].append("office-0")),
     "harbour: office-0: only tiles from the bag (or a start tile given at a dock) lie in the harbour"),
    (harbour_example, lambda z, f: f.update({"decision": "give"}),
     "decision: a player gives and takes tiles at a harbour dock: seat 0's balloon is on island space 2"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "exchange", "takes": 3}),
     "takes: at dock 2 a player takes 1 to 2 tiles: 1 to 2 are left"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "exchange", "takes": 0}),
     "takes: at dock 2 a player takes 1 to 2 tiles: 1 to 2 are left"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "exchange", "takes": 1, "given": "canyon-4"}),
     "given: canyon-4 is not in the harbour: the tile given lies there"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "fly", "takes": 1}),
     "takes: tiles are left to take only during an exchange at a dock"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "give", "given": "wild-1"}),
     "given: a tile is given to the harbour only during an exchange at a dock"),
    (harbour_example, lambda z, f: f.update({"turn": 1, "decision": "exchange", "takes": 1, "given": "office-1"}),
     "given: must be one of " + ", ".join(sorted({tile_name(t) for t in BAG_TILES + START_TILES},
                                                 key=lambda n: min(t for t in BAG_TILES + START_TILES
                                                                   if tile_name(t) == n)))),
    (harbour_example, lambda z, f: z["harbour"].extend(["meadow-1"] * 9), "harbour: holds 12; it holds 0 to 11"),
    (harbour_example, lambda z, f: (z["island.1.40"].clear(), z["telescope.1"].append("office-1")),
     "balloon.1: a balloon reaches the harbour only once its harbour office is built (module 3: activated and "
     "kept)"),
    (harbour_example, lambda z, f: f.__setitem__("balloon.1", "dock-7"),
     "balloon.1: must be one of " + ", ".join([str(k) for k in range(61)] + [f"dock-{k}" for k in range(1, 7)])),
    (harbour_example, lambda z, f: z.__setitem__("beside.0", []), "beside.0: there is no such zone in this game"),
    (extension_example, lambda z, f: z["telescope.0"].append("meadow-2"),
     "telescope.0: holds 7; this telescope has 6 spaces"),
    (extension_example, lambda z, f: z["beside.0"].append("forest-3"),
     "beside.0: forest-3: only the player's own extension tiles lie beside the board"),
    (extension_example, lambda z, f: (z["beside.1"].remove("wind_machine-1"), z["beside.0"].append("wind_machine-1")),
     "beside.0: wind_machine-1 belongs to player 2: it lies on their telescope or island or beside their board"),
    (extension_example, lambda z, f: (z["beside.2"].remove("royal_couple-2"), z["cloud.1"].append("royal_couple-2")),
     "cloud.1: royal_couple-2 belongs to player 3: it lies on their telescope or island or beside their board"),
    (extension_example, lambda z, f: z["telescope.1"].append("office-1"),
     "telescope.1[1]: 'office-1' is not a component of this game"),
    (extension_example, lambda z, f: f.__setitem__("balloon.0", "dock-1"),
     "balloon.0: a balloon reaches the harbour only once its harbour office is built (module 3: activated and "
     "kept)"),
])
def test_impossible_settings_name_the_rule_and_the_place(base, change, message):
    assert refusal(edit(base, change)) == message


def test_the_extension_harbour_office_kept_opens_the_harbour():
    data = extension_example()
    z, f = data["state"]["zones"], data["state"]["fields"]
    z["beside.0"].remove("harbour_office-0")
    z["island.0.12"] = ["harbour_office-0"]
    f["balloon.0"] = "dock-3"
    state = P.check(data).state
    assert state.access[0] and state.pos[0] == -3


def played(seed: int, players: int, moves: int, options: dict):
    """A real game after random moves, stopped when a player is about to fly or place."""
    state = get_game("islands").new(players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    for _ in range(moves):
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    while state.decision() not in ("fly", "place"):
        seat = state.to_move()[0]
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state


def test_replay_steps_with_modules_round_trip():
    for seed, players, options in ((1, 2, {"modules": "1+2"}), (2, 3, {"modules": "1+2+3", "island": "silver"}),
                                   (3, 4, {"modules": "1+2", "harbour_side": "back"}), (4, 2, {"modules": "1+2+3"})):
        state = played(seed, players, 120, options)
        pos = P.check(P.of_state(state))

        def names(s):
            return ([[tile_name(t) if t >= 0 else None for t in p] for p in s.placed],
                    sorted(map(tile_name, s.harbour)), [sorted(map(tile_name, b)) for b in s.beside],
                    [sorted(map(tile_name, t)) for t in s.telescope], s.cap, s.access, s.pos, s.energy)

        assert names(pos.state) == names(state)
        assert pos.state.score_sheet() == state.score_sheet()

        def acts(s):  # identical tiles are one action (the lowest id): compare them by name
            return sorted(tuple(tile_name(x) if a[0] == "place" and i == 1 else x for i, x in enumerate(a))
                          for a in s.legal_actions(s.decider))

        assert acts(pos.state) == acts(state)


def test_fuzz_the_module_zones_only_ever_refused_clearly():
    bases = [harbour_example(), extension_example(), P.of_state(played(5, 3, 90, {"modules": "1+2+3"})),
             P.of_state(played(6, 4, 60, {"modules": "1+2", "harbour_side": "back"}), seat=1, hide=True)]
    ok, refused = fuzz(bases, 10_000, seed=33)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


def test_the_gold_board_has_the_coast_used_here():
    assert BOARDS["gold"].coast[COAST] is not None


def test_replay_steps_at_a_dock_round_trip():
    """Random games with the harbour (flying to a dock when it can), stopped each time a player is about to give
    a tile at a dock or is taking tiles there: the position of that step is that decision, with the same tiles
    left to take and the same legal actions (identical tiles compared by name)."""

    def named(acts):
        return sorted(str(tuple(tile_name(x) if a[0] in ("give", "take") and isinstance(x, int) else x for x in a))
                      for a in acts)

    found: dict[str, int] = {}
    for seed in range(1, 30):
        state = get_game("islands").new(players=2, seed=seed, options={"modules": "1+2"})
        rnd = random.Random(seed)
        for _ in range(300):
            if state.decision() == "over":
                break
            seat = state.to_move()[0]
            if state.pos[seat] < 0 and state.decision() in ("take", "exchange"):
                data = P.of_state(state)
                kind = data["state"]["fields"]["decision"]
                assert kind == {"take": "give"}.get(state.decision(), state.decision())
                again = P.check(data).state
                assert (again.decision(), again.takes) == (state.decision(), state.takes)
                assert named(again.legal_actions(seat)) == named(state.legal_actions(seat))
                found[kind] = found.get(kind, 0) + 1
            acts = state.legal_actions(seat)
            docks = [a for a, _cost, dest in state.flights(seat) if dest < 0] if state.decision() == "fly" else []
            state.apply(seat, rnd.choice(docks or acts))
        if min(found.get("give", 0), found.get("exchange", 0)) >= 5:
            break
    assert found["give"] >= 5 and found["exchange"] >= 5
