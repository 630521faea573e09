"""The position editor's refusals and marks in the reader's words and language (issue 36).

The rules (py_engine.core.position and each game's `zones` module) refuse an impossible position with a
PositionError: `where` (a zone path, a field, a key) and `rule` (English words naming components and zones by
their ids: "harbour.4: settlement-0 cannot lie here", "items: holds 7; it holds 0 to 6"). The editor shows
neither id: `where` becomes the zone's or field's name ("Item row", "Player 2: blue expedition") and the rule
is matched against the rules' sentences below, each a template of the interface's catalogue whose parts are
put in words (a component by its name, a zone by its name, a colour, a player). A rule no sentence here
matches (rare refusals of the rival's tiles, say) is shown in English with every zone and component id it
names put in words all the same: never an id.
"""

from __future__ import annotations

import re
from typing import Any

from i18n import N_, _, tr

from py_engine.core import RecordError
from py_engine.core import position as P

NUMBERS = ("n", "m", "k", "low", "high", "seat", "player", "round", "h", "a", "b", "p")
_N = r"(?P<{}>-?\d+)"
_C = r"(?P<{}>[\w:-]+)"
_Z = r"(?P<{}>[\w.-]+)"


def _rx(pattern: str) -> re.Pattern:
    """'{c} is not a {colour} card' -> a regex with named groups: numbers for n/m/k/low/high/seat/player,
    ids for the rest."""
    def group(m: re.Match) -> str:
        name = m.group(1)
        base = name.rstrip("0123456789")
        if base in NUMBERS:
            return _N.format(name)
        if base == "list":
            return r"(?P<list>[^)]*)"
        return _Z.format(name) if base == "z" else _C.format(name)

    return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", group, re.escape(pattern)) + "$")


