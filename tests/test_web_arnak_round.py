"""Arnak's round changes (issue 22): the round summary the shell shows when a round ends (who passed first, each
player's points and gains, the solo rival's moves, the next round's start player), the rival's own row on the
board with every move of the round, and the shell's summary dialog ("Next round" continues)."""

from __future__ import annotations

import importlib
import json
import re

from py_engine import get_game
from py_engine.core import Rng

from .test_web_hostile import renderer, shell  # the page modules, imported against the fake `js`

arnak_round = importlib.import_module("render.arnak.round_end")
arnak = renderer("arnak")


def after_round_one(players: int, seed: int):
    """A game played by random legal moves until its first round has ended: (state, view of seat 0)."""
    state = get_game("arnak").new(players=players, seed=seed, options={"rival": 2} if players == 1 else None)
    rng = Rng(seed + 1)
    while not state.history:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, json.loads(json.dumps(state.view(0)))


def round_one_log(state) -> list:
    end = next(i for i, e in enumerate(state.log) if e[1] == "round_end")
    return state.log[:end + 1]


def test_round_entries_and_rival_moves_of_a_log():
    log = [{"seat": None, "key": "round", "params": {"round": 1, "start": 0}},
           {"seat": None, "key": "rival", "params": {"tile": "dig-coin", "arrow": "L", "did": "dig", "site": 0}},
           {"seat": 0, "key": "pass", "params": {}},
           {"seat": None, "key": "round_end", "params": {"round": 1}},
           {"seat": None, "key": "round", "params": {"round": 2, "start": 0}},
           {"seat": None, "key": "rival", "params": {"tile": "research-red", "arrow": "R", "did": "research",
                                                      "space": 3}}]
    assert [e["key"] for e in arnak_round.round_entries(log, 1)] == ["round", "rival", "pass", "round_end"]
    assert [e["key"] for e in arnak_round.round_entries(log)] == ["round", "rival"]
    assert arnak_round.rival_moves(log, 1) == [log[1]["params"]]
    assert arnak_round.rival_moves(log) == [log[5]["params"]]
    assert arnak_round.move_icons(log[1]["params"]) == ["archaeologist", "coin"]
    assert arnak_round.move_icons(log[5]["params"]) == ["glass"]
    assert arnak_round.move_icons({"did": "buy", "card": 1}) in (["card", "coin"], ["card", "compass"])
    assert arnak_round.move_icons({"did": "nothing"}) == []


def test_no_summary_before_a_round_has_ended():
    view = get_game("arnak").new(players=2, seed=1).view(0)
    assert arnak.round_summary(view, ["You", "Anna"]) is None


def test_two_player_summary_says_who_passed_first_the_points_and_who_starts_next():
    state, view = after_round_one(2, 4)
    html = str(arnak.round_summary(view, ["You", "Anna"]))
    assert "<h2>Round 1 is over</h2>" in html
    first = next(e[0] for e in round_one_log(state) if e[1] == "pass")
    assert f"Passed first: {['You', 'Anna'][first]}" in html
    # issue 35: the points of round 1 count from the score the table showed before it (8: four empty idol
    # slots, two Fear cards), not from 0
    start = get_game("arnak").new(players=2, seed=4).view(0)["player_info"][0]["score"]["total"]
    assert start == 8
    for seat in range(2):
        total = state.history[0]["scores"][seat]["total"]
        item = re.search(rf'data-testid="round-seat-{seat}">(.*?)</li>', html).group(1)
        gained = total - start
        assert f"{'+' if gained >= 0 else ''}{gained} points this round (total {total})" in item
        bought = [e[2]["card"] for e in round_one_log(state) if e[0] == seat and e[1] in ("buy", "take")]
        from py_engine.games.arnak import data as D
        for cid in bought:
            assert D.CARDS[cid][0] in item
        digs = sum(1 for e in round_one_log(state) if e[0] == seat and e[1] == "dig")
        if digs:
            assert (f"{digs} dig" if digs == 1 else f"{digs} digs") in item
    nxt = state.start if state.round == 2 else (state.start + 1) % 2
    assert f"Next: round 2 of 5. Start player: {['You', 'Anna'][nxt]}." in html
    assert "svg" in html and 'aria-label="' in html  # gains as icons, each named


def test_solo_summary_lists_every_rival_move_of_the_round():
    state, view = after_round_one(1, 8)
    html = str(arnak.round_summary(view, ["You"]))
    moves = [e[2] for e in round_one_log(state) if e[1] == "rival"]
    assert len(moves) == 10  # ten tiles a round
    listed = re.search(r'data-testid="round-rival-moves">(.*?)</ol>', html).group(1)
    assert listed.count("<li>") == 10
    text = re.sub(r"<[^>]*>", "", listed)
    words = importlib.import_module("render.arnak.texts")
    pos = 0
    for d in moves:  # in order
        pos = text.index(words.rival_text(d), pos)
    rival_total = state.history[0]["rival"]["total"]
    assert f"+{rival_total} points this round (total {rival_total})" in html
    assert "Passed first" not in html  # nobody to compare with


def test_a_game_begun_at_a_later_round_shows_its_first_summary_as_a_total_only():
    state, view = after_round_one(2, 4)
    view["history"] = [dict(view["history"][0], round=3)]  # the first round it played was round 3
    view["log"] = [dict(e, params=dict(e["params"], round=3)) if e["key"] in ("round", "round_end") else e
                   for e in view["log"]]
    html = str(arnak.round_summary(view, ["You", "Anna"]))
    total = state.history[0]["scores"][0]["total"]
    assert "points this round" not in html and f"score now {total}" in html


def test_rival_row_on_the_board_shows_every_move_of_this_round():
    state, _view = after_round_one(1, 8)
    rng = Rng(3)
    while state.round == 1 or state.to_move() and len([e for e in state.log if e[1] == "rival"]) < 13:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = json.loads(json.dumps(state.view(0)))
    start = max(i for i, e in enumerate(state.log) if e[1] == "round")
    moves = [e[2] for e in state.log[start:] if e[1] == "rival"]
    assert moves
    board = str(arnak.render(view, {"me": 0, "legal": [], "names": ["You"]}))
    row = re.search(r'data-testid="rival-moves" data-moves="(\d+)"><title>(.*?)</title>(.*?)</g>', board)
    assert int(row.group(1)) == len(moves)
    words = importlib.import_module("render.arnak.texts")
    assert row.group(2) == ", ".join(words.rival_text(d) for d in moves)
    for d in moves:
        for icon in arnak_round.move_icons(d):
            assert f'href="#ai-{icon}"' in row.group(3)


def test_shell_round_dialog_continues_with_next_round():
    _state, view = after_round_one(2, 4)
    html = str(shell.round_dialog(arnak.round_summary(view, ["<b>x</b>", "Anna"])))
    assert 'data-cmd="next" data-testid="next-round"' in html
    assert 'data-cmd="sheet"' in html and 'data-escape="1"' in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
