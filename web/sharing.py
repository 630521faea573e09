"""Shell features around records: Continue, import (file or link), export (file or link), the replay
viewer screen, undo and the "Embed this position" snippet.

The shell calls these hooks (home_html, table_buttons, over_buttons, modal_html, screen_html,
command, on_change, start); what they need lives on the App instance (app.replay, app.replay_seats,
app.share), so the shell itself stays generic.
"""

from __future__ import annotations

import hashlib
import json

import catalogue
import dom
import i18n
import js
import later
import records
import saves
from i18n import N_, _, tdata, tr, trn
from render import progress
from render.markup import Safe, join, tag
from render.words import is_you
from replay import COMMANDS as REPLAY_COMMANDS
from replay import Replay
from session import LocalTable, shown_name

from py_engine import GAMES
from py_engine.core import IllegalAction, Record, RecordError, position
from py_engine.core.record import awaits_audit

AUTOSAVE = saves.LEGACY  # the current table, for the host's resume after a reload (web/netplay.py)
PLAY_STEP = 0.9  # seconds per move while a replay plays
COMMANDS = {"continue", "watch-last", "import-link", "share", "embed", "download", "copy", "close-share", "undo",
            "watch", "play-from-here", "delete-save", "delete-yes", "delete-no", "drop-net-ok", "drop-net-cancel",
            *REPLAY_COMMANDS}
LOAD_ERRORS = (RecordError, IllegalAction, ValueError, TypeError, KeyError, IndexError, AttributeError)




# --- home: saved games, continue and import ------------------------------------------------------

def now_ms() -> float:
    return float(js.Date.now())


def saved_games() -> saves.Saves:
    return saves.Saves(dom)


def when_text(ms: float) -> str:
    """A saved game's last change as the page's language writes dates (the browser's Intl)."""
    return dom.format_date(ms, i18n.language())


def host_to_resume() -> dict | None:
    """The autosave of a table this page hosted (a reload resumes it: web/netplay.py), else None."""
    saved = dom.storage_get(AUTOSAVE)
    return saved if isinstance(saved, dict) and saved.get("host") else None


def seats_text(entry: dict) -> str:
    kinds = {"bot": _("{name} (bot)"), "remote": _("{name} (remote)")}
    return _(", ").join(kinds[k].format(name=n) if k in kinds else shown_name(n, k)
                        for n, k in zip(entry.get("names", []), entry.get("kinds", [])))


SHOWN = 3  # saved games listed on the home page; the rest behind "All saved games"


def save_row(app, i: int, e: dict) -> Safe | None:
    """One saved game: title, seats, where it stands, date; Continue (or look at it), Watch, Delete. The
    first line's buttons keep the plain test ids (continue, watch-last)."""
    title = catalogue.title(e["game"])
    if not title:
        return None
    sid, n = e["id"], "" if i == 0 else f"-{i}"
    if getattr(app, "confirm_delete", None) == sid:
        actions = [tag("span", {"role": "alert"}, _("Delete this game for good?"), " "),
                   tag("button", {"data-cmd": "delete-yes", "data-arg": sid, "data-testid": f"delete-yes{n}"},
                       _("Yes, delete it")), " ",
                   tag("button", {"data-cmd": "delete-no", "data-testid": f"delete-no{n}"}, _("Keep it"))]
    else:
        actions = [tag("button", {"class": "primary" if i == 0 else None, "data-cmd": "continue", "data-arg": sid,
                                  "data-testid": f"continue{n}"}, _("Finished: look at it") if e.get("over")
                       else _("Continue")), " ",
                   tag("button", {"data-cmd": "watch-last", "data-arg": sid, "data-testid": f"watch-last{n}"},
                       _("Watch its replay")), " ",
                   tag("button", {"data-cmd": "delete-save", "data-arg": sid, "data-testid": f"delete{n}"},
                       _("Delete"))]
    where = progress.words(e["game"], e.get("progress"), e.get("moves", 0), bool(e.get("over")))
    return tag("li", {"class": "save", "data-testid": f"save-{i}", "data-save": sid},
               tag("strong", None, tdata(title)), " · ", seats_text(e), " · ",
               tag("span", {"data-testid": f"progress-{i}"}, where), " · ",
               tag("small", {"data-testid": f"when-{i}"}, when_text(e["time"])), tag("br"), actions)


