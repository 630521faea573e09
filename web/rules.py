"""Rules help (issue 12): per game, the goal, a turn, the scoring with a small example, the options, and a note
where the app plays with stand-in data instead of printed-game data. Written for this app (its symbols, its
buttons), in English here and translated through the catalogues like every other message.

`rules_html(game_id)` is the panel's content; the shell shows it in a dialog from the home page and the table.
"""

from __future__ import annotations

from i18n import N_, _, tdata, tr
from render.markup import Safe, join, tag

GOAL, TURN, SCORING, EXAMPLE, OPTIONS, STANDIN = (N_("Goal"), N_("A turn"), N_("Scoring"), N_("Example"),
                                                 N_("Options"), N_("Stand-in data"))

# game id -> [(heading, [paragraphs])]; a heading of STANDIN or EXAMPLE is drawn as a marked box.
RULES: dict[str, list[tuple[str, list[str]]]] = {
    "lost-cities": [
        (GOAL, [N_("Two players, three rounds. Build expeditions in front of you, one per colour, and score "
                   "more points than your opponent over the match.")]),
        (TURN, [N_("1. Play a card: select a card in your hand (click, or arrow keys and Enter), then put it on "
                   "your expedition of its colour or discard it on the discard pile of its colour. In an "
                   "expedition every card must be higher than the one before; wagers (W ×) go only before the "
                   "first number."),
                N_("2. Draw a card: from the deck, or the top card of any discard pile — but not the card you "
                   "just discarded."),
                N_("Colours also carry a symbol: yellow sun, blue wave, white peak, green leaf, red flame, purple "
                   "gem. The round ends when the last card of the deck is drawn.")]),
        (SCORING, [N_("Each expedition you started scores: the sum of its cards minus 20, multiplied by 2, 3 or "
                      "4 with one, two or three wagers. An expedition of 8 or more cards gets 20 bonus points "
                      "(not multiplied). Colours you never started score nothing.")]),
        (EXAMPLE, [N_("Yellow: one wager, then 4, 6, 7 and 9. Sum 26, minus 20 is 6, times 2 is 12 points. "
                      "Blue: only 3 and 5: 8 minus 20 is −12 points.")]),
        (OPTIONS, [N_("Rounds in the match (1–5, normally 3). Long game: a sixth, purple expedition. Open discard "
                      "piles: every card of every pile can be looked at, not only the top one.")]),
    ],
    "lost-cities-board": [
        (GOAL, [N_("2–4 players, three expeditions (one in the short game). Move your explorers far along the "
                   "five paths and collect victory points and artifacts.")]),
        (TURN, [N_("1. Play a card: start a path with the lowest card of that colour in your hand (an adventurer "
                   "or your researcher goes to its first stone), or put a card of equal or higher value on one of "
                   "your columns (that explorer moves one stone), or discard it."),
                N_("2. Draw a card from the deck or from the top of a discard pile."),
                N_("Stones with tiles: an arrow moves one of your explorers a stone further, a victory-point tile "
                   "pays at once, an artifact is kept until the end of the expedition.")]),
        (SCORING, [N_("An expedition ends when five explorers have crossed a bridge, or when the deck runs out. "
                      "Each explorer scores the value of its stone (the first three stones cost points); the "
                      "researcher counts double. After the last expedition artifacts are scored on the artifact "
                      "table: fewer than six cost points.")]),
        (EXAMPLE, [N_("Your researcher stands on the fifth stone (10) and an adventurer on the second (−15): "
                      "2 × 10 − 15 = 5 points.")]),
        (OPTIONS, [N_("Game length: long (three expeditions) or short (one). Variant: a column may also descend. "
                      "Optionally, the card you just discarded may not be drawn back.")]),
        (STANDIN, [N_("Not printed-game data: the values of the victory-point tiles, the stones that hold tiles "
                      "and the artifact tables are stand-ins chosen for this app.")]),
    ],
    "arnak": [
        (GOAL, [N_("1–4 players, five rounds. Explore the island, research towards the lost temple and collect "
                   "the most points.")]),
        (TURN, [N_("On your turn take one main action: dig at a site, discover a new site, overcome a guardian, "
                   "buy a card, play a card, research, or pass. Free actions (lightning) may be added. The round "
                   "ends when everyone has passed.")]),
        (SCORING, [N_("Research track, temple tiles, 3 per idol, points for empty idol slots, 5 per guardian, "
                      "the points on your item and artifact cards, minus 1 per Fear card.")]),
        (EXAMPLE, [N_("Research 11, one temple tile 6, two idols 6, one guardian 5, cards 7, two Fear cards −2: "
                      "33 points.")]),
        (OPTIONS, [N_("Research track side: bird or snake temple. Two rules that sources disagree on can be "
                      "switched: the snake temple-tile costs, and whether exiled Fear cards leave the game.")]),
    ],
    "catan-ck": [
        (GOAL, [N_("3–4 players. Be the first to reach 13 victory points on your own turn, and keep Catan safe "
                   "from the barbarians.")]),
        (TURN, [N_("Roll the dice (two numbers and the event die): hexes produce resources, cities also "
                   "commodities; the event die moves the barbarian ship or hands out progress cards. Then trade, "
                   "build, buy city improvements and activate or move knights.")]),
        (SCORING, [N_("Settlement 1, city 2, metropolis 2 more, longest road 2, Defender of Catan 1, and some "
                      "progress cards 1.")]),
        (EXAMPLE, [N_("Three settlements (3), three cities (6), a metropolis (2) and the longest road (2): "
                      "13 points — a win, if it is your turn.")]),
        (OPTIONS, [N_("Board: random or beginner layout; the token spiral's direction; trade offers per turn; "
                      "whether metropolises count for the barbarians; the bank shortage rule; the deserter "
                      "fallback.")]),
    ],
    "islands": [
        (GOAL, [N_("2–4 players. Fly your balloon over your misty island, place the terrain tiles you collect and "
                   "connect all six coasts to the balloon yard.")]),
        (TURN, [N_("Each round: the clouds get tiles, the dice give the wind direction and a bonus, then each "
                   "player flies (with the wind, or against it for energy), takes one cloud and places tiles next "
                   "to the balloon. The highest value under a balloon starts the next round.")]),
        (SCORING, [N_("2 per terrain tile connected to its coast (wild tiles 1 per type), 3 for a group of five "
                      "or more, cities 1 per neighbouring terrain, monuments by majority, the energy crown, 10 for "
                      "the first to link all coasts (5 for the others), minus uncovered volcanoes.")]),
        (EXAMPLE, [N_("Four forest tiles linked to the forest coast (8), a city next to three terrain tiles (3), "
                      "one uncovered volcano −2: 9 points.")]),
        (OPTIONS, [N_("Modules 1, 1+2 (harbour) or 1+2+3 (extension tiles); gold or silver island side; the "
                      "harbour board's back side.")]),
        (STANDIN, [N_("Not printed-game data: the island layouts, tile values, energy crowns, dock rates and "
                      "extension tiles are stand-ins chosen for this app.")]),
    ],
}


def has_rules(game_id: str) -> bool:
    return game_id in RULES


def rules_html(game_id: str, title: str = "") -> Safe:
    """The rules panel's content for one game (empty for a game without rules text)."""
    parts = [tag("h2", {"id": "rules-title"}, tr("Rules: {title}", title=tdata(title)) if title else _("Rules"))]
    for heading, paragraphs in RULES.get(game_id, []):
        body = [tag("p", None, tdata(p)) for p in paragraphs]
        cls = {STANDIN: "standin", EXAMPLE: "example"}.get(heading)
        parts.append(tag("section", {"class": cls}, tag("h3", None, tdata(heading)), body))
    if game_id == "arnak":  # the player aid: icons, a round, the main and free actions
        from render.arnak.aid import aid_html

        parts.append(aid_html())
    return tag("div", {"class": "rules", "data-testid": "rules"}, join(parts))
