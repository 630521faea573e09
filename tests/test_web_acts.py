"""One click, several moves (data-acts): the shell plays them in order and stops at the first refusal; a guest
sends them one at a time, each when the host's next view still allows it. Catan's discard panel uses it."""

from __future__ import annotations

import json
from unittest import mock

import pytest

from tests.test_web_hostile_host import LocalTable, joined_page, no_bot_loops, shell  # noqa: F401 (fixture)

DISCARD = {"k": "discard", "to": -1, "why": "seven"}


class El:
    """A clicked element: only its attributes."""

    def __init__(self, **attrs: str) -> None:
        self.attrs = {k.replace("_", "-"): v for k, v in attrs.items()}

    def getAttribute(self, name: str):  # noqa: N802 - the DOM's name
        return self.attrs.get(name)


def discarding(table, need: list[int], hands: dict[int, list[int]]) -> None:
    """Put the host's game in a discard on a 7: seat q must give up need[q] of the hand hands[q]."""
    state = table.state
    for q, h in hands.items():
        state.hands[q] = list(h)
    state.stack.append(dict(DISCARD, need=list(need), gone=[[0] * 8 for _ in need]))
    table.host._refresh()  # the host's list of legal moves


def local_table() -> LocalTable:
    return LocalTable("catan-ck", 3, 1, {}, [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "name": "B"}] * 2)


def test_local_table_plays_the_moves_in_order_and_stops_at_the_first_refusal():
    table = local_table()
    app = shell.App()
    app.begin(table)
    discarding(table, [4, 0, 0], {0: [2, 2, 2, 2, 1, 0, 0, 0]})
    app.activate(El(data_acts=json.dumps([["discard", "brick"], ["discard", "paper"], ["discard", "wool"]])))
    assert table.state.hands[0] == [1, 2, 2, 2, 1, 0, 0, 0] and "not allowed" in app.error  # no paper: stop
    app.activate(El(data_acts=json.dumps([["discard", "brick"], ["discard", "wool"], ["discard", "ore"]])))
    assert table.state.hands[0] == [0, 2, 1, 2, 0, 0, 0, 0] and app.error == ""
    assert table.state.stack[-1]["k"] != "discard" and len(table.state.record.moves) == 4


def test_the_discard_panel_selects_cards_and_confirms_them_all_at_once():
    from render.catan_ck import discard

    table = local_table()
    discarding(table, [4, 0, 0], {0: [2, 2, 2, 2, 1, 0, 0, 0]})
    view = json.loads(json.dumps(table.state.view(0)))
    legal = table.state.legal_actions(0)
    html = str(discard.discard_panel(view, legal, None))
    assert "discard 4 of 9: 0 selected" in html and 'data-arg="discard:1,0,0,0,0,0,0,0"' in html
    assert 'data-acts="[]"' in html and html.count("disabled=") == 1  # only the confirm, nothing selected
    sel = "discard:1,0,2,0,1,0,0,0"
    html = str(discard.discard_panel(view, legal, sel))
    assert "discard 4 of 9: 4 selected" in html and html.count('aria-pressed="true"') == 4
    acts = [["discard", "brick"], ["discard", "wool"], ["discard", "wool"], ["discard", "ore"]]
    assert "data-acts=\"" + json.dumps(acts).replace('"', "&quot;") + "\"" in html
    assert html.count("disabled=") == 9 - 4  # the unselected cards: four are selected already
    assert 'data-arg="discard:0,0,2,0,1,0,0,0"' in html  # a selected card deselects


