"""Lost Ruins of Arnak positions (py_engine.core.position): a player's turn as a rules writer sets it up,
1-4 players (one player: the solo game against the rival).

Components: the cards, named "item-<n>" and "artifact-<n>" (S1 numbering, one of each) and the starting
cards as supplies ("funding-car", "funding-ship", "explore-car", "explore-ship": one per player; "fear":
19); each seat's two archaeologists ("archaeologist-<seat>") and the rival's six ("archaeologist-rival");
the site tiles ("site1-<n>", "site2-<n>": levels I and II), the idols (identical by kind: "idol-coin" x3 ...),
the guardians ("guardian-<n>"), each seat's magnifying glass and notebook ("glass-<seat>",
"notebook-<seat>"; the rival's "glass-rival"), the temple tiles by stack ("temple-gold" ...: as many of
each as there are players, at least 2), the assistants ("assistant-<n>") and the rival's 15 action tiles
("rival-dig-coin", "rival-discover-green", ...).

Zones: each seat's hand (seen by its owner; left unset, 5 of its starting cards nobody placed are dealt),
deck (seen by nobody; left unset it takes the rest of its starting cards, shuffled) and play area; the item
and artifact rows (refilled from their decks, which take every item and artifact nobody placed); the camp
sites' spaces ("camp.<site>-<space>": space 1 costs a boot, space 2 two boots); each level I/II site
("site.<k>", k = 6..17 in board order: 6-9 the lower level I row, 10-13 the upper, 14-17 level II) with
its site tile once discovered, "idol.<k>" (the idol still on an undiscovered site), "guardian.<k>" and
"dig.<k>" (the archaeologist on it); each seat's overcome guardians ("guardians.<seat>.ready" or ".used":
the boon spent); the research track ("research.<space>", 0 the start) and the lost temple ("temple", in
arrival order); each seat's temple tiles ("tiles.<seat>"); the assistant supply ("assistants.<1-3>", the
top last), the snake side's assistants to rescue ("rescue") and each seat's assistants by side
("assistant.<seat>.silver", ".gold", ".silver-used", ".gold-used"). Solo only: the rival's face-down
stack ("rival-stack", the top last), its flipped tiles ("rival-used", in order), guardians, cards, temple
tiles and face-up idols ("rival-idols"). Fields: the round, the start player, whose turn it is (the main
action pending), each seat's resources, idols in its crates and idol slots used; solo: the rival's
face-down idols. The site, guardian and assistant tiles nobody placed are the shuffled piles (or, for
assistants, out of the game). The research bonus tiles ("bonus-coin" ... 3 of each kind) on the spaces that
take them ("bonus.<space>", at most as many as the space starts with); with none placed on the track they are
dealt from the seed (as links made before they were settable); the temple's bonus tiles are drawn from the rest.
A link saved before the board's zones and the idol fields existed still loads: the board is the one its seed
deals (`upgrade`), with no idols held.

Rules checked here, beyond the shared ones: each zone holds its kind of component; an item row holds at
most 6 - round items and the artifact row round artifacts; a seat holds at most one of each starting card
but Fear; a camp's second space is closed with 1-3 players (at the first 5 or 3 camps); a site tile lies on
a site of its level; an undiscovered site has its idol and no guardian nor archaeologist, a discovered one
no idol; no more idols than exist (16: on the sites, a face-down one under each undiscovered level II site,
in crates and slots, the rival's); each glass and notebook lies on the track, the notebook never in a row
above its glass (nor in the temple); temple tiles only with the glass in the temple (the rival's: silver
only); the snake side alone has assistants to rescue; the rival's tiles are the 5 dig tiles and one of
each pair, as many red as the difficulty, at least one flipped (it starts every round); a dealt hand needs
the seat's starting cards; the Fear cards placed and dealt are no more than the 19 that exist.
"""

from __future__ import annotations

from ...core.position import Declaration, Field, Position, PositionError, Zone
from ...core.rng import Rng
from . import data as D
from .rival import DIG_TILES, PAIRS, RIVAL, RIVAL_ARCHAEOLOGISTS

BASICS = {"funding-car": D.FUNDING_CAR, "funding-ship": D.FUNDING_SHIP, "explore-car": D.EXPLORE_CAR,
          "explore-ship": D.EXPLORE_SHIP, "fear": D.FEAR}
