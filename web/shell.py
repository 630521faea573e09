"""The app shell: home, new-game dialog, the table, score sheet, hot-seat cover, bots.

All of #app is redrawn from Python state with one innerHTML per redraw; one delegated click
listener and one keydown listener turn data-act (legal actions), data-acts (several, in order) and
data-cmd (UI commands) into calls here.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

import address
import catalogue
import dom
import i18n
import js
import later
import packs
import rules
import sharing
from clicks import play_click, read_click
from i18n import N_, _, tdata, tr
from logpanel import LogPanel, log_items, log_list
from pace import SPEED_KEY, TurnPacer, speed_name
from press import PressHold
from pump import BotPump
from render import renderer
from render.markup import Safe, join, tag, text
from render.recent import recent_moves
from render.svg import frame_zoom
from render.words import is_you, result_head, result_rows
from session import LocalTable, new_seed

from py_engine import GAMES
from py_engine.core import IllegalAction, RecordError
from py_engine.core.options import shown_options
from py_engine.games import ABOUT


class App(BotPump, PressHold):
    bot_pause = 0.0  # bot moves are paced per turn (web/pace.py): self.pacer, made with the stored bot speed

    def __init__(self) -> None:
        self.screen = "home"
        self.setup: dict = {}
        self.table: LocalTable | None = None
        self.selected = None
        self.viewer: int | None = None
        self.log_panel = LogPanel()  # the table's log list, kept across redraws
        self.covered = False
        self.rounds_seen = 0
        self.modal: str | None = None
        self.error = ""
        self.drawn: dict[int, int] = {}  # seat -> id of the card that seat just drew (marked in its hand)
        self.handoff = False  # hot-seat: the person who just moved still sees their hand (and the drawn card)
        self.round_over = False  # a round ended and "Next round" was not clicked yet
        self.finished = None  # the state just before the round's last move (the finished table), if known
        self.round_floor = 0  # moves made before the current round (marks never reach back further)
        self.rules_for: str | None = None  # the game whose rules panel is open (home page or table)
        self.pacer = TurnPacer()  # bot turns' budgets and pauses; start() sets this device's bot speed
        self.log_drawn: tuple[int, int] = (0, 0)  # (id of the table, its log's length) when the table was last drawn
        self.completed: asyncio.Future | None = None  # complete(), once started
        self.packs_error = ""  # why the games' packs could not be had, while that is said

    # --- drawing --------------------------------------------------------------------------
    def redraw(self) -> None:
        if not self.may_draw():
            return  # a press is down: drawn when it ends (web/press.py)
        focus_key = None
        active = js.document.activeElement
        if active and active.getAttribute and active.getAttribute("data-key"):
            focus_key = active.getAttribute("data-key")
        body = {"home": self.home_html, "setup": self.setup_html, "table": self.table_html,
                "net": lambda: later.netplay().screen_html(self),
                "editor": lambda: later.editor().screen_html(self)}.get(self.screen,
                                                                       lambda: sharing.screen_html(self))()
        opened = [d.getAttribute("data-testid") for d in js.document.querySelectorAll("details[open][data-testid]")]
        if self.rules_for:
            body = join(body, rules_dialog(self.rules_for))
        dom.set_html("app", self.header_html() + body)
        self.log_panel.sync()  # the log list drawn before, with only its new entries added
        for testid in opened:  # a disclosure the person opened stays open across redraws
            el = js.document.querySelector(f'details[data-testid="{testid}"]')
            if el:
                el.open = True
        if focus_key:
            dom.focus(f'[data-key="{focus_key}"]')
        if self.screen == "editor" and getattr(getattr(self, "editor", None), "study", None) is not None:
            later.editor().draw_marks(self)  # a study step's marks, after any redraw (a card picked on its board)
        address.sync(self)

    def header_html(self) -> Safe:
        return tag("header", {"class": "top"},
                   tag("button", {"class": "linkish", "data-cmd": "home", "data-testid": "home"},
                       tag("img", {"src": "./icons/icon.svg", "alt": "", "width": 28, "height": 28}),
                       " ", _("Explorers' Table")),
                   settings_html(self.pacer.speed),
                   tag("p", {"class": "error", "role": "alert", "data-testid": "error"}, self.error)
                   if self.error else None)

    def home_html(self) -> Safe:
        items = []
        for entry in catalogue.catalogue():
            ready = entry["ready"]
            button = (tag("button", {"data-cmd": "setup", "data-arg": entry["id"], "data-testid": f"new-{entry['id']}",
                                     "aria-label": tr("New game: {title}", title=tdata(entry["title"]))},
                          _("New game")) if ready else tag("span", {"class": "soon"}, _("Coming soon")))
            items.append(tag("li", {"class": "game" if ready else "game later"}, tag("h2", None, tdata(entry["title"])),
                             tag("p", None, tdata(entry["blurb"])), tag("p", {"class": "meta"},
                                                                   tr("{players} players", players=entry["players"])),
                             join(button, " ", tag("button", {"data-cmd": "rules", "data-arg": entry["id"],
                                                              "data-testid": f"rules-{entry['id']}",
                                                              "aria-label": tr("Rules: {title}",
                                                                               title=tdata(entry["title"]))},
                                                   _("Rules")) if rules.has_rules(entry["id"]) else None,
                                  " ", editor_button(entry["id"], tdata(entry["title"])) if ready else None)))
        self.saves_first = dom.narrow_screen()  # a phone: the saved games above the five game cards
        self.was_narrow = self.saves_first  # (on_resize redraws when the width crosses)
        return tag("main", {"class": "home"}, sharing.home_html(self, first=True) if self.saves_first else None,
                   tag("h1", None, _("Choose a game")), tag("ul", {"class": "games"}, "", items),
                   sharing.home_html(self))

    def setup_html(self) -> Safe:
        game = GAMES[self.setup["game"]]
        players = self.setup["players"]
        opts = []
        for o in shown_options(game.options):  # a hidden option (a rules edition) keeps its default
            val = self.setup["options"].get(o.name, o.default)
            if o.kind == "bool":
                ctl = tag("input", {"type": "checkbox", "data-opt": o.name, "checked": bool(val)})
            elif o.kind == "int" and not o.labels:
                ctl = tag("input", {"type": "number", "data-opt": o.name, "min": o.low, "max": o.high, "value": val})
            else:  # a choice, or an int with a name for each value (Option.labels)
                shown = o.shown(players)  # a start player: only the table's seats
                ctl = tag("select", {"data-opt": o.name},
                          "", [tag("option", {"value": c, "selected": c == val}, tdata(t)) for c, t in shown])
            opts.append(tag("label", {"class": "opt"}, ctl, " ", tdata(o.label),
                            tag("small", None, tdata(o.help)) if o.help else None))
        count = None
        if game.max_players > game.min_players:
            count = tag("label", None, _("Players"), " ", tag(
                "select", {"data-cmd-change": "players", "data-testid": "player-count"},
                [tag("option", {"value": n, "selected": n == players}, n)
                 for n in range(game.min_players, game.max_players + 1)]))
        seats = []
        for i in range(players):
            kind = self.setup["seats"][i]
            choices = [("you", _("You")), ("human", _("Another person on this device")),
                       ("bot1", _("Bot — level 1 (easy)")), ("bot2", _("Bot — level 2")),
                       ("bot3", _("Bot — level 3 (strong)")), ("remote", _("Remote player (invite link)"))]
            if i == 0:
                choices = choices[:1] + choices[2:]
            sel = [tag("option", {"value": v, "selected": v == kind}, t) for v, t in choices]
            seats.append(tag("li", None,
                             tag("label", None, tr("Seat {n}", n=i + 1), " ",
                                 tag("select", {"data-seat": i, "data-testid": f"seat-{i}"}, sel)), " ",
                             tag("label", None, _("Name"), " ", tag("input", {"data-name": i, "maxlength": 24,
                                                                      "value": self.setup["names"][i],
                                                                      "data-testid": f"name-{i}"}))))
        return tag("main", {"class": "setup"}, tag("h1", None, tr("New game: {title}", title=tdata(game.title))),
                   tag("section", None, tag("h2", None, _("Players")), count,
                       tag("ol", {"class": "seats"}, "", seats)),
                   tag("section", None, tag("h2", None, _("Options")), opts),
                   tag("p", None, tag("button", {"class": "primary", "data-cmd": "start", "data-testid": "start"},
                                      _("Start")), " ", tag("button", {"data-cmd": "home"}, _("Cancel"))))

    def current_view(self) -> dict:
        """The view drawn: the seat at the device's; while the hot-seat cover is up, the spectator's (nothing of
        the covered hand, nor that seat's private totals, in the side panel, log or score sheet)."""
        return self.table.state.view(None if self.covered else self.viewer)

    def table_ui(self, legal: list) -> dict:
        """What a renderer needs besides the view: the seat shown, names, legal actions, the selection, the
        phone layout ("narrow"), "dock" (at the table, desktop and phone alike, the hand may be docked under a
        board that scrolls in its own frame; a replay or an embed has none), the card
        this seat just drew and the other seats' moves since this seat last moved."""
        table = self.table
        played = table.played()  # None on a guest's table of a game the host deals: the view's last move
        floor = self.round_floor
        history = table.state.view(None)["history"]
        if history and isinstance(history[-1].get("moves"), int):
            floor = history[-1]["moves"]
        self.was_narrow = narrow = dom.narrow_screen()
        return {"me": self.viewer, "names": table.names, "legal": legal, "selected": self.selected,
                "narrow": narrow, "dock": True,
                "drawn": self.drawn.get(self.viewer) if self.viewer is not None else None,
                "recent": recent_moves(played, self.viewer, floor) if played is not None else None}

    def motion_ui(self, view: dict) -> dict:
        """What a renderer may animate: the log entries from ui["since"] on came after the table was last drawn
        (a bot's or a remote player's moves), in ui["motion"] seconds (a shown move's pause at this bot speed,
        web/pace.py; 0 under prefers-reduced-motion: nothing moves)."""
        key, length = id(self.table), len(view.get("log") or [])
        since = self.log_drawn[1] if self.log_drawn[0] == key else length
        self.log_drawn = (key, length)
        seconds = 0.0 if dom.reduced_motion() else self.pacer.show_seconds(self.table.game.id)
        return {"since": min(since, length), "motion": round(seconds, 3)}

    def table_html(self) -> Safe:
        table = self.table
        view = self.current_view()
        rmod = renderer(table.game.id)
        mine = self.viewer is not None and not self.covered and not self.handoff and not self.round_over
        legal = table.legal(self.viewer) if mine else []
        ui = dict(self.table_ui(legal), **self.motion_ui(view))
        buttons = None
        if getattr(table, "dealing", False):  # a joint deal waits for remote seats: nothing of it is shown yet
            status = text(_("The game starts when every remote player has joined: the deal is made by all of you "
                            "together."))
            board = tag("div", {"class": "cover", "data-testid": "dealing"}, tag("p", None, status))
        elif self.covered:
            board = cover_html(table.names[self.viewer])
            status = text(turn_text(table.names[self.viewer]))
        elif self.round_over:
            board, status = self.finished_html(rmod, ui)
        elif getattr(table, "dealing_words", None) and not legal:  # a deal by mental poker, this seat cannot
            # play yet (the starter plays as soon as its own hand is open, before the others' are)
            board = rmod.render(view, ui)
            status = text(table.dealing_words)
        else:
            board = rmod.render(view, ui)
            status = rmod.status_html(view, ui) if hasattr(rmod, "status_html") else text(rmod.status_text(view, ui))
            buttons = rmod.action_buttons(view, ui)
        if self.handoff and not self.covered:
            nxt = self.next_human()
            status = join(_("Your turn is over."), " ", text(status))
            buttons = tag("button", {"class": "primary", "data-cmd": "handoff", "data-testid": "handoff",
                                     "data-key": "handoff"},
                          tr("Done — pass to {name}", name=table.names[nxt]) if nxt is not None
                          else _("Done — pass to the next player"))
        elif self.round_over and not self.modal:
            buttons = tag("button", {"class": "primary", "data-cmd": "next", "data-testid": "next-round",
                                     "data-key": "next-round"}, _("Next round"))
        elif view.get("over") and not self.modal:
            buttons = tag("button", {"class": "primary", "data-cmd": "result", "data-testid": "open-result",
                                     "data-key": "open-result"}, _("Match result"))
        modal = self.modal_html(view)
        fit = "table fit" if getattr(rmod, "ONE_SCREEN", False) else "table"  # the board fits the window's height
        return tag("main", {"class": "table narrow" if ui["narrow"] else fit},
                   tag("div", {"class": "status", "role": "status", "aria-live": "polite", "data-testid": "status"},
                       status, self.bot_thinking_text()),
                   tag("div", {"class": "sr-only", "aria-live": "polite", "data-testid": "announce"},
                       announcement(rmod, view, table.names, self.viewer)),
                   tag("div", {"class": "board-wrap", "id": "board"}, board),
                   tag("div", {"class": "card-actions", "id": "card-actions", "data-testid": "card-actions"}, buttons),
                   self.tools_html(ui["narrow"]),
                   tag("details", {"class": "side", "data-testid": "side", "open": not ui["narrow"]},
                       tag("summary", None, _("Scores and log")),
                       table.panel_html(), rmod.summary(view, table.names),
                       tag("h2", None, _("Log")),
                       self.log_panel.placeholder(rmod, view, table.names, (id(table), self.viewer, self.covered,
                                                                            i18n.language(), tuple(table.names)))),
                   modal)

    def tools_html(self, narrow: bool) -> Safe:
        """The table's own commands: score sheet, rules, undo, share and embed. On a phone the row holds the
        board's zoom and Undo, and the rest sit in a "More" menu that opens over the board (public/table.js
        closes it as the settings menu closes), so that no command lies beyond the screen's edge."""
        sheet = tag("button", {"data-cmd": "sheet", "data-testid": "open-sheet", "data-key": "open-sheet"},
                    _("Score sheet"))
        rules_button = tag("button", {"data-cmd": "rules", "data-arg": self.table.game.id, "data-testid": "open-rules",
                                      "data-key": "open-rules"}, _("Rules"))
        if not narrow:
            return tag("div", {"class": "actions", "data-testid": "table-tools"}, sheet, rules_button,
                       sharing.table_buttons(self))
        more = tag("details", {"class": "tools-more", "data-testid": "more-tools"},
                   tag("summary", {"data-testid": "more-tools-open", "data-key": "more-tools-open",
                                   "aria-label": _("More: score sheet, rules, share")},
                       tag("span", {"aria-hidden": "true"}, "⋯ "), _("More")),
                   tag("div", {"class": "tools-more-menu"}, sheet, rules_button,
                       sharing.table_buttons(self, "share")))
        return tag("div", {"class": "actions", "data-testid": "table-tools"}, frame_zoom(),
                   sharing.table_buttons(self, "undo"), more)

    def finished_html(self, rmod, ui: dict) -> tuple[Safe, Safe]:
        """The table as the round ended (the state before its last move; the log names that move), or, for a
        renderer with a round summary, the table as it is now."""
        if hasattr(rmod, "round_summary"):  # the summary told the round: the table as it is now, named
            view = self.table.state.view(self.viewer)
            last = (view.get("history") or [{}])[-1]
            board = rmod.render(view, dict(ui, legal=[], selected=None, drawn=None))
            return board, text(tr("Round {n} is over", n=last.get("round", "") if isinstance(last, dict) else ""))
        state = self.finished if self.finished is not None else self.table.state
        view = state.view(self.viewer)
        board = rmod.render(view, dict(ui, legal=[], selected=None, drawn=None))
        return board, text(tr("Round {n} is over: the finished table, before its last move. "
                              "Next round continues.", n=view.get("round", view.get("expedition", ""))))

    def next_human(self) -> int | None:
        humans = self.table.humans()
        to_move = [s for s in self.table.state.to_move() if s in humans]
        return to_move[0] if to_move else None

    def bot_thinking_text(self) -> Safe | None:
        seat = self.table.bot_to_move() if self.table else None
        if seat is None or self.modal:
            return None
        return join(" ", tag("span", {"class": "thinking", "data-testid": "thinking"},
                             tr("{name} is thinking…", name=self.table.names[seat])))

    def modal_html(self, view: dict) -> Safe:
        if self.modal == "round":  # a renderer's round summary (round_summary), else the score sheet as below
            rmod = renderer(self.table.game.id)
            summary = rmod.round_summary(view, self.table.names)
            if summary is not None:
                return round_dialog(summary)
        if self.modal in ("sheet", "round") and self.round_over:
            return sheet_dialog(renderer(self.table.game.id), view, self.table.names, "next", _("Next round"),
                                "next-round", look=True)
        if self.modal == "sheet":
            return sheet_dialog(renderer(self.table.game.id), view, self.table.names, "close", _("Close"), "close")
        if self.modal == "over":
            look = tag("button", {"data-cmd": "close", "data-testid": "close", "data-key": "close", "data-escape": "1"},
                       _("Look at the table"))
            return over_dialog(renderer(self.table.game.id), view, self.table.names,
                               join(" ", look, sharing.over_buttons(self)))
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
        if self.handoff:
            return  # the person who just moved looks at their hand until they pass the device
        if to_move and to_move[0] != self.viewer:
            self.viewer = to_move[0]
            self.covered = True
            self.selected = None
        elif self.viewer is None:
            self.viewer = humans[0]

    def round_ended(self) -> None:
        """A round (or the match) just ended: the match result, or the score sheet over the finished table."""
        view = self.table.state.view(None)
        self.rounds_seen = len(view["history"])  # seen: closing a dialog over this table never reopens it
        if view["over"]:
            self.modal = "over"
            return
        self.modal, self.round_over, self.handoff, self.selected = "sheet", True, False, None
        if hasattr(renderer(self.table.game.id), "round_summary"):
            self.modal = "round"  # what happened this round, instead of the score sheet
        record = getattr(self.table.state, "record", None)  # none on a guest: the current view is shown
        try:
            self.finished = record.replay(len(record.moves) - 1) if record is not None else None
        except RecordError:
            self.finished = None

    def after_change(self) -> None:
        view = self.table.state.view(None)
        if len(view["history"]) > self.rounds_seen and not self.round_over:
            self.round_ended()
        if not self.modal:
            self.choose_viewer()
        self.redraw()
        dom.spawn(self.pump())

    def bots_may_move(self) -> bool:
        return self.screen == "table" and not self.modal and not self.round_over

    async def after_bot_move(self, seat: int, action) -> None:
        view = self.table.state.view(None)
        ended = len(view["history"]) > self.rounds_seen
        if self.pacer.quiet and not ended:
            return  # a routine move inside a bot's turn: saved and drawn with the turn's next move
        self.autosave()
        if ended:
            self.round_ended()
        else:
            self.choose_viewer()
        self.redraw()  # the move stays shown for the pacer's pause (session.LocalTable.bot_moves)

    def after_bots(self, moved: bool) -> None:
        """A loop that moved no bot leaves the page as drawn: a second redraw right after a person's move
        could land between their next press and its release, and lose that click."""
        if moved and self.bots_may_move():
            self.choose_viewer()
            self.redraw()

    def autosave(self) -> None:
        """Into this table's own slot of the saved games (web/saves.py via sharing.autosave)."""
        sharing.autosave(self)

    # --- commands -------------------------------------------------------------------------
    def do_action(self, encoded: list) -> None:
        if self.viewer is None or self.covered or self.handoff or self.round_over:
            return
        seat = self.viewer
        before = {c["id"] for c in self.table.state.view(seat).get("hand") or []}
        try:
            self.table.act(seat, encoded)
        except (IllegalAction, RecordError) as exc:
            self.error = tr("That move is not allowed: {reason}", reason=str(exc))
            self.redraw()
            return
        self.error = ""
        self.selected = None
        self.drawn.pop(seat, None)
        if encoded and encoded[0] == "draw":
            new = [c["id"] for c in self.table.state.view(seat).get("hand") or [] if c["id"] not in before]
            if len(new) == 1:
                self.drawn[seat] = new[0]
        humans = self.table.humans()
        if len(humans) > 1 and seat not in self.table.state.to_move() \
                and len(self.table.state.view(None)["history"]) == self.rounds_seen:
            self.handoff = True  # the hand stays in view (with the drawn card) until "Done — pass"
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
        elif cmd == "handoff":
            self.handoff = False
            self.choose_viewer()
        elif cmd in ("lang", "bot-speed"):
            self.choose_setting(cmd, arg or "")
            return
        elif cmd == "sheet":
            self.modal = "sheet"
        elif cmd == "rules":
            self.rules_for = arg
            self.redraw()
            dom.focus('[data-testid="rules-close"]')
            return
        elif cmd == "close" and self.rules_for:
            self.rules_for = None
        elif cmd == "close":
            self.modal = None
            self.after_change()  # bots waited while the dialog was open
            return
        elif cmd == "result":
            self.modal = "over"
        elif cmd == "next":
            self.rounds_seen = len(self.table.state.view(None)["history"])
            self.round_floor = len(self.table.played() or [])
            self.modal, self.round_over, self.finished, self.drawn = None, False, None, {}
            self.after_change()
            return
        elif cmd.startswith("ed-"):
            later.editor().command(self, cmd, arg)
            return
        elif cmd.startswith("net-"):
            later.netplay().command(self, cmd, arg)
            return
        elif cmd == "again":
            self.open_setup(self.table.game.id, keep=True)
        elif sharing.command(self, cmd, arg):
            return
        self.redraw()

    def choose_setting(self, cmd: str, arg: str) -> None:
        """A choice in the settings menu: applied and remembered on this device at once; the menu closes, as a
        select does after a choice, and focus goes back to its summary."""
        if cmd == "lang":
            if self.screen == "setup":
                self.read_form()  # what was typed into the form survives the redraw in the new language
            dom.storage_set(i18n.STORAGE_KEY, apply_language(arg))
        else:
            self.pacer.speed = speed_name(arg)
            dom.storage_set(SPEED_KEY, self.pacer.speed)
        menu = js.document.querySelector("details.settings")
        if menu:
            menu.open = False
        self.redraw()
        dom.focus('[data-testid="settings-open"]')

    def open_setup(self, game_id: str, keep: bool = False) -> None:
        game = GAMES[game_id]
        if not keep or self.setup.get("game") != game_id:
            n = game.min_players
            self.setup = {"game": game_id, "players": n, "options": {},
                          "seats": ["you"] + ["bot1"] * (game.max_players - 1),
                          "names": [_("You")] + [tr("Player {n}", n=i + 1) for i in range(1, game.max_players)]}
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
                seats.append({"kind": "bot", "level": int(kind[3:]), "name": self.setup["names"][i]
                              or tr("Bot {n}", n=i + 1)})
            else:
                seat = {"kind": "remote" if kind == "remote" else "human", "name": self.setup["names"][i]}
                if kind == "you" and seat["name"].strip() in i18n.in_every_language("You"):
                    seat["you"] = True  # the default name: "You" in whatever language the page is in later
                seats.append(seat)
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
        if table.remote_seats() or getattr(self, "_host_link", None) is not None:
            later.netplay().attach(self, table)
        self.screen, self.modal, self.selected, self.covered, self.viewer = "table", None, None, False, None
        self.handoff, self.round_over, self.finished, self.drawn = False, False, None, {}
        self.rounds_seen = len(table.state.view(None)["history"])
        self.round_floor = len(table.played() or [])
        self.choose_viewer()
        self.covered = False  # the first person to play is already at the device
        self.autosave()
        self.after_change()

    # --- the rest of the page, after the home page ------------------------------------------------
    async def complete(self) -> bool:
        """The games' packs (web/packs.py) and what the home page did not need (web/later.py), then what
        start-up did before: the network play's screens and listeners, record links, the address followed.
        Once; False (and said on the page) when the packs cannot be had, and the next event tries again."""
        if self.completed is None or (self.completed.done() and not self.completed.result()):
            self.completed = asyncio.ensure_future(self._complete())
        return await self.completed

    async def _complete(self) -> bool:
        try:
            await packs.wait()
        except (OSError, ValueError) as exc:
            self.error = self.packs_error = tr("The games could not be loaded ({reason}). Check the connection and "
                                               "try again.", reason=str(exc))
            self.redraw()
            return False
        if self.packs_error and self.error == self.packs_error:  # loaded at a later try: the message goes
            self.error = ""
        shown = (self.screen, self.modal, self.table, getattr(self, "replay", None))
        later.load()
        later.netplay().install(self)
        sharing.start(self)
        address.install(self)  # after the join / record links: a reload comes back to the screen in the address
        if (self.screen, self.modal, self.table, getattr(self, "replay", None)) != shown:
            self.redraw()  # a link put in the address while the page was completing opened something
        return True

    def when_complete(self, handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """`handler` for page events: at once when the page is complete, else once it is (the event object
        stays readable; only a key's default action, e.g. scrolling, is not held back meanwhile)."""
        def run(event):
            if self.completed is not None and self.completed.done() and self.completed.result():
                return handler(event)
            dom.spawn(self._after_complete(handler, event))
            return None

        return run

    async def _after_complete(self, handler: Callable[[Any], Any], event: Any) -> None:
        if await self.complete():
            handler(event)

    # --- events ---------------------------------------------------------------------------

    def on_click(self, event) -> None:
        el = event.target.closest("[data-act],[data-acts],[data-cmd]") if event.target.closest else None
        if not el:
            return
        self.activate(el)

    def activate(self, el) -> None:
        """A click on a move (web/clicks.py) or a command. A table that sends one move at a time (a guest's
        RemoteTable) keeps the rest of a click's moves in its `queued` list and sends them as its views come
        back."""
        try:
            click = read_click(el)
        except ValueError:
            return
        if click is None:
            self.command(el.getAttribute("data-cmd"), el.getAttribute("data-arg"))
            return
        moves, follow = click
        if self.screen == "editor":  # a move played on a study's board (web/editor_study.py)
            later.editor_study().play(self, moves, follow)
            self.redraw()
            later.editor().draw_marks(self)
            return
        seat = self.viewer
        if seat is None:
            return
        if hasattr(self.table, "queued"):
            self.table.queued, moves = list(moves[1:]), moves[:1]

        def play(encoded) -> bool:
            self.do_action(encoded)
            return not self.error

        play_click(self.table, seat, moves, follow, play,
                   lambda: self.viewer == seat and not self.handoff and seat in self.table.state.to_move())

    def on_resize(self, _event) -> None:
        """Crossing the phone width switches the table layout, and the home page's order (saved games first on a
        phone): redrawn only when it changes."""
        narrow = dom.narrow_screen()
        if narrow != getattr(self, "was_narrow", narrow) and (
                self.screen == "table" and self.table or self.screen == "home" and not self.modal):
            self.redraw()
        self.was_narrow = narrow

    def on_change(self, event) -> None:
        el = event.target
        if el.getAttribute("data-cmd-change") == "players":
            self.read_form()
            self.setup["players"] = int(el.value)
            self.redraw()
        elif (el.getAttribute("data-cmd-change") or "").startswith("ed-"):
            later.editor().on_change(self, el)
        elif el.getAttribute("data-cmd-change"):
            sharing.on_change(self, el)

    def on_key(self, event) -> None:
        key = event.key
        target = event.target
        if key in ("Enter", " ") and target.getAttribute and (target.getAttribute("data-act")
                                                                or target.getAttribute("data-acts")
                                                                or target.getAttribute("data-cmd")):
            if target.tagName.lower() in ("button", "input", "select"):
                return  # native controls handle Enter/Space themselves
            event.preventDefault()
            self.activate(target)
        elif key == "Escape" and self.selected is not None:
            self.selected = None
            self.redraw()
        elif key in dom.ARROWS and dom.arrow_focus(target, key):
            event.preventDefault()


# --- dialogs (pure: callable without a browser, so the hostile-input tests render them) ----------
def editor_button(game_id: str, title: str) -> Safe | None:
    """The home page's "Set up a position" button of a game that declares its zones (known before its pack)."""
    if not ABOUT[game_id].editor:
        return None
    return tag("button", {"data-cmd": "ed-new", "data-arg": game_id, "data-testid": f"edit-{game_id}",
                          "aria-label": tr("Set up a position: {title}", title=title)}, _("Set up a position"))


def turn_text(name: str) -> str:
    """'Your turn' for the person at the device (default name), else '<name>'s turn'."""
    return _("Your turn") if is_you(name) or name == _("You") else tr("{name}'s turn", name=name)


BOT_SPEEDS = {"fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}  # names of web/pace.py SPEEDS


def settings_html(speed: str = "normal") -> Safe:
    """Settings in the header: a menu of two button groups, the interface language (each language named in
    itself) and how fast bots play (the pauses that show their moves, web/pace.py). Buttons, not native selects:
    every choice is one click or tap on a control of its own, in every language and at every size."""
    current = i18n.language()
    langs = [tag("button", {"type": "button", "data-cmd": "lang", "data-arg": code, "lang": code,
                            "aria-pressed": "true" if code == current else "false",
                            "data-testid": f"language-{code}", "data-key": f"language-{code}"}, name)
             for code, name in i18n.LANGUAGES.items()]
    speeds = [tag("button", {"type": "button", "data-cmd": "bot-speed", "data-arg": key,
                             "aria-pressed": "true" if key == speed else "false",
                             "data-testid": f"bot-speed-{key}", "data-key": f"bot-speed-{key}"}, _(name))
              for key, name in BOT_SPEEDS.items()]
    return tag("details", {"class": "settings", "data-testid": "settings"},
               tag("summary", {"data-testid": "settings-open", "data-key": "settings-open"}, _("Settings")),
               tag("div", {"class": "settings-panel", "data-testid": "settings-panel"},
                   tag("div", {"class": "choice", "role": "group", "aria-labelledby": "settings-language",
                               "data-testid": "language"},
                       tag("span", {"id": "settings-language", "class": "choice-name"}, _("Language")), langs),
                   tag("div", {"class": "choice", "role": "group", "aria-labelledby": "settings-speed",
                               "data-testid": "bot-speed"},
                       tag("span", {"id": "settings-speed", "class": "choice-name"}, _("Bot speed")), speeds)))


def apply_language(code: str | None) -> str:
    """Switch the interface language and mark the document (lang, dir) so the layout mirrors for Persian."""
    code = i18n.set_language(code)
    try:
        js.document.documentElement.setAttribute("lang", code)
        js.document.documentElement.setAttribute("dir", i18n.direction(code))
        js.document.title = _("Explorers' Table")
    except AttributeError:  # no document (tests)
        pass
    dom.fail_words(_("Something went wrong; the rest still works."))
    return code


def browser_languages() -> list[str]:
    """navigator.languages (most preferred first), or [] outside a browser."""
    try:
        return [str(x) for x in js.navigator.languages]
    except Exception:
        return []


def match_result_html(view: dict, names: list[str], me: int | None = None) -> Safe:
    """The result dialog's head and rank table, from the engine's result alone (solo: the rival too)."""
    res = view["result"]
    rows = [tag("tr", None, tag("td", None, rank), tag("td", None, tag("bdi", None, name)),
                tag("td", {"data-testid": "final-rival" if seat is None else f"final-{seat}"}, score))
            for rank, seat, name, score in result_rows(res, names)]
    return join(tag("h2", {"data-testid": "result-head"}, result_head(res, names, me)),
                tag("table", {"class": "result"}, tag("tr", None, tag("th", None, _("Rank")),
                                                      tag("th", None, _("Player")), tag("th", None, _("Score"))), rows))


def cover_html(name: str) -> Safe:
    """The hot-seat cover: nothing of the hand until the named person shows it."""
    return tag("div", {"class": "cover", "data-testid": "cover"},
               tag("p", None, tr("Pass the device to {name}.", name=name)),
               tag("button", {"class": "primary", "data-cmd": "uncover", "data-testid": "uncover",
                              "data-key": "uncover"}, tr("Show {name}'s hand", name=name)))


def log_html(rmod, view: dict, names: list[str]) -> Safe:
    """The whole log as one list (the table draws it through LogPanel, entry by entry)."""
    return log_list(log_items(rmod, view["log"], names))


def sheet_dialog(rmod, view: dict, names: list[str], cmd: str, label: str, testid: str, look: bool = False) -> Safe:
    """The score sheet in a dialog, closed by one button (Close, Next round); after a round also by "Look at
    the table" (Escape), which leaves "Next round" on the table."""
    close = tag("button", {"data-cmd": "close", "data-testid": "close", "data-key": "close", "data-escape": "1"},
                _("Look at the table")) if look else None
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": _("Score sheet")},
               rmod.score_sheet(view, names),
               tag("p", None, tag("button", {"class": "primary", "data-cmd": cmd, "data-testid": testid,
                                             "data-key": testid, "data-escape": None if look else "1"}, label),
                   " ", close))


def round_dialog(summary: Safe) -> Safe:
    """A renderer's round summary in a dialog: "Next round" continues, "Score sheet" opens the sheet (which
    continues too), "Look at the table" (Escape) closes it and leaves "Next round" on the table."""
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": _("Round summary")},
               summary,
               tag("p", None, tag("button", {"class": "primary", "data-cmd": "next", "data-testid": "next-round",
                                             "data-key": "next-round"}, _("Next round")), " ",
                   tag("button", {"data-cmd": "sheet", "data-testid": "round-sheet", "data-key": "round-sheet"},
                       _("Score sheet")), " ",
                   tag("button", {"data-cmd": "close", "data-testid": "close", "data-key": "close",
                                  "data-escape": "1"}, _("Look at the table"))))


def over_dialog(rmod, view: dict, names: list[str], extra: Safe | None = None, me: int | None = None) -> Safe:
    """The match result (`me`: the seat at this device, told "You win!") and the final score sheet."""
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-label": _("Match result")},
               match_result_html(view, names, me), rmod.score_sheet(view, names),
               tag("p", None, tag("button", {"class": "primary", "data-cmd": "again", "data-testid": "new-game",
                                             "data-key": "new-game"}, _("New game")), " ",
                   tag("button", {"data-cmd": "home"}, _("Home")), extra))


