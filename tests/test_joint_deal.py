"""Deals no one chooses: a table with remote seats deals from the shares of all its seats (issue 26).

The host commits to a secret share before any guest answers, each remote seat answers with a share of its
own, and the seed is derived from all of them (py_engine.core.record: share_commitment, joint_seed). A host
that changes its share after seeing the guests' shares, or drops or replaces a guest's share, is caught by
that guest's check at the end.
"""

from __future__ import annotations

import copy
import json

import pytest

from py_engine.core import IllegalAction, Record, RecordError, Rng
from py_engine.core.record import joint_seed, share_commitment
from py_engine.core.rng import seed_from_json, seed_to_json
from py_engine.net import Guest, Host, messages
from tests.test_net import SHORT, Hub, finish_checks, play, tokens

H = "1" * 64


def joint_table(game_id: str = "lost-cities", seats=("local", "remote"), options=None) -> tuple[Host, Hub]:
    options = SHORT.get(game_id, {}) if options is None else options  # one round, or the board game's short one
    host = Host(game_id, len(seats), seed=7, options=options, seats=list(seats), token_factory=tokens(),
                joint=True)
    return host, Hub(host)


def join(hub: Hub, peer: str, seat: int) -> Guest:
    guest = hub.connect(peer)
    hub.send(peer, guest.join(hub.host.invites()[seat], peer))
    assert guest.seated and guest.joint and guest.share is not None
    return guest


def test_the_game_waits_for_every_remote_share_then_deals_from_all_of_them():
    host, hub = joint_table("lost-cities-board", ("local", "remote", "remote"))
    record = host.state.record
    assert host.dealing and host.to_move() == () and host.legal(0) == []
    with pytest.raises(IllegalAction, match="every remote player has joined"):
        host.local_action(0, ["play", 0])
    ann = join(hub, "ann", 1)
    assert [e.kind for e in hub.inbox["ann"]] == ["seat"]  # no view, no deal yet
    seat_msg = json.loads(messages.seat(1, "x" * 16, "g", 3, {}, "n", host.commitment, joint=True))
    assert seat_msg["joint"] is True
    assert host.dealing and ann.deal == share_commitment(record.host_share, record.salt) == host.commitment
    bob = join(hub, "bob", 2)
    assert not host.dealing and host.to_move()
    rec = host.state.record
    assert rec.shares == [None, ann.share, bob.share]
    assert rec.seed == joint_seed(rec.host_share, [None, ann.share, bob.share])
    assert [e.kind for e in hub.inbox["ann"]][-1] == "view"
    assert [e.kind for e in hub.inbox["bob"]] == ["seat", "commits", "view"]
    play(hub, Rng(3))
    finish_checks(hub)
    assert ann.verdict["key"] == "verified" and bob.verdict["key"] == "verified"


def test_a_share_sent_again_or_after_the_start_changes_nothing():
    host, hub = joint_table()
    bea = join(hub, "bea", 1)
    seed = host.state.record.seed
    assert not host.dealing
    assert host.receive("bea", messages.share("2" * 64)) == []
    assert host.state.record.seed == seed and host.state.record.shares == [None, bea.share]


def test_malformed_or_unseated_shares_are_refused():
    host, hub = joint_table()
    for text in (json.dumps({"v": 1, "t": "share", "share": "ABC"}), json.dumps({"v": 1, "t": "share"}),
                 json.dumps({"v": 1, "t": "share", "share": "0" * 63})):
        out = host.receive("x", text)
        assert json.loads(out[0][1])["code"] == "malformed"
    out = host.receive("x", messages.share("0" * 64))
    assert json.loads(out[0][1])["code"] == "not-seated" and host.dealing


def test_the_seed_never_travels_before_the_end_and_the_host_share_only_at_the_end():
    host, hub = joint_table()
    sent: list[str] = []
    route = hub.route
    hub.route = lambda outs: (sent.extend(t for _, t in outs), route(outs))[1]
    join(hub, "bea", 1)
    rec = host.state.record
    play(hub, Rng(5), until_seq=20)
    secrets_ = [rec.host_share, rec.salt, str(rec.seed), format(rec.seed, "x")]
    assert sent and not any(s in text for text in sent for s in secrets_)
    public = json.dumps(rec.to_json(public=True))
    assert not any(s in public for s in secrets_)