_ID_OF = {**BASICS, **{f"item-{n}": n for n in D.ITEM_IDS}, **{f"artifact-{n - 100}": n for n in D.ARTIFACT_IDS}}
_NAME_OF = {v: k for k, v in _ID_OF.items()}
_STARTING = [_NAME_OF[c] for c in D.STARTING_DECK]
CAMP_SPACES = tuple(f"{site + 1}-{space + 1}" for site in D.CAMPS for space in (0, 1))
SITES = tuple(range(5, D.NSITES))  # the level I and II sites (engine indices); their zone key is index + 1
SITE_KEYS = tuple(str(site + 1) for site in SITES)
SPACES = tuple(str(k) for k in range(D.TEMPLE))  # research spaces below the temple (0: the start)
BOONS = ("ready", "used")
SIDES = ("silver", "gold", "silver-used", "gold-used")  # an assistant's side, and whether it is exhausted
STACKS = ("1", "2", "3")
IDOL_KINDS = tuple(dict.fromkeys(D.IDOL_NAMES))
RIVAL_TILES = tuple(f"rival-{t}" for t in DIG_TILES) + tuple(f"rival-{p}-{c}" for p in PAIRS for c in ("green", "red"))
MAX_RES = 99
NIDOLS = len(D.IDOL_NAMES)
CARD_PREFIXES = ("item-", "artifact-", "funding-", "explore-", "fear")
# zone -> the components it holds (name prefixes)
HOLDS = {"hand": CARD_PREFIXES, "deck": CARD_PREFIXES, "play": CARD_PREFIXES, "items": ("item-",),
         "artifacts": ("artifact-",), "camp": ("archaeologist-",), "dig": ("archaeologist-",),
         "site": ("site1-", "site2-"), "idol": ("idol-",), "guardian": ("guardian-",), "guardians": ("guardian-",),
         "research": ("glass-", "notebook-"), "temple": ("glass-",), "tiles": ("temple-",),
         "assistants": ("assistant-",), "rescue": ("assistant-",), "assistant": ("assistant-",),
         "rival-stack": ("rival-",), "rival-used": ("rival-",), "rival-guardians": ("guardian-",),
         "rival-cards": ("item-", "artifact-"), "rival-temple": ("temple-",), "rival-idols": ("idol-",),
         "bonus": ("bonus-",)}
SOLO_ZONES = ("rival-stack", "rival-used", "rival-guardians", "rival-cards", "rival-temple", "rival-idols")
# the zones declared after the first positions (cards, rows and camps) were saved: `upgrade` deals them
BOARD_KINDS = ("site", "idol", "guardian", "dig", "guardians", "research", "temple", "tiles", "assistants", "rescue",
               "assistant") + SOLO_ZONES


def bonus_spaces(temple: str) -> tuple[str, ...]:
    """The research spaces that take bonus tiles on this temple's track (zone keys)."""
    return tuple(str(k) for k, (_row, _cost, _src, counts) in D.TRACKS[temple].items() if any(counts))


def bonus_count(temple: str, space: int, players: int) -> int:
    """The bonus tiles a research space starts with at this table."""
    return D.TRACKS[temple][space][3][min(max(players, 2), 4) - 2]


def card_name(card: int) -> str:
    """'item-7', 'artifact-3', 'fear', 'explore-car'."""
    return _NAME_OF[card]


def card_id(name: str) -> int:
    """The engine's card id of a card name ("item-7" -> 7); KeyError for a name that is no card."""
    return _ID_OF[name]


def closed(players: int) -> set[str]:
    """The camp spaces closed at this table (the opening closes them at random; a position, at the first)."""
    return {f"{site + 1}-2" for site in list(D.CAMPS)[:D.BLOCKED_CAMP_SPACES[players]]}


def _level(site: int) -> int:
    return 2 if site in D.LEVEL2 else 1


def _seat_of(piece: str) -> int:
    """The seat of 'archaeologist-1' / 'glass-0' (the rival: RIVAL)."""
    tail = piece.rsplit("-", 1)[1]
    return RIVAL if tail == "rival" else int(tail)


