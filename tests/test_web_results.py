"""Issue 21, results that tell the truth (CPython): the result dialog comes from the engine's result alone —
an Arnak solo game lost to the rival names the rival as the winner with its score in the rank table — and
every sentence about the winner is right for "You" and for a name, in English, Japanese and Persian."""

from __future__ import annotations

import importlib

import pytest

from py_engine import get_game
from py_engine.core import Rng

from .test_web_hostile import renderer, shell  # the page modules, imported against the fake `js`

i18n = importlib.import_module("i18n")
words = importlib.import_module("render.words")
_, tr = i18n._, i18n.tr
result_head, result_rows, you_at = words.result_head, words.result_rows, words.you_at

TWO = {"winners": [1], "ranks": [2, 1], "scores": [80, 95]}


def solo_game(seed: int = 1):
    """Arnak solo against the rival, random moves to the end: seed 1 scores 13 against the rival's 49."""
    state = get_game("arnak").new(players=1, seed=seed, options={"rival": 1})
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_solo_lost_to_the_rival_says_the_rival_wins():
    state = solo_game()
    res = state.result()
    assert (res["scores"], res["rival"], res["beat_rival"], res["winners"]) == ([13], 49, False, [0])
    view = state.view(0)
    html = str(shell.over_dialog(renderer("arnak"), view, ["You"]))
    assert '<h2 data-testid="result-head">The rival wins!</h2>' in html
    assert "You win" not in html and "You wins" not in html
    # the rank table: the rival first with its 49, the player second with 13
    assert result_rows(res, ["You"]) == [(1, None, "The rival", 49), (2, 0, "You", 13)]
    assert '<td data-testid="final-rival">49</td>' in html and '<td data-testid="final-0">13</td>' in html
    assert html.index("final-rival") < html.index("final-0")
    # the score sheet agrees, and its round totals have a Rival column
    assert "The rival wins (you need strictly more points)." in html
    rounds = [h["rival"]["total"] for h in view["history"]]
    assert len(rounds) == 5
    for h in view["history"]:
        assert f'<td data-testid="round-{h["round"]}-rival">{h["rival"]["total"]}</td>' in html


def test_solo_won_and_tied():
    won = {"winners": [0], "ranks": [1], "scores": [61], "rival": 50, "beat_rival": True}
    assert result_head(won, ["You"]) == "You win!"
    assert result_rows(won, ["You"]) == [(1, 0, "You", 61), (2, None, "The rival", 50)]
    tie = dict(won, scores=[50], beat_rival=False)  # a tie goes to the rival (strictly more points to win)
    assert result_head(tie, ["Mina"]) == "The rival wins!"
    assert result_rows(tie, ["Mina"])[0] == (1, None, "The rival", 50)


def test_two_players_you_and_a_name_in_english():
    assert result_head(TWO, ["You", "Anna"]) == "Anna wins!"
    assert result_head(dict(TWO, winners=[0], ranks=[1, 2]), ["You", "Anna"]) == "You win!"
    assert result_head(dict(TWO, winners=[0, 1], ranks=[1, 1]), ["You", "Anna"]) == "Shared win: You, Anna"
    assert result_head(dict(TWO, winners=[0], ranks=[1, 2]), ["Mina", "Anna"], me=0) == "You win!"
    html = str(shell.match_result_html({"result": dict(TWO, winners=[0], ranks=[1, 2])}, ["You", "Anna"]))
    assert ">You win!<" in html and "You wins" not in html
    assert not you_at(5, ["You"]) and not you_at(None, ["You"]) and you_at(0, ["you"])


@pytest.mark.parametrize("lang", ["ja", "fa"])
def test_you_and_a_name_in_japanese_and_persian(catalogues, lang):
    i18n.set_language(lang)
    try:
        you = _("You")
        mine = result_head(dict(TWO, winners=[0], ranks=[1, 2]), [you, "Anna"])
        theirs = result_head(TWO, [you, "Anna"])
        assert mine == _("You win!") != "You win!"  # its own sentence, translated
        assert theirs == tr("{name} wins!", name="Anna") and "Anna" in theirs and "wins" not in theirs
        if lang == "fa":  # Persian conjugates: never "شما برنده شد" ("You wins")
            assert mine != tr("{name} wins!", name=you)
        rival = result_head({"winners": [0], "ranks": [1], "scores": [34], "rival": 50, "beat_rival": False}, [you])
        assert rival == _("The rival wins!") != "The rival wins!"
        over = renderer("catan-ck").status_text({"over": True, "winner": 0}, {"me": 0, "names": [you, "Anna"]})
        assert over == _("The game is over: you win.") != "The game is over: you win."
    finally:
        i18n.set_language("en")


def test_catan_game_over_line_for_you_and_for_a_name():
    status = renderer("catan-ck").status_text
    assert status({"over": True, "winner": 0}, {"me": 0, "names": ["You", "Anna"]}) == "The game is over: you win."
    assert status({"over": True, "winner": 1}, {"me": 0, "names": ["You", "Anna"]}) == \
        "The game is over: Anna wins."


def test_log_lines_that_name_a_starter_or_a_defender():
    lcb = renderer("lost-cities-board").log_text
    entry = {"seat": None, "key": "expedition", "params": {"n": 1, "starter": 0}}
    assert lcb(entry, ["You", "Anna"]) == "Expedition 1 begins; you start"
    assert lcb(dict(entry, params={"n": 2, "starter": 1}), ["You", "Anna"]) == "Expedition 2 begins; Anna starts"
    ck = renderer("catan-ck").log_text
    won = {"seat": None, "key": "attack_won", "params": {"defence": 5, "strength": 4, "defender": 0}}
    assert "you are the Defender of Catan" in ck(won, ["You", "Anna"])
    assert "Anna is the Defender of Catan" in ck(dict(won, params=dict(won["params"], defender=1)), ["You", "Anna"])
