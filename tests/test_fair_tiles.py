"""The board game's public tiles at a table dealt by mental poker: their seed is made from every seat's share
(py_engine/net/host.py, guest.py; "commit", "commits", "share", then "tiles"), not chosen by the host. A host that
picks the seed itself, reveals another share than it committed to, leaves a seat's share out or announces a seed
the shares do not give is refused by every guest with the verdict "bad_tiles"; honest tables of 2-4 seats lay the
same tiles everywhere; a guest that reloads while the seed is being made, and a host resumed from its save, go
on; seats saved by the previous version (the host's seed) still load. TEST_GROUP keeps it fast."""

from __future__ import annotations

import json

import pytest

from py_engine.core import Rng
from py_engine.core import mental_poker as mp
from py_engine.core.record import joint_seed, new_share, share_commitment
from py_engine.games.lost_cities_board.fair import BoardFairSeat
from py_engine.net import Guest, Host, messages
from tests.test_net_fair_seats import OPTIONS, SECRETS, Table, _finished


def pump(t: Table, rounds: int = 200, done=lambda t: False) -> None:
    """Run every seat's protocol work and deliver what it sends, until nothing is left or `done(t)`."""
    for _ in range(rounds):
        if done(t):
            break
        outs = t.host.poll()
        texts = [(s, x) for s, g in t.guests.items() if t.live[s] for x in g.poll()]
        if not outs and not texts:
            break
        t.down(outs)
        for s, x in texts:
            t.queue.append(("host", s, x))
        t.run()


def _laid(t: Table) -> int:
    """Run the protocol until every seat has laid its tiles; the seed."""
    pump(t, done=lambda t: all(f.seed is not None for f in t.seats()) and len(t.seats()) == t.players)
    seeds = {f.seed for f in t.seats()}
    assert len(seeds) == 1, seeds
    return seeds.pop()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_lays_the_same_tiles_from_every_seats_share(players: int) -> None:
    host = Host("lost-cities-board", players, seed=4, options=OPTIONS, seats=["local"] + ["remote"] * (players - 1),
                fair_secret=SECRETS[0], fair_group=mp.TEST_GROUP)
    while host.fair.seed is None and host.poll():  # the host's work before any guest is there
        pass
    assert host.fair.seed is None and not host.legal(0)  # nobody moves before the tiles are laid
    assert not any(any(row) for row in host.state.board)  # and no tile is shown
    t = Table(players)
    assert all(g.joint and g.share for g in t.guests.values())
    seed = _laid(t)
    shares = [None] + [t.guests[s].share for s in range(1, players)]
    assert seed == joint_seed(t.host.tiles["share"], shares)
    assert all(g.fair.state.board == t.host.state.board for g in t.guests.values())
    assert any(any(row) for row in t.host.state.board)
    assert all(f.verdict is None for f in t.seats())
    # the "seat" every guest got committed to the host's share before any guest's share existed, and said no seed
    for texts in t.texts.values():
        first = json.loads(texts[0])
        assert first["t"] == "seat" and first["joint"] is True and "tiles" not in first
        assert first["deal"] == share_commitment(t.host.tiles["share"], t.host.tiles["salt"])


def test_an_honest_two_seat_board_game_verifies() -> None:
    t = Table(2)
    t.play(Rng(5))
    _finished(t)
    assert t.guests[1].fair.seed == t.host.fair.seed is not None


def _named(t: Table, seats=None) -> None:
    for s in seats or t.guests:
        v = t.guests[s].fair.verdict
        assert v is not None and v["kind"] == mp.BAD_TILES, v
        assert t.guests[s].verdict["key"] == "cheat" and not t.guests[s].legal
    assert t.host.fair.verdict["kind"] == mp.STOPPED  # told by the guest's "stop"


@pytest.mark.parametrize("players", [2, 3])
def test_a_host_that_picks_the_tiles_seed_itself_is_refused_by_name(players: int) -> None:
    """A modified host page: it lays its tiles from a seed it chose and sends it in "seat", as the previous version
    did, asking for no share."""

    class Picker(Host):
        def __init__(self, *a, **k) -> None:
            super().__init__(*a, **k)
            self.tiles = None  # no shares: the seed it likes
            self.fair.set_tiles(12345)

    real, t = Host, None
    try:
        import tests.test_net_fair_seats as seats_mod
        seats_mod.Host = Picker
        t = Table(players)
    finally:
        seats_mod.Host = real
    first = json.loads(t.texts[1][0])
    assert first["tiles"] == 12345 and "joint" not in first
    _named(t)
    assert "alone" in t.guests[1].fair.verdict["detail"]
    assert all(g.fair.seed is None for g in t.guests.values())  # its tiles were never laid


