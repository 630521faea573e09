"""A remote Lost Cities table dealt by mental poker survives reloads and dropped connections (issue 26): each
side persists only its own secrets and what it took, and after a rejoin the protocol goes on where it stopped
(each side sends again, numbered, what the other has not taken). A finished game's record replays like any
record. The deals use the 64-bit TEST_GROUP so the games are fast."""

from __future__ import annotations

import json
from collections import deque

import pytest

from py_engine.core import Record, RecordError, Rng
from py_engine.core import mental_poker as mp
from py_engine.core.record import awaits_audit
from py_engine.games.lost_cities.fair import SLOT, FairSeat
from py_engine.net import Guest, Host, messages
from tests.test_lost_cities_fair import check_knowledge
from tests.test_net import tokens

HOST_SECRET, GUEST_SECRET = b"\x33" * 32, b"\x44" * 32


def _copy(data: dict) -> dict:
    return json.loads(json.dumps(data))


class Link:
    """Host (seat 0) and guest (seat 1) over an in-memory channel that can be cut (every text in flight and
    sent while it is down is lost), and either side reloaded from what it persisted."""

    def __init__(self) -> None:
        self.host = Host("lost-cities", 2, options={"rounds": 1}, seats=["local", "remote"],
                         token_factory=tokens(), fair_secret=HOST_SECRET, fair_group=mp.TEST_GROUP)
        self.guest = Guest(name="ann", fair_secret=GUEST_SECRET, fair_groups=(mp.TEST_GROUP.name,))
        self.peer, self.n = "ann-1", 1
        self.live = True
        self.queue: deque = deque()
        self.to_guest: list[str] = []
        self.host_saves: list[str] = []
        self.up(self.guest.join(self.host.invites()[1], "ann"))

    def up(self, text: str) -> None:
        if self.live:
            self.queue.append(("host", text))
            self.run()

    def down(self, outs: list) -> None:
        for peer, text in outs:
            if self.live and peer == self.peer:
                self.queue.append(("guest", text))

    def run(self) -> None:
        while self.queue and self.live:
            where, text = self.queue.popleft()
            if where == "host":
                self.down(self.host.receive(self.peer, text))
            else:
                self.to_guest.append(text)
                ev = self.guest.receive(text)
                assert ev.kind != "invalid", ev.error
                for reply in ([ev.reply] if ev.reply else []) + list(ev.replies):
                    self.queue.append(("host", reply))
            for seat in (self.host.fair, self.guest.fair):
                if seat is not None and seat.verdict is None:
                    check_knowledge(seat)
        self.host_saves.append(json.dumps(self.host.save()))

    def cut(self) -> None:
        """The connection drops: whatever is in flight is lost."""
        self.live = False
        self.queue.clear()
        self.host.disconnect(self.peer)

    def reconnect(self) -> None:
        """A new connection; the guest rejoins with its token (and says how much of the host's stream it took)."""
        self.n += 1
        self.peer, self.live = f"ann-{self.n}", True
        self.up(self.guest.rejoin())

    def reload_guest(self) -> None:
        self.guest = Guest.restore(_copy(self.guest.save()))
        self.guest._fair_groups = (mp.TEST_GROUP.name,)  # the page accepts group 14 only; these deal in the test group

    def reload_host(self) -> None:
        self.host = Host.resume(_copy(self.host.save()), token_factory=tokens(f"t{self.n}"))

    def step(self, rng: Rng) -> bool:
        """Protocol work on both sides, then one move by whoever can; False when nobody can move."""
        while True:
            outs, texts = self.host.poll(), self.guest.poll()
            if not outs and not texts:
                break
            self.down(outs)
            for text in texts:
                self.up(text)
            self.run()
        if self.host.legal(0):
            self.down(self.host.local_action(0, rng.choice(self.host.legal(0))))
            self.run()
            return True
        if self.guest.legal:
            for text in self.guest.play(rng.choice(self.guest.legal)):
                self.up(text)
            return True
        return False

    def play(self, rng: Rng, moves: int | None = None) -> None:
        start = self.host.seq
        while (moves is None or self.host.seq < start + moves) and self.step(rng):
            pass


