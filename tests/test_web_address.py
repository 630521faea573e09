"""The page address follows the screen (web/address.py), the home page's saved games (games first, a few
newest saves, each placed in its own terms: web/render/progress.py) and seat names shown in the language of
the page, in CPython over the fake `js` of test_web_hostile."""

# ruff: noqa: I001  (the fake browser must be installed before the page modules are imported)
from __future__ import annotations

import pytest

from tests.test_web_hostile import JS, FakeStorage
from tests.test_web_saves import HOT_SEAT, VS_BOT, app_with, played

import address  # noqa: E402
import dom  # noqa: E402
import i18n  # noqa: E402
import records  # noqa: E402
import saves  # noqa: E402
import sharing  # noqa: E402
import shell  # noqa: E402
from render import progress  # noqa: E402
from session import LocalTable, shown_name  # noqa: E402

from py_engine import GAMES  # noqa: E402
from py_engine.core import Rng  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_page():
    JS.localStorage = FakeStorage()
    JS.Date.now.return_value = 1_700_000_000_000
    JS.location.hash, JS.location.pathname, JS.location.search = "", "/index.html", ""
    JS.history.reset_mock()
    yield
    JS.location.hash = ""


def saved(table: LocalTable) -> str:
    sharing.autosave(app_with(table))
    return table.save_id


def home_app() -> shell.App:
    app = app_with(None)
    app.table, app.screen = None, "home"
    app.after_change = lambda: None
    return app


# --- parsing the address: bounded, validated ---------------------------------------------------------
@pytest.mark.parametrize("fragment, route", [
    ("", ("home", "")), ("#", ("home", "")), ("#new=arnak", ("new", "arnak")),
    ("#play=0a1b2c3d4e5f", ("play", "0a1b2c3d4e5f")), ("#replay=ab12", ("replay", "ab12")),
    ("#new=chess", ("bad", "")), ("#play=../x", ("bad", "")), ("#play=", ("bad", "")), ("#play", ("bad", "")),
    ("#replay=ZZ", ("bad", "")), ("#play=" + "a" * 5000, ("bad", "")), ("#new=" + "x" * 10**6, ("bad", "")),
    ("#join=abc", None), ("#playing", None), ("#record=xyz", None), ("#anything", None),
])
def test_parse(fragment, route):
    assert address.parse(fragment) == route


def test_each_screen_has_its_address():
    table = played(VS_BOT)
    sid = saved(table)
    app = app_with(table)
    assert address.fragment_of(app) == f"#play={sid}"
    app.screen = "home"
    assert address.fragment_of(app) == ""
    app.open_setup("arnak")
    assert address.fragment_of(app) == "#new=arnak"
    sharing.watch_saved(app, sid)
    assert app.screen == "replay" and address.fragment_of(app) == f"#replay={sid}"
    app.screen = "net"  # joining a table: the #join= link stays
    assert address.fragment_of(app) is None


def test_a_new_screen_adds_a_history_entry_the_same_screen_replaces_it():
    table = played(VS_BOT)
    saved(table)
    app = app_with(table)
    app.screen = "home"
    address.sync(app)  # the first address after loading: in place
    assert not JS.history.pushState.called and not JS.history.replaceState.called  # already ""
    app.open_setup("lost-cities")
    address.sync(app)
    assert JS.history.pushState.call_args.args[2] == "/index.html#new=lost-cities"
    JS.location.hash = "#new=lost-cities"
    app.screen = "table"
    address.sync(app)
    assert JS.history.pushState.call_args.args[2] == f"/index.html#play={app.table.save_id}"
    JS.history.reset_mock()
    app.table.save_id = "beef"  # the same screen, another address: replaced
    address.sync(app)
    assert not JS.history.pushState.called and JS.history.replaceState.call_args.args[2] == "/index.html#play=beef"


# --- following the address: reload, Back, Forward --------------------------------------------------
def test_reload_of_a_hot_seat_game_comes_back_under_the_cover():
    table = played(HOT_SEAT)
    sid = saved(table)
    app = home_app()
    JS.location.hash = f"#play={sid}"
    assert address.follow(app)
    assert app.screen == "table" and app.table.save_id == sid and app.covered
    assert 'data-testid="cover"' in app.table_html() and 'data-testid="hand-card"' not in app.table_html()
    assert not address.follow(app)  # the address already names what is shown (popstate and hashchange both fire)


