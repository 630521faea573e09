"""The page address follows the screen, so a reload comes back to it and Back / Forward move between screens.

    (no fragment)       home
    #new=<game id>      the new-game form of that game
    #play=<save id>     the table of a saved game (hot-seat: under the cover, as Continue opens it)
    #replay=<save id>   the replay of a saved game
    #edit=<position>    the position editor with the position being edited (base64url(zlib(json)), as a
                        position link): a reload, Back and Forward keep the work, and the address is an
                        editor link to share with a co-author
    #edit=<study>       the same with the study being written from that position (its steps, annotations
                        and questions): it opens at its last step

A change of screen adds a history entry; a change of address on the same screen (a new game's first save)
replaces it. Other fragments belong to other modules and are left alone: #join= and #playing (web/netplay.py),
#record= (web/sharing.py); the screens they open (joining, a guest's table, a replay from a link) keep the
address they came with. A fragment is outside input: bounded, and a bad or unknown one leads home with a
short message.
"""

from __future__ import annotations

import dom
import js
import later
import records
import saves
import sharing
from i18n import _
from session import LocalTable

from py_engine import GAMES
from py_engine.core import RecordError

MAX_CHARS = 80  # longer fragments of ours are refused before anything else is read
OURS = ("new", "play", "replay", "edit")
MAX_EDIT = 120_000  # characters of an editor's fragment (a position is a few thousand; a long study more)


def parse(fragment: str) -> tuple[str, str] | None:
    """("home", "") for no fragment, ("new" | "play" | "replay", id) for a well-formed one of ours, ("bad", "")
    for a malformed or unknown one of ours; None for a fragment another module reads (#join=, #record=, …)."""
    body = fragment[1:] if fragment.startswith("#") else fragment
    if not body:
        return ("home", "")
    if body.startswith("edit="):
        arg = body[len("edit="):]
        return ("edit", arg) if 0 < len(arg) <= MAX_EDIT else ("bad", "")
    key, sep, arg = body[:MAX_CHARS + 1].partition("=")
    if key not in OURS:
        return None
    if not sep or len(body) > MAX_CHARS:
        return ("bad", "")
    if key == "new":
        return (key, arg) if arg in GAMES else ("bad", "")
    return (key, arg) if saves.valid_id(arg) else ("bad", "")


def fragment_of(app) -> str | None:
    """The address of the screen shown, or None where the address belongs to another module."""
    if app.screen == "home":
        return "" if app.table is None or isinstance(app.table, LocalTable) else None  # a guest keeps #playing
    if app.screen == "setup":
        return f"#new={app.setup['game']}"
    if app.screen == "table":
        sid = getattr(app.table, "save_id", None) if isinstance(app.table, LocalTable) else None
        return f"#play={sid}" if sid else None
    if app.screen == "replay":
        sid = getattr(app, "replay_save", None)
        return f"#replay={sid}" if sid else None
    if app.screen == "editor" and getattr(app, "editor", None) is not None:
        ed = app.editor
        if ed.returns_to is not None and ed.returns_to.study is not None:  # a new step's position being set up:
            ed = ed.returns_to  # the study it will join is what a reload brings back (without that draft)
        if ed.study is not None:
            return "#edit=" + records.encode(ed.study.data())
        return "#edit=" + records.encode(ed.data)
    return None


def open_editor(app, code: str) -> bool:
    """The editor with the position, or the study, of an #edit= fragment (bounded decoding, then the editor's
    and the study's own checks: a position or a step that breaks a rule opens with its refusal shown, as while
    editing); False for unreadable data."""
    try:
        data = records.decode(code)
        if not isinstance(data, dict):
            raise RecordError("not a position")
        if data.get("kind") == later.editor_study().S.KIND:
            app.editor = later.editor_study().reopen(data, later.editor().Editor)
        else:
            app.editor = later.editor().Editor(data)
    except (RecordError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return False
    app.screen, app.modal = "editor", None
    return True


def sync(app) -> None:
    """After a redraw: put the screen's address in the address bar (a new entry when the screen changed)."""
    target = fragment_of(app)
    shown, app.address_screen = getattr(app, "address_screen", None), app.screen
    if target is None or target == _current():
        return
    dom.set_address(target, push=shown is not None and shown != app.screen and not getattr(app, "following", False))


def _current() -> str:
    h = dom.address()
    return "" if h == "#" else h


def follow(app) -> bool:
    """Show the screen the address names (a reload, Back, Forward, a typed address); True when it changed."""
    route = parse(_current()[:MAX_EDIT + 7])
    if route is None or fragment_of(app) == _current():
        return False
    kind, arg = route
    app.following = True
    try:
        app.error, app.rules_for = "", None
        if kind == "new":
            app.open_setup(arg, keep=True)
        elif kind == "play":
            show_table(app, arg)
        elif kind == "replay":
            if not sharing.watch_saved(app, arg):
                app.screen, app.modal = "home", None
        elif kind == "edit":
            if not open_editor(app, arg):
                app.screen, app.modal = "home", None
                app.error = _("That editor link does not hold a position that can be read.")
        elif kind == "bad":
            app.screen, app.modal = "home", None
            app.error = _("That address does not lead to a game on this device.")
        else:
            app.screen, app.modal = "home", None
        if kind != "play":  # show_table draws the table itself
            app.redraw()
    finally:
        app.following = False
    return True


def show_table(app, sid: str) -> None:
    """The table of saved game `sid`: the one in memory when it is that game (a network game keeps its
    connections), else loaded as Continue does; a hot-seat game comes back under the cover."""
    t = app.table
    if isinstance(t, LocalTable) and getattr(t, "save_id", None) == sid:
        app.screen, app.modal, app.selected = "table", None, None
        if len(t.humans()) > 1 and not t.state.is_over():
            app.covered, app.handoff = True, False  # whoever comes back shows their own hand
        app.after_change()
    elif not sharing.continue_saved(app, sid):
        app.screen, app.modal = "home", None
        app.redraw()


def install(app) -> None:
    """Follow the address now (the page just loaded) and whenever it changes (Back, Forward, typed)."""
    dom.listen(js.window, "popstate", lambda _e: follow(app))
    dom.listen(js.window, "hashchange", lambda _e: follow(app))
    follow(app)
