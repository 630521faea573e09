"""The replay's move list words every move in the interface language (issue 12): games whose engine
describes an action as {"key": "action", ...} are worded by their renderer's `move_text`, as the action's
button says it; never raw JSON or the engine's tuple."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

pytest.importorskip("babel")

import i18n  # noqa: E402
from replay import Replay  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.core import Rng  # noqa: E402

GAMES = {"arnak": (2, {}), "catan-ck": (3, {}), "islands": (2, {"modules": "1+2+3"})}
RAW = re.compile(r"[\[\]{}_]|\b(?:fly|leave|from_cloud|roll_done|tcard|settlement|move_knight) \w")



def played(gid: str, moves: int = 160):
    players, options = GAMES[gid]
    state = get_game(gid).new(players=players, seed=5, options=options)
    rng = Rng(9)
    while not state.is_over() and len(state.record.moves) < moves:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_every_move_is_worded_in_each_language(gid, catalogues):
    state = played(gid)
    assert get_game(gid).describe(get_game(gid).decode(state.record.moves[0][1]))["key"] == "action"
    names = ["Ann", "Ben", "Cy"][:state.record.players]
    rp = Replay(state.record, names, at=len(state.record.moves))
    lines = {}
    for lang in ("en", "ja", "fa"):
        i18n.set_language(lang)
        lines[lang] = [rp.move_label(i) for i in range(rp.total)]
        for line in lines[lang]:
            assert not RAW.search(line), (lang, line)
    i18n.set_language("en")
    assert lines["en"][0].startswith("1. Ann: ")
    differ = sum(a != b for a, b in zip(lines["en"], lines["ja"]))
    assert differ == len(lines["en"])  # every move reads in Japanese, not in English
    assert all("Ann" in line or "Ben" in line or "Cy" in line for line in lines["fa"])


def test_islands_moves_read_as_their_buttons(catalogues):
    from render import islands

    i18n.set_language("en")
    assert islands.move_text(("fly", "NE", 3)) == "Fly 3 steps north-east"
    assert islands.move_text(("fly", "E", 1)) == "Fly 1 step east"
    assert islands.move_text(("leave", "W", 4)) == "Leave the harbour flying west to space 4"
    assert islands.move_text(("take", "bag")) == "Draw from the bag"
    assert islands.move_text(("place", 999, 3)) == "Place ? on space 3"  # an unknown tile id stays inert
    i18n.set_language("ja")
    assert islands.move_text(("fly", "E", 2)) == "東へ2マス飛ぶ"
    i18n.set_language("en")


def test_replay_board_drops_whole_input_attributes_only():
    """A replay board takes no input: every input attribute goes, whole; `data-act` does not eat the start of
    `data-actions-anchor` (which stays, with its value)."""
    from replay import _INPUT_ATTRS

    markup = ('<g data-actions-anchor="1" data-act="[&quot;x&quot;]" data-acts="[]" data-then="[]" '
              'tabindex="0" role="button" data-cmd="go" data-arg="1" data-draggable>')
    assert _INPUT_ATTRS.sub("", markup) == '<g data-actions-anchor="1">'


def test_a_renderer_with_move_html_draws_the_move_list_with_it(catalogues):
    """Catan's renderer has `move_html`: the replay's list shows its markup (a progress card after its deck's
    icon, a knight as the board draws it), the same words as `move_label`; moves not yet made stay
    "n. name" only; a game without the hook keeps the plain words."""
    from render.markup import Safe, text

    i18n.set_language("en")
    state = get_game("catan-ck").new(players=3, seed=5)
    record = state.record.copy()
    record.moves = [[0, ["play", "alchemist"]], [1, ["knight", 3]]]
    rp = Replay(record, ["Ann", "<b>Ben</b>", "Cy"], at=2)
    first, second = str(rp.move_item(0)), str(rp.move_item(1))
    assert isinstance(rp.move_item(0), Safe)
    assert first.startswith("1. Ann: <svg") and 'data-icon="deck-science"' in first and first.endswith(
        " Play Alchemist")
    assert "&lt;b&gt;Ben&lt;/b&gt;" in second and 'data-knight="1" data-active="0"' in second
    assert re.sub(r"<svg\b.*?</svg> ", "", first) == rp.move_label(0) == "1. Ann: Play Alchemist"
    rp.k = 1
    assert str(rp.move_item(1)) == "2. &lt;b&gt;Ben&lt;/b&gt;" and "<svg" not in str(rp.moves_html()).split(
        "rp-move-2")[1]
    islands = Replay(played("islands", 6).record, ["Ann", "Ben"], at=6)
    assert str(islands.move_item(0)) == str(text(islands.move_label(0)))
