"""Lost Ruins of Arnak components as data (from ../shared/reference/arnak.json; numbers are S1's).

Camp 5 (decided from the printed camp, "discard a card -> 1 jewel", its only effect; S1 and S4 agree):
digging there you must discard a hand card and gain the jewel; with no card in hand nothing happens.

Card, site, idol, guardian, assistant and research effects are lists of *ops* interpreted by the one
resolver in `effects.py`. The op vocabulary (tuples; `r` is a 5-tuple coin, compass, tablet, arrowhead,
jewel):

  ("gain", r)                 gain resources
  ("pay", r)                  pay resources (the card is playable only when they can be paid)
  ("draw", n) / ("draw_bottom", n)   draw from the top / bottom of your deck (never reshuffles)
  ("fear",)                   take a Fear card into the play area (a fear tile when the Fear deck is empty)
  ("count", what, cap)        gain 1 compass per guardian / idol / placed archaeologist, at most cap
  ("exile",)                  you may exile a card from hand or play area
  ("discard", ops)            you may discard another hand card to the play area; if you do, resolve ops
  ("discard", ops, "must")    the same, compulsory while you hold a card (camp 5)
  ("discard_req",)            discard a hand card (compulsory; nothing when the hand is empty)
  ("upgrade",)                you may trade 1 tablet -> 1 arrowhead or 1 arrowhead -> 1 jewel
  ("or", ops, ops, ...)       choose one branch
  ("dig", icons, compass)     you may dig or discover with those travel icons (and compasses) covered
  ("activate", where)         resolve a site's effect (where: camp, camp_free, level1, mine)
  ("buy", kind, discount, top)  you may buy an item / artifact (any: either) with a discount; top: the
                              deck's top card is also on offer
  ("take_item", dest)         take an item from the row for free (to hand, top or bottom of the deck)
  ("take_artifact",)          take an artifact from the row for free and resolve it
  ("research", r)             you may research with a discount r
  ("notebook",)               advance your notebook one row for free
  ("overcome", where)         overcome for free a guardian at a site (mine, alone)
  ("recruit",) ("upgrade_asst",) ("refresh_asst",) ("refresh_all",) ("rescue",)   assistants
  ("relocate", where)         move a placed archaeologist to a free space (camp, camp_l1) and activate it
  ("return_arch",) ("planes",) ("no_fear",) ("borrow", side) ("swap_asst",) ("hammer",) ("camps2",)
  ("shell",) ("unslot",) ("earring", n, where) ("guiding", level) ("crown",) ("pass",)
"""

from __future__ import annotations

RES = ("coin", "compass", "tablet", "arrowhead", "jewel")
ICONS = ("boot", "car", "ship", "plane")


def R(coin: int = 0, compass: int = 0, tablet: int = 0, arrowhead: int = 0, jewel: int = 0) -> tuple:
    """A resource vector."""
    return (coin, compass, tablet, arrowhead, jewel)


def G(**kw: int) -> tuple:
    """A gain op."""
    return ("gain", R(**kw))


ROUNDS = 5
HAND = 5
ROW = 6
DISCOVER_COST = (3, 6)  # compasses for level I / level II
IDOL_VP = 3
GUARDIAN_VP = 5
FEAR_VP = -1
FEAR_TILE_VP = -2
FEAR_CARDS = 19
EMPTY_SLOT_VP = (1, 2, 3, 4)
TEMPLE_ARRIVAL_VP = (23, 21, 20, 19)
START_RES = (R(coin=2), R(coin=1, compass=1), R(coin=2, compass=1), R(coin=1, compass=2))
SOLO_HUMAN_RES = R(coin=1, compass=1)

# --- cards ------------------------------------------------------------------------------------------
# id -> (name, kind, cost, travel icons, vp, timing, exiles itself, ops)
# kind: basic | fear | item | artifact; timing: F free (lightning), M main; cost in coins (items) or
# compasses (artifacts).
FUNDING_CAR, FUNDING_SHIP, EXPLORE_CAR, EXPLORE_SHIP, FEAR = 201, 202, 203, 204, 300
STARTING_DECK = (FUNDING_CAR, FUNDING_SHIP, EXPLORE_CAR, EXPLORE_SHIP, FEAR, FEAR)

