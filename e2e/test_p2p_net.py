"""Connecting from anywhere (issue 38): connection settings, "no route" said within seconds, and the one-link
flow through a local rendezvous relay (e2e/tracker.mjs), by clicks only. Nothing reaches the internet: pages
start in "same network only" mode (conftest.HERMETIC_JS) and the tests point the relay setting at the local
tracker through the settings form."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import build
from py_engine.games import PACKAGES

from .helpers import choose, engine_state, moves_made, play_turn_by_clicks, wait_for_moves
from .p2p import (
    answer_code,
    board_step,
    connect,
    invite_link,
    launch,
    open_page,
    start_tracker,
    stop_tracker,
    two_browsers,
    wait_any,
)

# A connection through the relay on a machine loaded by the rest of the suite (two e2e workers, Pyodide starting
# in several tabs) once took more than 30 s to show the room link: these waits are for the network, so they get
# a minute, and a test that still times out runs once more (the summary lists it).
STEP_TIMEOUT = 60_000
pytestmark = pytest.mark.flaky(reruns=1, only_rerun=["TimeoutError", "Target crashed", "Page crashed"])

# Trystero logs a data channel closed by the other side (a reload) with console.error; nothing went wrong
CLOSED_BY_PEER = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"


def assert_clean(*watches, dead_relay: str | None = None) -> None:
    """No console or page error, but a data channel closed by the other side and, with `dead_relay`, the
    browser's own report of each failed attempt to reach that stopped relay."""
    refused = f"WebSocket connection to '{dead_relay}/' failed" if dead_relay else None
    for watch in watches:
        watch.errors = [e for e in watch.errors if e != CLOSED_BY_PEER and not (refused and e.startswith(refused))]
        watch.assert_clean()


def start_lost_cities(page, seat2: str) -> None:
    """A one-round Lost Cities table, the second seat chosen by its label ("Remote player", a bot), by clicks
    and typing."""
    page.click("[data-testid=new-lost-cities]")
    choose(page, "[data-testid=seat-1]", seat2)
    page.fill("[data-opt=rounds]", "1")
    page.click("[data-testid=start]")


@pytest.fixture(scope="module")
def tracker():
    """A local WebSocket tracker (e2e/tracker.mjs): the only relay the one-link tests use."""
    proc, url = start_tracker()
    yield url
    stop_tracker(proc)


@pytest.fixture
def pair(site, playwright_instance):
    with two_browsers(playwright_instance, site) as pages:
        yield pages


def set_mode(page, mode: str, relays: str | None = None) -> None:
    """Open Connection settings, pick a mode (and type the relays), Save: by clicks and typing."""
    page.click("[data-testid=net-settings] summary")
    page.click(f"[data-testid=net-mode-{mode}]")
    if relays is not None:
        page.fill("[data-testid=net-relays]", relays)
    page.click("[data-testid=net-save]")


def test_no_route_is_said_within_ten_seconds(pair):
    """Relay-only mode with no TURN server: no candidate pair can ever work. The host's page says so in plain
    words, with what to try, within 10 s of pasting the answer code, and has a new link ready."""
    host, guest, hw, gw = pair
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    first = invite_link(host, 1)
    # a bad value is refused with a clear message and nothing is saved
    host.click("[data-testid=net-settings] summary")
    host.fill("[data-testid=net-stun]", "http://stun.example.org")
    host.click("[data-testid=net-save]")
    host.wait_for_selector("[data-testid=net-settings-error]:has-text('is not an address like stun:')")
    host.fill("[data-testid=net-stun]", "")
    host.click("[data-testid=net-mode-relay]")
    host.click("[data-testid=net-save]")
    host.wait_for_function("old => { const el = document.querySelector('[data-testid=invite-1]');"
                           " return el && el.value !== old; }", arg=first, timeout=STEP_TIMEOUT)
    assert host.evaluate("JSON.parse(localStorage.getItem('explorers.net')).mode") == "relay"
    guest.goto(invite_link(host, 1))
    code = answer_code(guest)
    host.fill("[data-testid=answer-in-1]", code)
    host.click("[data-testid=answer-ok-1]")
    start = time.monotonic()
    host.wait_for_selector("[data-testid=net-error-1]:has-text('No network path')", timeout=10_000)
    assert time.monotonic() - start <= 10.0
    text = host.inner_text("[data-testid=net-error-1]")
    assert "same network" in text and "TURN server" in text
    assert invite_link(host, 1).startswith(host.url.split("#")[0] + "#join=")  # a new link is ready
    assert_clean(hw, gw)


