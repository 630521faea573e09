"""Shell features around records: Continue, import (file or link), export (file or link), the replay
viewer screen, undo and the "Embed this position" snippet.

The shell calls these hooks (home_html, table_buttons, over_buttons, modal_html, screen_html,
command, on_change, start); what they need lives on the App instance (app.replay, app.replay_seats,
app.share), so the shell itself stays generic.
"""

from __future__ import annotations

import dom
import js
import records
from render.markup import Safe, join, tag
from replay import COMMANDS as REPLAY_COMMANDS
from replay import Replay
from session import LocalTable

from py_engine import GAMES
from py_engine.core import IllegalAction, Record, RecordError

AUTOSAVE = "explorers.autosave"
PLAY_STEP = 0.9  # seconds per move while a replay plays
COMMANDS = {"continue", "watch-last", "import-link", "share", "embed", "download", "copy", "close-share", "undo",
            "watch", "play-from-here", *REPLAY_COMMANDS}
LOAD_ERRORS = (RecordError, IllegalAction, ValueError, TypeError, KeyError, IndexError, AttributeError)


# --- home: continue and import ------------------------------------------------------------------
def autosave_info() -> dict | None:
    """What the autosave holds (game, moves, over) without replaying it; None if empty or unreadable."""
    data = dom.storage_get(AUTOSAVE)
    if not isinstance(data, dict):
        return None
    try:
        rec = Record.from_json(data.get("record"))
    except RecordError:
        return None
    return {"title": GAMES[rec.game_id].title, "moves": len(rec.moves), "data": data}


def home_html(app) -> Safe:
    info = autosave_info()
    parts = [tag("h2", None, "Your games")]
    if info:
        parts.append(tag("button", {"class": "primary", "data-cmd": "continue", "data-testid": "continue"},
                         "Continue: ", info["title"], " (move ", info["moves"], ")"))
        parts.append(tag("button", {"data-cmd": "watch-last", "data-testid": "watch-last"}, "Watch its replay"))
    parts.append(IMPORT_HTML)
    return tag("section", {"class": "records", "data-testid": "records"}, parts)


IMPORT_HTML = join(
    tag("label", None, "Open a game file ", tag("input", {"type": "file", "accept": ".json,application/json",
                                                         "data-cmd-change": "import-file",
                                                         "data-testid": "import-file"})),
    tag("label", None, "or a game link ", tag("input", {"type": "url", "id": "import-link",
                                                       "data-testid": "import-link", "placeholder": "…#record=…"})),
    " ", tag("button", {"data-cmd": "import-link", "data-testid": "import-link-open"}, "Open link"))


def open_replay(app, imported: records.Imported, at: int = 0, seat: int | None = None) -> None:
    app.replay = Replay(imported.record, imported.names, seat=seat, at=at)
    app.replay_seats = imported.seats
    app.screen, app.modal, app.error = "replay", None, ""


def import_text(app, text: str, source: str) -> None:
    """Open a record from a file's text or a link; on any error only a message appears."""
    try:
        imported = records.parse_text(text)
    except RecordError as exc:
        app.error = f"Could not open that {source}: {exc}"
    else:
        open_replay(app, imported)
    app.redraw()


async def import_file(app, el) -> None:
    files = el.files
    if not files or not files.length:
        return
    f = files.item(0)
    if f.size > records.MAX_TEXT:
        app.error = "Could not open that file: it is too large to be a game record"
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


def table_buttons(app) -> Safe:
    if not has_record(app):
        return Safe("")
    out = []
    if undo_count(app):
        out.append(tag("button", {"data-cmd": "undo", "data-testid": "undo", "data-key": "undo"}, "Undo"))
    out.append(tag("button", {"data-cmd": "share", "data-testid": "share"}, "Share game"))
    out.append(tag("button", {"data-cmd": "embed", "data-testid": "embed"}, "Embed this position"))
    return join(out)


def has_record(app) -> bool:
    """False on a guest's table (web/netplay.py): the record, with every hand, stays on the host."""
    return hasattr(getattr(app.table, "state", None), "record")


def over_buttons(app) -> Safe:
    if not has_record(app):
        return Safe("")
    return join(" ", tag("button", {"data-cmd": "watch", "data-testid": "watch-replay", "data-key": "watch-replay"},
                         "Watch replay"),
                " ", tag("button", {"data-cmd": "share", "data-testid": "share-over"}, "Share game"))


def source(app) -> tuple[Record, list[dict] | None, list[str], int]:
    """The record on screen (table or replay), its seats, names and the shown step."""
    if app.screen == "replay":
        rp = app.replay
        seats = getattr(app, "replay_seats", None)
        return rp.record, seats or [{"kind": "human", "name": n} for n in rp.names], rp.names, rp.k
    t = app.table
    return t.state.record, t.seats, t.names, len(t.state.record.moves)


def page_url() -> str:
    return str(js.location.href).split("#")[0]


def _select(name: str, choices: list, cur) -> Safe:
    return tag("select", {"data-cmd-change": f"embed-{name}", "data-testid": f"embed-{name}"},
               [tag("option", {"value": v, "selected": str(v) == str(cur)}, t) for v, t in choices])