_DIG = "dig"
_ITEMS = (
    (1, "Sea Turtle", 3, ("ship", "ship"), 1, "M", False, (("draw", 1), (_DIG, ("ship",), 0))),
    (2, "Ostrich", 3, ("car", "car"), 1, "M", False, (("draw", 1), (_DIG, ("car",), 0))),  # C8
    (3, "Pack Donkey", 4, ("car", "car"), 1, "M", False, (("draw", 2),)),
    (4, "Horse", 4, ("car", "car"), 1, "M", False, (("draw", 1), G(coin=1, compass=1))),
    (5, "Steam Boat", 3, ("ship", "ship"), 3, "F", False, (G(compass=2),)),
    (6, "Automobile", 3, ("car", "car"), 3, "F", False, (G(compass=2),)),
    (7, "Sturdy Boots", 1, ("car", "car"), 1, "M", False, (G(compass=1), (_DIG, ("boot", "boot"), 0))),
    (8, "Gold Pan", 1, ("ship", "ship"), 1, "F", False, (G(coin=2),)),
    (9, "Trowel", 1, ("car",), 1, "M", False, (("pay", R(compass=1)), G(jewel=1))),
    (10, "Pickaxe", 1, ("car",), 1, "M", False, (("pay", R(compass=1)), G(tablet=1, arrowhead=1))),
    (11, "Hot Air Balloon", 2, ("plane",), 1, "M", True, ((_DIG, ("plane",), 3),)),
    (12, "Aeroplane", 4, ("plane", "plane"), 3, "M", False, ((_DIG, ("plane",), 2),)),
    (13, "Journal", 3, ("car", "ship"), 1, "M", True, (("notebook",),)),
    (14, "Parrot", 2, ("ship",), 2, "M", False, (("discard", (G(jewel=1),)),)),
    (15, "Watch", 1, ("ship",), 1, "F", False, (("or", (G(coin=2),), (G(coin=3), ("pass",))),)),
    (16, "Army Knife", 3, ("car", "ship"), 1, "M", False, (("or",
        (("exile",), G(coin=1)), (("exile",), G(compass=1)), (("exile",), G(tablet=1)),
        (G(coin=1, compass=1),), (G(coin=1, tablet=1),), (G(compass=1, tablet=1),)),)),
    (17, "Binoculars", 4, ("ship",), 1, "M", False, (("activate", "level1"),)),
    (18, "Tent", 4, ("car",), 2, "M", False, (("activate", "mine"),)),
    (19, "Fishing Rod", 2, ("ship",), 2, "M", False, (("buy", "item", 3, True),)),
    (20, "Precision Compass", 4, ("ship",), 1, "M", False, (("buy", "artifact", 3, True),)),
    (21, "Bow and Arrows", 2, ("car",), 2, "M", False, (("count", "guardians", 3),)),
    (22, "Carrier Pigeon", 2, ("ship",), 1, "F", False, (G(tablet=2),)),
    (23, "Whip", 2, ("car",), 1, "M", True, (("buy", "artifact", 4, False),)),
    (24, "Rough Map", 1, ("ship",), 1, "M", True, (G(compass=3),)),
    (25, "Airdrop", 2, ("plane",), 1, "M", True, (("take_item", "hand"),)),
    (26, "Flask", 2, ("ship",), 1, "M", True, (("draw", 3),)),
    (27, "Machete", 4, ("car",), 1, "M", False, (("exile",), G(compass=2))),  # C9
    (28, "Torch", 2, ("ship",), 2, "M", False, (("exile",), G(tablet=1))),
    (29, "Large Backpack", 3, ("car",), 1, "M", False, (G(coin=1), ("draw_bottom", 1))),  # C7
    (30, "Rope", 2, ("ship",), 1, "M", False, (("discard", (("draw", 2),)),)),
    (31, "Revolver", 4, ("ship", "ship"), 1, "M", False, (("pay", R(compass=1)), ("overcome", "mine"))),
    (32, "Hat", 1, ("ship",), 1, "F", False, (G(coin=1, compass=1),)),
    (33, "Bear Trap", 2, ("car",), 1, "M", True, (("overcome", "alone"),)),
    (34, "Grappling Hook", 2, ("car",), 2, "M", False, (("discard", (("draw", 1), ("exile",))),)),
    (35, "Lantern", 3, ("car",), 2, "M", False, (("activate", "camp"),)),
    (36, "Dog", 3, ("car",), 1, "M", False, (G(compass=1), ("activate", "camp_free"))),  # C7
    (37, "Brush", 3, ("car",), 3, "M", False, (("count", "idols", 3),)),
    (38, "Axe", 2, ("ship",), 2, "M", False, (("exile",), G(compass=1))),
    (39, "Chronometer", 3, ("ship", "ship"), 2, "F", False,
     (("or", (G(coin=1, compass=1),), (G(compass=3), ("pass",))),)),
    (40, "Theodolite", 3, ("ship",), 1, "M", False, (G(coin=1), ("count", "archaeologists", 2))),  # C7
)