def home_html(app, first: bool = False) -> Safe:
    """The saved games of this device, newest first: the first few, the rest behind "All saved games"; then
    import. A game nobody moved in is not listed. `first`: the part a phone shows above the games, where a
    player coming back finds it without scrolling past five game cards: the saved games alone (nothing when
    there are none), while the import stays at the foot (`home_html(app)` then holds only the import)."""
    box = saved_games()
    box.adopt_legacy(now_ms())
    box.drop_empty()
    rows = [r for r in (save_row(app, i, e) for i, e in enumerate(box.entries())) if r is not None]
    parts = [tag("h2", None, _("Your games"))]
    if rows:
        parts.append(tag("ul", {"class": "saves", "data-testid": "saves"}, rows[:SHOWN]))
    if len(rows) > SHOWN:
        parts.append(tag("details", {"class": "more-saves", "data-testid": "all-saves"},
                         tag("summary", None, tr("All saved games ({n})", n=len(rows))),
                         tag("ul", {"class": "saves"}, rows[SHOWN:])))
    if first:
        return tag("section", {"class": "records", "data-testid": "records"}, parts) if rows else Safe("")
    if getattr(app, "saves_first", False) and rows:  # already shown above the games
        return tag("section", {"class": "records", "data-testid": "import"}, import_html())
    parts.append(import_html())
    return tag("section", {"class": "records", "data-testid": "records"}, parts)


def autosave(app) -> None:
    """Save the table on screen into its own slot of the saved games (a new id for a new table), and as the
    current table for a host's resume after a reload. A guest's table saves only its seat and token."""
    t = app.table
    if t is None:
        return
    data = t.save()
    if not isinstance(t, LocalTable):
        dom.storage_set(getattr(t, "autosave_key", AUTOSAVE), data)
        record = t.record() if hasattr(t, "record") else None
        if record is not None:  # a guest's finished game, checked: kept in the saved games as a record, under an
            # id of its own record, so the same game saved again (after a reload, a rejoin) keeps one entry
            kept = record.to_json()
            sid = hashlib.sha256(json.dumps(kept, sort_keys=True).encode()).hexdigest()[:12]
            if getattr(t, "save_id", None) == sid:
                return  # this page saved it already: the record of a finished game does not change
            t.save_id = sid
            end = record.replay()
            saved_games().put(t.save_id, {"record": kept, "seats": t.seats}, True, now_ms(),
                              progress.facts(t.game.id, end.view(None)))
        return
    if not getattr(t, "save_id", None):
        t.save_id = saves.new_id()
    data = dict(data, save_id=t.save_id)
    dom.storage_set(AUTOSAVE, data)
    saved_games().put(t.save_id, data, t.state.is_over(), now_ms(), progress.facts(t.game.id, t.state.view(None)))


def live_network_table(app) -> bool:
    """A host's table with remote seats whose game is not over: replacing it drops the guests."""
    t = app.table
    return isinstance(t, LocalTable) and bool(t.remote_seats()) and t.link is not None and not t.state.is_over()


def may_replace(app, table) -> bool:
    """Whether the shell may put `table` in place of the one it shows: yes, unless that one is a live
    network table; then the page asks first (modal "drop-net") and begins `table` only when confirmed."""
    if table is app.table or not live_network_table(app) or getattr(app, "drop_ok", None) is table:
        app.drop_ok = None
        return True
    app.pending_table = table
    app.screen, app.modal = "table", "drop-net"
    app.redraw()
    return False


def drop_net_html(app) -> Safe:
    t = app.table
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true",
                       "aria-label": _("Network game running"), "data-testid": "drop-net"},
               tag("h2", None, _("Your network game is still running")),
               tag("p", None, tr("Starting another game closes the connection to {names}: they lose the table. This "
                                 "game stays in Your games and can be continued later with new invite links.",
                                 names=_(", ").join(t.names[s] for s in t.remote_seats()))),
               tag("p", None, tag("button", {"data-cmd": "drop-net-cancel", "data-testid": "drop-net-cancel",
                                             "data-key": "drop-net-cancel", "class": "primary", "data-escape": "1"},
                                  _("Keep the network game")), " ",
                   tag("button", {"data-cmd": "drop-net-ok", "data-testid": "drop-net-ok"},
                       _("Close it and start the other game"))))


def import_html() -> Safe:
    """Open a record file or link (the home page's import row)."""
    return join(
        tag("label", None, _("Open a game file"), " ",
            tag("input", {"type": "file", "accept": ".json,application/json", "data-cmd-change": "import-file",
                          "data-testid": "import-file"})),
        tag("label", None, _("or a game link"), " ",
            tag("input", {"type": "url", "id": "import-link", "data-testid": "import-link",
                          "placeholder": "…#record=…"})),
        " ", tag("button", {"data-cmd": "import-link", "data-testid": "import-link-open"}, _("Open link")))


