"""The app shell: home, new-game dialog, the table, score sheet, hot-seat cover, bots.

All of #app is redrawn from Python state with one innerHTML per redraw; one delegated click
listener and one keydown listener turn data-act (legal actions) and data-cmd (UI commands)
into calls here.
"""

from __future__ import annotations

import json
import time

import dom
import js
import netplay
import sharing
from catalogue import catalogue
from pump import BotPump
from render import renderer
from render.markup import Safe, join, tag, text
from session import LocalTable, new_seed

from py_engine import GAMES
from py_engine.core import IllegalAction, RecordError

BOT_PAUSE = 0.6  # seconds a bot's move stays highlighted before the next decision


class App(BotPump):
    def __init__(self) -> None:
        self.screen = "home"
        self.setup: dict = {}
        self.table: LocalTable | None = None
        self.selected = None
        self.viewer: int | None = None
        self.covered = False
        self.rounds_seen = 0
        self.modal: str | None = None
        self.error = ""

    # --- drawing --------------------------------------------------------------------------
    def redraw(self) -> None:
        focus_key = None
        active = js.document.activeElement
        if active and active.getAttribute and active.getAttribute("data-key"):
            focus_key = active.getAttribute("data-key")
        body = {"home": self.home_html, "setup": self.setup_html, "table": self.table_html,
                "net": lambda: netplay.screen_html(self)}.get(self.screen, lambda: sharing.screen_html(self))()
        opened = [d.getAttribute("data-testid") for d in js.document.querySelectorAll("details[open][data-testid]")]
        dom.set_html("app", self.header_html() + body)
        for testid in opened:  # a disclosure the person opened stays open across redraws
            el = js.document.querySelector(f'details[data-testid="{testid}"]')
            if el:
                el.open = True
        if focus_key:
            dom.focus(f'[data-key="{focus_key}"]')

    def header_html(self) -> Safe:
        return tag("header", {"class": "top"},
                   tag("button", {"class": "linkish", "data-cmd": "home", "data-testid": "home"},
                       tag("img", {"src": "./icons/icon.svg", "alt": "", "width": 28, "height": 28}),
                       " Explorers' Table"),
                   tag("p", {"class": "error", "role": "alert", "data-testid": "error"}, self.error)
                   if self.error else None)

    def home_html(self) -> Safe:
        items = []
        for entry in catalogue():
            ready = entry["ready"]
            button = (tag("button", {"data-cmd": "setup", "data-arg": entry["id"], "data-testid": f"new-{entry['id']}"},
                          "New game") if ready else tag("span", {"class": "soon"}, "Coming soon"))
            items.append(tag("li", {"class": "game" if ready else "game later"}, tag("h2", None, entry["title"]),
                             tag("p", None, entry["blurb"]), tag("p", {"class": "meta"}, entry["players"], " players"),
                             button))
        return tag("main", {"class": "home"}, sharing.home_html(self), tag("h1", None, "Choose a game"),
                   tag("ul", {"class": "games"}, "", items))

    def setup_html(self) -> Safe:
        game = GAMES[self.setup["game"]]
        players = self.setup["players"]
        opts = []
        for o in game.options:
            val = self.setup["options"].get(o.name, o.default)
            if o.kind == "bool":
                ctl = tag("input", {"type": "checkbox", "data-opt": o.name, "checked": bool(val)})
            elif o.kind == "int":
                ctl = tag("input", {"type": "number", "data-opt": o.name, "min": o.low, "max": o.high, "value": val})
            else:
                ctl = tag("select", {"data-opt": o.name},
                          "", [tag("option", {"value": c, "selected": c == val}, c) for c in o.choices])
            opts.append(tag("label", {"class": "opt"}, ctl, " ", o.label,
                            tag("small", None, o.help) if o.help else None))
        count = None
        if game.max_players > game.min_players:
            count = tag("label", None, "Players ", tag(
                "select", {"data-cmd-change": "players", "data-testid": "player-count"},
                [tag("option", {"value": n, "selected": n == players}, n)
                 for n in range(game.min_players, game.max_players + 1)]))
        seats = []
        for i in range(players):
            kind = self.setup["seats"][i]
            choices = [("you", "You"), ("human", "Another person on this device"), ("bot1", "Bot — level 1 (easy)"),
                       ("bot2", "Bot — level 2"), ("bot3", "Bot — level 3 (strong)"),
                       ("remote", "Remote player (invite link)")]
            if i == 0:
                choices = choices[:1] + choices[2:]
            sel = [tag("option", {"value": v, "selected": v == kind}, t) for v, t in choices]
            seats.append(tag("li", None,
                             tag("label", None, "Seat ", i + 1, " ",
                                 tag("select", {"data-seat": i, "data-testid": f"seat-{i}"}, sel)), " ",
                             tag("label", None, "Name ", tag("input", {"data-name": i, "maxlength": 24,
                                                                      "value": self.setup["names"][i],
                                                                      "data-testid": f"name-{i}"}))))
        return tag("main", {"class": "setup"}, tag("h1", None, "New game: ", game.title),
                   tag("section", None, tag("h2", None, "Players"), count, tag("ol", {"class": "seats"}, "", seats)),
                   tag("section", None, tag("h2", None, "Options"), opts),
                   tag("p", None, tag("button", {"class": "primary", "data-cmd": "start", "data-testid": "start"},
                                      "Start"), " ", tag("button", {"data-cmd": "home"}, "Cancel")))

    def current_view(self) -> dict:
        return self.table.state.view(self.viewer)

    def table_html(self) -> Safe:
        table = self.table
        view = self.current_view()
        rmod = renderer(table.game.id)
        legal = table.legal(self.viewer) if self.viewer is not None and not self.covered else []
        ui = {"me": self.viewer, "names": table.names, "legal": legal, "selected": self.selected}
        if self.covered:
            board = cover_html(table.names[self.viewer])
            status = join(text(table.names[self.viewer]), "'s turn")
        else:
            board = rmod.render(view, ui)
            status = text(rmod.status_text(view, ui))
        buttons = rmod.action_buttons(view, ui) if not self.covered else None
        modal = self.modal_html(view)
        return tag("main", {"class": "table"},
                   tag("div", {"class": "status", "role": "status", "aria-live": "polite", "data-testid": "status"},
                       status, self.bot_thinking_text()),
                   tag("div", {"class": "board-wrap", "id": "board"}, board),
                   tag("div", {"class": "actions"}, buttons,
                       tag("button", {"data-cmd": "sheet", "data-testid": "open-sheet"}, "Score sheet"),
                       sharing.table_buttons(self)),
                   tag("aside", {"class": "side"}, table.panel_html(), rmod.summary(view, table.names),
                       tag("h2", None, "Log"), log_html(rmod, view, table.names)),
                   modal)

    def bot_thinking_text(self) -> Safe | None:
        seat = self.table.bot_to_move() if self.table else None
        if seat is None or self.modal:
            return None
        return join(" ", tag("span", {"class": "thinking", "data-testid": "thinking"}, self.table.names[seat],
                             " is thinking…"))

    def modal_html(self, view: dict) -> Safe:
        if self.modal == "sheet" or self.modal == "round":
            closing = ("next", "Next round", "next-round") if self.modal == "round" else ("close", "Close", "close")
            return sheet_dialog(renderer(self.table.game.id), view, self.table.names, *closing)
        if self.modal == "over":
            return over_dialog(renderer(self.table.game.id), view, self.table.names, sharing.over_buttons(self))
        return sharing.modal_html(self)

    # --- table flow -----------------------------------------------------------------------
    def choose_viewer(self) -> None:
        """Whose eyes the board is drawn for; a change between two people on this device covers the hand."""
        humans = self.table.humans()
        if not humans:
            self.viewer = None
            return
        if len(humans) == 1:
            self.viewer = humans[0]
            return
        to_move = [s for s in self.table.state.to_move() if s in humans]
        if to_move and to_move[0] != self.viewer:
            self.viewer = to_move[0]
            self.covered = True
            self.selected = None
        elif self.viewer is None:
            self.viewer = humans[0]

    def after_change(self) -> None:
        view = self.table.state.view(None)
        if len(view["history"]) > self.rounds_seen:
            self.modal = "over" if view["over"] else "round"
        if not self.modal:
            self.choose_viewer()
        self.redraw()
        dom.spawn(self.pump())

    def bots_may_move(self) -> bool:
        return self.screen == "table" and not self.modal

    async def after_bot_move(self, seat: int, action) -> None:
        self.autosave()
        view = self.table.state.view(None)
        if len(view["history"]) > self.rounds_seen:
            self.modal = "over" if view["over"] else "round"
        else:
            self.choose_viewer()
        self.redraw()
        await dom.yield_to_browser(BOT_PAUSE)

    def after_bots(self) -> None:
        if self.bots_may_move():
            self.choose_viewer()
            self.redraw()

    def autosave(self) -> None:
        """Into this table's own slot of the saved games (web/saves.py via sharing.autosave)."""
        sharing.autosave(self)

    # --- commands -------------------------------------------------------------------------
    def do_action(self, encoded: list) -> None:
        if self.viewer is None or self.covered:
            return
        try:
            self.table.act(self.viewer, encoded)
        except (IllegalAction, RecordError) as exc:
            self.error = f"That move is not allowed: {exc}"
            self.redraw()
            return
        self.error = ""
        self.selected = None
        self.autosave()
        self.after_change()

    def command(self, cmd: str, arg: str | None) -> None:
        self.error = ""
        if cmd == "home":
            self.screen, self.modal = "home", None
        elif cmd == "setup":
            self.open_setup(arg)
        elif cmd == "start":
            self.start_from_form()
            return
        elif cmd == "select":
            self.selected = None if self.selected == arg else arg
        elif cmd == "uncover":
            self.covered = False
        elif cmd == "sheet":
            self.modal = "sheet"
        elif cmd == "close":
            self.modal = None
        elif cmd == "next":
            self.rounds_seen = len(self.table.state.view(None)["history"])
            self.modal = None
            self.after_change()
            return
        elif cmd.startswith("net-"):
            netplay.command(self, cmd, arg)
            return
        elif cmd == "again":
            self.open_setup(self.table.game.id, keep=True)
        elif sharing.command(self, cmd, arg):
            return
        self.redraw()

    def open_setup(self, game_id: str, keep: bool = False) -> None:
        game = GAMES[game_id]
        if not keep or self.setup.get("game") != game_id:
            n = game.min_players
            self.setup = {"game": game_id, "players": n, "options": {},
                          "seats": ["you"] + ["bot1"] * (game.max_players - 1),
                          "names": ["You"] + [f"Player {i + 1}" for i in range(1, game.max_players)]}
        self.screen, self.modal = "setup", None

    def read_form(self) -> None:
        game = GAMES[self.setup["game"]]
        for el in js.document.querySelectorAll("[data-opt]"):
            name = el.getAttribute("data-opt")
            opt = next(o for o in game.options if o.name == name)
            if opt.kind == "bool":
                self.setup["options"][name] = bool(el.checked)
            elif opt.kind == "int":
                try:
                    self.setup["options"][name] = max(opt.low, min(opt.high, int(el.value)))
                except ValueError:
                    self.setup["options"][name] = opt.default
            else:
                self.setup["options"][name] = el.value
        for el in js.document.querySelectorAll("[data-seat]"):
            self.setup["seats"][int(el.getAttribute("data-seat"))] = el.value
        for el in js.document.querySelectorAll("[data-name]"):
            self.setup["names"][int(el.getAttribute("data-name"))] = el.value

    def start_from_form(self) -> None:
        self.read_form()
        n = self.setup["players"]
        seats = []
        for i in range(n):
            kind = self.setup["seats"][i]
            if kind.startswith("bot"):
                seats.append({"kind": "bot", "level": int(kind[3:]), "name": self.setup["names"][i] or f"Bot {i + 1}"})
            else:
                seats.append({"kind": "remote" if kind == "remote" else "human", "name": self.setup["names"][i]})
        seed = new_seed()
        try:
            table = LocalTable(self.setup["game"], n, seed, dict(self.setup["options"]), seats)
        except (RecordError, ValueError) as exc:
            self.error = str(exc)
            self.redraw()
            return
        self.begin(table)

    def begin(self, table: LocalTable) -> None:
        if not sharing.may_replace(self, table):  # a live network table is dropped only when confirmed
            return
        self.table = table
        netplay.attach(self, table)
        self.screen, self.modal, self.selected, self.covered, self.viewer = "table", None, None, False, None
        self.rounds_seen = len(table.state.view(None)["history"])
        self.choose_viewer()
        self.covered = False  # the first person to play is already at the device
        self.autosave()
        self.after_change()

    # --- events ---------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = event.target.closest("[data-act],[data-cmd]") if event.target.closest else None
        if not el:
            return
        self.activate(el)

    def activate(self, el) -> None:
        act = el.getAttribute("data-act")
        if act:
            try:
                encoded = json.loads(act)
            except ValueError:
                return
            self.do_action(encoded)
            return
        self.command(el.getAttribute("data-cmd"), el.getAttribute("data-arg"))

    def on_change(self, event) -> None:
        el = event.target
        if el.getAttribute("data-cmd-change") == "players":
            self.read_form()
            self.setup["players"] = int(el.value)
            self.redraw()
        elif el.getAttribute("data-cmd-change"):
            sharing.on_change(self, el)

    def on_key(self, event) -> None:
        key = event.key
        target = event.target
        if key in ("Enter", " ") and target.getAttribute and (target.getAttribute("data-act")
                                                                or target.getAttribute("data-cmd")):
            if target.tagName.lower() in ("button", "input", "select"):
                return  # native controls handle Enter/Space themselves
            event.preventDefault()
            self.activate(target)
        elif key == "Escape" and self.selected is not None:
            self.selected = None
            self.redraw()
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            items = list(js.document.querySelectorAll('#board [tabindex="0"]'))
            if not items:
                return
            event.preventDefault()
            keys = [i.getAttribute("data-key") for i in items]
            cur = target.getAttribute("data-key") if target.getAttribute else None
            idx = keys.index(cur) if cur in keys else -1
            step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
            items[(idx + step) % len(items)].focus()


