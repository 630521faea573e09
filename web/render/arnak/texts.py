"""Arnak's words: the data (resources, icons, tiles, sites) and every effect op in the interface language.

Card texts are generated from the engine's effect ops (py_engine.games.arnak.data), so they always say what
the engine does. Card names are translated (the engine's data holds the English ones).
"""

from __future__ import annotations

from i18n import N_, _, num, tr, trn

from py_engine.games.arnak import data as D

# --- words for data ------------------------------------------------------------------------------------
ICON_NAMES = {"boot": N_("boot"), "car": N_("car"), "ship": N_("ship"), "plane": N_("plane")}
# i18n: one-letter abbreviations of the travel icons on cards and sites (boot, car, ship, plane)
ICON_SHORT = {"boot": N_("B"), "car": N_("C"), "ship": N_("S"), "plane": N_("P")}
# i18n: one-letter marks of the research tokens: N = notebook, G = magnifying glass
TOKEN_SHORT = {"notebook": N_("N"), "glass": N_("G")}
TOKEN_NAMES = {"notebook": N_("notebook"), "glass": N_("magnifying glass")}
IDOL_WORDS = {"exile": N_("exile"), "upgrade": N_("upgrade"), "refresh": N_("refresh")}
BONUS_WORDS = {"draw": N_("draw"), "exile": N_("exile"), "upgrade": N_("upgrade")}
# the starting cards' names
BASIC_NAMES = {"Funding": N_("Funding"), "Exploration": N_("Exploration"), "Fear": N_("Fear")}
# i18n: an Arnak card's name (an item or an artifact of Lost Ruins of Arnak); in the words of your language
CARD_NAMES = {"Aeroplane": N_("Aeroplane"), "Airdrop": N_("Airdrop"), "Ancient Wine": N_("Ancient Wine"),
              "Army Knife": N_("Army Knife"), "Automobile": N_("Automobile"), "Axe": N_("Axe"),
              "Bear Trap": N_("Bear Trap"), "Binoculars": N_("Binoculars"), "Bow and Arrows": N_("Bow and Arrows"),
              "Brush": N_("Brush"), "Carrier Pigeon": N_("Carrier Pigeon"),
              "Ceremonial Rattle": N_("Ceremonial Rattle"), "Chronometer": N_("Chronometer"),
              "Cleansing Cauldron": N_("Cleansing Cauldron"), "Coconut Flask": N_("Coconut Flask"),
              "Crystal Earring": N_("Crystal Earring"), "Decorated Horn": N_("Decorated Horn"), "Dog": N_("Dog"),
              "Fishing Rod": N_("Fishing Rod"), "Flask": N_("Flask"), "Gold Pan": N_("Gold Pan"),
              "Grappling Hook": N_("Grappling Hook"), "Guardian's Crown": N_("Guardian's Crown"),
              "Guardian's Ocarina": N_("Guardian's Ocarina"), "Guiding Skull": N_("Guiding Skull"),
              "Guiding Stone": N_("Guiding Stone"), "Hat": N_("Hat"), "Horse": N_("Horse"),
              "Hot Air Balloon": N_("Hot Air Balloon"), "Hunting Arrows": N_("Hunting Arrows"),
              "Idol of Ara-Anu": N_("Idol of Ara-Anu"), "Inscribed Blade": N_("Inscribed Blade"),
              "Journal": N_("Journal"), "Lantern": N_("Lantern"), "Large Backpack": N_("Large Backpack"),
              "Machete": N_("Machete"), "Monkey Medallion": N_("Monkey Medallion"), "Mortar": N_("Mortar"),
              "Obsidian Earring": N_("Obsidian Earring"), "Ornate Hammer": N_("Ornate Hammer"),
              "Ostrich": N_("Ostrich"), "Pack Donkey": N_("Pack Donkey"), "Parrot": N_("Parrot"),
              "Passage Shell": N_("Passage Shell"), "Pathfinder's Sandals": N_("Pathfinder's Sandals"),
              "Pathfinder's Staff": N_("Pathfinder's Staff"), "Pickaxe": N_("Pickaxe"),
              "Precision Compass": N_("Precision Compass"), "Revolver": N_("Revolver"),
              "Ritual Dagger": N_("Ritual Dagger"), "Rope": N_("Rope"), "Rough Map": N_("Rough Map"),
              "Runes of the Dead": N_("Runes of the Dead"), "Sacred Drum": N_("Sacred Drum"),
              "Sea Turtle": N_("Sea Turtle"), "Serpent Idol": N_("Serpent Idol"),
              "Serpent's Gold": N_("Serpent's Gold"), "Star Charts": N_("Star Charts"),
              "Steam Boat": N_("Steam Boat"), "Stone Jar": N_("Stone Jar"), "Stone Key": N_("Stone Key"),
              "Sturdy Boots": N_("Sturdy Boots"), "Sundial": N_("Sundial"), "Tent": N_("Tent"),
              "Theodolite": N_("Theodolite"), "Tigerclaw Hairpin": N_("Tigerclaw Hairpin"), "Torch": N_("Torch"),
              "Trader's Coins": N_("Trader's Coins"), "Traders' Scales": N_("Traders' Scales"),
              "Treasure Chest": N_("Treasure Chest"), "Trowel": N_("Trowel"), "War Club": N_("War Club"),
              "War Mask": N_("War Mask"), "Watch": N_("Watch"), "Whip": N_("Whip")}
