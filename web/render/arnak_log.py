"""Arnak's log: engine entries ({"seat", "key", "params"}) as sentences in the interface language."""

from __future__ import annotations

import json

from i18n import _, tr, trn

from py_engine.games.arnak import data as D

from . import words
from .arnak_text import (
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
def _log_words(k: str, p: dict, names: list[str]) -> str:
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
                  effect=ops_text(ops))
    if k == "overcome":
        return tr("overcomes the guardian at {site}", site=site_name(p.get("site")))
    if k == "gain":
        res = p.get("res")
        return tr("gains {res}", res=_res_text(res if isinstance(res, list) and len(res) == 5 else [0] * 5))
    if k == "draw":
        return trn("draws {n} card", "draws {n} cards", p.get("n", 0))
    if k == "draw_aside":
        return trn("draws {n} card aside", "draws {n} cards aside", p.get("n", 0))
    if k == "research":
        return tr("moves the {token} to row {row}", token=word(TOKEN_NAMES, p.get("token")), row=p.get("row"))
    if k == "travel_pay":
        return tr("pays travel ({icons})", icons=icons_text(p.get("icons") or []))
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


