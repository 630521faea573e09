"""Connecting from anywhere (issue 38): connection settings, "no route" said within seconds, and the one-link
flow through a local rendezvous relay (e2e/tracker.mjs), by clicks only. Nothing reaches the internet: pages
start in "same network only" mode (conftest.HERMETIC_JS) and the tests point the relay setting at the local
tracker through the settings form."""

from __future__ import annotations

import time

import pytest

import build

from .p2p import STEP_TIMEOUT, answer_code, host_game, invite_link, launch, open_page


@pytest.fixture
def pair(site, playwright_instance):
    hb, gb = launch(playwright_instance, build.CHROMIUM), launch(playwright_instance, build.CHROMIUM)
    host, hw = open_page(hb, site)
    guest, gw = open_page(gb, site)
    yield host, guest, hw, gw
    hb.close()
    gb.close()


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
    host_game(host, {1: "remote"}, {"rounds": 1})
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
    hw.assert_clean()
    gw.assert_clean()
