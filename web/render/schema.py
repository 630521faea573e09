"""Checking views that come from outside (a host over the network) before anything draws them.

A guest's page draws the views its host sends; a hostile or broken host can send anything. Each game's
renderer module (web/render/<package>.py) describes the views it can draw, by one of these hooks:

- `validate_view(view) -> None`, raising ValueError with a readable reason (it usually calls
  `check(VIEW_SCHEMA, view)` and adds cross-field rules such as "one hand count per player"), or
- `VIEW_SCHEMA`, a schema in the small language below, checked by `check`.

A renderer with neither gets the generic check (a JSON object of bounded size and depth). In every case
`problem(game_id, view, ui)` then draws the view once, off the page, with every drawing function the
renderer exports; any exception there also makes the view one "this app cannot show". So a malformed
view can never raise out of the code that receives it, and (with bounded numbers and lengths) it
cannot make a renderer loop for long either.

Schema language (plain Python values):
    int, str, bool, None      that type exactly (bool is not an int here); None: the value null
    Int(lo, hi), Str(n, choices=...)   bounded ints, strings of at most n characters or one of `choices`
    [schema] / List(schema, n) a list of at most 64 (or n) items, each matching schema
    {"key": schema, "opt?": schema}   a dict with these keys ("?" marks an optional key); other keys
                                      are allowed (a renderer ignores them) but are checked by `Json`
    Opt(schema)               null or schema;  Any(a, b, ...): one of the schemas;  Json(): any JSON value
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

MAX_DEPTH = 24
MAX_ITEMS = 64
MAX_STR = 200
MAX_NODES = 50_000  # values in one view, all levels together
MAX_LOG = 5_000  # entries of view.log: the whole game's log (issue 21; Catan's engine keeps at most 5,000)


class ViewError(ValueError):
    """A view this app cannot show; the message names the first offending field."""


MAX_NUMBER = 10**6  # any number in a view (scores, counts, ids): a hostile host's 10**12 count is refused


@dataclass(frozen=True)
class Int:
    lo: int = -1_000_000
    hi: int = 1_000_000


@dataclass(frozen=True)
class Str:
    n: int = MAX_STR
    choices: tuple = ()


@dataclass(frozen=True)
class List:
    item: Any
    n: int = MAX_ITEMS


@dataclass(frozen=True)
class Opt:
    schema: Any


class Any_:
    """One of several schemas."""

    def __init__(self, *options: Any) -> None:
        self.options = options


@dataclass(frozen=True)
class Json:
    """Any JSON value of bounded depth, list length and string length."""

    depth: int = 6


def _fail(path: str, what: str) -> None:
    raise ViewError(f"{path}: {what}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Counter:
    def __init__(self) -> None:
        self.n = 0

    def tick(self, path: str) -> None:
        self.n += 1
        if self.n > MAX_NODES:
            _fail(path, "too many values")


def _json(value: Any, path: str, depth: int, count: _Counter) -> None:
    count.tick(path)
    if value is None or isinstance(value, bool) or _is_int(value):
        if _is_int(value) and abs(value) > MAX_NUMBER:
            _fail(path, "number out of range")
        return
    if isinstance(value, float):
        if value != value or abs(value) > MAX_NUMBER:
            _fail(path, "number out of range")
        return
    if isinstance(value, str):
        if len(value) > MAX_STR * 10:
            _fail(path, "text too long")
        return
    if depth <= 0:
        _fail(path, "nested too deeply")
    if isinstance(value, list):
        if len(value) > (MAX_LOG if path == "view.log" else MAX_ITEMS * 8):
            _fail(path, "list too long")
        for i, item in enumerate(value):
            _json(item, f"{path}[{i}]", depth - 1, count)
        return
    if isinstance(value, dict):
        if len(value) > MAX_ITEMS * 2:
            _fail(path, "too many keys")
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > 64:
                _fail(path, "a key that is not a short text")
            _json(item, f"{path}.{key}", depth - 1, count)
        return
    _fail(path, f"not a JSON value ({type(value).__name__})")


def _check(schema: Any, value: Any, path: str, depth: int, count: _Counter) -> None:
    count.tick(path)
    if depth > MAX_DEPTH:
        _fail(path, "nested too deeply")
    if schema is None:
        if value is not None:
            _fail(path, "expected null")
    elif schema is bool:
        if not isinstance(value, bool):
            _fail(path, "expected true or false")
    elif schema is int:
        _check(Int(), value, path, depth, count)
    elif schema is str:
        _check(Str(), value, path, depth, count)
    elif isinstance(schema, Int):
        if not _is_int(value):
            _fail(path, "expected a whole number")
        if not schema.lo <= value <= schema.hi:
            _fail(path, f"expected a number from {schema.lo} to {schema.hi}")
    elif isinstance(schema, Str):
        if not isinstance(value, str):
            _fail(path, "expected a text")
        if schema.choices and value not in schema.choices:
            _fail(path, "expected one of " + ", ".join(map(str, schema.choices)))
        if len(value) > schema.n:
            _fail(path, f"text longer than {schema.n} characters")
    elif isinstance(schema, Opt):
        if value is not None:
            _check(schema.schema, value, path, depth, count)
    elif isinstance(schema, Any_):
        reasons = []
        for option in schema.options:
            try:
                _check(option, value, path, depth, count)
                return
            except ViewError as exc:
                reasons.append(str(exc))
        _fail(path, "matches none of the allowed forms (" + "; ".join(reasons)[:300] + ")")
    elif isinstance(schema, Json):
        _json(value, path, schema.depth, count)
    elif isinstance(schema, (list, List)):
        item, n = (schema[0], MAX_ITEMS) if isinstance(schema, list) else (schema.item, schema.n)
        if not isinstance(value, list):
            _fail(path, "expected a list")
        if len(value) > n:
            _fail(path, f"list longer than {n}")
        for i, x in enumerate(value):
            _check(item, x, f"{path}[{i}]", depth + 1, count)
    elif isinstance(schema, dict):
        if not isinstance(value, dict):
            _fail(path, "expected an object")
        for key, sub in schema.items():
            name = key.rstrip("?")
            if name not in value:
                if key.endswith("?"):
                    continue
                _fail(path, f"missing field {name!r}")
            _check(sub, value[name], f"{path}.{name}", depth + 1, count)
        known = {k.rstrip("?") for k in schema}
        for key, extra in value.items():
            if key not in known:
                if not isinstance(key, str) or len(key) > 64:
                    _fail(path, "a key that is not a short text")
                _json(extra, f"{path}.{key}", 6, count)
    else:  # a mistake in a schema, not in the view
        raise TypeError(f"not a schema: {schema!r}")


def check(schema: Any, value: Any, path: str = "view") -> None:
    """Raise ViewError (a ValueError) unless `value` matches `schema`."""
    _check(schema, value, path, 0, _Counter())


def generic(view: Any) -> None:
    """The check for a renderer without its own: a JSON object of bounded size and depth."""
    if not isinstance(view, dict):
        _fail("view", "expected an object")
    _json(view, "view", 12, _Counter())


def seats_ok(view: dict, path: str, values: list, players: int, allow_none: bool = False) -> None:
    """Every value is a seat number 0..players-1 (or None when allowed)."""
    for i, v in enumerate(values):
        if v is None and allow_none:
            continue
        if not _is_int(v) or not 0 <= v < players:
            _fail(f"{path}[{i}]", f"expected a seat number below {players}")


def length_is(value: list, n: int, path: str) -> None:
    if len(value) != n:
        _fail(path, f"expected {n} entries, found {len(value)}")


def check_fields(fields: dict, value: Any, path: str = "view") -> None:
    """Raise ViewError unless `value` is an object whose named `fields` match their schemas ("?" marks an
    optional one); its other keys are left to the renderer's own check."""
    if not isinstance(value, dict):
        _fail(path, "expected an object")
    count = _Counter()
    for key, sub in fields.items():
        name = key.rstrip("?")
        if name in value:
            _check(sub, value[name], f"{path}.{name}", 1, count)
        elif not key.endswith("?"):
            _fail(path, f"missing field {name!r}")


