"""Lost Ruins of Arnak positions beyond the cards and camps (py_engine.games.arnak.zones): sites, idols,
guardians, research, temple tiles, assistants and the solo rival, each with a concrete position the engine
plays on and each impossible setting refused with the rule and the place. Engine-only (runs in Pyodide)."""

from __future__ import annotations

import pytest

from py_engine import get_game
from py_engine.core import position as P
from py_engine.games.arnak import data as D

from .test_position import fuzz, refusal


def guardian_example() -> dict:
    """Two players, round 3: seat 0's archaeologist stands on the first level I site (discovered: site tile
    2, guardian 4 — 2 coins and an arrowhead — on it); seat 0 holds the coins and the arrowhead. Research:
    glass on space 3 (row 2), notebook on space 1; seat 0 has assistant 12 (gold side), seat 1 an overcome
    guardian whose boon is spent and an idol in a slot (with the 15 on the sites, all 16)."""
    pos = P.starting("arnak", players=2, seed=1)
    z, f = pos["state"]["zones"], pos["state"]["fields"]
    f["round"] = 3
    z["items"], z["artifacts"] = z["items"][:3], z["artifacts"] + []
    z["site.6"], z["idol.6"], z["guardian.6"], z["dig.6"] = ["site1-2"], [], ["guardian-4"], ["archaeologist-0"]
    z["guardians.1.used"] = ["guardian-9"]
    z["research.0"] = ["glass-1", "notebook-1"]
    z["research.3"], z["research.1"] = ["glass-0"], ["notebook-0"]
    z["assistants.1"] = [f"assistant-{n}" for n in (1, 2, 3, 4)]
    z["assistants.2"] = [f"assistant-{n}" for n in (5, 6, 7, 8)]
    z["assistants.3"] = [f"assistant-{n}" for n in (9, 10, 11)]
    z["assistant.0.gold"] = ["assistant-12"]
    f.update({"res.0.coin": 2, "res.0.arrowhead": 1, "slots.1": 1})
    return pos


def test_a_player_on_a_site_with_a_guardian_overcomes_it():
    state = P.check(guardian_example(), seed=3).state
    p = state.p[0]
    assert state.tile[5] == 2 and state.idol[5] == -1 and state.guard[5] == 3 and state.occ[5] == [0]
    assert p.home == 1 and (p.glass, p.notebook) == (3, 1) and p.assistants == [[12, 1, 0]]
    assert state.p[1].guardians == [[8, 1]] and (state.p[1].idols, state.p[1].slots) == (0, 1)
    assert state.stacks == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11]] and 2 not in state.pile1
    assert 3 not in state.gpile and 8 not in state.gpile and len(state.gpile) == 13
    assert len(state.items) == 3 and len(state.arts) == 3  # round 3: the rows refilled to 3 and 3
    assert ("overcome", 5) in state.legal_actions(0)
    state.apply(0, ("overcome", 5))
    assert state.guard[5] == -1 and p.guardians == [[3, 0]] and p.res[0] == 0 and p.res[3] == 0
    assert state.breakdown(0)["guardians"] == D.GUARDIAN_VP


def test_research_tokens_and_temple_tiles():
    data = guardian_example()
    z = data["state"]["zones"]
    z["research.3"], z["temple"] = [], ["glass-1", "glass-0"]
    z["research.0"], z["research.1"], z["research.13"] = ["notebook-1"], [], ["notebook-0"]
    z["tiles.0"] = ["temple-gold", "temple-silver-left"]
    z["tiles.1"] = ["temple-gold"]
    state = P.check(data).state
    assert (state.p[0].glass, state.p[0].arrival, state.p[1].arrival, state.arrivals) == (D.TEMPLE, 1, 0, 2)
    assert state.temple_left == [2, 2, 2, 1, 2, 0] and state.p[0].tiles == [5, 3]
    assert state.breakdown(0)["temple"] == 11 + 6 and state.breakdown(0)["research"] == 21 + 10
    assert state.temple_bonus == []
    z["tiles.1"].append("temple-gold")
    assert refusal(data) == "tiles.1: only 2 of temple-gold exist"


def solo_example() -> dict:
    """Solo against a rival of difficulty 2 (research and artifact red): nine of its tiles flipped, the
    last one face down is its red research tile; its glass on space 4, one archaeologist on camp 2."""
    pos = P.starting("arnak", players=1, seed=2, options={"rival": 2})
    z = pos["state"]["zones"]
    for k in [k for k in z if k.startswith(("camp.", "dig.", "research."))]:
        z[k] = []
    z["camp.2-1"] = ["archaeologist-rival"]
    z["rival-stack"] = ["rival-research-red"]
    z["rival-used"] = ["rival-dig-coin", "rival-dig-compass", "rival-dig-tablet", "rival-dig-arrowhead",
                       "rival-dig-jewel", "rival-discover-green", "rival-overcome-green", "rival-item-green",
                       "rival-artifact-red"]
    z["research.0"] = ["glass-0", "notebook-0"]
    z["research.4"] = ["glass-rival"]
    z["rival-idols"] = ["idol-coin"]
    z["idol.6"], z["site.6"] = [], ["site1-1"]  # the rival discovered the first level I site
    return pos