class ArnakDeclaration(Declaration):
    def keys(self, options: dict) -> dict[str, tuple[str, ...]]:
        return {"camp": CAMP_SPACES, "res": D.RES, "site": SITE_KEYS, "space": SPACES, "boon": BOONS,
                "side": SIDES, "stack": STACKS, "bonus": bonus_spaces(options["temple"])}

    def upgrade(self, zones: dict, players: int, options: dict, seed: int) -> None:
        """A position saved before the board was settable (hands, decks, play areas, rows and camps only) has the
        board the seed deals, as it had then: the sites with their idols, the research tokens at the start, the
        assistant stacks (and, solo, the rival) of a new game of this seed, in the zones it lacks."""
        if any(str(k).split(".")[0] in BOARD_KINDS for k in zones):
            return
        from . import GAME

        state = GAME.new(players=players, seed=Rng(seed).below(2 ** 31), options=options)  # as `build` deals it
        opening, _fields = self.of_state(state)
        zones.update({k: v for k, v in opening.items() if k.split(".")[0] in BOARD_KINDS and k not in zones})

    def zone_paths(self, players: int, options: dict):
        """The rival's zones in the solo game only; the assistants to rescue on the snake side only."""
        return {p: v for p, v in super().zone_paths(players, options).items()
                if (players == 1 or not p.startswith("rival-")) and (options["temple"] == "snake" or p != "rescue")}

    def field_names(self, players: int, options: dict):
        return [(n, f) for n, f in super().field_names(players, options) if players == 1 or not n.startswith("rival")]

    def spots(self, players: int, options: dict, seat: int) -> dict[str, str]:
        """Pointing at the board (web/render/arnak_board.py): each site ("site-<index>": a camp's spaces, a level
        I/II site's tile, idol, guardian and archaeologist, chosen by `spot_zone`), the card row's items and
        artifacts, the research spaces, the temple, the assistant stacks, the shown seat's hand, each player's
        box (its play area) with its deck, guardians, assistants and temple tiles (and the hand of a player not
        shown, drawn face down), and (solo) the rival's action tiles,
        guardians, cards, temple tiles and face-up idols."""
        out = {f"camp.{site + 1}-1": f"site-{site}" for site in D.CAMPS}
        out.update({f"site.{k}": f"site-{int(k) - 1}" for k in SITE_KEYS})
        out.update({"items": "row-items", "artifacts": "row-artifacts", "temple": f"research-{D.TEMPLE}"})
        out.update({f"research.{k}": f"research-{k}" for k in SPACES})
        out[f"hand.{seat}"] = "hand"
        out.update({f"play.{s}": f"play-{s}" for s in range(players)})  # each player's box
        out.update({f"assistants.{k}": f"assistant-stack-{int(k) - 1}" for k in STACKS})
        for s in range(players):
            out.update({f"guardians.{s}.ready": f"guardians-{s}", f"assistant.{s}.silver": f"assistants-{s}",
                        f"tiles.{s}": f"tiles-{s}", f"deck.{s}": f"deck-{s}"})
            if s != seat:
                out[f"hand.{s}"] = f"hand-{s}"  # a hand drawn face down: its chip in the player's box
        if players == 1:
            out.update({"rival-stack": "rival-tiles", **{z: z for z in SOLO_ZONES[2:]}})
        return out

    def spot_group(self, path: str) -> list[str]:
        """A site's archaeologist, guardian, idol and tile; a box's guardians or assistants; the rival's tiles."""
        kind, _sep, key = path.partition(".")
        seat = key.split(".")[0]
        return {"site": [f"{z}.{key}" for z in ("dig", "guardian", "idol", "site")],
                "guardians": [f"guardians.{seat}.{b}" for b in BOONS],
                "assistant": [f"assistant.{seat}.{side}" for side in SIDES],
                "rival-stack": ["rival-stack", "rival-used"]}.get(kind, [path])

    def spot_zone(self, path: str, comp: str | None, zones: dict, seat: int = 0, source: str | None = None) -> str:
        """A camp: an archaeologist goes to its first free space, the last one placed is lifted; a research space:
        a bonus tile goes to its bonus tiles, a token to the space (lifted first); a level I/II site: a component
        goes to the zone that holds its kind, the archaeologist (then the guardian, the idol, the tile) is lifted."""
        kind, _sep, key = path.partition(".")
        if kind == "camp":
            site = key.split("-")[0]
            both = [f"camp.{site}-1", f"camp.{site}-2"]
            if comp is None:
                return next((p for p in reversed(both) if zones.get(p)), path)
            return next((p for p in both if not zones.get(p)), path)
        if kind == "research" and f"bonus.{key}" in zones:  # its research bonus tiles: the tokens lifted first
            bonus = f"bonus.{key}"
            if comp is None:
                return path if zones.get(path) or not zones.get(bonus) else bonus
            return bonus if comp.startswith("bonus-") else path
        if kind == "site":
            group = self.spot_group(path)
            if comp is None:
                return next((p for p in group if zones.get(p)), path)
            return next((p for p in group if comp.startswith(HOLDS[p.split(".")[0]])), path)
        if kind in ("guardians", "assistant", "tiles"):
            return _own_zone(path, key.split(".")[0], comp, zones)
        if kind.startswith("rival-"):
            return _rival_zone(path, comp, zones)
        return path

    def components(self, players: int, options: dict) -> dict[str, int]:
        out = {name: players for name in BASICS if name != "fear"}
        out["fear"] = D.FEAR_CARDS
        out.update({f"item-{n}": 1 for n in D.ITEM_IDS})
        out.update({f"artifact-{n - 100}": 1 for n in D.ARTIFACT_IDS})
        out.update({f"archaeologist-{s}": 2 for s in range(players)})
        if players == 1:
            out["archaeologist-rival"] = RIVAL_ARCHAEOLOGISTS
        out.update({f"site1-{n}": 1 for n in range(1, len(D.SITE_TILES[1]) + 1)})
        out.update({f"site2-{n}": 1 for n in range(1, len(D.SITE_TILES[2]) + 1)})
        out.update({f"idol-{k}": D.IDOL_NAMES.count(k) for k in IDOL_KINDS})
        out.update({f"guardian-{n}": 1 for n in range(1, len(D.GUARDIANS) + 1)})
        for s in range(players):
            out[f"glass-{s}"] = out[f"notebook-{s}"] = 1
        if players == 1:
            out["glass-rival"] = 1
        out.update({f"temple-{name}": max(players, 2) for name in D.TEMPLE_STACK_NAMES})
        out.update({f"assistant-{n}": 1 for n in range(1, len(D.ASSISTANTS) + 1)})
        if players == 1:
            out.update({t: 1 for t in RIVAL_TILES})
        out.update({f"bonus-{t}": 3 for t in D.BONUS_TILES})
        return out

    def accepts(self, path: str, comp: str, players: int, options: dict) -> bool:
        """Each zone holds its kind of component (`HOLDS`: cards in hands, decks and play areas, items in the item
        row, archaeologists on camps and sites...); a camp space closed at this table holds nothing; a site tile
        lies on a site of its level; the rival takes silver temple tiles only."""
        kind, _sep, key = path.partition(".")
        if not comp.startswith(HOLDS.get(kind, ())):
            return False
        if kind == "camp":
            return key not in closed(players)
        if kind == "site":
            return comp.startswith(f"site{_level(int(key) - 1)}-")
        if kind == "rival-temple":
            return comp.startswith("temple-silver")
        return True

    # --- the game's own rules --------------------------------------------------------------------
    def check(self, pos: Position) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        self._check_kinds(pos)
        rows = (("items", D.ROW - f["round"]), ("artifacts", f["round"]))
        for path, most in rows:
            if len(z[path]) > most:
                raise PositionError(f"holds {len(z[path])}; in round {f['round']} it holds {most}", path)
        for k in CAMP_SPACES:
            if z[f"camp.{k}"] and k in closed(n):
                raise PositionError(f"this space is closed with {n} players", f"camp.{k}")
        self._check_sites(pos)
        self._check_research(pos)
        for k in bonus_spaces(pos.options["temple"]):
            most = bonus_count(pos.options["temple"], int(k), n)
            if len(z[f"bonus.{k}"]) > most:
                raise PositionError(f"holds {len(z[f'bonus.{k}'])}; this space starts with {most} bonus "
                                    f"tile{'s' if most != 1 else ''} at {max(n, 2)} players", f"bonus.{k}")
        self._check_idols(pos)
        if n == 1:
            self._check_rival(pos)
        for s in range(n):
            mine = [c for zone in ("hand", "deck", "play") for c in z[f"{zone}.{s}"] or ()]
            for name in BASICS:
                if name != "fear" and mine.count(name) > 1:
                    raise PositionError(f"holds {mine.count(name)} of {name}: each player starts with one",
                                        f"hand.{s}")
            left = self._starting_left(pos, s)
            need = D.HAND if z[f"hand.{s}"] is None else 0
            if len(left) < need:
                raise PositionError(f"{need} starting cards are needed to deal this hand but only {len(left)} "
                                    "are left", f"hand.{s}")
        fear = sum((items or []).count("fear") for items in z.values())
        fear += sum(self._starting_left(pos, s).count("fear") for s in range(n)
                    if z[f"hand.{s}"] is None or z[f"deck.{s}"] is None)
        if fear > D.FEAR_CARDS:
            raise PositionError(f"{fear} Fear cards are placed or dealt to the unset hands and decks but only "
                                f"{D.FEAR_CARDS} exist", "fear")

    @staticmethod
    def _check_kinds(pos: Position) -> None:
        """Every zone holds its kind of component (the rows, camps and archaeologists in the words of old)."""
        for path, items in pos.zones.items():
            kind = path.split(".")[0]
            for c in items or ():
                if c.startswith(HOLDS[kind]):
                    continue
                if kind in ("items", "artifacts"):
                    raise PositionError(f"{c} cannot lie in this row", path)
                if kind == "camp":
                    raise PositionError(f"{c} cannot lie on a camp: only an archaeologist", path)
                if kind == "temple" and c.startswith("notebook-"):
                    raise PositionError(f"{c}: the notebook never moves into the lost temple", path)
                if c.startswith("archaeologist-"):
                    raise PositionError("an archaeologist stands at home, on a camp space or at a site", path)
                raise PositionError(f"{c} cannot lie here", path)

    @staticmethod
    def _check_sites(pos: Position) -> None:
        z = pos.zones
        for site, key in zip(SITES, SITE_KEYS):
            tile = z[f"site.{key}"]
            if tile and not tile[0].startswith(f"site{_level(site)}-"):
                raise PositionError(f"{tile[0]} is a level {3 - _level(site)} site tile: this is a level "
                                    f"{_level(site)} site", f"site.{key}")
            if tile and z[f"idol.{key}"]:
                raise PositionError("the idol of a discovered site has been taken", f"idol.{key}")
            if not tile:
                if not z[f"idol.{key}"]:
                    raise PositionError("an undiscovered site still has its idol on it", f"idol.{key}")
                if z[f"guardian.{key}"]:
                    raise PositionError("a guardian appears only when its site is discovered", f"guardian.{key}")
                if z[f"dig.{key}"]:
                    raise PositionError("an archaeologist digs only at a discovered site", f"dig.{key}")

    @staticmethod
    def _check_research(pos: Position) -> None:
        z, n = pos.zones, pos.players
        track = D.TRACKS[pos.options["temple"]]
        where = {c: path for path, items in z.items() if path.startswith(("research.", "temple")) for c in items}
        for who in [str(s) for s in range(n)] + (["rival"] if n == 1 else []):
            tokens = ("glass",) if who == "rival" else ("glass", "notebook")
            for token in tokens:
                if f"{token}-{who}" not in where:
                    raise PositionError(f"{token}-{who} is not on the research track: put it on a space "
                                        "(research.0 is the start)", "research.0")
            if who == "rival":
                continue
            glass, note = where[f"glass-{who}"], where[f"notebook-{who}"]
            grow = D.TRACKS[pos.options["temple"]][D.TEMPLE][0] if glass == "temple" else \
                (track[int(glass[9:])][0] if glass != "research.0" else 0)
            nrow = track[int(note[9:])][0] if note != "research.0" else 0
            if nrow > grow:
                raise PositionError(f"notebook-{who} is in row {nrow}, above its magnifying glass (row {grow}): "
                                    "the notebook never moves above the glass", note)
            if z[f"tiles.{who}"] and glass != "temple":
                raise PositionError("temple tiles are taken only with the magnifying glass in the lost temple",
                                    f"tiles.{who}")
        if n == 1:
            if z["rival-temple"] and where["glass-rival"] != "temple":
                raise PositionError("temple tiles are taken only with the magnifying glass in the lost temple",
                                    "rival-temple")
            for t in z["rival-temple"]:
                if not t.startswith("temple-silver"):
                    raise PositionError(f"{t}: the rival takes silver temple tiles only", "rival-temple")

    @staticmethod
    def _check_idols(pos: Position) -> None:
        z, f, n = pos.zones, pos.fields, pos.players
        on_sites = sum(len(z[f"idol.{k}"]) for k in SITE_KEYS)
        face_down = sum(1 for site, k in zip(SITES, SITE_KEYS) if site in D.LEVEL2 and not z[f"site.{k}"])
        held = sum(f[f"idols.{s}"] + f[f"slots.{s}"] for s in range(n))
        if n == 1:
            held += len(z["rival-idols"]) + f["rival_idols_down"]
            kinds = z["rival-idols"]
            if len(set(kinds)) < len(kinds):
                raise PositionError("the rival keeps one idol of each kind face up (the others face down)",
                                    "rival-idols")
        total = on_sites + face_down + held
        if total > NIDOLS:
            raise PositionError(f"{total} idols are on the sites (with a face-down one under each undiscovered "
                                f"level II site) and with the players, but only {NIDOLS} exist", "idols")

    @staticmethod
    def _check_rival(pos: Position) -> None:
        z, d = pos.zones, pos.options["rival"]
        tiles = z["rival-stack"] + z["rival-used"]
        want = {f"rival-{t}" for t in DIG_TILES}
        if not want <= set(tiles) or any(sum(f"rival-{p}-{c}" in tiles for c in ("green", "red")) != 1
                                         for p in PAIRS):
            raise PositionError("the rival's 10 tiles are the 5 dig tiles and one tile (green or red) of each "
                                "pair, face down in its stack or flipped", "rival-stack")
        reds = sum(t.endswith("-red") for t in tiles)
        if reds != d:
            raise PositionError(f"{reds} red tiles: the rival's difficulty {d} gives {d}", "rival-stack")
        if not z["rival-used"]:
            raise PositionError("the rival starts every round: at least one of its tiles is flipped", "rival-used")

    @staticmethod
    def _starting_left(pos: Position, seat: int) -> list[str]:
        left = list(_STARTING)
        for zone in ("hand", "deck", "play"):
            for c in pos.zones[f"{zone}.{seat}"] or ():
                if c in left:
                    left.remove(c)
        return left

    # --- the engine's state ----------------------------------------------------------------------
    def build(self, pos: Position, rng: Rng):
        from . import GAME

        z, f, n = pos.zones, pos.fields, pos.players
        state = GAME.new(players=n, seed=rng.below(2 ** 31), options=pos.options)
        placed = pos.placed()
        board = self._board(pos, state)
        for s, p in enumerate(state.p):
            left = self._starting_left(pos, s)
            rng.shuffle(left)
            hand = z[f"hand.{s}"]
            if hand is None:
                hand, left = left[:D.HAND], left[D.HAND:]
            deck = z[f"deck.{s}"] if z[f"deck.{s}"] is not None else left
            p.hand = sorted(_ID_OF[c] for c in hand)
            p.deck = [_ID_OF[c] for c in deck]
            p.play = [_ID_OF[c] for c in z[f"play.{s}"]]
            p.res = [f[f"res.{s}.{r}"] for r in D.RES]
            p.home = 2 - board.get(s, 0)
            p.idols, p.slots = f[f"idols.{s}"], f[f"slots.{s}"]
            p.guardians = [[int(g.split("-")[1]) - 1, b] for b, key in enumerate(BOONS)
                           for g in z[f"guardians.{s}.{key}"]]
            p.assistants = [[int(a.split("-")[1]), int(side.startswith("gold")), int(side.endswith("used"))]
                            for side in SIDES for a in z[f"assistant.{s}.{side}"]]
            p.tiles = [D.TEMPLE_STACK_NAMES.index(t[7:]) for t in z[f"tiles.{s}"]]
        self._bonus(pos, state, rng)
        self._research(pos, state)
        state.items = [_ID_OF[c] for c in z["items"]]
        state.arts = [_ID_OF[c] for c in z["artifacts"]]
        state.item_deck = [c for c in D.ITEM_IDS if _NAME_OF[c] not in placed]
        state.art_deck = [c for c in D.ARTIFACT_IDS if _NAME_OF[c] not in placed]
        state.pile1 = [k for k in range(1, len(D.SITE_TILES[1]) + 1) if f"site1-{k}" not in placed]
        state.pile2 = [k for k in range(1, len(D.SITE_TILES[2]) + 1) if f"site2-{k}" not in placed]
        state.gpile = [g for g in range(len(D.GUARDIANS)) if f"guardian-{g + 1}" not in placed]
        for pile in (state.item_deck, state.art_deck, state.pile1, state.pile2, state.gpile):
            rng.shuffle(pile)
        if state.ev is not None:
            state.mix_piles()
        state.stacks = [[int(a.split("-")[1]) for a in z[f"assistants.{k}"]] for k in STACKS]
        state.rescue = [int(a.split("-")[1]) for a in z.get("rescue", [])]
        taken = [t for path, items in z.items() if path.startswith(("tiles.", "rival-temple")) for t in items]
        state.temple_left = [max(n, 2) - taken.count(f"temple-{name}") for name in D.TEMPLE_STACK_NAMES]
        state.fear_left = D.FEAR_CARDS - sum((p.hand + p.deck + p.play).count(D.FEAR) for p in state.p)
        state.round, state.start, state.turn = f["round"], f["start"], f["turn"]
        state.passed = [False] * n
        state.log = [(None, "round", {"round": f["round"], "start": f["start"]})]
        if n == 1:
            self._rival(pos, state, board.get(RIVAL, 0))
        state.refill()
        return state

    @staticmethod
    def _board(pos: Position, state) -> dict[int, int]:
        """Sites, idols, guardians and archaeologists on the board; -> archaeologists out, by seat."""
        z, n = pos.zones, pos.players
        state.occ = [[-1, -2 if f"{site + 1}-2" in closed(n) else -1] if site in D.CAMPS else [-1]
                     for site in range(D.NSITES)]
        out: dict[int, int] = {}
        for path in [f"camp.{k}" for k in CAMP_SPACES] + [f"dig.{k}" for k in SITE_KEYS]:
            for piece in z[path]:
                who = _seat_of(piece)
                out[who] = out.get(who, 0) + 1
                key = path.split(".")[1]
                site, space = (int(key.split("-")[0]) - 1, int(key.split("-")[1]) - 1) if "-" in key else \
                    (int(key) - 1, 0)
                state.occ[site][space] = who
        free_idols: dict[str, list[int]] = {}
        for i, kind in enumerate(D.IDOL_NAMES):
            free_idols.setdefault(kind, []).append(i)
        state.tile, state.idol, state.fd, state.guard = ([0] * D.NSITES, [-1] * D.NSITES, [0] * D.NSITES,
                                                         [-1] * D.NSITES)
        for site, key in zip(SITES, SITE_KEYS):
            if z[f"site.{key}"]:
                state.tile[site] = int(z[f"site.{key}"][0].split("-")[1])
            else:
                state.idol[site] = free_idols[z[f"idol.{key}"][0][5:]].pop(0)
                state.fd[site] = int(site in D.LEVEL2)
            if z[f"guardian.{key}"]:
                state.guard[site] = int(z[f"guardian.{key}"][0].split("-")[1]) - 1
        return out

    @staticmethod
    def _bonus(pos: Position, state, rng: Rng) -> None:
        """The research bonus tiles as placed; with none placed on the track, as the seed dealt them. The temple's
        bonus tiles are drawn from the tiles left, the rest go back to the box."""
        spaces = bonus_spaces(pos.options["temple"])
        placed = {int(k): [t[6:] for t in pos.zones[f"bonus.{k}"]] for k in spaces}
        if not any(placed.values()):
            return
        pool = [t for t in D.BONUS_TILES for _ in range(3)]
        state.bonus = [[] for _ in range(D.TEMPLE + 1)]
        for space, tiles in placed.items():
            state.bonus[space] = list(tiles)
            for t in tiles:
                pool.remove(t)
        rng.shuffle(pool)
        keep = max(pos.players, 2)
        state.temple_bonus, state.box = pool[:keep], sorted(pool[keep:])

    @staticmethod
    def _research(pos: Position, state) -> None:
        z, n = pos.zones, pos.players
        where: dict[str, int] = {}
        for k in SPACES:
            for c in z[f"research.{k}"]:
                where[c] = int(k)
        for c in z["temple"]:
            where[c] = D.TEMPLE
        arrival = {c: i for i, c in enumerate(z["temple"])}
        for s, p in enumerate(state.p):
            p.glass, p.notebook = where[f"glass-{s}"], where[f"notebook-{s}"]
            p.arrival = arrival.get(f"glass-{s}", -1)
        state.arrivals = len(z["temple"])
        keep = max(n, 2) - state.arrivals
        state.box = sorted(state.box + state.temple_bonus[keep:])
        state.temple_bonus = state.temple_bonus[:keep]

    @staticmethod
    def _rival(pos: Position, state, out: int) -> None:
        z, f = pos.zones, pos.fields
        where = {c: k for k in SPACES for c in z[f"research.{k}"]}
        state.rival = {
            "tiles": [t[6:] for t in z["rival-stack"] + z["rival-used"]],
            "stack": [t[6:] for t in z["rival-stack"]], "used": [t[6:] for t in z["rival-used"]],
            "home": RIVAL_ARCHAEOLOGISTS - out,
            "glass": D.TEMPLE if "glass-rival" in z["temple"] else int(where["glass-rival"]),
            "arrival": z["temple"].index("glass-rival") if "glass-rival" in z["temple"] else -1,
            "temple": [D.TEMPLE_STACK_NAMES.index(t[7:]) for t in z["rival-temple"]],
            "guardians": [int(g.split("-")[1]) - 1 for g in z["rival-guardians"]],
            "cards": [_ID_OF[c] for c in z["rival-cards"]], "idols_up": [i[5:] for i in z["rival-idols"]],
            "idols_down": f["rival_idols_down"], "last": None}
        state.turn = state.start = 0

    # --- a new game as a position ----------------------------------------------------------------
    def of_state(self, state, shown: bool = False) -> tuple[dict, dict]:
        if not shown:
            _settable(state)
        n = state.players
        zones: dict = {}
        for s, p in enumerate(state.p):
            zones[f"hand.{s}"] = [card_name(c) for c in p.hand]
            zones[f"deck.{s}"] = [card_name(c) for c in p.deck]
            zones[f"play.{s}"] = [card_name(c) for c in p.play]
        zones["items"] = [card_name(c) for c in state.items]
        zones["artifacts"] = [card_name(c) for c in state.arts]
        for k in CAMP_SPACES:
            site, space = (int(x) - 1 for x in k.split("-"))
            who = state.occ[site][space]
            zones[f"camp.{k}"] = [] if who < 0 else [f"archaeologist-{'rival' if who == RIVAL else who}"]
        for site, key in zip(SITES, SITE_KEYS):
            level = _level(site)
            zones[f"site.{key}"] = [f"site{level}-{state.tile[site]}"] if state.tile[site] else []
            zones[f"idol.{key}"] = [f"idol-{D.IDOL_NAMES[state.idol[site]]}"] if state.idol[site] >= 0 else []
            zones[f"guardian.{key}"] = [f"guardian-{state.guard[site] + 1}"] if state.guard[site] >= 0 else []
            who = state.occ[site][0]
            zones[f"dig.{key}"] = [] if who < 0 else [f"archaeologist-{'rival' if who == RIVAL else who}"]
        for k in SPACES:
            zones[f"research.{k}"] = []
        zones["temple"] = []
        for k in bonus_spaces(state.temple):
            zones[f"bonus.{k}"] = [f"bonus-{t}" for t in state.bonus[int(k)]]
        tokens = [(f"glass-{s}", p.glass, p.arrival) for s, p in enumerate(state.p)]
        tokens += [(f"notebook-{s}", p.notebook, -1) for s, p in enumerate(state.p)]
        if state.rival is not None:
            tokens.append(("glass-rival", state.rival["glass"], state.rival["arrival"]))
        for name, space, _arrival in sorted(tokens, key=lambda t: t[2]):
            zones["temple" if space == D.TEMPLE else f"research.{space}"].append(name)
        for s, p in enumerate(state.p):
            for b, key in enumerate(BOONS):
                zones[f"guardians.{s}.{key}"] = [f"guardian-{g + 1}" for g, used in p.guardians if used == b]
            for side in SIDES:
                zones[f"assistant.{s}.{side}"] = [f"assistant-{a}" for a, gold, used in p.assistants
                                                  if (side.startswith("gold"), side.endswith("used")) == (
                                                      bool(gold), bool(used))]
            zones[f"tiles.{s}"] = [f"temple-{D.TEMPLE_STACK_NAMES[t]}" for t in p.tiles]
        for k, stack in zip(STACKS, state.stacks):
            zones[f"assistants.{k}"] = [f"assistant-{a}" for a in stack]
        if state.temple == "snake":
            zones["rescue"] = [f"assistant-{a}" for a in state.rescue]
        fields: dict = {"round": state.round, "start": state.start, "turn": state.turn}
        fields.update({f"res.{s}.{r}": state.p[s].res[i] for s in range(n) for i, r in enumerate(D.RES)})
        fields.update({f"idols.{s}": state.p[s].idols for s in range(n)})
        fields.update({f"slots.{s}": state.p[s].slots for s in range(n)})
        r = state.rival
        if r is not None:
            zones["rival-stack"] = [f"rival-{t}" for t in r["stack"]]
            zones["rival-used"] = [f"rival-{t}" for t in r["used"]]
            zones["rival-guardians"] = [f"guardian-{g + 1}" for g in r["guardians"]]
            zones["rival-cards"] = [card_name(c) for c in r["cards"]]
            zones["rival-temple"] = [f"temple-{D.TEMPLE_STACK_NAMES[t]}" for t in r["temple"]]
            zones["rival-idols"] = [f"idol-{k}" for k in r["idols_up"]]
            fields["rival_idols_down"] = r["idols_down"]
        return zones, fields


