"""embed.html: one game, position or replay from URL parameters, for an iframe in a rules website.

URL parameters (records.embed_params):
  mode        position | replay | play (default: position with a record or a position, else play)
  record      a game record, records.encode(...) (the same text as a #record= link)
  position    a position set up by hand (py_engine.core.position), records.encode(...); it is shown from
              the seat of `seat` (default: the position's own seat) with its caption, highlights and arrows,
              and "Play on from here" gives the reader that seat against bots (hidden cards left unset
              are dealt at random)
  study       a study (py_engine.core.study), records.encode(...): its steps one at a time, "1 / 7" with
              Back and Next (and the Left and Right arrow keys), each step's caption, highlights and arrows;
              a question step ("Your move") is answered by playing on the board: another move than the
              study's is answered with the step's explanation and the study's move is then shown; after the
              last step "Play on from here" gives the reader the study's seat against bots
  move        the step shown first (default: the last move for position, 0 for replay)
  seat        0, 1, … or spectator: whose eyes the board is drawn for (hands of others stay hidden)
  interactive 1: a position or replay gets "Play from here" (seat plays, the others are bots)
  game, bot, seed and game options (e.g. rounds=1): a live game for mode=play (bot = level 1–3)
  theme       light | dark;  lang  the interface language: en, ja or fa (fa is right to left); other codes: en
  origin      the embedding page's origin, e.g. https://rules.example — the only sender whose
              commands are obeyed, and the target of the events below (without it events go to any
              parent — they carry only what the board shows — and no command is taken)
  id          any short text, echoed in every event (tells several embeds apart)

postMessage API. Events to the parent, {source: "explorers-embed", id, type, ...}:
  {type: "ready", mode, game, move, total}     the board is drawn
  {type: "move", move, total, seat?, action?}  a step of the replay, or a move of the live game
  {type: "step", step, total, asking}          a study's step is shown (1-based; asking: its question)
  {type: "answer", step, right}                the reader answered a study's question
  {type: "over", result}                       the live game ended
  {type: "error", message}                     a command could not be done
Commands from the parent (only from `origin`):
  {type: "set-position", record?: "<encoded>", move: k}   show another record and/or step
  {type: "step", delta: ±n} or {type: "step", to: k}      move through the replay (a study: its steps, 1-based)
"""

from __future__ import annotations

import json

import dom
import i18n
import js
import packs
import position_marks
import positions
import records
import studies
import study_words
from clicks import play_click, read_click
from i18n import _, tr
from press import PressHold
from pump import BotPump
from render import renderer
from render.markup import Safe, join, tag, text
from render.words import result_head, result_rows
from replay import Replay
from session import LocalTable, new_seed

from py_engine import GAMES
from py_engine.core import IllegalAction, RecordError
from py_engine.core import study as S
from py_engine.net.host import Host

BOT_PAUSE = 0.5


