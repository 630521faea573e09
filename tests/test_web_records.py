"""web/records.py and web/replay.py in CPython: export/import round trips, import errors that change
nothing, and replay views equal to the live views (no hidden information leaks)."""

from __future__ import annotations

import base64
import json
import re
import sys
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))

import records  # noqa: E402
from replay import Replay  # noqa: E402

from py_engine import get_game  # noqa: E402
from py_engine.core import RecordError, Rng  # noqa: E402

SEATS = [{"kind": "human", "name": "Ann <b>"}, {"kind": "bot", "level": 2, "name": "Bot"}]


def played(game_id: str = "lost-cities", players: int = 2, seed: int = 4, upto: int | None = None,
           options: dict | None = None):
    """A random game; returns (final state, live views per step: {seat: view})."""
    game = get_game(game_id)
    state = game.new(players=players, seed=seed, options=options or {})
    rng, live = Rng(seed), []
    while True:
        live.append({seat: json.dumps(state.view(seat), sort_keys=True) for seat in [None, *range(players)]})
        if state.is_over() or (upto is not None and len(state.record.moves) >= upto):
            return state, live
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.fixture(scope="module")
def game():
    return played(options={"rounds": 1})


def test_file_and_link_round_trip(game):
    state, _ = game
    text = records.export_text(state.record, SEATS)
    imp = records.parse_text(text)
    assert imp.record.moves == state.record.moves and imp.state.scores() == state.scores()
    assert imp.names == ["Ann <b>", "Bot"]
    assert imp.seats == [{"kind": "human", "name": "Ann <b>"}, {"kind": "bot", "level": 2, "name": "Bot"}]
    url = records.link("https://example.org/games/explorers/index.html#old", records.export_data(state.record, SEATS))
    assert url.startswith("https://example.org/games/explorers/index.html#record=")
    assert len(url) < 2000  # a whole one-round game fits in a link
    assert records.parse_text(url).record.moves == state.record.moves
    autosave = {"record": state.record.to_json(), "seats": SEATS, "host": {}}
    assert records.load(autosave).names == ["Ann <b>", "Bot"]


def test_record_without_names_gets_defaults(game):
    imp = records.parse_text(json.dumps(game[0].record.to_json()))
    assert imp.names == ["Player 1", "Player 2"] and imp.seats is None


@pytest.mark.parametrize("text,reason", [
    ("{not json", "not JSON"),
    ("[1, 2, 3]", "not an Explorers' Table game record"),
    ('{"format": "chess-pgn"}', "not an Explorers' Table game record"),
    ('{"format": "explorers-table-record", "version": 99}', "unsupported record version"),
    ('{"format": "explorers-table-record", "version": 1, "game": "chess", "players": 2, "seed": 1, "moves": []}',
     "unknown game"),
    ('{"format": "explorers-table-record", "version": 1, "game": "lost-cities", "players": 2, "seed": 1,'
     ' "moves": [[0, ["play", 999]]]}', "move 1 cannot be replayed"),
    ('{"format": "explorers-table-record", "version": 1, "game": "lost-cities", "players": 2, "seed": 1,'
     ' "moves": [[1, ["draw", "deck"]]]}', "move 1 cannot be replayed"),
    ('{"format": "explorers-table-record", "version": 1, "game": "lost-cities", "players": 2, "seed": -1,'
     ' "moves": []}', "bad seed"),
    ("https://x.org/#record=!!!", "link"),
    ("https://x.org/#record=" + base64.urlsafe_b64encode(zlib.compress(b"[" * 100000)).decode(), "link"),
    ("https://x.org/#record=" + base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)).decode(), "too large"),
    ("x" * (records.MAX_TEXT + 1), "too large"),
])
def test_import_errors_are_readable(text, reason):
    with pytest.raises(RecordError) as exc:
        records.parse_text(text)
    assert reason in str(exc.value)


def test_bad_seats_and_names_are_cleaned(game):
    data = records.export_data(game[0].record)
    data.update(names=["\x00Evil\u202e" * 10, 5], seats=[{"kind": "remote"}, {"kind": "bot", "level": True}])
    imp = records.load(data)
    assert imp.names[0] == ("Evil" * 10)[:24] and imp.names[1] == "5"
    assert imp.seats == [{"kind": "human", "name": imp.names[0]}, {"kind": "bot", "level": 1, "name": "5"}]


@pytest.mark.parametrize("game_id,players", [("lost-cities", 2), ("lost-cities-board", 2), ("lost-cities-board", 3)])
def test_replay_views_equal_live_views(game_id, players):
    state, live = played(game_id, players, seed=9, upto=160)
    rp = Replay(state.record, [f"P{i}" for i in range(players)])
    order = list(range(len(live)))
    order = order[::3] + order[::-5] + [0, len(live) - 1]  # forward, backward and jumps use the cache
    for k in order:
        rec_views = {seat: json.dumps(state.record.replay(upto=k).view(seat), sort_keys=True) for seat in live[k]}
        assert rec_views == live[k]
        for seat in live[k]:
            assert json.dumps(rp.view(k, seat), sort_keys=True) == live[k][seat], (k, seat)


