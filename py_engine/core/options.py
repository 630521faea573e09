"""Declared game options (variants) and their validation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError


def is_whole(value: Any, low: int, high: int) -> bool:
    """True for an int (not a bool) with low <= value <= high."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class Option:
    """One variant switch: a bool, an int in [low, high], or one of `choices`.

    `hidden`: never offered on the setup screen nor listed for translation (say, a rules edition: new games
    take the default). `legacy`: the value a saved record's options are read with when they do not name the
    option (None: the default), so a record made before the option existed replays by the rules it was
    played with (`saved_options`)."""

    name: str
    label: str
    default: Any
    kind: str = "bool"  # "bool" | "int" | "choice"
    low: int = 0
    high: int = 0
    choices: tuple = field(default_factory=tuple)
    help: str = ""
    labels: tuple = ()  # what the setup screen shows for each choice (an int option: for low..high); values stay
    hidden: bool = False
    legacy: Any = None
    seats: bool = False  # a choice whose numbers name seats (1-based): a table of n players offers 1..n only

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RecordError(f"option {self.name!r} must be true or false")
        elif self.kind == "int":
            if not is_whole(value, self.low, self.high):
                raise RecordError(f"option {self.name!r} must be a whole number from {self.low} to {self.high}")
        elif value not in self.choices:
            raise RecordError(f"option {self.name!r} must be one of {list(self.choices)}")
        return value

    def to_json(self) -> dict:
        d = {"name": self.name, "label": self.label, "default": self.default, "kind": self.kind, "help": self.help}
        if self.kind == "int":
            d.update(low=self.low, high=self.high)
        if self.kind == "choice":
            d["choices"] = list(self.choices)
        if self.labels:
            d["labels"] = list(self.labels)
        if self.hidden:
            d["hidden"] = True
        return d

    def shown(self, players: int | None = None) -> list[tuple[Any, str]]:
        """(value, label) for a choice or a labelled int: the label, else the value as text. With `players`, an
        option naming seats (`seats`) leaves out the seats the table does not have."""
        values = list(self.choices) if self.kind == "choice" else list(range(self.low, self.high + 1))
        out = [(v, self.labels[i] if i < len(self.labels) else str(v)) for i, v in enumerate(values)]
        if self.seats and players is not None:
            out = [(v, t) for v, t in out if not str(v).isdigit() or int(v) <= players]
        return out


def normalize_options(declared: tuple[Option, ...], given: Any) -> dict:
    """Fill defaults, reject unknown names and bad values."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise RecordError("options must be an object")
    known = {o.name: o for o in declared}
    for name in given:
        if name not in known:
            raise RecordError(f"unknown option {name!r}")
    return {o.name: o.check(given.get(o.name, o.default)) for o in declared}


def saved_options(declared: tuple[Option, ...], given: Any) -> dict:
    """The options of a saved record or game: as `normalize_options`, but an option they do not name takes
    its `legacy` value (the rules of the records made before it existed) when it has one."""
    if given is None:
        given = {}
    if isinstance(given, dict):
        given = {**{o.name: o.legacy for o in declared if o.legacy is not None and o.name not in given}, **given}
    return normalize_options(declared, given)


def shown_options(declared: tuple[Option, ...]) -> tuple[Option, ...]:
    """The options the setup screen offers (and whose words are translated): all but the hidden ones."""
    return tuple(o for o in declared if not o.hidden)