_ARTIFACTS = (
    (1, "Pathfinder's Sandals", 3, 1, (("relocate", "camp"),)),
    (2, "Pathfinder's Staff", 4, 1, (("relocate", "camp_l1"),)),
    (3, "War Mask", 3, 1, (G(arrowhead=1), ("no_fear",))),
    (4, "Treasure Chest", 4, 3, (("draw", 1), G(coin=1))),
    (5, "Ritual Dagger", 4, 2, (("exile",), G(arrowhead=1))),
    (6, "Crystal Earring", 4, 2, (("earring", 3, "top"),)),
    (7, "Mortar", 3, 1, (("exile",), G(coin=2))),
    (8, "Serpent's Gold", 3, 2, (("fear",), G(coin=4))),
    (9, "Serpent Idol", 2, 1, (("fear",), G(jewel=1))),
    (10, "Monkey Medallion", 4, 2, (("take_item", "top"),)),
    (11, "Idol of Ara-Anu", 3, 1, (("research", R(jewel=1)),)),
    (12, "Inscribed Blade", 2, 1, (("or", (("research", R(arrowhead=1)),), (("research", R(tablet=2)),)),)),
    (13, "Guardian's Ocarina", 4, 2, (("return_arch",), ("planes",))),
    (14, "Tigerclaw Hairpin", 4, 2, (("exile",), ("activate", "camp_free"))),
    (15, "War Club", 4, 1, (("overcome", "mine"),)),
    (16, "Sundial", 2, 1, (("or", (G(tablet=2),), (G(jewel=1), ("pass",))),)),
    (17, "Traders' Scales", 4, 2, (("upgrade",), G(coin=3))),
    (18, "Hunting Arrows", 4, 1, (("fear",), G(arrowhead=2))),
    (19, "Coconut Flask", 3, 2, (G(coin=2), ("borrow", "silver"))),  # C7
    (20, "Cleansing Cauldron", 3, 1, (("draw", 1), ("exile",))),
    (21, "Ancient Wine", 3, 1, (G(coin=1), ("borrow", "gold"))),  # C7
    (22, "Decorated Horn", 2, 1, (("swap_asst",),)),
    (23, "Ornate Hammer", 4, 2, (("hammer",),)),
    (24, "Star Charts", 4, 2, (("pay", R(coin=1)), ("camps2",))),
    (25, "Stone Jar", 2, 1, (("draw", 1),)),
    (26, "Passage Shell", 3, 1, (("shell",),)),  # C10
    (27, "Ceremonial Rattle", 3, 2, (("refresh_asst",),)),
    (28, "Sacred Drum", 4, 1, (("discard", (("refresh_all",),)),)),
    (29, "Trader's Coins", 3, 1, (("upgrade",), G(coin=2))),
    (30, "Stone Key", 3, 2, (("unslot",),)),  # C4: cost 3
    (31, "Obsidian Earring", 4, 2, (("earring", 2, "bottom"),)),
    (32, "Guiding Stone", 3, 1, (("guiding", 1),)),
    (33, "Guiding Skull", 4, 1, (("pay", R(compass=1)), ("guiding", 2))),
    (34, "Runes of the Dead", 4, 1, (("fear",), G(coin=1, tablet=3))),
    (35, "Guardian's Crown", 4, 2, (("crown",),)),
)

CARDS: dict[int, tuple] = {
    FUNDING_CAR: ("Funding", "basic", 0, ("car",), 0, "F", False, (G(coin=1),)),
    FUNDING_SHIP: ("Funding", "basic", 0, ("ship",), 0, "F", False, (G(coin=1),)),
    EXPLORE_CAR: ("Exploration", "basic", 0, ("car",), 0, "F", False, (G(compass=1),)),
    EXPLORE_SHIP: ("Exploration", "basic", 0, ("ship",), 0, "F", False, (G(compass=1),)),
    FEAR: ("Fear", "fear", 0, ("boot",), -1, "", False, ()),
}
for _n, _name, _cost, _travel, _vp, _timing, _self, _ops in _ITEMS:
    CARDS[_n] = (_name, "item", _cost, _travel, _vp, _timing, _self, _ops)
