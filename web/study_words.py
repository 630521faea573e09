"""A study's refusals (py_engine.core.study.StudyError) in the reader's words and language.

The rules say where ("step 3", "steps", "seed") and what ("this move is not legal here") in English; here the step
becomes "Step 3" and the rule a sentence of the interface's catalogue. A position step's own refusal (`inner`) is
put in words as the editor puts a position's (web/editor_problems.py): a zone or a component by its name.
"""

from __future__ import annotations

import re
from typing import Any

import editor_problems
import positions
from i18n import N_, _, tr

from py_engine import GAMES
from py_engine.core import RecordError
from py_engine.core import position as P
from py_engine.core import study as S

_N = r"(?P<n>\d+)"
# (the rules' sentence, {n} standing for a number in it, the reader's sentence)
RULES: list[tuple[str, str]] = [
    ("this move is not legal here", N_("this move is not legal here")),
    ("a move is [seat, action]", N_("a move names a player and an action")),
    ("the caption is longer than {n} characters", N_("the caption is longer than {n} characters")),
    ("the caption is text", N_("the caption is text")),
    ("the explanation is longer than {n} characters",
     N_("the explanation is longer than {n} characters")),
    ("the explanation is text", N_("the explanation is text")),
    ("only a question has an explanation", N_("only a question has an explanation")),
    ("question is true or false", N_("a step is a question or not")),
    ("a question is a move of the seat the study is shown from",
     N_("a question is a move of the player the study is shown from")),
    ("a question is a move step", N_("a question is a move, not a position")),
    ("highlight {n} is no zone or component of this game", N_("highlight {n} is no place or piece of this game")),
    ("the highlights are a list of at most {n} zones or components",
     N_("a step has at most {n} highlights")),
    ("arrow {n} is no [from, to] pair of zones or components of this game",
     N_("arrow {n} does not join two places or pieces of this game")),
    ("the arrows are a list of at most {n} [from, to] pairs", N_("a step has at most {n} arrows")),
    ("a step is an object: a position or a move", N_("a step is a position or a move")),
    ("a step is either a position or a move", N_("a step is a position or a move")),
    ("a step is either a position or a move, not both", N_("a step is a position or a move, not both")),
    ("the first step is a position", N_("the first step is a position")),
    ("a position step holds a position", N_("a position step holds a position")),
    ("this position is of another game, player count or options than the study",
     N_("this position is of another game, player count or options than the study")),
    ("the steps are a list of 1 to {n} steps", N_("a study has 1 to {n} steps")),
    ("this is not an Explorers' Table study", N_("this is not an Explorers' Table study")),
]


def _rx(english: str) -> re.Pattern:
    return re.compile("^" + re.escape(english).replace(r"\{n\}", _N) + "$")


_COMPILED = [(_rx(english), words) for english, words in RULES]


class _Sheet:
    """What editor_problems.Words reads of an editor: the position's game, players, options and zones."""

    def __init__(self, data: dict) -> None:
        self.data = data
        self.decl = P.declaration(data["game"])
        self.shown = None

    def paths(self) -> dict:
        return self.decl.zone_paths(self.data["players"], self.data["options"])


def rule_words(rule: str) -> str:
    for rx, words in _COMPILED:
        m = rx.match(rule)
        if m is not None:
            return tr(words, **{k: int(v) for k, v in m.groupdict().items()})
    return rule


def problem(exc: RecordError, data: Any = None) -> str:
    """Why a study is refused, in the reader's words: "Step 3: this move is not legal here"."""
    if not isinstance(exc, S.StudyError):
        return str(exc)
    if exc.inner is not None:
        what = str(exc.inner)
        step = data.get("steps")[exc.step - 1] if isinstance(data, dict) else None
        position = step.get("position") if isinstance(step, dict) else None
        try:
            options = GAMES[position["game"]].normalize_options(position.get("options", {}))
            sheet = _Sheet({"game": position["game"], "players": position["players"], "options": options})
            what = editor_problems.Words(sheet, positions.names_of(sheet.data["players"])).problem(exc.inner)
        except (RecordError, KeyError, TypeError, ValueError):
            pass
        return tr("Step {n}: {what}", n=exc.step, what=what)
    what = _("this is not a readable study") if exc.rule.startswith("not a readable study") else rule_words(exc.rule)
    if exc.step is not None:
        return tr("Step {n}: {what}", n=exc.step, what=what)
    places = {"steps": N_("the steps"), "seed": N_("the seed"), "v": N_("the version"), "game": N_("the game"),
              "players": N_("the players"), "options": N_("the options"), "study": ""}
    place = _(places[exc.where]) if places.get(exc.where) else ""
    return tr("{name}: {what}", name=place, what=what) if place else what