def _turned(comp: str, zones: list[str], all_zones: dict) -> str:
    """The zone after the one of `zones` that `comp` lies in (pointed at again: turned over), else the first."""
    here = next((i for i, z in enumerate(zones) if comp in (all_zones.get(z) or ())), -1)
    return zones[(here + 1) % len(zones)]


def _own_zone(path: str, seat: str, comp: str | None, zones: dict) -> str:
    """A player's box: a guardian goes to their guardians (its boon unused; pointed at again, used, and back), an
    assistant to their assistants (silver side; pointed at again: gold, silver exhausted, gold exhausted, and
    back), a temple tile to their tiles; lifted, the spot's last one (exhausted and used ones first)."""
    guardians = [f"guardians.{seat}.{b}" for b in BOONS]
    assistants = [f"assistant.{seat}.{side}" for side in SIDES]
    if comp is None:
        group = guardians if path in guardians else assistants if path in assistants else [path]
        return next((p for p in reversed(group) if zones.get(p)), path)
    if comp.startswith("guardian-"):
        return _turned(comp, guardians, zones)
    if comp.startswith("assistant-"):
        return _turned(comp, assistants, zones)
    return f"tiles.{seat}" if comp.startswith("temple-") else path


def _rival_zone(path: str, comp: str | None, zones: dict) -> str:
    """The rival's row: its action tiles face down (pointed at again: flipped, and back), its guardians, cards,
    temple tiles and face-up idols, each by its kind; lifted, the spot's last one (flipped tiles first)."""
    tiles = ["rival-stack", "rival-used"]
    if comp is None:
        group = tiles if path in tiles else [path]
        return next((p for p in reversed(group) if zones.get(p)), path)
    if comp.startswith("rival-"):
        return _turned(comp, tiles, zones)
    return next((z for z in SOLO_ZONES[2:] if comp.startswith(HOLDS[z])), path)