STACK_NAMES = {"bronze-a": N_("bronze A"), "bronze-b": N_("bronze B"), "bronze-c": N_("bronze C"),
               "silver-left": N_("silver left"), "silver-right": N_("silver right"), "gold": N_("gold")}
RIVAL_DIG = {"dig-coin": N_("dig (coin)"), "dig-compass": N_("dig (compass)"), "dig-tablet": N_("dig (tablet)"),
             "dig-arrowhead": N_("dig (arrowhead)"), "dig-jewel": N_("dig (jewel)")}
RIVAL_TILE_KINDS = {"discover": N_("discover"), "research": N_("research"), "overcome": N_("overcome"),
                    "item": N_("item"), "artifact": N_("artifact")}
SIMPLE_OPS = {"fear": N_("take a Fear card"), "exile": N_("you may exile a card"),
              "upgrade": N_("upgrade a resource"), "notebook": N_("advance your notebook for free"),
              "take_artifact": N_("take an artifact for free"), "recruit": N_("recruit an assistant"),
              "upgrade_asst": N_("upgrade an assistant"), "refresh_asst": N_("refresh an assistant"),
              "refresh_all": N_("refresh your assistants"), "rescue": N_("rescue an assistant"),
              "return_arch": N_("return an archaeologist"),
              "planes": N_("your travel icons count as planes this round"),
              "no_fear": N_("no guardian Fear this round"), "borrow": N_("use a supply assistant's effect"),
              "swap_asst": N_("swap an assistant"), "hammer": N_("exile the last row item, take an exiled item"),
              "camps2": N_("activate two camp sites"), "shell": N_("send an archaeologist to a camp, resolve it twice"),
              "unslot": N_("free an idol slot"), "crown": N_("move a guardian and activate its new site"),
              "pass": N_("pass"), "relocate": N_("move an archaeologist and activate the site"),
              "discard_req": N_("discard a card")}
ACTIVATE_OPS = {"camp": N_("activate a camp site"), "camp_free": N_("activate an unoccupied camp site"),
                "level1": N_("activate a discovered level I site"), "mine": N_("activate a site where you are")}
# what a pending decision asks for (pending["kind"] is the engine's op)
PROMPTS = {"exile": N_("you may exile a card"), "discard": N_("you may discard a card"),
           "discard_req": N_("discard a card"), "upgrade": N_("you may upgrade a resource"),
           "or": N_("choose one effect"), "dig": N_("you may dig or discover"),
           "activate": N_("choose a site to activate"), "buy": N_("you may buy a card"),
           "take_item": N_("take an item from the row"), "take_artifact": N_("take an artifact from the row"),
           "research": N_("you may research"), "notebook": N_("you may advance your notebook"),
           "overcome": N_("choose a guardian to overcome"), "recruit": N_("recruit an assistant"),
           "rescue": N_("rescue an assistant"), "upgrade_asst": N_("upgrade an assistant"),
           "refresh_asst": N_("refresh an assistant"), "refresh_all": N_("refresh your assistants"),
           "relocate": N_("move an archaeologist"), "return_arch": N_("return an archaeologist"),
           "borrow": N_("use a supply assistant's effect"), "swap_asst": N_("swap an assistant"),
           "hammer": N_("take an exiled item"), "camps2": N_("choose two camp sites"),
           "shell": N_("choose a camp for your archaeologist"), "earring": N_("choose how many cards to draw aside"),
           "keep": N_("keep one of the cards drawn aside"), "putback": N_("put a card back on your deck"),
           "crown": N_("move a guardian"), "bonus_pick": N_("choose a bonus tile"),
           "temple_bonus": N_("choose a temple bonus tile")}