def test_solo_rival_flips_its_last_tile_when_the_player_passes():
    state = P.check(solo_example(), seed=5).state
    r = state.rival
    assert r["stack"] == ["research-red"] and len(r["used"]) == 9 and r["home"] == 5 and r["glass"] == 4
    assert state.rival_breakdown()["idols"] == 3 and r["idols_down"] == 0
    assert state.legal_actions(0)[-1] == ("pass",)
    start = len(state.log)
    state.apply(0, ("pass",))
    flips = [e[2] for e in state.log[start:] if e[1] == "rival"]
    assert flips[0]["tile"] == "research-red" and flips[0]["did"] == "research" and flips[0]["space"] == 5
    assert state.history[0]["rival"]["research"] == D.ROWS["bird"][3][1]  # its glass in row 3
    assert state.phase == "keep" and state.legal_actions(0)[0] == ("keep",)  # the round is over
    state.apply(0, ("keep",))
    assert state.round == 2 and len(state.rival["stack"]) == 9 and len(state.rival["used"]) == 1  # it starts


def edit(base, fn) -> dict:
    pos = base()
    fn(pos["state"]["zones"], pos["state"]["fields"])
    return pos


@pytest.mark.parametrize(("change", "message"), [
    (lambda z, f: z["guardian.7"].append("guardian-1"),
     "guardian.7: a guardian appears only when its site is discovered"),
    (lambda z, f: z["dig.7"].append("archaeologist-1"),
     "dig.7: an archaeologist digs only at a discovered site"),
    (lambda z, f: z["idol.6"].append("idol-coin"), "idol.6: the idol of a discovered site has been taken"),
    (lambda z, f: z["idol.7"].clear(), "idol.7: an undiscovered site still has its idol on it"),
    (lambda z, f: z["site.14"].append("site1-5"),
     "site.14: site1-5 is a level 1 site tile: this is a level 2 site"),
    (lambda z, f: z["research.5"].append("glass-0"),
     "research.5: glass-0 lies in two places (research.3 and research.5): each card lies in exactly one place"),
    (lambda z, f: z["research.3"].remove("glass-0"),
     "research.0: glass-0 is not on the research track: put it on a space (research.0 is the start)"),
    (lambda z, f: (z["research.1"].clear(), z["research.5"].append("notebook-0")),
     "research.5: notebook-0 is in row 3, above its magnifying glass (row 2): the notebook never moves above the "
     "glass"),
    (lambda z, f: (z["research.0"].remove("notebook-1"), z["temple"].append("notebook-1")),
     "temple: notebook-1: the notebook never moves into the lost temple"),
    (lambda z, f: z["tiles.0"].append("temple-bronze-a"),
     "tiles.0: temple tiles are taken only with the magnifying glass in the lost temple"),
    (lambda z, f: f.__setitem__("idols.0", 1),
     "idols: 17 idols are on the sites (with a face-down one under each undiscovered level II site) and with "
     "the players, but only 16 exist"),
    (lambda z, f: f.__setitem__("slots.0", 5), "slots.0: must be a whole number from 0 to 4"),
    (lambda z, f: z["assistants.3"].append("assistant-12"),
     "assistant.0.gold: assistant-12 lies in two places (assistants.3 and assistant.0.gold): each card lies in "
     "exactly one place"),
    (lambda z, f: z["assistants.3"].append("idol-coin"),
     "assistants.3: idol-coin cannot lie here"),
    (lambda z, f: z.__setitem__("rescue", []), "rescue: there is no such zone in this game"),
    (lambda z, f: z.__setitem__("rival-stack", []), "rival-stack: there is no such zone in this game"),
    (lambda z, f: z["guardians.0.ready"].append("guardian-4"),
     "guardians.0.ready: guardian-4 lies in two places (guardian.6 and guardians.0.ready): each card lies in "
     "exactly one place"),
])
def test_impossible_settings_name_the_rule_and_the_place(change, message):
    assert refusal(edit(guardian_example, change)) == message