def _bend(field: str, players: int = 3):
    """A host that goes through the commitments but bends the "tiles" it reveals (to every guest)."""

    def tamper(seat: int, text: str) -> str:
        m = json.loads(text)
        if m["t"] != "tiles":
            return text
        if field == "seed":  # a seed it likes, with the honest shares
            m["seed"] = (m["seed"] + 1) % 2 ** 128
        elif field == "share":  # ground after it saw the guests' shares: another host share, the seed it gives
            m["share"] = new_share()
            m["seed"] = joint_seed(m["share"], m["shares"])
        elif field == "drop":  # a guest's share replaced by one the host chose (the seed follows)
            m["shares"][2] = new_share()
            m["seed"] = joint_seed(m["share"], m["shares"])
        elif field == "mine":  # this guest's share left out
            m["shares"][seat] = None
            m["seed"] = joint_seed(m["share"], m["shares"])
        return messages.dumps(m)

    return tamper


@pytest.mark.parametrize("field,why", [("seed", "shares give"), ("share", "committed to"),
                                       ("drop", "exactly the seats"), ("mine", "this seat's share")])
def test_a_host_that_bends_the_revealed_seed_is_refused_by_name(field: str, why: str) -> None:
    t = Table(3, tamper=_bend(field))
    pump(t)
    _named(t, [1] if field == "drop" else None)  # seat 2's own share was replaced: seat 1 sees it, so does seat 2
    assert why in t.guests[1].fair.verdict["detail"]
    assert all(g.fair.seed is None for g in t.guests.values())




def test_a_list_of_commitments_without_the_guests_own_is_refused_by_name() -> None:
    def tamper(seat: int, text: str) -> str:
        m = json.loads(text)
        if m["t"] == "commits" and seat == 1:
            m["commits"][1] = "0" * 64
            return messages.dumps(m)
        return text

    t = Table(3, tamper=tamper)
    v = t.guests[1].fair.verdict
    assert v["kind"] == mp.BAD_TILES and "leaves out" in v["detail"]
    assert t.host.fair.verdict["kind"] == mp.STOPPED


def test_a_guest_that_reloads_before_the_tiles_are_laid_goes_on() -> None:
    """Guest 2 drops once it has committed, before the list of commitments comes: it reloads (its share, that
    the deal is joint and its seat are in its save), rejoins, reveals, and every seat lays the same tiles."""
    tamper, cut = _swallow_commits_to(2)
    t = Table(3, tamper=tamper)
    assert cut and t.host.fair.seed is None
    t.cut(2)
    share = t.guests[2].share
    t.reload_guest(2)
    assert t.guests[2].share == share and t.guests[2].joint and t.guests[2].fair.seed is None
    t.reconnect(2)
    seed = _laid(t)
    assert seed == joint_seed(t.host.tiles["share"], [None, t.guests[1].share, share])
    t.play(Rng(4), moves=6)
    assert all(f.verdict is None for f in t.seats())


def _swallow_commits_to(victim: int):
    cut = []

    def tamper(seat: int, text: str) -> str:
        if seat == victim and json.loads(text)["t"] == "commits" and not cut:
            cut.append(1)
            return messages.dumps({"v": 1, "t": "ping", "n": 1})  # lost with the connection
        return text

    return tamper, cut


def test_a_host_resumed_from_its_save_while_the_seed_is_made_goes_on() -> None:
    """The host reloads when guest 1 has revealed its share and guest 2 has not: the resumed host keeps its own
    share (the one it committed to) and guest 1's, and the seed is made when guest 2 rejoins and reveals."""
    tamper, cut = _swallow_commits_to(2)
    t = Table(3, tamper=tamper)
    t.cut(2)
    assert cut and t.host.fair.seed is None and t.host.tiles["shares"][1] == t.guests[1].share
    saved = json.loads(json.dumps(t.host.save()))
    t.host = Host.resume(saved)
    assert t.host.fair.seed is None and t.host.tiles == saved["tiles"] and t.host.shown
    t.cut(1)
    t.reconnect(1)
    t.reconnect(2)
    seed = _laid(t)
    assert seed == joint_seed(saved["tiles"]["share"], [None, t.guests[1].share, t.guests[2].share])
    again = Host.resume(json.loads(json.dumps(t.host.save())))
    assert again.fair.seed == seed and again.tiles == t.host.tiles and again.state.board == t.host.state.board
    bent = json.loads(json.dumps(t.host.save()))
    bent["tiles"]["share"] = new_share()  # a save whose shares do not give the seed laid: refused
    with pytest.raises(Exception, match="tiles"):
        Host.resume(bent)
    t.play(Rng(4), moves=6)
    assert all(f.verdict is None for f in t.seats())


