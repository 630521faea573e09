"""Two separate browsers play Lost Cities over a real WebRTC data channel, set up only by what a
person does: pick "Remote player", copy the invite link, open it, copy the answer code back."""

from __future__ import annotations

import pytest
from playwright.sync_api import sync_playwright

import build

from .helpers import engine_state, play_turn_by_clicks
from .p2p import answer_code, connect, host_game, invite_link, launch, open_page, paste_answer, wait_any

GUEST_NAME = "Bea <b>&amp;"


def hand(page) -> list[str]:
    return page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def moves(page) -> int:
    return len(engine_state(page).record.moves)


@pytest.fixture(scope="module")
def pair(site):
    with sync_playwright() as p:
        hb, gb = launch(p, build.CHROMIUM), launch(p, build.CHROMIUM)
        host, hw = open_page(hb, site)
        guest, gw = open_page(gb, site)
        yield host, guest, hw, gw
        hb.close()
        gb.close()


def test_round_over_webrtc_with_errors_and_reloads(pair):
    host, guest, hw, gw = pair
    host_game(host, {1: "remote"}, {"rounds": 1})
    link = invite_link(host, 1)
    assert link.startswith(host.url.split("#")[0] + "#join=")

    # a tampered link gives a clear error, not a silent hang
    code = link.split("#join=")[1]
    i = len(code) // 2
    guest.goto(link.replace(code, code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]))
    guest.wait_for_selector("[data-testid=join-error]")
    assert "damaged or was changed" in guest.inner_text("[data-testid=join-error]")

    # the real link; a wrong answer code first
    guest.goto(link)
    answer = answer_code(guest)
    paste_answer(host, 1, answer[:-6] + "xxxxxx")
    host.wait_for_selector("[data-testid=net-error-1]")
    assert "Wrong answer code" in host.inner_text("[data-testid=net-error-1]")
    paste_answer(host, 1, "hello")
    host.wait_for_selector("[data-testid=net-error-1]:has-text('not an Explorers')")
    guest.fill("[data-testid=guest-name]", GUEST_NAME)
    paste_answer(host, 1, answer)
    host.wait_for_selector("[data-testid=net-seat-1][data-state=connected]")
    guest.wait_for_selector("[data-testid=net-connected]")
    assert host.inner_text("[data-testid=net-name-1]") == GUEST_NAME  # escaped, shown as typed

    pages = [host, guest]
    turns = 0
    while True:
        who, phase = wait_any(pages)
        if phase == "over":
            break
        page = pages[who]
        if phase == "draw":
            page.click("[data-testid=deck]")
        else:
            play_turn_by_clicks(page)
        turns += 1
        assert turns < 200
        if turns == 5:  # the guest reloads mid-game and rejoins its seat with a new link
            before = hand(guest)
            guest.reload()
            guest.wait_for_selector("[data-testid=reconnect]", timeout=90_000)
            host.wait_for_selector("[data-testid=net-seat-1][data-state=waiting]")
            assert "lost the connection" in host.inner_text("[data-testid=net-error-1]")
            connect(host, guest, 1, open_with="paste")
            guest.wait_for_selector("[data-testid=hand-card]")
            assert hand(guest) == before
            assert host.inner_text("[data-testid=net-name-1]") == GUEST_NAME
        if turns == 10:  # the host reloads mid-game: the table resumes, the guest reconnects
            done = moves(host)
            host.reload()
            host.wait_for_selector("[data-testid=net-seat-1][data-state=waiting]", timeout=90_000)
            assert moves(host) == done
            guest.wait_for_selector("[data-testid=net-lost]")
            connect(host, guest, 1, open_with="paste")
            assert moves(host) == done
    wait_any([guest])  # the guest shows the result too
    guest.wait_for_selector("[data-testid=new-game]")
    state = engine_state(host)
    assert state.is_over()
    breakdown = state.view(None)["history"][0]["scores"]
    for seat in (0, 1):
        for page in pages:
            assert int(page.inner_text(f"[data-testid=sheet-r1-{seat}]")) == breakdown[seat]
            assert int(page.inner_text(f"[data-testid=final-{seat}]")) == state.scores()[seat]
    hw.assert_clean()
    gw.assert_clean()
