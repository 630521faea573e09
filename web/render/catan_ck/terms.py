"""Catan: Cities & Knights words and colours shared by the table (catan_ck) and its panels (bank, build, discard,
trade): resource, terrain, track, knight and card names, the players' colours, and `Wording`, which names cards
in words or as icons. A module of its own so that the panels import it and the table imports the panels, with
no import circle."""

from __future__ import annotations

from i18n import N_, _, num, tr

from py_engine.games.catan_ck.data import CARD_TRACK

from ..markup import Safe, tag
from . import icons

PLAYER_COLOURS = ("#d55e00", "#0072b2", "#e6e6e6", "#009e73")
PLAYER_INK = ("#ffffff", "#ffffff", "#1b1b1b", "#ffffff")
LETTERS = ("A", "B", "C", "D")
TERRAIN_FILL = {"hills": "#c8643b", "forest": "#2f7a3a", "pasture": "#9fd36b", "fields": "#f0cf4f",
                "mountains": "#8e8e9a", "desert": "#e8d9a8"}
TERRAIN_NAMES = {"hills": N_("hills"), "forest": N_("forest"), "pasture": N_("pasture"), "fields": N_("fields"),
                 "mountains": N_("mountains"), "desert": N_("desert")}
# terrain -> (resource, commodity a city takes instead of its second resource)
TERRAIN_YIELD = {"hills": ("brick", None), "forest": ("lumber", "paper"), "pasture": ("wool", "cloth"),
                 "fields": ("grain", None), "mountains": ("ore", "coin"), "desert": (None, None)}
KINDS = ("brick", "lumber", "wool", "grain", "ore", "cloth", "coin", "paper")
KIND_NAMES = {"brick": N_("brick"), "lumber": N_("lumber"), "wool": N_("wool"), "grain": N_("grain"),
              "ore": N_("ore"), "cloth": N_("cloth"), "coin": N_("coin"), "paper": N_("paper")}
KIND_HELP = {
    "brick": N_("Brick: a resource from hills. Roads, settlements and city walls."),
    "lumber": N_("Lumber: a resource from forest. Roads and settlements."),
    "wool": N_("Wool: a resource from pasture. Settlements, knights and promotions."),
    "grain": N_("Grain: a resource from fields. Settlements, cities and activating knights."),
    "ore": N_("Ore: a resource from mountains. Cities, knights and promotions."),
    "cloth": N_("Cloth: a commodity from cities on pasture. Pays for trade improvements."),
    "coin": N_("Coin: a commodity from cities on mountains. Pays for politics improvements."),
    "paper": N_("Paper: a commodity from cities on forest. Pays for science improvements."),
}
TRACK_COLOUR = {"trade": "#e3b505", "politics": "#2f6fd6", "science": "#2e9a58"}
DIE_FILL = {"yellow": "#f2d14c", "red": "#d2453a"}  # the dice as the side panel draws them
TRACK_COMMODITY = {"trade": "cloth", "politics": "coin", "science": "paper"}  # what a track's levels cost
TRACK_NAMES = {"trade": N_("trade"), "politics": N_("politics"), "science": N_("science")}
TRACK_ABILITY = {
    "trade": N_("From level 3 (trading house): trade commodities 2:1 with the bank."),
    "politics": N_("From level 3 (fortress): promote strong knights to mighty knights."),
    "science": N_("From level 3 (aqueduct): when a roll other than 7 gives you nothing, take a resource."),
}
KNIGHT_NAMES = {1: N_("basic knight"), 2: N_("strong knight"), 3: N_("mighty knight")}
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
CARD_NAMES = {
    "alchemist": N_("Alchemist"), "crane": N_("Crane"), "engineer": N_("Engineer"), "inventor": N_("Inventor"),
    "irrigation": N_("Irrigation"), "medicine": N_("Medicine"), "mining": N_("Mining"), "printer": N_("Printer"),
    "road_building": N_("Road Building"), "smith": N_("Smith"), "commercial_harbor": N_("Commercial Harbor"),
    "master_merchant": N_("Master Merchant"), "merchant": N_("Merchant"), "merchant_fleet": N_("Merchant Fleet"),
    "resource_monopoly": N_("Resource Monopoly"), "trade_monopoly": N_("Trade Monopoly"), "bishop": N_("Bishop"),
    "constitution": N_("Constitution"), "deserter": N_("Deserter"), "diplomat": N_("Diplomat"),
    "intrigue": N_("Intrigue"), "saboteur": N_("Saboteur"), "spy": N_("Spy"), "warlord": N_("Warlord"),
    "wedding": N_("Wedding"),
}
CARD_TEXT = {
    "alchemist": N_("Before rolling: choose the yellow and red dice."),
    "crane": N_("Your next city improvement this turn costs 1 commodity less."),
    "engineer": N_("Build a city wall for free."),
    "inventor": N_("Swap two number tokens (not 2, 6, 8, 12)."),
    "irrigation": N_("Take 2 grain per fields hex next to your buildings."),
    "medicine": N_("Upgrade a settlement to a city for 2 ore + 1 grain."),
    "mining": N_("Take 2 ore per mountains hex next to your buildings."),
    "road_building": N_("Build 2 roads for free."),
    "smith": N_("Promote up to 2 knights for free."),
    "commercial_harbor": N_("Give each opponent a resource; they give you a commodity."),
    "master_merchant": N_("Look at the hand of a player with more VP; take 2 cards."),
    "merchant": N_("Place the merchant next to your building: 2:1 for its resource, +1 VP."),
    "merchant_fleet": N_("This turn trade one kind 2:1 with the bank."),
    "resource_monopoly": N_("Name a resource: each opponent gives you 2."),
    "trade_monopoly": N_("Name a commodity: each opponent gives you 1."),
    "bishop": N_("Move the robber; take a card from each player there."),
    "deserter": N_("An opponent removes a knight; place one of yours free."),
    "diplomat": N_("Remove an open road (move it if it is yours)."),
    "intrigue": N_("Displace an opponent's knight on your road."),
    "saboteur": N_("Players with as many VP as you or more discard half."),
    "spy": N_("Look at an opponent's progress cards; take one."),
    "warlord": N_("Activate all your knights for free."),
    "wedding": N_("Players with more VP give you 2 cards each."),
    "printer": N_("1 VP."), "constitution": N_("1 VP."),
}
EVENT_NAMES = {"ship": N_("ship")}