@pytest.mark.parametrize(("change", "message"), [
    (lambda z, f: z["rival-used"].remove("rival-artifact-red"),
     "rival-stack: the rival's 10 tiles are the 5 dig tiles and one tile (green or red) of each pair, face down "
     "in its stack or flipped"),
    (lambda z, f: z["rival-used"].append("rival-artifact-green"),
     "rival-stack: the rival's 10 tiles are the 5 dig tiles and one tile (green or red) of each pair, face down "
     "in its stack or flipped"),
    (lambda z, f: z["rival-used"].__setitem__(-1, "rival-artifact-green"),
     "rival-stack: 1 red tiles: the rival's difficulty 2 gives 2"),
    (lambda z, f: (z["rival-stack"].extend(z["rival-used"]), z["rival-used"].clear()),
     "rival-used: the rival starts every round: at least one of its tiles is flipped"),
    (lambda z, f: z["rival-idols"].append("idol-coin"),
     "rival-idols: the rival keeps one idol of each kind face up (the others face down)"),
    (lambda z, f: z["rival-temple"].append("temple-silver-left"),
     "rival-temple: temple tiles are taken only with the magnifying glass in the lost temple"),
    (lambda z, f: (z["research.4"].clear(), z["temple"].append("glass-rival"), z["rival-temple"].append("temple-gold")),
     "rival-temple: temple-gold: the rival takes silver temple tiles only"),
    (lambda z, f: [z[k].append("archaeologist-rival") for k in ("camp.1-1", "camp.3-1", "camp.4-1", "camp.5-1",
                                                                  "dig.6", "dig.7")],
     "dig.7: only 6 of archaeologist-rival exist"),
    (lambda z, f: z["camp.1-2"].append("archaeologist-0"), "camp.1-2: this space is closed with 1 players"),
])
def test_impossible_rival_settings(change, message):
    assert refusal(edit(solo_example, change)) == message


def test_a_new_game_round_trips_with_every_zone():
    from py_engine import get_game

    for players, temple in ((1, "snake"), (3, "bird"), (4, "snake")):
        state = get_game("arnak").new(players=players, seed=7, options={"temple": temple})
        pos = P.check(P.of_state(state))
        kinds = [[D.IDOL_NAMES[i] if i >= 0 else None for i in s.idol] for s in (pos.state, state)]
        assert kinds[0] == kinds[1] and (pos.state.fd, pos.state.stacks, pos.state.rescue) == (
            state.fd, state.stacks, state.rescue)
        assert (pos.state.rival is None) == (players > 1)
        if players == 1:
            assert pos.state.rival["stack"] == state.rival["stack"] and pos.state.rival["used"] == state.rival["used"]


def test_fuzz_the_new_zones_only_ever_refused_clearly():
    ok, refused = fuzz([guardian_example(), solo_example(), P.starting("arnak", players=3, seed=4,
                                                                        options={"temple": "snake"})], 10_000, seed=31)
    assert ok + refused == 10_000 and ok > 500 and refused > 5000