# (the rules' sentence with {placeholders}, the reader's sentence): {here} is where it happens in words; a
# sentence without {here} is prefixed with it ("Item row: ...") when the refusal names a place
RULES: list[tuple[str, str]] = [
    # every game (py_engine.core.position)
    ("holds {n}; it holds 0 to {high}", N_("{here} holds {n}; it holds at most {high}")),
    ("holds {n}; it holds {low} to {high}", N_("{here} holds {n}; it holds {low} to {high}")),
    ("{c} lies in two places ({z} and {z2}): each card lies in exactly one place",
     N_("{c} lies in two places ({z} and {z2}): each card lies in exactly one place")),
    ("only {n} of {c} exist", N_("only {n} of {c} exist")),
    ("{c} is not placed: every card lies in exactly one place (leave a hidden zone unset to deal it)",
     N_("{c} is not placed: every card lies in exactly one place (or let a hidden place be dealt at random)")),
    ("{c} is not placed: every card lies in exactly one place", N_("{c} is not placed: every card lies in exactly "
                                                                   "one place")),
    ("{n} cards are needed to deal the unset zones ({list}) but only {m} are left",
     N_("{n} cards are needed to deal the places left to chance ({list}) but only {m} are left")),
    ("{c} cannot lie here", N_("{c} cannot lie in {here}")),
    ("must be a whole number from {low} to {high}", N_("{here} must be a whole number from {low} to {high}")),
    ("must be a seat from 0 to {n}", N_("{here} must be one of the players")),
    ("seat {seat} owes a decision that has no legal move", N_("{who} owes a decision that has no legal move")),
    ("every player sees this zone: it cannot be left unset", N_("every player sees {here}: it cannot be dealt "
                                                                 "at random")),
    # Lost Cities
    ("the match has only {n} rounds", N_("the match has only {n} rounds")),
    ("{c} is not a {colour} card", N_("{c} is not a {colour} card")),
    ("holds {n} cards; a hand holds {m}, {k} for the player about to draw",
     N_("{here} holds {n} cards; a hand holds {m}, {k} for the player about to draw")),
    ("only a player about to draw has just discarded", N_("only a player about to draw has just discarded")),
    ("the {colour} discard pile is empty", N_("the {colour} discard pile is empty")),
    ("the draw pile is empty: a round ends when its last card is drawn",
     N_("the draw pile is empty: a round ends when its last card is drawn")),
    # Lost Cities: The Board Game
    ("{c} cannot follow {c2}", N_("{c} cannot follow {c2}")),
    ("a path has a piece exactly when its column has cards", N_("a path has a piece exactly when its column has "
                                                                "cards")),
    ("a piece on the path stands on stone 1 to 9; without one, 0",
     N_("a piece on the path stands on stone 1 to 9; without one, 0")),
    ("{n} cards were played, so the piece stands on stone {m} or further",
     N_("{n} cards were played, so the piece stands on stone {m} or further")),
    ("holds {n} cards; it holds {m} ({k} for the player about to draw)",
     N_("{here} holds {n} cards; it holds {m} ({k} for the player about to draw)")),
    ("holds {n} cards; it holds {m}", N_("{here} holds {n} cards; it holds {m}")),
    ("the deck is empty: an expedition ends when its last card is drawn",
     N_("the deck is empty: an expedition ends when its last card is drawn")),
    ("{c} cannot stand on a path: only an adventurer or a researcher",
     N_("{c} cannot stand on a path: only an adventurer or a researcher")),
    # Catan: Cities & Knights
    ("{c} cannot lie here: only a harbour", N_("{c} cannot lie in {here}: only a harbour goes there")),
    ("{c} cannot lie here: only a terrain", N_("{c} cannot lie in {here}: only a terrain hex goes there")),
    ("{c} cannot lie here: only a token", N_("{c} cannot lie in {here}: only a number token goes there")),
    ("{c} lies only on the board's harbour spots", N_("{c} goes only on a harbour spot of the board")),
    ("{c} lies only on the board's terrain spots", N_("{c} goes only on a hex of the board")),
    ("{c} lies only on the board's token spots", N_("{c} goes only on a hex, as its number")),
    ("{c} cannot stand on an intersection: roads lie on paths",
     N_("{c} cannot stand on an intersection: roads lie on paths")),
    ("{c} cannot stand on an intersection", N_("{c} cannot stand on {here}")),
    ("{c} stands next to {c2} ({z}): the distance rule", N_("{c} stands next to {c2} ({z}): the distance rule")),
    ("{c} joins none of its owner's buildings, knights or roads",
     N_("{c} joins none of its owner's buildings, knights or roads")),
    ("{c} stands at the end of none of its owner's roads", N_("{c} stands at the end of none of its owner's roads")),
    ("a mighty knight needs the politics fortress (politics level {n})",
     N_("a mighty knight needs the politics fortress (politics level {n})")),
    ("{c} stands under {c2}: a city wall goes only under its owner's city",
     N_("{c} stands under {c2}: a city wall goes only under its owner's city")),
    ("the {track} metropolis stands on a city of player {player}, who has no level-4 {track2} improvement",
     N_("the {track} metropolis stands on a city of {who}, who has no level-4 {track} improvement")),
    ("the {track} metropolis stands on {c}: a metropolis is a city",
     N_("the {track} metropolis stands on {c}: a metropolis is a city")),
    ("player {player} has a level-{n} {track} improvement: the {track2} metropolis stands on one of their cities",
     N_("{who} has a level-{n} {track} improvement: the {track} metropolis stands on one of their cities")),
    ("{c} stands next to none of its owner's buildings", N_("{c} stands next to none of its owner's buildings")),
    ("holds {n} progress cards; a hand holds {m} ({k} for the player in their turn after the roll)",
     N_("{here} holds {n} progress cards; a hand holds {m} ({k} for the player in their turn after the roll)")),
    ("{n} {kind} cards are held but only {m} exist", N_("{n} {kind} cards are held but only {m} exist")),
    ("after a 7 only a player holding more than 7 cards (+2 for each city wall) discards: nobody does",
     N_("after a 7 only a player holding more than 7 cards (+2 for each city wall) discards: nobody does")),
    ("the robber moves only after the first barbarian attack", N_("the robber moves only after the first barbarian "
                                                                  "attack")),
    ("{c} lies next to {c2} (hex {h}): no 6 or 8 touches another 6 or 8",
     N_("{c} lies next to {c2}: no 6 or 8 touches another 6 or 8")),
    ("harbours set by hand fill all nine spots (or none: the harbours the seed deals)",
     N_("harbours set by hand fill all nine spots (or none: the harbours the seed deals)")),
    ("hex {h} has no terrain: a board set by hand gives every hex its terrain and number (or none: the board the "
     "seed deals)", N_("a hex has no terrain: a board set by hand gives every hex its terrain and number (or none: "
                       "the board the seed deals)")),
    ("the desert has no number token", N_("the desert has no number token")),
    ("every hex but the desert has a number token: this {terrain} has none",
     N_("every hex but the desert has a number token: this {terrain} has none")),
    ("a city has one wall", N_("a city has one wall")),
    ("a city is one metropolis at most", N_("a city is one metropolis at most")),
    ("{c} and {c2} cannot share an intersection", N_("{c} and {c2} cannot share an intersection")),
    ("a player has {n} knights of each level", N_("a player has {n} knights of each level")),
    ("there is one merchant: only one player holds it", N_("there is one merchant: only one player holds it")),
    # Lost Ruins of Arnak
    ("holds {n}; in round {round} it holds {m}", N_("{here} holds {n}; in round {round} it holds at most {m}")),
    ("this space is closed with {n} players", N_("{here} is closed with {n} players")),
    ("{c} is a level {a} site tile: this is a level {b} site", N_("{c} is a level {a} site tile: this is a level {b} "
                                                                  "site")),
    ("the idol of a discovered site has been taken", N_("the idol of a discovered site has been taken")),
    ("an undiscovered site still has its idol on it", N_("an undiscovered site still has its idol on it")),
    ("a guardian appears only when its site is discovered", N_("a guardian appears only when its site is "
                                                               "discovered")),
    ("an archaeologist digs only at a discovered site", N_("an archaeologist digs only at a discovered site")),
    ("{c} is not on the research track: put it on a space (research.0 is the start)",
     N_("{c} is not on the research track: put it on a space (the lowest is the start)")),
    ("{c} is in row {a}, above its magnifying glass (row {b}): the notebook never moves above the glass",
     N_("{c} is in row {a}, above its magnifying glass (row {b}): the notebook never moves above the glass")),
    ("temple tiles are taken only with the magnifying glass in the lost temple",
     N_("temple tiles are taken only with the magnifying glass in the lost temple")),
    ("holds {n}; this space starts with {m} bonus tile at {p} players",
     N_("{here} holds {n}; this space starts with {m} bonus tiles at {p} players")),
    ("holds {n}; this space starts with {m} bonus tiles at {p} players",
     N_("{here} holds {n}; this space starts with {m} bonus tiles at {p} players")),
    ("holds {n} of {c}: each player starts with one", N_("{here} holds {n} of {c}: each player starts with one")),
    ("{n} starting cards are needed to deal this hand but only {m} are left",
     N_("{n} starting cards are needed to deal {here} but only {m} are left")),
    ("{n} Fear cards are placed or dealt to the unset hands and decks but only {m} exist",
     N_("{n} Fear cards are placed or dealt at random but only {m} exist")),
    ("{c} cannot lie in this row", N_("{c} cannot lie in {here}")),
    ("{c} cannot lie on a camp: only an archaeologist", N_("{c} cannot lie on a camp: only an archaeologist")),
    ("an archaeologist stands at home, on a camp space or at a site",
     N_("an archaeologist stands at home, on a camp space or at a site")),
    # Islands in the Mist
    ("has {n} start tiles; each player has exactly 1 (on the telescope or the island)",
     N_("{who} has {n} start tiles; each player has exactly 1 (on the telescope or the island)")),
    ("holds {n}; this telescope has {m} spaces", N_("{here} holds {n}; this telescope has {m} spaces")),
    ("{c} is missing: each player's harbour office is on their telescope or island",
     N_("{c} is missing: each player's harbour office is on their telescope or island")),
    ("a balloon reaches the harbour only once its harbour office is built (module 3: activated and kept)",
     N_("a balloon reaches the harbour only once its harbour office is built (module 3: activated and kept)")),
    ("seat {seat}'s island does not link all six coasts to the yard",
     N_("{who}'s island does not link all six coasts to the yard")),
    ("the last round is this one ({n}) or the next", N_("the last round is this one ({n}) or the next")),
    ("nothing is placed on the balloon yard", N_("nothing is placed on the balloon yard")),
]
_COMPILED = [(_rx(english), words) for english, words in RULES]
_ID = re.compile(r"[A-Za-z][\w-]*(?:\.[\w-]+)+|[A-Za-z][\w]*-[\w-]+")  # a zone path ("hand.0") or an id ("red-8")
# where a refusal happens, when it is no zone nor field
PLACES = {"pending decision": N_("the decision pending"), "seed": N_("the seed"), "seat": N_("the seat shown"),
          "components": "", "state": "", "position": "", "paths": "", "fear": "", "idols": "", "held": ""}