def test_replay_commands_and_spoiler_free_move_list(game):
    state, _ = game
    rp = Replay(state.record, ["Ann", "Bot"])
    n = rp.total
    rp.command("rp-last")
    assert rp.k == n
    rp.command("rp-goto", "2")
    assert rp.k == 2 and rp.command("rp-back") and rp.k == 1
    rp.command("rp-goto", "nonsense")
    assert rp.k == 1
    assert rp.move_label(0).startswith("1. Ann ") and len(rp.move_label(0)) > 7
    assert rp.move_label(5) in ("6. Ann", "6. Bot")  # not yet played at step 1: who, not what
    assert not rp.command("home")
    rp.set_seat("1")
    assert rp.seat == 1
    rp.set_seat("7")
    assert rp.seat is None
    html = rp.html()
    assert not re.search(r" data-(acts?|then)=", html)  # read-only board
    rp.set_seat("0")
    rp.command("rp-first")  # seat 0 is to move: the renderer would make its hand selectable
    assert "hand-card" in rp.board_html(rp.view()) and "data-cmd" not in rp.board_html(rp.view())
    rp.command("rp-goto", "1")
    rp.command("rp-play")
    assert rp.playing and rp.tick() and rp.k == 2


def test_embed_url_and_snippet(game):
    data = records.export_data(game[0].record, SEATS)
    url = records.embed_url("https://ex.org/games/explorers/?x=1#frag", data, move=12, seat=None, theme="dark")
    assert url.startswith("https://ex.org/games/explorers/embed.html?mode=position&record=")
    assert url.endswith("&move=12&seat=spectator&theme=dark")
    snippet = records.iframe_snippet(url, 'Lost "Cities" <x>')
    assert '<iframe src="https://ex.org/games/explorers/embed.html?mode=position&amp;record=' in snippet
    assert 'title="Lost &quot;Cities&quot; &lt;x&gt;"' in snippet


@pytest.mark.parametrize("game_id, style", [
    ("lost-cities", "max-width:720px;aspect-ratio:720/782"), ("catan-ck", "max-width:850px;aspect-ratio:850/579"),
    ("arnak", "max-width:950px;aspect-ratio:950/1165"), ("unknown", "max-width:720px;aspect-ratio:720/828")])
def test_the_embed_code_is_sized_for_its_games_board(game_id, style):
    """Catan's and Arnak's boards need a wider frame than Lost Cities' to be read whole (e2e/test_embed_legible
    checks that each board fits its code's frame with text of at least 11 px)."""
    assert f'style="width:100%;{style};border:0"' in records.iframe_snippet("https://ex.org/embed.html", "t", game_id)


def test_embed_url_names_the_embedding_site_only_when_it_is_an_origin(game):
    """The embed dialog's optional site address becomes origin= (the frame then posts only to it and takes
    commands only from it); anything that is not an origin (a path, a script, a bare word) is left out."""
    data = records.export_data(game[0].record, SEATS)
    url = records.embed_url("https://ex.org/", data, origin="https://rules.example:8443/")
    assert url.endswith("&seat=spectator&origin=https://rules.example:8443")
    assert records.embed_params(url.split("embed.html")[1])["origin"] == "https://rules.example:8443"
    for bad in ("https://rules.example/page", "javascript:alert(1)", "rules", "https://a.b/\"><x>"):
        assert not records.valid_origin(bad) and "origin=" not in records.embed_url("https://ex.org/", data, origin=bad)


def test_rules_example_record_still_replays():
    """The record baked into public/rules-example.html must keep replaying as the engine evolves."""
    import re

    page = (Path(__file__).resolve().parent.parent / "public" / "rules-example.html").read_text()
    encoded = re.search(r'const RECORD = "([A-Za-z0-9_-]+)"', page).group(1)
    imp = records.load(records.decode(encoded))
    assert len(imp.record.moves) == 24 and imp.names == ["Ana", "Ben"]


def test_embed_params_are_validated():
    p = records.embed_params("?mode=replay&record=abc&move=4&seat=1&theme=dark&origin=https://r.example/&rounds=1"
                             "&lang=fr&id=x")
    assert p["mode"] == "replay" and p["move"] == 4 and p["seat"] == 1 and p["theme"] == "dark" and p["id"] == "x"
    assert p["origin"] == "https://r.example" and p["options"] == {"rounds": "1"} and p["lang"] == "en"
    assert p["lang_asked"] == "fr" and p["record"] == "abc"
    assert records.embed_params("record=abc")["mode"] == "position" and records.embed_params("")["seat"] is None
    assert records.embed_params("game=lost-cities&bot=3&seat=1")["mode"] == "play"
    assert records.embed_params("seat=spectator&interactive=yes")["interactive"] is True
    assert records.embed_params("record=abcd%3D%3D")["record"] == "abcd=="  # padded codes still open