for _n, _name, _cost, _vp, _ops in _ARTIFACTS:
    CARDS[100 + _n] = (_name, "artifact", _cost, ("plane", "plane") if _n == 13 else ("plane",), _vp, "M", False, _ops)
ITEM_IDS = tuple(n for n, *_ in _ITEMS)
ARTIFACT_IDS = tuple(100 + n for n, *_ in _ARTIFACTS)

# --- board ------------------------------------------------------------------------------------------
# Sites 0-4 camp (two spaces: 1 boot, 2 boots), 5-8 level I lower, 9-12 level I upper, 13-16 level II.
# Camp 5 prints "discard a card -> 1 jewel" as its only effect: the discard is compulsory when you hold a
# card (no hand card: nothing happens), as in S1 and S4; see ("discard", ops, "must") in the op list above.
CAMP_EFFECTS = ((G(coin=2),), (G(compass=2),), (G(tablet=2),), (G(arrowhead=1),), (("discard", (G(jewel=1),), "must"),))
CAMPS = range(0, 5)
LEVEL1 = range(5, 13)
LEVEL2 = range(13, 17)
NSITES = 17
TRAVEL = {
    "bird": ((("car",), ("car",), ("ship",), ("ship",)), (("car",), ("car",), ("ship",), ("ship",)),
             (("car", "car"), ("car", "car"), ("ship", "ship"), ("ship", "ship"))),
    "snake": ((("car",), ("car",), ("ship",), ("ship",)), (("car",), ("boot", "boot"), ("plane",), ("ship",)),
              (("car", "car"), ("boot", "plane"), ("car", "ship"), ("ship", "ship"))),
}
CAMP_TRAVEL = (("boot",), ("boot", "boot"))
BLOCKED_CAMP_SPACES = {1: 5, 2: 5, 3: 3, 4: 0}


def site_travel(temple: str, site: int) -> tuple:
    """Travel icons printed at a level I/II spot."""
    t = TRAVEL[temple]
    if site in LEVEL2:
        return t[2][site - 13]
    return t[0][site - 5] if site < 9 else t[1][site - 9]


SITE_TILES = {
    1: ((("or", (G(compass=2),), (("take_item", "bottom"),)),),  # C6
        (G(coin=1, arrowhead=1),), (("draw", 1), G(coin=1, tablet=1)), (G(compass=1, arrowhead=1),),
        (G(coin=1, tablet=2),), (G(tablet=1, arrowhead=1),), (("draw", 1), G(arrowhead=1)),
        (("fear",), G(tablet=1, jewel=1)), (("fear",), G(compass=1, jewel=1)), (G(jewel=1),)),  # 10: C5
    2: ((G(compass=2, jewel=1),), (G(coin=1, compass=1, tablet=1, arrowhead=1),), (G(arrowhead=1, jewel=1),),
        (("draw", 1), G(tablet=1, jewel=1)), (G(tablet=2, jewel=1),), (("fear",), G(tablet=2, arrowhead=2))),
}

IDOLS = ((G(coin=1),),) * 3 + ((G(compass=1),),) * 3 + ((G(tablet=1),),) * 3 + ((("exile",),),) * 3 \
    + ((("upgrade",),),) * 2 + ((("refresh_asst",),),) * 2
IDOL_NAMES = ("coin",) * 3 + ("compass",) * 3 + ("tablet",) * 3 + ("exile",) * 3 + ("upgrade",) * 2 + ("refresh",) * 2
IDOL_SLOT_EFFECTS = ((("pay", R(coin=1)), G(jewel=1)), (G(arrowhead=1),), (G(tablet=2),), (G(coin=1, compass=1),),
                     (("draw", 1),))
IDOL_SLOT_NAMES = ("coin-jewel", "arrowhead", "tablets", "coin-compass", "draw")

# --- guardians: (cost resources, travel icons, discards, boon) ---------------------------------------
GUARDIANS = (
    (R(coin=1, compass=1, arrowhead=1), (), 0, "ship"),
    (R(coin=1, arrowhead=1), (), 1, "exile"),
    (R(coin=1, arrowhead=1), ("boot",), 0, "car"),
    (R(coin=2, arrowhead=1), (), 0, "car"),
    (R(tablet=1, arrowhead=1), ("boot",), 0, "exile"),
    (R(arrowhead=1), ("plane",), 0, "exile"),
    (R(compass=1, arrowhead=1), (), 1, "draw"),
    (R(coin=4), (), 0, "upgrade"),
    (R(arrowhead=1), ("ship",), 0, "car"),
    (R(arrowhead=1), ("car",), 0, "ship"),
    (R(compass=1), ("boot", "boot"), 0, "exile"),
    (R(jewel=1), ("boot",), 0, "plane"),
    (R(tablet=3), (), 0, "plane"),
    (R(arrowhead=1), ("plane",), 0, "exile"),
    (R(compass=2, arrowhead=1), (), 0, "ship"),
)
BOON_OPS = {"exile": (("exile",),), "draw": (("draw", 1),), "upgrade": (("upgrade",),)}

