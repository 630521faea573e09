"""English wording shared by the renderers and the shell: sentences about "You" and about named players.

The person at the device is called "You" by default, so a sentence built as name + third-person verb reads
"You plays"; `sentence` conjugates the verb for "You" ("You play", "Anna plays"), `possessive` gives "Your" /
"Anna's", `count` gives "1 card" / "3 cards", and `name_seats` replaces the engine's "seat N" with names.
"""

from __future__ import annotations

import re

from i18n import _, language, tr

_SEAT = re.compile(r"\bseat (\d+)\b")
SEPARATOR = " — "  # between the parts of a line, as the page shows it: no language reads it as a digit
_ES = ("sses", "shes", "ches", "xes", "zes", "oes")


def is_you(name: str) -> bool:
    """The default name of the person at the device (grammatically second person)."""
    return name.strip().lower() == "you"


def base_verb(verb: str) -> str:
    """The plain form of a third-person present verb: plays -> play, reaches -> reach, moves -> move."""
    if verb == "has":
        return "have"
    if verb == "is":
        return "are"
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(_ES):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def sentence(name: str, predicate: str) -> str:
    """Subject + predicate whose first word is a third-person verb ("plays yellow 5"), conjugated for You."""
    if not is_you(name):
        return f"{name} {predicate}"
    verb, _, rest = predicate.partition(" ")
    return f"{name} {base_verb(verb)}{' ' + rest if rest else ''}"


def possessive(name: str) -> str:
    """Your / Anna's / James's."""
    return "Your" if is_you(name) else f"{name}'s"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """1 card, 0 cards, 3 cards."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def name_seats(line: str, names: list[str]) -> str:
    """The engine's "seat 2" (1-based) becomes that player's name."""
    def sub(m: re.Match) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)
    return _SEAT.sub(sub, line)


def log_sentence(entry: dict, names: list[str]) -> str:
    """A whole log line: a seat's entry reads "<name> <verb>…" (conjugated), a public entry names its seats."""
    line = name_seats(str(entry.get("text", "")), names)
    seat = entry.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        line = sentence(names[seat], line)
    line = re.sub(r"\b(\S+) starts$", lambda m: sentence(m.group(1), "starts"), line)
    return line[:1].upper() + line[1:]


def player_line(what: str, seat: object, names: list[str]) -> str:
    """A log line about one player in the interface language: in English the name and the predicate
    (third-person verb first) as one sentence ("You build a road", "Anna builds a road"), elsewhere
    "<name>: <words>"; a line about nobody (or a seat the names lack) is the predicate, capitalised."""
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names)):
        return what[:1].upper() + what[1:]
    if language() == "en":
        return log_sentence({"seat": seat, "text": what}, names)
    return tr("{name}: {what}", name=names[seat], what=what)


def you_at(seat: object, names: list[str], me: int | None = None) -> bool:
    """Whether `seat` is the person at this device: the seat shown as mine, or one named "You" (a seat the
    names lack is nobody)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(names):
        return False
    return seat == me or is_you(str(names[seat])) or names[seat] == _("You")


def result_rows(result: dict, names: list[str]) -> list[tuple[int, int | None, str, int]]:
    """The engine's result as (rank, seat, name, score) rows, best first. Solo (a result with `rival`): the
    rival (seat None) is a row too, first when it won (`beat_rival` false: a tie goes to the rival)."""
    rows = [(r, i, names[i], result["scores"][i])
            for i, r in sorted(enumerate(result["ranks"]), key=lambda x: x[1])]
    if "rival" in result:
        won = bool(result.get("beat_rival"))
        rows = [(r + (0 if won else 1), i, name, score) for r, i, name, score in rows]
        rival = (len(rows) + 1 if won else 1, None, _("The rival"), result["rival"])
        rows.insert(len(rows) if won else 0, rival)
    return rows


def result_head(result: dict, names: list[str], me: int | None = None) -> str:
    """One sentence from the engine's result alone: "You win!", "Anna wins!", a shared win, or (solo)
    "The rival wins!". "You" and a name are separate messages, so every language can conjugate them."""
    if "rival" in result and not result.get("beat_rival"):
        return _("The rival wins!")
    winners = list(result["winners"])
    if len(winners) == 1:
        seat = winners[0]
        return _("You win!") if you_at(seat, names, me) else tr("{name} wins!", name=names[seat])
    return tr("Shared win: {names}", names=_(", ").join(names[w] for w in winners))


def separators(markup: str) -> str:
    """The page's text with SEPARATOR between the parts of a line. Renderers, data and catalogue entries write
    " · "; the page shows a dash instead, since in Persian the middle dot is the twin of the zero ۰ ("دور ۱ ·
    You" read as "دور ۰۱"). Applied once, where markup enters the page (dom.set_html, dom.append_html)."""
    return markup.replace(" · ", SEPARATOR)