def _settable(state) -> None:
    """A replay step is a position when a seat's main action is pending and nothing a position cannot hold has
    happened yet: nobody has passed this round, no fear tile taken, no effect of a card or site still running
    (a card's effect, a kept card, the top of the deck looked at). Cards out of the game (exiled, or past the
    moon staff) are left out: a position's unplaced items and artifacts are the shuffled decks."""
    from .effects import AFTER, MAIN, OVER

    if state.phase != MAIN:
        raise PositionError({OVER: "the game is over: there is no position to set up",
                             AFTER: "this turn's main action is taken: set up a position at a turn's start"}.get(
                                 state.phase, "the round is ending (cards to keep): set up a position at a turn's "
                                 "start"), "state")
    if state.ctx is not None or state.queue or state.passing or state.peek or state.looking != -1:
        raise PositionError("set up a position before or after an action, not while its effects are pending",
                            "state")
    if any(state.passed):
        raise PositionError("a player has passed this round: a position cannot hold that yet", "state")
    shut = {f"{site + 1}-2" for site in D.CAMPS if state.occ[site][1] == -2}
    if shut != closed(state.players) and state.nmoves:  # a new game's position closes the first (the editor's start)
        raise PositionError(f"this game closed other camp spaces than a position does (the first "
                            f"{D.BLOCKED_CAMP_SPACES[state.players]}): a position cannot hold that yet", "state")
    if any(state.guard[site] >= 0 for site in D.CAMPS):
        raise PositionError("a guardian was moved to a camp: a position cannot hold that yet", "state")
    if any(D.FEAR in p.exiled for p in state.p):
        raise PositionError("a Fear card has been exiled: a position cannot hold that yet", "state")
    if any(p.fear_tiles or p.temp for p in state.p):
        raise PositionError("a fear tile was taken or a card set aside: a position cannot hold that yet", "state")
    if any(p.no_fear or p.planes for p in state.p):
        raise PositionError("an effect lasts until the end of the turn: set up a position at a turn's start",
                            "state")


