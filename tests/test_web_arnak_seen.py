"""Issue 35, "What was seen" in Arnak, checked on the rendered board: Army Knife's text is two choices, not a run
of "or"s; on the research track what you pay to enter a space (a reddish chip with "−") is told apart from the
bonus tiles lying there ("+", each on a tile) without hovering; in Persian a card's amounts ("+۱") use the same
digits as the rest of the board."""

from __future__ import annotations

import html as htmllib
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

pytest.importorskip("babel")

import i18n  # noqa: E402
from render import arnak  # noqa: E402
from render.arnak import flow as F  # noqa: E402
from render.arnak import texts as T  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.games.arnak import data as D  # noqa: E402
from py_engine.games.arnak.view import card_json  # noqa: E402

ARMY_KNIFE = next(c for c, info in D.CARDS.items() if info[0] == "Army Knife")


def test_army_knife_reads_as_two_choices():
    words = T.card_text(card_json(ARMY_KNIFE))
    assert words.count(" or ") == 1 and words.count("; or ") == 1, words
    assert "you may exile a card, then gain one of: 1 coin / 1 compass / 1 tablet; or gain one of: " \
           "1 coin + 1 compass / 1 coin + 1 tablet / 1 compass + 1 tablet" in words
    tokens = F.ops_tokens(D.CARDS[ARMY_KNIFE][7])
    assert tokens.count("or") == 1 and tokens.count("/") == 4 and "→" in tokens
    # two plain gains still read "gain 1 arrowhead or gain 1 jewel" (assistant 4, gold side)
    assert T.op_text(D.ASSISTANTS[3][1][1]) == "choose: gain 1 arrowhead or gain 1 jewel"


def test_research_costs_and_bonus_tiles_look_different():
    view = get_game("arnak").new(players=2, seed=4, options={}).view(0)
    board = str(arnak.render(view, {"me": 0, "legal": []}))
    for sp in view["research"]:
        m = re.search(rf'<g [^>]*data-space="{sp["space"]}"(.*?)(?=<g [^>]*data-space=|Start:)', board, re.S)
        body = m.group(1)
        n_cost = 1 if sp["cost"] == "idol" else sum(sp["cost"].values())
        if n_cost:
            chip = re.search(r'<g data-cost="(\d+)"><rect [^>]*class="pay"[^>]*/><text [^>]*>−</text>', body)
            assert chip and int(chip.group(1)) == n_cost, sp
        if sp["bonus"]:
            tiles = re.search(r'<g data-bonus="(\d+)">((?:<rect [^>]*class="tile"[^>]*/>)+)<text [^>]*>\+'
                              r'</text>', body)
            assert tiles and int(tiles.group(1)) == len(sp["bonus"]) == tiles.group(2).count("<rect"), sp
        else:
            assert "data-bonus" not in body


def test_persian_board_writes_every_number_in_persian_digits(catalogues):
    state = get_game("arnak").new(players=2, seed=4, options={})
    view = json.loads(json.dumps(state.view(0)))
    ui = {"me": 0, "names": ["شما", "آنا"], "legal": [list(a) for a in state.legal_actions(0)]}
    try:
        i18n.set_language("fa")
        board = str(arnak.render(view, ui))
        knife = str(arnak.card_box(card_json(ARMY_KNIFE), 0, 0))
    finally:
        i18n.set_language("en")
    for drawn in (board, knife):
        texts = [htmllib.unescape(t) for t in re.findall(r"<text [^>]*>([^<]+)</text>", drawn)]
        assert texts and not [t for t in texts if re.search(r"[0-9]", t)]
    assert "+۱" in knife


def test_both_fear_cards_light_up_to_pay_travel():
    """"Of two identical Fear cards, only one lights up": paying travel, each copy is a lit target."""
    state = get_game("arnak").new(players=2, seed=4, options={})
    state.apply(0, ("dig", 3))  # a camp: one boot to pay; Fear's boot pays it
    ui = {"me": 0, "names": ["You", "Bot 1"], "dock": True, "legal": [list(a) for a in state.legal_actions(0)]}
    board = str(arnak.render(json.loads(json.dumps(state.view(0))), ui))
    for copy in (0, 1):
        at = board.index(f'data-testid="hand-300-{copy}"')
        end = board.find("data-card=", at)
        g = board[board.rindex("<g ", 0, at):end if end > 0 else None]  # this card's group
        assert "&quot;tcard&quot;,300]" in g, g[:300]
        assert 'class="lit"' in g


def test_a_card_name_wraps_between_words_never_inside_one():
    """The phone's narrow card drew "Grapplin / g Hook": a name's words stay whole, a long one is narrowed."""
    hook = next(c for c, info in D.CARDS.items() if info[0] == "Grappling Hook")
    box = str(arnak.card_box(card_json(hook), 0, 0, 114, 140))
    names = re.findall(r'<text [^>]*class="b" data-fit="([\d.]+)">([^<]+)</text>', box)
    assert [t for _w, t in names][:2] == ["Grappling", "Hook"] and float(names[0][0]) == 114 - 8 - 40