def terrain_name(t: object) -> str:
    return _(TERRAIN_NAMES[t]) if t in TERRAIN_NAMES else str(t)


def kind_name(k: object) -> str:
    """brick / cloth … in the interface language (an unknown kind stays as it came)."""
    return _(KIND_NAMES[k]) if k in KIND_NAMES else str(k)


def track_name(t: object) -> str:
    return _(TRACK_NAMES[t]) if t in TRACK_NAMES else str(t)


def event_name(e: object) -> str:
    return _(EVENT_NAMES[e]) if e in EVENT_NAMES else track_name(e)


def knight_name(level: object) -> str:
    return _(KNIGHT_NAMES[level]) if level in KNIGHT_NAMES else tr("knight of level {n}", n=level)


def card_name(c: object) -> str:
    """A progress card's name (a card the renderer does not know shows its id, readable)."""
    return _(CARD_NAMES[c]) if c in CARD_NAMES else str(c).replace("_", " ")


def card_text(c: object) -> str:
    return _(CARD_TEXT[c]) if c in CARD_TEXT else ""


def _pairs(cards: object) -> list[tuple[str, int]]:
    """[1, 0, 2, …] (hand order), {"brick": 1, …} or [["brick", 1], …] (the log's) -> [(kind, n), …] in hand
    order, only kinds with n > 0."""
    if isinstance(cards, list) and cards and all(isinstance(x, list) and len(x) == 2 for x in cards):
        cards = {k: n for k, n in cards if isinstance(k, str)}
    if isinstance(cards, dict):
        pairs = [(k, cards.get(k)) for k in KINDS]
    elif isinstance(cards, list):
        pairs = list(zip(KINDS, cards))
    else:
        return []
    return [(k, n) for k, n in pairs if isinstance(n, int) and not isinstance(n, bool) and n > 0]


def _counts(cards: object) -> str:
    """Cards (as `_pairs` takes them) -> "1 brick, 2 wool" in the interface language."""
    return _(", ").join(tr("{n} {kind}", n=n, kind=kind_name(k)) for k, n in _pairs(cards))


class Wording:
    """How a line names cards: in words (`marks` None: plain text for tooltips, replays and screen-reader
    announcements) or as icons named in words (placeholders in the text, kept in `marks`; see
    icons.rich)."""

    def __init__(self, marks: list | None = None) -> None:
        self.marks = marks

    def cards(self, cards: object, none: str = "") -> str:
        """'2 brick, 1 ore' (or their icons); `none` for no cards."""
        said = _counts(cards)
        if not said:
            return none
        return said if self.marks is None else icons.mark(self.marks, icons.cards_html(_pairs(cards), said))

    def die(self, n: object, colour: str) -> str:
        """A die's number (or the die drawn with its pips: `colour` "yellow" or "red")."""
        if self.marks is None or not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 6:
            return n if isinstance(n, str) else num(n) if isinstance(n, int) else str(n)
        words = tr("yellow die {n}", n=n) if colour == "yellow" else tr("red die {n}", n=n)
        return icons.mark(self.marks, icons.die_html(n, DIE_FILL[colour], words))

    def kind(self, k: object) -> str:
        """'brick' (or its icon)."""
        if self.marks is None or k not in KIND_NAMES:
            return kind_name(k)
        return icons.mark(self.marks, icons.cards_html([(str(k), 1)], kind_name(k)))

    def _named(self, picture: Safe, words: str) -> str:
        """`words` (with `picture` before them, when icons are drawn)."""
        if self.marks is None:
            return words
        return icons.mark(self.marks, tag("span", {"style": "white-space:nowrap"}, picture, " ", words))

    def card(self, c: object) -> str:
        """A progress card's name (after its deck's icon)."""
        track = CARD_TRACK.get(c) if isinstance(c, str) else None
        if track not in TRACK_NAMES:
            return card_name(c)
        return self._named(icons.icon_html(f"deck-{track}"), card_name(c))

    def deck(self, t: object) -> str:
        """A track's name as a deck of progress cards (after the deck's icon)."""
        return self._named(icons.icon_html(f"deck-{t}"), track_name(t)) if t in TRACK_NAMES else track_name(t)

    def knight(self, level: object, active: bool = True) -> str:
        """'strong knight' (after a knight of that level as the board draws it)."""
        return self._named(icons.knight_html(level, active), knight_name(level))

    def vp(self, n: object) -> str:
        """A number of victory points (after the VP medal)."""
        said = num(n) if isinstance(n, int) and not isinstance(n, bool) else str(n)
        return self._named(icons.icon_html("vp"), said)


def _player(names: list[str], s: object) -> str:
    """The name of seat s (a seat the list does not have: 'Player s+1')."""
    if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(names):
        return str(names[s])
    return tr("Player {n}", n=s + 1) if isinstance(s, int) and not isinstance(s, bool) else "?"
