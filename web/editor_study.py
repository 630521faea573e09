"""The editor's study authoring (issue 36): a valid position becomes step 1 of a study (py_engine.core.study), the
writer plays the next moves by pointing at the board (each move is a step) and annotates any step: its caption,
highlights and arrows, and, for a move of the seat the study is shown from, "ask the reader" with an explanation.
The study's embed address and code are offered in the same box as the position's (with the site's origin and an
id). Every change is checked by the study's own rules at once.

The model (`Authoring`) is pure Python, tested in CPython; `html` draws the screen, `command`/`on_change` take the
shell's "ed-st-…" commands and inputs, and `play` takes a move clicked on the board (web/shell.py routes the
board's data-act clicks here while the editor is shown).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import editor_problems
import positions
import studies
import study_words
from i18n import _, tdata, tr, trn
from render import renderer
from render.markup import Safe, join, tag, text

from py_engine import GAMES, get_game
from py_engine.core import IllegalAction, RecordError
from py_engine.core import position as P
from py_engine.core import study as S


class Authoring:
    """A study being written: the position (step 1, its annotations the position's own), the move steps after it,
    the step being annotated (0-based) and the last check's outcome."""

    def __init__(self, position: dict) -> None:
        self.position = copy.deepcopy(position)
        self.moves: list[dict] = []
        self.k = 0
        self.arrow_from: str | None = None
        self.checked: S.Study | None = None
        self.error: RecordError | None = None
        self.check()

    # --- the study ---------------------------------------------------------------------------------
    def data(self) -> dict:
        pos = self.position
        study = S.of_position(pos, seed=pos.get("seed", 0) or 0)
        study["steps"] += copy.deepcopy(self.moves)
        return study

    def check(self) -> bool:
        try:
            self.checked, self.error = S.check(self.data()), None
        except RecordError as exc:
            self.checked, self.error = None, exc
        return self.checked is not None

    @property
    def total(self) -> int:
        return 1 + len(self.moves)

    def mover(self) -> int | None:
        """The seat that plays the next move (from the last step), or None when the game is over."""
        if self.checked is None:
            return None
        movers = self.checked.steps[-1].state.to_move()
        return movers[0] if movers else None

    def play(self, encoded: Any) -> bool:
        """The next move, played by whoever owes it: a new last step, then annotated."""
        seat = self.mover()
        if seat is None or self.k != self.total - 1:
            return False
        state = self.checked.steps[-1].state.clone()
        try:
            state.apply(seat, encoded)
        except (IllegalAction, RecordError):
            return False
        self.moves.append({"move": [seat, json.loads(json.dumps(encoded))], "caption": "", "highlight": [],
                           "arrows": []})
        self.k = self.total - 1
        self.arrow_from = None
        return self.check()

    def extend(self, moves: list) -> int:
        """Moves ([seat, encoded action] each, e.g. a replay's record from the step the position was taken at) added
        as steps while each is legal from the step before and the study has room; returns how many."""
        if self.checked is None:
            return 0
        state = self.checked.steps[-1].state.clone()
        added = 0
        for seat, encoded in moves:
            if self.total >= S.MAX_STEPS:
                break
            try:
                state.apply(seat, encoded)
            except (IllegalAction, RecordError, TypeError, ValueError):
                break
            self.moves.append({"move": [seat, json.loads(json.dumps(encoded))], "caption": "", "highlight": [],
                               "arrows": []})
            added += 1
        self.check()
        return added

    def next_position(self) -> dict | None:
        """The last step's state as a position to edit (every zone set, as it lies), to become a new step."""
        if self.checked is None:
            return None
        try:
            data = P.of_state(self.checked.steps[-1].state, seat=self.position.get("seat"))
        except RecordError:
            return None
        data["seed"] = self.position.get("seed", 0) or 0
        return data

    def add_position(self, data: dict) -> bool:
        """A position set up in the editor as the next step (refused, and left out, if the study then breaks)."""
        data = copy.deepcopy(data)
        notes = {"caption": "", "highlight": [], "arrows": [], **data.pop("annotations", {})}
        self.moves.append({"position": data, **notes})
        if not self.check():
            self.moves.pop()
            self.check()
            return False
        self.k, self.arrow_from = self.total - 1, None
        return True

    def undo(self) -> None:
        if self.moves:
            self.moves.pop()
            self.k = min(self.k, self.total - 1)
            self.arrow_from = None
            self.check()

    def pick(self, raw: str) -> None:
        if raw.isdigit() and int(raw) < self.total:
            self.k, self.arrow_from = int(raw), None

    def notes(self) -> dict:
        """The annotations of the step being annotated (step 1: the position's own)."""
        return self.position["annotations"] if self.k == 0 else self.moves[self.k - 1]

    def set_caption(self, raw: str) -> None:
        self.notes()["caption"] = raw[:S.CAPTION_MAX]
        self.check()

    def toggle_mark(self, name: str) -> None:
        marks = self.notes().setdefault("highlight", [])
        marks.remove(name) if name in marks else marks.append(name)
        self.check()

    def arrow(self, name: str) -> None:
        if self.arrow_from is None:
            self.arrow_from = name
            return
        if name != self.arrow_from:
            self.notes().setdefault("arrows", []).append([self.arrow_from, name])
        self.arrow_from = None
        self.check()

    def clear_marks(self) -> None:
        self.notes()["highlight"], self.notes()["arrows"], self.arrow_from = [], [], None
        self.check()

    def may_ask(self) -> bool:
        """Whether the step annotated may be a question: a move of the seat the study is shown from."""
        return self.k > 0 and "move" in self.moves[self.k - 1] and \
            self.moves[self.k - 1]["move"][0] == self.position.get("seat")

    def set_question(self, on: bool) -> None:
        if not self.may_ask():
            return
        step = self.moves[self.k - 1]
        if on:
            step["question"] = True
        else:
            step.pop("question", None)
            step.pop("explain", None)
        self.check()

    def set_explain(self, raw: str) -> None:
        if self.k > 0 and self.moves[self.k - 1].get("question"):
            self.moves[self.k - 1]["explain"] = raw[:S.CAPTION_MAX]
            self.check()

    def export(self, page_url: str, origin: str = "") -> tuple[str, str] | None:
        if self.checked is None:
            return None
        data = self.data()
        url = studies.embed_url(page_url, data, self.position.get("seat"), origin=origin, ident=studies.frame_id(data))
        return url, studies.iframe_snippet(url, data.get("game", ""))


# --- words -----------------------------------------------------------------------------------------
def move_words(game_id: str, seat: int, encoded: Any, names: list[str]) -> str:
    """A move in words, as the replay's move list says it."""
    game = get_game(game_id)
    who = names[seat] if 0 <= seat < len(names) else tr("Player {n}", n=seat + 1)
    rmod = renderer(game_id)
    try:
        action = game.decode(encoded)
        what = game.describe(action)
    except (ValueError, TypeError, RecordError):
        return who
    if isinstance(what, dict) and what.get("key") == "action" and hasattr(rmod, "move_text"):
        try:
            words = rmod.move_text(action)
        except (ValueError, TypeError, KeyError, IndexError):
            words = " ".join(str(x) for x in action)
        return tr("{name}: {what}", name=who, what=words)
    if isinstance(what, dict) and hasattr(rmod, "log_text"):
        line = rmod.log_text({"seat": seat, **what}, names)
        return line if getattr(rmod, "LOG_SENTENCES", False) else tr("{name}: {what}", name=who, what=line)
    return tr("{name}: {what}", name=who, what=str(what))


class _Sheet:
    """What editor_problems.Words reads of an editor, for the study's position."""

    def __init__(self, position: dict) -> None:
        self.data = position
        self.decl = P.declaration(position["game"])
        self.shown = None

    def paths(self) -> dict:
        return self.decl.zone_paths(self.data["players"], self.data["options"])


# --- the screen ------------------------------------------------------------------------------------
def _button(cmd: str, arg: Any, label: Any, testid: str, pressed: bool | None = None, cls: str | None = None,
            disabled: bool = False) -> Safe:
    return tag("button", {"data-cmd": cmd, "data-arg": arg, "data-testid": testid, "class": cls,
                          "disabled": disabled or None,
                          "aria-pressed": None if pressed is None else ("true" if pressed else "false")}, label)


def steps_html(au: Authoring, names: list[str]) -> Safe:
    items = [tag("li", None, _button("ed-st-pick", 0, _("The position"), "st-step-1", pressed=au.k == 0))]
    for i, step in enumerate(au.moves, start=1):
        if "move" not in step:
            items.append(tag("li", None, _button("ed-st-pick", i, _("A new position"), f"st-step-{i + 1}",
                                                 pressed=au.k == i)))
            continue
        seat, encoded = step["move"]
        words = move_words(au.position["game"], seat, encoded, names)
        if step.get("question"):
            words = tr("{move} (a question)", move=words)
        items.append(tag("li", None, _button("ed-st-pick", i, words, f"st-step-{i + 1}", pressed=au.k == i)))
    return tag("section", {"class": "ed-steps"}, tag("h2", None, _("Steps")),
               tag("ol", {"data-testid": "st-steps"}, "", items),
               tag("p", None, _button("ed-st-undo", None, _("Remove the last step"), "st-undo",
                                      disabled=not au.moves), " ",
                   _button("ed-st-newpos", None, _("Set up a new position as the next step"), "st-newpos",
                           disabled=au.next_position() is None), " ",
                   _button("ed-st-stop", None, _("Back to the position"), "st-stop")))


def notes_html(au: Authoring, ed: Any, names: list[str]) -> Safe:
    """The annotations of the step being annotated: caption, question and explanation, highlights and arrows."""
    notes = au.notes()
    words = editor_problems.Words(ed, names)
    marks = notes.get("highlight", [])
    arrows = [tag("li", None, tr("{a} → {b}", a=words.mark(a), b=words.mark(b))) for a, b in notes.get("arrows", [])]
    question = None
    if au.may_ask():
        step = au.moves[au.k - 1]
        asked = bool(step.get("question"))
        question = join(tag("label", None, tag("input", {"type": "checkbox", "checked": asked or None,
                                                         "data-cmd-change": "ed-st-question",
                                                         "data-testid": "st-question"}),
                            " ", _("Ask the reader: “Your move” (they play, then see this move)")),
                        tag("label", None, tag("br"), _("Why this move (shown to a reader who plays another)"),
                            tag("br"),
                            tag("textarea", {"data-cmd-change": "ed-st-explain", "data-testid": "st-explain",
                                             "rows": 2, "maxlength": S.CAPTION_MAX}, step.get("explain", "")))
                        if asked else None)
    rows = []
    for path in au.checked.declaration.zone_paths(au.checked.players, au.checked.options) if au.checked else ():
        rows.append(tag("li", None, tag("span", None, words.zone(path)), " ",
                        _button("ed-st-mark", path, _("Highlight"), f"st-mark-{path}", pressed=path in marks), " ",
                        _button("ed-st-arrow", path, _("Arrow end") if au.arrow_from else _("Arrow start"),
                                f"st-arrow-{path}")))
    return tag("section", {"class": "ed-notes"},
               tag("h2", None, tr("Step {n}: caption and marks", n=au.k + 1)),
               tag("label", None, _("Caption (shown as you write it)"), tag("br"),
                   tag("textarea", {"data-cmd-change": "ed-st-caption", "data-testid": "st-caption", "rows": 2,
                                    "maxlength": S.CAPTION_MAX}, notes.get("caption", ""))),
               tag("p", None, question) if question else None,
               tag("p", {"data-testid": "st-highlighted"},
                   tr("Highlighted: {marks}", marks=", ".join(words.mark(m) for m in marks) or "—")),
               tag("ul", {"data-testid": "st-arrows"}, "", arrows) if arrows else None,
               tag("p", {"class": "hint"}, tr("Arrow from {start}: choose where it ends.",
                                              start=words.mark(au.arrow_from))) if au.arrow_from else None,
               _button("ed-st-clear", None, _("Remove highlights and arrows"), "st-clear")
               if marks or notes.get("arrows") else None,
               tag("ul", {"class": "zones"}, "", rows))


def board_html(au: Authoring, selected: str | None, names: list[str]) -> Safe | None:
    """The step being annotated; the last one takes the next move, pointed at on the board (from the eyes of the
    seat that plays it)."""
    study = au.checked
    if study is None:
        return None
    seat = au.position.get("seat")
    mover = au.mover()
    if au.k == au.total - 1 and mover is not None:
        state = study.steps[-1].state
        view = state.view(mover)
        ui = {"me": mover, "names": names, "legal": [state.game.encode(a) for a in state.legal_actions(mover)],
              "selected": selected, "narrow": False}
        rmod = renderer(study.game_id)
        board = Safe(text(rmod.render(view, ui)))
        return join(tag("p", {"class": "hint", "data-testid": "st-play-hint"},
                        tr("Play the next move on the board ({name} to play): it becomes step {n}.",
                           name=names[mover], n=au.total + 1)),
                    tag("div", {"class": "board-wrap marked-board", "id": "board", "data-testid": "st-board"},
                        board, tag("div", {"class": "marks", "id": "marks", "aria-hidden": "true"}, "")),
                    tag("div", {"class": "embed-bar"}, "", rmod.action_buttons(view, ui)))
    pos = study.position_at(au.k)
    return tag("div", {"class": "board-wrap marked-board", "id": "board", "data-testid": "st-board"},
               positions.board_html(pos, seat, names),
               tag("div", {"class": "marks", "id": "marks", "aria-hidden": "true"}, ""))


def preview_html(au: Authoring, names: list[str], page_url: str, origin: str, selected: str | None) -> Safe:
    board = board_html(au, selected, names)
    if au.checked is None:
        return tag("section", {"class": "ed-preview"},
                   tag("p", {"class": "error", "role": "alert", "data-testid": "st-problem"},
                       tr("This study cannot be shown: {reason}", reason=study_words.problem(au.error, au.data()))))
    url, code = au.export(page_url, origin)
    return tag("section", {"class": "ed-preview"},
               tag("p", {"class": "ok", "role": "status", "data-testid": "st-ok"},
                   trn("The study is valid: {n} step.", "The study is valid: {n} steps.", au.total)),
               board, positions.embed_fields(url, code, origin, "st"))


def html(app: Any, ed: Any, au: Authoring, page_url: str, origin: str) -> Safe:
    names = positions.names_of(au.position["players"])
    game = GAMES[au.position["game"]]
    return tag("main", {"class": "editor", "data-testid": "editor"},
               tag("h1", None, tr("Make a study: {title}", title=tdata(game.title))),
               tag("div", {"class": "ed-cols"},
                   tag("div", {"class": "ed-edit"}, steps_html(au, names), notes_html(au, ed, names)),
                   preview_html(au, names, page_url, origin, getattr(app, "selected", None))),
               tag("p", None, tag("button", {"data-cmd": "home"}, _("Back to the games"))))


def entry_html(ed: Any) -> Safe | None:
    """The position editor's "Make a study from this position" (a valid position only); while a position is set
    up as a study's next step, "Add this position as step n" and "Back to the study"."""
    back = getattr(ed, "returns_to", None)
    if back is not None:
        au = back.study
        return tag("p", None, _button("ed-st-addpos", None, tr("Add this position as step {n}", n=au.total + 1),
                                      "st-addpos", disabled=ed.pos is None), " ",
                   _button("ed-st-cancelpos", None, _("Back to the study"), "st-cancelpos"))
    if ed.pos is None:
        return None
    return tag("p", None, _button("ed-st-start", None, _("Make a study from this position"), "st-start"),
               " ", tag("span", {"class": "hint"},
                        _("Then play moves on the board, one step each, and annotate every step.")))


def from_replay(rp: Any, editor_class: Any) -> Any:
    """An editor whose study starts at the replay's step (the position shown there) and holds the game's next
    moves as its steps, as long as they replay the same from that position (a card drawn comes from the same
    deck; dice rolled from the position's seed may differ, and the study stops where a move no longer fits).
    Each step is then annotated, and any of them made a question."""
    ed = editor_class.from_state(rp.state_at(rp.k), rp.seat, hide=rp.allowed is not None)
    if ed.pos is not None:
        ed.study = Authoring(ed.pos.to_json())
        ed.study.extend(rp.record.moves[rp.k:rp.k + S.MAX_STEPS])
        ed.study.k = 0
    return ed


def reopen(data: dict, editor_class: Any) -> Any:
    """An editor writing the study `data` (an #edit= address: a reload, Back, a co-author's link), at its last
    step. Its first step's position is edited as any position is; the later steps are kept as they are and
    checked as a whole (a broken one shows the study's refusal, as while writing)."""
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps or not isinstance(steps[0], dict) \
            or not isinstance(steps[0].get("position"), dict):
        raise RecordError("not a study")
    first = {**steps[0]["position"]}
    notes = {k: steps[0][k] for k in ("caption", "highlight", "arrows") if k in steps[0]}
    if notes:
        first["annotations"] = {**first.get("annotations", {}), **notes}
    ed = editor_class(first)
    if ed.pos is not None:
        au = Authoring(ed.pos.to_json())
        au.moves = [copy.deepcopy(s) for s in steps[1:S.MAX_STEPS] if isinstance(s, dict)]
        au.check()
        au.k = au.total - 1
        ed.study = au
    return ed


def replay_button(rp: Any) -> Safe:
    """The replay's "Make a study from here"."""
    return tag("button", {"data-cmd": "ed-study-replay", "data-testid": "study-from-here"},
               _("Make a study from here"))


# --- the shell's hooks -----------------------------------------------------------------------------
def command(app: Any, ed: Any, cmd: str, arg: str | None) -> bool:
    """An "ed-st-…" command; False when it is none."""
    au: Authoring | None = getattr(ed, "study", None)
    back = getattr(ed, "returns_to", None)
    if cmd == "ed-st-start" and ed.pos is not None and back is None:
        ed.study = Authoring(ed.pos.to_json())
        app.selected = None
        return True
    if cmd == "ed-st-addpos" and back is not None and ed.pos is not None:
        back.study.add_position(ed.pos.to_json())
        app.editor = back
        return True
    if cmd == "ed-st-cancelpos" and back is not None:
        app.editor = back
        return True
    if cmd == "ed-st-newpos" and au is not None and au.next_position() is not None:
        new = type(ed)(au.next_position())
        new.returns_to = ed
        app.editor, app.selected = new, None
        return True
    if au is None or not cmd.startswith("ed-st-"):
        return cmd.startswith("ed-st-")
    if cmd == "ed-st-stop":
        ed.study = None
    elif cmd == "ed-st-pick" and arg is not None:
        au.pick(arg)
    elif cmd == "ed-st-undo":
        au.undo()
    elif cmd == "ed-st-mark" and arg:
        au.toggle_mark(arg)
    elif cmd == "ed-st-arrow" and arg:
        au.arrow(arg)
    elif cmd == "ed-st-clear":
        au.clear_marks()
    return True


def on_change(ed: Any, kind: str, el: Any, value: str) -> bool:
    au: Authoring | None = getattr(ed, "study", None)
    if au is None or not kind.startswith("ed-st-"):
        return False
    if kind == "ed-st-caption":
        au.set_caption(value)
    elif kind == "ed-st-explain":
        au.set_explain(value)
    elif kind == "ed-st-question":
        au.set_question(bool(el.checked))
    return True


def play(app: Any, moves: list, follow: Any) -> None:
    """A move clicked on the study's board: each of the click's moves in turn while the same seat plays, then its
    follow-up when it is legal."""
    ed = getattr(app, "editor", None)
    au: Authoring | None = getattr(ed, "study", None)
    if au is None:
        return
    seat = au.mover()
    done = 0
    for encoded in moves:
        if done and au.mover() != seat:
            break
        if not au.play(encoded):
            break
        done += 1
    if follow is not None and done == len(moves) == 1 and au.mover() == seat:
        au.play(follow)
    app.selected = None


def draw_marks(au: Authoring) -> None:
    if au.checked is None:
        return
    try:
        import position_marks
    except ImportError:  # CPython tests: no page to draw on
        return
    live = au.k == au.total - 1 and au.mover() is not None
    pos = au.checked.position_at(au.k)
    position_marks.draw(pos, au.mover() if live else au.position.get("seat"))