# --- assistants: (silver ops, gold ops, silver travel, gold travel, main action) ---------------------
ASSISTANTS = (
    ((G(coin=2),), (G(coin=3),), (), (), False),
    ((G(tablet=1),), (G(coin=1, tablet=1),), (), (), False),
    ((("travel", ("boot",), ("assistant", 3)), G(arrowhead=1)), (G(arrowhead=1),), (), (), False),
    ((("pay", R(coin=1)), G(arrowhead=1)), (("pay", R(coin=1)), ("or", (G(arrowhead=1),), (G(jewel=1),))), (), (),
     False),
    ((("exile",),), (G(compass=1), ("exile",)), (), (), False),
    ((("draw", 1), ("discard_req",)), (("draw", 1),), (), (), False),  # silver: draw, then discard (compulsory)
    ((G(coin=1),), (G(coin=2),), ("plane",), ("plane", "plane"), False),
    ((G(compass=1),), (G(coin=1, compass=1),), ("car",), ("car", "car"), False),
    ((G(compass=1),), (G(coin=1, compass=1),), ("ship",), ("ship", "ship"), False),
    ((("buy", "any", 1, False),), (("buy", "any", 2, False),), (), (), True),
    ((("upgrade",),), (("upgrade",), G(compass=1)), (), (), False),
    ((G(compass=1),), (G(compass=2),), (), (), False),
)

# --- rules editions ---------------------------------------------------------------------------------------
# A game keeps the rules it was recorded with: the hidden option "edition" (state.py; a record that does not
# name it was made before it existed: edition 1). Edition 2 is the data above. Edition 1 is the engine before
# the data fixes of commit 5ee9b15; as data, assistant 6 silver's and camp 5's discards were optional. Its
# other two differences: the idol slot's draw offered with an empty deck (effects.Resolver.idol_slots) and the
# rival's arrows and tie-break (rival.RIVAL_ARROWS_ED1, rival.decision_arrow).
EDITION, LEGACY_EDITION = 2, 1
CAMP_EFFECTS_ED1 = (*CAMP_EFFECTS[:4], (("discard", (G(jewel=1),)),))
ASSISTANTS_ED1 = (*ASSISTANTS[:5], ((("draw", 1), ("discard", ())), *ASSISTANTS[5][1:]), *ASSISTANTS[6:])