class Embed(BotPump, PressHold):
    bot_pause = BOT_PAUSE

    def __init__(self, params: dict) -> None:
        self.p = params
        self.mode = params["mode"]
        self.replay: Replay | None = None
        self.table: LocalTable | None = None
        self.seat = params["seat"]
        self.selected = None
        self.error = ""
        self.narrow = False  # drawn in the phone layouts (a frame narrower than dom.NARROW_PX)
        self.over_sent = False
        self.position = None  # a position set up by hand (positions.load), while it is shown
        self.study: S.Study | None = None  # a study (studies.load), while it is shown
        self.k = 0  # the study's step shown (0-based)
        self.asking = False  # the step shown is a question, asked: the board before its move takes the reader's
        self.feedback: tuple[bool, str] | None = None  # the reader's last answer: (right, the step's explanation)

    # --- setup ----------------------------------------------------------------------------
    def load(self) -> None:
        if self.p.get("study"):
            self.load_study()
            return
        if self.p.get("position"):
            self.load_position()
            return
        if self.mode == "play" and not self.p["record"]:
            self.new_game()
            return
        if not self.p["record"]:
            raise RecordError("no record given")
        imported = records.load(records.decode(self.p["record"]))
        total = len(imported.record.moves)
        move = self.p["move"]
        at = min(total, move) if move is not None else (0 if self.mode == "replay" else total)
        self.replay = Replay(imported.record, imported.names, seat=self.seat, at=at)
        if self.mode == "play":
            self.play_from(at)

    def new_game(self) -> None:
        game_id = self.p["game"]
        if game_id not in GAMES:
            raise RecordError(f"this app has no game called {str(game_id)[:40]!r}")
        game = GAMES[game_id]
        seat = self.seat if self.seat is not None and self.seat < game.min_players else 0
        seats = [{"kind": "human", "name": _("You")} if i == seat else
                 {"kind": "bot", "level": self.p["bot"], "name": tr("Bot {n}", n=i + 1)}
                 for i in range(game.min_players)]
        seed = self.p["seed"] if self.p["seed"] is not None else new_seed()
        self.seat, self.mode = seat, "play"
        self.table = LocalTable(game_id, game.min_players, seed, records.game_options(game, self.p["options"]), seats)

    def play_from(self, k: int) -> None:
        rp = self.replay
        record = rp.record.copy()
        record.moves = record.moves[:k]
        seat = self.seat if self.seat is not None else 0
        seats = [{"kind": "human", "name": _("You")} if i == seat else
                 {"kind": "bot", "level": self.p["bot"], "name": rp.names[i]} for i in range(record.players)]
        self.seat, self.mode = seat, "play"
        self.table = LocalTable(record.game_id, record.players, record.seed, record.options, seats, record=record)

    def load_position(self) -> None:
        """A position link: checked by the game before anything draws it (PositionError says why not)."""
        self.position = positions.load(self.p["position"], seed=self.deal_seed())
        self.mode = "position"
        if not self.p.get("seat_set"):
            self.seat = self.position.seat

    def load_study(self) -> None:
        """A study link: every step checked by the game before anything draws it (StudyError says which and why)."""
        data = records.decode(self.p["study"])
        try:
            self.study = S.check(json.dumps(data))
        except S.StudyError as exc:  # the step and the rule in the reader's words (a zone, a card by its name)
            raise RecordError(study_words.problem(exc, data)) from None
        self.mode = "study"
        if not self.p.get("seat_set"):
            self.seat = self.study.seat
        self.go_step(0)

    # --- a study ----------------------------------------------------------------------------
    def go_step(self, k: int, asking: bool | None = None) -> None:
        """Show step `k` (clamped); a question step reached by going forward is asked."""
        study = self.study
        k = max(0, min(len(study.steps) - 1, k))
        forward = k > self.k
        self.k, self.selected, self.error, self.feedback = k, None, "", None
        self.asking = study.steps[k].question and (forward if asking is None else asking)

    def step(self, delta: int) -> None:
        if self.asking and delta > 0:  # Next on a question: the answer is shown
            self.asking = False
            self.feedback = None
        else:
            self.go_step(self.k + delta)
        self.after_step()

    def after_step(self) -> None:
        self.redraw()
        self.post_study()

    def post_study(self) -> None:
        self.post("step", step=self.k + 1, total=len(self.study.steps), asking=self.asking)

    def shown_step(self):
        """The Position drawn for the step shown: its state (before its move while it is asked)."""
        return studies.asked_at(self.study, self.k) if self.asking else self.study.position_at(self.k)

    def answer(self, el) -> None:
        """The reader's move on a question: the study's move advances; another legal move is answered with the
        step's explanation and the study's move is shown."""
        try:
            moves, _follow = read_click(el) or ([], None)
        except ValueError:
            moves = []
        if not moves:
            return
        step = self.study.steps[self.k]
        wanted = json.dumps(step.move[1], separators=(",", ":"))
        right = json.dumps(moves[0], separators=(",", ":")) == wanted
        self.asking, self.selected, self.error = False, None, ""
        self.feedback = (right, step.explain)
        self.redraw()
        self.post("answer", step=self.k + 1, right=right)
        self.post_study()

    def study_html(self) -> Safe:
        study, k = self.study, self.k
        pos = self.shown_step()
        total = len(study.steps)
        me = study.seat if self.asking else self.seat
        if self.asking:
            rmod = renderer(study.game_id)
            view = pos.state.view(me)
            legal = [study.steps[k].state.game.encode(a) for a in pos.state.legal_actions(me)]
            ui = {"me": me, "names": positions.names_of(study.players), "legal": legal, "selected": self.selected,
                  "narrow": self.narrow}
            board = Safe(text(rmod.render(view, ui)))
            status = _("Your move: play it on the board.")
            actions = rmod.action_buttons(view, ui)
        else:
            board = positions.board_html(pos, me, narrow=self.narrow)
            status = positions.status(pos, me)
            actions = None
        feedback = None
        if self.feedback is not None:
            right, explain = self.feedback
            words = (_("Right: that is the study's move.") if right else
                     join(_("Not this move."), " ", explain, " " if explain else "", _("The study's move is shown.")))
            feedback = tag("p", {"class": "st-feedback " + ("right" if right else "wrong"), "role": "status",
                                 "data-testid": "st-feedback", "dir": "auto"}, words)
        last = k == total - 1 and not self.asking
        nav = tag("span", {"class": "st-nav"},
                  tag("button", {"data-cmd": "st-back", "data-testid": "st-back", "disabled": k == 0 or None},
                      _("Back")), " ",
                  tag("span", {"class": "pos", "data-testid": "st-pos", "aria-live": "polite"},
                      tr("{k} / {total}", k=k + 1, total=total)), " ",
                  tag("button", {"data-cmd": "st-next", "data-testid": "st-next", "disabled": last or None},
                      _("Show the answer") if self.asking else _("Next")))
        play_on = None
        if last and not pos.state.is_over():
            play_on = tag("button", {"data-cmd": "play-on", "data-testid": "play-on"}, _("Play on from here"))
        return join(positions.caption_html(pos), feedback,
                    tag("div", {"class": "embed-status", "role": "status", "data-testid": "status"}, status),
                    self.board_box(tag("div", {"class": "marked-board", "id": "board"}, board,
                                       tag("div", {"class": "marks", "id": "marks", "aria-hidden": "true"}, "")),
                                   board_id=None),
                    tag("div", {"class": "embed-bar"}, "", nav, actions, play_on))

    def play_on_study(self) -> None:
        """The reader takes the study's seat (seat 0 for a spectator's view) from the last step's very state."""
        study = self.study
        state = study.state_at(self.k)
        seat = self.seat if self.seat is not None else 0
        seats = [{"kind": "human", "name": _("You")} if i == seat else
                 {"kind": "bot", "level": self.p["bot"], "name": tr("Bot {n}", n=i + 1)} for i in range(study.players)]
        table = LocalTable(study.game_id, study.players, 0, study.options, seats)
        table.host = Host.from_state(state, seats=["local" if s["kind"] == "human" else "bot" for s in seats],
                                     names=[s["name"] for s in seats])
        self.seat, self.mode, self.table, self.study = seat, "play", table, None

    def on_key(self, event) -> None:
        """Left and Right arrows step through a study (in a right-to-left language, Left is forward); on the
        board (a card or spot focused, as a question's answer is chosen) the arrows move among its things, as
        at the table."""
        if self.study is None or self.table is not None or getattr(event, "defaultPrevented", False):
            return
        key = str(event.key)
        target = getattr(event, "target", None)
        on_board = bool(getattr(target, "closest", None)) and target.closest("#board") is not None
        if on_board and key in dom.ARROWS and dom.arrow_focus(target, key):
            event.preventDefault()
            return
        if key not in ("ArrowLeft", "ArrowRight"):
            return
        tag_name = str(getattr(target, "tagName", "") or "").lower()
        if tag_name in ("input", "textarea", "select"):
            return
        forward = (key == "ArrowRight") != (i18n.direction() == "rtl")
        event.preventDefault()
        self.step(1 if forward else -1)

    def deal_seed(self) -> int:
        """The seed that deals what a position leaves unset (when it has no seed of its own) and rolls its dice:
        the address's `seed`, else one drawn once for this page, so that play-on goes on from the very cards
        shown."""
        if self.p.get("seed") is None:
            self.p["seed"] = new_seed()
        return self.p["seed"]

    def play_on(self) -> None:
        """The reader takes the shown seat (seat 0 for a spectator's view) against bots; what the writer left
        unset (the deck's order, hidden hands) is dealt, and the dice are rolled, from the position's own seed,
        else the address's `seed`, else a new one."""
        pos = positions.load(self.p["position"], seed=self.deal_seed())
        seat = self.seat if self.seat is not None else 0
        seats = [{"kind": "human", "name": _("You")} if i == seat else
                 {"kind": "bot", "level": self.p["bot"], "name": tr("Bot {n}", n=i + 1)} for i in range(pos.players)]
        table = LocalTable(pos.game_id, pos.players, 0, pos.options, seats)
        table.host = Host.from_state(pos.state, seats=["local" if s["kind"] == "human" else "bot" for s in seats],
                                     names=[s["name"] for s in seats])
        self.seat, self.mode, self.table, self.position = seat, "play", table, None

    def position_html(self) -> Safe:
        pos = self.position
        bar = None
        if not pos.state.is_over():
            bar = tag("button", {"data-cmd": "play-on", "data-testid": "play-on"}, _("Play on from here"))
        return join(positions.caption_html(pos),
                    tag("div", {"class": "embed-status", "role": "status", "data-testid": "status"},
                        positions.status(pos, self.seat)),
                    self.board_box(tag("div", {"class": "marked-board", "id": "board"},
                                       positions.board_html(pos, self.seat, narrow=self.narrow),
                                       tag("div", {"class": "marks", "id": "marks", "aria-hidden": "true"}, "")),
                                   board_id=None),
                    tag("div", {"class": "embed-bar"}, "", bar))

    def draw_marks(self) -> None:
        """Ring the highlighted parts and draw the arrows over the board (web/position_marks.py)."""
        if self.position is not None and self.table is None:
            position_marks.draw(self.position, self.seat)
        elif self.study is not None and self.table is None:
            position_marks.draw(self.shown_step(), self.study.seat if self.asking else self.seat)

    # --- drawing --------------------------------------------------------------------------
    def html(self) -> Safe:
        err = tag("p", {"class": "error", "role": "alert", "data-testid": "error"}, self.error) if self.error else None
        if self.table is not None:
            return join(err, self.table_html())
        if self.study is not None:
            return join(err, self.study_html())
        if self.position is not None:
            return join(err, self.position_html())
        if self.replay is None:
            return join(err)
        rp = self.replay
        view = rp.view()
        if self.mode == "replay":
            bar = [rp.controls_html()]
        else:
            bar = [tag("span", {"class": "pos", "data-testid": "rp-pos"},
                       tr("Move {k} of {total}", k=rp.k, total=rp.total))]
        if self.p["interactive"] and not rp.state_at(rp.k).is_over():
            bar.append(join(" ", tag("button", {"data-cmd": "play-here", "data-testid": "play-here"},
                                     _("Play from here"))))
        return join(err, tag("div", {"class": "embed-status", "role": "status", "data-testid": "status"},
                             rp.status(view)),
                    self.board_box(rp.board_html(view, self.narrow)),
                    tag("div", {"class": "embed-bar"}, "", bar))

    def table_html(self) -> Safe:
        t = self.table
        view = t.state.view(self.seat)
        rmod = renderer(t.game.id)
        ui = {"me": self.seat, "names": t.names, "legal": t.legal(self.seat), "selected": self.selected,
              "narrow": self.narrow}
        if view.get("over"):
            res = view["result"]
            scores = [i18n.num(score) for _rank, _seat, _name, score in result_rows(res, t.names)]
            status = text(tr("{outcome} Final score {scores}", outcome=result_head(res, t.names, self.seat),
                             scores=" – ".join(scores)))
            bar = tag("button", {"data-cmd": "again", "data-testid": "again"}, _("New game"))
        else:  # the renderer's status with icons when it has one, as in the app
            status = rmod.status_html(view, ui) if hasattr(rmod, "status_html") else text(rmod.status_text(view, ui))
            bot = t.bot_to_move()
            if bot is not None:
                status = join(status, " ", tr("{name} is thinking…", name=t.names[bot]))
            bar = rmod.action_buttons(view, ui)
        return join(tag("div", {"class": "embed-status", "role": "status", "data-testid": "status"}, status),
                    self.board_box(rmod.render(view, ui)),
                    tag("div", {"class": "embed-bar"}, "", bar))

    def board_box(self, board: Safe, board_id: str | None = "board") -> Safe:
        """The box a board is drawn in; data-narrow when it holds the phone layouts, whose text
        public/legible.js keeps at 12 px (11 px otherwise)."""
        return tag("div", {"class": "embed-board", "id": board_id, "data-narrow": "1" if self.narrow else None}, board)

    def redraw(self) -> None:
        """Draw the frame: the phone layouts in a narrow frame, the board kept readable (public/legible.js)."""
        if not self.may_draw():
            return  # a press is down: drawn when it ends (web/press.py)
        self.narrow = dom.narrow_screen()
        dom.set_html("app", self.html())
        self.fit_board()

    def fit_board(self) -> None:
        """Size the board to the frame, no smaller than readable (public/legible.js), then place the marks."""
        legible = getattr(js, "explorersLegible", None)  # public/embed-boot.js
        if legible is not None:
            legible()
        self.draw_marks()

    def on_resize(self, _event) -> None:
        """A frame that crosses the phone width is drawn again in the other layout; any other resize refits."""
        if dom.narrow_screen() != self.narrow:
            self.redraw()
        else:
            self.fit_board()

    # --- events ---------------------------------------------------------------------------
    def post(self, kind: str, **data) -> None:
        """An event to the embedding page, whatever its origin: postMessage only, through embed-boot.js
        (nothing here reads the parent window), to `origin` when given, else to any parent. A message that
        cannot be sent is dropped: the board and the bots go on."""
        msg = {"source": "explorers-embed", "id": self.p["id"], "type": kind, **data}
        try:
            js.explorersPost(json.dumps(msg), self.p["origin"] or "*")
        except Exception as exc:
            dom.failed(exc)

    def post_step(self) -> None:
        rp = self.replay
        self.post("move", move=rp.k, total=rp.total)

    def on_click(self, event) -> None:
        el = event.target.closest("[data-act],[data-acts],[data-cmd]") if event.target.closest else None
        if not el:
            return
        act, acts = el.getAttribute("data-act"), el.getAttribute("data-acts")
        cmd, arg = el.getAttribute("data-cmd"), el.getAttribute("data-arg")
        if (act or acts) and self.table is not None:
            self.act(el)
        elif (act or acts) and self.study is not None and self.asking:
            self.answer(el)
        elif cmd in ("st-back", "st-next") and self.study is not None and self.table is None:
            self.step(1 if cmd == "st-next" else -1)
        elif cmd == "play-on" and self.study is not None and self.table is None:
            self.play_on_study()
            self.after_change()
        elif cmd == "select":
            self.selected = None if self.selected == arg else arg
            self.redraw()
        elif cmd == "play-on" and self.position is not None:
            self.play_on()
            self.after_change()
        elif cmd == "play-here" and self.replay is not None:
            self.play_from(self.replay.k)
            self.after_change()
        elif cmd == "again":
            self.p["seed"] = None
            self.new_game()
            self.over_sent = False
            self.after_change()
        elif cmd and self.replay is not None and self.table is None and self.replay.command(cmd, arg):
            self.redraw()
            self.post_step()
            if self.replay.playing:
                dom.spawn(self.play_loop())

    def act(self, el) -> None:
        """The reader's click on a move (web/clicks.py: one move and its follow-up, or several in order)."""
        self.error = ""
        try:
            moves, follow = read_click(el) or ([], None)
        except ValueError as exc:
            moves, follow = [], None
            self.error = tr("That move is not allowed: {reason}", reason=str(exc))

        def play(encoded) -> bool:
            try:
                self.table.act(self.seat, encoded)
            except (ValueError, IllegalAction, RecordError) as exc:
                self.error = tr("That move is not allowed: {reason}", reason=str(exc))
                return False
            self.post("move", move=len(self.table.state.record.moves), seat=self.seat, action=encoded)
            return True

        if not play_click(self.table, self.seat, moves, follow, play, lambda: self.seat in self.table.state.to_move()):
            self.redraw()
            return
        self.selected = None
        self.after_change()

    def after_change(self) -> None:
        self.redraw()
        self.post_over()
        dom.spawn(self.pump())

    def post_over(self) -> None:
        """Tell the embedding page the result, once per game."""
        if self.table.state.is_over() and not self.over_sent:
            self.over_sent = True
            self.post("over", result=self.table.state.result())

    async def after_bot_move(self, seat: int, action) -> None:
        self.post("move", move=len(self.table.state.record.moves), seat=seat, action=self.table.game.encode(action))

    def after_bots(self, moved: bool) -> None:
        if moved:
            self.redraw()
        self.post_over()

    async def play_loop(self) -> None:
        while self.replay is not None and self.replay.playing and self.table is None:
            await dom.yield_to_browser(0.9)
            if not self.replay.playing:
                break
            self.replay.tick()
            self.redraw()
            self.post_step()

    def on_message(self, event) -> None:
        """Commands from the embedding page; anything from another origin is ignored."""
        if not records.origin_allowed(str(event.origin), self.p["origin"]) or not js.explorersFromParent(event):
            return
        try:
            data = event.data.to_py() if hasattr(event.data, "to_py") else None
        except Exception:
            return
        if not isinstance(data, dict):
            return
        try:
            self.command(data)
        except (RecordError, ValueError, TypeError) as exc:
            self.post("error", message=str(exc))

    def command(self, data: dict) -> None:
        kind = data.get("type")
        if kind == "step" and self.study is not None and self.table is None:
            to = data.get("to")
            delta = data.get("delta", 1)
            if isinstance(to, int) and not isinstance(to, bool):
                self.go_step(to - 1, asking=False)
                self.after_step()
            else:
                self.step(delta if isinstance(delta, int) and not isinstance(delta, bool) else 1)
            return
        if kind == "set-position":
            if data.get("record"):
                imported = records.load(records.decode(str(data["record"])))
                self.replay = Replay(imported.record, imported.names, seat=self.seat)
                self.table = None
            if self.replay is None:
                raise ValueError("no record to show")
            self.replay.go(data.get("move", self.replay.total))
        elif kind == "step":
            if self.replay is None or self.table is not None:
                raise ValueError("this embed shows a live game")
            if "to" in data:
                self.replay.go(data["to"])
            else:
                delta = data.get("delta", 1)
                self.replay.go(self.replay.k + (delta if isinstance(delta, int) else 1))
        else:
            return
        self.replay.playing = False
        self.redraw()
        self.post_step()