def open_replay(app, imported: records.Imported, at: int = 0, seat: int | None = None,
                allowed: set | None = None) -> None:
    """The replay screen; `allowed` limits the seats whose eyes it may show (None: any seat)."""
    app.replay = Replay(imported.record, imported.names, seat=seat, at=at, allowed=allowed)
    app.replay_seats, app.replay_save = imported.seats, None  # replay_save: the saved game shown (its address)
    app.screen, app.modal, app.error = "replay", None, ""


def import_text(app, text: str, source: str) -> None:
    """Open a record from a file's text or a link; on any error only a message appears."""
    try:
        imported = records.parse_text(text)
    except RecordError as exc:
        app.error = (tr("Could not open that file: {reason}", reason=str(exc)) if source == "file"
                     else tr("Could not open that link: {reason}", reason=str(exc)))
    else:
        open_replay(app, imported)
    app.redraw()


async def import_file(app, el) -> None:
    files = el.files
    if not files or not files.length:
        return
    f = files.item(0)
    if f.size > records.MAX_TEXT:
        app.error = _("Could not open that file: it is too large to be a game record")
        app.redraw()
        return
    text = await f.text()
    import_text(app, str(text), "file")


def open_from_hash(app) -> bool:
    """Open '#record=...' of the page address in the replay viewer (True when there was one)."""
    encoded = records.fragment_record(str(js.location.hash or ""))
    if encoded is None:
        return False
    try:
        imported = records.load(records.decode(encoded))
    except RecordError as exc:
        app.screen, app.error = "home", f"Could not open that link: {exc}"
        return True
    open_replay(app, imported)
    return True


# --- table: undo, share, embed ------------------------------------------------------------------
def undo_count(app) -> int:
    """How many decisions the person at the screen may take back now (0 hides the button)."""
    t = app.table
    if not t or app.viewer is None or app.covered or app.modal or getattr(app, "pumping", False):
        return 0
    if getattr(t, "remote_seats", lambda: [])() or app.viewer not in t.state.to_move():
        return 0
    return t.state.undo_allowed(app.viewer)


def undo(app) -> None:
    t = app.table
    if not undo_count(app):
        return
    state = t.state.undone(app.viewer, 1)
    if hasattr(t, "host"):  # LocalTable over py_engine.net.Host: rebuild the host on the shorter record
        from py_engine.net import Host

        saved = t.host.save()
        saved["record"] = state.record.to_json()
        t.host = Host.resume(saved, on_change=t.host.on_change)
    else:
        t.state = state
    app.selected = None
    app.autosave()


def table_buttons(app, part: str = "all") -> Safe:
    """The table's record buttons: Undo (when a move can be taken back), Share game, Embed this position.
    `part`: "undo" or "share" for one group alone (a phone keeps Undo in its tool row, the rest in its menu)."""
    if not has_record(app):
        return Safe("")
    out = []
    if undo_count(app) and part in ("all", "undo"):
        out.append(tag("button", {"data-cmd": "undo", "data-testid": "undo", "data-key": "undo"}, _("Undo")))
    if part in ("all", "share"):
        out.append(tag("button", {"data-cmd": "share", "data-testid": "share"}, _("Share game")))
        out.append(tag("button", {"data-cmd": "embed", "data-testid": "embed"}, _("Embed this position")))
    return join(out)


def has_record(app) -> bool:
    """Whether the table on screen has a record to watch and share: always at a table this device keeps; at a
    guest's (web/netplay.py) only once the game is over and this seat checked it (until then the record, with
    every hand, stays on the host)."""
    t = app.table
    return isinstance(t, LocalTable) or (t is not None and hasattr(t, "record") and t.record() is not None)


def over_buttons(app) -> Safe:
    if not has_record(app):
        return Safe("")
    return join(" ", tag("button", {"data-cmd": "watch", "data-testid": "watch-replay", "data-key": "watch-replay"},
                         _("Watch replay")),
                " ", tag("button", {"data-cmd": "share", "data-testid": "share-over"}, _("Share game")))


def source(app) -> tuple[Record, list[dict] | None, list[str], int]:
    """The record on screen (table or replay), its seats, names and the shown step."""
    if app.screen == "replay":
        rp = app.replay
        seats = getattr(app, "replay_seats", None)
        return rp.record, seats or [{"kind": "human", "name": n} for n in rp.names], rp.names, rp.k
    t = app.table
    record = t.record()  # a game dealt by mental poker: its own record (web/session.py LocalTable.record)
    return record, t.seats, t.names, len(record.moves)