def share_html(app) -> Safe:
    record, seats, names, k = source(app)
    data = records.export_data(record, seats)
    opts = getattr(app, "share", None) or {}
    if opts.get("kind") == "embed":
        mode, theme = opts.get("mode", "position"), opts.get("theme", "light")
        seat = opts.get("seat")
        url = records.embed_url(page_url(), data, mode=mode, move=k, seat=seat, theme=theme)
        title = f"{GAMES[record.game_id].title}: position after move {k}"
        snippet = records.iframe_snippet(url, title)
        seat_choices = [("spectator", "Spectator (no hands)")] + [(str(i), f"{n}'s view") for i, n in enumerate(names)]
        modes = [("position", "this position"), ("replay", "the replay"), ("play", "a game from here against a bot")]
        body = [tag("h2", None, "Embed this position (move ", k, ")"),
                tag("p", None, "Paste this into any web page; the board scales to the width of its box."),
                tag("p", {"class": "share"},
                    tag("label", None, "Show ", _select("mode", modes, mode)), " ",
                    tag("label", None, "Seen by ",
                        _select("seat", seat_choices, "spectator" if seat is None else seat)),
                    " ", tag("label", None, "Theme ", _select("theme", [("light", "light"), ("dark", "dark")], theme))),
                tag("p", {"class": "share"}, tag("textarea", {"readonly": True, "id": "embed-snippet",
                                                              "data-testid": "embed-snippet",
                                                              "aria-label": "Embed code"}, snippet)),
                tag("p", None, tag("button", {"data-cmd": "copy", "data-arg": "embed-snippet"}, "Copy code"), " ",
                    tag("a", {"href": url, "target": "_blank", "rel": "noopener", "data-testid": "embed-preview"},
                        "Preview"))]
    else:
        link = records.link(page_url(), data)
        size = len(records.export_text(record, seats)) // 1024 + 1
        body = [tag("h2", None, "Share this game"),
                tag("p", None, tag("button", {"class": "primary", "data-cmd": "download", "data-testid": "download"},
                                   "Download game file"),
                    " ", tag("small", None, len(record.moves), " moves, ", size, " KB")),
                tag("p", {"class": "share"},
                    tag("label", None, "Link that opens the replay", tag("br"),
                        tag("input", {"readonly": True, "id": "share-link", "data-testid": "share-link",
                                      "value": link})),
                    " ", tag("button", {"data-cmd": "copy", "data-arg": "share-link"}, "Copy link")),
                tag("p", None, tag("small", None, "Until the game is over, a file or link holds the moves and a "
                                                  "seal on the deal, not the cards: share it again at the end."))]
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": "Share",
                       "data-testid": "share-modal"}, body,
               tag("p", None, tag("button", {"data-cmd": "close-share", "data-testid": "close-share",
                                             "data-key": "close-share"}, "Close")))


def modal_html(app) -> Safe:
    return share_html(app) if app.modal == "share" else Safe("")


# --- the replay screen --------------------------------------------------------------------------
def screen_html(app) -> Safe:
    rp = app.replay
    extra = []
    state = rp.state_at(rp.k)
    if not state.is_over():
        extra.append(tag("button", {"data-cmd": "play-from-here", "data-testid": "play-from-here"},
                         "Play on from here"))
    extra.append(tag("button", {"data-cmd": "share", "data-testid": "share"}, "Share game"))
    extra.append(tag("button", {"data-cmd": "embed", "data-testid": "embed"}, "Embed this position"))
    return join(rp.html(join(extra)), modal_html(app))


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
        info = autosave_info()
        try:
            table = LocalTable.load(info["data"])
        except LOAD_ERRORS as exc:
            app.error = f"Could not continue the saved game: {exc}"
        else:
            app.begin(table)
            if table.state.is_over():
                app.modal = "over"
                app.redraw()
            return True
    elif cmd == "watch-last":
        try:
            open_replay(app, records.load(autosave_info()["data"]))
        except LOAD_ERRORS as exc:
            app.error = f"Could not open the saved game: {exc}"
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
        dom.download_text(records.file_name(record), records.export_text(record, seats))
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
        seat = app.viewer if len(t.humans()) == 1 else None
        open_replay(app, records.Imported(t.state.record.copy(), t.names, t.seats, t.state), seat=seat)
    elif cmd == "play-from-here":
        try:
            play_from_here(app)
        except LOAD_ERRORS as exc:
            app.error = f"Could not start from this position: {exc}"
        else:
            return True
    app.redraw()
    return True


def on_change(app, el) -> bool:
    name = el.getAttribute("data-cmd-change") or ""
    if name == "import-file":
        dom.spawn(import_file(app, el))
    elif name == "rp-seat" and app.screen == "replay":
        app.replay.set_seat(str(el.value))
        app.redraw()
    elif name.startswith("embed-") and getattr(app, "share", None):
        key, value = name[6:], str(el.value)
        app.share[key] = (int(value) if value.isdigit() else None) if key == "seat" else value
        app.redraw()
    else:
        return False
    return True


def start(app) -> None:
    """Open a record link the page was started with, and any pasted into the address bar later."""
    app.replay, app.replay_seats, app.share = None, None, None
    open_from_hash(app)

    def on_hash(_event) -> None:
        if open_from_hash(app):
            app.redraw()

    dom.listen(js.window, "hashchange", on_hash)