def test_back_to_the_table_in_memory_keeps_it_and_covers_a_hot_seat_hand():
    table = played(HOT_SEAT)
    sid = saved(table)
    app = app_with(table)
    app.after_change = lambda: None
    app.covered = False
    app.screen = "home"
    JS.location.hash = f"#play={sid}"
    address.follow(app)
    assert app.table is table and app.screen == "table" and app.covered


def test_a_game_with_no_move_yet_reloads_from_the_current_table():
    table = played(VS_BOT, moves=0)
    sid = saved(table)
    assert sharing.saved_games().entries() == []  # not kept in the list
    app = home_app()
    JS.location.hash = f"#play={sid}"
    address.follow(app)
    assert app.screen == "table" and app.table.save_id == sid and app.table.state.record.moves == []


def test_replay_and_setup_addresses():
    table = played(VS_BOT)
    sid = saved(table)
    app = home_app()
    JS.location.hash = f"#replay={sid}"
    address.follow(app)
    assert app.screen == "replay" and app.replay_save == sid and app.replay.seat == 0
    JS.location.hash = "#new=catan-ck"
    address.follow(app)
    assert app.screen == "setup" and app.setup["game"] == "catan-ck"
    JS.location.hash = ""
    address.follow(app)
    assert app.screen == "home"


@pytest.mark.parametrize("fragment", ["#play=ffffffffffff", "#replay=0123", "#play=<img>", "#new=x",
                                      "#play=" + "9" * 100_000])
def test_a_bad_or_unknown_address_leads_home_with_a_message(fragment):
    app = home_app()
    app.screen = "setup"
    app.open_setup("arnak")
    JS.location.hash = fragment
    assert address.follow(app)
    assert app.screen == "home" and app.table is None and app.error
    assert len(app.error) < 80


def test_other_modules_fragments_are_left_alone():
    app = home_app()
    for fragment in ("#join=abc", "#playing", "#record=xyz"):
        JS.location.hash = fragment
        assert not address.follow(app) and app.screen == "home" and not app.error
        address.sync(app)
    guest = home_app()
    guest.table = object()  # a guest's table: its #playing stays on the home page
    assert address.fragment_of(guest) is None


# --- the home page -------------------------------------------------------------------------------
def test_games_come_first_then_the_three_newest_saved_games(monkeypatch):
    ids = []
    for k in range(5):
        JS.Date.now.return_value = 1_700_000_000_000 + k * 60_000
        ids.append(saved(played(VS_BOT, moves=2 + k, seed=k + 1)))
    monkeypatch.setattr(shell.dom, "narrow_screen", lambda: False)
    html = str(home_app().home_html())
    assert html.index("Choose a game") < html.index("Your games")
    shown, rest = html.split('data-testid="all-saves"')
    assert all(f'data-save="{i}"' in shown for i in ids[-3:]) and all(f'data-save="{i}"' in rest for i in ids[:2])
    assert html.index(f'data-save="{ids[4]}"') < html.index(f'data-save="{ids[3]}"')  # newest first
    assert "All saved games (5)" in rest and "Round 1 of 1" in html and "move " not in html


def test_on_a_phone_the_saved_games_come_above_the_games_and_the_import_stays_at_the_foot(monkeypatch):
    saved(played(VS_BOT, moves=2, seed=1))
    monkeypatch.setattr(shell.dom, "narrow_screen", lambda: True)
    html = str(home_app().home_html())
    assert html.index("Your games") < html.index('data-testid="continue"') < html.index("Choose a game")
    assert html.index("Choose a game") < html.index('data-cmd="import-link"') and html.count("Your games") == 1


def test_turning_a_phone_redraws_the_home_page_in_its_new_order(monkeypatch):
    """Crossing the phone width on the home page redraws it (saved games first on a phone, after the games on a
    wider screen); a resize that stays on the same side does not."""
    saved(played(VS_BOT, moves=2, seed=1))
    app = home_app()
    drawn = []
    app.redraw = lambda: drawn.append(str(app.home_html()))
    app.modal = None
    narrow = [True]
    monkeypatch.setattr(shell.dom, "narrow_screen", lambda: narrow[0])
    app.home_html()  # drawn on a phone
    app.on_resize(None)
    assert drawn == []  # the same width
    narrow[0] = False
    app.on_resize(None)
    app.on_resize(None)
    assert len(drawn) == 1 and drawn[0].index("Choose a game") < drawn[0].index("Your games")
    narrow[0] = True
    app.on_resize(None)
    assert len(drawn) == 2 and drawn[1].index("Your games") < drawn[1].index("Choose a game")