DECLARATION = ArnakDeclaration(
    game_id="arnak",
    zones=(
        Zone("hand", per_seat=True, seen_by="owner"),
        Zone("deck", per_seat=True, seen_by="none", ordered=True),
        Zone("play", per_seat=True),
        Zone("items", high=D.ROW),
        Zone("artifacts", high=D.ROW),
        Zone("camp", per="camp", high=1),
        Zone("site", per="site", high=1),
        Zone("idol", per="site", high=1),
        Zone("guardian", per="site", high=1),
        Zone("dig", per="site", high=1),
        Zone("guardians", per_seat=True, per="boon"),
        Zone("research", per="space"),
        Zone("temple", high=4, ordered=True),
        Zone("bonus", per="bonus", high=3),
        Zone("tiles", per_seat=True),
        Zone("assistants", per="stack", high=4, ordered=True),
        Zone("rescue", high=4, ordered=True),
        Zone("assistant", per_seat=True, per="side"),
        Zone("rival-stack", high=10, ordered=True),
        Zone("rival-used", high=10, ordered=True),
        Zone("rival-guardians"),
        Zone("rival-cards"),
        Zone("rival-temple"),
        Zone("rival-idols", high=len(IDOL_KINDS)),
    ),
    fields=(
        Field("round", low=1, high=D.ROUNDS),
        Field("start", kind="seat"),
        Field("turn", kind="seat"),
        Field("res", per_seat=True, each="res", low=0, high=MAX_RES),
        Field("idols", per_seat=True, low=0, high=NIDOLS, default=0),
        Field("slots", per_seat=True, low=0, high=4, default=0),
        Field("rival_idols_down", low=0, high=NIDOLS, default=0),
    ),
    complete=False,
    min_players=2,  # the editor starts with two players; one player (the solo rival) is chosen
)
