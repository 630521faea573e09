"""Rules editions: a game is replayed by the rules it was recorded with (engine only, no web imports).

Arnak's hidden option "edition": 2 is today's rules, 1 the engine before commit 5ee9b15 (assistant 6
silver's and camp 5's discards optional, the idol slot's draw offered with an empty deck, the rival's old
arrows with the flipped tile's own arrow breaking its ties). A record that does not name the option was made
before it existed and is read as edition 1 (Option.legacy, core/options.saved_options).

tests/golden/arnak-edition1.json holds 20 random-play records made by the engine at c63bd7b (solo with each
rival difficulty, 2-4 players, both temples and both Fear rules; see its "about") with the scores that engine
gave. They were made from a temporary worktree of that commit outside the repository
(`git worktree add /tmp/arnak-old c63bd7b`, `sys.path` pointing at it), random.Random(seed) choosing among
the legal actions.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from py_engine.core import Option, Record, RecordError
from py_engine.core.options import normalize_options, saved_options, shown_options
from py_engine.games.arnak import GAME
from py_engine.games.arnak import data as D

FIXTURE = json.loads((Path(__file__).parent / "golden" / "arnak-edition1.json").read_text())
OLD = FIXTURE["records"]
FEAR, FC, FS = D.FEAR, D.FUNDING_CAR, D.FUNDING_SHIP


def saved(r: dict, **options) -> dict:
    """The fixture's record as saved JSON: its options as recorded (no "edition"), updated by `options`."""
    return {"format": "explorers-table-record", "version": 1, "game": "arnak", "players": r["players"],
            "seed": r["seed"], "options": {**r["options"], **options}, "moves": [[m[0], m[1:]] for m in r["moves"]]}


def pos(edition: int, n: int = 2, **opts):
    """A fresh game of that edition whose players hold nothing: tests put exactly what they need in place."""
    s = GAME.new(players=n, seed=3, options=dict(edition=edition, **opts))
    for p in s.p:
        p.hand, p.deck, p.play, p.res = [], [], [], [0, 0, 0, 0, 0]
    return s


def go(s, *actions, seat: int = 0) -> None:
    for a in actions:
        s.apply(seat, a)


# --- options: hidden, legacy --------------------------------------------------------------------------------
DECLARED = (Option("size", "Size", 3, kind="int", low=1, high=5),
            Option("edition", "Edition", 3, kind="int", low=1, high=3, hidden=True, legacy=1))


def test_legacy_value_fills_only_saved_options_that_do_not_name_it():
    assert normalize_options(DECLARED, {}) == {"size": 3, "edition": 3}  # a new game: the default
    assert saved_options(DECLARED, {}) == {"size": 3, "edition": 1}  # a record from before the option
    assert saved_options(DECLARED, None) == {"size": 3, "edition": 1}
    assert saved_options(DECLARED, {"edition": 2, "size": 5}) == {"size": 5, "edition": 2}  # as recorded
    with pytest.raises(RecordError):
        saved_options(DECLARED, {"edition": 4})
    with pytest.raises(RecordError):
        saved_options(DECLARED, {"colour": 1})


def test_hidden_option_is_not_shown():
    assert [o.name for o in shown_options(DECLARED)] == ["size"]
    assert DECLARED[1].to_json()["hidden"] is True and "hidden" not in DECLARED[0].to_json()
    assert [o.name for o in GAME.options if o.hidden] == ["edition", "randomness"]
    assert not {"edition", "randomness"} & {o.name for o in shown_options(GAME.options)}


def test_arnak_edition_option():
    (opt,) = [o for o in GAME.options if o.name == "edition"]
    assert (opt.default, opt.legacy, opt.low, opt.high, opt.hidden) == (2, 1, 1, 2, True)


# --- old records replay -------------------------------------------------------------------------------------
def test_fixture_is_small_and_covers_the_setups():
    assert (Path(__file__).parent / "golden" / "arnak-edition1.json").stat().st_size < 200_000
    assert FIXTURE["engine"] == "c63bd7b" and len(OLD) == 20
    assert sorted(r["options"]["rival"] for r in OLD if r["players"] == 1) == [0, 1, 2, 2, 3, 4, 4, 5]
    assert sorted({r["players"] for r in OLD}) == [1, 2, 3, 4]
    assert all("edition" not in r["options"] and r["over"] for r in OLD)


@pytest.mark.parametrize("i", range(len(OLD)))
def test_old_record_replays_to_the_old_scores(i):
    r = OLD[i]
    record = Record.from_json(saved(r))
    assert record.options["edition"] == 1
    s = record.replay()
    assert s.is_over() and s.scores() == r["scores"] and s.result().get("rival") == r["rival"]
    again = Record.from_json(json.loads(json.dumps(s.record.to_json())))  # saved again: names its edition
    assert s.record.to_json()["options"]["edition"] == 1 and again.replay().scores() == r["scores"]


@pytest.mark.parametrize("i", range(len(OLD)))
def test_old_record_needs_edition_1(i):
    """Each record uses at least one of edition 1's rules: today's rules cannot replay it."""
    with pytest.raises(RecordError, match="cannot be replayed"):
        Record.from_json(saved(OLD[i], edition=2)).replay()