# The engine's result (DESIGN.md): winners (seats), ranks (1 = best) and scores, one per seat; a solo game
# against a rival adds the rival's score and whether the player beat it.
RESULT_SCHEMA = {"winners": List(Int(0, 7), 8), "ranks": List(Int(1, 8), 8),
                 "scores": List(Int(), 8), "rival?": Int(), "beat_rival?": bool}

# What the shell (web/shell.py: the table, its log, the round and match dialogs) reads of every game's view,
# whatever the game: a view without these cannot be drawn, however well it suits the game's renderer.
SHELL_FIELDS = {
    "over": bool,
    "log": List({"seat?": Opt(Int(0, 7))}, MAX_LOG),
    "history": List({"moves?": Opt(Int(0, 10**6))}, MAX_LOG),
    "result?": Opt(RESULT_SCHEMA),
}


def validate(module: Any, view: Any) -> None:
    """Run the generic bounds on every view (size, depth, every number within MAX_NUMBER: a count drawn as that
    many icons must not be 10**12), then a renderer module's view check (its validate_view, else its VIEW_SCHEMA),
    then the fields the shell reads of every view (SHELL_FIELDS)."""
    generic(view)
    if hasattr(module, "validate_view"):
        module.validate_view(view)
    elif hasattr(module, "VIEW_SCHEMA"):
        check(module.VIEW_SCHEMA, view)
    check_fields(SHELL_FIELDS, view)


