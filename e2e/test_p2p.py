"""Two separate browsers play Lost Cities over a real WebRTC data channel, set up only by what a
person does: pick "Remote player", copy the invite link, open it, copy the answer code back."""

from __future__ import annotations

import pytest

from .helpers import choose, engine_state, play_turn_by_clicks, wait_for_moves
from .p2p import (
    answer_code,
    board_step,
    connect,
    host_game,
    invite_link,
    paste_answer,
    two_browsers,
    wait_any,
)

GUEST_NAME = "Bea <b>&amp;"


def hand(page) -> list[str]:
    return page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def moves(page) -> int:
    return len(engine_state(page).record.moves)


@pytest.fixture
def pair(site, playwright_instance):
    """Two separate browser processes (one launch() each) from the session's Playwright, new for each test (and
    each rerun): a tab that crashed in one test must not fail the next ones."""
    with two_browsers(playwright_instance, site) as pages:
        yield pages


def test_round_over_webrtc_with_errors_and_reloads(pair):
    host, guest, hw, gw = pair
    # this table deals on the host's device (a joint deal), as every remote table but the two-seat card game
    # does; that one is dealt by mental poker (e2e/test_p2p_fair.py)
    host.evaluate("localStorage.setItem('explorers.fair-hands', 'false')")
    host_game(host, {1: "Remote player (invite link)"}, {"rounds": 1})
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
    # fair play: the deal is made by both seats; the guest holds the host's commitment to its share, never the deal
    guest.wait_for_selector("[data-testid=deal-status][data-state=joint]", state="attached")
    assert "no player can choose it" in guest.inner_text("[data-testid=deal-status]")
    assert "holds every hidden card" in guest.inner_text("[data-testid=net-panel] [data-testid=trust]")
    record = engine_state(host).record
    assert record.shares[1] is not None and record.shares[0] is None and record.host_share
    commitment = engine_state(host).record.commitment()
    assert commitment[:12] in guest.inner_text("[data-testid=deal-status]")
    assert commitment[:12] in host.inner_text("[data-testid=deal-sealed]")  # the same seal on both screens

    pages = [host, guest]
    turns = 0
    while True:
        who, phase = wait_any(pages)
        if phase == "over":
            break
        page = pages[who]
        held = moves(host)
        if phase == "draw":
            page.click("[data-testid=deck]")
        else:
            play_turn_by_clicks(page)
        # the turn is over when the host holds its moves (a draw, or a card and a draw): a reload before that races
        # the last move on its way (once in CI: 20 moves after the host's reload, 19 read before it)
        wait_for_moves(host, held + (1 if phase == "draw" else 2))
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
    # the host revealed the deal: the guest checked it against the commitment and everything it saw
    guest.wait_for_selector("[data-testid=deal-status][data-state=verified]", state="attached")
    assert "Deal verified" in guest.locator("[data-testid=deal-status]").text_content()
    state = engine_state(host)
    assert state.is_over()
    breakdown = state.view(None)["history"][0]["scores"]
    for seat in (0, 1):
        for page in pages:
            assert int(page.inner_text(f"[data-testid=sheet-r1-{seat}]")) == breakdown[seat]
            assert int(page.inner_text(f"[data-testid=final-{seat}]")) == state.scores()[seat]
    hw.assert_clean()
    gw.assert_clean()


def test_four_seat_board_game_with_bot_takeover(pair, site):
    """Lost Cities: The Board Game at its largest table: host, remote guest, a remote seat a bot takes
    over (and hands back), and a bot; the guest's moves go over the link."""
    host, guest, hw, gw = pair
    host.goto(site)
    host.wait_for_selector("[data-testid=new-lost-cities-board]", timeout=90_000)
    host.click("[data-testid=new-lost-cities-board]")
    choose(host, "[data-testid=player-count]", "4")
    host.wait_for_selector("[data-testid=seat-3]")
    for seat, label in ((1, "Remote player (invite link)"), (2, "Remote player (invite link)"),
                        (3, "Bot — level 1 (easy)")):
        choose(host, f"[data-testid=seat-{seat}]", label)
    choose(host, "[data-opt=length]", "short")
    host.click("[data-testid=start]")
    assert invite_link(host, 2) != invite_link(host, 1)
    host.click("[data-testid=net-bot-2]")  # nobody came for seat 3: a bot plays it
    host.wait_for_selector("[data-testid=net-back-2]")
    connect(host, guest, 1, name="Cy")
    guest.wait_for_selector("svg[data-testid=lcb-board]")
    # the board game is not dealt by mental poker: the guest is told the host's device holds the hidden cards
    assert "holds every hidden card" in guest.inner_text("[data-testid=net-panel] [data-testid=trust]")
    assert [r.strip() for r in guest.locator("[data-testid=net-panel] li").all_inner_texts()][1].startswith("Cy (you)")
    guest_steps = 0
    while guest_steps < 4:  # the guest decides by clicks; the host clicks its own turns; bots think
        for page in (host, guest):
            if board_step(page, host):
                guest_steps += page is guest
        host.wait_for_timeout(50)
    state = engine_state(host)
    seat1 = [m for s, m in state.record.moves if s == 1]
    assert len(seat1) >= 4
    host.click("[data-testid=net-back-2]")  # the bot hands seat 3 back: a fresh link appears
    assert invite_link(host, 2).startswith(site + "#join=")
    hw.assert_clean()
    gw.assert_clean()


def test_invite_link_under_a_sub_path(pair):
    """The link is the site's own address, wherever the site lives."""
    from .conftest import serve

    host, guest, _, _ = pair
    server, url = serve("/games/explorers")
    try:
        host.goto(url)
        host.wait_for_selector("[data-testid=new-lost-cities]", timeout=90_000)
        host_game(host, {1: "Remote player (invite link)"})
        link = invite_link(host, 1)
        assert link.startswith(url + "#join=")
        guest.goto(link)
        assert answer_code(guest)
    finally:
        server.shutdown()