def _finished(link: Link) -> None:
    host, guest = link.host, link.guest
    assert host.over and guest.over, (host.fair.waiting(), guest.fair.waiting())
    assert host.verdict is None and guest.fair.verdict is None
    assert host.fair.audited and guest.fair.audited and guest.verdict["key"] == "hands-verified"
    assert host.state.record.moves == guest.fair.state.record.moves
    assert host.result() == guest.result


def _hidden_guest_cards(link: Link) -> set[int]:
    """The guest's cards the host may not know: its hand but for cards taken from a discard pile (public)."""
    return {c for c in link.guest.fair.state.hands[1] if c < SLOT} - set(link.host.state.hands[1])


def _assert_host_persists_no_guest_card(link: Link, hidden: set[int]) -> None:
    """No card of `hidden` in anything the host persisted: its record's moves and the moves its seat took."""
    for text in link.host_saves:
        saved = json.loads(text)
        played = [a[1] for _, a in saved["record"]["moves"] if a[0] in ("play", "discard")]
        took = [e[1]["action"][1] for e in saved["fair"]["log"]
                if e[0] == "in" and e[1].get("t") == "move" and e[1]["action"][0] in ("play", "discard")]
        assert not hidden & set(played) and not hidden & set(took)
    codes = [mp.TEST_GROUP.hex(c) for c in mp.card_codes(mp.TEST_GROUP, 60)]
    assert not any(c in text for text in link.host_saves for c in codes)


def test_the_guest_reloads_mid_game_and_the_game_goes_on() -> None:
    link = Link()
    link.play(Rng(11), moves=9)
    hand = list(link.guest.fair.state.hands[1])
    link.cut()
    link.reload_guest()
    assert link.guest.fair is not None and link.guest.fair.state.hands[1] == hand
    assert link.guest.legal == []  # not seated again yet: nothing to play, nothing sent
    assert link.guest.poll() == []
    link.reconnect()
    assert link.guest.seated and link.guest.fair.state.hands[1] == hand
    link.play(Rng(12))
    _finished(link)


def test_the_host_reloads_mid_game_and_the_game_goes_on_without_the_guests_hand() -> None:
    link = Link()
    link.play(Rng(13), moves=14)
    hidden = _hidden_guest_cards(link)
    assert hidden
    link.cut()
    link.reload_host()
    assert link.host.fair is not None and link.host.seq == 14
    assert not hidden & set(link.host.fair.deal.cards.values())  # the resumed host knows no more than before
    check_knowledge(link.host.fair)
    link.reconnect()
    link.play(Rng(14), moves=6)
    _assert_host_persists_no_guest_card(link, _hidden_guest_cards(link))
    link.play(Rng(15))
    _finished(link)


def test_messages_lost_with_a_dropped_link_are_sent_again_during_the_deal_and_a_draw() -> None:
    """The link drops while the deck is being shuffled and again while a deck draw waits for its key: each
    time the rejoin numbers say what the other side lacks, and it is sent again."""
    link = Link()
    host, guest = link.host, link.guest
    link.down(host.poll())  # the host's lock reaches the guest; the guest's answer is lost
    link.run()
    texts = guest.poll()
    assert texts
    link.cut()
    link.reconnect()
    link.play(Rng(16), moves=1)
    assert host.seq == 1
    while True:  # up to a deck draw by the host whose key is lost on the way
        if host.legal(0) and ["draw", "deck"] in host.legal(0):
            link.down(host.local_action(0, ["draw", "deck"]))
            link.run()
            break
        assert link.step(Rng(host.seq))
    link.cut()
    assert host.fair.drawing() or host.fair.state.turn == 1
    link.reconnect()
    link.play(Rng(17))
    _finished(link)