SIMPLE_ACTS = {"pass": N_("pass"), "end": N_("end turn"), "keep": N_("keep the rest"), "skip": N_("skip"),
               "accept": N_("resolve its effect"), "decline": N_("decline the effect"), "none": N_("put none back"),
               "ok": N_("ok")}


def word(table: dict, key) -> str:
    """A data word (a resource, an icon, a tile name) in the interface language; unknown data as it came."""
    return _(table[key]) if isinstance(key, str) and key in table else str(key)


def card_label(name) -> str:
    """A card's name in the interface language (the engine's data names it in English)."""
    return word(BASIC_NAMES, name) if name in BASIC_NAMES else word(CARD_NAMES, name)


def res_amount(res: str, n) -> str:
    """2 coins / コイン2 / ۲ سکه."""
    if res == "coin":
        return trn("{n} coin", "{n} coins", n)
    if res == "compass":
        return trn("{n} compass", "{n} compasses", n)
    if res == "tablet":
        return trn("{n} tablet", "{n} tablets", n)
    if res == "arrowhead":
        return trn("{n} arrowhead", "{n} arrowheads", n)
    if res == "jewel":
        return trn("{n} jewel", "{n} jewels", n)
    return f"{n} {res}"


def icons_text(icons, short: bool = False) -> str:
    """Travel icons: "car+ship" (short: "C+S")."""
    return "+".join(word(ICON_SHORT if short else ICON_NAMES, i) for i in icons)


def _list(items) -> str:
    return _(", ").join(str(x) for x in items)


def _sep() -> str:
    # i18n: the separator between two effects of one card ("gain 1 coin; draw 1 card")
    return _("; ")


# --- card texts from ops -------------------------------------------------------------------------------
def _res_text(r) -> str:
    parts = [res_amount(D.RES[i], v) for i, v in enumerate(r) if v]
    return " + ".join(parts) or _("nothing")


