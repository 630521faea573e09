"""Arnak's large view (issue 22): a research space, a guardian, a temple tile and an assistant stack are marked
data-zoom on the board (public/table.js selects them on hover or keyboard focus), selectable by a click or a tap
when they have no action now, and once selected they show large with their full effect in words and named
icons, marked on the board with the anchor the large view floats beside. Cards and sites keep the same way."""

from __future__ import annotations

import json
import re

from py_engine import get_game
from py_engine.core import Rng

from .test_web_hostile import renderer  # the page modules, imported against the fake `js`

arnak = renderer("arnak")


def position(players: int = 2, seed: int = 8, moves: int = 60):
    """After random moves until a guardian is on the board: (view, ui) of the seat to move."""
    game = get_game("arnak")
    state = game.new(players=players, seed=seed)
    rng = Rng(seed)
    n = 0
    while n < moves or not any(g >= 0 for g in state.guard):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
    seat = state.to_move()[0]
    legal = [list(game.encode(a)) for a in state.legal_actions(seat)]
    return json.loads(json.dumps(state.view(seat))), {"me": seat, "legal": legal, "names": ["You", "Anna"]}


def zoom_text(view, ui, selected) -> str:
    html = str(arnak.action_buttons(view, dict(ui, selected=selected)))
    found = re.search(r'<div class="zoom" data-testid="zoom".*?</div></div>', html)
    return found.group(0) if found else ""


def test_every_research_space_guardian_temple_tile_and_assistant_is_zoomable():
    view, ui = position()
    board = str(arnak.render(view, ui))
    spaces = {sp["space"] for sp in view["research"]}
    assert {int(k) for k in re.findall(r'data-zoom="r:(\d+)"', board)} == spaces
    guarded = {s["site"] for s in view["sites"] if s.get("guardian")}
    assert guarded and {int(k) for k in re.findall(r'data-zoom="g:(\d+)"', board)} == guarded
    assert {int(k) for k in re.findall(r'data-zoom="t:(\d+)"', board)} == set(range(6))
    stacks = {k for k, a in enumerate(view["assistants"][:4]) if a["top"]}
    assert {int(k) for k in re.findall(r'data-zoom="a:(\d+)"', board)} == stacks
    # without an action there, a click or a tap selects it (with an action, the click does the action)
    acted = {a[2] for a in ui["legal"] if a[0] == "research"}
    for sp in spaces - acted:
        assert f'data-cmd="select" data-arg="r:{sp}"' in board


def test_a_research_space_large_has_its_cost_rewards_and_words():
    view, ui = position()
    sp = next(s for s in view["research"] if s["row"] == 2 and s["cost"] != "idol")
    html = zoom_text(view, ui, f"r:{sp['space']}")
    assert "Row 2" in html and "Magnifying glass:" in html and "Notebook:" in html
    labels = re.findall(r'role="img" aria-label="([^"]*)"', html)
    assert "magnifying glass" in labels and "notebook" in labels
    for r, n in sp["cost"].items():
        if n:
            assert any(lab.startswith(f"{n} {r}") for lab in labels), (r, labels)


def test_a_guardian_large_has_its_cost_boon_and_words():
    view, ui = position()
    site = next(s for s in view["sites"] if s.get("guardian"))
    g = site["guardian"]
    html = zoom_text(view, ui, f"g:{site['site']}")
    assert f"Guardian {g['id'] + 1}" in html and "Unless overcome, it gives Fear" in html
    labels = re.findall(r'role="img" aria-label="([^"]*)"', html)
    assert "5 VP" in labels
    for r, n in g["cost"].items():
        if n:
            assert any(lab.startswith(f"{n} {r}") for lab in labels), (r, labels)
    board = str(arnak.render(view, dict(ui, selected=f"g:{site['site']}")))
    assert f'data-zoom="g:{site["site"]}" data-zoomed="1"' in board and 'data-actions-anchor="1"' in board
    assert 'data-selected="g:' in board


def test_a_temple_tile_and_an_assistant_large():
    view, ui = position()
    html = zoom_text(view, ui, "t:5")
    assert "Temple tile (gold): 11 VP" in html and 'aria-label="11 VP"' in html
    k = next(k for k, a in enumerate(view["assistants"][:4]) if a["top"])
    top = view["assistants"][k]["top"]
    html = zoom_text(view, ui, f"a:{k}")
    assert f"Assistant #{top} (silver" in html and f"Assistant #{top} (gold" in html
    board = str(arnak.render(view, dict(ui, selected=f"a:{k}")))
    assert f'data-zoom="a:{k}" data-zoomed="1"' in board and 'data-actions-anchor="1"' in board


def test_foreign_selections_show_nothing_and_cards_and_sites_still_zoom():
    view, ui = position()
    for bad in ("r:999", "g:0", "t:9", "a:7", "x:1", "r:", "<b>", None, 3):
        assert zoom_text(view, ui, bad) == ""
    assert "Camp 1" in zoom_text(view, ui, "s:0")
    hand = view["player_info"][ui["me"]].get("hand") or []
    if hand:
        assert zoom_text(view, ui, f"c:{hand[0]['id']}")