def sealed(record: Record) -> bool | None:
    """False (share it as unfinished) for a game dealt by mental poker whose deal is not in its record yet: it
    cannot be replayed before its audit; None otherwise (records.export_data finds out by replaying)."""
    return False if awaits_audit(record.fair) else None


def page_url() -> str:
    return str(js.location.href).split("#")[0]


def _select(name: str, choices: list, cur) -> Safe:
    return tag("select", {"data-cmd-change": f"embed-{name}", "data-testid": f"embed-{name}"},
               [tag("option", {"value": v, "selected": str(v) == str(cur)}, t) for v, t in choices])


def share_html(app) -> Safe:
    record, seats, names, k = source(app)
    data = records.export_data(record, seats, sealed(record))
    opts = getattr(app, "share", None) or {}
    if opts.get("kind") == "embed" and "seed" not in data:  # unfinished: an embed would need the deal
        body = [tag("h2", None, _("Embed this position")),
                tag("p", {"data-testid": "embed-later"}, _("An unfinished game cannot be embedded: the page showing "
                                                           "it would need the deal, and with it every hand. Embed it "
                                                           "once the game is over."))]
    elif opts.get("kind") == "embed":
        mode, theme = opts.get("mode", "position"), opts.get("theme", "light")
        seat = opts.get("seat")
        origin = opts.get("origin", "")
        url = records.embed_url(page_url(), data, mode=mode, move=k, seat=seat, theme=theme, origin=origin)
        title = tr("{title}: position after move {k}", title=tdata(GAMES[record.game_id].title), k=k)
        snippet = records.iframe_snippet(url, title, record.game_id)
        seat_choices = [("spectator", _("Spectator (no hands)"))] + [
            (str(i), _("Your view") if is_you(n) else tr("{name}'s view", name=n)) for i, n in enumerate(names)]
        modes = [("position", _("this position")), ("replay", _("the replay")),
                 ("play", _("a game from here against a bot"))]
        body = [tag("h2", None, tr("Embed this position (move {k})", k=k)),
                tag("p", None, _("Paste this into any web page; the board scales to the width of its box.")),
                tag("p", {"class": "share"},
                    tag("label", None, _("Show"), " ", _select("mode", modes, mode)), " ",
                    tag("label", None, _("Seen by"), " ",
                        _select("seat", seat_choices, "spectator" if seat is None else seat)),
                    " ", tag("label", None, _("Theme"), " ",
                             _select("theme", [("light", _("light")), ("dark", _("dark"))], theme))),
                tag("p", {"class": "share"},
                    tag("label", None, _("Your site's address (optional: then the frame talks only to it)"), " ",
                        tag("input", {"type": "url", "value": origin, "placeholder": records.EXAMPLE_SITE,
                                      "data-cmd-change": "embed-origin", "data-testid": "embed-origin",
                                      "aria-invalid": "true" if origin and not records.valid_origin(origin)
                                      else None})),
                    tag("small", {"data-testid": "embed-origin-bad"},
                        " ", _("Not a site address: write it like https://rules.example (no path)."))
                    if origin and not records.valid_origin(origin) else None),
                tag("p", {"class": "share"}, tag("textarea", {"readonly": True, "id": "embed-snippet",
                                                              "data-testid": "embed-snippet",
                                                              "aria-label": _("Embed code")}, snippet)),
                tag("p", None, tag("button", {"data-cmd": "copy", "data-arg": "embed-snippet"}, _("Copy code")), " ",
                    tag("a", {"href": url, "target": "_blank", "rel": "noopener", "data-testid": "embed-preview"},
                        _("Preview")))]
    else:
        link = records.link(page_url(), data)
        size = len(records.export_text(record, seats, sealed(record))) // 1024 + 1
        body = [tag("h2", None, _("Share this game")),
                tag("p", None, tag("button", {"class": "primary", "data-cmd": "download", "data-testid": "download"},
                                   _("Download game file")),
                    " ", tag("small", None, tr("{moves}, {size} KB", moves=trn("{n} move", "{n} moves",
                                                                                len(record.moves)), size=size))),
                tag("p", {"class": "share"},
                    tag("label", None, _("Link that opens the replay"), tag("br"),
                        tag("input", {"readonly": True, "id": "share-link", "data-testid": "share-link",
                                      "value": link})),
                    " ", tag("button", {"data-cmd": "copy", "data-arg": "share-link"}, _("Copy link"))),
                tag("p", None, tag("small", None, _("Until the game is over, a file or link holds the moves and a "
                                                    "seal on the deal, not the cards: share it again at the end.")))]
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": _("Share"),
                       "data-testid": "share-modal"}, body,
               tag("p", None, tag("button", {"data-cmd": "close-share", "data-testid": "close-share",
                                             "data-key": "close-share", "data-escape": "1"}, _("Close"))))


