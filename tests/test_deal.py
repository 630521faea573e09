"""Deals nobody can predict: 128-bit deal seeds that the Rng uses in full, legacy seeds that replay as
before (a record frozen from the code before deal seeds), exact JSON of big seeds, and sealed deals
(commitment, public records). Engine-only: runs in CPython and inside Pyodide."""

from __future__ import annotations

import hashlib
import json

import pytest

from py_engine import get_game
from py_engine.core import Record, RecordError, Rng
from py_engine.core.record import SealedRecord, commitment, new_salt
from py_engine.core.rng import DEAL_MIN, is_seed, new_seed, seed_from_json, seed_to_json

# Made with the code of commit 92c6b95 (before deal seeds): the record, a digest of the final
# state.to_json() and the legacy Rng state of its seed. These must never change.
OLD_RECORDS = [
    ('{"format":"explorers-table-record","version":1,"game":"lost-cities","players":2,"seed":1234567,"options":'
     '{"rounds":1,"purple":false,"open_discards":false},"moves":[[0,["discard",26]],[0,["draw","deck"]],[1,["discard",'
     '20]],[1,["draw","deck"]],[0,["play",27]],[0,["draw","white"]],[1,["discard",31]],[1,["draw","deck"]],[0,["play",'
     '36]],[0,["draw","blue"]],[1,["play",25]],[1,["draw","deck"]],[0,["discard",5]],[0,["draw","white"]],[1,["play",'
     '40]],[1,["draw","deck"]],[0,["play",41]],[0,["draw","yellow"]],[1,["play",48]],[1,["draw","deck"]],[0,["play",'
     '58]],[0,["draw","deck"]],[1,["discard",15]],[1,["draw","deck"]],[0,["discard",31]],[0,["draw","blue"]],[1,'
     '["play",42]],[1,["draw","white"]],[0,["discard",20]],[0,["draw","deck"]]]}',
     "fab9e5558cc9341ef0460935a409f890a57f4219320526d3c6c03bc1c4f5090c",
     [116333273, 203266399, 3258778849, 3386434230]),
    # Board game: its moves start paths only with the lowest card of the colour in hand (issue 13 enforces
    # the seed's rule, so the earlier record here, which did not, no longer replays); made with 92c6b95 too.
    ('{"format":"explorers-table-record","version":1,"game":"lost-cities-board","players":3,"seed":2147483646,"opt'
     'ions":{"length":"short","directions":false,"no_redraw":false},"moves":[[0,["discard","blue",9]],[0,["draw","'
     'blue"]],[1,["start","blue",4,"adventurer"]],[1,["draw","deck"]],[2,["discard","yellow",9]],[2,["draw","yello'
     'w"]],[0,["discard","green",8]],[0,["draw","green"]],[1,["start","red",5,"adventurer"]],[1,["draw","deck"]],['
     '2,["discard","yellow",9]],[2,["draw","yellow"]],[0,["discard","yellow",9]],[0,["draw","deck"]],[1,["discard"'
     ',"green",3]],[1,["draw","deck"]],[2,["start","white",3,"adventurer"]],[2,["draw","deck"]],[0,["discard","gre'
     'en",8]],[0,["draw","yellow"]],[1,["start","yellow",3,"researcher"]],[1,["draw","green"]],[2,["start","green"'
     ',4,"adventurer"]],[2,["draw","green"]],[0,["discard","yellow",6]],[0,["draw","deck"]],[1,["discard","yellow"'
     ',10]],[1,["draw","deck"]],[2,["start","red",9,"researcher"]],[2,["draw","deck"]]]}',
     "2b9b362e36546286067f9b1b70cd002bbeb1729dd4ee62bb636a4d76669bc5da",
     [204350796, 2628115918, 1206511992, 2749226318]),
]


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("text,expected,rng_state", OLD_RECORDS)
def test_old_records_replay_identically(text, expected, rng_state):
    data = json.loads(text)
    record = Record.from_json(data)
    assert record.salt == "" and Rng(record.seed).to_json() == rng_state
    state = record.replay()
    assert digest(state) == expected
    assert record.to_json() == data  # written back exactly as it was read


def test_deal_seeds_use_all_128_bits():
    base = DEAL_MIN | 0x5A5A_1234_0F0F_9999_0000_0000_0000_0000
    first = Rng(base).next_u32()
    states, firsts = {tuple(Rng(base).to_json())}, {first}
    for bit in range(128):
        seed = base ^ (1 << bit)
        assert seed >= DEAL_MIN
        states.add(tuple(Rng(seed).to_json()))
        out = Rng(seed).next_u32()
        firsts.add(out)
        assert bin(out ^ first).count("1") >= 4, bit  # every seed bit reaches the very first output
    assert len(states) == len(firsts) == 129  # the base seed and each of its 128 one-bit neighbours differ
    assert Rng(base).to_json() == [346647486, 3941745260, 3461646455, 3951976184]  # fixed forever: records replay