def test_seats_saved_by_the_previous_version_still_load_and_go_on() -> None:
    """A seat of the previous version was made with the host's seed (save "seed": a number, no "tiles" call); it
    loads with its tiles laid, and a host resumed from such a save (no "tiles") sends that seed in "seat" as before;
    the guest of that game takes it (it had taken it before the update)."""
    host = Host("lost-cities-board", 2, seed=4, options=OPTIONS, seats=["local", "remote"],
                fair_secret=SECRETS[0], fair_group=mp.TEST_GROUP)
    opts = dict(host.state.record.options)
    old = BoardFairSeat(1, SECRETS[1], opts, mp.TEST_GROUP, 2, 4).to_json()
    del old["lanes"]  # the previous version's save: no rekey lanes either
    seat = BoardFairSeat.from_json(json.loads(json.dumps(old)))
    assert seat.seed == seat.seed_given == 4 and seat.state.board == BoardFairSeat(1, SECRETS[1], opts,
                                                                                      mp.TEST_GROUP, 2, 4).state.board
    assert not seat.lanes and not seat.deal.lanes
    saved = json.loads(json.dumps(host.save()))
    del saved["tiles"]
    del saved["fair"]["lanes"]
    saved["fair"]["seed"] = 4
    host = Host.resume(saved)
    assert host.tiles is None and host.fair.seed == 4
    g = Guest.restore({"seat": 1, "token": None, "game": "lost-cities-board", "options": opts, "fair": old})
    g._fair_groups = (mp.TEST_GROUP.name,)
    outs = host.receive("p", g.join(host.invites()[1], "g"))
    m = json.loads(outs[0][1])
    assert m["t"] == "seat" and m["tiles"] == 4 and "joint" not in m
    g.receive(outs[0][1])
    assert g.fair.verdict is None and g.fair.seed == 4
    # a save of a seat whose seed is not laid yet, made by this version, is refused by the previous one (its seed
    # must be a number): clearly, not silently
    assert BoardFairSeat(1, SECRETS[1], OPTIONS, mp.TEST_GROUP, 2, None).to_json()["seed"] is None


def test_the_tiles_message_is_parsed_with_exact_types() -> None:
    good = messages.tiles(5, "a" * 64, "b" * 32, [None, "c" * 64])
    assert messages.parse_host(good)["seed"] == 5
    for field, value in [("seed", -1), ("seed", 2 ** 128), ("seed", True), ("seed", "5"), ("share", "A" * 64),
                         ("salt", "b" * 31), ("shares", []), ("shares", ["c" * 63]), ("shares", "x"),
                         ("shares", [1])]:
        m = json.loads(good)
        m[field] = value
        with pytest.raises(messages.ProtocolError) as exc:
            messages.parse_host(json.dumps(m))
        assert exc.value.code == "malformed" and field in exc.value.reason
    m = json.loads(good)
    m["extra"] = 1
    with pytest.raises(messages.ProtocolError):
        messages.parse_host(json.dumps(m))


def test_nobody_moves_before_the_tiles_are_laid_even_with_the_hands_open() -> None:
    """Guest 2 never reveals its share (the list never reaches it): the deal goes on and the host, the starter,
    holds its hand, yet it cannot move; a move another seat sends before the tiles are laid is refused."""
    tamper, cut = _swallow_commits_to(2)
    t = Table(3, tamper=tamper)
    pump(t)
    f = t.host.fair
    assert cut and f.seed is None and f.verdict is None
    assert all(c < 1000 for c in f.state.hands[0])  # its hand is open
    assert not f.ready() and not t.host.legal(0) and not t.guests[1].legal
    f.receive({"t": "move", "seat": 1, "n": 0, "action": ["pass"], "reveal": None}, 1)
    assert f.verdict["kind"] == mp.MALFORMED and "tiles" in f.verdict["detail"]