def test_a_message_sent_twice_is_taken_once() -> None:
    link = Link()
    link.play(Rng(18), moves=4)
    host, guest = link.host, link.guest
    got, moves = host.fair.got, host.seq
    last = guest.fair.sent[-1]
    out = host.receive(link.peer, messages.mp(last, len(guest.fair.sent) - 1))
    assert out == [] and host.fair.got == got and host.seq == moves and host.verdict is None
    ahead = host.receive(link.peer, messages.mp(last, got + 5))  # after a gap: left for the resend
    assert ahead == [] and host.fair.got == got
    link.play(Rng(19))
    _finished(link)


def test_the_guest_takes_a_host_message_sent_twice_once() -> None:
    link = Link()
    link.play(Rng(26), moves=5)
    guest = link.guest
    got, seq = guest.fair.got, guest.seq
    last = next(json.loads(t) for t in reversed(link.to_guest) if json.loads(t)["t"] == "mp")
    ev = guest.receive(messages.mp(last["m"], last["i"]))
    assert ev.kind == "mp" and ev.replies == () and guest.fair.got == got and guest.seq == seq
    assert guest.fair.verdict is None
    assert json.loads(guest.rejoin())["got"] == got  # what a rejoin tells the host
    link.play(Rng(27))
    _finished(link)


def test_a_new_device_cannot_take_a_seat_whose_cards_were_dealt() -> None:
    link = Link()
    link.play(Rng(20), moves=3)
    link.cut()
    invite = link.host.invite(1)
    stranger = Guest(name="bob", fair_secret=b"\x55" * 32, fair_groups=(mp.TEST_GROUP.name,))
    out = link.host.receive("bob", stranger.join(invite, "bob"))
    assert json.loads(out[0][1])["code"] == "dealt" and link.host.seat_of("bob") is None
    # a device that kept the token but lost the seat's keys is told so, and stops
    saved = _copy(link.guest.save())
    del saved["fair"]
    amnesiac = Guest.restore(saved)
    amnesiac._fair_secret, amnesiac._fair_groups = b"\x66" * 32, (mp.TEST_GROUP.name,)
    for _, text in link.host.receive("amy", amnesiac.rejoin()):
        amnesiac.receive(text)
    assert amnesiac.fair_lost and amnesiac.over and amnesiac.legal == [] and amnesiac.poll() == []
    assert link.host.verdict is None  # nothing of the new seat reached the host's protocol


def test_a_host_resumed_from_an_older_save_is_refused_by_the_guest_it_lost() -> None:
    link = Link()
    link.play(Rng(21), moves=2)
    old = _copy(link.host.save())
    link.play(Rng(22), moves=4)
    link.cut()
    link.host = Host.resume(old, token_factory=tokens("old"))
    out = link.host.receive("ann-9", link.guest.rejoin())
    assert json.loads(out[0][1])["code"] == "dealt"


def test_a_finished_games_record_replays_like_any_record() -> None:
    link = Link()
    link.play(Rng(23), moves=10)
    mid = link.host.fair_record()
    assert mid.fair == {"group": mp.TEST_GROUP.name, "verdict": None}  # no deal yet: not replayable
    assert awaits_audit(mid.fair) and not awaits_audit(None) and not awaits_audit("x")
    link.play(Rng(24))
    _finished(link)
    rec = link.host.fair_record()
    data = json.loads(json.dumps(rec.to_json()))
    assert data["fair"]["group"] == mp.TEST_GROUP.name and len(data["fair"]["secrets"]) == 1
    assert not awaits_audit(data["fair"])
    again = Record.from_json(data)
    end = again.replay()
    assert end.is_over() and end.scores() == link.host.state.scores()
    assert end.result() == link.host.result()
    # every card is known on replay; the host's seat saw the same public position
    assert all(c < SLOT for h in end.hands for c in h)
    assert end.rows == link.host.state.rows and end.view(None) == link.host.state.view(None)
    # the secrets in the record are the seats' deal secrets: they give the audited order
    assert [mp.deal_order([bytes.fromhex(x) for x in pair], 60) for pair in data["fair"]["secrets"]] \
        == [d.audit() for d in link.host.fair.deals]
    # a record whose deals were changed does not replay
    data["fair"]["secrets"][0][1] = "00" * 32
    with pytest.raises(RecordError):
        Record.from_json(data).replay()
    data["fair"]["secrets"] = None
    with pytest.raises(RecordError, match="once it is over"):
        Record.from_json(data).replay()