def room_settings(page, relay: str) -> None:
    """Over the internet, with the local tracker as the only relay and no STUN server (all typed and clicked),
    once the page shows its connection state (a host's table: the path line; a guest or a watcher: its screen), so no
    first redraw of the table replaces the form while it is filled; waits until the settings are stored."""
    page.wait_for_selector("[data-testid=net-path], [data-testid=room-joining], [data-testid=watch-screen]",
                           timeout=STEP_TIMEOUT)
    page.click("[data-testid=net-settings] summary")
    page.click("[data-testid=net-mode-internet]")
    page.fill("[data-testid=net-stun]", "")
    page.fill("[data-testid=net-relays]", relay)
    page.click("[data-testid=net-save]")
    page.wait_for_function("(relay) => (localStorage.getItem('explorers.net') || '').includes(relay)", arg=relay,
                           timeout=STEP_TIMEOUT)


PATH_JS = """() => { const p = document.querySelector('[data-testid=net-path]');
  return {state: p && p.dataset.state, text: p && p.textContent, settings: localStorage.getItem('explorers.net')}; }"""


def relay_up(host, watch=None) -> None:
    """The host's panel says the relay answered; if it never does, the failure says what the panel said."""
    try:
        host.wait_for_selector("[data-testid=net-path][data-state=up]", timeout=STEP_TIMEOUT)
    except PlaywrightTimeout as exc:
        seen = host.evaluate(PATH_JS)
        errors = watch.errors if watch is not None else "(not watched)"
        raise PlaywrightTimeout(f"the relay never answered the host: {seen}; console errors: {errors}") from exc


def room_link(page, seat: int) -> str:
    sel = f"[data-testid=room-link-{seat}]"
    page.wait_for_selector(sel, timeout=STEP_TIMEOUT)
    return page.input_value(sel)


def take_seat(page, link: str, relay: str | None, name: str) -> None:
    """Open the invite link; on a page still in "same network only" mode, switch to the relay first."""
    page.goto(link)
    page.wait_for_selector("[data-testid=room-joining]", timeout=STEP_TIMEOUT)
    if relay is not None:
        assert page.get_attribute("[data-testid=room-joining]", "data-state") == "off"
        room_settings(page, relay)
    page.fill("[data-testid=guest-name]", name)
    page.click("[data-testid=room-join]")


def moves(page) -> int:
    return moves_made(page)


def play_turns(pages, host, n: int) -> None:
    for _ in range(n):
        who, phase = wait_any(pages)
        assert phase in ("draw", "play")
        held = moves(host)
        if phase == "draw":
            pages[who].click("[data-testid=deck]")
        else:
            play_turn_by_clicks(pages[who])
        wait_for_moves(host, held + (1 if phase == "draw" else 2))


def test_one_link_connects_and_plays(pair, tracker):
    """The host's invite link alone: the guest's page finds the host's through the local relay, takes its
    seat, and both play over the data channel; no answer code is typed."""
    host, guest, hw, gw = pair
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    host.wait_for_selector("[data-testid=net-path][data-state=off]")
    room_settings(host, tracker)
    relay_up(host, hw)
    link = room_link(host, 1)
    assert link.startswith(host.url.split("#")[0] + "#room=")
    start = time.monotonic()
    take_seat(guest, link, tracker, "Dee")
    guest.wait_for_selector("[data-testid=hand-card]", timeout=STEP_TIMEOUT)
    host.wait_for_selector("[data-testid=net-seat-1][data-state=connected]", timeout=STEP_TIMEOUT)
    print(f"one link to the first shared position: {time.monotonic() - start:.2f} s (settings typed included)")
    assert host.inner_text("[data-testid=net-name-1]") == "Dee"
    play_turns([host, guest], host, 3)
    assert_clean(hw, gw)


def hand(page) -> list[str]:
    return page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def settle(host, guest) -> None:
    """Both pages at rest: the guest's hand drawn and no move on its way."""
    guest.wait_for_selector("[data-testid=hand-card]", timeout=STEP_TIMEOUT)
    for page in (host, guest):
        page.wait_for_selector("[data-testid=net-panel]:not([data-pending='1'])", state="attached",
                               timeout=STEP_TIMEOUT)