def test_a_game_with_no_move_is_not_kept_and_old_empty_saves_are_dropped():
    box = sharing.saved_games()
    empty = played(VS_BOT, moves=0)
    box.store.storage_set(saves.INDEX, [dict(saves.describe(empty.save(), False, 1.0), id="aaaa")])
    box.store.storage_set(saves.PREFIX + "aaaa", empty.save())
    sid = saved(played(VS_BOT, moves=0, seed=3))
    assert [e["id"] for e in box.entries()] == ["aaaa"]
    home_app().home_html()
    assert box.entries() == [] and box.get("aaaa") is None and box.current(sid) is not None
    moved = played(VS_BOT, moves=1, seed=3)
    moved.save_id = sid
    saved(moved)
    assert [e["id"] for e in box.entries()] == [sid]


def test_progress_in_each_games_own_terms():
    wanted = {"lost-cities": "Round 1 of 3", "lost-cities-board": "Expedition 1 of 3", "arnak": "Round 1 of 5",
              "catan-ck": "Placing the first settlements", "islands": "Round 1"}
    for game_id in GAMES:
        game = GAMES[game_id]
        n = max(2, game.min_players)
        table = LocalTable(game_id, n, 7, {}, [{"kind": "bot", "name": "B"}] * n)
        view = table.state.view(None)
        facts = progress.facts(game_id, view)
        assert progress.words(game_id, facts, 0, False) == wanted[game_id], game_id
        assert progress.words(game_id, facts, 9, True) == "finished"
    assert progress.words("lost-cities", {"n": 2, "total": 3}, 40, False) == "Round 2 of 3"
    assert progress.words("lost-cities", {"n": "<b>", "total": 10**9}, 40, False) == "40 moves"  # damaged facts
    assert progress.words("unknown", {"n": 2}, 1, False) == "1 move"
    assert progress.words("catan-ck", {"n": 12}, 300, False) == "Turn 12"


def test_progress_and_dates_in_the_language_of_the_page(catalogues):
    i18n.set_language("fa")
    try:
        assert progress.words("lost-cities", {"n": 2, "total": 3}, 40, False) == "دور ۲ از ۳"
    finally:
        i18n.set_language("en")
    # Outside a browser (no Intl) a plain form; in the browser Intl.DateTimeFormat (e2e/test_saves.py).
    assert dom.format_date(0.0, "fa")[:4] in ("1970", "1969")


# --- names --------------------------------------------------------------------------------------
def test_the_devices_own_seat_is_you_in_the_language_of_the_page(catalogues):
    i18n.set_language("ja")
    you_ja = i18n._("You")
    table = LocalTable("lost-cities", 2, 3, {}, [{"kind": "human", "name": you_ja, "you": True},
                                                 {"kind": "bot", "level": 1, "name": "Robot"}])
    old = LocalTable("lost-cities", 2, 3, {}, [{"kind": "human", "name": you_ja},  # a save of older versions
                                               {"kind": "human", "name": "Ann"}])
    assert table.names[0] == you_ja and old.names == [you_ja, "Ann"]
    i18n.set_language("fa")
    try:
        you_fa = i18n._("You")
        assert you_fa != you_ja and table.names == [you_fa, "Robot"] and old.names == [you_fa, "Ann"]
        again = LocalTable.load(table.save())
        assert again.names[0] == you_fa and again.seats[0]["you"] is True
        assert shown_name("Ann") == "Ann" and shown_name(you_ja, "bot") == you_ja
        assert sharing.seats_text({"names": [you_ja, "Robot"], "kinds": ["human", "bot"]}).startswith(you_fa)
    finally:
        i18n.set_language("en")
    assert table.names[0] == "You"


def test_the_setup_form_marks_the_default_name_not_a_typed_one():
    for typed, flagged in (("You", True), ("Zoe", False)):
        app = home_app()
        app.open_setup("lost-cities")
        app.setup["names"][0] = typed
        app.read_form = lambda: None
        began = []
        app.begin = began.append
        app.start_from_form()
        assert bool(began[0].seats[0].get("you")) is flagged and began[0].names[0] == typed


