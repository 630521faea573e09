"""Records in the browser: undo, export (file and link) of an unfinished game without its deal, import
errors, Continue, the replay viewer of a finished game."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from py_engine import get_game
from py_engine.core import Record, Rng
from py_engine.core.record import SealedRecord

from .conftest import BOOT_TIMEOUT
from .helpers import choose, engine_state, new_game, wait_for_me_or_modal

MOVES = "() => JSON.parse(window.explorersRecord()).moves.length"


def import_file(page, name: str, data: bytes) -> None:
    page.set_input_files("[data-testid=import-file]", files=[{"name": name, "mimeType": "application/json",
                                                               "buffer": data}])


def finished_game() -> dict:
    """A finished one-round game as an exported file holds it (full record, names, seats)."""
    state = get_game("lost-cities").new(players=2, seed=5, options={"rounds": 1})
    rng = Rng(5)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seats = [{"kind": "human"}, {"kind": "bot", "level": 1}]
    return dict(state.record.to_json(), names=["You", "Player 2"], seats=seats)


def expect_error(page, text: str) -> None:
    page.wait_for_selector("[data-testid=error]")
    assert text in page.inner_text("[data-testid=error]")
    assert page.locator("[data-testid=new-lost-cities]").count() == 1  # still on the home page


def test_undo_export_import_continue_replay(app, tmp_path):
    page, watch = app
    new_game(page, {0: "You", 1: "Bot — level 1 (easy)"}, {"rounds": 1})
    assert wait_for_me_or_modal(page) == "play"
    hand = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    # Undo: a discard may be taken back before drawing; a deck draw may not.
    page.locator("[data-testid=hand-card]").first.click()
    page.click("[data-testid=discard-btn]")
    page.click("[data-testid=undo]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    assert page.evaluate(MOVES) == 0
    assert page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    page.locator("[data-testid=hand-card]").first.click()
    page.click("[data-testid=discard-btn]")
    page.click("[data-testid=deck]")
    assert page.locator("[data-testid=undo]").count() == 0
    assert wait_for_me_or_modal(page) == "play"  # the bot has moved
    moves = page.evaluate(MOVES)
    assert moves == 4 and page.locator("[data-testid=undo]").count() == 0

    # Export as a file (a Blob download) and as a link.
    page.click("[data-testid=share]")
    with page.expect_download() as dl:
        page.click("[data-testid=download]")
    saved = tmp_path / "game.json"
    dl.value.save_as(saved)
    data = json.loads(saved.read_text())
    live = engine_state(page).record
    # The game is not over: the file holds the moves and the commitment to the deal, not the deal.
    assert "seed" not in data and "salt" not in data and data["deal"] == live.commitment()
    assert data["moves"] == live.moves and str(live.seed) not in saved.read_text()
    with pytest.raises(SealedRecord):
        Record.from_json(data)
    assert data["names"] == ["You", "Player 2"] and data["seats"][1] == {"kind": "bot", "level": 1}
    link = page.input_value("[data-testid=share-link]")
    assert "#record=" in link
    page.click("[data-testid=close-share]")

    # A reload comes back to the table (the address names it); Continue on the home page finds it as well.
    page.reload()
    page.wait_for_selector("[data-testid=hand-card][data-cmd]", timeout=BOOT_TIMEOUT)
    assert page.evaluate(MOVES) == moves
    page.click("[data-testid=home]")
    page.click("[data-testid=continue]")
    page.wait_for_selector("[data-testid=hand-card][data-cmd]")
    assert page.evaluate(MOVES) == moves
    page.click("[data-testid=home]")

    # Corrupt and foreign files and links: a clear error, nothing changes.
    import_file(page, "broken.json", b"{not json")
    expect_error(page, "not JSON")
    import_file(page, "other.json", b'{"format": "something-else"}')
    expect_error(page, "not an Explorers' Table game record")
    done = finished_game()
    moves = len(done["moves"])
    bad = dict(done, moves=[[0, ["play", 999]]] + done["moves"][1:])
    import_file(page, "bad.json", json.dumps(bad).encode())
    expect_error(page, "move 1 cannot be replayed")
    page.fill("[data-testid=import-link]", link.split("#")[0] + "#record=AAAA" + link[-30:])
    page.click("[data-testid=import-link-open]")
    expect_error(page, "link")
    deep = base64.urlsafe_b64encode(zlib.compress(("[" * 50000 + "]" * 50000).encode(), 9)).decode().rstrip("=")
    page.fill("[data-testid=import-link]", link.split("#")[0] + "#record=" + deep)  # issue 14: killed Pyodide
    page.click("[data-testid=import-link-open]")
    expect_error(page, "nested too deeply")
    # The unfinished game's file and link open to a clear message, not a replay.
    import_file(page, "game.json", saved.read_bytes())
    expect_error(page, "unfinished game shared without its deal")
    page.fill("[data-testid=import-link]", link)
    page.click("[data-testid=import-link-open]")
    expect_error(page, "once the game is over")

    # Import a finished game's file: the replay viewer, spectator by default (no hand shown).
    import_file(page, "finished.json", json.dumps(done).encode())
    page.wait_for_selector("[data-testid=replay-board]")
    assert page.inner_text("[data-testid=rp-pos]") == f"Move 0 of {moves}"
    assert page.locator("[data-testid=hand-card]").count() == 0
    page.click("[data-testid=rp-last]")
    assert page.inner_text("[data-testid=rp-pos]") == f"Move {moves} of {moves}"
    page.click("[data-testid=rp-move-1]")
    assert page.inner_text("[data-testid=rp-pos]") == f"Move 1 of {moves}"
    choose(page, "[data-testid=rp-seat]", "Your view")
    assert page.locator("[data-testid=hand-card]").count() == 7  # seat 1 after its discard
    assert page.locator("#board [data-act]").count() == 0  # read-only
    page.click("[data-testid=rp-back]")
    assert page.locator("[data-testid=hand-card]").count() == 8

    # A link opens the same replay; "Play on from here" continues the game at that move.
    page.click("[data-testid=home]")
    code = base64.urlsafe_b64encode(zlib.compress(json.dumps(done).encode(), 9)).decode().rstrip("=")
    page.goto(link.split("#")[0] + "#record=" + code)
    page.wait_for_selector("[data-testid=replay-board]")
    page.click("[data-testid=rp-next]")
    page.click("[data-testid=rp-next]")
    page.click("[data-testid=play-from-here]")
    page.wait_for_selector("[data-testid=open-sheet]")
    assert wait_for_me_or_modal(page) == "play"  # the bot, to move at move 2, has played its turn
    moved = json.loads(page.evaluate("window.explorersRecord()"))["moves"]
    assert moved[:2] == done["moves"][:2] and len(moved) == 4
    watch.assert_clean()