@pytest.mark.parametrize("fair", [False, True], ids=["joint-deal", "fair-hands"])
def test_rejoin_without_codes_after_reloads(pair, tracker, fair):
    """Play; the guest reloads and is back at its seat by itself; the host reloads, its table resumes and the
    guest reconnects by itself; play goes on. No code is typed, no new link is sent."""
    host, guest, hw, gw = pair
    host.evaluate(f"localStorage.setItem('explorers.fair-hands', '{str(fair).lower()}')")
    start_lost_cities(host, "Remote player")
    room_settings(host, tracker)
    take_seat(guest, room_link(host, 1), tracker, "Eve")
    guest.wait_for_selector("[data-testid=hand-card]", timeout=60_000)
    play_turns([host, guest], host, 2)
    settle(host, guest)

    before = hand(guest)
    start = time.monotonic()
    guest.reload()
    guest.wait_for_selector("[data-testid=hand-card]", timeout=60_000)
    host.wait_for_selector("[data-testid=net-seat-1][data-state=connected]", timeout=STEP_TIMEOUT)
    print(f"guest reload to playing again: {time.monotonic() - start:.2f} s")
    settle(host, guest)
    assert sorted(hand(guest)) == sorted(before)
    play_turns([host, guest], host, 2)
    settle(host, guest)

    done = moves(host)
    start = time.monotonic()
    host.reload()
    host.wait_for_selector("[data-testid=net-seat-1][data-state=connected]", timeout=60_000)
    guest.wait_for_selector("[data-testid=net-connected]", timeout=STEP_TIMEOUT)
    print(f"host reload to playing again: {time.monotonic() - start:.2f} s")
    assert moves(host) >= done
    play_turns([host, guest], host, 2)
    assert host.inner_text("[data-testid=net-name-1]") == "Eve"
    assert_clean(hw, gw)


def test_four_seats_from_invite_links(site, playwright_instance, tracker):
    """Lost Cities: The Board Game with four players: the host and three guests, each in a browser context of
    its own, each seated from its invite link alone; every guest plays by clicks over its data channel; one
    guest reloads and is back by itself."""
    browser = launch(playwright_instance, build.CHROMIUM)
    pages, watches = [], []
    try:
        for _ in range(4):
            page, watch = open_page(browser, site)  # Browser.new_page: a context of its own for each
            pages.append(page)
            watches.append(watch)
        host, guests = pages[0], pages[1:]
        host.click("[data-testid=new-lost-cities-board]")
        choose(host, "[data-testid=player-count]", "4")
        for seat in (1, 2, 3):
            choose(host, f"[data-testid=seat-{seat}]", "Remote player")
        host.click("[data-testid=start]")
        host.wait_for_selector("[data-testid=net-path][data-state=off]")
        room_settings(host, tracker)
        relay_up(host, watches[0])
        links = [room_link(host, seat) for seat in (1, 2, 3)]
        assert len(set(links)) == 3
        for i, (guest, link) in enumerate(zip(guests, links)):
            take_seat(guest, link, tracker, f"G{i + 1}")
        for seat in (1, 2, 3):
            host.wait_for_selector(f"[data-testid=net-seat-{seat}][data-state=connected]", timeout=60_000)
        for guest in guests:
            guest.wait_for_selector("svg[data-testid=lcb-board]", timeout=60_000)
        assert [host.inner_text(f"[data-testid=net-name-{s}]") for s in (1, 2, 3)] == ["G1", "G2", "G3"]

        def play(decisions: int) -> set:
            movers, done = set(), 0
            end = time.monotonic() + 180
            while done < decisions and time.monotonic() < end:
                for i, page in enumerate(pages):
                    if board_step(page, host):
                        movers.add(i)
                        done += 1
                host.wait_for_timeout(50)
            assert done >= decisions
            return movers

        assert play(8) == {0, 1, 2, 3}  # every seat decided at least once, guests over their links
        guests[1].reload()  # seat 3 reloads: back to its seat through its room by itself
        guests[1].wait_for_selector("svg[data-testid=lcb-board]", timeout=60_000)
        host.wait_for_selector("[data-testid=net-seat-2][data-state=connected]", timeout=STEP_TIMEOUT)
        play(4)
        assert_clean(*watches)
    finally:
        browser.close()


