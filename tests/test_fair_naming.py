"""A key that opens no card at a board-game table of 3-4 seats (py_engine/core/fair_seat.py, issue 37): the
receiver holds one key of every other seat for the position and cannot tell from the messages whose key was wrong
(the rekey elements hide each seat's key behind its secret lock). So it stops with "one of the other seats" and
shows its secret of the deal; every other seat, told by the stop, shows its own; and the receiver names the seat
whose shown secret does not give the key it sent (or, if one seat shows none while every other is cleared, that
one). TEST_GROUP keeps it fast."""

from __future__ import annotations

import pytest

from py_engine.core import Rng
from py_engine.core import mental_poker as mp
from tests.test_net_fair_seats import Table


def _bend(t: Table, cheat: int, victim: int) -> list[int]:
    """Seat `cheat` hands `victim` a wrong key (another position's) for the first position of its hand."""
    f = t.host.fair if cheat == 0 else t.guests[cheat].fair
    d = f.deal
    give, bent = d.give, []

    def bad_give(to: int, positions: list[int]) -> dict:
        m = give(to, positions)
        if to == victim and not bent:
            bent.append(positions[0])
            m["x"][0] = d.group.hex(d._keys.unlock(d.group, (positions[0] + 1) % d.n))
        return m

    d.give = bad_give
    return bent


def _named(t: Table, victim: int, cheat: int) -> dict:
    f = t.host.fair if victim == 0 else t.guests[victim].fair
    v = f.verdict
    assert v is not None and v["kind"] == mp.WRONG_KEY and v["seat"] == cheat, v
    others = [t.host.fair] + [g.fair for g in t.guests.values()]
    for g in others:
        if g is not f:
            assert g.verdict["kind"] == mp.STOPPED and g.verdict["seat"] == victim
    return v


@pytest.mark.parametrize("players,cheat,victim", [(3, 1, 2), (4, 2, 1), (4, 0, 3), (3, 2, 0)])
def test_the_seat_of_a_wrong_key_is_named_at_once(players: int, cheat: int, victim: int) -> None:
    t = Table(players)
    bent = _bend(t, cheat, victim)
    t.play(Rng(1), moves=3)
    assert bent
    v = _named(t, victim, cheat)
    assert f"seat {cheat} showed" in v["detail"]
    if victim:  # the page names that player, not "one of the other players"
        assert t.guests[victim].verdict["cheat"]["seat"] == cheat
        assert f"seat {cheat + 1} cheated" in t.guests[victim].verdict["text"]


def test_a_seat_that_hides_its_secret_is_named_when_every_other_is_cleared() -> None:
    t = Table(3)
    _bend(t, 1, 2)
    t.guests[1].fair._show_secret = lambda: []  # a modified page: it shows no secret after the stop
    t.play(Rng(1), moves=3)
    v = _named(t, 2, 1)
    assert "showed none" in v["detail"]


def test_a_guest_that_reloads_after_naming_keeps_the_name() -> None:
    t = Table(3)
    _bend(t, 1, 2)
    t.play(Rng(1), moves=3)
    t.cut(2)
    t.reload_guest(2)
    assert t.guests[2].fair.verdict["seat"] == 1
    t.reload_guest(1)  # its log holds the stop and the secret it showed: the same messages again
    assert t.guests[1].fair.verdict["kind"] == mp.STOPPED and t.guests[1].fair._secret_shown
