"""Issue 35, Arnak's idols and guardians as pieces you point at: a player's idols, idol slots and guardians (their
boon's icon) are drawn on their board area; when placing an idol in a slot or using a guardian's boon is legal,
that slot or guardian is a lit, focusable target named in words whose data-act is the legal action (and the
decision bar no longer repeats it as a button); otherwise nothing there takes a click. On the desktop board and
on the phone's."""

from __future__ import annotations

import json
import re

import pytest

from py_engine import get_game

from .test_web_hostile import renderer

arnak = renderer("arnak")
GAME = get_game("arnak")
PIECES = ("idol", "boon", "tboon")


def state(idols: int = 1, guardians=((2, 0), (1, 0), (7, 1)), coins: int | None = None):
    """A 2-player game at its first decision; seat 0 holds `idols` idols and these guardians ((id, used): 2 is a
    car boon, 1 an exile boon, 7 an upgrade boon, used)."""
    s = GAME.new(players=2, seed=4, options={})
    s.p[0].idols = idols
    s.p[0].guardians = [list(g) for g in guardians]
    s.p[1].guardians = [[3, 0]]
    if coins is not None:
        s.p[0].res[0] = coins
    return s


def drawn(s, narrow: bool = False, seat: int = 0) -> tuple[str, str, list]:
    legal = [list(GAME.encode(a)) for a in s.legal_actions(seat)] if s.to_move() == (seat,) else []
    view = json.loads(json.dumps(s.view(seat)))
    ui = {"me": seat, "names": ["You", "Bot 1"], "legal": legal, "dock": True, "narrow": narrow}
    return str(arnak.render(view, ui)), str(arnak.action_buttons(view, ui)), legal


def targets(html: str) -> dict[tuple, str]:
    """Every element of the board with a data-act for an idol slot or a guardian: action -> its opening tag."""
    out = {}
    for el in re.findall(r"<rect [^>]*data-act=\"[^\"]*\"[^>]*>", html):
        act = tuple(json.loads(re.search(r'data-act="([^"]*)"', el).group(1).replace("&quot;", '"')))
        if act[0] in PIECES:
            assert act not in out, f"two targets for {act}"
            out[act] = el
    return out


@pytest.mark.parametrize("narrow", [False, True])
def test_idol_slots_and_a_guardians_boon_are_lit_targets_exactly_when_legal(narrow):
    html, buttons, legal = drawn(state(), narrow)
    mine = {tuple(a) for a in legal if a[0] in PIECES}
    assert mine == {("idol", k) for k in range(5)} | {("boon", 1)}  # the car boon pays travel; #2 is used
    found = targets(html)
    assert set(found) == mine
    for el in found.values():
        assert 'class="use"' in el and 'role="button"' in el and 'tabindex="0"' in el
        name = re.search(r'aria-label="([^"]*)"', el).group(1)
        assert name and not name.startswith("[")  # words, not the action's code
    assert "place an idol in a slot: gain 1 arrowhead" in found[("idol", 1)]
    assert "use a guardian boon: you may exile a card" in found[("boon", 1)]
    assert 'data-testid="boon-1"' in found[("boon", 1)]
    # the pieces are drawn: the idol held and its slots, the three guardians (one used, faded), the other
    # player's guardian (no target: not the local player's)
    assert 'data-testid="idols-0"' in html and 'data-testid="idol-slots-0"' in html
    assert len(re.findall(r'data-guardian="\d"', html)) == 4 and html.count('data-used="1"') == 1
    assert "guardians: car" not in html
    # the decision bar no longer repeats them: "pass" is the only button
    assert not re.search(r'data-act="\[&quot;(idol|boon|tboon)&quot;', buttons)
    assert 'data-testid="act-pass"' in buttons


def test_no_targets_without_an_idol_or_a_usable_boon_or_in_another_players_turn():
    html, _buttons, legal = drawn(state(idols=0, guardians=((2, 0), (7, 1))))
    assert not [a for a in legal if a[0] in PIECES] and not targets(html)
    assert 'data-testid="idol-slots-0"' not in html  # nothing to place, no slot used: no idol area
    assert len(re.findall(r'data-guardian="\d"', html)) == 3
    # the coin-to-jewel slot needs a coin: without one it is drawn but not lit
    html, _buttons, legal = drawn(state(coins=0))
    assert ["idol", 0] not in legal and ("idol", 0) not in targets(html) and ("idol", 1) in targets(html)
    assert 'data-slot="0"' in html
    # the other player's view of the same table: seat 0's pieces are drawn, none is a target
    s = state()
    html, _buttons, _legal = drawn(s, seat=1)
    assert not targets(html) and 'data-testid="idols-0"' in html


def test_a_travel_boon_pays_travel_from_the_guardian():
    s = state()
    s.apply(0, ("dig", 3))  # a camp: one boot to pay
    html, buttons, legal = drawn(s)
    assert ["tboon", 0] in legal
    found = targets(html)
    assert set(found) == {("tboon", 0)}
    assert "pay travel with a guardian boon: a car travel icon" in found[("tboon", 0)]
    assert "tboon" not in buttons


def test_a_peers_odd_pieces_are_drawn_capped_or_left_out():
    """A remote host's view may hold anything in a player's idols and guardians: drawn capped, never looped over
    without end, and nothing odd raises."""
    s = state()
    view = json.loads(json.dumps(s.view(0)))
    view["player_info"][1].update(idols=10 ** 9, slots="a",
                                  guardians=[{"id": "x", "boon": [1], "used": 1}, 5, {"id": 10 ** 9}])
    html = str(arnak.render(view, {"me": 0, "names": ["You", "Bot 1"], "legal": [], "dock": True}))
    idols = re.search(r'data-testid="idols-1".*?</g>', html, re.S).group(0)
    assert idols.count("#ai-idol") == 12
    assert len(re.findall(r'data-guardian="\d"', html)) == 5  # seat 0's three, the two dicts of seat 1