def modal_html(app) -> Safe:
    if app.modal == "drop-net" and live_network_table(app):
        return drop_net_html(app)
    return share_html(app) if app.modal == "share" else Safe("")


def private_replay(app, table, imported: records.Imported, at: int) -> None:
    """The replay of an unfinished game on this device shows only what the seat at the device may see:
    the one person's seat of a game against bots or remote players, else (hot-seat: whoever is at the
    device is not known here) the spectator view. A finished game's replay shows any seat."""
    if imported.state.is_over():
        open_replay(app, imported, at=at)
        return
    humans = table.humans() if table is not None else [i for i, s in enumerate(imported.seats or [])
                                                        if s.get("kind", "human") == "human"]
    seat = humans[0] if len(humans) == 1 else None
    open_replay(app, imported, at=at, seat=seat, allowed=set() if seat is None else {seat})


# --- the replay screen --------------------------------------------------------------------------
def screen_html(app) -> Safe:
    rp = app.replay
    extra = []
    state = rp.state_at(rp.k)
    if not state.is_over() and rp.allowed is None:  # an unfinished game's own replay: no branching off
        extra.append(tag("button", {"data-cmd": "play-from-here", "data-testid": "play-from-here"},
                         _("Play on from here")))
    extra.append(tag("button", {"data-cmd": "share", "data-testid": "share"}, _("Share game")))
    extra.append(tag("button", {"data-cmd": "embed", "data-testid": "embed"}, _("Embed this position")))
    if position.has_editor(rp.record.game_id) and not state.is_over():
        extra.append(tag("button", {"data-cmd": "ed-from-replay", "data-testid": "edit-position"},
                         _("Set up a position from here")))
        extra.append(later.editor_study().replay_button(rp))
    return join(rp.html(join(extra), dom.narrow_screen()), modal_html(app))


async def play_loop(app) -> None:
    while app.screen == "replay" and app.replay.playing:
        await dom.yield_to_browser(PLAY_STEP)
        if app.screen != "replay" or not app.replay.playing:
            break
        app.replay.tick()
        app.redraw()
        dom.scroll_into_view('.moves [aria-current="step"]')


def play_from_here(app) -> None:
    rp = app.replay
    record = rp.record.copy()
    record.moves = record.moves[:rp.k]
    seats = getattr(app, "replay_seats", None) or (
        [{"kind": "human", "name": rp.names[0]}]
        + [{"kind": "bot", "level": 1, "name": n} for n in rp.names[1:]])
    table = LocalTable(record.game_id, record.players, record.seed, record.options, seats, record=record)
    app.begin(table)


# --- saved games: continue, watch ------------------------------------------------------------------
UNAUDITED = N_("This game can be watched once both devices have checked its deal (the audit at the end).")


def _load_saved(app, sid: str, load, failed: str):
    """Saved game `sid` read by `load` (LocalTable.load or records.load), or None with app.error saying why
    (`failed`: the message, with {reason})."""
    data = saved_games().current(sid)
    if data is None:
        app.error = _("That saved game is not on this device.")
        return None
    try:
        return load(data)
    except LOAD_ERRORS as exc:
        app.error = tr(failed, reason=str(exc))
        return None


def continue_saved(app, sid: str) -> bool:
    """Put saved game `sid` on the table (True; drawn), or say why not (False, app.error). A finished game opens
    on its result; a hot-seat game under the cover (nobody's hand until that person is at the device)."""
    table = _load_saved(app, sid, LocalTable.load, N_("Could not continue the saved game: {reason}"))
    if table is None:
        return False
    table.save_id = sid
    app.begin(table)
    if app.table is not table:  # waiting for the confirmation to leave a network game
        return True
    if table.state.is_over():
        app.modal = "over"
    elif len(table.humans()) > 1:
        app.covered, app.selected = True, None
    app.redraw()
    return True


def _unaudited(data: object) -> bool:
    """A saved game dealt by mental poker whose deal is not in its record yet (it ends with the audit)."""
    record = data.get("record") if isinstance(data, dict) else None
    return awaits_audit(record.get("fair") if isinstance(record, dict) else None)


