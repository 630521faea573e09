"""Issue 37, hole 8 over the network: at a table with remote seats, every random event of Arnak, Catan and Islands
takes a fresh contribution of every seat's hash chain (py_engine/net/chain.py), revealed only once the move that
draws it is fixed; nobody, the host included, knows a roll, a draw or a reshuffle before it happens, and a host
that skips, reuses or forges a contribution is named by each guest's check at the end."""

from __future__ import annotations

import json

import pytest

from py_engine.core import Rng
from py_engine.net import Guest, Host, chain, messages
from py_engine.net.messages import ProtocolError
from tests.test_net import Hub, finish_checks, play, tokens

GAMES = [("arnak", 2), ("islands", 2)]  # Catan ends too late in random play: its moves are tested below


def table(game_id: str, seats=("local", "remote"), **kw) -> tuple[Host, Hub, list[Guest]]:
    host = Host(game_id, len(seats), seed=5, seats=list(seats), token_factory=tokens(), joint=True, **kw)
    hub = Hub(host, check_every=50, verify_every=8)
    guests = []
    for seat, kind in enumerate(seats):
        if kind == "remote":
            guests.append(hub.connect(f"p{seat}"))
            hub.send(f"p{seat}", guests[-1].join(host.invites()[seat], f"p{seat}"))
    return host, hub, guests


def first_random(hub: Hub, rng: Rng) -> tuple[int, list]:
    """Play random moves until the next one the seat to move would make draws randomness: (seat, encoded move)."""
    host = hub.host
    for _ in range(2000):
        for seat in host.to_move():
            for encoded in host.legal(seat):
                if host.state.draws_randomness(seat, host.game.decode(encoded)):
                    return seat, encoded
        play(hub, rng, max_moves=1)
    raise AssertionError("no move draws randomness")


# --- the chain itself ----------------------------------------------------------------------------------------
def test_a_chain_reveals_links_that_each_follow_the_one_before_and_nothing_else_does():
    c = chain.Chain("ab" * 32)
    first, second = c.reveal(), c.reveal()
    assert chain.follows(c.head, first) and chain.follows(first, second)
    assert not chain.follows(c.head, second) and not chain.follows(first, c.head) and not chain.follows(c.head, "x")
    assert c.link(1) == first and chain.step(first) == c.head
    again = chain.Chain.from_json(json.loads(json.dumps(c.to_json())))
    assert again.head == c.head and again.reveal() == c.link(3)
    log = [[4, [first, None]], [9, [second, None]]]
    assert chain.check_links([c.head, None], log, 10) is None
    assert "not its next" in chain.check_links([c.head, None], [[4, [second, None]]], 10)
    assert chain.check_links([c.head, None], [[9, [first, None]], [4, [second, None]]], 10) == "a malformed entry"
    assert chain.contribution(4, [first, None]) != chain.contribution(5, [first, None])
    with pytest.raises(ValueError):
        chain.Chain("zz" * 32)


# --- whole games ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_every_random_event_takes_every_seats_link_and_the_guests_verify_it(game_id, players):
    seats = ("local", "remote", "remote")[:players] if players == 3 else ("local", "remote")
    host, hub, guests = table(game_id, seats)
    assert host.chain is not None and all(g.chain is not None for g in guests)
    assert host.heads == [None] + [g.chain.head for g in guests]
    assert all(g.heads == [host.chain.head, *host.heads] for g in guests)
    play(hub, Rng(players * 7), max_moves=4000)
    assert host.over
    finish_checks(hub)
    record = host.state.record
    assert record.contributions and len(record.contributions) == len(host.links) == host.chain.used
    for guest in guests:
        assert guest.verdict["key"] == "verified"
        assert guest.chain.used == len(host.links)  # every seat gave a link to every random event
        assert sorted(guest.revealed) == [e[0] for e in host.links]