def op_text(op: tuple) -> str:
    """One effect op in the interface language."""
    k = op[0]
    if k == "gain":
        return tr("gain {res}", res=_res_text(op[1]))
    if k == "pay":
        return tr("pay {res}", res=_res_text(op[1]))
    if k == "draw":
        return trn("draw {n} card", "draw {n} cards", op[1])
    if k == "draw_bottom":
        return trn("draw {n} card from the bottom of your deck", "draw {n} cards from the bottom of your deck", op[1])
    if k == "or":
        options = []
        for prefix, gains in or_groups(op[1:]):
            if len(gains) == 1:
                options.append(ops_text(prefix + gains[0]))
                continue
            one_of = " / ".join(_res_text(g[0][1]) for g in gains)
            options.append(tr("{effect}, then gain one of: {options}", effect=ops_text(prefix), options=one_of)
                           if prefix else tr("gain one of: {options}", options=one_of))
        # "or" between whole options, after the separator of two effects ("…; or …")
        join_ = (_sep() + _("or") + " ") if any(len(g) > 1 for _p, g in or_groups(op[1:])) else _(" or ")
        return tr("choose: {options}", options=join_.join(options))
    if k == "discard":
        then = ops_text(op[1])
        if op[2:] == ("must",):  # camp 5: compulsory while you hold a card
            return tr("discard a card to {effect}", effect=then)
        return tr("you may discard a card to {effect}", effect=then) if then else _("you may discard a card")
    if k == "dig":
        if op[2]:
            return trn("dig or discover with {icons} and {n} compass covered",
                       "dig or discover with {icons} and {n} compasses covered", op[2], icons=icons_text(op[1]))
        return tr("dig or discover with {icons} covered", icons=icons_text(op[1]))
    if k == "buy":
        if op[1] == "artifact":
            text = trn("buy an artifact for {n} compass less", "buy an artifact for {n} compasses less", op[2])
        elif op[1] == "item":
            text = trn("buy an item for {n} coin less", "buy an item for {n} coins less", op[2])
        else:
            text = tr("buy an item or an artifact for {n} less", n=op[2])
        return tr("{effect} (the deck's top card is on offer too)", effect=text) if op[3] is True else text
    if k == "research":
        return tr("research for {res} less", res=_res_text(op[1]))
    if k == "activate":
        return word(ACTIVATE_OPS, op[1])
    if k == "overcome":
        return _("overcome a guardian for free (no other archaeologist there)") if op[1] == "alone" else \
            _("overcome a guardian at your site for free")
    if k == "count":
        if op[1] == "guardians":
            return tr("1 compass per guardian you have (at most {n})", n=op[2])
        if op[1] == "idols":
            return tr("1 compass per idol you have (at most {n})", n=op[2])
        return tr("1 compass per archaeologist you placed (at most {n})", n=op[2])
    if k == "travel":
        return tr("pay {icons} travel", icons=icons_text(op[1]))
    if k == "take_item":
        return {"hand": _("take an item from the row into your hand"),
                "top": _("take an item from the row onto your deck"),
                "bottom": _("take an item from the row to the bottom of your deck")}.get(op[1], str(op[1]))
    if k == "earring":
        if op[2] == "bottom":
            return tr("look at up to {n} cards from the bottom of your deck, keep 1", n=op[1])
        return tr("look at up to {n} cards from the top of your deck, keep 1", n=op[1])
    if k == "guiding":
        return tr("resolve the top level {level} site tile", level="I" if op[1] == 1 else "II")
    return word(SIMPLE_OPS, k)


def or_groups(branches) -> list[tuple[tuple, list[tuple]]]:
    """An "or" op's branches with the same first ops and a gain last grouped (Army Knife: exile a card, then
    gain one of three; or gain one of three pairs): [(first ops, [(gain op,), ...]), ...], in order."""
    out: list[tuple[tuple, list[tuple]]] = []
    for b in branches:
        b = tuple(b)
        if b and b[-1][0] == "gain":
            prefix, last = b[:-1], b[-1:]
            if out and out[-1][0] == prefix and out[-1][1][-1]:
                out[-1][1].append(last)
                continue
            out.append((prefix, [last]))
        else:
            out.append((b, [()]))
    # two plain gains read better as "gain 1 arrowhead or gain 1 jewel"
    return [g for prefix, gains in out
            for g in ([(prefix, gains)] if prefix or len(gains) > 2 else [((), [x]) for x in gains])]


def ops_text(ops) -> str:
    return _sep().join(op_text(o) for o in ops)


def card_text(card: dict) -> str:
    """A card's tooltip: name, cost, travel, VP and effect."""
    info = D.CARDS[card["id"]]
    if info[1] == "item":
        cost = res_amount("coin", info[2])
    elif info[1] == "artifact":
        cost = res_amount("compass", info[2])
    else:
        cost = "-"
    timing = _("free action") if info[5] == "F" else (_("main action") if info[5] == "M" else _("no effect"))
    extra = [_("exiled after use")] if info[6] else []
    if info[1] == "artifact":
        extra.append(_("from your hand: pay 1 tablet"))
    effect = _sep().join([ops_text(info[7]) or _("none"), *extra])
    return tr("{name} — cost {cost}, travel {travel}, {vp} VP. {timing}: {effect}", name=card_label(info[0]), cost=cost,
              travel=icons_text(info[3]), vp=info[4], timing=timing, effect=effect)


def boon_text(boon) -> str:
    """What a guardian's boon does."""
    if boon in D.BOON_OPS:
        return ops_text(D.BOON_OPS[boon])
    if boon in ICON_NAMES:
        return tr("a {icon} travel icon", icon=word(ICON_NAMES, boon))
    return str(boon)


def idol_text(name) -> str:
    """The bonus of an idol (by its name in the view)."""
    if name in D.IDOL_NAMES:
        return ops_text(D.IDOLS[D.IDOL_NAMES.index(name)])
    return str(name)