def watch_saved(app, sid: str) -> bool:
    """The replay of saved game `sid` (as private as private_replay allows), or why not (False, app.error)."""
    if _unaudited(saved_games().current(sid)):
        app.error = _(UNAUDITED)
        return False
    imported = _load_saved(app, sid, records.load, N_("Could not open the saved game: {reason}"))
    if imported is None:
        return False
    private_replay(app, None, imported, at=0)
    app.replay_save = sid
    return True


# --- dispatch -----------------------------------------------------------------------------------
def command(app, cmd: str, arg: str | None) -> bool:
    """Run one of this module's commands (and redraw); False when `cmd` is not one."""
    if cmd not in COMMANDS:
        return False
    if cmd in REPLAY_COMMANDS:
        app.replay.command(cmd, arg)
        app.redraw()
        dom.scroll_into_view('.moves [aria-current="step"]')
        if cmd == "rp-play" and app.replay.playing:
            dom.spawn(play_loop(app))
        return True
    if cmd == "continue":
        if continue_saved(app, arg or ""):
            return True
    elif cmd == "watch-last":
        watch_saved(app, arg or "")
    elif cmd == "delete-save":
        app.confirm_delete = arg
    elif cmd == "delete-yes":
        if arg == getattr(app, "confirm_delete", None):
            saved_games().delete(arg)
        app.confirm_delete = None
    elif cmd == "delete-no":
        app.confirm_delete = None
    elif cmd == "drop-net-ok":
        table, app.pending_table, app.modal = getattr(app, "pending_table", None), None, None
        if table is not None:
            app.drop_ok = table
            app.begin(table)
            return True
    elif cmd == "drop-net-cancel":
        app.pending_table, app.modal = None, None
    elif cmd == "import-link":
        el = js.document.getElementById("import-link")
        import_text(app, str(el.value) if el else "", "link")
        return True
    elif cmd in ("share", "embed"):
        app.share = {"kind": cmd, "mode": "position", "theme": "light", "seat": None}
        app.modal = "share"
    elif cmd == "close-share":
        app.modal = None if app.screen == "replay" or not app.table.state.is_over() else "over"
    elif cmd == "download":
        record, seats, _names, _k = source(app)
        dom.download_text(records.file_name(record), records.export_text(record, seats, sealed(record)))
        return True
    elif cmd == "copy":
        el = js.document.getElementById(arg or "")
        if el:
            el.select()
            dom.spawn(dom.copy_text(str(el.value)))
        return True
    elif cmd == "undo":
        undo(app)
        app.after_change()
        return True
    elif cmd == "watch":
        t = app.table
        record = t.record().copy()
        try:  # a game dealt by mental poker: the whole game, every hand known, from its audited record
            state = t.state if isinstance(t, LocalTable) and record.fair is None else record.replay()
        except LOAD_ERRORS as exc:
            app.error = (_(UNAUDITED) if awaits_audit(record.fair) else
                         tr("Could not open the replay: {reason}", reason=str(exc)))
            app.redraw()
            return True
        imported = records.Imported(record, t.names, t.seats, state)
        private_replay(app, t, imported, at=0)
        app.replay_save = getattr(t, "save_id", None)
    elif cmd == "play-from-here":
        try:
            play_from_here(app)
        except LOAD_ERRORS as exc:
            app.error = tr("Could not start from this position: {reason}", reason=str(exc))
        else:
            return True
    app.redraw()
    return True


def on_change(app, el) -> bool:
    name = el.getAttribute("data-cmd-change") or ""
    if name == "import-file":
        dom.spawn(import_file(app, el))
    elif name == "rp-seat" and app.screen == "replay":
        app.replay.set_seat(str(el.value))  # only a seat the replay allows
        app.redraw()
    elif name.startswith("embed-") and getattr(app, "share", None):
        key, value = name[6:], str(el.value)
        if key == "origin":
            value = value.strip()[:200]
        app.share[key] = (int(value) if value.isdigit() else None) if key == "seat" else value
        app.redraw()
    else:
        return False
    return True


def start(app) -> None:
    """Open a record link the page was started with, and any pasted into the address bar later."""
    app.replay, app.replay_seats, app.replay_save, app.share = None, None, None, None
    open_from_hash(app)

    def on_hash(_event) -> None:
        if open_from_hash(app):
            app.redraw()

    dom.listen(js.window, "hashchange", on_hash)