FLOOD_JS = """async ([relay, secret, channel]) => {
  const bytes = new TextEncoder().encode(`explorers-table/room/${secret}/${channel}`);
  const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))
    .map(b => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
  const m = await import('./match.js');
  let host = null;
  const h = await m.open({roomId: hash, secret, relays: JSON.stringify([relay]), iceServers: '[]', policy: 'all',
                          passive: false}, (kind, id) => { if (kind === 'hello') host = id; });
  for (let i = 0; i < 400 && !host; i++) await new Promise(r => setTimeout(r, 50));
  if (!host) return 'no host';
  h.send(host, 'x'.repeat(5 * 1024 * 1024));  // over the size cap: dropped unread
  h.send(host, '{"v":1,"t":"join","token":"AAAAAAAAAAAAAAAAAAAAAA","name":"Mallory"}');
  for (let i = 0; i < 3000; i++) h.send(host, i % 2 ? '{"v":1,"t":"act","seq":0,"action":["draw","deck"]}' : '[[[[');
  return 'sent';
}"""


def test_taken_seat_other_secret_and_flood_are_refused(pair, tracker):
    """A second page opening a link whose seat is taken is refused with a clear message; a link with another
    room secret finds no host and says so; a peer that floods the host with garbage and oversized texts is cut
    off. The table does not change and both players play on."""
    host, guest, hw, gw = pair
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    room_settings(host, tracker)
    link = room_link(host, 1)
    take_seat(guest, link, tracker, "Fay")
    guest.wait_for_selector("[data-testid=hand-card]", timeout=STEP_TIMEOUT)
    play_turns([host, guest], host, 1)
    done = moves(host)

    intruder, iw = open_page(guest.context.browser, host.url.split("#")[0])
    take_seat(intruder, link, tracker, "Mallory")
    intruder.wait_for_selector("[data-testid=join-error]", timeout=STEP_TIMEOUT)
    assert "The host refused" in intruder.inner_text("[data-testid=join-error]")

    secret = link.split("#room=")[1].split(".")[1]
    other = "B" * 22 if secret != "B" * 22 else "C" * 22
    intruder.goto("about:blank")
    intruder.goto(link.replace(secret, other))
    intruder.wait_for_selector("[data-testid=room-joining][data-state=no-host]", timeout=30_000)
    assert "not in this room" in intruder.inner_text("[data-testid=join-status]")

    intruder.goto(host.url.split("#")[0])
    intruder.wait_for_selector("[data-testid=new-lost-cities]", timeout=STEP_TIMEOUT)
    assert intruder.evaluate(FLOOD_JS, [tracker, secret, "seat-1"]) == "sent"
    host.wait_for_selector("[data-testid=net-room-alert]:has-text('too many messages')", timeout=STEP_TIMEOUT)
    assert moves(host) == done and host.inner_text("[data-testid=net-name-1]") == "Fay"
    host.wait_for_selector("[data-testid=net-seat-1][data-state=connected]")
    play_turns([host, guest], host, 2)  # the pages did not freeze
    assert_clean(hw, gw)


TAP_JS = "window.explorersWireTap = (room, peer, text) => (window.__wire = window.__wire || []).push(text);"


def test_watcher_follows_and_never_receives_a_hand(pair, tracker):
    """A watch link: the page follows the live table and its log; every message that reaches it on the wire is
    view(None) (no hand, no seat), the last one exactly the host's view(None); the host sees the watcher and
    removes it."""
    host, guest, hw, gw = pair
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    room_settings(host, tracker)
    take_seat(guest, room_link(host, 1), tracker, "Gus")
    guest.wait_for_selector("[data-testid=hand-card]", timeout=STEP_TIMEOUT)
    play_turns([host, guest], host, 2)

    host.click("[data-testid=net-watch] summary")
    link = host.input_value("[data-testid=watch-link]")
    assert "#watch=" in link
    watcher, ww = open_page(guest.context.browser, host.url.split("#")[0])
    watcher.add_init_script(TAP_JS)
    watcher.goto("about:blank")  # a new document for the link, so the tap is in place before the app starts
    watcher.goto(link)
    watcher.wait_for_selector("[data-testid=watch-screen][data-state=off]", timeout=STEP_TIMEOUT)
    room_settings(watcher, tracker)
    watcher.wait_for_selector("[data-testid=watch-status][data-state=watching]", timeout=STEP_TIMEOUT)
    watcher.wait_for_selector("#board", timeout=STEP_TIMEOUT)
    host.wait_for_selector("[data-testid=watcher]", timeout=STEP_TIMEOUT)
    assert watcher.locator("[data-testid=hand-card]").count() == 0
    assert watcher.locator("ol.log li").count() > 0  # the log is there too
    play_turns([host, guest], host, 3)

    def wire() -> list[dict]:
        return [json.loads(t) for t in watcher.evaluate("window.__wire || []")]

    end = time.monotonic() + 20
    while time.monotonic() < end and (not wire() or wire()[-1]["view"] != engine_state(host).view(None)):
        watcher.wait_for_timeout(100)
    got = wire()
    assert got and got[-1]["view"] == engine_state(host).view(None)  # exactly the public view, up to date
    for m in got:
        assert m["t"] == "watching" and m["view"]["hand"] is None and m["view"]["seat"] is None
    assert all('"hand":[' not in t for t in watcher.evaluate("window.__wire"))

    host.click("[data-testid=unwatch]")
    watcher.wait_for_selector("[data-testid=watch-screen][data-state=removed]", timeout=STEP_TIMEOUT)
    host.wait_for_selector("[data-testid=watcher]", state="detached")
    assert_clean(hw, gw, ww)


