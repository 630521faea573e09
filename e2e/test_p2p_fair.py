"""Two separate browsers play a one-round Lost Cities game dealt by mental poker (issue 26): each page shows
its own hand, the host's page never holds the guest's hand, the guest and then the host reload mid-game and
the game goes on where it stopped, and the final audit passes on both screens; the host's record then replays
like any record.

A two-seat Lost Cities table with a remote seat deals so by default (web/session.py: FAIR_HANDS).

Then a host page and a guest page that misbehave once (issue 37: a modified copy of our page at one end of the
link, which patches the data channel's `send`): each time the other page names the cheat and stops, and the
cheating page stops too, saying why."""

from __future__ import annotations

import json

import pytest

from .helpers import assert_result_closes_and_opens_again, engine_state, play_turn_by_clicks
from .p2p import connect, host_game, two_browsers, wait_any

SLOT = 1000  # py_engine.games.lost_cities.fair: a card this seat has not seen


def hand(page) -> list[int]:
    return [int(c) for c in page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")]


@pytest.fixture(scope="module")
def pair(site, playwright_instance):
    with two_browsers(playwright_instance, site) as pages:
        yield pages


def test_a_game_with_hands_not_even_the_host_can_see(pair):
    host, guest, hw, gw = pair
    host_game(host, {1: "Remote player (invite link)"}, {"rounds": 1})
    connect(host, guest, 1)
    for page in (host, guest):
        page.wait_for_selector("[data-testid=net-panel] [data-testid=trust][data-state=fair]", state="attached")
        assert "known only to you" in page.inner_text("[data-testid=net-panel] [data-testid=trust]")
    pages = [host, guest]
    turns = 0
    while True:
        who, phase = wait_any(pages, timeout=120.0)
        if phase == "over":
            break
        page = pages[who]
        if page is guest and turns % 7 == 0:  # the guest's hand is on its screen, nowhere on the host's
            mine = hand(guest)
            assert len(mine) == 8
            record = json.loads(host.evaluate("window.explorersRecord()"))
            assert record["fair"]["group"] == "rfc3526-modp-2048" and "secrets" not in record["fair"]
            played = {a[1] for _, a in record["moves"] if a[0] in ("play", "discard")}
            assert not set(mine) & played
            host_hand = hand(host)
            assert host_hand and not set(mine) & set(host_hand)
            assert all(c < SLOT for c in host_hand)
        if phase == "draw":
            page.click("[data-testid=deck]")
        else:
            play_turn_by_clicks(page)
        turns += 1
        assert turns < 200
        if turns == 4:  # the guest reloads mid-game: its seat, keys and hand come back from its own storage
            before = hand(guest)
            guest.reload()
            guest.wait_for_selector("[data-testid=reconnect]", timeout=90_000)
            host.wait_for_selector("[data-testid=net-seat-1][data-state=waiting]", timeout=30_000)
            connect(host, guest, 1, open_with="paste")
            guest.wait_for_selector("[data-testid=hand-card]", timeout=60_000)
            # its deck draw may have waited for the host's key when it reloaded: the key comes again
            guest.wait_for_selector("[data-testid=net-panel][data-pending='0']", state="attached", timeout=60_000)
            after = hand(guest)
            assert set(before) <= set(after) and len(after) == 8
        if turns == 9:  # the host reloads mid-game: its seat resumes from its autosave, the guest reconnects
            done = len(json.loads(host.evaluate("window.explorersRecord()"))["moves"])
            mine = hand(host)
            host.reload()
            host.wait_for_selector("[data-testid=net-seat-1][data-state=waiting]", timeout=90_000)
            guest.wait_for_selector("[data-testid=net-lost]", timeout=30_000)
            connect(host, guest, 1, open_with="paste")
            # nothing the host saved is lost; a guest's move still on its way at the reload is sent again
            host.wait_for_selector("[data-testid=hand-card]", timeout=60_000)
            assert done <= len(json.loads(host.evaluate("window.explorersRecord()"))["moves"]) <= done + 1
            assert set(mine) <= set(hand(host))
    wait_any([guest], timeout=120.0)
    for page in pages:
        page.wait_for_selector("[data-testid=deal-status][data-state=verified]", state="attached", timeout=120_000)
        assert "Hands verified" in page.locator("[data-testid=deal-status]").text_content()
    rec = json.loads(host.evaluate("window.explorersRecord()"))
    assert rec["fair"]["verdict"] is None and len(rec["fair"]["secrets"]) == 1
    state = engine_state(host)  # the record replays like any record: every card known, the same end
    assert state.is_over()
    for seat in (0, 1):
        assert host.inner_text(f"[data-testid=final-{seat}]") == guest.inner_text(f"[data-testid=final-{seat}]")
        assert int(host.inner_text(f"[data-testid=final-{seat}]")) == state.scores()[seat]
    # the guest keeps the audited game too: the same record, watched from its own page
    mine = json.loads(guest.evaluate("window.explorersRecord()"))
    assert mine["moves"] == rec["moves"] and mine["fair"]["secrets"] == rec["fair"]["secrets"]
    for page in pages:  # the result closes for good over the final table, which says "Hands verified"
        assert_result_closes_and_opens_again(page, behind="[data-testid=deal-status][data-state=verified]")
        assert "Hands verified" in page.inner_text("[data-testid=deal-status]")
    guest.click("#card-actions [data-testid=open-result]")
    guest.click("[data-testid=watch-replay]")
    guest.wait_for_selector("[data-testid=rp-moves]")
    assert guest.locator("[data-testid^=rp-move-]").count() == len(rec["moves"]) + 1  # and the start
    hw.assert_clean()
    gw.assert_clean()


# The attacker's copy of our page, at the host's end: right after our code sends a seat its "seat", it sends the
# same seat again with other options (a redeal on demand: issue 37, hole 2), once.
REDEAL_JS = """() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    send.call(this, data);
    let m = null;
    try { m = JSON.parse(data); } catch (e) { return; }
    if (m && m.t === 'seat' && m.fair && !window.__redealt) {
      window.__redealt = true;
      m.options = Object.assign({}, m.options, {rounds: 3});
      send.call(this, JSON.stringify(m));
    }
  };
}"""


def test_a_modified_host_page_that_asks_for_a_redeal_is_named_and_both_pages_stop(site, playwright_instance):
    """A host page that misbehaves once (a second "seat" with other options after the deal began): the guest's
    page names it and stops, tells the host, and the host's page stops too and says why; nobody can move."""
    with two_browsers(playwright_instance, site) as (host, guest, hw, gw):
        host.evaluate(REDEAL_JS)
        host_game(host, {1: "Remote player (invite link)"}, {"rounds": 1})
        connect(host, guest, 1)
        guest.wait_for_selector("[data-testid=deal-status][data-state=cheat][data-kind=redeal]")
        assert "asked to deal your seat again" in guest.inner_text("[data-testid=deal-status]")
        host.wait_for_selector("[data-testid=deal-status][data-state=cheat][data-kind=stopped]")
        assert "redeal" in host.inner_text("[data-testid=deal-status]")
        for page in (host, guest):
            assert not page.locator("[data-testid=hand-card][data-act]").count()  # the game is stopped
        hw.assert_clean()
        gw.assert_clean()


# The attacker's copy of our page, at the guest's end: the first key it sends to open a card of the host's hand is
# bent (its last hex digit changed), once.
BENT_KEY_JS = """() => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    let m = null;
    try { m = JSON.parse(data); } catch (e) { m = null; }
    if (m && m.t === 'mp' && m.m && m.m.k === 'keys' && m.m.x && m.m.x.length && !window.__bent) {
      window.__bent = true;
      const x = m.m.x[0];
      m.m.x[0] = x.slice(0, -1) + (x.endsWith('1') ? '2' : '1');
      data = JSON.stringify(m);
    }
    send.call(this, data);
  };
}"""


def test_a_modified_guest_page_that_sends_a_bent_key_is_named_and_both_pages_stop(site, playwright_instance):
    """A guest page that misbehaves once (a key that does not open the host's card): the host's page names the
    guest and stops, tells the guest, and the guest's page stops too; nobody can move."""
    with two_browsers(playwright_instance, site) as (host, guest, hw, gw):
        guest.evaluate(BENT_KEY_JS)
        host_game(host, {1: "Remote player (invite link)"}, {"rounds": 1})
        connect(host, guest, 1)
        host.wait_for_selector("[data-testid=deal-status][data-state=cheat]", timeout=120_000)
        kind = host.get_attribute("[data-testid=deal-status]", "data-kind")
        assert kind in ("wrong_key", "malformed"), kind
        guest.wait_for_selector("[data-testid=deal-status][data-state=cheat][data-kind=stopped]")
        assert kind in guest.inner_text("[data-testid=deal-status]")
        for page in (host, guest):
            assert not page.locator("[data-testid=hand-card][data-act]").count()  # the game is stopped
        hw.assert_clean()
        gw.assert_clean()
