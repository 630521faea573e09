"""Studies: an annotated sequence of steps (a position, then moves played from it), carried in a link or an embed.

A study is a versioned JSON value, the record kind "study":

    {"kind": "study", "v": 1, "game": "<id>", "players": n, "options": {...},
     "seed": <0..2^31-1: the deal and dice of a position step that has no seed of its own> (optional, 0),
     "steps": [<step>, ...]}

Each step is an object, one of two kinds, with its own annotations:

    {"position": <a position value (py_engine.core.position)>, <annotations>}
    {"move": [<seat>, <action as a game record stores it>], <annotations>,
     "question": true | false (optional), "explain": "<why another move is worse>" (a question's only)}

    <annotations>: "caption": "<text>", "highlight": ["<zone path or component>", ...],
                   "arrows": [["<from>", "<to>"], ...]   (each optional; a position step without them
                   takes its position's own annotations)

Rules (`check` refuses with StudyError, a PositionError whose `where` names the step in words: "step 3"):

1. the shape: the keys above and nothing else; 1 to MAX_STEPS steps; the first step is a position; the game,
   player count and options are the study's own, and every position step is of the same game, player count
   and options;
2. a position step passes `position.check` (every rule of a position; a refusal keeps the position's own
   refusal in `inner` and names the step); its unset zones are dealt from the position's own seed, else from
   the study's, so the reader sees exactly the cards the writer saw;
3. a move step is legal from the state of the step before: it is applied with the game's own engine
   (`State.apply`); its randomness (a card drawn, the dice) comes from that state's generator, itself dealt
   from the seed, so every reader replays exactly the same study;
4. a caption and an explanation are text of at most CAPTION_MAX characters; highlights and arrows (at most
   MAX_MARKS each) name zone paths or components of this game; a question is a move step of the seat the study
   is shown from (the first position's seat), and only a question has an explanation.

Outside text goes through the bounded parser (`safejson`: size MAX_TEXT, nesting depth) before anything else.
The checked `Study` holds the state after each step (`states`) and draws each step as a Position
(`position_at`), so the embed shows a step with the position's own board, caption, highlights and arrows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import position as P
from . import safejson
from .errors import IllegalAction, RecordError
from .options import is_whole

KIND = "study"
VERSION = 1
MAX_TEXT = 300_000  # characters of a study's JSON text
MAX_STEPS = 200
CAPTION_MAX = P.CAPTION_MAX  # characters of a caption, and of an explanation
MAX_MARKS = P.MAX_MARKS
MAX_DEPTH = 16
_KEYS = {"kind", "v", "game", "players", "options", "seed", "steps"}
_ANNOTATIONS = ("caption", "highlight", "arrows")
_POSITION_STEP = {"position", *_ANNOTATIONS}
_MOVE_STEP = {"move", "question", "explain", *_ANNOTATIONS}


class StudyError(P.PositionError):
    """An impossible or malformed study: `rule` at `where` ("step 3", "steps", "game"); `step` is the step's
    number (1-based) or None; `inner` the position's own refusal when a position step is refused."""

    def __init__(self, rule: str, where: str = "", step: int | None = None,
                 inner: P.PositionError | None = None) -> None:
        super().__init__(rule, where)
        self.step, self.inner = step, inner


@dataclass
class Step:
    """One checked step: its kind ("position" or "move"), the move ([seat, encoded action]) of a move step,
    its annotations, whether it is a question (and its explanation), and the state after it."""

    kind: str
    annotations: dict
    state: Any
    move: list | None = None
    question: bool = False
    explain: str = ""
    position: P.Position | None = None  # a position step's checked position


@dataclass
class Study:
    game_id: str
    players: int
    options: dict
    seed: int
    seat: int | None  # whose eyes the study is shown from: the first position's seat
    steps: list[Step] = field(default_factory=list)
    declaration: P.Declaration | None = None

    def position_at(self, i: int) -> P.Position:
        """Step `i` (0-based) as a Position: its state, its zones (to find the annotated components on the
        board) and its annotations."""
        step = self.steps[i]
        if step.position is not None:
            pos = step.position
            return P.Position(pos.game_id, pos.players, pos.options, pos.zones, pos.fields, self.seat,
                              step.annotations, pos.declaration, state=step.state, seed=pos.seed)
        try:  # a move may leave a state no position can be set up from (mid-effect): it is still shown
            zones, fields = self.declaration.of_state(step.state, shown=True)
        except (RecordError, ValueError, KeyError, IndexError, TypeError, AttributeError):
            zones, fields = {p: [] for p in self.declaration.zone_paths(self.players, self.options)}, {}
        return P.Position(self.game_id, self.players, self.options, zones, fields, self.seat, step.annotations,
                          self.declaration, state=step.state)

    def state_at(self, i: int) -> Any:
        """A copy of the state after step `i` (to play on from it)."""
        return self.steps[i].state.clone()


def loads(text: Any) -> Any:
    try:
        return safejson.loads(text, max_chars=MAX_TEXT, max_depth=MAX_DEPTH)
    except safejson.JsonInputError as exc:
        raise StudyError(f"not a readable study ({exc.reason})") from None


