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
from render.svg import esc
from session import LocalTable

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

    def header_html(self) -> str:
        return ('<header class="top"><button class="linkish" data-cmd="home" data-testid="home">'
                '<img src="./icons/icon.svg" alt="" width="28" height="28"> Explorers\' Table</button>'
                + (f'<p class="error" role="alert" data-testid="error">{esc(self.error)}</p>' if self.error else "")
                + "</header>")

    def home_html(self) -> str:
        items = []
        for entry in catalogue():
            ready = entry["ready"]
            button = (f'<button data-cmd="setup" data-arg="{entry["id"]}" data-testid="new-{entry["id"]}">New game'
                      f'</button>' if ready else '<span class="soon">Coming soon</span>')
            items.append(f'<li class="game{"" if ready else " later"}"><h2>{esc(entry["title"])}</h2>'
                         f'<p>{esc(entry["blurb"])}</p><p class="meta">{esc(entry["players"])} players</p>'
                         f'{button}</li>')
        return (f'<main class="home">{sharing.home_html(self)}<h1>Choose a game</h1>'
                f'<ul class="games">{"".join(items)}</ul></main>')

    def setup_html(self) -> str:
        game = GAMES[self.setup["game"]]
        players = self.setup["players"]
        opts = []
        for o in game.options:
            val = self.setup["options"].get(o.name, o.default)
            if o.kind == "bool":
                ctl = f'<input type="checkbox" data-opt="{o.name}" {"checked" if val else ""}>'
            elif o.kind == "int":
                ctl = (f'<input type="number" data-opt="{o.name}" min="{o.low}" max="{o.high}" value="{val}">')
            else:
                ctl = f'<select data-opt="{o.name}">' + "".join(
                    f'<option value="{esc(c)}" {"selected" if c == val else ""}>{esc(c)}</option>'
                    for c in o.choices) + "</select>"
            opts.append(f'<label class="opt">{ctl} {esc(o.label)}'
                        + (f'<small>{esc(o.help)}</small>' if o.help else "") + "</label>")
        count = ""
        if game.max_players > game.min_players:
            count = '<label>Players <select data-cmd-change="players" data-testid="player-count">' + "".join(
                f'<option value="{n}" {"selected" if n == players else ""}>{n}</option>'
                for n in range(game.min_players, game.max_players + 1)) + "</select></label>"
        seats = []
        for i in range(players):
            kind = self.setup["seats"][i]
            choices = [("you", "You"), ("human", "Another person on this device"), ("bot1", "Bot — level 1 (easy)"),
                       ("bot2", "Bot — level 2"), ("bot3", "Bot — level 3 (strong)"),
                       ("remote", "Remote player (invite link)")]
            if i == 0:
                choices = choices[:1] + choices[2:]
            sel = "".join(f'<option value="{v}" {"selected" if v == kind else ""}>{t}</option>' for v, t in choices)
            seats.append(f'<li><label>Seat {i + 1} <select data-seat="{i}" data-testid="seat-{i}">{sel}</select>'
                         f'</label> <label>Name <input data-name="{i}" maxlength="24" '
                         f'value="{esc(self.setup["names"][i])}" data-testid="name-{i}"></label></li>')
        return (f'<main class="setup"><h1>New game: {esc(game.title)}</h1>'
                f'<section><h2>Players</h2>{count}<ol class="seats">{"".join(seats)}</ol></section>'
                f'<section><h2>Options</h2>{"".join(opts)}</section>'
                '<p><button class="primary" data-cmd="start" data-testid="start">Start</button> '
                '<button data-cmd="home">Cancel</button></p></main>')

    def current_view(self) -> dict:
        return self.table.state.view(self.viewer)

    def table_html(self) -> str:
        table = self.table
        view = self.current_view()
        rmod = renderer(table.game.id)
        legal = table.legal(self.viewer) if self.viewer is not None and not self.covered else []
        ui = {"me": self.viewer, "names": table.names, "legal": legal, "selected": self.selected}
        if self.covered:
            board = (f'<div class="cover" data-testid="cover"><p>Pass the device to '
                     f'<strong>{esc(table.names[self.viewer])}</strong>.</p>'
                     f'<button class="primary" data-cmd="uncover" data-testid="uncover" data-key="uncover">'
                     f'Show {esc(table.names[self.viewer])}\'s hand</button></div>')
            status = f"{esc(table.names[self.viewer])}'s turn"
        else:
            board = rmod.render(view, ui)
            status = esc(rmod.status_text(view, ui))
        buttons = rmod.action_buttons(view, ui) if not self.covered else ""
        log_text = getattr(rmod, "log_text", lambda e, names: e["text"])  # data entries -> words (renderer)
        log = "".join(f'<li>{"<b>" + esc(table.names[e["seat"]]) + ":</b> " if e.get("seat") is not None else ""}'
                      f'{esc(log_text(e, table.names))}</li>' for e in view["log"][-60:])
        modal = self.modal_html(view)
        thinking = self.bot_thinking_text()
        return (f'<main class="table"><div class="status" role="status" aria-live="polite" data-testid="status">'
                f'{status}{thinking}</div>'
                f'<div class="board-wrap" id="board">{board}</div>'
                f'<div class="actions">{buttons}'
                f'<button data-cmd="sheet" data-testid="open-sheet">Score sheet</button>'
                f'{sharing.table_buttons(self)}</div>'
                f'<aside class="side">{table.panel_html()}{rmod.summary(view, table.names)}'
                f'<h2>Log</h2><ol class="log" data-testid="log">{log}</ol></aside>{modal}</main>')

    def bot_thinking_text(self) -> str:
        seat = self.table.bot_to_move() if self.table else None
        if seat is None or self.modal:
            return ""
        return f' <span class="thinking" data-testid="thinking">{esc(self.table.names[seat])} is thinking…</span>'

    def modal_html(self, view: dict) -> str:
        if self.modal == "sheet" or self.modal == "round":
            closing = ("next", "Next round", "next-round") if self.modal == "round" else ("close", "Close", "close")
            return (f'<div class="modal" role="dialog" aria-modal="true" aria-label="Score sheet">'
                    f'{renderer(self.table.game.id).score_sheet(view, self.table.names)}'
                    f'<p><button class="primary" data-cmd="{closing[0]}" data-testid="{closing[2]}" '
                    f'data-key="{closing[2]}">{closing[1]}</button></p></div>')
        if self.modal == "over":
            return (f'<div class="modal" role="dialog" aria-modal="true" aria-label="Match result">'
                    f'{match_result_html(view, self.table.names)}'
                    f'{renderer(self.table.game.id).score_sheet(view, self.table.names)}'
                    '<p><button class="primary" data-cmd="again" data-testid="new-game" data-key="new-game">New game'
                    f'</button> <button data-cmd="home">Home</button>{sharing.over_buttons(self)}</p></div>')
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
        if self.table:
            dom.storage_set(getattr(self.table, "autosave_key", "explorers.autosave"), self.table.save())

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
        seed = int(js.Math.floor(js.Math.random() * 2147483647))
        try:
            table = LocalTable(self.setup["game"], n, seed, dict(self.setup["options"]), seats)
        except (RecordError, ValueError) as exc:
            self.error = str(exc)
            self.redraw()
            return
        self.begin(table)

    def begin(self, table: LocalTable) -> None:
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


def match_result_html(view: dict, names: list[str]) -> str:
    """Final ranks from the engine's result; a tie is a shared win."""
    res = view["result"]
    winners = [names[w] for w in res["winners"]]
    head = f"{esc(winners[0])} wins!" if len(winners) == 1 else "Shared win: " + ", ".join(esc(w) for w in winners)
    rows = "".join(f'<tr><td>{r}</td><td>{esc(names[i])}</td><td data-testid="final-{i}">{res["scores"][i]}</td></tr>'
                   for i, r in sorted(enumerate(res["ranks"]), key=lambda x: x[1]))
    return (f'<h2 data-testid="result-head">{head}</h2><table class="result"><tr><th>Rank</th><th>Player</th>'
            f'<th>Score</th></tr>{rows}</table>')


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