def test_deal_seed_state_is_never_all_zero_and_new_seeds_are_deal_seeds():
    for _ in range(50):
        seed = new_seed()
        assert DEAL_MIN <= seed < 2**128 and is_seed(seed) and any(Rng(seed).to_json())
    assert len({new_seed() for _ in range(20)}) == 20
    # the one seed whose words all finalise to zero: the state still is not all-zero
    words = [0x9E3779B9 * (i + 1) & 0xFFFFFFFF for i in range(4)]
    special = sum(w << (32 * i) for i, w in enumerate(words))
    assert special >= DEAL_MIN and any(Rng(special).to_json())


def test_game_new_accepts_deal_seeds_and_refuses_others():
    game = get_game("lost-cities")
    seed = 2**127 + 987654321
    a, b = game.new(seed=seed), game.new(seed=seed)
    assert a.view(0) == b.view(0) and a.record.seed == seed
    assert game.new(seed=seed + 1).view(0) != a.view(0)
    for bad in (-1, 2**63, 2**64 - 1, 2**128, True, 1.0, "5"):
        with pytest.raises(RecordError):
            game.new(seed=bad)


def test_big_seeds_travel_in_json_as_hex_and_come_back_exact():
    seed = 2**127 + 2**53 + 1  # loses bits as a JavaScript number
    assert seed_to_json(seed) == format(seed, "x") and seed_from_json(format(seed, "x")) == seed
    assert seed_to_json(2**53 - 1) == 2**53 - 1 and seed_from_json(2**53 - 1) == 2**53 - 1
    for bad in ("", "0x10", "ABC", "1" * 33, "-1", " 1", format(2**63, "x"), 2**63, None, 1.5, True, [1]):
        with pytest.raises(ValueError):
            seed_from_json(bad)
    state = get_game("lost-cities").new(seed=seed)
    state.record.salt = "ab" * 16
    data = json.loads(json.dumps(state.record.to_json()))
    assert data["seed"] == format(seed, "x")
    back = Record.from_json(data)
    assert back.seed == seed and back.salt == "ab" * 16 and back.replay().view(0) == state.view(0)


def test_commitment_is_sha256_of_the_documented_bytes():
    salt = "0123456789abcdef" * 2
    assert commitment(5, salt) == hashlib.sha256(b"explorers-table-deal:5:" + salt.encode()).hexdigest()
    big = 2**100 + 3
    assert commitment(big, salt) == hashlib.sha256(f"explorers-table-deal:{big}:{salt}".encode()).hexdigest()
    assert commitment(big, salt) != commitment(big + 1, salt) != commitment(big, "f" * 32)
    s = new_salt()
    assert len(s) == 32 and int(s, 16) >= 0 and s != new_salt()
    for bad_seed, bad_salt in ((-1, salt), (5, "xyz"), (5, salt.upper()), (5, "")):
        with pytest.raises(ValueError):
            commitment(bad_seed, bad_salt)


def test_public_record_has_no_seed_and_opens_as_sealed():
    state = get_game("lost-cities").new(seed=2**90 + 1, options={"rounds": 1})
    state.record.salt = new_salt()
    for _ in range(6):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    public = state.record.to_json(public=True)
    text = json.dumps(public)
    assert "seed" not in public and "salt" not in public and public["deal"] == state.record.commitment()
    assert str(state.record.seed) not in text and format(state.record.seed, "x") not in text
    assert state.record.salt not in text and len(public["moves"]) == 6
    with pytest.raises(SealedRecord) as exc:
        Record.from_json(public)
    assert exc.value.moves == 6 and exc.value.game_id == "lost-cities" and "once the game is over" in str(exc.value)
    full = state.record.to_json()
    assert full["deal"] == public["deal"]  # the full record proves the earlier public one
    assert Record.from_json(full).commitment() == public["deal"]
    with pytest.raises(RecordError, match="does not match its commitment"):
        Record.from_json(dict(full, deal="0" * 64))
    for bad in ({"deal": "xyz"}, {"salt": "q" * 32}, {"seed": "zz"}):
        with pytest.raises(RecordError):
            Record.from_json(dict(full, **bad))
    no_salt = Record("lost-cities", 2, 7)
    with pytest.raises(ValueError):
        no_salt.to_json(public=True)


def test_salt_survives_copy_replay_clone_and_undo():
    state = get_game("lost-cities").new(seed=2**80, options={"rounds": 1})
    state.record.salt = "cd" * 16
    seat = state.to_move()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.clone().record.salt == state.record.copy().salt == state.record.replay().record.salt == "cd" * 16