# --- dialogs (pure: callable without a browser, so the hostile-input tests render them) ----------
def match_result_html(view: dict, names: list[str]) -> Safe:
    """Final ranks from the engine's result; a tie is a shared win."""
    res = view["result"]
    winners = [names[w] for w in res["winners"]]
    if len(winners) == 1:
        head = join(text(winners[0]), " wins!")
    else:
        head = join("Shared win: ", join(*[join(", " if i else "", text(w)) for i, w in enumerate(winners)]))
    rows = [tag("tr", None, tag("td", None, r), tag("td", None, names[i]),
                tag("td", {"data-testid": f"final-{i}"}, res["scores"][i]))
            for i, r in sorted(enumerate(res["ranks"]), key=lambda x: x[1])]
    return join(tag("h2", {"data-testid": "result-head"}, head),
                tag("table", {"class": "result"}, tag("tr", None, tag("th", None, "Rank"), tag("th", None, "Player"),
                                                      tag("th", None, "Score")), rows))


def cover_html(name: str) -> Safe:
    """The hot-seat cover: nothing of the hand until the named person shows it."""
    return tag("div", {"class": "cover", "data-testid": "cover"},
               tag("p", None, "Pass the device to ", tag("strong", None, name), "."),
               tag("button", {"class": "primary", "data-cmd": "uncover", "data-testid": "uncover",
                              "data-key": "uncover"}, "Show ", name, "'s hand"))


