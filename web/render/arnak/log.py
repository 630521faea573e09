"""Arnak's log: engine entries ({"seat", "key", "params"}) as sentences in the interface language."""

from __future__ import annotations

import json

from i18n import _, tr, trn

from py_engine.games.arnak import data as D

from .. import words
from ..markup import Safe, join, text
from . import flow as F
from .icons import inline
from .round_end import move_icons
from .texts import (
    TOKEN_NAMES,
    _card_name,
    _res_text,
    bonus_text,
    boon_text,
    icons_text,
    idol_text,
    ops_text,
    rival_text,
    rival_tile_name,
    site_name,
    slot_text,
    word,
)


# Horse", worded for You by words.sentence in English, "<name>: <words>" in the other languages) or, for
# entries without a seat, a whole line.
def _log_words(k: str, p: dict, names: list[str], mark: Marks | None = None) -> str:
    mark = mark or Marks()
    if k == "play":
        return tr("plays {card}", card=_card_name(p.get("card")))
    if k == "buy":
        return tr("buys {card}", card=_card_name(p.get("card")))
    if k == "take":
        return tr("takes {card}", card=_card_name(p.get("card")))
    if k == "dig":
        return tr("digs at {site}", site=site_name(p.get("site")))
    if k == "discover":
        return tr("discovers {site}", site=site_name(p.get("site")))
    if k == "site_tile":
        site, tile = p.get("site"), p.get("tile")
        level = 1 if isinstance(site, int) and site < 13 else 2
        ops = D.SITE_TILES[level][tile - 1] if isinstance(tile, int) and 1 <= tile <= len(D.SITE_TILES[level]) \
            else ()
        return tr("reveals site tile {tile} at {site}: {effect}", tile=tile, site=site_name(site),
                  effect=mark(ops_text(ops), F.ops_tokens(ops)))
    if k == "overcome":
        return tr("overcomes the guardian at {site}", site=site_name(p.get("site")))
    if k == "gain":
        res = p.get("res")
        res = res if isinstance(res, list) and len(res) == 5 and all(isinstance(v, int) for v in res) else [0] * 5
        return tr("gains {res}", res=mark(_res_text(res), F.res_tokens(res)))
    if k == "draw":
        return trn("draws {n} card", "draws {n} cards", p.get("n", 0))
    if k == "draw_aside":
        return trn("draws {n} card aside", "draws {n} cards aside", p.get("n", 0))
    if k == "research":
        return tr("moves the {token} to row {row}", token=word(TOKEN_NAMES, p.get("token")), row=p.get("row"))
    if k == "travel_pay":
        icons = [i for i in p.get("icons") or [] if i in D.ICONS] if isinstance(p.get("icons"), list) else []
        return tr("pays travel ({icons})", icons=mark(icons_text(p.get("icons") or []), [("i", i) for i in icons]))
    if k == "exile":
        if p.get("from") == "tile":
            return _("exiles a fear tile")
        return tr("exiles {card}", card=_card_name(p.get("card")))
    if k == "exile_row":
        return tr("exiles {card} from the card row", card=_card_name(p.get("card")))
    if k == "discard":
        return tr("discards {card} to the play area", card=_card_name(p.get("card")))
    if k == "fear":
        return _("takes a Fear card")
    if k == "fear_guardian":
        return tr("takes Fear from the guardian at {site}", site=site_name(p.get("site")))
    if k == "temple_tile":
        return tr("takes a {vp}-point temple tile", vp=p.get("vp"))
    if k == "temple_arrival":
        return tr("reaches the lost temple (arrival {order}, {vp} VP)", order=p.get("order"), vp=p.get("vp"))
    if k == "release":
        return tr("puts {card} into the play area", card=_card_name(p.get("card")))
    if k == "pass":
        return _("passes")
    if k == "idol":
        return tr("takes an idol ({effect})", effect=idol_text(p.get("idol")))
    if k == "idol_slot":
        return tr("places an idol in slot {slot}: {effect}", slot=p.get("slot"), effect=slot_text(p.get("effect")))
    if k == "boon":
        return tr("uses a guardian boon: {effect}", effect=boon_text(p.get("boon")))
    if k == "assistant":
        return tr("uses assistant #{n}", n=p.get("assistant"))
    if k == "bonus_tile":
        return tr("takes a bonus tile: {effect}", effect=bonus_text(p.get("tile")))
    if k == "temple_bonus":
        return tr("takes a temple bonus tile: {effect}", effect=bonus_text(p.get("tile")))
    if k == "guiding":
        return tr("resolves the top level {level} site tile", level="I" if p.get("level") == 1 else "II")
    if k == "upgrade":
        if p.get("from") == "tablet":
            return _("upgrades a tablet to an arrowhead")
        return _("upgrades an arrowhead to a jewel") if p.get("from") == "arrowhead" else _("upgrades a resource")
    if k == "activate":
        return tr("activates {site}", site=site_name(p.get("site")))
    if k == "recruit":
        return tr("recruits assistant #{n}", n=p.get("assistant"))
    if k == "rescue":
        return tr("rescues assistant #{n}", n=p.get("assistant"))
    if k == "upgrade_assistant":
        return tr("upgrades assistant #{n}", n=p.get("assistant"))
    if k == "refresh_assistant":
        return tr("refreshes assistant #{n}", n=p.get("assistant"))
    if k == "borrow":
        return tr("uses the effect of supply assistant #{n}", n=p.get("assistant"))
    if k == "swap_assistant":
        return tr("swaps assistant #{old} for #{new}", old=p.get("old"), new=p.get("new"))
    if k == "relocate":
        return tr("moves an archaeologist from {a} to {b}", a=site_name(p.get("from")), b=site_name(p.get("to")))
    if k == "return":
        return tr("returns an archaeologist from {site}", site=site_name(p.get("site")))
    if k == "shell":
        return tr("sends an archaeologist to {site} (resolved twice)", site=site_name(p.get("site")))
    if k == "crown":
        return tr("moves the guardian from {a} to {b}", a=site_name(p.get("from")), b=site_name(p.get("to")))
    return k.replace("_", " ") + (" " + json.dumps(p) if p else "")


