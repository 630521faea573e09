"""The replay viewer: step through a record, seen by one seat or as a spectator.

The board at step k is `record.replay(upto=k).view(seat)` drawn by the game's renderer with no
legal actions, so a seat never sees what it could not have seen at that moment. States are
computed forward from the nearest cached step (same moves, same result, much faster than
replaying from the start at every click). Pure Python: markup (render.markup.Safe) only; the shell or the embed
page wires the data-cmd buttons ("rp-first", "rp-back", "rp-next", "rp-last", "rp-play",
"rp-goto" + data-arg) and the seat <select data-cmd-change="rp-seat">.
"""

from __future__ import annotations

import re

import i18n
from i18n import _, tr
from render import renderer
from render.markup import Safe, join, tag, text
from render.words import is_you, sentence

from py_engine import get_game
from py_engine.core import Record

CACHE_SIZE = 96
# Renderers mark the seat-to-move's hand as selectable; a replay board takes no input at all.
# A whole attribute only: `data-act` must not eat the start of `data-actions-anchor`.
_INPUT_ATTRS = re.compile(r' (?:data-(?:acts?|then|cmd|arg|draggable)|tabindex|role="button")(?:="[^"]*")?(?=[\s/>])')
_SLOT = "\ue002"  # where a renderer's markup goes in a translated line (no catalogue entry holds it)
COMMANDS = ("rp-first", "rp-back", "rp-next", "rp-last", "rp-play", "rp-goto")


