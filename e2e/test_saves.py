"""Nothing lost, nothing peeked (issue 14), in the browser: several saved games on the home page (never
overwritten, deleted only when confirmed); while a game is unfinished its replay shows only the seat at the
device — nothing of a covered hot-seat hand, never a bot's hand — Continue of a hot-seat game starts covered,
and an unfinished game is not embedded; a hostile name stays text."""

from __future__ import annotations

from .helpers import new_game, play_turn_by_clicks, wait_for_me_or_modal

PAYLOAD = "<img src=x onerror=f()>"  # names are cut at 24 characters


def pass_device(page) -> None:
    """After a hot-seat turn: (the "Done — pass" step when the page has one, then) the cover is up."""
    page.wait_for_selector("[data-testid=cover],[data-testid=handoff]")
    if page.locator("[data-testid=handoff]").count():
        page.click("[data-testid=handoff]")
    page.wait_for_selector("[data-testid=cover]")


def replay_hands_everywhere(page) -> int:
    """The most hand cards the replay board shows at any step, from the start (where it opens) to the last."""
    assert page.inner_text("[data-testid=rp-pos]").split()[1] == "0"
    most = page.locator("#board [data-testid=hand-card]").count()
    total = int(page.inner_text("[data-testid=rp-pos]").split()[-1])
    for _ in range(total):
        page.click("[data-testid=rp-next]")
        most = max(most, page.locator("#board [data-testid=hand-card]").count())
    return most


def test_saved_games_and_nothing_peeked(app):
    page, watch = app
    # A hot-seat game; the second person's name is a hostile payload (shown as text).
    page.click("[data-testid=new-lost-cities]")
    page.select_option("[data-testid=seat-1]", "human")
    page.fill("[data-testid=name-1]", PAYLOAD)
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    play_turn_by_clicks(page)
    pass_device(page)
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert PAYLOAD in page.inner_text("[data-testid=cover]")
    assert page.locator("img[src=x]").count() == 0

    # Embed while unfinished: a message, no snippet.
    page.click("[data-testid=embed]")
    page.wait_for_selector("[data-testid=embed-later]")
    assert page.locator("[data-testid=embed-snippet]").count() == 0
    page.click("[data-testid=close-share]")

    # Home -> its replay: spectator only, at every step no hand at all.
    page.click("[data-testid=home]")
    page.wait_for_selector("[data-testid=saves]")
    assert page.locator("[data-testid^=save-]").count() == 1
    page.click("[data-testid=watch-last]")
    page.wait_for_selector("[data-testid=replay-board]")
    options = page.locator("[data-testid=rp-seat] option").evaluate_all("els => els.map(e => e.value)")
    assert options == ["spectator"]
    assert replay_hands_everywhere(page) == 0
    assert page.locator("[data-testid=play-from-here]").count() == 0

    # Continue: the cover is up again (nobody's hand until that person is at the device).
    page.click("[data-testid=home]")
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=cover]")
    assert page.locator("[data-testid=hand-card]").count() == 0

    # A second game, against a bot: the first one is still listed (nothing overwritten).
    page.click("[data-testid=home]")
    new_game(page, {0: "you", 1: "bot1"}, {"rounds": 1})
    assert wait_for_me_or_modal(page) == "play"
    play_turn_by_clicks(page)
    assert wait_for_me_or_modal(page) == "play"
    mine = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    page.click("[data-testid=home]")
    page.wait_for_selector("[data-testid=save-1]")
    assert page.locator("[data-testid^=save-]").count() == 2
    assert "bot" in page.inner_text("[data-testid=save-0]")

    # Its replay: my seat or the spectator, never the bot's hand.
    page.click("[data-testid=watch-last]")
    page.wait_for_selector("[data-testid=replay-board]")
    options = page.locator("[data-testid=rp-seat] option").evaluate_all("els => els.map(e => e.value)")
    assert options == ["spectator", "0"]
    page.click("[data-testid=rp-last]")
    shown = page.locator("#board [data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(mine)

    # Delete asks first; "Keep it" keeps it; "Yes" deletes only that game.
    page.click("[data-testid=home]")
    page.click("[data-testid=delete-1]")
    page.click("[data-testid=delete-no-1]")
    assert page.locator("[data-testid^=save-]").count() == 2
    page.click("[data-testid=delete-1]")
    page.click("[data-testid=delete-yes-1]")
    page.wait_for_function("document.querySelectorAll('[data-testid^=save-]').length === 1")
    assert "bot" in page.inner_text("[data-testid=save-0]")
    page.reload()
    page.wait_for_selector("[data-testid=save-0]")
    assert page.locator("[data-testid^=save-]").count() == 1
    watch.assert_clean()