DRAWERS = ("render", "status_text", "action_buttons", "summary")


def draw_all(module: Any, view: dict, ui: dict) -> None:
    """Every drawing function the renderer exports, once, with this view (results thrown away)."""
    names = ui.get("names") or []
    for name in DRAWERS:
        fn = getattr(module, name, None)
        if fn is not None:
            fn(view, ui) if name in ("render", "status_text", "action_buttons") else fn(view, names)
    if hasattr(module, "score_sheet"):
        module.score_sheet(view, names)
    log_text = getattr(module, "log_text", None)
    for i, entry in enumerate(view["log"]):  # the shell's log: the entry's seat names the player
        if not isinstance(entry, dict):
            _fail(f"view.log[{i}]", "expected an object")
        if entry.get("seat") is not None:
            seats_ok(view, f"view.log[{i}].seat", [entry["seat"]], len(names))
        if log_text is not None:
            log_text(entry, names)
        elif not isinstance(entry.get("text", ""), str):
            _fail(f"view.log[{i}].text", "expected a text")
    result = view.get("result")
    if result is not None:  # drawn by the shell's match-result dialog
        check(RESULT_SCHEMA, result, "view.result")
        seats_ok(view, "view.result.winners", result["winners"], len(names))
        length_is(result["ranks"], len(names), "view.result.ranks")
        length_is(result["scores"], len(names), "view.result.scores")


def problem(game_id: str, view: Any, ui: dict) -> str | None:
    """Why this app cannot show `view` of `game_id` for `ui` (None when it can): the renderer's check, then
    one off-page drawing with every drawing function (any exception there is a reason too)."""
    try:
        from py_engine.games import package_of

        module = import_module(f"render.{package_of(game_id)}")
    except (KeyError, ImportError, TypeError):
        return f"this app has no game called {str(game_id)[:40]!r}"
    try:
        validate(module, view)
        draw_all(module, view, ui)
    except ViewError as exc:
        return str(exc)[:300]
    except Exception as exc:  # a view the check let through and the renderer could not draw
        return f"the board could not be drawn ({type(exc).__name__})"
    return None


__all__ = ["SHELL_FIELDS", "Any_", "Int", "Json", "List", "Opt", "Str", "ViewError", "check", "check_fields",
           "draw_all", "generic", "length_is", "problem", "seats_ok", "validate"]