def test_the_move_waits_for_the_guests_link_so_the_host_cannot_foresee_the_outcome():
    host, hub, (bea,) = table("catan-ck", ("local", "remote", "bot"))
    seat, encoded = first_random(hub, Rng(1))
    sent = []
    if host.seat_kind(seat) == "remote":
        sent = host.receive(host.peer_of(seat), bea.act(encoded))
    else:
        sent = host.local_action(seat, encoded)
    # fixed, not applied: nobody moves, the guest alone is asked, and what it reveals decides the outcome
    assert host.pending is not None and host.to_move() == () and host.legal(seat) == []
    assert [json.loads(t)["t"] for _p, t in sent] == ["rand"]
    before = host.seq
    state = host.state.clone()
    event = bea.receive(sent[0][1])
    link = json.loads(event.reply)["link"]
    outcomes = set()
    for guess in (link, chain.Chain().reveal()):  # the host's view of the future depends on a link it lacks
        trial = state.clone()
        trial.apply(seat, host.game.decode(encoded),
                    chain.contribution(before, [host.chain.link(host.chain.used + 1), guess, None]))
        outcomes.add(json.dumps(trial.view(None), sort_keys=True))
    assert len(outcomes) == 2
    hub.route(host.receive("p1", event.reply))
    assert host.pending is None and host.seq == before + 1 and bea.seq == host.seq


def test_a_guest_reveals_no_link_for_a_move_not_yet_made_nor_twice_for_two_moves():
    host, hub, (bea,) = table("arnak")
    play(hub, Rng(2), max_moves=3)
    revealed, used = dict(bea.revealed), bea.chain.used
    ahead = messages.rand(bea.seq + 1, [1])  # a host fishing for the link of the next event
    assert bea.receive(ahead).kind == "invalid" and bea.revealed == revealed and bea.chain.used == used
    if revealed:  # nor again for a move made before
        assert bea.receive(messages.rand(max(revealed) - 1, [1])).kind == "invalid"
    now = messages.rand(bea.seq, [1])
    first = bea.receive(now).reply
    assert bea.receive(now).reply == first and bea.chain.used == used + 1  # asked again: the same link
    assert bea.receive(messages.rand(bea.seq, [0])).reply is None  # a move that does not ask this seat


def test_a_link_revealed_for_one_move_and_used_for_none_or_another_is_named_link_unused():
    host, hub, (bea,) = table("arnak")
    play(hub, Rng(3), max_moves=4000)
    assert host.over and bea.verdict["key"] == "verified"
    used = sorted(bea.revealed)
    other = next(k for k in range(host.seq) if k not in bea.revealed)
    bea.revealed[other] = bea.revealed.pop(used[0])  # as if the host had asked it for a move that drew nothing
    bea.verdict = None
    bea.receive(messages.over(host.seq, host.state.result(), host.state.record.to_json(), host.links))
    assert bea.verdict["key"] == "link-unused" and bea.verdict["move"] == other


class SkippingHost(Host):
    """Applies one move that draws randomness with no contribution: it alone knew that outcome in advance."""

    skipped = False

    def _apply(self, seat, action):
        if not self.skipped and self._state.draws_randomness(seat, action):
            self.skipped = True
            return self._commit(seat, action, None)
        return super()._apply(seat, action)


class ForgingHost(Host):
    """Uses a contribution of its own choosing for one move instead of the one the links make."""

    forged = False

    def _commit(self, seat, action, contribution):
        if contribution is not None and not self.forged:
            self.forged = True
            contribution = "0" * 64
        return super()._commit(seat, action, contribution)


@pytest.mark.parametrize(("cls", "key"), [(SkippingHost, "no-contribution"), (ForgingHost, "no-contribution")])
def test_a_host_that_skips_or_forges_a_contribution_is_named(cls, key):
    host = cls("arnak", 2, seed=5, seats=["local", "remote"], token_factory=tokens(), joint=True)
    hub = Hub(host, check_every=50, verify_every=8)
    bea = hub.connect("p1")
    hub.send("p1", bea.join(host.invites()[1], "Bea"))
    play(hub, Rng(4), max_moves=4000)
    assert host.over and bea.verdict["key"] == key and not bea.verdict["ok"]


def test_forged_links_or_heads_in_the_reveal_are_named_chain_broken():
    host, hub, (bea,) = table("arnak")
    play(hub, Rng(5), max_moves=4000)
    assert bea.verdict["key"] == "verified"
    record = host.state.record.to_json()
    links = json.loads(json.dumps(host.links))
    links[0][1][0] = chain.Chain().reveal()  # a host link that does not follow its head
    bea.verdict = None
    bea.receive(messages.over(host.seq, host.state.result(), record, links))
    assert bea.verdict["key"] == "chain-broken"
    bea.verdict = None
    bea.receive(messages.over(host.seq, host.state.result(), record, None))
    assert bea.verdict["key"] == "links-missing"