# --- research tracks: space -> (row, cost, entered from, bonus tiles by player count 2/3/4) -----------
# cost: a resource vector, or "idol" (Snake space 4: one idol from your crates). Space 0 = start,
# the last space = the Lost Temple.
TRACKS = {
    "bird": {
        1: (1, R(compass=1, arrowhead=1), (0,), (0, 0, 0)),
        2: (1, R(jewel=1), (0,), (0, 0, 0)),
        3: (2, R(jewel=1), (1,), (1, 1, 1)),
        4: (2, R(tablet=1, arrowhead=1), (1, 2), (1, 1, 1)),
        5: (3, R(tablet=2, arrowhead=1), (3, 4), (0, 0, 1)),
        6: (4, R(coin=1, tablet=1, arrowhead=1), (5,), (1, 1, 1)),
        7: (4, R(tablet=1, jewel=1), (5,), (1, 1, 1)),
        8: (4, R(arrowhead=2), (5,), (1, 1, 1)),
        9: (5, R(coin=1, jewel=1), (6, 7, 8), (0, 0, 1)),
        10: (6, R(compass=1, jewel=1), (9,), (1, 1, 1)),
        11: (6, R(tablet=2, arrowhead=1), (9,), (1, 1, 1)),
        12: (7, R(coin=1, tablet=1, arrowhead=1), (10, 11), (0, 1, 1)),
        13: (7, R(tablet=1, jewel=1), (11,), (0, 1, 1)),
        14: (8, R(coin=1, compass=1, jewel=1), (12, 13), (0, 0, 0)),
    },
    "snake": {
        1: (1, R(compass=1, tablet=2), (0,), (0, 0, 0)),
        2: (1, R(jewel=1), (0,), (0, 0, 0)),
        3: (2, R(coin=1, compass=1, arrowhead=1), (1,), (1, 1, 1)),
        4: (2, R(tablet=1, jewel=1), (1, 2), (0, 1, 1)),
        5: (2, R(arrowhead=2), (2,), (1, 1, 1)),
        6: (3, R(tablet=2, arrowhead=1), (3, 4), (1, 1, 1)),
        7: (3, R(coin=1, jewel=1), (4, 5), (1, 1, 1)),
        8: (4, "idol", (6, 7), (0, 0, 0)),
        9: (5, R(arrowhead=2), (8,), (0, 0, 1)),
        10: (5, R(tablet=1, jewel=1), (8,), (0, 0, 1)),
        11: (6, R(tablet=1, jewel=1), (9,), (1, 1, 1)),
        12: (6, R(compass=1, tablet=3), (9, 10), (1, 1, 1)),
        13: (7, R(coin=1, tablet=1, arrowhead=1), (11, 12), (2, 3, 3)),
        14: (8, R(compass=1, arrowhead=1, jewel=1), (13,), (0, 0, 0)),
    },
}
TEMPLE = 14
SNAKE_RESCUE = 8
SNAKE_GLASS_ROW2_COINS = 2  # C2: S1/S2/S5 (S4: 3)
SNAKE_NOTEBOOK_ROW4 = "artifact"  # C3: S1/S2/S5 ("upgrade_asst" per S4)
# row -> (glass ops, glass vp, notebook ops, notebook vp); row 0 = start
ROWS = {
    "bird": ((), ((G(coin=1),), 1, (("recruit",),), 0), ((G(compass=1),), 2, (("recruit",),), 1),
             ((G(compass=1),), 4, (("upgrade_asst",),), 2), ((G(compass=1),), 6, (("upgrade_asst",),), 4),
             ((G(compass=1),), 9, (G(compass=3),), 6), ((("draw", 1),), 12, (("take_artifact",),), 8),
             ((G(compass=1),), 16, (("overcome", "mine"),), 10)),
    "snake": ((), ((G(coin=1),), 1, (("recruit",),), 0),
              ((G(coin=SNAKE_GLASS_ROW2_COINS),), 2, (("exile",),), 3),
              ((("draw", 1),), 3, (("upgrade_asst",),), 4),
              ((("rescue",),), 4, (("take_artifact",),) if SNAKE_NOTEBOOK_ROW4 == "artifact"
               else (("upgrade_asst",),), 5),
              ((("upgrade_asst",),), 5, (("refresh_asst",),), 8), ((("fear",),), 10, (("draw", 1),), 12),
              ((("fear",),), 15, (G(jewel=1),), 15)),
}
BONUS_TILES = ("coin", "compass", "tablet", "draw", "exile", "upgrade")
BONUS_OPS = {"coin": (G(coin=1),), "compass": (G(compass=1),), "tablet": (G(tablet=1),), "draw": (("draw", 1),),
             "exile": (("exile",),), "upgrade": (("upgrade",),)}

# --- temple tiles: stacks bronze A/B/C (2 VP), silver A+B / B+C (6 VP), gold A+B+C (11 VP) ----------
TEMPLE_BASE = {
    "bird": (R(coin=1, tablet=2), R(jewel=1), R(compass=1, arrowhead=1)),
    "snake": (R(compass=1, tablet=2), R(jewel=1), R(coin=1, arrowhead=1)),  # C1 recommended
    "snake-as-bird": (R(coin=1, tablet=2), R(jewel=1), R(compass=1, arrowhead=1)),  # C1 data switch
}
TEMPLE_STACKS = (("A",), ("B",), ("C",), ("A", "B"), ("B", "C"), ("A", "B", "C"))
TEMPLE_STACK_VP = (2, 2, 2, 6, 6, 11)
TEMPLE_STACK_NAMES = ("bronze-a", "bronze-b", "bronze-c", "silver-left", "silver-right", "gold")


def temple_cost(costs: str, stack: int) -> tuple:
    """The resources a temple tile of `stack` costs with the base costs `costs` (a TEMPLE_BASE key)."""
    base = TEMPLE_BASE[costs]
    out = [0] * 5
    for k in TEMPLE_STACKS[stack]:
        v = base["ABC".index(k)]
        for i in range(5):
            out[i] += v[i]
    return tuple(out)


def card_name(card: int) -> str:
    return CARDS[card][0]