def test_a_random_game_reload_lands_where_it_was():
    """Every game: the address of a table reloads the same table, moves and all."""
    for game_id in GAMES:
        game = GAMES[game_id]
        seats = [{"kind": "human", "name": "You", "you": True}] + [{"kind": "bot", "level": 1, "name": "B"}] * 3
        table = LocalTable(game_id, max(2, game.min_players), 11, {}, seats[:max(2, game.min_players)])
        rng = Rng(2)
        for _ in range(6):
            seat = table.state.to_move()[0]
            table.act(seat, rng.choice(table.legal(seat)))
        sid = saved(table)
        app = home_app()
        JS.location.hash = f"#play={sid}"
        address.follow(app)
        assert app.table.record_json() == table.record_json(), game_id


# --- the editor's work in the address (issue 36) -----------------------------------------------------------
def test_the_editor_keeps_its_position_in_the_address_and_a_reload_brings_it_back():
    import editor
    import records

    app = home_app()
    shell.App.command(app, "ed-new", "lost-cities")
    assert app.screen == "editor"
    address.sync(app)
    JS.location.hash = address.fragment_of(app)
    JS.history.reset_mock()
    app.editor.pick("yellow-5")
    app.editor.put("expedition.0.yellow")
    address.sync(app)  # an edit: the same screen, so the address is replaced (Back still returns home)
    fragment = address.fragment_of(app)
    assert fragment.startswith("#edit=") and records.decode(fragment[len("#edit="):]) == app.editor.data
    assert not JS.history.pushState.called
    assert JS.history.replaceState.call_args.args[2] == "/index.html" + fragment
    # a reload: a new page at that address opens the editor with the same position
    again = home_app()
    JS.location.hash = fragment
    assert address.follow(again) and again.screen == "editor"
    assert again.editor.data == app.editor.data
    assert "yellow-5" in again.editor.data["state"]["zones"]["expedition.0.yellow"]
    assert isinstance(again.editor, editor.Editor)


def test_a_study_being_written_is_kept_in_the_address_and_a_reload_brings_it_back():
    import editor
    import editor_study

    from py_engine.games.lost_cities.zones import card_id
    from tests.test_position import lc_example

    app = home_app()
    shell.App.command(app, "ed-new", "lost-cities")
    app.editor = editor.Editor(lc_example())
    editor_study.command(app, app.editor, "ed-st-start", None)
    au = app.editor.study
    assert au.play(["play", card_id("blue-2")])
    au.set_caption("Blue 2 opens blue")
    au.set_question(True)
    au.set_explain("Eight blue cards in hand")
    assert au.play(["draw", "deck"]) and au.total == 3
    fragment = address.fragment_of(app)
    assert records.decode(fragment[len("#edit="):]) == au.data()
    again = home_app()
    JS.location.hash = fragment
    assert address.follow(again) and again.screen == "editor"
    back = again.editor.study
    assert back is not None and back.data() == au.data() and back.k == 2 and back.checked is not None
    assert back.moves[0]["question"] and back.moves[0]["explain"] == "Eight blue cards in hand"
    # a new step's position being set up: the address keeps the study it will join
    editor_study.command(again, again.editor, "ed-st-newpos", None)
    assert again.editor.returns_to is not None
    assert records.decode(address.fragment_of(again)[len("#edit="):]) == back.data()
    editor_study.command(again, again.editor, "ed-st-cancelpos", None)
    # "Back to the position": the address holds the position again
    editor_study.command(again, again.editor, "ed-st-stop", None)
    assert records.decode(address.fragment_of(again)[len("#edit="):]) == again.editor.data


def test_a_study_link_with_a_broken_step_opens_with_its_refusal():
    import editor_study

    from py_engine.games.lost_cities.zones import card_id
    from tests.test_position import lc_example

    data = editor_study.Authoring(lc_example()).data()
    data["steps"].append({"move": [0, ["play", card_id("red-9")]]})
    data["steps"].append({"move": [0, ["play", card_id("red-9")]]})  # played twice: refused
    app = home_app()
    JS.location.hash = "#edit=" + records.encode(data)
    assert address.follow(app) and app.screen == "editor"
    au = app.editor.study
    assert au.checked is None and au.error is not None and au.total == 3


@pytest.mark.parametrize("fragment", ["#edit=", "#edit=!!!!", "#edit=" + "A" * 130_000,
                                      "#edit=eNqrVkrOzy0oSk0uyczPU7JSUEpKUqoFAE8OBq0",
                                      "#edit=" + records.encode({"kind": "study", "steps": [7]})])
def test_a_bad_editor_link_leads_home_with_a_message(fragment):
    app = home_app()
    JS.location.hash = fragment
    address.follow(app)
    assert app.screen == "home" and app.error
