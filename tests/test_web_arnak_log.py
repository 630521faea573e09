"""Arnak's log panel with the board's icons (issue 22): costs, rewards and resources in a log line are the small
SVG icons of web/render/arnak/icons.py, each icon that carries meaning named for screen readers (role=img,
aria-label, <title>), names and words escaped; the plain sentence (log_text) stays for announcements."""

from __future__ import annotations

import json
import re

from py_engine import get_game
from py_engine.core import Rng

from .test_web_hostile import renderer, shell  # the page modules, imported against the fake `js`

arnak = renderer("arnak")
NAMES = ["You", "<b>Anna</b>"]


def named_icons(html: str) -> list[str]:
    """The aria-labels of the meaningful icons; each must carry the same words in its <title>."""
    out = []
    for svg in re.findall(r"<svg[^>]*>.*?</svg>", html):
        if 'role="img"' in svg:
            label = re.search(r'aria-label="([^"]*)"', svg).group(1)
            assert f"<title>{label}</title>" in svg
            out.append(label)
        else:
            assert 'aria-hidden="true"' in svg
    return out


def test_gains_are_icons_named_with_their_amounts():
    html = str(arnak.log_html({"seat": 0, "key": "gain", "params": {"res": [2, 0, 1, 0, 0]}}, NAMES))
    assert html.startswith("You gain ")
    assert named_icons(html) == ["2 coins", "1 tablet"]
    assert "2 coins" not in re.sub(r"<svg.*?</svg>", "", html)  # the words became icons
    assert arnak.log_text({"seat": 0, "key": "gain", "params": {"res": [2, 0, 1, 0, 0]}}, NAMES) == \
        "You gain 2 coins + 1 tablet"


def test_travel_site_tile_and_draw_lines_show_icons():
    html = str(arnak.log_html({"seat": 1, "key": "travel_pay", "params": {"icons": ["car", "boot"]}}, NAMES))
    assert "&lt;b&gt;Anna&lt;/b&gt; pays travel (" in html and "<b>Anna" not in html
    assert named_icons(html) == ["car", "boot"]
    html = str(arnak.log_html({"seat": 0, "key": "site_tile", "params": {"site": 6, "tile": 2}}, NAMES))
    assert html.startswith("You reveal site tile 2 at Level I site 2: ")
    from py_engine.games.arnak import data as D
    gained = [f"{v} {name}" for name, v in zip(("coin", "compass", "tablet", "arrowhead", "jewel"),
                                                  D.SITE_TILES[1][1][0][1]) if v]
    assert [label.rstrip("s") for label in named_icons(html)] == gained
    html = str(arnak.log_html({"seat": 0, "key": "draw", "params": {"n": 2}}, NAMES))
    assert 'href' not in html and html.count("<svg") == 1 and html.endswith("You draw 2 cards")


def test_a_hostile_payload_in_the_params_stays_text():
    bad = "<img src=x onerror=alert(1)>"
    for key in ("gain", "travel_pay", "site_tile", "buy", "rival", "research", "dig"):
        html = str(arnak.log_html({"seat": 0, "key": key, "params": {"res": bad, "icons": [bad], "site": bad,
                                                                       "tile": bad, "card": bad, "token": bad,
                                                                       "did": bad}}, [bad]))
        assert "<img" not in html


def test_every_line_of_a_game_has_the_words_of_its_sentence_or_icons():
    """A real 2-player game: each log line in the panel holds icons only as named or decorative SVG, and lines
    about resources (gains) show at least one named icon."""
    game = get_game("arnak")
    state = game.new(players=2, seed=6)
    rng = Rng(2)
    for _ in range(300):
        if not state.to_move():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = json.loads(json.dumps(state.view(0)))
    panel = str(shell.log_html(arnak, view, ["You", "Anna"]))
    lines = re.findall(r"<li dir=\"auto\">(.*?)</li>", panel)
    assert len(lines) == len(view["log"])
    for entry, line in zip(view["log"], lines):
        icons = named_icons(line)
        if entry["key"] == "gain" and any(entry["params"]["res"]):
            assert icons, line
    assert "<svg" in panel