def test_a_wrong_link_from_a_guest_is_refused_and_changes_nothing():
    host, hub, (bea,) = table("catan-ck", ("local", "remote", "bot"))
    seat, encoded = first_random(hub, Rng(6))
    outs = host.receive("p1", bea.act(encoded)) if host.seat_kind(seat) == "remote" else \
        host.local_action(seat, encoded)
    assert host.pending is not None
    seq = host.seq
    reply = host.receive("p1", messages.link(seq, chain.Chain().reveal()))
    assert json.loads(reply[0][1])["code"] == "malformed" and host.pending["got"] == {} and host.seq == seq
    with pytest.raises(ProtocolError):
        messages.parse_guest('{"v":1,"t":"link","seq":1,"link":"XYZ"}')
    hub.route(outs)  # the real link
    assert host.pending is None and host.seq == seq + 1


def test_reloads_on_both_sides_keep_the_chains_and_a_pending_move():
    host, hub, (bea,) = table("catan-ck", ("local", "remote", "bot"))
    seat, encoded = first_random(hub, Rng(7))
    if host.seat_kind(seat) == "remote":
        host.receive("p1", bea.act(encoded))
    else:
        host.local_action(seat, encoded)
    assert host.pending is not None
    saved_host = json.loads(json.dumps(host.save()))
    saved_bea = json.loads(json.dumps(bea.save()))
    host2 = Host.resume(saved_host, token_factory=tokens("re"))
    assert host2.pending is not None and host2.to_move() == () and host2.chain.head == host.chain.head
    hub2 = Hub(host2, check_every=50, verify_every=8)
    bea2 = hub2.connect("p1", Guest.restore(saved_bea))
    assert bea2.chain.head == bea.chain.head
    hub2.send("p1", bea2.rejoin())  # asked again for the pending move, which then goes on
    assert host2.pending is None and host2.seq == host.seq + 1
    play(hub2, Rng(8), max_moves=40)  # (a random Catan game is too long to finish here: the audit is the same)
    assert chain.check_links(host2._heads(), host2.links, host2.seq) is None
    assert sorted(bea2.revealed) == [e[0] for e in host2.links] and bea2.chain.used == len(host2.links)


def test_a_seat_given_to_a_bot_while_a_move_waits_for_it_no_longer_holds_it_up():
    host, hub, (bea,) = table("islands")
    seat, encoded = first_random(hub, Rng(9))
    seq = host.seq
    if seat == 1:
        host.receive("p1", bea.act(encoded))  # the "rand" never reaches the guest
    else:
        host.local_action(seat, encoded)
    assert host.pending is not None
    hub.drop("p1")
    hub.route(host.set_seat_kind(1, "bot"))
    assert host.pending is None and host.seq == seq + 1
    assert host.links[-1] == [seq, [host.chain.link(host.chain.used), None, None]]


def test_tables_without_remote_seats_or_with_the_single_generator_take_no_links():
    assert Host("catan-ck", 3, seats=["local", "bot", "bot"], joint=True).chain is None
    assert Host("lost-cities", 2, seats=["local", "remote"], joint=True).chain is None  # no later randomness
    assert Host("arnak", 2, seats=["local", "remote"], joint=True, chains=False).chain is None
    assert Host("arnak", 2, seats=["local", "remote"]).chain is None  # a host-dealt table: as before


@pytest.mark.parametrize("pending", [[99, ["x"], 0, [1], {}], [-1, ["x"], 0, [1], {}], [0, ["x"], 0, "keys", []],
                                     "pending", [0, ["x"], 0, [1], ["not", "a", "dict"]], [0, ["x"], 0, [1], {"z": 1}]])
def test_a_corrupt_waiting_move_in_a_host_save_is_refused_by_name(pending):
    from py_engine.core import RecordError

    host, hub, (bea,) = table("arnak")
    saved = json.loads(json.dumps(host.save()))
    saved["pending"] = pending
    with pytest.raises(RecordError, match="bad saved pending move"):
        Host.resume(saved)