def log_html(rmod, view: dict, names: list[str]) -> Safe:
    """The last 60 log entries; a renderer's log_text(entry, names) turns data entries into words."""
    log_text = getattr(rmod, "log_text", lambda e, names: e["text"])
    items = []
    for e in view["log"][-60:]:
        seat = e.get("seat")
        who = join(tag("b", None, names[seat], ":"), " ") if seat is not None else None
        items.append(tag("li", None, who, log_text(e, names)))
    return tag("ol", {"class": "log", "data-testid": "log"}, "", items)


def sheet_dialog(rmod, view: dict, names: list[str], cmd: str, label: str, testid: str) -> Safe:
    """The score sheet in a dialog, closed by one button (Close, Next round)."""
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": "Score sheet"},
               rmod.score_sheet(view, names),
               tag("p", None, tag("button", {"class": "primary", "data-cmd": cmd, "data-testid": testid,
                                             "data-key": testid}, label)))


def over_dialog(rmod, view: dict, names: list[str], extra: Safe | None = None) -> Safe:
    """The match result and the final score sheet."""
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": "Match result"},
               match_result_html(view, names), rmod.score_sheet(view, names),
               tag("p", None, tag("button", {"class": "primary", "data-cmd": "again", "data-testid": "new-game",
                                             "data-key": "new-game"}, "New game"), " ",
                   tag("button", {"data-cmd": "home"}, "Home"), extra))


def start() -> None:
    t0 = time.time()
    app = App()
    root = dom.by_id("app")
    dom.listen(root, "click", app.on_click)
    dom.listen(root, "change", app.on_change)
    dom.listen(js.document, "keydown", app.on_key)
    dom.expose("explorersRecord", lambda: app.table.record_json() if app.table else "null")
    dom.expose("explorersScores", lambda: json.dumps(app.table.state.scores()) if app.table else "null")
    netplay.install(app)
    sharing.start(app)
    app.redraw()
    js.explorersLoaded()
    js.console.info(f"Explorers' Table ready in {time.time() - t0:.2f}s after Python start")