def idol_word(name) -> str:
    return res_amount(name, 1) if name in D.RES else word(IDOL_WORDS, name)


def slot_text(name) -> str:
    """The effect of an idol slot (by its name in the engine)."""
    if name in D.IDOL_SLOT_NAMES:
        return ops_text(D.IDOL_SLOT_EFFECTS[D.IDOL_SLOT_NAMES.index(name)])
    return str(name)


def bonus_text(tile) -> str:
    return ops_text(D.BONUS_OPS[tile]) if tile in D.BONUS_OPS else str(tile)


def bonus_word(tile) -> str:
    return res_amount(tile, 1) if tile in D.RES else word(BONUS_WORDS, tile)


def assistant_text(aid, gold: bool) -> str:
    """An assistant's effect (silver or gold side)."""
    if not isinstance(aid, int) or not 1 <= aid <= len(D.ASSISTANTS):
        return ""
    info = D.ASSISTANTS[aid - 1]
    ops = info[1 if gold else 0]
    travel = info[3 if gold else 2]
    parts = [ops_text(ops)] if ops else []
    if travel:
        parts.append(tr("or {icons} travel", icons=icons_text(travel)))
    effect = " ".join(parts)
    if info[4]:
        return tr("Assistant #{n} ({side}, main action): {effect}", n=aid, side=_("gold") if gold else _("silver"),
                  effect=effect)
    return tr("Assistant #{n} ({side}): {effect}", n=aid, side=_("gold") if gold else _("silver"), effect=effect)


def stack_name(k) -> str:
    return word(STACK_NAMES, D.TEMPLE_STACK_NAMES[k]) if isinstance(k, int) and 0 <= k < 6 else str(k)


def rival_tile_name(tile) -> str:
    """dig-coin -> "dig (coin)", research-red -> "research (red)"."""
    if not isinstance(tile, str) or "-" not in tile:
        return str(tile)
    if tile in RIVAL_DIG:
        return _(RIVAL_DIG[tile])
    kind, _dash, what = tile.partition("-")
    name = word(RIVAL_TILE_KINDS, kind)
    return tr("{tile} (red)", tile=name) if what == "red" else tr("{tile} (green)", tile=name)



def _width(s: str) -> int:
    """Text width in Latin letters: a CJK character is about two."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in s)


def _wrap(s: str, n: int) -> list[str]:
    """Lines of at most n letters' width; words are kept whole, text without spaces (Japanese) is cut anywhere."""
    lines, cur = [], ""
    for word_ in s.split():
        while _width(word_) > n:  # a long run without spaces
            room = n - _width(cur) - (1 if cur else 0)
            if room < 4 and cur:
                lines.append(cur)
                cur, room = "", n
            cut, used = 0, 0
            while cut < len(word_) and used + _width(word_[cut]) <= room:
                used += _width(word_[cut])
                cut += 1
            lines.append(f"{cur} {word_[:cut]}".strip())
            cur, word_ = "", word_[cut:]
        if _width(cur) + _width(word_) + 1 > n and cur:
            lines.append(cur)
            cur = word_
        else:
            cur = f"{cur} {word_}".strip()
    if cur:
        lines.append(cur)
    return lines



def guardian_text(g: dict) -> str:
    """A guardian's tooltip: what overcoming it costs and its boon."""
    cost = [_res_text([g["cost"][r] for r in D.RES])]
    if g["travel"]:
        cost.append(tr("travel {icons}", icons=icons_text(g["travel"])))
    if g["discards"]:
        cost.append(trn("discard {n} card", "discard {n} cards", g["discards"]))
    return tr("Guardian {n}: overcome it for {cost} ({vp} VP); boon: {boon}. Unless overcome, it gives Fear to "
              "the archaeologists at its site at the end of the round.", n=g["id"] + 1, cost=_list(cost),
              vp=D.GUARDIAN_VP, boon=boon_text(g["boon"]))



def boon_word(boon) -> str:
    """A boon in a few letters: a travel icon's name or the effect's word."""
    return word(ICON_NAMES, boon) if boon in ICON_NAMES else word(BONUS_WORDS, boon)