def test_a_guest_refuses_a_share_that_is_not_the_one_committed_to_and_a_seat_that_changes_the_tiles() -> None:
    tamper, cut = _swallow_commits_to(2)
    t = Table(3, tamper=tamper)
    t.up(2, messages.share(new_share()))  # the host takes a share only if it matches the seat's commitment
    assert t.host.tiles["shares"][2] is None and t.guests[2].last_reject["code"] == "malformed"
    t.cut(2)
    t.reconnect(2)  # the list again, then its own share
    assert t.host.fair.seed is not None and all(f.verdict is None for f in t.seats())
    g = t.guests[1]
    seat = json.loads(t.texts[1][0])
    seat.pop("joint")
    seat["tiles"] = 7  # the host would now lay its own seed: a redeal, refused
    g.receive(messages.dumps(seat))
    assert g.fair.verdict["kind"] == mp.REDEAL and g.fair.seed == t.host.fair.seed


def test_the_host_takes_no_share_before_it_showed_every_commitment() -> None:
    host = Host("lost-cities-board", 3, seed=4, options=OPTIONS, seats=["local", "remote", "remote"],
                fair_secret=SECRETS[0], fair_group=mp.TEST_GROUP)
    g = Guest(name="g1", fair_secret=SECRETS[1], fair_groups=(mp.TEST_GROUP.name,))
    for _peer, text in host.receive("p1", g.join(host.invites()[1], "g1")):
        ev = g.receive(text)
        if ev.reply:
            host.receive("p1", ev.reply)  # its commitment
    assert host.commits[1] is not None and not host.shown
    out = host.receive("p1", messages.share(g.share))  # seat 2 has not committed: too early
    assert json.loads(out[0][1])["code"] == "malformed" and host.tiles["shares"][1] is None


def test_a_host_that_never_reveals_the_tiles_is_refused_after_the_wait() -> None:
    """A modified host page takes every share and never sends "tiles": the table would wait forever. Each guest
    owes nothing and waits for the host's tiles (`waiting`), so its link's timeout (web/netplay.py FAIR_TIMEOUT)
    stops the game naming the host, and the host is told."""
    t = Table(3, tamper=lambda seat, text: messages.dumps({"v": 1, "t": "ping", "n": 1})
              if json.loads(text)["t"] == "tiles" else text)
    pump(t)
    assert t.host.fair.seed is not None  # the host laid its own tiles, and kept the seed to itself
    for s, g in t.guests.items():
        assert g.fair.seed is None and g.fair.waiting() == [] and g.waiting() == [(0, "tiles")]
        t.queue.extend(("host", s, x) for x in g.fair_refused())
        v = g.fair.verdict
        assert v["kind"] == mp.REFUSED and v["seat"] == 0 and v["detail"] == "did not send its tiles"
        assert not g.legal and g.waiting() == []
    t.run()
    assert t.host.fair.verdict["kind"] == mp.STOPPED


def test_a_guest_that_never_reveals_its_share_is_refused_after_the_wait() -> None:
    """Guest 2 commits but never reveals its share: the host waits for it alone (`waiting`, after the list of
    commitments was shown; a seat not there yet owes nothing), so its link's timeout stops the game naming it."""
    tamper, cut = _swallow_commits_to(2)
    t = Table(3, tamper=tamper)
    pump(t)
    assert cut and t.host.fair.seed is None and t.host.shown
    assert t.host.waiting() == [(2, "share of the tiles' seed")]
    assert t.guests[1].waiting() == [(0, "tiles")]  # guest 1 revealed its share: it waits for the host
    t.down(t.host.fair_refused())
    t.run()
    v = t.host.fair.verdict
    assert v["kind"] == mp.REFUSED and v["seat"] == 2 and "tiles" in v["detail"]
    assert t.host.waiting() == [] and t.guests[1].fair.verdict["kind"] == mp.STOPPED


def test_before_every_seat_has_joined_nobody_owes_the_tiles() -> None:
    host = Host("lost-cities-board", 3, seed=4, options=OPTIONS, seats=["local", "remote", "remote"],
                fair_secret=SECRETS[0], fair_group=mp.TEST_GROUP)
    while host.poll():
        pass
    assert host.fair.seed is None and not host.shown and host.waiting() == []