class Marks:
    """Icon markup for parts of a sentence: in a plain sentence (the default) a part is its words; for the log
    panel (`rich`) a part is a private-use placeholder that `fill` replaces, after escaping the sentence, with
    the part's flow tokens drawn as icons (flow.tokens_html)."""

    def __init__(self, rich: bool = False) -> None:
        self.rich = rich
        self.parts: dict[str, Safe] = {}

    def __call__(self, words: str, tokens: list) -> str:
        if not self.rich or not tokens:
            return words
        key = f"\ue000{len(self.parts)}\ue001"
        self.parts[key] = F.tokens_html(tokens)
        return key

    def fill(self, sentence: str) -> Safe:
        out = str(text(sentence))
        for key, markup in self.parts.items():
            out = out.replace(key, markup)
        return Safe(out)


def _public_line(k: str, p: dict, names: list[str]) -> str | None:
    """A log line about no seat in particular (a round, a guardian, the rival), or None."""
    if k == "round":
        s = p.get("start")
        name = names[s] if isinstance(s, int) and 0 <= s < len(names) else "?"
        if words.is_you(name) or name == _("You"):
            return tr("Round {n} begins; you start.", n=p.get("round"))
        return tr("Round {n} begins; {name} starts.", n=p.get("round"), name=name)
    if k == "round_end":
        return tr("Round {n} ends.", n=p.get("round"))
    if k == "over":
        return _("The game is over.")
    if k == "guardian":
        g = p.get("guardian")
        return tr("A guardian (#{n}) wakes at {site}.", n=g + 1 if isinstance(g, int) else "?",
                  site=site_name(p.get("site")))
    if k == "reveal_top":
        return tr("The top card of the deck is revealed: {card}.", card=_card_name(p.get("card")))
    if k == "rival":
        return tr("Rival flips {tile}: {what}", tile=rival_tile_name(p.get("tile")), what=rival_text(p))
    return None


# the icon at the start of a log line, by entry kind (decorative: the words say it)
LINE_ICONS = {"draw": "card", "draw_aside": "card", "fear": "fear", "fear_guardian": "fear", "exile": "exile",
              "exile_row": "exile", "overcome": "guardian", "guardian": "guardian", "boon": "guardian",
              "idol": "idol", "idol_slot": "idol", "temple_tile": "temple", "temple_arrival": "temple",
              "temple_bonus": "temple", "bonus_tile": "vp", "dig": "archaeologist", "discover": "idol",
              "assistant": "assistant", "recruit": "assistant", "rescue": "assistant",
              "upgrade_assistant": "assistant", "refresh_assistant": "assistant", "upgrade": "up",
              "travel_pay": "boot", "buy": "card", "take": "card", "play": "card"}


def log_html(entry: dict, names: list[str]) -> Safe:
    """One log line for the log panel: the sentence of `log_text` with the board's icons for its costs,
    rewards and resources, and an icon for its kind (the rival's: its move's icons). Escaped throughout;
    every icon that carries meaning is named (aria-label, <title>)."""
    k = entry.get("key")
    p = entry.get("params") if isinstance(entry.get("params"), dict) else {}
    mark = Marks(rich=True)
    if k == "research":
        lead = [p.get("token")] if p.get("token") in ("glass", "notebook") else []
    elif k == "rival":
        lead = move_icons(p)
    else:
        lead = [LINE_ICONS[k]] if isinstance(k, str) and k in LINE_ICONS else []
    if k is None or _public_line(str(k), p, names) is not None:
        line = text(log_text(entry, names))
    else:
        line = mark.fill(words.player_line(_log_words(str(k), p, names, mark), entry.get("seat"), names))
    return join(*[inline(i) for i in lead], " " if lead else None, line)


def log_text(entry: dict, names: list[str]) -> str:
    """One log line as a sentence about its player ("You play Horse" / "Anna plays Horse" in English,
    "<name>: <words>" in the other languages); lines about no seat stand alone."""
    k = entry.get("key")
    if k is None:  # an older record's English text
        return words.log_sentence(entry, names)
    p = entry.get("params")
    p = p if isinstance(p, dict) else {}
    line = _public_line(str(k), p, names)
    if line is not None:
        return line
    return words.player_line(_log_words(str(k), p, names), entry.get("seat"), names)


