"""Reload, Back and Forward (issue 21): the address names the screen (#new=, #play=, #replay=), a reload comes
back to the same table (a hot-seat game under its cover), Back and Forward move between home, setup, table
and replay, and a crafted address leads home with a short message and no error."""

from __future__ import annotations

import json

import pytest

from .conftest import BOOT_TIMEOUT
from .helpers import choose, moves_made, new_game, play_turn_by_clicks, wait_for_me_or_modal
from .test_saves import pass_device


def fragment(page) -> str:
    return page.evaluate("location.hash")


def reload(page, selector: str) -> None:
    page.reload()
    page.wait_for_selector(selector, timeout=BOOT_TIMEOUT)


def test_reload_back_and_forward_in_a_hot_seat_game(app):
    page, watch = app
    assert fragment(page) == ""
    page.click("[data-testid=new-lost-cities]")
    page.wait_for_function("location.hash === '#new=lost-cities'")
    reload(page, "[data-testid=start]")  # the setup form again
    choose(page, "[data-testid=seat-1]", "Another person on this device")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    play_turn_by_clicks(page)
    pass_device(page)
    page.wait_for_function("location.hash.startsWith('#play=')")
    at_table = fragment(page)
    made = moves_made(page)

    # Reload: the same table, under the cover (never an uncovered hand).
    reload(page, "[data-testid=cover]")
    assert fragment(page) == at_table and moves_made(page) == made
    assert page.locator("[data-testid=hand-card]").count() == 0
    page.click("[data-testid=uncover]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")

    # Home, then Back to the table (covered again), Back to the setup form, Forward to the table.
    page.click("[data-testid=home]")
    page.wait_for_function("location.hash === ''")
    page.go_back()
    page.wait_for_selector("[data-testid=cover]")
    assert fragment(page) == at_table and page.locator("[data-testid=hand-card]").count() == 0
    page.go_back()
    page.wait_for_selector("[data-testid=start]")
    assert fragment(page) == "#new=lost-cities"
    page.go_forward()
    page.wait_for_selector("[data-testid=cover]")
    assert moves_made(page) == made

    # Its replay has its own address; a reload keeps it; Back returns home.
    page.click("[data-testid=home]")
    page.wait_for_selector("[data-testid=saves]")
    page.click("[data-testid=watch-last]")
    page.wait_for_selector("[data-testid=replay-board]")
    assert fragment(page) == at_table.replace("#play=", "#replay=")
    reload(page, "[data-testid=replay-board]")
    page.go_back()
    page.wait_for_selector("[data-testid=saves]")
    assert fragment(page) == ""
    watch.assert_clean()


def test_reload_of_a_game_against_a_bot_returns_to_the_hand(app):
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 1})
    assert wait_for_me_or_modal(page) == "play"
    play_turn_by_clicks(page)
    assert wait_for_me_or_modal(page) == "play"
    hand = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    record = page.evaluate("window.explorersRecord()")
    reload(page, "[data-testid=hand-card][data-cmd]")
    assert page.evaluate("window.explorersRecord()") == record
    again = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(again) == sorted(hand) and json.loads(record)["moves"]
    watch.assert_clean()


@pytest.mark.parametrize("bad", ["#play=ffffffffffff", "#replay=0123", "#play=%3Cimg%20src=x%3E", "#new=chess",
                                 "#new=" + "x" * 20_000, "#play"])
def test_a_crafted_address_leads_home_with_a_message(app, site, bad):
    page, watch = app
    page.goto(site + bad)  # typed into the address bar of the open page
    page.wait_for_selector("[data-testid=error]")
    assert len(page.inner_text("[data-testid=error]")) < 80 and fragment(page) == ""
    page.goto("about:blank")
    page.goto(site + bad)  # opened afresh
    page.wait_for_selector("[data-testid=error]", timeout=BOOT_TIMEOUT)
    assert page.locator("[data-testid=new-lost-cities]").count() == 1
    assert len(page.inner_text("[data-testid=error]")) < 80
    assert fragment(page) == "" and page.locator("img[src=x]").count() == 0
    watch.assert_clean()