class Replay:
    def __init__(self, record: Record, names: list[str], seat: int | None = None, at: int = 0,
                 allowed: set | None = None) -> None:
        """`allowed`: the seats whose eyes this replay may show (None: every seat; an empty set: only the
        spectator), for the replay of an unfinished game on the device that plays it."""
        self.record = record.copy()
        self.game = get_game(record.game_id)
        self.names = list(names)
        self.allowed = None if allowed is None else set(allowed)
        self.seat = seat if self.may_show(seat) else None
        self.k = max(0, min(at, self.total))
        self.playing = False
        self._states: dict = {}

    @property
    def total(self) -> int:
        return len(self.record.moves)

    # --- states -------------------------------------------------------------------------------
    def state_at(self, k: int):
        """The State after the first k moves (a fresh clone: callers may not change the cache)."""
        k = max(0, min(k, self.total))
        if k not in self._states:
            base = max((j for j in self._states if j < k), default=None)
            state = self._states[base].clone() if base is not None else self.record.replay(upto=0)
            for seat, encoded in self.record.moves[(base or 0):k]:
                state.apply(seat, self.game.decode(encoded))
            if len(self._states) >= CACHE_SIZE:
                self._states.pop(max(self._states, key=lambda j: abs(j - k)))
            self._states[k] = state
        return self._states[k].clone()

    def view(self, k: int | None = None, seat: int | None = ...) -> dict:  # type: ignore[assignment]
        return self.state_at(self.k if k is None else k).view(self.seat if seat is ... else seat)

    # --- commands -----------------------------------------------------------------------------
    def command(self, cmd: str, arg: str | None = None) -> bool:
        """Apply a viewer command; False when it is not one."""
        if cmd not in COMMANDS:
            return False
        if cmd == "rp-first":
            self.k = 0
        elif cmd == "rp-back":
            self.k = max(0, self.k - 1)
        elif cmd == "rp-next":
            self.k = min(self.total, self.k + 1)
        elif cmd == "rp-last":
            self.k = self.total
        elif cmd == "rp-goto":
            self.go(arg)
        elif cmd == "rp-play":
            if self.k >= self.total:
                self.k = 0
            self.playing = not self.playing
        if cmd != "rp-play":
            self.playing = False
        return True

    def go(self, k) -> None:
        try:
            self.k = max(0, min(self.total, int(k)))
        except (TypeError, ValueError, OverflowError):  # not a move number (e.g. Infinity from a page)
            pass

    def may_show(self, seat: int | None) -> bool:
        return seat is None or self.allowed is None or seat in self.allowed

    def shown_seats(self) -> list[tuple[int, str]]:
        """(seat, name) of the seats the viewer may choose (besides the spectator)."""
        return [(i, n) for i, n in enumerate(self.names) if self.may_show(i)]

    def set_seat(self, value: str) -> None:
        seat = int(value) if value.isdigit() and int(value) < self.record.players else None
        self.seat = seat if self.may_show(seat) else None

    def tick(self) -> bool:
        """One step of play-back; False (and paused) at the end."""
        if self.k >= self.total:
            self.playing = False
            return False
        self.k += 1
        return True

    # --- drawing ------------------------------------------------------------------------------
    def move_label(self, i: int) -> str:
        """Move i (0-based): who and what; moves after the current step show only who (no spoilers)."""
        seat, encoded = self.record.moves[i]
        who = self.names[seat] if 0 <= seat < len(self.names) else tr("Player {n}", n=seat + 1)
        if i >= self.k:
            return tr("{n}. {name}", n=i + 1, name=who)
        try:
            action = self.game.decode(encoded)
            what = self.game.describe(action)
        except (ValueError, TypeError):
            action, what = None, "?"
        rmod = renderer(self.record.game_id)
        if isinstance(what, dict) and what.get("key") == "action" and hasattr(rmod, "move_text"):
            try:  # the renderer words the action as its buttons do
                words = rmod.move_text(action)
            except (ValueError, TypeError, KeyError, IndexError):
                words = " ".join(str(x) for x in action)
            return tr("{n}. {move}", n=i + 1, move=tr("{name}: {what}", name=who, what=words))
        if isinstance(what, dict):  # data ({"key", "params"}): worded by the game's renderer, as in the log
            line = rmod.log_text({"seat": seat, **what}, self.names) if hasattr(rmod, "log_text") else str(what)
            if not getattr(rmod, "LOG_SENTENCES", False):
                line = tr("{name}: {what}", name=who, what=line)
            return tr("{n}. {move}", n=i + 1, move=line)
        return tr("{n}. {move}", n=i + 1, move=sentence(who, what) if i18n.language() == "en"
                  else tr("{name}: {what}", name=who, what=what))

    def move_item(self, i: int) -> Safe:
        """Move i as `move_label` says it, with the renderer's `move_html(action)` (markup, e.g. with icons) in
        place of its words when it has one, for moves described as actions."""
        rmod = renderer(self.record.game_id)
        if i < self.k and hasattr(rmod, "move_html"):
            seat, encoded = self.record.moves[i]
            try:
                action = self.game.decode(encoded)
                what = self.game.describe(action)
                rich = rmod.move_html(action) if isinstance(what, dict) and what.get("key") == "action" else None
            except (ValueError, TypeError, KeyError, IndexError):
                rich = None
            if rich is not None:
                who = self.names[seat] if 0 <= seat < len(self.names) else tr("Player {n}", n=seat + 1)
                line = tr("{n}. {move}", n=i + 1, move=tr("{name}: {what}", name=who, what=_SLOT))
                before, _slot, after = line.partition(_SLOT)
                return join(before, rich, after)
        return Safe(text(self.move_label(i)))

    def board_html(self, view: dict, narrow: bool = False) -> Safe:
        """The board at this move, taking no input (`narrow`: the renderer's phone layout)."""
        rmod = renderer(self.record.game_id)
        ui = {"me": self.seat, "names": self.names, "legal": [], "selected": None, "narrow": narrow}
        return Safe(_INPUT_ATTRS.sub("", text(rmod.render(view, ui))))  # a plain str is escaped first

    def status(self, view: dict) -> str:
        rmod = renderer(self.record.game_id)
        ui = {"me": self.seat, "names": self.names, "legal": [], "selected": None}
        return rmod.status_text(view, ui)

    def controls_html(self) -> Safe:
        def btn(cmd: str, label: str, text: str, disabled: bool) -> Safe:
            return tag("button", {"data-cmd": cmd, "data-testid": cmd, "data-key": cmd, "aria-label": label,
                                  "title": label, "disabled": disabled}, text)

        at_start, at_end = self.k == 0, self.k >= self.total
        play = _("Pause") if self.playing else _("Play")
        return tag("div", {"class": "replay-controls", "role": "group", "aria-label": _("Replay controls")},
                   btn("rp-first", _("First move"), "|◀", at_start), btn("rp-back", _("Back one move"), "◀", at_start),
                   btn("rp-play", play, play, self.total == 0),
                   btn("rp-next", _("Forward one move"), "▶", at_end), btn("rp-last", _("Last move"), "▶|", at_end),
                   tag("span", {"class": "pos", "data-testid": "rp-pos"},
                       tr("Move {k} of {total}", k=self.k, total=self.total)))

    def seat_select(self) -> Safe:
        opts = [("spectator", _("Spectator (no hands)"))] + [
            (str(i), _("Your view") if is_you(n) else tr("{name}'s view", name=n)) for i, n in self.shown_seats()]
        cur = "spectator" if self.seat is None else str(self.seat)
        return tag("label", None, _("Seen by"), " ",
                   tag("select", {"data-cmd-change": "rp-seat", "data-testid": "rp-seat"},
                       [tag("option", {"value": v, "selected": v == cur}, t) for v, t in opts]))

    def moves_html(self) -> Safe:
        items = [tag("li", None, tag("button", {"data-cmd": "rp-goto", "data-arg": 0, "data-testid": "rp-move-0",
                                                "aria-current": "step" if self.k == 0 else None}, _("Start")))]
        for i in range(self.total):
            items.append(tag("li", None, tag("button", {
                "data-cmd": "rp-goto", "data-arg": i + 1, "data-testid": f"rp-move-{i + 1}",
                "aria-current": "step" if self.k == i + 1 else None, "class": "future" if i >= self.k else None},
                self.move_item(i))))
        return tag("ol", {"class": "moves", "data-testid": "rp-moves"}, items)

    def html(self, extra_buttons: Safe | str = "", narrow: bool = False) -> Safe:
        """The whole replay screen (status, board, controls, seat choice, move list; `narrow`: phone layouts)."""
        view = self.view()
        rmod = renderer(self.record.game_id)
        return tag("main", {"class": "table replay"},
                   tag("div", {"class": "status", "role": "status", "data-testid": "status"},
                       tr("Replay — {status}", status=self.status(view))),
                   tag("div", {"class": "board-wrap", "id": "board", "data-testid": "replay-board"},
                       self.board_html(view, narrow)),
                   tag("div", {"class": "actions"}, self.controls_html(), " ", self.seat_select(), " ", extra_buttons),
                   tag("aside", {"class": "side"}, rmod.summary(view, self.names), tag("h2", None, _("Moves")),
                       self.moves_html()))