def test_saved_state_without_edition_loads_as_edition_1():
    r = OLD[8]  # 2 players
    s = Record.from_json(saved(r)).replay(upto=60)
    data = s.to_json()
    del data["record"]["options"]["edition"]
    loaded = GAME.from_json(data)
    assert loaded.opts["edition"] == 1 and loaded.record.options["edition"] == 1
    for seat, *action in r["moves"][60:]:
        loaded.apply(seat, GAME.decode(action))
    assert loaded.scores() == r["scores"]


# --- new games ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "options"), [(1, {"rival": 3}), (3, {})])
def test_new_game_records_edition_2_and_replays(players, options):
    s = GAME.new(players=players, seed=99, options=options)
    assert s.opts["edition"] == 2
    pick = random.Random(5)
    while not s.is_over() and len(s.record.moves) < 150:
        seat = s.to_move()[0]
        s.apply(seat, pick.choice(s.legal_actions(seat)))
    data = json.loads(json.dumps(s.record.to_json()))
    assert data["options"]["edition"] == 2
    again = Record.from_json(data).replay()
    assert again.opts["edition"] == 2 and again.to_json() == s.to_json()


# --- edition 1's rules, one by one ----------------------------------------------------------------------------
def test_edition_1_camp_5_discard_may_be_skipped():
    s = pos(1)
    s.p[0].hand = [FC, FEAR]
    go(s, ("dig", 4), ("tcard", FC))
    assert s.legal_actions(0) == [("discard", FEAR), ("skip",)]
    go(s, ("skip",))
    assert s.p[0].res == [0, 0, 0, 0, 0] and s.p[0].hand == [FEAR]
    t = pos(2)
    t.p[0].hand = [FC, FEAR]
    go(t, ("dig", 4), ("tcard", FC))
    assert t.legal_actions(0) == [("discard", FEAR)]


def test_edition_1_assistant_6_silver_discard_may_be_skipped():
    s = pos(1)
    s.p[0].assistants = [[6, 0, 0]]
    s.p[0].hand, s.p[0].deck = [FEAR], [FC]
    go(s, ("assist", 0))
    assert s.view(0)["pending"]["kind"] == "discard"
    assert ("skip",) in s.legal_actions(0) and ("discard", FEAR) in s.legal_actions(0)
    go(s, ("skip",))
    assert sorted(s.p[0].hand) == sorted([FEAR, FC]) and s.p[0].play == []
    t = pos(2)
    t.p[0].assistants = [[6, 0, 0]]
    t.p[0].hand, t.p[0].deck = [FEAR], [FC]
    go(t, ("assist", 0))
    assert t.view(0)["pending"]["kind"] == "discard_req" and ("skip",) not in t.legal_actions(0)


def test_edition_1_idol_slot_draw_offered_with_an_empty_deck():
    s = pos(1)
    s.p[0].idols, s.p[0].res, s.p[0].play = 1, [1, 0, 0, 0, 0], [FC]
    assert [a for a in s.legal_actions(0) if a[0] == "idol"] == [("idol", k) for k in range(5)]
    go(s, ("idol", 4))  # draws nothing: the discard pile is not reshuffled
    assert s.p[0].hand == [] and s.p[0].play == [FC] and s.p[0].idols == 0 and s.p[0].slots == 1
    t = pos(2)
    t.p[0].idols, t.p[0].res, t.p[0].play = 1, [1, 0, 0, 0, 0], [FC]
    assert ("idol", 4) not in t.legal_actions(0)


def _rival(edition: int, stack: list) -> dict:
    s = GAME.new(players=1, seed=4, options={"rival": 0, "edition": edition})
    for k in range(5, 13):
        s.tile[k], s.occ[k], s.idol[k] = 0, [-1], -1
    s.rival["stack"] = stack
    s.round = 1
    s.rival_turn()
    return s.rival["last"]


def test_edition_1_rival_breaks_ties_with_the_flipped_tile():
    """Two level I sites in the lowest row are free (5 leftmost, 8 rightmost). Edition 1: the flipped tile's
    own arrow decides (green left, red right) whatever lies under it; edition 2: the tile under it."""
    for under in ("dig-coin", "dig-compass"):
        assert _rival(1, ["dig-tablet", under, "discover-red"])["site"] == 8
        assert _rival(1, ["dig-tablet", under, "discover-green"])["site"] == 5
    assert _rival(2, ["dig-tablet", "dig-coin", "discover-red"])["site"] == 5
    assert _rival(2, ["dig-tablet", "dig-compass", "discover-green"])["site"] == 8
    from py_engine.games.arnak.rival import RIVAL_ARROWS_ED1

    assert {t: a for t, a in RIVAL_ARROWS_ED1.items() if not t.startswith("dig-")} == {
        f"{p}-{c}": "L" if c == "green" else "R" for p in ("discover", "research", "overcome", "item", "artifact")
        for c in ("green", "red")}