def game_shown(params: dict) -> str | None:
    """The game an embed shows: its study's, position's or record's, else its `game` parameter; None when that
    cannot be read here (load() then says why)."""
    for key in ("study", "position", "record"):
        if params.get(key):
            try:
                data = records.decode(params[key])
            except (RecordError, ValueError, TypeError):
                return None
            game = data.get("game") if isinstance(data, dict) else None
            return game if game in GAMES else None
    return params.get("game") if params.get("game") in GAMES else None


async def start() -> None:
    try:
        params, problem = records.embed_params(str(js.location.search or "")), ""
    except RecordError as exc:  # a bad parameter: say which, in the frame, and show nothing else
        params, problem = records.embed_params("record=x"), tr("This embed's address is wrong: {reason}.",
                                                               reason=str(exc))
    game = game_shown(params) if not problem else None
    try:
        if game is not None:
            await packs.wait([game])  # only the game shown (web/packs.py)
    except (OSError, ValueError) as exc:
        problem = tr("This game cannot be shown: {reason}", reason=str(exc))
    lang = i18n.set_language(i18n.choose(params.get("lang_asked")))  # lang=ja / lang=fa-IR; else English
    js.document.documentElement.lang = lang
    js.document.documentElement.dir = i18n.direction(lang)
    dom.fail_words(_("Something went wrong; the board still works."))
    if params["theme"] == "dark":
        js.document.documentElement.classList.add("dark")
    embed = Embed(params)
    try:
        if problem:
            embed.error = problem
        else:
            embed.load()
    except (RecordError, ValueError, KeyError) as exc:
        embed.error = tr("This game cannot be shown: {reason}", reason=str(exc))
    except Exception as exc:  # never a blank frame: any other failure is a message too
        embed.error = tr("This game cannot be shown: {reason}", reason=type(exc).__name__)
        embed.replay = embed.table = embed.position = embed.study = None
    root = dom.by_id("app")
    dom.listen(root, "click", embed.handler(embed.on_click))
    embed.listen_for_release()
    dom.listen(js.window, "message", embed.on_message)
    dom.listen(js.window, "resize", embed.on_resize)
    dom.listen(js.document, "keydown", embed.handler(embed.on_key))
    try:
        embed.redraw()
    except Exception as exc:  # the record loaded but could not be drawn: say so instead of a blank frame
        embed.error = tr("This game cannot be shown: {reason}", reason=type(exc).__name__)
        embed.replay = embed.table = embed.position = embed.study = None
        embed.redraw()
    js.explorersLoaded()
    embed.fit_board()  # the frame is laid out only now: the board is sized and the marks placed
    rp, table = embed.replay, embed.table
    study = embed.study
    game = (table.game.id if table else rp.record.game_id if rp else embed.position.game_id if embed.position else
            study.game_id if study else None)
    if study is not None:
        embed.post("ready", mode="study", game=game, step=embed.k + 1, total=len(study.steps))
    else:
        embed.post("ready", mode=embed.mode, game=game, move=rp.k if rp and not table else None,
                   total=rp.total if rp else None)
    if embed.table is not None:
        dom.spawn(embed.pump())