def research_space_text(view: dict, sp: dict, cost: str) -> str:
    """A research space's tooltip: its cost, what a token gains there, its VP and bonus tiles."""
    row, space = sp["row"], sp["space"]
    rows = D.ROWS.get(view["temple"]) or D.ROWS["bird"]
    if space == D.TEMPLE:
        text = tr("Lost temple (cost {cost}): only a magnifying glass may enter; arriving scores {vp} VP by "
                  "order of arrival, and you may take a temple bonus tile.", cost=cost,
                  vp=" / ".join(num(v) for v in D.TEMPLE_ARRIVAL_VP))
    elif isinstance(row, int) and 0 < row < len(rows):
        gops, gvp, nops, nvp = rows[row]
        text = tr("Row {row}, space {space} (cost {cost}). Magnifying glass: {glass} ({gvp} VP). Notebook: "
                  "{notebook} ({nvp} VP). The notebook may not pass the magnifying glass.", row=row, space=space,
                  cost=cost, glass=ops_text(gops) or _("nothing"), gvp=gvp, notebook=ops_text(nops) or _("nothing"),
                  nvp=nvp)
    else:
        text = tr("Row {row}, space {space} (cost {cost})", row=row, space=space, cost=cost)
    if sp["bonus"]:
        text += " " + tr("Bonus tiles here: {tiles}.", tiles=_list(bonus_text(t) for t in sp["bonus"]))
    return text



def rival_text(d: dict) -> str:
    what = d.get("did", "nothing")
    if what == "dig":
        return tr("digs at {site}", site=site_name(d["site"]))
    if what == "discover":
        return tr("discovers {site}", site=site_name(d["site"]))
    if what == "research":
        return tr("researches to space {space}", space=d["space"])
    if what == "temple_tile":
        stack = d.get("stack")
        vp = D.TEMPLE_STACK_VP[stack] if isinstance(stack, int) and 0 <= stack < 6 else "?"
        return tr("takes a {vp}-point temple tile ({stack})", vp=vp, stack=stack_name(stack))
    if what == "overcome":
        return tr("overcomes the guardian at {site}", site=site_name(d["site"]))
    if what == "buy":
        return tr("takes {card}", card=_card_name(d["card"]))
    return _("nothing")



# --- text and buttons ----------------------------------------------------------------------------------
def site_name(site) -> str:
    """Camp 3 / Level I site 2 / Level II site 10 (the numbering of the board drawing)."""
    if not isinstance(site, int):
        return str(site)
    if site < 5:
        return tr("Camp {n}", n=site + 1)
    if site < 13:
        return tr("Level I site {n}", n=site - 4)
    return tr("Level II site {n}", n=site - 4)


def _site_name(site) -> str:
    return site_name(site)


def _card_name(cid) -> str:
    return card_label(D.CARDS[cid][0]) if cid in D.CARDS else str(cid)


def _upgrade_text(res) -> str:
    if res == "tablet":
        return _("upgrade a tablet to an arrowhead")
    if res == "arrowhead":
        return _("upgrade an arrowhead to a jewel")
    return _("upgrade a resource")