def finished_joint() -> tuple[Host, Guest]:
    host, hub = joint_table()
    bea = join(hub, "bea", 1)
    play(hub, Rng(11))
    finish_checks(hub)
    return host, bea


def cheat(bea: Guest, record: dict) -> dict:
    g = copy.deepcopy(bea)
    g.verdict = None
    g.receive(messages.over(bea.seq, bea.result, record))
    return g.verdict


def redealt(record: Record, host_share: str, shares: list) -> dict:
    """The record a cheating host would reveal: the same moves on a deal from other shares."""
    data = record.to_json()
    data.update(host_share=host_share, shares=shares, seed=seed_to_json(joint_seed(host_share, shares)))
    data.pop("deal")
    return data


def test_a_host_that_picks_its_share_after_seeing_the_guests_is_caught():
    host, bea = finished_joint()
    rec = host.state.record
    assert cheat(bea, rec.to_json())["key"] == "verified"
    # it revealed another share than the one it committed to (chosen after seeing Bea's): the commitment fails
    lie = redealt(rec, H, rec.shares)
    lie["deal"] = share_commitment(H, rec.salt)
    verdict = cheat(bea, lie)
    assert verdict == {"ok": False, "key": "commitment-mismatch", "move": None,
                       "text": "warning: the revealed deal is not the one the host committed to at the start"}


def test_a_host_that_drops_or_replaces_a_guest_share_is_caught():
    host, bea = finished_joint()
    rec = host.state.record
    for shares in ([None, "2" * 64], [None, None]):
        lie = redealt(rec, rec.host_share, shares)
        lie["deal"] = rec.commitment()
        verdict = cheat(bea, lie)
        assert verdict == {"ok": False, "key": "share-missing", "move": None,
                           "text": "warning: the deal was not made with your share, as the host promised"}
    plain = rec.to_json()  # a record without shares at all (a deal the host made alone)
    for key in ("host_share", "shares", "deal"):
        plain.pop(key)
    plain["deal"] = Record(rec.game_id, 2, rec.seed, salt=rec.salt).commitment()
    assert cheat(bea, plain)["key"] == "commitment-mismatch"


def test_joint_records_round_trip_and_a_wrong_seed_is_refused():
    host, _ = finished_joint()
    data = json.loads(json.dumps(host.state.record.to_json()))
    again = Record.from_json(data)
    assert again == host.state.record and again.replay().result() == host.state.result()
    bad = dict(data, seed=seed_to_json(seed_from_json(data["seed"]) + 1))
    with pytest.raises(RecordError, match="not the one its seats' shares give"):
        Record.from_json(bad)
    with pytest.raises(RecordError, match="bad seat shares"):
        Record.from_json(dict(data, shares=["zz"] * 2))
    with pytest.raises(RecordError, match="bad host share"):
        Record.from_json(dict(data, host_share="x"))


def test_a_host_reloaded_while_dealing_keeps_its_share_and_starts_when_the_guest_answers():
    host, hub = joint_table("lost-cities", ("local", "remote", ))
    saved = json.loads(json.dumps(host.save()))
    assert saved["dealing"] is True
    again = Host.resume(saved, token_factory=tokens("re"))
    assert again.dealing and again.commitment == host.commitment and again.to_move() == ()
    hub2 = Hub(again)
    bea = join(hub2, "bea", 1)
    assert not again.dealing and again.state.record.shares == [None, bea.share]
    assert bea.deal == host.commitment


def test_a_remote_seat_given_to_a_bot_while_dealing_starts_the_game():
    host, hub = joint_table("lost-cities-board", ("local", "remote", "remote"))
    ann = join(hub, "ann", 1)
    hub.route(host.set_seat_kind(2, "bot"))  # the last seat to commit is gone: Ann is shown the list and reveals
    assert not host.dealing and host.state.record.shares == [None, ann.share, None]


def test_a_table_without_remote_seats_starts_at_once_and_dice_come_from_the_committed_seed():
    host = Host("catan-ck", 3, seed=1, seats=["local", "bot", "bot"], joint=True)
    assert not host.dealing and host.to_move()
    rng = Rng(4)
    for _ in range(120):
        seat = host.to_move()[0]
        host.local_action(seat, rng.choice(host.legal(seat)))
    rec = host.state.record
    replayed = Record.from_json(json.loads(json.dumps(rec.to_json()))).replay()
    assert replayed.view(None) == host.state.view(None)  # every roll so far comes back from the record alone