def test_home_page_does_not_load_matchmaking(app):
    """The matchmaking library, and GMP for deals by mental poker, load only for a table with a remote seat or a
    room link: the home page's start fetches none of them, and a hot-seat game neither."""
    page, watch = app
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    page.reload()
    page.wait_for_selector("[data-testid=new-lost-cities]", timeout=90_000)
    start_lost_cities(page, "Bot")  # the first bot: level 1
    page.wait_for_selector("[data-testid=hand-card]")
    assert not [u for u in fetched if "match.js" in u or "/trystero/" in u or "bignum.js" in u or "/gmp/" in u]
    # The games' packs (web/packs.py) are fetched only once the home page is interactive, every one of them.
    packs = page.evaluate("""() => {
        const ready = performance.getEntriesByName('explorers:interactive')[0].startTime;
        return performance.getEntriesByType('resource').filter(e => e.name.includes('/games/'))
            .map(e => [e.name.split('/games/')[1], e.startTime >= ready]);
    }""")
    assert sorted(name for name, _after in packs) == sorted(f"{p}.zip" for p in PACKAGES)
    assert all(after for _name, after in packs), packs
    watch.assert_clean()


def test_one_link_says_no_route_within_ten_seconds(pair, tracker):
    """The guest's page, set to "Through my TURN server only" with no TURN server, meets the host through the
    relay but no connection can work: both pages say so in plain words within 10 s, with what to try."""
    host, guest, hw, gw = pair
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    room_settings(host, tracker)
    guest.goto(room_link(host, 1))
    guest.wait_for_selector("[data-testid=room-joining]", timeout=STEP_TIMEOUT)
    guest.click("[data-testid=net-settings] summary")
    guest.click("[data-testid=net-mode-relay]")
    guest.fill("[data-testid=net-stun]", "")
    guest.fill("[data-testid=net-relays]", tracker)
    guest.click("[data-testid=net-save]")
    start = time.monotonic()
    guest.wait_for_selector("[data-testid=room-joining][data-state=no-route]", timeout=10_000)
    assert time.monotonic() - start <= 10.0
    text = guest.inner_text("[data-testid=join-status]")
    assert "No network path" in text and "same network" in text and "TURN server" in text
    host.wait_for_selector("[data-testid=net-room-alert]:has-text('No network path')", timeout=10_000)
    assert_clean(hw, gw)


def test_relay_stopped_falls_back_to_the_answer_code(pair):
    """With the relay stopped (nothing answers at its address), the host's page says within seconds that no relay
    answered and opens the answer-code path; the friend connects with that invite link and answer code, and
    they play."""
    host, guest, hw, gw = pair
    proc, dead = start_tracker()
    stop_tracker(proc)  # its port no longer answers
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    start_lost_cities(host, "Remote player")
    room_settings(host, dead)
    start = time.monotonic()
    host.wait_for_selector("[data-testid=net-path][data-state=down]", timeout=STEP_TIMEOUT)
    print(f"relay stopped to the answer-code path: {time.monotonic() - start:.2f} s")
    assert "No relay answered" in host.inner_text("[data-testid=net-path]")
    assert host.is_visible("[data-testid=net-manual-1] [data-testid=answer-in-1]")  # opened, not hidden
    connect(host, guest, 1, name="Flo")
    assert host.inner_text("[data-testid=net-name-1]") == "Flo"
    play_turns([host, guest], host, 3)
    assert_clean(hw, gw, dead_relay=dead)