def describe(a: tuple) -> str:
    """The label of an action in the interface language."""
    k = a[0]
    if k == "play":
        return tr("play {card}", card=_card_name(a[1]))
    if k == "dig":
        return tr("dig at {site}", site=site_name(a[1]))
    if k == "discover":
        return tr("discover {site}", site=site_name(a[1]))
    if k == "overcome":
        return tr("overcome the guardian at {site}", site=site_name(a[1]))
    if k == "buy":
        if a[2] == "top":
            return _("buy the top artifact of the deck") if a[1] == "artifact" else _("buy the top item of the deck")
        n = a[2] + 1 if isinstance(a[2], int) else a[2]
        return tr("buy artifact #{n}", n=n) if a[1] == "artifact" else tr("buy item #{n}", n=n)
    if k == "research":
        return tr("research: {token} to space {space}", token=word(TOKEN_NAMES, a[1]), space=a[2])
    if k == "temple":
        vp = D.TEMPLE_STACK_VP[a[1]] if isinstance(a[1], int) and 0 <= a[1] < 6 else "?"
        return tr("temple tile ({vp} VP, {stack})", vp=vp, stack=stack_name(a[1]))
    if k == "idol":
        name = D.IDOL_SLOT_NAMES[a[1]] if isinstance(a[1], int) and 0 <= a[1] < len(D.IDOL_SLOT_NAMES) else a[1]
        return tr("place an idol in a slot: {effect}", effect=slot_text(name))
    if k == "boon":
        return tr("use guardian boon #{n}", n=a[1] + 1)
    if k == "assist":
        return tr("use assistant #{n}", n=a[1] + 1)
    if k == "tcard":
        return tr("pay travel with {card}", card=_card_name(a[1]))
    if k == "pilot":
        return _("hire a pilot (2 coins → plane)")
    if k == "tasst":
        return tr("pay travel with assistant #{n}", n=a[1] + 1)
    if k == "tboon":
        return tr("pay travel with guardian boon #{n}", n=a[1] + 1)
    if k == "exile":
        if a[1] == "tile":
            return _("exile a fear tile")
        if a[1] == "hand":
            return tr("exile {card} from your hand", card=_card_name(a[2]))
        return tr("exile {card} from your play area", card=_card_name(a[2]))
    if k == "discard":
        return tr("discard {card}", card=_card_name(a[1]))
    if k == "release" and len(a) > 1:
        return tr("put into the play area: {card}", card=_card_name(a[1]))
    if k == "keep" and len(a) > 1:
        return tr("keep {card}", card=_card_name(a[1]))
    if k == "putback" and len(a) > 1:
        return tr("put back on the deck: {card}", card=_card_name(a[1]))
    if k == "take":
        if a[1] == "exiled":
            return tr("take {card} from the exile", card=_card_name(a[2]))
        return tr("take artifact #{n}", n=a[2] + 1) if a[1] == "artifact" else tr("take item #{n}", n=a[2] + 1)
    if k == "site":
        return site_name(a[1])
    if k == "move":
        return tr("move from {a} to {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "crown":
        return tr("move the guardian from {a} to {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "sites":
        return tr("{a} and {b}", a=site_name(a[1]), b=site_name(a[2]))
    if k == "choose":
        return tr("option {n}", n=a[1] + 1)
    if k == "upgrade":
        return _upgrade_text(a[1])
    if k == "stack":
        return tr("assistant stack {n}", n=a[1] + 1)
    if k == "asst":
        return tr("your assistant #{n}", n=a[1] + 1)
    if k == "swap":
        return tr("swap your assistant #{n} with stack {k}", n=a[1] + 1, k=a[2] + 1)
    if k == "rescue":
        return tr("rescue assistant #{n}", n=a[1])
    if k == "bonus":
        return tr("bonus tile: {effect}", effect=bonus_text(a[1]))
    if k == "n":
        return trn("draw {n} card", "draw {n} cards", a[1])
    if k in SIMPLE_ACTS:
        return _(SIMPLE_ACTS[k])
    return " ".join(map(str, a))


def move_text(a: tuple) -> str:
    """A recorded move in the interface language (the replay's move list): as its button says it."""
    return describe(a)


def _choice_text(view: dict, a: tuple) -> str:
    """For an 'or' decision, the branch text."""
    return describe(a)




def _names(view: dict, ui: dict) -> list[str]:
    return ui.get("names") or [tr("Player {n}", n=i + 1) for i in range(view["players"])]


def site_about(s: dict) -> str:
    """A site in words: its travel and effect, or (undiscovered) what discovering it costs and gives."""
    site, level = s["site"], s["level"]
    name = site_name(site)
    if level == 0:
        return tr("{site} (travel {icons}): {effect}", site=name,
                  icons=_(" or ").join(icons_text(t) for t in s["travel"]), effect=ops_text(D.CAMP_EFFECTS[site]))
    if s["discovered"]:
        return tr("{site} (travel {icons}): {effect}", site=name, icons=icons_text(s["travel"][0]),
                  effect=ops_text(D.SITE_TILES[level][s["tile"] - 1]))
    return tr("{site}: not discovered yet. Discover it for {n} compasses and travel {icons}; you take its idol "
              "({idol}) and reveal a site tile and a guardian.", site=name, n=3 if level == 1 else 6,
              icons=icons_text(s["travel"][0]), idol=idol_text(s.get("idol")) if s.get("idol") else "-")
