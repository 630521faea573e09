"""Nothing lost, nothing peeked (issue 14), in the browser: several saved games on the home page (never
overwritten, deleted only when confirmed); while a game is unfinished its replay shows only the seat at the
device — nothing of a covered hot-seat hand, never a bot's hand — Continue of a hot-seat game starts covered,
and an unfinished game is not embedded; a hostile name stays text."""

from __future__ import annotations

from .helpers import choose, new_game, play_turn_by_clicks, wait_for_me_or_modal

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
    choose(page, "[data-testid=seat-1]", "Another person on this device")
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
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 1})
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


def test_home_page_games_first_and_saved_games_in_their_own_terms(app):
    """A game with no move is not kept; games come first, then the three newest saved games (the rest under
    "All saved games"), each placed in its own terms and dated by the browser's Intl."""
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 2})
    assert wait_for_me_or_modal(page) == "play"
    page.click("[data-testid=home]")
    page.wait_for_selector("[data-testid=records]")
    assert page.locator("[data-testid^=save-]").count() == 0  # nobody moved: not kept

    page.go_back()  # Back to that table: still there
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    play_turn_by_clicks(page)
    assert wait_for_me_or_modal(page) == "play"
    page.click("[data-testid=home]")
    page.wait_for_selector("[data-testid=save-0]")
    assert page.inner_text("[data-testid=progress-0]") == "Round 1 of 2"
    stored = page.evaluate("JSON.parse(localStorage.getItem('explorers.saves'))[0].time")
    intl = page.evaluate("t => new Intl.DateTimeFormat('en', {dateStyle: 'medium', timeStyle: 'short'})"
                         ".format(new Date(t))", stored)
    assert page.inner_text("[data-testid=when-0]") == intl

    # Four more saved games (copies of that one, older): three lines shown, the rest behind "All saved games".
    page.evaluate("""() => {
      const index = JSON.parse(localStorage.getItem('explorers.saves'));
      const first = index[0];
      for (let k = 1; k <= 4; k++) {
        const id = first.id.slice(0, -1) + 'abcd'[k - 1];
        localStorage.setItem('explorers.save.' + id, localStorage.getItem('explorers.save.' + first.id));
        index.push(Object.assign({}, first, {id: id, time: first.time - k * 60000}));
      }
      localStorage.setItem('explorers.saves', JSON.stringify(index));
    }""")
    page.reload()
    page.wait_for_selector("[data-testid=all-saves]")
    assert page.locator("[data-testid=saves] > li").count() == 3
    assert not page.locator("[data-testid=save-3]").is_visible()
    heading = page.locator("main.home h1").bounding_box()
    saves_top = page.locator("[data-testid=records]").bounding_box()
    assert heading["y"] < saves_top["y"] and heading["y"] < 300  # "Choose a game" first, near the top
    page.click("[data-testid=all-saves] summary")
    page.wait_for_selector("[data-testid=save-4]")
    assert page.locator("[data-testid^=save-]").count() == 5
    page.click("[data-testid=continue-4]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    watch.assert_clean()