def test_a_guest_sends_the_rest_as_the_host_answers():
    table, app, link, _ = joined_page("catan-ck")
    replies: list[str] = []
    link.send, link.peer = replies.append, mock.MagicMock(open=True)  # a connected guest
    discarding(table, [1, 3, 0], {0: [1, 0, 0, 0, 0, 0, 0, 0], 1: [0, 0, 3, 1, 2, 0, 0, 0]})
    for _, text in table.host.local_action(0, ("discard", "brick")):  # the host's view reaches the guest
        link.received(text)
    assert app.viewer == 1 and ["discard", "wool"] in link.guest.legal
    app.activate(El(data_acts=json.dumps([["discard", "wool"], ["discard", "ore"], ["discard", "wool"]])))
    assert app.error == "" and len(replies) == 1 and app.table.queued == [["discard", "ore"], ["discard", "wool"]]
    while replies:
        text = replies.pop(0)
        for _, out in table.host.receive("p1", text):
            link.received(out)
    assert table.state.hands[1] == [0, 0, 1, 1, 1, 0, 0, 0] and app.table.queued == []
    assert table.state.stack[-1]["k"] != "discard"


def test_a_guest_drops_the_queue_when_the_next_move_is_no_longer_legal():
    table, app, link, _ = joined_page("catan-ck")
    replies: list[str] = []
    link.send, link.peer = replies.append, mock.MagicMock(open=True)  # a connected guest
    discarding(table, [1, 2, 0], {0: [1, 0, 0, 0, 0, 0, 0, 0], 1: [0, 0, 3, 1, 2, 0, 0, 0]})
    for _, text in table.host.local_action(0, ("discard", "brick")):
        link.received(text)
    app.activate(El(data_acts=json.dumps([["discard", "wool"], ["discard", "paper"], ["discard", "ore"]])))
    while replies:
        for _, out in table.host.receive("p1", replies.pop(0)):
            link.received(out)
    assert table.state.hands[1] == [0, 0, 2, 1, 2, 0, 0, 0] and app.table.queued == []


class Moves:
    """A table whose seat 0 may play the moves of `legal`, each once, until `stop` moves are made."""

    def __init__(self, legal: list, stop: int = 99) -> None:
        self.left, self.played, self.stop = [list(a) for a in legal], [], stop

    def legal(self, seat: int) -> list:
        return [json.dumps(a) for a in self.left] if len(self.played) < self.stop else []

    def play(self, encoded) -> bool:
        if encoded not in self.left or len(self.played) >= self.stop:
            return False
        self.left.remove(encoded)
        self.played.append(encoded)
        return True


def test_a_click_reads_one_move_with_its_follow_up_or_several_moves():
    from clicks import read_click

    assert read_click(El(data_act='["dig", 3]', data_then='["pay", 1]')) == ([["dig", 3]], ["pay", 1])
    assert read_click(El(data_acts='[["a"], ["b"]]', data_then='["pay", 1]')) == ([["a"], ["b"]], None)
    assert read_click(El(data_cmd="home")) is None
    for bad in (El(data_act="[1,"), El(data_acts="{}"), El(data_acts="[]"), El(data_act='["a"]', data_then="x")):
        with pytest.raises(ValueError):
            read_click(bad)


def test_a_follow_up_is_played_only_after_its_move_and_only_when_then_legal():
    from clicks import play_click

    t = Moves([["dig", 3], ["pay", 1]])
    assert play_click(t, 0, [["dig", 3]], ["pay", 1], t.play, lambda: bool(t.legal(0))) == 1
    assert t.played == [["dig", 3], ["pay", 1]]
    t = Moves([["pay", 1]])  # the move is refused: no follow-up
    assert play_click(t, 0, [["dig", 3]], ["pay", 1], t.play, lambda: bool(t.legal(0))) == 0 and t.played == []
    t = Moves([["dig", 3]])  # the follow-up is not legal then: the move alone
    assert play_click(t, 0, [["dig", 3]], ["pay", 1], t.play, lambda: bool(t.legal(0))) == 1
    assert t.played == [["dig", 3]]
    t = Moves([["a"], ["b"], ["c"]], stop=2)  # several moves: the seat stops moving after two
    assert play_click(t, 0, [["a"], ["b"], ["c"]], None, t.play, lambda: bool(t.legal(0))) == 2