@pytest.mark.parametrize("query,name", [
    ("seat=%C2%B2", "seat"),  # '²' passes str.isdigit() but not int()
    ("seat=" + "9" * 4400, "seat"),  # more digits than int() takes
    ("seat=9", "seat"), ("seat=-1", "seat"), ("seat=%D9%A3", "seat"), ("seat= 1", "seat"), ("seat=1_0", "seat"),
    ("move=-4", "move"), ("move=" + "1" * 5000, "move"), ("move=2000000", "move"), ("move=%C2%B2", "move"),
    ("bot=7", "bot"), ("bot=x", "bot"), ("seed=1e9", "seed"), ("seed=" + "9" * 20, "seed"),
    ("mode=evil", "mode"), ("theme=neon", "theme"), ("interactive=maybe", "interactive"),
    ("origin=javascript:x", "origin"), ("origin=https://a.example/path", "origin"), ("lang=" + "x" * 40, "lang"),
    ("id=" + "x" * 65, "id"), ("id=a%0Ab", "id"), ("game=chess", "game"), ("game=%3Cimg%3E", "game"),
    ("record=%3Cscript%3E", "record"), ("record=" + "A" * (records.MAX_LINK + 1), "record"),
    ("rounds=" + "1" * 70, "option"), ("%3Cx%3E=1", "option"),
])
def test_bad_embed_params_give_a_clear_record_error(query, name):
    with pytest.raises(RecordError) as exc:
        records.embed_params(query)
    assert name in str(exc.value) and "not valid" in str(exc.value)
    assert len(str(exc.value)) < 300  # the value is shown cut short


def test_embed_address_size_and_field_count_are_bounded():
    with pytest.raises(RecordError, match="too long"):
        records.embed_params("x=" + "a" * (records.MAX_QUERY + 1))
    with pytest.raises(RecordError, match="too many"):
        records.embed_params("&".join(f"o{i}=1" for i in range(100)))
    with pytest.raises(RecordError):
        records.embed_params(None)  # type: ignore[arg-type]


def test_embed_origin_and_game_options():
    assert records.origin_allowed("https://rules.example", "https://rules.example/")
    assert not records.origin_allowed("https://evil.example", "https://rules.example")
    assert not records.origin_allowed("null", "")
    game = get_game("lost-cities")
    assert records.game_options(game, {"rounds": "1", "purple": "yes", "nonsense": "x"})["rounds"] == 1
    assert records.game_options(game, {"rounds": "99"}) == game.normalize_options({})
    assert records.game_options(get_game("arnak"), {"edition": "1", "rival": "2"})["edition"] == 2  # hidden


# --- records that leave the device: no deal while the game runs ----------------------------------
def test_unfinished_game_leaves_the_device_without_its_deal():
    state, _ = played(seed=2**100 + 77, upto=6, options={"rounds": 1})
    assert not state.is_over() and state.record.salt == ""
    for finished in (None, False):
        data = records.export_data(state.record, SEATS, finished=finished)
        text = json.dumps(data)
        assert "seed" not in data and "salt" not in data and len(data["moves"]) == 6
        assert str(state.record.seed) not in text and format(state.record.seed, "x") not in text
        assert state.record.salt and state.record.salt not in text and data["deal"] == state.record.commitment()
    assert records.export_data(state.record, finished=None)["deal"] == data["deal"]  # the salt is kept
    link = records.link("https://x.org/", data)
    url = records.embed_url("https://x.org/", data)
    file_text = records.export_text(state.record, SEATS)
    assert str(state.record.seed) not in records.file_name(state.record)
    for opened in (lambda: records.parse_text(link), lambda: records.parse_text(file_text),
                   lambda: records.load(records.decode(records.embed_params(url.split("?", 1)[1])["record"]))):
        with pytest.raises(records.SealedRecord) as exc:
            opened()
        assert "unfinished game shared without its deal" in str(exc.value) and "once the game is over" in str(exc.value)


def test_finished_game_leaves_the_device_whole_and_proves_the_earlier_link(game):
    state = game[0]
    record = state.record.copy()
    record.salt = "5a" * 16
    data = records.export_data(record, SEATS)  # replayed: it is over
    assert data["seed"] == record.seed and data["salt"] == record.salt and data["deal"] == record.commitment()
    imp = records.parse_text(records.link("https://x.org/", data))
    assert imp.record.seed == record.seed and imp.state.is_over()
    public = records.export_data(record, finished=False)
    assert public["deal"] == data["deal"]  # what was shared during the game matches the deal revealed after it


def test_the_deep_link_of_issue_14_is_a_clear_error():
    deep = base64.urlsafe_b64encode(zlib.compress(("[" * 50000 + "]" * 50000).encode(), 9)).decode().rstrip("=")
    assert len(deep) <= 170
    for text in ("https://x.org/#record=" + deep, "#record=" + deep):
        with pytest.raises(RecordError, match="nested too deeply"):
            records.parse_text(text)
    with pytest.raises(RecordError, match="nested too deeply"):
        records.decode(deep)
    with pytest.raises(RecordError, match="nested too deeply"):
        records.parse_text("[" * 50000 + "]" * 50000)  # an imported file
    with pytest.raises(RecordError, match="nested too deeply"):
        records.load(records.decode(records.embed_params("record=" + deep)["record"]))  # an embed
    assert records.parse_text(json.dumps(played(options={"rounds": 1})[0].record.to_json())).state.is_over()
