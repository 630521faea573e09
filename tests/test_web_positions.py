"""web/positions.py and the embed's position parameter in CPython: links round trip, hostile codes are
refused with a clear error, the board hides what the shown seat cannot see, annotations find the board's parts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import positions  # noqa: E402
import records  # noqa: E402

from py_engine.core import RecordError  # noqa: E402
from py_engine.core import position as P  # noqa: E402
from tests.test_position import lc_example  # noqa: E402


def test_a_position_link_round_trips_and_shows_seat_0s_eyes():
    data = lc_example()
    url = positions.embed_url("https://x.example/app/index.html#record=1", data, seat=0)
    assert url.startswith("https://x.example/app/embed.html?position=") and url.endswith("&seat=0")
    params = records.embed_params(url.split("?", 1)[1])
    assert params["mode"] == "position" and params["seat"] == 0 and params["seat_set"]
    pos = positions.load(params["position"])
    assert pos.to_json()["state"]["zones"]["expedition.0.red"] == data["state"]["zones"]["expedition.0.red"]
    board = str(positions.board_html(pos, 0))
    assert "data-act=" not in board and "data-cmd" not in board and 'data-testid="round-score-0"' in board
    hand1 = {c for c in pos.state.hands[1]}
    assert all(f'data-arg="{c}"' not in board for c in hand1)  # the other hand is never drawn


def test_the_caption_is_shown_as_written_and_escaped():
    data = lc_example()
    data["annotations"]["caption"] = "<script>alert(1)</script> & 18"
    html = str(positions.caption_html(P.check(data)))
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; 18" in html


def test_annotations_find_the_board_parts():
    pos = P.check(lc_example())
    m = positions.marks(pos, 0)
    assert m["highlight"] == [['[data-testid="expedition-red"]']]
    assert m["arrows"] == [[['[data-testid="expedition-red"]'], ['[data-testid="expedition-red"]']]]
    assert positions.anchors("lost-cities", "blue-2", pos, 0) == [
        '[data-testid="hand-card"][data-arg="15"]', '[data-testid="hand-card"]']
    board = str(positions.board_html(pos, 0))
    assert 'data-testid="expedition-red"' in board and 'data-testid="hand-card"' in board
    assert 'data-arg="15"' in board


@pytest.mark.parametrize("code", ["", "x" * 10, "eJwDAAAAAAE", records.encode({"kind": "position", "v": 1}),
                                  records.encode({"kind": "position", "v": 1, "game": "lost-cities", "players": 2})])
def test_hostile_codes_are_refused_clearly(code):
    with pytest.raises(RecordError):
        positions.load(code)


def test_a_bad_position_parameter_names_itself():
    with pytest.raises(RecordError) as exc:
        records.embed_params("position=<b>")
    assert str(exc.value) == "the parameter position='<b>' is not valid: it is not a position code"


def test_the_board_games_annotations_and_labels():
    import editor

    from tests.test_position import board_example

    pos = P.check(board_example())
    board = str(positions.board_html(pos, 0))
    for name in ("column.0.red", "path.0.red", "space.red-2", "discard.red", "hand.1", "deck", "red-5a"):
        sels = positions.anchors("lost-cities-board", name, pos, 0)
        assert sels and any(s.split('"')[1] in board for s in sels), name
    assert [editor.component_label(c) for c in ("red-7b", "vp-10", "arrow", "researcher")] == [
        "red 7", "10-point tile", "arrow tile", "researcher"]
    assert editor.zone_label("space.red-2", ["A", "B"]) == "red path: event space on stone 2"
    assert editor.field_label("stone.1.red", ["A", "B"]) == "B: stone on the red path"


def test_islands_annotations_find_the_board_parts():
    from tests.test_position import island_space, islands_example

    data = islands_example()
    data["annotations"]["highlight"] = ["island.0.12", "telescope.0", "cloud.2", "island.1.3", "canyon-2"]
    pos = P.check(data)
    board = str(positions.board_html(pos, 0))
    m = positions.marks(pos, 0)
    assert m["highlight"] == [['[data-space="12"]'], ['[data-testid="telescope-0"]'], ['[data-testid="cloud-1"]'],
                              ['[data-testid="island-tab-1"]'],
                              [f'[data-space="{island_space(-3, 1)}"]']]  # the first canyon-2
    for sels in m["highlight"]:
        assert sels[0][1:-1] in board, sels


def test_arnak_annotations_find_the_board_parts():
    from tests.test_position import arnak_example

    data = arnak_example()
    row = data["state"]["zones"]["items"]
    data["annotations"]["highlight"] = ["camp.1-2", "explore-car", "items", "hand.2", row[1]]
    pos = P.check(data)
    board = str(positions.board_html(pos, 0))
    m = positions.marks(pos, 0)
    assert m["highlight"][:4] == [['[data-site="0"]'], ['[data-testid="hand-203-0"]', '[data-testid^="hand-"]',
                                                         '[data-testid="score-0"]'],
                                  ['[data-testid="row-item-0"]'], ['[data-spot="play-2"]', '[data-testid="score-2"]']]
    assert m["highlight"][4][0] == '[data-testid="row-item-1"]'
    for sels in m["highlight"]:
        assert sels[0][1:-1].replace("^=", "=") .split("=")[0] in board, sels


def test_catan_annotations_find_the_board_parts():
    from tests.test_position import catan_example

    data = catan_example()
    data["annotations"]["highlight"] = ["vertex.30", "edge.36", "knight-0-1-active"]
    pos = P.check(data)
    board = str(positions.board_html(pos, 0))
    m = positions.marks(pos, 0)
    assert m["highlight"][1] == ['[data-testid="road-36"]'] and '[data-testid="city-30"]' in m["highlight"][0]
    assert '[data-testid="knight-3"]' in m["highlight"][2]
    for sel in ('data-testid="city-30"', 'data-testid="road-36"', 'data-testid="knight-3"', 'data-testid="barbarians"'):
        assert sel in board


def test_catan_annotations_find_hexes_metropolises_and_a_seats_cards():
    from tests.test_position import catan_city_example

    data = catan_city_example()
    data["annotations"]["highlight"] = ["hex.9", "vertex.0", "progress.0", "metropolis-science"]
    pos = P.check(data)
    board = str(positions.board_html(pos, 0))
    m = positions.marks(pos, 0)
    assert m["highlight"][0] == ['[data-testid="hex-9"]']
    assert m["highlight"][2] == ['[data-spot="panel-0"]', '[data-testid="vp-0"]']
    assert m["highlight"][1][0] == m["highlight"][3][0] == '[data-testid="metropolis-0"]'
    for sel in ('data-testid="hex-9"', 'data-testid="metropolis-0"', 'data-testid="wall-0"', 'data-testid="vp-0"',
                'data-testid="merchant"'):
        assert sel in board