def test_the_guests_saved_seat_holds_no_card_of_the_hosts_hand() -> None:
    link = Link()
    link.play(Rng(25), moves=12)
    hidden = {c for c in link.host.state.hands[0] if c < SLOT} - set(link.guest.fair.state.hands[0])
    saved = json.dumps(link.guest.save())
    resumed = FairSeat.from_json(json.loads(saved)["fair"])
    check_knowledge(resumed)
    assert not hidden & set(resumed.deal.cards.values())
    assert not hidden & {c for h in resumed.state.hands for c in h}


@pytest.mark.parametrize("got", [-1, True, 1.5, "3", [2], 2**53])
def test_a_rejoin_with_a_count_that_is_not_a_count_is_refused_and_changes_nothing(got) -> None:
    """A hostile guest's `got` (negative, a bool, a float, text, a list, past 2**53-1) is refused as malformed
    before the host looks at its table: the seat is not bound and nothing the host persists changes."""
    link = Link()
    link.play(Rng(28), moves=3)
    link.cut()
    host = link.host
    before = json.dumps(host.save(), sort_keys=True)
    text = json.dumps({"v": messages.VERSION, "t": "rejoin", "token": link.guest.token, "got": got})
    out = host.receive("mallory", text)
    assert json.loads(out[0][1])["code"] == "malformed" and host.seat_of("mallory") is None
    assert json.dumps(host.save(), sort_keys=True) == before


def test_a_rejoin_count_past_what_the_host_sent_is_refused_as_a_lost_deal() -> None:
    link = Link()
    link.play(Rng(29), moves=3)
    link.cut()
    host = link.host
    before = json.dumps(host.save(), sort_keys=True)
    for got in (len(host.fair.sent) + 1, messages.MAX_SEQ):
        out = host.receive("mallory", messages.rejoin(link.guest.token, got))
        assert json.loads(out[0][1])["code"] == "dealt" and host.seat_of("mallory") is None
    assert json.dumps(host.save(), sort_keys=True) == before
    link.reconnect()  # the real guest still gets its seat back
    link.play(Rng(30))
    _finished(link)


@pytest.mark.parametrize("got", [-1, True, "2", 2**53])
def test_a_seat_message_with_a_count_that_is_not_a_count_is_refused_by_the_guest(got) -> None:
    """A hostile host's seat message: a bad `got` is invalid and the guest keeps its seat's state."""
    link = Link()
    link.play(Rng(31), moves=3)
    guest = link.guest
    seat = next(json.loads(t) for t in reversed(link.to_guest) if json.loads(t)["t"] == "seat")
    seat["got"] = got
    before = json.dumps(guest.save(), sort_keys=True)
    ev = guest.receive(json.dumps(seat))
    assert ev.kind == "invalid" and json.dumps(guest.save(), sort_keys=True) == before
    seat["got"] = messages.MAX_SEQ  # a whole number past what this seat sent: the host took messages it never sent
    assert guest.receive(json.dumps(seat)).kind == "seat" and guest.fair_lost and guest.legal == []


def test_the_guest_keeps_the_audited_record_of_a_finished_game() -> None:
    """py_engine.net.Guest.final_record: nothing mid-game; after the audit, the whole game, as the host's."""
    link = Link()
    link.play(Rng(32), moves=6)
    assert link.guest.final_record() is None
    link.play(Rng(33))
    _finished(link)
    mine = link.guest.final_record()
    theirs = link.host.fair_record()
    assert mine is not None and mine.moves == theirs.moves and mine.fair == theirs.fair
    assert Record.from_json(json.loads(json.dumps(mine.to_json()))).replay().result() == link.host.result()