class Words:
    """The editor's names for what a position holds (zones, components, fields, players), from its board's eyes."""

    def __init__(self, ed: Any, names: list[str]) -> None:
        self.ed, self.names = ed, names
        self.game = ed.data["game"]
        self.paths = ed.paths()
        self.fields = dict(ed.decl.field_names(ed.data["players"], ed.data["options"]))
        self.comps = ed.decl.components(ed.data["players"], ed.data["options"])

    def zone(self, path: str) -> str:
        import editor

        return editor.zone_label(path, self.names, editor.board_view(self.ed))

    def component(self, comp: str) -> str:
        import editor

        return editor.component_label(comp, self.game)

    def mark(self, name: str) -> str:
        """A highlight's or an arrow's end (a zone path or a component) in words."""
        return self.zone(name) if name in self.paths else self.component(name) if name in self.comps else name

    def who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else ""

    def where(self, where: str) -> str:
        import editor

        base = where.split("[")[0]
        if base in self.paths:
            return self.zone(base)
        if base in self.fields:
            return editor.field_label(base, self.names)
        if base in PLACES:
            return _(PLACES[base]) if PLACES[base] else ""
        head, _sep, rest = base.partition(".")
        seat = rest.split(".")[0]
        if seat.isdigit():  # "path.0": a player's paths
            return self.who(int(seat))
        return ""

    def part(self, name: str, value: str) -> str:
        """One named part of a rule's sentence in words."""
        from render.catan_ck.terms import track_name
        from render.svg import colour_name

        base = name.rstrip("0123456789")
        if base in NUMBERS:
            return int(value)
        if base in ("c", "z"):
            return self.text(value)
        if base == "colour":
            return colour_name(value)
        if base == "track":
            return track_name(value)
        if base == "kind":
            import editor

            return _(editor.RES_LABELS[value]) if value in editor.RES_LABELS else value
        if base == "terrain":
            from render.catan_ck.terms import terrain_name

            return terrain_name(value)
        if base == "list":
            return ", ".join(self.zone(p.strip()) if p.strip() in self.paths else p for p in value.split(","))
        return value

    def text(self, words: str) -> str:
        """English words with every zone path and component id in them put in words."""
        def one(m: re.Match) -> str:
            token = m.group(0)
            if token in self.paths:
                return self.zone(token)
            if token in self.comps:
                return self.component(token)
            return token

        return _ID.sub(one, words)

    def problem(self, exc: RecordError) -> str:
        """A refusal in the reader's words."""
        if not isinstance(exc, P.PositionError):
            return self.text(str(exc))
        here = self.where(exc.where) if exc.where else ""
        for rx, template in _COMPILED:
            m = rx.match(exc.rule)
            if m is None:
                continue
            parts = {k: self.part(k, v) for k, v in m.groupdict().items()}
            seat = m.groupdict().get("seat")
            player = m.groupdict().get("player")
            who = self.who(int(seat)) if seat is not None else self.who(int(player) - 1) if player else ""
            named = "{here}" in template
            if not who and exc.where and "{who}" in template:  # "has 2 start tiles" at a seat's telescope: that seat
                head, _sep, rest = exc.where.partition(".")
                seat_key = rest.split(".")[0]
                who, named = (self.who(int(seat_key)), True) if seat_key.isdigit() else ("", named)
            words = tr(template, here=here or _("this place"), who=who, **parts)
            return words if named or not here else tr("{name}: {what}", name=here, what=words)
        words = self.text(exc.rule)
        return tr("{name}: {what}", name=here, what=words) if here else words