def test_replay_steps_of_random_games_round_trip_or_are_refused_clearly():
    """Every step of random games (1-4 players) is either a position that builds the same table (cards, row,
    resources, board, research, assistants, whose turn; the research bonus tiles are dealt from the seed) and
    gives the same position again, or is refused with one of the stated reasons."""
    import random

    from py_engine import get_game
    from py_engine.core.position import PositionError

    reasons = {"this turn's main action is taken: set up a position at a turn's start",
               "the round is ending (cards to keep): set up a position at a turn's start",
               "set up a position before or after an action, not while its effects are pending",
               "a player has passed this round: a position cannot hold that yet",
               "this game closed other camp spaces than a position does (the first 3): a position cannot hold that yet",
               "a Fear card has been exiled: a position cannot hold that yet",
               "a guardian was moved to a camp: a position cannot hold that yet",
               "a fear tile was taken or a card set aside: a position cannot hold that yet",
               "an effect lasts until the end of the turn: set up a position at a turn's start"}
    game = get_game("arnak")
    kept = refused = 0
    for seed, players in enumerate((1, 2, 3, 4, 2, 3)):
        state, rnd = game.new(players=players, seed=seed), random.Random(seed)
        for _ in range(300):
            if not state.to_move():
                break
            try:
                data = P.of_state(state)
            except PositionError as exc:
                assert exc.where == "state" and exc.rule in reasons, exc
                refused += 1
            else:
                pos = P.check(data)
                assert P.of_state(pos.state)["state"] == data["state"]
                built = pos.state
                for f in ("hand", "deck", "play", "res", "guardians", "assistants", "tiles", "idols", "slots",
                          "glass", "notebook", "home"):  # exiled cards are out of the game: not held
                    assert [getattr(p, f) for p in built.p] == [getattr(p, f) for p in state.p], (seed, f)
                if state.nmoves:  # a new game's position closes the first camp spaces, not the ones dealt
                    assert built.occ == state.occ, seed
                if any(state.bonus):
                    assert built.bonus == state.bonus, seed
                for f in ("tile", "guard", "fd", "items", "arts", "stacks", "rescue", "turn", "round", "start",
                          "temple_left", "fear_left"):
                    assert getattr(built, f) == getattr(state, f), (seed, f)
                assert [D.IDOL_NAMES[i] if i >= 0 else None for i in built.idol] == \
                    [D.IDOL_NAMES[i] if i >= 0 else None for i in state.idol]
                assert built.to_move() == state.to_move()
                kept += 1
            seat = state.to_move()[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert kept > 50 and refused > 50, (kept, refused)


def test_research_bonus_tiles_are_set_checked_and_kept():
    """The bonus tiles placed on the track are the game's (the temple's drawn from the rest); a space holds no
    more than it starts with; with none placed, the seed deals them as before."""
    data = P.starting("arnak", players=2, seed=3)
    z = data["state"]["zones"]
    assert z["bonus.3"] == ["bonus-coin"] and z["bonus.5"] == [] and "bonus.1" not in z
    z["bonus.3"] = ["bonus-exile"]
    z["bonus.6"] = []
    pos = P.check(data)
    assert pos.state.bonus[3] == ["exile"] and pos.state.bonus[6] == []
    assert len(pos.state.temple_bonus) == 2 and sorted(
        [t for tiles in pos.state.bonus for t in tiles] + pos.state.temple_bonus + pos.state.box) == sorted(
        [t for t in D.BONUS_TILES for _ in range(3)])
    assert P.of_state(pos.state)["state"]["zones"]["bonus.3"] == ["bonus-exile"]
    z["bonus.5"] = ["bonus-coin"]
    assert refusal(data) == "bonus.5: holds 1; this space starts with 0 bonus tiles at 2 players"
    z["bonus.5"] = []
    z["bonus.3"] = ["research-0"]
    assert refusal(data).startswith("bonus.3[0]: 'research-0' is not a component")
    for k in list(z):
        if k.startswith("bonus."):
            del z[k]
    dealt = P.check(data, seed=9).state.bonus
    assert sum(map(len, dealt)) == 7 and dealt == P.check(data, seed=9).state.bonus  # from the seed


def old_link() -> dict:
    """A position as the first Arnak editor saved it: hands, decks, play areas, rows and camps; the resources;
    no board zones, no idol fields (four players; seat 1's archaeologist on camp 1's boot space, seat 0's hand set)."""
    pos = P.starting("arnak", players=4, seed=1)
    zones = {k: v for k, v in pos["state"]["zones"].items()
             if k.split(".")[0] in ("hand", "deck", "play", "items", "artifacts", "camp")}
    zones["hand.0"] = ["explore-car", "fear", "funding-ship", "explore-ship", "funding-car"]
    zones["deck.0"] = ["fear"]
    zones["camp.1-1"] = ["archaeologist-1"]
    fields = {k: v for k, v in pos["state"]["fields"].items() if k.split(".")[0] in ("round", "start", "turn", "res")}
    return {**pos, "state": {"zones": zones, "fields": fields}}


def test_a_link_saved_before_the_board_zones_loads_with_the_seeds_board():
    from py_engine.core.rng import Rng

    data = old_link()
    assert "idol.6" not in data["state"]["zones"] and "idols.0" not in data["state"]["fields"]
    pos = P.check(data, seed=7)
    fresh = get_game("arnak").new(players=4, seed=Rng(7).below(2 ** 31), options=pos.options)
    state = pos.state

    def idols(s):  # identical idols by kind
        return [D.IDOL_NAMES[i] if i >= 0 else None for i in s.idol]

    assert idols(state) == idols(fresh) and state.stacks == fresh.stacks  # the board this seed deals, as then
    assert {p.glass for p in state.p} == {p.notebook for p in state.p} == {p.idols for p in state.p} == {0}
    assert {p.slots for p in state.p} == {0}
    assert state.occ[0][0] == 1 and ("dig", 0) in state.legal_actions(0)  # the boot space left: a car and a boot
    again = pos.to_json()  # saved again: every zone and field, the same board
    assert again["state"]["zones"]["idol.6"] == [f"idol-{D.IDOL_NAMES[fresh.idol[5]]}"]
    assert idols(P.check(again, seed=99).state) == idols(fresh)


def test_a_link_with_part_of_the_board_is_not_filled_in():
    data = old_link()
    data["state"]["zones"]["research.0"] = ["glass-0", "notebook-0", "glass-1", "notebook-1"]
    assert refusal(data) == "idol.6: an undiscovered site still has its idol on it"
