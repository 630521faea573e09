"""Studies (py_engine.core.study): a concrete valid study per game, each refusal with its exact message, the
determinism of what a study deals and rolls, and a fuzz of mutated studies that must never raise anything but
StudyError. Engine-only (no web imports), so it also runs in Pyodide."""

from __future__ import annotations

import json
import random

import pytest

from py_engine.core import position as P
from py_engine.core import study as S
from py_engine.core.study import StudyError
from py_engine.games.lost_cities.study_example import scoring_study
from py_engine.games.lost_cities.zones import card_id
from tests.test_position import (
    _pick,
    arnak_example,
    board_example,
    catan_city_example,
    catan_example,
    islands_example,
    junk,
    lc_example,
)
from tests.test_position import mutate as mutate_position


def played(position: dict, count: int, pick=lambda legal: legal[0], seed: int = 0, first: tuple = ()) -> list:
    """`first` moves then `count` more (each seat's first legal one) played from a position: [seat, encoded
    action] each."""
    state = P.check(position, seed=seed).state
    moves = []
    for seat, action in first:
        state.apply(seat, action)
        moves.append([seat, state.game.encode(action)])
    for _ in range(count):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        action = pick(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append([seat, state.game.encode(action)])
    return moves


def lc_study() -> dict:
    """Seat 0 of the rulebook's example plays red 9 (a question), draws, and the other seat answers."""
    pos = lc_example()
    pos["seed"] = 4
    study = S.of_position(pos, played(pos, 2, first=((0, ("play", card_id("blue-2"))), (0, ("draw", "deck")))))
    study["steps"][1].update(question=True, explain="Blue 2 opens a blue expedition: 8 blue cards in hand.",
                             caption="Your move", highlight=["hand.0"])
    study["steps"][2]["caption"] = "A card from the deck"
    return study


def catan_study() -> dict:
    pos = catan_city_example()
    moves = played(pos, 3)
    study = S.of_position(pos, moves, seed=3)
    study["steps"][0].update(caption="Seat 0's turn", highlight=["vertex.0"], arrows=[["road-0", "vertex.0"]])
    study["steps"][1]["caption"] = "Seat 0 plays"
    return study


def arnak_study() -> dict:
    from py_engine.games.arnak import data as D

    pos = arnak_example()
    pos["seed"] = 2
    study = S.of_position(pos, [[0, ["dig", 0]], [0, ["tcard", D.EXPLORE_CAR]], [0, ["tcard", D.FEAR]]])
    study["steps"][1].update(question=True, explain="The site is one boot away.", caption="Your move")
    study["steps"][3].update(caption="Camp 1 pays 2 coins", highlight=["camp.1-1"])
    return study


def board_study() -> dict:
    """Lost Cities: The Board Game: seat 0 opens yellow with its 5 and the adventurer (a question), draws, and
    seat 1 opens yellow with its 2 and draws."""
    pos = board_example()
    pos["seed"] = 3
    study = S.of_position(pos, played(pos, 4))
    study["steps"][1].update(question=True, explain="The 5 leaves room for the 6 to 10.", caption="Your move",
                             highlight=["path.0.yellow"])
    return study


def islands_study() -> dict:
    """Islands in the Mist: seat 0 stays, takes the tile of cloud 1, keeps it and places it."""
    pos = islands_example()
    pos["seed"] = 3
    study = S.of_position(pos, played(pos, 4))
    study["steps"][2]["highlight"] = ["meadow-0"]
    study["steps"][4].update(caption="A meadow on the island", highlight=["island.0.22"])
    return study


def test_lost_cities_study_steps_through_the_engine():
    study = S.check(lc_study())
    assert [s.kind for s in study.steps] == ["position", "move", "move", "move", "move"]
    assert study.seat == 0 and study.steps[1].question and study.steps[1].explain.startswith("Blue 2")
    first = study.position_at(0)
    assert first.annotations["caption"] == "Four expeditions: 18 points"  # the position's own annotations
    second = study.position_at(1)
    assert second.annotations == {"caption": "Your move", "highlight": ["hand.0"], "arrows": []}
    assert second.zones["expedition.0.blue"] == ["blue-2"] and "blue-2" not in second.zones["hand.0"]
    assert study.steps[3].state.to_move() == (1,) and study.steps[4].state.to_move() == (0,)


def test_catan_study_rolls_the_same_dice_every_time():
    a, b = S.check(catan_study()), S.check(json.dumps(catan_study()))
    assert [s.state.dump() for s in a.steps] == [s.state.dump() for s in b.steps]
    assert a.steps[0].annotations["arrows"] == [["road-0", "vertex.0"]]


def test_arnak_study_digs_and_pays():
    from py_engine.games.arnak import data as D

    study = S.check(arnak_study())
    state = study.steps[-1].state
    assert state.occ[0] == [1, 0] and state.p[0].res[0] == 4
    assert sorted(state.p[0].play) == [D.EXPLORE_CAR, D.FEAR]
    assert study.position_at(3).annotations["highlight"] == ["camp.1-1"]


def test_board_game_study_opens_two_expeditions():
    study = S.check(board_study())
    assert study.steps[1].question and study.steps[1].move == [0, ["start", "yellow", 5, "adventurer"]]
    one = study.position_at(1).zones
    assert one["column.0.yellow"] == ["yellow-5b"] and one["path.0.yellow"] == ["adventurer"]
    assert len(one["hand.0"]) == 7 and len(study.position_at(2).zones["hand.0"]) == 8
    three = study.position_at(3).zones
    assert three["column.1.yellow"] == ["yellow-2a"] and three["path.1.yellow"] == ["adventurer"]
    assert study.steps[2].state.to_move() == (1,) and study.steps[4].state.to_move() == (0,)
    assert study.position_at(1).annotations["highlight"] == ["path.0.yellow"]


def test_islands_study_places_a_tile_from_a_cloud():
    study = S.check(islands_study())
    assert [s.move[1][0] for s in study.steps[1:]] == ["stay", "cloud", "keep", "place"]
    last = study.position_at(4).zones
    assert last["island.0.22"] == ["meadow-0"] and last["telescope.0"] == ["start-4"]
    assert study.position_at(0).zones["cloud.1"] == ["meadow-0"]


def test_a_step_no_position_can_hold_is_still_shown_whole():
    """Mid-turn (a cloud's tile chosen, not yet kept; a Catan roll's production; an Arnak dig's pending
    payment) no position can be set up, but the step's zones still say where every component lies, so the
    board is drawn and what the annotations name is found."""
    islands = S.check(islands_study())
    with pytest.raises(P.PositionError):
        islands.declaration.of_state(islands.steps[1].state)
    assert islands.position_at(1).zones["island.0.6"] == ["mountain-2"]
    assert islands.position_at(2).zones["cloud.1"] == [] and islands.position_at(2).zones["cloud.2"] == ["meadow-1"]
    catan = S.check(catan_study())
    with pytest.raises(P.PositionError):
        catan.declaration.of_state(catan.steps[2].state)
    before, after = catan.position_at(1).zones, catan.position_at(2).zones
    assert {k: v for k, v in after.items() if k.startswith(("vertex", "edge"))} == \
        {k: v for k, v in before.items() if k.startswith(("vertex", "edge"))}
    arnak = S.check(arnak_study())
    with pytest.raises(P.PositionError):
        arnak.declaration.of_state(arnak.steps[1].state)
    assert "camp.1-1" in arnak.position_at(3).zones and any(arnak.position_at(1).zones.values())


def test_the_rules_example_study_scores_an_expedition_with_a_wager():
    study = S.check(scoring_study())
    totals = [s.state.view(0)["round_scores"][0][4]["total"] for s in study.steps]
    assert totals[0] == -16 and totals[-1] == 72 and len(study.steps) == 14
    questions = [i for i, s in enumerate(study.steps) if s.question]
    assert questions == [5] and study.steps[5].move == [0, ["play", card_id("red-8")]]


def test_a_position_without_a_seed_is_dealt_from_the_studys():
    study = lc_study()
    del study["steps"][0]["position"]["seed"]
    del study["steps"][3:]
    one, two = S.check(study), S.check(study)
    assert one.steps[2].state.hands == two.steps[2].state.hands
    study["seed"] = 99
    assert S.check(study).steps[0].state.hands[1] != one.steps[0].state.hands[1]


def test_a_study_may_set_up_a_new_position_later():
    study = lc_study()
    study["steps"].append({"position": P.starting("lost-cities", seed=3), "caption": "Another game"})
    checked = S.check(study)
    assert checked.steps[-1].kind == "position" and checked.position_at(5).annotations["caption"] == "Another game"


def refusal(data) -> str:
    with pytest.raises(StudyError) as exc:
        S.check(data)
    return str(exc.value)


def edit(fn, base=lc_study) -> dict:
    study = base()
    fn(study, study["steps"])
    return study


@pytest.mark.parametrize(("change", "message"), [
    (lambda s, st: st[1].__setitem__("move", [0, ["play", card_id("red-9")]]), "step 2: this move is not legal here"),
    (lambda s, st: st[3].__setitem__("move", [0, ["play", 1]]), "step 4: this move is not legal here"),
    (lambda s, st: st[1].__setitem__("move", [0, ["fly", "away", {"x": 1}]]), "step 2: this move is not legal here"),
    (lambda s, st: st[1].__setitem__("move", ["play"]), "step 2: a move is [seat, action]"),
    (lambda s, st: st[1].__setitem__("move", [2, ["draw", "deck"]]), "step 2: a move is [seat, action]"),
    (lambda s, st: st[1].__setitem__("caption", "x" * 501), "step 2: the caption is longer than 500 characters"),
    (lambda s, st: st[2].__setitem__("caption", 5), "step 3: the caption is text"),
    (lambda s, st: st[1].__setitem__("explain", "y" * 501), "step 2: the explanation is longer than 500 characters"),
    (lambda s, st: st[2].__setitem__("explain", "why"), "step 3: only a question has an explanation"),
    (lambda s, st: st[1].__setitem__("question", 1), "step 2: question is true or false"),
    (lambda s, st: st[3].__setitem__("question", True), "step 4: a question is a move of the seat the study is "
                                                        "shown from"),
    (lambda s, st: st[0].__setitem__("question", True), "step 1: a question is a move step"),
    (lambda s, st: st[1].__setitem__("highlight", ["hand.7"]), "step 2: highlight 1 is no zone or component of this "
                                                               "game"),
    (lambda s, st: st[1].__setitem__("highlight", ["deck"] * 65),
     "step 2: the highlights are a list of at most 64 zones or components"),
    (lambda s, st: st[2].__setitem__("arrows", [["deck", "deck"], ["deck"]]),
     "step 3: arrow 2 is no [from, to] pair of zones or components of this game"),
    (lambda s, st: st[2].__setitem__("colour", "red"), "step 3: unknown key 'colour'"),
    (lambda s, st: st.__setitem__(2, []), "step 3: a step is an object: a position or a move"),
    (lambda s, st: st.__setitem__(2, {"caption": "x"}), "step 3: a step is either a position or a move"),
    (lambda s, st: st[2].__setitem__("position", {}), "step 3: a step is either a position or a move, not both"),
    (lambda s, st: st.pop(0), "step 1: the first step is a position"),
    (lambda s, st: st[0]["position"]["state"]["zones"]["expedition.0.red"].append("yellow-2"),
     "step 1: expedition.0.red: yellow-2 is not a red card"),
    (lambda s, st: st[0]["position"]["state"]["zones"].__setitem__("hand.9", []),
     "step 1: hand.9: there is no such zone in this game"),
    (lambda s, st: st[0]["position"].__setitem__("players", 3), "step 1: players: Lost Cities takes 2–2 players"),
    (lambda s, st: st[0]["position"]["options"].__setitem__("purple", True),
     "step 1: this position is of another game, player count or options than the study"),
    (lambda s, st: st[0].__setitem__("position", "x"), "step 1: a position step holds a position"),
    (lambda s, st: st.extend([{"move": [1, ["draw", "deck"]]}] * 200), "steps: the steps are a list of 1 to 200 steps"),
    (lambda s, st: st.clear(), "steps: the steps are a list of 1 to 200 steps"),
    (lambda s, st: s.__setitem__("kind", "position"), "this is not an Explorers' Table study"),
    (lambda s, st: s.__setitem__("v", 2), "v: unsupported study version '2'"),
    (lambda s, st: s.__setitem__("extra", 1), "study: unknown key 'extra'"),
    (lambda s, st: s.__setitem__("game", "chess"), "game: this app has no game called 'chess'"),
    (lambda s, st: s.__setitem__("seed", -1), "seed: the seed is a whole number from 0 to 2147483647"),
])
def test_lost_cities_refusals(change, message):
    assert refusal(edit(change)) == message


def test_a_refused_position_step_keeps_the_positions_own_refusal():
    with pytest.raises(StudyError) as exc:
        S.check(edit(lambda s, st: st[0]["position"]["state"]["zones"]["expedition.0.red"].append("yellow-2")))
    assert exc.value.step == 1 and exc.value.where == "step 1"
    assert exc.value.inner.where == "expedition.0.red" and exc.value.inner.rule == "yellow-2 is not a red card"


def test_catan_and_arnak_refusals():
    assert refusal(edit(lambda s, st: st[1].__setitem__("move", [0, ["build", "city", 99]]), catan_study)) == \
        "step 2: this move is not legal here"
    assert refusal(edit(lambda s, st: st[2].__setitem__("move", [1, ["pass"]]), arnak_study)) == \
        "step 3: this move is not legal here"
    assert refusal(edit(lambda s, st: st[3].__setitem__("highlight", ["camp.9-1"]), arnak_study)) == \
        "step 4: highlight 1 is no zone or component of this game"


def test_text_goes_through_the_bounded_parser():
    assert refusal("[" * 100) == "not a readable study (nested more than 16 levels deep)"
    assert refusal("x" * 400_000) == "not a readable study (larger than 300000 characters)"
    assert refusal("{") == "not a readable study (not valid JSON)"
    assert len(S.check(json.dumps(lc_study())).steps) == 5


# --- fuzz ---------------------------------------------------------------------------------------------

_MOVES = ([0, ["draw", "deck"]], [1, ["draw", "deck"]], [0, ["play", 4]], [0, ["roll"]], [0, ["pass"]],
          [0, ["dig", 0]], [1, ["discard", 3]], [0, [True, 1]], [0, []], [0, None])


def mutate(study: dict, rnd: random.Random) -> dict:
    """One to three random edits: a value replaced or removed anywhere, a step's move replaced, steps removed,
    repeated or swapped, a step's position mutated as the position fuzz does, a question or explanation added."""
    study = json.loads(json.dumps(study))
    steps = study["steps"]
    for _ in range(rnd.randint(1, 3)):
        op = rnd.random()
        if op < 0.3:
            path = _pick(study, rnd)
            if not path:
                continue
            parent = study
            for k in path[:-1]:
                parent = parent[k]
            if rnd.random() < 0.75:
                parent[path[-1]] = junk(rnd)
            else:
                del parent[path[-1]]
        elif not isinstance(steps, list) or not steps:
            continue
        elif op < 0.45:
            i = rnd.randrange(len(steps))
            if isinstance(steps[i], dict):
                steps[i]["move"] = json.loads(json.dumps(rnd.choice(_MOVES)))
                steps[i].pop("position", None) if rnd.random() < 0.8 else None
        elif op < 0.55:
            del steps[rnd.randrange(len(steps)):][:rnd.randint(1, 3)]
        elif op < 0.65:
            i = rnd.randrange(len(steps))
            steps.insert(i, json.loads(json.dumps(steps[rnd.randrange(len(steps))])))
        elif op < 0.75 and len(steps) > 1:
            i, j = rnd.sample(range(len(steps)), 2)
            steps[i], steps[j] = steps[j], steps[i]
        elif op < 0.9:
            i = rnd.randrange(len(steps))
            if isinstance(steps[i], dict) and isinstance(steps[i].get("position"), dict):
                steps[i]["position"] = mutate_position(steps[i]["position"], rnd)
        else:
            i = rnd.randrange(len(steps))
            if isinstance(steps[i], dict):
                key = rnd.choice(("question", "explain", "caption", "highlight", "arrows"))
                steps[i][key] = rnd.choice((True, "why", ["deck"], [["deck", "hand.0"]], "<b>x</b>", 3))
    return study


def fuzz(bases: list[dict], n: int, seed: int) -> tuple[int, int]:
    rnd = random.Random(seed)
    ok = refused = 0
    for i in range(n):
        data = mutate(bases[i % len(bases)], rnd)
        try:
            S.check(json.dumps(data) if i % 7 == 0 else data)
            ok += 1
        except StudyError:
            refused += 1
    return ok, refused


def test_fuzz_lost_cities_studies_only_ever_refused_clearly():
    ok, refused = fuzz([lc_study(), scoring_study()], 10_000, seed=36)
    assert ok + refused == 10_000 and ok > 300 and refused > 5000


def test_fuzz_catan_studies_only_ever_refused_clearly():
    ok, refused = fuzz([catan_study(), S.of_position(catan_example(), played(catan_example(), 4), seed=5)],
                       10_000, seed=37)
    assert ok + refused == 10_000 and ok > 300 and refused > 5000


def test_fuzz_arnak_studies_only_ever_refused_clearly():
    ok, refused = fuzz([arnak_study(), S.of_position(P.starting("arnak", players=3, seed=4),
                                                      played(P.starting("arnak", players=3, seed=4), 5))],
                       10_000, seed=38)
    assert ok + refused == 10_000 and ok > 300 and refused > 5000


def test_fuzz_board_game_studies_only_ever_refused_clearly():
    ok, refused = fuzz([board_study()], 10_000, seed=39)
    assert ok + refused == 10_000 and ok > 300 and refused > 5000


def test_fuzz_islands_studies_only_ever_refused_clearly():
    ok, refused = fuzz([islands_study()], 10_000, seed=40)
    assert ok + refused == 10_000 and ok > 300 and refused > 5000