def announcement(rmod, view: dict, names: list[str], viewer: int | None) -> str:
    """For screen readers (a polite live region): the latest move of another seat, or the latest round end."""
    log_text = getattr(rmod, "log_text", lambda e, names: e.get("text", ""))
    whole = getattr(rmod, "LOG_SENTENCES", False)
    for e in reversed(view.get("log") or []):
        seat = e.get("seat")
        if seat == viewer and viewer is not None:
            return ""
        line = str(log_text(e, names))
        if isinstance(seat, int) and 0 <= seat < len(names) and not whole:
            line = tr("{name}: {what}", name=names[seat], what=line)
        return line
    return ""


def rules_dialog(game_id: str) -> Safe:
    """The rules help of one game in a dialog, closed by Close or Escape."""
    title = catalogue.title(game_id)
    return tag("div", {"class": "modal", "role": "dialog", "aria-modal": "true", "aria-labelledby": "rules-title",
                       "data-testid": "rules-dialog"},
               rules.rules_html(game_id, title),
               tag("p", None, tag("button", {"class": "primary", "data-cmd": "close", "data-testid": "rules-close",
                                             "data-key": "rules-close", "data-escape": "1"}, _("Close"))))


async def start() -> None:
    """The home page drawn with what it needs, then the rest (`complete`) in the background; an address that
    opens something (a saved game, a join, watch or record link, an editor link) or a host's table to resume
    waits for the rest first. Until it is in, a click, a key or a change waits for it."""
    t0 = time.time()
    apply_language(i18n.choose(dom.storage_get(i18n.STORAGE_KEY), browser_languages()))
    app = App()
    app.pacer.speed = speed_name(dom.storage_get(SPEED_KEY))
    root = dom.by_id("app")
    dom.listen(root, "click", app.when_complete(app.handler(app.on_click)))
    dom.listen(root, "change", app.when_complete(app.handler(app.on_change)))
    dom.listen(js.document, "keydown", app.when_complete(app.handler(app.on_key)))
    app.listen_for_release()
    dom.listen(js.window, "resize", app.on_resize)
    dom.expose("explorersRecord", lambda: app.table.record_json() if app.table else "null")
    dom.expose("explorersScores", lambda: json.dumps(app.table.state.scores()) if app.table else "null")
    if str(js.location.hash or "").strip("#") or sharing.host_to_resume():
        await app.complete()
    app.redraw()
    js.explorersLoaded()
    if app.completed is None:
        dom.spawn(app.complete())
    js.console.info(f"Explorers' Table ready in {time.time() - t0:.2f}s after Python start")