def check(data: Any) -> Study:
    """A study (text or parsed JSON) checked against every rule above, each step's state built: StudyError says
    what is wrong and at which step."""
    if isinstance(data, (str, bytes, bytearray)):
        data = loads(data)
    decl, _game, players, options = P.header(data, KIND, VERSION, _KEYS, StudyError)
    seed = data.get("seed", 0)
    if not is_whole(seed, 0, P.SEED_MAX):
        raise StudyError(f"the seed is a whole number from 0 to {P.SEED_MAX}", "seed")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not 1 <= len(raw_steps) <= MAX_STEPS:
        raise StudyError(f"the steps are a list of 1 to {MAX_STEPS} steps", "steps")
    study = Study(decl.game_id, players, options, seed, None, declaration=decl)
    names = set(decl.zone_paths(players, options)) | set(decl.components(players, options))
    state = None
    for i, raw in enumerate(raw_steps):
        n = i + 1
        where = f"step {n}"
        if not isinstance(raw, dict):
            raise StudyError("a step is an object: a position or a move", where, n)
        if "position" in raw:
            if "move" in raw:
                raise StudyError("a step is either a position or a move, not both", where, n)
            step = _position_step(study, raw, n)
            if i == 0:
                study.seat = step.position.seat
        elif i == 0:
            raise StudyError("the first step is a position", where, n)
        elif "move" in raw:
            step = _move_step(study, state, raw, n)
        else:
            raise StudyError("a step is either a position or a move", where, n)
        for key, value in _annotations(raw, names, n).items():
            step.annotations[key] = value
        state = step.state
        study.steps.append(step)
    return study


def _position_step(study: Study, raw: dict, n: int) -> Step:
    where = f"step {n}"
    unknown = sorted(str(k)[:20] for k in raw if k not in _POSITION_STEP)
    if unknown:
        what = "a question is a move step" if unknown[0] in ("question", "explain") else f"unknown key {unknown[0]!r}"
        raise StudyError(what, where, n)
    data = raw["position"]
    if not isinstance(data, dict):
        raise StudyError("a position step holds a position", where, n)
    try:
        pos = P.check(data, seed=study.seed)
    except P.PositionError as exc:
        raise StudyError(str(exc), where, n, inner=exc) from None
    if (pos.game_id, pos.players, pos.options) != (study.game_id, study.players, study.options):
        raise StudyError("this position is of another game, player count or options than the study", where, n)
    return Step("position", dict(pos.annotations), pos.state, position=pos)


def _move_step(study: Study, before: Any, raw: dict, n: int) -> Step:
    where = f"step {n}"
    unknown = sorted(str(k)[:20] for k in raw if k not in _MOVE_STEP)
    if unknown:
        raise StudyError(f"unknown key {unknown[0]!r}", where, n)
    move = raw["move"]
    if not (isinstance(move, list) and len(move) == 2 and is_whole(move[0], 0, study.players - 1)):
        raise StudyError("a move is [seat, action]", where, n)
    question = raw.get("question", False)
    if not isinstance(question, bool):
        raise StudyError("question is true or false", where, n)
    explain = raw.get("explain", "")
    if not isinstance(explain, str):
        raise StudyError("the explanation is text", where, n)
    if len(explain) > CAPTION_MAX:
        raise StudyError(f"the explanation is longer than {CAPTION_MAX} characters", where, n)
    if explain and not question:
        raise StudyError("only a question has an explanation", where, n)
    if question and move[0] != study.seat:
        raise StudyError("a question is a move of the seat the study is shown from", where, n)
    state = before.clone()
    try:
        state.apply(move[0], move[1])
    except (IllegalAction, RecordError):
        raise StudyError("this move is not legal here", where, n) from None
    return Step("move", {"caption": "", "highlight": [], "arrows": []}, state, move=[move[0], move[1]],
                question=question, explain=explain)


def _annotations(raw: dict, names: set, n: int) -> dict:
    """The step's own caption, highlights and arrows (those it gives), checked."""
    where, out = f"step {n}", {}
    if "caption" in raw:
        caption = raw["caption"]
        if not isinstance(caption, str):
            raise StudyError("the caption is text", where, n)
        if len(caption) > CAPTION_MAX:
            raise StudyError(f"the caption is longer than {CAPTION_MAX} characters", where, n)
        out["caption"] = caption
    if "highlight" in raw:
        marks = raw["highlight"]
        if not isinstance(marks, list) or len(marks) > MAX_MARKS:
            raise StudyError(f"the highlights are a list of at most {MAX_MARKS} zones or components", where, n)
        for k, m in enumerate(marks):
            if not isinstance(m, str) or m not in names:
                raise StudyError(f"highlight {k + 1} is no zone or component of this game", where, n)
        out["highlight"] = list(marks)
    if "arrows" in raw:
        arrows = raw["arrows"]
        if not isinstance(arrows, list) or len(arrows) > MAX_MARKS:
            raise StudyError(f"the arrows are a list of at most {MAX_MARKS} [from, to] pairs", where, n)
        for k, a in enumerate(arrows):
            if not (isinstance(a, list) and len(a) == 2 and all(isinstance(e, str) and e in names for e in a)):
                raise StudyError(f"arrow {k + 1} is no [from, to] pair of zones or components of this game", where, n)
        out["arrows"] = [list(a) for a in arrows]
    return out


def of_position(position: dict, moves: list | None = None, seed: int = 0) -> dict:
    """A study value from a position value and moves ([seat, encoded action] each) played from it; each move
    step bare (annotate it by adding "caption", "highlight", "arrows", "question", "explain")."""
    return {"kind": KIND, "v": VERSION, "game": position["game"], "players": position["players"],
            "options": dict(position.get("options", {})), "seed": seed,
            "steps": [{"position": position}] + [{"move": list(m)} for m in moves or ()]}
